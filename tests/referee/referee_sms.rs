//! The referee's SMS side, played in memory: linking a phone (by mail, the code back by
//! mail or by SMS), `NOTIFY`, playing by SMS with the game named or not, refusals, `STOP`
//! and `START`, numbers nobody links, quiet hours, and a game's end reaching a player on
//! SMS. Every SMS any decision queues is checked by the world: to an E.164 number, in
//! GSM-7 and one segment, showing no address.

use crate::world;

use world::*;

use arbitre::games::Side;
use arbitre::referee::{Channel, Decision, GameStatus, Notify, Outgoing, RefereeConfig};
use arbitre::sms::quiet::QuietHours;

const ALICE_PHONE: &str = "+33612345678";
const BOB_PHONE: &str = "+32470123456";

fn sms_config() -> RefereeConfig {
    let mut c = config();
    c.sms.enabled = true;
    c.sms.countries = vec!["33".into(), "32".into()];
    c
}

fn texts(d: &Decision) -> Vec<&Outgoing> {
    d.outbox
        .iter()
        .filter(|o| o.channel == Channel::Sms)
        .collect()
}

fn mails<'a>(d: &'a Decision, who: &str) -> Vec<&'a Outgoing> {
    d.outbox
        .iter()
        .filter(|o| o.channel == Channel::Mail && o.to == who)
        .collect()
}

/// The code in the last SMS to `number`.
fn code_sent(w: &World, number: &str) -> String {
    let sms = w.texts_to(number);
    let last = sms.last().expect("an SMS was sent");
    last.body
        .split(|c: char| !c.is_ascii_digit())
        .find(|t| t.len() == 6)
        .unwrap_or_else(|| panic!("no code in {}", last.body))
        .to_string()
}

/// Links `number` to `who` by mail, the code sent back by mail.
fn link(w: &mut World, who: &str, number: &str) {
    let m = w.keyed_msg(who, &format!("PHONE {number}"));
    w.deliver(&m);
    let code = code_sent(w, number);
    let d = w.answer(who, &code);
    assert_eq!(d.players[0].phone.as_deref(), Some(number), "{d:#?}");
}

#[test]
fn a_phone_is_linked_by_the_code_sent_back_by_mail() {
    let mut w = World::with(sms_config());
    let m = w.keyed_msg(ALICE, "PHONE +33 6 12 34 56 78");
    let d = w.deliver(&m);
    let mail = &mails(&d, ALICE)[0];
    assert!(
        mail.body
            .contains("texted a six-digit code to +33612345678"),
        "{}",
        mail.body
    );
    let sms = texts(&d);
    assert_eq!(sms.len(), 1);
    assert_eq!(sms[0].to, ALICE_PHONE);
    // The SMS names the account (enough for its owner to know it) and says what to do
    // when it is not theirs.
    assert!(sms[0].body.starts_with("arbitre: code "), "{}", sms[0].body);
    assert!(
        sms[0]
            .body
            .contains(" links this phone to al...@a.example. ")
            && sms[0].body.contains("not you? Ignore it."),
        "{}",
        sms[0].body
    );
    let claim = d.players[0].phone_claim.clone().expect("a claim");
    assert_eq!(d.players[0].phone, None, "not linked before the code");

    // A wrong code is refused and counted; the right one links the phone.
    let d = w.answer(ALICE, "000000");
    let body = &mails(&d, ALICE)[0].body;
    if claim.code != "000000" {
        assert!(
            body.contains("That is not the code sent to +33612345678. 4 more tries are left."),
            "{body}"
        );
        assert_eq!(d.players[0].phone_claim.as_ref().unwrap().tries, 1);
    }
    let d = w.answer(ALICE, &format!("{} {}", &claim.code[..3], &claim.code[3..]));
    let p = &d.players[0];
    assert_eq!(p.phone.as_deref(), Some(ALICE_PHONE));
    assert_eq!(p.phone_claim, None);
    assert_eq!(p.notify, Notify::Mail, "linking changes nothing else");
    let body = &mails(&d, ALICE)[0].body;
    assert!(
        body.contains("Your phone +33612345678 is now linked."),
        "{body}"
    );
    assert!(
        body.contains("NOTIFY SMS, NOTIFY MAIL or NOTIFY BOTH"),
        "{body}"
    );
    let sms = texts(&d);
    assert_eq!(sms.len(), 1);
    assert!(
        sms[0].body.contains("this phone is linked"),
        "{}",
        sms[0].body
    );

    // PHONE alone shows it; PHONE OFF unlinks it.
    let m = w.keyed_msg(ALICE, "PHONE");
    let d = w.deliver(&m);
    assert!(
        mails(&d, ALICE)[0]
            .body
            .contains("Your phone +33612345678 is linked.")
    );
    let m = w.keyed_msg(ALICE, "PHONE OFF");
    let d = w.deliver(&m);
    assert_eq!(d.players[0].phone, None);
    assert!(mails(&d, ALICE)[0].body.contains("is unlinked"));
}

