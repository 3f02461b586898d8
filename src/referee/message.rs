//! Deciding about one inbound message: the guards every message passes (automatic mail,
//! a message already applied, oversize, the reply rate limit), reading the command, finding
//! the game and checking the sender sits in it, then handing over to the game commands
//! ([`crate::referee::play`]) or the challenge commands ([`crate::referee::challenge`]).
//!
//! Decisions made here, each a named behaviour with the recommended default:
//! - `automatic-mail`: ignored entirely (no change, no reply), even if it holds a move, so
//!   that an out-of-office echo of a forwarded move can never play it.
//! - `rate-limit`: the limit is against floods and mail loops, never against play. Mail of a
//!   game the sender is proven to sit in (confirmations, `ERR`, the board, results) is
//!   never held back. Other answers to the sender (help, game lists, unknown commands even
//!   about a game, strangers, anything to an unproven sender) are not game mail: they are
//!   stored as such and count against
//!   [`RefereeConfig::max_replies_per_hour`]; when the limit is reached, the sender gets
//!   one short notice saying until when, and nothing more of that kind until then. The
//!   message itself is still decided.
//! - `unproven-allowance`: the answers to mail that proves nothing about its sender
//!   (requests to confirm) are counted apart, against the From address, in an allowance of
//!   their own ([`unproven_allowance`], a quarter of the other): a forger flooding in a
//!   player's name gets that player a few requests an hour at most, and never uses up the
//!   player's own answers. Past it, they are held back without a notice.
//! - `oversize`: refused with a short answer, nothing read or changed.
//! - `duplicate`: a message whose Message-ID is already among a game's moves changes
//!   nothing and gets no answer (the first delivery was answered).
//! - `forged-address`: a message sent to a plus-address of arbitre that does not verify is
//!   refused with an explanation; nothing falls back from it to another way of finding a
//!   game.
//! - `proof`: a command that changes a game or a player (a move, `ACCEPT`, `DECLINE`,
//!   `RESIGN`, `DRAW`, `PAT`, `UNDO`, `IF`, `CONDITIONS CLEAR`, `NEW`, `LANG`, `NO MORE
//!   INVITATIONS` (a reply to the invitation proves it: its address carries the seat's
//!   key), and the
//!   display name kept from the From line) needs a message that proves its sender
//!   ([`crate::referee::proof`]). Without proof it
//!   changes nothing; the From address (the real player, whoever wrote) gets an
//!   explanation whose reply address carries their key and whose Subject carries the
//!   command, so that replying to it confirms. Read-only commands (`BOARD`, `HISTORY`,
//!   `CHECK`, `CONDITIONS`, `GAMES`, `HELP`) are answered either way: the answer goes to
//!   the From address.
//! - `sms-proof`: an SMS proves only its caller number, which can be forged. By SMS a linked
//!   player may play, use the commands of a game (`ACCEPT`, `DECLINE`, `DRAW`, `RESIGN`,
//!   `UNDO`, `CLAIM`, `PAT`, `IF`, `CONDITIONS`) and the read-only ones; a command that
//!   changes the account or starts a game (`PHONE`, `NOTIFY`, `LANG`, `TZ`, `CHAT`,
//!   `PUBLIC`, `PICTURES`, `LEAVE`, `JOIN`, `WITHDRAW`, `NEW`) is answered "by mail only"
//!   and changes nothing.

use crate::games::{AnyGame, Side};
use crate::referee::command::{Command, LeaveRequest, PhoneRequest, Reading, read_command};
use crate::referee::compose::{self, Mailer};
use crate::referee::proof::{self, Proof};
use crate::referee::read::candidates;
use crate::referee::reply::{self, GameLine, NoGame, Seen, State, Topic};
use crate::referee::route::{Route, route};
use crate::referee::token::{self, Key};
use crate::referee::{
    Channel, Context, Decision, GameStatus, Inbound, LangFrom, Player, RefereeConfig, SmsStop,
    StoredGame, Timestamp, challenge, clocks, confirm, entries, leave, phone, play, terms,
};
use crate::text::Lang;

