//! Agents: programs that choose moves, for matches, tournaments and play.
//!
//! Every agent is generic over [`Rules`], named by an agent string ([`AgentSpec`], in the style
//! of game strings) and built with a 64-bit seed: all its randomness comes from a ChaCha8
//! generator seeded with it, so an agent with a fixed work budget ([`Budget::Work`]) plays the
//! same moves for the same seed on any machine and with any number of match threads.
//!
//! Agents choose among the legal moves of the current position of a [`Line`] (so games with
//! the repetition rule see the history).

pub mod alphabeta;
pub mod engine;
pub mod external;
pub mod mcts;
mod resources;
pub mod search;
pub mod spec;

pub use external::{Clock, ExternalFactory, ExternalPlayer, Forfeit, MoveReply, MoveRequest};
pub use resources::Resources;
pub use spec::{AgentSpec, Budget, MctsConfig, Parallel, ParseAgentError, Rollout, SearchConfig};

pub use crate::core::random::{derive_seed, rng, uniform, Rng};
use crate::core::Side;
use crate::egdb::Egdb;
use crate::game::Line;
use crate::rules::{Child, Children, Outcome, Rules};
use std::sync::Arc;

/// An agent's evaluation of the position it moves from, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Eval {
    /// The final store difference the agent expects, in seeds (alpha-beta's and the
    /// databases' value; an engine's `info score seeds X`). JSON `{"seeds": X}`.
    Seeds(f64),
    /// The points the agent expects from the game, 0 (loss) to 1 (win), ½ a draw (MCTS's
    /// value estimate; an engine's `info score points P`). JSON `{"points": P}`.
    Points(f64),
}

/// A move chosen, with the agent's evaluation if it gives one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice<M> {
    /// The move, legal at the position.
    pub mv: M,
    /// The evaluation of the position moved from, from the mover's point of view.
    pub eval: Option<Eval>,
}

impl<M> Choice<M> {
    /// A move without an evaluation.
    pub fn plain(mv: M) -> Choice<M> {
        Choice { mv, eval: None }
    }
}

/// What a searching agent reports of its last choice beyond its evaluation (the engine
/// protocol's `info depth N nodes N time MS pv ...`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// Deepest iteration finished, plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub millis: u64,
    /// The moves the agent expects from the position, in the game's notation.
    pub pv: Vec<String>,
}

/// A move chooser.
pub trait Agent<R: Rules>: Send {
    /// Chooses a legal move at the current position of `line`, which is not over; `clock` is
    /// the mover's (time-budgeted agents spend at most [`Clock::share`] of it, fixed-work
    /// agents ignore it).
    ///
    /// # Errors
    /// [`Forfeit`] if the agent cannot move (only external players fail): it loses the game.
    fn choose(
        &mut self,
        rules: &R,
        line: &Line<R>,
        clock: &Clock,
    ) -> Result<Choice<R::Move>, Forfeit>;

    /// Whether the agent is held to the clock: it loses on time when a move exceeds its time
    /// by more than the grace margin. True for time-budgeted and external agents; fixed-work
    /// agents are never held to it, so that their games stay reproducible.
    fn timed(&self) -> bool {
        false
    }

    /// Depth, nodes, time and principal variation of the last choice, for agents that search
    /// (`None` for the others).
    fn info(&self) -> Option<SearchInfo> {
        None
    }
}

/// Why an agent could not be built.
#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    /// `human` where no one can type.
    #[error("agent `human` plays only in `mancala play`")]
    HumanNotHere,
    /// `python(name=NAME)` with no player registered under that name.
    #[error("agent `{agent}`: no player is registered under `{name}` in this process{known}")]
    NotRegistered {
        /// The agent string.
        agent: String,
        /// The name.
        name: String,
        /// The names registered, as a clause (empty if none).
        known: String,
    },
    /// An engine program that cannot be started or does not answer the protocol's handshake.
    #[error("agent `{agent}`: {error}")]
    Engine {
        /// The agent string.
        agent: String,
        /// Why.
        error: String,
    },
    /// The databases of an `egdb` agent could not be opened.
    #[error("agent `{agent}`: {error} (`dir` is the game's database directory, as `mancala egdb build` names it under its --out: e.g. databases/kalah)")]
    Egdb {
        /// The agent string.
        agent: String,
        /// Why.
        error: crate::egdb::EgdbError,
    },
    /// The evaluation an agent asks for cannot be made for the game.
    #[error("agent `{agent}`: {error}")]
    Eval {
        /// The agent string.
        agent: String,
        /// Why.
        error: crate::eval::EvalError,
    },
}

/// Final store difference South minus North of a game over at `pos` with `outcome`.
pub fn south_margin<R: Rules>(rules: &R, pos: &R::Position, outcome: Outcome) -> i32 {
    let [south, north] = rules.final_stores(pos, outcome);
    south as i32 - north as i32
}

