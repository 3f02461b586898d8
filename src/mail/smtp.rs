//! Sending arbitre's mail: building each message (stable Message-ID, threading headers with
//! angle brackets, Reply-To, RFC 3834 `Auto-Submitted`, Exchange's
//! `X-Auto-Response-Suppress`, UTF-8 plain text) and handing it to an SMTP server (submission
//! with STARTTLS or SMTPS, AUTH, optional custom CA) or to the local sendmail. With DKIM
//! keys configured, each mail is signed last, as it goes (see [`super::dkim`]).
//!
//! Each mail leaves under its own envelope sender (VERP, `bot+b-<mail>-<key>@domain`, see
//! [`crate::referee::token::bounce_address`]) when plus-addressing is on: the delivery
//! report of a mail that fails comes back to that address and names the mail. Over SMTP it
//! also carries its envelope identifier (`ENVID`, see [`super::submission`]), which the
//! servers on the way quote in their reports and the recipient never sees. The local
//! sendmail gets no `ENVID` (its flags differ from one MTA to the next): its reports are
//! recorded and shown to directors, but stop no clock.

use std::time::Duration;

use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, Message, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, CertificateStore, TlsParameters};
use lettre::{Address, AsyncSendmailTransport, AsyncTransport, Tokio1Executor};

use super::submission::SubmitError;
use crate::config::{Config, Transport};
pub use crate::delivery::{Failure, SendError, Sender};
use crate::referee::{AutoKind, Outgoing};

/// SMTP reply codes about the session, not about a mail: 421 (service not available) and the
/// AUTH failures of RFC 4954 (432, 454, 530, 534, 535, 538).
const SESSION_CODES: [u16; 7] = [421, 432, 454, 530, 534, 535, 538];

/// What a submission error says about the mail.
fn smtp_failure(e: &SubmitError) -> Failure {
    let SubmitError::Smtp(e) = e else {
        return Failure::Unreachable;
    };
    match e.status().map(u16::from) {
        None => Failure::Unreachable,
        Some(code) if SESSION_CODES.contains(&code) => Failure::Unreachable,
        Some(_) if e.is_permanent() => Failure::Refused,
        Some(_) => Failure::Deferred,
    }
}

/// RFC 3834 `Auto-Submitted`.
#[derive(Clone, Debug)]
struct AutoSubmitted(AutoKind);

impl Header for AutoSubmitted {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Auto-Submitted")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        match s.trim() {
            "auto-replied" => Ok(AutoSubmitted(AutoKind::Replied)),
            "auto-generated" => Ok(AutoSubmitted(AutoKind::Generated)),
            other => Err(format!("unsupported Auto-Submitted `{other}`").into()),
        }
    }
    fn display(&self) -> HeaderValue {
        let v = match self.0 {
            AutoKind::Replied => "auto-replied",
            AutoKind::Generated => "auto-generated",
        };
        HeaderValue::new(Self::name(), v.to_string())
    }
}

/// Microsoft's `X-Auto-Response-Suppress: OOF, AutoReply`: keeps Exchange out-of-office
/// answers away.
#[derive(Clone, Debug)]
struct SuppressAutoResponses;

impl Header for SuppressAutoResponses {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("X-Auto-Response-Suppress")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(SuppressAutoResponses)
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "OOF, AutoReply".to_string())
    }
}

fn bracket(id: &str) -> String {
    format!(
        "<{}>",
        id.trim().trim_start_matches('<').trim_end_matches('>')
    )
}

/// Builds the message for `mail`, sent as `from`.
pub fn build_message(from: &Mailbox, mail: &Outgoing) -> Result<Message, SendError> {
    let bad = |what: &str, e: &dyn std::fmt::Display| SendError {
        failure: Failure::Refused,
        message: format!("{what}: {e}"),
    };
    let to: Mailbox = mail
        .to
        .parse()
        .map_err(|e| bad(&format!("bad recipient `{}`", mail.to), &e))?;
    let mut b = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.clone())
        .message_id(Some(bracket(&mail.message_id)))
        .header(AutoSubmitted(mail.auto))
        .header(SuppressAutoResponses);
    let text_type = ContentType::parse("text/plain; charset=utf-8; format=flowed")
        .map_err(|e| bad("content type", &e))?;
    if let Some(r) = &mail.reply_to {
        let r: Mailbox = r
            .parse()
            .map_err(|e| bad(&format!("bad Reply-To `{r}`"), &e))?;
        b = b.reply_to(r);
    }
    if let Some(irt) = &mail.in_reply_to {
        b = b.in_reply_to(bracket(irt));
    }
    if !mail.references.is_empty() {
        let refs: Vec<String> = mail.references.iter().map(|r| bracket(r)).collect();
        b = b.references(refs.join(" "));
    }
    // Prose reflows on phones; boards and lists keep their lines (see `flowed`).
    let text = super::flowed::encode(&mail.body);
    match mail.picture.as_ref().and_then(|p| with_picture(mail, p)) {
        Some(parts) => b.multipart(parts(text, text_type)),
        None => b.header(text_type).body(text),
    }
    .map_err(|e| bad("cannot build the mail", &e))
}

