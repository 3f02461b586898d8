//! A player's mail about events: `JOIN <event> [name]` / `INSCRIPTION` enters one (at once
//! while it is open until a date, or waiting for a director's confirmation), `STANDINGS
//! [<event>]` / `CLASSEMENT` answers with its table, `WITHDRAW <event>` / `RETRAIT` leaves
//! it (the ICCF rule decides the unfinished games). Pure.

use crate::referee::desk::Desk;
use crate::referee::direct::{Reason, Refused};
use crate::referee::event::{self, EventDesk};
use crate::referee::reply::{self, Topic};
use crate::t;
use crate::text::Lang;
use crate::tournament::event::{Entry, EntryPolicy, EntryStatus, EventStatus, StoredEvent};

/// The events taking entries, as a list for a message (`-` when none).
fn open_events(desk: &Desk, lang: Lang) -> String {
    let open: Vec<String> = desk
        .ctx
        .events
        .iter()
        .map(|c| &c.event)
        .filter(|e| e.status == EventStatus::Entry && e.conditions.entry != EntryPolicy::Closed)
        .map(|e| format!("  {} ({})", e.name, e.title))
        .collect();
    if open.is_empty() {
        t!(lang, "join-none-open")
    } else {
        open.join("\n")
    }
}

fn find<'c>(desk: &'c Desk, name: &str) -> Option<&'c crate::referee::EventContext> {
    desk.ctx
        .events
        .iter()
        .find(|c| c.event.name.eq_ignore_ascii_case(name.trim()))
}

fn answer(desk: &mut Desk, body: String) {
    let subject = reply::subject(desk.lang, Topic::Tournament);
    desk.mail.reply(desk.msg, subject, body);
}

/// Whether entries by mail are open on the day of `now` (UTC).
fn open_on(event: &StoredEvent, now: i64) -> bool {
    match &event.conditions.entry {
        EntryPolicy::Closed => false,
        EntryPolicy::Confirm => true,
        EntryPolicy::OpenUntil { date } => {
            let today = jiff::Timestamp::from_second(now)
                .map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).date())
                .ok();
            let last = date.parse::<jiff::civil::Date>().ok();
            matches!((today, last), (Some(t), Some(l)) if t <= l)
        }
    }
}

/// `JOIN <event> [name]`.
pub fn on_join(desk: &mut Desk, name: Option<&str>, shown: Option<&str>) {
    let lang = desk.lang;
    let Some(name) = name else {
        let body = t!(lang, "join-which", open = open_events(desk, lang));
        answer(desk, body + "\n");
        desk.summary = format!("JOIN without an event from {}", desk.sender());
        return;
    };
    let Some(found) = find(desk, name) else {
        let body = t!(
            lang,
            "join-unknown",
            name = name.to_string(),
            open = open_events(desk, lang)
        );
        answer(desk, body + "\n");
        desk.summary = format!("JOIN {name}: no such event");
        return;
    };
    let mut event = found.event.clone();
    let sender = desk.sender().to_lowercase();
    if let Some(entry) = event.entry_of(&sender) {
        let status = match entry.status {
            EntryStatus::Pending => t!(lang, "join-status-pending"),
            EntryStatus::Confirmed => t!(lang, "join-status-confirmed"),
            EntryStatus::Withdrawn => t!(lang, "join-status-withdrawn"),
        };
        let body = t!(
            lang,
            "join-already",
            title = event.title.clone(),
            status = status
        );
        answer(desk, body + "\n");
        desk.summary = format!("JOIN {name}: {sender} already entered");
        return;
    }
    if event.status != EventStatus::Entry || !open_on(&event, desk.now) {
        let body = if event.conditions.entry == EntryPolicy::Closed {
            t!(
                lang,
                "join-directors-only",
                title = event.title.clone(),
                directors = event.conditions.directors.join(", ")
            )
        } else {
            t!(lang, "join-closed", title = event.title.clone())
        };
        answer(desk, body + "\n");
        desk.summary = format!("JOIN {name}: entries closed");
        return;
    }
    let display = desk
        .ctx
        .sender
        .as_ref()
        .and_then(|p| p.name.clone())
        .or_else(|| desk.msg.from_name.clone());
    let Some(shown_name) = event::entrant_name(shown, display.as_deref()) else {
        let body = t!(lang, "join-need-name", name = event.name.clone());
        answer(desk, body + "\n");
        desk.summary = format!("JOIN {name}: no name to show for {sender}");
        return;
    };
    let confirm = event.conditions.entry == EntryPolicy::Confirm;
    event.entries.push(Entry {
        address: sender.clone(),
        name: shown_name.clone(),
        rating: None,
        club: String::new(),
        status: if confirm {
            EntryStatus::Pending
        } else {
            EntryStatus::Confirmed
        },
        tpn: None,
        withdrawn_after: None,
    });
    event.updated_at = desk.now;
    let head = if confirm {
        t!(
            lang,
            "join-pending",
            title = event.title.clone(),
            shown = shown_name.clone()
        )
    } else {
        t!(
            lang,
            "join-entered",
            title = event.title.clone(),
            shown = shown_name.clone()
        )
    };
    let body = format!(
        "{head}\n\n{}\n{}\n",
        t!(lang, "tournament-conditions-head"),
        event::conditions_text(lang, &event, desk.config.clock.leave_days)
    );
    answer(desk, body);
    // The directors learn of every entry; those waiting need their confirmation.
    for director in event.conditions.directors.clone() {
        let dl = desk
            .ctx
            .players
            .iter()
            .find(|p| p.address.eq_ignore_ascii_case(&director))
            .map(|p| p.lang)
            .unwrap_or(desk.config.default_lang);
        let body = if confirm {
            t!(
                dl,
                "join-director-confirm",
                shown = shown_name.clone(),
                title = event.title.clone(),
                name = event.name.clone()
            )
        } else {
            t!(
                dl,
                "join-director-entered",
                shown = shown_name.clone(),
                title = event.title.clone(),
                name = event.name.clone()
            )
        };
        let subject = reply::subject(dl, Topic::Tournament);
        desk.mail.tell(&director, subject, body + "\n");
    }
    desk.summary = format!(
        "JOIN {}: {sender} entered ({})",
        event.name,
        if confirm { "pending" } else { "confirmed" }
    );
    desk.events.push(event);
}

