//! The reminder ladder: when a player who is to move is reminded, each step once per
//! turn. A step is written as text in the configuration:
//!
//! - `80%`: when 80 % of the time for this move is used (lichess's alarm);
//! - `24h-left`: when 24 hours are left;
//! - `14d`: after 14 days of silence (ICCF's 14, 28 and 35 days; pbmserv's nag after 7),
//!   the only kind that applies to a game without a clock.
//!
//! Steps are placed in counted time (a player on leave is not reminded of time that does
//! not run) and turned into instants by [`Pauses::reach`]. Steps that fall within a
//! short while of a later one are left out: one reminder, not two in the same hour.

use std::fmt;

use super::account::{Running, longest_use};
use super::control::TimeControl;
use super::duration::{self, MINUTE};
use super::pauses::Pauses;
use crate::base::Timestamp;

/// One step of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// When this share (percent) of the time for the move is used.
    Used(u8),
    /// When this much time is left.
    Left(i64),
    /// After this much time without a move.
    Silence(i64),
}

impl Step {
    /// Reads `80%`, `24h-left` or `14d`.
    pub fn read(text: &str) -> Option<Step> {
        let text = text.trim().to_ascii_lowercase();
        if let Some(p) = text.strip_suffix('%') {
            let p: u8 = p.trim().parse().ok()?;
            return (1..100).contains(&p).then_some(Step::Used(p));
        }
        if let Some(d) = text.strip_suffix("-left") {
            return duration::read(d).filter(|&d| d > 0).map(Step::Left);
        }
        duration::read(&text).filter(|&d| d > 0).map(Step::Silence)
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Step::Used(p) => write!(f, "{p}%"),
            Step::Left(d) => write!(f, "{}-left", duration::write(d)),
            Step::Silence(d) => f.write_str(&duration::write(d)),
        }
    }
}

/// The default ladder: 80 % used and 24 hours left for every clock, and ICCF's 14, 28 and
/// 35 days of silence for the long controls they fall within.
pub fn default_ladder() -> Vec<Step> {
    ["80%", "24h-left", "14d", "28d", "35d"]
        .iter()
        .filter_map(|s| Step::read(s))
        .collect()
}

/// A reminder due in the current turn: which step of the ladder, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    /// Its index in the ladder (the key that makes it sent once per turn).
    pub step: usize,
    /// When it is due.
    pub at: Timestamp,
}

/// The reminders of the current turn, soonest first. `allowance` is the time the move may
/// be charged (`None` without a limit); `pauses` are those of the player to move.
pub fn due(
    ladder: &[Step],
    control: &TimeControl,
    allowance: Option<i64>,
    running: &Running,
    pauses: &Pauses,
) -> Vec<Due> {
    let Some(since) = running.since else {
        return Vec::new();
    };
    // The counted time at which the move becomes late, if it can.
    let flag = allowance.map(|a| longest_use(control, a).map_or(0, |u| u + 1));
    // Steps closer than a twentieth of the time (a minute without a limit) to the start
    // of the turn or to a later step are left out.
    let near = flag.map_or(MINUTE, |f| (f / 20).max(1));
    let mut marks: Vec<(i64, usize)> = ladder
        .iter()
        .enumerate()
        .filter_map(|(i, step)| {
            let mark = match (*step, flag) {
                (Step::Used(p), Some(flag)) => flag * i64::from(p) / 100,
                // The last second in time is `flag - 1`: this much left from there.
                (Step::Left(d), Some(flag)) => flag - 1 - d,
                (Step::Silence(d), _) => d,
                _ => return None,
            };
            (mark >= near && flag.is_none_or(|f| mark < f)).then_some((mark, i))
        })
        .collect();
    marks.sort();
    let mut kept: Vec<(i64, usize)> = Vec::new();
    for m in marks {
        if let Some(last) = kept.last()
            && m.0 - last.0 < near
        {
            kept.pop();
        }
        kept.push(m);
    }
    kept.into_iter()
        .map(|(mark, step)| Due {
            step,
            at: pauses.reach(since, mark),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::account::{Turn, read};
    use crate::clock::duration::{DAY, HOUR};
    use crate::games::Side;

    fn running(control: &TimeControl) -> (Running, Option<i64>) {
        let turns = [Turn {
            side: Side::White,
            from: Some(0),
            to: None,
        }];
        let r = read(control, &turns, &[Pauses::none(), Pauses::none()], &[], 0);
        (r.running.unwrap(), r.side(Side::White).allowance)
    }

    fn ats(text: &str) -> Vec<(String, Timestamp)> {
        let control = TimeControl::read(text).unwrap();
        let (run, allowance) = running(&control);
        let ladder = default_ladder();
        due(&ladder, &control, allowance, &run, &Pauses::none())
            .into_iter()
            .map(|d| (ladder[d.step].to_string(), d.at))
            .collect()
    }

    #[test]
    fn steps_read_and_write_back() {
        assert_eq!(Step::read("24h-left"), Some(Step::Left(DAY)));
        for text in ["80%", "1d-left", "14d", "1d12h-left", "20s"] {
            assert_eq!(Step::read(text).unwrap().to_string(), text);
        }
        for bad in ["0%", "100%", "x%", "-left", "0s-left", "soon", "0s"] {
            assert_eq!(Step::read(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_three_day_move_is_reminded_with_a_day_left_and_at_eighty_percent() {
        // 3 days: 24 hours left at 48h; 80 % at 57.6h.
        let flag = 3 * DAY + 1;
        assert_eq!(
            ats("3d"),
            vec![
                ("1d-left".into(), flag - 1 - DAY),
                ("80%".into(), flag * 80 / 100)
            ]
        );
    }

    #[test]
    fn a_one_day_move_gets_one_reminder() {
        assert_eq!(ats("1d"), vec![("80%".into(), (DAY + 1) * 80 / 100)]);
    }

    #[test]
    fn a_long_iccf_move_gets_the_silence_steps_that_fall_before_its_deadline() {
        // 10/50d: the first move may run to 36 days; 24h left and 35 days of silence
        // fall together (one reminder), 80 % falls at 28.8 days and drops the 28-day one.
        let got: Vec<(String, Timestamp)> = ats("10/50d");
        let flag = 36 * DAY;
        assert_eq!(
            got,
            vec![
                ("14d".into(), 14 * DAY),
                ("80%".into(), flag * 80 / 100),
                ("35d".into(), 35 * DAY)
            ]
        );
    }

    #[test]
    fn a_game_without_a_clock_gets_only_the_silence_steps() {
        let got = ats("none");
        assert_eq!(
            got,
            vec![
                ("14d".into(), 14 * DAY),
                ("28d".into(), 28 * DAY),
                ("35d".into(), 35 * DAY)
            ]
        );
    }

    #[test]
    fn a_twenty_second_test_game_is_reminded_at_sixteen_seconds() {
        // 20s: 80 % at 16.8s of the 21st second; "24h left" makes no sense and is left out.
        assert_eq!(ats("20s"), vec![("80%".into(), 16)]);
        assert_eq!(ats("2h"), vec![("80%".into(), (2 * HOUR + 1) * 80 / 100)]);
    }
}
