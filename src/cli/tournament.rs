//! `arbitre tournament ...`: the director's commands for correspondence events.
//!
//! - `create NAME --title ... --game G --system S --time T --director ADDRESS ...`: a new
//!   event with its conditions, written once and shown to every participant.
//! - `enter NAME --file entries.csv` or `--address A --name N [--rating R] [--club C]`,
//!   `enter NAME --confirm ADDRESS`: entries, from a file or one by one, and the
//!   confirmation of an entry sent by mail (`JOIN NAME`).
//! - `start NAME`: numbers the players and pairs the first round (every round of a round
//!   robin); the daemon mails the pairings and starts the games.
//! - `pair NAME`: pairs the next round now if the previous one is over (the daemon does it
//!   by itself); `pair --trf FILE`: pairs the next round of the Swiss event a TRF file
//!   describes, without a store, so that an arbiter can compare arbitre with any endorsed
//!   pairing program.
//! - `withdraw NAME ADDRESS --reason ...`: the ICCF rule for the player's unfinished games.
//! - `show NAME`, `standings NAME [--csv] [--lang fr]`, `export NAME --out DIR`, `list`.
//!
//! Every change is audited like the other directors' actions. Exit codes: 0 done; 1 refused
//! (nothing changed) or no valid pairing; 2 usage error; 78 bad configuration.

use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

use clap::{Args, Subcommand};

use super::UsageError;
use super::director::{commit, login, open};
use super::setup::ConfigArg;
use crate::audit::Draft;
use crate::outln;
use crate::referee::Decision;
use crate::referee::direct::{Directed, Reason, Refused};
use crate::referee::event::{self as play, EventDesk};
use crate::referee::view;
use crate::store::Store;
use crate::text::Lang;
use crate::tournament::dutch::{self, PairingError, Round};
use crate::tournament::event::{
    Conditions, Entry, EntryPolicy, EntryStatus, EventStatus, Outcome, StoredEvent, System,
};
use crate::tournament::tiebreak::TieBreak;
use crate::tournament::trf::Trf;

/// The tournament commands.
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Create an event with its conditions.
    Create(CreateArgs),
    /// Enter players (from a CSV file or one by one), or confirm an entry made by mail.
    Enter(EnterArgs),
    /// Start the event: number the players, pair the first round (all rounds of a round
    /// robin), start the games.
    Start(EventArgs),
    /// Pair the next round now (the daemon does it when a round is over); with `--trf
    /// FILE`, pair the next round of a Swiss event from a TRF file alone and print it as
    /// pairing programs do (exit 1 when no pairing satisfies the absolute criteria).
    Pair(PairArgs),
    /// Withdraw a player: their unfinished games are forfeited or cancelled by the ICCF
    /// rule; in a Swiss event they are paired no more.
    Withdraw(WithdrawArgs),
    /// Show an event: conditions, players, rounds and games.
    Show(EventArgs),
    /// Print the standings with tie-breaks and the crosstable.
    Standings(StandingsArgs),
    /// Write the event's TRF and every game's record (in its game's format) into DIR.
    Export(ExportArgs),
    /// List the events.
    List(ConfigArg),
}

/// An event named on a configured store.
#[derive(Debug, Args)]
pub struct EventArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// The event's short name (or number).
    pub event: String,
    /// Who does it, for the audit log (default: the login running the command).
    #[arg(long)]
    pub by: Option<String>,
}

