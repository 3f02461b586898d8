//! APGN, the PGN-like exchange format for Abalone games: reading files of many games, and
//! writing the record of one game (used by the daemon at the end of a game).
//!
//! A game is a block of `[Tag "value"]` lines, then the numbered Aba-Pro movetext ending with
//! the result (`1-0` Black wins, `0-1` White wins, `1/2-1/2` draw, `*` unknown). The seven
//! required tags, in order, are `Event`, `Date`, `Black`, `White`, `Variant`, `Result`,
//! `Notation`; the optional ones `SetUp`, `Position`, `Termination`, `Plies`, `Source`,
//! `BlackElo`, `WhiteElo`, `TimeControl`, `Annotator`.
//!
//! Reading ([`read`]): `Event` is the game's label, `Variant` (or `Position`, which wins) its
//! start, `Plies` the declared number of plies. A `Notation` other than Aba-Pro is refused,
//! and so is a movetext whose result token disagrees with the `Result` tag. The declared
//! result is what the replay checks: a decisive `Result` whose `Termination` is not made by
//! the rules (resignation, time, MiGs' `Abandon`, `Au temps`, `Déco`, …) is checked as "the
//! rules had not ended the game", since the replay cannot know who resigned. `Au score`,
//! `six-ejected`, `no-legal-move` or no `Termination` at all are checked in full.
//!
//! Writing ([`write()`]): the record is replayed first (a producer must validate), `Plies` is
//! the replayed count, and the stated ending must agree with the rules: a game the moves end
//! by six ejections is written with that winner and `Termination "six-ejected"`.

use std::fmt::Write as _;

use thiserror::Error;

use super::records::{result_token, scan};
use super::{setup, variants};
use crate::games::{
    AnyGame, DeclaredResult, GameKind, Outcome, RecordedGame, SetupError, Side, Start, fold_name,
};

/// The `Termination` values that say the rules ended the game, so the replay must agree.
const BY_THE_RULES: [&str; 4] = ["six-ejected", "au score", "no-legal-move", "normal"];

fn is_by_the_rules(termination: Option<&str>) -> bool {
    termination.is_none_or(|t| BY_THE_RULES.contains(&t.trim().to_lowercase().as_str()))
}

/// Reads a tag line `[Name "value"]`.
fn read_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next()?);
        } else {
            value.push(c);
        }
    }
    Some((name.to_string(), value))
}

/// One game of a file before it is interpreted.
#[derive(Default)]
struct Block {
    tags: Vec<(String, String)>,
    movetext: String,
    line: usize,
}

