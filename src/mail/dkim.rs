//! Signing arbitre's mail with DKIM (RFC 6376; Ed25519 keys by RFC 8463), so that receivers
//! can tell it comes from the installation's domain even when the installation's mail
//! server signs nothing.
//!
//! Each key of `[smtp] dkim` is read once, when the [`crate::mail::smtp::Mailer`] is built:
//! a PEM file holding an Ed25519 key (PKCS#8, as `openssl genpkey -algorithm ed25519` writes
//! it) or an RSA key (PKCS#8, or PKCS#1 as `openssl genrsa` writes it). A mail is signed
//! last, once it is fully built, with every key (relaxed/relaxed, over the headers that
//! identify it, [`SIGNED_HEADERS`]); the signatures are put on top of it. The signing
//! itself is the mail-auth crate's; what is written here is reading the keys and the DNS
//! record each one needs ([`Record`], which `arbitre check-config` prints).

use base64::Engine;
use mail_auth::common::crypto::{Ed25519Key, RsaKey, Sha256, SigningKey};
use mail_auth::common::headers::HeaderWriter;
use mail_auth::dkim::{Canonicalization, DkimSigner, Done};
use rustls::pki_types::PrivateKeyDer;
use rustls::pki_types::pem::PemObject;

use crate::config::DkimKey;

/// The headers every signature covers. One that a mail lacks is signed as absent, so that
/// no one can add it on the way (RFC 6376 §8.15).
pub const SIGNED_HEADERS: [&str; 11] = [
    "From",
    "To",
    "Subject",
    "Date",
    "Message-ID",
    "In-Reply-To",
    "References",
    "Reply-To",
    "Content-Type",
    "MIME-Version",
    "Auto-Submitted",
];

/// The TXT record that publishes one key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Its name: `<selector>._domainkey.<domain>`.
    pub name: String,
    /// Its text: `v=DKIM1; k=ed25519; p=<base64>` (or `k=rsa`).
    pub value: String,
}

impl Record {
    /// The record as a zone file line: DNS strings hold at most 255 bytes, so a long value
    /// (an RSA key) is written as several quoted strings, which DNS joins again.
    pub fn zone_line(&self) -> String {
        let strings: Vec<String> = self
            .value
            .as_bytes()
            .chunks(255)
            .map(|c| format!("\"{}\"", String::from_utf8_lossy(c)))
            .collect();
        format!("{}. IN TXT {}", self.name, strings.join(" "))
    }
}

/// A private key and its signer.
enum Secret {
    Ed25519(DkimSigner<Ed25519Key, Done>),
    Rsa(DkimSigner<RsaKey<Sha256>, Done>),
}

/// One configured key, read.
struct Key {
    secret: Secret,
    record: Record,
}

/// The keys arbitre signs its mail with.
pub struct Signer {
    keys: Vec<Key>,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.keys.iter().map(|k| k.record.name.as_str()).collect();
        f.debug_struct("Signer").field("keys", &names).finish()
    }
}

impl Signer {
    /// Reads the configured keys; `None` when there are none (mail is sent unsigned).
    pub fn from_config(keys: &[DkimKey]) -> Result<Option<Signer>, String> {
        if keys.is_empty() {
            return Ok(None);
        }
        let keys = keys
            .iter()
            .map(read)
            .collect::<Result<Vec<Key>, String>>()?;
        Ok(Some(Signer { keys }))
    }

    /// The DNS records to publish, one per key.
    pub fn records(&self) -> Vec<Record> {
        self.keys.iter().map(|k| k.record.clone()).collect()
    }

    /// `message` (a whole mail, as sent) with a `DKIM-Signature` header per key on top.
    pub fn sign(&self, message: &[u8]) -> Result<Vec<u8>, String> {
        let mut headers = String::new();
        for key in &self.keys {
            let signature = match &key.secret {
                Secret::Ed25519(s) => s.sign(message),
                Secret::Rsa(s) => s.sign(message),
            }
            .map_err(|e| format!("DKIM signing with {} failed: {e}", key.record.name))?;
            headers.push_str(&signature.to_header());
        }
        let mut signed = headers.into_bytes();
        signed.extend_from_slice(message);
        Ok(signed)
    }
}

