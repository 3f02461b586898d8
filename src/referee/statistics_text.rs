//! The words of the statistics, from the message catalogs (`web.ftl`'s `web-stats-*`): the
//! title of a game and variant, its figures line by line, the rule of which games count.
//! The statistics page lays these lines out as HTML and `arbitre stats` prints them as
//! text ([`statistics_text`]), so that both say the same thing in the same words.

use crate::base::GameId;
use crate::games::{GameKind, Side};
use crate::t;
use crate::text::Lang;

use super::statistics::{Figures, Tenths};
use super::terms::Numberer;

/// One game and variant's figures, in words.
#[derive(Clone, Debug)]
pub struct FiguresText {
    /// The game and its variant: `Abalone – Belgian daisy`.
    pub title: String,
    /// How many games, and their average length.
    pub summary: String,
    /// The headings of the results: result, games, share.
    pub headings: [String; 3],
    /// The results: each side's wins (the side that opens the game first), then the
    /// draws: what, how many, their share.
    pub results: Vec<[String; 3]>,
    /// The heading of the openings.
    pub openings_title: String,
    /// The most played openings, with their games.
    pub openings: Vec<String>,
    /// The heading of the longest games.
    pub longest_title: String,
    /// The longest games: their numbers, and each in words.
    pub longest: Vec<(GameId, String)>,
}

/// `figures` in `lang`.
pub fn figures_text(lang: Lang, figures: &Figures) -> FiguresText {
    let kind = figures.kind;
    let mut results: Vec<[String; 3]> = figures
        .wins
        .iter()
        .map(|&(side, wins)| {
            [
                t!(lang, "web-stats-wins", side = kind.side_label(side, lang)),
                wins.to_string(),
                percent(lang, figures.share(wins)),
            ]
        })
        .collect();
    results.push([
        t!(lang, "web-stats-draws"),
        figures.draws.to_string(),
        percent(lang, figures.share(figures.draws)),
    ]);
    FiguresText {
        title: title(lang, kind, figures.variant.as_deref()),
        summary: t!(
            lang,
            "web-stats-summary",
            games = figures.games,
            average = decimal(lang, figures.average())
        ),
        headings: [
            t!(lang, "web-stats-result"),
            t!(lang, "web-stats-games"),
            t!(lang, "web-stats-share"),
        ],
        results,
        openings_title: t!(lang, "web-stats-openings"),
        openings: figures
            .openings
            .iter()
            .map(|o| {
                t!(
                    lang,
                    "web-stats-opening",
                    opening = opening_text(kind, &o.moves),
                    games = o.games
                )
            })
            .collect(),
        longest_title: t!(lang, "web-stats-longest"),
        longest: figures
            .longest
            .iter()
            .map(|l| (l.id, long_game(lang, kind, l.id, l.moves, l.winner)))
            .collect(),
    }
}

/// The title of `kind`'s `variant` in `lang`: the variant as the catalogs name it (its
/// id when they do not know it), or "other start positions".
pub fn title(lang: Lang, kind: GameKind, variant: Option<&str>) -> String {
    let variant = match variant {
        Some(id) => kind
            .variants()
            .iter()
            .find(|v| v.id == id)
            .map_or_else(|| id.to_string(), |v| v.title(kind, lang)),
        None => t!(lang, "web-stats-other-start"),
    };
    t!(
        lang,
        "web-stats-section",
        game = kind.title(lang),
        variant = variant
    )
}

