//! The mails about a game's clock: the reminder to move, a director's change, the answer
//! to CLOCK.

use super::*;

/// A reminder to the player to move: how long the game has waited for them, then the
/// position with its clock lines (the deadline) and how to answer.
pub fn reminder(lang: Lang, s: &Seen, waited: i64) -> String {
    let mut out = t!(
        lang,
        "clock-reminder",
        id = s.stored.id,
        title = title(lang, s.stored),
        opponent = opp(lang, s.opponent.as_deref()),
        waited = clock_text::duration_words(lang, waited)
    );
    out.push_str("\n\n");
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// A director's change to a game (`news`, already in the reader's words) and its
/// reason, then the position with its clock lines; how to answer for the player to move.
pub fn directed(lang: Lang, s: &Seen, news: &str, reason: &str) -> String {
    let mut out = format!(
        "{news}\n{}\n\n",
        t!(lang, "director-reason", reason = reason.to_string())
    );
    out.push_str(&position_block(lang, s));
    if s.stored.status == GameStatus::Active && s.live.side_to_move() == s.you {
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    }
    out
}

/// `CLOCK`: the control, both clocks, the deadline, and the zone times are written in.
pub fn clock_answer(lang: Lang, s: &Seen) -> String {
    let mut out = t!(lang, "clock-head", id = s.stored.id) + "\n\n";
    match &s.clock {
        Some(view) => {
            out.push_str(&clock_text::clock_lines(
                lang,
                view,
                s.you,
                &opp(lang, s.opponent.as_deref()),
            ));
            out.push_str("\n\n");
            out.push_str(&t!(
                lang,
                "clock-your-zone",
                zone = clock_text::zone_name(&view.zone)
            ));
        }
        None => out.push_str(&t!(lang, "clock-none")),
    }
    out.push('\n');
    out
}
