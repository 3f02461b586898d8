//! An SMS as the referee reads it: an [`Inbound`] on the SMS channel, its game named by a
//! leading `#12` (turned into the Subject tag mail uses), its Message-ID derived from the
//! gateway's key so that a move it carries is recognised if it comes again. Pure.

use sha2::{Digest, Sha256};

use crate::referee::{Channel, GameId, Inbound, Timestamp};

/// A leading `#12` (or `# 12`, `#12:`), and the rest of the text.
pub fn game_tag(text: &str) -> (Option<GameId>, &str) {
    let t = text.trim_start();
    let Some(rest) = t.strip_prefix('#') else {
        return (None, t);
    };
    let rest = rest.trim_start();
    let digits: usize = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 9 {
        return (None, t);
    }
    let id = rest[..digits].parse().ok();
    let after = rest[digits..].trim_start_matches([':', ',', '.', ' ']);
    (id, after.trim())
}

/// The message of an SMS from `number`, received through `gateway` under `key`. The sender
/// (`from`) is filled in by whoever knows which player the number belongs to.
pub fn inbound(
    gateway: &str,
    key: &str,
    number: &str,
    text: &str,
    received_at: Timestamp,
) -> Inbound {
    let (game, rest) = game_tag(text);
    // The gateway's key can be long (joined spool file names with a content hash): the
    // Message-ID carries a hash of all of it, so that two SMS never share one.
    let digest = Sha256::digest(format!("{gateway}\0{key}").as_bytes());
    let hash: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    let gateway: String = gateway
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(16)
        .collect();
    Inbound {
        message_id: format!("sms.{gateway}.{hash}@sms.arbitre"),
        subject: game
            .map(|id| format!("[arbitre #{id}]"))
            .unwrap_or_default(),
        text: rest.to_string(),
        size: text.len(),
        received_at,
        channel: Channel::Sms,
        phone: Some(number.to_string()),
        ..Inbound::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leading_number_names_the_game() {
        assert_eq!(game_tag("#12 e5e6"), (Some(12), "e5e6"));
        assert_eq!(game_tag(" # 7: RESIGN"), (Some(7), "RESIGN"));
        assert_eq!(game_tag("e5e6"), (None, "e5e6"));
        assert_eq!(game_tag("#abc"), (None, "#abc"));
        assert_eq!(game_tag("#1234567890 x").0, None);
        let msg = inbound("kannel", "a b/c", "+33612345678", "#12 e5e6", 5);
        assert_eq!(msg.subject, "[arbitre #12]");
        assert_eq!(msg.text, "e5e6");
        assert!(
            msg.message_id.starts_with("sms.kannel."),
            "{}",
            msg.message_id
        );
        assert!(msg.message_id.ends_with("@sms.arbitre"));
        // Keys that differ only far in, as joined spool names do, give different ids.
        let long = |end: &str| {
            format!(
                "IN20261125_101500_00_+33612345678_00.txt+IN20261125_101500_00_+33612345678_01.txt#{end}"
            )
        };
        let a = inbound("gammu", &long("aaaa"), "+33612345678", "x", 5);
        let b = inbound("gammu", &long("bbbb"), "+33612345678", "x", 5);
        assert_ne!(a.message_id, b.message_id);
        assert_eq!(
            a.message_id,
            inbound("gammu", &long("aaaa"), "+1", "y", 6).message_id
        );
        assert_eq!(msg.channel, Channel::Sms);
        assert_eq!(msg.phone.as_deref(), Some("+33612345678"));
    }
}
