//! Board pictures for game mails. A mail that shows a game's current text board, to a
//! player who has not turned pictures off (`PICTURES OFF`), carries the same position drawn
//! ([`crate::games::AnyGame::picture`]): the mail's HTML part shows the picture in place of
//! the text board, and the text part is left as it is. The picture is decided with the
//! mail, in the same transaction, so a mail sent again after a failure is the same mail.
//! Pure.

use std::collections::HashMap;

use crate::games::AnyGame;
use crate::referee::{Channel, GameId, Outgoing, Picture};
use crate::text::Lang;

/// Gives each mail of `outbox` that shows its game's current board the picture of it.
/// `live` gives a game as the decision leaves it, played (asked once a game); `reader`
/// gives the language of a recipient who wants pictures, `None` for one who does not.
pub fn attach(
    outbox: &mut [Outgoing],
    live: impl Fn(GameId) -> Option<AnyGame>,
    reader: impl Fn(&str) -> Option<Lang>,
) {
    // Each game is asked for once, whatever the number of mails about it.
    let mut replayed: HashMap<GameId, Option<AnyGame>> = HashMap::new();
    for mail in outbox.iter_mut() {
        if mail.channel != Channel::Mail || mail.picture.is_some() {
            continue;
        }
        let Some(id) = mail.game else { continue };
        let Some(lang) = reader(&mail.to) else {
            continue;
        };
        let position = replayed.entry(id).or_insert_with(|| live(id));
        let Some(live) = position.as_ref() else {
            continue;
        };
        let board = live.board(lang);
        let board = board.trim_end();
        if board.is_empty() || !mail.body.contains(board) {
            continue;
        }
        if let Some(svg) = live.picture(lang) {
            mail.picture = Some(Picture {
                svg,
                board: board.to_string(),
            });
        }
    }
}
