//! Core vocabulary: sides, the packed two-row board, positions and their text notation.
//!
//! Conventions (RULES.md §0): South is player 0 and moves first from a start position; North is
//! player 1. Houses are numbered in sowing order (counter-clockwise): South owns `0..m-1`, North
//! owns `m..2m-1`, and the house opposite `i` is `2m-1-i`. Moves name a house by letter: South's
//! `A`, `B`, ... and North's `a`, `b`, ... from the owner's left.

mod board;
mod error;
pub mod keyvalue;
mod layer_index;
mod notation;
mod pits;
mod position;
mod progress;
pub mod random;
pub mod sowing;
pub mod threads;

pub use board::{
    Board, MAX_HOUSES, MAX_SEEDS, MOVER_STORE, OPPONENT_STORE, STATE_BYTE, STATE_BYTE_2,
};
pub use error::{ErrorKind, JobError};
pub use layer_index::{LayerIndex, MAX_LAYER_SEEDS};
pub use notation::{house_letter, parse_house_letter, ParsePositionError, PositionText};
pub use pits::{Pits, WideBoard, WideTable, WIDE_MAX_HOUSES, WIDE_MAX_SEEDS, WIDE_PITS};
pub use position::TwoRowPosition;
pub use progress::{Progress, Stop};
pub use threads::{Threads, ThreadsError, SEARCH_STACK};

use std::fmt;

/// One of the two players. South moves first from a start position (RULES.md §0). In JSON
/// `"S"` or `"N"`, the letters of the position text.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Side {
    /// Player 0, owner of houses `A`.. and of the store on South's right.
    #[serde(rename = "S")]
    South = 0,
    /// Player 1, owner of houses `a`.. and of the store on North's right.
    #[serde(rename = "N")]
    North = 1,
}

impl Side {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// `S` or `N`, the letter the position text uses (RULES.md §12).
    pub fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// Index 0 for South, 1 for North.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// Starts loading the cache line of `p` (a hint: no effect on other targets than x86-64).
#[inline(always)]
pub(crate) fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint and never faults, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
