//! The SMTP submission session: connecting (SMTPS, or STARTTLS before anything else), AUTH,
//! and one transaction per mail over a small pool of open connections, with the delivery
//! status notification parameters of RFC 3461 when the server offers `DSN`.
//!
//! lettre's transport builds the `MAIL FROM` and `RCPT TO` commands itself, without
//! parameters; arbitre needs two of them on each mail:
//! - `ENVID`, the mail's envelope identifier ([`crate::referee::token::envelope_id`]): the
//!   servers on the way keep it and quote it in their reports (`Original-Envelope-Id`),
//!   and it never reaches the recipient's mailbox, so a report that quotes it was written by
//!   a mail server, not by the recipient;
//! - `NOTIFY=FAILURE,DELAY` and `RET=HDRS`: a report for failures and delays only, with the
//!   headers of the mail rather than the whole of it.
//!
//! So this file drives lettre's connection (its codec, TLS, AUTH and replies) with those
//! commands. A server that does not offer `DSN` (read from its `EHLO` reply, which lettre
//! keeps only for the extensions it knows) gets plain commands; its reports, if any, are
//! then unconfirmed and stop no clock (see [`crate::referee::undelivered`]).
//!
//! The TCP connection is arbitre's own, with Nagle's algorithm off (`TCP_NODELAY`), handed to
//! lettre: a mail larger than one segment (every mail with a board picture) otherwise ends
//! with a small segment held back until the server acknowledges the one before, and servers
//! delay that acknowledgement, 40 ms on Linux. That was 41 ms on every mail, and most of the
//! pace of a burst (docs/benchmarks.md). lettre's own connect sets no socket option. For
//! SMTPS the TLS handshake is arbitre's too (tokio-rustls, as for IMAP), since lettre reads
//! the greeting as soon as it has the stream. Every exchange (the greeting, STARTTLS, EHLO,
//! AUTH, each mail's transaction, the check of a kept connection) is bounded by the
//! configured timeout, which lettre's connection does not do on its own.

use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;
use tokio_rustls::rustls::ClientConfig;
use tokio_rustls::rustls::pki_types::ServerName;

use lettre::address::Envelope;
use lettre::transport::smtp::Error;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{AsyncSmtpConnection, AsyncTokioStream, TlsParameters};
use lettre::transport::smtp::commands::{Data, Ehlo, Mail, Rcpt};
use lettre::transport::smtp::extension::{
    ClientId, Extension, MailBodyParameter, MailParameter, RcptParameter,
};

use crate::config::Security;

/// How long an open connection is kept unused before it is closed rather than reused
/// (servers close idle sessions after a few minutes; RFC 5321 asks for at least five).
const IDLE_FOR: Duration = Duration::from_secs(60);

