//! The in-memory world of the referee's scenario tests: the daemon's part played without
//! server, store or clock. [`World`] keeps players and games, remembers which of arbitre's
//! Message-IDs belong to which game (for reply routing), builds each [`Context`], calls
//! `referee::handle`, and applies the [`Decision`], checking after every message the
//! invariants that hold for every mail: unique Message-IDs, threading, the game tag in
//! subjects, and that no body ever shows a player another player's address. A mail that
//! starts a player's turn leaves at once (their clock starts), unless mail is held back.

#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::referee::{
    self, AutoKind, Channel, Context, Decision, GameId, GameStatus, Inbound, LangFrom,
    NewGameRequest, Outgoing, Player, RefereeConfig, StoredGame, Timestamp,
};
use arbitre::text::Lang;

pub const BOT: &str = "arbitre@referee.example";
pub const ALICE: &str = "alice@a.example";
pub const BOB: &str = "bob@b.example";
pub const CAROL: &str = "carol@c.example";
pub const DIRECTOR: &str = "td@club.example";

pub fn config() -> RefereeConfig {
    RefereeConfig {
        address: BOT.to_string(),
        plus_addressing: true,
        keys: arbitre::keys::Keyring::new("test secret, never used in production"),
        default_lang: Lang::EN,
        max_replies_per_hour: 30,
        max_message_bytes: 64 * 1024,
        authserv_id: None,
        domain_proof: Vec::new(),
        trust_unverified_senders: false,
        clock: Default::default(),
        sms: Default::default(),
        public_url: None,
    }
}

/// The daemon's part, in memory.
pub struct World {
    pub config: RefereeConfig,
    pub players: BTreeMap<String, Player>,
    pub games: BTreeMap<GameId, StoredGame>,
    /// Every mail arbitre sent, in order.
    pub sent: Vec<Outgoing>,
    /// When each of them was sent.
    pub sent_at: Vec<Timestamp>,
    /// arbitre's Message-IDs and the game each belongs to.
    pub ours: HashMap<String, Option<GameId>>,
    pub next_game: GameId,
    pub clock: Timestamp,
    /// Seconds between two messages.
    pub step: Timestamp,
    pub seq: usize,
    /// While true, mail is not sent: the turns it starts wait in `held`.
    pub hold_mail: bool,
    /// Turns whose mail is held back: (game, plies).
    pub held: Vec<(GameId, usize)>,
    /// arbitre's outages, as the daemon records them.
    pub outages: Vec<arbitre::clock::Span>,
    /// The audit log of the director's actions, as the store keeps it.
    pub audit: Vec<arbitre::audit::Entry>,
    /// The numbers that said STOP, with the one SMS still allowed to each.
    pub stopped: BTreeMap<String, Option<String>>,
    /// The events, by number.
    pub events: BTreeMap<i64, arbitre::tournament::event::StoredEvent>,
    /// The requests to confirm a command, by number, as the store keeps them.
    pub confirmations: BTreeMap<String, referee::confirm::Confirmation>,
    /// The phone codes queued, as the store logs them, with when.
    pub codes: Vec<(referee::CodeSent, Timestamp)>,
    /// The invitations sent, as the store logs them, with when.
    pub invitations: Vec<(referee::InvitationSent, Timestamp)>,
}

impl World {
    pub fn new() -> World {
        World::with(config())
    }

    pub fn with(config: RefereeConfig) -> World {
        World {
            config,
            players: BTreeMap::new(),
            games: BTreeMap::new(),
            sent: Vec::new(),
            sent_at: Vec::new(),
            ours: HashMap::new(),
            next_game: 1,
            clock: 1_700_000_000,
            step: 600,
            seq: 0,
            hold_mail: false,
            held: Vec::new(),
            outages: Vec::new(),
            audit: Vec::new(),
            stopped: BTreeMap::new(),
            events: BTreeMap::new(),
            confirmations: BTreeMap::new(),
            codes: Vec::new(),
            invitations: Vec::new(),
        }
    }