/// Decides what to do with one inbound message (see [`crate::referee::handle`]).
pub fn handle(config: &RefereeConfig, ctx: &Context, msg: &Inbound, now: Timestamp) -> Decision {
    if msg.automatic || is_bot(config, &msg.from) {
        return Decision {
            summary: format!(
                "ignored automatic mail {} from {}",
                msg.message_id, msg.from
            ),
            ..Decision::default()
        };
    }
    if let Some(g) = ctx.games.iter().find(|g| {
        g.moves
            .iter()
            .any(|m| m.message_id.as_deref() == Some(msg.message_id.as_str()))
    }) {
        return Decision {
            summary: format!(
                "message {} is already a move of game #{}: nothing to do",
                msg.message_id, g.id
            ),
            ..Decision::default()
        };
    }
    let routed;
    let ctx = match sms_game(ctx, msg) {
        Some(c) => {
            routed = c;
            &routed
        }
        None => ctx,
    };
    let mut desk = Desk::new(config, ctx, msg, now, None);
    if msg.size > config.max_message_bytes {
        let body = reply::too_large(desk.lang, msg.size, config.max_message_bytes);
        desk.reply(Topic::Problem, body);
        desk.summary = format!(
            "refused an oversized message ({} bytes) from {}",
            msg.size, msg.from
        );
        return desk.finish();
    }
    let key = token::key_in(config, &msg.recipients, &msg.from, now);
    if let Key::Invalid(address) = &key {
        let body = reply::invalid_address(desk.lang, address);
        desk.reply(Topic::Problem, body);
        desk.summary = format!(
            "refused a message from {} to {address}, not a reply address of arbitre",
            msg.from
        );
        return desk.finish();
    }
    if let Key::Retired(address) = &key {
        let body = reply::retired_address(desk.lang, address);
        desk.reply(Topic::Problem, body);
        desk.summary = format!(
            "refused a message from {} to {address}, a reply address of a replaced secret",
            msg.from
        );
        return desk.finish();
    }
    if let Key::Confirm(id) = &key {
        return confirm::on_reply(config, ctx, msg, now, id);
    }
    let reading = read_command(&candidates(msg));
    let proof = proof::of(config, ctx, msg, &key);
    decide(config, ctx, msg, now, &reading, proof)
}

/// Decides on the command `reading` of `msg`, whose sender `proof` proves or not: the
/// dispatch to the commands, after the guards of [`handle`] (and for a command confirmed
/// by its sender, [`confirm::on_reply`]).
pub(crate) fn decide(
    config: &RefereeConfig,
    ctx: &Context,
    msg: &Inbound,
    now: Timestamp,
    reading: &Reading,
    proof: Proof,
) -> Decision {
    let mut desk = Desk::new(config, ctx, msg, now, reading.hint);
    desk.proof = proof;
    if msg.channel == Channel::Sms {
        let number = msg.phone.clone().unwrap_or_default();
        if let Some(stop) = phone::stop_word(&msg.text) {
            phone::on_stop(&mut desk, &number, stop);
            return desk.finish();
        }
        if !desk.proof.holds() {
            match &reading.command {
                Command::Code(code) if !msg.from.is_empty() => phone::on_code(&mut desk, code),
                _ => phone::on_stranger(&mut desk, &number),
            }
            return desk.finish();
        }
    }
    if desk.proof == Proof::Phone && needs_mail(&reading.command) {
        mail_only(&mut desk, &reading.line);
        return desk.finish();
    }
    desk.game_command = desk.proof.holds() && !matches!(reading.command, Command::Unknown(_));
    desk.note_sender_name();
    desk.note_sender_lang();
    match &reading.command {
        Command::Lang(Some(lang)) if !desk.proof.holds() => {
            // `LANG FR` from an address arbitre does not know yet: asked in French.
            if desk.ctx.sender.is_none() {
                desk.lang = *lang;
            }
            unproven(&mut desk, &reading.line, None)
        }
        Command::New(challenge) => challenge::new_game(&mut desk, challenge, &reading.line),
        Command::Games => games(&mut desk),
        Command::Help(kind) => help(&mut desk, *kind),
        Command::Lang(lang) => set_lang(&mut desk, *lang),
        Command::Chat(Some(_)) if !desk.proof.holds() => unproven(&mut desk, &reading.line, None),
        Command::Chat(on) => set_chat(&mut desk, *on),
        Command::Pictures(Some(_)) if !desk.proof.holds() => {
            unproven(&mut desk, &reading.line, None)
        }
        Command::Pictures(on) => set_pictures(&mut desk, *on),
        Command::Public(Some(_)) if !desk.proof.holds() => unproven(&mut desk, &reading.line, None),
        Command::Public(on) => set_public(&mut desk, *on),
        Command::Zone(Some(_)) if !desk.proof.holds() => unproven(&mut desk, &reading.line, None),
        Command::Zone(zone) => set_zone(&mut desk, zone.as_deref()),
        Command::Leave(LeaveRequest::Take(..) | LeaveRequest::Cancel) if !desk.proof.holds() => {
            unproven(&mut desk, &reading.line, None)
        }
        Command::Leave(request) => leave::on_leave(&mut desk, request),
        Command::Phone(PhoneRequest::Link(_) | PhoneRequest::Off)
        | Command::Notify(Some(_))
        | Command::Code(_)
            if !desk.proof.holds() =>
        {
            unproven(&mut desk, &reading.line, None)
        }
        Command::Phone(request) => phone::on_phone(&mut desk, request),
        Command::Code(code) => phone::on_code(&mut desk, code),
        Command::Notify(notify) => phone::on_notify(&mut desk, *notify),
        Command::Join(Some(_), _) | Command::Withdraw(Some(_)) if !desk.proof.holds() => {
            unproven(&mut desk, &reading.line, None)
        }
        Command::Join(event, name) => {
            entries::on_join(&mut desk, event.as_deref(), name.as_deref())
        }
        Command::Standings(event) => entries::on_standings(&mut desk, event.as_deref()),
        Command::NoInvitations if !desk.proof.holds() => unproven(&mut desk, &reading.line, None),
        Command::NoInvitations => challenge::no_invitations(&mut desk),
        Command::Withdraw(event) => entries::on_withdraw(&mut desk, event.as_deref()),
        _ => in_game(&mut desk, reading),
    }
    desk.finish()
}

