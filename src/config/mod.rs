//! The daemon's configuration file: serde structs (kebab-case keys, unknown keys refused),
//! secrets given inline or by a command, and the checks that turn a wrong file into one plain
//! sentence per problem.
//!
//! Loading ([`Config::load`]) reads and parses the TOML; checking ([`Config::check`]) looks at
//! the values together. `arbitre check-config` runs both and then connects to the servers.
//! Every key is documented in `config/arbitre.example.toml`.

pub mod sms;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;

use crate::referee::RefereeConfig;
use crate::text::Lang;

/// The whole configuration file.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Config {
    /// Who the referee is and how it talks to players.
    pub bot: BotConfig,
    /// Where games are kept.
    pub store: StoreConfig,
    /// The mailbox arbitre reads.
    pub imap: ImapConfig,
    /// How arbitre sends mail.
    pub smtp: SmtpConfig,
    /// Outbox retry policy.
    #[serde(default)]
    pub outbox: OutboxConfig,
    /// Clocks: default time control, reminders, time zone, leave.
    #[serde(default)]
    pub clock: ClockSection,
    /// SMS: the gateway, countries, caps, quiet hours.
    #[serde(default)]
    pub sms: crate::config::sms::SmsSection,
    /// The public pages: where `arbitre run` serves them, and their address for links.
    #[serde(default)]
    pub web: WebSection,
    /// The computer opponent: how many searches may run at once.
    #[serde(default)]
    pub computer: ComputerSection,
    /// External engines behind the computer's seat, by game.
    #[serde(default)]
    pub engines: EnginesSection,
    /// Logging.
    #[serde(default)]
    pub log: LogConfig,
}

/// The fewest characters a secret may have: 32 random bytes written in base 64 (as
/// `head -c 32 /dev/urandom | base64` writes them) take 43 or 44. The length is all a
/// configuration check can see of a secret's randomness; the example says how to make one.
pub const MIN_SECRET_CHARS: usize = 43;

/// The placeholder secret of `config/arbitre.example.toml`, refused as a secret.
pub const EXAMPLE_SECRET: &str = "change-me-to-a-long-random-string";

/// How to make a secret, as the configuration's checks say it.
const MAKE_A_SECRET: &str = "make one with `head -c 32 /dev/urandom | base64` (to replace a secret in use, \
     see bot.key-number and bot.previous-secret)";

/// The highest key number (six digits, as tokens carry it).
pub const MAX_KEY_NUMBER: u32 = 999_999;

/// The referee's identity and limits.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct BotConfig {
    /// The bot's address (`arbitre@example.org`): the mailbox players write to.
    pub address: String,
    /// The display name on outgoing mail.
    #[serde(default = "default_display_name")]
    pub display_name: String,
    /// Whether the mail server delivers `local+tag@domain` to `local@domain`: then each player
    /// gets a per-game reply address with an unguessable token.
    #[serde(default)]
    pub plus_addressing: bool,
    /// The secret that signs reply tokens (at least [`MIN_SECRET_CHARS`] characters, not
    /// the example's placeholder).
    pub secret: Secret,
    /// The number of `secret`, carried by every token it makes: 1 for the first secret, one
    /// more at each rotation.
    #[serde(default = "default_key_number")]
    pub key_number: u32,
    /// After a rotation, the secret before (key number one below `key-number`): what it
    /// made keeps verifying until `previous-secret-until`, and the audit log's older
    /// entries verify under it.
    #[serde(default)]
    pub previous_secret: Option<Secret>,
    /// The day (`2027-03-01`, UTC) from which the previous secret's tokens are refused.
    #[serde(default)]
    pub previous_secret_until: Option<String>,
    /// The language of players arbitre has not met yet.
    #[serde(default)]
    pub default_lang: Lang,
    /// At most this many answers to one sender per hour.
    #[serde(default = "default_max_replies")]
    pub max_replies_per_hour: u32,
    /// Larger messages are refused with a short answer (bytes).
    #[serde(default = "default_max_message_bytes")]
    pub max_message_bytes: usize,
    /// The authserv-id of the installation's own receiving mail server, whose
    /// `Authentication-Results` headers prove senders (DMARC, DKIM, SPF, submission login).
    #[serde(default)]
    pub trusted_authserv_id: Option<String>,
    /// The domains for which a DKIM or SPF pass (in those headers) proves the sender: only
    /// domains whose server lets no member send as another (`["club.example"]`). Empty:
    /// DMARC and submission logins only.
    #[serde(default)]
    pub domain_proof: Vec<String>,
    /// Take From lines on trust: only for a closed server that no outsider can mail.
    #[serde(default)]
    pub trust_unverified_senders: bool,
    /// Who checks the senders' signatures: the receiving server (its
    /// `Authentication-Results`, per `trusted-authserv-id`) or arbitre itself (`dkim`).
    #[serde(default)]
    pub verify: Verify,
}

/// Who checks the DKIM signatures and the DMARC policy of incoming mail (`bot.verify`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Verify {
    /// The installation's receiving server: its `Authentication-Results` headers (with
    /// `bot.trusted-authserv-id`) are read.
    #[default]
    Server,
    /// arbitre verifies each mail's DKIM signatures itself and evaluates DMARC for the From
    /// domain, asking DNS (the system's resolver); the server's headers are not read.
    Dkim,
}

impl BotConfig {
    /// The keys in force: `secret` under `key-number`, and the previous secret with its
    /// grace period after a rotation. Reads the secrets (runs their commands).
    pub fn keyring(&self) -> Result<crate::keys::Keyring, String> {
        let secret = self
            .secret
            .reveal()
            .map_err(|e| format!("bot.secret cannot be read: {e}."))?;
        let number = self.key_number;
        if !(1..=MAX_KEY_NUMBER).contains(&number) {
            return Err(format!(
                "bot.key-number must be from 1 to {MAX_KEY_NUMBER} (1 for the first secret, one \
                 more at each rotation)."
            ));
        }
        let ring = crate::keys::Keyring::numbered(secret.trim(), number);
        match (&self.previous_secret, &self.previous_secret_until) {
            (None, None) => Ok(ring),
            (Some(_), None) | (None, Some(_)) => Err(
                "bot.previous-secret and bot.previous-secret-until go together: the old secret, \
                 and the day its reply addresses stop working."
                    .to_string(),
            ),
            (Some(previous), Some(until)) => {
                if number < 2 {
                    return Err(
                        "bot.previous-secret is the secret of the key number before: raise \
                         bot.key-number to 2 (or more) with the new secret."
                            .to_string(),
                    );
                }
                let previous = previous
                    .reveal()
                    .map_err(|e| format!("bot.previous-secret cannot be read: {e}."))?;
                if previous.trim() == secret.trim() {
                    return Err(
                        "bot.previous-secret is the same as bot.secret: put the new secret in \
                         bot.secret."
                            .to_string(),
                    );
                }
                let until = day_start(until).ok_or_else(|| {
                    format!("bot.previous-secret-until `{until}` is not a day like `2027-03-01`.")
                })?;
                Ok(ring.with_previous(previous.trim(), until))
            }
        }
    }
}

/// 32 bytes written as 64 hexadecimal digits.
fn hex_key(text: &str) -> Option<Vec<u8>> {
    if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..32)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok())
        .collect()
}

/// The first second of `day` (`2027-03-01`) in UTC, as seconds since the epoch.
fn day_start(day: &str) -> Option<i64> {
    let date: jiff::civil::Date = day.trim().parse().ok()?;
    let at = date.to_zoned(jiff::tz::TimeZone::UTC).ok()?;
    Some(at.timestamp().as_second())
}

