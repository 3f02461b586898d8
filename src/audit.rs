//! The audit log of the director's actions: who did what, when, to which game or player,
//! and why. Each entry holds the hash of the entry before it, so that an entry changed,
//! removed or inserted later breaks the chain; the last entry's number and hash are also
//! kept apart (the head), so that removing the newest entries shows as well. The hash is
//! an HMAC-SHA256 under a key derived from the installation's secret, over a length-
//! prefixed encoding of every field: someone who can write to the database but does not
//! hold the secret cannot rewrite the chain so that it verifies again. The hash starts with
//! the number of the key that made it (`2:5f0c...`; none for entries written before keys
//! were numbered), so that a log spanning a rotation of the secret verifies under each
//! secret in turn ([`crate::keys`]). Pure: the store appends and reads, [`seal`] and
//! [`verify`] decide.

use hmac::Mac;

use crate::base::{GameId, Timestamp};
use crate::keys::{KeySet, Keyring, Purpose};

/// The `prev` of the first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The last entry's number and hash, as recorded apart from the log.
pub type Head = (i64, String);

/// One action, before it is numbered and chained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// When it was done.
    pub at: Timestamp,
    /// Who did it (the director's name or login).
    pub actor: String,
    /// What kind of action (`clock-add`, `adjudicate`, `leave-grant`, ...).
    pub action: String,
    /// The game it touched, if any.
    pub game: Option<GameId>,
    /// The player it touched, if any.
    pub player: Option<String>,
    /// What exactly changed, in words a director reads (`black +2d: 1 day 4 hours left`).
    pub detail: String,
    /// Why, as the director gave it.
    pub reason: String,
}

/// An entry of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its number: 1, 2, 3, ... without gaps.
    pub seq: i64,
    /// The action.
    pub draft: Draft,
    /// The hash of the entry before ([`GENESIS`] for the first).
    pub prev: String,
    /// Its own hash, over `seq`, `prev` and every field of the action.
    pub hash: String,
}

/// Numbers `draft` after the entry `(seq, hash)` (none for the first) and hashes it under
/// `keys` (the installation's current keys).
pub fn seal(draft: Draft, after: Option<(i64, &str)>, keys: &KeySet) -> Entry {
    let (seq, prev) = match after {
        Some((seq, hash)) => (seq + 1, hash.to_string()),
        None => (1, GENESIS.to_string()),
    };
    let hash = hash_of(keys, seq, &prev, &draft);
    Entry {
        seq,
        draft,
        prev,
        hash,
    }
}

/// The key number a hash was made under: its `N:` prefix, 0 when it has none.
pub fn key_number(hash: &str) -> Option<u32> {
    match hash.split_once(':') {
        None => Some(0),
        Some((n, _)) if !n.starts_with('0') && n.len() <= 6 => n.parse().ok(),
        Some(_) => None,
    }
}

/// The hash of an entry's content under `keys`, prefixed with their number.
pub fn hash_of(keys: &KeySet, seq: i64, prev: &str, d: &Draft) -> String {
    let mut h = keys.hmac(Purpose::Audit);
    h.update(b"arbitre-audit-1\n");
    let mut field = |bytes: &[u8]| {
        h.update(bytes.len().to_string().as_bytes());
        h.update(b":");
        h.update(bytes);
        h.update(b"\n");
    };
    field(seq.to_string().as_bytes());
    field(prev.as_bytes());
    field(d.at.to_string().as_bytes());
    field(d.actor.as_bytes());
    field(d.action.as_bytes());
    field(
        d.game
            .map_or_else(|| "-".to_string(), |g| format!("#{g}"))
            .as_bytes(),
    );
    field(
        d.player
            .as_deref()
            .map_or_else(|| "-".to_string(), |p| format!("@{p}"))
            .as_bytes(),
    );
    field(d.detail.as_bytes());
    field(d.reason.as_bytes());
    let hex = h
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>();
    match keys.number() {
        0 => hex,
        n => format!("{n}:{hex}"),
    }
}

