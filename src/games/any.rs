//! A game of any kind, chosen at run time, with its history: what the command line and the
//! referee work with.
//!
//! [`AnyGame`] speaks text: it takes a move as a player wrote it and answers with a
//! [`Judgement`] (the canonical move, what it did, the outcome) or a [`Refusal`] (the
//! protocol line and the reason). It keeps what a stored game needs to be rebuilt: the
//! game, the variant, the start position, the options, and the canonical moves played.

use std::fmt;

use thiserror::Error;

use crate::games::engine::{Engine, Level};
use crate::games::{
    Game, GameKind, GameOptions, Illegal, NotationError, OptionError, Outcome, PositionError, Side,
};
use crate::text::{Lang, Text};

/// Where a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The game's default start (its first variant).
    Default,
    /// A named variant (`belgian-daisy`, `marguerite-belge`, ...).
    Variant(String),
    /// A position string in the game's own format.
    Position(String),
}

/// Why a game could not be set up.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SetupError {
    /// No variant of that name.
    #[error("{game} has no variant `{name}` (known: {known})")]
    UnknownVariant {
        /// The game.
        game: GameKind,
        /// The name given.
        name: String,
        /// The known variant ids, comma-separated.
        known: String,
    },
    /// Bad options.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// Bad position string.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A move accepted and played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Who played it.
    pub mover: Side,
    /// Its ply number in the game (1 for the first move).
    pub ply: usize,
    /// The canonical notation.
    pub canonical: String,
    /// What it did, in words.
    pub effect: Text,
    /// How the game stands after it (and after any forced pass).
    pub outcome: Outcome,
    /// The protocol line: the canonical move, followed by the result tokens when it ends the
    /// game (`e.h8 d.h8 WW MAT`).
    pub line: String,
    /// Passes the rules forced on the following players, played automatically, in order.
    pub forced_passes: Vec<(Side, String)>,
}

/// A move refused. Nothing changed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Refusal {
    /// The text is not a move.
    #[error(transparent)]
    NotAMove(#[from] NotationError),
    /// Well written, but illegal here.
    #[error(transparent)]
    Illegal(#[from] Illegal),
    /// The game has already ended.
    #[error("the game is already over")]
    GameOver(Outcome),
}

impl Refusal {
    /// The protocol line to answer (`ERR`, `ERR !! a.h1 a.h8`).
    pub fn line(&self) -> &str {
        match self {
            Refusal::Illegal(i) => &i.line,
            _ => "ERR",
        }
    }

    /// The explanation for the player, in `lang`. The engines write it without a final full
    /// stop: it goes into a sentence of the referee's ("Your move was not accepted: ...."),
    /// which ends it.
    pub fn explain(&self, lang: Lang) -> String {
        match self {
            Refusal::NotAMove(e) => crate::t!(
                lang,
                "reading-not-a-move",
                token = e.token.as_str(),
                reason = e.reason.get(lang)
            ),
            Refusal::Illegal(i) => i.reason.get(lang),
            Refusal::GameOver(_) => crate::t!(lang, "game-over-no-move"),
        }
    }
}

/// The variant of `G` whose start is the position `start` (compared as written back).
fn detect_variant<G: Game>(
    start: &str,
    to_move: Option<Side>,
    options: &GameOptions,
) -> Option<&'static str> {
    let written = G::from_position(start, to_move, options)
        .ok()?
        .position_string();
    G::variants()
        .iter()
        .find(|v| {
            G::from_position(v.position, None, options)
                .is_ok_and(|p| p.position_string() == written)
        })
        .map(|v| v.id)
}

/// The object-safe face of a [`Game`], used behind [`AnyGame`].
trait DynGame: Send + Sync + fmt::Debug {
    fn clone_box(&self) -> Box<dyn DynGame>;
    fn position_string(&self) -> String;
    fn side_to_move(&self) -> Side;
    fn legal_moves(&self) -> Vec<String>;
    fn play(&mut self, text: &str) -> Result<(Side, String, Text), Refusal>;
    fn play_forced_pass(&mut self) -> Option<(Side, String)>;
    fn outcome(&self) -> Outcome;
    fn result_tokens(&self) -> Option<String>;
    fn board(&self, lang: Lang) -> String;
    fn picture(&self, caption: &str) -> Option<String>;
    fn perft(&self, depth: u32) -> u64;
    fn score(&self) -> Option<serde_json::Value>;
    fn think(&self, level: Level, seed: u64) -> Option<Advice>;
}

