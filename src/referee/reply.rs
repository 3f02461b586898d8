//! Every word arbitre mails to players, in English and in French, in one reviewable place.
//!
//! The decision logic ([`crate::referee::handle`]) picks what to say; this module says it.
//! Protocol lines (`ERR`, `PAT`, `WW MAT`, a canonical move) are not wording: they are
//! passed in and written first, unchanged, in both languages. No function here ever writes
//! a mail address other than the recipient's own reply address: opponents are named by
//! their display name or as "your opponent".

use crate::games::{AnyGame, GameKind, Judgement, OptionError, SetupError, Side, Termination};
use crate::referee::chat::{self, Words};
use crate::referee::check::{DryRun, NoRun, Step};
use crate::referee::clock_text::{self, ClockView};
use crate::referee::command::NewError;
use crate::referee::conditions::{Line, LineError};
use crate::referee::terms::{self, Numberer, Ply};
use crate::referee::{GameId, GameResult, GameStatus, StoredGame};
use crate::t;
use crate::text::Lang;

/// A game as one player sees it.
#[derive(Clone, Debug)]
pub struct Seen<'a> {
    /// The stored game (after the change being announced).
    pub stored: &'a StoredGame,
    /// The live game (after the change).
    pub live: &'a AnyGame,
    /// The recipient's seat.
    pub you: Side,
    /// The opponent's display name, if known.
    pub opponent: Option<String>,
    /// The recipient's own reply address for this game, if plus-addressing is on.
    pub reply_to: Option<String>,
    /// The game's clocks as the recipient sees them, when it has a clock.
    pub clock: Option<ClockView>,
}

/// What a one-line entry of a game list says about the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// Active, the reader is to move.
    YourTurn,
    /// Active, the opponent is to move.
    TheirTurn,
    /// The reader is invited and may accept.
    InvitedYou,
    /// The reader invited the opponent, who has not answered.
    InvitedThem,
    /// Over, with this result line.
    Finished(String),
    /// The invitation was declined.
    Declined,
}

/// One line of a game list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The game number.
    pub id: GameId,
    /// Which game.
    pub kind: GameKind,
    /// The reader's side, named by the game.
    pub you: String,
    /// The opponent's display name, if known.
    pub opponent: Option<String>,
    /// Where it stands.
    pub state: State,
    /// The reader's reply address for it, if any.
    pub reply_to: Option<String>,
}

/// What ended a game, for the closing mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending<'a> {
    /// The rules, after this move.
    Move(&'a Judgement),
    /// A player resigned.
    Resigned(Side),
    /// Both agreed to a draw.
    AgreedDraw,
    /// A `PAT` claim the rules confirm.
    ClaimConfirmed,
    /// The player seated as `loser` ran out of time; `when` is the instant their time ran
    /// out, written for the reader.
    TimedOut {
        /// Who ran out of time.
        loser: Side,
        /// When, in the reader's words.
        when: &'a str,
    },
    /// The first move never came in time: the game is cancelled.
    Cancelled {
        /// When the time for it ran out, in the reader's words.
        when: &'a str,
    },
    /// A tournament director decided the result (or cancelled the game), for `reason`.
    Adjudicated {
        /// The reason they gave.
        reason: &'a str,
        /// Whether they cancelled the game rather than decide a result.
        cancelled: bool,
    },
    /// The rules, after the move `mine`, a conditional move prepared in answer to `theirs`.
    Answered {
        /// The opponent's move that the line expected.
        theirs: &'a Judgement,
        /// The prepared answer, which ended the game.
        mine: &'a Judgement,
    },
}

/// What else a move's mail tells the player who did not make it.
#[derive(Clone, Copy, Debug, Default)]
pub struct News<'a> {
    /// The move declined the reader's standing draw offer.
    pub offer_declined: bool,
    /// The move let the reader's take-back request lapse.
    pub undo_lapsed: bool,
    /// The reader's conditional moves the move dropped.
    pub dropped: &'a [Line],
    /// The move was the mover's conditional move, played by arbitre.
    pub prepared: bool,
}

/// Why no game was found for a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoGame {
    /// No active game (for moves and game commands).
    NoActive,
    /// Nothing to accept or decline.
    NothingToAnswer,
}

/// The topic of a mail that is about no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    /// The help text.
    Help,
    /// The list of games.
    Games,
    /// The language setting.
    Language,
    /// The setting for opponents' words (`CHAT`).
    Chat,
    /// The setting for board pictures (`PICTURES`).
    Pictures,
    /// The setting for the public pages (`PUBLIC`).
    Public,
    /// A problem with the message.
    Problem,
    /// A new game challenge.
    Challenge,
    /// Which game?
    WhichGame,
    /// The time zone setting (`TZ`).
    Zone,
    /// Leave (`LEAVE`).
    Leave,
    /// A phone and SMS (`PHONE`, `NOTIFY`).
    Phone,
    /// An event (`JOIN`, `STANDINGS`, `WITHDRAW`).
    Tournament,
}

// ---------------------------------------------------------------------------------------
// Subjects

/// The Subject of a mail about `stored` to the player seated as `reader`: the tag (which
/// routes replies), the game, the opponent, and where the game stands for the reader:
/// `[arbitre #12] Abalone vs Bob: your move (23. e5e6)`, `... Bob resigned, you win`.
/// `Re: ` when it answers the reader's own message. Clients thread by the Message-IDs.
pub fn subject_game(
    lang: Lang,
    stored: &StoredGame,
    reader: Side,
    opponent: Option<&str>,
    re: bool,
) -> String {
    let them = opp(lang, opponent);
    let event = match stored.status {
        GameStatus::Invited
            if stored
                .challenger
                .eq_ignore_ascii_case(stored.address_of(reader)) =>
        {
            t!(lang, "event-invited-them", opponent = them.clone())
        }
        GameStatus::Invited => t!(lang, "event-invited-you"),
        GameStatus::Declined => t!(lang, "event-declined"),
        GameStatus::Finished => match stored
            .result
            .as_ref()
            .and_then(|r| r.winner.map(|w| (w, r)))
        {
            Some((w, r)) if r.termination == Termination::RESIGNATION.code => {
                if w == reader {
                    t!(lang, "event-resigned-you-win", opponent = them.clone())
                } else {
                    t!(lang, "event-you-resigned")
                }
            }
            Some((w, _)) if w == reader => t!(lang, "event-you-win"),
            Some(_) => t!(lang, "event-you-lose"),
            None if stored
                .result
                .as_ref()
                .is_some_and(|r| Termination::counts_for_nobody(&r.termination)) =>
            {
                t!(lang, "event-cancelled")
            }
            None => t!(lang, "event-drawn"),
        },
        GameStatus::Active => {
            let to_move = crate::referee::compose::mover_of_ply(stored, stored.moves.len());
            match (to_move == Some(reader), stored.moves.last()) {
                (true, Some(last)) => t!(
                    lang,
                    "event-your-move-after",
                    last = format!(
                        "{} {}",
                        terms::move_number(stored, stored.moves.len() - 1).label(),
                        last.text
                    )
                ),
                (true, None) => t!(lang, "event-your-move"),
                (false, _) => t!(lang, "event-waiting", opponent = them.clone()),
            }
        }
    };
    // A standing take-back request, then a standing draw offer, is news in every mail of
    // the game until it is answered.
    let event = match stored.undo_request {
        Some(by) if stored.status == GameStatus::Active && by == reader => {
            t!(lang, "event-undo-asked-by-you", event = event)
        }
        Some(_) if stored.status == GameStatus::Active => t!(
            lang,
            "event-undo-asked-of-you",
            event = event,
            opponent = them.clone()
        ),
        _ => event,
    };
    let event = match stored.draw_offer {
        Some(by) if stored.status == GameStatus::Active && by == reader => {
            t!(lang, "event-draw-offered-by-you", event = event)
        }
        Some(_) if stored.status == GameStatus::Active => t!(
            lang,
            "event-draw-offered-to-you",
            event = event,
            opponent = them.clone()
        ),
        _ => event,
    };
    let (id, title) = (stored.id, stored.kind.title(lang));
    let base = match opponent {
        Some(_) => t!(
            lang,
            "subject-game",
            id = id,
            title = title,
            opponent = them,
            event = event
        ),
        None => t!(
            lang,
            "subject-game-anonymous",
            id = id,
            title = title,
            event = event
        ),
    };
    if re { format!("Re: {base}") } else { base }
}

