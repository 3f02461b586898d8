//! The steps that change an event: its start, each round's pairing and games, the
//! knock-out's mini-matches, the end with the final crosstable, a withdrawal. Each is one
//! [`Decision`] committed like any other.

use super::*;

/// Everything a step of an event needs besides the event.
pub struct EventDesk<'a> {
    /// The settings.
    pub config: &'a RefereeConfig,
    /// The event's games so far.
    pub games: &'a [StoredGame],
    /// The player records of the entrants (for their languages and names).
    pub players: &'a [Player],
    /// The number the next new game will get.
    pub next_game_id: GameId,
    /// Now.
    pub now: Timestamp,
    /// The players' current ratings in the event's game (for the crosstable).
    pub ratings: &'a Ratings,
}

/// What the store holds of an event for one of its steps: the event, its games, the
/// records of its players and directors, the next game number, and the rating record its
/// crosstable's ratings are worked out from.
#[derive(Clone, Debug)]
pub struct EventRecord {
    /// The event, whole.
    pub event: StoredEvent,
    /// Its games so far.
    pub games: Vec<StoredGame>,
    /// The records of its players and directors (those who have one).
    pub players: Vec<Player>,
    /// The number the next new game will get.
    pub next_game_id: GameId,
    /// The rated games and entered figures.
    pub rating_record: crate::rating::history::RatingRecord,
}

impl EventRecord {
    /// Runs `step` on the event with its desk: the ratings of the event's pool after the
    /// last complete month before `now`, and the rest as read.
    pub fn step<T>(
        &self,
        config: &RefereeConfig,
        now: Timestamp,
        step: impl FnOnce(&EventDesk<'_>, &StoredEvent) -> T,
    ) -> T {
        let ratings = self.rating_record.pool(&self.event.conditions.pool(), now);
        let desk = EventDesk {
            config,
            games: &self.games,
            players: &self.players,
            next_game_id: self.next_game_id,
            now,
            ratings: &ratings,
        };
        step(&desk, &self.event)
    }
}

impl EventDesk<'_> {
    fn lang_of(&self, address: &str) -> Lang {
        self.players
            .iter()
            .find(|p| p.address.eq_ignore_ascii_case(address))
            .map(|p| p.lang)
            .unwrap_or(self.config.default_lang)
    }
}

/// What a step decided.
struct Step {
    decision: Decision,
    next_id: GameId,
}

impl Step {
    fn new(next_id: GameId) -> Step {
        Step {
            decision: Decision::default(),
            next_id,
        }
    }

    fn merge(&mut self, other: Decision) {
        for p in other.players {
            if !self.decision.players.iter().any(|q| q.address == p.address) {
                self.decision.players.push(p);
            }
        }
        self.decision.games.extend(other.games);
        self.decision.outbox.extend(other.outbox);
    }
}