/// Reads one configured key and makes its record.
fn read(config: &DkimKey) -> Result<Key, String> {
    let path = &config.key_file;
    let what = |e: &dyn std::fmt::Display| format!("smtp.dkim.key-file {}: {e}", path.display());
    let pem = std::fs::read(path).map_err(|e| what(&e))?;
    let (secret, k, public) = parse_pem(&pem).map_err(|e| what(&e))?;
    let domain = config.domain.trim().trim_end_matches('.').to_lowercase();
    let selector = config.selector.trim().to_string();
    let record = Record {
        name: config.record_name(),
        value: format!(
            "v=DKIM1; k={k}; p={}",
            base64::engine::general_purpose::STANDARD.encode(public)
        ),
    };
    let secret = match secret {
        Parsed::Ed25519(key) => Secret::Ed25519(signer(key, &domain, &selector)),
        Parsed::Rsa(key) => Secret::Rsa(signer(key, &domain, &selector)),
    };
    Ok(Key { secret, record })
}

fn signer<T: SigningKey>(key: T, domain: &str, selector: &str) -> DkimSigner<T, Done> {
    DkimSigner::from_key(key)
        .domain(domain)
        .selector(selector)
        .headers(SIGNED_HEADERS)
        .header_canonicalization(Canonicalization::Relaxed)
        .body_canonicalization(Canonicalization::Relaxed)
}

/// A private key read from PEM, before it is given a domain and selector.
enum Parsed {
    Ed25519(Ed25519Key),
    Rsa(RsaKey<Sha256>),
}

/// Reads a PEM private key: the key, its `k=` name and its public key as DKIM publishes it
/// (the raw 32 bytes for Ed25519, RFC 8463; the SubjectPublicKeyInfo DER for RSA, which
/// every verifier reads, RFC 6376 §3.6.1).
fn parse_pem(pem: &[u8]) -> Result<(Parsed, &'static str, Vec<u8>), String> {
    let der = PrivateKeyDer::from_pem_slice(pem).map_err(|e| {
        format!(
            "no private key in PEM form ({e}); make one with `openssl genpkey -algorithm ed25519`"
        )
    })?;
    match der {
        PrivateKeyDer::Pkcs8(p8) => {
            // OpenSSL writes PKCS#8 v1, without the public key: ring checks v2 only.
            if let Ok(key) = Ed25519Key::from_pkcs8_maybe_unchecked_der(p8.secret_pkcs8_der()) {
                let public = key.public_key();
                return Ok((Parsed::Ed25519(key), "ed25519", public));
            }
            let key = RsaKey::<Sha256>::from_key_der(PrivateKeyDer::Pkcs8(p8)).map_err(|e| {
                format!("neither an Ed25519 nor an RSA key (of 2048 bits or more): {e}")
            })?;
            let public = spki_of_rsa(&key.public_key());
            Ok((Parsed::Rsa(key), "rsa", public))
        }
        PrivateKeyDer::Pkcs1(p1) => {
            let key = RsaKey::<Sha256>::from_key_der(PrivateKeyDer::Pkcs1(p1))
                .map_err(|e| format!("not a usable RSA key (2048 bits or more): {e}"))?;
            let public = spki_of_rsa(&key.public_key());
            Ok((Parsed::Rsa(key), "rsa", public))
        }
        _ => Err("an elliptic-curve (SEC1) key: DKIM signs with Ed25519 or RSA only".into()),
    }
}

/// Wraps an RSA public key (PKCS#1 `RSAPublicKey` DER, as ring gives it) in a
/// SubjectPublicKeyInfo: `SEQUENCE { SEQUENCE { rsaEncryption, NULL }, BIT STRING }`.
fn spki_of_rsa(pkcs1: &[u8]) -> Vec<u8> {
    // AlgorithmIdentifier: OID 1.2.840.113549.1.1.1, NULL parameters.
    const RSA_ALGORITHM: [u8; 15] = [
        0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
    ];
    let mut bits = vec![0x03];
    der_length(pkcs1.len() + 1, &mut bits);
    bits.push(0); // no unused bits
    bits.extend_from_slice(pkcs1);
    let mut spki = vec![0x30];
    der_length(RSA_ALGORITHM.len() + bits.len(), &mut spki);
    spki.extend_from_slice(&RSA_ALGORITHM);
    spki.extend_from_slice(&bits);
    spki
}