/// The Subject of a mail about no game.
pub fn subject(lang: Lang, topic: Topic) -> String {
    match topic {
        Topic::Help => t!(lang, "subject-help"),
        Topic::Games => t!(lang, "subject-games"),
        Topic::Language => t!(lang, "subject-language"),
        Topic::Chat => t!(lang, "subject-chat"),
        Topic::Pictures => t!(lang, "subject-pictures"),
        Topic::Public => t!(lang, "subject-public"),
        Topic::Problem => t!(lang, "subject-problem"),
        Topic::Challenge => t!(lang, "subject-challenge"),
        Topic::WhichGame => t!(lang, "subject-which-game"),
        Topic::Zone => t!(lang, "subject-zone"),
        Topic::Leave => t!(lang, "subject-leave"),
        Topic::Phone => t!(lang, "subject-phone"),
        Topic::Tournament => t!(lang, "subject-tournament"),
    }
}

// ---------------------------------------------------------------------------------------
// Small pieces

/// The opponent as named in a sentence.
fn opp(lang: Lang, name: Option<&str>) -> String {
    match name {
        Some(n) => n.to_string(),
        None => t!(lang, "your-opponent"),
    }
}

/// The opponent at the start of a sentence.
fn opp_cap(lang: Lang, name: Option<&str>) -> String {
    match name {
        Some(n) => n.to_string(),
        None => t!(lang, "your-opponent-start"),
    }
}

/// The name of `side` in `game`, as the catalog of `lang` writes it in a sentence.
fn side_words(lang: Lang, kind: GameKind, side: Side) -> String {
    t!(lang, "side-name", game = kind.name(), side = side.name())
}

/// `yes` when the reader moves first, for the catalogs' selectors.
fn you_first(s: &Seen) -> &'static str {
    if s.live.side_to_move() == s.you {
        "yes"
    } else {
        "no"
    }
}

/// "of Abalone", "d'Abalone": the game's title after "a game".
fn of_game(lang: Lang, stored: &StoredGame) -> String {
    t!(
        lang,
        "of-game",
        game = stored.kind.name(),
        title = title(lang, stored)
    )
}

/// The game's title with its variant, if any.
fn title(lang: Lang, stored: &StoredGame) -> String {
    let variant = stored.variant.as_deref().and_then(|id| {
        stored
            .kind
            .variants()
            .iter()
            .find(|v| v.id == id)
            .map(|v| v.title(stored.kind, lang))
    });
    match variant {
        Some(v) if stored.kind.variants().len() > 1 => format!("{} ({v})", stored.kind.title(lang)),
        _ => stored.kind.title(lang).to_string(),
    }
}

/// "You play Black. To move: White (your opponent)."
fn sides_line(lang: Lang, s: &Seen) -> String {
    let kind = s.stored.kind;
    let to_move = s.live.side_to_move();
    let who = if to_move == s.you {
        t!(lang, "you")
    } else {
        opp(lang, s.opponent.as_deref())
    };
    t!(
        lang,
        "sides-line",
        you = side_words(lang, kind, s.you),
        mover = side_words(lang, kind, to_move),
        who = who
    )
}

/// The moves so far, numbered as the game's records number them (`1. a b  2. c d`,
/// `1. a b c  1... d e f` for moves of several words, or `1. a  2. b`), forced passes in
/// brackets, wrapped at 72 columns.
pub fn move_list(lang: Lang, numberer: &Numberer, plies: &[Ply]) -> String {
    if plies.is_empty() {
        return t!(lang, "no-move-yet");
    }
    let mut items: Vec<String> = Vec::new();
    for (i, p) in plies.iter().enumerate() {
        let text = if p.forced {
            format!("({})", p.text)
        } else {
            p.text.clone()
        };
        let number = numberer.at(i);
        // Moves of several words (Bulltricker's) each keep their own number.
        let joins =
            number.second && i > 0 && !text.contains(' ') && !plies[i - 1].text.contains(' ');
        match items.last_mut() {
            Some(item) if joins => {
                item.push(' ');
                item.push_str(&text);
            }
            _ => items.push(format!("{} {text}", number.label())),
        }
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && line.len() + 2 + item.len() > 72 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(&item);
    }
    lines.push(line);
    lines.join("\n")
}

/// The number of the `ply`-th move (from 1) of the game, as its records write it.
fn number_of(stored: &StoredGame, ply: usize) -> usize {
    terms::move_number(stored, ply.saturating_sub(1)).number
}

/// The clock lines of the game for the reader (control, time left, deadline), when it
/// has a clock.
fn clock_block(lang: Lang, s: &Seen) -> Option<String> {
    let view = s.clock.as_ref()?;
    let lines = clock_text::clock_lines(lang, view, s.you, &opp(lang, s.opponent.as_deref()));
    (!lines.is_empty()).then_some(lines)
}

/// The board, the move count, whose turn, the move list and the position string.
fn position_block(lang: Lang, s: &Seen) -> String {
    // Listed from the store (forced passes are the moves no message carried): no replay.
    let plies: Vec<Ply> = s
        .stored
        .moves
        .iter()
        .map(|m| Ply {
            text: m.text.clone(),
            side: s.you,
            forced: m.message_id.is_none(),
        })
        .collect();
    let mut out = String::new();
    out.push_str(s.live.board(lang).trim_end());
    out.push_str("\n\n");
    let numberer = Numberer::of(s.stored);
    if !s.live.outcome().is_over() && s.stored.result.is_none() {
        let next = numberer.at(plies.len()).number;
        out.push_str(&t!(lang, "move-next", number = next));
        out.push(' ');
        out.push_str(&sides_line(lang, s));
        if let Some(lines) = clock_block(lang, s) {
            out.push('\n');
            out.push_str(&lines);
        }
    } else {
        let last = plies
            .len()
            .checked_sub(1)
            .map_or(0, |i| numberer.at(i).number);
        out.push_str(&t!(lang, "moves-played", count = last));
    }
    out.push_str("\n\n");
    out.push_str(&t!(lang, "moves-head"));
    out.push('\n');
    out.push_str(&move_list(lang, &numberer, &plies));
    out.push_str("\n\n");
    // Whole, never cut by the mail's line breaking: players copy it into other programs.
    out.push(crate::text::WHOLE_LINE);
    out.push_str(&t!(
        lang,
        "position-line",
        position = s.live.position_string()
    ));
    out.push('\n');
    out
}

/// A move to show the reader how moves are written: the first of the game's notation
/// examples (from its guide) that is legal for the reader right now; none when it is not
/// their turn or none is legal. Never a move of the live position's choosing, so it can be
/// neither the opponent's move nor a hint at a compulsory one.
fn example_move(live: &AnyGame, reader: Side) -> Option<&'static str> {
    if live.side_to_move() != reader || live.outcome().is_over() {
        return None;
    }
    live.kind()
        .notation_examples()
        .iter()
        .copied()
        .find(|m| live.judge(m).is_ok_and(|j| j.mover == reader))
}

/// How to answer, with the reader's reply address.
fn how_to_play(lang: Lang, s: &Seen) -> String {
    let mut out = match example_move(s.live, s.you) {
        Some(example) => t!(lang, "how-to-play", example = example),
        None => t!(lang, "how-to-play-bare"),
    };
    out.push('\n');
    let pat = if terms::has_pat_protocol(s.stored.kind) {
        "yes"
    } else {
        "no"
    };
    out.push_str(&t!(lang, "other-commands", pat = pat));
    out.push('\n');
    if let Some(addr) = &s.reply_to {
        out.push_str(&t!(lang, "reply-address-private", address = addr.clone()));
        out.push('\n');
    }
    out
}