/// A position with its last move and the position before it, so that the board can mark
/// what the move did.
#[derive(Clone, Debug)]
struct Live<G: Game> {
    pos: G,
    last: Option<G::Move>,
    before: Option<G>,
}

impl<G: Engine> DynGame for Live<G> {
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn position_string(&self) -> String {
        self.pos.position_string()
    }
    fn side_to_move(&self) -> Side {
        self.pos.side_to_move()
    }
    fn legal_moves(&self) -> Vec<String> {
        self.pos
            .legal_moves()
            .iter()
            .map(|m| self.pos.write_move(m))
            .collect()
    }
    fn play(&mut self, text: &str) -> Result<(Side, String, Text), Refusal> {
        let outcome = self.pos.outcome();
        if outcome.is_over() {
            return Err(Refusal::GameOver(outcome));
        }
        let notation = G::read_notation(text)?;
        let m = self.pos.resolve(&notation)?;
        let mover = self.pos.side_to_move();
        let canonical = self.pos.write_move(&m);
        let effect = self.pos.describe(&m);
        self.before = Some(self.pos.clone());
        self.pos.apply(&m);
        self.last = Some(m);
        Ok((mover, canonical, effect))
    }
    fn play_forced_pass(&mut self) -> Option<(Side, String)> {
        if self.pos.outcome().is_over() {
            return None;
        }
        let m = self.pos.forced_pass()?;
        let side = self.pos.side_to_move();
        let text = self.pos.write_move(&m);
        self.pos.apply(&m);
        Some((side, text))
    }
    fn outcome(&self) -> Outcome {
        self.pos.outcome()
    }
    fn result_tokens(&self) -> Option<String> {
        self.pos.result_tokens()
    }
    fn board(&self, lang: Lang) -> String {
        self.pos.board_text(lang, self.last.as_ref())
    }
    fn picture(&self, caption: &str) -> Option<String> {
        let last = self.before.as_ref().zip(self.last.as_ref());
        self.pos.board_picture(last, caption)
    }
    fn perft(&self, depth: u32) -> u64 {
        self.pos.perft(depth)
    }
    fn score(&self) -> Option<serde_json::Value> {
        self.pos.score()
    }
    fn think(&self, level: Level, seed: u64) -> Option<Advice> {
        if self.pos.outcome().is_over() {
            return None;
        }
        let thought = crate::games::engine::think(&self.pos, level, seed)?;
        // In hundredths of the game's unit of material; won and lost positions as they are.
        let score = if thought.score.abs() > crate::games::engine::WIN / 2 {
            thought.score
        } else {
            thought.score * 100 / G::UNIT
        };
        Some(Advice {
            text: self.pos.write_move(&thought.best),
            score,
        })
    }
}

/// What the computer would play in a position, and what it thinks of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    /// The move, canonical.
    pub text: String,
    /// What the position is worth after it to the side that plays it, in hundredths of the
    /// game's unit of material ([`Engine::UNIT`]: a piece, a point); won and lost
    /// positions as [`crate::games::engine::WIN`] says.
    pub score: i32,
}

/// A game of any kind, with its start, options and the moves played so far.
#[derive(Debug)]
pub struct AnyGame {
    kind: GameKind,
    /// Set when the game started from a named variant.
    variant: Option<&'static str>,
    /// Finds the variant a start position string names. Only game creation asks, so it is
    /// not paid on every rebuild of a stored game.
    detect_variant: fn(&str, Option<Side>, &GameOptions) -> Option<&'static str>,
    start: String,
    to_move: Option<Side>,
    options: GameOptions,
    moves: Vec<String>,
    live: Box<dyn DynGame>,
}

impl Clone for AnyGame {
    fn clone(&self) -> AnyGame {
        AnyGame {
            kind: self.kind,
            variant: self.variant,
            detect_variant: self.detect_variant,
            start: self.start.clone(),
            to_move: self.to_move,
            options: self.options.clone(),
            moves: self.moves.clone(),
            live: self.live.clone_box(),
        }
    }
}

