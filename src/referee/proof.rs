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
//! - the installation's own receiving server vouches for the From address in its
//!   `Authentication-Results` headers (RFC 8601), see below;
//! - arbitre's own verification vouches for it (`bot.verify = "dkim"`): the mail edge
//!   verified the DKIM signatures and evaluated DMARC itself, and put the outcome first in
//!   [`Inbound::auth_results`], marked [`Above::Arbitre`] (which no header read from the
//!   message is ever given); it is read by the same rules as the server's block, below;
//! - the installation takes the From line on trust (`trust-unverified-senders`, for closed
//!   servers only).
//!
//! A plus-address of the bot that does not verify is not "no proof": it is refused outright
//! ([`crate::referee::token::Key::Invalid`]), so that nothing falls back from a forged or
//! altered address to another way of finding a game.
//!
//! # Which `Authentication-Results` count
//!
//! Anyone can write such a header, with any authserv-id, anywhere in the header they send;
//! only the results the installation's own server added count (RFC 8601 §5, §7.1). Servers
//! add theirs at the top, over the sender's header: so only the *topmost block* counts, the
//! headers with the configured authserv-id that stand together at the top of the message,
//! with nothing above them but the trace headers that receiving and delivery add
//! (`Return-Path`, `Received`, `Received-SPF`, `Delivered-To`, `X-Original-To`; the mail
//! edge records what stands above each header, [`crate::referee::Above`]). A header with the
//! configured id below any other header, another server's header included, proves nothing.
//! This holds when the server adds at least one header with its id to every mail, above the
//! sender's header; a server that can add none (or that puts its own right under its
//! `Received`) must also remove the headers with its id that arrive from outside, as RFC
//! 8601 §5 requires of it: otherwise a sender's header at the top of their own header
//! would be read as the server's.
//!
//! Within that block, a `pass` proves the From address (`local@domain`) when it is:
//! - DMARC with `header.from` the From domain: the domain's owner publishes that mail in
//!   its name is signed or sent by its servers, which let each user write only as
//!   themselves;
//! - a submission login (`auth`) whose `smtp.auth` is the whole From address. A bare login
//!   (`bob` for `bob@club.example`) no longer counts, not even for arbitre's own domain: it
//!   names a user of the server, and which addresses that user may write from is the
//!   server's sender-login policy, which arbitre cannot see;
//! - DKIM (`header.d`, else the domain of `header.i`) or SPF (the domain of
//!   `smtp.mailfrom`) aligned with the From domain (that domain or a parent of it, relaxed
//!   alignment), *only* when the From domain is listed in `bot.domain-proof`
//!   ([`RefereeConfig::domain_proof`]). Such a pass vouches for the domain, so for every
//!   mailbox of it: on a shared domain (a provider, a club whose server lets members send
//!   as one another) one member could act as another. List only domains whose server lets
//!   no one write as someone else.

use crate::referee::token::Key;
use crate::referee::{Above, AuthResult, AuthResults, Channel, Context, Inbound, RefereeConfig};

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
    /// The computer's own answer, made by arbitre for one of its seats (never a message
    /// received: see [`crate::referee::computer`]).
    Computer,
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
        // A bounce address proves only that a report is about arbitre's own mail.
        Key::None | Key::Invalid(_) | Key::Retired(_) | Key::Bounce(_) => {}
    }
    if let Some(method) = vouched(config, msg) {
        return Proof::Authenticated(method);
    }
    if config.trust_unverified_senders {
        return Proof::Trusted;
    }
    Proof::None
}

/// The method by which arbitre's own verification or the configured server vouches for
/// the From address, if any: see the module documentation for what counts.
pub fn vouched(config: &RefereeConfig, msg: &Inbound) -> Option<&'static str> {
    let (local, domain) = msg.from.rsplit_once('@')?;
    if local.is_empty() || domain.is_empty() {
        return None;
    }
    let domain_listed = config
        .domain_proof
        .iter()
        .any(|d| d.eq_ignore_ascii_case(domain));
    // arbitre's own results, first when there are any; the server's headers follow.
    let own = msg
        .auth_results
        .iter()
        .take_while(|h| h.above == Above::Arbitre)
        .count();
    let (arbitre, headers) = msg.auth_results.split_at(own);
    let server = config
        .authserv_id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .into_iter()
        .flat_map(|id| own_block(headers, id));
    arbitre
        .iter()
        .chain(server)
        .flat_map(|h| h.results.iter())
        .filter(|r| r.result == "pass")
        .find_map(|r| vouches(r, &msg.from, domain, domain_listed))
}

