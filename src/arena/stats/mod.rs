//! Statistics of engine matches, as cutechess-cli and fastchess report them.
//!
//! A match is played between agent A and agent B, usually in *pairs* of games with the seats
//! swapped (the same opening, each agent moving first once). Every score here is from A's point
//! of view: a win is 1, a draw 0.5, a loss 0.
//!
//! * [`elo_from_score`] / [`score_from_elo`]: the logistic Elo scale, `s = 1 / (1 + 10^(-elo/400))`.
//! * [`elo_trinomial`]: Elo difference with a 95% interval from win / draw / loss counts, as
//!   cutechess-cli computes it (`projects/lib/src/elo.cpp`).
//! * [`elo_pentanomial`]: the same from pair results, as fastchess computes it
//!   (`elo_pentanomial.cpp`); the pair is the independent unit, so this interval is the right
//!   one (and usually narrower) when the games came in seat-swapped pairs. At a 0% or 100%
//!   score (and wherever the normal interval reaches either) it uses the Jeffreys posterior
//!   instead, so estimate and bounds stay finite.
//! * [`nelo_pentanomial`]: normalized Elo with its interval, as fastchess reports it.
//! * [`los`]: likelihood of superiority (cutechess-cli).
//! * [`sprt`]: the generalized sequential probability ratio test on pair results (fastchess,
//!   after Michel Van den Bergh's notes).
//! * [`bradley_terry`]: maximum-likelihood ratings of several players (Hunter 2004).
//! * [`mean_interval`]: a mean with a 95% normal interval, for any per-game quantity.
//! * [`jeffreys_interval`], [`bootstrap_interval`], [`percentile_95`]: a share of optimal
//!   moves and statistics of seeds lost per move (`mancala analyze`).
//!
//! Everything is a pure function: no I/O, no global state.

mod accuracy;
mod beta;
mod bradley_terry;
mod elo;
mod sprt;

pub use accuracy::{
    bootstrap_interval, jeffreys_interval, mean, mean_of, percentile_95, percentile_95_of,
};
pub use bradley_terry::bradley_terry;
pub use elo::*;
pub use sprt::{sprt, SprtParams, SprtState, SprtVerdict};
