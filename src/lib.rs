//! # mancala
//!
//! A toolkit for game-AI research on mancala (sowing) games: packed positions, the rules of
//! Kalah and Oware/Awari (`../shared/RULES.md` is the specification), perft, an exact
//! parallel solver ([`search`]) and endgame databases built by retrograde analysis ([`egdb`]).
//!
//! Values are final store differences in seeds from the point of view of the player to move
//! (RULES.md §12).
//!
//! ```
//! use mancala::search::{solve, SolveOptions};
//! use mancala::rules::KalahSpec;
//! use mancala::{GameSpec, Kalah, Rules};
//! use std::sync::atomic::AtomicU64;
//!
//! let spec: KalahSpec = "kalah(houses=3,seeds=2,capture=empty)".parse::<GameSpec>()?.try_into()?;
//! let rules = Kalah::new(spec);
//! let start = rules.start();
//! assert_eq!(rules.format_position(&start), "2,2,2/2,2,2 0-0 S");
//! let options = SolveOptions { threads: 1, tt_mb: Some(16), ..Default::default() };
//! let solution = solve(&rules, &start, &[], &options, &AtomicU64::new(0)).unwrap();
//! assert_eq!(solution.value, 4); // tests/data/kalah-solved.csv: Kalah(3,2), capture=empty
//! # Ok::<(), mancala::ParseGameError>(())
//! ```

pub mod agents;
pub mod arena;
pub mod core;
pub mod egdb;
pub mod game;
pub mod rules;
pub mod search;
pub mod stats;

pub use crate::core::{Board, Side, TwoRowPosition};
pub use game::{Line, PlayError, Status};
pub use rules::{
    dispatch, Child, Children, GameJob, GameSpec, Kalah, Outcome, Oware, ParseGameError, Rules,
};
pub use search::{negamax, perft, solve, Solution, SolveOptions};