/// Why a submission failed: before SMTP was spoken, or in the SMTP session.
#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    /// No TCP connection to any of the server's addresses within the timeout each.
    #[error("cannot reach {0}")]
    Connect(String, #[source] io::Error),
    /// The SMTPS handshake failed (a certificate not trusted, for one).
    #[error("TLS handshake with {0} failed")]
    Handshake(String, #[source] io::Error),
    /// The server stopped answering in the middle of an exchange (the greeting, STARTTLS,
    /// AUTH, a mail's transaction) for longer than the timeout.
    #[error("{0}: no answer within {1:?}")]
    Silent(&'static str, Duration),
    /// What the server answered, or how the session broke.
    #[error(transparent)]
    Smtp(#[from] Error),
}

/// Where and how to submit.
pub struct Submission {
    host: String,
    port: u16,
    security: Security,
    /// lettre's TLS settings, for STARTTLS.
    tls: TlsParameters,
    /// The same trust, for SMTPS, whose handshake is arbitre's.
    rustls: Arc<ClientConfig>,
    timeout: Duration,
    credentials: Option<Credentials>,
    hello: ClientId,
    idle: Mutex<Vec<Session>>,
    /// How many open connections are kept for the next mails (`[smtp] connections`).
    keep: usize,
}

/// One open, logged-in connection.
struct Session {
    conn: AsyncSmtpConnection,
    /// Whether the server offers delivery status notifications (RFC 3461).
    dsn: bool,
    last_used: Instant,
}

impl Submission {
    /// The submission to `host:port` (nothing connects yet).
    pub fn new(
        host: String,
        port: u16,
        security: Security,
        tls: TlsParameters,
        rustls: Arc<ClientConfig>,
        timeout: Duration,
        credentials: Option<Credentials>,
    ) -> Submission {
        Submission {
            host,
            port,
            security,
            tls,
            rustls,
            timeout,
            credentials,
            hello: ClientId::default(),
            idle: Mutex::new(Vec::new()),
            keep: 4,
        }
    }

    /// The same submission keeping up to `keep` open connections for the next mails (4
    /// otherwise): as many as the mails sent at once.
    pub fn keeping(mut self, keep: usize) -> Submission {
        self.keep = keep.max(1);
        self
    }

    /// `step` bounded by the timeout (lettre's connection sets none on reads and writes).
    async fn within<T>(
        &self,
        what: &'static str,
        step: impl Future<Output = Result<T, Error>>,
    ) -> Result<T, SubmitError> {
        match tokio::time::timeout(self.timeout, step).await {
            Ok(r) => Ok(r?),
            Err(_) => Err(SubmitError::Silent(what, self.timeout)),
        }
    }

    /// A TCP connection to the first of the server's addresses that answers, each tried for
    /// the timeout, with Nagle's algorithm off (see the module's doc).
    async fn tcp(&self, addr: &str) -> Result<TcpStream, SubmitError> {
        let unreachable = |e: io::Error| SubmitError::Connect(addr.to_string(), e);
        let timed_out = || io::Error::new(io::ErrorKind::TimedOut, "no answer in time");
        let addresses = tokio::time::timeout(
            self.timeout,
            tokio::net::lookup_host((self.host.as_str(), self.port)),
        )
        .await
        .map_err(|_| unreachable(timed_out()))?
        .map_err(unreachable)?;
        let mut last = io::Error::new(io::ErrorKind::NotFound, "the name has no address");
        for address in addresses {
            match tokio::time::timeout(self.timeout, TcpStream::connect(address)).await {
                Ok(Ok(tcp)) => {
                    tcp.set_nodelay(true).map_err(unreachable)?;
                    return Ok(tcp);
                }
                Ok(Err(e)) => last = e,
                Err(_) => last = timed_out(),
            }
        }
        Err(unreachable(last))
    }

    async fn connect(&self) -> Result<Session, SubmitError> {
        let addr = format!("{}:{}", self.host, self.port);
        let tcp = self.tcp(&addr).await?;
        let mut conn = match self.security {
            Security::Starttls => {
                let mut conn = self
                    .within(
                        "the greeting",
                        AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &self.hello),
                    )
                    .await?;
                self.within("STARTTLS", conn.starttls(self.tls.clone(), &self.hello))
                    .await?;
                conn
            }
            Security::Tls => {
                let handshake = |e: io::Error| SubmitError::Handshake(addr.clone(), e);
                let name = ServerName::try_from(self.host.clone())
                    .map_err(|e| handshake(io::Error::new(io::ErrorKind::InvalidInput, e)))?;
                let tls = tokio::time::timeout(
                    self.timeout,
                    TlsConnector::from(self.rustls.clone()).connect(name, tcp),
                )
                .await
                .map_err(|_| SubmitError::Silent("the TLS handshake", self.timeout))?
                .map_err(handshake)?;
                self.within(
                    "the greeting",
                    AsyncSmtpConnection::connect_with_transport(Box::new(Smtps(tls)), &self.hello),
                )
                .await?
            }
        };
        // The extensions lettre does not keep: asked once more (EHLO may be repeated
        // before a transaction; it changes nothing else).
        let ehlo = self
            .within("EHLO", conn.command(Ehlo::new(self.hello.clone())))
            .await?;
        let dsn = ehlo.message().any(|line| {
            line.split_whitespace()
                .next()
                .is_some_and(|w| w.eq_ignore_ascii_case("DSN"))
        });
        if let Some(credentials) = &self.credentials {
            self.within(
                "AUTH",
                conn.auth(&[Mechanism::Plain, Mechanism::Login], credentials),
            )
            .await?;
        }
        Ok(Session {
            conn,
            dsn,
            last_used: Instant::now(),
        })
    }

    /// An open connection: a kept one that still answers, else a new one.
    async fn session(&self) -> Result<Session, SubmitError> {
        loop {
            let kept = self.idle.lock().map(|mut v| v.pop()).unwrap_or(None);
            let Some(mut s) = kept else {
                return self.connect().await;
            };
            if s.last_used.elapsed() < IDLE_FOR
                && tokio::time::timeout(self.timeout, s.conn.test_connected())
                    .await
                    .unwrap_or(false)
            {
                return Ok(s);
            }
            self.close(s).await;
        }
    }

    /// Closes a connection (QUIT, when the server still answers in time).
    async fn close(&self, mut s: Session) {
        let _ = tokio::time::timeout(self.timeout, s.conn.abort()).await;
    }

    /// Submits `message` for `envelope`, with `envelope_id` as its `ENVID` when the server
    /// takes one. On any error the connection is closed, not kept.
    pub async fn send(
        &self,
        envelope: &Envelope,
        envelope_id: Option<&str>,
        message: &[u8],
    ) -> Result<(), SubmitError> {
        let mut s = self.session().await?;
        let sent = self
            .within(
                "the mail's transaction",
                transaction(&mut s, envelope, envelope_id, message),
            )
            .await;
        match sent {
            Ok(()) => {
                s.last_used = Instant::now();
                if let Ok(mut idle) = self.idle.lock()
                    && idle.len() < self.keep
                {
                    idle.push(s);
                    return Ok(());
                }
                let _ = tokio::time::timeout(self.timeout, s.conn.quit()).await;
                Ok(())
            }
            Err(e) => {
                self.close(s).await;
                Err(e)
            }
        }
    }

    /// Connects and logs in, to prove the settings.
    pub async fn check(&self) -> Result<(), SubmitError> {
        let mut s = self.connect().await?;
        self.within("QUIT", s.conn.quit()).await?;
        Ok(())
    }
}

/// One mail's `MAIL`, `RCPT`s and `DATA`.
async fn transaction(
    s: &mut Session,
    envelope: &Envelope,
    envelope_id: Option<&str>,
    message: &[u8],
) -> Result<(), Error> {
    let info = s.conn.server_info();
    let mut mail = Vec::new();
    // An address that is not ASCII needs SMTPUTF8; a server without it refuses the
    // parameter, and the mail fails with its answer.
    let non_ascii = envelope
        .from()
        .into_iter()
        .chain(envelope.to())
        .any(|a: &lettre::Address| !a.to_string().is_ascii());
    if non_ascii {
        mail.push(MailParameter::SmtpUtfEight);
    }
    if !message.is_ascii() && info.supports_feature(Extension::EightBitMime) {
        mail.push(MailParameter::Body(MailBodyParameter::EightBitMime));
    }
    let mut rcpt = Vec::new();
    if s.dsn {
        if let Some(id) = envelope_id {
            mail.push(other("ENVID", id));
        }
        mail.push(other("RET", "HDRS"));
        rcpt.push(RcptParameter::Other {
            keyword: "NOTIFY".into(),
            value: Some("FAILURE,DELAY".into()),
        });
    }
    s.conn
        .command(Mail::new(envelope.from().cloned(), mail))
        .await?;
    for to in envelope.to() {
        s.conn.command(Rcpt::new(to.clone(), rcpt.clone())).await?;
    }
    s.conn.command(Data).await?;
    s.conn.message(message).await?;
    Ok(())
}

/// An SMTPS stream, TLS from the first byte, as lettre takes a stream: its reads and writes
/// are the TLS stream's.
#[derive(Debug)]
struct Smtps(TlsStream<TcpStream>);

impl AsyncTokioStream for Smtps {
    fn peer_addr(&self) -> io::Result<std::net::SocketAddr> {
        self.0.get_ref().0.peer_addr()
    }
}

impl AsyncRead for Smtps {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for Smtps {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

fn other(keyword: &str, value: &str) -> MailParameter {
    MailParameter::Other {
        keyword: keyword.into(),
        value: Some(value.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A submission to `port` on this machine, with a short timeout.
    fn submission(port: u16, security: Security) -> Submission {
        Submission::new(
            "127.0.0.1".into(),
            port,
            security,
            TlsParameters::builder("127.0.0.1".into())
                .build_rustls()
                .unwrap(),
            crate::mail::tls::client_config(None).unwrap(),
            Duration::from_millis(300),
            None,
        )
    }

    /// A server that takes the connection and never says a word: the check gives up after
    /// the timeout, naming the step, in either security mode, rather than wait forever.
    #[tokio::test]
    async fn a_server_that_never_greets_is_given_up_after_the_timeout() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let held = tokio::spawn(async move {
            let mut kept = Vec::new();
            while let Ok((socket, _)) = listener.accept().await {
                kept.push(socket);
            }
        });
        for (security, step) in [
            (Security::Starttls, "the greeting"),
            (Security::Tls, "the TLS handshake"),
        ] {
            let started = Instant::now();
            let e = submission(port, security).check().await.unwrap_err();
            assert!(
                matches!(e, SubmitError::Silent(s, _) if s == step),
                "{security:?}: {e}"
            );
            assert!(started.elapsed() < Duration::from_secs(5), "{security:?}");
        }
        held.abort();
    }

    /// Nothing listens: the server is unreachable (the mail waits and the server is probed),
    /// not a refusal of the mail.
    #[tokio::test]
    async fn a_closed_port_is_unreachable() {
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let e = submission(port, Security::Starttls)
            .check()
            .await
            .unwrap_err();
        assert!(matches!(e, SubmitError::Connect(..)), "{e}");
        assert!(e.to_string().contains(&format!("127.0.0.1:{port}")), "{e}");
    }
}
