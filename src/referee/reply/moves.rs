//! Moves: the forward to the opponent, the mover's confirmation, a refused move, BOARD and
//! CHECK, the computer's hint.

use super::*;

/// Announces forced passes.
pub(super) fn passes(lang: Lang, live: &AnyGame, you: Side, passes: &[(Side, String)]) -> String {
    let mut out = String::new();
    for (side, text) in passes {
        if *side == you {
            out.push_str(&t!(lang, "pass-yours", pass = text.clone()));
        } else {
            let name = t!(
                lang,
                "side-name-start",
                game = live.kind().name(),
                side = side.name()
            );
            out.push_str(&t!(lang, "pass-theirs", side = name, pass = text.clone()));
        }
        out.push('\n');
    }
    out
}

/// The move forwarded to the opponent: the protocol line first, then what it did, the
/// position, and how to answer.
pub fn move_forward(
    lang: Lang,
    s: &Seen,
    j: &Judgement,
    news: &News,
    words: Option<Words>,
) -> String {
    let mut out = format!("{}\n\n", j.line);
    out.push_str(&played_by_opponent(lang, s, j));
    out.push('\n');
    if news.prepared {
        out.push_str(&t!(lang, "conditions-theirs-played"));
        out.push('\n');
    }
    out.push_str(&words_passed_on(lang, s, words));
    out.push_str(&passes(lang, s.live, s.you, &j.forced_passes));
    out.push_str(&news_lines(lang, news));
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The one mail to a mover whose move the opponent's prepared move answered at once (see
/// [`crate::referee::conditional`]): the answer's protocol line first, then the
/// confirmation of the mover's own move `mine`, the answer told as a forwarded move, and the
/// board after both. One mail, so that the newest mail of the game is always the one to
/// answer, in whatever order the mails arrive.
pub fn move_answered(
    lang: Lang,
    s: &Seen,
    mine: &Judgement,
    answer: &Judgement,
    news: &News,
    words: Option<Words>,
) -> String {
    let mut out = format!(
        "{}

",
        answer.line
    );
    out.push_str(&accepted_line(lang, s, mine));
    out.push('\n');
    out.push_str(&passes(lang, s.live, s.you, &mine.forced_passes));
    out.push_str(&words_sent(lang, s, words));
    out.push_str(&played_by_opponent(lang, s, answer));
    out.push('\n');
    out.push_str(&t!(lang, "conditions-theirs-played"));
    out.push('\n');
    out.push_str(&passes(lang, s.live, s.you, &answer.forced_passes));
    out.push_str(&news_lines(lang, news));
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// "Your move 12 is accepted. `<what it did>`": the reader's own move `j`.
pub(super) fn accepted_line(lang: Lang, s: &Seen, j: &Judgement) -> String {
    t!(
        lang,
        "move-accepted",
        ply = number_of(s.stored, j.ply),
        effect = j.effect.get(lang).to_string()
    )
}

/// The lines of `news` about the reader's own offers, requests and conditions.
pub(super) fn news_lines(lang: Lang, news: &News) -> String {
    let mut out = String::new();
    if news.offer_declined {
        out.push_str(&t!(lang, "offer-declined-by-move"));
        out.push('\n');
    }
    if news.undo_lapsed {
        out.push_str(&t!(lang, "undo-lapsed"));
        out.push('\n');
    }
    if !news.dropped.is_empty() {
        out.push_str(&conditions_block(
            lang,
            &t!(
                lang,
                "conditions-dropped-by-move",
                count = news.dropped.len()
            ),
            news.dropped,
        ));
    }
    out
}

/// The short confirmation to the mover (with the whole position when the opponent had to
/// pass and the mover plays again).
pub fn move_confirm(lang: Lang, s: &Seen, j: &Judgement, words: Option<Words>) -> String {
    let mut out = format!("{}\n\n", j.line);
    out.push_str(&accepted_line(lang, s, j));
    out.push('\n');
    let words = words_sent(lang, s, words);
    out.push_str(&passes(lang, s.live, s.you, &j.forced_passes));
    if s.live.side_to_move() == s.you {
        out.push_str(&words);
        out.push_str(&t!(lang, "your-move-again"));
        out.push_str("\n\n");
        out.push_str(&position_block(lang, s));
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    } else {
        out.push_str(&t!(
            lang,
            "move-sent-on",
            opponent = opp(lang, s.opponent.as_deref())
        ));
        out.push('\n');
        if let Some(lines) = clock_block(lang, s) {
            out.push_str(&lines);
            out.push('\n');
        }
        out.push_str(&words);
    }
    out
}

/// A refused move: the protocol error line first, then why, then `then` (the legal moves
/// close to what was written, when any), then the position.
pub fn refused(lang: Lang, s: &Seen, line: &str, why: &str, then: &str) -> String {
    let mut out = format!("{line}\n\n");
    out.push_str(&t!(lang, "move-refused", why = why.to_string()));
    out.push('\n');
    out.push_str(then);
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// A move sent out of turn.
pub fn not_your_turn(lang: Lang, s: &Seen) -> String {
    let who = opp(lang, s.opponent.as_deref());
    let mut out = format!("ERR\n\n{}\n\n", t!(lang, "not-your-turn", opponent = who));
    out.push_str(&position_block(lang, s));
    out
}

/// A protocol `ERR` received from a player.
pub fn err_received(lang: Lang, s: &Seen) -> String {
    let mut out = t!(lang, "err-received") + "\n\n";
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The computer's hint, searched at `level`: the move it suggests, then the position it is
/// for (the board and its picture), as a move's mail shows it, when `s` is given.
pub fn hint_given(lang: Lang, s: Option<&Seen>, hint: &str, level: u8) -> String {
    let mut out = t!(lang, "hint-answer", hint = hint.to_string(), level = level) + "\n";
    if let Some(s) = s {
        out.push_str(&position_block(lang, s));
    }
    out
}

/// The board on request.
pub fn board_view(lang: Lang, s: &Seen) -> String {
    let mut out = t!(
        lang,
        "board-title",
        title = title(lang, s.stored),
        id = s.stored.id
    ) + "\n\n";
    out.push_str(&position_block(lang, s));
    if let Some(result) = &s.stored.result {
        out.push_str(&result_block(lang, s, result));
    } else if s.stored.status == crate::referee::GameStatus::Active {
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    }
    out
}

/// The answer to `CHECK`: each move of the line, legal (what it does) or not (why), and the
/// board after the legal ones. Nothing was played.
pub fn check_view(lang: Lang, s: &Seen, run: &DryRun) -> String {
    let mut out = t!(lang, "check-head") + "\n";
    if run.as_if {
        out.push_str(&t!(lang, "check-as-if"));
        out.push('\n');
    }
    out.push('\n');
    for (i, step) in run.steps.iter().enumerate() {
        let line = match step {
            Step::Legal(j) => t!(
                lang,
                "check-legal",
                n = i + 1,
                played = j.line.clone(),
                effect = j.effect.get(lang)
            ),
            Step::Refused(text, refusal) => t!(
                lang,
                "check-refused",
                n = i + 1,
                played = text.clone(),
                why = refusal.explain(lang)
            ),
        };
        out.push_str(&line);
        out.push('\n');
    }
    if run.unchecked > 0 {
        out.push_str(&t!(lang, "check-unchecked", count = run.unchecked));
        out.push('\n');
    }
    out.push('\n');
    let legal = run.steps.iter().any(|s| matches!(s, Step::Legal(_)));
    out.push_str(&if legal {
        t!(lang, "check-board")
    } else {
        t!(lang, "check-board-now")
    });
    out.push_str("\n\n");
    out.push_str(&run.after.board(lang));
    if s.live.side_to_move() == s.you {
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    }
    out
}

/// `CHECK` with nothing to check, too much, or from a position the rules refuse.
pub fn check_refused(lang: Lang, s: &Seen, no: &NoRun) -> String {
    let text = match no {
        NoRun::Empty => {
            let example = s.stored.kind.notation_examples().first().copied();
            t!(lang, "check-empty", example = example.unwrap_or_default())
        }
        NoRun::TooLong(count) => t!(
            lang,
            "check-too-long",
            count = *count,
            most = crate::referee::check::MOST_MOVES
        ),
        NoRun::NotFromHere => t!(lang, "check-not-from-here"),
    };
    format!("{text}\n")
}
