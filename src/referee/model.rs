//! The data the referee works on: players, stored games, one inbound message, and the
//! decision it returns. Plain values, no IO: the daemon loads them from the store and mail,
//! calls [`crate::referee::handle`], and carries out the [`Decision`].

use std::collections::{BTreeMap, BTreeSet};

use crate::clock::TimeControl;
use crate::clock::reminders::Step;
use crate::games::{AnyGame, GameKind, SetupError, Side, Start};
use crate::text::Lang;

pub use crate::base::{GameId, Timestamp};

/// Someone who plays (or was invited to play) by mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The mail address, lower case: the player's identity.
    pub address: String,
    /// The name shown to their opponents and on the pages: the display name of their mail,
    /// or the one they chose (`NAME`), if any.
    pub name: Option<String>,
    /// Whether they chose that name (`NAME`): their mail's display name no longer replaces it.
    pub name_chosen: bool,
    /// Whether arbitre told them, in a game's first mail, that they can choose it (once).
    pub name_told: bool,
    /// The language they read.
    pub lang: Lang,
    /// Where that language came from.
    pub lang_from: LangFrom,
    /// Whether they receive the words their opponents write with their moves (`CHAT OFF`
    /// turns it off).
    pub chat: bool,
    /// Whether their game mails carry a picture of the board beside the text board
    /// (`PICTURES OFF` turns it off).
    pub pictures: bool,
    /// Whether their casual games are shown on the public pages (`PUBLIC OFF` hides them;
    /// tournament games are always shown, with the event's spectator delay).
    pub public: bool,
    /// Their time zone (an IANA name such as `Europe/Paris`), when they gave one (`TZ`);
    /// else the configured default applies.
    pub zone: Option<String>,
    /// Their leave (`LEAVE`), past and planned, in order: all their clocks stop then.
    pub leave: Vec<crate::clock::leave::Leave>,
    /// Their phone number in E.164 form, once linked (`PHONE`, then the code).
    pub phone: Option<String>,
    /// How they hear of their games (`NOTIFY`).
    pub notify: Notify,
    /// A phone being linked: the code sent to it, waiting to come back.
    pub phone_claim: Option<PhoneClaim>,
    /// Whether other players' invitations reach them: `NO MORE INVITATIONS` turns it off,
    /// a challenge of their own (`NEW`) turns it back on.
    pub invitations: bool,
    /// Since when, and why, arbitre sends their address no more mail (repeated delivery
    /// failures, an address that does not exist, a spam complaint); a director gives them
    /// a new address (see [`crate::referee::undelivered`]).
    pub undeliverable: Option<Undeliverable>,
}

/// Why arbitre stopped mailing an address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undeliverable {
    /// When.
    pub since: Timestamp,
    /// The last failure's status and text (`5.1.1 user unknown`), or the complaint.
    pub reason: String,
    /// Whether a spam complaint (rather than failures) marked it: the player's own wish.
    pub complaint: bool,
}

impl Player {
    /// A new player record: `address` reading `lang`, nothing else known.
    pub fn new(address: &str, lang: Lang) -> Player {
        Player {
            address: address.to_lowercase(),
            name: None,
            name_chosen: false,
            name_told: false,
            lang,
            lang_from: LangFrom::Assumed,
            chat: true,
            pictures: true,
            public: true,
            zone: None,
            leave: Vec::new(),
            phone: None,
            notify: Notify::Mail,
            phone_claim: None,
            invitations: true,
            undeliverable: None,
        }
    }
}

/// How a player hears of their games (`NOTIFY MAIL|SMS|BOTH`). Mail always goes: it
/// keeps the whole record, and carries on when SMS wait or cannot go. What a player sends
/// by SMS is answered by SMS whatever they chose (see [`crate::referee::sms_copies`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notify {
    /// Mail only.
    #[default]
    Mail,
    /// By SMS as well, what calls on the player: their move to play, a reminder, a result.
    Sms,
    /// By SMS as well, every short form there is (their own moves accepted or refused too).
    Both,
}