/// `tournament create`.
#[derive(Debug, Args)]
pub struct CreateArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// The short name players write in commands (`JOIN spring-2027`): letters, digits,
    /// dashes.
    pub event: String,
    /// The title shown in mails and tables.
    #[arg(long)]
    pub title: String,
    /// The game.
    #[arg(long, short = 'g')]
    pub game: String,
    /// A named start.
    #[arg(long)]
    pub variant: Option<String>,
    /// A game option `name=value` (repeatable).
    #[arg(long = "option", short = 'o')]
    pub options: Vec<String>,
    /// `round-robin`, `double-round-robin`, `swiss` or `knockout`.
    #[arg(long)]
    pub system: String,
    /// The number of rounds of a Swiss event.
    #[arg(long)]
    pub rounds: Option<u32>,
    /// A tied knock-out mini-match: `replay` (two more games) or `seed` (the higher seed
    /// goes on).
    #[arg(long, default_value = "replay")]
    pub ties: String,
    /// The time control (as `arbitre new --time`).
    #[arg(long)]
    pub time: String,
    /// Forbid conditional moves.
    #[arg(long)]
    pub no_conditionals: bool,
    /// Allow take-backs by agreement (forbidden in events by default).
    #[arg(long)]
    pub takebacks: bool,
    /// The most draw offers each player may make per game.
    #[arg(long)]
    pub draw_offers: Option<u32>,
    /// The tie-breaks in order, comma-separated (WIN, WON, SB, DE, BH, BH-C1, BH-M1, ARO,
    /// LOTS). Default: WIN,SB,DE,LOTS for a round robin (ICCF), BH-C1,BH,SB,DE,LOTS for a
    /// Swiss event.
    #[arg(long)]
    pub tie_breaks: Option<String>,
    /// Other participants and spectators see the games this many moves late.
    #[arg(long, default_value_t = 0)]
    pub spectator_delay: u32,
    /// A director's address (repeatable; the first one creates the games).
    #[arg(long = "director", required = true)]
    pub directors: Vec<String>,
    /// Entries by mail: `confirm` (a director confirms each), `open-until=YYYY-MM-DD`
    /// (accepted until that day), or `closed` (only the director enters players).
    #[arg(long, default_value = "confirm")]
    pub entry: String,
    /// The games do not count for ratings.
    #[arg(long)]
    pub unrated: bool,
    /// Rate the games in a pool of their own variant (`abalone/belgian-daisy`), apart from
    /// the game's (needs `--variant`).
    #[arg(long, requires = "variant", conflicts_with = "unrated")]
    pub variant_pool: bool,
    /// Who does it, for the audit log.
    #[arg(long)]
    pub by: Option<String>,
}

/// `tournament enter`.
#[derive(Debug, Args)]
pub struct EnterArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// The event.
    pub event: String,
    /// A CSV file of entries: name, address, rating (optional), federation or club
    /// (optional); a first line starting with `name` is a heading.
    #[arg(long, conflicts_with_all = ["address", "confirm"])]
    pub file: Option<PathBuf>,
    /// One player's address.
    #[arg(long, requires = "name")]
    pub address: Option<String>,
    /// Their name, as shown in tables.
    #[arg(long, requires = "address")]
    pub name: Option<String>,
    /// Their rating (an Elo-like figure).
    #[arg(long)]
    pub rating: Option<u32>,
    /// Their federation or club.
    #[arg(long, default_value = "")]
    pub club: String,
    /// Confirm the entry this address sent by mail.
    #[arg(long, conflicts_with = "address")]
    pub confirm: Option<String>,
    /// Who does it, for the audit log.
    #[arg(long)]
    pub by: Option<String>,
}

/// `tournament pair`.
#[derive(Debug, Args)]
pub struct PairArgs {
    /// The configuration file (not needed with `--trf`).
    #[arg(
        long,
        short = 'c',
        value_name = "FILE",
        required_unless_present = "trf"
    )]
    pub config: Option<PathBuf>,
    /// The event.
    #[arg(required_unless_present = "trf")]
    pub event: Option<String>,
    /// A tournament report file (TRF-2026, TRF16 or TRF(x)); `-` for standard input.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["config", "event"])]
    pub trf: Option<String>,
    /// Who does it, for the audit log.
    #[arg(long)]
    pub by: Option<String>,
}

