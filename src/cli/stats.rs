//! `arbitre stats --config FILE [--game G] [--lang fr]`: the statistics of the finished
//! games by game and variant, the figures and words of the statistics page (`/stats`) as
//! text. It reads the store alone: the mail servers' settings are not needed.

use std::process::ExitCode;

use clap::Args;

use super::UsageError;
use super::setup::{ConfigArg, load_with_store};
use crate::games::GameKind;
use crate::out;
use crate::referee::view::{statistics, statistics_text};
use crate::text::Lang;

/// `arbitre stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// Only this game's variants (`abalone`, `bulltricker`, ... or an alias).
    #[arg(long, short = 'g')]
    pub game: Option<String>,
    /// The language of the words (`en`, `fr`).
    #[arg(long, default_value = "en")]
    pub lang: String,
}

/// Prints the statistics.
pub fn stats(args: &StatsArgs) -> Result<ExitCode, UsageError> {
    let lang = Lang::from_code(&args.lang)
        .ok_or_else(|| UsageError(format!("--lang: unknown language `{}`", args.lang)))?;
    let kind = match &args.game {
        Some(g) => Some(GameKind::from_name(g).ok_or_else(|| {
            let known: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
            UsageError(format!("unknown game `{g}` (known: {})", known.join(", ")))
        })?),
        None => None,
    };
    let (_, store) = match load_with_store(&args.config.config) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    match store.finished_games(kind) {
        Ok(games) => {
            out!("{}", statistics_text(lang, &statistics(games)));
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("arbitre: {e}");
            Ok(ExitCode::from(1))
        }
    }
}
