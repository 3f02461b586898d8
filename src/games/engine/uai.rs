//! UAI, the Universal Ataxx Interface: the Ataxx engines' text protocol (UCI with "chess"
//! read as "ataxx"), both ways.
//!
//! - As an engine: [`Session`] answers one request line at a time with the lines to print
//!   (`arbitre engine --game ataxx --uai` is the loop around it), so that standard tools
//!   and other engines can play arbitre's computer.
//! - As a client: [`read`] and [`parse_info`] read what an external engine prints, for the
//!   daemon that puts one behind the computer's seat (`[engines] ataxx`).
//!
//! What the engine understands: `uai`, `isready`, `uainewgame`, `position startpos|fen
//! <fen> [moves ...]`, `go [depth N] [nodes N]` (anything else on the `go` line, such as
//! `movetime` or the clocks, is ignored: the search has no clock, so it searches the
//! level's budget, set with `setoption name Level value 1-9`, 9 by default), `stop` (a
//! search is over before the next line is read), `quit`. Positions are Ataxx FEN, moves
//! `f2` (a clone), `g1g3` (a jump), `0000` (a pass). Unknown lines are ignored, as the
//! protocol asks. Pure: no IO, no clock.

use crate::games::ataxx::Position;
use crate::games::engine::{Budget, Level, WIN, search};
use crate::games::{Game, GameOptions};

/// The Ataxx start.
pub const START: &str = "x5o/7/7/7/7/7/o5x x 0 1";

/// One request to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `uai`: who are you?
    Uai,
    /// `isready`.
    IsReady,
    /// `uainewgame`.
    NewGame,
    /// `position ...`: the start (`None`: `startpos`) and the moves after it.
    Position {
        /// The FEN, or `None` for the standard start.
        fen: Option<String>,
        /// The moves played from it.
        moves: Vec<String>,
    },
    /// `go ...`: search.
    Go {
        /// `depth N`.
        depth: Option<u32>,
        /// `nodes N`.
        nodes: Option<u64>,
    },
    /// `setoption name N value V`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its value.
        value: String,
    },
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
    /// Anything else (ignored).
    Unknown(String),
}

/// Reads one request line.
pub fn read(line: &str) -> Request {
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |key: &str| -> Option<u64> {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .and_then(|v| v.parse().ok())
    };
    match words.first().copied() {
        Some("uai") => Request::Uai,
        Some("isready") => Request::IsReady,
        Some("uainewgame") => Request::NewGame,
        Some("stop") => Request::Stop,
        Some("quit") => Request::Quit,
        Some("go") => Request::Go {
            depth: number("depth").and_then(|d| u32::try_from(d).ok()),
            nodes: number("nodes"),
        },
        Some("position") => {
            let moves_at = words.iter().position(|w| *w == "moves");
            let head = &words[1..moves_at.unwrap_or(words.len())];
            let fen = match head.first() {
                Some(&"fen") => Some(head[1..].join(" ")),
                _ => None,
            };
            let moves = moves_at
                .map(|i| words[i + 1..].iter().map(|m| m.to_string()).collect())
                .unwrap_or_default();
            Request::Position { fen, moves }
        }
        Some("setoption") => {
            let at = |key: &str| words.iter().position(|w| *w == key);
            match (at("name"), at("value")) {
                (Some(n), Some(v)) if n < v => Request::SetOption {
                    name: words[n + 1..v].join(" "),
                    value: words[v + 1..].join(" "),
                },
                _ => Request::Unknown(line.to_string()),
            }
        }
        _ => Request::Unknown(line.to_string()),
    }
}

/// What an engine's `info` line says of its search: the score in hundredths of a piece
/// (`score cp N`; `score mate N` as a win or a loss), when given.
pub fn parse_info(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    let i = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(value),
        "mate" if value > 0 => Some(WIN - value),
        "mate" => Some(-WIN - value),
        _ => None,
    }
}

/// The move of a `bestmove` line, when the line is one.
pub fn bestmove(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    (words.next() == Some("bestmove"))
        .then(|| words.next())
        .flatten()
}

/// An engine's state between requests: the position, the level.
#[derive(Clone, Debug)]
pub struct Session {
    position: Position,
    level: Level,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session at the start, at the top level.
    pub fn new() -> Session {
        Session {
            position: start(START).expect("the standard start reads"),
            level: Level::TOP,
        }
    }

    /// The lines that answer `request` (none for most). `quit` answers nothing: the loop
    /// around the session ends.
    pub fn answer(&mut self, request: &Request) -> Vec<String> {
        match request {
            Request::Uai => vec![
                "id name arbitre".to_string(),
                format!(
                    "id author the arbitre project ({})",
                    env!("CARGO_PKG_VERSION")
                ),
                "option name Level type spin default 9 min 1 max 9".to_string(),
                "uaiok".to_string(),
            ],
            Request::IsReady => vec!["readyok".to_string()],
            Request::NewGame => {
                self.position = start(START).expect("the standard start reads");
                Vec::new()
            }
            Request::Position { fen, moves } => match self.set_position(fen.as_deref(), moves) {
                Ok(()) => Vec::new(),
                Err(why) => vec![format!("info string {why}")],
            },
            Request::SetOption { name, value } if name.eq_ignore_ascii_case("level") => {
                match value.trim().parse().ok().and_then(Level::new) {
                    Some(level) => {
                        self.level = level;
                        Vec::new()
                    }
                    None => vec![format!("info string Level must be 1 to 9, not {value}")],
                }
            }
            Request::Go { depth, nodes } => self.go(*depth, *nodes),
            Request::SetOption { .. } | Request::Stop | Request::Quit | Request::Unknown(_) => {
                Vec::new()
            }
        }
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        let mut p = start(fen.unwrap_or(START))?;
        for m in moves {
            let notation = Position::read_notation(m).map_err(|e| format!("{m}: {e:?}"))?;
            let mv = p.resolve(&notation).map_err(|e| format!("{m}: {e:?}"))?;
            p.apply(&mv);
        }
        self.position = p;
        Ok(())
    }

