//! The exact solver: MTD(f) driving a fail-soft, null-window alpha-beta with a shared lock-free
//! transposition table, on several threads that share the table (Lazy SMP with ABDADA-style
//! deferral).
//!
//! * **Values**: final store difference, seeds, from the side to move. Extra turns keep the sign.
//! * **Bounds from the seeds left**: a position's value lies in `sd - B ..= sd + B`, where `sd` is
//!   the store difference and `B` the seeds on the board; a window outside that range cuts off
//!   at once, a child whose range lies below the window is not searched (futility pruning, which
//!   is exact here), and MTD(f) starts with exactly that range.
//! * **Table** ([`super::tt`]): bounds on `value - sd` located by the game's lossless table code
//!   (Kalah: the houses, so a board is searched once whatever the stores hold) or, for games
//!   that can repeat, by a hash that also covers the positions since the last capture: the
//!   repetition rule makes a value depend on that history, and keying on it keeps every stored
//!   bound true.
//! * **Enhanced transposition cutoffs** (Irving, Donkers & Uiterwijk 2000): before a node
//!   searches its moves, their table entries are prefetched and read; a child whose bounds
//!   already refute the window ends the node, and one whose bounds lie below it is skipped.
//!   Repeated children are valued by the repetition rule there, without a search.
//! * **Move ordering**: the table's best move, then extra turns, then the largest immediate
//!   gain, ties in the game's generation order ([`Rules::EQUAL_GAIN_LAST_FIRST`]: Kalah nearest
//!   the store first, the Oware family first generated first). Positions with at most
//!   [`SMALL_BOARD`] seeds skip the table.
//! * **Threads**: every thread runs the same null-window search from the root over the shared
//!   table; a thread that reaches a move another thread is searching defers it to the end of
//!   its move list (ABDADA, Weill 1996, in the simplified form of a table of nodes in
//!   progress), so the threads spread over the tree. The first thread to finish gives the
//!   result and the others stop. Once the root's value is known, the other root moves' exact
//!   values are independent solves: each thread then takes whole moves of its own
//!   ([`solve_lines`]), so that phase searches no speculative nodes. Every stored bound is true
//!   whatever thread stored it, so the values do not depend on the thread count; node counts
//!   do.
//! * **Limits** ([`Limits`]): a solve that reaches its node or time limit stops and reports the
//!   bounds proved so far ([`SolveError::Stopped`]).
//!
//! A *node* is a call of the search on a position that is not over (as CMancala counts them):
//! finished positions, database entries and children cut off by their table bounds before a
//! call are not nodes.

use super::position_hash;
use super::tt::{Bounds, Slot, Table, NO_MOVE};
use crate::core::Side;
use crate::egdb::Egdb;
use crate::rules::{Children, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Node and time limits of a solve (`None`: no limit).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after about this many nodes (all threads; checked every [`REPORT_EVERY`] nodes a
    /// thread and at the end of every search, so a solve stops within that many nodes a
    /// thread of the limit).
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds of wall-clock time (the clock is read every
    /// [`CLOCK_EVERY`] nodes on each thread and during the first guess, so a solve stops
    /// within about that many nodes' time of the limit).
    pub max_seconds: Option<f64>,
    /// Stop when this flag is set (by another thread: a front end whose client went away);
    /// checked with the node limit.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// How to run a solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Most transposition-table memory in MiB (rounded down to a power of two); `None`: sized
    /// to the problem by [`default_table_megabytes`]. The table starts at 1 MiB and doubles
    /// whenever the nodes searched outnumber its entries, up to this size.
    pub tt_mb: Option<usize>,
    /// Prove the root's value and one best move only: the other moves get the root's value as
    /// an upper bound instead of their exact value.
    pub value_only: bool,
    /// Endgame databases to probe inside the search: a position with at most
    /// [`Egdb::max_seeds`] seeds on the board (and, for games that can repeat, no earlier
    /// position it could repeat) takes its exact value from them.
    pub egdb: Option<Arc<Egdb>>,
    /// When to give up.
    pub limits: Limits,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            threads: crate::core::Threads::all().get(),
            tt_mb: None,
            value_only: false,
            egdb: None,
            limits: Limits::default(),
        }
    }
}

/// Why a solve did not give a value.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
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
    /// The game has a history rule the table cannot represent (`repetition-count=3`,
    /// `no-capture-moves`): use [`crate::search::plain_solve`].
    #[error("`{game}` {rule}: the table-based solver is exact only when the first repeat of a position ends the game and no move limit applies; use the plain solver (--method plain)")]
    HistoryRules {
        /// The game string.
        game: String,
        /// The rule, in words.
        rule: String,
    },
    /// A limit of [`SolveOptions::limits`] was reached first.
    #[error(
        "stopped at the {limit} after {nodes} nodes in {seconds:.1} s: the value is proved to \
         lie in {lower:+} ..= {upper:+} (final store difference, seeds, from the side to move){}{}",
        best.as_ref().map_or(String::new(), |(mv, at_least)| format!(
            "; best move found so far: {mv}, proved worth at least {at_least:+}"
        )),
        if moves.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = moves.iter().map(|(mv, v)| format!("{mv} {v:+}")).collect();
            format!("; exact values of the moves finished: {}", list.join(", "))
        }
    )]
    Stopped {
        /// Which limit, in words (`node limit (N)`, `time limit (S s)`).
        limit: String,
        /// The value is at least this.
        lower: i32,
        /// The value is at most this.
        upper: i32,
        /// The root move with the highest value proved so far, and that value (a lower bound
        /// of the move's value; `None` when the stop came while the principal variation was
        /// followed).
        best: Option<(String, i32)>,
        /// The root moves whose exact value was proved before the stop (every-move solves:
        /// the best move once the root's value is proved, then each move whose search
        /// finished), with that value (seeds, the root mover's side), in move order.
        moves: Vec<(String, i32)>,
        /// Nodes searched.
        nodes: u64,
        /// Wall-clock seconds.
        seconds: f64,
    },
}

/// A root move and its value (final store difference, seeds, from the root mover's side).
#[derive(Clone, Debug)]
pub struct MoveValue<R: Rules> {
    /// The move.
    pub mv: R::Move,
    /// Its value: exact, or with [`SolveOptions::value_only`] possibly an upper bound.
    pub value: i32,
    /// Whether `value` is exact (else the move's value is at most `value`, the root's value).
    pub exact: bool,
}

impl<R: Rules> PartialEq for MoveValue<R> {
    fn eq(&self, other: &Self) -> bool {
        (self.mv, self.value, self.exact) == (other.mv, other.value, other.exact)
    }
}

impl<R: Rules> Eq for MoveValue<R> {}

