//! The one-line position string (§8.6) and the validation of positions (§7).
//!
//! Written form: `W: Kd1 Qv1.1 ... Pa.h2 ...; B: Kd7 ...; w`: each side's King, Queens and
//! Pawns (`K`/`Q`/`P` and a cell), then the side to move, `w` or `b`.
//!
//! Read leniently: any case; pieces separated by spaces or commas; the sides in any order;
//! the French letters `R` (roi) and `D` (dame) and `N:` (noir); the side to move as `w`,
//! `b`, `white`, `black`, `blanc`, `noir`, `W to move`, `trait aux noirs`, ... or left out,
//! which means White (the spec's own form, `W: ...; B: ...`).
//!
//! A position is refused, with the reason, when a piece stands where it never can (a butée,
//! a queen or pawn on a royal square, a King on a rectangle, a pawn behind its starting
//! lines or on its promotion line), when a side has not exactly one King or more pieces than
//! it starts with, when the Kings stand closer than the rules allow, or when a King is
//! already shut in (the game would be over).

use crate::games::bulltricker::board::{Board, Kind, Piece};
use crate::games::bulltricker::captures::promotion_row;
use crate::games::bulltricker::geometry::{Cell, CellKind};
use crate::games::bulltricker::outcome::{is_enclosed, material_draw};
use crate::games::bulltricker::position::Position;
use crate::games::bulltricker::rules::{KingSeparation, Rules};
use crate::games::{GameKind, PositionError, Side};
use crate::text::Text;
use crate::tx;

/// The initial position (§2), White to move.
pub const INITIAL: &str = "W: Kd1 Qv1.1 Qv2.1 Qv3.1 Qv4.1 Qv5.1 Qv6.1 Qv7.1 Qv8.1 \
    Pa.h2 Pb.h2 Pc.h2 Pd.h2 Pe.h2 Pf.h2 Pg.h2 Pv1.2 Pv2.2 Pv3.2 Pv4.2 Pv5.2 Pv6.2 Pv7.2 Pv8.2; \
    B: Kd7 Pv1.6 Pv2.6 Pv3.6 Pv4.6 Pv5.6 Pv6.6 Pv7.6 Pv8.6 Pa.h7 Pb.h7 Pc.h7 Pd.h7 Pe.h7 Pf.h7 \
    Pg.h7 Qv1.7 Qv2.7 Qv3.7 Qv4.7 Qv5.7 Qv6.7 Qv7.7 Qv8.7; w";

/// Each side's pawns at the start, the most it can ever have.
pub const MAX_PAWNS: usize = 15;

/// Each side's queens and pawns at the start, the most it can ever have.
pub const MAX_RECTANGULAR: usize = 23;

fn error(reason: Text) -> PositionError {
    PositionError::new(reason)
}

/// The side as a sentence names it: "White" / "les Blancs".
fn side_name(side: Side) -> Text {
    side.said(GameKind::Bulltricker)
}