/// The parts of a mail with a board picture: the text and an HTML copy that shows the
/// picture in place of the text board, with the PNG inline (RFC 2392 `cid:`):
/// `multipart/related` > (`multipart/alternative` > text/plain + text/html) + image/png.
/// `None` when the picture cannot be drawn: the mail then goes as text alone (logged).
#[allow(clippy::type_complexity)]
fn with_picture(
    mail: &Outgoing,
    picture: &crate::referee::Picture,
) -> Option<impl FnOnce(String, ContentType) -> MultiPart> {
    let png = match super::pictures::png(&picture.svg) {
        Ok(png) => png,
        Err(e) => {
            tracing::warn!(message_id = %mail.message_id, "board picture left out: {e}");
            return None;
        }
    };
    let size = crate::render::png::size(&png)?;
    // Stable: the same mail sent again has the same parts.
    let cid = format!("board.{}", mail.message_id.trim_matches(['<', '>']));
    let alt = crate::render::svg::label(&picture.svg).unwrap_or_default();
    let html = super::html::with_picture(&mail.body, &picture.board, &cid, size, &alt);
    let png_type = ContentType::parse("image/png").ok()?;
    Some(move |text: String, text_type: ContentType| {
        MultiPart::related()
            .multipart(
                MultiPart::alternative()
                    .singlepart(SinglePart::builder().header(text_type).body(text))
                    .singlepart(SinglePart::html(html)),
            )
            .singlepart(
                Attachment::new_inline_with_name(cid, "board.png".to_string())
                    .body(png.to_vec(), png_type),
            )
    })
}

enum Transporter {
    Smtp(super::submission::Submission),
    Sendmail(AsyncSendmailTransport<Tokio1Executor>),
}

/// The configured way of sending mail.
pub struct Mailer {
    from: Mailbox,
    transport: Transporter,
    /// The keys of the envelope senders (VERP), when plus-addressing is on.
    bounces: Option<crate::keys::KeySet>,
    /// The DKIM keys, read once when the mailer is built; `None`: mail goes unsigned.
    dkim: Option<super::dkim::Signer>,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer")
            .field("from", &self.from.to_string())
            .finish()
    }
}

impl Mailer {
    /// Sets up the transport from the configuration (reads the password; does not connect).
    pub fn from_config(config: &Config) -> Result<Mailer, String> {
        let from = Mailbox::new(
            Some(config.bot.display_name.clone()),
            config
                .bot
                .address
                .parse()
                .map_err(|e| format!("bot.address: {e}"))?,
        );
        let transport = match config.smtp.transport {
            Transport::Sendmail => {
                Transporter::Sendmail(AsyncSendmailTransport::<Tokio1Executor>::new_with_command(
                    config.smtp.sendmail_command.as_os_str(),
                ))
            }
            Transport::Smtp => {
                let host = config.smtp.host.clone().unwrap_or_default();
                let mut params = TlsParameters::builder(host.clone());
                if let Some(ca) = &config.smtp.ca_file {
                    params = params.certificate_store(CertificateStore::None);
                    let pem = std::fs::read(ca)
                        .map_err(|e| format!("smtp.ca-file {}: {e}", ca.display()))?;
                    // Refuses a file without any certificate, with a clear message.
                    super::tls::read_certificates(ca)?;
                    // lettre reads the first certificate of a PEM blob; split the file so
                    // every CA in it is trusted.
                    for block in split_pem(&pem) {
                        let cert = Certificate::from_pem(block.as_bytes())
                            .map_err(|e| format!("smtp.ca-file {}: {e}", ca.display()))?;
                        params = params.add_root_certificate(cert);
                    }
                }
                let params = params
                    .build_rustls()
                    .map_err(|e| format!("SMTP TLS setup failed: {e}"))?;
                let credentials = match (&config.smtp.user, &config.smtp.password) {
                    (Some(user), Some(password)) => {
                        let password = password
                            .reveal()
                            .map_err(|e| format!("smtp.password cannot be read: {e}"))?;
                        Some(Credentials::new(user.clone(), password))
                    }
                    _ => None,
                };
                Transporter::Smtp(
                    super::submission::Submission::new(
                        host,
                        config.smtp_port(),
                        config.smtp.security,
                        params,
                        super::tls::client_config(config.smtp.ca_file.as_deref())?,
                        Duration::from_secs(config.smtp.timeout_seconds),
                        credentials,
                    )
                    .keeping(config.smtp.connections),
                )
            }
        };
        let bounces = match config.bot.plus_addressing {
            true => Some(config.bot.keyring()?.current().clone()),
            false => None,
        };
        let dkim = super::dkim::Signer::from_config(&config.smtp.dkim)?;
        Ok(Mailer {
            from,
            transport,
            bounces,
            dkim,
        })
    }

