//! The lean solver of cyclic layers (Awari): 1.5 bytes of working memory per position, each
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
//! Working memory per position: one byte holding the best exit until the position is decided
//! and its value after, and four bits (decided, and the count of open moves, at most 7). Any
//! order of propagation inside a level reaches the same sets, so the bytes do not depend on the
//! thread count. A checkpoint between two segments of the first pass or two levels holds both
//! arrays and where the solve stands; a resumed solve goes on from there.

use super::{write_file_atomically, Egdb, EgdbError, LayerIndex};
use crate::core::{Board, Progress};
use crate::rules::{Children, Rules};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The byte of an undecided position none of whose moves leaves the layer.
const NO_EXIT: u8 = 0x80;
/// The decided bit of a position's four bits; the low three count its open moves.
const DECIDED: u8 = 0b1000;
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

/// The header of a checkpoint file `layer-NNN.work`: then `count` bytes and `count / 2`
/// rounded up bytes of four-bit cells.
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

/// Working bytes per position of a layer of `positions` positions.
pub(super) fn working_bytes(positions: u64) -> u64 {
    positions + positions.div_ceil(2)
}

/// Bytes as atomics (same size and alignment).
fn into_atomic_bytes(bytes: Vec<u8>) -> Vec<AtomicU8> {
    let mut bytes = std::mem::ManuallyDrop::new(bytes);
    // SAFETY: AtomicU8 has the size, alignment and bit validity of u8.
    unsafe { Vec::from_raw_parts(bytes.as_mut_ptr().cast(), bytes.len(), bytes.capacity()) }
}

/// Atomics as bytes.
fn from_atomic_bytes(cells: Vec<AtomicU8>) -> Vec<u8> {
    let mut cells = std::mem::ManuallyDrop::new(cells);
    // SAFETY: AtomicU8 has the size, alignment and bit validity of u8.
    unsafe { Vec::from_raw_parts(cells.as_mut_ptr().cast(), cells.len(), cells.capacity()) }
}

/// A view of atomics as bytes, for writing while no thread writes them.
fn as_bytes(cells: &[AtomicU8]) -> &[u8] {
    // SAFETY: AtomicU8 has the size and alignment of u8; callers hold no concurrent writers.
    unsafe { std::slice::from_raw_parts(cells.as_ptr().cast(), cells.len()) }
}

