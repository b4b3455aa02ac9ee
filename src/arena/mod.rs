//! Matches and tournaments: games between agents played in seat-swapped pairs from enumerated
//! openings, concurrently, with every game recorded and reproducible.
//!
//! * **Schedule**: a round robin over the agents (a match is the case of two), or a gauntlet
//!   (the first agent against each other one). Each pairing `(i, j)` plays `rounds` pairs; pair
//!   `p` of a pairing plays opening `p` (cycling through the openings: enumerated ones in a
//!   seeded order, or those of a file, [`openings`]) twice, agent `i` South in the first game
//!   and North in the second. Games are numbered in schedule order from 0.
//! * **Seeds**: game `g` of a run with seed `s` has seed `derive_seed(s, g)`; its South agent is
//!   built with `derive_seed(game seed, 0)` and North with `derive_seed(game seed, 1)`. The openings
//!   are shuffled with `derive_seed(s, u64::MAX)`. Nothing depends on which thread plays a game,
//!   so records are identical with any `threads`.
//! * **End of a game**: by the rules (normal), by a repeated position (repetition, RULES.md §0),
//!   or adjudicated at `max_plies` moves, opening included (ply cap: scored as a repetition
//!   would be, each side taking the seeds of its own houses unless the game says otherwise).

pub mod export;
pub mod openings;
pub mod report;
pub mod runner;
pub mod stats;

pub use openings::{Opening, OpeningsFile, OpeningsOrder, StartSpec};
pub use runner::{ArenaOutcome, ArenaRun, RunKind, Series};

use crate::agents::{derive_seed, rng, uniform, AgentSpec, Resources};
use crate::game::Status;
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// By the rules of the game.
    Normal,
    /// A position repeated (RULES.md §0).
    Repetition,
    /// Adjudicated at the ply cap (`max_plies`).
    PlyCap,
}

impl Termination {
    /// The name used in records and tables.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Repetition => "repetition",
            Termination::PlyCap => "ply-cap",
        }
    }
}

/// One played game: a line of the `.games.jsonl` file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Index in the schedule, from 0.
    pub game: u64,
    /// Index of the agent playing South (in the run's agent list) and its string.
    pub south: usize,
    /// Index of the agent playing North.
    pub north: usize,
    /// Pair number within its pairing: the two games of a pair share it.
    pub pair: u64,
    /// The game's seed.
    pub seed: u64,
    /// The start position's text (RULES.md §12) when it is not the game's start position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The opening moves (house letters), played from `start` (or the start position).
    pub opening: Vec<String>,
    /// The moves the agents played after the opening.
    pub moves: Vec<String>,
    /// Final stores, South then North, in seeds.
    pub stores: [u32; 2],
    /// Why the game ended.
    pub termination: Termination,
}

impl GameRecord {
    /// South's final store minus North's, in seeds.
    pub fn margin(&self) -> i32 {
        self.stores[0] as i32 - self.stores[1] as i32
    }

    /// Half-points of South (2 win, 1 draw, 0 loss).
    pub fn south_points(&self) -> u8 {
        match self.margin().signum() {
            1 => 2,
            0 => 1,
            _ => 0,
        }
    }

    /// Half-points of agent `agent`, which played one side of this game.
    pub fn points_of(&self, agent: usize) -> u8 {
        if agent == self.south {
            self.south_points()
        } else {
            2 - self.south_points()
        }
    }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The agents (two for a match).
    pub agents: Vec<AgentSpec>,
    /// Which agents meet, `(i, j)` with `i` South in the first game of each pair, in schedule
    /// order: all `i < j` for a round robin ([`Plan::round_robin`]).
    pub pairings: Vec<(usize, usize)>,
    /// Pairs of games per pairing of agents.
    pub rounds: u64,
    /// Plies of the enumerated openings (0: every game from the start position).
    pub opening_plies: u32,
    /// Where the games start (default: the game's start position).
    pub start: StartSpec,
    /// The run's seed.
    pub seed: u64,
    /// Most moves a game may last, opening included.
    pub max_plies: u32,
}

/// A game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Index from 0.
    pub game: u64,
    /// South's agent index.
    pub south: usize,
    /// North's agent index.
    pub north: usize,
    /// Pair number within the pairing.
    pub pair: u64,
}

impl Plan {
    /// The pairings of a round robin among `n` agents: `(i, j)` for all `i < j`.
    pub fn round_robin(n: usize) -> Vec<(usize, usize)> {
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    }

