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
//!   would be, each side taking the seeds of its own houses unless the game says otherwise); or by a forfeit of
//!   the side to move (crash, timeout, illegal move, bad reply: [`Termination`]), a loss by every
//!   seed of the game.
//! * **Clocks** ([`TimeControl`]): each side's game clock (base and increment) and a limit per
//!   move; every move's time is recorded. Agents held to the clock (time budgets, external
//!   players) lose on time past it plus the grace; fixed-work agents never do.

pub mod export;
pub mod openings;
pub mod plots;
pub mod report;
pub mod runner;
pub mod stats;

pub use openings::{openings, Opening, OpeningsFile, OpeningsOrder, StartSpec};
pub use runner::{ArenaOutcome, ArenaRun, RunKind, RunProcesses, Series};

use crate::agents::external::ms_text;
use crate::agents::{derive_seed, rng, uniform, Agent, AgentSpec, Clock, Eval, Forfeit, Resources};
use crate::core::{Side, Stop};
use crate::egdb::Egdb;
use crate::game::{Line, Status};
use crate::rules::{Outcome, Rules};
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
    /// Forfeit: the mover's process died, could not start, or its callable raised.
    Crash,
    /// Adjudicated by the endgame databases (`adjudicate_egdb`): the position was covered, and
    /// the game scored as perfect play from there would end it.
    Egdb,
    /// Forfeit: the mover exceeded its time (move time or game clock) by more than the grace.
    Timeout,
    /// Forfeit: the mover answered a move the rules do not allow here.
    IllegalMove,
    /// Forfeit: the mover answered something that is not a move, or broke its protocol.
    BadReply,
}

impl Termination {
    /// The name used in records and tables.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Repetition => "repetition",
            Termination::PlyCap => "ply-cap",
            Termination::Egdb => "egdb",
            Termination::Crash => "crash",
            Termination::Timeout => "timeout",
            Termination::IllegalMove => "illegal-move",
            Termination::BadReply => "bad-reply",
        }
    }

    /// Whether a side lost by forfeit rather than by the game's end.
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            Termination::Crash
                | Termination::Timeout
                | Termination::IllegalMove
                | Termination::BadReply
        )
    }

    /// The termination of a forfeit.
    pub fn of(forfeit: &Forfeit) -> Termination {
        match forfeit {
            Forfeit::Crash(_) => Termination::Crash,
            Forfeit::Timeout(_) => Termination::Timeout,
            Forfeit::Illegal(_) => Termination::IllegalMove,
            Forfeit::Garbage(_) => Termination::BadReply,
        }
    }
}

/// Who lost a game by forfeit, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitNote {
    /// The side that forfeited (it was to move): `"S"` or `"N"`.
    pub side: Side,
    /// Why, in words: the offending answer, the time taken, the engine's last lines of
    /// standard error.
    pub message: String,
}

/// One played game: a line of the `.games.jsonl` file.
///
/// A game lost by forfeit (`termination` `crash`, `timeout`, `illegal-move` or `bad-reply`)
/// names the side in `forfeit`, and its `stores` give every seed of the game to the other
/// side (as the four-row games' winner takes all): the forfeit counts as a loss by the whole
/// material, in the points and in the margin. Records written before forfeits, move times and
/// evaluations existed read with `forfeit` absent and `times_ms` and `evals` empty.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Final stores, South then North, in seeds (a forfeit: every seed to the winner).
    pub stores: [u32; 2],
    /// Why the game ended.
    pub termination: Termination,
    /// The side that forfeited and why; absent unless `termination` is a forfeit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<ForfeitNote>,
    /// Wall-clock milliseconds each move of `moves` took its agent (parallel to `moves`),
    /// measured to the microsecond (`2.137`: 2137 µs; records written before read as whole
    /// milliseconds). Not reproducible: left out of every comparison of runs.
    #[serde(default)]
    pub times_ms: Vec<f64>,
    /// Each agent's evaluation of the position it moved from, from the mover's point of view
    /// (parallel to `moves`; `null` where the agent gives none): `{"seeds": x}` or
    /// `{"points": p}` ([`Eval`]).
    #[serde(default)]
    pub evals: Vec<Option<Eval>>,
    /// A game played in rounds ([`Rules::next_round`]: Adi's house buying) lists every round
    /// here when it had more than one, in order; `moves` (and `times_ms`, `evals`) then hold
    /// the moves of all rounds one after the other, `stores` the last round's. Absent for a
    /// game of one round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundRecord>,
}