/// Where the chain is broken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Break {
    /// An entry's content does not give its hash: it was changed.
    #[error("entry {seq} was changed after it was written (its hash does not match)")]
    Changed {
        /// Which.
        seq: i64,
    },
    /// Numbers jump: entries are missing.
    #[error("entries are missing before entry {found} (expected entry {expected})")]
    Missing {
        /// The number that should have come.
        expected: i64,
        /// The number found.
        found: i64,
    },
    /// An entry names a key the configuration does not hold (a secret since replaced and
    /// no longer given as `bot.previous-secret`, or a number made up).
    #[error(
        "entry {seq} was sealed under key {number}, which the configuration does not hold (give that secret as bot.previous-secret to check it)"
    )]
    UnknownKey {
        /// Which.
        seq: i64,
        /// The key number its hash names.
        number: String,
    },
    /// An entry does not hold the hash of the entry before it.
    #[error("entry {seq} does not follow the entry before it (removed, replaced or inserted)")]
    Unlinked {
        /// Which.
        seq: i64,
    },
    /// The head names an entry the log no longer has, or another hash.
    #[error(
        "the log ends at entry {last} but its head says {head}: the newest entries were removed or changed"
    )]
    Truncated {
        /// The last entry found.
        last: i64,
        /// The last entry the head records.
        head: i64,
    },
}

