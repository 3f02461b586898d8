//! A player's phone: `PHONE <number>` sends a six-digit code to it by SMS, and the code
//! sent back (by mail, or by SMS from that phone) within 30 minutes links it; `PHONE OFF`
//! unlinks it; `NOTIFY SMS|MAIL|BOTH` chooses how the player hears of their games. By SMS,
//! `STOP` (and the carriers' usual words) stops every SMS to the number at once, confirmed
//! once, and `START` has them again; a number nobody links is told how to link it.
//!
//! Decisions made here:
//! - `one-player-per-number`: a number is linked to one player at most (the store's unique
//!   index is the last guard).
//! - `holder-never-revealed`: `PHONE` with a number linked to another player is answered,
//!   and its code sent, exactly as for a free number; the holder's record is neither read
//!   into the answer nor changed, and the holder is told nothing. Only the code sent back
//!   proves the phone: then the number moves to the player who proved it (whoever holds the
//!   phone now is its owner: a number given up and reassigned by the carrier is the usual
//!   case), and the previous holder loses it, back to mail only, and is told by mail so,
//!   with how to link it again if the phone is still theirs.
//! - `code`: derived from the installation's secret, the player, the number and the
//!   time (pure, and unguessable without the secret). Sent back by SMS, a code names the
//!   player whose valid code it is, so another player's claim on the number neither takes
//!   it nor blocks its owner.
//! - `code-limits`: codes cost money and reach phones nobody proved, so each is counted
//!   in the store's log of codes over the last 24 hours, whatever the claims in between:
//!   [`CODES_A_DAY`] per player whatever the numbers (a new number, `PHONE OFF` or a link
//!   resets nothing), [`CODES_TO_A_NUMBER`] per number whoever asks, and the installation's
//!   `codes-per-day` in all (apart from notifications' cap, so codes never use up
//!   notifications' share). Codes go only to the configured countries: with none, no code
//!   goes anywhere. [`CODE_TRIES`] wrong codes a day per player.
//! - `stop`: recorded for the number, not the player, so it holds whoever links it later;
//!   the outbox checks it again when each SMS is sent.

use hmac::Mac;

use crate::keys::{KeySet, Purpose};
use crate::referee::command::PhoneRequest;
use crate::referee::desk::Desk;
use crate::referee::reply::Topic;
use crate::referee::vocabulary::{self, Meaning, fold_word};
use crate::referee::{AutoKind, Channel, Notify, PhoneClaim, Player, SmsStop};
use crate::sms::phone::{Phone, PhoneError};
use crate::sms::words;
use crate::t;

/// How long a code is valid.
pub const CODE_SECONDS: i64 = 30 * 60;

/// Wrong codes allowed to one player in a day.
pub const CODE_TRIES: u32 = 5;

/// Codes sent for one player in a day, whatever the numbers.
pub const CODES_A_DAY: u32 = 3;

/// Codes sent to one number in a day, whoever asked for them.
pub const CODES_TO_A_NUMBER: u32 = 5;

/// The day over which codes and tries are counted.
const DAY: i64 = 86_400;

/// Whether a whole SMS says STOP (`Some(true)`, or one of the carriers' words) or START
/// (`Some(false)`).
pub fn stop_word(text: &str) -> Option<bool> {
    let folded: Vec<String> = text.split_whitespace().map(fold_word).collect();
    let folded: Vec<&str> = folded.iter().map(String::as_str).collect();
    vocabulary::whole(&folded, &[Meaning::Stop, Meaning::Start]).map(|(m, _)| m == Meaning::Stop)
}

/// An address as the code's SMS names it, enough for its owner to know it and no more:
/// `al...@example.org`.
pub fn hinted(address: &str) -> String {
    let (local, domain) = address.split_once('@').unwrap_or((address, ""));
    let start: String = local.chars().take(2).collect();
    let domain: String = domain.chars().take(24).collect();
    crate::sms::gsm7::transliterate(&format!("{start}...@{domain}"))
}

