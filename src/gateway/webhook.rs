//! A hosted SMS provider with a Twilio-style API. Inbound, the provider POSTs each received
//! SMS to arbitre's listener as a form (`MessageSid`, `From`, `To`, `Body`, ...), signed in
//! `X-Twilio-Signature` over the public URL the provider calls and every parameter
//! ([`crate::gateway::signature`]): the signature is checked before anything else is read,
//! and a missing or wrong one gets 403 and changes nothing. A signed SMS is recorded under
//! its `MessageSid` in the store's SMS inbox, then answered 200 with an empty TwiML
//! response (the provider sends nobody anything). Outbound, one POST to the provider's
//! Messages resource over HTTPS (reqwest with rustls), with the account's SID and auth
//! token.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::routing::post;

use crate::delivery::{SendError, Sender};
use crate::gateway::arrivals::Arrivals;
use crate::gateway::outcome;
use crate::gateway::signature;
use crate::referee::Outgoing;
use crate::sms::phone::Phone;
use crate::sms::received::SmsIn;

/// The provider's account, and where arbitre is called.
#[derive(Clone)]
pub struct WebhookSettings {
    /// The provider's API root (`https://api.twilio.com`).
    pub api_url: String,
    /// The account SID (the API user).
    pub account: String,
    /// The auth token: the API password, and the key of the webhook's signature.
    pub token: String,
    /// The number arbitre's SMS come from (E.164), or a messaging service's SID (`MG...`).
    pub from: String,
    /// The URL exactly as the provider calls it (what the signature covers): behind a
    /// reverse proxy, the public one.
    pub public_url: String,
}

impl std::fmt::Debug for WebhookSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebhookSettings")
            .field("api_url", &self.api_url)
            .field("account", &self.account)
            .field("from", &self.from)
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

/// The path the provider POSTs received SMS to.
pub const PATH: &str = "/sms/webhook";

/// The Messages resource of the account.
pub fn messages_url(s: &WebhookSettings) -> String {
    format!(
        "{}/2010-04-01/Accounts/{}/Messages.json",
        s.api_url.trim_end_matches('/'),
        s.account
    )
}

/// The form of one SMS sent.
pub fn message_form(s: &WebhookSettings, to: &Phone, text: &str) -> Vec<(&'static str, String)> {
    let from = if s.from.starts_with("MG") {
        ("MessagingServiceSid", s.from.clone())
    } else {
        ("From", s.from.clone())
    };
    vec![
        ("To", to.as_str().to_string()),
        from,
        ("Body", text.to_string()),
    ]
}

/// Sends `text` to `to` through the provider.
pub async fn send(
    client: &reqwest::Client,
    s: &WebhookSettings,
    to: &Phone,
    text: &str,
) -> Result<(), SendError> {
    outcome::sendable(text)?;
    let response = client
        .post(messages_url(s))
        .basic_auth(&s.account, Some(&s.token))
        .form(&message_form(s, to, text))
        .send()
        .await
        .map_err(|e| outcome::unanswered("the SMS provider", &e))?;
    let status = response.status();
    let body = response.text().await.unwrap_or_default();
    outcome::answered("the SMS provider", status, &body)
}

/// The outbox's sender for the provider.
pub struct WebhookSender {
    /// The HTTPS client.
    pub client: reqwest::Client,
    /// The account.
    pub settings: WebhookSettings,
}

impl Sender for WebhookSender {
    async fn send(&self, _id: i64, sms: &Outgoing) -> Result<(), SendError> {
        let to = outcome::recipient(&sms.to)?;
        send(&self.client, &self.settings, &to, &sms.body).await
    }
}

/// `check-config`: the account's credentials are asked for the account itself, which
/// sends nothing.
pub async fn check(client: &reqwest::Client, s: &WebhookSettings) -> Result<String, String> {
    let url = format!(
        "{}/2010-04-01/Accounts/{}.json",
        s.api_url.trim_end_matches('/'),
        s.account
    );
    let response = client
        .get(&url)
        .basic_auth(&s.account, Some(&s.token))
        .send()
        .await
        .map_err(|e| format!("the SMS provider cannot be reached at {}: {e}", s.api_url))?;
    let status = response.status();
    if status.is_success() {
        return Ok(format!(
            "the SMS provider at {} takes account {}",
            s.api_url, s.account
        ));
    }
    Err(format!(
        "the SMS provider at {} refuses account {} ({status})",
        s.api_url, s.account
    ))
}

