//! Starting games: a player's challenge (`NEW ... VS ...`) and its answer (`ACCEPT` /
//! `DECLINE`), and a game set up directly by a tournament director ([`create_game`]).
//!
//! Behaviours decided here (each with its recommended default):
//! - `challenger-colour = first`: unless the challenge says `AS WHITE`/`EN NOIR`/`AS
//!   SECOND`..., the challenger takes the side that moves first in the chosen start, so
//!   that the game begins as soon as it is accepted with the player who is waiting for it.
//! - `invitee-language`: a challenged player arbitre does not know yet gets the invitation
//!   in the installation's default language, then in the challenger's below it when it
//!   differs, with a line in the other language saying how to switch; their language is
//!   taken from the keyword of their answer (`ACCEPTER` is French) or from `LANG`.
//! - `withdraw`: the challenger withdraws a pending invitation with `DECLINE` (or
//!   `RESIGN`).
//! - `invitation-limits`: an invitation carries its challenger's display name to an
//!   address that never asked for it, so a challenger has [`MAX_PENDING`] invitations
//!   waiting for an answer at most, and one address receives [`MAX_RECEIVED_A_DAY`]
//!   invitations in 24 hours at most, from anyone, but for invitations from a player it
//!   has played before (a game between them accepted or set up): friends playing several
//!   games a day are no spam, and those invitations still count towards the limit for
//!   strangers. Over a limit, nothing is created or sent to the invitee, and the
//!   challenger is told plainly.
//! - `no-more-invitations`: `NO MORE INVITATIONS` (`PLUS D'INVITATIONS`) stops every later
//!   invitation to the sender; the invitation mail says how. It needs a proven sender like
//!   any change to a player: a reply to the invitation proves it (its address carries the
//!   invitee's seat key), so an invitee who never wrote to arbitre can stop them at once,
//!   while a forged From line alone stops nothing (the real address is asked to confirm).
//!   Invitations already received stay, to be answered. A challenger whose invitation
//!   meets the stop is told only that it cannot be sent now, in the same words as when the
//!   invitee's daily limit is reached: which of the two is not said. The stop is undone by
//!   the invitee's own challenge (`NEW`) once it is sent.

use crate::games::engine::Level;
use crate::games::{AnyGame, SetupError, Side, Start};
use crate::referee::command::{Challenge, Colour, Command, NewError, looks_like_a_move};
use crate::referee::compose::{self, Mailer};
use crate::referee::confirm;
use crate::referee::desk::{Desk, display_name, is_bot};
use crate::referee::reply::{self, Seen, Topic};
use crate::referee::vocabulary::Meaning;
use crate::referee::{
    Decision, GameClock, GameId, GameStatus, NewGameRequest, Player, RefereeConfig, StoredGame,
    Timestamp, terms,
};
use crate::referee::{clocks, computer, play};
use crate::t;
use crate::text::Lang;

/// Invitations a challenger may have waiting for an answer at once.
pub const MAX_PENDING: usize = 10;

/// Invitations one address may receive in 24 hours, from anyone.
pub const MAX_RECEIVED_A_DAY: u32 = 3;

