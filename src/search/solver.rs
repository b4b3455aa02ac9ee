//! The exact solver: MTD(f) driving a fail-soft, null-window alpha-beta with a shared lock-free
//! transposition table, solving the root moves in parallel on a rayon pool.
//!
//! * **Values**: final store difference, seeds, from the side to move. Extra turns keep the sign.
//! * **Bounds from the seeds left**: a position's value lies in `sd - B ..= sd + B`, where `sd` is
//!   the store difference and `B` the seeds on the board; a window outside that range cuts off
//!   at once, and MTD(f) starts with exactly that range.
//! * **Table**: bounds on `value - sd` keyed by [`Rules::value_key`] (Kalah: the houses only, so a
//!   board is searched once whatever the stores hold) plus, for games that can repeat, a hash of
//!   the positions since the last capture: the repetition rule makes a value depend on that
//!   history, and keying on it keeps every stored bound exact.
//! * **Enhanced transposition cutoffs**: before searching a node's moves, their table entries are
//!   prefetched and checked for a bound that already refutes the window.
//! * **Move ordering**: the table's best move, then extra turns (nearest the store first), then
//!   the largest immediate gain. Positions with at most [`SMALL_BOARD`] seeds skip the table.
//! * **Parallelism**: every root move's exact value is wanted, so each root move is its own rayon
//!   task, solved by MTD(f) with the shared table; inside, nodes near the root search their first
//!   move alone and the others in parallel (young brothers wait), a fail-high aborting the rest.
//!   The values do not depend on the thread count; node counts do.

use super::position_hash;
use super::tt::{Bounds, Table, NO_MOVE};
use crate::core::Side;
use crate::egdb::Egdb;
use crate::rules::{Children, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

/// How to run a solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Transposition table size in MiB.
    pub tt_mb: usize,
    /// Prove the root's value and one best move only: the other moves get an upper bound
    /// (proved by a null-window search at the best value) instead of their exact value.
    pub value_only: bool,
    /// Endgame databases to probe inside the search: a position with at most
    /// [`Egdb::max_seeds`] seeds on the board (and, for games that can repeat, no earlier
    /// position it could repeat) takes its exact value from them.
    pub egdb: Option<Arc<Egdb>>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            tt_mb: 256,
            value_only: false,
            egdb: None,
        }
    }
}

/// Why a solve could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The transposition table's memory could not be mapped.
    #[error("cannot allocate a transposition table of {megabytes} MiB: {reason} (choose a smaller --tt-mb)")]
    Table {
        /// Size asked for.
        megabytes: usize,
        /// The operating system's reason.
        reason: String,
    },
    /// The worker threads could not be started.
    #[error("cannot start {threads} threads: {reason}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The operating system's reason.
        reason: String,
    },
}

/// A root move and its value (final store difference, seeds, from the root mover's side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue<R: Rules> {
    /// The move.
    pub mv: R::Move,
    /// Its value: exact, or with [`SolveOptions::value_only`] possibly an upper bound.
    pub value: i32,
    /// Whether `value` is exact (else the move's value is at most `value`, which is at most the
    /// root's value).
    pub exact: bool,
}

/// Transposition-table counters of a solve.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableStats {
    /// Size in bytes.
    pub bytes: usize,
    /// Entries.
    pub entries: usize,
    /// Lookups.
    pub probes: u64,
    /// Lookups that found the position.
    pub hits: u64,
    /// Lookups whose bounds ended the search of the node.
    pub cutoffs: u64,
    /// Share of entries in use at the end (from a sample of up to 2^20 entries).
    pub fill: f64,
}

/// The result of [`solve`].
#[derive(Clone, Debug)]
pub struct Solution<R: Rules> {
    /// Exact value of the root: final store difference, seeds, from the side to move.
    pub value: i32,
    /// Every legal root move with its exact value, in the order the rules generate them.
    pub moves: Vec<MoveValue<R>>,
    /// A principal variation: moves from the root along which both sides play perfectly, to the
    /// end of the game.
    pub pv: Vec<R::Move>,
    /// Positions searched (calls of the alpha-beta), all threads.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
    /// Table counters.
    pub table: TableStats,
    /// Positions whose value the endgame databases gave (0 without databases).
    pub egdb_hits: u64,
}

