//! How long the pure referee takes to decide one move message, as games grow longer.
//!
//! For every game whose engine is in the build, a seeded random game is played move by move
//! through `referee::handle` (the daemon's work minus IO): each call rebuilds the game from
//! its stored moves, judges the move, and writes both mails (board, move list, record at the
//! end). Prints, per game, the median and worst time of one `handle` call over windows of
//! plies, and the whole game's total.
//!
//! Run: `cargo bench --bench referee`

use std::time::{Duration, Instant};

use arbitre::games::{GameKind, Start};
use arbitre::referee::{
    self, Context, GameStatus, Inbound, NewGameRequest, Player, RefereeConfig, StoredGame, token,
};
use arbitre::text::Lang;

const WHITE: &str = "white@bench.example";
const BLACK: &str = "black@bench.example";
const MAX_PLIES: usize = 300;

fn main() {
    let config = RefereeConfig {
        address: "arbitre@bench.example".into(),
        plus_addressing: true,
        keys: arbitre::keys::Keyring::new("bench"),
        default_lang: Lang::EN,
        max_replies_per_hour: 1_000_000,
        max_message_bytes: 1 << 20,
        authserv_id: None,
        domain_proof: Vec::new(),
        trust_unverified_senders: false,
        clock: Default::default(),
        sms: Default::default(),
        public_url: None,
    };
    println!("referee::handle, one call per move, seeded random games (max {MAX_PLIES} plies)");
    for &kind in GameKind::ALL {
        bench_game(&config, kind);
    }
}

fn bench_game(config: &RefereeConfig, kind: GameKind) {
    let players = vec![
        Player {
            address: WHITE.into(),
            name: Some("White".into()),
            name_chosen: false,
            name_told: false,
            lang: Lang::EN,
            lang_from: referee::LangFrom::Chosen,
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
        Player {
            address: BLACK.into(),
            name: Some("Black".into()),
            name_chosen: false,
            name_told: false,
            lang: Lang::FR,
            lang_from: referee::LangFrom::Chosen,
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
    ];
    let request = NewGameRequest {
        kind,
        start: Start::Default,
        options: String::new(),
        white: WHITE.into(),
        black: BLACK.into(),
        created_by: config.address.clone(),
        time: Default::default(),
    };
    let created = referee::create_game(config, &request, &players, 1, 0).expect("default start");
    let mut game: StoredGame = created.games[0].clone();
    let mut live = game.rebuild().expect("replays");
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut times: Vec<Duration> = Vec::new();
    let started = Instant::now();
    while game.status == GameStatus::Active && times.len() < MAX_PLIES {
        let legal = live.legal_moves();
        if legal.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = legal[(state >> 33) as usize % legal.len()].clone();
        let side = live.side_to_move();
        let from = game.address_of(side).to_string();
        let n = times.len() + 1;
        let msg = Inbound {
            message_id: format!("m{n}@bench.example"),
            from: from.clone(),
            from_name: None,
            // A reply to the player's own reply address, as a mail client sends it: the key
            // proves the sender.
            recipients: vec![
                token::reply_address(
                    config,
                    token::Seat {
                        game: game.id,
                        side,
                    },
                )
                .expect("plus-addressing is on"),
            ],
            subject: format!("Re: [arbitre #{}]", game.id),
            references: Vec::new(),
            text: format!("{mv}\n"),
            automatic: false,
            auth_results: Vec::new(),
            size: 2000,
            received_at: n as i64 * 60,
            channel: Default::default(),
            phone: None,
            report: None,
        };
        let ctx = Context {
            confirmation: None,
            unproven_last_hour: 0,
            sender: players.iter().find(|p| p.address == from).cloned(),
            players: players
                .iter()
                .filter(|p| p.address != from)
                .cloned()
                .collect(),
            games: vec![game.clone()],
            token_game: Some(game.id),
            reply_game: None,
            subject_game: Some(game.id),
            replies_last_hour: 0,
            first_reply_in_hour: None,
            rate_notice_in_hour: false,
            outages: Vec::new(),
            next_game_id: 2,
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
        };
        let t = Instant::now();
        let decision = referee::handle(config, &ctx, &msg, msg.received_at);
        times.push(t.elapsed());
        let Some(next) = decision.games.into_iter().next() else {
            panic!(
                "{kind}: move {n} `{mv}` was not played: {}",
                decision.summary
            );
        };
        game = next;
        live = game.rebuild().expect("replays");
        std::hint::black_box(&decision.outbox);
    }
    let total = started.elapsed();
    println!(
        "{kind}: {} plies, {:?} in handle ({:?} with the bench's own replays), ended: {}",
        times.len(),
        times.iter().sum::<Duration>(),
        total,
        game.result
            .as_ref()
            .map(|r| r.line.as_str())
            .unwrap_or("no")
    );
    for (lo, hi) in [(1, 10), (11, 50), (51, 100), (101, 200), (201, 300)] {
        if times.len() < lo {
            break;
        }
        let mut window: Vec<Duration> = times[lo - 1..hi.min(times.len())].to_vec();
        window.sort();
        println!(
            "  plies {lo:>3}-{:<3}  median {:>9.1?}  max {:>9.1?}",
            hi.min(times.len()),
            window[window.len() / 2],
            window[window.len() - 1]
        );
    }
}
