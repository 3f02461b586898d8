//! Durations as players and directors write them: `20s`, `90m`, `36h`, `3d` (French `3j`),
//! or compounds such as `1d12h`. Always whole seconds; written back in the largest units
//! that divide them exactly (`1d12h`, never `36h`).

/// One second.
pub const SECOND: i64 = 1;
/// One minute.
pub const MINUTE: i64 = 60;
/// One hour.
pub const HOUR: i64 = 60 * MINUTE;
/// One day (24 hours of elapsed time; clocks count elapsed time, not calendar days).
pub const DAY: i64 = 24 * HOUR;

/// The longest duration a time control may name: about three years.
pub const LONGEST: i64 = 1_000 * DAY;

/// Reads a duration (`3d`, `36h`, `1d12h`, `90m`, `20s`; `j` for days as in French).
/// Units are required; the value is at most [`LONGEST`].
pub fn read(text: &str) -> Option<i64> {
    let text = text.trim().to_ascii_lowercase();
    if text.is_empty() {
        return None;
    }
    let mut total: i64 = 0;
    let mut digits = String::new();
    let mut last_unit = i64::MAX;
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            if digits.len() > 7 {
                return None;
            }
            continue;
        }
        let unit = match c {
            'd' | 'j' => DAY,
            'h' => HOUR,
            'm' => MINUTE,
            's' => SECOND,
            _ => return None,
        };
        // Units in decreasing order, each once: `1d12h`, not `12h1d` or `1d1d`.
        if digits.is_empty() || unit >= last_unit {
            return None;
        }
        last_unit = unit;
        total = total.checked_add(digits.parse::<i64>().ok()?.checked_mul(unit)?)?;
        digits.clear();
    }
    if !digits.is_empty() || total > LONGEST {
        return None;
    }
    Some(total)
}

/// Writes a duration in the largest units that divide it exactly (`3d`, `1d12h`, `0s`).
pub fn write(seconds: i64) -> String {
    if seconds == 0 {
        return "0s".into();
    }
    let mut out = String::new();
    if seconds < 0 {
        out.push('-');
    }
    let mut left = seconds.unsigned_abs();
    for (unit, name) in [(DAY, 'd'), (HOUR, 'h'), (MINUTE, 'm'), (SECOND, 's')] {
        let unit = unit as u64;
        if left >= unit {
            out.push_str(&(left / unit).to_string());
            out.push(name);
            left %= unit;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_and_write_back() {
        for (text, secs) in [
            ("3d", 3 * DAY),
            ("3j", 3 * DAY),
            ("36h", 36 * HOUR),
            ("1d12h", 36 * HOUR),
            ("90m", 90 * MINUTE),
            ("20s", 20),
            ("1D", DAY),
            ("2d3h4m5s", 2 * DAY + 3 * HOUR + 4 * MINUTE + 5),
        ] {
            assert_eq!(read(text), Some(secs), "{text}");
            assert_eq!(read(&write(secs)), Some(secs), "{text}");
        }
        assert_eq!(write(36 * HOUR), "1d12h");
        assert_eq!(write(90 * MINUTE), "1h30m");
        assert_eq!(write(-DAY), "-1d");
        assert_eq!(write(0), "0s");
    }

    #[test]
    fn durations_without_units_out_of_order_or_too_long_are_refused() {
        for bad in [
            "",
            "3",
            "d",
            "3x",
            "12h1d",
            "1d1d",
            "3 d",
            "-3d",
            "1001d",
            "99999999s",
        ] {
            assert_eq!(read(bad), None, "{bad}");
        }
        assert_eq!(read("1000d"), Some(LONGEST));
    }
}
