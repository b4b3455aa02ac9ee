//! The lean solver of cyclic layers (Awari): two bytes of working memory per position, each
//! position's moves generated once, resumable inside a layer.
//!
//! **What is computed.** For every threshold `t >= 1` two sets, as least fixpoints: `good_t`,
//! the positions where some move reaches at least `t` (a move that leaves the layer with value
//! `>= t`, or a move to a position of `bad_t`), and `bad_t`, those where every move reaches at
//! most `-t` (every move that leaves the layer has value `<= -t` and every move that stays in it
//! leads to `good_t`). A position's value is the largest `t` with it in `good_t`, else minus the
//! largest `t` with it in `bad_t`, else 0: play that never leaves the layer proves neither, and
//! the seeds left are shared evenly (the `awari` repetition rule; Romein & Bal 2003). With no
//! earlier position to repeat, this is the value of the game in which a repeated position ends
//! play with an even split: each player's positional optimal strategy turns any repetition into
//! the cycle it would play for ever.
//!
//! **How.** Classic retrograde analysis with counters, one threshold at a time from the top
//! (`good_t` and `bad_t` grow as `t` falls, so each level starts from the one above):
//!
//! 1. A first pass generates every position's moves once: the best value of the moves that
//!    leave the layer (read from the memory-mapped layers below) and the number of moves that
//!    stay in it.
//! 2. For `t = n, n - 1, .., 1`: a scan finds the positions whose exits prove `good_t` (best
//!    exit `t`) or complete `bad_t` (best exit `-t` and no open move left); from each,
//!    propagation runs backwards along the moves that stay in the layer
//!    ([`Rules::egdb_parents`]): a position entering `good_t` closes one open move of each
//!    parent (a parent whose last open move closes enters `bad_t`, unless an exit is better
//!    than `-t`: then the scan of that level finds it), and a position entering `bad_t` puts
//!    every parent in `good_t`. A position enters at most one set, once: its value is then
//!    final.
//!
//! Working memory: two bytes per position, one cell holding the best exit until the position is
//! decided and its value after, the decided bit and the count of open moves (at most 7). Any
//! order of propagation inside a level reaches the same sets, so the bytes do not depend on the
//! thread count. A checkpoint between two segments of the first pass or two levels holds the
//! cells and where the solve stands; a resumed solve goes on from there.

use super::{write_file_atomically, Egdb, EgdbError, LayerIndex};
use crate::core::{Board, Progress};
use crate::rules::{Children, Rules};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicU16, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The low byte of a cell: the best exit value (undecided) or the value (decided), an `i8`.
const BYTE: u16 = 0xff;
/// The low byte of an undecided position none of whose moves leaves the layer.
const NO_EXIT: u16 = 0x80;
/// One open move: the count of moves that stay in the layer and are not yet known to reach
/// `good_t` (at most 7) is bits 8-10.
const OPEN: u16 = 1 << 8;
/// The count's bits.
const OPEN_MASK: u16 = 0b111 << 8;
/// The decided bit.
const DECIDED: u16 = 1 << 11;
/// Positions per parallel task.
const CHUNK: u64 = 1 << 16;
/// Positions per segment of the first pass (a checkpoint may be taken between segments).
const SEGMENT: u64 = 1 << 26;

/// First bytes of a checkpoint file.
const WORK_MAGIC: [u8; 8] = *b"MNCLWORK";
/// Version of the checkpoint format.
const WORK_VERSION: u32 = 2;
/// Bytes before the arrays of a checkpoint file.
const WORK_HEADER_BYTES: usize = 256;

/// Where a solve stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, bincode::Encode, bincode::Decode)]
enum Stage {
    /// The first pass has done positions `0..done`.
    FirstPass { done: u64 },
    /// Every level above `next` is done (`next = 0`: the layer is solved).
    Levels { next: u32 },
}

/// The header of a checkpoint file `layer-NNN.work`: then the `count` cells, two bytes each in
/// the machine's byte order (a checkpoint is resumed on the machine that wrote it).
#[derive(Clone, Debug, PartialEq, Eq, bincode::Encode, bincode::Decode)]
struct WorkHeader {
    magic: [u8; 8],
    version: u32,
    game: String,
    layer: u32,
    count: u64,
    stage: Stage,
}

/// The checkpoint file of layer `layer`.
pub(super) fn work_file(layer: u32) -> String {
    format!("layer-{layer:03}.work")
}

/// Working bytes of a layer of `positions` positions.
pub(super) fn working_bytes(positions: u64) -> u64 {
    2 * positions
}

