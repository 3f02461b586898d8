//! The bilingual words that descriptions, explanations and the board share: sides, pieces
//! with their article and colour (French nouns have a gender: *le rond blanc*, *la pile
//! blanche*), gaits and ordinals.

use crate::games::Side;
use crate::games::tours::stack::{Kind, Stack};
use crate::text::Text;

/// "White" / "Blanc".
pub fn side(side: Side) -> Text {
    match side {
        Side::White => Text::new("White", "Blanc"),
        Side::Black => Text::new("Black", "Noir"),
    }
}

/// "White" / "les Blancs" (the player as the one who plays a colour).
pub fn player(side: Side) -> Text {
    match side {
        Side::White => Text::new("White", "les Blancs"),
        Side::Black => Text::new("Black", "les Noirs"),
    }
}

/// "White" / "blanche" for a feminine noun (pièce, pile), "blanc" for a masculine one.
fn colour(side: Side, feminine: bool) -> Text {
    match (side, feminine) {
        (Side::White, false) => Text::new("White", "blanc"),
        (Side::White, true) => Text::new("White", "blanche"),
        (Side::Black, false) => Text::new("Black", "noir"),
        (Side::Black, true) => Text::new("Black", "noire"),
    }
}

/// "White's round" / "le rond blanc", "Black's stack (RSS)" / "la pile noire (RSS)".
pub fn owned(stack: Stack) -> Text {
    let noun = stack.noun();
    let feminine = stack.is_composite();
    let col = colour(stack.side(), feminine);
    match stack.simple_kind() {
        Some(_) => Text::new(
            format!("{}'s {}", col.en(), noun.en()),
            format!("le {} {}", noun.fr(), col.fr()),
        ),
        None => {
            let code = stack.code().to_uppercase();
            Text::new(
                format!("{}'s stack {code}", col.en()),
                format!("la pile {} {code}", col.fr()),
            )
        }
    }
}

/// The same text with a capital first letter in both languages, to open a sentence.
pub fn capitalized(text: Text) -> Text {
    fn cap(s: &str) -> String {
        let mut chars = s.chars();
        match chars.next() {
            Some(c) => c.to_uppercase().chain(chars).collect(),
            None => String::new(),
        }
    }
    Text::new(cap(&text.en()), cap(&text.fr()))
}

/// "the round" / "le rond", "the stack (RR)" / "la pile (RR)".
pub fn the(stack: Stack) -> Text {
    let noun = stack.noun();
    let article = if stack.is_composite() { "la" } else { "le" };
    Text::new(
        format!("the {}", noun.en()),
        format!("{article} {}", noun.fr()),
    )
}

/// "Black piece" / "pièce noire".
pub fn piece_of(side: Side) -> Text {
    let col = colour(side, true);
    Text::new(format!("{} piece", col.en()), format!("pièce {}", col.fr()))
}

/// "a Black piece" / "une pièce noire".
pub fn a_piece_of(side: Side) -> Text {
    let piece = piece_of(side);
    Text::new(format!("a {}", piece.en()), format!("une {}", piece.fr()))
}

/// How a kind moves: "diagonally forward" / "en diagonale vers l'avant", "straight ahead or
/// sideways" / "tout droit ou de côté".
pub fn gait(kind: Kind) -> Text {
    match kind {
        Kind::Round => Text::new("diagonally forward", "en diagonale vers l'avant"),
        Kind::Square => Text::new("straight ahead or sideways", "tout droit ou de côté"),
    }
}

/// French "only" before an adverbial phrase, elided before a vowel: "que tout droit",
/// "qu'en diagonale".
pub fn only(phrase: &str) -> String {
    match phrase.chars().next() {
        Some('a' | 'e' | 'é' | 'i' | 'o' | 'u') => format!("qu'{phrase}"),
        _ => format!("que {phrase}"),
    }
}

/// "first piece" / "première pièce", ... for the pieces of a deployment.
pub fn nth_piece(index: usize) -> Text {
    match index {
        0 => Text::new("first piece", "première pièce"),
        1 => Text::new("second piece", "deuxième pièce"),
        _ => Text::new("third piece", "troisième pièce"),
    }
}

/// "1 cell" / "1 case", "2 cells" / "2 cases".
pub fn cells(n: u8) -> Text {
    if n == 1 {
        Text::new("1 cell", "1 case")
    } else {
        Text::new(format!("{n} cells"), format!("{n} cases"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_nouns_take_their_gender() {
        let rr = Stack::new(Side::White, 2, 0).unwrap();
        assert_eq!(owned(rr).fr(), "la pile blanche (RR)");
        assert_eq!(owned(rr).en(), "White's stack (RR)");
        let s = Stack::single(Side::Black, Kind::Square);
        assert_eq!(owned(s).fr(), "le carré noir");
        assert_eq!(the(s).en(), "the square");
        assert_eq!(a_piece_of(Side::Black).fr(), "une pièce noire");
    }
}
