//! Proof that a mail comes from the player it names.
//!
//! Anyone can write any address in a From line, so the From line alone never changes a game
//! or a player. A message proves its sender when one of these holds:
//! - it was sent to a reply address of the sender's own seat (a seat token, see
//!   [`crate::referee::token`]): only that player ever received the address;
//! - it was sent to the sender's own player address (a player token), found on every answer
//!   arbitre sends that is not about a game;
//! - it was sent to the one-time address of a request to confirm that was made for the
//!   sender (a confirmation token): it proves who writes, and only an explicit yes to it
//!   confirms the stored command ([`crate::referee::confirm`]);
//! - the installation's own receiving server vouches for the From address in an
//!   `Authentication-Results` header (RFC 8601) with the configured authserv-id: DMARC,
//!   DKIM or SPF passing for the From domain, or a submission login (`auth`) as that
//!   address;
//! - the installation takes the From line on trust (`trust-unverified-senders`, for closed
//!   servers only).
//!
//! A plus-address of the bot that does not verify is not "no proof": it is refused outright
//! ([`crate::referee::token::Key::Invalid`]), so that nothing falls back from a forged or
//! altered address to another way of finding a game.

use crate::referee::token::Key;
use crate::referee::{AuthResult, Channel, Context, Inbound, RefereeConfig};

/// How a message proves its sender, if it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Sent to a reply address of the sender's own seat.
    SeatKey,
    /// Sent to the sender's own player address.
    PlayerKey,
    /// Sent to the one-time address of a request to confirm, made for the sender.
    ConfirmKey,
    /// The receiving server vouches for the From address by this method (`dmarc`, `dkim`,
    /// `spf`, `auth`).
    Authenticated(&'static str),
    /// The installation trusts From lines.
    Trusted,
    /// An SMS from the phone linked to the player.
    Phone,
    /// Nothing proves who wrote it.
    None,
}

impl Proof {
    /// True when the message may change games and players.
    pub fn holds(self) -> bool {
        self != Proof::None
    }
}

/// What `msg`, whose recipients carry `key`, proves about its sender.
///
/// A seat token proves the sender only when that seat is the sender's: a valid token of the
/// opponent's seat with the sender's own From line proves nothing.
pub fn of(config: &RefereeConfig, ctx: &Context, msg: &Inbound, key: &Key) -> Proof {
    if msg.channel == Channel::Sms {
        // An SMS proves only that it came from its number: the player linked to it.
        let linked = ctx.sender.as_ref().is_some_and(|p| {
            p.address.eq_ignore_ascii_case(&msg.from) && p.phone.is_some() && p.phone == msg.phone
        });
        return if linked { Proof::Phone } else { Proof::None };
    }
    match key {
        Key::Seat(seat) => {
            let own = ctx
                .games
                .iter()
                .find(|g| g.id == seat.game)
                .is_some_and(|g| g.address_of(seat.side).eq_ignore_ascii_case(&msg.from));
            if own {
                return Proof::SeatKey;
            }
        }
        Key::Player => return Proof::PlayerKey,
        Key::Confirm(_) => return Proof::ConfirmKey,
        Key::None | Key::Invalid(_) => {}
    }
    if let Some(method) = vouched(config, msg) {
        return Proof::Authenticated(method);
    }
    if config.trust_unverified_senders {
        return Proof::Trusted;
    }
    Proof::None
}

/// The method by which the configured server vouches for the From address, if any.
pub fn vouched(config: &RefereeConfig, msg: &Inbound) -> Option<&'static str> {
    let id = config.authserv_id.as_deref()?.trim();
    if id.is_empty() {
        return None;
    }
    let (local, domain) = msg.from.rsplit_once('@')?;
    if local.is_empty() || domain.is_empty() {
        return None;
    }
    let own_domain = config.address.rsplit_once('@').map(|(_, d)| d);
    msg.auth_results
        .iter()
        .filter(|h| h.authserv_id.eq_ignore_ascii_case(id))
        .flat_map(|h| h.results.iter())
        .filter(|r| r.result == "pass")
        .find_map(|r| vouches(r, &msg.from, local, domain, own_domain))
}

