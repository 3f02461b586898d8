//! Why an action is refused, in the player's words, in English and French.
//!
//! The legal actions are the truth (they are enumerated, rebounds and `off` included); these
//! functions are asked only once an action is known to be illegal, and retrace it to name
//! the first thing wrong: no piece or an enemy piece on the origin, a backward step, a gait
//! the piece does not have, too many steps, the cell in the way, a stack of more than 3, the
//! wrong number of drop cells, rounds and squares mixed, a zig-zag, a drop on an enemy.
//! The legal actions from the same cell follow, so that the player can pick one.

use crate::games::Illegal;
use crate::games::tours::cell::{Cell, Heading, Step, Target, step};
use crate::games::tours::deploy::overflow;
use crate::games::tours::moves::Move;
use crate::games::tours::notation::write;
use crate::games::tours::position::Position;
use crate::games::tours::stack::{Kind, Stack};
use crate::games::tours::words;
use crate::say;
use crate::text::Text;

/// A way to reach a target with one gait, found by walking the board's geometry.
struct Route {
    kind: Kind,
    steps: u8,
    blocker: Option<Cell>,
}

impl Position {
    /// Why the whole-stack move `from`-`to` is illegal.
    pub fn why_not_shift(&self, from: Cell, to: Target) -> Illegal {
        let reason = match self.own_stack(from) {
            Err(reason) => return Illegal::new(reason),
            Ok(stack) => self.shift_reason(from, stack, to),
        };
        Illegal::new(self.with_choices(reason, from, false))
    }

    /// Why the deployment of the stack on `from` onto `targets` is illegal.
    pub fn why_not_deploy(&self, from: Cell, targets: &[Target]) -> Illegal {
        let reason = match self.own_stack(from) {
            Err(reason) => return Illegal::new(reason),
            Ok(stack) => self.deploy_reason(from, stack, targets),
        };
        Illegal::new(self.with_choices(reason, from, true))
    }

    /// The stack of the side to move on `from`, or why there is none.
    fn own_stack(&self, from: Cell) -> Result<Stack, Text> {
        match self.board().get(from) {
            None => Err(say!(
                en: "there is no piece on {}.", from;
                fr: "il n'y a aucune pièce en {}.", from
            )),
            Some(s) if s.side() != self.side_to_move() => {
                let (owner, me) = (words::side(s.side()), words::player(self.side_to_move()));
                Err(say!(
                    en: "the piece on {} is {}'s: you play {}.", from, owner.en(), me.en();
                    fr: "la pièce en {} est aux {}s : vous jouez {}.", from, owner.fr(), me.fr()
                ))
            }
            Some(s) => Ok(s),
        }
    }

    /// Adds the legal actions of the same sort from `from`, if there are any.
    fn with_choices(&self, reason: Text, from: Cell, deploy: bool) -> Text {
        let choices: Vec<String> = self
            .actions_from(from)
            .iter()
            .filter(|m| matches!(m, Move::Deploy { .. }) == deploy)
            .map(|m| write(m, self.is_capture(m)))
            .collect();
        if choices.is_empty() {
            return Text::new(format!("{}.", reason.en()), format!("{}.", reason.fr()));
        }
        let list = choices.join(", ");
        if deploy {
            say!(
                en: "{}. Deployments from {}: {}.", reason.en(), from, list;
                fr: "{}. Déploiements depuis {} : {}.", reason.fr(), from, list
            )
        } else {
            say!(
                en: "{}. Moves from {}: {}.", reason.en(), from, list;
                fr: "{}. Déplacements depuis {} : {}.", reason.fr(), from, list
            )
        }
    }

    /// Every straight route of either gait from `from` to `to`, ignoring the step counts.
    fn routes(&self, from: Cell, to: Target) -> Vec<Route> {
        let side = self.side_to_move();
        let mut routes = Vec::new();
        for kind in [Kind::Round, Kind::Square] {
            for &heading in kind.headings() {
                let mut heading = heading;
                let mut at = from;
                let mut blocker = None;
                for steps in 1..=8 {
                    let reached = match step(at, side, &mut heading, self.rules().rebound) {
                        Step::Wall => break,
                        Step::Beyond => {
                            if to == Target::Off {
                                routes.push(Route {
                                    kind,
                                    steps,
                                    blocker,
                                });
                            }
                            break;
                        }
                        Step::On(cell) => cell,
                    };
                    if to == Target::Cell(reached) {
                        routes.push(Route {
                            kind,
                            steps,
                            blocker,
                        });
                        break;
                    }
                    if reached != from && self.board().get(reached).is_some() {
                        blocker = blocker.or(Some(reached));
                    }
                    at = reached;
                }
            }
        }
        routes
    }