    fn go(&self, depth: Option<u32>, nodes: Option<u64>) -> Vec<String> {
        let thought = if depth.is_some() || nodes.is_some() {
            let budget = Budget {
                depth: depth.unwrap_or(64),
                nodes: nodes.unwrap_or(u64::MAX),
            };
            search::search(&self.position, budget, false)
        } else {
            crate::games::engine::think(&self.position, self.level, 0)
        };
        match thought {
            Some(t) => {
                let best = self.position.write_move(&t.best);
                vec![
                    format!(
                        "info depth {} score {} nodes {} pv {best}",
                        t.depth,
                        score_words(t.score),
                        t.nodes
                    ),
                    format!("bestmove {best}"),
                ]
            }
            // The game is over: no move (UCI engines answer a null move).
            None => vec!["bestmove 0000".to_string()],
        }
    }
}

/// A score as `info` lines write it: `cp N`, or `mate N` for a win or a loss found.
fn score_words(score: i32) -> String {
    if score >= WIN - 1000 {
        format!("mate {}", (WIN - score + 1) / 2)
    } else if score <= -WIN + 1000 {
        format!("mate -{}", (WIN + score + 1) / 2)
    } else {
        format!("cp {score}")
    }
}

/// The position of `fen`.
fn start(fen: &str) -> Result<Position, String> {
    let options = GameOptions::defaults(Position::option_specs());
    Position::from_position(fen, None, &options).map_err(|e| format!("{fen}: {e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_read_as_the_protocol_writes_them() {
        assert_eq!(read("uai"), Request::Uai);
        assert_eq!(
            read("position startpos moves f2 a7b5"),
            Request::Position {
                fen: None,
                moves: vec!["f2".into(), "a7b5".into()]
            }
        );
        assert_eq!(
            read("position fen x5o/7/7/7/7/7/o5x o 1 1"),
            Request::Position {
                fen: Some("x5o/7/7/7/7/7/o5x o 1 1".into()),
                moves: Vec::new()
            }
        );
        assert_eq!(
            read("go wtime 1000 btime 1000 depth 3"),
            Request::Go {
                depth: Some(3),
                nodes: None
            }
        );
        assert_eq!(
            read("setoption name Level value 4"),
            Request::SetOption {
                name: "Level".into(),
                value: "4".into()
            }
        );
        assert_eq!(parse_info("info depth 3 score cp -42 pv f2"), Some(-42));
        assert_eq!(parse_info("info depth 5 score mate 2"), Some(WIN - 2));
        assert_eq!(bestmove("bestmove g1g3 ponder a1"), Some("g1g3"));
        assert_eq!(bestmove("info bestmove"), None);
    }

    #[test]
    fn a_session_answers_the_handshake_and_plays_legal_moves() {
        let mut s = Session::new();
        let hello = s.answer(&read("uai"));
        assert_eq!(hello.last().map(String::as_str), Some("uaiok"));
        assert_eq!(s.answer(&read("isready")), ["readyok"]);
        assert!(s.answer(&read("position startpos moves f2")).is_empty());
        let lines = s.answer(&read("go depth 2"));
        let best = bestmove(lines.last().unwrap()).unwrap().to_string();
        let mut p = start(START).unwrap();
        let f2 = p.resolve(&Position::read_notation("f2").unwrap()).unwrap();
        p.apply(&f2);
        let legal: Vec<String> = p.legal_moves().iter().map(|m| p.write_move(m)).collect();
        assert!(legal.contains(&best), "{best} among {legal:?}");
        assert!(parse_info(&lines[0]).is_some(), "{lines:?}");
        // A bad move is reported, and the position stays.
        let said = s.answer(&read("position startpos moves z9"));
        assert!(said[0].starts_with("info string"), "{said:?}");
        assert!(s.answer(&read("setoption name Level value 12"))[0].contains("1 to 9"));
    }

    #[test]
    fn a_level_set_by_option_plays_as_the_computer_at_that_level() {
        let mut s = Session::new();
        s.answer(&read("setoption name Level value 2"));
        let lines = s.answer(&read("go movetime 1000"));
        let best = bestmove(lines.last().unwrap()).unwrap().to_string();
        let p = start(START).unwrap();
        let thought = crate::games::engine::think(&p, Level::new(2).unwrap(), 0).unwrap();
        assert_eq!(best, p.write_move(&thought.best));
    }
}
