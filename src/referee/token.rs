//! Reply addresses that carry a key: `bot+<token>@domain`.
//!
//! Three kinds of token, each an HMAC-SHA256 under its own key (see [`crate::keys`])
//! truncated to 80 bits (16 base-32 characters), followed by the number of the key that
//! made it (`-1`):
//! - a *seat* token, `g42-w-k3jz...-1`, names one game and seat: a reply to that address
//!   routes itself to the right game, and only the player of that seat ever receives it;
//! - a *player* token, `p-k3jz...-1`, is bound to one player's address (the address is not
//!   in the token, it is checked against the sender): arbitre's answers that are not about a
//!   game carry it, so that replying to any of them proves who writes;
//! - a *confirmation* token, `c-<id>-k3jz...-1`, names one stored request to confirm a
//!   command (see [`crate::referee::confirm`]) and is bound to the address it was sent to.
//!   Only a reply to it can confirm that one command, once.
//! - a *bounce* token, `b-<mail>-k3jz...-1`, is the envelope sender of one outgoing mail
//!   (VERP): delivery reports come back to it, and name that mail whatever the reporting
//!   server quotes or leaves out. A report that does not come to a valid one changes
//!   nothing.
//! - an *envelope identifier*, `e-<mail>-k3jz...-1`, goes with the same mail in the SMTP
//!   envelope only (RFC 3461 `ENVID`): the mail servers that handle the mail quote it in
//!   their reports, the recipient never sees it. A report that quotes it was written by a
//!   mail server, not by the recipient (see [`crate::referee::undelivered`]).
//!
//! Only arbitre can make either, so a token cannot be guessed or altered to reach another
//! game or player. A token verifies under the key its number names while the
//! [`Keyring`] keeps that key in force (the previous secret's keys until the end of their
//! grace period); a token with no number is one made before keys were numbered (key 0).
//! Tokens are lower case (mail systems may fold the local part) and use only letters,
//! digits and `-`. [`key_in`] tells what the recipients of a message carry, including a
//! plus-address of the bot that does not verify, which the referee refuses.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::games::Side;
use crate::keys::{KeySet, Keyring, Purpose};
use crate::referee::{GameId, RefereeConfig};

/// Bytes of the HMAC kept in a token (80 bits).
const MAC_BYTES: usize = 10;

/// Separates the purpose of this HMAC from any other use of the same key (and, for the
/// unnumbered tokens of key 0, made with the secret itself, from the other purposes).
const DOMAIN: &[u8] = b"arbitre reply token v1\0";

/// The same for player tokens.
const PLAYER_DOMAIN: &[u8] = b"arbitre player token v1\0";

/// The same for confirmation tokens.
const CONFIRM_DOMAIN: &[u8] = b"arbitre confirmation token v1\0";

/// The same for the number of a request to confirm.
const CONFIRM_ID_DOMAIN: &[u8] = b"arbitre confirmation id v1\0";

/// The same for bounce tokens.
const BOUNCE_DOMAIN: &[u8] = b"arbitre bounce token v1\0";
const ENVELOPE_DOMAIN: &[u8] = b"arbitre envelope id v1\0";

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
    /// A valid bounce token: the outbox row of the mail a delivery report is about.
    Bounce(i64),
    /// A plus-address of the bot whose token does not verify (altered, made up, or a
    /// player token of another address): the address as written.
    Invalid(String),
    /// A plus-address arbitre did make, with the previous secret, whose grace period is
    /// over: the address as written.
    Retired(String),
}

/// Which keys a token may verify under.
#[derive(Clone, Copy)]
enum Within {
    /// Those in force at this instant.
    At(i64),
    /// Any key the ring holds, whatever its date (to tell a retired address from a forged
    /// one).
    Ever,
}

impl Within {
    fn keys(self, ring: &Keyring, number: u32) -> Option<&KeySet> {
        match self {
            Within::At(now) => ring.for_number(number, now),
            Within::Ever => ring.any_number(number),
        }
    }
}

