//! The tournament director's actions: time given, taken or set on a game's clocks, both
//! clocks stopped and started again, claim mode on or off, a result decided (or the game
//! cancelled), special leave granted to a player. Each is a [`Decision`] like any other:
//! the changed game or player, and a mail to every player it touches saying what changed
//! and why, in their language. Pure: the command line loads the context, numbers the
//! action in the audit log, and commits the decision with its audit entry in one
//! transaction.
//!
//! Every change is a recorded fact (an [`Adjustment`], a [`ClockStop`], a leave), never a
//! counter rewritten in place: the clocks stay a function of the game's facts.

use jiff::civil::Date;

use crate::clock::account::Adjustment;
use crate::clock::leave::Leave;
use crate::games::Side;
use crate::referee::clock_text::duration_words;
use crate::referee::clocks::{self, Circumstances};
use crate::referee::desk::Desk;
use crate::referee::reply::{self, Ending};
use crate::referee::{
    ClockStop, Context, Decision, GameId, GameStatus, Inbound, RefereeConfig, StoredGame,
    Timestamp, leave, terms,
};
use crate::t;
use crate::text::Lang;

/// What a director does to one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameAction {
    /// Gives (positive) or takes (negative) seconds on one side's clock.
    AddTime {
        /// Whose clock.
        side: Side,
        /// Seconds.
        seconds: i64,
    },
    /// Sets the time one side has left for its current or next move.
    SetTime {
        /// Whose clock.
        side: Side,
        /// Seconds left.
        left: i64,
    },
    /// Stops both clocks.
    Pause,
    /// Starts them again.
    Resume,
    /// Claim mode on or off.
    Claim(bool),
    /// Ends the game with this result.
    Adjudicate(Verdict),
}

/// A result a director decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This side wins.
    Win(Side),
    /// A draw.
    Draw,
    /// The game is cancelled: it counts for nobody.
    Cancel,
}

impl Verdict {
    /// Reads `white`, `black`, `draw` or `cancelled` (and the French words). Scores such
    /// as `1-0` are not taken: which side they name differs between games (Black opens
    /// in Abalone).
    pub fn read(text: &str) -> Option<Verdict> {
        let t = text.trim().to_lowercase();
        match t.as_str() {
            "draw" | "nulle" => Some(Verdict::Draw),
            "cancel" | "cancelled" | "canceled" | "annulee" | "annulée" => Some(Verdict::Cancel),
            other => Side::from_name(other).map(Verdict::Win),
        }
    }
}

impl GameAction {
    /// Its name in the audit log.
    pub fn name(&self) -> &'static str {
        match self {
            GameAction::AddTime { .. } => "clock-add",
            GameAction::SetTime { .. } => "clock-set",
            GameAction::Pause => "clock-pause",
            GameAction::Resume => "clock-resume",
            GameAction::Claim(_) => "clock-claim",
            GameAction::Adjudicate(_) => "adjudicate",
        }
    }
}

/// A director's action decided: what to commit, and what the audit log says changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directed {
    /// The changes and the mails.
    pub decision: Decision,
    /// What changed, for the audit log (English, for directors).
    pub detail: String,
}

/// Why an action was refused (English, for the director); nothing changes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

fn refuse<T>(text: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(text.into()))
}

/// What one player reads of a change, in their language (seated as the second argument).
type News = Box<dyn Fn(Lang, Side) -> String>;

/// The desk of a director's action: a message of no one, numbered by its audit entry
/// `seq` so that its mails' Message-IDs are stable.
fn inbound(seq: i64, from: &str) -> Inbound {
    Inbound {
        message_id: format!("director.{seq}"),
        from: from.to_string(),
        ..Inbound::default()
    }
}

/// Applies `action` to game `id` of `ctx.games` at `now`, for `reason`, as audit entry
/// `seq`.
pub fn on_game(
    config: &RefereeConfig,
    ctx: &Context,
    id: GameId,
    action: GameAction,
    reason: &str,
    seq: i64,
    now: Timestamp,
) -> Result<Directed, Refused> {
    on_game_because(
        config,
        ctx,
        id,
        action,
        &Reason::Said(reason),
        &format!("director.{seq}"),
        now,
    )
}

/// Why a game was changed, as each player reads it.
#[derive(Clone, Copy, Debug)]
pub enum Reason<'a> {
    /// The director's own words, the same for every reader.
    Said(&'a str),
    /// A player's withdrawal from an event (its title), in each reader's language.
    Withdrawal {
        /// The event's title.
        title: &'a str,
    },
}

impl Reason<'_> {
    /// The reason as a reader of `lang` reads it.
    pub fn in_lang(&self, lang: Lang) -> String {
        match self {
            Reason::Said(words) => (*words).to_string(),
            Reason::Withdrawal { title } => t!(lang, "withdraw-reason", title = title.to_string()),
        }
    }

    fn is_empty(&self) -> bool {
        matches!(self, Reason::Said(words) if words.trim().is_empty())
    }
}

