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
//! **Distributed** ([`super::cluster`]): each process holds the cells of a contiguous range of
//! the layer. Propagation that reaches a parent in another range sends the update (the parent's
//! rank, good or bad) to its process instead; each level ends when, in a round of exchange, no
//! process has updates to send or positions to scan. The sets are the same whatever the split,
//! so the bytes are too. Games without cycles (Kalah) are solved this way too when distributed:
//! with no cycle every position is decided at its level.
//!
//! Working memory: two bytes per position, one cell holding the best exit until the position is
//! decided and its value after, the decided bit and the count of open moves (at most 7). Any
//! order of propagation inside a level reaches the same sets, so the bytes do not depend on the
//! thread count. A checkpoint between two segments of the first pass or two levels holds the
//! cells and where the solve stands; a resumed solve goes on from there (in a distributed
//! build, one per process, all at the same stage: they are used only if every process has one).

use super::cluster::{Cluster, Partition};
use super::format::write_file_atomically;
use super::{Egdb, EgdbError, LayerIndex};
use crate::core::{Board, Progress};
use crate::rules::{Children, Rules};
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicU16, AtomicUsize, Ordering::Relaxed};
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

/// The checkpoint file of layer `layer` of this process: [`work_file`] in a single-process
/// build, `layer-NNN.part-R-of-P.work` for process `R` of `P`.
pub(super) fn work_name(layer: u32, cluster: &dyn Cluster) -> String {
    match cluster.ranks() {
        1 => work_file(layer),
        ranks => format!("layer-{layer:03}.part-{}-of-{ranks}.work", cluster.rank()),
    }
}

/// Environment variable naming a checkpoint file (e.g. `layer-014.work`, or
/// `layer-014.part-1-of-2.work` for process 1 of 2): the process that writes it aborts right
/// after, as a crash would stop it. Tests use it to interrupt a build at a known point instead
/// of racing a kill against the end of the layer.
const CRASH_AFTER_ENV: &str = "MANCALA_EGDB_CRASH_AFTER";

/// Aborts the process if [`CRASH_AFTER_ENV`] names checkpoint file `name`, just written.
fn crash_point(name: &str) {
    if std::env::var_os(CRASH_AFTER_ENV).is_some_and(|v| v == name) {
        eprintln!("{CRASH_AFTER_ENV}={name}: aborting after writing it");
        std::process::abort();
    }
}

/// The checkpoint files of layer `layer` in `dir` written by a build of any number of
/// processes (`layer-NNN.work`, `layer-NNN.part-R-of-P.work`, and their temporary files), by
/// name, sorted.
pub(super) fn checkpoint_files(dir: &Path, layer: u32) -> Vec<String> {
    let single = work_file(layer);
    let part = format!("layer-{layer:03}.part-");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| {
            let name = name.strip_suffix(".tmp").unwrap_or(name);
            name == single || (name.starts_with(&part) && name.ends_with(".work"))
        })
        .collect();
    names.sort();
    names
}

/// Whether checkpoint file `name` of layer `layer` ([`checkpoint_files`]) is one a build of
/// `processes` processes writes and resumes from.
pub(super) fn checkpoint_fits(name: &str, layer: u32, processes: usize) -> bool {
    match processes {
        1 => name == work_file(layer),
        p => {
            name.starts_with(&format!("layer-{layer:03}.part-"))
                && name.ends_with(&format!("-of-{p}.work"))
        }
    }
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
    /// Position (index in the range's cells), open moves, end of its exits in `exits`.
    positions: Vec<(u64, u16, usize)>,
    exits: Vec<Exit<'a>>,
}