/// Creates one game of the event: `white` has the first move.
fn create_game(
    desk: &EventDesk<'_>,
    event: &StoredEvent,
    round: u32,
    white: &str,
    black: &str,
    step: &mut Step,
) -> Result<GameId, Refused> {
    let c = &event.conditions;
    let kind = GameKind::from_name(&c.game)
        .ok_or_else(|| Refused(format!("unknown game `{}`", c.game)))?;
    let time = crate::clock::TimeControl::read(&c.time)
        .map_err(|e| Refused(format!("time control `{}`: {e}", c.time)))?;
    let first = first_mover(event);
    let (seat_white, seat_black) = if first == Side::White {
        (white, black)
    } else {
        (black, white)
    };
    let id = step.next_id;
    let request = NewGameRequest {
        kind,
        start: start_of(event),
        options: c.options.clone(),
        white: seat_white.to_string(),
        black: seat_black.to_string(),
        created_by: c
            .directors
            .first()
            .cloned()
            .unwrap_or_else(|| desk.config.address.clone()),
        time,
    };
    // The players' names in the event are their names in the game, unless their mails
    // already gave one.
    let mut known: Vec<Player> = desk
        .players
        .iter()
        .filter(|p| !step.decision.players.iter().any(|q| q.address == p.address))
        .chain(step.decision.players.iter())
        .cloned()
        .collect();
    for address in [white, black] {
        let name = event.entry_of(address).map(|e| e.name.clone());
        match known
            .iter_mut()
            .find(|p| p.address.eq_ignore_ascii_case(address))
        {
            Some(p) if p.name.is_none() => {
                p.name = name;
                step.decision.players.retain(|q| q.address != p.address);
                step.decision.players.push(p.clone());
            }
            Some(_) => {}
            None => {
                let mut p = Player::new(&address.to_lowercase(), desk.config.default_lang);
                p.name = name;
                known.push(p.clone());
                step.decision.players.push(p);
            }
        }
    }
    // Entrants chose the name shown when they entered (JOIN's name, or the table's): the
    // game's first mail does not offer them NAME.
    let seated: Vec<Player> = known
        .iter()
        .map(|p| Player {
            name_told: true,
            ..p.clone()
        })
        .collect();
    let mut decision = crate::referee::create_game(desk.config, &request, &seated, id, desk.now)
        .map_err(|e| Refused(format!("game #{id}: {e}")))?;
    for game in &mut decision.games {
        game.terms = GameTerms {
            event: Some((event.id, round)),
            rated: c.rated,
            pool: (c.pool() != c.game).then(|| c.pool()),
            no_takebacks: !c.takebacks,
            no_conditionals: !c.conditional_moves,
            draw_offer_limit: c.draw_offers,
            draw_offers_made: [0, 0],
        };
    }
    for mail in &mut decision.outbox {
        let lang = desk.lang_of(&mail.to);
        let head = t!(
            lang,
            "tournament-game-head",
            title = event.title.clone(),
            round = round
        );
        mail.body = format!("{head}\n\n{}", mail.body);
    }
    // A tournament game is on the pages whoever hid their casual games.
    if let Some(base) = &desk.config.public_url {
        let games = &decision.games;
        crate::referee::page_links::attach(
            &mut decision.outbox,
            base,
            |gid| games.iter().find(|g| g.id == gid),
            |_| true,
            |address| desk.lang_of(address),
        );
    }
    step.merge(decision);
    step.next_id += 1;
    Ok(id)
}

fn address_of(event: &StoredEvent, tpn: Tpn) -> String {
    event
        .entrant(tpn)
        .map(|e| e.address.clone())
        .unwrap_or_default()
}

fn name_of(event: &StoredEvent, tpn: Tpn) -> String {
    event
        .entrant(tpn)
        .map(|e| e.name.clone())
        .unwrap_or_default()
}

/// Adds the games (and byes) of `boards` to the event as round `round`.
fn play_round(
    desk: &EventDesk<'_>,
    event: &mut StoredEvent,
    round: u32,
    boards: &[(Tpn, Option<Tpn>)],
    step: &mut Step,
) -> Result<(), Refused> {
    // Boards continue after those the round has so far (more games for tied matches).
    let first_board = event
        .pairings
        .iter()
        .filter(|p| p.round == round)
        .map(|p| p.board)
        .max()
        .unwrap_or(0)
        + 1;
    for (board, &(white, black)) in (first_board..).zip(boards) {
        let outcome = match black {
            Some(black) => {
                let (w, b) = (address_of(event, white), address_of(event, black));
                Outcome::Game(create_game(desk, event, round, &w, &b, step)?)
            }
            None => Outcome::Bye(ByeKind::PairingAllocated),
        };
        event.pairings.push(Pairing {
            round,
            board,
            white,
            black,
            outcome,
        });
    }
    Ok(())
}

/// What a pairings mail announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Announce {
    /// The start of the event (with its conditions).
    Start,
    /// A new round.
    Round(u32),
    /// More games for tied mini-matches of a knock-out round.
    Replay(u32),
}

