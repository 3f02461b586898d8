//! A director runs whole events from the command line, with no mail server: a Swiss event
//! of seven players (entries from a file, a bye each round, a withdrawal), a double round
//! robin of four, and a knock-out of five. Results are decided with `arbitre adjudicate`;
//! `tournament pair` moves an event on as the daemon does; the standings, the crosstable,
//! the TRF export and the records archive are read back. The store is read directly to
//! check the mails queued (pairings, final crosstable) and that no address reaches a table.

use std::collections::BTreeSet;
use std::path::Path;

use arbitre::store::Store;
use arbitre::store_params;
use arbitre::tournament::record::RoundEntry;
use arbitre::tournament::trf::Trf;

use crate::cli;

use cli::{Scratch, arbitre, ok, write_config};

/// A scratch directory for one test of this file.
fn dir(name: &str) -> Scratch {
    Scratch::new("events", name)
}

/// The configuration of these tests: a store in `d`, placeholder mail servers.
fn config_in(d: &Path) -> String {
    write_config(
        d,
        "arbitre@example.org",
        "a-long-enough-secret-of-forty-three-characters-or-more-for-tests",
        "",
    )
    .display()
    .to_string()
}

/// The store the configuration in `d` names.
fn store(d: &Path) -> Store {
    arbitre::config::open_store_of(&d.join("arbitre.toml")).expect("the store opens")
}