impl Notify {
    /// The stable name used in the store and in commands.
    pub fn code(self) -> &'static str {
        match self {
            Notify::Mail => "mail",
            Notify::Sms => "sms",
            Notify::Both => "both",
        }
    }

    /// Reads [`Notify::code`] back.
    pub fn from_code(code: &str) -> Option<Notify> {
        match code {
            "mail" => Some(Notify::Mail),
            "sms" => Some(Notify::Sms),
            "both" => Some(Notify::Both),
            _ => None,
        }
    }

    /// Whether SMS go to a player who chose this (and linked a phone).
    pub fn by_sms(self) -> bool {
        self != Notify::Mail
    }
}

/// A phone being linked: the code sent by SMS to `number`, valid until `until`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneClaim {
    /// The number, E.164.
    pub number: String,
    /// The six digits sent.
    pub code: String,
    /// When the code expires.
    pub until: Timestamp,
    /// Wrong codes tried for this number since `since`.
    pub tries: u32,
    /// Codes sent to this number for this claim since `since` (a record only: the daily
    /// limits count the codes the store logged, whatever the number; see
    /// [`Context::codes_by_sender`]).
    pub codes: u32,
    /// When the first of those codes was sent: the limits count over a day from it.
    pub since: Timestamp,
}

/// Where a player's language came from, weakest first. A stronger source is never
/// replaced by a weaker one: a language the player chose stays until they choose another;
/// the language of the keywords they first wrote stays until they choose one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LangFrom {
    /// Nobody asked them: the configured default, or the challenger's language for an
    /// invitee.
    #[default]
    Assumed,
    /// The language of the first keywords they wrote (`NOUVELLE`, `ACCEPTER`, `AIDE`).
    Keywords,
    /// They chose it with `LANG`.
    Chosen,
}

impl LangFrom {
    /// The stable name used in the store.
    pub fn code(self) -> &'static str {
        match self {
            LangFrom::Assumed => "assumed",
            LangFrom::Keywords => "keywords",
            LangFrom::Chosen => "chosen",
        }
    }

    /// Reads [`LangFrom::code`] back (anything else is `Assumed`).
    pub fn from_code(code: &str) -> LangFrom {
        match code {
            "keywords" => LangFrom::Keywords,
            "chosen" => LangFrom::Chosen,
            _ => LangFrom::Assumed,
        }
    }
}

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Challenge sent; waiting for the challenged player to accept or decline.
    Invited,
    /// Being played.
    Active,
    /// Over (see [`StoredGame::result`]).
    Finished,
    /// The challenge was declined; never played.
    Declined,
}

impl GameStatus {
    /// The stable name used in the store.
    pub fn code(self) -> &'static str {
        match self {
            GameStatus::Invited => "invited",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Declined => "declined",
        }
    }

    /// Reads [`GameStatus::code`] back.
    pub fn from_code(code: &str) -> Option<GameStatus> {
        match code {
            "invited" => Some(GameStatus::Invited),
            "active" => Some(GameStatus::Active),
            "finished" => Some(GameStatus::Finished),
            "declined" => Some(GameStatus::Declined),
            _ => None,
        }
    }
}

/// One move of a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Canonical notation.
    pub text: String,
    /// The Message-ID of the mail that carried it (none for forced passes).
    pub message_id: Option<String>,
    /// When our server received that mail.
    pub received_at: Timestamp,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// The termination code (`MAT`, `six-ejected`, `resignation`, `agreed-draw`, ...).
    pub termination: String,
    /// The result as players read it in the game's terms (`WW MAT`, `6-3`, `PAT`).
    pub line: String,
}

/// A move taken back by agreement (`UNDO`, agreed by the opponent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBack {
    /// Its ply number (1 for the first move of the game).
    pub ply: usize,
    /// The move, as recorded.
    pub text: String,
    /// Who asked (the player who had played it).
    pub by: Side,
    /// When the opponent agreed.
    pub agreed_at: Timestamp,
}

/// A player's conditional moves in one game (`IF <their move> THEN <my move> ...`): lines
/// of prepared answers to the opponent's next moves, private to that player (see
/// [`crate::referee::conditions`]). Only the player who is not to move holds any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conditions {
    /// Whose they are.
    pub by: Side,
    /// The lines, never empty (no lines: no `Conditions`).
    pub lines: Vec<crate::referee::conditions::Line>,
}

