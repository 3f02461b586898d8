//! The referee: a pure function from (stored state, one inbound message, now) to a
//! [`Decision`] (state changes and mails to send). No IO, no clock.
//!
//! # Layout
//!
//! - [`model`]: the data (players, stored games, one inbound message, the decision).
//! - [`read`]: the candidate lines of a message, cleaned of mail-client typography.
//! - [`command`]: the commands (English and French keywords) and `NEW ... VS ...`.
//! - [`token`]: reply addresses carrying an HMAC: per game and seat, or per player.
//! - [`proof`]: whether a message proves its sender (keys, the receiving server's
//!   `Authentication-Results`), before anything changes; [`confirm`]: a command nothing
//!   proves, held until its sender's explicit yes to one stored request.
//! - [`route`]: which game a message is about.
//! - [`message`]: the guards every message passes and the dispatch; [`desk`]: the decision
//!   being built and the small API each command composes it through; [`account`]: the
//!   commands about a player's own settings; [`challenge`]: new games and invitations;
//!   [`play`]: moves, draws, resignation, views.
//! - [`terms`]: each game's result lines and end-of-game record.
//! - [`suggest`]: the legal moves closest to a refused one ("did you mean").
//! - [`computer`]: arbitre as a player (`NEW ... VS arbitre`): its seats, what it owes a
//!   game, and its answers once the daemon has searched.
//! - [`check`]: `CHECK`, a dry run of a move or a line of moves; [`undo`]: `UNDO`,
//!   taking back a move by agreement; [`conditions`]: lines of conditional moves, and
//!   [`conditional`]: their commands and the moves they play.
//! - [`clock_text`]: the words of clocks (controls, durations, deadlines);
//!   [`clocks`]: a game's turns and clocks, its next reminder or time-out, and the mail
//!   that starts each turn.
//! - [`timeouts`]: what time passing does to a game: reminders and time-outs; [`mod@leave`]:
//!   `LEAVE`, a player's leave for all their games.
//! - [`compose`]: Message-IDs, threading and reply addresses of outgoing mail.
//! - [`reply`]: every word sent to players, from the message catalogs.
//! - [`phone`]: `PHONE`, the code, `NOTIFY`, and `STOP`/`START` by SMS;
//!   [`sms_copies`]: the SMS that go with a decision's mails.
//! - [`spectators`]: what the public may see of a game (which games are listed, the
//!   spectator delay, printable names), for the pages and the mails' page links.
//! - [`statistics`]: the figures of the finished games the pages show, by game and
//!   variant (results, length, openings, longest games); [`statistics_text`]: their words.
//! - [`view`]: what the pages and the command line may read (clocks, what spectators see,
//!   a game's record, an event's standings, the statistics).
//!
//! # What other modules may name
//!
//! The entry points ([`handle`], [`tick`], [`lookup`], [`create_game`], the director's
//! [`direct`] and the events' [`event`] steps), the data of [`model`], and [`view`] for
//! readers. Besides those, the parts the edges must share stay public: the readers of a
//! message's text ([`read`], [`command`], [`chat`], [`suggest`]), the reply addresses
//! ([`token`], [`compose`]'s marks), the proof of sender ([`proof`], [`confirm`]), the
//! conditional lines the store keeps ([`conditions`]), the SMS words ([`phone`]) and the
//! computer's seats and answers ([`computer`]). The rest
//! is `pub(crate)`; `layering.rs` fails when a module outside the referee names it.

pub(crate) mod account;
pub(crate) mod challenge;
pub mod chat;
pub(crate) mod check;
pub(crate) mod clock_text;
pub(crate) mod clocks;
pub mod command;
pub mod compose;
pub mod computer;
pub(crate) mod conditional;
pub mod conditions;
pub mod confirm;
pub(crate) mod desk;
pub mod direct;
pub(crate) mod entries;
pub mod event;
pub(crate) mod leave;
pub(crate) mod message;
pub mod model;
pub(crate) mod page_links;
pub mod phone;
pub(crate) mod pictures;
pub(crate) mod play;
pub mod proof;
pub mod read;
pub(crate) mod reply;
pub(crate) mod route;
pub(crate) mod sms_copies;
pub(crate) mod spectators;
pub(crate) mod statistics;
pub(crate) mod statistics_text;
pub mod suggest;
pub(crate) mod terms;
pub(crate) mod timeouts;
pub mod token;
pub mod undelivered;
pub(crate) mod undo;
pub mod view;
pub(crate) mod vocabulary;