/// Opens the store the configuration file `path` names (for the tests and tools that
/// look into an installation's store): loads the file, reads the store's password, connects.
pub fn open_store_of(path: &Path) -> Result<crate::store::Store, String> {
    let config = Config::load(path).map_err(|e| e.to_string())?;
    let location = config.store.location()?;
    crate::store::Store::connect(&location).map_err(|e| format!("{location}: {e}"))
}

/// The store: a SQLite file (`path`, or `url = "sqlite://PATH"`) or a PostgreSQL database
/// (`url = "postgres://..."`, with its password and the CA that signed its certificate).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct StoreConfig {
    /// The SQLite file (created if missing; its directory must exist).
    #[serde(default)]
    pub path: Option<PathBuf>,
    /// `sqlite://PATH` or `postgres://user@host:port/database?sslmode=require`.
    #[serde(default)]
    pub url: Option<String>,
    /// PostgreSQL's password, when the URL carries none.
    #[serde(default)]
    pub password: Option<Secret>,
    /// The CA certificates (PEM) PostgreSQL's certificate must chain to.
    #[serde(default)]
    pub ca_file: Option<PathBuf>,
}

impl StoreConfig {
    /// Where the store is, the password read (its command run).
    pub fn location(&self) -> Result<crate::store::Location, String> {
        let password = match &self.password {
            Some(secret) => Some(
                secret
                    .reveal()
                    .map_err(|e| format!("store.password: {e}"))?,
            ),
            None => None,
        };
        self.locate(password)
    }

    /// Where the store is, without reading the password (for the configuration's checks).
    fn locate(&self, password: Option<String>) -> Result<crate::store::Location, String> {
        match (&self.path, &self.url) {
            (Some(path), None) => {
                if self.password.is_some() || self.ca_file.is_some() {
                    return Err("store.path is a SQLite file: it takes no password and no \
                                ca-file (those are for url = \"postgres://...\")."
                        .into());
                }
                Ok(crate::store::Location::Sqlite(path.clone()))
            }
            (None, Some(url)) => {
                crate::store::Location::from_url(url, password, self.ca_file.clone())
                    .map_err(|e| format!("store.url: {e}."))
            }
            (Some(_), Some(_)) => Err("[store] takes path or url, not both.".into()),
            (None, None) => Err("[store] needs path = \"FILE\" or url = \"...\".".into()),
        }
    }

    /// The store as logs and messages name it (a URL without its password).
    pub fn describe(&self) -> String {
        match self.locate(None) {
            Ok(location) => location.to_string(),
            Err(_) => "(no valid store)".into(),
        }
    }
}

/// How the connection is protected.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Security {
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Tls,
    /// A plain connection upgraded with STARTTLS before login (IMAP 143, submission 587).
    Starttls,
}

/// What happens to a message on the server once its effects are committed.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum AfterProcessing {
    /// Set `\Seen` and the processed keyword; the message stays where it is.
    #[default]
    Flag,
    /// Move it to `processed-folder`.
    Move,
    /// Delete and expunge it (only when asked for).
    Delete,
}

/// The IMAP mailbox.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ImapConfig {
    /// Server host name (checked against its certificate).
    pub host: String,
    /// Server port (default: 993 with `tls`, 143 with `starttls`).
    pub port: Option<u16>,
    /// `tls` or `starttls`.
    #[serde(default = "default_tls")]
    pub security: Security,
    /// A PEM file of CA certificates to trust instead of the built-in roots.
    pub ca_file: Option<PathBuf>,
    /// Login name.
    pub user: String,
    /// Password.
    pub password: Secret,
    /// The mailbox to watch.
    #[serde(default = "default_mailbox")]
    pub mailbox: String,
    /// `flag`, `move` or `delete`.
    #[serde(default)]
    pub after_processing: AfterProcessing,
    /// The folder for `move` (created if missing).
    #[serde(default = "default_processed_folder")]
    pub processed_folder: String,
    /// The keyword set on processed messages with `flag`.
    #[serde(default = "default_keyword")]
    pub keyword: String,
    /// IDLE is ended and renewed after this many minutes (at most 28).
    #[serde(default = "default_idle_renew")]
    pub idle_renew_minutes: u64,
    /// A full check for new mail at least this often, even when IDLE is quiet (seconds).
    #[serde(default = "default_poll")]
    pub poll_seconds: u64,
    /// First wait before reconnecting after a failure (seconds); doubles each time.
    #[serde(default = "default_reconnect_min")]
    pub reconnect_min_seconds: u64,
    /// Longest wait between reconnection attempts (seconds).
    #[serde(default = "default_reconnect_max")]
    pub reconnect_max_seconds: u64,
}

/// How mail is sent.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Transport {
    /// SMTP submission to a server.
    #[default]
    Smtp,
    /// The local `sendmail` program.
    Sendmail,
}

/// The outgoing mail server.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SmtpConfig {
    /// `smtp` or `sendmail`.
    #[serde(default)]
    pub transport: Transport,
    /// Server host name (for `smtp`).
    pub host: Option<String>,
    /// Server port (default: 465 with `tls`, 587 with `starttls`).
    pub port: Option<u16>,
    /// `tls` or `starttls`.
    #[serde(default = "default_starttls")]
    pub security: Security,
    /// A PEM file of CA certificates to trust in addition to the built-in roots.
    pub ca_file: Option<PathBuf>,
    /// Login name (AUTH); none to send without authentication.
    pub user: Option<String>,
    /// Password for `user`.
    pub password: Option<Secret>,
    /// The sendmail program (for `sendmail`).
    #[serde(default = "default_sendmail")]
    pub sendmail_command: PathBuf,
    /// Give up on one SMTP exchange after this many seconds.
    #[serde(default = "default_smtp_timeout")]
    pub timeout_seconds: u64,
    /// How many mails are sent at once, each over its own connection, and how many
    /// connections are kept open for the next ones (the server may allow fewer per client:
    /// Postfix's `smtpd_client_connection_count_limit` is 50 by default).
    #[serde(default = "default_smtp_connections")]
    pub connections: usize,
    /// The keys arbitre signs its mail with (DKIM), none by default: one table
    /// (`dkim.selector`, `dkim.domain`, `dkim.key-file`) or several (`[[smtp.dkim]]`, an RSA
    /// and an Ed25519 key: every mail then carries both signatures).
    #[serde(default, deserialize_with = "one_or_many")]
    pub dkim: Vec<DkimKey>,
}

/// One DKIM signing key (`[smtp] dkim.*`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DkimKey {
    /// The selector: the key's record is `<selector>._domainkey.<domain>`.
    pub selector: String,
    /// The signing domain (`d=`): the domain of `bot.address` or a parent of it, for DMARC.
    pub domain: String,
    /// The private key, PEM: PKCS#8 Ed25519 (`openssl genpkey -algorithm ed25519`) or RSA
    /// (PKCS#8 or PKCS#1, `openssl genrsa 2048`).
    pub key_file: PathBuf,
}

impl DkimKey {
    /// The DNS name of the key's TXT record.
    pub fn record_name(&self) -> String {
        format!(
            "{}._domainkey.{}",
            self.selector.trim(),
            self.domain.trim().trim_end_matches('.').to_lowercase()
        )
    }
}

/// Reads one table or an array of tables as a list: `dkim.selector = ...` in `[smtp]` as
/// well as `[[smtp.dkim]]` blocks.
fn one_or_many<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
    struct OneOrMany<T>(std::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for OneOrMany<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a table or an array of tables")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Vec<T>, A::Error> {
            T::deserialize(MapAccessDeserializer::new(map)).map(|one| vec![one])
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Vec<T>, A::Error> {
            Vec::deserialize(SeqAccessDeserializer::new(seq))
        }
    }
    deserializer.deserialize_any(OneOrMany(std::marker::PhantomData))
}