/// `tournament withdraw`.
#[derive(Debug, Args)]
pub struct WithdrawArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// The event.
    pub event: String,
    /// The player's address.
    pub player: String,
    /// Why: the players are told it, and the audit log keeps it.
    #[arg(long)]
    pub reason: String,
    /// Who does it, for the audit log.
    #[arg(long)]
    pub by: Option<String>,
}

/// `tournament standings`.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// The event.
    pub event: String,
    /// Print CSV for a spreadsheet.
    #[arg(long)]
    pub csv: bool,
    /// The language of the headings (`en`, `fr`).
    #[arg(long, default_value = "en")]
    pub lang: String,
}

/// `tournament export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// The event.
    pub event: String,
    /// The directory to write into (created if missing).
    #[arg(long)]
    pub out: PathBuf,
}

/// Runs a tournament command.
pub fn run(command: &TournamentCommand) -> Result<ExitCode, UsageError> {
    match command {
        TournamentCommand::Create(args) => create(args),
        TournamentCommand::Enter(args) => enter(args),
        TournamentCommand::Start(args) => start(args),
        TournamentCommand::Pair(args) => match &args.trf {
            Some(path) => pair_trf(path),
            None => pair_event(args),
        },
        TournamentCommand::Withdraw(args) => withdraw(args),
        TournamentCommand::Show(args) => show(args),
        TournamentCommand::Standings(args) => standings(args),
        TournamentCommand::Export(args) => export(args),
        TournamentCommand::List(args) => list(args),
    }
}

fn read(path: &str) -> Result<String, UsageError> {
    let bytes = if path == "-" {
        let mut buffer = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buffer)
            .map_err(|e| UsageError(format!("cannot read standard input: {e}")))?;
        buffer
    } else {
        std::fs::read(path).map_err(|e| UsageError(format!("cannot read {path}: {e}")))?
    };
    String::from_utf8(bytes).map_err(|_| UsageError(format!("{path} is not UTF-8 text")))
}

fn pair_trf(path: &str) -> Result<ExitCode, UsageError> {
    let text = read(path)?;
    let trf = Trf::parse(&text).map_err(|e| UsageError(format!("{path}: {e}")))?;
    let round = Round::from_trf(&trf).map_err(|e| UsageError(format!("{path}: {e}")))?;
    match dutch::pair(&round) {
        Ok(pairing) => {
            let pairing = pairing.renumbered(|t| trf.id_of(t));
            crate::out!("{}", pairing.to_program_text());
            Ok(ExitCode::SUCCESS)
        }
        Err(PairingError::NoPairing) => {
            eprintln!(
                "arbitre: no valid pairing for round {}: every pairing would repeat a game, \
                 give a second bye, or pair two players who must have the same colour",
                round.played + 1
            );
            Ok(ExitCode::from(1))
        }
        Err(e) => Err(UsageError(format!("{path}: {e}"))),
    }
}

/// A short name: letters, digits and dashes, at most 40.
fn check_name(name: &str) -> Result<(), UsageError> {
    let ok = !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && name.chars().any(|c| c.is_ascii_alphabetic());
    if ok {
        Ok(())
    } else {
        Err(UsageError(format!(
            "`{name}` is not a short name: use letters, digits, dashes and underscores (at \
             least one letter), at most 40"
        )))
    }
}

fn address(text: &str) -> Result<String, UsageError> {
    let a = text.trim().to_lowercase();
    if !a.contains('@') || a.contains(char::is_whitespace) || a.starts_with('@') {
        return Err(UsageError(format!("`{text}` is not a mail address")));
    }
    Ok(a)
}

