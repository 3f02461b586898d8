//! Each game's own terms for results and records: the protocol lines (`WW MAT`, `BW`,
//! `PAT`, Abalone's score), and the complete record mailed at the end of a game.
//!
//! This is the one place where the referee knows a game by name, as the issue asks:
//! Bulltricker's message protocol (results `WW`/`BW`/`PAT`, the `PAT` draw claim, and its
//! record as the list of protocol lines), and Abalone's APGN record. Every other game gets
//! the generic record: `#` header comments and one numbered move per line, which
//! `arbitre replay` reads back and checks.

use crate::games::{AnyGame, GameKind, Side, Start, Termination};
use crate::referee::{GameResult, StoredGame};
use crate::text::Lang;

/// Whether `kind` speaks Bulltricker's message protocol: `WW`/`BW`/`PAT` result lines and
/// `PAT` as a draw claim.
pub fn has_pat_protocol(kind: GameKind) -> bool {
    kind.name() == "bulltricker"
}

/// The result of a game the rules have just ended (`None` while it goes on).
pub fn rules_result(live: &AnyGame) -> Option<GameResult> {
    let outcome = live.outcome();
    let termination = outcome.termination()?;
    let line = live
        .result_tokens()
        .unwrap_or_else(|| words(live, outcome.winner(), termination));
    Some(GameResult {
        winner: outcome.winner(),
        termination: termination.code.to_string(),
        line,
    })
}

/// The result when `loser` resigns.
pub fn resignation(live: &AnyGame, loser: Side) -> GameResult {
    let winner = loser.opponent();
    let line = if has_pat_protocol(live.kind()) {
        protocol_winner(winner).to_string()
    } else {
        words(live, Some(winner), Termination::RESIGNATION)
    };
    GameResult {
        winner: Some(winner),
        termination: Termination::RESIGNATION.code.to_string(),
        line,
    }
}

/// The result when `loser` runs out of time.
pub fn time_out(live: &AnyGame, loser: Side) -> GameResult {
    let winner = loser.opponent();
    let line = if has_pat_protocol(live.kind()) {
        protocol_winner(winner).to_string()
    } else {
        words(live, Some(winner), Termination::TIME)
    };
    GameResult {
        winner: Some(winner),
        termination: Termination::TIME.code.to_string(),
        line,
    }
}

/// The result of a game a tournament director cancelled: scored for nobody.
pub fn cancelled_by_director(live: &AnyGame) -> GameResult {
    GameResult {
        winner: None,
        termination: Termination::CANCELLED_BY_DIRECTOR.code.to_string(),
        line: words(live, None, Termination::CANCELLED_BY_DIRECTOR),
    }
}

/// The result of a game whose first move never came in time: cancelled, scored for
/// nobody.
pub fn cancelled(live: &AnyGame) -> GameResult {
    GameResult {
        winner: None,
        termination: Termination::CANCELLED.code.to_string(),
        line: words(live, None, Termination::CANCELLED),
    }
}

/// The result a director decided: `winner` wins, or a draw (`None`); both "by
/// adjudication".
pub fn adjudicated(live: &AnyGame, winner: Option<Side>) -> GameResult {
    let line = match (has_pat_protocol(live.kind()), winner) {
        (true, Some(side)) => protocol_winner(side).to_string(),
        (true, None) => "PAT".to_string(),
        (false, _) => words(live, winner, Termination::ADJUDICATION),
    };
    GameResult {
        winner,
        termination: Termination::ADJUDICATION.code.to_string(),
        line,
    }
}

/// The result of a draw agreed by both players.
pub fn agreed_draw(live: &AnyGame) -> GameResult {
    let line = if has_pat_protocol(live.kind()) {
        "PAT".to_string()
    } else {
        words(live, None, Termination::AGREED_DRAW)
    };
    GameResult {
        winner: None,
        termination: Termination::AGREED_DRAW.code.to_string(),
        line,
    }
}

/// `WW` or `BW`.
fn protocol_winner(side: Side) -> &'static str {
    match side {
        Side::White => "WW",
        Side::Black => "BW",
    }
}

/// A language-neutral result line when the game has no tokens for it (English words, as
/// in records): `White wins by resignation`, `draw by agreement`.
fn words(live: &AnyGame, winner: Option<Side>, how: Termination) -> String {
    match winner {
        Some(side) => format!(
            "{} wins by {}",
            live.side_name(side, Lang::EN),
            how.text().get(Lang::EN)
        ),
        None => how.text().get(Lang::EN),
    }
}

