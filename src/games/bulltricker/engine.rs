//! Bulltricker against the computer: what a position is worth and which moves to search
//! first.
//!
//! The game is won by enclosing the King (MAT, TRICK), which the search sees as the end it
//! is; short of that, the evaluation counts material first, a Queen (which moves and takes
//! in every direction, flying) worth three Pawns. Material alone left most quiet moves
//! scored alike (51 of 55 within a tenth of a pawn, docs/benchmarks.md), so that a deeper
//! search found no more than a shallower one and most games between searching levels ran
//! to the ply limit. Three positional terms, each worth well under a pawn, now tell quiet
//! positions apart, on the way to the only end the game has, a shut-in King:
//!
//! - **the siege**: each side of a King held by an enemy piece (all four, one at least an
//!   enemy's, is MAT);
//! - **the pressure**: the enemy pieces within two royal squares of a King, weighed by how
//!   few ways out the King has (a side free and a royal square beyond it to step to), so
//!   that a King walled in by its own pieces is in danger only when the enemy comes near;
//! - **the advance**: a Pawn nearer its last line, where it becomes a Queen.
//!
//! Captures are compulsory and searched first, the longest chains before, then promotions.

use std::sync::LazyLock;

use crate::games::Side;
use crate::games::bulltricker::Position;
use crate::games::bulltricker::board::Kind;
use crate::games::bulltricker::geometry::Cell;
use crate::games::bulltricker::movegen::rectangles;
use crate::games::bulltricker::moves::Move;
use crate::games::engine::{Engine, Style, key_of};

/// A Pawn.
const PAWN: i32 = 100;
/// A Queen.
const QUEEN: i32 = 300;
/// A side of a King held by an enemy Queen or Pawn.
const SIEGE: i32 = 25;
/// An enemy piece near a King (a Queen counts twice), for each way out the King lacks.
const PRESSURE: i32 = 2;
/// A Pawn's step toward its last line, per lattice row (a Pawn about to become a Queen is
/// worth 24 more than one at home).
const ADVANCE: i32 = 2;
/// How near (in royal squares, diagonals counted as one) an enemy piece presses a King.
const NEAR: i8 = 2;

impl Engine for Position {
    /// Measured by `cargo bench --bench engine` at level 9: a node costs about four of Ataxx's,
    /// more as the tree grows.
    const NODE_COST: u64 = 400;
    /// Most quiet moves look alike to the guess (only captures and promotions stand out),
    /// so the moves that cut off a sibling's search are the better guide: four plies took
    /// 29 ms a move on average (worst 68 ms) with them against 195 ms (1.1 s) without, five
    /// plies 331 ms (0.73 s) against 2.9 s (35 s), the same games' first 40 plies
    /// (`cargo bench --bench engine -- --game bulltricker --games 2 --max-plies 40 --match
    /// d5,n400000000,t0,s0 d4,n400000000,t0,s0`).
    const KILLERS: bool = true;
    /// Level 9's six plies often run out of nodes; the five plies' move it played then lost
    /// games 23 and 96 of the match against the greedy player (docs/benchmarks.md), each to
    /// a reply the sixth ply had already found.
    const UNFINISHED: bool = true;
    const UNIT: i32 = PAWN;

    /// Captures are compulsory, so one ply sees no difference between the moves a player
    /// may choose: the standard levels 1 and 2 both played at random (2 against 1 scored
    /// 47.5 %). Two plies see a piece left to be taken; levels 1 to 4 search two plies and
    /// stray from that move less and less often, level 5 three plies straying 150 times in
    /// a thousand, level 6 three plies. Deepening within a budget of nodes was no stronger
    /// than a full search one ply shallower (its unfinished iterations are thrown away), so
    /// levels 7 to 9 search four, five and six full plies. Six plies within 4 M nodes of
    /// Bulltricker's took up to 6.4 s a move, so level 9 stops at 2.5 M (10 M of Ataxx's;
    /// at most 4.0 s then, 2.0 s since the search got faster; a search that runs out, 8
    /// moves in 60, plays the best move its sixth ply finished); four and five plies never
    /// came near their 4 M. Seven plies took 21 s a move. Every pair from 2 v 1 to 9 v 8
    /// scored 75 % or more (`cargo bench --bench engine -- --game bulltricker --levels
    /// 1-9`, 200 games a pair, in docs/benchmarks.md; 9 v 8 90.0 %, 75.8 % with the level
    /// 9 that threw its unfinished sixth ply away).
    const STYLES: [Style; 9] = [
        Style::new(2, 50_000, 0.0, 900),
        Style::new(2, 50_000, 0.0, 600),
        Style::new(2, 50_000, 0.0, 300),
        Style::new(2, 50_000, 0.0, 100),
        Style::new(3, 200_000, 0.0, 150),
        Style::new(3, 200_000, 0.0, 0),
        Style::new(4, 16_000_000, 0.0, 0),
        Style::new(5, 16_000_000, 0.0, 0),
        Style::new(6, 10_000_000, 0.0, 0),
    ];