fn create(args: &CreateArgs) -> Result<ExitCode, UsageError> {
    check_name(&args.event)?;
    let kind = crate::games::GameKind::from_name(&args.game)
        .ok_or_else(|| UsageError(format!("unknown game `{}`", args.game)))?;
    let start = match &args.variant {
        Some(v) => crate::games::Start::Variant(v.clone()),
        None => crate::games::Start::Default,
    };
    let options = args.options.join(",");
    crate::games::AnyGame::new(kind, &start, None, &options)
        .map_err(|e| UsageError(format!("the game cannot start: {e}")))?;
    crate::clock::TimeControl::read(&args.time).map_err(|e| UsageError(format!("--time: {e}")))?;
    let system = match args.system.as_str() {
        "round-robin" | "rr" => System::RoundRobin { double: false },
        "double-round-robin" | "drr" => System::RoundRobin { double: true },
        "swiss" => System::Swiss {
            rounds: args
                .rounds
                .ok_or_else(|| UsageError("a Swiss event needs --rounds N".to_string()))?,
        },
        "knockout" | "ko" => System::Knockout {
            replay_ties: match args.ties.as_str() {
                "replay" => true,
                "seed" => false,
                other => {
                    return Err(UsageError(format!(
                        "--ties: `{other}` is neither `replay` nor `seed`"
                    )));
                }
            },
        },
        other => {
            return Err(UsageError(format!(
                "--system: `{other}` is not round-robin, double-round-robin, swiss or knockout"
            )));
        }
    };
    if matches!(system, System::Swiss { rounds: 0 }) {
        return Err(UsageError("--rounds must be at least 1".into()));
    }
    if args.rounds.is_some() && !matches!(system, System::Swiss { .. }) {
        return Err(UsageError(
            "--rounds is for a Swiss event (a round robin's rounds follow from the players)".into(),
        ));
    }
    if args.ties != "replay" && !matches!(system, System::Knockout { .. }) {
        return Err(UsageError("--ties is for a knock-out event".into()));
    }
    let default_tie_breaks = match system {
        System::RoundRobin { .. } => "WIN,SB,DE,LOTS",
        System::Swiss { .. } => "BH-C1,BH,SB,DE,LOTS",
        System::Knockout { .. } => "LOTS",
    };
    let mut tie_breaks = Vec::new();
    for code in args
        .tie_breaks
        .as_deref()
        .unwrap_or(default_tie_breaks)
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        let tb = TieBreak::from_str(code)
            .map_err(|_| UsageError(format!("--tie-breaks: unknown tie-break `{code}`")))?;
        if tie_breaks.contains(&tb.to_string()) {
            return Err(UsageError(format!("--tie-breaks: `{code}` is named twice")));
        }
        tie_breaks.push(tb.to_string());
    }
    let entry = match args.entry.as_str() {
        "confirm" => EntryPolicy::Confirm,
        "closed" => EntryPolicy::Closed,
        other => match other.strip_prefix("open-until=") {
            Some(date) => {
                date.parse::<jiff::civil::Date>().map_err(|_| {
                    UsageError(format!("--entry: `{date}` is not a date (YYYY-MM-DD)"))
                })?;
                EntryPolicy::OpenUntil {
                    date: date.to_string(),
                }
            }
            None => {
                return Err(UsageError(format!(
                    "--entry: `{other}` is not confirm, closed or open-until=YYYY-MM-DD"
                )));
            }
        },
    };
    let directors = args
        .directors
        .iter()
        .map(|d| address(d))
        .collect::<Result<Vec<_>, _>>()?;
    let conditions = Conditions {
        game: kind.name().to_string(),
        variant: args.variant.clone(),
        options,
        system,
        time: args.time.clone(),
        conditional_moves: !args.no_conditionals,
        takebacks: args.takebacks,
        draw_offers: args.draw_offers,
        tie_breaks,
        spectator_delay: args.spectator_delay,
        directors,
        entry,
        rated: !args.unrated,
        variant_pool: args.variant_pool,
    };
    let (referee, mut store) = match open(&args.config) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let name = args.event.clone();
    let title = args.title.trim().to_string();
    let actor = args.by.clone().unwrap_or_else(login);
    commit(
        &mut store,
        referee.keys.current(),
        Box::new(move |s, seq, now| {
            if s.event(&name)?.is_some() {
                return Ok(Err(Refused(format!("there is already an event `{name}`"))));
            }
            let id = s.next_event_id()?;
            // The lots: drawn once, from the event and its creation, and kept: the colour
            // of round 1 and the last tie-break.
            let lots = lots_seed(&name, now, seq);
            let event = StoredEvent {
                id,
                name: name.clone(),
                title: title.clone(),
                conditions,
                status: EventStatus::Entry,
                round: 0,
                lots,
                entries: Vec::new(),
                pairings: Vec::new(),
                created_at: now,
                updated_at: now,
                stuck: None,
            };
            Ok(Ok(Directed {
                detail: format!(
                    "event {name} created: {}",
                    serde_json::to_string(&event.conditions).unwrap_or_default()
                ),
                decision: Decision {
                    summary: format!("event {name} created"),
                    events: vec![event],
                    ..Decision::default()
                },
            }))
        }),
        move |d, now| Draft {
            at: now,
            actor,
            action: "event-create".into(),
            game: None,
            player: None,
            detail: d.detail.clone(),
            reason: String::new(),
        },
    )
}