/// Checks a whole log, oldest first, against its head (`None` when nothing was ever
/// written) and the keys it was sealed under (each entry's hash names its key's number):
/// `Ok` with the number of entries, or the first break.
pub fn verify(
    entries: &[Entry],
    head: Option<(i64, &str)>,
    keys: &Keyring,
) -> Result<usize, Break> {
    let mut prev = GENESIS;
    for (i, e) in entries.iter().enumerate() {
        let expected = i as i64 + 1;
        if e.seq != expected {
            return Err(Break::Missing {
                expected,
                found: e.seq,
            });
        }
        if e.prev != prev {
            return Err(Break::Unlinked { seq: e.seq });
        }
        let Some(sealer) = key_number(&e.hash).and_then(|n| keys.any_number(n)) else {
            return Err(Break::UnknownKey {
                seq: e.seq,
                number: e.hash.split_once(':').map_or("0", |(n, _)| n).to_string(),
            });
        };
        if hash_of(sealer, e.seq, &e.prev, &e.draft) != e.hash {
            return Err(Break::Changed { seq: e.seq });
        }
        prev = &e.hash;
    }
    let last = entries.last().map(|e| (e.seq, e.hash.as_str()));
    match (last, head) {
        (None, None) => {}
        (Some((seq, hash)), Some((head_seq, head_hash))) if seq == head_seq => {
            if hash != head_hash {
                return Err(Break::Changed { seq });
            }
        }
        (last, head) => {
            return Err(Break::Truncated {
                last: last.map_or(0, |l| l.0),
                head: head.map_or(0, |h| h.0),
            });
        }
    }
    Ok(entries.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "the installation's secret";

    fn ring() -> Keyring {
        Keyring::new(SECRET)
    }

    fn draft(i: i64) -> Draft {
        Draft {
            at: 1_800_000_000 + i,
            actor: "td".into(),
            action: "clock-add".into(),
            game: Some(i),
            player: None,
            detail: format!("white +{i}d"),
            reason: "mail server down at the player's end".into(),
        }
    }

    fn log(n: i64) -> Vec<Entry> {
        let mut out: Vec<Entry> = Vec::new();
        for i in 1..=n {
            let after = out.last().map(|e| (e.seq, e.hash.as_str()));
            let e = seal(draft(i), after, ring().current());
            out.push(e);
        }
        out
    }

    fn head(log: &[Entry]) -> Option<(i64, &str)> {
        log.last().map(|e| (e.seq, e.hash.as_str()))
    }

    #[test]
    fn a_log_as_written_verifies() {
        let l = log(5);
        assert_eq!(verify(&l, head(&l), &ring()), Ok(5));
        assert_eq!(verify(&[], None, &ring()), Ok(0));
        assert_eq!(l[0].prev, GENESIS);
        assert_eq!(l[3].prev, l[2].hash);
    }

    #[test]
    fn a_changed_field_anywhere_is_found() {
        let l = log(4);
        let h = head(&l).map(|(s, h)| (s, h.to_string()));
        let h = h.as_ref().map(|(s, h)| (*s, h.as_str()));
        let changes: [fn(&mut Draft); 7] = [
            |d| d.at += 1,
            |d| d.actor.push('x'),
            |d| d.action = "adjudicate".into(),
            |d| d.game = None,
            |d| d.player = Some("a@b.c".into()),
            |d| d.detail = "white +9d".into(),
            |d| d.reason.clear(),
        ];
        for change in changes {
            let mut t = l.clone();
            change(&mut t[1].draft);
            assert_eq!(verify(&t, h, &ring()), Err(Break::Changed { seq: 2 }));
        }
        // Rehashing the changed entry does not help: the next one no longer follows it.
        let mut t = l.clone();
        t[1].draft.reason = "another reason".into();
        t[1].hash = hash_of(ring().current(), 2, &t[1].prev, &t[1].draft);
        assert_eq!(verify(&t, h, &ring()), Err(Break::Unlinked { seq: 3 }));
    }

    #[test]
    fn a_removed_or_inserted_entry_is_found() {
        let l = log(4);
        let h = head(&l);
        let mut removed = l.clone();
        removed.remove(1);
        assert_eq!(
            verify(&removed, h, &ring()),
            Err(Break::Missing {
                expected: 2,
                found: 3
            })
        );
        // Renumbered after the removal: the links still break.
        let mut renumbered = removed.clone();
        for (i, e) in renumbered.iter_mut().enumerate() {
            e.seq = i as i64 + 1;
        }
        assert!(verify(&renumbered, h, &ring()).is_err());
        // The newest entry removed: only the head can tell.
        let tail = &l[..3];
        assert_eq!(
            verify(tail, h, &ring()),
            Err(Break::Truncated { last: 3, head: 4 })
        );
        assert_eq!(
            verify(&[], h, &ring()),
            Err(Break::Truncated { last: 0, head: 4 })
        );
    }

    #[test]
    fn a_chain_rewritten_without_the_key_does_not_verify() {
        let l = log(3);
        // Everything recomputed, head included, but under another key.
        let mut forged: Vec<Entry> = Vec::new();
        for e in &l {
            let mut d = e.draft.clone();
            if e.seq == 2 {
                d.reason = "a favour".into();
            }
            let after = forged.last().map(|e| (e.seq, e.hash.as_str()));
            forged.push(seal(d, after, Keyring::new("a guess").current()));
        }
        let h = head(&forged);
        assert_eq!(verify(&forged, h, &ring()), Err(Break::Changed { seq: 1 }));
        assert_eq!(verify(&forged, h, &Keyring::new("a guess")), Ok(3));
    }

    #[test]
    fn fields_cannot_be_shifted_into_one_another() {
        let mut a = draft(1);
        a.detail = "ab".into();
        a.reason = "c".into();
        let mut b = a.clone();
        b.detail = "a".into();
        b.reason = "bc".into();
        assert_ne!(
            hash_of(ring().current(), 1, GENESIS, &a),
            hash_of(ring().current(), 1, GENESIS, &b)
        );
    }

    #[test]
    fn a_log_spanning_a_rotation_verifies_under_each_key_while_both_are_held() {
        // Two entries from before key numbers (the secret itself), two under key 1, two
        // under key 2 after a rotation.
        let old = KeySet::unnumbered(SECRET);
        let rotated = Keyring::numbered("the next secret", 2).with_previous(SECRET, 0);
        let sealers = [
            old.clone(),
            old,
            ring().current().clone(),
            ring().current().clone(),
            rotated.current().clone(),
            rotated.current().clone(),
        ];
        let mut l: Vec<Entry> = Vec::new();
        for (i, keys) in sealers.iter().enumerate() {
            let after = l.last().map(|e| (e.seq, e.hash.as_str()));
            l.push(seal(draft(i as i64 + 1), after, keys));
        }
        assert!(!l[0].hash.contains(':') && l[2].hash.starts_with("1:"));
        assert!(l[5].hash.starts_with("2:"));
        // The grace period for tokens is over (until = 0): the audit chain still verifies.
        assert_eq!(verify(&l, head(&l), &rotated), Ok(6));
        // Without the previous secret, the older entries cannot be checked: said, not passed.
        let alone = Keyring::numbered("the next secret", 2);
        assert_eq!(
            verify(&l, head(&l), &alone),
            Err(Break::UnknownKey {
                seq: 1,
                number: "0".into()
            })
        );
        // An entry relabelled to another key number is found.
        let mut t = l.clone();
        t[4].hash = t[4].hash.replacen("2:", "1:", 1);
        assert!(verify(&t, head(&l), &rotated).is_err());
    }
}
