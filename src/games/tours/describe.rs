//! What an action does, in words (catalog messages `tours-moves`, `tours-deploys`, ...):
//! what moved where, what it captured, which stack it formed, where a deployment dropped
//! each piece, and what went beyond the far edge.

use crate::games::tours::cell::{Cell, Target};
use crate::games::tours::deploy::drop_kinds;
use crate::games::tours::moves::Move;
use crate::games::tours::position::Position;
use crate::games::tours::stack::Stack;
use crate::games::tours::words;
use crate::text::Text;
use crate::tx;

impl Position {
    /// Describes legal action `m`, before it is played.
    pub fn describe_move(&self, m: &Move) -> Text {
        let Some(stack) = self.board().get(m.from()) else {
            return Text::default();
        };
        match *m {
            Move::Shift { from, to } => self.describe_shift(stack, from, to),
            Move::Deploy { from, drops } => self.describe_deploy(stack, from, drops.as_slice()),
        }
    }

    fn describe_shift(&self, stack: Stack, from: Cell, to: Target) -> Text {
        let who = words::owned_first(stack);
        let from = from.to_string();
        let cell = match to {
            Target::Off => return tx!("tours-leaves", who = who, from = from),
            Target::Cell(c) => c,
        };
        let to = cell.to_string();
        match self.board().get(cell) {
            None => tx!("tours-moves", who = who, from = from, to = to),
            Some(there) if there.side() == stack.side() => {
                let formed = there.join(stack).unwrap_or(stack).code().to_uppercase();
                tx!(
                    "tours-moves-forms",
                    who = who,
                    from = from,
                    to = to,
                    formed = formed
                )
            }
            Some(there) => {
                let victim = words::owned(there);
                if self.board().stacks(there.side()).count() == 1 {
                    let loser = words::player(there.side());
                    tx!(
                        "tours-captures-last",
                        who = who,
                        from = from,
                        to = to,
                        victim = victim,
                        loser = loser
                    )
                } else {
                    tx!(
                        "tours-captures",
                        who = who,
                        from = from,
                        to = to,
                        victim = victim
                    )
                }
            }
        }
    }

    fn describe_deploy(&self, stack: Stack, from: Cell, targets: &[Target]) -> Text {
        let kinds = drop_kinds(stack, from, targets);
        let mut drops: Option<Text> = None;
        for (i, (target, kind)) in targets.iter().zip(&kinds).enumerate() {
            let piece = kind.key();
            let drop = match *target {
                Target::Off => tx!("tours-drop-off", kind = piece),
                Target::Cell(c) => {
                    // The stack standing there once this piece is dropped, if it joins others.
                    let mut here = self.board().get(c).filter(|_| c != from);
                    for (t, k) in targets[..=i].iter().zip(&kinds) {
                        if *t == *target {
                            let piece = Stack::single(stack.side(), *k);
                            here = Some(here.and_then(|h| h.join(piece)).unwrap_or(piece));
                        }
                    }
                    match here.filter(|h| h.is_composite()) {
                        Some(h) => tx!(
                            "tours-drop-forms",
                            kind = piece,
                            cell = c.to_string(),
                            formed = h.code().to_uppercase()
                        ),
                        None => tx!("tours-drop", kind = piece, cell = c.to_string()),
                    }
                }
            };
            drops = Some(match drops {
                None => drop,
                Some(list) => list.join(", ", &drop),
            });
        }
        let early = targets.len() < usize::from(stack.height());
        tx!(
            "tours-deploys",
            side = words::player_first(stack.side()),
            code = stack.code().to_uppercase(),
            from = from.to_string(),
            drops = drops.unwrap_or_default(),
            early = if early { "yes" } else { "no" }
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::games::tours::Position;
    use crate::games::{Game, GameOptions};
    use crate::text::Lang;

    fn describe(position: &str, action: &str) -> (String, String) {
        let pos = Position::from_position(position, None, &GameOptions::default()).unwrap();
        let m = pos
            .resolve(&Position::read_notation(action).unwrap())
            .unwrap();
        let t = pos.describe(&m);
        (t.get(Lang::EN), t.get(Lang::FR))
    }

    #[test]
    fn a_move_onto_an_own_piece_names_the_stack_formed() {
        let (en, fr) = describe("rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w", "b1-c2");
        assert_eq!(
            en,
            "White's round moves from b1 to c2 and forms the stack (RR) there."
        );
        assert_eq!(fr, "Le rond blanc va de b1 en c2 et y forme la pile (RR).");
    }

    #[test]
    fn a_capture_names_the_piece_taken_and_the_last_one() {
        let (en, _) = describe("4s3/8/4s3/8/2(RR)5/8/8/8 w", "c4xe6");
        assert_eq!(
            en,
            "White's stack (RR) moves from c4 to e6 and captures Black's square."
        );
        let (en, fr) = describe("8/8/8/8/8/8/4(rs)3/3R4 w", "d1-e2");
        assert!(
            en.ends_with("captures Black's stack (RS): Black has no piece left."),
            "{en}"
        );
        assert!(
            fr.contains("prend la pile noire (RS) : les Noirs n'ont plus"),
            "{fr}"
        );
    }

    #[test]
    fn a_deployment_lists_every_drop() {
        let (en, fr) = describe("4s3/8/3S4/3R4/3(SS)4/8/8/8 w", "d4>d5,d6");
        assert_eq!(
            en,
            "White deploys the stack (SS) from d4: a square on d5, forming (RS), a square on d6, forming (SS)."
        );
        assert!(fr.starts_with(
            "Les Blancs déploient la pile (SS) de d4 : un carré en d5, qui forme (RS)"
        ));
        let (en, _) = describe("1s6/3(SS)4/8/8/8/8/8/8 w", "d7>d8,off");
        assert_eq!(
            en,
            "White deploys the stack (SS) from d7: a square on d8, a square beyond the far edge."
        );
    }

    #[test]
    fn leaving_the_board_is_said() {
        let (en, fr) = describe("4S3/8/8/8/8/8/8/s7 w", "e8-off");
        assert_eq!(
            en,
            "White's square leaves the board from e8, beyond the far edge."
        );
        assert_eq!(
            fr,
            "Le carré blanc sort du plateau par e8, au-delà du bord adverse."
        );
    }
}
