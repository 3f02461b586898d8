//! Reading recorded games: linear Aba-Pro move lists and APGN files.
//!
//! A file whose first meaningful line is a `[Tag "value"]` header is APGN (many games, see
//! [`super::apgn`]); anything else is one game written as a linear list
//! (`1.a1b2 i5h5 2.a2b3 …`), with optional `# key: value` header lines (`variant`,
//! `position`, `result`, `plies`, `event`).
//!
//! Moves are found by the tolerant scan of section 3.3: case is folded, `{…}` comments and
//! `(…)` annotations such as `(e)` are dropped, and tokens are runs of cells `[a-i][1-9]`
//! (a `-` or `–` may stand between two cells). Move numbers, `...` and result tokens contain
//! no letter a–i and stay where they are, so a number glued to the previous move
//! (`c4d59.g6f6`, quirk Q2) still reads. A run of 1 or of 4 or more cells is kept as written,
//! so that the replay refuses it with its reason and move number. Quirk Q1, a first cell
//! written twice (`e5e5e6`), is read as the in-line move of the first and third cells
//! (`e5e6`); the replay then checks that it is legal, and each repair is noted in a
//! `Repaired` tag.

use super::apgn;
use super::variants;
use crate::games::{DeclaredResult, RecordedGame, RecordedMove, Side};

/// Reads every game of a record file.
pub fn read(text: &str) -> Result<Vec<RecordedGame>, String> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%'));
    if first.is_some_and(|l| l.starts_with('[')) {
        apgn::read(text)
    } else {
        read_list(text).map(|g| vec![g])
    }
}

/// What the movetext scan found.
#[derive(Debug, Default)]
pub struct Scanned {
    /// The move tokens, with their move numbers.
    pub moves: Vec<RecordedMove>,
    /// The last result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<DeclaredResult>,
    /// Tokens repaired by quirk Q1, as `original -> repaired (move N)`.
    pub repairs: Vec<String>,
}

/// Reads a result token: `1-0` Black wins, `0-1` White wins, `1/2-1/2` a draw, `*` unknown.
pub fn result_token(token: &str) -> Option<DeclaredResult> {
    match token.trim() {
        "1-0" => Some(DeclaredResult::Won(Side::Black)),
        "0-1" => Some(DeclaredResult::Won(Side::White)),
        "1/2-1/2" | "½-½" => Some(DeclaredResult::Draw),
        "*" => Some(DeclaredResult::Unfinished),
        _ => None,
    }
}

/// Scans a movetext for move tokens (section 3.3). `white_first` says who plays the first
/// token, for numbering moves when the text has no move numbers.
pub fn scan(text: &str, white_first: bool) -> Scanned {
    let chars: Vec<char> = text.chars().map(|c| c.to_ascii_lowercase()).collect();
    let mut out = Scanned::default();
    let mut number: Option<usize> = None;
    let mut i = 0;
    let cell_at = |i: usize| -> bool {
        i + 1 < chars.len()
            && ('a'..='i').contains(&chars[i])
            && ('1'..='9').contains(&chars[i + 1])
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '{' | '(' => {
                let close = if c == '{' { '}' } else { ')' };
                while i < chars.len() && chars[i] != close {
                    i += 1;
                }
                i += 1;
            }
            '0'..='9' | '*' | '½' => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !cell_at(i) {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if let Some(result) = result_token(&word) {
                    out.result = Some(result);
                } else {
                    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
                    if word[digits.len()..].starts_with('.') {
                        number = digits.parse().ok();
                    }
                }
            }
            _ if cell_at(i) => {
                let mut written = String::with_capacity(6);
                loop {
                    written.push(chars[i]);
                    written.push(chars[i + 1]);
                    i += 2;
                    if cell_at(i) {
                        continue;
                    }
                    if i < chars.len() && matches!(chars[i], '-' | '–') && cell_at(i + 1) {
                        i += 1;
                        continue;
                    }
                    break;
                }
                let ply = out.moves.len() + usize::from(white_first);
                let n = number.unwrap_or(ply / 2 + 1);
                let text = if written.len() == 6 && written[..2] == written[2..4] {
                    let repaired = format!("{}{}", &written[..2], &written[4..]);
                    out.repairs
                        .push(format!("{written} -> {repaired} (move {n})"));
                    repaired
                } else {
                    written
                };
                out.moves.push(RecordedMove { text, number: n });
            }
            _ => i += 1,
        }
    }
    out
}