/// For an SMS that names no game: the context with the game of the latest SMS sent to
/// its number, when that game still waits for the sender's move (see
/// [`Context::sms_game`]); `None` to leave the routing as it is.
fn sms_game(ctx: &Context, msg: &Inbound) -> Option<Context> {
    if msg.channel != Channel::Sms || ctx.subject_game.is_some() || ctx.reply_game.is_some() {
        return None;
    }
    let id = ctx.sms_game?;
    let game = ctx.games.iter().find(|g| g.id == id)?;
    let side = game.side_of(&msg.from)?;
    let waits = game.status == GameStatus::Active
        && game.rebuild().is_ok_and(|live| live.side_to_move() == side);
    waits.then(|| Context {
        reply_game: Some(id),
        ..ctx.clone()
    })
}

/// Whether `command` changes a game (and so needs proof of its sender).
fn changes_a_game(command: &Command) -> bool {
    matches!(
        command,
        Command::Accept
            | Command::Decline
            | Command::Resign
            | Command::Draw
            | Command::Claim
            | Command::Pat
            | Command::Undo
            | Command::If(_)
            | Command::Conditions(true)
            | Command::Move(_)
    )
}

/// Whether `command` changes a player's account or starts a game, which an SMS cannot do:
/// a caller number is easily forged, so by SMS only moves, the commands of a game and the
/// commands that only show something are taken (see the module's `proof`).
fn needs_mail(command: &Command) -> bool {
    matches!(
        command,
        Command::New(_)
            | Command::Lang(Some(_))
            | Command::Zone(Some(_))
            | Command::Chat(Some(_))
            | Command::Public(Some(_))
            | Command::Pictures(Some(_))
            | Command::Phone(PhoneRequest::Link(_) | PhoneRequest::Off)
            | Command::Notify(Some(_))
            | Command::Leave(LeaveRequest::Take(..) | LeaveRequest::Cancel)
            | Command::Join(Some(_), _)
            | Command::Withdraw(Some(_))
    )
}

/// Answers a command by SMS that needs mail: nothing changes.
fn mail_only(desk: &mut Desk, line: &str) {
    let body = crate::t!(desk.lang, "mail-only", command = line.to_string());
    desk.reply(Topic::Problem, body + "\n");
    let short = crate::t!(desk.lang, "sms-mail-only");
    desk.short(short);
    desk.summary = format!(
        "did nothing with {line:?} by SMS from {}: it needs mail",
        desk.sender()
    );
}

/// At most this many characters of a command can be confirmed (it is shown in the request's
/// Subject).
const MAX_CONFIRMABLE: usize = 160;

/// Answers the command `line` that would change something, from a sender nothing proves:
/// nothing changes; the From address (the real player, whoever wrote) is told why, and
/// asked to confirm by an explicit yes to a stored request (see [`confirm`]). The request
/// is written in the sender's language: the one they chose, else that of the command's own
/// words ([`Desk::new`]). `seat`: the game and the sender's seat in it, when the command is
/// for a game.
pub fn unproven(desk: &mut Desk, line: &str, seat: Option<(&StoredGame, Side)>) {
    let confirmable = line.chars().count() <= MAX_CONFIRMABLE && !line.contains(['\r', '\n']);
    let lang = desk.lang;
    let game = seat.map(|(g, _)| g.id);
    let has_key = match seat {
        Some((g, side)) => compose::reply_address(desk.config, g.id, side).is_some(),
        None => token::player_address(desk.config, desk.sender()).is_some(),
    };
    let request = if confirmable {
        confirm::ask(desk, line, game)
    } else {
        None
    };
    let body = reply::unproven(lang, line, request.is_some(), has_key);
    let subject = if request.is_some() {
        reply::subject_confirm(lang, game, line)
    } else {
        match seat {
            Some((g, side)) => {
                let them = desk.name_of(g.address_of(side.opponent()));
                reply::subject_game(lang, g, side, them.as_deref(), true)
            }
            None => reply::subject(lang, Topic::Problem),
        }
    };
    match seat {
        // Threaded with the game, but not game mail (the sender is not proven): the rate
        // limit applies, so forged mail cannot flood a player.
        Some((g, side)) => desk.mail.reply_in_game(desk.msg, g, side, subject, body),
        None => {
            desk.mail.reply(desk.msg, subject, body);
        }
    }
    if let Some(mail) = desk.mail.outbox.last_mut() {
        // The request's own address, and no other key: a reply to it is an answer to this
        // request alone.
        if let Some(address) = request {
            mail.reply_to = Some(address);
        }
        // Counted apart from the player's own answers (see `unproven-allowance`).
        mail.message_id = compose::mark_unproven(&mail.message_id);
    }
    desk.summary = format!(
        "did nothing with {line:?} from {}: nothing proves the sender",
        desk.sender()
    );
}

