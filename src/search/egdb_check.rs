//! A seeded sample of every database layer re-derived independently: by an exact search that
//! may use only the layers below (games without cycles), or as the best of the position's moves'
//! values (games with cycles). The full check of every entry is [`crate::egdb::verify_full`].

use super::{solve, SolveError, SolveOptions};
use crate::core::random::rng;
use crate::core::{Stop, Threads};
use crate::egdb::{one_step, Egdb, Mismatch};
use crate::rules::Rules;
use crate::search::solver::Limits;
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
/// called after each layer. Returns every mismatch, or `None` if `stop` (a front end's ceiling
/// or cancel) was reached first.
///
/// # Errors
/// A [`SolveError`] of a search (threads that cannot start, a table that cannot be mapped).
pub fn verify<R: Rules>(
    db: &Egdb,
    rules: &R,
    samples: u32,
    seed: u64,
    threads: Threads,
    stop: &Stop,
    mut on_layer: impl FnMut(&LayerCheck),
) -> Result<Option<Vec<Mismatch>>, SolveError> {
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
            if stop.reached() {
                return Ok(None);
            }
            let board = db.index().unrank(n, rank).expect("rank below size");
            let pos = rules.egdb_position(board).expect("games with databases");
            let stored = db.value(rules, &pos).expect("covered");
            let checked = if R::CAN_REPEAT {
                one_step(db, rules, &pos)
            } else {
                let options = SolveOptions {
                    threads: threads.get(),
                    tt_mb: Some(64),
                    value_only: true,
                    egdb: below.clone(),
                    limits: Limits {
                        cancel: stop.flag.clone(),
                        ..Default::default()
                    },
                };
                match solve(rules, &pos, &[], &options, &AtomicU64::new(0)) {
                    Ok(s) => s.value,
                    Err(SolveError::Stopped { .. }) => return Ok(None),
                    Err(e) => return Err(e),
                }
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
    Ok(Some(failures))
}