    /// An SMS from `number` with `text`, as the daemon reads it: its sender the player the
    /// number is linked to, else the player linking it, else nobody.
    pub fn sms_msg(&mut self, number: &str, text: &str) -> Inbound {
        self.seq += 1;
        self.clock += self.step;
        let mut m = arbitre::gateway::incoming::inbound(
            "test",
            &format!("k{}", self.seq),
            number,
            text,
            self.clock,
        );
        let holder = self
            .players
            .values()
            .find(|p| p.phone.as_deref() == Some(number));
        // As the store does: a valid code names the player whose code it is, whoever
        // holds the number; anything else is the holder's.
        let code = arbitre::referee::command::read_code(&m.text);
        let now = self.clock;
        let claimant = self.players.values().find(|p| {
            p.phone_claim.as_ref().is_some_and(|c| {
                c.number == number && Some(&c.code) == code.as_ref() && c.until >= now
            })
        });
        m.from = claimant
            .or(holder)
            .map(|p| p.address.clone())
            .unwrap_or_default();
        m
    }

    /// Sends `text` by SMS from `number`.
    pub fn sms(&mut self, number: &str, text: &str) -> Decision {
        let m = self.sms_msg(number, text);
        self.deliver(&m)
    }

    /// The SMS sent to `number`, in order.
    pub fn texts_to(&self, number: &str) -> Vec<&Outgoing> {
        self.sent
            .iter()
            .filter(|o| o.channel == Channel::Sms && o.to == number)
            .collect()
    }

    /// A fresh message from `from` with `text` as its body, to the bot's plain address.
    pub fn msg(&mut self, from: &str, text: &str) -> Inbound {
        self.seq += 1;
        // Ten minutes between messages by default: six an hour.
        self.clock += self.step;
        let domain = from.split('@').nth(1).unwrap_or("x.example");
        Inbound {
            message_id: format!("m{}@{domain}", self.seq),
            from: from.to_string(),
            from_name: None,
            recipients: vec![BOT.to_string()],
            subject: String::new(),
            references: Vec::new(),
            text: text.to_string(),
            automatic: false,
            auth_results: Vec::new(),
            size: 1000 + text.len(),
            received_at: self.clock,
            channel: Default::default(),
            phone: None,
            report: None,
        }
    }

    /// A reply from `from` to `mail`, as a mail client writes it.
    pub fn reply_msg(&mut self, mail: &Outgoing, from: &str, text: &str) -> Inbound {
        let mut m = self.msg(from, text);
        m.recipients = vec![mail.reply_to.clone().unwrap_or_else(|| BOT.to_string())];
        m.subject = format!("Re: {}", mail.subject);
        m.references = std::iter::once(mail.message_id.clone())
            .chain(mail.references.iter().rev().cloned())
            .collect();
        m.text = format!("{text}\n");
        m
    }

    /// Replies `text` from `from` to `mail` and decides on the reply.
    pub fn answer_mail(&mut self, mail: &Outgoing, from: &str, text: &str) -> Decision {
        let m = self.reply_msg(mail, from, text);
        self.deliver(&m)
    }

    /// Sends `text` from `from` as a new mail.
    pub fn send(&mut self, from: &str, text: &str) -> Decision {
        let m = self.msg(from, text);
        self.deliver(&m)
    }

    /// A fresh message from `from` to their own player address, the one in the Reply-To of
    /// arbitre's answers that are not about a game: it proves its sender.
    pub fn keyed_msg(&mut self, from: &str, text: &str) -> Inbound {
        let mut m = self.msg(from, text);
        m.recipients = vec![referee::token::player_address(&self.config, from).unwrap()];
        m
    }

