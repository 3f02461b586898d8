//! The audit log of the director's actions: who did what, when, to which game or player,
//! and why. Each entry holds the hash of the entry before it, so that an entry changed,
//! removed or inserted later breaks the chain; the last entry's number and hash are also
//! kept apart (the head), so that removing the newest entries shows as well. The hash is
//! an HMAC-SHA256 under a key derived from the installation's secret, over a length-
//! prefixed encoding of every field: someone who can write to the database but does not
//! hold the secret cannot rewrite the chain so that it verifies again. Pure: the store
//! appends and reads, [`seal`] and [`verify`] decide.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::referee::{GameId, Timestamp};

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
/// `key` (the installation's secret).
pub fn seal(draft: Draft, after: Option<(i64, &str)>, key: &str) -> Entry {
    let (seq, prev) = match after {
        Some((seq, hash)) => (seq + 1, hash.to_string()),
        None => (1, GENESIS.to_string()),
    };
    let hash = hash_of(key, seq, &prev, &draft);
    Entry {
        seq,
        draft,
        prev,
        hash,
    }
}

/// The hash of an entry's content under `key`.
pub fn hash_of(key: &str, seq: i64, prev: &str, d: &Draft) -> String {
    let mut h = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC takes any key");
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
    h.finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>()
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
/// written) and the `key` it was sealed under: `Ok` with the number of entries, or the
/// first break.
pub fn verify(entries: &[Entry], head: Option<(i64, &str)>, key: &str) -> Result<usize, Break> {
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
        if hash_of(key, e.seq, &e.prev, &e.draft) != e.hash {
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

    const KEY: &str = "the installation's secret";

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
            let e = seal(draft(i), after, KEY);
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
        assert_eq!(verify(&l, head(&l), KEY), Ok(5));
        assert_eq!(verify(&[], None, KEY), Ok(0));
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
            assert_eq!(verify(&t, h, KEY), Err(Break::Changed { seq: 2 }));
        }
        // Rehashing the changed entry does not help: the next one no longer follows it.
        let mut t = l.clone();
        t[1].draft.reason = "another reason".into();
        t[1].hash = hash_of(KEY, 2, &t[1].prev, &t[1].draft);
        assert_eq!(verify(&t, h, KEY), Err(Break::Unlinked { seq: 3 }));
    }

    #[test]
    fn a_removed_or_inserted_entry_is_found() {
        let l = log(4);
        let h = head(&l);
        let mut removed = l.clone();
        removed.remove(1);
        assert_eq!(
            verify(&removed, h, KEY),
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
        assert!(verify(&renumbered, h, KEY).is_err());
        // The newest entry removed: only the head can tell.
        let tail = &l[..3];
        assert_eq!(
            verify(tail, h, KEY),
            Err(Break::Truncated { last: 3, head: 4 })
        );
        assert_eq!(
            verify(&[], h, KEY),
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
            forged.push(seal(d, after, "a guess"));
        }
        let h = head(&forged);
        assert_eq!(verify(&forged, h, KEY), Err(Break::Changed { seq: 1 }));
        assert_eq!(verify(&forged, h, "a guess"), Ok(3));
    }

    #[test]
    fn fields_cannot_be_shifted_into_one_another() {
        let mut a = draft(1);
        a.detail = "ab".into();
        a.reason = "c".into();
        let mut b = a.clone();
        b.detail = "a".into();
        b.reason = "bc".into();
        assert_ne!(hash_of(KEY, 1, GENESIS, &a), hash_of(KEY, 1, GENESIS, &b));
    }
}
