//! Words for players: why a move is illegal ("the pawn on c.h4 cannot step to c.h5: the
//! king on c4 blocks it", "a capture is compulsory: the queen on a.h1 must take"), with the
//! protocol line to answer (`ERR`, or `ERR !! a.h1 a.h8` when a compulsory capture was not
//! played), and what a legal move does: catalog messages `bulltricker-...` in
//! `locales/<lang>/bulltricker.ftl`.

use crate::games::Illegal;
use crate::games::Side;
use crate::games::bulltricker::board::{Kind, Piece};
use crate::games::bulltricker::captures::forward;
use crate::games::bulltricker::geometry::{Cell, CellKind};
use crate::games::bulltricker::movegen::{Obligation, coup_special_row};
use crate::games::bulltricker::moves::{Move, MoveKind};
use crate::games::bulltricker::notation::write;
use crate::games::bulltricker::position::Position;
use crate::games::bulltricker::rules::KingSeparation;
use crate::text::{Link, Text};
use crate::tx;

/// The most legal moves quoted in an explanation.
const QUOTED_MOVES: usize = 6;

/// "e.h5 and e.h7" / "e.h5 et e.h7".
pub fn cell_list(cells: &[Cell]) -> Text {
    cells_linked(cells, Link::And)
}

/// The cells as a list whose last two are linked by `link`.
fn cells_linked(cells: &[Cell], link: Link) -> Text {
    let items: Vec<Text> = cells.iter().map(|c| Text::same(c.to_string())).collect();
    Text::list(&items, link)
}

/// "the Black pawn on c.h5" (or "nothing on c.h5" for an empty cell).
fn occupant(pos: &Position, cell: Cell) -> Text {
    match pos.piece(cell) {
        Some(p) => p.the_on(cell),
        None => tx!("bulltricker-nothing-on", cell = cell),
    }
}

/// "c.h5 is occupied by the Black pawn" / "c.h5 est occupée par le pion noir".
fn occupied(pos: &Position, cell: Cell) -> Text {
    let who = pos.piece(cell).map(|p| p.the()).unwrap_or_default();
    tx!("bulltricker-occupied", cell = cell, who = who)
}

/// The legal moves of `pos` from `from`, quoted canonically.
fn quoted(pos: &Position, moves: &[Move]) -> String {
    let style = pos.rules().capture_notation;
    let mut texts: Vec<String> = moves
        .iter()
        .take(QUOTED_MOVES)
        .map(|m| write(m, style))
        .collect();
    if moves.len() > QUOTED_MOVES {
        texts.push("...".to_string());
    }
    texts.join(", ")
}