/// One mail to each player of the pairings from `from` on (the new ones), listing their
/// games (first mover, opponent, game number) or their bye; at the start, the conditions.
fn pairing_mails(
    desk: &EventDesk<'_>,
    event: &StoredEvent,
    from: usize,
    announce: Announce,
    step: &mut Step,
) {
    let first = first_mover(event);
    let game = event.conditions.game.clone();
    let side_word =
        |lang: Lang, side: Side| t!(lang, "side-name", game = game.clone(), side = side.name());
    let knockout = matches!(event.conditions.system, System::Knockout { .. });
    let new = event.pairings.get(from..).unwrap_or(&[]);
    let mut mail = Mailer::for_event(
        desk.config,
        &format!(
            "tournament\0{}\0pairings\0{from}\0{}",
            event.id,
            event.pairings.len()
        ),
    );
    let title = event.title.clone();
    for entry in event.players() {
        let Some(tpn) = entry.tpn else { continue };
        if entry.status != EntryStatus::Confirmed {
            continue;
        }
        let lang = desk.lang_of(&entry.address);
        let mut lines = Vec::new();
        for p in new {
            let line = match (p.outcome, p.black) {
                (Outcome::Bye(_), _) if p.white == tpn && knockout => {
                    Some(t!(lang, "tournament-pairing-bye-knockout", round = p.round))
                }
                (Outcome::Bye(_), _) if p.white == tpn => {
                    Some(t!(lang, "tournament-pairing-bye", round = p.round))
                }
                (Outcome::Game(id), Some(black)) if p.white == tpn || black == tpn => {
                    let (you_first, opponent) = if p.white == tpn {
                        (true, black)
                    } else {
                        (false, p.white)
                    };
                    let side = if you_first { first } else { first.opponent() };
                    Some(t!(
                        lang,
                        "tournament-pairing-game",
                        round = p.round,
                        id = id,
                        opponent = name_of(event, opponent),
                        side = side_word(lang, side)
                    ))
                }
                _ => None,
            };
            lines.extend(line);
        }
        if lines.is_empty() {
            continue;
        }
        let all_at_once = matches!(event.conditions.system, System::RoundRobin { .. });
        let head = match announce {
            Announce::Start if all_at_once => {
                t!(lang, "tournament-pairings-all", title = title.clone())
            }
            Announce::Start => t!(lang, "tournament-pairings-first", title = title.clone()),
            Announce::Round(round) => t!(
                lang,
                "tournament-pairings-round",
                title = title.clone(),
                round = round
            ),
            Announce::Replay(round) => t!(
                lang,
                "tournament-pairings-replay",
                title = title.clone(),
                round = round
            ),
        };
        let subject = match announce {
            Announce::Start if all_at_once => t!(
                lang,
                "tournament-pairings-subject-all",
                title = title.clone()
            ),
            Announce::Start => t!(
                lang,
                "tournament-pairings-subject",
                title = title.clone(),
                round = 1
            ),
            Announce::Round(round) | Announce::Replay(round) => t!(
                lang,
                "tournament-pairings-subject",
                title = title.clone(),
                round = round
            ),
        };
        let mut body = format!("{head}\n\n{}\n", lines.join("\n"));
        if announce == Announce::Start {
            body.push('\n');
            body.push_str(&t!(lang, "tournament-conditions-head"));
            body.push('\n');
            body.push_str(&conditions_text(lang, event, desk.config.clock.leave_days));
        }
        body.push('\n');
        body.push_str(&t!(
            lang,
            "tournament-standings-hint",
            name = event.name.clone()
        ));
        body.push('\n');
        mail.tell(&entry.address, subject, body);
    }
    director_mails(desk, event, new, announce, &mut mail);
    step.decision.outbox.splice(0..0, mail.outbox);
}