#[derive(Clone, Copy)]
struct PathEntry<P> {
    pos: P,
    hash: u64,
    /// XOR of the hashes from the window's first entry to this one.
    run: u64,
    /// Index of the first entry of this entry's repetition window.
    start: u32,
}

/// Search counters, summed over threads at the end.
#[derive(Clone, Copy, Default)]
struct Counters {
    nodes: u64,
    probes: u64,
    hits: u64,
    cutoffs: u64,
    egdb_hits: u64,
}

impl Counters {
    fn add(&mut self, o: Counters) {
        self.nodes += o.nodes;
        self.probes += o.probes;
        self.hits += o.hits;
        self.cutoffs += o.cutoffs;
        self.egdb_hits += o.egdb_hits;
    }
}

/// Positions with at most this many seeds on the board are searched without the table: their
/// subtrees are small, and a table probe (a cache miss) costs more than it saves.
const SMALL_BOARD: i32 = 4;
/// Positions with at most this many seeds more than the databases hold skip the table too:
/// most of their moves capture or reach a store and are valued from the databases.
const NEAR_EGDB: i32 = 2;
/// Split points (young brothers wait): at most this many nested, only this close to the root of
/// a search and only with this many seeds on the board.
const MAX_SPLITS: usize = 8;
const SPLIT_PLY: u32 = 10;
const SPLIT_SEEDS: i32 = 14;
const REPORT_EVERY: u64 = 1 << 14;

/// One thread's search state.
struct Searcher<'a, R: Rules> {
    rules: &'a R,
    table: &'a Table,
    egdb: Option<&'a Egdb>,
    /// Most seeds on the board that `egdb` covers (-1 without databases).
    egdb_max: i32,
    progress: &'a AtomicU64,
    counters: Counters,
    unreported: u64,
    /// Distance from the root of this search.
    ply: u32,
    /// Whether nodes may split their moves across threads.
    parallel: bool,
    /// Abort flags of the split points above this searcher: once one is set, the search
    /// unwinds without storing anything.
    aborts: ArrayVec<&'a AtomicBool, MAX_SPLITS>,
    /// Positions from the start of the repetition history to the current node (games that can
    /// repeat only).
    path: Vec<PathEntry<R::Position>>,
}

impl<'a, R: Rules> Searcher<'a, R> {
    fn new(
        rules: &'a R,
        table: &'a Table,
        egdb: Option<&'a Egdb>,
        progress: &'a AtomicU64,
        history: &[R::Position],
        parallel: bool,
    ) -> Self {
        let mut s = Searcher {
            parallel,
            rules,
            table,
            egdb,
            egdb_max: egdb.and_then(|d| d.max_seeds()).map_or(-1, |n| n as i32),
            progress,
            counters: Counters::default(),
            unreported: 0,
            ply: 0,
            aborts: ArrayVec::new(),
            path: Vec::new(),
        };
        if R::CAN_REPEAT {
            for p in history {
                s.push(p);
            }
        }
        s
    }

    /// A searcher for a sibling searched in parallel below a split point with abort flag `flag`.
    fn fork<'b>(&'b self, flag: &'b AtomicBool) -> Searcher<'b, R> {
        let mut aborts: ArrayVec<&'b AtomicBool, MAX_SPLITS> =
            self.aborts.iter().copied().collect();
        aborts.push(flag);
        Searcher {
            rules: self.rules,
            table: self.table,
            egdb: self.egdb,
            egdb_max: self.egdb_max,
            progress: self.progress,
            counters: Counters::default(),
            unreported: 0,
            ply: self.ply,
            parallel: true,
            aborts,
            path: self.path.clone(),
        }
    }

    #[inline(always)]
    fn aborted(&self) -> bool {
        self.aborts.iter().any(|f| f.load(Relaxed))
    }

    /// Adds `pos` to the path (games that can repeat).
    #[inline]
    fn push(&mut self, pos: &R::Position) {
        let hash = position_hash(pos);
        let n = self.path.len();
        let entry = match self.path.last() {
            Some(last) if self.rules.board_seeds(&last.pos) == self.rules.board_seeds(pos) => {
                PathEntry {
                    pos: *pos,
                    hash,
                    run: last.run ^ hash,
                    start: last.start,
                }
            }
            _ => PathEntry {
                pos: *pos,
                hash,
                run: hash,
                start: n as u32,
            },
        };
        self.path.push(entry);
    }

