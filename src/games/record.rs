//! Recorded games: reading simple move lists, and replaying a record to check it.
//!
//! Each game reads its own record formats ([`crate::games::Game::read_records`]); the plain
//! format every game understands (and the one arbitre writes for every game but Abalone) is
//! one move per line, with optional move numbers, blank lines and `#` comments, and optional
//! header comments: `# variant:`, `# position:`, `# options:`, `# result:` (`x wins`,
//! `white wins`, with the game's own side names, `draw` or `*`), `# termination:` and
//! `# plies:`. [`replay`]
//! plays a record through the rules and says where it goes wrong: a result the rules reached
//! must be the one the record states, and a result the players or the clock decided
//! (resignation, time, agreement, a director) must come before the rules ended the game.

use crate::games::{
    AnyGame, DeclaredResult, Outcome, RecordedGame, RecordedMove, Refusal, SetupError, Side, Start,
};

/// A move of a list that the game refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedInList {
    /// Its index in the list (from 0).
    pub index: usize,
    /// The plies played before it (as [`play_list`] counts them).
    pub plies: usize,
    /// Why.
    pub refusal: Refusal,
}

/// Plays a list of moves on `game`, the one way every command reads a move list (`replay`,
/// and `--moves` of `legal`, `judge`, `perft`, `board`): a pass the rules forced is played by
/// the game itself, and may also be written in the list (as the referee stores it), where it
/// is then taken as already played; a pass written when a move exists is refused like any
/// illegal move. Returns the plies played, written forced passes included.
pub fn play_list<'a>(
    game: &mut AnyGame,
    texts: impl IntoIterator<Item = &'a str>,
) -> Result<usize, RefusedInList> {
    let mut plies = 0;
    let mut texts = texts.into_iter().enumerate().peekable();
    while let Some((index, text)) = texts.next() {
        let judged = game.play(text).map_err(|refusal| RefusedInList {
            index,
            plies,
            refusal,
        })?;
        plies += 1;
        for (_, pass) in &judged.forced_passes {
            if texts
                .peek()
                .is_some_and(|(_, next)| next.trim().eq_ignore_ascii_case(pass))
            {
                texts.next();
                plies += 1;
            }
        }
    }
    Ok(plies)
}

/// Reads one game written one move per line.
pub fn read_line_per_move(text: &str) -> RecordedGame {
    let mut game = RecordedGame {
        label: "game 1".to_string(),
        ..RecordedGame::default()
    };
    for raw in text.lines() {
        let line = raw.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some((key, value)) = comment.split_once(':') {
                let value = value.trim().to_string();
                match key.trim().to_lowercase().as_str() {
                    "variant" => game.variant = Some(value),
                    "position" => game.position = Some(value),
                    "result" => {
                        game.declared = declared_from_words(&value);
                        game.tags.push(("result".to_string(), value));
                    }
                    "termination" | "options" => game.tags.push((key.trim().to_lowercase(), value)),
                    "plies" => game.declared_plies = value.parse().ok(),
                    "event" | "game" => game.label = value,
                    _ => {}
                }
            }
            continue;
        }
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (written_number, rest) = strip_move_number(line);
        if rest.is_empty() {
            continue;
        }
        let number = written_number.unwrap_or(game.moves.len() + 1);
        game.moves.push(RecordedMove {
            text: rest.to_string(),
            number,
        });
    }
    game
}

/// Splits a leading move number (`12.`, `12...`, `12)`) from a line.
fn strip_move_number(line: &str) -> (Option<usize>, &str) {
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return (None, line);
    }
    let after = &line[digits..];
    let Some(rest) = after.strip_prefix('.').or_else(|| after.strip_prefix(')')) else {
        return (None, line);
    };
    let rest = rest.trim_start_matches('.').trim();
    (line[..digits].parse().ok(), rest)
}