/// Reads every game of an APGN file.
pub fn read(text: &str) -> Result<Vec<RecordedGame>, String> {
    // Each game: its tags, its movetext, and the line it starts on.
    let mut blocks: Vec<Block> = Vec::new();
    let mut in_movetext = true;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('%') {
            continue;
        }
        if trimmed.starts_with('[') {
            let tag = read_tag(trimmed)
                .ok_or_else(|| format!("line {}: malformed tag `{trimmed}`", n + 1))?;
            if in_movetext {
                blocks.push(Block {
                    line: n + 1,
                    ..Block::default()
                });
                in_movetext = false;
            }
            blocks.last_mut().expect("pushed").tags.push(tag);
        } else if !trimmed.is_empty() {
            in_movetext = true;
            let Some(block) = blocks.last_mut() else {
                return Err(format!("line {}: moves before any tag", n + 1));
            };
            block.movetext.push_str(line);
            block.movetext.push('\n');
        }
    }
    blocks
        .into_iter()
        .enumerate()
        .map(|(i, b)| game_of(i + 1, b.line, b.tags, &b.movetext))
        .collect()
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Builds one recorded game from its tags and movetext.
fn game_of(
    index: usize,
    line: usize,
    tags: Vec<(String, String)>,
    movetext: &str,
) -> Result<RecordedGame, String> {
    let label = tag(&tags, "Event")
        .filter(|e| !e.trim().is_empty() && e.trim() != "?")
        .map_or_else(|| format!("game {index}"), str::to_string);
    let at = |msg: String| format!("{label} (line {line}): {msg}");
    if let Some(notation) = tag(&tags, "Notation")
        && fold_name(notation) != "abapro"
    {
        return Err(at(format!(
            "notation `{notation}` is not supported; only Aba-Pro records can be replayed"
        )));
    }
    let position = tag(&tags, "Position").map(str::to_string);
    let variant = match tag(&tags, "Variant") {
        Some(v) if v.eq_ignore_ascii_case("custom") => {
            if position.is_none() {
                return Err(at("Variant \"custom\" needs a Position tag".to_string()));
            }
            None
        }
        Some(v) => Some(variants::find(v).map_or_else(|| v.to_string(), |v| v.id.to_string())),
        None => None,
    };
    let header_result = match tag(&tags, "Result") {
        None => None,
        Some(r) => Some(
            result_token(r)
                .ok_or_else(|| at(format!("Result `{r}` is not 1-0, 0-1, 1/2-1/2 or *")))?,
        ),
    };
    let declared_plies = match tag(&tags, "Plies") {
        None => None,
        Some(p) => Some(
            p.trim()
                .parse()
                .map_err(|_| at(format!("Plies `{p}` is not a number")))?,
        ),
    };
    let white_first = position
        .as_deref()
        .and_then(|p| setup::read(p).ok())
        .is_some_and(|(b, _)| b.to_move() == Side::White);
    let scanned = scan(movetext, white_first);
    if let (Some(header), Some(text)) = (header_result, scanned.result)
        && header != text
    {
        return Err(at(format!(
            "the Result tag says {} but the moves end with {}",
            result_name(header),
            result_name(text)
        )));
    }
    let declared = header_result.or(scanned.result).map(|r| match r {
        DeclaredResult::Won(_) if !is_by_the_rules(tag(&tags, "Termination")) => {
            DeclaredResult::Unfinished
        }
        r => r,
    });
    let mut tags = tags;
    for repair in scanned.repairs {
        tags.push(("Repaired".to_string(), repair));
    }
    Ok(RecordedGame {
        label,
        tags,
        variant,
        position,
        moves: scanned.moves,
        declared,
        declared_plies,
    })
}

fn result_name(r: DeclaredResult) -> &'static str {
    match r {
        DeclaredResult::Won(Side::Black) => "1-0",
        DeclaredResult::Won(Side::White) => "0-1",
        DeclaredResult::Draw => "1/2-1/2",
        DeclaredResult::Unfinished => "*",
    }
}

/// How a recorded game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Not finished, or unknown (`*`).
    Unfinished,
    /// Finished: the winner (`None` for a draw) and the termination code (`six-ejected`,
    /// `resignation`, `agreed-draw`, `time`, `repetition`, `move-limit`, `no-legal-move`,
    /// `adjudication`).
    Decided {
        /// The winner, or `None` for a draw.
        winner: Option<Side>,
        /// The termination code.
        termination: String,
    },
}

/// Everything needed to write the APGN record of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// `Event`: the tournament, or how the game was played (`arbitre #42`).
    pub event: String,
    /// `Date`, `YYYY.MM.DD` (unknown parts `??`); empty means unknown.
    pub date: String,
    /// `Black`: the first player's name.
    pub black: String,
    /// `White`: the second player's name.
    pub white: String,
    /// The variant id the game started from, if it started from a named variant.
    pub variant: Option<String>,
    /// The start position string (any format `from_position` reads); empty means the
    /// variant's own start.
    pub start: String,
    /// The side to move at the start, when set at set-up.
    pub to_move: Option<Side>,
    /// The game's options (`name=value,...`), empty for the defaults.
    pub options: String,
    /// The moves, in order, as played.
    pub moves: Vec<String>,
    /// How it ended.
    pub ending: Ending,
    /// More optional tags (`Source`, `BlackElo`, `TimeControl`, ...), written after the
    /// standard ones.
    pub tags: Vec<(String, String)>,
}

