//! The words that descriptions, explanations and the board share, as catalog messages
//! (`locales/<lang>/tours.ftl`): sides, pieces with their article and colour (French nouns
//! have a gender: *le rond blanc*, *la pile blanche*, chosen by the catalog from the kind),
//! gaits and ordinals.

use crate::games::tours::stack::{Kind, Stack};
use crate::games::{GameKind, Side};
use crate::text::Text;
use crate::tx;

/// The side as a sentence names it: "White" / "les Blancs".
pub fn player(side: Side) -> Text {
    side.said(GameKind::Tours)
}

/// The same at the start of a sentence: "White" / "Les Blancs".
pub fn player_first(side: Side) -> Text {
    side.said_first(GameKind::Tours)
}

/// The catalogs' key of what a stack is: `round`, `square` or `stack` (composite).
fn kind_key(stack: Stack) -> &'static str {
    stack.simple_kind().map_or("stack", Kind::key)
}

/// The stack's code as the board writes it, in capitals: "(RRS)".
fn code(stack: Stack) -> String {
    stack.code().to_uppercase()
}

/// "White's round" / "le rond blanc", "Black's stack (RSS)" / "la pile noire (RSS)".
pub fn owned(stack: Stack) -> Text {
    tx!(
        "tours-owned",
        owner = stack.side().name(),
        kind = kind_key(stack),
        code = code(stack)
    )
}

/// The same at the start of a sentence: "White's round" / "Le rond blanc".
pub fn owned_first(stack: Stack) -> Text {
    tx!(
        "tours-owned-start",
        owner = stack.side().name(),
        kind = kind_key(stack),
        code = code(stack)
    )
}

/// "the round" / "le rond", "the stack (RR)" / "la pile (RR)".
pub fn the(stack: Stack) -> Text {
    tx!("tours-the", kind = kind_key(stack), code = code(stack))
}

/// What it is, without article: "round", "stack (RRS)" / "rond", "pile (RRS)".
pub fn noun(stack: Stack) -> Text {
    tx!("tours-noun", kind = kind_key(stack), code = code(stack))
}

/// "a Black piece" / "une pièce noire".
pub fn a_piece_of(side: Side) -> Text {
    tx!("tours-a-piece", owner = side.name())
}

/// "round" / "rond", "square" / "carré".
pub fn kind(kind: Kind) -> Text {
    tx!("tours-kind", kind = kind.key())
}

/// "rounds" / "ronds", "squares" / "carrés".
pub fn kinds(kind: Kind) -> Text {
    tx!("tours-kinds", kind = kind.key())
}

/// How a kind moves: "diagonally forward" / "en diagonale vers l'avant".
pub fn gait(kind: Kind) -> Text {
    tx!("tours-gait", kind = kind.key())
}

/// "first piece" / "première pièce", ... for the pieces of a deployment (`index` from 0).
pub fn nth_piece(index: usize) -> Text {
    tx!("tours-nth-piece", nth = index + 1)
}

/// "1 cell" / "1 case", "2 cells" / "2 cases".
pub fn cells(n: u8) -> Text {
    tx!("tours-cells", count = n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    #[test]
    fn french_nouns_take_their_gender() {
        let rr = Stack::new(Side::White, 2, 0).unwrap();
        assert_eq!(owned(rr).get(Lang::FR), "la pile blanche (RR)");
        assert_eq!(owned(rr).get(Lang::EN), "White's stack (RR)");
        assert_eq!(owned_first(rr).get(Lang::FR), "La pile blanche (RR)");
        let s = Stack::single(Side::Black, Kind::Square);
        assert_eq!(owned(s).get(Lang::FR), "le carré noir");
        assert_eq!(the(s).get(Lang::EN), "the square");
        assert_eq!(the(rr).get(Lang::FR), "la pile (RR)");
        assert_eq!(noun(rr).get(Lang::EN), "stack (RR)");
        assert_eq!(a_piece_of(Side::Black).get(Lang::FR), "une pièce noire");
        assert_eq!(nth_piece(0).get(Lang::FR), "première pièce");
        assert_eq!(nth_piece(2).get(Lang::EN), "third piece");
        assert_eq!(cells(1).get(Lang::EN), "1 cell");
        assert_eq!(cells(3).get(Lang::FR), "3 cases");
    }
}
