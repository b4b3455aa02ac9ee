//! The position of a two-row game: a board of any [`Pits`] storage and the side to move.

use super::{Board, Pits, Side};

/// A position of a two-row game: the board (mover-relative) and the side to move.
///
/// `Copy`; 32 bytes on the packed [`Board`] (the default), 90 on the wide board
/// ([`super::WideBoard`]). Absolute accessors take the house count `m`, which the rules know.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TwoRowPosition<B = Board> {
    /// Pits seen from the side to move (see the module docs for the layout).
    pub board: B,
    /// The player to move.
    pub side: Side,
}

impl<B: Pits> TwoRowPosition<B> {
    /// Builds a position from absolute house counts (`houses[0..m]` South's, `houses[m..2m]`
    /// North's, in sowing order), the stores `[south, north]` and the side to move.
    ///
    /// # Panics
    /// If `houses.len()` is odd or above `2 * B::MAX_HOUSES`, or a count exceeds
    /// `B::MAX_SEEDS`; parsers validate before they call this.
    pub fn from_absolute(houses: &[u32], stores: [u32; 2], side: Side) -> TwoRowPosition<B> {
        let m = houses.len() / 2;
        assert!(houses.len() % 2 == 0 && m <= B::MAX_HOUSES);
        let mut b = B::default();
        for (i, &h) in houses.iter().enumerate() {
            assert!(h <= B::MAX_SEEDS);
            b = b.with(i, h);
        }
        b = b
            .with(B::MOVER_STORE, stores[0])
            .with(B::OPPONENT_STORE, stores[1]);
        if side == Side::North {
            b = b.flip(m);
        }
        TwoRowPosition { board: b, side }
    }

    /// The board as South sees it (South's houses in pits `0..m`, South's store the mover's).
    #[inline]
    pub fn south_board(&self, m: usize) -> B {
        match self.side {
            Side::South => self.board,
            Side::North => self.board.flip(m),
        }
    }

    /// Seeds in absolute house `h` (`0..2m`, South's first).
    pub fn house(&self, m: usize, h: usize) -> u32 {
        self.south_board(m).get(h)
    }

    /// Seeds in `side`'s store.
    pub fn store(&self, side: Side) -> u32 {
        if side == self.side {
            self.board.get(B::MOVER_STORE)
        } else {
            self.board.get(B::OPPONENT_STORE)
        }
    }

    /// Absolute house counts, South's `m` houses then North's, in sowing order.
    pub fn absolute_houses(&self, m: usize) -> Vec<u32> {
        let b = self.south_board(m);
        (0..2 * m).map(|i| b.get(i)).collect()
    }

    /// Seeds in `side`'s houses.
    pub fn side_seeds(&self, m: usize, side: Side) -> u32 {
        if side == self.side {
            self.board.mover_seeds(m)
        } else {
            self.board.opponent_seeds(m)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{MOVER_STORE, OPPONENT_STORE};

    #[test]
    fn flip_swaps_halves_and_stores() {
        let p: TwoRowPosition =
            TwoRowPosition::from_absolute(&[1, 2, 3, 4, 5, 6], [7, 8], Side::North);
        // North to move: bytes 0..3 hold North's houses 4,5,6.
        assert_eq!(p.board.get(0), 4);
        assert_eq!(p.board.get(5), 3);
        assert_eq!(p.board.get(MOVER_STORE), 8);
        assert_eq!(p.board.get(OPPONENT_STORE), 7);
        assert_eq!(p.absolute_houses(3), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(p.board.flip(3).flip(3), p.board);
        assert_eq!(p.board.mover_seeds(3), 15);
        assert_eq!(p.board.opponent_seeds(3), 6);
        assert_eq!(p.board.board_seeds(3), 21);
        assert_eq!(p.store(Side::South), 7);
    }
}