/// The code sent to `number` for `address` at `now`: six digits.
pub fn code_for(keys: &KeySet, address: &str, number: &str, now: i64) -> String {
    let mut mac = keys.hmac(Purpose::PhoneCode);
    mac.update(b"arbitre phone code\0");
    mac.update(address.to_lowercase().as_bytes());
    mac.update(b"\0");
    mac.update(number.as_bytes());
    mac.update(b"\0");
    mac.update(&now.to_be_bytes());
    let bytes = mac.finalize().into_bytes();
    let n = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) % 1_000_000;
    format!("{n:06}")
}

/// The sender's record, created if new.
fn sender_record(desk: &mut Desk) -> Player {
    let sender = desk.sender().to_lowercase();
    let lang = desk.lang;
    desk.ensure_player(&sender, lang);
    desk.player(&sender).cloned().expect("ensured")
}

/// `PHONE`, `PHONE <number>`, `PHONE OFF`.
pub fn on_phone(desk: &mut Desk, request: &PhoneRequest) {
    let lang = desk.lang;
    if !desk.config.sms.enabled {
        desk.reply(Topic::Phone, t!(lang, "phone-unavailable"));
        desk.summary = format!("{}: no SMS gateway, no phone to link", desk.sender());
        return;
    }
    let me = sender_record(desk);
    match request {
        PhoneRequest::Show => {
            let body = match &me.phone {
                Some(number) => format!(
                    "{}\n\n{}",
                    t!(
                        lang,
                        "phone-current",
                        number = number.clone(),
                        notify = me.notify.code()
                    ),
                    t!(lang, "notify-how")
                ),
                None => format!("{}\n\n{}", t!(lang, "phone-none"), t!(lang, "phone-usage")),
            };
            desk.reply(Topic::Phone, body);
            desk.summary = format!("{} asked for their phone", me.address);
        }
        PhoneRequest::Off => {
            let Some(number) = me.phone.clone() else {
                desk.reply(Topic::Phone, t!(lang, "phone-off-none"));
                desk.summary = format!("{}: PHONE OFF with no phone linked", me.address);
                return;
            };
            desk.upsert_player(Player {
                phone: None,
                notify: Notify::Mail,
                phone_claim: None,
                ..me.clone()
            });
            desk.reply(Topic::Phone, t!(lang, "phone-off", number = number.clone()));
            desk.summary = format!("{} unlinked {}", me.address, Phone::mask(&number));
        }
        PhoneRequest::Link(written) => link(desk, me, written),
    }
}

