//! The `mcts` agent: Monte Carlo tree search with UCT selection (Kocsis & Szepesvári 2006),
//! random or greedy rollouts, MCTS-Solver (Winands, Björnsson & Saito 2008) and two kinds of
//! parallelism (Chaslot, Winands & van den Herik 2008).
//!
//! * **Rewards** are game results, not margins: 1 for a win, ½ for a draw, 0 for a loss, kept
//!   as integer half-points. Every node holds the rewards of the player who made the move into
//!   it, so selection at a node maximises `Q + c·sqrt(ln N / n)` over its children from the
//!   point of view of the player to move there, extra turns included.
//! * **Expansion**: a leaf is expanded (all its children created at once) on its second visit;
//!   the first visit of a node runs a rollout from it. A rollout plays to the end of the game,
//!   or for at most [`ROLLOUT_PLIES`] moves, after which the game is scored as if it had ended
//!   by repetition (RULES.md §0). The repetition rule is not applied inside the tree.
//! * **Solver**: with `solver=true` a finished position is a proven result; a node whose player
//!   to move has a proven-winning child, or all of whose children are proven, is proven in turn;
//!   selection skips children proven lost, and the search stops early once the root is proven.
//! * **Root parallelism** (`parallel=root`, default): `threads` independent trees, each with its
//!   own generator (seeded from the agent's) and an equal share of the iterations, on the
//!   current rayon pool; the root statistics are summed. The move depends on the seed and the
//!   number of trees only, not on how the pool schedules them.
//! * **Tree parallelism** (`parallel=tree`): one tree shared by `threads` workers with a virtual
//!   loss (a visit counted on the way down, its reward added on the way up). Threads race, so
//!   moves are not reproducible.
//! * **The move played**: a proven win if there is one; else the most visited child that is not
//!   proven lost (ties: the higher mean reward, then move order).
//!
//! No allocation per simulation: nodes live in a vector kept from move to move (its capacity
//! grows to the largest tree), children are generated into fixed-capacity lists.

use super::{
    derive_seed, greedy_index, rng, south_margin, uniform, Agent, Budget, MctsConfig, Parallel,
    Rng, Rollout,
};
use crate::core::Side;
use crate::game::Line;
use crate::rules::{Children, Rules};
use rand_chacha::rand_core::RngCore;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Most moves a rollout plays before it is scored (games that can cycle).
pub const ROLLOUT_PLIES: u32 = 1000;
/// Simulations between two looks at the clock.
const CLOCK_EVERY: u64 = 64;

/// A proof: the game's result under perfect play from South's side, in half-points (2 South
/// wins, 1 draw, 0 North wins), or unknown.
type Proof = u8;
const UNPROVEN: Proof = 3;

/// Half-points of `side` for a South result of `south` half-points.
#[inline(always)]
fn points_of(side: Side, south: u8) -> u8 {
    match side {
        Side::South => south,
        Side::North => 2 - south,
    }
}

/// South's half-points of a finished game at `pos`.
#[inline]
fn result_of<R: Rules>(rules: &R, pos: &R::Position, outcome: crate::rules::Outcome) -> u8 {
    match south_margin(rules, pos, outcome).signum() {
        1 => 2,
        0 => 1,
        _ => 0,
    }
}

/// South's half-points of a rollout from `pos`.
pub fn rollout<R: Rules>(rules: &R, pos: &R::Position, policy: Rollout, rng: &mut Rng) -> u8 {
    let mut pos = *pos;
    let mut children = Children::<R>::new();
    for _ in 0..ROLLOUT_PLIES {
        if let Some(o) = rules.outcome(&pos) {
            return result_of(rules, &pos, o);
        }
        children.clear();
        rules.children(&pos, &mut children);
        let i = match policy {
            Rollout::Random => uniform(rng, children.len()),
            Rollout::Greedy => greedy_index(rules, &pos, &children, rng),
        };
        pos = children[i].pos;
    }
    match rules.outcome(&pos) {
        Some(o) => result_of(rules, &pos, o),
        None => result_of(rules, &pos, rules.repetition_outcome(&pos)),
    }
}

struct Node<R: Rules> {
    pos: R::Position,
    mv: R::Move,
    /// Who moved into this node.
    mover: Side,
    /// Index of the first child; 0 while not expanded (the root is node 0, never a child).
    first: u32,
    children: u8,
    proof: Proof,
    visits: u32,
    /// Half-points of `mover` over the visits.
    points: u64,
}

/// One search tree.
pub struct Tree<R: Rules> {
    nodes: Vec<Node<R>>,
    path: Vec<u32>,
}