    /// Whether `child` of the last path entry repeats a position of its window.
    #[inline]
    fn repeats(&self, child: &R::Position) -> bool {
        let last = self.path.last().expect("path holds the node");
        if self.rules.board_seeds(&last.pos) != self.rules.board_seeds(child) {
            return false;
        }
        let hash = position_hash(child);
        self.path[last.start as usize..]
            .iter()
            .any(|e| e.hash == hash && e.pos == *child)
    }

    /// The history part of the table key of the last path entry: 0 when no earlier position
    /// could repeat, else a hash of the set of such positions and of the node itself.
    #[inline]
    fn history_key(&self) -> u64 {
        if !R::CAN_REPEAT {
            return 0;
        }
        let n = self.path.len() - 1;
        let e = &self.path[n];
        if e.start as usize == n {
            0
        } else {
            self.path[n - 1].run.rotate_left(23) ^ e.hash ^ 0x6a09_e667_f3bc_c909
        }
    }

    /// Whether the last path entry has no earlier position it could repeat (always true for
    /// games that cannot repeat): the databases' values hold there.
    #[inline]
    fn history_empty(&self) -> bool {
        if !R::CAN_REPEAT {
            return true;
        }
        let n = self.path.len() - 1;
        self.path[n].start as usize == n
    }

    /// The databases' value of a child with `seeds` seeds on the board, fewer than its parent
    /// (the last path entry) holds, so that it has no earlier position to repeat.
    #[inline]
    fn known_child(&mut self, child: &R::Position, seeds: i32) -> Option<i32> {
        if seeds > self.egdb_max {
            return None;
        }
        let v = self.egdb?.value(self.rules, child)?;
        self.counters.egdb_hits += 1;
        Some(v)
    }

    /// The databases' exact value of `pos` (which has `seeds` seeds on the board), if they
    /// cover it and its history allows.
    #[inline]
    fn egdb_value(&mut self, pos: &R::Position, seeds: i32) -> Option<i32> {
        if seeds > self.egdb_max || !self.history_empty() {
            return None;
        }
        let v = self.egdb?.value(self.rules, pos)?;
        self.counters.egdb_hits += 1;
        Some(v)
    }

    #[inline]
    fn count_node(&mut self) {
        self.counters.nodes += 1;
        self.unreported += 1;
        if self.unreported == REPORT_EVERY {
            self.progress.fetch_add(REPORT_EVERY, Relaxed);
            self.unreported = 0;
        }
    }

    /// The value of `child` seen from the mover of a position whose side is `side`, searching
    /// it with the window `(alpha, beta)` of that mover.
    #[inline]
    fn child_value(&mut self, side: Side, child: &R::Position, alpha: i32, beta: i32) -> i32 {
        let same = self.rules.side_to_move(child) == side;
        if R::CAN_REPEAT {
            if self.repeats(child) {
                let v = self.rules.store_difference(child)
                    + self.rules.repetition_outcome(child).value();
                return if same { v } else { -v };
            }
            self.push(child);
        }
        self.ply += 1;
        let v = if same {
            self.search(child, alpha, beta)
        } else {
            -self.search(child, -beta, -alpha)
        };
        self.ply -= 1;
        if R::CAN_REPEAT {
            self.path.pop();
        }
        v
    }