/// Retry policy of the outbox.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct OutboxConfig {
    /// First wait after a failed send (seconds); doubles each time.
    pub retry_min_seconds: u64,
    /// Longest wait between two tries (seconds).
    pub retry_max_seconds: u64,
    /// A mail the server keeps refusing for now (4xx) fails after this many hours; a refusal
    /// for good (5xx) fails at once.
    pub give_up_hours: u64,
    /// The outbox is checked at least this often for mail queued by other processes
    /// (`arbitre new`), in seconds.
    pub poll_seconds: u64,
    /// A sent mail's text (and picture) is forgotten this many days after the server
    /// accepted it; its row stays. 0: kept for ever.
    pub keep_sent_days: u64,
}

impl Default for OutboxConfig {
    fn default() -> Self {
        OutboxConfig {
            retry_min_seconds: 30,
            retry_max_seconds: 3600,
            give_up_hours: 72,
            poll_seconds: 5,
            keep_sent_days: 30,
        }
    }
}

/// The `[computer]` section: arbitre as a player (`NEW ... VS arbitre`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ComputerSection {
    /// How many of the computer's searches may run at once, each on a thread of its own
    /// (a search takes up to a few seconds at the top level). Absent: half the machine's
    /// cores, at least one, so that searches never take every core from the referee.
    pub searches: Option<usize>,
}

impl ComputerSection {
    /// The searches that may run at once.
    pub fn searches(&self) -> usize {
        self.searches
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() / 2))
            .max(1)
    }

    /// What is wrong with the section, one sentence each.
    pub fn problems(&self) -> Vec<String> {
        match self.searches {
            Some(0) => vec![
                "computer.searches must be at least 1 (or left out: half the cores).".to_string(),
            ],
            _ => Vec::new(),
        }
    }
}

/// The `[engines]` section: an external engine in place of arbitre's own search at the
/// computer's top levels (6 to 9), by game. Only Ataxx has an engine protocol (UAI).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct EnginesSection {
    /// A UAI engine's program (`/usr/local/bin/tiktaxx`); it is started for each search.
    pub ataxx: Option<PathBuf>,
}

impl EnginesSection {
    /// What is wrong with the section, one sentence each.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if let Some(path) = &self.ataxx
            && !path.is_file()
        {
            problems.push(format!(
                "engines.ataxx `{}` is not a program file.",
                path.display()
            ));
        }
        problems
    }
}

/// The `[web]` section: the public, read-only pages of games, players and events.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct WebSection {
    /// Where the pages are served (`127.0.0.1:8080`), by `arbitre run` as well as by
    /// `arbitre web`; absent: `arbitre run` serves no pages.
    pub listen: Option<String>,
    /// The pages' address as players reach them (`https://games.example.org`, behind a
    /// reverse proxy); when set, game mails link to their game's page.
    pub public_url: Option<String>,
    /// The key of the players' page handles alone (64 hexadecimal digits, as `arbitre
    /// page-key` prints it), for an `arbitre web` that must not hold the installation's
    /// secret: with it, `arbitre web` never reads `bot.secret` nor the mail passwords.
    /// Absent: derived from `bot.secret`.
    #[serde(default)]
    pub page_key: Option<Secret>,
}

impl WebSection {
    /// What is wrong with the section, one sentence each.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if let Some(listen) = &self.listen
            && listen.parse::<std::net::SocketAddr>().is_err()
        {
            problems.push(format!(
                "web.listen `{listen}` is not an address and port (try `127.0.0.1:8080`)."
            ));
        }
        if let Some(url) = &self.public_url {
            let rest = url
                .strip_prefix("https://")
                .or_else(|| url.strip_prefix("http://"));
            if rest.is_none_or(|r| r.is_empty() || r.contains(['?', '#', ' ', '"', '<', '>'])) {
                problems.push(format!(
                    "web.public-url `{url}` is not the address of a site (try \
                     `https://games.example.org`)."
                ));
            }
        }
        problems
    }

    /// The page-handle key given as `page-key`, read and decoded; `None` when not given.
    pub fn given_page_key(&self) -> Option<Result<Vec<u8>, String>> {
        let key = self.page_key.as_ref()?;
        Some(
            key.reveal()
                .map_err(|e| format!("web.page-key cannot be read: {e}."))
                .and_then(|k| {
                    hex_key(k.trim()).ok_or_else(|| {
                        "web.page-key must be the 64 hexadecimal digits `arbitre page-key` \
                         prints."
                            .to_string()
                    })
                }),
        )
    }

    /// The public address without its trailing slash, if set.
    pub fn base_url(&self) -> Option<String> {
        self.public_url
            .as_ref()
            .map(|u| u.trim_end_matches('/').to_string())
    }
}

/// The `[clock]` section, as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct ClockSection {
    /// The time control of challenges that name none (`none`, `3d`, `10/50d`, ...).
    pub default_time: String,
    /// The reminder ladder (`80%`, `24h-left`, `14d`, ...).
    pub reminders: Vec<String>,
    /// The time zone of players who gave none (IANA name).
    pub time_zone: String,
    /// Days of leave per player and year.
    pub leave_days: u32,
}

impl Default for ClockSection {
    fn default() -> Self {
        let d = crate::referee::ClockConfig::default();
        ClockSection {
            default_time: d.default_control.to_string(),
            reminders: d.reminders.iter().map(ToString::to_string).collect(),
            time_zone: d.default_zone,
            leave_days: d.leave_days as u32,
        }
    }
}

impl ClockSection {
    /// The settings, or what is wrong with them.
    pub fn read(&self) -> Result<crate::referee::ClockConfig, Vec<String>> {
        let mut problems = Vec::new();
        let default_control = crate::clock::TimeControl::read(&self.default_time)
            .map_err(|e| problems.push(format!("clock.default-time: {e}.")))
            .unwrap_or_default();
        let mut reminders = Vec::new();
        for r in &self.reminders {
            match crate::clock::reminders::Step::read(r) {
                Some(step) => reminders.push(step),
                None => problems.push(format!(
                    "clock.reminders: `{r}` is not a reminder step (try `80%`, `24h-left` or `14d`)."
                )),
            }
        }
        if jiff::tz::db().get(&self.time_zone).is_err() {
            problems.push(format!(
                "clock.time-zone `{}` is not a time zone (try `UTC` or `Europe/Paris`).",
                self.time_zone
            ));
        }
        if self.leave_days > 366 {
            problems.push("clock.leave-days is at most 366.".into());
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(crate::referee::ClockConfig {
            default_control,
            reminders,
            default_zone: self.time_zone.clone(),
            leave_days: i64::from(self.leave_days),
        })
    }
}

/// Logging.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct LogConfig {
    /// A tracing filter (`info`, `arbitre=debug`, ...); `RUST_LOG` wins when set.
    pub level: String,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            level: "info".into(),
        }
    }
}

/// A secret given inline (`password.raw = "..."`) or printed by a command
/// (`password.command = "pass show arbitre"`, first line of its output).
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Secret {
    /// The secret itself.
    Raw(String),
    /// A shell command that prints it.
    Command(String),
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Secret::Raw(_) => f.write_str("Secret::Raw(***)"),
            Secret::Command(c) => write!(f, "Secret::Command({c:?})"),
        }
    }
}

