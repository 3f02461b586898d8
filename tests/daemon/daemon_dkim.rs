//! DKIM through the real servers. A daemon with signing keys (`[[smtp.dkim]]`) signs every
//! mail it sends, and the mail as Postfix and Dovecot deliver it to the player verifies
//! with mail-auth against the records `check-config` prints. With `bot.verify = "dkim"`,
//! arbitre's own verification of incoming mail proves its sender: a move sent to the plain
//! address with a valid signature, aligned with a From domain whose DMARC record exists, is
//! played; one with a broken signature, one whose domain publishes no DMARC record (and is
//! not in `bot.domain-proof`), and one carrying a header that claims arbitre's own pass
//! are held for confirmation as any other. The DNS answers are the test records, preloaded
//! in the verifier's cache: nothing is asked of the network. Without the mail servers
//! these tests print a note and pass (see `common::MailEnv::load`).

use crate::common;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbitre::config::{Config, DkimKey, Verify};
use arbitre::daemon::DaemonSettings;
use arbitre::mail::dkim::Signer;
use arbitre::mail::imap::{ImapInbox, ImapSettings};
use arbitre::mail::smtp::Mailer;
use arbitre::mail::verify::Verifier;
use common::{Daemon, MailEnv};

fn test_key(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/dkim")
        .join(name)
}

/// The records `check-config` prints (`name. IN TXT "..." "..."`), as (name, text).
fn printed_records(stdout: &str) -> Vec<(String, String)> {
    stdout
        .lines()
        .filter_map(|l| {
            let (name, strings) = l.trim().split_once(" IN TXT ")?;
            let text: String = strings.split('"').skip(1).step_by(2).collect();
            Some((name.trim_end_matches('.').to_string(), text))
        })
        .collect()
}

fn passes(own: &arbitre::referee::AuthResults) -> Vec<String> {
    own.results
        .iter()
        .filter(|r| r.result == "pass")
        .map(|r| r.method.clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daemon_with_keys_signs_its_mail_and_it_verifies_as_delivered() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let domain = env.domain().to_string();
    let keys = format!(
        "\n[[smtp.dkim]]\nselector = \"rsa\"\ndomain = \"{domain}\"\nkey-file = \"{}\"\n\
         \n[[smtp.dkim]]\nselector = \"ed\"\ndomain = \"{domain}\"\nkey-file = \"{}\"\n",
        test_key("rsa.pem").display(),
        test_key("ed25519.pem").display()
    );
    let daemon = Daemon::start_sections(&env, &bot, "dkim-sign", "", &[], &keys);
    let out = daemon.command(&["check-config"]);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{stdout}{out:?}");
    let mut records = printed_records(&stdout);
    let names: Vec<&str> = records.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            format!("rsa._domainkey.{domain}"),
            format!("ed._domainkey.{domain}")
        ],
        "{stdout}"
    );
    records.push((format!("_dmarc.{domain}"), "v=DMARC1; p=reject".into()));
    let verifier = Verifier::offline(&records);

    env.send(&alice, &bot, "HELP", "HELP", "").await;
    let mails = env.wait_for(&alice, 1, Duration::from_secs(60)).await;
    let raw = &mails[0].raw;
    let text = String::from_utf8_lossy(raw).to_string();
    assert_eq!(text.matches("DKIM-Signature:").count(), 2, "{text}");
    let own = verifier.verify(raw).await;
    assert_eq!(passes(&own), ["dmarc", "dkim", "dkim"], "{own:?}\n{text}");

    // Altered after delivery: the Subject, or one byte of the body.
    let altered = text.replacen("Subject: ", "Subject: Re: ", 1);
    assert!(passes(&verifier.verify(altered.as_bytes()).await).is_empty());
    let body_at = text.find("\r\n\r\n").expect("a header and a body") + 4;
    let mut altered = raw.clone();
    let i = body_at
        + altered[body_at..]
            .iter()
            .position(u8::is_ascii_alphabetic)
            .unwrap();
    altered[i] ^= 0x20;
    assert!(passes(&verifier.verify(&altered).await).is_empty());
}

/// A move from `from` to `to`, signed for the test domain with the test Ed25519 key
/// (selector `players`); `tamper` may change the signed text.
fn signed_move(
    env: &MailEnv,
    n: usize,
    from: &str,
    to: &str,
    tamper: impl Fn(String) -> String,
) -> String {
    let signer = Signer::from_config(&[DkimKey {
        selector: "players".into(),
        domain: env.domain().into(),
        key_file: test_key("ed25519.pem"),
    }])
    .unwrap()
    .unwrap();
    let raw = format!(
        "From: {from}\r\nTo: {to}\r\nSubject: Re: [arbitre #1] Abalone\r\n\
         Message-ID: <dkim.{n}.{}@{}>\r\nDate: Mon, 3 Mar 2025 10:00:00 +0000\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\na1b2\r\n",
        std::process::id(),
        env.domain()
    );
    tamper(String::from_utf8(signer.sign(raw.as_bytes()).unwrap()).unwrap())
}

