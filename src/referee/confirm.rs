//! Confirming a command: a command that would change a game or a player, in a mail that
//! proves nothing about its sender, is held as a stored request until the address it names
//! says an explicit yes to that one request.
//!
//! Anyone can write alice's address in a From line. So arbitre does nothing with such a
//! mail and asks alice, at her own address, whether she sent it. The request is a record
//! (its number, alice's address, the exact command, its game, an expiry: [`VALID_FOR`]),
//! and the request mail's Reply-To is a one-time address made for it (a confirmation
//! token, [`crate::referee::token::confirmation_address`]): only alice received it, and it
//! names this request and nothing else. What a reply to that address does:
//! - nothing written (once quotes and signatures are cut), or an explicit yes in any
//!   language of the catalogs (`YES`, `CONFIRM`, `OUI`, `CONFIRMER`, `words-yes`): the
//!   stored command is carried out, as if alice had sent it from her own reply address,
//!   and the request is used up;
//! - `NOT ME` (`PAS MOI`, `words-not-me`): the request is cancelled, and alice is told how
//!   forged mail is handled;
//! - a command of its own (a move, `RESIGN`, `BOARD`...): that command, judged on its own
//!   (the address proves alice wrote it); the request is used up when it is the same
//!   command, left as it is otherwise;
//! - anything else ("No! I never sent this."): nothing is done, and alice is told that to
//!   do it she must reply `YES`;
//! - an automatic mail (an out-of-office, a bounce) never gets here: the guards of
//!   [`crate::referee::handle`] drop it first.
//!
//! The Subject of a request (`Confirm: RESIGN`) is never read as a command
//! ([`crate::referee::read::subject_text`]); nothing but the stored record says what is
//! confirmed, and nothing but a reply to the request's own address confirms it.

use crate::games::Side;
use crate::referee::command::{Command, Reading, looks_like_a_move, read_command};
use crate::referee::compose;
use crate::referee::desk::Desk;
use crate::referee::message;
use crate::referee::proof::Proof;
use crate::referee::read::{self, Candidates, LINES_CONSIDERED};
use crate::referee::reply;
use crate::referee::reply::Topic;
use crate::referee::token;
use crate::referee::vocabulary::{Meaning, fold_word, whole};
use crate::referee::{Context, Decision, GameId, Inbound, RefereeConfig, StoredGame, Timestamp};
use crate::t;
use crate::text::Lang;

/// How long a request can be confirmed: a week, the longest a player may reasonably be
/// away from their mail.
pub const VALID_FOR: Timestamp = 7 * 86_400;

/// Where a request stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfirmationState {
    /// Waiting for the player's answer.
    Pending,
    /// Confirmed: the command was carried out.
    Done,
    /// Cancelled by `NOT ME`.
    Cancelled,
    /// The player sent the same command again in their reply, which was carried out on its
    /// own.
    Replaced,
}

impl ConfirmationState {
    /// The word stored.
    pub fn code(self) -> &'static str {
        match self {
            ConfirmationState::Pending => "pending",
            ConfirmationState::Done => "done",
            ConfirmationState::Cancelled => "cancelled",
            ConfirmationState::Replaced => "replaced",
        }
    }

    /// Reads [`ConfirmationState::code`] back.
    pub fn from_code(code: &str) -> Option<ConfirmationState> {
        [
            ConfirmationState::Pending,
            ConfirmationState::Done,
            ConfirmationState::Cancelled,
            ConfirmationState::Replaced,
        ]
        .into_iter()
        .find(|s| s.code() == code)
    }
}

/// One request to confirm a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirmation {
    /// Its number ([`token::confirmation_id`]).
    pub id: String,
    /// The address asked, lower case: the From address of the unproven mail.
    pub address: String,
    /// The command, exactly as it will be carried out (one cleaned line).
    pub command: String,
    /// The game it is for, when it is a command of a game.
    pub game: Option<GameId>,
    /// The language the request was written in.
    pub lang: Lang,
    /// When it was made.
    pub asked_at: Timestamp,
    /// After this instant it confirms nothing.
    pub expires_at: Timestamp,
    /// Where it stands.
    pub state: ConfirmationState,
    /// When it was answered (confirmed, cancelled or replaced).
    pub closed_at: Option<Timestamp>,
}

impl Confirmation {
    /// The request closed as `state` at `now`.
    fn closed(&self, state: ConfirmationState, now: Timestamp) -> Confirmation {
        Confirmation {
            state,
            closed_at: Some(now),
            ..self.clone()
        }
    }
}

/// At most this many characters of a command can be confirmed (it is shown in the request's
/// Subject).
const MAX_CONFIRMABLE: usize = 160;