/// How a game's records number its moves; arbitre numbers them the same way everywhere
/// (mails, subjects, move lists, records).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// One number per move of either side: `1. 2. 3.` (Sauterelle, La Bataille des Tours).
    Plies,
    /// One number per pair of moves, first the side that opens the game, then the other:
    /// `12.` and `12...` (Abalone's Aba-Pro and APGN lists, Bulltricker's protocol records,
    /// Ataxx's PGN).
    Pairs,
}

/// The numbering of `kind`'s records.
pub fn numbering(kind: GameKind) -> Numbering {
    match kind {
        GameKind::Sauterelle | GameKind::Tours => Numbering::Plies,
        GameKind::Abalone | GameKind::Bulltricker | GameKind::Ataxx => Numbering::Pairs,
    }
}

/// The number of one move in its game's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number (`12` for both `12.` and `12...`).
    pub number: usize,
    /// Whether it is the second move of its pair (`12...`).
    pub second: bool,
}

impl MoveNumber {
    /// `12.` or `12...`.
    pub fn label(&self) -> String {
        if self.second {
            format!("{}...", self.number)
        } else {
            format!("{}.", self.number)
        }
    }
}

/// Numbers the moves of one game.
#[derive(Clone, Copy, Debug)]
pub struct Numberer {
    numbering: Numbering,
    /// 1 when a game numbered by pairs starts with the second side to move.
    offset: usize,
}

impl Numberer {
    /// The numbering of `game`'s moves.
    pub fn of(game: &StoredGame) -> Numberer {
        Numberer::starting(game.kind, crate::referee::compose::mover_of_ply(game, 0))
    }

    /// The numbering of a game of `kind` whose first move is `first`'s.
    pub fn starting(kind: GameKind, first: Option<Side>) -> Numberer {
        let numbering = numbering(kind);
        let offset = match numbering {
            Numbering::Plies => 0,
            Numbering::Pairs => {
                let opens = AnyGame::new(kind, &Start::Default, None, "")
                    .map(|g| g.side_to_move())
                    .ok();
                usize::from(opens.is_some() && first.is_some() && first != opens)
            }
        };
        Numberer { numbering, offset }
    }

    /// The number of the move at `index` (from 0, forced passes included). In a game
    /// numbered by pairs that starts with the second side to move, the first move is `1...`.
    pub fn at(&self, index: usize) -> MoveNumber {
        match self.numbering {
            Numbering::Plies => MoveNumber {
                number: index + 1,
                second: false,
            },
            Numbering::Pairs => {
                let k = index + self.offset;
                MoveNumber {
                    number: k / 2 + 1,
                    second: k % 2 == 1,
                }
            }
        }
    }
}

/// The number of the move at `index` (from 0, forced passes included) of `game`.
pub fn move_number(game: &StoredGame, index: usize) -> MoveNumber {
    Numberer::of(game).at(index)
}

/// One stored move, replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// Its canonical text.
    pub text: String,
    /// Who played it.
    pub side: Side,
    /// True when the rules forced it (a pass played by the referee).
    pub forced: bool,
}

/// Replays a stored game, telling forced passes from played moves. `None` if the game
/// does not replay.
pub fn plies(stored: &StoredGame) -> Option<(AnyGame, Vec<Ply>)> {
    let start = Start::Position(stored.start.clone());
    let mut game = AnyGame::new(stored.kind, &start, stored.to_move, &stored.options).ok()?;
    let mut plies = Vec::new();
    let mut i = 0;
    while i < stored.moves.len() {
        let side = game.side_to_move();
        let judged = game.play(&stored.moves[i].text).ok()?;
        plies.push(Ply {
            text: judged.canonical.clone(),
            side,
            forced: false,
        });
        for (side, text) in judged.forced_passes {
            plies.push(Ply {
                text,
                side,
                forced: true,
            });
        }
        i = plies.len();
    }
    Some((game, plies))
}

