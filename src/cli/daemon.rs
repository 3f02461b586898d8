//! The daemon commands: `run`, `check-config`, `new`, `show`, and `games --config` (the
//! stored games).
//!
//! Exit codes: 0 success; 1 a check failed (a server refused) or the game does not exist;
//! 2 usage error; 78 (EX_CONFIG) the configuration is unreadable or wrong.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use clap::Args;

use super::UsageError;
use super::setup::{
    ConfigArg, EX_CONFIG, init_tracing, load, load_all, load_with_store, open_store, runtime,
    shutdown_signal,
};
use crate::daemon::{self, DaemonSettings, notify::notify};
use crate::games::{GameKind, Side, Start};
use crate::mail::imap::{self, ImapInbox, ImapSettings};
use crate::mail::smtp::Mailer;
use crate::referee::{self, GameStatus, NewGameRequest, StoredGame};
use crate::store::{Answering, At, Decided, Settled};
use crate::text::Lang;

/// `arbitre new`: a game set up by a tournament director.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// The game (`abalone`, `bulltricker`, ... or an alias).
    #[arg(long, short = 'g')]
    pub game: String,
    /// A named start.
    #[arg(long, conflicts_with = "position")]
    pub variant: Option<String>,
    /// A start given as the game's position string.
    #[arg(long)]
    pub position: Option<String>,
    /// A game option `name=value` (repeatable).
    #[arg(long = "option", short = 'o')]
    pub options: Vec<String>,
    /// The address seated as White.
    #[arg(long)]
    pub white: String,
    /// The address seated as Black.
    #[arg(long)]
    pub black: String,
    /// The director's address (default: the bot's).
    #[arg(long)]
    pub by: Option<String>,
    /// The time control (`none`, `3d`, `30d+3d/60d`, `10/50d`, `10/50d,no-weekends`);
    /// default: the configured `clock.default-time`.
    #[arg(long)]
    pub time: Option<String>,
}

/// `arbitre run --config FILE`: the daemon, until SIGTERM or SIGINT.
pub fn run(args: &ConfigArg) -> ExitCode {
    init_tracing("info");
    let config = match load_all(&args.config) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let settings = match DaemonSettings::from_config(&config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(EX_CONFIG);
        }
    };
    let store = match open_store(&config) {
        Ok(s) => s,
        Err(code) => return code,
    };
    for w in config.warnings() {
        tracing::warn!("{w}");
    }
    let rt = runtime();
    // Built first: a key that cannot be read is a configuration error, said at once.
    let mailer = match rt.block_on(async { Mailer::from_config(&config) }) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(EX_CONFIG);
        }
    };
    let result = rt.block_on(async {
        let imap = ImapSettings::from_config(&config).map_err(|e| e.to_string())?;
        let inbox = ImapInbox::new(imap);
        let pages = match &config.web.listen {
            Some(listen) => Some(super::web::start(&config, listen).await?),
            None => None,
        };
        tracing::info!(
            version = env!("CARGO_PKG_VERSION"),
            address = %config.bot.address,
            store = %config.store.describe(),
            "arbitre starts"
        );
        notify("READY=1");
        let ran = daemon::run(
            settings,
            inbox,
            Arc::new(mailer),
            Arc::new(Mutex::new(store)),
            shutdown_signal(),
        )
        .await
        .map_err(|e| e.to_string());
        if let Some(pages) = pages {
            pages.stop().await;
        }
        ran
    });
    match result {
        Ok(()) => {
            tracing::info!("arbitre stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!("arbitre stops: {e}");
            ExitCode::from(1)
        }
    }
}

