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
//! Values are final store differences in seeds from the side to move, like the solver's.

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
/// `threads` threads. The principal variation is the first best move only.
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
    let entries = memo.values.len();
    Ok(solution(
        &children,
        &values,
        progress.load(Ordering::Relaxed),
        started,
        threads.get(),
        entries,
    ))
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
    solution(&children, &values, nodes, started, 1, 0)
}

/// The exact value of `pos` and of each of its moves by the solver's one-thread full-window
/// alpha-beta ([`super::solver::alphabeta`]) on each root move, with a fresh table of `tt_mb`
/// MiB for each.
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
    let mut nodes = 0;
    let values: Vec<i32> = children
        .iter()
        .map(|c| {
            let (v, n) = super::solver::alphabeta_counted(rules, &c.pos, &history, tt_mb);
            nodes += n;
            if rules.side_to_move(&c.pos) == side {
                v
            } else {
                -v
            }
        })
        .collect();
    solution(&children, &values, nodes, started, 1, 0)
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
    nodes: u64,
    started: Instant,
    threads: usize,
    entries: usize,
) -> Solution<R> {
    let value = *values.iter().max().expect("the root has a move");
    let best = values
        .iter()
        .position(|&v| v == value)
        .expect("a best move");
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
        pv: vec![children[best].mv],
        nodes,
        seconds: started.elapsed().as_secs_f64(),
        threads,
        table: TableStats {
            entries,
            ..Default::default()
        },
        egdb_hits: 0,
    }
}
