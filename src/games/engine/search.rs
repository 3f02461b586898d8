//! Alpha-beta search (negamax) with iterative deepening and a transposition table, within a
//! budget of nodes and depth.
//!
//! Each iteration searches one ply deeper, the previous best move first; an iteration that
//! runs out of nodes is thrown away, and the last finished one gives the move (the first
//! always finishes), unless the game keeps what such an iteration found
//! ([`Engine::UNFINISHED`]): then the best of the root moves it finished gives the move.
//! With `spread`, every root move gets its exact score (a full window each), which the low
//! levels need to weigh their choices; otherwise the root searches with a narrowing window
//! and only the best move's score is exact. A game may ask for the killer heuristic and
//! null windows on the moves after the first ([`Engine::KILLERS`]), which find the same
//! scores in fewer nodes where its own guess orders the moves poorly.

use std::collections::HashMap;

use super::{Engine, WIN};
use crate::games::Outcome;

/// How much a search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// The nodes (positions visited) after which an iteration stops.
    pub nodes: u64,
}

/// A root move and its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored<M> {
    /// The move.
    pub mv: M,
    /// Its score for the mover, at the depth searched.
    pub score: i32,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought<M> {
    /// The move chosen.
    pub best: M,
    /// Its score for the side to move.
    pub score: i32,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// The nodes visited in all.
    pub nodes: u64,
    /// Every root move with its score, best first, when the search was asked to spread;
    /// else the best alone.
    pub root: Vec<Scored<M>>,
}

