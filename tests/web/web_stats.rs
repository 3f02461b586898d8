//! The statistics pages served by `arbitre web` from the games of
//! `tests/data/stats/games.csv` (built by tests/common/finished.rs): `/stats` reads as
//! `expected.txt` and as `arbitre stats` says, `/stats/<game>` as `arbitre stats --game`,
//! in English and in French; the front page links to them, the longest games link to their
//! pages, and an unknown game is a missing page. (The crawl of web_pages.rs validates their
//! HTML; web_browser.rs opens them on a phone's screen.)

use crate::finished::{self, lines};
use crate::site::{self, ok};
use crate::web_pages::{get, get_with, links};

/// The text of a page's `<main>` as lines: one per heading, paragraph, table row and list
/// item, a row's cells side by side, blanks collapsed.
fn text_lines(html: &str) -> Vec<String> {
    let main = html
        .split("<main>")
        .nth(1)
        .and_then(|m| m.split("</main>").next())
        .expect("a <main>");
    let mut text = main.replace("</th>", " ").replace("</td>", " ");
    for end in ["</h1>", "</h2>", "</h3>", "</p>", "</li>", "</tr>"] {
        text = text.replace(end, "\n");
    }
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    let plain = plain
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    lines(&plain)
}

/// Whether `part` stands in `whole` as one block of lines.
fn holds(whole: &[String], part: &[String]) -> bool {
    !part.is_empty() && whole.windows(part.len()).any(|w| w == part)
}

#[tokio::test]
async fn the_statistics_pages_show_what_arbitre_stats_prints() {
    let games = finished::build("web", "stats");
    let c = games.config.as_str();
    let web = site::serve(c);
    let index = get(&web.base, "/").await;
    assert!(links(&index.body).contains(&"/stats".to_string()));
    // Every game: the figures of expected.txt, as the command line prints them.
    let all = get(&web.base, "/stats").await;
    assert_eq!(all.status, 200);
    let shown = text_lines(&all.body);
    let expected = games.expected().concat();
    assert!(holds(&shown, &expected), "{shown:#?}");
    assert_eq!(lines(&ok(&["stats", "--config", c])), expected);
    // Each longest game is linked to its page, which shows it.
    let hrefs = links(&all.body);
    for label in ["E1", "X1", "E2", "A1", "B1", "S1"] {
        let path = format!("/games/{}", games.numbers[label]);
        assert!(hrefs.contains(&path), "{label}: {path} in {hrefs:?}");
        assert_eq!(get(&web.base, &path).await.status, 200, "{label}");
    }
    for left_out in ["X2", "X3", "X4", "X5"] {
        let path = format!("/games/{}", games.numbers[left_out]);
        assert!(!hrefs.contains(&path), "{left_out} is not counted");
    }
    // One game, by any of its names: its variants alone.
    let ataxx = text_lines(&get(&web.base, "/stats/attax").await.body);
    let cli = lines(&ok(&["stats", "--config", c, "--game", "ataxx"]));
    assert!(holds(&ataxx, &cli), "{ataxx:#?}");
    assert!(!ataxx.iter().any(|l| l.starts_with("Abalone – ")));
    let tours = text_lines(&get(&web.base, "/stats/tours").await.body);
    assert!(
        tours.contains(&"No finished game yet.".to_string()),
        "{tours:#?}"
    );
    // In French, chosen by the browser or by the address.
    let fr_cli = lines(&ok(&["stats", "--config", c, "--lang", "fr"]));
    let by_browser = get_with(&web.base, "/stats", Some("fr-FR,fr;q=0.9")).await;
    assert!(holds(&text_lines(&by_browser.body), &fr_cli));
    let pinned = get(&web.base, "/stats?lang=fr").await;
    assert!(holds(&text_lines(&pinned.body), &fr_cli));
    assert!(
        links(&pinned.body).contains(&format!("/games/{}?lang=fr", games.numbers["E1"])),
        "the links keep the language"
    );
    // An unknown game is a missing page.
    let unknown = get(&web.base, "/stats/chess").await;
    assert_eq!(unknown.status, 404);
    assert!(unknown.body.contains("Page not found"));
}
