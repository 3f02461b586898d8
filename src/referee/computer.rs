//! arbitre as a player: the computer's seats, what it owes a game, and its answers.
//!
//! A player who writes `NEW ataxx VS arbitre LEVEL 5` plays the computer (see
//! [`crate::games::engine`]). The computer sits in the game like a person, under a seat
//! address of its own per level, `level-5@arbitre.invalid`: the `.invalid` domain is
//! reserved (RFC 2606), so no mail can come from it or go to it. Mail whose From line names
//! a seat is ignored like arbitre's own (see [`crate::referee::message`]); mail to a seat is
//! dropped from every decision ([`keep_mail`]).
//!
//! The referee never searches: a search may take seconds, and the referee decides one
//! message at a time. [`pending`] says what the computer owes a game (its move, or its
//! answer to a draw offer); the daemon searches on its own threads ([`think`]) and hands the
//! result back to [`answer`], which decides it like a message from the seat, in the one
//! decide path. [`answer`] first checks that the game still owes exactly that (same plies,
//! same take-backs, same request): a search overtaken by the player (a take-back, a
//! resignation) or already answered by another daemon changes nothing. So the move is
//! committed once, and a daemon killed mid-search searches again after restart; the seed
//! is a function of the game and the ply, so it finds the same move.
//!
//! Behaviours decided here:
//! - `computer-draw`: the computer accepts a draw offer only when its search, at its own
//!   level, scores the position within [`EVEN`] of equal; otherwise it declines, and plays
//!   on.
//! - `computer-clock`: no mail starts the computer's turn, so its clock never runs (it
//!   answers within seconds); the player's clock runs as against a person.

use crate::games::engine::Level;
use crate::games::{Advice, AnyGame, Side};
use crate::referee::command::{Command, Reading};
use crate::referee::desk::Desk;
use crate::referee::proof::Proof;
use crate::referee::{
    Context, Decision, GameId, GameStatus, Inbound, Player, RefereeConfig, StoredGame, Timestamp,
    message, reply,
};
use crate::t;
use crate::text::Lang;

/// The reserved domain of the computer's seats.
pub const DOMAIN: &str = "arbitre.invalid";

/// The name the computer plays under.
pub const NAME: &str = "arbitre";

/// How close to equal (in hundredths of the game's unit of material: a piece, a point)
/// the computer must judge a position to accept a draw in it.
pub const EVEN: i32 = 50;

/// The games against the computer one player may have in play at once: each of its moves
/// costs a search of up to a few seconds, so one sender cannot keep every search busy.
pub const MOST_GAMES: usize = 10;

/// The seat address of the computer at `level`.
pub fn seat(level: Level) -> String {
    format!("level-{}@{DOMAIN}", level.number())
}

/// The computer's level, when `address` is one of its seats.
pub fn level_of(address: &str) -> Option<Level> {
    let (local, domain) = address.trim().rsplit_once('@')?;
    if !domain.eq_ignore_ascii_case(DOMAIN) {
        return None;
    }
    let n = local
        .to_ascii_lowercase()
        .strip_prefix("level-")?
        .parse()
        .ok()?;
    Level::new(n)
}

/// Whether `address` is a seat of the computer (any address at [`DOMAIN`]: none is a
/// person's).
pub fn is_seat(address: &str) -> bool {
    address
        .trim()
        .rsplit_once('@')
        .is_some_and(|(_, d)| d.eq_ignore_ascii_case(DOMAIN))
}

/// The computer's side and level in `game`, when it sits there (the first seat found: a
/// game set up between two computers has it on both sides).
pub fn seated(game: &StoredGame) -> Option<(Side, Level)> {
    Side::BOTH
        .into_iter()
        .find_map(|side| level_of(game.address_of(side)).map(|level| (side, level)))
}

/// Whether mail to `address` may be queued: never to a seat of the computer.
pub fn keep_mail(address: &str) -> bool {
    !is_seat(address)
}

