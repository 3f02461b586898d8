//! Addressing outgoing mail: stable Message-IDs, threading, reply addresses.
//!
//! Message-IDs are derived, never drawn at random: `arbitre.<h>.<n>@<domain>` where `<h>`
//! is a hash of the inbound Message-ID and `<n>` the mail's index in the decision, so that
//! deciding the same message again gives the same ids (the outbox can then ignore
//! duplicates). Mails not caused by an inbound message (a game set up by a director) use the
//! game's *seat roots*: `arbitre.g<id>.<created>.<side>@<domain>`, one per player and game.
//! A mail about a game also says which position it showed: `arbitre.<h>.<n>.g<id>p<ply>@`
//! (the number of plies then), so that a move replying to it can be told stale
//! ([`shown_ply`]).
//!
//! Threading: an answer to a player's message replies to it (In-Reply-To, and References
//! extended with it). A mail a player gets because of the opponent (a forwarded move)
//! replies to that player's own last move in the game, or to their seat root, so that each
//! player's mails of one game form one thread in any client.

use sha2::{Digest, Sha256};

use crate::games::Side;
use crate::referee::token::{self, Seat};
use crate::referee::{AutoKind, GameId, Inbound, Outgoing, RefereeConfig, StoredGame};

/// At most this many ids are carried in a References header.
const MAX_REFERENCES: usize = 12;

/// Builds the outgoing mails of one decision, numbering their Message-IDs.
#[derive(Debug)]
pub struct Mailer<'a> {
    config: &'a RefereeConfig,
    seed: String,
    next: usize,
    /// The mails built so far, in order.
    pub outbox: Vec<Outgoing>,
}

