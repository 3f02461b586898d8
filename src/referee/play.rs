//! The commands of a game in progress: moves, resignation, draw offers and `PAT` claims,
//! and the board and history views; and the end of a game.
//!
//! Behaviours decided here (each with its recommended default):
//! - `draw-offer`: a player may offer a draw at any time; the offer stands until the
//!   opponent accepts it (`DRAW`, `PAT` or `ACCEPT`), declines it (`DECLINE`) or plays a
//!   move (which declines it); the offerer's own moves leave it standing.
//! - `pat-claim` (Bulltricker): `PAT` is confirmed when the rules make the position a draw,
//!   accepts a standing offer, and is otherwise forwarded to the opponent as an offer, whose
//!   first line is the protocol's `PAT`.
//! - `resign`: allowed at any time, on either player's turn.
//! - `not-your-turn`: a move sent out of turn is answered `ERR` and changes nothing.
//! - `move-in-prose`: a line that is not wholly a move of this game is searched for one
//!   ([`read::moves_in`]: the first lines, else the Subject, in this game's notation).
//!   Exactly one found is the move, played as if written alone (and like any move it needs
//!   a message that proves its sender: otherwise arbitre asks to confirm it). Several found
//!   on the sender's turn are answered `ERR`, naming them; nothing is played.
//! - `garbage-on-your-turn`: on the sender's turn, a line with no move in it that looks
//!   like one (it has a digit) is answered `ERR` with what was read and why it is not a
//!   move, as the protocol expects; prose, or any unknown line off turn, gets the help text.
//! - `stale-reply`: a move replying to a mail of the game that showed an older position
//!   than the sender's latest, with an opponent's move played since, is refused: it was
//!   written on a position the sender had not seen (a "correction" overtaken by the
//!   opponent's answer). Sent again in reply to the latest mail, or as a fresh mail, it is
//!   judged as usual. Every mail of the decision that made the newest position counts as
//!   showing it ([`compose::at_final_position`]), whatever order its mails arrive in; and a
//!   move answered at once by a prepared move gets its sender one mail, not two.
//! - `did-you-mean`: a refused move is followed by up to three legal moves close to what
//!   was written ([`suggest`]), after the refusal, whose first line stays the protocol's.

use crate::games::{AnyGame, Outcome, Side};
use crate::referee::chat::{self, Words};
use crate::referee::command::{Command, kind_reads, looks_like_a_move};
use crate::referee::conditional::{self, Prepared, Reaction};
use crate::referee::confirm;
use crate::referee::desk::Desk;
use crate::referee::reply::{self, Ending, News, NoGame};
use crate::referee::{
    GameResult, GameStatus, Inbound, PlayedMove, StoredGame, compose, read, suggest, terms,
};
use crate::referee::{check, clock_text, clocks};
use crate::sms::words;
use crate::t;
use crate::text::Lang;

