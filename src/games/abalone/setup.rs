//! Position strings: reading and validating them, and writing the canonical one.
//!
//! Three formats are read (section 4.1 and 3.6 of the rules):
//!
//! * **compact** (KAAWA, KAAH, MiGs tooling): `<k><Black cells>_<k><White cells>`, each half
//!   starting with the number of marbles of that colour already pushed off, cells grouped by
//!   row letter: `0a12345b123456c345_0g567h456789i56789`;
//! * the **comma form** (AbalOnline): the same halves separated by a comma, cells written in
//!   full: `0a1a2b1b2b3c2c3g7g8h7h8h9i8i9,0a4a5b4b5b6c5c6g4g5h4h5h6i5i6`;
//! * **APGN `Position`**: rows I to A separated by `/`, `b` and `w` for marbles, digits for
//!   runs of empty cells, an optional `-<n>b<n>w` (Black's lost marbles, then White's), then
//!   the side to move: `wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b`.
//!
//! Any of them may end with the side to move (`b`/`w`, `black`/`white`, `noir`/`blanc`);
//! without it Black moves, as at the start of every variant.
//!
//! The canonical string, written by [`write()`] and by `Position::position_string`, is the
//! compact form followed by a space and the side to move: `0a12…c345_0g567…i56789 b`.
//! Reading it back gives the same position.
//!
//! Validation: every cell on the board, no cell twice, 1 to 14 marbles per side (small test
//! positions such as `0e123_0e4` of section 8.3 are allowed). Counters go
//! from 0 to 5 while a game is being played; 6 is accepted for one side, because that is what
//! the position string of a finished game says (the string reads back as a finished game).

use super::board::{Board, MAX_MARBLES, WINNING_EJECTIONS};
use super::cell::Cell;
use crate::games::{PositionError, Side};
use crate::text::Text;
use crate::tx;

fn err(reason: Text) -> PositionError {
    PositionError::new(reason)
}

/// Reads a position string in any accepted format and validates it. Returns the board and
/// whether the string named the side to move.
pub fn read(text: &str) -> Result<(Board, bool), PositionError> {
    let (board, named) = read_unchecked(text)?;
    validate(&board)?;
    Ok((board, named))
}

/// Reads a position string without the material checks (1 to 14 marbles a side, counters at
/// most 6): only for test positions that break them, such as one of PlayStrategy's.
/// Cells, duplicates and counters (0 to 9) are still checked.
pub fn read_unchecked(text: &str) -> Result<(Board, bool), PositionError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(err(tx!("abalone-position-empty")));
    }
    let mut parts = text.split_whitespace();
    let marbles = parts.next().unwrap_or_default();
    let side = parts.next();
    if let Some(extra) = parts.next() {
        return Err(err(tx!("abalone-position-after-side", extra = extra)));
    }
    let to_move = match side {
        None => None,
        Some(s) => {
            Some(Side::from_name(s).ok_or_else(|| err(tx!("abalone-position-side", text = s)))?)
        }
    };
    let (black, white, lost) = if marbles.contains('/') {
        read_rows(marbles)?
    } else {
        read_compact(marbles)?
    };
    let board = Board {
        marbles: {
            let mut m = [0; 2];
            m[Side::Black.index()] = black;
            m[Side::White.index()] = white;
            m
        },
        lost: {
            let mut l = [0; 2];
            l[Side::Black.index()] = lost[0];
            l[Side::White.index()] = lost[1];
            l
        },
        to_move: to_move.unwrap_or(Side::Black),
    };
    Ok((board, to_move.is_some()))
}

/// Checks the rules every playable position obeys.
fn validate(board: &Board) -> Result<(), PositionError> {
    if board.lost(Side::Black) >= WINNING_EJECTIONS && board.lost(Side::White) >= WINNING_EJECTIONS
    {
        return Err(err(tx!("abalone-position-both-lost")));
    }
    for side in [Side::Black, Side::White] {
        let owner = side.name();
        let count = board.marbles(side).count_ones();
        if count > MAX_MARBLES {
            return Err(err(tx!(
                "abalone-position-marbles",
                owner = owner,
                count = count
            )));
        }
        let lost = board.lost(side);
        if lost > WINNING_EJECTIONS {
            return Err(err(tx!(
                "abalone-position-lost",
                owner = owner,
                lost = lost
            )));
        }
        if count == 0 {
            return Err(err(tx!("abalone-position-no-marble", owner = owner)));
        }
    }
    Ok(())
}

/// Adds `cell` to `set`, refusing a cell given twice.
fn put(set: &mut u128, cell: Cell, side: Side) -> Result<(), PositionError> {
    if *set & cell.bit() != 0 {
        let owner = side.name();
        return Err(err(tx!(
            "abalone-position-twice",
            cell = cell.upper(),
            owner = owner
        )));
    }
    *set |= cell.bit();
    Ok(())
}

fn check_disjoint(black: u128, white: u128) -> Result<(), PositionError> {
    if let Some(cell) = super::bits::cells(black & white).next() {
        return Err(err(tx!(
            "abalone-position-both-colours",
            cell = cell.upper()
        )));
    }
    Ok(())
}