/// One round of a game played in rounds (a [`GameRecord`] of more than one round).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// The round's game string (later rounds name the state the earlier ones left, as Adi's
    /// `bought` houses and the `rounds` left).
    pub game: String,
    /// The round's start position text (the first round's: the game's, before the opening).
    pub start: String,
    /// How many of the record's `moves` belong to this round.
    pub plies: u32,
    /// The round's final stores, South then North, in seeds.
    pub stores: [u32; 2],
    /// Why the round ended.
    pub termination: Termination,
}

impl GameRecord {
    /// The position the game started from (before the opening): its `start`, else the game's
    /// start position.
    ///
    /// # Errors
    /// The `start` text does not parse as a position of `rules`' game.
    pub fn start_position<R: Rules>(
        &self,
        rules: &R,
    ) -> Result<R::Position, crate::core::ParsePositionError> {
        match &self.start {
            None => Ok(rules.start()),
            Some(text) => rules.parse_position(text),
        }
    }

    /// South's final store minus North's, in seeds.
    pub fn margin(&self) -> i32 {
        self.stores[0] as i32 - self.stores[1] as i32
    }

    /// Half-points of South (2 win, 1 draw, 0 loss); a side that forfeited scores 0.
    pub fn south_points(&self) -> u8 {
        match &self.forfeit {
            Some(f) if f.side == Side::South => return 0,
            Some(_) => return 2,
            None => {}
        }
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

/// Default grace margin past a side's time before it loses on time, milliseconds.
pub const DEFAULT_GRACE_MS: u64 = 1000;

/// The clocks of a run: a game clock per side with an increment, a limit per move, or both
/// (or neither), and the grace margin. Only agents held to the clock ([`Agent::timed`]: time
/// budgets and external players) lose on time; fixed-work agents never do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's clock at the start of a game, milliseconds (`--tc BASE+INC`).
    pub base_ms: Option<u64>,
    /// Added to the mover's clock after each of its moves, milliseconds.
    pub increment_ms: u64,
    /// Most time per move, milliseconds (`--movetime`).
    pub move_ms: Option<u64>,
    /// How far past its time a move may go before its side loses on time.
    pub grace_ms: u64,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            base_ms: None,
            increment_ms: 0,
            move_ms: None,
            grace_ms: DEFAULT_GRACE_MS,
        }
    }
}

impl TimeControl {
    /// Whether any clock is set.
    pub fn is_set(&self) -> bool {
        self.base_ms.is_some() || self.move_ms.is_some()
    }

