//! The desk a decision is built on: what one message's decision needs to know (the
//! settings, what the daemon loaded, the message, the time, the proof of its sender) and
//! the small API through which each command composes it: who is who ([`Desk::player`],
//! [`Desk::name_of`], [`Desk::lang_of`]), what changes ([`Desk::save_game`],
//! [`Desk::upsert_player`]), and what is sent ([`Desk::reply`], [`Desk::reply_game`],
//! [`Desk::notify`], [`Desk::short`]); [`Desk::finish`] turns it into the [`Decision`].
//! Commands reach it from [`super::message`]'s dispatch and do not call back into the
//! dispatch, but for [`super::confirm`], which carries out a confirmed command through it.

use crate::games::{AnyGame, Side};
use crate::referee::compose::{self, Mailer};
use crate::referee::proof::Proof;
use crate::referee::reply::{self, GameLine, Seen, State, Topic};
use crate::referee::{
    Context, Decision, GameId, GameStatus, Inbound, LangFrom, Player, RefereeConfig, SmsStop,
    StoredGame, Timestamp, clocks, confirm, terms,
};
use crate::text::Lang;

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
    /// The live games of [`Desk::games`] as the command that saved each one played it
    /// ([`Desk::save_played`]): the pictures of the decision's mails are drawn from them,
    /// not from a second replay of every stored move. A later [`Desk::save_game`] of the
    /// same game drops its entry.
    live: Vec<(GameId, AnyGame)>,
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
            live: Vec::new(),
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
    pub(crate) fn note_sender_name(&mut self) {
        if !self.proof.holds() {
            return;
        }
        let Some(p) = self.ctx.sender.as_ref() else {
            return;
        };
        if !p.address.eq_ignore_ascii_case(&self.msg.from) || p.name_chosen {
            return;
        }
        let name = display_name(self.msg.from_name.as_deref());
        if name.is_some() && name != p.name {
            self.upsert_player(Player { name, ..p.clone() });
        }
    }

    /// Remembers the language of the sender's keywords when nothing stronger is known (see
    /// [`LangFrom`]); only from a message that proves its sender.
    pub(crate) fn note_sender_lang(&mut self) {
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
        self.live.retain(|(id, _)| *id != game.id);
        self.games.retain(|g| g.id != game.id);
        self.games.push(game);
    }

    /// Records a game with its live position, `live` being `game`'s stored moves played
    /// (the caller's word: what it just played to make `game`).
    pub fn save_played(&mut self, game: StoredGame, live: AnyGame) {
        let id = game.id;
        self.save_game(game);
        debug_assert!(
            self.games
                .last()
                .and_then(|g| g.rebuild().ok())
                .is_some_and(|replayed| replayed.position_string() == live.position_string()),
            "the live game kept for game #{id} is not its stored moves played"
        );
        self.live.push((id, live));
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
    pub(crate) fn game_line(&self, g: &StoredGame) -> Option<GameLine> {
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
        // The computer's seats get no mail.
        outbox.retain(|o| crate::referee::computer::keep_mail(&o.to));
        // Every mail of a game this decision changed shows the position it leaves (see
        // `stale-reply` in play.rs).
        for o in outbox.iter_mut() {
            if let Some(game) = o.game.and_then(|id| self.games.iter().find(|g| g.id == id)) {
                o.message_id = compose::at_final_position(&o.message_id, game.id, game.moves.len());
            }
        }
        let live = std::mem::take(&mut self.live);
        crate::referee::pictures::attach(
            &mut outbox,
            |id| match live.iter().find(|(g, _)| *g == id) {
                Some((_, kept)) => Some(kept.clone()),
                None => self
                    .games
                    .iter()
                    .chain(self.ctx.games.iter())
                    .find(|g| g.id == id)
                    .and_then(|g| g.rebuild().ok()),
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
            ..Decision::default()
        }
    }
}

/// At most this many answers an hour go to one address for mail that proves nothing about
/// its sender: a quarter of the player's own allowance `limit`, and at least 2 (see
/// [`super::message`]'s `unproven-allowance`).
pub fn unproven_allowance(limit: u32) -> u32 {
    (limit / 4).max(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

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
