//! The accounting: from a game's turns (when each player's clock started, when their
//! move arrived), the time control, the pauses of each player and a director's
//! adjustments, to both clocks at `now`: time charged, time left, and the instant at
//! which the player to move runs out of time.
//!
//! A move's time runs from the moment the mail telling the player it is their turn was
//! accepted by the outgoing server to the moment their move reached arbitre's mailbox;
//! counted time ([`Pauses`]) leaves out their leave, arbitre's outages, a director's
//! pauses and, if the control says so, weekends. What a move is charged follows the
//! control: free reflection time first, then whole days or seconds, time beyond the
//! doubling threshold twice.

use super::control::{Limit, TimeControl};
use super::duration::DAY;
use super::pauses::Pauses;
use crate::base::Timestamp;
use crate::games::Side;

/// One player's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who was to move.
    pub side: Side,
    /// When their clock started (the mail telling them left arbitre); `None` while that
    /// mail has not left: a clock never runs on news the player has not been sent.
    pub from: Option<Timestamp>,
    /// When their move reached arbitre's mailbox; `None` while they are to move.
    pub to: Option<Timestamp>,
}

/// Time a director gave (or, negative, took) to one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjustment {
    /// Whose clock.
    pub side: Side,
    /// The turn (index in the game's turns) during which it was given. It counts for the
    /// first turn of `side` from that one on (the running turn, when `side` is to move;
    /// else their next) and, where time carries over (a bank, `N/T`), for every later one.
    pub turn: usize,
    /// Seconds added (negative: taken).
    pub seconds: i64,
}

/// One side's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideClock {
    /// Moves made.
    pub moves: u32,
    /// Time charged for them.
    pub charged: i64,
    /// What the next move (or the one being thought about) may be charged, before this
    /// turn's time; `None` without a limit.
    pub allowance: Option<i64>,
    /// Moves left before the next control (`N/T` controls only).
    pub to_control: Option<u32>,
    /// Whether a move of theirs was made after their time ran out (accepted in claim
    /// mode only).
    pub overstepped: bool,
}

/// The clock of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Running {
    /// Who.
    pub side: Side,
    /// The turn's index.
    pub turn: usize,
    /// When their clock started; `None` while the mail telling them has not left.
    pub since: Option<Timestamp>,
    /// Counted time so far.
    pub used: i64,
    /// What this move would be charged now.
    pub charged: i64,
    /// The first instant at which their move is late (a move that reaches arbitre before
    /// it is in time); `None` without a limit or while the clock has not started.
    pub flag_at: Option<Timestamp>,
}

impl Running {
    /// Whether their time has run out at `now`.
    pub fn flagged(&self, now: Timestamp) -> bool {
        self.flag_at.is_some_and(|f| f <= now)
    }

    /// Time left at `now` in counted seconds (`None` without a limit); never below 0.
    pub fn left(&self, allowance: Option<i64>) -> Option<i64> {
        allowance.map(|a| (a - self.charged).max(0))
    }
}

/// Both clocks at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// White's and Black's clocks ([`Side::index`]).
    pub sides: [SideClock; 2],
    /// The player to move, if the game goes on.
    pub running: Option<Running>,
}

impl Reading {
    /// One side's clock.
    pub fn side(&self, side: Side) -> &SideClock {
        &self.sides[side.index()]
    }
}

/// What a move that used `used` counted seconds is charged under `control`.
pub fn charge(control: &TimeControl, used: i64) -> i64 {
    let base = if control.whole_days {
        if used < control.free {
            0
        } else {
            ((used - control.free) / DAY + 1) * DAY
        }
    } else {
        (used - control.free).max(0)
    };
    match control.double_after {
        Some(d) if base > d => d + 2 * (base - d),
        _ => base,
    }
}

/// The most counted time a move may use and still be charged at most `allowance`, or
/// `None` when even an instant reply is charged more (then the time is already out).
pub fn longest_use(control: &TimeControl, allowance: i64) -> Option<i64> {
    if allowance < 0 {
        return None;
    }
    // The largest charge before doubling that stays within the allowance.
    let undoubled = match control.double_after {
        Some(d) if allowance > d => d + (allowance - d) / 2,
        _ => allowance,
    };
    if control.whole_days {
        let days = undoubled / DAY;
        let longest = control.free + days * DAY - 1;
        (longest >= 0).then_some(longest)
    } else {
        Some(control.free + undoubled)
    }
}

