//! Links to the public pages in game mails: when the pages have a public address
//! (`[web] public-url`), each mail about a game the pages show ends with the address of
//! that game's page, in the reader's words. Decided with the mail, like its picture. Pure.

use crate::referee::spectators::listed;
use crate::referee::{Channel, GameId, Outgoing, StoredGame};
use crate::t;
use crate::text::Lang;

/// Ends each mail of `outbox` about a game the pages show with the link to its page under
/// `base` (no trailing slash). `game` finds a game as the decision leaves it; `public`
/// tells whether a player shows their casual games; `lang` gives a reader's language.
pub fn attach<'g>(
    outbox: &mut [Outgoing],
    base: &str,
    game: impl Fn(GameId) -> Option<&'g StoredGame>,
    public: impl Fn(&str) -> bool,
    lang: impl Fn(&str) -> Lang,
) {
    for mail in outbox.iter_mut() {
        if mail.channel != Channel::Mail {
            continue;
        }
        let Some(g) = mail.game.and_then(&game) else {
            continue;
        };
        if !listed(g, &public) {
            continue;
        }
        let url = format!("{base}/games/{}", g.id);
        if mail.body.contains(&url) {
            continue;
        }
        let line = t!(lang(&mail.to), "web-link", url = url);
        let body = mail.body.trim_end();
        mail.body = format!("{body}\n\n{line}\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::referee::{AutoKind, GameStatus};

    fn mail(to: &str, game: Option<GameId>) -> Outgoing {
        Outgoing {
            to: to.into(),
            subject: "s".into(),
            body: "a1b2\n\nThe board.\n".into(),
            message_id: "m@x".into(),
            in_reply_to: None,
            references: Vec::new(),
            reply_to: None,
            game,
            auto: AutoKind::Replied,
            turn: None,
            channel: Channel::Mail,
            sms: None,
            not_before: None,
            picture: None,
        }
    }

    #[test]
    fn a_game_mail_links_to_the_page_of_a_game_the_pages_show() {
        let g = crate::render::testing::stored_game(7, GameKind::Ataxx, 2);
        let mut invited = crate::render::testing::stored_game(8, GameKind::Ataxx, 0);
        invited.status = GameStatus::Invited;
        let games = [g, invited];
        let mut outbox = vec![
            mail("alice@x.org", Some(7)),
            mail("bob@x.org", Some(7)),
            mail("bob@x.org", Some(8)),
            mail("carol@x.org", None),
        ];
        attach(
            &mut outbox,
            "https://games.example.org",
            |id| games.iter().find(|g| g.id == id),
            |_| true,
            |a| if a == "bob@x.org" { Lang::FR } else { Lang::EN },
        );
        assert!(
            outbox[0].body.starts_with("a1b2\n"),
            "the protocol line stays first"
        );
        assert!(
            outbox[0]
                .body
                .ends_with("This game on the web: https://games.example.org/games/7\n")
        );
        assert!(
            outbox[1]
                .body
                .ends_with("Cette partie sur le web : https://games.example.org/games/7\n")
        );
        assert!(
            !outbox[2].body.contains("https://"),
            "an invitation has no page"
        );
        assert!(!outbox[3].body.contains("https://"));
        // Hidden by a player: no link.
        let mut again = vec![mail("alice@x.org", Some(7))];
        attach(
            &mut again,
            "https://games.example.org",
            |id| games.iter().find(|g| g.id == id),
            |a| a != "bob@x.org",
            |_| Lang::EN,
        );
        assert!(!again[0].body.contains("https://"));
    }
}
