//! Reading the mailbox over IMAP (async-imap on tokio-rustls): IMAPS or STARTTLS, login with
//! the configured password, IDLE renewed before the 29-minute limit with a slower full scan as
//! a safety net, new messages found by UID (filtering the `UID n:*` quirk), UIDVALIDITY
//! tracked, and processed messages flagged, moved or deleted after the daemon has committed
//! them.
//!
//! Memory is bounded whatever is in the mailbox: a message larger than the limit is read as
//! the first [`HEADER_PREFIX`] bytes of its header only (its real size comes from
//! `RFC822.SIZE`), and one batch holds at most [`BATCH`] messages and, beyond its first,
//! [`BATCH_BYTES`] bytes.
//!
//! No arrival is missed between two IDLEs: a server announces new mail during whatever
//! command is running (`* n EXISTS` during a FETCH or STORE), and does not repeat it in the
//! next IDLE. So before each IDLE the announcements async-imap set aside are read, and the
//! mailbox is searched for UIDs above the last one handed out.
//!
//! [`ImapInbox`] keeps at most one connection. Any error drops it; the next call reconnects
//! (the daemon waits with backoff between failed calls). Nothing is lost by dropping a
//! connection: unflagged messages are found again by the next full scan.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use async_imap::extensions::idle::IdleResponse;
use async_imap::types::UnsolicitedResponse;
use futures::TryStreamExt;
use tokio::net::TcpStream;
use tokio::sync::Notify;
use tokio_rustls::TlsConnector;
use tokio_rustls::client::TlsStream;
use tokio_rustls::rustls::ClientConfig;
use tokio_rustls::rustls::pki_types::ServerName;

use crate::config::{AfterProcessing, Config, Security};
use crate::store::MessageKey;

use super::{Fetched, Inbox, InboxError};

/// The TLS stream under an IMAP session.
pub type ImapStream = TlsStream<TcpStream>;
/// A logged-in IMAP session.
pub type ImapSession = async_imap::Session<ImapStream>;

/// How many messages one fetch returns at most.
pub const BATCH: usize = 50;

/// How many bytes one batch holds at most, beyond its first message (which may be up to
/// `max_message_bytes`): the rest of the messages wait for the next batch.
pub const BATCH_BYTES: usize = 4 << 20;

/// How much of the header of a message larger than the limit is read: enough for the From,
/// Message-ID and Subject of any real mail, and the answer saying it is too large.
pub const HEADER_PREFIX: usize = 64 << 10;

/// How many times in a row a message found by a search but not returned by a fetch is
/// looked for again at once (then only by the periodic full scan).
const MISS_RETRIES: u32 = 3;

/// Everything needed to reach and use the mailbox.
#[derive(Clone)]
pub struct ImapSettings {
    /// Server host (also the TLS name).
    pub host: String,
    /// Server port.
    pub port: u16,
    /// IMAPS or STARTTLS.
    pub security: Security,
    /// The TLS client configuration (trusted roots).
    pub tls: Arc<ClientConfig>,
    /// Login.
    pub user: String,
    /// Password.
    pub password: String,
    /// The mailbox watched.
    pub mailbox: String,
    /// What to do with processed messages.
    pub after: AfterProcessing,
    /// Where `move` puts them.
    pub processed_folder: String,
    /// The keyword `flag` sets.
    pub keyword: String,
    /// How long one IDLE lasts before it is renewed.
    pub idle_renew: Duration,
    /// How often a full scan runs even without news.
    pub poll: Duration,
    /// Messages larger than this are fetched headers only.
    pub max_message_bytes: usize,
    /// Give up on a connection attempt or command after this long.
    pub timeout: Duration,
}

impl std::fmt::Debug for ImapSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImapSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("user", &self.user)
            .field("mailbox", &self.mailbox)
            .finish_non_exhaustive()
    }
}

