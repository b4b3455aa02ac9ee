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
//!   first kind and `L` = of the second. Passes over the layer raise them until a pass changes
//!   nothing. Play that never leaves the layer proves neither, so such positions get 0: the
//!   seeds left are shared evenly (the `awari` repetition rule; Romein & Bal 2003). The value is
//!   `W` if `W >= 1`, `-L` if `L >= 1`, else 0. With no earlier position to repeat, this is the
//!   value of the game in which a repeated position ends play with an even split: each player's
//!   positional optimal strategy turns any repetition into the cycle it would play for ever.
//!
//! Values do not depend on the order in which positions are visited, so layers are identical
//! byte for byte whatever the thread count, and a resumed build writes the same files.

use super::{layer_file, write_layer, Egdb, EgdbError, LayerIndex, MAX_LAYER_SEEDS};
use crate::core::Board;
use crate::rules::{Children, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU8, Ordering::Relaxed};
use std::time::Instant;

/// How to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Build layers `0..=max_seeds`.
    pub max_seeds: u32,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Most memory the build may use, in bytes ([`memory_needed`] is checked against it first).
    pub memory_limit: u64,
    /// Draw a progress bar per layer on standard error (hidden when it is not a terminal).
    pub progress: bool,
}

/// What happened to one layer.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerReport {
    /// Seeds on the board.
    pub layer: u32,
    /// Positions in the layer.
    pub positions: u64,
    /// Wall time to build it, seconds (0 if it was kept).
    pub seconds: f64,
    /// Passes over the layer (1 for acyclic layers; 0 if it was kept).
    pub passes: u32,
    /// The file was already complete and verified, and was kept.
    pub kept: bool,
    /// Why an existing file was rebuilt (it failed verification).
    pub replaced: Option<String>,
}

/// Bytes a build of layers `0..=max_seeds` of a game with `houses` houses per player needs:
/// every layer mapped, plus the working arrays of the largest (one byte per position for
/// acyclic games, three for cyclic ones).
pub fn memory_needed(houses: usize, max_seeds: u32, cyclic: bool) -> Option<u64> {
    let index = LayerIndex::new(houses);
    let mut total = 0u64;
    for n in 0..=max_seeds {
        total = total.checked_add(index.layer_size(n)?)?;
    }
    let working = if cyclic { 3 } else { 1 };
    total.checked_add(index.layer_size(max_seeds)?.checked_mul(working)?)
}

/// Builds (or completes) the database of `rules` in `dir` up to `options.max_seeds` seeds and
/// returns it open. Layers already in `dir` that verify (header and checksum) are kept; a layer
/// file that is truncated or fails its checksum is rebuilt; files are written to a temporary
/// name and renamed when complete. `report` is called after each layer.
///
/// # Errors
/// [`EgdbError::Unsupported`] for games without databases; [`EgdbError::TooLarge`] before any
/// work if the layers exceed [`MAX_LAYER_SEEDS`] or the memory limit; [`EgdbError::Io`] if a
/// file cannot be written; a header error if `dir` holds another game's files.
pub fn build<R: Rules>(
    rules: &R,
    dir: &Path,
    options: &BuildOptions,
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
    let threads = options.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        // Acyclic layers recurse once per move that stays in the layer.
        .stack_size(64 << 20)
        .build()
        .map_err(|e| EgdbError::Threads {
            threads,
            reason: e.to_string(),
        })?;
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
                        passes: 0,
                        kept: true,
                        replaced: None,
                    });
                    continue;
                }
                // A damaged layer of this game is rebuilt; anything else (another game's
                // file, an unreadable file) stops the build rather than overwrite it.
                Err(
                    e @ (EgdbError::Truncated { .. }
                    | EgdbError::Checksum { .. }
                    | EgdbError::BadEntry { .. }),
                ) => replaced = Some(e.to_string()),
                Err(e) => return Err(e),
            }
        }
        let started = Instant::now();
        let bar = progress_bar(options.progress, n, positions);
        let builder = LayerBuilder {
            rules,
            db: &db,
            n,
            bar: &bar,
        };
        let (values, passes) = pool.install(|| {
            if cyclic {
                builder.cyclic()
            } else {
                (builder.acyclic(), 1)
            }
        });
        bar.finish_and_clear();
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
            passes,
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