/// The lots of an event: a hash of its name, its creation time and its audit number.
fn lots_seed(name: &str, now: i64, seq: i64) -> u64 {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("lots\0{name}\0{now}\0{seq}").as_bytes());
    u64::from_le_bytes(digest[..8].try_into().expect("eight bytes"))
}

/// Reads a CSV of entries: name, address, rating, club.
fn read_entries(path: &PathBuf) -> Result<Vec<Entry>, UsageError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?;
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(::csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let mut entries: Vec<Entry> = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 1;
        let record =
            record.map_err(|e| UsageError(format!("{}: line {line}: {e}", path.display())))?;
        let field = |k: usize| record.get(k).unwrap_or("").trim().to_string();
        if line == 1 && field(0).eq_ignore_ascii_case("name") {
            continue;
        }
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let name = field(0);
        if name.is_empty() {
            return Err(UsageError(format!(
                "{}: line {line}: no name",
                path.display()
            )));
        }
        let addr = address(&field(1))
            .map_err(|e| UsageError(format!("{}: line {line}: {}", path.display(), e.0)))?;
        let rating = match field(2).as_str() {
            "" => None,
            r => Some(
                r.parse::<u32>()
                    .ok()
                    .filter(|r| *r <= MAX_RATING)
                    .ok_or_else(|| {
                        UsageError(format!(
                            "{}: line {line}: `{r}` is not a rating (0 to {MAX_RATING})",
                            path.display()
                        ))
                    })?,
            ),
        };
        if entries.iter().any(|e| e.address == addr) {
            return Err(UsageError(format!(
                "{}: line {line}: {addr} is entered twice",
                path.display()
            )));
        }
        entries.push(Entry {
            address: addr,
            name: name.chars().take(40).collect(),
            rating,
            club: field(3),
            status: EntryStatus::Confirmed,
            tpn: None,
            withdrawn_after: None,
        });
    }
    Ok(entries)
}

/// The highest rating an entry may bring (Elo-like figures stay well below).
const MAX_RATING: u32 = 4000;

