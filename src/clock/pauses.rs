//! Counted time: the time that elapses on a player's clock between two instants. It is
//! elapsed time less the spans in which that clock stands still: the player's leave,
//! arbitre's outages, a director's pause and, when the control says so, Saturdays and
//! Sundays in the player's time zone. [`Pauses::counted`] measures it and
//! [`Pauses::reach`] goes the other way (when will this much time have been counted?),
//! which is how deadlines and reminders are placed on the calendar.

use jiff::ToSpan;
use jiff::civil::Date;
use jiff::tz::TimeZone;

use crate::base::Timestamp;

/// A span of time `[from, to)`, in seconds since the epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    /// First second inside.
    pub from: Timestamp,
    /// First second after.
    pub to: Timestamp,
}

impl Span {
    /// `[from, to)`.
    pub fn new(from: Timestamp, to: Timestamp) -> Span {
        Span { from, to }
    }

    /// Its length in seconds (0 when empty or reversed).
    pub fn len(&self) -> i64 {
        (self.to - self.from).max(0)
    }

    /// Whether it holds no time.
    pub fn is_empty(&self) -> bool {
        self.to <= self.from
    }

    /// Whether `at` lies inside.
    pub fn contains(&self, at: Timestamp) -> bool {
        self.from <= at && at < self.to
    }
}

/// The spans in which one player's clock stands still.
#[derive(Clone, Debug)]
pub struct Pauses {
    /// Explicit spans, sorted and merged.
    spans: Vec<Span>,
    /// Weekends do not count, in this time zone.
    weekends_in: Option<TimeZone>,
}

impl Pauses {
    /// The given spans (in any order, overlapping or not), and weekends in `weekends_in`
    /// when weekends do not count.
    pub fn new(spans: impl IntoIterator<Item = Span>, weekends_in: Option<TimeZone>) -> Pauses {
        let mut all: Vec<Span> = spans.into_iter().filter(|s| !s.is_empty()).collect();
        all.sort();
        let mut spans: Vec<Span> = Vec::with_capacity(all.len());
        for s in all {
            match spans.last_mut() {
                Some(last) if s.from <= last.to => last.to = last.to.max(s.to),
                _ => spans.push(s),
            }
        }
        Pauses { spans, weekends_in }
    }

    /// No pause at all: counted time is elapsed time.
    pub fn none() -> Pauses {
        Pauses::new([], None)
    }

    /// The first pause (merged with every pause it touches) that ends after `at`.
    fn next(&self, at: Timestamp) -> Option<Span> {
        let explicit = |at: Timestamp| {
            let i = self.spans.partition_point(|s| s.to <= at);
            self.spans.get(i).copied()
        };
        let weekend = |at: Timestamp| {
            self.weekends_in
                .as_ref()
                .and_then(|tz| weekend_after(tz, at))
        };
        let mut found = match (explicit(at), weekend(at)) {
            (Some(a), Some(b)) => Some(if a.from <= b.from { a } else { b }),
            (a, b) => a.or(b),
        }?;
        // Grow it while another pause starts inside it or right at its end.
        loop {
            let mut grown = found;
            for next in [explicit(found.to), weekend(found.to)]
                .into_iter()
                .flatten()
            {
                if next.from <= found.to {
                    grown.to = grown.to.max(next.to);
                }
            }
            if grown == found {
                return Some(found);
            }
            found = grown;
        }
    }

    /// The counted time in `[from, to)`.
    pub fn counted(&self, from: Timestamp, to: Timestamp) -> i64 {
        let mut total = 0;
        let mut at = from;
        while at < to {
            match self.next(at) {
                Some(p) if p.from < to => {
                    total += (p.from - at).max(0);
                    at = at.max(p.to);
                }
                _ => {
                    total += to - at;
                    break;
                }
            }
        }
        total
    }

    /// The earliest instant `t >= from` at which `amount` seconds have been counted since
    /// `from` (`from` itself for nothing).
    pub fn reach(&self, from: Timestamp, amount: i64) -> Timestamp {
        let mut left = amount.max(0);
        let mut at = from;
        loop {
            if left == 0 {
                return at;
            }
            match self.next(at) {
                Some(p) if p.from <= at => at = p.to,
                Some(p) if p.from - at < left => {
                    left -= p.from - at;
                    at = p.to;
                }
                _ => return at.saturating_add(left),
            }
        }
    }
}