fn progress_bar(visible: bool, layer: u32, positions: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        Some(positions),
        if visible {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    bar.set_style(
        ProgressStyle::with_template(
            "layer {prefix:>3} {msg} [{bar:30}] {human_pos}/{human_len} {per_sec} eta {eta}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(layer.to_string());
    bar
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
    bar: &'a ProgressBar,
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

    /// Runs `f(rank, board)` over the whole layer in parallel chunks, advancing the bar.
    fn par_for_each(&self, f: impl Fn(u64, Board) + Sync) {
        let size = self.index().layer_size(self.n).expect("layer within range");
        let chunks = size.div_ceil(CHUNK);
        (0..chunks).into_par_iter().for_each(|c| {
            let (lo, hi) = (c * CHUNK, ((c + 1) * CHUNK).min(size));
            self.index().for_each(self.n, lo, hi, &f);
            self.bar.inc(hi - lo);
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

    /// Solves a cyclic layer by threshold fixpoint passes; returns the values and the passes.
    fn cyclic(&self) -> (Vec<i8>, u32) {
        let size = self.index().layer_size(self.n).expect("layer within range") as usize;
        let zeros = || -> Vec<AtomicU8> {
            (0..size)
                .into_par_iter()
                .map(|_| AtomicU8::new(0))
                .collect()
        };
        // `W` and `L` (see the module docs), and per position the best value over the moves that
        // leave the layer (`EXIT_NONE`) or `SETTLED` when nothing inside the layer can change it.
        let (win, loss) = (zeros(), zeros());
        const EXIT_NONE: u8 = 0x80;
        const SETTLED: u8 = 0x81;
        let exit: Vec<AtomicU8> = zeros();
        let changed = AtomicBool::new(false);
        let raise = |cell: &AtomicU8, v: i32| {
            if v > 0 && (cell.fetch_max(v as u8, Relaxed) as i32) < v {
                changed.store(true, Relaxed);
            }
        };
        let mut passes = 0;
        loop {
            passes += 1;
            self.bar.reset();
            self.bar.set_message(format!("pass {passes}"));
            changed.store(false, Relaxed);
            let first = passes == 1;
            self.par_for_each(|rank, board| {
                let r = rank as usize;
                let cached = exit[r].load(Relaxed);
                if cached == SETTLED {
                    return;
                }
                let e = self.expand(board, first);
                let best_exit = if first {
                    if let Some(v) = e.terminal {
                        raise(&win[r], v);
                        raise(&loss[r], -v);
                        exit[r].store(SETTLED, Relaxed);
                        return;
                    }
                    if e.inside.is_empty() {
                        exit[r].store(SETTLED, Relaxed);
                    } else {
                        exit[r].store(
                            if e.best_exit == NO_EXIT {
                                EXIT_NONE
                            } else {
                                e.best_exit as i8 as u8
                            },
                            Relaxed,
                        );
                    }
                    e.best_exit
                } else if cached == EXIT_NONE {
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
                for c in &e.inside {
                    let (cw, cl) = (
                        win[c.rank as usize].load(Relaxed) as i32,
                        loss[c.rank as usize].load(Relaxed) as i32,
                    );
                    let (up, down) = if c.same_side { (cw, cl) } else { (cl, cw) };
                    w = w.max(up);
                    l = l.min(down);
                }
                raise(&win[r], w);
                raise(&loss[r], l);
            });
            if !changed.load(Relaxed) {
                break;
            }
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
        (values, passes)
    }
}