fn enter(args: &EnterArgs) -> Result<ExitCode, UsageError> {
    if args.rating.is_some_and(|r| r > MAX_RATING) {
        return Err(UsageError(format!("--rating: at most {MAX_RATING}")));
    }
    let new: Vec<Entry> = match (&args.file, &args.address, &args.confirm) {
        (Some(path), _, _) => read_entries(path)?,
        (None, Some(a), _) => vec![Entry {
            address: address(a)?,
            name: args.name.clone().unwrap_or_default().trim().to_string(),
            rating: args.rating,
            club: args.club.clone(),
            status: EntryStatus::Confirmed,
            tpn: None,
            withdrawn_after: None,
        }],
        (None, None, Some(_)) => Vec::new(),
        (None, None, None) => {
            return Err(UsageError(
                "give --file FILE, --address A --name N, or --confirm ADDRESS".into(),
            ));
        }
    };
    let confirm = args.confirm.as_deref().map(address).transpose()?;
    let (referee, mut store) = match open(&args.config) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let name = args.event.clone();
    let actor = args.by.clone().unwrap_or_else(login);
    commit(
        &mut store,
        referee.keys.current(),
        Box::new(move |s, _seq, now| {
            let Some(mut event) = s.event(&name)? else {
                return Ok(Err(Refused(format!("there is no event `{name}`"))));
            };
            if event.status != EventStatus::Entry {
                return Ok(Err(Refused(format!(
                    "{name} has started: entries are closed"
                ))));
            }
            let mut detail = Vec::new();
            if let Some(a) = &confirm {
                match event.entries.iter_mut().find(|e| &e.address == a) {
                    Some(e) if e.status == EntryStatus::Pending => {
                        e.status = EntryStatus::Confirmed;
                        detail.push(format!("confirmed {a}"));
                    }
                    Some(_) => return Ok(Err(Refused(format!("{a} is already confirmed")))),
                    None => return Ok(Err(Refused(format!("{a} has not asked to enter")))),
                }
            }
            for e in new {
                if e.name.is_empty() {
                    return Ok(Err(Refused(format!("{}: a name is needed", e.address))));
                }
                match event.entries.iter_mut().find(|x| x.address == e.address) {
                    Some(old) => {
                        detail.push(format!("updated {}", e.address));
                        *old = e;
                    }
                    None => {
                        detail.push(format!("entered {} ({})", e.address, e.name));
                        event.entries.push(e);
                    }
                }
            }
            event.updated_at = now;
            let confirmed = event
                .entries
                .iter()
                .filter(|e| e.status == EntryStatus::Confirmed)
                .count();
            Ok(Ok(Directed {
                detail: detail.join("; "),
                decision: Decision {
                    summary: format!(
                        "event {name}: {} ({confirmed} confirmed entrant(s))",
                        detail.join("; ")
                    ),
                    events: vec![event],
                    ..Decision::default()
                },
            }))
        }),
        move |d, now| Draft {
            at: now,
            actor,
            action: "event-enter".into(),
            game: None,
            player: None,
            detail: d.detail.clone(),
            reason: String::new(),
        },
    )
}