/// True for the bot's own address or one of its reply addresses.
pub fn is_bot(config: &RefereeConfig, address: &str) -> bool {
    let Some((local, domain)) = config.address.split_once('@') else {
        return false;
    };
    let Some((al, ad)) = address.trim().rsplit_once('@') else {
        return false;
    };
    let base = al.split('+').next().unwrap_or(al);
    ad.eq_ignore_ascii_case(domain) && base.eq_ignore_ascii_case(local)
}

/// A display name fit to show an opponent: trimmed, unquoted, never an address.
pub fn display_name(name: Option<&str>) -> Option<String> {
    let n = name?.trim().trim_matches(['"', '\'']).trim();
    if n.is_empty() || n.contains('@') || n.contains('<') {
        return None;
    }
    Some(n.chars().take(64).collect())
}

/// The decision being built for one message, with what it needs to know.
#[derive(Debug)]
pub struct Desk<'a> {
    /// The settings.
    pub config: &'a RefereeConfig,
    /// What the daemon loaded.
    pub ctx: &'a Context,
    /// The message.
    pub msg: &'a Inbound,
    /// The time of the decision.
    pub now: Timestamp,
    /// The outgoing mails.
    pub mail: Mailer<'a>,
    /// Player records to write.
    pub players: Vec<Player>,
    /// Games to write.
    pub games: Vec<StoredGame>,
    /// What happened, for the log.
    pub summary: String,
    /// The sender's language.
    pub lang: Lang,
    /// The language the sender's keyword was written in, if it tells.
    pub hint: Option<Lang>,
    /// What proves that the sender wrote the message.
    pub proof: Proof,
    /// Whether the message is a command of a game from a proven sender: then the answers
    /// about their game are game mail, which the rate limit never holds back.
    pub game_command: bool,
    /// Numbers that said STOP or START.
    pub stops: Vec<SmsStop>,
    /// Events to write.
    pub events: Vec<crate::tournament::event::StoredEvent>,
    /// Requests to confirm, to write.
    pub confirmations: Vec<confirm::Confirmation>,
    /// Phone codes queued, for the store's log.
    pub codes: Vec<crate::referee::CodeSent>,
    /// Invitations sent, for the store's log.
    pub invitations: Vec<crate::referee::InvitationSent>,
}

