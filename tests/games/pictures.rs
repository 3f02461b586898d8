//! Golden pictures: each game's board picture, for the positions listed in
//! `tests/data/pictures/cases.txt`, is drawn, rasterised as a mail carries it, decoded, and
//! compared pixel by pixel with the picture kept beside the list (made by arbitre and looked
//! at before it was kept). A small tolerance absorbs anti-aliasing that differs between
//! machines; a change to a drawing shows as a failure here, to look at and bless again with
//! `ARBITRE_BLESS=1 cargo test --test games pictures::`.

use std::path::{Path, PathBuf};

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::render::{Raster, png};
use arbitre::text::Lang;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pictures")
}

/// One line of the list.
struct Case {
    name: String,
    game: AnyGame,
    lang: Lang,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(data().join("cases.txt")).expect("the list of pictures");
    let mut cases = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, game, start, moves, lang] = fields[..] else {
            panic!("{line}: five fields, separated by |");
        };
        let kind = GameKind::from_name(game).unwrap_or_else(|| panic!("{line}: game {game}"));
        let start = match start.split_once(' ') {
            None if start == "default" => Start::Default,
            Some(("variant", v)) => Start::Variant(v.to_string()),
            Some(("position", p)) => Start::Position(p.to_string()),
            _ => panic!("{line}: start {start}"),
        };
        let mut live =
            AnyGame::new(kind, &start, None, "").unwrap_or_else(|e| panic!("{line}: {e}"));
        for m in moves.split(';').map(str::trim).filter(|m| !m.is_empty()) {
            live.play(m).unwrap_or_else(|e| panic!("{line}: {m}: {e}"));
        }
        cases.push(Case {
            name: name.to_string(),
            game: live,
            lang: Lang::from_name(lang).unwrap_or_else(|| panic!("{line}: language {lang}")),
        });
    }
    cases
}

/// At most this share of the pixels may differ by more than [`TOLERANCE`] in a channel.
const SHARE: f64 = 0.002;
/// The difference of one channel that counts.
const TOLERANCE: u8 = 48;

#[test]
fn every_picture_equals_its_golden_picture() {
    let bless = std::env::var_os("ARBITRE_BLESS").is_some();
    let cases = cases();
    assert!(cases.len() >= 16, "{} pictures listed", cases.len());
    let mut kinds = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    for case in &cases {
        kinds.insert(case.game.kind());
        let svg = case
            .game
            .picture(case.lang)
            .unwrap_or_else(|| panic!("{}: {} draws no picture", case.name, case.game.kind()));
        let bytes = png(&svg, None).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert!(
            bytes.len() < 40 * 1024,
            "{}: {} bytes: a mail's picture stays under 40 KB",
            case.name,
            bytes.len()
        );
        let path = data().join(format!("{}.png", case.name));
        if bless {
            std::fs::write(&path, &bytes).expect("writes the golden picture");
            continue;
        }
        let Ok(kept) = std::fs::read(&path) else {
            failures.push(format!(
                "{}: no golden picture {} (ARBITRE_BLESS=1 makes it)",
                case.name,
                path.display()
            ));
            continue;
        };
        let (now, kept) = (
            Raster::decode(&bytes).expect("decodes"),
            Raster::decode(&kept).expect("the golden picture decodes"),
        );
        match now.compare(&kept, TOLERANCE) {
            None => failures.push(format!(
                "{}: {}x{} now, {}x{} kept",
                case.name,
                now.width(),
                now.height(),
                kept.width(),
                kept.height()
            )),
            Some((largest, beyond)) => {
                let allowed = (f64::from(now.width() * now.height()) * SHARE) as usize;
                if beyond > allowed {
                    failures.push(format!(
                        "{}: {beyond} pixels differ by more than {TOLERANCE} (largest {largest}; \
                         {allowed} allowed)",
                        case.name
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every game draws its picture, and has golden pictures.
    for kind in GameKind::ALL {
        let drawn = AnyGame::new(*kind, &Start::Default, None, "")
            .expect("the default start")
            .picture(Lang::EN)
            .is_some();
        assert!(drawn, "{kind} draws no picture");
        assert!(kinds.contains(kind), "{kind} has no golden picture");
    }
}

/// The comparison itself fails on a real change: a picture with one move more differs from
/// the one without it beyond the tolerance.
#[test]
fn the_comparison_sees_a_changed_position() {
    let mut game = AnyGame::new(GameKind::Ataxx, &Start::Default, None, "").expect("a game");
    let before = png(&game.picture(Lang::EN).expect("a picture"), None).expect("png");
    game.play("f2").expect("legal");
    let after = png(&game.picture(Lang::EN).expect("a picture"), None).expect("png");
    let (a, b) = (
        Raster::decode(&before).expect("decodes"),
        Raster::decode(&after).expect("decodes"),
    );
    let (largest, beyond) = a.compare(&b, TOLERANCE).expect("same size");
    let allowed = (f64::from(a.width() * a.height()) * SHARE) as usize;
    assert!(
        largest > TOLERANCE && beyond > allowed,
        "{largest} {beyond}"
    );
    assert_eq!(a.compare(&a, 0), Some((0, 0)));
}

/// A mail's picture is drawn in two layers, the board kept and the position over it
/// (`src/render/layers.rs`): every game marks where its board ends, and every listed
/// picture drawn so has exactly the pixels of the same picture drawn whole.
#[test]
fn every_picture_drawn_over_its_kept_board_equals_the_picture_drawn_whole() {
    use arbitre::render::svg::POSITION;
    for case in cases() {
        let svg = case.game.picture(case.lang).expect("a picture");
        assert_eq!(
            svg.matches(POSITION).count(),
            1,
            "{}: one board, then the position",
            case.name
        );
        let whole = svg
            .replacen(POSITION, "", 1)
            .replace("</g></svg>", "</svg>");
        assert!(!whole.contains(POSITION));
        // Twice over the kept board (drawn for the first, kept for the second), once whole.
        let layered = [png(&svg, None).expect("png"), png(&svg, None).expect("png")];
        let drawn = Raster::decode(&png(&whole, None).expect("png")).expect("decodes");
        for bytes in layered {
            let layered = Raster::decode(&bytes).expect("decodes");
            assert_eq!(layered.compare(&drawn, 0), Some((0, 0)), "{}", case.name);
        }
    }
}