/// The directors' copy of a step's pairings (the start, each later round, the replays of a
/// tied mini-match): every new game and bye, with both names and sides, after the players'
/// mails of the same step (their Message-IDs do not move).
fn director_mails(
    desk: &EventDesk<'_>,
    event: &StoredEvent,
    new: &[Pairing],
    announce: Announce,
    mail: &mut Mailer<'_>,
) {
    if new.is_empty() {
        return;
    }
    let first = first_mover(event);
    let game = event.conditions.game.clone();
    let title = event.title.clone();
    for director in &event.conditions.directors {
        let lang = desk.lang_of(director);
        let side_word =
            |side: Side| t!(lang, "side-label", game = game.clone(), side = side.name());
        let lines: Vec<String> = new
            .iter()
            .map(|p| match (p.outcome, p.black) {
                (Outcome::Game(id), Some(black)) => t!(
                    lang,
                    "tournament-director-pairing-game",
                    round = p.round,
                    id = id,
                    first = name_of(event, p.white),
                    first_side = side_word(first),
                    second = name_of(event, black),
                    second_side = side_word(first.opponent())
                ),
                _ => t!(
                    lang,
                    "tournament-director-pairing-bye",
                    round = p.round,
                    player = name_of(event, p.white)
                ),
            })
            .collect();
        let head = match announce {
            Announce::Start => t!(lang, "tournament-director-started", title = title.clone()),
            Announce::Round(round) | Announce::Replay(round) => t!(
                lang,
                "tournament-director-round",
                title = title.clone(),
                round = round
            ),
        };
        let subject = t!(lang, "tournament-director-subject", title = title.clone());
        let mut body = format!("{head}\n\n{}\n\n", lines.join("\n"));
        body.push_str(&t!(
            lang,
            "tournament-director-hint",
            name = event.name.clone()
        ));
        body.push('\n');
        mail.tell(director, subject, body);
    }
}

/// Starts the event: numbers the confirmed entrants (by rating, then name), pairs the first
/// round (all rounds for a round robin), creates the games and mails every player.
pub fn start(desk: &EventDesk<'_>, event: &StoredEvent) -> Result<Decision, Refused> {
    if event.status != EventStatus::Entry {
        return Err(Refused(format!("{} has already started", event.name)));
    }
    let mut event = event.clone();
    let mut confirmed: Vec<usize> = (0..event.entries.len())
        .filter(|&i| event.entries[i].status == EntryStatus::Confirmed)
        .collect();
    if confirmed.len() < 2 {
        return Err(Refused(format!(
            "{} has {} confirmed entrant(s); at least 2 are needed",
            event.name,
            confirmed.len()
        )));
    }
    confirmed.sort_by(|&a, &b| {
        let (x, y) = (&event.entries[a], &event.entries[b]);
        y.rating
            .unwrap_or(0)
            .cmp(&x.rating.unwrap_or(0))
            .then_with(|| x.name.to_lowercase().cmp(&y.name.to_lowercase()))
            .then_with(|| x.address.cmp(&y.address))
    });
    for (n, &i) in confirmed.iter().enumerate() {
        event.entries[i].tpn = Some(n as Tpn + 1);
    }
    let count = confirmed.len() as u32;
    // Entries no director confirmed lapse; their authors are told.
    let mut lapsed = Mailer::for_event(desk.config, &format!("tournament\0{}\0lapsed", event.id));
    for e in event
        .entries
        .iter()
        .filter(|e| e.status == EntryStatus::Pending)
    {
        let lang = desk.lang_of(&e.address);
        lapsed.tell(
            &e.address,
            t!(
                lang,
                "tournament-entry-lapsed-subject",
                title = event.title.clone()
            ),
            t!(lang, "tournament-entry-lapsed", title = event.title.clone()) + "\n",
        );
    }
    event.entries.retain(|e| e.status != EntryStatus::Pending);
    event.status = EventStatus::Running;
    event.updated_at = desk.now;
    let mut step = Step::new(desk.next_game_id);
    match event.conditions.system {
        System::RoundRobin { double } => {
            let schedule = if double {
                berger::double(count)
            } else {
                berger::single(count)
            }
            .map_err(|e| Refused(e.to_string()))?;
            for (r, round) in schedule.iter().enumerate() {
                let boards: Vec<(Tpn, Option<Tpn>)> = round
                    .games
                    .iter()
                    .map(|g| (g.white, Some(g.black)))
                    .collect();
                play_round(desk, &mut event, r as u32 + 1, &boards, &mut step)?;
            }
            event.round = schedule.len() as u32;
        }
        System::Swiss { rounds } => {
            // Every round needs a new opponent for everyone: more rounds than opponents
            // would leave the event unable to pair one.
            if rounds == 0 || rounds >= count {
                return Err(Refused(format!(
                    "{count} players can play at most {} Swiss rounds; the event has {rounds}",
                    count - 1
                )));
            }
            pair_swiss_round(desk, &mut event, &mut step)?;
        }
        System::Knockout { .. } => {
            let seeds: Vec<Tpn> = (1..=count).collect();
            let ties = knockout::first_round(&seeds);
            play_ties(desk, &mut event, 1, &ties, 0, &mut step)?;
            event.round = 1;
        }
    }
    pairing_mails(desk, &event, 0, Announce::Start, &mut step);
    step.decision.outbox.extend(lapsed.outbox);
    step.decision.summary = format!(
        "event {} started: {} players, {} game(s)",
        event.name,
        count,
        step.decision.games.len()
    );
    step.decision.events.push(event);
    Ok(step.decision)
}