/// The complete record of a game, in its own format.
///
/// `names` gives the players' display names (White, Black) for the headers; addresses are
/// never written.
pub fn record(stored: &StoredGame, names: [Option<&str>; 2]) -> String {
    let Some((live, plies)) = plies(stored) else {
        // Cannot happen for a game the referee played; keep the raw list rather than nothing.
        return stored
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}. {}\n", i + 1, m.text))
            .collect();
    };
    if stored.kind == GameKind::Abalone
        && let Some(apgn) = abalone_record(stored, &plies, names)
    {
        return apgn;
    }
    line_record(stored, &live, &plies, names)
}

/// Abalone's record: APGN (`None` if the APGN writer refuses it, which would be a bug).
fn abalone_record(stored: &StoredGame, plies: &[Ply], names: [Option<&str>; 2]) -> Option<String> {
    use crate::games::abalone::apgn::{self, Ending, Record};
    let ending = match &stored.result {
        Some(r) => Ending::Decided {
            winner: r.winner,
            termination: r.termination.clone(),
        },
        None => Ending::Unfinished,
    };
    let record = Record {
        event: format!("arbitre #{}", stored.id),
        date: date(stored.created_at),
        black: names[Side::Black.index()].unwrap_or("?").to_string(),
        white: names[Side::White.index()].unwrap_or("?").to_string(),
        variant: stored.variant.clone(),
        start: stored.start.clone(),
        to_move: stored.to_move,
        options: stored.options.clone(),
        moves: plies.iter().map(|p| p.text.clone()).collect(),
        ending,
        tags: vec![("Source".to_string(), "arbitre".to_string())],
    };
    apgn::write(&record).ok()
}

/// The UTC date of a timestamp, `YYYY.MM.DD` (the civil calendar from days since 1970).
fn date(timestamp: i64) -> String {
    let days = timestamp.div_euclid(86_400);
    // Howard Hinnant's days-from-civil inverse.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The generic record: `#` headers, then one numbered move per line (forced passes as
/// comments); Bulltricker's last line carries its result tokens, as the protocol writes it.
fn line_record(
    stored: &StoredGame,
    live: &AnyGame,
    plies: &[Ply],
    names: [Option<&str>; 2],
) -> String {
    let mut out = String::new();
    out.push_str(&format!("# game: arbitre #{}\n", stored.id));
    out.push_str(&format!("# kind: {}\n", stored.kind.name()));
    match &stored.variant {
        Some(v) => out.push_str(&format!("# variant: {v}\n")),
        None => out.push_str(&format!("# position: {}\n", stored.start)),
    }
    if !stored.options.is_empty() {
        out.push_str(&format!("# options: {}\n", stored.options));
    }
    for side in Side::BOTH {
        if let Some(name) = names[side.index()] {
            out.push_str(&format!(
                "# {}: {}\n",
                live.side_name(side, Lang::EN).to_lowercase(),
                name
            ));
        }
    }
    // The result in the game's own side names; `arbitre replay` checks it against the rules,
    // or, when the termination is not the rules' (a resignation, time), that the rules had
    // not ended the game before.
    match &stored.result {
        Some(result) => {
            let said = match result.winner {
                Some(side) => format!("{} wins", live.side_name(side, Lang::EN).to_lowercase()),
                None => "draw".to_string(),
            };
            out.push_str(&format!("# result: {said}\n"));
            out.push_str(&format!("# termination: {}\n", result.termination));
        }
        None => out.push_str("# result: *\n"),
    }
    let played: Vec<&Ply> = plies.iter().filter(|p| !p.forced).collect();
    out.push_str(&format!("# plies: {}\n", played.len()));
    let tokens = if has_pat_protocol(stored.kind) {
        live.result_tokens().filter(|_| live.outcome().is_over())
    } else {
        None
    };
    let numberer = Numberer::of(stored);
    for (i, p) in plies.iter().enumerate() {
        let n = numberer.at(i).label();
        if p.forced {
            out.push_str(&format!(
                "# {n} {} passes (forced): {}\n",
                p.side.name(),
                p.text
            ));
            continue;
        }
        let last = i + 1 == plies.len();
        match (&tokens, last) {
            (Some(t), true) => out.push_str(&format!("{n} {} {t}\n", p.text)),
            _ => out.push_str(&format!("{n} {}\n", p.text)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc_dates() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(951_782_400), "2000.02.29");
        assert_eq!(date(1_700_000_000), "2023.11.14");
        assert_eq!(date(-86_400), "1969.12.31");
    }
}
