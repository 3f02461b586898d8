//! Reading what players actually write (issue 9, defects 7 and 8), through the pure referee.
//!
//! - Defect 7: a move written in a sentence (`Je joue e5e6, bonne chance !`), with a full
//!   stop, after `Move:`, or in the Subject of an empty mail is played when it is the only
//!   token of the message that the game's notation reads; two such tokens, or none, are
//!   answered `ERR` saying what was read and why nothing was played. Same tolerance in
//!   every game: the table of phrasings below is played in all five.
//! - Defect 8: a refused move gets up to three legal moves close to what was written, after
//!   the refusal (whose first line stays the protocol's `ERR`).
//!
//! - Issue 30, item 6: the worst texts that fit in `max-message-bytes` are decided, move
//!   and all, well within a second each.
//!
//! A small [`World`] plays the daemon's part, as in `tests/referee/referee_scenarios.rs`.

use crate::bodies;

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use arbitre::games::{AnyGame, GameKind, Side, Start};
use arbitre::referee::{
    self, Context, Decision, GameId, GameStatus, Inbound, LangFrom, NewGameRequest, Outgoing,
    Player, RefereeConfig, StoredGame, Timestamp,
};
use arbitre::text::Lang;

const BOT: &str = "arbitre@referee.example";
const ALICE: &str = "alice@a.example";
const BOB: &str = "bob@b.example";

/// A Bulltricker position where White must capture with a queen (spec T-O5 e).
const BT_COMPULSORY: &str = "W: Kd1 Qa.h1 Qa.h8 Pv8.2 Pv7.2; B: Kf5 Pa.h4 Qv8.7 Qv7.6 Qv6.5; w";

