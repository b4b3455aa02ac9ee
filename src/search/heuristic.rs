//! The depth-limited search of the `search` agent: iterative deepening over a principal
//! variation search (PVS: the first move with the full window, the others with a null window
//! and a re-search when they beat it), over the exact solver's machinery.
//!
//! * **Values** are in evaluation units ([`SCALE`] to the seed, [`crate::eval`]) from the side
//!   to move; an extra turn keeps the sign. At the horizon the evaluator `E` estimates; a
//!   finished game, a repeated position (by the repetition rule) and a position the endgame
//!   databases cover are valued exactly: their final store difference times `SCALE`. Every
//!   value is clamped into the range the seeds left allow (`(sd ± seeds) * SCALE`, `sd` the
//!   store difference), as the solver's futility bounds are.
//! * **Proven values**: a node whose subtree met no horizon (no evaluation, no table entry
//!   that was not proven) has an exact bound, valid at every depth; it is stored as such
//!   ([`PROVEN`]). An iteration whose root is proven ends the deepening: the value is the
//!   game's exact value (what `negamax` gives, times `SCALE`).
//! * **Table**: the solver's lock-free table ([`super::tt`]) with the [`Scored`] payload (a
//!   bound, its kind, the depth searched and the best move), located by a hash of the
//!   position's value key, its store difference (an evaluation may depend on the stores) and,
//!   for games that can repeat, the positions since the last capture (as the solver keys it,
//!   so every stored bound holds whatever the history).
//! * **Enhanced transposition cutoffs** at nodes 2 plies or more from the horizon: a child whose
//!   entry, deep enough, already refutes the window ends the node.
//! * **Move ordering**: the table's move, then (with [`Context::killers`]) two killer moves a
//!   ply, then the solver's static order ([`super::solver::order_key`]: extra turns, then the
//!   larger immediate gain by the game's own evaluation, [`Rules::evaluate`]: the store
//!   difference, or material in the four-row games, so captures first there; measured in
//!   `results/benchmarks/search-move-order.md`).
//! * **Threads**: Lazy SMP: every thread runs the same deepening over the shared table, helpers
//!   one ply deeper on odd threads; the first thread's result is played.
//! * **Limits** ([`Limits`]): depth, nodes (all threads) and a deadline, the first reached
//!   stops; a stopped iteration is discarded, except for its first root move (the previous
//!   best) being beaten by a later one that was fully searched.
//!
//! A *node* is a call of the search on a position that is not over (as the solver counts).
//! No allocation inside the search: children go to fixed-capacity lists on the stack.

use super::solver::{
    order_key, repetition_value, sort_by_key_descending, table_slot, RepetitionPath,
};
use super::tt::{Codec, Slot, Table, PAYLOAD_BITS};
use crate::egdb::Egdb;
use crate::eval::{Evaluator, SCALE};
use crate::rules::{Children, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// The depth stored for a proven bound: it holds at every depth.
pub const PROVEN: u8 = 31;
/// The deepest iteration (plies; an extra turn is a ply).
pub const MAX_DEPTH: u32 = 128;
/// No move recorded in an entry.
pub const NO_HINT: u8 = 15;
/// Values an entry holds exactly: `-VALUE_LIMIT..VALUE_LIMIT` units (beyond, a bound is
/// stored weakened to this limit, so it stays true).
pub const VALUE_LIMIT: i32 = 1 << 12;
/// Nodes between two looks at the clock, the shared node count and the stop flag.
const CHECK_EVERY: u64 = 1 << 10;

/// The kind of bound of an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The value is at least the entry's.
    Lower = 1,
    /// The value is at most the entry's.
    Upper = 2,
    /// The value is the entry's.
    Exact = 3,
}

/// An entry of the depth-limited search's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The bound, evaluation units from the mover's side.
    pub value: i32,
    /// Which bound.
    pub kind: Kind,
    /// Plies searched below the position ([`PROVEN`]: exact whatever the depth).
    pub depth: u8,
    /// Index of the best move in generation order, or [`NO_HINT`].
    pub best: u8,
}

