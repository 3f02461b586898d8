//! The clock's own decisions: what happens to a game because time passed, not because a
//! message came. At `now`, the player to move may have run out of time (the game ends, or
//! is cancelled when its first move never came) or be due a reminder (each step of the
//! ladder once per turn). The result is a [`Decision`] like any other: committed in one
//! transaction with the game's new state and next due time, its mails sent after the
//! commit, their Message-IDs derived from the game, the turn and the event, so that a
//! decision taken again after a crash is the same decision.

use crate::games::{AnyGame, Side};
use crate::referee::clock_text::when_words;
use crate::referee::clocks::{self, Circumstances};
use crate::referee::desk::Desk;
use crate::referee::reply::{self, Ending};
use crate::referee::{
    Context, Decision, GameStatus, Inbound, RefereeConfig, StoredGame, Timestamp, terms,
};

/// What the clock does to one game at `now`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Event {
    /// The player to move is out of time.
    TimeOut {
        /// Who.
        loser: Side,
        /// When their time ran out.
        at: Timestamp,
        /// Whether it was the game's first move (then the game is cancelled).
        first: bool,
    },
    /// In claim mode, the player to move ran out of time at `at`: their opponent is told
    /// once that they may claim.
    Claimable {
        /// Who ran out of time.
        loser: Side,
        /// When.
        at: Timestamp,
    },
    /// Reminders are due: every step reached (all are recorded), the last one sent.
    Remind {
        /// The steps reached and not sent.
        steps: Vec<usize>,
    },
    /// Nothing yet.
    Nothing,
}

/// Decides what the clock does to each game of `ctx.games` at `now` (the daemon loads the
/// games whose next due time has come, with their players).
pub fn tick(config: &RefereeConfig, ctx: &Context, now: Timestamp) -> Decision {
    let mut all = Decision::default();
    for game in &ctx.games {
        let d = tick_game(config, ctx, game, now);
        all.players.extend(d.players);
        all.games.extend(d.games);
        all.outbox.extend(d.outbox);
        if !d.summary.is_empty() {
            if !all.summary.is_empty() {
                all.summary.push_str("; ");
            }
            all.summary.push_str(&d.summary);
        }
    }
    all
}

fn event(
    config: &RefereeConfig,
    game: &StoredGame,
    around: &Circumstances,
    now: Timestamp,
) -> Event {
    if game.status != GameStatus::Active {
        return Event::Nothing;
    }
    if let Some((loser, at, first)) = clocks::ran_out(game, around, now) {
        return Event::TimeOut { loser, at, first };
    }
    if game.clock.claim
        && let Some(running) = clocks::read(game, around, now).running
        && let Some(at) = running.flag_at.filter(|&f| f <= now)
        && !game
            .clock
            .reminded
            .contains(&(game.moves.len(), CLAIM_NOTICE))
    {
        return Event::Claimable {
            loser: running.side,
            at,
        };
    }
    let steps: Vec<usize> = clocks::reminders_due(&config.clock, game, around, now)
        .into_iter()
        .filter(|d| d.at <= now)
        .map(|d| d.step)
        .collect();
    if steps.is_empty() {
        Event::Nothing
    } else {
        Event::Remind { steps }
    }
}

fn tick_game(config: &RefereeConfig, ctx: &Context, game: &StoredGame, now: Timestamp) -> Decision {
    let find = |a: &str| {
        ctx.players
            .iter()
            .find(|p| p.address.eq_ignore_ascii_case(a))
    };
    let around = Circumstances::of(&config.clock, game, find, &ctx.outages);
    let event = event(config, game, &around, now);
    let ply = game.moves.len();
    let key = match &event {
        Event::TimeOut { .. } => "time".to_string(),
        Event::Claimable { .. } => "claimable".to_string(),
        Event::Remind { steps } => format!("remind.{}", steps.last().copied().unwrap_or(0)),
        Event::Nothing => "none".to_string(),
    };
    // The same game, turn and event give the same Message-IDs; a turn played again after a
    // take-back starts at another time, and so gets other ones.
    let since = game.clock.started.get(&ply).copied().unwrap_or(0);
    let msg = Inbound {
        message_id: format!("clock.{}.{}.{ply}.{since}.{key}", game.id, game.created_at),
        ..Inbound::default()
    };
    let mut desk = Desk::new(config, ctx, &msg, now, None).for_event(&msg.message_id);
    let Some((live, _)) = terms::plies(game) else {
        desk.summary = format!("ERROR: game #{} does not replay from the store", game.id);
        return desk.finish();
    };
    match event {
        Event::TimeOut { loser, at, first } => time_out(&mut desk, game, &live, loser, at, first),
        Event::Remind { steps } => remind(&mut desk, game, &live, &steps, &around, now),
        Event::Claimable { loser, at } => claimable(&mut desk, game, loser, at),
        Event::Nothing => {
            // Only the next due time may need writing (the deadline moved, or passed in
            // claim mode and waits for a claim).
            let due = clocks::next_due(&config.clock, game, &around, now).filter(|&d| d > now);
            if due != game.clock.next_due {
                let mut next = game.clone();
                next.clock.next_due = due;
                desk.save_game(next);
            }
        }
    }
    desk.finish()
}

