//! Row mapping: players and games (with their moves) to and from the store's rows.

use std::sync::LazyLock;

use crate::clock::leave::Leave;
use crate::clock::{Span, TimeControl};
use crate::games::{GameKind, Side};
use crate::referee::{
    GameClock, GameId, GameResult, GameStatus, GameTerms, LangFrom, Notify, PhoneClaim, PlayedMove,
    Player, StoredGame, Timestamp,
};
use crate::text::Lang;

use super::StoreError;
use super::sql::{Db, Param, Row, params};
use super::writes::Writes;

const GAME_COLUMNS: &str = "id, kind, variant, start, to_move, options, white, black, challenger, \
     status, winner, termination, result_line, draw_offer, created_at, updated_at, undo_request, \
     time_control, claim, next_due, event_id, event_round, rated, no_takebacks, no_conditionals, \
     draw_limit, draws_white, draws_black, rating_pool, hint_request";

/// The outages that ended after `since`, oldest first.
pub fn outages(conn: &Db, since: Timestamp) -> Result<Vec<Span>, StoreError> {
    conn.query_map(
        "SELECT from_at, to_at FROM outages WHERE to_at > ?1 ORDER BY from_at",
        params![since],
        |r| Ok(Span::new(r.get(0)?, r.get(1)?)),
    )
}

/// Reads one player, with their leave.
pub fn player(conn: &Db, address: &str) -> Result<Option<Player>, StoreError> {
    // The player's row and their leave, asked together (one round trip on PostgreSQL).
    let queries = [
        "SELECT address, name, lang, lang_from, chat, zone, phone, notify, claim_number,
         claim_code, claim_until, claim_tries, claim_codes, claim_since, pictures,
         public, invitations, name_chosen, name_told, undeliverable_since,
         undeliverable_reason, undeliverable_complaint FROM players WHERE address = ?1",
        "SELECT first_day, last_day, special FROM leave WHERE address = ?1 ORDER BY first_day",
    ];
    let mut found = None;
    let mut leave = Vec::new();
    conn.query_together(&queries, params![address.to_lowercase()], |k, r| {
        match k {
            0 if found.is_none() => found = Some(player_row(r)?),
            1 => leave.push((r.get::<String>(0)?, r.get::<String>(1)?, r.get::<bool>(2)?)),
            _ => {}
        }
        Ok(())
    })?;
    let Some(mut p) = found else {
        return Ok(None);
    };
    for (first, last, special) in leave {
        // A day that does not read back is a hand-edited store: that leave is left out.
        if let (Ok(first), Ok(last)) = (first.parse(), last.parse()) {
            p.leave.push(Leave {
                first,
                last,
                special,
            });
        }
    }
    Ok(Some(p))
}

fn player_row(r: &Row<'_>) -> Result<Player, StoreError> {
    let lang: String = r.get(2)?;
    Ok(Player {
        address: r.get(0)?,
        name: r.get(1)?,
        name_chosen: r.get(17)?,
        name_told: r.get(18)?,
        undeliverable: r
            .get::<Option<Timestamp>>(19)?
            .map(|since| -> Result<_, StoreError> {
                Ok(crate::referee::Undeliverable {
                    since,
                    reason: r.get::<Option<String>>(20)?.unwrap_or_default(),
                    complaint: r.get::<bool>(21)?,
                })
            })
            .transpose()?,
        lang: Lang::from_name(&lang).unwrap_or_default(),
        lang_from: LangFrom::from_code(&r.get::<String>(3)?),
        chat: r.get(4)?,
        pictures: r.get(14)?,
        public: r.get(15)?,
        invitations: r.get(16)?,
        zone: r.get(5)?,
        leave: Vec::new(),
        phone: r.get(6)?,
        notify: Notify::from_code(&r.get::<String>(7)?).unwrap_or_default(),
        phone_claim: match (r.get(8)?, r.get(9)?, r.get(10)?) {
            (Some(number), Some(code), Some(until)) => Some(PhoneClaim {
                number,
                code,
                until,
                tries: r.get(11)?,
                codes: r.get(12)?,
                since: r.get::<Option<i64>>(13)?.unwrap_or(until),
            }),
            _ => None,
        },
    })
}

/// The address of the player `number` is linked to, if any.
pub fn phone_holder(conn: &Db, number: &str) -> Result<Option<String>, StoreError> {
    conn.query_opt(
        "SELECT address FROM players WHERE phone = ?1",
        params![number],
        |r| r.get(0),
    )
}

