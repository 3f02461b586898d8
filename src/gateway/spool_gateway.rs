//! The spool-directory gateways (gammu-smsd's FILES backend, smstools' `smsd`): received
//! SMS are files in an inbox directory, SMS to send are files arbitre writes into an
//! outbox directory. Reading: every complete message is recorded in the store's SMS inbox
//! under its file names and the hash of their content, and only then are its files moved to
//! a `done` directory, so that a crash in between finds them again and the key recognises
//! them. Writing: a file is written under a temporary name and renamed into place, so the
//! gateway never reads half a message; its name carries the outbox id, so an SMS written
//! again after a crash replaces its own file instead of making a second one.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::delivery::{Failure, SendError, Sender};
use crate::gateway::spool::{self, Received};
use crate::referee::{Outgoing, Timestamp};
use crate::sms::phone::Phone;
use crate::sms::received::SmsIn;

/// Which program owns the directories.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spooler {
    /// gammu-smsd, FILES backend (`InboxFormat = unicode`, `OutboxFormat = unicode`).
    Gammu,
    /// smstools.
    Smstools,
}

impl Spooler {
    /// Its name in the store's SMS inbox.
    pub fn name(self) -> &'static str {
        match self {
            Spooler::Gammu => "gammu",
            Spooler::Smstools => "smstools",
        }
    }
}

/// The messages waiting in `inbox`: files older than `settle_seconds` only (a gateway
/// may still be writing a newer one, or a part of the same message may follow).
pub fn waiting(
    spooler: Spooler,
    inbox: &Path,
    settle_seconds: u64,
) -> std::io::Result<Vec<Received>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(inbox)? {
        let entry = entry?;
        let meta = entry.metadata()?;
        if !meta.is_file() {
            continue;
        }
        let age = meta.modified().ok().and_then(|m| m.elapsed().ok());
        if age.is_none_or(|a| a.as_secs() < settle_seconds) {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        files.push((name, std::fs::read(entry.path())?));
    }
    files.sort();
    Ok(match spooler {
        Spooler::Gammu => spool::gammu_messages(&files),
        Spooler::Smstools => files
            .iter()
            .map(|(name, bytes)| spool::smstools_received(name, bytes))
            .collect(),
    })
}

/// The store's key for a message: its file names and the hash of their content.
pub fn key(inbox: &Path, message: &Received) -> String {
    let mut h = Sha256::new();
    for f in &message.files {
        h.update(f.as_bytes());
        h.update(b"\0");
        h.update(std::fs::read(inbox.join(f)).unwrap_or_default());
        h.update(b"\0");
    }
    let digest: String = h.finalize()[..12]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{}#{digest}", message.files.join("+"))
}

/// Hands every waiting message to `record` (which records it and says whether it is new),
/// then moves its files to `done`. Messages from no phone number (status reports, short
/// codes) are moved without being recorded. Returns how many were new.
pub fn take(
    spooler: Spooler,
    inbox: &Path,
    done: &Path,
    record: &mut dyn FnMut(&SmsIn) -> Result<bool, String>,
    settle_seconds: u64,
    now: Timestamp,
) -> Result<usize, String> {
    let messages =
        waiting(spooler, inbox, settle_seconds).map_err(|e| format!("{}: {e}", inbox.display()))?;
    std::fs::create_dir_all(done).map_err(|e| format!("{}: {e}", done.display()))?;
    let mut new = 0;
    for m in messages {
        if let Some(from) = &m.from {
            let sms = SmsIn {
                id: 0,
                gateway: spooler.name().to_string(),
                key: key(inbox, &m),
                sender: from.as_str().to_string(),
                recipient: None,
                text: m.text.clone(),
                received_at: now,
            };
            // Committed before the files move: a crash in between finds them again, and
            // the key says they are known.
            if record(&sms)? {
                new += 1;
            }
        }
        for f in &m.files {
            std::fs::rename(inbox.join(f), done.join(f))
                .map_err(|e| format!("cannot move {f} to {}: {e}", done.display()))?;
        }
    }
    Ok(new)
}