/// What a valid token names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The game.
    pub game: GameId,
    /// The seat.
    pub side: Side,
}

/// `body` with the number of the key that made it.
fn numbered(body: String, keys: &KeySet) -> String {
    match keys.number() {
        0 => body,
        n => format!("{body}-{n}"),
    }
}

/// Splits the key number off a token of `parts` `-`-separated parts (without the number):
/// the body and the number, 0 for a token with none; `None` when the parts do not count up.
fn key_number(token: &str, parts: usize) -> Option<(&str, u32)> {
    let count = token.split('-').count();
    if count == parts {
        return Some((token, 0));
    }
    if count != parts + 1 {
        return None;
    }
    let (body, n) = token.rsplit_once('-')?;
    let digits_only = !n.is_empty() && n.len() <= 6 && n.bytes().all(|b| b.is_ascii_digit());
    if !digits_only || n.starts_with('0') {
        return None;
    }
    Some((body, n.parse().ok()?))
}

/// The token for `seat` under `keys`.
pub fn token(keys: &KeySet, seat: Seat) -> String {
    let mut m = keys.hmac(Purpose::SeatToken);
    feed(&mut m, seat);
    let mac = m.finalize().into_bytes();
    numbered(
        format!(
            "g{}-{}-{}",
            seat.game,
            side_letter(seat.side),
            base32(&mac[..MAC_BYTES])
        ),
        keys,
    )
}

/// Checks a token and returns what it names; `None` if it is malformed, forged, or made
/// with a key not in force at `now`.
pub fn verify(ring: &Keyring, now: i64, token: &str) -> Option<Seat> {
    verify_within(ring, Within::At(now), token)
}

fn verify_within(ring: &Keyring, within: Within, token: &str) -> Option<Seat> {
    let token = token.to_ascii_lowercase();
    let (body, number) = key_number(&token, 3)?;
    let rest = body.strip_prefix('g')?;
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
    let mut m = within.keys(ring, number)?.hmac(Purpose::SeatToken);
    feed(&mut m, seat);
    m.verify_truncated_left(&given).ok()?;
    Some(seat)
}

/// `local+token@domain` from the bot's own address, or `None` when plus-addressing is off
/// or the bot address has no `@`.
fn bot_plus_address(config: &RefereeConfig, token: &str) -> Option<String> {
    if !config.plus_addressing {
        return None;
    }
    let (local, domain) = config.address.split_once('@')?;
    let local = local.split('+').next().unwrap_or(local);
    Some(format!("{local}+{token}@{domain}").to_lowercase())
}

/// The reply address for `seat`: `local+token@domain` from the bot's own address, or
/// `None` when plus-addressing is off or the bot address has no `@`.
pub fn reply_address(config: &RefereeConfig, seat: Seat) -> Option<String> {
    bot_plus_address(config, &token(config.keys.current(), seat))
}

/// The player token of `address` under `keys`.
pub fn player_token(keys: &KeySet, address: &str) -> String {
    let mut m = keys.hmac(Purpose::PlayerToken);
    m.update(PLAYER_DOMAIN);
    m.update(address.trim().to_lowercase().as_bytes());
    numbered(
        format!("p-{}", base32(&m.finalize().into_bytes()[..MAC_BYTES])),
        keys,
    )
}

/// Whether `token` is the player token of `address` under a key in force at `now`.
pub fn verify_player(ring: &Keyring, now: i64, token: &str, address: &str) -> bool {
    verify_player_within(ring, Within::At(now), token, address)
}

