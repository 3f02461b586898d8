//! arbitre's own proof of sender (`bot.verify = "dkim"`): the DKIM signatures of each
//! incoming mail verified here, and DMARC evaluated for its From domain, with the mail-auth
//! crate and DNS, instead of trusting what the receiving server wrote.
//!
//! The outcome is given to the referee the way a server's would be: as one
//! [`AuthResults`] (`dmarc=pass header.from=...`, `dkim=pass header.d=...`), put first in
//! [`Inbound::auth_results`](crate::referee::Inbound::auth_results) and marked
//! [`Above::Arbitre`], which no header of a message is ever given
//! ([`crate::mail::parse`] reads headers only). So the pure referee decides what proves a
//! sender from it by the rules it applies to a server's headers
//! ([`crate::referee::proof`]), and a header a sender wrote with arbitre's authserv-id
//! stays a header a sender wrote.
//!
//! DMARC is evaluated on DKIM alone: arbitre does not see the connection the mail came on,
//! so SPF is never checked. A DNS failure or a verification that takes too long is a
//! `temperror` for the methods it touched: never a pass, never a panic.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use mail_auth::common::parse::TxtRecordParser;
use mail_auth::common::verify::DomainKey;
use mail_auth::dmarc::Dmarc;
use mail_auth::dmarc::verify::DmarcParameters;
use mail_auth::hickory_resolver::config::{ResolverConfig, ResolverOpts};
use mail_auth::{
    AuthenticatedMessage, DkimResult, DmarcResult, DnsError, Error, MessageAuthenticator,
    Parameters, ResolverCache, SpfOutput, Txt,
};

use crate::referee::{Above, AuthResult, AuthResults};

/// The authserv-id of arbitre's own results (for logs: what marks them is
/// [`Above::Arbitre`], never this name).
pub const OWN_AUTHSERV_ID: &str = "arbitre";

/// A whole verification (all DNS lookups included) takes at most this long.
const TIME_LIMIT: Duration = Duration::from_secs(30);

/// At most this many DNS answers are kept; the cache is emptied when it is full.
const CACHE_SIZE: usize = 4096;

/// Verifies incoming mail.
pub struct Verifier {
    authenticator: MessageAuthenticator,
    cache: DnsCache,
}

impl std::fmt::Debug for Verifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Verifier")
            .field("offline", &self.cache.offline)
            .finish()
    }
}

impl Verifier {
    /// A verifier asking the system's resolver (`/etc/resolv.conf`), keeping answers for
    /// their time to live.
    pub fn from_system() -> Result<Verifier, String> {
        let authenticator = MessageAuthenticator::new_system_conf()
            .map_err(|e| format!("bot.verify = \"dkim\": no DNS resolver ({e})"))?;
        Ok(Verifier {
            authenticator,
            cache: DnsCache::new(false),
        })
    }

    /// A verifier that knows the TXT `records` (name, text) and nothing else: every other
    /// name does not exist, and no query ever leaves the process (tests, and checking a
    /// record before publishing it). Names starting `_dmarc.` are read as DMARC policies,
    /// every other as a DKIM key (`<selector>._domainkey.<domain>`).
    pub fn offline(records: &[(String, String)]) -> Verifier {
        let cache = DnsCache::new(true);
        for (name, text) in records {
            let txt: Txt = if name.starts_with("_dmarc.") {
                Dmarc::parse(text.as_bytes()).into()
            } else {
                DomainKey::parse(text.as_bytes()).into()
            };
            cache.put(fqdn(name), txt, None);
        }
        // No name server at all: a name the cache does not answer fails at once.
        let authenticator = MessageAuthenticator::new(
            ResolverConfig::from_parts(None, vec![], vec![]),
            ResolverOpts::default(),
        )
        .expect("a resolver without servers builds");
        Verifier {
            authenticator,
            cache,
        }
    }

    /// arbitre's results for the raw message `raw` (as received, headers on top), marked
    /// [`Above::Arbitre`]: `dmarc` for the From domain, then one `dkim` per signature.
    pub async fn verify(&self, raw: &[u8]) -> AuthResults {
        let results = match tokio::time::timeout(TIME_LIMIT, self.results(raw)).await {
            Ok(results) => results,
            Err(_) => vec![result("dmarc", "temperror", vec![])],
        };
        AuthResults {
            authserv_id: OWN_AUTHSERV_ID.into(),
            results,
            above: Above::Arbitre,
        }
    }

