//! `LEAVE` / `CONGE`: a player's leave, taken by mail for all their games at once. Whole
//! local days, starting tomorrow at the earliest, within the yearly quota; their
//! opponents are told the dates once, with no reason given; `LEAVE CANCEL` ends the
//! current or next leave and gives back the days not taken; `LEAVE` alone shows the
//! balance. During leave all of the player's clocks stop (see
//! [`crate::referee::clocks::Circumstances`]).

use jiff::civil::Date;

use crate::clock::leave::{self, Leave, LeaveError};
use crate::referee::command::LeaveRequest;
use crate::referee::desk::Desk;
use crate::referee::reply::Topic;
use crate::referee::{GameStatus, clock_text, clocks};
use crate::t;
use crate::text::Lang;

/// Answers a `LEAVE` line from the sender.
pub fn on_leave(desk: &mut Desk, request: &LeaveRequest) {
    let sender = desk.sender().to_lowercase();
    let lang = desk.lang;
    desk.ensure_player(&sender, lang);
    let player = desk.player(&sender).cloned().expect("ensured");
    let zone = clocks::zone_of(&desk.config.clock, Some(&player));
    let Some(today) = leave::date_of(desk.now, &zone) else {
        return;
    };
    let quota = desk.config.clock.leave_days;
    match request {
        LeaveRequest::Show => {
            let body = balance(lang, &player.leave, today.year(), quota);
            desk.reply(Topic::Leave, body);
            desk.summary = format!("{sender} asked for their leave");
        }
        LeaveRequest::Unreadable(text) => {
            desk.reply(Topic::Leave, t!(lang, "leave-usage") + "\n");
            desk.summary = format!("unreadable LEAVE `{text}` from {sender}");
        }
        LeaveRequest::Take(first, last) => {
            let asked = Leave {
                first: *first,
                last: *last,
                special: false,
            };
            if let Err(e) = leave::check(&asked, today, &player.leave, quota) {
                desk.reply(Topic::Leave, refused(lang, &e));
                desk.summary = format!("{sender}'s leave refused: {e}");
                return;
            }
            let mut next = player.clone();
            next.leave.push(asked);
            next.leave.sort_by_key(|l| l.first);
            let year = first.year();
            let left = quota - leave::taken(&next.leave, year);
            let body = t!(
                lang,
                "leave-taken",
                first = day(lang, *first),
                last = day(lang, *last),
                days = days(lang, asked.days()),
                year = i64::from(year),
                left = days(lang, left.max(0))
            ) + "\n";
            desk.upsert_player(next);
            desk.reply(Topic::Leave, body);
            tell_opponents(desk, &sender, |lang, who| {
                t!(
                    lang,
                    "leave-opponent",
                    who = who,
                    first = day(lang, *first),
                    last = day(lang, *last)
                )
            });
            desk.summary = format!("{sender} takes leave from {first} to {last}");
        }
        LeaveRequest::Cancel => {
            // A director's special leave is theirs to change, not the player's.
            let Some(i) = player
                .leave
                .iter()
                .position(|l| l.last >= today && !l.special)
            else {
                desk.reply(Topic::Leave, t!(lang, "leave-nothing-to-cancel") + "\n");
                desk.summary = format!("{sender} has no leave to cancel");
                return;
            };
            let old = player.leave[i];
            let mut next = player.clone();
            let (body, back, ongoing) = match old.cancelled(today) {
                None => {
                    next.leave.remove(i);
                    let body = t!(
                        lang,
                        "leave-cancelled",
                        first = day(lang, old.first),
                        last = day(lang, old.last),
                        back = days(lang, old.days())
                    );
                    (body, old.days(), false)
                }
                Some(cut) => {
                    next.leave[i] = cut;
                    let back = old.days() - cut.days();
                    let body = t!(
                        lang,
                        "leave-cut",
                        last = day(lang, old.last),
                        back = days(lang, back)
                    );
                    (body, back, true)
                }
            };
            desk.upsert_player(next);
            desk.reply(Topic::Leave, body + "\n");
            if ongoing {
                tell_opponents(desk, &sender, |lang, who| {
                    t!(lang, "leave-opponent-back", who = who)
                });
            } else {
                tell_opponents(desk, &sender, |lang, who| {
                    t!(
                        lang,
                        "leave-opponent-cancelled",
                        who = who,
                        first = day(lang, old.first),
                        last = day(lang, old.last)
                    )
                });
            }
            desk.summary = format!("{sender} cancelled a leave ({back} days back)");
        }
    }
}

