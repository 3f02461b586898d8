//! The computer's task: finds the games where arbitre owes an answer as a player (its
//! move, its answer to a draw offer, a hint; see [`referee::computer`]), searches on
//! threads of its own, and decides each answer in the one decide path, like any message.
//!
//! - **Off the referee's path.** A search runs on its own OS thread, never on the threads
//!   that read mail and decide, under the idle scheduling policy ([`lower_priority`]): a
//!   search of seconds delays no other game. At most
//!   [`DaemonSettings::computer_searches`] run at once; what waits is looked at again as
//!   soon as one ends.
//! - **Exactly once.** Nothing is written before the search ends. The answer is decided in
//!   one transaction that first checks the game still owes exactly that answer (the same
//!   plies, take-backs and request): a daemon killed mid-search loses nothing and, after
//!   restart, searches again with the same seed and finds the same move; a second daemon on
//!   the same store that searched the same turn finds it answered and changes nothing.
//! - **One search a turn, whatever the daemons.** A daemon holds a game in the store
//!   before it searches it ([`crate::store::searches`]), renews its holds at each look
//!   while it searches, and lets go once the answer is decided; another daemon leaves a
//!   held game alone and looks again later. A daemon killed mid-search holds its games
//!   until the hold lapses ([`crate::store::searches::LEASE`]), when any daemon searches
//!   them again; one restarted on the same machine takes them over at once (its
//!   predecessor's process is gone, [`presence::gone`]). A daemon told to stop lets go of
//!   its holds.
//! - **An engine of the installation's choice** may search instead at the top levels
//!   ([`super::external`]).
//! - **Cheap to watch.** Each look reads one indexed list (the games in play where the
//!   computer sits, with when each last changed, in whole seconds) and loads only the games
//!   that changed since the last look, or so recently that a second change could share
//!   the time of the first. It looks when a decision touched such a game (the other tasks
//!   wake it), and every [`POLL`] for changes made by another process.
//!
//! [`DaemonSettings::computer_searches`]: super::DaemonSettings::computer_searches

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, mpsc, watch};

use crate::games::Advice;
use crate::referee::computer::{self as referee_computer, Task};
use crate::referee::{self, GameId, RefereeConfig, StoredGame, Timestamp};
use crate::store::{Answering, At, Decided, Settled};

use super::external::Engines;
use super::{DaemonError, SharedStore, presence, with_store};

/// How often the store is looked at without being woken (games changed by another
/// process: a director's `arbitre new`, a second daemon).
pub const POLL: Duration = Duration::from_secs(5);

/// How many seconds after a game's last change its time can be trusted to mark it
/// unchanged (one for the whole second the store counts, one for the clocks of two
/// processes).
const SETTLE: Timestamp = 2;

/// Who to wake once an answer is committed.
#[derive(Clone, Debug)]
pub struct Wakes {
    /// The mail outbox.
    pub mail: Arc<Notify>,
    /// The SMS outbox.
    pub sms: Arc<Notify>,
    /// The clock (the player's turn starts with the mail of the computer's move).
    pub clock: Arc<Notify>,
}

/// One search's result: the task, the game as searched, what the search found.
type Found = (Task, StoredGame, Option<Advice>);

/// Runs the computer until `stop` turns true; a store error is logged and the task starts
/// again (the searches in flight are looked for again then).
pub async fn run(
    config: RefereeConfig,
    store: SharedStore,
    searches: usize,
    engines: Engines,
    wake: Arc<Notify>,
    wakes: Wakes,
    mut stop: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    let mut retry = super::Retry::default();
    loop {
        let run = run_until_error(
            &config,
            &store,
            searches.max(1),
            &engines,
            &wake,
            &wakes,
            &mut stop,
        );
        match run.await {
            Ok(()) => return Ok(()),
            Err(e) => {
                if !retry.wait("computer", &e.to_string(), &mut stop).await {
                    return Ok(());
                }
            }
        }
    }
}