/// The result in words, once: who won and how (or how it was drawn), and what it means
/// for the reader.
fn result_words(lang: Lang, live: &AnyGame, result: &GameResult, you: Option<Side>) -> String {
    let how = termination_words(lang, live, &result.termination);
    match result.winner {
        Some(w) => {
            let side = t!(
                lang,
                "side-name-start",
                game = live.kind().name(),
                side = w.name()
            );
            let mut out = t!(lang, "result-win", side = side, how = how);
            match you {
                Some(y) if y == w => out = out + " " + &t!(lang, "result-you-win"),
                Some(_) => out = out + " " + &t!(lang, "result-you-lose"),
                None => {}
            }
            out
        }
        None => t!(
            lang,
            "result-draw",
            code = result.termination.clone(),
            how = how
        ),
    }
}

/// Whether a stored result line is the game's protocol tokens (`WW MAT`, `6-3`, `PAT`,
/// `1-0 30-19`), which every language shows as they are, rather than the English words
/// stored for games without tokens (shown in the reader's language instead). Tokens never
/// have lower-case letters.
fn is_protocol_line(line: &str) -> bool {
    !line.is_empty() && !line.chars().any(char::is_lowercase)
}

/// The result for a sentence: the tokens (when the game has them) and the words, each once.
pub fn result_text(lang: Lang, live: &AnyGame, result: &GameResult, you: Option<Side>) -> String {
    let words = result_words(lang, live, result, you);
    if is_protocol_line(&result.line) {
        format!("{}. {words}", result.line)
    } else {
        words
    }
}

/// A termination code in words: the game's own (from its outcome), or a shared one.
fn termination_words(lang: Lang, live: &AnyGame, code: &str) -> String {
    let own = live.outcome().termination().filter(|t| t.code == code);
    for t in own.into_iter().chain([
        Termination::RESIGNATION,
        Termination::AGREED_DRAW,
        Termination::TIME,
        Termination::CANCELLED,
        Termination::ADJUDICATION,
        Termination::CANCELLED_BY_DIRECTOR,
    ]) {
        if t.code == code {
            return t.text().get(lang).to_string();
        }
    }
    code.to_string()
}

/// The general help, followed by one game's help when `game` is given.
pub fn help(lang: Lang, game: Option<GameKind>) -> String {
    let games: Vec<String> = GameKind::ALL
        .iter()
        .map(|k| format!("  {} ({})", k.title(lang), k.name()))
        .collect();
    let languages: Vec<String> = Lang::available()
        .iter()
        .map(|l| l.code().to_uppercase())
        .collect();
    let mut out = format!(
        "{}\n{}\n",
        t!(lang, "help", languages = languages.join(", ")),
        games.join("\n")
    );
    if let Some(kind) = game {
        out.push('\n');
        out.push_str(&game_help(lang, kind));
    }
    out
}

/// One game's help: its player's guide (rules and notation, from the game module), then its
/// variants and options.
pub fn game_help(lang: Lang, kind: GameKind) -> String {
    let mut out = kind.guide(lang).trim_end().to_string();
    out.push_str("\n\n");
    let variants: Vec<String> = kind
        .variants()
        .iter()
        .map(|v| format!("  {} ({})", v.id, v.title(kind, lang)))
        .collect();
    out.push_str(&t!(
        lang,
        "help-variants",
        game = kind.name(),
        of = t!(
            lang,
            "of-game",
            game = kind.name(),
            title = kind.title(lang)
        )
    ));
    out.push_str(&format!("\n{}\n", variants.join("\n")));
    let specs = kind.option_specs();
    if !specs.is_empty() {
        out.push_str(&t!(lang, "help-options"));
        out.push('\n');
        for s in specs {
            out.push_str(&t!(
                lang,
                "help-option",
                name = s.name,
                default = s.default,
                values = s.values.join("|"),
                what = s.describe(kind, lang)
            ));
            out.push('\n');
        }
    }
    out
}