/// The games of `event`'s round `round` still being played: (id, white seat, black seat).
fn open_games(d: &Path, event: &str, round: u32) -> Vec<(i64, String, String)> {
    store(d)
        .database()
        .query_map(
            "SELECT g.id, g.white, g.black FROM games g JOIN events e ON e.id = g.event_id
             WHERE e.name = ?1 AND g.event_round = ?2 AND g.status = 'active' ORDER BY g.id",
            store_params![event, round],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap()
}

fn mails_to(d: &Path, subject_part: &str) -> Vec<(String, String)> {
    store(d)
        .database()
        .query_map(
            "SELECT recipient, body FROM outbox WHERE subject LIKE ?1 ORDER BY id",
            store_params![format!("%{subject_part}%")],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

fn adjudicate(config: &str, id: i64, result: &str) {
    ok(&[
        "adjudicate",
        "--config",
        config,
        &id.to_string(),
        "--result",
        result,
        "--reason",
        "test result",
    ]);
}

const PLAYERS: &[(&str, &str, u32)] = &[
    ("Ada Lovelace", "ada@example.org", 2100),
    ("Blaise Pascal", "blaise@example.org", 2050),
    ("Carl Gauss", "carl@example.org", 2000),
    ("Dora Marsden", "dora@example.org", 1950),
    ("Emmy Noether", "emmy@example.org", 1900),
    ("Fanny Hensel", "fanny@example.org", 1850),
    ("Gauss Junior", "gj@example.org", 1800),
];

fn entries_file(d: &Path, n: usize) -> String {
    let path = d.join("entries.csv");
    let mut text = String::from("name,address,rating,club\n");
    for (name, address, rating) in &PLAYERS[..n] {
        text.push_str(&format!("\"{name}\",{address},{rating},FRA\n"));
    }
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_swiss_event_runs_from_entries_to_the_final_crosstable() {
    let d = dir("swiss");
    let config = config_in(&d);
    let c = config.as_str();
    ok(&[
        "tournament",
        "create",
        "--config",
        c,
        "autumn",
        "--title",
        "Autumn Abalone",
        "--game",
        "abalone",
        "--system",
        "swiss",
        "--rounds",
        "4",
        "--time",
        "10d",
        "--director",
        "td@example.org",
        "--entry",
        "closed",
        "--draw-offers",
        "2",
    ]);
    // A second event of the same name is refused, nothing changes.
    let again = arbitre(&[
        "tournament",
        "create",
        "--config",
        c,
        "autumn",
        "--title",
        "x",
        "--game",
        "abalone",
        "--system",
        "swiss",
        "--rounds",
        "3",
        "--time",
        "10d",
        "--director",
        "td@example.org",
    ]);
    assert_eq!(again.status.code(), Some(1));
    let file = entries_file(&d, 7);
    ok(&[
        "tournament",
        "enter",
        "--config",
        c,
        "autumn",
        "--file",
        &file,
    ]);
    let started = ok(&["tournament", "start", "--config", c, "autumn"]);
    assert!(started.contains("7 players"), "{started}");
    // Round 1: three games, one bye; every game is a tournament game with the event's
    // rules; every player got the pairings mail with the conditions.
    let round1 = open_games(&d, "autumn", 1);
    assert_eq!(round1.len(), 3);
    let stored = store(&d);
    let db = stored.database();
    let (rated, no_takebacks, limit): (i64, i64, Option<i64>) = db
        .query_row(
            "SELECT rated, no_takebacks, draw_limit FROM games WHERE id = ?1",
            store_params![round1[0].0],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!((rated, no_takebacks, limit), (1, 1, Some(2)));
    let pairing_mails = mails_to(&d, "Autumn Abalone: round 1");
    assert_eq!(pairing_mails.len(), 7, "{pairing_mails:?}");
    assert!(
        pairing_mails
            .iter()
            .all(|(_, body)| body.contains("Time control: 10 days per move"))
    );
    let byes: Vec<_> = pairing_mails
        .iter()
        .filter(|(_, b)| b.contains("you have the bye"))
        .collect();
    assert_eq!(byes.len(), 1, "one bye in round 1");
    // The round is not over: pairing now is refused.
    let early = arbitre(&["tournament", "pair", "--config", c, "autumn"]);
    assert_eq!(early.status.code(), Some(1));
    // White seats win every game of round 1 (in Abalone, Black moves first: the event's
    // "first mover" is the Black seat, so these are wins by the second mover).
    for (id, _, _) in &round1 {
        adjudicate(c, *id, "white");
    }
    let paired = ok(&["tournament", "pair", "--config", c, "autumn"]);
    assert!(paired.contains("round 2 paired"), "{paired}");
    let round2 = open_games(&d, "autumn", 2);
    assert_eq!(round2.len(), 3);
    // Nobody meets the same opponent twice.
    let pair = |w: &str, b: &str| {
        let mut v = [w.to_string(), b.to_string()];
        v.sort();
        v
    };
    let mut met: BTreeSet<_> = round1.iter().map(|(_, w, b)| pair(w, b)).collect();
    assert!(round2.iter().all(|(_, w, b)| !met.contains(&pair(w, b))));
    met.extend(round2.iter().map(|(_, w, b)| pair(w, b)));
    for (id, _, _) in &round2 {
        adjudicate(c, *id, "draw");
    }
    ok(&["tournament", "pair", "--config", c, "autumn"]);
    let round3 = open_games(&d, "autumn", 3);
    assert_eq!(round3.len(), 3);
    assert!(round3.iter().all(|(_, w, b)| !met.contains(&pair(w, b))));
    // A player who has played two games of four withdraws in round 3: half are over, so
    // the ICCF rule forfeits the unfinished one, and they are paired no more.
    let had_bye: BTreeSet<String> = mails_to(&d, "Autumn Abalone: round")
        .into_iter()
        .filter(|(_, b)| b.contains("you have the bye"))
        .map(|(r, _)| r)
        .collect();
    let (game, leaver) = round3
        .iter()
        .flat_map(|(id, w, b)| [(*id, w.clone()), (*id, b.clone())])
        .find(|(_, a)| !had_bye.contains(a))
        .unwrap();
    let withdrew = ok(&[
        "tournament",
        "withdraw",
        "--config",
        c,
        "autumn",
        &leaver,
        "--reason",
        "moving house",
    ]);
    assert!(withdrew.contains("forfeited"), "{withdrew}");
    let term: String = db
        .query_row(
            "SELECT termination FROM games WHERE id = ?1",
            store_params![game],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(term, "forfeit");
    for (id, _, _) in round3.iter().filter(|(id, _, _)| *id != game) {
        adjudicate(c, *id, "black");
    }
    ok(&["tournament", "pair", "--config", c, "autumn"]);
    let round4 = open_games(&d, "autumn", 4);
    assert_eq!(round4.len(), 3, "six players left: three games, no bye");
    assert!(round4.iter().all(|(_, w, b)| *w != leaver && *b != leaver));
    for (id, _, _) in &round4 {
        adjudicate(c, *id, "white");
    }
    let finished = ok(&["tournament", "pair", "--config", c, "autumn"]);
    assert!(finished.contains("finished"), "{finished}");
    // The final crosstable went to the seven players and the director.
    let finals = mails_to(&d, "final standings");
    let to: BTreeSet<&str> = finals.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(to.len(), 8, "{to:?}");
    assert!(to.contains("td@example.org"));
    for (_, body) in &finals {
        assert!(body.contains("Ada Lovelace"), "{body}");
        assert!(
            !body.contains("@example.org"),
            "an address in the table: {body}"
        );
        assert!(body.contains("BH-C1"), "{body}");
    }
    // Standings: text and CSV agree on the order; scores add up to the games played.
    let text = ok(&["tournament", "standings", "--config", c, "autumn"]);
    let csv = ok(&["tournament", "standings", "--config", c, "autumn", "--csv"]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    assert_eq!(rows.len(), 7);
    let headers = reader.headers().unwrap().clone();
    let points_at = headers.iter().position(|h| h == "Pts").unwrap();
    let total: f64 = rows
        .iter()
        .map(|r| r[points_at].parse::<f64>().unwrap())
        .sum();
    // Rounds 1-3: three games and a bye each; round 4: three games. A point a game (the
    // forfeit included), a point a bye.
    assert_eq!(total, 15.0, "{csv}");
    for r in &rows {
        assert!(
            text.contains(&r[1]),
            "{} missing from the text table",
            &r[1]
        );
    }
    // Export: the TRF reads back with the same results; the archive holds every game.
    let out = d.join("export");
    ok(&[
        "tournament",
        "export",
        "--config",
        c,
        "autumn",
        "--out",
        out.to_str().unwrap(),
    ]);
    let trf = Trf::parse(&std::fs::read_to_string(out.join("autumn.trf")).unwrap()).unwrap();
    assert_eq!(trf.total_rounds, Some(4));
    assert_eq!(trf.table.entrants.len(), 7);
    let forfeits = trf
        .table
        .entrants
        .iter()
        .flat_map(|e| &e.rounds)
        .filter(|r| matches!(r, RoundEntry::Forfeit { .. }))
        .count();
    assert_eq!(forfeits, 2, "the forfeit, seen from both sides");
    let archive = std::fs::File::open(out.join("autumn-games.tar")).unwrap();
    let names: Vec<String> = tar::Archive::new(archive)
        .entries()
        .unwrap()
        .map(|e| e.unwrap().path().unwrap().display().to_string())
        .collect();
    assert_eq!(names.len(), 12);
    assert!(names.iter().all(|n| n.ends_with(".apgn")), "{names:?}");
    // The TRF of the event before its last round pairs round 4 again: the leaver is
    // marked absent, as a director would.
    let mut before = trf.clone();
    for e in &mut before.table.entrants {
        e.rounds.truncate(3);
    }
    let leaver_tpn = trf
        .table
        .entrants
        .iter()
        .find(|e| e.rounds.len() < 4 || e.rounds[3] == RoundEntry::Absent)
        .map(|e| e.tpn)
        .unwrap();
    before.table.entrants[leaver_tpn as usize - 1]
        .rounds
        .push(RoundEntry::Bye(arbitre::tournament::record::ByeKind::Zero));
    let text = before.write();
    let path = d.join("before-4.trf");
    std::fs::write(&path, &text).unwrap();
    let out = ok(&["tournament", "pair", "--trf", path.to_str().unwrap()]);
    let again: BTreeSet<(String, String)> = out
        .lines()
        .skip(1)
        .map(|l| {
            let mut p = l.split_whitespace();
            (p.next().unwrap().to_string(), p.next().unwrap().to_string())
        })
        .collect();
    // The same boards and colours as the event's round 4 (Abalone's first mover, the
    // pairing's "White", sits in the Black seat).
    let tpn_of = |address: &str| {
        let name = PLAYERS.iter().find(|p| p.1 == address).unwrap().0;
        trf.table
            .entrants
            .iter()
            .find(|e| e.name == name)
            .unwrap()
            .tpn
            .to_string()
    };
    let played: BTreeSet<(String, String)> = round4
        .iter()
        .map(|(_, white_seat, black_seat)| (tpn_of(black_seat), tpn_of(white_seat)))
        .collect();
    assert_eq!(again, played, "{out}");
}

#[test]
fn a_double_round_robin_and_a_knockout_start_as_published() {
    let d = dir("rr");
    let config = config_in(&d);
    let c = config.as_str();
    ok(&[
        "tournament",
        "create",
        "--config",
        c,
        "club-rr",
        "--title",
        "Club RR",
        "--game",
        "bulltricker",
        "--system",
        "double-round-robin",
        "--time",
        "20d",
        "--director",
        "td@example.org",
    ]);
    let file = entries_file(&d, 4);
    ok(&[
        "tournament",
        "enter",
        "--config",
        c,
        "club-rr",
        "--file",
        &file,
    ]);
    ok(&["tournament", "start", "--config", c, "club-rr"]);
    // 4 players, double: 6 rounds of 2 games, all started at once.
    let stored = store(&d);
    let db = stored.database();
    let games: i64 = db
        .query_row(
            "SELECT count(*) FROM games WHERE status = 'active'",
            store_params![],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(games, 12);
    // One mail per player lists all their six games.
    let all = mails_to(&d, "Club RR: your games");
    assert_eq!(all.len(), 4);
    for (_, body) in &all {
        assert_eq!(body.matches("against").count(), 6, "{body}");
    }
    // Entries are closed once started.
    let late = arbitre(&[
        "tournament",
        "enter",
        "--config",
        c,
        "club-rr",
        "--address",
        "late@example.org",
        "--name",
        "Late",
    ]);
    assert_eq!(late.status.code(), Some(1));
    // The last round's games end first: the event is not over while any game runs.
    let rr_games = |round: Option<u32>| -> Vec<i64> {
        let sql = "SELECT g.id FROM games g JOIN events e ON e.id = g.event_id
                   WHERE e.name = 'club-rr' AND g.status = 'active'
                     AND g.event_round = coalesce(?1, g.event_round) ORDER BY g.id";
        db.query_map(sql, store_params![round], |r| r.get(0))
            .unwrap()
    };
    for id in rr_games(Some(6)) {
        adjudicate(c, id, "draw");
    }
    let early = arbitre(&["tournament", "pair", "--config", c, "club-rr"]);
    assert_eq!(early.status.code(), Some(1), "the event is not over");
    assert!(mails_to(&d, "Club RR: final standings").is_empty());
    for id in rr_games(None) {
        adjudicate(c, id, "black");
    }
    let done = ok(&["tournament", "pair", "--config", c, "club-rr"]);
    assert!(done.contains("finished"), "{done}");
    let finals = mails_to(&d, "Club RR: final standings");
    assert_eq!(finals.len(), 5, "four players and the director");
    // Every player: 3 draws and 3 decided games; the grid shows two results a pair.
    let table = &finals[0].1;
    assert!(table.contains("Ada Lovelace"), "{table}");
    // A player's own square is a star, never a side's letter; the legend explains the grid
    // it is under (no sides in a round robin's grid); the pairs tied on points and on SB
    // split their two games (1-1), so the direct encounter breaks no tie: dashes, not 1s.
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.contains(" | "))
        .skip(1)
        .collect();
    assert_eq!(rows.len(), 4, "{table}");
    for row in &rows {
        assert_eq!(row.matches("**").count(), 1, "{row}");
        assert!(row.trim_end().ends_with('–'), "{row}");
    }
    assert!(table.contains("* a player's own square"), "{table}");
    assert!(!table.contains("moved first or second"), "{table}");

    ok(&[
        "tournament",
        "create",
        "--config",
        c,
        "cup",
        "--title",
        "Cup",
        "--game",
        "ataxx",
        "--system",
        "knockout",
        "--ties",
        "seed",
        "--time",
        "5d",
        "--director",
        "td@example.org",
    ]);
    let file = entries_file(&d, 5);
    ok(&["tournament", "enter", "--config", c, "cup", "--file", &file]);
    ok(&["tournament", "start", "--config", c, "cup"]);
    // Five players in a bracket of eight: seeds 1-3 have byes; 4 meets 5 in two games.
    let round1 = open_games(&d, "cup", 1);
    let cup: Vec<_> = round1
        .iter()
        .filter(|(_, w, b)| {
            [w, b]
                .iter()
                .all(|a| *a == "dora@example.org" || *a == "emmy@example.org")
        })
        .collect();
    assert_eq!(cup.len(), 2, "{round1:?}");
    // Colours swapped between the two games.
    assert_eq!(cup[0].1, cup[1].2);
    // The top seed, who has a bye, withdraws: nobody goes on from that place.
    ok(&[
        "tournament",
        "withdraw",
        "--config",
        c,
        "cup",
        "ada@example.org",
        "--reason",
        "cannot play",
    ]);
    // A tied mini-match goes to the higher seed (Dora, seed 4).
    adjudicate(c, cup[0].0, "white");
    adjudicate(c, cup[1].0, "white");
    ok(&["tournament", "pair", "--config", c, "cup"]);
    let round2 = open_games(&d, "cup", 2);
    // Dora meets Blaise (two games); Carl has a bye; Ada is gone.
    assert_eq!(round2.len(), 2, "one mini-match of two games: {round2:?}");
    let in_round2 = |a: &str| round2.iter().any(|(_, w, b)| w == a || b == a);
    assert!(in_round2("dora@example.org") && in_round2("blaise@example.org"));
    assert!(!in_round2("emmy@example.org") && !in_round2("ada@example.org"));
    // Both games of the tied mini-match count, each in a column of its own.
    let out = d.join("cup-export");
    ok(&[
        "tournament",
        "export",
        "--config",
        c,
        "cup",
        "--out",
        out.to_str().unwrap(),
    ]);
    let trf = Trf::parse(&std::fs::read_to_string(out.join("cup.trf")).unwrap()).unwrap();
    let dora = trf
        .table
        .entrants
        .iter()
        .find(|e| e.name == "Dora Marsden")
        .unwrap();
    let played = dora
        .rounds
        .iter()
        .filter(|r| matches!(r, RoundEntry::Played { .. }))
        .count();
    assert_eq!(played, 2, "{:?}", dora.rounds);

    // A variant rated apart: its games carry their own pool.
    ok(&[
        "tournament",
        "create",
        "--config",
        c,
        "daisy",
        "--title",
        "Daisy",
        "--game",
        "abalone",
        "--variant",
        "belgian-daisy",
        "--variant-pool",
        "--system",
        "swiss",
        "--rounds",
        "2",
        "--time",
        "5d",
        "--director",
        "td@example.org",
    ]);
    let file = entries_file(&d, 3);
    ok(&[
        "tournament",
        "enter",
        "--config",
        c,
        "daisy",
        "--file",
        &file,
    ]);
    ok(&["tournament", "start", "--config", c, "daisy"]);
    let pools: Vec<Option<String>> = store(&d)
        .database()
        .query_map(
            "SELECT g.rating_pool FROM games g JOIN events e ON e.id = g.event_id
             WHERE e.name = 'daisy'",
            store_params![],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(pools, vec![Some("abalone/belgian-daisy".to_string())]);
    // `--variant-pool` needs a variant.
    let no_variant = arbitre(&[
        "tournament",
        "create",
        "--config",
        c,
        "plain",
        "--title",
        "Plain",
        "--game",
        "abalone",
        "--variant-pool",
        "--system",
        "swiss",
        "--rounds",
        "2",
        "--time",
        "5d",
        "--director",
        "td@example.org",
    ]);
    assert_eq!(no_variant.status.code(), Some(2));
}

#[test]
fn pairing_from_a_malformed_trf_is_a_clear_error() {
    let d = dir("trf");
    let path = d.join("bad.trf");
    std::fs::write(
        &path,
        "XXR 3\nXXC white1\n001    1 m    A\n001    1 m    B\n",
    )
    .unwrap();
    let out = arbitre(&["tournament", "pair", "--trf", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 4") && err.contains("appears twice"),
        "{err}"
    );
    let missing = arbitre(&["tournament", "pair", "--trf", "/nonexistent.trf"]);
    assert_eq!(missing.status.code(), Some(2));
}
