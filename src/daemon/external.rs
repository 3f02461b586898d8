//! An external engine behind the computer's seat: `[engines] ataxx = "/path/to/engine"`
//! puts a UAI engine (libataxx's, tiktaxx, or `arbitre engine --game ataxx --uai` itself)
//! in place of arbitre's own search at the levels that play their best move (6 to 9); the
//! lower levels keep arbitre's own search, whose drawn moves let a beginner win.
//!
//! One process per search, started on the search's own thread: the handshake (`uai`,
//! `isready`), the position as FEN, `go nodes N movetime T` with the level's node budget
//! and a time in proportion (an engine that counts no nodes stops on time), then its
//! `bestmove`, checked against the rules like any player's move. An engine that does not
//! answer within [`LIMIT`], dies, or plays an illegal move is logged and the level's own
//! search plays instead: the player always gets a move.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::games::engine::uai::{bestmove, parse_info};
use crate::games::{Advice, GameKind};
use crate::referee::StoredGame;
use crate::referee::computer::Task;

/// The longest an external engine may take for one move, handshake included.
pub const LIMIT: Duration = Duration::from_secs(30);

/// The engines configured, by game.
#[derive(Clone, Debug, Default)]
pub struct Engines {
    /// Ataxx's (UAI).
    pub ataxx: Option<std::path::PathBuf>,
}

impl Engines {
    /// The search for `task` in `game`: the external engine's when one plays this game at
    /// this level and answers well, else arbitre's own.
    pub fn think(&self, game: &StoredGame, task: &Task) -> Option<Advice> {
        let external = match game.kind {
            GameKind::Ataxx => self.ataxx.as_deref(),
            _ => None,
        };
        if let Some(path) = external.filter(|_| !task.level.spread()) {
            match ask(path, game, task) {
                Ok(advice) => {
                    tracing::info!(game = game.id, engine = %path.display(), mv = %advice.text, "external engine");
                    return Some(advice);
                }
                Err(why) => tracing::warn!(
                    game = game.id,
                    engine = %path.display(),
                    why,
                    "external engine failed: arbitre's own search plays"
                ),
            }
        }
        crate::referee::computer::think(game, task)
    }
}

/// Asks the engine at `path` for its move in `game`.
fn ask(path: &Path, game: &StoredGame, task: &Task) -> Result<Advice, String> {
    let live = game.rebuild().map_err(|e| e.to_string())?;
    let budget = task.level.budget();
    // About 1 ms for every thousand nodes: arbitre's own pace, give or take.
    let movetime = (budget.nodes / 1000).clamp(100, 10_000);
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start it: {e}"))?;
    let mut input = child.stdin.take().ok_or("no standard input")?;
    let output = child.stdout.take().ok_or("no standard output")?;
    // Its lines, read on a thread of their own so that a silent engine cannot hold us.
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + LIMIT;
    let mut said = |text: String| -> Result<(), String> {
        input
            .write_all(text.as_bytes())
            .and_then(|()| input.flush())
            .map_err(|e| format!("it stopped reading: {e}"))
    };
    let wait_for = |want: &dyn Fn(&str) -> bool| -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx
                .recv_timeout(left)
                .map_err(|_| format!("no answer within {} s", LIMIT.as_secs()))?;
            let done = want(&line);
            lines.push(line);
            if done {
                return Ok(lines);
            }
        }
    };
    let result = (|| {
        said("uai\n".to_string())?;
        wait_for(&|l| l.trim() == "uaiok")?;
        said("isready\n".to_string())?;
        wait_for(&|l| l.trim() == "readyok")?;
        said(format!(
            "uainewgame\nposition fen {}\ngo nodes {} movetime {movetime}\n",
            live.position_string(),
            budget.nodes
        ))?;
        let lines = wait_for(&|l| bestmove(l).is_some())?;
        let text = lines.last().and_then(|l| bestmove(l)).unwrap_or_default();
        let judged = live
            .judge(text)
            .map_err(|e| format!("its move `{text}` is refused: {e:?}"))?;
        let score = lines.iter().rev().find_map(|l| parse_info(l)).unwrap_or(0);
        let _ = said("quit\n".to_string());
        Ok(Advice {
            text: judged.canonical,
            score,
        })
    })();
    // Whatever happened, the process goes.
    let _ = child.kill();
    let _ = child.wait();
    result
}