impl ExitBatch<'_> {
    /// Stores each position's best exit and open moves.
    fn flush(&mut self, cells: &[AtomicU16]) {
        let mut k = 0;
        for &(i, open, end) in &self.positions {
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
            cells[i as usize].store(byte | (open * OPEN), Relaxed);
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

/// Most parent updates a process holds for the others before it stops scanning and sends
/// them (8 bytes each); a process takes at most `OUTBOX_LIMIT / processes` from each other
/// process in one round.
const OUTBOX_LIMIT: usize = 1 << 23;

/// An update of a parent another process holds: the parent's rank times two, plus one if the
/// child entered `good_t` (one more of the parent's moves reaches `good_t`), zero if it entered
/// `bad_t` (the parent enters `good_t`).
type Update = u64;

/// What the processes of a distributed build sent each other while solving a layer (zero in a
/// single-process build).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Exchanged {
    /// Rounds of exchange, over every level.
    pub rounds: u64,
    /// Parent updates sent from one process to another (8 bytes each), all processes.
    pub updates: u64,
    /// Partitioned builds: requests for the value of a move's child in a lower layer, sent to
    /// the process that holds it (8 bytes each), all processes.
    pub requests: u64,
    /// Partitioned builds: bytes of the answers (one byte a request, in 8-byte words per
    /// process asked), all processes.
    pub answer_bytes: u64,
}

/// Positions of the first pass of a partitioned build whose remote exits are asked for in one
/// round of exchange (the next round's positions are generated while it is under way).
const ROUND: u64 = 1 << 17;

/// A request for the entry of a lower layer's position: the layer times 2^56 plus the rank.
type Request = u64;

/// Bits of a [`Request`] that hold the rank.
const RANK_BITS: u32 = 56;

/// Where the answer to a [`Request`] goes: the position (index in the range's cells), the
/// store difference after the move, and whether the mover moves again.
#[derive(Clone, Copy)]
struct Sink {
    i: u64,
    store_difference: i16,
    same_side: bool,
}

/// The exits of a round of the first pass that other processes hold: by process, the requests
/// and, in the same order, where their answers go.
struct Asked {
    requests: Vec<Vec<Request>>,
    sinks: Vec<Vec<Sink>>,
}

impl Asked {
    fn new(processes: usize) -> Asked {
        Asked {
            requests: vec![Vec::new(); processes],
            sinks: vec![Vec::new(); processes],
        }
    }

    /// Appends `other`'s requests after this one's.
    fn append(&mut self, mut other: Asked) {
        for (mine, theirs) in self.requests.iter_mut().zip(&mut other.requests) {
            mine.append(theirs);
        }
        for (mine, theirs) in self.sinks.iter_mut().zip(&mut other.sinks) {
            mine.append(theirs);
        }
    }
}

/// One layer being solved, or this process's range of it in a distributed build.
pub(super) struct LeanLayer<'a, R: Rules> {
    rules: &'a R,
    /// Layers `0..n`.
    db: &'a Egdb,
    n: u32,
    /// The processes and how the layer is split between them.
    cluster: &'a dyn Cluster,
    partition: Partition,
    /// Each process holds its own range of the lower layers (not all of them), and asks the
    /// others for the rest: the first pass exchanges requests in rounds.
    partitioned: bool,
    /// This process's positions: `lo..lo + len` (the whole layer in a single-process build).
    lo: u64,
    len: u64,
    /// A cell per position of the range, position `lo + i` at `i`: [`BYTE`], [`OPEN_MASK`],
    /// [`DECIDED`].
    cells: Vec<AtomicU16>,
    stage: Stage,
    progress: &'a dyn Progress,
    /// What the processes sent each other.
    pub exchanged: Exchanged,
}

impl<'a, R: Rules> LeanLayer<'a, R> {
    /// This process's range of layer `n`, resumed from the checkpoints in `dir` if every
    /// process has a valid one at the same stage (else every process starts the layer afresh).
    /// Collective: every process of `cluster` calls it.
    pub fn new(
        rules: &'a R,
        db: &'a Egdb,
        n: u32,
        dir: &Path,
        progress: &'a dyn Progress,
        cluster: &'a dyn Cluster,
        partitioned: bool,
    ) -> Result<Self, EgdbError> {
        let size = db.index().layer_size(n).expect("layer within range");
        let partition = Partition::new(size, cluster.ranks());
        let range = partition.range(cluster.rank());
        let mut layer = LeanLayer {
            rules,
            db,
            n,
            cluster,
            partition,
            partitioned,
            lo: range.start,
            len: range.end - range.start,
            cells: Vec::new(),
            stage: Stage::FirstPass { done: 0 },
            progress,
            exchanged: Exchanged::default(),
        };
        layer.resume(dir)?;
        Ok(layer)
    }

    fn index(&self) -> &LayerIndex {
        self.db.index()
    }

