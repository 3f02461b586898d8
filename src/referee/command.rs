//! The commands a player can mail, and how they are read from one cleaned line.
//!
//! Keywords come from the catalogs of every language (`locales/*/words.ftl`, read by
//! [`vocabulary`]), in any case, accents optional: `NEW`/`NOUVELLE`, `ACCEPT`/`ACCEPTER`,
//! `DECLINE`/`REFUSER`, `RESIGN`/`ABANDON`, `DRAW`/`NULLE`, `BOARD`/`PLATEAU`,
//! `HISTORY`/`HISTORIQUE`, `GAMES`/`PARTIES`, `HELP`/`AIDE`, `LANG FR|EN`,
//! `CHAT ON|OFF`/`DISCUSSION OUI|NON`, `CHECK`/`VERIFIER`, `UNDO`/`ANNULER`,
//! `IF ... THEN ...`/`SI ... ALORS ...`, `CONDITIONS [CLEAR]`/`CONDITIONS [EFFACER]`,
//! `NO MORE INVITATIONS`/`PLUS D'INVITATIONS` (alone on its line); the
//! protocol's `PAT` and `ERR` are the same in every language. The language of the keyword a
//! player wrote is the hint returned with it. A line that is no keyword is a
//! [`Command::Move`] when some game's notation reads it, else [`Command::Unknown`] (answered with the help text, or with `ERR` when it
//! was sent to a game as that player's move).
//!
//! Commands that change a game (`ACCEPT`, `DECLINE`, `RESIGN`, `DRAW`, `PAT`) must stand
//! alone on their line (punctuation aside), so that "Draw? Never!" offers nothing. The
//! harmless ones (`BOARD`, `HISTORY`, `GAMES`, `HELP`) may be followed by other words.
//!
//! `NEW <game> [<variant>] [<option>...] [AS <colour>] VS <address>` (French: `NOUVELLE
//! <jeu> ... [EN <couleur>] CONTRE <adresse>`) challenges a player; the colour clause may
//! also follow the address. Colours are `white`/`black` (`blanc`/`noir`), the game's own
//! side names, or `first`/`second` (`premier`/`second`). Instead of an address, `arbitre`
//! (`computer`, `ordinateur`...) challenges the computer, with `LEVEL 1`-`9` (`NIVEAU`)
//! anywhere among the options; `HINT` (`CONSEIL`) asks it for a move in such a game.

use crate::clock::leave::read_day;
use crate::clock::{ControlError, TimeControl};
use crate::games::engine::Level;
use crate::games::{Game, GameKind, Side, fold_name};
use crate::referee::Notify;
use crate::referee::read::Candidates;
use crate::referee::vocabulary::{self, Meaning, fold_word};
use crate::text::Lang;
use jiff::civil::Date;

