//! The database verifier: every header and checksum (checked when the database is opened);
//! the full check of every entry against the one-step equation ([`verify_full`]). The seeded
//! sample of values per layer re-derived by search is [`crate::search::egdb_check`] (a floor
//! up: the solver reads databases).

use super::{Egdb, EgdbError};
use crate::core::{Board, Progress, Threads};
use crate::rules::{Children, Rules, MAX_CHILDREN};
use arrayvec::ArrayVec;
use rayon::prelude::*;

/// A stored value that its check does not reproduce.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// Seeds on the board.
    pub layer: u32,
    /// Rank in the layer.
    pub rank: u64,
    /// The position, as text.
    pub position: String,
    /// The database's value (what the mover will still gain minus the opponent, seeds).
    pub stored: i32,
    /// The check's value.
    pub checked: i32,
}

/// The one-step equation at `pos` (a position the database covers, its own layer included):
/// its value if the game is over (store difference plus what the end-of-game rule adds), else
/// the best over its moves of the database value of the position after the move (final store
/// difference, seeds), negated when the other side moves there. Seen from the side to move at
/// `pos`, as [`Egdb::value`].
pub(crate) fn one_step<R: Rules>(db: &Egdb, rules: &R, pos: &R::Position) -> i32 {
    let mut step = Step::default();
    step.expand(db, rules, pos);
    step.value()
}

/// A position's one-step equation, half evaluated: its moves' entries located (and their
/// cache lines requested), not yet read.
#[derive(Default)]
struct Step<'a> {
    /// The value if the game is over.
    terminal: Option<i32>,
    /// Per move: the entry of the position after it, that position's store difference, and
    /// whether the other side moves there.
    moves: ArrayVec<(&'a u8, i32, bool), MAX_CHILDREN>,
}

impl<'a> Step<'a> {
    /// Generates the moves of `pos` and locates their entries in `db`, prefetching each.
    #[inline(always)]
    fn expand<R: Rules>(&mut self, db: &'a Egdb, rules: &R, pos: &R::Position) {
        self.moves.clear();
        self.terminal = rules
            .outcome(pos)
            .map(|o| rules.store_difference(pos) + o.value());
        if self.terminal.is_some() {
            return;
        }
        let mut children = Children::<R>::new();
        rules.children(pos, &mut children);
        let side = rules.side_to_move(pos);
        for c in &children {
            let board = rules.egdb_board(&c.pos).expect("games with databases");
            let layer = &db.layers[rules.board_seeds(&c.pos) as usize];
            let entry = layer.held(db.index.rank(board));
            crate::core::prefetch(entry);
            self.moves.push((
                entry,
                rules.store_difference(&c.pos),
                rules.side_to_move(&c.pos) != side,
            ));
        }
    }

    /// The equation's value: the terminal value, or the best of the moves' values.
    #[inline(always)]
    fn value(&self) -> i32 {
        self.terminal.unwrap_or_else(|| {
            self.moves
                .iter()
                .map(|&(&entry, store_difference, flip)| {
                    let v = store_difference + entry as i8 as i32;
                    if flip {
                        -v
                    } else {
                        v
                    }
                })
                .max()
                .expect("a position that is not over has a move")
        })
    }
}

/// The full check of one layer.
#[derive(Clone, Debug, PartialEq)]
pub struct FullCheck {
    /// Seeds on the board.
    pub layer: u32,
    /// Positions in the layer, every one checked.
    pub positions: u64,
    /// Entries that differ from the one-step equation.
    pub mismatches: u64,
    /// Wall time of the layer's check, seconds.
    pub seconds: f64,
}

/// Positions handed to one task of the full check at a time.
const FULL_CHUNK: u64 = 1 << 15;