#[test]
fn in_french_telephone_and_the_code_by_sms_from_the_phone() {
    let mut w = World::with(sms_config());
    let m = w.keyed_msg(ALICE, "TELEPHONE +33612345678");
    let d = w.deliver(&m);
    let mail = &mails(&d, ALICE)[0];
    assert!(
        mail.body
            .contains("arbitre a envoyé un code à six chiffres par SMS au +33612345678"),
        "{}",
        mail.body
    );
    assert!(
        texts(&d)[0].body.starts_with("arbitre : le code ")
            && texts(&d)[0]
                .body
                .contains(" relie ce téléphone à al...@a.example."),
        "{}",
        texts(&d)[0].body
    );
    let code = code_sent(&w, ALICE_PHONE);
    // From another number, the code links nothing: that number is a stranger.
    let d = w.sms("+33699999999", &code);
    assert!(d.players.is_empty());
    assert_eq!(texts(&d)[0].to, "+33699999999");
    assert!(
        texts(&d)[0].body.contains("not linked to a player"),
        "{}",
        texts(&d)[0].body
    );
    // From the phone itself, it links it; the player is told by mail too.
    let d = w.sms(ALICE_PHONE, &code);
    assert_eq!(d.players[0].phone.as_deref(), Some(ALICE_PHONE));
    assert!(
        mails(&d, ALICE)[0]
            .body
            .contains("Votre téléphone +33612345678 est maintenant relié.")
    );
    assert!(
        texts(&d)[0]
            .body
            .starts_with("arbitre : ce téléphone est relié.")
    );
}

#[test]
fn numbers_are_checked_and_belong_to_one_player() {
    let mut w = World::with(sms_config());
    for (written, why) in [
        ("0612345678", "international form"),
        ("+44 7700 900123", "does not send SMS to that country"),
        ("+33 6 12", "7 to 15 digits"),
        ("+33 6 12 AB 56 78", "digits only"),
    ] {
        let m = w.keyed_msg(ALICE, &format!("PHONE {written}"));
        let d = w.deliver(&m);
        assert!(
            texts(&d).is_empty(),
            "{written}: no SMS to a refused number"
        );
        assert!(
            mails(&d, ALICE)[0].body.contains(why),
            "{written}: {}",
            mails(&d, ALICE)[0].body
        );
    }
    // Without proof of the sender, PHONE changes nothing.
    let d = w.send(BOB, &format!("PHONE {BOB_PHONE}"));
    assert!(d.players.is_empty() && texts(&d).is_empty());
    // A server without a gateway links nothing.
    let mut plain = World::new();
    let m = plain.keyed_msg(ALICE, &format!("PHONE {ALICE_PHONE}"));
    let d = plain.deliver(&m);
    assert!(texts(&d).is_empty());
    assert!(
        mails(&d, ALICE)[0]
            .body
            .contains("This server sends no SMS")
    );
}

