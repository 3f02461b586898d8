//! The `[sms]` section of the configuration: which gateway (none by default), its
//! settings, the countries arbitre sends codes to, the daily caps and the quiet hours.
//!
//! A gateway without `countries` is a configuration error: codes go to any number a
//! proven sender names, so the operator must say which countries they pay for. Codes have
//! their own daily cap (`codes-per-day`), apart from notifications' (`per-day`): however
//! many codes are asked for, notifications keep their whole share.

use serde::Deserialize;

use std::path::PathBuf;

use crate::config::Secret;
use crate::gateway::kannel::KannelSettings;
use crate::gateway::spool_gateway::Spooler;
use crate::gateway::webhook::WebhookSettings;
use crate::sms::phone::Phone;
use crate::sms::quiet::{DEFAULT_CODES_PER_DAY, QuietHours};

/// The `[sms]` section, as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct SmsSection {
    /// `none` or `kannel`.
    pub gateway: String,
    /// Country codes arbitre sends codes to (`["33", "32", "41"]`): at least one when a
    /// gateway is set.
    pub countries: Vec<String>,
    /// At most this many SMS to one player a day; over it, SMS wait and mail goes on.
    pub per_player_per_day: u32,
    /// At most this many SMS a day in all, codes not counted.
    pub per_day: u32,
    /// At most this many phone codes a day in all, apart from `per_day`.
    pub codes_per_day: u32,
    /// When notifications wait for the morning, in each player's time zone (`22:00-08:00`;
    /// answers to a player's own SMS are sent at once).
    pub quiet_hours: String,
    /// Kannel's settings, when `gateway = "kannel"`.
    pub kannel: Option<KannelSection>,
    /// The spool directories, when `gateway = "gammu"` or `"smstools"`.
    pub spool: Option<SpoolSection>,
    /// A hosted provider's account, when `gateway = "webhook"`.
    pub webhook: Option<WebhookSection>,
}

/// `[sms.webhook]`: a hosted provider with a Twilio-style API.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct WebhookSection {
    /// The provider's API root.
    #[serde(default = "default_api_url")]
    pub api_url: String,
    /// The account SID.
    pub account: String,
    /// The auth token.
    pub token: Secret,
    /// The number arbitre's SMS come from (E.164), or a messaging service SID (`MG...`).
    pub from: String,
    /// Where arbitre listens for the provider's webhook (behind a reverse proxy with TLS).
    #[serde(default = "default_webhook_listen")]
    pub listen: String,
    /// The webhook's URL exactly as the provider calls it (the signature covers it).
    pub public_url: String,
}

fn default_api_url() -> String {
    "https://api.twilio.com".into()
}

fn default_webhook_listen() -> String {
    "127.0.0.1:13090".into()
}

/// `[sms.spool]`: the directories gammu-smsd or smstools share with arbitre.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SpoolSection {
    /// Where the gateway writes received SMS (gammu's `inboxpath`, smstools' `incoming`).
    pub inbox: PathBuf,
    /// Where arbitre writes SMS to send (gammu's `outboxpath`, smstools' `outgoing`).
    pub outbox: PathBuf,
    /// Where arbitre moves the received files it has recorded.
    pub done: PathBuf,
    /// A received file is read once it is this old (a part of the same message may
    /// follow).
    #[serde(default = "default_settle")]
    pub settle_seconds: u64,
    /// How often the inbox is looked at.
    #[serde(default = "default_spool_poll")]
    pub poll_seconds: u64,
}

fn default_settle() -> u64 {
    5
}

fn default_spool_poll() -> u64 {
    5
}

impl Default for SmsSection {
    fn default() -> Self {
        SmsSection {
            gateway: "none".into(),
            countries: Vec::new(),
            per_player_per_day: 30,
            per_day: 1000,
            codes_per_day: DEFAULT_CODES_PER_DAY,
            quiet_hours: "22:00-08:00".into(),
            kannel: None,
            spool: None,
            webhook: None,
        }
    }
}