fn config() -> RefereeConfig {
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

/// The daemon's part, in memory (players, games, arbitre's Message-IDs for routing).
struct World {
    config: RefereeConfig,
    players: BTreeMap<String, Player>,
    games: BTreeMap<GameId, StoredGame>,
    sent: Vec<Outgoing>,
    ours: HashMap<String, Option<GameId>>,
    next_game: GameId,
    clock: Timestamp,
    seq: usize,
    confirmations: BTreeMap<String, referee::confirm::Confirmation>,
}

impl World {
    fn new() -> World {
        World {
            config: config(),
            players: BTreeMap::new(),
            games: BTreeMap::new(),
            sent: Vec::new(),
            ours: HashMap::new(),
            next_game: 1,
            clock: 1_700_000_000,
            seq: 0,
            confirmations: BTreeMap::new(),
        }
    }

    /// A fresh message from `from` to the bot's plain address (it proves nothing).
    fn msg(&mut self, from: &str, text: &str) -> Inbound {
        self.seq += 1;
        self.clock += 600;
        Inbound {
            message_id: format!("m{}@x.example", self.seq),
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

    /// A reply from `from` to `mail` (to its Reply-To, which proves the sender), with the
    /// Subject `Re: <subject>` unless `subject` is given.
    fn reply_msg(
        &mut self,
        mail: &Outgoing,
        from: &str,
        subject: Option<&str>,
        text: &str,
    ) -> Inbound {
        let mut m = self.msg(from, text);
        m.recipients = vec![mail.reply_to.clone().unwrap_or_else(|| BOT.to_string())];
        m.subject = match subject {
            Some(s) => s.to_string(),
            None => format!("Re: {}", mail.subject),
        };
        m.references = std::iter::once(mail.message_id.clone())
            .chain(mail.references.iter().rev().cloned())
            .collect();
        m
    }

    /// Replies `text` from `from` to the last mail `from` received.
    fn answer(&mut self, from: &str, text: &str) -> Decision {
        let mail = self.last_to(from).clone();
        let m = self.reply_msg(&mail, from, None, text);
        self.deliver(&m)
    }

    fn context(&self, msg: &Inbound) -> Context {
        let look = referee::lookup(&self.config, msg);
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
        let games: Vec<StoredGame> = self
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
        let players = self
            .players
            .values()
            .filter(|p| p.address != sender)
            .cloned()
            .collect();
        Context {
            confirmation: asked,
            sender: self.players.get(&sender).cloned(),
            players,
            games,
            token_game: look.token_game,
            reply_game,
            subject_game: look.subject_game,
            replies_last_hour: 0,
            first_reply_in_hour: None,
            rate_notice_in_hour: false,
            unproven_last_hour: 0,
            outages: Vec::new(),
            next_game_id: self.next_game,
            phone_holder: None,
            sms_game: None,
            sms_stopped: false,
            phone_stopped: false,
            codes_by_sender: 0,
            codes_to_number: 0,
            codes_in_all: 0,
            invitations_to_invitee: 0,
            invitee_knows_sender: false,
            sms_recent: false,
            events: Vec::new(),
            ratings: Vec::new(),
        }
    }

    fn deliver(&mut self, msg: &Inbound) -> Decision {
        let ctx = self.context(msg);
        let d = referee::handle(&self.config, &ctx, msg, msg.received_at);
        assert_eq!(d, referee::handle(&self.config, &ctx, msg, msg.received_at));
        for p in &d.players {
            self.players.insert(p.address.clone(), p.clone());
        }
        for g in &d.games {
            self.games.insert(g.id, g.clone());
        }
        for c in &d.confirmations {
            self.confirmations.insert(c.id.clone(), c.clone());
        }
        for o in &d.outbox {
            assert!(!self.ours.contains_key(&o.message_id));
            self.ours.insert(o.message_id.clone(), o.game);
            self.sent.push(o.clone());
        }
        d
    }

    fn last_to(&self, to: &str) -> &Outgoing {
        self.sent
            .iter()
            .rev()
            .find(|o| o.to == to)
            .unwrap_or_else(|| panic!("no mail to {to}"))
    }

    /// Sets up a game directly (`arbitre new`): Alice White, Bob Black.
    fn create(&mut self, kind: GameKind, start: Start) -> GameId {
        let id = self.next_game;
        self.next_game += 1;
        let request = NewGameRequest {
            kind,
            start,
            options: String::new(),
            white: ALICE.to_string(),
            black: BOB.to_string(),
            created_by: "td@club.example".to_string(),
            time: Default::default(),
        };
        let players: Vec<Player> = self.players.values().cloned().collect();
        let d = referee::create_game(&self.config, &request, &players, id, self.clock).unwrap();
        for g in &d.games {
            self.games.insert(g.id, g.clone());
        }
        for o in &d.outbox {
            self.ours.insert(o.message_id.clone(), o.game);
            self.sent.push(o.clone());
        }
        id
    }

    fn set_lang(&mut self, who: &str, lang: Lang) {
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

    /// The live game `id` as stored.
    fn live(&self, id: GameId) -> AnyGame {
        self.games[&id].rebuild().expect("stored games replay")
    }

    /// The address of the player to move in game `id`, and of the other one.
    fn mover(&self, id: GameId) -> (&'static str, &'static str) {
        match self.live(id).side_to_move() {
            Side::White => (ALICE, BOB),
            Side::Black => (BOB, ALICE),
        }
    }
}

/// The only mail of `d` addressed to `who`.
fn only<'a>(d: &'a Decision, who: &str) -> &'a Outgoing {
    let mails: Vec<&Outgoing> = d.outbox.iter().filter(|o| o.to == who).collect();
    assert_eq!(mails.len(), 1, "mails to {who}: {:#?}", d.outbox);
    mails[0]
}

fn first_line(o: &Outgoing) -> &str {
    o.body.lines().next().unwrap_or("")
}

/// A legal first move of `kind`'s default start, as the game writes it.
fn first_move(kind: GameKind) -> String {
    let g = AnyGame::new(kind, &Start::Default, None, "").unwrap();
    g.legal_moves()[0].clone()
}

// ---------------------------------------------------------------------------------------
// Defect 7: reading what people actually write

/// How players write a move: the Subject (`None`: `Re:` and arbitre's Subject, as a mail
/// client writes it; `{tag}` stands for `[arbitre #N]`) and the body; `{m}` is the move.
const PHRASINGS: &[(Option<&str>, &str)] = &[
    (None, "{m}"),
    (None, "{m}."),
    (None, "{M}"),
    (None, "Je joue {m}, bonne chance !"),
    (None, "Move: {m}"),
    (None, "Coup : {m}."),
    (None, "I play {m}."),
    (None, "My move is {m}!"),
    (None, "{m} !"),
    (None, "\u{00AB}\u{00A0}{m}\u{00A0}\u{00BB}"),
    (None, "({m})"),
    (None, "\"{m}\""),
    (None, "Hi Bob,\n\nmy move: {m}\n\nCheers,\nAlice"),
    (None, "Salut,\nje tente {m}... on verra !\n\n-- \nAlice"),
    (None, "{m}\n\nBonne partie !"),
    (None, "Bonne partie !\n{m}."),
    (Some("Re: {tag} {m}"), ""),
    (Some("{m}"), ""),
    (Some("Move: {m}"), ""),
    (Some("Re: {tag} move {m}."), "\n\n"),
];

/// Every phrasing, in every game: the move is played, forwarded with the protocol line
/// first, and nothing else is.
#[test]
fn a_move_written_as_people_write_it_is_played_in_every_game() {
    let mut failures = Vec::new();
    for &kind in GameKind::ALL.iter() {
        let m = first_move(kind);
        for (subject, body) in PHRASINGS {
            let mut w = World::new();
            let id = w.create(kind, Start::Default);
            let (mover, other) = w.mover(id);
            let fill = |t: &str| {
                t.replace("{m}", &m)
                    .replace("{M}", &m.to_uppercase())
                    .replace("{tag}", &format!("[arbitre #{id}]"))
            };
            let mail = w.last_to(mover).clone();
            let subject = subject.map(fill);
            let msg = w.reply_msg(&mail, mover, subject.as_deref(), &fill(body));
            let d = w.deliver(&msg);
            let played =
                d.games.first().map(|g| g.moves.len()) == Some(1) && d.games[0].moves[0].text == m;
            let forwarded = d.outbox.iter().any(|o| o.to == other && first_line(o) == m);
            if !(played && forwarded) {
                let answer = d
                    .outbox
                    .iter()
                    .find(|o| o.to == mover)
                    .map(|o| o.body.lines().take(3).collect::<Vec<_>>().join(" / "))
                    .unwrap_or_default();
                failures.push(format!(
                    "{kind:?} subject {subject:?} body {:?}: {answer}",
                    fill(body)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// What is not exactly one move is not played: the answer says what was read and why.
#[test]
fn several_moves_or_none_are_answered_with_what_was_read_and_nothing_is_played() {
    // (game, message, the mover's answer starts with, it contains)
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "abalone",
            "Je joue a1b1 ou a1b2 ?",
            "ERR",
            "your message holds 2 moves (\"a1b1\", \"a1b2\") and arbitre plays only one",
        ),
        (
            "ataxx",
            "f1, or maybe f2",
            "ERR",
            "your message holds 2 moves (\"f1\", \"f2\")",
        ),
        (
            "bulltricker",
            "b.h2 b.h4 then b.h7 b.h5",
            "ERR",
            "holds 2 moves (\"b.h2 b.h4\", \"b.h7 b.h5\")",
        ),
        (
            "abalone",
            "Hi,\nI think a1b1.\nOr a2b2?",
            "ERR",
            "holds 2 moves (\"a1b1\", \"a2b2\")",
        ),
        (
            "abalone",
            "Je joue e5z9, bonne chance !",
            "ERR",
            "no move was found in \"Je joue e5z9, bonne chance !\" (\"e5z9\" is not a move: ",
        ),
        (
            "tours",
            "I'll play tomorrow at 10h",
            "ERR",
            "no move was found in \"I'll play tomorrow at 10h\" (\"10h\" is not a move: ",
        ),
        // Prose is prose: the help, not ERR.
        (
            "abalone",
            "Bonne chance !",
            "arbitre did not understand",
            "",
        ),
        // A move word without a digit counts only alone on its line.
        (
            "ataxx",
            "Je passe mon tour",
            "arbitre did not understand",
            "",
        ),
        (
            "sauterelle",
            "I pass, sorry",
            "arbitre did not understand",
            "",
        ),
    ];
    for (game, text, head, inside) in cases {
        let kind = GameKind::from_name(game).unwrap();
        let mut w = World::new();
        let id = w.create(kind, Start::Default);
        let (mover, other) = w.mover(id);
        let mail = w.last_to(mover).clone();
        let msg = w.reply_msg(&mail, mover, None, text);
        let d = w.deliver(&msg);
        assert!(d.games.is_empty(), "{game} {text:?} changed the game");
        assert!(d.outbox.iter().all(|o| o.to != other), "{game} {text:?}");
        let answer = only(&d, mover);
        assert!(
            answer.body.starts_with(head),
            "{game} {text:?}:\n{}",
            answer.body
        );
        assert!(
            answer.body.contains(inside),
            "{game} {text:?}:\n{}",
            answer.body
        );
    }
}

#[test]
fn several_moves_are_named_in_french_with_french_quotes() {
    let mut w = World::new();
    w.set_lang(ALICE, Lang::FR);
    w.set_lang(BOB, Lang::FR);
    let id = w.create(GameKind::from_name("abalone").unwrap(), Start::Default);
    let (mover, _) = w.mover(id);
    let d = w.answer(mover, "Je joue a1b1 ou a1b2 ?");
    let answer = only(&d, mover);
    assert_eq!(first_line(answer), "ERR");
    assert!(
        answer.body.contains(
            "Votre coup n'a pas été accepté : votre message contient 2 coups (« a1b1 », « a1b2 ») \
             et arbitre n'en joue qu'un par message : envoyez celui que vous voulez jouer, seul \
             sur la première ligne."
        ),
        "{}",
        answer.body
    );
    let d = w.answer(mover, "Je joue e5z9, bonne chance !");
    let answer = only(&d, mover);
    assert!(
        answer.body.contains(
            "aucun coup n'a été trouvé dans « Je joue e5z9, bonne chance ! » (« e5z9 » n'est pas \
             un coup : "
        ),
        "{}",
        answer.body
    );
}

/// A move found in prose from a fresh mail, which proves nothing about its sender, changes
/// nothing: arbitre asks to confirm the move itself, and an empty reply to the request plays
/// it.
#[test]
fn a_move_in_prose_from_an_unproven_sender_is_only_played_once_confirmed() {
    for &kind in GameKind::ALL.iter() {
        let m = first_move(kind);
        let mut w = World::new();
        let id = w.create(kind, Start::Default);
        let (mover, other) = w.mover(id);
        let fresh = w.msg(mover, &format!("Je joue {m}, bonne chance !"));
        let d = w.deliver(&fresh);
        assert!(
            d.games.is_empty() && d.players.is_empty(),
            "{kind:?}: {d:#?}"
        );
        assert!(d.outbox.iter().all(|o| o.to != other), "{kind:?}");
        let ask = only(&d, mover).clone();
        assert_eq!(
            ask.subject,
            format!("[arbitre #{id}] Confirm: {m}"),
            "{kind:?}"
        );
        let confirm = w.reply_msg(&ask, mover, None, "");
        let d = w.deliver(&confirm);
        assert_eq!(d.games[0].moves.len(), 1, "{kind:?}: {}", d.summary);
        assert_eq!(d.games[0].moves[0].text, m);
        assert_eq!(first_line(only(&d, other)), m);
    }
}

/// Moves of several words stay one move inside a sentence, claims and all.
#[test]
fn a_move_of_several_words_is_found_whole_in_a_sentence() {
    let bulltricker = GameKind::from_name("bulltricker").unwrap();
    let mut w = World::new();
    let id = w.create(bulltricker, Start::Position(BT_COMPULSORY.into()));
    let (mover, other) = w.mover(id);
    let d = w.answer(mover, "Je prends : a.h1 a.h5 !! a.h4, à toi !");
    assert_eq!(
        d.games[0].moves[0].text, "a.h1 a.h5 !! a.h4",
        "{}",
        d.summary
    );
    assert_eq!(first_line(only(&d, other)), "a.h1 a.h5 !! a.h4");
    // Abalone reads two cells with a space between them as one move.
    let abalone = GameKind::from_name("abalone").unwrap();
    let id = w.create(abalone, Start::Default);
    let (mover, _) = w.mover(id);
    let d = w.answer(mover, "OK, I play a1 b1.");
    assert_eq!(d.games[0].moves[0].text, "a1b1", "{}", d.summary);
}

// ---------------------------------------------------------------------------------------
// Defect 8: did you mean

/// Refused moves in every game, each with the suggestions expected, closest first.
const NEAR_MISSES: &[(&str, &str, &[&str])] = &[
    ("bulltricker", "b.h2 b.h5", &["b.h2 b.h3", "b.h2 b.h4"]),
    ("abalone", "a1b3", &["a1b1", "a1b2", "a2b3"]),
    ("ataxx", "f3", &["g1f3", "f1", "f2"]),
    ("sauterelle", "bar/9", &["bar/1", "bar/2", "bar/3"]),
    ("tours", "a1-a3", &["a1-a2", "a1-b1"]),
];

#[test]
fn a_refused_move_is_followed_by_close_legal_moves_in_every_game() {
    for (game, written, expected) in NEAR_MISSES {
        let kind = GameKind::from_name(game).unwrap();
        let live = AnyGame::new(kind, &Start::Default, None, "").unwrap();
        let suggested = arbitre::referee::suggest::suggest(&live, written);
        assert_eq!(&suggested, expected, "{game} {written}");
        for s in &suggested {
            assert!(live.judge(s).is_ok(), "{game}: {s} is not legal");
        }

        let mut w = World::new();
        let id = w.create(kind, Start::Default);
        let (mover, other) = w.mover(id);
        let d = w.answer(mover, written);
        assert!(d.games.is_empty() && d.outbox.iter().all(|o| o.to != other));
        let body = &only(&d, mover).body;
        assert_eq!(body.lines().next(), Some("ERR"), "{body}");
        let mut listed = expected
            .iter()
            .map(|m| format!("    {m}\n"))
            .collect::<String>();
        let head = if expected.len() == 1 {
            "Did you mean this move? It is legal here:\n"
        } else {
            "Did you mean one of these moves? Each is legal here:\n"
        };
        listed.insert_str(0, head);
        // Right after the reason, before the board.
        let after_reason = body
            .split_once("please send another move.\n\n")
            .map(|(_, rest)| rest)
            .expect(body);
        assert!(
            after_reason.starts_with(&listed),
            "{game} {written}:\n{body}"
        );
    }
}

#[test]
fn the_suggestions_are_in_french_for_a_french_player() {
    let mut w = World::new();
    w.set_lang(ALICE, Lang::FR);
    w.set_lang(BOB, Lang::FR);
    let id = w.create(GameKind::from_name("bulltricker").unwrap(), Start::Default);
    let (mover, _) = w.mover(id);
    let d = w.answer(mover, "b.h2 b.h5");
    let body = &only(&d, mover).body;
    assert_eq!(first_line(only(&d, mover)), "ERR");
    assert!(
        body.contains(
            "envoyez un autre coup.\n\nVouliez-vous jouer l'un de ces coups ? Chacun est légal ici :\n    b.h2 b.h3\n    b.h2 b.h4\n"
        ),
        "{body}"
    );
}

/// The protocol line stays first and unchanged when a move is refused with a compulsory
/// capture, and the suggestions are the captures the rules allow.
#[test]
fn a_missed_capture_keeps_its_protocol_line_first_and_suggests_legal_moves_only() {
    let bulltricker = GameKind::from_name("bulltricker").unwrap();
    let mut w = World::new();
    let id = w.create(bulltricker, Start::Position(BT_COMPULSORY.into()));
    let (mover, _) = w.mover(id);
    let d = w.answer(mover, "a.h8 a.h7");
    let body = &only(&d, mover).body;
    assert_eq!(body.lines().next(), Some("ERR !! a.h1 a.h8"), "{body}");
    let live = w.live(id);
    let tail = body.split("legal here:\n").nth(1).expect(body);
    let suggested: Vec<&str> = tail
        .lines()
        .take_while(|l| l.starts_with("    "))
        .map(str::trim)
        .collect();
    assert!(!suggested.is_empty() && suggested.len() <= 3, "{body}");
    for s in suggested {
        assert!(live.judge(s).is_ok(), "{s} is not legal:\n{body}");
    }
}

/// In positions reached by play in every game, every one-character slip of every legal
/// move gets only legal suggestions (never an occupied cell, never an illegal target), at
/// most three, and never the slip itself.
#[test]
fn suggestions_are_always_legal_in_positions_of_every_game() {
    for &kind in GameKind::ALL.iter() {
        let mut live = AnyGame::new(kind, &Start::Default, None, "").unwrap();
        let mut seed: usize = 7;
        for _ply in 0..12 {
            let legal = live.legal_moves();
            if legal.is_empty() {
                break;
            }
            for m in legal.iter().take(20) {
                for slip in slips(m) {
                    let suggested = arbitre::referee::suggest::suggest(&live, &slip);
                    assert!(suggested.len() <= 3);
                    for s in &suggested {
                        assert!(legal.contains(s), "{kind:?} {slip}: {s}");
                        assert!(live.judge(s).is_ok(), "{kind:?} {slip}: {s}");
                    }
                }
            }
            seed = seed.wrapping_mul(31).wrapping_add(17);
            let m = legal[seed % legal.len()].clone();
            live.play(&m).unwrap();
        }
    }
}

/// `m` with one digit or letter changed to its neighbour, one at a time.
fn slips(m: &str) -> Vec<String> {
    let chars: Vec<char> = m.chars().collect();
    let mut out = Vec::new();
    for (i, c) in chars.iter().enumerate() {
        let next = match c {
            '0'..='8' | 'a'..='y' => char::from(*c as u8 + 1),
            '9' => '1',
            'z' => 'a',
            _ => continue,
        };
        let mut v = chars.clone();
        v[i] = next;
        out.push(v.into_iter().collect());
    }
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Any text, as a reply in any game, is decided without panicking, and whatever it
    /// plays is one legal move.
    #[test]
    fn any_reply_in_any_game_is_read_without_panicking(
        text in "(\\PC{0,30}|e5e6|b\\.h2 b\\.h4|bar/1|a1-a2|f2|!!|\n| ){0,8}",
        game in 0..GameKind::ALL.len(),
    ) {
        let kind = GameKind::ALL[game];
        let mut w = World::new();
        let id = w.create(kind, Start::Default);
        let (mover, _) = w.mover(id);
        let d = w.answer(mover, &text);
        for g in &d.games {
            proptest::prop_assert!(g.moves.len() <= 2);
            proptest::prop_assert!(g.rebuild().is_ok());
        }
    }
}

/// Each of the worst mails within `max-message-bytes`, read by the mail edge, reaches the
/// referee as a seated player's reply whose first line is the move, the hostile text after
/// it (so that every reader of the text runs: the command, the move, the words written with
/// it), and is decided in well under a second; the move is played, with the hostile text as
/// its words or without. A hostile Subject stays the Subject.
#[test]
fn the_worst_texts_are_decided_in_milliseconds() {
    let ceiling = Duration::from_secs(1);
    let m = first_move(GameKind::Abalone);
    let mails = bodies::worst_mails(ALICE, BOT, "x", bodies::MAX_MESSAGE_BYTES);
    let mut failures = Vec::new();
    for mail in &mails {
        let parsed = arbitre::mail::parse::parse(mail.raw.as_bytes(), BOT, 0);
        let mut w = World::new();
        w.config.max_message_bytes = bodies::MAX_MESSAGE_BYTES;
        let id = w.create(GameKind::Abalone, Start::Default);
        let (mover, _) = w.mover(id);
        let last = w.last_to(mover).clone();
        let subject = if parsed.subject.len() > 1000 {
            parsed.subject.clone()
        } else {
            format!("Re: {}", last.subject)
        };
        let text = format!("{m}\n\n{}", parsed.text);
        let mut msg = w.reply_msg(&last, mover, Some(&subject), &text);
        msg.size = mail.raw.len();
        let started = Instant::now();
        let d = w.deliver(&msg);
        let took = started.elapsed();
        let played = d.games.first().map(|g| g.moves.len());
        if took > ceiling || played != Some(1) {
            failures.push(format!("{}: {took:.1?}, moves {played:?}", mail.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
