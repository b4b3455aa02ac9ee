//! The beta distribution: the regularized incomplete beta function and its quantiles, for the
//! Jeffreys posterior of a score (see [`super::elo_pentanomial`]).

use std::f64::consts::PI;

/// `ln Γ(x)` for `x > 0`: the Lanczos approximation with `g = 7` and nine coefficients
/// (relative error about 1e-15), with the reflection formula below 1/2.
pub(super) fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        return (PI / (PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + G + 0.5;
    let sum = C[1..]
        .iter()
        .enumerate()
        .fold(C[0], |s, (i, c)| s + c / (x + i as f64 + 1.0));
    0.5 * (2.0 * PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// The continued fraction of the incomplete beta function (modified Lentz), which converges
/// fast for `x < (a + 1) / (a + b + 2)`.
fn beta_fraction(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..10_000 {
        let m = f64::from(m);
        let m2 = 2.0 * m;
        for aa in [
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ] {
            d = 1.0 + aa * d;
            if d.abs() < TINY {
                d = TINY;
            }
            c = 1.0 + aa / c;
            if c.abs() < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            h *= d * c;
            if (d * c - 1.0).abs() < 1e-16 {
                return h;
            }
        }
    }
    h
}

/// The regularized incomplete beta function `I_x(a, b)` (the distribution function of
/// Beta(a, b) at `x`) and its complement `1 - I_x(a, b)`, each computed without cancellation;
/// `a, b > 0`, `x` in [0, 1].
fn beta_cdf(a: f64, b: f64, x: f64) -> (f64, f64) {
    if x <= 0.0 {
        return (0.0, 1.0);
    }
    if x >= 1.0 {
        return (1.0, 0.0);
    }
    let ln_front = a * x.ln() + b * (-x).ln_1p() - (ln_gamma(a) + ln_gamma(b) - ln_gamma(a + b));
    if x < (a + 1.0) / (a + b + 2.0) {
        let p = ln_front.exp() * beta_fraction(a, b, x) / a;
        (p, 1.0 - p)
    } else {
        let q = ln_front.exp() * beta_fraction(b, a, 1.0 - x) / b;
        (1.0 - q, q)
    }
}

/// The `p`-quantile `x` of Beta(a, b) (`I_x(a, b) = p`, `0 < p < 1`), returned with `1 - x`,
/// both to full relative precision even when `x` is within 1e-12 of 0 or 1: the lower half is
/// found by bisection on `ln x`, the upper half as one minus the `1 - p` quantile of
/// Beta(b, a).
pub(super) fn beta_quantile(a: f64, b: f64, p: f64) -> (f64, f64) {
    let lower_half = beta_cdf(a, b, 0.5).0;
    if p > lower_half {
        let (y, x) = beta_quantile(b, a, 1.0 - p);
        return (x, y);
    }
    // I_x(a, b) increases with x; the quantile lies in (0, 1/2].
    let (mut lo, mut hi) = (-745.0f64, 0.5f64.ln());
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if beta_cdf(a, b, mid.exp()).0 < p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = (0.5 * (lo + hi)).exp();
    (x, 1.0 - x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln_gamma_known_values() {
        // Γ(1) = Γ(2) = 1, Γ(5) = 24, Γ(1/2) = √π.
        assert!(ln_gamma(1.0).abs() < 1e-14);
        assert!(ln_gamma(2.0).abs() < 1e-14);
        assert!((ln_gamma(5.0) - 24f64.ln()).abs() < 1e-13);
        assert!((ln_gamma(0.5) - PI.sqrt().ln()).abs() < 1e-14);
    }

    #[test]
    fn beta_cdf_closed_forms() {
        // Beta(1, 1) is uniform; Beta(2, 1) has I_x = x²; Beta(1/2, 1/2) is the arcsine law,
        // I_x = (2/π) asin(√x).
        assert!((beta_cdf(1.0, 1.0, 0.3).0 - 0.3).abs() < 1e-14);
        assert!((beta_cdf(2.0, 1.0, 0.3).0 - 0.09).abs() < 1e-14);
        let arcsine = 2.0 / PI * 0.2f64.sqrt().asin();
        assert!((beta_cdf(0.5, 0.5, 0.2).0 - arcsine).abs() < 1e-13);
        // Quantiles invert it: the median of the arcsine law is 1/2, its 0.25-quantile
        // sin²(π/8).
        let (x, y) = beta_quantile(0.5, 0.5, 0.25);
        assert!((x - (PI / 8.0).sin().powi(2)).abs() < 1e-13);
        assert!((x + y - 1.0).abs() < 1e-15);
    }
}