/// The computer's player record at `level`: its name, no mail wanted.
pub fn player(level: Level, lang: Lang) -> Player {
    Player {
        name: Some(NAME.to_string()),
        name_chosen: true,
        name_told: true,
        chat: false,
        pictures: false,
        invitations: false,
        ..Player::new(&seat(level), lang)
    }
}

/// What the computer owes a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Its move.
    Move,
    /// An answer to the player's draw offer.
    Draw,
    /// A move suggested to the player, who asked for it (`HINT`) on their turn.
    Hint,
}

/// One thing the computer owes one game, in the state it was found in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    /// The game.
    pub game: GameId,
    /// The plies played when it was found.
    pub plies: usize,
    /// The take-backs made by then.
    pub takebacks: usize,
    /// The computer's side.
    pub side: Side,
    /// Its level.
    pub level: Level,
    /// What it owes.
    pub request: Request,
}

impl Task {
    /// The seed of the search: a function of the game and the turn only, so that a search
    /// made again (after a restart) plays the same move.
    pub fn seed(&self, game: &StoredGame) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for n in [
            game.id as u64,
            game.created_at as u64,
            self.plies as u64,
            self.takebacks as u64,
        ] {
            for b in n.to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
        h
    }

    /// The Message-ID the computer's answer is recorded under: one per game, turn and
    /// request.
    fn message_id(&self) -> String {
        let what = match self.request {
            Request::Move => "move",
            Request::Draw => "draw",
            Request::Hint => "hint",
        };
        format!(
            "computer.{}.{}.{}.{what}@{DOMAIN}",
            self.game, self.plies, self.takebacks
        )
    }
}

/// What the computer owes `game` now, if anything: an answer to a draw offer first, then
/// a hint asked for, then its move.
pub fn pending(game: &StoredGame) -> Option<Task> {
    if game.status != GameStatus::Active {
        return None;
    }
    let task = |side: Side, level: Level, request: Request| Task {
        game: game.id,
        plies: game.moves.len(),
        takebacks: game.takebacks.len(),
        side,
        level,
        request,
    };
    if let Some(offerer) = game.draw_offer
        && let Some(level) = level_of(game.address_of(offerer.opponent()))
    {
        return Some(task(offerer.opponent(), level, Request::Draw));
    }
    let live = game.rebuild().ok()?;
    if live.outcome().is_over() {
        return None;
    }
    let side = live.side_to_move();
    if game.hint_request == Some(side)
        && let Some(level) = level_of(game.address_of(side.opponent()))
    {
        return Some(task(side.opponent(), level, Request::Hint));
    }
    let level = level_of(game.address_of(side))?;
    Some(task(side, level, Request::Move))
}

/// The computer's search for `task` in `game` (the game as found with the task): seconds
/// at the top level, so run by the daemon on a thread of its own. `None` when the game no
/// longer replays or is over.
pub fn think(game: &StoredGame, task: &Task) -> Option<Advice> {
    let live: AnyGame = game.rebuild().ok()?;
    live.think(task.level, task.seed(game))
}

