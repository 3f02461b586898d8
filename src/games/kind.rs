//! The closed set of games arbitre referees, their names and aliases, and their variants.

use std::fmt;

use crate::text::Lang;

/// One of the games arbitre referees.
///
/// The canonical name ([`GameKind::name`]) is what subjects, records and the store use;
/// [`GameKind::from_name`] also accepts the English and French aliases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// Bulltricker, in the notation of the official play-by-message protocol.
    Bulltricker,
    /// Abalone, in Aba-Pro notation.
    Abalone,
    /// Ataxx (Attax): 7×7 board, clones and jumps, blocked cells, UAI move notation.
    Ataxx,
    /// Sauterelle (Grasshopper): a dice-less backgammon race, `from/to` notation.
    Sauterelle,
    /// La Bataille des Tours (Battle of Towers): rounds, squares and stacks on a chessboard.
    Tours,
}

impl GameKind {
    /// Every game, in the order `arbitre games` lists them.
    pub const ALL: &'static [GameKind] = &[
        GameKind::Bulltricker,
        GameKind::Abalone,
        GameKind::Ataxx,
        GameKind::Sauterelle,
        GameKind::Tours,
    ];

    /// The canonical name (`abalone`, `bulltricker`, ...).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Bulltricker => "bulltricker",
            GameKind::Abalone => "abalone",
            GameKind::Ataxx => "ataxx",
            GameKind::Sauterelle => "sauterelle",
            GameKind::Tours => "tours",
        }
    }

    /// Other accepted names, English and French.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            GameKind::Bulltricker => &["bull", "bull-tricker"],
            GameKind::Abalone => &["aba", "aba-pro"],
            GameKind::Ataxx => &["attax", "attaxx", "atax", "attax-2000", "infection"],
            GameKind::Sauterelle => &["grasshopper", "grass-hopper", "sauterelles"],
            GameKind::Tours => &[
                "bataille-des-tours",
                "la-bataille-des-tours",
                "battle-of-towers",
                "the-battle-of-towers",
                "towers",
            ],
        }
    }

    /// Moves as the game's guide writes them to show the notation (quiet moves only: an
    /// example must never reveal a capture the rules make compulsory). Mails show one of
    /// them when it is legal for the reader, never a move taken from the live position.
    pub fn notation_examples(self) -> &'static [&'static str] {
        match self {
            GameKind::Bulltricker => &["b.h2 b.h4", "v4.2 c.h3", "c5 b5"],
            GameKind::Abalone => &["e5e6", "a1b2", "c3c5d3", "i5h5", "i9h8"],
            GameKind::Ataxx => &["f2", "g1e3", "b2", "a1c3", "b6", "f6"],
            GameKind::Sauterelle => &["bar/3", "3/9", "8/15", "20/off"],
            GameKind::Tours => &["b1-c2", "d4>d5,c6,b7", "b8-c7"],
        }
    }

    /// The name of a side as a label, without article: "White", "Blancs", "x" (the
    /// catalogs' `side-label`).
    pub fn side_label(self, side: crate::games::Side, lang: Lang) -> String {
        crate::t!(lang, "side-label", game = self.name(), side = side.name())
    }

    /// The name shown to players (the catalogs' `game-title`).
    pub fn title(self, lang: Lang) -> String {
        crate::t!(lang, "game-title", game = self.name())
    }

    /// Finds a game by canonical name or alias, ignoring case, accents, spaces and dashes.
    pub fn from_name(name: &str) -> Option<GameKind> {
        let key = fold_name(name);
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| fold_name(k.name()) == key || k.aliases().iter().any(|a| fold_name(a) == key))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A named starting position of a game.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// Stable identifier, kebab-case (`belgian-daisy`); stored with each game.
    pub id: &'static str,
    /// Other accepted names, English and French (`marguerite-belge`, `belgian`).
    pub aliases: &'static [&'static str],
    /// The start, as the game's position string.
    pub position: &'static str,
}

impl Variant {
    /// True if `name` names this variant (id or alias; case, accents, spaces, dashes ignored).
    pub fn is_named(&self, name: &str) -> bool {
        let key = fold_name(name);
        fold_name(self.id) == key || self.aliases.iter().any(|a| fold_name(a) == key)
    }

    /// The display name in `lang`, as the catalogs' `game-variant` names it in `game`.
    pub fn title(&self, game: GameKind, lang: Lang) -> String {
        crate::t!(lang, "game-variant", game = game.name(), variant = self.id)
    }
}

/// Folds a name for lenient matching: lower case, accents removed, and spaces, dashes,
/// underscores and apostrophes dropped (`Marguerite Belge` = `marguerite-belge`).
pub fn fold_name(name: &str) -> String {
    name.chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' | '-' | '_' | '\'' | '’' | '.' => None,
            'à' | 'â' | 'ä' | 'á' => Some('a'),
            'é' | 'è' | 'ê' | 'ë' => Some('e'),
            'î' | 'ï' | 'í' => Some('i'),
            'ô' | 'ö' | 'ó' => Some('o'),
            'ù' | 'û' | 'ü' | 'ú' => Some('u'),
            'ç' => Some('c'),
            'œ' => Some('o'),
            c => Some(c),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fold_case_accents_and_separators() {
        assert_eq!(fold_name("Marguerite Française"), "margueritefrancaise");
        assert_eq!(fold_name("belgian_daisy"), fold_name("Belgian-Daisy"));
    }

    #[test]
    fn every_game_is_found_by_its_name_and_aliases() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::from_name(kind.name()), Some(*kind));
            assert_eq!(
                GameKind::from_name(&kind.name().to_uppercase()),
                Some(*kind)
            );
            for alias in kind.aliases() {
                assert_eq!(GameKind::from_name(alias), Some(*kind), "{alias}");
            }
        }
        assert_eq!(GameKind::from_name("chess"), None);
    }
}
