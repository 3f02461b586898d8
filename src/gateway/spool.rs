//! The file formats of the two spool-directory gateways, gammu-smsd (FILES backend) and
//! smstools (`smsd`): reading the files they write for received messages, and writing
//! the files they send. Pure: the gateway's edge lists, reads, renames and moves files.
//!
//! - gammu-smsd names a received part `IN<date>_<time>_<serial>_<sender>_<part>.txt`
//!   (`IN20021130_021531_00_+45409000931640979_00.txt`), in UTF-16 with a byte-order mark
//!   by default (its `InboxFormat = unicode`), one file per part of a long message, each
//!   named with its own arrival time; it sends the files named
//!   `OUT<priority><date>_<time>_<serial>_<recipient>_<note>.txt`, in the order of their
//!   names.
//! - smstools writes a received message as header lines (`From: 491721234567`, ...), a
//!   blank line and the text, in UTF-16BE when `Alphabet: UCS2`, else UTF-8 or
//!   ISO-8859-15; it sends any file put in its outgoing directory, written the same way
//!   with a `To:` header (digits without `+`).

use crate::sms::phone::Phone;

/// A received part as gammu-smsd names it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct GammuName {
    /// `YYYYMMDD`.
    pub date: String,
    /// `HHMMSS`.
    pub time: String,
    /// Several received in the same second.
    pub serial: String,
    /// The sender as the network gave it.
    pub sender: String,
    /// The part of a long message, from 0.
    pub part: u32,
}

impl GammuName {
    /// Reads `IN20021130_021531_00_+45409000931640979_00.txt`; `None` for any other file
    /// (8-bit `.bin` parts, backups, temporary files).
    pub fn read(file: &str) -> Option<GammuName> {
        let stem = file.strip_prefix("IN")?.strip_suffix(".txt")?;
        let mut fields = stem.splitn(4, '_');
        let date = fields.next()?;
        let time = fields.next()?;
        let serial = fields.next()?;
        let (sender, part) = fields.next()?.rsplit_once('_')?;
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(date, 8) || !digits(time, 6) || sender.is_empty() {
            return None;
        }
        Some(GammuName {
            date: date.to_string(),
            time: time.to_string(),
            serial: serial.to_string(),
            sender: sender.to_string(),
            part: part.parse().ok()?,
        })
    }
}

/// Text in one of the encodings the gateways write: UTF-16 with a byte-order mark (either
/// order), UTF-16LE without one when it holds zero bytes (gammu's `unicode` format),
/// else UTF-8, else ISO-8859-15.
pub fn decode(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(&[0xff, 0xfe]) {
        return utf16(rest, false);
    }
    if let Some(rest) = bytes.strip_prefix(&[0xfe, 0xff]) {
        return utf16(rest, true);
    }
    if bytes.len() >= 2 && bytes.len().is_multiple_of(2) && bytes.contains(&0) {
        // The zero bytes of ASCII in UTF-16 say which half holds the letters.
        let zeros_first = bytes.iter().step_by(2).filter(|b| **b == 0).count();
        let zeros_second = bytes.iter().skip(1).step_by(2).filter(|b| **b == 0).count();
        return utf16(bytes, zeros_first > zeros_second);
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => s.strip_prefix('\u{feff}').unwrap_or(s).to_string(),
        Err(_) => latin9(bytes),
    }
}

fn utf16(bytes: &[u8], big_endian: bool) -> String {
    let units = bytes.chunks_exact(2).map(|pair| {
        if big_endian {
            u16::from_be_bytes([pair[0], pair[1]])
        } else {
            u16::from_le_bytes([pair[0], pair[1]])
        }
    });
    char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

/// ISO-8859-15: Latin-1 but for eight letters (the euro sign, Š š Ž ž Œ œ Ÿ).
fn latin9(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0xa4 => '€',
            0xa6 => 'Š',
            0xa8 => 'š',
            0xb4 => 'Ž',
            0xb8 => 'ž',
            0xbc => 'Œ',
            0xbd => 'œ',
            0xbe => 'Ÿ',
            _ => char::from(b),
        })
        .collect()
}

/// A message received through a spool gateway.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    /// The sender, when it is a phone number (alphanumeric senders are no player).
    pub from: Option<Phone>,
    /// The text, parts joined.
    pub text: String,
    /// The files it came in, in order: its identity, and what is moved once it is
    /// committed.
    pub files: Vec<String>,
}

