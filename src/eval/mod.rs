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

mod evaluator;
pub mod fitted;
pub mod outcomes;

pub use evaluator::{Evaluator, StoreDifference, SCALE};

pub use fitted::{EvalError, Fitted};

/// The evaluation an agent uses at its horizon (agent option `eval`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalKind {
    /// [`StoreDifference`] (`eval=stores`, `alphabeta`'s default).
    #[default]
    Stores,
    /// [`Fitted`] (`eval=fitted`): the game's fitted weights; an error for games without.
    Fitted,
    /// `eval=auto` (the `search` agent's default): [`Fitted`] where the game has fitted
    /// weights ([`Fitted::for_rules`]), else [`StoreDifference`].
    Auto,
}

/// The names of `eval=` values, as agent strings write them.
pub const EVALS: &[(&str, EvalKind)] = &[
    ("stores", EvalKind::Stores),
    ("fitted", EvalKind::Fitted),
    ("auto", EvalKind::Auto),
];

impl EvalKind {
    /// Its name in agent strings.
    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Stores => "stores",
            EvalKind::Fitted => "fitted",
            EvalKind::Auto => "auto",
        }
    }
}
