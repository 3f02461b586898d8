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
}

/// Sends what the outbox holds: mail, or SMS through a gateway. The daemon's outbox
/// drives it; tests can provide their own.
pub trait Sender: Send + Sync + 'static {
    /// Sends one mail.
    fn send(&self, mail: &Outgoing) -> impl Future<Output = Result<(), SendError>> + Send;
}