    /// Sends `text` from `from` as a new mail to the bot's plain address, which proves
    /// nothing about its sender: arbitre changes nothing and asks to confirm; `from`
    /// confirms by replying with nothing written to the request's own address. Returns the
    /// decision on the confirmation.
    pub fn send_confirmed(&mut self, from: &str, text: &str) -> Decision {
        let d = self.send(from, text);
        assert!(
            d.games.is_empty() && d.players.is_empty(),
            "an unproven message changed something: {d:#?}"
        );
        let ask = only(&d, from).clone();
        assert!(ask.subject.contains("Confirm"), "{}", ask.subject);
        assert_eq!(d.confirmations.len(), 1, "{d:#?}");
        assert!(
            ask.reply_to.as_deref().is_some_and(|r| r.contains("+c-")),
            "the request's own address: {:?}",
            ask.reply_to
        );
        let m = self.reply_msg(&ask, from, "");
        self.deliver(&m)
    }

    /// Replies `text` from `from` to the last mail `from` received.
    pub fn answer(&mut self, from: &str, text: &str) -> Decision {
        let mail = self.last_to(from).clone();
        let m = self.reply_msg(&mail, from, text);
        self.deliver(&m)
    }

    /// The context the daemon would build for `msg`.
    pub fn context(&self, msg: &Inbound) -> Context {
        let look = referee::lookup(&self.config, msg);
        // A reply to a request to confirm: the request, and what its command needs.
        let asked = look
            .confirmation
            .as_ref()
            .and_then(|id| self.confirmations.get(id).cloned());
        let look = referee::lookup_confirming(&self.config, msg, asked.as_ref());
        let reply_game = look
            .references
            .iter()
            .find_map(|r| self.ours.get(r).copied().flatten());
        let sender = msg.from.to_lowercase();
        let mut games: Vec<StoredGame> = self
            .games
            .values()
            .filter(|g| {
                let seated = g.side_of(&sender).is_some();
                let open = matches!(g.status, GameStatus::Active | GameStatus::Invited);
                let named = [look.token_game, reply_game, look.subject_game].contains(&Some(g.id));
                (seated && open) || named
            })
            .cloned()
            .collect();
        games.sort_by_key(|g| g.id);
        // The number a PHONE command names, or the one the sender is linking, and its
        // holder (whose record is loaded with the others).
        let number = look.phone.clone().or_else(|| {
            self.players
                .get(&sender)
                .and_then(|p| p.phone_claim.as_ref())
                .map(|c| c.number.clone())
        });
        let phone_holder = number.and_then(|n| {
            self.players
                .values()
                .find(|p| p.phone.as_deref() == Some(n.as_str()))
                .map(|p| p.address.clone())
        });
        let day_ago = msg.received_at - 86_400;
        let codes: Vec<&referee::CodeSent> = self
            .codes
            .iter()
            .filter(|(_, at)| *at > day_ago)
            .map(|(c, _)| c)
            .collect();
        let (codes_by_sender, codes_to_number, codes_in_all) = match &look.phone {
            Some(n) => (
                codes.iter().filter(|c| c.address == sender).count() as u32,
                codes.iter().filter(|c| &c.number == n).count() as u32,
                codes.len() as u32,
            ),
            None => (0, 0, 0),
        };
        let invitations_to_invitee = look.mentioned.first().map_or(0, |invitee| {
            self.invitations
                .iter()
                .filter(|(i, at)| *at > day_ago && i.invitee == invitee.to_lowercase())
                .count() as u32
        });
        let invitee_knows_sender = look.mentioned.first().is_some_and(|invitee| {
            self.games.values().any(|g| {
                g.side_of(invitee).is_some()
                    && g.side_of(&sender).is_some()
                    && matches!(g.status, GameStatus::Active | GameStatus::Finished)
            })
        });
        let mut others: Vec<String> = look.mentioned.clone();
        others.extend(phone_holder.clone());
        for g in &games {
            others.push(g.white.clone());
            others.push(g.black.clone());
        }
        let players = others
            .iter()
            .filter(|a| **a != sender)
            .filter_map(|a| self.players.get(a).cloned())
            .collect();
        let hour_ago = msg.received_at - 3600;
        // As the store counts: answers to the sender that are not game mail.
        let answers: Vec<(&Outgoing, Timestamp)> = self
            .sent
            .iter()
            .zip(&self.sent_at)
            .filter(|(o, at)| {
                o.to == sender && o.auto == AutoKind::Replied && o.game.is_none() && **at > hour_ago
            })
            .map(|(o, at)| (o, *at))
            .collect();
        let notice = |o: &Outgoing| referee::compose::is_rate_notice(&o.message_id);
        let unproven = |o: &Outgoing| referee::compose::is_unproven_answer(&o.message_id);
        let unproven_last_hour = answers.iter().filter(|(o, _)| unproven(o)).count() as u32;
        let counted: Vec<Timestamp> = answers
            .iter()
            .filter(|(o, _)| !notice(o) && !unproven(o))
            .map(|(_, at)| *at)
            .collect();
        let replies_last_hour = counted.len() as u32;
        let first_reply_in_hour = counted.iter().min().copied();
        let rate_notice_in_hour = answers.iter().any(|(o, _)| notice(o));
        Context {
            confirmation: asked,
            sender: self.players.get(&sender).cloned(),
            players,
            games,
            token_game: look.token_game,
            reply_game,
            subject_game: look.subject_game,
            replies_last_hour,
            first_reply_in_hour,
            rate_notice_in_hour,
            unproven_last_hour,
            outages: self.outages.clone(),
            next_game_id: self.next_game,
            phone_holder,
            codes_by_sender,
            codes_to_number,
            codes_in_all,
            invitations_to_invitee,
            invitee_knows_sender,
            // The latest SMS sent (one waiting for the morning is not yet).
            sms_game: msg.phone.as_ref().and_then(|n| {
                self.sent
                    .iter()
                    .rev()
                    .filter(|o| o.not_before.is_none_or(|t| t <= msg.received_at))
                    .find(|o| o.channel == Channel::Sms && &o.to == n)
                    .and_then(|o| o.game)
            }),
            sms_stopped: msg
                .phone
                .as_ref()
                .is_some_and(|n| self.stopped.contains_key(n)),
            phone_stopped: look
                .phone
                .as_ref()
                .is_some_and(|n| self.stopped.contains_key(n)),
            sms_recent: msg.phone.as_ref().is_some_and(|n| {
                self.sent.iter().zip(&self.sent_at).any(|(o, at)| {
                    o.channel == Channel::Sms && &o.to == n && *at > msg.received_at - 86_400
                })
            }),
            events: if look.events {
                self.event_context(&sender)
            } else {
                Vec::new()
            },
            ratings: Default::default(),
        }
    }