/// `NEW <game> ... VS <address>`, read from `line`. A challenge that cannot be played is
/// explained to anyone; one that can is made only when the message proves its sender.
pub fn new_game(desk: &mut Desk, challenge: &Result<Challenge, NewError>, line: &str) {
    let ch = match challenge {
        Ok(ch) => ch,
        Err(e) => {
            let body = reply::new_error(desk.lang, e);
            desk.reply(Topic::Challenge, body);
            desk.summary = format!("unreadable NEW from {}: {e:?}", desk.sender());
            return;
        }
    };
    let sender = desk.sender().to_lowercase();
    if ch.opponent.eq_ignore_ascii_case(&sender) {
        desk.reply(Topic::Challenge, reply::new_self(desk.lang));
        desk.summary = format!("{sender} challenged themselves");
        return;
    }
    // arbitre's own address plays like `VS arbitre`; a level is for the computer only.
    let computer = if is_bot(desk.config, &ch.opponent) || computer::is_seat(&ch.opponent) {
        Some(
            ch.level
                .or_else(|| computer::level_of(&ch.opponent))
                .unwrap_or(Level::DEFAULT),
        )
    } else if let Some(level) = ch.level {
        let body = reply::new_error(desk.lang, &NewError::LevelForPerson(level));
        desk.reply(Topic::Challenge, body);
        desk.summary = format!("NEW from {sender}: a level for a person");
        return;
    } else {
        None
    };
    let start = ch
        .variant
        .clone()
        .map(Start::Variant)
        .unwrap_or(Start::Default);
    // `RATED` among the options: the game counts for ratings if the opponent accepts.
    let is_rated = |o: &String| {
        let folded = crate::referee::vocabulary::fold_word(o);
        crate::referee::vocabulary::whole(&[folded.as_str()], &[Meaning::Rated]).is_some()
    };
    let rated = ch.options.iter().any(is_rated);
    let options: Vec<String> = ch
        .options
        .iter()
        .filter(|o| !is_rated(o))
        .cloned()
        .collect();
    let live = match AnyGame::new(ch.kind, &start, None, &options.join(",")) {
        Ok(live) => live,
        Err(e) => {
            let body = reply::setup_error(desk.lang, ch.kind, &e);
            desk.reply(Topic::Challenge, body);
            desk.summary = format!("NEW from {sender} cannot be set up: {e}");
            return;
        }
    };
    if !desk.proof.holds() {
        confirm::hold(desk, line, None);
        return;
    }
    if let Some(level) = computer {
        return against_computer(desk, ch, live, level);
    }
    let pending = desk
        .ctx
        .games
        .iter()
        .filter(|g| g.status == GameStatus::Invited && g.challenger.eq_ignore_ascii_case(&sender))
        .count();
    if pending >= MAX_PENDING {
        let body = t!(desk.lang, "invite-too-many", count = pending);
        desk.reply(Topic::Challenge, body);
        desk.summary = format!("{sender}: NEW refused, {pending} invitations pending already");
        return;
    }
    let stopped = desk.player(&ch.opponent).is_some_and(|p| !p.invitations);
    let enough = desk.ctx.invitations_to_invitee >= MAX_RECEIVED_A_DAY;
    if stopped || (enough && !desk.ctx.invitee_knows_sender) {
        let body = t!(desk.lang, "invite-not-sent", address = ch.opponent.clone());
        desk.reply(Topic::Challenge, body);
        desk.summary = format!(
            "{sender}: NEW refused, {} {}",
            ch.opponent,
            if stopped {
                "takes no invitations"
            } else {
                "received its invitations for today"
            }
        );
        return;
    }
    let first = live.side_to_move();
    let mine = match ch.colour {
        None | Some(Colour::First) => first,
        Some(Colour::Second) => first.opponent(),
        Some(Colour::Side(side)) => side,
    };
    let (white, black) = match mine {
        Side::White => (sender.clone(), ch.opponent.clone()),
        Side::Black => (ch.opponent.clone(), sender.clone()),
    };
    let mut game = stored(
        desk.ctx.next_game_id,
        &live,
        white,
        black,
        sender.clone(),
        GameStatus::Invited,
        desk.now,
    );
    game.clock.control = ch.time.unwrap_or(desk.config.clock.default_control);
    game.terms.rated = rated;
    desk.ensure_player(&sender, desk.lang);
    // An invitee arbitre does not know reads the installation's language first, then the
    // challenger's, until their answer's words or LANG say which they read.
    let stranger = desk.player(&ch.opponent).is_none();
    desk.ensure_player(&ch.opponent, desk.config.default_lang);
    // The challenger's own invitation has other players' invitations reach them again.
    let again = desk.player(&sender).filter(|p| !p.invitations).cloned();
    if let Some(me) = &again {
        desk.upsert_player(Player {
            invitations: true,
            ..me.clone()
        });
    }

    let theirs = mine.opponent();
    let their_lang = desk.lang_of(&ch.opponent);
    let seen = desk.seen(&game, &live, theirs);
    let langs: Vec<Lang> = if stranger && their_lang != desk.lang {
        vec![their_lang, desk.lang]
    } else {
        vec![their_lang]
    };
    let body = reply::invitation(&langs, &seen, desk.name_of(&sender).as_deref());
    let subject = reply::subject_game(
        their_lang,
        &game,
        theirs,
        desk.name_of(&sender).as_deref(),
        false,
    );
    desk.mail.announce(&game, theirs, subject, body);
    let mut body = reply::challenge_sent(desk.lang, &desk.seen(&game, &live, mine));
    if again.is_some() {
        body.push_str("\n\n");
        body.push_str(&t!(desk.lang, "invitations-on-again"));
    }
    desk.reply_game(&game, mine, body);
    desk.invitations.push(crate::referee::InvitationSent {
        game: game.id,
        challenger: sender.clone(),
        invitee: ch.opponent.to_lowercase(),
    });
    desk.summary = format!(
        "game #{}: {sender} challenged {} to {} ({})",
        game.id,
        ch.opponent,
        game.kind,
        mine.name()
    );
    desk.save_game(game);
}

