//! Reading recorded Ataxx games: Ataxx PGN (as python-ataxx and the engine match runners
//! write it) or the plain one-move-per-line format every game reads.
//!
//! PGN: `[Tag "value"]` lines, then the moves with optional move numbers (`1.`, `1...`),
//! ended by the result `1-0` (x wins), `0-1` (o wins), `1/2-1/2` or `*`. The `FEN` tag gives
//! the start and `Result` the result when the move text has none. Comments (`{…}`, `; …`),
//! variations (`(…)`) and annotation glyphs (`$1`) are skipped; a file may hold many games.
//! A text is read as PGN when a line starts with `[` or holds more than one move.
//!
//! Passes are written `0000` by the reader whatever their spelling, the canonical form the
//! referee compares with the passes it plays itself.

use crate::games::record::read_line_per_move;
use crate::games::{DeclaredResult, RecordedGame, RecordedMove, Side};

/// Reads every game of `text`.
pub fn read(text: &str) -> Result<Vec<RecordedGame>, String> {
    if !looks_like_pgn(text) {
        let mut game = read_line_per_move(text);
        for m in &mut game.moves {
            m.text = normalise(&m.text);
        }
        return Ok(vec![game]);
    }
    let mut reader = PgnReader::default();
    for (i, line) in text.lines().enumerate() {
        reader.line(i + 1, line)?;
    }
    if reader.brace_open {
        return Err("a `{` comment is never closed".to_string());
    }
    reader.finish_game();
    Ok(reader.games)
}

/// True when `text` is PGN rather than one move per line.
fn looks_like_pgn(text: &str) -> bool {
    text.lines().map(str::trim).any(|line| {
        if line.starts_with('[') {
            return true;
        }
        if line.starts_with('#') {
            return false;
        }
        let body = line.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = body
            .split_whitespace()
            .filter(|t| !t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
            .collect();
        tokens.len() > 1
    })
}

/// Writes every spelling of a pass as `0000`; other moves are left as written.
fn normalise(token: &str) -> String {
    match token.trim().to_ascii_lowercase().as_str() {
        "0000" | "pass" | "null" | "passe" | "--" => "0000".to_string(),
        _ => token.trim().to_string(),
    }
}

#[derive(Default)]
struct PgnReader {
    games: Vec<RecordedGame>,
    current: RecordedGame,
    /// A move or a result has been read for the current game.
    in_moves: bool,
    /// The move number last written in the move text.
    number: usize,
    brace_open: bool,
    variation_depth: usize,
}

impl PgnReader {
    fn line(&mut self, lineno: usize, raw: &str) -> Result<(), String> {
        let line = raw.trim();
        if !self.brace_open && self.variation_depth == 0 {
            if line.starts_with('%') {
                return Ok(());
            }
            if line.starts_with('[') {
                return self.tag(lineno, line);
            }
        }
        let mut token = String::new();
        for c in line.chars() {
            if self.brace_open {
                self.brace_open = c != '}';
                continue;
            }
            match c {
                '{' | ';' | '(' | ')' => {
                    self.token(lineno, &std::mem::take(&mut token))?;
                    match c {
                        '{' => self.brace_open = true,
                        ';' => break,
                        '(' => self.variation_depth += 1,
                        _ => {
                            self.variation_depth = self
                                .variation_depth
                                .checked_sub(1)
                                .ok_or(format!("line {lineno}: `)` closes no variation"))?
                        }
                    }
                }
                c if c.is_whitespace() => self.token(lineno, &std::mem::take(&mut token))?,
                c => token.push(c),
            }
        }
        self.token(lineno, &token)
    }

    fn tag(&mut self, lineno: usize, line: &str) -> Result<(), String> {
        let bad = || format!("line {lineno}: `{line}` is not a tag: write [Name \"value\"]");
        let inner = line
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix(']'))
            .ok_or_else(bad)?
            .trim();
        let (name, value) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
        let value = value
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(bad)?
            .replace("\\\"", "\"")
            .replace("\\\\", "\\");
        if self.in_moves {
            self.finish_game();
        }
        match name.to_ascii_lowercase().as_str() {
            "fen" => self.current.position = Some(value.clone()),
            "result" if self.current.declared.is_none() => {
                self.current.declared = result(&value);
            }
            _ => {}
        }
        self.current.tags.push((name.to_string(), value));
        Ok(())
    }

    fn token(&mut self, lineno: usize, token: &str) -> Result<(), String> {
        if token.is_empty() || self.variation_depth > 0 || token.starts_with('$') {
            return Ok(());
        }
        if let Some(declared) = result(token) {
            self.current.declared = Some(declared);
            self.in_moves = true;
            self.finish_game();
            return Ok(());
        }
        let digits = token.chars().take_while(char::is_ascii_digit).count();
        let rest = token[digits..].trim_start_matches('.');
        let text = if digits > 0 && rest.len() < token.len() - digits {
            self.number = token[..digits]
                .parse()
                .map_err(|_| format!("line {lineno}: `{token}` is not a move number"))?;
            rest
        } else {
            token
        };
        let text = text.trim_end_matches(['!', '?']);
        if text.is_empty() {
            return Ok(());
        }
        let number = if self.number > 0 {
            self.number
        } else {
            self.current.moves.len() + 1
        };
        self.current.moves.push(RecordedMove {
            text: normalise(text),
            number,
        });
        self.in_moves = true;
        Ok(())
    }

    fn finish_game(&mut self) {
        let game = std::mem::take(&mut self.current);
        if !game.moves.is_empty() || !game.tags.is_empty() || game.declared.is_some() {
            let n = self.games.len() + 1;
            self.games.push(RecordedGame {
                label: format!("game {n}"),
                ..game
            });
        }
        self.in_moves = false;
        self.number = 0;
    }
}

