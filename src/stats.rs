//! Statistics of engine matches, as cutechess-cli and fastchess report them.
//!
//! A match is played between agent A and agent B, usually in *pairs* of games with the seats
//! swapped (the same opening, each agent moving first once). Every score here is from A's point
//! of view: a win is 1, a draw 0.5, a loss 0.
//!
//! * [`elo_from_score`] / [`score_from_elo`]: the logistic Elo scale, `s = 1 / (1 + 10^(-elo/400))`.
//! * [`elo_trinomial`]: Elo difference with a 95% interval from win / draw / loss counts, as
//!   cutechess-cli computes it (`projects/lib/src/elo.cpp`).
//! * [`elo_pentanomial`]: the same from pair results, as fastchess computes it
//!   (`elo_pentanomial.cpp`); the pair is the independent unit, so this interval is the right
//!   one (and usually narrower) when the games came in seat-swapped pairs.
//! * [`los`]: likelihood of superiority (cutechess-cli).
//! * [`sprt`]: the generalized sequential probability ratio test on pair results (fastchess,
//!   after Michel Van den Bergh's notes).
//! * [`bradley_terry`]: maximum-likelihood ratings of several players (Hunter 2004).
//! * [`mean_interval`]: a mean with a 95% normal interval, for any per-game quantity.
//!
//! Everything is a pure function: no I/O, no global state.

use serde::{Deserialize, Serialize};
use std::f64::consts::{LN_10, PI};
use std::fmt;
use std::str::FromStr;

/// The 0.975 quantile of the standard normal distribution: a two-sided 95% interval is
/// `mean ± Z95 * standard_error`.
pub const Z95: f64 = 1.959963984540054;

/// Elo points per neper: a difference of `d` in natural-log strength is `d * 400 / ln 10` Elo.
const ELO_PER_NEPER: f64 = 400.0 / LN_10;

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
/// (`EloPentanomial` in `elo_pentanomial.cpp`).
///
/// Each pair's per-game score is `x_k = k/4` (pair points / 2); with `N` pairs and `p_k` the
/// fraction of pairs in bin `k`, `mu = sum p_k x_k`, `sigma^2 = sum p_k (x_k - mu)^2`, standard
/// error `sigma / sqrt(N)`, interval `elo_from_score(mu ± Z95 * sigma/sqrt(N))`. No pairs give NaN.
pub fn elo_pentanomial(p: &Pentanomial) -> Estimate {
    let outcomes: [(f64, u64); 5] = std::array::from_fn(|k| (PAIR_SCORES[k], p.0[k]));
    elo_estimate(&outcomes)
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

/// Parameters of a sequential probability ratio test: H0 "A is `elo0` stronger", H1 "A is
/// `elo1` stronger" (logistic Elo), false-positive rate `alpha`, false-negative rate `beta`.
///
/// Parsed from `"elo0=0,elo1=10,alpha=0.05,beta=0.05"` (keys in any order, `alpha` and `beta`
/// default to 0.05); [`fmt::Display`] writes the same form.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl SprtParams {
    /// Checks the parameters as fastchess does: finite bounds whose scores are strictly inside
    /// (0, 1), `elo0 < elo1`, `alpha` and `beta` in (0, 1) with `alpha + beta < 1`.
    pub fn validate(&self) -> Result<(), String> {
        for (key, elo) in [("elo0", self.elo0), ("elo1", self.elo1)] {
            let s = score_from_elo(elo);
            if !(elo.is_finite() && s > 0.0 && s < 1.0) {
                return Err(format!(
                    "`{key}` must be a finite Elo difference, got {elo}"
                ));
            }
        }
        for (key, rate) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(rate > 0.0 && rate < 1.0) {
                return Err(format!("`{key}` must be in (0, 1), got {rate}"));
            }
        }
        if self.alpha + self.beta >= 1.0 {
            return Err(format!(
                "alpha + beta must be less than 1, got {}",
                self.alpha + self.beta
            ));
        }
        if self.elo1 <= self.elo0 {
            return Err(format!(
                "elo1 must be greater than elo0, got elo0={} elo1={}",
                self.elo0, self.elo1
            ));
        }
        Ok(())
    }
}

