//! The words of clocks, from the message catalogs (`clock.ftl`): a time control in words,
//! a duration, an instant in the reader's time zone and in UTC, and the lines every mail
//! of a timed game carries (the control, the time left, the deadline).

use jiff::tz::TimeZone;

use crate::clock::duration::{DAY, HOUR, MINUTE};
use crate::clock::{ControlError, Limit, TimeControl};
use crate::games::Side;
use crate::referee::Timestamp;
use crate::t;
use crate::text::Lang;

/// What a mail shows of a game's clocks, worked out when it is written.
#[derive(Clone, Debug)]
pub struct ClockView {
    /// The control.
    pub control: TimeControl,
    /// Time left for each side's current or next move ([`Side::index`]).
    pub left: [Option<i64>; 2],
    /// Moves left to the next control, for `N/T` controls ([`Side::index`]).
    pub to_control: [Option<u32>; 2],
    /// The player to move, while the game goes on.
    pub to_move: Option<Side>,
    /// When the player to move runs out of time.
    pub deadline: Option<Timestamp>,
    /// Whether the clock of the player to move has not started (the mail telling them
    /// has not left).
    pub not_started: bool,
    /// Claim mode.
    pub claim: bool,
    /// A director has stopped the clocks.
    pub paused: bool,
    /// The reader's time zone.
    pub zone: TimeZone,
}

/// A duration in words, in its two largest units (`2 days 4 hours`, `16 seconds`).
pub fn duration_words(lang: Lang, seconds: i64) -> String {
    let seconds = seconds.max(0);
    let parts: Vec<String> = [(DAY, 0), (HOUR, 1), (MINUTE, 2), (1, 3)]
        .iter()
        .scan(seconds, |left, &(unit, which)| {
            let n = *left / unit;
            *left %= unit;
            Some((n, which))
        })
        .skip_while(|&(n, _)| n == 0)
        .take(2)
        .filter(|&(n, _)| n > 0)
        .map(|(n, which)| match which {
            0 => t!(lang, "clock-days", n = n),
            1 => t!(lang, "clock-hours", n = n),
            2 => t!(lang, "clock-minutes", n = n),
            _ => t!(lang, "clock-seconds", n = n),
        })
        .collect();
    match parts.as_slice() {
        [] => t!(lang, "clock-seconds", n = 0),
        [one] => one.clone(),
        [first, second, ..] => t!(
            lang,
            "clock-pair",
            first = first.clone(),
            second = second.clone()
        ),
    }
}

/// A time control in words (`3 days per move`, `10 moves in 50 days, ...`).
pub fn control_words(lang: Lang, c: &TimeControl) -> String {
    let d = |s: i64| duration_words(lang, s);
    let mut out = match c.limit {
        Limit::None => return t!(lang, "clock-control-none"),
        Limit::PerMove { time } => t!(lang, "clock-control-per-move", time = d(time)),
        Limit::Fischer {
            base,
            increment,
            cap: None,
        } => t!(
            lang,
            "clock-control-fischer",
            base = d(base),
            increment = d(increment)
        ),
        Limit::Fischer {
            base,
            increment,
            cap: Some(cap),
        } => t!(
            lang,
            "clock-control-fischer-cap",
            base = d(base),
            increment = d(increment),
            cap = d(cap)
        ),
        Limit::Moves { moves, time } => {
            t!(lang, "clock-control-moves", moves = moves, time = d(time))
        }
    };
    let mut options = Vec::new();
    if c.whole_days {
        options.push(t!(lang, "clock-option-whole-days"));
    } else if matches!(c.limit, Limit::Moves { .. }) {
        // ICCF controls count whole days unless told otherwise: say so when they don't.
        options.push(t!(lang, "clock-option-exact"));
    }
    if c.free > 0 {
        options.push(t!(lang, "clock-option-free", free = d(c.free)));
    }
    if let Some(double) = c.double_after {
        options.push(t!(lang, "clock-option-double", double = d(double)));
    }
    if !c.weekends {
        options.push(t!(lang, "clock-option-no-weekends"));
    }
    for o in options {
        out.push_str(", ");
        out.push_str(&o);
    }
    out
}

/// An instant in `zone` and in UTC (`Friday 2026-11-27 at 18:00 (Europe/Paris), 17:00
/// UTC`).
pub fn when_words(lang: Lang, at: Timestamp, zone: &TimeZone) -> String {
    let Ok(ts) = jiff::Timestamp::from_second(at) else {
        return at.to_string();
    };
    let local = ts.to_zoned(zone.clone());
    let utc = ts.to_zoned(TimeZone::UTC);
    let (date, time, utc_time) = match lang {
        Lang::FR => (
            local.strftime("%d/%m/%Y").to_string(),
            local.strftime("%H h %M").to_string(),
            utc.strftime("%H h %M").to_string(),
        ),
        _ => (
            local.strftime("%Y-%m-%d").to_string(),
            local.strftime("%H:%M").to_string(),
            utc.strftime("%H:%M").to_string(),
        ),
    };
    let weekday = t!(
        lang,
        "clock-weekday",
        day = i64::from(local.weekday().to_monday_one_offset())
    );
    if zone.iana_name() == Some("UTC") {
        return t!(
            lang,
            "clock-when-utc",
            weekday = weekday,
            date = date,
            time = time
        );
    }
    t!(
        lang,
        "clock-when",
        weekday = weekday,
        date = date,
        time = time,
        zone = zone_name(zone),
        utc = utc_time
    )
}