/// A command for an active or finished game from the player seated as `side`.
pub fn on_game(desk: &mut Desk, game: &StoredGame, side: Side, command: &Command) {
    let Some((live, _)) = terms::plies(game) else {
        let body = reply::store_problem(desk.lang, game.id);
        desk.reply_game(game, side, body);
        desk.summary = format!("ERROR: game #{} does not replay from the store", game.id);
        return;
    };
    match command {
        Command::Board => return board(desk, game, &live, side),
        Command::History => return history(desk, game, &live, side),
        Command::Clock => return clock(desk, game, &live, side),
        Command::ProtocolError => {
            let body = reply::err_received(desk.lang, &desk.seen(game, &live, side));
            desk.reply_game(game, side, body);
            desk.summary = format!("game #{}: {} sent ERR; position resent", game.id, side);
            return;
        }
        _ => {}
    }
    if game.status == GameStatus::Finished {
        match command {
            Command::Unknown(line) => not_understood(desk, game, side, line),
            _ => {
                let result = game.result.clone().unwrap_or_else(|| GameResult {
                    winner: None,
                    termination: String::new(),
                    line: String::new(),
                });
                let body = reply::game_over(desk.lang, &live, &result, side);
                desk.reply_game(game, side, body);
                desk.summary = format!("game #{} is over; {:?} refused", game.id, command);
            }
        }
        return;
    }
    // Time that ran out before this message reached arbitre ends the game first: a move
    // that arrived in time counts, however late it is read; one that arrived late does not.
    if let Some((loser, at, first)) =
        clocks::ran_out(game, &desk.circumstances(game), desk.msg.received_at)
    {
        return crate::referee::timeouts::time_out(desk, game, &live, loser, at, first);
    }
    match command {
        Command::Move(text) => written(desk, game, live, side, text, true),
        Command::Unknown(line) => written(desk, game, live, side, line, false),
        Command::Resign => resign(desk, game, live, side),
        Command::Claim => claim(desk, game, &live, side),
        Command::Check(text) => check(desk, game, &live, side, text),
        Command::Undo => crate::referee::undo::undo(desk, game, &live, side),
        Command::Hint => crate::referee::computer::on_hint(desk, game, &live, side),
        Command::If(text) => conditional::store(desk, game, &live, side, text),
        Command::Conditions(clear) => conditional::list(desk, game, &live, side, *clear),
        Command::Draw => draw(desk, game, live, side, false),
        Command::Pat => draw(desk, game, live, side, terms::has_pat_protocol(game.kind)),
        Command::Accept if game.draw_offer == Some(side.opponent()) => {
            agree_draw(desk, game, live, side)
        }
        Command::Decline if game.draw_offer == Some(side.opponent()) => {
            decline_draw(desk, game, side)
        }
        Command::Accept | Command::Decline => {
            let body = reply::no_game(desk.lang, NoGame::NothingToAnswer);
            desk.reply_game(game, side, body);
            desk.summary = format!("game #{}: nothing for {} to answer", game.id, side);
        }
        // Handled before a game is looked for.
        Command::New(_)
        | Command::Games
        | Command::Help(_)
        | Command::Lang(_)
        | Command::Chat(_)
        | Command::Pictures(_)
        | Command::Public(_)
        | Command::Name(_)
        | Command::Zone(_)
        | Command::Leave(_)
        | Command::Phone(_)
        | Command::Code(_)
        | Command::Notify(_)
        | Command::Stop(_)
        | Command::Join(..)
        | Command::Standings(_)
        | Command::Withdraw(_)
        | Command::NoInvitations => {}
        Command::Board | Command::History | Command::Clock | Command::ProtocolError => {}
    }
}

/// A command for a declined invitation.
pub fn on_declined(desk: &mut Desk, game: &StoredGame, side: Side, command: &Command) {
    if let Some((live, _)) = terms::plies(game) {
        match command {
            Command::Board => return board(desk, game, &live, side),
            Command::History => return history(desk, game, &live, side),
            _ => {}
        }
    }
    let body = reply::game_declined(desk.lang);
    desk.reply_game(game, side, body);
    desk.summary = format!("game #{} was declined; {:?} refused", game.id, command);
}

/// `BOARD`.
pub fn board(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side) {
    let body = reply::board_view(desk.lang, &desk.seen(game, live, side));
    desk.reply_game(game, side, body);
    desk.short(words::board(
        desk.lang,
        game.id,
        game.kind,
        &live.position_string(),
    ));
    desk.summary = format!("game #{}: board sent to {}", game.id, side);
}

/// `CLOCK`: both clocks, the deadline, the time zone they are written in.
pub fn clock(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side) {
    let mut body = reply::clock_answer(desk.lang, &desk.seen(game, live, side));
    body.push_str(&crate::referee::leave::balance_line(desk, desk.sender()));
    body.push('\n');
    desk.reply_game(game, side, body);
    desk.summary = format!("game #{}: clocks sent to {}", game.id, side);
}