impl FromStr for SprtParams {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, None, None);
        for item in s.split(',') {
            let Some((key, value)) = item.split_once('=') else {
                return Err(format!(
                    "expected `key=value` in SPRT parameters, found `{}`",
                    item.trim()
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            let slot = match key {
                "elo0" => &mut elo0,
                "elo1" => &mut elo1,
                "alpha" => &mut alpha,
                "beta" => &mut beta,
                _ => {
                    return Err(format!(
                        "unknown SPRT key `{key}` (expected elo0, elo1, alpha, beta)"
                    ))
                }
            };
            if slot.is_some() {
                return Err(format!("SPRT key `{key}` given twice"));
            }
            let parsed = value
                .parse::<f64>()
                .map_err(|_| format!("`{key}`: `{value}` is not a number"))?;
            *slot = Some(parsed);
        }
        let params = SprtParams {
            elo0: elo0.ok_or("missing SPRT key `elo0`")?,
            elo1: elo1.ok_or("missing SPRT key `elo1`")?,
            alpha: alpha.unwrap_or(0.05),
            beta: beta.unwrap_or(0.05),
        };
        params.validate()?;
        Ok(params)
    }
}

impl fmt::Display for SprtParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// Outcome of an SPRT so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SprtVerdict {
    /// The log-likelihood ratio fell to the lower bound: the results favour `elo0` over `elo1`.
    AcceptH0,
    /// The log-likelihood ratio reached the upper bound: the results favour `elo1` over `elo0`.
    AcceptH1,
    /// Keep playing.
    Continue,
}

/// The log-likelihood ratio of an SPRT, its stopping bounds and the verdict.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtState {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub verdict: SprtVerdict,
}

/// Generalized SPRT on pentanomial pair results with logistic Elo bounds, as fastchess computes
/// it (`SPRT::getLLR` and `getLLR_logistic` in `sprt.cpp`, model `logistic`).
///
/// The bins are regularized as fastchess does: an empty bin counts as 0.001 pairs, which keeps
/// every log finite (a stream of only won pairs still crosses the upper bound after about a
/// hundred pairs for `[0, 10]`; no NaN). With `N` the regularized number of pairs, `p̂_k` the
/// bin fractions, `a_k = k/4` the per-game scores of the bins and `s_i = score_from_elo(elo_i)`:
///
/// `LLR = N * sum_k p̂_k * ln(p1_k / p0_k)`,
///
/// where `p_i` is the maximum-likelihood pentanomial distribution with mean score `s_i`. By
/// Proposition 1.1 of Van den Bergh, "Comments on Normalized Elo", it is
/// `p_k = p̂_k / (1 + theta * (a_k - s))` with `theta` the root in `(-1/(1-s), 1/s)` of the
/// decreasing function `sum_k p̂_k (a_k - s) / (1 + theta (a_k - s))`, found here by bisection
/// to machine precision. To second order this is the mean-and-variance approximation of
/// Van den Bergh's GSPRT note, `LLR ≈ N (s1 - s0)(2 mu - s0 - s1) / (2 sigma^2)` with `mu`,
/// `sigma^2` the pentanomial mean and variance of the per-game pair score (earlier fastchess
/// versions used that formula; it breaks down when the variance is near zero).
///
/// Bounds (Wald): `lower = ln(beta / (1 - alpha))`, `upper = ln((1 - beta) / alpha)`; the verdict
/// is `AcceptH1` when `llr >= upper`, `AcceptH0` when `llr <= lower`. No pairs give `llr = 0`.
///
/// # Panics
/// If `params` fails [`SprtParams::validate`] (parsed parameters always pass).
pub fn sprt(p: &Pentanomial, params: &SprtParams) -> SprtState {
    if let Err(e) = params.validate() {
        panic!("invalid SPRT parameters {params}: {e}");
    }
    let lower = (params.beta / (1.0 - params.alpha)).ln();
    let upper = ((1.0 - params.beta) / params.alpha).ln();
    let llr = if p.pairs() == 0 {
        0.0
    } else {
        gsprt_llr(
            &p.0,
            score_from_elo(params.elo0),
            score_from_elo(params.elo1),
        )
    };
    let verdict = if llr >= upper {
        SprtVerdict::AcceptH1
    } else if llr <= lower {
        SprtVerdict::AcceptH0
    } else {
        SprtVerdict::Continue
    };
    SprtState {
        llr,
        lower,
        upper,
        verdict,
    }
}