/// Loads the event `name` and everything a step of it needs, inside the caller's
/// transaction, and lets `step` decide; a missing event is refused.
fn on_event(
    s: &Store,
    name: &str,
    config: &crate::referee::RefereeConfig,
    now: i64,
    step: impl FnOnce(&EventDesk<'_>, &StoredEvent) -> Result<Directed, Refused>,
) -> Result<Result<Directed, Refused>, crate::store::StoreError> {
    Ok(s.event_record(name)?
        .map(|record| record.step(config, now, step))
        .unwrap_or_else(|| Err(Refused(format!("there is no event `{name}`")))))
}

fn start(args: &EventArgs) -> Result<ExitCode, UsageError> {
    let (referee, mut store) = match open(&args.config) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let name = args.event.clone();
    let actor = args.by.clone().unwrap_or_else(login);
    let config = referee.clone();
    commit(
        &mut store,
        referee.keys.current(),
        Box::new(move |s, _seq, now| {
            on_event(s, &name, &config, now, |desk, event| {
                play::start(desk, event).map(|decision| Directed {
                    detail: decision.summary.clone(),
                    decision,
                })
            })
        }),
        move |d, now| Draft {
            at: now,
            actor,
            action: "event-start".into(),
            game: None,
            player: None,
            detail: d.detail.clone(),
            reason: String::new(),
        },
    )
}

fn pair_event(args: &PairArgs) -> Result<ExitCode, UsageError> {
    let config = ConfigArg {
        config: args.config.clone().unwrap_or_default(),
    };
    let (referee, mut store) = match open(&config) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let name = args.event.clone().unwrap_or_default();
    let actor = args.by.clone().unwrap_or_else(login);
    let settings = referee.clone();
    commit(
        &mut store,
        referee.keys.current(),
        Box::new(move |s, _seq, now| {
            on_event(
                s,
                &name,
                &settings,
                now,
                |desk, event| match play::progress(desk, event) {
                    Ok(Some(decision)) => Ok(Directed {
                        detail: decision.summary.clone(),
                        decision,
                    }),
                    Ok(None) => Err(Refused(format!(
                        "{name}: round {} is not over yet (or the event is not running)",
                        event.round
                    ))),
                    Err(e) => Err(e),
                },
            )
        }),
        move |d, now| Draft {
            at: now,
            actor,
            action: "event-pair".into(),
            game: None,
            player: None,
            detail: d.detail.clone(),
            reason: String::new(),
        },
    )
}

fn withdraw(args: &WithdrawArgs) -> Result<ExitCode, UsageError> {
    let player = address(&args.player)?;
    let reason = args.reason.trim().to_string();
    if reason.is_empty() {
        return Err(UsageError(
            "--reason: say why (the players are told)".into(),
        ));
    }
    let (referee, mut store) = match open(&args.config) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let name = args.event.clone();
    let actor = args.by.clone().unwrap_or_else(login);
    let settings = referee.clone();
    let who = player.clone();
    let why = reason.clone();
    commit(
        &mut store,
        referee.keys.current(),
        Box::new(move |s, seq, now| {
            on_event(s, &name, &settings, now, |desk, event| {
                play::withdraw(
                    desk,
                    event,
                    &who,
                    &Reason::Said(&why),
                    &format!("audit.{seq}"),
                )
            })
        }),
        move |d, now| Draft {
            at: now,
            actor,
            action: "event-withdraw".into(),
            game: None,
            player: Some(player.clone()),
            detail: d.detail.clone(),
            reason: reason.clone(),
        },
    )
}

fn load(
    config: &ConfigArg,
    name: &str,
) -> Result<(Store, StoredEvent, crate::referee::RefereeConfig), ExitCode> {
    let (referee, store) = open(config)?;
    match store.event(name) {
        Ok(Some(event)) => Ok((store, event, referee)),
        Ok(None) => {
            eprintln!("arbitre: there is no event `{name}`");
            Err(ExitCode::from(1))
        }
        Err(e) => {
            eprintln!("arbitre: {e}");
            Err(ExitCode::from(1))
        }
    }
}

fn show(args: &EventArgs) -> Result<ExitCode, UsageError> {
    let (store, event, referee) = match load(&args.config, &args.event) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let games = store
        .event_games(event.id)
        .map_err(|e| UsageError(e.to_string()))?;
    outln!("{} ({}), {}", event.title, event.name, event.status.code());
    let leave_days = referee.clock.leave_days;
    outln!("{}", view::conditions_text(Lang::EN, &event, leave_days));
    outln!("Entrants:");
    for e in &event.entries {
        outln!(
            "  {:>3} {} <{}>{}{} {}",
            e.tpn.map(|t| t.to_string()).unwrap_or_else(|| "-".into()),
            e.name,
            e.address,
            e.rating.map(|r| format!(" {r}")).unwrap_or_default(),
            if e.club.is_empty() {
                String::new()
            } else {
                format!(" ({})", e.club)
            },
            e.status.code()
        );
    }
    let mut round = 0;
    for p in &event.pairings {
        if p.round != round {
            round = p.round;
            outln!("Round {round}:");
        }
        let name = |t: u32| event.entrant(t).map(|e| e.name.clone()).unwrap_or_default();
        match (p.outcome, p.black) {
            (Outcome::Game(id), Some(black)) => {
                let status = games
                    .iter()
                    .find(|g| g.id == id)
                    .map(|g| match &g.result {
                        Some(r) => r.line.clone(),
                        None => format!("{} moves, {}", g.moves.len(), g.status.code()),
                    })
                    .unwrap_or_else(|| "missing".into());
                outln!("  #{id}: {} - {}: {status}", name(p.white), name(black));
            }
            _ => outln!("  {}: bye", name(p.white)),
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn standings(args: &StandingsArgs) -> Result<ExitCode, UsageError> {
    let lang = Lang::from_code(&args.lang)
        .ok_or_else(|| UsageError(format!("--lang: unknown language `{}`", args.lang)))?;
    let (store, event, _) = match load(&args.config, &args.event) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let games = store
        .event_games(event.id)
        .map_err(|e| UsageError(e.to_string()))?;
    let ratings = store
        .rating_record()
        .map_err(|e| UsageError(e.to_string()))?
        .pool(&event.conditions.pool(), crate::base::now());
    if args.csv {
        crate::out!("{}", view::standings_csv(lang, &event, &games, &ratings));
    } else {
        outln!("{}", event.title);
        crate::out!("{}", view::standings_text(lang, &event, &games, &ratings));
    }
    Ok(ExitCode::SUCCESS)
}

fn export(args: &ExportArgs) -> Result<ExitCode, UsageError> {
    let (store, event, _) = match load(&args.config, &args.event) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let games = store
        .event_games(event.id)
        .map_err(|e| UsageError(e.to_string()))?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| UsageError(format!("cannot create {}: {e}", args.out.display())))?;
    let trf = crate::tournament::report::trf_of(&event, &view::table_of(&event, &games));
    let trf_path = args.out.join(format!("{}.trf", event.name));
    std::fs::write(&trf_path, trf)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", trf_path.display())))?;
    let archive_path = args.out.join(format!("{}-games.tar", event.name));
    let file = std::fs::File::create(&archive_path)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", archive_path.display())))?;
    let names = |address: &str| {
        event
            .entry_of(address)
            .map(|e| e.name.clone())
            .unwrap_or_default()
    };
    let count = write_archive(file, &games, names)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", archive_path.display())))?;
    outln!(
        "{} written; {} with {count} game record(s)",
        trf_path.display(),
        archive_path.display()
    );
    Ok(ExitCode::SUCCESS)
}

fn list(args: &ConfigArg) -> Result<ExitCode, UsageError> {
    let (_, store) = match open(args) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let events = store.event_list().map_err(|e| UsageError(e.to_string()))?;
    if events.is_empty() {
        outln!("No event yet: arbitre tournament create ...");
    }
    for (id, name, title, status) in events {
        outln!("{id:>4}  {name:<24} {status:<9} {title}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Every game's record, in its game's format (APGN for Abalone, PGN for Ataxx, the move
/// list of the protocol for the others), one file per game, in a tar archive.
fn write_archive(
    file: std::fs::File,
    games: &[crate::referee::StoredGame],
    names: impl Fn(&str) -> String,
) -> std::io::Result<usize> {
    use crate::games::GameKind;
    let mut archive = tar::Builder::new(file);
    for game in games {
        let (w, b) = (names(&game.white), names(&game.black));
        let record = view::record(
            game,
            [
                Some(w.as_str()).filter(|n| !n.is_empty()),
                Some(b.as_str()).filter(|n| !n.is_empty()),
            ],
        );
        let extension = match game.kind {
            GameKind::Abalone => "apgn",
            GameKind::Ataxx => "pgn",
            _ => "txt",
        };
        let mut header = tar::Header::new_gnu();
        header.set_size(record.len() as u64);
        header.set_mode(0o644);
        header.set_mtime(game.updated_at.max(0) as u64);
        header.set_cksum();
        archive.append_data(
            &mut header,
            format!("game-{}.{extension}", game.id),
            record.as_bytes(),
        )?;
    }
    archive.finish()?;
    Ok(games.len())
}