    /// What the store loads for a command about events: the events taking entries and
    /// those the sender has entered, with their games.
    fn event_context(&self, sender: &str) -> Vec<referee::EventContext> {
        self.events
            .values()
            .filter(|e| {
                e.status == arbitre::tournament::event::EventStatus::Entry
                    || e.entry_of(sender).is_some()
            })
            .map(|e| referee::EventContext {
                event: e.clone(),
                games: if e.entry_of(sender).is_some() {
                    self.games
                        .values()
                        .filter(|g| g.terms.event.is_some_and(|(id, _)| id == e.id))
                        .cloned()
                        .collect()
                } else {
                    Vec::new()
                },
                ratings: Default::default(),
            })
            .collect()
    }

    /// Decides `msg`, checks the invariants, and applies the decision.
    pub fn deliver(&mut self, msg: &Inbound) -> Decision {
        let ctx = self.context(msg);
        let d = referee::handle(&self.config, &ctx, msg, msg.received_at);
        // Pure: the same input gives the same decision.
        assert_eq!(d, referee::handle(&self.config, &ctx, msg, msg.received_at));
        self.check(msg, &d);
        self.apply(&d);
        d
    }

    pub fn apply(&mut self, d: &Decision) {
        for stop in &d.sms_stops {
            if stop.stopped {
                self.stopped
                    .entry(stop.number.clone())
                    .or_insert(stop.confirmation.clone());
            } else {
                self.stopped.remove(&stop.number);
            }
        }
        for p in &d.players {
            self.players.insert(p.address.clone(), p.clone());
        }
        for c in &d.codes {
            self.codes.push((c.clone(), self.clock));
        }
        for i in &d.invitations {
            self.invitations.push((i.clone(), self.clock));
        }
        for e in &d.events {
            self.events.insert(e.id, e.clone());
        }
        // As the store: a request once answered stays answered.
        for c in &d.confirmations {
            let pending = referee::confirm::ConfirmationState::Pending;
            match self.confirmations.get(&c.id) {
                Some(old) if old.state != pending => {}
                _ => {
                    self.confirmations.insert(c.id.clone(), c.clone());
                }
            }
        }
        for g in &d.games {
            if g.id >= self.next_game {
                self.next_game = g.id + 1;
            }
            self.games.insert(g.id, g.clone());
        }
        for o in &d.outbox {
            self.ours.insert(o.message_id.clone(), o.game);
            self.sent.push(o.clone());
            self.sent_at.push(self.clock);
            if let (Some(game), Some(turn)) = (o.game, o.turn) {
                self.held.push((game, turn));
            }
        }
        if !self.hold_mail {
            self.release_mail();
        }
    }

