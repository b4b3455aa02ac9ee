//! The generalized sequential probability ratio test on pentanomial pair results (fastchess).

use super::elo::PAIR_SCORES;
use super::{score_from_elo, Pentanomial};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

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
