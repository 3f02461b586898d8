//! The computer opponent's strength and pace, game by game: time per move at each level,
//! a ladder of matches between neighbouring levels, and the top level against a plain
//! greedy player and a random one.
//!
//! ```text
//! cargo bench --bench engine -- [--game NAME]... [--levels A-B] [--games N]
//!     [--baselines] [--no-ladder] [--threads T] [--max-plies P] [--adjudicate]
//! ```
//!
//! - `--game`: ataxx, sauterelle, tours, abalone, bulltricker (repeatable; default all);
//! - `--levels A-B`: the ladder's pairs run from A against A+1 to B-1 against B (default
//!   1-9); the times per move are those of the moves played;
//! - `--games N`: games a match (default 20; the issue's ladder is 200). Each opening, made
//!   of four random plies from the standard start and kept only when a search finds it even
//!   (within one unit of material; the search is each game's level 6 of 2026-12-02, kept
//!   when the table of levels changes), is played twice, sides swapped;
//! - `--baselines`: the top level against the greedy player (best move one ply deep, no
//!   draw) and against the random player;
//! - `--threads T`: games at once (default: the cores). Times per move are wall clock, so
//!   they grow when T is more than the free cores;
//! - `--max-plies P`: a game not over after P plies (default 400) is adjudicated by the
//!   game's evaluation: won by the side a unit of material ahead (a piece, a marble, a
//!   point), else unfinished, counted apart and as half a point;
//! - `--match A B` (repeatable; instead of the ladder): a match between two players, each a
//!   level (`1` to `9`), `greedy`, `random`, or a style tried before it becomes a level:
//!   `dD,nN,tT,sS` (depth, nodes counted in Ataxx's, temperature in hundredths of the
//!   game's unit, stray moves in a thousand; see `arbitre::games::engine::Style`);
//! - `--from N`: each match starts at its game `N` (default 0), the games before it left
//!   out: a long match stopped part way is taken up again from the first game its log
//!   does not show, and the two logs' games added up (each game's opening, sides and seed
//!   follow from its number alone);
//! - `--adjudicate`: a game between two searching players ends, won, as soon as a level
//!   that plays its best move (no draw) finds a forced win, and the win it found is
//!   counted. Games against the greedy or the random player are always played out (they
//!   would not find the win). Off by default: every game is played out.
//! - `--show`: after each game's line, its moves, one a line: the ply, the side, the move,
//!   the searching player's score for it (in the game's evaluation, for the mover) and the
//!   position after it; with `--from N --games N+1`, one game of a match looked at closely.
//!
//! After the matches, a table of each searching player's pace (a level or a tried style):
//! its node budget and depth, the mean and worst time of its moves, the depth its last
//! finished iteration reached, and how many of its searches ran out of nodes before their
//! depth.
//!
//! Each game's result is also written to the standard error as it ends (`game N: won, 57
//! plies, moves 5c0f…`), so that a long run stopped part way keeps what it played; the
//! fingerprint of the game's moves lets two builds be checked to play the same games (a
//! change meant to make the search faster must not change them).
//!
//! Under `cargo test --benches` (no `--bench` argument) it is a smoke test: two games of
//! levels 1 against 2 in every game, and each baseline once, every move checked legal by
//! the rules as it is played.

use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use arbitre::games::engine::search::search;
use arbitre::games::engine::{
    Budget, Engine, Level, Style, Thought, WIN, budget, budget_in, style, think, think_in,
};
use arbitre::games::{Game, GameKind, GameOptions, Outcome};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    Level(Level),
    /// A style tried on the command line.
    Style(Style),
    /// The best move one ply deep, by the game's evaluation.
    Greedy,
    /// Any legal move, uniformly.
    Random,
}

impl Player {
    /// Whether the player searches (a level or a style), and so would find a forced win.
    fn searches(&self) -> bool {
        matches!(self, Player::Level(_) | Player::Style(_))
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Level(l) => write!(f, "level {l}"),
            Player::Style(s) => write!(
                f,
                "d{},n{},t{},s{}",
                s.depth, s.nodes, s.temperature, s.stray
            ),
            Player::Greedy => f.write_str("greedy"),
            Player::Random => f.write_str("random"),
        }
    }
}

