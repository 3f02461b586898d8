//! The public pages, served by `arbitre web` over HTTP on loopback from an installation
//! built with the director's commands (tests/common/site.rs): what each page shows, the
//! stepping through a game's moves, the spectator delay of tournament games, a player who
//! hid their casual games, the record download (replayed by the engine), the reader's
//! language, unknown addresses, and, over every page reachable from the front page (the
//! statistics' pages among them), that no address appears, no link is broken, the HTML
//! is valid (the Nu Html Checker, which `scripts/browser.sh install` fetches) and nothing
//! in the store changes.

use std::collections::{BTreeSet, VecDeque};

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::store::testing::snapshot;

use crate::site;
use crate::skip;

use site::{DELAY, ENTRANTS, arbitre};

/// An answer: status, content type, content disposition, body.
pub(crate) struct Got {
    pub(crate) status: u16,
    pub(crate) kind: String,
    pub(crate) disposition: String,
    pub(crate) body: String,
}

pub(crate) async fn get_with(base: &str, path: &str, language: Option<&str>) -> Got {
    let client = reqwest::Client::new();
    let mut request = client.get(format!("{base}{path}"));
    if let Some(l) = language {
        request = request.header("Accept-Language", l);
    }
    let response = request.send().await.unwrap();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    };
    Got {
        status: response.status().as_u16(),
        kind: header("content-type"),
        disposition: header("content-disposition"),
        body: response.text().await.unwrap(),
    }
}

pub(crate) async fn get(base: &str, path: &str) -> Got {
    get_with(base, path, Some("en")).await
}

/// The links of a page, in order.
pub(crate) fn links(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(|s| s.replace("&amp;", "&"))
        .collect()
}

/// The board of a game page (its inline SVG).
fn board(html: &str) -> String {
    let start = html.find("<svg").expect("a board");
    let end = html[start..].find("</svg>").expect("the board ends") + start;
    html[start..end].to_string()
}

/// The moves listed on a game page.
fn listed_moves(html: &str) -> usize {
    html.split("<ol class=\"moves\">").nth(1).map_or(0, |list| {
        list.split("</ol>").next().unwrap().matches("<li>").count()
    })
}

