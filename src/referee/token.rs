//! Reply addresses that carry a key: `bot+<token>@domain`.
//!
//! Three kinds of token, each an HMAC-SHA256 under the configured secret truncated to 80 bits
//! (16 base-32 characters):
//! - a *seat* token, `g42-w-k3jz...`, names one game and seat: a reply to that address
//!   routes itself to the right game, and only the player of that seat ever receives it;
//! - a *player* token, `p-k3jz...`, is bound to one player's address (the address is not in
//!   the token, it is checked against the sender): arbitre's answers that are not about a
//!   game carry it, so that replying to any of them proves who writes;
//! - a *confirmation* token, `c-<id>-k3jz...`, names one stored request to confirm a command
//!   (see [`crate::referee::confirm`]) and is bound to the address it was sent to. Only a
//!   reply to it can confirm that one command, once.
//!
//! Only arbitre can make either, so a token cannot be guessed or altered to reach another
//! game or player. Tokens are lower case (mail systems may fold the local part) and use only
//! letters, digits and `-`. [`key_in`] tells what the recipients of a message carry,
//! including a plus-address of the bot that does not verify, which the referee refuses.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::games::Side;
use crate::referee::{GameId, RefereeConfig};

/// Bytes of the HMAC kept in a token (80 bits).
const MAC_BYTES: usize = 10;

/// Separates the purpose of this HMAC from any other use of the same secret.
const DOMAIN: &[u8] = b"arbitre reply token v1\0";

/// The same for player tokens.
const PLAYER_DOMAIN: &[u8] = b"arbitre player token v1\0";

/// The same for confirmation tokens.
const CONFIRM_DOMAIN: &[u8] = b"arbitre confirmation token v1\0";

/// The same for the number of a request to confirm.
const CONFIRM_ID_DOMAIN: &[u8] = b"arbitre confirmation id v1\0";

/// Bytes of a request's number (48 bits, 10 base-32 characters).
const CONFIRM_ID_BYTES: usize = 6;

/// What the bot's plus-addresses among a message's recipients carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// No plus-address of the bot.
    None,
    /// A valid seat token (whoever sent the message: the referee compares the seat with the
    /// sender).
    Seat(Seat),
    /// A valid player token of the sender's own address.
    Player,
    /// A valid confirmation token of the sender's own address: the request's number.
    Confirm(String),
    /// A plus-address of the bot whose token does not verify (altered, made up, or a
    /// player token of another address): the address as written.
    Invalid(String),
}

/// What a valid token names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The game.
    pub game: GameId,
    /// The seat.
    pub side: Side,
}

/// The token for `seat` under `secret`.
pub fn token(secret: &str, seat: Seat) -> String {
    let mac = mac(secret, seat);
    format!(
        "g{}-{}-{}",
        seat.game,
        side_letter(seat.side),
        base32(&mac[..MAC_BYTES])
    )
}

/// Checks a token and returns what it names; `None` if it is malformed or forged.
pub fn verify(secret: &str, token: &str) -> Option<Seat> {
    let token = token.to_ascii_lowercase();
    let rest = token.strip_prefix('g')?;
    let mut parts = rest.split('-');
    let (id, side, code) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let game: GameId = id.parse().ok()?;
    let side = match side {
        "w" => Side::White,
        "b" => Side::Black,
        _ => return None,
    };
    let seat = Seat { game, side };
    let given = unbase32(code)?;
    if given.len() != MAC_BYTES {
        return None;
    }
    let mut m = keyed(secret);
    feed(&mut m, seat);
    m.verify_truncated_left(&given).ok()?;
    Some(seat)
}

/// The reply address for `seat`: `local+token@domain` from the bot's own address, or
/// `None` when plus-addressing is off or the bot address has no `@`.
pub fn reply_address(config: &RefereeConfig, seat: Seat) -> Option<String> {
    if !config.plus_addressing {
        return None;
    }
    let (local, domain) = config.address.split_once('@')?;
    let local = local.split('+').next().unwrap_or(local);
    Some(format!("{local}+{}@{domain}", token(&config.secret, seat)).to_lowercase())
}

/// The player token of `address` under `secret`.
pub fn player_token(secret: &str, address: &str) -> String {
    let mut m = keyed(secret);
    m.update(PLAYER_DOMAIN);
    m.update(address.trim().to_lowercase().as_bytes());
    format!("p-{}", base32(&m.finalize().into_bytes()[..MAC_BYTES]))
}

