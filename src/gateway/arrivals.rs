//! Where the adapters hand what the SMS gateways deliver: a received SMS, a delivery report.
//!
//! The adapters (Kannel's listener, a provider's webhook, the spool directories) read and
//! check what a gateway sends, then hand it to an [`Arrivals`]; the daemon's (see
//! `daemon::arrivals`) records it in the store and wakes the loop that decides it. An
//! adapter acknowledges the gateway only once its `Arrivals` said the SMS is recorded: a
//! crash in between makes the gateway deliver it again, and its key makes that harmless.
//! The adapters name no store.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::base::Timestamp;
use crate::sms::received::SmsIn;

/// What recording answers: whether it was new (`false`: the gateway's key, or the report's
/// SMS, was known), or why it could not be recorded (the gateway should try again).
pub type Recorded = Pin<Box<dyn Future<Output = Result<bool, String>> + Send>>;

/// Records what the gateways deliver.
pub trait Record: Send + Sync {
    /// A received SMS: `Ok(true)` when it is new.
    fn received(&self, sms: SmsIn) -> Recorded;
    /// A delivery report for the SMS arbitre sent under `message_id`: `Ok(true)` when it
    /// is one of arbitre's.
    fn delivered(&self, message_id: String, status: u32, at: Timestamp) -> Recorded;
}

/// A shared handle to where the adapters hand what they receive.
#[derive(Clone)]
pub struct Arrivals(pub Arc<dyn Record>);

impl Arrivals {
    /// Records a received SMS; `Ok(true)` when it is new.
    pub async fn received(&self, sms: SmsIn) -> Result<bool, String> {
        self.0.received(sms).await
    }

    /// Records a delivery report; `Ok(true)` when it is about one of arbitre's SMS.
    pub async fn delivered(
        &self,
        message_id: String,
        status: u32,
        at: Timestamp,
    ) -> Result<bool, String> {
        self.0.delivered(message_id, status, at).await
    }
}

impl std::fmt::Debug for Arrivals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Arrivals")
    }
}