impl<'a> Desk<'a> {
    pub(crate) fn new(
        config: &'a RefereeConfig,
        ctx: &'a Context,
        msg: &'a Inbound,
        now: Timestamp,
        hint: Option<Lang>,
    ) -> Desk<'a> {
        let record = ctx
            .sender
            .as_ref()
            .filter(|p| p.address.eq_ignore_ascii_case(&msg.from));
        // A language the player chose, or took from their first keywords, stays; one that
        // was only assumed gives way to the language of the keywords they write.
        let lang = match (record, hint) {
            (Some(p), Some(h)) if p.lang_from == LangFrom::Assumed => h,
            (Some(p), _) => p.lang,
            (None, Some(h)) => h,
            (None, None) => config.default_lang,
        };
        Desk {
            config,
            ctx,
            msg,
            now,
            mail: Mailer::for_message(config, &msg.message_id),
            players: Vec::new(),
            games: Vec::new(),
            summary: String::new(),
            lang,
            hint,
            proof: Proof::None,
            game_command: false,
            stops: Vec::new(),
            events: Vec::new(),
            confirmations: Vec::new(),
            codes: Vec::new(),
            invitations: Vec::new(),
        }
    }

    /// The same desk for an event no inbound message caused (see [`Mailer::for_event`]).
    pub(crate) fn for_event(mut self, event: &str) -> Desk<'a> {
        self.mail = Mailer::for_event(self.config, event);
        self
    }

    /// The sender's address.
    pub fn sender(&self) -> &str {
        &self.msg.from
    }

    /// The player record of `address`: as changed by this decision, else as loaded.
    pub fn player(&self, address: &str) -> Option<&Player> {
        self.players
            .iter()
            .find(|p| p.address.eq_ignore_ascii_case(address))
            .or_else(|| {
                self.ctx
                    .sender
                    .iter()
                    .chain(self.ctx.players.iter())
                    .find(|p| p.address.eq_ignore_ascii_case(address))
            })
    }

    /// Whether `address` receives the words their opponents write with their moves.
    pub fn chat_of(&self, address: &str) -> bool {
        self.player(address).is_none_or(|p| p.chat)
    }

    /// The language of `address`.
    pub fn lang_of(&self, address: &str) -> Lang {
        if address.eq_ignore_ascii_case(self.sender()) {
            return self.lang;
        }
        self.player(address)
            .map(|p| p.lang)
            .unwrap_or(self.config.default_lang)
    }

    /// The display name of `address`, never the address itself.
    pub fn name_of(&self, address: &str) -> Option<String> {
        let stored = self
            .player(address)
            .and_then(|p| display_name(p.name.as_deref()));
        if stored.is_some() {
            return stored;
        }
        if address.eq_ignore_ascii_case(self.sender()) {
            return display_name(self.msg.from_name.as_deref());
        }
        None
    }

    /// Records a player (replacing an earlier change to the same address).
    pub fn upsert_player(&mut self, player: Player) {
        self.players
            .retain(|p| !p.address.eq_ignore_ascii_case(&player.address));
        self.players.push(player);
    }

    /// Makes sure `address` has a player record (created in `lang` if new).
    pub fn ensure_player(&mut self, address: &str, lang: Lang) {
        if self.player(address).is_none() {
            let name = if address.eq_ignore_ascii_case(self.sender()) {
                display_name(self.msg.from_name.as_deref())
            } else {
                None
            };
            self.upsert_player(Player {
                name,
                ..Player::new(address, lang)
            });
        }
    }

    /// Keeps the sender's display name up to date in their record (only from a message
    /// that proves its sender: a forger must not rename a player).
    fn note_sender_name(&mut self) {
        if !self.proof.holds() {
            return;
        }
        let Some(p) = self.ctx.sender.as_ref() else {
            return;
        };
        if !p.address.eq_ignore_ascii_case(&self.msg.from) {
            return;
        }
        let name = display_name(self.msg.from_name.as_deref());
        if name.is_some() && name != p.name {
            self.upsert_player(Player { name, ..p.clone() });
        }
    }

    /// Remembers the language of the sender's keywords when nothing stronger is known (see
    /// [`LangFrom`]); only from a message that proves its sender.
    fn note_sender_lang(&mut self) {
        let Some(hint) = self.hint else { return };
        if !self.proof.holds() {
            return;
        }
        let sender = self.sender().to_lowercase();
        match self.player(&sender).cloned() {
            Some(p) if p.lang_from == LangFrom::Assumed => self.upsert_player(Player {
                lang: hint,
                lang_from: LangFrom::Keywords,
                ..p
            }),
            Some(_) => {}
            None => self.upsert_player(Player {
                name: display_name(self.msg.from_name.as_deref()),
                lang_from: LangFrom::Keywords,
                ..Player::new(&sender, hint)
            }),
        }
    }

    /// Records a game (replacing an earlier change to the same game).
    pub fn save_game(&mut self, game: StoredGame) {
        self.games.retain(|g| g.id != game.id);
        self.games.push(game);
    }

    /// Gives the last mail queued its short form for SMS (see
    /// [`crate::referee::sms_copies`]).
    pub fn short(&mut self, text: String) {
        if let Some(mail) = self.mail.outbox.last_mut() {
            mail.sms = Some(text);
        }
    }

    /// Answers the sender about no game.
    pub fn reply(&mut self, topic: Topic, body: String) {
        let subject = reply::subject(self.lang, topic);
        self.mail.reply(self.msg, subject, body);
    }

    /// Answers the sender, seated as `side`, about `game`.
    pub fn reply_game(&mut self, game: &StoredGame, side: Side, body: String) {
        let them = self.name_of(game.address_of(side.opponent()));
        let subject = reply::subject_game(self.lang, game, side, them.as_deref(), true);
        self.mail.reply_in_game(self.msg, game, side, subject, body);
    }

    /// Mails the player seated as `side` in `game` (not the sender).
    pub fn notify(&mut self, game: &StoredGame, side: Side, body: String) {
        let lang = self.lang_of(game.address_of(side));
        let them = self.name_of(game.address_of(side.opponent()));
        let subject = reply::subject_game(lang, game, side, them.as_deref(), false);
        self.mail.notify(game, side, subject, body);
    }

    /// The game as the player seated as `side` sees it.
    pub fn seen<'g>(&self, stored: &'g StoredGame, live: &'g AnyGame, side: Side) -> Seen<'g> {
        Seen {
            stored,
            live,
            you: side,
            opponent: self.name_of(stored.address_of(side.opponent())),
            reply_to: compose::reply_address(self.config, stored.id, side),
            clock: clocks::view(stored, &self.circumstances(stored), side, self.now),
        }
    }

    /// What `game`'s clocks depend on beyond the game: its players' time zones.
    pub fn circumstances(&self, game: &StoredGame) -> clocks::Circumstances {
        clocks::Circumstances::of(
            &self.config.clock,
            game,
            |a| self.player(a),
            &self.ctx.outages,
        )
    }

    /// The players' display names, White then Black, for records.
    pub fn names(&self, stored: &StoredGame) -> [Option<String>; 2] {
        [self.name_of(&stored.white), self.name_of(&stored.black)]
    }

    /// One line about `g` for the sender's lists.
    fn game_line(&self, g: &StoredGame) -> Option<GameLine> {
        let side = g.side_of(self.sender())?;
        let live = terms::plies(g).map(|(live, _)| live);
        let state = match g.status {
            GameStatus::Active => match &live {
                Some(l) if l.side_to_move() == side => State::YourTurn,
                _ => State::TheirTurn,
            },
            GameStatus::Invited if g.challenger.eq_ignore_ascii_case(self.sender()) => {
                State::InvitedThem
            }
            GameStatus::Invited => State::InvitedYou,
            GameStatus::Finished => State::Finished(
                g.result
                    .as_ref()
                    .map(|r| r.line.clone())
                    .unwrap_or_default(),
            ),
            GameStatus::Declined => State::Declined,
        };
        let you = match &live {
            Some(l) => l.side_name(side, self.lang),
            None => side.name().to_string(),
        };
        Some(GameLine {
            id: g.id,
            kind: g.kind,
            you,
            opponent: self.name_of(g.address_of(side.opponent())),
            state,
            reply_to: compose::reply_address(self.config, g.id, side),
        })
    }

    /// Builds the decision, holding back the answers the rate limit covers (see the
    /// module's `rate-limit`).
    pub(crate) fn finish(mut self) -> Decision {
        let mut summary = std::mem::take(&mut self.summary);
        let mut outbox = std::mem::take(&mut self.mail.outbox);
        crate::referee::pictures::attach(
            &mut outbox,
            |id| {
                self.games
                    .iter()
                    .chain(self.ctx.games.iter())
                    .find(|g| g.id == id)
            },
            |address| {
                let wants = self.player(address).is_none_or(|p| p.pictures);
                wants.then(|| self.lang_of(address))
            },
        );
        if let Some(base) = &self.config.public_url {
            crate::referee::page_links::attach(
                &mut outbox,
                base,
                |id| {
                    self.games
                        .iter()
                        .chain(self.ctx.games.iter())
                        .find(|g| g.id == id)
                },
                |address| self.player(address).is_none_or(|p| p.public),
                |address| self.lang_of(address),
            );
        }
        clocks::mark_turns(&self.ctx.games, &self.games, &mut outbox);
        let due: Vec<Option<Timestamp>> = self
            .games
            .iter()
            .map(|g| clocks::next_due(&self.config.clock, g, &self.circumstances(g), self.now))
            .collect();
        for (g, due) in self.games.iter_mut().zip(due) {
            g.clock.next_due = due;
        }
        let limit = self.config.max_replies_per_hour;
        let counted = self.ctx.replies_last_hour;
        let sender = self.msg.from.clone();
        // Answers to the sender that are not game mail are stored without their game, so
        // that the store counts them.
        if !self.game_command {
            for o in outbox.iter_mut() {
                if o.to.eq_ignore_ascii_case(&sender) {
                    o.game = None;
                }
            }
        }
        // Answers to mail that proved nothing: their own allowance, and no notice (it would
        // only be one more mail to the player whose address was forged).
        let unproven = |o: &crate::referee::Outgoing| {
            o.to.eq_ignore_ascii_case(&sender) && compose::is_unproven_answer(&o.message_id)
        };
        if self.ctx.unproven_last_hour >= unproven_allowance(limit) && outbox.iter().any(unproven) {
            outbox.retain(|o| !unproven(o));
            // A request whose mail is held back would wait for an answer that cannot come.
            self.confirmations
                .retain(|c| c.state != confirm::ConfirmationState::Pending);
            summary.push_str(&format!(
                " (unproven mail in {sender}'s name: over {} answers this hour, held back)",
                unproven_allowance(limit)
            ));
        }
        let limited = |o: &crate::referee::Outgoing| {
            o.to.eq_ignore_ascii_case(&sender) && o.game.is_none() && !unproven(o)
        };
        if counted >= limit && outbox.iter().any(limited) {
            let before = outbox.len();
            outbox.retain(|o| !limited(o));
            let dropped = before - outbox.len();
            summary.push_str(&format!(
                " (rate limit: {dropped} answer(s) to {sender} held back)"
            ));
            // One notice an hour at most; it is not counted, so that answers resume at the
            // time it gives.
            if !self.ctx.rate_notice_in_hour {
                let first = self.ctx.first_reply_in_hour.unwrap_or(self.now);
                let until = first.max(self.now - 3600) + 3600;
                let body = reply::rate_limited(self.lang, limit, until);
                let subject = reply::subject(self.lang, Topic::Problem);
                self.mail.reply(self.msg, subject, body);
                self.mail.mark_rate_notice();
                outbox.append(&mut self.mail.outbox);
                summary.push_str(" (sent the rate-limit notice)");
            }
        }
        let outbox = crate::referee::sms_copies::add(&self, outbox);
        // A code is logged only with the SMS that carries it.
        let mut codes = self.codes;
        codes.retain(|c| outbox.iter().any(|o| o.message_id == c.message_id));
        Decision {
            players: self.players,
            games: self.games,
            outbox,
            summary,
            sms_stops: self.stops,
            events: self.events,
            confirmations: self.confirmations,
            codes,
            invitations: self.invitations,
        }
    }
}