/// `CLAIM`: a win on time, in a game in claim mode, once the opponent's time has run
/// out; otherwise the answer says why there is nothing to claim.
fn claim(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side) {
    let around = desk.circumstances(game);
    let at = desk.msg.received_at;
    let reading = clocks::read(game, &around, at);
    let lang = desk.lang;
    let body = match reading.running {
        _ if !game.clock.control.is_timed() => t!(lang, "claim-no-clock"),
        Some(r) if r.side == side => t!(lang, "claim-your-move"),
        Some(r) if r.flagged(at) => {
            let flag = r.flag_at.unwrap_or(at);
            return crate::referee::timeouts::time_out(desk, game, live, r.side, flag, r.turn == 0);
        }
        _ => {
            let who = desk
                .name_of(game.address_of(side.opponent()))
                .unwrap_or_else(|| t!(lang, "your-opponent"));
            match clocks::deadline(game, &around, at) {
                Some(when) => t!(
                    lang,
                    "claim-nothing",
                    who = who,
                    when = clock_text::when_words(lang, when, &around.zones[side.index()])
                ),
                None => t!(lang, "claim-no-clock"),
            }
        }
    };
    desk.reply_game(game, side, body + "\n");
    desk.summary = format!(
        "game #{}: {side} claimed on time; nothing to claim",
        game.id
    );
}

/// `CHECK`: a dry run of a move or a line, answered to the sender alone; nothing changes.
fn check(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side, text: &str) {
    let moves = check::split_line(live, text);
    let seen = desk.seen(game, live, side);
    let body = match check::dry_run(live, side, &moves) {
        Ok(run) => reply::check_view(desk.lang, &seen, &run),
        Err(no) => reply::check_refused(desk.lang, &seen, &no),
    };
    desk.reply_game(game, side, body);
    desk.summary = format!(
        "game #{}: {side} checked a line of {} move(s); nothing changed",
        game.id,
        moves.len()
    );
}

/// `HISTORY`.
pub fn history(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side) {
    let [w, b] = desk.names(game);
    let record = terms::record(game, [w.as_deref(), b.as_deref()]);
    let held = conditional::held(game, side);
    let body = reply::history_view(desk.lang, &desk.seen(game, live, side), &record, held);
    desk.reply_game(game, side, body);
    desk.summary = format!("game #{}: history sent to {}", game.id, side);
}

/// A line that is no command, answered with the help (and the game's own help).
pub fn not_understood(desk: &mut Desk, game: &StoredGame, side: Side, line: &str) {
    let body = reply::not_understood(desk.lang, line, Some(game.kind));
    desk.reply_game(game, side, body);
    desk.summary = format!("game #{}: {side} sent {line:?}, not understood", game.id);
}

/// The line `text` of a game in progress from `side`: read as a move of this game (see the
/// module's `move-in-prose` and `garbage-on-your-turn`). `is_move`: some game's notation
/// reads the whole line (it is a [`Command::Move`]), and the sender is proven.
fn written(
    desk: &mut Desk,
    game: &StoredGame,
    live: AnyGame,
    side: Side,
    text: &str,
    is_move: bool,
) {
    let kind = game.kind;
    let reads = |t: &str| kind_reads(kind, t);
    if is_move && reads(text) {
        return play_move(desk, game, live, side, text);
    }
    let found = read::moves_in(&read::candidates(desk.msg), &reads);
    match found.as_slice() {
        [one] if !desk.proof.holds() => confirm::hold(desk, one, Some((game, side))),
        [one] => {
            // A move of the sender's game, proven: its answers are game mail.
            desk.game_command = true;
            play_move(desk, game, live, side, one)
        }
        [] if is_move => play_move(desk, game, live, side, text),
        [] if live.side_to_move() == side && looks_like_a_move(text) => {
            no_move(desk, game, live, side, text)
        }
        [] => not_understood(desk, game, side, text),
        _ if live.side_to_move() != side => not_your_turn(desk, game, &live, side, text),
        several => {
            let lang = desk.lang;
            let moves = several
                .iter()
                .map(|m| t!(lang, "reading-quoted", text = m.clone()))
                .collect::<Vec<_>>()
                .join(", ");
            let why = t!(
                lang,
                "reading-several",
                count = several.len(),
                moves = moves
            );
            refuse(desk, game, &live, side, "ERR", &why, None);
            desk.short(words::refused(desk.lang, game.id, "ERR", text, &why));
            desk.summary = format!(
                "game #{}: {side} sent {} moves in one message ({several:?}); none played",
                game.id,
                several.len()
            );
        }
    }
}