/// Joins gammu's received parts (file name and content) into messages. Each part is
/// named with its own arrival time: a part numbered k > 0 joins the latest message from
/// the same sender whose last part is k - 1. Files that are not received text parts are
/// left out.
pub fn gammu_messages(files: &[(String, Vec<u8>)]) -> Vec<Received> {
    let mut named: Vec<(GammuName, &String, &Vec<u8>)> = files
        .iter()
        .filter_map(|(name, bytes)| GammuName::read(name).map(|n| (n, name, bytes)))
        .collect();
    // By arrival, then part number: a message's parts follow one another per sender.
    named.sort_by(|a, b| {
        (&a.0.date, &a.0.time, a.0.part, &a.0.serial).cmp(&(
            &b.0.date,
            &b.0.time,
            b.0.part,
            &b.0.serial,
        ))
    });
    let mut out: Vec<(String, u32, Received)> = Vec::new();
    for (n, name, bytes) in named {
        let text = decode(bytes);
        let open = out
            .iter_mut()
            .rev()
            .find(|(sender, last, _)| *sender == n.sender && n.part > 0 && *last + 1 == n.part);
        match open {
            Some((_, last, message)) => {
                message.text.push_str(&text);
                message.files.push(name.clone());
                *last = n.part;
            }
            None => out.push((
                n.sender.clone(),
                n.part,
                Received {
                    from: Phone::from_gateway(&n.sender),
                    text,
                    files: vec![name.clone()],
                },
            )),
        }
    }
    out.into_iter().map(|(_, _, m)| m).collect()
}

/// The name of a file for gammu-smsd to send: priority `C` (normal), the instant, a
/// serial (below 1000 within a second), the recipient and a note (arbitre's id of the SMS, letters and digits only),
/// so that files sort in the order they were written.
pub fn gammu_outbox_name(date: &str, time: &str, serial: u32, to: &Phone, note: &str) -> String {
    let note: String = note.chars().filter(char::is_ascii_alphanumeric).collect();
    format!("OUTC{date}_{time}_{serial:03}_{}_{note}.txt", to.as_str())
}

/// The content of a file for gammu-smsd: UTF-16LE with its byte-order mark (gammu's
/// `OutboxFormat = unicode`).
pub fn gammu_outbox_text(text: &str) -> Vec<u8> {
    let mut out = vec![0xff, 0xfe];
    for unit in text.encode_utf16() {
        out.extend_from_slice(&unit.to_le_bytes());
    }
    out
}

/// Reads a file smstools wrote for a received message (or a status report, which has no
/// `From:` worth a move and comes back with `from: None`).
pub fn smstools_received(name: &str, bytes: &[u8]) -> Received {
    let split = bytes
        .windows(2)
        .position(|w| w == b"\n\n")
        .map(|i| (i, 2))
        .or_else(|| {
            bytes
                .windows(4)
                .position(|w| w == b"\r\n\r\n")
                .map(|i| (i, 4))
        });
    let (head, body) = match split {
        Some((i, n)) => (&bytes[..i], &bytes[i + n..]),
        None => (bytes, &[][..]),
    };
    let head = String::from_utf8_lossy(head);
    let mut from = None;
    let mut ucs2 = false;
    for line in head.lines() {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        // smstools' headers are case-sensitive.
        match name.trim() {
            // International digits without `+`.
            "From" => {
                let v = value.trim();
                from = Phone::from_gateway(v).or_else(|| Phone::from_digits(v));
            }
            "Alphabet" => {
                let v = value.trim().to_ascii_uppercase();
                ucs2 = v.starts_with("UCS") || v.starts_with("UNI") || v.starts_with("CHI");
            }
            _ => {}
        }
    }
    let text = if ucs2 {
        utf16(body, true)
    } else {
        decode(body)
    };
    // A delivery report says so on the first line of its body.
    let report = text.trim_start().starts_with("SMS STATUS REPORT");
    Received {
        from: if report { None } else { from },
        text: text.trim_end_matches(['\n', '\r']).to_string(),
        files: vec![name.to_string()],
    }
}

