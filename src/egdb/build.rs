//! The retrograde builder: layers bottom-up, in parallel, resumable.
//!
//! Layer `n` is built from the layers below it (moves that capture or sow into a store leave
//! it) and from itself (moves that only carry seeds along the houses stay in it).
//!
//! * **Acyclic layers** (games that cannot repeat, Kalah): each position is solved once, depth
//!   first: a move that stays in the layer leads to a position solved first (and remembered).
//!   Moves in a Kalah layer carry seeds towards the mover's store, so the recursion ends.
//! * **Cyclic layers** (Awari): for every threshold `t >= 1` two facts are found as least
//!   fixpoints: `value >= t` (some move reaches at least `t`) and `value <= -t` (every move
//!   reaches at most `-t`), kept as two bytes per position, `W` = the largest proven `t` of the
//!   first kind and `L` = of the second. A first pass over the layer values the moves that
//!   leave it and records those that stay in it (and their reverse); then each round
//!   re-evaluates only the parents of the positions whose `W` or `L` rose in the round before,
//!   until none rises (the least fixpoint: what is proved, not assumed). Play that never leaves the layer proves neither, so such positions get 0: the
//!   seeds left are shared evenly (the `awari` repetition rule; Romein & Bal 2003). The value is
//!   `W` if `W >= 1`, `-L` if `L >= 1`, else 0. With no earlier position to repeat, this is the
//!   value of the game in which a repeated position ends play with an even split: each player's
//!   positional optimal strategy turns any repetition into the cycle it would play for ever.
//!
//! Values do not depend on the order in which positions are visited, so layers are identical
//! byte for byte whatever the thread count, and a resumed build writes the same files.

use super::{layer_file, write_layer, Egdb, EgdbError, LayerIndex, MAX_LAYER_SEEDS};
use crate::core::{Board, Progress, Threads};
use crate::rules::{Children, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicI8, AtomicU32, AtomicU8, Ordering::Relaxed};
use std::time::Instant;

/// How to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Build layers `0..=max_seeds`.
    pub max_seeds: u32,
    /// Worker threads.
    pub threads: Threads,
    /// Most memory the build may use, in bytes ([`memory_needed`] is checked against it first).
    pub memory_limit: u64,
}

/// What happened to one layer.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LayerReport {
    /// Seeds on the board.
    pub layer: u32,
    /// Positions in the layer.
    pub positions: u64,
    /// Wall time to build it, seconds (0 if it was kept).
    pub seconds: f64,
    /// Rounds of the fixpoint (1 for acyclic layers; 0 if the layer was kept).
    pub rounds: u32,
    /// The file was already complete and verified, and was kept.
    pub kept: bool,
    /// Why an existing file was rebuilt (it failed verification).
    pub replaced: Option<String>,
}

/// Bytes a build of layers `0..=max_seeds` of a game with `houses` houses per player needs:
/// every layer mapped, plus the working arrays of the largest: one byte per position for
/// acyclic games; for cyclic ones `16 + 8·houses` (values, exit cache, the moves that stay in
/// the layer and their reverse).
pub fn memory_needed(houses: usize, max_seeds: u32, cyclic: bool) -> Option<u64> {
    let index = LayerIndex::new(houses);
    let mut total = 0u64;
    for n in 0..=max_seeds {
        total = total.checked_add(index.layer_size(n)?)?;
    }
    let working = if cyclic { 16 + 8 * houses as u64 } else { 1 };
    total.checked_add(index.layer_size(max_seeds)?.checked_mul(working)?)
}

