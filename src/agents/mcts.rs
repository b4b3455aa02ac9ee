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
    derive_seed, greedy_index, rng, south_margin, Agent, Budget, Choice, Clock, Eval, Forfeit,
    MctsConfig, Parallel, Rng, Rollout,
};
use crate::core::Side;
use crate::core::Stop;
use crate::game::Line;
use crate::rules::{Children, Rules};
use rand_chacha::rand_core::RngCore;
use rayon::prelude::*;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8};
use std::sync::OnceLock;
use std::time::Instant;

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

/// A rollout from `pos`: South's half-points and the moves played.
pub fn rollout<R: Rules>(
    rules: &R,
    pos: &R::Position,
    policy: Rollout,
    rng: &mut Rng,
) -> (u8, u32) {
    let mut pos = *pos;
    let mut children = Children::<R>::new();
    for ply in 0..ROLLOUT_PLIES {
        if R::OWN_RANDOM_STEP && policy == Rollout::Random {
            match rules.random_step(&pos, || rng.next_u32()) {
                Ok(child) => pos = child.pos,
                Err(o) => return (result_of(rules, &pos, o), ply),
            }
            continue;
        }
        if let Some(o) = rules.outcome(&pos) {
            return (result_of(rules, &pos, o), ply);
        }
        pos = match policy {
            Rollout::Random => rules.random_child(&pos, rng.next_u32()).pos,
            Rollout::Greedy => {
                children.clear();
                rules.children(&pos, &mut children);
                children[greedy_index(rules, &pos, &children, rng)].pos
            }
        };
    }
    let outcome = rules
        .outcome(&pos)
        .unwrap_or_else(|| rules.repetition_outcome(&pos));
    (result_of(rules, &pos, outcome), ROLLOUT_PLIES)
}

/// Counts below this get 1/n, 1/sqrt(n) and ln(n) from a table.
const TABLE: usize = 1024;

/// `(1/n, 1/sqrt(n), ln n)` for `n < TABLE`.
fn table() -> &'static [(f64, f64, f64); TABLE] {
    static T: OnceLock<Box<[(f64, f64, f64); TABLE]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Box::new([(0.0, 0.0, 0.0); TABLE]);
        for (n, e) in t.iter_mut().enumerate().skip(1) {
            let x = n as f64;
            *e = (1.0 / x, 1.0 / x.sqrt(), x.ln());
        }
        t
    })
}

/// `(1/n, 1/sqrt(n))`, `n >= 1`.
#[inline(always)]
fn reciprocals(n: u32) -> (f64, f64) {
    match table().get(n as usize) {
        Some(&(r, s, _)) => (r, s),
        None => {
            let x = n as f64;
            (1.0 / x, 1.0 / x.sqrt())
        }
    }
}

/// `ln n`, `n >= 1`.
#[inline(always)]
fn ln(n: u32) -> f64 {
    match table().get(n as usize) {
        Some(&(_, _, l)) => l,
        None => (n as f64).ln(),
    }
}

/// Nodes per arena chunk.
const CHUNK: usize = 1 << 16;
/// Most nodes a tree holds (about 72 bytes each for two-row games); beyond it leaves are rolled
/// out without being expanded.
pub const MAX_NODES: usize = 1 << 23;

/// A tree node's structure. Its position and move are written once, by the thread that creates
/// it, before the parent publishes it (`first`, release); everything else is atomic, so that one
/// tree can be shared by several threads (tree parallelism). A single-threaded search updates
/// the counters with plain loads and stores.
struct Node<R: Rules> {
    data: OnceLock<NodeData<R>>,
    /// Index of the first child; 0 while not expanded (the root is node 0, never a child).
    first: AtomicU32,
    children: AtomicU8,
    expanding: AtomicBool,
}

/// A node's statistics, kept apart from its structure (12 bytes) so that selection, which reads
/// those of every child, touches few cache lines.
struct Stats {
    proof: AtomicU8,
    /// Visits, a visit in progress included (the virtual loss of tree parallelism).
    visits: AtomicU32,
    /// Half-points of the node's mover over the finished visits.
    points: AtomicU32,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            proof: AtomicU8::new(UNPROVEN),
            visits: AtomicU32::new(0),
            points: AtomicU32::new(0),
        }
    }
}

/// A chunk of nodes and their statistics.
struct Chunk<R: Rules> {
    nodes: Box<[Node<R>]>,
    stats: Box<[Stats]>,
}

