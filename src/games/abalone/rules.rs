//! The rules of a single move, in words: checking a written move against a position
//! (sections 2.3 and 2.4), saying why an illegal one is illegal, and describing what a legal
//! one does, in English and French.
//!
//! The bit-mask generator in [`super::movegen`] and these cell-by-cell checks are two
//! independent readings of the same rules; the tests check that they agree on every token.

use super::board::{Board, WINNING_EJECTIONS};
use super::cell::{Cell, Dir};
use super::moves::Move;
use super::notation::{Notation, line_between, write};
use crate::games::{Illegal, Side};
use crate::say;
use crate::text::Text;

/// The side as a noun: "Black"/"Noirs", "White"/"Blancs" (French names the sides in the
/// plural: "aux Noirs", "des Blancs").
pub fn side_words(side: Side) -> Text {
    match side {
        Side::Black => Text::new("Black", "Noirs"),
        Side::White => Text::new("White", "Blancs"),
    }
}

/// "3 Black marbles" / "3 billes noires".
fn marbles_of(side: Side, n: usize) -> Text {
    let (en, fr) = marbles_words(side, n);
    Text::new(format!("{n} {en}"), format!("{n} {fr}"))
}

fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| c.upper())
        .collect::<Vec<_>>()
        .join(" ")
}

fn illegal(token: &str, reason: Text) -> Illegal {
    Illegal::new(Text::new(
        format!("{token}: {}", reason.en()),
        format!("{token} : {}", reason.fr()),
    ))
}

