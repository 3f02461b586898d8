//! The director's commands: `arbitre clock show|add|set|pause|resume|claim GAME`,
//! `arbitre adjudicate GAME`, `arbitre leave grant PLAYER`, and `arbitre audit [GAME]`.
//!
//! Every change goes through [`crate::referee::direct`] and is committed in one
//! transaction with its audit entry and the mails telling the players (the running daemon
//! sends them). A change needs a reason, which the players read; the audit log records
//! who (`--by`, else the login running the command), when, what and why.

use std::process::ExitCode;

use clap::{Args, Subcommand};

use crate::audit::{self, Draft, Entry};
use crate::clock::duration;
use crate::games::Side;
use crate::referee::direct::{self, Directed, GameAction, Refused, Verdict};
use crate::referee::view::{self, Circumstances};
use crate::referee::{GameId, RefereeConfig, Timestamp};
use crate::store::{Answering, At, Decided, Settled, Store, StoreError};

use super::UsageError;
use super::setup::{ConfigArg, load, open_store, utc};

/// Who and why, for every change.
#[derive(Debug, Args)]
pub struct Why {
    /// Why: the players are told it, and the audit log keeps it.
    #[arg(long)]
    pub reason: String,
    /// Who does it, for the audit log (default: the login running the command).
    #[arg(long)]
    pub by: Option<String>,
}

/// `arbitre clock ...`.
#[derive(Debug, Args)]
pub struct ClockArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// What to do.
    #[command(subcommand)]
    pub action: ClockCommand,
}

/// What `arbitre clock` does to one game.
#[derive(Debug, Subcommand)]
pub enum ClockCommand {
    /// Both clocks of a game, the director's changes to them, and the deadline.
    Show {
        /// The game number.
        game: GameId,
    },
    /// Give time to one side (`2d`, `12h`), or take it (`-1d`).
    Add {
        /// The game number.
        game: GameId,
        /// Whose clock: `white` or `black`.
        side: String,
        /// How much: `2d`, `36h`, `-1d` (a day taken).
        #[arg(allow_hyphen_values = true)]
        time: String,
        /// Who and why.
        #[command(flatten)]
        why: Why,
    },
    /// Set the time one side has left for its current or next move.
    Set {
        /// The game number.
        game: GameId,
        /// Whose clock: `white` or `black`.
        side: String,
        /// The time left: `3d`, `12h`.
        time: String,
        /// Who and why.
        #[command(flatten)]
        why: Why,
    },
    /// Stop both clocks of a game (until `resume`).
    Pause {
        /// The game number.
        game: GameId,
        /// Who and why.
        #[command(flatten)]
        why: Why,
    },
    /// Start both clocks again.
    Resume {
        /// The game number.
        game: GameId,
        /// Who and why.
        #[command(flatten)]
        why: Why,
    },
    /// Claim mode on or off: in claim mode running out of time ends the game only when the
    /// opponent claims it (`CLAIM`).
    Claim {
        /// The game number.
        game: GameId,
        /// `on` or `off`.
        mode: String,
        /// Who and why.
        #[command(flatten)]
        why: Why,
    },
}

/// `arbitre adjudicate GAME --result ... --reason ...`.
#[derive(Debug, Args)]
pub struct AdjudicateArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// The game number.
    pub game: GameId,
    /// The result: `white` or `black` (that side wins), `draw`, or `cancelled` (the game
    /// counts for nobody).
    #[arg(long)]
    pub result: String,
    /// Who and why.
    #[command(flatten)]
    pub why: Why,
}

/// `arbitre leave grant PLAYER FIRST LAST --reason ...`.
#[derive(Debug, Args)]
pub struct LeaveArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// What to do.
    #[command(subcommand)]
    pub action: LeaveCommand,
}

/// What `arbitre leave` does.
#[derive(Debug, Subcommand)]
pub enum LeaveCommand {
    /// Grant special leave beyond the yearly quota (it may start in the past: the time is
    /// given back in the games still in play).
    Grant {
        /// The player's address.
        player: String,
        /// The first day (`2026-12-20`), in the player's time zone.
        first: String,
        /// The last day, included.
        last: String,
        /// Who and why.
        #[command(flatten)]
        why: Why,
    },
}

/// `arbitre player ...`.
#[derive(Debug, Args)]
pub struct PlayerArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: PlayerCommand,
}

