//! Exhaustive searches of the n-player games: perft, the max-n value and the paranoid value.
//!
//! All three walk the game tree with the line's history: a move into a position already on the
//! line (the root included) repeats it, which ends the game ([`super::NGame`]: every player
//! then scores hand plus own houses).
//!
//! * **Max-n** (Luckhardt & Irani 1986): every player maximises their own final score; the
//!   value is the score vector of the line so chosen. **Tie-break**: among the moves equal for
//!   the mover, the first in move order ([`NGame::moves`]) is taken, so the vector is unique.
//! * **Paranoid** (Sturtevant & Korf 2000) for player `q`: `q` maximises their own final score
//!   and every other player moves to minimise it, as one coalition: a two-sided zero-sum
//!   search. The seeds in all are fixed, so this is also `q`'s best guaranteed margin over the
//!   rest together (`2 score - seeds`).
//!
//! Both are exact: the memo (Kpo only, whose hands never shrink) is keyed by the position and
//! the earlier positions of the line with the same hands, the only ones it can still repeat
//! (as a 128-bit digest of that set: a collision, which would merge two keys, has a chance of
//! about 2^-128 a pair), and holds at most [`MEMO_ENTRIES`] entries.
//! They are for small boards: the tree is walked whole, up to a node budget.

use super::{NGame, NLine, NMove, NPosition, Scores, MAX_MOVES};
use arrayvec::ArrayVec;
use std::collections::HashMap;

/// Move sequences of exactly `depth` plies from `pos` (a `pass` is a ply; a line that ends
/// before `depth`, by the end of the game or a repetition, counts 0, one that ends exactly at
/// `depth` counts 1). `history`: the positions before `pos` on the line.
pub fn perft(game: &NGame, pos: &NPosition, depth: u32, history: &[NPosition]) -> u64 {
    let mut line = history.to_vec();
    perft_line(game, pos, depth, &mut line)
}

/// Perft split by the first move: each legal move of the line's current position with the
/// count of [`perft`] below it (`depth` plies in all, the move included), in move order; none
/// when the line is over or `depth` is 0.
pub fn perft_divide(game: &NGame, line: &NLine, depth: u32) -> Vec<(NMove, u64)> {
    if depth == 0 || line.is_over(game) {
        return Vec::new();
    }
    let pos = *line.current();
    let mut moves = ArrayVec::<NMove, MAX_MOVES>::new();
    game.moves(&pos, &mut moves);
    let mut history = line.positions.clone();
    moves
        .iter()
        .map(|&mv| {
            let child = game.play(&pos, mv);
            let n = if depth == 1 {
                1
            } else if history.contains(&child) {
                0
            } else {
                perft_line(game, &child, depth - 1, &mut history)
            };
            (mv, n)
        })
        .collect()
}

fn perft_line(game: &NGame, pos: &NPosition, depth: u32, line: &mut Vec<NPosition>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = ArrayVec::<NMove, MAX_MOVES>::new();
    game.moves(pos, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    line.push(*pos);
    let mut count = 0;
    for &mv in &moves {
        let child = game.play(pos, mv);
        if !line.contains(&child) {
            count += perft_line(game, &child, depth - 1, line);
        }
    }
    line.pop();
    count
}

/// The node budget was spent before the tree was walked whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the game tree has more than {budget} nodes: an exact n-player value is for small boards")]
pub struct TooLarge {
    /// The budget.
    pub budget: u64,
}

/// What the exhaustive values walk: the max-n vector or one player's paranoid score.
#[derive(Clone, Copy)]
enum Goal {
    MaxN,
    Paranoid(usize),
}

/// The memo: the position and a 128-bit digest of the earlier positions of the line with the
/// same hands (an order-free sum of two salted hashes of each: a line holds each position once).
type Memo = HashMap<(NPosition, u128), Scores>;

/// Most memo entries (about 200 bytes each): past them the walk goes on without storing more,
/// so memory stays bounded whatever the node budget.
pub const MEMO_ENTRIES: usize = 1 << 20;

/// Two salted 64-bit hashes of `pos`, as one 128-bit number.
fn digest(pos: &NPosition) -> u128 {
    use std::hash::{Hash, Hasher};
    let half = |salt: u64| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        salt.hash(&mut h);
        pos.hash(&mut h);
        h.finish() as u128
    };
    (half(0x9e37_79b9_7f4a_7c15) << 64) | half(0xc2b2_ae3d_27d4_eb4f)
}

