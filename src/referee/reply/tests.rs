//! The mails' words, checked in both languages.

use super::*;

#[test]
fn subjects_of_mail_about_no_game_say_the_topic() {
    assert_eq!(subject(Lang::FR, Topic::Help), "[arbitre] Aide");
    assert_eq!(subject(Lang::EN, Topic::Games), "[arbitre] Your games");
}

#[test]
fn the_help_exists_in_both_languages_and_lists_every_game() {
    let en = help(Lang::EN, None);
    let fr = help(Lang::FR, None);
    assert!(en.contains("RESIGN") && en.contains("(EN, FR)"), "{en}");
    // The catalog keeps the command table's own indentation and columns.
    assert!(en.contains("\n  DRAW         offer a draw"), "{en}");
    assert!(
        en.contains("\n               else sent to your opponent"),
        "{en}"
    );
    assert!(fr.contains("\n  NULLE         proposer la nulle"), "{fr}");
    assert!(fr.contains("ABANDON") && fr.contains("NOUVELLE"));
    for k in GameKind::ALL {
        assert!(en.contains(k.name()) && fr.contains(k.name()));
    }
    let with_game = help(Lang::EN, Some(GameKind::ALL[0]));
    assert!(with_game.len() > en.len());
}

#[test]
fn every_new_error_is_explained_in_both_languages() {
    for e in [
        NewError::MissingGame,
        NewError::UnknownGame("chess".into()),
        NewError::MissingOpponent,
        NewError::BadAddress("bob".into()),
        NewError::BadColour("purple".into()),
    ] {
        let en = new_error(Lang::EN, &e);
        let fr = new_error(Lang::FR, &e);
        assert!(en.contains("No game was created"), "{en}");
        assert!(fr.contains("Aucune partie"), "{fr}");
    }
}

#[test]
fn move_lists_are_numbered_and_wrapped() {
    let plies: Vec<Ply> = (0..40)
        .map(|i| Ply {
            text: format!("m{i}xyz"),
            side: if i % 2 == 0 { Side::White } else { Side::Black },
            forced: i == 3,
        })
        .collect();
    // Sauterelle numbers every move.
    let plies_numbered = Numberer::starting(GameKind::Sauterelle, Some(Side::White));
    let list = move_list(Lang::EN, &plies_numbered, &plies);
    assert!(list.starts_with("1. m0xyz  2. m1xyz"), "{list}");
    assert!(list.contains("4. (m3xyz)"));
    assert!(list.lines().all(|l| l.len() <= 72));
    assert!(list.contains("40. m39xyz"));
    // Bulltricker numbers pairs, White first; a game that Black opens starts at 1...
    let pairs = Numberer::starting(GameKind::Bulltricker, Some(Side::White));
    let list = move_list(Lang::EN, &pairs, &plies);
    assert!(
        list.starts_with("1. m0xyz m1xyz  2. m2xyz (m3xyz)"),
        "{list}"
    );
    assert!(list.contains("20. m38xyz m39xyz"), "{list}");
    assert!(list.lines().all(|l| l.len() <= 72));
    let late = Numberer::starting(GameKind::Bulltricker, Some(Side::Black));
    let list = move_list(Lang::EN, &late, &plies[..3]);
    assert_eq!(list, "1... m0xyz  2. m1xyz m2xyz");
    assert_eq!(
        move_list(Lang::FR, &pairs, &[]),
        "(aucun coup pour l'instant)"
    );
}

#[test]
fn game_lists_never_show_an_opponent_address() {
    let lines = vec![GameLine {
        id: 3,
        kind: GameKind::ALL[0],
        you: "Black".into(),
        opponent: None,
        state: State::YourTurn,
        reply_to: Some("arbitre+g3-b-xyz@example.org".into()),
    }];
    let text = games_list(Lang::EN, &lines);
    assert!(
        text.contains("[arbitre #3]")
            && text.contains("your opponent")
            && text.contains("your move")
    );
    assert!(games_list(Lang::FR, &lines).contains("à vous de jouer"));
}
