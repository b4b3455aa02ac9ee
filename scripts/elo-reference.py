#!/usr/bin/env python3
"""Reference values for `elo_pentanomial` and `nelo_pentanomial` (tests/stats.rs).

An independent Python implementation (NumPy/SciPy) of

* fastchess's pentanomial Elo and normalized Elo (`EloPentanomial` in
  app/src/matchmaking/elo/elo_pentanomial.cpp): per-game pair scores 0, 1/4, 1/2, 3/4, 1;
  mu and sigma^2 their mean and variance over N pairs; Elo = -400 log10(1/mu - 1), interval
  from mu +- z sqrt(sigma^2 / N); nElo = (mu - 1/2) / sqrt(2 sigma^2) * 800 / ln 10, the same
  map applied to the score bounds;
* the toolkit's boundary rule: when sigma = 0 or mu +- z se leaves (0, 1), the 2N games are
  Bernoulli trials with s points and the posterior under the Jeffreys prior is
  Beta(s + 1/2, 2N - s + 1/2): estimate from its mean, interval from its 2.5% / 97.5%
  quantiles (scipy.stats.beta.ppf / isf), nElo with 2 sigma^2 = m (1 - m).

Usage: python3 scripts/elo-reference.py  (prints the vectors used by the tests)
"""
import math

from scipy.stats import beta, norm

Z = norm.ppf(0.975)
SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]
NELO = 800.0 / math.log(10.0)


def elo(s):
    return -400.0 * math.log10(1.0 / s - 1.0)


def elo_odds(s, one_minus_s):
    return 400.0 * math.log10(s / one_minus_s)


def reference(counts):
    n = sum(counts)
    mu = sum(c * x for c, x in zip(counts, SCORES)) / n
    var = sum(c * (x - mu) ** 2 for c, x in zip(counts, SCORES)) / n
    se = math.sqrt(var / n)
    if var > 0 and mu - Z * se > 0 and mu + Z * se < 1:
        lo, hi = mu - Z * se, mu + Z * se
        nelo = lambda s: (s - 0.5) / math.sqrt(2 * var) * NELO
        return "normal", (elo(mu), elo(lo), elo(hi)), (nelo(mu), nelo(lo), nelo(hi))
    points = sum(c * k for c, k in zip(counts, range(5))) / 2.0
    a, b = points + 0.5, 2 * n - points + 0.5
    m = a / (a + b)
    # Upper quantiles through the complement (isf of the mirrored law) keep 1 - q exact.
    lo, lo_c = beta.ppf(0.025, a, b), beta.ppf(0.975, b, a)
    hi, hi_c = beta.ppf(0.975, a, b), beta.ppf(0.025, b, a)
    nelo = lambda s: (s - 0.5) / math.sqrt(m * (1 - m)) * NELO
    return (
        "jeffreys",
        (elo_odds(m, 1 - m), elo_odds(lo, lo_c), elo_odds(hi, hi_c)),
        (nelo(m), nelo(lo), nelo(hi)),
    )


CASES = [
    [531, 1096, 2084, 1150, 663],
    [4, 14, 58, 76, 91],
    [1, 2, 4, 2, 1],
    [0, 0, 0, 0, 10],
    [10, 0, 0, 0, 0],
    [0, 0, 0, 0, 1],
    [0, 0, 0, 0, 500],
    [0, 0, 7, 0, 0],
    [0, 0, 0, 3, 0],
    [0, 0, 0, 1, 99],
]

if __name__ == "__main__":
    for c in CASES:
        method, e, ne = reference(c)
        print(
            f"({c}, \"{method}\", [{e[0]:.6f}, {e[1]:.6f}, {e[2]:.6f}], "
            f"[{ne[0]:.6f}, {ne[1]:.6f}, {ne[2]:.6f}]),"
        )
