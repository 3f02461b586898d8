//! The mail edges. [`parse`] turns raw bytes into the referee's `Inbound` (pure, with
//! [`body`] finding what the player wrote and [`authres`] reading the receiving server's
//! `Authentication-Results`); [`verify`] checks DKIM and DMARC itself when the installation
//! asks it to; [`imap`] reads the mailbox; [`smtp`] builds and sends arbitre's mails (as
//! [`flowed`] text, with the board's PNG from [`pictures`]), signed by [`dkim`] when keys
//! are configured, and submits them through [`submission`]; [`tls`] makes the rustls client
//! configuration both share.

pub mod authres;
pub mod body;
#[cfg(feature = "edges")]
pub mod dkim;
pub mod flowed;
pub mod html;
#[cfg(feature = "edges")]
pub mod imap;
pub mod parse;
#[cfg(feature = "edges")]
pub mod pictures;
pub mod report;
#[cfg(feature = "edges")]
pub mod smtp;
#[cfg(feature = "edges")]
pub mod submission;
#[cfg(feature = "edges")]
pub mod tls;
#[cfg(feature = "edges")]
pub mod verify;

#[cfg(feature = "edges")]
use crate::store::MessageKey;

#[cfg(feature = "edges")]
/// One message fetched from the mailbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fetched {
    /// Its name on the server.
    pub key: MessageKey,
    /// The raw bytes (headers only when the message is larger than the limit).
    pub raw: Vec<u8>,
    /// Its real size in bytes.
    pub size: usize,
    /// When the server received it (IMAP INTERNALDATE), seconds since the epoch.
    pub received_at: i64,
}

#[cfg(feature = "edges")]
/// A mailbox failure (the connection is dropped and made again).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InboxError(pub String);

#[cfg(feature = "edges")]
/// Where inbound mail comes from. The daemon uses [`imap::ImapInbox`]; tests can provide
/// their own.
pub trait Inbox: Send {
    /// Waits for new messages and returns them (maybe none, after a quiet while).
    fn next(&mut self) -> impl Future<Output = Result<Vec<Fetched>, InboxError>> + Send;
    /// Marks committed messages as processed on the server (all of them, or, on an error,
    /// maybe only some: the others are found again and recognised by the store).
    fn done(&mut self, keys: &[MessageKey]) -> impl Future<Output = Result<(), InboxError>> + Send;
    /// Forgets what was handed out: the next [`Inbox::next`] looks at every unprocessed
    /// message again (after a message could not be processed).
    fn rescan(&mut self) {}
    /// The mailbox and UIDVALIDITY seen at the last (re)connection, once.
    fn take_uidvalidity(&mut self) -> Option<(String, u32)> {
        None
    }
    /// A handle that makes a waiting [`Inbox::next`] look at the mailbox at once (the
    /// clock asks for a fresh read before it enforces a deadline); `None` when `next`
    /// never waits long.
    fn wake_handle(&self) -> Option<std::sync::Arc<tokio::sync::Notify>> {
        None
    }
    /// When the search that found the last batch began (seconds since the epoch): every
    /// message that reached the mailbox before it was in that batch or an earlier one.
    /// `None`: the time `next` was called stands for it.
    fn searched_at(&self) -> Option<i64> {
        None
    }
    /// Whether every message the last search found has been handed out (a search may
    /// find more than one batch).
    fn caught_up(&self) -> bool {
        true
    }
}
