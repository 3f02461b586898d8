//! An event as read, changing nothing: who moves first, each game's score, the table,
//! tie-breaks, standings (text, grid, CSV), the conditions in words, an entrant's name.
//! Pure; what the pages and the command line may read of an event.

use super::*;

/// The side that moves first in the event's game (the "White" of the pairing).
pub fn first_mover(event: &StoredEvent) -> Side {
    let Some(kind) = GameKind::from_name(&event.conditions.game) else {
        return Side::White;
    };
    AnyGame::new(kind, &start_of(event), None, &event.conditions.options)
        .map(|g| g.side_to_move())
        .unwrap_or(Side::White)
}

pub(super) fn start_of(event: &StoredEvent) -> Start {
    match &event.conditions.variant {
        Some(v) => Start::Variant(v.clone()),
        None => Start::Default,
    }
}

/// What a game of the event counts, seen from its first mover.
pub fn score_of(game: &StoredGame, first: Side) -> GameScore {
    if matches!(game.status, GameStatus::Active | GameStatus::Invited) {
        return GameScore::Pending;
    }
    let Some(result) = &game.result else {
        return GameScore::Cancelled;
    };
    match result.termination.as_str() {
        code if Termination::counts_for_nobody(code) => return GameScore::Cancelled,
        FORFEIT => {
            return match result.winner {
                Some(side) => GameScore::Forfeit {
                    white_won: side == first,
                },
                None => GameScore::Cancelled,
            };
        }
        _ => {}
    }
    // A game lost on time before its first move was ever made was not played.
    if game.moves.is_empty() && result.termination == "time" {
        return match result.winner {
            Some(side) => GameScore::Forfeit {
                white_won: side == first,
            },
            None => GameScore::Cancelled,
        };
    }
    GameScore::Played(match result.winner {
        Some(side) if side == first => GameResult::Win,
        Some(_) => GameResult::Loss,
        None => GameResult::Draw,
    })
}

/// The event's table from its games.
pub fn table_of(event: &StoredEvent, games: &[StoredGame]) -> Table {
    let first = first_mover(event);
    let by_id: BTreeMap<GameId, &StoredGame> = games.iter().map(|g| (g.id, g)).collect();
    event.table(|id| {
        by_id
            .get(&id)
            .map(|g| score_of(g, first))
            .unwrap_or(GameScore::Pending)
    })
}

/// The tie-breaks the conditions name, in order (unknown codes are skipped: the command
/// line checks them when the event is created).
pub fn tie_breaks(event: &StoredEvent) -> Vec<TieBreak> {
    event
        .conditions
        .tie_breaks
        .iter()
        .filter_map(|c| TieBreak::from_str(c).ok())
        .collect()
}

pub(super) fn format(event: &StoredEvent) -> tiebreak::Format {
    match event.conditions.system {
        System::RoundRobin { .. } => tiebreak::Format::RoundRobin,
        _ => tiebreak::Format::Swiss,
    }
}

fn shape(event: &StoredEvent) -> Shape {
    match event.conditions.system {
        System::RoundRobin { double } => Shape::Grid {
            cycles: if double { 2 } else { 1 },
        },
        _ => Shape::Rounds,
    }
}

/// The letters marking the first and the second mover in round-by-round cells: the first
/// letter of each side's name in the reader's language (`b`/`w` for Abalone, whose first
/// mover is Black; `n`/`b` in French; `x`/`o` for Ataxx).
pub fn side_letters(lang: Lang, event: &StoredEvent) -> (String, String) {
    let first = first_mover(event);
    let letter = |side: Side| {
        let label = t!(
            lang,
            "side-label",
            game = event.conditions.game.clone(),
            side = side.name()
        );
        label
            .chars()
            .next()
            .map(|c| c.to_lowercase().to_string())
            .unwrap_or_else(|| "-".to_string())
    };
    (letter(first), letter(first.opponent()))
}

/// The legend under a crosstable.
pub fn legend(lang: Lang, event: &StoredEvent) -> String {
    let (first, second) = side_letters(lang, event);
    t!(
        lang,
        "tournament-final-foot",
        shape = legend_shape(event),
        first = first,
        second = second
    )
}

/// Which legend a crosstable needs: `grid` (a round robin's results against each opponent)
/// or `rounds` (round by round, with the opponent's place and the side played).
pub fn legend_shape(event: &StoredEvent) -> &'static str {
    match shape(event) {
        Shape::Grid { .. } => "grid",
        Shape::Rounds => "rounds",
    }
}

fn labels(lang: Lang, event: &StoredEvent) -> Labels {
    let (first, second) = side_letters(lang, event);
    Labels {
        first,
        second,
        rank: t!(lang, "crosstable-rank"),
        name: t!(lang, "crosstable-name"),
        rating: t!(lang, "crosstable-rating"),
        points: t!(lang, "crosstable-points"),
        current: t!(lang, "crosstable-current"),
        round: t!(lang, "crosstable-round"),
    }
}

/// The players' current ratings in the event's game, by pairing number, as shown.
pub(super) fn current(event: &StoredEvent, ratings: &Ratings) -> BTreeMap<Tpn, String> {
    event
        .players()
        .iter()
        .filter_map(|e| {
            let r = ratings.get(&e.address)?;
            Some((e.tpn?, crate::rating::history::shown(r)))
        })
        .collect()
}

/// The players' ratings in one game's pool, by address.
pub type Ratings = BTreeMap<String, crate::rating::glicko::Rating>;

/// What the crosstable modules print from: the table, its standings, the tie-breaks, the
/// grid's shape, the headings and the current ratings.
type Printer = fn(
    &Table,
    &[tiebreak::Standing],
    &[TieBreak],
    Shape,
    &Labels,
    &BTreeMap<Tpn, String>,
) -> String;

