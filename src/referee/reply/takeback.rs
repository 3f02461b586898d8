//! Take-backs (UNDO) and the game's history (HISTORY).

use super::*;

/// To the opponent: `side` asks to take back `text`; the board as it stands.
pub fn undo_asked(lang: Lang, s: &Seen, text: &str) -> String {
    let mut out = t!(
        lang,
        "undo-asked",
        who = opp_cap(lang, s.opponent.as_deref()),
        played = text.to_string()
    );
    out.push_str("\n\n");
    out.push_str(&position_block(lang, s));
    out
}

/// To the asker: the request went to the opponent.
pub fn undo_sent(lang: Lang, s: &Seen, text: &str) -> String {
    let opponent = opp(lang, s.opponent.as_deref());
    t!(
        lang,
        "undo-sent",
        played = text.to_string(),
        opponent = opponent
    ) + "\n"
}

/// The request already stands.
pub fn undo_already_asked(lang: Lang) -> String {
    t!(lang, "undo-already-asked") + "\n"
}

/// Nothing the sender may take back: no move of theirs ends the record.
pub fn undo_nothing(lang: Lang) -> String {
    t!(lang, "undo-nothing") + "\n"
}

/// A take-back against the computer, granted at once: `moves`, the moves taken back;
/// `dropped`: the reader's conditional moves the take-back dropped.
pub fn undo_by_computer(lang: Lang, s: &Seen, moves: &str, dropped: &[Line]) -> String {
    let mut out = t!(lang, "undo-computer", moves = moves.to_string());
    out.push('\n');
    if !dropped.is_empty() {
        let head = t!(
            lang,
            "conditions-dropped-by-takeback",
            count = dropped.len()
        );
        out.push_str(&conditions_block(lang, &head, dropped));
    }
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The take-back is agreed: to both, the move taken back and the board now. `agreed`: the
/// reader is the one who agreed. `dropped`: the reader's conditional moves the take-back
/// dropped.
pub fn undo_done(lang: Lang, s: &Seen, text: &str, agreed: bool, dropped: &[Line]) -> String {
    let mut out = if agreed {
        t!(lang, "undo-done-you-agreed", played = text.to_string())
    } else {
        t!(
            lang,
            "undo-done-they-agreed",
            who = opp_cap(lang, s.opponent.as_deref()),
            played = text.to_string()
        )
    };
    out.push('\n');
    if !dropped.is_empty() {
        let head = t!(
            lang,
            "conditions-dropped-by-takeback",
            count = dropped.len()
        );
        out.push_str(&conditions_block(lang, &head, dropped));
    }
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The take-backs of a game, one line each, for its history (empty when none).
fn takebacks_block(lang: Lang, s: &Seen) -> String {
    if s.stored.takebacks.is_empty() {
        return String::new();
    }
    let mut out = format!("\n{}\n", t!(lang, "takebacks-head"));
    for t in &s.stored.takebacks {
        let number = terms::move_number(s.stored, t.ply - 1).label();
        out.push_str(&t!(
            lang,
            "takeback-line",
            number = number,
            played = t.text.clone(),
            side = side_words(lang, s.stored.kind, t.by)
        ));
        out.push('\n');
    }
    out
}

/// The move list on request.
/// `held`: the reader's own conditional moves, shown to them alone.
pub fn history_view(lang: Lang, s: &Seen, record: &str, held: &[Line]) -> String {
    let mut out = t!(
        lang,
        "history-head",
        title = title(lang, s.stored),
        id = s.stored.id
    ) + "\n\n";
    out.push_str(record);
    out.push_str(&takebacks_block(lang, s));
    if !held.is_empty() {
        let head = t!(lang, "conditions-history-head", count = held.len());
        out.push_str(&conditions_block(lang, &head, held));
    }
    if let Some(result) = &s.stored.result {
        out.push_str(&result_block(lang, s, result));
    }
    out
}

pub(super) fn result_block(lang: Lang, s: &Seen, result: &GameResult) -> String {
    let result = result_text(lang, s.live, result, Some(s.you));
    format!("\n{}\n", t!(lang, "result-block", result = result))
}