/// The weekend (Saturday 00:00 to Monday 00:00 in `tz`) that ends after `at`.
fn weekend_after(tz: &TimeZone, at: Timestamp) -> Option<Span> {
    let local = jiff::Timestamp::from_second(at).ok()?.to_zoned(tz.clone());
    let date = local.date();
    let offset = i64::from(date.weekday().to_monday_zero_offset());
    let saturday = date.checked_add((5 - offset).days()).ok()?;
    let from = midnight(tz, saturday)?;
    let to = midnight(tz, saturday.checked_add(2.days()).ok()?)?;
    Some(Span::new(from, to))
}

/// The first instant of `date` in `tz`.
fn midnight(tz: &TimeZone, date: Date) -> Option<Timestamp> {
    Some(date.to_zoned(tz.clone()).ok()?.timestamp().as_second())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::duration::{DAY, HOUR};

    fn paris() -> TimeZone {
        jiff::tz::db().get("Europe/Paris").unwrap()
    }

    fn at(text: &str) -> Timestamp {
        text.parse::<jiff::Timestamp>().unwrap().as_second()
    }

    #[test]
    fn without_pauses_counted_time_is_elapsed_time() {
        let p = Pauses::none();
        assert_eq!(p.counted(100, 400), 300);
        assert_eq!(p.counted(400, 100), 0);
        assert_eq!(p.reach(100, 300), 400);
        assert_eq!(p.reach(100, 0), 100);
    }

    #[test]
    fn overlapping_spans_are_counted_once_and_reach_skips_them() {
        let p = Pauses::new(
            [
                Span::new(200, 300),
                Span::new(250, 350),
                Span::new(500, 600),
            ],
            None,
        );
        assert_eq!(p.counted(0, 1000), 1000 - 150 - 100);
        assert_eq!(p.counted(260, 400), 50);
        assert_eq!(p.counted(210, 290), 0);
        assert_eq!(p.reach(0, 200), 200);
        assert_eq!(p.reach(0, 201), 351);
        assert_eq!(p.reach(260, 1), 351);
        assert_eq!(p.reach(0, 350), 500);
        assert_eq!(p.reach(0, 351), 601);
    }

    #[test]
    fn weekends_stand_still_in_the_players_time_zone() {
        let p = Pauses::new([], Some(paris()));
        // Friday 2026-11-27 12:00 Paris (11:00 UTC) to Monday 2026-11-30 12:00 Paris:
        // 12 hours on Friday, 12 on Monday.
        let fri = at("2026-11-27T11:00:00Z");
        let mon = at("2026-11-30T11:00:00Z");
        assert_eq!(p.counted(fri, mon), DAY);
        // Friday noon plus 12 hours is Saturday 00:00 Paris; plus one more second lands
        // on Monday 00:00:01 Paris.
        assert_eq!(p.reach(fri, 12 * HOUR), at("2026-11-27T23:00:00Z"));
        assert_eq!(p.reach(fri, 12 * HOUR + 1), at("2026-11-29T23:00:01Z"));
        // Five working days later is the next Friday at the same time.
        assert_eq!(p.reach(fri, 5 * DAY), at("2026-12-04T11:00:00Z"));
        // A move on a Sunday costs nothing.
        let sun = at("2026-11-29T10:00:00Z");
        assert_eq!(p.counted(sun, sun + 3 * HOUR), 0);
    }

    #[test]
    fn a_weekend_across_a_change_of_summer_time_is_still_two_local_days() {
        // Summer time ends in Paris on Sunday 2026-10-25: that weekend lasts 49 hours.
        let p = Pauses::new([], Some(paris()));
        let fri = at("2026-10-23T22:00:00Z"); // Saturday 00:00 Paris (UTC+2)
        let mon = at("2026-10-25T23:00:00Z"); // Monday 00:00 Paris (UTC+1)
        assert_eq!(mon - fri, 49 * HOUR);
        assert_eq!(p.counted(fri - HOUR, mon + HOUR), 2 * HOUR);
    }

    #[test]
    fn leave_touching_a_weekend_merges_with_it() {
        // Leave on Friday 2026-11-27 (Paris) then the weekend: counted resumes on Monday.
        let fri = at("2026-11-26T23:00:00Z");
        let sat = at("2026-11-27T23:00:00Z");
        let p = Pauses::new([Span::new(fri, sat)], Some(paris()));
        assert_eq!(p.reach(fri - HOUR, HOUR + 1), at("2026-11-29T23:00:01Z"));
        assert_eq!(p.counted(fri - HOUR, at("2026-11-30T00:00:00Z")), 2 * HOUR);
    }
}