    /// The envelope sender of outbox row `id`: its own VERP address, or the bot's address
    /// when plus-addressing is off.
    pub fn envelope_sender(&self, id: i64) -> String {
        let bot = self.from.email.to_string();
        self.bounces
            .as_ref()
            .and_then(|keys| crate::referee::token::bounce_address(&bot, keys, id))
            .unwrap_or(bot)
    }

    /// The envelope identifier (`ENVID`) of outbox row `id`, when plus-addressing is on
    /// (without it, reports cannot name the mail anyway).
    pub fn envelope_id(&self, id: i64) -> Option<String> {
        self.bounces
            .as_ref()
            .map(|keys| crate::referee::token::envelope_id(keys, id))
    }

    /// The DNS records of the DKIM keys (none without keys).
    pub fn dkim_records(&self) -> Vec<super::dkim::Record> {
        self.dkim.as_ref().map_or_else(Vec::new, |d| d.records())
    }

    /// The message's bytes as they go: signed when keys are configured (the message is
    /// complete: nothing changes it after the signature).
    fn signed_bytes(&self, message: &Message) -> Result<Vec<u8>, SendError> {
        let raw = message.formatted();
        match &self.dkim {
            Some(signer) => signer.sign(&raw).map_err(|message| SendError {
                failure: Failure::Deferred,
                message,
            }),
            None => Ok(raw),
        }
    }

    /// Connects (and logs in) to prove the settings; a no-op for sendmail.
    pub async fn check(&self) -> Result<(), String> {
        match &self.transport {
            Transporter::Smtp(t) => t.check().await.map_err(|e| describe(&e)),
            Transporter::Sendmail(_) => Ok(()),
        }
    }
}

fn split_pem(pem: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pem);
    let mut blocks = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.starts_with("-----BEGIN CERTIFICATE") {
            current.clear();
        }
        current.push_str(line);
        current.push('\n');
        if line.starts_with("-----END CERTIFICATE") {
            blocks.push(std::mem::take(&mut current));
        }
    }
    blocks
}

fn describe(e: &SubmitError) -> String {
    use std::error::Error;
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        source = inner.source();
    }
    s
}