/// One command read from a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Challenge someone to a new game (or why the challenge cannot be read).
    New(Result<Challenge, NewError>),
    /// Accept an invitation (or a draw offer standing against the sender).
    Accept,
    /// Decline an invitation (or a draw offer); the challenger withdraws with it.
    Decline,
    /// Resign the game.
    Resign,
    /// Offer a draw, or accept the opponent's offer.
    Draw,
    /// Claim a win on time (a game in claim mode).
    Claim,
    /// The protocol's `PAT`: a draw claim (Bulltricker), or a draw offer elsewhere.
    Pat,
    /// Show the board.
    Board,
    /// Show the whole move list.
    History,
    /// List my games.
    Games,
    /// The help text, general or for one game.
    Help(Option<GameKind>),
    /// Switch my language (`None`: the language was missing or unknown).
    Lang(Option<Lang>),
    /// Receive my opponents' words (`CHAT ON`) or not (`CHAT OFF`); `None`: neither said.
    Chat(Option<bool>),
    /// Board pictures in mail (`PICTURES ON`) or the text board alone (`PICTURES OFF`);
    /// `None`: neither said.
    Pictures(Option<bool>),
    /// My casual games on the public pages (`PUBLIC ON`) or hidden (`PUBLIC OFF`); `None`:
    /// neither said.
    Public(Option<bool>),
    /// The name shown to my opponents and on the pages: the words after `NAME`, as written
    /// (`None`: nothing after it).
    Name(Option<String>),
    /// A dry run of a move or a line of moves: the words after the keyword, as written.
    Check(String),
    /// Ask to take back my last move, or agree to the opponent's request.
    Undo,
    /// Ask the computer for a move (in a game against it).
    Hint,
    /// Store a conditional line: the words after `IF`, as written
    /// (`<their move> THEN <my move> [IF <their move> THEN <my move>]...`).
    If(String),
    /// List my conditional moves in the game, or drop them all (`true`: `CONDITIONS CLEAR`).
    Conditions(bool),
    /// Both clocks of the game, the deadline, the leave left.
    Clock,
    /// Set my time zone (`Some(name as written)`) or ask for it (`None`).
    Zone(Option<String>),
    /// Take leave, cancel it, or ask for the balance.
    Leave(LeaveRequest),
    /// Link a phone, unlink it, or see it.
    Phone(PhoneRequest),
    /// Six digits alone: the code sent to a phone being linked.
    Code(String),
    /// How I hear of my games (`None`: neither SMS, MAIL nor BOTH said).
    Notify(Option<Notify>),
    /// `STOP` (`true`) or `START` (`false`), alone in an SMS.
    Stop(bool),
    /// Enter an event: its name (`None`: not given) and the name to show, if given.
    Join(Option<String>, Option<String>),
    /// An event's standings (`None`: the sender's event).
    Standings(Option<String>),
    /// Withdraw from an event (`None`: not named).
    Withdraw(Option<String>),
    /// `NO MORE INVITATIONS`: other players' invitations no longer reach me.
    NoInvitations,
    /// A protocol `ERR` line sent by a player (they believe a move was wrong).
    ProtocolError,
    /// A line that some game's notation reads as a move.
    Move(String),
    /// Anything else.
    Unknown(String),
}

impl Command {
    /// True for the commands that act on one game (a move, `DRAW`, `RESIGN`, `CHECK`,
    /// `UNDO`, ...), which the referee routes to the game the message names or to the
    /// sender's only game they can apply to; false for those about the player, their
    /// account or their events, which read all of the sender's games. The referee's
    /// dispatch holds to it (`message::decide` routes exactly these), and the store reads
    /// only the named game for them (see [`crate::referee::Lookup::one_game`]).
    pub fn acts_on_one_game(&self) -> bool {
        !matches!(
            self,
            Command::New(_)
                | Command::Games
                | Command::Help(_)
                | Command::Lang(_)
                | Command::Chat(_)
                | Command::Pictures(_)
                | Command::Public(_)
                | Command::Name(_)
                | Command::Zone(_)
                | Command::Leave(_)
                | Command::Phone(_)
                | Command::Code(_)
                | Command::Notify(_)
                | Command::Join(..)
                | Command::Standings(_)
                | Command::Withdraw(_)
                | Command::NoInvitations
        )
    }
}

/// What a `PHONE` line asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhoneRequest {
    /// The phone linked, and how the player hears of their games.
    Show,
    /// Link this number (as written).
    Link(String),
    /// Unlink the phone.
    Off,
}

/// A challenge as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Which game.
    pub kind: GameKind,
    /// The variant named, if any.
    pub variant: Option<String>,
    /// The options written, each `name=value` or a bare value.
    pub options: Vec<String>,
    /// The colour the challenger asked for, if any.
    pub colour: Option<Colour>,
    /// The challenged address, lower case.
    pub opponent: String,
    /// The time control asked for (`TIME 3d` / `TEMPS 3j`), if any.
    pub time: Option<TimeControl>,
    /// The computer's level asked for (`LEVEL 5` / `NIVEAU 5`), if any.
    pub level: Option<Level>,
}

/// What a `LEAVE` line asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeaveRequest {
    /// The balance and the leave planned.
    Show,
    /// Leave from the first day to the last (inclusive).
    Take(Date, Date),
    /// End the current or next leave.
    Cancel,
    /// Words that are neither days nor `CANCEL`.
    Unreadable(String),
}

/// Reads the words after `LEAVE` (`raw` as written, `folded` for keywords).
fn read_leave(raw: &[&str], folded: &[&str]) -> LeaveRequest {
    if raw.is_empty() {
        return LeaveRequest::Show;
    }
    if vocabulary::start(folded, &[Meaning::Clear]).is_some() {
        return LeaveRequest::Cancel;
    }
    // `LEAVE 2026-12-20 2027-01-03`, `CONGE 20/12/2026 AU 03/01/2027`: the days in it.
    let days: Vec<Date> = raw.iter().filter_map(|w| read_day(w)).collect();
    match days.as_slice() {
        [one] => LeaveRequest::Take(*one, *one),
        [first, last] => LeaveRequest::Take(*first, *last),
        _ => LeaveRequest::Unreadable(raw.join(" ")),
    }
}