/// The address of the player linking `number` whose code, still valid at `now`, is `code`.
pub fn phone_claimant(
    conn: &Db,
    number: &str,
    code: &str,
    now: Timestamp,
) -> Result<Option<String>, StoreError> {
    conn.query_opt(
        "SELECT address FROM players WHERE claim_number = ?1 AND claim_code = ?2
         AND claim_until >= ?3 LIMIT 1",
        params![number, code, now],
        |r| r.get(0),
    )
}

/// Logs the invitations of a decision (inside the commit transaction): the daily limit on
/// the invitations one address receives counts them.
pub fn log_invitations(
    conn: &Db,
    invitations: &[crate::referee::InvitationSent],
    at: Timestamp,
) -> Result<(), StoreError> {
    for i in invitations {
        conn.execute(
            "INSERT INTO invitations (game_id, challenger, invitee, sent_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game_id) DO NOTHING",
            params![
                i.game,
                i.challenger.to_lowercase(),
                i.invitee.to_lowercase(),
                at
            ],
        )?;
    }
    Ok(())
}

/// How many invitations `invitee` received since `since`, from anyone.
pub fn invitations_to(conn: &Db, invitee: &str, since: Timestamp) -> Result<u32, StoreError> {
    conn.query_row(
        "SELECT count(*) FROM invitations WHERE invitee = ?1 AND sent_at > ?2",
        params![invitee.to_lowercase(), since],
        |r| r.get(0),
    )
}

/// Whether `a` and `b` have played each other: a game between them was accepted or set
/// up (active or finished).
pub fn have_played(conn: &Db, a: &str, b: &str) -> Result<bool, StoreError> {
    let n: i64 = conn.query_row(
        "SELECT count(*) FROM games WHERE ((white = ?1 AND black = ?2) OR (white = ?2 AND black = ?1))
         AND status IN ('active', 'finished')",
        params![a.to_lowercase(), b.to_lowercase()],
        |r| r.get(0),
    )?;
    Ok(n > 0)
}

/// Inserts or replaces a player.
pub fn save_player(conn: &Db, p: &Player, now: Timestamp) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO players (address, name, lang, lang_from, chat, zone, updated_at, phone,
         notify, claim_number, claim_code, claim_until, claim_tries, claim_codes, claim_since,
         pictures, public, invitations, name_chosen, name_told, undeliverable_since,
         undeliverable_reason, undeliverable_complaint)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
                 ?19, ?20, ?21, ?22, ?23)
         ON CONFLICT (address) DO UPDATE SET name = excluded.name, lang = excluded.lang,
         lang_from = excluded.lang_from, chat = excluded.chat, zone = excluded.zone,
         updated_at = excluded.updated_at, phone = excluded.phone, notify = excluded.notify,
         claim_number = excluded.claim_number, claim_code = excluded.claim_code,
         claim_until = excluded.claim_until, claim_tries = excluded.claim_tries,
         claim_codes = excluded.claim_codes, claim_since = excluded.claim_since,
         pictures = excluded.pictures, public = excluded.public,
         invitations = excluded.invitations, name_chosen = excluded.name_chosen,
         name_told = excluded.name_told, undeliverable_since = excluded.undeliverable_since,
         undeliverable_reason = excluded.undeliverable_reason,
         undeliverable_complaint = excluded.undeliverable_complaint",
        params![
            p.address.to_lowercase(),
            p.name,
            p.lang.code(),
            p.lang_from.code(),
            p.chat,
            p.zone,
            now,
            p.phone,
            p.notify.code(),
            p.phone_claim.as_ref().map(|c| &c.number),
            p.phone_claim.as_ref().map(|c| &c.code),
            p.phone_claim.as_ref().map(|c| c.until),
            p.phone_claim.as_ref().map_or(0, |c| c.tries),
            p.phone_claim.as_ref().map_or(0, |c| c.codes),
            p.phone_claim.as_ref().map(|c| c.since),
            p.pictures,
            p.public,
            p.invitations,
            p.name_chosen,
            p.name_told,
            p.undeliverable.as_ref().map(|u| u.since),
            p.undeliverable.as_ref().map(|u| &u.reason),
            p.undeliverable.as_ref().is_some_and(|u| u.complaint),
        ],
    )?;
    let address = p.address.to_lowercase();
    conn.execute("DELETE FROM leave WHERE address = ?1", params![address])?;
    for l in &p.leave {
        conn.execute(
            "INSERT INTO leave (address, first_day, last_day, special) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (address, first_day) DO UPDATE SET last_day = excluded.last_day,
             special = excluded.special",
            params![address, l.first.to_string(), l.last.to_string(), l.special],
        )?;
    }
    Ok(())
}

fn side_code(s: Option<Side>) -> Option<&'static str> {
    s.map(Side::name)
}