/// Reads a position string under `rules`; `to_move` overrides the side it names.
pub fn read(text: &str, to_move: Option<Side>, rules: Rules) -> Result<Position, PositionError> {
    let mut board = Board::default();
    let mut seen = [false; 2];
    let mut written_side = None;
    let sections: Vec<&str> = text
        .split([';', '\n'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if sections.is_empty() {
        return Err(error(tx!("bulltricker-position-empty-write-as")));
    }
    for section in sections {
        let (key, value) = match section.split_once(':') {
            Some((k, v)) => (k.trim(), v.trim()),
            None => ("", section),
        };
        if let Some(side) = pieces_side(key) {
            if seen[side.index()] {
                return Err(error(tx!(
                    "bulltricker-s-pieces-given-twice",
                    side = side.name()
                )));
            }
            seen[side.index()] = true;
            read_pieces(value, side, &mut board)?;
        } else if key.is_empty() || is_to_move_word(key) {
            if written_side.is_some() {
                return Err(error(tx!("bulltricker-side-move-given-twice")));
            }
            written_side = Some(read_side_to_move(value)?);
        } else {
            return Err(error(tx!("bulltricker-key-not-side-write", key = key)));
        }
    }
    for side in Side::BOTH {
        if !seen[side.index()] {
            let letter = match side {
                Side::White => "W",
                Side::Black => "B",
            };
            return Err(error(tx!(
                "bulltricker-s-pieces-missing-write",
                side = side.name(),
                letter = letter
            )));
        }
    }
    let kings = validate_board(&board, rules)?;
    let to_move = to_move.or(written_side).unwrap_or(Side::White);
    for side in Side::BOTH {
        let king = kings[side.index()];
        if is_enclosed(&board, king, side) {
            let the = Piece::new(side, Kind::King).the_on(king);
            return Err(error(tx!("bulltricker-already-shut-mat-trick", the = the)));
        }
    }
    let ended = material_draw(&board);
    Ok(Position {
        board,
        to_move,
        kings,
        rules,
        ended,
    })
}

/// The side whose pieces follow `key:`, if `key` names one.
fn pieces_side(key: &str) -> Option<Side> {
    match key.to_lowercase().as_str() {
        "w" | "white" | "blanc" | "blancs" => Some(Side::White),
        "b" | "black" | "n" | "noir" | "noirs" => Some(Side::Black),
        _ => None,
    }
}

/// Words that introduce the side to move (`to move: b`, `trait: n`).
fn is_to_move_word(key: &str) -> bool {
    let k = key.to_lowercase();
    ["move", "trait", "side", "turn", "jouer", "joue"]
        .iter()
        .any(|w| k.contains(w))
}

/// Reads `w`, `b`, `White to move`, `trait aux noirs`, ...
fn read_side_to_move(value: &str) -> Result<Side, PositionError> {
    const FILLERS: [&str; 16] = [
        "to", "move", "moves", "play", "plays", "side", "turn", "trait", "au", "aux", "à", "a",
        "jouer", "joue", "the", "les",
    ];
    let lower = value.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != 'à')
        .filter(|w| !w.is_empty() && !FILLERS.contains(w))
        .collect();
    let side = match words.as_slice() {
        [word] => match *word {
            "n" => Some(Side::Black),
            w => Side::from_name(w),
        },
        _ => None,
    };
    side.ok_or_else(|| error(tx!("bulltricker-value-does-not-say", value = value)))
}

/// Reads the pieces of one side onto `board`.
fn read_pieces(text: &str, side: Side, board: &mut Board) -> Result<(), PositionError> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        i += 1;
        let mut chars = token.chars();
        let letter = chars.next().unwrap_or(' ');
        let Some(kind) = Kind::from_letter(letter) else {
            return Err(error(tx!(
                "bulltricker-token-not-piece-write",
                token = token
            )));
        };
        let mut cell_text = chars.as_str().to_string();
        if cell_text.is_empty() {
            // `K d1`: the letter and the cell apart.
            match tokens.get(i) {
                Some(next) => {
                    cell_text = next.to_string();
                    i += 1;
                }
                None => {
                    return Err(error(tx!("bulltricker-token-lacks-cell", token = token)));
                }
            }
        }
        let cell = Cell::parse(&cell_text).map_err(error)?;
        if board.get(cell).is_some() {
            return Err(error(tx!(
                "bulltricker-two-pieces-cell",
                cell = cell.to_string()
            )));
        }
        board.set(cell, Some(Piece::new(side, kind)));
    }
    Ok(())
}

/// Checks that `board` is a position the rules can reach (§7) and returns the King cells.
/// The enclosure of a King is not checked here: positions where the game has just ended
/// pass.
pub fn validate_board(board: &Board, rules: Rules) -> Result<[Cell; 2], PositionError> {
    let mut kings: [Vec<Cell>; 2] = [Vec::new(), Vec::new()];
    let mut pawns = [0usize; 2];
    let mut rectangular = [0usize; 2];
    for cell in Cell::all() {
        let Some(piece) = board.get(cell) else {
            continue;
        };
        let the = piece.the();
        let side = piece.side;
        match (piece.kind, cell.kind()) {
            (_, CellKind::Butee) => {
                return Err(error(tx!(
                    "bulltricker-stands-but-e-cell",
                    the = the,
                    cell = cell.to_string()
                )));
            }
            (Kind::King, CellKind::Royal) => kings[side.index()].push(cell),
            (Kind::King, _) => {
                return Err(error(tx!(
                    "bulltricker-king-stands-royal-square",
                    cell = cell.to_string()
                )));
            }
            (_, CellKind::Royal) => {
                return Err(error(tx!(
                    "bulltricker-cannot-stand-royal-square",
                    the = the,
                    cell = cell.to_string()
                )));
            }
            (kind, _) => {
                rectangular[side.index()] += 1;
                if kind == Kind::Pawn {
                    pawns[side.index()] += 1;
                    check_pawn_cell(side, cell)?;
                }
            }
        }
    }
    for side in Side::BOTH {
        let who = side_name(side);
        let n = kings[side.index()].len();
        if n != 1 {
            return Err(error(if n == 0 {
                tx!("bulltricker-has-no-king", who = who)
            } else {
                tx!("bulltricker-has-kings-each-side", who = who, n = n)
            }));
        }
        if pawns[side.index()] > MAX_PAWNS {
            let n = pawns[side.index()];
            return Err(error(tx!(
                "bulltricker-has-pawns-side-starts",
                who = who,
                n = n,
                value = MAX_PAWNS
            )));
        }
        if rectangular[side.index()] > MAX_RECTANGULAR {
            let n = rectangular[side.index()];
            return Err(error(tx!(
                "bulltricker-has-queens-pawns-side",
                who = who,
                n = n,
                value = MAX_RECTANGULAR
            )));
        }
    }
    let (white, black) = (kings[0][0], kings[1][0]);
    let dx = (white.x() - black.x()).abs();
    let dy = (white.y() - black.y()).abs();
    let too_close = match rules.king_separation {
        KingSeparation::Strict => white.royal_distance(black) < 2,
        KingSeparation::OrthogonalOnly => dx + dy <= 2,
        KingSeparation::AppCompatible => false,
    };
    if too_close {
        let rule = match rules.king_separation {
            KingSeparation::Strict => tx!("bulltricker-at-least-one-royal"),
            _ => tx!("bulltricker-apart-never-side-by"),
        };
        return Err(error(tx!(
            "bulltricker-kings-white-black-touch",
            rule = rule,
            white = white.to_string(),
            black = black.to_string()
        )));
    }
    Ok([white, black])
}