/// At most this many answers an hour go to one address for mail that proves nothing about
/// its sender: a quarter of the player's own allowance `limit`, and at least 2 (see the
/// module's `unproven-allowance`).
pub fn unproven_allowance(limit: u32) -> u32 {
    (limit / 4).max(2)
}

/// `GAMES`: the sender's games in progress and pending invitations.
fn games(desk: &mut Desk) {
    let mut lines: Vec<GameLine> = desk
        .ctx
        .games
        .iter()
        .filter(|g| matches!(g.status, GameStatus::Active | GameStatus::Invited))
        .filter_map(|g| desk.game_line(g))
        .collect();
    lines.sort_by_key(|l| l.id);
    lines.dedup_by_key(|l| l.id);
    let mut body = reply::games_list(desk.lang, &lines);
    if !desk.ctx.ratings.is_empty() {
        body.push('\n');
        body.push_str(&crate::t!(desk.lang, "games-ratings-head"));
        body.push('\n');
        for r in &desk.ctx.ratings {
            // `abalone/belgian-daisy`: a variant's own pool.
            let (game, variant) = match r.pool.split_once('/') {
                Some((g, v)) => (g, Some(v)),
                None => (r.pool.as_str(), None),
            };
            let title = crate::games::GameKind::from_name(game)
                .map(|k| k.title(desk.lang))
                .unwrap_or_else(|| game.to_string());
            let title = match variant {
                Some(v) => format!("{title} ({v})"),
                None => title,
            };
            body.push_str(&crate::t!(
                desk.lang,
                "games-rating-line",
                game = title,
                rating = crate::rating::history::shown(&r.rating),
                games = r.games
            ));
            body.push('\n');
        }
    }
    desk.reply(Topic::Games, body);
    desk.summary = format!("listed {} game(s) for {}", lines.len(), desk.sender());
}