    fn evaluate(&self) -> i32 {
        let me = self.to_move;
        // Per side: its material and advance, kept by the board, less what the enemy near
        // its King costs it.
        let standing = |s: Side| {
            let tally = self.board.tally(s);
            let worth = QUEEN * i32::from(tally.queens)
                + PAWN * i32::from(tally.pawns)
                + ADVANCE * i32::from(tally.advance);
            worth - self.danger(s, self.pressing(s))
        };
        standing(me) - standing(me.opponent())
    }

    fn key(&self) -> u64 {
        key_of((self.board.packed(), self.to_move == Side::White))
    }

    fn guess(&self, m: &Move) -> i32 {
        PAWN * m.captured().len() as i32 + if m.promotes() { 2 * PAWN } else { 0 }
    }
}

/// For each point, the rectangles within [`NEAR`] royal squares of it: where the pieces
/// that press a King there stand (the Kings themselves stand off the rectangles).
static NEAR_RECTANGLES: LazyLock<Vec<Vec<Cell>>> = LazyLock::new(|| {
    Cell::all()
        .map(|king| {
            rectangles()
                .filter(|c| c.royal_distance(king) <= NEAR)
                .collect()
        })
        .collect()
});

impl Position {
    /// The weight of the enemy pieces near `side`'s King, a Queen counting twice.
    fn pressing(&self, side: Side) -> i32 {
        let enemy = side.opponent();
        NEAR_RECTANGLES[self.king(side).index()]
            .iter()
            .filter_map(|&c| self.board.get(c))
            .filter(|p| p.side == enemy)
            .map(|p| match p.kind {
                Kind::King => 0,
                Kind::Queen => 2,
                Kind::Pawn => 1,
            })
            .sum()
    }

    /// What the enemy costs `side` around its King: the sides the enemy holds, and the
    /// weight `near` of the enemy pieces close by for each way out the King lacks.
    fn danger(&self, side: Side, near: i32) -> i32 {
        let king = self.king(side);
        let mut held = 0;
        let mut ways_out = 0;
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let Some(wall) = king.offset(dx, dy) else {
                continue;
            };
            match self.board.get(wall) {
                Some(p) if p.side != side => held += 1,
                Some(_) => {}
                None => {
                    if king
                        .offset(2 * dx, 2 * dy)
                        .is_some_and(|beyond| self.board.is_empty(beyond))
                    {
                        ways_out += 1;
                    }
                }
            }
        }
        SIEGE * held + PRESSURE * near * (4 - ways_out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bulltricker::board::{Board, Piece, advance};
    use crate::games::bulltricker::rules::Rules;
    use crate::games::bulltricker::setup::{INITIAL, read};

    fn position(text: &str) -> Position {
        read(text, None, Rules::default()).unwrap()
    }

    /// The same position seen from the other side: the board turned upside down (rows
    /// reversed, which keeps every point's kind), the colours swapped, the other side to move.
    fn mirrored(pos: &Position) -> Position {
        let mut board = Board::default();
        for (cell, piece) in pos.board.pieces() {
            let to = Cell::new(cell.x(), 14 - cell.y()).unwrap();
            board.set(to, Some(Piece::new(piece.side.opponent(), piece.kind)));
        }
        let turned = |c: Cell| Cell::new(c.x(), 14 - c.y()).unwrap();
        Position {
            board,
            to_move: pos.to_move.opponent(),
            kings: [turned(pos.kings[1]), turned(pos.kings[0])],
            rules: pos.rules,
            ended: None,
        }
    }

    #[test]
    fn the_start_is_even_and_every_position_scores_alike_for_either_colour() {
        let start = position(INITIAL);
        assert_eq!(start.evaluate(), 0);
        // Positions of random games (a fixed generator): each scores for its side to move
        // what its mirror scores for the other colour.
        let positions = random_positions(0x9e37_79b9_7f4a_7c15, 20, 120);
        for pos in &positions {
            assert_eq!(pos.evaluate(), mirrored(pos).evaluate(), "{pos:?}");
        }
        assert!(positions.len() > 1000, "{} positions", positions.len());
    }

    /// The positions met in `games` random games of at most `plies` plies from the start,
    /// where the side to move has a move (a fixed generator, from `seed`).
    fn random_positions(mut seed: u64, games: usize, plies: usize) -> Vec<Position> {
        let mut out = Vec::new();
        for _ in 0..games {
            let mut pos = position(INITIAL);
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.ended.is_some() {
                    break;
                }
                out.push(pos.clone());
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.play(&moves[(seed % moves.len() as u64) as usize]);
            }
        }
        out
    }

