//! What a mail that did not arrive changes: the referee's side of delivery reports, of
//! refusals at submission, of spam complaints, and of a director giving a player a new
//! address.
//!
//! The mail edge reads the reports (`mail::report`) and the envelope sender that names the
//! mail they are about (a bounce token, [`crate::referee::token::bounce_token`]); a report
//! that does not come back to a valid one never gets here. What is decided here:
//!
//! - `confirmed`: the bounce address proves a report is about arbitre's mail, not who wrote
//!   it: whoever received the mail can read it in the `Return-Path` and write a report to
//!   it. A report is *confirmed* when it also quotes the mail's envelope identifier
//!   ([`crate::referee::token::envelope_id`], `Original-Envelope-Id`), which travels in the
//!   SMTP envelope only, so only a mail server that handled the mail can quote it: the
//!   installation's own MTA for every refusal it meets on the way (the common case, a
//!   provider refusing an unknown or full mailbox), and any server on the way that keeps
//!   delivery status notifications (RFC 3461). A refusal at submission is arbitre's own
//!   server speaking, confirmed too. Only a confirmed failure stops a clock or counts
//!   against an address. An unconfirmed one (a server that accepted the mail and bounced
//!   it later in its own words, or a forgery) is recorded and shown to the game's
//!   directors, who judge it; it stops nothing, so a player cannot stop their own clock by
//!   writing a report about their own turn notice.
//! - `fate`: every report is recorded on the mail's outbox row (delayed, failed, with the
//!   status code and the remote server's text). A failure is final: a later report about the
//!   same mail changes nothing more.
//! - `unreached`: a turn notice that failed for good stops its addressee's clock from the
//!   moment the failure was known until a mail of the game reaches them (the store closes
//!   the span when one leaves); their opponent and the game's directors (an event's, or the
//!   director who set the game up) are told, each in their language. A delay is recorded
//!   and shown to directors (`arbitre show`), and stops nothing.
//! - `undeliverable`: an address whose mailbox or domain does not exist (status `5.1.x`)
//!   at once, or one that failed [`HARD_FAILURES`] times within [`FAILURE_WINDOW`] for a
//!   reason of its own ([`address_fault`]: not a provider's policy against arbitre), is
//!   marked undeliverable: arbitre sends it no more mail (protecting the installation's
//!   reputation with the big providers), and the player's linked phone, if any, is told
//!   once by SMS. A spam complaint (ARF, RFC 5965) marks it at once and tells the directors
//!   of the player's games. A mail not sent to an address marked by a complaint stops no
//!   clock: the player asked for no more mail (and no one else can make it so, since that
//!   only ever stops mail to the complainer's own address).
//! - `readdress`: a director gives the player a new address ([`readdress`]); everything the
//!   old address held moves to the new one, both are told, and the notices that could not
//!   reach the old one go to the new one, which starts the stopped clocks again.

use crate::games::Side;
use crate::referee::compose::{Mailer, mover_of_ply};
use crate::referee::direct::{Directed, Refused};
use crate::referee::token::{self, Key};
use crate::referee::{
    AutoKind, Channel, Decision, GameId, GameStatus, Player, RefereeConfig, StoredGame, Timestamp,
    Undeliverable,
};
use crate::t;
use crate::text::Lang;
use crate::tournament::event::StoredEvent;

/// Hard failures (distinct mails) within [`FAILURE_WINDOW`] that make an address
/// undeliverable.
pub const HARD_FAILURES: u32 = 3;

/// The window in which hard failures are counted (30 days).
pub const FAILURE_WINDOW: Timestamp = 30 * 86_400;

/// What a report says became of a mail for one recipient (RFC 3464 `Action`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// It will not be delivered.
    Failed,
    /// It waits in a queue; the server keeps trying.
    Delayed,
    /// It was delivered, relayed or expanded.
    Delivered,
    /// The recipient's provider reported it as spam (ARF).
    Complained,
}

impl Action {
    /// The stored code.
    pub fn code(self) -> &'static str {
        match self {
            Action::Failed => "failed",
            Action::Delayed => "delayed",
            Action::Delivered => "delivered",
            Action::Complained => "complained",
        }
    }

    /// Reads a stored code, or an RFC 3464 `Action` field (case-insensitive).
    pub fn from_code(code: &str) -> Option<Action> {
        match code.trim().to_ascii_lowercase().as_str() {
            "failed" => Some(Action::Failed),
            "delayed" => Some(Action::Delayed),
            "delivered" | "relayed" | "expanded" => Some(Action::Delivered),
            "complained" => Some(Action::Complained),
            _ => None,
        }
    }
}