/// What `arbitre player` does.
#[derive(Debug, Subcommand)]
pub enum PlayerCommand {
    /// Give a player a new address: their games, entries, leave and settings move to it,
    /// both addresses are told, the notices that could not reach the old address go to the
    /// new one, and the clocks those failures stopped start again when they leave.
    Address {
        /// The configuration file.
        #[command(flatten)]
        config: ConfigArg,
        /// The player's address now.
        old: String,
        /// Their new address (no player may have it yet).
        new: String,
        /// Who and why.
        #[command(flatten)]
        why: Why,
    },
}

/// `arbitre audit [GAME]`.
#[derive(Debug, Args)]
pub struct AuditArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// Only the entries about this game (the whole chain is verified anyway).
    pub game: Option<GameId>,
}

/// The login running the command.
pub(crate) fn login() -> String {
    ["SUDO_USER", "USER", "LOGNAME"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "unknown".to_string())
}

fn side(text: &str) -> Result<Side, UsageError> {
    Side::from_name(&text.to_lowercase())
        .ok_or_else(|| UsageError(format!("`{text}` is not a side (white or black)")))
}

/// A duration, `-` in front for time taken.
fn signed_duration(text: &str) -> Result<i64, UsageError> {
    let (sign, rest) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text.strip_prefix('+').unwrap_or(text)),
    };
    duration::read(rest).map(|s| sign * s).ok_or_else(|| {
        UsageError(format!(
            "`{text}` is not a duration (`2d`, `36h`, `90m`, `-1d`)"
        ))
    })
}

fn day(text: &str) -> Result<jiff::civil::Date, UsageError> {
    text.parse()
        .map_err(|_| UsageError(format!("`{text}` is not a date (YYYY-MM-DD)")))
}

/// The referee's settings and the store of a configuration.
pub(crate) fn open(args: &ConfigArg) -> Result<(RefereeConfig, Store), ExitCode> {
    let config = load(&args.config)?;
    let referee = config.referee().map_err(|e| {
        eprintln!("arbitre: {e}");
        ExitCode::from(78)
    })?;
    Ok((referee, open_store(&config)?))
}

/// What decides an action: the store in its transaction, the audit entry's number, now.
pub(crate) type Decide<'a> =
    Box<dyn FnOnce(&Store, i64, Timestamp) -> Result<Result<Directed, Refused>, StoreError> + 'a>;