/// A PGN result: `1-0` means x (Black) won.
fn result(token: &str) -> Option<DeclaredResult> {
    match token {
        "1-0" => Some(DeclaredResult::Won(Side::Black)),
        "0-1" => Some(DeclaredResult::Won(Side::White)),
        "1/2-1/2" | "½-½" => Some(DeclaredResult::Draw),
        "*" => Some(DeclaredResult::Unfinished),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(game: &RecordedGame) -> Vec<&str> {
        game.moves.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn a_pgn_file_with_two_games_tags_comments_and_passes() {
        let pgn = r#"[Event "Test"]
[FEN "x5o/7/7/7/7/7/o5x x 0 1"]
[Result "1-0"]

1. g1e3 a1c1 {a jump} 2. d2 (2. f2 g7f7) g7e6 3. c1e2 $1 e6c4 ; comment
4. e3c3 1-0

[Event "Second"]
1. f2 PASS 2... a2 *
"#;
        let games = read(pgn).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0].position.as_deref(),
            Some("x5o/7/7/7/7/7/o5x x 0 1")
        );
        assert_eq!(
            texts(&games[0]),
            ["g1e3", "a1c1", "d2", "g7e6", "c1e2", "e6c4", "e3c3"]
        );
        assert_eq!(games[0].declared, Some(DeclaredResult::Won(Side::Black)));
        assert_eq!(games[0].moves[6].number, 4);
        assert_eq!(texts(&games[1]), ["f2", "0000", "a2"]);
        assert_eq!(games[1].declared, Some(DeclaredResult::Unfinished));
        assert_eq!(games[1].label, "game 2");
    }

    #[test]
    fn one_move_per_line_is_still_read() {
        let games = read("# position: 7/7/7/7/4ooo/4ooo/4oox x 0 1\npass\n1. e2\n").unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(texts(&games[0]), ["0000", "e2"]);
        assert!(games[0].position.is_some());
    }

    #[test]
    fn broken_pgn_is_refused_with_the_line() {
        assert!(
            read("[Event \"x\"\n1. f2 *")
                .unwrap_err()
                .contains("line 1")
        );
        assert!(read("[FEN x5o]\n").unwrap_err().contains("not a tag"));
        assert!(read("[Event \"x\"]\n1. f2 { never closed").is_err());
        assert!(
            read("[Event \"x\"]\n1. f2 ) *")
                .unwrap_err()
                .contains("line 2")
        );
    }
}
