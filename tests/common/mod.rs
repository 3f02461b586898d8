//! Helpers for the integration tests against the real Dovecot and Postfix started by
//! `scripts/mail-servers.sh` (`bash scripts/test.sh` starts them): the servers' addresses,
//! fresh accounts, sending raw mail by SMTP submission (STARTTLS + AUTH), reading a mailbox by
//! IMAPS, and running `arbitre run` as a child process.
//!
//! The servers are found through the env file the script writes (`$ARBITRE_MAIL_ENV`, else
//! `var/mail/env`). Without it, tests print a note and pass when run by hand, but fail
//! under `CI=true`.

#![allow(dead_code)]

pub mod bench;
pub mod floor;
pub mod games;
pub mod hostile;
#[path = "../skip/mod.rs"]
pub mod skip;
pub mod sms;

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use arbitre::config::{AfterProcessing, Security};
use arbitre::mail::imap::{ImapSettings, connect};
use futures::TryStreamExt;
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, CertificateStore, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

/// The test mail servers.
#[derive(Clone, Debug)]
pub struct MailEnv {
    vars: HashMap<String, String>,
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// How many mails a daemon sends at once (`[smtp] connections`) in the tests that bound
/// the copies a kill may repeat (outbox kill, crash burst, pair burst): each kill repeats
/// at most this many. They set it, whatever the default.
pub const SEND_CONCURRENCY: usize = 4;

impl MailEnv {
    /// The start of a bench run against the test servers. Outside `cargo bench` (`cargo
    /// test --all-targets` runs benches without `--bench`) it says how to run it and gives
    /// `None`; under it, the two-thread runtime the benches run on and the mail servers,
    /// stopping with how to start them when they are not running.
    pub fn for_bench(name: &str, needs: &str) -> Option<(tokio::runtime::Runtime, MailEnv)> {
        if !std::env::args().any(|a| a == "--bench") {
            println!("{name}: run it with `cargo bench --bench {name}` (needs {needs})");
            return None;
        }
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let env = MailEnv::load().expect("start the servers: bash scripts/mail-servers.sh start");
        Some((rt, env))
    }