/// `arbitre check-config --config FILE`: the same checks as `run`, then a login to the
/// IMAP and SMTP servers.
pub fn check_config(args: &ConfigArg) -> ExitCode {
    init_tracing("warn");
    let config = match load_all(&args.config) {
        Ok(c) => c,
        Err(code) => return code,
    };
    println!("{}: the file is valid.", args.config.display());
    for w in config.warnings() {
        println!("warning: {w}");
    }
    let mut ok = true;
    match open_store(&config) {
        Ok(s) => println!(
            "store: {} opens (schema version {}).",
            config.store.describe(),
            s.schema_version().unwrap_or(0)
        ),
        Err(_) => ok = false,
    }
    let rt = runtime();
    rt.block_on(async {
        match ImapSettings::from_config(&config) {
            Ok(s) => match imap::check(&s).await {
                Ok(summary) => println!(
                    "imap: logged in to {}:{} as {}: {summary}.",
                    s.host, s.port, s.user
                ),
                Err(e) => {
                    println!("imap: {e}.");
                    ok = false;
                }
            },
            Err(e) => {
                println!("imap: {e}.");
                ok = false;
            }
        }
        match Mailer::from_config(&config) {
            Ok(m) => {
                for record in m.dkim_records() {
                    println!("dkim: publish this DNS record:\n  {}", record.zone_line());
                }
                match m.check().await {
                    Ok(()) => println!("smtp: the server accepts our login."),
                    Err(e) => {
                        println!("smtp: {e}.");
                        ok = false;
                    }
                }
            }
            Err(e) => {
                println!("smtp: {e}.");
                ok = false;
            }
        }
        if config.bot.verify == crate::config::Verify::Dkim {
            match crate::mail::verify::Verifier::from_system() {
                Ok(_) => println!(
                    "verify: arbitre verifies the DKIM signatures and DMARC of incoming mail \
                     itself, asking the system's resolver."
                ),
                Err(e) => {
                    println!("verify: {e}.");
                    ok = false;
                }
            }
        }
        // The file was checked as a whole on load: the SMS settings read.
        if let Ok(sms) = config.sms.read() {
            use crate::config::sms::Gateway;
            let client = crate::gateway::kannel::client();
            let checked = match &sms.gateway {
                Gateway::Kannel { settings, .. } => {
                    Some(crate::gateway::kannel::check(&client, settings).await)
                }
                Gateway::Webhook { settings, .. } => {
                    Some(crate::gateway::webhook::check(&client, settings).await)
                }
                Gateway::None | Gateway::Spool { .. } => None,
            };
            match checked {
                Some(Ok(summary)) => println!("sms: {summary}."),
                Some(Err(e)) => {
                    println!("sms: {e}.");
                    ok = false;
                }
                None => {}
            }
        }
    });
    if ok {
        println!("Config looks good.");
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `arbitre new`: creates a game directly; its mails wait in the outbox for the daemon.
pub fn new_game(args: &NewArgs) -> Result<ExitCode, UsageError> {
    init_tracing("warn");
    let config = match load(&args.config.config) {
        Ok(c) => c,
        Err(code) => return Ok(code),
    };
    let kind = GameKind::from_name(&args.game).ok_or_else(|| {
        let known: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
        UsageError(format!(
            "unknown game `{}` (known: {})",
            args.game,
            known.join(", ")
        ))
    })?;
    let start = match (&args.variant, &args.position) {
        (Some(v), _) => Start::Variant(v.clone()),
        (None, Some(p)) => Start::Position(p.clone()),
        (None, None) => Start::Default,
    };
    for a in [&args.white, &args.black] {
        if !a.contains('@') || a.contains(char::is_whitespace) {
            return Err(UsageError(format!("`{a}` is not a mail address")));
        }
    }
    if args.white.eq_ignore_ascii_case(&args.black) {
        return Err(UsageError(
            "White and Black must be two different addresses".into(),
        ));
    }
    let referee_config = config.referee().map_err(|e| UsageError(e.to_string()))?;
    let time = match &args.time {
        Some(text) => {
            crate::clock::TimeControl::read(text).map_err(|e| UsageError(format!("--time: {e}")))?
        }
        None => referee_config.clock.default_control,
    };
    let request = NewGameRequest {
        time,
        kind,
        start,
        options: args.options.join(","),
        white: args.white.to_lowercase(),
        black: args.black.to_lowercase(),
        created_by: args
            .by
            .clone()
            .unwrap_or_else(|| referee_config.address.clone())
            .to_lowercase(),
    };
    let mut store = match open_store(&config) {
        Ok(s) => s,
        Err(code) => return Ok(code),
    };
    let created = store.decide(Answering::Nothing, At::Now, |s, now| {
        let mut players = Vec::new();
        for a in [&request.white, &request.black] {
            if let Some(p) = s.player(a)? {
                players.push(p);
            }
        }
        let id = s.next_game_id()?;
        Ok(
            match referee::create_game(&referee_config, &request, &players, id, now) {
                Ok(decision) => Decided::Commit(decision, Ok(id)),
                Err(e) => Decided::Nothing(Err(e)),
            },
        )
    });
    match created {
        Ok(Settled::Done {
            decision,
            value: Ok(id),
            ..
        }) => {
            if decision.games.is_empty() {
                eprintln!(
                    "arbitre: the referee created no game (is it implemented in this build?)"
                );
                return Ok(ExitCode::from(1));
            }
            println!(
                "Game #{id} created: {} {} (White) vs {} (Black); {} mail(s) queued for the running daemon.",
                kind.name(),
                request.white,
                request.black,
                decision.outbox.len()
            );
            Ok(ExitCode::SUCCESS)
        }
        Ok(
            Settled::Done {
                value: Err(setup), ..
            }
            | Settled::Nothing(Err(setup)),
        ) => Err(UsageError(setup.to_string())),
        Ok(Settled::Nothing(Ok(_)) | Settled::AlreadyDone) => {
            eprintln!("arbitre: the referee created no game");
            Ok(ExitCode::from(1))
        }
        Err(e) => {
            eprintln!("arbitre: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

fn status_line(g: &StoredGame) -> String {
    match (&g.status, &g.result) {
        (GameStatus::Finished, Some(r)) => format!("finished: {} ({})", r.line, r.termination),
        (s, _) => s.code().to_string(),
    }
}

/// `arbitre show --config FILE ID`: one stored game in full.
pub fn show(args: &ConfigArg, id: i64) -> ExitCode {
    let (config, store) = match load_with_store(&args.config) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let game = match store.game(id) {
        Ok(Some(g)) => g,
        Ok(None) => {
            eprintln!("arbitre: there is no game #{id}");
            return ExitCode::from(1);
        }
        Err(e) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(1);
        }
    };
    println!("Game #{} — {}", game.id, game.kind.title(Lang::EN));
    if let Some(v) = &game.variant {
        println!("Variant:  {v}");
    }
    if !game.options.is_empty() {
        println!("Options:  {}", game.options);
    }
    println!("White:    {}", game.white);
    println!("Black:    {}", game.black);
    println!("Status:   {}", status_line(&game));
    for side in [crate::games::Side::White, crate::games::Side::Black] {
        if let Ok(Some(p)) = store.player(game.address_of(side))
            && let Some(u) = &p.undeliverable
        {
            println!(
                "Undeliverable: {} since {} ({})",
                p.address,
                super::setup::utc(u.since),
                u.reason
            );
        }
    }
    for u in &game.clock.unreached {
        let until = u.to.map_or_else(
            || "still".to_string(),
            |to| format!("until {}", super::setup::utc(to)),
        );
        println!(
            "Clock stopped: {}'s turn notice failed at {}, {until}",
            u.side.name(),
            super::setup::utc(u.from)
        );
    }
    match store.reports_of(game.id) {
        Ok(reports) => {
            for r in reports {
                // A report no mail server on the way confirmed (it did not quote the mail's
                // envelope id) stopped nothing: the director judges it.
                let unconfirmed = match (r.confirmed, r.action.as_str()) {
                    (false, "failed") => ", unconfirmed: no clock stopped",
                    (false, "delayed") => ", unconfirmed",
                    _ => "",
                };
                println!(
                    "Mail {}: to {} at {} ({} {}){unconfirmed}",
                    r.action,
                    r.to,
                    super::setup::utc(r.at),
                    r.status,
                    r.text
                );
            }
        }
        Err(e) => eprintln!("arbitre: {e}"),
    }
    if let Ok(referee) = config.referee() {
        for line in super::clocks::show_lines(&referee, &store, &game) {
            println!("{line}");
        }
    }
    if let Some(side) = game.draw_offer {
        println!("Draw offered by {}", side.name());
    }
    if let Some(side) = game.undo_request {
        println!("Take-back asked by {}", side.name());
    }
    for t in &game.takebacks {
        println!(
            "Taken back: ply {} {} ({}, agreed at {})",
            t.ply,
            t.text,
            t.by.name(),
            super::setup::utc(t.agreed_at)
        );
    }
    println!("Start:    {}", game.start);
    println!("Moves ({}):", game.moves.len());
    for (i, m) in game.moves.iter().enumerate() {
        let mid = m.message_id.as_deref().unwrap_or("-");
        println!(
            "  {:>3}. {:<24} received {}  <{mid}>",
            i + 1,
            m.text,
            super::setup::utc(m.received_at)
        );
    }
    match game.rebuild() {
        Ok(live) => {
            println!("Position: {}", live.position_string());
            if game.status == GameStatus::Active {
                println!("To move:  {}", live.side_to_move().name());
            }
            println!();
            println!("{}", live.board(Lang::EN));
        }
        Err(e) => println!("(the stored game does not replay: {e})"),
    }
    ExitCode::SUCCESS
}

/// `arbitre games --config FILE`: the stored games, one line each. Only the games in play
/// are read with their moves (to tell who is to move); the others by their rows alone.
pub fn list_games(args: &ConfigArg) -> ExitCode {
    let (_, store) = match load_with_store(&args.config) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let read = store
        .game_lines()
        .and_then(|lines| Ok((lines, store.running_games()?)));
    let (lines, running) = match read {
        Ok(read) => read,
        Err(e) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(1);
        }
    };
    if lines.is_empty() {
        println!("No games yet.");
    }
    let to_move: BTreeMap<i64, Side> = running
        .iter()
        .filter_map(|g| Some((g.id, g.rebuild().ok()?.side_to_move())))
        .collect();
    let mut out = std::io::stdout().lock();
    for line in lines {
        let g = &line.game;
        let to_move = match (&g.status, to_move.get(&g.id)) {
            (GameStatus::Active, Some(side)) => format!(", {} to move", side.name()),
            _ => String::new(),
        };
        let written = writeln!(
            out,
            "#{:<5} {:<12} {} vs {}  {} move(s), {}{to_move}",
            g.id,
            g.kind.name(),
            g.white,
            g.black,
            line.moves,
            status_line(g)
        );
        // A closed pipe (`arbitre games | head`) ends the list, quietly.
        if written.is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
