//! Agents for the games of three and four players: `random`, `greedy`, `alphabeta` (paranoid
//! or max-n, `mode=`) and `mcts` (a reward per player).
//!
//! Agent strings as for two players (`name(key=value,...)`):
//! * `random`: a legal move uniformly at random.
//! * `greedy`: the move that adds most to the mover's hand (ties at random).
//! * `alphabeta(depth=D, mode=paranoid|maxn)`: a depth-limited search (default depth 4,
//!   `mode=paranoid`). The evaluation at the horizon is each player's score now (hand plus own
//!   houses, [`NGame::scores`]). Paranoid (Sturtevant & Korf 2000): the mover maximises their
//!   own score and the others minimise it, with alpha-beta pruning. Max-n (Luckhardt & Irani
//!   1986): every player maximises their own, ties to the first move; no pruning.
//! * `mcts(iterations=N, c=C)`: UCT (default 1,000 iterations, `c` = 1.4): each node's
//!   statistics are from the view of the player who moved into it, and the reward of a
//!   playout to the end (uniformly random moves, at most [`PLAYOUT_PLIES`] plies) is each
//!   player's final score over the seeds in all.
//!
//! Every random choice is drawn from a ChaCha8 generator seeded by the game, so a seed and the
//! agents fully determine a game.

use super::{NGame, NMove, NPosition, Scores, MAX_MOVES, MAX_PLAYERS};
use crate::core::keyvalue::{self, KeyValues};
use arrayvec::ArrayVec;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// Most plies of an MCTS playout (then the game is scored as it stands).
pub const PLAYOUT_PLIES: usize = 1000;

/// The deepest `alphabeta(depth=D)`, plies.
pub const MAX_DEPTH: u32 = 64;

/// The search of an `alphabeta` agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One player against the coalition of the rest.
    Paranoid,
    /// Every player for themselves.
    MaxN,
}

/// An n-player agent string, parsed.
#[derive(Clone, Debug, PartialEq)]
pub enum NAgentSpec {
    /// `random`.
    Random,
    /// `greedy`.
    Greedy,
    /// `alphabeta(depth=D,mode=M)`.
    AlphaBeta {
        /// Plies.
        depth: u32,
        /// Paranoid or max-n.
        mode: Mode,
    },
    /// `mcts(iterations=N,c=C)`.
    Mcts {
        /// Playouts a move.
        iterations: u32,
        /// Exploration constant.
        c: f64,
    },
}

/// Why an n-player agent string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("agent `{agent}`: {why}")]
pub struct NAgentError {
    /// The agent string.
    pub agent: String,
    /// What is wrong, naming the token.
    pub why: String,
}

impl std::str::FromStr for NAgentSpec {
    type Err = NAgentError;

    fn from_str(text: &str) -> Result<NAgentSpec, NAgentError> {
        let bad = |why: String| NAgentError {
            agent: text.to_string(),
            why,
        };
        let name = text.split('(').next().unwrap_or("").trim();
        if !matches!(name, "random" | "greedy" | "alphabeta" | "mcts") {
            return Err(bad(format!(
                "`{name}` does not play games of three or four players (agents: random, greedy, \
                 alphabeta, mcts)"
            )));
        }
        let mut kv = KeyValues::parse(text, false, |_| true)
            .map_err(|_| bad("not of the form `name` or `name(key=value,...)`".to_string()))?;
        let wrap = |e: keyvalue::KeyValueError| match e {
            keyvalue::KeyValueError::BadValue {
                key,
                value,
                expected,
                ..
            } => bad(format!("`{key}={value}` is not valid: expected {expected}")),
            keyvalue::KeyValueError::UnknownKey { key, keys, .. } => {
                bad(format!("no key `{key}` (keys: {keys})"))
            }
            keyvalue::KeyValueError::DuplicateKey { key, .. } => {
                bad(format!("key `{key}` is given twice"))
            }
            keyvalue::KeyValueError::Syntax { .. } => {
                bad("not of the form `name` or `name(key=value,...)`".to_string())
            }
        };
        let spec = match kv.name() {
            "random" => {
                kv.finish(&[]).map_err(wrap)?;
                NAgentSpec::Random
            }
            "greedy" => {
                kv.finish(&[]).map_err(wrap)?;
                NAgentSpec::Greedy
            }
            "alphabeta" => {
                let depth = kv
                    .number("depth", 1, MAX_DEPTH.into())
                    .map_err(wrap)?
                    .unwrap_or(4) as u32;
                let mode = kv
                    .choice(
                        "mode",
                        &[("paranoid", Mode::Paranoid), ("maxn", Mode::MaxN)],
                    )
                    .map_err(wrap)?
                    .unwrap_or(Mode::Paranoid);
                kv.finish(&["depth", "mode"]).map_err(wrap)?;
                NAgentSpec::AlphaBeta { depth, mode }
            }
            "mcts" => {
                let iterations = kv
                    .number("iterations", 1, 100_000_000)
                    .map_err(wrap)?
                    .unwrap_or(1000) as u32;
                let c = kv
                    .value(
                        "c",
                        |v| v.parse::<f64>().ok().filter(|c| c.is_finite() && *c >= 0.0),
                        "a number 0 or more",
                    )
                    .map_err(wrap)?
                    .unwrap_or(1.4);
                kv.finish(&["c", "iterations"]).map_err(wrap)?;
                NAgentSpec::Mcts { iterations, c }
            }
            name => {
                return Err(bad(format!(
                    "`{name}` does not play games of three or four players (agents: random, \
                     greedy, alphabeta, mcts)"
                )))
            }
        };
        Ok(spec)
    }
}