/// `len` zeroed cells, allocated zeroed (pages are touched when first written).
fn zeroed_cells(len: usize) -> Vec<AtomicU16> {
    let mut cells = std::mem::ManuallyDrop::new(vec![0u16; len]);
    // SAFETY: AtomicU16 has the size, alignment and bit validity of u16.
    unsafe { Vec::from_raw_parts(cells.as_mut_ptr().cast(), cells.len(), cells.capacity()) }
}

/// A view of the cells as bytes, for writing while no thread writes them.
fn as_bytes(cells: &[AtomicU16]) -> &[u8] {
    // SAFETY: any initialised memory is valid bytes; callers hold no concurrent writers.
    unsafe { std::slice::from_raw_parts(cells.as_ptr().cast(), 2 * cells.len()) }
}

/// How a layer solve may checkpoint.
pub(super) struct Checkpoints<'a> {
    /// The database directory (the checkpoint file goes there).
    pub dir: &'a Path,
    /// Least time between two checkpoints.
    pub every: Duration,
}

/// Positions of the first pass whose exits are looked up together.
const BATCH: usize = 16;

/// A move that leaves the layer: its child's entry in a layer below, being fetched.
struct Exit<'a> {
    entry: &'a i8,
    /// The store difference after the move, from the side to move there.
    store_difference: i32,
    /// The mover moves again.
    same_side: bool,
}

/// Up to [`BATCH`] positions of the first pass and their exits.
#[derive(Default)]
struct ExitBatch<'a> {
    /// Rank, open moves, end of its exits in `exits`.
    positions: Vec<(u64, u16, usize)>,
    exits: Vec<Exit<'a>>,
}

impl ExitBatch<'_> {
    /// Stores each position's best exit and open moves.
    fn flush(&mut self, cells: &[AtomicU16]) {
        let mut k = 0;
        for &(rank, open, end) in &self.positions {
            let best_exit = self.exits[k..end]
                .iter()
                .map(|e| {
                    let v = e.store_difference + *e.entry as i32;
                    if e.same_side {
                        v
                    } else {
                        -v
                    }
                })
                .max();
            k = end;
            let byte = best_exit.map_or(NO_EXIT, |v| v as i8 as u8 as u16);
            cells[rank as usize].store(byte | open * OPEN, Relaxed);
        }
        self.positions.clear();
        self.exits.clear();
    }
}

/// A position decided during propagation, with what it entered.
#[derive(Clone, Copy)]
struct Decided {
    board: Board,
    good: bool,
}

/// One cyclic layer being solved.
pub(super) struct LeanLayer<'a, R: Rules> {
    rules: &'a R,
    /// Layers `0..n`.
    db: &'a Egdb,
    n: u32,
    size: u64,
    /// A cell per position: [`BYTE`], [`OPEN_MASK`], [`DECIDED`].
    cells: Vec<AtomicU16>,
    stage: Stage,
    progress: &'a dyn Progress,
}

impl<'a, R: Rules> LeanLayer<'a, R> {
    /// A layer to solve, resumed from its checkpoint in `dir` if there is a valid one.
    pub fn new(
        rules: &'a R,
        db: &'a Egdb,
        n: u32,
        dir: &Path,
        progress: &'a dyn Progress,
    ) -> Result<Self, EgdbError> {
        let size = db.index().layer_size(n).expect("layer within range");
        let mut layer = LeanLayer {
            rules,
            db,
            n,
            size,
            cells: Vec::new(),
            stage: Stage::FirstPass { done: 0 },
            progress,
        };
        if !layer.resume(&dir.join(work_file(n)))? {
            layer.cells = zeroed_cells(size as usize);
        }
        Ok(layer)
    }

    fn index(&self) -> &LayerIndex {
        self.db.index()
    }

