//! The retrograde builder: layers bottom-up, in parallel, resumable.
//!
//! Layer `n` is built from the layers below it (moves that capture or sow into a store leave
//! it) and from itself (moves that only carry seeds along the houses stay in it).
//!
//! * **Acyclic layers** (games that cannot repeat, Kalah): each position is solved once, depth
//!   first: a move that stays in the layer leads to a position solved first (and remembered).
//!   Moves in a Kalah layer carry seeds towards the mover's store, so the recursion ends.
//! * **Cyclic layers** (Awari): the threshold fixpoint of [`super::cyclic`], about two bytes
//!   of working memory per position, checkpointed inside the layer.
//!
//! Values do not depend on the order in which positions are visited, so layers are identical
//! byte for byte whatever the thread count, and a resumed build writes the same files.

use super::cyclic::{work_file, working_bytes, Checkpoints, LeanLayer};
use super::{
    layer_file, write_layer, write_layer_with, Egdb, EgdbError, LayerIndex, MAX_LAYER_SEEDS,
};
use crate::core::{Board, Progress, Threads};
use crate::rules::{Children, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicI8, Ordering::Relaxed};
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
    /// Least time between two checkpoints of a cyclic layer being solved (a build interrupted
    /// inside such a layer resumes from its last checkpoint).
    pub checkpoint_every: std::time::Duration,
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
    /// Bytes of the builder's working arrays for this layer (0 if it was kept).
    #[serde(default)]
    pub working_bytes: u64,
    /// Peak resident memory of the process while building the layer, bytes (Linux's `VmHWM`,
    /// reset before the layer; it counts the pages of the lower layers' files read through the
    /// memory maps); `None` if it was kept or the system does not say.
    #[serde(default)]
    pub peak_rss_bytes: Option<u64>,
    /// Why an existing file was rebuilt (it failed verification).
    pub replaced: Option<String>,
}

/// Bytes a build of layers `0..=max_seeds` of a game with `houses` houses per player needs:
/// every layer mapped, plus the working arrays of the largest: one byte per position for
/// acyclic games, 1.5 for cyclic ones (exit or value, four bits of counts).
pub fn memory_needed(houses: usize, max_seeds: u32, cyclic: bool) -> Option<u64> {
    let index = LayerIndex::new(houses);
    let mut total = 0u64;
    for n in 0..=max_seeds {
        total = total.checked_add(index.layer_size(n)?)?;
    }
    let largest = index.layer_size(max_seeds)?;
    let working = if cyclic {
        working_bytes(largest)
    } else {
        largest
    };
    total.checked_add(working)
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
        let _ = std::fs::remove_file(dir.join(format!("{}.tmp", work_file(n))));
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
                        working_bytes: 0,
                        peak_rss_bytes: None,
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
        reset_peak_rss();
        let working_bytes = if cyclic {
            working_bytes(positions)
        } else {
            positions
        };
        progress.start(&format!("layer {n}"), Some(positions));
        let (game, houses) = (db.game(), db.houses());
        let rounds = pool.install(|| -> Result<_, EgdbError> {
            if cyclic {
                let mut layer = LeanLayer::new(rules, &db, n, dir, progress)?;
                let checkpoints = Checkpoints {
                    dir,
                    every: options.checkpoint_every,
                };
                let rounds = layer.solve(&checkpoints)?;
                progress.finish();
                write_layer_with(dir, game, houses, n, positions, |start, out| {
                    layer.values(start, out)
                })?;
                layer.forget_checkpoint(dir);
                Ok(rounds)
            } else {
                let builder = LayerBuilder {
                    rules,
                    db: &db,
                    n,
                    progress,
                };
                let values = builder.acyclic();
                progress.finish();
                write_layer(dir, game, houses, n, &values)?;
                Ok(1)
            }
        })?;
        db.push_file(&path, n, false)?;
        report(&LayerReport {
            layer: n,
            positions,
            seconds: started.elapsed().as_secs_f64(),
            rounds,
            kept: false,
            replaced,
            working_bytes,
            peak_rss_bytes: peak_rss(),
        });
    }
    Ok(db)
}

/// Resets the peak resident memory the kernel keeps for this process (Linux:
/// `/proc/self/clear_refs`; elsewhere nothing).
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The peak resident memory of this process since the last reset, bytes (Linux's `VmHWM`).
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
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
    fn acyclic(&self) -> Vec<u8> {
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
        values.into_iter().map(|v| v.into_inner() as u8).collect()
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
}
