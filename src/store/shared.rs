//! The store shared by the daemon's tasks and the gateways' listeners: one connection behind
//! a mutex, used from async code on a blocking thread ([`with_store`]).

use std::sync::{Arc, Mutex};

use super::{Store, StoreError};

/// The store, shared by the inbound and outbound tasks and the listeners.
pub type SharedStore = Arc<Mutex<Store>>;

/// A failure of work on the shared store.
#[derive(Debug, thiserror::Error)]
pub enum SharedError {
    /// The store failed (disk full, database locked for too long, corrupted file).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A blocking task died.
    #[error("internal task failed: {0}")]
    Task(String),
}

/// Runs `f` on the store, on a blocking thread.
pub async fn with_store<T, F>(store: &SharedStore, f: F) -> Result<T, SharedError>
where
    T: Send + 'static,
    F: FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
{
    let store = store.clone();
    tokio::task::spawn_blocking(move || {
        let mut guard = store
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        f(&mut guard)
    })
    .await
    .map_err(|e| SharedError::Task(e.to_string()))?
    .map_err(SharedError::from)
}