/// A line of the sender's on their turn that looks like a move (it has a digit) but holds
/// none: `ERR`, with what was read and why its most move-like word is not a move.
fn no_move(desk: &mut Desk, game: &StoredGame, live: AnyGame, side: Side, line: &str) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let word = words
        .iter()
        .map(|w| read::trim_punctuation(w))
        .find(|w| w.chars().any(|c| c.is_ascii_digit()));
    let (Some(word), true) = (word, words.len() > 1) else {
        // One word: the game's own reason is the whole answer.
        return play_move(desk, game, live, side, line);
    };
    let Err(refusal) = live.judge(word) else {
        return play_move(desk, game, live, side, line);
    };
    let lang = desk.lang;
    let why = t!(
        lang,
        "reading-no-move",
        line = quote(line),
        reason = refusal.explain(lang)
    );
    refuse(desk, game, &live, side, "ERR", &why, Some(word));
    desk.summary = format!("game #{}: {side} sent {line:?}: no move in it", game.id);
}

/// A player's words quoted back, cut at 80 characters.
fn quote(text: &str) -> String {
    if text.chars().count() <= 80 {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(79).collect();
    cut.push('\u{2026}');
    cut
}

/// Answers `ERR` (or the protocol's `line`) with `why`, then the legal moves close to
/// `written` when it is given (see [`suggest`]). Nothing changes.
fn refuse(
    desk: &mut Desk,
    game: &StoredGame,
    live: &AnyGame,
    side: Side,
    line: &str,
    why: &str,
    written: Option<&str>,
) {
    let close = written
        .map(|w| suggestions(desk.lang, live, w))
        .unwrap_or_default();
    let body = reply::refused(desk.lang, &desk.seen(game, live, side), line, why, &close);
    desk.reply_game(game, side, body);
    let played = written.unwrap_or_default();
    desk.short(words::refused(desk.lang, game.id, line, played, why));
}

/// The paragraph of legal moves close to `written`, one per line; empty when none is.
fn suggestions(lang: Lang, live: &AnyGame, written: &str) -> String {
    let moves = suggest::suggest(live, written);
    if moves.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "\n{}\n",
        t!(lang, "reading-suggestions", count = moves.len())
    );
    for m in &moves {
        out.push_str(&format!("    {m}\n"));
    }
    out
}

/// A move sent out of turn.
fn not_your_turn(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side, text: &str) {
    let body = reply::not_your_turn(desk.lang, &desk.seen(game, live, side));
    desk.reply_game(game, side, body);
    let why = t!(desk.lang, "sms-why-not-your-turn");
    desk.short(words::refused(desk.lang, game.id, "ERR", text, &why));
    desk.summary = format!("game #{}: {side} moved out of turn ({text:?})", game.id);
}

/// The opponent's moves played since the position shown by the mail `msg` replies to, when
/// there are any (see the module's `stale-reply`): the move was written on a position
/// its sender had not been sent. `None` when it replies to the latest position, to a mail
/// that is not one of this game's, or to nothing.
fn stale(msg: &Inbound, game: &StoredGame, side: Side) -> Option<Vec<String>> {
    let shown = compose::shown_ply(msg.references.first()?, game.id)?;
    let since: Vec<String> = game
        .moves
        .iter()
        .enumerate()
        .skip(shown)
        .filter(|(i, _)| compose::mover_of_ply(game, *i) != Some(side))
        .map(|(_, m)| m.text.clone())
        .collect();
    (!since.is_empty()).then_some(since)
}

