//! arbitre's Kannel adapter against a real Kannel (bearerbox and smsbox, with the fake
//! SMSC of kannel-extras standing for the phones; `scripts/sms-gateway.sh`): an SMS from a
//! phone reaches the store's SMS inbox once, even when smsbox must try again because
//! arbitre's listener was down; a request without the secret changes nothing; arbitre's
//! SMS reach the phones, in GSM-7 or UCS-2 as their text needs.

mod common;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbitre::gateway::kannel::{self, KannelSettings, Listener};
use arbitre::sms::phone::Phone;
use arbitre::store::Store;
use arbitre::store::testing::location_for;
use common::sms::SmsEnv;

fn settings_of(g: &SmsEnv) -> KannelSettings {
    KannelSettings {
        sendsms_url: g.var("ARBITRE_SMS_SENDSMS_URL").to_string(),
        username: g.var("ARBITRE_SMS_USER").to_string(),
        password: g.var("ARBITRE_SMS_PASSWORD").to_string(),
        sender: None,
        secret: g.var("ARBITRE_SMS_SECRET").to_string(),
        dlr_url: Some(format!(
            "http://{}/kannel/dlr?secret={}",
            g.var("ARBITRE_SMS_LISTEN"),
            g.var("ARBITRE_SMS_SECRET")
        )),
    }
}

