//! The game commands: `games`, `board`, `legal`, `judge`, `perft`, `replay`.

use std::io::Read;
use std::path::Path;

use crate::{out, outln};
use std::process::ExitCode;

use serde_json::json;

use super::{Setup, UsageError};
use crate::games::GameKind;
use crate::games::record;
use crate::t;
use crate::text::Lang;

/// `arbitre games`: every game, its aliases, variants and options.
pub fn games() -> ExitCode {
    for kind in GameKind::ALL {
        let aliases = kind.aliases().join(", ");
        if aliases.is_empty() {
            outln!("{}", kind.name());
        } else {
            outln!("{}  (also: {aliases})", kind.name());
        }
        outln!("  variants:");
        for (i, v) in kind.variants().iter().enumerate() {
            let default = if i == 0 { " [default]" } else { "" };
            let mut names: Vec<String> = Lang::available()
                .into_iter()
                .map(|lang| v.title(*kind, lang))
                .collect();
            names.dedup();
            let aliases = if v.aliases.is_empty() {
                String::new()
            } else {
                format!("; also {}", v.aliases.join(", "))
            };
            outln!("    {:<22} {}{aliases}{default}", v.id, names.join(" / "));
        }
        let specs = kind.option_specs();
        if !specs.is_empty() {
            outln!("  options:");
            for s in specs {
                outln!(
                    "    {}={}  (default {}): {}",
                    s.name,
                    s.values.join("|"),
                    s.default,
                    s.describe(*kind, Lang::EN)
                );
            }
        }
    }
    ExitCode::SUCCESS
}

/// `arbitre board`: the text board and whose turn it is.
pub fn board(setup: &Setup) -> Result<ExitCode, UsageError> {
    let game = setup.game()?;
    let lang = setup.lang()?;
    out!("{}", game.board(lang));
    outln!("{}", game.status(lang));
    outln!("{}", game.position_string());
    Ok(ExitCode::SUCCESS)
}

/// `arbitre picture`: the board as mails (PNG) and pages (SVG) show it, written to `out`.
pub fn picture(setup: &Setup, out: &Path, width: Option<u32>) -> Result<ExitCode, UsageError> {
    let game = setup.game()?;
    let lang = setup.lang()?;
    let Some(svg) = game.picture(lang) else {
        return Err(UsageError(format!("{} has no picture yet", game.kind())));
    };
    let extension = out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let bytes = match extension.as_deref() {
        Some("svg") => svg.into_bytes(),
        Some("png") => crate::render::png(&svg, width).map_err(|e| UsageError(e.to_string()))?,
        _ => {
            return Err(UsageError(format!(
                "{}: write a picture to a .png or .svg file",
                out.display()
            )));
        }
    };
    std::fs::write(out, &bytes).map_err(|e| UsageError(format!("{}: {e}", out.display())))?;
    outln!("{}: {} bytes", out.display(), bytes.len());
    Ok(ExitCode::SUCCESS)
}

/// `arbitre legal`: the legal moves, one per line, nothing else.
pub fn legal(setup: &Setup) -> Result<ExitCode, UsageError> {
    let game = setup.game()?;
    for m in game.legal_moves() {
        outln!("{m}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `arbitre judge`: the referee's answer line, then the explanation. Exit 1 when refused.
pub fn judge(setup: &Setup, text: &str) -> Result<ExitCode, UsageError> {
    // The game is ours to change: playing the move is judging it (a refusal changes nothing).
    let mut game = setup.game()?;
    let lang = setup.lang()?;
    match game.play(text) {
        Ok(j) => {
            outln!("{}", j.line);
            outln!("{}", j.effect.get(lang));
            for (side, pass) in &j.forced_passes {
                let who = game.side_name(*side, lang);
                outln!(
                    "{}",
                    t!(lang, "status-passes", side = who, pass = pass.as_str())
                );
            }
            outln!("{}", game.status(lang));
            Ok(ExitCode::SUCCESS)
        }
        Err(refusal) => {
            outln!("{}", refusal.line());
            outln!("{}", refusal.explain(lang));
            Ok(ExitCode::from(1))
        }
    }
}

/// `arbitre perft`: the node count, last on its line.
pub fn perft(setup: &Setup, depth: u32) -> Result<ExitCode, UsageError> {
    let game = setup.game()?;
    let start = std::time::Instant::now();
    let nodes = game.perft(depth);
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "perft {depth}: {:.3} s, {:.0} nodes/s",
        secs,
        if secs > 0.0 { nodes as f64 / secs } else { 0.0 }
    );
    outln!("{nodes}");
    Ok(ExitCode::SUCCESS)
}

/// `arbitre replay`: replays every game of a record; exit 1 if any disagrees with the rules.
pub fn replay(setup: &Setup, json: bool, file: &str) -> Result<ExitCode, UsageError> {
    let kind = setup.kind()?;
    let text = read_input(file)?;
    let records = kind
        .read_records(&text)
        .map_err(|e| UsageError(format!("{file}: {e}")))?;
    if records.is_empty() {
        return Err(UsageError(format!("{file}: no game found")));
    }
    let (start, to_move, options) = (setup.start(), setup.to_move()?, setup.options_text());
    let mut plies_total = 0;
    let mut failed = 0;
    for record in &records {
        let replayed = record::replay(kind, record, &start, to_move, &options)
            .map_err(|e| UsageError(format!("{}: {e}", record.label)))?;
        plies_total += replayed.plies;
        if replayed.problem.is_some() {
            failed += 1;
        }
        let outcome = replayed.game.outcome();
        if json {
            let line = json!({
                "game": record.label,
                "plies": replayed.plies,
                "result": outcome.result_name(),
                "reason": outcome.termination().map(|t| t.code),
                "score": replayed.game.score(),
                "position": replayed.game.position_string(),
                "ok": replayed.problem.is_none(),
                "error": replayed.problem.as_ref().map(|p| p.explain(kind)),
            });
            outln!("{line}");
        } else if let Some(problem) = &replayed.problem {
            outln!("{}: {}", record.label, problem.explain(kind));
        } else if records.len() == 1 {
            let result = match replayed.game.result_tokens() {
                Some(tokens) => tokens,
                None => "game not over".to_string(),
            };
            outln!("{}: {} plies, {result}", record.label, replayed.plies);
        }
    }
    if json {
        if records.len() > 1 {
            outln!(
                "{}",
                json!({"games": records.len(), "plies": plies_total, "failed": failed})
            );
        }
    } else if records.len() > 1 {
        outln!(
            "{} games, {plies_total} plies, {failed} failed",
            records.len()
        );
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn read_input(file: &str) -> Result<String, UsageError> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| UsageError(format!("standard input: {e}")))?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).map_err(|e| UsageError(format!("{file}: {e}")))
    }
}