/// Whether `token` is the player token of `address`.
pub fn verify_player(secret: &str, token: &str, address: &str) -> bool {
    let token = token.to_ascii_lowercase();
    let Some(code) = token.strip_prefix("p-") else {
        return false;
    };
    let Some(given) = unbase32(code).filter(|g| g.len() == MAC_BYTES) else {
        return false;
    };
    let mut m = keyed(secret);
    m.update(PLAYER_DOMAIN);
    m.update(address.trim().to_lowercase().as_bytes());
    m.verify_truncated_left(&given).is_ok()
}

/// The reply address that proves `address` is the writer: `local+p-...@domain`, or `None`
/// when plus-addressing is off.
pub fn player_address(config: &RefereeConfig, address: &str) -> Option<String> {
    if !config.plus_addressing || address.is_empty() {
        return None;
    }
    let (local, domain) = config.address.split_once('@')?;
    let local = local.split('+').next().unwrap_or(local);
    Some(format!("{local}+{}@{domain}", player_token(&config.secret, address)).to_lowercase())
}

/// The number of the request to confirm the command of the inbound message `message_id`
/// from `address`: derived, so that deciding the same message again gives the same request,
/// and unguessable without the secret.
pub fn confirmation_id(secret: &str, message_id: &str, address: &str) -> String {
    let mut m = keyed(secret);
    m.update(CONFIRM_ID_DOMAIN);
    m.update(message_id.as_bytes());
    m.update(b"\0");
    m.update(address.trim().to_lowercase().as_bytes());
    base32(&m.finalize().into_bytes()[..CONFIRM_ID_BYTES])
}

/// The confirmation token of request `id` sent to `address`.
pub fn confirmation_token(secret: &str, id: &str, address: &str) -> String {
    format!("c-{id}-{}", base32(&confirmation_mac(secret, id, address)))
}

/// The request number of `token` when it is a confirmation token of `address`.
pub fn verify_confirmation(secret: &str, token: &str, address: &str) -> Option<String> {
    let token = token.to_ascii_lowercase();
    let rest = token.strip_prefix("c-")?;
    let (id, code) = rest.split_once('-')?;
    let id_ok = unbase32(id).is_some_and(|b| b.len() == CONFIRM_ID_BYTES);
    let given = unbase32(code).filter(|g| g.len() == MAC_BYTES)?;
    if !id_ok || address.trim().is_empty() {
        return None;
    }
    let mut m = keyed(secret);
    feed_confirmation(&mut m, id, address);
    m.verify_truncated_left(&given).ok()?;
    Some(id.to_string())
}

/// The one-time reply address of request `id` sent to `address`: `local+c-...@domain`, or
/// `None` when plus-addressing is off.
pub fn confirmation_address(config: &RefereeConfig, id: &str, address: &str) -> Option<String> {
    if !config.plus_addressing || address.is_empty() {
        return None;
    }
    let (local, domain) = config.address.split_once('@')?;
    let local = local.split('+').next().unwrap_or(local);
    let token = confirmation_token(&config.secret, id, address);
    Some(format!("{local}+{token}@{domain}").to_lowercase())
}

fn feed_confirmation(m: &mut Hmac<Sha256>, id: &str, address: &str) {
    m.update(CONFIRM_DOMAIN);
    m.update(id.as_bytes());
    m.update(b"\0");
    m.update(address.trim().to_lowercase().as_bytes());
}

fn confirmation_mac(secret: &str, id: &str, address: &str) -> Vec<u8> {
    let mut m = keyed(secret);
    feed_confirmation(&mut m, id, address);
    m.finalize().into_bytes()[..MAC_BYTES].to_vec()
}

/// What the bot's plus-addresses among `recipients` carry, for a message from `sender`.
///
/// An invalid plus-address wins over a valid one: a message that names a forged or
/// altered address of the bot is refused whatever else it names. A confirmation token
/// wins over a seat or player token (a reply to a request to confirm goes to it).
pub fn key_in(config: &RefereeConfig, recipients: &[String], sender: &str) -> Key {
    let Some((local, domain)) = config.address.split_once('@') else {
        return Key::None;
    };
    let local = local.split('+').next().unwrap_or(local);
    let mut found = Key::None;
    for r in recipients {
        let r = r.trim().trim_start_matches('<').trim_end_matches('>');
        let Some((rl, rd)) = r.rsplit_once('@') else {
            continue;
        };
        if !rd.eq_ignore_ascii_case(domain) {
            continue;
        }
        let Some((base, tag)) = rl.split_once('+') else {
            continue;
        };
        if !base.eq_ignore_ascii_case(local) {
            continue;
        }
        if let Some(id) = verify_confirmation(&config.secret, tag, sender) {
            found = Key::Confirm(id);
        } else if let Some(seat) = verify(&config.secret, tag) {
            if found == Key::None || found == Key::Player {
                found = Key::Seat(seat);
            }
        } else if verify_player(&config.secret, tag, sender) {
            if found == Key::None {
                found = Key::Player;
            }
        } else {
            return Key::Invalid(r.to_lowercase());
        }
    }
    found
}

