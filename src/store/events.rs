//! Events in the store: an event row with its conditions as JSON, its entries, its
//! pairings. Saved whole (like games) inside the caller's transaction, loaded whole.

use super::StoreError;
use super::sql::{Db, params};
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
pub fn save_event(db: &Db, event: &StoredEvent) -> Result<(), StoreError> {
    let conditions = serde_json::to_string(&event.conditions)
        .map_err(|e| StoreError::Corrupt(format!("conditions: {e}")))?;
    db.execute(
        "INSERT INTO events
             (id, name, title, conditions, status, round, lots, created_at, updated_at, stuck)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
         ON CONFLICT (id) DO UPDATE SET name = ?2, title = ?3, conditions = ?4, status = ?5,
             round = ?6, lots = ?7, updated_at = ?9, stuck = ?10",
        params![
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
        ],
    )?;
    db.execute("DELETE FROM entries WHERE event_id = ?1", params![event.id])?;
    for (n, e) in event.entries.iter().enumerate() {
        db.execute(
            "INSERT INTO entries
                 (event_id, address, name, rating, club, status, tpn, withdrawn_after, n)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                event.id,
                e.address.to_lowercase(),
                e.name,
                e.rating,
                e.club,
                e.status.code(),
                e.tpn,
                e.withdrawn_after,
                n,
            ],
        )?;
    }
    db.execute(
        "DELETE FROM pairings WHERE event_id = ?1",
        params![event.id],
    )?;
    for p in &event.pairings {
        let (game, bye) = match p.outcome {
            Outcome::Game(id) => (Some(id), None),
            Outcome::Bye(kind) => (None, Some(bye_code(kind))),
        };
        db.execute(
            "INSERT INTO pairings (event_id, round, board, white, black, game_id, bye)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![event.id, p.round, p.board, p.white, p.black, game, bye],
        )?;
    }
    Ok(())
}