/// `HELP [game]`: the general help, with the game's own help when one is named or the
/// message is about one of the sender's games.
fn help(desk: &mut Desk, kind: Option<crate::games::GameKind>) {
    let kind = kind.or_else(|| match route(desk.ctx, desk.sender(), &Command::Board) {
        Route::Game(g, _) if g.side_of(desk.sender()).is_some() => Some(g.kind),
        _ => None,
    });
    let body = reply::help(desk.lang, kind);
    desk.reply(Topic::Help, body);
    desk.summary = format!("sent help to {}", desk.sender());
}

/// `LANG FR|EN`.
fn set_lang(desk: &mut Desk, lang: Option<Lang>) {
    let Some(lang) = lang else {
        let body = reply::lang_usage(desk.lang);
        desk.reply(Topic::Language, body);
        desk.summary = format!("LANG without a language from {}", desk.sender());
        return;
    };
    let sender = desk.sender().to_lowercase();
    let player = match desk.player(&sender) {
        Some(p) => Player {
            lang,
            lang_from: LangFrom::Chosen,
            ..p.clone()
        },
        None => Player {
            name: display_name(desk.msg.from_name.as_deref()),
            lang_from: LangFrom::Chosen,
            ..Player::new(&sender, lang)
        },
    };
    desk.upsert_player(player);
    desk.lang = lang;
    desk.reply(Topic::Language, reply::lang_set(lang));
    desk.summary = format!("{sender} now reads {lang}");
}

/// `CHAT ON|OFF`: whether the sender receives the words their opponents write with their
/// moves.
fn set_chat(desk: &mut Desk, on: Option<bool>) {
    switch(
        desk,
        on,
        Switch {
            keyword: "CHAT",
            topic: Topic::Chat,
            usage: reply::chat_usage,
            answer: reply::chat_set,
            set: |p, on| Player { chat: on, ..p },
            summary: [
                "no longer receives opponents' words",
                "receives opponents' words",
            ],
        },
    );
}

/// `PUBLIC ON|OFF`: the sender's casual games on the public pages, or hidden.
fn set_public(desk: &mut Desk, on: Option<bool>) {
    switch(
        desk,
        on,
        Switch {
            keyword: "PUBLIC",
            topic: Topic::Public,
            usage: reply::public_usage,
            answer: reply::public_set,
            set: |p, on| Player { public: on, ..p },
            summary: [
                "hides casual games from the public pages",
                "shows casual games on the public pages",
            ],
        },
    );
}

/// `PICTURES ON|OFF`: board pictures in the sender's game mails, or not.
fn set_pictures(desk: &mut Desk, on: Option<bool>) {
    switch(
        desk,
        on,
        Switch {
            keyword: "PICTURES",
            topic: Topic::Pictures,
            usage: reply::pictures_usage,
            answer: reply::pictures_set,
            set: |p, on| Player { pictures: on, ..p },
            summary: [
                "no longer receives board pictures",
                "receives board pictures",
            ],
        },
    );
}