/// What the mover of `pos` gains by moving to `child`, in seeds: the change of the game's
/// evaluation ([`Rules::evaluate`]: the mover's store minus the opponent's in games with stores,
/// material in the four-row games), with the final value if the move ends the game.
#[inline]
pub fn immediate_gain<R: Rules>(rules: &R, pos: &R::Position, child: &Child<R>) -> i32 {
    let mut after = match rules.outcome(&child.pos) {
        Some(o) => rules.store_difference(&child.pos) + o.value(),
        None => rules.evaluate(&child.pos),
    };
    if rules.side_to_move(&child.pos) != rules.side_to_move(pos) {
        after = -after;
    }
    after - rules.evaluate(pos)
}

/// The child with the largest immediate gain, ties broken uniformly at random.
#[inline]
pub fn greedy_index<R: Rules>(
    rules: &R,
    pos: &R::Position,
    children: &Children<R>,
    rng: &mut Rng,
) -> usize {
    let (mut best, mut best_gain, mut ties) = (0, i32::MIN, 0u32);
    for (i, c) in children.iter().enumerate() {
        let g = immediate_gain(rules, pos, c);
        if g > best_gain {
            (best, best_gain, ties) = (i, g, 1);
        } else if g == best_gain {
            // Reservoir sampling over the tied moves.
            ties += 1;
            if uniform(rng, ties as usize) == 0 {
                best = i;
            }
        }
    }
    best
}

struct RandomAgent {
    rng: Rng,
}

impl<R: Rules> Agent<R> for RandomAgent {
    fn choose(&mut self, rules: &R, line: &Line<R>, _: &Clock) -> Result<Choice<R::Move>, Forfeit> {
        let children = line.children(rules);
        Ok(Choice::plain(
            children[uniform(&mut self.rng, children.len())].mv,
        ))
    }
}

struct GreedyAgent {
    rng: Rng,
}

impl<R: Rules> Agent<R> for GreedyAgent {
    fn choose(&mut self, rules: &R, line: &Line<R>, _: &Clock) -> Result<Choice<R::Move>, Forfeit> {
        let children = line.children(rules);
        Ok(Choice::plain(
            children[greedy_index(rules, line.current(), &children, &mut self.rng)].mv,
        ))
    }
}

/// Perfect play from the databases where they cover the position, a best move chosen at
/// random among the equally good ones; elsewhere the fallback agent moves.
///
/// The databases value a position as if no earlier position could be repeated. In games with
/// the repetition rule the agent therefore values a move that repeats a position of the game
/// (the game ends there, RULES.md §0) by the repetition rule, and every other move by the
/// databases: exact right after a capture, and otherwise blind only to longer cycles.
struct EgdbAgent<R: Rules> {
    db: Arc<Egdb>,
    fallback: Box<dyn Agent<R>>,
    rng: Rng,
}

/// The best moves of the current position of `line` by the databases `db` and their value
/// (final store difference, seeds, from the mover's side), or `None` where they do not reach.
/// A move that repeats a position of the game is valued by the repetition rule.
pub(crate) fn egdb_best_moves<R: Rules>(
    db: &Egdb,
    rules: &R,
    line: &Line<R>,
) -> Option<(i32, Vec<R::Move>)> {
    let pos = line.current();
    if rules.board_seeds(pos) > db.max_seeds()? {
        return None;
    }
    let window = line.repetition_window(rules);
    let side = rules.side_to_move(pos);
    let mut best: (i32, Vec<R::Move>) = (i32::MIN, Vec::new());
    for c in line.children(rules) {
        let mut seen = window.to_vec();
        seen.push(*pos);
        let v = if crate::rules::repeats(rules, &seen, &c.pos) {
            rules.store_difference(&c.pos) + rules.repetition_outcome(&c.pos).value()
        } else {
            db.value(rules, &c.pos)?
        };
        let v = if rules.side_to_move(&c.pos) == side {
            v
        } else {
            -v
        };
        if v > best.0 {
            best = (v, vec![c.mv]);
        } else if v == best.0 {
            best.1.push(c.mv);
        }
    }
    Some(best)
}

impl<R: Rules> Agent<R> for EgdbAgent<R> {
    fn choose(
        &mut self,
        rules: &R,
        line: &Line<R>,
        clock: &Clock,
    ) -> Result<Choice<R::Move>, Forfeit> {
        match egdb_best_moves(&self.db, rules, line) {
            Some((value, moves)) if !moves.is_empty() => Ok(Choice {
                mv: moves[uniform(&mut self.rng, moves.len())],
                eval: Some(Eval::Seeds(value as f64)),
            }),
            _ => self.fallback.choose(rules, line, clock),
        }
    }

    fn timed(&self) -> bool {
        self.fallback.timed()
    }
}

/// The side that wins a game with final margin `south_margin` (South minus North), if any.
pub fn winner(south_margin: i32) -> Option<Side> {
    match south_margin.cmp(&0) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    }
}