/// Decides an action inside one write transaction and commits it with its audit entry
/// sealed under `keys` (the installation's current keys).
pub(crate) fn commit(
    store: &mut Store,
    keys: &crate::keys::KeySet,
    decide: Decide,
    draft: impl FnOnce(&Directed, Timestamp) -> Draft,
) -> Result<ExitCode, UsageError> {
    let done = store.decide(Answering::Nothing, At::Now, |s, now| {
        let seq = s.audit_head()?.map_or(1, |(seq, _)| seq + 1);
        Ok(match decide(s, seq, now)? {
            Ok(directed) => Decided::Audited {
                draft: draft(&directed, now),
                decision: directed.decision,
                keys,
                value: None,
            },
            Err(refused) => Decided::Nothing(Some(refused)),
        })
    });
    match done {
        Ok(Settled::Done {
            decision, entry, ..
        }) => {
            println!(
                "{}; {} mail(s) queued for the running daemon.",
                decision.summary,
                decision.outbox.len(),
            );
            if let Some(entry) = entry {
                println!("Audit entry {}: {}", entry.seq, entry.hash);
            }
            Ok(ExitCode::SUCCESS)
        }
        Ok(Settled::Nothing(refused)) => {
            let why = refused.map_or_else(|| "nothing to do".to_string(), |r| r.0);
            eprintln!("arbitre: {why}; nothing changed");
            Ok(ExitCode::from(1))
        }
        Ok(Settled::AlreadyDone) => {
            eprintln!("arbitre: done already; nothing changed");
            Ok(ExitCode::from(1))
        }
        Err(e) => {
            eprintln!("arbitre: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// Applies `action` to `game`.
fn on_game(
    args: &ConfigArg,
    game: GameId,
    action: GameAction,
    why: &Why,
) -> Result<ExitCode, UsageError> {
    let (referee, mut store) = match open(args) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let reason = why.reason.trim().to_string();
    let actor = why.by.clone().unwrap_or_else(login);
    commit(
        &mut store,
        referee.keys.current(),
        Box::new(|s, seq, now| {
            let ctx = s.game_context(game, now)?;
            Ok(direct::on_game(
                &referee, &ctx, game, action, &reason, seq, now,
            ))
        }),
        |d, now| Draft {
            at: now,
            actor,
            action: action.name().to_string(),
            game: Some(game),
            player: None,
            detail: d.detail.clone(),
            reason: reason.clone(),
        },
    )
}

/// `arbitre clock ...`.
pub fn clock(args: &ClockArgs) -> Result<ExitCode, UsageError> {
    let c = &args.config;
    match &args.action {
        ClockCommand::Show { game } => Ok(show(c, *game)),
        ClockCommand::Add {
            game,
            side: s,
            time,
            why,
        } => {
            let action = GameAction::AddTime {
                side: side(s)?,
                seconds: signed_duration(time)?,
            };
            on_game(c, *game, action, why)
        }
        ClockCommand::Set {
            game,
            side: s,
            time,
            why,
        } => {
            let left = signed_duration(time)?;
            let action = GameAction::SetTime {
                side: side(s)?,
                left,
            };
            on_game(c, *game, action, why)
        }
        ClockCommand::Pause { game, why } => on_game(c, *game, GameAction::Pause, why),
        ClockCommand::Resume { game, why } => on_game(c, *game, GameAction::Resume, why),
        ClockCommand::Claim { game, mode, why } => {
            let on = match mode.to_lowercase().as_str() {
                "on" | "yes" | "true" => true,
                "off" | "no" | "false" => false,
                _ => return Err(UsageError(format!("`{mode}`: claim mode is `on` or `off`"))),
            };
            on_game(c, *game, GameAction::Claim(on), why)
        }
    }
}

/// `arbitre adjudicate`.
pub fn adjudicate(args: &AdjudicateArgs) -> Result<ExitCode, UsageError> {
    let verdict = Verdict::read(&args.result).ok_or_else(|| {
        UsageError(format!(
            "`{}` is not a result (white, black, draw or cancelled)",
            args.result
        ))
    })?;
    on_game(
        &args.config,
        args.game,
        GameAction::Adjudicate(verdict),
        &args.why,
    )
}

/// `arbitre leave grant`.
pub fn leave(args: &LeaveArgs) -> Result<ExitCode, UsageError> {
    let LeaveCommand::Grant {
        player,
        first,
        last,
        why,
    } = &args.action;
    let (first, last) = (day(first)?, day(last)?);
    let (referee, mut store) = match open(&args.config) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let reason = why.reason.trim().to_string();
    let actor = why.by.clone().unwrap_or_else(login);
    let address = player.trim().to_lowercase();
    commit(
        &mut store,
        referee.keys.current(),
        Box::new(|s, seq, now| {
            let ctx = s.player_context(&address, now)?;
            Ok(direct::grant_leave(
                &referee, &ctx, first, last, &reason, seq, now,
            ))
        }),
        |d, now| Draft {
            at: now,
            actor,
            action: "leave-grant".to_string(),
            game: None,
            player: Some(address.clone()),
            detail: d.detail.clone(),
            reason: reason.clone(),
        },
    )
}

/// `arbitre player address OLD NEW --reason ...`.
pub fn player(args: &PlayerArgs) -> Result<ExitCode, UsageError> {
    let PlayerCommand::Address {
        config,
        old,
        new,
        why,
    } = &args.action;
    let (referee, mut store) = match open(config) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let reason = why.reason.trim().to_string();
    let actor = why.by.clone().unwrap_or_else(login);
    let (old, new) = (old.trim().to_lowercase(), new.trim().to_lowercase());
    commit(
        &mut store,
        referee.keys.current(),
        Box::new(|s, _seq, now| {
            let Some(r) = s.readdressing(&old, &new)? else {
                return Ok(Err(direct::Refused(format!("there is no player {old}"))));
            };
            Ok(crate::referee::undelivered::readdress(
                &referee, &r, &new, &reason, now,
            ))
        }),
        |d, now| Draft {
            at: now,
            actor,
            action: "player-address".to_string(),
            game: None,
            player: Some(old.clone()),
            detail: d.detail.clone(),
            reason: reason.clone(),
        },
    )
}

/// `arbitre clock show GAME`.
fn show(args: &ConfigArg, id: GameId) -> ExitCode {
    let (referee, store) = match open(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let now = crate::base::now();
    let ctx = match store.game_context(id, now) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(1);
        }
    };
    let Some(game) = ctx.games.first() else {
        eprintln!("arbitre: there is no game #{id}");
        return ExitCode::from(1);
    };
    let find = |a: &str| {
        ctx.players
            .iter()
            .find(|p| p.address.eq_ignore_ascii_case(a))
    };
    let around = Circumstances::of(&referee.clock, game, find, &ctx.outages);
    println!(
        "Game #{id}: {} ({}), {}",
        game.clock.control,
        view::control_words(crate::text::Lang::EN, &game.clock.control),
        game.status.code()
    );
    if game.clock.control.is_timed() {
        let reading = view::clock_reading(game, &around, now);
        for s in Side::BOTH {
            let clock = reading.side(s);
            let (left, running) = match reading.running {
                Some(r) if r.side == s => (
                    clock.allowance.map(|a| a - r.charged),
                    format!(
                        ", to move since {}",
                        r.since
                            .map_or_else(|| "(turn mail not sent yet)".into(), utc)
                    ),
                ),
                _ => (clock.allowance, String::new()),
            };
            println!(
                "  {:<5}  {} left{}{}, {} move(s) made, {} charged",
                s.name(),
                left.map_or_else(|| "-".into(), duration::write),
                clock
                    .to_control
                    .map_or_else(String::new, |m| format!(" for {m} move(s)")),
                running,
                clock.moves,
                duration::write(clock.charged)
            );
        }
        match view::clock_deadline(game, &around, now) {
            Some(at) => println!("  Deadline: {}", utc(at)),
            None if view::clock_paused(game, now) => println!("  Deadline: none while paused"),
            None => {}
        }
    }
    println!(
        "  Claim mode: {}; paused: {}",
        if game.clock.claim { "on" } else { "off" },
        if view::clock_paused(game, now) {
            "yes"
        } else {
            "no"
        }
    );
    for a in &game.clock.adjustments {
        println!(
            "  Adjusted: {} {}{} (during turn {})",
            a.side.name(),
            if a.seconds < 0 { "-" } else { "+" },
            duration::write(a.seconds.abs()),
            a.turn + 1
        );
    }
    for s in &game.clock.stops {
        println!(
            "  Stopped: {} to {}",
            utc(s.from),
            s.to.map_or_else(|| "(still stopped)".into(), utc)
        );
    }
    if let Some(due) = game.clock.next_due {
        println!("  Next look by the clock: {}", utc(due));
    }
    ExitCode::SUCCESS
}

/// `arbitre audit [GAME]`: prints the entries and verifies the whole chain; exit 1 when it
/// is broken.
pub fn audit(args: &AuditArgs) -> ExitCode {
    let (referee, store) = match open(&args.config) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let (entries, head) = match store.audit_log() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(1);
        }
    };
    let shown: Vec<&Entry> = entries
        .iter()
        .filter(|e| args.game.is_none_or(|g| e.draft.game == Some(g)))
        .collect();
    for e in &shown {
        let d = &e.draft;
        let about = match (&d.game, &d.player) {
            (Some(g), _) => format!("game #{g}"),
            (None, Some(p)) => p.clone(),
            (None, None) => "-".into(),
        };
        println!(
            "{:>4}  {}  {}  {}  {}: {}\n      reason: {}",
            e.seq,
            utc(d.at),
            d.actor,
            d.action,
            about,
            d.detail,
            d.reason
        );
    }
    if shown.is_empty() {
        println!(
            "No entry{}.",
            args.game
                .map_or_else(String::new, |g| format!(" about game #{g}"))
        );
    }
    let anchored = head.as_ref().map(|(s, h)| (*s, h.as_str()));
    match audit::verify(&entries, anchored, &referee.keys) {
        Ok(n) => {
            println!(
                "Audit log intact: {n} entr{} chained.",
                if n == 1 { "y" } else { "ies" }
            );
            if let Some((seq, hash)) = head {
                // Kept elsewhere, it also shows a log cut back to an older entry whole.
                println!("Head: entry {seq}, {hash}");
            }
            ExitCode::SUCCESS
        }
        Err(broken) => {
            eprintln!("arbitre: the audit log is broken: {broken}");
            ExitCode::from(1)
        }
    }
}
