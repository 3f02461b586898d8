//! The referee's side of clocks: a stored game's turns as the clock counts them, both
//! clocks at an instant, when the next reminder or time-out falls, and which outgoing mail
//! starts a player's turn. The accounting itself is [`crate::clock`]; this module only
//! gathers a game's facts for it.

use jiff::tz::TimeZone;

use crate::clock::account::{self, Reading, Turn};
use crate::clock::reminders;
use crate::clock::{Pauses, Span, TimeControl};
use crate::games::Side;
use crate::referee::clock_text::ClockView;
use crate::referee::compose::mover_of_ply;
use crate::referee::{ClockConfig, GameStatus, Outgoing, Player, StoredGame, Timestamp};

/// What a game's clocks depend on beyond the game itself: each player's time zone and the
/// spans in which each player's clock stands still.
#[derive(Clone, Debug)]
pub struct Circumstances {
    /// White's and Black's time zones ([`Side::index`]).
    pub zones: [TimeZone; 2],
    /// White's and Black's pauses (their leave, arbitre's outages, a director's pause, a
    /// failed turn notice), before weekends.
    pub stops: [Vec<Span>; 2],
}

impl Circumstances {
    /// The circumstances of `game`, its players found by `player` (unknown players get
    /// the default zone), with arbitre's `outages` (which stop both clocks).
    pub fn of<'p>(
        config: &ClockConfig,
        game: &StoredGame,
        player: impl Fn(&str) -> Option<&'p Player>,
        outages: &[Span],
    ) -> Circumstances {
        let zone = |side: Side| zone_of(config, player(game.address_of(side)));
        let zones = [zone(Side::White), zone(Side::Black)];
        // A director's pauses stop both clocks; an open one lasts until they resume.
        let halted: Vec<Span> = game
            .clock
            .stops
            .iter()
            .map(|s| Span::new(s.from, s.to.unwrap_or(OPEN_END)))
            .collect();
        // Each player's leave, in their own time zone.
        let stops = |side: Side| -> Vec<Span> {
            player(game.address_of(side))
                .map_or_else(Vec::new, |p| {
                    p.leave
                        .iter()
                        .filter_map(|l| l.span(&zones[side.index()]))
                        .collect()
                })
                .into_iter()
                .chain(outages.iter().copied())
                .chain(halted.iter().copied())
                // A failed turn notice stops its addressee's clock until a mail reaches them.
                .chain(
                    game.clock
                        .unreached
                        .iter()
                        .filter(|u| u.side == side)
                        .map(|u| Span::new(u.from, u.to.unwrap_or(OPEN_END))),
                )
                .collect()
        };
        Circumstances {
            stops: [stops(Side::White), stops(Side::Black)],
            zones,
        }
    }

    /// Each side's pauses under `control`.
    pub fn pauses(&self, control: &TimeControl) -> [Pauses; 2] {
        let one = |side: Side| {
            let i = side.index();
            Pauses::new(
                self.stops[i].iter().copied(),
                (!control.weekends).then(|| self.zones[i].clone()),
            )
        };
        [one(Side::White), one(Side::Black)]
    }
}

/// Where an open pause of a director ends, for the accounting: far enough that no clock
/// reaches it (the year 2200), near enough for calendar arithmetic.
pub const OPEN_END: Timestamp = 7_258_118_400;

/// Whether a director has stopped `game`'s clocks at `now`.
pub fn paused(game: &StoredGame, now: Timestamp) -> bool {
    game.clock
        .stops
        .iter()
        .any(|s| s.from <= now && s.to.is_none_or(|to| now < to))
}

/// A player's time zone: theirs if they gave a valid one, else the configured default,
/// else UTC.
pub fn zone_of(config: &ClockConfig, player: Option<&Player>) -> TimeZone {
    player
        .and_then(|p| p.zone.as_deref())
        .and_then(|name| jiff::tz::db().get(name).ok())
        .or_else(|| jiff::tz::db().get(&config.default_zone).ok())
        .unwrap_or(TimeZone::UTC)
}

/// The game's turns: one per move a player made (forced passes are not turns), then the
/// turn of the player to move while the game goes on.
pub fn turns(game: &StoredGame) -> Vec<Turn> {
    let Some(first) = mover_of_ply(game, 0) else {
        return Vec::new();
    };
    let side_at = |ply: usize| {
        if ply.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        }
    };
    // A turn's start counts only if it came after the move before it: a start left from
    // before a take-back belongs to a turn that no longer exists.
    let mut previous: Timestamp = Timestamp::MIN;
    let started = |ply: usize, previous: Timestamp| {
        game.clock
            .started
            .get(&ply)
            .copied()
            .filter(|&f| f >= previous)
    };
    let mut out: Vec<Turn> = Vec::with_capacity(game.moves.len() + 1);
    for (ply, m) in game.moves.iter().enumerate() {
        if m.message_id.is_some() {
            out.push(Turn {
                side: side_at(ply),
                from: started(ply, previous),
                to: Some(m.received_at),
            });
        }
        // Forced passes are not turns, but they too come after the move before them.
        previous = previous.max(m.received_at);
    }
    if game.status == GameStatus::Active {
        let ply = game.moves.len();
        out.push(Turn {
            side: side_at(ply),
            from: started(ply, previous),
            to: None,
        });
    }
    out
}

/// Both clocks of `game` at `now`.
pub fn read(game: &StoredGame, around: &Circumstances, now: Timestamp) -> Reading {
    let control = &game.clock.control;
    account::read(
        control,
        &turns(game),
        &around.pauses(control),
        &game.clock.adjustments,
        now,
    )
}

