//! A game's page: the board drawn at the move the reader stepped to (inline SVG, the move
//! ringed), links to step through the moves (`?ply=N`; the arrow keys follow them when
//! scripts run), the move list in the game's own notation and numbering, the result, the
//! clocks of a game being played, and the link to download its record. Pure: the web edge
//! reads the game and its surroundings and hands them here.

use askama::Template;

use super::Chrome;
use super::listing::{Named, game_title, seat_order};
use crate::games::{AnyGame, Side, Start};
use crate::referee::view::{self, ClockView, Numberer, control_words, time_left_words, when_words};
use crate::referee::{GameStatus, StoredGame};
use crate::t;

/// The event a tournament game belongs to.
#[derive(Clone, Debug)]
pub struct EventLink {
    /// Its page.
    pub href: String,
    /// Its title.
    pub title: String,
    /// The game's round.
    pub round: u32,
}

/// What the page is drawn from.
#[derive(Clone, Debug)]
pub struct GameFacts<'a> {
    /// The game as spectators see it ([`crate::referee::view::as_shown`]).
    pub game: &'a StoredGame,
    /// The event's spectator delay, in moves, when it holds moves back from this page;
    /// 0 when the page shows every move played.
    pub delay: u32,
    /// The players, White then Black.
    pub players: [Named; 2],
    /// The event, for a tournament game.
    pub event: Option<EventLink>,
    /// Both clocks now, for a timed game being played that shows all its moves.
    pub clocks: Option<ClockView>,
}

/// One move of the list.
#[derive(Clone, Debug)]
pub struct MoveItem {
    /// Its number as the game's records write it (`12.`, `12...`), when it starts a number.
    pub number: Option<String>,
    /// The move, in the game's notation (a forced pass in brackets).
    pub text: String,
    /// The page at this move.
    pub href: String,
    /// Whether the board shows the position after it.
    pub current: bool,
}

/// A link to step to, or none at either end.
#[derive(Clone, Debug)]
pub struct Step {
    /// The words of the link.
    pub label: String,
    /// What the arrow keys call it (`first`, `prev`, `next`, `last`).
    pub key: &'static str,
    /// The address, when there is somewhere to go.
    pub href: Option<String>,
}

/// The page.
#[derive(Template)]
#[template(path = "game.html")]
pub struct GamePage {
    /// The frame.
    pub chrome: Chrome,
    /// The players, the first to move first, with the game's names of their sides.
    pub seats: Vec<(Named, String)>,
    /// The event.
    pub event: Option<EventLink>,
    /// "Round 3".
    pub round: Option<String>,
    /// The game, its variant, its number.
    pub subtitle: String,
    /// The board at the step shown (SVG).
    pub board: String,
    /// "After move 12 of 40" / "Start position".
    pub where_label: String,
    /// First, previous, next, last.
    pub steps: Vec<Step>,
    /// The moves.
    pub moves: Vec<MoveItem>,
    /// The result, in words.
    pub result: Option<String>,
    /// A note on the moves held back for spectators.
    pub held_back: Option<String>,
    /// The clock lines.
    pub clocks: Vec<String>,
    /// The record's address.
    pub record_href: String,
    /// The record's link words (with its format).
    pub record_label: String,
}

/// Why a page cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPage {
    /// The step asked for is past the moves shown.
    NoSuchMove,
    /// The stored game does not replay (a damaged store).
    Unreadable,
}

