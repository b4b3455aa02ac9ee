//! The logistic Elo scale, win/draw/loss and pair counts, Elo differences with 95% intervals
//! (trinomial and pentanomial), the likelihood of superiority and mean intervals.

use super::beta::beta_quantile;
use serde::{Deserialize, Serialize};
use std::f64::consts::{LN_10, PI};

/// The 0.975 quantile of the standard normal distribution: a two-sided 95% interval is
/// `mean ± Z95 * standard_error`.
pub const Z95: f64 = 1.959963984540054;

/// Elo points per neper: a difference of `d` in natural-log strength is `d * 400 / ln 10` Elo.
pub(super) const ELO_PER_NEPER: f64 = 400.0 / LN_10;

/// Logistic Elo difference of an expected score `s` in (0, 1): `-400 * log10(1/s - 1)`.
///
/// `s = 0.6` gives 70.44, `s = 0.75` gives 190.85. A score of 0 or 1 gives minus or plus
/// infinity; a score outside [0, 1] (or NaN) gives NaN.
pub fn elo_from_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score of a logistic Elo difference: `1 / (1 + 10^(-elo/400))`, the inverse of
/// [`elo_from_score`]. Plus or minus infinity gives 1 or 0.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function `erf(x) = 2/sqrt(pi) * integral_0^x exp(-t^2) dt`, accurate to a few
/// units in the last place.
///
/// For `|x| < 2.5` it sums the series of positive terms
/// `erf(x) = 2/sqrt(pi) * exp(-x^2) * sum_n 2^n x^(2n+1) / (1*3*...*(2n+1))`
/// (Abramowitz & Stegun 7.1.6), which has no cancellation; above, it uses Laplace's continued
/// fraction `erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))`
/// (A&S 7.1.14), evaluated bottom-up with 120 terms. Odd in `x`; 1 beyond 6 (where
/// `erfc < 3e-17`).
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x < 0.0 {
        -erf(-x)
    } else if x < 2.5 {
        let x2 = x * x;
        let (mut term, mut sum, mut n) = (x, x, 0.0);
        while term > sum * f64::EPSILON * 0.25 {
            n += 1.0;
            term *= 2.0 * x2 / (2.0 * n + 1.0);
            sum += term;
        }
        2.0 / PI.sqrt() * (-x2).exp() * sum
    } else if x < 6.0 {
        let mut f = x;
        for k in (1..=120).rev() {
            f = x + 0.5 * f64::from(k) / f;
        }
        1.0 - (-x * x).exp() / (PI.sqrt() * f)
    } else {
        1.0
    }
}

/// Win / draw / loss counts of agent A.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    /// Number of games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Mean points per game, `(wins + draws/2) / games`; NaN when there are no games.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }

    /// Records one game by A's points times two: 2 a win, 1 a draw, 0 a loss.
    ///
    /// # Panics
    /// On any other value.
    pub fn add(&mut self, points_times_two: u8) {
        match points_times_two {
            2 => self.wins += 1,
            1 => self.draws += 1,
            0 => self.losses += 1,
            other => panic!("a game scores 0, 1 or 2 half-points, not {other}"),
        }
    }
}

/// Pair results: `self.0[k]` is the number of pairs in which A scored `k/2` points (out of 2),
/// so the bins are loss-loss, loss-draw, draw-draw or win-loss, win-draw, win-win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Mean points *per game*, `sum_k k * count_k / (4 * pairs)`; NaN when there are no pairs.
    pub fn score(&self) -> f64 {
        let half_points: u64 = self.0.iter().zip(0u64..).map(|(&c, k)| c * k).sum();
        half_points as f64 / (4 * self.pairs()) as f64
    }

    /// Records one pair by A's points over the pair times two (0 to 4).
    ///
    /// # Panics
    /// On a value above 4.
    pub fn add(&mut self, pair_points_times_two: u8) {
        assert!(
            pair_points_times_two <= 4,
            "a pair scores 0 to 4 half-points, not {pair_points_times_two}"
        );
        self.0[usize::from(pair_points_times_two)] += 1;
    }
}

/// A point estimate with a two-sided 95% interval `[low, high]`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    const NAN: Estimate = Estimate {
        value: f64::NAN,
        low: f64::NAN,
        high: f64::NAN,
    };
}

