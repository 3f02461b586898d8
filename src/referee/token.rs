//! Per-game, per-player reply addresses: `bot+<token>@domain`.
//!
//! The token names the game and the seat, and carries an HMAC-SHA256 of them under the
//! configured secret, truncated to 80 bits (16 base-32 characters): `g42-w-k3jz...`. Only
//! arbitre can make one, so a reply to that address routes itself to the right game, and an
//! address cannot be guessed or altered to reach another game. Tokens are lower case (mail
//! systems may fold the local part) and use only letters, digits and `-`.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::games::Side;
use crate::referee::{GameId, RefereeConfig};

/// Bytes of the HMAC kept in a token (80 bits).
const MAC_BYTES: usize = 10;

/// Separates the purpose of this HMAC from any other use of the same secret.
const DOMAIN: &[u8] = b"arbitre reply token v1\0";

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

/// Finds a valid token among `recipients` (addresses `local+token@domain` of the bot).
pub fn seat_in(config: &RefereeConfig, recipients: &[String]) -> Option<Seat> {
    let (local, domain) = config.address.split_once('@')?;
    let local = local.split('+').next().unwrap_or(local);
    recipients.iter().find_map(|r| {
        let r = r.trim().trim_start_matches('<').trim_end_matches('>');
        let (rl, rd) = r.rsplit_once('@')?;
        if !rd.eq_ignore_ascii_case(domain) {
            return None;
        }
        let (base, tag) = rl.split_once('+')?;
        if !base.eq_ignore_ascii_case(local) {
            return None;
        }
        verify(&config.secret, tag)
    })
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
            default_lang: Lang::En,
            max_replies_per_hour: 20,
            max_message_bytes: 100_000,
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
}