    /// The evaluation as a walk of every rectangle, the way it was first written: material,
    /// advance and the pieces near each King, counted piece by piece.
    fn walked(pos: &Position) -> i32 {
        let mut worth = [0i32; 2];
        let mut near = [0i32; 2];
        for cell in rectangles() {
            let Some(piece) = pos.board.get(cell) else {
                continue;
            };
            let (value, weight) = match piece.kind {
                Kind::King => continue,
                Kind::Queen => (QUEEN, 2),
                Kind::Pawn => (PAWN + ADVANCE * i32::from(advance(cell, piece.side)), 1),
            };
            worth[piece.side.index()] += value;
            let them = piece.side.opponent().index();
            if cell.royal_distance(pos.kings[them]) <= NEAR {
                near[them] += weight;
            }
        }
        let standing = |s: Side| worth[s.index()] - pos.danger(s, near[s.index()]);
        standing(pos.to_move) - standing(pos.to_move.opponent())
    }

    #[test]
    fn the_evaluation_from_the_kept_tallies_is_that_of_a_walk_of_the_board() {
        let positions = random_positions(0x2545_f491_4f6c_dd1d, 30, 150);
        for pos in &positions {
            assert_eq!(pos.evaluate(), walked(pos), "{pos:?}");
        }
        assert!(positions.len() > 1500, "{} positions", positions.len());
    }

    #[test]
    fn a_side_of_the_king_held_by_the_enemy_costs_its_owner() {
        // The same material; in the second, White's pawn stands beside Black's King.
        let far = position("W: Kd1 Pa.h4 Qv1.1 Qv2.1; B: Kd5 Pg.h7 Qv8.7 Qv7.7; w");
        let held = position("W: Kd1 Pd.h5 Qv1.1 Qv2.1; B: Kd5 Pg.h7 Qv8.7 Qv7.7; w");
        assert!(
            held.evaluate() > far.evaluate() + SIEGE / 2,
            "{} against {}",
            held.evaluate(),
            far.evaluate()
        );
    }

    #[test]
    fn a_king_without_a_way_out_fears_the_pieces_near_it() {
        // Black's King on a7 with its own queens on two sides and the edge above; White's
        // queens come near it in the second.
        let away = position("W: Kd1 Qg.h1 Qf.h1 Pa.h2; B: Ka7 Qv1.7 Qa.h7 Pg.h6; w");
        let near = position("W: Kd1 Qb.h6 Qv3.6 Pa.h2; B: Ka7 Qv1.7 Qa.h7 Pg.h6; w");
        assert!(
            near.evaluate() > away.evaluate(),
            "{} against {}",
            near.evaluate(),
            away.evaluate()
        );
    }

    #[test]
    fn a_pawn_nearer_its_last_line_is_worth_more_but_less_than_a_pawn_more() {
        let home = position("W: Kd1 Pc.h2 Pe.h2 Qv1.1; B: Kd7 Pc.h7 Qv8.7; w");
        let on = position("W: Kd1 Pc.h6 Pe.h2 Qv1.1; B: Kd7 Pc.h7 Qv8.7; w");
        let lost = position("W: Kd1 Pe.h2 Qv1.1; B: Kd7 Pc.h7 Qv8.7; w");
        assert!(on.evaluate() > home.evaluate());
        assert!(on.evaluate() - home.evaluate() < PAWN / 2);
        assert!(home.evaluate() - lost.evaluate() >= PAWN);
    }
}