impl AnyGame {
    /// Sets up a new game of `kind` from `start`, optionally forcing the side to move, with
    /// options written `name=value` (empty for the defaults).
    pub fn new(
        kind: GameKind,
        start: &Start,
        to_move: Option<Side>,
        options: &str,
    ) -> Result<AnyGame, SetupError> {
        crate::with_game!(kind, G => AnyGame::build::<G>(start, to_move, options))
    }

    fn build<G: Engine>(
        start: &Start,
        to_move: Option<Side>,
        options: &str,
    ) -> Result<AnyGame, SetupError> {
        let options = GameOptions::parse(G::option_specs(), options)?;
        let variants = G::variants();
        let (variant, position) = match start {
            Start::Default => (Some(variants[0].id), variants[0].position.to_string()),
            Start::Variant(name) => {
                let v = variants.iter().find(|v| v.is_named(name)).ok_or_else(|| {
                    SetupError::UnknownVariant {
                        game: G::KIND,
                        name: name.clone(),
                        known: variants.iter().map(|v| v.id).collect::<Vec<_>>().join(", "),
                    }
                })?;
                (Some(v.id), v.position.to_string())
            }
            Start::Position(p) => (None, p.trim().to_string()),
        };
        let pos = G::from_position(&position, to_move, &options)?;
        Ok(AnyGame {
            kind: G::KIND,
            variant,
            detect_variant: detect_variant::<G>,
            start: position,
            to_move,
            options,
            moves: Vec::new(),
            live: Box::new(Live {
                pos,
                last: None,
                before: None,
            }),
        })
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The variant id, when the start is a named variant or a position string equal to one.
    pub fn variant(&self) -> Option<&'static str> {
        self.variant
            .or_else(|| (self.detect_variant)(&self.start, self.to_move, &self.options))
    }

    /// The start position string, as given.
    pub fn start_position(&self) -> &str {
        &self.start
    }

    /// The side-to-move override given at set-up, if any.
    pub fn start_to_move(&self) -> Option<Side> {
        self.to_move
    }

    /// The options the game is played under.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The canonical moves played so far, forced passes included.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The current position string.
    pub fn position_string(&self) -> String {
        self.live.position_string()
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.live.side_to_move()
    }

    /// How the game stands by its rules.
    pub fn outcome(&self) -> Outcome {
        self.live.outcome()
    }

    /// The result tokens once the rules have ended the game (`WW MAT`, `6-3`, `PAT`).
    pub fn result_tokens(&self) -> Option<String> {
        self.live.result_tokens()
    }

    /// The legal moves, canonical, one string each.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        self.live.legal_moves()
    }

    /// The text board, last move marked.
    pub fn board(&self, lang: Lang) -> String {
        self.live.board(lang)
    }

    /// The board as a picture (SVG), the last move marked, this game's [`AnyGame::status`]
    /// under it; `None` for a game that has no picture.
    pub fn picture(&self, lang: Lang) -> Option<String> {
        self.live.picture(&self.status(lang))
    }

    /// "Black to move (ply 12)." / "White wins (MAT)." in `lang`.
    pub fn status(&self, lang: Lang) -> String {
        let said = |side: Side| self.side_name(side, lang);
        match self.outcome() {
            Outcome::Ongoing => crate::t!(
                lang,
                "status-to-move",
                side = self.side_to_move().said(self.kind()).get(lang),
                ply = self.moves().len() + 1
            ),
            Outcome::Won { winner, how } => crate::t!(
                lang,
                "status-won",
                side = said(winner),
                how = how.text().get(lang)
            ),
            Outcome::Drawn { why } => crate::t!(lang, "status-drawn", how = why.text().get(lang)),
        }
    }

    /// Perft from the current position.
    pub fn perft(&self, depth: u32) -> u64 {
        self.live.perft(depth)
    }

    /// The score, for games that keep one.
    pub fn score(&self) -> Option<serde_json::Value> {
        self.live.score()
    }

    /// The game's name for `side` in `lang`.
    pub fn side_name(&self, side: Side, lang: Lang) -> String {
        self.kind.side_label(side, lang)
    }

    /// The move the computer plays here at `level` (`seed` draws among the moves at the
    /// levels that draw), with its score; `None` when the game is over. A search of up to a
    /// few seconds at the top level: never on the referee's path.
    pub fn think(&self, level: Level, seed: u64) -> Option<Advice> {
        self.live.think(level, seed)
    }

    /// Judges a move without playing it.
    pub fn judge(&self, text: &str) -> Result<Judgement, Refusal> {
        self.clone().play(text)
    }

    /// Plays a move written by a player. On refusal nothing changes.
    pub fn play(&mut self, text: &str) -> Result<Judgement, Refusal> {
        let (mover, canonical, effect) = self.live.play(text)?;
        self.moves.push(canonical.clone());
        let ply = self.moves.len();
        let mut forced_passes = Vec::new();
        // At most one pass per side: two passes in a row mean the rules have ended the game.
        for _ in 0..2 {
            let Some((side, pass)) = self.live.play_forced_pass() else {
                break;
            };
            self.moves.push(pass.clone());
            forced_passes.push((side, pass));
        }
        let outcome = self.outcome();
        let line = match self.result_tokens() {
            Some(tokens) if outcome.is_over() => format!("{canonical} {tokens}"),
            _ => canonical.clone(),
        };
        Ok(Judgement {
            mover,
            ply,
            canonical,
            effect,
            outcome,
            line,
            forced_passes,
        })
    }
}