/// Elo estimate from a discrete distribution of per-game scores: `(score, count)` outcomes.
///
/// Mean `mu = sum c*x / n`, variance `var = sum c*(x - mu)^2 / n`, standard error
/// `sqrt(var / n)`; the interval `mu ± Z95 * se` on the score scale (clamped to [0, 1]) is
/// mapped through [`elo_from_score`], so it is not symmetric in Elo.
fn elo_estimate(outcomes: &[(f64, u64)]) -> Estimate {
    let n: u64 = outcomes.iter().map(|&(_, c)| c).sum();
    if n == 0 {
        return Estimate::NAN;
    }
    let n = n as f64;
    let mu = outcomes.iter().map(|&(x, c)| x * c as f64).sum::<f64>() / n;
    let var = outcomes
        .iter()
        .map(|&(x, c)| c as f64 * (x - mu).powi(2))
        .sum::<f64>()
        / n;
    let half_width = Z95 * (var / n).sqrt();
    Estimate {
        value: elo_from_score(mu),
        low: elo_from_score((mu - half_width).clamp(0.0, 1.0)),
        high: elo_from_score((mu + half_width).clamp(0.0, 1.0)),
    }
}

/// Elo difference of A over B with a 95% interval from game results, as cutechess-cli computes
/// it (`Elo::Elo`, `Elo::errorMargin` in `projects/lib/src/elo.cpp`).
///
/// Per-game score `mu = (w + d/2)/n`; the trinomial standard deviation
/// `sigma = sqrt(w/n*(1-mu)^2 + d/n*(1/2-mu)^2 + l/n*mu^2)`, standard error `sigma/sqrt(n)`; the
/// interval is `elo_from_score(mu ± Z95 * sigma/sqrt(n))` (cutechess prints half its width as
/// "±"; its normal quantile comes from an approximate inverse error function, 1.95716 instead
/// of 1.95996, so its printed margin is about 0.14% narrower). A score of 0 or 1 gives infinite
/// values; no games give NaN.
///
/// This treats games as independent: for seat-swapped pairs prefer [`elo_pentanomial`].
pub fn elo_trinomial(wdl: &Wdl) -> Estimate {
    elo_estimate(&[(1.0, wdl.wins), (0.5, wdl.draws), (0.0, wdl.losses)])
}

/// Elo difference of A over B with a 95% interval from pair results, as fastchess computes it
/// (`EloPentanomial` in `elo_pentanomial.cpp`), except at the boundary (below).
///
/// Each pair's per-game score is `x_k = k/4` (pair points / 2); with `N` pairs and `p_k` the
/// fraction of pairs in bin `k`, `mu = sum p_k x_k`, `sigma^2 = sum p_k (x_k - mu)^2`, standard
/// error `sigma / sqrt(N)`, interval `elo_from_score(mu ± Z95 * sigma/sqrt(N))`. No pairs give NaN.
///
/// **At the boundary** ([`IntervalMethod::Jeffreys`]: every pair in one bin, so `sigma = 0`,
/// which includes every 100% and 0% score; or the normal interval reaching a score of 0 or 1)
/// the normal approximation fails: it would give an infinite estimate or bound, or a zero-width
/// interval. There the estimate and interval come from the Jeffreys posterior of the per-game
/// score instead: the `2N` games counted as Bernoulli trials with `s` points (a draw half a
/// point), prior Beta(½, ½), posterior Beta(s + ½, 2N − s + ½); the estimate is the Elo of the
/// posterior mean `(s + ½) / (2N + 1)` (one virtual draw added: the kind of prior BayesElo uses), the
/// interval the Elo of its 2.5% and 97.5% quantiles (the equal-tailed Jeffreys interval, Brown,
/// Cai & DasGupta 2001, without their convention of setting the bound to 1 at `s = 2N`). Both
/// are finite for any number of games.
pub fn elo_pentanomial(p: &Pentanomial) -> Estimate {
    match score_model(p) {
        None => Estimate::NAN,
        Some(ScoreModel::Normal { mu, se, .. }) => Estimate {
            value: elo_from_score(mu),
            low: elo_from_score((mu - Z95 * se).clamp(0.0, 1.0)),
            high: elo_from_score((mu + Z95 * se).clamp(0.0, 1.0)),
        },
        Some(ScoreModel::Jeffreys { a, b }) => {
            let elo = |(s, one_minus_s): (f64, f64)| ELO_PER_NEPER * (s / one_minus_s).ln();
            Estimate {
                value: elo((a / (a + b), b / (a + b))),
                low: elo(beta_quantile(a, b, 0.025)),
                high: elo(beta_quantile(a, b, 0.975)),
            }
        }
    }
}