/// A day as the reader writes dates (`2026-12-20`, `20/12/2026`).
pub fn day_words(lang: Lang, d: jiff::civil::Date) -> String {
    match lang {
        Lang::FR => d.strftime("%d/%m/%Y").to_string(),
        _ => d.to_string(),
    }
}

/// A time zone's name (`Europe/Paris`, `UTC`).
pub fn zone_name(zone: &TimeZone) -> String {
    zone.iana_name().unwrap_or("UTC").to_string()
}

/// Why a time control cannot be read, in words.
pub fn control_error(lang: Lang, e: Option<&ControlError>) -> String {
    match e {
        None => t!(lang, "clock-error-missing"),
        Some(ControlError::Unreadable(t)) => t!(lang, "clock-error-unreadable", text = t.clone()),
        Some(ControlError::UnknownOption(t)) => t!(lang, "clock-error-option", text = t.clone()),
        Some(ControlError::TooShort(t)) => t!(lang, "clock-error-short", text = t.clone()),
        Some(ControlError::CapBelowBase) => t!(lang, "clock-error-cap"),
        Some(ControlError::OptionsOnNone) => t!(lang, "clock-error-none-options"),
    }
}

/// The time `side` has left, in words, with the moves it must make in it under an `N/T`
/// control (`3 days for 5 moves`).
pub fn time_left_words(lang: Lang, view: &ClockView, side: Side) -> String {
    let time = duration_words(lang, view.left[side.index()].unwrap_or(0));
    match view.to_control[side.index()] {
        Some(moves) => t!(lang, "clock-for-moves", time = time, moves = moves),
        None => time,
    }
}

/// The clock lines of a mail to the player seated as `you`: the control, the time left on
/// both sides, the deadline of the player to move. Empty without a clock.
pub fn clock_lines(lang: Lang, view: &ClockView, you: Side, opponent: &str) -> String {
    if !view.control.is_timed() {
        return String::new();
    }
    let mut lines = vec![t!(
        lang,
        "clock-control-line",
        control = view.control.to_string(),
        words = control_words(lang, &view.control)
    )];
    let left = |side: Side| time_left_words(lang, view, side);
    lines.push(t!(
        lang,
        "clock-left-line",
        you = left(you),
        opponent = opponent.to_string(),
        theirs = left(you.opponent())
    ));
    if let (Some(side), Some(at)) = (view.to_move, view.deadline) {
        let when = when_words(lang, at, &view.zone);
        if side == you {
            lines.push(t!(lang, "clock-deadline-you", when = when));
            if view.not_started {
                lines.push(t!(lang, "clock-not-started"));
            }
        } else {
            lines.push(t!(
                lang,
                "clock-deadline-them",
                who = opponent.to_string(),
                when = when
            ));
        }
    }
    if view.paused {
        lines.push(t!(lang, "clock-paused"));
    }
    if view.claim {
        lines.push(t!(lang, "clock-claim-mode"));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_two_units_in_both_languages() {
        assert_eq!(duration_words(Lang::EN, 3 * DAY), "3 days");
        assert_eq!(
            duration_words(Lang::EN, DAY + 4 * HOUR + 5),
            "1 day 4 hours"
        );
        assert_eq!(duration_words(Lang::EN, 16), "16 seconds");
        assert_eq!(duration_words(Lang::EN, HOUR + 5), "1 hour");
        assert_eq!(duration_words(Lang::FR, 2 * DAY + HOUR), "2 jours 1 heure");
        assert_eq!(duration_words(Lang::FR, 0), "0 seconde");
    }

    #[test]
    fn controls_read_in_words_in_both_languages() {
        let c = |s: &str| TimeControl::read(s).unwrap();
        assert_eq!(control_words(Lang::EN, &c("3d")), "3 days per move");
        assert_eq!(
            control_words(Lang::EN, &c("10/50d")),
            "10 moves in 50 days, unused time carried over, counted in whole days, \
             1 day to reply before any time is counted, time beyond 20 days on one move \
             counted twice"
        );
        assert_eq!(
            control_words(Lang::FR, &c("30d+3d/60d,no-weekends")),
            "30 jours au départ, plus 3 jours après chaque coup, 60 jours au plus en \
             réserve, week-ends non décomptés"
        );
    }

    #[test]
    fn an_instant_is_written_in_the_readers_zone_and_in_utc() {
        let paris = jiff::tz::db().get("Europe/Paris").unwrap();
        let at = "2026-11-27T17:00:00Z"
            .parse::<jiff::Timestamp>()
            .unwrap()
            .as_second();
        assert_eq!(
            when_words(Lang::EN, at, &paris),
            "Friday 2026-11-27 at 18:00 (Europe/Paris), 17:00 UTC"
        );
        assert_eq!(
            when_words(Lang::FR, at, &paris),
            "vendredi 27/11/2026 à 18 h 00 (Europe/Paris), 17 h 00 UTC"
        );
    }
}