/// A game's clock: its time control and the facts its clocks are computed from (see
/// [`crate::clock`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    /// The time control, fixed when the game is created.
    pub control: TimeControl,
    /// Claim mode (set by a director): running out of time ends the game only when the
    /// opponent claims it.
    pub claim: bool,
    /// When each turn's clock started: the instant the mail telling the player to move
    /// left arbitre, by the number of plies played then. Written by the mail edge, never
    /// by the referee.
    pub started: BTreeMap<usize, Timestamp>,
    /// The reminders sent: (plies played at the turn, step of the ladder).
    pub reminded: BTreeSet<(usize, usize)>,
    /// When the referee wants to look at this clock again (the next reminder or
    /// time-out); `None` when no clock runs.
    pub next_due: Option<Timestamp>,
    /// Time a director gave or took, in the order given.
    pub adjustments: Vec<crate::clock::account::Adjustment>,
    /// A director's pauses of both clocks, in order; the last may be open.
    pub stops: Vec<ClockStop>,
    /// The spans in which one player's clock stood still because the mail telling them to
    /// move failed, in order; the last may be open (until a notice reaches them). Written
    /// by the store: opened by a decision on a failure, closed when mail to them leaves.
    pub unreached: Vec<Unreached>,
}

/// A player's clock stopped by a failed turn notice: from the failure until a mail of the
/// game reached them (`to`), or still (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unreached {
    /// Whose clock.
    pub side: Side,
    /// When the failure was known.
    pub from: Timestamp,
    /// When a later mail reached them.
    pub to: Option<Timestamp>,
}

/// A director's pause: both clocks of a game stand still from `from` until `to`, or until
/// the director resumes them while `to` is `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockStop {
    /// When the clocks stopped.
    pub from: Timestamp,
    /// When they started again.
    pub to: Option<Timestamp>,
}

/// A game as the store keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Its number.
    pub id: GameId,
    /// Which game.
    pub kind: GameKind,
    /// The variant id, when it started from a named variant.
    pub variant: Option<String>,
    /// The start position string.
    pub start: String,
    /// The side-to-move override given at set-up, if any.
    pub to_move: Option<Side>,
    /// The canonical options (`name=value,...`).
    pub options: String,
    /// The address seated as White.
    pub white: String,
    /// The address seated as Black.
    pub black: String,
    /// Who proposed the game (gets the acceptance); equal to a seat, or a director's address.
    pub challenger: String,
    /// Life stage.
    pub status: GameStatus,
    /// The moves played, in order.
    pub moves: Vec<PlayedMove>,
    /// Set when finished.
    pub result: Option<GameResult>,
    /// The side with a standing draw offer, if any.
    pub draw_offer: Option<Side>,
    /// The side asking to take back its last move (`UNDO`), if any.
    pub undo_request: Option<Side>,
    /// The side that asked the computer for a move (`HINT`) and waits for it, if any.
    pub hint_request: Option<Side>,
    /// The moves taken back by agreement, in order: the game's history keeps them.
    pub takebacks: Vec<TakeBack>,
    /// The conditional moves stored by the player who is not to move, if any.
    pub conditions: Option<Conditions>,
    /// Its clock.
    pub clock: GameClock,
    /// The event it belongs to and the rules it plays under.
    pub terms: GameTerms,
    /// When it was created.
    pub created_at: Timestamp,
    /// When it last changed.
    pub updated_at: Timestamp,
}

/// The event a game belongs to, and the rules of play that differ from a casual game's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTerms {
    /// The event (its number) and the round, for a tournament game.
    pub event: Option<(i64, u32)>,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// The rating pool, when not the game kind's (a variant's pool of an event).
    pub pool: Option<String>,
    /// Take-backs by agreement (`UNDO`) are not allowed.
    pub no_takebacks: bool,
    /// Conditional moves are not allowed.
    pub no_conditionals: bool,
    /// The most draw offers each side may make, if limited.
    pub draw_offer_limit: Option<u32>,
    /// The draw offers each side has made (White, Black).
    pub draw_offers_made: [u32; 2],
}