impl ImapSettings {
    /// Reads the settings from the configuration (runs the password command).
    pub fn from_config(config: &Config) -> Result<ImapSettings, String> {
        let i = &config.imap;
        Ok(ImapSettings {
            host: i.host.clone(),
            port: config.imap_port(),
            security: i.security,
            tls: super::tls::client_config(i.ca_file.as_deref())?,
            user: i.user.clone(),
            password: i
                .password
                .reveal()
                .map_err(|e| format!("imap.password cannot be read: {e}"))?,
            mailbox: i.mailbox.clone(),
            after: i.after_processing,
            processed_folder: i.processed_folder.clone(),
            keyword: i.keyword.clone(),
            idle_renew: Duration::from_secs(i.idle_renew_minutes * 60),
            poll: Duration::from_secs(i.poll_seconds),
            max_message_bytes: config.bot.max_message_bytes,
            timeout: Duration::from_secs(60),
        })
    }
}

fn err(context: &str, e: impl std::fmt::Display) -> InboxError {
    InboxError(format!("{context}: {e}"))
}

async fn timed<T, E: std::fmt::Display>(
    limit: Duration,
    context: &str,
    f: impl Future<Output = Result<T, E>>,
) -> Result<T, InboxError> {
    match tokio::time::timeout(limit, f).await {
        Ok(r) => r.map_err(|e| err(context, e)),
        Err(_) => Err(InboxError(format!("{context}: no answer in {limit:?}"))),
    }
}

/// Opens a TLS connection (directly or with STARTTLS) and logs in.
pub async fn connect(s: &ImapSettings) -> Result<ImapSession, InboxError> {
    let addr = format!("{}:{}", s.host, s.port);
    let tcp = timed(
        s.timeout,
        &format!("cannot connect to {addr}"),
        TcpStream::connect(&addr),
    )
    .await?;
    tcp.set_nodelay(true).ok();
    let name = ServerName::try_from(s.host.clone()).map_err(|e| err("bad IMAP host name", e))?;
    let connector = TlsConnector::from(s.tls.clone());
    let tls = match s.security {
        Security::Tls => {
            let tls = timed(
                s.timeout,
                "TLS handshake failed",
                connector.connect(name, tcp),
            )
            .await?;
            let mut client = async_imap::Client::new(tls);
            greeting(&mut client, s.timeout).await?;
            client
        }
        Security::Starttls => {
            let mut plain = async_imap::Client::new(tcp);
            greeting(&mut plain, s.timeout).await?;
            timed(
                s.timeout,
                "STARTTLS refused",
                plain.run_command_and_check_ok("STARTTLS", None),
            )
            .await?;
            let tcp = plain.into_inner();
            let tls = timed(
                s.timeout,
                "TLS handshake failed",
                connector.connect(name, tcp),
            )
            .await?;
            async_imap::Client::new(tls)
        }
    };
    match tokio::time::timeout(s.timeout, tls.login(&s.user, &s.password)).await {
        Ok(Ok(session)) => Ok(session),
        Ok(Err((e, _))) => Err(err(&format!("IMAP login as {} refused", s.user), e)),
        Err(_) => Err(InboxError("IMAP login: no answer".into())),
    }
}

async fn greeting<T>(client: &mut async_imap::Client<T>, limit: Duration) -> Result<(), InboxError>
where
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + std::fmt::Debug + Send,
{
    match timed(limit, "no IMAP greeting", client.read_response()).await? {
        Some(_) => Ok(()),
        None => Err(InboxError(
            "the IMAP server closed the connection at once".into(),
        )),
    }
}

/// Connects, logs in, opens the mailbox and logs out: proves the settings work.
pub async fn check(s: &ImapSettings) -> Result<String, InboxError> {
    let mut session = connect(s).await?;
    let mailbox = timed(
        s.timeout,
        &format!("cannot open mailbox `{}`", s.mailbox),
        session.select(&s.mailbox),
    )
    .await?;
    let caps = timed(s.timeout, "CAPABILITY failed", session.capabilities()).await?;
    let idle = if caps.has_str("IDLE") {
        "IDLE"
    } else {
        "no IDLE (polling)"
    };
    session.logout().await.ok();
    Ok(format!(
        "{} messages in `{}`, UIDVALIDITY {}, {idle}",
        mailbox.exists,
        s.mailbox,
        mailbox.uid_validity.unwrap_or(0)
    ))
}

