//! The command line.
//!
//! Every command works for every game. The game commands (`games`, `board`, `legal`,
//! `judge`, `perft`, `replay`) are pure: they read their arguments, ask the games, and print.
//!
//! The daemon commands (`run`, `check-config`, `status`, `new`, `show`, `games --config`,
//! `clocks`, `stats`) work on a configuration file and its store (see [`daemon`],
//! [`stats`]); so do the director's
//! (`clock`, `adjudicate`, `leave`, `audit`: see [`director`]) and the tournament commands
//! (`tournament pair --trf FILE`: see [`tournament`]).
//! What they share (the `--config` argument, loading and checking the file, opening the
//! store, logging, the runtime and the stop signals) is [`setup`]'s.
//!
//! Exit codes: 0 success; 1 the move was refused or the record does not replay; 2 usage
//! error (unknown game, bad position, unreadable file, ...); 78 bad configuration.

mod clocks;
pub mod daemon;
pub mod director;
pub mod engine;
mod play;
pub mod ratings;
pub mod setup;
pub mod stats;
pub mod status;
pub mod store;
pub mod tournament;
pub mod web;

/// Prints to standard output, ignoring a closed pipe (`arbitre legal ... | head`): the reader
/// has gone, so there is nobody left to tell.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// Like [`outln!`], without the newline.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($arg)*);
    }};
}

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::games::record::play_list;
use crate::games::{AnyGame, GameKind, Side, Start};
use crate::text::Lang;

