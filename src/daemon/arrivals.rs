//! The daemon's [`Arrivals`]: what the SMS gateways' adapters receive is recorded in the
//! store (a received SMS once under the gateway's key, a delivery report on its outbox
//! row), and a new SMS wakes the loop that decides received SMS.

use std::sync::Arc;

use tokio::sync::Notify;

use crate::base::Timestamp;
use crate::gateway::arrivals::{Arrivals, Record, Recorded};
use crate::sms::received::SmsIn;
use crate::store::{SharedStore, with_store};

/// Records into `store`; wakes `wake` when a new SMS was recorded.
pub fn arrivals(store: SharedStore, wake: Arc<Notify>) -> Arrivals {
    Arrivals(Arc::new(InStore { store, wake }))
}

struct InStore {
    store: SharedStore,
    wake: Arc<Notify>,
}

impl Record for InStore {
    fn received(&self, sms: SmsIn) -> Recorded {
        let store = self.store.clone();
        let wake = self.wake.clone();
        Box::pin(async move {
            let new = with_store(&store, move |s| s.receive_sms(&sms))
                .await
                .map_err(|e| e.to_string())?;
            if new {
                wake.notify_one();
            }
            Ok(new)
        })
    }

    fn delivered(&self, message_id: String, status: u32, at: Timestamp) -> Recorded {
        let store = self.store.clone();
        Box::pin(async move {
            with_store(&store, move |s| s.note_delivery(&message_id, status, at))
                .await
                .map_err(|e| e.to_string())
        })
    }
}