impl StoredGame {
    /// The seat of `address`, if seated in this game.
    pub fn side_of(&self, address: &str) -> Option<Side> {
        if self.white.eq_ignore_ascii_case(address) {
            Some(Side::White)
        } else if self.black.eq_ignore_ascii_case(address) {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// The address seated as `side`.
    pub fn address_of(&self, side: Side) -> &str {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// Rebuilds the live game by replaying the stored moves.
    pub fn rebuild(&self) -> Result<AnyGame, RebuildError> {
        let start = Start::Position(self.start.clone());
        let mut game = AnyGame::new(self.kind, &start, self.to_move, &self.options)?;
        let mut i = 0;
        while i < self.moves.len() {
            let m = &self.moves[i];
            let judged = game
                .play(&m.text)
                .map_err(|r| RebuildError::Move(i + 1, m.text.clone(), r.to_string()))?;
            // Forced passes are played by the game itself and stored after the move.
            i += 1 + judged.forced_passes.len();
        }
        Ok(game)
    }
}

/// A stored game that no longer replays (a bug or a hand-edited store).
#[derive(Debug, thiserror::Error)]
pub enum RebuildError {
    /// The start or options are invalid.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Move `n` is refused.
    #[error("stored move {0} `{1}` does not replay: {2}")]
    Move(usize, String, String),
}

/// One incoming mail, already parsed by the mail edge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inbound {
    /// Its Message-ID, without angle brackets (a synthetic one if the mail had none).
    pub message_id: String,
    /// The sender's address, lower case (From, or Return-Path/Sender when From is absent).
    pub from: String,
    /// The sender's display name, if any.
    pub from_name: Option<String>,
    /// Every recipient address (To, Cc, Delivered-To), lower case: carries reply tokens.
    pub recipients: Vec<String>,
    /// The Subject, decoded.
    pub subject: String,
    /// In-Reply-To and References ids, without angle brackets, nearest first.
    pub references: Vec<String>,
    /// The meaningful text: plain part (or text from HTML), quotes and signatures removed.
    pub text: String,
    /// True when the mail must never be answered (Auto-Submitted, Precedence bulk/junk/list,
    /// List-Id, empty Return-Path, mailer-daemon, or our own mail).
    pub automatic: bool,
    /// The `Authentication-Results` headers (RFC 8601), top first, as read (see
    /// [`crate::mail::authres`]), each with what stands above it. Only the topmost block of
    /// the configured authserv-id is trusted (see [`crate::referee::proof`]).
    pub auth_results: Vec<AuthResults>,
    /// The raw size in bytes.
    pub size: usize,
    /// When our server received it.
    pub received_at: Timestamp,
    /// Mail, or an SMS (then `from` is the address of the player the number is linked to,
    /// or of the player linking it, or empty for a number nobody links).
    pub channel: Channel,
    /// The sending phone number (E.164) of an SMS.
    pub phone: Option<String>,
    /// A delivery or abuse report, when the mail is one (read by the mail edge).
    pub report: Option<crate::referee::undelivered::Report>,
}

/// One `Authentication-Results` header: who wrote it, what it says, and where it stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuthResults {
    /// The authserv-id: the server that added the header (lower case).
    pub authserv_id: String,
    /// Its results, in order.
    pub results: Vec<AuthResult>,
    /// What stands above it in the message's header.
    pub above: Above,
}

/// What stands above an `Authentication-Results` header in its message, as the mail edge
/// saw it: enough for the referee to tell the receiving server's own block (at the top)
/// from headers the sender wrote lower down (RFC 8601 §5 and §7.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Above {
    /// Nothing, or only trace headers that the receiving side adds on delivery
    /// (`Return-Path`, `Received`, `Received-SPF`, `Delivered-To`, `X-Original-To`).
    Trace,
    /// Right above it, another `Authentication-Results` header (the one before it in
    /// [`Inbound::auth_results`]).
    Results,
    /// Anything else above it: a header the sender may have written. Also what a header
    /// made without the mail edge gets, so that none is trusted by default.
    #[default]
    Other,
    /// Not a header of the message: arbitre's own verification of it (`bot.verify =
    /// "dkim"`), which the mail edge puts first ([`crate::mail::verify`]). No header read
    /// from a message is ever marked so.
    Arbitre,
}

/// One method's result in an `Authentication-Results` header (`dkim=pass header.d=x.org`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuthResult {
    /// The method (`dkim`, `spf`, `dmarc`, `auth`, ...), lower case.
    pub method: String,
    /// The result (`pass`, `fail`, `none`, ...), lower case.
    pub result: String,
    /// Its properties, `ptype.property` (lower case) and value (as written), in order.
    pub properties: Vec<(String, String)>,
}