/// Why `from` to `to` is not a legal move of `pos`, with the protocol line to answer.
/// `legal` holds the legal moves of `pos`; it is not read (and may be empty) when `from`
/// holds no piece of the side to move.
pub fn why_illegal(pos: &Position, from: Cell, to: Cell, legal: &[Move]) -> Illegal {
    let side = pos.to_move();
    let Some(piece) = pos.piece(from) else {
        return Illegal::new(tx!("bulltricker-no-piece", from = from));
    };
    if piece.side != side {
        return Illegal::new(tx!(
            "bulltricker-not-yours",
            the = piece.the_on(from),
            side = side.name()
        ));
    }
    if from == to {
        return Illegal::new(tx!("bulltricker-same-cell"));
    }
    if let Some(obligation) = pos.obligation() {
        if obligation.origins.contains(&from) && attempts_capture(pos, from, to) {
            let own: Vec<Move> = legal.iter().filter(|m| m.from() == from).copied().collect();
            return Illegal::new(incomplete_capture(pos, piece, from, to, &own));
        }
        let line = format!(
            "ERR !! {}",
            obligation
                .origins
                .iter()
                .map(Cell::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        return Illegal::with_line(compulsory(pos, piece, from, &obligation, legal), line);
    }
    Illegal::new(match piece.kind {
        Kind::King => king(pos, from, to),
        Kind::Queen => queen(pos, from, to),
        Kind::Pawn => pawn(pos, from, to),
    })
}

/// True if `from` to `to` runs along the lateral line of the piece on `from` over at least
/// one enemy piece: an attempt to capture.
fn attempts_capture(pos: &Position, from: Cell, to: Cell) -> bool {
    let (Some((lx, ly)), Some(piece)) = (from.lateral(), pos.piece(from)) else {
        return false;
    };
    let (dx, dy) = (to.x() - from.x(), to.y() - from.y());
    let steps = if lx != 0 { dx } else { dy };
    let across = if lx != 0 { dy } else { dx };
    if across != 0 || steps == 0 || steps % 2 != 0 {
        return false;
    }
    let dir = steps.signum();
    (1..steps.abs() / 2).any(|k| {
        from.offset(lx * dir * 2 * k, ly * dir * 2 * k)
            .and_then(|c| pos.piece(c))
            .is_some_and(|p| p.side != piece.side && p.kind != Kind::King)
    })
}

/// The piece must capture but did not finish (or misplaced) its capture.
fn incomplete_capture(pos: &Position, piece: Piece, from: Cell, to: Cell, own: &[Move]) -> Text {
    let the = piece.the_on(from);
    // A landing short of the end of the line of captures.
    let longer = own.iter().find(|m| {
        let same_line = (m.to().x() == from.x() && to.x() == from.x())
            || (m.to().y() == from.y() && to.y() == from.y());
        let further = (m.to().x() - from.x()).abs() + (m.to().y() - from.y()).abs()
            > (to.x() - from.x()).abs() + (to.y() - from.y()).abs();
        let same_way = (m.to().x() - from.x()).signum() == (to.x() - from.x()).signum()
            && (m.to().y() - from.y()).signum() == (to.y() - from.y()).signum();
        same_line && further && same_way
    });
    let options = quoted(pos, own);
    match longer {
        Some(m) => {
            let all = cell_list(m.captured());
            let rule = match piece.kind {
                Kind::Pawn => tx!("bulltricker-rule-chain"),
                _ => tx!("bulltricker-rule-queen-line"),
            };
            tx!(
                "bulltricker-capture-goes-on",
                the = the,
                all = all,
                rule = rule,
                options = options
            )
        }
        None => tx!(
            "bulltricker-capture-ends-wrong",
            kind = piece.kind.key(),
            the = the,
            options = options,
            to = to
        ),
    }
}

/// A capture is compulsory and another move was played.
fn compulsory(
    pos: &Position,
    moved: Piece,
    from: Cell,
    obligation: &Obligation,
    legal: &[Move],
) -> Text {
    let kind = obligation.kind;
    let one = Piece::new(pos.to_move(), kind).the();
    let cells = cell_list(&obligation.origins);
    let must = if obligation.origins.len() == 1 {
        tx!("bulltricker-must-take", one = one, cells = cells)
    } else {
        tx!(
            "bulltricker-one-must-take",
            kind = kind.key(),
            side = pos.to_move().name(),
            cells = cells
        )
    };
    let pawn_could = moved.kind == Kind::Pawn
        && kind == Kind::Queen
        && crate::games::bulltricker::captures::can_capture(
            pos.board(),
            moved.side,
            from,
            Kind::Pawn,
        );
    let head = if pawn_could {
        tx!("bulltricker-queen-priority")
    } else {
        tx!("bulltricker-capture-compulsory")
    };
    let options = quoted(pos, legal);
    tx!(
        "bulltricker-compulsory",
        head = head,
        must = must,
        options = options
    )
}

fn king(pos: &Position, from: Cell, to: Cell) -> Text {
    let side = pos.to_move();
    let the = Piece::new(side, Kind::King).the_on(from);
    if to.kind() != CellKind::Royal {
        return tx!("bulltricker-king-royal-only", to = to);
    }
    let (dx, dy) = (to.x() - from.x(), to.y() - from.y());
    if dx.abs() == 2 && dy.abs() == 2 {
        return tx!("bulltricker-king-diagonal");
    }
    if !((dx.abs() == 2 && dy == 0) || (dx == 0 && dy.abs() == 2)) {
        return tx!("bulltricker-king-one-step");
    }
    let between = from.offset(dx / 2, dy / 2).expect("between two squares");
    if !pos.board().is_empty(between) {
        let who = occupant(pos, between);
        return tx!(
            "bulltricker-king-cannot-cross",
            the = the,
            who = who,
            between = between
        );
    }
    let enemy_cell = pos.king(side.opponent());
    let enemy = Piece::new(side.opponent(), Kind::King).the_on(enemy_cell);
    if enemy_cell == to {
        return tx!("bulltricker-king-square-taken", enemy = enemy, to = to);
    }
    if !pos.kings_apart(side, from, to) {
        return match pos.rules().king_separation {
            KingSeparation::Strict => tx!("bulltricker-kings-strict", enemy = enemy, to = to),
            KingSeparation::OrthogonalOnly => {
                tx!("bulltricker-kings-orthogonal", enemy = enemy, to = to)
            }
            KingSeparation::AppCompatible => {
                tx!("bulltricker-kings-app", enemy = enemy, to = to)
            }
        };
    }
    tx!("bulltricker-cannot-go", the = the, to = to)
}

fn pawn(pos: &Position, from: Cell, to: Cell) -> Text {
    let side = pos.to_move();
    let the = Piece::new(side, Kind::Pawn).the_on(from);
    let f = forward(side);
    if to.kind() == CellKind::Royal {
        return tx!("bulltricker-pawn-rectangles-only", to = to);
    }
    let (dx, dy) = (to.x() - from.x(), to.y() - from.y());
    if dy * f < 0 {
        return tx!("bulltricker-pawn-backward", the = the, to = to);
    }
    if dy == 0 {
        return tx!("bulltricker-pawn-sideways", the = the, to = to);
    }
    let transversal = from.kind() == CellKind::Transversal;
    let end_to_end_off = !pos.rules().end_to_end_capture;
    // Straight step.
    if dx == 0 && dy == 2 * f {
        if !pos.board().is_empty(to) {
            let mut reason = occupied(pos, to);
            let enemy = pos.piece(to).is_some_and(|p| p.side != side);
            if enemy && !transversal && end_to_end_off {
                reason = reason.join("; ", &tx!("bulltricker-pawn-end-to-end-off"));
            }
            return reason;
        }
        let mid = from.offset(0, f).expect("between two rectangles");
        if pos.board().has_king(mid) {
            return tx!(
                "bulltricker-pawn-king-blocks",
                the = the,
                to = to,
                mid = mid
            );
        }
    }
    // Pivot.
    if dx.abs() == 1 && dy == f && !pos.board().is_empty(to) {
        return occupied(pos, to);
    }
    // Two cells ahead: a capture or a Coup Spécial that cannot be played.
    if dx == 0 && dy == 4 * f {
        if !transversal {
            return tx!("bulltricker-pawn-one-cell", the = the);
        }
        let mid1 = from.offset(0, f).expect("on the board");
        let over = from.offset(0, 2 * f).expect("on the board");
        let mid2 = from.offset(0, 3 * f).expect("on the board");
        if let Some(p) = pos.piece(over) {
            if p.side == side {
                return tx!("bulltricker-cannot-jump-own", the = the, over = over);
            }
            let victim = p.the_on(over);
            let why = if pos.board().has_king(mid1) {
                tx!("bulltricker-king-blocks-jump", king = mid1)
            } else if pos.board().has_king(mid2) {
                tx!("bulltricker-king-blocks-jump", king = mid2)
            } else {
                occupied(pos, to)
            };
            return tx!(
                "bulltricker-cannot-take",
                the = the,
                victim = victim,
                why = why
            );
        }
        let start = coup_special_row(side);
        if from.y() != start {
            let line = if side == Side::White { "h2" } else { "h7" };
            return tx!("bulltricker-coup-special-start-line", line = line);
        }
        let blocker = if pos.board().has_king(mid1) {
            Some(tx!("bulltricker-king-blocks", king = mid1))
        } else if pos.board().has_king(mid2) {
            Some(tx!("bulltricker-king-blocks", king = mid2))
        } else if !pos.board().is_empty(to) {
            Some(occupied(pos, to))
        } else {
            None
        };
        if let Some(why) = blocker {
            return tx!(
                "bulltricker-coup-special-blocked",
                the = the,
                why = why,
                to = to
            );
        }
    }
    // Where it could go: only the cells that are free.
    let mut targets = Vec::new();
    if let Some(s) = from.offset(0, 2 * f) {
        targets.push(s);
    }
    for dx in [-1, 1] {
        if let Some(p) = from.offset(dx, f) {
            targets.push(p);
        }
    }
    targets.retain(|c| pos.board().is_empty(*c));
    if targets.is_empty() {
        return tx!("bulltricker-pawn-stuck", the = the);
    }
    let list = cells_linked(&targets, Link::Or);
    let mut text = tx!("bulltricker-pawn-targets", the = the, list = list);
    if transversal
        && from.y() == coup_special_row(side)
        && let Some(double) = from.offset(0, 4 * f)
        && pos.board().is_empty(double)
        && from
            .offset(0, 2 * f)
            .is_some_and(|c| pos.board().is_empty(c))
    {
        text = text.join(
            ", ",
            &tx!("bulltricker-pawn-coup-special-target", double = double),
        );
    }
    text
}

fn queen(pos: &Position, from: Cell, to: Cell) -> Text {
    let side = pos.to_move();
    let the = Piece::new(side, Kind::Queen).the_on(from);
    if to.kind() == CellKind::Royal {
        return tx!("bulltricker-queen-rectangles-only", to = to);
    }
    let (dx, dy) = (to.x() - from.x(), to.y() - from.y());
    if dx.abs() == 1 && dy.abs() == 1 {
        return occupied(pos, to);
    }
    if to.kind() != from.kind() {
        return tx!("bulltricker-queen-orientation", the = the, to = to);
    }
    if dx != 0 && dy != 0 {
        return tx!("bulltricker-queen-straight", the = the, to = to);
    }
    let (ux, uy) = (dx.signum(), dy.signum());
    let lateral = from.lateral() == Some((ux.abs(), uy.abs()));
    let mut cur = from;
    while let (Some(mid), Some(next)) = (cur.offset(ux, uy), cur.offset(2 * ux, 2 * uy)) {
        if pos.board().has_king(mid) {
            return tx!(
                "bulltricker-queen-king-blocks",
                the = the,
                to = to,
                mid = mid
            );
        }
        if let Some(p) = pos.piece(next) {
            let enemy = p.side != side;
            if next == to {
                let mut reason = occupied(pos, to);
                if enemy && !lateral && end_to_end_note(pos, from, to) {
                    reason = reason.join("; ", &tx!("bulltricker-queen-end-to-end-off"));
                }
                return reason;
            }
            let blocker = p.the_on(next);
            if enemy && lateral {
                let beyond = next.offset(ux, uy);
                let landing = next.offset(2 * ux, 2 * uy);
                let why = match (beyond, landing) {
                    (Some(b), _) if pos.board().has_king(b) => {
                        tx!("bulltricker-king-blocks-jump", king = b)
                    }
                    (_, Some(l)) if !pos.board().is_empty(l) => {
                        let who = occupant(pos, l);
                        tx!("bulltricker-piece-behind", who = who)
                    }
                    _ => tx!("bulltricker-no-cell-behind"),
                };
                return tx!(
                    "bulltricker-cannot-take",
                    the = the,
                    victim = blocker,
                    why = why
                );
            }
            return tx!(
                "bulltricker-queen-blocked",
                the = the,
                blocker = blocker,
                to = to
            );
        }
        if next == to {
            break;
        }
        cur = next;
    }
    tx!("bulltricker-cannot-go", the = the, to = to)
}

/// True if the end-to-end note applies: the option is off and `to` touches `from` end to end.
fn end_to_end_note(pos: &Position, from: Cell, to: Cell) -> bool {
    !pos.rules().end_to_end_capture && (to.x() - from.x()).abs() + (to.y() - from.y()).abs() == 2
}

/// What legal move `m` does, in words, before it is played.
pub fn describe(pos: &Position, m: &Move) -> Text {
    let Some(piece) = pos.piece(m.from()) else {
        return Text::default();
    };
    let the = piece.the_first();
    let (from, to) = (m.from(), m.to());
    let victims: Vec<Text> = m
        .captured()
        .iter()
        .filter_map(|&c| pos.piece(c).map(|p| p.the_on(c)))
        .collect();
    let victims = Text::list(&victims, Link::And);
    let mut text = match m.kind() {
        MoveKind::Step => tx!("bulltricker-step", the = the, from = from, to = to),
        MoveKind::Pivot => tx!("bulltricker-pivot", the = the, from = from, to = to),
        MoveKind::CoupSpecial => tx!("bulltricker-coup-special", the = the, from = from, to = to),
        MoveKind::Slide => tx!("bulltricker-slide", the = the, from = from, to = to),
        MoveKind::KingStep => tx!("bulltricker-king-step", the = the, from = from, to = to),
        MoveKind::Jump => tx!(
            "bulltricker-jump",
            the = the,
            victims = victims,
            from = from,
            to = to
        ),
        MoveKind::EndToEnd => tx!(
            "bulltricker-end-to-end",
            the = the,
            victims = victims,
            from = from,
            to = to
        ),
    };
    if m.promotes() {
        text = tx!("bulltricker-promotes", done = text);
    }
    text.then(".")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    #[test]
    fn a_refused_pawn_move_names_only_free_cells() {
        use crate::games::{AnyGame, GameKind, Start};
        let game = AnyGame::new(GameKind::Bulltricker, &Start::Default, None, "").unwrap();
        let mut refused = 0;
        // Every pawn of the side to move, sent one or two rows too far.
        for from in [
            "a.h2", "b.h2", "c.h2", "d.h2", "e.h2", "f.h2", "g.h2", "h.h2",
        ] {
            for to in ["a.h5", "b.h5", "h.h6", "b.h6"] {
                let Err(r) = game.judge(&format!("{from} {to}")) else {
                    continue;
                };
                let why = r.to_string();
                refused += 1;
                let Some((_, listed)) = why.split_once(": to ") else {
                    continue;
                };
                for word in listed.split([' ', ',', '(', ')']) {
                    if let Ok(cell) = Cell::parse(word) {
                        let live = super::super::setup::read(
                            &game.position_string(),
                            None,
                            Default::default(),
                        )
                        .unwrap();
                        assert!(live.board().is_empty(cell), "{why}: {word} is taken");
                    }
                }
            }
        }
        assert!(refused > 10);
        let why = game.judge("b.h2 b.h5").unwrap_err().to_string();
        assert!(
            why.contains("b.h3") && !why.contains("v2.2") && !why.contains("v3.2"),
            "{why}"
        );
    }

    #[test]
    fn lists_are_joined_with_commas_and_a_last_and() {
        let c = |t| Cell::parse(t).unwrap();
        let l = cell_list(&[c("e.h5"), c("e.h7"), c("a.h3")]);
        assert_eq!(l.get(Lang::EN), "e.h5, e.h7 and a.h3");
        assert_eq!(l.get(Lang::FR), "e.h5, e.h7 et a.h3");
        assert_eq!(cell_list(&[c("e.h5")]).get(Lang::EN), "e.h5");
        assert_eq!(
            cells_linked(&[c("e.h5"), c("a.h3")], Link::Or).get(Lang::FR),
            "e.h5 ou a.h3"
        );
    }
}