/// Ends `game` because the player seated as `loser` ran out of time at `at`: lost on time,
/// or cancelled when it was the game's first move. Both players get the result.
pub fn time_out(
    desk: &mut Desk,
    game: &StoredGame,
    live: &AnyGame,
    loser: Side,
    at: Timestamp,
    first: bool,
) {
    // In an event, a first move that never came loses the game like any other.
    let first = first && game.terms.event.is_none();
    let result = if first {
        terms::cancelled(live)
    } else {
        terms::time_out(live, loser)
    };
    let mut next = crate::referee::play::finished(desk, game, &result);
    next.undo_request = None;
    let [w, b] = desk.names(&next);
    let record = terms::record(&next, [w.as_deref(), b.as_deref()]);
    for side in Side::BOTH {
        let lang = desk.lang_of(next.address_of(side));
        let zone = desk.circumstances(&next).zones[side.index()].clone();
        let when = when_words(lang, at, &zone);
        let ending = if first {
            Ending::Cancelled { when: &when }
        } else {
            Ending::TimedOut { loser, when: &when }
        };
        let body = reply::game_end(
            lang,
            &desk.seen(&next, live, side),
            ending,
            &result,
            &record,
            None,
        );
        desk.notify(&next, side, body);
    }
    desk.summary = format!(
        "game #{}: {loser} ran out of time ({})",
        game.id,
        if first {
            "cancelled"
        } else {
            result.line.as_str()
        }
    );
    desk.save_game(next);
}

/// The step recorded with the reminders when the claim notice was sent.
pub const CLAIM_NOTICE: usize = 1_000_000;

/// In claim mode: tells the opponent of `loser`, once, that they may claim the game.
fn claimable(desk: &mut Desk, game: &StoredGame, loser: Side, at: Timestamp) {
    let mut next = game.clone();
    next.clock.reminded.insert((game.moves.len(), CLAIM_NOTICE));
    let winner = loser.opponent();
    let lang = desk.lang_of(next.address_of(winner));
    let zone = desk.circumstances(&next).zones[winner.index()].clone();
    let who = desk
        .name_of(next.address_of(loser))
        .unwrap_or_else(|| crate::t!(lang, "your-opponent-start"));
    let body = crate::t!(
        lang,
        "claim-offered",
        who = who,
        when = when_words(lang, at, &zone)
    ) + "\n";
    desk.notify(&next, winner, body);
    desk.summary = format!("game #{}: {loser} out of time, {winner} may claim", game.id);
    desk.save_game(next);
}

/// Sends the player to move one reminder for the steps reached, and records them all.
fn remind(
    desk: &mut Desk,
    game: &StoredGame,
    live: &AnyGame,
    steps: &[usize],
    around: &Circumstances,
    now: Timestamp,
) {
    let reading = clocks::read(game, around, now);
    let Some(running) = reading.running else {
        return;
    };
    let side = running.side;
    let mut next = game.clone();
    let ply = game.moves.len();
    next.clock.reminded.extend(steps.iter().map(|&s| (ply, s)));
    let lang = desk.lang_of(next.address_of(side));
    let seen = desk.seen(&next, live, side);
    let left = seen.clock.as_ref().and_then(|c| c.left[side.index()]);
    let body = reply::reminder(lang, &seen, running.used);
    let short = left.map(|left| {
        crate::sms::words::reminder(lang, next.id, next.kind, seen.opponent.as_deref(), left)
    });
    desk.notify(&next, side, body);
    if let Some(short) = short {
        desk.short(short);
    }
    let step = steps
        .last()
        .and_then(|&i| desk.config.clock.reminders.get(i))
        .map_or_else(String::new, ToString::to_string);
    desk.summary = format!("game #{}: reminded {side} ({step})", game.id);
    desk.save_game(next);
}