/// Answers the command `line` that would change something, from a sender nothing proves:
/// nothing changes; the From address (the real player, whoever wrote) is told why, and
/// asked to confirm by an explicit yes to a stored request ([`ask`]). The request
/// is written in the sender's language: the one they chose, else that of the command's own
/// words ([`Desk::new`]). `seat`: the game and the sender's seat in it, when the command is
/// for a game.
pub(crate) fn hold(desk: &mut Desk, line: &str, seat: Option<(&StoredGame, Side)>) {
    let confirmable = line.chars().count() <= MAX_CONFIRMABLE && !line.contains(['\r', '\n']);
    let lang = desk.lang;
    let game = seat.map(|(g, _)| g.id);
    let has_key = match seat {
        Some((g, side)) => compose::reply_address(desk.config, g.id, side).is_some(),
        None => token::player_address(desk.config, desk.sender()).is_some(),
    };
    let request = if confirmable {
        ask(desk, line, game)
    } else {
        None
    };
    let body = reply::unproven(lang, line, request.is_some(), has_key);
    let subject = if request.is_some() {
        reply::subject_confirm(lang, game, line)
    } else {
        match seat {
            Some((g, side)) => {
                let them = desk.name_of(g.address_of(side.opponent()));
                reply::subject_game(lang, g, side, them.as_deref(), true)
            }
            None => reply::subject(lang, Topic::Problem),
        }
    };
    match seat {
        // Threaded with the game, but not game mail (the sender is not proven): the rate
        // limit applies, so forged mail cannot flood a player.
        Some((g, side)) => desk.mail.reply_in_game(desk.msg, g, side, subject, body),
        None => {
            desk.mail.reply(desk.msg, subject, body);
        }
    }
    if let Some(mail) = desk.mail.outbox.last_mut() {
        // The request's own address, and no other key: a reply to it is an answer to this
        // request alone.
        if let Some(address) = request {
            mail.reply_to = Some(address);
        }
        // Counted apart from the player's own answers (see `unproven-allowance`).
        mail.message_id = compose::mark_unproven(&mail.message_id);
    }
    desk.summary = format!(
        "did nothing with {line:?} from {}: nothing proves the sender",
        desk.sender()
    );
}

/// The request to confirm `command`, asked of the sender of `desk`'s message about `game`,
/// recorded in the decision; returns its one-time reply address, or `None` when arbitre
/// cannot give one (plus-addressing off): then nothing can confirm it.
pub fn ask(desk: &mut Desk, command: &str, game: Option<GameId>) -> Option<String> {
    let address = desk.sender().to_lowercase();
    let id = token::confirmation_id(desk.config.keys.current(), &desk.msg.message_id, &address);
    let reply_to = token::confirmation_address(desk.config, &id, &address)?;
    desk.confirmations.push(Confirmation {
        id,
        address,
        command: command.to_string(),
        game,
        lang: desk.lang,
        asked_at: desk.now,
        expires_at: desk.now + VALID_FOR,
        state: ConfirmationState::Pending,
        closed_at: None,
    });
    Some(reply_to)
}

/// What a reply to a request says.
#[derive(Debug)]
enum Answer {
    /// Nothing written, or an explicit yes.
    Yes,
    /// `NOT ME`.
    NotMe,
    /// A command of its own.
    Command(Reading),
    /// Anything else.
    Other(String),
}

/// Reads the meaningful text of a reply to a request (its body only: never the Subject).
fn answer_of(msg: &Inbound) -> (Answer, Option<Lang>) {
    let lines: Vec<String> = read::body_lines(msg).take(LINES_CONSIDERED).collect();
    if lines.is_empty() {
        return (Answer::Yes, None);
    }
    let text = lines.join(" ");
    let words: Vec<String> = text.split_whitespace().map(fold_word).collect();
    let words: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|w| !w.is_empty())
        .collect();
    if let Some((meaning, hint)) = whole(&words, &[Meaning::Yes, Meaning::NotMe]) {
        let answer = match meaning {
            Meaning::Yes => Answer::Yes,
            _ => Answer::NotMe,
        };
        return (answer, hint);
    }
    let reading = read_command(&Candidates {
        lines: lines.clone(),
        subject: String::new(),
    });
    let is_command = match &reading.command {
        Command::Unknown(line) => looks_like_a_move(line),
        _ => true,
    };
    let hint = reading.hint;
    if is_command {
        (Answer::Command(reading), hint)
    } else {
        (Answer::Other(lines[0].clone()), None)
    }
}

