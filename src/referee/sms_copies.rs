//! The SMS that go with a decision's mails: for each mail to a player with a linked phone,
//! its short form by SMS when the player wants it, decided with the mail itself (the
//! referee stays pure; the outbox sends both).
//!
//! Decisions made here:
//! - `answer-on-its-channel`: whatever a player sends by SMS is answered by SMS, in the
//!   short form when the answer has one, else by an SMS saying the answer went by mail.
//! - `notify`: `NOTIFY SMS` adds by SMS what calls on the player (their move to play, a
//!   reminder, a result); `NOTIFY BOTH` adds every short form there is (a move of theirs
//!   accepted or refused as well). Mail always goes: it keeps the whole record, and it
//!   carries on when the SMS wait (quiet hours, the daily caps) or cannot go (STOP).
//! - `quiet-hours`: an SMS that answers nothing the player sent waits for the end of the
//!   quiet hours in the player's time zone; answers go at once.

use jiff::Timestamp as Instant;

use crate::games::Side;
use crate::referee::clocks;
use crate::referee::compose::{mover_of_ply, sms_id};
use crate::referee::desk::Desk;
use crate::referee::{
    AutoKind, Channel, GameStatus, Notify, Outgoing, Player, StoredGame, Timestamp,
};
use crate::sms::quiet::QuietHours;
use crate::sms::words::{self, End};

/// What a mail tells its reader, as far as SMS are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Calls {
    /// It calls on the reader: their move, a reminder, a result.
    OnThem,
    /// It only informs (a move accepted or refused).
    Informs,
}

/// The decision's mails, each followed by its SMS when one goes with it.
pub fn add(desk: &Desk, outbox: Vec<Outgoing>) -> Vec<Outgoing> {
    let mut out = Vec::with_capacity(outbox.len());
    for mail in outbox {
        let sms = copy(desk, &mail);
        out.push(mail);
        out.extend(sms);
    }
    out
}

/// The SMS that goes with `mail`, if any.
fn copy(desk: &Desk, mail: &Outgoing) -> Option<Outgoing> {
    if mail.channel != Channel::Mail {
        return None;
    }
    let player = desk.player(&mail.to)?;
    let number = player.phone.clone()?;
    let answering = desk.msg.channel == Channel::Sms
        && mail.auto == AutoKind::Replied
        && mail.to.eq_ignore_ascii_case(&desk.msg.from);
    if !answering && !player.notify.by_sms() {
        return None;
    }
    let lang = desk.lang_of(&mail.to);
    let short = match &mail.sms {
        Some(text) => Some((text.clone(), explicit_calls(mail))),
        None => derived(desk, mail, player),
    };
    let text = match (short, answering) {
        (Some((text, _)), true) => text,
        (Some((text, Calls::OnThem)), false) => text,
        (Some((text, Calls::Informs)), false) if player.notify == Notify::Both => text,
        (None, true) => words::by_mail(lang, mail.game),
        _ => return None,
    };
    Some(Outgoing {
        to: number,
        subject: String::new(),
        body: text,
        message_id: sms_id(&mail.message_id),
        in_reply_to: None,
        references: Vec::new(),
        reply_to: None,
        game: mail.game,
        auto: mail.auto,
        turn: None,
        channel: Channel::Sms,
        sms: None,
        not_before: if answering {
            None
        } else {
            quiet_until(desk, player)
        },
        picture: None,
    })
}

/// Whether a mail whose short form was given where it was written calls on its reader: a
/// reminder does (it is generated); a refusal only answers.
fn explicit_calls(mail: &Outgoing) -> Calls {
    match mail.auto {
        AutoKind::Generated => Calls::OnThem,
        AutoKind::Replied => Calls::Informs,
    }
}

/// The short form of a game's mail, from what the decision did to the game: the end of the
/// game, the reader's turn after the opponent's move, or the reader's move accepted.
fn derived(desk: &Desk, mail: &Outgoing, player: &Player) -> Option<(String, Calls)> {
    let id = mail.game?;
    let game = desk.games.iter().find(|g| g.id == id)?;
    let before = desk.ctx.games.iter().find(|g| g.id == id);
    let side = game.side_of(&player.address)?;
    let lang = desk.lang_of(&mail.to);
    let opponent = desk.name_of(game.address_of(side.opponent()));
    if game.status == GameStatus::Finished
        && before.is_none_or(|b| b.status != GameStatus::Finished)
    {
        let result = game.result.as_ref()?;
        let end = match result.winner {
            Some(w) if w == side => End::Win,
            Some(_) => End::Loss,
            None if crate::games::Termination::counts_for_nobody(&result.termination) => {
                End::Cancelled
            }
            None => End::Draw,
        };
        return Some((
            words::end(lang, id, game.kind, &result.line, end),
            Calls::OnThem,
        ));
    }
    let started =
        game.status == GameStatus::Active && before.is_none_or(|b| b.status != GameStatus::Active);
    if started && mail.turn.is_some() && game.moves.is_empty() {
        let text = words::game_start(lang, id, game.kind, opponent.as_deref());
        return Some((text, Calls::OnThem));
    }
    let grown = before.is_none_or(|b| b.moves.len() < game.moves.len());
    if game.status != GameStatus::Active || !grown {
        return None;
    }
    if mail.turn.is_some() {
        let played = last_move_by(game, side.opponent())?;
        let left = clock_left(desk, game, side);
        let effect = effect_of_last(game, side.opponent(), lang);
        let text = words::your_move(
            lang,
            id,
            game.kind,
            opponent.as_deref(),
            &played,
            left,
            effect.as_deref(),
        );
        return Some((text, Calls::OnThem));
    }
    let mine = game
        .moves
        .iter()
        .find(|m| m.message_id.as_deref() == Some(desk.msg.message_id.as_str()))?;
    if mail.auto == AutoKind::Replied {
        let text = words::accepted(lang, id, &mine.text, opponent.as_deref());
        return Some((text, Calls::Informs));
    }
    None
}