/// A report arbitre received about one of its mails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A delivery report (RFC 3464, or a plain bounce read as well as it can be).
    Delivery {
        /// One entry per recipient it names.
        recipients: Vec<RecipientReport>,
        /// The envelope identifier it quotes (`Original-Envelope-Id`), if any.
        envelope_id: Option<String>,
    },
    /// An abuse report (ARF): the recipient's provider says the recipient called the mail
    /// spam.
    Abuse {
        /// Its `Feedback-Type` (`abuse`, `fraud`, ...).
        kind: String,
        /// The original's envelope sender as the report gives it (`Original-Mail-From`,
        /// the enclosed message's `Return-Path`): where its bounce token is, when the
        /// report went to another address.
        senders: Vec<String>,
    },
}

/// What a delivery report says of one recipient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecipientReport {
    /// The recipient (`Final-Recipient`, else `Original-Recipient`), lower case; empty
    /// when the report names none.
    pub recipient: String,
    /// What became of the mail.
    pub action: Action,
    /// The status code (`5.1.1`), or the class of the failure (`5.0.0`).
    pub status: String,
    /// The remote server's words (`Diagnostic-Code`), or the report's own.
    pub text: String,
}

/// What became of one mail, to record on its outbox row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fate {
    /// The outbox row.
    pub mail: i64,
    /// What became of it.
    pub action: Action,
    /// The status code.
    pub status: String,
    /// The remote server's text.
    pub text: String,
    /// When arbitre learned it.
    pub at: Timestamp,
    /// Whether a mail server that handled the mail said it (see the module doc).
    pub confirmed: bool,
}

/// A mail arbitre sent, as a report about it needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentMail {
    /// Its outbox row.
    pub id: i64,
    /// Its Message-ID.
    pub message_id: String,
    /// Its recipient (an address, or a number for an SMS), lower case.
    pub to: String,
    /// Its game, if any.
    pub game: Option<GameId>,
    /// The turn it started (plies played then), for a turn notice.
    pub turn: Option<usize>,
    /// Mail or SMS.
    pub channel: Channel,
    /// What was recorded of it before, if anything.
    pub fate: Option<Action>,
    /// Whether that was confirmed.
    pub confirmed: bool,
}

/// What the referee needs to decide on a report about one mail: the store loads it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Undelivery {
    /// The mail (none: the row is gone, nothing to decide).
    pub mail: Option<SentMail>,
    /// The recipient's record, if they have one.
    pub player: Option<Player>,
    /// The recipient's active games (the mail's own among them, if active).
    pub games: Vec<StoredGame>,
    /// The other people those games involve (opponents, directors), for their languages.
    pub people: Vec<Player>,
    /// The events of those games (their directors).
    pub events: Vec<StoredEvent>,
    /// Failures of the address's own ([`address_fault`]) recorded for the recipient within
    /// [`FAILURE_WINDOW`], this mail's aside.
    pub recent_failures: u32,
}

impl Eq for Undelivery {}

/// A player's new address, as the store applies it: every record of `old` (the player,
/// their seats, entries, leave, the mail still to send them) moves to `new`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readdress {
    /// The address given up.
    pub old: String,
    /// The new one.
    pub new: String,
}

/// The mail a report is about, and whether the report is confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReportedMail {
    /// Its outbox row.
    pub id: i64,
    /// Whether the report quotes the mail's envelope identifier (see the module doc).
    pub confirmed: bool,
}

/// The outbox row a report is about: the one whose bounce address (valid under a key in
/// force) the report came back to, or, for an abuse report, the one its original's
/// envelope sender names. `None`: the report is no one's (forged, or about mail arbitre
/// did not send), and changes nothing.
pub fn reported_mail(
    config: &RefereeConfig,
    msg: &crate::referee::Inbound,
) -> Option<ReportedMail> {
    let report = msg.report.as_ref()?;
    let at = msg.received_at;
    let id = match token::key_in(config, &msg.recipients, "", at) {
        Key::Bounce(id) => id,
        _ => match report {
            Report::Abuse { senders, .. } => match token::key_in(config, senders, "", at) {
                Key::Bounce(id) => id,
                _ => return None,
            },
            Report::Delivery { .. } => return None,
        },
    };
    let confirmed = match report {
        Report::Delivery {
            envelope_id: Some(given),
            ..
        } => token::verify_envelope_id(&config.keys, at, id, given),
        _ => false,
    };
    Some(ReportedMail { id, confirmed })
}