/// `record` replayed by `arbitre replay -g GAME --json`.
fn replay(s: &site::Site, game: &str, record: &str) -> serde_json::Value {
    let file = s.dir.join(format!("record.{game}"));
    std::fs::write(&file, record).unwrap();
    let out = arbitre(&["replay", "-g", game, "--json", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string();
    serde_json::from_str(&line).unwrap()
}

#[tokio::test]
async fn the_front_page_lists_the_event_and_the_games_spectators_may_see() {
    let s = site::build("index");
    let web = site::serve(&s.config);
    let index = get(&web.base, "/").await;
    assert_eq!(index.status, 200);
    assert!(index.kind.starts_with("text/html"), "{}", index.kind);
    assert!(index.body.starts_with("<!DOCTYPE html>"));
    assert!(index.body.contains("Autumn Ataxx"));
    let hrefs = links(&index.body);
    assert!(hrefs.contains(&"/events/autumn".to_string()), "{hrefs:?}");
    for shown in [s.casual, s.live, s.decided, s.computer] {
        assert!(
            hrefs.contains(&format!("/games/{shown}")),
            "game {shown}: {hrefs:?}"
        );
    }
    assert!(
        !hrefs.contains(&format!("/games/{}", s.hidden)),
        "a hidden game is listed"
    );
    // The computer is named as such, with its level.
    assert!(
        index.body.contains("arbitre (computer, level 4)"),
        "the computer's game is marked"
    );
    let page = get(&web.base, &format!("/games/{}", s.computer)).await.body;
    assert!(page.contains("arbitre (computer, level 4)"), "{page}");
    let fr = get_with(&web.base, &format!("/games/{}", s.computer), Some("fr")).await;
    assert!(fr.body.contains("arbitre (ordinateur, niveau 4)"));
    // Zoe's mail gives her address as her name: the pages call her by her handle instead.
    assert!(index.body.contains("Ada L."), "a player's own name");
    assert!(
        index.body.contains("Player "),
        "a player without a usable name"
    );
}

#[tokio::test]
async fn a_game_page_steps_through_every_move_and_its_record_replays() {
    let s = site::build("steps");
    let web = site::serve(&s.config);
    let path = format!("/games/{}", s.casual);
    let latest = get(&web.base, &path).await;
    assert_eq!(latest.status, 200);
    assert_eq!(listed_moves(&latest.body), 12);
    assert_eq!(latest.body.matches("aria-current=\"step\"").count(), 1);
    assert!(latest.body.contains("After move 12 of 12."));
    assert!(latest.body.contains("Ada L."));
    // Each step shows another board, and the latest step is the page without a step.
    let mut boards = Vec::new();
    for k in 0..=12 {
        let page = get(&web.base, &format!("{path}?ply={k}")).await;
        assert_eq!(page.status, 200, "step {k}");
        let b = board(&page.body);
        if let Some(previous) = boards.last() {
            assert_ne!(previous, &b, "step {k} shows the board of step {}", k - 1);
        }
        boards.push(b);
        // The links step by one.
        let hrefs = links(&page.body);
        if k < 12 {
            assert!(
                hrefs.contains(&format!("{path}?ply={}#board", k + 1)),
                "next from {k}"
            );
        }
        if k > 0 {
            assert!(
                hrefs.contains(&format!("{path}?ply={}#board", k - 1)),
                "back from {k}"
            );
        }
    }
    assert_eq!(boards[12], board(&latest.body));
    assert!(
        get(&web.base, &format!("{path}?ply=0"))
            .await
            .body
            .contains("Start position (12 moves played)")
    );
    for bad in ["13", "x", "-1"] {
        let page = get(&web.base, &format!("{path}?ply={bad}")).await;
        assert_eq!(page.status, 404, "ply={bad}");
        assert!(page.body.contains("Move not found"));
    }
    // The record: a file to save, in the game's format, that the engine replays to the
    // position of the page.
    let record = get(&web.base, &format!("{path}/record")).await;
    assert_eq!(record.status, 200);
    assert!(record.kind.starts_with("text/plain"));
    assert_eq!(
        record.disposition,
        format!("attachment; filename=\"arbitre-{}.apgn\"", s.casual)
    );
    let replayed = replay(&s, "abalone", &record.body);
    assert_eq!(replayed["plies"], 12);
    assert_eq!(replayed["ok"], true);
    let stored = s.store().game(s.casual).unwrap().unwrap();
    assert_eq!(
        replayed["position"],
        stored.rebuild().unwrap().position_string()
    );
}

#[tokio::test]
async fn spectators_see_a_tournament_game_late_until_it_is_over() {
    let s = site::build("delay");
    let web = site::serve(&s.config);
    let path = format!("/games/{}", s.live);
    let page = get(&web.base, &path).await;
    assert_eq!(page.status, 200);
    assert_eq!(
        listed_moves(&page.body),
        7 - DELAY,
        "the last {DELAY} moves are held back"
    );
    assert!(page.body.contains("2 moves late"), "the page says why");
    assert!(
        !page.body.contains("Clocks"),
        "the clocks would tell when moves were made"
    );
    assert_eq!(
        get(&web.base, &format!("{path}?ply={}", 7 - DELAY + 1))
            .await
            .status,
        404
    );
    // The board is the position after the moves shown.
    let stored = s.store().game(s.live).unwrap().unwrap();
    let mut shown = AnyGame::new(
        GameKind::Ataxx,
        &Start::Position(stored.start.clone()),
        None,
        "",
    )
    .unwrap();
    for m in &stored.moves[..7 - DELAY] {
        shown.play(&m.text).unwrap();
    }
    let drawn = shown.picture(arbitre::text::Lang::EN).unwrap();
    assert_eq!(board(&page.body), board(&drawn));
    // Its record stops at the same move.
    let record = get(&web.base, &format!("{path}/record")).await.body;
    let replayed = replay(&s, "ataxx", &record);
    assert_eq!(replayed["plies"], 7 - DELAY);
    assert_eq!(replayed["position"], shown.position_string());
    // A finished game shows every move and its result.
    let over = get(&web.base, &format!("/games/{}", s.decided)).await;
    assert_eq!(listed_moves(&over.body), 4);
    assert!(
        over.body.contains("class=\"result\""),
        "the result is shown"
    );
    // The event's page: the conditions say the delay, the directors' address is left out.
    let event = get(&web.base, "/events/autumn").await;
    assert_eq!(event.status, 200);
    assert!(
        event.body.contains("the games 2 moves late"),
        "{}",
        event.body
    );
    assert!(!event.body.contains(site::DIRECTOR));
    for (name, _, _) in ENTRANTS {
        assert!(event.body.contains(name), "{name} in the crosstable");
    }
    assert!(
        event.body.contains("Round 3"),
        "every round of the round robin is listed"
    );
    // The decided game (White won) scores from its first mover's side, as the crosstable.
    let decided = s.store().game(s.decided).unwrap().unwrap();
    let first = AnyGame::new(
        GameKind::Ataxx,
        &Start::Position(decided.start.clone()),
        None,
        "",
    )
    .unwrap()
    .side_to_move();
    let score = if first == arbitre::games::Side::White {
        "1-0"
    } else {
        "0-1"
    };
    assert!(
        event
            .body
            .contains(&format!(">#{}</a>: {score}</li>", s.decided)),
        "{}",
        event.body
    );
}

#[tokio::test]
async fn a_player_who_hid_their_casual_games_keeps_them_off_the_pages() {
    let s = site::build("hidden");
    let web = site::serve(&s.config);
    assert_eq!(
        get(&web.base, &format!("/games/{}", s.hidden)).await.status,
        404
    );
    assert_eq!(
        get(&web.base, &format!("/games/{}/record", s.hidden))
            .await
            .status,
        404
    );
    // Blaise's page (reached from the event): his tournament games, a word on the others.
    let event = get(&web.base, "/events/autumn").await.body;
    let blaise = event
        .split("<a href=\"")
        .find(|s| s.contains(">Blaise Pascal<"))
        .and_then(|s| s.split('"').next())
        .expect("a link to Blaise's page")
        .to_string();
    let page = get(&web.base, &blaise).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("casual games are not shown"));
    assert!(!links(&page.body).contains(&format!("/games/{}", s.hidden)));
    assert!(
        links(&page.body).iter().any(|l| l.starts_with("/games/")),
        "his event games"
    );
}

#[tokio::test]
async fn the_pages_run_apart_with_their_key_alone_and_give_the_same_addresses() {
    let s = site::build("apart");
    let blaise_link = |event: &str| {
        event
            .split("<a href=\"")
            .find(|s| s.contains(">Blaise Pascal<"))
            .and_then(|s| s.split('"').next())
            .expect("a link to Blaise's page")
            .to_string()
    };
    let whole = site::serve(&s.config);
    let link = blaise_link(&get(&whole.base, "/events/autumn").await.body);
    drop(whole);
    // The key of the handles alone, for a web process under another user: the secret and
    // the mail passwords are commands that fail there, and are never run.
    let key = site::ok(&["page-key", "--config", &s.config])
        .trim()
        .to_string();
    assert_eq!(key.len(), 64, "{key}");
    let text = std::fs::read_to_string(&s.config).unwrap();
    let secret_line = text
        .lines()
        .find(|l| l.starts_with("secret.raw"))
        .unwrap()
        .to_string();
    let apart_text = text
        .replace(&secret_line, "secret.command = \"exit 3\"")
        .replace("password.raw = \"p\"", "password.command = \"exit 3\"")
        + &format!("[web]\npage-key.raw = \"{key}\"\n");
    let apart = s.dir.join("web-apart.toml");
    std::fs::write(&apart, apart_text).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&apart, std::fs::Permissions::from_mode(0o600)).unwrap();
    // Such a file does not run the daemon...
    let refused = site::arbitre(&["check-config", "--config", apart.to_str().unwrap()]);
    assert!(!refused.status.success());
    // ...but serves the same pages, under the same addresses.
    let web = site::serve(apart.to_str().unwrap());
    let event = get(&web.base, "/events/autumn").await.body;
    assert_eq!(blaise_link(&event), link);
    let page = get(&web.base, &link).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Blaise Pascal"));
}