    async fn results(&self, raw: &[u8]) -> Vec<AuthResult> {
        let Some(message) = AuthenticatedMessage::parse(raw) else {
            return vec![result("dmarc", "permerror", vec![])];
        };
        let dkim = self
            .authenticator
            .verify_dkim(Parameters::new(&message).with_txt_cache(&self.cache))
            .await;
        // No SPF: arbitre does not see the connection the mail came on.
        let spf = SpfOutput::new(String::new());
        let dmarc = self
            .authenticator
            .verify_dmarc(
                Parameters::new(DmarcParameters::new(&message, &dkim, "", &spf))
                    .with_txt_cache(&self.cache),
            )
            .await;
        let mut results = Vec::with_capacity(dkim.len() + 1);
        let dmarc_result = match dmarc.dkim_result() {
            DmarcResult::Pass => "pass",
            DmarcResult::Fail(_) => "fail",
            DmarcResult::TempError(_) => "temperror",
            DmarcResult::PermError(_) => "permerror",
            DmarcResult::None => "none",
        };
        let from_domain = dmarc.domain();
        let props = if from_domain.is_empty() {
            vec![]
        } else {
            vec![("header.from", from_domain.to_string())]
        };
        results.push(result("dmarc", dmarc_result, props));
        for output in &dkim {
            let outcome = match output.result() {
                DkimResult::Pass => "pass",
                DkimResult::Neutral(_) => "neutral",
                DkimResult::Fail(_) => "fail",
                DkimResult::PermError(_) => "permerror",
                DkimResult::TempError(_) => "temperror",
                DkimResult::None => "none",
            };
            let props = output.signature().map_or_else(Vec::new, |s| {
                vec![("header.d", s.d.clone()), ("header.s", s.s.clone())]
            });
            results.push(result("dkim", outcome, props));
        }
        results
    }
}

fn result(method: &str, outcome: &str, properties: Vec<(&str, String)>) -> AuthResult {
    AuthResult {
        method: method.into(),
        result: outcome.into(),
        properties: properties
            .into_iter()
            .map(|(n, v)| (n.to_string(), v.to_lowercase()))
            .collect(),
    }
}

/// `name` as mail-auth looks it up: lower case, with the final dot.
fn fqdn(name: &str) -> Box<str> {
    let mut n = name.trim().to_lowercase();
    if !n.ends_with('.') {
        n.push('.');
    }
    n.into_boxed_str()
}

/// One kept answer and when it expires (`None`: never, for the answers given offline).
type Entry = (Txt, Option<Instant>);

/// The TXT answers mail-auth asked for, kept for their time to live; when offline, the
/// answers given and "no such record" for every other name.
struct DnsCache {
    entries: Mutex<HashMap<Box<str>, Entry>>,
    offline: bool,
}

impl DnsCache {
    fn new(offline: bool) -> DnsCache {
        DnsCache {
            entries: Mutex::new(HashMap::new()),
            offline,
        }
    }

    fn put(&self, name: Box<str>, txt: Txt, until: Option<Instant>) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= CACHE_SIZE {
            entries.clear();
        }
        entries.insert(name, (txt, until));
    }
}

impl ResolverCache<Box<str>, Txt> for DnsCache {
    fn get<Q>(&self, name: &Q) -> Option<Txt>
    where
        Box<str>: std::borrow::Borrow<Q>,
        Q: std::hash::Hash + Eq + ?Sized,
    {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        match entries.get(name) {
            Some((txt, until)) if until.is_none_or(|u| Instant::now() < u) => Some(txt.clone()),
            _ if self.offline => Some(Txt::Error(Error::Dns(DnsError::RecordNotFound(
                mail_auth::hickory_resolver::proto::op::ResponseCode::NXDomain,
            )))),
            _ => None,
        }
    }

    fn remove<Q>(&self, name: &Q) -> Option<Txt>
    where
        Box<str>: std::borrow::Borrow<Q>,
        Q: std::hash::Hash + Eq + ?Sized,
    {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.remove(name).map(|(txt, _)| txt)
    }

