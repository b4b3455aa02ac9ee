//! Second methods for checking exact solutions (issue 5: "double-check each by a second
//! method"): both search the whole game tree without any pruning or bounds, so they share no
//! logic with the MTD(f) solver but the rules.
//!
//! * [`memo_solve`]: exhaustive minimax that remembers every position's value in a concurrent
//!   map ([`dashmap::DashMap`], shared by the rayon threads that search the first plies). For
//!   games without repetition only ([`Rules::CAN_REPEAT`] false, e.g. Cups), where a position's
//!   value does not depend on the history. Memory grows with the positions reached: about
//!   50 bytes each.
//! * [`plain_solve`]: alpha-beta with the repetition history and the bounds every position
//!   has (store difference plus or minus the seeds left), but no table, no hashing, no
//!   iterative deepening and one thread, on every root move with a full window: for the
//!   small boards of games that can repeat, where memoization would need the history too.
//!
//! * [`full_solve`]: the solver's one-thread full-window alpha-beta with a table, on every
//!   root move: no MTD(f), no parallel split points, no enhanced transposition cutoffs. It
//!   shares the table and the repetition keys with the solver, so it checks the search, not
//!   those; for positions too large for the other two.
//!
//! Values are final store differences in seeds from the side to move, like the solver's. Each
//! method's principal variation goes to the end of the game: from each position the first move
//! in generation order that keeps its value, proved by the method's own search.

use super::solver::{MoveValue, Solution, TableStats};
use crate::core::{Threads, ThreadsError};
use crate::rules::{quiet_end, repeats, Children, Rules};
use dashmap::DashMap;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Plies from the root on which children are searched in parallel.
const PARALLEL_PLIES: u32 = 3;

struct Memo<'a, R: Rules> {
    rules: &'a R,
    /// `value - store difference` of every position searched, by [`Rules::value_key`].
    values: DashMap<u128, i16>,
    progress: &'a AtomicU64,
}

impl<R: Rules> Memo<'_, R> {
    fn value(&self, pos: &R::Position, ply: u32) -> i32 {
        let rules = self.rules;
        let sd = rules.store_difference(pos);
        if let Some(o) = rules.outcome(pos) {
            return sd + o.value();
        }
        let key = rules.value_key(pos);
        if let Some(v) = self.values.get(&key) {
            return sd + *v as i32;
        }
        self.progress.fetch_add(1, Ordering::Relaxed);
        let mut children = Children::<R>::new();
        rules.children(pos, &mut children);
        let side = rules.side_to_move(pos);
        let child_value = |c: &crate::rules::Child<R>| {
            let v = self.value(&c.pos, ply + 1);
            if rules.side_to_move(&c.pos) == side {
                v
            } else {
                -v
            }
        };
        let best = if ply < PARALLEL_PLIES {
            children.par_iter().map(child_value).max()
        } else {
            children.iter().map(child_value).max()
        }
        .expect("a position that is not over has a move");
        self.values.insert(key, (best - sd) as i16);
        best
    }
}

/// The exact value of `pos` and of each of its moves by exhaustive memoized minimax on
/// `threads` threads, and a principal variation from the values it remembered.
///
/// # Panics
/// If the game can repeat ([`Rules::CAN_REPEAT`]): use [`negamax_solve`] there.
pub fn memo_solve<R: Rules>(
    rules: &R,
    pos: &R::Position,
    threads: Threads,
    progress: &AtomicU64,
) -> Result<Solution<R>, ThreadsError> {
    assert!(
        !R::CAN_REPEAT,
        "memoized minimax needs a game without repetition"
    );
    let started = Instant::now();
    let pool = threads.pool()?;
    let memo = Memo {
        rules,
        values: DashMap::new(),
        progress,
    };
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let side = rules.side_to_move(pos);
    let values: Vec<i32> = pool.install(|| {
        children
            .par_iter()
            .map(|c| {
                let v = memo.value(&c.pos, 1);
                if rules.side_to_move(&c.pos) == side {
                    v
                } else {
                    -v
                }
            })
            .collect()
    });
    let value = *values.iter().max().expect("the root has a move");
    let pv = follow_pv(rules, pos, &[], value, |c, _, _, _| {
        memo.value(c, PARALLEL_PLIES)
    });
    // The map's slots: a key, a value and a control byte each (hashbrown's layout).
    let slot = std::mem::size_of::<(u128, i16)>() + 1;
    let (entries, capacity) = (memo.values.len(), memo.values.capacity());
    let table = TableStats {
        entries: capacity,
        bytes: capacity * slot,
        fill: Some(entries as f64 / capacity.max(1) as f64),
        counters: None,
    };
    Ok(solution(
        &children,
        &values,
        pv,
        progress.load(Ordering::Relaxed),
        started,
        threads.get(),
        table,
    ))
}

