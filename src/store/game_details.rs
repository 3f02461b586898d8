//! A game's rows outside the games table: its moves, take-backs, conditional moves and
//! clock facts (turn starts, reminders, adjustments, spans without delivery, stops). They
//! are read table by table for every game a read selects, one query each, so that reading
//! a thousand games costs as many queries as reading one (a query per game and table made
//! `arbitre games` take 10 s with 100,000 games).

use crate::clock::account::Adjustment;
use crate::games::Side;
use crate::referee::conditions::{Line, Step};
use crate::referee::{
    ClockStop, Conditions, GameId, PlayedMove, StoredGame, TakeBack, Timestamp, Unreached,
};

use super::StoreError;
use super::rows::side_from;
use super::sql::{Db, Param};

/// Fills in the details of `games` (sorted by id, as read): `filter` is an SQL condition on
/// a `game_id` column that selects at least those games, with `args` as its parameters.
/// Rows of a game not in `games` (one created between the two reads) are left out.
pub fn fill(
    conn: &Db,
    games: &mut [StoredGame],
    filter: &str,
    args: &[&dyn Param],
) -> Result<(), StoreError> {
    if games.is_empty() {
        return Ok(());
    }
    let read = |columns: &str, table: &str, order: &str| {
        format!("SELECT game_id, {columns} FROM {table} WHERE {filter} ORDER BY game_id, {order}")
    };

    let sql = read("text, message_id, received_at", "moves", "ply");
    for (id, m) in conn.query_built(&sql, args, |r| {
        Ok((
            r.get::<GameId>(0)?,
            PlayedMove {
                text: r.get(1)?,
                message_id: r.get(2)?,
                received_at: r.get(3)?,
            },
        ))
    })? {
        if let Some(g) = of(games, id) {
            g.moves.push(m);
        }
    }

    let sql = read("ply, text, side, agreed_at", "takebacks", "id");
    for (id, t) in conn.query_built(&sql, args, |r| {
        Ok((
            r.get::<GameId>(0)?,
            TakeBack {
                ply: usize::try_from(r.get::<i64>(1)?).unwrap_or(0),
                text: r.get(2)?,
                by: side_from(r.get(3)?).unwrap_or(Side::White),
                agreed_at: r.get(4)?,
            },
        ))
    })? {
        if let Some(g) = of(games, id) {
            g.takebacks.push(t);
        }
    }

    let sql = read(
        "side, line, theirs, mine, set_by",
        "conditions",
        "line, step",
    );
    let rows = conn.query_built(&sql, args, |r| {
        Ok((
            r.get::<GameId>(0)?,
            side_from(r.get(1)?),
            r.get::<i64>(2)?,
            Step {
                theirs: r.get(3)?,
                mine: r.get(4)?,
            },
            r.get::<String>(5)?,
        ))
    })?;
    let mut last: Option<(GameId, i64)> = None;
    for (id, side, line, step, set_by) in rows {
        let Some(g) = of(games, id) else { continue };
        let c = g.conditions.get_or_insert_with(|| Conditions {
            by: side.unwrap_or(Side::White),
            lines: Vec::new(),
        });
        if last != Some((id, line)) {
            c.lines.push(Line {
                steps: Vec::new(),
                set_by,
            });
            last = Some((id, line));
        }
        if let Some(l) = c.lines.last_mut() {
            l.steps.push(step);
        }
    }

    // When each turn started: the latest mail that starts it, once it has left (a later
    // mail of the same turn not yet sent clears it).
    let sql = format!(
        "SELECT game_id, turn, turn_started_at FROM outbox
         WHERE turn IS NOT NULL AND {filter} ORDER BY game_id, id"
    );
    for (id, turn, at) in conn.query_built(&sql, args, |r| {
        Ok((
            r.get::<GameId>(0)?,
            r.get::<i64>(1)?,
            r.get::<Option<Timestamp>>(2)?,
        ))
    })? {
        let Some(g) = of(games, id) else { continue };
        let turn = usize::try_from(turn).unwrap_or(usize::MAX);
        match at {
            Some(at) => g.clock.started.insert(turn, at),
            None => g.clock.started.remove(&turn),
        };
    }

    let sql = read("ply, step", "reminders", "ply, step");
    for (id, ply, step) in conn.query_built(&sql, args, |r| {
        Ok((r.get::<GameId>(0)?, r.get::<usize>(1)?, r.get::<usize>(2)?))
    })? {
        if let Some(g) = of(games, id) {
            g.clock.reminded.insert((ply, step));
        }
    }

    let sql = read("side, turn, seconds", "clock_adjustments", "n");
    for (id, side, turn, seconds) in conn.query_built(&sql, args, |r| {
        Ok((
            r.get::<GameId>(0)?,
            r.get::<String>(1)?,
            r.get::<i64>(2)?,
            r.get::<i64>(3)?,
        ))
    })? {
        // Written by `save_game` only: an unknown side cannot come from arbitre.
        let (Some(g), Some(side)) = (of(games, id), Side::from_name(&side)) else {
            continue;
        };
        g.clock.adjustments.push(Adjustment {
            side,
            turn: usize::try_from(turn).unwrap_or(0),
            seconds,
        });
    }

    let sql = read("side, from_at, to_at", "unreached", "from_at");
    for (id, side, from, to) in conn.query_built(&sql, args, |r| {
        Ok((
            r.get::<GameId>(0)?,
            r.get::<String>(1)?,
            r.get::<Timestamp>(2)?,
            r.get::<Option<Timestamp>>(3)?,
        ))
    })? {
        let (Some(g), Some(side)) = (of(games, id), Side::from_name(&side)) else {
            continue;
        };
        g.clock.unreached.push(Unreached { side, from, to });
    }

    let sql = read("from_at, to_at", "clock_stops", "from_at");
    for (id, from, to) in conn.query_built(&sql, args, |r| {
        Ok((
            r.get::<GameId>(0)?,
            r.get::<Timestamp>(1)?,
            r.get::<Option<Timestamp>>(2)?,
        ))
    })? {
        if let Some(g) = of(games, id) {
            g.clock.stops.push(ClockStop { from, to });
        }
    }
    Ok(())
}

/// The game numbered `id` among `games`, sorted by id.
fn of(games: &mut [StoredGame], id: GameId) -> Option<&mut StoredGame> {
    let i = games.binary_search_by_key(&id, |g| g.id).ok()?;
    games.get_mut(i)
}
