//! A player's mail client for the local demo and test servers (`scripts/mail-servers.sh`):
//! send a message as a demo account, or read its inbox.
//!
//! ```text
//! cargo run -q --example mailbox -- send alice "a1b2"        # reply to arbitre's last mail
//! cargo run -q --example mailbox -- send alice --new "NEW abalone VS bob@arbitre.test"
//! cargo run -q --example mailbox -- inbox bob                 # the latest mail, decoded
//! cargo run -q --example mailbox -- inbox bob --all           # every subject
//! cargo run -q --example mailbox -- send bob --game 2 "i5h5"   # reply in game #2
//! cargo run -q --example mailbox -- inbox bob --game 2          # game #2's latest mail
//! ```
//!
//! `send` replies like a mail client would: to the Reply-To of the latest mail from arbitre
//! (the per-game address), with `Re:` and In-Reply-To/References, quoting it below the text.
//! With `--new` it writes a fresh mail to the bot address. `--game N` keeps to the mails of
//! game N (their `[arbitre #N]` Subject), for a player in several games. Bodies sent as
//! `format=flowed` are shown reflowed, without the stuffing spaces. Accounts are `NAME@DOMAIN` of the
//! env file (`ARBITRE_MAIL_ENV`, default `var/mail/env`); the bot is `arbitre@DOMAIN`.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use arbitre::config::{AfterProcessing, Security};
use arbitre::mail::imap::{ImapSettings, connect};
use futures::TryStreamExt;
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, CertificateStore, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use mail_parser::MimeHeaders;

struct Env(HashMap<String, String>);

impl Env {
    fn load() -> Env {
        let path = std::env::var_os("ARBITRE_MAIL_ENV")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("var/mail/env"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            eprintln!(
                "mailbox: no mail servers ({}: {e}); run `bash scripts/demo.sh` first",
                path.display()
            );
            std::process::exit(2)
        });
        Env(text
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect())
    }
    fn get(&self, k: &str) -> &str {
        &self.0[k]
    }
    fn address(&self, name: &str) -> String {
        if name.contains('@') {
            name.to_string()
        } else {
            format!("{name}@{}", self.get("ARBITRE_TEST_DOMAIN"))
        }
    }
    fn imap(&self, user: &str) -> ImapSettings {
        ImapSettings {
            host: "localhost".into(),
            port: self.get("ARBITRE_TEST_IMAPS_PORT").parse().unwrap(),
            security: Security::Tls,
            tls: arbitre::mail::tls::client_config(Some(self.get("ARBITRE_TEST_CA").as_ref()))
                .unwrap(),
            user: user.into(),
            password: self.get("ARBITRE_TEST_PASSWORD").into(),
            mailbox: "INBOX".into(),
            after: AfterProcessing::Flag,
            processed_folder: String::new(),
            keyword: "$Seen".into(),
            idle_renew: Duration::from_secs(60),
            poll: Duration::from_secs(60),
            max_message_bytes: 1 << 20,
            timeout: Duration::from_secs(10),
        }
    }
}

struct Mail {
    subject: String,
    from: String,
    reply_to: Option<String>,
    message_id: Option<String>,
    references: Vec<String>,
    date: String,
    body: String,
}

async fn inbox(env: &Env, user: &str) -> Vec<Mail> {
    let mut session = connect(&env.imap(user)).await.unwrap_or_else(|e| {
        eprintln!("mailbox: {e}");
        std::process::exit(1)
    });
    session.select("INBOX").await.unwrap();
    let fetches: Vec<_> = session
        .uid_fetch("1:*", "(UID BODY.PEEK[])")
        .await
        .unwrap()
        .try_collect()
        .await
        .unwrap();
    let mut out = Vec::new();
    for f in &fetches {
        let Some(raw) = f.body() else { continue };
        let Some(m) = mail_parser::MessageParser::default().parse(raw) else {
            continue;
        };
        let refs = match m.references() {
            mail_parser::HeaderValue::Text(t) => vec![t.to_string()],
            mail_parser::HeaderValue::TextList(l) => l.iter().map(|t| t.to_string()).collect(),
            _ => vec![],
        };
        out.push(Mail {
            subject: m.subject().unwrap_or("").to_string(),
            from: m
                .from()
                .and_then(|a| a.first())
                .and_then(|a| a.address())
                .unwrap_or("")
                .to_string(),
            reply_to: m
                .reply_to()
                .and_then(|a| a.first())
                .and_then(|a| a.address())
                .map(str::to_string),
            message_id: m.message_id().map(str::to_string),
            references: refs,
            date: m.date().map(|d| d.to_rfc3339()).unwrap_or_default(),
            body: body_of(&m),
        });
    }
    session.logout().await.ok();
    out
}

/// The first text part, reflowed when it is `format=flowed` (RFC 3676).
fn body_of(m: &mail_parser::Message) -> String {
    let text = m.body_text(0).map(|b| b.to_string()).unwrap_or_default();
    let flowed = m
        .text_part(0)
        .and_then(|p| p.content_type())
        .and_then(|ct| ct.attribute("format"))
        .is_some_and(|f| f.eq_ignore_ascii_case("flowed"));
    if flowed {
        arbitre::mail::flowed::decode(&text)
    } else {
        text
    }
}