/// Reads `<k><cells>_<k><cells>` or `<k><cells>,<k><cells>`.
fn read_compact(text: &str) -> Result<(u128, u128, [u8; 2]), PositionError> {
    let halves: Vec<&str> = text.split(['_', ',']).collect();
    if halves.len() != 2 {
        return Err(err(tx!("abalone-compact-halves", count = halves.len())));
    }
    let (black, lost_black) = read_half(halves[0], Side::Black)?;
    let (white, lost_white) = read_half(halves[1], Side::White)?;
    check_disjoint(black, white)?;
    Ok((black, white, [lost_black, lost_white]))
}

/// Reads one half: a counter digit, then row letters each followed by digits.
fn read_half(text: &str, side: Side) -> Result<(u128, u8), PositionError> {
    let owner = side.name();
    let mut chars = text.chars();
    let lost = match chars.next() {
        Some(c) if c.is_ascii_digit() => c as u8 - b'0',
        _ => {
            return Err(err(tx!("abalone-compact-counter", owner = owner)));
        }
    };
    let mut set = 0u128;
    let mut row: Option<char> = None;
    let mut row_has_cells = true;
    for c in chars {
        let lower = c.to_ascii_lowercase();
        match lower {
            'a'..='i' => {
                if !row_has_cells {
                    return Err(letter_without_digit(row.unwrap_or(lower)));
                }
                row = Some(lower);
                row_has_cells = false;
            }
            '1'..='9' => {
                let Some(letter) = row else {
                    return Err(err(tx!("abalone-compact-digit", owner = owner, char = c)));
                };
                let name = format!("{letter}{c}");
                let cell = Cell::parse(&name).ok_or_else(|| off_board(&name))?;
                put(&mut set, cell, side)?;
                row_has_cells = true;
            }
            _ => {
                return Err(err(tx!(
                    "abalone-compact-character",
                    owner = owner,
                    char = c
                )));
            }
        }
    }
    if !row_has_cells {
        return Err(letter_without_digit(row.unwrap_or('?')));
    }
    Ok((set, lost))
}

fn letter_without_digit(letter: char) -> PositionError {
    err(tx!("abalone-compact-row-digit", letter = letter))
}

fn off_board(name: &str) -> PositionError {
    let upper = name.to_uppercase();
    err(tx!("abalone-cell-off-board", cell = upper))
}

/// The row lengths from row I down to row A.
const ROWS_TOP_DOWN: [(u8, usize); 9] = [
    (9, 5),
    (8, 6),
    (7, 7),
    (6, 8),
    (5, 9),
    (4, 8),
    (3, 7),
    (2, 6),
    (1, 5),
];

/// Reads the APGN rows (`wwwww/…/bbbbb`) with an optional `-<n>b<n>w` counter segment.
fn read_rows(text: &str) -> Result<(u128, u128, [u8; 2]), PositionError> {
    let (rows_text, counters) = match text.split_once('-') {
        Some((rows, counters)) => (rows, Some(counters)),
        None => (text, None),
    };
    let lost = match counters {
        None => [0, 0],
        Some(c) => read_counters(c)?,
    };
    let rows: Vec<&str> = rows_text.split('/').collect();
    if rows.len() != 9 {
        return Err(err(tx!("abalone-apgn-rows", count = rows.len())));
    }
    let (mut black, mut white) = (0u128, 0u128);
    for (text, (row, len)) in rows.iter().zip(ROWS_TOP_DOWN) {
        let letter = char::from(b'A' + row - 1);
        let first = (row.saturating_sub(4)).max(1);
        let mut filled = 0usize;
        for c in text.chars() {
            match c {
                '1'..='9' => filled += usize::from(c as u8 - b'0'),
                'b' | 'B' | 'w' | 'W' => {
                    if filled < len {
                        let cell = Cell::new(row, first + filled as u8)
                            .ok_or_else(|| off_board(&format!("{letter}?")))?;
                        if c.eq_ignore_ascii_case(&'b') {
                            put(&mut black, cell, Side::Black)?;
                        } else {
                            put(&mut white, cell, Side::White)?;
                        }
                    }
                    filled += 1;
                }
                _ => {
                    return Err(err(tx!(
                        "abalone-apgn-character",
                        letter = letter,
                        char = c
                    )));
                }
            }
        }
        if filled != len {
            return Err(err(tx!(
                "abalone-apgn-row-length",
                letter = letter,
                filled = filled,
                length = len
            )));
        }
    }
    Ok((black, white, lost))
}

/// Reads `<n>b<n>w` (Black's lost marbles, then White's).
fn read_counters(text: &str) -> Result<[u8; 2], PositionError> {
    let bad = || err(tx!("abalone-apgn-counters", text = text));
    let lower = text.to_ascii_lowercase();
    let (b, rest) = lower.split_once('b').ok_or_else(bad)?;
    let w = rest.strip_suffix('w').ok_or_else(bad)?;
    let b: u8 = b.parse().map_err(|_| bad())?;
    let w: u8 = w.parse().map_err(|_| bad())?;
    if b > 9 || w > 9 {
        return Err(bad());
    }
    Ok([b, w])
}