/// How a layer solve may checkpoint.
pub(super) struct Checkpoints<'a> {
    /// The database directory (the checkpoint file goes there).
    pub dir: &'a Path,
    /// Least time between two checkpoints.
    pub every: Duration,
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
    /// Per position: the best exit value as an `i8` ([`NO_EXIT`] if none) until decided, the
    /// value after.
    byte: Vec<AtomicU8>,
    /// Four bits per position, two positions a byte (the even rank low): [`DECIDED`] and the
    /// count of moves that stay in the layer and are not yet known to reach `good_t`.
    cells: Vec<AtomicU8>,
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
            byte: Vec::new(),
            cells: Vec::new(),
            stage: Stage::FirstPass { done: 0 },
            progress,
        };
        if !layer.resume(&dir.join(work_file(n)))? {
            layer.byte = into_atomic_bytes(vec![0; size as usize]);
            layer.cells = into_atomic_bytes(vec![0; size.div_ceil(2) as usize]);
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
        let cells = self.size.div_ceil(2);
        let expected = WORK_HEADER_BYTES as u64 + self.size + cells;
        if header.magic != WORK_MAGIC
            || header.version != WORK_VERSION
            || header.game != self.db.game()
            || header.layer != self.n
            || header.count != self.size
            || file.metadata().map(|m| m.len()).ok() != Some(expected)
        {
            return Ok(false);
        }
        let mut read = |len: u64| -> Result<Vec<AtomicU8>, EgdbError> {
            let mut bytes = vec![0u8; len as usize];
            file.read_exact(&mut bytes)
                .map_err(|source| EgdbError::Io {
                    path: path.to_path_buf(),
                    source,
                })?;
            Ok(into_atomic_bytes(bytes))
        };
        self.byte = read(self.size)?;
        self.cells = read(cells)?;
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
        write_file_atomically(
            dir,
            &work_file(self.n),
            &[&block, as_bytes(&self.byte), as_bytes(&self.cells)],
        )
    }

    /// Solves the layer; returns the values (one `i8` per position in rank order) and the
    /// levels it took (the first pass counts as one).
    pub fn solve(mut self, checkpoints: &Checkpoints) -> Result<(Vec<u8>, u32), EgdbError> {
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
            let end = (done + SEGMENT).min(self.size);
            self.first_pass(done, end);
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
            self.level(next);
            self.stage = Stage::Levels { next: next - 1 };
            maybe_checkpoint(&self)?;
        }
        let _ = std::fs::remove_file(checkpoints.dir.join(work_file(self.n)));
        // Undecided positions are worth 0 (an even split).
        let cells = std::mem::take(&mut self.cells);
        let mut values = from_atomic_bytes(std::mem::take(&mut self.byte));
        values
            .par_chunks_mut(CHUNK as usize)
            .enumerate()
            .for_each(|(c, chunk)| {
                let first = c * CHUNK as usize;
                for (i, v) in chunk.iter_mut().enumerate() {
                    let r = first + i;
                    let cell = cells[r / 2].load(Relaxed) >> (4 * (r % 2));
                    if cell & DECIDED == 0 {
                        *v = 0;
                    }
                }
            });
        Ok((values, 1 + self.n))
    }

    /// The first pass over positions `lo..hi`: best exit and open moves of each.
    fn first_pass(&self, lo: u64, hi: u64) {
        let rules = self.rules;
        ((lo / CHUNK)..hi.div_ceil(CHUNK))
            .into_par_iter()
            .for_each(|c| {
                let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(hi));
                let mut children = Children::<R>::new();
                self.index().for_each(self.n, start, end, |rank, board| {
                    let pos = rules
                        .egdb_position(board)
                        .expect("games with databases map boards to positions");
                    // The stores are empty, so a finished game's value is what the board brings:
                    // as an exit, with no move left open.
                    if let Some(o) = rules.outcome(&pos) {
                        self.byte[rank as usize].store(o.value() as i8 as u8, Relaxed);
                        return;
                    }
                    children.clear();
                    rules.children(&pos, &mut children);
                    let side = rules.side_to_move(&pos);
                    let mut best_exit = i32::MIN;
                    let mut open = 0u8;
                    for c in &children {
                        let seeds = rules.board_seeds(&c.pos);
                        if seeds == self.n {
                            open += 1;
                            continue;
                        }
                        let child = rules.egdb_board(&c.pos).expect("games with databases");
                        let v = rules.store_difference(&c.pos)
                            + self
                                .db
                                .board_value(child, seeds)
                                .expect("lower layers are built first");
                        let same_side = rules.side_to_move(&c.pos) == side;
                        best_exit = best_exit.max(if same_side { v } else { -v });
                    }
                    debug_assert!(open < 8, "at most 7 moves stay in a layer");
                    let byte = if best_exit == i32::MIN {
                        NO_EXIT
                    } else {
                        best_exit as i8 as u8
                    };
                    self.byte[rank as usize].store(byte, Relaxed);
                    self.update_cell(rank, |cell| Some(cell | open));
                });
                self.progress.add(end - start);
            });
    }

    /// Applies `f` to the four bits of `rank` atomically; returns the bits before, or `None`
    /// if `f` declined.
    #[inline(always)]
    fn update_cell(&self, rank: u64, f: impl Fn(u8) -> Option<u8>) -> Option<u8> {
        let shift = 4 * (rank % 2) as u32;
        self.cells[(rank / 2) as usize]
            .fetch_update(Relaxed, Relaxed, |both| {
                let new = f((both >> shift) & 0xf)?;
                Some(both & !(0xf << shift) | new << shift)
            })
            .ok()
            .map(|both| (both >> shift) & 0xf)
    }

    /// Decides `rank` with value `value`, if no one has; whether this call did.
    #[inline(always)]
    fn decide(&self, rank: u64, value: i32) -> bool {
        let won = self
            .update_cell(rank, |cell| (cell & DECIDED == 0).then_some(cell | DECIDED))
            .is_some();
        if won {
            self.byte[rank as usize].store(value as i8 as u8, Relaxed);
        }
        won
    }

    /// Level `t`: decides every position of `good_t` and `bad_t` not decided above.
    fn level(&self, t: u32) {
        let t = t as i32;
        let words = self.size.div_ceil(CHUNK);
        (0..words).into_par_iter().for_each(|c| {
            let (lo, hi) = (c * CHUNK, ((c + 1) * CHUNK).min(self.size));
            // The positions whose exits decide them at this level.
            let mut seeds = Vec::new();
            for r in lo..hi {
                let cell = self.cells[(r / 2) as usize].load(Relaxed) >> (4 * (r % 2));
                if cell & DECIDED != 0 {
                    continue;
                }
                let e = self.byte[r as usize].load(Relaxed);
                if e == NO_EXIT {
                    continue;
                }
                let e = e as i8 as i32;
                if e == t || (e == -t && cell & 0b111 == 0) {
                    seeds.push((r, e == t));
                }
            }
            let mut stack = Vec::new();
            for (r, good) in seeds {
                if self.decide(r, if good { t } else { -t }) {
                    let board = self.index().unrank(self.n, r).expect("rank in the layer");
                    stack.push(Decided { board, good });
                    self.propagate(t, &mut stack);
                }
            }
        });
    }

    /// Propagates the decisions on `stack` backwards to the parents.
    #[inline]
    fn propagate(&self, t: i32, stack: &mut Vec<Decided>) {
        while let Some(d) = stack.pop() {
            self.rules.egdb_parents(d.board, &mut |parent| {
                let p = self.index().rank(parent);
                if d.good {
                    // One more move of the parent reaches good_t: the last one closes it.
                    let before = self.update_cell(p, |cell| {
                        debug_assert!(cell & DECIDED != 0 || cell > 0, "an open move to close");
                        (cell & DECIDED == 0).then(|| cell - 1)
                    });
                    if before.is_some_and(|cell| cell & 0b111 == 1) {
                        let e = self.byte[p as usize].load(Relaxed);
                        if (e == NO_EXIT || -(e as i8 as i32) >= t) && self.decide(p, -t) {
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
            });
        }
    }
}