impl<R: Rules> Default for Tree<R> {
    fn default() -> Self {
        Tree {
            nodes: Vec::new(),
            path: Vec::new(),
        }
    }
}

/// Root statistics of one child: what the move choice needs.
#[derive(Clone, Copy, Debug)]
pub struct RootChild<M> {
    /// The move.
    pub mv: M,
    /// Visits.
    pub visits: u64,
    /// Half-points of the root's mover.
    pub points: u64,
    /// Proof (South's half-points) or [`UNPROVEN`].
    proof: Proof,
}

impl<R: Rules> Tree<R> {
    /// Starts a new search at `root` (not over).
    fn reset(&mut self, rules: &R, root: &R::Position) {
        self.nodes.clear();
        let mut children = Children::<R>::new();
        rules.children(root, &mut children);
        self.nodes.push(Node {
            pos: *root,
            mv: children[0].mv,
            mover: rules.side_to_move(root).opponent(),
            first: 0,
            children: 0,
            proof: UNPROVEN,
            visits: 0,
            points: 0,
        });
        self.expand(rules, 0, true);
    }

    fn expand(&mut self, rules: &R, n: usize, solver: bool) {
        let mut children = Children::<R>::new();
        let pos = self.nodes[n].pos;
        rules.children(&pos, &mut children);
        let first = self.nodes.len() as u32;
        let mover = rules.side_to_move(&pos);
        for c in &children {
            let proof = match rules.outcome(&c.pos) {
                Some(o) => result_of(rules, &c.pos, o),
                None => UNPROVEN,
            };
            self.nodes.push(Node {
                pos: c.pos,
                mv: c.mv,
                mover,
                first: 0,
                children: 0,
                proof,
                visits: 0,
                points: 0,
            });
        }
        let node = &mut self.nodes[n];
        node.first = first;
        node.children = children.len() as u8;
        if solver {
            self.update_proof(rules, n);
        }
    }

    /// Sets the proof of expanded node `n` from its children's (MCTS-Solver): a proven win
    /// for the player to move if a child is one, else the best of the children if all are
    /// proven.
    fn update_proof(&mut self, rules: &R, n: usize) {
        let node = &self.nodes[n];
        let side = rules.side_to_move(&node.pos);
        let (first, count) = (node.first as usize, node.children as usize);
        let (mut best, mut all) = (0u8, true);
        for c in &self.nodes[first..first + count] {
            if c.proof == UNPROVEN {
                all = false;
                continue;
            }
            let p = points_of(side, c.proof);
            if p == 2 {
                self.nodes[n].proof = points_of(side, 2);
                return;
            }
            best = best.max(p);
        }
        if all {
            self.nodes[n].proof = points_of(side, best);
        }
    }