impl fmt::Display for NAgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NAgentSpec::Random => f.write_str("random"),
            NAgentSpec::Greedy => f.write_str("greedy"),
            NAgentSpec::AlphaBeta { depth, mode } => write!(
                f,
                "alphabeta(depth={depth},mode={})",
                match mode {
                    Mode::Paranoid => "paranoid",
                    Mode::MaxN => "maxn",
                }
            ),
            NAgentSpec::Mcts { iterations, c } => write!(f, "mcts(c={c},iterations={iterations})"),
        }
    }
}

fn legal(game: &NGame, pos: &NPosition) -> ArrayVec<NMove, MAX_MOVES> {
    let mut moves = ArrayVec::new();
    game.moves(pos, &mut moves);
    moves
}

/// A uniform draw from `0..n`.
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

impl NAgentSpec {
    /// The agent with a budget of `depth` plies (alphabeta, at most [`MAX_DEPTH`]) or `nodes`
    /// playouts (mcts, at most `u32::MAX`) where it has that budget and the limit is given; as
    /// it is otherwise (the engine protocol's `go depth N` and `go nodes N`).
    pub fn limited(&self, depth: Option<u64>, nodes: Option<u64>) -> NAgentSpec {
        match (self, depth, nodes) {
            (NAgentSpec::AlphaBeta { mode, .. }, Some(d), _) => NAgentSpec::AlphaBeta {
                depth: d.min(MAX_DEPTH.into()) as u32,
                mode: *mode,
            },
            (NAgentSpec::Mcts { c, .. }, _, Some(n)) => NAgentSpec::Mcts {
                iterations: n.min(u32::MAX.into()) as u32,
                c: *c,
            },
            (agent, _, _) => agent.clone(),
        }
    }

    /// The agent's move at `pos` (a position with a move), drawing from `rng`.
    pub fn choose(&self, game: &NGame, pos: &NPosition, rng: &mut ChaCha8Rng) -> NMove {
        let moves = legal(game, pos);
        debug_assert!(
            !moves.is_empty(),
            "an agent is asked only where a move exists"
        );
        match *self {
            NAgentSpec::Random => moves[below(rng, moves.len())],
            NAgentSpec::Greedy => {
                let p = pos.mover as usize;
                let gain = |mv: NMove| game.play(pos, mv).hands[p];
                let best = moves.iter().map(|&mv| gain(mv)).max().unwrap_or(0);
                let top: ArrayVec<NMove, MAX_MOVES> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| gain(mv) == best)
                    .collect();
                top[below(rng, top.len())]
            }
            NAgentSpec::AlphaBeta { depth, mode } => {
                let p = pos.mover as usize;
                let mut best = (moves[0], i64::MIN);
                for &mv in &moves {
                    let child = game.play(pos, mv);
                    let v = match mode {
                        Mode::Paranoid => {
                            paranoid_ab(game, &child, p, depth - 1, i64::MIN, i64::MAX)
                        }
                        Mode::MaxN => maxn_depth(game, &child, depth - 1)[p] as i64,
                    };
                    if v > best.1 {
                        best = (mv, v);
                    }
                }
                best.0
            }
            NAgentSpec::Mcts { iterations, c } => mcts(game, pos, iterations, c, rng),
        }
    }
}