/// A side from its stored name (none for NULL or an unknown name).
pub(super) fn side_from(code: Option<String>) -> Option<Side> {
    code.as_deref().and_then(Side::from_name)
}

/// A game row without its moves.
fn game_row(r: &Row<'_>) -> Result<StoredGame, StoreError> {
    let kind: String = r.get(1)?;
    let status: String = r.get(9)?;
    let bad = |what: &str, v: &str| StoreError::Corrupt(format!("unknown {what} `{v}`"));
    let control: String = r.get(17)?;
    let control = TimeControl::read(&control).map_err(|_| bad("time control", &control))?;
    let termination: Option<String> = r.get(11)?;
    let line: Option<String> = r.get(12)?;
    let result = match (termination, line) {
        (Some(termination), Some(line)) => Some(GameResult {
            winner: side_from(r.get(10)?),
            termination,
            line,
        }),
        _ => None,
    };
    Ok(StoredGame {
        id: r.get(0)?,
        kind: GameKind::from_name(&kind).ok_or_else(|| bad("game", &kind))?,
        variant: r.get(2)?,
        start: r.get(3)?,
        to_move: side_from(r.get(4)?),
        options: r.get(5)?,
        white: r.get(6)?,
        black: r.get(7)?,
        challenger: r.get(8)?,
        status: GameStatus::from_code(&status).ok_or_else(|| bad("status", &status))?,
        moves: Vec::new(),
        result,
        draw_offer: side_from(r.get(13)?),
        undo_request: side_from(r.get(16)?),
        hint_request: side_from(r.get(29)?),
        takebacks: Vec::new(),
        conditions: None,
        clock: GameClock {
            control,
            claim: r.get(18)?,
            next_due: r.get(19)?,
            ..GameClock::default()
        },
        terms: {
            let event: Option<i64> = r.get(20)?;
            let round: Option<u32> = r.get(21)?;
            GameTerms {
                event: event.map(|e| (e, round.unwrap_or(0))),
                rated: r.get(22)?,
                no_takebacks: r.get(23)?,
                no_conditionals: r.get(24)?,
                draw_offer_limit: r.get(25)?,
                draw_offers_made: [r.get(26)?, r.get(27)?],
                pool: r.get(28)?,
            }
        },
        created_at: r.get(14)?,
        updated_at: r.get(15)?,
    })
}

/// Adds to `w` what replaces the conditional moves stored for game `g`.
fn save_conditions(w: &mut Writes, g: &StoredGame) {
    w.push("DELETE FROM conditions WHERE game_id = ?1", params![g.id]);
    let Some(c) = &g.conditions else {
        return;
    };
    for (n, line) in c.lines.iter().enumerate() {
        for (i, step) in line.steps.iter().enumerate() {
            w.push(
                "INSERT INTO conditions (game_id, side, line, step, theirs, mine, set_by)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![g.id, c.by.name(), n, i, step.theirs, step.mine, line.set_by],
            );
        }
    }
}

/// Reads one game with its moves.
pub fn game(conn: &Db, id: GameId) -> Result<Option<StoredGame>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
    let mut found = conn.query_built(&sql, params![id], game_row)?;
    found.truncate(1);
    super::game_details::fill(conn, &mut found, "game_id = ?1", params![id])?;
    Ok(found.pop())
}

/// Reads games matching `condition` (an SQL expression on the games table), with moves,
/// ordered by id: one query for the games and one for each table of their details,
/// however many they are.
pub fn games_where(
    conn: &Db,
    condition: &str,
    args: &[&dyn Param],
) -> Result<Vec<StoredGame>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {condition} ORDER BY id");
    let mut found = conn.query_built(&sql, args, game_row)?;
    let filter = format!("game_id IN (SELECT id FROM games WHERE {condition})");
    super::game_details::fill(conn, &mut found, &filter, args)?;
    Ok(found)
}

/// One line of the list of games: a game's row and how many moves it has, without its
/// moves or other details.
pub struct GameLine {
    /// The game's row alone: no moves, take-backs, conditions or clock facts.
    pub game: StoredGame,
    /// How many moves it has.
    pub moves: usize,
}

/// Every game's [`GameLine`], by id: one pass over the games, each move count read from
/// the moves' key alone.
pub fn game_lines(conn: &Db) -> Result<Vec<GameLine>, StoreError> {
    let sql = format!(
        "SELECT {GAME_COLUMNS}, (SELECT count(*) FROM moves m WHERE m.game_id = games.id)
         FROM games ORDER BY id"
    );
    conn.query_built(&sql, params![], |r| {
        Ok(GameLine {
            game: game_row(r)?,
            moves: usize::try_from(r.get::<i64>(30)?).unwrap_or(0),
        })
    })
}