pub use desk::unproven_allowance;
pub use model::*;

use crate::games::Start;

/// What the daemon must look up in the store before the referee can decide on a message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lookup {
    /// The game named by a valid reply token in a recipient address (HMAC checked).
    pub token_game: Option<GameId>,
    /// The game named by a `[arbitre #N]` Subject tag.
    pub subject_game: Option<GameId>,
    /// Message-IDs to match against our outgoing mail (In-Reply-To, References).
    pub references: Vec<String>,
    /// Addresses the message names besides the sender (the opponent of a `NEW ... VS`).
    pub mentioned: Vec<String>,
    /// The phone number a `PHONE` command names (whose holder the referee must know).
    pub phone: Option<String>,
    /// Whether the command is about events (`JOIN`, `STANDINGS`, `WITHDRAW`): the sender's
    /// events and those taking entries must be loaded.
    pub events: bool,
    /// Whether the sender's ratings must be computed (`GAMES`).
    pub ratings: bool,
    /// The number of the request to confirm named by a valid confirmation address among
    /// the recipients: the daemon loads it ([`Context::confirmation`]), then widens this
    /// lookup with [`lookup_confirming`].
    pub confirmation: Option<String>,
    /// Whether the command acts on one game alone (a move, `DRAW`, `RESIGN`, `CHECK`, ...;
    /// see [`command::Command::acts_on_one_game`]) and is no reply to a request to
    /// confirm: when the message names its game (token, reply or Subject tag), the
    /// referee reads that game and none of the sender's others, and the store loads only
    /// the games named.
    pub one_game: bool,
}

/// Reads from a message what the daemon must look up (pure).
pub fn lookup(config: &RefereeConfig, msg: &Inbound) -> Lookup {
    let reading = command::read_command(&read::candidates(msg));
    let mentioned = match &reading.command {
        command::Command::New(Ok(challenge)) => vec![challenge.opponent.clone()],
        _ => Vec::new(),
    };
    let phone = match &reading.command {
        command::Command::Phone(command::PhoneRequest::Link(written)) => {
            crate::sms::phone::Phone::read(written, &[])
                .ok()
                .map(|p| p.as_str().to_string())
        }
        _ => None,
    };
    let events = matches!(
        reading.command,
        command::Command::Join(..) | command::Command::Standings(_) | command::Command::Withdraw(_)
    );
    let ratings = matches!(reading.command, command::Command::Games);
    let confirmation = match token::key_in(config, &msg.recipients, &msg.from, msg.received_at) {
        token::Key::Confirm(id) => Some(id),
        _ => None,
    };
    let one_game = reading.command.acts_on_one_game() && confirmation.is_none();
    Lookup {
        events,
        ratings,
        one_game,
        confirmation,
        token_game: token::seat_in(config, &msg.recipients, msg.received_at).map(|seat| seat.game),
        subject_game: read::subject_tag(&msg.subject),
        references: msg.references.clone(),
        mentioned,
        phone,
    }
}

/// The lookup of `msg` once the request it answers is known: what the stored command needs
/// too (the challenged player, the phone number, events), and the request's game.
pub fn lookup_confirming(
    config: &RefereeConfig,
    msg: &Inbound,
    asked: Option<&confirm::Confirmation>,
) -> Lookup {
    let mut outer = lookup(config, msg);
    let Some(asked) = asked else {
        return outer;
    };
    let carried = Inbound {
        text: asked.command.clone(),
        subject: String::new(),
        recipients: Vec::new(),
        ..msg.clone()
    };
    let inner = lookup(config, &carried);
    outer.token_game = asked.game.or(outer.token_game);
    for a in inner.mentioned {
        if !outer.mentioned.contains(&a) {
            outer.mentioned.push(a);
        }
    }
    outer.phone = outer.phone.or(inner.phone);
    outer.events |= inner.events;
    outer.ratings |= inner.ratings;
    // The stored command decides with the sender's games around it, as when it was held.
    outer.one_game = false;
    outer
}

