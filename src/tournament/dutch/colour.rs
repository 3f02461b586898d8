//! Colour allocation for a pair (C.04.3 article 5, in the order the reference engine applies
//! its rules): both preferences granted when they differ, else the stronger preference,
//! else alternation from the last round the two histories differ, else the higher ranked
//! player's preference, else the initial colour drawn for the event. Pure.

use super::player::Player;
use crate::tournament::record::Colour;

/// The colour `a` gets against `b`. `a_higher` says whether `a` is the higher ranked of the
/// two (score, then rank); `initial` is the colour drawn for the top player of round 1.
pub fn colour_of(a: &Player, b: &Player, a_higher: bool, initial: Colour) -> Colour {
    // 1. Both preferences can be granted.
    if a.preference != b.preference || a.preference.is_none() {
        if let Some(colour) = a.preference {
            return colour;
        }
        if let Some(colour) = b.preference {
            return colour.opposite();
        }
        return by_initial_colour(a, b, a_higher, initial);
    }
    let wanted = a.preference.expect("both have the same preference");
    // 2. The stronger absolute preference (the larger colour difference).
    let a_cd = a.colour_difference.abs();
    let b_cd = b.colour_difference.abs();
    if a.absolute() && (a_cd > b_cd || !b.absolute()) {
        return wanted;
    }
    if b.absolute() && (b_cd > a_cd || !a.absolute()) {
        return wanted.opposite();
    }
    // 3. A strong preference against a mild one.
    if a.strong() && !b.strong() {
        return wanted;
    }
    if b.strong() && !a.strong() {
        return wanted.opposite();
    }
    // 4. Alternate from the most recent round where the two had different colours.
    for (mine, theirs) in a.history.iter().rev().zip(b.history.iter().rev()) {
        if mine != theirs {
            return *theirs;
        }
    }
    // 5. The higher ranked player's preference.
    if a_higher { wanted } else { wanted.opposite() }
}

/// Rule 6: neither has played. The higher ranked player gets the initial colour when their
/// rank is even (pairing number odd), the other colour otherwise.
fn by_initial_colour(a: &Player, b: &Player, a_higher: bool, initial: Colour) -> Colour {
    let higher = if a_higher { a } else { b };
    let higher_colour = if higher.rank % 2 == 0 {
        initial
    } else {
        initial.opposite()
    };
    if a_higher {
        higher_colour
    } else {
        higher_colour.opposite()
    }
}