async fn run_until_error(
    config: &RefereeConfig,
    store: &SharedStore,
    searches: usize,
    engines: &Engines,
    wake: &Notify,
    wakes: &Wakes,
    stop: &mut watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    // When each game was last looked at, as it stood then.
    let mut seen: HashMap<GameId, Timestamp> = HashMap::new();
    // The games being searched.
    let mut busy: HashSet<GameId> = HashSet::new();
    let (found_tx, mut found_rx) = mpsc::unbounded_channel::<Found>();
    loop {
        if *stop.borrow() {
            // The searches in flight are dropped: another daemon may take them at once.
            with_store(store, |s| s.release_searches(presence::holder())).await?;
            return Ok(());
        }
        if !busy.is_empty() {
            with_store(store, |s| {
                s.renew_searches(presence::holder(), super::now())
            })
            .await?;
        }
        let listed = with_store(store, |s| s.computer_games()).await?;
        seen.retain(|id, _| listed.iter().any(|(g, _)| g == id));
        // The store keeps when a game changed in whole seconds: a game that changed in
        // the last seconds may change again within the same second (a player's move just
        // after the game began), with the same time. It is read again at each look until
        // that second is past; then a time seen means no change since.
        let settled = super::now() - SETTLE;
        for (id, updated) in listed {
            if busy.len() >= searches {
                break;
            }
            if busy.contains(&id) || seen.get(&id) == Some(&updated) {
                continue;
            }
            if updated <= settled {
                seen.insert(id, updated);
            } else {
                seen.remove(&id);
            }
            let Some(game) = with_store(store, move |s| s.game(id)).await? else {
                continue;
            };
            let Some(task) = referee_computer::pending(&game) else {
                continue;
            };
            let held = with_store(store, move |s| {
                let me = presence::holder();
                Ok(match s.hold_search(id, me, super::now())? {
                    None => true,
                    // A run of this machine killed mid-search (this daemon's predecessor).
                    Some(other) if presence::gone(&other) => {
                        s.take_over_search(id, &other, me, super::now())?
                    }
                    Some(_) => false,
                })
            })
            .await?;
            if !held {
                // Another daemon searches it: looked at again until it is answered there,
                // or that daemon's hold lapses.
                seen.remove(&id);
                tracing::debug!(game = id, "searched by another daemon");
                continue;
            }
            busy.insert(id);
            let tx = found_tx.clone();
            let engines = engines.clone();
            std::thread::Builder::new()
                .name(format!("search-{id}"))
                .spawn(move || {
                    lower_priority();
                    let advice = engines.think(&game, &task);
                    let _ = tx.send((task, game, advice));
                })
                .map_err(|e| DaemonError::Task(format!("cannot start a search: {e}")))?;
            tracing::info!(game = id, request = ?task.request, level = %task.level, "searching");
        }
        tokio::select! {
            Some((task, game, advice)) = found_rx.recv() => {
                busy.remove(&task.game);
                let id = task.game;
                match advice {
                    Some(advice) => {
                        settle(config, store, wakes, task, advice).await?;
                        // Looked at again: what it owes next (an answer that changed
                        // nothing leaves nothing owed: the game changed meanwhile).
                        seen.remove(&id);
                    }
                    // Kept as seen: searched again only once the game changes.
                    None => tracing::error!(
                        game = game.id,
                        "the computer found no move in a game it owes one (a record that does not replay?)"
                    ),
                }
                with_store(store, move |s| s.release_search(id, presence::holder())).await?;
            }
            () = wake.notified() => {}
            () = tokio::time::sleep(POLL) => {}
            _ = stop.changed() => {}
        }
    }
}

/// Puts the calling thread (a search's) under Linux's idle scheduling policy (SCHED_IDLE):
/// it runs only on a core nothing else wants, and a core busy with it still counts as free
/// when a thread that reads mail or decides wakes up, which a nice value alone does not
/// give (the latency bench measured +26 ms a move at nice 10 on two cores). A refusal
/// only costs the priority, and is logged.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::{
            NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
            set_thread_priority_and_policy, thread_native_id,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        if let Err(e) =
            set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle)
        {
            tracing::warn!(cause = ?e, "cannot lower a search's priority");
        }
    }
}

/// Decides the computer's answer to `task` and wakes what must send it.
async fn settle(
    config: &RefereeConfig,
    store: &SharedStore,
    wakes: &Wakes,
    task: Task,
    advice: Advice,
) -> Result<(), DaemonError> {
    let config = config.clone();
    let (summary, mails) = with_store(store, move |s| {
        let settled = s.decide(Answering::Nothing, At::Now, |s, at| {
            let ctx = s.game_context(task.game, at)?;
            let decision = referee_computer::answer(&config, &ctx, &task, &advice, at);
            if decision.games.is_empty() && decision.outbox.is_empty() {
                Ok(Decided::Nothing(decision.summary))
            } else {
                Ok(Decided::Commit(decision, String::new()))
            }
        })?;
        Ok(match settled {
            Settled::Done { decision, .. } => (decision.summary, decision.outbox.len()),
            Settled::Nothing(why) => (why, 0),
            Settled::AlreadyDone => (String::new(), 0),
        })
    })
    .await?;
    tracing::info!(game = task.game, mails, summary = %summary, "computer");
    if mails > 0 {
        wakes.mail.notify_one();
        wakes.sms.notify_one();
    }
    wakes.clock.notify_one();
    Ok(())
}

/// Whether a decision touched a game where the computer sits (then its task is woken).
pub fn concerns_computer(decision: &referee::Decision) -> bool {
    decision
        .games
        .iter()
        .any(|g| referee_computer::seated(g).is_some())
}

#[cfg(test)]
mod tests {
    #[cfg(target_os = "linux")]
    #[test]
    fn a_search_thread_runs_idle_and_leaves_the_referee_as_it_was() {
        use thread_priority::{NormalThreadSchedulePolicy, ThreadSchedulePolicy};
        let before = thread_priority::thread_schedule_policy().unwrap();
        let lowered = std::thread::spawn(|| {
            super::lower_priority();
            thread_priority::thread_schedule_policy().unwrap()
        })
        .join()
        .unwrap();
        assert_eq!(
            lowered,
            ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle)
        );
        let after = thread_priority::thread_schedule_policy().unwrap();
        assert_eq!(after, before, "the calling thread keeps its policy");
        assert_ne!(after, lowered);
    }
}