/// A move from `side`.
fn play_move(desk: &mut Desk, game: &StoredGame, mut live: AnyGame, side: Side, text: &str) {
    if live.side_to_move() != side {
        return not_your_turn(desk, game, &live, side, text);
    }
    if let Some(since) = stale(desk.msg, game, side) {
        let moves = since.join(", ");
        let why = t!(desk.lang, "move-stale", count = since.len(), moves = moves);
        refuse(desk, game, &live, side, "ERR", &why, None);
        desk.summary = format!(
            "game #{}: {side} move {text:?} answers an older mail; refused as stale",
            game.id
        );
        return;
    }
    let judged = match live.play(text) {
        Ok(j) => j,
        Err(refusal) => {
            let why = refusal.explain(desk.lang);
            refuse(desk, game, &live, side, refusal.line(), &why, Some(text));
            desk.summary = format!(
                "game #{}: {side} move {text:?} refused: {}",
                game.id,
                refusal.line()
            );
            return;
        }
    };
    let mut next = game.clone();
    record(
        &mut next,
        &judged,
        desk.msg.message_id.clone(),
        desk.msg.received_at,
    );
    // The words written with the move go to the opponent, unless they turned them off.
    let said = chat::words_after(&desk.msg.text, text, &|t| kind_reads(game.kind, t));
    let words = said.as_ref().map(|said| Words {
        said,
        passed_on: desk.chat_of(game.address_of(side.opponent())),
    });
    let mut news = News {
        offer_declined: next.draw_offer == Some(side.opponent()),
        // Playing on lets the opponent's take-back request lapse.
        undo_lapsed: next.undo_request == Some(side.opponent()),
        ..News::default()
    };
    if news.offer_declined {
        next.draw_offer = None;
    }
    next.undo_request = None;
    next.hint_request = None;
    next.updated_at = desk.now;
    desk.summary = format!("game #{}: {side} played {}", game.id, judged.line);
    if let Some(result) = terms::rules_result(&live) {
        next.status = GameStatus::Finished;
        next.draw_offer = None;
        next.conditions = None;
        next.result = Some(result.clone());
        desk.summary
            .push_str(&format!("; game over: {}", result.line));
        end(
            desk,
            &next,
            &live,
            side,
            Ending::Move(&judged),
            &result,
            words,
        );
        desk.save_played(next, live);
        return;
    }
    let dropped = match conditional::after_move(&mut next, &live, side, &judged.canonical) {
        Reaction::Answer(prepared) => {
            let Prepared {
                after,
                judged: answer,
                set_by,
            } = *prepared;
            let played = Played {
                game: next,
                judged,
                words,
            };
            return answered(desk, played, after, answer, set_by, news);
        }
        Reaction::Dropped(lines) => lines,
        Reaction::Nothing => Vec::new(),
    };
    if !dropped.is_empty() {
        desk.summary.push_str(&format!(
            "; {}'s {} conditional line(s) dropped",
            side.opponent(),
            dropped.len()
        ));
    }
    news.dropped = &dropped;
    let opponent = side.opponent();
    let them = desk.seen(&next, &live, opponent);
    let body = reply::move_forward(
        desk.lang_of(next.address_of(opponent)),
        &them,
        &judged,
        &news,
        words,
    );
    desk.notify(&next, opponent, body);
    let body = reply::move_confirm(desk.lang, &desk.seen(&next, &live, side), &judged, words);
    desk.reply_game(&next, side, body);
    desk.save_played(next, live);
}

/// A move just played by the sender, recorded but not yet announced.
struct Played<'w> {
    /// The game with the move.
    game: StoredGame,
    /// The move as the rules judged it.
    judged: crate::games::Judgement,
    /// The words written with it.
    words: Option<Words<'w>>,
}

