//! The unit cases of section 8.3 of the Abalone rules, as a table: position (Black to move),
//! token, verdict, and for a legal move exactly which cells each colour left and entered and
//! the score after it; for an illegal one, the words of the reason. Played through
//! `AnyGame`, as the referee plays them: a refused move changes nothing.

use arbitre::games::{AnyGame, GameKind, Refusal, Start};
use serde_json::json;

const STANDARD: &str = "0a12345b123456c345_0g567h456789i56789";

enum Verdict {
    /// Black left / Black entered / White left / White entered / Black's score after.
    Legal(&'static str, &'static str, &'static str, &'static str, u64),
    /// Words the English reason contains.
    Illegal(&'static str),
}
use Verdict::{Illegal, Legal};

fn cells_of(position: &str, half: usize) -> Vec<String> {
    // The canonical string is `<k><cells>_<k><cells> <side>`.
    let marbles = position.split_whitespace().next().unwrap();
    let part = marbles.split('_').nth(half).unwrap();
    let mut out = Vec::new();
    let mut row = ' ';
    for c in part.chars().skip(1) {
        if c.is_ascii_alphabetic() {
            row = c;
        } else {
            out.push(format!("{row}{c}"));
        }
    }
    out
}

fn diff(before: &[String], after: &[String]) -> (String, String) {
    let left: Vec<&str> = before
        .iter()
        .filter(|c| !after.contains(c))
        .map(String::as_str)
        .collect();
    let entered: Vec<&str> = after
        .iter()
        .filter(|c| !before.contains(c))
        .map(String::as_str)
        .collect();
    (left.join(" "), entered.join(" "))
}

#[test]
fn section_8_3_unit_cases() {
    let table: &[(&str, &str, Verdict)] = &[
        (STANDARD, "a1b2", Legal("a1", "d4", "", "", 0)),
        (
            STANDARD,
            "a1a2",
            Illegal("5 of your own marbles would have to move"),
        ),
        (STANDARD, "a3b3", Legal("a3", "d3", "", "", 0)),
        (STANDARD, "a1b1", Legal("a1", "c1", "", "", 0)),
        (STANDARD, "c3d3", Legal("c3", "d3", "", "", 0)),
        (STANDARD, "c5c4", Legal("c5", "c2", "", "", 0)),
        (STANDARD, "c3c5d3", Legal("c3 c4 c5", "d3 d4 d5", "", "", 0)),
        (STANDARD, "c5c3d5", Legal("c3 c4 c5", "d3 d4 d5", "", "", 0)),
        (STANDARD, "c3c5d4", Legal("c3 c4 c5", "d4 d5 d6", "", "", 0)),
        (STANDARD, "c3c4d3", Legal("c3 c4", "d3 d4", "", "", 0)),
        (
            STANDARD,
            "c3c5b3",
            Illegal("broadside into occupied cell B3"),
        ),
        (
            STANDARD,
            "a1a3b1",
            Illegal("broadside into occupied cell B1"),
        ),
        (
            STANDARD,
            "c3c5c6",
            Illegal("not a neighbour of the first end"),
        ),
        (
            STANDARD,
            "c3c5e5",
            Illegal("not a neighbour of the first end"),
        ),
        (
            STANDARD,
            "a1c3b2",
            Illegal("cannot move along its own line"),
        ),
        ("0e123_0e4", "e1e2", Legal("e1", "e4", "e4", "e5", 0)),
        ("0e123_0e45", "e1e2", Legal("e1", "e4", "e4", "e6", 0)),
        ("0e12_0e3", "e1e2", Legal("e1", "e3", "e3", "e4", 0)),
        ("0e678_0e9", "e6e7", Legal("e6", "e9", "e9", "", 1)),
        ("0e78_0e9", "e7e8", Legal("e7", "e9", "e9", "", 1)),
        ("0e1234_0e5", "e2e3", Legal("e2", "e5", "e5", "e6", 0)),
        (
            "0e1234_0e5",
            "e1e2",
            Illegal("4 of your own marbles would have to move"),
        ),
        ("0e1_0e2", "e1e2", Illegal("a single marble cannot push")),
        (
            "0e12_0e34",
            "e1e2",
            Illegal("2 marbles cannot push 2 (White's E3 E4)"),
        ),
        (
            "0e123_0e456",
            "e1e2",
            Illegal("3 marbles cannot push 3 (White's E4 E5 E6)"),
        ),
        (
            "0e1235_0e4",
            "e1e2",
            Illegal("sandwich: your own marble on E5"),
        ),
        (
            "0e89_0a1",
            "e8e9",
            Illegal("your marbles would leave the board"),
        ),
        (
            "0e45_0f5",
            "e4e5f5",
            Illegal("broadside into occupied cell F5"),
        ),
        ("0e45_0a1", "e4e5f4", Legal("e4 e5", "f4 f5", "", "", 0)),
        ("0d4e4_0a1", "d4e4d5", Legal("d4 e4", "d5 e5", "", "", 0)),
    ];
    for (position, token, verdict) in table {
        let start = Start::Position(position.to_string());
        let mut game = AnyGame::new(GameKind::Abalone, &start, None, "").unwrap();
        let before = game.position_string();
        let result = game.play(token);
        let after = game.position_string();
        match (verdict, result) {
            (Legal(bl, be, wl, we, score), Ok(judgement)) => {
                let black = diff(&cells_of(&before, 0), &cells_of(&after, 0));
                let white = diff(&cells_of(&before, 1), &cells_of(&after, 1));
                assert_eq!(
                    black,
                    (bl.to_string(), be.to_string()),
                    "{position} {token}: Black"
                );
                assert_eq!(
                    white,
                    (wl.to_string(), we.to_string()),
                    "{position} {token}: White"
                );
                assert_eq!(
                    game.score(),
                    Some(json!({"black": score, "white": 0})),
                    "{position} {token}"
                );
                assert!(
                    judgement.effect.en().starts_with("Black moves"),
                    "{}",
                    judgement.effect.en()
                );
                assert!(
                    judgement.effect.fr().starts_with("Les Noirs déplacent"),
                    "{}",
                    judgement.effect.fr()
                );
            }
            (Illegal(words), Err(refusal)) => {
                assert_eq!(refusal.line(), "ERR", "{position} {token}");
                let en = refusal.explain(arbitre::text::Lang::EN);
                assert!(en.contains(words), "{position} {token}: {en}");
                assert!(!refusal.explain(arbitre::text::Lang::FR).is_empty());
                assert_eq!(
                    after, before,
                    "{position} {token}: a refused move changed the game"
                );
            }
            (Legal(..), Err(r)) => panic!("{position} {token}: refused: {r}"),
            (Illegal(_), Ok(j)) => panic!("{position} {token}: accepted: {}", j.canonical),
        }
    }
}

#[test]
fn both_spellings_of_a_broadside_give_the_ascending_canonical_token() {
    let game = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
    for token in ["c3c5d3", "c5c3d5", "C5C3D5", " c5 - c3 - d5 "] {
        assert_eq!(game.judge(token).unwrap().canonical, "c3c5d3", "{token}");
    }
    assert_eq!(game.judge("A1B2").unwrap().canonical, "a1b2");
}

#[test]
fn a_push_off_is_described_with_the_new_score_in_both_languages() {
    let start = Start::Position("0e678_0e9".to_string());
    let game = AnyGame::new(GameKind::Abalone, &start, None, "").unwrap();
    let j = game.judge("e6e7").unwrap();
    assert_eq!(
        j.effect.en(),
        "Black moves 3 marbles in line east (right): E6 E7 E8 → E7 E8 E9. \
         Pushes 1 White marble: E9 → off the board (ejected). \
         Score: Black 1, White 0 (marbles pushed off)."
    );
    assert!(
        j.effect
            .fr()
            .contains("Bille blanche poussée : E9 → hors du plateau (éjectée).")
    );
    let start = Start::Position("0e123_0e45".to_string());
    let game = AnyGame::new(GameKind::Abalone, &start, None, "").unwrap();
    let j = game.judge("e1e2").unwrap();
    assert!(
        j.effect
            .en()
            .contains("Pushes 2 White marbles: E4 → E5, E5 → E6."),
        "{}",
        j.effect.en()
    );
    // The score is the board's to show, not repeated in what a move does.
    assert!(!j.effect.fr().contains("Score"), "{}", j.effect.fr());
}

#[test]
fn the_sixth_ejection_ends_the_game_at_once_with_the_score_as_result() {
    // Black has pushed off five; e6e7 pushes off the sixth.
    let start = Start::Position("0e678i5_5e9a1".to_string());
    let mut game = AnyGame::new(GameKind::Abalone, &start, None, "").unwrap();
    let j = game.play("e6e7").unwrap();
    assert_eq!(j.line, "e6e7 6-0");
    assert_eq!(game.outcome().winner(), Some(arbitre::games::Side::Black));
    assert_eq!(
        game.outcome().termination().map(|t| t.code),
        Some("six-ejected")
    );
    assert!(
        j.effect
            .en()
            .ends_with("Black has pushed off six marbles and wins.")
    );
    assert!(matches!(game.play("a1b1"), Err(Refusal::GameOver(_))));
    // White winning writes the winner's count first.
    let start = Start::Position("5e9c1_4e678 w".to_string());
    let mut game = AnyGame::new(GameKind::Abalone, &start, None, "").unwrap();
    assert_eq!(game.play("e6e7").unwrap().line, "e6e7 6-4");
    assert_eq!(game.score(), Some(json!({"black": 4, "white": 6})));
    // The finished position reads back as a finished game.
    let again = AnyGame::new(
        GameKind::Abalone,
        &Start::Position(game.position_string()),
        None,
        "",
    )
    .unwrap();
    assert!(again.outcome().is_over());
    assert_eq!(again.position_string(), game.position_string());
}

#[test]
fn it_is_not_your_marble_and_no_marble_there_are_told_apart() {
    let game = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
    let e = game
        .judge("i5h5")
        .unwrap_err()
        .explain(arbitre::text::Lang::EN);
    assert!(e.contains("I5 is White's marble, not yours"), "{e}");
    let e = game
        .judge("e5e6")
        .unwrap_err()
        .explain(arbitre::text::Lang::EN);
    assert!(e.contains("there is no marble on E5"), "{e}");
    let e = game
        .judge("a1d4")
        .unwrap_err()
        .explain(arbitre::text::Lang::FR);
    assert!(e.contains("Nacre"), "{e}");
}