#[test]
fn a_code_expires_and_five_wrong_ones_spend_the_day() {
    let mut w = World::with(sms_config());
    let m = w.keyed_msg(ALICE, &format!("PHONE {ALICE_PHONE}"));
    w.deliver(&m);
    let code = code_sent(&w, ALICE_PHONE);
    let wrong = if code == "111111" { "222222" } else { "111111" };
    w.step = 60;
    for left in (1..5).rev() {
        let d = w.answer(ALICE, wrong);
        let claim = d.players[0].phone_claim.as_ref().expect("still claimed");
        assert_eq!(claim.tries, 5 - left);
    }
    let d = w.answer(ALICE, wrong);
    let spent = d.players[0]
        .phone_claim
        .clone()
        .expect("the day's counts are kept");
    assert_eq!((spent.tries, spent.code.as_str()), (5, ""));
    assert!(mails(&d, ALICE)[0].body.contains("Too many wrong codes"));
    let d = w.answer(ALICE, &code);
    assert!(
        mails(&d, ALICE)[0]
            .body
            .contains("No phone is being linked")
    );
    // Asking again the same day gives no fresh tries: no code is sent.
    let m = w.keyed_msg(ALICE, &format!("PHONE {ALICE_PHONE}"));
    let d = w.deliver(&m);
    assert!(texts(&d).is_empty());
    assert!(
        mails(&d, ALICE)[0]
            .body
            .contains("No more codes for you today")
    );

    // A day later: a code again, which expires after 30 minutes.
    w.clock += 86_400;
    let m = w.keyed_msg(ALICE, &format!("PHONE {ALICE_PHONE}"));
    w.deliver(&m);
    let code = code_sent(&w, ALICE_PHONE);
    w.step = 31 * 60;
    let d = w.answer(ALICE, &code);
    assert!(
        mails(&d, ALICE)[0].body.contains("That code has expired"),
        "{}",
        mails(&d, ALICE)[0].body
    );
    assert_eq!(d.players[0].phone, None);
}

#[test]
fn notify_needs_a_phone_and_says_what_comes_by_sms() {
    let mut w = World::with(sms_config());
    let m = w.keyed_msg(ALICE, "NOTIFY SMS");
    let d = w.deliver(&m);
    assert!(
        mails(&d, ALICE)[0]
            .body
            .contains("SMS needs a linked phone first")
    );
    link(&mut w, ALICE, ALICE_PHONE);
    let m = w.keyed_msg(ALICE, "AVIS LES DEUX");
    let d = w.deliver(&m);
    assert_eq!(d.players[0].notify, Notify::Both);
    let m = w.keyed_msg(ALICE, "NOTIFY SMS");
    let d = w.deliver(&m);
    assert_eq!(d.players[0].notify, Notify::Sms);
    assert!(
        mails(&d, ALICE)[0]
            .body
            .contains("your move to play, reminders, results"),
        "{}",
        mails(&d, ALICE)[0].body
    );
}