/// [`on_game`] for an action with another cause than an audit entry of its own (a
/// withdrawal from an event): the mails' Message-IDs derive from `cause`, which must be
/// unique to the action and the game.
pub fn on_game_because(
    config: &RefereeConfig,
    ctx: &Context,
    id: GameId,
    action: GameAction,
    reason: &Reason<'_>,
    cause: &str,
    now: Timestamp,
) -> Result<Directed, Refused> {
    let Some(game) = ctx.games.iter().find(|g| g.id == id) else {
        return refuse(format!("there is no game #{id}"));
    };
    if game.status != GameStatus::Active {
        return refuse(format!(
            "game #{id} is {}: only a game in play can be changed",
            game.status.code()
        ));
    }
    if reason.is_empty() {
        return refuse("a reason is required (--reason): the players are told it");
    }
    let msg = Inbound {
        message_id: cause.to_string(),
        ..Inbound::default()
    };
    let mut desk = Desk::new(config, ctx, &msg, now, None).for_event(&msg.message_id);
    let Some((live, _)) = terms::plies(game) else {
        return refuse(format!("game #{id} does not replay from the store"));
    };
    let around = desk.circumstances(game);
    let mut next = game.clone();
    next.updated_at = now;
    let detail;
    // What each player reads, in their language.
    let news: News;
    match action {
        GameAction::AddTime { side, seconds }
        | GameAction::SetTime {
            side,
            left: seconds,
        } if !game.clock.control.is_timed() => {
            let _ = (side, seconds);
            return refuse(format!(
                "game #{id} has no time control: there is no clock to change"
            ));
        }
        GameAction::AddTime { side, seconds } => {
            if seconds == 0 {
                return refuse("no time to give or take");
            }
            let before = left_of(game, &around, side, now);
            next.clock.adjustments.push(Adjustment {
                side,
                turn: running_turn(game),
                seconds,
            });
            let after = left_of(&next, &around, side, now);
            detail = format!(
                "{side} {}{}: {} left before, {} now{}",
                if seconds > 0 { "+" } else { "-" },
                crate::clock::duration::write(seconds.abs()),
                words(before),
                words(after),
                if after < 0 {
                    " (out of time: the game ends on time at the clock's next look)"
                } else {
                    ""
                }
            );
            news = Box::new(move |lang, reader| {
                let you = yes(reader == side);
                let time = duration_words(lang, seconds.abs());
                if seconds > 0 {
                    t!(lang, "director-time-given", you = you, time = time, id = id)
                } else {
                    t!(lang, "director-time-taken", you = you, time = time, id = id)
                }
            });
        }
        GameAction::SetTime { side, left } => {
            if left <= 0 {
                return refuse("the time left must be positive");
            }
            let before = left_of(game, &around, side, now);
            let seconds = left - before;
            if seconds != 0 {
                next.clock.adjustments.push(Adjustment {
                    side,
                    turn: running_turn(game),
                    seconds,
                });
            }
            detail = format!(
                "{side} set to {} left ({} before)",
                words(left),
                words(before)
            );
            news = Box::new(move |lang, reader| {
                t!(
                    lang,
                    "director-time-set",
                    you = yes(reader == side),
                    time = duration_words(lang, left),
                    id = id
                )
            });
        }
        GameAction::Pause => {
            if clocks::paused(game, now) {
                return refuse(format!("the clocks of game #{id} are stopped already"));
            }
            // Stopping a clock that has run out would only delay the time-out: the time
            // must be given back first.
            if let Some(running) = clocks::read(game, &around, now).running
                && let Some(at) = running.flag_at.filter(|&f| f <= now)
            {
                return refuse(format!(
                    "{} ran out of time in game #{id} at {}: give time back first (clock add)",
                    running.side,
                    crate::referee::clock_text::when_words(Lang::EN, at, &jiff::tz::TimeZone::UTC)
                ));
            }
            // A stop planned to start later (none are, today) would be cut here.
            next.clock.stops.push(ClockStop {
                from: now,
                to: None,
            });
            detail = "both clocks stopped".to_string();
            news = Box::new(move |lang, _| t!(lang, "director-paused", id = id));
        }
        GameAction::Resume => {
            let Some(open) = next.clock.stops.iter_mut().find(|s| s.to.is_none()) else {
                return refuse(format!("the clocks of game #{id} are not stopped"));
            };
            open.to = Some(now.max(open.from));
            detail = format!("clocks started again after {}", words(now - open.from));
            news = Box::new(move |lang, _| t!(lang, "director-resumed", id = id));
        }
        GameAction::Claim(on) => {
            if game.clock.claim == on {
                return refuse(format!(
                    "game #{id} is {}in claim mode already",
                    if on { "" } else { "out of " }
                ));
            }
            next.clock.claim = on;
            detail = format!("claim mode {}", if on { "on" } else { "off" });
            news = Box::new(move |lang, _| {
                if on {
                    t!(lang, "director-claim-on", id = id)
                } else {
                    t!(lang, "director-claim-off", id = id)
                }
            });
        }
        GameAction::Adjudicate(verdict) => {
            let result = match verdict {
                Verdict::Win(side) => terms::adjudicated(&live, Some(side)),
                Verdict::Draw => terms::adjudicated(&live, None),
                Verdict::Cancel => terms::cancelled_by_director(&live),
            };
            let mut next = crate::referee::play::finished(&desk, game, &result);
            next.undo_request = None;
            next.clock.stops.iter_mut().for_each(|s| {
                if s.to.is_none() {
                    s.to = Some(now);
                }
            });
            let [w, b] = desk.names(&next);
            let record = terms::record(&next, [w.as_deref(), b.as_deref()]);
            for side in Side::BOTH {
                let lang = desk.lang_of(next.address_of(side));
                let reason = reason.in_lang(lang);
                let body = reply::game_end(
                    lang,
                    &desk.seen(&next, &live, side),
                    Ending::Adjudicated {
                        reason: &reason,
                        cancelled: verdict == Verdict::Cancel,
                    },
                    &result,
                    &record,
                    None,
                );
                desk.notify(&next, side, body);
            }
            desk.summary = format!("game #{id} adjudicated: {}", result.line);
            desk.save_game(next);
            return Ok(Directed {
                decision: desk.finish(),
                detail: format!("result: {} ({})", result.line, result.termination),
            });
        }
    }
    for side in Side::BOTH {
        let lang = desk.lang_of(next.address_of(side));
        let body = reply::directed(
            lang,
            &desk.seen(&next, &live, side),
            &news(lang, side),
            &reason.in_lang(lang),
        );
        desk.notify(&next, side, body);
    }
    desk.summary = format!("game #{id}: {detail}");
    desk.save_game(next);
    Ok(Directed {
        decision: desk.finish(),
        detail,
    })
}