    fn shift_reason(&self, from: Cell, stack: Stack, to: Target) -> Text {
        let routes = self.routes(from, to);
        let usable: Vec<&Route> = routes
            .iter()
            .filter(|r| r.steps <= stack.count(r.kind))
            .collect();
        if !usable.is_empty() {
            if usable.iter().all(|r| r.blocker.is_some()) {
                let nearest = usable.iter().min_by_key(|r| r.steps);
                if let Some(b) = nearest.and_then(|r| r.blocker) {
                    return say!(
                        en: "{} is in the way: a piece never jumps over another", b;
                        fr: "{} est occupée et barre le chemin : une pièce ne saute jamais par-dessus une autre", b
                    );
                }
            }
            if let Target::Cell(cell) = to
                && let Some(there) = self.board().get(cell)
                && there.side() == stack.side()
                && there.height() + stack.height() > Stack::MAX
            {
                let total = there.height() + stack.height();
                return say!(
                    en: "{} would then hold {} pieces: a stack holds at most 3", cell, total;
                    fr: "{} compterait alors {} pièces : une pile en compte au plus 3", cell, total
                );
            }
            return say!(
                en: "{} cannot go to {}", words::the(stack).en(), to;
                fr: "{} ne peut pas aller en {}", words::the(stack).fr(), to
            );
        }
        let place = match to {
            Target::Off => Text::new("beyond the far edge", "au-delà du bord adverse"),
            Target::Cell(c) => Text::new(c.to_string(), c.to_string()),
        };
        // "c1 is 2 steps from a1" / "going beyond the far edge takes 5 steps from d4"
        let distance = |steps: u8| match to {
            Target::Off => say!(
                en: "going beyond the far edge takes {} steps from {}", steps, from;
                fr: "sortir au-delà du bord adverse demande {} pas depuis {}", steps, from
            ),
            Target::Cell(c) => say!(
                en: "{} is {} steps from {}", c, steps, from;
                fr: "{} est à {} pas de {}", c, steps, from
            ),
        };
        if let Some(far) = routes
            .iter()
            .filter(|r| stack.count(r.kind) > 0)
            .min_by_key(|r| r.steps)
        {
            if !stack.is_composite() {
                let (noun, far) = (far.kind.name(), distance(far.steps));
                return say!(
                    en: "{}, but a simple {} moves only one cell", far.en(), noun.en();
                    fr: "{}, mais un {} simple ne se déplace que d'une case", far.fr(), noun.fr()
                );
            }
            let reach: Vec<Text> = [Kind::Round, Kind::Square]
                .into_iter()
                .filter(|k| stack.count(*k) > 0)
                .map(|k| {
                    let (cells, gait) = (words::cells(stack.count(k)), words::gait(k));
                    Text::new(
                        format!("{} {}", cells.en(), gait.en()),
                        format!("{} {}", cells.fr(), gait.fr()),
                    )
                })
                .collect();
            let en: Vec<String> = reach.iter().map(Text::en).collect();
            let fr: Vec<String> = reach.iter().map(Text::fr).collect();
            let (the, far) = (words::the(stack), distance(far.steps));
            return say!(
                en: "{}, but {} moves at most {}, as many cells as it holds pieces of that kind", far.en(), the.en(), en.join(" or ");
                fr: "{}, mais {} se déplace d'au plus {}, autant de cases que de pièces de cette sorte", far.fr(), the.fr(), fr.join(" ou ")
            );
        }
        if let Some(other) = routes.first() {
            let missing = other.kind;
            let has = missing.other();
            let (gait, own) = (words::gait(has), has.name());
            if !stack.is_composite() {
                let never = match missing {
                    Kind::Square => Text::new(
                        "never straight ahead or sideways",
                        "jamais tout droit ni de côté",
                    ),
                    Kind::Round => Text::new("never diagonally", "jamais en diagonale"),
                };
                return say!(
                    en: "a {} moves only {}, {}", own.en(), gait.en(), never.en();
                    fr: "un {} ne se déplace {}, {}", own.fr(), words::only(&gait.fr()), never.fr()
                );
            }
            let (the, missing) = (words::the(stack), missing.name());
            return say!(
                en: "{} holds no {}: it moves only {}, like a {}", the.en(), missing.en(), gait.en(), own.en();
                fr: "{} ne contient aucun {} : elle ne se déplace {}, comme un {}", the.fr(), missing.fr(), words::only(&gait.fr()), own.fr()
            );
        }
        match to {
            Target::Cell(c) if c.ahead_of(from, stack.side()) < 0 => say!(
                en: "nothing moves backward: {} is behind {}", c, from;
                fr: "aucune pièce ne recule : {} est derrière {}", c, from
            ),
            _ => say!(
                en: "{} is not on a line from {}: pieces go straight ahead, sideways or diagonally forward", place.en(), from;
                fr: "{} n'est pas sur une ligne partant de {} : les pièces vont tout droit, de côté ou en diagonale vers l'avant", place.fr(), from
            ),
        }
    }