/// Payload of [`Scored`]: bits `0..2` kind (0: empty), `2..7` depth, `7..11` best move, `11..24`
/// value plus [`VALUE_LIMIT`].
impl Codec for Scored {
    type Entry = Scored;
    #[inline(always)]
    fn encode(e: Scored, _work: u8) -> u64 {
        debug_assert!((-VALUE_LIMIT..VALUE_LIMIT).contains(&e.value));
        (e.kind as u64)
            | ((e.depth.min(PROVEN) as u64) << 2)
            | ((e.best.min(NO_HINT) as u64) << 7)
            | (((e.value + VALUE_LIMIT) as u64) << 11)
    }
    #[inline(always)]
    fn decode(p: u64) -> Option<Scored> {
        let kind = match p & 3 {
            1 => Kind::Lower,
            2 => Kind::Upper,
            3 => Kind::Exact,
            _ => return None,
        };
        Some(Scored {
            value: ((p >> 11) & ((1 << (PAYLOAD_BITS - 11)) - 1)) as i32 - VALUE_LIMIT,
            kind,
            depth: ((p >> 2) & 31) as u8,
            best: ((p >> 7) & 15) as u8,
        })
    }
    #[inline(always)]
    fn work(p: u64) -> u8 {
        ((p >> 2) & 31) as u8
    }
    /// The deeper entry wins (the new one at equal depth); a new entry without a move keeps
    /// the old one's.
    #[inline(always)]
    fn merge(mut new: Scored, _: u8, old: Scored, _: u8) -> u64 {
        if new.depth < old.depth {
            return Self::encode(old, 0);
        }
        if new.best == NO_HINT {
            new.best = old.best;
        }
        Self::encode(new, 0)
    }
}

impl Scored {
    /// The bounds `lower..=upper` the entry gives (unbounded sides as `i32::MIN / 2`, `MAX`).
    #[inline(always)]
    fn bounds(self) -> (i32, i32) {
        match self.kind {
            Kind::Lower => (self.value, i32::MAX / 2),
            Kind::Upper => (i32::MIN / 2, self.value),
            Kind::Exact => (self.value, self.value),
        }
    }

    /// The entry for the bounds `lower..=upper` (one of them unbounded or both equal), weakened
    /// to fit [`VALUE_LIMIT`]; `None` if nothing true fits.
    #[inline(always)]
    fn of(lower: i32, upper: i32, depth: u8, best: u8) -> Option<Scored> {
        let top = VALUE_LIMIT - 1;
        let (value, kind) = if lower == upper {
            if lower > top {
                (top, Kind::Lower)
            } else if lower < -VALUE_LIMIT {
                (-VALUE_LIMIT, Kind::Upper)
            } else {
                (lower, Kind::Exact)
            }
        } else if upper >= i32::MAX / 2 {
            if lower < -VALUE_LIMIT {
                return None;
            }
            (lower.min(top), Kind::Lower)
        } else {
            if upper > top {
                return None;
            }
            (upper.max(-VALUE_LIMIT), Kind::Upper)
        };
        Some(Scored {
            value,
            kind,
            depth,
            best,
        })
    }
}

/// When a search stops (`None`: no limit); the first reached stops it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, plies.
    pub depth: Option<u32>,
    /// Nodes, all threads (with one thread the search stops at exactly this count).
    pub nodes: Option<u64>,
    /// No new iteration starts after this instant.
    pub soft: Option<Instant>,
    /// The search stops, mid-iteration, at this instant.
    pub hard: Option<Instant>,
    /// The search stops, mid-iteration, when this is reached (a front end's ceiling or cancel).
    pub stop: crate::core::Stop,
}