/// `[sms.kannel]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct KannelSection {
    /// smsbox's sendsms URL.
    pub sendsms_url: String,
    /// The sendsms-user.
    pub username: String,
    /// Its password.
    pub password: Secret,
    /// The sender shown to players, when the SMSC lets arbitre choose it.
    #[serde(default)]
    pub sender: Option<String>,
    /// Where arbitre listens for smsbox's get-url (`127.0.0.1:13080`).
    #[serde(default = "default_listen")]
    pub listen: String,
    /// The secret smsbox's get-url carries (`...&secret=...`).
    pub secret: Secret,
}

fn default_listen() -> String {
    "127.0.0.1:13080".into()
}

/// The address smsbox calls back on for `listen`: a listener on every interface
/// (`0.0.0.0:13080`) is reached on the loopback.
fn reachable(listen: &str) -> String {
    match listen.parse::<std::net::SocketAddr>() {
        Ok(a) if a.ip().is_unspecified() => format!("127.0.0.1:{}", a.port()),
        _ => listen.to_string(),
    }
}

/// Which gateway, ready to use.
#[derive(Clone, Debug)]
pub enum Gateway {
    /// No SMS.
    None,
    /// Kannel, and where arbitre listens for it.
    Kannel {
        /// How to reach smsbox.
        settings: KannelSettings,
        /// Where smsbox's get-url calls.
        listen: String,
    },
    /// gammu-smsd or smstools, through their directories.
    Spool {
        /// Which of the two.
        spooler: Spooler,
        /// The directories and their timing.
        dirs: SpoolSection,
    },
    /// A hosted provider with a Twilio-style API, and where arbitre listens for its
    /// webhook.
    Webhook {
        /// The account.
        settings: WebhookSettings,
        /// Where the webhook is taken.
        listen: String,
    },
}

/// The SMS settings, ready to use.
#[derive(Clone, Debug)]
pub struct SmsSettings {
    /// The gateway.
    pub gateway: Gateway,
    /// The country codes codes go to (never empty with a gateway).
    pub countries: Vec<String>,
    /// Daily cap per player.
    pub per_player_per_day: u32,
    /// Daily cap in all, codes not counted.
    pub per_day: u32,
    /// Daily cap on codes in all.
    pub codes_per_day: u32,
    /// Quiet hours.
    pub quiet: Option<QuietHours>,
}