impl Secret {
    /// The secret's value (runs the command for [`Secret::Command`]).
    pub fn reveal(&self) -> Result<String, String> {
        match self {
            Secret::Raw(s) => Ok(s.clone()),
            Secret::Command(cmd) => {
                let out = Command::new("sh")
                    .arg("-c")
                    .arg(cmd)
                    .output()
                    .map_err(|e| format!("cannot run `{cmd}`: {e}"))?;
                if !out.status.success() {
                    return Err(format!("`{cmd}` failed ({})", out.status));
                }
                let text = String::from_utf8_lossy(&out.stdout);
                let first = text.lines().next().unwrap_or("").trim_end().to_string();
                if first.is_empty() {
                    return Err(format!("`{cmd}` printed nothing"));
                }
                Ok(first)
            }
        }
    }
}

fn default_key_number() -> u32 {
    1
}

fn default_display_name() -> String {
    "arbitre".into()
}
fn default_smtp_connections() -> usize {
    8
}

fn default_max_replies() -> u32 {
    20
}
fn default_max_message_bytes() -> usize {
    256 * 1024
}
fn default_tls() -> Security {
    Security::Tls
}
fn default_starttls() -> Security {
    Security::Starttls
}
fn default_mailbox() -> String {
    "INBOX".into()
}
fn default_processed_folder() -> String {
    "arbitre-processed".into()
}
fn default_keyword() -> String {
    "$ArbitreProcessed".into()
}
fn default_idle_renew() -> u64 {
    25
}
fn default_poll() -> u64 {
    300
}
fn default_reconnect_min() -> u64 {
    1
}
fn default_reconnect_max() -> u64 {
    10
}
fn default_sendmail() -> PathBuf {
    PathBuf::from("/usr/sbin/sendmail")
}
fn default_smtp_timeout() -> u64 {
    60
}

/// Why the configuration could not be used: one plain sentence per problem.
#[derive(Debug, thiserror::Error)]
#[error("{}", .problems.join("\n"))]
pub struct ConfigError {
    /// The problems, one sentence each.
    pub problems: Vec<String>,
}

impl ConfigError {
    fn one(problem: String) -> ConfigError {
        ConfigError {
            problems: vec![problem],
        }
    }
}