/// `PHONE <number>`: the code goes to the number, the player is told by mail.
fn link(desk: &mut Desk, me: Player, written: &str) {
    let lang = desk.lang;
    if desk.config.sms.countries.is_empty() {
        // No country named: codes go nowhere (the configuration refuses this already).
        desk.reply(Topic::Phone, t!(lang, "phone-unavailable"));
        desk.summary = format!("{}: no SMS country configured, no code sent", me.address);
        return;
    }
    let number = match Phone::read(written, &desk.config.sms.countries) {
        Ok(p) => p.as_str().to_string(),
        Err(e) => {
            let why = match e {
                PhoneError::NotInternational => "international",
                PhoneError::NotDigits => "digits",
                PhoneError::Length => "length",
                PhoneError::Country => "country",
            };
            let body = t!(
                lang,
                "phone-bad-number",
                number = written.to_string(),
                why = why
            );
            desk.reply(Topic::Phone, body);
            desk.summary = format!("{}: PHONE {written:?} refused ({e})", me.address);
            return;
        }
    };
    let refuse = |desk: &mut Desk, body: String, why: &str| {
        desk.reply(Topic::Phone, body);
        desk.summary = format!("{}: PHONE {}: {why}", me.address, Phone::mask(&number));
    };
    if me.phone.as_deref() == Some(number.as_str()) {
        let body = t!(lang, "phone-already", number = number.clone());
        return refuse(desk, body, "already theirs");
    }
    // A number linked to another player is answered as a free one (see the module's
    // `holder-never-revealed`).
    if desk.ctx.phone_stopped {
        let body = t!(lang, "phone-stopped", number = number.clone());
        return refuse(desk, body, "the number said STOP, no code sent");
    }
    if desk.ctx.codes_by_sender >= CODES_A_DAY {
        let body = t!(lang, "phone-codes-spent");
        return refuse(desk, body, "no more codes for this player today");
    }
    // Wrong tries count over a day per player, whatever the numbers tried.
    let (tries, since) = match &me.phone_claim {
        Some(c) if desk.now - c.since < DAY => (c.tries, c.since),
        _ => (0, desk.now),
    };
    if tries >= CODE_TRIES {
        let body = t!(lang, "phone-codes-spent");
        return refuse(desk, body, "no more tries for this player today");
    }
    if desk.ctx.codes_to_number >= CODES_TO_A_NUMBER {
        let body = t!(lang, "phone-number-codes-spent", number = number.clone());
        return refuse(desk, body, "no more codes to this number today");
    }
    if desk.ctx.codes_in_all >= desk.config.sms.codes_per_day {
        let body = t!(lang, "phone-codes-busy");
        return refuse(desk, body, "the installation's codes are spent for today");
    }
    let codes = match &me.phone_claim {
        Some(c) if c.number == number && desk.now - c.since < DAY => c.codes,
        _ => 0,
    };
    let code = code_for(desk.config.keys.current(), &me.address, &number, desk.now);
    desk.upsert_player(Player {
        phone_claim: Some(PhoneClaim {
            number: number.clone(),
            code: code.clone(),
            until: desk.now + CODE_SECONDS,
            tries,
            codes: codes + 1,
            since,
        }),
        ..me.clone()
    });
    desk.reply(
        Topic::Phone,
        t!(lang, "phone-code-sent", number = number.clone()),
    );
    let text = words::code(lang, &code, &hinted(&me.address));
    desk.mail.sms(&number, text, None, AutoKind::Replied);
    if let Some(sent) = desk.mail.outbox.last() {
        desk.codes.push(crate::referee::CodeSent {
            address: me.address.clone(),
            number: number.clone(),
            message_id: sent.message_id.clone(),
        });
    }
    desk.summary = format!(
        "{} asked to link {}: code sent",
        me.address,
        Phone::mask(&number)
    );
}

/// Six digits: the code of the phone being linked, by mail or by SMS from that phone.
pub fn on_code(desk: &mut Desk, code: &str) {
    let lang = desk.lang;
    let by_sms = desk.msg.channel == Channel::Sms;
    let me = sender_record(desk);
    // A claim whose tries are spent, or whose code expired, has no code left.
    let claim = me.phone_claim.clone().filter(|c| {
        !c.code.is_empty() && (!by_sms || desk.msg.phone.as_deref() == Some(c.number.as_str()))
    });
    let answer = |desk: &mut Desk, body: String| {
        if by_sms {
            // The number is not linked yet: the answer goes to the mail address.
            let subject = crate::referee::reply::subject(lang, Topic::Phone);
            desk.mail.tell(&me.address, subject, body);
        } else {
            desk.reply(Topic::Phone, body);
        }
    };
    let Some(claim) = claim else {
        answer(desk, t!(lang, "phone-code-none"));
        desk.summary = format!("{}: a code with no phone being linked", me.address);
        return;
    };
    let number = claim.number.clone();
    // The claim left without a code keeps the day's counts.
    let spent = PhoneClaim {
        code: String::new(),
        ..claim.clone()
    };
    if desk.now > claim.until {
        desk.upsert_player(Player {
            phone_claim: Some(spent),
            ..me.clone()
        });
        answer(
            desk,
            t!(lang, "phone-code-expired", number = number.clone()),
        );
        desk.summary = format!(
            "{}: the code for {} expired",
            me.address,
            Phone::mask(&number)
        );
        return;
    }
    if claim.code != code {
        let tries = claim.tries + 1;
        let (next, body) = if tries >= CODE_TRIES {
            (
                PhoneClaim { tries, ..spent },
                t!(lang, "phone-code-gave-up", number = number.clone()),
            )
        } else {
            (
                PhoneClaim { tries, ..claim },
                t!(
                    lang,
                    "phone-code-wrong",
                    number = number.clone(),
                    left = CODE_TRIES - tries
                ),
            )
        };
        desk.upsert_player(Player {
            phone_claim: Some(next),
            ..me.clone()
        });
        answer(desk, body);
        desk.summary = format!(
            "{}: wrong code ({tries}) for {}",
            me.address,
            Phone::mask(&number)
        );
        return;
    }
    // The phone is proven: a previous holder loses the number (see the module's
    // `holder-never-revealed`), before it is linked here (one player per number).
    let previous = desk
        .ctx
        .phone_holder
        .as_ref()
        .filter(|h| !h.eq_ignore_ascii_case(&me.address))
        .and_then(|h| desk.player(h).cloned());
    if let Some(holder) = previous {
        let their_lang = holder.lang;
        desk.upsert_player(Player {
            phone: None,
            notify: Notify::Mail,
            ..holder.clone()
        });
        let subject = crate::referee::reply::subject(their_lang, Topic::Phone);
        let body = t!(their_lang, "phone-moved", number = number.clone());
        desk.mail.tell(&holder.address, subject, body);
    }
    desk.upsert_player(Player {
        phone: Some(number.clone()),
        phone_claim: None,
        ..me.clone()
    });
    let body = format!(
        "{}\n\n{}\n{}",
        t!(lang, "phone-linked", number = number.clone()),
        t!(lang, "notify-now", notify = me.notify.code()),
        t!(lang, "notify-how")
    );
    answer(desk, body);
    desk.mail
        .sms(&number, words::linked(lang), None, AutoKind::Replied);
    desk.summary = format!("{} linked {}", me.address, Phone::mask(&number));
}

