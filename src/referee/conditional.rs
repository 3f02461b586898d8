//! Conditional moves in a game: `IF <their move> THEN <my move> ...` (`SI ... ALORS ...`)
//! stores a line, `CONDITIONS` lists the lines, `CONDITIONS CLEAR` drops them, and the
//! opponent's move plays the prepared answer. The lines themselves (reading, the tree,
//! matching a move) are [`crate::referee::conditions`].
//!
//! Behaviours decided here (each with its recommended default):
//! - `conditions-private`: lines are told to their owner only (the answer to `IF`,
//!   `CONDITIONS`, `HISTORY`, the mails of the owner's game); the opponent learns of a
//!   conditional move when it is played, and its mail says it was prepared.
//! - `conditions-answer`: an opponent's move that a line expects is answered at once by
//!   the owner's prepared move, recorded with the same time stamp and as carried by the
//!   mail that stored the line. The mover gets the usual mails (the confirmation of their
//!   move, then the forward of the answer); the owner gets one mail with both moves, the
//!   board after them and the lines left. A prepared answer that ends the game ends it.
//! - `conditions-dropped`: a move no line expects drops every line, and the owner is told
//!   which in the mail of that move. A draw offer from the opponent and a take-back drop
//!   them too (the owner is told); the end of the game drops them without a word.
//! - `conditions-turn`: only the player who is not to move holds lines; when the rules
//!   make the owner pass, or leave it the owner's turn after the answer, the lines left
//!   are dropped (they answer moves the opponent will not make next).
//! - `conditions-block`: a mail may hold several `IF` lines, one under the other: all are
//!   checked and stored together, or none when one is refused (the answer quotes it).
//! - `conditions-limit`: at most [`MOST_LINES`] lines per player and game.
//!
//! Pure.

use crate::games::{AnyGame, Judgement, Side};
use crate::referee::command::{self, Command};
use crate::referee::conditions::{self, Answer, Line};
use crate::referee::desk::Desk;
use crate::referee::{Conditions, StoredGame, read, reply};

/// The most lines one player may store in one game.
pub const MOST_LINES: usize = 32;

/// The lines `side` holds in `game` (none when the other player holds them).
pub fn held(game: &StoredGame, side: Side) -> &[Line] {
    match &game.conditions {
        Some(c) if c.by == side => &c.lines,
        _ => &[],
    }
}

/// The conditional lines of the message: the block of `IF` lines that starts with the one
/// the command was read from (a player may write their whole tree in one mail, one line
/// each), each as written and as the words after its keyword. `text`, from a line outside
/// the body (the Subject), stands alone.
fn written_lines(desk: &Desk, text: &str) -> Vec<(String, String)> {
    let block: Vec<(String, String)> = read::body_lines(desk.msg)
        .map(|line| {
            let words = match command::parse(&line).0 {
                Command::If(words) => Some(words),
                _ => None,
            };
            (line, words)
        })
        .skip_while(|(_, words)| words.as_deref() != Some(text))
        .map_while(|(line, words)| words.map(|w| (line, w)))
        .take(MOST_LINES + 1)
        .collect();
    if block.is_empty() {
        return vec![(text.to_string(), text.to_string())];
    }
    block
}

/// `IF ...` from `side`: reads and checks each line of the message, and stores them all
/// (see [`conditions::add`]), or none when one is refused.
pub fn store(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side, text: &str) {
    let lang = desk.lang;
    if game.terms.no_conditionals {
        let body = crate::t!(lang, "conditions-not-in-event") + "\n";
        desk.reply_game(game, side, body);
        desk.summary = format!(
            "game #{}: {side}'s conditional moves refused; the event forbids them",
            game.id
        );
        return;
    }
    let written = written_lines(desk, text);
    let mut lines = held(game, side).to_vec();
    let mut replaced = Vec::new();
    for (n, (line, words)) in written.iter().enumerate() {
        match conditions::read_line(live, side, words) {
            Ok(steps) => {
                let line = Line {
                    steps,
                    set_by: desk.msg.message_id.clone(),
                };
                replaced.extend(conditions::add(&mut lines, line));
            }
            Err(error) => {
                let others = written.len() - 1;
                let body = reply::conditions_refused(
                    lang,
                    &desk.seen(game, live, side),
                    line,
                    others,
                    &error,
                );
                desk.reply_game(game, side, body);
                desk.summary = format!(
                    "game #{}: {side}'s conditional line {} of {} refused ({error:?}); none stored",
                    game.id,
                    n + 1,
                    written.len()
                );
                return;
            }
        }
    }
    if lines.len() > MOST_LINES {
        let body = reply::conditions_too_many(lang, MOST_LINES);
        desk.reply_game(game, side, body);
        desk.summary = format!(
            "game #{}: {side} would hold more than {MOST_LINES} conditional lines; refused",
            game.id
        );
        return;
    }
    // A line replaced by a later line of the same message was never stored.
    replaced.retain(|old| old.set_by != desk.msg.message_id);
    let mut next = game.clone();
    next.conditions = Some(Conditions { by: side, lines });
    next.updated_at = desk.now;
    let body = reply::conditions_stored(lang, &desk.seen(&next, live, side), &replaced);
    desk.reply_game(&next, side, body);
    desk.summary = format!(
        "game #{}: {side} stored {} conditional line(s) ({} held, {} replaced)",
        game.id,
        written.len(),
        held(&next, side).len(),
        replaced.len()
    );
    desk.save_game(next);
}

