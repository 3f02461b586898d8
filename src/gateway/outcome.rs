//! What an SMS gateway's HTTP exchange means for the outbox, the same for every gateway
//! reached over HTTP (Kannel's smsbox, a hosted provider): what cannot be sent as written
//! (more than three segments, no phone number), the request that did not get through, and
//! the gateway's answer. Pure.

use crate::delivery::{Failure, SendError};
use crate::sms::gsm7;
use crate::sms::phone::Phone;

/// The recipient of a queued SMS, or why it cannot be one.
pub fn recipient(to: &str) -> Result<Phone, SendError> {
    Phone::from_gateway(to).ok_or_else(|| SendError {
        failure: Failure::Refused,
        message: format!("`{to}` is not a phone number"),
    })
}

/// An SMS longer than three segments is never sent (a gateway would cut it silently).
pub fn sendable(text: &str) -> Result<(), SendError> {
    let segments = gsm7::cost(text).segments;
    if segments > gsm7::MAX_SEGMENTS {
        return Err(SendError {
            failure: Failure::Refused,
            message: format!(
                "{segments} segments: at most {} are sent",
                gsm7::MAX_SEGMENTS
            ),
        });
    }
    Ok(())
}

/// A request to `gateway` that got no answer: unreachable when it could not connect, else
/// deferred (it may have been taken).
pub fn unanswered(gateway: &str, e: &reqwest::Error) -> SendError {
    SendError {
        failure: if e.is_connect() {
            Failure::Unreachable
        } else {
            Failure::Deferred
        },
        message: format!("{gateway}: {e}"),
    }
}

/// The gateway's answer `status` (with its `body`) to an SMS.
pub fn answered(gateway: &str, status: reqwest::StatusCode, body: &str) -> Result<(), SendError> {
    if status.is_success() {
        return Ok(());
    }
    let failure = match status.as_u16() {
        // Refused credentials or a gateway that takes nothing now: nothing was said about
        // this SMS, which goes once the gateway takes messages again.
        401 | 403 | 500..=599 => Failure::Unreachable,
        429 => Failure::Deferred,
        // A malformed request or a refused number: the same request fails again.
        _ => Failure::Refused,
    };
    Err(SendError {
        failure,
        message: format!("{gateway} answered {status}: {}", body.trim()),
    })
}