    /// Loads this process's checkpoint in `dir` if every process has one at the same stage;
    /// else (none, or a checkpoint of another game, layer, range or format, or a truncated
    /// one anywhere) every process starts afresh.
    fn resume(&mut self, dir: &Path) -> Result<(), EgdbError> {
        let path = dir.join(work_name(self.n, self.cluster));
        let local = self.load(&path)?;
        let code = local.as_ref().map_or(u64::MAX, |(stage, _)| match *stage {
            Stage::FirstPass { done } => done << 1,
            Stage::Levels { next } => (next as u64) << 1 | 1,
        });
        let codes = self.cluster.all_gather(&[code]);
        let agreed = codes.iter().all(|&c| c == codes[0] && c != u64::MAX);
        match local {
            Some((stage, cells)) if agreed => {
                self.cells = cells;
                self.stage = stage;
                self.progress.note(&format!(
                    "layer {}: resumed from {} ({})",
                    self.n,
                    path.display(),
                    match stage {
                        Stage::FirstPass { done } =>
                            format!("first pass at {done} of {}", self.len),
                        Stage::Levels { next } => format!("levels above {next} done"),
                    }
                ));
            }
            local => {
                if local.is_some() {
                    self.progress.note(&format!(
                        "layer {}: checkpoint {} not used: the other processes' checkpoints \
                         are missing or at another stage, so the layer starts afresh",
                        self.n,
                        path.display()
                    ));
                }
                self.cells = zeroed_cells(self.len as usize);
                self.stage = Stage::FirstPass { done: 0 };
            }
        }
        Ok(())
    }

    /// The checkpoint at `path` if it is one of this layer and range; a checkpoint of another
    /// game, layer or format, or a truncated one, is ignored.
    fn load(&self, path: &Path) -> Result<Option<(Stage, Vec<AtomicU16>)>, EgdbError> {
        use std::io::Read;
        let Ok(mut file) = std::fs::File::open(path) else {
            return Ok(None);
        };
        let mut block = vec![0u8; WORK_HEADER_BYTES];
        if file.read_exact(&mut block).is_err() {
            return Ok(None);
        }
        let Ok((header, _)) =
            bincode::decode_from_slice::<WorkHeader, _>(&block, bincode::config::standard())
        else {
            return Ok(None);
        };
        let expected = WORK_HEADER_BYTES as u64 + 2 * self.len;
        if header.magic != WORK_MAGIC
            || header.version != WORK_VERSION
            || header.game != self.db.game()
            || header.layer != self.n
            || header.count != self.len
            || file.metadata().map(|m| m.len()).ok() != Some(expected)
        {
            return Ok(None);
        }
        let cells = zeroed_cells(self.len as usize);
        // SAFETY: the cells are not shared yet; any bytes are valid cells.
        let bytes =
            unsafe { std::slice::from_raw_parts_mut(cells.as_ptr() as *mut u8, 2 * cells.len()) };
        file.read_exact(bytes).map_err(|source| EgdbError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Some((header.stage, cells)))
    }

    /// Writes this process's checkpoint (no thread may be solving).
    fn checkpoint(&self, dir: &Path) -> Result<(), EgdbError> {
        let header = WorkHeader {
            magic: WORK_MAGIC,
            version: WORK_VERSION,
            game: self.db.game().to_string(),
            layer: self.n,
            count: self.len,
            stage: self.stage,
        };
        let mut block = vec![0u8; WORK_HEADER_BYTES];
        bincode::encode_into_slice(&header, &mut block, bincode::config::standard()).map_err(
            |e| EgdbError::TooLarge {
                what: format!("checkpoint header does not fit {WORK_HEADER_BYTES} bytes: {e}"),
            },
        )?;
        self.progress.status("writing checkpoint");
        let name = work_name(self.n, self.cluster);
        write_file_atomically(dir, &name, |out| {
            out.write_all(&block)?;
            out.write_all(as_bytes(&self.cells))
        })?;
        crash_point(&name);
        Ok(())
    }