/// Whether one passing result vouches for `from` (`local@domain`): the method's name.
fn vouches(
    r: &AuthResult,
    from: &str,
    local: &str,
    domain: &str,
    own_domain: Option<&str>,
) -> Option<&'static str> {
    let ok = match r.method.as_str() {
        "dmarc" => r
            .property("header.from")
            .is_some_and(|d| d.eq_ignore_ascii_case(domain)),
        "dkim" => {
            let d = r
                .property("header.d")
                .or_else(|| r.property("header.i").map(domain_of));
            d.is_some_and(|d| aligned(domain, d))
        }
        "spf" => r
            .property("smtp.mailfrom")
            .map(domain_of)
            .is_some_and(|d| aligned(domain, d)),
        // A login on the installation's own submission service: the login is the whole
        // address, or the local part of an address of arbitre's own domain.
        "auth" => r.property("smtp.auth").is_some_and(|login| {
            login.eq_ignore_ascii_case(from)
                || (login.eq_ignore_ascii_case(local)
                    && own_domain.is_some_and(|o| o.eq_ignore_ascii_case(domain)))
        }),
        _ => false,
    };
    ok.then_some(match r.method.as_str() {
        "dmarc" => "dmarc",
        "dkim" => "dkim",
        "spf" => "spf",
        _ => "auth",
    })
}

/// The domain of `a@domain` or `@domain`, or the text itself.
fn domain_of(value: &str) -> &str {
    value.rsplit_once('@').map_or(value, |(_, d)| d)
}