/// A colour asked for in a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// This side.
    Side(Side),
    /// The side that moves first in the chosen start.
    First,
    /// The side that moves second.
    Second,
}

/// Why a `NEW` line cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewError {
    /// No game named.
    MissingGame,
    /// No game of that name.
    UnknownGame(String),
    /// No `VS <address>`.
    MissingOpponent,
    /// The opponent is not a mail address.
    BadAddress(String),
    /// The colour word is not a colour.
    BadColour(String),
    /// The time control cannot be read (empty when none follows `TIME`).
    BadTime(String, Option<ControlError>),
    /// The level is not one of 1 to 9 (empty when none follows `LEVEL`).
    BadLevel(String),
    /// A level for a person: only the computer has one (found once the address is known
    /// to be a person's, not by the parser).
    LevelForPerson(Level),
}

/// The command read from a message, the line it came from, and the language its keyword
/// is written in (a hint for players we do not know yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The command.
    pub command: Command,
    /// The cleaned line it was read from (empty if the message said nothing).
    pub line: String,
    /// The language of the keyword, when it tells.
    pub hint: Option<Lang>,
}

/// Reads the command of a message: the first candidate line that is a command or a move,
/// skipping prose ("Hi Bob,") but stopping at a line that looks like an attempted move
/// (it has a digit: a mistyped move must be answered, not skipped); else the first line as
/// [`Command::Unknown`]. The Subject is read only when the text holds nothing at all.
pub fn read_command(c: &Candidates) -> Reading {
    for line in &c.lines {
        let (command, hint) = parse(line);
        if !matches!(command, Command::Unknown(_)) || looks_like_a_move(line) {
            return Reading {
                command,
                line: line.clone(),
                hint,
            };
        }
    }
    // The Subject only when nothing at all was written: a reply's words, whatever they
    // are, are answered as they are, never replaced by the Subject it carries.
    if c.lines.is_empty() {
        let (command, hint) = parse(&c.subject);
        return Reading {
            command,
            line: c.subject.clone(),
            hint,
        };
    }
    let first = c.lines[0].clone();
    Reading {
        command: Command::Unknown(first.clone()),
        line: first,
        hint: None,
    }
}