/// When the player to move runs out of time: the real instant once their clock has
/// started, else the instant it would be if the mail telling them left at `now` (mail
/// held back only gives them more). `None` without a limit or when nobody is to move.
pub fn deadline(game: &StoredGame, around: &Circumstances, now: Timestamp) -> Option<Timestamp> {
    deadline_of(game, around, &read(game, around, now), now)
}

/// [`deadline`] from a reading at `now`.
fn deadline_of(
    game: &StoredGame,
    around: &Circumstances,
    reading: &Reading,
    now: Timestamp,
) -> Option<Timestamp> {
    let running = reading.running?;
    // Paused: no deadline until the director resumes the clocks.
    if paused(game, now) {
        return None;
    }
    if running.flag_at.is_some() {
        return running.flag_at;
    }
    let allowance = reading.side(running.side).allowance?;
    let pauses = around.pauses(&game.clock.control);
    Some(match account::longest_use(&game.clock.control, allowance) {
        Some(longest) => pauses[running.side.index()].reach(now, longest + 1),
        None => now,
    })
}

/// The reminders of the running turn not sent yet, soonest first: (step, due).
pub fn reminders_due(
    config: &ClockConfig,
    game: &StoredGame,
    around: &Circumstances,
    now: Timestamp,
) -> Vec<reminders::Due> {
    reminders_of(config, game, around, &read(game, around, now))
}

/// [`reminders_due`] from a reading.
fn reminders_of(
    config: &ClockConfig,
    game: &StoredGame,
    around: &Circumstances,
    reading: &Reading,
) -> Vec<reminders::Due> {
    let Some(running) = reading.running else {
        return Vec::new();
    };
    let pauses = around.pauses(&game.clock.control);
    let ply = game.moves.len();
    reminders::due(
        &config.reminders,
        &game.clock.control,
        reading.side(running.side).allowance,
        &running,
        &pauses[running.side.index()],
    )
    .into_iter()
    .filter(|d| !game.clock.reminded.contains(&(ply, d.step)))
    .collect()
}

/// When the clock next needs the referee for `game`: its next reminder or its time-out,
/// whichever comes first; `None` when nothing will ever be due (no clock running).
pub fn next_due(
    config: &ClockConfig,
    game: &StoredGame,
    around: &Circumstances,
    now: Timestamp,
) -> Option<Timestamp> {
    if game.status != GameStatus::Active || paused(game, now) {
        return None;
    }
    let reading = read(game, around, now);
    let running = reading.running?;
    // In claim mode a time that ran out waits for the opponent's claim, not the clock.
    let flag = running.flag_at.filter(|&f| !(game.clock.claim && f <= now));
    let reminder = reminders_of(config, game, around, &reading)
        .first()
        .map(|d| d.at);
    match (flag, reminder) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Who ran out of time in `game` by `at`, when, and whether it was the game's first move;
/// `None` while time remains, without a clock, or in claim mode (where running out ends
/// the game only on the opponent's claim).
pub fn ran_out(
    game: &StoredGame,
    around: &Circumstances,
    at: Timestamp,
) -> Option<(Side, Timestamp, bool)> {
    if game.status != GameStatus::Active || game.clock.claim {
        return None;
    }
    let running = read(game, around, at).running?;
    let flag = running.flag_at.filter(|&f| f <= at)?;
    Some((running.side, flag, running.turn == 0))
}

/// What a mail to the player seated as `you` shows of `game`'s clocks at `now` (for an
/// invitation, the time each side will start with); `None` when the game has no clock or
/// is over.
pub fn view(
    game: &StoredGame,
    around: &Circumstances,
    you: Side,
    now: Timestamp,
) -> Option<ClockView> {
    if !game.clock.control.is_timed()
        || !matches!(game.status, GameStatus::Active | GameStatus::Invited)
    {
        return None;
    }
    let reading = read(game, around, now);
    let running = reading.running;
    let left = |side: Side| {
        let allowance = reading.side(side).allowance;
        match running {
            Some(r) if r.side == side => r.left(allowance),
            _ => allowance,
        }
    };
    Some(ClockView {
        control: game.clock.control,
        left: [left(Side::White), left(Side::Black)],
        to_control: [
            reading.side(Side::White).to_control,
            reading.side(Side::Black).to_control,
        ],
        to_move: running.map(|r| r.side),
        deadline: deadline_of(game, around, &reading, now),
        not_started: running.is_some_and(|r| r.since.is_none()),
        claim: game.clock.claim,
        paused: paused(game, now),
        zone: around.zones[you.index()].clone(),
    })
}

/// Marks, among `outbox`, the mail that starts a player's turn in each game of `after`
/// whose position changed from `before` (a move, a take-back, the game's start): the first
/// mail of that game to the player now to move. Their clock starts when it leaves.
pub fn mark_turns(before: &[StoredGame], after: &[StoredGame], outbox: &mut [Outgoing]) {
    for game in after.iter().filter(|g| g.status == GameStatus::Active) {
        let changed = before.iter().find(|b| b.id == game.id).is_none_or(|b| {
            b.status != GameStatus::Active
                || b.moves.len() != game.moves.len()
                || b.takebacks.len() != game.takebacks.len()
        });
        if !changed {
            continue;
        }
        let Some(side) = mover_of_ply(game, game.moves.len()) else {
            continue;
        };
        let to = game.address_of(side);
        if let Some(mail) = outbox
            .iter_mut()
            .find(|m| m.game == Some(game.id) && m.to.eq_ignore_ascii_case(to))
        {
            mail.turn = Some(game.moves.len());
        }
    }
}