#[tokio::test]
async fn the_pages_speak_the_readers_language() {
    let s = site::build("language");
    let web = site::serve(&s.config);
    let path = format!("/games/{}", s.casual);
    let fr = get_with(&web.base, &path, Some("fr-FR,fr;q=0.9,en;q=0.5"))
        .await
        .body;
    assert!(
        fr.contains("<html lang=\"fr\">") && fr.contains("Coups") && fr.contains("Télécharger")
    );
    let en = get_with(&web.base, &path, Some("de, en;q=0.5")).await.body;
    assert!(en.contains("<html lang=\"en\">") && en.contains("Moves"));
    // Chosen in the address, the language sticks to every link of the site.
    let pinned = get_with(&web.base, &format!("{path}?lang=fr"), Some("en"))
        .await
        .body;
    assert!(pinned.contains("<html lang=\"fr\">"));
    for link in links(&pinned) {
        if link.starts_with('/') && !link.starts_with("/assets/") && !link.contains("lang=en") {
            assert!(link.contains("lang=fr"), "{link}");
        }
    }
}

#[tokio::test]
async fn unknown_addresses_get_a_page_saying_so() {
    let s = site::build("unknown");
    let web = site::serve(&s.config);
    for (path, words) in [
        ("/games/9999", "Game not found"),
        ("/games/x", "Game not found"),
        ("/games/9999/record", "Game not found"),
        ("/players/000000000000", "Player not found"),
        ("/players/ada@example.org", "Player not found"),
        ("/events/winter", "Event not found"),
        ("/nowhere", "Page not found"),
    ] {
        let page = get(&web.base, path).await;
        assert_eq!(page.status, 404, "{path}");
        assert!(page.kind.starts_with("text/html"), "{path}");
        assert!(page.body.contains(words), "{path}: {}", page.body);
    }
    // Read-only: no form, nothing else than reading.
    let client = reqwest::Client::new();
    let posted = client
        .post(format!("{}/games/{}", web.base, s.casual))
        .body("x")
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status().as_u16(), 405);
}