impl AuthResult {
    /// The value of property `name` (`header.d`, `smtp.mailfrom`, ...), if present.
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What the daemon found in the store for one inbound message, before the referee decides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The request to confirm that the message answers, when it was sent to a valid
    /// confirmation address of its sender and the store has that request.
    pub confirmation: Option<crate::referee::confirm::Confirmation>,
    /// The sender's player record, if they have one.
    pub sender: Option<Player>,
    /// Every other player record the decision may need (opponents of the games below, the
    /// challenged address of a `NEW` command when known).
    pub players: Vec<Player>,
    /// The sender's games that are not finished or declined, plus any game the message
    /// refers to (by token, reply or subject tag) whatever its status.
    pub games: Vec<StoredGame>,
    /// The game named by a valid reply token in a recipient address.
    pub token_game: Option<GameId>,
    /// The game of the message this one replies to (matched on our outgoing Message-IDs).
    pub reply_game: Option<GameId>,
    /// The game named by a `[arbitre #N]` Subject tag.
    pub subject_game: Option<GameId>,
    /// Answers to this sender in the last hour that count against the rate limit (those
    /// that are not mail of a game they are proven to sit in).
    pub replies_last_hour: u32,
    /// When the first of those was queued.
    pub first_reply_in_hour: Option<Timestamp>,
    /// Whether the sender got the rate-limit notice in the last hour (the notice itself
    /// is not counted above).
    pub rate_notice_in_hour: bool,
    /// Answers queued in the last hour to the sender's address for mail that proved
    /// nothing about its sender (requests to confirm): counted apart, in a smaller
    /// allowance, so that forged mail cannot use up the real player's answers.
    pub unproven_last_hour: u32,
    /// arbitre's recent outages: the players to move get that time back.
    pub outages: Vec<crate::clock::Span>,
    /// The number the next new game will get.
    pub next_game_id: GameId,
    /// The player the phone number in question is linked to, if any: the number a
    /// `PHONE` command names, or the number a code by SMS comes from.
    pub phone_holder: Option<String>,
    /// Whether the number a `PHONE` command names said STOP (no code could reach it).
    pub phone_stopped: bool,
    /// Phone codes queued in the last 24 hours for the sender, whatever the numbers.
    pub codes_by_sender: u32,
    /// Phone codes queued in the last 24 hours to the number a `PHONE` command names,
    /// whoever asked for them.
    pub codes_to_number: u32,
    /// Phone codes queued in the last 24 hours in all (the installation's own cap on
    /// codes, apart from notifications').
    pub codes_in_all: u32,
    /// Invitations sent in the last 24 hours, by anyone, to the address a `NEW` command
    /// challenges.
    pub invitations_to_invitee: u32,
    /// Whether the address a `NEW` command challenges has played the sender before (a
    /// game between them was accepted, or set up by a director): such an invitation is
    /// no stranger's, and the daily limit on invitations received does not hold it back.
    pub invitee_knows_sender: bool,
    /// For an SMS: whether its number said STOP (and has not said START since).
    pub sms_stopped: bool,
    /// For an SMS: whether arbitre queued an SMS to its number in the last day (a number
    /// nobody links is answered once a day at most).
    pub sms_recent: bool,
    /// For an SMS: the game the latest SMS arbitre sent to that number was about, when
    /// it is the latest message arbitre sent that player.
    pub sms_game: Option<GameId>,
    /// The events the sender has entered (with their games), and those taking entries.
    pub events: Vec<EventContext>,
    /// The sender's ratings, one per game they have a rating in (for `GAMES`).
    pub ratings: Vec<SenderRating>,
}

/// One of the sender's ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct SenderRating {
    /// The game kind's name.
    pub pool: String,
    /// The rating, its deviation and volatility.
    pub rating: crate::rating::glicko::Rating,
    /// Rated games played.
    pub games: u32,
}

impl Eq for SenderRating {}

// Ratings are finite numbers read from the store: equality is an equivalence.
impl Eq for EventContext {}

/// An event as the referee reads it for a player's command: the event and its games.
#[derive(Clone, Debug, PartialEq)]
pub struct EventContext {
    /// The event.
    pub event: crate::tournament::event::StoredEvent,
    /// Its games (only for an event the sender plays in).
    pub games: Vec<StoredGame>,
    /// The players' current ratings in its game (only for an event the sender plays in).
    pub ratings: crate::referee::event::Ratings,
}