/// Where and how to write the SMS to send.
#[derive(Clone, Debug)]
pub struct SpoolSender {
    /// Which program reads the directory.
    pub spooler: Spooler,
    /// The directory it reads.
    pub outbox: PathBuf,
}

impl SpoolSender {
    /// The file name of outbox message `id` to `to` written at `now`.
    fn file_name(&self, id: &str, to: &Phone, now: Timestamp) -> String {
        let id: String = id.chars().filter(char::is_ascii_alphanumeric).collect();
        match self.spooler {
            Spooler::Gammu => {
                let t = jiff::Timestamp::from_second(now).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
                let date = t.strftime("%Y%m%d").to_string();
                let time = t.strftime("%H%M%S").to_string();
                spool::gammu_outbox_name(&date, &time, 0, to, &id)
            }
            Spooler::Smstools => format!("arbitre-{id}"),
        }
    }

    /// Writes `sms` into the outbox directory, atomically.
    pub fn write(&self, sms: &Outgoing, now: Timestamp) -> Result<PathBuf, SendError> {
        let refused = |message: String| SendError {
            failure: Failure::Refused,
            message,
        };
        let to = Phone::from_gateway(&sms.to)
            .ok_or_else(|| refused(format!("`{}` is not a phone number", sms.to)))?;
        let bytes = match self.spooler {
            Spooler::Gammu => spool::gammu_outbox_text(&sms.body),
            Spooler::Smstools => spool::smstools_outgoing(&to, &sms.body),
        };
        let name = self.file_name(&sms.message_id, &to, now);
        // A hidden temporary name neither program reads.
        let tmp = self.outbox.join(format!(".{name}.tmp"));
        let unreachable = |e: std::io::Error| SendError {
            failure: Failure::Unreachable,
            message: format!("{}: {e}", self.outbox.display()),
        };
        std::fs::write(&tmp, bytes).map_err(unreachable)?;
        let target = self.outbox.join(&name);
        std::fs::rename(&tmp, &target).map_err(unreachable)?;
        Ok(target)
    }
}

