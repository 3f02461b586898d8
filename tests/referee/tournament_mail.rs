//! Events by mail, through the pure referee (no server): `JOIN` / `INSCRIPTION` enters an
//! event (at once, or waiting for a director), `STANDINGS` / `CLASSEMENT` answers with the
//! table, `WITHDRAW` / `RETRAIT` leaves it under the ICCF rule; and the event's rules hold in
//! its games: no take-back, no conditional moves, a limited number of draw offers. Forged
//! mail changes nothing. An event that cannot move on tells its directors, once.

use crate::world;

use world::*;

use arbitre::referee::event::{self, EventDesk};
use arbitre::referee::{GameStatus, StoredGame};
use arbitre::tournament::event::{
    Conditions, EntryPolicy, EntryStatus, EventStatus, StoredEvent, System,
};

const TD: &str = "td@club.example";

fn event(name: &str, entry: EntryPolicy, system: System) -> StoredEvent {
    StoredEvent {
        id: 1,
        name: name.to_string(),
        title: "Autumn Abalone".to_string(),
        conditions: Conditions {
            game: "abalone".into(),
            variant: None,
            options: String::new(),
            system,
            time: "10d".into(),
            conditional_moves: false,
            takebacks: false,
            draw_offers: Some(1),
            tie_breaks: vec!["WIN".into(), "SB".into(), "DE".into(), "LOTS".into()],
            spectator_delay: 0,
            directors: vec![TD.to_string()],
            entry,
            rated: true,
            variant_pool: false,
        },
        status: EventStatus::Entry,
        round: 0,
        lots: 7,
        entries: Vec::new(),
        pairings: Vec::new(),
        created_at: 1_700_000_000,
        updated_at: 1_700_000_000,
        stuck: None,
    }
}

fn open_until_2099() -> EntryPolicy {
    EntryPolicy::OpenUntil {
        date: "2099-12-31".into(),
    }
}

/// Proven mail from `from` (to their own player address).
fn send(w: &mut World, from: &str, text: &str) -> arbitre::referee::Decision {
    let m = w.keyed_msg(from, text);
    w.deliver(&m)
}

/// Proven mail from `from` about game `id` (its tag in the Subject).
fn send_in(w: &mut World, from: &str, id: i64, text: &str) -> arbitre::referee::Decision {
    let mut m = w.keyed_msg(from, text);
    m.subject = format!("[arbitre #{id}]");
    w.deliver(&m)
}