fn verify_player_within(ring: &Keyring, within: Within, token: &str, address: &str) -> bool {
    let token = token.to_ascii_lowercase();
    let Some((body, number)) = key_number(&token, 2) else {
        return false;
    };
    let Some(code) = body.strip_prefix("p-") else {
        return false;
    };
    let Some(given) = unbase32(code).filter(|g| g.len() == MAC_BYTES) else {
        return false;
    };
    let Some(keys) = within.keys(ring, number) else {
        return false;
    };
    let mut m = keys.hmac(Purpose::PlayerToken);
    m.update(PLAYER_DOMAIN);
    m.update(address.trim().to_lowercase().as_bytes());
    m.verify_truncated_left(&given).is_ok()
}

/// The reply address that proves `address` is the writer: `local+p-...@domain`, or `None`
/// when plus-addressing is off.
pub fn player_address(config: &RefereeConfig, address: &str) -> Option<String> {
    if address.is_empty() {
        return None;
    }
    bot_plus_address(config, &player_token(config.keys.current(), address))
}

/// The number of the request to confirm the command of the inbound message `message_id`
/// from `address`: derived, so that deciding the same message again gives the same request,
/// and unguessable without the key.
pub fn confirmation_id(keys: &KeySet, message_id: &str, address: &str) -> String {
    let mut m = keys.hmac(Purpose::Confirmation);
    m.update(CONFIRM_ID_DOMAIN);
    m.update(message_id.as_bytes());
    m.update(b"\0");
    m.update(address.trim().to_lowercase().as_bytes());
    base32(&m.finalize().into_bytes()[..CONFIRM_ID_BYTES])
}

/// The confirmation token of request `id` sent to `address`.
pub fn confirmation_token(keys: &KeySet, id: &str, address: &str) -> String {
    let mut m = keys.hmac(Purpose::Confirmation);
    feed_confirmation(&mut m, id, address);
    let mac = m.finalize().into_bytes();
    numbered(format!("c-{id}-{}", base32(&mac[..MAC_BYTES])), keys)
}

/// The request number of `token` when it is a confirmation token of `address` under a key
/// in force at `now`.
pub fn verify_confirmation(ring: &Keyring, now: i64, token: &str, address: &str) -> Option<String> {
    verify_confirmation_within(ring, Within::At(now), token, address)
}

fn verify_confirmation_within(
    ring: &Keyring,
    within: Within,
    token: &str,
    address: &str,
) -> Option<String> {
    let token = token.to_ascii_lowercase();
    let (body, number) = key_number(&token, 3)?;
    let rest = body.strip_prefix("c-")?;
    let (id, code) = rest.split_once('-')?;
    let id_ok = unbase32(id).is_some_and(|b| b.len() == CONFIRM_ID_BYTES);
    let given = unbase32(code).filter(|g| g.len() == MAC_BYTES)?;
    if !id_ok || address.trim().is_empty() {
        return None;
    }
    let mut m = within.keys(ring, number)?.hmac(Purpose::Confirmation);
    feed_confirmation(&mut m, id, address);
    m.verify_truncated_left(&given).ok()?;
    Some(id.to_string())
}

/// The one-time reply address of request `id` sent to `address`: `local+c-...@domain`, or
/// `None` when plus-addressing is off.
pub fn confirmation_address(config: &RefereeConfig, id: &str, address: &str) -> Option<String> {
    if address.is_empty() {
        return None;
    }
    bot_plus_address(
        config,
        &confirmation_token(config.keys.current(), id, address),
    )
}

/// A token naming outbox row `mail` under `keys`: `<prefix>-<mail>-<mac>`, the MAC made
/// with `purpose`'s key over `domain` and the row's number. Bounce tokens and envelope
/// identifiers are both made so, each with its own key and domain.
fn row_token(keys: &KeySet, purpose: Purpose, domain: &[u8], prefix: &str, mail: i64) -> String {
    let mut m = keys.hmac(purpose);
    m.update(domain);
    m.update(mail.to_string().as_bytes());
    let mac = m.finalize().into_bytes();
    numbered(
        format!("{prefix}-{mail}-{}", base32(&mac[..MAC_BYTES])),
        keys,
    )
}