/// What a search found at the root.
#[derive(Clone, Debug)]
pub struct Found {
    /// Index of the move chosen in generation order.
    pub best: usize,
    /// Its value, evaluation units from the root mover's side (`None` if not even depth 1
    /// finished: then the first move of the order given).
    pub value: Option<i32>,
    /// Whether `value` is the exact value of the root (the deepening reached every end).
    pub proven: bool,
    /// Deepest iteration finished.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Moves expected from the root (indices in generation order at each position), from the
    /// table.
    pub pv: Vec<usize>,
}

/// What the threads of one search share.
pub struct Context<'a, R: Rules, E: Evaluator<R>> {
    /// The game.
    pub rules: &'a R,
    /// The evaluation at the horizon.
    pub eval: &'a E,
    /// The table (kept between moves by the agent).
    pub table: &'a Table<Scored>,
    /// Databases probed at the leaves.
    pub egdb: Option<&'a Egdb>,
    /// When to stop.
    pub limits: Limits,
    /// Whether to try two killer moves a ply after the table's move.
    pub killers: bool,
}

struct Shared<'a, R: Rules, E: Evaluator<R>> {
    cx: &'a Context<'a, R, E>,
    egdb_max: i32,
    stop: AtomicBool,
    nodes: AtomicU64,
    threads: usize,
}

/// Killer moves kept a ply.
const KILLERS: usize = 2;

struct Searcher<'a, R: Rules, E: Evaluator<R>> {
    sh: &'a Shared<'a, R, E>,
    path: RepetitionPath<R>,
    nodes: u64,
    unreported: u64,
    /// Horizons met: evaluations and table entries that were not proven.
    horizon: u64,
    unwinding: bool,
    ply: usize,
    killers: Vec<[u8; KILLERS]>,
}

#[derive(Clone, Copy)]
struct Open {
    i: u8,
    same: bool,
    lo: i32,
    hi: i32,
    key: i32,
    slot: Slot,
}

