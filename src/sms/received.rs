//! A received SMS as a gateway handed it over: what the gateways' adapters record and the
//! daemon decides later.

use crate::base::Timestamp;

/// An SMS as a gateway handed it over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmsIn {
    /// Its row.
    pub id: i64,
    /// Which gateway (`kannel`, `gammu`, `smstools`, `webhook`).
    pub gateway: String,
    /// The gateway's key for it.
    pub key: String,
    /// The sender's number (E.164).
    pub sender: String,
    /// The number it was sent to, when the gateway says.
    pub recipient: Option<String>,
    /// The text.
    pub text: String,
    /// When the gateway handed it over.
    pub received_at: Timestamp,
}