    fn deploy_reason(&self, from: Cell, stack: Stack, targets: &[Target]) -> Text {
        let the = words::the(stack);
        let height = stack.height();
        if !stack.is_composite() {
            let kind = stack.simple_kind().unwrap_or(Kind::Round).name();
            return say!(
                en: "only a composite piece deploys: {} holds a single {}", from, kind.en();
                fr: "seule une pièce composée se déploie : {} ne porte qu'un {}", from, kind.fr()
            );
        }
        if let Some(i) = targets[..targets.len().saturating_sub(1)]
            .iter()
            .position(|t| *t == Target::Off)
        {
            let nth = words::nth_piece(i);
            return say!(
                en: "the {} goes beyond the far edge, which ends the deployment: off must be the last target", nth.en();
                fr: "la {} va au-delà du bord adverse, ce qui termine le déploiement : off doit être la dernière cible", nth.fr()
            );
        }
        if targets.len() > usize::from(height) {
            return say!(
                en: "{} holds {} pieces: a deployment names one cell per piece, so at most {}", the.en(), height, height;
                fr: "{} compte {} pièces : un déploiement nomme une case par pièce, donc au plus {}", the.fr(), height, height
            );
        }
        if targets.len() < usize::from(height) && targets.last() != Some(&Target::Off) {
            return say!(
                en: "{} holds {} pieces: name one cell per piece, {} in all (only a piece sent off may end the list early)", the.en(), height, height;
                fr: "{} compte {} pièces : nommez une case par pièce, {} en tout (seule une pièce sortie au-delà du bord peut clore la liste plus tôt)", the.fr(), height, height
            );
        }
        if let Some(reason) = self.drop_reason(from, stack, targets) {
            return reason;
        }
        if let Some((cell, total)) = overflow(self.board(), from, targets) {
            return say!(
                en: "{} would then hold {} pieces: a stack holds at most 3", cell, total;
                fr: "{} compterait alors {} pièces : une pile en compte au plus 3", cell, total
            );
        }
        say!(
            en: "this is not a deployment of {} on {}", the.en(), from;
            fr: "ce n'est pas un déploiement de {} en {}", the.fr(), from
        )
    }