#[test]
fn a_game_played_by_sms_on_one_side_and_mail_on_the_other() {
    let mut w = World::with(sms_config());
    engine!("abalone");
    link(&mut w, ALICE, ALICE_PHONE);
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    assert_eq!(w.game(id).side_of(ALICE), Some(Side::Black));

    // Alice (NOTIFY MAIL) plays by SMS: the answer comes by SMS, the mail still goes, Bob
    // gets the move by mail.
    let d = w.sms(ALICE_PHONE, "a1b2");
    assert_eq!(d.games[0].moves.len(), 1);
    let sms = texts(&d);
    assert_eq!(sms.len(), 1);
    assert_eq!(
        sms[0].body,
        format!("#{id} a1b2 accepted, passed on to your opponent.")
    );
    assert_eq!(mails(&d, ALICE).len(), 1, "mail keeps the record");
    assert!(first_line(mails(&d, BOB)[0]) == "a1b2");

    // Bob answers by mail: Alice chose mail, so no SMS.
    let d = w.answer(BOB, "i5h5");
    assert!(texts(&d).is_empty());

    // With NOTIFY SMS her move to play comes by SMS as well, carrying the turn's mail.
    let m = w.keyed_msg(ALICE, "NOTIFY SMS");
    w.deliver(&m);
    let d = w.sms(ALICE_PHONE, "b2c3");
    assert_eq!(texts(&d).len(), 1, "her own move answered by SMS");
    let d = w.answer(BOB, "i6h6");
    let sms = texts(&d);
    assert_eq!(sms.len(), 1);
    assert_eq!(
        sms[0].body,
        format!(
            "#{id} Abalone, your opponent played i6h6. White moves 3 marbles in line south-east (down right): I6 H6 G6 -> H6 G6 F6. Your move. Reply with yours."
        )
    );
    assert_eq!(sms[0].game, Some(id));
    assert!(sms[0].not_before.is_none(), "no quiet hours configured");
    assert_eq!(mails(&d, ALICE).len(), 1, "and the mail");

    // An illegal move by SMS: ERR by SMS, nothing changes.
    let d = w.sms(ALICE_PHONE, "a1a9");
    assert!(d.games.is_empty());
    let sms = texts(&d);
    assert_eq!(sms.len(), 1);
    assert!(
        sms[0].body.starts_with(&format!("#{id} ERR a1a9: ")),
        "{}",
        sms[0].body
    );

    // Out of turn.
    let d = w.sms(ALICE_PHONE, "a2b3");
    assert_eq!(d.games[0].moves.len(), 5);
    let d = w.sms(ALICE_PHONE, "a4b5");
    assert!(
        texts(&d)[0].body.contains("not your turn"),
        "{}",
        texts(&d)[0].body
    );

    // BOARD by SMS: the position string.
    let d = w.sms(ALICE_PHONE, "BOARD");
    let sms = texts(&d);
    assert!(
        sms[0]
            .body
            .starts_with(&format!("#{id} Abalone position: ")),
        "{}",
        sms[0].body
    );

    // HELP has no short form: the SMS says the answer went by mail.
    let d = w.sms(ALICE_PHONE, "HELP");
    assert_eq!(texts(&d)[0].body, "arbitre has answered you by mail.");
    assert!(!mails(&d, ALICE).is_empty());

    // The result reaches both: Alice resigns by SMS.
    let d = w.sms(ALICE_PHONE, "RESIGN");
    assert_eq!(d.games[0].status, GameStatus::Finished);
    let sms = texts(&d);
    assert_eq!(sms.len(), 1);
    assert!(
        sms[0].body.starts_with(&format!("#{id} Abalone: ")),
        "{}",
        sms[0].body
    );
    assert!(sms[0].body.ends_with("You lose."), "{}", sms[0].body);
    assert!(!mails(&d, BOB).is_empty());
}

#[test]
fn an_sms_without_a_number_goes_to_the_game_that_waits_or_asks_which() {
    let mut w = World::with(sms_config());
    engine!("abalone");
    link(&mut w, ALICE, ALICE_PHONE);
    let m = w.keyed_msg(ALICE, "NOTIFY SMS");
    w.deliver(&m);
    let one = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    // NOTIFY SMS: the start of a game where she moves first comes by SMS too.
    let start = w.texts_to(ALICE_PHONE).last().unwrap().body.clone();
    assert_eq!(
        start,
        format!("#{one} Abalone against your opponent begins. Your move: reply with it.")
    );
    let two = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    // Two games wait for Alice; the latest SMS, the start of game two, names the game.
    let d = w.sms(ALICE_PHONE, "a1b2");
    assert_eq!(d.games[0].id, two);
    // Her confirmation (about game two, which now waits for Bob) names no game waiting for
    // her: arbitre asks, listing by SMS the game that waits for her.
    let d = w.sms(ALICE_PHONE, "a1b2");
    assert!(d.games.is_empty());
    let sms = texts(&d);
    assert_eq!(
        sms[0].body,
        format!("Which game? Start with its number: #{one} your opponent")
    );
    // The mail lists both games.
    assert!(
        mails(&d, ALICE)[0]
            .body
            .contains(&format!("[arbitre #{two}]"))
    );
    // Named, it is played.
    let d = w.sms(ALICE_PHONE, &format!("#{one} a1b2"));
    assert_eq!(d.games[0].id, one);
    // Bob answers in game one: the SMS telling Alice is about game one, which waits for
    // her, so an SMS without a number goes there.
    w.answer(BOB, "i5h5");
    assert_eq!(w.texts_to(ALICE_PHONE).last().unwrap().game, Some(one));
    let d = w.sms(ALICE_PHONE, "b2c3");
    assert_eq!(d.games[0].id, one);
    // Now both wait for Bob: asked, with every game listed.
    let d = w.sms(ALICE_PHONE, "c3d4");
    assert!(d.games.is_empty());
    let body = &texts(&d)[0].body;
    assert!(
        body.contains(&format!("#{one}")) && body.contains(&format!("#{two}")),
        "{body}"
    );
}