/// The standings of the event, printed by `print` with headings in `lang`.
fn standings_with(
    print: Printer,
    lang: Lang,
    event: &StoredEvent,
    games: &[StoredGame],
    ratings: &Ratings,
) -> String {
    let table = table_of(event, games);
    let order = tie_breaks(event);
    let standings = tiebreak::standings_in(&table, format(event), &order, event.lots);
    let current = current(event, ratings);
    print(
        &table,
        &standings,
        &order,
        shape(event),
        &labels(lang, event),
        &current,
    )
}

/// The standings and crosstable, as text for a mail in `lang`.
pub fn standings_text(
    lang: Lang,
    event: &StoredEvent,
    games: &[StoredGame],
    ratings: &Ratings,
) -> String {
    standings_with(crosstable::text, lang, event, games, ratings)
}

/// The crosstable as cells, headings in `lang` (the public pages' table).
pub fn standings_grid(
    lang: Lang,
    event: &StoredEvent,
    games: &[StoredGame],
    ratings: &Ratings,
) -> crosstable::Grid {
    let table = table_of(event, games);
    let order = tie_breaks(event);
    let standings = tiebreak::standings_in(&table, format(event), &order, event.lots);
    crosstable::grid(
        &table,
        &standings,
        &order,
        shape(event),
        &labels(lang, event),
        &current(event, ratings),
    )
}

/// The crosstable as CSV, headings in `lang`.
pub fn standings_csv(
    lang: Lang,
    event: &StoredEvent,
    games: &[StoredGame],
    ratings: &Ratings,
) -> String {
    standings_with(crosstable::csv, lang, event, games, ratings)
}

/// The conditions, as a participant reads them; `leave_days`: the leave the server grants
/// each player a year.
pub fn conditions_text(lang: Lang, event: &StoredEvent, leave_days: i64) -> String {
    let directors = (
        t!(lang, "tournament-directors"),
        event.conditions.directors.join(", "),
    );
    let mut out = String::new();
    for (label, value) in conditions(lang, event, leave_days)
        .into_iter()
        .chain([directors])
    {
        out.push_str(&t!(
            lang,
            "tournament-condition",
            label = label,
            value = value
        ));
        out.push('\n');
    }
    out
}

/// The conditions as (heading, value) pairs in `lang`, without the directors (whose
/// addresses only the participants' mail shows).
pub fn conditions(lang: Lang, event: &StoredEvent, leave_days: i64) -> Vec<(String, String)> {
    let c = &event.conditions;
    let yes_no = |b: bool| {
        if b {
            t!(lang, "tournament-yes")
        } else {
            t!(lang, "tournament-no")
        }
    };
    let system = match c.system {
        System::RoundRobin { double: false } => t!(lang, "tournament-system-round-robin"),
        System::RoundRobin { double: true } => t!(lang, "tournament-system-double-round-robin"),
        System::Swiss { rounds } => t!(lang, "tournament-system-swiss", rounds = rounds),
        System::Knockout { replay_ties } => {
            if replay_ties {
                t!(lang, "tournament-system-knockout-replay")
            } else {
                t!(lang, "tournament-system-knockout-seed")
            }
        }
    };
    let game = GameKind::from_name(&c.game)
        .map(|k| k.title(lang))
        .unwrap_or_else(|| c.game.clone());
    let mut out = Vec::new();
    let mut line = |label: String, value: String| out.push((label, value));
    line(
        t!(lang, "tournament-game"),
        match &c.variant {
            Some(v) => format!("{game} ({v})"),
            None => game,
        },
    );
    line(t!(lang, "tournament-system"), system);
    let time = crate::clock::TimeControl::read(&c.time)
        .map(|control| crate::referee::clock_text::control_words(lang, &control))
        .unwrap_or_else(|_| c.time.clone());
    line(t!(lang, "tournament-time"), time);
    line(
        t!(lang, "tournament-leave"),
        t!(lang, "tournament-leave-days", days = leave_days),
    );
    line(
        t!(lang, "tournament-conditionals"),
        yes_no(c.conditional_moves),
    );
    line(t!(lang, "tournament-takebacks"), yes_no(c.takebacks));
    line(
        t!(lang, "tournament-draw-offers"),
        match c.draw_offers {
            Some(n) => n.to_string(),
            None => t!(lang, "tournament-unlimited"),
        },
    );
    let tie_breaks: Vec<String> = c
        .tie_breaks
        .iter()
        .map(|code| t!(lang, "tournament-tie-break", code = code.clone()))
        .collect();
    line(t!(lang, "tournament-tie-breaks"), tie_breaks.join(", "));
    line(
        t!(lang, "tournament-spectators"),
        if c.spectator_delay == 0 {
            t!(lang, "tournament-no-delay")
        } else {
            t!(lang, "tournament-delay-moves", moves = c.spectator_delay)
        },
    );
    line(t!(lang, "tournament-rated"), yes_no(c.rated));
    out
}

/// The name shown for a new entrant: the name they give, else their mail's display name;
/// `None` when neither says one (the entrant is asked for it).
pub fn entrant_name(given: Option<&str>, display: Option<&str>) -> Option<String> {
    given
        .and_then(|n| display_name(Some(n)))
        .map(|n| n.chars().take(40).collect())
        .or_else(|| display_name(display))
}

/// The colour a pairing gives `tpn` in a game (for tests and reports).
pub fn colour_in(pairing: &Pairing, tpn: Tpn) -> Option<Colour> {
    if pairing.white == tpn {
        Some(Colour::White)
    } else if pairing.black == Some(tpn) {
        Some(Colour::Black)
    } else {
        None
    }
}
