//! "Did you mean": the legal moves closest to a move that was refused, for the paragraph
//! that follows the refusal.
//!
//! Pure and game-agnostic: it compares text. A move's cells are the runs of letters, digits
//! and dots that name a place (`e5`, `b.h2`, `v4.2`, `13`, `bar`, `off`), split where a
//! digit meets a letter (`e5e6` is `e5`, `e6`); its origin is the first of two or more, its
//! destination the second (or the only one: an Ataxx clone `f2`). A legal move is close to
//! what was written when it has the same origin, the same destination, or a canonical text
//! one character away (insertion, deletion or substitution, spaces and case aside). The
//! closest come first: both cells, then one, then fewer characters away; ties keep the
//! game's order of legal moves.
//!
//! Every suggestion is one of [`AnyGame::legal_moves`] in the position, so it is never an
//! occupied cell or an illegal target: the game's own judge accepts it.

use crate::games::AnyGame;

/// At most this many suggestions.
pub const MAX_SUGGESTIONS: usize = 3;

/// Written text longer than this (in characters) gets no suggestion: it is not a mistyped
/// move.
const MAX_WRITTEN: usize = 64;

/// Up to [`MAX_SUGGESTIONS`] legal moves of `live` close to `written`, closest first, in
/// the game's canonical notation. Empty when nothing is close or the game is over.
pub fn suggest(live: &AnyGame, written: &str) -> Vec<String> {
    closest(&live.legal_moves(), written)
}

/// The moves of `legal` close to `written`, closest first, at most [`MAX_SUGGESTIONS`].
pub fn closest(legal: &[String], written: &str) -> Vec<String> {
    let written = squeeze(written);
    if written.is_empty() || written.chars().count() > MAX_WRITTEN {
        return Vec::new();
    }
    let (origin, destination) = ends(&written);
    let mut ranked: Vec<(u8, usize, usize, &String)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            let text = squeeze(m);
            if text == written {
                return None;
            }
            let (o, d) = ends(&text);
            let same = u8::from(origin.is_some() && o == origin)
                + u8::from(destination.is_some() && d == destination);
            let distance = edit_distance(&text, &written);
            (same > 0 || distance <= 1).then_some((same, distance, i, m))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    ranked
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|(_, _, _, m)| m.clone())
        .collect()
}

/// Lower case, without spaces: how two writings of a move are compared.
fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The origin and destination cells of a squeezed move (see the module).
fn ends(text: &str) -> (Option<String>, Option<String>) {
    let cells = cells(text);
    match cells.as_slice() {
        [] => (None, None),
        [only] => (None, Some(only.clone())),
        [from, to, ..] => (Some(from.clone()), Some(to.clone())),
    }
}

/// The cells named in a squeezed move, in order.
fn cells(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for run in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.')) {
        let mut cell = String::new();
        let mut previous: Option<char> = None;
        for c in run.chars() {
            if previous.is_some_and(|p| p.is_ascii_digit()) && c.is_ascii_alphabetic() {
                out.push(std::mem::take(&mut cell));
            }
            cell.push(c);
            previous = Some(c);
        }
        out.push(cell);
    }
    out.retain(|c| {
        let c = c.trim_matches('.');
        c.chars().any(|ch| ch.is_ascii_digit()) || c == "bar" || c == "off"
    });
    out
}

/// The Levenshtein distance between `a` and `b`, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn cells_are_split_where_a_digit_meets_a_letter() {
        assert_eq!(cells("e5e6"), ["e5", "e6"]);
        assert_eq!(cells("b.h2b.h4"), ["b.h2", "b.h4"]);
        assert_eq!(cells("v2.2++b.h3"), ["v2.2", "b.h3"]);
        assert_eq!(cells("d4>d5,c6,b7"), ["d4", "d5", "c6", "b7"]);
        assert_eq!(cells("bar/1"), ["bar", "1"]);
        assert_eq!(cells("24/off"), ["24", "off"]);
        assert_eq!(cells("e.h4e.h6!!e.h5"), ["e.h4", "e.h6", "e.h5"]);
        assert_eq!(cells("f2"), ["f2"]);
        assert!(cells("pass").is_empty());
        assert!(cells("").is_empty());
    }

    #[test]
    fn the_distance_counts_one_edit_per_character() {
        assert_eq!(edit_distance("e5e6", "e5e6"), 0);
        assert_eq!(edit_distance("e5e6", "e5e7"), 1);
        assert_eq!(edit_distance("e5e6", "e5e"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn the_closest_come_first_and_far_moves_never() {
        let legal = strings(&["a1b2", "e5e6", "e5f6", "d5e6", "e4e5", "i9h9"]);
        // Same origin and one character off first, then same destination.
        assert_eq!(closest(&legal, "e5e7"), ["e5e6", "e5f6"]);
        assert_eq!(closest(&legal, "c4e6"), ["e5e6", "d5e6"]);
        // The move written is never suggested back.
        assert!(!closest(&legal, "E5 E6").contains(&"e5e6".to_string()));
        assert!(closest(&legal, "zz99").is_empty());
        assert!(closest(&legal, "").is_empty());
        assert!(closest(&[], "e5e7").is_empty());
        let many = strings(&["e5a1", "e5a2", "e5a3", "e5a4", "e5a5"]);
        assert_eq!(closest(&many, "e5e6").len(), MAX_SUGGESTIONS);
    }

    proptest::proptest! {
        #[test]
        fn any_text_gets_suggestions_without_panicking(text in "\\PC{0,80}") {
            let legal = strings(&["a1b2", "b.h2 b.h4", "bar/1", "d4>d5,c6,b7", "f2"]);
            let s = closest(&legal, &text);
            proptest::prop_assert!(s.len() <= MAX_SUGGESTIONS);
            proptest::prop_assert!(s.iter().all(|m| legal.contains(m)));
        }
    }
}
