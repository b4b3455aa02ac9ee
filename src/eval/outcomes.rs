//! Evaluation weights fitted to the outcomes of played games (logistic regression, as Texel
//! tuning does in chess), for the games where no exact values exist at full size: the
//! four-row games, whose winner takes every seed (RULES.md §9, §10).
//!
//! Every position a game passed through (not over) is a sample: its features `f`
//! ([`super::fitted::FOUR_ROW_FEATURES`]) and the game's result from the mover's side, `y` = 1
//! won, ½ drawn, 0 lost. The model is `P(y = 1) = σ(β · f)`, fitted by Newton's method on the
//! log-likelihood (the Hessian `Σ p (1 - p) f fᵀ`, solved by Cholesky with a ridge of `1e-9`
//! times its trace). When the winner takes all `T` seeds, the expected final margin is
//! `T (2p - 1)`, which is `T β·f / 2` to first order: so the weights in seeds per feature unit
//! (what [`super::Fitted`] adds up) are `β T / 2`.
//!
//! The baseline ("before") is the game's own evaluation, material, as the one feature:
//! `P = σ(k · material)`, `k` fitted the same way.

use super::fitted::{EvalError, NF};
use nalgebra::{SMatrix, SVector};

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutcomeSample {
    /// Its features.
    pub f: [f32; NF],
    /// The game's own evaluation of it (material, seeds, mover's side).
    pub material: f32,
    /// The result for the mover: 1 won, 0.5 drawn, 0 lost.
    pub y: f32,
}

/// Held-out errors of a probability model.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OutcomeErrors {
    /// Positions.
    pub n: u64,
    sum_log_loss: f64,
    sum_brier: f64,
    right: f64,
}

impl OutcomeErrors {
    /// Adds a prediction `p` (probability that the mover wins) of result `y`.
    pub fn add(&mut self, p: f64, y: f64) {
        let p = p.clamp(1e-12, 1.0 - 1e-12);
        self.n += 1;
        self.sum_log_loss -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        self.sum_brier += (p - y) * (p - y);
        // A draw counts half whatever is predicted; else right if on the winner's side of ½.
        self.right += if y == 0.5 {
            0.5
        } else if (p > 0.5) == (y > 0.5) {
            1.0
        } else {
            0.0
        };
    }

    fn mean(&self, sum: f64) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            sum / self.n as f64
        }
    }

    /// Mean log-loss (nats; ln 2 = 0.693 for a coin).
    pub fn log_loss(&self) -> f64 {
        self.mean(self.sum_log_loss)
    }

    /// Mean squared error of the probability (the Brier score; 0.25 for a coin).
    pub fn brier(&self) -> f64 {
        self.mean(self.sum_brier)
    }

    /// Share of decided games whose winner the model puts above ½ (a draw counts ½).
    pub fn accuracy(&self) -> f64 {
        self.mean(self.right)
    }
}

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `β · f`.
pub fn logit(beta: &[f64; NF], f: &[f32; NF]) -> f64 {
    beta.iter().zip(f).map(|(b, &x)| b * x as f64).sum()
}

/// Fits `β` of `P(y = 1) = σ(β · x)` to `samples` (features and results), Newton's method
/// from `β = 0` until no weight moves by more than `1e-9` (at most 50 steps).
///
/// # Errors
/// [`EvalError::Singular`] if there are no samples or the system has no solution.
pub fn fit_logistic<'a>(
    samples: impl Iterator<Item = (&'a [f32; NF], f32)> + Clone,
) -> Result<[f64; NF], EvalError> {
    let mut beta = SVector::<f64, NF>::zeros();
    let mut n = 0;
    for _ in 0..50 {
        let mut hessian = SMatrix::<f64, NF, NF>::zeros();
        let mut gradient = SVector::<f64, NF>::zeros();
        n = 0;
        for (f, y) in samples.clone() {
            let x = SVector::<f64, NF>::from_iterator(f.iter().map(|&v| v as f64));
            let p = sigmoid(beta.dot(&x));
            hessian += x * x.transpose() * (p * (1.0 - p)).max(1e-12);
            gradient += x * (y as f64 - p);
            n += 1;
        }
        let ridge = 1e-9 * hessian.trace().max(1.0);
        let a = hessian + SMatrix::<f64, NF, NF>::identity() * ridge;
        let step = a
            .cholesky()
            .ok_or(EvalError::Singular { samples: n })?
            .solve(&gradient);
        beta += step;
        if n == 0 || beta.iter().any(|v| !v.is_finite()) {
            return Err(EvalError::Singular { samples: n });
        }
        if step.amax() < 1e-9 {
            break;
        }
    }
    if n == 0 {
        return Err(EvalError::Singular { samples: 0 });
    }
    Ok(std::array::from_fn(|k| beta[k]))
}