/// Why a record cannot be written.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum WriteError {
    /// The start or options are invalid.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move does not replay.
    #[error("move {ply} `{text}` does not replay: {reason}")]
    Move {
        /// Its ply number.
        ply: usize,
        /// The move as given.
        text: String,
        /// Why.
        reason: String,
    },
    /// The stated ending disagrees with the rules.
    #[error("{0}")]
    Ending(String),
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// `YYYY.MM.DD` with `?` for unknown digits, else all unknown.
fn apgn_date(date: &str) -> String {
    let ok = date.len() == 10
        && date.chars().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '.'
            } else {
                c.is_ascii_digit() || c == '?'
            }
        });
    if ok {
        date.to_string()
    } else {
        "????.??.??".to_string()
    }
}

/// Writes the APGN record of one game after replaying it; the moves are written in
/// canonical form.
pub fn write(record: &Record) -> Result<String, WriteError> {
    let start = if record.start.trim().is_empty() {
        match &record.variant {
            Some(v) => Start::Variant(v.clone()),
            None => Start::Default,
        }
    } else {
        Start::Position(record.start.clone())
    };
    let mut game = AnyGame::new(GameKind::Abalone, &start, record.to_move, &record.options)?;
    let start_board = setup::read(&game.position_string())
        .map_err(|e| WriteError::Setup(e.into()))?
        .0;
    let mut canonical = Vec::with_capacity(record.moves.len());
    for (i, text) in record.moves.iter().enumerate() {
        let judged = game.play(text).map_err(|r| WriteError::Move {
            ply: i + 1,
            text: text.clone(),
            reason: format!("{} ({})", r.line(), r.explain(crate::text::Lang::EN)),
        })?;
        canonical.push(judged.canonical);
    }
    check_ending(&game.outcome(), &record.ending)?;

    // The variant tag: APGN's name when the start is that variant's own, else custom.
    let named = record
        .variant
        .as_deref()
        .and_then(variants::find)
        .filter(|v| setup::read(v.position).is_ok_and(|(b, _)| b == start_board));
    let (variant_tag, position_tag) = match named.and_then(|v| variants::apgn_name(v.id)) {
        Some(name) => (name.to_string(), None),
        None => ("custom".to_string(), Some(setup::write_apgn(&start_board))),
    };
    let result = match &record.ending {
        Ending::Unfinished => "*",
        Ending::Decided {
            winner: Some(Side::Black),
            ..
        } => "1-0",
        Ending::Decided {
            winner: Some(Side::White),
            ..
        } => "0-1",
        Ending::Decided { winner: None, .. } => "1/2-1/2",
    };
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), record.event.clone()),
        ("Date".into(), apgn_date(&record.date)),
        ("Black".into(), record.black.clone()),
        ("White".into(), record.white.clone()),
        ("Variant".into(), variant_tag),
        ("Result".into(), result.into()),
        ("Notation".into(), "Aba-Pro".into()),
    ];
    if let Some(p) = position_tag {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("Position".into(), p));
    }
    if let Ending::Decided { termination, .. } = &record.ending {
        tags.push(("Termination".into(), termination.clone()));
    }
    tags.push(("Plies".into(), record.moves.len().to_string()));
    for (name, value) in &record.tags {
        if !tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
            tags.push((name.clone(), value.clone()));
        }
    }
    let mut out = String::new();
    for (name, value) in &tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    }
    out.push('\n');
    out.push_str(&movetext(&canonical, start_board.to_move(), result));
    out.push_str("\n\n");
    Ok(out)
}

