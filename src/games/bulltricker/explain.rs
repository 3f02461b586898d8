//! Words for players: why a move is illegal ("the pawn on c.h4 cannot step to c.h5: the
//! king on c4 blocks it", "a capture is compulsory: the queen on a.h1 must take"), with the
//! protocol line to answer (`ERR`, or `ERR !! a.h1 a.h8` when a compulsory capture was not
//! played), and what a legal move does, in English and French.

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
use crate::say;
use crate::text::Text;

/// The most legal moves quoted in an explanation.
const QUOTED_MOVES: usize = 6;

/// Joins words: "a, b and c" / "a, b et c".
fn join(items: &[Text]) -> Text {
    join_with(items, "and", "et")
}

/// Joins words with the last link given: "a, b or c" / "a, b ou c".
fn join_with(items: &[Text], en: &str, fr: &str) -> Text {
    let part = |get: fn(&Text) -> String, and: &str| -> String {
        match items {
            [] => String::new(),
            [one] => get(one),
            [init @ .., last] => format!(
                "{} {and} {}",
                init.iter().map(get).collect::<Vec<_>>().join(", "),
                get(last)
            ),
        }
    };
    Text::new(part(Text::en, en), part(Text::fr, fr))
}

/// "e.h5 and e.h7" / "e.h5 et e.h7".
pub fn cell_list(cells: &[Cell]) -> Text {
    let items: Vec<Text> = cells
        .iter()
        .map(|c| Text::new(c.to_string(), c.to_string()))
        .collect();
    join(&items)
}

/// Upper-cases the first letter of both wordings.
fn capitalized(t: &Text) -> Text {
    let cap = |s: &str| {
        let mut c = s.chars();
        match c.next() {
            Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
            None => String::new(),
        }
    };
    Text::new(cap(&t.en()), cap(&t.fr()))
}

/// "the Black pawn on c.h5" (or "nothing" for an empty cell).
fn occupant(pos: &Position, cell: Cell) -> Text {
    match pos.piece(cell) {
        Some(p) => p.the_on(cell),
        None => say!("nothing on {cell}", "rien en {cell}"),
    }
}

