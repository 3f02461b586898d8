//! Draws and the end of a game: offers and their answers, the closing mail with the
//! result and the record.

use super::*;

/// A draw offer (or a `PAT` claim the rules do not confirm), forwarded to the opponent.
/// Bulltricker players get the protocol line `PAT` first.
/// `dropped`: the reader's conditional moves the offer dropped.
pub fn draw_offer_forward(lang: Lang, s: &Seen, dropped: &[Line]) -> String {
    let who = opp_cap(lang, s.opponent.as_deref());
    let mut out = String::new();
    if terms::has_pat_protocol(s.stored.kind) {
        out.push_str("PAT\n\n");
        out.push_str(&t!(lang, "draw-offer-pat", who = who));
    } else {
        out.push_str(&t!(lang, "draw-offer", who = who));
    }
    out.push('\n');
    if !dropped.is_empty() {
        let head = t!(lang, "conditions-dropped-by-offer", count = dropped.len());
        out.push_str(&conditions_block(lang, &head, dropped));
    }
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The sender's draw offer has been forwarded. `claim` when it was a `PAT` claim the rules
/// do not confirm.
pub fn draw_offer_ack(lang: Lang, s: &Seen, claim: bool) -> String {
    let mut out = String::new();
    if claim {
        out.push_str(&t!(lang, "draw-claim-refused"));
        out.push(' ');
    }
    out.push_str(&t!(
        lang,
        "draw-offer-sent",
        opponent = opp(lang, s.opponent.as_deref())
    ));
    out.push('\n');
    out
}

/// The sender's own draw offer already stands.
pub fn draw_already_offered(lang: Lang) -> String {
    t!(lang, "draw-already-offered") + "\n"
}

/// The sender declined the opponent's draw offer: to the sender.
pub fn draw_declined_ack(lang: Lang) -> String {
    t!(lang, "draw-declined-ack") + "\n"
}

/// The opponent declined the reader's draw offer.
pub fn draw_declined_notice(lang: Lang, name: Option<&str>) -> String {
    t!(lang, "draw-declined-notice", who = opp_cap(lang, name)) + "\n"
}

/// The closing mail to each player: the result first (the move's protocol line when a move
/// ended it), what happened, the final board, the result in words and the complete record.
pub fn game_end(
    lang: Lang,
    s: &Seen,
    ending: Ending,
    result: &GameResult,
    record: &str,
    words: Option<Words>,
) -> String {
    // The first line is the protocol's: the move's line, else the result tokens; a game
    // without tokens starts with the result in the reader's words.
    let first = match ending {
        Ending::Move(j) | Ending::Answered { mine: j, .. } => j.line.clone(),
        _ if is_protocol_line(&result.line) => result.line.clone(),
        _ => result_words(lang, s.live, result, Some(s.you)),
    };
    let mut out = format!("{first}\n\n");
    let opponent = opp_cap(lang, s.opponent.as_deref());
    match ending {
        Ending::Move(j) => {
            let side = side_words(lang, s.stored.kind, j.mover);
            let effect = j.effect.get(lang).to_string();
            out.push_str(&if j.mover == s.you {
                t!(
                    lang,
                    "end-your-move",
                    ply = number_of(s.stored, j.ply),
                    side = side,
                    effect = effect
                )
            } else {
                t!(
                    lang,
                    "move-played",
                    who = opponent,
                    side = side,
                    ply = number_of(s.stored, j.ply),
                    effect = effect
                )
            });
            out.push('\n');
            out.push_str(&if j.mover == s.you {
                words_sent(lang, s, words)
            } else {
                words_passed_on(lang, s, words)
            });
            out.push_str(&passes(lang, s.live, s.you, &j.forced_passes));
        }
        Ending::Resigned(side) if side == s.you => {
            out.push_str(&t!(lang, "end-you-resigned"));
            out.push('\n');
        }
        Ending::Resigned(_) => {
            out.push_str(&t!(lang, "end-they-resigned", who = opponent));
            out.push('\n');
        }
        Ending::AgreedDraw => {
            out.push_str(&t!(lang, "end-agreed-draw"));
            out.push('\n');
        }
        Ending::ClaimConfirmed => {
            out.push_str(&t!(lang, "end-claim-confirmed"));
            out.push('\n');
        }
        Ending::TimedOut { loser, when } if loser == s.you => {
            out.push_str(&t!(lang, "end-time-you", when = when.to_string()));
            out.push('\n');
        }
        Ending::TimedOut { when, .. } => {
            out.push_str(&t!(
                lang,
                "end-time-them",
                who = opponent,
                when = when.to_string()
            ));
            out.push('\n');
        }
        Ending::Cancelled { when } => {
            out.push_str(&t!(lang, "end-cancelled", when = when.to_string()));
            out.push('\n');
        }
        Ending::Adjudicated { reason, cancelled } => {
            out.push_str(&if cancelled {
                t!(lang, "end-cancelled-by-director")
            } else {
                t!(lang, "end-adjudicated")
            });
            out.push('\n');
            out.push_str(&t!(lang, "director-reason", reason = reason.to_string()));
            out.push('\n');
        }
        Ending::Answered { theirs, mine } if mine.mover == s.you => {
            out.push_str(&played_by_opponent(lang, s, theirs));
            out.push('\n');
            out.push_str(&words_passed_on(lang, s, words));
            out.push_str(&answered_line(lang, s, mine));
            out.push_str(&passes(lang, s.live, s.you, &mine.forced_passes));
        }
        Ending::Answered { theirs, mine } => {
            // The reader's own move, then the prepared answer that ended the game: one
            // mail for both (see `move_answered`).
            out.push_str(&accepted_line(lang, s, theirs));
            out.push('\n');
            out.push_str(&passes(lang, s.live, s.you, &theirs.forced_passes));
            out.push_str(&played_by_opponent(lang, s, mine));
            out.push('\n');
            out.push_str(&t!(lang, "conditions-theirs-played"));
            out.push('\n');
            out.push_str(&passes(lang, s.live, s.you, &mine.forced_passes));
        }
    }
    out.push('\n');
    out.push_str(s.live.board(lang).trim_end());
    out.push('\n');
    out.push_str(&result_block(lang, s, result));
    out.push('\n');
    out.push_str(&t!(lang, "end-record"));
    out.push_str("\n\n");
    out.push_str(record);
    out.push('\n');
    out.push_str(&t!(lang, "end-thanks"));
    out.push('\n');
    out
}
