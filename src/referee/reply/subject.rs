//! The Subject lines: a game's tag, the game, the opponent and where it stands for the
//! reader; the topic of a mail about no game.

use super::*;

/// The Subject of a mail about `stored` to the player seated as `reader`: the tag (which
/// routes replies), the game, the opponent, and where the game stands for the reader:
/// `[arbitre #12] Abalone vs Bob: your move (23. e5e6)`, `... Bob resigned, you win`.
/// `Re: ` when it answers the reader's own message. Clients thread by the Message-IDs.
pub fn subject_game(
    lang: Lang,
    stored: &StoredGame,
    reader: Side,
    opponent: Option<&str>,
    re: bool,
) -> String {
    let them = opp(lang, opponent);
    let event = match stored.status {
        GameStatus::Invited
            if stored
                .challenger
                .eq_ignore_ascii_case(stored.address_of(reader)) =>
        {
            t!(lang, "event-invited-them", opponent = them.clone())
        }
        GameStatus::Invited => t!(lang, "event-invited-you"),
        GameStatus::Declined => t!(lang, "event-declined"),
        GameStatus::Finished => match stored
            .result
            .as_ref()
            .and_then(|r| r.winner.map(|w| (w, r)))
        {
            Some((w, r)) if r.termination == Termination::RESIGNATION.code => {
                if w == reader {
                    t!(lang, "event-resigned-you-win", opponent = them.clone())
                } else {
                    t!(lang, "event-you-resigned")
                }
            }
            Some((w, _)) if w == reader => t!(lang, "event-you-win"),
            Some(_) => t!(lang, "event-you-lose"),
            None if stored
                .result
                .as_ref()
                .is_some_and(|r| Termination::counts_for_nobody(&r.termination)) =>
            {
                t!(lang, "event-cancelled")
            }
            None => t!(lang, "event-drawn"),
        },
        GameStatus::Active => {
            let to_move = crate::referee::compose::mover_of_ply(stored, stored.moves.len());
            match (to_move == Some(reader), stored.moves.last()) {
                (true, Some(last)) => t!(
                    lang,
                    "event-your-move-after",
                    last = format!(
                        "{} {}",
                        terms::move_number(stored, stored.moves.len() - 1).label(),
                        last.text
                    )
                ),
                (true, None) => t!(lang, "event-your-move"),
                (false, _) => t!(lang, "event-waiting", opponent = them.clone()),
            }
        }
    };
    // A standing take-back request, then a standing draw offer, is news in every mail of
    // the game until it is answered.
    let event = match stored.undo_request {
        Some(by) if stored.status == GameStatus::Active && by == reader => {
            t!(lang, "event-undo-asked-by-you", event = event)
        }
        Some(_) if stored.status == GameStatus::Active => t!(
            lang,
            "event-undo-asked-of-you",
            event = event,
            opponent = them.clone()
        ),
        _ => event,
    };
    let event = match stored.draw_offer {
        Some(by) if stored.status == GameStatus::Active && by == reader => {
            t!(lang, "event-draw-offered-by-you", event = event)
        }
        Some(_) if stored.status == GameStatus::Active => t!(
            lang,
            "event-draw-offered-to-you",
            event = event,
            opponent = them.clone()
        ),
        _ => event,
    };
    let (id, title) = (stored.id, stored.kind.title(lang));
    let base = match opponent {
        Some(_) => t!(
            lang,
            "subject-game",
            id = id,
            title = title,
            opponent = them,
            event = event
        ),
        None => t!(
            lang,
            "subject-game-anonymous",
            id = id,
            title = title,
            event = event
        ),
    };
    if re { format!("Re: {base}") } else { base }
}

/// The Subject of a mail about no game.
pub fn subject(lang: Lang, topic: Topic) -> String {
    match topic {
        Topic::Help => t!(lang, "subject-help"),
        Topic::Games => t!(lang, "subject-games"),
        Topic::Language => t!(lang, "subject-language"),
        Topic::Chat => t!(lang, "subject-chat"),
        Topic::Pictures => t!(lang, "subject-pictures"),
        Topic::Public => t!(lang, "subject-public"),
        Topic::Name => t!(lang, "subject-name"),
        Topic::Problem => t!(lang, "subject-problem"),
        Topic::Challenge => t!(lang, "subject-challenge"),
        Topic::WhichGame => t!(lang, "subject-which-game"),
        Topic::Zone => t!(lang, "subject-zone"),
        Topic::Leave => t!(lang, "subject-leave"),
        Topic::Phone => t!(lang, "subject-phone"),
        Topic::Tournament => t!(lang, "subject-tournament"),
    }
}