    /// Sends the mail held back now: the turns it starts begin at this instant, and, as
    /// the store does, the game's clock is to be looked at again at once.
    pub fn release_mail(&mut self) {
        for (game, turn) in std::mem::take(&mut self.held) {
            if let Some(g) = self.games.get_mut(&game) {
                g.clock.started.insert(turn, self.clock);
                if g.status == GameStatus::Active {
                    g.clock.next_due = Some(self.clock);
                }
            }
        }
    }

    /// The clock's turn at `at` (the world's clock moves there): the games whose next due
    /// time has come, with their players, go to `referee::tick`, as the daemon does.
    pub fn tick(&mut self, at: Timestamp) -> Decision {
        self.clock = self.clock.max(at);
        let games: Vec<StoredGame> = self
            .games
            .values()
            .filter(|g| g.clock.next_due.is_some_and(|d| d <= at))
            .cloned()
            .collect();
        let players: Vec<Player> = games
            .iter()
            .flat_map(|g| [g.white.clone(), g.black.clone()])
            .filter_map(|a| self.players.get(&a).cloned())
            .collect();
        let ctx = Context {
            players,
            games,
            outages: self.outages.clone(),
            next_game_id: self.next_game,
            ..Context::default()
        };
        let d = referee::tick(&self.config, &ctx, at);
        assert_eq!(d, referee::tick(&self.config, &ctx, at), "tick is pure");
        let fake = Inbound {
            message_id: "tick".into(),
            ..Inbound::default()
        };
        self.check(&fake, &d);
        self.apply(&d);
        d
    }

    /// The computer's task, as the daemon runs it: for the first game that owes the
    /// computer an answer, the search, then the answer decided from the game and its
    /// players and applied. `None` when no game owes one.
    pub fn computer(&mut self) -> Option<Decision> {
        let (game, task) = self
            .games
            .values()
            .find_map(|g| referee::computer::pending(g).map(|t| (g.clone(), t)))?;
        let advice =
            referee::computer::think(&game, &task).expect("a game that owes a move has one");
        // The same search again (after a restart) finds the same answer.
        assert_eq!(
            Some(&advice),
            referee::computer::think(&game, &task).as_ref()
        );
        let players = [game.white.clone(), game.black.clone()]
            .iter()
            .filter_map(|a| self.players.get(a).cloned())
            .collect();
        let ctx = Context {
            players,
            games: vec![game],
            outages: self.outages.clone(),
            next_game_id: self.next_game,
            ..Context::default()
        };
        let now = self.clock;
        let d = referee::computer::answer(&self.config, &ctx, &task, &advice, now);
        assert_eq!(
            d,
            referee::computer::answer(&self.config, &ctx, &task, &advice, now),
            "pure"
        );
        let fake = Inbound {
            message_id: format!("computer.{}", task.game),
            ..Inbound::default()
        };
        self.check(&fake, &d);
        self.apply(&d);
        Some(d)
    }