/// The outbox row a [`row_token`] names, when it verifies under a key `within` allows.
fn verify_row_token(
    ring: &Keyring,
    within: Within,
    purpose: Purpose,
    domain: &[u8],
    prefix: &str,
    token: &str,
) -> Option<i64> {
    let token = token.to_ascii_lowercase();
    let (body, number) = key_number(&token, 3)?;
    let (id, code) = body
        .strip_prefix(prefix)?
        .strip_prefix('-')?
        .split_once('-')?;
    if id.is_empty() || id.len() > 18 || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mail: i64 = id.parse().ok()?;
    let given = unbase32(code).filter(|g| g.len() == MAC_BYTES)?;
    let mut m = within.keys(ring, number)?.hmac(purpose);
    m.update(domain);
    m.update(id.as_bytes());
    m.verify_truncated_left(&given).ok()?;
    Some(mail)
}

/// The bounce token of outbox row `mail` under `keys`.
pub fn bounce_token(keys: &KeySet, mail: i64) -> String {
    row_token(keys, Purpose::Bounce, BOUNCE_DOMAIN, "b", mail)
}

/// The outbox row a bounce token names, when it verifies under a key in force at `now`.
pub fn verify_bounce(ring: &Keyring, now: i64, token: &str) -> Option<i64> {
    verify_bounce_within(ring, Within::At(now), token)
}

fn verify_bounce_within(ring: &Keyring, within: Within, token: &str) -> Option<i64> {
    verify_row_token(ring, within, Purpose::Bounce, BOUNCE_DOMAIN, "b", token)
}

/// The envelope sender of outbox row `mail`: `local+b-...@domain` from the bot's address
/// under `keys`, or `None` without an `@` in it.
pub fn bounce_address(bot: &str, keys: &KeySet, mail: i64) -> Option<String> {
    let (local, domain) = bot.split_once('@')?;
    let local = local.split('+').next().unwrap_or(local);
    Some(format!("{local}+{}@{domain}", bounce_token(keys, mail)).to_lowercase())
}

/// The envelope identifier (RFC 3461 `ENVID`) of outbox row `mail` under `keys`:
/// `e-<mail>-<mac>`. It travels in the SMTP envelope only: the mail servers on the way keep
/// it and quote it in their delivery reports (`Original-Envelope-Id`), and the recipient's
/// mailbox never shows it. So a report that quotes it was written by a mail server that
/// handled the mail, not by someone who merely received it and read its bounce address.
pub fn envelope_id(keys: &KeySet, mail: i64) -> String {
    row_token(keys, Purpose::Envelope, ENVELOPE_DOMAIN, "e", mail)
}

/// Whether `given` is the envelope identifier of outbox row `mail` under a key in force at
/// `now` (its grace period included).
pub fn verify_envelope_id(ring: &Keyring, now: i64, mail: i64, given: &str) -> bool {
    verify_row_token(
        ring,
        Within::At(now),
        Purpose::Envelope,
        ENVELOPE_DOMAIN,
        "e",
        given.trim(),
    ) == Some(mail)
}

fn feed_confirmation(m: &mut Hmac<Sha256>, id: &str, address: &str) {
    m.update(CONFIRM_DOMAIN);
    m.update(id.as_bytes());
    m.update(b"\0");
    m.update(address.trim().to_lowercase().as_bytes());
}