/// The event with this number or name.
pub fn load_event(db: &Db, key: &str) -> Result<Option<StoredEvent>, StoreError> {
    // Names are unique whatever their case (`COLLATE NOCASE` in SQLite): compared in lower
    // case, the lookup is the same on every database.
    let row = db.query_opt(
        "SELECT id, name, title, conditions, status, round, lots, created_at, updated_at,
             stuck
         FROM events WHERE lower(name) = lower(?1) OR CAST(id AS TEXT) = ?1",
        params![key],
        |r| {
            Ok((
                r.get::<i64>(0)?,
                r.get::<String>(1)?,
                r.get::<String>(2)?,
                r.get::<String>(3)?,
                r.get::<String>(4)?,
                r.get::<u32>(5)?,
                r.get::<i64>(6)?,
                r.get::<i64>(7)?,
                r.get::<i64>(8)?,
                r.get::<Option<String>>(9)?,
            ))
        },
    )?;
    let Some((id, name, title, conditions, status, round, lots, created_at, updated_at, stuck)) =
        row
    else {
        return Ok(None);
    };
    let conditions: Conditions = serde_json::from_str(&conditions)
        .map_err(|e| StoreError::Corrupt(format!("event {name}: conditions: {e}")))?;
    let status = EventStatus::from_code(&status).ok_or_else(|| bad("event status", &status))?;
    // Numbered entrants by number, then the others in the order they were saved in (the
    // order they entered).
    let entries = db.query_map(
        "SELECT address, name, rating, club, status, tpn, withdrawn_after FROM entries
         WHERE event_id = ?1 ORDER BY tpn IS NULL, tpn, n",
        params![id],
        |r| {
            Ok((
                r.get::<String>(0)?,
                r.get::<String>(1)?,
                r.get::<Option<u32>>(2)?,
                r.get::<String>(3)?,
                r.get::<String>(4)?,
                r.get::<Option<u32>>(5)?,
                r.get::<Option<u32>>(6)?,
            ))
        },
    )?;
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
    let pairings = db.query_map(
        "SELECT round, board, white, black, game_id, bye FROM pairings WHERE event_id = ?1
         ORDER BY round, board",
        params![id],
        |r| {
            Ok((
                r.get::<u32>(0)?,
                r.get::<u32>(1)?,
                r.get::<u32>(2)?,
                r.get::<Option<u32>>(3)?,
                r.get::<Option<i64>>(4)?,
                r.get::<Option<String>>(5)?,
            ))
        },
    )?;
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
pub fn event_list(db: &Db) -> Result<Vec<(i64, String, String, String)>, StoreError> {
    db.query_map(
        "SELECT id, name, title, status FROM events ORDER BY id DESC",
        params![],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )
}

/// The names of the events `address` has an entry in.
pub fn events_of(db: &Db, address: &str) -> Result<Vec<String>, StoreError> {
    db.query_map(
        "SELECT e.name FROM entries n JOIN events e ON e.id = n.event_id
         WHERE n.address = lower(?1) ORDER BY e.id",
        params![address],
        |r| r.get(0),
    )
}

/// The number the next event will get.
pub fn next_event_id(db: &Db) -> Result<i64, StoreError> {
    db.query_row(
        "SELECT coalesce(max(id), 0) + 1 FROM events",
        params![],
        |r| r.get(0),
    )
}

/// The numbers of the games of an event.
pub fn event_game_ids(db: &Db, event_id: i64) -> Result<Vec<i64>, StoreError> {
    db.query_map(
        "SELECT id FROM games WHERE event_id = ?1 ORDER BY id",
        params![event_id],
        |r| r.get(0),
    )
}

/// The events that are running.
pub fn running_events(db: &Db) -> Result<Vec<String>, StoreError> {
    db.query_map(
        "SELECT name FROM events WHERE status = 'running' ORDER BY id",
        params![],
        |r| r.get(0),
    )
}

/// The events `address` has an entry in (with their games), and every event taking
/// entries: what the referee reads for `JOIN`, `STANDINGS` and `WITHDRAW`.
pub fn for_player(db: &Db, address: &str) -> Result<Vec<crate::referee::EventContext>, StoreError> {
    let names: Vec<String> = db.query_map(
        "SELECT e.name FROM events e WHERE e.status = 'entry'
            OR EXISTS (SELECT 1 FROM entries n WHERE n.event_id = e.id AND n.address = lower(?1))
         ORDER BY e.id",
        params![address],
        |r| r.get(0),
    )?;
    let mut out = Vec::new();
    for name in names {
        let Some(event) = load_event(db, &name)? else {
            continue;
        };
        let games = if event.entry_of(address).is_some() {
            super::rows::games_where(db, "event_id = ?1", params![event.id])?
        } else {
            Vec::new()
        };
        out.push(crate::referee::EventContext {
            event,
            games,
            // Worked out from the rating record by the referee's side
            // ([`crate::referee::with_ratings`]), not here.
            ratings: Default::default(),
        });
    }
    Ok(out)
}

/// The rated games that count: finished, with at least one move, not cancelled or decided
/// by forfeit. The pool is the game kind.
pub fn rated_games(db: &Db) -> Result<Vec<crate::rating::history::RatedGame>, StoreError> {
    use crate::rating::glicko::Score;
    db.query_map(
        "SELECT coalesce(g.rating_pool, g.kind), g.white, g.black, g.winner, g.updated_at FROM games g
         WHERE g.rated = 1 AND g.status = 'finished'
           AND coalesce(g.termination, '') NOT IN ('cancelled', 'cancelled-by-director', 'withdrawal', 'forfeit')
           AND EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id)
         ORDER BY g.updated_at, g.id",
        params![],
        |r| {
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
        },
    )
}

/// The figures players entered events with, by (pool, address): the highest one given for
/// the pool's game.
pub fn entered_ratings(
    db: &Db,
) -> Result<std::collections::BTreeMap<(String, String), f64>, StoreError> {
    let rows: Vec<(String, String, u32)> = db.query_map(
        "SELECT e.conditions, n.address, n.rating FROM entries n JOIN events e ON e.id = n.event_id
         WHERE n.rating IS NOT NULL",
        params![],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
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