/// `NEW ... VS arbitre`, from a proven sender: the computer accepts at once and takes the
/// side the challenger left it (by lot when they named none); never rated, never part of
/// an event. When the computer moves first, its move follows from the daemon's search.
fn against_computer(desk: &mut Desk, ch: &Challenge, live: AnyGame, level: Level) {
    let sender = desk.sender().to_lowercase();
    let playing = desk
        .ctx
        .games
        .iter()
        .filter(|g| g.status == GameStatus::Active && computer::seated(g).is_some())
        .filter(|g| g.side_of(&sender).is_some())
        .count();
    if playing >= computer::MOST_GAMES {
        let body = reply::computer_too_many(desk.lang, computer::MOST_GAMES);
        desk.reply(Topic::Challenge, body);
        desk.summary = format!("NEW from {sender}: already {playing} games against the computer");
        return;
    }
    let first = live.side_to_move();
    let mine = match ch.colour {
        Some(Colour::First) => first,
        Some(Colour::Second) => first.opponent(),
        Some(Colour::Side(side)) => side,
        None => by_lot(&desk.msg.message_id),
    };
    let seat = computer::seat(level);
    let (white, black) = match mine {
        Side::White => (sender.clone(), seat.clone()),
        Side::Black => (seat.clone(), sender.clone()),
    };
    let mut game = stored(
        desk.ctx.next_game_id,
        &live,
        white,
        black,
        sender.clone(),
        GameStatus::Active,
        desk.now,
    );
    game.clock.control = ch.time.unwrap_or(desk.config.clock.default_control);
    desk.ensure_player(&sender, desk.lang);
    if desk.player(&seat).is_none() {
        desk.upsert_player(computer::player(level, desk.config.default_lang));
    }
    let mut body = reply::game_started(desk.lang, &desk.seen(&game, &live, mine), false);
    body.push_str(&reply::computer_terms(desk.lang, level));
    body.push_str(&tell_name_once(desk, &sender, desk.lang));
    desk.reply_game(&game, mine, body);
    desk.summary = format!(
        "game #{}: {sender} plays the computer (level {level}) at {} ({})",
        game.id,
        game.kind,
        mine.name()
    );
    game.updated_at = desk.now;
    desk.save_game(game);
}

/// A side drawn from a message's id: the same message, the same side.
fn by_lot(message_id: &str) -> Side {
    let sum = message_id
        .bytes()
        .fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
    if sum.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    }
}

/// `NO MORE INVITATIONS`, from a proven sender: no invitation reaches them any more.
pub fn no_invitations(desk: &mut Desk) {
    let sender = desk.sender().to_lowercase();
    desk.ensure_player(&sender, desk.lang);
    let me = desk.player(&sender).cloned().expect("ensured");
    if me.invitations {
        desk.upsert_player(Player {
            invitations: false,
            ..me
        });
    }
    desk.reply(Topic::Challenge, t!(desk.lang, "invitations-off"));
    desk.summary = format!("{sender} takes no more invitations");
}