/// Reads a result written in words in a `# result:` line ("White (Ula12) wins 6-1", "ccc
/// (Black) wins", "draw", "Black wins on time"). A win not made by the rules (resignation,
/// time, disconnection) is read as "the rules did not end the game".
pub fn result_from_words(text: &str) -> Option<DeclaredResult> {
    if let Some(r) = result_token(text) {
        return Some(r);
    }
    let t = text.to_lowercase();
    let outside = [
        "resign",
        "abandon",
        "on time",
        "au temps",
        "forfeit",
        "disconnect",
        "déco",
    ];
    let not_by_rules = outside.iter().any(|w| t.contains(w));
    let wins = ["wins", "won", "win", "gagne", "victoire"]
        .iter()
        .filter_map(|w| t.find(w))
        .min();
    if let Some(at) = wins {
        let side_at = |s: &str| -> Option<(usize, Side)> {
            let black = ["black", "noir"].iter().filter_map(|w| s.rfind(w)).max();
            let white = ["white", "blanc"].iter().filter_map(|w| s.rfind(w)).max();
            match (black, white) {
                (Some(b), Some(w)) if b > w => Some((b, Side::Black)),
                (Some(_), Some(w)) => Some((w, Side::White)),
                (Some(b), None) => Some((b, Side::Black)),
                (None, Some(w)) => Some((w, Side::White)),
                (None, None) => None,
            }
        };
        let side = side_at(&t[..at]).map(|(_, s)| s).or_else(|| {
            // "won by White", "victoire de Blanc": the first side named after the word.
            let after = &t[at..];
            let black = ["black", "noir"].iter().filter_map(|w| after.find(w)).min();
            let white = ["white", "blanc"]
                .iter()
                .filter_map(|w| after.find(w))
                .min();
            match (black, white) {
                (Some(b), Some(w)) => Some(if b < w { Side::Black } else { Side::White }),
                (Some(_), None) => Some(Side::Black),
                (None, Some(_)) => Some(Side::White),
                (None, None) => None,
            }
        })?;
        return Some(if not_by_rules {
            DeclaredResult::Unfinished
        } else {
            DeclaredResult::Won(side)
        });
    }
    if t.contains("draw") || t.contains("nul") {
        return Some(DeclaredResult::Draw);
    }
    if t.contains("unfinished") || t.contains("unknown") || t.contains("inachev") {
        return Some(DeclaredResult::Unfinished);
    }
    None
}