    /// Runs the computer until no game owes it anything; the decisions, in order.
    pub fn run_computer(&mut self) -> Vec<Decision> {
        let mut all = Vec::new();
        while let Some(d) = self.computer() {
            assert!(all.len() < 500, "the computer never stops answering");
            all.push(d);
        }
        all
    }

    /// A director's action on game `id` at the world's clock, as `arbitre clock|adjudicate`
    /// does it: decided from the game and its players, committed with its audit entry.
    /// A refusal changes nothing.
    pub fn direct(
        &mut self,
        id: GameId,
        action: referee::direct::GameAction,
        reason: &str,
    ) -> Result<Decision, referee::direct::Refused> {
        let games: Vec<StoredGame> = self.games.get(&id).cloned().into_iter().collect();
        let players = games
            .iter()
            .flat_map(|g| [g.white.clone(), g.black.clone()])
            .filter_map(|a| self.players.get(&a).cloned())
            .collect();
        let ctx = Context {
            players,
            games,
            outages: self.outages.clone(),
            next_game_id: self.next_game,
            ..Context::default()
        };
        let seq = self.audit.len() as i64 + 1;
        let now = self.clock;
        let directed = referee::direct::on_game(&self.config, &ctx, id, action, reason, seq, now)?;
        assert_eq!(
            Ok(directed.clone()),
            referee::direct::on_game(&self.config, &ctx, id, action, reason, seq, now),
            "pure"
        );
        self.record(directed, action.name(), Some(id), None, reason)
    }

    /// `arbitre leave grant` at the world's clock.
    pub fn grant_leave(
        &mut self,
        who: &str,
        first: jiff::civil::Date,
        last: jiff::civil::Date,
        reason: &str,
    ) -> Result<Decision, referee::direct::Refused> {
        let games: Vec<StoredGame> = self
            .games
            .values()
            .filter(|g| g.status == GameStatus::Active && g.side_of(who).is_some())
            .cloned()
            .collect();
        let players = games
            .iter()
            .flat_map(|g| [g.white.clone(), g.black.clone()])
            .filter(|a| a != who)
            .filter_map(|a| self.players.get(&a).cloned())
            .collect();
        let ctx = Context {
            sender: self.players.get(who).cloned(),
            players,
            games,
            outages: self.outages.clone(),
            next_game_id: self.next_game,
            ..Context::default()
        };
        let seq = self.audit.len() as i64 + 1;
        let directed =
            referee::direct::grant_leave(&self.config, &ctx, first, last, reason, seq, self.clock)?;
        self.record(directed, "leave-grant", None, Some(who), reason)
    }

    fn record(
        &mut self,
        directed: referee::direct::Directed,
        action: &str,
        game: Option<GameId>,
        player: Option<&str>,
        reason: &str,
    ) -> Result<Decision, referee::direct::Refused> {
        let draft = arbitre::audit::Draft {
            at: self.clock,
            actor: DIRECTOR.to_string(),
            action: action.to_string(),
            game,
            player: player.map(str::to_string),
            detail: directed.detail.clone(),
            reason: reason.to_string(),
        };
        let after = self.audit.last().map(|e| (e.seq, e.hash.as_str()));
        let entry = arbitre::audit::seal(draft, after, self.config.keys.current());
        self.audit.push(entry);
        let fake = Inbound {
            message_id: "director".into(),
            ..Inbound::default()
        };
        self.check(&fake, &directed.decision);
        self.apply(&directed.decision);
        Ok(directed.decision)
    }

