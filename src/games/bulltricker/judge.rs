//! Adjudicating one move message (§8.4): find the legal move named by FROM and TO, then
//! check every claim the message makes (`!!` cells or count, `++`, `WW`/`BW`,
//! `MAT`/`TRICK`/`PAT`) against the computed effect. A claim that disagrees means the two
//! boards are out of step: the move is refused with `ERR` and the reason.

use crate::games::Illegal;
use crate::games::bulltricker::board::Kind;
use crate::games::bulltricker::explain::{cell_list, why_illegal};
use crate::games::bulltricker::moves::Move;
use crate::games::bulltricker::notation::{CaptureClaim, Claims, Notation};
use crate::games::bulltricker::outcome::result_tokens;
use crate::games::bulltricker::position::Position;
use crate::games::{Outcome, Side};
use crate::tx;

/// The legal move a message names, or why there is none.
pub fn resolve(pos: &Position, notation: &Notation) -> Result<Move, Illegal> {
    // Whose piece stands on FROM is answered without generating the moves.
    if pos
        .piece(notation.from)
        .is_none_or(|p| p.side != pos.to_move())
    {
        return Err(why_illegal(pos, notation.from, notation.to, &[]));
    }
    let legal = pos.legal_moves();
    let found = legal
        .iter()
        .find(|m| m.from() == notation.from && m.to() == notation.to);
    match found {
        Some(m) => {
            check_claims(pos, m, &notation.claims)?;
            Ok(*m)
        }
        None => Err(why_illegal(pos, notation.from, notation.to, &legal)),
    }
}

/// Whether `m` is legal in `pos`, with the reason when it is not.
pub fn check(pos: &Position, m: &Move) -> Result<(), Illegal> {
    let legal = pos.legal_moves();
    if legal.contains(m) {
        return Ok(());
    }
    if legal
        .iter()
        .any(|l| l.from() == m.from() && l.to() == m.to())
    {
        return Err(Illegal::new(tx!("bulltricker-this-move-does-not")));
    }
    Err(why_illegal(pos, m.from(), m.to(), &legal))
}

/// Checks what the message claims against what the move does.
fn check_claims(pos: &Position, m: &Move, claims: &Claims) -> Result<(), Illegal> {
    let taken = m.captured();
    if claims.promotion && !m.promotes() {
        let piece = pos.piece(m.from()).map(|p| p.kind);
        return Err(Illegal::new(if piece == Some(Kind::Pawn) {
            let line = match pos.to_move() {
                Side::White => "h8",
                Side::Black => "h1",
            };
            tx!("bulltricker-message-announces-promotion-but", line = line)
        } else {
            tx!("bulltricker-message-announces-promotion-but-2")
        }));
    }
    let takes = if taken.is_empty() {
        tx!("bulltricker-takes-nothing")
    } else {
        let list = cell_list(taken);
        tx!("bulltricker-takes", list = list, taken = taken.len())
    };
    match &claims.captures {
        None => {}
        Some(CaptureClaim::Some) if taken.is_empty() => {
            return Err(Illegal::new(tx!(
                "bulltricker-message-announces-capture-but",
                takes = takes
            )));
        }
        Some(CaptureClaim::Some) => {}
        Some(CaptureClaim::Count(n)) if *n as usize != taken.len() => {
            return Err(Illegal::new(tx!(
                "bulltricker-message-announces-captured-but",
                n = n,
                takes = takes
            )));
        }
        Some(CaptureClaim::Count(_)) => {}
        Some(CaptureClaim::Cells(cells)) => {
            let mut claimed = cells.clone();
            claimed.sort();
            claimed.dedup();
            let mut actual = taken.to_vec();
            actual.sort();
            if claimed != actual || claimed.len() != cells.len() {
                let said = cell_list(cells);
                return Err(Illegal::new(tx!(
                    "bulltricker-message-announces-capture-but-2",
                    said = said,
                    takes = takes
                )));
            }
        }
    }
    if claims.winner.is_some() || claims.ending.is_some() {
        let mut after = pos.clone();
        after.play(m);
        let outcome = after.outcome();
        let winner_ok = claims.winner.is_none_or(|w| outcome.winner() == Some(w));
        let ending_ok = claims.ending.is_none_or(|e| match outcome {
            Outcome::Ongoing => false,
            Outcome::Drawn { .. } => e == "PAT",
            Outcome::Won { how, .. } => how.code == e,
        });
        if !(winner_ok && ending_ok) {
            let said: Vec<&str> = claims
                .winner
                .map(|w| if w == Side::White { "WW" } else { "BW" })
                .into_iter()
                .chain(claims.ending)
                .collect();
            let said = said.join(" ");
            let actual = match result_tokens(outcome) {
                None => tx!("bulltricker-game-goes"),
                Some(tokens) => tx!("bulltricker-result-tokens", tokens = tokens),
            };
            return Err(Illegal::new(tx!(
                "bulltricker-message-announces-but-after",
                said = said,
                actual = actual
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bulltricker::notation::read;
    use crate::games::bulltricker::rules::Rules;
    use crate::games::bulltricker::setup;

    fn position(text: &str) -> Position {
        setup::read(text, None, Rules::default()).unwrap()
    }

    #[test]
    fn claims_that_agree_are_accepted_and_others_refused_with_err() {
        let pos = position("W: Kd1 Pb.h3 Qv5.1 Qv6.1 Qv7.1; B: Kf7 Pb.h4 Pb.h6 Qv8.7 Qv7.6 Qv6.5");
        for ok in [
            "b.h3 b.h7",
            "b.h3 b.h7 !!",
            "b.h3 b.h7 !! 2",
            "b.h3 b.h7 !! b.h6 b.h4",
        ] {
            assert!(resolve(&pos, &read(ok).unwrap()).is_ok(), "{ok}");
        }
        for bad in [
            "b.h3 b.h7 !! 3",
            "b.h3 b.h7 !! b.h4",
            "b.h3 b.h7 !! b.h4 b.h4",
            "b.h3 ++b.h7",
            "b.h3 b.h7 PAT",
        ] {
            let e = resolve(&pos, &read(bad).unwrap()).unwrap_err();
            assert_eq!(e.line, "ERR", "{bad}");
            assert!(!e.reason.en().is_empty() && !e.reason.fr().is_empty());
        }
    }

    #[test]
    fn check_refuses_a_move_with_a_forged_effect() {
        let pos = position("W: Kd1 Pb.h3 Qv5.1 Qv6.1 Qv7.1; B: Kf7 Pb.h4 Pb.h6 Qv8.7 Qv7.6 Qv6.5");
        let legal = pos.legal_moves()[0];
        assert!(check(&pos, &legal).is_ok());
        let forged = Move::capture(
            legal.from(),
            legal.to(),
            &legal.captured()[..1],
            legal.kind(),
            false,
        );
        assert!(check(&pos, &forged).is_err());
    }
}
