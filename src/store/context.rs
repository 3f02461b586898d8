//! Loading the [`Context`] the referee needs for one inbound message: the sender, the games
//! the message may be about, the players of those games, and the rate-limit count.

use crate::referee::{Context, Inbound, Lookup, Timestamp};

use super::sql::{Db, params};
use super::{StoreError, outbox, rows};

/// Builds the context of `msg` from what `lookup` asks for.
pub fn load(
    conn: &Db,
    msg: &Inbound,
    lookup: &Lookup,
    now: Timestamp,
) -> Result<Context, StoreError> {
    let sender_address = msg.from.to_lowercase();
    let sender = rows::player(conn, &sender_address)?;
    let mut games = rows::games_where(
        conn,
        "(white = ?1 OR black = ?1 OR challenger = ?1) AND status IN ('invited', 'active')",
        params![sender_address],
    )?;
    let mut refs = lookup.references.clone();
    for r in &msg.references {
        if !refs.contains(r) {
            refs.push(r.clone());
        }
    }
    let reply_game = outbox::game_of_sent(conn, &refs)?;
    let mut named = |id: Option<i64>| -> Result<Option<i64>, StoreError> {
        let Some(id) = id else { return Ok(None) };
        if games.iter().any(|g| g.id == id) {
            return Ok(Some(id));
        }
        // A game named but absent stays named: the referee answers "no game #N" rather than
        // guessing another of the sender's games.
        if let Some(g) = rows::game(conn, id)? {
            games.push(g);
        }
        Ok(Some(id))
    };
    let token_game = named(lookup.token_game)?;
    let reply_game = named(reply_game)?;
    let subject_game = named(lookup.subject_game)?;
    games.sort_by_key(|g| g.id);

    let mut wanted: Vec<String> = Vec::new();
    for g in &games {
        for a in [&g.white, &g.black, &g.challenger] {
            wanted.push(a.to_lowercase());
        }
    }
    wanted.extend(lookup.mentioned.iter().map(|a| a.to_lowercase()));
    wanted.sort();
    wanted.dedup();
    let mut players = Vec::new();
    for a in wanted.iter().filter(|a| **a != sender_address) {
        if let Some(p) = rows::player(conn, a)? {
            players.push(p);
        }
    }
    let ratings = if lookup.ratings {
        sender_ratings(conn, &sender_address, now)?
    } else {
        Vec::new()
    };
    let events = if lookup.events {
        super::events::for_player(conn, &sender_address, now)?
    } else {
        Vec::new()
    };
    let next_game_id: i64 = conn.query_row(
        "SELECT coalesce(max(id), 0) + 1 FROM games",
        params![],
        |r| r.get(0),
    )?;
    let replies = outbox::replies_since(conn, &sender_address, now - 3600)?;
    // The number a PHONE command names, or the one the sender is linking.
    let number = lookup.phone.clone().or_else(|| {
        sender
            .as_ref()
            .and_then(|p| p.phone_claim.as_ref())
            .map(|c| c.number.clone())
    });
    let phone_holder = match &number {
        Some(n) => rows::phone_holder(conn, n)?,
        None => None,
    };
    let phone_stopped = match &lookup.phone {
        Some(n) => super::sms::stopped(conn, n)?.is_some(),
        None => false,
    };
    Ok(Context {
        confirmation: None,
        sender,
        players,
        games,
        token_game,
        reply_game,
        subject_game,
        replies_last_hour: replies.count,
        first_reply_in_hour: replies.first,
        rate_notice_in_hour: replies.notice,
        unproven_last_hour: replies.unproven,
        outages: rows::outages(conn, now - super::OUTAGES_KEPT)?,
        next_game_id,
        phone_holder,
        phone_stopped,
        sms_recent: false,
        sms_game: None,
        sms_stopped: false,
        events,
        ratings,
    })
}

/// The sender's ratings after the last complete month.
fn sender_ratings(
    conn: &Db,
    address: &str,
    now: Timestamp,
) -> Result<Vec<crate::referee::SenderRating>, StoreError> {
    let games = super::events::rated_games(conn)?;
    if !games
        .iter()
        .any(|g| g.white.eq_ignore_ascii_case(address) || g.black.eq_ignore_ascii_case(address))
    {
        return Ok(Vec::new());
    }
    let entered = super::events::entered_ratings(conn)?;
    let last = crate::rating::history::period_of(now) - 1;
    let all = crate::rating::history::ratings(&games, &entered, last);
    Ok(all
        .into_iter()
        .filter_map(|(pool, players)| {
            players.get(address).map(|r| crate::referee::SenderRating {
                pool,
                rating: r.rating,
                games: r.games,
            })
        })
        .collect())
}