/// Decides on a message sent to the confirmation address of request `id` (the token was
/// verified against the sender: the address proves who writes). See the module's doc.
pub fn on_reply(
    config: &RefereeConfig,
    ctx: &Context,
    msg: &Inbound,
    now: Timestamp,
    id: &str,
) -> Decision {
    let asked = ctx
        .confirmation
        .as_ref()
        .filter(|c| c.id == id && c.address.eq_ignore_ascii_case(&msg.from));
    let (answer, hint) = answer_of(msg);
    if let Answer::Command(reading) = &answer {
        let mut d = message::decide(config, ctx, msg, now, reading, Proof::ConfirmKey);
        if let Some(c) = asked.filter(|c| open(c, now) && same_command(&c.command, &reading.line)) {
            d.confirmations
                .push(c.closed(ConfirmationState::Replaced, now));
        }
        return d;
    }
    let Some(asked) = asked else {
        let mut desk = Desk::new(config, ctx, msg, now, hint);
        let body = t!(desk.lang, "confirm-unknown");
        desk.reply(reply::Topic::Problem, body + "\n");
        desk.summary = format!(
            "{} answered request {id}, which the store does not have: nothing done",
            msg.from
        );
        return desk.finish();
    };
    // The request's own language unless the answer tells another.
    let lang_hint = hint.or(Some(asked.lang));
    let mut desk = Desk::new(config, ctx, msg, now, lang_hint);
    desk.proof = Proof::ConfirmKey;
    if asked.state != ConfirmationState::Pending {
        let command = asked.command.clone();
        let body = match asked.state {
            ConfirmationState::Cancelled => {
                t!(desk.lang, "confirm-was-cancelled", command = command)
            }
            _ => t!(desk.lang, "confirm-was-used", command = command),
        };
        answer_about(&mut desk, asked, body);
        desk.summary = format!(
            "{} answered request {id} ({:?}), already {}: nothing done",
            msg.from,
            asked.command,
            asked.state.code()
        );
        return desk.finish();
    }
    if now > asked.expires_at {
        let zone = crate::referee::clocks::zone_of(&config.clock, desk.player(&asked.address));
        let body = t!(
            desk.lang,
            "confirm-expired",
            command = asked.command.clone(),
            date = crate::referee::clock_text::when_words(desk.lang, asked.expires_at, &zone)
        );
        answer_about(&mut desk, asked, body);
        desk.summary = format!(
            "{} answered request {id} ({:?}) after it expired: nothing done",
            msg.from, asked.command
        );
        return desk.finish();
    }
    match answer {
        Answer::Yes => carry_out(config, ctx, msg, now, asked),
        Answer::NotMe => {
            let domain = crate::referee::compose::domain(config);
            let body = t!(
                desk.lang,
                "confirm-cancelled",
                command = asked.command.clone(),
                postmaster = format!("postmaster@{domain}")
            );
            answer_about(&mut desk, asked, body);
            desk.confirmations
                .push(asked.closed(ConfirmationState::Cancelled, now));
            desk.summary = format!(
                "{} cancelled request {id} ({:?}): NOT ME",
                msg.from, asked.command
            );
            desk.finish()
        }
        Answer::Other(line) => {
            let body = t!(
                desk.lang,
                "confirm-unclear",
                command = asked.command.clone(),
                written = line.chars().take(80).collect::<String>()
            );
            answer_about(&mut desk, asked, body);
            desk.summary = format!(
                "{} answered request {id} ({:?}) with neither yes nor a command: nothing done",
                msg.from, asked.command
            );
            desk.finish()
        }
        // Taken above, before the request's state: a command is judged on its own.
        Answer::Command(reading) => {
            message::decide(config, ctx, msg, now, &reading, Proof::ConfirmKey)
        }
    }
}

/// Whether `c` can still be confirmed at `now`.
fn open(c: &Confirmation, now: Timestamp) -> bool {
    c.state == ConfirmationState::Pending && now <= c.expires_at
}

/// Whether two command lines are the same command (case and spacing aside).
fn same_command(a: &str, b: &str) -> bool {
    let fold = |s: &str| {
        s.split_whitespace()
            .map(|w| w.to_lowercase())
            .collect::<Vec<_>>()
    };
    fold(a) == fold(b)
}

/// Carries out the command of `asked`, confirmed by its sender: decided as the same message
/// with the stored command as its only text, proven by the confirmation address; the request
/// is used up in the same decision.
fn carry_out(
    config: &RefereeConfig,
    ctx: &Context,
    msg: &Inbound,
    now: Timestamp,
    asked: &Confirmation,
) -> Decision {
    let carried = Inbound {
        text: asked.command.clone(),
        subject: String::new(),
        ..msg.clone()
    };
    let routed;
    let ctx = match asked.game {
        Some(game) => {
            routed = Context {
                token_game: Some(game),
                ..ctx.clone()
            };
            &routed
        }
        None => ctx,
    };
    let reading = read_command(&read::candidates(&carried));
    let mut d = message::decide(config, ctx, &carried, now, &reading, Proof::ConfirmKey);
    d.confirmations
        .push(asked.closed(ConfirmationState::Done, now));
    d.summary = format!(
        "confirmed request {} ({:?}): {}",
        asked.id, asked.command, d.summary
    );
    d
}

/// Answers the sender about their request `asked` with `body`. The answer's reply address
/// is the request's own: whatever is replied to it is an answer to that request again
/// (`YES` to a request still waiting confirms it; to one already answered, it is told so).
fn answer_about(desk: &mut Desk, asked: &Confirmation, body: String) {
    let subject = reply::subject_confirm(desk.lang, asked.game, &asked.command);
    let reply_to = token::confirmation_address(desk.config, &asked.id, &asked.address);
    let mail = desk.mail.reply(desk.msg, subject, body + "\n");
    if reply_to.is_some() {
        mail.reply_to = reply_to;
    }
}
