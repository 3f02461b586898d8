//! Leave: whole days, in the player's time zone, during which all of their clocks stand
//! still. Each player has a yearly quota (45 days by default, as ICCF): a leave across New
//! Year is charged to each year for its own days; unused days do not carry over. A leave
//! starts tomorrow at the earliest and is charged at least one day; cancelled early, it
//! ends at the end of the day it is cancelled on and gives back the days after.

use jiff::ToSpan;
use jiff::civil::Date;
use jiff::tz::TimeZone;

use super::pauses::Span;
use crate::base::Timestamp;

/// A leave as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leave {
    /// First day.
    pub first: Date,
    /// Last day (inclusive).
    pub last: Date,
    /// Granted by a director beyond the quota: not charged.
    pub special: bool,
}

/// Why a leave cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LeaveError {
    /// It starts today or earlier.
    #[error("a leave starts tomorrow at the earliest")]
    TooSoon,
    /// It ends before it starts.
    #[error("the last day comes before the first")]
    Reversed,
    /// It overlaps a leave already taken.
    #[error("it overlaps a leave already taken")]
    Overlaps,
    /// More days than left in that year's quota.
    #[error("{asked} days asked in {year}, {left} left")]
    OverQuota {
        /// The year.
        year: i16,
        /// Days asked in that year.
        asked: i64,
        /// Days left in that year.
        left: i64,
    },
}

impl Leave {
    /// Its days, counting both ends.
    pub fn days(&self) -> i64 {
        self.days_in_range(self.first, self.last)
    }

    /// Its days falling in `year`.
    pub fn days_in(&self, year: i16) -> i64 {
        let Ok(jan1) = Date::new(year, 1, 1) else {
            return 0;
        };
        let Ok(dec31) = Date::new(year, 12, 31) else {
            return 0;
        };
        self.days_in_range(self.first.max(jan1), self.last.min(dec31))
    }

    /// Days from `first` to `last`, both counted (0 when reversed).
    fn days_in_range(&self, first: Date, last: Date) -> i64 {
        if last < first {
            return 0;
        }
        i64::from(first.until(last).map_or(0, |s| s.get_days())) + 1
    }

    /// The span it stops the clocks, from the first day's midnight to the midnight after
    /// the last day, in `tz`.
    pub fn span(&self, tz: &TimeZone) -> Option<Span> {
        let from = self
            .first
            .to_zoned(tz.clone())
            .ok()?
            .timestamp()
            .as_second();
        let after = self.last.checked_add(1.day()).ok()?;
        let to = after.to_zoned(tz.clone()).ok()?.timestamp().as_second();
        Some(Span::new(from, to))
    }

    /// Whether it shares a day with `other`.
    pub fn overlaps(&self, other: &Leave) -> bool {
        self.first <= other.last && other.first <= self.last
    }

    /// Cancelled on `today`: `None` when it had not begun (every day given back), else
    /// the leave cut at the end of today.
    pub fn cancelled(&self, today: Date) -> Option<Leave> {
        if today < self.first {
            return None;
        }
        Some(Leave {
            last: self.last.min(today),
            ..*self
        })
    }
}

/// Days of `year`'s quota taken by `leaves` (special leave is not charged).
pub fn taken(leaves: &[Leave], year: i16) -> i64 {
    leaves
        .iter()
        .filter(|l| !l.special)
        .map(|l| l.days_in(year))
        .sum()
}

/// Checks a leave asked on `today` against the leaves already taken and the yearly
/// `quota` (days).
pub fn check(
    asked: &Leave,
    today: Date,
    taken_before: &[Leave],
    quota: i64,
) -> Result<(), LeaveError> {
    if asked.last < asked.first {
        return Err(LeaveError::Reversed);
    }
    if asked.first <= today {
        return Err(LeaveError::TooSoon);
    }
    if taken_before.iter().any(|l| l.overlaps(asked)) {
        return Err(LeaveError::Overlaps);
    }
    if asked.special {
        return Ok(());
    }
    for year in asked.first.year()..=asked.last.year() {
        let asked_days = asked.days_in(year);
        let left = (quota - taken(taken_before, year)).max(0);
        if asked_days > left {
            return Err(LeaveError::OverQuota {
                year,
                asked: asked_days,
                left,
            });
        }
    }
    Ok(())
}