struct Walk<'a> {
    game: &'a NGame,
    goal: Goal,
    memo: Memo,
    nodes: u64,
    budget: u64,
    /// Whether the memo is exact for this game (Kpo: hands never shrink).
    memo_ok: bool,
}

impl Walk<'_> {
    /// The value at `pos` with the line `line` before it: the max-n vector, or (paranoid) a
    /// vector whose entry `q` is `q`'s score.
    fn value(&mut self, pos: &NPosition, line: &mut Vec<NPosition>) -> Result<Scores, TooLarge> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(TooLarge {
                budget: self.budget,
            });
        }
        if self.game.is_over(pos) {
            return Ok(self.game.scores(pos));
        }
        let key = self.memo_ok.then(|| {
            let earlier = line
                .iter()
                .filter(|h| h.hands == pos.hands)
                .fold(0u128, |sum, h| sum.wrapping_add(digest(h)));
            (*pos, earlier)
        });
        if let Some(v) = key.as_ref().and_then(|k| self.memo.get(k)) {
            return Ok(*v);
        }
        let mut moves = ArrayVec::<NMove, MAX_MOVES>::new();
        self.game.moves(pos, &mut moves);
        let p = pos.mover as usize;
        line.push(*pos);
        let mut best: Option<Scores> = None;
        for &mv in &moves {
            let child = self.game.play(pos, mv);
            let v = if line.contains(&child) {
                self.game.scores(&child)
            } else {
                self.value(&child, line)?
            };
            let better = match (best, self.goal) {
                (None, _) => true,
                (Some(b), Goal::MaxN) => v[p] > b[p],
                (Some(b), Goal::Paranoid(q)) if p == q => v[q] > b[q],
                (Some(b), Goal::Paranoid(q)) => v[q] < b[q],
            };
            if better {
                best = Some(v);
            }
        }
        line.pop();
        let best = best.expect("a game not over has a move");
        if let Some(k) = key {
            if self.memo.len() < MEMO_ENTRIES {
                self.memo.insert(k, best);
            }
        }
        Ok(best)
    }
}

/// The exact max-n score vector of `pos` (entries `0..n`), with the node count, walking at
/// most `budget` nodes. `history`: the positions before `pos` on the line.
///
/// # Errors
/// [`TooLarge`] past the budget.
pub fn maxn(
    game: &NGame,
    pos: &NPosition,
    history: &[NPosition],
    budget: u64,
) -> Result<(Scores, u64), TooLarge> {
    walk(game, pos, history, budget, Goal::MaxN)
}

/// The exact paranoid value of `pos` for `player` (`0..n`): their final score against the
/// coalition of the others, with the node count.
///
/// # Errors
/// [`TooLarge`] past the budget.
pub fn paranoid(
    game: &NGame,
    pos: &NPosition,
    player: usize,
    history: &[NPosition],
    budget: u64,
) -> Result<(u32, u64), TooLarge> {
    walk(game, pos, history, budget, Goal::Paranoid(player)).map(|(v, n)| (v[player], n))
}

fn walk(
    game: &NGame,
    pos: &NPosition,
    history: &[NPosition],
    budget: u64,
    goal: Goal,
) -> Result<(Scores, u64), TooLarge> {
    let mut w = Walk {
        game,
        goal,
        memo: HashMap::new(),
        nodes: 0,
        budget,
        memo_ok: game.spec().family == super::Family::Kpo,
    };
    let mut line = history.to_vec();
    let v = w.value(pos, &mut line)?;
    Ok((v, w.nodes))
}
