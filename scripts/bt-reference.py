#!/usr/bin/env python3
"""Reference values for `mancala::arena::stats::bradley_terry` (tests/stats.rs).

A plain-Python Bradley-Terry fit by the MM algorithm of Hunter (2004), "MM algorithms for
generalized Bradley-Terry models", Ann. Statist. 32(1), eq. (3):

    gamma_i <- W_i / sum_{j != i} n_ij / (gamma_i + gamma_j)

(W_i = points of player i, a draw half a point to each), rescaled so that gamma_0 = 1 after
every sweep, until the ratings stop moving. Ratings are 400 * log10(gamma_i). Standard errors:
the Fisher information of log(gamma) over players 1..n-1, I_ii = sum_j n_ij p_ij (1 - p_ij),
I_ij = -n_ij p_ij (1 - p_ij), p_ij = gamma_i / (gamma_i + gamma_j), inverted by Gaussian
elimination; a 95% half-width is 1.959963984540054 * sqrt(inv(I)_ii) * 400 / ln 10.

(The Rust code maximizes the same likelihood by Newton's method instead.)

Usage: python3 scripts/bt-reference.py
"""
import math

Z95 = 1.959963984540054


def fit(points, games):
    n = len(points)
    wins = [sum(points[i]) for i in range(n)]
    gamma = [1.0] * n
    for _ in range(100000):
        new = []
        for i in range(n):
            denom = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(n) if j != i and games[i][j])
            new.append(wins[i] / denom)
        new = [g / new[0] for g in new]
        delta = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, gamma))
        gamma = new
        if delta < 1e-15:
            break
    info = [[0.0] * (n - 1) for _ in range(n - 1)]
    for i in range(1, n):
        for j in range(n):
            if j == i or not games[i][j]:
                continue
            p = gamma[i] / (gamma[i] + gamma[j])
            v = games[i][j] * p * (1 - p)
            info[i - 1][i - 1] += v
            if j > 0:
                info[i - 1][j - 1] -= v
    m = n - 1
    aug = [row[:] + [1.0 if r == c else 0.0 for c in range(m)] for r, row in enumerate(info)]
    for c in range(m):
        piv = max(range(c, m), key=lambda r: abs(aug[r][c]))
        aug[c], aug[piv] = aug[piv], aug[c]
        d = aug[c][c]
        aug[c] = [x / d for x in aug[c]]
        for r in range(m):
            if r != c:
                f = aug[r][c]
                aug[r] = [x - f * y for x, y in zip(aug[r], aug[c])]
    cov = [row[m:] for row in aug]
    elo = [400 * math.log10(g) for g in gamma]
    half = [0.0] + [Z95 * math.sqrt(cov[i][i]) * 400 / math.log(10) for i in range(m)]
    return elo, half


if __name__ == "__main__":
    # Player 0 vs 1: 20 games, 12.5 - 7.5; 0 vs 2: 20 games, 8 - 12; 1 vs 2: 30 games, 11.5 - 18.5.
    points = [[0.0, 12.5, 8.0], [7.5, 0.0, 11.5], [12.0, 18.5, 0.0]]
    games = [[0, 20, 20], [20, 0, 30], [20, 30, 0]]
    elo, half = fit(points, games)
    for i, (e, h) in enumerate(zip(elo, half)):
        print(f"player {i}: elo={e!r} half_width={h!r}")
    # Four players, unequal schedules (player 3 met only players 1 and 2).
    points = [[0.0, 6.0, 3.5, 0.0], [4.0, 0.0, 5.0, 7.5], [6.5, 5.0, 0.0, 4.0], [0.0, 2.5, 6.0, 0.0]]
    games = [[0, 10, 10, 0], [10, 0, 10, 10], [10, 10, 0, 10], [0, 10, 10, 0]]
    elo, half = fit(points, games)
    for i, (e, h) in enumerate(zip(elo, half)):
        print(f"4p player {i}: elo={e!r} half_width={h!r}")