#[test]
fn stop_is_confirmed_once_and_start_resumes() {
    let mut w = World::with(sms_config());
    link(&mut w, ALICE, ALICE_PHONE);
    let d = w.sms(ALICE_PHONE, "STOP");
    assert_eq!(d.sms_stops.len(), 1);
    let stop = &d.sms_stops[0];
    assert!(stop.stopped);
    let sms = texts(&d);
    assert_eq!(sms.len(), 1);
    assert_eq!(
        stop.confirmation.as_deref(),
        Some(sms[0].message_id.as_str())
    );
    assert!(sms[0].body.contains("no more SMS to this number"));
    // Said again (or in a carrier's word): nothing more is sent.
    for word in ["stop", "ARRET", "Unsubscribe"] {
        let d = w.sms(ALICE_PHONE, word);
        assert!(d.outbox.is_empty() && d.sms_stops.is_empty(), "{word}");
    }
    let d = w.sms(ALICE_PHONE, "START");
    assert_eq!(d.sms_stops.len(), 1);
    assert!(!d.sms_stops[0].stopped);
    assert!(texts(&d)[0].body.contains("SMS are back on"));
    assert!(w.stopped.is_empty());
    // From a number nobody links, STOP works too.
    let d = w.sms("+33711111111", "ARRÊT");
    assert!(d.sms_stops[0].stopped);
    assert_eq!(texts(&d)[0].to, "+33711111111");
}

#[test]
fn notifications_wait_for_the_morning_but_answers_do_not() {
    let mut c = sms_config();
    c.sms.quiet = QuietHours::read("22:00-08:00").unwrap();
    let mut w = World::with(c);
    engine!("abalone");
    link(&mut w, ALICE, ALICE_PHONE);
    let m = w.keyed_msg(ALICE, "NOTIFY SMS");
    w.deliver(&m);
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    // 23:00 UTC (the default zone): Alice's move by SMS is answered at once.
    let midnight = (w.clock / 86_400 + 1) * 86_400;
    w.clock = midnight - 3600 - w.step;
    let d = w.sms(ALICE_PHONE, "a1b2");
    assert_eq!(texts(&d)[0].not_before, None);
    // Bob's answer at 23:10 tells her by SMS at 08:00, by mail at once.
    let d = w.answer(BOB, "i5h5");
    let sms = texts(&d);
    assert_eq!(sms[0].game, Some(id));
    assert_eq!(sms[0].not_before, Some(midnight + 8 * 3600));
    assert!(mails(&d, ALICE)[0].not_before.is_none());
}

#[test]
fn reminders_and_a_time_out_reach_a_player_on_sms() {
    let mut w = World::with(sms_config());
    engine!("abalone");
    link(&mut w, ALICE, ALICE_PHONE);
    let m = w.keyed_msg(ALICE, "NOTIFY SMS");
    w.deliver(&m);
    let id = challenge_and_accept(&mut w, "NEW abalone TIME 3d VS bob@b.example");
    w.sms(ALICE_PHONE, "a1b2");
    w.answer(BOB, "i5h5");
    let start = w.clock;
    // Alice is to move and lets her three days run: reminded by SMS, then the loss (a
    // game whose first move never came would be cancelled instead).
    let ds = w.run_clock(start + 4 * 86_400);
    let sms: Vec<&Outgoing> = ds.iter().flat_map(|d| texts(d)).collect();
    let reminders: Vec<&&Outgoing> = sms
        .iter()
        .filter(|o| o.body.contains("your move against"))
        .collect();
    assert!(!reminders.is_empty(), "{sms:#?}");
    for r in &reminders {
        assert!(
            r.body
                .starts_with(&format!("#{id} Abalone: your move against your opponent, ")),
            "{}",
            r.body
        );
        assert!(r.body.ends_with(" left."), "{}", r.body);
        assert_eq!(r.to, ALICE_PHONE);
    }
    let end = sms.last().unwrap();
    assert!(end.body.ends_with("You lose."), "{}", end.body);
    assert_eq!(w.game(id).status, GameStatus::Finished);
    // Every reminder also went by mail.
    let mails: usize = ds.iter().map(|d| mails(d, ALICE).len()).sum();
    assert!(mails > reminders.len());
}

