//! The packed two-row board: one byte per pit in a `u128`, seen from the mover's side.
//!
//! # Bit layout
//!
//! Byte `i` of the `u128` (bits `8i..8i+7`) holds the seeds of one pit. The layout is relative to
//! the player to move (the *mover*), as in Irving's Kalah solver and Romein & Bal's Awari
//! databases, so that a position and its mirror image share everything the search learns:
//!
//! | bytes        | pit                                                        |
//! |--------------|------------------------------------------------------------|
//! | `0..m`       | the mover's houses, in sowing order (the mover's left to right) |
//! | `m..2m`      | the opponent's houses, in sowing order                     |
//! | `2m..12`     | always zero                                                |
//! | `12`, `13`   | zero, or game state in games of at most 6 houses ([`STATE_BYTE`]) |
//! | `14`         | the mover's store ([`MOVER_STORE`])                        |
//! | `15`         | the opponent's store ([`OPPONENT_STORE`])                  |
//!
//! So `m <= 7` houses per player ([`MAX_HOUSES`]) and at most 255 seeds in the game
//! ([`MAX_SEEDS`]): every pit, store included, then fits its byte, and byte-wise additions
//! (several pits sown at once, SWAR) never carry into a neighbour. Game strings and positions
//! beyond these limits are refused when they are parsed.

/// Most houses per player that the packed board holds (14 house bytes + 2 store bytes).
pub const MAX_HOUSES: usize = 7;
/// Most seeds a game may have in all: every pit is one byte.
pub const MAX_SEEDS: u32 = 255;
/// Byte index of the mover's store.
pub const MOVER_STORE: usize = 14;
/// Byte index of the opponent's store.
pub const OPPONENT_STORE: usize = 15;

/// Byte holding extra game state in games of at most 6 houses a side (Woaley I's forced house,
/// Adi's last capturer, the mover's hand in Cups). [`Board::flip`] clears it: each game carries
/// its state across a turn itself.
pub const STATE_BYTE: usize = 13;
/// A second state byte (the opponent's hand in Cups).
pub const STATE_BYTE_2: usize = 12;

/// 0x01 in every byte: multiplying by it sums bytes into the top byte.
const ONES: u128 = u128::from_le_bytes([1; 16]);

/// Seeds of every pit, packed one byte per pit, mover-relative (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board(pub u128);

impl Board {
    /// Seeds in pit (byte) `i`.
    #[inline(always)]
    pub fn get(self, i: usize) -> u32 {
        ((self.0 >> (8 * i)) & 0xff) as u32
    }

    /// The board with pit `i` set to `seeds` (`seeds <= 255`).
    #[inline(always)]
    pub fn with(self, i: usize, seeds: u32) -> Board {
        debug_assert!(seeds <= 255);
        Board((self.0 & !(0xffu128 << (8 * i))) | ((seeds as u128) << (8 * i)))
    }

    /// Mask of the mover's `m` house bytes.
    #[inline(always)]
    pub fn mover_houses_mask(m: usize) -> u128 {
        (1u128 << (8 * m)) - 1
    }

    /// Mask of the opponent's `m` house bytes.
    #[inline(always)]
    pub fn opponent_houses_mask(m: usize) -> u128 {
        Self::mover_houses_mask(m) << (8 * m)
    }

    /// Mask of all `2m` house bytes (no stores).
    #[inline(always)]
    pub fn houses_mask(m: usize) -> u128 {
        (1u128 << (16 * m)) - 1
    }

    /// Sum of the bytes selected by `mask`.
    #[inline(always)]
    pub fn sum(self, mask: u128) -> u32 {
        ((self.0 & mask).wrapping_mul(ONES) >> 120) as u32
    }

    /// Seeds in the mover's houses.
    #[inline(always)]
    pub fn mover_seeds(self, m: usize) -> u32 {
        self.sum(Self::mover_houses_mask(m))
    }

    /// Seeds in the opponent's houses.
    #[inline(always)]
    pub fn opponent_seeds(self, m: usize) -> u32 {
        self.sum(Self::opponent_houses_mask(m))
    }

    /// Seeds in all houses (not the stores).
    #[inline(always)]
    pub fn board_seeds(self, m: usize) -> u32 {
        self.sum(Self::houses_mask(m))
    }

    /// Mover's store minus opponent's store, in seeds.
    #[inline(always)]
    pub fn store_difference(self) -> i32 {
        self.get(MOVER_STORE) as i32 - self.get(OPPONENT_STORE) as i32
    }

    /// The pits of bytes `0..16` packed four bits each (pit `i` in bits `4i..4i+4`), if every
    /// pit holds at most 15 seeds: a lossless 64-bit code of the board (48 bits for the 12
    /// houses of a 6-house game). A few shifts and masks, no loop.
    #[inline(always)]
    pub fn nibble_code(self) -> Option<u64> {
        const HIGH: u128 = u128::from_le_bytes([0xf0; 16]);
        if self.0 & HIGH != 0 {
            return None;
        }
        let x = self.0;
        let x = (x | (x >> 4)) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
        let x = (x | (x >> 8)) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
        let x = (x | (x >> 16)) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
        Some((x | (x >> 32)) as u64)
    }

    /// The same board seen from the other player: house halves and stores swapped.
    #[inline(always)]
    pub fn flip(self, m: usize) -> Board {
        let w = 8 * m;
        let mask = Self::mover_houses_mask(m);
        let mover = self.0 & mask;
        let opponent = (self.0 >> w) & mask;
        let stores = (self.0 >> 112) as u16;
        Board(opponent | (mover << w) | ((stores.swap_bytes() as u128) << 112))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibble_code_packs_four_bits_a_pit() {
        let b = Board(0).with(0, 1).with(1, 2).with(5, 15).with(11, 7);
        assert_eq!(b.nibble_code(), Some(0x7000_00f0_0021));
        assert_eq!(Board(0).with(3, 16).nibble_code(), None);
        assert_eq!(
            Board(u128::from_le_bytes([15; 16])).nibble_code(),
            Some(u64::MAX)
        );
    }

    #[test]
    fn byte_sum_reaches_255_without_carry() {
        let mut b = Board(0);
        for i in 0..14 {
            b = b.with(i, 18);
        }
        b = b.with(14, 3);
        assert_eq!(b.board_seeds(7), 252);
        assert_eq!(b.sum(u128::MAX), 255);
    }
}
