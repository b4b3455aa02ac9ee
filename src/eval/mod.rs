//! Evaluations: heuristic values of positions that are not over, for the depth-limited
//! searches (the `search` and `alphabeta` agents).
//!
//! An evaluation is in **evaluation units**, [`SCALE`] to the seed, from the point of view of
//! the player to move, and estimates the final store difference (RULES.md §12), the value the
//! exact solver and the databases give in whole seeds. So an exact value `v` (seeds) compares
//! with an evaluation as `v * SCALE`.
//!
//! Evaluators are chosen once per agent and passed to the search as a type parameter, so the
//! search's inner loop calls them without `dyn`.

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

pub mod fitted;

pub use fitted::{EvalError, Fitted};

/// The evaluation an agent uses at its horizon (agent option `eval`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalKind {
    /// [`StoreDifference`] (`eval=stores`, the default).
    #[default]
    Stores,
    /// [`Fitted`] (`eval=fitted`): the game's fitted weights; an error for games without.
    Fitted,
}

/// The names of `eval=` values, as agent strings write them.
pub const EVALS: &[(&str, EvalKind)] =
    &[("stores", EvalKind::Stores), ("fitted", EvalKind::Fitted)];

impl EvalKind {
    /// Its name in agent strings.
    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Stores => "stores",
            EvalKind::Fitted => "fitted",
        }
    }
}
