//! Perft: the number of move sequences of exactly `depth` moves (an extra turn is a move of its
//! own; a game that ends earlier contributes nothing; a game that ends by repetition at exactly
//! `depth` counts).

use crate::rules::{quiet_end, repeats, Children, Rules};
use rayon::prelude::*;

fn count<R: Rules>(rules: &R, pos: &R::Position, depth: u32, window: &mut Vec<R::Position>) -> u64 {
    if depth == 0 {
        return 1;
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
            count(rules, &c.pos, depth - 1, window)
        } else if rules.board_seeds(&c.pos) < seeds {
            count(rules, &c.pos, depth - 1, &mut Vec::new())
        } else if repeats(rules, window, &c.pos) {
            0
        } else {
            count(rules, &c.pos, depth - 1, window)
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
    if depth == 0 || rules.outcome(pos).is_some() {
        return Vec::new();
    }
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let seeds = rules.board_seeds(pos);
    children
        .par_iter()
        .map(|c| {
            let mut w: Vec<R::Position> = Vec::new();
            let n = if R::CAN_REPEAT && rules.board_seeds(&c.pos) == seeds {
                w.extend_from_slice(window);
                w.push(*pos);
                if repeats(rules, &w, &c.pos) {
                    u64::from(depth == 1)
                } else {
                    count(rules, &c.pos, depth - 1, &mut w)
                }
            } else {
                count(rules, &c.pos, depth - 1, &mut w)
            };
            (c.mv, n)
        })
        .collect()
}