#[cfg(test)]
mod tests {
    //! AnyGame's own logic, on a tiny counting game defined here: a pile of `n` tokens, a
    //! move takes 1 or 2 (`t1`, `t2`); a side that cannot take passes (`pass`) while the
    //! other still has a move; whoever takes the last token wins.

    use super::*;
    use crate::games::{OptionSpec, Termination, Variant};

    #[derive(Clone, Debug)]
    struct Pile {
        tokens: u32,
        to_move: Side,
        last_taker: Option<Side>,
    }

    const EMPTIED: Termination = Termination {
        code: "emptied",
        words: "emptied",
    };

    static VARIANTS: [Variant; 1] = [Variant {
        id: "five",
        aliases: &["cinq"],
        position: "5 w",
    }];

    static SPECS: [OptionSpec; 0] = [];

    impl Pile {
        /// White may only take from even piles: this gives forced passes.
        fn can_take(&self) -> bool {
            self.to_move == Side::Black || self.tokens.is_multiple_of(2)
        }
    }

    impl Engine for Pile {
        fn evaluate(&self) -> i32 {
            0
        }
        fn key(&self) -> u64 {
            u64::from(self.tokens)
        }
    }

    impl Game for Pile {
        type Move = u32;
        type Notation = u32;
        const KIND: GameKind = GameKind::Abalone;

