//! The installation's keys: one per purpose, derived from `bot.secret`.
//!
//! Nothing signs with the secret itself. Each purpose (seat tokens, player keys,
//! confirmations, page handles, phone codes, the audit chain, bounce addresses) gets its own 32-byte key by
//! HKDF-SHA256 (RFC 5869) from the secret, with the purpose and the secret's *key number*
//! in the `info`: a key given to one part of arbitre (the page-handle key to `arbitre web`)
//! tells nothing about the others, and a new number gives new keys even for the same secret.
//!
//! Rotation: the operator puts a new secret under the next key number and keeps the old
//! one as `bot.previous-secret` with a date. Everything arbitre writes carries its key
//! number, so the previous keys keep verifying what was made with them until that date
//! ([`Keyring::for_number`]); the audit chain, which is checked long after, verifies under
//! every secret configured whatever the date ([`Keyring::any_number`]).
//!
//! Key number 0 stands for what arbitre wrote before keys were numbered (tokens with no
//! number, audit hashes with no prefix): those were made with the secret itself as the HMAC
//! key, so number 0 holds the secret of number 1, as it was, for every purpose.
//!
//! Pure: the configuration reads the secrets, this file only derives.

use std::fmt;

use hkdf::Hkdf;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// HKDF's salt: fixed, naming the application and this derivation's version.
const SALT: &[u8] = b"arbitre installation keys v1";

/// What a key is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Per-game reply addresses (`g42-w-...`).
    SeatToken,
    /// Per-player reply addresses (`p-...`).
    PlayerToken,
    /// The addresses and numbers of requests to confirm (`c-...`).
    Confirmation,
    /// The handles in public page addresses (`/players/3f9a2c1b07d4`).
    PageHandle,
    /// The six-digit codes sent to a phone.
    PhoneCode,
    /// The hash chain of the director's audit log.
    Audit,
    /// The envelope senders of outgoing mail (`b-...`), where delivery reports come back.
    Bounce,
    /// The envelope identifiers of outgoing mail (RFC 3461 `ENVID`), which only the mail
    /// servers on the way see and which their delivery reports quote.
    Envelope,
}

impl Purpose {
    /// Every purpose, in the order of [`KeySet`]'s keys.
    pub const ALL: [Purpose; 8] = [
        Purpose::SeatToken,
        Purpose::PlayerToken,
        Purpose::Confirmation,
        Purpose::PageHandle,
        Purpose::PhoneCode,
        Purpose::Audit,
        Purpose::Bounce,
        Purpose::Envelope,
    ];

    /// The name fed to HKDF's `info`.
    pub fn label(self) -> &'static str {
        match self {
            Purpose::SeatToken => "seat token",
            Purpose::PlayerToken => "player token",
            Purpose::Confirmation => "confirmation",
            Purpose::PageHandle => "page handle",
            Purpose::PhoneCode => "phone code",
            Purpose::Audit => "audit chain",
            Purpose::Bounce => "bounce address",
            Purpose::Envelope => "envelope identifier",
        }
    }

    fn index(self) -> usize {
        Purpose::ALL
            .iter()
            .position(|p| *p == self)
            .expect("in ALL")
    }
}

/// The keys of one secret under one key number.
#[derive(Clone, PartialEq, Eq)]
pub struct KeySet {
    number: u32,
    keys: [Box<[u8]>; 8],
}

impl KeySet {
    /// The keys of `secret` under key number `number` (1 or more): HKDF-SHA256 of the
    /// secret, one 32-byte key per purpose.
    pub fn derive(secret: &str, number: u32) -> KeySet {
        assert!(number >= 1, "key number 0 is the unnumbered set");
        let hkdf = Hkdf::<Sha256>::new(Some(SALT), secret.trim().as_bytes());
        let keys = Purpose::ALL.map(|p| {
            let info = format!("{}\0key {number}", p.label());
            let mut okm = [0u8; 32];
            hkdf.expand(info.as_bytes(), &mut okm)
                .expect("32 bytes is well within HKDF-SHA256's limit");
            Box::from(okm.as_slice())
        });
        KeySet { number, keys }
    }

    /// Key number 0: the secret itself for every purpose, as arbitre used it before keys
    /// were numbered.
    pub fn unnumbered(secret: &str) -> KeySet {
        let raw: Box<[u8]> = Box::from(secret.as_bytes());
        KeySet {
            number: 0,
            keys: std::array::from_fn(|_| raw.clone()),
        }
    }

    /// Its key number.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The key for `purpose`.
    pub fn key(&self, purpose: Purpose) -> &[u8] {
        &self.keys[purpose.index()]
    }

    /// An HMAC-SHA256 keyed for `purpose`.
    pub fn hmac(&self, purpose: Purpose) -> Hmac<Sha256> {
        <Hmac<Sha256> as Mac>::new_from_slice(self.key(purpose)).expect("HMAC takes any key")
    }
}

impl fmt::Debug for KeySet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KeySet {{ number: {}, keys: <hidden> }}", self.number)
    }
}

/// A key set kept after a rotation.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Older {
    keys: KeySet,
    /// What it made verifies before this instant (seconds since the epoch); `None`: always.
    until: Option<i64>,
}

/// The keys in force: the current set, which makes everything new, and the older sets
/// that still verify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keyring {
    current: KeySet,
    older: Vec<Older>,
}

