//! Why an action is refused, in the player's words (catalog messages `tours-...` in
//! `locales/<lang>/tours.ftl`).
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
use crate::text::Text;
use crate::tx;

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
            None => Err(tx!("tours-there-no-piece", from = from)),
            Some(s) if s.side() != self.side_to_move() => Err(tx!(
                "tours-not-yours",
                from = from,
                owner = s.side().name(),
                me = self.side_to_move().name()
            )),
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
            return reason;
        }
        let list = choices.join(", ");
        if deploy {
            tx!(
                "tours-deployments-from",
                reason = reason,
                from = from,
                list = list
            )
        } else {
            tx!(
                "tours-moves-from",
                reason = reason,
                from = from,
                list = list
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
                    return tx!("tours-in-the-way", cell = b);
                }
            }
            if let Target::Cell(cell) = to
                && let Some(there) = self.board().get(cell)
                && there.side() == stack.side()
                && there.height() + stack.height() > Stack::MAX
            {
                let total = there.height() + stack.height();
                return tx!("tours-stack-too-high", cell = cell, total = total);
            }
            return tx!("tours-cannot-go", the = words::the(stack), to = to);
        }
        let place = match to {
            Target::Off => tx!("tours-beyond-edge"),
            Target::Cell(c) => Text::same(c.to_string()),
        };
        // "c1 is 2 steps from a1" / "going beyond the far edge takes 5 steps from d4"
        let distance = |steps: u8| match to {
            Target::Off => tx!("tours-distance-off", steps = steps, from = from),
            Target::Cell(c) => tx!("tours-distance", cell = c, steps = steps, from = from),
        };
        if let Some(far) = routes
            .iter()
            .filter(|r| stack.count(r.kind) > 0)
            .min_by_key(|r| r.steps)
        {
            if !stack.is_composite() {
                let (noun, far) = (words::kind(far.kind), distance(far.steps));
                return tx!("tours-simple-one-cell", far = far, kind = noun);
            }
            let reach: Vec<Text> = [Kind::Round, Kind::Square]
                .into_iter()
                .filter(|k| stack.count(*k) > 0)
                .map(|k| {
                    let (cells, gait) = (words::cells(stack.count(k)), words::gait(k));
                    tx!("tours-reach", cells = cells, gait = gait)
                })
                .collect();
            let reach = match reach.as_slice() {
                [one, other] => tx!("tours-either", one = one, other = other),
                [one] => one.clone(),
                _ => Text::default(),
            };
            let (the, far) = (words::the(stack), distance(far.steps));
            return tx!("tours-stack-reach", far = far, the = the, reach = reach);
        }
        if let Some(other) = routes.first() {
            // The route exists only for the other gait: name the one the piece has.
            let has = other.kind.other().key();
            if !stack.is_composite() {
                return tx!("tours-simple-gait", kind = has);
            }
            return tx!("tours-stack-gait", the = words::the(stack), kind = has);
        }
        match to {
            Target::Cell(c) if c.ahead_of(from, stack.side()) < 0 => {
                tx!("tours-backward", cell = c, from = from)
            }
            _ => tx!("tours-off-line", place = place, from = from),
        }
    }

    fn deploy_reason(&self, from: Cell, stack: Stack, targets: &[Target]) -> Text {
        let the = words::the(stack);
        let height = stack.height();
        if !stack.is_composite() {
            let kind = words::kind(stack.simple_kind().unwrap_or(Kind::Round));
            return tx!("tours-deploy-simple", from = from, kind = kind);
        }
        if let Some(i) = targets[..targets.len().saturating_sub(1)]
            .iter()
            .position(|t| *t == Target::Off)
        {
            let nth = words::nth_piece(i);
            return tx!("tours-deploy-off-early", nth = nth);
        }
        if targets.len() > usize::from(height) {
            return tx!("tours-deploy-too-many", the = the, height = height);
        }
        if targets.len() < usize::from(height) && targets.last() != Some(&Target::Off) {
            return tx!("tours-deploy-too-few", the = the, height = height);
        }
        if let Some(reason) = self.drop_reason(from, stack, targets) {
            return reason;
        }
        if let Some((cell, total)) = overflow(self.board(), from, targets) {
            return tx!("tours-stack-too-high", cell = cell, total = total);
        }
        tx!("tours-deploy-other", the = the, from = from)
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
                        return Some(tx!("tours-drop-off-last", nth = nth));
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
                    return Some(tx!("tours-drop-off-far", nth = nth, hand = hand));
                }
                Target::Cell(c) => c,
            };
            let ahead = cell.ahead_of(hand, side);
            let across = cell.across_from(hand);
            if ahead < 0 {
                return Some(tx!(
                    "tours-drop-backward",
                    nth = nth,
                    cell = cell,
                    hand = hand
                ));
            }
            if ahead > 1 || across.abs() > 1 || (ahead == 0 && across == 0) {
                return Some(tx!(
                    "tours-drop-not-adjacent",
                    nth = nth,
                    cell = cell,
                    hand = hand
                ));
            }
            let kind = if ahead == 1 && across != 0 {
                Kind::Round
            } else {
                Kind::Square
            };
            let (name, gait) = (words::kind(kind), words::gait(kind));
            if stack.count(kind) == 0 {
                let the = words::the(stack);
                return Some(tx!(
                    "tours-drop-missing-kind",
                    nth = nth,
                    cell = cell,
                    gait = gait,
                    hand = hand,
                    piece = name,
                    the = the
                ));
            }
            if left[kind.index()] == 0 {
                return Some(tx!(
                    "tours-drop-kind-spent",
                    nth = nth,
                    cell = cell,
                    piece = name,
                    pieces = words::kinds(kind)
                ));
            }
            match group {
                Some((g, h)) if g == kind => {
                    let mut h = h;
                    let expected = step(hand, side, &mut h, rebound);
                    if expected != Step::On(cell) {
                        let next = match expected {
                            Step::On(c) => tx!("tours-next-on", cell = c),
                            Step::Beyond => tx!("tours-next-off"),
                            Step::Wall => tx!("tours-next-wall"),
                        };
                        let plural = words::kinds(kind);
                        return Some(tx!(
                            "tours-drop-zigzag",
                            nth = nth,
                            cell = cell,
                            pieces = plural,
                            hand = hand,
                            piece = name,
                            next = next
                        ));
                    }
                    group = Some((g, h));
                }
                Some((g, _)) if left[g.index()] > 0 => {
                    let (g_name, g_plural, plural) =
                        (words::kind(g), words::kinds(g), words::kinds(kind));
                    return Some(tx!(
                        "tours-drop-mixed",
                        nth = nth,
                        cell = cell,
                        piece = name,
                        group = g_name,
                        groups = g_plural,
                        pieces = plural
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
                return Some(tx!(
                    "tours-drop-on-enemy",
                    nth = nth,
                    cell = cell,
                    enemy = enemy
                ));
            }
            left[kind.index()] -= 1;
            hand = cell;
        }
        None
    }
}
