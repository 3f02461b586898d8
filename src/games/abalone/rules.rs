//! The rules of a single move, in words: checking a written move against a position
//! (sections 2.3 and 2.4), saying why an illegal one is illegal, and describing what a legal
//! one does, as catalog messages (locales/*/abalone.ftl).
//!
//! The bit-mask generator in [`super::movegen`] and these cell-by-cell checks are two
//! independent readings of the same rules; the tests check that they agree on every token.

use super::board::{Board, WINNING_EJECTIONS};
use super::cell::{Cell, Dir};
use super::moves::Move;
use super::notation::{Notation, line_between, write};
use crate::games::{GameKind, Illegal, Side};
use crate::text::Text;
use crate::tx;

fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| c.upper())
        .collect::<Vec<_>>()
        .join(" ")
}

fn illegal(token: &str, reason: Text) -> Illegal {
    Illegal::new(tx!("abalone-refused", token = token, reason = reason))
}

/// Why `cell` cannot be one of the mover's marbles (`middle`: it is the middle of a
/// broadside's line).
fn not_yours(board: &Board, cell: Cell, token: &str, middle: bool) -> Illegal {
    let cell_name = cell.upper();
    let reason = match (board.at(cell), middle) {
        (Some(owner), false) => tx!("abalone-not-yours", cell = cell_name, owner = owner.name()),
        (Some(owner), true) => tx!(
            "abalone-not-yours-middle",
            cell = cell_name,
            owner = owner.name()
        ),
        (None, false) => tx!("abalone-no-marble", cell = cell_name),
        (None, true) => tx!("abalone-no-marble-middle", cell = cell_name),
    };
    illegal(token, reason)
}

/// Checks an in-line move of the side to move: rear marble `tail`, direction `dir`.
pub fn in_line(board: &Board, tail: Cell, dir: Dir, token: &str) -> Result<Move, Illegal> {
    let me = board.to_move;
    let them = me.opponent();
    if board.at(tail) != Some(me) {
        return Err(not_yours(board, tail, token, false));
    }
    let (n, front) = board.run(me, tail, dir);
    if n > 3 {
        return Err(illegal(token, tx!("abalone-too-many-marbles", count = n)));
    }
    let Some(front) = front else {
        let reason = if n == 1 {
            tx!("abalone-own-marble-off")
        } else {
            tx!("abalone-own-marbles-off", front = board_front(tail, dir, n))
        };
        return Err(illegal(token, reason));
    };
    if board.at(front) == Some(them) {
        if n == 1 {
            return Err(illegal(
                token,
                tx!(
                    "abalone-single-push",
                    cell = front.upper(),
                    owner = them.name()
                ),
            ));
        }
        let (m, beyond) = board.run(them, front, dir);
        if m >= n {
            let mut facing = vec![front];
            while facing.len() < usize::from(m) {
                match facing.last().and_then(|c| c.step(dir)) {
                    Some(c) => facing.push(c),
                    None => break,
                }
            }
            let cells = cells_text(&facing);
            return Err(illegal(
                token,
                tx!(
                    "abalone-outnumbered",
                    count = n,
                    against = m,
                    owner = them.name(),
                    cells = cells
                ),
            ));
        }
        if let Some(blocker) = beyond.filter(|c| board.at(*c) == Some(me)) {
            return Err(illegal(
                token,
                tx!(
                    "abalone-sandwich",
                    cell = blocker.upper(),
                    count = m,
                    owner = them.name()
                ),
            ));
        }
    }
    Ok(Move::in_line(tail, n, dir))
}

/// The name of the front marble of a line of `n` from `tail` along `dir`.
fn board_front(tail: Cell, dir: Dir, n: u8) -> String {
    let mut c = tail;
    for _ in 1..n {
        c = c.step(dir).unwrap_or(c);
    }
    c.upper()
}

/// Checks a broadside of the side to move: the line from `first` to `second`, towards `dir`.
pub fn broadside(
    board: &Board,
    first: Cell,
    second: Cell,
    dir: Dir,
    token: &str,
) -> Result<Move, Illegal> {
    let me = board.to_move;
    let (line, len) =
        line_between(first, second).ok_or_else(|| illegal(token, tx!("abalone-ends-not-line")))?;
    if dir.is_parallel(line) {
        return Err(illegal(token, tx!("abalone-broadside-along")));
    }
    let mut cells = vec![first];
    let mut c = first;
    for _ in 1..len {
        c = c.step(line).expect("line_between stays on the board");
        cells.push(c);
    }
    for (i, cell) in cells.iter().enumerate() {
        if board.at(*cell) != Some(me) {
            let middle = len == 3 && i == 1;
            return Err(not_yours(board, *cell, token, middle));
        }
    }
    for cell in &cells {
        match cell.step(dir) {
            None => {
                return Err(illegal(
                    token,
                    tx!("abalone-broadside-off", cell = cell.upper()),
                ));
            }
            Some(to) if board.at(to).is_some() => {
                return Err(illegal(
                    token,
                    tx!("abalone-broadside-occupied", cell = to.upper()),
                ));
            }
            Some(_) => {}
        }
    }
    let end = first.min(second);
    Ok(Move::broadside(end, len, line.forward(), dir))
}

