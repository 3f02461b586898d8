//! Mail hygiene and routing: oversized mail, unproven senders and requests to confirm,
//! reply addresses that are not arbitre's, the rate limit, which game is meant, game lists.

use super::*;

/// An oversized message.
pub fn too_large(lang: Lang, size: usize, limit: usize) -> String {
    t!(lang, "too-large", size = size, limit = limit) + "\n"
}

/// The Subject of a request to confirm `line`: the game tag (or `[arbitre]`), then
/// `Confirm:` and the command, for the player to see (never read back: the request is
/// stored, see [`crate::referee::confirm`]).
pub fn subject_confirm(lang: Lang, game: Option<GameId>, line: &str) -> String {
    let tag = match game {
        Some(id) => format!("[arbitre #{id}]"),
        None => "[arbitre]".to_string(),
    };
    t!(
        lang,
        "subject-confirm",
        tag = tag,
        command = line.to_string()
    )
}

/// A command that would change a game or a player, in a message nothing proves the sender
/// wrote. `confirmable`: a request to confirm it was stored, and this mail's reply address
/// is the request's own (a `YES` to it carries the command out). `reply_address`: whether
/// this mail has a reply address that proves the sender at all.
pub fn unproven(lang: Lang, line: &str, confirmable: bool, reply_address: bool) -> String {
    let how = match (reply_address, confirmable) {
        (true, true) => t!(lang, "unproven-confirm"),
        (true, false) => t!(lang, "unproven-resend"),
        (false, _) => t!(lang, "unproven-no-key"),
    };
    // The command is shown indented, as quoted text (Fluent keeps no leading spaces).
    format!(
        "{}\n\n{how}\n\n{}\n",
        t!(lang, "unproven", command = format!("    {}", quote(line))),
        t!(lang, "unproven-advice")
    )
}

/// A message sent to a plus-address of arbitre that is not one of its reply addresses.
pub fn invalid_address(lang: Lang, address: &str) -> String {
    t!(lang, "invalid-address", address = address.to_string()) + "\n"
}

/// The answer to mail sent to a reply address of a secret since replaced.
pub fn retired_address(lang: Lang, address: &str) -> String {
    t!(lang, "retired-address", address = address.to_string()) + "\n"
}

/// The time of day of `at` (seconds since the epoch), `HH:MM` in UTC.
fn clock_utc(at: i64) -> String {
    let day = at.rem_euclid(86_400);
    format!("{:02}:{:02}", day / 3600, (day % 3600) / 60)
}

/// The one notice a sender gets when the rate limit starts to hold answers back.
pub fn rate_limited(lang: Lang, limit: u32, until: i64) -> String {
    t!(
        lang,
        "rate-limited",
        limit = limit,
        until = clock_utc(until)
    ) + "\n"
}

/// A message about a game the sender does not play in.
pub fn not_your_game(lang: Lang, id: GameId) -> String {
    t!(lang, "not-your-game", id = id) + "\n"
}

/// A message naming a game arbitre does not know.
pub fn unknown_game(lang: Lang, id: GameId) -> String {
    t!(lang, "unknown-game", id = id) + "\n"
}

/// A game command with no game to apply it to.
pub fn no_game(lang: Lang, why: NoGame) -> String {
    match why {
        NoGame::NoActive => t!(lang, "no-game-active") + "\n",
        NoGame::NothingToAnswer => t!(lang, "no-game-to-answer") + "\n",
    }
}

/// Several games could be meant: the list, and how to choose.
pub fn which_game(lang: Lang, games: &[GameLine]) -> String {
    format!("{}\n\n{}", t!(lang, "which-game"), game_lines(lang, games))
}

/// The sender's games.
pub fn games_list(lang: Lang, games: &[GameLine]) -> String {
    if games.is_empty() {
        return t!(lang, "games-none") + "\n";
    }
    format!("{}\n\n{}", t!(lang, "games-head"), game_lines(lang, games))
}

fn game_lines(lang: Lang, games: &[GameLine]) -> String {
    let mut out = String::new();
    for g in games {
        let (state, result) = match &g.state {
            State::YourTurn => ("your-turn", String::new()),
            State::TheirTurn => ("their-turn", String::new()),
            State::InvitedYou => ("invited-you", String::new()),
            State::InvitedThem => ("invited-them", String::new()),
            State::Finished(line) => ("finished", line.clone()),
            State::Declined => ("declined", String::new()),
        };
        out.push_str(&t!(
            lang,
            "game-line",
            id = g.id,
            game = g.kind.title(lang),
            opponent = opp(lang, g.opponent.as_deref()),
            side = g.you.clone(),
            state = state,
            result = result
        ));
        out.push('\n');
        if let Some(addr) = &g.reply_to {
            out.push_str(&format!(
                "    {}\n",
                t!(lang, "game-line-address", address = addr.clone())
            ));
        }
    }
    out
}