/// Runs `step` on the world's event with what a step reads, as the store gathers it.
fn on_event<T>(w: &World, step: impl FnOnce(&EventDesk<'_>, &StoredEvent) -> T) -> T {
    let e = w.events.values().next().unwrap().clone();
    let players: Vec<_> = w.players.values().cloned().collect();
    let games = event_games(w);
    let ratings = Default::default();
    let desk = EventDesk {
        config: &w.config,
        games: &games,
        players: &players,
        next_game_id: w.next_game,
        now: w.clock,
        ratings: &ratings,
    };
    step(&desk, &e)
}

/// Starts the world's event as `arbitre tournament start` does.
fn start(w: &mut World) {
    let d = on_event(w, event::start).expect("the event starts");
    w.apply(&d);
}

fn event_games(w: &World) -> Vec<StoredGame> {
    w.games
        .values()
        .filter(|g| g.terms.event.is_some())
        .cloned()
        .collect()
}

#[test]
fn players_enter_by_mail_in_their_language_and_the_director_is_told() {
    let mut w = World::new();
    let e = event(
        "autumn",
        open_until_2099(),
        System::RoundRobin { double: false },
    );
    w.events.insert(e.id, e);
    // Nothing forged: a plain JOIN changes nothing and asks to confirm.
    let d = w.send("alice@a.example", "JOIN autumn");
    assert!(d.events.is_empty(), "{d:#?}");
    // Proven: entered at once (open until a date), with the conditions; the director
    // learns of it.
    let d = send(&mut w, "alice@a.example", "JOIN autumn Alice Martin");
    let reply = only(&d, "alice@a.example");
    assert!(
        reply
            .body
            .contains("You are entered in Autumn Abalone, as Alice Martin"),
        "{}",
        reply.body
    );
    assert!(
        reply.body.contains("Conditional moves: no"),
        "{}",
        reply.body
    );
    assert!(
        reply.body.contains("Draw offers per player and game: 1"),
        "{}",
        reply.body
    );
    let told = only(&d, TD);
    assert!(
        told.body
            .contains("Alice Martin has entered Autumn Abalone"),
        "{}",
        told.body
    );
    let entry = w.events[&1].entry_of("alice@a.example").unwrap().clone();
    assert_eq!(entry.status, EntryStatus::Confirmed);
    assert_eq!(entry.name, "Alice Martin");
    // In French, the same.
    let d = send(&mut w, "bob@b.example", "INSCRIPTION autumn Bob");
    let reply = only(&d, "bob@b.example");
    assert!(
        reply.body.contains("Vous êtes inscrit à Autumn Abalone"),
        "{}",
        reply.body
    );
    assert!(
        reply.body.contains("Coups conditionnels : non"),
        "{}",
        reply.body
    );
    // Twice: nothing changes.
    let d = send(&mut w, "alice@a.example", "JOIN autumn");
    assert!(d.events.is_empty());
    assert!(only(&d, "alice@a.example").body.contains("already entered"));
    // An unknown event: the open ones are listed.
    let d = send(&mut w, "carol@c.example", "JOIN spring");
    let body = &only(&d, "carol@c.example").body;
    assert!(
        body.contains("There is no event named spring") && body.contains("autumn (Autumn Abalone)"),
        "{body}"
    );
    // Without a name: which one?
    let d = send(&mut w, "carol@c.example", "JOIN");
    assert!(only(&d, "carol@c.example").body.contains("Which event?"));
}

#[test]
fn an_entry_waits_for_the_director_when_the_conditions_say_so() {
    let mut w = World::new();
    let e = event("autumn", EntryPolicy::Confirm, System::Swiss { rounds: 3 });
    w.events.insert(e.id, e);
    // No name given, none in the mail's From: arbitre asks which to show.
    let d = send(&mut w, "alice@a.example", "JOIN autumn");
    assert!(d.events.is_empty());
    assert!(
        only(&d, "alice@a.example")
            .body
            .contains("Which name should the tables show?")
    );
    let d = send(&mut w, "alice@a.example", "JOIN autumn Alice");
    assert!(
        only(&d, "alice@a.example")
            .body
            .contains("A director will confirm it")
    );
    let told = only(&d, TD);
    assert!(
        told.body
            .contains("arbitre tournament enter autumn --confirm ADDRESS"),
        "{}",
        told.body
    );
    assert_eq!(
        w.events[&1].entry_of("alice@a.example").unwrap().status,
        EntryStatus::Pending
    );
    // Closed entries: only the directors enter players.
    let mut closed = event("closed", EntryPolicy::Closed, System::Swiss { rounds: 3 });
    closed.id = 2;
    w.events.insert(2, closed);
    let d = send(&mut w, "bob@b.example", "JOIN closed");
    assert!(
        only(&d, "bob@b.example")
            .body
            .contains("made by its directors")
    );
    assert!(d.events.is_empty());
}

#[test]
fn standings_withdrawal_and_the_events_rules_of_play_by_mail() {
    let mut w = World::new();
    let e = event(
        "autumn",
        open_until_2099(),
        System::RoundRobin { double: false },
    );
    w.events.insert(e.id, e);
    for (who, name) in [
        ("alice@a.example", "Alice"),
        ("bob@b.example", "Bob"),
        ("carol@c.example", "Carole"),
        ("dan@d.example", "Dan"),
    ] {
        send(&mut w, who, &format!("JOIN autumn {name}"));
    }
    start(&mut w);
    assert_eq!(w.events[&1].status, EventStatus::Running);
    let games = event_games(&w);
    assert_eq!(games.len(), 6, "four players, single round robin");
    assert!(games.iter().all(|g| g.kind == engine!("abalone")));
    // The rules of the event hold in its games.
    let g = games
        .iter()
        .find(|g| g.side_of("alice@a.example").is_some())
        .unwrap()
        .clone();
    let side = g.side_of("alice@a.example").unwrap();
    let d = send_in(&mut w, "alice@a.example", g.id, "UNDO");
    let _ = side;
    assert!(
        to(&d, "alice@a.example")
            .iter()
            .any(|o| o.body.contains("Take-backs are not allowed in this event")),
        "{d:#?}"
    );
    let d = send_in(&mut w, "alice@a.example", g.id, "IF a1b2 THEN i5h5");
    assert!(
        to(&d, "alice@a.example").iter().any(|o| o
            .body
            .contains("Conditional moves are not allowed in this event")),
        "{d:#?}"
    );
    // One draw offer per game: the first goes to the opponent, the second is refused.
    let d = send_in(&mut w, "alice@a.example", g.id, "DRAW");
    assert_eq!(d.games[0].terms.draw_offers_made[side.index()], 1);
    let opponent = g.address_of(side.opponent()).to_string();
    send_in(&mut w, &opponent, g.id, "DECLINE");
    let d = send_in(&mut w, "alice@a.example", g.id, "DRAW");
    assert!(
        to(&d, "alice@a.example")
            .iter()
            .any(|o| o.body.contains("allow one draw offer per player and game")),
        "{d:#?}"
    );
    // STANDINGS: the table by names, never an address.
    let d = send(&mut w, "bob@b.example", "STANDINGS");
    let body = &only(&d, "bob@b.example").body;
    assert!(body.contains("Autumn Abalone: the standings now"), "{body}");
    for name in ["Alice", "Bob", "Carole", "Dan"] {
        assert!(body.contains(name), "{body}");
    }
    assert!(!body.contains("@"), "an address in the table: {body}");
    // The French keyword works for a player who writes English: the answer stays in the
    // language of her first mail.
    let d = send(&mut w, "carol@c.example", "CLASSEMENT autumn");
    assert!(
        only(&d, "carol@c.example")
            .body
            .contains("the standings now")
    );
    // A stranger gets no table.
    let d = send(&mut w, "eve@e.example", "STANDINGS autumn");
    assert!(
        only(&d, "eve@e.example")
            .body
            .contains("You play in no event")
    );
    // Dan withdraws with none of his three games over: they are cancelled (ICCF), his
    // opponents are told (each in their language, the reason too), and the event records
    // the withdrawal.
    w.players.get_mut("alice@a.example").unwrap().lang = arbitre::text::Lang::FR;
    let d = send(&mut w, "dan@d.example", "WITHDRAW autumn");
    let to_alice: Vec<_> = to(&d, "alice@a.example");
    assert!(
        to_alice
            .iter()
            .any(|o| o.body.contains("retrait du tournoi Autumn Abalone")),
        "{to_alice:#?}"
    );
    assert!(
        to(&d, "bob@b.example")
            .iter()
            .any(|o| o.body.contains("withdrawal from Autumn Abalone")),
        "{d:#?}"
    );
    assert!(only_reply(&d, "dan@d.example").contains("You have withdrawn from Autumn Abalone"));
    let dans: Vec<&StoredGame> = d
        .games
        .iter()
        .filter(|g| g.side_of("dan@d.example").is_some())
        .collect();
    assert_eq!(dans.len(), 3);
    assert!(dans.iter().all(|g| g.status == GameStatus::Finished
        && g.result.as_ref().unwrap().termination == event::WITHDRAWAL));
    for other in ["alice@a.example", "bob@b.example", "carol@c.example"] {
        assert!(!to(&d, other).is_empty(), "{other} was not told");
    }
    assert_eq!(
        w.events[&1].entry_of("dan@d.example").unwrap().status,
        EntryStatus::Withdrawn
    );
    // A second withdrawal: its mails have Message-IDs of their own (the world checks that
    // no Message-ID is used twice).
    let d = send(&mut w, "carol@c.example", "WITHDRAW autumn");
    assert!(only_reply(&d, "carol@c.example").contains("You have withdrawn"));
    assert!(d.games.len() >= 2, "{d:#?}");
    // A forged WITHDRAW changes nothing.
    let d = w.send("alice@a.example", "WITHDRAW autumn");
    assert!(d.events.is_empty() && d.games.is_empty());
}

/// The step of the world's event, as the daemon runs it: `Ok(None)` nothing due.
fn progress(w: &World) -> Result<Option<arbitre::referee::Decision>, String> {
    on_event(w, event::progress).map_err(|r| r.0)
}

#[test]
fn an_event_that_cannot_be_paired_tells_its_directors_once() {
    let mut w = World::new();
    let e = event("trio", open_until_2099(), System::Swiss { rounds: 2 });
    w.events.insert(e.id, e);
    for (who, name) in [
        ("alice@a.example", "Alice"),
        ("bob@b.example", "Bob"),
        ("carol@c.example", "Carole"),
    ] {
        send(&mut w, who, &format!("JOIN trio {name}"));
    }
    start(&mut w);
    let games = event_games(&w);
    assert_eq!(games.len(), 1, "three players: one game and a bye");
    let g = games[0].clone();
    let bye = ["alice@a.example", "bob@b.example", "carol@c.example"]
        .into_iter()
        .find(|a| g.side_of(a).is_none())
        .unwrap();
    // The player with the bye leaves; the two others finish their game: they cannot meet
    // again, and nobody else is left to pair.
    send(&mut w, bye, "WITHDRAW trio");
    let loser = ["alice@a.example", "bob@b.example", "carol@c.example"]
        .into_iter()
        .find(|a| g.side_of(a).is_some())
        .unwrap();
    send_in(&mut w, loser, g.id, "RESIGN");
    assert_eq!(w.game(g.id).status, GameStatus::Finished);
    let why = progress(&w).expect_err("round 2 cannot be paired");
    assert!(why.contains("round 2"), "{why}");
    // The directors hear it once, with what they can do.
    let notice = stuck_notice(&w, &why).expect("the directors are told");
    let mail = only(&notice, TD);
    assert!(
        mail.subject
            .contains("Autumn Abalone: round 2 cannot be paired"),
        "{}",
        mail.subject
    );
    assert!(
        mail.body.contains("arbitre tournament withdraw trio"),
        "{}",
        mail.body
    );
    assert_eq!(notice.outbox.len(), 1, "only the director: {notice:#?}");
    w.apply(&notice);
    assert_eq!(w.events[&1].stuck.as_deref(), Some(why.as_str()));
    assert!(
        stuck_notice(&w, &why).is_none(),
        "the same reason is not told twice"
    );
    // Another reason is news.
    assert!(stuck_notice(&w, "something else").is_some());
}

/// What the daemon does with a refused step: the notice to the directors, if news.
fn stuck_notice(w: &World, why: &str) -> Option<arbitre::referee::Decision> {
    on_event(w, |desk, e| event::stuck_notice(desk, e, why))
}

/// The answer to `who` among several mails to them (their own reply carries the subject).
fn only_reply(d: &arbitre::referee::Decision, who: &str) -> String {
    to(d, who)
        .iter()
        .find(|o| o.subject.contains("Tournaments"))
        .map(|o| o.body.clone())
        .unwrap_or_else(|| panic!("no answer to {who}: {d:#?}"))
}

/// The first mail of each game an event starts shows the board drawn, and, with the public
/// pages' address configured, links to the game's page, even for a player who hid their
/// casual games (`PUBLIC OFF`): tournament games are public.
#[test]
fn an_events_first_game_mails_carry_the_picture_and_the_link_to_the_games_page() {
    let mut w = World::new();
    w.config.public_url = Some("https://games.example.org".into());
    let e = event(
        "autumn",
        open_until_2099(),
        System::RoundRobin { double: false },
    );
    w.events.insert(e.id, e);
    for (who, name) in [("alice@a.example", "Alice"), ("bob@b.example", "Bob")] {
        send(&mut w, who, &format!("JOIN autumn {name}"));
    }
    send(&mut w, "bob@b.example", "PUBLIC OFF");
    assert!(!w.players["bob@b.example"].public);
    let d = on_event(&w, event::start).expect("the event starts");
    let game = d.games.first().expect("a game").id;
    let link = format!("https://games.example.org/games/{game}");
    let firsts: Vec<_> = d.outbox.iter().filter(|o| o.game == Some(game)).collect();
    assert_eq!(firsts.len(), 2, "{d:#?}");
    for mail in firsts {
        assert!(mail.picture.is_some(), "{}: no picture", mail.to);
        assert!(mail.body.contains(&link), "{}", mail.body);
    }
}

/// The director named by the event gets each step's pairings, as the players get theirs:
/// the start (every game of round 1, both names and sides, and the bye), then each later
/// round, in the director's language.
#[test]
fn the_director_gets_the_pairings_of_the_start_and_of_each_round() {
    let mut w = World::new();
    let e = event("swiss", open_until_2099(), System::Swiss { rounds: 2 });
    w.events.insert(e.id, e);
    let players = [
        ("alice@a.example", "Alice"),
        ("bob@b.example", "Bob"),
        ("carol@c.example", "Carole"),
        ("dan@d.example", "Dan"),
        ("emile@e.example", "Émile"),
    ];
    for (who, name) in players {
        send(&mut w, who, &format!("JOIN swiss {name}"));
    }
    let d = on_event(&w, event::start).expect("the event starts");
    let td = only(&d, TD);
    assert_eq!(td.subject, "[arbitre] Autumn Abalone: the pairings");
    assert!(
        td.body
            .starts_with("Autumn Abalone has started; you direct it. Its pairings:\n\n"),
        "{}",
        td.body
    );
    let games = td.body.matches("  Round 1: game #").count();
    assert_eq!(games, 2, "{}", td.body);
    assert_eq!(
        td.body.matches("  Round 1: ").count(),
        3,
        "and the bye: {}",
        td.body
    );
    assert!(td.body.contains(" has the bye."), "{}", td.body);
    for (_, name) in players {
        assert!(td.body.contains(name), "{name}: {}", td.body);
    }
    assert!(
        td.body.contains("(Black) against ") && td.body.contains(" (White)."),
        "{}",
        td.body
    );
    w.apply(&d);
    // Round 1 over (every game resigned by its first mover): round 2 is paired, and the
    // director, now reading French, gets it.
    w.set_lang(TD, arbitre::text::Lang::FR);
    for g in event_games(&w) {
        let first = g.black.clone();
        send_in(&mut w, &first, g.id, "RESIGN");
    }
    let d = progress(&w).expect("round 2 pairs").expect("a step is due");
    let td = only(&d, TD);
    assert!(
        td.body
            .starts_with("La ronde 2 d'Autumn Abalone est appariée ; vous dirigez le tournoi."),
        "{}",
        td.body
    );
    assert_eq!(
        td.body.matches("  Ronde 2 : partie n° ").count(),
        2,
        "{}",
        td.body
    );
    assert!(td.body.contains(" est exempt."), "{}", td.body);
}