/// The page of `facts.game` at `step` (moves played from the start; `None`: all of them).
pub fn page(
    mut chrome: Chrome,
    facts: &GameFacts<'_>,
    step: Option<usize>,
) -> Result<GamePage, NoPage> {
    let game = facts.game;
    let lang = chrome.lang;
    let order = seat_order(game);
    chrome.title = t!(
        lang,
        "web-game-title",
        first = facts.players[order[0].index()].name.clone(),
        second = facts.players[order[1].index()].name.clone()
    );
    let n = game.moves.len();
    let step = step.unwrap_or(n);
    if step > n {
        return Err(NoPage::NoSuchMove);
    }
    let (last, plies) = view::plies(game).ok_or(NoPage::Unreadable)?;
    let at = if step == n {
        last.clone()
    } else {
        replay(game, step).ok_or(NoPage::Unreadable)?
    };
    let board = at.picture(lang).ok_or(NoPage::Unreadable)?;
    let base = format!("/games/{}", game.id);
    let step_href = |k: usize| chrome.href(&format!("{base}?ply={k}#board"));
    // The moves, each linked to the position after the stored move it belongs to (a
    // forced pass goes with the move that forced it).
    let numberer = Numberer::of(game);
    let mut moves = Vec::with_capacity(plies.len());
    let mut stored = 0;
    for (i, ply) in plies.iter().enumerate() {
        if !ply.forced {
            stored += 1;
        }
        let number = numberer.at(i);
        moves.push(MoveItem {
            number: (!number.second || i == 0).then(|| number.label()),
            text: if ply.forced {
                format!("({})", ply.text)
            } else {
                ply.text.clone()
            },
            href: step_href(stored),
            current: stored == step && plies.get(i + 1).is_none_or(|p| !p.forced),
        });
    }
    let go = |label: &str, key: &'static str, to: Option<usize>| Step {
        label: chrome.tr(label),
        key,
        href: to.map(step_href),
    };
    let steps = vec![
        go("web-step-first", "first", (step > 0).then_some(0)),
        go("web-step-previous", "prev", step.checked_sub(1)),
        go("web-step-next", "next", (step < n).then_some(step + 1)),
        go("web-step-last", "last", (step < n).then_some(n)),
    ];
    let where_label = if step == 0 {
        t!(lang, "web-at-start", moves = n)
    } else {
        t!(lang, "web-after-move", move = step, moves = n)
    };
    let result = match (&game.result, game.status) {
        (Some(r), GameStatus::Finished) => Some(view::result_text(lang, &last, r, None)),
        _ => None,
    };
    let seats = order
        .into_iter()
        .map(|side| {
            (
                facts.players[side.index()].clone(),
                game.kind.side_label(side, lang),
            )
        })
        .collect();
    let (record_href, format) = (
        chrome.href(&format!("{base}/record")),
        record_format(game.kind),
    );
    Ok(GamePage {
        seats,
        round: facts
            .event
            .as_ref()
            .map(|e| t!(lang, "web-round", round = e.round)),
        event: facts.event.clone(),
        subtitle: t!(
            lang,
            "web-game-subtitle",
            game = game_title(&chrome, game.kind, game.variant.as_deref()),
            number = game.id
        ),
        board,
        where_label,
        steps,
        moves,
        result,
        held_back: (facts.delay > 0).then(|| t!(lang, "web-held-back", moves = facts.delay)),
        clocks: facts
            .clocks
            .as_ref()
            .map(|c| {
                let mut lines = clock_lines(&chrome, c, &facts.players, order);
                lines.extend(unreached_lines(&chrome, game, &facts.players));
                lines
            })
            .unwrap_or_default(),
        record_href,
        record_label: t!(lang, "web-record", format = format),
        chrome,
    })
}

/// The game after its first `step` stored moves.
fn replay(game: &StoredGame, step: usize) -> Option<AnyGame> {
    let start = Start::Position(game.start.clone());
    let mut live = AnyGame::new(game.kind, &start, game.to_move, &game.options).ok()?;
    for m in &game.moves[..step] {
        live.play(&m.text).ok()?;
    }
    Some(live)
}

/// The name of a game's record format, and the extension of its file: Abalone's APGN, and
/// arbitre's own record (one move per line under `#` headers) for every other game.
pub fn record_format(kind: crate::games::GameKind) -> &'static str {
    use crate::games::GameKind;
    match kind {
        GameKind::Abalone => "APGN",
        _ => "TXT",
    }
}

/// The record of a game as spectators see it, and its file name.
pub fn record(game: &StoredGame, players: &[Named; 2]) -> (String, String) {
    let text = view::record(
        game,
        [Some(&players[0].name), Some(&players[1].name)].map(|n| n.map(String::as_str)),
    );
    let extension = record_format(game.kind).to_lowercase();
    (text, format!("arbitre-{}.{extension}", game.id))
}

/// A line for each player of a game in play whom the mail telling them to move could not
/// reach (their clock stands still until one does).
fn unreached_lines(chrome: &Chrome, game: &StoredGame, players: &[Named; 2]) -> Vec<String> {
    if game.status != crate::referee::GameStatus::Active {
        return Vec::new();
    }
    game.clock
        .unreached
        .iter()
        .filter(|u| u.to.is_none())
        .map(|u| {
            t!(
                chrome.lang,
                "web-unreached",
                name = players[u.side.index()].name.clone(),
                timed = if game.clock.control.is_timed() {
                    "yes"
                } else {
                    "no"
                }
            )
        })
        .collect()
}

/// The clock lines: the control, each side's time left, the deadline of the player to move.
fn clock_lines(
    chrome: &Chrome,
    view: &ClockView,
    players: &[Named; 2],
    order: [Side; 2],
) -> Vec<String> {
    let lang = chrome.lang;
    if !view.control.is_timed() {
        return Vec::new();
    }
    let mut lines = vec![t!(
        lang,
        "clock-control-line",
        control = view.control.to_string(),
        words = control_words(lang, &view.control)
    )];
    for side in order {
        lines.push(t!(
            lang,
            "web-clock-left",
            name = players[side.index()].name.clone(),
            time = time_left_words(lang, view, side)
        ));
    }
    if let (Some(side), Some(at)) = (view.to_move, view.deadline) {
        lines.push(t!(
            lang,
            "web-clock-deadline",
            name = players[side.index()].name.clone(),
            when = when_words(lang, at, &jiff::tz::TimeZone::UTC)
        ));
    }
    if view.paused {
        lines.push(t!(lang, "clock-paused"));
    }
    lines
}

/// Whether spectators see every move of `game` under `delay` (then its clocks show too).
pub fn shows_everything(game: &StoredGame, delay: u32) -> bool {
    view::shown_moves(game, delay) == game.moves.len()
}