/// Tells the opponent of each of `sender`'s running games `words(lang, name)`, and saves
/// those games so that their deadlines are worked out again.
pub(crate) fn tell_opponents(
    desk: &mut Desk,
    sender: &str,
    words: impl Fn(Lang, String) -> String,
) {
    let games: Vec<_> = desk
        .ctx
        .games
        .iter()
        .filter(|g| g.status == GameStatus::Active)
        .filter(|g| g.side_of(sender).is_some())
        .cloned()
        .collect();
    for game in games {
        let Some(side) = game.side_of(sender) else {
            continue;
        };
        let opponent = side.opponent();
        let lang = desk.lang_of(game.address_of(opponent));
        let who = desk
            .name_of(sender)
            .unwrap_or_else(|| t!(lang, "your-opponent-start"));
        let body = words(lang, who) + "\n";
        desk.notify(&game, opponent, body);
        desk.save_game(game);
    }
}

/// The sender's leave left this year, one line (for `CLOCK`).
pub fn balance_line(desk: &Desk, address: &str) -> String {
    let player = desk.player(address);
    let zone = clocks::zone_of(&desk.config.clock, player);
    let year = leave::date_of(desk.now, &zone).map_or(1970, |d| d.year());
    let quota = desk.config.clock.leave_days;
    let recorded = player.map_or(&[][..], |p| p.leave.as_slice());
    balance_of(desk.lang, recorded, year, quota)
}

/// "Leave left in `year`: N days out of `quota`."
fn balance_of(lang: Lang, recorded: &[Leave], year: i16, quota: i64) -> String {
    let left = (quota - leave::taken(recorded, year)).max(0);
    t!(
        lang,
        "leave-balance",
        year = i64::from(year),
        left = days(lang, left),
        quota = quota
    )
}

/// The balance of `year` and the leave recorded.
fn balance(lang: Lang, recorded: &[Leave], year: i16, quota: i64) -> String {
    let mut out = balance_of(lang, recorded, year, quota) + "\n";
    if recorded.is_empty() {
        out.push_str(&t!(lang, "leave-none-planned"));
        out.push('\n');
    } else {
        out.push_str(&t!(lang, "leave-planned-head"));
        out.push('\n');
        for l in recorded {
            out.push_str(&t!(
                lang,
                "leave-line",
                first = day(lang, l.first),
                last = day(lang, l.last),
                days = days(lang, l.days())
            ));
            out.push('\n');
        }
    }
    out.push('\n');
    out.push_str(&t!(lang, "leave-usage"));
    out.push('\n');
    out
}

/// Why a leave is refused, in words.
fn refused(lang: Lang, e: &LeaveError) -> String {
    let text = match e {
        LeaveError::TooSoon => t!(lang, "leave-refused-soon"),
        LeaveError::Reversed => t!(lang, "leave-refused-reversed"),
        LeaveError::Overlaps => t!(lang, "leave-refused-overlap"),
        LeaveError::OverQuota { year, asked, left } => t!(
            lang,
            "leave-refused-quota",
            asked = days(lang, *asked),
            year = i64::from(*year),
            left = days(lang, *left)
        ),
    };
    text + "\n"
}

/// `n days` in words.
pub(crate) fn days(lang: Lang, n: i64) -> String {
    t!(lang, "clock-days", n = n)
}

/// A day as the reader writes dates.
pub(crate) fn day(lang: Lang, d: Date) -> String {
    clock_text::day_words(lang, d)
}
