//! Searches, all generic over [`crate::rules::Rules`]: perft, a plain negamax reference, the
//! exact parallel solver (MTD(f) over a fail-soft alpha-beta with a shared transposition table),
//! and the depth-limited search of the `search` agent over the same table ([`heuristic`]).
//!
//! Values are final store differences in seeds from the point of view of the player to move
//! (RULES.md §12). An extra turn keeps the sign (the same player moves again); a move that hands
//! the turn over negates it.

pub mod egdb_check;
pub mod heuristic;
pub mod memo;
pub mod negamax;
pub mod perft;
pub mod retrograde;
pub mod solver;
pub mod tt;

pub use memo::{full_solve, memo_solve, plain_solve};
pub use negamax::negamax;
pub use perft::{perft, perft_divide, perft_divide_until};
pub use solver::{solve, MoveValue, Solution, SolveError, SolveOptions, TableStats};

use std::hash::{Hash, Hasher};

pub use crate::core::SEARCH_STACK;

/// Runs `f` on a thread of its own with a [`SEARCH_STACK`] stack and returns its result (or
/// resumes its panic).
///
/// # Errors
/// The operating system's error if the thread cannot be started.
pub fn with_search_stack<T: Send>(f: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("search".to_string())
            .stack_size(SEARCH_STACK)
            .spawn_scoped(scope, f)?;
        Ok(handle
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e)))
    })
}

/// A small multiplicative hasher for positions (repetition checks): a few instructions, no
/// allocation, the same on every platform.
#[derive(Default)]
pub(crate) struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 31;
        x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^ (x >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_isize(&mut self, i: isize) {
        self.write_u64(i as u64);
    }
}

/// The 64-bit hash of a position.
#[inline]
pub(crate) fn position_hash<P: Hash>(pos: &P) -> u64 {
    let mut h = PositionHasher::default();
    pos.hash(&mut h);
    h.finish()
}
