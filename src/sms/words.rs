//! The short forms of what arbitre says by SMS, from the catalogs (`sms.ftl`): a move
//! passed on, a move accepted or refused, a result, a reminder, and the messages of a
//! phone's link (code, linked, STOP, START, which game). One segment each: every value is
//! cut to its longest allowed form and put into GSM-7 (`tests/referee/sms_templates.rs` proves
//! that every template, in every language, fits 160 units with those longest values); a
//! refusal's explanation and a list of games are cut to what is left. Pure.

use crate::base::GameId;
use crate::games::GameKind;
use crate::sms::gsm7::{self, GSM7_SINGLE};
use crate::t;
use crate::text::Lang;

/// Names are cut to this many characters.
pub const NAME_MAX: usize = 16;

/// How a game ended, for its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// They won.
    Win,
    /// They lost.
    Loss,
    /// A draw.
    Draw,
    /// The game was cancelled.
    Cancelled,
}

/// A game's short name (`Bulltricker`, `Tours`).
pub fn game_name(kind: GameKind) -> String {
    let name = kind.name();
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A name for SMS: in GSM-7, at most [`NAME_MAX`] characters; "your opponent" when none.
pub fn name(lang: Lang, who: Option<&str>) -> String {
    let full = match who {
        Some(n) if !n.trim().is_empty() => n.trim().to_string(),
        _ => t!(lang, "your-opponent"),
    };
    cut(&gsm7::transliterate(&full), NAME_MAX)
}

/// At most `max` characters.
fn cut(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// A move as sent: in GSM-7 (moves are ASCII in every game's notation).
fn mv(text: &str) -> String {
    gsm7::transliterate(text)
}

/// What a player wrote, echoed back: in GSM-7, cut to [`ECHO_MAX`] characters.
fn echo(text: &str) -> String {
    let t = gsm7::transliterate(text.trim());
    if t.chars().count() <= ECHO_MAX {
        t
    } else {
        cut(&t, ECHO_MAX - 3) + "..."
    }
}

/// A refused move or a protocol line is echoed in at most this many characters.
pub const ECHO_MAX: usize = 30;

/// Time left, in its two largest units and the reader's letters: `29d23h`, `5h30m`,
/// `45m` (`29j23h` in French).
pub fn left_words(lang: Lang, seconds: i64) -> String {
    let s = seconds.max(0);
    let (d, h, m) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60);
    let day = if lang == Lang::FR { "j" } else { "d" };
    match (d, h, m) {
        (0, 0, m) => format!("{m}m"),
        (0, h, 0) => format!("{h}h"),
        (0, h, m) => format!("{h}h{m}m"),
        (d, 0, _) => format!("{d}{day}"),
        (d, h, _) => format!("{d}{day}{h}h"),
    }
}

/// The opponent played `played`: the reader's turn, with the time they have left when the
/// game has a clock, and what the move did (`effect`, the engine's sentence) when the SMS
/// still fits one segment with it.
pub fn your_move(
    lang: Lang,
    id: GameId,
    kind: GameKind,
    who: Option<&str>,
    played: &str,
    left: Option<i64>,
    effect: Option<&str>,
) -> String {
    let (game, who, played) = (game_name(kind), name(lang, who), mv(played));
    let text = |effect: String| match left {
        Some(left) => t!(
            lang,
            "sms-your-move-timed",
            id = id,
            game = game.clone(),
            who = who.clone(),
            move = played.clone(),
            effect = effect,
            left = left_words(lang, left)
        ),
        None => t!(
            lang,
            "sms-your-move",
            id = id,
            game = game.clone(),
            who = who.clone(),
            move = played.clone(),
            effect = effect
        ),
    };
    if let Some(effect) = effect.map(str::trim).filter(|e| !e.is_empty()) {
        let with = text(format!(" {}", gsm7::transliterate(effect)));
        if gsm7::cost(&with).units <= GSM7_SINGLE {
            return with;
        }
    }
    text(String::new())
}

/// A game against `who` begins, and the reader moves first.
pub fn game_start(lang: Lang, id: GameId, kind: GameKind, who: Option<&str>) -> String {
    t!(
        lang,
        "sms-game-start",
        id = id,
        game = game_name(kind),
        who = name(lang, who)
    )
}

/// The reader's move `played` was accepted and passed on to `who`.
pub fn accepted(lang: Lang, id: GameId, played: &str, who: Option<&str>) -> String {
    t!(
        lang,
        "sms-accepted",
        id = id,
        move = mv(played),
        who = name(lang, who)
    )
}

/// The reader's move `played` was refused: the protocol's `line` (`ERR`, `ERR !! a.h1`)
/// and as much of `why` as fits.
pub fn refused(lang: Lang, id: GameId, line: &str, played: &str, why: &str) -> String {
    let (line, played) = (echo(line), echo(played));
    let bare = t!(
        lang,
        "sms-refused",
        id = id,
        line = line.clone(),
        move = played.clone(),
        why = String::new()
    );
    let room = GSM7_SINGLE.saturating_sub(gsm7::cost(&bare).units);
    let why = fit(&gsm7::transliterate(why.trim()), room);
    t!(
        lang,
        "sms-refused",
        id = id,
        line = line,
        move = played,
        why = why
    )
}

/// The game ended: the protocol's result `line` (`WW MAT`, `PAT`) and what it means for
/// the reader.
pub fn end(lang: Lang, id: GameId, kind: GameKind, line: &str, end: End) -> String {
    let (game, line) = (game_name(kind), mv(line));
    match end {
        End::Win => t!(lang, "sms-end-win", id = id, game = game, line = line),
        End::Loss => t!(lang, "sms-end-loss", id = id, game = game, line = line),
        End::Draw => t!(lang, "sms-end-draw", id = id, game = game, line = line),
        End::Cancelled => t!(lang, "sms-end-cancelled", id = id, game = game),
    }
}

/// A reminder: the reader's move against `who`, `left` on their clock.
pub fn reminder(lang: Lang, id: GameId, kind: GameKind, who: Option<&str>, left: i64) -> String {
    t!(
        lang,
        "sms-reminder",
        id = id,
        game = game_name(kind),
        who = name(lang, who),
        left = left_words(lang, left)
    )
}

/// The code that links a phone to `account` (an address as
/// [`crate::referee::phone::hinted`] gives it: its owner knows it, nobody else learns it).
pub fn code(lang: Lang, code: &str, account: &str) -> String {
    let bare = t!(
        lang,
        "sms-code",
        code = code.to_string(),
        account = String::new()
    );
    let room = GSM7_SINGLE.saturating_sub(gsm7::cost(&bare).units);
    let mut kept = String::new();
    let mut units = 0;
    for c in gsm7::transliterate(account).chars() {
        let u = gsm7::units_of(c).unwrap_or(2);
        if units + u > room {
            break;
        }
        units += u;
        kept.push(c);
    }
    t!(lang, "sms-code", code = code.to_string(), account = kept)
}

/// The phone is linked.
pub fn linked(lang: Lang) -> String {
    t!(lang, "sms-linked")
}

/// `STOP` confirmed.
pub fn stopped(lang: Lang) -> String {
    t!(lang, "sms-stopped")
}

/// `START` confirmed.
pub fn started(lang: Lang) -> String {
    t!(lang, "sms-started")
}

/// A number nobody links wrote to arbitre.
pub fn unknown(lang: Lang) -> String {
    t!(lang, "sms-unknown")
}

/// The answer to an SMS went by mail (it has no short form), about game `id` if any.
pub fn by_mail(lang: Lang, id: Option<GameId>) -> String {
    match id {
        Some(id) => t!(lang, "sms-by-mail", id = id),
        None => t!(lang, "sms-by-mail-none"),
    }
}

/// A game's position string (`BOARD` by SMS), cut to [`gsm7::MAX_SEGMENTS`] segments.
pub fn board(lang: Lang, id: GameId, kind: GameKind, position: &str) -> String {
    let text = t!(
        lang,
        "sms-board",
        id = id,
        game = game_name(kind),
        position = mv(position)
    );
    let room = gsm7::GSM7_PART * gsm7::MAX_SEGMENTS;
    if gsm7::cost(&text).units <= GSM7_SINGLE {
        return text;
    }
    fit(&text, room)
}

/// Which game? The reader's games waiting for them, as many as fit (`#12 Alice, #15 Bob`).
pub fn which_game(lang: Lang, games: &[(GameId, Option<String>)]) -> String {
    let bare = t!(lang, "sms-which-game", games = String::new());
    let room = GSM7_SINGLE.saturating_sub(gsm7::cost(&bare).units);
    let mut list = String::new();
    for (id, who) in games {
        let item = format!("#{id} {}", name(lang, who.as_deref()));
        let next = if list.is_empty() {
            item
        } else {
            format!("{list}, {item}")
        };
        if gsm7::cost(&next).units > room {
            break;
        }
        list = next;
    }
    t!(lang, "sms-which-game", games = list)
}

/// At most `room` GSM-7 units of `text` (already GSM-7), cut at a word with `...` when it
/// must be cut.
fn fit(text: &str, room: usize) -> String {
    if gsm7::cost(text).units <= room {
        return text.to_string();
    }
    let mut out = String::new();
    for word in text.split(' ') {
        let next = if out.is_empty() {
            word.to_string()
        } else {
            format!("{out} {word}")
        };
        if gsm7::cost(&next).units + 3 > room {
            break;
        }
        out = next;
    }
    if out.is_empty() {
        out = text
            .chars()
            .take(room.saturating_sub(3))
            .filter(|c| gsm7::units_of(*c) == Some(1))
            .collect();
    }
    out + "..."
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cut_and_put_in_gsm7() {
        assert_eq!(
            name(Lang::FR, Some("François-Xavier de la Tour")),
            "Francois-Xavier "
        );
        assert_eq!(name(Lang::FR, None), "votre adversaire");
        assert_eq!(name(Lang::EN, Some("  ")), "your opponent");
        assert_eq!(game_name(GameKind::Bulltricker), "Bulltricker");
    }

    #[test]
    fn a_long_explanation_is_cut_at_a_word_and_the_sms_still_fits() {
        let why = "word ".repeat(60);
        let text = refused(Lang::EN, 123_456, "ERR", "a1b2", &why);
        let c = gsm7::cost(&text);
        assert_eq!(
            (c.encoding, c.segments),
            (gsm7::Encoding::Gsm7, 1),
            "{text}"
        );
        assert!(text.ends_with("word..."), "{text}");
        let short = refused(Lang::FR, 12, "ERR", "a1b2", "case occupée");
        assert_eq!(short, "#12 ERR a1b2 : case occupée");
    }

    #[test]
    fn a_list_of_games_holds_what_fits() {
        let games: Vec<(GameId, Option<String>)> = (1..40)
            .map(|i| (100_000 + i, Some(format!("Player number {i}"))))
            .collect();
        let text = which_game(Lang::FR, &games);
        assert!(gsm7::cost(&text).units <= 160, "{text}");
        assert!(text.contains("#100001 Player number 1"), "{text}");
        assert!(!text.contains("#100039"), "{text}");
    }
}