/// Reads a day as players write it: `2026-12-20` (ISO), or `20/12/2026` and `20.12.2026`
/// (day first, as in French).
pub fn read_day(text: &str) -> Option<Date> {
    let text = text.trim().trim_end_matches([',', '.', ';']);
    if let Ok(d) = text.parse::<Date>() {
        return Some(d);
    }
    let parts: Vec<&str> = text.split(['/', '.']).collect();
    let [day, month, year] = parts.as_slice() else {
        return None;
    };
    if year.len() != 4 {
        return None;
    }
    Date::new(year.parse().ok()?, month.parse().ok()?, day.parse().ok()?).ok()
}

/// The local date of `at` in `tz`.
pub fn date_of(at: Timestamp, tz: &TimeZone) -> Option<Date> {
    Some(
        jiff::Timestamp::from_second(at)
            .ok()?
            .to_zoned(tz.clone())
            .date(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn leave(a: Date, b: Date) -> Leave {
        Leave {
            first: a,
            last: b,
            special: false,
        }
    }

    #[test]
    fn a_leave_across_new_year_is_charged_to_each_year() {
        let l = leave(date(2026, 12, 20), date(2027, 1, 3));
        assert_eq!(l.days(), 15);
        assert_eq!(l.days_in(2026), 12);
        assert_eq!(l.days_in(2027), 3);
        assert_eq!(l.days_in(2028), 0);
    }

    #[test]
    fn a_leave_stops_the_clocks_from_midnight_to_midnight_local() {
        let paris = jiff::tz::db().get("Europe/Paris").unwrap();
        let l = leave(date(2026, 12, 20), date(2026, 12, 21));
        let span = l.span(&paris).unwrap();
        let utc = |s: &str| s.parse::<jiff::Timestamp>().unwrap().as_second();
        assert_eq!(
            span,
            Span::new(utc("2026-12-19T23:00:00Z"), utc("2026-12-21T23:00:00Z"))
        );
    }

    #[test]
    fn leave_starts_tomorrow_at_the_earliest_and_stays_within_the_quota() {
        let today = date(2026, 11, 25);
        assert_eq!(
            check(&leave(today, today), today, &[], 45),
            Err(LeaveError::TooSoon)
        );
        assert_eq!(
            check(
                &leave(date(2026, 11, 27), date(2026, 11, 26)),
                today,
                &[],
                45
            ),
            Err(LeaveError::Reversed)
        );
        let tomorrow = leave(date(2026, 11, 26), date(2026, 11, 26));
        assert_eq!(check(&tomorrow, today, &[], 45), Ok(()));
        // 40 days taken earlier this year: 5 left.
        let earlier = [leave(date(2026, 3, 1), date(2026, 4, 9))];
        assert_eq!(taken(&earlier, 2026), 40);
        let six = leave(date(2026, 12, 1), date(2026, 12, 6));
        assert_eq!(
            check(&six, today, &earlier, 45),
            Err(LeaveError::OverQuota {
                year: 2026,
                asked: 6,
                left: 5
            })
        );
        // The same days straddling New Year fit: 5 this year, 1 next.
        let straddle = leave(date(2026, 12, 27), date(2027, 1, 1));
        assert_eq!(check(&straddle, today, &earlier, 45), Ok(()));
        // Special leave is not charged.
        let special = Leave {
            special: true,
            ..six
        };
        assert_eq!(check(&special, today, &earlier, 45), Ok(()));
        assert_eq!(
            check(
                &six,
                today,
                &[leave(date(2026, 12, 6), date(2026, 12, 8))],
                45
            ),
            Err(LeaveError::Overlaps)
        );
    }

    #[test]
    fn days_read_in_iso_and_day_first_forms() {
        assert_eq!(read_day("2026-12-20"), Some(date(2026, 12, 20)));
        assert_eq!(read_day("20/12/2026"), Some(date(2026, 12, 20)));
        assert_eq!(read_day("3.1.2027"), Some(date(2027, 1, 3)));
        for bad in [
            "2026-02-30",
            "31/04/2026",
            "12/20",
            "20/12/26",
            "tomorrow",
            "",
        ] {
            assert_eq!(read_day(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_cancelled_leave_gives_back_the_days_after_today() {
        let l = leave(date(2026, 12, 20), date(2027, 1, 3));
        assert_eq!(l.cancelled(date(2026, 12, 10)), None);
        let cut = l.cancelled(date(2026, 12, 22)).unwrap();
        assert_eq!(
            (cut.first, cut.last),
            (date(2026, 12, 20), date(2026, 12, 22))
        );
        assert_eq!(cut.days(), 3);
        assert_eq!(l.cancelled(date(2027, 2, 1)), Some(l));
    }
}