        fn variants() -> &'static [Variant] {
            &VARIANTS
        }
        fn option_specs() -> &'static [OptionSpec] {
            &SPECS
        }
        fn from_position(
            text: &str,
            to_move: Option<Side>,
            _: &GameOptions,
        ) -> Result<Self, PositionError> {
            let (n, side) = text.split_once(' ').unwrap_or((text, "w"));
            let tokens = n
                .parse()
                .map_err(|_| PositionError::new(Text::same("not a number")))?;
            let side =
                Side::from_name(side).ok_or_else(|| PositionError::new(Text::same("side?")))?;
            Ok(Pile {
                tokens,
                to_move: to_move.unwrap_or(side),
                last_taker: None,
            })
        }
        fn position_string(&self) -> String {
            format!("{} {}", self.tokens, &self.to_move.name()[..1])
        }
        fn side_to_move(&self) -> Side {
            self.to_move
        }
        fn legal_moves(&self) -> Vec<u32> {
            if self.outcome().is_over() {
                return vec![];
            }
            if !self.can_take() {
                return vec![0];
            }
            (1..=2.min(self.tokens)).collect()
        }
        fn check(&self, m: &u32) -> Result<(), Illegal> {
            if self.legal_moves().contains(m) {
                Ok(())
            } else {
                Err(Illegal::new(Text::same("cannot take that many")))
            }
        }
        fn read_notation(text: &str) -> Result<u32, NotationError> {
            match text.trim() {
                "pass" => Ok(0),
                t => t
                    .strip_prefix('t')
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| NotationError::new(t, Text::same("write t1 or t2"))),
            }
        }
        fn resolve(&self, n: &u32) -> Result<u32, Illegal> {
            self.check(n).map(|()| *n)
        }
        fn write_move(&self, m: &u32) -> String {
            if *m == 0 {
                "pass".to_string()
            } else {
                format!("t{m}")
            }
        }
        fn describe(&self, m: &u32) -> Text {
            Text::same(format!("takes {m}"))
        }
        fn apply(&mut self, m: &u32) {
            if *m > 0 {
                self.tokens -= m;
                self.last_taker = Some(self.to_move);
            }
            self.to_move = self.to_move.opponent();
        }
        fn outcome(&self) -> Outcome {
            match (self.tokens, self.last_taker) {
                (0, Some(winner)) => Outcome::Won {
                    winner,
                    how: EMPTIED,
                },
                _ => Outcome::Ongoing,
            }
        }
        fn result_tokens(&self) -> Option<String> {
            self.outcome()
                .winner()
                .map(|w| format!("{} WINS", w.name().to_uppercase()))
        }
        fn forced_pass(&self) -> Option<u32> {
            (!self.outcome().is_over() && !self.can_take()).then_some(0)
        }
        fn board_text(&self, _: Lang, last: Option<&u32>) -> String {
            format!("{} tokens, last {last:?}\n", self.tokens)
        }
    }

    fn pile(position: &str) -> AnyGame {
        AnyGame::build::<Pile>(&Start::Position(position.to_string()), None, "").unwrap()
    }

    #[test]
    fn a_refused_move_changes_nothing_and_says_why() {
        let mut g = pile("5 b");
        let before = (g.position_string(), g.moves().to_vec());
        let e = g.play("t3").unwrap_err();
        assert_eq!(e.line(), "ERR");
        assert_eq!(e.explain(Lang::FR), "cannot take that many");
        let e = g.play("take two").unwrap_err();
        assert!(matches!(e, Refusal::NotAMove(_)));
        assert!(
            e.explain(Lang::EN).contains("write t1 or t2"),
            "{}",
            e.explain(Lang::EN)
        );
        assert_eq!((g.position_string(), g.moves().to_vec()), before);
    }

    #[test]
    fn judging_does_not_play() {
        let g = pile("5 b");
        let j = g.judge("t1").unwrap();
        assert_eq!(
            (j.mover, j.ply, j.canonical.as_str()),
            (Side::Black, 1, "t1")
        );
        assert_eq!(g.moves().len(), 0);
        assert_eq!(g.position_string(), "5 b");
    }

    #[test]
    fn forced_passes_are_played_recorded_and_reported() {
        // Black takes 2 from 5: 3 left, odd, so White must pass; Black moves again.
        let mut g = pile("5 b");
        let j = g.play("t2").unwrap();
        assert_eq!(j.forced_passes, vec![(Side::White, "pass".to_string())]);
        assert_eq!(g.moves(), ["t2", "pass"]);
        assert_eq!(g.side_to_move(), Side::Black);
    }

    #[test]
    fn the_last_move_carries_the_result_tokens_and_the_game_then_refuses_moves() {
        let mut g = pile("2 b");
        let j = g.play("t2").unwrap();
        assert_eq!(j.line, "t2 BLACK WINS");
        assert_eq!(j.outcome.winner(), Some(Side::Black));
        assert!(g.legal_moves().is_empty());
        assert!(matches!(g.play("t1"), Err(Refusal::GameOver(_))));
    }

    #[test]
    fn a_position_naming_a_variant_is_that_variant() {
        assert_eq!(pile("5 w").variant(), Some("five"));
        assert_eq!(pile("4 w").variant(), None);
        let g =
            AnyGame::build::<Pile>(&Start::Variant("CINQ".into()), Some(Side::Black), "").unwrap();
        assert_eq!((g.variant(), g.side_to_move()), (Some("five"), Side::Black));
        let e = AnyGame::build::<Pile>(&Start::Variant("six".into()), None, "").unwrap_err();
        assert!(e.to_string().contains("known: five"), "{e}");
    }
}