/// What the listener needs.
#[derive(Clone)]
pub struct Listener {
    /// Where received SMS are recorded.
    pub arrivals: Arrivals,
    /// The signature's key and the URL it covers.
    pub settings: WebhookSettings,
}

/// The listener's routes.
pub fn routes(listener: Listener) -> Router {
    Router::new()
        .route(PATH, post(received))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(listener)
}

/// A provider's webhook request is a few hundred bytes; anything much larger is refused
/// before it is read.
const BODY_LIMIT: usize = 16 * 1024;

/// An empty TwiML answer: the provider sends nothing back.
const EMPTY: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response></Response>";

/// The listener's answer: a status and a TwiML body.
type Answer = (
    StatusCode,
    [(header::HeaderName, &'static str); 1],
    &'static str,
);

/// A received SMS, POSTed by the provider.
async fn received(State(l): State<Listener>, headers: HeaderMap, body: Bytes) -> Answer {
    let xml = [(header::CONTENT_TYPE, "text/xml")];
    let refused = || {
        tracing::warn!("SMS webhook: a request without a valid signature was refused");
        (
            StatusCode::FORBIDDEN,
            [(header::CONTENT_TYPE, "text/xml")],
            "",
        )
    };
    // No signature, no reading: the body is parsed only to check the signature.
    let Some(signature) = headers
        .get("x-twilio-signature")
        .and_then(|v| v.to_str().ok())
    else {
        return refused();
    };
    let Ok(params) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body) else {
        return refused();
    };
    if l.settings.token.is_empty()
        || !signature::verify(
            &l.settings.public_url,
            &params,
            &l.settings.token,
            signature,
        )
    {
        return refused();
    }
    let get = |name: &str| {
        params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let (Some(sid), Some(from)) = (get("MessageSid"), get("From")) else {
        tracing::error!("SMS webhook: a signed request without MessageSid or From");
        return (StatusCode::BAD_REQUEST, xml, "");
    };
    let Some(sender) = Phone::from_gateway(&from) else {
        tracing::info!(from = %from, "SMS from a sender that is no phone number: ignored");
        return (StatusCode::OK, xml, EMPTY);
    };
    let sms = SmsIn {
        id: 0,
        gateway: "webhook".into(),
        key: sid,
        sender: sender.as_str().to_string(),
        recipient: get("To"),
        text: get("Body").unwrap_or_default(),
        received_at: crate::base::now(),
    };
    match l.arrivals.received(sms).await {
        Ok(_) => (StatusCode::OK, xml, EMPTY),
        Err(e) => {
            tracing::error!(cause = %e, "SMS webhook: cannot record an SMS; the provider will try again");
            (StatusCode::SERVICE_UNAVAILABLE, xml, "")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(from: &str) -> WebhookSettings {
        WebhookSettings {
            api_url: "https://api.twilio.com/".into(),
            account: "AC123".into(),
            token: "secret".into(),
            from: from.into(),
            public_url: "https://arbitre.example.org/sms/webhook".into(),
        }
    }

    #[test]
    fn the_message_goes_to_the_accounts_messages_from_a_number_or_a_service() {
        let to = Phone::read("+33612345678", &[]).unwrap();
        let s = settings("+15005550006");
        assert_eq!(
            messages_url(&s),
            "https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json"
        );
        let form = message_form(&s, &to, "#12 a1b2 accepted");
        assert!(form.contains(&("From", "+15005550006".into())));
        assert!(form.contains(&("To", "+33612345678".into())));
        let form = message_form(&settings("MG9752274e9e519418a7406176694466fa"), &to, "x");
        assert!(form.iter().any(|(n, _)| *n == "MessagingServiceSid"));
        assert!(!form.iter().any(|(n, _)| *n == "From"));
    }
}