    /// Solves the layer (then [`LeanLayer::values`] gives the values); returns the rounds it
    /// took: the first pass and one per level. Collective.
    pub fn solve(&mut self, checkpoints: &Checkpoints) -> Result<u32, EgdbError> {
        let cluster = self.cluster;
        let mut last = Instant::now();
        // Every process checkpoints at the same stage, when the first of them is due.
        let mut maybe_checkpoint = |layer: &Self| -> Result<(), EgdbError> {
            if cluster.max((last.elapsed() >= checkpoints.every) as u64) == 1 {
                layer.checkpoint(checkpoints.dir)?;
                last = Instant::now();
            }
            Ok(())
        };
        // Segments of the first pass are counted in the longest range, so that every process
        // goes through the same stages.
        let longest = cluster.max(self.len);
        while let Stage::FirstPass { done } = self.stage {
            self.progress.status("first pass");
            let end = (done + SEGMENT).min(longest);
            self.first_pass(done, end);
            self.stage = if end == longest {
                if self.partitioned {
                    // The levels read no lower layer: their pages leave the resident set.
                    self.db.release_pages();
                }
                Stage::Levels { next: self.n }
            } else {
                Stage::FirstPass { done: end }
            };
            maybe_checkpoint(self)?;
        }
        while let Stage::Levels { next } = self.stage {
            if next == 0 {
                break;
            }
            self.progress.status(&format!("level {next}"));
            let (rounds, sent) = self.level(next);
            self.exchanged.rounds += rounds;
            self.exchanged.updates += cluster.sum(sent);
            self.stage = Stage::Levels { next: next - 1 };
            maybe_checkpoint(self)?;
        }
        Ok(1 + self.n)
    }

    /// The values of positions `start..start + out.len()` (of this process's range), as `i8`
    /// bytes: undecided positions are worth 0 (an even split).
    pub fn values(&self, start: u64, out: &mut [u8]) {
        let i = (start - self.lo) as usize;
        let cells = &self.cells[i..i + out.len()];
        for (v, cell) in out.iter_mut().zip(cells) {
            let cell = cell.load(Relaxed);
            *v = if cell & DECIDED != 0 { cell as u8 } else { 0 };
        }
    }

    /// Removes this process's checkpoint file (once the layer is written).
    pub fn forget_checkpoint(&self, dir: &Path) {
        let _ = std::fs::remove_file(dir.join(work_name(self.n, self.cluster)));
    }

    /// The first pass over the range's positions `lo + from..lo + to` (counted in the longest
    /// range, so that every process makes the same rounds of exchange; positions past this
    /// range's end are none): best exit and open moves of each. In a partitioned build the
    /// exits that other processes hold are asked for in rounds of [`ROUND`] positions, each
    /// round's exchange under way while the next round's positions are generated. Collective
    /// in a partitioned build.
    fn first_pass(&mut self, from: u64, to: u64) {
        let clip = |a: u64, b: u64| (a.min(self.len), b.min(self.len));
        if !self.partitioned {
            let (a, b) = clip(from, to);
            let asked = self.first_pass_positions(a, b);
            debug_assert!(asked.requests.iter().all(Vec::is_empty), "every layer held");
            return;
        }
        let rounds = (to - from).div_ceil(ROUND);
        let round = |r: u64| {
            let a = from + r * ROUND;
            let (a, b) = clip(a, (a + ROUND).min(to));
            self.first_pass_positions(a, b)
        };
        let mut pending = round(0);
        let (mut requests, mut answer_bytes) = (0, 0);
        for r in 1..=rounds {
            let ((asked, answered), next) =
                rayon::join(|| self.ask(pending), || (r < rounds).then(|| round(r)));
            requests += asked;
            answer_bytes += answered;
            pending = next.unwrap_or_else(|| Asked::new(self.cluster.ranks()));
        }
        self.exchanged.requests += self.cluster.sum(requests);
        self.exchanged.answer_bytes += self.cluster.sum(answer_bytes);
    }