/// "c.h5 is occupied by the Black pawn" / "c.h5 est occupée par le pion noir".
fn occupied(pos: &Position, cell: Cell) -> Text {
    let who = pos.piece(cell).map(|p| p.the()).unwrap_or_default();
    say!(
        en: "{cell} is occupied by {}", who.en();
        fr: "{cell} est occupée par {}", who.fr()
    )
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
        return Illegal::new(say!(
            "there is no piece on {from}",
            "il n'y a pas de pièce en {from}"
        ));
    };
    if piece.side != side {
        let mover = match side {
            Side::White => Text::new("White", "aux Blancs"),
            Side::Black => Text::new("Black", "aux Noirs"),
        };
        let the = piece.the_on(from);
        return Illegal::new(say!(
            en: "{} is not yours: it is {} to move", the.en(), mover.en();
            fr: "{} n'est pas à vous : c'est {} de jouer", the.fr(), mover.fr()
        ));
    }
    if from == to {
        return Illegal::new(say!(
            "a move must go somewhere: FROM and TO are the same cell",
            "un coup doit aller quelque part : DÉPART et ARRIVÉE sont la même case"
        ));
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
                Kind::Pawn => say!(
                    "a capture chain must be completed",
                    "une prise en chaîne doit être menée à son terme"
                ),
                _ => say!(
                    "a queen must take every piece it can on its line",
                    "une dame doit prendre toutes les pièces qu'elle peut sur sa ligne"
                ),
            };
            say!(
                en: "the capture must go on: {} must take {} ({}); play {}", the.en(), all.en(), rule.en(), options;
                fr: "la prise doit continuer : {} doit prendre {} ({}) ; jouez {}", the.fr(), all.fr(), rule.fr(), options
            )
        }
        None => say!(
            en: "{} cannot end its capture on {to}; it can play {}", the.en(), options;
            fr: "{} ne peut pas finir sa prise en {to} ; il peut jouer {}", the.fr(), options
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
    let white = pos.to_move() == Side::White;
    let (en_plural, fr_plural, fr_one) = match (kind, white) {
        (Kind::Queen, true) => ("White queens", "dames blanches", "l'une"),
        (Kind::Queen, false) => ("Black queens", "dames noires", "l'une"),
        (_, true) => ("White pawns", "pions blancs", "l'un"),
        (_, false) => ("Black pawns", "pions noirs", "l'un"),
    };
    let cells = cell_list(&obligation.origins);
    let must = if obligation.origins.len() == 1 {
        say!(
            en: "{} on {} must take", one.en(), cells.en();
            fr: "{} en {} doit prendre", one.fr(), cells.fr()
        )
    } else {
        say!(
            en: "one of the {} on {} must take", en_plural, cells.en();
            fr: "{} des {} en {} doit prendre", fr_one, fr_plural, cells.fr()
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
        say!(
            "a queen capture takes priority over a pawn capture",
            "la prise par une dame est prioritaire sur la prise par un pion"
        )
    } else {
        say!("a capture is compulsory", "une prise est obligatoire")
    };
    let options = quoted(pos, legal);
    say!(
        en: "{}: {} (possible: {})", head.en(), must.en(), options;
        fr: "{} : {} (possible : {})", head.fr(), must.fr(), options
    )
}

fn king(pos: &Position, from: Cell, to: Cell) -> Text {
    let side = pos.to_move();
    let the = Piece::new(side, Kind::King).the_on(from);
    if to.kind() != CellKind::Royal {
        return say!(
            en: "a king moves only between royal squares, and {to} is a rectangle";
            fr: "un roi ne se déplace que de case royale en case royale, et {to} est une case rectangulaire"
        );
    }
    let (dx, dy) = (to.x() - from.x(), to.y() - from.y());
    if dx.abs() == 2 && dy.abs() == 2 {
        return say!(
            "a king never moves diagonally: it steps one royal square up, down, left or right",
            "un roi ne se déplace jamais en diagonale : il avance d'une case royale vers le haut, le bas, la gauche ou la droite"
        );
    }
    if !((dx.abs() == 2 && dy == 0) || (dx == 0 && dy.abs() == 2)) {
        return say!(
            "a king steps only one royal square at a time, up, down, left or right",
            "un roi n'avance que d'une case royale à la fois, vers le haut, le bas, la gauche ou la droite"
        );
    }
    let between = from.offset(dx / 2, dy / 2).expect("between two squares");
    if !pos.board().is_empty(between) {
        let who = occupant(pos, between);
        return say!(
            en: "{} cannot cross {between}: {} stands there, and a king never jumps", the.en(), who.en();
            fr: "{} ne peut pas franchir {between} : {} s'y trouve, et un roi ne saute jamais", the.fr(), who.fr()
        );
    }
    let enemy_cell = pos.king(side.opponent());
    let enemy = Piece::new(side.opponent(), Kind::King).the_on(enemy_cell);
    if enemy_cell == to {
        return say!(
            en: "{to} is taken by {}", enemy.en();
            fr: "{to} est occupée par {}", enemy.fr()
        );
    }
    if !pos.kings_apart(side, from, to) {
        return match pos.rules().king_separation {
            KingSeparation::Strict => say!(
                en: "the kings must stay at least one royal square apart, even diagonally: {to} touches {}", enemy.en();
                fr: "les rois doivent rester séparés d'au moins une case royale, même en diagonale : {to} touche {}", enemy.fr()
            ),
            KingSeparation::OrthogonalOnly => say!(
                en: "the kings may never stand side by side: {to} is next to {}", enemy.en();
                fr: "les rois ne peuvent jamais être côte à côte : {to} est à côté de {}", enemy.fr()
            ),
            KingSeparation::AppCompatible => say!(
                en: "a king may not step right in front of, or diagonally in front of, the enemy king: {} is ahead of {to}", enemy.en();
                fr: "un roi ne peut pas avancer juste devant le roi adverse, ni en diagonale devant lui : {} est devant {to}", enemy.fr()
            ),
        };
    }
    say!(
        en: "{} cannot go to {to}", the.en();
        fr: "{} ne peut pas aller en {to}", the.fr()
    )
}

fn pawn(pos: &Position, from: Cell, to: Cell) -> Text {
    let side = pos.to_move();
    let the = Piece::new(side, Kind::Pawn).the_on(from);
    let f = forward(side);
    if to.kind() == CellKind::Royal {
        return say!(
            en: "a pawn stands only on rectangles, and {to} is a royal square";
            fr: "un pion ne se place que sur les cases rectangulaires, et {to} est une case royale"
        );
    }
    let (dx, dy) = (to.x() - from.x(), to.y() - from.y());
    if dy * f < 0 {
        return say!(
            en: "{} cannot go back to {to}: a pawn only moves forward", the.en();
            fr: "{} ne peut pas reculer en {to} : un pion n'avance que vers l'avant", the.fr()
        );
    }
    if dy == 0 {
        return say!(
            en: "{} cannot move sideways to {to}: a pawn only moves forward", the.en();
            fr: "{} ne peut pas aller de côté en {to} : un pion n'avance que vers l'avant", the.fr()
        );
    }
    let transversal = from.kind() == CellKind::Transversal;
    let end_to_end_off = !pos.rules().end_to_end_capture;
    // Straight step.
    if dx == 0 && dy == 2 * f {
        if !pos.board().is_empty(to) {
            let mut reason = occupied(pos, to);
            let enemy = pos.piece(to).is_some_and(|p| p.side != side);
            if enemy && !transversal && end_to_end_off {
                reason = reason.join(
                    "; ",
                    &say!(
                        "a pawn never takes by moving onto a piece (the end-to-end capture is off in this game)",
                        "un pion ne prend jamais en se plaçant sur une pièce (la prise bout à bout n'est pas en vigueur dans cette partie)"
                    ),
                );
            }
            return reason;
        }
        let mid = from.offset(0, f).expect("between two rectangles");
        if pos.board().has_king(mid) {
            return say!(
                en: "{} cannot step to {to}: the king on {mid} blocks it", the.en();
                fr: "{} ne peut pas avancer en {to} : le roi en {mid} lui barre le passage", the.fr()
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
            return say!(
                en: "{} moves one cell at a time: only transversal pawns on their starting line play the Coup Spécial", the.en();
                fr: "{} avance d'une case à la fois : seuls les pions transversaux sur leur ligne de départ jouent le Coup Spécial", the.fr()
            );
        }
        let mid1 = from.offset(0, f).expect("on the board");
        let over = from.offset(0, 2 * f).expect("on the board");
        let mid2 = from.offset(0, 3 * f).expect("on the board");
        if let Some(p) = pos.piece(over) {
            if p.side == side {
                return say!(
                    en: "{} cannot jump over its own piece on {over}", the.en();
                    fr: "{} ne peut pas sauter sa propre pièce en {over}", the.fr()
                );
            }
            let victim = p.the_on(over);
            let why = if pos.board().has_king(mid1) {
                say!(
                    "the king on {mid1} blocks the jump",
                    "le roi en {mid1} empêche le saut"
                )
            } else if pos.board().has_king(mid2) {
                say!(
                    "the king on {mid2} blocks the jump",
                    "le roi en {mid2} empêche le saut"
                )
            } else {
                occupied(pos, to)
            };
            return say!(
                en: "{} cannot take {}: {}", the.en(), victim.en(), why.en();
                fr: "{} ne peut pas prendre {} : {}", the.fr(), victim.fr(), why.fr()
            );
        }
        let start = coup_special_row(side);
        if from.y() != start {
            let line = if side == Side::White { "h2" } else { "h7" };
            return say!(
                en: "only a pawn still on its starting line {line} may advance two cells (Coup Spécial)";
                fr: "seul un pion encore sur sa ligne de départ {line} peut avancer de deux cases (Coup Spécial)"
            );
        }
        let blocker = if pos.board().has_king(mid1) {
            Some(say!(
                "the king on {mid1} blocks it",
                "le roi en {mid1} lui barre le passage"
            ))
        } else if pos.board().has_king(mid2) {
            Some(say!(
                "the king on {mid2} blocks it",
                "le roi en {mid2} lui barre le passage"
            ))
        } else if !pos.board().is_empty(to) {
            Some(occupied(pos, to))
        } else {
            None
        };
        if let Some(why) = blocker {
            return say!(
                en: "{} cannot play the Coup Spécial to {to}: {}", the.en(), why.en();
                fr: "{} ne peut pas jouer le Coup Spécial en {to} : {}", the.fr(), why.fr()
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
        return say!(
            en: "{} cannot move: every cell it could step to is taken", the.en();
            fr: "{} ne peut pas bouger : toutes les cases où il pourrait aller sont occupées", the.fr()
        );
    }
    let names: Vec<Text> = targets
        .iter()
        .map(|c| Text::new(c.to_string(), c.to_string()))
        .collect();
    let list = join_with(&names, "or", "ou");
    let mut text = say!(
        en: "{} moves one cell forward, straight ahead or pivoting: to {}", the.en(), list.en();
        fr: "{} avance d'une case, tout droit ou en pivotant : vers {}", the.fr(), list.fr()
    );
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
            &say!(
                "or two cells to {double} (Coup Spécial)",
                "ou de deux cases vers {double} (Coup Spécial)"
            ),
        );
    }
    text
}

fn queen(pos: &Position, from: Cell, to: Cell) -> Text {
    let side = pos.to_move();
    let the = Piece::new(side, Kind::Queen).the_on(from);
    if to.kind() == CellKind::Royal {
        return say!(
            en: "a queen stands only on rectangles, and {to} is a royal square";
            fr: "une dame ne se place que sur les cases rectangulaires, et {to} est une case royale"
        );
    }
    let (dx, dy) = (to.x() - from.x(), to.y() - from.y());
    if dx.abs() == 1 && dy.abs() == 1 {
        return occupied(pos, to);
    }
    if to.kind() != from.kind() {
        return say!(
            en: "{} keeps its orientation except when it pivots onto a touching perpendicular rectangle, and {to} does not touch it", the.en();
            fr: "{} garde son orientation sauf en pivotant sur une case perpendiculaire qui la touche, et {to} ne la touche pas", the.fr()
        );
    }
    if dx != 0 && dy != 0 {
        return say!(
            en: "{} moves in a straight line along or across its rectangle, and {to} is not on one", the.en();
            fr: "{} se déplace en ligne droite, le long de sa case ou en travers, et {to} n'est pas sur une telle ligne", the.fr()
        );
    }
    let (ux, uy) = (dx.signum(), dy.signum());
    let lateral = from.lateral() == Some((ux.abs(), uy.abs()));
    let mut cur = from;
    while let (Some(mid), Some(next)) = (cur.offset(ux, uy), cur.offset(2 * ux, 2 * uy)) {
        if pos.board().has_king(mid) {
            return say!(
                en: "{} cannot get to {to}: the king on {mid} blocks the way", the.en();
                fr: "{} ne peut pas atteindre {to} : le roi en {mid} barre le chemin", the.fr()
            );
        }
        if let Some(p) = pos.piece(next) {
            let enemy = p.side != side;
            if next == to {
                let mut reason = occupied(pos, to);
                if enemy && !lateral && end_to_end_note(pos, from, to) {
                    reason = reason.join(
                        "; ",
                        &say!(
                            "a queen takes only by jumping across royal squares (the end-to-end capture is off in this game)",
                            "une dame ne prend qu'en sautant par-dessus une case royale (la prise bout à bout n'est pas en vigueur dans cette partie)"
                        ),
                    );
                }
                return reason;
            }
            let blocker = p.the_on(next);
            if enemy && lateral {
                let beyond = next.offset(ux, uy);
                let landing = next.offset(2 * ux, 2 * uy);
                let why = match (beyond, landing) {
                    (Some(b), _) if pos.board().has_king(b) => {
                        say!(
                            "the king on {b} blocks the jump",
                            "le roi en {b} empêche le saut"
                        )
                    }
                    (_, Some(l)) if !pos.board().is_empty(l) => {
                        let who = occupant(pos, l);
                        say!(
                            en: "{} stands right behind it", who.en();
                            fr: "{} est juste derrière", who.fr()
                        )
                    }
                    _ => say!(
                        "there is no cell behind it",
                        "il n'y a pas de case derrière"
                    ),
                };
                return say!(
                    en: "{} cannot take {}: {}", the.en(), blocker.en(), why.en();
                    fr: "{} ne peut pas prendre {} : {}", the.fr(), blocker.fr(), why.fr()
                );
            }
            return say!(
                en: "{} cannot get to {to}: {} is in the way", the.en(), blocker.en();
                fr: "{} ne peut pas atteindre {to} : {} est sur le chemin", the.fr(), blocker.fr()
            );
        }
        if next == to {
            break;
        }
        cur = next;
    }
    say!(
        en: "{} cannot go to {to}", the.en();
        fr: "{} ne peut pas aller en {to}", the.fr()
    )
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
    let the = capitalized(&piece.the());
    let (from, to) = (m.from(), m.to());
    let victims: Vec<Text> = m
        .captured()
        .iter()
        .filter_map(|&c| pos.piece(c).map(|p| p.the_on(c)))
        .collect();
    let victims = join(&victims);
    let mut text = match m.kind() {
        MoveKind::Step => say!(
            en: "{} steps from {from} to {to}", the.en();
            fr: "{} avance de {from} à {to}", the.fr()
        ),
        MoveKind::Pivot => say!(
            en: "{} pivots from {from} to {to}", the.en();
            fr: "{} pivote de {from} vers {to}", the.fr()
        ),
        MoveKind::CoupSpecial => say!(
            en: "{} plays the Coup Spécial from {from} to {to}", the.en();
            fr: "{} joue le Coup Spécial de {from} à {to}", the.fr()
        ),
        MoveKind::Slide => say!(
            en: "{} slides from {from} to {to}", the.en();
            fr: "{} glisse de {from} à {to}", the.fr()
        ),
        MoveKind::KingStep => say!(
            en: "{} moves from {from} to {to}", the.en();
            fr: "{} va de {from} à {to}", the.fr()
        ),
        MoveKind::Jump => say!(
            en: "{} jumps from {from} to {to}, taking {}", the.en(), victims.en();
            fr: "{} saute de {from} à {to} et prend {}", the.fr(), victims.fr()
        ),
        MoveKind::EndToEnd => say!(
            en: "{} takes {} end to end, moving from {from} to {to}", the.en(), victims.en();
            fr: "{} prend {} bout à bout, de {from} à {to}", the.fr(), victims.fr()
        ),
    };
    if m.promotes() {
        text = Text::new(
            format!("{} and becomes a queen", text.en()),
            format!("{} et devient une dame", text.fr()),
        );
    }
    Text::new(format!("{}.", text.en()), format!("{}.", text.fr()))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(l.en(), "e.h5, e.h7 and a.h3");
        assert_eq!(l.fr(), "e.h5, e.h7 et a.h3");
        assert_eq!(cell_list(&[c("e.h5")]).en(), "e.h5");
    }

    #[test]
    fn capitalization_touches_only_the_first_letter() {
        let t = capitalized(&Text::new("the White pawn", "le pion blanc"));
        assert_eq!(t.en(), "The White pawn");
        assert_eq!(t.fr(), "Le pion blanc");
    }
}