/// The history part of a key mixed with the store difference (the table's entries are whole
/// values, not values relative to the stores).
#[inline(always)]
fn sd_key(history: u64, sd: i32) -> u64 {
    history
        ^ (sd as u64)
            .wrapping_add(0x51)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl<'a, R: Rules, E: Evaluator<R>> Searcher<'a, R, E> {
    fn new(sh: &'a Shared<'a, R, E>, line: &[R::Position]) -> Self {
        Searcher {
            sh,
            path: RepetitionPath::new(sh.cx.rules, line),
            nodes: 0,
            unreported: 0,
            horizon: 0,
            unwinding: false,
            ply: 0,
            killers: vec![[NO_HINT; KILLERS]; MAX_DEPTH as usize + 2],
        }
    }

    #[inline(always)]
    fn slot(&self, pos: &R::Position, sd: i32) -> Slot {
        let cx = self.sh.cx;
        table_slot(cx.rules, cx.table, pos, sd_key(self.path.history_key(), sd))
    }

    #[inline(always)]
    fn child_slot(&self, child: &R::Position, sd: i32, same_seeds: bool) -> Slot {
        let cx = self.sh.cx;
        let extra = sd_key(self.path.child_key(child, same_seeds), sd);
        table_slot(cx.rules, cx.table, child, extra)
    }

    /// Counts a node; returns whether the search must unwind.
    #[inline(always)]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.unreported += 1;
        let sh = self.sh;
        let limits = &sh.cx.limits;
        if sh.threads == 1 && limits.nodes.is_some_and(|n| self.nodes > n) {
            sh.stop.store(true, Relaxed);
        }
        if self.unreported == CHECK_EVERY {
            self.unreported = 0;
            let total = sh.nodes.fetch_add(CHECK_EVERY, Relaxed) + CHECK_EVERY;
            if total > sh.cx.table.capacity() as u64 {
                sh.cx.table.grow();
            }
            if (sh.threads > 1 && limits.nodes.is_some_and(|n| total >= n))
                || limits.hard.is_some_and(|h| Instant::now() >= h)
                || limits.stop.reached()
            {
                sh.stop.store(true, Relaxed);
            }
        }
        if sh.stop.load(Relaxed) {
            self.unwinding = true;
        }
        self.unwinding
    }

    fn finish(&mut self) {
        self.sh.nodes.fetch_add(self.unreported, Relaxed);
        self.unreported = 0;
    }

    /// The databases' value of `pos` (seeds) with `seeds` on the board, if they cover it and
    /// (`history_free`) no earlier position could repeat.
    #[inline(always)]
    fn egdb(&self, pos: &R::Position, seeds: i32, history_free: bool) -> Option<i32> {
        if seeds > self.sh.egdb_max || !history_free {
            return None;
        }
        self.sh.cx.egdb?.value(self.sh.cx.rules, pos)
    }

    /// The exact value of `child` (seeds, its mover's side) if it needs no search: the game
    /// over, a repetition, or a database entry.
    #[inline(always)]
    fn exact_child(&self, child: &R::Position, seeds: i32, cseeds: i32) -> Option<i32> {
        let rules = self.sh.cx.rules;
        let csd = rules.store_difference(child);
        match rules.outcome(child) {
            Some(o) => Some(csd + o.value()),
            None if cseeds < seeds => self.egdb(child, cseeds, true),
            None if R::CAN_REPEAT && self.path.repeats(rules, child) => {
                Some(csd + rules.repetition_outcome(child).value())
            }
            None => None,
        }
    }

    fn child_value(&mut self, same: bool, child: &R::Position, depth: u32, a: i32, b: i32) -> i32 {
        if R::CAN_REPEAT {
            self.path.push(self.sh.cx.rules, child);
        }
        self.ply += 1;
        let v = if same {
            self.search(child, depth, a, b)
        } else {
            -self.search(child, depth, -b, -a)
        };
        self.ply -= 1;
        if R::CAN_REPEAT {
            self.path.pop();
        }
        v
    }

    /// Fail-soft PVS value of `pos` searched `depth` plies (units, mover's side). For games
    /// that can repeat, `pos` is the last path entry. After an abort the value is meaningless
    /// and nothing is stored.
    fn search(&mut self, pos: &R::Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let sh = self.sh;
        let cx = sh.cx;
        let rules = cx.rules;
        let sd = rules.store_difference(pos);
        if let Some(o) = rules.outcome(pos) {
            return (sd + o.value()) * SCALE;
        }
        if self.count_node() {
            return alpha;
        }
        let seeds = rules.board_seeds(pos) as i32;
        let (mut floor, mut ceiling) = ((sd - seeds) * SCALE, (sd + seeds) * SCALE);
        if ceiling <= alpha {
            return ceiling;
        }
        if floor >= beta {
            return floor;
        }
        if let Some(v) = self.egdb(pos, seeds, self.path.history_empty()) {
            return v * SCALE;
        }
        if depth == 0 {
            self.horizon += 1;
            return cx.eval.evaluate(rules, pos).clamp(floor, ceiling);
        }
        let horizon_before = self.horizon;
        let slot = self.slot(pos, sd);
        let mut hint = NO_HINT;
        if let Some(e) = cx.table.get(slot) {
            hint = e.best;
            if e.depth >= depth.min(PROVEN as u32 - 1) as u8 {
                let (lo, hi) = e.bounds();
                let (lo, hi) = (lo.max(floor), hi.min(ceiling));
                if lo >= beta || hi <= alpha || lo >= hi {
                    if e.depth != PROVEN {
                        self.horizon += 1;
                    }
                    return if lo >= beta { lo } else { hi };
                }
                if e.depth == PROVEN {
                    (floor, ceiling) = (lo, hi);
                }
            }
        }
        let mut children = Children::<R>::new();
        rules.children(pos, &mut children);
        let side = rules.side_to_move(pos);
        let ev = rules.evaluate(pos);
        let (alpha0, beta0) = (alpha, beta);
        let mut best = i32::MIN;
        let mut best_index = NO_HINT;
        let mut open = ArrayVec::<Open, MAX_CHILDREN>::new();
        let killers = if cx.killers {
            self.killers[self.ply]
        } else {
            [NO_HINT; KILLERS]
        };
        let etc = depth >= 2;
        for (i, c) in children.iter().enumerate() {
            let same = rules.side_to_move(&c.pos) == side;
            let csd = rules.store_difference(&c.pos);
            let cseeds = rules.board_seeds(&c.pos) as i32;
            if let Some(v) = self.exact_child(&c.pos, seeds, cseeds) {
                let v = SCALE * if same { v } else { -v };
                if v > best {
                    best = v;
                    best_index = i as u8;
                    if v >= beta {
                        return self.store(slot, (alpha0, beta0), best, i, depth, horizon_before);
                    }
                    alpha = alpha.max(v);
                }
                continue;
            }
            let c_sd = if same { csd } else { -csd };
            // The gain by the game's own evaluation: the store difference, or material in
            // the games without stores (a capture of the four-row games).
            let cev = rules.evaluate(&c.pos);
            let gain = if same { cev } else { -cev } - ev;
            let i8 = i as u8;
            let key = if i8 == hint {
                i32::MAX
            } else if let Some(k) = killers.iter().position(|&k| k == i8) {
                i32::MAX - 1 - k as i32
            } else {
                order_key::<R>(i, same, gain)
            };
            let child_slot = self.child_slot(&c.pos, csd, cseeds == seeds);
            if etc {
                cx.table.prefetch(child_slot);
            }
            open.push(Open {
                i: i8,
                same,
                lo: (c_sd - cseeds) * SCALE,
                hi: (c_sd + cseeds) * SCALE,
                key,
                slot: child_slot,
            });
        }
        if etc {
            for o in open.iter_mut() {
                let Some(e) = cx.table.get(o.slot) else {
                    continue;
                };
                if e.depth < (depth - 1).min(PROVEN as u32 - 1) as u8 {
                    continue;
                }
                let (lo, hi) = e.bounds();
                let (lo, hi) = if o.same { (lo, hi) } else { (-hi, -lo) };
                if lo >= beta {
                    if e.depth != PROVEN {
                        self.horizon += 1;
                    }
                    let v = lo.max(o.lo);
                    return self.store(
                        slot,
                        (alpha0, beta0),
                        v,
                        o.i as usize,
                        depth,
                        horizon_before,
                    );
                }
                if e.depth == PROVEN {
                    o.lo = o.lo.max(lo);
                    o.hi = o.hi.min(hi);
                }
            }
        }
        sort_by_key_descending(&mut open, |o| o.key);
        let mut searched = 0;
        for o in &open {
            if o.hi <= alpha {
                best = best.max(o.hi);
                continue;
            }
            let c = &children[o.i as usize].pos;
            let v = if searched == 0 {
                self.child_value(o.same, c, depth - 1, alpha, beta)
            } else {
                let v = self.child_value(o.same, c, depth - 1, alpha, alpha + 1);
                if v > alpha && v < beta && !self.unwinding {
                    self.child_value(o.same, c, depth - 1, v - 1, beta)
                } else {
                    v
                }
            };
            searched += 1;
            if self.unwinding {
                return alpha;
            }
            if v > best {
                best = v;
                best_index = o.i;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        let k = &mut self.killers[self.ply];
                        if k[0] != o.i {
                            k[1] = k[0];
                            k[0] = o.i;
                        }
                        break;
                    }
                }
            }
        }
        let best = best.clamp(floor, ceiling);
        self.store(
            slot,
            (alpha0, beta0),
            best,
            best_index as usize,
            depth,
            horizon_before,
        )
    }

    /// Stores `best` (from child `best_index`) of a node searched `depth` plies with the
    /// window `(alpha, beta)` and returns it; proven if no horizon was met since
    /// `horizon_before`.
    #[inline(always)]
    fn store(
        &self,
        slot: Slot,
        (alpha, beta): (i32, i32),
        best: i32,
        best_index: usize,
        depth: u32,
        horizon_before: u64,
    ) -> i32 {
        let (lower, upper, mv) = if best <= alpha {
            (i32::MIN / 2, best, NO_HINT)
        } else if best >= beta {
            (best, i32::MAX / 2, best_index as u8)
        } else {
            (best, best, best_index as u8)
        };
        let depth = if self.horizon == horizon_before {
            PROVEN
        } else {
            depth.min(PROVEN as u32 - 1) as u8
        };
        if let Some(e) = Scored::of(lower, upper, depth, mv.min(NO_HINT)) {
            self.sh.cx.table.put(slot, e, depth);
        }
        best
    }

    /// One iteration at the root (the last position of the path): the children in `order`
    /// (indices into `children`), window `(alpha, beta)`; the best value and its move (the
    /// first of the order that reaches it), or `None` if stopped. `partial` gets the last move
    /// of this pass that raised alpha after the first move (fully searched), with its value.
    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        pos: &R::Position,
        children: &Children<R>,
        order: &[usize],
        depth: u32,
        mut alpha: i32,
        beta: i32,
        partial: &mut Option<(usize, i32)>,
    ) -> Option<(i32, usize)> {
        let rules = self.sh.cx.rules;
        self.nodes += 1;
        *partial = None;
        let side = rules.side_to_move(pos);
        let seeds = rules.board_seeds(pos) as i32;
        let (mut best, mut best_i) = (i32::MIN, order[0]);
        for (k, &i) in order.iter().enumerate() {
            let c = &children[i].pos;
            let same = rules.side_to_move(c) == side;
            let cseeds = rules.board_seeds(c) as i32;
            let v = if let Some(v) = self.exact_child(c, seeds, cseeds) {
                SCALE * if same { v } else { -v }
            } else if k == 0 {
                self.child_value(same, c, depth - 1, alpha, beta)
            } else {
                let v = self.child_value(same, c, depth - 1, alpha, alpha + 1);
                if v > alpha && v < beta && !self.unwinding {
                    self.child_value(same, c, depth - 1, v - 1, beta)
                } else {
                    v
                }
            };
            if self.unwinding {
                return None;
            }
            if v > best {
                best = v;
                best_i = i;
                if k > 0 && v > alpha {
                    *partial = Some((i, v));
                }
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        Some((best, best_i))
    }
}

/// Half-width of the first aspiration window, units (a quarter seed).
const ASPIRATION: i32 = SCALE / 4;

/// Iterative deepening at the last position of `line` (not over; the positions before it: those
/// it could repeat), root moves tried first in `order` (indices into the generation order,
/// shuffled by the caller for random tie-breaking), on `threads` threads.
///
/// # Errors
/// The operating system's error if the threads cannot be started.
pub fn search<R: Rules, E: Evaluator<R>>(
    cx: &Context<R, E>,
    line: &[R::Position],
    order: &[usize],
    threads: usize,
) -> std::io::Result<Found> {
    let sh = Shared {
        cx,
        egdb_max: cx.egdb.and_then(|d| d.max_seeds()).map_or(-1, |n| n as i32),
        stop: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        threads: threads.max(1),
    };
    let found = std::thread::scope(|scope| -> std::io::Result<Found> {
        let mut helpers = Vec::new();
        for t in 1..sh.threads {
            let sh = &sh;
            helpers.push(
                std::thread::Builder::new()
                    .stack_size(super::SEARCH_STACK)
                    .spawn_scoped(scope, move || deepen(sh, line, order, t))?,
            );
        }
        let main = std::thread::Builder::new()
            .stack_size(super::SEARCH_STACK)
            .spawn_scoped(scope, || deepen(&sh, line, order, 0))?;
        let found = main.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        sh.stop.store(true, Relaxed);
        for h in helpers {
            let _ = h.join();
        }
        Ok(found)
    })?;
    Ok(Found {
        nodes: sh.nodes.load(Relaxed),
        ..found
    })
}

/// The deepening of thread `t` (0: the main thread, whose result counts).
fn deepen<R: Rules, E: Evaluator<R>>(
    sh: &Shared<R, E>,
    line: &[R::Position],
    order: &[usize],
    t: usize,
) -> Found {
    let cx = sh.cx;
    let rules = cx.rules;
    let pos = line.last().expect("a line holds its position");
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let mut order: ArrayVec<usize, MAX_CHILDREN> = order.iter().copied().collect();
    let mut s = Searcher::new(sh, line);
    let mut found = Found {
        best: order[0],
        value: None,
        proven: false,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
    };
    let max_depth = cx.limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
    let mut depth = 1 + (t % 2) as u32;
    while depth <= max_depth {
        if t == 0 && depth > 1 && cx.limits.soft.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let horizon_before = s.horizon;
        let mut partial = None;
        let mut window = match found.value {
            Some(v) if depth >= 4 => (v - ASPIRATION, v + ASPIRATION),
            _ => (i32::MIN / 2, i32::MAX / 2),
        };
        let result = loop {
            let r = s.root(
                pos,
                &children,
                &order,
                depth,
                window.0,
                window.1,
                &mut partial,
            );
            match r {
                Some((v, _)) if v <= window.0 && window.0 > i32::MIN / 2 => {
                    window.0 = i32::MIN / 2;
                }
                Some((v, _)) if v >= window.1 && window.1 < i32::MAX / 2 => {
                    window.1 = i32::MAX / 2;
                }
                r => break r,
            }
        };
        let Some((value, best)) = result else {
            // A later move that beat the previous best, fully searched, is kept.
            if let (Some((i, v)), Some(_)) = (partial, found.value) {
                found.best = i;
                found.value = Some(v);
            }
            break;
        };
        found.best = best;
        found.value = Some(value);
        found.depth = depth;
        let at = order.iter().position(|&i| i == best).expect("in order");
        order[..=at].rotate_right(1);
        if s.horizon == horizon_before {
            found.proven = true;
            break;
        }
        depth += 1;
    }
    s.finish();
    if t == 0 {
        sh.stop.store(true, Relaxed);
    }
    found.pv = principal_variation(&s, line, found.best, found.depth as usize);
    found
}

/// The moves the table expects from the root of `line` (its first `first`), at most `most`
/// long: each position's stored best move, up to a missing one, a repetition or the end.
fn principal_variation<R: Rules, E: Evaluator<R>>(
    s: &Searcher<R, E>,
    line: &[R::Position],
    first: usize,
    most: usize,
) -> Vec<usize> {
    let rules = s.sh.cx.rules;
    let mut seen: Vec<R::Position> = line.to_vec();
    let mut pv = vec![first];
    let mut children = Children::<R>::new();
    rules.children(
        line.last().expect("a line holds its position"),
        &mut children,
    );
    let mut pos = children[first].pos;
    while pv.len() < most.max(1) {
        if rules.outcome(&pos).is_some() || repetition_value(rules, &seen, &pos).is_some() {
            break;
        }
        seen.push(pos);
        let history = RepetitionPath::new(rules, &seen).history_key();
        let extra = sd_key(history, rules.store_difference(&pos));
        let Some(e) =
            s.sh.cx
                .table
                .get(table_slot(rules, s.sh.cx.table, &pos, extra))
        else {
            break;
        };
        children.clear();
        rules.children(&pos, &mut children);
        let i = e.best as usize;
        if i >= children.len() {
            break;
        }
        pv.push(i);
        pos = children[i].pos;
    }
    pv
}