/// A pawn never stands behind its side's starting lines, nor on its promotion line.
fn check_pawn_cell(side: Side, cell: Cell) -> Result<(), PositionError> {
    let the = Piece::new(side, Kind::Pawn).the();
    if cell.y() == promotion_row(side) {
        return Err(error(tx!(
            "bulltricker-cell-would-already-have",
            the = the,
            cell = cell.to_string()
        )));
    }
    let behind = match side {
        Side::White => cell.y() < 2,
        Side::Black => cell.y() > 12,
    };
    if behind {
        return Err(error(tx!(
            "bulltricker-can-never-stand-cell",
            the = the,
            cell = cell.to_string()
        )));
    }
    Ok(())
}

/// Writes the position string: `W: K.. Q.. P..; B: K.. Q.. P..; w`.
pub fn write(pos: &Position) -> String {
    let side_part = |side: Side| -> String {
        let mut items = Vec::new();
        for kind in [Kind::King, Kind::Queen, Kind::Pawn] {
            for (cell, piece) in pos.board.pieces() {
                if piece.side == side && piece.kind == kind {
                    items.push(format!("{}{cell}", kind.code()));
                }
            }
        }
        items.join(" ")
    };
    let to_move = match pos.to_move {
        Side::White => "w",
        Side::Black => "b",
    };
    format!(
        "W: {}; B: {}; {to_move}",
        side_part(Side::White),
        side_part(Side::Black)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_default(text: &str) -> Result<Position, PositionError> {
        read(text, None, Rules::default())
    }

    #[test]
    fn the_initial_position_has_24_pieces_a_side_and_reads_back() {
        let pos = read_default(INITIAL).unwrap();
        assert_eq!(pos.board.pieces().count(), 48);
        assert_eq!(pos.to_move, Side::White);
        assert_eq!(pos.king(Side::White).name(), "d1");
        assert_eq!(pos.king(Side::Black).name(), "d7");
        let written = write(&pos);
        assert_eq!(read_default(&written).unwrap(), pos);
    }

    #[test]
    fn the_side_to_move_is_read_in_many_forms_and_defaults_to_white() {
        let base = "W: Kd1 Qv1.1 Qv2.1 Qv3.1 Qv4.1; B: Kd7 Qv8.7 Qv7.7 Qv6.7 Qv5.7";
        assert_eq!(read_default(base).unwrap().to_move, Side::White);
        for (suffix, side) in [
            ("; b", Side::Black),
            ("; W", Side::White),
            ("; Black to move", Side::Black),
            ("; trait aux noirs", Side::Black),
            ("; to move: white", Side::White),
            ("; Noir", Side::Black),
        ] {
            let pos = read_default(&format!("{base}{suffix}")).unwrap();
            assert_eq!(pos.to_move, side, "{suffix}");
        }
        let forced = read(&format!("{base}; b"), Some(Side::White), Rules::default()).unwrap();
        assert_eq!(forced.to_move, Side::White);
        let err = read_default(&format!("{base}; maybe")).unwrap_err();
        assert!(err.reason.en().contains("who moves"), "{}", err.reason.en());
    }

    #[test]
    fn lenient_forms_are_read() {
        let pos = read_default(
            "b: kd7, qv8.7 qv7.7 QV6.7 Q v5.7; n:RD1 Dv1.1 Dv2.1 Dv3.1 Dv4.1; trait: b",
        );
        // `n:` is Black too, so Black is given twice.
        assert!(pos.is_err());
        let pos = read_default(
            "b: kd7, qv8.7 qv7.7 QV6.7 Q v5.7; blanc: RD1 Dv1.1 Dv2.1 Dv3.1 Dv4.1; trait: b",
        )
        .unwrap();
        assert_eq!(pos.to_move, Side::Black);
        assert_eq!(pos.board.rectangular_count(Side::Black), 4);
        assert_eq!(pos.king(Side::White).name(), "d1");
    }

    #[test]
    fn impossible_positions_are_refused_with_the_reason() {
        let rest = "Qv1.1 Qv2.1 Qv3.1 Qv4.1";
        let black = "B: Kd7 Qv8.7 Qv7.7 Qv6.7 Qv5.7";
        for (text, words) in [
            ("".to_string(), "empty"),
            (format!("W: Kd1 {rest} Qv4.h2; {black}"), "butée"),
            (format!("W: Kd1 {rest} Qd4; {black}"), "royal square d4"),
            (format!("W: Kd.h1 {rest}; {black}"), "not on the rectangle"),
            (
                format!("W: Kd1 {rest} Pa.h1; {black}"),
                "can never stand on a.h1",
            ),
            (
                format!("W: Kd1 {rest} Pv6.1; {black}"),
                "can never stand on v6.1",
            ),
            (
                format!("W: Kd1 {rest} Pa.h8; {black}"),
                "already have become a queen",
            ),
            (
                "W: Kd1 Qv1.1 Qv2.1 Qv3.1 Qv4.1; B: Kd7 Qv8.7 Qv7.7 Qv6.7 Qv5.7 Pa.h1".to_string(),
                "already have become a queen",
            ),
            (
                "W: Kd1 Qv1.1 Qv2.1 Qv3.1 Qv4.1; B: Kd7 Qv8.7 Qv7.7 Qv6.7 Qv5.7 Pv1.7".to_string(),
                "can never stand on v1.7",
            ),
            (format!("W: {rest}; {black}"), "White has no king"),
            (format!("W: Kd1 Kb1 {rest}; {black}"), "2 kings"),
            (
                format!("W: Kd1 {rest} Qv1.1; {black}"),
                "two pieces on v1.1",
            ),
            (format!("W: Kd6 {rest}; {black}"), "must stay"),
            (format!("W: Kc6 {rest}; {black}"), "must stay"),
            (format!("W: Kd1 {rest}"), "Black's pieces are missing"),
            (format!("W: Kd1 {rest}; {black}; W: Kd1"), "given twice"),
            (format!("X: Kd1 {rest}; {black}"), "not a side"),
            (format!("W: Kd1 {rest} Zv1.2; {black}"), "not a piece"),
            (format!("W: Kd1 {rest} Pa9; {black}"), "no row 9"),
            (format!("W: Kd1 {rest} P; {black}"), "lacks its cell"),
            (
                format!("W: Kd1 Qv4.1 Qv5.1 Qd.h2 Qv1.1; {black} Qd.h1"),
                "already shut in",
            ),
        ] {
            let err = read_default(&text).unwrap_err();
            assert!(
                err.reason.en().contains(words),
                "{text}: {}",
                err.reason.en()
            );
            assert!(!err.reason.fr().is_empty());
        }
    }

    #[test]
    fn a_side_cannot_have_more_pawns_than_it_starts_with() {
        let pawns: Vec<String> = (0..8)
            .flat_map(|x| [format!("Pv{}.3", x + 1), format!("Pv{}.4", x + 1)])
            .collect();
        let text = format!("W: Kd1 {}; B: Kd7 Qv1.7", pawns.join(" "));
        let err = read_default(&text).unwrap_err();
        assert!(err.reason.en().contains("16 pawns"), "{}", err.reason.en());
    }

    #[test]
    fn king_distance_follows_the_separation_option() {
        let text = "W: Kc4 Qv1.1 Qv2.1 Qv3.1 Qv4.1; B: Kd5 Qv8.7 Qv7.7 Qv6.7 Qv5.7";
        assert!(read_default(text).is_err());
        let orthogonal = Rules {
            king_separation: KingSeparation::OrthogonalOnly,
            ..Rules::default()
        };
        assert!(read(text, None, orthogonal).is_ok());
        let side_by_side = "W: Kc4 Qv1.1 Qv2.1 Qv3.1 Qv4.1; B: Kd4 Qv8.7 Qv7.7 Qv6.7 Qv5.7";
        assert!(read(side_by_side, None, orthogonal).is_err());
        let app = Rules {
            king_separation: KingSeparation::AppCompatible,
            ..Rules::default()
        };
        assert!(read(side_by_side, None, app).is_ok());
    }

    #[test]
    fn a_position_with_three_rectangles_each_is_already_drawn() {
        let pos = read_default("W: Kd1 Qv1.1 Qv2.1 Qv3.1; B: Kd7 Qv8.7 Qv7.7 Qv6.7").unwrap();
        assert!(pos.ended.is_some());
    }
}
