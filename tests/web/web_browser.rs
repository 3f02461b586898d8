//! The public pages in a real browser: Debian's Chromium, headless, in a phone-sized window,
//! driven through ChromeDriver against `arbitre web` serving a small installation
//! (tests/common/site.rs). A spectator opens the front page, follows the event, follows a
//! game of it, steps back to the start and forward through every move (by link and by the
//! arrow key) watching the board change, downloads the record, and opens the statistics.
//! No page may show an address, overflow the phone's width, or leave an error in the
//! browser's console.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::site;
use crate::skip;
use crate::webdriver;

use site::DELAY;

/// Chromium and ChromeDriver, when installed (`scripts/browser.sh install`).
fn browser() -> Option<(PathBuf, PathBuf)> {
    let path = |var: &str, default: &str| {
        PathBuf::from(std::env::var(var).unwrap_or_else(|_| default.to_string()))
    };
    let chromium = path("ARBITRE_CHROMIUM", "/usr/bin/chromium");
    let driver = path("ARBITRE_CHROMEDRIVER", "/usr/bin/chromedriver");
    if chromium.is_file() && driver.is_file() {
        Some((chromium, driver))
    } else {
        skip::skipped(
            "Chromium and ChromeDriver are not installed (as root: bash scripts/browser.sh install)",
        );
        None
    }
}

/// What every page must be: no address, nothing wider than the phone. With
/// `ARBITRE_SCREENSHOTS=DIR`, each page checked is also saved there as a picture, to look at.
async fn check_page(session: &webdriver::Session, addresses: &[String]) {
    let source = session.source().await;
    let url = session.url().await;
    if let Some(dir) = std::env::var_os("ARBITRE_SCREENSHOTS") {
        let name: String = url
            .split("://")
            .nth(1)
            .unwrap_or(&url)
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        session
            .screenshot(&std::path::Path::new(&dir).join(format!("{name}.png")))
            .await;
    }
    for a in addresses {
        assert!(!source.contains(a.as_str()), "{url} shows {a}");
    }
    assert!(
        !source.contains('@'),
        "{url} shows something like an address"
    );
    let width = session.run("return window.innerWidth").await;
    assert!(
        width.as_u64().is_some_and(|w| w <= 400),
        "a phone's width: {width}"
    );
    let fits = session
        .run("return document.documentElement.scrollWidth <= window.innerWidth")
        .await;
    assert_eq!(fits, true, "{url} is wider than the phone");
}

async fn board(session: &webdriver::Session) -> String {
    session
        .run("return document.querySelector('figure.board svg').outerHTML")
        .await
        .as_str()
        .expect("a board")
        .to_string()
}

#[tokio::test]
async fn a_spectator_follows_an_event_to_a_game_steps_through_it_and_saves_its_record() {
    let Some((chromium, driver_path)) = browser() else {
        return;
    };
    let s = site::build("browser");
    let web = site::serve(&s.config);
    let addresses = s.addresses();
    let profile = s.dir.join("profile");
    let downloads = s.dir.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    let driver = webdriver::start(&driver_path).await;
    let session = driver.session(&chromium, &profile, &downloads).await;

    // The front page, then the event.
    session.go(&format!("{}/", web.base)).await;
    session.wait_for_url(|u| u.ends_with('/')).await;
    check_page(&session, &addresses).await;
    session.click("a[href=\"/events/autumn\"]").await;
    session
        .wait_for_url(|u| u.ends_with("/events/autumn"))
        .await;
    check_page(&session, &addresses).await;
    let source = session.source().await;
    assert!(source.contains("Autumn Ataxx") && source.contains("Ada Lovelace"));

    // A game of the event, being played: spectators see all but its last moves.
    let game = format!("/games/{}", s.live);
    session.click(&format!("a.game[href=\"{game}\"]")).await;
    session.wait_for_url(|u| u.ends_with(&game)).await;
    check_page(&session, &addresses).await;
    let shown = 7 - DELAY;
    let latest = board(&session).await;
    assert_eq!(
        session
            .run("return document.querySelectorAll('ol.moves li').length")
            .await,
        shown
    );

    // Back to the start, then forward through every move: the board changes each time.
    session.click("nav.steps a[data-step=\"first\"]").await;
    session.wait_for_url(|u| u.contains("ply=0")).await;
    let mut previous = board(&session).await;
    assert_ne!(previous, latest, "the start is not the latest position");
    for k in 1..=shown {
        if k % 2 == 1 {
            // The arrow key follows the page's own link (the page's small script).
            session.press("\u{E014}").await;
        } else {
            session.click("nav.steps a[data-step=\"next\"]").await;
        }
        let wanted = format!("ply={k}");
        session.wait_for_url(|u| u.contains(&wanted)).await;
        let now = board(&session).await;
        assert_ne!(now, previous, "move {k} did not change the board");
        let current = session
            .run("return document.querySelector('ol.moves a[aria-current]').textContent")
            .await;
        assert!(current.is_string(), "move {k} is marked in the list");
        previous = now;
    }
    assert_eq!(
        previous, latest,
        "stepping through every move ends at the latest position"
    );
    assert!(
        session
            .find("nav.steps a[data-step=\"next\"]")
            .await
            .is_none()
    );
    check_page(&session, &addresses).await;

    // The record, saved as a file: the same text the site serves.
    session.click("p.record a").await;
    let file = downloads.join(format!("arbitre-{}.txt", s.live));
    let until = Instant::now() + Duration::from_secs(20);
    while !file.is_file() {
        assert!(
            Instant::now() < until,
            "no download in {}",
            downloads.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let saved = loop {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        if !text.is_empty() || Instant::now() > until {
            break text;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let served = reqwest::get(format!("{}{game}/record", web.base))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(saved, served);

    // A player's page, from the game.
    session.click("ul.seats a").await;
    session.wait_for_url(|u| u.contains("/players/")).await;
    check_page(&session, &addresses).await;

    // The statistics, from the front page, then one game's.
    session.go(&format!("{}/", web.base)).await;
    session.wait_for_url(|u| u.ends_with('/')).await;
    session.click("p.stats-link a").await;
    session.wait_for_url(|u| u.ends_with("/stats")).await;
    check_page(&session, &addresses).await;
    session
        .click("nav.stats-games a[href=\"/stats/ataxx\"]")
        .await;
    session.wait_for_url(|u| u.ends_with("/stats/ataxx")).await;
    check_page(&session, &addresses).await;
    assert!(
        session.source().await.contains("Game #"),
        "the decided game is among the longest"
    );

    let console = session.console().await;
    let errors: Vec<_> = console
        .iter()
        .filter(|(level, _)| level == "SEVERE" || level == "WARNING")
        .collect();
    assert!(errors.is_empty(), "the browser's console: {errors:?}");
    session.end().await;
}