/// Reads both clocks at `now` from the game's turns. `pauses` holds each side's pauses
/// ([`Side::index`]). A turn still open is measured up to `now`.
pub fn read(
    control: &TimeControl,
    turns: &[Turn],
    pauses: &[Pauses; 2],
    adjustments: &[Adjustment],
    now: Timestamp,
) -> Reading {
    let mut sides = [SideClock::default(); 2];
    // Fischer banks, per side.
    let mut bank = [0i64; 2];
    if let Limit::Fischer { base, .. } = control.limit {
        bank = [base, base];
    }
    let mut running = None;
    // The index of each side's latest turn so far: an adjustment counts for the first
    // turn of its side after that one and at or after its own turn.
    let mut last: [Option<usize>; 2] = [None, None];
    let fresh = |side: Side, last: Option<usize>, upto: usize| -> i64 {
        adjustments
            .iter()
            .filter(|a| a.side == side && last.is_none_or(|l| a.turn > l) && a.turn <= upto)
            .map(|a| a.seconds)
            .sum()
    };
    for (i, turn) in turns.iter().enumerate() {
        let s = turn.side.index();
        // A turn whose clock never ran (a conditional answer, played at once) takes no
        // director's time: it waits for the side's next real turn.
        let given = if turn.from.is_some() || turn.to.is_none() {
            let given = fresh(turn.side, last[s], i);
            last[s] = Some(i);
            given
        } else {
            0
        };
        let given_so_far: i64 = adjustments
            .iter()
            .filter(|a| a.side == turn.side && a.turn <= i)
            .map(|a| a.seconds)
            .sum();
        bank[s] += given;
        let clock = &mut sides[s];
        let this_move = clock.moves + 1;
        let allowance = match control.limit {
            Limit::None => None,
            Limit::PerMove { time } => Some(time + given),
            Limit::Fischer { .. } => Some(bank[s]),
            Limit::Moves { moves, time } => {
                let controls = i64::from(this_move.div_ceil(moves));
                Some(controls * time - clock.charged + given_so_far)
            }
        };
        clock.allowance = allowance;
        clock.to_control = match control.limit {
            Limit::Moves { moves, .. } => Some(moves - (this_move - 1) % moves),
            _ => None,
        };
        let end = turn.to.unwrap_or(now);
        let used = turn
            .from
            .map_or(0, |from| pauses[s].counted(from, end.max(from)));
        // A turn whose clock never started (a conditional answer, played at once) costs
        // nothing, whatever the accounting.
        let charged = if turn.from.is_some() {
            charge(control, used)
        } else {
            0
        };
        if turn.to.is_none() {
            let flag_at = match (turn.from, allowance) {
                (Some(from), Some(a)) => Some(match longest_use(control, a) {
                    Some(longest) => pauses[s].reach(from, longest + 1),
                    None => from,
                }),
                _ => None,
            };
            running = Some(Running {
                side: turn.side,
                turn: i,
                since: turn.from,
                used,
                charged,
                flag_at,
            });
            break;
        }
        if allowance.is_some_and(|a| charged > a) {
            clock.overstepped = true;
        }
        clock.moves = this_move;
        clock.charged += charged;
        if let Limit::Fischer { increment, cap, .. } = control.limit {
            bank[s] = bank[s] - charged + increment;
            if let Some(cap) = cap {
                bank[s] = bank[s].min(cap);
            }
        }
    }
    // The waiting side's allowance is what its next move may use.
    for side in Side::BOTH {
        if running.is_some_and(|r: Running| r.side == side) {
            continue;
        }
        let clock = &mut sides[side.index()];
        let next = clock.moves + 1;
        let later: i64 = adjustments
            .iter()
            .filter(|a| a.side == side)
            .map(|a| a.seconds)
            .sum();
        // Given since their last move, for their next.
        let pending = fresh(side, last[side.index()], usize::MAX);
        clock.allowance = match control.limit {
            Limit::None => None,
            Limit::PerMove { time } => Some(time + pending),
            Limit::Fischer { .. } => Some(bank[side.index()] + pending),
            Limit::Moves { moves, time } => {
                Some(i64::from(next.div_ceil(moves)) * time - clock.charged + later)
            }
        };
        clock.to_control = match control.limit {
            Limit::Moves { moves, .. } => Some(moves - (next - 1) % moves),
            _ => None,
        };
    }
    Reading { sides, running }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::duration::HOUR;
    use crate::clock::pauses::Span;

    fn control(text: &str) -> TimeControl {
        TimeControl::read(text).unwrap()
    }

    fn none() -> [Pauses; 2] {
        [Pauses::none(), Pauses::none()]
    }

    /// Alternating turns, Black first, each starting when the previous ended (plus
    /// `delay` for the forward), the last one open when `durations` ends with `None`.
    fn turns(start: Timestamp, delay: i64, durations: &[Option<i64>]) -> Vec<Turn> {
        let mut at = start;
        let mut side = Side::Black;
        let mut out = Vec::new();
        for d in durations {
            let from = at + delay;
            let to = d.map(|d| from + d);
            out.push(Turn {
                side,
                from: Some(from),
                to,
            });
            if let Some(to) = to {
                at = to;
            }
            side = side.opponent();
        }
        out
    }

    #[test]
    fn iccf_charges_whole_days_after_a_free_day_and_doubles_beyond_twenty() {
        let c = control("10/50d");
        assert_eq!(charge(&c, 23 * HOUR), 0);
        assert_eq!(charge(&c, DAY - 1), 0);
        assert_eq!(charge(&c, DAY), DAY);
        assert_eq!(charge(&c, 2 * DAY - 1), DAY);
        assert_eq!(charge(&c, 20 * DAY + HOUR), 20 * DAY);
        // "A player who used at least 23 days but not 24 days is charged 26 days."
        assert_eq!(charge(&c, 23 * DAY), 26 * DAY);
        assert_eq!(charge(&c, 24 * DAY - 1), 26 * DAY);
        assert_eq!(charge(&c, 24 * DAY), 28 * DAY);
    }

    #[test]
    fn exact_controls_charge_seconds_after_the_free_time() {
        assert_eq!(charge(&control("3d"), 5 * HOUR), 5 * HOUR);
        assert_eq!(charge(&control("3d,free=1d"), 5 * HOUR), 0);
        assert_eq!(charge(&control("3d,free=1d"), 30 * HOUR), 6 * HOUR);
        assert_eq!(charge(&control("30d+3d,double=20d"), 21 * DAY), 22 * DAY);
    }

    #[test]
    fn the_longest_use_is_the_last_second_charged_within_the_allowance() {
        for text in [
            "10/50d",
            "3d",
            "3d,whole-days",
            "10/30d,exact",
            "30d+3d,double=20d",
        ] {
            let c = control(text);
            for allowance in [0, HOUR, DAY, 19 * DAY, 20 * DAY, 23 * DAY + 7, 50 * DAY] {
                match longest_use(&c, allowance) {
                    Some(u) => {
                        assert!(charge(&c, u) <= allowance, "{text} {allowance}");
                        assert!(charge(&c, u + 1) > allowance, "{text} {allowance}");
                    }
                    None => assert!(charge(&c, 0) > allowance, "{text} {allowance}"),
                }
            }
        }
    }

    #[test]
    fn per_move_clocks_reset_after_each_move() {
        let c = control("3d");
        let t = turns(0, 0, &[Some(2 * DAY), Some(DAY), None]);
        let r = read(&c, &t, &none(), &[], 5 * DAY);
        let run = r.running.unwrap();
        assert_eq!(run.side, Side::Black);
        assert_eq!(run.used, 2 * DAY);
        assert_eq!(run.flag_at, Some(3 * DAY + 3 * DAY + 1));
        assert!(!run.flagged(6 * DAY));
        assert!(run.flagged(6 * DAY + 1));
        assert_eq!(r.side(Side::Black).charged, 2 * DAY);
        assert_eq!(r.side(Side::White).allowance, Some(3 * DAY));
    }

    #[test]
    fn fischer_banks_the_increment_and_caps_it() {
        let c = control("10d+3d/12d");
        // Black uses 1 day: 10 - 1 + 3 = 12 (cap). Next uses 0: 12 + 3 capped at 12.
        let t = turns(0, 0, &[Some(DAY), Some(0), Some(0), Some(0), None]);
        let r = read(&c, &t, &none(), &[], 0);
        assert_eq!(r.side(Side::Black).allowance, Some(12 * DAY));
        let c = control("10d+3d");
        let r = read(&c, &t, &none(), &[], 0);
        assert_eq!(
            r.side(Side::Black).allowance,
            Some(10 * DAY - DAY + 6 * DAY)
        );
        assert_eq!(r.side(Side::White).allowance, Some(16 * DAY));
    }

    #[test]
    fn iccf_carries_unused_time_to_the_next_control() {
        // 2 moves in 10 days, exact, no free time, no doubling: easier figures.
        let c = control("2/10d,exact,free=0s,double=off");
        // Black: 3 days, 3 days (6 of 10 used), then 7 days on move 3 (allowance 20-6=14).
        let t = turns(
            0,
            0,
            &[Some(3 * DAY), Some(0), Some(3 * DAY), Some(0), None],
        );
        let r = read(&c, &t, &none(), &[], 6 * DAY);
        let black = r.side(Side::Black);
        assert_eq!(black.moves, 2);
        assert_eq!(black.allowance, Some(14 * DAY));
        assert_eq!(black.to_control, Some(2));
        assert_eq!(r.running.unwrap().flag_at, Some(6 * DAY + 14 * DAY + 1));
        // On move 2 Black had 10 - 3 = 7 days and one move to the control.
        let t = turns(0, 0, &[Some(3 * DAY), Some(0), None]);
        let r = read(&c, &t, &none(), &[], 0);
        assert_eq!(r.side(Side::Black).allowance, Some(7 * DAY));
        assert_eq!(r.side(Side::Black).to_control, Some(1));
    }

    #[test]
    fn an_iccf_move_flags_on_the_day_that_would_exceed_the_control() {
        // 10/50d with ICCF defaults: a first move may take up to 35 whole days charged
        // (20 + 2 x 15 = 50), i.e. up to 36 days less a second of real time.
        let c = control("10/50d");
        let t = turns(0, 0, &[None]);
        let run = read(&c, &t, &none(), &[], 0).running.unwrap();
        assert_eq!(run.flag_at, Some(36 * DAY));
        assert_eq!(charge(&c, 36 * DAY - 1), 50 * DAY);
        assert_eq!(charge(&c, 36 * DAY), 52 * DAY);
    }

    #[test]
    fn a_forward_held_in_the_outbox_costs_the_receiver_nothing() {
        let c = control("1d");
        // Black's move at 0; the forward to White left 10 hours later.
        let t = vec![
            Turn {
                side: Side::Black,
                from: Some(-HOUR),
                to: Some(0),
            },
            Turn {
                side: Side::White,
                from: Some(10 * HOUR),
                to: None,
            },
        ];
        let run = read(&c, &t, &none(), &[], 12 * HOUR).running.unwrap();
        assert_eq!(run.used, 2 * HOUR);
        assert_eq!(run.flag_at, Some(10 * HOUR + DAY + 1));
        // Not sent yet: no clock runs.
        let mut t = t;
        t[1].from = None;
        let run = read(&c, &t, &none(), &[], 40 * HOUR).running.unwrap();
        assert_eq!((run.used, run.flag_at), (0, None));
    }

    #[test]
    fn leave_and_outages_stop_the_clock_of_the_player_to_move() {
        let c = control("3d");
        let t = turns(0, 0, &[None]);
        let black = Pauses::new(
            [Span::new(DAY, 3 * DAY), Span::new(4 * DAY, 4 * DAY + HOUR)],
            None,
        );
        let run = read(&c, &t, &[Pauses::none(), black], &[], 4 * DAY)
            .running
            .unwrap();
        assert_eq!(run.used, 2 * DAY);
        assert_eq!(run.flag_at, Some(5 * DAY + HOUR + 1));
    }

    #[test]
    fn a_late_move_is_marked_as_overstepped() {
        let c = control("1d");
        let t = turns(0, 0, &[Some(DAY + 1), None]);
        let r = read(&c, &t, &none(), &[], 0);
        assert!(r.side(Side::Black).overstepped);
        assert!(!r.side(Side::White).overstepped);
    }

    #[test]
    fn a_directors_time_counts_for_the_turn_and_with_a_bank_for_later_ones() {
        let t = turns(0, 0, &[Some(0), Some(0), None]);
        let add = [Adjustment {
            side: Side::Black,
            turn: 2,
            seconds: DAY,
        }];
        let per_move = read(&control("1d"), &t, &none(), &add, 0);
        assert_eq!(per_move.side(Side::Black).allowance, Some(2 * DAY));
        let iccf = read(&control("10/50d"), &t, &none(), &add, 0);
        assert_eq!(iccf.side(Side::Black).allowance, Some(51 * DAY));
        // Given earlier, it still counts for an `N/T` bank.
        let early = [Adjustment { turn: 0, ..add[0] }];
        let iccf = read(&control("10/50d"), &t, &none(), &early, 0);
        assert_eq!(iccf.side(Side::Black).allowance, Some(51 * DAY));
        let per_move = read(&control("1d"), &t, &none(), &early, 0);
        assert_eq!(per_move.side(Side::Black).allowance, Some(DAY));
    }

    #[test]
    fn time_given_to_the_waiting_side_counts_for_its_next_move_once() {
        // Black moved, White is to move; the director gives Black a day during White's
        // turn (turn 1).
        let t = turns(0, 0, &[Some(HOUR), None]);
        let add = [Adjustment {
            side: Side::Black,
            turn: 1,
            seconds: DAY,
        }];
        for (text, before, after) in [
            ("1d", DAY, 2 * DAY),
            ("30d+1d", 31 * DAY - HOUR, 32 * DAY - HOUR),
            // The first day of an ICCF move is free: Black was charged nothing.
            ("10/50d,exact", 50 * DAY, 51 * DAY),
        ] {
            let c = control(text);
            let waiting = |adj: &[Adjustment], t: &[Turn]| {
                let r = read(&c, t, &none(), adj, 2 * HOUR);
                r.side(Side::Black).allowance.unwrap()
            };
            assert_eq!(waiting(&[], &t), before, "{text}");
            assert_eq!(waiting(&add, &t), after, "{text}: shown for the next move");
            // White moves; Black's turn (2) gets the day.
            let t2 = turns(0, 0, &[Some(HOUR), Some(HOUR), None]);
            let r = read(&c, &t2, &none(), &add, 2 * HOUR);
            let running = r.running.unwrap();
            assert_eq!(running.side, Side::Black);
            assert_eq!(
                r.side(Side::Black).allowance,
                Some(after),
                "{text}: counted in the turn"
            );
            // And a per-move day is not given again on the turn after.
            let t4 = turns(
                0,
                0,
                &[Some(HOUR), Some(HOUR), Some(HOUR), Some(HOUR), None],
            );
            let r = read(&c, &t4, &none(), &add, 0);
            if text == "1d" {
                assert_eq!(r.side(Side::Black).allowance, Some(DAY), "{text}: once");
            }
        }
    }

    #[test]
    fn time_given_before_a_forced_pass_waits_for_the_sides_next_turn() {
        // Black, White, then Black again (White had to pass): turns 0 B, 1 W, 2 B, 3 B.
        let side = [Side::Black, Side::White, Side::Black, Side::Black];
        let t: Vec<Turn> = side
            .iter()
            .enumerate()
            .map(|(i, &side)| Turn {
                side,
                from: Some(i as i64 * HOUR),
                to: (i < 3).then(|| (i as i64 + 1) * HOUR),
            })
            .collect();
        // Given to White during turn 2 (Black's): White's next turn has not come yet.
        let add = [Adjustment {
            side: Side::White,
            turn: 2,
            seconds: DAY,
        }];
        let r = read(&control("1d"), &t, &none(), &add, 4 * HOUR);
        assert_eq!(r.side(Side::White).allowance, Some(2 * DAY));
    }

    #[test]
    fn time_given_is_not_spent_on_a_conditional_answer() {
        // Black, White (a conditional answer: its clock never ran), Black, White to move.
        let mut t = turns(0, 0, &[Some(HOUR), Some(0), Some(HOUR), None]);
        t[1].from = None;
        let add = [Adjustment {
            side: Side::White,
            turn: 0,
            seconds: 2 * DAY,
        }];
        let r = read(&control("1d"), &t, &none(), &add, 3 * HOUR);
        assert_eq!(r.side(Side::White).allowance, Some(3 * DAY));
    }

    #[test]
    fn a_turn_whose_clock_never_started_costs_nothing_even_in_whole_days() {
        let c = control("30d+1d,whole-days");
        let mut t = turns(0, 0, &[Some(0), Some(0), None]);
        t[1].from = None;
        let r = read(&c, &t, &none(), &[], 0);
        assert_eq!(r.side(Side::White).charged, 0);
        assert_eq!(r.side(Side::White).allowance, Some(31 * DAY));
    }

    #[test]
    fn without_a_limit_nothing_flags() {
        let t = turns(0, 0, &[Some(400 * DAY), None]);
        let r = read(&TimeControl::NONE, &t, &none(), &[], 900 * DAY);
        assert_eq!(r.running.unwrap().flag_at, None);
        assert_eq!(r.side(Side::Black).allowance, None);
    }
}