/// Reads one linear move list with `# key: value` headers.
fn read_list(text: &str) -> Result<RecordedGame, String> {
    let mut game = RecordedGame {
        label: "game 1".to_string(),
        ..RecordedGame::default()
    };
    let mut movetext = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        let Some(comment) = trimmed.strip_prefix('#') else {
            movetext.push_str(line);
            movetext.push('\n');
            continue;
        };
        let Some((key, value)) = comment.split_once(':') else {
            continue;
        };
        let key = key.trim().to_lowercase();
        let value = value.trim().to_string();
        match key.as_str() {
            "variant" => {
                game.variant = Some(
                    variants::find_in_label(&value)
                        .map_or_else(|| value.clone(), |v| v.id.to_string()),
                );
            }
            "position" => game.position = Some(value.clone()),
            "result" => game.declared = result_from_words(&value),
            "plies" => {
                game.declared_plies = Some(
                    value
                        .parse()
                        .map_err(|_| format!("# plies: `{value}` is not a number"))?,
                );
            }
            "event" | "game" => game.label = value.clone(),
            _ => {}
        }
        game.tags.push((key, value));
    }
    let white_first = game
        .position
        .as_deref()
        .and_then(|p| super::setup::read(p).ok())
        .is_some_and(|(b, _)| b.to_move() == Side::White);
    let scanned = scan(&movetext, white_first);
    if game.declared.is_none() {
        game.declared = scanned.result;
    }
    game.moves = scanned.moves;
    for repair in scanned.repairs {
        game.tags.push(("Repaired".to_string(), repair));
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &Scanned) -> Vec<(usize, &str)> {
        s.moves
            .iter()
            .map(|m| (m.number, m.text.as_str()))
            .collect()
    }

    #[test]
    fn the_scan_copes_with_glued_numbers_upper_case_and_annotations() {
        let s = scan(
            "1.A1B2 I5H5 2.c4d59.g6f6 {e5e6 is a comment} 3. a1b2(e) ... i6h62.i8h7 e4-e5 1-0",
            false,
        );
        assert_eq!(
            texts(&s),
            vec![
                (1, "a1b2"),
                (1, "i5h5"),
                (2, "c4d5"),
                (9, "g6f6"),
                (3, "a1b2"),
                (3, "i6h6"),
                (2, "i8h7"),
                (2, "e4e5")
            ]
        );
        assert_eq!(s.result, Some(DeclaredResult::Won(Side::Black)));
    }

    #[test]
    fn odd_runs_are_kept_for_the_replay_to_refuse_and_q1_is_repaired() {
        let s = scan("1. a1b2c3d4 e5 2. e5e5e6 h5", false);
        assert_eq!(
            texts(&s),
            vec![(1, "a1b2c3d4"), (1, "e5"), (2, "e5e6"), (2, "h5")]
        );
        assert_eq!(s.repairs, vec!["e5e5e6 -> e5e6 (move 2)".to_string()]);
    }

    #[test]
    fn unnumbered_lists_are_numbered_from_the_side_to_move() {
        let s = scan("i5h5 a1b2 i6h6", true);
        assert_eq!(texts(&s), vec![(1, "i5h5"), (2, "a1b2"), (2, "i6h6")]);
    }

    #[test]
    fn results_in_words_name_the_winner_before_or_after_the_verb() {
        let cases = [
            (
                "White (Ula12) wins 6-1 (determined by replay)",
                Some(DeclaredResult::Won(Side::White)),
            ),
            (
                "ccc (Black) wins per that list (colours deduced: ccc = Black, MLAIA-max = White)",
                Some(DeclaredResult::Won(Side::Black)),
            ),
            ("won by White 6-2", Some(DeclaredResult::Won(Side::White))),
            ("Noir gagne 6-4", Some(DeclaredResult::Won(Side::Black))),
            ("Black wins on time", Some(DeclaredResult::Unfinished)),
            (
                "White wins by resignation",
                Some(DeclaredResult::Unfinished),
            ),
            ("draw by agreement", Some(DeclaredResult::Draw)),
            ("0-1", Some(DeclaredResult::Won(Side::White))),
            ("*", Some(DeclaredResult::Unfinished)),
            ("no idea", None),
        ];
        for (text, expected) in cases {
            assert_eq!(result_from_words(text), expected, "{text}");
        }
    }

    #[test]
    fn a_linear_list_with_headers_names_its_variant_and_result() {
        let games = read(
            "# variant: Belgian daisy (Marguerite belge)\n# result: White wins 6-5\n# plies: 3\n1.i9h8 a5b5 2.i8h7\n",
        )
        .unwrap();
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.variant.as_deref(), Some("belgian-daisy"));
        assert_eq!(g.declared, Some(DeclaredResult::Won(Side::White)));
        assert_eq!(g.declared_plies, Some(3));
        assert_eq!(g.moves.len(), 3);
    }
}