/// Pairs the next Swiss round of `event` (its round number goes up by one).
fn pair_swiss_round(
    desk: &EventDesk<'_>,
    event: &mut StoredEvent,
    step: &mut Step,
) -> Result<(), Refused> {
    let System::Swiss { rounds } = event.conditions.system else {
        return Err(Refused("not a Swiss event".into()));
    };
    let table = table_of(event, desk.games);
    let absent: BTreeSet<Tpn> = event
        .players()
        .iter()
        .filter(|e| e.status == EntryStatus::Withdrawn)
        .filter_map(|e| e.tpn)
        .collect();
    let input = dutch::Round {
        table: &table,
        played: event.round as usize,
        total_rounds: rounds as usize,
        initial_colour: event.initial_colour(),
        absent,
        forbidden: Vec::new(),
    };
    let pairing =
        dutch::pair(&input).map_err(|e| Refused(format!("round {}: {e}", event.round + 1)))?;
    let mut boards: Vec<(Tpn, Option<Tpn>)> = pairing
        .boards
        .iter()
        .map(|b| (b.white, Some(b.black)))
        .collect();
    if let Some(bye) = pairing.bye {
        boards.push((bye, None));
    }
    let round = event.round + 1;
    play_round(desk, event, round, &boards, step)?;
    event.round = round;
    Ok(())
}

/// Creates the games of knock-out ties: `pairs` pairs of games each (colours swapped in
/// each pair), or the bye.
fn play_ties(
    desk: &EventDesk<'_>,
    event: &mut StoredEvent,
    round: u32,
    ties: &[knockout::Tie],
    already: usize,
    step: &mut Step,
) -> Result<(), Refused> {
    let mut boards = Vec::new();
    for tie in ties {
        match tie.lower {
            None => boards.push((tie.higher, None)),
            Some(_) => {
                for game in already..already + 2 {
                    if let Some((first, second)) = knockout::game_colours(tie, game) {
                        boards.push((first, Some(second)));
                    }
                }
            }
        }
    }
    play_round(desk, event, round, &boards, step)
}

/// Whether every game of `round` is over (every game of the event, for a round robin,
/// whose rounds are all played at once).
fn round_over(event: &StoredEvent, games: &[StoredGame], round: u32) -> bool {
    let first = first_mover(event);
    let all = matches!(event.conditions.system, System::RoundRobin { .. });
    event
        .pairings
        .iter()
        .filter(|p| all || p.round == round)
        .all(|p| match p.outcome {
            Outcome::Game(id) => games
                .iter()
                .find(|g| g.id == id)
                .is_some_and(|g| score_of(g, first) != GameScore::Pending),
            Outcome::Bye(_) => true,
        })
}

