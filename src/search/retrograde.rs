//! Win, draw or loss of every position reachable from a root, by retrograde analysis
//! (`solve --method retrograde`): for small versions of games whose positions repeat, where the
//! history-aware alpha-beta solver cannot share work between lines (the four-row games).
//!
//! 1. Every position reachable from the root is enumerated (breadth first, one thread) and
//!    numbered; each keeps its children and its parents.
//! 2. Finished positions are valued by the sign of their final value (the mover wins, draws or
//!    loses). Then, from those, a position is a **win** as soon as one child is a loss for the
//!    player who moves there, and a **loss** once every child is a win for the opponent (an
//!    extra turn keeps the mover); a position whose children are all settled, one of them a
//!    draw, is a **draw**. Positions never settled are draws by endless play: neither player can
//!    force the game to an end it wins, so with the repetition rule the game would end at a
//!    repeated position.
//! 3. Wins are reached by the shortest way, losses put off the longest (the queue is worked in
//!    order of distance), so `plies` is the distance to the end under best play.
//!
//! A win here is exactly a win under the repetition rule (a forcing line never repeats, as each
//! step brings the end nearer), and a loss exactly a loss. A draw is only "no forced win": its
//! value in seeds under the repetition rule depends on the line, and is not computed.
//!
//! Memory: about 100 bytes a position; the enumeration stops with an error past
//! `max_positions`.

use super::PositionHasher;
use crate::rules::{Children, Rules};
use std::collections::{HashMap, VecDeque};
use std::hash::BuildHasherDefault;
use thiserror::Error;

/// The result of a position for the player to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wdl {
    /// The mover can force a win.
    Win,
    /// Neither player can force a win.
    Draw,
    /// The opponent can force a win.
    Loss,
}

impl Wdl {
    /// `win`, `draw` or `loss`.
    pub fn name(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }

    fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// A retrograde solution.
#[derive(Clone, Debug)]
pub struct Retrograde<R: Rules> {
    /// The root's result for its mover.
    pub value: Wdl,
    /// Plies to the end under best play (wins and losses; 0 for draws).
    pub plies: u32,
    /// Each root move, its result for the root's mover and its plies to the end (counting it).
    pub moves: Vec<(R::Move, Wdl, u32)>,
    /// A line of best play from the root to the end (wins and losses).
    pub pv: Vec<R::Move>,
    /// Positions reachable from the root.
    pub positions: usize,
    /// How many of them are wins, draws and losses for their mover.
    pub counts: [usize; 3],
}

/// Why a retrograde analysis stopped.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RetrogradeError {
    /// More positions are reachable than allowed.
    #[error("more than {max} positions are reachable from this position: too large for --method retrograde")]
    TooLarge {
        /// The limit.
        max: usize,
    },
}

const UNSETTLED: u8 = 0;