struct NodeData<R: Rules> {
    pos: R::Position,
    mv: R::Move,
    /// Who moved into this node.
    mover: Side,
}

impl<R: Rules> Default for Node<R> {
    fn default() -> Self {
        Node {
            data: OnceLock::new(),
            first: AtomicU32::new(0),
            children: AtomicU8::new(0),
            expanding: AtomicBool::new(false),
        }
    }
}

impl<R: Rules> Node<R> {
    #[inline(always)]
    fn data(&self) -> &NodeData<R> {
        self.data
            .get()
            .expect("nodes are published after their data")
    }
}

/// Adds `v` to a counter: an atomic add when threads share the tree, else a load and a store.
#[inline(always)]
fn add32(a: &AtomicU32, v: u32, shared: bool) -> u32 {
    if shared {
        a.fetch_add(v, Relaxed)
    } else {
        let old = a.load(Relaxed);
        a.store(old + v, Relaxed);
        old
    }
}

/// One search tree: nodes in chunks allocated as the tree grows and kept from search to
/// search.
pub struct Tree<R: Rules> {
    chunks: Vec<OnceLock<Chunk<R>>>,
    /// Nodes in use.
    next: AtomicU32,
    /// Simulations started in this search (all threads).
    started: AtomicU64,
}

impl<R: Rules> Default for Tree<R> {
    fn default() -> Self {
        Tree {
            chunks: (0..MAX_NODES / CHUNK).map(|_| OnceLock::new()).collect(),
            next: AtomicU32::new(0),
            started: AtomicU64::new(0),
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

/// One worker's scratch space.
#[derive(Default)]
struct Worker {
    path: Vec<u32>,
}

impl<R: Rules> Tree<R> {
    #[inline(always)]
    fn chunk(&self, i: usize) -> &Chunk<R> {
        self.chunks[i / CHUNK]
            .get()
            .expect("nodes are allocated before use")
    }

    #[inline(always)]
    fn node(&self, i: usize) -> &Node<R> {
        &self.chunk(i).nodes[i % CHUNK]
    }

    #[inline(always)]
    fn stats(&self, i: usize) -> &Stats {
        &self.chunk(i).stats[i % CHUNK]
    }

    /// Reserves `count` consecutive nodes; `None` when the tree is full.
    fn allocate(&self, count: usize) -> Option<usize> {
        let first = self.next.fetch_add(count as u32, Relaxed) as usize;
        if first + count > MAX_NODES {
            return None;
        }
        for c in first / CHUNK..=(first + count - 1) / CHUNK {
            self.chunks[c].get_or_init(|| Chunk {
                nodes: (0..CHUNK).map(|_| Node::default()).collect(),
                stats: (0..CHUNK).map(|_| Stats::default()).collect(),
            });
        }
        Some(first)
    }

    /// Starts a new search at `root` (not over).
    fn reset(&mut self, rules: &R, root: &R::Position) {
        let used = (*self.next.get_mut() as usize).min(MAX_NODES);
        for c in 0..used.div_ceil(CHUNK) {
            if let Some(chunk) = self.chunks[c].get_mut() {
                let end = (used - c * CHUNK).min(CHUNK);
                for node in &mut chunk.nodes[..end] {
                    *node = Node::default();
                }
                for stats in &mut chunk.stats[..end] {
                    *stats = Stats::default();
                }
            }
        }
        *self.next.get_mut() = 0;
        *self.started.get_mut() = 0;
        let mut children = Children::<R>::new();
        rules.children(root, &mut children);
        let at = self.allocate(1).expect("an empty tree has room");
        let _ = self.node(at).data.set(NodeData {
            pos: *root,
            mv: children[0].mv,
            mover: rules.side_to_move(root).opponent(),
        });
        self.expand(rules, 0, true);
    }

    /// Creates the children of node `n`; false if the tree is full.
    fn expand(&self, rules: &R, n: usize, solver: bool) -> bool {
        let node = self.node(n);
        let pos = node.data().pos;
        let mut children = Children::<R>::new();
        rules.children(&pos, &mut children);
        let Some(first) = self.allocate(children.len()) else {
            return false;
        };
        let mover = rules.side_to_move(&pos);
        for (k, c) in children.iter().enumerate() {
            let child = self.node(first + k);
            let proof = match rules.outcome(&c.pos) {
                Some(o) => result_of(rules, &c.pos, o),
                None => UNPROVEN,
            };
            self.stats(first + k).proof.store(proof, Relaxed);
            let _ = child.data.set(NodeData {
                pos: c.pos,
                mv: c.mv,
                mover,
            });
        }
        node.children.store(children.len() as u8, Relaxed);
        node.first.store(first as u32, Release);
        if solver {
            self.update_proof(rules, n);
        }
        true
    }

    /// The children of expanded node `n`.
    #[inline(always)]
    fn children_of(&self, n: &Node<R>) -> std::ops::Range<usize> {
        let first = n.first.load(Acquire) as usize;
        first..first + n.children.load(Relaxed) as usize
    }

    /// Sets the proof of expanded node `n` from its children's (MCTS-Solver): a proven win
    /// for the player to move if a child is one, else the best of the children if all are
    /// proven. (Proofs are facts: concurrent updates agree.)
    fn update_proof(&self, rules: &R, n: usize) {
        let node = self.node(n);
        let side = rules.side_to_move(&node.data().pos);
        let (mut best, mut all) = (0u8, true);
        for i in self.children_of(node) {
            let proof = self.stats(i).proof.load(Relaxed);
            if proof == UNPROVEN {
                all = false;
                continue;
            }
            let p = points_of(side, proof);
            if p == 2 {
                self.stats(n).proof.store(points_of(side, 2), Relaxed);
                return;
            }
            best = best.max(p);
        }
        if all {
            self.stats(n).proof.store(points_of(side, best), Relaxed);
        }
    }

    /// The child of `n` to descend to (UCT; with the solver, children proven lost for the
    /// player to move are skipped while others remain).
    #[inline]
    fn select(&self, rules: &R, n: usize, c_uct: f64, solver: bool) -> usize {
        let node = self.node(n);
        let side = rules.side_to_move(&node.data().pos);
        // `Q + c sqrt(ln N / n)` as `Q + (c sqrt(ln N)) / sqrt(n)`: one logarithm and one square
        // root per node, then a table of 1/n and 1/sqrt(n) for the children's small counts.
        let explore = c_uct * ln(self.stats(n).visits.load(Relaxed).max(1)).sqrt();
        let range = self.children_of(node);
        let mut best = range.start;
        let mut best_score = f64::NEG_INFINITY;
        for i in range {
            let c = self.stats(i);
            let proof = c.proof.load(Relaxed);
            if solver && proof != UNPROVEN && points_of(side, proof) == 0 {
                continue;
            }
            let visits = c.visits.load(Relaxed);
            if visits == 0 {
                return i;
            }
            let (recip, recip_sqrt) = reciprocals(visits);
            let score = 0.5 * c.points.load(Relaxed) as f64 * recip + explore * recip_sqrt;
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// One simulation: select, expand, roll out, back up. Visits are counted on the way down
    /// (with `shared`, other threads see them as losses until the result is added).
    fn simulate(
        &self,
        rules: &R,
        config: &MctsConfig,
        rng: &mut Rng,
        w: &mut Worker,
        shared: bool,
    ) {
        w.path.clear();
        w.path.push(0);
        add32(&self.stats(0).visits, 1, shared);
        let mut n = 0usize;
        let mut first_visit = false;
        let result = loop {
            let node = self.node(n);
            let proof = self.stats(n).proof.load(Relaxed);
            if proof != UNPROVEN {
                break proof;
            }
            if node.first.load(Acquire) == 0 {
                let claimed = !first_visit
                    && !node.expanding.swap(true, Relaxed)
                    && self.expand(rules, n, config.solver);
                if !claimed {
                    // A first visit, a node another thread is expanding, or a full tree.
                    break rollout(rules, &node.data().pos, config.rollout, rng).0;
                }
                let proof = self.stats(n).proof.load(Relaxed);
                if proof != UNPROVEN {
                    break proof;
                }
            }
            n = self.select(rules, n, config.c, config.solver);
            first_visit = add32(&self.stats(n).visits, 1, shared) == 0;
            w.path.push(n as u32);
        };
        let mut child_proven = self.stats(n).proof.load(Relaxed) != UNPROVEN;
        for k in (0..w.path.len()).rev() {
            let i = w.path[k] as usize;
            let (node, stats) = (self.node(i), self.stats(i));
            if config.solver
                && child_proven
                && stats.proof.load(Relaxed) == UNPROVEN
                && node.first.load(Acquire) != 0
            {
                self.update_proof(rules, i);
            }
            child_proven = stats.proof.load(Relaxed) != UNPROVEN;
            add32(
                &stats.points,
                points_of(node.data().mover, result) as u32,
                shared,
            );
        }
    }

    /// Runs simulations until `iterations` have started or `stop` is reached (or the root is
    /// proven, with the solver); `shared` when other threads run on the same tree.
    fn run(
        &self,
        rules: &R,
        config: &MctsConfig,
        iterations: u64,
        stop: &Stop,
        rng: &mut Rng,
        shared: bool,
    ) {
        let mut w = Worker::default();
        let root = self.stats(0);
        let mut mine = 0u64;
        while root.proof.load(Relaxed) == UNPROVEN {
            if self.started.fetch_add(1, Relaxed) >= iterations {
                break;
            }
            self.simulate(rules, config, rng, &mut w, shared);
            mine += 1;
            if mine % CLOCK_EVERY == 0 && stop.reached() {
                break;
            }
        }
    }

    /// Simulations done in the last search.
    fn simulations(&self) -> u64 {
        self.stats(0).visits.load(Relaxed) as u64
    }

    /// The root's children with their statistics.
    pub fn root_children(&self) -> impl Iterator<Item = RootChild<R::Move>> + '_ {
        self.children_of(self.node(0)).map(|i| {
            let (c, stats) = (self.node(i), self.stats(i));
            RootChild {
                mv: c.data().mv,
                visits: stats.visits.load(Relaxed) as u64,
                points: stats.points.load(Relaxed) as u64,
                proof: stats.proof.load(Relaxed),
            }
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

    /// Searches `root` (not over) and returns the summed root statistics. A time budget is
    /// cut to the share of `clock` ([`Clock::share`]); a work budget ignores it. Either ends at
    /// the clock's [`Clock::stop`].
    pub fn think(
        &mut self,
        rules: &R,
        root: &R::Position,
        clock: &Clock,
    ) -> Vec<RootChild<R::Move>> {
        let config = self.config;
        let trees = match config.parallel {
            Parallel::Root => config.threads.max(1),
            Parallel::Tree => 1,
        };
        self.trees.resize_with(trees, Tree::default);
        let (iterations, deadline) = match config.budget {
            Budget::Work(n) => (n, None),
            Budget::Millis(ms) => (u64::MAX, Some(Instant::now() + clock.share(ms))),
        };
        let stop = &clock.stop.until(deadline);
        let seed = self.rng.next_u64();
        let per_tree = |k: usize| {
            if iterations == u64::MAX {
                u64::MAX
            } else {
                iterations / trees as u64 + u64::from((k as u64) < iterations % trees as u64)
            }
        };
        for t in &mut self.trees {
            t.reset(rules, root);
        }
        if config.parallel == Parallel::Tree && config.threads > 1 {
            let tree = &self.trees[0];
            rayon::scope(|s| {
                for k in 0..config.threads {
                    s.spawn(move |_| {
                        let mut r = rng(derive_seed(seed, k as u64));
                        tree.run(rules, &config, iterations, stop, &mut r, true);
                    });
                }
            });
        } else if trees == 1 {
            let mut r = rng(derive_seed(seed, 0));
            self.trees[0].run(rules, &config, iterations, stop, &mut r, false);
        } else {
            self.trees.par_iter().enumerate().for_each(|(k, t)| {
                let mut r = rng(derive_seed(seed, k as u64));
                t.run(rules, &config, per_tree(k), stop, &mut r, false);
            });
        }
        self.last_simulations = self.trees.iter().map(|t| t.simulations()).sum();
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
    /// The move of [`choose_move`], with its mean reward as the evaluation: the points the
    /// mover expects (1 win, ½ draw, 0 loss), or the proven result.
    fn choose(
        &mut self,
        rules: &R,
        line: &Line<R>,
        clock: &Clock,
    ) -> Result<Choice<R::Move>, Forfeit> {
        let root = line.current();
        let side = rules.side_to_move(root);
        let children = self.think(rules, root, clock);
        let mv = choose_move(side, &children);
        let eval = children.iter().find(|c| c.mv == mv).and_then(|c| {
            if c.proof != UNPROVEN {
                Some(points_of(side, c.proof) as f64 / 2.0)
            } else if c.visits > 0 {
                Some(c.points as f64 / (2.0 * c.visits as f64))
            } else {
                None
            }
        });
        Ok(Choice {
            mv,
            eval: eval.map(Eval::Points),
        })
    }

    fn timed(&self) -> bool {
        matches!(self.config.budget, Budget::Millis(_))
    }
}