/// Decides on `report`, which came back to the bounce address of `u.mail`; `confirmed`:
/// it quotes the mail's envelope identifier ([`reported_mail`]).
pub fn on_report(
    config: &RefereeConfig,
    u: &Undelivery,
    report: &Report,
    confirmed: bool,
    now: Timestamp,
) -> Decision {
    let Some(mail) = &u.mail else {
        return summary("a report about a mail no longer in the outbox: nothing to do");
    };
    match report {
        Report::Abuse { kind, .. } => complained(config, u, mail, kind, now),
        Report::Delivery {
            recipients: entries,
            ..
        } => {
            let Some(entry) = entry_for(entries, &mail.to) else {
                return summary(&format!(
                    "a delivery report about mail {} names no recipient: nothing to do",
                    mail.message_id
                ));
            };
            // A failure is final; an unconfirmed one gives way to a confirmed one only.
            let settled = match mail.fate {
                Some(Action::Complained) => true,
                Some(Action::Failed) => {
                    mail.confirmed || !(confirmed && entry.action == Action::Failed)
                }
                _ => false,
            };
            if settled {
                return summary(&format!(
                    "a {} report about mail {}, failed already: nothing more to do",
                    entry.action.code(),
                    mail.message_id
                ));
            }
            match entry.action {
                Action::Failed if confirmed => {
                    failed(config, u, mail, &entry.status, &entry.text, now)
                }
                Action::Failed => unconfirmed(config, u, mail, entry, now),
                Action::Delayed | Action::Delivered | Action::Complained => Decision {
                    fates: vec![Fate {
                        mail: mail.id,
                        action: entry.action,
                        status: entry.status.clone(),
                        text: entry.text.clone(),
                        at: now,
                        confirmed,
                    }],
                    summary: format!(
                        "mail {} to {} {} ({} {})",
                        mail.message_id,
                        mail.to,
                        entry.action.code(),
                        entry.status,
                        entry.text
                    ),
                    ..Decision::default()
                },
            }
        }
    }
}

/// Decides on a mail the server refused for good at submission (or given up after
/// deferrals for too long): a failure known at once, and confirmed (arbitre's own server
/// said it, or arbitre did not send the mail).
pub fn on_refusal(
    config: &RefereeConfig,
    u: &Undelivery,
    status: &str,
    text: &str,
    now: Timestamp,
) -> Decision {
    match &u.mail {
        Some(mail) if mail.fate != Some(Action::Failed) => {
            failed(config, u, mail, status, text, now)
        }
        _ => summary("a refusal of a mail already failed: nothing more to do"),
    }
}

fn summary(text: &str) -> Decision {
    Decision {
        summary: text.to_string(),
        ..Decision::default()
    }
}

/// A failure report that does not quote the mail's envelope identifier: recorded, and the
/// directors of the mail's game told, so that they judge it (the player may really be out
/// of reach, or may have written it); no clock stops and the address is not counted.
fn unconfirmed(
    config: &RefereeConfig,
    u: &Undelivery,
    mail: &SentMail,
    entry: &RecipientReport,
    now: Timestamp,
) -> Decision {
    let mut mailer = Mailer::for_event(config, &format!("unconfirmed\0{}", mail.id));
    let game = mail
        .game
        .and_then(|id| u.games.iter().find(|g| g.id == id))
        .filter(|g| g.status == GameStatus::Active);
    let mut told = 0;
    if let Some(game) = game {
        for director in directors_of(game, &u.events) {
            let lang = lang_of(config, u, &director);
            let subject = t!(
                lang,
                "unconfirmed-director-subject",
                id = game.id,
                address = mail.to.clone()
            );
            let body = t!(
                lang,
                "unconfirmed-director",
                id = game.id,
                address = mail.to.clone(),
                status = entry.status.clone(),
                text = entry.text.clone(),
                timed = if game.clock.control.is_timed() {
                    "yes"
                } else {
                    "no"
                }
            );
            mailer.tell(&director, subject, format!("{body}\n"));
            told += 1;
        }
    }
    Decision {
        fates: vec![Fate {
            mail: mail.id,
            action: Action::Failed,
            status: entry.status.clone(),
            text: entry.text.clone(),
            at: now,
            confirmed: false,
        }],
        summary: format!(
            "an unconfirmed report says mail {} to {} failed ({} {}): recorded, no clock \
             stopped, {told} director(s) told",
            mail.message_id, mail.to, entry.status, entry.text
        ),
        outbox: mailer.outbox,
        ..Decision::default()
    }
}

/// The entry of a report about `to`: the one naming that recipient, else the only one,
/// else the first failure.
fn entry_for<'r>(entries: &'r [RecipientReport], to: &str) -> Option<&'r RecipientReport> {
    entries
        .iter()
        .find(|e| e.recipient.eq_ignore_ascii_case(to))
        .or_else(|| (entries.len() == 1).then(|| &entries[0]))
        .or_else(|| entries.iter().find(|e| e.action == Action::Failed))
}

/// Whether a status says the address itself does not exist (RFC 3463 subject 1: bad
/// mailbox, bad system, bad syntax, a domain that accepts no mail).
fn address_is_wrong(status: &str) -> bool {
    status.starts_with("5.1.")
}

/// Whether a permanent failure is the address's own (RFC 3463 subjects 1, 2 and 4: the
/// address, the mailbox, the route to it), and so counts towards [`HARD_FAILURES`]. A
/// refusal for policy or content (`5.7.1`, a provider blocking arbitre's mail), of the mail
/// system or of the protocol says nothing about the address: counting it would mark every
/// player of a provider undeliverable the day that provider refuses arbitre.
pub fn address_fault(status: &str) -> bool {
    ["5.1.", "5.2.", "5.4."]
        .iter()
        .any(|p| status.starts_with(p))
}

