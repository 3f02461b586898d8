//! The SMS gateways: one adapter per gateway (IO, one file each), and what they share.
//! Each hands what it receives to an [`arrivals::Arrivals`] (the daemon records it in the
//! store's SMS inbox and decides it later), and sends what the outbox holds through
//! [`crate::delivery::Sender`]. No adapter names the store.
//!
//! - [`arrivals`]: where received SMS and delivery reports are handed.
//! - [`incoming`]: an SMS as the referee reads it (`#12` names the game).
//! - [`outcome`]: what a gateway's HTTP answer means for the outbox.
//! - [`kannel`]: Kannel's smsbox: sendsms out, get-url in (an HTTP listener).
//! - [`webhook`]: a hosted provider with a Twilio-style API: signed webhook in, REST out.
//! - [`signature`]: the `X-Twilio-Signature` of a provider's webhook.
//! - [`spool`]: the files of gammu-smsd and smstools, read and written.
//! - [`spool_gateway`]: those two gateways' directories: received files into the SMS
//!   inbox, outgoing files written atomically.

pub mod arrivals;
pub mod incoming;
pub mod kannel;
pub mod outcome;
pub mod signature;
pub mod spool;
pub mod spool_gateway;
pub mod webhook;