/// Most plies of a principal variation.
const MAX_PV: usize = 1000;

/// A principal variation from `pos` (after the earlier positions `window` it could repeat),
/// whose value is `value`: from each position the first move in generation order whose value
/// reaches the position's, to the end of the game (a repetition included) or [`MAX_PV`] plies.
/// `value_of(child, window, alpha, beta)` is a fail-soft value of `child` from its mover's side
/// with the window `(alpha, beta)`, `window` the earlier positions the child could repeat.
fn follow_pv<R: Rules>(
    rules: &R,
    pos: &R::Position,
    window: &[R::Position],
    mut value: i32,
    mut value_of: impl FnMut(&R::Position, &mut Vec<R::Position>, i32, i32) -> i32,
) -> Vec<R::Move> {
    let (mut pos, mut window) = (*pos, window.to_vec());
    let mut pv = Vec::new();
    while pv.len() < MAX_PV
        && rules.outcome(&pos).is_none()
        && quiet_end(rules, &window, &pos).is_none()
    {
        let mut children = Children::<R>::new();
        rules.children(&pos, &mut children);
        let (side, seeds) = (rules.side_to_move(&pos), rules.board_seeds(&pos));
        window.push(pos);
        let mut next = None;
        for c in &children {
            let same = rules.side_to_move(&c.pos) == side;
            let same_seeds = R::CAN_REPEAT && rules.board_seeds(&c.pos) == seeds;
            let mut w = if same_seeds {
                window.clone()
            } else {
                Vec::new()
            };
            let repeated = same_seeds && repeats(rules, &window, &c.pos);
            let v = match (repeated, same) {
                (true, _) => {
                    let v =
                        rules.store_difference(&c.pos) + rules.repetition_outcome(&c.pos).value();
                    if same {
                        v
                    } else {
                        -v
                    }
                }
                (false, true) => value_of(&c.pos, &mut w, value - 1, value),
                (false, false) => -value_of(&c.pos, &mut w, -value, 1 - value),
            };
            if v >= value {
                next = Some((c.mv, c.pos, same, repeated, w));
                break;
            }
        }
        let Some((mv, child, same, repeated, w)) = next else {
            break;
        };
        pv.push(mv);
        if repeated {
            break;
        }
        if !same {
            value = -value;
        }
        (pos, window) = (child, w);
    }
    pv
}

/// The exact value of `pos` and of each of its moves by plain alpha-beta (no table), `window`
/// being the earlier positions `pos` could repeat, in game order. One thread.
pub fn plain_solve<R: Rules>(
    rules: &R,
    pos: &R::Position,
    window: &[R::Position],
    progress: &AtomicU64,
) -> Solution<R> {
    let started = Instant::now();
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let side = rules.side_to_move(pos);
    let seeds = rules.board_seeds(pos);
    let mut window = window.to_vec();
    window.push(*pos);
    let mut nodes = 0u64;
    let values: Vec<i32> = children
        .iter()
        .map(|c| {
            let v = if R::CAN_REPEAT
                && rules.board_seeds(&c.pos) == seeds
                && repeats(rules, &window, &c.pos)
            {
                rules.store_difference(&c.pos) + rules.repetition_outcome(&c.pos).value()
            } else {
                let mut w = if R::CAN_REPEAT && rules.board_seeds(&c.pos) == seeds {
                    window.clone()
                } else {
                    Vec::new()
                };
                plain(
                    rules, &c.pos, &mut w, -INFINITE, INFINITE, &mut nodes, progress,
                )
            };
            if rules.side_to_move(&c.pos) == side {
                v
            } else {
                -v
            }
        })
        .collect();
    let value = *values.iter().max().expect("the root has a move");
    let pv = follow_pv(
        rules,
        pos,
        &window[..window.len() - 1],
        value,
        |c, w, a, b| plain(rules, c, w, a, b, &mut nodes, progress),
    );
    solution(
        &children,
        &values,
        pv,
        nodes,
        started,
        1,
        TableStats::default(),
    )
}

