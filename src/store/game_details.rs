//! A game's rows outside the games table: its moves, take-backs, conditional moves and
//! clock facts (turn starts, reminders, adjustments, spans without delivery, stops). They
//! are read table by table for every game a read selects, one query each, so that reading
//! a thousand games costs as many queries as reading one (a query per game and table made
//! `arbitre games` take 10 s with 100,000 games); the queries are sent together, so that
//! PostgreSQL answers them in one round trip.

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
    // One query a table, sent together (one round trip on PostgreSQL).
    let queries = Detail::ALL.map(|detail| detail.query(filter));
    let mut last_line: Option<(GameId, i64)> = None;
    conn.query_together(&queries, args, |k, r| {
        let Some(g) = of(games, r.get::<GameId>(0)?) else {
            // A game created between the two reads.
            return Ok(());
        };
        match Detail::ALL.get(k) {
            Some(Detail::Moves) => g.moves.push(PlayedMove {
                text: r.get(1)?,
                message_id: r.get(2)?,
                received_at: r.get(3)?,
            }),
            Some(Detail::TakeBacks) => g.takebacks.push(TakeBack {
                ply: usize::try_from(r.get::<i64>(1)?).unwrap_or(0),
                text: r.get(2)?,
                by: side_from(r.get(3)?).unwrap_or(Side::White),
                agreed_at: r.get(4)?,
            }),
            Some(Detail::Conditions) => {
                let (side, line) = (side_from(r.get(1)?), r.get::<i64>(2)?);
                let step = Step {
                    theirs: r.get(3)?,
                    mine: r.get(4)?,
                };
                let set_by = r.get::<String>(5)?;
                let c = g.conditions.get_or_insert_with(|| Conditions {
                    by: side.unwrap_or(Side::White),
                    lines: Vec::new(),
                });
                if last_line != Some((g.id, line)) {
                    c.lines.push(Line {
                        steps: Vec::new(),
                        set_by,
                    });
                    last_line = Some((g.id, line));
                }
                if let Some(l) = c.lines.last_mut() {
                    l.steps.push(step);
                }
            }
            Some(Detail::TurnStarts) => {
                let turn = usize::try_from(r.get::<i64>(1)?).unwrap_or(usize::MAX);
                match r.get::<Option<Timestamp>>(2)? {
                    Some(at) => g.clock.started.insert(turn, at),
                    None => g.clock.started.remove(&turn),
                };
            }
            Some(Detail::Reminders) => {
                g.clock
                    .reminded
                    .insert((r.get::<usize>(1)?, r.get::<usize>(2)?));
            }
            Some(Detail::Adjustments) => {
                // Written by `save_game` only: an unknown side cannot come from arbitre.
                if let Some(side) = Side::from_name(&r.get::<String>(1)?) {
                    g.clock.adjustments.push(Adjustment {
                        side,
                        turn: usize::try_from(r.get::<i64>(2)?).unwrap_or(0),
                        seconds: r.get(3)?,
                    });
                }
            }
            Some(Detail::Unreached) => {
                if let Some(side) = Side::from_name(&r.get::<String>(1)?) {
                    g.clock.unreached.push(Unreached {
                        side,
                        from: r.get(2)?,
                        to: r.get(3)?,
                    });
                }
            }
            Some(Detail::Stops) => g.clock.stops.push(ClockStop {
                from: r.get(1)?,
                to: r.get(2)?,
            }),
            None => {}
        }
        Ok(())
    })
}

/// What each of [`fill`]'s queries reads, in the order they are sent.
#[derive(Clone, Copy)]
enum Detail {
    Moves,
    TakeBacks,
    Conditions,
    TurnStarts,
    Reminders,
    Adjustments,
    Unreached,
    Stops,
}

impl Detail {
    const ALL: [Detail; 8] = [
        Detail::Moves,
        Detail::TakeBacks,
        Detail::Conditions,
        Detail::TurnStarts,
        Detail::Reminders,
        Detail::Adjustments,
        Detail::Unreached,
        Detail::Stops,
    ];

    /// The query that reads this detail of the games that `filter` selects, ordered by
    /// game and then as the detail is kept.
    fn query(self, filter: &str) -> String {
        let read = |columns: &str, table: &str, order: &str| {
            format!(
                "SELECT game_id, {columns} FROM {table} WHERE {filter} ORDER BY game_id, {order}"
            )
        };
        match self {
            Detail::Moves => read("text, message_id, received_at", "moves", "ply"),
            Detail::TakeBacks => read("ply, text, side, agreed_at", "takebacks", "id"),
            Detail::Conditions => read(
                "side, line, theirs, mine, set_by",
                "conditions",
                "line, step",
            ),
            // When each turn started: the latest mail that starts it, once it has left (a
            // later mail of the same turn not yet sent clears it).
            Detail::TurnStarts => format!(
                "SELECT game_id, turn, turn_started_at FROM outbox
                 WHERE turn IS NOT NULL AND {filter} ORDER BY game_id, id"
            ),
            Detail::Reminders => read("ply, step", "reminders", "ply, step"),
            Detail::Adjustments => read("side, turn, seconds", "clock_adjustments", "n"),
            Detail::Unreached => read("side, from_at, to_at", "unreached", "from_at"),
            Detail::Stops => read("from_at, to_at", "clock_stops", "from_at"),
        }
    }
}

/// The game numbered `id` among `games`, sorted by id.
fn of(games: &mut [StoredGame], id: GameId) -> Option<&mut StoredGame> {
    let i = games.binary_search_by_key(&id, |g| g.id).ok()?;
    games.get_mut(i)
}
