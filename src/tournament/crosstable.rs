//! The crosstable of an event: the standings with each player's results, as fixed-width text
//! for mail and as CSV for spreadsheets. A round robin shows the grid of results against
//! every opponent (two characters per cell in a double round robin); a Swiss or knock-out
//! event shows, round by round, the opponent's place, the side played (moving first or
//! second, as the caller marks them) and the result. Names only:
//! addresses never appear. The players' current ratings (Glicko-2, with their deviation) are
//! shown beside the figures they entered with, when they have one. The words of the headings come from the caller (in the reader's
//! language). Pure.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::record::{ByeKind, Colour, GameResult, RoundEntry, Table, Tpn};
use super::tiebreak::{Standing, TieBreak, TieBreakValue};

/// The mark of a player's own square in a round robin's grid (never a side's letter: Ataxx's
/// sides are x and o).
pub const OWN_SQUARE: &str = "*";

/// The headings, in the reader's language.
#[derive(Clone, Debug)]
pub struct Labels {
    /// "Rank" (short: `#`, `Rg`).
    pub rank: String,
    /// "Name".
    pub name: String,
    /// "Rating" (the figure a player entered with).
    pub rating: String,
    /// The heading of the players' current ratings (`Glicko`).
    pub current: String,
    /// "Points".
    pub points: String,
    /// "Round" (a prefix for round columns in CSV: `Round 1`).
    pub round: String,
    /// The mark of a game played first (moving first), in the round-by-round cells.
    pub first: String,
    /// The mark of a game played second.
    pub second: String,
}

/// The shape of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Opponent by opponent, `cycles` games against each (1 or 2).
    Grid {
        /// Games against each opponent.
        cycles: usize,
    },
    /// Round by round.
    Rounds,
}

/// A tie-break value as printed: counts and ratings as integers, points with their decimals.
pub fn show_value(value: &TieBreakValue) -> String {
    match value {
        TieBreakValue::Count(n) => n.to_string(),
        TieBreakValue::Tenths(t) => points(*t),
        TieBreakValue::Hundredths(h) => format!("{}.{:02}", h / 100, h % 100),
        TieBreakValue::Rating(r) => r.to_string(),
        TieBreakValue::Place(p) => p.to_string(),
        TieBreakValue::Unbroken => "–".to_owned(),
        TieBreakValue::Lot(_) => String::new(),
    }
}

/// The tie-breaks shown in columns: all but the lots (whose draw means nothing to a
/// reader; the rank shows what it decided).
fn shown(order: &[TieBreak]) -> impl Iterator<Item = (usize, &TieBreak)> {
    order
        .iter()
        .enumerate()
        .filter(|(_, t)| **t != TieBreak::Lots)
}

