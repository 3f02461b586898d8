//! The 24 points of the Sauterelle board and their four quadrants.
//!
//! Both sides use the same numbering and move the same way, from 1 to 24: checkers enter
//! from the bar into quadrant A (1-6), move on to B (7-12), C (13-18) and D (19-24), and
//! walls leave the board from D.

use std::fmt;
use std::ops::RangeInclusive;

/// The number of points.
pub const POINTS: u8 = 24;

/// A point, 1 to 24. Only real points can be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// Point `n`, if `n` is 1 to 24.
    pub fn new(n: u8) -> Option<Point> {
        (1..=POINTS).contains(&n).then_some(Point(n))
    }

    /// Its number, 1 to 24.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Its position in per-point arrays, 0 to 23.
    pub fn index(self) -> usize {
        usize::from(self.0 - 1)
    }

    /// Its quadrant: 0 for A (1-6), 1 for B (7-12), 2 for C (13-18), 3 for D (19-24).
    pub fn quadrant(self) -> u8 {
        (self.0 - 1) / 6
    }

    /// True for the last quadrant (19-24), where checkers never move and walls bear off.
    pub fn in_last_quadrant(self) -> bool {
        self.quadrant() == 3
    }

    /// The points of the next quadrant, where a checker from here may go (none from D).
    pub fn next_quadrant(self) -> Option<RangeInclusive<u8>> {
        let q = self.quadrant();
        (q < 3).then(|| quadrant_points(q + 1))
    }

    /// Every point, 1 first.
    pub fn all() -> impl Iterator<Item = Point> {
        (1..=POINTS).map(Point)
    }
}

/// The point numbers of quadrant `q` (0 = A … 3 = D).
pub fn quadrant_points(q: u8) -> RangeInclusive<u8> {
    (q * 6 + 1)..=(q * 6 + 6)
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadrants_are_six_points_wide_and_lead_to_the_next() {
        let p = |n| Point::new(n).unwrap();
        assert_eq!(p(1).quadrant(), 0);
        assert_eq!(p(6).quadrant(), 0);
        assert_eq!(p(7).quadrant(), 1);
        assert_eq!(p(24).quadrant(), 3);
        assert_eq!(p(3).next_quadrant(), Some(7..=12));
        assert_eq!(p(18).next_quadrant(), Some(19..=24));
        assert_eq!(p(19).next_quadrant(), None);
        assert!(Point::new(0).is_none() && Point::new(25).is_none());
        assert_eq!(Point::all().count(), 24);
    }
}