/// The live mailbox.
pub struct ImapInbox {
    settings: ImapSettings,
    session: Option<ImapSession>,
    has_idle: bool,
    has_move: bool,
    has_uidplus: bool,
    uidvalidity: Option<u32>,
    /// The highest UID handed out on the current connection.
    last_uid: u32,
    /// UIDs found but not handed out yet.
    pending: BTreeSet<u32>,
    /// When the last full scan ran.
    last_scan: Option<Instant>,
    /// Called with the UIDVALIDITY at each connection (the daemon records it).
    uidvalidity_seen: Option<u32>,
    /// Ends a wait for news at once (see [`Inbox::wake_handle`]).
    wake: Arc<Notify>,
    /// When the last search began (see [`Inbox::searched_at`]).
    searched_at: Option<i64>,
    /// UIDs a fetch did not return, with how many times in a row.
    missed: BTreeMap<u32, u32>,
}

impl std::fmt::Debug for ImapInbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImapInbox")
            .field("settings", &self.settings)
            .field("connected", &self.session.is_some())
            .field("last_uid", &self.last_uid)
            .finish_non_exhaustive()
    }
}

impl ImapInbox {
    /// A mailbox reader; connects on first use.
    pub fn new(settings: ImapSettings) -> ImapInbox {
        ImapInbox {
            settings,
            session: None,
            has_idle: false,
            has_move: false,
            has_uidplus: false,
            wake: Arc::new(Notify::new()),
            searched_at: None,
            missed: BTreeMap::new(),
            uidvalidity: None,
            last_uid: 0,
            pending: BTreeSet::new(),
            last_scan: None,
            uidvalidity_seen: None,
        }
    }

    async fn ensure_connected(&mut self) -> Result<(), InboxError> {
        if self.session.is_some() {
            return Ok(());
        }
        let s = &self.settings;
        let mut session = connect(s).await?;
        let caps = timed(s.timeout, "CAPABILITY failed", session.capabilities()).await?;
        self.has_idle = caps.has_str("IDLE");
        self.has_move = caps.has_str("MOVE");
        self.has_uidplus = caps.has_str("UIDPLUS");
        if s.after == AfterProcessing::Move {
            // Fails harmlessly when the folder exists.
            let _ = session.create(&s.processed_folder).await;
        }
        let mailbox = timed(
            s.timeout,
            &format!("cannot open mailbox `{}`", s.mailbox),
            session.select(&s.mailbox),
        )
        .await?;
        let validity = mailbox.uid_validity.unwrap_or(0);
        if self.uidvalidity.is_some_and(|v| v != validity) {
            tracing::warn!(old = ?self.uidvalidity, new = validity, "UIDVALIDITY changed: rescanning the mailbox (Message-IDs prevent double processing)");
        }
        self.uidvalidity = Some(validity);
        self.uidvalidity_seen = Some(validity);
        self.last_uid = 0;
        self.pending.clear();
        self.last_scan = None;
        self.session = Some(session);
        tracing::info!(host = %s.host, mailbox = %s.mailbox, uidvalidity = validity, idle = self.has_idle, "IMAP connected");
        Ok(())
    }

    fn unprocessed_criteria(&self) -> String {
        match self.settings.after {
            AfterProcessing::Flag => format!("UNDELETED UNKEYWORD {}", self.settings.keyword),
            _ => "UNDELETED".to_string(),
        }
    }