/// Builds (or completes) the database of `rules` in `dir` up to `options.max_seeds` seeds and
/// returns it open. Layers already in `dir` that verify (header and checksum) are kept; a layer
/// file that is truncated or fails its checksum is rebuilt; files are written to a temporary
/// name and renamed when complete. `report` is called after each layer; `progress` hears of
/// each layer as a phase of positions.
///
/// # Errors
/// [`EgdbError::Unsupported`] for games without databases; [`EgdbError::TooLarge`] before any
/// work if the layers exceed [`MAX_LAYER_SEEDS`] or the memory limit; [`EgdbError::Io`] if a
/// file cannot be written; a header error if `dir` holds another game's files.
pub fn build<R: Rules>(
    rules: &R,
    dir: &Path,
    options: &BuildOptions,
    progress: &dyn Progress,
    mut report: impl FnMut(&LayerReport),
) -> Result<Egdb, EgdbError> {
    let mut db = Egdb::empty(dir, rules)?;
    let n_max = options.max_seeds;
    if n_max > MAX_LAYER_SEEDS {
        return Err(EgdbError::TooLarge {
            what: format!(
                "--max-seeds {n_max}: a database entry is one signed byte, so layers go up to {MAX_LAYER_SEEDS} seeds"
            ),
        });
    }
    let cyclic = R::CAN_REPEAT;
    let needed = memory_needed(db.houses(), n_max, cyclic).unwrap_or(u64::MAX);
    if needed > options.memory_limit {
        return Err(EgdbError::TooLarge {
            what: format!(
                "layers 0..={n_max} of {} need {} of memory, more than the limit of {} (--memory-limit)",
                db.game(),
                human_bytes(needed),
                human_bytes(options.memory_limit)
            ),
        });
    }
    if cyclic && db.index.layer_size(n_max).unwrap_or(u64::MAX) >= u64::from(SAME_SIDE) {
        return Err(EgdbError::TooLarge {
            what: format!("layer {n_max} of {} has 2^31 positions or more, beyond what the cyclic builder indexes", db.game()),
        });
    }
    std::fs::create_dir_all(dir).map_err(|source| EgdbError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    super::record_build_request(dir, db.game(), n_max)?;
    let pool = options.threads.pool().map_err(|e| EgdbError::Threads {
        threads: options.threads.get(),
        reason: e.to_string(),
    })?;
    // Temporary files left by an interrupted build are incomplete by construction.
    for n in 0..=n_max {
        let _ = std::fs::remove_file(dir.join(format!("{}.tmp", layer_file(n))));
    }
    for n in 0..=n_max {
        let path = dir.join(layer_file(n));
        let positions = db
            .index
            .layer_size(n)
            .expect("checked against MAX_LAYER_SEEDS");
        let mut replaced = None;
        if path.exists() {
            match db.push_file(&path, n, true) {
                Ok(()) => {
                    report(&LayerReport {
                        layer: n,
                        positions,
                        seconds: 0.0,
                        rounds: 0,
                        kept: true,
                        replaced: None,
                    });
                    continue;
                }
                // A damaged layer file is rebuilt; a layer of another game or format version,
                // or a file that cannot be read, stops the build rather than be overwritten.
                Err(
                    e @ (EgdbError::Truncated { .. }
                    | EgdbError::Checksum { .. }
                    | EgdbError::BadEntry { .. }
                    | EgdbError::BadMagic { .. }
                    | EgdbError::BadHeader { .. }),
                ) => replaced = Some(e.to_string()),
                Err(e) => return Err(e),
            }
        }
        let started = Instant::now();
        progress.start(&format!("layer {n}"), Some(positions));
        let builder = LayerBuilder {
            rules,
            db: &db,
            n,
            progress,
        };
        let (values, rounds) = pool.install(|| {
            if cyclic {
                builder.cyclic()
            } else {
                (builder.acyclic(), 1)
            }
        });
        progress.finish();
        // SAFETY: i8 and u8 have the same size and alignment.
        let bytes =
            unsafe { std::slice::from_raw_parts(values.as_ptr().cast::<u8>(), values.len()) };
        write_layer(dir, db.game(), db.houses(), n, bytes)?;
        drop(values);
        db.push_file(&path, n, false)?;
        report(&LayerReport {
            layer: n,
            positions,
            seconds: started.elapsed().as_secs_f64(),
            rounds,
            kept: false,
            replaced,
        });
    }
    Ok(db)
}

/// `1.5 GiB`-style text for a byte count.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// Positions handed to one task at a time.
const CHUNK: u64 = 1 << 14;
/// Not yet solved (values lie in `-127..=127`).
const UNKNOWN: i8 = i8::MIN;
/// No move leaves the layer.
const NO_EXIT: i32 = i32::MIN;

/// A move that stays in the layer: the child's rank and whether the same side moves there.
#[derive(Clone, Copy)]
struct Inside {
    rank: u64,
    board: Board,
    same_side: bool,
}

/// A position's moves, split into those that leave the layer (their best value) and those that
/// stay in it.
struct Expanded {
    /// The value if the game is over.
    terminal: Option<i32>,
    /// Best value, from the mover, over moves that leave the layer ([`NO_EXIT`] if none).
    best_exit: i32,
    inside: ArrayVec<Inside, MAX_CHILDREN>,
}

struct LayerBuilder<'a, R: Rules> {
    rules: &'a R,
    /// Layers `0..n`.
    db: &'a Egdb,
    n: u32,
    progress: &'a dyn Progress,
}