/// Paranoid alpha-beta for player `q`: `q`'s score at the horizon.
fn paranoid_ab(game: &NGame, pos: &NPosition, q: usize, depth: u32, mut a: i64, mut b: i64) -> i64 {
    if depth == 0 || game.is_over(pos) {
        return game.scores(pos)[q] as i64;
    }
    let moves = legal(game, pos);
    let maximise = pos.mover as usize == q;
    let mut best = if maximise { i64::MIN } else { i64::MAX };
    for &mv in &moves {
        let v = paranoid_ab(game, &game.play(pos, mv), q, depth - 1, a, b);
        if maximise {
            best = best.max(v);
            a = a.max(v);
        } else {
            best = best.min(v);
            b = b.min(v);
        }
        if a >= b {
            break;
        }
    }
    best
}

/// Depth-limited max-n: the score vector at the horizon (ties to the first move).
fn maxn_depth(game: &NGame, pos: &NPosition, depth: u32) -> Scores {
    if depth == 0 || game.is_over(pos) {
        return game.scores(pos);
    }
    let p = pos.mover as usize;
    let mut best: Option<Scores> = None;
    for &mv in &legal(game, pos) {
        let v = maxn_depth(game, &game.play(pos, mv), depth - 1);
        if best.is_none_or(|b| v[p] > b[p]) {
            best = Some(v);
        }
    }
    best.expect("a game not over has a move")
}

struct Node {
    pos: NPosition,
    moves: ArrayVec<NMove, MAX_MOVES>,
    children: ArrayVec<usize, MAX_MOVES>,
    visits: f64,
    /// Reward sums for each player.
    reward: [f64; MAX_PLAYERS],
    /// The player who moved into this node (the root: none).
    by: Option<usize>,
}

/// UCT from `pos`: the most visited move after `iterations` playouts.
fn mcts(game: &NGame, pos: &NPosition, iterations: u32, c: f64, rng: &mut ChaCha8Rng) -> NMove {
    let total = game.total_seeds().max(1) as f64;
    let new_node = |pos: NPosition, by: Option<usize>| Node {
        pos,
        moves: if game.is_over(&pos) {
            ArrayVec::new()
        } else {
            legal(game, &pos)
        },
        children: ArrayVec::new(),
        visits: 0.0,
        reward: [0.0; MAX_PLAYERS],
        by,
    };
    let mut tree = vec![new_node(*pos, None)];
    let mut path = Vec::new();
    for _ in 0..iterations {
        path.clear();
        let mut at = 0;
        path.push(at);
        // Selection: descend while every move has a child.
        while !tree[at].moves.is_empty() && tree[at].children.len() == tree[at].moves.len() {
            let ln = tree[at].visits.max(1.0).ln();
            let mut best = (tree[at].children[0], f64::MIN);
            for &ch in &tree[at].children {
                let n = &tree[ch];
                let who = n.by.expect("a child has a mover");
                let u = n.reward[who] / n.visits + c * (ln / n.visits).sqrt();
                if u > best.1 {
                    best = (ch, u);
                }
            }
            at = best.0;
            path.push(at);
        }
        // Expansion: the next untried move.
        if tree[at].children.len() < tree[at].moves.len() {
            let mv = tree[at].moves[tree[at].children.len()];
            let child = game.play(&tree[at].pos, mv);
            let by = tree[at].pos.mover as usize;
            tree.push(new_node(child, Some(by)));
            let id = tree.len() - 1;
            tree[at].children.push(id);
            at = id;
            path.push(at);
        }
        // Playout.
        let mut p = tree[at].pos;
        for _ in 0..PLAYOUT_PLIES {
            if game.is_over(&p) {
                break;
            }
            let moves = legal(game, &p);
            p = game.play(&p, moves[below(rng, moves.len())]);
        }
        let scores = game.scores(&p);
        for &id in &path {
            let n = &mut tree[id];
            n.visits += 1.0;
            for (r, s) in n.reward.iter_mut().zip(scores) {
                *r += s as f64 / total;
            }
        }
    }
    let root = &tree[0];
    let mut best = (0, -1.0);
    for (k, &ch) in root.children.iter().enumerate() {
        if tree[ch].visits > best.1 {
            best = (k, tree[ch].visits);
        }
    }
    root.moves[best.0]
}

/// A generator for game `index` of a run of seed `seed`, seat `seat`.
pub fn rng_for(seed: u64, index: u64, seat: usize) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    r.set_stream(index.wrapping_mul(MAX_PLAYERS as u64) + seat as u64);
    r
}
