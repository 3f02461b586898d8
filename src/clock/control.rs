//! A game's time control, written and read back as text and recorded with the game:
//!
//! - `none`: no clock;
//! - `3d`: each move within 3 days, the clock reset after each move;
//! - `30d+3d`, `30d+3d/60d`: Fischer in days, 30 days to start, 3 more after each move,
//!   the banked time capped at 60 days when a cap is given;
//! - `10/50d`: ICCF, 10 moves in 50 days, unused time carried to the next control, the
//!   first 24 hours after each received move free, time beyond 20 days on one move charged
//!   twice, whole days.
//!
//! Options follow after commas and change the defaults of the kind:
//! `whole-days` / `exact` (accounting in whole days or to the second), `no-weekends` /
//! `weekends` (whether Saturdays and Sundays, in the player's time zone, are counted),
//! `free=1d` (reflection time before anything is charged), `double=20d` / `double=off`
//! (time beyond that on one move charged twice). `10/50d,no-weekends`, `3d,free=12h`.

use std::fmt;

use super::duration::{self, DAY};

/// How much time the players have, before the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// No clock.
    None,
    /// Each move within `time`.
    PerMove {
        /// The time for one move.
        time: i64,
    },
    /// A bank of `base`, `increment` added after each move, capped at `cap` if given.
    Fischer {
        /// The time at the start.
        base: i64,
        /// Added after each move.
        increment: i64,
        /// The most the bank may hold after an increment.
        cap: Option<i64>,
    },
    /// `moves` moves in `time`, again and again, unused time carried over.
    Moves {
        /// Moves per control.
        moves: u32,
        /// Time per control.
        time: i64,
    },
}

/// A time control: the limit and how time is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// How much time.
    pub limit: Limit,
    /// Time charged in whole days (a day begun is a day charged), else to the second.
    pub whole_days: bool,
    /// Whether Saturdays and Sundays count.
    pub weekends: bool,
    /// Reflection time after each received move before anything is charged.
    pub free: i64,
    /// Time beyond this on one move is charged twice.
    pub double_after: Option<i64>,
}

/// Why a time control cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    /// Not a control at all.
    #[error("`{0}` is not a time control (try 3d, 30d+3d, 10/50d or none)")]
    Unreadable(String),
    /// An option that does not exist.
    #[error("`{0}` is not a time control option")]
    UnknownOption(String),
    /// A time too short to be played by mail.
    #[error("`{0}` is too short: a control names at least 10 seconds")]
    TooShort(String),
    /// A cap below the starting bank.
    #[error("the cap must be at least the starting time")]
    CapBelowBase,
    /// Options on `none`.
    #[error("`none` takes no options")]
    OptionsOnNone,
}

/// The shortest time a control may name: 10 seconds (real-server tests play `20s` games).
pub const SHORTEST: i64 = 10;

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl::NONE
    }
}

impl TimeControl {
    /// No clock.
    pub const NONE: TimeControl = TimeControl {
        limit: Limit::None,
        whole_days: false,
        weekends: true,
        free: 0,
        double_after: None,
    };

    /// `limit` with the defaults of its kind (ICCF's for `N/T`).
    pub fn with_defaults(limit: Limit) -> TimeControl {
        match limit {
            Limit::Moves { .. } => TimeControl {
                limit,
                whole_days: true,
                weekends: true,
                free: DAY,
                double_after: Some(20 * DAY),
            },
            _ => TimeControl {
                limit,
                ..TimeControl::NONE
            },
        }
    }

    /// Whether there is a clock at all.
    pub fn is_timed(&self) -> bool {
        self.limit != Limit::None
    }

    /// Reads a control as written (`3d`, `30d+3d/60d`, `10/50d,no-weekends`, `none`).
    pub fn read(text: &str) -> Result<TimeControl, ControlError> {
        let text = text.trim().to_ascii_lowercase();
        let mut parts = text.split(',').map(str::trim);
        let head = parts.next().unwrap_or_default();
        let limit = read_limit(head)?;
        let mut control = TimeControl::with_defaults(limit);
        for option in parts {
            if limit == Limit::None {
                return Err(ControlError::OptionsOnNone);
            }
            let bad = || ControlError::UnknownOption(option.to_string());
            match option.split_once('=') {
                None => match option {
                    "whole-days" => control.whole_days = true,
                    "exact" => control.whole_days = false,
                    "no-weekends" => control.weekends = false,
                    "weekends" => control.weekends = true,
                    _ => return Err(bad()),
                },
                Some(("free", value)) => control.free = duration::read(value).ok_or_else(bad)?,
                Some(("double", "off")) => control.double_after = None,
                Some(("double", value)) => {
                    control.double_after = Some(duration::read(value).ok_or_else(bad)?)
                }
                Some(_) => return Err(bad()),
            }
        }
        Ok(control)
    }
}