    /// Loads the checkpoint at `path` if it is one of this layer; a checkpoint of another game,
    /// layer or format, or a truncated one, is ignored (the layer starts afresh).
    fn resume(&mut self, path: &Path) -> Result<bool, EgdbError> {
        use std::io::Read;
        let Ok(mut file) = std::fs::File::open(path) else {
            return Ok(false);
        };
        let mut block = vec![0u8; WORK_HEADER_BYTES];
        if file.read_exact(&mut block).is_err() {
            return Ok(false);
        }
        let Ok((header, _)) =
            bincode::decode_from_slice::<WorkHeader, _>(&block, bincode::config::standard())
        else {
            return Ok(false);
        };
        let expected = WORK_HEADER_BYTES as u64 + 2 * self.size;
        if header.magic != WORK_MAGIC
            || header.version != WORK_VERSION
            || header.game != self.db.game()
            || header.layer != self.n
            || header.count != self.size
            || file.metadata().map(|m| m.len()).ok() != Some(expected)
        {
            return Ok(false);
        }
        let cells = zeroed_cells(self.size as usize);
        // SAFETY: the cells are not shared yet; any bytes are valid cells.
        let bytes =
            unsafe { std::slice::from_raw_parts_mut(cells.as_ptr() as *mut u8, 2 * cells.len()) };
        file.read_exact(bytes).map_err(|source| EgdbError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        self.cells = cells;
        self.stage = header.stage;
        self.progress.note(&format!(
            "layer {}: resumed from {} ({})",
            self.n,
            path.display(),
            match header.stage {
                Stage::FirstPass { done } => format!("first pass at {done} of {}", self.size),
                Stage::Levels { next } => format!("levels above {next} done"),
            }
        ));
        Ok(true)
    }

    /// Writes the checkpoint (no thread may be solving).
    fn checkpoint(&self, dir: &Path) -> Result<(), EgdbError> {
        let header = WorkHeader {
            magic: WORK_MAGIC,
            version: WORK_VERSION,
            game: self.db.game().to_string(),
            layer: self.n,
            count: self.size,
            stage: self.stage,
        };
        let mut block = vec![0u8; WORK_HEADER_BYTES];
        bincode::encode_into_slice(&header, &mut block, bincode::config::standard()).map_err(
            |e| EgdbError::TooLarge {
                what: format!("checkpoint header does not fit {WORK_HEADER_BYTES} bytes: {e}"),
            },
        )?;
        self.progress.status("writing checkpoint");
        write_file_atomically(dir, &work_file(self.n), |out| {
            out.write_all(&block)?;
            out.write_all(as_bytes(&self.cells))
        })
    }

    /// Solves the layer (then [`LeanLayer::values`] gives the values); returns the rounds it
    /// took: the first pass and one per level.
    pub fn solve(&mut self, checkpoints: &Checkpoints) -> Result<u32, EgdbError> {
        let mut last = Instant::now();
        let mut maybe_checkpoint = |layer: &Self| -> Result<(), EgdbError> {
            if last.elapsed() >= checkpoints.every {
                layer.checkpoint(checkpoints.dir)?;
                last = Instant::now();
            }
            Ok(())
        };
        while let Stage::FirstPass { done } = self.stage {
            self.progress.status("first pass");
            let t0 = Instant::now();
            let end = (done + SEGMENT).min(self.size);
            self.first_pass(done, end);
            if std::env::var_os("MANCALA_EGDB_STATS").is_some() {
                eprintln!("first pass {:.3}", t0.elapsed().as_secs_f64());
            }
            self.stage = if end == self.size {
                Stage::Levels { next: self.n }
            } else {
                Stage::FirstPass { done: end }
            };
            maybe_checkpoint(&self)?;
        }
        while let Stage::Levels { next } = self.stage {
            if next == 0 {
                break;
            }
            self.progress.status(&format!("level {next}"));
            let t0 = Instant::now();
            self.level(next);
            if std::env::var_os("MANCALA_EGDB_STATS").is_some() {
                eprintln!("level {next} {:.3}", t0.elapsed().as_secs_f64());
            }
            self.stage = Stage::Levels { next: next - 1 };
            maybe_checkpoint(&self)?;
        }
        Ok(1 + self.n)
    }

    /// The values of positions `start..start + out.len()`, as `i8` bytes: undecided positions
    /// are worth 0 (an even split).
    pub fn values(&self, start: u64, out: &mut [u8]) {
        let cells = &self.cells[start as usize..start as usize + out.len()];
        for (v, cell) in out.iter_mut().zip(cells) {
            let cell = cell.load(Relaxed);
            *v = if cell & DECIDED != 0 { cell as u8 } else { 0 };
        }
    }

    /// Removes the checkpoint file (once the layer is written).
    pub fn forget_checkpoint(&self, dir: &Path) {
        let _ = std::fs::remove_file(dir.join(work_file(self.n)));
    }

    /// The first pass over positions `lo..hi`: best exit and open moves of each.
    fn first_pass(&self, lo: u64, hi: u64) {
        let rules = self.rules;
        ((lo / CHUNK)..hi.div_ceil(CHUNK))
            .into_par_iter()
            .for_each(|c| {
                let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(hi));
                let mut children = Children::<R>::new();
                let mut batch = ExitBatch::default();
                self.index().for_each(self.n, start, end, |rank, board| {
                    let pos = rules
                        .egdb_position(board)
                        .expect("games with databases map boards to positions");
                    // The stores are empty, so a finished game's value is what the board brings:
                    // as an exit, with no move left open.
                    if let Some(o) = rules.outcome(&pos) {
                        self.cells[rank as usize].store(o.value() as i8 as u8 as u16, Relaxed);
                        return;
                    }
                    children.clear();
                    rules.children(&pos, &mut children);
                    let side = rules.side_to_move(&pos);
                    let mut open = 0u16;
                    for c in &children {
                        let seeds = rules.board_seeds(&c.pos);
                        if seeds == self.n {
                            open += 1;
                            continue;
                        }
                        let child = rules.egdb_board(&c.pos).expect("games with databases");
                        let entries = self
                            .db
                            .layer_entries(seeds)
                            .expect("lower layers are built first");
                        let entry = &entries[self.index().rank(child) as usize];
                        crate::core::prefetch(entry);
                        batch.exits.push(Exit {
                            entry,
                            store_difference: rules.store_difference(&c.pos),
                            same_side: rules.side_to_move(&c.pos) == side,
                        });
                    }
                    debug_assert!(open < 8, "at most 7 moves stay in a layer");
                    batch.positions.push((rank, open, batch.exits.len()));
                    if batch.positions.len() == BATCH {
                        batch.flush(&self.cells);
                    }
                });
                batch.flush(&self.cells);
                self.progress.add(end - start);
            });
    }