    /// The first pass over the range's positions `lo + a..lo + b`: best exit (of those this
    /// process holds) and open moves of each; returns the exits other processes hold.
    fn first_pass_positions(&self, a: u64, b: u64) -> Asked {
        let rules = self.rules;
        let processes = self.cluster.ranks();
        let asked: Vec<Asked> = ((a / CHUNK)..b.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let (start, end) = ((c * CHUNK).max(a), ((c + 1) * CHUNK).min(b));
                let mut children = Children::<R>::new();
                let mut batch = ExitBatch::default();
                let mut asked = Asked::new(processes);
                let (lo, cells) = (self.lo, &self.cells);
                self.index()
                    .for_each(self.n, lo + start, lo + end, |rank, board| {
                        let i = rank - lo;
                        let pos = rules
                            .egdb_position(board)
                            .expect("games with databases map boards to positions");
                        // The stores are empty, so a finished game's value is what the board
                        // brings: as an exit, with no move left open.
                        if let Some(o) = rules.outcome(&pos) {
                            cells[i as usize].store(o.value() as i8 as u8 as u16, Relaxed);
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
                            let child_rank = self.index().rank(child);
                            let store_difference = rules.store_difference(&c.pos);
                            let same_side = rules.side_to_move(&c.pos) == side;
                            match self.db.held_entry(seeds, child_rank) {
                                Ok(entry) => {
                                    crate::core::prefetch(entry);
                                    batch.exits.push(Exit {
                                        entry,
                                        store_difference,
                                        same_side,
                                    });
                                }
                                Err(owner) => {
                                    asked.requests[owner]
                                        .push((seeds as u64) << RANK_BITS | child_rank);
                                    asked.sinks[owner].push(Sink {
                                        i,
                                        store_difference: store_difference as i16,
                                        same_side,
                                    });
                                }
                            }
                        }
                        debug_assert!(open < 8, "at most 7 moves stay in a layer");
                        batch.positions.push((i, open, batch.exits.len()));
                        if batch.positions.len() == BATCH {
                            batch.flush(cells);
                        }
                    });
                batch.flush(cells);
                self.progress.add(end - start);
                asked
            })
            .collect();
        let mut all = Asked::new(processes);
        for a in asked {
            all.append(a);
        }
        all
    }

    /// One round of exchange of the first pass: sends each process the requests for the
    /// entries it holds, answers the requests of the others from this process's pieces, and
    /// puts each answer's value into its position's best exit. Returns the requests this
    /// process sent and the bytes of its answers. Collective.
    fn ask(&self, asked: Asked) -> (u64, u64) {
        let rank = self.cluster.rank();
        let sent = asked
            .requests
            .iter()
            .enumerate()
            .filter(|&(r, _)| r != rank)
            .map(|(_, q)| q.len() as u64)
            .sum();
        let (incoming, counts) = self.cluster.all_to_all(asked.requests);
        // Eight entries a word, in the order asked.
        let mut at = 0;
        let answers: Vec<Vec<u64>> = counts
            .iter()
            .map(|&count| {
                let requests = &incoming[at..at + count];
                at += count;
                requests
                    .par_chunks(8)
                    .map(|eight| {
                        let entries = eight.iter().map(|&q| {
                            let (layer, rank) =
                                ((q >> RANK_BITS) as u32, q & ((1 << RANK_BITS) - 1));
                            let entry = self
                                .db
                                .held_entry(layer, rank)
                                .expect("a process is asked only for its own piece's entries");
                            crate::core::prefetch(entry);
                            entry
                        });
                        let entries: ArrayVec<&i8, 8> = entries.collect();
                        entries
                            .iter()
                            .enumerate()
                            .fold(0u64, |w, (k, &&e)| w | (e as u8 as u64) << (8 * k))
                    })
                    .collect()
            })
            .collect();
        let answer_bytes = answers
            .iter()
            .enumerate()
            .filter(|&(r, _)| r != rank)
            .map(|(_, a)| 8 * a.len() as u64)
            .sum();
        drop(incoming);
        let (back, counts) = self.cluster.all_to_all(answers);
        let mut at = 0;
        for (sinks, &count) in asked.sinks.iter().zip(&counts) {
            let words = &back[at..at + count];
            at += count;
            sinks
                .par_chunks(8)
                .zip(words.par_iter())
                .for_each(|(eight, &word)| {
                    for (k, sink) in eight.iter().enumerate() {
                        let entry = (word >> (8 * k)) as u8 as i8;
                        self.offer_exit(sink, entry);
                    }
                });
        }
        (sent, answer_bytes)
    }

    /// Takes an exit whose child's entry is `entry` into the best exit of position `sink.i`.
    #[inline]
    fn offer_exit(&self, sink: &Sink, entry: i8) {
        let v = sink.store_difference as i32 + entry as i32;
        let v = if sink.same_side { v } else { -v };
        // NO_EXIT's byte is -128 as an i8, below every value.
        let _ = self.cells[sink.i as usize].fetch_update(Relaxed, Relaxed, |cell| {
            (((cell & BYTE) as u8 as i8 as i32) < v).then_some(cell & !BYTE | v as i8 as u8 as u16)
        });
    }

    /// Decides the range's position `i` with value `value`, if no one has; whether this call
    /// did.
    #[inline(always)]
    fn decide(&self, i: u64, value: i32) -> bool {
        let byte = value as i8 as u8 as u16;
        self.cells[i as usize]
            .fetch_update(Relaxed, Relaxed, |cell| {
                (cell & DECIDED == 0).then_some(cell & OPEN_MASK | DECIDED | byte)
            })
            .is_ok()
    }

    /// Level `t`: decides every position of `good_t` and `bad_t` not decided above. Each
    /// process scans its range and propagates inside it; updates of parents in other ranges
    /// are sent to their processes in rounds, until no process has any left. Returns the
    /// rounds of exchange and the updates this process sent. Collective.
    fn level(&self, t: u32) -> (u64, u64) {
        let t = t as i32;
        // Chunks of the range not scanned yet.
        let mut todo: Vec<u64> = (0..self.len.div_ceil(CHUNK)).collect();
        let mut incoming: Vec<Update> = Vec::new();
        let mut outbox: Vec<Update> = Vec::new();
        let (mut rounds, mut sent) = (0, 0);
        loop {
            // Local work: the updates received, then the scan while the outbox has room.
            if !incoming.is_empty() {
                for mut out in self.apply(t, &incoming) {
                    outbox.append(&mut out);
                }
                // Applied: its room goes before the scan fills the outbox.
                drop(std::mem::take(&mut incoming));
            }
            let held = AtomicUsize::new(outbox.len());
            let scanned: Vec<Result<Vec<Update>, u64>> = todo
                .par_iter()
                .map(|&c| {
                    if held.load(Relaxed) >= OUTBOX_LIMIT {
                        return Err(c);
                    }
                    let out = self.scan(t, c);
                    held.fetch_add(out.len(), Relaxed);
                    Ok(out)
                })
                .collect();
            todo.clear();
            for s in scanned {
                match s {
                    Ok(mut out) => outbox.append(&mut out),
                    Err(c) => todo.push(c),
                }
            }
            // Incoming updates are all applied: done when no process has any to send or
            // chunks to scan.
            if self.cluster.sum((outbox.len() + todo.len()) as u64) == 0 {
                return (rounds, sent);
            }
            let buckets = self.bucket(&mut outbox);
            sent += buckets.iter().map(|b| b.len() as u64).sum::<u64>()
                - buckets[self.cluster.rank()].len() as u64;
            incoming = self.cluster.all_to_all(buckets).0;
            rounds += 1;
        }
    }

    /// Takes from `outbox` the updates to send this round, by process: at most
    /// `OUTBOX_LIMIT / processes` for each (the rest stay).
    fn bucket(&self, outbox: &mut Vec<Update>) -> Vec<Vec<Update>> {
        let ranks = self.cluster.ranks();
        let cap = (OUTBOX_LIMIT / ranks).max(1 << 12);
        let mut buckets = vec![Vec::new(); ranks];
        outbox.retain(|&u| {
            let bucket = &mut buckets[self.partition.owner(u >> 1)];
            let send = bucket.len() < cap;
            if send {
                bucket.push(u);
            }
            !send
        });
        // The room of the updates taken goes (up to 64 MiB).
        outbox.shrink_to_fit();
        buckets
    }

    /// Scans chunk `c` of the range for the positions whose exits decide them at level `t`,
    /// decides them and propagates; returns the updates of parents in other ranges.
    fn scan(&self, t: i32, c: u64) -> Vec<Update> {
        let (a, b) = (c * CHUNK, ((c + 1) * CHUNK).min(self.len));
        let mut seeds = Vec::new();
        let (good, bad) = (t as i8 as u8 as u16, -t as i8 as u8 as u16);
        for (i, cell) in (a..b).zip(&self.cells[a as usize..b as usize]) {
            // Undecided, with the best exit t; or -t and no open move.
            let cell = cell.load(Relaxed);
            if cell & !OPEN_MASK == good {
                seeds.push((i, true));
            } else if cell == bad {
                seeds.push((i, false));
            }
        }
        let (mut stack, mut parents, mut outbox) = (Vec::new(), Vec::new(), Vec::new());
        for (i, good) in seeds {
            if self.decide(i, if good { t } else { -t }) {
                stack.push(Decided {
                    board: self.board(i),
                    good,
                });
                self.propagate(t, &mut stack, &mut parents, &mut outbox);
            }
        }
        outbox
    }

    /// The board of the range's position `i`.
    fn board(&self, i: u64) -> Board {
        self.index()
            .unrank(self.n, self.lo + i)
            .expect("rank in the layer")
    }

    /// Applies updates of parents in this range sent by other processes, and propagates;
    /// returns the updates of parents in other ranges (in pieces).
    fn apply(&self, t: i32, incoming: &[Update]) -> Vec<Vec<Update>> {
        let outboxes: Vec<Vec<Update>> = incoming
            .par_chunks(CHUNK as usize)
            .map(|updates| {
                let (mut stack, mut parents, mut outbox) = (Vec::new(), Vec::new(), Vec::new());
                for batch in updates.chunks(16) {
                    for &u in batch {
                        crate::core::prefetch(&self.cells[((u >> 1) - self.lo) as usize]);
                    }
                    for &u in batch {
                        let i = (u >> 1) - self.lo;
                        debug_assert!(i < self.len, "an update of another range");
                        if let Some(good) = self.update(t, i, u & 1 == 1) {
                            stack.push(Decided {
                                board: self.board(i),
                                good,
                            });
                            self.propagate(t, &mut stack, &mut parents, &mut outbox);
                        }
                    }
                }
                outbox
            })
            .collect();
        outboxes
    }

    /// A child of the range's position `i` entered `good_t` (`child_good`) or `bad_t`: updates
    /// `i`; `Some(good)` if that decided it, into `good_t` or `bad_t`.
    #[inline(always)]
    fn update(&self, t: i32, i: u64, child_good: bool) -> Option<bool> {
        if child_good {
            // One more move of the parent reaches good_t: the last one closes it, and then the
            // parent is in bad_t unless an exit does better than -t.
            let before = self.cells[i as usize].fetch_update(Relaxed, Relaxed, |cell| {
                debug_assert!(cell & DECIDED != 0 || cell & OPEN_MASK != 0);
                (cell & DECIDED == 0).then(|| cell - OPEN)
            });
            let cell = before.ok()?;
            let e = cell & BYTE;
            (cell & OPEN_MASK == OPEN
                && (e == NO_EXIT || -(e as u8 as i8 as i32) >= t)
                && self.decide(i, -t))
            .then_some(false)
        } else {
            self.decide(i, t).then_some(true)
        }
    }

    /// Propagates the decisions on `stack` backwards to the parents, a few decided positions
    /// at a time (their parents' cells are fetched together); updates of parents in other
    /// ranges go to `outbox`.
    #[inline]
    fn propagate(
        &self,
        t: i32,
        stack: &mut Vec<Decided>,
        parents: &mut Vec<(Board, u64, bool)>,
        outbox: &mut Vec<Update>,
    ) {
        const AT_ONCE: usize = 8;
        while !stack.is_empty() {
            parents.clear();
            for d in stack.drain(stack.len().saturating_sub(AT_ONCE)..) {
                self.rules.egdb_parents(d.board, &mut |parent| {
                    let p = self.index().rank(parent);
                    let i = p.wrapping_sub(self.lo);
                    if i < self.len {
                        crate::core::prefetch(&self.cells[i as usize]);
                        parents.push((parent, i, d.good));
                    } else {
                        outbox.push(p << 1 | d.good as u64);
                    }
                });
            }
            for &(parent, i, good) in parents.iter() {
                if let Some(good) = self.update(t, i, good) {
                    stack.push(Decided {
                        board: parent,
                        good,
                    });
                }
            }
        }
    }
}