    /// Retraces the drops one by one and names the first that breaks a rule.
    fn drop_reason(&self, from: Cell, stack: Stack, targets: &[Target]) -> Option<Text> {
        let side = stack.side();
        let rebound = self.rules().rebound;
        let mut left = [stack.count(Kind::Round), stack.count(Kind::Square)];
        let mut hand = from;
        let mut group: Option<(Kind, Heading)> = None;
        for (i, target) in targets.iter().enumerate() {
            let nth = words::nth_piece(i);
            let cell = match *target {
                Target::Off => {
                    if i + 1 != targets.len() {
                        return Some(say!(
                            en: "{}: off must be the last target", nth.en();
                            fr: "{} : off doit être la dernière cible", nth.fr()
                        ));
                    }
                    let exits = |kind: Kind, heading: Option<Heading>| match heading {
                        Some(h) => step(hand, side, &mut h.clone(), rebound) == Step::Beyond,
                        None => kind
                            .headings()
                            .iter()
                            .any(|h| step(hand, side, &mut h.clone(), rebound) == Step::Beyond),
                    };
                    let possible = match group {
                        Some((k, h)) if left[k.index()] > 0 => exits(k, Some(h)),
                        Some((k, _)) => left[k.other().index()] > 0 && exits(k.other(), None),
                        None => [Kind::Round, Kind::Square]
                            .iter()
                            .any(|&k| left[k.index()] > 0 && exits(k, None)),
                    };
                    if possible {
                        return None;
                    }
                    return Some(say!(
                        en: "{}: from {}, one step does not reach beyond the far edge", nth.en(), hand;
                        fr: "{} : depuis {}, un pas ne mène pas au-delà du bord adverse", nth.fr(), hand
                    ));
                }
                Target::Cell(c) => c,
            };
            let ahead = cell.ahead_of(hand, side);
            let across = cell.across_from(hand);
            if ahead < 0 {
                return Some(say!(
                    en: "{} ({}): nothing moves backward, and {} is behind {}", nth.en(), cell, cell, hand;
                    fr: "{} ({}) : aucune pièce ne recule, et {} est derrière {}", nth.fr(), cell, cell, hand
                ));
            }
            if ahead > 1 || across.abs() > 1 || (ahead == 0 && across == 0) {
                return Some(say!(
                    en: "{} ({}): {} is not one step from {}; each piece is dropped one step from the previous one (the first one step from the stack)", nth.en(), cell, cell, hand;
                    fr: "{} ({}) : {} n'est pas à un pas de {} ; chaque pièce est déposée à un pas de la précédente (la première à un pas de la pile)", nth.fr(), cell, cell, hand
                ));
            }
            let kind = if ahead == 1 && across != 0 {
                Kind::Round
            } else {
                Kind::Square
            };
            let (name, gait) = (kind.name(), words::gait(kind));
            if stack.count(kind) == 0 {
                let the = words::the(stack);
                return Some(say!(
                    en: "{} ({}): a step {} from {} is a {}'s step, but {} holds no {}", nth.en(), cell, gait.en(), hand, name.en(), the.en(), name.en();
                    fr: "{} ({}) : un pas {} depuis {} est un pas de {}, mais {} ne contient aucun {}", nth.fr(), cell, gait.fr(), hand, name.fr(), the.fr(), name.fr()
                ));
            }
            if left[kind.index()] == 0 {
                let plural = kind.plural();
                return Some(say!(
                    en: "{} ({}): that is a {}'s step, but every {} of the stack is already dropped", nth.en(), cell, name.en(), name.en();
                    fr: "{} ({}) : c'est un pas de {}, mais tous les {} de la pile sont déjà déposés", nth.fr(), cell, name.fr(), plural.fr()
                ));
            }
            match group {
                Some((g, h)) if g == kind => {
                    let mut h = h;
                    let expected = step(hand, side, &mut h, rebound);
                    if expected != Step::On(cell) {
                        let next = match expected {
                            Step::On(c) => Text::new(format!("goes to {c}"), format!("va en {c}")),
                            Step::Beyond => {
                                Text::new("goes beyond the far edge", "va au-delà du bord adverse")
                            }
                            Step::Wall => {
                                Text::new("is stopped by the side edge", "est arrêté par le bord")
                            }
                        };
                        let plural = kind.plural();
                        return Some(say!(
                            en: "{} ({}): {} are dropped in a straight line, so after {} the next {} {}, not {} (no zig-zag)", nth.en(), cell, plural.en(), hand, name.en(), next.en(), cell;
                            fr: "{} ({}) : les {} se déposent en ligne droite, donc après {} le {} suivant {}, pas en {} (pas de zigzag)", nth.fr(), cell, plural.fr(), hand, name.fr(), next.fr(), cell
                        ));
                    }
                    group = Some((g, h));
                }
                Some((g, _)) if left[g.index()] > 0 => {
                    let (g_name, g_plural, plural) = (g.name(), g.plural(), kind.plural());
                    return Some(say!(
                        en: "{} ({}): a {} cannot come before the last {}: all the {} are dropped, then all the {}, or the reverse, never {}, {}, {}", nth.en(), cell, name.en(), g_name.en(), g_plural.en(), plural.en(), g_name.en(), name.en(), g_name.en();
                        fr: "{} ({}) : un {} ne peut pas précéder le dernier {} : on dépose tous les {} puis tous les {}, ou l'inverse, jamais {}, {}, {}", nth.fr(), cell, name.fr(), g_name.fr(), g_plural.fr(), plural.fr(), g_name.fr(), name.fr(), g_name.fr()
                    ));
                }
                _ => {
                    group = Some((kind, Heading { across, ahead }));
                }
            }
            if let Some(there) = self.board().get(cell)
                && cell != from
                && there.side() != side
            {
                let enemy = words::a_piece_of(there.side());
                return Some(say!(
                    en: "{} ({}): {} holds {}, and a deployment never captures (move the whole stack to capture)", nth.en(), cell, cell, enemy.en();
                    fr: "{} ({}) : {} porte {}, et un déploiement ne prend jamais (déplacez toute la pile pour prendre)", nth.fr(), cell, cell, enemy.fr()
                ));
            }
            left[kind.index()] -= 1;
            hand = cell;
        }
        None
    }
}