    /// Decides `rank` with value `value`, if no one has; whether this call did.
    #[inline(always)]
    fn decide(&self, rank: u64, value: i32) -> bool {
        let byte = value as i8 as u8 as u16;
        self.cells[rank as usize]
            .fetch_update(Relaxed, Relaxed, |cell| {
                (cell & DECIDED == 0).then_some(cell & OPEN_MASK | DECIDED | byte)
            })
            .is_ok()
    }

    /// Level `t`: decides every position of `good_t` and `bad_t` not decided above.
    fn level(&self, t: u32) {
        let t = t as i32;
        let words = self.size.div_ceil(CHUNK);
        (0..words).into_par_iter().for_each(|c| {
            let (lo, hi) = (c * CHUNK, ((c + 1) * CHUNK).min(self.size));
            // The positions whose exits decide them at this level.
            let mut seeds = Vec::new();
            let (good, bad) = (t as i8 as u8 as u16, -t as i8 as u8 as u16);
            for (r, cell) in (lo..hi).zip(&self.cells[lo as usize..hi as usize]) {
                // Undecided, with the best exit t; or -t and no open move.
                let cell = cell.load(Relaxed);
                if cell & !OPEN_MASK == good {
                    seeds.push((r, true));
                } else if cell == bad {
                    seeds.push((r, false));
                }
            }
            let (mut stack, mut parents) = (Vec::new(), Vec::new());
            for (r, good) in seeds {
                if self.decide(r, if good { t } else { -t }) {
                    let board = self.index().unrank(self.n, r).expect("rank in the layer");
                    stack.push(Decided { board, good });
                    self.propagate(t, &mut stack, &mut parents);
                }
            }
        });
    }

    /// Propagates the decisions on `stack` backwards to the parents, a few decided positions
    /// at a time (their parents' cells are fetched together).
    #[inline]
    fn propagate(&self, t: i32, stack: &mut Vec<Decided>, parents: &mut Vec<(Board, u64, bool)>) {
        const AT_ONCE: usize = 8;
        while !stack.is_empty() {
            parents.clear();
            for d in stack.drain(stack.len().saturating_sub(AT_ONCE)..) {
                self.rules.egdb_parents(d.board, &mut |parent| {
                    let p = self.index().rank(parent);
                    crate::core::prefetch(&self.cells[p as usize]);
                    parents.push((parent, p, d.good));
                });
            }
            for &(parent, p, good) in parents.iter() {
                if good {
                    // One more move of the parent reaches good_t: the last one closes it, and
                    // then the parent is in bad_t unless an exit does better than -t.
                    let before = self.cells[p as usize].fetch_update(Relaxed, Relaxed, |cell| {
                        debug_assert!(cell & DECIDED != 0 || cell & OPEN_MASK != 0);
                        (cell & DECIDED == 0).then(|| cell - OPEN)
                    });
                    if let Ok(cell) = before {
                        let e = cell & BYTE;
                        if cell & OPEN_MASK == OPEN
                            && (e == NO_EXIT || -(e as u8 as i8 as i32) >= t)
                            && self.decide(p, -t)
                        {
                            stack.push(Decided {
                                board: parent,
                                good: false,
                            });
                        }
                    }
                } else if self.decide(p, t) {
                    stack.push(Decided {
                        board: parent,
                        good: true,
                    });
                }
            }
        }
    }
}
