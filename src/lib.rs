//! # mancala
//!
//! A toolkit for game-AI research on mancala (sowing) games: exact solvers, endgame databases
//! and batch comparisons of strategies, for every game of `../shared/RULES.md` (the rule
//! specification; `mancala games` lists them with their options).
//!
//! ## Games
//!
//! Each name is a game string (`name` or `name(key=value,...)`, RULES.md §12):
//!
//! * `kalah`: Kalah, stores in the sowing cycle and extra turns;
//! * `oware`: Oware, captures on the opponent's side and must-feed;
//! * `awari`: Awari, the Oware preset of the solved game (grand slams forbidden);
//! * `wari`: Wari, the Oware preset with its capture counts;
//! * `woaley1`: Woaley I;
//! * `woaley2`: Woaley II, an Oware preset;
//! * `ayo`: Ayo, an Oware preset, with rounds and houses won;
//! * `adi`: Adi;
//! * `giuti`: Giuti;
//! * `kpo`: Kpo;
//! * `cups`: Cups;
//! * `omweso`: Omweso, four rows;
//! * `bao-la-kete`: Bao la Kete, four rows;
//! * `bao-la-kiswahili`: Bao la Kiswahili, four rows;
//! * `lela`: Lela, four rows;
//! * `ajwa`: Ajwa, relay sowing that lifts houses on both sides;
//! * `azigo`: Azigo;
//! * `okwe`: Okwe, an Azigo preset.
//!
//! ## Modules, by floor
//!
//! A module imports only its own floor and the floors below it, without circles; the order is
//! kept in one place, `tests/layers.rs` (`FLOORS`), which checks every file.
//!
//! * [`core`] (floor 0): sides, the packed and wide boards, positions, sowing tables, layer
//!   ranks, notation, threads, progress, the error of a piece of work;
//! * [`results`] (floor 0): result files: atomic writes, tables, manifests;
//! * [`rules`] (floor 1): one type per game family implementing [`Rules`], game strings, and
//!   [`dispatch`], which turns a game string into its type once;
//! * [`game`] (floor 2): a game record ([`Line`]): moves played, repetition, status;
//! * [`eval`] (floor 2): heuristic evaluations of positions for the depth-limited searches;
//! * [`multi`] (floor 2): the games of three and four players (Kpo, Azigo, Okwe): their rules,
//!   perft, max-n and paranoid search, and agents, beside the two-player layer;
//! * [`egdb`] (floor 3): endgame databases built by retrograde analysis, probed, verified;
//! * [`search`] (floor 4): perft, plain negamax, the exact parallel solver (MTD(f) over
//!   alpha-beta with a transposition table, probing databases), the second methods that check
//!   it, and the sampled database check that re-solves;
//! * [`agents`] (floor 5): random, greedy, alpha-beta, MCTS, database and external players;
//! * [`arena`] (floor 6): matches, tournaments and series, their statistics and files;
//! * [`jobs`] (floor 7): one typed request and report per kind of work, the way every front end
//!   (the command line, job files, programs) runs the library;
//! * [`dynamic`] (floor 8): games and agents as trait objects chosen at run time, for the
//!   Python package;
//! * `cli` (floor 8): the `mancala` binary's subcommands (`src/cli/`, not part of the library).
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
pub mod eval;
pub mod game;
pub mod jobs;
pub mod multi;
pub mod results;
pub mod rules;
pub mod search;

pub use crate::core::{Board, Side, TwoRowPosition};
pub use game::{Line, PlayError, Status};
pub use rules::{
    dispatch, Child, Children, GameJob, GameSpec, Kalah, Outcome, Oware, ParseGameError, Rules,
};
pub use search::{negamax, perft, solve, Solution, SolveOptions};