/// What the run was asked to do.
struct Plan {
    games: Vec<GameKind>,
    low: u8,
    high: u8,
    per_match: usize,
    ladder: bool,
    baselines: bool,
    threads: usize,
    max_plies: usize,
    adjudicate: bool,
    matches: Vec<(Player, Player)>,
    from: usize,
    show: bool,
}

/// A player named on the command line (see the module's doc).
fn player(spec: &str) -> Player {
    match spec {
        "greedy" => return Player::Greedy,
        "random" => return Player::Random,
        _ => {}
    }
    if let Ok(n) = spec.parse::<u8>() {
        return Player::Level(Level::new(n).expect("a level from 1 to 9"));
    }
    let mut style = Style::new(1, u64::MAX, 0.0, 0);
    for part in spec.split(',') {
        let (key, value) = part.split_at(1);
        match key {
            "d" => style.depth = value.parse().expect("a depth"),
            "n" => style.nodes = value.parse().expect("nodes"),
            "t" => style.temperature = value.parse().expect("a temperature"),
            "s" => style.stray = value.parse().expect("stray moves in a thousand"),
            _ => panic!("{spec:?}: a level, greedy, random, or dD,nN,tT,sS"),
        }
    }
    Player::Style(style)
}

fn plan() -> Plan {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let full = args.iter().any(|a| a == "--bench");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut plan = Plan {
        games: Vec::new(),
        low: 1,
        high: if full { 9 } else { 2 },
        per_match: if full { 20 } else { 2 },
        ladder: true,
        baselines: !full,
        threads: cores,
        max_plies: 400,
        adjudicate: false,
        matches: Vec::new(),
        from: 0,
        show: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().unwrap_or_default();
        match a.as_str() {
            "--game" => {
                let name = value();
                let kind = GameKind::ALL
                    .iter()
                    .copied()
                    .find(|k| k.name().eq_ignore_ascii_case(&name))
                    .unwrap_or_else(|| panic!("no game named {name:?}"));
                plan.games.push(kind);
            }
            "--levels" => {
                let v = value();
                let (a, b) = v.split_once('-').expect("--levels A-B");
                plan.low = a.parse().expect("a level");
                plan.high = b.parse().expect("a level");
                assert!(
                    (1..=9).contains(&plan.low) && plan.low <= plan.high && plan.high <= 9,
                    "levels run from 1 to 9"
                );
            }
            "--games" => plan.per_match = value().parse().expect("a number of games"),
            "--threads" => plan.threads = value().parse().expect("a number of threads"),
            "--max-plies" => plan.max_plies = value().parse().expect("a number of plies"),
            "--baselines" => plan.baselines = true,
            "--no-ladder" => plan.ladder = false,
            "--adjudicate" => plan.adjudicate = true,
            "--show" => plan.show = true,
            "--from" => plan.from = value().parse().expect("a game number"),
            "--match" => {
                let a = player(&value());
                let b = player(&value());
                plan.matches.push((a, b));
            }
            _ => {}
        }
    }
    if plan.games.is_empty() {
        plan.games = GameKind::ALL.to_vec();
    }
    plan.threads = plan.threads.max(1);
    plan
}

/// How one game ended, for the player given first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result {
    Won,
    Lost,
    Drawn,
    /// Not over after the most plies.
    Unfinished,
}

/// One match's tally.
#[derive(Default)]
struct Tally {
    won: usize,
    lost: usize,
    drawn: usize,
    unfinished: usize,
    adjudicated: usize,
    plies: usize,
}

impl Tally {
    fn games(&self) -> usize {
        self.won + self.lost + self.drawn + self.unfinished
    }
    /// Points of the first player, a draw (or an unfinished game) half a point.
    fn score(&self) -> f64 {
        self.won as f64 + 0.5 * (self.drawn + self.unfinished) as f64
    }
    fn percent(&self) -> f64 {
        100.0 * self.score() / self.games().max(1) as f64
    }
}

/// What one searching player's moves cost: its node budget (the game's own count), the
/// depth it is bounded by, and each move's time and the depth its last finished iteration
/// reached.
#[derive(Default)]
struct Pace {
    nodes: u64,
    depth: u32,
    moves: Vec<(Duration, u32)>,
    /// Moves whose search stopped short of its depth for want of nodes (a found win, which
    /// also ends the deepening, is not counted).
    short: usize,
}

