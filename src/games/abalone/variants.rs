//! The named start positions (section 4.2 of the rules); their names are in the catalogs
//! (`game-variant` in `locales/<lang>/games.ftl`).
//!
//! Positions are in the compact format of section 4.1, Black's half first; Black moves first
//! in all of them. Ids are stable kebab-case names stored with each game; aliases cover the
//! French names and the names other tools write (`belgian` is MiGs' APGN `Variant` tag,
//! `german_daisy` and `snakes_variant` are APGN's).
//!
//! "Snakes" is the NetAbalone/MiGs position (KAAWA `Serpents`, credited "ML"); Laurent
//! Bodini's different position, which PlayStrategy calls "Snakes", is `snakes-variant`.

use crate::games::Variant;

macro_rules! variant {
    ($id:literal, [$($alias:literal),*], $pos:literal) => {
        Variant { id: $id, aliases: &[$($alias),*], position: $pos }
    };
}

/// Every named start; the first (Standard) is the default.
pub static VARIANTS: [Variant; 24] = [
    variant!(
        "standard",
        ["classic", "classique", "abalone"],
        "0a12345b123456c345_0g567h456789i56789"
    ),
    variant!(
        "belgian-daisy",
        ["belgian", "marguerite-belge", "daisy", "marguerite"],
        "0a12b123c23g78h789i89_0a45b456c56g45h456i56"
    ),
    variant!(
        "german-daisy",
        ["german", "marguerite-allemande"],
        "0b12c123d23f78g789h89_0b56c567d67f34g345h45"
    ),
    variant!(
        "dutch-daisy",
        ["dutch", "marguerite-hollandaise"],
        "0a12b135c23g78h579i89_0a45b246c56g45h468i56"
    ),
    variant!(
        "swiss-daisy",
        ["swiss", "marguerite-suisse"],
        "0b12c136d23f78g479h89_0b56c257d67f34g358h45"
    ),
    variant!(
        "french-daisy",
        ["french", "marguerite-francaise"],
        "0b34c345d45f56g567h67_0d2367e234678f3478"
    ),
    variant!(
        "irish-daisy",
        ["irish", "marguerite-irlandaise"],
        "0c4d2367e2468f3478g6_0b34c35d45e37f56g57h67"
    ),
    variant!(
        "korean-daisy",
        ["korean", "marguerite-coreenne"],
        "0a12b123c25g58h789i89_0a45b456c36g47h456i56"
    ),
    variant!(
        "austrian-daisy",
        ["austrian", "marguerite-autrichienne"],
        "0b12c567d23f78g345h89_0b56c123d67f34g789h45"
    ),
    variant!(
        "scottish-daisy",
        ["scottish", "marguerite-ecossaise"],
        "0a14b236c25g58h478i69_0a25b145c36g47h569i58"
    ),
    variant!(
        "domination",
        [],
        "0b1c12d123e46f789g89h9_0b6c67d5678f2345g34h4"
    ),
    variant!(
        "pyramid",
        ["pyramide"],
        "0a5b56c567d5678e6789_0e1234f2345g345h45i5"
    ),
    variant!(
        "snakes",
        ["serpents"],
        "0d23e24f256g3h4i56789_0a12345b6c7d458e68f78"
    ),
    variant!(
        "snakes-variant",
        ["serpents-variante", "bodini-snakes"],
        "0d23456e2f2g3h4i56789_0a12345b6c7d8e8f45678"
    ),
    variant!(
        "alien",
        ["alien-attack"],
        "0b34c35f56g468h58i579_0a135b25c246d45g57h67"
    ),
    variant!(
        "the-wall",
        ["wall", "le-mur", "mur"],
        "0a3c23456d12345678_0f23456789g45678i7"
    ),
    variant!(
        "face-a-face",
        ["face-to-face"],
        "0c67d678e6789f789g89_0c12d123e1234f234g34"
    ),
    variant!(
        "fujiyama",
        [],
        "0a12345b25c35d45g6h67_0b34c4f56g57h58i56789"
    ),
    variant!(
        "couronne",
        ["crown"],
        "0c4f4567g4578h4679i7_0a3b1346c2356d3456g6"
    ),
    variant!(
        "tranchee",
        ["trench"],
        "0b123456d456g45678_0c23456f456h456789"
    ),
    variant!(
        "alitration",
        [],
        "0a24c147d27f47g57h67i7_0a3b34c35d36f38g369i68"
    ),
    variant!(
        "infiltration",
        [],
        "0a3c35f38g468h5678i68_0a24b2345c246d27g57i7"
    ),
    variant!(
        "alliances",
        ["aliances"],
        "0b45c46d47e48f58g78h78_0b23c23d25e26f36g46h56"
    ),
    variant!(
        "duel",
        [],
        "0a4b456c5d1e12f2g7h789i8_0a2b123c3d8e89f9g5h456i6"
    ),
];