/// Reads a result stated in words (`White wins 6-5`, `draw`, `Noir gagne`, `1-0` is not
/// words and is left to the formats that define it).
pub fn declared_from_words(text: &str) -> Option<DeclaredResult> {
    let t = text.to_lowercase();
    let white = t.contains("white") || t.contains("blanc");
    let black = t.contains("black") || t.contains("noir");
    let wins = t.contains("win") || t.contains("gagn") || t.contains("won");
    if t.contains("draw") || t.contains("nulle") || t.contains("pat") && !wins {
        return Some(DeclaredResult::Draw);
    }
    match (white, black, wins) {
        (true, false, true) => Some(DeclaredResult::Won(Side::White)),
        (false, true, true) => Some(DeclaredResult::Won(Side::Black)),
        _ => {
            if t.contains("unfinished") || t.trim() == "*" {
                Some(DeclaredResult::Unfinished)
            } else {
                None
            }
        }
    }
}

/// What replaying one record found.
#[derive(Debug)]
pub struct Replayed {
    /// The game as far as it could be replayed.
    pub game: AnyGame,
    /// Plies replayed without error (forced passes the record leaves out are not counted;
    /// those it writes are).
    pub plies: usize,
    /// The first problem, if any.
    pub problem: Option<ReplayProblem>,
}

/// Where and why a record disagrees with the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayProblem {
    /// A move was refused.
    Illegal {
        /// The record's move number.
        number: usize,
        /// The move as written.
        text: String,
        /// The referee's protocol line and reason.
        reason: String,
    },
    /// The stated number of plies differs from the replay.
    Plies {
        /// As stated.
        declared: usize,
        /// As replayed.
        replayed: usize,
    },
    /// The stated result differs from the replay.
    Result {
        /// As stated.
        declared: DeclaredResult,
        /// As replayed.
        replayed: Outcome,
    },
}

impl ReplayProblem {
    /// What went wrong, in `kind`'s own side names (`o wins` for Ataxx).
    pub fn explain(&self, kind: crate::games::GameKind) -> String {
        let side = |s: Side| kind.side_label(s, crate::text::Lang::EN).to_lowercase();
        match self {
            ReplayProblem::Result { declared, replayed } => {
                let said = match declared {
                    DeclaredResult::Won(s) => format!("{} wins", side(*s)),
                    DeclaredResult::Draw => "a draw".to_string(),
                    DeclaredResult::Unfinished => "no result (*)".to_string(),
                };
                let got = match replayed {
                    Outcome::Ongoing => "the game is not over".to_string(),
                    Outcome::Won { winner, how } => {
                        format!("{} wins by {}", side(*winner), how.code)
                    }
                    Outcome::Drawn { why } => format!("a draw by {}", why.code),
                };
                format!("the record says {said}, the replay says {got}")
            }
            other => other.to_string(),
        }
    }
}

impl std::fmt::Display for ReplayProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayProblem::Illegal {
                number,
                text,
                reason,
            } => {
                write!(f, "move {number} `{text}`: {reason}")
            }
            ReplayProblem::Plies { declared, replayed } => {
                write!(
                    f,
                    "the record says {declared} plies, the replay has {replayed}"
                )
            }
            ReplayProblem::Result { declared, replayed } => {
                let said = match declared {
                    DeclaredResult::Won(s) => format!("{s} wins"),
                    DeclaredResult::Draw => "a draw".to_string(),
                    DeclaredResult::Unfinished => "no result (*)".to_string(),
                };
                let got = match replayed {
                    Outcome::Ongoing => "the game is not over".to_string(),
                    Outcome::Won { winner, how } => format!("{winner} wins by {}", how.code),
                    Outcome::Drawn { why } => format!("a draw by {}", why.code),
                };
                write!(f, "the record says {said}, the replay says {got}")
            }
        }
    }
}