/// Solves `root` by retrograde analysis over the positions reachable from it.
///
/// # Errors
/// [`RetrogradeError::TooLarge`] if more than `max_positions` positions are reachable.
pub fn retrograde<R: Rules>(
    rules: &R,
    root: &R::Position,
    max_positions: usize,
) -> Result<Retrograde<R>, RetrogradeError> {
    // 1. Enumerate.
    let mut index: HashMap<R::Position, u32, BuildHasherDefault<PositionHasher>> =
        HashMap::default();
    let mut positions = vec![*root];
    index.insert(*root, 0);
    let mut first_child = vec![0u32];
    let mut edges: Vec<u32> = Vec::new();
    let mut moves: Vec<R::Move> = Vec::new();
    let mut children = Children::<R>::new();
    let mut i = 0;
    while i < positions.len() {
        let pos = positions[i];
        children.clear();
        if rules.outcome(&pos).is_none() {
            rules.children(&pos, &mut children);
        }
        for c in &children {
            let next = positions.len() as u32;
            let k = *index.entry(c.pos).or_insert(next);
            if k == next {
                if positions.len() >= max_positions {
                    return Err(RetrogradeError::TooLarge { max: max_positions });
                }
                positions.push(c.pos);
            }
            edges.push(k);
            moves.push(c.mv);
        }
        first_child.push(edges.len() as u32);
        i += 1;
    }
    drop(index);
    let n = positions.len();
    let kids = |p: usize| first_child[p] as usize..first_child[p + 1] as usize;
    // Parents, as a flat list per child.
    let mut parent_count = vec![0u32; n + 1];
    for &c in &edges {
        parent_count[c as usize + 1] += 1;
    }
    for p in 0..n {
        parent_count[p + 1] += parent_count[p];
    }
    let mut fill = parent_count.clone();
    let mut parents = vec![0u32; edges.len()];
    for p in 0..n {
        for e in kids(p) {
            let c = edges[e] as usize;
            parents[fill[c] as usize] = p as u32;
            fill[c] += 1;
        }
    }
    // 2. Settle, in order of distance to the end.
    let same_mover =
        |p: usize, c: usize| rules.side_to_move(&positions[p]) == rules.side_to_move(&positions[c]);
    let mut state = vec![UNSETTLED; n];
    let mut plies = vec![0u32; n];
    let mut open: Vec<u32> = (0..n).map(|p| kids(p).len() as u32).collect();
    let mut has_draw = vec![false; n];
    let mut queue = VecDeque::new();
    let code = |w: Wdl| match w {
        Wdl::Win => 1u8,
        Wdl::Draw => 2,
        Wdl::Loss => 3,
    };
    let decode = |s: u8| match s {
        1 => Wdl::Win,
        3 => Wdl::Loss,
        _ => Wdl::Draw,
    };
    for (p, pos) in positions.iter().enumerate() {
        if let Some(o) = rules.outcome(pos) {
            let v = rules.store_difference(pos) + o.value();
            state[p] = code(match v.signum() {
                1 => Wdl::Win,
                0 => Wdl::Draw,
                _ => Wdl::Loss,
            });
            queue.push_back(p as u32);
        }
    }
    while let Some(c) = queue.pop_front() {
        let c = c as usize;
        let child = decode(state[c]);
        for &p in &parents[parent_count[c] as usize..parent_count[c + 1] as usize] {
            let p = p as usize;
            if state[p] != UNSETTLED {
                continue;
            }
            let seen = if same_mover(p, c) {
                child
            } else {
                child.flip()
            };
            if seen == Wdl::Win {
                state[p] = code(Wdl::Win);
                plies[p] = plies[c] + 1;
                queue.push_back(p as u32);
                continue;
            }
            has_draw[p] |= seen == Wdl::Draw;
            open[p] -= 1;
            if open[p] == 0 {
                let v = if has_draw[p] { Wdl::Draw } else { Wdl::Loss };
                state[p] = code(v);
                plies[p] = if v == Wdl::Loss { plies[c] + 1 } else { 0 };
                queue.push_back(p as u32);
            }
        }
    }
    let value_of = |p: usize| decode(state[p]);
    let mut counts = [0usize; 3];
    for p in 0..n {
        counts[code(value_of(p)) as usize - 1] += 1;
    }
    // 3. The root's moves and a line of best play.
    let root_moves = kids(0)
        .map(|e| {
            let c = edges[e] as usize;
            let v = if same_mover(0, c) {
                value_of(c)
            } else {
                value_of(c).flip()
            };
            let d = if v == Wdl::Draw { 0 } else { plies[c] + 1 };
            (moves[e], v, d)
        })
        .collect();
    let mut pv = Vec::new();
    let mut p = 0usize;
    while value_of(p) != Wdl::Draw && !kids(p).is_empty() {
        let want = value_of(p);
        let next = kids(p).find(|&e| {
            let c = edges[e] as usize;
            let v = if same_mover(p, c) {
                value_of(c)
            } else {
                value_of(c).flip()
            };
            v == want && plies[c] + 1 == plies[p]
        });
        let Some(e) = next else { break };
        pv.push(moves[e]);
        p = edges[e] as usize;
    }
    Ok(Retrograde {
        value: value_of(0),
        plies: plies[0],
        moves: root_moves,
        pv,
        positions: n,
        counts,
    })
}
