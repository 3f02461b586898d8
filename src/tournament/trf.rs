//! The FIDE Tournament Report File (TRF-2026, with the TRF16 and TRF(x) records that pairing
//! programs exchange): reading one into an event [`Table`] and writing one back. This is the
//! format an arbiter uses to check a Swiss pairing with any endorsed program. Pure: text in,
//! text out.
//!
//! Fields sit in fixed columns, counted in characters (names may carry accents). What is
//! read: `012` (name), `142`/`XXR` (rounds), `152`/`XXC white1|black1` (initial colour),
//! `162` and the `BB?` records (point system), `192` (the system, which must be a Dutch one),
//! `240` (byes of a round), `260`/`XXP` (forbidden pairs), and the `001` player records. Team
//! records and abnormal point assignments (`013`, `299`, `310`) and accelerations (`250`,
//! `XXA`) are refused with a clear error; other records are ignored.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::record::{
    ByeKind, Colour, Entrant, GameResult, PointSystem, Points, RoundEntry, Table, Tpn,
};

/// Why a TRF could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TrfError {
    /// The 1-based line number (0 for the file as a whole).
    pub line: usize,
    /// What is wrong, for a person.
    pub message: String,
}

fn error(line: usize, message: impl Into<String>) -> TrfError {
    TrfError {
        line,
        message: message.into(),
    }
}

/// A player's line (`001`) beyond what the pairing needs, kept so that a file read and
/// written again loses nothing an arbiter looks at.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PlayerCard {
    /// Sex (column 10), as written.
    pub sex: String,
    /// Title (columns 11-13), as written.
    pub title: String,
    /// Federation (columns 54-56).
    pub federation: String,
    /// FIDE id (columns 58-68).
    pub fide_id: String,
    /// Birth date (columns 70-79), as written.
    pub birth: String,
    /// The points written in the file, in tenths, if any.
    pub written_points: Option<Points>,
    /// The rank written in the file, if any.
    pub written_rank: Option<u32>,
}

/// A byes record (`240`): the players who take a bye of `kind` in `round`.
#[derive(Clone, Debug, PartialEq)]
pub struct ByeRecord {
    /// The kind of bye (full, half or zero).
    pub kind: ByeKind,
    /// The round.
    pub round: usize,
    /// The players.
    pub players: Vec<Tpn>,
}

/// Players who must not meet (`260` for some rounds, `XXP` for the whole event).
#[derive(Clone, Debug, PartialEq)]
pub struct ForbiddenPairs {
    /// The first and last round the prohibition applies to; `None` for every round.
    pub rounds: Option<(usize, usize)>,
    /// The players, none of whom may meet another of them.
    pub players: Vec<Tpn>,
}

impl ForbiddenPairs {
    /// Whether the prohibition applies to `round`.
    pub fn applies_to(&self, round: usize) -> bool {
        self.rounds
            .is_none_or(|(first, last)| first <= round && round <= last)
    }
}

/// A tournament report file, read.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Trf {
    /// The event's name (`012`).
    pub name: Option<String>,
    /// The planned number of rounds (`142` or `XXR`).
    pub total_rounds: Option<usize>,
    /// The colour of the top player in round 1 (`152`, or `XXC white1|black1`).
    pub initial_colour: Option<Colour>,
    /// The players and their rounds, by pairing number; the points system.
    pub table: Table,
    /// The `001` details the pairing does not use.
    pub cards: Vec<PlayerCard>,
    /// Byes announced by `240` records.
    pub byes: Vec<ByeRecord>,
    /// Forbidden pairs (`260`, `XXP`).
    pub forbidden: Vec<ForbiddenPairs>,
    /// Whether a point system was written (`162` or `BB?`), so that writing keeps it.
    pub explicit_points: bool,
    /// With `XXC rank`: the id written on each player's line, by pairing number (the
    /// pairing numbers are then the order of the lines).
    pub ids: Option<Vec<Tpn>>,
}

impl Trf {
    /// The id the file gives the player with pairing number `tpn` (the same number unless
    /// the file pairs by the order of its lines).
    pub fn id_of(&self, tpn: Tpn) -> Tpn {
        match &self.ids {
            Some(ids) => ids.get(tpn as usize - 1).copied().unwrap_or(tpn),
            None => tpn,
        }
    }
}

