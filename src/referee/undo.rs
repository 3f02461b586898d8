//! `UNDO` (`ANNULER`): taking back a move by agreement.
//!
//! - A player asks to take back their own last move while the opponent has not answered it
//!   (the move, with any passes the rules forced after it, is the end of the record). The
//!   opponent is told and answers `UNDO` to agree, or plays on: their move lets the request
//!   lapse, and the asker is told so with that move.
//! - Agreed, the move (and the passes it forced) is removed; the take-back is kept in the
//!   game's history (`StoredGame::takebacks`, shown by `HISTORY`); both players get the
//!   board. It is again the asker's turn.
//! - Agreed, the asker's conditional moves are dropped (they answered moves from the
//!   position taken back), and the asker is told which.
//! - Not in a game whose event forbids take-backs (the event's conditions, copied to the
//!   game's terms): the player is told so and nothing changes.
//!
//! Pure: decides on the stored game; the mails are written by [`reply`].

use crate::games::{AnyGame, Side};
use crate::referee::desk::Desk;
use crate::referee::model::TakeBack;
use crate::referee::{StoredGame, compose, reply};

/// The index of the first ply of `side`'s last move when it ends the record (only passes
/// the rules forced may follow it), so that it can still be taken back.
pub fn last_own_move(game: &StoredGame, side: Side) -> Option<usize> {
    let mut end = game.moves.len();
    // Passes the rules forced on the opponent after the move (they carry no mail).
    while end > 0
        && game.moves[end - 1].message_id.is_none()
        && compose::mover_of_ply(game, end - 1) != Some(side)
    {
        end -= 1;
    }
    let last = end.checked_sub(1)?;
    (compose::mover_of_ply(game, last) == Some(side) && game.moves[last].message_id.is_some())
        .then_some(last)
}

/// `UNDO` from `side`: agrees to the opponent's request, or asks to take back `side`'s
/// own last move.
pub fn undo(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side) {
    if game.terms.no_takebacks {
        let body = crate::t!(desk.lang, "undo-not-in-event") + "\n";
        desk.reply_game(game, side, body);
        desk.summary = format!(
            "game #{}: {side} asked to take back; the event forbids it",
            game.id
        );
        return;
    }
    let opponent = side.opponent();
    if crate::referee::computer::level_of(game.address_of(opponent)).is_some() {
        return against_computer(desk, game, side);
    }
    if game.undo_request == Some(opponent) && last_own_move(game, opponent).is_some() {
        return agree(desk, game, side);
    }
    let lang = desk.lang;
    if game.undo_request == Some(side) {
        let body = reply::undo_already_asked(lang);
        desk.reply_game(game, side, body);
        desk.summary = format!("game #{}: {side} repeated a take-back request", game.id);
        return;
    }
    let Some(first) = last_own_move(game, side) else {
        let body = reply::undo_nothing(lang);
        desk.reply_game(game, side, body);
        desk.summary = format!(
            "game #{}: {side} asked to take back; nothing to take",
            game.id
        );
        return;
    };
    let mut next = game.clone();
    next.undo_request = Some(side);
    next.updated_at = desk.now;
    let text = game.moves[first].text.clone();
    let body = reply::undo_asked(
        desk.lang_of(next.address_of(opponent)),
        &desk.seen(&next, live, opponent),
        &text,
    );
    desk.notify(&next, opponent, body);
    let body = reply::undo_sent(lang, &desk.seen(&next, live, side), &text);
    desk.reply_game(&next, side, body);
    desk.summary = format!("game #{}: {side} asked to take back {text}", game.id);
    desk.save_game(next);
}

/// `UNDO` against the computer, granted at once: the player's last move goes, with the
/// computer's answer when it came already, so that it is the player's turn again.
fn against_computer(desk: &mut Desk, game: &StoredGame, side: Side) {
    let computer = side.opponent();
    let from = last_own_move(game, side).or_else(|| {
        let answer = last_own_move(game, computer)?;
        let mut before = game.clone();
        before.moves.truncate(answer);
        last_own_move(&before, side)
    });
    let Some(from) = from else {
        let body = reply::undo_nothing(desk.lang);
        desk.reply_game(game, side, body);
        desk.summary = format!(
            "game #{}: {side} asked to take back; nothing to take",
            game.id
        );
        return;
    };
    let mut next = game.clone();
    let taken = next.moves.split_off(from);
    // Each move taken back goes into the history, the last first (forced passes go
    // with the move that forced them).
    let mut played: Vec<String> = Vec::new();
    for (i, m) in taken.iter().enumerate().rev() {
        if m.message_id.is_none() {
            continue;
        }
        next.takebacks.push(TakeBack {
            ply: from + i + 1,
            text: m.text.clone(),
            by: compose::mover_of_ply(game, from + i).unwrap_or(side),
            agreed_at: desk.now,
        });
        played.insert(0, m.text.clone());
    }
    next.undo_request = None;
    next.hint_request = None;
    next.draw_offer = None;
    let plies = next.moves.len();
    next.clock.reminded.retain(|&(ply, _)| ply < plies);
    let dropped = crate::referee::conditional::drop_opponents(&mut next, computer);
    next.updated_at = desk.now;
    let Some((live, _)) = crate::referee::terms::plies(&next) else {
        let body = reply::store_problem(desk.lang, game.id);
        desk.reply_game(game, side, body);
        desk.summary = format!("ERROR: game #{} does not replay after a take-back", game.id);
        return;
    };
    let moves = played.join(", ");
    let body = reply::undo_by_computer(desk.lang, &desk.seen(&next, &live, side), &moves, &dropped);
    desk.reply_game(&next, side, body);
    desk.summary = format!(
        "game #{}: {side} took back {moves} against the computer",
        game.id
    );
    desk.save_game(next);
}

/// The opponent of the asker agrees: the asker's last move goes, into the history.
fn agree(desk: &mut Desk, game: &StoredGame, side: Side) {
    let asker = side.opponent();
    // `undo` checked that the asker's move still ends the record.
    let Some(first) = last_own_move(game, asker) else {
        return;
    };
    let mut next = game.clone();
    let taken = next.moves.split_off(first);
    next.undo_request = None;
    // The turns taken back are played again: their reminders may be sent again.
    let plies = next.moves.len();
    next.clock.reminded.retain(|&(ply, _)| ply < plies);
    // The asker's conditional moves answered moves from the position now gone.
    let dropped = crate::referee::conditional::drop_opponents(&mut next, side);
    next.updated_at = desk.now;
    next.takebacks.push(TakeBack {
        ply: first + 1,
        text: taken[0].text.clone(),
        by: asker,
        agreed_at: desk.now,
    });
    let Some((live, _)) = crate::referee::terms::plies(&next) else {
        let body = reply::store_problem(desk.lang, game.id);
        desk.reply_game(game, side, body);
        desk.summary = format!("ERROR: game #{} does not replay after a take-back", game.id);
        return;
    };
    let text = &taken[0].text;
    let body = reply::undo_done(
        desk.lang_of(next.address_of(asker)),
        &desk.seen(&next, &live, asker),
        text,
        false,
        &dropped,
    );
    desk.notify(&next, asker, body);
    let body = reply::undo_done(desk.lang, &desk.seen(&next, &live, side), text, true, &[]);
    desk.reply_game(&next, side, body);
    desk.summary = format!(
        "game #{}: {asker}'s move {text} taken back by agreement",
        game.id
    );
    desk.save_game(next);
}