impl SmsSection {
    /// The settings (secrets read), or every problem, one sentence each.
    pub fn read(&self) -> Result<SmsSettings, Vec<String>> {
        let mut problems = Vec::new();
        for c in &self.countries {
            if c.is_empty()
                || c.len() > 3
                || !c.bytes().all(|b| b.is_ascii_digit())
                || c.starts_with('0')
            {
                problems.push(format!(
                    "sms.countries: `{c}` is not a country code (33 for France, 1 for North America)."
                ));
            }
        }
        let quiet = QuietHours::read(&self.quiet_hours)
            .map_err(|e| problems.push(format!("sms.quiet-hours: {e}.")))
            .unwrap_or(None);
        let gateway = match (self.gateway.as_str(), &self.kannel) {
            ("none", _) => Gateway::None,
            ("kannel", Some(k)) => {
                let mut reveal = |what: &str, s: &Secret| {
                    s.reveal()
                        .map_err(|e| {
                            problems.push(format!("sms.kannel.{what} cannot be read: {e}."))
                        })
                        .unwrap_or_default()
                };
                let password = reveal("password", &k.password);
                let secret = reveal("secret", &k.secret);
                if !k.sendsms_url.starts_with("http://") && !k.sendsms_url.starts_with("https://") {
                    problems.push(format!(
                        "sms.kannel.sendsms-url: `{}` is not an http:// or https:// address.",
                        k.sendsms_url
                    ));
                }
                if k.listen.parse::<std::net::SocketAddr>().is_err() {
                    problems.push(format!(
                        "sms.kannel.listen: `{}` is not an address and port (127.0.0.1:13080).",
                        k.listen
                    ));
                }
                if secret.len() < 16
                    || !secret
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                {
                    problems.push(
                        "sms.kannel.secret: at least 16 letters, digits, - or _ (it goes in a URL, and it is all that keeps strangers from playing for others)."
                            .into(),
                    );
                }
                Gateway::Kannel {
                    settings: KannelSettings {
                        sendsms_url: k.sendsms_url.clone(),
                        username: k.username.clone(),
                        password,
                        sender: k.sender.clone(),
                        dlr_url: Some(format!(
                            "http://{}/kannel/dlr?secret={secret}",
                            reachable(&k.listen)
                        )),
                        secret,
                    },
                    listen: k.listen.clone(),
                }
            }
            (name @ ("gammu" | "smstools"), _) => {
                let spooler = if name == "gammu" {
                    Spooler::Gammu
                } else {
                    Spooler::Smstools
                };
                match &self.spool {
                    Some(dirs) => {
                        if dirs.poll_seconds == 0 {
                            problems.push("sms.spool.poll-seconds must be at least 1.".into());
                        }
                        for (what, d) in [("inbox", &dirs.inbox), ("outbox", &dirs.outbox)] {
                            if !d.is_dir() {
                                problems.push(format!(
                                    "sms.spool.{what}: {} is not a directory.",
                                    d.display()
                                ));
                            }
                        }
                        Gateway::Spool {
                            spooler,
                            dirs: dirs.clone(),
                        }
                    }
                    None => {
                        problems.push(format!(
                            "sms: gateway = `{name}` needs an [sms.spool] section."
                        ));
                        Gateway::None
                    }
                }
            }
            ("webhook", _) => match &self.webhook {
                Some(w) => {
                    let token = w
                        .token
                        .reveal()
                        .map_err(|e| {
                            problems.push(format!("sms.webhook.token cannot be read: {e}."))
                        })
                        .unwrap_or_default();
                    if !w.api_url.starts_with("https://") && !w.api_url.starts_with("http://127.") {
                        problems.push(format!(
                            "sms.webhook.api-url: `{}` is not an https:// address.",
                            w.api_url
                        ));
                    }
                    if !w.public_url.starts_with("https://") && !w.public_url.starts_with("http://")
                    {
                        problems.push(format!(
                            "sms.webhook.public-url: `{}` is not the URL the provider calls.",
                            w.public_url
                        ));
                    }
                    if !w.public_url.ends_with(crate::gateway::webhook::PATH) {
                        problems.push(format!(
                            "sms.webhook.public-url: `{}` must end with {} (where arbitre takes the webhook).",
                            w.public_url,
                            crate::gateway::webhook::PATH
                        ));
                    }
                    if w.listen.parse::<std::net::SocketAddr>().is_err() {
                        problems.push(format!(
                            "sms.webhook.listen: `{}` is not an address and port (127.0.0.1:13090).",
                            w.listen
                        ));
                    }
                    if !w.from.starts_with("MG") && Phone::read(&w.from, &[]).is_err() {
                        problems.push(format!(
                            "sms.webhook.from: `{}` is neither a number in international form nor a messaging service (MG...).",
                            w.from
                        ));
                    }
                    if token.is_empty() {
                        problems
                            .push("sms.webhook.token: the account's auth token is needed.".into());
                    }
                    Gateway::Webhook {
                        settings: WebhookSettings {
                            api_url: w.api_url.clone(),
                            account: w.account.clone(),
                            token,
                            from: w.from.clone(),
                            public_url: w.public_url.clone(),
                        },
                        listen: w.listen.clone(),
                    }
                }
                None => {
                    problems
                        .push("sms: gateway = \"webhook\" needs an [sms.webhook] section.".into());
                    Gateway::None
                }
            },
            ("kannel", None) => {
                problems.push("sms: gateway = \"kannel\" needs an [sms.kannel] section.".into());
                Gateway::None
            }
            (other, _) => {
                problems.push(format!(
                    "sms.gateway: `{other}` is not a gateway arbitre knows (none, kannel, gammu, smstools, webhook)."
                ));
                Gateway::None
            }
        };
        if self.countries.is_empty() && self.gateway != "none" {
            problems.push(
                "sms.countries: name the country codes arbitre may text codes to (countries = [\"33\"] for France): with a gateway and no countries, anyone could have SMS sent to any country at your cost."
                    .into(),
            );
        }
        if problems.is_empty() {
            Ok(SmsSettings {
                gateway,
                countries: self.countries.clone(),
                per_player_per_day: self.per_player_per_day,
                per_day: self.per_day,
                codes_per_day: self.codes_per_day,
                quiet,
            })
        } else {
            Err(problems)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spool_gateways_need_their_directories() {
        let d = std::env::temp_dir().join(format!("arbitre-spool-settings-{}", std::process::id()));
        std::fs::create_dir_all(d.join("in")).unwrap();
        std::fs::create_dir_all(d.join("out")).unwrap();
        let section = |gateway: &str, outbox: &str| SmsSection {
            gateway: gateway.into(),
            countries: vec!["33".into()],
            spool: Some(SpoolSection {
                inbox: d.join("in"),
                outbox: d.join(outbox),
                done: d.join("done"),
                settle_seconds: 5,
                poll_seconds: 5,
            }),
            ..SmsSection::default()
        };
        let ok = section("gammu", "out").read().unwrap();
        assert!(matches!(
            ok.gateway,
            Gateway::Spool {
                spooler: Spooler::Gammu,
                ..
            }
        ));
        let e = section("smstools", "missing").read().unwrap_err();
        assert!(e[0].contains("sms.spool.outbox"), "{e:?}");
        let none = SmsSection {
            gateway: "gammu".into(),
            countries: vec!["33".into()],
            ..SmsSection::default()
        };
        assert!(none.read().unwrap_err()[0].contains("[sms.spool]"));
    }

    #[test]
    fn every_problem_is_said() {
        let s = SmsSection {
            gateway: "kannel".into(),
            countries: vec!["33".into(), "+44".into()],
            quiet_hours: "late".into(),
            kannel: Some(KannelSection {
                sendsms_url: "smsbox:13013".into(),
                username: "u".into(),
                password: Secret::Raw("p".into()),
                sender: None,
                listen: "everywhere".into(),
                secret: Secret::Raw("short".into()),
            }),
            ..SmsSection::default()
        };
        let problems = s.read().unwrap_err();
        assert_eq!(problems.len(), 5, "{problems:#?}");
        assert!(SmsSection::default().read().is_ok());
        let unknown = SmsSection {
            gateway: "carrier-pigeon".into(),
            ..SmsSection::default()
        };
        assert!(unknown.read().unwrap_err()[0].contains("carrier-pigeon"));
    }

    #[test]
    fn a_gateway_must_name_the_countries_codes_go_to() {
        let section = |countries: Vec<String>| SmsSection {
            gateway: "gammu".into(),
            countries,
            spool: Some(SpoolSection {
                inbox: std::env::temp_dir(),
                outbox: std::env::temp_dir(),
                done: std::env::temp_dir(),
                settle_seconds: 5,
                poll_seconds: 5,
            }),
            ..SmsSection::default()
        };
        let problems = section(Vec::new()).read().unwrap_err();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("sms.countries: name the country codes"),
            "{problems:?}"
        );
        assert!(!problems[0].contains('\n'), "one line");
        let named = section(vec!["33".into(), "32".into()]).read().unwrap();
        assert_eq!(named.countries, vec!["33".to_string(), "32".to_string()]);
        assert_eq!(named.codes_per_day, DEFAULT_CODES_PER_DAY);
        // Without a gateway no SMS goes anywhere: no countries needed.
        assert!(SmsSection::default().read().is_ok());
    }
}