    /// Every unprocessed message in the mailbox.
    async fn full_scan(&mut self) -> Result<(), InboxError> {
        self.searched_at = Some(crate::base::now());
        let criteria = self.unprocessed_criteria();
        let session = self.session.as_mut().expect("connected");
        let uids = timed(
            self.settings.timeout,
            "UID SEARCH failed",
            session.uid_search(&criteria),
        )
        .await?;
        self.pending.extend(uids);
        self.last_scan = Some(Instant::now());
        Ok(())
    }

    /// Messages that arrived after the last UID handed out.
    async fn incremental_scan(&mut self) -> Result<(), InboxError> {
        self.searched_at = Some(crate::base::now());
        let query = format!(
            "UID {}:* {}",
            self.last_uid + 1,
            self.unprocessed_criteria()
        );
        let session = self.session.as_mut().expect("connected");
        let uids = timed(
            self.settings.timeout,
            "UID SEARCH failed",
            session.uid_search(&query),
        )
        .await?;
        // `UID n:*` also matches the highest UID when it is below n (RFC 3501 6.4.8).
        let last = self.last_uid;
        self.pending.extend(uids.into_iter().filter(|u| *u > last));
        Ok(())
    }

    /// Empties async-imap's channel of untagged responses received during other commands;
    /// returns whether they announced new mail (or the full channel may have lost some).
    fn drain_announcements(&mut self) -> bool {
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        let channel = &session.unsolicited_responses;
        let mut news = channel.is_full();
        while let Ok(response) = channel.try_recv() {
            news |= matches!(
                response,
                UnsolicitedResponse::Exists(_) | UnsolicitedResponse::Recent(_)
            );
        }
        if news {
            tracing::debug!("new mail announced during another command");
        }
        news
    }

    /// Waits for news: IDLE until the server says something, the renewal time or the next
    /// full scan, whichever comes first; a NOOP poll when the server lacks IDLE. Mail
    /// announced since the last scan is looked for first.
    async fn wait_for_news(&mut self) -> Result<(), InboxError> {
        let since_scan = self.last_scan.map_or(Duration::ZERO, |t| t.elapsed());
        let until_scan = self.settings.poll.saturating_sub(since_scan);
        if until_scan.is_zero() {
            return self.full_scan().await;
        }
        // Mail that arrived while other commands ran was announced then, not in the IDLE to
        // come: look for it first. The search also finds what async-imap's channel dropped
        // (it keeps 100 responses), and what it announces during the search is seen below.
        self.drain_announcements();
        self.incremental_scan().await?;
        if !self.pending.is_empty() || self.drain_announcements() {
            return Ok(());
        }
        let session = self.session.take().expect("connected");
        if self.has_idle {
            let mut idle = session.idle();
            timed(self.settings.timeout, "IDLE refused", idle.init()).await?;
            let wait = until_scan.min(self.settings.idle_renew);
            // NOTE: async-imap restarts its timeout at every server response, and Dovecot
            // sends `* OK Still here` every 2 minutes, so it alone would never end the IDLE.
            // The outer timeout does; dropping the stop source ends the wait at once.
            // A wake-up (the clock wants the mailbox read now) ends it as well.
            let wake = self.wake.clone();
            let response = {
                let (response, stop) = idle.wait_with_timeout(wait);
                tokio::pin!(response);
                tokio::select! {
                    r = tokio::time::timeout(wait, &mut response) => match r {
                        Ok(r) => r,
                        Err(_) => {
                            drop(stop);
                            response.await
                        }
                    },
                    () = wake.notified() => {
                        tracing::debug!("IDLE ended early: a fresh read was asked for");
                        drop(stop);
                        response.await
                    }
                }
            }
            .map_err(|e| err("IDLE failed", e))?;
            let session = timed(self.settings.timeout, "IDLE DONE failed", idle.done()).await?;
            self.session = Some(session);
            if let IdleResponse::NewData(_) = response {
                tracing::debug!("IDLE: news from the server");
            }
        } else {
            let wake = self.wake.clone();
            tokio::select! {
                () = tokio::time::sleep(until_scan.min(Duration::from_secs(60))) => {}
                () = wake.notified() => {}
            }
            let mut session = session;
            timed(self.settings.timeout, "NOOP failed", session.noop()).await?;
            self.session = Some(session);
        }
        if self
            .last_scan
            .is_some_and(|t| t.elapsed() >= self.settings.poll)
        {
            self.full_scan().await
        } else {
            self.incremental_scan().await
        }
    }