    /// Fail-soft alpha-beta: the exact value if it lies strictly inside `(alpha, beta)`, else a
    /// bound on the same side of the window. For games that can repeat, `pos` is the last path
    /// entry. After an abort the result is meaningless (and nothing is stored).
    fn search(&mut self, pos: &R::Position, mut alpha: i32, beta: i32) -> i32 {
        self.count_node();
        let rules = self.rules;
        let sd = rules.store_difference(pos);
        if let Some(o) = rules.outcome(pos) {
            return sd + o.value();
        }
        let seeds = rules.board_seeds(pos) as i32;
        let (floor, ceiling) = (sd - seeds, sd + seeds);
        if ceiling <= alpha {
            return ceiling;
        }
        if floor >= beta {
            return floor;
        }
        if let Some(v) = self.egdb_value(pos, seeds) {
            return v;
        }
        if !self.aborts.is_empty() && self.aborted() {
            return alpha;
        }
        let mut children = Children::<R>::new();
        rules.children(pos, &mut children);
        let side = rules.side_to_move(pos);
        // Small subtrees (few seeds, or one capture away from the databases) skip the table.
        let use_table = seeds > SMALL_BOARD && seeds > self.egdb_max + NEAR_EGDB;
        // Enhanced transposition cutoffs need the table and a history-free key.
        let etc = use_table && !R::CAN_REPEAT;
        for c in &children {
            if let Some(db) = self.egdb {
                let child_seeds = rules.board_seeds(&c.pos);
                if (child_seeds as i32) < seeds {
                    if let Some(board) = rules.egdb_board(&c.pos) {
                        db.prefetch(board, child_seeds);
                        continue;
                    }
                }
            }
            if etc {
                self.table.prefetch(rules.value_key(&c.pos), 0);
            }
        }
        let (key, extra) = if use_table {
            (rules.value_key(pos), self.history_key())
        } else {
            (0, 0)
        };
        let mut hint = NO_MOVE;
        if use_table {
            self.counters.probes += 1;
            if let Some(b) = self.table.probe(key, extra) {
                self.counters.hits += 1;
                let (lower, upper) = (b.lower + sd, b.upper + sd);
                if lower >= beta || upper <= alpha || lower == upper {
                    self.counters.cutoffs += 1;
                    return if lower >= beta { lower } else { upper };
                }
                hint = b.best;
            }
        }
        let nodes_before = self.counters.nodes;
        let alpha_in = alpha;
        let mut best = i32::MIN;
        let mut best_index = NO_MOVE;
        // Children the databases cover are valued here once and not searched; with the table,
        // a child whose stored bounds already refute the window ends the node (enhanced
        // transposition cutoff).
        let mut known = 0u32;
        for (i, c) in children.iter().enumerate() {
            if self.egdb.is_none() && !etc {
                break;
            }
            let same = rules.side_to_move(&c.pos) == side;
            let child_seeds = if self.egdb.is_some() {
                rules.board_seeds(&c.pos) as i32
            } else {
                seeds
            };
            if child_seeds < seeds {
                if let Some(v) = self.known_child(&c.pos, child_seeds) {
                    let v = if same { v } else { -v };
                    if v >= beta {
                        self.counters.cutoffs += 1;
                        return v;
                    }
                    known |= 1 << i;
                    if v > best {
                        best = v;
                        best_index = i as u8;
                        alpha = alpha.max(v);
                    }
                    continue;
                }
            }
            if etc {
                if let Some(b) = self.table.probe(rules.value_key(&c.pos), 0) {
                    let csd = rules.store_difference(&c.pos);
                    let v = if same {
                        b.lower + csd
                    } else {
                        -(b.upper + csd)
                    };
                    if v >= beta {
                        self.counters.cutoffs += 1;
                        return v;
                    }
                }
            }
        }
        let mut order = self.order(pos, sd, &children, hint);
        let mut n = 0;
        for k in 0..children.len() {
            if known & (1 << order[k]) == 0 {
                order[n] = order[k];
                n += 1;
            }
        }
        let mut k = 0;
        while k < n {
            let split = k == 1
                && n >= 3
                && beta == alpha + 1
                && self.ply < SPLIT_PLY
                && seeds >= SPLIT_SEEDS
                && self.aborts.len() < MAX_SPLITS
                && self.parallel;
            if split {
                // Young brothers wait: the first move was searched alone; the others go in
                // parallel. In a null window any fail-high ends the node, so it aborts the rest.
                if let Some((v, i)) = self.split(side, &children, &order[1..n], alpha, beta) {
                    if v > best {
                        best = v;
                        best_index = i;
                    }
                }
                break;
            }
            let i = order[k];
            let v = self.child_value(side, &children[i as usize].pos, alpha, beta);
            if v > best {
                best = v;
                best_index = i;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
            k += 1;
        }
        if !use_table || (!self.aborts.is_empty() && self.aborted()) {
            return best;
        }
        let (lower, upper) = if best <= alpha_in {
            (floor, best)
        } else if best >= beta {
            (best, ceiling)
        } else {
            (best, best)
        };
        let work = 64 - (self.counters.nodes - nodes_before).leading_zeros() as u8;
        self.table.store(
            key,
            extra,
            Bounds {
                lower: lower - sd,
                upper: upper - sd,
                best: if best > alpha_in { best_index } else { NO_MOVE },
            },
            work,
        );
        best
    }

    /// Searches `children[rest]` in parallel with the null window `(alpha, beta)`; the first
    /// fail-high aborts the others. Returns the best genuine value and its child index, `None`
    /// if every search was aborted from above.
    fn split(
        &mut self,
        side: Side,
        children: &Children<R>,
        rest: &[u8],
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, u8)> {
        let flag = AtomicBool::new(false);
        let this = &*self;
        let results: Vec<(Option<i32>, Counters, u64)> = rest
            .par_iter()
            .with_max_len(1)
            .map(|&i| {
                let mut s = this.fork(&flag);
                let v = s.child_value(side, &children[i as usize].pos, alpha, beta);
                let genuine = !s.aborted();
                if genuine && v >= beta {
                    flag.store(true, Relaxed);
                }
                (genuine.then_some(v), s.counters, s.unreported)
            })
            .collect();
        let mut best: Option<(i32, u8)> = None;
        for (&i, (v, counters, unreported)) in rest.iter().zip(results) {
            self.counters.add(counters);
            self.unreported += unreported;
            if let Some(v) = v {
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, i));
                }
            }
        }
        // A sibling's abort leaves a genuine fail-high behind; without one, every sibling
        // completed, or an abort came from above (and the caller discards the result).
        best
    }

    /// Child indices, best first: the table's move, then extra turns (nearest the store first),
    /// then larger immediate gains.
    #[inline]
    fn order(
        &self,
        pos: &R::Position,
        sd: i32,
        children: &Children<R>,
        hint: u8,
    ) -> [u8; MAX_CHILDREN] {
        let side = self.rules.side_to_move(pos);
        let mut keys = [0i32; MAX_CHILDREN];
        let mut order = [0u8; MAX_CHILDREN];
        for (i, c) in children.iter().enumerate() {
            let csd = self.rules.store_difference(&c.pos);
            let key = if i as u8 == hint {
                i32::MAX
            } else if self.rules.side_to_move(&c.pos) == side {
                (1 << 20) + ((csd - sd) << 5) + i as i32
            } else {
                -csd - sd
            };
            // insertion sort, stable: equal keys keep generation order
            let mut j = i;
            while j > 0 && keys[j - 1] < key {
                keys[j] = keys[j - 1];
                order[j] = order[j - 1];
                j -= 1;
            }
            keys[j] = key;
            order[j] = i as u8;
        }
        order
    }

    /// The exact value of `child` of the last path entry (whose mover is `side`), from that
    /// mover's side: the repetition rule if it repeats, else MTD(f).
    fn child_exact(&mut self, side: Side, child: &R::Position) -> i32 {
        let same = self.rules.side_to_move(child) == side;
        let v = if R::CAN_REPEAT && self.repeats(child) {
            self.rules.store_difference(child) + self.rules.repetition_outcome(child).value()
        } else {
            if R::CAN_REPEAT {
                self.push(child);
            }
            self.ply += 1;
            let v = self.mtdf(child);
            self.ply -= 1;
            if R::CAN_REPEAT {
                self.path.pop();
            }
            v
        };
        if same {
            v
        } else {
            -v
        }
    }

    /// The value of `root` (the last path entry) and its moves: the first in search order with
    /// its exact value, then each other move tested with a null window at the best value so
    /// far, and solved exactly only if it beats it.
    fn best_move_only(&mut self, root: &R::Position) -> (i32, Vec<MoveValue<R>>) {
        let rules = self.rules;
        let mut children = Children::<R>::new();
        rules.children(root, &mut children);
        let side = rules.side_to_move(root);
        let sd = rules.store_difference(root);
        let hint = self
            .table
            .probe(rules.value_key(root), self.history_key())
            .map_or(NO_MOVE, |b| b.best);
        let order = self.order(root, sd, &children, hint);
        let mut moves: Vec<MoveValue<R>> = Vec::new();
        let mut best = i32::MIN;
        for &i in &order[..children.len()] {
            let c = &children[i as usize];
            let (value, exact) = if best == i32::MIN {
                (self.child_exact(side, &c.pos), true)
            } else {
                let bound = self.child_value(side, &c.pos, best, best + 1);
                if bound > best {
                    (self.child_exact(side, &c.pos), true)
                } else {
                    (bound, false)
                }
            };
            if exact && value > best {
                best = value;
            }
            moves.push(MoveValue {
                mv: c.mv,
                value,
                exact,
            });
        }
        // Report in move order, as the full solve does.
        let position = |m: &MoveValue<R>| children.iter().position(|c| c.mv == m.mv);
        moves.sort_by_key(position);
        (best, moves)
    }

    /// MTD(f): repeated null-window searches converging on the exact value of `pos`.
    fn mtdf(&mut self, pos: &R::Position) -> i32 {
        let sd = self.rules.store_difference(pos);
        let seeds = self.rules.board_seeds(pos) as i32;
        let (mut lower, mut upper) = (sd - seeds, sd + seeds);
        let mut guess = match self
            .table
            .probe(self.rules.value_key(pos), self.history_key())
        {
            Some(b) => ((b.lower + b.upper) / 2 + sd).clamp(lower, upper),
            None => sd,
        };
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = self.search(pos, beta - 1, beta);
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        lower
    }

    /// The counters, with the progress display brought up to date.
    fn finish(&mut self) -> Counters {
        self.progress.fetch_add(self.unreported, Relaxed);
        self.unreported = 0;
        std::mem::take(&mut self.counters)
    }
}