/// The language of `address`, from what the undelivery loaded.
fn lang_of(config: &RefereeConfig, u: &Undelivery, address: &str) -> Lang {
    u.people
        .iter()
        .chain(u.player.iter())
        .find(|p| p.address.eq_ignore_ascii_case(address))
        .map_or(config.default_lang, |p| p.lang)
}

/// The directors of `game`: its event's, else the director who set it up (a challenger
/// who does not play in it).
pub fn directors_of(game: &StoredGame, events: &[StoredEvent]) -> Vec<String> {
    if let Some((event, _)) = game.terms.event {
        return events
            .iter()
            .find(|e| e.id == event)
            .map(|e| e.conditions.directors.clone())
            .unwrap_or_default();
    }
    match game.side_of(&game.challenger) {
        None if !game.challenger.is_empty() => vec![game.challenger.to_lowercase()],
        _ => Vec::new(),
    }
}

/// A failure of `mail`: recorded; the recipient's address counted, and marked undeliverable
/// when it is; a failed turn notice stops the clock and tells the opponent and directors.
fn failed(
    config: &RefereeConfig,
    u: &Undelivery,
    mail: &SentMail,
    status: &str,
    text: &str,
    now: Timestamp,
) -> Decision {
    let mut d = Decision {
        fates: vec![Fate {
            mail: mail.id,
            action: Action::Failed,
            status: status.to_string(),
            text: text.to_string(),
            at: now,
            confirmed: true,
        }],
        summary: format!(
            "mail {} to {} failed ({status} {text})",
            mail.message_id, mail.to
        ),
        ..Decision::default()
    };
    if mail.channel == Channel::Sms {
        return d;
    }
    let mut mailer = Mailer::for_event(config, &format!("undelivered\0{}", mail.id));
    let reason = format!("{status} {text}").trim().to_string();
    if let Some(mut player) = u.player.clone()
        && player.undeliverable.is_none()
        && (address_is_wrong(status)
            || (address_fault(status) && u.recent_failures + 1 >= HARD_FAILURES))
    {
        player.undeliverable = Some(Undeliverable {
            since: now,
            reason: reason.clone(),
            complaint: false,
        });
        if let Some(phone) = &player.phone {
            let body = t!(
                player.lang,
                "undeliverable-sms",
                address = player.address.clone(),
                status = status.to_string()
            );
            mailer.sms(phone, body, mail.game, AutoKind::Generated);
        }
        d.summary
            .push_str(&format!("; {} marked undeliverable", player.address));
        d.players.push(player);
    }
    // Mail to an address whose owner complained is not sent, by their own wish: no clock
    // stops for it.
    let complained = u
        .player
        .as_ref()
        .and_then(|p| p.undeliverable.as_ref())
        .is_some_and(|x| x.complaint);
    let turn_game = mail
        .game
        .and_then(|id| u.games.iter().find(|g| g.id == id))
        .filter(|g| g.status == GameStatus::Active && !complained);
    if let Some(game) = turn_game
        && let Some(side) = game.side_of(&mail.to)
        && mail.turn == Some(game.moves.len())
        && mover_of_ply(game, game.moves.len()) == Some(side)
        && !game
            .clock
            .unreached
            .iter()
            .any(|s| s.side == side && s.to.is_none())
    {
        d.unreached.push((game.id, side, now));
        let mut changed = game.clone();
        // The clock looks at the game again: its deadline moved.
        changed.clock.next_due = Some(now);
        tell_unreached(config, u, game, side, status, text, &mut mailer);
        d.games.push(changed);
        d.summary.push_str(&format!(
            "; {}'s clock in game #{} stopped",
            mail.to, game.id
        ));
    }
    d.outbox = mailer.outbox;
    d
}

/// Tells the opponent of `side` and the game's directors that the turn notice of `side`
/// failed.
fn tell_unreached(
    config: &RefereeConfig,
    u: &Undelivery,
    game: &StoredGame,
    side: Side,
    status: &str,
    text: &str,
    mailer: &mut Mailer<'_>,
) {
    let timed = game.clock.control.is_timed();
    let opponent = game.address_of(side.opponent()).to_string();
    let lang = lang_of(config, u, &opponent);
    let subject = t!(lang, "undelivered-opponent-subject", id = game.id);
    let body = t!(
        lang,
        "undelivered-opponent",
        id = game.id,
        timed = if timed { "yes" } else { "no" }
    );
    mailer.notify(game, side.opponent(), subject, format!("{body}\n"));
    let address = game.address_of(side).to_string();
    for director in directors_of(game, &u.events) {
        let lang = lang_of(config, u, &director);
        let subject = t!(
            lang,
            "undelivered-director-subject",
            id = game.id,
            address = address.clone()
        );
        let body = t!(
            lang,
            "undelivered-director",
            id = game.id,
            address = address.clone(),
            status = status.to_string(),
            text = text.to_string(),
            timed = if timed { "yes" } else { "no" }
        );
        mailer.tell(&director, subject, format!("{body}\n"));
    }
}