/// The legal move a notation stands for in `board`, or why there is none.
pub fn resolve(board: &Board, notation: &Notation) -> Result<Move, Illegal> {
    // The token as written (lower case), kept on the stack: it is only read by error messages.
    let mut buf = [0u8; 6];
    let cells: &[Cell] = match notation {
        Notation::InLine { tail, to } => &[*tail, *to],
        Notation::Broadside {
            first,
            second,
            dest,
        } => &[*first, *second, *dest],
    };
    for (i, c) in cells.iter().enumerate() {
        buf[2 * i] = c.letter() as u8;
        buf[2 * i + 1] = b'0' + c.diag();
    }
    let token = std::str::from_utf8(&buf[..2 * cells.len()]).unwrap_or_default();
    let Some(dir) = notation.dir() else {
        return Err(illegal(token, tx!("abalone-not-neighbour")));
    };
    match *notation {
        Notation::InLine { tail, .. } => in_line(board, tail, dir, token),
        Notation::Broadside { first, second, .. } => broadside(board, first, second, dir, token),
    }
}

/// Whether `m` is a legal move of `board`, with the reason when it is not.
pub fn check(board: &Board, m: &Move) -> Result<(), Illegal> {
    if !m.is_well_formed() {
        return Err(Illegal::new(tx!("abalone-malformed")));
    }
    let token = write(m);
    let found = if m.is_broadside() {
        let far = m.far_end().expect("well formed");
        broadside(board, m.tail(), far, m.dir(), &token)?
    } else {
        in_line(board, m.tail(), m.dir(), &token)?
    };
    if found != *m {
        return Err(illegal(
            &token,
            tx!(
                "abalone-count-mismatch",
                cell = m.tail().upper(),
                found = found.count(),
                written = m.count()
            ),
        ));
    }
    Ok(())
}

/// What legal move `m` does in `board`, in words: the moved marbles and where they go, what
/// is pushed or ejected, the new score when a marble was pushed off (otherwise the board
/// shows the score), and the win when it is the sixth ejection.
pub fn describe(board: &Board, m: &Move) -> Text {
    let me = board.to_move;
    let n = usize::from(m.count());
    let mut from = [m.tail(); 3];
    let mut cell = Some(m.tail());
    let mut len = 0;
    while len < n {
        let Some(c) = cell else { break };
        from[len] = c;
        len += 1;
        cell = c.step(m.line());
    }
    let from = &from[..len];
    let mut cells = String::with_capacity(24);
    push_cells(&mut cells, from.iter().copied());
    cells.push_str(" → ");
    push_cells(&mut cells, from.iter().filter_map(|c| c.step(m.dir())));
    let mut text = tx!(
        "abalone-move",
        side = me.said_first(GameKind::Abalone),
        count = n,
        kind = if m.is_broadside() {
            "broadside"
        } else {
            "inline"
        },
        direction = m.dir().words(),
        cells = cells,
    );
    let push = board.push_of(m);
    if !push.pushed.is_empty() {
        let mut steps = Text::default();
        for (i, c) in push.pushed.iter().enumerate() {
            if i > 0 {
                steps = steps.then(", ");
            }
            let mut step = String::with_capacity(8);
            push_cells(&mut step, std::iter::once(*c));
            step.push_str(" → ");
            steps = match c.step(m.dir()) {
                Some(to) => {
                    push_cells(&mut step, std::iter::once(to));
                    steps.then(Text::same(step))
                }
                None => steps.then(Text::same(step)).then(tx!("abalone-ejected")),
            };
        }
        let pushes = tx!(
            "abalone-pushes",
            count = push.pushed.len(),
            owner = me.opponent().name(),
            steps = steps,
        );
        text = text.join(" ", &pushes);
    }
    // The score is news only when this move pushed a marble off; otherwise the board under
    // the description shows it, and it is not said twice.
    let mut after = *board;
    after.apply(m);
    if after.ejected_by(me) > board.ejected_by(me) {
        text = text.join(" ", &score_text(&after));
    }
    if after.ejected_by(me) >= WINNING_EJECTIONS {
        text = text.join(
            " ",
            &tx!("abalone-wins", side = me.said_first(GameKind::Abalone)),
        );
    }
    text
}

/// Appends cell names in upper case, separated by spaces.
fn push_cells(out: &mut String, cells: impl Iterator<Item = Cell>) {
    for (i, c) in cells.enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push(c.letter().to_ascii_uppercase());
        out.push(char::from(b'0' + c.diag()));
    }
}

/// "Score: Black 1, White 0 (marbles pushed off)."
pub fn score_text(board: &Board) -> Text {
    tx!(
        "abalone-score",
        black = board.ejected_by(Side::Black),
        white = board.ejected_by(Side::White),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::abalone::setup;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    #[test]
    fn hand_made_notations_that_read_would_refuse_are_illegal_not_a_panic() {
        let (board, _) = setup::read("0a12345b123456c345_0g567h456789i56789").unwrap();
        let far = Notation::InLine {
            tail: cell("a1"),
            to: cell("d4"),
        };
        assert!(resolve(&board, &far).is_err());
        let along = Notation::Broadside {
            first: cell("c3"),
            second: cell("c5"),
            dest: cell("c4"),
        };
        let e = resolve(&board, &along).unwrap_err();
        assert!(
            e.reason.en().contains("along its own line"),
            "{}",
            e.reason.en()
        );
    }

    #[test]
    fn the_score_sentence_counts_marbles_pushed_off_by_each_side() {
        let (board, _) = setup::read("3e5_1a1 w").unwrap();
        let t = score_text(&board);
        assert_eq!(t.en(), "Score: Black 1, White 3 (marbles pushed off).");
        assert_eq!(t.fr(), "Score : Noirs 1, Blancs 3 (billes éjectées).");
    }
}