/// The most entries the transposition table keeps; past it, it is emptied.
const TABLE_ENTRIES: usize = 1 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Debug)]
struct Entry<M> {
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

struct Searcher<M> {
    table: HashMap<u64, Entry<M>>,
    nodes: u64,
    limit: u64,
    stopped: bool,
    /// Whether the killer moves and the null windows are used ([`Engine::KILLERS`]).
    sharp: bool,
    /// For each ply, the last two moves that cut the search off there (killer moves),
    /// tried right after the table's move in the positions met at that ply.
    killers: Vec<[Option<M>; 2]>,
}

/// A won game's score seen from `ply` plies below the root: sooner wins score higher.
fn terminal<G: Engine>(position: &G, ply: u32) -> Option<i32> {
    match position.outcome() {
        Outcome::Ongoing => None,
        Outcome::Won { winner, .. } if winner == position.side_to_move() => Some(WIN - ply as i32),
        Outcome::Won { .. } => Some(-(WIN - ply as i32)),
        Outcome::Drawn { .. } => Some(0),
    }
}

/// Win scores are stored relative to the node, read back relative to the root.
fn to_table(score: i32, ply: u32) -> i32 {
    match score {
        s if s > WIN / 2 => s + ply as i32,
        s if s < -WIN / 2 => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    match score {
        s if s > WIN / 2 => s - ply as i32,
        s if s < -WIN / 2 => s + ply as i32,
        s => s,
    }
}

/// The moves of `position`, the table's best first, then the killers of its ply, then by
/// the game's guess (stable, so the order, like everything here, depends on nothing but the
/// position and the search so far).
fn ordered<G: Engine>(
    position: &G,
    first: Option<&G::Move>,
    killers: &[Option<G::Move>; 2],
) -> Vec<G::Move> {
    let mut moves = position.legal_moves();
    if moves.is_empty()
        && let Some(pass) = position.forced_pass()
    {
        moves.push(pass);
    }
    let mut keyed: Vec<(i32, G::Move)> = moves
        .into_iter()
        .map(|m| {
            let key = match first {
                Some(f) if *f == m => i32::MAX,
                _ if killers[0].as_ref() == Some(&m) => i32::MAX - 1,
                _ if killers[1].as_ref() == Some(&m) => i32::MAX - 2,
                _ => position.guess(&m),
            };
            (key, m)
        })
        .collect();
    keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
    keyed.into_iter().map(|(_, m)| m).collect()
}

impl<M: Clone + PartialEq> Searcher<M> {
    fn negamax<G: Engine<Move = M>>(
        &mut self,
        position: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.stopped = true;
            return 0;
        }
        if let Some(score) = terminal(position, ply) {
            return score;
        }
        if depth == 0 {
            return position.evaluate();
        }
        let key = position.key();
        let original_alpha = alpha;
        let mut first = None;
        if let Some(e) = self.table.get(&key) {
            first = e.best.clone();
            if e.depth >= depth {
                let score = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let no_killers = [None, None];
        let killers = if self.sharp {
            let at = ply as usize;
            if self.killers.len() <= at {
                self.killers.resize(at + 1, [None, None]);
            }
            &self.killers[at]
        } else {
            &no_killers
        };
        let moves = ordered(position, first.as_ref(), killers);
        if moves.is_empty() {
            return position.evaluate();
        }
        let mut best_score = -WIN - 1;
        let mut best = None;
        for (i, m) in moves.into_iter().enumerate() {
            let mut next = position.clone();
            next.apply(&m);
            let score = if self.sharp && i > 0 {
                // The moves after the first are expected to be worse: a null window proves
                // it cheaply, and only a move that beats alpha is searched again in full.
                let probe = -self.negamax(&next, depth - 1, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            } else {
                -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha)
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = Some(m);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                // Alpha was below beta before this move, so the move that cut is the one
                // just kept as the best: a game that keeps killer moves copies it from there.
                if let (true, Some(cut)) = (self.sharp, best.as_ref()) {
                    let slot = &mut self.killers[ply as usize];
                    if slot[0].as_ref() != Some(cut) {
                        slot[1] = slot[0].take();
                        slot[0] = Some(cut.clone());
                    }
                }
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() >= TABLE_ENTRIES {
            self.table.clear();
        }
        self.table.insert(
            key,
            Entry {
                depth,
                score: to_table(best_score, ply),
                bound,
                best,
            },
        );
        best_score
    }
}

/// Searches `position` within `budget`; `spread`: give every root move its exact score.
/// `None` when the game is over.
pub fn search<G: Engine>(position: &G, budget: Budget, spread: bool) -> Option<Thought<G::Move>> {
    search_in(position, budget, spread, G::KILLERS, G::UNFINISHED)
}

/// [`search`], with the killer moves and null windows on or off (`sharp`), and the root
/// moves of an unfinished iteration kept or not (`unfinished`), whatever the game asks: the
/// tests compare them.
fn search_in<G: Engine>(
    position: &G,
    budget: Budget,
    spread: bool,
    sharp: bool,
    unfinished: bool,
) -> Option<Thought<G::Move>> {
    if terminal(position, 0).is_some() {
        return None;
    }
    let mut searcher = Searcher {
        table: HashMap::new(),
        nodes: 0,
        limit: u64::MAX,
        stopped: false,
        sharp,
        killers: Vec::new(),
    };
    let mut root: Vec<Scored<G::Move>> = ordered(position, None, &[None, None])
        .into_iter()
        .map(|mv| Scored { mv, score: 0 })
        .collect();
    if root.is_empty() {
        return None;
    }
    let mut done: Option<(Vec<Scored<G::Move>>, u32)> = None;
    for depth in 1..=budget.depth.max(1) {
        // The first iteration always finishes: a move is always given.
        searcher.limit = if depth == 1 { u64::MAX } else { budget.nodes };
        let mut alpha = -WIN - 1;
        let mut finished = 0;
        for entry in root.iter_mut() {
            let mut next = position.clone();
            next.apply(&entry.mv);
            let window = if spread { -WIN - 1 } else { alpha };
            entry.score = -searcher.negamax(&next, depth - 1, 1, -WIN - 1, -window);
            if searcher.stopped {
                break;
            }
            finished += 1;
            alpha = alpha.max(entry.score);
        }
        if searcher.stopped {
            // The previous best move is searched first: once it is finished, the best of
            // the moves finished at this depth is a better guess than the shallower
            // iteration's, which may not have seen the reply that refutes its move.
            if unfinished && !spread && finished > 0 {
                let mut kept = root[..finished].to_vec();
                kept.sort_by_key(|s| std::cmp::Reverse(s.score));
                done = Some((kept, depth - 1));
            }
            break;
        }
        // Best first; among equals, the earlier (better-ordered) one.
        root.sort_by_key(|s| std::cmp::Reverse(s.score));
        done = Some((root.clone(), depth));
        if root[0].score.abs() > WIN / 2 {
            break;
        }
        if searcher.nodes >= budget.nodes {
            break;
        }
    }
    let (mut root, depth) = done?;
    let best = root[0].clone();
    if !spread {
        root.truncate(1);
    }
    Some(Thought {
        best: best.mv,
        score: best.score,
        depth,
        nodes: searcher.nodes,
        root,
    })
}

#[cfg(test)]
mod tests {
    use rand_core::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::games::engine::{Level, think};
    use crate::games::{Game, GameOptions, ataxx};

    fn ataxx(text: &str) -> ataxx::Position {
        let options = GameOptions::defaults(ataxx::Position::option_specs());
        ataxx::Position::from_position(text, None, &options).unwrap()
    }

    /// Plain negamax to `depth`, no pruning, no table: what the search must agree with.
    fn minimax<G: Engine>(position: &G, depth: u32, ply: u32) -> i32 {
        if let Some(score) = terminal(position, ply) {
            return score;
        }
        if depth == 0 {
            return position.evaluate();
        }
        let mut moves = position.legal_moves();
        if moves.is_empty()
            && let Some(pass) = position.forced_pass()
        {
            moves.push(pass);
        }
        moves
            .iter()
            .map(|m| {
                let mut next = position.clone();
                next.apply(m);
                -minimax(&next, depth - 1, ply + 1)
            })
            .max()
            .unwrap_or_else(|| position.evaluate())
    }

    /// Positions of game `G` reached by random legal moves from each of its starts.
    fn positions<G: Engine>(count: usize) -> Vec<G> {
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let options = GameOptions::defaults(G::option_specs());
        let starts: Vec<G> = G::variants()
            .iter()
            .map(|v| G::from_position(v.position, None, &options).unwrap())
            .collect();
        (0..count)
            .map(|i| {
                let mut p = starts[i % starts.len()].clone();
                let plies = 4 + rng.next_u64() % 30;
                for _ in 0..plies {
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = &moves[(rng.next_u64() % moves.len() as u64) as usize];
                    p.apply(m);
                }
                p
            })
            .collect()
    }

    /// Equal positions give equal keys, and none of a few thousand positions met in random
    /// games shares its key with another: each game's key covers what tells positions apart.
    fn keys_tell_positions_apart<G: Engine>() {
        let mut seen: HashMap<u64, String> = HashMap::new();
        for p in positions::<G>(3000) {
            let text = format!("{p:?}");
            assert_eq!(p.key(), p.clone().key());
            if let Some(other) = seen.insert(p.key(), text.clone()) {
                assert_eq!(other, text, "two positions with one key");
            }
        }
        assert!(seen.len() > 1000, "{} positions", seen.len());
    }

    #[test]
    fn every_game_keys_its_positions_apart() {
        keys_tell_positions_apart::<ataxx::Position>();
        keys_tell_positions_apart::<crate::games::abalone::Position>();
        keys_tell_positions_apart::<crate::games::sauterelle::Position>();
        keys_tell_positions_apart::<crate::games::tours::Position>();
        keys_tell_positions_apart::<crate::games::bulltricker::Position>();
    }

    #[test]
    fn the_search_scores_every_root_move_as_plain_negamax_does() {
        agrees_with_negamax(&positions::<ataxx::Position>(24), 3);
        agrees_with_negamax(&positions::<crate::games::abalone::Position>(8), 2);
        agrees_with_negamax(&positions::<crate::games::sauterelle::Position>(12), 3);
        agrees_with_negamax(&positions::<crate::games::tours::Position>(8), 2);
        agrees_with_negamax(&positions::<crate::games::bulltricker::Position>(8), 2);
    }

    /// The nodes of a search of `depth` plies with and without the killer moves and null
    /// windows over `positions`, checking that both find the same score.
    fn nodes_plain_and_sharp<G: Engine>(positions: &[G], depth: u32) -> (u64, u64) {
        let (mut plain, mut sharp) = (0, 0);
        for p in positions {
            if p.outcome() != Outcome::Ongoing {
                continue;
            }
            let budget = Budget {
                depth,
                nodes: u64::MAX,
            };
            let a = search_in(p, budget, false, false, false).unwrap();
            let b = search_in(p, budget, false, true, false).unwrap();
            assert_eq!(a.score, b.score, "{}", p.position_string());
            plain += a.nodes;
            sharp += b.nodes;
        }
        (plain, sharp)
    }

    #[test]
    fn killer_moves_and_null_windows_score_as_plain_negamax_in_fewer_nodes() {
        use crate::games::bulltricker;
        // Bulltricker asks for them: every root move scored as plain negamax scores it, to
        // three plies (where the table cannot graft a deeper result either, see
        // `agrees_with_negamax`), and the best score found in fewer nodes.
        const { assert!(bulltricker::Position::KILLERS) };
        let some = positions::<bulltricker::Position>(12);
        agrees_with_negamax(&some, 3);
        let (plain, sharp) = nodes_plain_and_sharp(&some, 3);
        // About half at three plies (61,712 against 125,267); far fewer deeper.
        assert!(sharp * 3 < plain * 2, "{sharp} nodes against {plain}");
        // Ataxx does without (its guess already orders well, and the null windows' second
        // searches cost more than they save there); on, they still find the same scores.
        const { assert!(!crate::games::ataxx::Position::KILLERS) };
        nodes_plain_and_sharp(&positions::<crate::games::ataxx::Position>(12), 4);
    }

    /// With [`Engine::UNFINISHED`], a search whose last iteration runs out plays a move that
    /// plain negamax, to that iteration's depth, scores no worse than the last finished
    /// iteration's move; and it does play another move where the deeper look refutes the
    /// shallower one's (here in some of the positions), else the rule would be idle.
    #[test]
    fn an_unfinished_iteration_keeps_what_it_found() {
        use crate::games::bulltricker::Position;
        const { assert!(Position::UNFINISHED) };
        const { assert!(!ataxx::Position::UNFINISHED) };
        let exact = |p: &Position, m: &<Position as Game>::Move| {
            let mut next = p.clone();
            next.apply(m);
            -minimax(&next, 2, 1)
        };
        let mut better = 0;
        for p in positions::<Position>(16) {
            if p.outcome() != Outcome::Ongoing {
                continue;
            }
            let full = |depth| Budget {
                depth,
                nodes: u64::MAX,
            };
            let two = search_in(&p, full(2), false, true, true).unwrap().nodes;
            let three = search_in(&p, full(3), false, true, true).unwrap().nodes;
            // Half-way through the third iteration.
            let budget = Budget {
                depth: 3,
                nodes: two + (three - two) / 2,
            };
            let shallow = search_in(&p, budget, false, true, false).unwrap();
            let kept = search_in(&p, budget, false, true, true).unwrap();
            assert_eq!(
                (shallow.depth, kept.depth),
                (2, 2),
                "{}",
                p.position_string()
            );
            let (s, k) = (exact(&p, &shallow.best), exact(&p, &kept.best));
            assert!(k >= s, "{}: {k} against {s}", p.position_string());
            if kept.best != shallow.best {
                assert!(k > s, "{}", p.position_string());
                assert_eq!(kept.score, k, "{}", p.position_string());
                better += 1;
            }
        }
        assert!(
            better > 0,
            "no position where the third ply changed the move"
        );
    }

    /// From every start of every game, each level plays a legal move.
    fn plays_legal_moves<G: Engine>() {
        let options = GameOptions::defaults(G::option_specs());
        for v in G::variants() {
            let p = G::from_position(v.position, None, &options).unwrap();
            for level in [
                Level::new(1).unwrap(),
                Level::DEFAULT,
                Level::new(6).unwrap(),
            ] {
                let t = think(&p, level, 3).unwrap();
                assert!(
                    p.check(&t.best).is_ok(),
                    "{:?} {} {:?}",
                    G::KIND,
                    v.id,
                    t.best
                );
            }
        }
    }

    #[test]
    fn every_game_gets_a_legal_move_at_every_kind_of_level() {
        plays_legal_moves::<ataxx::Position>();
        plays_legal_moves::<crate::games::abalone::Position>();
        plays_legal_moves::<crate::games::sauterelle::Position>();
        plays_legal_moves::<crate::games::tours::Position>();
        plays_legal_moves::<crate::games::bulltricker::Position>();
    }

    /// At depths 1 to `deepest`, every root move's score is plain negamax's (the table
    /// cannot graft a deeper result at these depths: a position recurs only with the same
    /// side to move, two plies apart, and depth 0 is never stored).
    fn agrees_with_negamax<G: Engine>(positions: &[G], deepest: u32) {
        for (i, p) in positions.iter().enumerate() {
            if p.outcome() != Outcome::Ongoing {
                continue;
            }
            let depth = 1 + (i as u32 % deepest);
            let budget = Budget {
                depth,
                nodes: u64::MAX,
            };
            let t = search(p, budget, true).unwrap();
            // A won or lost game seen early stops the deepening.
            assert!(t.depth == depth || t.score.abs() > WIN / 2, "{}", t.depth);
            for s in &t.root {
                let mut next = p.clone();
                next.apply(&s.mv);
                let expected = -minimax(&next, t.depth - 1, 1);
                assert_eq!(s.score, expected, "{} {:?}", p.position_string(), s.mv);
            }
            // The narrow root window finds the same best score.
            let narrow = search(p, budget, false).unwrap();
            assert_eq!(narrow.score, t.score, "{}", p.position_string());
            assert_eq!(narrow.root.len(), 1);
        }
    }

    #[test]
    fn a_won_game_is_seen_and_taken_at_once() {
        // x takes o's last pieces by cloning to b6 (next to a7 and a6... all of o's pieces).
        let p = ataxx("xo5/o6/7/7/7/7/7 x 0 1");
        for level in [Level::new(1).unwrap(), Level::new(6).unwrap(), Level::TOP] {
            let t = think(&p, level, 1).unwrap();
            let mut after = p.clone();
            after.apply(&t.best);
            assert!(
                matches!(after.outcome(), Outcome::Won { winner, .. } if winner == p.side_to_move()),
                "level {level}: {:?}",
                t.best
            );
        }
        let t = think(&p, Level::TOP, 1).unwrap();
        assert_eq!(t.score, WIN - 1);
        // Over: nothing to think about.
        let mut over = p.clone();
        over.apply(&t.best);
        assert!(think(&over, Level::TOP, 1).is_none());
    }

    #[test]
    fn a_seed_gives_one_move_and_the_low_levels_vary_with_it() {
        let p = ataxx("x5o/7/7/7/7/7/o5x x 0 1");
        let low = Level::new(1).unwrap();
        let a = think(&p, low, 42).unwrap();
        assert_eq!(think(&p, low, 42).unwrap(), a);
        let moves: std::collections::HashSet<String> = (0..40)
            .map(|seed| p.write_move(&think(&p, low, seed).unwrap().best))
            .collect();
        assert!(moves.len() >= 3, "{moves:?}");
        // The top level plays its best move whatever the seed.
        let top = Level::new(6).unwrap();
        let best = think(&p, top, 1).unwrap().best;
        for seed in 2..6 {
            assert_eq!(think(&p, top, seed).unwrap().best, best);
        }
    }

    #[test]
    fn a_budget_of_nodes_stops_the_deepening_and_keeps_the_last_finished_depth() {
        let p = ataxx("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");
        let t = search(
            &p,
            Budget {
                depth: 64,
                nodes: 5_000,
            },
            false,
        )
        .unwrap();
        assert!(t.depth >= 1 && t.depth < 64, "{}", t.depth);
        // Within the budget plus one unfinished iteration's overshoot of a node.
        assert!(t.nodes <= 5_001 + 2_000, "{}", t.nodes);
        assert!(p.legal_moves().contains(&t.best));
    }
}