/// The sender's move `played` is answered at once by the opponent's prepared move
/// `answer` (see [`conditional`]'s `conditions-answer`): the answer is recorded as carried
/// by `set_by`, the mail that stored it; each player gets one mail with both moves, the
/// sender's with the answer's line first (see [`reply::move_answered`]).
fn answered(
    desk: &mut Desk,
    played: Played,
    after: AnyGame,
    answer: crate::games::Judgement,
    set_by: String,
    news: News,
) {
    let Played {
        game: before,
        judged,
        words,
    } = played;
    let mover = judged.mover;
    let owner = mover.opponent();
    let mut next = before.clone();
    record(&mut next, &answer, set_by, desk.msg.received_at);
    // The answer is a move like any other: it declines the mover's standing draw offer.
    let theirs = News {
        prepared: true,
        offer_declined: next.draw_offer == Some(mover),
        ..News::default()
    };
    if theirs.offer_declined {
        next.draw_offer = None;
    }
    desk.summary.push_str(&format!(
        "; {owner}'s conditional move {} answered it",
        answer.line
    ));
    let owner_lang = desk.lang_of(next.address_of(owner));
    if let Some(result) = terms::rules_result(&after) {
        next.status = GameStatus::Finished;
        next.draw_offer = None;
        next.conditions = None;
        next.result = Some(result.clone());
        desk.summary
            .push_str(&format!("; game over: {}", result.line));
        let [w, b] = desk.names(&next);
        let record = terms::record(&next, [w.as_deref(), b.as_deref()]);
        let ending = Ending::Answered {
            theirs: &judged,
            mine: &answer,
        };
        let seen = desk.seen(&next, &after, owner);
        let body = reply::game_end(owner_lang, &seen, ending, &result, &record, words);
        desk.notify(&next, owner, body);
        let seen = desk.seen(&next, &after, mover);
        let body = reply::game_end(desk.lang, &seen, ending, &result, &record, None);
        desk.reply_game(&next, mover, body);
    } else {
        let seen = desk.seen(&next, &after, owner);
        let body = reply::conditional_answered(owner_lang, &seen, &judged, &answer, words, &news);
        desk.notify(&next, owner, body);
        let seen = desk.seen(&next, &after, mover);
        let body = reply::move_answered(desk.lang, &seen, &judged, &answer, &theirs, words);
        desk.reply_game(&next, mover, body);
    }
    desk.save_played(next, after);
}

/// Adds the judged move to `next`, carried by the mail `message_id` received at `at`,
/// then the forced passes it caused.
fn record(
    next: &mut StoredGame,
    judged: &crate::games::Judgement,
    message_id: String,
    at: crate::referee::Timestamp,
) {
    next.moves.push(PlayedMove {
        text: judged.canonical.clone(),
        message_id: Some(message_id),
        received_at: at,
    });
    for (_, pass) in &judged.forced_passes {
        next.moves.push(PlayedMove {
            text: pass.clone(),
            message_id: None,
            received_at: at,
        });
    }
}

/// `RESIGN`.
fn resign(desk: &mut Desk, game: &StoredGame, live: AnyGame, side: Side) {
    let result = terms::resignation(&live, side);
    let next = finished(desk, game, &result);
    desk.summary = format!("game #{}: {side} resigned ({})", game.id, result.line);
    end(
        desk,
        &next,
        &live,
        side,
        Ending::Resigned(side),
        &result,
        None,
    );
    desk.save_game(next);
}