/// The seat of a valid seat token among `recipients`, if any (see [`key_in`]).
pub fn seat_in(config: &RefereeConfig, recipients: &[String]) -> Option<Seat> {
    match key_in(config, recipients, "") {
        Key::Seat(seat) => Some(seat),
        _ => None,
    }
}

fn side_letter(side: Side) -> char {
    match side {
        Side::White => 'w',
        Side::Black => 'b',
    }
}

fn keyed(secret: &str) -> Hmac<Sha256> {
    // HMAC takes keys of any length: this cannot fail.
    <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).expect("HMAC accepts any key")
}

fn feed(m: &mut Hmac<Sha256>, seat: Seat) {
    m.update(DOMAIN);
    m.update(seat.game.to_string().as_bytes());
    m.update(b"\0");
    m.update(seat.side.name().as_bytes());
}

fn mac(secret: &str, seat: Seat) -> Vec<u8> {
    let mut m = keyed(secret);
    feed(&mut m, seat);
    m.finalize().into_bytes().to_vec()
}

const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// RFC 4648 base 32, lower case, without padding.
fn base32(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut buffer: u32 = 0;
    let mut bits = 0;
    for &b in bytes {
        buffer = (buffer << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((buffer >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// Reads [`base32`] back; `None` on a character outside the alphabet or stray bits.
fn unbase32(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut buffer: u32 = 0;
    let mut bits = 0;
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        buffer = (buffer << 5) | v;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    (buffer == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    fn config(plus: bool) -> RefereeConfig {
        RefereeConfig {
            address: "Arbitre@Example.org".into(),
            plus_addressing: plus,
            secret: "correct horse battery staple".into(),
            default_lang: Lang::EN,
            max_replies_per_hour: 20,
            max_message_bytes: 100_000,
            authserv_id: None,
            domain_proof: Vec::new(),
            trust_unverified_senders: false,
            clock: Default::default(),
            sms: Default::default(),
            public_url: None,
        }
    }

    #[test]
    fn a_token_names_its_game_and_seat_and_verifies() {
        let seat = Seat {
            game: 42,
            side: Side::Black,
        };
        let t = token("s3cret", seat);
        assert!(t.starts_with("g42-b-"), "{t}");
        assert_eq!(t.len(), "g42-b-".len() + 16);
        assert!(
            t.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        );
        assert_eq!(verify("s3cret", &t), Some(seat));
        assert_eq!(verify("s3cret", &t.to_uppercase()), Some(seat));
    }

    #[test]
    fn a_token_cannot_be_moved_to_another_game_or_seat_or_secret() {
        let t = token(
            "s3cret",
            Seat {
                game: 42,
                side: Side::Black,
            },
        );
        let code = t.rsplit('-').next().unwrap();
        assert_eq!(verify("s3cret", &format!("g43-b-{code}")), None);
        assert_eq!(verify("s3cret", &format!("g42-w-{code}")), None);
        assert_eq!(verify("other", &t), None);
        let mut flipped = t.clone().into_bytes();
        let last = flipped.len() - 1;
        flipped[last] = if flipped[last] == b'a' { b'b' } else { b'a' };
        assert_eq!(verify("s3cret", &String::from_utf8(flipped).unwrap()), None);
    }

    #[test]
    fn malformed_tokens_are_refused_without_panicking() {
        for bad in [
            "",
            "g",
            "g42",
            "g42-b",
            "g42-x-aaaaaaaaaaaaaaaa",
            "gx-b-aaaaaaaaaaaaaaaa",
            "g42-b-!!!!",
            "g42-b-aaaa-aaaa",
            "g-1-b-aaa",
            "42-b-aaaaaaaaaaaaaaaa",
            "g99999999999999999999999-b-aaaaaaaaaaaaaaaa",
            "g42-b-aaaaaaaaaaaaaaa9",
        ] {
            assert_eq!(verify("s", bad), None, "{bad}");
        }
    }

    #[test]
    fn base32_round_trips() {
        for len in 0..20 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            assert_eq!(unbase32(&base32(&bytes)).unwrap(), bytes);
        }
        assert_eq!(base32(b"foobar"), "mzxw6ytboi");
    }

    #[test]
    fn reply_addresses_are_plus_addresses_of_the_bot_and_found_again() {
        let seat = Seat {
            game: 7,
            side: Side::White,
        };
        assert_eq!(reply_address(&config(false), seat), None);
        let c = config(true);
        let addr = reply_address(&c, seat).unwrap();
        assert!(
            addr.starts_with("arbitre+g7-w-") && addr.ends_with("@example.org"),
            "{addr}"
        );
        let recipients = vec!["someone@else.org".to_string(), addr.to_uppercase()];
        assert_eq!(seat_in(&c, &recipients), Some(seat));
        let wrong_domain = addr.replace("example.org", "example.com");
        assert_eq!(seat_in(&c, &[wrong_domain]), None);
        assert_eq!(seat_in(&c, &["arbitre@example.org".into()]), None);
    }

    #[test]
    fn a_player_token_proves_only_its_own_address() {
        let c = config(true);
        let addr = player_address(&c, "Alice@A.example").unwrap();
        assert!(addr.starts_with("arbitre+p-"), "{addr}");
        let recipients = vec![addr.clone()];
        assert_eq!(key_in(&c, &recipients, "alice@a.example"), Key::Player);
        assert_eq!(
            key_in(&c, &recipients, "mallory@m.example"),
            Key::Invalid(addr.clone())
        );
        assert_eq!(player_address(&config(false), "alice@a.example"), None);
    }

    #[test]
    fn any_plus_address_of_the_bot_that_does_not_verify_is_invalid() {
        let c = config(true);
        let seat = Seat {
            game: 1,
            side: Side::Black,
        };
        let good = reply_address(&c, seat).unwrap();
        let mut altered = good.clone().into_bytes();
        let at = altered.iter().position(|&b| b == b'@').unwrap();
        altered[at - 1] = if altered[at - 1] == b'a' { b'b' } else { b'a' };
        let altered = String::from_utf8(altered).unwrap();
        for bad in [
            "arbitre+g1-b-aaaaaaaaaaaaaaaa@example.org",
            "arbitre+zz0@example.org",
            "arbitre+@example.org",
            altered.as_str(),
        ] {
            assert_eq!(
                key_in(&c, &[bad.to_string()], "bob@b.example"),
                Key::Invalid(bad.to_string()),
                "{bad}"
            );
            // A valid address beside it does not rescue it.
            assert_eq!(
                key_in(&c, &[good.clone(), bad.to_string()], "bob@b.example"),
                Key::Invalid(bad.to_string()),
                "{bad}"
            );
        }
        assert_eq!(
            key_in(&c, std::slice::from_ref(&good), "x@y.example"),
            Key::Seat(seat)
        );
        // Other people's plus-addresses are none of the bot's business.
        assert_eq!(
            key_in(&c, &["bob+games@example.org".to_string()], "x@y.example"),
            Key::None
        );
    }

    #[test]
    fn a_confirmation_address_names_one_request_for_one_address() {
        let c = config(true);
        let id = confirmation_id(&c.secret, "m1@a.example", "Alice@A.example");
        assert_eq!(id.len(), 10);
        assert_eq!(
            id,
            confirmation_id(&c.secret, "m1@a.example", "alice@a.example")
        );
        assert_ne!(
            id,
            confirmation_id(&c.secret, "m2@a.example", "alice@a.example")
        );
        let addr = confirmation_address(&c, &id, "alice@a.example").unwrap();
        assert!(addr.starts_with(&format!("arbitre+c-{id}-")), "{addr}");
        assert_eq!(
            key_in(&c, std::slice::from_ref(&addr), "alice@a.example"),
            Key::Confirm(id.clone())
        );
        // Another sender, or one character changed: not a reply address of arbitre.
        assert_eq!(
            key_in(&c, std::slice::from_ref(&addr), "bob@b.example"),
            Key::Invalid(addr.clone())
        );
        let other = confirmation_id(&c.secret, "m9@a.example", "alice@a.example");
        let moved = addr.replace(&id, &other);
        assert_eq!(
            key_in(&c, std::slice::from_ref(&moved), "alice@a.example"),
            Key::Invalid(moved.clone())
        );
        // It wins over the player's other keys beside it.
        let seat = reply_address(
            &c,
            Seat {
                game: 1,
                side: Side::White,
            },
        )
        .unwrap();
        assert_eq!(
            key_in(&c, &[seat, addr], "alice@a.example"),
            Key::Confirm(id)
        );
        assert_eq!(
            confirmation_address(&config(false), "x", "alice@a.example"),
            None
        );
    }
}
