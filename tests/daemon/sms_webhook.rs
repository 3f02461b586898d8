//! The Twilio-style provider adapter over real HTTP: the webhook listener takes a signed
//! SMS once (a retry with the same MessageSid is known), refuses a forged, missing or
//! re-targeted signature with 403 and records nothing; arbitre's SMS go to the account's
//! Messages resource with its credentials, and the provider's refusals are sorted into
//! what is retried and what is not. The provider's side is a small HTTP server standing
//! for the hosted API (which cannot run here); the signatures are the provider's
//! published algorithm, checked against its test vector in `src/sms/signature.rs`.

use std::sync::{Arc, Mutex};

use arbitre::gateway::signature;
use arbitre::gateway::webhook::{self, Listener, WebhookSettings};
use arbitre::mail::smtp::Failure;
use arbitre::sms::phone::Phone;
use arbitre::store::Store;
use arbitre::store::testing::location_for;
use axum::http::{HeaderMap, StatusCode};

fn store(name: &str) -> Arc<Mutex<Store>> {
    let dir = std::env::temp_dir().join(format!("arbitre-webhook-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let location = location_for(&dir, "s.sqlite", &format!("webhook-{name}"));
    Arc::new(Mutex::new(Store::connect(&location).unwrap()))
}

fn settings(api: &str, public_url: &str) -> WebhookSettings {
    WebhookSettings {
        api_url: api.into(),
        account: "AC0123456789abcdef".into(),
        token: "the-auth-token".into(),
        from: "+15005550006".into(),
        public_url: public_url.into(),
    }
}

async fn bind() -> (tokio::net::TcpListener, String) {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    (l, format!("http://{addr}"))
}

fn form(sid: &str, from: &str, body: &str) -> Vec<(String, String)> {
    [
        ("MessageSid", sid),
        ("AccountSid", "AC0123456789abcdef"),
        ("From", from),
        ("To", "+15005550006"),
        ("Body", body),
        ("NumSegments", "1"),
        ("FromCountry", "FR"),
    ]
    .iter()
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .collect()
}

#[tokio::test]
async fn the_webhook_takes_signed_sms_once_and_refuses_the_rest() {
    let store = store("in");
    let (socket, base) = bind().await;
    let public = format!("{base}{}", webhook::PATH);
    let s = settings("http://127.0.0.1:1", &public);
    let app = webhook::routes(Listener {
        arrivals: arbitre::daemon::arrivals::arrivals(
            store.clone(),
            Arc::new(tokio::sync::Notify::new()),
        ),
        settings: s.clone(),
    });
    tokio::spawn(async move { axum::serve(socket, app).await.unwrap() });
    let client = reqwest::Client::new();
    let post = |params: Vec<(String, String)>, sig: Option<String>| {
        let mut r = client.post(&public).form(&params);
        if let Some(sig) = sig {
            r = r.header("X-Twilio-Signature", sig);
        }
        r.send()
    };
    let pending = || store.lock().unwrap().pending_sms(100).unwrap();

    let good = form("SM1", "+33612345678", "#12 e5e6 é");
    let sig = signature::sign(&public, &good, &s.token);
    let r = post(good.clone(), Some(sig.clone())).await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.text().await.unwrap().contains("<Response></Response>"));
    let got = pending();
    assert_eq!(got.len(), 1);
    assert_eq!(
        (
            got[0].gateway.as_str(),
            got[0].key.as_str(),
            got[0].sender.as_str()
        ),
        ("webhook", "SM1", "+33612345678")
    );
    assert_eq!(got[0].text, "#12 e5e6 é");
    // The provider retries: the same MessageSid is not recorded twice.
    let r = post(good.clone(), Some(sig.clone())).await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(pending().len(), 1);

    // Forged: no signature, a signature of other parameters, a changed body, a signature
    // for another URL, another token.
    let forged = form("SM2", "+33699999999", "RESIGN");
    let cases = [
        None,
        Some(sig.clone()),
        Some(signature::sign(
            &public,
            &form("SM2", "+33699999999", "DRAW"),
            &s.token,
        )),
        Some(signature::sign(
            "https://elsewhere.example/sms/webhook",
            &forged,
            &s.token,
        )),
        Some(signature::sign(&public, &forged, "not-the-token")),
        Some("not base64 at all".to_string()),
    ];
    for sig in cases {
        let r = post(forged.clone(), sig.clone()).await.unwrap();
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "{sig:?}");
    }
    assert_eq!(pending().len(), 1, "nothing forged was recorded");
    // Without a form, or with a body too large to be a provider's: 403 or refused unread.
    let r = client.post(&public).body("{}").send().await.unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let big = vec![("Body".to_string(), "x".repeat(100_000))];
    let sig = signature::sign(&public, &big, &s.token);
    let r = post(big, Some(sig)).await.unwrap();
    assert!(r.status().is_client_error(), "{}", r.status());
    assert_eq!(pending().len(), 1);

    // A parameter the provider adds later is signed like the others.
    let mut more = form("SM3", "+33612345678", "BOARD");
    more.push(("SmsStatus".into(), "received".into()));
    let sig = signature::sign(&public, &more, &s.token);
    assert_eq!(
        post(more, Some(sig)).await.unwrap().status(),
        StatusCode::OK
    );
    assert_eq!(pending().len(), 2);
}