#[test]
fn three_codes_a_day_and_a_stranger_is_answered_once_a_day() {
    let mut w = World::with(sms_config());
    for n in 0..3 {
        let m = w.keyed_msg(ALICE, &format!("PHONE {ALICE_PHONE}"));
        let d = w.deliver(&m);
        assert_eq!(texts(&d).len(), 1, "code {n}");
    }
    let m = w.keyed_msg(ALICE, &format!("PHONE {ALICE_PHONE}"));
    let d = w.deliver(&m);
    assert!(texts(&d).is_empty(), "a fourth code the same day");
    // A number nobody links: told how to link it, then nothing more that day.
    let d = w.sms("+33700000001", "hello");
    assert_eq!(texts(&d).len(), 1);
    for text in ["hello?", "a1b2", "HELP"] {
        let d = w.sms("+33700000001", text);
        assert!(d.outbox.is_empty(), "{text}");
    }
    w.clock += 86_400;
    assert_eq!(texts(&w.sms("+33700000001", "hello")).len(), 1);
}

#[test]
fn another_players_claim_on_a_number_neither_takes_it_nor_blocks_its_owner() {
    let mut w = World::with(sms_config());
    w.step = 60;
    // Alice is linking her phone; Bob asks for the same number meanwhile.
    let m = w.keyed_msg(ALICE, &format!("PHONE {ALICE_PHONE}"));
    w.deliver(&m);
    let alices = code_sent(&w, ALICE_PHONE);
    let m = w.keyed_msg(BOB, &format!("PHONE {ALICE_PHONE}"));
    w.deliver(&m);
    let bobs = code_sent(&w, ALICE_PHONE);
    assert!(
        w.texts_to(ALICE_PHONE)
            .last()
            .unwrap()
            .body
            .contains("bo...@b.example")
    );
    // Alice sends back her own code from the phone: it links her, not Bob.
    let d = w.sms(ALICE_PHONE, &alices);
    assert_eq!(d.players[0].address, ALICE);
    assert_eq!(d.players[0].phone.as_deref(), Some(ALICE_PHONE));
    // Bob's code, sent back later, proves he holds the phone now: the number moves to
    // him (see `a_number_held_by_another_player_is_answered_as_a_free_one`).
    if bobs != alices {
        let d = w.answer(BOB, &bobs);
        let bob = d.players.iter().find(|p| p.address == BOB).unwrap();
        assert_eq!(bob.phone.as_deref(), Some(ALICE_PHONE));
        let alice = d.players.iter().find(|p| p.address == ALICE).unwrap();
        assert_eq!(alice.phone, None);
        assert!(mails(&d, ALICE)[0].body.contains("no longer linked"));
    }
}

#[test]
fn no_code_goes_to_a_number_that_said_stop() {
    let mut w = World::with(sms_config());
    w.sms(ALICE_PHONE, "STOP");
    let m = w.keyed_msg(ALICE, &format!("PHONE {ALICE_PHONE}"));
    let d = w.deliver(&m);
    assert!(texts(&d).is_empty());
    assert!(
        mails(&d, ALICE)[0].body.contains("said STOP"),
        "{}",
        mails(&d, ALICE)[0].body
    );
    w.sms(ALICE_PHONE, "START");
    link(&mut w, ALICE, ALICE_PHONE);
}