fn read_limit(head: &str) -> Result<Limit, ControlError> {
    let unreadable = || ControlError::Unreadable(head.to_string());
    if matches!(head, "none" | "aucun" | "aucune" | "sans") {
        return Ok(Limit::None);
    }
    let time = |text: &str| -> Result<i64, ControlError> {
        let t = duration::read(text).ok_or_else(unreadable)?;
        if t < SHORTEST {
            return Err(ControlError::TooShort(text.to_string()));
        }
        Ok(t)
    };
    if let Some((moves, period)) = head.split_once('/')
        && !moves.is_empty()
        && moves.bytes().all(|b| b.is_ascii_digit())
    {
        let moves: u32 = moves.parse().map_err(|_| unreadable())?;
        if !(1..=200).contains(&moves) {
            return Err(unreadable());
        }
        return Ok(Limit::Moves {
            moves,
            time: time(period)?,
        });
    }
    if let Some((base, rest)) = head.split_once('+') {
        let (increment, cap) = match rest.split_once('/') {
            Some((inc, cap)) => (inc, Some(cap)),
            None => (rest, None),
        };
        let base = time(base)?;
        let increment = duration::read(increment).ok_or_else(unreadable)?;
        let cap = cap.map(time).transpose()?;
        if cap.is_some_and(|c| c < base) {
            return Err(ControlError::CapBelowBase);
        }
        return Ok(Limit::Fischer {
            base,
            increment,
            cap,
        });
    }
    Ok(Limit::PerMove { time: time(head)? })
}

impl fmt::Display for TimeControl {
    /// The canonical text: the limit, then the options that differ from its kind's
    /// defaults. Reading it back gives the same control.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.limit {
            Limit::None => return f.write_str("none"),
            Limit::PerMove { time } => f.write_str(&duration::write(time))?,
            Limit::Fischer {
                base,
                increment,
                cap,
            } => {
                write!(
                    f,
                    "{}+{}",
                    duration::write(base),
                    duration::write(increment)
                )?;
                if let Some(cap) = cap {
                    write!(f, "/{}", duration::write(cap))?;
                }
            }
            Limit::Moves { moves, time } => write!(f, "{moves}/{}", duration::write(time))?,
        }
        let defaults = TimeControl::with_defaults(self.limit);
        if self.whole_days != defaults.whole_days {
            f.write_str(if self.whole_days {
                ",whole-days"
            } else {
                ",exact"
            })?;
        }
        if self.weekends != defaults.weekends {
            f.write_str(if self.weekends {
                ",weekends"
            } else {
                ",no-weekends"
            })?;
        }
        if self.free != defaults.free {
            write!(f, ",free={}", duration::write(self.free))?;
        }
        if self.double_after != defaults.double_after {
            match self.double_after {
                Some(d) => write!(f, ",double={}", duration::write(d))?,
                None => f.write_str(",double=off")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::duration::HOUR;

    #[test]
    fn every_kind_of_control_reads_and_writes_back() {
        for (text, canonical) in [
            ("none", "none"),
            ("3d", "3d"),
            ("3j", "3d"),
            ("20s", "20s"),
            ("30d+3d", "30d+3d"),
            ("30d+3d/60d", "30d+3d/60d"),
            ("10/50d", "10/50d"),
            ("10/50D", "10/50d"),
            ("10/50d,no-weekends", "10/50d,no-weekends"),
            ("10/50d, exact, double=off", "10/50d,exact,double=off"),
            ("10/30d,double=12d", "10/30d,double=12d"),
            ("3d,free=12h,whole-days", "3d,whole-days,free=12h"),
            ("3d,exact,weekends", "3d"),
        ] {
            let c = TimeControl::read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(c.to_string(), canonical, "{text}");
            assert_eq!(TimeControl::read(canonical), Ok(c), "{canonical}");
        }
    }

    #[test]
    fn iccf_controls_take_iccf_defaults_and_others_count_exactly() {
        let iccf = TimeControl::read("10/50d").unwrap();
        assert_eq!(
            iccf,
            TimeControl {
                limit: Limit::Moves {
                    moves: 10,
                    time: 50 * DAY
                },
                whole_days: true,
                weekends: true,
                free: DAY,
                double_after: Some(20 * DAY),
            }
        );
        let per_move = TimeControl::read("36h").unwrap();
        assert_eq!(per_move.limit, Limit::PerMove { time: 36 * HOUR });
        assert!(!per_move.whole_days && per_move.free == 0 && per_move.double_after.is_none());
        assert!(!TimeControl::read("none").unwrap().is_timed());
    }

    #[test]
    fn bad_controls_say_why() {
        assert!(matches!(
            TimeControl::read("soon"),
            Err(ControlError::Unreadable(_))
        ));
        assert!(matches!(
            TimeControl::read("3d,sometimes"),
            Err(ControlError::UnknownOption(_))
        ));
        assert!(matches!(
            TimeControl::read("5s"),
            Err(ControlError::TooShort(_))
        ));
        assert_eq!(
            TimeControl::read("30d+3d/20d"),
            Err(ControlError::CapBelowBase)
        );
        assert_eq!(
            TimeControl::read("none,exact"),
            Err(ControlError::OptionsOnNone)
        );
        for bad in [
            "0/50d",
            "x/50d",
            "/50d",
            "10/",
            "+3d",
            "3d+",
            "10/50d,free=x",
        ] {
            assert!(TimeControl::read(bad).is_err(), "{bad}");
        }
    }
}