/// The computer's answer to `task`, its search having given `advice`: decided like a
/// message from its seat. `ctx` holds the game and its players (as for a director's
/// action on it). Nothing changes when the game no longer owes exactly that task.
pub fn answer(
    config: &RefereeConfig,
    ctx: &Context,
    task: &Task,
    advice: &Advice,
    now: Timestamp,
) -> Decision {
    // The seat is the sender, and the message is about this game.
    let address = seat(task.level);
    let ctx = &Context {
        sender: ctx
            .players
            .iter()
            .chain(ctx.sender.iter())
            .find(|p| p.address.eq_ignore_ascii_case(&address))
            .cloned(),
        token_game: Some(task.game),
        ..ctx.clone()
    };
    let still = ctx
        .games
        .iter()
        .find(|g| g.id == task.game)
        .and_then(pending);
    let Some(game) = ctx.games.iter().find(|g| g.id == task.game) else {
        return Decision::default();
    };
    if still.as_ref() != Some(task) {
        return Decision {
            summary: format!(
                "game #{}: the computer's {:?} is no longer owed",
                task.game, task.request
            ),
            ..Decision::default()
        };
    }
    let msg = Inbound {
        message_id: task.message_id(),
        from: seat(task.level),
        text: advice.text.clone(),
        received_at: now,
        ..Inbound::default()
    };
    let command = match task.request {
        Request::Hint => return hint(config, ctx, &msg, game, task, advice, now),
        Request::Move => Command::Move(advice.text.clone()),
        // The score is the side to move's; even is even from either side.
        Request::Draw if advice.score.abs() <= EVEN => Command::Draw,
        Request::Draw => Command::Decline,
    };
    let reading = Reading {
        command,
        line: advice.text.clone(),
        hint: None,
    };
    message::decide(config, ctx, &msg, now, &reading, Proof::Computer)
}

/// The hint the player asked for: mailed to them, the request cleared.
fn hint(
    config: &RefereeConfig,
    ctx: &Context,
    msg: &Inbound,
    game: &StoredGame,
    task: &Task,
    advice: &Advice,
    now: Timestamp,
) -> Decision {
    let mut desk = Desk::new(config, ctx, msg, now, None).for_event(&msg.message_id);
    let player = task.side.opponent();
    let mut next = game.clone();
    next.hint_request = None;
    next.updated_at = now;
    let lang = desk.lang_of(game.address_of(player));
    // Not for a game the search replayed (it does not replay): the hint alone then.
    let live = next.rebuild().ok();
    let seen = live.as_ref().map(|live| desk.seen(&next, live, player));
    let body = reply::hint_given(lang, seen.as_ref(), &advice.text, task.level.number());
    desk.notify(&next, player, body);
    desk.short(t!(lang, "sms-hint", hint = advice.text.clone()));
    desk.summary = format!(
        "game #{}: the computer suggested {} to {player}",
        game.id, advice.text
    );
    desk.save_game(next);
    desk.finish()
}

/// `HINT` from the player seated as `side`: against the computer, on their turn, the
/// request is recorded and the daemon's search answers it by mail; in a game between
/// people no hint is given.
pub(crate) fn on_hint(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side) {
    let lang = desk.lang;
    let refusal = if level_of(game.address_of(side.opponent())).is_none() {
        Some((t!(lang, "hint-people"), "a game between people"))
    } else if live.side_to_move() != side {
        Some((t!(lang, "hint-not-your-turn"), "not their turn"))
    } else if game.hint_request == Some(side) {
        Some((t!(lang, "hint-coming"), "asked already"))
    } else {
        None
    };
    if let Some((body, why)) = refusal {
        desk.reply_game(game, side, body + "\n");
        desk.summary = format!("game #{}: HINT from {side} refused: {why}", game.id);
        return;
    }
    let mut next = game.clone();
    next.hint_request = Some(side);
    next.updated_at = desk.now;
    desk.save_game(next);
    desk.summary = format!("game #{}: {side} asked the computer for a move", game.id);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_carry_their_level_and_nothing_else_is_a_seat() {
        for level in Level::all() {
            let address = seat(level);
            assert_eq!(level_of(&address), Some(level));
            assert_eq!(level_of(&address.to_uppercase()), Some(level));
            assert!(is_seat(&address));
            assert!(!keep_mail(&address));
        }
        for other in [
            "level-3@arbitre.example.org",
            "level-10@arbitre.invalid",
            "level-0@arbitre.invalid",
            "bob@example.org",
            "arbitre",
        ] {
            assert_eq!(level_of(other), None, "{other}");
        }
        assert!(is_seat("someone@arbitre.invalid"));
        assert!(keep_mail("bob@example.org"));
    }
}