/// The cells of a set written grouped by row: `a12345b123456c345`.
fn write_cells(set: u128) -> String {
    let mut out = String::new();
    let mut row = None;
    for cell in super::bits::cells(set) {
        if row != Some(cell.row()) {
            out.push(cell.letter());
            row = Some(cell.row());
        }
        out.push(char::from(b'0' + cell.diag()));
    }
    out
}

fn side_letter(side: Side) -> char {
    match side {
        Side::Black => 'b',
        Side::White => 'w',
    }
}

/// The canonical position string: compact form, a space, the side to move.
pub fn write(board: &Board) -> String {
    format!(
        "{}{}_{}{} {}",
        board.lost(Side::Black),
        write_cells(board.marbles(Side::Black)),
        board.lost(Side::White),
        write_cells(board.marbles(Side::White)),
        side_letter(board.to_move)
    )
}

/// The APGN `Position` tag value: rows I to A, the counters when not both zero, the side.
pub fn write_apgn(board: &Board) -> String {
    let mut rows = Vec::with_capacity(9);
    for (row, len) in ROWS_TOP_DOWN {
        let first = (row.saturating_sub(4)).max(1);
        let mut text = String::new();
        let mut gap = 0;
        for i in 0..len as u8 {
            let cell = Cell::new(row, first + i);
            match cell.and_then(|c| board.at(c)) {
                None => gap += 1,
                Some(side) => {
                    if gap > 0 {
                        text.push(char::from(b'0' + gap));
                        gap = 0;
                    }
                    text.push(side_letter(side));
                }
            }
        }
        if gap > 0 {
            text.push(char::from(b'0' + gap));
        }
        rows.push(text);
    }
    let mut out = rows.join("/");
    let (b, w) = (board.lost(Side::Black), board.lost(Side::White));
    if b != 0 || w != 0 {
        out.push_str(&format!("-{b}b{w}w"));
    }
    out.push(' ');
    out.push(side_letter(board.to_move));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const STANDARD: &str = "0a12345b123456c345_0g567h456789i56789";

    #[test]
    fn the_three_formats_give_the_same_standard_position() {
        let (compact, named) = read(STANDARD).unwrap();
        assert!(!named);
        let (apgn, named) = read("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b").unwrap();
        assert!(named);
        let (comma, _) =
            read("0a1a2a3a4a5b1b2b3b4b5b6c3c4c5,0g5g6g7h4h5h6h7h8h9i5i6i7i8i9").unwrap();
        assert_eq!(compact, apgn);
        assert_eq!(compact, comma);
        assert_eq!(compact.marbles(Side::Black).count_ones(), 14);
        assert_eq!(compact.to_move(), Side::Black);
    }

    #[test]
    fn the_canonical_string_reads_back_exactly() {
        let (board, _) = read("3h67i8_5b1i59 w").unwrap();
        let written = write(&board);
        assert_eq!(written, "3h67i8_5b1i59 w");
        let (again, named) = read(&written).unwrap();
        assert!(named);
        assert_eq!(again, board);
        let apgn = write_apgn(&board);
        assert_eq!(apgn, "w2bw/2bb2/7/8/9/8/7/w5/5-3b5w w");
        assert_eq!(read(&apgn).unwrap().0, board);
    }

    #[test]
    fn a_finished_game_reads_back_as_written() {
        let text = "5b156c345d345_6a25b23c26d8f7 w";
        let (board, _) = read(text).unwrap();
        assert_eq!(board.winner_by_score(), Some(Side::Black));
        assert_eq!(write(&board), text);
    }

    #[test]
    fn bad_positions_are_refused_with_a_reason() {
        let cases = [
            ("", "empty"),
            ("0a1", "two halves"),
            ("xa1_0i5", "must start with the number"),
            ("0a6_0i5", "A6 is not a cell"),
            ("0a11b12345c12345_0i56789h4", "A1 is given twice"),
            ("0e5a12345b1234_0e5i56789h45", "E5 holds both"),
            ("0a12345b123456c3456_0i56789", "15 marbles"),
            ("7a12345_0i56789", "counters go from 0 to 6"),
            ("6a12345_6i56789", "both sides cannot"),
            ("0a12_0", "White has no marble"),
            ("0a12345b_0i56789", "followed by no digit"),
            ("0a12345;_0i56789", "unexpected `;`"),
            ("05a1234_0i56789", "comes before any row letter"),
            ("ww3/www3/2www2/8/9/8/2bbb2/3bbb b", "9 rows"),
            (
                "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbbb b",
                "row A describes 6",
            ),
            (
                "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb-xb w",
                "-<n>b<n>w",
            ),
            (
                "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb z",
                "not a side",
            ),
            (
                "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b b",
                "unexpected `b`",
            ),
        ];
        for (text, expected) in cases {
            let result = read(text);
            if expected.is_empty() {
                assert!(result.is_ok(), "{text}");
                continue;
            }
            let e = result.unwrap_err();
            assert!(
                e.reason.en().contains(expected),
                "{text}: {}",
                e.reason.en()
            );
            assert!(!e.reason.fr().is_empty());
        }
    }
}