/// Transposition-table figures of a solve. A method reports what it keeps: the solver all of
/// them; `full` (one-thread alpha-beta) size and entries; `memo` (a map) size, entries and
/// fill; `plain` nothing (all zero).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TableStats {
    /// Size in bytes.
    pub bytes: usize,
    /// Entries.
    pub entries: usize,
    /// Share of entries in use at the end (the solver: from a sample of up to 2^20 entries);
    /// `None` where the method does not count it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill: Option<f64>,
    /// The solver's lookup counters; `None` for the second methods, which do not count them.
    #[serde(default, skip_serializing_if = "Option::is_none", flatten)]
    pub counters: Option<TableCounters>,
}

/// The solver's table lookups.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TableCounters {
    /// Lookups of searched nodes.
    pub probes: u64,
    /// Lookups that found the position.
    pub hits: u64,
    /// Nodes ended by table bounds: their own, or a child's (enhanced transposition cutoff).
    pub cutoffs: u64,
}

/// The result of [`solve`].
#[derive(Clone, Debug)]
pub struct Solution<R: Rules> {
    /// Exact value of the root: final store difference, seeds, from the side to move.
    pub value: i32,
    /// Every legal root move with its value, in the order the rules generate them.
    pub moves: Vec<MoveValue<R>>,
    /// A principal variation: moves from the root along which both sides play perfectly, to the
    /// end of the game (each the first move in generation order that keeps the value).
    pub pv: Vec<R::Move>,
    /// Nodes searched (see the module docs), all threads.
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
#[derive(Clone, Copy, Default, Debug)]
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
pub const SMALL_BOARD: i32 = 4;
/// Positions with at most this many seeds more than the databases hold skip the table too:
/// most of their moves capture or reach a store and are valued from the databases.
const NEAR_EGDB: i32 = 2;
/// Nodes counted between updates of the shared progress counter and checks of the node limit.
pub const REPORT_EVERY: u64 = 1 << 12;
/// Nodes counted between two readings of the clock when a solve has a time limit.
pub const CLOCK_EVERY: u64 = 1 << 8;
/// Nodes closer to the root than this are entered in the table of nodes in progress (ABDADA).
/// Measured on Kalah(6,4) value-only, 512 MiB, 2 threads: 14 plies searched 119 M nodes
/// (1 thread: 82.8 M), 40 plies 91-107 M.
const BUSY_PLY: u32 = 40;
/// Entries of the table of nodes in progress.
const BUSY_ENTRIES: usize = 1 << 14;

/// What the threads of a solve share.
struct Shared<'a, R: Rules> {
    rules: &'a R,
    table: &'a Table,
    egdb: Option<&'a Egdb>,
    /// Most seeds on the board that `egdb` covers (-1 without databases).
    egdb_max: i32,
    progress: &'a AtomicU64,
    /// Nodes counted so far (in steps of [`REPORT_EVERY`]), for the node limit.
    counted: AtomicU64,
    limits: Limits,
    started: Instant,
    /// Set when a limit is reached: every search unwinds and the solve stops.
    stop: AtomicBool,
    /// Which limit stopped the solve.
    stopped_by: Mutex<Option<String>>,
    /// Nodes in progress (ABDADA): the slot word of a node some thread is searching, by
    /// bucket. Empty with one thread.
    busy: Vec<AtomicU64>,
    threads: usize,
    /// Counters of finished searchers.
    totals: Mutex<Counters>,
}

impl<'a, R: Rules> Shared<'a, R> {
    fn new(
        rules: &'a R,
        table: &'a Table,
        egdb: Option<&'a Egdb>,
        progress: &'a AtomicU64,
        threads: usize,
        limits: Limits,
    ) -> Self {
        Shared {
            rules,
            table,
            egdb,
            egdb_max: egdb.and_then(|d| d.max_seeds()).map_or(-1, |n| n as i32),
            progress,
            counted: AtomicU64::new(0),
            limits,
            started: Instant::now(),
            stop: AtomicBool::new(false),
            stopped_by: Mutex::new(None),
            busy: if threads > 1 {
                (0..BUSY_ENTRIES).map(|_| AtomicU64::new(0)).collect()
            } else {
                Vec::new()
            },
            threads,
            totals: Mutex::new(Counters::default()),
        }
    }

    /// Adds `n` counted nodes; returns whether a limit is now reached (and sets `stop`).
    fn report(&self, n: u64) -> bool {
        self.progress.fetch_add(n, Relaxed);
        let total = self.counted.fetch_add(n, Relaxed) + n;
        // The table grows with the search: about one entry per node searched so far.
        if total > self.table.capacity() as u64 {
            self.table.grow();
        }
        let limit = match self.limits {
            Limits {
                max_nodes: Some(max),
                ..
            } if total >= max => Some(format!("node limit ({max})")),
            Limits {
                cancel: Some(ref flag),
                ..
            } if flag.load(Relaxed) => Some("cancelled".to_string()),
            _ => None,
        };
        if let Some(limit) = limit {
            self.stop_by(limit);
        }
        self.out_of_time()
    }

    /// Records `limit` as what stopped the solve (the first one wins) and stops it.
    fn stop_by(&self, limit: String) {
        self.stopped_by
            .lock()
            .expect("no panics while held")
            .get_or_insert(limit);
        self.stop.store(true, Relaxed);
    }

    /// Whether the solve is stopped, reading the clock if it has a time limit (and stopping
    /// it if the time is up).
    fn out_of_time(&self) -> bool {
        if let Some(max) = self.limits.max_seconds {
            if !self.stopped() && self.started.elapsed().as_secs_f64() >= max {
                self.stop_by(format!("time limit ({} s)", round_seconds(max)));
            }
        }
        self.stopped()
    }

    fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The cell of the table of nodes in progress for `slot`, and the word that marks it.
    #[inline(always)]
    fn busy_entry(&self, slot: Slot) -> (&AtomicU64, u64) {
        let (bucket, tag) = slot.parts();
        (
            &self.busy[bucket & (BUSY_ENTRIES - 1)],
            (tag << 1 | 1) ^ ((bucket as u64) << 41),
        )
    }
}

/// A move of a node still to search: its child's index, bounds on its value from the mover's
/// side (`lo..=hi`), its ordering key and table slot.
#[derive(Clone, Copy)]
struct Open {
    i: u8,
    /// The child has the same mover (an extra turn).
    same: bool,
    /// `slot` is the child's (it is searched with the table).
    slotted: bool,
    lo: i32,
    hi: i32,
    key: i32,
    slot: Slot,
}

/// A node being searched, as its result is stored: its table slot (`None`: not stored), store
/// difference, the bounds on its value known before its moves were searched and its window.
#[derive(Clone, Copy)]
struct Node {
    slot: Option<Slot>,
    sd: i32,
    floor: i32,
    ceiling: i32,
    alpha: i32,
    beta: i32,
}

/// The positions of a search from the start of its repetition history to the current node,
/// with their hashes (games that can repeat; empty for the others): what says whether a child
/// repeats a position (RULES.md §0) and the history part of a table key.
pub(crate) struct RepetitionPath<R: Rules> {
    entries: Vec<PathEntry<R::Position>>,
}

