//! Bradley–Terry maximum-likelihood ratings of several players (Hunter 2004).

use super::elo::ELO_PER_NEPER;
use super::{Estimate, Z95};

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