    /// The pairings of a gauntlet of agent 0 against the `n - 1` others: `(0, j)`.
    pub fn gauntlet(n: usize) -> Vec<(usize, usize)> {
        (1..n).map(|j| (0, j)).collect()
    }

    /// Every game in schedule order.
    pub fn schedule(&self) -> Vec<Slot> {
        let mut out = Vec::new();
        for &(i, j) in &self.pairings {
            for pair in 0..self.rounds {
                for (south, north) in [(i, j), (j, i)] {
                    out.push(Slot {
                        game: out.len() as u64,
                        south,
                        north,
                        pair,
                    });
                }
            }
        }
        out
    }

    /// The seed of game `game`.
    pub fn game_seed(&self, game: u64) -> u64 {
        derive_seed(self.seed, game)
    }
}

/// Every legal sequence of `plies` moves from the start that does not end the game, in a
/// seeded random order (one empty opening if `plies` is 0 or none exists): the moves of the
/// openings [`openings::prepare`] gives a plan from the start position.
pub fn openings<R: Rules>(rules: &R, plies: u32, seed: u64) -> Vec<Vec<R::Move>> {
    let plan = Plan {
        agents: Vec::new(),
        pairings: Vec::new(),
        rounds: 0,
        opening_plies: plies,
        start: StartSpec::default(),
        seed,
        max_plies: u32::MAX,
    };
    match openings::prepare(rules, &plan) {
        Ok(list) => list.into_iter().map(|o| o.moves).collect(),
        Err(_) => vec![Vec::new()],
    }
}

/// Plays game `slot` of `plan` and returns its record.
pub fn play_game<R: Rules>(
    rules: &R,
    plan: &Plan,
    resources: &Resources,
    openings: &[Opening<R>],
    slot: Slot,
) -> GameRecord {
    let seed = plan.game_seed(slot.game);
    let opening = &openings[(slot.pair % openings.len() as u64) as usize];
    let mut line = opening.line(rules);
    let mut agents = [
        resources.build::<R>(&plan.agents[slot.south], derive_seed(seed, 0)),
        resources.build::<R>(&plan.agents[slot.north], derive_seed(seed, 1)),
    ];
    let mut moves = Vec::new();
    let termination = loop {
        match line.status(rules) {
            Status::Over(_) => break Termination::Normal,
            Status::Repeated(_) => break Termination::Repetition,
            Status::Ongoing => {}
        }
        if line.moves().len() >= plan.max_plies as usize {
            break Termination::PlyCap;
        }
        let side = rules.side_to_move(line.current()).index();
        let mv = agents[side].choose(rules, &line);
        moves.push(line.play(rules, mv).expect("agents choose legal moves"));
    };
    let pos = line.current();
    let outcome = match line.status(rules) {
        Status::Over(o) | Status::Repeated(o) => o,
        Status::Ongoing => rules.repetition_outcome(pos),
    };
    GameRecord {
        game: slot.game,
        south: slot.south,
        north: slot.north,
        pair: slot.pair,
        seed,
        start: opening.start_text.clone(),
        opening: opening.move_texts.clone(),
        moves,
        stores: rules.final_stores(pos, outcome),
        termination,
    }
}

/// Plays the games of `slots`, from `openings` (as [`openings::prepare`] gives them), on
/// the current rayon pool, calling `done` with each record as it
/// finishes (in any order), until `stop` is set. Returns the records in schedule order. Games
/// run concurrently, one per pool thread, unless an agent's own threads fill the pool: then
/// one game at a time, the agent's threads on the pool. The records do not depend on which.
pub fn play_games<R: Rules>(
    rules: &R,
    plan: &Plan,
    resources: &Resources,
    openings: &[Opening<R>],
    slots: &[Slot],
    stop: &AtomicBool,
    done: &(dyn Fn(&GameRecord) + Sync),
) -> Vec<GameRecord> {
    use rayon::prelude::*;
    let play = |&slot: &Slot| {
        if stop.load(Relaxed) {
            return None;
        }
        let record = play_game(rules, plan, resources, openings, slot);
        done(&record);
        Some(record)
    };
    // An agent that uses every thread of the pool (MCTS with `threads`) plays one game at a
    // time, so that time budgets mean what they say.
    let per_game = plan.agents.iter().map(|a| a.threads()).max().unwrap_or(1);
    let mut records: Vec<GameRecord> = if rayon::current_num_threads() <= per_game {
        slots.iter().filter_map(play).collect()
    } else {
        slots.par_iter().with_max_len(1).filter_map(play).collect()
    };
    records.sort_by_key(|r| r.game);
    records
}