/// The pace of each searching player, by its name (`level 9`, or a style's `dD,nN,...`).
type Times = std::collections::BTreeMap<String, Pace>;

/// Adds a move of `player`, searched within `budget`, to `times`.
fn timed<M>(
    times: &mut Times,
    player: Player,
    budget: Budget,
    took: Duration,
    thought: &Thought<M>,
) {
    let pace = times.entry(player.to_string()).or_default();
    pace.nodes = budget.nodes;
    pace.depth = budget.depth;
    pace.moves.push((took, thought.depth));
    if thought.depth < budget.depth && thought.score.abs() <= WIN / 2 {
        pace.short += 1;
    }
}

/// The standard start of `G`.
fn start<G: Game>() -> G {
    let options = GameOptions::defaults(G::option_specs());
    G::from_position(G::variants()[0].position, None, &options).expect("the standard start")
}

/// The search that judges an opening even (see [`opening`]): each game's level 6 as it
/// stood on 2026-12-02, written out here so that a new table of levels does not change
/// the openings. A match tried while a table is being chosen then plays the same games
/// as the ladder of the table chosen from it, and a log taken up again with `--from` goes
/// on with the games it began.
fn judge<G: Engine>() -> Budget {
    let style = match G::KIND {
        GameKind::Sauterelle => Style::new(64, 20_000, 0.0, 0),
        GameKind::Bulltricker => Style::new(3, 200_000, 0.0, 0),
        GameKind::Ataxx | GameKind::Tours | GameKind::Abalone => Style::new(4, 40_000, 0.0, 0),
    };
    budget_in::<G>(style)
}

/// The most random openings drawn for one game pair before the most even of them is kept.
const DRAWS: u64 = 64;

/// The opening of game pair `n`: the start after four random plies drawn by `n`, kept only
/// when the search of [`judge`] finds it even (less than one unit of material, a piece
/// or a point, for either side), as engine testers keep only balanced openings in their
/// books: a few random plies can lose a side by force (in Ataxx, a stone left where the
/// opponent takes it and three more), and a game from there measures the draw, not the
/// players. When none of [`DRAWS`] draws is even, the most even one is kept.
fn opening<G: Engine>(n: u64) -> G {
    let judge = judge::<G>();
    let mut best: Option<(i32, G)> = None;
    for draw in 0..DRAWS {
        let p = random_plies::<G>(n, draw);
        let Some(thought) = search(&p, judge, false) else {
            continue;
        };
        let lead = thought.score.abs();
        if lead < G::UNIT {
            return p;
        }
        if best.as_ref().is_none_or(|(b, _)| lead < *b) {
            best = Some((lead, p));
        }
    }
    best.map_or_else(start::<G>, |(_, p)| p)
}

/// The start after four plies drawn at random by game pair `n` and its `draw`-th try.
fn random_plies<G: Game>(n: u64, draw: u64) -> G {
    let mut p = start::<G>();
    let mut rng = Pcg64Mcg::seed_from_u64(0x0bad_cafe ^ n ^ (draw << 32));
    for _ in 0..4 {
        if p.outcome() != Outcome::Ongoing {
            break;
        }
        let moves = p.legal_moves();
        let Some(m) = pick(&moves, &mut rng).or_else(|| p.forced_pass()) else {
            break;
        };
        p.apply(&m);
    }
    p
}

fn pick<M: Clone>(moves: &[M], rng: &mut Pcg64Mcg) -> Option<M> {
    (!moves.is_empty()).then(|| moves[(rng.next_u64() % moves.len() as u64) as usize].clone())
}