async fn eventually(what: &str, within: Duration, mut ok: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ok() {
        assert!(start.elapsed() < within, "not within {within:?}: {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The referee's settings the SMS outbox decides a failed SMS with.
fn sms_referee_config() -> arbitre::referee::RefereeConfig {
    arbitre::referee::RefereeConfig {
        address: "arbitre@example.org".into(),
        plus_addressing: true,
        keys: arbitre::keys::Keyring::new("sms test secret"),
        default_lang: arbitre::text::Lang::EN,
        max_replies_per_hour: 30,
        max_message_bytes: 64 * 1024,
        authserv_id: None,
        domain_proof: Vec::new(),
        trust_unverified_senders: false,
        clock: Default::default(),
        sms: Default::default(),
        public_url: None,
    }
}

fn store(name: &str) -> Arc<Mutex<Store>> {
    let dir = std::env::temp_dir().join(format!("arbitre-sms-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let location = location_for(&dir, "s.sqlite", &format!("kannel-{name}"));
    Arc::new(Mutex::new(Store::connect(&location).unwrap()))
}

async fn listen(g: &SmsEnv, store: &Arc<Mutex<Store>>) -> tokio::task::JoinHandle<()> {
    let listener = tokio::net::TcpListener::bind(g.var("ARBITRE_SMS_LISTEN"))
        .await
        .unwrap();
    let app = kannel::routes(Listener {
        arrivals: arbitre::daemon::arrivals::arrivals(
            store.clone(),
            Arc::new(tokio::sync::Notify::new()),
        ),
        secret: g.var("ARBITRE_SMS_SECRET").to_string(),
    });
    tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    })
}

/// One test: the listener's port is shared by all of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sms_go_both_ways_through_a_real_kannel_exactly_once() {
    let Some(g) = SmsEnv::load() else { return };
    let store = store("kannel");
    let pending = |s: &Arc<Mutex<Store>>| s.lock().unwrap().pending_sms(100).unwrap();

    // arbitre's listener is down when the phone sends: smsbox tries again until it is up,
    // and the SMS is recorded once.
    let tag = std::process::id();
    let text = format!("#12 e5e6 accepté {tag}");
    g.phone_sends("+33612345678", &text);
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(pending(&store).is_empty());
    let server = listen(&g, &store).await;
    eventually("the SMS reaches the inbox", Duration::from_secs(20), || {
        pending(&store).iter().any(|m| m.text == text)
    })
    .await;
    let got = pending(&store);
    let ours: Vec<_> = got.iter().filter(|m| m.text == text).collect();
    assert_eq!(ours.len(), 1, "{got:?}");
    assert_eq!(ours[0].sender, "+33612345678");
    assert_eq!(ours[0].gateway, "kannel");
    assert!(!ours[0].key.is_empty(), "Kannel's id for it");

    // The same SMS handed over again (a retry after a lost answer) is not recorded twice.
    let client = reqwest::Client::new();
    let url = format!("http://{}/kannel/mo", g.var("ARBITRE_SMS_LISTEN"));
    let again = client
        .get(&url)
        .query(&[
            ("secret", g.var("ARBITRE_SMS_SECRET")),
            ("id", ours[0].key.as_str()),
            ("from", "+33612345678"),
            ("text", text.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 200);
    assert_eq!(pending(&store).iter().filter(|m| m.text == text).count(), 1);
    // Without the secret: refused, nothing recorded.
    let forged = client
        .get(&url)
        .query(&[
            ("secret", "guess"),
            ("id", "x1"),
            ("from", "+33611111111"),
            ("text", "resign"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 403);
    assert!(pending(&store).iter().all(|m| m.text != "resign"));

    // arbitre's SMS reach the phone: GSM-7 as text, anything else as UCS-2.
    let to = Phone::read("+33698765432", &[]).unwrap();
    let plain = format!("#12 Abalone, Bob a joué a1b2. C'est à vous {tag}");
    kannel::send(&client, &settings_of(&g), &to, &plain, None)
        .await
        .unwrap();
    let wide = format!("Françoise {tag}");
    kannel::send(&client, &settings_of(&g), &to, &wide, None)
        .await
        .unwrap();
    let phones = PathBuf::from(g.var("ARBITRE_SMS_PHONES_LOG"));
    let read = || std::fs::read_to_string(&phones).unwrap_or_default();
    eventually("both SMS reach the phone", Duration::from_secs(20), || {
        let log = read();
        log.contains(&format!("+33698765432 text {plain}>"))
            && log
                .lines()
                .any(|l| l.contains("+33698765432 ucs-2") && decode_ucs2(l) == wide)
    })
    .await;
    // Delivery reports: smsbox calls the dlr-url given with each SMS; the report lands
    // on the SMS's outbox row, a final word is never replaced by one on the way, and a
    // report without the secret changes nothing.
    let sms_id = format!("arbitre.dlr{tag}.0.sms@arbitre.test");
    {
        use arbitre::referee::{AutoKind, Channel, Decision, Outgoing};
        let sms = Outgoing {
            to: "+33698765432".into(),
            subject: String::new(),
            body: "#1 a1b2 accepted".into(),
            message_id: sms_id.clone(),
            in_reply_to: None,
            references: vec![],
            reply_to: None,
            game: Some(1),
            auto: AutoKind::Replied,
            turn: None,
            channel: Channel::Sms,
            sms: None,
            not_before: None,
            picture: None,
        };
        let d = Decision {
            outbox: vec![sms],
            ..Decision::default()
        };
        store.lock().unwrap().commit(&d, None, 1).unwrap();
    }
    let q = kannel::sendsms_query(&settings_of(&g), &to, "x", Some(&sms_id));
    let dlr_url = q.iter().find(|(n, _)| *n == "dlr-url").unwrap().1.clone();
    let report = |status: &str, secret: bool| {
        let mut url = dlr_url.replace("%d", status);
        if !secret {
            url = url.replace(g.var("ARBITRE_SMS_SECRET"), "guess");
        }
        client.get(url).send()
    };
    assert_eq!(report("8", true).await.unwrap().status(), 200);
    let delivery = || store.lock().unwrap().delivery(&sms_id).unwrap();
    assert_eq!(delivery().as_deref(), Some("accepted"));
    assert_eq!(report("1", false).await.unwrap().status(), 403);
    assert_eq!(delivery().as_deref(), Some("accepted"));
    assert_eq!(report("1", true).await.unwrap().status(), 200);
    assert_eq!(report("4", true).await.unwrap().status(), 200);
    assert_eq!(delivery().as_deref(), Some("delivered"));
    // `check-config`'s check: the credentials pass, or the answer says they do not.
    let ok = kannel::check(&client, &settings_of(&g)).await.unwrap();
    assert!(ok.contains("takes the sendsms user `arbitre`"), "{ok}");
    // A refused request is an error that says why.
    let mut bad = settings_of(&g);
    bad.password = "wrong".into();
    let e = kannel::check(&client, &bad).await.unwrap_err();
    assert!(e.contains("refuses the sendsms user"), "{e}");
    let e = kannel::send(&client, &bad, &to, "x", None)
        .await
        .unwrap_err();
    assert_eq!(e.failure, arbitre::mail::smtp::Failure::Unreachable, "{e}");
    assert!(e.message.contains("403"), "{e}");
    server.abort();
}

/// The text of a fake SMSC line `<from to ucs-2 %00F%00r...>`: URL-encoded UTF-16BE.
fn decode_ucs2(line: &str) -> String {
    let data = line
        .rsplit_once("ucs-2 ")
        .map(|(_, d)| d.trim_end_matches('>'))
        .unwrap_or("");
    let mut bytes = Vec::new();
    let mut it = data.bytes();
    while let Some(b) = it.next() {
        if b == b'%' {
            let hex: String = [it.next().unwrap(), it.next().unwrap()]
                .iter()
                .map(|&c| c as char)
                .collect();
            bytes.push(u8::from_str_radix(&hex, 16).unwrap());
        } else if b == b'+' {
            bytes.push(b' ');
        } else {
            bytes.push(b);
        }
    }
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|p| u16::from_be_bytes([p[0], p[1]]))
        .collect();
    String::from_utf16_lossy(&units)
}

/// The outbox's SMS leave through Kannel, each once, and the SMS sender leaves mail alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_outbox_sends_its_sms_through_kannel_and_only_them() {
    use arbitre::daemon::outbound::{self, OutboundSettings};
    use arbitre::referee::{AutoKind, Channel, Decision, Outgoing};
    use arbitre::store::RetryPolicy;

    let Some(g) = SmsEnv::load() else { return };
    let store = store("outbox");
    let tag = std::process::id();
    let message = |id: &str, to: &str, channel: Channel, body: String| Outgoing {
        to: to.into(),
        subject: String::new(),
        body,
        message_id: id.into(),
        in_reply_to: None,
        references: vec![],
        reply_to: None,
        game: Some(1),
        auto: AutoKind::Generated,
        turn: None,
        channel,
        sms: None,
        not_before: None,
        picture: None,
    };
    let sms: Vec<String> = (0..3).map(|i| format!("#1 your move {i} {tag}")).collect();
    let mut decision = Decision::default();
    for (i, text) in sms.iter().enumerate() {
        decision.outbox.push(message(
            &format!("sms.{tag}.{i}"),
            "+33655555555",
            Channel::Sms,
            text.clone(),
        ));
    }
    decision.outbox.push(message(
        &format!("mail.{tag}@x"),
        "bob@example.org",
        Channel::Mail,
        "a mail".into(),
    ));
    store.lock().unwrap().commit(&decision, None, 1).unwrap();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let settings = OutboundSettings {
        retry: RetryPolicy {
            min_seconds: 1,
            max_seconds: 2,
            give_up_seconds: 60,
        },
        outbox_poll: Duration::from_millis(200),
        send_concurrency: 2,
        channel: Channel::Sms,
        caps: arbitre::store::sms::Caps {
            per_number: 30,
            in_all: 1000,
            codes: 50,
        },
        referee: Arc::new(sms_referee_config()),
    };
    let sender = Arc::new(kannel::KannelSender {
        client: reqwest::Client::new(),
        settings: settings_of(&g),
    });
    let n = Arc::new(tokio::sync::Notify::new());
    let task = tokio::spawn(outbound::run(
        settings,
        sender,
        store.clone(),
        n.clone(),
        n.clone(),
        n.clone(),
        stop_rx,
    ));
    let phones = PathBuf::from(g.var("ARBITRE_SMS_PHONES_LOG"));
    eventually(
        "the three SMS reach the phone",
        Duration::from_secs(20),
        || {
            let log = std::fs::read_to_string(&phones).unwrap_or_default();
            sms.iter()
                .all(|t| log.contains(&format!("+33655555555 text {t}>")))
        },
    )
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop_tx.send(true).unwrap();
    task.await.unwrap().unwrap();
    let log = std::fs::read_to_string(&phones).unwrap_or_default();
    for t in &sms {
        assert_eq!(log.matches(&format!("text {t}>")).count(), 1, "once: {t}");
    }
    let s = store.lock().unwrap();
    assert_eq!(s.due_on(Channel::Sms, i64::MAX, 10).unwrap().len(), 0);
    let mail = s.due_on(Channel::Mail, i64::MAX, 10).unwrap();
    assert_eq!(mail.len(), 1, "the mail waits for the mail sender");
    assert_eq!(mail[0].mail.channel, Channel::Mail);
}