impl<R: Rules> RepetitionPath<R> {
    /// A path holding the positions of `line` (games that can repeat; else empty).
    pub(crate) fn new(rules: &R, line: &[R::Position]) -> Self {
        let mut p = RepetitionPath {
            entries: Vec::new(),
        };
        if R::CAN_REPEAT {
            for pos in line {
                p.push(rules, pos);
            }
        }
        p
    }

    /// Adds `pos` to the path (games that can repeat).
    #[inline]
    pub(crate) fn push(&mut self, rules: &R, pos: &R::Position) {
        let hash = position_hash(pos);
        let n = self.entries.len();
        let entry = match self.entries.last() {
            Some(last) if rules.board_seeds(&last.pos) == rules.board_seeds(pos) => PathEntry {
                pos: *pos,
                hash,
                run: last.run ^ hash,
                start: last.start,
            },
            _ => PathEntry {
                pos: *pos,
                hash,
                run: hash,
                start: n as u32,
            },
        };
        self.entries.push(entry);
    }

    /// Takes the last position off the path.
    #[inline(always)]
    pub(crate) fn pop(&mut self) {
        self.entries.pop();
    }

    /// Whether `child` of the last path entry repeats a position of its window.
    #[inline]
    pub(crate) fn repeats(&self, rules: &R, child: &R::Position) -> bool {
        let last = self.entries.last().expect("path holds the node");
        if rules.board_seeds(&last.pos) != rules.board_seeds(child) {
            return false;
        }
        let hash = position_hash(child);
        self.entries[last.start as usize..]
            .iter()
            .any(|e| e.hash == hash && e.pos == *child)
    }

    /// The history part of the table key of the last path entry: 0 when no earlier position
    /// could repeat, else a hash of the set of such positions and of the node itself.
    #[inline]
    pub(crate) fn history_key(&self) -> u64 {
        if !R::CAN_REPEAT {
            return 0;
        }
        let n = self.entries.len() - 1;
        let e = &self.entries[n];
        if e.start as usize == n {
            0
        } else {
            window_key(self.entries[n - 1].run, e.hash)
        }
    }

    /// The history key of `child` (which has `same_seeds`: as many seeds on the board as the
    /// last path entry) once it is pushed: [`RepetitionPath::history_key`] there.
    #[inline(always)]
    pub(crate) fn child_key(&self, child: &R::Position, same_seeds: bool) -> u64 {
        if R::CAN_REPEAT && same_seeds {
            let last = self.entries.last().expect("path holds the node");
            window_key(last.run, position_hash(child))
        } else {
            0
        }
    }

    /// Whether the last path entry has no earlier position it could repeat (always true for
    /// games that cannot repeat): the databases' values hold there.
    #[inline]
    pub(crate) fn history_empty(&self) -> bool {
        if !R::CAN_REPEAT {
            return true;
        }
        let n = self.entries.len() - 1;
        self.entries[n].start as usize == n
    }
}

/// One thread's search state.
struct Searcher<'a, R: Rules> {
    sh: &'a Shared<'a, R>,
    counters: Counters,
    unreported: u64,
    /// Set when the search this searcher takes part in is over (another thread finished it, or
    /// a limit was reached).
    abort: &'a AtomicBool,
    /// Set when the work this searcher does for is no longer needed (another thread solved the
    /// same root move); checked with the limits, every [`REPORT_EVERY`] nodes.
    cancel: Option<&'a AtomicBool>,
    /// Whether this searcher saw `abort` and is unwinding (its results are then meaningless and
    /// nothing is stored).
    unwinding: bool,
    /// Distance from the root of this search.
    ply: u32,
    /// Positions from the start of the repetition history to the current node (games that can
    /// repeat only).
    path: RepetitionPath<R>,
}

impl<'a, R: Rules> Searcher<'a, R> {
    /// A searcher at the last position of `line` (the positions before it: those it could
    /// repeat).
    fn new(
        sh: &'a Shared<'a, R>,
        abort: &'a AtomicBool,
        cancel: Option<&'a AtomicBool>,
        line: &[R::Position],
    ) -> Self {
        Searcher {
            sh,
            counters: Counters::default(),
            unreported: 0,
            abort,
            cancel,
            unwinding: false,
            ply: 0,
            path: RepetitionPath::new(sh.rules, line),
        }
    }

    /// Adds `pos` to the path (games that can repeat).
    #[inline(always)]
    fn push(&mut self, pos: &R::Position) {
        self.path.push(self.sh.rules, pos);
    }

    /// Whether `child` of the last path entry repeats a position of its window.
    #[inline(always)]
    fn repeats(&self, child: &R::Position) -> bool {
        self.path.repeats(self.sh.rules, child)
    }

    /// The table slot of `pos`, which is the last path entry for games that can repeat.
    #[inline(always)]
    fn slot(&self, pos: &R::Position) -> Slot {
        slot_of(self.sh, pos, self.path.history_key())
    }

    /// The table slot of `child` (which has `same_seeds`: as many seeds on the board as the
    /// last path entry) once it is pushed: [`Searcher::slot`] there.
    #[inline(always)]
    fn child_slot(&self, child: &R::Position, same_seeds: bool) -> Slot {
        slot_of(self.sh, child, self.path.child_key(child, same_seeds))
    }

    /// Whether the last path entry has no earlier position it could repeat (always true for
    /// games that cannot repeat): the databases' values hold there.
    #[inline(always)]
    fn history_empty(&self) -> bool {
        self.path.history_empty()
    }

    /// The databases' value of a child with `seeds` seeds on the board, fewer than its parent
    /// holds, so that it has no earlier position to repeat.
    #[inline]
    fn known_child(&mut self, child: &R::Position, seeds: i32) -> Option<i32> {
        if seeds > self.sh.egdb_max {
            return None;
        }
        let v = self.sh.egdb?.value(self.sh.rules, child)?;
        self.counters.egdb_hits += 1;
        Some(v)
    }

    /// The databases' exact value of `pos` (which has `seeds` seeds on the board), if they
    /// cover it and its history allows.
    #[inline]
    fn egdb_value(&mut self, pos: &R::Position, seeds: i32) -> Option<i32> {
        if seeds > self.sh.egdb_max || !self.history_empty() {
            return None;
        }
        let v = self.sh.egdb?.value(self.sh.rules, pos)?;
        self.counters.egdb_hits += 1;
        Some(v)
    }

    /// Counts a node; returns whether the search must unwind.
    #[inline(always)]
    fn count_node(&mut self) -> bool {
        self.counters.nodes += 1;
        self.unreported += 1;
        if self.unreported == REPORT_EVERY {
            self.unreported = 0;
            if self.sh.report(REPORT_EVERY) || self.cancel.is_some_and(|c| c.load(Relaxed)) {
                self.abort.store(true, Relaxed);
            }
        } else if self.unreported % CLOCK_EVERY == 0
            && self.sh.limits.max_seconds.is_some()
            && self.sh.out_of_time()
        {
            self.abort.store(true, Relaxed);
        }
        if self.abort.load(Relaxed) {
            self.unwinding = true;
        }
        self.unwinding
    }