/// `--game N` among `args`: the game whose mails to keep to, and the other arguments.
fn game_option(args: &[String]) -> (Option<String>, Vec<String>) {
    let mut game = None;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--game" {
            match it.next().filter(|n| n.parse::<u64>().is_ok()) {
                Some(n) => game = Some(n.clone()),
                None => {
                    eprintln!("mailbox: --game needs a game number");
                    std::process::exit(2)
                }
            }
        } else {
            rest.push(a.clone());
        }
    }
    (game, rest)
}

/// Whether `m` is a mail of game `game` (every mail when none is named).
fn of_game(m: &Mail, game: Option<&str>) -> bool {
    game.is_none_or(|n| m.subject.contains(&format!("[arbitre #{n}]")))
}

async fn send(env: &Env, user: &str, to: &str, subject: &str, body: &str, reply: Option<&Mail>) {
    let pem = std::fs::read(env.get("ARBITRE_TEST_CA")).unwrap();
    let params = TlsParameters::builder("localhost".into())
        .certificate_store(CertificateStore::None)
        .add_root_certificate(Certificate::from_pem(&pem).unwrap())
        .build_rustls()
        .unwrap();
    let smtp = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("localhost")
        .port(env.get("ARBITRE_TEST_SUBMISSION_PORT").parse().unwrap())
        .tls(Tls::Required(params))
        .credentials(Credentials::new(
            user.into(),
            env.get("ARBITRE_TEST_PASSWORD").into(),
        ))
        .build();
    let mut headers = format!(
        "From: {user}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{}.{}@{}>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_micros(),
        env.get("ARBITRE_TEST_DOMAIN")
    );
    let mut text = format!("{body}\r\n");
    if let Some(r) = reply {
        if let Some(id) = &r.message_id {
            let mut refs: Vec<String> = r.references.iter().map(|x| format!("<{x}>")).collect();
            refs.push(format!("<{id}>"));
            headers.push_str(&format!(
                "In-Reply-To: <{id}>\r\nReferences: {}\r\n",
                refs.join(" ")
            ));
        }
        text.push_str(&format!("\r\nOn {}, {} wrote:\r\n", r.date, r.from));
        for line in r.body.lines() {
            text.push_str(&format!("> {line}\r\n"));
        }
    }
    let raw = format!("{headers}\r\n{text}");
    let envelope = Envelope::new(Some(user.parse().unwrap()), vec![to.parse().unwrap()]).unwrap();
    smtp.send_raw(&envelope, raw.as_bytes())
        .await
        .unwrap_or_else(|e| {
            eprintln!("mailbox: sending failed: {e}");
            std::process::exit(1)
        });
    println!("{user} -> {to}: {subject}\n  {body}");
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, args) = game_option(&args);
    let game = game.as_deref();
    let env = Env::load();
    let usage = || {
        eprintln!(
            "usage: mailbox send NAME [--game N] [--new] TEXT | mailbox inbox NAME [--game N] [--all]"
        );
        std::process::exit(2)
    };
    match args.first().map(String::as_str) {
        Some("send") if args.len() >= 3 => {
            let user = env.address(&args[1]);
            let new = args.iter().any(|a| a == "--new");
            let text: Vec<&str> = args[2..]
                .iter()
                .filter(|a| *a != "--new")
                .map(String::as_str)
                .collect();
            let text = text.join(" ");
            let bot = env.address("arbitre");
            let last = if new {
                None
            } else {
                inbox(&env, &user)
                    .await
                    .into_iter()
                    .rev()
                    .find(|m| m.from.starts_with("arbitre") && of_game(m, game))
            };
            if let (None, Some(n), false) = (&last, game, new) {
                eprintln!("mailbox: {user} has no mail of game #{n} to reply to");
                std::process::exit(1)
            }
            match last {
                Some(m) => {
                    let to = m.reply_to.clone().unwrap_or(bot);
                    let subject = if m.subject.starts_with("Re:") {
                        m.subject.clone()
                    } else {
                        format!("Re: {}", m.subject)
                    };
                    send(&env, &user, &to, &subject, &text, Some(&m)).await;
                }
                None => send(&env, &user, &bot, &text, &text, None).await,
            }
        }
        Some("inbox") if args.len() >= 2 => {
            let user = env.address(&args[1]);
            let mails: Vec<Mail> = inbox(&env, &user)
                .await
                .into_iter()
                .filter(|m| of_game(m, game))
                .collect();
            if mails.is_empty() {
                match game {
                    Some(n) => println!("{user}: no mail of game #{n} yet."),
                    None => println!("{user}: no mail yet."),
                }
                return;
            }
            if args.iter().any(|a| a == "--all") {
                for (i, m) in mails.iter().enumerate() {
                    println!(
                        "{:>3}. {}  {}",
                        i + 1,
                        m.subject,
                        m.body.lines().next().unwrap_or("")
                    );
                }
            } else {
                let m = mails.last().unwrap();
                println!(
                    "{user}: mail {} of {}\nFrom: {}\nSubject: {}\n\n{}",
                    mails.len(),
                    mails.len(),
                    m.from,
                    m.subject,
                    m.body.trim_end()
                );
            }
        }
        _ => usage(),
    }
}
