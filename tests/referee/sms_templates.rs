//! Every SMS arbitre can send fits one segment: each template of `sms.ftl`, in every
//! language, filled with the longest values it can hold (a six-digit game number, the
//! longest game name, a name cut to its limit, the longest move each game's notation has
//! been seen to write, a long time left, the longest protocol line), stays in GSM-7 and
//! within 160 units. The longest moves come from random playouts of every game from
//! every start variant, not from a hand-picked list.

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::sms::gsm7::{self, Encoding};
use arbitre::sms::words::{self, End, NAME_MAX};
use arbitre::text::Lang;

/// A small deterministic generator (the same playouts on every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// The longest legal move text seen in playouts of `kind`, from each of its starts.
fn longest_move(kind: GameKind) -> String {
    let mut rng = Lcg(kind.name().len() as u64 * 7919);
    let mut longest = String::new();
    let mut starts: Vec<Start> = kind
        .variants()
        .iter()
        .map(|v| Start::Variant(v.id.to_string()))
        .collect();
    starts.push(Start::Default);
    for start in starts {
        for _ in 0..6 {
            let Ok(mut game) = AnyGame::new(kind, &start, None, "") else {
                continue;
            };
            for _ in 0..160 {
                let moves = game.legal_moves();
                if moves.is_empty() || game.outcome().is_over() {
                    break;
                }
                for m in &moves {
                    if m.len() > longest.len() {
                        longest = m.clone();
                    }
                }
                let pick = moves[rng.below(moves.len())].clone();
                game.play(&pick).unwrap();
            }
        }
    }
    longest
}

fn assert_fits(what: &str, text: &str) {
    let cost = gsm7::cost(text);
    assert_eq!(cost.encoding, Encoding::Gsm7, "{what} leaves GSM-7: {text}");
    assert!(
        cost.units <= gsm7::GSM7_SINGLE,
        "{what} takes {} units: {text}",
        cost.units
    );
}

#[test]
fn every_sms_fits_one_segment_with_the_longest_values() {
    let id = 999_999;
    // A name at its limit in characters that cost two units each.
    let name = "€".repeat(NAME_MAX + 10);
    // The longest protocol lines: a refusal naming a missed capture, a win with its
    // reason.
    let lines = ["ERR !! a.h12", "BW TRICK", "WW MAT", "PAT"];
    let longest_line = lines.iter().max_by_key(|l| l.len()).unwrap();
    // The widest time left: three-digit days and two-digit hours (minutes and seconds
    // are not shown once days are).
    let left = 999 * 86_400 + 23 * 3600 + 59 * 60 + 59;
    for lang in Lang::available() {
        for &kind in GameKind::ALL.iter() {
            let mv = longest_move(kind);
            assert!(!mv.is_empty(), "{kind:?} has moves");
            let checks = [
                (
                    "your move",
                    words::your_move(lang, id, kind, Some(&name), &mv, None, None),
                ),
                (
                    "your move, timed",
                    words::your_move(lang, id, kind, Some(&name), &mv, Some(left), None),
                ),
                (
                    "your move, no name",
                    words::your_move(lang, id, kind, None, &mv, Some(left), None),
                ),
                (
                    "your move, a long effect left out",
                    words::your_move(
                        lang,
                        id,
                        kind,
                        Some(&name),
                        &mv,
                        Some(left),
                        Some(&"€ ".repeat(90)),
                    ),
                ),
                ("game start", words::game_start(lang, id, kind, Some(&name))),
                ("accepted", words::accepted(lang, id, &mv, Some(&name))),
                ("accepted, no name", words::accepted(lang, id, &mv, None)),
                (
                    "refused",
                    words::refused(lang, id, longest_line, &mv, &"why ".repeat(80)),
                ),
                (
                    "refused, a long text echoed",
                    words::refused(lang, id, &"ERR".repeat(20), &"€".repeat(300), "why"),
                ),
                ("win", words::end(lang, id, kind, longest_line, End::Win)),
                ("loss", words::end(lang, id, kind, longest_line, End::Loss)),
                ("draw", words::end(lang, id, kind, longest_line, End::Draw)),
                (
                    "cancelled",
                    words::end(lang, id, kind, longest_line, End::Cancelled),
                ),
                (
                    "reminder",
                    words::reminder(lang, id, kind, Some(&name), left),
                ),
                (
                    "reminder, no name",
                    words::reminder(lang, id, kind, None, left),
                ),
            ];
            let mut widest = (0, "");
            for (what, text) in &checks {
                assert_fits(&format!("{lang:?} {kind:?} {what}"), text);
                if !what.starts_with("refused") {
                    widest = widest.max((gsm7::cost(text).units, what));
                }
            }
            eprintln!(
                "{lang:?} {kind:?}: longest move `{mv}`, widest SMS but refusals {} units ({})",
                widest.0, widest.1
            );
            // A position string, asked for by BOARD, takes at most three segments, in
            // GSM-7, whatever the position.
            let mut game = AnyGame::new(kind, &Start::Default, None, "").unwrap();
            let mut widest_position = game.position_string();
            for _ in 0..60 {
                let moves = game.legal_moves();
                if moves.is_empty() || game.outcome().is_over() {
                    break;
                }
                game.play(&moves[moves.len() / 2]).unwrap();
                let p = game.position_string();
                if p.len() > widest_position.len() {
                    widest_position = p;
                }
            }
            for position in [widest_position.clone(), "x".repeat(2000)] {
                let text = words::board(lang, id, kind, &position);
                let cost = gsm7::cost(&text);
                assert_eq!(cost.encoding, Encoding::Gsm7, "{text}");
                assert!(
                    cost.segments <= gsm7::MAX_SEGMENTS,
                    "{lang:?} {kind:?}: {text}"
                );
            }
            // A refusal always keeps room for some explanation, whatever was written.
            let bare = words::refused(lang, id, &"ERR".repeat(20), &"€".repeat(300), "");
            assert!(
                gsm7::cost(&bare).units <= gsm7::GSM7_SINGLE - 40,
                "{lang:?} {kind:?}: a refusal leaves under 40 units to say why: {bare}"
            );
        }
        for (what, text) in [
            (
                "code",
                words::code(
                    lang,
                    "999999",
                    &arbitre::referee::phone::hinted("alice@example.org"),
                ),
            ),
            (
                "code, a long account",
                words::code(lang, "999999", &"€".repeat(200)),
            ),
            ("linked", words::linked(lang)),
            ("stopped", words::stopped(lang)),
            ("started", words::started(lang)),
            ("unknown number", words::unknown(lang)),
            ("by mail", words::by_mail(lang, Some(id))),
            ("by mail, no game", words::by_mail(lang, None)),
            (
                "which game",
                words::which_game(
                    lang,
                    &(1..30)
                        .map(|i| (900_000 + i, Some(name.clone())))
                        .collect::<Vec<_>>(),
                ),
            ),
        ] {
            assert_fits(&format!("{lang:?} {what}"), &text);
        }
    }
}