/// Whether a running event has a step due (its round is over): a cheap check before
/// [`progress`].
pub fn step_due(event: &StoredEvent, games: &[StoredGame]) -> bool {
    event.status == EventStatus::Running && round_over(event, games, event.round)
}

/// The next step of a running event, if one is due: the next round paired, more games for
/// tied mini-matches, or the end with the final crosstable. `None` when the event waits
/// for games still being played.
pub fn progress(desk: &EventDesk<'_>, event: &StoredEvent) -> Result<Option<Decision>, Refused> {
    if event.status != EventStatus::Running || !round_over(event, desk.games, event.round) {
        return Ok(None);
    }
    let mut event = event.clone();
    event.updated_at = desk.now;
    event.stuck = None;
    let mut step = Step::new(desk.next_game_id);
    let finished = match event.conditions.system {
        System::RoundRobin { .. } => true,
        System::Swiss { rounds } => {
            if event.round >= rounds {
                true
            } else {
                let from = event.pairings.len();
                pair_swiss_round(desk, &mut event, &mut step)?;
                let round = event.round;
                pairing_mails(desk, &event, from, Announce::Round(round), &mut step);
                step.decision.summary = format!("event {}: round {round} paired", event.name);
                false
            }
        }
        System::Knockout { replay_ties } => {
            let rule = if replay_ties {
                knockout::TieRule::Replay
            } else {
                knockout::TieRule::HigherSeed
            };
            knockout_step(desk, &mut event, rule, &mut step)?
        }
    };
    if finished {
        event.status = EventStatus::Finished;
        final_mails(desk, &event, &mut step);
        step.decision.summary = format!("event {} finished", event.name);
    }
    step.decision.events.push(event);
    Ok(Some(step.decision))
}

/// An event whose step was refused (`why`, as [`progress`] gave it): its directors are told,
/// once per reason (the event keeps the reason it told), so that an event does not wait
/// unnoticed. `None` when they already know.
pub fn stuck_notice(desk: &EventDesk<'_>, event: &StoredEvent, why: &str) -> Option<Decision> {
    if event.stuck.as_deref() == Some(why) {
        return None;
    }
    let mut event = event.clone();
    event.stuck = Some(why.to_string());
    event.updated_at = desk.now;
    let round = event.round + 1;
    let mut mail = Mailer::for_event(
        desk.config,
        &format!("tournament\0{}\0stuck\0{round}\0{why}", event.id),
    );
    let mut sent: BTreeSet<String> = BTreeSet::new();
    for address in &event.conditions.directors {
        if !sent.insert(address.to_lowercase()) {
            continue;
        }
        let lang = desk.lang_of(address);
        mail.tell(
            address,
            t!(
                lang,
                "tournament-stuck-subject",
                title = event.title.clone(),
                round = round
            ),
            t!(
                lang,
                "tournament-stuck-body",
                title = event.title.clone(),
                name = event.name.clone(),
                round = round,
                why = why.to_string()
            ),
        );
    }
    Some(Decision {
        summary: format!(
            "event {}: cannot move on, directors told: {why}",
            event.name
        ),
        outbox: mail.outbox,
        events: vec![event],
        ..Decision::default()
    })
}