/// The table size for `rules`: `requested` MiB, but no more than two entries per value key the
/// game has (a table touched at random faults in every page it spans, so an oversized table
/// costs time on small games).
fn table_megabytes<R: Rules>(rules: &R, requested: usize) -> usize {
    match rules.key_space() {
        Some(keys) => {
            let needed = keys.saturating_mul(2 * super::tt::ENTRY_BYTES as u128) >> 20;
            requested.min(needed.min(usize::MAX as u128) as usize + 1)
        }
        None => requested,
    }
}

/// Solves `root` exactly: its value, every root move's value and a principal variation.
///
/// `history` holds the positions before `root` that it could repeat (for games with the
/// repetition rule; see [`crate::game::Line::repetition_window`]). `progress` is increased by
/// the nodes searched as the search goes (for a progress display). If `root` is over, the value
/// is its final store difference and there are no moves.
///
/// # Errors
/// [`SolveError`] when the table's memory cannot be mapped or the threads cannot be started.
pub fn solve<R: Rules>(
    rules: &R,
    root: &R::Position,
    history: &[R::Position],
    options: &SolveOptions,
    progress: &AtomicU64,
) -> Result<Solution<R>, SolveError> {
    let started = Instant::now();
    let threads = options.threads.max(1);
    let megabytes = table_megabytes(rules, options.tt_mb);
    let table = Table::new(megabytes).map_err(|e| SolveError::Table {
        megabytes,
        reason: e.to_string(),
    })?;
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(super::SEARCH_STACK)
        .num_threads(threads)
        .build()
        .map_err(|e| SolveError::Threads {
            threads,
            reason: e.to_string(),
        })?;
    let egdb = options.egdb.as_deref();
    let mut counters = Counters::default();
    let mut path_to_root: Vec<R::Position> = history.to_vec();
    path_to_root.push(*root);
    let sd = rules.store_difference(root);
    let mut moves = Vec::new();
    let value = if let Some(o) = rules.outcome(root) {
        sd + o.value()
    } else if options.value_only {
        let mut s = Searcher::new(rules, &table, egdb, progress, &path_to_root, threads > 1);
        let (value, found) = pool.install(|| s.best_move_only(root));
        moves = found;
        counters.add(s.finish());
        value
    } else {
        let mut children = Children::<R>::new();
        rules.children(root, &mut children);
        let side = rules.side_to_move(root);
        let results: Vec<(i32, Counters)> = pool.install(|| {
            children
                .par_iter()
                .with_max_len(1)
                .map(|c| {
                    let mut s =
                        Searcher::new(rules, &table, egdb, progress, &path_to_root, threads > 1);
                    let same = rules.side_to_move(&c.pos) == side;
                    let v = if R::CAN_REPEAT && s.repeats(&c.pos) {
                        rules.store_difference(&c.pos) + rules.repetition_outcome(&c.pos).value()
                    } else {
                        if R::CAN_REPEAT {
                            s.push(&c.pos);
                        }
                        s.mtdf(&c.pos)
                    };
                    (if same { v } else { -v }, s.finish())
                })
                .collect()
        });
        for (c, (v, k)) in children.iter().zip(results) {
            moves.push(MoveValue {
                mv: c.mv,
                value: v,
                exact: true,
            });
            counters.add(k);
        }
        moves
            .iter()
            .map(|m| m.value)
            .max()
            .expect("a position that is not over has moves")
    };
    let mut s = Searcher::new(rules, &table, egdb, progress, &path_to_root, threads > 1);
    let pv = pool.install(|| principal_variation(&mut s, root, value));
    counters.add(s.finish());
    let (used, sample) = table.used_in_sample(1 << 20);
    Ok(Solution {
        value,
        moves,
        pv,
        nodes: counters.nodes,
        seconds: started.elapsed().as_secs_f64(),
        threads,
        table: TableStats {
            bytes: table.bytes(),
            entries: table.capacity(),
            probes: counters.probes,
            hits: counters.hits,
            cutoffs: counters.cutoffs,
            fill: used as f64 / sample.max(1) as f64,
        },
        egdb_hits: counters.egdb_hits,
    })
}