impl Sender for SpoolSender {
    async fn send(&self, _id: i64, sms: &Outgoing) -> Result<(), SendError> {
        self.write(sms, crate::base::now()).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{AutoKind, Channel};

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("arbitre-spool-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// [`take`] recording into `store`, as the daemon's arrivals do; how many were new.
    fn take_into(
        store: &mut crate::store::Store,
        spooler: Spooler,
        inbox: &Path,
        done: &Path,
        settle_seconds: u64,
        now: Timestamp,
    ) -> usize {
        let mut record = |sms: &SmsIn| store.receive_sms(sms).map_err(|e| e.to_string());
        take(spooler, inbox, done, &mut record, settle_seconds, now).unwrap()
    }

    fn utf16be(text: &str) -> Vec<u8> {
        let mut out = vec![0xfe, 0xff];
        for u in text.encode_utf16() {
            out.extend_from_slice(&u.to_be_bytes());
        }
        out
    }

    #[test]
    fn gammu_files_are_recorded_once_then_moved() {
        let d = dir("gammu");
        let (inbox, done) = (d.join("inbox"), d.join("done"));
        std::fs::create_dir_all(&inbox).unwrap();
        // A long message in two parts (gammu's default UTF-16 with its byte-order mark),
        // and a message from a short code.
        std::fs::write(
            inbox.join("IN20261125_101500_00_+33612345678_00.txt"),
            utf16be("#12 e5e6 "),
        )
        .unwrap();
        std::fs::write(
            inbox.join("IN20261125_101501_00_+33612345678_01.txt"),
            utf16be("à toi"),
        )
        .unwrap();
        std::fs::write(
            inbox.join("IN20261125_101502_00_36100_00.txt"),
            utf16be("promo"),
        )
        .unwrap();
        let mut store = crate::store::testing::fresh_store("spool");
        assert_eq!(
            take_into(&mut store, Spooler::Gammu, &inbox, &done, 0, 5),
            1
        );
        let got = store.pending_sms(10).unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(
            (got[0].sender.as_str(), got[0].text.as_str()),
            ("+33612345678", "#12 e5e6 à toi")
        );
        assert_eq!(std::fs::read_dir(&inbox).unwrap().count(), 0, "all moved");
        assert_eq!(std::fs::read_dir(&done).unwrap().count(), 3);
        // A crash after the commit and before the move: the same files again are known.
        for f in std::fs::read_dir(&done).unwrap() {
            let f = f.unwrap();
            std::fs::rename(f.path(), inbox.join(f.file_name())).unwrap();
        }
        assert_eq!(
            take_into(&mut store, Spooler::Gammu, &inbox, &done, 0, 6),
            0
        );
        assert_eq!(store.pending_sms(10).unwrap().len(), 1);
        // A file still being written waits.
        std::fs::write(
            inbox.join("IN20261125_101600_00_+33612345678_00.txt"),
            utf16be("x"),
        )
        .unwrap();
        assert_eq!(
            take_into(&mut store, Spooler::Gammu, &inbox, &done, 3600, 7),
            0
        );
        assert_eq!(std::fs::read_dir(&inbox).unwrap().count(), 1);
    }

    #[test]
    fn smstools_files_and_status_reports() {
        let d = dir("smstools");
        let (inbox, done) = (d.join("incoming"), d.join("done"));
        std::fs::create_dir_all(&inbox).unwrap();
        std::fs::write(
            inbox.join("GSM1.xyzxyz"),
            "From: 33612345678\nSent: 26-11-25 10:15:00\nAlphabet: ISO\n\nRESIGN\n",
        )
        .unwrap();
        std::fs::write(
            inbox.join("GSM1.report"),
            "From: 33612345678\n\nSMS STATUS REPORT\nMessage_id: 1\nStatus: 0,Ok\n",
        )
        .unwrap();
        let mut store = crate::store::testing::fresh_store("spool");
        assert_eq!(
            take_into(&mut store, Spooler::Smstools, &inbox, &done, 0, 5),
            1
        );
        let got = store.pending_sms(10).unwrap();
        assert_eq!(got[0].text, "RESIGN");
        assert_eq!(got[0].gateway, "smstools");
        assert_eq!(std::fs::read_dir(&done).unwrap().count(), 2);
    }

    #[test]
    fn outgoing_files_are_whole_and_written_once_per_sms() {
        let d = dir("out");
        let sms = Outgoing {
            to: "+33612345678".into(),
            subject: String::new(),
            body: "#12 à vous".into(),
            message_id: "sms.41".into(),
            in_reply_to: None,
            references: vec![],
            reply_to: None,
            game: Some(12),
            auto: AutoKind::Generated,
            turn: None,
            channel: Channel::Sms,
            not_before: None,
            sms: None,
            picture: None,
        };
        for spooler in [Spooler::Gammu, Spooler::Smstools] {
            let out = d.join(spooler.name());
            std::fs::create_dir_all(&out).unwrap();
            let s = SpoolSender {
                spooler,
                outbox: out.clone(),
            };
            let first = s.write(&sms, 1_795_600_000).unwrap();
            let again = s.write(&sms, 1_795_600_000).unwrap();
            assert_eq!(first, again, "written again, the same file");
            let names: Vec<String> = std::fs::read_dir(&out)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            assert_eq!(names.len(), 1, "{names:?}: no temporary file left");
            let bytes = std::fs::read(&first).unwrap();
            match spooler {
                Spooler::Gammu => {
                    assert!(names[0].starts_with("OUTC20261125_"), "{names:?}");
                    assert!(names[0].contains("_+33612345678_sms41"), "{names:?}");
                    assert_eq!(spool::decode(&bytes), "#12 à vous");
                }
                Spooler::Smstools => {
                    assert_eq!(names[0], "arbitre-sms41");
                    let text = String::from_utf8(bytes).unwrap();
                    assert!(text.starts_with("To: 33612345678\n"), "{text}");
                    assert!(text.ends_with("\n\n#12 à vous"), "{text}");
                }
            }
        }
        let missing = SpoolSender {
            spooler: Spooler::Smstools,
            outbox: d.join("nowhere"),
        };
        let e = missing.write(&sms, 0).unwrap_err();
        assert_eq!(e.failure, Failure::Unreachable);
    }
}