    /// The value of `child` seen from the mover of a position whose side is `side`, searching
    /// it with the window `(alpha, beta)` of that mover.
    #[inline]
    fn child_value(&mut self, side: Side, child: &R::Position, alpha: i32, beta: i32) -> i32 {
        let rules = self.sh.rules;
        let same = rules.side_to_move(child) == side;
        if R::CAN_REPEAT {
            debug_assert!(
                !self.repeats(child),
                "repeated children are valued by the rule"
            );
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
        let sh = self.sh;
        let rules = sh.rules;
        let sd = rules.store_difference(pos);
        if let Some(o) = rules.outcome(pos) {
            return sd + o.value();
        }
        if self.count_node() {
            return alpha;
        }
        let seeds = rules.board_seeds(pos) as i32;
        let (mut floor, mut ceiling) = (sd - seeds, sd + seeds);
        if ceiling <= alpha {
            return ceiling;
        }
        if floor >= beta {
            return floor;
        }
        if let Some(v) = self.egdb_value(pos, seeds) {
            return v;
        }
        // Small subtrees (few seeds, or one capture away from the databases) skip the table.
        let table_seeds = SMALL_BOARD.max(sh.egdb_max + NEAR_EGDB);
        let slot = (seeds > table_seeds).then(|| self.slot(pos));
        let mut hint = NO_MOVE;
        if let Some(slot) = slot {
            self.counters.probes += 1;
            if let Some(b) = sh.table.probe(slot) {
                self.counters.hits += 1;
                floor = floor.max(b.lower + sd);
                ceiling = ceiling.min(b.upper + sd);
                if floor >= beta || ceiling <= alpha || floor == ceiling {
                    self.counters.cutoffs += 1;
                    return if floor >= beta { floor } else { ceiling };
                }
                hint = b.best;
            }
        }
        let mut children = Children::<R>::new();
        rules.children(pos, &mut children);
        let side = rules.side_to_move(pos);
        // Per child, from the mover's side: the value lies in lo..=hi.
        let mut open = ArrayVec::<Open, MAX_CHILDREN>::new();
        let node = Node {
            slot,
            sd,
            floor,
            ceiling,
            alpha,
            beta,
        };
        let mut best = i32::MIN;
        let mut best_index = NO_MOVE;
        let etc = slot.is_some();
        for (i, c) in children.iter().enumerate() {
            let same = rules.side_to_move(&c.pos) == side;
            let csd = rules.store_difference(&c.pos);
            let cseeds = rules.board_seeds(&c.pos) as i32;
            let exact = match rules.outcome(&c.pos) {
                Some(o) => Some(csd + o.value()),
                None if cseeds < seeds => self.known_child(&c.pos, cseeds),
                // A repeated position ends the game (RULES.md §0).
                None if R::CAN_REPEAT && self.repeats(&c.pos) => {
                    Some(csd + rules.repetition_outcome(&c.pos).value())
                }
                None => None,
            };
            let c_sd = if same { csd } else { -csd };
            if let Some(v) = exact {
                let v = if same { v } else { -v };
                if v > best {
                    best = v;
                    best_index = i as u8;
                    if v >= beta {
                        self.counters.cutoffs += 1;
                        return self.store(&node, best, i, 0);
                    }
                    alpha = alpha.max(v);
                }
                continue;
            }
            let slotted = etc && cseeds > table_seeds;
            let child_slot = if slotted {
                let s = self.child_slot(&c.pos, cseeds == seeds);
                sh.table.prefetch(s);
                s
            } else {
                Slot::default()
            };
            open.push(Open {
                i: i as u8,
                same,
                slotted,
                lo: c_sd - cseeds,
                hi: c_sd + cseeds,
                key: if i as u8 == hint {
                    i32::MAX
                } else {
                    order_key::<R>(i, same, c_sd - sd)
                },
                slot: child_slot,
            });
        }
        if etc {
            for o in open.iter_mut() {
                if !o.slotted {
                    continue;
                }
                if let Some(b) = sh.table.probe(o.slot) {
                    let csd = rules.store_difference(&children[o.i as usize].pos);
                    if o.same {
                        o.lo = o.lo.max(b.lower + csd);
                        o.hi = o.hi.min(b.upper + csd);
                    } else {
                        o.lo = o.lo.max(-(b.upper + csd));
                        o.hi = o.hi.min(-(b.lower + csd));
                    }
                }
            }
        }
        for o in &open {
            if o.lo >= beta {
                self.counters.cutoffs += 1;
                return self.store(&node, o.lo, o.i as usize, 0);
            }
        }
        // Order the moves to search, best first.
        sort_by_key_descending(&mut open, |o| o.key);
        let nodes_before = self.counters.nodes;
        let parallel = !sh.busy.is_empty() && self.ply < BUSY_PLY;
        let busy = match slot {
            Some(slot) if parallel => {
                let (cell, word) = sh.busy_entry(slot);
                cell.store(word, Relaxed);
                Some((cell, word))
            }
            _ => None,
        };
        let mut deferred = ArrayVec::<u8, MAX_CHILDREN>::new();
        // The moves in order, then those deferred because another thread was searching them.
        let mut k = 0;
        loop {
            let (o, first_pass) = if k < open.len() {
                (open[k], true)
            } else if k - open.len() < deferred.len() {
                (open[deferred[k - open.len()] as usize], false)
            } else {
                break;
            };
            k += 1;
            let i = o.i as usize;
            if o.hi <= alpha {
                best = best.max(o.hi);
                continue;
            }
            if first_pass && k > 1 && busy.is_some() && o.slotted {
                let (cell, word) = sh.busy_entry(o.slot);
                if cell.load(Relaxed) == word {
                    deferred.push(k as u8 - 1);
                    continue;
                }
            }
            let v = self.child_value(side, &children[i].pos, alpha, beta);
            if self.unwinding {
                break;
            }
            if v > best {
                best = v;
                best_index = i as u8;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if let Some((cell, word)) = busy {
            let _ = cell.compare_exchange(word, 0, Relaxed, Relaxed);
        }
        if self.unwinding {
            return alpha;
        }
        let work = 64 - (self.counters.nodes - nodes_before).leading_zeros() as u8;
        self.store(&node, best, best_index as usize, work)
    }

    /// Stores the result `best` (from child `best_index`) of `node` and returns it.
    #[inline(always)]
    fn store(&self, node: &Node, best: i32, best_index: usize, work: u8) -> i32 {
        if let Some(slot) = node.slot {
            let (lower, upper, best_move) = if best <= node.alpha {
                (node.floor, best, NO_MOVE)
            } else if best >= node.beta {
                (best, node.ceiling, best_index as u8)
            } else {
                (best, best, best_index as u8)
            };
            self.sh.table.store(
                slot,
                Bounds {
                    lower: lower - node.sd,
                    upper: upper - node.sd,
                    best: best_move,
                },
                work,
            );
        }
        best
    }

    /// Moves the counters into the shared totals (and checks the limits: a solve of many short
    /// searches stops at its limit too).
    fn finish(&mut self) {
        self.sh.report(self.unreported);
        self.unreported = 0;
        self.sh
            .totals
            .lock()
            .expect("no panics while held")
            .add(std::mem::take(&mut self.counters));
    }
}

/// The table slot of `pos` with the history key `extra` (0: no earlier position it could
/// repeat): its lossless table code where it has one and no history, else a hash.
#[inline(always)]
fn slot_of<R: Rules>(sh: &Shared<R>, pos: &R::Position, extra: u64) -> Slot {
    table_slot(sh.rules, sh.table, pos, extra)
}

/// The slot of `pos` in `table` with the history key `extra` (0: no earlier position it could
/// repeat): its lossless table code where it has one and no history, else a hash of its value
/// key and `extra`.
#[inline(always)]
pub(crate) fn table_slot<R: Rules, C: super::tt::Codec>(
    rules: &R,
    table: &Table<C>,
    pos: &R::Position,
    extra: u64,
) -> Slot {
    if extra == 0 {
        if let Some(code) = rules.table_code(pos) {
            return table.code_slot(code);
        }
    }
    table.hash_slot(rules.value_key(pos), extra)
}

/// The history part of the table key of a position whose hash is `hash` after the positions
/// whose hashes XOR to `run` (the earlier positions of its repetition window).
#[inline(always)]
fn window_key(run: u64, hash: u64) -> u64 {
    run.rotate_left(23) ^ hash ^ 0x6a09_e667_f3bc_c909
}

/// The move-ordering key of child `i` (larger first): extra turns first, then the larger gain
/// in store difference for the mover, ties in the generation order that
/// [`Rules::EQUAL_GAIN_LAST_FIRST`] chooses.
#[inline(always)]
pub(crate) fn order_key<R: Rules>(i: usize, same: bool, gain: i32) -> i32 {
    let tie = if R::EQUAL_GAIN_LAST_FIRST {
        i as i32
    } else {
        (MAX_CHILDREN - 1 - i) as i32
    };
    ((gain + 5 * same as i32) << 6) + tie
}

/// Sorts the few moves of a node by `key`, largest first, keeping the order of equal keys
/// (insertion sort: no allocation, fastest on such short lists).
#[inline(always)]
pub(crate) fn sort_by_key_descending<T: Copy>(v: &mut [T], key: impl Fn(&T) -> i32) {
    for k in 1..v.len() {
        let o = v[k];
        let mut j = k;
        while j > 0 && key(&v[j - 1]) < key(&o) {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = o;
    }
}

/// The children of `pos` in the static move order (see [`order_key`]).
pub(crate) fn ordered_children<R: Rules>(rules: &R, pos: &R::Position) -> Children<R> {
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let side = rules.side_to_move(pos);
    let sd = rules.store_difference(pos);
    let key = |(i, c): (usize, &crate::rules::Child<R>)| {
        let same = rules.side_to_move(&c.pos) == side;
        let csd = rules.store_difference(&c.pos);
        order_key::<R>(i, same, if same { csd } else { -csd } - sd)
    };
    let mut keyed: Vec<(i32, crate::rules::Child<R>)> = children
        .iter()
        .enumerate()
        .map(|ic| (key(ic), *ic.1))
        .collect();
    keyed.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
    keyed.into_iter().map(|(_, c)| c).collect()
}

/// Runs null-window and other searches of a solve on `threads` threads (all of the solve's, or
/// the calling thread alone).
struct Driver<'a, R: Rules> {
    sh: &'a Shared<'a, R>,
    threads: usize,
    /// When set, the searches stop (giving `None`) as if a limit were reached.
    cancel: Option<&'a AtomicBool>,
}

impl<'a, R: Rules> Driver<'a, R> {
    /// A driver on all the solve's threads.
    fn all(sh: &'a Shared<'a, R>) -> Self {
        Driver {
            sh,
            threads: sh.threads,
            cancel: None,
        }
    }

    /// The fail-soft value of the last position of `line` with the window `(alpha, beta)`,
    /// searched by the driver's threads; `None` if a limit or `cancel` stopped it.
    fn search(&self, line: &[R::Position], alpha: i32, beta: i32) -> Option<i32> {
        let sh = self.sh;
        let pos = line.last().expect("a line holds its position");
        let cancelled = self.cancel.is_some_and(|c| c.load(Relaxed));
        let done = AtomicBool::new(sh.stopped() || cancelled);
        let result: Mutex<Option<i32>> = Mutex::new(None);
        let run = || {
            let mut s = Searcher::new(sh, &done, self.cancel, line);
            let v = s.search(pos, alpha, beta);
            if !s.unwinding {
                result
                    .lock()
                    .expect("no panics while held")
                    .get_or_insert(v);
                done.store(true, Relaxed);
            }
            s.finish();
        };
        on_threads(self.threads, run);
        let v = *result.lock().expect("no panics while held");
        v
    }

    /// The value of `child` (after the last position of `line`, whose mover is `side`) from
    /// that mover's side, searched with the mover's window `(alpha, beta)`: the repetition rule
    /// if it repeats a position of `line`.
    fn child(
        &self,
        line: &[R::Position],
        side: Side,
        child: &R::Position,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let rules = self.sh.rules;
        let same = rules.side_to_move(child) == side;
        if let Some(v) = repetition_value(rules, line, child) {
            return Some(if same { v } else { -v });
        }
        let mut next = line.to_vec();
        next.push(*child);
        Some(if same {
            self.search(&next, alpha, beta)?
        } else {
            -self.search(&next, -beta, -alpha)?
        })
    }

    /// MTD(f) on the last position of `line`: null-window searches converging on its exact
    /// value, from `guess` (or the table's bounds). `Err((lower, upper))`: stopped by a limit,
    /// with the bounds proved.
    fn mtdf(&self, line: &[R::Position], guess: Option<i32>) -> Result<i32, (i32, i32)> {
        let rules = self.sh.rules;
        let pos = line.last().expect("a line holds its position");
        let sd = rules.store_difference(pos);
        if let Some(o) = rules.outcome(pos) {
            return Ok(sd + o.value());
        }
        let seeds = rules.board_seeds(pos) as i32;
        let (mut lower, mut upper) = (sd - seeds, sd + seeds);
        let mut g = guess
            .unwrap_or_else(|| first_guess(rules, pos, &|| self.sh.out_of_time()))
            .clamp(lower, upper);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            let Some(v) = self.search(line, beta - 1, beta) else {
                return Err((lower, upper));
            };
            if v < beta {
                upper = v;
            } else {
                lower = v;
            }
            g = v.clamp(lower, upper);
        }
        Ok(lower)
    }

    /// Follows moves that keep the value from the last position of `line` (whose value is
    /// `value`) to the end of the game; each step takes the first move in the static move
    /// order ([`order_key`]: it depends on the position alone, so the line does not depend on
    /// the threads) that a null-window search proves to reach the value.
    fn principal_variation(&self, line: &[R::Position], mut value: i32) -> Option<Vec<R::Move>> {
        let rules = self.sh.rules;
        let mut pv = Vec::new();
        let mut line = line.to_vec();
        loop {
            let pos = *line.last().expect("a line holds its position");
            if rules.outcome(&pos).is_some() || pv.len() >= 1000 {
                break;
            }
            let children = ordered_children(rules, &pos);
            let side = rules.side_to_move(&pos);
            let mut next = None;
            for c in &children {
                // Does this move reach `value`? (No move exceeds it.)
                if self.child(&line, side, &c.pos, value - 1, value)? >= value {
                    next = Some(c);
                    break;
                }
            }
            let Some(c) = next else { break };
            pv.push(c.mv);
            if repetition_value(rules, &line, &c.pos).is_some() {
                break;
            }
            if rules.side_to_move(&c.pos) != side {
                value = -value;
            }
            if R::CAN_REPEAT {
                line.push(c.pos);
            } else {
                line = vec![c.pos];
            }
        }
        Some(pv)
    }
}

/// Deepest and most positions of the shallow searches that give MTD(f) its first guess.
const GUESS_DEPTH: u32 = 8;
const GUESS_POSITIONS: u64 = 1 << 16;

/// The first guess of MTD(f) at `pos`: the value of depth-limited alpha-beta searches without a
/// table (depth 1, 2, ... up to [`GUESS_DEPTH`], the last one that starts before
/// [`GUESS_POSITIONS`] positions are visited), the store difference where the game is not over
/// at the horizon. Measured on Kalah(6,3), (5,4) and (5,4) with `capture=empty`: 10-25% fewer
/// nodes than starting from the store difference.
///
/// `stop` is asked every [`CLOCK_EVERY`] positions; when it says yes, the guess of the last
/// depth completed is kept.
fn first_guess<R: Rules>(rules: &R, pos: &R::Position, stop: &dyn Fn() -> bool) -> i32 {
    let mut visited = 0;
    let mut guess = rules.store_difference(pos);
    for depth in 1..=GUESS_DEPTH {
        if visited >= GUESS_POSITIONS {
            break;
        }
        match shallow(rules, pos, depth, -(1 << 20), 1 << 20, &mut visited, stop) {
            Some(v) => guess = v,
            None => break,
        }
    }
    guess
}

/// A depth-limited alpha-beta value of `pos` (mover's side, seeds): exact where the game ends
/// within `depth` moves, else the game's evaluation at the horizon. `visited` counts positions;
/// `None` if `stop` (asked every [`CLOCK_EVERY`] positions) said to stop.
fn shallow<R: Rules>(
    rules: &R,
    pos: &R::Position,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    visited: &mut u64,
    stop: &dyn Fn() -> bool,
) -> Option<i32> {
    *visited += 1;
    if *visited % CLOCK_EVERY == 0 && stop() {
        return None;
    }
    if let Some(o) = rules.outcome(pos) {
        return Some(rules.store_difference(pos) + o.value());
    }
    if depth == 0 {
        return Some(rules.evaluate(pos));
    }
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let side = rules.side_to_move(pos);
    let mut best = i32::MIN;
    for c in children.iter().rev() {
        let v = if rules.side_to_move(&c.pos) == side {
            shallow(rules, &c.pos, depth - 1, alpha, beta, visited, stop)?
        } else {
            -shallow(rules, &c.pos, depth - 1, -beta, -alpha, visited, stop)?
        };
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// The value of `child`, from its mover's side, if it repeats a position of `line` (the
/// positions it could repeat, the last one its parent) under the repetition rule.
pub(crate) fn repetition_value<R: Rules>(
    rules: &R,
    line: &[R::Position],
    child: &R::Position,
) -> Option<i32> {
    if !R::CAN_REPEAT {
        return None;
    }
    let seeds = rules.board_seeds(child);
    let repeats = line
        .iter()
        .rev()
        .take_while(|p| rules.board_seeds(p) == seeds)
        .any(|p| p == child);
    repeats.then(|| rules.store_difference(child) + rules.repetition_outcome(child).value())
}

/// The history rule of `rules` that a table of values per position cannot represent, in
/// words: a repetition that ends the game only at a later occurrence than the first repeat,
/// or a limit of moves without a capture ([`Rules::repetition_occurrences`],
/// [`Rules::quiet_limit`]).
pub fn history_rule<R: Rules>(rules: &R) -> Option<String> {
    if !R::CAN_REPEAT {
        return None;
    }
    if rules.repetition_occurrences() != 2 {
        return Some(format!(
            "ends at occurrence {} of a position",
            rules.repetition_occurrences()
        ));
    }
    rules
        .quiet_limit()
        .map(|n| format!("ends after {n} moves without a capture"))
}

/// The default table size for a solve of `root`, in MiB: `2^(B / 3 + 10.5)` entries of
/// [`super::tt::ENTRY_BYTES`] bytes for `B` seeds on the board, at least 1 MiB and at most a
/// quarter of `memory_mb` and 4096 MiB; the table then rounds it down to a power of two and
/// [`solve`] caps it at two entries per board the game can reach. So Kalah(4,3) gets 2 MiB,
/// Kalah(6,3) 32 MiB, Kalah(5,4) 64 MiB, Kalah(6,4) 512 MiB and Kalah(6,5) 4096 MiB (on a
/// machine of 16 GiB or more). Measured once (the table was not kept in `results/`):
/// Kalah(6,4) value-only on one thread searched 186 M nodes with 128 MiB, 80.5 M with 512 MiB
/// and 78.6 M with 2048 MiB, the last slower per node; a larger table also costs the kernel
/// time to fault its pages in (about 2 ms a MiB on the 2-core test machine). The memory a solve uses grows to this size
/// as the search touches the table.
pub fn default_table_megabytes<R: Rules>(rules: &R, root: &R::Position, memory_mb: u64) -> usize {
    let seeds = rules.board_seeds(root) as f64;
    let log2_entries = (seeds / 3.0 + 10.5).min(50.0);
    let megabytes = (log2_entries.exp2() * super::tt::ENTRY_BYTES as f64 / (1 << 20) as f64) as u64;
    megabytes.clamp(1, (memory_mb / 4).clamp(1, 4096)) as usize
}

/// The table size actually used for `rules`: `requested` MiB, but no more than two entries per
/// value key the game has (a table touched at random faults in every page it spans, so an
/// oversized table costs time on small games).
fn table_megabytes<R: Rules>(rules: &R, requested: usize) -> usize {
    match rules.key_space() {
        Some(keys) => {
            let needed = keys.saturating_mul(2 * super::tt::ENTRY_BYTES as u128) >> 20;
            requested.min(needed.min(usize::MAX as u128) as usize + 1)
        }
        None => requested,
    }
}

/// Physical memory of this machine in MiB (Linux: `MemTotal` of /proc/meminfo), if known.
pub fn physical_megabytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Solves `root` exactly: its value, every root move's value and a principal variation.
///
/// `history` holds the positions before `root` that it could repeat (for games with the
/// repetition rule; see [`crate::game::Line::repetition_window`]). `progress` is increased by
/// the nodes searched as the search goes (for a progress display). If `root` is over, the value
/// is its final store difference and there are no moves.
///
/// # Errors
/// [`SolveError`] when the table's memory cannot be mapped, the threads cannot be started, or
/// a limit stops the solve, or the game has a history rule a table cannot represent
/// ([`SolveError::HistoryRules`]).
pub fn solve<R: Rules>(
    rules: &R,
    root: &R::Position,
    history: &[R::Position],
    options: &SolveOptions,
    progress: &AtomicU64,
) -> Result<Solution<R>, SolveError> {
    if let Some(rule) = history_rule(rules) {
        return Err(SolveError::HistoryRules {
            game: rules.spec().to_string(),
            rule,
        });
    }
    let started = Instant::now();
    let threads = options.threads.max(1);
    let requested = options.tt_mb.unwrap_or_else(|| {
        default_table_megabytes(rules, root, physical_megabytes().unwrap_or(4096))
    });
    let megabytes = table_megabytes(rules, requested);
    let table = Table::growing(1, megabytes).map_err(|e| SolveError::Table {
        megabytes,
        reason: e.to_string(),
    })?;
    let sh = Shared::new(
        rules,
        &table,
        options.egdb.as_deref(),
        progress,
        threads,
        options.limits.clone(),
    );
    let mut line: Vec<R::Position> = history.to_vec();
    line.push(*root);
    let result =
        super::with_search_stack(|| solve_line(&sh, &line, options.value_only)).map_err(|e| {
            SolveError::Threads {
                threads,
                reason: e.to_string(),
            }
        })?;
    let counters = *sh.totals.lock().expect("no panics while held");
    let seconds = started.elapsed().as_secs_f64();
    let (value, moves, pv) = result.map_err(|(lower, upper, best, moves)| SolveError::Stopped {
        limit: sh
            .stopped_by
            .lock()
            .expect("no panics while held")
            .clone()
            .unwrap_or_default(),
        lower,
        upper,
        best: best.map(|(mv, v)| (rules.format_move(root, mv), v)),
        moves: moves
            .into_iter()
            .map(|(mv, v)| (rules.format_move(root, mv), v))
            .collect(),
        nodes: counters.nodes,
        seconds,
    })?;
    let (used, sample) = table.used_in_sample(1 << 20);
    Ok(Solution {
        value,
        moves,
        pv,
        nodes: counters.nodes,
        seconds,
        threads,
        table: TableStats {
            bytes: table.bytes(),
            entries: table.capacity(),
            fill: Some(used as f64 / sample.max(1) as f64),
            counters: Some(TableCounters {
                probes: counters.probes,
                hits: counters.hits,
                cutoffs: counters.cutoffs,
            }),
        },
        egdb_hits: counters.egdb_hits,
    })
}

/// Bounds on the value of the root, the best root move found, and the root moves whose exact
/// value was proved, when a limit stopped a solve.
type Proved<R> = (
    i32,
    i32,
    Option<(<R as Rules>::Move, i32)>,
    Vec<(<R as Rules>::Move, i32)>,
);

/// Value, move values and principal variation of the last position of `line`; `Err` with the
/// bounds proved, the best move found and the moves whose value was proved, if a limit stopped
/// the solve.
#[allow(clippy::type_complexity)]
fn solve_line<R: Rules>(
    sh: &Shared<R>,
    line: &[R::Position],
    value_only: bool,
) -> Result<(i32, Vec<MoveValue<R>>, Vec<R::Move>), Proved<R>> {
    let rules = sh.rules;
    let d = Driver::all(sh);
    let root = line.last().expect("a line holds its position");
    let sd = rules.store_difference(root);
    if let Some(o) = rules.outcome(root) {
        return Ok((sd + o.value(), Vec::new(), Vec::new()));
    }
    // A root the databases cover (with no earlier position to repeat) is answered from them,
    // its moves valued through them and its line followed as `egdb probe` does.
    if let (Some(db), [_]) = (sh.egdb, line) {
        if let (Some(value), Some(values)) = (db.value(rules, root), db.move_values(rules, root)) {
            sh.totals.lock().expect("no panics while held").egdb_hits += 1 + values.len() as u64;
            let moves = values
                .iter()
                .map(|&(mv, value)| MoveValue {
                    mv,
                    value,
                    exact: true,
                })
                .collect();
            let pv = db
                .principal_variation(rules, root, 1000)
                .expect("the database covers the root");
            return Ok((value, moves, pv));
        }
    }
    let value = d
        .mtdf(line, None)
        .map_err(|(lower, upper)| proved_at_root(sh, line, lower, upper))?;
    let pv = d
        .principal_variation(line, value)
        .ok_or((value, value, None, Vec::new()))?;
    let mut children = Children::<R>::new();
    rules.children(root, &mut children);
    let side = rules.side_to_move(root);
    // The moves whose exact value needs a search of their own.
    let searched: Vec<usize> = (0..children.len())
        .filter(|&i| {
            let c = &children[i];
            !value_only
                && pv.first() != Some(&c.mv)
                && repetition_value(rules, line, &c.pos).is_none()
        })
        .collect();
    let lines: Vec<Vec<R::Position>> = searched
        .iter()
        .map(|&i| {
            let mut next = line.to_vec();
            next.push(children[i].pos);
            next
        })
        .collect();
    let searched_values = solve_lines(sh, &lines);
    let mut moves = Vec::new();
    for (i, c) in children.iter().enumerate() {
        let same = rules.side_to_move(&c.pos) == side;
        let (v, exact) = if pv.first() == Some(&c.mv) {
            (Some(value), true)
        } else if value_only {
            (Some(value), false)
        } else if let Some(v) = repetition_value(rules, line, &c.pos) {
            (Some(if same { v } else { -v }), true)
        } else {
            let k = searched.binary_search(&i).expect("searched");
            let v = searched_values[k];
            (v.map(|v| if same { v } else { -v }), true)
        };
        moves.push((c.mv, v, exact));
    }
    if moves.iter().any(|m| m.1.is_none()) {
        let best = pv.first().map(|&mv| (mv, value));
        let finished = moves
            .iter()
            .filter_map(|&(mv, v, _)| v.map(|v| (mv, v)))
            .collect();
        return Err((value, value, best, finished));
    }
    let moves = moves
        .into_iter()
        .map(|(mv, v, exact)| MoveValue {
            mv,
            value: v.expect("every move finished"),
            exact,
        })
        .collect();
    Ok((value, moves, pv))
}

/// What a stopped solve proved about the last position of `line`: the bounds `lower..=upper`
/// of its MTD(f), narrowed by the bounds its moves have (their end, repetition or database
/// value, else their table entry within the seeds on the board); and the move with the highest
/// proved lower bound (of those, the first in the static move order, which the search tries
/// first), with that bound.
fn proved_at_root<R: Rules>(
    sh: &Shared<R>,
    line: &[R::Position],
    lower: i32,
    upper: i32,
) -> Proved<R> {
    let rules = sh.rules;
    let root = line.last().expect("a line holds its position");
    let done = AtomicBool::new(true);
    let mut s = Searcher::new(sh, &done, None, line);
    let (side, seeds) = (rules.side_to_move(root), rules.board_seeds(root) as i32);
    let children = ordered_children(rules, root);
    let (mut best, mut ceiling) = (None::<(R::Move, i32)>, i32::MIN);
    for c in &children {
        let csd = rules.store_difference(&c.pos);
        let cseeds = rules.board_seeds(&c.pos) as i32;
        let exact = match rules.outcome(&c.pos) {
            Some(o) => Some(csd + o.value()),
            None if cseeds < seeds => s.known_child(&c.pos, cseeds),
            None => repetition_value(rules, line, &c.pos),
        };
        let (lo, hi) = exact.map_or_else(
            || {
                let slot = s.child_slot(&c.pos, cseeds == seeds);
                let b = sh.table.probe(slot);
                (
                    b.map_or(csd - cseeds, |b| (b.lower + csd).max(csd - cseeds)),
                    b.map_or(csd + cseeds, |b| (b.upper + csd).min(csd + cseeds)),
                )
            },
            |v| (v, v),
        );
        let (lo, hi) = if rules.side_to_move(&c.pos) == side {
            (lo, hi)
        } else {
            (-hi, -lo)
        };
        if best.is_none_or(|(_, b)| lo > b) {
            best = Some((c.mv, lo));
        }
        ceiling = ceiling.max(hi);
    }
    let floor = best.map_or(lower, |(_, b)| b);
    (lower.max(floor), upper.min(ceiling), best, Vec::new())
}

/// The exact values of the last positions of `lines` (each from its own mover's side), by
/// MTD(f); `None` for each line a limit stopped before its value was proved.
///
/// With one thread, or one line, every thread works on each line in turn. Otherwise each
/// thread solves whole lines on its own, taking the next unsolved one (the lines are
/// independent, so no thread's work is speculative); a thread that finds none left joins the
/// unsolved line with the fewest threads on it, running the same MTD(f) over the shared table,
/// and whichever thread finishes a line first gives its value and stops the others on it.
/// Measured on Kalah(6,4), every root move, 512 MiB, 2 threads: 343 M nodes in 105 s with every
/// thread on each line in turn, 296 M nodes in 94 s this way (one thread: 282 M in 158 s).
fn solve_lines<R: Rules>(sh: &Shared<R>, lines: &[Vec<R::Position>]) -> Vec<Option<i32>> {
    if sh.threads == 1 || lines.len() <= 1 {
        let d = Driver::all(sh);
        // After a stop the lines left are not started.
        return lines
            .iter()
            .map(|l| (!sh.stopped()).then(|| d.mtdf(l, None).ok()).flatten())
            .collect();
    }
    let n = lines.len();
    let next = AtomicUsize::new(0);
    let solved: Vec<Mutex<Option<i32>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let cancel: Vec<AtomicBool> = (0..n).map(|_| AtomicBool::new(false)).collect();
    let workers: Vec<AtomicUsize> = (0..n).map(|_| AtomicUsize::new(0)).collect();
    let work = || loop {
        if sh.stopped() {
            break;
        }
        let i = match next.fetch_add(1, Relaxed) {
            i if i < n => i,
            _ => match (0..n)
                .filter(|&j| !cancel[j].load(Relaxed))
                .min_by_key(|&j| workers[j].load(Relaxed))
            {
                Some(j) => j,
                None => break,
            },
        };
        workers[i].fetch_add(1, Relaxed);
        let d = Driver {
            sh,
            threads: 1,
            cancel: Some(&cancel[i]),
        };
        if let Ok(v) = d.mtdf(&lines[i], None) {
            solved[i]
                .lock()
                .expect("no panics while held")
                .get_or_insert(v);
            cancel[i].store(true, Relaxed);
        }
        workers[i].fetch_sub(1, Relaxed);
    };
    on_threads(sh.threads, work);
    solved
        .iter()
        .map(|v| *v.lock().expect("no panics while held"))
        .collect()
}

/// Runs `f` on `threads` threads: the calling one and `threads - 1` more with a
/// [`super::SEARCH_STACK`] stack each; returns when all have finished.
fn on_threads(threads: usize, f: impl Fn() + Sync) {
    if threads <= 1 {
        return f();
    }
    std::thread::scope(|scope| {
        for _ in 1..threads {
            std::thread::Builder::new()
                .stack_size(super::SEARCH_STACK)
                .spawn_scoped(scope, &f)
                .expect("threads start (checked before the solve)");
        }
        f();
    });
}

/// Runs `f` with a one-thread driver over a fresh table on the line `history` then `pos`: the
/// table starts at 1 MiB and grows with the nodes searched up to `tt_mb` MiB, as [`solve`]'s.
fn single_thread<R: Rules, T>(
    rules: &R,
    pos: &R::Position,
    history: &[R::Position],
    tt_mb: usize,
    f: impl FnOnce(&Driver<R>, &[R::Position]) -> T,
) -> T {
    let table = Table::growing(1, tt_mb).expect("test tables are small");
    let progress = AtomicU64::new(0);
    let sh = Shared::new(rules, &table, None, &progress, 1, Limits::default());
    let mut line = history.to_vec();
    line.push(*pos);
    f(&Driver::all(&sh), &line)
}

/// Exact value of `pos` by MTD(f) on one thread with a table of `tt_mb` MiB: the sequential
/// search the parallel [`solve`] is tested against.
pub fn solve_sequential<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[R::Position],
    tt_mb: usize,
) -> i32 {
    single_thread(rules, pos, history, tt_mb, |d, line| {
        d.mtdf(line, None).expect("no limits")
    })
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

/// [`alphabeta`], the number of nodes it searched and the bytes of table it used (the table
/// grows with the search up to `tt_mb` MiB).
pub fn alphabeta_counted<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[R::Position],
    tt_mb: usize,
) -> (i32, u64, usize) {
    single_thread(rules, pos, history, tt_mb, |d, line| {
        let v = d.search(line, i32::MIN + 1, i32::MAX).expect("no limits");
        let nodes = d.sh.totals.lock().expect("no panics while held").nodes;
        (v, nodes, d.sh.table.bytes())
    })
}

/// A principal variation from the last position of `history` then `pos`, whose value is
/// `value`, found as [`solve`] finds its own (null-window searches on one thread over a table
/// growing up to `tt_mb` MiB).
pub fn principal_variation<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[R::Position],
    tt_mb: usize,
    value: i32,
) -> Vec<R::Move> {
    single_thread(rules, pos, history, tt_mb, |d, line| {
        d.principal_variation(line, value).expect("no limits")
    })
}

/// `seconds` for messages: at most three significant decimals (`0.5`, `2.25`, `30`).
fn round_seconds(seconds: f64) -> f64 {
    (seconds * 1000.0).round() / 1000.0
}