/// Checks every entry of every layer of `db` against the one-step equation: the entry of a
/// position (stores empty, so the entry is its value) must equal its value if the game is over,
/// else the best over its moves of the position after the move valued from the database (its
/// store difference plus its entry, negated when the other side moves there).
///
/// For games without cycles (Kalah) the equation determines every entry from the layers below
/// and the positions of its own layer nearer the end, so a database that satisfies it
/// everywhere is exactly the one the rules define. For Awari it is the fixpoint the builder
/// solves (a position of value 0 has a best move of value exactly 0), but a cycle of positions
/// can also satisfy it with other values, so it finds any damaged entry whose neighbours are
/// right and the sampled check stays the independent one.
///
/// Layers are checked in order, each in parallel chunks on `threads`; `progress` hears of each
/// layer as a phase of positions and `on_layer` is called after each. Returns the first
/// `first` mismatches in layer and rank order (the same whatever the thread count); the
/// counts are in the [`FullCheck`]s; `None` if the front end's stop ([`Progress::stop`]) was
/// reached first.
///
/// # Errors
/// [`EgdbError::Threads`] if the threads cannot start.
pub fn verify_full<R: Rules>(
    db: &Egdb,
    rules: &R,
    threads: Threads,
    first: usize,
    progress: &dyn Progress,
    mut on_layer: impl FnMut(&FullCheck),
) -> Result<Option<Vec<Mismatch>>, EgdbError> {
    let stop = progress.stop();
    let pool = threads.pool().map_err(|e| EgdbError::Threads {
        threads: threads.get(),
        reason: e.to_string(),
    })?;
    let mut failures = Vec::new();
    for n in 0..db.layers() {
        let started = std::time::Instant::now();
        let size = db.index().layer_size(n).expect("open layers are in range");
        progress.start(&format!("layer {n}"), Some(size));
        // Per chunk: the mismatches counted and the first `first` of them, in rank order.
        let chunks: Vec<(u64, Vec<Mismatch>)> = pool.install(|| {
            (0..size.div_ceil(FULL_CHUNK))
                .into_par_iter()
                .map(|c| {
                    if stop.reached() {
                        return (0, Vec::new());
                    }
                    let (lo, hi) = (c * FULL_CHUNK, ((c + 1) * FULL_CHUNK).min(size));
                    let found = check_range(db, rules, n, lo, hi, first);
                    progress.add(hi - lo);
                    found
                })
                .collect()
        });
        progress.finish();
        if stop.reached() {
            return Ok(None);
        }
        let mut mismatches = 0;
        for (count, found) in chunks {
            mismatches += count;
            let room = first - failures.len().min(first);
            failures.extend(found.into_iter().take(room));
        }
        on_layer(&FullCheck {
            layer: n,
            positions: size,
            mismatches,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    Ok(Some(failures))
}

/// Positions whose moves' entries are requested before the first of them is valued: the
/// full check is a stream of cache misses (the entries of the positions after the moves lie
/// anywhere in their layers), overlapped this way.
const AHEAD: usize = 8;

/// Checks ranks `lo..hi` of layer `n`: the mismatches counted, and the first `first`.
fn check_range<R: Rules>(
    db: &Egdb,
    rules: &R,
    n: u32,
    lo: u64,
    hi: u64,
    first: usize,
) -> (u64, Vec<Mismatch>) {
    let mut count = 0;
    let mut found = Vec::new();
    // A ring of the last `AHEAD` positions expanded: `(rank, board, step)`.
    let mut ring: [(u64, Board, Step); AHEAD] = std::array::from_fn(|_| Default::default());
    let mut check = |(rank, board, step): &(u64, Board, Step)| {
        let stored = db.entry(n, *rank) as i32;
        let checked = step.value();
        if checked != stored {
            count += 1;
            if found.len() < first {
                found.push(Mismatch {
                    layer: n,
                    rank: *rank,
                    position: rules.format_position(&position(rules, *board)),
                    stored,
                    checked,
                });
            }
        }
    };
    db.index().for_each(n, lo, hi, |rank, board| {
        let slot = &mut ring[(rank - lo) as usize % AHEAD];
        if rank - lo >= AHEAD as u64 {
            check(slot);
        }
        slot.0 = rank;
        slot.1 = board;
        slot.2.expand(db, rules, &position(rules, board));
    });
    for rank in hi.saturating_sub(AHEAD as u64).max(lo)..hi {
        check(&ring[(rank - lo) as usize % AHEAD]);
    }
    (count, found)
}

/// The position of a layer's `board` (stores empty, the mover to move).
#[inline(always)]
fn position<R: Rules>(rules: &R, board: Board) -> R::Position {
    rules
        .egdb_position(board)
        .expect("games with databases map boards to positions")
}

/// The values of one layer by count.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerStats {
    /// Seeds on the board.
    pub layer: u32,
    /// Positions.
    pub positions: u64,
    /// Positions the mover wins (value > 0), draws, loses.
    pub wins: u64,
    /// Value 0.
    pub draws: u64,
    /// Value < 0.
    pub losses: u64,
    /// Mean value, seeds.
    pub mean: f64,
    /// `(value, positions)` for every value that occurs, in increasing value.
    pub histogram: Vec<(i32, u64)>,
}

/// The statistics of layer `n` of `db` (values from the mover's side: what the mover will still
/// gain from the board minus what the opponent will, seeds).
pub fn layer_stats(db: &Egdb, n: u32) -> Option<LayerStats> {
    let mut counts = [0u64; 256];
    let mut positions = 0;
    for (_, entries) in db.layer_pieces(n)? {
        for &v in entries {
            counts[(v as i32 + 128) as usize] += 1;
        }
        positions += entries.len() as u64;
    }
    let count = |v: i32| counts[(v + 128) as usize];
    let by_value = |range: std::ops::Range<i32>| -> u64 { range.map(count).sum() };
    let sum: i64 = (-128..128).map(|v| v as i64 * count(v) as i64).sum();
    Some(LayerStats {
        layer: n,
        positions,
        wins: by_value(1..128),
        draws: by_value(0..1),
        losses: by_value(-128..0),
        mean: sum as f64 / positions as f64,
        histogram: (-128..128)
            .filter(|&v| count(v) > 0)
            .map(|v| (v, count(v)))
            .collect(),
    })
}