/// Replays `record` from its own start (or `start` when the record gives none).
pub fn replay(
    kind: crate::games::GameKind,
    record: &RecordedGame,
    start: &Start,
    to_move: Option<Side>,
    options: &str,
) -> Result<Replayed, SetupError> {
    let own_start = match (&record.position, &record.variant) {
        (Some(p), _) => Start::Position(p.clone()),
        (None, Some(v)) if *start == Start::Default => Start::Variant(v.clone()),
        _ => start.clone(),
    };
    // The record's own options (`# options:`) unless the caller gave some.
    let options = match tag(record, "options") {
        Some(own) if options.trim().is_empty() => own,
        _ => options,
    };
    let mut game = AnyGame::new(kind, &own_start, to_move, options)?;
    let plies = match play_list(&mut game, record.moves.iter().map(|m| m.text.as_str())) {
        Ok(plies) => plies,
        Err(RefusedInList {
            index,
            plies,
            refusal,
        }) => {
            let m = &record.moves[index];
            let reason = format!(
                "{} ({})",
                refusal.line(),
                refusal.explain(crate::text::Lang::EN)
            );
            return Ok(Replayed {
                game,
                plies,
                problem: Some(ReplayProblem::Illegal {
                    number: m.number,
                    text: m.text.clone(),
                    reason,
                }),
            });
        }
    };
    let outcome = game.outcome();
    // `x wins`: the result in the game's own side names, read now that the game is known.
    let declared = record.declared.or_else(|| {
        let said = tag(record, "result")?.to_lowercase();
        Side::BOTH.into_iter().find_map(|side| {
            let name = game.side_name(side, crate::text::Lang::EN).to_lowercase();
            said.strip_prefix(&name)
                .is_some_and(|rest| rest.trim_start().starts_with("wins"))
                .then_some(DeclaredResult::Won(side))
        })
    });
    // A result the players, the clock or a director decided, not the rules.
    let off_the_board = tag(record, "termination").is_some_and(decided_off_the_board);
    let plies_problem = record
        .declared_plies
        .filter(|declared| *declared != plies)
        .map(|declared| ReplayProblem::Plies {
            declared,
            replayed: plies,
        });
    let result_problem = declared.and_then(|declared| {
        let agrees = match declared {
            DeclaredResult::Won(_) if off_the_board => !outcome.is_over(),
            DeclaredResult::Won(side) => outcome.winner() == Some(side),
            // An agreed draw leaves the rules' outcome open.
            DeclaredResult::Draw => matches!(outcome, Outcome::Drawn { .. } | Outcome::Ongoing),
            DeclaredResult::Unfinished => !outcome.is_over(),
        };
        (!agrees).then_some(ReplayProblem::Result {
            declared,
            replayed: outcome,
        })
    });
    let problem = plies_problem.or(result_problem);
    Ok(Replayed {
        game,
        plies,
        problem,
    })
}

/// The value of one of a record's header tags, the first if repeated.
fn tag<'a>(record: &'a RecordedGame, key: &str) -> Option<&'a str> {
    record
        .tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v.as_str())
}

/// Whether a termination code is one the rules do not reach: a resignation, time, an
/// agreement, a director's decision or a cancellation.
fn decided_off_the_board(code: &str) -> bool {
    use crate::games::Termination as T;
    [
        T::RESIGNATION,
        T::AGREED_DRAW,
        T::TIME,
        T::CANCELLED,
        T::ADJUDICATION,
        T::CANCELLED_BY_DIRECTOR,
    ]
    .iter()
    .any(|t| t.code == code)
        || code == "withdrawal"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_comments_and_headers_are_read() {
        let g = read_line_per_move(
            "# variant: standard\n# result: White wins MAT\n\n1. b.h2 b.h4\n1... b.h7 b.h5 # reply\n c5 b5\n",
        );
        assert_eq!(g.variant.as_deref(), Some("standard"));
        assert_eq!(g.declared, Some(DeclaredResult::Won(Side::White)));
        let texts: Vec<_> = g
            .moves
            .iter()
            .map(|m| (m.number, m.text.as_str()))
            .collect();
        assert_eq!(
            texts,
            vec![(1, "b.h2 b.h4"), (1, "b.h7 b.h5"), (3, "c5 b5")]
        );
    }

    #[test]
    fn results_in_words() {
        assert_eq!(
            declared_from_words("Black wins 6-3"),
            Some(DeclaredResult::Won(Side::Black))
        );
        assert_eq!(declared_from_words("nulle"), Some(DeclaredResult::Draw));
        assert_eq!(declared_from_words("PAT"), Some(DeclaredResult::Draw));
        assert_eq!(declared_from_words("*"), Some(DeclaredResult::Unfinished));
        assert_eq!(declared_from_words("who knows"), None);
    }
}