    fn insert(&self, name: Box<str>, txt: Txt, valid_until: Instant) {
        if !self.offline {
            self.put(name, txt, Some(valid_until));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DkimKey;
    use crate::mail::dkim::Signer;
    use std::path::PathBuf;

    /// A mail from alice@players.example, signed by `domain` with the test key.
    fn signed_by(domain: &str, from: &str) -> (Vec<u8>, String) {
        let key = DkimKey {
            selector: "t1".into(),
            domain: domain.into(),
            key_file: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/dkim/ed25519.pem"),
        };
        let signer = Signer::from_config(&[key]).unwrap().unwrap();
        let raw = format!(
            "From: Alice <{from}>\r\nTo: arbitre@club.example\r\nSubject: move\r\n\
             Date: Mon, 3 Mar 2025 10:00:00 +0000\r\nMessage-ID: <m1@players.example>\r\n\r\na1b2\r\n"
        );
        let signed = signer.sign(raw.as_bytes()).unwrap();
        (signed, signer.records()[0].value.clone())
    }

    fn outcome(own: &AuthResults) -> Vec<(String, String)> {
        own.results
            .iter()
            .map(|r| (r.method.clone(), r.result.clone()))
            .collect()
    }

    fn pair(m: &str, r: &str) -> (String, String) {
        (m.into(), r.into())
    }

    #[tokio::test]
    async fn a_signed_mail_passes_dmarc_where_the_domain_publishes_a_policy() {
        let (mail, key) = signed_by("players.example", "alice@players.example");
        let v = Verifier::offline(&[
            ("t1._domainkey.players.example".into(), key.clone()),
            ("_dmarc.players.example".into(), "v=DMARC1; p=none".into()),
        ]);
        let own = v.verify(&mail).await;
        assert_eq!(own.above, Above::Arbitre);
        assert_eq!(own.authserv_id, OWN_AUTHSERV_ID);
        assert_eq!(outcome(&own), [pair("dmarc", "pass"), pair("dkim", "pass")]);
        assert_eq!(
            own.results[0].property("header.from"),
            Some("players.example")
        );
        assert_eq!(own.results[1].property("header.d"), Some("players.example"));

        // Without a DMARC record: the signature passes, DMARC says nothing.
        let v = Verifier::offline(&[("t1._domainkey.players.example".into(), key.clone())]);
        assert_eq!(
            outcome(&v.verify(&mail).await),
            [pair("dmarc", "none"), pair("dkim", "pass")]
        );

        // Signed by another domain than the From domain's: not aligned.
        let (mail, key) = signed_by("evil.example", "alice@players.example");
        let v = Verifier::offline(&[
            ("t1._domainkey.evil.example".into(), key),
            ("_dmarc.players.example".into(), "v=DMARC1; p=reject".into()),
        ]);
        assert_eq!(
            outcome(&v.verify(&mail).await),
            [pair("dmarc", "fail"), pair("dkim", "pass")]
        );
    }

    #[tokio::test]
    async fn a_key_that_is_not_published_or_garbage_proves_nothing() {
        let (mail, _) = signed_by("players.example", "alice@players.example");
        let v = Verifier::offline(&[("_dmarc.players.example".into(), "v=DMARC1; p=none".into())]);
        let own = v.verify(&mail).await;
        assert!(own.results.iter().all(|r| r.result != "pass"), "{own:?}");
        for junk in [
            &b""[..],
            b"\r\n\r\n",
            b"garbage",
            b"From: a@b.c\r\n\r\nno signature",
        ] {
            let own = v.verify(junk).await;
            assert!(own.results.iter().all(|r| r.result != "pass"), "{own:?}");
        }
    }

    /// The system resolver pointed at nothing that answers: a DNS failure is a temperror,
    /// not a pass and not a panic.
    #[tokio::test]
    async fn a_dns_failure_is_a_temporary_error() {
        let (mail, _) = signed_by("players.example", "alice@players.example");
        let v = Verifier {
            authenticator: MessageAuthenticator::new(
                ResolverConfig::from_parts(None, vec![], vec![]),
                ResolverOpts::default(),
            )
            .unwrap(),
            cache: DnsCache::new(false),
        };
        let own = v.verify(&mail).await;
        assert!(own.results.iter().all(|r| r.result != "pass"), "{own:?}");
        assert!(
            own.results.iter().any(|r| r.result == "temperror"),
            "{own:?}"
        );
    }
}
