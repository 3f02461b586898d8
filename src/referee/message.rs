//! Deciding about one inbound message: the guards every message passes (automatic mail,
//! a message already applied, oversize, the reply rate limit), reading the command, finding
//! the game and checking the sender sits in it, then handing over to the game commands
//! ([`crate::referee::play`]) or the challenge commands ([`crate::referee::challenge`]).
//!
//! Decisions made here, each a named behaviour with the recommended default:
//! - `automatic-mail`: ignored entirely (no change, no reply), even if it holds a move, so
//!   that an out-of-office echo of a forwarded move can never play it.
//! - `rate-limit`: the limit is against floods and mail loops, never against play. Mail of a
//!   game the sender is proven to sit in (confirmations, `ERR`, the board, results) is
//!   never held back. Other answers to the sender (help, game lists, unknown commands even
//!   about a game, strangers, anything to an unproven sender) are not game mail: they are
//!   stored as such and count against
//!   [`RefereeConfig::max_replies_per_hour`]; when the limit is reached, the sender gets
//!   one short notice saying until when, and nothing more of that kind until then. The
//!   message itself is still decided.
//! - `unproven-allowance`: the answers to mail that proves nothing about its sender
//!   (requests to confirm) are counted apart, against the From address, in an allowance of
//!   their own ([`super::unproven_allowance`], a quarter of the other): a forger flooding in a
//!   player's name gets that player a few requests an hour at most, and never uses up the
//!   player's own answers. Past it, they are held back without a notice.
//! - `oversize`: refused with a short answer, nothing read or changed.
//! - `duplicate`: a message whose Message-ID is already among a game's moves changes
//!   nothing and gets no answer (the first delivery was answered).
//! - `forged-address`: a message sent to a plus-address of arbitre that does not verify is
//!   refused with an explanation; nothing falls back from it to another way of finding a
//!   game.
//! - `proof`: a command that changes a game or a player (a move, `ACCEPT`, `DECLINE`,
//!   `RESIGN`, `DRAW`, `PAT`, `UNDO`, `IF`, `CONDITIONS CLEAR`, `NEW`, `LANG`, `NO MORE
//!   INVITATIONS` (a reply to the invitation proves it: its address carries the seat's
//!   key), and the
//!   display name kept from the From line) needs a message that proves its sender
//!   ([`crate::referee::proof`]). Without proof it
//!   changes nothing; the From address (the real player, whoever wrote) gets an
//!   explanation whose reply address carries their key and whose Subject carries the
//!   command, so that replying to it confirms. Read-only commands (`BOARD`, `HISTORY`,
//!   `CHECK`, `CONDITIONS`, `GAMES`, `HELP`) are answered either way: the answer goes to
//!   the From address.
//! - `sms-proof`: an SMS proves only its caller number, which can be forged. By SMS a linked
//!   player may play, use the commands of a game (`ACCEPT`, `DECLINE`, `DRAW`, `RESIGN`,
//!   `UNDO`, `CLAIM`, `PAT`, `IF`, `CONDITIONS`) and the read-only ones; a command that
//!   changes the account or starts a game (`PHONE`, `NOTIFY`, `LANG`, `TZ`, `CHAT`,
//!   `PUBLIC`, `PICTURES`, `LEAVE`, `JOIN`, `WITHDRAW`, `NEW`) is answered "by mail only"
//!   and changes nothing.

use crate::referee::command::{Command, LeaveRequest, PhoneRequest, Reading, read_command};
use crate::referee::desk::{Desk, is_bot};
use crate::referee::proof::{self, Proof};
use crate::referee::read::candidates;
use crate::referee::reply::{self, GameLine, NoGame, State, Topic};
use crate::referee::route::{Route, route};
use crate::referee::token::{self, Key};
use crate::referee::{
    Channel, Context, Decision, GameStatus, Inbound, RefereeConfig, Timestamp, account, challenge,
    computer, confirm, entries, leave, phone, play,
};