    /// `Err(Timeout)` if a move that took `us` microseconds with `clock` went past its time by
    /// more than the grace.
    pub fn check(clock: &Clock, us: u64) -> Result<(), Forfeit> {
        let [took, g] = [us, clock.grace_us].map(ms_text);
        if let Some(m) = clock.move_us {
            if us > m.saturating_add(clock.grace_us) {
                return Err(Forfeit::Timeout(format!(
                    "the move took {took} ms: more than the move time of {} ms and the grace of {g} ms",
                    ms_text(m)
                )));
            }
        }
        if let Some(r) = clock.remaining_us {
            if us > r.saturating_add(clock.grace_us) {
                return Err(Forfeit::Timeout(format!(
                    "the move took {took} ms with {} ms left on the clock (grace {g} ms)",
                    ms_text(r)
                )));
            }
        }
        Ok(())
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
    /// A run grown to a larger `rounds`: the `rounds` of each earlier part, increasing (empty
    /// for a run never grown). The schedule plays each part after the one before.
    pub earlier_rounds: Vec<u64>,
    /// Plies of the enumerated openings (0: every game from the start position).
    pub opening_plies: u32,
    /// Where the games start (default: the game's start position).
    pub start: StartSpec,
    /// The run's seed.
    pub seed: u64,
    /// Most moves a game may last, opening included.
    pub max_plies: u32,
    /// The clocks.
    pub time: TimeControl,
    /// The endgame databases that adjudicate a game as soon as they cover its position
    /// (`None`: no adjudication by databases).
    pub adjudicate_egdb: Option<std::path::PathBuf>,
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

    /// Every game in schedule order: each pairing's pairs in turn; a grown run plays its
    /// earlier parts first (pairs `0..earlier_rounds[0]` of each pairing, then the next part's
    /// pairs, ...), so that its earlier games keep their numbers.
    pub fn schedule(&self) -> Vec<Slot> {
        let mut out = Vec::new();
        let mut from = 0;
        for to in self.earlier_rounds.iter().copied().chain([self.rounds]) {
            for &(i, j) in &self.pairings {
                for pair in from..to {
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
            from = to;
        }
        out
    }

    /// The seed of game `game`.
    pub fn game_seed(&self, game: u64) -> u64 {
        derive_seed(self.seed, game)
    }
}

/// The final stores of a game adjudicated by the databases `db` at `pos`: the game scored as
/// perfect play from `pos` ends it (the databases' value, which sees no earlier position to
/// repeat), or `None` if they do not cover `pos`.
pub fn adjudicated_stores<R: Rules>(rules: &R, db: &Egdb, pos: &R::Position) -> Option<[u32; 2]> {
    // The databases give the final store difference from the mover's side; the seeds on the
    // board split so that the stores end with that difference.
    let value = db.value(rules, pos)?;
    let board = rules.board_seeds(pos) as i32;
    let twice_mover = value - rules.store_difference(pos) + board;
    if twice_mover % 2 != 0 || !(0..=2 * board).contains(&twice_mover) {
        return None;
    }
    let mover = (twice_mover / 2) as u32;
    Some(rules.final_stores(
        pos,
        Outcome {
            mover,
            opponent: board as u32 - mover,
        },
    ))
}

/// Stores awarding every seed of the game at `pos` to the side that did not forfeit.
pub fn forfeit_stores<R: Rules>(rules: &R, pos: &R::Position, loser: Side) -> [u32; 2] {
    // Every seed: the stores and whatever the board holds (houses, hand, reserve).
    let board = Outcome {
        mover: rules.board_seeds(pos),
        opponent: 0,
    };
    let all: u32 = rules.final_stores(pos, board).iter().sum();
    match loser {
        Side::South => [0, all],
        Side::North => [all, 0],
    }
}

/// Plays game `slot` of `plan` and returns its record. Each move is timed; a side held to the
/// clock that goes past its time by more than the grace, or an agent that forfeits, loses.
/// A game played in rounds ([`Rules::next_round`]) goes on from round to round while its
/// rounds end by the rules (or by repetition); each round's agents are built afresh (round
/// `k` from 0: South with `derive_seed(game seed, 2k)`, North `2k + 1`), the ply cap and the
/// clocks' base times apply to each round, and the opening to the first.
///
/// `abandon` (a front end's stop, [`crate::core::Progress::stop`]) is handed to the agents in
/// their clocks; once it is reached the game is abandoned: `None`, no record.
pub fn play_game<R: Rules>(
    rules: &R,
    plan: &Plan,
    resources: &Resources,
    openings: &[Opening<R>],
    slot: Slot,
    abandon: &Stop,
) -> Option<GameRecord> {
    let seed = plan.game_seed(slot.game);
    let opening = &openings[(slot.pair % openings.len() as u64) as usize];
    let mut line = opening.line(rules);
    let (mut moves, mut times_ms, mut evals) = (Vec::new(), Vec::new(), Vec::new());
    let mut rounds = Vec::new();
    let mut later: Option<R> = None;
    for round in 0u64.. {
        let rules = later.as_ref().unwrap_or(rules);
        let round_start = line.positions()[0];
        let first_move = moves.len();
        let (termination, stores, forfeit) = play_round(
            rules,
            plan,
            resources,
            [slot.south, slot.north].map(|a| &plan.agents[a]),
            [2 * round, 2 * round + 1].map(|k| derive_seed(seed, k)),
            &mut line,
            &mut moves,
            &mut times_ms,
            &mut evals,
            abandon,
        )?;
        let next = match termination {
            Termination::Normal | Termination::Repetition => rules.next_round(&round_start, stores),
            _ => None,
        };
        if next.is_some() || !rounds.is_empty() {
            rounds.push(RoundRecord {
                game: rules.spec().to_string(),
                start: rules.format_position(&round_start),
                plies: (moves.len() - first_move) as u32,
                stores,
                termination,
            });
        }
        match next {
            Some((next_rules, start)) => {
                line = Line::new(start);
                later = Some(next_rules);
            }
            None => {
                return Some(GameRecord {
                    game: slot.game,
                    south: slot.south,
                    north: slot.north,
                    pair: slot.pair,
                    seed,
                    start: opening.start_text.clone(),
                    opening: opening.move_texts.clone(),
                    moves,
                    stores,
                    termination,
                    forfeit,
                    times_ms,
                    evals,
                    rounds,
                })
            }
        }
    }
    unreachable!("the rounds loop returns")
}

/// Plays one round of a game from `line` to its end, the agents of `specs` (South, North)
/// built with `seeds`, appending each move, its time and evaluation; returns how the round
/// ended, its final stores and the forfeit, if any (`None` once `abandon` is reached).
#[allow(clippy::too_many_arguments)]
fn play_round<R: Rules>(
    rules: &R,
    plan: &Plan,
    resources: &Resources,
    specs: [&AgentSpec; 2],
    seeds: [u64; 2],
    line: &mut Line<R>,
    moves: &mut Vec<String>,
    times_ms: &mut Vec<f64>,
    evals: &mut Vec<Option<Eval>>,
    abandon: &Stop,
) -> Option<(Termination, [u32; 2], Option<ForfeitNote>)> {
    let mut agents = [0, 1].map(|s| resources.build::<R>(rules, specs[s], seeds[s]));
    let time = plan.time;
    let us = |ms: u64| ms.saturating_mul(1000);
    let mut left = [time.base_ms.map(us); 2];
    let mut forfeit = None;
    let mut adjudicated = None;
    let termination = loop {
        match line.status(rules) {
            Status::Over(_) => break Termination::Normal,
            Status::Repeated(_) => break Termination::Repetition,
            Status::Ongoing => {}
        }
        if let Some(db) = resources.adjudicator() {
            adjudicated = adjudicated_stores(rules, db, line.current());
            if adjudicated.is_some() {
                break Termination::Egdb;
            }
        }
        if line.moves().len() >= plan.max_plies as usize {
            break Termination::PlyCap;
        }
        let side = rules.side_to_move(line.current());
        let s = side.index();
        let clock = Clock {
            remaining_us: left[s],
            opponent_remaining_us: left[1 - s],
            increment_us: us(time.increment_ms),
            move_us: time.move_ms.map(us),
            grace_us: us(time.grace_ms),
            stop: abandon.clone(),
        };
        let (choice, took) = timed_choice(&mut *agents[s], rules, line, &clock);
        if abandon.reached() {
            return None;
        }
        match choice {
            Err(f) => {
                let termination = Termination::of(&f);
                forfeit = Some(ForfeitNote {
                    side,
                    message: f.message().to_string(),
                });
                break termination;
            }
            Ok(c) => {
                if let Some(l) = &mut left[s] {
                    *l = l.saturating_sub(took) + clock.increment_us;
                }
                moves.push(line.play(rules, c.mv).expect("agents choose legal moves"));
                times_ms.push(took as f64 / 1000.0);
                evals.push(c.eval);
            }
        }
    };
    let pos = line.current();
    let stores = match (&forfeit, adjudicated) {
        (Some(f), _) => forfeit_stores(rules, pos, f.side),
        (None, Some(stores)) => stores,
        (None, None) => {
            let outcome = match line.status(rules) {
                Status::Over(o) | Status::Repeated(o) => o,
                Status::Ongoing => rules.repetition_outcome(pos),
            };
            rules.final_stores(pos, outcome)
        }
    };
    Some((termination, stores, forfeit))
}

/// `agent`'s choice at `line` with `clock`, and the microseconds it took; a timed agent that
/// went past its time by more than the grace forfeits ([`TimeControl::check`]).
pub fn timed_choice<R: Rules>(
    agent: &mut dyn Agent<R>,
    rules: &R,
    line: &Line<R>,
    clock: &Clock,
) -> (Result<crate::agents::Choice<R::Move>, Forfeit>, u64) {
    let start = std::time::Instant::now();
    let choice = agent.choose(rules, line, clock);
    let us = start.elapsed().as_micros() as u64;
    let choice = match choice {
        Ok(c) if agent.timed() => TimeControl::check(clock, us).map(|()| c),
        other => other,
    };
    (choice, us)
}

/// Plays the games of `slots`, from `openings` (as [`openings::prepare`] gives them), on
/// the current rayon pool, calling `done` with each record as it
/// finishes (in any order), until `stop` is set; games in progress when `abandon` is reached
/// are dropped ([`play_game`]). Returns the records in schedule order. Games
/// run concurrently, one per pool thread, unless an agent's own threads fill the pool: then
/// one game at a time, the agent's threads on the pool. The records do not depend on which.
pub fn play_games<R: Rules>(
    rules: &R,
    plan: &Plan,
    resources: &Resources,
    openings: &[Opening<R>],
    slots: &[Slot],
    stop: &AtomicBool,
    abandon: &Stop,
    done: &(dyn Fn(&GameRecord) + Sync),
) -> Vec<GameRecord> {
    use rayon::prelude::*;
    let play = |&slot: &Slot| {
        if stop.load(Relaxed) {
            return None;
        }
        let record = play_game(rules, plan, resources, openings, slot, abandon)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{dispatch, GameJob, GameSpec};

    /// Time is charged to the microsecond: a move 1 µs past the clock with no grace loses on
    /// time, one that uses the clock to the microsecond does not.
    #[test]
    fn a_clock_that_runs_out_by_microseconds_loses_on_time() {
        let clock = Clock {
            remaining_us: Some(1000),
            ..Clock::default()
        };
        assert!(TimeControl::check(&clock, 1000).is_ok());
        let e = TimeControl::check(&clock, 1001).unwrap_err();
        assert_eq!(
            e,
            Forfeit::Timeout(
                "the move took 1.001 ms with 1 ms left on the clock (grace 0 ms)".into()
            )
        );
        let clock = Clock {
            move_us: Some(2000),
            grace_us: 500,
            ..Clock::default()
        };
        assert!(TimeControl::check(&clock, 2500).is_ok());
        assert!(TimeControl::check(&clock, 2501).is_err());
    }

    /// The seeds a forfeit by South awards North at every position of a random game.
    struct Awarded;
    impl GameJob for Awarded {
        type Output = Vec<u32>;
        fn run<R: Rules>(self, rules: R) -> Vec<u32> {
            let mut r = rng(7);
            let mut line = Line::new(rules.start());
            let mut awarded = Vec::new();
            while line.status(&rules) == Status::Ongoing && line.moves().len() < 2000 {
                let stores = forfeit_stores(&rules, line.current(), Side::South);
                assert_eq!(stores[0], 0);
                awarded.push(stores[1]);
                let children = line.children(&rules);
                let c = children[uniform(&mut r, children.len())];
                line.push(&rules, c.mv, c.pos);
            }
            awarded
        }
    }

    /// A forfeit awards every seed of the game at any point of it: the seeds on the board, in
    /// the stores, in hand (Cups) and in reserve (Bao). Totals from the games' definitions
    /// (RULES.md): houses x seeds x 2; Cups 40 beans each; the four-row games 64.
    #[test]
    fn a_forfeit_awards_every_seed_of_the_game() {
        for (game, total) in [
            ("kalah(houses=4,seeds=3)", 24),
            ("oware", 48),
            ("awari", 48),
            ("woaley1", 48),
            ("adi", 48),
            ("giuti", 48),
            ("cups", 80),
            ("omweso", 64),
            ("bao-la-kete", 64),
            ("bao-la-kiswahili", 64),
            ("lela", 42),
        ] {
            let spec: GameSpec = game.parse().unwrap();
            let awarded = dispatch(&spec, Awarded);
            assert!(awarded.len() >= 2, "{game}: {awarded:?}");
            assert!(
                awarded.iter().all(|&a| a == total),
                "{game}: {awarded:?} against {total}"
            );
        }
    }
}