impl Config {
    /// Reads and parses the file (no cross-field checks; see [`Config::check`]).
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            ConfigError::one(format!(
                "The configuration file {} cannot be read: {e}.",
                path.display()
            ))
        })?;
        Config::parse(&text).map_err(|mut e| {
            for p in &mut e.problems {
                *p = format!("{}: {p}", path.display());
            }
            e
        })
    }

    /// Parses TOML text.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        toml::from_str(text).map_err(|e| {
            let message = e.message().trim_end_matches('\n').to_string();
            let place = match e.span() {
                Some(span) => {
                    let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                    format!("line {line}: ")
                }
                None => String::new(),
            };
            ConfigError::one(format!("{place}{message}."))
        })
    }

    /// Checks the values together, the mail sections included (what `arbitre run` and
    /// `check-config` need); returns one sentence per problem. Does not connect.
    pub fn check(&self) -> Result<(), ConfigError> {
        let mut problems = match self.check_offline() {
            Ok(()) => Vec::new(),
            Err(e) => e.problems,
        };
        problems.extend(self.mail_problems());
        if problems.is_empty() {
            Ok(())
        } else {
            Err(ConfigError { problems })
        }
    }

    /// The problems of the `[imap]`, `[smtp]` and `[outbox]` sections: the mail servers
    /// only the daemon connects to.
    fn mail_problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.imap.host.trim().is_empty() {
            problems.push("imap.host is empty.".to_string());
        }
        if let Some(ca) = &self.imap.ca_file
            && !ca.is_file()
        {
            problems.push(format!("imap.ca-file {} does not exist.", ca.display()));
        }
        if let Err(e) = self.imap.password.reveal() {
            problems.push(format!("imap.password cannot be read: {e}."));
        }
        if self.imap.idle_renew_minutes == 0 || self.imap.idle_renew_minutes > 28 {
            problems.push(
                "imap.idle-renew-minutes must be between 1 and 28 (servers may drop an IDLE after 30 minutes)."
                    .to_string(),
            );
        }
        if self.imap.poll_seconds == 0 {
            problems.push("imap.poll-seconds must be at least 1.".to_string());
        }
        if self.imap.reconnect_min_seconds == 0
            || self.imap.reconnect_min_seconds > self.imap.reconnect_max_seconds
        {
            problems.push(
                "imap.reconnect-min-seconds must be at least 1 and at most imap.reconnect-max-seconds."
                    .to_string(),
            );
        }
        if self.imap.after_processing == AfterProcessing::Move
            && self.imap.processed_folder.trim().is_empty()
        {
            problems.push(
                "imap.processed-folder is empty, but imap.after-processing is `move`.".to_string(),
            );
        }
        if self.imap.after_processing == AfterProcessing::Move
            && self.imap.processed_folder == self.imap.mailbox
        {
            problems.push(
                "imap.processed-folder must differ from imap.mailbox, or processed mail would be read again."
                    .to_string(),
            );
        }
        if self.imap.keyword.is_empty()
            || self
                .imap
                .keyword
                .chars()
                .any(|c| c.is_whitespace() || "(){%*\"\\]".contains(c) || c.is_control())
        {
            problems.push(format!(
                "imap.keyword `{}` is not a valid IMAP keyword (letters, digits, `$`, `-`, `_`).",
                self.imap.keyword
            ));
        }
        match self.smtp.transport {
            Transport::Smtp => {
                if self.smtp.host.as_deref().unwrap_or("").trim().is_empty() {
                    problems.push("smtp.host is required with smtp.transport = \"smtp\".".into());
                }
                if self.smtp.user.is_some() != self.smtp.password.is_some() {
                    problems.push(
                        "smtp.user and smtp.password go together: give both or neither.".into(),
                    );
                }
                if let Some(p) = &self.smtp.password
                    && let Err(e) = p.reveal()
                {
                    problems.push(format!("smtp.password cannot be read: {e}."));
                }
                if let Some(ca) = &self.smtp.ca_file
                    && !ca.is_file()
                {
                    problems.push(format!("smtp.ca-file {} does not exist.", ca.display()));
                }
            }
            Transport::Sendmail => {
                if !self.smtp.sendmail_command.is_file() {
                    problems.push(format!(
                        "smtp.sendmail-command {} does not exist.",
                        self.smtp.sendmail_command.display()
                    ));
                }
            }
        }
        problems.extend(self.dkim_problems());
        if self.outbox.retry_min_seconds == 0
            || self.outbox.retry_min_seconds > self.outbox.retry_max_seconds
        {
            problems.push(
                "outbox.retry-min-seconds must be at least 1 and at most outbox.retry-max-seconds."
                    .to_string(),
            );
        }
        problems
    }

    /// The problems of the DKIM keys' settings (`[smtp] dkim`). The keys themselves are read
    /// where they are used, when the mailer is built ([`crate::mail::dkim`]).
    fn dkim_problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let label_ok = |l: &str| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        let mut names = std::collections::HashSet::new();
        for key in &self.smtp.dkim {
            let selector = key.selector.trim();
            if !selector.split('.').all(label_ok) {
                problems.push(format!(
                    "smtp.dkim.selector `{}` is not a DNS label (letters, digits, `-`, such as \
                     `arbitre-2027`).",
                    key.selector
                ));
            }
            let domain = key.domain.trim().trim_end_matches('.');
            if !domain.contains('.') || !domain.split('.').all(label_ok) {
                problems.push(format!(
                    "smtp.dkim.domain `{}` is not a domain name (such as `example.org`).",
                    key.domain
                ));
            }
            if !key.key_file.is_file() {
                problems.push(format!(
                    "smtp.dkim.key-file {} does not exist (make a key with `openssl genpkey \
                     -algorithm ed25519 -out {}`).",
                    key.key_file.display(),
                    key.key_file.display()
                ));
            }
            if !names.insert(key.record_name()) {
                problems.push(format!(
                    "smtp.dkim: two keys have the selector `{}` of {}: give each its own.",
                    key.selector, key.domain
                ));
            }
        }
        problems
    }

    /// What may be wrong though arbitre runs, one sentence each: said by `check-config` and
    /// logged at start.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        let bot_domain = self
            .bot
            .address
            .rsplit_once('@')
            .map(|(_, d)| d.trim_end_matches('.').to_lowercase())
            .unwrap_or_default();
        for key in &self.smtp.dkim {
            let d = key.domain.trim().trim_end_matches('.').to_lowercase();
            if bot_domain != d && !bot_domain.ends_with(&format!(".{d}")) {
                warnings.push(format!(
                    "smtp.dkim.domain `{}` is neither the domain of bot.address ({bot_domain}) \
                     nor a parent of it: receivers will find the signature valid but not \
                     aligned with the From address, and DMARC will fail.",
                    key.domain
                ));
            }
        }
        if self.bot.verify == Verify::Dkim && self.bot.trusted_authserv_id.is_some() {
            warnings.push(
                "bot.trusted-authserv-id is not used with bot.verify = \"dkim\": arbitre \
                 verifies the signatures itself and reads no server's Authentication-Results."
                    .to_string(),
            );
        }
        warnings
    }

    /// Checks every section but the mail servers' (`[imap]`, `[smtp]`, `[outbox]`): what the
    /// commands that read or change the store without sending mail need (`show`, `games`,
    /// `clocks`, `ratings`, `stats`, `new`, the director's and the tournament commands,
    /// `audit`, `web`). Their mail waits in the outbox for the daemon.
    pub fn check_offline(&self) -> Result<(), ConfigError> {
        let mut problems = Vec::new();
        if !looks_like_address(&self.bot.address) {
            problems.push(format!(
                "bot.address `{}` is not a mail address.",
                self.bot.address
            ));
        }
        if self.bot.address.contains('+') {
            problems.push(
                "bot.address must not contain `+`: arbitre adds the `+token` part itself."
                    .to_string(),
            );
        }
        match self.bot.secret.reveal() {
            Ok(s) if s.trim() == EXAMPLE_SECRET => problems.push(format!(
                "bot.secret is the example's placeholder: {MAKE_A_SECRET}."
            )),
            Ok(s) if s.trim().chars().count() < MIN_SECRET_CHARS => problems.push(format!(
                "bot.secret must be at least {MIN_SECRET_CHARS} characters long (32 random \
                 bytes' worth): {MAKE_A_SECRET}."
            )),
            Ok(_) => {}
            Err(e) => problems.push(format!("bot.secret cannot be read: {e}.")),
        }
        match self.bot.keyring() {
            Err(e) if !e.starts_with("bot.secret cannot be read") => problems.push(e),
            _ => {}
        }
        if let Some(Err(e)) = self.web.given_page_key() {
            problems.push(e);
        }
        if !self.bot.plus_addressing
            && self.bot.trusted_authserv_id.is_none()
            && self.bot.verify == Verify::Server
            && !self.bot.trust_unverified_senders
        {
            problems.push(
                "arbitre cannot tell who wrote a mail: set bot.plus-addressing = true (reply \
                 addresses that carry a key), or bot.trusted-authserv-id to your mail server's \
                 authserv-id, or bot.verify = \"dkim\", or, on a closed server only, \
                 bot.trust-unverified-senders = true."
                    .to_string(),
            );
        }
        if let Some(id) = &self.bot.trusted_authserv_id
            && (id.trim().is_empty() || id.contains(char::is_whitespace) || id.contains(';'))
        {
            problems.push(format!(
                "bot.trusted-authserv-id `{id}` is not an authserv-id (a host name such as \
                 `mx.example.org`, as your server writes it first in Authentication-Results)."
            ));
        }
        for domain in &self.bot.domain_proof {
            let d = domain.trim().trim_end_matches('.');
            let label_ok = |l: &str| {
                !l.is_empty()
                    && !l.starts_with('-')
                    && !l.ends_with('-')
                    && l.chars().all(|c| c.is_alphanumeric() || c == '-')
            };
            if !d.contains('.') || !d.split('.').all(label_ok) {
                problems.push(format!(
                    "bot.domain-proof: `{domain}` is not a domain name (write the domain of the \
                     From addresses, such as `club.example`, without `@` or wildcards)."
                ));
            }
        }
        if !self.bot.domain_proof.is_empty()
            && self.bot.trusted_authserv_id.is_none()
            && self.bot.verify == Verify::Server
        {
            problems.push(
                "bot.domain-proof has no effect without bot.trusted-authserv-id or bot.verify = \
                 \"dkim\": only your own server's Authentication-Results, or arbitre's own \
                 verification, are read."
                    .to_string(),
            );
        }
        if self.bot.max_message_bytes < 1024 {
            problems.push("bot.max-message-bytes must be at least 1024.".to_string());
        }
        match self.store.locate(None) {
            Ok(crate::store::Location::Sqlite(path)) => {
                if let Some(dir) = path.parent()
                    && !dir.as_os_str().is_empty()
                    && !dir.is_dir()
                {
                    problems.push(format!(
                        "store: the directory {} does not exist.",
                        dir.display()
                    ));
                }
            }
            Ok(crate::store::Location::Postgres(_)) => {
                if let Some(ca) = &self.store.ca_file
                    && !ca.is_file()
                {
                    problems.push(format!("store.ca-file: {} is not a file.", ca.display()));
                }
            }
            Err(e) => problems.push(e),
        }
        if let Err(p) = self.clock.read() {
            problems.extend(p);
        }
        if let Err(p) = self.sms.read() {
            problems.extend(p);
        }
        problems.extend(self.web.problems());
        problems.extend(self.computer.problems());
        problems.extend(self.engines.problems());
        if self.outbox.poll_seconds == 0 {
            problems.push("outbox.poll-seconds must be at least 1.".to_string());
        }
        if tracing_subscriber::EnvFilter::try_new(&self.log.level).is_err() {
            problems.push(format!(
                "log.level `{}` is not a log filter (try `info` or `arbitre=debug`).",
                self.log.level
            ));
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(ConfigError { problems })
        }
    }

    /// The keys of the players' page handles, the one that makes them first: `web.page-key`
    /// when given (then `bot.secret` is not read), else derived from the bot's secrets
    /// (the previous secret's handles keep leading to the same pages).
    pub fn page_keys(&self) -> Result<Vec<Vec<u8>>, String> {
        if let Some(given) = self.web.given_page_key() {
            return given.map(|k| vec![k]);
        }
        let ring = self.bot.keyring()?;
        Ok(ring
            .all()
            .map(|set| set.key(crate::keys::Purpose::PageHandle).to_vec())
            .collect())
    }

    /// Checks what the public pages alone need (`arbitre web` with `web.page-key`): the
    /// store, the clock and web sections and the page key. Reads no other secret.
    pub fn check_pages(&self) -> Result<(), ConfigError> {
        let mut problems = self.web.problems();
        if let Err(e) = self.store.locate(None) {
            problems.push(e);
        }
        if let Err(p) = self.clock.read() {
            problems.extend(p);
        }
        if let Err(e) = self.page_keys() {
            problems.push(e);
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(ConfigError { problems })
        }
    }

    /// The referee's settings. Reads the secret (runs its command if needed).
    pub fn referee(&self) -> Result<RefereeConfig, ConfigError> {
        let keys = self.bot.keyring().map_err(ConfigError::one)?;
        Ok(RefereeConfig {
            address: self.bot.address.to_lowercase(),
            plus_addressing: self.bot.plus_addressing,
            keys,
            default_lang: self.bot.default_lang,
            max_replies_per_hour: self.bot.max_replies_per_hour,
            max_message_bytes: self.bot.max_message_bytes,
            // With `verify = "dkim"` no server's headers are read: arbitre's own verification
            // stands first in each message instead (see `crate::mail::verify`).
            authserv_id: match self.bot.verify {
                Verify::Server => self
                    .bot
                    .trusted_authserv_id
                    .as_ref()
                    .map(|id| id.trim().to_lowercase()),
                Verify::Dkim => None,
            },
            domain_proof: self
                .bot
                .domain_proof
                .iter()
                .map(|d| d.trim().trim_end_matches('.').to_lowercase())
                .collect(),
            trust_unverified_senders: self.bot.trust_unverified_senders,
            clock: self
                .clock
                .read()
                .map_err(|problems| ConfigError { problems })?,
            sms: {
                let sms = self
                    .sms
                    .read()
                    .map_err(|problems| ConfigError { problems })?;
                crate::referee::SmsPolicy {
                    enabled: !matches!(sms.gateway, crate::config::sms::Gateway::None),
                    countries: sms.countries,
                    codes_per_day: sms.codes_per_day,
                    quiet: sms.quiet,
                }
            },
            public_url: self.web.base_url(),
        })
    }

    /// The IMAP port in use.
    pub fn imap_port(&self) -> u16 {
        self.imap.port.unwrap_or(match self.imap.security {
            Security::Tls => 993,
            Security::Starttls => 143,
        })
    }

    /// The SMTP port in use.
    pub fn smtp_port(&self) -> u16 {
        self.smtp.port.unwrap_or(match self.smtp.security {
            Security::Tls => 465,
            Security::Starttls => 587,
        })
    }
}