    /// Ticks at every due time up to `until`, in order; returns every decision that sent
    /// mail or changed a game.
    pub fn run_clock(&mut self, until: Timestamp) -> Vec<Decision> {
        let mut out = Vec::new();
        for _ in 0..1000 {
            let Some(due) = self
                .games
                .values()
                .filter_map(|g| g.clock.next_due)
                .filter(|&d| d <= until)
                .min()
            else {
                break;
            };
            let d = self.tick(due);
            assert!(
                !d.games.is_empty(),
                "a clock due at {due} was looked at and nothing changed: it would be due for ever"
            );
            if !d.outbox.is_empty() {
                out.push(d);
            }
        }
        self.clock = self.clock.max(until);
        out
    }

    /// The invariants of every decision.
    pub fn check(&self, msg: &Inbound, d: &Decision) {
        let mut addresses: Vec<String> = self.players.keys().cloned().collect();
        addresses.extend(d.players.iter().map(|p| p.address.clone()));
        for g in self.games.values().chain(d.games.iter()) {
            addresses.push(g.white.clone());
            addresses.push(g.black.clone());
        }
        addresses.push(msg.from.clone());
        addresses.retain(|a| !a.is_empty());
        for o in &d.outbox {
            if o.channel == Channel::Sms {
                check_sms(o, &addresses);
                assert!(
                    !self.ours.contains_key(&o.message_id),
                    "Message-ID {} used twice",
                    o.message_id
                );
                continue;
            }
            assert!(!o.message_id.is_empty());
            assert!(
                !self.ours.contains_key(&o.message_id),
                "Message-ID {} used twice",
                o.message_id
            );
            assert!(
                o.message_id.ends_with("@referee.example"),
                "{}",
                o.message_id
            );
            for a in &addresses {
                // The sender's own words may be quoted back to the sender.
                let own_words = o.to == msg.from
                    && (msg.text.to_lowercase().contains(a.as_str())
                        || msg.subject.to_lowercase().contains(a.as_str()));
                if !a.eq_ignore_ascii_case(&o.to) && !own_words {
                    assert!(
                        !o.body.to_lowercase().contains(&a.to_lowercase()),
                        "a mail to {} shows the address {a}:\n{}",
                        o.to,
                        o.body
                    );
                    assert!(!o.subject.contains(a.as_str()));
                }
            }
            if let Some(id) = o.game {
                assert!(
                    o.subject.contains(&format!("[arbitre #{id}]")),
                    "{}",
                    o.subject
                );
            }
            match o.auto {
                AutoKind::Replied => {
                    assert_eq!(o.to, msg.from);
                    assert_eq!(o.in_reply_to.as_deref(), Some(msg.message_id.as_str()));
                    assert_eq!(o.references.last(), Some(&msg.message_id));
                }
                AutoKind::Generated => {
                    // Game mail threads under its seat; a director's word about no game
                    // starts a thread of its own.
                    let announce = o.message_id.starts_with("arbitre.g");
                    assert!(
                        announce || o.in_reply_to.is_some() || o.game.is_none(),
                        "{o:?}"
                    );
                }
            }
            if o.game.is_some() && self.config.plus_addressing {
                let r = o
                    .reply_to
                    .as_deref()
                    .expect("a game mail carries a reply address");
                assert!(r.starts_with("arbitre+g"), "{r}");
            }
        }
        let mut ids: Vec<&str> = d.outbox.iter().map(|o| o.message_id.as_str()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(
            ids.len(),
            d.outbox.len(),
            "duplicate Message-IDs in one decision"
        );
    }

    pub fn last_to(&self, to: &str) -> &Outgoing {
        self.sent
            .iter()
            .rev()
            .find(|o| o.to == to)
            .unwrap_or_else(|| panic!("no mail to {to}"))
    }

    pub fn game(&self, id: GameId) -> &StoredGame {
        &self.games[&id]
    }

    /// Sets up a game directly (`arbitre new`).
    pub fn create(&mut self, kind: GameKind, start: Start, white: &str, black: &str) -> GameId {
        let id = self.next_game;
        let players: Vec<Player> = self.players.values().cloned().collect();
        let request = NewGameRequest {
            kind,
            start,
            options: String::new(),
            white: white.to_string(),
            black: black.to_string(),
            created_by: DIRECTOR.to_string(),
            time: Default::default(),
        };
        let d = referee::create_game(&self.config, &request, &players, id, self.clock).unwrap();
        let fake = Inbound {
            message_id: "none".into(),
            ..Inbound::default()
        };
        for o in &d.outbox {
            assert_eq!(o.auto, AutoKind::Generated);
            assert!(o.in_reply_to.is_none());
        }
        self.check(&fake, &d);
        self.apply(&d);
        id
    }

    /// Gives `who` a record with a language they chose.
    pub fn set_lang(&mut self, who: &str, lang: Lang) {
        self.players.insert(
            who.to_string(),
            Player {
                address: who.to_string(),
                name: None,
                name_chosen: false,
                name_told: false,
                lang,
                lang_from: LangFrom::Chosen,
                chat: true,
                zone: None,
                leave: Vec::new(),
                notify: Default::default(),
                phone: None,
                phone_claim: None,
                pictures: true,
                public: true,
                invitations: true,
                undeliverable: None,
            },
        );
    }
}

/// What holds for every SMS: to a number in E.164 form, in GSM-7 within one segment (a
/// position string, asked for, within three), showing no address.
pub fn check_sms(o: &Outgoing, addresses: &[String]) {
    use arbitre::sms::gsm7;
    assert!(
        arbitre::sms::phone::Phone::read(&o.to, &[]).is_ok(),
        "an SMS to {}",
        o.to
    );
    let cost = gsm7::cost(&o.body);
    assert_eq!(cost.encoding, gsm7::Encoding::Gsm7, "{}", o.body);
    let most = if o.body.contains("position") { 3 } else { 1 };
    assert!(
        cost.segments <= most,
        "{} segments: {}",
        cost.segments,
        o.body
    );
    for a in addresses {
        assert!(
            !o.body.to_lowercase().contains(&a.to_lowercase()),
            "{}",
            o.body
        );
    }
    assert!(o.subject.is_empty() && o.reply_to.is_none());
}

/// The registered game called `name`; it must set up its default start.
pub fn engine(name: &str) -> GameKind {
    let kind = GameKind::from_name(name).unwrap_or_else(|| panic!("no game called {name}"));
    AnyGame::new(kind, &Start::Default, None, "").unwrap_or_else(|e| panic!("{name}: {e}"));
    kind
}

/// The game `$name` (every engine is registered: a missing one fails the test).
macro_rules! engine {
    ($name:literal) => {
        engine($name)
    };
}

/// The mails of a decision addressed to `to`.
pub fn to<'a>(d: &'a Decision, to: &str) -> Vec<&'a Outgoing> {
    d.outbox.iter().filter(|o| o.to == to).collect()
}

/// The only mail of `d` addressed to `who`.
pub fn only<'a>(d: &'a Decision, who: &str) -> &'a Outgoing {
    let mails = to(d, who);
    assert_eq!(mails.len(), 1, "mails to {who}: {:#?}", d.outbox);
    mails[0]
}

pub fn first_line(o: &Outgoing) -> &str {
    o.body.lines().next().unwrap_or("")
}

/// Alice challenges Bob to `game`; Bob accepts by replying. Returns the game id.
pub fn challenge_and_accept(w: &mut World, line: &str) -> GameId {
    let d = w.send_confirmed(ALICE, line);
    let id = d.games[0].id;
    assert_eq!(d.games[0].status, GameStatus::Invited);
    let d = w.answer(BOB, "ACCEPT");
    assert_eq!(d.games[0].status, GameStatus::Active);
    id
}

pub fn live(g: &StoredGame) -> AnyGame {
    g.rebuild().expect("stored games replay")
}
