//! Starting games: a player's challenge (`NEW ... VS ...`) and its answer (`ACCEPT` /
//! `DECLINE`), and a game set up directly by a tournament director ([`create_game`]).
//!
//! Behaviours decided here (each with its recommended default):
//! - `challenger-colour = first`: unless the challenge says `AS WHITE`/`EN NOIR`/`AS
//!   SECOND`..., the challenger takes the side that moves first in the chosen start, so
//!   that the game begins as soon as it is accepted with the player who is waiting for it.
//! - `invitee-language`: a challenged player arbitre does not know yet gets the invitation
//!   in the challenger's language, with a line in the other language saying how to switch;
//!   their language is taken from the keyword of their answer (`ACCEPTER` is French).
//! - `withdraw`: the challenger withdraws a pending invitation with `DECLINE` (or
//!   `RESIGN`).

use crate::games::{AnyGame, SetupError, Side, Start};
use crate::referee::command::{Challenge, Colour, Command, NewError, looks_like_a_move};
use crate::referee::compose::{self, Mailer};
use crate::referee::handle::{self, Desk, display_name, is_bot};
use crate::referee::reply::{self, Seen, Topic};
use crate::referee::vocabulary::Meaning;
use crate::referee::{
    Decision, GameClock, GameId, GameStatus, NewGameRequest, Player, RefereeConfig, StoredGame,
    Timestamp, terms,
};
use crate::referee::{clocks, play};

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
    if is_bot(desk.config, &ch.opponent) {
        desk.reply(Topic::Challenge, reply::new_bot(desk.lang));
        desk.summary = format!("{sender} challenged arbitre");
        return;
    }
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
        handle::unproven(desk, line, None);
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
    desk.ensure_player(&ch.opponent, desk.lang);

    let theirs = mine.opponent();
    let their_lang = desk.lang_of(&ch.opponent);
    let seen = desk.seen(&game, &live, theirs);
    let body = reply::invitation(their_lang, &seen, desk.name_of(&sender).as_deref());
    let subject = reply::subject_game(
        their_lang,
        &game,
        theirs,
        desk.name_of(&sender).as_deref(),
        false,
    );
    desk.mail.announce(&game, theirs, subject, body);
    let body = reply::challenge_sent(desk.lang, &desk.seen(&game, &live, mine));
    desk.reply_game(&game, mine, body);
    desk.summary = format!(
        "game #{}: {sender} challenged {} to {} ({})",
        game.id,
        ch.opponent,
        game.kind,
        mine.name()
    );
    desk.save_game(game);
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
    let body = reply::game_started(
        desk.lang_of(next.address_of(other)),
        &desk.seen(&next, &live, other),
        false,
    );
    desk.notify(&next, other, body);
    let body = reply::game_started(desk.lang, &desk.seen(&next, &live, side), false);
    desk.reply_game(&next, side, body);
    desk.summary = format!("game #{}: invitation accepted; the game starts", game.id);
    desk.save_game(next);
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
    let mut new_players = Vec::new();
    let mut mail = Mailer::for_message(config, &format!("game\0{id}\0{now}"));
    let around = clocks::Circumstances::of(&config.clock, &game, find, &[]);
    for side in Side::BOTH {
        let address = game.address_of(side);
        let lang = find(address).map(|p| p.lang).unwrap_or(config.default_lang);
        if find(address).is_none() && !new_players.iter().any(|p: &Player| p.address == address) {
            new_players.push(Player::new(address, lang));
        }
        let seen = Seen {
            stored: &game,
            live: &live,
            you: side,
            opponent: find(game.address_of(side.opponent()))
                .and_then(|p| display_name(p.name.as_deref())),
            reply_to: compose::reply_address(config, id, side),
            clock: clocks::view(&game, &around, side, now),
        };
        let body = reply::game_started(lang, &seen, true);
        let subject = reply::subject_game(lang, &game, side, seen.opponent.as_deref(), false);
        mail.announce(&game, side, subject, body);
    }
    let mut outbox = mail.outbox;
    // The first mails show the board: drawn, and linked to the game's page, as the
    // referee's answers are (see `Desk::finish`).
    let lang_of = |address: &str| find(address).map_or(config.default_lang, |p| p.lang);
    let this = |gid: GameId| (gid == game.id).then_some(&game);
    crate::referee::pictures::attach(&mut outbox, this, |address| {
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
    })
}