impl<'a> Mailer<'a> {
    /// Mails caused by the inbound message `message_id`.
    pub fn for_message(config: &'a RefereeConfig, message_id: &str) -> Mailer<'a> {
        Mailer::seeded(config, &format!("inbound\0{message_id}"))
    }

    /// The mails of an event that no inbound message caused (the clock's, a director's):
    /// seeded apart from every inbound Message-ID, so that no mail a player sends can
    /// make arbitre reuse their Message-IDs.
    pub fn for_event(config: &'a RefereeConfig, event: &str) -> Mailer<'a> {
        Mailer::seeded(config, &format!("event\0{event}"))
    }

    /// Message-IDs derived from `cause`.
    fn seeded(config: &'a RefereeConfig, cause: &str) -> Mailer<'a> {
        let digest = Sha256::digest(cause.as_bytes());
        let seed = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        Mailer {
            config,
            seed,
            next: 0,
            outbox: Vec::new(),
        }
    }

    /// A fresh Message-ID for the next mail.
    fn next_id(&mut self) -> String {
        let id = format!(
            "arbitre.{}.{}@{}",
            self.seed,
            self.next,
            domain(self.config)
        );
        self.next += 1;
        id
    }

    /// Queues a mail, giving it the next Message-ID unless `message_id` is set.
    pub fn push(&mut self, mut mail: Outgoing) {
        if mail.message_id.is_empty() {
            mail.message_id = self.next_id();
        }
        self.outbox.push(mail);
    }

    /// Marks the last mail as the rate-limit notice: its Message-ID ends in `.rate@domain`
    /// (see [`is_rate_notice`]), so the store can tell when one was last sent.
    pub fn mark_rate_notice(&mut self) {
        let id = format!("arbitre.{}.rate@{}", self.seed, domain(self.config));
        if let Some(mail) = self.outbox.last_mut() {
            mail.message_id = id;
        }
    }

    /// An answer to `msg`, to its sender.
    pub fn reply(&mut self, msg: &Inbound, subject: String, body: String) -> &mut Outgoing {
        let mut references: Vec<String> = msg.references.iter().rev().cloned().collect();
        references.push(msg.message_id.clone());
        self.push(Outgoing {
            to: msg.from.clone(),
            subject,
            body,
            message_id: String::new(),
            in_reply_to: Some(msg.message_id.clone()),
            references: trim_references(references),
            // The sender's own key: replying to this answer proves who writes.
            reply_to: token::player_address(self.config, &msg.from),
            game: None,
            auto: AutoKind::Replied,
            turn: None,
            channel: Default::default(),
            not_before: None,
            sms: None,
            picture: None,
        });
        self.outbox.last_mut().expect("just pushed")
    }

    /// An answer to `msg` about `game`, to its sender seated as `side`: threaded under their
    /// seat root as well, with their reply address.
    pub fn reply_in_game(
        &mut self,
        msg: &Inbound,
        game: &StoredGame,
        side: Side,
        subject: String,
        body: String,
    ) {
        let root = seat_root(self.config, game, side);
        let config = self.config;
        let mail = self.reply(msg, subject, body);
        mail.message_id = with_position(&mail.message_id, game);
        mail.references.insert(0, root);
        mail.references = trim_references(std::mem::take(&mut mail.references));
        mail.game = Some(game.id);
        mail.reply_to = reply_address(config, game.id, side);
    }

    /// A mail to the player seated as `side` in `game`, caused by someone else.
    pub fn notify(&mut self, game: &StoredGame, side: Side, subject: String, body: String) {
        let root = seat_root(self.config, game, side);
        let own_last = game
            .moves
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, m)| m.message_id.is_some())
            .find(|(i, _)| mover_of_ply(game, *i) == Some(side))
            .and_then(|(_, m)| m.message_id.clone());
        let parent = own_last.unwrap_or_else(|| root.clone());
        let mut references = vec![root];
        if !references.contains(&parent) {
            references.push(parent.clone());
        }
        let message_id = with_position(&self.next_id(), game);
        self.push(Outgoing {
            to: game.address_of(side).to_string(),
            subject,
            body,
            message_id,
            in_reply_to: Some(parent),
            references,
            reply_to: reply_address(self.config, game.id, side),
            game: Some(game.id),
            auto: AutoKind::Generated,
            turn: None,
            channel: Default::default(),
            not_before: None,
            sms: None,
            picture: None,
        });
    }

    /// A mail to `to` about none of their games, caused by someone else (a director).
    pub fn tell(&mut self, to: &str, subject: String, body: String) {
        self.push(Outgoing {
            to: to.to_string(),
            subject,
            body,
            message_id: String::new(),
            in_reply_to: None,
            references: Vec::new(),
            reply_to: token::player_address(self.config, to),
            game: None,
            auto: AutoKind::Generated,
            turn: None,
            channel: Default::default(),
            not_before: None,
            sms: None,
            picture: None,
        });
    }

    /// An SMS to `number` (E.164), about `game` if any: its Message-ID is the next one,
    /// marked `.sms`.
    pub fn sms(&mut self, number: &str, body: String, game: Option<GameId>, auto: AutoKind) {
        let message_id = sms_id(&self.next_id());
        self.push(Outgoing {
            to: number.to_string(),
            subject: String::new(),
            body,
            message_id,
            in_reply_to: None,
            references: Vec::new(),
            reply_to: None,
            game,
            auto,
            turn: None,
            channel: crate::referee::Channel::Sms,
            sms: None,
            not_before: None,
            picture: None,
        });
    }

    /// The announcement of a new game to the player seated as `side`: its Message-ID is
    /// the seat root, so later mails of the game thread under it.
    pub fn announce(&mut self, game: &StoredGame, side: Side, subject: String, body: String) {
        self.push(Outgoing {
            to: game.address_of(side).to_string(),
            subject,
            body,
            message_id: seat_root(self.config, game, side),
            in_reply_to: None,
            references: Vec::new(),
            reply_to: reply_address(self.config, game.id, side),
            game: Some(game.id),
            auto: AutoKind::Generated,
            turn: None,
            channel: Default::default(),
            not_before: None,
            sms: None,
            picture: None,
        });
    }
}

/// The Message-ID of the SMS copy of the mail `mail_id`: `.sms` before the domain.
pub fn sms_id(mail_id: &str) -> String {
    match mail_id.rsplit_once('@') {
        Some((local, domain)) => format!("{local}.sms@{domain}"),
        None => format!("{mail_id}.sms"),
    }
}

/// Who played the move at index `i` of `game.moves`, if the record says (moves alternate
/// from the side to move at the start, forced passes included, as stored).
pub fn mover_of_ply(game: &StoredGame, i: usize) -> Option<Side> {
    let first = game.to_move.or_else(|| first_mover(game))?;
    Some(if i.is_multiple_of(2) {
        first
    } else {
        first.opponent()
    })
}

/// The side to move at the start of a stored game.
fn first_mover(game: &StoredGame) -> Option<Side> {
    crate::games::AnyGame::new(
        game.kind,
        &crate::games::Start::Position(game.start.clone()),
        game.to_move,
        &game.options,
    )
    .ok()
    .map(|g| g.side_to_move())
}

/// `id` marked with the position of `game` it shows: `.g<id>p<plies>` before the `@`.
fn with_position(id: &str, game: &StoredGame) -> String {
    match id.split_once('@') {
        Some((local, domain)) => format!("{local}.g{}p{}@{domain}", game.id, game.moves.len()),
        None => id.to_string(),
    }
}

/// `message_id` marked with the position of `game` after `plies` plies, when it is a mail
/// of that game with a position mark: every mail of a decision counts as showing the position the
/// decision leaves, so that a reply to any of them, in whatever order they arrive, is
/// not taken for a stale one. Any other id is returned as it is.
pub fn at_final_position(message_id: &str, game: GameId, plies: usize) -> String {
    let Some((local, domain)) = message_id.split_once('@') else {
        return message_id.to_string();
    };
    let mark = format!(".g{game}p");
    match local.rsplit_once(&mark) {
        Some((head, shown)) if shown.parse::<usize>().is_ok() => {
            format!("{head}{mark}{plies}@{domain}")
        }
        _ => message_id.to_string(),
    }
}

/// The number of plies of game `game` that arbitre's mail `message_id` showed, when it is
/// a mail of that game: its position mark, or 0 for the seat root (the game's first mail).
/// `None` for any other id (another game's, a player's, one without a mark).
pub fn shown_ply(message_id: &str, game: GameId) -> Option<usize> {
    let (local, _) = message_id.split_once('@')?;
    let local = local.strip_prefix("arbitre.")?;
    if let Some(rest) = local.strip_prefix(&format!("g{game}.")) {
        // A seat root: `g<id>.<created>.<side>`.
        return (rest.split('.').count() == 2).then_some(0);
    }
    let (_, mark) = local.rsplit_once('.')?;
    let (id, plies) = mark.strip_prefix('g')?.split_once('p')?;
    if id.parse::<GameId>().ok()? != game {
        return None;
    }
    plies.parse().ok()
}

/// Marks `message_id` as an answer to mail that proved nothing about its sender:
/// `arbitre.u<seed>...` (see [`is_unproven_answer`]), so that the store counts such answers
/// apart from the player's own.
pub fn mark_unproven(message_id: &str) -> String {
    match message_id.strip_prefix("arbitre.") {
        Some(rest) if !rest.starts_with('u') => format!("arbitre.u{rest}"),
        _ => message_id.to_string(),
    }
}

/// Whether `message_id` is one of arbitre's answers to mail that proved nothing about its
/// sender ([`mark_unproven`]).
pub fn is_unproven_answer(message_id: &str) -> bool {
    message_id.starts_with("arbitre.u")
}

/// Whether `message_id` is one of arbitre's rate-limit notices.
pub fn is_rate_notice(message_id: &str) -> bool {
    message_id.starts_with("arbitre.")
        && message_id
            .split_once('@')
            .is_some_and(|(local, _)| local.ends_with(".rate"))
}

/// The bot's mail domain (for Message-IDs).
pub fn domain(config: &RefereeConfig) -> &str {
    config
        .address
        .rsplit_once('@')
        .map(|(_, d)| d)
        .filter(|d| !d.is_empty())
        .unwrap_or("arbitre.invalid")
}

/// The root Message-ID of the thread of `side` in `game`.
pub fn seat_root(config: &RefereeConfig, game: &StoredGame, side: Side) -> String {
    format!(
        "arbitre.g{}.{}.{}@{}",
        game.id,
        game.created_at,
        side.name(),
        domain(config)
    )
}

/// The reply address of `side` in game `id`, when plus-addressing is on.
pub fn reply_address(config: &RefereeConfig, id: GameId, side: Side) -> Option<String> {
    token::reply_address(config, Seat { game: id, side })
}

/// Keeps the first id (the thread root) and the most recent ones.
fn trim_references(mut refs: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    refs.retain(|r| !r.is_empty() && seen.insert(r.clone()));
    if refs.len() > MAX_REFERENCES {
        let tail = refs.split_off(refs.len() - (MAX_REFERENCES - 1));
        refs.truncate(1);
        refs.extend(tail);
    }
    refs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_mail_says_which_position_it_showed() {
        assert_eq!(
            shown_ply("arbitre.0a1b2c3d4e5f6a7b.3.g12p41@example.org", 12),
            Some(41)
        );
        assert_eq!(
            shown_ply("arbitre.0a1b2c3d4e5f6a7b.3.g12p41@example.org", 1),
            None
        );
        assert_eq!(
            shown_ply("arbitre.g12.1700000000.w@example.org", 12),
            Some(0)
        );
        assert_eq!(shown_ply("arbitre.g12.1700000000.w@example.org", 13), None);
        assert_eq!(
            shown_ply("arbitre.0a1b2c3d4e5f6a7b.3@example.org", 12),
            None
        );
        assert_eq!(
            shown_ply("arbitre.0a1b2c3d4e5f6a7b.rate@example.org", 12),
            None
        );
        assert_eq!(shown_ply("m1.g12p4@b.example", 12), None);
    }

    #[test]
    fn every_mail_of_a_decision_can_be_marked_with_the_position_it_leaves() {
        let id = "arbitre.0a1b2c3d4e5f6a7b.3.g12p2@example.org";
        let marked = at_final_position(id, 12, 3);
        assert_eq!(marked, "arbitre.0a1b2c3d4e5f6a7b.3.g12p3@example.org");
        assert_eq!(shown_ply(&marked, 12), Some(3));
        // Another game's mail, a seat root and a mail with no mark are left as they are.
        assert_eq!(at_final_position(id, 1, 3), id);
        let root = "arbitre.g12.1700000000.w@example.org";
        assert_eq!(at_final_position(root, 12, 3), root);
        let plain = "arbitre.0a1b2c3d4e5f6a7b.3@example.org";
        assert_eq!(at_final_position(plain, 12, 3), plain);
        // `g112p` is not game 12's mark.
        let other = "arbitre.0a1b2c3d4e5f6a7b.3.g112p2@example.org";
        assert_eq!(at_final_position(other, 12, 3), other);
    }
    use crate::text::Lang;

    fn config() -> RefereeConfig {
        RefereeConfig {
            address: "arbitre@example.org".into(),
            plus_addressing: true,
            keys: crate::keys::Keyring::new("s"),
            default_lang: Lang::EN,
            max_replies_per_hour: 10,
            max_message_bytes: 1000,
            authserv_id: None,
            domain_proof: Vec::new(),
            trust_unverified_senders: false,
            clock: Default::default(),
            sms: Default::default(),
            public_url: None,
        }
    }

    fn inbound(id: &str) -> Inbound {
        Inbound {
            message_id: id.into(),
            from: "a@x.org".into(),
            references: vec!["parent@x.org".into(), "root@x.org".into()],
            ..Inbound::default()
        }
    }

    #[test]
    fn ids_are_stable_for_the_same_message_and_differ_between_messages() {
        let c = config();
        let ids = |msg: &str| {
            let mut m = Mailer::for_message(&c, msg);
            m.reply(&inbound(msg), "s".into(), "b".into());
            m.reply(&inbound(msg), "s".into(), "b".into());
            m.outbox
                .iter()
                .map(|o| o.message_id.clone())
                .collect::<Vec<_>>()
        };
        let a = ids("one@x.org");
        assert_eq!(a, ids("one@x.org"));
        assert_ne!(a[0], a[1]);
        assert_ne!(a, ids("two@x.org"));
        assert!(
            a[0].starts_with("arbitre.") && a[0].ends_with(".0@example.org"),
            "{}",
            a[0]
        );
    }

    #[test]
    fn a_reply_threads_under_the_message_it_answers() {
        let c = config();
        let mut m = Mailer::for_message(&c, "m@x.org");
        let mail = m.reply(&inbound("m@x.org"), "s".into(), "b".into());
        assert_eq!(mail.in_reply_to.as_deref(), Some("m@x.org"));
        assert_eq!(
            mail.references,
            vec!["root@x.org", "parent@x.org", "m@x.org"]
        );
        assert_eq!(mail.auto, AutoKind::Replied);
        assert_eq!(mail.to, "a@x.org");
    }

    #[test]
    fn references_keep_the_root_and_the_latest() {
        let refs: Vec<String> = (0..30).map(|i| format!("r{i}")).collect();
        let t = trim_references(refs);
        assert_eq!(t.len(), MAX_REFERENCES);
        assert_eq!(t[0], "r0");
        assert_eq!(t.last().unwrap(), "r29");
    }
}
