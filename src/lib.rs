//! # mancala
//!
//! A toolkit for game-AI research on mancala (sowing) games: exact solvers, endgame databases
//! and batch comparisons of strategies, for every game of `../shared/RULES.md` (the rule
//! specification; `mancala games` lists them with their options): Kalah, Oware and its presets
//! Awari, Wari and Woaley II, Woaley I, Adi, Giuti, Cups, Omweso, Bao la Kete and Bao la
//! Kiswahili.
//!
//! * [`core`]: sides, the packed board, position text; [`rules`]: one type per game family
//!   implementing [`Rules`], chosen once from a game string by [`dispatch`];
//! * [`search`]: perft, plain negamax, the exact parallel solver (MTD(f) over alpha-beta with a
//!   transposition table) and the second methods that check it; [`egdb`]: endgame databases
//!   built by retrograde analysis;
//! * [`agents`]: random, greedy, alpha-beta, MCTS and database players; [`arena`]: matches,
//!   tournaments and series with their statistics;
//! * [`jobs`]: one typed request and report per kind of work, the way every front end (the
//!   command line, job files, programs) runs the library; [`results`]: the result files.
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
pub mod dynamic;
pub mod egdb;
pub mod game;
pub mod jobs;
pub mod results;
pub mod rules;
pub mod search;

pub use crate::core::{Board, Side, TwoRowPosition};
pub use game::{Line, PlayError, Status};
pub use rules::{
    dispatch, Child, Children, GameJob, GameSpec, Kalah, Outcome, Oware, ParseGameError, Rules,
};
pub use search::{negamax, perft, solve, Solution, SolveOptions};
