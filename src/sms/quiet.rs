//! The quiet hours of SMS notifications (`22:00-08:00`), and the installation's default cap
//! on phone codes: the pure numbers the referee reads from the `[sms]` section.

/// The default of `sms.codes-per-day`: phone codes the installation sends in a day.
pub const DEFAULT_CODES_PER_DAY: u32 = 50;

/// The quiet hours: from `start` to `end` minutes after midnight (crossing midnight when
/// `end < start`); `None` for none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietHours {
    /// Minutes after midnight when notifications start waiting.
    pub start: u32,
    /// Minutes after midnight when they go again.
    pub end: u32,
}

impl QuietHours {
    /// Reads `22:00-08:00`, or `none`.
    pub fn read(text: &str) -> Result<Option<QuietHours>, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("none") || t.is_empty() {
            return Ok(None);
        }
        let minutes = |s: &str| -> Option<u32> {
            let (h, m) = s.trim().split_once(':')?;
            let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
            (h < 24 && m < 60).then_some(h * 60 + m)
        };
        let (a, b) = t
            .split_once('-')
            .ok_or_else(|| format!("`{text}` is not a span of hours (22:00-08:00, or none)"))?;
        match (minutes(a), minutes(b)) {
            (Some(start), Some(end)) if start != end => Ok(Some(QuietHours { start, end })),
            _ => Err(format!(
                "`{text}` is not a span of hours (22:00-08:00, or none)"
            )),
        }
    }

    /// Whether `minute` (after midnight) falls inside.
    pub fn contains(&self, minute: u32) -> bool {
        if self.start < self.end {
            (self.start..self.end).contains(&minute)
        } else {
            minute >= self.start || minute < self.end
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_cross_midnight_or_not() {
        let q = QuietHours::read("22:00-08:00").unwrap().unwrap();
        assert!(q.contains(23 * 60) && q.contains(0) && q.contains(7 * 60 + 59));
        assert!(!q.contains(8 * 60) && !q.contains(12 * 60));
        let q = QuietHours::read("13:00-14:30").unwrap().unwrap();
        assert!(q.contains(13 * 60 + 10) && !q.contains(14 * 60 + 30));
        assert_eq!(QuietHours::read("none").unwrap(), None);
        assert!(QuietHours::read("22h-8h").is_err());
        assert!(QuietHours::read("25:00-08:00").is_err());
    }
}
