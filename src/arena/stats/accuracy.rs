//! Intervals for accuracy against perfect play (`mancala analyze`): a share of optimal moves
//! (Jeffreys interval), and a seeded bootstrap for statistics of seeds lost per move (mean,
//! 95th percentile).

use super::beta::beta_quantile;
use super::Estimate;
use crate::core::random::{rng, uniform};

/// The share `k / n` of successes with the 95% Jeffreys interval: the 2.5% and 97.5%
/// quantiles of the posterior Beta(k + 1/2, n - k + 1/2), with the lower bound 0 at `k = 0`
/// and the upper bound 1 at `k = n` (Brown, Cai & DasGupta 2001, "Interval estimation for a
/// binomial proportion", Statistical Science 16(2), §4.1.2). `n = 0` gives NaN fields.
pub fn jeffreys_interval(k: u64, n: u64) -> Estimate {
    if n == 0 || k > n {
        return Estimate {
            value: f64::NAN,
            low: f64::NAN,
            high: f64::NAN,
        };
    }
    let (a, b) = (k as f64 + 0.5, (n - k) as f64 + 0.5);
    Estimate {
        value: k as f64 / n as f64,
        low: if k == 0 {
            0.0
        } else {
            beta_quantile(a, b, 0.025).0
        },
        high: if k == n {
            1.0
        } else {
            beta_quantile(a, b, 0.975).0
        },
    }
}

/// The 95th percentile of `sorted` (ascending) by the nearest-rank method: the smallest value
/// with at least 95% of the samples at or below it, `sorted[ceil(0.95 n) - 1]`. NaN if empty.
pub fn percentile_95(sorted: &[f64]) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    // ceil(0.95 n) in integers: (95 n + 99) / 100.
    let rank = (95 * sorted.len()).div_ceil(100).max(1);
    sorted[rank - 1]
}

/// The mean of `samples`. NaN if empty.
pub fn mean(samples: &[f64]) -> f64 {
    samples.iter().sum::<f64>() / samples.len() as f64
}

/// `statistic` of `samples` with a 95% percentile-bootstrap interval (Efron & Tibshirani 1993,
/// §13.3): `resamples` resamples of the same size drawn with replacement by a ChaCha8
/// generator seeded with `seed`, the interval the 2.5% and 97.5% nearest-rank percentiles of
/// the statistic over them. The same samples and seed give the same interval on every
/// machine. Empty samples give NaN fields; `resamples = 0` a zero-width interval.
pub fn bootstrap_interval(
    samples: &[f64],
    statistic: impl Fn(&mut [f64]) -> f64,
    resamples: u32,
    seed: u64,
) -> Estimate {
    if samples.is_empty() {
        return Estimate {
            value: f64::NAN,
            low: f64::NAN,
            high: f64::NAN,
        };
    }
    let mut work = samples.to_vec();
    let value = statistic(&mut work);
    if resamples == 0 {
        return Estimate {
            value,
            low: value,
            high: value,
        };
    }
    let mut r = rng(seed);
    let mut stats: Vec<f64> = (0..resamples)
        .map(|_| {
            for w in work.iter_mut() {
                *w = samples[uniform(&mut r, samples.len())];
            }
            statistic(&mut work)
        })
        .collect();
    stats.sort_by(f64::total_cmp);
    let at = |p: usize| stats[((p * stats.len()).div_ceil(1000)).max(1) - 1];
    Estimate {
        value,
        low: at(25),
        high: at(975),
    }
}

/// [`percentile_95`] of unsorted samples (sorts them): a statistic for [`bootstrap_interval`].
pub fn percentile_95_of(samples: &mut [f64]) -> f64 {
    samples.sort_by(f64::total_cmp);
    percentile_95(samples)
}

/// [`mean`] as a statistic for [`bootstrap_interval`].
pub fn mean_of(samples: &mut [f64]) -> f64 {
    mean(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Quantiles of Beta(k + 1/2, n - k + 1/2) by bisection on mpmath's regularized incomplete
    /// beta function (`mpmath.betainc(a, b, 0, x, regularized=True)`, 30 digits).
    #[test]
    fn jeffreys_intervals_match_mpmath() {
        for (k, n, low, high) in [
            (7, 20, 0.172276213632, 0.567766093841),
            (45, 50, 0.794645171977, 0.960805635606),
            // The ends: the lower bound 0 at k = 0 (mpmath's 2.5% quantile is 2.42e-5) and the
            // upper bound 1 at k = n.
            (0, 20, 0.0, 0.116638982905),
            (20, 20, 0.883361017095, 1.0),
        ] {
            let e = jeffreys_interval(k, n);
            assert!((e.value - k as f64 / n as f64).abs() < 1e-15);
            assert!((e.low - low).abs() < 1e-9, "{k}/{n}: {e:?}");
            assert!((e.high - high).abs() < 1e-9, "{k}/{n}: {e:?}");
        }
        assert!(jeffreys_interval(0, 0).value.is_nan());
    }

    #[test]
    fn nearest_rank_percentiles() {
        // 20 samples: ceil(0.95 * 20) = 19th; 10 samples: ceil(9.5) = 10th; 1 sample: itself.
        let twenty: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(percentile_95(&twenty), 19.0);
        let ten: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(percentile_95(&ten), 10.0);
        assert_eq!(percentile_95(&[4.0]), 4.0);
        assert!(percentile_95(&[]).is_nan());
    }

    /// Constant samples give a zero-width interval; the same seed the same interval; the
    /// interval of a mean brackets it.
    #[test]
    fn bootstrap_intervals() {
        let e = bootstrap_interval(&[2.0; 30], mean_of, 200, 1);
        assert_eq!((e.value, e.low, e.high), (2.0, 2.0, 2.0));
        let samples: Vec<f64> = (0..40).map(|i| f64::from(i % 5)).collect();
        let a = bootstrap_interval(&samples, mean_of, 500, 9);
        let b = bootstrap_interval(&samples, mean_of, 500, 9);
        assert_eq!(a, b);
        assert_eq!(a.value, 2.0);
        assert!(
            a.low < 2.0 && a.high > 2.0 && a.low >= 0.0 && a.high <= 4.0,
            "{a:?}"
        );
        // The normal interval's half-width is 1.96 * sqrt(2 / 40) = 0.44: the bootstrap's is
        // close to it.
        assert!((a.high - a.low - 0.88).abs() < 0.25, "{a:?}");
    }
}