/// Tenths as `3.5`, whole points without decimals: `3`.
pub fn points(tenths: u64) -> String {
    if tenths.is_multiple_of(10) {
        (tenths / 10).to_string()
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

/// One character for a result seen from the row's player.
fn result_char(entry: &RoundEntry) -> char {
    match entry {
        RoundEntry::Played { result, .. } => match result {
            GameResult::Win => '1',
            GameResult::Draw => '½',
            GameResult::Loss => '0',
        },
        RoundEntry::Pending { .. } => '.',
        RoundEntry::Forfeit { won: true, .. } => '+',
        RoundEntry::Forfeit { won: false, .. } => '-',
        RoundEntry::Bye(ByeKind::PairingAllocated | ByeKind::Full) => '+',
        RoundEntry::Bye(ByeKind::Half) => '½',
        RoundEntry::Bye(ByeKind::Zero) | RoundEntry::Absent => ' ',
    }
}

/// The cells of one row: for a grid, one string per opponent in rank order; for rounds, one
/// string per round.
fn cells(
    table: &Table,
    standings: &[Standing],
    shape: Shape,
    labels: &Labels,
    tpn: Tpn,
) -> Vec<String> {
    let place_of = |t: Tpn| {
        standings
            .iter()
            .position(|s| s.tpn == t)
            .map(|p| p + 1)
            .unwrap_or(0)
    };
    let Some(entrant) = table.entrant(tpn) else {
        return Vec::new();
    };
    match shape {
        Shape::Grid { cycles } => standings
            .iter()
            .map(|other| {
                if other.tpn == tpn {
                    return OWN_SQUARE.repeat(cycles);
                }
                let mut games: Vec<char> = entrant
                    .rounds
                    .iter()
                    .filter(|r| r.opponent() == Some(other.tpn))
                    .map(result_char)
                    .collect();
                games.resize(cycles, ' ');
                games.into_iter().collect()
            })
            .collect(),
        Shape::Rounds => entrant
            .rounds
            .iter()
            .map(|r| {
                let colour = |c: Option<Colour>| match c {
                    Some(Colour::White) => labels.first.as_str(),
                    Some(Colour::Black) => labels.second.as_str(),
                    None => "-",
                };
                match *r {
                    RoundEntry::Played {
                        opponent,
                        colour: c,
                        ..
                    }
                    | RoundEntry::Pending {
                        opponent,
                        colour: c,
                        ..
                    } => format!(
                        "{}{}{}",
                        place_of(opponent),
                        colour(Some(c)),
                        result_char(r)
                    ),
                    RoundEntry::Forfeit {
                        opponent,
                        colour: c,
                        ..
                    } => format!("{}{}{}", place_of(opponent), colour(c), result_char(r)),
                    RoundEntry::Bye(_) => format!("-{}", result_char(r)).trim_end().to_string(),
                    RoundEntry::Absent => String::new(),
                }
            })
            .collect(),
    }
}

/// Every line of the text table starts with it: a mail in `format=flowed` adds a space to
/// lines that start with one (and a reader that knows the format takes it away), so the
/// columns stay aligned only if all lines start alike.
const INDENT: &str = "  ";

/// The crosstable as fixed-width text (UTF-8; every cell one character wide per game).
pub fn text(
    table: &Table,
    standings: &[Standing],
    order: &[TieBreak],
    shape: Shape,
    labels: &Labels,
    current: &BTreeMap<Tpn, String>,
) -> String {
    let name_width = standings
        .iter()
        .filter_map(|s| table.entrant(s.tpn))
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(labels.name.chars().count())
        .min(30);
    let rows: Vec<Vec<String>> = standings
        .iter()
        .map(|s| cells(table, standings, shape, labels, s.tpn))
        .collect();
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0usize; columns];
    for row in &rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    for (i, w) in widths.iter_mut().enumerate() {
        let heading = match shape {
            Shape::Grid { .. } => (i + 1).to_string(),
            Shape::Rounds => (i + 1).to_string(),
        };
        *w = (*w).max(heading.chars().count());
    }
    let codes: Vec<String> = shown(order).map(|(_, t)| t.to_string()).collect();
    let values: Vec<Vec<String>> = standings
        .iter()
        .map(|s| {
            shown(order)
                .filter_map(|(i, _)| s.values.get(i).map(show_value))
                .collect()
        })
        .collect();
    let tb_widths: Vec<usize> = codes
        .iter()
        .enumerate()
        .map(|(i, code)| {
            values
                .iter()
                .filter_map(|v| v.get(i))
                .map(|v| v.chars().count())
                .max()
                .unwrap_or(0)
                .max(code.chars().count())
        })
        .collect();
    let pad = |text: &str, width: usize, right: bool| {
        let n = text.chars().count();
        let fill = " ".repeat(width.saturating_sub(n));
        if right {
            format!("{fill}{text}")
        } else {
            format!("{text}{fill}")
        }
    };
    let cut = |text: &str| text.chars().take(name_width).collect::<String>();
    let rank_width = labels
        .rank
        .chars()
        .count()
        .max(standings.len().to_string().len());
    let rating_width = labels.rating.chars().count().max(4);
    let current_width = current
        .values()
        .map(|v| v.chars().count())
        .max()
        .map(|w| w.max(labels.current.chars().count()));
    let points_width = labels.points.chars().count().max(4);
    let mut out = String::new();
    // Heading.
    let mut line = format!(
        "{} {} {}",
        pad(&labels.rank, rank_width, true),
        pad(&labels.name, name_width, false),
        pad(&labels.rating, rating_width, true)
    );
    if let Some(w) = current_width {
        let _ = write!(line, " {}", pad(&labels.current, w, true));
    }
    line.push_str(" |");
    for (i, w) in widths.iter().enumerate() {
        let _ = write!(line, " {}", pad(&(i + 1).to_string(), *w, true));
    }
    let _ = write!(line, " | {}", pad(&labels.points, points_width, true));
    for (code, w) in codes.iter().zip(&tb_widths) {
        let _ = write!(line, " {}", pad(code, *w, true));
    }
    out.push_str(INDENT);
    out.push_str(line.trim_end());
    out.push('\n');
    // Rows.
    for ((standing, row), tb) in standings.iter().zip(&rows).zip(&values) {
        let entrant = table.entrant(standing.tpn);
        let name = entrant.map(|e| cut(&e.name)).unwrap_or_default();
        let rating = entrant
            .and_then(|e| e.rating)
            .map(|r| r.to_string())
            .unwrap_or_default();
        let mut line = format!(
            "{} {} {}",
            pad(&standing.rank.to_string(), rank_width, true),
            pad(&name, name_width, false),
            pad(&rating, rating_width, true)
        );
        if let Some(w) = current_width {
            let now = current.get(&standing.tpn).map(String::as_str).unwrap_or("");
            let _ = write!(line, " {}", pad(now, w, true));
        }
        line.push_str(" |");
        for (i, w) in widths.iter().enumerate() {
            let cell = row.get(i).map(String::as_str).unwrap_or("");
            let _ = write!(line, " {}", pad(cell, *w, true));
        }
        let _ = write!(
            line,
            " | {}",
            pad(&points(u64::from(standing.score)), points_width, true)
        );
        for (v, w) in tb.iter().zip(&tb_widths) {
            let _ = write!(line, " {}", pad(v, *w, true));
        }
        out.push_str(INDENT);
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The crosstable as cells: the heading, then one row per player in rank order with their
/// pairing number (the name is the second cell of each row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The column headings.
    pub heading: Vec<String>,
    /// Each player's pairing number and cells, in rank order.
    pub rows: Vec<(Tpn, Vec<String>)>,
    /// Whether the current ratings have a column (after the entry rating).
    pub current: bool,
    /// How many columns of results (opponents or rounds) follow the ratings; the points and
    /// the tie-breaks come after them.
    pub results: usize,
}

/// The crosstable as cells, one row per player in rank order (what [`csv()`] writes and the
/// public pages show).
pub fn grid(
    table: &Table,
    standings: &[Standing],
    order: &[TieBreak],
    shape: Shape,
    labels: &Labels,
    current: &BTreeMap<Tpn, String>,
) -> Grid {
    let columns = standings
        .iter()
        .map(|s| cells(table, standings, shape, labels, s.tpn).len())
        .max()
        .unwrap_or(0);
    let mut heading = vec![
        labels.rank.clone(),
        labels.name.clone(),
        labels.rating.clone(),
    ];
    if !current.is_empty() {
        heading.push(labels.current.clone());
    }
    for i in 0..columns {
        heading.push(match shape {
            Shape::Grid { .. } => (i + 1).to_string(),
            Shape::Rounds => format!("{} {}", labels.round, i + 1),
        });
    }
    heading.push(labels.points.clone());
    heading.extend(shown(order).map(|(_, t)| t.to_string()));
    let rows = standings
        .iter()
        .map(|standing| {
            let entrant = table.entrant(standing.tpn);
            let mut record = vec![
                standing.rank.to_string(),
                entrant.map(|e| e.name.clone()).unwrap_or_default(),
                entrant
                    .and_then(|e| e.rating)
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
            ];
            if !current.is_empty() {
                record.push(current.get(&standing.tpn).cloned().unwrap_or_default());
            }
            let mut row = cells(table, standings, shape, labels, standing.tpn);
            row.resize(columns, String::new());
            record.extend(row.into_iter().map(|c| c.trim().to_string()));
            record.push(points(u64::from(standing.score)));
            record.extend(shown(order).filter_map(|(i, _)| standing.values.get(i).map(show_value)));
            (standing.tpn, record)
        })
        .collect();
    Grid {
        heading,
        rows,
        current: !current.is_empty(),
        results: columns,
    }
}

/// The crosstable as CSV (RFC 4180), one row per player in rank order.
pub fn csv(
    table: &Table,
    standings: &[Standing],
    order: &[TieBreak],
    shape: Shape,
    labels: &Labels,
    current: &BTreeMap<Tpn, String>,
) -> String {
    let grid = grid(table, standings, order, shape, labels, current);
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    let _ = writer.write_record(&grid.heading);
    for (_, record) in &grid.rows {
        let _ = writer.write_record(record);
    }
    String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
}
