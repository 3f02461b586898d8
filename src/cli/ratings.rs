//! `arbitre ratings [--game G] [--provisional]`: every player's Glicko-2 rating in each
//! game's pool (and in the pools of variants rated apart, `abalone/belgian-daisy`), from the rated games (tournament games, and casual games both players
//! agreed to rate), one rating period per calendar month. By default the periods up to the
//! last complete month; `--provisional` rates the current month too.

use std::process::ExitCode;

use clap::Args;

use super::UsageError;
use super::director::open;
use super::setup::ConfigArg;
use crate::outln;
use crate::rating::history::{period_of, shown};

/// `arbitre ratings`.
#[derive(Debug, Args)]
pub struct RatingsArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// Only this game's pool.
    #[arg(long, short = 'g')]
    pub game: Option<String>,
    /// Rate the current month too (its games are otherwise rated when it ends).
    #[arg(long)]
    pub provisional: bool,
}

/// Prints the ratings.
pub fn ratings(args: &RatingsArgs) -> Result<ExitCode, UsageError> {
    let pool = match &args.game {
        Some(g) => Some(
            crate::games::GameKind::from_name(g)
                .ok_or_else(|| UsageError(format!("unknown game `{g}`")))?
                .name()
                .to_string(),
        ),
        None => None,
    };
    let (_, store) = match open(&args.config) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let current = period_of(crate::base::now());
    let last = if args.provisional {
        current
    } else {
        current - 1
    };
    let all = store
        .rating_record()
        .map_err(|e| UsageError(e.to_string()))?
        .ratings(last);
    let mut printed = false;
    for (name, players) in &all {
        // A game's pool and its variants' pools (`abalone`, `abalone/belgian-daisy`).
        if pool
            .as_ref()
            .is_some_and(|p| p != name && !name.starts_with(&format!("{p}/")))
        {
            continue;
        }
        printed = true;
        outln!("{name}:");
        let mut rows: Vec<_> = players.iter().collect();
        rows.sort_by(|a, b| {
            b.1.rating
                .rating
                .total_cmp(&a.1.rating.rating)
                .then_with(|| a.0.cmp(b.0))
        });
        for (rank, (address, r)) in rows.into_iter().enumerate() {
            let who = store
                .player(address)
                .ok()
                .flatten()
                .and_then(|p| p.name)
                .map(|n| format!("{n} <{address}>"))
                .unwrap_or_else(|| address.clone());
            outln!(
                "  {:>3}. {:<40} {:>10}  {} game(s)",
                rank + 1,
                who,
                shown(&r.rating),
                r.games
            );
        }
    }
    if !printed {
        outln!(
            "No rated game finished{}.{}",
            if args.provisional {
                ""
            } else {
                " before this month"
            },
            if args.provisional {
                ""
            } else {
                " (--provisional rates this month's games too)"
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}