/// `DRAW`, or `PAT` (`claim`: a Bulltricker draw claim).
fn draw(desk: &mut Desk, game: &StoredGame, live: AnyGame, side: Side, claim: bool) {
    if game.draw_offer == Some(side.opponent()) {
        return agree_draw(desk, game, live, side);
    }
    if claim
        && matches!(live.outcome(), Outcome::Drawn { .. })
        && let Some(result) = terms::rules_result(&live)
    {
        let next = finished(desk, game, &result);
        desk.summary = format!(
            "game #{}: {side}'s PAT claim confirmed by the rules",
            game.id
        );
        end(
            desk,
            &next,
            &live,
            side,
            Ending::ClaimConfirmed,
            &result,
            None,
        );
        desk.save_game(next);
        return;
    }
    if game.draw_offer == Some(side) {
        let body = reply::draw_already_offered(desk.lang);
        desk.reply_game(game, side, body);
        desk.summary = format!("game #{}: {side} repeated a draw offer", game.id);
        return;
    }
    let made = game.terms.draw_offers_made[side.index()];
    if let Some(limit) = game.terms.draw_offer_limit
        && made >= limit
    {
        let body = crate::t!(desk.lang, "draw-limit-reached", limit = limit) + "\n";
        desk.reply_game(game, side, body);
        desk.summary = format!(
            "game #{}: {side}'s draw offer refused: {made} of {limit} made",
            game.id
        );
        return;
    }
    let mut next = game.clone();
    next.draw_offer = Some(side);
    next.terms.draw_offers_made[side.index()] += 1;
    next.updated_at = desk.now;
    // A draw offer drops the opponent's conditional moves (they answered moves).
    let dropped = conditional::drop_opponents(&mut next, side);
    let opponent = side.opponent();
    let body = reply::draw_offer_forward(
        desk.lang_of(next.address_of(opponent)),
        &desk.seen(&next, &live, opponent),
        &dropped,
    );
    desk.notify(&next, opponent, body);
    let body = reply::draw_offer_ack(desk.lang, &desk.seen(&next, &live, side), claim);
    desk.reply_game(&next, side, body);
    desk.summary = format!(
        "game #{}: {side} {}",
        game.id,
        if claim {
            "claimed PAT; forwarded as a draw offer"
        } else {
            "offered a draw"
        }
    );
    desk.save_game(next);
}

/// The opponent's draw offer is accepted by `side`.
fn agree_draw(desk: &mut Desk, game: &StoredGame, live: AnyGame, side: Side) {
    let result = terms::agreed_draw(&live);
    let next = finished(desk, game, &result);
    desk.summary = format!("game #{}: draw agreed ({})", game.id, result.line);
    end(desk, &next, &live, side, Ending::AgreedDraw, &result, None);
    desk.save_game(next);
}

/// `side` declines the opponent's draw offer.
fn decline_draw(desk: &mut Desk, game: &StoredGame, side: Side) {
    let mut next = game.clone();
    next.draw_offer = None;
    next.updated_at = desk.now;
    let name = desk.name_of(game.address_of(side));
    let opponent = side.opponent();
    let body =
        reply::draw_declined_notice(desk.lang_of(game.address_of(opponent)), name.as_deref());
    desk.notify(&next, opponent, body);
    desk.reply_game(&next, side, reply::draw_declined_ack(desk.lang));
    desk.summary = format!("game #{}: {side} declined the draw offer", game.id);
    desk.save_game(next);
}

/// The game with `result` set.
pub(crate) fn finished(desk: &Desk, game: &StoredGame, result: &GameResult) -> StoredGame {
    let mut next = game.clone();
    next.status = GameStatus::Finished;
    next.result = Some(result.clone());
    next.draw_offer = None;
    next.conditions = None;
    next.updated_at = desk.now;
    next
}

/// The closing mails: to the sender (seated as `side`) and to the opponent.
fn end(
    desk: &mut Desk,
    game: &StoredGame,
    live: &AnyGame,
    side: Side,
    ending: Ending,
    result: &GameResult,
    words: Option<Words>,
) {
    let [w, b] = desk.names(game);
    let record = terms::record(game, [w.as_deref(), b.as_deref()]);
    let opponent = side.opponent();
    let body = reply::game_end(
        desk.lang_of(game.address_of(opponent)),
        &desk.seen(game, live, opponent),
        ending,
        result,
        &record,
        words,
    );
    desk.notify(game, opponent, body);
    let body = reply::game_end(
        desk.lang,
        &desk.seen(game, live, side),
        ending,
        result,
        &record,
        words,
    );
    desk.reply_game(game, side, body);
}
