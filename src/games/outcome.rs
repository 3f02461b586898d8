//! How a game stands: still going, won (by whom and how), or drawn (and why).

use crate::games::Side;
use crate::text::Text;

/// Why a game ended. Each game defines the terminations its rules know (Bulltricker's
/// `MAT`, Abalone's six ejections, ...); the ones every game shares are defined here.
///
/// `code` is the stable name written in game records, JSON and the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Termination {
    /// Stable identifier (`MAT`, `six-ejected`, `resignation`, ...).
    pub code: &'static str,
    /// Its key in the catalogs' `game-end` (unique across games: two of Bulltricker's
    /// endings are both `PAT`).
    pub words: &'static str,
}

impl Termination {
    /// A player resigned.
    pub const RESIGNATION: Termination = Termination {
        code: "resignation",
        words: "resignation",
    };
    /// Both players agreed to a draw.
    pub const AGREED_DRAW: Termination = Termination {
        code: "agreed-draw",
        words: "agreed-draw",
    };
    /// A player ran out of time.
    pub const TIME: Termination = Termination {
        code: "time",
        words: "time",
    };
    /// The first move was never made in time: the game counts for nobody.
    pub const CANCELLED: Termination = Termination {
        code: "cancelled",
        words: "cancelled",
    };
    /// A tournament director decided the result.
    pub const ADJUDICATION: Termination = Termination {
        code: "adjudication",
        words: "adjudication",
    };
    /// A tournament director cancelled the game: it counts for nobody.
    pub const CANCELLED_BY_DIRECTOR: Termination = Termination {
        code: "cancelled-by-director",
        words: "cancelled-by-director",
    };

    /// Whether a game that ended so counts for nobody: its first move never came, a
    /// director cancelled it, or an event cancelled it when a player withdrew
    /// (`withdrawal`, the event's code).
    pub fn counts_for_nobody(code: &str) -> bool {
        matches!(code, "cancelled" | "cancelled-by-director" | "withdrawal")
    }

    /// The short description, said in the reader's language ("six marbles pushed off").
    pub fn text(&self) -> Text {
        crate::tx!("game-end", end = self.words)
    }
}

/// The state of a game after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// `winner` has won.
    Won {
        /// The winning side.
        winner: Side,
        /// How.
        how: Termination,
    },
    /// The game is drawn.
    Drawn {
        /// Why.
        why: Termination,
    },
}

impl Outcome {
    /// True once the game has ended.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Outcome::Won { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// The termination, if the game is over.
    pub fn termination(&self) -> Option<Termination> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Won { how, .. } => Some(*how),
            Outcome::Drawn { why } => Some(*why),
        }
    }

    /// `"white"`, `"black"`, `"draw"`, or `None` while the game goes on (the `result` field of
    /// `arbitre replay --json`).
    pub fn result_name(&self) -> Option<&'static str> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Won { winner, .. } => Some(winner.name()),
            Outcome::Drawn { .. } => Some("draw"),
        }
    }
}
