//! The Kannel gateway (bearerbox + smsbox). Outbound, one HTTP request to smsbox's
//! `sendsms` interface per SMS: UTF-8 text, 7-bit coding when it fits GSM-7 and UCS-2
//! otherwise, at most three concatenated segments. Inbound, smsbox's `get-url` calls
//! arbitre's listener (`/kannel/mo?secret=...&id=%I&from=%p&to=%P&text=%a`): the secret is
//! checked in constant time, the message recorded under Kannel's own id for it in the
//! store's SMS inbox, and only then is smsbox answered 200, with an empty body (which
//! smsbox sends nobody). A store that cannot record it answers 503, and smsbox tries again
//! (`http-request-retry`); a retried message finds its id recorded and changes nothing.

use std::collections::HashMap;

use axum::Router;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::routing::get;
use hmac::Mac;

use crate::delivery::{SendError, Sender};
use crate::gateway::arrivals::Arrivals;
use crate::gateway::outcome;
use crate::referee::Outgoing;
use crate::sms::gsm7::{self, Encoding};
use crate::sms::phone::Phone;
use crate::sms::received::SmsIn;

/// How to reach smsbox.
#[derive(Clone)]
pub struct KannelSettings {
    /// smsbox's sendsms URL (`http://127.0.0.1:13013/cgi-bin/sendsms`).
    pub sendsms_url: String,
    /// The sendsms-user.
    pub username: String,
    /// Its password.
    pub password: String,
    /// The sender shown to players, when the SMSC lets arbitre choose it.
    pub sender: Option<String>,
    /// The secret smsbox's get-url carries.
    pub secret: String,
    /// Where smsbox reports deliveries (arbitre's listener, with the secret), when asked.
    pub dlr_url: Option<String>,
}

/// The delivery reports asked for: delivered (1), not delivered (2), refused by the
/// SMSC (16).
pub const DLR_MASK: &str = "19";

/// `text` percent-encoded for a URL's query.
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

impl std::fmt::Debug for KannelSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KannelSettings")
            .field("sendsms_url", &self.sendsms_url)
            .field("username", &self.username)
            .finish_non_exhaustive()
    }
}

/// The sendsms parameters for `text` to `to`; `reference` (the outbox's Message-ID) comes
/// back in the delivery report.
pub fn sendsms_query(
    s: &KannelSettings,
    to: &Phone,
    text: &str,
    reference: Option<&str>,
) -> Vec<(&'static str, String)> {
    let coding = match gsm7::cost(text).encoding {
        Encoding::Gsm7 => "0",
        Encoding::Ucs2 => "2",
    };
    let mut q = vec![
        ("username", s.username.clone()),
        ("password", s.password.clone()),
        ("to", to.as_str().to_string()),
        ("text", text.to_string()),
        ("charset", "UTF-8".to_string()),
        ("coding", coding.to_string()),
    ];
    if let Some(from) = &s.sender {
        q.push(("from", from.clone()));
    }
    if let (Some(url), Some(r)) = (&s.dlr_url, reference) {
        q.push(("dlr-mask", DLR_MASK.to_string()));
        q.push(("dlr-url", format!("{url}&ref={}&status=%d", encoded(r))));
    }
    q
}

/// The HTTP client for smsbox: no request waits for ever (a gateway that takes the
/// connection and never answers must not hold the outbox, nor the daemon's shutdown).
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(10))
        .timeout(std::time::Duration::from_secs(30))
        .build()
        .unwrap_or_default()
}

/// Sends one SMS through smsbox. Kannel has no way to recognise a request sent twice: an
/// SMS is sent again only when smsbox did not answer that it took it.
pub async fn send(
    client: &reqwest::Client,
    s: &KannelSettings,
    to: &Phone,
    text: &str,
    reference: Option<&str>,
) -> Result<(), SendError> {
    outcome::sendable(text)?;
    let response = client
        .get(&s.sendsms_url)
        .query(&sendsms_query(s, to, text, reference))
        .send()
        .await
        .map_err(|e| outcome::unanswered("smsbox", &e))?;
    let status = response.status();
    let body = response.text().await.unwrap_or_default();
    outcome::answered("smsbox", status, &body)
}

/// The outbox's SMS go through smsbox.
pub struct KannelSender {
    /// The HTTP client.
    pub client: reqwest::Client,
    /// How to reach smsbox.
    pub settings: KannelSettings,
}

impl Sender for KannelSender {
    async fn send(&self, _id: i64, sms: &Outgoing) -> Result<(), SendError> {
        let to = outcome::recipient(&sms.to)?;
        send(
            &self.client,
            &self.settings,
            &to,
            &sms.body,
            Some(&sms.message_id),
        )
        .await
    }
}

/// Proves smsbox can be reached and takes arbitre's credentials, without sending
/// anything: a request with no receiver is refused for that (400) once the credentials
/// pass, and for them (403) when they do not.
pub async fn check(client: &reqwest::Client, s: &KannelSettings) -> Result<String, String> {
    let response = client
        .get(&s.sendsms_url)
        .query(&[("username", &s.username), ("password", &s.password)])
        .send()
        .await
        .map_err(|e| format!("smsbox cannot be reached at {}: {e}", s.sendsms_url))?;
    let status = response.status();
    let body = response.text().await.unwrap_or_default();
    if status.as_u16() == 403 {
        return Err(format!(
            "smsbox refuses the sendsms user `{}`: {}",
            s.username,
            body.trim()
        ));
    }
    if status.as_u16() == 400 && body.contains("receiver") {
        return Ok(format!(
            "smsbox at {} takes the sendsms user `{}`",
            s.sendsms_url, s.username
        ));
    }
    Err(format!(
        "{} does not answer as smsbox's sendsms does ({status}: {})",
        s.sendsms_url,
        body.trim()
    ))
}