/// A fit to outcomes and its held-out figures.
#[derive(Clone, Debug)]
pub struct OutcomeFit {
    /// Seeds per feature unit (`β T / 2`), in the feature set's order.
    pub weights: [f64; NF],
    /// The logistic coefficients `β` (per feature unit).
    pub beta: [f64; NF],
    /// The baseline's coefficient `k` (per seed of material).
    pub k_material: f64,
    /// Positions fitted.
    pub fitted: usize,
    /// Held-out errors of the baseline (material alone).
    pub before: OutcomeErrors,
    /// Held-out errors of the fitted features.
    pub after: OutcomeErrors,
}

/// Fits the weights to `fit` and measures them, and the material baseline, on `held`; `total`
/// is the seeds the winner takes (`T`).
///
/// # Errors
/// [`EvalError::Singular`] if either set is empty or a system has no solution.
pub fn fit_to_outcomes(
    fit: &[OutcomeSample],
    held: &[OutcomeSample],
    total: u32,
) -> Result<OutcomeFit, EvalError> {
    if held.is_empty() {
        return Err(EvalError::Singular { samples: 0 });
    }
    let beta = fit_logistic(fit.iter().map(|s| (&s.f, s.y)))?;
    let material: Vec<[f32; NF]> = fit
        .iter()
        .map(|s| std::array::from_fn(|k| if k == 0 { s.material } else { 0.0 }))
        .collect();
    let k_material = fit_logistic(material.iter().zip(fit).map(|(m, s)| (m, s.y)))?[0];
    let (mut before, mut after) = (OutcomeErrors::default(), OutcomeErrors::default());
    for s in held {
        before.add(sigmoid(k_material * s.material as f64), s.y as f64);
        after.add(sigmoid(logit(&beta, &s.f)), s.y as f64);
    }
    Ok(OutcomeFit {
        weights: beta.map(|b| b * total as f64 / 2.0),
        beta,
        k_material,
        fitted: fit.len(),
        before,
        after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Logistic regression recovers the coefficients that drew the results: 40,000 samples of
    /// 3 features drawn from a known model, within 0.1 of each coefficient (the standard error
    /// here is about 0.02).
    #[test]
    fn logistic_fit_recovers_known_coefficients() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let truth = [0.3, -0.8, 0.5];
        let mut samples = Vec::new();
        for _ in 0..40_000 {
            let mut f = [0.0f32; NF];
            f[0] = 1.0;
            f[1] = rng.gen_range(-3.0..3.0);
            f[2] = rng.gen_range(0..5) as f32;
            let z: f64 = (0..3).map(|k| truth[k] * f[k] as f64).sum();
            let y = if rng.gen::<f64>() < sigmoid(z) {
                1.0
            } else {
                0.0
            };
            samples.push((f, y));
        }
        let beta = fit_logistic(samples.iter().map(|(f, y)| (f, *y))).unwrap();
        for k in 0..3 {
            assert!((beta[k] - truth[k]).abs() < 0.1, "{k}: {beta:?}");
        }
        for b in &beta[3..] {
            assert_eq!(*b, 0.0, "an unused feature gets weight 0");
        }
        assert_eq!(
            fit_logistic(std::iter::empty()),
            Err(EvalError::Singular { samples: 0 })
        );
    }

    /// Worked by hand: p = ½ for a drawn result scores ln 2, Brier 0 and counts ½; p = ¾ for a
    /// loss scores ln 4, Brier 0.5625 and counts 0.
    #[test]
    fn held_out_errors_worked_by_hand() {
        let mut e = OutcomeErrors::default();
        e.add(0.5, 0.5);
        assert!((e.log_loss() - std::f64::consts::LN_2).abs() < 1e-12);
        assert_eq!(e.brier(), 0.0);
        assert_eq!(e.accuracy(), 0.5);
        e.add(0.75, 0.0);
        // (ln 2 + ln 4) / 2 and (0 + 0.5625) / 2; accuracy (0.5 + 0) / 2.
        assert!((e.log_loss() - 3.0 * std::f64::consts::LN_2 / 2.0).abs() < 1e-12);
        assert!((e.brier() - 0.28125).abs() < 1e-12);
        assert_eq!(e.accuracy(), 0.25);
    }
}
