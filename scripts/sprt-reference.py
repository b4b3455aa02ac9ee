#!/usr/bin/env python3
"""Reference values for `mancala::arena::stats::sprt` (tests/stats.rs).

An independent plain-Python implementation of fastchess's pentanomial GSPRT with the logistic
model (fastchess `SPRT::getLLR` / `getLLR_logistic`, after Michel Van den Bergh, "Comments on
Normalized Elo", Proposition 1.1):

* empty bins are regularized to 0.001 pairs, like fastchess's `regularize`;
* for each hypothesis score s_i = 1 / (1 + 10^(-elo_i/400)) the maximum-likelihood pentanomial
  distribution with mean s_i is p_k = phat_k / (1 + theta (a_k - s_i)), a_k = k/4, where theta
  minimizes the convex dual D(theta) = -sum_k phat_k log(1 + theta (a_k - s_i)); here found by
  damped Newton iteration on D (the Rust code bisects on D' instead);
* LLR = N * sum_k phat_k log(p1_k / p0_k), N the regularized number of pairs.

It also prints the mean-and-variance approximation N (s1-s0)(2 mu - s0 - s1) / (2 var) of
Van den Bergh's GSPRT note, which must be close for non-degenerate counts.

Usage: python3 scripts/sprt-reference.py  (prints the vectors used by the tests)
"""
import math

SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]


def score(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def mle(phat, s):
    d = [a - s for a in SCORES]

    def dual(t):
        return -sum(p * math.log(1.0 + t * x) for p, x in zip(phat, d))

    theta = 0.0
    for _ in range(200):
        g = -sum(p * x / (1.0 + theta * x) for p, x in zip(phat, d))
        h = sum(p * x * x / (1.0 + theta * x) ** 2 for p, x in zip(phat, d))
        step = -g / h
        lam = 1.0
        while True:
            t = theta + lam * step
            if all(1.0 + t * x > 0.0 for x in d) and dual(t) <= dual(theta) + 1e-15:
                break
            lam /= 2.0
            if lam < 1e-30:
                t = theta
                break
        if abs(t - theta) <= 1e-16 * max(1.0, abs(theta)):
            theta = t
            break
        theta = t
    return [p / (1.0 + theta * x) for p, x in zip(phat, d)]


def llr(counts, elo0, elo1):
    reg = [c if c > 0 else 1e-3 for c in counts]
    n = sum(reg)
    phat = [c / n for c in reg]
    p0 = mle(phat, score(elo0))
    p1 = mle(phat, score(elo1))
    return n * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(phat, p0, p1))


def llr_mean_variance(counts, elo0, elo1):
    n = sum(counts)
    phat = [c / n for c in counts]
    mu = sum(a * p for a, p in zip(SCORES, phat))
    var = sum(p * (a - mu) ** 2 for a, p in zip(SCORES, phat))
    s0, s1 = score(elo0), score(elo1)
    return n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)


if __name__ == "__main__":
    cases = [
        ([10, 50, 100, 60, 15], 0.0, 10.0),
        ([100, 500, 1000, 600, 150], 0.0, 10.0),
        ([5, 30, 80, 28, 4], -5.0, 5.0),
        ([0, 3, 7, 9, 2], 0.0, 20.0),
        ([0, 0, 0, 0, 50], 0.0, 10.0),
    ]
    for counts, e0, e1 in cases:
        approx = llr_mean_variance(counts, e0, e1) if all(counts) else float("nan")
        print(f"{counts} elo0={e0} elo1={e1}: llr={llr(counts, e0, e1)!r}  (mean/variance approx {approx!r})")