/// Reads one cleaned line.
pub fn parse(line: &str) -> (Command, Option<Lang>) {
    let line = line.trim();
    if line == "?" {
        return (Command::Help(None), None);
    }
    let raw: Vec<&str> = line.split_whitespace().collect();
    let words: Vec<String> = raw.iter().map(|w| fold_word(w)).collect();
    let w: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|w| !w.is_empty())
        .collect();
    let Some(&first) = w.first() else {
        return (Command::Unknown(line.to_string()), None);
    };
    if let Some(found) = exact(&w) {
        return found;
    }
    use Meaning as M;
    let starting = [
        M::New,
        M::Board,
        M::History,
        M::Games,
        M::Help,
        M::Lang,
        M::Chat,
        M::Check,
        M::Hint,
        M::Conditions,
        M::Clock,
        M::Zone,
        M::Leave,
        M::Phone,
        M::Notify,
        M::Pictures,
        M::Public,
        M::Name,
        M::Join,
        M::Standings,
        M::Withdraw,
    ];
    if let Some(found) = conditional(&raw, &w) {
        return found;
    }
    if let Some((meaning, hint, n)) = vocabulary::start(&w, &starting) {
        let args = raw.get(n..).unwrap_or(&[]);
        let command = match meaning {
            M::New => Command::New(read_new(&elide(args))),
            M::Board => Command::Board,
            M::History => Command::History,
            M::Games => Command::Games,
            M::Help => Command::Help(game_in(args)),
            M::Lang => Command::Lang(lang_in(&w[n..])),
            M::Check => Command::Check(raw.get(n..).unwrap_or(&[]).join(" ")),
            M::Hint => Command::Hint,
            M::Clock => Command::Clock,
            M::Zone => Command::Zone(raw.get(n).map(|z| z.to_string())),
            M::Leave => Command::Leave(read_leave(&raw[n.min(raw.len())..], &w[n.min(w.len())..])),
            M::Phone => Command::Phone(read_phone(args, &w[n.min(w.len())..])),
            M::Join => Command::Join(
                args.first().map(|e| e.to_string()),
                Some(args.get(1..).unwrap_or(&[]).join(" ")).filter(|n| !n.is_empty()),
            ),
            M::Standings => Command::Standings(args.first().map(|e| e.to_string())),
            M::Pictures => Command::Pictures(switch_in(&w[n..])),
            M::Public => Command::Public(switch_in(&w[n..])),
            M::Name => Command::Name(Some(args.join(" ")).filter(|n| !n.trim().is_empty())),
            M::Withdraw => Command::Withdraw(args.first().map(|e| e.to_string())),
            M::Notify => Command::Notify(
                vocabulary::start(&w[n.min(w.len())..], &[M::Sms, M::Mail, M::Both]).map(
                    |(m, _, _)| match m {
                        M::Sms => Notify::Sms,
                        M::Mail => Notify::Mail,
                        _ => Notify::Both,
                    },
                ),
            ),
            M::Conditions => Command::Conditions(
                w.get(n..)
                    .is_some_and(|rest| vocabulary::start(rest, &[M::Clear]).is_some()),
            ),
            _ => Command::Chat(switch_in(&w[n..])),
        };
        return (command, hint);
    }
    match first {
        // A position string names no language.
        "position" => return (Command::Board, None),
        "err" => return (Command::ProtocolError, None),
        _ => {}
    }
    if let Some(code) = read_code(line) {
        return (Command::Code(code), None);
    }
    if reads_as_move(line) {
        return (Command::Move(line.to_string()), None);
    }
    (Command::Unknown(line.to_string()), None)
}

/// Reads the words after `PHONE` (`raw` as written, `folded` for keywords).
fn read_phone(raw: &[&str], folded: &[&str]) -> PhoneRequest {
    if raw.is_empty() {
        return PhoneRequest::Show;
    }
    if vocabulary::whole(folded, &[Meaning::Off]).is_some() {
        return PhoneRequest::Off;
    }
    PhoneRequest::Link(raw.join(" "))
}