    /// The servers, or `None` (with a note) when they are not running and this is not CI.
    pub fn load() -> Option<MailEnv> {
        let path = std::env::var_os("ARBITRE_MAIL_ENV")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("var/mail/env"));
        let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                assert!(
                    !ci,
                    "the test mail servers are not set up ({}: {e}); run `bash scripts/test.sh`",
                    path.display()
                );
                skip::skipped(&format!(
                    "no test mail servers ({}); start them with `bash scripts/mail-servers.sh start` (as root)",
                    path.display()
                ));
                return None;
            }
        };
        let vars: HashMap<String, String> = text
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .collect();
        let env = MailEnv { vars };
        let port = env.port("ARBITRE_TEST_IMAPS_PORT");
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                !ci,
                "the test IMAP server does not answer on port {port}; run `bash scripts/test.sh`"
            );
            skip::skipped(
                "the test mail servers are stopped; start them with `bash scripts/mail-servers.sh start` (as root)",
            );
            return None;
        }
        Some(env)
    }

    /// A variable of the env file.
    pub fn var(&self, name: &str) -> &str {
        self.vars
            .get(name)
            .unwrap_or_else(|| panic!("{name} missing from the env file"))
    }

    /// A port from the env file.
    pub fn port(&self, name: &str) -> u16 {
        self.var(name).parse().unwrap()
    }

    /// The test domain.
    pub fn domain(&self) -> &str {
        self.var("ARBITRE_TEST_DOMAIN")
    }

    /// The accounts' password.
    pub fn password(&self) -> &str {
        self.var("ARBITRE_TEST_PASSWORD")
    }

    /// The CA file.
    pub fn ca(&self) -> PathBuf {
        PathBuf::from(self.var("ARBITRE_TEST_CA"))
    }

    /// Creates fresh accounts `NAME-<unique>@domain` and waits until Dovecot knows them.
    pub async fn accounts(&self, names: &[&str]) -> Vec<String> {
        let stamp = format!(
            "{}x{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis()
                % 1_000_000
        );
        let mut addresses = Vec::new();
        let mut lines = String::new();
        for name in names {
            let n = COUNTER.fetch_add(1, Ordering::SeqCst);
            let a = format!("{name}-{stamp}-{n}@{}", self.domain());
            lines.push_str(&format!("{a}:{{PLAIN}}{}::::::\n", self.password()));
            addresses.push(a);
        }
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(self.var("ARBITRE_TEST_USERS"))
            .unwrap();
        f.write_all(lines.as_bytes()).unwrap();
        drop(f);
        // Dovecot rereads the passwd-file about a second later.
        let deadline = Instant::now() + Duration::from_secs(15);
        for a in &addresses {
            loop {
                if connect(&self.imap_settings(a)).await.is_ok() {
                    break;
                }
                assert!(Instant::now() < deadline, "Dovecot never learnt {a}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
        addresses
    }

    /// IMAP settings to read `user`'s mailbox.
    pub fn imap_settings(&self, user: &str) -> ImapSettings {
        ImapSettings {
            host: "localhost".into(),
            port: self.port("ARBITRE_TEST_IMAPS_PORT"),
            security: Security::Tls,
            tls: arbitre::mail::tls::client_config(Some(&self.ca())).unwrap(),
            user: user.into(),
            password: self.password().into(),
            mailbox: "INBOX".into(),
            after: AfterProcessing::Flag,
            processed_folder: "done".into(),
            keyword: "$ArbitreProcessed".into(),
            idle_renew: Duration::from_secs(60),
            poll: Duration::from_secs(60),
            max_message_bytes: 1 << 20,
            timeout: Duration::from_secs(10),
        }
    }

    /// The TLS settings that trust the test servers' own certificate authority.
    pub fn smtp_tls(&self) -> TlsParameters {
        let pem = std::fs::read(self.ca()).unwrap();
        TlsParameters::builder("localhost".into())
            .certificate_store(CertificateStore::None)
            .add_root_certificate(Certificate::from_pem(&pem).unwrap())
            .build_rustls()
            .unwrap()
    }

    fn smtp(&self, user: &str) -> AsyncSmtpTransport<Tokio1Executor> {
        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("localhost")
            .port(self.port("ARBITRE_TEST_SUBMISSION_PORT"))
            .tls(Tls::Required(self.smtp_tls()))
            .credentials(Credentials::new(user.into(), self.password().into()))
            .build()
    }

    /// Submits a raw message as `from` (SMTP AUTH) to `to`; `envelope_from: None` sends with
    /// an empty reverse path (a bounce).
    pub async fn send_raw(&self, from: &str, envelope_from: Option<&str>, to: &str, raw: &str) {
        let envelope = Envelope::new(
            envelope_from.map(|a| a.parse().unwrap()),
            vec![to.parse().unwrap()],
        )
        .unwrap();
        let raw = raw.replace("\r\n", "\n").replace('\n', "\r\n");
        self.smtp(from)
            .send_raw(&envelope, raw.as_bytes())
            .await
            .unwrap_or_else(|e| panic!("submission as {from} failed: {e}"));
    }

    /// Delivers a raw message the way another domain's server would: plain SMTP to the
    /// test domain's MX port, no AUTH (works while Dovecot, which checks passwords, is down).
    pub async fn deliver_from_outside(&self, envelope_from: &str, to: &str, raw: &str) {
        let envelope = Envelope::new(
            Some(envelope_from.parse().unwrap()),
            vec![to.parse().unwrap()],
        )
        .unwrap();
        let raw = raw.replace("\r\n", "\n").replace('\n', "\r\n");
        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
            .port(self.port("ARBITRE_TEST_SMTP_PORT"))
            .tls(Tls::None)
            .build()
            .send_raw(&envelope, raw.as_bytes())
            .await
            .unwrap_or_else(|e| panic!("delivery to {to} failed: {e}"));
    }

    /// Puts a raw message straight into `user`'s Maildir (`new/`), as a local delivery agent
    /// other than Dovecot's LMTP would (procmail, Postfix's own `virtual`): works while
    /// Dovecot is stopped.
    pub fn drop_into_maildir(&self, user: &str, raw: &str) {
        use std::os::unix::fs::MetadataExt;
        let (local, domain) = user.split_once('@').unwrap();
        let maildir = Path::new(self.var("ARBITRE_TEST_STATE"))
            .join("mailboxes")
            .join(domain)
            .join(local)
            .join("Maildir");
        let owner =
            std::fs::metadata(&maildir).unwrap_or_else(|e| panic!("{}: {e}", maildir.display()));
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap();
        let name = format!("{}.P{}Q{n}.arbitre-test", now.as_secs(), std::process::id());
        let tmp = maildir.join("tmp").join(&name);
        std::fs::write(&tmp, raw.replace("\r\n", "\n")).unwrap();
        std::os::unix::fs::chown(&tmp, Some(owner.uid()), Some(owner.gid())).unwrap();
        std::fs::rename(&tmp, maildir.join("new").join(&name)).unwrap();
    }

    /// Sends an ordinary plain-text mail; returns its Message-ID (without brackets).
    pub async fn send(
        &self,
        from: &str,
        to: &str,
        subject: &str,
        body: &str,
        extra_headers: &str,
    ) -> String {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let millis = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis();
        let id = format!("t{}.{n}.{millis}@{}", std::process::id(), self.domain());
        let raw = format!(
            "From: {from}\nTo: {to}\nSubject: {subject}\nMessage-ID: <{id}>\nDate: Mon, 3 Mar 2025 10:00:00 +0000\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n{extra_headers}\n{body}\n"
        );
        let raw = raw.replace("\n\n\n", "\n\n");
        self.send_raw(from, Some(from), to, &raw).await;
        id
    }

    /// Every message in `user`'s INBOX, oldest first.
    pub async fn inbox(&self, user: &str) -> Vec<Mail> {
        // Tests poll often; a login refused under load is tried again, a few times.
        let mut attempt = 0;
        let mut session = loop {
            match connect(&self.imap_settings(user)).await {
                Ok(s) => break s,
                Err(e) if attempt < 5 => {
                    attempt += 1;
                    eprintln!("inbox of {user}: {e}; trying again");
                    tokio::time::sleep(Duration::from_millis(200 * attempt)).await;
                }
                Err(e) => panic!("inbox of {user}: {e}"),
            }
        };
        session.select("INBOX").await.unwrap();
        let fetches: Vec<_> = session
            .uid_fetch("1:*", "(UID FLAGS BODY.PEEK[])")
            .await
            .unwrap()
            .try_collect()
            .await
            .unwrap();
        let mut mails: Vec<Mail> = fetches
            .iter()
            .filter_map(|f| {
                let raw = f.body()?;
                let flags = f.flags().map(|fl| format!("{fl:?}")).collect();
                Some(Mail::parse(f.uid?, raw, flags))
            })
            .collect();
        mails.sort_by_key(|m| m.uid);
        session.logout().await.ok();
        mails
    }

    /// Waits until `user` has at least `n` messages; returns them.
    pub async fn wait_for(&self, user: &str, n: usize, within: Duration) -> Vec<Mail> {
        let deadline = Instant::now() + within;
        loop {
            let mails = self.inbox(user).await;
            if mails.len() >= n {
                return mails;
            }
            assert!(
                Instant::now() < deadline,
                "{user} has {} message(s), expected {n}: {:#?}",
                mails.len(),
                mails
                    .iter()
                    .map(|m| (&m.subject, m.first_line()))
                    .collect::<Vec<_>>()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Runs `scripts/mail-servers.sh COMMAND` (`stop-imap`, `start-imap`, `restart-imap`,
    /// `stop-smtp`, `start-smtp`).
    pub fn mail_servers(&self, command: &str) {
        let status = Command::new("bash")
            .arg(self.var("ARBITRE_TEST_SCRIPT"))
            .arg(command)
            .env("ARBITRE_MAIL_STATE", self.var("ARBITRE_TEST_STATE"))
            .status()
            .unwrap();
        assert!(status.success(), "mail-servers.sh {command} failed");
    }
}

/// One received mail.
#[derive(Clone, Debug)]
pub struct Mail {
    /// IMAP UID.
    pub uid: u32,
    /// Subject.
    pub subject: String,
    /// Plain text body.
    pub body: String,
    /// Every header, raw, by lower-case name.
    pub headers: HashMap<String, String>,
    /// IMAP flags (debug-printed).
    pub flags: Vec<String>,
    /// The whole message, as delivered.
    pub raw: Vec<u8>,
}

impl Mail {
    fn parse(uid: u32, raw: &[u8], flags: Vec<String>) -> Mail {
        let m = mail_parser::MessageParser::default().parse(raw).unwrap();
        let mut body = m.body_text(0).map(|b| b.to_string()).unwrap_or_default();
        // Read format=flowed mail as a flowed-aware client shows it: soft breaks joined
        // (the text part's own Content-Type says so, in a mail with a picture as well).
        use mail_parser::MimeHeaders;
        let flowed = m
            .text_body
            .first()
            .and_then(|&at| m.part(at))
            .and_then(|part| part.content_type())
            .and_then(|c| c.attribute("format"))
            .is_some_and(|f| f.eq_ignore_ascii_case("flowed"));
        if flowed {
            body = arbitre::mail::flowed::decode(&body);
        }
        Mail {
            uid,
            subject: m.subject().unwrap_or("").to_string(),
            body,
            headers: m
                .headers_raw()
                .map(|(k, v)| (k.to_lowercase(), v.trim().to_string()))
                .collect(),
            flags,
            raw: raw.to_vec(),
        }
    }

    /// The first line of the body.
    pub fn first_line(&self) -> &str {
        self.body.lines().next().unwrap_or("").trim()
    }

    /// A header's raw value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(&name.to_lowercase()).map(String::as_str)
    }

    /// The Message-ID without brackets.
    pub fn message_id(&self) -> String {
        self.header("message-id")
            .unwrap_or("")
            .trim_start_matches('<')
            .trim_end_matches('>')
            .to_string()
    }
}

/// `arbitre run` as a child process, with its own configuration and store.
pub struct Daemon {
    child: Option<Child>,
    /// Its working directory (config, store, log).
    pub dir: PathBuf,
    /// Its configuration file.
    pub config: PathBuf,
    /// The bot's address.
    pub bot: String,
}

impl Daemon {
    /// Writes a configuration for `bot` (plus `extra` TOML appended to `[bot]`... sections
    /// given whole) and starts the daemon.
    pub fn start(env: &MailEnv, bot: &str, name: &str) -> Daemon {
        Daemon::start_with(env, bot, name, "")
    }

    /// [`Daemon::start`] with `bot_settings` (TOML lines) added to the `[bot]` section.
    pub fn start_with(env: &MailEnv, bot: &str, name: &str, bot_settings: &str) -> Daemon {
        Daemon::start_tuned(env, bot, name, bot_settings, &[])
    }

    /// [`Daemon::start_with`], each `(section, key, value)` of `tuning` replacing that key's
    /// test value (or added to its section): `("imap", "poll-seconds", "3600")`.
    pub fn start_tuned(
        env: &MailEnv,
        bot: &str,
        name: &str,
        bot_settings: &str,
        tuning: &[(&str, &str, &str)],
    ) -> Daemon {
        Daemon::start_sections(env, bot, name, bot_settings, tuning, "")
    }

    /// [`Daemon::start_tuned`] with whole sections (`[sms]`, ...) appended.
    pub fn start_sections(
        env: &MailEnv,
        bot: &str,
        name: &str,
        bot_settings: &str,
        tuning: &[(&str, &str, &str)],
        sections: &str,
    ) -> Daemon {
        Daemon::start_full(env, bot, name, bot_settings, tuning, sections, None)
    }

    /// [`Daemon::start`] on the store `location` whatever the pass.
    pub fn start_on(
        env: &MailEnv,
        bot: &str,
        name: &str,
        location: &arbitre::store::Location,
    ) -> Daemon {
        Daemon::start_full(env, bot, name, "", &[], "", Some(location))
    }

    /// [`Daemon::start_on`] with settings added to `[bot]`.
    pub fn start_on_with(
        env: &MailEnv,
        bot: &str,
        name: &str,
        bot_settings: &str,
        location: &arbitre::store::Location,
    ) -> Daemon {
        Daemon::start_full(env, bot, name, bot_settings, &[], "", Some(location))
    }

    /// Every way of starting: `tuning` and `sections` as for [`Daemon::start_sections`],
    /// on `location` when given (the pass's store otherwise).
    pub fn start_full(
        env: &MailEnv,
        bot: &str,
        name: &str,
        bot_settings: &str,
        tuning: &[(&str, &str, &str)],
        sections: &str,
        location: Option<&arbitre::store::Location>,
    ) -> Daemon {
        let dir = std::env::temp_dir().join(format!("arbitre-it-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let config = dir.join("arbitre.toml");
        let location = location
            .cloned()
            .unwrap_or_else(|| arbitre::store::testing::location_for(&dir, "arbitre.sqlite", name));
        let ca = env.ca();
        let text = format!(
            r#"[bot]
address = "{bot}"
plus-addressing = true
secret.raw = "integration-test-secret-long-enough-for-any-check-{name}"
{max_replies}
{bot_settings}

[store]
{store}

[imap]
host = "localhost"
port = {imaps}
security = "tls"
ca-file = "{ca}"
user = "{bot}"
password.raw = "{password}"
poll-seconds = 20
reconnect-max-seconds = 2

[smtp]
host = "localhost"
port = {submission}
security = "starttls"
ca-file = "{ca}"
user = "{bot}"
password.raw = "{password}"

[outbox]
retry-min-seconds = 1
retry-max-seconds = 2
poll-seconds = 1

[log]
level = "info,arbitre=debug"
"#,
            store = arbitre::store::testing::store_toml(&location),
            imaps = env.port("ARBITRE_TEST_IMAPS_PORT"),
            submission = env.port("ARBITRE_TEST_SUBMISSION_PORT"),
            ca = ca.display(),
            password = env.password(),
            max_replies = if bot_settings.contains("max-replies-per-hour") {
                ""
            } else {
                "max-replies-per-hour = 1000"
            },
        );
        let text = tuning.iter().fold(text, |t, (section, key, value)| {
            tune(&t, section, key, value)
        }) + sections;
        std::fs::write(&config, text).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o600)).unwrap();
        let mut d = Daemon {
            child: None,
            dir,
            config,
            bot: bot.into(),
        };
        d.spawn();
        d
    }

    /// A second daemon on the same configuration (the same store and mailbox), with a
    /// directory of its own for its log; started.
    pub fn beside(&self, name: &str) -> Daemon {
        let dir = std::env::temp_dir().join(format!("arbitre-it-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut d = Daemon {
            child: None,
            dir,
            config: self.config.clone(),
            bot: self.bot.clone(),
        };
        d.spawn();
        d
    }

    /// Starts (again) the process.
    pub fn spawn(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join("arbitre.log"))
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .arg("run")
            .arg("--config")
            .arg(&self.config)
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
    }

    /// The running process's id.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// The daemon's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("arbitre.log")).unwrap_or_default()
    }

    /// SIGKILL: no chance to finish anything.
    pub fn kill9(&mut self) {
        if let Some(mut c) = self.child.take() {
            c.kill().unwrap();
            c.wait().unwrap();
        }
    }

    /// SIGTERM, then waits for a clean exit; returns whether it exited with success.
    pub fn terminate(&mut self) -> bool {
        let Some(mut c) = self.child.take() else {
            return false;
        };
        Command::new("kill")
            .arg("-TERM")
            .arg(c.id().to_string())
            .status()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = c.try_wait().unwrap() {
                return status.success();
            }
            if Instant::now() > deadline {
                c.kill().ok();
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Runs another `arbitre` command on the same configuration.
    pub fn command(&self, args: &[&str]) -> std::process::Output {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbitre"));
        cmd.args(args);
        cmd.arg("--config").arg(&self.config);
        cmd.output().unwrap()
    }

    /// A figure of the running daemon's `/proc/<pid>/status`, in kB (`VmHWM` is its peak
    /// resident memory, `VmRSS` its current one); `None` when it is not running.
    pub fn memory_kb(&self, field: &str) -> Option<u64> {
        let pid = self.child.as_ref()?.id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))?
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    }

    /// Opens the daemon's store (SQLite's WAL lets a reader in while it runs).
    pub fn store(&self) -> arbitre::store::Store {
        arbitre::config::open_store_of(&self.config).expect("the store opens")
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "---- arbitre log ({}) ----\n{}",
                self.dir.display(),
                self.log()
            );
        }
        self.kill9();
    }
}

/// `text` (a TOML configuration) with `key = value` in `[section]`: the key's line replaced,
/// or added at the section's start.
fn tune(text: &str, section: &str, key: &str, value: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let header = lines
        .iter()
        .position(|l| *l == format!("[{section}]"))
        .unwrap_or_else(|| panic!("no [{section}] section for {key}"));
    let end = lines[header + 1..]
        .iter()
        .position(|l| l.starts_with('['))
        .map_or(lines.len(), |i| header + 1 + i);
    let setting = format!("{key} = {value}");
    match lines[header + 1..end]
        .iter()
        .position(|l| l.starts_with(&format!("{key} = ")))
    {
        Some(i) => lines[header + 1 + i] = setting,
        None => lines.insert(header + 1, setting),
    }
    lines.join("\n") + "\n"
}

/// `address` with the last character of its local part changed: a forged reply address.
pub fn altered(address: &str) -> String {
    let (local, domain) = address.split_once('@').unwrap();
    let mut local = local.to_string();
    let last = local.pop().unwrap();
    local.push(if last == 'a' { 'b' } else { 'a' });
    format!("{local}@{domain}")
}

/// Polls `check` until it is true or `within` passes.
pub async fn eventually(what: &str, within: Duration, mut check: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
    while !check() {
        assert!(Instant::now() < deadline, "timed out: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

impl MailEnv {
    /// The highest UID in `user`'s INBOX (0 when empty): mails after it are new.
    pub async fn last_uid(&self, user: &str) -> u32 {
        self.inbox(user).await.last().map_or(0, |m| m.uid)
    }

    /// Waits for a mail after `after` (a UID) matching `pred`; returns it.
    pub async fn wait_mail_after(
        &self,
        user: &str,
        after: u32,
        what: &str,
        pred: impl Fn(&Mail) -> bool,
    ) -> Mail {
        self.wait_mail_after_within(user, after, Duration::from_secs(40), what, pred)
            .await
    }

    /// [`MailEnv::wait_mail_after`], waiting up to `within` (for a mail that comes only when
    /// the machine has spare CPU, such as a computer's move).
    pub async fn wait_mail_after_within(
        &self,
        user: &str,
        after: u32,
        within: Duration,
        what: &str,
        pred: impl Fn(&Mail) -> bool,
    ) -> Mail {
        let deadline = Instant::now() + within;
        loop {
            let mails = self.inbox(user).await;
            if let Some(m) = mails.iter().find(|m| m.uid > after && pred(m)) {
                return m.clone();
            }
            assert!(
                Instant::now() < deadline,
                "{user} never got {what}; got: {:#?}",
                mails
                    .iter()
                    .filter(|m| m.uid > after)
                    .map(|m| (&m.subject, m.body.lines().take(3).collect::<Vec<_>>()))
                    .collect::<Vec<_>>()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Replies as `user` to the latest mail `bot` sent them, the way a mail client does: to
    /// its Reply-To, `Re:` subject, In-Reply-To/References, the old mail quoted below.
    /// Returns the Message-ID of the reply.
    pub async fn reply_latest(&self, user: &str, bot: &str, text: &str) -> String {
        self.reply_where(user, bot, |_| true, text).await
    }

    /// [`MailEnv::reply_latest`] to the latest of arbitre's mails that `pred` accepts (the
    /// mail of one game among several: its `[arbitre #N]` Subject).
    pub async fn reply_where(
        &self,
        user: &str,
        bot: &str,
        pred: impl Fn(&Mail) -> bool,
        text: &str,
    ) -> String {
        let bot_local = bot.split('@').next().unwrap();
        let mails = self.inbox(user).await;
        let last = mails
            .iter()
            .rev()
            .find(|m| m.header("from").is_some_and(|f| f.contains(bot_local)) && pred(m))
            .unwrap_or_else(|| panic!("{user} has no mail from {bot} to reply to"));
        let to = last
            .header("reply-to")
            .map(|r| r.trim_start_matches('<').trim_end_matches('>').to_string())
            .unwrap_or_else(|| bot.to_string());
        let to = to
            .rsplit('<')
            .next()
            .unwrap()
            .trim_end_matches('>')
            .to_string();
        let parent = last.message_id();
        let refs = format!("{} <{parent}>", last.header("references").unwrap_or(""));
        let quoted: String = last.body.lines().map(|l| format!("> {l}\n")).collect();
        let subject = if last.subject.starts_with("Re:") {
            last.subject.clone()
        } else {
            format!("Re: {}", last.subject)
        };
        self.send(
            user,
            &to,
            &subject,
            &format!("{text}\n\nOn Monday, arbitre wrote:\n{quoted}"),
            &format!("In-Reply-To: <{parent}>\nReferences: {}\n", refs.trim()),
        )
        .await
    }
}