/// Per-game scores of the pentanomial bins.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The GSPRT log-likelihood ratio of [`sprt`] for score bounds `s0 < s1` in (0, 1).
fn gsprt_llr(counts: &[u64; 5], s0: f64, s1: f64) -> f64 {
    let regularized = counts.map(|c| if c == 0 { 1e-3 } else { c as f64 });
    let total: f64 = regularized.iter().sum();
    let phat = regularized.map(|c| c / total);
    let p0 = mle_with_mean(&phat, s0);
    let p1 = mle_with_mean(&phat, s1);
    total
        * (0..5)
            .map(|k| phat[k] * (p1[k].ln() - p0[k].ln()))
            .sum::<f64>()
}

/// The distribution on [`PAIR_SCORES`] of mean `s` that maximizes `sum_k phat_k ln p_k`
/// (Van den Bergh, "Comments on Normalized Elo", Proposition 1.1).
fn mle_with_mean(phat: &[f64; 5], s: f64) -> [f64; 5] {
    let f = |theta: f64| -> f64 {
        (0..5)
            .map(|k| phat[k] * (PAIR_SCORES[k] - s) / (1.0 + theta * (PAIR_SCORES[k] - s)))
            .sum()
    };
    // f decreases from +inf at -1/(1-s) to -inf at 1/s.
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = 0.5 * (lo + hi);
    std::array::from_fn(|k| phat[k] / (1.0 + theta * (PAIR_SCORES[k] - s)))
}

/// Bradley–Terry maximum-likelihood ratings on the Elo scale from a round of matches.
///
/// `points[i][j]` is what player `i` scored against player `j` (a draw is half a point to each)
/// and `games[i][j]` the number of games between them, so `points[i][j] + points[j][i] =
/// games[i][j]`, `games` is symmetric and the diagonals are zero. Player `i` has strength
/// `gamma_i = exp(theta_i)`, scores `gamma_i / (gamma_i + gamma_j)` per game against `j`, and
/// rating `theta_i * 400 / ln 10` (= `400 log10 gamma_i`); player 0 is anchored at 0. With two
/// players the rating of player 1 is `elo_from_score` of its score against player 0.
///
/// The likelihood `prod_{i<j} gamma_i^w_ij gamma_j^w_ji / (gamma_i + gamma_j)^n_ij` (draws as
/// half wins) is maximized by Newton's method on `theta` with a backtracking line search (it is
/// concave; Hunter 2004, "MM algorithms for generalized Bradley–Terry models", gives the
/// existence condition and the MM alternative). The 95% intervals are `value ± Z95 * se` with
/// `se` from the inverse of the Fisher information `I_ii = sum_j n_ij p_ij (1 - p_ij)`,
/// `I_ij = -n_ij p_ij (1 - p_ij)` over the players other than 0 (observed and expected
/// information coincide for this model); player 0 gets the zero-width interval `[0, 0]`.
///
/// The MLE is finite only when the "scored against" graph (`i -> j` when `points[i][j] > 0`) is
/// strongly connected (Hunter's Assumption 1). Otherwise the players in player 0's strongly
/// connected component are fitted on the games among themselves, and every other player is
/// infinitely far: `+inf` (value and interval) if it is above player 0's component (it reaches
/// it through the graph but not the other way round), `-inf` if below, and a NaN value with the
/// interval `[-inf, +inf]` if neither (its rating relative to player 0 is not determined). For
/// example a player who won all its games is `+inf`.
///
/// Errors: matrices that are not square of one size, or inconsistent (negative or non-finite
/// points, asymmetric games, `points[i][j] + points[j][i] != games[i][j]`, non-zero diagonal);
/// a comparison graph (`games[i][j] > 0`) that is not connected, naming the first player with
/// no chain of games to player 0.
pub fn bradley_terry(points: &[Vec<f64>], games: &[Vec<u64>]) -> Result<Vec<Estimate>, String> {
    let n = points.len();
    check_matrices(points, games)?;
    if n == 0 {
        return Ok(Vec::new());
    }

    // Connectivity of the comparison graph, from player 0.
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if games[i][j] > 0 && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    if let Some(k) = seen.iter().position(|&s| !s) {
        return Err(format!(
            "player {k} has no chain of games to player 0: the comparison graph is not connected"
        ));
    }

    // Transitive closure of "i scored against j" (Floyd–Warshall).
    let mut reach: Vec<Vec<bool>> = (0..n)
        .map(|i| (0..n).map(|j| i == j || points[i][j] > 0.0).collect())
        .collect();
    for k in 0..n {
        let via_k = reach[k].clone();
        for row in reach.iter_mut().filter(|row| row[k]) {
            for (r, &v) in row.iter_mut().zip(&via_k) {
                *r |= v;
            }
        }
    }

    let members: Vec<usize> = (0..n).filter(|&i| reach[0][i] && reach[i][0]).collect();
    let (theta, se) = fit_bradley_terry(&members, points, games)?;

    // Players outside player 0's component are infinitely far above or below it, or not
    // comparable with it at all; the members get their fitted ratings.
    let inf = f64::INFINITY;
    let mut ratings: Vec<Estimate> = (0..n)
        .map(|i| match (reach[i][0], reach[0][i]) {
            (true, false) => Estimate {
                value: inf,
                low: inf,
                high: inf,
            },
            (false, true) => Estimate {
                value: -inf,
                low: -inf,
                high: -inf,
            },
            _ => Estimate {
                value: f64::NAN,
                low: -inf,
                high: inf,
            },
        })
        .collect();
    for ((&i, t), s) in members.iter().zip(&theta).zip(&se) {
        let value = t * ELO_PER_NEPER;
        let half_width = Z95 * s * ELO_PER_NEPER;
        ratings[i] = Estimate {
            value,
            low: value - half_width,
            high: value + half_width,
        };
    }
    Ok(ratings)
}

