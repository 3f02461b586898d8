//! What an action does, in words, in English and French: what moved where, what it
//! captured, which stack it formed, where a deployment dropped each piece, and what went
//! beyond the far edge.

use crate::games::tours::cell::Target;
use crate::games::tours::deploy::drop_kinds;
use crate::games::tours::moves::Move;
use crate::games::tours::position::Position;
use crate::games::tours::stack::Stack;
use crate::games::tours::words;
use crate::say;
use crate::text::Text;

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

    fn describe_shift(
        &self,
        stack: Stack,
        from: crate::games::tours::cell::Cell,
        to: Target,
    ) -> Text {
        let who = words::capitalized(words::owned(stack));
        let cell = match to {
            Target::Off => {
                return say!(
                    en: "{} leaves the board from {}, beyond the far edge.", who.en(), from;
                    fr: "{} sort du plateau par {}, au-delà du bord adverse.", who.fr(), from
                );
            }
            Target::Cell(c) => c,
        };
        match self.board().get(cell) {
            None => say!(
                en: "{} moves from {} to {}.", who.en(), from, cell;
                fr: "{} va de {} en {}.", who.fr(), from, cell
            ),
            Some(there) if there.side() == stack.side() => {
                let formed = there.join(stack).unwrap_or(stack).code().to_uppercase();
                say!(
                    en: "{} moves from {} to {} and forms the stack {} there.", who.en(), from, cell, formed;
                    fr: "{} va de {} en {} et y forme la pile {}.", who.fr(), from, cell, formed
                )
            }
            Some(there) => {
                let victim = words::owned(there);
                let last = self.board().stacks(there.side()).count() == 1;
                let text = say!(
                    en: "{} moves from {} to {} and captures {}", who.en(), from, cell, victim.en();
                    fr: "{} va de {} en {} et prend {}", who.fr(), from, cell, victim.fr()
                );
                if last {
                    let loser = words::player(there.side());
                    say!(
                        en: "{}: {} has no piece left.", text.en(), loser.en();
                        fr: "{} : {} n'ont plus aucune pièce.", text.fr(), loser.fr()
                    )
                } else {
                    Text::new(format!("{}.", text.en()), format!("{}.", text.fr()))
                }
            }
        }
    }

    fn describe_deploy(
        &self,
        stack: Stack,
        from: crate::games::tours::cell::Cell,
        targets: &[Target],
    ) -> Text {
        let kinds = drop_kinds(stack, from, targets);
        let mut en = Vec::new();
        let mut fr = Vec::new();
        for (i, (target, kind)) in targets.iter().zip(&kinds).enumerate() {
            let name = kind.name();
            match *target {
                Target::Off => {
                    en.push(format!("a {} beyond the far edge", name.en()));
                    fr.push(format!("un {} au-delà du bord adverse", name.fr()));
                }
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
                        Some(h) => {
                            let code = h.code().to_uppercase();
                            en.push(format!("a {} on {c}, forming {code}", name.en()));
                            fr.push(format!("un {} en {c}, qui forme {code}", name.fr()));
                        }
                        None => {
                            en.push(format!("a {} on {c}", name.en()));
                            fr.push(format!("un {} en {c}", name.fr()));
                        }
                    }
                }
            }
        }
        let (side, code) = (words::side(stack.side()), stack.code().to_uppercase());
        let early = targets.len() < usize::from(stack.height());
        let (end_en, end_fr) = if early {
            (
                " (the deployment ends there)",
                " (le déploiement s'arrête là)",
            )
        } else {
            ("", "")
        };
        say!(
            en: "{} deploys the stack {} from {}: {}{}.", side.en(), code, from, en.join(", "), end_en;
            fr: "{} déploie la pile {} de {} : {}{}.", side.fr(), code, from, fr.join(", "), end_fr
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::games::tours::Position;
    use crate::games::{Game, GameOptions};

    fn describe(position: &str, action: &str) -> (String, String) {
        let pos = Position::from_position(position, None, &GameOptions::default()).unwrap();
        let m = pos
            .resolve(&Position::read_notation(action).unwrap())
            .unwrap();
        let t = pos.describe(&m);
        (t.en(), t.fr())
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
        assert!(
            fr.starts_with("Blanc déploie la pile (SS) de d4 : un carré en d5, qui forme (RS)")
        );
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
