//! The statistics page: for every game and variant with finished games (`/stats`), or one
//! game's variants (`/stats/abalone`), the figures [`crate::referee::view::statistics`]
//! adds up, in the words `arbitre stats` prints, each longest game linked to its page.
//! Pure.

use askama::Template;

use super::Chrome;
use crate::games::GameKind;
use crate::referee::view::{Figures, FiguresText, counted_note, figures_text};
use crate::t;

/// One game and variant.
#[derive(Clone, Debug)]
pub struct Section {
    /// Its anchor on the page (`abalone-belgian-daisy`).
    pub anchor: String,
    /// Its figures in words.
    pub words: FiguresText,
    /// The longest games: page, words.
    pub longest: Vec<(String, String)>,
}

/// A link to another statistics page.
#[derive(Clone, Debug)]
pub struct GameLink {
    /// Its address.
    pub href: String,
    /// The game, or "All games".
    pub label: String,
    /// Whether it is this page.
    pub current: bool,
}

/// The page.
#[derive(Template)]
#[template(path = "stats.html")]
pub struct StatsPage {
    /// The frame.
    pub chrome: Chrome,
    /// The statistics of every game, then of each.
    pub links: Vec<GameLink>,
    /// Which games count.
    pub note: String,
    /// "No finished game yet", when there is none.
    pub none: Option<String>,
    /// The figures.
    pub sections: Vec<Section>,
}

/// The statistics page of `kind` (`None`: of every game), from its figures.
pub fn page(mut chrome: Chrome, kind: Option<GameKind>, figures: &[Figures]) -> StatsPage {
    let lang = chrome.lang;
    chrome.title = match kind {
        Some(k) => t!(lang, "web-stats-game-title", game = k.title(lang)),
        None => chrome.tr("web-stats-title"),
    };
    let links = std::iter::once(GameLink {
        href: chrome.href("/stats"),
        label: chrome.tr("web-stats-all"),
        current: kind.is_none(),
    })
    .chain(GameKind::ALL.iter().map(|&k| GameLink {
        href: chrome.href(&format!("/stats/{}", k.name())),
        label: k.title(lang),
        current: kind == Some(k),
    }))
    .collect();
    let sections = figures
        .iter()
        .map(|f| {
            let words = figures_text(lang, f);
            let longest = words
                .longest
                .iter()
                .map(|(id, line)| (chrome.href(&format!("/games/{id}")), line.clone()))
                .collect();
            Section {
                anchor: anchor(f),
                words,
                longest,
            }
        })
        .collect();
    StatsPage {
        links,
        note: counted_note(lang),
        none: figures.is_empty().then(|| chrome.tr("web-stats-none")),
        sections,
        chrome,
    }
}

/// The anchor of `figures`' section: the game's name and the variant's, letters, digits
/// and dashes only.
fn anchor(figures: &Figures) -> String {
    let variant: String = figures
        .variant
        .as_deref()
        .unwrap_or("other")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("{}-{variant}", figures.kind.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Side;
    use crate::referee::view::LongGame;
    use crate::text::Lang;

    #[test]
    fn a_section_per_variant_its_longest_games_linked_and_the_game_shown_marked() {
        let figures = Figures {
            kind: GameKind::Ataxx,
            variant: Some("standard".into()),
            games: 1,
            wins: [(Side::Black, 1), (Side::White, 0)],
            draws: 0,
            moves: 9,
            openings: Vec::new(),
            longest: vec![LongGame {
                id: 12,
                moves: 9,
                winner: Some(Side::Black),
            }],
        };
        let chrome = Chrome::new(Lang::FR, true, "/stats/ataxx", String::new());
        let html = page(chrome, Some(GameKind::Ataxx), &[figures])
            .render()
            .unwrap();
        assert!(html.contains("<h1>Statistiques : Ataxx</h1>"), "{html}");
        assert!(html.contains("<section class=\"stats\" id=\"ataxx-standard\">"));
        assert!(html.contains("<a href=\"/stats/ataxx?lang=fr\" aria-current=\"page\">"));
        assert!(html.contains("<a href=\"/games/12?lang=fr\">Partie n° 12 : 9 coups"));
        assert!(
            !html.contains("class=\"openings\""),
            "no opening of two moves"
        );
        let none = page(
            Chrome::new(Lang::EN, false, "/stats", String::new()),
            None,
            &[],
        )
        .render()
        .unwrap();
        assert!(none.contains("No finished game yet."));
        assert!(none.contains("<a href=\"/stats\" aria-current=\"page\">All games</a>"));
    }
}
