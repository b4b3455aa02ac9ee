//! The `alphabeta` agent: depth-limited fail-soft alpha-beta (negamax) with iterative
//! deepening.
//!
//! * **Evaluation** at the horizon: an [`Evaluator`] chosen by the agent string's `eval`:
//!   `stores` (the default, [`StoreDifference`]) is the game's [`Rules::evaluate`]: the store
//!   difference in the games with stores (the evaluation of Irving, Donkers & Uiterwijk 2000
//!   for Kalah, "seeds in the stores"), material (seeds held, holes and reserve) in the
//!   four-row games, where captured seeds change sides; `fitted` is the game's fitted linear
//!   evaluation ([`Fitted`], six-house Kalah, Awari/Oware and Bao la Kiswahili only). A
//!   finished game is valued exactly (final store difference; in the four-row games the
//!   winner takes all the seeds). The search works in evaluation units ([`SCALE`] to the
//!   seed) from the side to move; an extra turn keeps the sign. The value reported with a
//!   move is in seeds.
//! * **Depth** counts moves (plies), an extra turn being a move of its own, as in `perft`.
//! * **Ordering**: the previous iteration's best move first; the root moves are shuffled once per
//!   decision with the agent's generator, so that among equally valued moves a random one is
//!   chosen (the first found) and seat-swapped games do not simply repeat.
//! * **Budgets**: `depth=D` searches depths 1..=D (reproducible); `time=MS` deepens until the time
//!   is up and plays the best move of the deepest finished iteration.
//! * The repetition rule is not applied inside the search (it is a heuristic search); the game
//!   record applies it.
//!
//! No allocation in the search: children go to fixed-capacity lists on the stack.

use super::{rng, uniform, Agent, Budget, Choice, Clock, Eval, Forfeit, Rng};
use crate::core::Stop;
use crate::eval::{Evaluator, SCALE};
#[cfg(doc)]
use crate::eval::{Fitted, StoreDifference};
use crate::game::Line;
use crate::rules::{Children, Rules};
use std::time::Instant;

/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// The agent, evaluating positions at its horizon with `E`.
pub struct AlphaBetaAgent<E> {
    budget: Budget,
    eval: E,
    rng: Rng,
}

impl<E> AlphaBetaAgent<E> {
    /// An agent with `budget` (depth or time), the evaluation `eval` and randomness from
    /// `seed`.
    pub fn new(budget: Budget, eval: E, seed: u64) -> AlphaBetaAgent<E> {
        AlphaBetaAgent {
            budget,
            eval,
            rng: rng(seed),
        }
    }
}

struct Search<'a, R: Rules, E> {
    rules: &'a R,
    eval: &'a E,
    stop: Stop,
    nodes: u64,
    out_of_time: bool,
}

impl<R: Rules, E: Evaluator<R>> Search<'_, R, E> {
    /// Value of `pos` searched `depth` plies deep (fail-soft within `alpha..beta`); `None` if
    /// the time ran out.
    fn value(&mut self, pos: &R::Position, depth: u32, mut alpha: i32, beta: i32) -> Option<i32> {
        self.nodes += 1;
        if self.nodes % CLOCK_EVERY == 0 && self.stop.reached() {
            self.out_of_time = true;
        }
        if self.out_of_time {
            return None;
        }
        let rules = self.rules;
        let sd = rules.store_difference(pos);
        if let Some(o) = rules.outcome(pos) {
            return Some((sd + o.value()) * SCALE);
        }
        if depth == 0 {
            return Some(self.eval.evaluate(rules, pos));
        }
        let mut children = Children::<R>::new();
        rules.children(pos, &mut children);
        let side = rules.side_to_move(pos);
        let mut best = i32::MIN + 1;
        for c in &children {
            let same = rules.side_to_move(&c.pos) == side;
            let v = if same {
                self.value(&c.pos, depth - 1, alpha, beta)?
            } else {
                -self.value(&c.pos, depth - 1, -beta, -alpha)?
            };
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Some(best)
    }
}

/// The best move of `pos` (not over) searched to `depth` plies (iterative deepening from 1), or
/// until `stop`; the root moves in `order`. Returns the move index in `children` and
/// its value (evaluation units, from the mover's side) at the deepest finished iteration (`None`
/// if not even depth 1 finished in time: then the first move of `order`).
fn best_index<R: Rules, E: Evaluator<R>>(
    rules: &R,
    eval: &E,
    pos: &R::Position,
    children: &Children<R>,
    order: &mut [usize],
    max_depth: u32,
    stop: Stop,
) -> (usize, Option<i32>) {
    let side = rules.side_to_move(pos);
    let mut s = Search {
        rules,
        eval,
        stop,
        nodes: 0,
        out_of_time: false,
    };
    let (mut chosen, mut value) = (order[0], None);
    for depth in 1..=max_depth {
        let mut alpha = i32::MIN + 1;
        let mut best = None;
        for &i in order.iter() {
            let c = &children[i];
            let v = if rules.side_to_move(&c.pos) == side {
                s.value(&c.pos, depth - 1, alpha, i32::MAX)
            } else {
                s.value(&c.pos, depth - 1, i32::MIN + 1, -alpha).map(|v| -v)
            };
            let Some(v) = v else { break };
            if v > alpha || best.is_none() {
                alpha = alpha.max(v);
                best = Some(i);
            }
        }
        if s.out_of_time {
            break;
        }
        chosen = best.expect("a position that is not over has moves");
        value = Some(alpha);
        // The best move first in the next iteration; the others keep their shuffled order.
        let at = order.iter().position(|&i| i == chosen).expect("in order");
        order[..=at].rotate_right(1);
    }
    (chosen, value)
}