/// Why `cell` cannot be one of the mover's marbles.
fn not_yours(board: &Board, cell: Cell, token: &str, middle: bool) -> Illegal {
    let place = if middle {
        Text::new(" (the middle of the line)", " (le milieu de la ligne)")
    } else {
        Text::default()
    };
    let c = cell.upper();
    match board.at(cell) {
        Some(owner) => {
            let who = side_words(owner);
            illegal(
                token,
                say!(
                    en: "{}{} is not your marble: it is {}'s", c, place.en(), who.en();
                    fr: "{}{} n'est pas une de vos billes : elle appartient aux {}", c, place.fr(), who.fr()
                ),
            )
        }
        None => illegal(
            token,
            say!(
                en: "there is no marble on {}{}", c, place.en();
                fr: "il n'y a pas de bille en {}{}", c, place.fr()
            ),
        ),
    }
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
        return Err(illegal(
            token,
            say!(
                en: "{} of your own marbles would have to move: at most 3 can move at once", n;
                fr: "{} de vos billes devraient bouger : 3 au plus peuvent bouger ensemble", n
            ),
        ));
    }
    let Some(front) = front else {
        let reason = if n == 1 {
            say!(
                "your marble would leave the board",
                "votre bille sortirait du plateau"
            )
        } else {
            say!(
                en: "your marbles would leave the board: you may never push your own marble off (the front one is {})", board_front(tail, dir, n);
                fr: "vos billes sortiraient du plateau : on ne pousse jamais sa propre bille dehors (celle de devant est {})", board_front(tail, dir, n)
            )
        };
        return Err(illegal(token, reason));
    };
    if board.at(front) == Some(them) {
        if n == 1 {
            return Err(illegal(
                token,
                say!(
                    en: "a single marble cannot push ({} is {}'s)", front.upper(), side_words(them).en();
                    fr: "une bille seule ne peut pas pousser ({} appartient aux {})", front.upper(), side_words(them).fr()
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
            let (who, cells) = (side_words(them), cells_text(&facing));
            return Err(illegal(
                token,
                say!(
                    en: "{} marbles cannot push {} ({}'s {}): a push needs more of your marbles than of the opponent's in line (2 against 1, 3 against 1 or 2)", n, m, who.en(), cells;
                    fr: "{} billes ne peuvent pas en pousser {} ({} des {}) : il faut plus de billes à vous qu'à l'adversaire dans la ligne (2 contre 1, 3 contre 1 ou 2)", n, m, cells, who.fr()
                ),
            ));
        }
        if let Some(blocker) = beyond.filter(|c| board.at(*c) == Some(me)) {
            return Err(illegal(
                token,
                say!(
                    en: "sandwich: your own marble on {} is right behind the {} you would push, so they have nowhere to go", blocker.upper(), marbles_of(them, m as usize).en();
                    fr: "sandwich : votre propre bille en {} est juste derrière les {} à pousser, qui n'ont donc nulle part où aller", blocker.upper(), marbles_of(them, m as usize).fr()
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
    let (line, len) = line_between(first, second).ok_or_else(|| {
        illegal(
            token,
            say!(
                "the two ends are not a line of 2 or 3 cells",
                "les deux bouts ne forment pas une ligne de 2 ou 3 cases"
            ),
        )
    })?;
    if dir.is_parallel(line) {
        return Err(illegal(
            token,
            say!(
                "a broadside cannot move along its own line",
                "un coup latéral ne peut pas suivre sa propre ligne"
            ),
        ));
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
                    say!(
                        en: "your marble on {} would leave the board", cell.upper();
                        fr: "votre bille en {} sortirait du plateau", cell.upper()
                    ),
                ));
            }
            Some(to) if board.at(to).is_some() => {
                return Err(illegal(
                    token,
                    say!(
                        en: "broadside into occupied cell {}: a broadside move never pushes", to.upper();
                        fr: "déplacement latéral vers la case occupée {} : un coup latéral ne pousse jamais", to.upper()
                    ),
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
        return Err(illegal(
            token,
            say!(
                "the destination is not a neighbour of the first cell",
                "l'arrivée n'est pas voisine de la première case"
            ),
        ));
    };
    match *notation {
        Notation::InLine { tail, .. } => in_line(board, tail, dir, token),
        Notation::Broadside { first, second, .. } => broadside(board, first, second, dir, token),
    }
}

/// Whether `m` is a legal move of `board`, with the reason when it is not.
pub fn check(board: &Board, m: &Move) -> Result<(), Illegal> {
    if !m.is_well_formed() {
        return Err(Illegal::new(say!(
            "this is not a well-formed move",
            "ce n'est pas un coup bien formé"
        )));
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
            say!(
                en: "the line from {} has {} marble(s) of yours, not {}", m.tail().upper(), found.count(), m.count();
                fr: "la ligne depuis {} compte {} de vos billes, pas {}", m.tail().upper(), found.count(), m.count()
            ),
        ));
    }
    Ok(())
}

/// What legal move `m` does in `board`, in words: the moved marbles and where they go, what
/// is pushed or ejected, the new score when a marble was pushed off (otherwise the board
/// shows the score), and the win when it is the sixth ejection.
pub fn describe(board: &Board, m: &Move) -> Text {
    // Written straight into two strings without formatting machinery: this runs for every
    // move a referee or a replay plays.
    let me = board.to_move;
    let them = me.opponent();
    let (who_en, who_fr) = match me {
        Side::Black => ("Black", "Les Noirs"),
        Side::White => ("White", "Les Blancs"),
    };
    let (kind_en, kind_fr) = if m.is_broadside() {
        ("broadside", "en latéral")
    } else {
        ("in line", "en ligne")
    };
    let (dir_en, dir_fr) = m.dir().names();
    let n = usize::from(m.count());
    let mine = if n == 1 {
        ("marble", "bille")
    } else {
        ("marbles", "billes")
    };
    let digit = char::from(b'0' + m.count());
    let mut en = String::with_capacity(160);
    let mut fr = String::with_capacity(180);
    for (out, parts) in [
        (
            &mut en,
            [
                who_en, " moves ", "", " ", mine.0, " ", kind_en, " ", dir_en, ": ",
            ],
        ),
        (
            &mut fr,
            [
                who_fr,
                " déplacent ",
                "",
                " ",
                mine.1,
                " ",
                kind_fr,
                " ",
                dir_fr,
                " : ",
            ],
        ),
    ] {
        for (i, part) in parts.iter().enumerate() {
            if i == 2 {
                out.push(digit);
            } else {
                out.push_str(part);
            }
        }
    }
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
    cells.push('.');
    en.push_str(&cells);
    fr.push_str(&cells);
    let push = board.push_of(m);
    if !push.pushed.is_empty() {
        let k = char::from(b'0' + push.pushed.len() as u8);
        let theirs = marbles_words(them, push.pushed.len());
        en.push_str(" Pushes ");
        en.push(k);
        en.push(' ');
        en.push_str(theirs.0);
        en.push_str(": ");
        fr.push_str(" Pousse ");
        fr.push(k);
        fr.push(' ');
        fr.push_str(theirs.1);
        fr.push_str(" : ");
        for (i, c) in push.pushed.iter().enumerate() {
            if i > 0 {
                en.push_str(", ");
                fr.push_str(", ");
            }
            let mut step = String::with_capacity(8);
            push_cells(&mut step, std::iter::once(*c));
            step.push_str(" → ");
            en.push_str(&step);
            fr.push_str(&step);
            match c.step(m.dir()) {
                Some(to) => {
                    push_cells(&mut en, std::iter::once(to));
                    push_cells(&mut fr, std::iter::once(to));
                }
                None => {
                    en.push_str("off the board (ejected)");
                    fr.push_str("hors du plateau (éjectée)");
                }
            }
        }
        en.push('.');
        fr.push('.');
    }
    // The score is news only when this move pushed a marble off; otherwise the board under
    // the description shows it, and it is not said twice.
    let mut after = *board;
    after.apply(m);
    if after.ejected_by(me) > board.ejected_by(me) {
        en.push(' ');
        fr.push(' ');
        push_score(&mut en, &mut fr, &after);
    }
    if after.ejected_by(me) >= WINNING_EJECTIONS {
        en.push(' ');
        en.push_str(who_en);
        en.push_str(" has pushed off six marbles and wins.");
        fr.push(' ');
        fr.push_str(who_fr);
        fr.push_str(" ont éjecté six billes et gagnent.");
    }
    Text::new(en, fr)
}

/// Appends the score sentence of [`score_text`] to both wordings.
fn push_score(en: &mut String, fr: &mut String, board: &Board) {
    let b = char::from(b'0' + board.ejected_by(Side::Black).min(9));
    let w = char::from(b'0' + board.ejected_by(Side::White).min(9));
    for (out, words) in [
        (en, ["Score: Black ", ", White ", " (marbles pushed off)."]),
        (fr, ["Score : Noirs ", ", Blancs ", " (billes éjectées)."]),
    ] {
        out.push_str(words[0]);
        out.push(b);
        out.push_str(words[1]);
        out.push(w);
        out.push_str(words[2]);
    }
}

/// "Black marble(s)" / "bille(s) noire(s)" for `n` marbles of `side`.
fn marbles_words(side: Side, n: usize) -> (&'static str, &'static str) {
    match (side, n) {
        (Side::Black, 1) => ("Black marble", "bille noire"),
        (Side::Black, _) => ("Black marbles", "billes noires"),
        (Side::White, 1) => ("White marble", "bille blanche"),
        (Side::White, _) => ("White marbles", "billes blanches"),
    }
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

/// "Score: Black 1, White 0 (marbles pushed off)." in both languages.
pub fn score_text(board: &Board) -> Text {
    let (mut en, mut fr) = (String::with_capacity(48), String::with_capacity(48));
    push_score(&mut en, &mut fr, board);
    Text::new(en, fr)
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