/// Normalized Elo of A over B with a 95% interval, as fastchess computes it from pair results
/// (`scoreToNeloDiff` in `elo_pentanomial.cpp`): `nElo = (mu - 1/2) / sqrt(2 sigma^2) * 800 / ln 10`
/// with `mu`, `sigma^2` the mean and variance of the per-game pair score of
/// [`elo_pentanomial`]; the interval maps `mu ± Z95 * sigma/sqrt(N)` the same way (a linear
/// map, so it is `nElo ± Z95 * 800 / (ln 10 * sqrt(2N))`, not clamped). nElo measures the
/// difference in units of the match's own noise, so it does not depend on the draw rate as Elo
/// does (Van den Bergh, "Normalized Elo"). No pairs give NaN.
///
/// At the boundary (see [`elo_pentanomial`]) `mu` is the Jeffreys posterior mean `m`,
/// `2 sigma^2` is `m (1 - m)` (two independent games of score `m`), and the interval maps the
/// posterior's 2.5% and 97.5% quantiles: finite, where `sigma = 0` would divide by zero.
pub fn nelo_pentanomial(p: &Pentanomial) -> Estimate {
    const NELO_PER_SIGMA: f64 = 2.0 * ELO_PER_NEPER;
    match score_model(p) {
        None => Estimate::NAN,
        Some(ScoreModel::Normal { mu, se, var }) => {
            let nelo = |s: f64| (s - 0.5) / (2.0 * var).sqrt() * NELO_PER_SIGMA;
            Estimate {
                value: nelo(mu),
                low: nelo(mu - Z95 * se),
                high: nelo(mu + Z95 * se),
            }
        }
        Some(ScoreModel::Jeffreys { a, b }) => {
            let m = a / (a + b);
            let nelo = |s: f64| (s - 0.5) / (m * (1.0 - m)).sqrt() * NELO_PER_SIGMA;
            Estimate {
                value: nelo(m),
                low: nelo(beta_quantile(a, b, 0.025).0),
                high: nelo(beta_quantile(a, b, 0.975).0),
            }
        }
    }
}

/// How [`elo_pentanomial`] and [`nelo_pentanomial`] compute their intervals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IntervalMethod {
    /// The normal approximation from the pentanomial variance (fastchess).
    Normal,
    /// The Jeffreys posterior of the per-game score, at the boundary.
    Jeffreys,
}

impl IntervalMethod {
    /// `normal` or `jeffreys`.
    pub fn name(self) -> &'static str {
        match self {
            IntervalMethod::Normal => "normal",
            IntervalMethod::Jeffreys => "jeffreys",
        }
    }
}

/// Which interval [`elo_pentanomial`] uses for `p` (`None` without pairs).
pub fn interval_method(p: &Pentanomial) -> Option<IntervalMethod> {
    score_model(p).map(|m| match m {
        ScoreModel::Normal { .. } => IntervalMethod::Normal,
        ScoreModel::Jeffreys { .. } => IntervalMethod::Jeffreys,
    })
}

/// The per-game score of pair results: its normal approximation, or at the boundary the
/// Jeffreys posterior Beta(a, b).
enum ScoreModel {
    Normal { mu: f64, var: f64, se: f64 },
    Jeffreys { a: f64, b: f64 },
}

fn score_model(p: &Pentanomial) -> Option<ScoreModel> {
    let pairs = p.pairs();
    if pairs == 0 {
        return None;
    }
    let n = pairs as f64;
    let mu = p.score();
    let var = (0..5)
        .map(|k| p.0[k] as f64 * (PAIR_SCORES[k] - mu).powi(2))
        .sum::<f64>()
        / n;
    let se = (var / n).sqrt();
    if var > 0.0 && mu - Z95 * se > 0.0 && mu + Z95 * se < 1.0 {
        return Some(ScoreModel::Normal { mu, var, se });
    }
    // Points of the 2N games: the half-points of every pair over 2.
    let points: u64 = p.0.iter().zip(0u64..).map(|(&c, k)| c * k).sum::<u64>();
    let points = points as f64 / 2.0;
    Some(ScoreModel::Jeffreys {
        a: points + 0.5,
        b: 2.0 * n - points + 0.5,
    })
}

/// Likelihood of superiority, the probability that A is stronger than B (cutechess-cli's
/// `Elo::LOS`): `0.5 * (1 + erf((w - l) / sqrt(2 (w + l))))`. Draws carry no information; 0.5
/// when `w + l = 0`.
pub fn los(wdl: &Wdl) -> f64 {
    let decisive = (wdl.wins + wdl.losses) as f64;
    if decisive == 0.0 {
        return 0.5;
    }
    let margin = wdl.wins as f64 - wdl.losses as f64;
    0.5 * (1.0 + erf(margin / (2.0 * decisive).sqrt()))
}

/// Sample mean with a 95% normal interval `mean ± Z95 * s / sqrt(n)`, `s` the sample standard
/// deviation (divisor `n - 1`). An empty slice gives NaN fields; a single sample a zero-width
/// interval.
pub fn mean_interval(samples: &[f64]) -> Estimate {
    let n = samples.len() as f64;
    match samples {
        [] => Estimate::NAN,
        [x] => Estimate {
            value: *x,
            low: *x,
            high: *x,
        },
        _ => {
            let mean = samples.iter().sum::<f64>() / n;
            let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            let half_width = Z95 * (var / n).sqrt();
            Estimate {
                value: mean,
                low: mean - half_width,
                high: mean + half_width,
            }
        }
    }
}

/// Per-game scores of the pentanomial bins.
pub(super) const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