#[test]
fn french_sms_wording_stays_in_gsm7_and_reads_as_french() {
    let text = words::your_move(
        Lang::FR,
        12,
        GameKind::Abalone,
        Some("Bob"),
        "a1b2",
        Some(6 * 86_400 + 5 * 3600 + 59),
        None,
    );
    assert_eq!(
        text,
        "#12 Abalone, Bob a joué a1b2. C'est à vous de jouer, il reste 6j5h. Répondez par votre coup."
    );
    assert_eq!(words::left_words(Lang::EN, 5400), "1h30m");
    assert_eq!(words::left_words(Lang::EN, 59), "0m");
    assert!(gsm7::is_gsm7(&text));
    let text = words::accepted(Lang::FR, 12, "a1b2", None);
    assert_eq!(text, "#12 a1b2 accepté, transmis à votre adversaire.");
}

#[test]
fn the_forward_says_what_the_move_did_when_it_fits() {
    // Every first move of every game, in both languages: the forward carries the engine's
    // sentence exactly when the SMS still fits one segment with it.
    let mut included = 0;
    for lang in Lang::available() {
        for &kind in GameKind::ALL.iter() {
            let game = AnyGame::new(kind, &Start::Default, None, "").unwrap();
            for m in game.legal_moves().iter().take(40) {
                let effect = game.judge(m).unwrap().effect.get(lang).to_string();
                let text =
                    words::your_move(lang, 12, kind, Some("Bob"), m, Some(86_400), Some(&effect));
                assert_fits(&format!("{lang:?} {kind:?} {m}"), &text);
                let bare = words::your_move(lang, 12, kind, Some("Bob"), m, Some(86_400), None);
                let with = gsm7::transliterate(effect.trim());
                if gsm7::cost(&bare).units + 1 + gsm7::cost(&with).units <= gsm7::GSM7_SINGLE {
                    assert!(text.contains(&with), "{text}");
                    included += 1;
                } else {
                    assert_eq!(text, bare);
                }
            }
        }
    }
    assert!(included > 0, "some first move's effect fits");
}