/// Whether an outgoing mail answers the player or was generated for them (RFC 3834).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoKind {
    /// An answer to the player's own message (`Auto-Submitted: auto-replied`).
    Replied,
    /// Sent because of someone else's action (`Auto-Submitted: auto-generated`).
    Generated,
}

/// How a message travels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Channel {
    /// By mail.
    #[default]
    Mail,
    /// By SMS: `to` is a phone number in E.164 form, `body` the text.
    Sms,
}

impl Channel {
    /// Its name in the store.
    pub fn code(self) -> &'static str {
        match self {
            Channel::Mail => "mail",
            Channel::Sms => "sms",
        }
    }

    /// The channel named `code`.
    pub fn from_code(code: &str) -> Option<Channel> {
        match code {
            "mail" => Some(Channel::Mail),
            "sms" => Some(Channel::Sms),
            _ => None,
        }
    }
}

/// One mail (or SMS) to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// Recipient address (a phone number for an SMS).
    pub to: String,
    /// Subject (carries the game tag when about a game).
    pub subject: String,
    /// Plain-text body (UTF-8; the first line is the protocol line for moves).
    pub body: String,
    /// Stable Message-ID, without angle brackets, unique per outgoing mail.
    pub message_id: String,
    /// The Message-ID it replies to, without angle brackets.
    pub in_reply_to: Option<String>,
    /// References chain, without angle brackets.
    pub references: Vec<String>,
    /// The Reply-To address (the per-game, per-player address when plus-addressing is on).
    pub reply_to: Option<String>,
    /// The game it is about, if any.
    pub game: Option<GameId>,
    /// RFC 3834 kind.
    pub auto: AutoKind,
    /// Set when the mail tells its recipient that it is their turn, to the number of
    /// plies played: their clock starts when it leaves arbitre.
    pub turn: Option<usize>,
    /// Mail or SMS.
    pub channel: Channel,
    /// The short form of this mail for a player who reads it by SMS (one segment), when
    /// it has one; see [`crate::referee::sms_copies`].
    pub sms: Option<String>,
    /// Not to be sent before this time (an SMS notification during quiet hours).
    pub not_before: Option<Timestamp>,
    /// The board picture the mail carries, when its reader wants pictures.
    pub picture: Option<Picture>,
}

/// A board picture for a mail: the drawing, and the text board of the body that the HTML
/// part shows it in place of (the text part keeps the text board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The SVG document ([`crate::games::AnyGame::picture`]), rasterised when the mail is
    /// sent.
    pub svg: String,
    /// The text board as the body writes it.
    pub board: String,
}

/// Everything the referee decided about one message. The daemon commits it in one
/// transaction together with the processed-message key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decision {
    /// Player records to insert or replace.
    pub players: Vec<Player>,
    /// Games to insert or replace (the whole record).
    pub games: Vec<StoredGame>,
    /// Mails to queue in the outbox.
    pub outbox: Vec<Outgoing>,
    /// Numbers that said STOP (`true`) or START (`false`).
    pub sms_stops: Vec<SmsStop>,
    /// Phone codes queued in `outbox`, logged for the daily limits on codes.
    pub codes: Vec<CodeSent>,
    /// Invitations sent (a game created by a player's `NEW`), logged for the daily limit
    /// on the invitations one address receives.
    pub invitations: Vec<InvitationSent>,
    /// Events to insert or replace (the whole record).
    pub events: Vec<crate::tournament::event::StoredEvent>,
    /// Requests to confirm a command, to insert or replace (new ones, and those answered).
    pub confirmations: Vec<crate::referee::confirm::Confirmation>,
    /// What became of mails sent earlier (a delivery report, a refusal), to record on
    /// their outbox rows.
    pub fates: Vec<crate::referee::undelivered::Fate>,
    /// Clocks to stop because a turn notice failed: (game, side, from).
    pub unreached: Vec<(GameId, Side, Timestamp)>,
    /// A player's new address, given by a director: every record of the old one moves.
    pub readdress: Option<crate::referee::undelivered::Readdress>,
    /// One line saying what happened, for the log.
    pub summary: String,
}