impl Sender for Mailer {
    async fn send(&self, id: i64, mail: &Outgoing) -> Result<(), SendError> {
        let message = if mail.picture.is_some() {
            // Rasterising the board takes milliseconds: on a thread of the blocking pool,
            // not on the runtime's threads, which read mail and decide.
            let (from, mail) = (self.from.clone(), mail.clone());
            tokio::task::spawn_blocking(move || build_message(&from, &mail))
                .await
                .map_err(|e| SendError {
                    failure: Failure::Deferred,
                    message: format!("the mail could not be built: {e}"),
                })??
        } else {
            build_message(&self.from, mail)?
        };
        let refused = |message: String| SendError {
            failure: Failure::Refused,
            message,
        };
        let sender: Address = self
            .envelope_sender(id)
            .parse()
            .map_err(|e| refused(format!("envelope sender: {e}")))?;
        let envelope =
            lettre::address::Envelope::new(Some(sender), message.envelope().to().to_vec())
                .map_err(|e| refused(format!("envelope: {e}")))?;
        let raw = self.signed_bytes(&message)?;
        match &self.transport {
            Transporter::Smtp(t) => t
                .send(&envelope, self.envelope_id(id).as_deref(), &raw)
                .await
                .map_err(|e| SendError {
                    failure: smtp_failure(&e),
                    message: describe(&e),
                }),
            Transporter::Sendmail(t) => {
                t.send_raw(&envelope, &raw)
                    .await
                    .map(|_| ())
                    .map_err(|e| SendError {
                        failure: Failure::Deferred,
                        message: e.to_string(),
                    })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outgoing() -> Outgoing {
        Outgoing {
            to: "bob@example.com".into(),
            subject: "[arbitre #4] Abalone: à vous".into(),
            body: "a1b2\nLes Noirs ont joué a1b2 — bien joué.\n".into(),
            message_id: "g4.m5.b@arbitre.example.org".into(),
            in_reply_to: Some("CAF3x1Yq@mail.gmail.com".into()),
            references: vec![
                "g4.m3.b@arbitre.example.org".into(),
                "CAF3x1Yq@mail.gmail.com".into(),
            ],
            reply_to: Some("arbitre+g4.b.5f2a@example.org".into()),
            game: Some(4),
            auto: AutoKind::Generated,
            turn: None,
            channel: Default::default(),
            not_before: None,
            sms: None,
            picture: None,
        }
    }

    #[test]
    fn a_mail_carries_threading_and_auto_headers_and_reads_back() {
        let from: Mailbox = "arbitre <arbitre@example.org>".parse().unwrap();
        let raw = build_message(&from, &outgoing()).unwrap().formatted();
        let text = String::from_utf8_lossy(&raw);
        assert!(
            text.contains("Message-ID: <g4.m5.b@arbitre.example.org>"),
            "{text}"
        );
        assert!(
            text.contains("In-Reply-To: <CAF3x1Yq@mail.gmail.com>"),
            "{text}"
        );
        assert!(
            text.contains("References: <g4.m3.b@arbitre.example.org> <CAF3x1Yq@mail.gmail.com>"),
            "{text}"
        );
        assert!(text.contains("Auto-Submitted: auto-generated"), "{text}");
        assert!(
            text.contains("X-Auto-Response-Suppress: OOF, AutoReply"),
            "{text}"
        );
        assert!(
            text.contains("Reply-To: arbitre+g4.b.5f2a@example.org"),
            "{text}"
        );
        assert!(text.contains("charset=utf-8"), "{text}");

        // Our own parser reads it back as an automatic mail from ourselves, with its text intact.
        let back = crate::mail::parse::parse(&raw, "arbitre@example.org", 0);
        assert_eq!(back.message_id, "g4.m5.b@arbitre.example.org");
        assert_eq!(back.subject, "[arbitre #4] Abalone: à vous");
        assert_eq!(back.text, "a1b2\nLes Noirs ont joué a1b2 - bien joué.");
        assert!(back.automatic);
    }

    #[test]
    fn prose_is_sent_flowed_within_78_columns_and_boards_keep_their_lines() {
        let from: Mailbox = "arbitre@example.org".parse().unwrap();
        let mut m = outgoing();
        let prose = "Votre coup n'a pas été accepté : « a1a1 » n'est pas un coup : les deux cases \
                     sont A1 : un coup va de la bille arrière vers une case voisine.";
        let board = "        I   O   O   O   O   O\n      H   O   O   O   O   O   O";
        m.body = format!("ERR\n\n{prose}\n\n{board}\n");
        assert!(prose.chars().count() > 110);
        let raw = build_message(&from, &m).unwrap().formatted();
        let text = String::from_utf8_lossy(&raw).to_string();
        assert!(text.contains("format=flowed"), "{text}");
        let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
        let part = parsed.part(parsed.text_body[0]).unwrap();
        let sent = String::from_utf8(part.contents().to_vec()).unwrap();
        for line in sent.lines() {
            assert!(line.chars().count() <= 78, "{line:?} in\n{sent}");
        }
        assert!(sent.lines().count() > m.body.lines().count(), "{sent}");
        assert_eq!(
            crate::mail::flowed::decode(sent.trim_end()),
            m.body.trim_end()
        );
    }

    /// A mail with a board picture: `multipart/related` > (`multipart/alternative` >
    /// text/plain + text/html) + image/png, read back with mail-parser; the text part is the
    /// whole text, the HTML shows the picture by its Content-ID where the text board was,
    /// and the picture is an inline PNG under 40 KB.
    #[test]
    fn a_mail_with_a_picture_is_related_alternative_and_inline_png() {
        use mail_parser::{MessageParser, MimeHeaders};
        let mut game = crate::games::AnyGame::new(
            crate::games::GameKind::Ataxx,
            &crate::games::Start::Default,
            None,
            "",
        )
        .unwrap();
        game.play("f2").unwrap();
        let lang = crate::text::Lang::EN;
        let board = game.board(lang).trim_end().to_string();
        let mut m = outgoing();
        m.body = format!(
            "f2\n\nx played f2.\n\n{board}\n\nPosition: {}\n",
            game.position_string()
        );
        m.picture = Some(crate::referee::Picture {
            svg: game.picture(lang).unwrap(),
            board: board.clone(),
        });
        let from: Mailbox = "arbitre@example.org".parse().unwrap();
        let raw = build_message(&from, &m).unwrap().formatted();
        // Built twice, the same bytes but for the boundaries and the date: retries send the
        // same picture.
        let again = build_message(&from, &m).unwrap().formatted();
        assert_eq!(raw.len(), again.len());

        let parsed = MessageParser::default().parse(&raw).unwrap();
        let root = parsed.part(0).unwrap();
        let ctype = |p: &mail_parser::MessagePart| {
            let t = p.content_type().unwrap();
            format!("{}/{}", t.ctype(), t.subtype().unwrap_or(""))
        };
        assert_eq!(ctype(root), "multipart/related");
        let top = root.sub_parts().unwrap();
        assert_eq!(top.len(), 2);
        let alternative = parsed.part(top[0]).unwrap();
        assert_eq!(ctype(alternative), "multipart/alternative");
        let inner = alternative.sub_parts().unwrap();
        assert_eq!(inner.len(), 2);
        let text = parsed.part(inner[0]).unwrap();
        let html = parsed.part(inner[1]).unwrap();
        assert_eq!(ctype(text), "text/plain");
        assert_eq!(ctype(html), "text/html");
        let text = crate::mail::flowed::decode(std::str::from_utf8(text.contents()).unwrap());
        assert!(text.starts_with("f2\n"), "the protocol line first: {text}");
        assert!(
            text.contains(&board),
            "the text keeps the text board: {text}"
        );
        let html = std::str::from_utf8(html.contents()).unwrap();
        let image = parsed.part(top[1]).unwrap();
        assert_eq!(ctype(image), "image/png");
        let cid = image.content_id().unwrap();
        assert_eq!(cid, "board.g4.m5.b@arbitre.example.org");
        assert!(html.contains(&format!("src=\"cid:{cid}\"")), "{html}");
        assert!(
            !html.contains("[x]"),
            "the HTML shows the picture, not the text board"
        );
        assert!(html.contains("x played f2."));
        let disposition = image.content_disposition().unwrap();
        assert_eq!(disposition.ctype(), "inline");
        let png = image.contents();
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        assert!(png.len() < 40 * 1024, "{} bytes", png.len());
        crate::render::Raster::decode(png).unwrap();
        // mail-parser finds the text and the HTML bodies, and the picture as inline.
        assert_eq!(parsed.text_body_count(), 1);
        assert_eq!(parsed.html_body_count(), 1);
        // arbitre's own reader, for a reply quoting it, still sees the text.
        let back = crate::mail::parse::parse(&raw, "arbitre@example.org", 0);
        assert!(back.text.starts_with("f2"), "{}", back.text);
    }

    #[test]
    fn a_bad_recipient_is_a_permanent_error() {
        let from: Mailbox = "arbitre@example.org".parse().unwrap();
        let mut m = outgoing();
        m.to = "not an address".into();
        assert!(build_message(&from, &m).unwrap_err().permanent());
    }

    #[test]
    fn every_certificate_of_a_pem_bundle_is_found() {
        let pem = "junk\n-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n-----BEGIN CERTIFICATE-----\nBB==\n-----END CERTIFICATE-----\n";
        let blocks = split_pem(pem.as_bytes());
        assert_eq!(blocks.len(), 2);
        assert!(blocks[1].contains("BB=="));
    }
}
