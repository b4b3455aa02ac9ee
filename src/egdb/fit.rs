//! Labelled positions from a database, and the fit of the evaluation weights
//! ([`crate::eval::fitted`]) to them: every entry of a layer is a position (empty stores,
//! South to move) labelled with its exact `value - store_difference`.

use super::Egdb;
use crate::eval::fitted::{position_features, predict, ErrorStats, FeatureSet, LeastSquares, NF};
use crate::rules::Rules;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::RangeInclusive;

/// What to sample and how to split it.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// The layers (seeds on the board) to sample.
    pub layers: RangeInclusive<u32>,
    /// Positions drawn per layer (with replacement; a layer with no more entries than this is
    /// taken whole, each entry once).
    pub per_layer: u64,
    /// The seed of the draw (ChaCha8): the same seed, database and options give the same fit.
    pub seed: u64,
    /// One position in this many is held out (not fitted, only measured).
    pub hold_out_every: u64,
}

/// Held-out errors of one layer (seeds).
#[derive(Clone, Copy, Debug)]
pub struct LayerFit {
    /// Seeds on the board.
    pub layer: u32,
    /// The store difference alone (predicting `value - store_difference` = 0).
    pub before: ErrorStats,
    /// The fitted evaluation.
    pub after: ErrorStats,
}

/// A fit and its figures.
#[derive(Clone, Debug)]
pub struct FitReport {
    /// Seeds per feature unit, in [`crate::eval::fitted::FEATURES`] order.
    pub weights: [f64; NF],
    /// Positions fitted.
    pub fitted: usize,
    /// Held-out errors over every layer, before (store difference alone) and after.
    pub before: ErrorStats,
    /// See `before`.
    pub after: ErrorStats,
    /// Per layer.
    pub layers: Vec<LayerFit>,
    /// Positions drawn that were over (no move: not evaluated by a search, so skipped).
    pub over: u64,
}

/// Fits the evaluation weights of `rules`' game (a two-row game of `db`'s houses) to entries
/// of `db` drawn as `options` says.
///
/// # Errors
/// A message if a layer is beyond the database or the fit has no solution.
pub fn fit_to_database<R: Rules>(
    rules: &R,
    db: &Egdb,
    options: &FitOptions,
) -> Result<FitReport, String> {
    let m = db.houses();
    let index = db.index();
    let mut ls = LeastSquares::default();
    let mut held = Vec::new();
    let mut over = 0;
    for layer in options.layers.clone() {
        if layer >= db.layers() {
            return Err(format!(
                "layer {layer} is beyond the database {} (layers 0..={})",
                db.dir().display(),
                db.max_seeds().unwrap_or(0)
            ));
        }
        let size = index.layer_size(layer).expect("a layer of the database");
        let whole = size <= options.per_layer;
        let draws = if whole { size } else { options.per_layer };
        let mut rng = ChaCha8Rng::seed_from_u64(
            options.seed ^ (layer as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        for k in 0..draws {
            let rank = if whole {
                k
            } else {
                ((rng.next_u64() as u128 * size as u128) >> 64) as u64
            };
            let hold = rng.next_u64() % options.hold_out_every.max(1) == 0;
            let board = index.unrank(layer, rank).expect("rank within the layer");
            let pos = rules
                .egdb_position(board)
                .expect("a game with databases has their positions");
            if rules.outcome(&pos).is_some() {
                over += 1;
                continue;
            }
            let target = db.entry(layer, rank) as f64;
            let f = position_features(rules, &pos, FeatureSet::TwoRow, m);
            if hold {
                held.push((layer, f, target));
            } else {
                ls.add(&f, target);
            }
        }
    }
    let weights = ls.solve().map_err(|e| e.to_string())?;
    let mut layers: Vec<LayerFit> = options
        .layers
        .clone()
        .map(|layer| LayerFit {
            layer,
            before: ErrorStats::default(),
            after: ErrorStats::default(),
        })
        .collect();
    let (mut before, mut after) = (ErrorStats::default(), ErrorStats::default());
    for (layer, f, target) in &held {
        let l = &mut layers[(layer - options.layers.start()) as usize];
        let e = predict(&weights, f) - target;
        l.before.add(*target);
        l.after.add(e);
        before.add(*target);
        after.add(e);
    }
    Ok(FitReport {
        weights,
        fitted: ls.samples(),
        before,
        after,
        layers,
        over,
    })
}