/// The events the sender plays in, newest first.
fn mine<'c>(desk: &'c Desk) -> Vec<&'c crate::referee::EventContext> {
    let sender = desk.sender().to_lowercase();
    let mut mine: Vec<&crate::referee::EventContext> = desk
        .ctx
        .events
        .iter()
        .filter(|c| c.event.entry_of(&sender).is_some() && c.event.status != EventStatus::Entry)
        .collect();
    mine.sort_by_key(|c| std::cmp::Reverse(c.event.id));
    mine
}

/// `STANDINGS [<event>]`: the table of an event the sender plays in (the only one, or the
/// running one, when none is named).
pub fn on_standings(desk: &mut Desk, name: Option<&str>) {
    let lang = desk.lang;
    let mine = mine(desk);
    let chosen = match name {
        Some(n) => mine
            .iter()
            .find(|c| c.event.name.eq_ignore_ascii_case(n.trim()))
            .copied(),
        None => mine
            .iter()
            .find(|c| c.event.status == EventStatus::Running)
            .or(mine.first())
            .copied(),
    };
    let Some(found) = chosen else {
        let list: Vec<String> = mine.iter().map(|c| format!("  {}", c.event.name)).collect();
        let body = if mine.is_empty() {
            t!(lang, "standings-no-event")
        } else {
            t!(lang, "standings-which", events = list.join("\n"))
        };
        answer(desk, body + "\n");
        desk.summary = format!("STANDINGS from {}: no event", desk.sender());
        return;
    };
    let event = found.event.clone();
    let games = found.games.clone();
    let ratings = found.ratings.clone();
    let head = match event.status {
        EventStatus::Finished => t!(lang, "standings-final", title = event.title.clone()),
        // A round robin plays all its rounds at once: no round to name.
        _ if matches!(
            event.conditions.system,
            crate::tournament::event::System::RoundRobin { .. }
        ) =>
        {
            t!(lang, "standings-now-all", title = event.title.clone())
        }
        _ => t!(
            lang,
            "standings-now",
            title = event.title.clone(),
            round = event.round
        ),
    };
    let body = format!(
        "{head}\n\n{}\n{}\n",
        event::standings_text(lang, &event, &games, &ratings),
        event::legend(lang, &event)
    );
    answer(desk, body);
    desk.summary = format!("STANDINGS {} to {}", event.name, desk.sender());
}

/// `WITHDRAW <event>`: the sender leaves an event they play in.
pub fn on_withdraw(desk: &mut Desk, name: Option<&str>) {
    let lang = desk.lang;
    let sender = desk.sender().to_lowercase();
    let found = name.and_then(|n| {
        mine(desk)
            .into_iter()
            .find(|c| c.event.name.eq_ignore_ascii_case(n.trim()))
    });
    // Before the start, the entry alone goes.
    if let Some(open) = name
        .and_then(|n| find(desk, n))
        .filter(|c| c.event.status == EventStatus::Entry && c.event.entry_of(&sender).is_some())
    {
        let mut event = open.event.clone();
        event
            .entries
            .retain(|e| !e.address.eq_ignore_ascii_case(&sender));
        event.updated_at = desk.now;
        let body = t!(lang, "withdraw-entry", title = event.title.clone());
        answer(desk, body + "\n");
        desk.summary = format!("WITHDRAW {}: {sender}'s entry withdrawn", event.name);
        desk.events.push(event);
        return;
    }
    let Some(found) = found else {
        let body = t!(lang, "withdraw-which");
        answer(desk, body + "\n");
        desk.summary = format!("WITHDRAW from {sender}: no event of theirs named");
        return;
    };
    let event = found.event.clone();
    let games = found.games.clone();
    let ratings = found.ratings.clone();
    let players: Vec<crate::referee::Player> = desk
        .ctx
        .players
        .iter()
        .chain(desk.ctx.sender.iter())
        .cloned()
        .collect();
    let step = EventDesk {
        ratings: &ratings,
        config: desk.config,
        games: &games,
        players: &players,
        next_game_id: desk.ctx.next_game_id,
        now: desk.now,
    };
    // Each opponent reads why in their own language.
    let reason = Reason::Withdrawal {
        title: &event.title,
    };
    match event::withdraw(&step, &event, &sender, &reason, &desk.msg.message_id) {
        Ok(directed) => {
            let d = directed.decision;
            let body = t!(lang, "withdraw-done", title = event.title.clone());
            answer(desk, body + "\n");
            desk.games.extend(d.games);
            desk.mail.outbox.extend(d.outbox);
            desk.events.extend(d.events);
            desk.summary = d.summary;
        }
        Err(Refused(why)) => {
            let body = t!(lang, "withdraw-refused", title = event.title.clone());
            answer(desk, body + "\n");
            desk.summary = format!("WITHDRAW {}: {why}", event.name);
        }
    }
}