    async fn fetch_pending(&mut self) -> Result<Vec<Fetched>, InboxError> {
        let uids: Vec<u32> = self.pending.iter().copied().take(BATCH).collect();
        let set = uid_set(&uids);
        let timeout = self.settings.timeout;
        let max = self.settings.max_message_bytes;
        let mailbox = self.settings.mailbox.clone();
        let validity = self.uidvalidity.unwrap_or(0);
        let session = self.session.as_mut().expect("connected");

        // Sizes first, so that a huge message is never downloaded whole.
        let sizes: BTreeMap<u32, (u32, i64)> = timed(timeout, "UID FETCH failed", async {
            let stream = session
                .uid_fetch(&set, "(UID RFC822.SIZE INTERNALDATE)")
                .await?;
            let fetches: Vec<_> = stream.try_collect().await?;
            Ok::<_, async_imap::error::Error>(
                // Only the responses that carry the size: a server may interleave a
                // flags-only FETCH for the same message.
                fetches
                    .iter()
                    .filter_map(|f| {
                        Some((
                            f.uid?,
                            (
                                f.size?,
                                f.internal_date().map(|d| d.timestamp()).unwrap_or(0),
                            ),
                        ))
                    })
                    .collect(),
            )
        })
        .await?;
        let costs: Vec<usize> = uids
            .iter()
            .map(|uid| {
                sizes
                    .get(uid)
                    .map_or(0, |(size, _)| read_cost(*size as usize, max))
            })
            .collect();
        let taken = &uids[..within_budget(&costs, BATCH_BYTES)];
        // The bodies of the messages within the limit, several to a UID FETCH (one round
        // trip for many small messages), each fetch at most `max_message_bytes` in all (or
        // one message), so that the timeout, which bounds one fetch, is never asked for more
        // bytes than one message of the largest size; each larger message's header prefix
        // on its own.
        let whole: Vec<(u32, usize)> = taken
            .iter()
            .filter_map(|uid| {
                let (size, _) = sizes.get(uid)?;
                (*size as usize <= max).then_some((*uid, *size as usize))
            })
            .collect();
        let mut raws: BTreeMap<u32, Vec<u8>> = BTreeMap::new();
        let mut rest = &whole[..];
        while !rest.is_empty() {
            let costs: Vec<usize> = rest.iter().map(|(_, size)| *size).collect();
            let (chunk, after) = rest.split_at(within_budget(&costs, max).max(1));
            rest = after;
            let set: Vec<u32> = chunk.iter().map(|(uid, _)| *uid).collect();
            let fetched: Vec<(u32, Vec<u8>)> = timed(timeout, "UID FETCH failed", async {
                let stream = session
                    .uid_fetch(uid_set(&set), "(UID BODY.PEEK[])")
                    .await?;
                let fetches: Vec<_> = stream.try_collect().await?;
                Ok::<_, async_imap::error::Error>(
                    fetches
                        .iter()
                        .filter_map(|f| Some((f.uid?, f.body()?.to_vec())))
                        .collect(),
                )
            })
            .await?;
            raws.extend(fetched.into_iter().filter(|(uid, _)| set.contains(uid)));
        }
        let mut out = Vec::new();
        let mut missing = Vec::new();
        for &uid in taken {
            // A UID without a size was expunged meanwhile, or the server could not read it
            // this time: looked for again below.
            let Some(&(size, date)) = sizes.get(&uid) else {
                missing.push(uid);
                continue;
            };
            let raw = if size as usize <= max {
                raws.remove(&uid)
            } else {
                let query = format!("(UID BODY.PEEK[HEADER]<0.{HEADER_PREFIX}>)");
                timed(timeout, "UID FETCH failed", async {
                    let stream = session.uid_fetch(uid.to_string(), &query).await?;
                    let fetches: Vec<_> = stream.try_collect().await?;
                    Ok::<_, async_imap::error::Error>(
                        fetches
                            .iter()
                            .filter(|f| f.uid == Some(uid))
                            .find_map(|f| f.header().map(complete_header)),
                    )
                })
                .await?
            };
            match raw {
                Some(raw) => {
                    self.missed.remove(&uid);
                    out.push(Fetched {
                        key: MessageKey {
                            mailbox: mailbox.clone(),
                            uidvalidity: validity,
                            uid,
                        },
                        raw,
                        size: size as usize,
                        received_at: date,
                    });
                }
                None => missing.push(uid),
            }
        }
        for uid in taken {
            self.pending.remove(uid);
            self.last_uid = self.last_uid.max(*uid);
        }
        self.look_again_for(&missing);
        Ok(out)
    }