/// One request to the provider's API: the account in the path, the Authorization
/// header, the form.
type Request = (String, String, Vec<(String, String)>);

/// What the provider's API received.
#[derive(Clone, Default)]
struct Seen {
    requests: Arc<Mutex<Vec<Request>>>,
    status: Arc<Mutex<u16>>,
}

#[tokio::test]
async fn sms_go_to_the_accounts_messages_and_refusals_are_sorted() {
    use axum::extract::{Path, State};
    let seen = Seen::default();
    *seen.status.lock().unwrap() = 201;
    let app = axum::Router::new()
        .route(
            "/2010-04-01/Accounts/{account}/Messages.json",
            axum::routing::post(
                |State(seen): State<Seen>,
                 Path(account): Path<String>,
                 headers: HeaderMap,
                 axum::Form(params): axum::Form<Vec<(String, String)>>| async move {
                    let auth = headers
                        .get("authorization")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("")
                        .to_string();
                    seen.requests.lock().unwrap().push((account, auth, params));
                    let status = *seen.status.lock().unwrap();
                    (StatusCode::from_u16(status).unwrap(), "{\"sid\":\"SMx\"}")
                },
            ),
        )
        .with_state(seen.clone());
    let (socket, base) = bind().await;
    tokio::spawn(async move { axum::serve(socket, app).await.unwrap() });
    let s = settings(&base, "https://arbitre.example.org/sms/webhook");
    let client = reqwest::Client::new();
    let to = Phone::read("+33612345678", &[]).unwrap();

    webhook::send(&client, &s, &to, "#12 a1b2 accepted, passed on to Bob.")
        .await
        .unwrap();
    let requests = seen.requests.lock().unwrap().clone();
    assert_eq!(requests.len(), 1);
    let (account, auth, params) = &requests[0];
    assert_eq!(account, "AC0123456789abcdef");
    use base64::Engine;
    let expected =
        base64::engine::general_purpose::STANDARD.encode("AC0123456789abcdef:the-auth-token");
    assert_eq!(auth, &format!("Basic {expected}"));
    let get = |n: &str| params.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_str());
    assert_eq!(get("To"), Some("+33612345678"));
    assert_eq!(get("From"), Some("+15005550006"));
    assert_eq!(get("Body"), Some("#12 a1b2 accepted, passed on to Bob."));

    for (status, failure) in [
        (400, Failure::Refused),
        (401, Failure::Unreachable),
        (429, Failure::Deferred),
        (503, Failure::Unreachable),
    ] {
        *seen.status.lock().unwrap() = status;
        let e = webhook::send(&client, &s, &to, "x").await.unwrap_err();
        assert_eq!(e.failure, failure, "{status}: {e}");
        assert!(e.message.contains(&status.to_string()), "{e}");
    }
    // More than three segments is never sent.
    let e = webhook::send(&client, &s, &to, &"x".repeat(500))
        .await
        .unwrap_err();
    assert_eq!(e.failure, Failure::Refused);
    // A provider that is not there.
    let gone = settings("http://127.0.0.1:1", "https://x/sms/webhook");
    let e = webhook::send(&client, &gone, &to, "x").await.unwrap_err();
    assert_eq!(e.failure, Failure::Unreachable);
}
