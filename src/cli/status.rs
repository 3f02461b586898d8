//! `arbitre status --config FILE`: what the store holds in flight (games in play, mail
//! waiting to go, the next clock due) and every daemon attached to it: where it runs (host,
//! pid, version), since when, when it last reported itself and what it was doing. Read-only.
//!
//! Exit code 0 when at least one daemon is running and was heard from lately, 1 otherwise
//! (none runs, or every one went silent), so that a monitoring check can call it.

use std::process::ExitCode;

use crate::base::Timestamp;
use crate::daemon::presence;
use crate::store::daemons::{DaemonRecord, Doing};

use super::setup::{ConfigArg, load_with_store, utc};

/// A running daemon not heard from for this long is reported silent: four missed reports.
pub const SILENT_AFTER: Timestamp = 4 * presence::EVERY.as_secs() as Timestamp;

/// How a daemon's run stands at `now`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Reporting itself.
    Running,
    /// No report for [`SILENT_AFTER`]: killed, its machine down, or cut off from the store.
    Silent,
    /// It said it stopped.
    Stopped,
}

/// How `d` stands at `now`.
pub fn standing(d: &DaemonRecord, now: Timestamp) -> Standing {
    if d.stopped_at.is_some() {
        Standing::Stopped
    } else if now - d.seen_at > SILENT_AFTER {
        Standing::Silent
    } else {
        Standing::Running
    }
}

/// What a daemon was doing, in words.
fn doing(d: &DaemonRecord) -> String {
    let what = match Doing::from_word(&d.doing) {
        Some(Doing::Starting) => "starting",
        Some(Doing::Reading) => "reading the mailbox",
        Some(Doing::Processing) => "processing the messages found",
        Some(Doing::MailboxUnreachable) => "waiting for the mailbox",
        Some(Doing::StoreUnreachable) => "waiting for the store",
        Some(Doing::Stopping) => "stopping",
        None => d.doing.as_str(),
    };
    match &d.detail {
        Some(why) => format!("{what} ({why})"),
        None => what.to_owned(),
    }
}

/// A span of seconds, roughly, the way people say it.
pub fn ago(seconds: Timestamp) -> String {
    let s = seconds.max(0);
    match s {
        0..120 => format!("{s} s ago"),
        120..7200 => format!("{} min ago", s / 60),
        7200..172_800 => format!("{} h ago", s / 3600),
        _ => format!("{} days ago", s / 86_400),
    }
}

/// The lines of the daemons' table at `now`.
pub fn daemon_lines(daemons: &[DaemonRecord], now: Timestamp) -> Vec<String> {
    let mut lines = vec![format!(
        "{:<20} {:>8} {:<8} {:<23} {:<12} {:<8} {:>9}  {}",
        "Host", "PID", "Version", "Started", "Last seen", "State", "Processed", "Doing"
    )];
    for d in daemons {
        let (state, what) = match standing(d, now) {
            Standing::Running => ("running", doing(d)),
            Standing::Silent => (
                "silent",
                format!("no report since {}: killed, or cut off", utc(d.seen_at)),
            ),
            Standing::Stopped => ("stopped", "-".to_owned()),
        };
        lines.push(format!(
            "{:<20} {:>8} {:<8} {:<23} {:<12} {:<8} {:>9}  {}",
            d.host,
            d.pid,
            d.version,
            utc(d.started_at),
            ago(now - d.seen_at),
            state,
            d.processed,
            what
        ));
    }
    lines
}

/// `arbitre status --config FILE`.
pub fn status(args: &ConfigArg) -> ExitCode {
    let (config, store) = match load_with_store(&args.config) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let read = || -> Result<_, crate::store::StoreError> {
        Ok((
            store.schema_version()?,
            store.active_game_count()?,
            store.outbox_counts()?,
            store.next_clock_due()?,
            store.daemons()?,
            store.undeliverable()?,
        ))
    };
    let (version, games, (waiting, _sent, failed), next_due, daemons, undeliverable) = match read()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(1);
        }
    };
    let now = crate::base::now();
    println!(
        "Store:     {} (schema version {version})",
        config.store.describe()
    );
    println!("Games:     {games} in play");
    println!("Outbox:    {waiting} waiting to be sent, {failed} failed");
    if !undeliverable.is_empty() {
        println!(
            "Undeliverable addresses (no mail is sent to them; `arbitre player address OLD NEW` \
             gives a player a new one):"
        );
        for (address, since, reason) in &undeliverable {
            println!("  {address}  since {}  {reason}", utc(*since));
        }
    }
    println!(
        "Clocks:    {}",
        next_due.map_or_else(
            || "none running".to_owned(),
            |at| format!("next due {}", utc(at))
        )
    );
    println!();
    if daemons.is_empty() {
        println!("No daemon has run on this store.");
        return ExitCode::from(1);
    }
    for line in daemon_lines(&daemons, now) {
        println!("{line}");
    }
    let running = daemons
        .iter()
        .filter(|d| standing(d, now) == Standing::Running)
        .count();
    println!();
    println!("{running} running.");
    if running == 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seen_at: Timestamp, stopped_at: Option<Timestamp>) -> DaemonRecord {
        DaemonRecord {
            seen_at,
            stopped_at,
            ..DaemonRecord::starting("alpha", 42, "1.2.3", 1_000)
        }
    }

    #[test]
    fn a_daemon_is_silent_after_four_missed_reports() {
        let d = record(10_000, None);
        assert_eq!(standing(&d, 10_000 + SILENT_AFTER), Standing::Running);
        assert_eq!(standing(&d, 10_001 + SILENT_AFTER), Standing::Silent);
        assert_eq!(
            standing(&record(10_000, Some(10_000)), 20_000),
            Standing::Stopped
        );
    }

    #[test]
    fn the_table_says_what_each_daemon_does() {
        let mut reading = record(10_000, None);
        reading.doing = "reading".into();
        reading.processed = 17;
        let mut waiting = record(10_000, None);
        waiting.host = "beta".into();
        waiting.doing = "mailbox-unreachable".into();
        waiting.detail = Some("connection refused".into());
        let lines = daemon_lines(&[reading, waiting, record(9_000, None)], 10_030);
        assert_eq!(lines.len(), 4);
        assert!(lines[1].starts_with("alpha"), "{}", lines[1]);
        assert!(lines[1].contains("30 s ago"), "{}", lines[1]);
        assert!(lines[1].contains("running"), "{}", lines[1]);
        assert!(
            lines[1].ends_with(" 17  reading the mailbox"),
            "{}",
            lines[1]
        );
        assert!(
            lines[2].ends_with("waiting for the mailbox (connection refused)"),
            "{}",
            lines[2]
        );
        assert!(lines[3].contains("silent"), "{}", lines[3]);
        assert!(lines[3].contains("17 min ago"), "{}", lines[3]);
    }

    #[test]
    fn spans_read_as_people_say_them() {
        assert_eq!(ago(-3), "0 s ago");
        assert_eq!(ago(119), "119 s ago");
        assert_eq!(ago(120), "2 min ago");
        assert_eq!(ago(7_200), "2 h ago");
        assert_eq!(ago(200_000), "2 days ago");
    }
}