/// A warning when the configuration file (which may hold passwords) can be read by users
/// other than its owner, or `None`.
pub fn permission_warning(path: &Path) -> Option<String> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).ok()?.permissions().mode();
    (mode & 0o077 != 0).then(|| {
        format!(
            "{} can be read by other users (mode {:o}); it may hold passwords: chmod 600 it.",
            path.display(),
            mode & 0o777
        )
    })
}

fn looks_like_address(s: &str) -> bool {
    match s.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !s.chars().any(|c| c.is_whitespace() || c == '<' || c == '>')
                && !domain.contains('@')
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
[bot]
address = "arbitre@example.org"
plus-addressing = true
secret.raw = "0123456789abcdef-secret-0123456789abcdef-secret"
default-lang = "fr"

[store]
path = "arbitre.sqlite"

[imap]
host = "imap.example.org"
user = "arbitre@example.org"
password.command = "echo hunter2"

[smtp]
host = "smtp.example.org"
user = "arbitre@example.org"
password.raw = "hunter2"
"#;

    #[test]
    fn a_complete_file_loads_with_defaults() {
        let c = Config::parse(GOOD).unwrap();
        c.check().unwrap();
        assert_eq!(c.imap_port(), 993);
        assert_eq!(c.smtp_port(), 587);
        assert_eq!(c.imap.after_processing, AfterProcessing::Flag);
        assert_eq!(c.bot.default_lang, Lang::FR);
        assert_eq!(c.imap.password.reveal().unwrap(), "hunter2");
        let r = c.referee().unwrap();
        assert!(r.plus_addressing);
        assert_eq!(
            r.keys,
            crate::keys::Keyring::new("0123456789abcdef-secret-0123456789abcdef-secret")
        );
    }

    #[test]
    fn a_rotation_names_the_new_number_the_previous_secret_and_its_last_day() {
        let good = "0123456789abcdef-secret-0123456789abcdef-secret";
        let rotated = GOOD.replace(
            &format!("secret.raw = \"{good}\""),
            &format!(
                "secret.raw = \"the-next-secret-of-forty-three-characters-or-more\"\n\
                 key-number = 2\nprevious-secret.raw = \"{good}\"\n\
                 previous-secret-until = \"2027-03-01\""
            ),
        );
        assert_ne!(rotated, GOOD);
        let c = Config::parse(&rotated).unwrap();
        c.check().unwrap();
        let ring = c.referee().unwrap().keys;
        assert_eq!(ring.current().number(), 2);
        // 2027-03-01T00:00:00Z
        let until = 1_803_859_200;
        assert!(ring.for_number(1, until - 1).is_some());
        assert!(ring.for_number(1, until).is_none());
        // Each half of a rotation alone, a previous secret at number 1, the same secret
        // twice, a day that is not one: each said.
        for (change, says) in [
            ("previous-secret-until = \"2027-03-01\"", "go together"),
            ("key-number = 2", "raise bot.key-number"),
            (
                "the-next-secret-of-forty-three-characters-or-more",
                "the same as bot.secret",
            ),
            ("2027-03-01", "is not a day"),
        ] {
            let replacement = match says {
                "the same as bot.secret" => good,
                "is not a day" => "March 1st",
                _ => "",
            };
            let text = rotated.replacen(change, replacement, 1);
            let e = Config::parse(&text).unwrap().check().unwrap_err();
            assert!(e.to_string().contains(says), "{change}: {e}");
        }
        let zero = rotated.replace("key-number = 2", "key-number = 0");
        let e = Config::parse(&zero).unwrap().check().unwrap_err();
        assert!(e.to_string().contains("bot.key-number must be"), "{e}");
    }

    #[test]
    fn the_pages_can_run_with_their_key_alone() {
        let c = Config::parse(GOOD).unwrap();
        let derived = c.page_keys().unwrap();
        assert_eq!(
            derived.len(),
            2,
            "key 1 and the unnumbered handles of before"
        );
        let hex: String = derived[0].iter().map(|b| format!("{b:02x}")).collect();
        // Given alone, with a secret the pages cannot read and a mail password they
        // need not: the pages' check passes, the daemon's would not.
        let apart = GOOD.replace(
            "secret.raw = \"0123456789abcdef-secret-0123456789abcdef-secret\"",
            "secret.command = \"exit 1\"",
        ) + &format!("\n[web]\npage-key.raw = \"{hex}\"\n");
        let c = Config::parse(&apart).unwrap();
        c.check_pages().unwrap();
        assert!(c.check().is_err());
        assert_eq!(c.page_keys().unwrap(), vec![derived[0].clone()]);
        let bad = apart.replace(&hex, "not-hex");
        let e = Config::parse(&bad).unwrap().check_pages().unwrap_err();
        assert!(e.to_string().contains("64 hexadecimal digits"), "{e}");
    }

    #[test]
    fn the_example_file_documents_a_valid_configuration() {
        let text = include_str!("../../config/arbitre.example.toml");
        let c = Config::parse(text).unwrap();
        assert_eq!(c.imap.keyword, "$ArbitreProcessed");
        assert_eq!(c.outbox.give_up_hours, 72);
    }

    #[test]
    fn the_example_dkim_settings_read_once_uncommented() {
        let text = include_str!("../../config/arbitre.example.toml");
        let one = text
            .replace("# dkim.", "dkim.")
            .replace("# verify = \"dkim\"", "verify = \"dkim\"");
        let c = Config::parse(&one).unwrap();
        assert_eq!(c.bot.verify, Verify::Dkim);
        assert_eq!(c.smtp.dkim.len(), 1);
        assert_eq!(c.smtp.dkim[0].selector, "arbitre-2027");
        assert!(c.warnings().is_empty(), "{:?}", c.warnings());
        // The arrays of tables: from the first `# [[smtp.dkim]]` to `[outbox]`.
        let start = text.find("# [[smtp.dkim]]").unwrap();
        let end = text.find("\n[outbox]").unwrap();
        let block = text[start..end].replace("# ", "");
        let many = format!("{}{block}{}", &text[..start], &text[end..]);
        let c = Config::parse(&many).unwrap();
        let selectors: Vec<&str> = c.smtp.dkim.iter().map(|k| k.selector.as_str()).collect();
        assert_eq!(selectors, ["arbitre-rsa", "arbitre-ed"]);
    }

    #[test]
    fn the_example_kannel_and_webhook_sections_read_once_uncommented() {
        let c = Config::parse(&example_with_gateway("kannel")).unwrap();
        let sms = c.sms.read().unwrap();
        match sms.gateway {
            crate::config::sms::Gateway::Kannel { settings, listen } => {
                assert_eq!(settings.username, "arbitre");
                assert_eq!(listen, "127.0.0.1:13080");
                assert_eq!(
                    settings.dlr_url.as_deref(),
                    Some("http://127.0.0.1:13080/kannel/dlr?secret=a-secret-of-sixteen-or-more")
                );
            }
            other => panic!("{other:?}"),
        }
        let c = Config::parse(&example_with_gateway("webhook")).unwrap();
        match c.sms.read().unwrap().gateway {
            crate::config::sms::Gateway::Webhook { settings, listen } => {
                assert_eq!(settings.api_url, "https://api.twilio.com");
                assert_eq!(settings.token, "t");
                assert_eq!(
                    settings.public_url,
                    "https://arbitre.example.org/sms/webhook"
                );
                assert_eq!(listen, "127.0.0.1:13090");
            }
            other => panic!("{other:?}"),
        }
        let wrong = example_with_gateway("webhook").replace(
            "public-url = \"https://arbitre.example.org/sms/webhook\"",
            "public-url = \"https://arbitre.example.org/hook\"",
        );
        let e = Config::parse(&wrong).unwrap().sms.read().unwrap_err();
        assert!(e[0].contains("must end with /sms/webhook"), "{e:?}");
        // The example names no country: with a gateway set, that alone is refused.
        let unnamed =
            example_with_gateway("kannel").replace("countries = [\"33\"]", "countries = []");
        let e = Config::parse(&unnamed).unwrap().sms.read().unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].starts_with("sms.countries:"), "{e:?}");
    }

    /// The example configuration with its SMS sections uncommented and `gateway` set.
    fn example_with_gateway(gateway: &str) -> String {
        let text = include_str!("../../config/arbitre.example.toml");
        let start = text.find("# [sms.kannel]").unwrap();
        let end = text[start..].find("[log]").unwrap() + start;
        let kannel: String = text[start..end]
            .lines()
            .map(|l| l.strip_prefix("# ").unwrap_or(l))
            // The commented keys, not the prose around them.
            .filter(|l| {
                l.starts_with('[')
                    || l.split_once(" = ").is_some_and(|(k, _)| {
                        k.chars()
                            .all(|c| c.is_ascii_lowercase() || c == '-' || c == '.')
                    })
            })
            .map(|l| {
                l.replace(
                    "password.command = \"cat /etc/arbitre/kannel-password\"",
                    "password.raw = \"p\"",
                )
                .replace(
                    "secret.command = \"cat /etc/arbitre/kannel-secret\"",
                    "secret.raw = \"a-secret-of-sixteen-or-more\"",
                )
                .replace(
                    "token.command = \"cat /etc/arbitre/sms-token\"",
                    "token.raw = \"t\"",
                )
            })
            .collect::<Vec<_>>()
            .join("\n");
        text[..start]
            .replace("gateway = \"none\"", &format!("gateway = \"{gateway}\""))
            .replace("countries = []", "countries = [\"33\"]")
            + &kannel
            + "\n"
            + &text[end..]
    }

    #[test]
    fn an_unknown_key_is_an_error_naming_it_and_its_line() {
        let text = GOOD.replace("[store]", "[store]\npaht = \"x\"");
        let e = Config::parse(&text).unwrap_err().to_string();
        assert!(e.contains("unknown field `paht`"), "{e}");
        assert!(e.contains("line 9"), "{e}");
    }

    #[test]
    fn each_problem_gets_its_own_sentence() {
        let text = GOOD
            .replace("arbitre@example.org\"\nplus", "not-an-address\"\nplus")
            .replace("0123456789abcdef-secret-0123456789abcdef-secret", "short")
            .replace(
                "password.command = \"echo hunter2\"",
                "password.command = \"false\"",
            );
        let e = Config::parse(&text).unwrap().check().unwrap_err();
        assert_eq!(e.problems.len(), 3, "{:?}", e.problems);
        assert!(e.problems[0].contains("not a mail address"));
        assert!(e.problems[1].contains("at least 43"));
        // The example's placeholder, and a secret one character too short, are refused too.
        for (secret, says) in [
            (EXAMPLE_SECRET.to_string(), "placeholder"),
            ("x".repeat(MIN_SECRET_CHARS - 1), "at least 43"),
        ] {
            let text = GOOD.replace("0123456789abcdef-secret-0123456789abcdef-secret", &secret);
            let e = Config::parse(&text).unwrap().check().unwrap_err();
            assert_eq!(e.problems.len(), 1, "{:?}", e.problems);
            assert!(e.problems[0].contains(says), "{:?}", e.problems);
        }
        let text = GOOD.replace(
            "0123456789abcdef-secret-0123456789abcdef-secret",
            &"x".repeat(MIN_SECRET_CHARS),
        );
        assert!(Config::parse(&text).unwrap().check().is_ok());
        assert!(e.problems[2].contains("imap.password"));
        assert!(e.problems.iter().all(|p| p.ends_with('.')));
    }

    #[test]
    fn a_configuration_that_cannot_tell_who_writes_is_refused() {
        let no_keys = GOOD.replace("plus-addressing = true", "plus-addressing = false");
        let e = Config::parse(&no_keys).unwrap().check().unwrap_err();
        assert!(
            e.problems[0].contains("cannot tell who wrote"),
            "{:?}",
            e.problems
        );
        let with_server = no_keys.replace(
            "default-lang",
            "trusted-authserv-id = \"MX.example.org\"\ndefault-lang",
        );
        let c = Config::parse(&with_server).unwrap();
        c.check().unwrap();
        assert_eq!(
            c.referee().unwrap().authserv_id.as_deref(),
            Some("mx.example.org")
        );
        let closed = no_keys.replace(
            "default-lang",
            "trust-unverified-senders = true\ndefault-lang",
        );
        let c = Config::parse(&closed).unwrap();
        c.check().unwrap();
        assert!(c.referee().unwrap().trust_unverified_senders);
        let bad_id = GOOD.replace(
            "default-lang",
            "trusted-authserv-id = \"mx.example.org; dkim=pass\"\ndefault-lang",
        );
        let e = Config::parse(&bad_id).unwrap().check().unwrap_err();
        assert!(
            e.problems[0].contains("not an authserv-id"),
            "{:?}",
            e.problems
        );
    }

    #[test]
    fn domain_proof_lists_domains_and_needs_the_server() {
        let listed = GOOD.replace(
            "default-lang",
            "trusted-authserv-id = \"mx.example.org\"\ndomain-proof = [\"Club.Example.\", \
             \"b.example\"]\ndefault-lang",
        );
        let c = Config::parse(&listed).unwrap();
        c.check().unwrap();
        assert_eq!(
            c.referee().unwrap().domain_proof,
            vec!["club.example".to_string(), "b.example".to_string()]
        );
        // Nothing listed by default.
        assert!(
            Config::parse(GOOD)
                .unwrap()
                .referee()
                .unwrap()
                .domain_proof
                .is_empty()
        );
        for bad in [
            "alice@club.example",
            "*.club.example",
            "example",
            "club .example",
        ] {
            let text = GOOD.replace(
                "default-lang",
                &format!(
                    "trusted-authserv-id = \"mx.example.org\"\ndomain-proof = [\"{bad}\"]\n\
                     default-lang"
                ),
            );
            let e = Config::parse(&text).unwrap().check().unwrap_err();
            assert!(
                e.problems.iter().any(|p| p.contains("not a domain name")),
                "{bad}: {:?}",
                e.problems
            );
        }
        let without_server = GOOD.replace(
            "default-lang",
            "domain-proof = [\"club.example\"]\ndefault-lang",
        );
        let e = Config::parse(&without_server).unwrap().check().unwrap_err();
        assert!(
            e.problems
                .iter()
                .any(|p| p.contains("no effect without bot.trusted-authserv-id")),
            "{:?}",
            e.problems
        );
    }

    #[test]
    fn a_secret_never_shows_in_debug_output() {
        let c = Config::parse(GOOD).unwrap();
        let dump = format!("{c:?}");
        assert!(!dump.contains("0123456789abcdef-secret"));
        assert!(dump.contains("Raw(***)"));
        assert_eq!(
            dump.matches("hunter2").count(),
            1,
            "only the command is shown: {dump}"
        );
    }

    #[test]
    fn user_without_password_is_refused() {
        let text = GOOD.replace("password.raw = \"hunter2\"\n", "");
        let e = Config::parse(&text).unwrap().check().unwrap_err();
        assert!(e.problems[0].contains("go together"), "{:?}", e.problems);
    }

    #[test]
    fn a_file_readable_by_others_is_reported() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("arbitre-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.toml");
        std::fs::write(&path, GOOD).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert!(permission_warning(&path).unwrap().contains("chmod 600"));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(permission_warning(&path), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The test key's path, for `dkim.key-file`.
    fn test_key(name: &str) -> String {
        format!("{}/tests/data/dkim/{name}", env!("CARGO_MANIFEST_DIR"))
    }

    #[test]
    fn dkim_keys_are_one_table_or_several() {
        let one = format!(
            "{GOOD}dkim.selector = \"ed\"\ndkim.domain = \"example.org\"\ndkim.key-file = \"{}\"\n",
            test_key("ed25519.pem")
        );
        let c = Config::parse(&one).unwrap();
        c.check().unwrap();
        assert_eq!(c.smtp.dkim.len(), 1);
        assert_eq!(c.smtp.dkim[0].record_name(), "ed._domainkey.example.org");
        assert!(c.warnings().is_empty(), "{:?}", c.warnings());
        let two = format!(
            "{GOOD}\n[[smtp.dkim]]\nselector = \"rsa\"\ndomain = \"example.org\"\nkey-file = \"{}\"\n\
             \n[[smtp.dkim]]\nselector = \"ed\"\ndomain = \"example.org\"\nkey-file = \"{}\"\n",
            test_key("rsa.pem"),
            test_key("ed25519.pem")
        );
        let c = Config::parse(&two).unwrap();
        c.check().unwrap();
        let selectors: Vec<&str> = c.smtp.dkim.iter().map(|k| k.selector.as_str()).collect();
        assert_eq!(selectors, ["rsa", "ed"]);
        assert!(Config::parse(GOOD).unwrap().smtp.dkim.is_empty());
        // Unknown keys are refused in either form.
        let typo = one.replace("dkim.key-file", "dkim.keyfile");
        let e = Config::parse(&typo).unwrap_err();
        assert!(e.problems[0].contains("unknown field"), "{:?}", e.problems);
    }

    #[test]
    fn dkim_settings_are_checked_and_a_foreign_domain_is_warned_of() {
        let with = |selector: &str, domain: &str, file: &str| {
            Config::parse(&format!(
                "{GOOD}dkim.selector = \"{selector}\"\ndkim.domain = \"{domain}\"\ndkim.key-file = \"{file}\"\n"
            ))
            .unwrap()
        };
        let key = test_key("ed25519.pem");
        let e = with("a b", "example.org", &key).check().unwrap_err();
        assert!(
            e.problems[0].contains("smtp.dkim.selector `a b`"),
            "{:?}",
            e.problems
        );
        let e = with("s1", "org", &key).check().unwrap_err();
        assert!(
            e.problems[0].contains("smtp.dkim.domain `org`"),
            "{:?}",
            e.problems
        );
        let e = with("s1", "example.org", "/nonexistent/k.pem")
            .check()
            .unwrap_err();
        assert!(
            e.problems[0].contains("smtp.dkim.key-file /nonexistent/k.pem does not exist"),
            "{:?}",
            e.problems
        );
        // bot.address is arbitre@example.org: its domain or a parent aligns, nothing else.
        for (domain, warned) in [
            ("example.org", false),
            ("Example.ORG.", false),
            ("other.example", true),
            ("sub.example.org", true),
            ("ample.org", true),
        ] {
            let w = with("s1", domain, &key).warnings();
            assert_eq!(!w.is_empty(), warned, "{domain}: {w:?}");
            if warned {
                assert!(w[0].contains("DMARC will fail"), "{w:?}");
            }
        }
        let sub = GOOD.replace(
            "arbitre@example.org\"\nplus",
            "arbitre@games.example.org\"\nplus",
        );
        let c = Config::parse(&format!(
            "{sub}dkim.selector = \"s1\"\ndkim.domain = \"example.org\"\ndkim.key-file = \"{key}\"\n"
        ))
        .unwrap();
        assert!(
            c.warnings().is_empty(),
            "a parent aligns: {:?}",
            c.warnings()
        );
    }

    #[test]
    fn verify_dkim_proves_senders_instead_of_the_server() {
        let c = Config::parse(GOOD).unwrap();
        assert_eq!(c.bot.verify, Verify::Server);
        let dkim = GOOD.replace(
            "plus-addressing = true\n",
            "verify = \"dkim\"\ndomain-proof = [\"club.example\"]\n",
        );
        let c = Config::parse(&dkim).unwrap();
        // Neither "cannot tell who wrote" nor "domain-proof has no effect".
        c.check().unwrap();
        assert_eq!(c.bot.verify, Verify::Dkim);
        assert_eq!(c.referee().unwrap().authserv_id, None);
        let both = dkim.replace(
            "verify = \"dkim\"\n",
            "verify = \"dkim\"\ntrusted-authserv-id = \"mx.example.org\"\n",
        );
        let c = Config::parse(&both).unwrap();
        assert_eq!(
            c.referee().unwrap().authserv_id,
            None,
            "the server is not read"
        );
        assert!(c.warnings()[0].contains("bot.trusted-authserv-id is not used"));
        let e = Config::parse(&GOOD.replace("plus-addressing = true\n", "verify = \"spf\"\n"))
            .unwrap_err();
        assert!(
            e.problems[0].contains("unknown variant"),
            "{:?}",
            e.problems
        );
    }
}
