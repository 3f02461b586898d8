//! SMS, the gateway's second channel: the pure parts every SMS gateway shares, and the
//! gateways' adapters (IO, one file each).
//!
//! - [`gsm7`]: what a text costs (GSM-7 or UCS-2, units, segments) and the French
//!   transliteration that keeps arbitre's words in GSM-7.
//! - [`incoming`]: an SMS as the referee reads it (`#12` names the game).
//! - [`phone`]: phone numbers in E.164 form, as players write them and gateways give them.
//! - [`quiet`]: the quiet hours of notifications, and the default cap on phone codes.
//! - [`signature`]: the `X-Twilio-Signature` of a provider's webhook.
//! - [`spool`]: the files of gammu-smsd and smstools, read and written.
//! - [`spool_gateway`]: those two gateways' directories: received files into the SMS
//!   inbox, outgoing files written atomically.
//! - [`words`]: the short forms of what arbitre says by SMS, one segment each.
//! - [`outcome`]: what a gateway's HTTP answer means for the outbox.
//! - [`kannel`]: Kannel's smsbox: sendsms out, get-url in (an HTTP listener).
//! - [`webhook`]: a hosted provider with a Twilio-style API: signed webhook in, REST out.

pub mod gsm7;
pub mod incoming;
pub mod kannel;
pub mod outcome;
pub mod phone;
pub mod quiet;
pub mod signature;
pub mod spool;
pub mod spool_gateway;
pub mod webhook;
pub mod words;