/// Six digits alone (`123456`, `123 456`, `123-456`): a phone's code.
pub fn read_code(line: &str) -> Option<String> {
    let digits: String = line
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.'))
        .collect();
    (digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// `IF <their move> THEN <my move> ...`: a line starting with `IF` that goes on with `THEN`
/// or a move-like word (so that "If you like, ..." stays prose, and "IF e5e6 a1b2" gets an
/// answer saying what is missing).
fn conditional(raw: &[&str], w: &[&str]) -> Option<(Command, Option<Lang>)> {
    let (_, hint, n) = vocabulary::start(w, &[Meaning::If])?;
    let rest = raw.get(n..).unwrap_or(&[]);
    let then = w
        .get(n..)
        .unwrap_or(&[])
        .iter()
        .any(|w| vocabulary::is(w, Meaning::Then));
    if !then && !looks_like_a_move(&rest.join(" ")) {
        return None;
    }
    Some((Command::If(rest.join(" ")), hint))
}

/// True when an unrecognised line is probably a mistyped move rather than prose: every
/// game's move notation has digits (coordinates), prose rarely does.
pub fn looks_like_a_move(line: &str) -> bool {
    line.chars().any(|c| c.is_ascii_digit())
}

/// The commands that must stand alone on their line.
fn exact(w: &[&str]) -> Option<(Command, Option<Lang>)> {
    use Meaning as M;
    if let Some((meaning, hint)) = vocabulary::whole(
        w,
        &[
            M::Accept,
            M::Decline,
            M::Resign,
            M::Draw,
            M::Undo,
            M::Claim,
            M::NoInvitations,
        ],
    ) {
        let command = match meaning {
            M::Accept => Command::Accept,
            M::NoInvitations => Command::NoInvitations,
            M::Decline => Command::Decline,
            M::Resign => Command::Resign,
            M::Undo => Command::Undo,
            M::Claim => Command::Claim,
            _ => Command::Draw,
        };
        return Some((command, hint));
    }
    match w {
        // The protocol's token, the same in every language.
        ["pat"] => Some((Command::Pat, None)),
        // A language's name alone chooses it (not its two-letter code, `en` being a word).
        [word] if word.len() > 2 => {
            Lang::from_name(word).map(|lang| (Command::Lang(Some(lang)), None))
        }
        _ => None,
    }
}

/// True when some game's notation reads `line` as a move.
pub fn reads_as_move(line: &str) -> bool {
    GameKind::ALL.iter().any(|&kind| kind_reads(kind, line))
}

/// True when `kind`'s notation reads `line` as a move (it may still be illegal).
pub fn kind_reads(kind: GameKind, line: &str) -> bool {
    crate::with_game!(kind, G => <G as Game>::read_notation(line).is_ok())
}

/// The first game named among `words` (a game name may take up to four words).
fn game_in(words: &[&str]) -> Option<GameKind> {
    (0..words.len()).find_map(|i| longest_game(&words[i..]).map(|(k, _)| k))
}

/// The game named by the longest run of words at the start of `words`, and its length.
fn longest_game(words: &[&str]) -> Option<(GameKind, usize)> {
    (1..=words.len().min(4))
        .rev()
        .find_map(|n| GameKind::from_name(&words[..n].join(" ")).map(|k| (k, n)))
}

/// The language named by the first word.
/// `ON` or `OFF`, in any language, as the only word after the keyword.
fn switch_in(words: &[&str]) -> Option<bool> {
    match vocabulary::whole(words, &[Meaning::On, Meaning::Off]) {
        Some((Meaning::On, _)) => Some(true),
        Some((Meaning::Off, _)) => Some(false),
        _ => None,
    }
}

fn lang_in(words: &[&str]) -> Option<Lang> {
    words.first().and_then(|w| Lang::from_name(w))
}

/// Splits French elisions (`d'abalone` -> `d'`, `abalone`).
fn elide<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut out = Vec::with_capacity(words.len());
    for w in words {
        let lower = w.to_lowercase();
        match ["d'", "l'"].iter().find(|p| lower.starts_with(*p)) {
            Some(p) if w.len() > p.len() => {
                out.push(&w[..p.len()]);
                out.push(&w[p.len()..]);
            }
            _ => out.push(w),
        }
    }
    out
}

/// Reads the words after `NEW`.
fn read_new(words: &[&str]) -> Result<Challenge, NewError> {
    let folded: Vec<String> = words.iter().map(|w| fold_word(w)).collect();
    let is_vs = |w: &str| vocabulary::is(w, Meaning::Versus);
    let vs = folded.iter().position(|w| is_vs(w));
    let (head, tail): (&[&str], &[&str]) = match vs {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[]),
    };
    // Skip `GAME`, `PARTIE`, `PARTIE DE`, `D'`.
    let mut head = head;
    while let Some(first) = head.first() {
        if !vocabulary::is(&fold_word(first), Meaning::Filler) {
            break;
        }
        head = &head[1..];
    }
    if head.is_empty() {
        return Err(NewError::MissingGame);
    }
    let (kind, used) =
        longest_game(head).ok_or_else(|| NewError::UnknownGame(head[0].to_string()))?;
    let mut rest: Vec<&str> = head[used..].to_vec();
    let Some((address, after)) = tail.split_first() else {
        return Err(NewError::MissingOpponent);
    };
    // `VS arbitre`: the computer plays (its seat is known once the level is read).
    let computer = vocabulary::is(&fold_word(address), Meaning::Computer);
    let opponent = if computer {
        String::new()
    } else {
        read_address(address).ok_or_else(|| NewError::BadAddress(address.to_string()))?
    };
    rest.extend_from_slice(after);

    let mut colour = None;
    let mut variant = None;
    let mut time = None;
    let mut level = None;
    let mut options = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let word = fold_word(rest[i]);
        if vocabulary::is(&word, Meaning::Level) {
            let text = rest.get(i + 1).map_or("", |t| t.trim_matches(','));
            let n = text.parse::<u8>().ok().and_then(Level::new);
            level = Some(n.ok_or_else(|| NewError::BadLevel(text.to_string()))?);
            i += 2;
            continue;
        }
        if vocabulary::is(&word, Meaning::Time) {
            let Some(text) = rest.get(i + 1) else {
                return Err(NewError::BadTime(String::new(), None));
            };
            let text = text.trim_matches(',');
            time = Some(
                TimeControl::read(text)
                    .map_err(|e| NewError::BadTime(text.to_string(), Some(e)))?,
            );
            i += 2;
            continue;
        }
        if vocabulary::is(&word, Meaning::Colour) {
            let mut j = i + 1;
            while j < rest.len() && vocabulary::is(&fold_word(rest[j]), Meaning::Article) {
                j += 1;
            }
            let Some(word) = rest.get(j) else {
                return Err(NewError::BadColour(String::new()));
            };
            colour =
                Some(read_colour(kind, word).ok_or_else(|| NewError::BadColour(word.to_string()))?);
            i = j + 1;
            continue;
        }
        if variant.is_none() && !rest[i].contains('=') {
            let found = (1..=(rest.len() - i).min(3)).rev().find(|&n| {
                let name = rest[i..i + n].join(" ");
                kind.variants().iter().any(|v| v.is_named(&name))
            });
            if let Some(n) = found {
                variant = Some(rest[i..i + n].join(" "));
                i += n;
                continue;
            }
        }
        options.push(rest[i].trim_matches(',').to_string());
        i += 1;
    }
    options.retain(|o| !o.is_empty());
    let opponent = if computer {
        crate::referee::computer::seat(level.unwrap_or(Level::DEFAULT))
    } else {
        opponent
    };
    Ok(Challenge {
        kind,
        variant,
        options,
        colour,
        opponent,
        time,
        level,
    })
}

