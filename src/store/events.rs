//! Events in the store: an event row with its conditions as JSON, its entries, its
//! pairings. Saved whole (like games) inside the caller's transaction, loaded whole.

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::tournament::event::{
    Conditions, Entry, EntryStatus, EventStatus, Outcome, Pairing, StoredEvent,
};
use crate::tournament::record::ByeKind;

fn bad(what: &str, value: &str) -> StoreError {
    StoreError::Corrupt(format!("unknown {what} `{value}` in the store"))
}

fn bye_code(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::PairingAllocated => "pairing",
        ByeKind::Full => "full",
        ByeKind::Half => "half",
        ByeKind::Zero => "zero",
    }
}

fn bye_from(code: &str) -> Option<ByeKind> {
    Some(match code {
        "pairing" => ByeKind::PairingAllocated,
        "full" => ByeKind::Full,
        "half" => ByeKind::Half,
        "zero" => ByeKind::Zero,
        _ => return None,
    })
}

/// Saves an event whole: its row, its entries, its pairings.
pub fn save_event(conn: &Connection, event: &StoredEvent) -> Result<(), StoreError> {
    let conditions = serde_json::to_string(&event.conditions)
        .map_err(|e| StoreError::Corrupt(format!("conditions: {e}")))?;
    conn.prepare_cached(
        "INSERT INTO events
             (id, name, title, conditions, status, round, lots, created_at, updated_at, stuck)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
         ON CONFLICT (id) DO UPDATE SET name = ?2, title = ?3, conditions = ?4, status = ?5,
             round = ?6, lots = ?7, updated_at = ?9, stuck = ?10",
    )?
    .execute(params![
        event.id,
        event.name,
        event.title,
        conditions,
        event.status.code(),
        event.round,
        event.lots as i64,
        event.created_at,
        event.updated_at,
        event.stuck,
    ])?;
    conn.prepare_cached("DELETE FROM entries WHERE event_id = ?1")?
        .execute([event.id])?;
    let mut add = conn.prepare_cached(
        "INSERT INTO entries (event_id, address, name, rating, club, status, tpn, withdrawn_after)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for e in &event.entries {
        add.execute(params![
            event.id,
            e.address.to_lowercase(),
            e.name,
            e.rating,
            e.club,
            e.status.code(),
            e.tpn,
            e.withdrawn_after,
        ])?;
    }
    conn.prepare_cached("DELETE FROM pairings WHERE event_id = ?1")?
        .execute([event.id])?;
    let mut add = conn.prepare_cached(
        "INSERT INTO pairings (event_id, round, board, white, black, game_id, bye)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for p in &event.pairings {
        let (game, bye) = match p.outcome {
            Outcome::Game(id) => (Some(id), None),
            Outcome::Bye(kind) => (None, Some(bye_code(kind))),
        };
        add.execute(params![
            event.id, p.round, p.board, p.white, p.black, game, bye
        ])?;
    }
    Ok(())
}