/// The knock-out step after a round's games: more games for tied mini-matches, or the next
/// round; `true` when the event is over.
fn knockout_step(
    desk: &EventDesk<'_>,
    event: &mut StoredEvent,
    rule: knockout::TieRule,
    step: &mut Step,
) -> Result<bool, Refused> {
    let first = first_mover(event);
    let round = event.round;
    // The ties of the round, in board order of their first game.
    let mut ties: Vec<(knockout::Tie, Vec<Option<GameResult>>)> = Vec::new();
    for p in event.pairings.iter().filter(|p| p.round == round) {
        let (a, b) = (p.white, p.black);
        let (higher, lower) = match b {
            Some(b) => (a.min(b), Some(a.max(b))),
            None => (a, None),
        };
        let index = match ties
            .iter()
            .position(|(t, _)| t.higher == higher && t.lower == lower)
        {
            Some(i) => i,
            None => {
                ties.push((knockout::Tie { higher, lower }, Vec::new()));
                ties.len() - 1
            }
        };
        if let Outcome::Game(id) = p.outcome {
            let score = desk
                .games
                .iter()
                .find(|g| g.id == id)
                .map(|g| score_of(g, first))
                .unwrap_or(GameScore::Pending);
            // From the higher seed's side: the first mover is `p.white`.
            let from_white = match score {
                GameScore::Pending => None,
                GameScore::Played(r) => Some(r),
                GameScore::Forfeit { white_won } => Some(if white_won {
                    GameResult::Win
                } else {
                    GameResult::Loss
                }),
                GameScore::Cancelled => Some(GameResult::Draw),
            };
            let result = from_white.map(|r| if p.white == higher { r } else { r.reversed() });
            ties[index].1.push(result);
        }
    }
    let withdrawn: BTreeSet<Tpn> = event
        .players()
        .iter()
        .filter(|e| e.status == EntryStatus::Withdrawn)
        .filter_map(|e| e.tpn)
        .collect();
    let mut replays = Vec::new();
    let mut winners = Vec::new();
    for (tie, results) in &ties {
        // A player who withdrew loses the tie whatever the games say (a bye included);
        // when both withdrew, nobody goes on from it.
        let gone = |t: Tpn| withdrawn.contains(&t);
        let state = match tie.lower {
            None if gone(tie.higher) => continue,
            Some(lower) if gone(tie.higher) && gone(lower) => continue,
            Some(lower) if gone(tie.higher) => knockout::TieState::Won(lower),
            Some(_) if tie.lower.is_some_and(gone) => knockout::TieState::Won(tie.higher),
            _ => knockout::state(tie, results, rule),
        };
        match state {
            knockout::TieState::Won(w) => winners.push(w),
            knockout::TieState::NeedsAnotherPair => replays.push((*tie, results.len())),
            knockout::TieState::Playing => return Ok(false),
        }
    }
    if !replays.is_empty() {
        let from = event.pairings.len();
        for (tie, played) in replays {
            play_ties(desk, event, round, &[tie], played, step)?;
        }
        pairing_mails(desk, event, from, Announce::Replay(round), step);
        step.decision.summary = format!("event {}: tied mini-matches replayed", event.name);
        return Ok(false);
    }
    if winners.len() <= 1 {
        return Ok(true);
    }
    let next = knockout::next_round(&winners, |t| t as usize);
    let round = round + 1;
    let from = event.pairings.len();
    play_ties(desk, event, round, &next, 0, step)?;
    event.round = round;
    pairing_mails(desk, event, from, Announce::Round(round), step);
    step.decision.summary = format!("event {}: round {round} paired", event.name);
    Ok(false)
}

/// The final crosstable, to every participant and director.
fn final_mails(desk: &EventDesk<'_>, event: &StoredEvent, step: &mut Step) {
    let mut mail = Mailer::for_event(desk.config, &format!("tournament\0{}\0final", event.id));
    let mut sent: BTreeSet<String> = BTreeSet::new();
    let recipients = event
        .players()
        .into_iter()
        .map(|e| e.address.clone())
        .chain(event.conditions.directors.iter().cloned());
    for address in recipients {
        if !sent.insert(address.to_lowercase()) {
            continue;
        }
        let lang = desk.lang_of(&address);
        let body = format!(
            "{}\n\n{}\n{}",
            t!(lang, "tournament-final-head", title = event.title.clone()),
            standings_text(lang, event, desk.games, desk.ratings),
            legend(lang, event)
        );
        mail.tell(
            &address,
            t!(
                lang,
                "tournament-final-subject",
                title = event.title.clone()
            ),
            body,
        );
    }
    step.decision.outbox.extend(mail.outbox);
}