/// arbitre: a referee for board games played by plain email.
#[derive(Debug, Parser)]
#[command(name = "arbitre", version, about, long_about = None)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the games, their variants and options, with their aliases; with `--config`, list
    /// the stored games instead.
    Games {
        /// The daemon's configuration file: list the games in its store.
        #[arg(long, short = 'c', value_name = "FILE")]
        config: Option<std::path::PathBuf>,
    },
    /// Print the text board of a position.
    Board(Setup),
    /// Draw the board of a position as mails and pages show it: a PNG or an SVG file, by
    /// the extension of `--out`.
    Picture {
        /// The file to write (`board.png` or `board.svg`).
        #[arg(long, value_name = "FILE")]
        out: std::path::PathBuf,
        /// The PNG's width in pixels (default: the picture's own size, as mailed).
        #[arg(long)]
        width: Option<u32>,
        /// The position.
        #[command(flatten)]
        setup: Setup,
    },
    /// Print the legal moves in canonical notation, one per line.
    Legal(Setup),
    /// Judge one move message: the first line is what the referee would answer.
    Judge {
        /// The move as a player would write it (one that starts with `-` is taken as it is).
        #[arg(allow_hyphen_values = true)]
        text: String,
        /// The position.
        #[command(flatten)]
        setup: Setup,
    },
    /// Count the leaves of the move tree DEPTH plies deep.
    ///
    /// One convention for every game: a position where the game is over has no moves, so
    /// below its depth it adds nothing (it counts 0 at depth 1 and more; any position is 1 at
    /// depth 0), and a forced pass is one move.
    Perft {
        /// How many plies deep.
        depth: u32,
        /// The position.
        #[command(flatten)]
        setup: Setup,
    },
    /// Replay a record (a move list, or an APGN file of many games) and check it.
    Replay {
        /// The record file, or `-` for standard input.
        file: String,
        /// Print one JSON object per game (and a summary line for several games).
        #[arg(long)]
        json: bool,
        /// The start, when the record does not give one.
        #[command(flatten)]
        setup: Setup,
    },
    /// Play as the computer opponent over an engine protocol (`--game ataxx --uai`).
    Engine(engine::EngineArgs),
    /// Run the referee daemon: read the mailbox, judge, answer (until SIGTERM).
    Run(setup::ConfigArg),
    /// Serve the public pages (games, players, events) read-only, until SIGTERM.
    Web(web::WebArgs),
    /// Print the key of the players' page handles, for `web.page-key` of an `arbitre web`
    /// that runs without the installation's secret.
    PageKey(setup::ConfigArg),
    /// The store itself: `store migrate` copies a whole installation into an empty store.
    #[command(subcommand)]
    Store(store::StoreCommand),
    /// The daemons attached to the store (host, pid, version, last report, what each is
    /// doing) and what the store holds in flight. Exit 1 when no daemon is running.
    Status(setup::ConfigArg),
    /// Check the configuration file and log in to the IMAP and SMTP servers.
    CheckConfig(setup::ConfigArg),
    /// Create a game directly (tournament director): no acceptance needed; the daemon mails
    /// both players.
    New(daemon::NewArgs),
    /// Show one stored game: seats, status, clocks, every move with its mail, the board.
    Show {
        /// The configuration file.
        #[command(flatten)]
        config: setup::ConfigArg,
        /// The game number.
        id: i64,
    },
    /// Every running game with a clock: time left on both sides and the deadline of the
    /// player to move, soonest first.
    Clocks(setup::ConfigArg),
    /// A game's clocks (director): show them, give or take time, set the time left, stop
    /// and start them, claim mode. Each change is audited and told to both players.
    Clock(director::ClockArgs),
    /// Decide a game's result (director): a win, a draw, or the game cancelled. Audited;
    /// both players get the result with the reason.
    Adjudicate(director::AdjudicateArgs),
    /// Leave (director): grant a player special leave beyond the yearly quota. Audited;
    /// the player and their opponents are told.
    Leave(director::LeaveArgs),
    /// A player's record (director): `player address OLD NEW --reason ...` gives the player
    /// a new address when mail to the old one fails. Audited; both addresses are told, the
    /// mail that could not reach the old one goes to the new one, and stopped clocks start
    /// again.
    Player(director::PlayerArgs),
    /// Print the audit log of the directors' actions (all, or one game's) and verify its
    /// hash chain: exit 1 when an entry was changed or removed.
    Audit(director::AuditArgs),
    /// Every player's Glicko-2 rating per game, from the rated games (monthly periods).
    Ratings(ratings::RatingsArgs),
    /// The statistics of the finished games the pages show, by game and variant: results
    /// in per cent, average length, most played openings, longest games (as `/stats`).
    Stats(stats::StatsArgs),
    /// Correspondence events (director): create, enter, start, pair, withdraw, standings,
    /// export (`tournament pair --trf FILE` pairs a Swiss round from a TRF file alone).
    #[command(subcommand)]
    Tournament(tournament::TournamentCommand),
}

/// Which game and which position a command works on.
#[derive(Debug, Args)]
pub struct Setup {
    /// The game (`abalone`, `bulltricker`, ... or an alias).
    #[arg(long, short = 'g')]
    pub game: String,
    /// A named start (`belgian-daisy`, `marguerite-belge`, ...).
    #[arg(long, conflicts_with = "position")]
    pub variant: Option<String>,
    /// A start given as the game's position string. One that starts with `-` (an Ataxx
    /// position with a blocked a7) is taken as it is: `--position '-5o/7/7/7/7/7/o5x x'`, or
    /// last, after `--`: `arbitre legal -g ataxx -- '-5o/7/7/7/7/7/o5x x'`.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The side to move (`black` / `white`).
    #[arg(long)]
    pub to_move: Option<String>,
    /// Moves to play first, separated by `;` (a forced pass may be written or left out).
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// A game option `name=value` (repeatable).
    #[arg(long = "option", short = 'o')]
    pub options: Vec<String>,
    /// The language of explanations and boards (`en` or `fr`).
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// The position string, as the last argument (after `--` when it starts with `-`).
    #[arg(value_name = "POSITION", conflicts_with_all = ["position", "variant"])]
    pub position_last: Option<String>,
}

