//! What the public pages read and nothing else writes: the latest games, a player's
//! latest games, the finished games as the statistics read them, every address the store knows
//! (to find a player from their page's handle), the name a player entered an event under,
//! and a store connection that cannot write.

use super::StoreError;
use super::rows::games_where;
use super::sql::{Db, Dialect, Row, params};
use crate::games::{GameKind, Side};
use crate::referee::StoredGame;
use crate::referee::view::Finished;

/// The games played or being played, the most recently changed first, at most `limit`.
pub fn recent_games(db: &Db, limit: usize) -> Result<Vec<StoredGame>, StoreError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let mut games = games_where(
        db,
        "id IN (SELECT id FROM games WHERE status IN ('active', 'finished')
                ORDER BY updated_at DESC, id DESC LIMIT ?1)",
        params![limit],
    )?;
    games.sort_by(|a, b| b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id)));
    Ok(games)
}

/// The `limit` games `address` sits in that changed last, the latest first (a player's
/// page shows these, never every game of a player of thousands).
pub fn latest_games_of(
    db: &Db,
    address: &str,
    limit: usize,
) -> Result<Vec<StoredGame>, StoreError> {
    let address = address.to_lowercase();
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let mut games = games_where(
        db,
        "id IN (SELECT id FROM games WHERE white = ?1 OR black = ?1
                ORDER BY updated_at DESC, id DESC LIMIT ?2)",
        params![address, limit],
    )?;
    games.sort_by(|a, b| b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id)));
    Ok(games)
}

/// Every finished game (of `kind` alone, when given), by number, as the statistics read
/// it: its result, its event, whether its players show their casual games (a player
/// without a record does, as a new player), its length and its first two moves; never
/// its other moves, so that a store of many long games is read in one pass over its games.
pub fn finished_games(db: &Db, kind: Option<GameKind>) -> Result<Vec<Finished>, StoreError> {
    // A game's moves are numbered from 1 without a gap (`rows::save_game` writes them so,
    // and writes them all again when a take-back shortens the list): the highest number
    // is their count, read from the key's index alone.
    let sql = format!(
        "SELECT g.id, g.kind, g.variant, g.winner, g.termination, g.event_id,
                coalesce(w.public, 1), coalesce(b.public, 1),
                coalesce((SELECT max(m.ply) FROM moves m WHERE m.game_id = g.id), 0),
                (SELECT m.text FROM moves m WHERE m.game_id = g.id AND m.ply = 1),
                (SELECT m.text FROM moves m WHERE m.game_id = g.id AND m.ply = 2),
                (g.white LIKE '%@{domain}' OR g.black LIKE '%@{domain}')
         FROM games g
         LEFT JOIN players w ON w.address = g.white
         LEFT JOIN players b ON b.address = g.black
         WHERE g.status = 'finished'{}
         ORDER BY g.id",
        if kind.is_some() {
            " AND g.kind = ?1"
        } else {
            ""
        },
        domain = crate::referee::computer::DOMAIN,
    );
    match kind {
        Some(kind) => db.query_built(&sql, params![kind.name()], finished_row),
        None => db.query_built(&sql, params![], finished_row),
    }
}

/// One line of [`finished_games`].
fn finished_row(r: &Row<'_>) -> Result<Finished, StoreError> {
    let kind: String = r.get(1)?;
    let winner: Option<String> = r.get(3)?;
    let event: Option<i64> = r.get(5)?;
    let moves: i64 = r.get(8)?;
    let first: Option<String> = r.get(9)?;
    let second: Option<String> = r.get(10)?;
    Ok(Finished {
        id: r.get(0)?,
        kind: GameKind::from_name(&kind)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown game `{kind}`")))?,
        variant: r.get(2)?,
        winner: winner.as_deref().and_then(Side::from_name),
        termination: r.get(4)?,
        tournament: event.is_some(),
        public: [r.get(6)?, r.get(7)?],
        moves: usize::try_from(moves).unwrap_or(0),
        opening: first.into_iter().chain(second).collect(),
        computer: r.get(11)?,
    })
}