/// A phone code queued: whose claim, to which number, in which SMS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeSent {
    /// The player linking the phone.
    pub address: String,
    /// The number, E.164.
    pub number: String,
    /// The Message-ID of the SMS carrying the code (the outbox tells codes from
    /// notifications by it).
    pub message_id: String,
}

/// An invitation sent: the game waiting to be accepted, who sent it, who received it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvitationSent {
    /// The game.
    pub game: GameId,
    /// The challenger.
    pub challenger: String,
    /// The challenged address.
    pub invitee: String,
}

/// A number that said STOP or START.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmsStop {
    /// The number, E.164.
    pub number: String,
    /// `true` for STOP, `false` for START.
    pub stopped: bool,
    /// The Message-ID of the one SMS that confirms a STOP: the only SMS sent to the number
    /// after it.
    pub confirmation: Option<String>,
}

/// What the referee knows of SMS (from the `[sms]` section).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmsPolicy {
    /// Whether a gateway is configured: without one, phones cannot be linked.
    pub enabled: bool,
    /// The country codes arbitre sends codes to; none when empty (the configuration
    /// refuses a gateway without them).
    pub countries: Vec<String>,
    /// At most this many phone codes a day in all, apart from notifications' cap.
    pub codes_per_day: u32,
    /// When notifications wait for the morning, in each player's time zone.
    pub quiet: Option<crate::sms::quiet::QuietHours>,
}

impl Default for SmsPolicy {
    /// No gateway; the `[sms]` section's default cap on codes.
    fn default() -> SmsPolicy {
        SmsPolicy {
            enabled: false,
            countries: Vec::new(),
            codes_per_day: crate::sms::quiet::DEFAULT_CODES_PER_DAY,
            quiet: None,
        }
    }
}

/// The referee's settings (from the configuration file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefereeConfig {
    /// The bot's own address (`arbitre@example.org`).
    pub address: String,
    /// Whether the mailbox accepts `local+tag@domain`: then each player gets a per-game
    /// reply address carrying an HMAC token.
    pub plus_addressing: bool,
    /// The keys derived from the installation's secret (tokens, phone codes).
    pub keys: crate::keys::Keyring,
    /// The language of new players.
    pub default_lang: Lang,
    /// At most this many answers per hour to one sender that are not mail of a game they
    /// sit in (help, lists, unknown commands, strangers); game mail is never held back.
    pub max_replies_per_hour: u32,
    /// Mails larger than this are refused with a short answer.
    pub max_message_bytes: usize,
    /// The authserv-id of the installation's own mail server: the topmost block of its
    /// `Authentication-Results` headers (DMARC or a submission login passing for the From
    /// address, DKIM or SPF for the domains of [`RefereeConfig::domain_proof`]) proves the
    /// sender. `None`: those headers are never trusted.
    pub authserv_id: Option<String>,
    /// The domains (lower case) for which a DKIM or SPF pass aligned with the From domain
    /// proves the sender: domains whose server lets no member send as another, since such
    /// a pass vouches for the domain and so for every mailbox of it. Empty by default.
    pub domain_proof: Vec<String>,
    /// Take the From line on trust (closed installations only, where no outsider can
    /// send to arbitre's mailbox): every sender counts as proven.
    pub trust_unverified_senders: bool,
    /// Clocks: default control, reminders, time zone, leave.
    pub clock: ClockConfig,
    /// SMS: whether there is a gateway, the countries, the quiet hours.
    pub sms: SmsPolicy,
    /// The public pages' address, without a trailing slash (`https://games.example.org`):
    /// game mails then link to their game's page. `None`: no links.
    pub public_url: Option<String>,
}

/// The clock settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockConfig {
    /// The time control of challenges that name none.
    pub default_control: TimeControl,
    /// The reminder ladder.
    pub reminders: Vec<Step>,
    /// The time zone of players who gave none (an IANA name).
    pub default_zone: String,
    /// Days of leave per player and year.
    pub leave_days: i64,
}

impl Default for ClockConfig {
    fn default() -> ClockConfig {
        ClockConfig {
            default_control: TimeControl::NONE,
            reminders: crate::clock::reminders::default_ladder(),
            default_zone: "UTC".into(),
            leave_days: 45,
        }
    }
}