/// An opening as the game's records number moves from its usual start: `1. a1b2 1...
/// i5h5` (by pairs), `1. bar/3 2. bar/5` (one number per move). Every move carries its
/// number: some games' moves hold spaces (`v1.1 a.h1`) or commas (`d4>d5,c6,b7`).
pub fn opening_text(kind: GameKind, moves: &[String]) -> String {
    let numbers = Numberer::starting(kind, None);
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{} {m}", numbers.at(i).label()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One of the longest games in words.
fn long_game(lang: Lang, kind: GameKind, id: GameId, moves: usize, winner: Option<Side>) -> String {
    match winner {
        Some(side) => t!(
            lang,
            "web-stats-long-won",
            number = id,
            moves = moves,
            side = kind.side_label(side, lang)
        ),
        None => t!(lang, "web-stats-long-drawn", number = id, moves = moves),
    }
}

/// A number with one decimal, with the decimal mark of `lang`.
pub fn decimal(lang: Lang, n: Tenths) -> String {
    t!(
        lang,
        "web-stats-decimal",
        units = n.0 / 10,
        tenths = n.0 % 10
    )
}

/// A share in per cent, as `lang` writes it.
fn percent(lang: Lang, n: Tenths) -> String {
    t!(lang, "web-stats-percent", number = decimal(lang, n))
}

/// Which games the statistics count, in a sentence.
pub fn counted_note(lang: Lang) -> String {
    t!(lang, "web-stats-note")
}

/// Every section as plain text in `lang`: the rule of which games count, then for each
/// game and variant its title, summary, results (in columns), openings and longest games.
pub fn statistics_text(lang: Lang, all: &[Figures]) -> String {
    let mut out = format!("{}\n", counted_note(lang));
    if all.is_empty() {
        out.push_str(&format!("\n{}\n", t!(lang, "web-stats-none")));
    }
    for figures in all {
        let words = figures_text(lang, figures);
        out.push_str(&format!("\n{}\n{}\n", words.title, words.summary));
        let rows: Vec<&[String; 3]> = std::iter::once(&words.headings)
            .chain(&words.results)
            .collect();
        let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
        let (first, second, third) = (width(0), width(1), width(2));
        for [what, games, share] in rows {
            out.push_str(&format!(
                "  {what:<first$}  {games:>second$}  {share:>third$}\n"
            ));
        }
        if !words.openings.is_empty() {
            out.push_str(&format!("{}\n", words.openings_title));
            for o in &words.openings {
                out.push_str(&format!("  {o}\n"));
            }
        }
        out.push_str(&format!("{}\n", words.longest_title));
        for (_, l) in &words.longest {
            out.push_str(&format!("  {l}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::statistics::{LongGame, Opening};

    fn figures() -> Figures {
        Figures {
            kind: GameKind::Ataxx,
            variant: Some("standard".into()),
            games: 3,
            wins: [(Side::Black, 2), (Side::White, 0)],
            draws: 1,
            moves: 25,
            openings: vec![Opening {
                moves: vec!["f2".into(), "b1".into()],
                games: 2,
            }],
            longest: vec![
                LongGame {
                    id: 12,
                    moves: 14,
                    winner: Some(Side::Black),
                },
                LongGame {
                    id: 3,
                    moves: 1,
                    winner: None,
                },
            ],
        }
    }

    #[test]
    fn the_figures_read_in_english_and_in_french() {
        let en = figures_text(Lang::EN, &figures());
        assert_eq!(en.title, "Ataxx – Standard, no blocked cell");
        assert_eq!(en.summary, "3 finished games, 8.3 moves on average.");
        assert_eq!(en.results[0], ["x wins", "2", "66.7%"]);
        assert_eq!(en.results[1], ["o wins", "0", "0.0%"]);
        assert_eq!(en.results[2], ["Draws", "1", "33.3%"]);
        assert_eq!(en.openings, ["1. f2 1... b1: 2 games"]);
        assert_eq!(en.longest[0], (12, "Game #12: 14 moves, won by x".into()));
        assert_eq!(en.longest[1], (3, "Game #3: 1 move, drawn".into()));
        let fr = figures_text(Lang::FR, &figures());
        assert_eq!(fr.summary, "3 parties terminées, 8,3 coups en moyenne.");
        assert_eq!(fr.results[0], ["Victoires des x", "2", "66,7 %"]);
        assert_eq!(fr.openings, ["1. f2 1... b1 : 2 parties"]);
        assert_eq!(fr.longest[0].1, "Partie n° 12 : 14 coups, gagnée par les x");
    }

    #[test]
    fn openings_number_every_move_as_the_records_do() {
        let moves = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            opening_text(GameKind::Bulltricker, &moves(&["v1.1 a.h1", "v1.6 v1.5"])),
            "1. v1.1 a.h1 1... v1.6 v1.5"
        );
        assert_eq!(
            opening_text(GameKind::Sauterelle, &moves(&["bar/3", "bar/1"])),
            "1. bar/3 2. bar/1"
        );
    }

    #[test]
    fn the_text_lines_up_the_results_in_columns() {
        let text = statistics_text(Lang::EN, &[figures()]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("Counted: "), "{text}");
        assert_eq!(lines[2], "Ataxx – Standard, no blocked cell");
        assert_eq!(lines[4], "  Result  Games  Share");
        assert_eq!(lines[5], "  x wins      2  66.7%");
        assert_eq!(lines[7], "  Draws       1  33.3%");
        assert_eq!(lines[8], "Most played openings");
        assert!(statistics_text(Lang::EN, &[]).contains("No finished game yet."));
    }
}