/// Every address the store knows as a player: player records, seats of games, entries of
/// events.
pub fn known_addresses(db: &Db) -> Result<Vec<String>, StoreError> {
    db.query_map(
        "SELECT address FROM players UNION SELECT white FROM games
         UNION SELECT black FROM games UNION SELECT address FROM entries",
        params![],
        |r| r.get(0),
    )
}

/// The name `address` was last entered in an event under, if any.
pub fn entry_name(db: &Db, address: &str) -> Result<Option<String>, StoreError> {
    db.query_opt(
        "SELECT name FROM entries WHERE address = lower(?1) ORDER BY event_id DESC LIMIT 1",
        params![address],
        |r| r.get(0),
    )
}

/// The events `address` entered, the latest first: (name, title).
pub fn events_entered(db: &Db, address: &str) -> Result<Vec<(String, String)>, StoreError> {
    db.query_map(
        "SELECT e.name, e.title FROM entries n JOIN events e ON e.id = n.event_id
         WHERE n.address = lower(?1) ORDER BY e.id DESC",
        params![address],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Makes `db` refuse every write from now on (SQLite's `query_only`; PostgreSQL's
/// `default_transaction_read_only` for the session).
pub fn refuse_writes(db: &Db) -> Result<(), StoreError> {
    match db.dialect() {
        Dialect::Sqlite => {
            if let Some(conn) = db.sqlite_conn() {
                conn.pragma_update(None, "query_only", true)?;
            }
        }
        Dialect::Postgres => db.set_for_session("SET default_transaction_read_only = on")?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::games::{GameKind, Side};
    use crate::referee::{Decision, GameResult, GameStatus, Player, StoredGame};
    use crate::text::Lang;

    fn finished(id: i64, kind: GameKind, moves: usize, winner: Option<Side>) -> StoredGame {
        let mut g = crate::render::testing::stored_game(id, kind, moves);
        g.status = GameStatus::Finished;
        g.result = Some(GameResult {
            winner,
            termination: "resignation".into(),
            line: "-".into(),
        });
        g
    }

    #[test]
    fn finished_games_read_their_length_and_first_two_moves_only() {
        for mut store in crate::store::testing::stores("finished_games_read_their_length") {
            let long = finished(1, GameKind::Ataxx, 9, Some(Side::Black));
            let mut hidden = finished(2, GameKind::Abalone, 1, None);
            hidden.white = "hider@x.org".into();
            let mut event = finished(3, GameKind::Abalone, 0, Some(Side::White));
            event.terms.event = Some((4, 1));
            event.variant = Some("belgian-daisy".into());
            let mut playing = crate::render::testing::stored_game(4, GameKind::Ataxx, 3);
            playing.status = GameStatus::Active;
            let decision = Decision {
                players: vec![Player {
                    public: false,
                    ..Player::new("hider@x.org", Lang::EN)
                }],
                games: vec![long.clone(), hidden, event, playing],
                ..Decision::default()
            };
            store.commit(&decision, None, 10).unwrap();
            let all = store.finished_games(None).unwrap();
            let ids: Vec<i64> = all.iter().map(|f| f.id).collect();
            assert_eq!(ids, [1, 2, 3], "finished games only, by number");
            assert_eq!(all[0].moves, 9);
            assert_eq!(
                all[0].opening,
                [long.moves[0].text.clone(), long.moves[1].text.clone()]
            );
            assert_eq!(all[0].winner, Some(Side::Black));
            assert_eq!(all[0].termination.as_deref(), Some("resignation"));
            assert_eq!(all[0].public, [true, true], "players without a record show");
            assert!(!all[0].tournament);
            assert_eq!(all[1].moves, 1);
            assert_eq!(all[1].opening.len(), 1);
            assert_eq!(all[1].public, [false, true]);
            assert_eq!(all[1].winner, None);
            assert_eq!(all[2].moves, 0);
            assert!(all[2].opening.is_empty());
            assert!(all[2].tournament);
            assert_eq!(all[2].variant.as_deref(), Some("belgian-daisy"));
            let abalone = store.finished_games(Some(GameKind::Abalone)).unwrap();
            assert_eq!(abalone.iter().map(|f| f.id).collect::<Vec<_>>(), [2, 3]);
        }
    }
}