impl<R: Rules, E: Evaluator<R> + 'static> Agent<R> for AlphaBetaAgent<E> {
    fn choose(
        &mut self,
        rules: &R,
        line: &Line<R>,
        clock: &Clock,
    ) -> Result<Choice<R::Move>, Forfeit> {
        let pos = line.current();
        let children = line.children(rules);
        let mut order: arrayvec::ArrayVec<usize, { crate::rules::MAX_CHILDREN }> =
            (0..children.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, uniform(&mut self.rng, i + 1));
        }
        let (depth, deadline) = match self.budget {
            Budget::Work(d) => (d as u32, None),
            Budget::Millis(ms) => (u32::MAX, Some(Instant::now() + clock.share(ms))),
        };
        let stop = clock.stop.until(deadline);
        let (i, value) = best_index(rules, &self.eval, pos, &children, &mut order, depth, stop);
        Ok(Choice {
            mv: children[i].mv,
            eval: value.map(|v| Eval::Seeds(v as f64 / SCALE as f64)),
        })
    }

    fn timed(&self) -> bool {
        matches!(self.budget, Budget::Millis(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameSpec, Kalah};

    fn kalah(text: &str) -> Kalah {
        Kalah::new(text.parse::<GameSpec>().unwrap().try_into().unwrap())
    }

    /// Deep enough to see the end of the game, alpha-beta plays a move of the exact solver's
    /// best value (the exact solver is the reference; Kalah(3,2) from the start).
    #[test]
    fn deep_search_is_exact() {
        let rules = kalah("kalah(houses=3,seeds=2)");
        let pos = rules.start();
        let exact = crate::search::solver::solve_sequential(&rules, &pos, &[], 16);
        let mut children = Children::<Kalah>::new();
        rules.children(&pos, &mut children);
        let mut order: Vec<usize> = (0..children.len()).collect();
        let eval = crate::eval::StoreDifference;
        let (i, value) = best_index(
            &rules,
            &eval,
            &pos,
            &children,
            &mut order,
            64,
            Stop::default(),
        );
        assert_eq!(value, Some(exact * SCALE));
        let c = &children[i];
        let v = crate::search::solver::solve_sequential(&rules, &c.pos, &[], 16);
        let v = if rules.side_to_move(&c.pos) == rules.side_to_move(&pos) {
            v
        } else {
            -v
        };
        assert_eq!(v, exact);
    }

    /// With any evaluation, a search that sees the end of the game has the exact value: the
    /// fitted evaluation (hand-made weights for Kalah(3,2)) changes nothing at full depth.
    #[test]
    fn deep_search_is_exact_with_fitted_weights() {
        use crate::eval::fitted::{Fitted, Weights, NF};
        let rules = kalah("kalah(houses=3,seeds=2)");
        let pos = rules.start();
        let exact = crate::search::solver::solve_sequential(&rules, &pos, &[], 16);
        let weights = Weights {
            games: vec![rules.spec().with_default_seeds()],
            houses: 3,
            features: crate::eval::fitted::FeatureSet::TwoRow,
            w: std::array::from_fn(|k| k as f64 / NF as f64 - 0.5),
        };
        let eval = Fitted::new(&rules, &weights, "test").unwrap();
        let mut children = Children::<Kalah>::new();
        rules.children(&pos, &mut children);
        let mut order: Vec<usize> = (0..children.len()).collect();
        let (_, value) = best_index(
            &rules,
            &eval,
            &pos,
            &children,
            &mut order,
            64,
            Stop::default(),
        );
        assert_eq!(value, Some(exact * SCALE));
        // At depth 1 it is the fitted evaluation that decides, not the store difference.
        let (_, shallow) = best_index(
            &rules,
            &eval,
            &pos,
            &children,
            &mut order,
            1,
            Stop::default(),
        );
        let (_, stores) = best_index(
            &rules,
            &crate::eval::StoreDifference,
            &pos,
            &children,
            &mut order,
            1,
            Stop::default(),
        );
        assert_ne!(shallow, stores);
    }
}