/// Appends a DER length.
fn der_length(len: usize, out: &mut Vec<u8>) {
    if len < 0x80 {
        out.push(len as u8);
        return;
    }
    let bytes: Vec<u8> = len
        .to_be_bytes()
        .into_iter()
        .skip_while(|b| *b == 0)
        .collect();
    out.push(0x80 | bytes.len() as u8);
    out.extend(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::verify::Verifier;
    use crate::referee::{AutoKind, Outgoing};
    use lettre::message::Mailbox;
    use std::path::PathBuf;

    fn data(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/dkim")
            .join(name)
    }

    fn key(file: &str, selector: &str) -> DkimKey {
        DkimKey {
            selector: selector.into(),
            domain: "arbitre.example.org".into(),
            key_file: data(file),
        }
    }

    fn outgoing() -> Outgoing {
        Outgoing {
            to: "bob@example.com".into(),
            subject: "[arbitre #4] Abalone: à vous".into(),
            body: "a1b2\nLes Noirs ont joué a1b2.\n".into(),
            message_id: "g4.m5.b@arbitre.example.org".into(),
            in_reply_to: Some("CAF3x1Yq@mail.gmail.com".into()),
            references: vec!["CAF3x1Yq@mail.gmail.com".into()],
            reply_to: Some("arbitre+g4.b.5f2a@arbitre.example.org".into()),
            game: Some(4),
            auto: AutoKind::Generated,
            turn: None,
            channel: Default::default(),
            not_before: None,
            sms: None,
            picture: None,
        }
    }

    /// A verifier that knows only `records` (and that `arbitre.example.org` publishes a
    /// DMARC policy).
    fn verifier(records: &[Record]) -> Verifier {
        let mut txt: Vec<(String, String)> = records
            .iter()
            .map(|r| (r.name.clone(), r.value.clone()))
            .collect();
        txt.push((
            "_dmarc.arbitre.example.org".into(),
            "v=DMARC1; p=reject".into(),
        ));
        Verifier::offline(&txt)
    }

    /// A mail as the Mailer builds and signs it.
    fn signed(signer: &Signer) -> Vec<u8> {
        let from: Mailbox = "arbitre <arbitre@arbitre.example.org>".parse().unwrap();
        let message = crate::mail::smtp::build_message(&from, &outgoing()).unwrap();
        signer.sign(&message.formatted()).unwrap()
    }

    #[test]
    fn each_key_publishes_what_openssl_computes() {
        for (file, k) in [
            ("ed25519.pem", "ed25519"),
            ("rsa.pem", "rsa"),
            ("rsa-pkcs1.pem", "rsa"),
        ] {
            let signer = Signer::from_config(&[key(file, "s1")]).unwrap().unwrap();
            let p = std::fs::read_to_string(data(&file.replace(".pem", ".p"))).unwrap();
            let record = &signer.records()[0];
            assert_eq!(record.name, "s1._domainkey.arbitre.example.org");
            assert_eq!(
                record.value,
                format!("v=DKIM1; k={k}; p={}", p.trim()),
                "{file}"
            );
        }
    }

    #[tokio::test]
    async fn a_signed_mail_verifies_and_an_altered_one_does_not() {
        for file in ["ed25519.pem", "rsa.pem", "rsa-pkcs1.pem"] {
            let signer = Signer::from_config(&[key(file, "s1")]).unwrap().unwrap();
            let v = verifier(&signer.records());
            let mail = signed(&signer);
            let text = String::from_utf8_lossy(&mail).to_string();
            assert!(text.starts_with("DKIM-Signature: v=1; "), "{text}");
            assert!(text.contains("c=relaxed/relaxed"), "{text}");
            let own = v.verify(&mail).await;
            assert_eq!(own.results[0].method, "dmarc", "{file}: {own:?}");
            assert_eq!(own.results[0].result, "pass", "{file}: {own:?}");
            assert_eq!(own.results[1].result, "pass", "{file}: {own:?}");
            assert_eq!(
                own.results[1].property("header.d"),
                Some("arbitre.example.org")
            );

            // One body byte changed.
            let body_at = text.find("\r\n\r\n").unwrap() + 4;
            let mut altered = mail.clone();
            let i = body_at + text[body_at..].find("a1b2").unwrap();
            altered[i] = b'c';
            let own = v.verify(&altered).await;
            assert!(own.results.iter().all(|r| r.result != "pass"), "{own:?}");
            // The Subject changed.
            let altered = text.replacen("Subject: ", "Subject: Re: ", 1);
            let own = v.verify(altered.as_bytes()).await;
            assert!(own.results.iter().all(|r| r.result != "pass"), "{own:?}");
            // An In-Reply-To added where there was none (it is signed as absent).
            let mut m = outgoing();
            m.in_reply_to = None;
            let from: Mailbox = "arbitre@arbitre.example.org".parse().unwrap();
            let raw = crate::mail::smtp::build_message(&from, &m)
                .unwrap()
                .formatted();
            let mail = String::from_utf8(signer.sign(&raw).unwrap()).unwrap();
            assert_eq!(v.verify(mail.as_bytes()).await.results[0].result, "pass");
            let added = mail.replacen("Subject: ", "In-Reply-To: <x@y>\r\nSubject: ", 1);
            let own = v.verify(added.as_bytes()).await;
            assert!(own.results.iter().all(|r| r.result != "pass"), "{own:?}");
        }
    }

    #[tokio::test]
    async fn two_keys_sign_twice_and_each_record_verifies_alone() {
        let signer = Signer::from_config(&[key("rsa.pem", "rsa"), key("ed25519.pem", "ed")])
            .unwrap()
            .unwrap();
        let mail = signed(&signer);
        let text = String::from_utf8_lossy(&mail);
        assert_eq!(text.matches("DKIM-Signature:").count(), 2);
        for record in signer.records() {
            let own = verifier(std::slice::from_ref(&record)).verify(&mail).await;
            let passes = own.results.iter().filter(|r| r.result == "pass").count();
            // DMARC and the one signature whose key is published.
            assert_eq!(passes, 2, "{}: {own:?}", record.name);
        }
    }

    /// The sendmail transport sends the signed bytes too: a "sendmail" that keeps what it
    /// is given, and the mail it got verifies.
    #[tokio::test]
    async fn the_sendmail_transport_sends_the_signed_mail() {
        use crate::delivery::Sender;
        let dir =
            std::env::temp_dir().join(format!("arbitre-dkim-sendmail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let kept = dir.join("kept.eml");
        let sendmail = dir.join("sendmail");
        std::fs::write(
            &sendmail,
            format!("#!/bin/sh\ncat > '{}'\n", kept.display()),
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&sendmail, std::fs::Permissions::from_mode(0o755)).unwrap();
        let config = crate::config::Config::parse(&format!(
            "[bot]\naddress = \"arbitre@arbitre.example.org\"\nplus-addressing = true\n\
             secret.raw = \"0123456789abcdef-secret-0123456789abcdef-secret\"\n\
             [store]\npath = \"a.sqlite\"\n[imap]\nhost = \"imap.example.org\"\nuser = \"u\"\n\
             password.raw = \"p\"\n[smtp]\ntransport = \"sendmail\"\nsendmail-command = \"{}\"\n\
             dkim.selector = \"s1\"\ndkim.domain = \"arbitre.example.org\"\ndkim.key-file = \"{}\"\n",
            sendmail.display(),
            data("ed25519.pem").display()
        ))
        .unwrap();
        let mailer = crate::mail::smtp::Mailer::from_config(&config).unwrap();
        let records = mailer.dkim_records();
        mailer.send(1, &outgoing()).await.unwrap();
        let mail = std::fs::read(&kept).unwrap();
        let own = verifier(&records).verify(&mail).await;
        assert!(own.results.iter().all(|r| r.result == "pass"), "{own:?}");
        assert_eq!(own.results.len(), 2, "{own:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_long_record_is_split_into_dns_strings() {
        let signer = Signer::from_config(&[key("rsa.pem", "s1")])
            .unwrap()
            .unwrap();
        let record = &signer.records()[0];
        let line = record.zone_line();
        assert!(line.starts_with("s1._domainkey.arbitre.example.org. IN TXT \"v=DKIM1; k=rsa; p="));
        let strings: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        assert!(strings.len() >= 2 && strings.iter().all(|s| s.len() <= 255));
        assert_eq!(strings.concat(), record.value);
    }

    #[test]
    fn a_missing_or_wrong_key_file_is_a_clear_error() {
        let err = Signer::from_config(&[key("absent.pem", "s1")]).unwrap_err();
        assert!(
            err.starts_with("smtp.dkim.key-file ") && err.contains("absent.pem"),
            "{err}"
        );
        let err = Signer::from_config(&[key("README.md", "s1")]).unwrap_err();
        assert!(err.contains("no private key"), "{err}");
        let err = Signer::from_config(&[key("p256-sec1.pem", "s1")]).unwrap_err();
        assert!(err.contains("Ed25519 or RSA"), "{err}");
        assert!(Signer::from_config(&[]).unwrap().is_none());
    }

    #[test]
    fn der_lengths_are_short_or_long_form() {
        let mut out = Vec::new();
        der_length(0x7f, &mut out);
        der_length(0x80, &mut out);
        der_length(0x10e, &mut out);
        assert_eq!(out, [0x7f, 0x81, 0x80, 0x82, 0x01, 0x0e]);
    }
}