/// The move `player` makes in `p`, with its score for the mover when it searched for one,
/// and whether that level plays its best (no draw), so that the score can be trusted.
fn move_of<G: Engine>(
    p: &G,
    player: Player,
    seed: u64,
    rng: &mut Pcg64Mcg,
    times: &mut Times,
) -> (G::Move, Option<(i32, bool)>) {
    match player {
        Player::Level(level) => {
            let t0 = Instant::now();
            let thought = think(p, level, seed).expect("the game goes on");
            timed(times, player, budget::<G>(level), t0.elapsed(), &thought);
            let plays_best = !style::<G>(level).spread();
            (thought.best, Some((thought.score, plays_best)))
        }
        Player::Style(style) => {
            let t0 = Instant::now();
            let thought = think_in(p, style, seed).expect("the game goes on");
            timed(times, player, budget_in::<G>(style), t0.elapsed(), &thought);
            (thought.best, Some((thought.score, !style.spread())))
        }
        Player::Greedy => {
            let one_ply = Budget {
                depth: 1,
                nodes: u64::MAX,
            };
            (
                search(p, one_ply, false).expect("the game goes on").best,
                None,
            )
        }
        Player::Random => {
            let m = pick(&p.legal_moves(), rng)
                .or_else(|| p.forced_pass())
                .expect("a move or a pass");
            (m, None)
        }
    }
}

/// Plays `first` against `second` from `opening`, `first` moving first when
/// `first_moves`; the result for `first`, whether it was adjudicated, the plies, and a
/// fingerprint of the moves played (two builds that play the same games print the same).
/// Under `--show`, each ply is written to `shown` (see the module's doc).
#[allow(clippy::too_many_arguments)]
fn play<G: Engine>(
    opening: &G,
    first: Player,
    second: Player,
    first_moves: bool,
    seed: u64,
    plan: &Plan,
    times: &mut Times,
    shown: &mut Vec<String>,
) -> (Result, bool, usize, u64) {
    let mut p = opening.clone();
    let mut trail = std::hash::DefaultHasher::new();
    let first_side = if first_moves {
        p.side_to_move()
    } else {
        p.side_to_move().opponent()
    };
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    // A forced result found by one searcher ends the game only when the other searches too:
    // the greedy and the random player would not find the win that a few random opening
    // plies can hand their opponent's opponent (docs/benchmarks.md).
    let adjudicate = plan.adjudicate && first.searches() && second.searches();
    for ply in 0..plan.max_plies {
        match p.outcome() {
            Outcome::Ongoing => {}
            Outcome::Won { winner, .. } => {
                let r = if winner == first_side {
                    Result::Won
                } else {
                    Result::Lost
                };
                return (r, false, ply, trail.finish());
            }
            Outcome::Drawn { .. } => return (Result::Drawn, false, ply, trail.finish()),
        }
        let mover = p.side_to_move();
        let player = if mover == first_side { first } else { second };
        let (m, scored) = move_of(&p, player, seed ^ ((ply as u64) << 32), &mut rng, times);
        assert!(
            p.legal_moves().contains(&m) || p.forced_pass().as_ref() == Some(&m),
            "{player} played an illegal move"
        );
        if adjudicate
            && let Some((score, true)) = scored
            && score.abs() > WIN / 2
        {
            let r = if (score > 0) == (mover == first_side) {
                Result::Won
            } else {
                Result::Lost
            };
            return (r, true, ply, trail.finish());
        }
        m.hash(&mut trail);
        let written = plan.show.then(|| p.write_move(&m));
        p.apply(&m);
        if let Some(written) = written {
            let score = scored.map_or("-".to_string(), |(s, _)| s.to_string());
            shown.push(format!(
                "  {ply} {mover:?} {written} {score} {}",
                p.position_string()
            ));
        }
    }
    // Not over: adjudicated by the game's own evaluation, a unit of material (a piece, a
    // marble, a point) or more ahead winning, anything less counted as unfinished.
    let lead = p.evaluate();
    if lead.abs() >= G::UNIT {
        let r = if (lead > 0) == (p.side_to_move() == first_side) {
            Result::Won
        } else {
            Result::Lost
        };
        return (r, true, plan.max_plies, trail.finish());
    }
    (Result::Unfinished, false, plan.max_plies, trail.finish())
}