/// The variant named `name` (id or alias; case, accents, spaces and dashes ignored).
pub fn find(name: &str) -> Option<&'static Variant> {
    VARIANTS.iter().find(|v| v.is_named(name))
}

/// The variant named by a free-text label such as `Belgian daisy (Marguerite belge)` or
/// `Marguerite française (French daisy)`: the whole text, or the part before or inside the
/// parentheses.
pub fn find_in_label(label: &str) -> Option<&'static Variant> {
    if let Some(v) = find(label) {
        return Some(v);
    }
    let (before, rest) = label.split_once('(')?;
    let inside = rest.split(')').next().unwrap_or_default();
    find(before).or_else(|| find(inside))
}

/// The name APGN's `Variant` tag uses for a variant, when APGN lists it.
pub fn apgn_name(id: &str) -> Option<&'static str> {
    Some(match id {
        "standard" => "standard",
        "belgian-daisy" => "belgian",
        "german-daisy" => "german_daisy",
        "dutch-daisy" => "dutch_daisy",
        "swiss-daisy" => "swiss_daisy",
        "alien" => "alien",
        "alliances" => "alliances",
        "domination" => "domination",
        "duel" => "duel",
        "fujiyama" => "fujiyama",
        "snakes-variant" => "snakes_variant",
        "the-wall" => "the_wall",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Side;
    use crate::games::abalone::setup;

    #[test]
    fn every_variant_is_a_valid_14_against_14_start_with_black_to_move() {
        for v in &VARIANTS {
            let (board, _) = setup::read(v.position).unwrap_or_else(|e| panic!("{}: {e}", v.id));
            assert_eq!(board.marbles(Side::Black).count_ones(), 14, "{}", v.id);
            assert_eq!(board.marbles(Side::White).count_ones(), 14, "{}", v.id);
            assert_eq!(board.to_move(), Side::Black);
        }
    }

    #[test]
    fn names_and_aliases_find_their_variant_and_no_name_is_shared() {
        for (name, id) in [
            ("belgian", "belgian-daisy"),
            ("Marguerite Belge", "belgian-daisy"),
            ("marguerite-allemande", "german-daisy"),
            ("german_daisy", "german-daisy"),
            ("marguerite-irlandaise", "irish-daisy"),
            ("Face à face", "face-a-face"),
            ("Tranchée", "tranchee"),
            ("snakes_variant", "snakes-variant"),
            ("the_wall", "the-wall"),
        ] {
            assert_eq!(find(name).map(|v| v.id), Some(id), "{name}");
        }
        let mut seen = std::collections::HashSet::new();
        for v in &VARIANTS {
            for name in std::iter::once(v.id).chain(v.aliases.iter().copied()) {
                assert!(seen.insert(crate::games::fold_name(name)), "{name} twice");
            }
        }
    }

    #[test]
    fn labels_with_a_translation_in_parentheses_are_understood() {
        assert_eq!(
            find_in_label("Belgian daisy (Marguerite belge)").map(|v| v.id),
            Some("belgian-daisy")
        );
        assert_eq!(
            find_in_label("Marguerite française (French daisy)").map(|v| v.id),
            Some("french-daisy")
        );
        assert!(find_in_label("Chess (échecs)").is_none());
    }
}