    /// Messages a search found but a fetch did not return are not skipped for good: a
    /// full scan soon looks for them again (an expunged one is simply not found), up to
    /// [`MISS_RETRIES`] times in a row for the same UID; after that only the periodic scan.
    fn look_again_for(&mut self, missing: &[u32]) {
        if missing.is_empty() {
            return;
        }
        let mut again = false;
        for &uid in missing {
            let misses = self.missed.entry(uid).or_insert(0);
            *misses += 1;
            again |= *misses <= MISS_RETRIES;
        }
        tracing::warn!(uids = ?missing, again, "messages found by the search were not returned by the fetch");
        if again {
            self.last_scan = None;
        }
        // Bounded: only the latest misses are remembered.
        while self.missed.len() > BATCH {
            self.missed.pop_first();
        }
    }

    async fn next_inner(&mut self) -> Result<Vec<Fetched>, InboxError> {
        self.ensure_connected().await?;
        if self.last_scan.is_none() {
            self.full_scan().await?;
        }
        if self.pending.is_empty() {
            self.wait_for_news().await?;
        }
        if self.pending.is_empty() {
            return Ok(Vec::new());
        }
        self.fetch_pending().await
    }

    /// Flags, moves or deletes `keys` (one command for all of them, or one of each step).
    async fn done_inner(&mut self, keys: &[MessageKey]) -> Result<(), InboxError> {
        if let Some(key) = keys.iter().find(|key| {
            self.uidvalidity != Some(key.uidvalidity) || key.mailbox != self.settings.mailbox
        }) {
            return Err(InboxError(format!(
                "message {} belongs to another UIDVALIDITY; it will be found again",
                key.uid
            )));
        }
        if keys.is_empty() {
            return Ok(());
        }
        let s = &self.settings;
        let session = self
            .session
            .as_mut()
            .ok_or_else(|| InboxError("not connected".into()))?;
        let mut uids: Vec<u32> = keys.iter().map(|k| k.uid).collect();
        uids.sort_unstable();
        uids.dedup();
        let uid = uid_set(&uids);
        match s.after {
            AfterProcessing::Flag => {
                let flags = format!("+FLAGS.SILENT (\\Seen {})", s.keyword);
                timed(s.timeout, "UID STORE failed", async {
                    session
                        .uid_store(&uid, &flags)
                        .await?
                        .try_collect::<Vec<_>>()
                        .await
                })
                .await?;
            }
            AfterProcessing::Move if self.has_move => {
                timed(
                    s.timeout,
                    "UID MOVE failed",
                    session.uid_mv(&uid, &s.processed_folder),
                )
                .await?;
            }
            AfterProcessing::Move | AfterProcessing::Delete => {
                if s.after == AfterProcessing::Move {
                    timed(
                        s.timeout,
                        "UID COPY failed",
                        session.uid_copy(&uid, &s.processed_folder),
                    )
                    .await?;
                }
                timed(s.timeout, "UID STORE failed", async {
                    session
                        .uid_store(&uid, "+FLAGS.SILENT (\\Seen \\Deleted)")
                        .await?
                        .try_collect::<Vec<_>>()
                        .await
                })
                .await?;
                if self.has_uidplus {
                    timed(s.timeout, "UID EXPUNGE failed", async {
                        session
                            .uid_expunge(&uid)
                            .await?
                            .try_collect::<Vec<_>>()
                            .await
                    })
                    .await?;
                }
                // Without UIDPLUS the message stays marked \Deleted (skipped by our scans)
                // rather than expunging other clients' deleted mail.
            }
        }
        Ok(())
    }
}