/// What the listener needs.
#[derive(Clone)]
pub struct Listener {
    /// Where received SMS and delivery reports are recorded.
    pub arrivals: Arrivals,
    /// The secret smsbox's requests carry.
    pub secret: String,
}

/// The routes smsbox calls.
pub fn routes(listener: Listener) -> Router {
    Router::new()
        .route("/kannel/mo", get(mo).post(mo))
        .route("/kannel/dlr", get(dlr).post(dlr))
        .with_state(listener)
}

/// Whether `given` is the secret, in constant time.
fn same_secret(given: &str, secret: &str) -> bool {
    let key = b"arbitre-sms-secret";
    let mac = |s: &str| {
        let mut m = hmac::Hmac::<sha2::Sha256>::new_from_slice(key).expect("any key");
        m.update(s.as_bytes());
        m
    };
    mac(given)
        .verify_slice(&mac(secret).finalize().into_bytes())
        .is_ok()
}

impl Listener {
    /// Whether a request from smsbox carries the shared secret (none is set: never).
    fn authorised(&self, q: &HashMap<String, String>) -> bool {
        let given = q.get("secret").map_or("", String::as_str);
        !self.secret.is_empty() && same_secret(given, &self.secret)
    }
}

async fn mo(
    State(l): State<Listener>,
    Query(q): Query<HashMap<String, String>>,
) -> (StatusCode, &'static str) {
    if !l.authorised(&q) {
        tracing::warn!("SMS listener: a request without the right secret was refused");
        return (StatusCode::FORBIDDEN, "");
    }
    let (Some(id), Some(from)) = (q.get("id"), q.get("from")) else {
        // smsbox tries again, then drops the SMS: its get-url lacks `id=%I` or `from=%p`.
        tracing::error!(
            "SMS listener: a request without `id` or `from`; the get-url in kannel.conf must carry id=%I&from=%p&to=%P&text=%a"
        );
        return (StatusCode::BAD_REQUEST, "");
    };
    let Some(sender) = Phone::from_gateway(from) else {
        // A short code or a name: no player can be behind it. Taken, so that smsbox does
        // not try again, and left alone.
        tracing::info!(from = %from, "SMS from a sender that is no phone number: ignored");
        return (StatusCode::OK, "");
    };
    let sms = SmsIn {
        id: 0,
        gateway: "kannel".into(),
        key: id.clone(),
        sender: sender.as_str().to_string(),
        recipient: q.get("to").cloned(),
        text: q.get("text").cloned().unwrap_or_default(),
        received_at: crate::base::now(),
    };
    match l.arrivals.received(sms).await {
        Ok(_) => (StatusCode::OK, ""),
        Err(e) => {
            tracing::error!(cause = %e, "SMS listener: cannot record an SMS; smsbox will try again");
            (StatusCode::SERVICE_UNAVAILABLE, "")
        }
    }
}

/// smsbox's delivery report for one of arbitre's SMS: recorded on its outbox row.
async fn dlr(
    State(l): State<Listener>,
    Query(q): Query<HashMap<String, String>>,
) -> (StatusCode, &'static str) {
    if !l.authorised(&q) {
        tracing::warn!("SMS listener: a delivery report without the right secret was refused");
        return (StatusCode::FORBIDDEN, "");
    }
    let (Some(reference), Some(status)) = (
        q.get("ref").cloned(),
        q.get("status").and_then(|s| s.parse::<u32>().ok()),
    ) else {
        return (StatusCode::BAD_REQUEST, "");
    };
    let at = crate::base::now();
    match l.arrivals.delivered(reference.clone(), status, at).await {
        Ok(true) => {
            tracing::info!(message_id = %reference, status, "SMS delivery report");
            (StatusCode::OK, "")
        }
        Ok(false) => {
            tracing::info!(message_id = %reference, "a delivery report for no SMS of arbitre's");
            (StatusCode::OK, "")
        }
        Err(e) => {
            tracing::error!(cause = %e, "SMS listener: cannot record a delivery report");
            (StatusCode::SERVICE_UNAVAILABLE, "")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> KannelSettings {
        KannelSettings {
            sendsms_url: "http://127.0.0.1:13013/cgi-bin/sendsms".into(),
            username: "arbitre".into(),
            password: "pw".into(),
            sender: Some("36100".into()),
            secret: "s".into(),
            dlr_url: Some("http://127.0.0.1:13080/kannel/dlr?secret=s".into()),
        }
    }

    #[test]
    fn gsm7_text_goes_7_bit_and_anything_else_ucs2() {
        let to = Phone::read("+33612345678", &[]).unwrap();
        let q = sendsms_query(
            &settings(),
            &to,
            "#12 a1b2 accepté",
            Some("arbitre.ab.1.sms@x.org"),
        );
        assert!(q.contains(&("dlr-mask", "19".into())));
        assert!(
            q.contains(&(
                "dlr-url",
                "http://127.0.0.1:13080/kannel/dlr?secret=s&ref=arbitre.ab.1.sms%40x.org&status=%d"
                    .into()
            ))
        );
        assert!(q.contains(&("coding", "0".into())));
        assert!(q.contains(&("to", "+33612345678".into())));
        assert!(q.contains(&("from", "36100".into())));
        let q = sendsms_query(&settings(), &to, "Françoise", None);
        assert!(!q.iter().any(|(n, _)| *n == "dlr-url"));
        assert!(q.contains(&("coding", "2".into())));
    }

    #[test]
    fn the_secret_is_compared_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abd", "abc"));
        assert!(!same_secret("ab", "abc"));
        assert!(!same_secret("", "abc"));
    }
}
