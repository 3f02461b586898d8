//! An SMS as the referee reads it: an [`Inbound`] on the SMS channel, its game named by a
//! leading `#12` (turned into the Subject tag mail uses), its Message-ID derived from the
//! gateway's key so that a move it carries is recognised if it comes again. Pure.

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
    let safe: String = key
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(64)
        .collect();
    Inbound {
        message_id: format!("sms.{gateway}.{safe}@sms.arbitre"),
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
        assert_eq!(msg.message_id, "sms.kannel.a-b-c@sms.arbitre");
        assert_eq!(msg.channel, Channel::Sms);
        assert_eq!(msg.phone.as_deref(), Some("+33612345678"));
    }
}