/// The exact value of `pos` and of each of its moves by the solver's one-thread full-window
/// alpha-beta ([`super::solver::alphabeta`]) on each root move, with a fresh table for each
/// that grows with the search up to `tt_mb` MiB; its principal variation as the solver finds
/// its own, on one thread. The table reported is the largest one used.
pub fn full_solve<R: Rules>(
    rules: &R,
    pos: &R::Position,
    window: &[R::Position],
    tt_mb: usize,
) -> Solution<R> {
    let started = Instant::now();
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let side = rules.side_to_move(pos);
    let mut history = window.to_vec();
    history.push(*pos);
    let (mut nodes, mut bytes) = (0, 0);
    let values: Vec<i32> = children
        .iter()
        .map(|c| {
            let (v, n, b) = super::solver::alphabeta_counted(rules, &c.pos, &history, tt_mb);
            nodes += n;
            bytes = bytes.max(b);
            if rules.side_to_move(&c.pos) == side {
                v
            } else {
                -v
            }
        })
        .collect();
    let value = *values.iter().max().expect("the root has a move");
    let pv = super::solver::principal_variation(rules, pos, window, tt_mb, value);
    let table = TableStats {
        bytes,
        entries: bytes / super::tt::ENTRY_BYTES,
        ..Default::default()
    };
    solution(&children, &values, pv, nodes, started, 1, table)
}

/// Beyond any value: a game has at most 255 seeds.
const INFINITE: i32 = 1 << 20;

/// Fail-soft alpha-beta on `pos`, `window` holding the earlier positions it could repeat.
fn plain<R: Rules>(
    rules: &R,
    pos: &R::Position,
    window: &mut Vec<R::Position>,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
    progress: &AtomicU64,
) -> i32 {
    *nodes += 1;
    if *nodes & 0xffff == 0 {
        progress.store(*nodes, Ordering::Relaxed);
    }
    let sd = rules.store_difference(pos);
    if let Some(o) = rules.outcome(pos).or_else(|| quiet_end(rules, window, pos)) {
        return sd + o.value();
    }
    let seeds = rules.board_seeds(pos);
    let (floor, ceiling) = (sd - seeds as i32, sd + seeds as i32);
    if ceiling <= alpha {
        return ceiling;
    }
    if floor >= beta {
        return floor;
    }
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let side = rules.side_to_move(pos);
    if R::CAN_REPEAT {
        window.push(*pos);
    }
    let mut best = -INFINITE;
    for c in &children {
        let same = rules.side_to_move(&c.pos) == side;
        let (a, b) = if same { (alpha, beta) } else { (-beta, -alpha) };
        let v = if !R::CAN_REPEAT {
            plain(rules, &c.pos, window, a, b, nodes, progress)
        } else if rules.board_seeds(&c.pos) < seeds {
            plain(rules, &c.pos, &mut Vec::new(), a, b, nodes, progress)
        } else if repeats(rules, window, &c.pos) {
            rules.store_difference(&c.pos) + rules.repetition_outcome(&c.pos).value()
        } else {
            plain(rules, &c.pos, window, a, b, nodes, progress)
        };
        let v = if same { v } else { -v };
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    if R::CAN_REPEAT {
        window.pop();
    }
    best
}

fn solution<R: Rules>(
    children: &Children<R>,
    values: &[i32],
    pv: Vec<R::Move>,
    nodes: u64,
    started: Instant,
    threads: usize,
    table: TableStats,
) -> Solution<R> {
    let value = *values.iter().max().expect("the root has a move");
    Solution {
        value,
        moves: children
            .iter()
            .zip(values)
            .map(|(c, &v)| MoveValue {
                mv: c.mv,
                value: v,
                exact: true,
            })
            .collect(),
        pv,
        nodes,
        seconds: started.elapsed().as_secs_f64(),
        threads,
        table,
        egdb_hits: 0,
    }
}