/// A spam complaint about `mail`: the address gets no more mail, at once, and the directors
/// of the player's games are told.
fn complained(
    config: &RefereeConfig,
    u: &Undelivery,
    mail: &SentMail,
    kind: &str,
    now: Timestamp,
) -> Decision {
    let mut d = Decision {
        fates: vec![Fate {
            mail: mail.id,
            action: Action::Complained,
            status: String::new(),
            text: format!("abuse report ({kind})"),
            at: now,
            confirmed: false,
        }],
        summary: format!(
            "an abuse report ({kind}) about mail {} to {}",
            mail.message_id, mail.to
        ),
        ..Decision::default()
    };
    let Some(mut player) = u.player.clone() else {
        return d;
    };
    if player.undeliverable.is_some() {
        return d;
    }
    player.undeliverable = Some(Undeliverable {
        since: now,
        reason: format!("abuse report ({kind})"),
        complaint: true,
    });
    d.summary
        .push_str(&format!("; {} marked undeliverable", player.address));
    let mut mailer = Mailer::for_event(config, &format!("complaint\0{}", mail.id));
    let mut told: Vec<String> = Vec::new();
    for game in &u.games {
        for director in directors_of(game, &u.events) {
            if told.contains(&director) {
                continue;
            }
            let games: Vec<String> = u
                .games
                .iter()
                .filter(|g| directors_of(g, &u.events).contains(&director))
                .map(|g| format!("#{}", g.id))
                .collect();
            let lang = lang_of(config, u, &director);
            let subject = t!(
                lang,
                "abuse-director-subject",
                address = player.address.clone()
            );
            let body = t!(
                lang,
                "abuse-director",
                address = player.address.clone(),
                games = games.join(", ")
            );
            mailer.tell(&director, subject, format!("{body}\n"));
            told.push(director);
        }
    }
    d.players.push(player);
    d.outbox = mailer.outbox;
    d
}

/// What a director's new address for a player needs: the player, and the games that
/// are waiting on a notice that could not reach them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readdressing {
    /// The player's record under the old address.
    pub player: Player,
    /// Whether the new address already belongs to a player.
    pub new_taken: bool,
}