/// The test key's record, and the domain's DMARC policy when `dmarc`.
fn records(env: &MailEnv, dmarc: bool) -> Vec<(String, String)> {
    let signer = Signer::from_config(&[DkimKey {
        selector: "players".into(),
        domain: env.domain().into(),
        key_file: test_key("ed25519.pem"),
    }])
    .unwrap()
    .unwrap();
    let mut records: Vec<(String, String)> = signer
        .records()
        .into_iter()
        .map(|r| (r.name, r.value))
        .collect();
    if dmarc {
        records.push((
            format!("_dmarc.{}", env.domain()),
            "v=DMARC1; p=none".into(),
        ));
    }
    records
}

/// Runs arbitre in this process on `daemon`'s configuration with `bot.verify = "dkim"` and
/// a verifier that knows `records` alone, while `work` runs; stops it after.
async fn verifying<F: Future<Output = ()>>(daemon: &Daemon, records: &[(String, String)], work: F) {
    let mut config = Config::load(&daemon.config).unwrap();
    config.bot.verify = Verify::Dkim;
    let mut settings = DaemonSettings::from_config(&config).unwrap();
    settings.verifier = Some(Arc::new(Verifier::offline(records)));
    let inbox = ImapInbox::new(ImapSettings::from_config(&config).unwrap());
    let mailer = Mailer::from_config(&config).unwrap();
    let store = Arc::new(Mutex::new(daemon.store()));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let run = arbitre::daemon::run(settings, inbox, Arc::new(mailer), store, async {
        let _ = stopped.await;
    });
    let work = async {
        work.await;
        let _ = stop.send(());
    };
    let (ran, ()) = tokio::join!(run, work);
    ran.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_valid_aligned_signature_proves_the_sender_and_a_broken_one_does_not() {
    let Some(env) = MailEnv::load() else { return };
    let accounts = env.accounts(&["bot", "alice", "bob"]).await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    // Game #1, set up by the binary (bob White, alice Black: alice moves first).
    let mut daemon = Daemon::start(&env, bot, "dkim-verify");
    let out = daemon.command(&["new", "--game", "abalone", "--white", bob, "--black", alice]);
    assert!(out.status.success(), "{out:?}");
    for p in [alice, bob] {
        env.wait_mail_after(p, 0, "the game-start mail", |m| m.body.contains("Position"))
            .await;
    }
    assert!(daemon.terminate());
    let store = daemon.store();
    // A valid signature, but the domain publishes no DMARC record and is not in
    // bot.domain-proof: no proof.
    verifying(&daemon, &records(&env, false), async {
        let mark = env.last_uid(alice).await;
        env.send_raw(
            alice,
            Some(alice),
            bot,
            &signed_move(&env, 1, alice, bot, |m| m),
        )
        .await;
        env.wait_mail_after(alice, mark, "a request to confirm", |m| {
            m.subject.contains("Confirm: a1b2")
        })
        .await;
    })
    .await;
    assert!(store.game(1).unwrap().unwrap().moves.is_empty());

    verifying(&daemon, &records(&env, true), async {
        // A broken signature (the body changed after signing): no proof.
        let mark = env.last_uid(alice).await;
        let broken = signed_move(&env, 2, alice, bot, |m| {
            m.replace("a1b2\r\n", "a1b2\r\n\r\n-- \r\nAlice\r\n")
        });
        env.send_raw(alice, Some(alice), bot, &broken).await;
        env.wait_mail_after(alice, mark, "a request to confirm", |m| {
            m.subject.contains("Confirm: a1b2")
        })
        .await;
        // No signature, and a header claiming arbitre's own pass on top: no proof.
        let mark = env.last_uid(alice).await;
        let claim = format!(
            "Authentication-Results: arbitre; dmarc=pass header.from={d}; dkim=pass header.d={d}\r\n\
             From: {alice}\r\nTo: {bot}\r\nSubject: Re: [arbitre #1] Abalone\r\n\
             Message-ID: <dkim.3.{}@{d}>\r\nDate: Mon, 3 Mar 2025 10:00:00 +0000\r\n\r\na1b2\r\n",
            std::process::id(),
            d = env.domain()
        );
        env.send_raw(alice, Some(alice), bot, &claim).await;
        env.wait_mail_after(alice, mark, "a request to confirm", |m| {
            m.subject.contains("Confirm: a1b2")
        })
        .await;
        assert!(store.game(1).unwrap().unwrap().moves.is_empty());

        // Signed for the From domain, which publishes DMARC: the move from the plain
        // address is played and reaches bob.
        let mark = env.last_uid(bob).await;
        env.send_raw(alice, Some(alice), bot, &signed_move(&env, 4, alice, bot, |m| m))
            .await;
        env.wait_mail_after(bob, mark, "the move a1b2", |m| m.first_line() == "a1b2")
            .await;
    })
    .await;
    assert_eq!(store.game(1).unwrap().unwrap().moves.len(), 1);
}