/// The event with this number or name.
pub fn load_event(conn: &Connection, key: &str) -> Result<Option<StoredEvent>, StoreError> {
    let row = conn
        .prepare_cached(
            "SELECT id, name, title, conditions, status, round, lots, created_at, updated_at,
                 stuck
             FROM events WHERE name = ?1 OR CAST(id AS TEXT) = ?1",
        )?
        .query_row([key], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, u32>(5)?,
                r.get::<_, i64>(6)?,
                r.get::<_, i64>(7)?,
                r.get::<_, i64>(8)?,
                r.get::<_, Option<String>>(9)?,
            ))
        })
        .optional()?;
    let Some((id, name, title, conditions, status, round, lots, created_at, updated_at, stuck)) =
        row
    else {
        return Ok(None);
    };
    let conditions: Conditions = serde_json::from_str(&conditions)
        .map_err(|e| StoreError::Corrupt(format!("event {name}: conditions: {e}")))?;
    let status = EventStatus::from_code(&status).ok_or_else(|| bad("event status", &status))?;
    let mut stmt = conn.prepare_cached(
        "SELECT address, name, rating, club, status, tpn, withdrawn_after FROM entries
         WHERE event_id = ?1 ORDER BY tpn IS NULL, tpn, rowid",
    )?;
    let entries = stmt
        .query_map([id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<u32>>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, Option<u32>>(5)?,
                r.get::<_, Option<u32>>(6)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let entries = entries
        .into_iter()
        .map(
            |(address, name, rating, club, status, tpn, withdrawn_after)| {
                Ok(Entry {
                    status: EntryStatus::from_code(&status)
                        .ok_or_else(|| bad("entry status", &status))?,
                    address,
                    name,
                    rating,
                    club,
                    tpn,
                    withdrawn_after,
                })
            },
        )
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut stmt = conn.prepare_cached(
        "SELECT round, board, white, black, game_id, bye FROM pairings WHERE event_id = ?1
         ORDER BY round, board",
    )?;
    let pairings = stmt
        .query_map([id], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, u32>(2)?,
                r.get::<_, Option<u32>>(3)?,
                r.get::<_, Option<i64>>(4)?,
                r.get::<_, Option<String>>(5)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let pairings = pairings
        .into_iter()
        .map(|(round, board, white, black, game, bye)| {
            let outcome = match (game, bye) {
                (Some(id), _) => Outcome::Game(id),
                (None, Some(code)) => {
                    Outcome::Bye(bye_from(&code).ok_or_else(|| bad("bye", &code))?)
                }
                (None, None) => return Err(bad("pairing", "without game or bye")),
            };
            Ok(Pairing {
                round,
                board,
                white,
                black,
                outcome,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(Some(StoredEvent {
        id,
        name,
        title,
        conditions,
        status,
        round,
        lots: lots as u64,
        entries,
        pairings,
        created_at,
        updated_at,
        stuck,
    }))
}

/// Every event, newest first: (number, name, title, status).
pub fn event_list(conn: &Connection) -> Result<Vec<(i64, String, String, String)>, StoreError> {
    let mut stmt =
        conn.prepare_cached("SELECT id, name, title, status FROM events ORDER BY id DESC")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The names of the events `address` has an entry in.
pub fn events_of(conn: &Connection, address: &str) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT e.name FROM entries n JOIN events e ON e.id = n.event_id
         WHERE n.address = lower(?1) ORDER BY e.id",
    )?;
    let rows = stmt.query_map([address], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The number the next event will get.
pub fn next_event_id(conn: &Connection) -> Result<i64, StoreError> {
    Ok(
        conn.query_row("SELECT coalesce(max(id), 0) + 1 FROM events", [], |r| {
            r.get(0)
        })?,
    )
}

/// The numbers of the games of an event.
pub fn event_game_ids(conn: &Connection, event_id: i64) -> Result<Vec<i64>, StoreError> {
    let mut stmt = conn.prepare_cached("SELECT id FROM games WHERE event_id = ?1 ORDER BY id")?;
    let rows = stmt.query_map([event_id], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The events that are running.
pub fn running_events(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut stmt =
        conn.prepare_cached("SELECT name FROM events WHERE status = 'running' ORDER BY id")?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The events `address` has an entry in (with their games), and every event taking
/// entries: what the referee reads for `JOIN`, `STANDINGS` and `WITHDRAW`.
pub fn for_player(
    conn: &Connection,
    address: &str,
    now: i64,
) -> Result<Vec<crate::referee::EventContext>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT e.name FROM events e WHERE e.status = 'entry'
            OR EXISTS (SELECT 1 FROM entries n WHERE n.event_id = e.id AND n.address = lower(?1))
         ORDER BY e.id",
    )?;
    let names: Vec<String> = stmt
        .query_map([address], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut out = Vec::new();
    // Ratings are worked out from every rated game: once per pool, however many of its
    // events the player is in.
    let mut pools: BTreeMap<String, crate::referee::event::Ratings> = BTreeMap::new();
    for name in names {
        let Some(event) = load_event(conn, &name)? else {
            continue;
        };
        let (games, ratings) = if event.entry_of(address).is_some() {
            let pool = event.conditions.pool();
            let ratings = match pools.get(&pool) {
                Some(ratings) => ratings.clone(),
                None => {
                    let ratings = pool_ratings(conn, &pool, now)?;
                    pools.insert(pool, ratings.clone());
                    ratings
                }
            };
            (
                super::rows::games_where(conn, "event_id = ?1", &[&event.id])?,
                ratings,
            )
        } else {
            (Vec::new(), Default::default())
        };
        out.push(crate::referee::EventContext {
            event,
            games,
            ratings,
        });
    }
    Ok(out)
}

/// The rated games that count: finished, with at least one move, not cancelled or decided
/// by forfeit. The pool is the game kind.
pub fn rated_games(
    conn: &Connection,
) -> Result<Vec<crate::rating::history::RatedGame>, StoreError> {
    use crate::rating::glicko::Score;
    let mut stmt = conn.prepare_cached(
        "SELECT coalesce(g.rating_pool, g.kind), g.white, g.black, g.winner, g.updated_at FROM games g
         WHERE g.rated = 1 AND g.status = 'finished'
           AND coalesce(g.termination, '') NOT IN ('cancelled', 'cancelled-by-director', 'withdrawal', 'forfeit')
           AND EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id)
         ORDER BY g.updated_at, g.id",
    )?;
    let rows = stmt.query_map([], |r| {
        let winner: Option<String> = r.get(3)?;
        Ok(crate::rating::history::RatedGame {
            pool: r.get(0)?,
            white: r.get(1)?,
            black: r.get(2)?,
            score: match winner.as_deref() {
                Some("white") => Score::Win,
                Some("black") => Score::Loss,
                _ => Score::Draw,
            },
            finished_at: r.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The figures players entered events with, by (pool, address): the highest one given for
/// the pool's game.
pub fn entered_ratings(
    conn: &Connection,
) -> Result<std::collections::BTreeMap<(String, String), f64>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT e.conditions, n.address, n.rating FROM entries n JOIN events e ON e.id = n.event_id
         WHERE n.rating IS NOT NULL",
    )?;
    let rows: Vec<(String, String, u32)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut out = std::collections::BTreeMap::new();
    for (conditions, address, rating) in rows {
        let Ok(c) = serde_json::from_str::<Conditions>(&conditions) else {
            continue;
        };
        let slot = out.entry((c.pool(), address)).or_insert(0.0_f64);
        *slot = slot.max(f64::from(rating));
    }
    Ok(out)
}

/// Every player's rating in `pool` after the last complete month before `now`.
pub fn pool_ratings(
    conn: &Connection,
    pool: &str,
    now: i64,
) -> Result<crate::referee::event::Ratings, StoreError> {
    let games: Vec<_> = rated_games(conn)?
        .into_iter()
        .filter(|g| g.pool == pool)
        .collect();
    if games.is_empty() {
        return Ok(Default::default());
    }
    let entered = entered_ratings(conn)?;
    let last = crate::rating::history::period_of(now) - 1;
    Ok(crate::rating::history::ratings(&games, &entered, last)
        .remove(pool)
        .unwrap_or_default()
        .into_iter()
        .map(|(who, r)| (who, r.rating))
        .collect())
}
