//! Which game a message is about.
//!
//! In order: the game of a valid reply token in a recipient address; the game of the mail
//! it replies to (In-Reply-To/References matched by the daemon on our Message-IDs); a
//! `[arbitre #42]` Subject tag; else the sender's only game the command can apply to (their
//! only active game for a move, their only pending invitation for `ACCEPT`). A game named
//! explicitly but unknown to the context is reported, never replaced by a guess; several
//! candidates make the referee ask which game, listing them.

use crate::games::Side;
use crate::referee::command::Command;
use crate::referee::{Context, GameId, GameStatus, StoredGame};

/// How the game was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// A reply token in a recipient address.
    Token,
    /// The mail it replies to.
    Reply,
    /// The Subject tag.
    Subject,
    /// The sender's only game the command applies to.
    OnlyGame,
}

/// Where a message goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route<'a> {
    /// This game.
    Game(&'a StoredGame, How),
    /// A game named explicitly (token, reply or tag) that the context does not hold.
    NotFound(GameId, How),
    /// No game could be meant.
    NoGame,
    /// Several games could be meant, by number.
    Ambiguous(Vec<&'a StoredGame>),
}

/// Finds the game `command` from `sender` is about.
pub fn route<'a>(ctx: &'a Context, sender: &str, command: &Command) -> Route<'a> {
    let explicit = [
        (ctx.token_game, How::Token),
        (ctx.reply_game, How::Reply),
        (ctx.subject_game, How::Subject),
    ];
    if let Some((id, how)) = explicit
        .iter()
        .find_map(|(id, how)| id.map(|id| (id, *how)))
    {
        return match ctx.games.iter().find(|g| g.id == id) {
            Some(g) => Route::Game(g, how),
            None => Route::NotFound(id, how),
        };
    }
    let mut candidates: Vec<&StoredGame> = ctx
        .games
        .iter()
        .filter(|g| applies(g, sender, command))
        .collect();
    candidates.sort_by_key(|g| g.id);
    candidates.dedup_by_key(|g| g.id);
    match candidates.as_slice() {
        [] => Route::NoGame,
        [one] => Route::Game(one, How::OnlyGame),
        _ => Route::Ambiguous(candidates),
    }
}

/// Whether `command` from `sender` could be meant for game `g` when no game is named.
fn applies(g: &StoredGame, sender: &str, command: &Command) -> bool {
    let Some(side) = g.side_of(sender) else {
        return false;
    };
    match command {
        Command::Accept | Command::Decline => {
            let invited =
                g.status == GameStatus::Invited && !g.challenger.eq_ignore_ascii_case(sender);
            let offered =
                g.status == GameStatus::Active && g.draw_offer == Some(Side::opponent(side));
            invited || offered
        }
        _ => g.status == GameStatus::Active,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    fn game(id: GameId, white: &str, black: &str, status: GameStatus) -> StoredGame {
        StoredGame {
            id,
            kind: GameKind::ALL[0],
            variant: None,
            start: String::new(),
            to_move: None,
            options: String::new(),
            white: white.into(),
            black: black.into(),
            challenger: white.into(),
            status,
            moves: vec![],
            result: None,
            draw_offer: None,
            undo_request: None,
            hint_request: None,
            takebacks: Vec::new(),
            conditions: None,
            clock: Default::default(),
            created_at: 0,
            updated_at: 0,
            terms: Default::default(),
        }
    }

    fn ctx(games: Vec<StoredGame>) -> Context {
        Context {
            games,
            ..Context::default()
        }
    }

    #[test]
    fn token_beats_reply_beats_subject() {
        let mut c = ctx(vec![
            game(1, "a@x.org", "b@x.org", GameStatus::Active),
            game(2, "a@x.org", "c@x.org", GameStatus::Active),
            game(3, "a@x.org", "d@x.org", GameStatus::Active),
        ]);
        c.token_game = Some(1);
        c.reply_game = Some(2);
        c.subject_game = Some(3);
        let mv = Command::Move("x".into());
        assert!(matches!(route(&c, "a@x.org", &mv), Route::Game(g, How::Token) if g.id == 1));
        c.token_game = None;
        assert!(matches!(route(&c, "a@x.org", &mv), Route::Game(g, How::Reply) if g.id == 2));
        c.reply_game = None;
        assert!(matches!(route(&c, "a@x.org", &mv), Route::Game(g, How::Subject) if g.id == 3));
        c.subject_game = Some(9);
        assert_eq!(route(&c, "a@x.org", &mv), Route::NotFound(9, How::Subject));
    }

    #[test]
    fn without_a_name_the_only_fitting_game_is_taken_else_the_sender_is_asked() {
        let c = ctx(vec![
            game(1, "a@x.org", "b@x.org", GameStatus::Active),
            game(2, "a@x.org", "c@x.org", GameStatus::Finished),
            game(3, "c@x.org", "a@x.org", GameStatus::Invited),
        ]);
        let mv = Command::Move("x".into());
        assert!(matches!(route(&c, "a@x.org", &mv), Route::Game(g, How::OnlyGame) if g.id == 1));
        assert!(matches!(route(&c, "A@X.org", &Command::Accept), Route::Game(g, _) if g.id == 3));
        assert_eq!(route(&c, "c@x.org", &Command::Accept), Route::NoGame);
        assert_eq!(route(&c, "z@x.org", &mv), Route::NoGame);

        let c = ctx(vec![
            game(5, "a@x.org", "b@x.org", GameStatus::Active),
            game(4, "c@x.org", "a@x.org", GameStatus::Active),
        ]);
        match route(&c, "a@x.org", &Command::Board) {
            Route::Ambiguous(gs) => {
                assert_eq!(gs.iter().map(|g| g.id).collect::<Vec<_>>(), vec![4, 5])
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn accept_also_fits_a_game_where_the_opponent_offers_a_draw() {
        let mut g = game(1, "a@x.org", "b@x.org", GameStatus::Active);
        g.draw_offer = Some(Side::White);
        let c = ctx(vec![g]);
        assert!(matches!(route(&c, "b@x.org", &Command::Accept), Route::Game(g, _) if g.id == 1));
        assert_eq!(route(&c, "a@x.org", &Command::Accept), Route::NoGame);
    }
}