/// The bytes a message takes in a batch: all of it, or the prefix of its header.
fn read_cost(size: usize, max_message_bytes: usize) -> usize {
    if size <= max_message_bytes {
        size
    } else {
        HEADER_PREFIX.min(size)
    }
}

/// How many of the messages (in order, each costing `costs[i]` bytes) one batch takes: the
/// first always, then as many as fit in `budget` bytes altogether.
fn within_budget(costs: &[usize], budget: usize) -> usize {
    let mut total = 0usize;
    costs
        .iter()
        .take_while(|&&c| {
            let first = total == 0;
            total = total.saturating_add(c.max(1));
            first || total <= budget
        })
        .count()
}

/// A header section read from a bounded prefix, made whole: when the prefix ends within a
/// line, that partial line is dropped, and the blank line that ends a header is added, so
/// that the complete fields before the cut (From, Message-ID, Subject) parse as usual.
pub fn complete_header(prefix: &[u8]) -> Vec<u8> {
    if prefix.ends_with(b"\n\n") || prefix.ends_with(b"\r\n\r\n") {
        return prefix.to_vec();
    }
    let kept = prefix
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let mut header = Vec::with_capacity(kept + 2);
    header.extend_from_slice(&prefix[..kept]);
    header.extend_from_slice(b"\r\n");
    header
}

/// `1,3,5:9` from sorted UIDs.
fn uid_set(uids: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < uids.len() {
        let start = uids[i];
        let mut end = start;
        while i + 1 < uids.len() && uids[i + 1] == end + 1 {
            end += 1;
            i += 1;
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}:{end}")
        });
        i += 1;
    }
    parts.join(",")
}

impl Inbox for ImapInbox {
    async fn next(&mut self) -> Result<Vec<Fetched>, InboxError> {
        let r = self.next_inner().await;
        if r.is_err() {
            self.session = None;
        }
        r
    }

    async fn done(&mut self, keys: &[MessageKey]) -> Result<(), InboxError> {
        let r = self.done_inner(keys).await;
        if r.is_err() {
            self.session = None;
        }
        r
    }

    fn wake_handle(&self) -> Option<Arc<Notify>> {
        Some(self.wake.clone())
    }

    fn searched_at(&self) -> Option<i64> {
        self.searched_at
    }

    fn caught_up(&self) -> bool {
        // A message that a fetch missed is still to be looked for.
        self.pending.is_empty() && self.last_scan.is_some()
    }

    fn rescan(&mut self) {
        self.last_scan = None;
        self.pending.clear();
    }