/// A usage error: printed on stderr, exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl Setup {
    /// The game kind named by `--game`.
    pub fn kind(&self) -> Result<GameKind, UsageError> {
        GameKind::from_name(&self.game).ok_or_else(|| {
            let known: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
            UsageError(format!(
                "unknown game `{}` (known: {})",
                self.game,
                known.join(", ")
            ))
        })
    }

    /// The language of `--lang`.
    pub fn lang(&self) -> Result<Lang, UsageError> {
        Lang::from_name(&self.lang)
            .ok_or_else(|| UsageError(format!("unknown language `{}` (en or fr)", self.lang)))
    }

    /// The start named by `--variant` / `--position`.
    pub fn start(&self) -> Start {
        match (
            &self.variant,
            self.position.as_ref().or(self.position_last.as_ref()),
        ) {
            (Some(v), _) => Start::Variant(v.clone()),
            (None, Some(p)) => Start::Position(p.clone()),
            (None, None) => Start::Default,
        }
    }

    /// The side named by `--to-move`.
    pub fn to_move(&self) -> Result<Option<Side>, UsageError> {
        self.to_move
            .as_deref()
            .map(|s| {
                Side::from_name(s)
                    .ok_or_else(|| UsageError(format!("`{s}` is not a side (black or white)")))
            })
            .transpose()
    }

    /// The options, as one `name=value,...` string.
    pub fn options_text(&self) -> String {
        self.options.join(",")
    }

    /// Sets up the game and plays `--moves`.
    pub fn game(&self) -> Result<AnyGame, UsageError> {
        let kind = self.kind()?;
        let mut game = AnyGame::new(kind, &self.start(), self.to_move()?, &self.options_text())
            .map_err(|e| UsageError(e.to_string()))?;
        if let Some(moves) = &self.moves {
            let list: Vec<&str> = moves
                .split(';')
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .collect();
            play_list(&mut game, list.iter().copied()).map_err(|e| {
                UsageError(format!(
                    "--moves: move {} `{}` is refused: {} ({})",
                    e.index + 1,
                    list[e.index],
                    e.refusal.line(),
                    e.refusal.explain(Lang::EN)
                ))
            })?;
        }
        Ok(game)
    }
}

/// Parses the command line, runs the command, and returns the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(UsageError(message)) => {
            eprintln!("arbitre: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command.
pub fn run(command: Command) -> Result<ExitCode, UsageError> {
    match command {
        Command::Games { config: None } => Ok(play::games()),
        Command::Games {
            config: Some(config),
        } => Ok(daemon::list_games(&setup::ConfigArg { config })),
        Command::Board(setup) => play::board(&setup),
        Command::Picture { out, width, setup } => play::picture(&setup, &out, width),
        Command::Legal(setup) => play::legal(&setup),
        Command::Judge { setup, text } => play::judge(&setup, &text),
        Command::Perft { setup, depth } => play::perft(&setup, depth),
        Command::Replay { setup, json, file } => play::replay(&setup, json, &file),
        Command::Run(args) => Ok(daemon::run(&args)),
        Command::Engine(args) => engine::engine(&args),
        Command::CheckConfig(args) => Ok(daemon::check_config(&args)),
        Command::Status(args) => Ok(status::status(&args)),
        Command::Web(args) => Ok(web::web(&args)),
        Command::PageKey(args) => Ok(web::page_key(&args)),
        Command::New(args) => daemon::new_game(&args),
        Command::Show { config, id } => Ok(daemon::show(&config, id)),
        Command::Clocks(args) => Ok(clocks::clocks(&args)),
        Command::Clock(args) => director::clock(&args),
        Command::Adjudicate(args) => director::adjudicate(&args),
        Command::Leave(args) => director::leave(&args),
        Command::Player(args) => director::player(&args),
        Command::Audit(args) => Ok(director::audit(&args)),
        Command::Tournament(command) => tournament::run(&command),
        Command::Ratings(args) => ratings::ratings(&args),
        Command::Stats(args) => stats::stats(&args),
        Command::Store(command) => Ok(store::run(&command)),
    }
}