/// A player's words quoted back, cut at 80 characters.
fn quote(text: &str) -> String {
    if text.chars().count() <= 80 {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(79).collect();
    cut.push('…');
    cut
}

/// A message that was not understood, followed by the help.
pub fn not_understood(lang: Lang, line: &str, game: Option<GameKind>) -> String {
    let head = if line.is_empty() {
        t!(lang, "empty-message")
    } else {
        t!(lang, "not-understood", line = quote(line))
    };
    head + "\n\n" + &help(lang, game)
}

// ---------------------------------------------------------------------------------------
// Mail hygiene and routing

/// An oversized message.
pub fn too_large(lang: Lang, size: usize, limit: usize) -> String {
    t!(lang, "too-large", size = size, limit = limit) + "\n"
}

/// The Subject of a request to confirm `line`: the game tag (or `[arbitre]`), then
/// `Confirm:` and the command, for the player to see (never read back: the request is
/// stored, see [`crate::referee::confirm`]).
pub fn subject_confirm(lang: Lang, game: Option<GameId>, line: &str) -> String {
    let tag = match game {
        Some(id) => format!("[arbitre #{id}]"),
        None => "[arbitre]".to_string(),
    };
    t!(
        lang,
        "subject-confirm",
        tag = tag,
        command = line.to_string()
    )
}

/// A command that would change a game or a player, in a message nothing proves the sender
/// wrote. `confirmable`: a request to confirm it was stored, and this mail's reply address
/// is the request's own (a `YES` to it carries the command out). `reply_address`: whether
/// this mail has a reply address that proves the sender at all.
pub fn unproven(lang: Lang, line: &str, confirmable: bool, reply_address: bool) -> String {
    let how = match (reply_address, confirmable) {
        (true, true) => t!(lang, "unproven-confirm"),
        (true, false) => t!(lang, "unproven-resend"),
        (false, _) => t!(lang, "unproven-no-key"),
    };
    // The command is shown indented, as quoted text (Fluent keeps no leading spaces).
    format!(
        "{}\n\n{how}\n\n{}\n",
        t!(lang, "unproven", command = format!("    {}", quote(line))),
        t!(lang, "unproven-advice")
    )
}

/// A message sent to a plus-address of arbitre that is not one of its reply addresses.
pub fn invalid_address(lang: Lang, address: &str) -> String {
    t!(lang, "invalid-address", address = address.to_string()) + "\n"
}

/// The answer to mail sent to a reply address of a secret since replaced.
pub fn retired_address(lang: Lang, address: &str) -> String {
    t!(lang, "retired-address", address = address.to_string()) + "\n"
}

/// The time of day of `at` (seconds since the epoch), `HH:MM` in UTC.
fn clock_utc(at: i64) -> String {
    let day = at.rem_euclid(86_400);
    format!("{:02}:{:02}", day / 3600, (day % 3600) / 60)
}

/// The one notice a sender gets when the rate limit starts to hold answers back.
pub fn rate_limited(lang: Lang, limit: u32, until: i64) -> String {
    t!(
        lang,
        "rate-limited",
        limit = limit,
        until = clock_utc(until)
    ) + "\n"
}

/// A message about a game the sender does not play in.
pub fn not_your_game(lang: Lang, id: GameId) -> String {
    t!(lang, "not-your-game", id = id) + "\n"
}

/// A message naming a game arbitre does not know.
pub fn unknown_game(lang: Lang, id: GameId) -> String {
    t!(lang, "unknown-game", id = id) + "\n"
}

/// A game command with no game to apply it to.
pub fn no_game(lang: Lang, why: NoGame) -> String {
    match why {
        NoGame::NoActive => t!(lang, "no-game-active") + "\n",
        NoGame::NothingToAnswer => t!(lang, "no-game-to-answer") + "\n",
    }
}

/// Several games could be meant: the list, and how to choose.
pub fn which_game(lang: Lang, games: &[GameLine]) -> String {
    format!("{}\n\n{}", t!(lang, "which-game"), game_lines(lang, games))
}

/// The sender's games.
pub fn games_list(lang: Lang, games: &[GameLine]) -> String {
    if games.is_empty() {
        return t!(lang, "games-none") + "\n";
    }
    format!("{}\n\n{}", t!(lang, "games-head"), game_lines(lang, games))
}

fn game_lines(lang: Lang, games: &[GameLine]) -> String {
    let mut out = String::new();
    for g in games {
        let (state, result) = match &g.state {
            State::YourTurn => ("your-turn", String::new()),
            State::TheirTurn => ("their-turn", String::new()),
            State::InvitedYou => ("invited-you", String::new()),
            State::InvitedThem => ("invited-them", String::new()),
            State::Finished(line) => ("finished", line.clone()),
            State::Declined => ("declined", String::new()),
        };
        out.push_str(&t!(
            lang,
            "game-line",
            id = g.id,
            game = g.kind.title(lang),
            opponent = opp(lang, g.opponent.as_deref()),
            side = g.you.clone(),
            state = state,
            result = result
        ));
        out.push('\n');
        if let Some(addr) = &g.reply_to {
            out.push_str(&format!(
                "    {}\n",
                t!(lang, "game-line-address", address = addr.clone())
            ));
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Language

/// The opponent's words that came with their move, under a heading naming them; empty
/// when there are none or they do not go to this reader.
fn words_passed_on(lang: Lang, s: &Seen, words: Option<Words>) -> String {
    let Some(Words {
        said,
        passed_on: true,
    }) = words
    else {
        return String::new();
    };
    let mut out = format!(
        "\n{}\n",
        t!(
            lang,
            "chat-heading",
            who = opp_cap(lang, s.opponent.as_deref())
        )
    );
    for line in &said.lines {
        out.push_str(line);
        out.push('\n');
    }
    if said.cut {
        out.push_str(&t!(lang, "chat-cut", lines = chat::MAX_LINES));
        out.push('\n');
    }
    if said.masked {
        out.push_str(&t!(lang, "chat-masked"));
        out.push('\n');
    }
    out
}

/// For the mover: whether the words they wrote with the move went with it.
fn words_sent(lang: Lang, s: &Seen, words: Option<Words>) -> String {
    match words {
        None => String::new(),
        Some(w) if w.passed_on => format!("{}\n", t!(lang, "chat-passed-on")),
        Some(_) => format!(
            "{}\n",
            t!(
                lang,
                "chat-not-passed-on",
                opponent = opp_cap(lang, s.opponent.as_deref())
            )
        ),
    }
}

/// `CHAT ON` / `CHAT OFF`.
pub fn chat_set(lang: Lang, on: bool) -> String {
    let text = if on {
        t!(lang, "chat-on")
    } else {
        t!(lang, "chat-off")
    };
    text + "\n"
}

/// `PICTURES ON` / `PICTURES OFF`.
pub fn pictures_set(lang: Lang, on: bool) -> String {
    let text = if on {
        t!(lang, "pictures-on")
    } else {
        t!(lang, "pictures-off")
    };
    text + "\n"
}

/// `PUBLIC ON` / `PUBLIC OFF`.
pub fn public_set(lang: Lang, on: bool) -> String {
    let text = if on {
        t!(lang, "public-on")
    } else {
        t!(lang, "public-off")
    };
    text + "\n"
}

/// `PUBLIC` without ON or OFF.
pub fn public_usage(lang: Lang) -> String {
    t!(lang, "public-usage") + "\n"
}

/// `PICTURES` without ON or OFF.
pub fn pictures_usage(lang: Lang) -> String {
    t!(lang, "pictures-usage") + "\n"
}

/// `TZ <zone>` taken.
pub fn zone_set(lang: Lang, zone: &str) -> String {
    t!(lang, "zone-set", zone = zone.to_string()) + "\n"
}

/// `TZ` alone: the zone in use.
pub fn zone_current(lang: Lang, zone: &jiff::tz::TimeZone) -> String {
    t!(lang, "zone-current", zone = clock_text::zone_name(zone)) + "\n"
}

/// `TZ <zone>` with a zone nobody knows.
pub fn zone_unknown(lang: Lang, zone: &str) -> String {
    t!(lang, "zone-unknown", zone = zone.to_string()) + "\n"
}

/// A reminder to the player to move: how long the game has waited for them, then the
/// position with its clock lines (the deadline) and how to answer.
pub fn reminder(lang: Lang, s: &Seen, waited: i64) -> String {
    let mut out = t!(
        lang,
        "clock-reminder",
        id = s.stored.id,
        title = title(lang, s.stored),
        opponent = opp(lang, s.opponent.as_deref()),
        waited = clock_text::duration_words(lang, waited)
    );
    out.push_str("\n\n");
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// A director's change to a game (`news`, already in the reader's words) and its
/// reason, then the position with its clock lines; how to answer for the player to move.
pub fn directed(lang: Lang, s: &Seen, news: &str, reason: &str) -> String {
    let mut out = format!(
        "{news}\n{}\n\n",
        t!(lang, "director-reason", reason = reason.to_string())
    );
    out.push_str(&position_block(lang, s));
    if s.stored.status == GameStatus::Active && s.live.side_to_move() == s.you {
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    }
    out
}

/// `CLOCK`: the control, both clocks, the deadline, and the zone times are written in.
pub fn clock_answer(lang: Lang, s: &Seen) -> String {
    let mut out = t!(lang, "clock-head", id = s.stored.id) + "\n\n";
    match &s.clock {
        Some(view) => {
            out.push_str(&clock_text::clock_lines(
                lang,
                view,
                s.you,
                &opp(lang, s.opponent.as_deref()),
            ));
            out.push_str("\n\n");
            out.push_str(&t!(
                lang,
                "clock-your-zone",
                zone = clock_text::zone_name(&view.zone)
            ));
        }
        None => out.push_str(&t!(lang, "clock-none")),
    }
    out.push('\n');
    out
}

/// `CHAT` without `ON` or `OFF`.
pub fn chat_usage(lang: Lang) -> String {
    t!(lang, "chat-usage") + "\n"
}

/// The language has been switched to `lang` (written in `lang`), with how to switch to
/// each other language, each line in its own language.
pub fn lang_set(lang: Lang) -> String {
    let mut out = t!(lang, "lang-set") + "\n\n";
    out.push_str(&other_language_hint(lang));
    out
}

/// `LANG` without a known language.
pub fn lang_usage(lang: Lang) -> String {
    let choices: Vec<String> = Lang::available()
        .into_iter()
        .map(|l| format!("{} ({})", l.code().to_uppercase(), t!(l, "language-name")))
        .collect();
    t!(lang, "lang-usage", choices = choices.join(", ")) + "\n"
}

/// One line per language other than `lang`, each in its own language, saying how to
/// switch to it.
fn other_language_hint(lang: Lang) -> String {
    Lang::available()
        .into_iter()
        .filter(|l| *l != lang)
        .map(|l| t!(l, "lang-offer", code = l.code().to_uppercase()) + "\n")
        .collect()
}

// ---------------------------------------------------------------------------------------
// Challenges

/// A NEW line that cannot be read.
pub fn new_error(lang: Lang, e: &NewError) -> String {
    let games = GameKind::ALL
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(", ");
    let what = match e {
        NewError::MissingGame => t!(lang, "new-missing-game", games = games),
        NewError::UnknownGame(g) => t!(lang, "new-unknown-game", name = g.clone(), games = games),
        NewError::MissingOpponent => t!(lang, "new-missing-opponent"),
        NewError::BadAddress(a) => t!(lang, "new-bad-address", address = a.clone()),
        NewError::BadColour(c) => t!(lang, "new-bad-colour", colour = c.clone()),
        NewError::BadTime(_, e) => t!(
            lang,
            "new-bad-time",
            why = clock_text::control_error(lang, e.as_ref())
        ),
    };
    format!(
        "{what} {}\n\n{}\n",
        t!(lang, "no-game-created"),
        t!(lang, "new-usage")
    )
}

/// A challenge to oneself.
pub fn new_self(lang: Lang) -> String {
    t!(lang, "new-self") + "\n"
}

/// A challenge to arbitre itself.
pub fn new_bot(lang: Lang) -> String {
    t!(lang, "new-bot") + "\n"
}

/// A game that cannot be set up as asked.
pub fn setup_error(lang: Lang, kind: GameKind, e: &SetupError) -> String {
    let title = kind.title(lang).to_string();
    let what = match e {
        SetupError::UnknownVariant { name, known, .. } => t!(
            lang,
            "setup-unknown-variant",
            title = title,
            name = name.clone(),
            known = known.clone()
        ),
        SetupError::Options(OptionError::Unknown { name, known }) => t!(
            lang,
            "setup-unknown-option",
            title = title,
            name = name.clone(),
            known = known.clone()
        ),
        SetupError::Options(OptionError::BadValue {
            name,
            value,
            allowed,
        }) => t!(
            lang,
            "setup-bad-value",
            name = name.clone(),
            value = value.clone(),
            allowed = allowed.clone()
        ),
        SetupError::Options(OptionError::Syntax(item)) => t!(
            lang,
            "setup-syntax",
            item = item.clone(),
            of = t!(lang, "of-game", game = kind.name(), title = title.clone())
        ),
        SetupError::Position(p) => {
            t!(
                lang,
                "setup-position",
                reason = p.reason.get(lang).to_string()
            )
        }
    };
    format!(
        "{what} {}\n\n{}",
        t!(lang, "no-game-created"),
        game_help(lang, kind)
    )
}

/// Options that differ from the defaults, for invitations (`None` when all are default).
fn options_line(lang: Lang, stored: &StoredGame) -> Option<String> {
    let specs = stored.kind.option_specs();
    let changed: Vec<&str> = stored
        .options
        .split(',')
        .filter(|item| {
            item.split_once('=')
                .is_some_and(|(n, v)| specs.iter().any(|s| s.name == n && s.default != v))
        })
        .collect();
    if changed.is_empty() {
        return None;
    }
    Some(t!(lang, "options-line", options = changed.join(", ")) + "\n")
}

/// What a game was set up with beyond its start: the options that differ from their
/// defaults and the time control, a line each (empty when there is neither).
fn setup_lines(lang: Lang, stored: &StoredGame) -> String {
    let mut out = options_line(lang, stored).unwrap_or_default();
    let control = &stored.clock.control;
    if control.is_timed() {
        out.push_str(&t!(
            lang,
            "clock-control-line",
            control = control.to_string(),
            words = clock_text::control_words(lang, control)
        ));
        out.push('\n');
    }
    out
}

/// The invitation mailed to a challenged player.
pub fn invitation(lang: Lang, s: &Seen, challenger: Option<&str>) -> String {
    let who = match challenger {
        Some(n) => n.to_string(),
        None => t!(lang, "a-player"),
    };
    let mut out = t!(
        lang,
        "invitation",
        who = who,
        of = of_game(lang, s.stored),
        id = s.stored.id,
        side = side_words(lang, s.stored.kind, s.you),
        first = side_words(lang, s.stored.kind, s.live.side_to_move()),
        you_first = you_first(s)
    ) + "\n";
    out.push_str(&setup_lines(lang, s.stored));
    out.push('\n');
    if s.stored.terms.rated {
        out.push_str(&t!(lang, "invitation-rated"));
        out.push('\n');
    }
    out.push_str(&t!(lang, "invitation-how"));
    out.push('\n');
    if let Some(addr) = &s.reply_to {
        out.push_str(&t!(lang, "your-reply-address", address = addr.clone()));
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&other_language_hint(lang));
    // How to stop every invitation, in each language: the invitee may read none of the
    // challenger's.
    out.push('\n');
    for l in std::iter::once(lang).chain(Lang::available().into_iter().filter(|l| *l != lang)) {
        out.push_str(&t!(l, "invitation-stop"));
        out.push('\n');
    }
    out
}

/// The acknowledgement of a challenge to the challenger.
pub fn challenge_sent(lang: Lang, s: &Seen) -> String {
    t!(
        lang,
        "challenge-sent",
        of = of_game(lang, s.stored),
        id = s.stored.id,
        side = side_words(lang, s.stored.kind, s.you),
        first = side_words(lang, s.stored.kind, s.live.side_to_move()),
        you_first = you_first(s)
    ) + "\n"
        + &setup_lines(lang, s.stored)
}

/// A game starts (invitation accepted, or set up by a director): board, sides, how to play.
pub fn game_started(lang: Lang, s: &Seen, by_director: bool) -> String {
    let (of, vs, id) = (
        of_game(lang, s.stored),
        opp(lang, s.opponent.as_deref()),
        s.stored.id,
    );
    let head = if by_director {
        t!(lang, "game-set-up", of = of, opponent = vs, id = id)
    } else {
        t!(lang, "game-begins", of = of, opponent = vs, id = id)
    };
    let turn = if s.live.side_to_move() == s.you {
        t!(lang, "your-move-first")
    } else {
        t!(lang, "their-move-first")
    };
    let mut out = format!("{head}\n{turn}\n");
    // The time control is in the position block, with the clocks.
    out.push_str(&options_line(lang, s.stored).unwrap_or_default());
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The challenger answers their own invitation.
pub fn waiting_acceptance(lang: Lang) -> String {
    t!(lang, "waiting-acceptance") + "\n"
}

/// The invitee declined: to the invitee.
pub fn declined_ack(lang: Lang, id: GameId) -> String {
    t!(lang, "declined-ack", id = id) + "\n"
}

/// The invitee declined: to the challenger.
pub fn declined_notice(lang: Lang, id: GameId, name: Option<&str>) -> String {
    t!(lang, "declined-notice", who = opp_cap(lang, name), id = id) + "\n"
}

/// The challenger withdrew: to the challenger.
pub fn withdrawn_ack(lang: Lang, id: GameId) -> String {
    t!(lang, "withdrawn-ack", id = id) + "\n"
}

/// The challenger withdrew: to the invitee.
pub fn withdrawn_notice(lang: Lang, id: GameId, name: Option<&str>) -> String {
    t!(lang, "withdrawn-notice", who = opp_cap(lang, name), id = id) + "\n"
}

// ---------------------------------------------------------------------------------------
// Game states that refuse a command

/// A command for a game that has not started.
pub fn not_started(lang: Lang, invitee: bool) -> String {
    let invitee = if invitee { "yes" } else { "no" };
    format!("ERR\n\n{}\n", t!(lang, "not-started", invitee = invitee))
}

/// A command for a declined game.
pub fn game_declined(lang: Lang) -> String {
    t!(lang, "game-declined") + "\n"
}

/// A command for a finished game.
pub fn game_over(lang: Lang, live: &AnyGame, result: &GameResult, you: Side) -> String {
    let result = result_text(lang, live, result, Some(you));
    format!("ERR\n\n{}\n", t!(lang, "game-over", result = result))
}

/// The stored game does not replay (a bug or a hand-edited store).
pub fn store_problem(lang: Lang, id: GameId) -> String {
    t!(lang, "store-problem", id = id) + "\n"
}

// ---------------------------------------------------------------------------------------
// Moves

/// Announces forced passes.
fn passes(lang: Lang, live: &AnyGame, you: Side, passes: &[(Side, String)]) -> String {
    let mut out = String::new();
    for (side, text) in passes {
        if *side == you {
            out.push_str(&t!(lang, "pass-yours", pass = text.clone()));
        } else {
            let name = t!(
                lang,
                "side-name-start",
                game = live.kind().name(),
                side = side.name()
            );
            out.push_str(&t!(lang, "pass-theirs", side = name, pass = text.clone()));
        }
        out.push('\n');
    }
    out
}

/// The move forwarded to the opponent: the protocol line first, then what it did, the
/// position, and how to answer.
pub fn move_forward(
    lang: Lang,
    s: &Seen,
    j: &Judgement,
    news: &News,
    words: Option<Words>,
) -> String {
    let mut out = format!("{}\n\n", j.line);
    out.push_str(&t!(
        lang,
        "move-played",
        who = opp_cap(lang, s.opponent.as_deref()),
        side = side_words(lang, s.stored.kind, j.mover),
        ply = number_of(s.stored, j.ply),
        effect = j.effect.get(lang).to_string()
    ));
    out.push('\n');
    if news.prepared {
        out.push_str(&t!(lang, "conditions-theirs-played"));
        out.push('\n');
    }
    out.push_str(&words_passed_on(lang, s, words));
    out.push_str(&passes(lang, s.live, s.you, &j.forced_passes));
    out.push_str(&news_lines(lang, news));
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The lines of `news` about the reader's own offers, requests and conditions.
fn news_lines(lang: Lang, news: &News) -> String {
    let mut out = String::new();
    if news.offer_declined {
        out.push_str(&t!(lang, "offer-declined-by-move"));
        out.push('\n');
    }
    if news.undo_lapsed {
        out.push_str(&t!(lang, "undo-lapsed"));
        out.push('\n');
    }
    if !news.dropped.is_empty() {
        out.push_str(&conditions_block(
            lang,
            &t!(
                lang,
                "conditions-dropped-by-move",
                count = news.dropped.len()
            ),
            news.dropped,
        ));
    }
    out
}

/// The short confirmation to the mover (with the whole position when the opponent had to
/// pass and the mover plays again).
pub fn move_confirm(lang: Lang, s: &Seen, j: &Judgement, words: Option<Words>) -> String {
    let mut out = format!("{}\n\n", j.line);
    out.push_str(&t!(
        lang,
        "move-accepted",
        ply = number_of(s.stored, j.ply),
        effect = j.effect.get(lang).to_string()
    ));
    out.push('\n');
    let words = words_sent(lang, s, words);
    out.push_str(&passes(lang, s.live, s.you, &j.forced_passes));
    if s.live.side_to_move() == s.you {
        out.push_str(&words);
        out.push_str(&t!(lang, "your-move-again"));
        out.push_str("\n\n");
        out.push_str(&position_block(lang, s));
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    } else {
        out.push_str(&t!(
            lang,
            "move-sent-on",
            opponent = opp(lang, s.opponent.as_deref())
        ));
        out.push('\n');
        if let Some(lines) = clock_block(lang, s) {
            out.push_str(&lines);
            out.push('\n');
        }
        out.push_str(&words);
    }
    out
}

/// A refused move: the protocol error line first, then why, then `then` (the legal moves
/// close to what was written, when any), then the position.
pub fn refused(lang: Lang, s: &Seen, line: &str, why: &str, then: &str) -> String {
    let mut out = format!("{line}\n\n");
    out.push_str(&t!(lang, "move-refused", why = why.to_string()));
    out.push('\n');
    out.push_str(then);
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// A move sent out of turn.
pub fn not_your_turn(lang: Lang, s: &Seen) -> String {
    let who = opp(lang, s.opponent.as_deref());
    let mut out = format!("ERR\n\n{}\n\n", t!(lang, "not-your-turn", opponent = who));
    out.push_str(&position_block(lang, s));
    out
}

/// A protocol `ERR` received from a player.
pub fn err_received(lang: Lang, s: &Seen) -> String {
    let mut out = t!(lang, "err-received") + "\n\n";
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The board on request.
pub fn board_view(lang: Lang, s: &Seen) -> String {
    let mut out = t!(
        lang,
        "board-title",
        title = title(lang, s.stored),
        id = s.stored.id
    ) + "\n\n";
    out.push_str(&position_block(lang, s));
    if let Some(result) = &s.stored.result {
        out.push_str(&result_block(lang, s, result));
    } else if s.stored.status == crate::referee::GameStatus::Active {
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    }
    out
}

/// The answer to `CHECK`: each move of the line, legal (what it does) or not (why), and the
/// board after the legal ones. Nothing was played.
pub fn check_view(lang: Lang, s: &Seen, run: &DryRun) -> String {
    let mut out = t!(lang, "check-head") + "\n";
    if run.as_if {
        out.push_str(&t!(lang, "check-as-if"));
        out.push('\n');
    }
    out.push('\n');
    for (i, step) in run.steps.iter().enumerate() {
        let line = match step {
            Step::Legal(j) => t!(
                lang,
                "check-legal",
                n = i + 1,
                played = j.line.clone(),
                effect = j.effect.get(lang)
            ),
            Step::Refused(text, refusal) => t!(
                lang,
                "check-refused",
                n = i + 1,
                played = text.clone(),
                why = refusal.explain(lang)
            ),
        };
        out.push_str(&line);
        out.push('\n');
    }
    if run.unchecked > 0 {
        out.push_str(&t!(lang, "check-unchecked", count = run.unchecked));
        out.push('\n');
    }
    out.push('\n');
    let legal = run.steps.iter().any(|s| matches!(s, Step::Legal(_)));
    out.push_str(&if legal {
        t!(lang, "check-board")
    } else {
        t!(lang, "check-board-now")
    });
    out.push_str("\n\n");
    out.push_str(&run.after.board(lang));
    if s.live.side_to_move() == s.you {
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    }
    out
}

/// `CHECK` with nothing to check, too much, or from a position the rules refuse.
pub fn check_refused(lang: Lang, s: &Seen, no: &NoRun) -> String {
    let text = match no {
        NoRun::Empty => {
            let example = s.stored.kind.notation_examples().first().copied();
            t!(lang, "check-empty", example = example.unwrap_or_default())
        }
        NoRun::TooLong(count) => t!(
            lang,
            "check-too-long",
            count = *count,
            most = crate::referee::check::MOST_MOVES
        ),
        NoRun::NotFromHere => t!(lang, "check-not-from-here"),
    };
    format!("{text}\n")
}

// ---------------------------------------------------------------------------------------
// Take-backs

/// To the opponent: `side` asks to take back `text`; the board as it stands.
pub fn undo_asked(lang: Lang, s: &Seen, text: &str) -> String {
    let mut out = t!(
        lang,
        "undo-asked",
        who = opp_cap(lang, s.opponent.as_deref()),
        played = text.to_string()
    );
    out.push_str("\n\n");
    out.push_str(&position_block(lang, s));
    out
}

/// To the asker: the request went to the opponent.
pub fn undo_sent(lang: Lang, s: &Seen, text: &str) -> String {
    let opponent = opp(lang, s.opponent.as_deref());
    t!(
        lang,
        "undo-sent",
        played = text.to_string(),
        opponent = opponent
    ) + "\n"
}

/// The request already stands.
pub fn undo_already_asked(lang: Lang) -> String {
    t!(lang, "undo-already-asked") + "\n"
}

/// Nothing the sender may take back: no move of theirs ends the record.
pub fn undo_nothing(lang: Lang) -> String {
    t!(lang, "undo-nothing") + "\n"
}

/// The take-back is agreed: to both, the move taken back and the board now. `agreed`: the
/// reader is the one who agreed.
/// `dropped`: the reader's conditional moves the take-back dropped.
pub fn undo_done(lang: Lang, s: &Seen, text: &str, agreed: bool, dropped: &[Line]) -> String {
    let mut out = if agreed {
        t!(lang, "undo-done-you-agreed", played = text.to_string())
    } else {
        t!(
            lang,
            "undo-done-they-agreed",
            who = opp_cap(lang, s.opponent.as_deref()),
            played = text.to_string()
        )
    };
    out.push('\n');
    if !dropped.is_empty() {
        let head = t!(
            lang,
            "conditions-dropped-by-takeback",
            count = dropped.len()
        );
        out.push_str(&conditions_block(lang, &head, dropped));
    }
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The take-backs of a game, one line each, for its history (empty when none).
fn takebacks_block(lang: Lang, s: &Seen) -> String {
    if s.stored.takebacks.is_empty() {
        return String::new();
    }
    let mut out = format!("\n{}\n", t!(lang, "takebacks-head"));
    for t in &s.stored.takebacks {
        let number = terms::move_number(s.stored, t.ply - 1).label();
        out.push_str(&t!(
            lang,
            "takeback-line",
            number = number,
            played = t.text.clone(),
            side = side_words(lang, s.stored.kind, t.by)
        ));
        out.push('\n');
    }
    out
}

/// The move list on request.
/// `held`: the reader's own conditional moves, shown to them alone.
pub fn history_view(lang: Lang, s: &Seen, record: &str, held: &[Line]) -> String {
    let mut out = t!(
        lang,
        "history-head",
        title = title(lang, s.stored),
        id = s.stored.id
    ) + "\n\n";
    out.push_str(record);
    out.push_str(&takebacks_block(lang, s));
    if !held.is_empty() {
        let head = t!(lang, "conditions-history-head", count = held.len());
        out.push_str(&conditions_block(lang, &head, held));
    }
    if let Some(result) = &s.stored.result {
        out.push_str(&result_block(lang, s, result));
    }
    out
}

fn result_block(lang: Lang, s: &Seen, result: &GameResult) -> String {
    let result = result_text(lang, s.live, result, Some(s.you));
    format!("\n{}\n", t!(lang, "result-block", result = result))
}

// ---------------------------------------------------------------------------------------
// Conditional moves

/// One line of conditional moves as the reader would write it: `IF i5h5 THEN b1c2 IF ...`.
fn condition_line(lang: Lang, line: &Line) -> String {
    line.steps
        .iter()
        .map(|step| {
            t!(
                lang,
                "conditions-step",
                theirs = step.theirs.clone(),
                mine = step.mine.clone()
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `head`, then the lines, one per line, indented.
fn conditions_block(lang: Lang, head: &str, lines: &[Line]) -> String {
    let mut out = format!("{head}\n");
    for line in lines {
        out.push_str("  ");
        out.push_str(&condition_line(lang, line));
        out.push('\n');
    }
    out
}

/// The reader's conditional moves in the game `s` shows, with their heading.
fn held_block(lang: Lang, s: &Seen) -> String {
    let held = crate::referee::conditional::held(s.stored, s.you);
    if held.is_empty() {
        return t!(lang, "conditions-none") + "\n";
    }
    let head = t!(lang, "conditions-head", count = held.len());
    conditions_block(lang, &head, held)
}

/// "Bob (Black) played move 12. <what it did>"
fn played_by_opponent(lang: Lang, s: &Seen, j: &Judgement) -> String {
    t!(
        lang,
        "move-played",
        who = opp_cap(lang, s.opponent.as_deref()),
        side = side_words(lang, s.stored.kind, j.mover),
        ply = number_of(s.stored, j.ply),
        effect = j.effect.get(lang).to_string()
    )
}

/// "Your conditional moves answered it: move 13, b1c2. <what it did>"
fn answered_line(lang: Lang, s: &Seen, mine: &Judgement) -> String {
    t!(
        lang,
        "conditions-answered",
        ply = number_of(s.stored, mine.ply),
        played = mine.canonical.clone(),
        effect = mine.effect.get(lang).to_string()
    ) + "\n"
}

/// A conditional line is stored: to its owner, with the lines it replaced and all those
/// now held.
pub fn conditions_stored(lang: Lang, s: &Seen, replaced: &[Line]) -> String {
    let mut out = t!(
        lang,
        "conditions-stored",
        opponent = opp(lang, s.opponent.as_deref())
    ) + "\n\n";
    if !replaced.is_empty() {
        let head = t!(lang, "conditions-replaced", count = replaced.len());
        out.push_str(&conditions_block(lang, &head, replaced));
        out.push('\n');
    }
    out.push_str(&held_block(lang, s));
    out.push('\n');
    out.push_str(&t!(lang, "conditions-how"));
    out.push('\n');
    out
}

/// A conditional line (`line`, as written) that cannot be stored: why, and the board it
/// starts from. `others`: the other lines of the mail, not stored either.
pub fn conditions_refused(
    lang: Lang,
    s: &Seen,
    line: &str,
    others: usize,
    error: &LineError,
) -> String {
    let why = match error {
        LineError::YourTurn => t!(lang, "conditions-your-turn"),
        LineError::Shape => t!(lang, "conditions-shape"),
        LineError::Theirs(n, played, refusal) => t!(
            lang,
            "conditions-theirs-illegal",
            n = *n,
            played = played.clone(),
            why = refusal.explain(lang)
        ),
        LineError::Mine(n, played, refusal) => t!(
            lang,
            "conditions-mine-illegal",
            n = *n,
            played = played.clone(),
            why = refusal.explain(lang)
        ),
        LineError::AfterTheEnd(n) => t!(lang, "conditions-after-end", n = *n),
        LineError::TooLong(count) => t!(
            lang,
            "conditions-too-long",
            count = *count,
            most = crate::referee::conditions::MOST_STEPS
        ),
    };
    let mut out = t!(
        lang,
        "conditions-refused",
        line = t!(lang, "reading-quoted", text = quote(line)),
        why = why,
        others = others
    ) + "\n\n";
    out.push_str(&held_block(lang, s));
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    if matches!(error, LineError::YourTurn) {
        out.push_str(&how_to_play(lang, s));
    } else {
        out.push_str(&t!(lang, "conditions-how"));
        out.push('\n');
    }
    out
}

/// A line would make more than `most` lines in the game.
pub fn conditions_too_many(lang: Lang, most: usize) -> String {
    t!(lang, "conditions-too-many", most = most) + "\n"
}

/// `CONDITIONS`: the reader's lines in the game.
pub fn conditions_list(lang: Lang, s: &Seen) -> String {
    let mut out = held_block(lang, s);
    out.push('\n');
    out.push_str(&t!(lang, "conditions-how"));
    out.push('\n');
    out
}

/// `CONDITIONS CLEAR`: the lines dropped.
pub fn conditions_cleared(lang: Lang, lines: &[Line]) -> String {
    let head = t!(lang, "conditions-cleared", count = lines.len());
    conditions_block(lang, &head, lines)
}

/// To the owner of a line: the opponent's move `theirs` (the protocol line first) and the
/// prepared answer `mine` played at once, the lines left, and the board after both.
pub fn conditional_answered(
    lang: Lang,
    s: &Seen,
    theirs: &Judgement,
    mine: &Judgement,
    words: Option<Words>,
    news: &News,
) -> String {
    let mut out = format!("{}\n\n", theirs.line);
    out.push_str(&played_by_opponent(lang, s, theirs));
    out.push('\n');
    out.push_str(&words_passed_on(lang, s, words));
    out.push_str(&news_lines(lang, news));
    out.push_str(&answered_line(lang, s, mine));
    out.push_str(&passes(lang, s.live, s.you, &mine.forced_passes));
    let your_move = s.live.side_to_move() == s.you;
    if !your_move {
        out.push_str(&t!(
            lang,
            "move-sent-on",
            opponent = opp(lang, s.opponent.as_deref())
        ));
        out.push('\n');
    }
    let held = crate::referee::conditional::held(s.stored, s.you);
    out.push('\n');
    if held.is_empty() {
        out.push_str(&t!(lang, "conditions-none-left"));
        out.push('\n');
    } else {
        let head = t!(lang, "conditions-left", count = held.len());
        out.push_str(&conditions_block(lang, &head, held));
    }
    out.push('\n');
    out.push_str(&position_block(lang, s));
    if your_move {
        out.push('\n');
        out.push_str(&how_to_play(lang, s));
    }
    out
}

// ---------------------------------------------------------------------------------------
// Draws and the end of a game

/// A draw offer (or a `PAT` claim the rules do not confirm), forwarded to the opponent.
/// Bulltricker players get the protocol line `PAT` first.
/// `dropped`: the reader's conditional moves the offer dropped.
pub fn draw_offer_forward(lang: Lang, s: &Seen, dropped: &[Line]) -> String {
    let who = opp_cap(lang, s.opponent.as_deref());
    let mut out = String::new();
    if terms::has_pat_protocol(s.stored.kind) {
        out.push_str("PAT\n\n");
        out.push_str(&t!(lang, "draw-offer-pat", who = who));
    } else {
        out.push_str(&t!(lang, "draw-offer", who = who));
    }
    out.push('\n');
    if !dropped.is_empty() {
        let head = t!(lang, "conditions-dropped-by-offer", count = dropped.len());
        out.push_str(&conditions_block(lang, &head, dropped));
    }
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The sender's draw offer has been forwarded. `claim` when it was a `PAT` claim the rules
/// do not confirm.
pub fn draw_offer_ack(lang: Lang, s: &Seen, claim: bool) -> String {
    let mut out = String::new();
    if claim {
        out.push_str(&t!(lang, "draw-claim-refused"));
        out.push(' ');
    }
    out.push_str(&t!(
        lang,
        "draw-offer-sent",
        opponent = opp(lang, s.opponent.as_deref())
    ));
    out.push('\n');
    out
}

/// The sender's own draw offer already stands.
pub fn draw_already_offered(lang: Lang) -> String {
    t!(lang, "draw-already-offered") + "\n"
}

/// The sender declined the opponent's draw offer: to the sender.
pub fn draw_declined_ack(lang: Lang) -> String {
    t!(lang, "draw-declined-ack") + "\n"
}

/// The opponent declined the reader's draw offer.
pub fn draw_declined_notice(lang: Lang, name: Option<&str>) -> String {
    t!(lang, "draw-declined-notice", who = opp_cap(lang, name)) + "\n"
}

/// The closing mail to each player: the result first (the move's protocol line when a move
/// ended it), what happened, the final board, the result in words and the complete record.
pub fn game_end(
    lang: Lang,
    s: &Seen,
    ending: Ending,
    result: &GameResult,
    record: &str,
    words: Option<Words>,
) -> String {
    // The first line is the protocol's: the move's line, else the result tokens; a game
    // without tokens starts with the result in the reader's words.
    let first = match ending {
        Ending::Move(j) | Ending::Answered { mine: j, .. } => j.line.clone(),
        _ if is_protocol_line(&result.line) => result.line.clone(),
        _ => result_words(lang, s.live, result, Some(s.you)),
    };
    let mut out = format!("{first}\n\n");
    let opponent = opp_cap(lang, s.opponent.as_deref());
    match ending {
        Ending::Move(j) => {
            let side = side_words(lang, s.stored.kind, j.mover);
            let effect = j.effect.get(lang).to_string();
            out.push_str(&if j.mover == s.you {
                t!(
                    lang,
                    "end-your-move",
                    ply = number_of(s.stored, j.ply),
                    side = side,
                    effect = effect
                )
            } else {
                t!(
                    lang,
                    "move-played",
                    who = opponent,
                    side = side,
                    ply = number_of(s.stored, j.ply),
                    effect = effect
                )
            });
            out.push('\n');
            out.push_str(&if j.mover == s.you {
                words_sent(lang, s, words)
            } else {
                words_passed_on(lang, s, words)
            });
            out.push_str(&passes(lang, s.live, s.you, &j.forced_passes));
        }
        Ending::Resigned(side) if side == s.you => {
            out.push_str(&t!(lang, "end-you-resigned"));
            out.push('\n');
        }
        Ending::Resigned(_) => {
            out.push_str(&t!(lang, "end-they-resigned", who = opponent));
            out.push('\n');
        }
        Ending::AgreedDraw => {
            out.push_str(&t!(lang, "end-agreed-draw"));
            out.push('\n');
        }
        Ending::ClaimConfirmed => {
            out.push_str(&t!(lang, "end-claim-confirmed"));
            out.push('\n');
        }
        Ending::TimedOut { loser, when } if loser == s.you => {
            out.push_str(&t!(lang, "end-time-you", when = when.to_string()));
            out.push('\n');
        }
        Ending::TimedOut { when, .. } => {
            out.push_str(&t!(
                lang,
                "end-time-them",
                who = opponent,
                when = when.to_string()
            ));
            out.push('\n');
        }
        Ending::Cancelled { when } => {
            out.push_str(&t!(lang, "end-cancelled", when = when.to_string()));
            out.push('\n');
        }
        Ending::Adjudicated { reason, cancelled } => {
            out.push_str(&if cancelled {
                t!(lang, "end-cancelled-by-director")
            } else {
                t!(lang, "end-adjudicated")
            });
            out.push('\n');
            out.push_str(&t!(lang, "director-reason", reason = reason.to_string()));
            out.push('\n');
        }
        Ending::Answered { theirs, mine } if mine.mover == s.you => {
            out.push_str(&played_by_opponent(lang, s, theirs));
            out.push('\n');
            out.push_str(&words_passed_on(lang, s, words));
            out.push_str(&answered_line(lang, s, mine));
            out.push_str(&passes(lang, s.live, s.you, &mine.forced_passes));
        }
        Ending::Answered { mine, .. } => {
            out.push_str(&played_by_opponent(lang, s, mine));
            out.push('\n');
            out.push_str(&t!(lang, "conditions-theirs-played"));
            out.push('\n');
            out.push_str(&passes(lang, s.live, s.you, &mine.forced_passes));
        }
    }
    out.push('\n');
    out.push_str(s.live.board(lang).trim_end());
    out.push('\n');
    out.push_str(&result_block(lang, s, result));
    out.push('\n');
    out.push_str(&t!(lang, "end-record"));
    out.push_str("\n\n");
    out.push_str(record);
    out.push('\n');
    out.push_str(&t!(lang, "end-thanks"));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_of_mail_about_no_game_say_the_topic() {
        assert_eq!(subject(Lang::FR, Topic::Help), "[arbitre] Aide");
        assert_eq!(subject(Lang::EN, Topic::Games), "[arbitre] Your games");
    }

    #[test]
    fn the_help_exists_in_both_languages_and_lists_every_game() {
        let en = help(Lang::EN, None);
        let fr = help(Lang::FR, None);
        assert!(en.contains("RESIGN") && en.contains("(EN, FR)"), "{en}");
        // The catalog keeps the command table's own indentation and columns.
        assert!(en.contains("\n  DRAW         offer a draw"), "{en}");
        assert!(
            en.contains("\n               else sent to your opponent"),
            "{en}"
        );
        assert!(fr.contains("\n  NULLE         proposer la nulle"), "{fr}");
        assert!(fr.contains("ABANDON") && fr.contains("NOUVELLE"));
        for k in GameKind::ALL {
            assert!(en.contains(k.name()) && fr.contains(k.name()));
        }
        let with_game = help(Lang::EN, Some(GameKind::ALL[0]));
        assert!(with_game.len() > en.len());
    }

    #[test]
    fn every_new_error_is_explained_in_both_languages() {
        for e in [
            NewError::MissingGame,
            NewError::UnknownGame("chess".into()),
            NewError::MissingOpponent,
            NewError::BadAddress("bob".into()),
            NewError::BadColour("purple".into()),
        ] {
            let en = new_error(Lang::EN, &e);
            let fr = new_error(Lang::FR, &e);
            assert!(en.contains("No game was created"), "{en}");
            assert!(fr.contains("Aucune partie"), "{fr}");
        }
    }

    #[test]
    fn move_lists_are_numbered_and_wrapped() {
        let plies: Vec<Ply> = (0..40)
            .map(|i| Ply {
                text: format!("m{i}xyz"),
                side: if i % 2 == 0 { Side::White } else { Side::Black },
                forced: i == 3,
            })
            .collect();
        // Sauterelle numbers every move.
        let plies_numbered = Numberer::starting(GameKind::Sauterelle, Some(Side::White));
        let list = move_list(Lang::EN, &plies_numbered, &plies);
        assert!(list.starts_with("1. m0xyz  2. m1xyz"), "{list}");
        assert!(list.contains("4. (m3xyz)"));
        assert!(list.lines().all(|l| l.len() <= 72));
        assert!(list.contains("40. m39xyz"));
        // Bulltricker numbers pairs, White first; a game that Black opens starts at 1...
        let pairs = Numberer::starting(GameKind::Bulltricker, Some(Side::White));
        let list = move_list(Lang::EN, &pairs, &plies);
        assert!(
            list.starts_with("1. m0xyz m1xyz  2. m2xyz (m3xyz)"),
            "{list}"
        );
        assert!(list.contains("20. m38xyz m39xyz"), "{list}");
        assert!(list.lines().all(|l| l.len() <= 72));
        let late = Numberer::starting(GameKind::Bulltricker, Some(Side::Black));
        let list = move_list(Lang::EN, &late, &plies[..3]);
        assert_eq!(list, "1... m0xyz  2. m1xyz m2xyz");
        assert_eq!(
            move_list(Lang::FR, &pairs, &[]),
            "(aucun coup pour l'instant)"
        );
    }

    #[test]
    fn game_lists_never_show_an_opponent_address() {
        let lines = vec![GameLine {
            id: 3,
            kind: GameKind::ALL[0],
            you: "Black".into(),
            opponent: None,
            state: State::YourTurn,
            reply_to: Some("arbitre+g3-b-xyz@example.org".into()),
        }];
        let text = games_list(Lang::EN, &lines);
        assert!(
            text.contains("[arbitre #3]")
                && text.contains("your opponent")
                && text.contains("your move")
        );
        assert!(games_list(Lang::FR, &lines).contains("à vous de jouer"));
    }
}