/// Decides what to do with one inbound message (see [`crate::referee::handle`]).
pub fn handle(config: &RefereeConfig, ctx: &Context, msg: &Inbound, now: Timestamp) -> Decision {
    if msg.automatic || is_bot(config, &msg.from) || computer::is_seat(&msg.from) {
        return Decision {
            summary: format!(
                "ignored automatic mail {} from {}",
                msg.message_id, msg.from
            ),
            ..Decision::default()
        };
    }
    if let Some(g) = ctx.games.iter().find(|g| {
        g.moves
            .iter()
            .any(|m| m.message_id.as_deref() == Some(msg.message_id.as_str()))
    }) {
        return Decision {
            summary: format!(
                "message {} is already a move of game #{}: nothing to do",
                msg.message_id, g.id
            ),
            ..Decision::default()
        };
    }
    let routed;
    let ctx = match sms_game(ctx, msg) {
        Some(c) => {
            routed = c;
            &routed
        }
        None => ctx,
    };
    let mut desk = Desk::new(config, ctx, msg, now, None);
    if msg.size > config.max_message_bytes {
        let body = reply::too_large(desk.lang, msg.size, config.max_message_bytes);
        desk.reply(Topic::Problem, body);
        desk.summary = format!(
            "refused an oversized message ({} bytes) from {}",
            msg.size, msg.from
        );
        return desk.finish();
    }
    let key = token::key_in(config, &msg.recipients, &msg.from, now);
    if let Key::Invalid(address) = &key {
        let body = reply::invalid_address(desk.lang, address);
        desk.reply(Topic::Problem, body);
        desk.summary = format!(
            "refused a message from {} to {address}, not a reply address of arbitre",
            msg.from
        );
        return desk.finish();
    }
    if let Key::Retired(address) = &key {
        let body = reply::retired_address(desk.lang, address);
        desk.reply(Topic::Problem, body);
        desk.summary = format!(
            "refused a message from {} to {address}, a reply address of a replaced secret",
            msg.from
        );
        return desk.finish();
    }
    if let Key::Confirm(id) = &key {
        return confirm::on_reply(config, ctx, msg, now, id);
    }
    let reading = read_command(&candidates(msg));
    let proof = proof::of(config, ctx, msg, &key);
    decide(config, ctx, msg, now, &reading, proof)
}