/// One round cell of a `001` line, as written.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cell {
    opponent: Option<Tpn>,
    colour: Option<Colour>,
    code: char,
}

impl Trf {
    /// Reads a whole file. Lines may end with CR, LF or CRLF; `###` lines are comments.
    pub fn parse(text: &str) -> Result<Trf, TrfError> {
        let mut trf = Trf::default();
        let mut points = PointSystem::default();
        let mut players: Vec<NumberedLine> = Vec::new();
        let mut rank_order = false;
        let mut pab_given = false;
        for (index, raw) in text.split(['\r', '\n']).enumerate() {
            let number = index + 1;
            if raw.trim().is_empty() || raw.starts_with("###") {
                continue;
            }
            let line: Vec<char> = raw.chars().collect();
            let code: String = line.iter().take(3).collect();
            match code.as_str() {
                "001" => {
                    let (tpn, name, rating, card, cells) = parse_player(&line, number)?;
                    players.push((number, tpn, name, rating, card, cells));
                }
                "012" => trf.name = Some(field(&line, 5, line.len())),
                "142" | "XXR" => {
                    let value = field(&line, 5, line.len());
                    let rounds: usize = value.parse().map_err(|_| {
                        error(
                            number,
                            format!("{code}: '{value}' is not a number of rounds"),
                        )
                    })?;
                    trf.total_rounds = Some(rounds);
                }
                "152" => {
                    if line.len() != 5 {
                        return Err(error(
                            number,
                            "152: the initial colour is one letter, W or B, right after `152 `",
                        ));
                    }
                    trf.initial_colour = Some(match field(&line, 5, line.len()).as_str() {
                        "W" | "w" => Colour::White,
                        "B" | "b" => Colour::Black,
                        other => {
                            return Err(error(
                                number,
                                format!("152: the initial colour is W or B, not '{other}'"),
                            ));
                        }
                    })
                }
                "XXC" => {
                    for token in field(&line, 5, line.len()).split_whitespace() {
                        match token.to_ascii_lowercase().as_str() {
                            "white1" => trf.initial_colour = Some(Colour::White),
                            "black1" => trf.initial_colour = Some(Colour::Black),
                            "rank" => rank_order = true,
                            _ => {}
                        }
                    }
                }
                "162" => {
                    pab_given |= read_point_system(&line, number, &mut points)?;
                    trf.explicit_points = true;
                }
                "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                    let value = parse_points(&field(&line, 5, line.len()))
                        .ok_or_else(|| error(number, format!("{code}: not a number of points")))?;
                    match code.as_str() {
                        "BBW" => points.win = value,
                        "BBD" => points.draw = value,
                        "BBL" => points.loss = value,
                        "BBZ" | "BBF" => points.absence = value,
                        _ => {
                            points.pairing_bye = value;
                            pab_given = true;
                        }
                    }
                    trf.explicit_points = true;
                }
                "192" => {
                    let system = field(&line, 5, line.len());
                    match system.as_str() {
                        "FIDE_DUTCH" | "FIDE_DUTCH_2025" => {}
                        "FIDE_DUTCH_BAKU" | "FIDE_DUTCH_2025_BAKU" => {
                            return Err(error(
                                number,
                                "192: accelerated pairings (Baku acceleration) are not supported",
                            ));
                        }
                        _ => {
                            return Err(error(
                                number,
                                format!(
                                    "192: arbitre pairs by the FIDE Dutch system only, not '{system}'"
                                ),
                            ));
                        }
                    }
                }
                "240" => trf.byes.push(parse_byes(&line, number)?),
                "260" => trf.forbidden.push(parse_forbidden(&line, number)?),
                "XXP" => {
                    let players = parse_numbers(&field(&line, 5, line.len()), number)?;
                    trf.forbidden.push(ForbiddenPairs {
                        rounds: None,
                        players,
                    });
                }
                "250" | "XXA" => {
                    return Err(error(
                        number,
                        "accelerated pairings (250, XXA) are not supported",
                    ));
                }
                "013" | "299" | "310" => {
                    return Err(error(
                        number,
                        format!("record {code} (teams, abnormal points) is not supported"),
                    ));
                }
                _ => {}
            }
        }
        if rank_order {
            // Pairing numbers are the order of the 001 lines; the numbers written stay the
            // players' ids, and every record that names players uses them.
            let ids: Vec<Tpn> = players.iter().map(|p| p.1).collect();
            let position = |id: Tpn| ids.iter().position(|&x| x == id).map(|p| p as Tpn + 1);
            let remap = |id: Tpn, line: usize| {
                position(id).ok_or_else(|| error(line, format!("player {id} has no 001 line")))
            };
            for (index, player) in players.iter_mut().enumerate() {
                player.1 = index as Tpn + 1;
                let line = player.0;
                for cell in player.5.iter_mut() {
                    if let Some(o) = cell.opponent {
                        cell.opponent = Some(remap(o, line)?);
                    }
                }
            }
            for record in &mut trf.byes {
                for p in record.players.iter_mut() {
                    *p = remap(*p, 0)?;
                }
            }
            for record in &mut trf.forbidden {
                for p in record.players.iter_mut() {
                    *p = remap(*p, 0)?;
                }
            }
            trf.ids = Some(ids);
        }
        // The pairing-allocated bye is worth a win unless the file says otherwise.
        if !pab_given {
            points.pairing_bye = points.win;
        }
        trf.table.points = points;
        build_table(&mut trf, players)?;
        Ok(trf)
    }

    /// The number of rounds that hold a pairing (a game, a forfeit or a pairing-allocated
    /// bye) for some player. The round after them is the next one to pair.
    pub fn paired_rounds(&self) -> usize {
        self.table
            .entrants
            .iter()
            .flat_map(|e| e.rounds.iter().enumerate())
            .filter(|(_, r)| {
                r.opponent().is_some() || matches!(r, RoundEntry::Bye(ByeKind::PairingAllocated))
            })
            .map(|(i, _)| i + 1)
            .max()
            .unwrap_or(0)
    }

    /// The players who do not take part in `round` because they announced a bye or an
    /// absence for it (in their `001` line or in a `240` record).
    pub fn absent_in(&self, round: usize) -> BTreeSet<Tpn> {
        let mut absent: BTreeSet<Tpn> = self
            .table
            .entrants
            .iter()
            .filter(|e| {
                matches!(
                    e.rounds.get(round - 1),
                    Some(RoundEntry::Bye(
                        ByeKind::Full | ByeKind::Half | ByeKind::Zero
                    )) | Some(RoundEntry::Absent)
                )
            })
            .map(|e| e.tpn)
            .collect();
        for record in self.byes.iter().filter(|b| b.round == round) {
            absent.extend(record.players.iter().copied());
        }
        absent
    }

    /// Writes the file (TRF-2026 columns; the `XXR`/`XXC` records too, so that TRF(x)
    /// readers understand it).
    pub fn write(&self) -> String {
        let mut out = String::new();
        if let Some(name) = &self.name {
            let _ = writeln!(out, "012 {name}");
        }
        if let Some(rounds) = self.total_rounds {
            let _ = writeln!(out, "142 {rounds}");
            let _ = writeln!(out, "XXR {rounds}");
        }
        if let Some(colour) = self.initial_colour {
            let (letter, word) = match colour {
                Colour::White => ('W', "white1"),
                Colour::Black => ('B', "black1"),
            };
            let _ = writeln!(out, "152 {letter}");
            let _ = writeln!(out, "XXC {word}");
        }
        let points = &self.table.points;
        if self.explicit_points {
            let _ = writeln!(out, "BBW {}", show_points(points.win));
            let _ = writeln!(out, "BBD {}", show_points(points.draw));
            let _ = writeln!(out, "BBL {}", show_points(points.loss));
            let _ = writeln!(out, "BBZ {}", show_points(points.absence));
            let _ = writeln!(out, "BBF {}", show_points(points.absence));
            let _ = writeln!(out, "BBU {}", show_points(points.pairing_bye));
        }
        let ranks = written_ranks(&self.table);
        for (index, entrant) in self.table.entrants.iter().enumerate() {
            let card = self.cards.get(index).cloned().unwrap_or_default();
            let mut line = String::new();
            let _ = write!(
                line,
                "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
                entrant.tpn,
                truncate(&card.sex, 1),
                truncate(&card.title, 3),
                truncate(&entrant.name, 33),
                entrant.rating.map(|r| r.to_string()).unwrap_or_default(),
                truncate(&card.federation, 3),
                truncate(&card.fide_id, 11),
                truncate(&card.birth, 10),
                show_points(entrant.score(points)),
                ranks[index],
            );
            for round in &entrant.rounds {
                let (opponent, colour, code) = cell_of(round);
                let _ = write!(line, "  {opponent:>4} {colour} {code}");
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        out
    }
}

/// The characters from 1-based column `from` to column `to` (inclusive), trimmed; empty
/// past the end of the line.
fn field(line: &[char], from: usize, to: usize) -> String {
    let start = from.saturating_sub(1).min(line.len());
    let end = to.min(line.len()).max(start);
    line[start..end]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

/// The character at 1-based column `at`, or a space past the end of the line.
fn column(line: &[char], at: usize) -> char {
    line.get(at - 1).copied().unwrap_or(' ')
}

/// Points written as `1.5`, `1`, `10.0`: in tenths.
fn parse_points(text: &str) -> Option<Points> {
    let text = text.trim();
    let (whole, tenths) = match text.split_once('.') {
        Some((whole, fraction)) => {
            let digit = fraction.chars().next().unwrap_or('0');
            if !fraction.chars().all(|c| c.is_ascii_digit()) || fraction.len() > 2 {
                return None;
            }
            // Only tenths are meaningful; 0.25 would not be a valid score.
            if fraction.chars().skip(1).any(|c| c != '0') {
                return None;
            }
            (whole, digit.to_digit(10)?)
        }
        None => (text, 0),
    };
    if whole.is_empty() && tenths == 0 && !text.starts_with('.') {
        return None;
    }
    let whole: Points = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    // A score above 999.9 points is no score a tournament reaches (and sums of such
    // values could overflow).
    whole
        .checked_mul(10)?
        .checked_add(tenths)
        .filter(|t| *t <= MAX_POINTS)
}

/// The most points a value of a TRF may hold, in tenths (the format's four columns).
const MAX_POINTS: Points = 9999;

/// Tenths as `1.5`.
fn show_points(points: Points) -> String {
    format!("{}.{}", points / 10, points % 10)
}

fn truncate(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

fn parse_numbers(text: &str, line: usize) -> Result<Vec<Tpn>, TrfError> {
    text.split_whitespace()
        .map(|t| {
            t.parse::<Tpn>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| error(line, format!("'{t}' is not a pairing number")))
        })
        .collect()
}

/// `162`: a code letter at column 6 and its value at 7-10, then every 9 columns. Returns
/// whether the pairing-allocated bye's value was given.
fn read_point_system(
    line: &[char],
    number: usize,
    points: &mut PointSystem,
) -> Result<bool, TrfError> {
    let mut pab = false;
    let mut at = 6;
    while at <= line.len() {
        let code = column(line, at);
        let value = field(line, at + 1, at + 4);
        if code != ' ' {
            let value = parse_points(&value).ok_or_else(|| {
                error(
                    number,
                    format!("162: '{value}' is not a number of points for {code}"),
                )
            })?;
            match code {
                'W' => points.win = value,
                'D' => points.draw = value,
                'L' => points.loss = value,
                'Z' => points.absence = value,
                'P' => {
                    points.pairing_bye = value;
                    pab = true;
                }
                other => {
                    return Err(error(number, format!("162: unknown result code '{other}'")));
                }
            }
        }
        at += 9;
    }
    Ok(pab)
}

/// `240 T RRR  pppp pppp ...`
fn parse_byes(line: &[char], number: usize) -> Result<ByeRecord, TrfError> {
    let kind = match column(line, 5).to_ascii_uppercase() {
        'F' => ByeKind::Full,
        'H' => ByeKind::Half,
        'Z' => ByeKind::Zero,
        other => {
            return Err(error(
                number,
                format!("240: '{other}' is not a bye type (F, H or Z)"),
            ));
        }
    };
    let round_text = field(line, 7, 9);
    let round: usize = round_text
        .parse()
        .ok()
        .filter(|&r| r > 0)
        .ok_or_else(|| error(number, format!("240: '{round_text}' is not a round")))?;
    let players = parse_numbers(&field(line, 10, line.len()), number)?;
    Ok(ByeRecord {
        kind,
        round,
        players,
    })
}

/// `260 RRR RRR pppp pppp ...`
fn parse_forbidden(line: &[char], number: usize) -> Result<ForbiddenPairs, TrfError> {
    let first = field(line, 5, 7);
    let last = field(line, 9, 11);
    let round = |text: &str| -> Result<usize, TrfError> {
        text.parse()
            .map_err(|_| error(number, format!("260: '{text}' is not a round")))
    };
    let rounds = (round(&first)?, round(&last)?);
    let players = parse_numbers(&field(line, 12, line.len()), number)?;
    if players.len() < 2 {
        return Err(error(number, "260: at least two players must be named"));
    }
    Ok(ForbiddenPairs {
        rounds: Some(rounds),
        players,
    })
}

type PlayerLine = (Tpn, String, Option<u32>, PlayerCard, Vec<Cell>);

/// A player line with the number of the file line it came from.
type NumberedLine = (usize, Tpn, String, Option<u32>, PlayerCard, Vec<Cell>);

/// One `001` line.
fn parse_player(line: &[char], number: usize) -> Result<PlayerLine, TrfError> {
    let tpn_text = field(line, 5, 8);
    let tpn: Tpn = tpn_text
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| error(number, format!("001: '{tpn_text}' is not a starting rank")))?;
    let name = field(line, 15, 47);
    let rating_text = field(line, 49, 52);
    let rating = if rating_text.is_empty() || rating_text == "0" {
        None
    } else {
        Some(
            rating_text
                .parse()
                .map_err(|_| error(number, format!("001: '{rating_text}' is not a rating")))?,
        )
    };
    let points_text = field(line, 81, 84);
    let written_points = if points_text.is_empty() {
        None
    } else {
        Some(
            parse_points(&points_text)
                .ok_or_else(|| error(number, format!("001: '{points_text}' is not a score")))?,
        )
    };
    let rank_text = field(line, 86, 89);
    let card = PlayerCard {
        sex: field(line, 10, 10),
        title: field(line, 11, 13),
        federation: field(line, 54, 56),
        fide_id: field(line, 58, 68),
        birth: field(line, 70, 79),
        written_points,
        written_rank: rank_text.parse().ok(),
    };
    let mut cells = Vec::new();
    let mut start = 92;
    while start <= line.len() {
        let opponent_text = field(line, start, start + 3);
        let colour_char = column(line, start + 5);
        let code = column(line, start + 7);
        let opponent = if opponent_text.is_empty() {
            None
        } else {
            let value: Tpn = opponent_text.parse().map_err(|_| {
                error(
                    number,
                    format!(
                        "001 {tpn}, round {}: '{opponent_text}' is not an opponent",
                        cells.len() + 1
                    ),
                )
            })?;
            (value != 0).then_some(value)
        };
        let colour = match colour_char.to_ascii_lowercase() {
            'w' => Some(Colour::White),
            'b' => Some(Colour::Black),
            '-' | ' ' => None,
            other => {
                return Err(error(
                    number,
                    format!(
                        "001 {tpn}, round {}: '{other}' is not a colour (w, b or -)",
                        cells.len() + 1
                    ),
                ));
            }
        };
        cells.push(Cell {
            opponent,
            colour,
            code: code.to_ascii_uppercase(),
        });
        start += 10;
    }
    Ok((tpn, name, rating, card, cells))
}

/// What one cell means.
fn entry_of(cell: Cell, tpn: Tpn, round: usize, line: usize) -> Result<RoundEntry, TrfError> {
    let at = |message: &str| error(line, format!("001 {tpn}, round {round}: {message}"));
    Ok(match (cell.opponent, cell.code) {
        (Some(opponent), code @ ('1' | '0' | '=' | 'W' | 'L' | 'D')) => {
            let colour = cell
                .colour
                .ok_or_else(|| at("a played game needs a colour (w or b)"))?;
            let result = match code {
                '1' | 'W' => GameResult::Win,
                '0' | 'L' => GameResult::Loss,
                _ => GameResult::Draw,
            };
            RoundEntry::Played {
                opponent,
                colour,
                result,
            }
        }
        (Some(opponent), '+') => RoundEntry::Forfeit {
            opponent,
            colour: cell.colour,
            won: true,
        },
        (Some(opponent), '-') => RoundEntry::Forfeit {
            opponent,
            colour: cell.colour,
            won: false,
        },
        (Some(opponent), ' ') => {
            let colour = cell
                .colour
                .ok_or_else(|| at("a game paired without a result needs a colour"))?;
            RoundEntry::Pending { opponent, colour }
        }
        (Some(_), 'U' | 'F' | 'H' | 'Z') => return Err(at("a bye cannot have an opponent")),
        (None, 'U' | '+') => RoundEntry::Bye(ByeKind::PairingAllocated),
        (None, 'F') => RoundEntry::Bye(ByeKind::Full),
        (None, 'H' | '=') => RoundEntry::Bye(ByeKind::Half),
        (None, 'Z' | '-') => RoundEntry::Bye(ByeKind::Zero),
        (None, ' ') => RoundEntry::Absent,
        (None, '1' | '0' | 'W' | 'L' | 'D') => {
            return Err(at("a played game needs an opponent"));
        }
        (_, other) => return Err(at(&format!("'{other}' is not a result code"))),
    })
}

fn build_table(trf: &mut Trf, players: Vec<NumberedLine>) -> Result<(), TrfError> {
    let count = players.len();
    let mut slots: Vec<Option<(usize, Entrant, PlayerCard)>> = vec![None; count];
    for (line, tpn, name, rating, card, cells) in players {
        let index = tpn as usize - 1;
        if index >= count {
            return Err(error(
                line,
                format!(
                    "001: starting rank {tpn} is above the number of players ({count}); ranks must run from 1 without gaps"
                ),
            ));
        }
        if slots[index].is_some() {
            return Err(error(
                line,
                format!("001: starting rank {tpn} appears twice"),
            ));
        }
        let mut rounds = Vec::with_capacity(cells.len());
        for (i, cell) in cells.into_iter().enumerate() {
            rounds.push(entry_of(cell, tpn, i + 1, line)?);
        }
        // Trailing blank cells say nothing.
        while rounds.last() == Some(&RoundEntry::Absent) {
            rounds.pop();
        }
        slots[index] = Some((
            line,
            Entrant {
                tpn,
                name,
                rating,
                rounds,
            },
            card,
        ));
    }
    let mut lines = Vec::with_capacity(count);
    for slot in slots {
        let (line, entrant, card) = slot.expect("every rank from 1 to count is filled");
        lines.push(line);
        trf.table.entrants.push(entrant);
        trf.cards.push(card);
    }
    check_consistency(trf, &lines)
}

/// Both sides of every game agree; opponents exist; the written points are the results'.
fn check_consistency(trf: &Trf, lines: &[usize]) -> Result<(), TrfError> {
    let table = &trf.table;
    let count = table.entrants.len() as Tpn;
    for (index, entrant) in table.entrants.iter().enumerate() {
        let line = lines[index];
        for (r, entry) in entrant.rounds.iter().enumerate() {
            let round = r + 1;
            let Some(opponent) = entry.opponent() else {
                continue;
            };
            let at = |message: String| {
                error(
                    line,
                    format!("001 {}, round {round}: {message}", entrant.tpn),
                )
            };
            if opponent > count || opponent == entrant.tpn {
                return Err(at(format!("opponent {opponent} is not another player")));
            }
            let other = table.entrants[opponent as usize - 1]
                .rounds
                .get(r)
                .copied()
                .unwrap_or(RoundEntry::Absent);
            let agrees = match (*entry, other) {
                (
                    RoundEntry::Played { colour, result, .. },
                    RoundEntry::Played {
                        opponent: back,
                        colour: other_colour,
                        result: other_result,
                    },
                ) => {
                    back == entrant.tpn
                        && colour != other_colour
                        && result.reversed() == other_result
                }
                (
                    RoundEntry::Pending { colour, .. },
                    RoundEntry::Pending {
                        opponent: back,
                        colour: other_colour,
                    },
                ) => back == entrant.tpn && colour != other_colour,
                (
                    RoundEntry::Forfeit { colour, won, .. },
                    RoundEntry::Forfeit {
                        opponent: back,
                        colour: other_colour,
                        won: other_won,
                    },
                ) => {
                    back == entrant.tpn
                        && !(won && other_won)
                        && match (colour, other_colour) {
                            (Some(a), Some(b)) => a != b,
                            _ => true,
                        }
                }
                _ => false,
            };
            if !agrees {
                return Err(at(format!(
                    "player {opponent}'s entry for this round does not match"
                )));
            }
        }
        if let Some(written) = trf.cards[index].written_points {
            let (agree, score) = written_points_agree(trf, entrant, written);
            if !agree {
                return Err(error(
                    line,
                    format!(
                        "001 {}: the points written ({}) are not the results' ({})",
                        entrant.tpn,
                        show_points(written),
                        show_points(score)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Whether the written points agree with the results: the score after the rounds with a
/// pairing, or (the "points updated" convention) that score with the points of a bye
/// announced for the round about to be paired, in its cell or in a `240` record.
fn written_points_agree(trf: &Trf, entrant: &Entrant, written: Points) -> (bool, Points) {
    let paired = trf.paired_rounds();
    let points = &trf.table.points;
    let score: Points = entrant
        .rounds
        .iter()
        .take(paired)
        .filter_map(|r| r.points(points))
        .sum();
    if written == score {
        return (true, score);
    }
    let next = paired + 1;
    let mut bonuses: Vec<Points> = trf
        .byes
        .iter()
        .filter(|b| b.round == next && b.players.contains(&entrant.tpn))
        .map(|b| RoundEntry::Bye(b.kind).points(points).unwrap_or(0))
        .collect();
    if let Some(entry @ RoundEntry::Bye(_)) = entrant.rounds.get(paired) {
        bonuses.push(entry.points(points).unwrap_or(0));
    }
    (bonuses.iter().any(|b| score + b == written), score)
}

/// Ranks for the written file: by score, ties sharing the rank.
fn written_ranks(table: &Table) -> Vec<u32> {
    let scores: Vec<Points> = table
        .entrants
        .iter()
        .map(|e| e.score(&table.points))
        .collect();
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|t| *t > s).count() as u32)
        .collect()
}

/// A round entry as TRF columns: opponent, colour, result code.
fn cell_of(entry: &RoundEntry) -> (String, char, char) {
    let colour = |c: Colour| match c {
        Colour::White => 'w',
        Colour::Black => 'b',
    };
    match *entry {
        RoundEntry::Played {
            opponent,
            colour: c,
            result,
        } => (
            format!("{opponent:>4}"),
            colour(c),
            match result {
                GameResult::Win => '1',
                GameResult::Draw => '=',
                GameResult::Loss => '0',
            },
        ),
        RoundEntry::Pending {
            opponent,
            colour: c,
        } => (format!("{opponent:>4}"), colour(c), ' '),
        RoundEntry::Forfeit {
            opponent,
            colour: c,
            won,
        } => (
            format!("{opponent:>4}"),
            c.map(colour).unwrap_or('-'),
            if won { '+' } else { '-' },
        ),
        RoundEntry::Bye(kind) => (
            "0000".to_string(),
            '-',
            match kind {
                ByeKind::PairingAllocated => 'U',
                ByeKind::Full => 'F',
                ByeKind::Half => 'H',
                ByeKind::Zero => 'Z',
            },
        ),
        RoundEntry::Absent => ("    ".to_string(), ' ', ' '),
    }
}