/// Plays a match of `plan.per_match` games, `plan.threads` at once.
fn play_match<G: Engine>(
    first: Player,
    second: Player,
    plan: &Plan,
    times: &Mutex<Times>,
) -> Tally {
    let tally = Mutex::new(Tally::default());
    let next = AtomicUsize::new(plan.from);
    std::thread::scope(|s| {
        for _ in 0..plan.threads {
            s.spawn(|| {
                let mut mine: Times = Default::default();
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= plan.per_match {
                        break;
                    }
                    let open = opening::<G>(g as u64 / 2);
                    let mut shown = Vec::new();
                    if plan.show {
                        shown.push(format!("  start {}", open.position_string()));
                    }
                    let (r, adjudicated, plies, trail) = play(
                        &open,
                        first,
                        second,
                        g.is_multiple_of(2),
                        g as u64,
                        plan,
                        &mut mine,
                        &mut shown,
                    );
                    eprintln!(
                        "{} {first} v {second} game {g}: {}, {plies} plies{}, moves {trail:016x}",
                        G::KIND.name(),
                        format!("{r:?}").to_lowercase(),
                        if adjudicated { ", adjudicated" } else { "" }
                    );
                    for line in shown {
                        eprintln!("{line}");
                    }
                    let mut t = tally.lock().unwrap();
                    match r {
                        Result::Won => t.won += 1,
                        Result::Lost => t.lost += 1,
                        Result::Drawn => t.drawn += 1,
                        Result::Unfinished => t.unfinished += 1,
                    }
                    t.adjudicated += usize::from(adjudicated);
                    t.plies += plies;
                }
                let mut all = times.lock().unwrap();
                for (name, pace) in mine {
                    let a = all.entry(name).or_default();
                    a.nodes = pace.nodes;
                    a.depth = pace.depth;
                    a.moves.extend(pace.moves);
                    a.short += pace.short;
                }
            });
        }
    });
    tally.into_inner().unwrap()
}

fn row(first: Player, second: Player, t: &Tally) {
    println!(
        "| {first} | {second} | {} | {} | {} | {} | {} | {:.1} % | {} | {:.0} |",
        t.games(),
        t.won,
        t.drawn,
        t.lost,
        t.unfinished,
        t.percent(),
        t.adjudicated,
        t.plies as f64 / t.games().max(1) as f64
    );
}

fn run<G: Engine>(plan: &Plan) {
    let kind = G::KIND;
    let times = Mutex::new(Times::default());
    println!("\n### {}\n", kind.name());
    println!(
        "{} games a match, {} at once, sides alternated, from openings of four random plies \
         that a fixed search finds even, at most {} plies{}.\n",
        plan.per_match,
        plan.threads,
        plan.max_plies,
        if plan.adjudicate {
            ", a found forced win adjudicated"
        } else {
            ""
        }
    );
    println!(
        "| player | against | games | won | drawn | lost | unfinished | score | adjudicated | plies a game |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (a, b) in &plan.matches {
        let t = play_match::<G>(*a, *b, plan, &times);
        row(*a, *b, &t);
    }
    if plan.ladder && plan.matches.is_empty() {
        for n in plan.low..plan.high {
            let low = Player::Level(Level::new(n).unwrap());
            let high = Player::Level(Level::new(n + 1).unwrap());
            let t = play_match::<G>(high, low, plan, &times);
            row(high, low, &t);
        }
    }
    if plan.baselines && plan.matches.is_empty() {
        let top = Player::Level(Level::new(plan.high).unwrap());
        for base in [Player::Greedy, Player::Random] {
            let t = play_match::<G>(top, base, plan, &times);
            row(top, base, &t);
        }
    }
    println!(
        "\n| player | nodes | depth | moves | mean | worst | depth reached (fewest, mean) | short of its depth |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (name, pace) in times.into_inner().unwrap() {
        let n = pace.moves.len();
        if n == 0 {
            continue;
        }
        let total: Duration = pace.moves.iter().map(|m| m.0).sum();
        let worst = pace.moves.iter().map(|m| m.0).max().unwrap_or_default();
        let fewest = pace.moves.iter().map(|m| m.1).min().unwrap_or_default();
        let depths: u32 = pace.moves.iter().map(|m| m.1).sum();
        println!(
            "| {name} | {} | {} | {n} | {:.1} ms | {:.1} ms | {fewest}, {:.1} | {} |",
            pace.nodes,
            pace.depth,
            total.as_secs_f64() * 1000.0 / n as f64,
            worst.as_secs_f64() * 1000.0,
            f64::from(depths) / n as f64,
            pace.short
        );
    }
}

fn main() {
    let plan = plan();
    for kind in plan.games.clone() {
        arbitre::with_game!(kind, G => run::<G>(&plan));
    }
}