/// A player withdraws (or is withdrawn): their unfinished games are forfeited, or
/// cancelled, by the ICCF rule (forfeited when at least half of their games are over);
/// in a Swiss event they are paired no more. `origin` names what caused it (the audit
/// entry, or the player's mail): the mails' Message-IDs derive from it.
pub fn withdraw(
    desk: &EventDesk<'_>,
    event: &StoredEvent,
    address: &str,
    reason: &Reason<'_>,
    origin: &str,
) -> Result<Directed, Refused> {
    if event.status != EventStatus::Running {
        return Err(Refused(format!("{} is not running", event.name)));
    }
    let mut event = event.clone();
    let Some(index) = event
        .entries
        .iter()
        .position(|e| e.address.eq_ignore_ascii_case(address) && e.tpn.is_some())
    else {
        return Err(Refused(format!(
            "{address} does not play in {}",
            event.name
        )));
    };
    if event.entries[index].status == EntryStatus::Withdrawn {
        return Err(Refused(format!("{address} has already withdrawn")));
    }
    let tpn = event.entries[index].tpn.unwrap_or(0);
    event.entries[index].status = EntryStatus::Withdrawn;
    event.entries[index].withdrawn_after = Some(event.round);
    event.updated_at = desk.now;
    let first = first_mover(&event);
    let theirs: Vec<&StoredGame> = event
        .pairings
        .iter()
        .filter(|p| p.white == tpn || p.black == Some(tpn))
        .filter_map(|p| match p.outcome {
            Outcome::Game(id) => desk.games.iter().find(|g| g.id == id),
            Outcome::Bye(_) => None,
        })
        .collect();
    let finished = theirs
        .iter()
        .filter(|g| score_of(g, first) != GameScore::Pending)
        .count();
    let total = match event.conditions.system {
        System::RoundRobin { .. } => theirs.len(),
        System::Swiss { rounds } => rounds as usize,
        System::Knockout { .. } => 0,
    };
    let rule = withdrawal::unfinished_games(finished, total);
    let mut decision = Decision::default();
    let mut details = Vec::new();
    let ctx = Context {
        games: desk.games.to_vec(),
        players: desk.players.to_vec(),
        ..Context::default()
    };
    for game in theirs
        .iter()
        .filter(|g| score_of(g, first) == GameScore::Pending)
    {
        let side = game.side_of(address).unwrap_or(Side::White);
        let verdict = match rule {
            withdrawal::Unfinished::Forfeited => Verdict::Win(side.opponent()),
            withdrawal::Unfinished::Cancelled => Verdict::Cancel,
        };
        // Message-IDs from the withdrawal itself (the audit entry or the player's mail,
        // `origin`), the event and the game: unique, and the same if decided again.
        let cause = format!("withdrawal\0{}\0{}\0{origin}", event.id, game.id);
        let directed = direct::on_game_because(
            desk.config,
            &ctx,
            game.id,
            GameAction::Adjudicate(verdict),
            reason,
            &cause,
            desk.now,
        )?;
        let mut d = directed.decision;
        for g in &mut d.games {
            if let Some(result) = &mut g.result {
                result.termination = match rule {
                    withdrawal::Unfinished::Forfeited => FORFEIT.to_string(),
                    withdrawal::Unfinished::Cancelled => WITHDRAWAL.to_string(),
                };
            }
        }
        details.push(format!("#{}: {}", game.id, directed.detail));
        decision.games.extend(d.games);
        decision.outbox.extend(d.outbox);
        decision.players.extend(d.players);
    }
    let how = match rule {
        withdrawal::Unfinished::Forfeited => "forfeited",
        withdrawal::Unfinished::Cancelled => "cancelled",
    };
    decision.summary = format!(
        "event {}: {address} withdrew after {finished} of {} game(s) over; {} unfinished game(s) {how}",
        event.name,
        theirs.len(),
        details.len()
    );
    decision.events.push(event);
    Ok(Directed {
        detail: format!(
            "withdrawn; unfinished games {how} ({finished} of {total} over){}{}",
            if details.is_empty() { "" } else { ": " },
            details.join(", ")
        ),
        decision,
    })
}
