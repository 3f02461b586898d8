//! SMS, the words and numbers of the second channel, pure: what a text costs, phone
//! numbers, quiet hours, and the short forms of what arbitre says. The gateways that carry
//! them are [`crate::gateway`]'s.
//!
//! - [`gsm7`]: what a text costs (GSM-7 or UCS-2, units, segments) and the French
//!   transliteration that keeps arbitre's words in GSM-7.
//! - [`phone`]: phone numbers in E.164 form, as players write them and gateways give them.
//! - [`quiet`]: the quiet hours of notifications, and the default cap on phone codes.
//! - [`words`]: the short forms of what arbitre says by SMS, one segment each.

pub mod gsm7;
pub mod phone;
pub mod quiet;
pub mod received;
pub mod words;