/// The statement that inserts or replaces a game's row, built once.
static SAVE_GAME: LazyLock<String> = LazyLock::new(|| {
    format!(
        "INSERT INTO games ({GAME_COLUMNS}) VALUES
         (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,
          ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30)
         ON CONFLICT (id) DO UPDATE SET {}",
        GAME_COLUMNS
            .split(", ")
            .skip(1)
            .map(|c| format!("{c} = excluded.{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
});

/// Inserts or replaces a game. Moves are appended when the stored list is a prefix of the
/// new one (the usual case), and replaced otherwise. Two round trips on PostgreSQL: what is
/// stored of the lists only ever added to (take-backs, moves), then every write together.
pub fn save_game(conn: &Db, g: &StoredGame) -> Result<(), StoreError> {
    let mut known_takebacks = 0usize;
    let mut stored = Vec::new();
    conn.query_together(
        &[
            "SELECT count(*) FROM takebacks WHERE game_id = ?1",
            "SELECT text, message_id, received_at FROM moves WHERE game_id = ?1 ORDER BY ply",
        ],
        params![g.id],
        |k, r| {
            match k {
                0 => known_takebacks = r.get(0)?,
                _ => stored.push(PlayedMove {
                    text: r.get(0)?,
                    message_id: r.get(1)?,
                    received_at: r.get(2)?,
                }),
            }
            Ok(())
        },
    )?;
    let (winner, termination, line) = match &g.result {
        Some(r) => (
            side_code(r.winner),
            Some(r.termination.as_str()),
            Some(r.line.as_str()),
        ),
        None => (None, None, None),
    };
    let mut w = Writes::new();
    w.push(
        SAVE_GAME.as_str(),
        params![
            g.id,
            g.kind.name(),
            g.variant,
            g.start,
            side_code(g.to_move),
            g.options,
            g.white.to_lowercase(),
            g.black.to_lowercase(),
            g.challenger.to_lowercase(),
            g.status.code(),
            winner,
            termination,
            line,
            side_code(g.draw_offer),
            g.created_at,
            g.updated_at,
            side_code(g.undo_request),
            g.clock.control.to_string(),
            g.clock.claim,
            g.clock.next_due,
            g.terms.event.map(|e| e.0),
            g.terms.event.map(|e| e.1),
            g.terms.rated,
            g.terms.no_takebacks,
            g.terms.no_conditionals,
            g.terms.draw_offer_limit,
            g.terms.draw_offers_made[0],
            g.terms.draw_offers_made[1],
            g.terms.pool,
            side_code(g.hint_request),
        ],
    );
    // The reminders sent in the turns the game still has (a take-back forgets those of
    // the plies it removed: that turn is played again).
    w.push("DELETE FROM reminders WHERE game_id = ?1", params![g.id]);
    for (ply, step) in &g.clock.reminded {
        w.push(
            "INSERT INTO reminders (game_id, ply, step) VALUES (?1, ?2, ?3)
             ON CONFLICT DO NOTHING",
            params![g.id, ply, step],
        );
    }
    // A director's adjustments and pauses.
    w.push(
        "DELETE FROM clock_adjustments WHERE game_id = ?1",
        params![g.id],
    );
    for (n, a) in g.clock.adjustments.iter().enumerate() {
        w.push(
            "INSERT INTO clock_adjustments (game_id, n, side, turn, seconds)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![g.id, n, a.side.name(), a.turn, a.seconds],
        );
    }
    w.push("DELETE FROM clock_stops WHERE game_id = ?1", params![g.id]);
    for s in &g.clock.stops {
        w.push(
            "INSERT INTO clock_stops (game_id, from_at, to_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (game_id, from_at) DO UPDATE SET to_at = excluded.to_at",
            params![g.id, s.from, s.to],
        );
    }
    // Take-backs are only ever added.
    for t in g.takebacks.iter().skip(known_takebacks) {
        w.push(
            "INSERT INTO takebacks (game_id, ply, text, side, agreed_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![g.id, t.ply, t.text, t.by.name(), t.agreed_at],
        );
    }
    save_conditions(&mut w, g);
    let keep = if g.moves.starts_with(&stored) {
        stored.len()
    } else {
        w.push("DELETE FROM moves WHERE game_id = ?1", params![g.id]);
        0
    };
    for (i, m) in g.moves.iter().enumerate().skip(keep) {
        w.push(
            "INSERT INTO moves (game_id, ply, text, message_id, received_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![g.id, i + 1, m.text, m.message_id, m.received_at],
        );
    }
    conn.execute_all(&w)?;
    Ok(())
}
