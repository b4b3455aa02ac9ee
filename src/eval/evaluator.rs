//! The evaluation interface: [`Evaluator`], its unit ([`SCALE`] to the seed) and the game's own
//! evaluation ([`StoreDifference`]).

use crate::rules::Rules;

/// Evaluation units per seed.
pub const SCALE: i32 = 100;

/// A heuristic evaluation of positions of one game.
pub trait Evaluator<R: Rules>: Send + Sync {
    /// The value of `pos` (not over) in evaluation units ([`SCALE`] to the seed), from the
    /// mover's side.
    fn evaluate(&self, rules: &R, pos: &R::Position) -> i32;
}

/// The game's own evaluation, [`Rules::evaluate`] (the store difference where the game has
/// stores; material in the four-row games), in evaluation units.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoreDifference;

impl<R: Rules> Evaluator<R> for StoreDifference {
    #[inline(always)]
    fn evaluate(&self, rules: &R, pos: &R::Position) -> i32 {
        rules.evaluate(pos) * SCALE
    }
}