/// A command for a game waiting for its invitation to be answered.
pub fn on_invitation(desk: &mut Desk, game: &StoredGame, side: Side, command: &Command) {
    let invitee = !game.challenger.eq_ignore_ascii_case(desk.sender());
    match command {
        Command::Accept if invitee => accept(desk, game, side),
        Command::Accept => {
            desk.reply_game(game, side, reply::waiting_acceptance(desk.lang));
            desk.summary = format!("game #{}: the challenger tried to accept", game.id);
        }
        Command::Decline | Command::Resign => {
            let mut next = game.clone();
            next.status = GameStatus::Declined;
            next.updated_at = desk.now;
            let other = side.opponent();
            let name = desk.name_of(desk.sender());
            let other_lang = desk.lang_of(game.address_of(other));
            let (ack, notice) = if invitee {
                (
                    reply::declined_ack(desk.lang, game.id),
                    reply::declined_notice(other_lang, game.id, name.as_deref()),
                )
            } else {
                (
                    reply::withdrawn_ack(desk.lang, game.id),
                    reply::withdrawn_notice(other_lang, game.id, name.as_deref()),
                )
            };
            desk.notify(&next, other, notice);
            desk.reply_game(&next, side, ack);
            desk.summary = format!(
                "game #{}: invitation {}",
                game.id,
                if invitee { "declined" } else { "withdrawn" }
            );
            desk.save_game(next);
        }
        Command::Board | Command::History | Command::Clock => {
            if let Some((live, _)) = terms::plies(game) {
                match command {
                    Command::Board => play::board(desk, game, &live, side),
                    Command::Clock => play::clock(desk, game, &live, side),
                    _ => play::history(desk, game, &live, side),
                }
            }
        }
        Command::Unknown(line) if !looks_like_a_move(line) => {
            play::not_understood(desk, game, side, line);
        }
        _ => {
            desk.reply_game(game, side, reply::not_started(desk.lang, invitee));
            desk.summary = format!("game #{} has not started; {:?} refused", game.id, command);
        }
    }
}

/// The invitee accepts: the game starts, both players get the board.
fn accept(desk: &mut Desk, game: &StoredGame, side: Side) {
    let Some((live, _)) = terms::plies(game) else {
        let body = reply::store_problem(desk.lang, game.id);
        desk.reply_game(game, side, body);
        desk.summary = format!("ERROR: game #{} does not replay from the store", game.id);
        return;
    };
    let mut next = game.clone();
    next.status = GameStatus::Active;
    next.updated_at = desk.now;
    let other = side.opponent();
    let lang = desk.lang_of(next.address_of(other));
    let mut body = reply::game_started(lang, &desk.seen(&next, &live, other), false);
    body.push_str(&tell_name_once(desk, next.address_of(other), lang));
    desk.notify(&next, other, body);
    let mut body = reply::game_started(desk.lang, &desk.seen(&next, &live, side), false);
    body.push_str(&tell_name_once(desk, next.address_of(side), desk.lang));
    desk.reply_game(&next, side, body);
    desk.summary = format!("game #{}: invitation accepted; the game starts", game.id);
    desk.save_game(next);
}

/// The paragraph that tells a player, once, which name others see and that `NAME` changes
/// it: in the first mail of a game, while they have neither chosen a name nor been told
/// (remembered with the decision). Empty otherwise.
fn tell_name_once(desk: &mut Desk, address: &str, lang: Lang) -> String {
    desk.ensure_player(address, lang);
    let Some(player) = desk.player(address).cloned() else {
        return String::new();
    };
    let Some(hint) = name_hint(&player, lang) else {
        return String::new();
    };
    desk.upsert_player(Player {
        name_told: true,
        ..player
    });
    hint
}

/// The `NAME` hint for `player` (blank line first), unless they chose their name or were
/// told already.
fn name_hint(player: &Player, lang: Lang) -> Option<String> {
    (!player.name_chosen && !player.name_told).then(|| {
        let name = display_name(player.name.as_deref());
        format!("\n{}", reply::name_hint(lang, name.as_deref()))
    })
}

/// A stored game for `live`, not yet played.
fn stored(
    id: GameId,
    live: &AnyGame,
    white: String,
    black: String,
    challenger: String,
    status: GameStatus,
    now: Timestamp,
) -> StoredGame {
    StoredGame {
        id,
        kind: live.kind(),
        variant: live.variant().map(str::to_string),
        start: live.start_position().to_string(),
        to_move: live.start_to_move(),
        options: live.options().canonical(),
        white,
        black,
        challenger,
        status,
        moves: Vec::new(),
        result: None,
        draw_offer: None,
        undo_request: None,
        hint_request: None,
        takebacks: Vec::new(),
        conditions: None,
        clock: GameClock::default(),
        created_at: now,
        updated_at: now,
        terms: Default::default(),
    }
}

