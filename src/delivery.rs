//! What sending one outgoing mail or SMS may give, the same for every channel: the
//! [`Sender`] trait the daemon's outbox drives, and how a failure is judged ([`Failure`]).
//! The mail edge (`mail::smtp`) and each SMS gateway implement it.

use crate::referee::Outgoing;

/// A failed send.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SendError {
    /// Whose failure it was: the server's, or this mail's.
    pub failure: Failure,
    /// What went wrong.
    pub message: String,
}

/// What a failed send says about the mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The server could not be reached or would take no mail at all (connection refused,
    /// TLS, timeout, login refused, service unavailable): nothing was said about this mail,
    /// which goes as soon as the server is back.
    Unreachable,
    /// The server refused this mail for now (4xx): try it again later.
    Deferred,
    /// The server refused this mail for good (5xx), or it cannot be built: retrying the same
    /// mail will not help (it is still retried for a while, in case the refusal was a
    /// mistake).
    Refused,
}

impl SendError {
    /// Whether the server refused this mail for good.
    pub fn permanent(&self) -> bool {
        self.failure == Failure::Refused
    }

    /// The enhanced status code (RFC 3463) the server gave, `5.1.1`, or the class of its
    /// reply code (`550` gives `5.0.0`), when its answer holds either.
    pub fn status(&self) -> Option<String> {
        enhanced_status(&self.message)
    }
}

/// The first enhanced status code (RFC 3463: class 2, 4 or 5, then two numbers of at most
/// three digits) in a server's text, else the class of its first three-digit reply code.
pub fn enhanced_status(text: &str) -> Option<String> {
    let words = text.split(|c: char| !(c.is_ascii_digit() || c == '.'));
    for word in words.clone() {
        let word = word.trim_matches('.');
        let parts: Vec<&str> = word.split('.').collect();
        let fits = |p: &str, most: usize| {
            !p.is_empty() && p.len() <= most && p.bytes().all(|b| b.is_ascii_digit())
        };
        if parts.len() == 3
            && matches!(parts[0], "2" | "4" | "5")
            && fits(parts[1], 3)
            && fits(parts[2], 3)
        {
            return Some(word.to_string());
        }
    }
    words
        .map(|w| w.trim_matches('.'))
        .find(|w| {
            w.len() == 3 && w.bytes().all(|b| b.is_ascii_digit()) && matches!(&w[..1], "4" | "5")
        })
        .map(|w| format!("{}.0.0", &w[..1]))
}

/// Sends what the outbox holds: mail, or SMS through a gateway. The daemon's outbox
/// drives it; tests can provide their own.
pub trait Sender: Send + Sync + 'static {
    /// Sends one mail: `id` is its row in the outbox, which the mail edge writes into the
    /// envelope sender so that a delivery report names it (SMS gateways ignore it).
    fn send(&self, id: i64, mail: &Outgoing) -> impl Future<Output = Result<(), SendError>> + Send;
}
