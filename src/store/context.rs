//! Loading the [`Context`] the referee needs for one inbound message: the sender, the games
//! the message may be about (all of the sender's open games, or only the games it names
//! when its command acts on one game, [`Lookup::one_game`]), the players of those games,
//! the rate-limit count, and the day's counts of phone codes and invitations the limits on
//! them need.

use crate::referee::{Context, Inbound, Lookup, Timestamp};

use super::sql::{Db, params};
use super::{StoreError, outbox, rows};

/// The day over which codes and invitations are counted.
const DAY: Timestamp = 86_400;

/// Builds the context of `msg` from what `lookup` asks for.
pub fn load(
    conn: &Db,
    msg: &Inbound,
    lookup: &Lookup,
    now: Timestamp,
) -> Result<Context, StoreError> {
    let sender_address = msg.from.to_lowercase();
    let sender = rows::player(conn, &sender_address)?;
    let mut refs = lookup.references.clone();
    for r in &msg.references {
        if !refs.contains(r) {
            refs.push(r.clone());
        }
    }
    let reply_game = outbox::game_of_sent(conn, &refs)?;
    // A command on one game that names it reads that game alone: a player in a thousand
    // games does not make each of their moves read a thousand games.
    let named_only = lookup.one_game
        && [lookup.token_game, reply_game, lookup.subject_game]
            .iter()
            .any(Option::is_some);
    let mut games = if named_only {
        Vec::new()
    } else {
        rows::games_where(
            conn,
            "(white = ?1 OR black = ?1 OR challenger = ?1) AND status IN ('invited', 'active')",
            params![sender_address],
        )?
    };
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

    // The number a PHONE command names, or the one the sender is linking; its holder's
    // record is loaded with the others (a proven code moves the number away from them).
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
    let mut wanted: Vec<String> = phone_holder.iter().cloned().collect();
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
    let events = if lookup.events {
        super::events::for_player(conn, &sender_address)?
    } else {
        Vec::new()
    };
    let next_game_id: i64 = conn.query_row(
        "SELECT coalesce(max(id), 0) + 1 FROM games",
        params![],
        |r| r.get(0),
    )?;
    let replies = outbox::replies_since(conn, &sender_address, now - 3600)?;
    let (codes_by_sender, codes_to_number, codes_in_all) = if lookup.phone.is_some() {
        super::sms::codes_since(conn, &sender_address, lookup.phone.as_deref(), now - DAY)?
    } else {
        (0, 0, 0)
    };
    let (invitations_to_invitee, invitee_knows_sender) = match lookup.mentioned.first() {
        Some(invitee) => (
            rows::invitations_to(conn, invitee, now - DAY)?,
            rows::have_played(conn, invitee, &sender_address)?,
        ),
        None => (0, false),
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
        codes_by_sender,
        codes_to_number,
        codes_in_all,
        invitations_to_invitee,
        invitee_knows_sender,
        sms_recent: false,
        sms_game: None,
        sms_stopped: false,
        events,
        // Worked out from the rating record by [`crate::referee::with_ratings`].
        ratings: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use crate::referee::{
        CodeSent, Decision, Inbound, InvitationSent, Lookup, Outgoing, PhoneClaim, Player,
    };
    use crate::text::Lang;

    fn sms(id: &str, to: &str) -> Outgoing {
        Outgoing {
            to: to.into(),
            subject: String::new(),
            body: "arbitre: code".into(),
            message_id: id.into(),
            in_reply_to: None,
            references: Vec::new(),
            reply_to: None,
            game: None,
            auto: crate::referee::AutoKind::Replied,
            turn: None,
            channel: crate::referee::Channel::Sms,
            sms: None,
            not_before: None,
            picture: None,
        }
    }

    #[test]
    fn the_context_counts_the_days_codes_and_invitations_and_loads_the_holder() {
        for mut store in crate::store::testing::stores(
            "the_context_counts_the_days_codes_and_invitations_and_loads_the_holder",
        ) {
            let number = "+33612345678";
            let bob = Player {
                phone: Some(number.into()),
                invitations: false,
                ..Player::new("bob@b.org", Lang::FR)
            };
            let alice = Player {
                phone_claim: Some(PhoneClaim {
                    number: number.into(),
                    code: "123456".into(),
                    until: 5000,
                    tries: 0,
                    codes: 1,
                    since: 1000,
                }),
                ..Player::new("alice@a.org", Lang::EN)
            };
            let code = |id: &str, who: &str, to: &str| CodeSent {
                address: who.into(),
                number: to.into(),
                message_id: id.into(),
            };
            let invited = |game: i64, by: &str| InvitationSent {
                game,
                challenger: by.into(),
                invitee: "bob@b.org".into(),
            };
            let d = Decision {
                players: vec![bob.clone(), alice],
                outbox: vec![sms("c1", number), sms("c2", "+33700000000")],
                codes: vec![
                    code("c1", "alice@a.org", number),
                    code("c2", "alice@a.org", "+33700000000"),
                ],
                invitations: vec![invited(1, "alice@a.org"), invited(2, "carol@c.org")],
                ..Decision::default()
            };
            store.commit(&d, None, 1000).unwrap();
            // Logged again: counted once.
            let again = Decision {
                codes: d.codes.clone(),
                invitations: d.invitations.clone(),
                ..Decision::default()
            };
            store.commit(&again, None, 1001).unwrap();
            assert_eq!(store.player("bob@b.org").unwrap(), Some(bob.clone()));

            let msg = Inbound {
                message_id: "m1".into(),
                from: "alice@a.org".into(),
                ..Inbound::default()
            };
            let lookup = Lookup {
                phone: Some(number.into()),
                mentioned: vec!["Bob@b.org".into()],
                ..Lookup::default()
            };
            let ctx = store.context(&msg, &lookup, 2000).unwrap();
            assert_eq!(ctx.codes_by_sender, 2, "whatever the numbers");
            assert_eq!(ctx.codes_to_number, 1);
            assert_eq!(ctx.codes_in_all, 2);
            assert_eq!(ctx.invitations_to_invitee, 2);
            assert!(!ctx.invitee_knows_sender, "no game between them");
            assert_eq!(ctx.phone_holder.as_deref(), Some("bob@b.org"));
            let loaded = ctx.players.iter().find(|p| p.address == "bob@b.org");
            assert_eq!(
                loaded,
                Some(&bob),
                "the holder's record, takes no invitations"
            );

            let d = Decision {
                invitations: vec![invited(3, "alice@a.org")],
                ..Decision::default()
            };
            store.commit(&d, None, 1000 + 86_400).unwrap();
            // Once bob has played alice, her invitations to him are no stranger's.
            store
                .conn
                .execute(
                    "INSERT INTO games (id, kind, start, options, white, black, challenger,
                     status, created_at, updated_at)
                     VALUES (9, 'abalone', 'x', '', 'bob@b.org', 'alice@a.org', 'bob@b.org',
                     'finished', 1, 1)",
                    crate::store::sql::params![],
                )
                .unwrap();
            assert!(
                store
                    .context(&msg, &lookup, 2000)
                    .unwrap()
                    .invitee_knows_sender
            );
            // A day later the first codes and invitations no longer count.
            let ctx = store.context(&msg, &lookup, 1000 + 86_400).unwrap();
            assert_eq!(
                (
                    ctx.codes_by_sender,
                    ctx.codes_in_all,
                    ctx.invitations_to_invitee
                ),
                (0, 0, 1)
            );
            // Without a PHONE command, the holder of the number being linked is loaded all
            // the same (a code coming back needs them).
            let ctx = store.context(&msg, &Lookup::default(), 2000).unwrap();
            assert_eq!(ctx.phone_holder.as_deref(), Some("bob@b.org"));
            assert!(ctx.players.iter().any(|p| p.address == "bob@b.org"));
            assert_eq!((ctx.codes_by_sender, ctx.invitations_to_invitee), (0, 0));
        }
    }

    #[test]
    fn a_command_on_one_named_game_loads_that_game_alone() {
        for store in
            crate::store::testing::stores("a_command_on_one_named_game_loads_that_game_alone")
        {
            for (id, black) in [(1, "bob@b.org"), (2, "carol@c.org"), (3, "dan@d.org")] {
                store
                    .conn
                    .execute(
                        "INSERT INTO games (id, kind, start, options, white, black, challenger,
                         status, created_at, updated_at)
                         VALUES (?1, 'ataxx', 'x', '', 'alice@a.org', ?2, 'alice@a.org',
                         'active', 1, 1)",
                        crate::store::sql::params![id, black],
                    )
                    .unwrap();
            }
            let msg = Inbound {
                message_id: "m1".into(),
                from: "alice@a.org".into(),
                ..Inbound::default()
            };
            let ids = |lookup: &Lookup| -> Vec<i64> {
                let ctx = store.context(&msg, lookup, 2000).unwrap();
                ctx.games.iter().map(|g| g.id).collect()
            };
            let named = Lookup {
                one_game: true,
                subject_game: Some(2),
                ..Lookup::default()
            };
            assert_eq!(ids(&named), vec![2], "the named game alone");
            let account = Lookup {
                one_game: false,
                ..named.clone()
            };
            assert_eq!(ids(&account), vec![1, 2, 3], "an account command reads all");
            let unnamed = Lookup {
                subject_game: None,
                ..named.clone()
            };
            assert_eq!(ids(&unnamed), vec![1, 2, 3], "no game named: all, to route");
            let absent = Lookup {
                subject_game: Some(7),
                ..named
            };
            let ctx = store.context(&msg, &absent, 2000).unwrap();
            assert!(ctx.games.is_empty(), "a game named but absent stays absent");
            assert_eq!(ctx.subject_game, Some(7));
        }
    }
}