/// Checks the shapes and the consistency of the Bradley–Terry input.
fn check_matrices(points: &[Vec<f64>], games: &[Vec<u64>]) -> Result<(), String> {
    let n = points.len();
    if games.len() != n {
        return Err(format!(
            "`points` has {n} rows but `games` has {}",
            games.len()
        ));
    }
    for i in 0..n {
        if points[i].len() != n || games[i].len() != n {
            return Err(format!(
                "row {i} of `points` or `games` does not have {n} entries"
            ));
        }
    }
    for i in 0..n {
        if games[i][i] != 0 || points[i][i] != 0.0 {
            return Err(format!("player {i} has games against itself"));
        }
        for j in 0..n {
            let (p, g) = (points[i][j], games[i][j]);
            if games[j][i] != g {
                return Err(format!(
                    "games[{i}][{j}] = {g} but games[{j}][{i}] = {}",
                    games[j][i]
                ));
            }
            if !(p.is_finite() && p >= 0.0) {
                return Err(format!(
                    "points[{i}][{j}] = {p} is not a non-negative number"
                ));
            }
            let total = p + points[j][i];
            if (total - g as f64).abs() > 1e-9 * (g as f64).max(1.0) {
                return Err(format!(
                    "points[{i}][{j}] + points[{j}][{i}] = {total} but {g} games were played"
                ));
            }
        }
    }
    Ok(())
}