/// What the bot's plus-addresses among `recipients` carry, for a message from `sender`
/// received at `now`.
///
/// An invalid (or retired) plus-address wins over a valid one: a message that names a
/// forged or altered address of the bot is refused whatever else it names. A confirmation token
/// wins over a seat or player token (a reply to a request to confirm goes to it).
pub fn key_in(config: &RefereeConfig, recipients: &[String], sender: &str, now: i64) -> Key {
    let Some((local, domain)) = config.address.split_once('@') else {
        return Key::None;
    };
    let local = local.split('+').next().unwrap_or(local);
    let ring = &config.keys;
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
        if let Some(mail) = verify_bounce(ring, now, tag) {
            found = Key::Bounce(mail);
        } else if let Some(id) = verify_confirmation(ring, now, tag, sender) {
            found = Key::Confirm(id);
        } else if let Some(seat) = verify(ring, now, tag) {
            if found == Key::None || found == Key::Player {
                found = Key::Seat(seat);
            }
        } else if verify_player(ring, now, tag, sender) {
            if found == Key::None {
                found = Key::Player;
            }
        } else if verify_bounce_within(ring, Within::Ever, tag).is_some()
            || verify_confirmation_within(ring, Within::Ever, tag, sender).is_some()
            || verify_within(ring, Within::Ever, tag).is_some()
            || verify_player_within(ring, Within::Ever, tag, sender)
        {
            return Key::Retired(r.to_lowercase());
        } else {
            return Key::Invalid(r.to_lowercase());
        }
    }
    found
}