/// The last move `side` played in `game` (forced passes are the game's, not a side's).
fn last_move_by(game: &StoredGame, side: Side) -> Option<String> {
    game.moves
        .iter()
        .enumerate()
        .rev()
        .find(|(i, _)| mover_of_ply(game, *i) == Some(side))
        .map(|(_, m)| m.text.clone())
}

/// What the last move of `side` did, in the engine's words: the game is replayed up to it
/// and the move judged again (pure, and only for a player who reads it by SMS).
fn effect_of_last(game: &StoredGame, side: Side, lang: crate::text::Lang) -> Option<String> {
    let i = (0..game.moves.len())
        .rev()
        .find(|i| mover_of_ply(game, *i) == Some(side))?;
    let before = StoredGame {
        moves: game.moves[..i].to_vec(),
        ..game.clone()
    };
    let judged = before.rebuild().ok()?.judge(&game.moves[i].text).ok()?;
    Some(judged.effect.get(lang).to_string())
}

/// The time `side` has left in `game`, when it has a clock.
fn clock_left(desk: &Desk, game: &StoredGame, side: Side) -> Option<i64> {
    let view = clocks::view(game, &desk.circumstances(game), side, desk.now)?;
    view.left[side.index()]
}

/// The end of the quiet hours when `now` falls inside them for `player`.
fn quiet_until(desk: &Desk, player: &Player) -> Option<Timestamp> {
    let quiet = desk.config.sms.quiet?;
    let zone = clocks::zone_of(&desk.config.clock, Some(player));
    quiet_end(quiet, &zone, desk.now)
}

/// The end of the quiet hours `quiet` in `zone`, when `now` falls inside them.
pub fn quiet_end(
    quiet: QuietHours,
    zone: &jiff::tz::TimeZone,
    now: Timestamp,
) -> Option<Timestamp> {
    let here = Instant::from_second(now).ok()?.to_zoned(zone.clone());
    let minute = here.hour() as u32 * 60 + here.minute() as u32;
    if !quiet.contains(minute) {
        return None;
    }
    let (h, m) = ((quiet.end / 60) as i8, (quiet.end % 60) as i8);
    let today = here.date().at(h, m, 0, 0).to_zoned(zone.clone()).ok()?;
    let end = if today.timestamp() > here.timestamp() {
        today
    } else {
        here.date()
            .tomorrow()
            .ok()?
            .at(h, m, 0, 0)
            .to_zoned(zone.clone())
            .ok()?
    };
    Some(end.timestamp().as_second())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_end_in_the_morning_of_the_players_zone() {
        let quiet = QuietHours::read("22:00-08:00").unwrap().unwrap();
        let paris = jiff::tz::db().get("Europe/Paris").unwrap();
        // 2026-11-25 23:30 in Paris (UTC+1) is 22:30 UTC.
        let late: Timestamp = "2026-11-25T22:30:00Z"
            .parse::<Instant>()
            .unwrap()
            .as_second();
        let morning: Timestamp = "2026-11-26T07:00:00Z"
            .parse::<Instant>()
            .unwrap()
            .as_second();
        assert_eq!(quiet_end(quiet, &paris, late), Some(morning));
        // 01:00 in Paris: the same morning.
        let night: Timestamp = "2026-11-26T00:00:00Z"
            .parse::<Instant>()
            .unwrap()
            .as_second();
        assert_eq!(quiet_end(quiet, &paris, night), Some(morning));
        // 12:00 in Paris: not quiet.
        let noon: Timestamp = "2026-11-26T11:00:00Z"
            .parse::<Instant>()
            .unwrap()
            .as_second();
        assert_eq!(quiet_end(quiet, &paris, noon), None);
        // The same instant is quiet in Tokyo (20:00 UTC is 05:00 there).
        let tokyo = jiff::tz::db().get("Asia/Tokyo").unwrap();
        let evening: Timestamp = "2026-11-25T20:00:00Z"
            .parse::<Instant>()
            .unwrap()
            .as_second();
        let tokyo_morning: Timestamp = "2026-11-25T23:00:00Z"
            .parse::<Instant>()
            .unwrap()
            .as_second();
        assert_eq!(quiet_end(quiet, &tokyo, evening), Some(tokyo_morning));
        assert_eq!(quiet_end(quiet, &paris, evening), None);
    }
}