/// One of the sender's settings that is on or off.
struct Switch {
    /// The command, for the log.
    keyword: &'static str,
    /// The answer's subject.
    topic: Topic,
    /// The answer to the command without ON or OFF.
    usage: fn(Lang) -> String,
    /// The answer once set.
    answer: fn(Lang, bool) -> String,
    /// The player with the setting changed.
    set: fn(Player, bool) -> Player,
    /// What the log says of the sender, off then on.
    summary: [&'static str; 2],
}

/// `KEYWORD ON|OFF`: sets the sender's setting and says so; without ON or OFF, says how.
fn switch(desk: &mut Desk, on: Option<bool>, switch: Switch) {
    let Some(on) = on else {
        let body = (switch.usage)(desk.lang);
        desk.reply(switch.topic, body);
        desk.summary = format!(
            "{} without ON or OFF from {}",
            switch.keyword,
            desk.sender()
        );
        return;
    };
    let sender = desk.sender().to_lowercase();
    let lang = desk.lang;
    desk.ensure_player(&sender, lang);
    let player = desk.player(&sender).cloned().expect("ensured");
    desk.upsert_player((switch.set)(player, on));
    desk.reply(switch.topic, (switch.answer)(lang, on));
    desk.summary = format!("{sender} {}", switch.summary[usize::from(on)]);
}

/// `TZ <zone>`: the sender's time zone (`TZ` alone: the one in use).
fn set_zone(desk: &mut Desk, zone: Option<&str>) {
    let sender = desk.sender().to_lowercase();
    let lang = desk.lang;
    let Some(name) = zone else {
        let current = clocks::zone_of(&desk.config.clock, desk.player(&sender));
        let body = reply::zone_current(lang, &current);
        desk.reply(Topic::Zone, body);
        desk.summary = format!("{sender} asked for their time zone");
        return;
    };
    let Ok(found) = jiff::tz::db().get(name) else {
        desk.reply(Topic::Zone, reply::zone_unknown(lang, name));
        desk.summary = format!("{sender} gave an unknown time zone `{name}`");
        return;
    };
    let canonical = found.iana_name().unwrap_or(name).to_string();
    desk.ensure_player(&sender, lang);
    let player = desk.player(&sender).cloned().expect("ensured");
    desk.upsert_player(Player {
        zone: Some(canonical.clone()),
        ..player
    });
    desk.reply(Topic::Zone, reply::zone_set(lang, &canonical));
    desk.summary = format!("{sender} set their time zone to {canonical}");
}

/// The commands that act on one game.
fn in_game(desk: &mut Desk, reading: &Reading) {
    let command = &reading.command;
    let ctx = desk.ctx;
    match route(ctx, desk.sender(), command) {
        Route::NotFound(id, how) => {
            let body = reply::unknown_game(desk.lang, id);
            desk.reply(Topic::Problem, body);
            desk.summary = format!("{} named unknown game #{id} ({how:?})", desk.sender());
        }
        Route::NoGame => {
            let body = match command {
                Command::Unknown(line) => reply::not_understood(desk.lang, line, None),
                Command::Accept | Command::Decline => {
                    reply::no_game(desk.lang, NoGame::NothingToAnswer)
                }
                _ => reply::no_game(desk.lang, NoGame::NoActive),
            };
            let topic = match command {
                Command::Unknown(_) => Topic::Help,
                _ => Topic::Problem,
            };
            desk.reply(topic, body);
            desk.summary = format!(
                "{} sent {:?} with no game to apply it to",
                desk.sender(),
                reading.line
            );
        }
        Route::Ambiguous(games) => {
            let lines: Vec<GameLine> = games.iter().filter_map(|g| desk.game_line(g)).collect();
            let body = reply::which_game(desk.lang, &lines);
            desk.reply(Topic::WhichGame, body);
            // By SMS, the games waiting for the sender first: those are the ones meant.
            let waiting: Vec<&GameLine> = lines
                .iter()
                .filter(|l| l.state == State::YourTurn)
                .collect();
            let shown = if waiting.is_empty() {
                lines.iter().collect()
            } else {
                waiting
            };
            let listed: Vec<_> = shown.iter().map(|l| (l.id, l.opponent.clone())).collect();
            desk.short(crate::sms::words::which_game(desk.lang, &listed));
            desk.summary = format!(
                "asked {} which game ({} candidates)",
                desk.sender(),
                lines.len()
            );
        }
        Route::Game(game, _) => {
            let Some(side) = game.side_of(desk.sender()) else {
                let body = reply::not_your_game(desk.lang, game.id);
                desk.reply(Topic::Problem, body);
                desk.summary = format!(
                    "refused a message from {}, who is not a player of game #{}",
                    desk.sender(),
                    game.id
                );
                return;
            };
            if changes_a_game(command) && !desk.proof.holds() {
                unproven(desk, &reading.line, Some((game, side)));
                return;
            }
            match game.status {
                GameStatus::Invited => challenge::on_invitation(desk, game, side, command),
                GameStatus::Declined => play::on_declined(desk, game, side, command),
                GameStatus::Active | GameStatus::Finished => {
                    play::on_game(desk, game, side, command)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> RefereeConfig {
        RefereeConfig {
            address: "arbitre@example.org".into(),
            plus_addressing: true,
            keys: crate::keys::Keyring::new("s"),
            default_lang: Lang::EN,
            max_replies_per_hour: 5,
            max_message_bytes: 10_000,
            authserv_id: None,
            domain_proof: Vec::new(),
            trust_unverified_senders: false,
            clock: Default::default(),
            sms: Default::default(),
            public_url: None,
        }
    }

    #[test]
    fn the_bot_and_its_reply_addresses_are_recognised() {
        let c = config();
        assert!(is_bot(&c, "arbitre@example.org"));
        assert!(is_bot(&c, "ARBITRE+g1-w-abc@Example.org"));
        assert!(!is_bot(&c, "arbitre@example.com"));
        assert!(!is_bot(&c, "bob@example.org"));
        assert!(!is_bot(&c, "nonsense"));
    }

    #[test]
    fn display_names_never_carry_an_address() {
        assert_eq!(
            display_name(Some(" \"Alice Martin\" ")),
            Some("Alice Martin".into())
        );
        assert_eq!(display_name(Some("alice@example.org")), None);
        assert_eq!(display_name(Some("  ")), None);
        assert_eq!(display_name(None), None);
    }
}