/// The topmost block of headers with authserv-id `id`: the first header, when nothing but
/// trace headers stands above it, and each header right under the previous one.
fn own_block<'a>(headers: &'a [AuthResults], id: &'a str) -> impl Iterator<Item = &'a AuthResults> {
    headers
        .iter()
        .enumerate()
        .take_while(move |(i, h)| {
            let placed = if *i == 0 {
                h.above == Above::Trace
            } else {
                h.above == Above::Results
            };
            placed && h.authserv_id.eq_ignore_ascii_case(id)
        })
        .map(|(_, h)| h)
}

/// Whether one passing result vouches for `from` (at `domain`, listed in
/// `bot.domain-proof` or not): the method's name.
fn vouches(r: &AuthResult, from: &str, domain: &str, domain_listed: bool) -> Option<&'static str> {
    let ok = match r.method.as_str() {
        "dmarc" => r
            .property("header.from")
            .is_some_and(|d| d.eq_ignore_ascii_case(domain)),
        "dkim" => {
            let d = r
                .property("header.d")
                .or_else(|| r.property("header.i").map(domain_of));
            domain_listed && d.is_some_and(|d| aligned(domain, d))
        }
        "spf" => {
            domain_listed
                && r.property("smtp.mailfrom")
                    .map(domain_of)
                    .is_some_and(|d| aligned(domain, d))
        }
        "auth" => r
            .property("smtp.auth")
            .is_some_and(|login| login.eq_ignore_ascii_case(from)),
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
        listing(id, &[])
    }

    /// A configuration trusting `id`, with `domains` in `bot.domain-proof`.
    fn listing(id: Option<&str>, domains: &[&str]) -> RefereeConfig {
        RefereeConfig {
            address: "arbitre@club.example".into(),
            plus_addressing: true,
            keys: crate::keys::Keyring::new("s"),
            default_lang: Lang::EN,
            max_replies_per_hour: 10,
            max_message_bytes: 1000,
            authserv_id: id.map(str::to_string),
            domain_proof: domains.iter().map(|d| d.to_string()).collect(),
            trust_unverified_senders: false,
            clock: Default::default(),
            sms: Default::default(),
            public_url: None,
        }
    }

    /// A message whose headers stand where `placed` says, top first.
    fn placed(from: &str, placed: &[(Above, &str)]) -> Inbound {
        Inbound {
            from: from.into(),
            auth_results: placed
                .iter()
                .filter_map(|(above, h)| {
                    authres::read(h).map(|r| AuthResults { above: *above, ..r })
                })
                .collect(),
            ..Inbound::default()
        }
    }

    /// A message whose `headers` form one block at the top, as a server adds them.
    fn msg(from: &str, headers: &[&str]) -> Inbound {
        let placed_: Vec<(Above, &str)> = headers
            .iter()
            .enumerate()
            .map(|(i, h)| (if i == 0 { Above::Trace } else { Above::Results }, *h))
            .collect();
        placed(from, &placed_)
    }

    fn proof_with(c: &RefereeConfig, m: &Inbound) -> Proof {
        of(c, &Context::default(), m, &Key::None)
    }

    fn proof(id: Option<&str>, from: &str, headers: &[&str]) -> Proof {
        proof_with(&config(id), &msg(from, headers))
    }

    const ID: Option<&str> = Some("mx.club.example");

    #[test]
    fn the_own_server_vouches_by_dmarc_or_a_login_as_the_whole_address() {
        let cases = [
            ("mx.club.example; dmarc=pass header.from=gmail.com", "dmarc"),
            ("MX.Club.Example; dmarc=pass header.from=GMail.com", "dmarc"),
            (
                "mx.club.example; auth=pass smtp.auth=alice@gmail.com",
                "auth",
            ),
            (
                "mx.club.example; auth=pass smtp.auth=Alice@GMail.com",
                "auth",
            ),
        ];
        for (h, method) in cases {
            assert_eq!(
                proof(ID, "alice@gmail.com", &[h]),
                Proof::Authenticated(method),
                "{h}"
            );
        }
        // A bare login is not an address, not even on arbitre's own domain.
        for from in ["bob@club.example", "bob@other.example"] {
            assert_eq!(
                proof(ID, from, &["mx.club.example; auth=pass smtp.auth=bob"]),
                Proof::None,
                "{from}"
            );
        }
    }

    #[test]
    fn dkim_and_spf_prove_only_for_a_listed_domain() {
        let passes = [
            ("mx.club.example; dkim=pass header.d=gmail.com", "dkim"),
            ("mx.club.example; dkim=pass header.i=@gmail.com", "dkim"),
            (
                "mx.club.example; spf=pass smtp.mailfrom=alice@gmail.com",
                "spf",
            ),
            ("MX.Club.Example; spf=pass smtp.mailfrom=gmail.com", "spf"),
        ];
        let listed = listing(ID, &["gmail.com"]);
        let elsewhere = listing(ID, &["club.example"]);
        for (h, method) in passes {
            let m = msg("alice@gmail.com", &[h]);
            assert_eq!(proof_with(&listed, &m), Proof::Authenticated(method), "{h}");
            // Unlisted: the domain's pass vouches for every mailbox of it, so for none.
            assert_eq!(proof_with(&config(ID), &m), Proof::None, "{h}");
            assert_eq!(proof_with(&elsewhere, &m), Proof::None, "{h}");
        }
        // A listed domain's pass says nothing of its subdomains unless they are listed too;
        // a listed subdomain aligns with its parent's signature.
        let sub = msg(
            "a@mail.gmail.com",
            &["mx.club.example; dkim=pass header.d=gmail.com"],
        );
        assert_eq!(proof_with(&listed, &sub), Proof::None);
        assert_eq!(
            proof_with(&listing(ID, &["mail.gmail.com"]), &sub),
            Proof::Authenticated("dkim")
        );
        // Listing a domain does not make DMARC or logins any weaker or stronger.
        let dmarc = msg(
            "alice@gmail.com",
            &["mx.club.example; dmarc=pass header.from=gmail.com"],
        );
        assert_eq!(proof_with(&listed, &dmarc), Proof::Authenticated("dmarc"));
    }

    #[test]
    fn a_header_with_the_right_id_below_the_top_block_proves_nothing() {
        let forged = "mx.club.example; dmarc=pass header.from=gmail.com; dkim=pass \
                      header.d=gmail.com; auth=pass smtp.auth=alice@gmail.com";
        let trusting = listing(ID, &["gmail.com"]);
        let real = "mx.club.example; dmarc=fail header.from=gmail.com";
        for (what, headers) in [
            // Under the server's own header, with the sender's Received in between.
            (
                "under the real one",
                vec![(Above::Trace, real), (Above::Other, forged)],
            ),
            // Under another server's header: that one is not a trace header.
            (
                "under another server's",
                vec![
                    (Above::Trace, "mx.other.example; none"),
                    (Above::Results, forged),
                ],
            ),
            // Alone, but below a header of the sender's.
            ("below the sender's header", vec![(Above::Other, forged)]),
            // Right under a block that another server's header ended.
            (
                "after a break in the block",
                vec![
                    (Above::Trace, real),
                    (Above::Results, "evil.example; none"),
                    (Above::Results, forged),
                ],
            ),
        ] {
            let m = placed("alice@gmail.com", &headers);
            assert_eq!(proof_with(&trusting, &m), Proof::None, "{what}");
        }
        // The same header in the top block does prove (the rule is where, not what).
        for headers in [
            vec![(Above::Trace, forged)],
            vec![(Above::Trace, real), (Above::Results, forged)],
        ] {
            let m = placed("alice@gmail.com", &headers);
            assert_eq!(proof_with(&trusting, &m), Proof::Authenticated("dmarc"));
        }
        // A header made without the mail edge stands nowhere known: it is not trusted.
        let unplaced = Inbound {
            from: "alice@gmail.com".into(),
            auth_results: authres::read(forged).into_iter().collect(),
            ..Inbound::default()
        };
        assert_eq!(proof_with(&trusting, &unplaced), Proof::None);
    }

    #[test]
    fn other_servers_failures_and_other_domains_prove_nothing() {
        let id = ID;
        let c = listing(id, &["gmail.com"]);
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
            "mx.club.example; auth=pass smtp.auth=alice@evil.example",
            // A comment is not a result.
            "mx.club.example; spf=fail (dkim=pass header.d=gmail.com) smtp.mailfrom=gmail.com",
            "mx.club.example; none",
        ] {
            assert_eq!(
                proof_with(&c, &msg("alice@gmail.com", &[h])),
                Proof::None,
                "{h}"
            );
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

    /// arbitre's own results, as the mail edge puts them first.
    fn verified(from: &str, own: &str, headers: &[(Above, &str)]) -> Inbound {
        let mut m = placed(from, headers);
        let own = AuthResults {
            above: Above::Arbitre,
            ..authres::read(own).unwrap()
        };
        m.auth_results.insert(0, own);
        m
    }

    #[test]
    fn arbitre_s_own_verification_proves_by_the_server_s_rules() {
        let c = config(None);
        let listed = listing(None, &["gmail.com"]);
        let dmarc = verified(
            "alice@gmail.com",
            "arbitre; dmarc=pass header.from=gmail.com; dkim=pass header.d=gmail.com",
            &[],
        );
        assert_eq!(proof_with(&c, &dmarc), Proof::Authenticated("dmarc"));
        // An aligned signature proves for a listed domain only.
        let dkim = verified(
            "alice@gmail.com",
            "arbitre; dmarc=none header.from=gmail.com; dkim=pass header.d=gmail.com",
            &[],
        );
        assert_eq!(proof_with(&c, &dkim), Proof::None);
        assert_eq!(proof_with(&listed, &dkim), Proof::Authenticated("dkim"));
        for own in [
            "arbitre; dmarc=fail header.from=gmail.com; dkim=fail header.d=gmail.com",
            "arbitre; dmarc=temperror header.from=gmail.com; dkim=temperror header.d=gmail.com",
            "arbitre; dmarc=pass header.from=evil.example; dkim=pass header.d=evil.example",
            "arbitre; dmarc=none",
        ] {
            let m = verified("alice@gmail.com", own, &[]);
            assert_eq!(proof_with(&listed, &m), Proof::None, "{own}");
        }
        // With a server trusted as well, its block below arbitre's still counts.
        let both = verified(
            "alice@gmail.com",
            "arbitre; dmarc=none",
            &[(
                Above::Trace,
                "mx.club.example; dmarc=pass header.from=gmail.com",
            )],
        );
        assert_eq!(
            proof_with(&config(ID), &both),
            Proof::Authenticated("dmarc")
        );
        assert_eq!(proof_with(&c, &both), Proof::None);
    }

    #[test]
    fn a_header_claiming_to_be_arbitre_s_own_verification_proves_nothing() {
        let claim = "arbitre; dmarc=pass header.from=gmail.com; dkim=pass header.d=gmail.com";
        let listed = listing(None, &["gmail.com"]);
        // Read from the message, at the very top, as the mail edge reads it.
        let raw = format!(
            "Authentication-Results: {claim}\r\nFrom: alice@gmail.com\r\nTo: arbitre@club.example\r\n\
             Subject: a1b2\r\nMessage-ID: <x@gmail.com>\r\n\r\na1b2\r\n"
        );
        let m = crate::mail::parse::parse(raw.as_bytes(), "arbitre@club.example", 0);
        assert_eq!(m.auth_results.len(), 1);
        assert_ne!(m.auth_results[0].above, Above::Arbitre);
        assert_eq!(proof_with(&listed, &m), Proof::None);
        // Nor under arbitre's own results, which say nothing here.
        let mut under = m.clone();
        under.auth_results.insert(
            0,
            AuthResults {
                above: Above::Arbitre,
                ..authres::read("arbitre; dmarc=none; dkim=fail header.d=gmail.com").unwrap()
            },
        );
        assert_eq!(proof_with(&listed, &under), Proof::None);
        // An Arbitre mark anywhere but first is not arbitre's either.
        let mut late = placed(
            "alice@gmail.com",
            &[(Above::Trace, "mx.other.example; none")],
        );
        late.auth_results.push(AuthResults {
            above: Above::Arbitre,
            ..authres::read(claim).unwrap()
        });
        assert_eq!(proof_with(&listed, &late), Proof::None);
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
            hint_request: None,
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