/// Relaxed alignment: `from_domain` is `signer` or one of its subdomains, and the signer
/// is more than a top-level name.
fn aligned(from_domain: &str, signer: &str) -> bool {
    let (f, s) = (
        from_domain.to_ascii_lowercase(),
        signer.to_ascii_lowercase(),
    );
    let s = s.trim_end_matches('.');
    s.contains('.') && (f == s || f.ends_with(&format!(".{s}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::authres;
    use crate::text::Lang;

    fn config(id: Option<&str>) -> RefereeConfig {
        RefereeConfig {
            address: "arbitre@club.example".into(),
            plus_addressing: true,
            secret: "s".into(),
            default_lang: Lang::EN,
            max_replies_per_hour: 10,
            max_message_bytes: 1000,
            authserv_id: id.map(str::to_string),
            trust_unverified_senders: false,
            clock: Default::default(),
            sms: Default::default(),
            public_url: None,
        }
    }

    fn msg(from: &str, headers: &[&str]) -> Inbound {
        Inbound {
            from: from.into(),
            auth_results: headers.iter().filter_map(|h| authres::read(h)).collect(),
            ..Inbound::default()
        }
    }

    fn proof(id: Option<&str>, from: &str, headers: &[&str]) -> Proof {
        of(
            &config(id),
            &Context::default(),
            &msg(from, headers),
            &Key::None,
        )
    }

    #[test]
    fn the_own_server_vouches_by_dmarc_dkim_spf_or_login() {
        let id = Some("mx.club.example");
        let cases = [
            ("mx.club.example; dmarc=pass header.from=gmail.com", "dmarc"),
            ("mx.club.example; dkim=pass header.d=gmail.com", "dkim"),
            ("mx.club.example; dkim=pass header.i=@gmail.com", "dkim"),
            (
                "mx.club.example; spf=pass smtp.mailfrom=alice@gmail.com",
                "spf",
            ),
            ("MX.Club.Example; spf=pass smtp.mailfrom=gmail.com", "spf"),
            (
                "mx.club.example; auth=pass smtp.auth=alice@gmail.com",
                "auth",
            ),
        ];
        for (h, method) in cases {
            assert_eq!(
                proof(id, "alice@gmail.com", &[h]),
                Proof::Authenticated(method),
                "{h}"
            );
        }
        // A subdomain aligns with its parent's signature.
        assert_eq!(
            proof(
                id,
                "a@mail.gmail.com",
                &["mx.club.example; dkim=pass header.d=gmail.com"]
            ),
            Proof::Authenticated("dkim")
        );
        // A local login by its local part, for the installation's own domain only.
        assert_eq!(
            proof(
                id,
                "bob@club.example",
                &["mx.club.example; auth=pass smtp.auth=bob"]
            ),
            Proof::Authenticated("auth")
        );
        assert_eq!(
            proof(
                id,
                "bob@other.example",
                &["mx.club.example; auth=pass smtp.auth=bob"]
            ),
            Proof::None
        );
    }

    #[test]
    fn other_servers_failures_and_other_domains_prove_nothing() {
        let id = Some("mx.club.example");
        for h in [
            // Another server's header: anyone can write one.
            "evil.example; dmarc=pass header.from=gmail.com",
            // Not a pass.
            "mx.club.example; dkim=fail header.d=gmail.com",
            "mx.club.example; spf=softfail smtp.mailfrom=alice@gmail.com",
            "mx.club.example; dmarc=none header.from=gmail.com",
            // Another domain, or a top-level name, or a parent of a lookalike.
            "mx.club.example; dkim=pass header.d=evil.example",
            "mx.club.example; dkim=pass header.d=com",
            "mx.club.example; dkim=pass header.d=mail.com",
            "mx.club.example; spf=pass smtp.mailfrom=x@evil.example",
            "mx.club.example; dmarc=pass header.from=mail.gmail.com",
            "mx.club.example; auth=pass smtp.auth=mallory",
            // A comment is not a result.
            "mx.club.example; spf=fail (dkim=pass header.d=gmail.com) smtp.mailfrom=gmail.com",
            "mx.club.example; none",
        ] {
            assert_eq!(proof(id, "alice@gmail.com", &[h]), Proof::None, "{h}");
        }
        // Without a configured authserv-id no header counts.
        assert_eq!(
            proof(
                None,
                "alice@gmail.com",
                &["mx.club.example; dmarc=pass header.from=gmail.com"]
            ),
            Proof::None
        );
        assert_eq!(
            proof(Some("  "), "alice@gmail.com", &["  ; dkim=pass"]),
            Proof::None
        );
    }

    #[test]
    fn keys_and_trust_prove_and_a_foreign_seat_key_does_not() {
        use crate::games::{GameKind, Side};
        use crate::referee::token::Seat;
        use crate::referee::{GameStatus, StoredGame};
        let game = StoredGame {
            id: 3,
            kind: GameKind::ALL[0],
            variant: None,
            start: String::new(),
            to_move: None,
            options: String::new(),
            white: "alice@a.example".into(),
            black: "bob@b.example".into(),
            challenger: "alice@a.example".into(),
            status: GameStatus::Active,
            moves: vec![],
            result: None,
            draw_offer: None,
            undo_request: None,
            takebacks: Vec::new(),
            conditions: None,
            clock: Default::default(),
            created_at: 0,
            updated_at: 0,
            terms: Default::default(),
        };
        let ctx = Context {
            games: vec![game],
            ..Context::default()
        };
        let c = config(None);
        let white = Key::Seat(Seat {
            game: 3,
            side: Side::White,
        });
        let m = msg("alice@a.example", &[]);
        assert_eq!(of(&c, &ctx, &m, &white), Proof::SeatKey);
        assert_eq!(
            of(&c, &ctx, &msg("bob@b.example", &[]), &white),
            Proof::None
        );
        assert_eq!(of(&c, &Context::default(), &m, &white), Proof::None);
        assert_eq!(of(&c, &ctx, &m, &Key::Player), Proof::PlayerKey);
        assert_eq!(of(&c, &ctx, &m, &Key::None), Proof::None);
        let trusting = RefereeConfig {
            trust_unverified_senders: true,
            clock: Default::default(),
            ..c
        };
        assert_eq!(of(&trusting, &ctx, &m, &Key::None), Proof::Trusted);
        assert!(!Proof::None.holds() && Proof::Trusted.holds());
    }
}
