//! `arbitre engine --game ataxx --uai`: the computer opponent as a UAI engine on standard
//! input and output, so that standard tools (match runners, GUIs, other engines) can play
//! it. The protocol is [`crate::games::engine::uai`]; this is the loop around it.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::Args;

use crate::games::GameKind;
use crate::games::engine::uai::{Request, Session, read};

use super::UsageError;

/// `arbitre engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The game (only `ataxx` has a protocol: UAI).
    #[arg(long, short = 'g')]
    pub game: String,
    /// Speak UAI on standard input and output.
    #[arg(long)]
    pub uai: bool,
}

/// Runs the engine until `quit` or the end of its input.
pub fn engine(args: &EngineArgs) -> Result<ExitCode, UsageError> {
    let kind = GameKind::from_name(&args.game)
        .ok_or_else(|| UsageError(format!("--game: unknown game `{}`", args.game)))?;
    if kind != GameKind::Ataxx {
        return Err(UsageError(format!(
            "--game {}: only Ataxx has an engine protocol (UAI)",
            kind.name()
        )));
    }
    if !args.uai {
        return Err(UsageError("say which protocol: --uai".to_string()));
    }
    let mut session = Session::new();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let request = read(&line);
        for answer in session.answer(&request) {
            if writeln!(out, "{answer}").is_err() {
                return Ok(ExitCode::FAILURE);
            }
        }
        if out.flush().is_err() {
            return Ok(ExitCode::FAILURE);
        }
        if request == Request::Quit {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}