/// The content of a file for smstools to send to `to`: UTF-8, sent in GSM-7 when it fits
/// and UCS-2 otherwise, a long text as one concatenated message.
pub fn smstools_outgoing(to: &Phone, text: &str) -> Vec<u8> {
    format!(
        "To: {}\nAlphabet: UTF-8\nAutosplit: 3\n\n{text}",
        to.digits()
    )
    .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(text: &str, bom: bool) -> Vec<u8> {
        let mut out = if bom { vec![0xff, 0xfe] } else { Vec::new() };
        for u in text.encode_utf16() {
            out.extend_from_slice(&u.to_le_bytes());
        }
        out
    }

    #[test]
    fn gammu_names_are_read_as_the_manual_gives_them() {
        let n = GammuName::read("IN20021130_021531_00_+45409000931640979_00.txt").unwrap();
        assert_eq!(
            (n.date.as_str(), n.time.as_str(), n.sender.as_str(), n.part),
            ("20021130", "021531", "+45409000931640979", 0)
        );
        assert_eq!(
            GammuName::read("IN20021130_021531_00_+4540900093_00.bin"),
            None
        );
        assert_eq!(GammuName::read("OUT+4540900093.txt"), None);
        assert_eq!(GammuName::read("IN2002_021531_00_+4540900093_00.txt"), None);
    }

    #[test]
    fn parts_of_a_long_message_are_joined_in_order() {
        let files = vec![
            (
                "IN20261125_101501_00_+33612345678_01.txt".to_string(),
                utf16le("rld", true),
            ),
            (
                "IN20261125_101500_00_+33612345678_00.txt".to_string(),
                utf16le("#12 e5e6 hello wo", true),
            ),
            (
                "IN20261125_101502_00_+33698765432_00.txt".to_string(),
                utf16le("ARRÊT", false),
            ),
            (
                "IN20261125_101503_00_+33698765432_00.bin".to_string(),
                vec![1, 2],
            ),
        ];
        let m = gammu_messages(&files);
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].text, "#12 e5e6 hello world");
        assert_eq!(m[0].from.as_ref().unwrap().as_str(), "+33612345678");
        assert_eq!(m[0].files.len(), 2);
        assert_eq!(m[1].text, "ARRÊT", "UTF-16LE without a byte-order mark");
    }

    #[test]
    fn every_encoding_the_gateways_write_is_read() {
        assert_eq!(decode("coup joué".as_bytes()), "coup joué");
        assert_eq!(
            decode(&[0x63, 0x6f, 0x75, 0x70, 0x20, 0xa4]),
            "coup €",
            "ISO-8859-15"
        );
        let mut be = vec![0xfe, 0xff];
        for u in "à vous".encode_utf16() {
            be.extend_from_slice(&u.to_be_bytes());
        }
        assert_eq!(decode(&be), "à vous");
        assert_eq!(decode(&utf16le("🎲 e5e6", true)), "🎲 e5e6");
    }

    #[test]
    fn smstools_files_are_read_and_written_in_its_format() {
        let file = b"From: 33612345678\nFrom_SMSC: 33609001390\nSent: 26-11-25 10:15:00\n\
Received: 26-11-25 10:15:04\nSubject: GSM1\nAlphabet: ISO\nUDH: false\n\n#12 e5e6\n";
        let r = smstools_received("GSM1.xyzxyz", file);
        assert_eq!(r.from.unwrap().as_str(), "+33612345678");
        assert_eq!(r.text, "#12 e5e6");
        let mut ucs = b"From: 33612345678\nAlphabet: UCS2\n\n".to_vec();
        for u in "ARRÊT".encode_utf16() {
            ucs.extend_from_slice(&u.to_be_bytes());
        }
        assert_eq!(smstools_received("GSM1.abcabc", &ucs).text, "ARRÊT");
        let report = b"From: 33612345678\nSent: 26-11-25 10:15:00\n\nSMS STATUS REPORT\nMessage_id: 117\nStatus: 0,Ok\n";
        assert_eq!(smstools_received("GSM1.report", report).from, None);
        let to = Phone::read("+33612345678", &[]).unwrap();
        assert_eq!(
            smstools_outgoing(&to, "#12 A vous"),
            b"To: 33612345678\nAlphabet: UTF-8\nAutosplit: 3\n\n#12 A vous".to_vec()
        );
    }

    #[test]
    fn gammu_outbox_files_sort_in_writing_order() {
        let to = Phone::read("+33612345678", &[]).unwrap();
        let a = gammu_outbox_name("20261125", "101500", 1, &to, "sms-41");
        let b = gammu_outbox_name("20261125", "101500", 2, &to, "sms-42");
        assert_eq!(a, "OUTC20261125_101500_001_+33612345678_sms41.txt");
        assert!(
            gammu_outbox_name("20261125", "101500", 99, &to, "a")
                < gammu_outbox_name("20261125", "101500", 100, &to, "a")
        );
        assert!(a < b);
        assert_eq!(decode(&gammu_outbox_text("à vous")), "à vous");
    }
}