/// Checks that the stated ending agrees with the rules' outcome of the replay.
fn check_ending(outcome: &Outcome, ending: &Ending) -> Result<(), WriteError> {
    let rules_code = outcome.termination().map(|t| t.code);
    match (outcome, ending) {
        (Outcome::Ongoing, Ending::Unfinished) => Ok(()),
        (Outcome::Ongoing, Ending::Decided { termination, .. }) => {
            if ["six-ejected", "no-legal-move", "repetition", "move-limit"]
                .contains(&termination.as_str())
            {
                Err(WriteError::Ending(format!(
                    "the record says `{termination}`, but the moves do not end the game"
                )))
            } else {
                Ok(())
            }
        }
        (
            over,
            Ending::Decided {
                winner,
                termination,
            },
        ) if Some(termination.as_str()) == rules_code && *winner == over.winner() => Ok(()),
        (over, _) => Err(WriteError::Ending(format!(
            "the moves end the game ({}{}), but the record says otherwise",
            over.result_name().unwrap_or("over"),
            rules_code.map(|c| format!(" by {c}")).unwrap_or_default()
        ))),
    }
}

/// The numbered movetext, wrapped before 80 columns, ending with the result.
fn movetext(moves: &[String], first: Side, result: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let offset = usize::from(first == Side::White);
    for (i, m) in moves.iter().enumerate() {
        let ply = i + offset;
        let number = ply / 2 + 1;
        if ply % 2 == 0 {
            words.push(format!("{number}. {m}"));
        } else if i == 0 {
            words.push(format!("{number}... {m}"));
        } else {
            words.push(m.clone());
        }
    }
    words.push(result.to_string());
    let mut out = String::new();
    let mut width = 0;
    for w in words {
        if width > 0 && width + 1 + w.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(&w);
        width += w.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"[Event "MIGS 1"]
[Date "2016.09.19"]
[Black "a"]
[White "b \"c\""]
[Variant "belgian"]
[Result "*"]
[Notation "Aba-Pro"]
[Termination "Abandon"]
[Plies "3"]

1. i9h8 i6h6 2. i8h7 *

[Event "Custom"]
[Date "????.??.??"]
[Black "a"]
[White "b"]
[Variant "custom"]
[Result "1-0"]
[Notation "Aba-Pro"]
[SetUp "1"]
[Position "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w"]
[Termination "resignation"]

1... i5h5 2. a1b2 1-0
"#;

    #[test]
    fn games_tags_and_results_are_read() {
        let games = read(GAME).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].label, "MIGS 1");
        assert_eq!(games[0].variant.as_deref(), Some("belgian-daisy"));
        assert_eq!(games[0].declared_plies, Some(3));
        assert_eq!(games[0].declared, Some(DeclaredResult::Unfinished));
        assert_eq!(games[0].moves.len(), 3);
        assert_eq!(tag(&games[0].tags, "White"), Some("b \"c\""));
        assert_eq!(games[1].variant, None);
        assert!(games[1].position.is_some());
        // A resignation is checked as "the rules had not ended the game".
        assert_eq!(games[1].declared, Some(DeclaredResult::Unfinished));
        assert_eq!(games[1].moves[0].number, 1);
        assert_eq!(games[1].moves[1].number, 2);
    }

    #[test]
    fn disagreeing_results_nacre_and_bad_tags_are_refused() {
        let bad_result = GAME.replace("1... i5h5 2. a1b2 1-0", "1... i5h5 2. a1b2 0-1");
        assert!(
            read(&bad_result)
                .unwrap_err()
                .contains("Result tag says 1-0")
        );
        let nacre = GAME.replace(
            "[Notation \"Aba-Pro\"]\n[Termination \"Abandon\"]",
            "[Notation \"Nacre\"]",
        );
        assert!(read(&nacre).unwrap_err().contains("Nacre"));
        assert!(read("[Event \"x]\n").unwrap_err().contains("malformed tag"));
        let no_position = GAME.replace("[Position", "[Comment");
        assert!(read(&no_position).unwrap_err().contains("needs a Position"));
    }

    #[test]
    fn movetext_numbers_white_first_and_wraps() {
        let moves: Vec<String> = (0..30).map(|_| "a1b2".to_string()).collect();
        let text = movetext(&moves, Side::White, "*");
        assert!(text.starts_with("1... a1b2 2. a1b2 a1b2 3. a1b2"));
        assert!(text.lines().all(|l| l.len() < 80));
        assert!(text.ends_with(" *"));
    }
}
