//! The test SMS gateway of `scripts/sms-gateway.sh` (a real Kannel, with the fake SMSC of
//! kannel-extras standing for the phones): its settings, a phone sending an SMS, and the
//! SMS the phones received.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::skip;

/// A phone's run of the fake SMSC; stopped when dropped.
#[derive(Debug)]
pub struct PhoneRun(Option<Child>);

impl Drop for PhoneRun {
    fn drop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The running test gateway.
#[derive(Clone, Debug)]
pub struct SmsEnv {
    vars: HashMap<String, String>,
}

impl SmsEnv {
    /// The gateway's env file, or `None` (recorded as skipped) when it is not running; in
    /// CI its absence is a failure.
    pub fn load() -> Option<SmsEnv> {
        let path = std::env::var_os("ARBITRE_SMS_ENV")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("var/sms/env"));
        let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        let Ok(text) = std::fs::read_to_string(&path) else {
            assert!(
                !ci,
                "the test SMS gateway is not set up; run `bash scripts/test.sh`"
            );
            skip::skipped(&format!(
                "no test SMS gateway ({}); start it with `bash scripts/sms-gateway.sh start` (as root)",
                path.display()
            ));
            return None;
        };
        let vars: HashMap<String, String> = text
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let port: u16 = vars["ARBITRE_SMS_MO_PORT"].parse().unwrap();
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(!ci, "the test SMS gateway does not answer on {port}");
            skip::skipped(
                "the test SMS gateway is stopped; start it with `bash scripts/sms-gateway.sh start`",
            );
            return None;
        }
        Some(SmsEnv { vars })
    }

    /// One of the env file's values.
    pub fn var(&self, name: &str) -> &str {
        &self.vars[name]
    }

    /// The `[sms]` and `[sms.kannel]` sections of a configuration using this gateway.
    pub fn sections(&self) -> String {
        format!(
            r#"
[sms]
gateway = "kannel"
countries = ["33"]
quiet-hours = "none"

[sms.kannel]
sendsms-url = "{}"
username = "{}"
password.raw = "{}"
listen = "{}"
secret.raw = "{}"
"#,
            self.var("ARBITRE_SMS_SENDSMS_URL"),
            self.var("ARBITRE_SMS_USER"),
            self.var("ARBITRE_SMS_PASSWORD"),
            self.var("ARBITRE_SMS_LISTEN"),
            self.var("ARBITRE_SMS_SECRET"),
        )
    }

    /// A phone starts sending `text`: a run of the fake SMSC, to be stopped with
    /// [`SmsEnv::sent`] (it stays connected otherwise, and the gateway takes one phone at
    /// a time: a run is stopped when dropped, a failing test included).
    pub fn phone_starts(&self, from: &str, text: &str) -> PhoneRun {
        let child = Command::new(self.var("ARBITRE_SMS_FAKESMSC"))
            .args(["-H", "127.0.0.1", "-r", self.var("ARBITRE_SMS_MO_PORT")])
            .args(["-i", "0", "-m", "1"])
            .arg(format!("{from} 36100 text {text}"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        PhoneRun(Some(child))
    }

    /// Stops a phone's run and checks that it sent its SMS.
    pub fn sent(&self, mut run: PhoneRun) {
        let mut child = run.0.take().expect("running");
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        let log = String::from_utf8_lossy(&out.stderr).to_string()
            + &String::from_utf8_lossy(&out.stdout);
        assert!(
            log.contains("sent message 1"),
            "the fake SMSC did not send: {log}"
        );
    }

    /// A phone sends `text` (the fake SMSC is given a moment to send, then stopped).
    pub fn phone_sends(&self, from: &str, text: &str) {
        let child = self.phone_starts(from, text);
        std::thread::sleep(Duration::from_millis(700));
        self.sent(child);
    }

    /// The SMS the phone `number` received, in order (7-bit texts as written).
    pub fn received(&self, number: &str) -> Vec<String> {
        let log = std::fs::read_to_string(self.var("ARBITRE_SMS_PHONES_LOG")).unwrap_or_default();
        let prefix = format!(" {number} text ");
        log.lines()
            .filter(|l| l.contains("Got message"))
            .filter_map(|l| {
                let at = l.find(&prefix)?;
                Some(l[at + prefix.len()..].trim_end_matches('>').to_string())
            })
            .collect()
    }

    /// Waits until the phone `number` has an SMS after its first `seen` that contains
    /// `what`; returns it.
    pub async fn texted(&self, number: &str, seen: usize, what: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(40);
        loop {
            let all = self.received(number);
            if let Some(t) = all.iter().skip(seen).find(|t| t.contains(what)) {
                return t.clone();
            }
            assert!(
                Instant::now() < deadline,
                "{number} never got an SMS with {what:?}; after {seen}: {:?}",
                &all[seen.min(all.len())..]
            );
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
}