/// Completes a loaded context with the ratings its decision reads, worked out from the
/// rating record: the sender's own for `GAMES`, and each event's pool for the events the
/// sender has entered (their standings show them). `record` reads the record, and is
/// called only when some rating is needed.
pub fn with_ratings<E>(
    ctx: &mut Context,
    lookup: &Lookup,
    sender: &str,
    now: Timestamp,
    record: impl FnOnce() -> Result<crate::rating::history::RatingRecord, E>,
) -> Result<(), E> {
    let entered = |e: &EventContext| e.event.entry_of(sender).is_some();
    if !lookup.ratings && !ctx.events.iter().any(entered) {
        return Ok(());
    }
    let record = record()?;
    if lookup.ratings {
        ctx.ratings = record
            .of(&sender.to_lowercase(), now)
            .into_iter()
            .map(|(pool, r)| SenderRating {
                pool,
                rating: r.rating,
                games: r.games,
            })
            .collect();
    }
    for e in ctx.events.iter_mut().filter(|e| entered(e)) {
        e.ratings = record.pool(&e.event.conditions.pool(), now);
    }
    Ok(())
}

/// Decides what to do with one inbound message (pure).
pub fn handle(config: &RefereeConfig, ctx: &Context, msg: &Inbound, now: Timestamp) -> Decision {
    message::handle(config, ctx, msg, now)
}

/// A game set up directly by a tournament director (`arbitre new`): no acceptance needed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameRequest {
    /// Which game.
    pub kind: crate::games::GameKind,
    /// Its start.
    pub start: Start,
    /// Options, `name=value` separated by commas.
    pub options: String,
    /// Address seated as White.
    pub white: String,
    /// Address seated as Black.
    pub black: String,
    /// Who created it (the director's address, or the bot's).
    pub created_by: String,
    /// Its time control.
    pub time: crate::clock::TimeControl,
}

pub use timeouts::tick;

/// Creates a game directly and the mails announcing it to both players (pure).
pub fn create_game(
    config: &RefereeConfig,
    request: &NewGameRequest,
    players: &[Player],
    id: GameId,
    now: Timestamp,
) -> Result<Decision, crate::games::SetupError> {
    challenge::create_game(config, request, players, id, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Side;
    use crate::text::Lang;

    fn config() -> RefereeConfig {
        RefereeConfig {
            address: "arbitre@example.org".into(),
            plus_addressing: true,
            keys: crate::keys::Keyring::new("k"),
            default_lang: Lang::EN,
            max_replies_per_hour: 10,
            max_message_bytes: 1000,
            authserv_id: None,
            domain_proof: Vec::new(),
            trust_unverified_senders: false,
            clock: Default::default(),
            sms: Default::default(),
            public_url: None,
        }
    }

    #[test]
    fn lookup_reads_the_token_the_tag_the_references_and_the_challenged_address() {
        let c = config();
        let addr = token::reply_address(
            &c,
            token::Seat {
                game: 12,
                side: Side::White,
            },
        )
        .unwrap();
        let msg = Inbound {
            recipients: vec!["someone@else.org".into(), addr],
            subject: "Re: [arbitre #7] Abalone".into(),
            references: vec!["a@x".into(), "b@x".into()],
            text: "Hello\nNEW abalone VS <Bob@Example.com>\n".into(),
            ..Inbound::default()
        };
        let l = lookup(&c, &msg);
        assert_eq!(l.token_game, Some(12));
        assert_eq!(l.subject_game, Some(7));
        assert_eq!(l.references, vec!["a@x".to_string(), "b@x".to_string()]);
        assert_eq!(l.mentioned, vec!["bob@example.com".to_string()]);
        assert!(!l.one_game, "NEW reads all of the sender's games");
        let moved = Inbound {
            text: "a1-b2\n".into(),
            ..msg.clone()
        };
        assert!(
            lookup(&c, &moved).one_game,
            "a move reads the game it names"
        );
        // An empty message is routed like a move, to be answered in its game.
        assert_eq!(
            lookup(&c, &Inbound::default()),
            Lookup {
                one_game: true,
                ..Lookup::default()
            }
        );
    }

    #[test]
    fn automatic_mail_gets_an_empty_decision_whatever_it_says() {
        let msg = Inbound {
            message_id: "x@y".into(),
            from: "bob@example.com".into(),
            text: "HELP".into(),
            automatic: true,
            ..Inbound::default()
        };
        let d = handle(&config(), &Context::default(), &msg, 0);
        assert!(d.outbox.is_empty() && d.games.is_empty() && d.players.is_empty());
        assert!(d.summary.contains("automatic"));
    }
}