    fn take_uidvalidity(&mut self) -> Option<(String, u32)> {
        self.uidvalidity_seen
            .take()
            .map(|v| (self.settings.mailbox.clone(), v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_cut_mid_line_still_gives_sender_id_and_subject() {
        let mut raw = b"Return-Path: <alice@example.net>\r\nFrom: Alice <alice@example.net>\r\n\
            To: arbitre@example.org\r\nSubject: HELP\r\nMessage-ID: <big@example.net>\r\n\
            X-Filler: start\r\n"
            .to_vec();
        while raw.len() < 3 * HEADER_PREFIX {
            raw.extend_from_slice(b" ffffffffffffffffffffffffffffffffffffffffffffffffffff\r\n");
        }
        raw.extend_from_slice(b"\r\nHELP\r\n");
        for cut in [
            HEADER_PREFIX,
            HEADER_PREFIX - 1,
            HEADER_PREFIX + 3,
            200,
            175,
        ] {
            let header = complete_header(&raw[..cut]);
            assert!(header.len() <= cut + 2);
            assert!(header.ends_with(b"\r\n\r\n") || header.ends_with(b"\n\r\n"));
            let msg = crate::mail::parse::parse(&header, "arbitre@example.org", 1);
            assert_eq!(msg.from, "alice@example.net", "cut at {cut}");
            assert_eq!(msg.message_id, "big@example.net", "cut at {cut}");
            assert_eq!(msg.subject, "HELP", "cut at {cut}");
            assert!(!msg.automatic, "cut at {cut}");
        }
        // A whole header is kept as it is; a cut inside the first line leaves no field.
        let whole = b"From: a@example.net\r\nSubject: x\r\n\r\n";
        assert_eq!(complete_header(whole), whole.to_vec());
        assert_eq!(complete_header(b"From: a@exa"), b"\r\n".to_vec());
        assert_eq!(complete_header(b""), b"\r\n".to_vec());
    }

    #[test]
    fn a_batch_is_bounded_by_bytes_as_well_as_by_count() {
        assert_eq!(within_budget(&[], 100), 0);
        // The first message always, however large.
        assert_eq!(within_budget(&[500, 1], 100), 1);
        assert_eq!(within_budget(&[40, 40, 20, 1], 100), 3);
        assert_eq!(within_budget(&[40, 40, 21], 100), 2);
        // Expunged messages (no size) cost nothing much.
        assert_eq!(within_budget(&[0; 10], 100), 10);
        // A message over the limit costs its header prefix, not its size.
        assert_eq!(read_cost(20 << 20, 1 << 18), HEADER_PREFIX);
        assert_eq!(read_cost(1000, 1 << 18), 1000);
        let costs = vec![read_cost(1 << 18, 1 << 18); BATCH];
        let n = within_budget(&costs, BATCH_BYTES);
        assert_eq!(n, BATCH_BYTES >> 18);
        assert!(costs[..n].iter().sum::<usize>() <= BATCH_BYTES);
    }

    #[test]
    fn a_message_the_fetch_missed_is_looked_for_again_a_few_times() {
        let mut inbox = ImapInbox::new(ImapSettings {
            host: "localhost".into(),
            port: 993,
            security: Security::Tls,
            tls: crate::mail::tls::client_config(None).unwrap(),
            user: "bot".into(),
            password: String::new(),
            mailbox: "INBOX".into(),
            after: AfterProcessing::Flag,
            processed_folder: "Processed".into(),
            keyword: "arbitre".into(),
            idle_renew: Duration::from_secs(60),
            poll: Duration::from_secs(3600),
            max_message_bytes: 1 << 20,
            timeout: Duration::from_secs(5),
        });
        for attempt in 1..=MISS_RETRIES {
            inbox.last_scan = Some(Instant::now());
            inbox.look_again_for(&[7]);
            assert!(
                !inbox.caught_up(),
                "miss {attempt}: a full scan must look for it again"
            );
        }
        // Then only the periodic scan: no busy loop on a message the server cannot give.
        inbox.last_scan = Some(Instant::now());
        inbox.look_again_for(&[7]);
        assert!(inbox.caught_up());
        // Another message missed still is.
        inbox.look_again_for(&[8]);
        assert!(!inbox.caught_up());
    }

    #[test]
    fn uid_sets_compress_runs() {
        assert_eq!(uid_set(&[1, 2, 3, 5, 7, 8]), "1:3,5,7:8");
        assert_eq!(uid_set(&[42]), "42");
        assert_eq!(uid_set(&[]), "");
    }
}