/// A caller number can be forged: by SMS a linked player plays and uses the commands of a
/// game, but nothing that changes their account or starts a game, which needs mail.
#[test]
fn by_sms_no_command_changes_the_account_or_starts_a_game() {
    let mut w = World::with(sms_config());
    link(&mut w, ALICE, "+33612345678");
    let before = w.players[ALICE].clone();
    for command in [
        "PHONE +33698765432",
        "PHONE OFF",
        "NOTIFY MAIL",
        "LANG FR",
        "TZ Europe/Paris",
        "CHAT OFF",
        "PUBLIC OFF",
        "PICTURES OFF",
        "NEW abalone VS bob@b.example",
        "LEAVE 2030-01-01 2030-01-05",
    ] {
        let d = w.sms("+33612345678", command);
        assert!(
            d.players.is_empty() && d.games.is_empty() && d.confirmations.is_empty(),
            "{command}: {d:#?}"
        );
        let mail = mails(&d, ALICE);
        assert_eq!(mail.len(), 1, "{command}: {d:#?}");
        assert!(mail[0].body.contains("came by SMS"), "{}", mail[0].body);
        let sms = texts(&d);
        assert_eq!(sms.len(), 1, "{command}: {d:#?}");
        assert!(sms[0].body.contains("by mail"), "{}", sms[0].body);
    }
    assert_eq!(w.players[ALICE], before);
    // What only shows something is answered.
    let d = w.sms("+33612345678", "PHONE");
    assert!(d.players.is_empty());
    assert!(!d.outbox.is_empty());
}

/// The PHONE answer to `who` for `number`, with the number written as `N`.
fn phone_answer(w: &mut World, who: &str, number: &str) -> (String, Decision) {
    let m = w.keyed_msg(who, &format!("PHONE {number}"));
    let d = w.deliver(&m);
    let body = mails(&d, who)[0].body.replace(number, "N");
    (body, d)
}

#[test]
fn a_number_held_by_another_player_is_answered_as_a_free_one() {
    let mut w = World::with(sms_config());
    w.step = 60;
    link(&mut w, ALICE, ALICE_PHONE);
    let m = w.keyed_msg(ALICE, "NOTIFY SMS");
    w.deliver(&m);
    let alice_before = w.players[ALICE].clone();
    // Carol asks for a free number, Bob for Alice's: the same answer, a code sent.
    let (free, _) = phone_answer(&mut w, CAROL, "+33699999999");
    let (held, d) = phone_answer(&mut w, BOB, ALICE_PHONE);
    assert_eq!(held, free, "nothing tells the number is someone's");
    assert_eq!(texts(&d).len(), 1, "the code goes to the phone as to any");
    assert_eq!(texts(&d)[0].to, ALICE_PHONE);
    assert!(d.players.iter().all(|p| p.address == BOB), "{d:#?}");
    assert!(mails(&d, ALICE).is_empty(), "the holder is told nothing");
    let bobs = code_sent(&w, ALICE_PHONE);
    // A wrong code, then Alice's own SMS: still hers, and nothing said to her.
    let wrong = if bobs == "111111" { "222222" } else { "111111" };
    let d = w.answer(BOB, wrong);
    assert!(d.players.iter().all(|p| p.address == BOB));
    assert!(mails(&d, ALICE).is_empty());
    assert_eq!(w.players[ALICE], alice_before);
    // The code sent back from the phone proves it: the number moves to Bob, Alice is
    // back to mail only and told so by mail.
    let d = w.sms(ALICE_PHONE, &bobs);
    let bob = d.players.iter().find(|p| p.address == BOB).expect("Bob");
    assert_eq!(bob.phone.as_deref(), Some(ALICE_PHONE));
    let alice = d
        .players
        .iter()
        .find(|p| p.address == ALICE)
        .expect("Alice");
    assert_eq!((alice.phone.as_deref(), alice.notify), (None, Notify::Mail));
    let first = d.players.iter().position(|p| p.address == ALICE).unwrap();
    let second = d.players.iter().position(|p| p.address == BOB).unwrap();
    assert!(
        first < second,
        "unlinked before it is linked again (one per number)"
    );
    let told = &mails(&d, ALICE)[0].body;
    assert!(
        told.contains("Your phone +33612345678 is no longer linked to your address")
            && told.contains("write PHONE +33612345678 to link it again"),
        "{told}"
    );
    assert!(!told.contains(BOB), "the new holder is not named: {told}");
    assert!(
        mails(&d, BOB)[0]
            .body
            .contains("Your phone +33612345678 is now linked.")
    );
    // From now on an SMS from the phone is Bob's.
    let m = w.sms_msg(ALICE_PHONE, "GAMES");
    assert_eq!(m.from, BOB);
}

