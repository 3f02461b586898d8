//! `arbitre clocks`: every running game with a clock, both players' time left and the
//! deadline of the player to move, soonest deadline first; and the clock lines of
//! `arbitre show`. Read-only: it computes the clocks from the store's facts, as the daemon
//! does, and changes nothing.

use std::process::ExitCode;

use crate::clock::{Span, duration};
use crate::games::Side;
use crate::referee::view::{Circumstances, clock_view};
use crate::referee::{GameStatus, RefereeConfig, StoredGame, Timestamp};
use crate::store::{OUTAGES_KEPT, Store};

use super::setup::{ConfigArg, load, open_store, utc};

/// One game's clocks, as the director reads them.
struct Row {
    id: i64,
    control: String,
    left: [String; 2],
    to_move: Option<Side>,
    deadline: Option<Timestamp>,
}

/// The clocks of `game` at `now`, or `None` when it has no clock or is not running.
fn row(
    config: &RefereeConfig,
    store: &Store,
    outages: &[Span],
    game: &StoredGame,
    now: Timestamp,
) -> Option<Row> {
    if game.status != GameStatus::Active || !game.clock.control.is_timed() {
        return None;
    }
    let players: Vec<_> = [&game.white, &game.black]
        .iter()
        .filter_map(|a| store.player(a).ok().flatten())
        .collect();
    let find = |a: &str| players.iter().find(|p| p.address.eq_ignore_ascii_case(a));
    let around = Circumstances::of(&config.clock, game, find, outages);
    let view = clock_view(game, &around, Side::White, now)?;
    let left = |side: Side| {
        let time = duration::write(view.left[side.index()].unwrap_or(0));
        match view.to_control[side.index()] {
            Some(moves) => format!("{time}/{moves}"),
            None => time,
        }
    };
    Some(Row {
        id: game.id,
        control: game.clock.control.to_string(),
        left: [left(Side::White), left(Side::Black)],
        to_move: view.to_move,
        deadline: view.deadline,
    })
}

/// The clock lines of `arbitre show` for `game` (empty without a clock).
pub fn show_lines(config: &RefereeConfig, store: &Store, game: &StoredGame) -> Vec<String> {
    let now = crate::base::now();
    let outages = store.outages(now - OUTAGES_KEPT).unwrap_or_default();
    let Some(r) = row(config, store, &outages, game, now) else {
        return match game.clock.control.is_timed() {
            true => vec![format!("Clock:    {}", game.clock.control)],
            false => Vec::new(),
        };
    };
    let mut out = vec![format!(
        "Clock:    {} (White {} left, Black {} left{})",
        r.control,
        r.left[0],
        r.left[1],
        if game.clock.claim { ", claim mode" } else { "" }
    )];
    if let (Some(side), Some(at)) = (r.to_move, r.deadline) {
        out.push(format!("Deadline: {} for {}", utc(at), side.name()));
    }
    out
}

/// `arbitre clocks --config FILE`.
pub fn clocks(args: &ConfigArg) -> ExitCode {
    let config = match load(&args.config) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let referee = match config.referee() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(1);
        }
    };
    let store = match open_store(&config) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let games = match store.running_games() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(1);
        }
    };
    let now = crate::base::now();
    // Read once for every game.
    let outages = store.outages(now - OUTAGES_KEPT).unwrap_or_default();
    let mut rows: Vec<Row> = games
        .iter()
        .filter_map(|g| row(&referee, &store, &outages, g, now))
        .collect();
    rows.sort_by_key(|r| (r.deadline.unwrap_or(Timestamp::MAX), r.id));
    if rows.is_empty() {
        println!("No running game has a clock.");
        return ExitCode::SUCCESS;
    }
    println!(
        "{:>6}  {:<18} {:>12} {:>12}  {:<6} Deadline",
        "Game", "Control", "White left", "Black left", "Move"
    );
    for r in rows {
        println!(
            "{:>6}  {:<18} {:>12} {:>12}  {:<6} {}",
            format!("#{}", r.id),
            r.control,
            r.left[0],
            r.left[1],
            r.to_move.map_or("-", Side::name),
            r.deadline.map_or_else(|| "-".to_string(), utc)
        );
    }
    ExitCode::SUCCESS
}
