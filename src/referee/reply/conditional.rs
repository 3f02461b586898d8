//! Conditional moves (IF ... THEN ...): stored, refused, listed, cleared, and the one
//! played when the opponent's move came.

use super::*;

/// One line of conditional moves as the reader would write it: `IF i5h5 THEN b1c2 IF ...`.
fn condition_line(lang: Lang, line: &Line) -> String {
    line.steps
        .iter()
        .map(|step| {
            t!(
                lang,
                "conditions-step",
                theirs = step.theirs.clone(),
                mine = step.mine.clone()
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `head`, then the lines, one per line, indented.
pub(super) fn conditions_block(lang: Lang, head: &str, lines: &[Line]) -> String {
    let mut out = format!("{head}\n");
    for line in lines {
        out.push_str("  ");
        out.push_str(&condition_line(lang, line));
        out.push('\n');
    }
    out
}

/// The reader's conditional moves in the game `s` shows, with their heading.
fn held_block(lang: Lang, s: &Seen) -> String {
    let held = crate::referee::conditional::held(s.stored, s.you);
    if held.is_empty() {
        return t!(lang, "conditions-none") + "\n";
    }
    let head = t!(lang, "conditions-head", count = held.len());
    conditions_block(lang, &head, held)
}

/// "Bob (Black) played move 12. `<what it did>`"
pub(super) fn played_by_opponent(lang: Lang, s: &Seen, j: &Judgement) -> String {
    t!(
        lang,
        "move-played",
        who = opp_cap(lang, s.opponent.as_deref()),
        side = side_words(lang, s.stored.kind, j.mover),
        ply = number_of(s.stored, j.ply),
        effect = j.effect.get(lang).to_string()
    )
}

/// "Your conditional moves answered it: move 13, b1c2. `<what it did>`"
pub(super) fn answered_line(lang: Lang, s: &Seen, mine: &Judgement) -> String {
    t!(
        lang,
        "conditions-answered",
        ply = number_of(s.stored, mine.ply),
        played = mine.canonical.clone(),
        effect = mine.effect.get(lang).to_string()
    ) + "\n"
}

/// A conditional line is stored: to its owner, with the lines it replaced and all those
/// now held.
pub fn conditions_stored(lang: Lang, s: &Seen, replaced: &[Line]) -> String {
    let mut out = t!(
        lang,
        "conditions-stored",
        opponent = opp(lang, s.opponent.as_deref())
    ) + "\n\n";
    if !replaced.is_empty() {
        let head = t!(lang, "conditions-replaced", count = replaced.len());
        out.push_str(&conditions_block(lang, &head, replaced));
        out.push('\n');
    }
    out.push_str(&held_block(lang, s));
    out.push('\n');
    out.push_str(&t!(lang, "conditions-how"));
    out.push('\n');
    out
}

/// A conditional line (`line`, as written) that cannot be stored: why, and the board it
/// starts from. `others`: the other lines of the mail, not stored either.
pub fn conditions_refused(
    lang: Lang,
    s: &Seen,
    line: &str,
    others: usize,
    error: &LineError,
) -> String {
    let why = match error {
        LineError::YourTurn => t!(lang, "conditions-your-turn"),
        LineError::Shape => t!(lang, "conditions-shape"),
        LineError::Theirs(n, played, refusal) => t!(
            lang,
            "conditions-theirs-illegal",
            n = *n,
            played = played.clone(),
            why = refusal.explain(lang)
        ),
        LineError::Mine(n, played, refusal) => t!(
            lang,
            "conditions-mine-illegal",
            n = *n,
            played = played.clone(),
            why = refusal.explain(lang)
        ),
        LineError::AfterTheEnd(n) => t!(lang, "conditions-after-end", n = *n),
        LineError::TooLong(count) => t!(
            lang,
            "conditions-too-long",
            count = *count,
            most = crate::referee::conditions::MOST_STEPS
        ),
    };
    let mut out = t!(
        lang,
        "conditions-refused",
        line = t!(lang, "reading-quoted", text = quote(line)),
        why = why,
        others = others
    ) + "\n\n";
    out.push_str(&held_block(lang, s));
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    if matches!(error, LineError::YourTurn) {
        out.push_str(&how_to_play(lang, s));
    } else {
        out.push_str(&t!(lang, "conditions-how"));
        out.push('\n');
    }
    out
}

/// A line would make more than `most` lines in the game.
pub fn conditions_too_many(lang: Lang, most: usize) -> String {
    t!(lang, "conditions-too-many", most = most) + "\n"
}

/// `CONDITIONS`: the reader's lines in the game.
pub fn conditions_list(lang: Lang, s: &Seen) -> String {
    let mut out = held_block(lang, s);
    out.push('\n');
    out.push_str(&t!(lang, "conditions-how"));
    out.push('\n');
    out
}

/// `CONDITIONS CLEAR`: the lines dropped.
pub fn conditions_cleared(lang: Lang, lines: &[Line]) -> String {
    let head = t!(lang, "conditions-cleared", count = lines.len());
    conditions_block(lang, &head, lines)
}

/// To the owner of a line: the opponent's move `theirs` (the protocol line first) and the
/// prepared answer `mine` played at once, the lines left, and the board after both.
pub fn conditional_answered(
    lang: Lang,
    s: &Seen,
    theirs: &Judgement,
    mine: &Judgement,
    words: Option<Words>,
    news: &News,
) -> String {
    let mut out = format!("{}\n\n", theirs.line);
    out.push_str(&played_by_opponent(lang, s, theirs));
    out.push('\n');
    out.push_str(&words_passed_on(lang, s, words));
    out.push_str(&news_lines(lang, news));
    out.push_str(&answered_line(lang, s, mine));
    out.push_str(&passes(lang, s.live, s.you, &mine.forced_passes));
    let your_move = s.live.side_to_move() == s.you;
    if !your_move {
        out.push_str(&t!(
            lang,
            "move-sent-on",
            opponent = opp(lang, s.opponent.as_deref())
        ));
        out.push('\n');
    }
    let held = crate::referee::conditional::held(s.stored, s.you);
    out.push('\n');
    if held.is_empty() {
        out.push_str(&t!(lang, "conditions-none-left"));
        out.push('\n');
    } else {
        let head = t!(lang, "conditions-left", count = held.len());
        out.push_str(&conditions_block(lang, &head, held));
    }
    out.push('\n');
    out.push_str(&position_block(lang, s));
    if your_move {
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    }
    out
}