/// `NOTIFY SMS|MAIL|BOTH`.
pub fn on_notify(desk: &mut Desk, notify: Option<Notify>) {
    let lang = desk.lang;
    let me = sender_record(desk);
    let Some(notify) = notify else {
        let body = format!(
            "{}\n\n{}",
            t!(lang, "notify-usage"),
            t!(lang, "notify-now", notify = me.notify.code())
        );
        desk.reply(Topic::Phone, body);
        desk.summary = format!("{}: NOTIFY without SMS, MAIL or BOTH", me.address);
        return;
    };
    if notify.by_sms() && me.phone.is_none() {
        let body = if desk.config.sms.enabled {
            t!(lang, "notify-needs-phone")
        } else {
            t!(lang, "phone-unavailable")
        };
        desk.reply(Topic::Phone, body);
        desk.summary = format!("{}: NOTIFY {} with no phone", me.address, notify.code());
        return;
    }
    desk.upsert_player(Player {
        notify,
        ..me.clone()
    });
    desk.reply(Topic::Phone, t!(lang, "notify-set", notify = notify.code()));
    desk.summary = format!(
        "{} now hears of their games by {}",
        me.address,
        notify.code()
    );
}

/// `STOP` or `START`, alone in an SMS from `number`.
pub fn on_stop(desk: &mut Desk, number: &str, stop: bool) {
    let lang = desk.lang;
    let masked = Phone::mask(number);
    if stop && desk.ctx.sms_stopped {
        // Confirmed once: the number hears nothing more.
        desk.summary = format!("{masked} said STOP again: nothing sent");
        return;
    }
    let body = if stop {
        words::stopped(lang)
    } else {
        words::started(lang)
    };
    desk.mail.sms(number, body, None, AutoKind::Replied);
    let confirmation = desk.mail.outbox.last().map(|o| o.message_id.clone());
    if stop || desk.ctx.sms_stopped {
        desk.stops.push(SmsStop {
            number: number.to_string(),
            stopped: stop,
            confirmation: if stop { confirmation } else { None },
        });
    }
    desk.summary = format!(
        "{masked} said {}",
        if stop {
            "STOP: no more SMS"
        } else {
            "START: SMS again"
        }
    );
}

/// An SMS from a number nobody links, that is neither a code nor STOP or START.
///
/// Told once a day at most: never an SMS loop with another machine.
pub fn on_stranger(desk: &mut Desk, number: &str) {
    let lang = desk.lang;
    if desk.ctx.sms_recent {
        desk.summary = format!(
            "an SMS from {}, linked to nobody, already answered today",
            Phone::mask(number)
        );
        return;
    }
    desk.mail
        .sms(number, words::unknown(lang), None, AutoKind::Replied);
    desk.summary = format!("an SMS from {}, linked to nobody", Phone::mask(number));
}