/// Decides on the command `reading` of `msg`, whose sender `proof` proves or not: the
/// dispatch to the commands, after the guards of [`handle`] (and for a command confirmed
/// by its sender, [`confirm::on_reply`]).
pub(crate) fn decide(
    config: &RefereeConfig,
    ctx: &Context,
    msg: &Inbound,
    now: Timestamp,
    reading: &Reading,
    proof: Proof,
) -> Decision {
    let mut desk = Desk::new(config, ctx, msg, now, reading.hint);
    desk.proof = proof;
    if msg.channel == Channel::Sms {
        let number = msg.phone.clone().unwrap_or_default();
        if let Some(stop) = phone::stop_word(&msg.text) {
            phone::on_stop(&mut desk, &number, stop);
            return desk.finish();
        }
        if !desk.proof.holds() {
            match &reading.command {
                Command::Code(code) if !msg.from.is_empty() => phone::on_code(&mut desk, code),
                _ => phone::on_stranger(&mut desk, &number),
            }
            return desk.finish();
        }
    }
    if desk.proof == Proof::Phone && needs_mail(&reading.command) {
        mail_only(&mut desk, &reading.line);
        return desk.finish();
    }
    desk.game_command = desk.proof.holds() && !matches!(reading.command, Command::Unknown(_));
    desk.note_sender_name();
    desk.note_sender_lang();
    match &reading.command {
        Command::Lang(Some(lang)) if !desk.proof.holds() => {
            // `LANG FR` from an address arbitre does not know yet: asked in French.
            if desk.ctx.sender.is_none() {
                desk.lang = *lang;
            }
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::New(challenge) => challenge::new_game(&mut desk, challenge, &reading.line),
        Command::Games => account::on_games(&mut desk),
        Command::Help(kind) => account::on_help(&mut desk, *kind),
        Command::Lang(lang) => account::on_lang(&mut desk, *lang),
        Command::Chat(Some(_)) if !desk.proof.holds() => {
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::Chat(on) => account::on_chat(&mut desk, *on),
        Command::Pictures(Some(_)) if !desk.proof.holds() => {
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::Pictures(on) => account::on_pictures(&mut desk, *on),
        Command::Public(Some(_)) if !desk.proof.holds() => {
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::Public(on) => account::on_public(&mut desk, *on),
        Command::Name(Some(_)) if !desk.proof.holds() => {
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::Name(name) => account::on_name(&mut desk, name.as_deref()),
        Command::Zone(Some(_)) if !desk.proof.holds() => {
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::Zone(zone) => account::on_zone(&mut desk, zone.as_deref()),
        Command::Leave(LeaveRequest::Take(..) | LeaveRequest::Cancel) if !desk.proof.holds() => {
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::Leave(request) => leave::on_leave(&mut desk, request),
        Command::Phone(PhoneRequest::Link(_) | PhoneRequest::Off)
        | Command::Notify(Some(_))
        | Command::Code(_)
            if !desk.proof.holds() =>
        {
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::Phone(request) => phone::on_phone(&mut desk, request),
        Command::Code(code) => phone::on_code(&mut desk, code),
        Command::Notify(notify) => phone::on_notify(&mut desk, *notify),
        Command::Join(Some(_), _) | Command::Withdraw(Some(_)) if !desk.proof.holds() => {
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::Join(event, name) => {
            entries::on_join(&mut desk, event.as_deref(), name.as_deref())
        }
        Command::Standings(event) => entries::on_standings(&mut desk, event.as_deref()),
        Command::NoInvitations if !desk.proof.holds() => {
            confirm::hold(&mut desk, &reading.line, None)
        }
        Command::NoInvitations => challenge::no_invitations(&mut desk),
        Command::Withdraw(event) => entries::on_withdraw(&mut desk, event.as_deref()),
        _ => in_game(&mut desk, reading),
    }
    desk.finish()
}

/// For an SMS that names no game: the context with the game of the latest SMS sent to
/// its number, when that game still waits for the sender's move (see
/// [`Context::sms_game`]); `None` to leave the routing as it is.
fn sms_game(ctx: &Context, msg: &Inbound) -> Option<Context> {
    if msg.channel != Channel::Sms || ctx.subject_game.is_some() || ctx.reply_game.is_some() {
        return None;
    }
    let id = ctx.sms_game?;
    let game = ctx.games.iter().find(|g| g.id == id)?;
    let side = game.side_of(&msg.from)?;
    let waits = game.status == GameStatus::Active
        && game.rebuild().is_ok_and(|live| live.side_to_move() == side);
    waits.then(|| Context {
        reply_game: Some(id),
        ..ctx.clone()
    })
}

/// Whether `command` changes a game (and so needs proof of its sender).
fn changes_a_game(command: &Command) -> bool {
    matches!(
        command,
        Command::Accept
            | Command::Decline
            | Command::Resign
            | Command::Draw
            | Command::Claim
            | Command::Pat
            | Command::Undo
            | Command::Hint
            | Command::If(_)
            | Command::Conditions(true)
            | Command::Move(_)
    )
}

/// Whether `command` changes a player's account or starts a game, which an SMS cannot do:
/// a caller number is easily forged, so by SMS only moves, the commands of a game and the
/// commands that only show something are taken (see the module's `proof`).
fn needs_mail(command: &Command) -> bool {
    // A game against the computer invites nobody: it may start by SMS.
    if let Command::New(Ok(challenge)) = command
        && computer::is_seat(&challenge.opponent)
    {
        return false;
    }
    matches!(
        command,
        Command::New(_)
            | Command::Lang(Some(_))
            | Command::Zone(Some(_))
            | Command::Chat(Some(_))
            | Command::Public(Some(_))
            | Command::Name(Some(_))
            | Command::Pictures(Some(_))
            | Command::Phone(PhoneRequest::Link(_) | PhoneRequest::Off)
            | Command::Notify(Some(_))
            | Command::Leave(LeaveRequest::Take(..) | LeaveRequest::Cancel)
            | Command::Join(Some(_), _)
            | Command::Withdraw(Some(_))
    )
}

/// Answers a command by SMS that needs mail: nothing changes.
fn mail_only(desk: &mut Desk, line: &str) {
    let body = crate::t!(desk.lang, "mail-only", command = line.to_string());
    desk.reply(Topic::Problem, body + "\n");
    let short = crate::t!(desk.lang, "sms-mail-only");
    desk.short(short);
    desk.summary = format!(
        "did nothing with {line:?} by SMS from {}: it needs mail",
        desk.sender()
    );
}

/// The commands that act on one game.
fn in_game(desk: &mut Desk, reading: &Reading) {
    let command = &reading.command;
    // The store reads only the named game for these (`Lookup::one_game`).
    debug_assert!(command.acts_on_one_game(), "{command:?} routed to a game");
    let ctx = desk.ctx;
    match route(ctx, desk.sender(), command) {
        Route::NotFound(id, how) => {
            let body = reply::unknown_game(desk.lang, id);
            desk.reply(Topic::Problem, body);
            desk.summary = format!("{} named unknown game #{id} ({how:?})", desk.sender());
        }
        Route::NoGame => {
            let body = match command {
                Command::Unknown(line) => reply::not_understood(desk.lang, line, None),
                Command::Accept | Command::Decline => {
                    reply::no_game(desk.lang, NoGame::NothingToAnswer)
                }
                _ => reply::no_game(desk.lang, NoGame::NoActive),
            };
            let topic = match command {
                Command::Unknown(_) => Topic::Help,
                _ => Topic::Problem,
            };
            desk.reply(topic, body);
            desk.summary = format!(
                "{} sent {:?} with no game to apply it to",
                desk.sender(),
                reading.line
            );
        }
        Route::Ambiguous(games) => {
            let lines: Vec<GameLine> = games.iter().filter_map(|g| desk.game_line(g)).collect();
            let body = reply::which_game(desk.lang, &lines);
            desk.reply(Topic::WhichGame, body);
            // By SMS, the games waiting for the sender first: those are the ones meant.
            let waiting: Vec<&GameLine> = lines
                .iter()
                .filter(|l| l.state == State::YourTurn)
                .collect();
            let shown = if waiting.is_empty() {
                lines.iter().collect()
            } else {
                waiting
            };
            let listed: Vec<_> = shown.iter().map(|l| (l.id, l.opponent.clone())).collect();
            desk.short(crate::sms::words::which_game(desk.lang, &listed));
            desk.summary = format!(
                "asked {} which game ({} candidates)",
                desk.sender(),
                lines.len()
            );
        }
        Route::Game(game, _) => {
            let Some(side) = game.side_of(desk.sender()) else {
                let body = reply::not_your_game(desk.lang, game.id);
                desk.reply(Topic::Problem, body);
                desk.summary = format!(
                    "refused a message from {}, who is not a player of game #{}",
                    desk.sender(),
                    game.id
                );
                return;
            };
            if changes_a_game(command) && !desk.proof.holds() {
                confirm::hold(desk, &reading.line, Some((game, side)));
                return;
            }
            match game.status {
                GameStatus::Invited => challenge::on_invitation(desk, game, side, command),
                GameStatus::Declined => play::on_declined(desk, game, side, command),
                GameStatus::Active | GameStatus::Finished => {
                    play::on_game(desk, game, side, command)
                }
            }
        }
    }
}