/// A director gives the player of `old` the address `new`, for `reason`: every record
/// moves (the store applies [`Readdress`]), both addresses are told in the player's
/// language, and the mail that could not reach the old address goes to the new one.
pub fn readdress(
    config: &RefereeConfig,
    r: &Readdressing,
    new: &str,
    reason: &str,
    now: Timestamp,
) -> Result<Directed, Refused> {
    let old = r.player.address.to_lowercase();
    let new = new.trim().to_lowercase();
    let valid = new.split_once('@').is_some_and(|(l, d)| {
        !l.is_empty() && d.contains('.') && !new.contains(char::is_whitespace)
    });
    if !valid {
        return Err(Refused(format!("`{new}` is not a mail address")));
    }
    if new == old {
        return Err(Refused(format!("{old} is already the player's address")));
    }
    if r.new_taken {
        return Err(Refused(format!(
            "{new} already belongs to a player: two records cannot be merged"
        )));
    }
    if reason.trim().is_empty() {
        return Err(Refused("a reason is required (--reason)".to_string()));
    }
    let mut player = r.player.clone();
    player.address = new.clone();
    player.undeliverable = None;
    let lang = player.lang;
    let mut mailer = Mailer::for_event(config, &format!("readdress\0{old}\0{new}\0{now}"));
    for (to, key) in [(&old, "readdress-old"), (&new, "readdress-new")] {
        let subject = t!(lang, "readdress-subject");
        let body = match key {
            "readdress-old" => t!(
                lang,
                "readdress-old",
                new = new.clone(),
                reason = reason.trim().to_string()
            ),
            _ => t!(
                lang,
                "readdress-new",
                old = old.clone(),
                reason = reason.trim().to_string()
            ),
        };
        mailer.tell(to, subject, format!("{body}\n"));
    }
    Ok(Directed {
        decision: Decision {
            players: vec![player],
            outbox: mailer.outbox,
            readdress: Some(Readdress {
                old: old.clone(),
                new: new.clone(),
            }),
            summary: format!("{old} is now {new}"),
            ..Decision::default()
        },
        detail: format!("address {old} -> {new}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{AnyGame, GameKind, Start};
    use crate::referee::{GameClock, GameTerms, PlayedMove};

    const ALICE: &str = "alice@a.example";
    const BOB: &str = "bob@b.example";
    const TD: &str = "td@club.example";

    fn config() -> RefereeConfig {
        RefereeConfig {
            address: "arbitre@referee.example".into(),
            plus_addressing: true,
            keys: crate::keys::Keyring::new("undelivered test secret"),
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

    /// An Ataxx game set up by a director, one move played (Alice's): Bob to move.
    fn game() -> StoredGame {
        let start = AnyGame::new(GameKind::Ataxx, &Start::Default, None, "")
            .unwrap()
            .position_string();
        let mut g = StoredGame {
            id: 7,
            kind: GameKind::Ataxx,
            variant: None,
            start,
            to_move: None,
            options: String::new(),
            white: ALICE.into(),
            black: BOB.into(),
            challenger: TD.into(),
            status: GameStatus::Active,
            moves: vec![PlayedMove {
                text: "f2".into(),
                message_id: Some("m1@a.example".into()),
                received_at: 5,
            }],
            result: None,
            draw_offer: None,
            undo_request: None,
            hint_request: None,
            takebacks: Vec::new(),
            conditions: None,
            clock: GameClock {
                control: crate::clock::TimeControl::read("3d").unwrap(),
                ..GameClock::default()
            },
            terms: GameTerms::default(),
            created_at: 1,
            updated_at: 5,
        };
        // Alice has the first move, whichever side that is in Ataxx.
        if mover_of_ply(&g, 0) != g.side_of(ALICE) {
            std::mem::swap(&mut g.white, &mut g.black);
        }
        g
    }

    fn undelivery(turn: Option<usize>, fate: Option<Action>, failures: u32) -> Undelivery {
        let g = game();
        let to_move = mover_of_ply(&g, 1).unwrap();
        let mut bob = Player::new(BOB, Lang::FR);
        bob.phone = Some("+33612345678".into());
        Undelivery {
            mail: Some(SentMail {
                id: 41,
                message_id: "g7.m2.b@referee.example".into(),
                to: g.address_of(to_move).to_string(),
                game: Some(7),
                turn,
                channel: Channel::Mail,
                fate,
                confirmed: fate.is_some(),
            }),
            player: Some(bob),
            games: vec![g],
            people: vec![Player::new(ALICE, Lang::EN), Player::new(TD, Lang::FR)],
            events: Vec::new(),
            recent_failures: failures,
        }
    }

    fn failure(status: &str) -> Report {
        Report::Delivery {
            recipients: vec![RecipientReport {
                recipient: BOB.into(),
                action: Action::Failed,
                status: status.into(),
                text: "550 5.1.1 <bob@b.example> User unknown".into(),
            }],
            envelope_id: None,
        }
    }

    #[test]
    fn a_failed_turn_notice_stops_the_clock_and_tells_the_opponent_and_the_director() {
        let g = game();
        assert_eq!(g.side_of(BOB), mover_of_ply(&g, 1), "Bob is to move");
        let u = undelivery(Some(1), None, 0);
        let d = on_report(&config(), &u, &failure("5.2.2"), true, 100);
        assert_eq!(d.fates.len(), 1);
        assert_eq!(
            (
                d.fates[0].mail,
                d.fates[0].action,
                d.fates[0].status.as_str()
            ),
            (41, Action::Failed, "5.2.2")
        );
        let side = g.side_of(BOB).unwrap();
        assert_eq!(d.unreached, vec![(7, side, 100)]);
        assert_eq!(
            d.games[0].clock.next_due,
            Some(100),
            "the clock looks again"
        );
        let to: Vec<&str> = d.outbox.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, vec![ALICE, TD], "{d:#?}");
        assert!(
            d.outbox[0].body.contains("clock is stopped"),
            "{}",
            d.outbox[0].body
        );
        assert_eq!(d.outbox[0].game, Some(7));
        // The director reads French, with the command that mends it.
        assert!(
            d.outbox[1].body.contains("pendule est arrêtée"),
            "{}",
            d.outbox[1].body
        );
        assert!(
            d.outbox[1]
                .body
                .contains("arbitre player address bob@b.example")
        );
        // One mailbox full is not yet an undeliverable address.
        assert!(d.players.is_empty());
        // Decided again (a crash before the commit), the same mails.
        assert_eq!(on_report(&config(), &u, &failure("5.2.2"), true, 100), d);
    }

    #[test]
    fn an_address_that_does_not_exist_is_undeliverable_at_once_and_its_phone_told() {
        let u = undelivery(Some(1), None, 0);
        let d = on_report(&config(), &u, &failure("5.1.1"), true, 100);
        let bob = &d.players[0];
        assert_eq!(bob.address, BOB);
        assert_eq!(bob.undeliverable.as_ref().unwrap().since, 100);
        assert!(
            bob.undeliverable
                .as_ref()
                .unwrap()
                .reason
                .starts_with("5.1.1")
        );
        let sms: Vec<_> = d
            .outbox
            .iter()
            .filter(|m| m.channel == Channel::Sms)
            .collect();
        assert_eq!(sms.len(), 1);
        assert_eq!(sms[0].to, "+33612345678");
        assert!(sms[0].body.contains("n'y écrit plus"), "{}", sms[0].body);
        // Three failures of the mailbox within the window do the same.
        let d = on_report(
            &config(),
            &undelivery(Some(1), None, 2),
            &failure("5.2.2"),
            true,
            100,
        );
        assert!(d.players[0].undeliverable.is_some());
        // A provider's policy against arbitre's mail is not the address's fault: it fails
        // the mail (and stops the clock) but never marks the address.
        let d = on_report(
            &config(),
            &undelivery(Some(1), None, 2),
            &failure("5.7.1"),
            true,
            100,
        );
        assert!(d.players.is_empty());
        assert_eq!(d.unreached.len(), 1);
    }

    #[test]
    fn a_delay_is_recorded_only_and_a_second_report_changes_nothing() {
        let delayed = Report::Delivery {
            recipients: vec![RecipientReport {
                recipient: BOB.into(),
                action: Action::Delayed,
                status: "4.4.1".into(),
                text: "connection refused".into(),
            }],
            envelope_id: None,
        };
        let d = on_report(
            &config(),
            &undelivery(Some(1), None, 0),
            &delayed,
            true,
            100,
        );
        assert_eq!(d.fates[0].action, Action::Delayed);
        assert!(d.unreached.is_empty() && d.outbox.is_empty() && d.games.is_empty());
        let again = on_report(
            &config(),
            &undelivery(Some(1), Some(Action::Failed), 0),
            &failure("5.1.1"),
            true,
            200,
        );
        assert!(again.fates.is_empty() && again.outbox.is_empty() && again.players.is_empty());
    }

    #[test]
    fn a_failed_mail_that_is_not_the_turn_notice_stops_no_clock() {
        // A mail of the game sent at the turn before (Alice's), or no turn at all.
        for turn in [Some(0), None] {
            let d = on_report(
                &config(),
                &undelivery(turn, None, 0),
                &failure("5.2.2"),
                true,
                100,
            );
            assert_eq!(d.fates.len(), 1);
            assert!(d.unreached.is_empty(), "{turn:?}");
            assert!(d.outbox.is_empty());
        }
    }

    #[test]
    fn a_spam_complaint_stops_mail_at_once_and_tells_the_director() {
        let abuse = Report::Abuse {
            kind: "abuse".into(),
            senders: Vec::new(),
        };
        let d = on_report(&config(), &undelivery(Some(1), None, 0), &abuse, false, 100);
        assert_eq!(d.fates[0].action, Action::Complained);
        assert!(d.players[0].undeliverable.as_ref().unwrap().complaint);
        assert_eq!(d.outbox.len(), 1);
        assert_eq!(d.outbox[0].to, TD);
        assert!(d.outbox[0].body.contains("#7"), "{}", d.outbox[0].body);
        // The next turn notice is not sent to that address: by the player's own wish, so
        // their clock runs on (a complaint cannot be a way to stop one's own clock).
        let mut u = undelivery(Some(1), None, 0);
        u.player = Some(d.players[0].clone());
        let not_sent = on_refusal(&config(), &u, "5.1.0", "not sent", 200);
        assert_eq!(not_sent.fates.len(), 1);
        assert!(not_sent.unreached.is_empty() && not_sent.outbox.is_empty());
        // An address marked after failures is another matter: its clock stops.
        u.player.as_mut().unwrap().undeliverable = Some(Undeliverable {
            since: 150,
            reason: "5.1.1 user unknown".into(),
            complaint: false,
        });
        let not_sent = on_refusal(&config(), &u, "5.1.0", "not sent", 200);
        assert_eq!(not_sent.unreached.len(), 1);
    }

    #[test]
    fn an_unconfirmed_failure_is_recorded_and_told_to_the_director_and_stops_nothing() {
        // A report to the bounce address that does not quote the envelope id: what a
        // player who read their own turn notice's Return-Path could write.
        let u = undelivery(Some(1), None, 2);
        let d = on_report(&config(), &u, &failure("5.1.1"), false, 100);
        assert_eq!(d.fates.len(), 1);
        assert!(!d.fates[0].confirmed);
        assert_eq!(d.fates[0].action, Action::Failed);
        assert!(d.unreached.is_empty() && d.games.is_empty(), "{d:#?}");
        assert!(d.players.is_empty(), "no address is marked");
        let to: Vec<&str> = d.outbox.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, vec![TD], "only the director is told");
        assert!(
            d.outbox[0].body.contains("non confirmé")
                && d.outbox[0].body.contains("5.1.1")
                && d.outbox[0]
                    .body
                    .contains("rien changé : la pendule tourne."),
            "{}",
            d.outbox[0].body
        );
        // An untimed game has no clock to speak of.
        let mut untimed = undelivery(Some(1), None, 2);
        untimed.games[0].clock = crate::referee::GameClock::default();
        assert!(!untimed.games[0].clock.control.is_timed());
        let plain = on_report(&config(), &untimed, &failure("5.1.1"), false, 100);
        assert!(
            plain.outbox[0].body.contains("rien changé. Si vous")
                && !plain.outbox[0].body.contains("tourne"),
            "{}",
            plain.outbox[0].body
        );
        // Another unconfirmed report about the same mail changes nothing more...
        let mut after = undelivery(Some(1), Some(Action::Failed), 2);
        after.mail.as_mut().unwrap().confirmed = false;
        let again = on_report(&config(), &after, &failure("5.2.2"), false, 200);
        assert!(again.fates.is_empty() && again.outbox.is_empty());
        // ...but a confirmed one still does what a failure does.
        let confirmed = on_report(&config(), &after, &failure("5.2.2"), true, 300);
        assert_eq!(confirmed.unreached.len(), 1);
        assert!(confirmed.fates[0].confirmed);
    }

    #[test]
    fn only_a_report_to_a_valid_bounce_address_names_a_mail() {
        let c = config();
        let good = token::bounce_address(&c.address, c.keys.current(), 41).unwrap();
        let msg = |to: &str, report: Option<Report>| crate::referee::Inbound {
            recipients: vec![to.to_string()],
            report,
            received_at: 50,
            ..Default::default()
        };
        let unconfirmed = |id| {
            Some(ReportedMail {
                id,
                confirmed: false,
            })
        };
        assert_eq!(
            reported_mail(&c, &msg(&good, Some(failure("5.1.1")))),
            unconfirmed(41)
        );
        // Quoting the mail's envelope id confirms it; another mail's, or a made-up one,
        // does not.
        let quoting = |envid: String| {
            let Report::Delivery { recipients, .. } = failure("5.1.1") else {
                unreachable!()
            };
            Some(Report::Delivery {
                recipients,
                envelope_id: Some(envid),
            })
        };
        let envid = token::envelope_id(c.keys.current(), 41);
        assert_eq!(
            reported_mail(&c, &msg(&good, quoting(envid.clone()))),
            Some(ReportedMail {
                id: 41,
                confirmed: true
            })
        );
        for wrong in [
            token::envelope_id(c.keys.current(), 42),
            envid.replacen("e-41-", "e-42-", 1),
            good.split('+')
                .nth(1)
                .unwrap()
                .split('@')
                .next()
                .unwrap()
                .to_string(),
        ] {
            assert_eq!(
                reported_mail(&c, &msg(&good, quoting(wrong.clone()))),
                unconfirmed(41),
                "{wrong}"
            );
        }
        // A forged report: another mail's number under the same code, or no code.
        let forged = good.replacen("b-41-", "b-42-", 1);
        assert_eq!(
            reported_mail(&c, &msg(&forged, Some(failure("5.1.1")))),
            None
        );
        assert_eq!(
            reported_mail(&c, &msg(&c.address, Some(failure("5.1.1")))),
            None
        );
        // A person's mail to the bounce address is no report.
        assert_eq!(reported_mail(&c, &msg(&good, None)), None);
        // An abuse report sent elsewhere names the mail by the original's envelope sender.
        let abuse = Report::Abuse {
            kind: "abuse".into(),
            senders: vec![good.clone()],
        };
        assert_eq!(
            reported_mail(&c, &msg("abuse@referee.example", Some(abuse))),
            unconfirmed(41)
        );
    }

    #[test]
    fn a_new_address_moves_the_player_and_tells_both_addresses() {
        let mut bob = Player::new(BOB, Lang::EN);
        bob.undeliverable = Some(Undeliverable {
            since: 10,
            reason: "5.1.1".into(),
            complaint: false,
        });
        let r = Readdressing {
            player: bob,
            new_taken: false,
        };
        let d = readdress(
            &config(),
            &r,
            " Bob@New.example ",
            "typo in the entry form",
            300,
        )
        .unwrap()
        .decision;
        assert_eq!(d.players[0].address, "bob@new.example");
        assert!(d.players[0].undeliverable.is_none());
        let to: Vec<&str> = d.outbox.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, vec![BOB, "bob@new.example"]);
        assert!(d.outbox[0].body.contains("typo in the entry form"));
        assert_eq!(
            d.readdress,
            Some(Readdress {
                old: BOB.into(),
                new: "bob@new.example".into()
            })
        );
        for (new, reason, taken) in [
            ("not an address", "r", false),
            (BOB, "r", false),
            ("carol@c.example", "r", true),
            ("carol@c.example", " ", false),
        ] {
            let r = Readdressing {
                new_taken: taken,
                ..r.clone()
            };
            assert!(readdress(&config(), &r, new, reason, 300).is_err(), "{new}");
        }
    }
}
