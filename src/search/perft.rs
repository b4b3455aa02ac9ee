//! Perft: the number of move sequences of exactly `depth` moves (an extra turn is a move of its
//! own; a game that ends earlier contributes nothing; a game that ends by repetition at exactly
//! `depth` counts).

use crate::core::Stop;
use crate::rules::{quiet_end, repeats, Children, Rules};
use rayon::prelude::*;

/// Plies left at which a count looks at its [`Stop`] (the subtrees below are small enough).
const STOP_DEPTH: u32 = 5;

fn count<R: Rules>(
    rules: &R,
    pos: &R::Position,
    depth: u32,
    window: &mut Vec<R::Position>,
    stop: &Stop,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth >= STOP_DEPTH && stop.reached() {
        // The caller sees the stop and discards the count.
        return 0;
    }
    if rules.outcome(pos).is_some() || quiet_end(rules, window, pos).is_some() {
        return 0;
    }
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    if depth == 1 {
        return children.len() as u64;
    }
    let seeds = rules.board_seeds(pos);
    if R::CAN_REPEAT {
        window.push(*pos);
    }
    let mut n = 0;
    for c in &children {
        n += if !R::CAN_REPEAT {
            count(rules, &c.pos, depth - 1, window, stop)
        } else if rules.board_seeds(&c.pos) < seeds {
            count(rules, &c.pos, depth - 1, &mut Vec::new(), stop)
        } else if repeats(rules, window, &c.pos) {
            0
        } else {
            count(rules, &c.pos, depth - 1, window, stop)
        };
    }
    if R::CAN_REPEAT {
        window.pop();
    }
    n
}

/// The number of move sequences of exactly `depth` moves from `pos`, in parallel over the first
/// moves. `window` holds the earlier positions `pos` could repeat (see [`crate::game::Line`]).
pub fn perft<R: Rules>(rules: &R, pos: &R::Position, depth: u32, window: &[R::Position]) -> u64 {
    perft_divide(rules, pos, depth, window)
        .iter()
        .map(|(_, n)| n)
        .sum::<u64>()
        + u64::from(depth == 0)
}

/// Perft split by first move: each legal move of `pos` with the count below it (`depth >= 1`;
/// empty for `depth == 0` or a finished game).
pub fn perft_divide<R: Rules>(
    rules: &R,
    pos: &R::Position,
    depth: u32,
    window: &[R::Position],
) -> Vec<(R::Move, u64)> {
    perft_divide_until(rules, pos, depth, window, &Stop::default()).expect("never stopped")
}

/// [`perft_divide`] until `stop` (a front end's time ceiling or cancel): `None` if it was
/// reached before the count finished.
pub fn perft_divide_until<R: Rules>(
    rules: &R,
    pos: &R::Position,
    depth: u32,
    window: &[R::Position],
    stop: &Stop,
) -> Option<Vec<(R::Move, u64)>> {
    if depth == 0 || rules.outcome(pos).is_some() {
        return Some(Vec::new());
    }
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let seeds = rules.board_seeds(pos);
    let divide = children
        .par_iter()
        .map(|c| {
            let mut w: Vec<R::Position> = Vec::new();
            let n = if R::CAN_REPEAT && rules.board_seeds(&c.pos) == seeds {
                w.extend_from_slice(window);
                w.push(*pos);
                if repeats(rules, &w, &c.pos) {
                    u64::from(depth == 1)
                } else {
                    count(rules, &c.pos, depth - 1, &mut w, stop)
                }
            } else {
                count(rules, &c.pos, depth - 1, &mut w, stop)
            };
            (c.mv, n)
        })
        .collect();
    (!stop.reached()).then_some(divide)
}