    /// The child of `n` to descend to (UCT; with the solver, children proven lost for the
    /// player to move are skipped while others remain).
    #[inline]
    fn select(&self, rules: &R, n: usize, c_uct: f64, solver: bool) -> usize {
        let node = &self.nodes[n];
        let side = rules.side_to_move(&node.pos);
        let (first, count) = (node.first as usize, node.children as usize);
        let log_n = (node.visits.max(1) as f64).ln();
        let mut best = first;
        let mut best_score = f64::NEG_INFINITY;
        for i in first..first + count {
            let c = &self.nodes[i];
            if solver && c.proof != UNPROVEN && points_of(side, c.proof) == 0 {
                continue;
            }
            if c.visits == 0 {
                return i;
            }
            let mean = c.points as f64 / (2.0 * c.visits as f64);
            let score = mean + c_uct * (log_n / c.visits as f64).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// One simulation: select, expand, roll out, back up.
    fn simulate(&mut self, rules: &R, config: &MctsConfig, rng: &mut Rng) {
        self.path.clear();
        self.path.push(0);
        let mut n = 0usize;
        let result = loop {
            let node = &self.nodes[n];
            if node.proof != UNPROVEN {
                break node.proof;
            }
            if node.first == 0 {
                if node.visits == 0 {
                    break rollout(rules, &node.pos, config.rollout, rng);
                }
                self.expand(rules, n, config.solver);
                if self.nodes[n].proof != UNPROVEN {
                    break self.nodes[n].proof;
                }
            }
            n = self.select(rules, n, config.c, config.solver);
            self.path.push(n as u32);
        };
        let mut child_proven = self.nodes[n].proof != UNPROVEN;
        for k in (0..self.path.len()).rev() {
            let i = self.path[k] as usize;
            if config.solver
                && child_proven
                && self.nodes[i].proof == UNPROVEN
                && self.nodes[i].first != 0
            {
                self.update_proof(rules, i);
            }
            child_proven = self.nodes[i].proof != UNPROVEN;
            let node = &mut self.nodes[i];
            node.visits += 1;
            node.points += points_of(node.mover, result) as u64;
        }
    }

    /// Runs simulations from `root` until `iterations` are done or `deadline` passes (or the
    /// root is proven, with the solver).
    pub fn search(
        &mut self,
        rules: &R,
        root: &R::Position,
        config: &MctsConfig,
        iterations: u64,
        deadline: Option<Instant>,
        rng: &mut Rng,
    ) -> u64 {
        self.reset(rules, root);
        let mut done = 0;
        while done < iterations && self.nodes[0].proof == UNPROVEN {
            self.simulate(rules, config, rng);
            done += 1;
            if done % CLOCK_EVERY == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        done
    }

    /// The root's children with their statistics.
    pub fn root_children(&self) -> impl Iterator<Item = RootChild<R::Move>> + '_ {
        let root = &self.nodes[0];
        let (first, count) = (root.first as usize, root.children as usize);
        self.nodes[first..first + count].iter().map(|c| RootChild {
            mv: c.mv,
            visits: c.visits as u64,
            points: c.points,
            proof: c.proof,
        })
    }
}

/// The move to play from summed root statistics (see the module doc), for `side` to move.
pub fn choose_move<M: Copy>(side: Side, children: &[RootChild<M>]) -> M {
    if let Some(win) = children
        .iter()
        .find(|c| c.proof != UNPROVEN && points_of(side, c.proof) == 2)
    {
        return win.mv;
    }
    let all_proven = children.iter().all(|c| c.proof != UNPROVEN);
    let key = |c: &RootChild<M>| {
        let proof_rank = if all_proven {
            points_of(side, c.proof) as i64
        } else if c.proof != UNPROVEN && points_of(side, c.proof) == 0 {
            -1
        } else {
            0
        };
        let mean = if c.visits == 0 {
            0.0
        } else {
            c.points as f64 / c.visits as f64
        };
        (proof_rank, c.visits, mean)
    };
    let mut best = &children[0];
    for c in &children[1..] {
        if key(c).partial_cmp(&key(best)) == Some(std::cmp::Ordering::Greater) {
            best = c;
        }
    }
    best.mv
}

/// The agent: its trees and generator are kept from move to move.
pub struct MctsAgent<R: Rules> {
    config: MctsConfig,
    rng: Rng,
    trees: Vec<Tree<R>>,
    /// Simulations of the last move (all trees).
    pub last_simulations: u64,
}

impl<R: Rules> MctsAgent<R> {
    /// An agent with `config` and randomness from `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> MctsAgent<R> {
        MctsAgent {
            config,
            rng: rng(seed),
            trees: Vec::new(),
            last_simulations: 0,
        }
    }

    /// Searches `root` (not over) and returns the summed root statistics.
    pub fn think(&mut self, rules: &R, root: &R::Position) -> Vec<RootChild<R::Move>> {
        let config = self.config;
        let trees = match config.parallel {
            Parallel::Root => config.threads.max(1),
            Parallel::Tree => 1,
        };
        self.trees.resize_with(trees, Tree::default);
        let (iterations, deadline) = match config.budget {
            Budget::Work(n) => (n, None),
            Budget::Millis(ms) => (u64::MAX, Some(Instant::now() + Duration::from_millis(ms))),
        };
        let seed = self.rng.next_u64();
        let per_tree = |k: usize| {
            if iterations == u64::MAX {
                u64::MAX
            } else {
                iterations / trees as u64 + u64::from((k as u64) < iterations % trees as u64)
            }
        };
        let done: u64 = if trees == 1 {
            let mut r = rng(derive_seed(seed, 0));
            self.trees[0].search(rules, root, &config, per_tree(0), deadline, &mut r)
        } else {
            self.trees
                .par_iter_mut()
                .enumerate()
                .map(|(k, t)| {
                    let mut r = rng(derive_seed(seed, k as u64));
                    t.search(rules, root, &config, per_tree(k), deadline, &mut r)
                })
                .sum()
        };
        self.last_simulations = done;
        let mut sum: Vec<RootChild<R::Move>> = self.trees[0].root_children().collect();
        for t in &self.trees[1..] {
            for (s, c) in sum.iter_mut().zip(t.root_children()) {
                s.visits += c.visits;
                s.points += c.points;
                if c.proof != UNPROVEN {
                    s.proof = c.proof;
                }
            }
        }
        sum
    }
}

impl<R: Rules> Agent<R> for MctsAgent<R> {
    fn choose(&mut self, rules: &R, line: &Line<R>) -> R::Move {
        let root = line.current();
        let children = self.think(rules, root);
        choose_move(rules.side_to_move(root), &children)
    }
}