impl Keyring {
    /// One secret, never rotated: key number 1, and what was made before numbering (key
    /// number 0, the same secret) keeps verifying.
    pub fn new(secret: &str) -> Keyring {
        Keyring::numbered(secret, 1)
    }

    /// The secret of key number `number` (1 or more) as the current one.
    pub fn numbered(secret: &str, number: u32) -> Keyring {
        let mut older = Vec::new();
        if number == 1 {
            older.push(Older {
                keys: KeySet::unnumbered(secret),
                until: None,
            });
        }
        Keyring {
            current: KeySet::derive(secret, number.max(1)),
            older,
        }
    }

    /// Adds the previous secret (key number one below the current) whose tokens verify
    /// until `until` (seconds since the epoch).
    pub fn with_previous(mut self, secret: &str, until: i64) -> Keyring {
        let number = self.current.number - 1;
        if number == 0 {
            return self;
        }
        self.older.push(Older {
            keys: KeySet::derive(secret, number),
            until: Some(until),
        });
        if number == 1 {
            self.older.push(Older {
                keys: KeySet::unnumbered(secret),
                until: Some(until),
            });
        }
        self
    }

    /// The set that makes everything new.
    pub fn current(&self) -> &KeySet {
        &self.current
    }

    /// The set of key number `number` if what it made still verifies at `now`.
    pub fn for_number(&self, number: u32, now: i64) -> Option<&KeySet> {
        if number == self.current.number {
            return Some(&self.current);
        }
        self.older
            .iter()
            .find(|o| o.keys.number == number && o.until.is_none_or(|u| now < u))
            .map(|o| &o.keys)
    }

    /// The set of key number `number` whatever the date (for the audit chain, checked
    /// long after it was written).
    pub fn any_number(&self, number: u32) -> Option<&KeySet> {
        if number == self.current.number {
            return Some(&self.current);
        }
        self.older
            .iter()
            .find(|o| o.keys.number == number)
            .map(|o| &o.keys)
    }

    /// Every set held, the current one first, whatever the dates.
    pub fn all(&self) -> impl Iterator<Item = &KeySet> {
        std::iter::once(&self.current).chain(self.older.iter().map(|o| &o.keys))
    }

    /// Every set whose products verify at `now`, the current one first.
    pub fn in_force(&self, now: i64) -> impl Iterator<Item = &KeySet> {
        std::iter::once(&self.current).chain(
            self.older
                .iter()
                .filter(move |o| o.until.is_none_or(|u| now < u))
                .map(|o| &o.keys),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "an installation secret of forty-three characters..";

    #[test]
    fn each_purpose_and_number_has_its_own_key_and_none_is_the_secret() {
        let one = KeySet::derive(SECRET, 1);
        let two = KeySet::derive(SECRET, 2);
        let mut seen = Vec::new();
        for set in [&one, &two] {
            for p in Purpose::ALL {
                let k = set.key(p).to_vec();
                assert_eq!(k.len(), 32);
                assert_ne!(k, SECRET.as_bytes());
                assert!(!seen.contains(&k), "{p:?} under key {}", set.number());
                seen.push(k);
            }
        }
        // Stable: the same secret and number give the same keys.
        assert_eq!(one, KeySet::derive(SECRET, 1));
        assert_ne!(one, KeySet::derive("another secret", 1));
    }

    #[test]
    fn the_derivation_is_rfc_5869_hkdf_sha256() {
        // RFC 5869, appendix A.1 (test case 1), through the same crate and hash: the
        // derivation rests on it.
        let ikm = [0x0bu8; 22];
        let salt: Vec<u8> = (0x00..=0x0c).collect();
        let info: Vec<u8> = (0xf0..=0xf9).collect();
        let mut okm = [0u8; 42];
        Hkdf::<Sha256>::new(Some(&salt), &ikm)
            .expand(&info, &mut okm)
            .unwrap();
        let hex: String = okm.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex,
            "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
        );
    }

    #[test]
    fn the_previous_secret_verifies_until_its_date_and_unnumbered_follows_number_one() {
        let fresh = Keyring::new(SECRET);
        assert_eq!(fresh.current().number(), 1);
        assert!(fresh.for_number(0, i64::MAX).is_some());
        assert!(fresh.for_number(2, 0).is_none());

        let rotated = Keyring::numbered("the new secret", 2).with_previous(SECRET, 1_000);
        assert_eq!(rotated.current().number(), 2);
        assert_eq!(rotated.for_number(1, 999), Some(&KeySet::derive(SECRET, 1)));
        assert_eq!(
            rotated.for_number(0, 999),
            Some(&KeySet::unnumbered(SECRET))
        );
        assert!(rotated.for_number(1, 1_000).is_none());
        assert!(rotated.for_number(0, 1_000).is_none());
        assert_eq!(rotated.in_force(1_000).count(), 1);
        assert_eq!(rotated.in_force(999).count(), 3);
        // The audit chain still finds it.
        assert!(rotated.any_number(1).is_some());
        // Key number 3 needs the secret of 2 as previous: number 1 is no longer known.
        let again = Keyring::numbered("third", 3).with_previous("the new secret", 5_000);
        assert!(again.any_number(1).is_none() && again.any_number(0).is_none());
        assert!(again.for_number(2, 4_999).is_some());
    }

    #[test]
    fn keys_never_show_in_debug_output() {
        let ring = Keyring::new(SECRET);
        let dump = format!("{ring:?}");
        assert!(!dump.contains("installation secret"));
        assert!(dump.contains("<hidden>"));
    }
}