/// `CONDITIONS` (`clear`: `CONDITIONS CLEAR`) from `side`.
pub fn list(desk: &mut Desk, game: &StoredGame, live: &AnyGame, side: Side, clear: bool) {
    let lines = held(game, side).to_vec();
    if !clear || lines.is_empty() {
        let body = reply::conditions_list(desk.lang, &desk.seen(game, live, side));
        desk.reply_game(game, side, body);
        desk.summary = format!(
            "game #{}: {side}'s {} conditional line(s) listed",
            game.id,
            lines.len()
        );
        return;
    }
    let mut next = game.clone();
    next.conditions = None;
    next.updated_at = desk.now;
    let body = reply::conditions_cleared(desk.lang, &lines);
    desk.reply_game(&next, side, body);
    desk.summary = format!(
        "game #{}: {side} dropped {} conditional line(s)",
        game.id,
        lines.len()
    );
    desk.save_game(next);
}

/// What the opponent's move did to the owner's lines.
#[derive(Clone, Debug)]
pub enum Reaction {
    /// The owner holds no lines.
    Nothing,
    /// No line expected the move (or the owner cannot answer it): these were dropped.
    Dropped(Vec<Line>),
    /// A line answered it.
    Answer(Box<Prepared>),
}

/// A prepared answer, played on a copy of the game.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The position after the answer.
    pub after: AnyGame,
    /// The answer as the rules judged it.
    pub judged: Judgement,
    /// The mail that stored the line.
    pub set_by: String,
}

/// After `mover`'s move `theirs` (canonical), played on `live` and recorded in `next`: the
/// prepared answer of the other player, if a line expects the move. `next.conditions` is
/// left as it must be stored: the rest of the branch that answered, or nothing.
pub fn after_move(next: &mut StoredGame, live: &AnyGame, mover: Side, theirs: &str) -> Reaction {
    let owner = mover.opponent();
    let Some(held) = next.conditions.take() else {
        return Reaction::Nothing;
    };
    if held.by != owner {
        // Lines of the mover's own cannot stand when they move (see `conditions-turn`).
        return Reaction::Nothing;
    }
    if live.side_to_move() != owner {
        return Reaction::Dropped(held.lines);
    }
    let (mine, set_by, rest) = match conditions::on_move(&held.lines, theirs) {
        Answer::Nothing => return Reaction::Nothing,
        Answer::Dropped(lines) => return Reaction::Dropped(lines),
        Answer::Play { mine, set_by, rest } => (mine, set_by, rest),
    };
    let mut after = live.clone();
    let Ok(judged) = after.play(&mine) else {
        // Checked when stored, from this very position: only a changed rule gets here.
        return Reaction::Dropped(held.lines);
    };
    if !rest.is_empty() && after.side_to_move() != owner && !after.outcome().is_over() {
        next.conditions = Some(Conditions {
            by: owner,
            lines: rest,
        });
    }
    Reaction::Answer(Box::new(Prepared {
        after,
        judged,
        set_by,
    }))
}

/// Drops the lines of the opponent of `side` (a draw offer, a take-back): the lines
/// dropped.
pub fn drop_opponents(next: &mut StoredGame, side: Side) -> Vec<Line> {
    match next.conditions.take() {
        Some(c) if c.by == side.opponent() => c.lines,
        other => {
            next.conditions = other;
            Vec::new()
        }
    }
}