/// Follows moves that keep the value from `root` (whose value is `value`) to the end of the
/// game; each step proves its move with a null-window search.
fn principal_variation<R: Rules>(
    s: &mut Searcher<R>,
    root: &R::Position,
    mut value: i32,
) -> Vec<R::Move> {
    let rules = s.rules;
    let mut pv = Vec::new();
    let mut pos = *root;
    while rules.outcome(&pos).is_none() && pv.len() < 1000 {
        let mut children = Children::<R>::new();
        rules.children(&pos, &mut children);
        let side = rules.side_to_move(&pos);
        let mut next = None;
        for c in &children {
            // Does this move reach `value`? (No move exceeds it.)
            if s.child_value(side, &c.pos, value - 1, value) >= value {
                next = Some(c);
                break;
            }
        }
        let Some(c) = next else { break };
        pv.push(c.mv);
        if R::CAN_REPEAT && s.repeats(&c.pos) {
            break;
        }
        if rules.side_to_move(&c.pos) != side {
            value = -value;
        }
        pos = c.pos;
        if R::CAN_REPEAT {
            s.push(&pos);
        }
    }
    pv
}

/// Runs `f` with a one-thread searcher (no split points) over a fresh table of `tt_mb` MiB,
/// at `pos` with the repetition `history` before it.
fn single_thread<R: Rules, T>(
    rules: &R,
    pos: &R::Position,
    history: &[R::Position],
    tt_mb: usize,
    f: impl FnOnce(&mut Searcher<R>, &R::Position) -> T,
) -> T {
    let table = Table::new(tt_mb).expect("test tables are small");
    let progress = AtomicU64::new(0);
    let mut s = Searcher::new(rules, &table, None, &progress, history, false);
    if R::CAN_REPEAT {
        s.push(pos);
    }
    f(&mut s, pos)
}

/// Exact value of `pos` by MTD(f) on one thread with a table of `tt_mb` MiB: the sequential
/// search the parallel [`solve`] is tested against.
pub fn solve_sequential<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[R::Position],
    tt_mb: usize,
) -> i32 {
    single_thread(rules, pos, history, tt_mb, |s, p| s.mtdf(p))
}

/// Exact value of `pos` by one full-window alpha-beta search on one thread with a table of
/// `tt_mb` MiB.
pub fn alphabeta<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[R::Position],
    tt_mb: usize,
) -> i32 {
    alphabeta_counted(rules, pos, history, tt_mb).0
}

/// [`alphabeta`] and the number of positions it searched.
pub fn alphabeta_counted<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[R::Position],
    tt_mb: usize,
) -> (i32, u64) {
    single_thread(rules, pos, history, tt_mb, |s, p| {
        (s.search(p, i32::MIN + 1, i32::MAX), s.counters.nodes)
    })
}