impl<R: Rules> LayerBuilder<'_, R> {
    fn index(&self) -> &LayerIndex {
        &self.db.index
    }

    /// The moves of the layer position `board`; moves that leave the layer are looked up in the
    /// layers below when `exits` (else `best_exit` is not computed).
    #[inline]
    fn expand(&self, board: Board, exits: bool) -> Expanded {
        let rules = self.rules;
        let pos = rules
            .egdb_position(board)
            .expect("games with databases map boards to positions");
        let mut out = Expanded {
            terminal: None,
            best_exit: NO_EXIT,
            inside: ArrayVec::new(),
        };
        // The position's stores are empty, so its value is what the board brings.
        if let Some(o) = rules.outcome(&pos) {
            out.terminal = Some(o.value());
            return out;
        }
        let mut children = Children::<R>::new();
        rules.children(&pos, &mut children);
        let side = rules.side_to_move(&pos);
        for c in &children {
            let same_side = rules.side_to_move(&c.pos) == side;
            let seeds = rules.board_seeds(&c.pos);
            let child_board = rules.egdb_board(&c.pos).expect("games with databases");
            if seeds == self.n {
                out.inside.push(Inside {
                    rank: self.index().rank(child_board),
                    board: child_board,
                    same_side,
                });
            } else if exits {
                let v = rules.store_difference(&c.pos)
                    + self
                        .db
                        .board_value(child_board, seeds)
                        .expect("lower layers are built first");
                out.best_exit = out.best_exit.max(if same_side { v } else { -v });
            }
        }
        out
    }

    /// Runs `f(rank, board)` over the whole layer in parallel chunks, telling `progress`.
    fn par_for_each(&self, f: impl Fn(u64, Board) + Sync) {
        let size = self.index().layer_size(self.n).expect("layer within range");
        let chunks = size.div_ceil(CHUNK);
        (0..chunks).into_par_iter().for_each(|c| {
            let (lo, hi) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
            self.index().for_each(self.n, lo, hi, &f);
            self.progress.add(hi - lo);
        });
    }

    /// Solves an acyclic layer depth first.
    fn acyclic(&self) -> Vec<i8> {
        let size = self.index().layer_size(self.n).expect("layer within range") as usize;
        let values: Vec<AtomicI8> = (0..size)
            .into_par_iter()
            .map(|_| AtomicI8::new(UNKNOWN))
            .collect();
        self.par_for_each(|rank, board| {
            if values[rank as usize].load(Relaxed) == UNKNOWN {
                let v = self.solve_acyclic(&values, board);
                values[rank as usize].store(v, Relaxed);
            }
        });
        values.into_iter().map(AtomicI8::into_inner).collect()
    }

    fn solve_acyclic(&self, values: &[AtomicI8], board: Board) -> i8 {
        let e = self.expand(board, true);
        if let Some(v) = e.terminal {
            return v as i8;
        }
        let mut best = e.best_exit;
        for c in &e.inside {
            let mut v = values[c.rank as usize].load(Relaxed);
            if v == UNKNOWN {
                v = self.solve_acyclic(values, c.board);
                values[c.rank as usize].store(v, Relaxed);
            }
            let v = v as i32;
            best = best.max(if c.same_side { v } else { -v });
        }
        best as i8
    }

    /// Solves a cyclic layer by the threshold fixpoint; returns the values and the rounds.
    ///
    /// A first pass over the layer values the moves that leave it, records the moves that stay
    /// in it (up to `m` child ranks per position) and a first estimate of `W` and `L`. The
    /// reversed moves are then laid out in compressed rows, and each round re-evaluates only the
    /// positions with a child whose `W` or `L` rose in the round before, until none rises.
    fn cyclic(&self) -> (Vec<i8>, u32) {
        let size = self.index().layer_size(self.n).expect("layer within range") as usize;
        let m = self.db.houses();
        let bytes = |v: u8| -> Vec<AtomicU8> {
            (0..size)
                .into_par_iter()
                .map(|_| AtomicU8::new(v))
                .collect()
        };
        // `W` and `L` (see the module docs); per position the best value over the moves that
        // leave the layer (`EXIT_NONE` if none).
        let (win, loss) = (bytes(0), bytes(0));
        let exit = bytes(EXIT_NONE);
        // Moves that stay in the layer: child rank, `SAME_SIDE` set when the mover moves again.
        let inside: Vec<AtomicU32> = (0..size * m)
            .into_par_iter()
            .map(|_| AtomicU32::new(NO_CHILD))
            .collect();
        let in_degree: Vec<AtomicU32> = (0..size)
            .into_par_iter()
            .map(|_| AtomicU32::new(0))
            .collect();
        let raise =
            |cell: &AtomicU8, v: i32| v > 0 && (cell.fetch_max(v as u8, Relaxed) as i32) < v;
        // Re-evaluates position `r` from its children; whether its `W` or `L` rose.
        let evaluate = |r: usize| -> bool {
            let cached = exit[r].load(Relaxed);
            let best_exit = if cached == EXIT_NONE {
                NO_EXIT
            } else {
                cached as i8 as i32
            };
            // value >= t: some move reaches t; value <= -t: every move reaches at most -t.
            let mut w = best_exit.max(0);
            let mut l = if best_exit == NO_EXIT {
                i32::MAX
            } else {
                -best_exit
            };
            for slot in &inside[r * m..(r + 1) * m] {
                let c = slot.load(Relaxed);
                if c == NO_CHILD {
                    break;
                }
                let child = (c & !SAME_SIDE) as usize;
                let (cw, cl) = (
                    win[child].load(Relaxed) as i32,
                    loss[child].load(Relaxed) as i32,
                );
                let (up, down) = if c & SAME_SIDE != 0 {
                    (cw, cl)
                } else {
                    (cl, cw)
                };
                w = w.max(up);
                l = l.min(down);
            }
            raise(&win[r], w) | raise(&loss[r], l)
        };
        self.progress.status("pass 1");
        let changed: Vec<u32> = (0..size.div_ceil(CHUNK as usize))
            .into_par_iter()
            .flat_map_iter(|c| {
                let (lo, hi) = (c as u64 * CHUNK, ((c as u64 + 1) * CHUNK).min(size as u64));
                let mut raised = Vec::new();
                self.index().for_each(self.n, lo, hi, |rank, board| {
                    let r = rank as usize;
                    let e = self.expand(board, true);
                    if let Some(v) = e.terminal {
                        if raise(&win[r], v) | raise(&loss[r], -v) {
                            raised.push(r as u32);
                        }
                        return;
                    }
                    if e.best_exit != NO_EXIT {
                        exit[r].store(e.best_exit as i8 as u8, Relaxed);
                    }
                    for (k, c) in e.inside.iter().enumerate() {
                        let tag = if c.same_side { SAME_SIDE } else { 0 };
                        inside[r * m + k].store(c.rank as u32 | tag, Relaxed);
                        in_degree[c.rank as usize].fetch_add(1, Relaxed);
                    }
                    if evaluate(r) {
                        raised.push(r as u32);
                    }
                });
                self.progress.add(hi - lo);
                raised
            })
            .collect();
        // Reversed moves in compressed rows: the parents of `c` are
        // `parents[start[c]..start[c + 1]]`.
        let mut start = Vec::with_capacity(size + 1);
        let mut total = 0u64;
        for d in &in_degree {
            start.push(total);
            total += d.swap(0, Relaxed) as u64;
        }
        start.push(total);
        let parents: Vec<AtomicU32> = (0..total)
            .into_par_iter()
            .map(|_| AtomicU32::new(0))
            .collect();
        (0..size).into_par_iter().for_each(|r| {
            for slot in &inside[r * m..(r + 1) * m] {
                let c = slot.load(Relaxed);
                if c == NO_CHILD {
                    break;
                }
                let child = (c & !SAME_SIDE) as usize;
                let at = start[child] + in_degree[child].fetch_add(1, Relaxed) as u64;
                parents[at as usize].store(r as u32, Relaxed);
            }
        });
        // Rounds: the parents of what rose, each once per round.
        let queued = bytes(0);
        let mut changed = changed;
        let mut rounds = 1;
        while !changed.is_empty() {
            rounds += 1;
            self.progress
                .status(&format!("round {rounds}, {} raised", changed.len()));
            let candidates: Vec<u32> = changed
                .par_iter()
                .flat_map_iter(|&c| {
                    let c = c as usize;
                    parents[start[c] as usize..start[c + 1] as usize]
                        .iter()
                        .map(|p| p.load(Relaxed))
                        .filter(|&p| queued[p as usize].swap(1, Relaxed) == 0)
                })
                .collect();
            changed = candidates
                .par_iter()
                .copied()
                .filter(|&p| {
                    queued[p as usize].store(0, Relaxed);
                    evaluate(p as usize)
                })
                .collect();
        }
        let values = (0..size)
            .into_par_iter()
            .map(|r| {
                let (w, l) = (win[r].load(Relaxed), loss[r].load(Relaxed));
                if w > 0 {
                    w as i8
                } else {
                    -(l as i8)
                }
            })
            .collect();
        (values, rounds)
    }
}

/// No exit move: the marker of the exit cache (values lie in `-120..=120`).
const EXIT_NONE: u8 = 0x80;
/// An empty slot of the moves that stay in a layer.
const NO_CHILD: u32 = u32::MAX;
/// Marks a move after which the same side moves again.
const SAME_SIDE: u32 = 1 << 31;