/// The seat of a valid seat token among `recipients` at `now`, if any (see [`key_in`]).
pub fn seat_in(config: &RefereeConfig, recipients: &[String], now: i64) -> Option<Seat> {
    match key_in(config, recipients, "", now) {
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

fn feed(m: &mut Hmac<Sha256>, seat: Seat) {
    m.update(DOMAIN);
    m.update(seat.game.to_string().as_bytes());
    m.update(b"\0");
    m.update(seat.side.name().as_bytes());
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

    fn keys(secret: &str) -> KeySet {
        KeySet::derive(secret, 1)
    }

    fn ring(secret: &str) -> Keyring {
        Keyring::new(secret)
    }

    fn config(plus: bool) -> RefereeConfig {
        RefereeConfig {
            address: "Arbitre@Example.org".into(),
            plus_addressing: plus,
            keys: Keyring::new("correct horse battery staple"),
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
        let t = token(&keys("s3cret"), seat);
        assert!(t.starts_with("g42-b-"), "{t}");
        assert!(t.ends_with("-1"), "{t}");
        assert_eq!(t.len(), "g42-b-".len() + 16 + 2);
        assert!(
            t.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        );
        assert_eq!(verify(&ring("s3cret"), 0, &t), Some(seat));
        assert_eq!(verify(&ring("s3cret"), 0, &t.to_uppercase()), Some(seat));
    }

    #[test]
    fn a_token_cannot_be_moved_to_another_game_or_seat_or_secret() {
        let t = token(
            &keys("s3cret"),
            Seat {
                game: 42,
                side: Side::Black,
            },
        );
        let code = t.split('-').nth(2).unwrap();
        let r = ring("s3cret");
        assert_eq!(verify(&r, 0, &format!("g43-b-{code}-1")), None);
        assert_eq!(verify(&r, 0, &format!("g42-w-{code}-1")), None);
        assert_eq!(verify(&r, 0, &format!("g42-b-{code}-2")), None);
        assert_eq!(verify(&r, 0, &format!("g42-b-{code}")), None);
        assert_eq!(verify(&ring("other"), 0, &t), None);
        let mut flipped = t.clone().into_bytes();
        let last = flipped.len() - 3;
        flipped[last] = if flipped[last] == b'a' { b'b' } else { b'a' };
        assert_eq!(verify(&r, 0, &String::from_utf8(flipped).unwrap()), None);
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
            "g42-b-aaaaaaaaaaaaaaaa-",
            "g42-b-aaaaaaaaaaaaaaaa-01",
            "g42-b-aaaaaaaaaaaaaaaa-x",
            "g42-b-aaaaaaaaaaaaaaaa-99999999999",
            "g42-b-aaaaaaaaaaaaaaaa-1-1",
        ] {
            assert_eq!(verify(&ring("s"), 0, bad), None, "{bad}");
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
        assert_eq!(seat_in(&c, &recipients, 0), Some(seat));
        let wrong_domain = addr.replace("example.org", "example.com");
        assert_eq!(seat_in(&c, &[wrong_domain], 0), None);
        assert_eq!(seat_in(&c, &["arbitre@example.org".into()], 0), None);
    }

    #[test]
    fn a_player_token_proves_only_its_own_address() {
        let c = config(true);
        let addr = player_address(&c, "Alice@A.example").unwrap();
        assert!(addr.starts_with("arbitre+p-"), "{addr}");
        let recipients = vec![addr.clone()];
        assert_eq!(key_in(&c, &recipients, "alice@a.example", 0), Key::Player);
        assert_eq!(
            key_in(&c, &recipients, "mallory@m.example", 0),
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
                key_in(&c, &[bad.to_string()], "bob@b.example", 0),
                Key::Invalid(bad.to_string()),
                "{bad}"
            );
            // A valid address beside it does not rescue it.
            assert_eq!(
                key_in(&c, &[good.clone(), bad.to_string()], "bob@b.example", 0),
                Key::Invalid(bad.to_string()),
                "{bad}"
            );
        }
        assert_eq!(
            key_in(&c, std::slice::from_ref(&good), "x@y.example", 0),
            Key::Seat(seat)
        );
        // Other people's plus-addresses are none of the bot's business.
        assert_eq!(
            key_in(&c, &["bob+games@example.org".to_string()], "x@y.example", 0),
            Key::None
        );
    }

    #[test]
    fn a_confirmation_address_names_one_request_for_one_address() {
        let c = config(true);
        let id = confirmation_id(c.keys.current(), "m1@a.example", "Alice@A.example");
        assert_eq!(id.len(), 10);
        assert_eq!(
            id,
            confirmation_id(c.keys.current(), "m1@a.example", "alice@a.example")
        );
        assert_ne!(
            id,
            confirmation_id(c.keys.current(), "m2@a.example", "alice@a.example")
        );
        let addr = confirmation_address(&c, &id, "alice@a.example").unwrap();
        assert!(addr.starts_with(&format!("arbitre+c-{id}-")), "{addr}");
        assert_eq!(
            key_in(&c, std::slice::from_ref(&addr), "alice@a.example", 0),
            Key::Confirm(id.clone())
        );
        // Another sender, or one character changed: not a reply address of arbitre.
        assert_eq!(
            key_in(&c, std::slice::from_ref(&addr), "bob@b.example", 0),
            Key::Invalid(addr.clone())
        );
        let other = confirmation_id(c.keys.current(), "m9@a.example", "alice@a.example");
        let moved = addr.replace(&id, &other);
        assert_eq!(
            key_in(&c, std::slice::from_ref(&moved), "alice@a.example", 0),
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
            key_in(&c, &[seat, addr], "alice@a.example", 0),
            Key::Confirm(id)
        );
        assert_eq!(
            confirmation_address(&config(false), "x", "alice@a.example"),
            None
        );
    }

    #[test]
    fn tokens_made_before_key_numbers_still_verify_under_the_same_secret() {
        // What arbitre wrote before keys were numbered: the secret itself as the key, no
        // number at the end.
        let old = KeySet::unnumbered("correct horse battery staple");
        let seat = Seat {
            game: 5,
            side: Side::White,
        };
        let t = token(&old, seat);
        assert!(!t.ends_with("-0") && t.split('-').count() == 3, "{t}");
        let c = config(true);
        assert_eq!(verify(&c.keys, 0, &t), Some(seat));
        let p = player_token(&old, "alice@a.example");
        assert!(verify_player(&c.keys, 0, &p, "alice@a.example"));
        let id = confirmation_id(&old, "m@a.example", "alice@a.example");
        let k = confirmation_token(&old, &id, "alice@a.example");
        assert_eq!(
            verify_confirmation(&c.keys, 0, &k, "alice@a.example"),
            Some(id)
        );
        // New tokens are not made that way.
        assert_ne!(token(c.keys.current(), seat), t);
    }

    #[test]
    fn after_a_rotation_the_previous_keys_verify_until_their_date_and_no_longer() {
        let old = Keyring::new("correct horse battery staple");
        let seat = Seat {
            game: 9,
            side: Side::Black,
        };
        let before = token(old.current(), seat);
        let player_before = player_token(old.current(), "alice@a.example");
        let unnumbered = token(&KeySet::unnumbered("correct horse battery staple"), seat);
        let until = 1_800_000_000;
        let rotated = Keyring::numbered("a new secret, of forty-three characters or more", 2)
            .with_previous("correct horse battery staple", until);
        let after = token(rotated.current(), seat);
        assert!(after.ends_with("-2") && after != before, "{after}");
        for now in [0, until - 1] {
            assert_eq!(verify(&rotated, now, &before), Some(seat));
            assert_eq!(verify(&rotated, now, &unnumbered), Some(seat));
            assert!(verify_player(
                &rotated,
                now,
                &player_before,
                "alice@a.example"
            ));
        }
        assert_eq!(verify(&rotated, until, &before), None);
        assert_eq!(verify(&rotated, until, &unnumbered), None);
        assert!(!verify_player(
            &rotated,
            until,
            &player_before,
            "alice@a.example"
        ));
        assert_eq!(verify(&rotated, until, &after), Some(seat));
        // After the date, arbitre still tells its own old address from a forged one.
        let c = RefereeConfig {
            keys: rotated.clone(),
            ..config(true)
        };
        let old_address = format!("arbitre+{before}@example.org");
        assert_eq!(
            key_in(
                &c,
                std::slice::from_ref(&old_address),
                "x@y.example",
                until - 1
            ),
            Key::Seat(seat)
        );
        assert_eq!(
            key_in(&c, std::slice::from_ref(&old_address), "x@y.example", until),
            Key::Retired(old_address.clone())
        );
        let forged = old_address.replacen("g9-b-", "g9-w-", 1);
        assert_eq!(
            key_in(&c, std::slice::from_ref(&forged), "x@y.example", until),
            Key::Invalid(forged.clone())
        );
        // A token claiming the new number but made with the old key does not verify.
        let relabelled = format!("{}-2", before.strip_suffix("-1").unwrap());
        assert_eq!(verify(&rotated, 0, &relabelled), None);
    }

    #[test]
    fn an_envelope_id_verifies_for_its_own_mail_only_and_differs_from_the_bounce_token() {
        let ring = Keyring::numbered("a secret of forty-three characters, or a little more", 1);
        let id = envelope_id(ring.current(), 42);
        assert!(id.starts_with("e-42-") && id.ends_with("-1"), "{id}");
        assert!(verify_envelope_id(&ring, 0, 42, &id));
        assert!(verify_envelope_id(&ring, 0, 42, &id.to_uppercase()));
        assert!(!verify_envelope_id(&ring, 0, 43, &id));
        assert!(!verify_envelope_id(
            &ring,
            0,
            43,
            &id.replacen("e-42-", "e-43-", 1)
        ));
        // The bounce token the recipient can read says nothing of the envelope id.
        let bounce = bounce_token(ring.current(), 42);
        assert_ne!(bounce[5..], id[5..]);
        assert!(!verify_envelope_id(
            &ring,
            0,
            42,
            &bounce.replacen("b-", "e-", 1)
        ));
        for broken in [
            "",
            "e-42",
            "e-42-x-1",
            "e--abc-1",
            "e-42-aaaaaaaaaaaaaaaa-9",
        ] {
            assert!(!verify_envelope_id(&ring, 0, 42, broken), "{broken}");
        }
        let unnumbered = KeySet::unnumbered("a secret of forty-three characters, or a little more");
        assert_ne!(
            envelope_id(&unnumbered, 42)[5..],
            bounce_token(&unnumbered, 42)[5..]
        );
    }
}