#[test]
fn codes_are_counted_per_player_whatever_the_number() {
    let mut w = World::with(sms_config());
    w.step = 60;
    // One code to link her phone, then PHONE OFF: neither resets the day's count.
    link(&mut w, ALICE, ALICE_PHONE);
    let m = w.keyed_msg(ALICE, "PHONE OFF");
    w.deliver(&m);
    for number in ["+33600000001", "+32470000002"] {
        let (_, d) = phone_answer(&mut w, ALICE, number);
        assert_eq!(texts(&d).len(), 1, "{number}");
        assert_eq!(d.codes.len(), 1, "the code is logged");
        assert_eq!(d.codes[0].number, number);
        assert_eq!(d.codes[0].message_id, texts(&d)[0].message_id);
    }
    let (body, d) = phone_answer(&mut w, ALICE, "+33600000003");
    assert!(
        texts(&d).is_empty() && d.codes.is_empty(),
        "a fourth number"
    );
    assert!(body.contains("No more codes for you today"), "{body}");
    // The next day, codes again.
    w.clock += 86_400;
    let (_, d) = phone_answer(&mut w, ALICE, "+33600000003");
    assert_eq!(texts(&d).len(), 1);
}

#[test]
fn one_number_gets_five_codes_a_day_whoever_asks() {
    let mut w = World::with(sms_config());
    let target = "+33611110000";
    for n in 0..5 {
        let who = format!("player{n}@p.example");
        let (_, d) = phone_answer(&mut w, &who, target);
        assert_eq!(texts(&d).len(), 1, "{who}");
    }
    let (body, d) = phone_answer(&mut w, CAROL, target);
    assert!(texts(&d).is_empty());
    assert!(body.contains("No more codes for N today"), "{body}");
    // Carol's own count is untouched: another number gets its code.
    let (_, d) = phone_answer(&mut w, CAROL, "+33611110001");
    assert_eq!(texts(&d).len(), 1);
}

#[test]
fn codes_have_their_own_cap_for_the_installation() {
    let mut config = sms_config();
    config.sms.codes_per_day = 2;
    let mut w = World::with(config);
    for (who, number) in [(ALICE, ALICE_PHONE), (BOB, BOB_PHONE)] {
        let (_, d) = phone_answer(&mut w, who, number);
        assert_eq!(texts(&d).len(), 1, "{who}");
    }
    let (body, d) = phone_answer(&mut w, CAROL, "+33699999999");
    assert!(texts(&d).is_empty() && d.codes.is_empty());
    assert!(
        body.contains("arbitre has texted all the codes it may send today"),
        "{body}"
    );
    // Linked phones still hear of their games: the cap is on codes alone.
    let code = code_sent(&w, ALICE_PHONE);
    let d = w.answer(ALICE, &code);
    assert_eq!(d.players[0].phone.as_deref(), Some(ALICE_PHONE));
    assert_eq!(texts(&d).len(), 1, "the phone is told it is linked");
}

#[test]
fn without_countries_no_code_goes_anywhere() {
    let mut config = sms_config();
    config.sms.countries.clear();
    let mut w = World::with(config);
    let (body, d) = phone_answer(&mut w, ALICE, ALICE_PHONE);
    assert!(texts(&d).is_empty() && d.players.iter().all(|p| p.phone_claim.is_none()));
    assert!(body.contains("This server sends no SMS"), "{body}");
}