#[tokio::test]
async fn no_page_reachable_from_the_front_page_shows_an_address_or_a_broken_link() {
    let s = site::build("crawl");
    let before = snapshot(&s.store());
    let web = site::serve(&s.config);
    let addresses = s.addresses();
    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<String> = ["/".to_string(), "/?lang=fr".to_string()].into();
    let mut pages = 0;
    let saved = s.dir.join("pages");
    std::fs::create_dir_all(&saved).unwrap();
    while let Some(path) = queue.pop_front() {
        let path = path.split('#').next().unwrap().to_string();
        if !seen.insert(path.clone()) {
            continue;
        }
        let got = get(&web.base, &path).await;
        assert_eq!(
            got.status, 200,
            "{path} is linked but answers {}",
            got.status
        );
        for a in &addresses {
            assert!(!got.body.contains(a.as_str()), "{path} shows {a}");
        }
        if got.kind.starts_with("text/html") {
            assert!(
                !got.body.contains('@'),
                "{path} shows something like an address"
            );
            pages += 1;
            std::fs::write(saved.join(format!("page-{pages}.html")), &got.body).unwrap();
            for link in links(&got.body) {
                if link.starts_with('/') && seen.len() + queue.len() < 400 {
                    queue.push_back(link);
                }
            }
        }
    }
    assert!(pages > 30, "the crawl read {pages} pages");
    assert!(seen.iter().any(|p| p.starts_with("/players/")));
    assert!(seen.iter().any(|p| p.ends_with("/record")));
    assert!(seen.contains("/stats") && seen.contains("/stats/tours?lang=fr"));
    drop(web);
    assert_eq!(before, snapshot(&s.store()), "the pages changed the store");
    validate(&saved);
}

/// Runs the Nu Html Checker on every page saved in `dir`: no error, no warning.
fn validate(dir: &std::path::Path) {
    let Some(jar) =
        std::env::var_os("ARBITRE_VNU_JAR").filter(|j| std::path::Path::new(j).is_file())
    else {
        skip::skipped(
            "the pages' HTML was not validated: vnu.jar is missing (bash scripts/browser.sh install)",
        );
        return;
    };
    let pages: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let out = std::process::Command::new("java")
        .arg("-jar")
        .arg(&jar)
        .args(&pages)
        .output()
        .expect("java runs (bash scripts/browser.sh install)");
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "the Nu Html Checker on {} pages:\n{}",
        pages.len(),
        String::from_utf8_lossy(&out.stderr)
    );
}