/// Creates a game directly (see [`crate::referee::create_game`]).
pub fn create_game(
    config: &RefereeConfig,
    request: &NewGameRequest,
    players: &[Player],
    id: GameId,
    now: Timestamp,
) -> Result<Decision, SetupError> {
    let live = AnyGame::new(request.kind, &request.start, None, &request.options)?;
    let mut game = stored(
        id,
        &live,
        request.white.trim().to_lowercase(),
        request.black.trim().to_lowercase(),
        request.created_by.trim().to_lowercase(),
        GameStatus::Active,
        now,
    );
    game.clock.control = request.time;
    let find = |address: &str| {
        players
            .iter()
            .find(|p| p.address.eq_ignore_ascii_case(address))
    };
    let mut new_players: Vec<Player> = Vec::new();
    let mut mail = Mailer::for_message(config, &format!("game\0{id}\0{now}"));
    let around = clocks::Circumstances::of(&config.clock, &game, find, &[]);
    for side in Side::BOTH {
        let address = game.address_of(side);
        let lang = find(address).map(|p| p.lang).unwrap_or(config.default_lang);
        if find(address).is_none() && !new_players.iter().any(|p| p.address == address) {
            new_players.push(match computer::level_of(address) {
                Some(level) => computer::player(level, lang),
                None => Player::new(address, lang),
            });
        }
        // Told once which name others see (see `tell_name_once`).
        let known = new_players
            .iter()
            .find(|p| p.address == address)
            .or_else(|| find(address))
            .cloned();
        let hint = known.and_then(|player| {
            let hint = name_hint(&player, lang)?;
            new_players.retain(|p| p.address != address);
            new_players.push(Player {
                name_told: true,
                ..player
            });
            Some(hint)
        });
        let seen = Seen {
            stored: &game,
            live: &live,
            you: side,
            opponent: find(game.address_of(side.opponent()))
                .and_then(|p| display_name(p.name.as_deref())),
            reply_to: compose::reply_address(config, id, side),
            clock: clocks::view(&game, &around, side, now),
        };
        let body = reply::game_started(lang, &seen, true) + &hint.unwrap_or_default();
        let subject = reply::subject_game(lang, &game, side, seen.opponent.as_deref(), false);
        mail.announce(&game, side, subject, body);
    }
    let mut outbox = mail.outbox;
    // A director may seat the computer (a stand-in): its seat gets no mail.
    outbox.retain(|o| computer::keep_mail(&o.to));
    // The first mails show the board: drawn, and linked to the game's page, as the
    // referee's answers are (see `Desk::finish`).
    let lang_of = |address: &str| find(address).map_or(config.default_lang, |p| p.lang);
    let this = |gid: GameId| (gid == game.id).then_some(&game);
    let live = |gid: GameId| this(gid).and_then(|g| g.rebuild().ok());
    crate::referee::pictures::attach(&mut outbox, live, |address| {
        find(address)
            .is_none_or(|p| p.pictures)
            .then(|| lang_of(address))
    });
    if let Some(base) = &config.public_url {
        crate::referee::page_links::attach(
            &mut outbox,
            base,
            this,
            |address| find(address).is_none_or(|p| p.public),
            lang_of,
        );
    }
    clocks::mark_turns(&[], std::slice::from_ref(&game), &mut outbox);
    game.clock.next_due = clocks::next_due(&config.clock, &game, &around, now);
    Ok(Decision {
        players: new_players,
        summary: format!(
            "game #{id}: {} set up by {} ({} vs {})",
            game.kind, game.challenger, game.white, game.black
        ),
        games: vec![game],
        outbox,
        sms_stops: Vec::new(),
        events: Vec::new(),
        confirmations: Vec::new(),
        codes: Vec::new(),
        invitations: Vec::new(),
        ..Decision::default()
    })
}
