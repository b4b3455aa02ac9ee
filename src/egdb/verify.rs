//! The database verifier: every header and checksum (checked when the database is opened),
//! then a seeded sample of values per layer re-derived independently.

use super::Egdb;
use crate::core::random::rng;
use crate::core::Threads;
use crate::rules::Rules;
use crate::search::{solve, SolveError, SolveOptions};
use rand_chacha::rand_core::RngCore;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// The sampled check of one layer.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerCheck {
    /// Seeds on the board.
    pub layer: u32,
    /// Positions in the layer.
    pub positions: u64,
    /// Values checked.
    pub samples: u64,
    /// Values that differ.
    pub mismatches: u64,
}

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

/// How values are checked for games like `R`: by an exact search that may use only the layers
/// below (games without cycles), or, for games with cycles (Awari), as the best of the
/// position's moves' values (a search would have to re-solve the layer's cycles).
pub fn check_method<R: Rules>() -> &'static str {
    if R::CAN_REPEAT {
        "checked against their moves' values"
    } else {
        "re-derived by search"
    }
}

/// Checks `samples` distinct positions per layer of `db` (every position of a layer no larger),
/// chosen by a ChaCha8 generator seeded with `seed`; searches run on `threads`. `on_layer` is
/// called after each layer. Returns every mismatch.
///
/// # Errors
/// A [`SolveError`] of a search (threads that cannot start, a table that cannot be mapped).
pub fn verify<R: Rules>(
    db: &Egdb,
    rules: &R,
    samples: u32,
    seed: u64,
    threads: Threads,
    mut on_layer: impl FnMut(&LayerCheck),
) -> Result<Vec<Mismatch>, SolveError> {
    let mut rng = rng(seed);
    let mut failures = Vec::new();
    for n in 0..db.layers() {
        let size = db.index().layer_size(n).expect("open layers are in range");
        let below = (n > 0).then(|| Arc::new(db.truncated(n - 1)));
        let mut mismatches = 0;
        let samples = u64::from(samples).min(size);
        let ranks: Vec<u64> = if samples == size {
            (0..size).collect()
        } else {
            let mut chosen = std::collections::BTreeSet::new();
            let mut order = Vec::new();
            while (chosen.len() as u64) < samples {
                let rank = rng.next_u64() % size;
                if chosen.insert(rank) {
                    order.push(rank);
                }
            }
            order
        };
        for rank in ranks {
            let board = db.index().unrank(n, rank).expect("rank below size");
            let pos = rules.egdb_position(board).expect("games with databases");
            let stored = db.value(rules, &pos).expect("covered");
            let checked = if R::CAN_REPEAT {
                match db.move_values(rules, &pos).expect("covered") {
                    m if m.is_empty() => stored,
                    m => m.iter().map(|&(_, v)| v).max().expect("moves"),
                }
            } else {
                let options = SolveOptions {
                    threads: threads.get(),
                    tt_mb: Some(64),
                    value_only: true,
                    egdb: below.clone(),
                    limits: Default::default(),
                };
                solve(rules, &pos, &[], &options, &AtomicU64::new(0))?.value
            };
            if checked != stored {
                mismatches += 1;
                failures.push(Mismatch {
                    layer: n,
                    rank,
                    position: rules.format_position(&pos),
                    stored,
                    checked,
                });
            }
        }
        on_layer(&LayerCheck {
            layer: n,
            positions: size,
            samples,
            mismatches,
        });
    }
    Ok(failures)
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
    let entries = db.layer_entries(n)?;
    let mut counts = [0u64; 256];
    for &v in entries {
        counts[(v as i32 + 128) as usize] += 1;
    }
    let count = |v: i32| counts[(v + 128) as usize];
    let by_value = |range: std::ops::Range<i32>| -> u64 { range.map(count).sum() };
    let sum: i64 = (-128..128).map(|v| v as i64 * count(v) as i64).sum();
    Some(LayerStats {
        layer: n,
        positions: entries.len() as u64,
        wins: by_value(1..128),
        draws: by_value(0..1),
        losses: by_value(-128..0),
        mean: sum as f64 / entries.len() as f64,
        histogram: (-128..128)
            .filter(|&v| count(v) > 0)
            .map(|v| (v, count(v)))
            .collect(),
    })
}