/// Newton fit of the Bradley–Terry model on the players `members` (sorted, `members[0] = 0`,
/// strongly connected) using only the games among them. Returns log-strengths (player 0 at 0)
/// and their standard errors.
fn fit_bradley_terry(
    members: &[usize],
    points: &[Vec<f64>],
    games: &[Vec<u64>],
) -> Result<(Vec<f64>, Vec<f64>), String> {
    let m = members.len();
    // Points and games of member `a` against member `b`.
    let pair = |a: usize, b: usize| {
        let (i, j) = (members[a], members[b]);
        (points[i][j], games[i][j] as f64)
    };
    let sigmoid = |d: f64| 1.0 / (1.0 + (-d).exp());
    // ln sigmoid(d) = -ln(1 + e^-d), without overflow.
    let log_sigmoid = |d: f64| -((-d).max(0.0) + (-d.abs()).exp().ln_1p());
    // sum over ordered pairs of w_ab ln p_ab, p_ab = sigmoid(theta_a - theta_b).
    let log_likelihood = |theta: &[f64]| -> f64 {
        let mut ll = 0.0;
        for a in 0..m {
            for b in (0..m).filter(|&b| b != a) {
                let (w_ab, _) = pair(a, b);
                if w_ab > 0.0 {
                    ll += w_ab * log_sigmoid(theta[a] - theta[b]);
                }
            }
        }
        ll
    };
    // Gradient and Fisher information over the free players 1..m. The gradient term
    // w_ab - n_ab p_ab is computed as n_ab q_ab - w_ba (q = 1 - p) when p > 1/2, which avoids
    // the cancellation of two large numbers in lopsided match-ups.
    let derivatives = |theta: &[f64]| -> (Vec<f64>, Vec<Vec<f64>>) {
        let mut grad = vec![0.0; m - 1];
        let mut info = vec![vec![0.0; m - 1]; m - 1];
        for a in 1..m {
            for b in (0..m).filter(|&b| b != a) {
                let (w_ab, n_ab) = pair(a, b);
                if n_ab == 0.0 {
                    continue;
                }
                let (p, q) = (sigmoid(theta[a] - theta[b]), sigmoid(theta[b] - theta[a]));
                grad[a - 1] += if p <= 0.5 {
                    w_ab - n_ab * p
                } else {
                    n_ab * q - pair(b, a).0
                };
                let v = n_ab * p * q;
                info[a - 1][a - 1] += v;
                if b > 0 {
                    info[a - 1][b - 1] -= v;
                }
            }
        }
        (grad, info)
    };
    let singular = || "singular Fisher information in the Bradley–Terry fit".to_string();

    let mut theta = vec![0.0; m];
    let mut converged = m == 1;
    for _ in 0..200 {
        if converged {
            break;
        }
        let (grad, info) = derivatives(&theta);
        let inverse = invert(info).ok_or_else(singular)?;
        let step: Vec<f64> = inverse
            .iter()
            .map(|row| row.iter().zip(&grad).map(|(a, g)| a * g).sum())
            .collect();
        // Converged when every step is below 1e-10 (in natural-log units) or, for very
        // uncertain ratings, below 1e-10 standard errors.
        converged = (0..m - 1).all(|a| step[a].abs() <= 1e-10 * inverse[a][a].sqrt().max(1.0));
        let slope: f64 = step.iter().zip(&grad).map(|(d, g)| d * g).sum();
        let current = log_likelihood(&theta);
        // Armijo backtracking; a change below the rounding error of the log-likelihood counts
        // as no decrease, so that the last, tiny Newton steps are taken in full.
        let rounding = 16.0 * f64::EPSILON * (current.abs() + 1.0);
        let mut t = 1.0;
        loop {
            let trial: Vec<f64> = std::iter::once(0.0)
                .chain(theta[1..].iter().zip(&step).map(|(x, d)| x + t * d))
                .collect();
            let sufficient = log_likelihood(&trial) >= current + 1e-4 * t * slope - rounding;
            if converged || sufficient || t < 1e-12 {
                theta = trial;
                break;
            }
            t *= 0.5;
        }
    }
    if !converged {
        return Err("the Bradley–Terry fit did not converge".to_string());
    }
    let (_, info) = derivatives(&theta);
    let covariance = invert(info).ok_or_else(singular)?;
    let se = std::iter::once(0.0)
        .chain((0..m - 1).map(|a| covariance[a][a].sqrt()))
        .collect();
    Ok((theta, se))
}

/// Inverse of a square matrix by Gauss–Jordan elimination with partial pivoting; `None` when a
/// pivot is zero or not finite. Used on positive definite information matrices, whose pivots
/// stay positive, so no relative threshold (which extreme but valid weights could trip).
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&r, &s| a[r][col].abs().total_cmp(&a[s][col].abs()))?;
        if !(a[pivot][col].abs() > 0.0 && a[pivot][col].is_finite()) {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..n {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..n {
            if row != col && a[row][col] != 0.0 {
                let factor = a[row][col];
                for j in 0..n {
                    a[row][j] -= factor * a[col][j];
                    inv[row][j] -= factor * inv[col][j];
                }
            }
        }
    }
    Some(inv)
}