/// Reads a colour word for `kind`.
fn read_colour(kind: GameKind, word: &str) -> Option<Colour> {
    let w = fold_word(word);
    if w == "1" || vocabulary::is(&w, Meaning::First) {
        return Some(Colour::First);
    }
    if w == "2" || vocabulary::is(&w, Meaning::Second) {
        return Some(Colour::Second);
    }
    if let Some(side) = Side::from_name(&w) {
        return Some(Colour::Side(side));
    }
    Side::BOTH.into_iter().find_map(|side| {
        Lang::available()
            .into_iter()
            .any(|lang| {
                let name = fold_name(&kind.side_label(side, lang));
                name == w || format!("{name}s") == w
            })
            .then_some(Colour::Side(side))
    })
}

/// Reads a mail address as players write it (`bob@x.org`, `<bob@x.org>`,
/// `mailto:bob@x.org`), lower case; `None` if it is not one.
pub fn read_address(text: &str) -> Option<String> {
    let t = text.trim().trim_end_matches(['.', ',', ';', ':']);
    let t = t.trim_start_matches('<').trim_end_matches('>');
    let t = t.strip_prefix("mailto:").unwrap_or(t);
    let t = t.to_lowercase();
    let (local, domain) = t.split_once('@')?;
    let ok_local = !local.is_empty()
        && local.len() <= 64
        && local
            .chars()
            .all(|c| c.is_alphanumeric() || "!#$%&'*+-/=?^_`{|}~.".contains(c));
    let ok_domain = domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && domain.len() <= 253
        && domain
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '.');
    (ok_local && ok_domain).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Command {
        parse(line).0
    }

    #[test]
    fn no_more_invitations_stands_alone_in_either_language() {
        assert_eq!(
            parse("No more invitations."),
            (Command::NoInvitations, Some(Lang::EN))
        );
        assert_eq!(
            parse("PLUS D'INVITATIONS"),
            (Command::NoInvitations, Some(Lang::FR))
        );
        assert_eq!(
            parse("plus d\u{2019}invitations !"),
            (Command::NoInvitations, Some(Lang::FR))
        );
        assert!(matches!(
            cmd("no more invitations from bob please"),
            Command::Unknown(_)
        ));
        assert!(!Command::NoInvitations.acts_on_one_game());
    }

    #[test]
    fn keywords_are_read_in_both_languages_and_any_case() {
        for (line, want) in [
            ("ACCEPT", Command::Accept),
            ("Accepter", Command::Accept),
            ("j'accepte !", Command::Accept),
            ("decline", Command::Decline),
            ("REFUSER", Command::Decline),
            ("Resign.", Command::Resign),
            ("abandon", Command::Resign),
            ("J\u{2019}abandonne", Command::Resign),
            ("draw", Command::Draw),
            ("Nulle ?", Command::Draw),
            ("PAT", Command::Pat),
            ("pat", Command::Pat),
            ("board", Command::Board),
            ("Plateau svp", Command::Board),
            ("HISTORY", Command::History),
            ("historique", Command::History),
            ("games", Command::Games),
            ("Mes parties", Command::Games),
            ("PARTIES", Command::Games),
            ("help", Command::Help(None)),
            ("AIDE", Command::Help(None)),
            ("?", Command::Help(None)),
            ("LANG FR", Command::Lang(Some(Lang::FR))),
            ("langue anglais", Command::Lang(Some(Lang::EN))),
            ("lang", Command::Lang(None)),
            ("lang klingon", Command::Lang(None)),
            ("CHAT OFF", Command::Chat(Some(false))),
            ("chat on", Command::Chat(Some(true))),
            ("DISCUSSION NON", Command::Chat(Some(false))),
            ("Discussion oui.", Command::Chat(Some(true))),
            ("chat", Command::Chat(None)),
            ("chat maybe", Command::Chat(None)),
            ("Français", Command::Lang(Some(Lang::FR))),
            ("ERR !! a.h1 a.h8", Command::ProtocolError),
        ] {
            assert_eq!(cmd(line), want, "{line}");
        }
    }

    #[test]
    fn conditional_lines_and_the_conditions_commands_are_read_in_both_languages() {
        for (line, want) in [
            ("IF i5h5 THEN b1c2", Command::If("i5h5 THEN b1c2".into())),
            ("si i5h5 alors b1c2", Command::If("i5h5 alors b1c2".into())),
            // Forgotten THEN: still read as a line, so that the answer says what is missing.
            ("IF i5h5 b1c2", Command::If("i5h5 b1c2".into())),
            ("CONDITIONS", Command::Conditions(false)),
            ("conditionnels", Command::Conditions(false)),
            ("CONDITIONS CLEAR", Command::Conditions(true)),
            ("conditions effacer", Command::Conditions(true)),
            ("conditions please", Command::Conditions(false)),
        ] {
            assert_eq!(cmd(line), want, "{line}");
        }
        assert_eq!(parse("SI i5h5 ALORS b1c2").1, Some(Lang::FR));
        assert_eq!(parse("if i5h5 then b1c2").1, Some(Lang::EN));
        // Prose that starts with the word is no line.
        assert!(matches!(
            cmd("If you like, we play again"),
            Command::Unknown(_)
        ));
        assert!(matches!(cmd("Si tu veux"), Command::Unknown(_)));
    }

    #[test]
    fn keywords_tell_the_language_they_are_written_in() {
        assert_eq!(parse("AIDE").1, Some(Lang::FR));
        assert_eq!(parse("help").1, Some(Lang::EN));
        assert_eq!(parse("nouvelle abalone contre a@b.fr").1, Some(Lang::FR));
        assert_eq!(parse("PAT").1, None);
    }

    #[test]
    fn commands_that_change_a_game_must_stand_alone() {
        assert!(matches!(cmd("Draw? Never!"), Command::Unknown(_)));
        assert!(matches!(cmd("resign if you like"), Command::Unknown(_)));
        assert!(matches!(
            cmd("accept the challenge please"),
            Command::Unknown(_)
        ));
        assert!(matches!(cmd("hello there"), Command::Unknown(_)));
    }

    #[test]
    fn help_may_name_a_game() {
        assert_eq!(cmd("help abalone"), Command::Help(Some(GameKind::Abalone)));
        assert_eq!(
            cmd("AIDE pour ABA-PRO"),
            Command::Help(Some(GameKind::Abalone))
        );
        assert_eq!(cmd("help me please"), Command::Help(None));
    }

    #[test]
    fn a_challenge_reads_game_variant_options_colour_and_address() {
        let variant = GameKind::Abalone.variants()[0].id;
        let c = cmd(&format!("NEW Abalone {variant} VS <Bob@Example.org>"));
        let Command::New(Ok(ch)) = c else {
            panic!("{c:?}")
        };
        assert_eq!(ch.kind, GameKind::Abalone);
        assert_eq!(ch.variant.as_deref(), Some(variant));
        assert_eq!(ch.opponent, "bob@example.org");
        assert_eq!(ch.colour, None);
        assert!(ch.options.is_empty());

        let c = cmd("nouvelle partie d'abalone en noir contre mailto:ami@exemple.fr");
        let Command::New(Ok(ch)) = c else {
            panic!("{c:?}")
        };
        assert_eq!(ch.colour, Some(Colour::Side(Side::Black)));
        assert_eq!(ch.opponent, "ami@exemple.fr");

        let c = cmd("new aba speed=fast vs bob@example.org as second");
        let Command::New(Ok(ch)) = c else {
            panic!("{c:?}")
        };
        assert_eq!(ch.options, vec!["speed=fast"]);
        assert_eq!(ch.colour, Some(Colour::Second));

        let c = cmd("new abalone vs bob@example.org avec les blancs");
        let Command::New(Ok(ch)) = c else {
            panic!("{c:?}")
        };
        assert_eq!(ch.colour, Some(Colour::Side(Side::White)));
    }

    #[test]
    fn a_bad_challenge_says_what_is_wrong() {
        assert_eq!(cmd("new"), Command::New(Err(NewError::MissingGame)));
        assert_eq!(
            cmd("new chess vs a@b.org"),
            Command::New(Err(NewError::UnknownGame("chess".into())))
        );
        assert_eq!(
            cmd("new abalone"),
            Command::New(Err(NewError::MissingOpponent))
        );
        assert_eq!(
            cmd("new abalone vs bob"),
            Command::New(Err(NewError::BadAddress("bob".into())))
        );
        assert_eq!(
            cmd("new abalone as purple vs a@b.org"),
            Command::New(Err(NewError::BadColour("purple".into())))
        );
    }

    proptest::proptest! {
        #[test]
        fn any_text_reads_as_some_command_without_panicking(text in "\\PC{0,60}") {
            let line = crate::referee::read::clean(&text);
            let _ = parse(&line);
            let _ = read_address(&text);
        }

        #[test]
        fn challenge_like_text_never_panics(
            words in proptest::collection::vec("(new|nouvelle|vs|contre|as|en|avec|les|abalone|bulltricker|standard|a=b|x@y.z|d'|\\PC{0,6})", 0..8)
        ) {
            let _ = parse(&words.join(" "));
        }
    }

    #[test]
    fn addresses_are_checked_and_lower_cased() {
        assert_eq!(
            read_address("<A.B+x@Mail.Example.ORG>,"),
            Some("a.b+x@mail.example.org".into())
        );
        for bad in [
            "a@b",
            "@b.org",
            "a@.org",
            "a b@c.org",
            "a@b..org",
            "ab.org",
            "a@b@c.org",
        ] {
            assert_eq!(read_address(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_first_line_that_is_a_command_wins_and_the_subject_only_when_nothing_is_written() {
        let c = Candidates {
            lines: vec!["Hi Bob,".into(), "board".into()],
            subject: "help".into(),
        };
        assert_eq!(read_command(&c).command, Command::Board);
        let c = Candidates {
            lines: vec![],
            subject: "resign".into(),
        };
        assert_eq!(read_command(&c).command, Command::Resign);
        let c = Candidates {
            lines: vec![],
            subject: "aide".into(),
        };
        let r = read_command(&c);
        assert_eq!((r.command, r.hint), (Command::Help(None), Some(Lang::FR)));
        // Words of the player's own, whatever they are, are what is answered: "No! I never
        // sent this." to a mail whose Subject holds RESIGN is not a resignation.
        for words in [
            "No! I never sent this. I am playing on.",
            "Who sent this? Not me.",
        ] {
            let c = Candidates {
                lines: vec![words.into()],
                subject: "resign".into(),
            };
            assert_eq!(read_command(&c).command, Command::Unknown(words.into()));
        }
        let c = Candidates {
            lines: vec!["Hi Bob,".into(), "how are you".into()],
            subject: "Abalone".into(),
        };
        assert_eq!(read_command(&c).command, Command::Unknown("Hi Bob,".into()));
        // A mistyped move stops the search: it is answered, not skipped for a later line.
        let c = Candidates {
            lines: vec!["Hi,".into(), "z9z9".into(), "board".into()],
            subject: String::new(),
        };
        assert_eq!(read_command(&c).command, Command::Unknown("z9z9".into()));
        let empty = Candidates::default();
        assert_eq!(
            read_command(&empty).command,
            Command::Unknown(String::new())
        );
    }
}