/// Grants special leave from `first` to `last` (not charged to the quota) to the player
/// `ctx.sender`, for `reason`, as audit entry `seq`. It may lie in the past (time given
/// back for an illness, say): only games still in play gain from it. The player is told,
/// with the reason; the opponents in their running games are told the dates, with none.
pub fn grant_leave(
    config: &RefereeConfig,
    ctx: &Context,
    first: Date,
    last: Date,
    reason: &str,
    seq: i64,
    now: Timestamp,
) -> Result<Directed, Refused> {
    let Some(player) = ctx.sender.clone() else {
        return refuse(
            "there is no such player (they have never written to arbitre nor been seated in a game)",
        );
    };
    if reason.trim().is_empty() {
        return refuse("a reason is required (--reason): the player is told it");
    }
    let granted = Leave {
        first,
        last,
        special: true,
    };
    if last < first {
        return refuse("the last day comes before the first");
    }
    if granted.days() > 366 {
        return refuse("special leave is granted for a year at most at a time");
    }
    let zone = clocks::zone_of(&config.clock, Some(&player));
    if granted.span(&zone).is_none_or(|s| s.to > clocks::OPEN_END) {
        return refuse("those days are too far off to stop a clock");
    }
    if let Some(l) = player.leave.iter().find(|l| l.overlaps(&granted)) {
        return refuse(format!(
            "it overlaps their leave from {} to {}",
            l.first, l.last
        ));
    }
    let msg = inbound(seq, &player.address);
    let mut desk = Desk::new(config, ctx, &msg, now, None).for_event(&msg.message_id);
    let lang = desk.lang;
    let mut next = player.clone();
    next.leave.push(granted);
    next.leave.sort_by_key(|l| l.first);
    desk.upsert_player(next);
    let body = format!(
        "{}\n{}\n",
        t!(
            lang,
            "director-leave-granted",
            first = leave::day(lang, first),
            last = leave::day(lang, last),
            days = leave::days(lang, granted.days())
        ),
        t!(lang, "director-reason", reason = reason.to_string())
    );
    desk.mail.tell(
        &player.address,
        reply::subject(lang, reply::Topic::Leave),
        body,
    );
    leave::tell_opponents(&mut desk, &player.address, |lang, who| {
        t!(
            lang,
            "leave-opponent",
            who = who,
            first = leave::day(lang, first),
            last = leave::day(lang, last)
        )
    });
    desk.summary = format!(
        "{} granted special leave from {first} to {last}",
        player.address
    );
    Ok(Directed {
        decision: desk.finish(),
        detail: format!(
            "special leave {first} to {last} ({} day{})",
            granted.days(),
            if granted.days() == 1 { "" } else { "s" }
        ),
    })
}

/// The index of the running turn (where an adjustment made now is recorded).
fn running_turn(game: &StoredGame) -> usize {
    clocks::turns(game).len().saturating_sub(1)
}

/// The time `side` has left for its current or next move (negative when overstepped).
fn left_of(game: &StoredGame, around: &Circumstances, side: Side, now: Timestamp) -> i64 {
    let reading = clocks::read(game, around, now);
    let allowance = reading.side(side).allowance.unwrap_or(0);
    match reading.running {
        Some(r) if r.side == side => allowance - r.charged,
        _ => allowance,
    }
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// A duration for the audit log.
fn words(seconds: i64) -> String {
    if seconds < 0 {
        format!("-{}", duration_words(Lang::EN, -seconds))
    } else {
        duration_words(Lang::EN, seconds)
    }
}
