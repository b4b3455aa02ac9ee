//! Pit storage of the two-row games: the [`Pits`] trait, implemented by the packed [`Board`]
//! (one byte per pit in a `u128`, at most 7 houses a player and 255 seeds) and by the
//! [`WideBoard`] (one `u16` per pit in a fixed array, at most [`WIDE_MAX_HOUSES`] houses a player
//! and [`WIDE_MAX_SEEDS`] seeds).
//!
//! The two-row rules that accept wide boards (Kalah, the Oware family, Cups) are generic over
//! `B: Pits`; [`crate::rules::dispatch`] picks the packed board whenever the game fits it, so the
//! games that fit lose no speed, and the wide board otherwise. Both layouts are mover-relative
//! with the same indices for the houses (`0..m` the mover's, `m..2m` the opponent's, in sowing
//! order); stores and state pits sit at [`Pits::MOVER_STORE`], [`Pits::OPPONENT_STORE`],
//! [`Pits::STATE`] and [`Pits::STATE_2`].
//!
//! # Wide layout
//!
//! | index     | pit                                              |
//! |-----------|--------------------------------------------------|
//! | `0..m`    | the mover's houses, in sowing order              |
//! | `m..2m`   | the opponent's houses, in sowing order           |
//! | `2m..40`  | always zero                                      |
//! | `40`      | the mover's store                                |
//! | `41`      | the opponent's store                             |
//! | `42`, `43`| zero, or game state (Cups: the mover's and the opponent's hand) |
//!
//! # Value keys of wide boards
//!
//! [`Pits::unary_key`] is an exact key: the houses written in unary (each house's seeds as that
//! many 1 bits, houses separated by 0 bits, a leading 1 bit), so it is lossless while the
//! seeds on the board plus the number of houses stay below 128 (a leading bit, one bit a
//! house, one a seed). The wide rules answer
//! [`crate::rules::Rules::exact_keys`] with an error for positions beyond that, and the solver
//! refuses them: no hash of a wide board ever stands for a position.

use super::board::{Board, MAX_HOUSES, MAX_SEEDS, MOVER_STORE, OPPONENT_STORE};
use super::sowing::SowingTable;
use super::{STATE_BYTE, STATE_BYTE_2};
use std::fmt::Debug;
use std::hash::Hash;

/// Most houses a player has on the wide board.
pub const WIDE_MAX_HOUSES: usize = 20;
/// Most seeds a game on the wide board has in all (every pit is a `u16`).
pub const WIDE_MAX_SEEDS: u32 = u16::MAX as u32;
/// Pits of the wide board: `2 * WIDE_MAX_HOUSES` houses, two stores, two state pits.
pub const WIDE_PITS: usize = 2 * WIDE_MAX_HOUSES + 4;

/// The storage of a two-row board, mover-relative (see the module docs).
pub trait Pits: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// Most houses per player.
    const MAX_HOUSES: usize;
    /// Most seeds in a game.
    const MAX_SEEDS: u32;
    /// Index of the mover's store.
    const MOVER_STORE: usize;
    /// Index of the opponent's store.
    const OPPONENT_STORE: usize;
    /// Index of the first state pit (games with extra state).
    const STATE: usize;
    /// Index of the second state pit.
    const STATE_2: usize;
    /// Most houses per player in games that keep state in [`Pits::STATE`] and [`Pits::STATE_2`].
    const MAX_HOUSES_WITH_STATE: usize;
    /// In words, for error messages: "the packed board (one byte per pit)".
    const NAME: &'static str;
    /// Precomputed sowing of one game (cycles of pits from each origin).
    type Table: Clone + Debug + Send + Sync;

    /// Seeds in pit `i`.
    fn get(&self, i: usize) -> u32;
    /// The board with pit `i` set to `seeds` (at most [`Pits::MAX_SEEDS`]).
    fn with(self, i: usize, seeds: u32) -> Self;
    /// The same board seen from the other player: house halves and stores swapped, state
    /// pits cleared.
    fn flip(self, m: usize) -> Self;
    /// Seeds in the mover's `m` houses.
    fn mover_seeds(&self, m: usize) -> u32;
    /// Seeds in the opponent's `m` houses.
    fn opponent_seeds(&self, m: usize) -> u32;
    /// Seeds in all `2m` houses.
    fn board_seeds(&self, m: usize) -> u32 {
        self.mover_seeds(m) + self.opponent_seeds(m)
    }
    /// Whether the mover's houses are all empty.
    fn mover_empty(&self, m: usize) -> bool {
        self.mover_seeds(m) == 0
    }
    /// Whether the opponent's houses are all empty.
    fn opponent_empty(&self, m: usize) -> bool {
        self.opponent_seeds(m) == 0
    }
    /// Mover's store minus opponent's store.
    fn store_difference(&self) -> i32 {
        self.get(Self::MOVER_STORE) as i32 - self.get(Self::OPPONENT_STORE) as i32
    }
    /// The board with only the `2m` houses (stores and state zero).
    fn houses_only(self, m: usize) -> Self;
    /// The board with the houses and the first state pit (stores zero).
    fn houses_and_state(self, m: usize) -> Self;

    /// The sowing table of origins `0..origins`, `cycle(origin)` listing the pits that receive
    /// seeds in order (as [`SowingTable::new`]); `None` if a cycle is empty.
    fn table(origins: usize, cycle: impl Fn(usize) -> Vec<usize>) -> Option<Self::Table>;
    /// Lifts every seed of `origin` (non-empty) and sows them along its cycle: the board and
    /// the pit of the last seed.
    fn sow(self, table: &Self::Table, origin: usize) -> (Self, usize);
    /// The `k`-th non-empty house of the mover's `m` houses, `k = r * n / 2^32` for the `n`
    /// non-empty ones (`n >= 1`).
    fn random_nonempty_house(&self, m: usize, r: u32) -> usize;

    /// The packed board, if this is one (databases and lossless table codes use it).
    fn narrow(&self) -> Option<Board>;
    /// The board of a packed board's pits, if this storage is the packed board.
    fn from_narrow(board: Board) -> Option<Self>;
    /// The packed sowing table, if this storage is the packed board (database parents).
    fn narrow_table(table: &Self::Table) -> Option<&SowingTable>;

    /// A key of the pits `0..n` with nothing else: the packed board's bytes, or on the wide
    /// board the unary code of the module docs; `None` if the wide code would not fit 128 bits.
    fn unary_key(&self, n: usize) -> Option<u128>;

    /// [`Pits::sow`] from any origin of the table, the opponent's houses included (relay
    /// sowing that lifts houses on both sides of the board, as Ajwa's): the packed board's
    /// [`Pits::sow`] reads its origin from the mover's half only.
    fn sow_from(self, table: &Self::Table, origin: usize) -> (Self, usize);
}

impl Pits for Board {
    const MAX_HOUSES: usize = MAX_HOUSES;
    const MAX_SEEDS: u32 = MAX_SEEDS;
    const MOVER_STORE: usize = MOVER_STORE;
    const OPPONENT_STORE: usize = OPPONENT_STORE;
    const STATE: usize = STATE_BYTE;
    const STATE_2: usize = STATE_BYTE_2;
    const MAX_HOUSES_WITH_STATE: usize = 6;
    const NAME: &'static str = "the packed board (one byte per pit)";
    type Table = SowingTable;

    #[inline(always)]
    fn get(&self, i: usize) -> u32 {
        Board::get(*self, i)
    }
    #[inline(always)]
    fn with(self, i: usize, seeds: u32) -> Self {
        Board::with(self, i, seeds)
    }
    #[inline(always)]
    fn flip(self, m: usize) -> Self {
        Board::flip(self, m)
    }
    #[inline(always)]
    fn mover_seeds(&self, m: usize) -> u32 {
        Board::mover_seeds(*self, m)
    }
    #[inline(always)]
    fn opponent_seeds(&self, m: usize) -> u32 {
        Board::opponent_seeds(*self, m)
    }
    #[inline(always)]
    fn board_seeds(&self, m: usize) -> u32 {
        Board::board_seeds(*self, m)
    }
    #[inline(always)]
    fn mover_empty(&self, m: usize) -> bool {
        self.0 & Board::mover_houses_mask(m) == 0
    }
    #[inline(always)]
    fn opponent_empty(&self, m: usize) -> bool {
        self.0 & Board::opponent_houses_mask(m) == 0
    }
    #[inline(always)]
    fn store_difference(&self) -> i32 {
        Board::store_difference(*self)
    }
    #[inline(always)]
    fn houses_only(self, m: usize) -> Self {
        Board(self.0 & Board::houses_mask(m))
    }
    #[inline(always)]
    fn houses_and_state(self, m: usize) -> Self {
        Board(self.0 & (Board::houses_mask(m) | 0xff << (8 * STATE_BYTE)))
    }
    fn table(origins: usize, cycle: impl Fn(usize) -> Vec<usize>) -> Option<SowingTable> {
        SowingTable::new(origins, cycle)
    }
    #[inline(always)]
    fn sow(self, table: &SowingTable, origin: usize) -> (Self, usize) {
        table.sow(self, origin)
    }
    /// Branch-free byte tests on the packed board (SWAR).
    #[inline(always)]
    fn random_nonempty_house(&self, m: usize, r: u32) -> usize {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const BYTES: u64 = 0x0101_0101_0101_0101;
        let houses = self.0 as u64 & (u64::MAX >> (64 - 8 * m));
        // The high bit of each byte is set where the byte is not zero.
        let nonempty = ((houses & LOW7).wrapping_add(LOW7) | houses) & !LOW7;
        let n = nonempty.count_ones() as u64;
        let k = (r as u64 * n) >> 32;
        // Byte j of `prefix`: non-empty houses among 0..=j (at most 7, so no carries). The
        // house wanted is the first whose prefix exceeds k: no loop, no branch.
        let prefix = (nonempty >> 7).wrapping_mul(BYTES);
        let reached = prefix.wrapping_add((0x7f - k) * BYTES) & !LOW7;
        (reached.trailing_zeros() / 8) as usize
    }
    #[inline(always)]
    fn narrow(&self) -> Option<Board> {
        Some(*self)
    }
    #[inline(always)]
    fn from_narrow(board: Board) -> Option<Self> {
        Some(board)
    }
    #[inline(always)]
    fn narrow_table(table: &SowingTable) -> Option<&SowingTable> {
        Some(table)
    }
    #[inline(always)]
    fn unary_key(&self, n: usize) -> Option<u128> {
        Some(if n >= 16 {
            self.0
        } else {
            self.0 & ((1u128 << (8 * n)) - 1)
        })
    }

    #[inline(always)]
    fn sow_from(self, table: &SowingTable, origin: usize) -> (Self, usize) {
        table.sow_from(self, origin)
    }
}

/// The wide two-row board: one `u16` per pit, mover-relative (see the module docs). `Copy`,
/// 88 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct WideBoard(pub [u16; WIDE_PITS]);

impl Default for WideBoard {
    fn default() -> Self {
        WideBoard([0; WIDE_PITS])
    }
}

/// Longest sowing cycle of the wide board: every house and both stores.
const WIDE_CYCLE: usize = 2 * WIDE_MAX_HOUSES + 2;

/// The sowing table of a wide game: each origin's cycle of pits, walked seed by seed (whole
/// laps added at once). Fixed arrays: no allocation while sowing.
#[derive(Clone, Debug)]
pub struct WideTable {
    len: [u8; 2 * WIDE_MAX_HOUSES],
    pits: [[u8; WIDE_CYCLE]; 2 * WIDE_MAX_HOUSES],
}

impl Pits for WideBoard {
    const MAX_HOUSES: usize = WIDE_MAX_HOUSES;
    const MAX_SEEDS: u32 = WIDE_MAX_SEEDS;
    const MOVER_STORE: usize = 2 * WIDE_MAX_HOUSES;
    const OPPONENT_STORE: usize = 2 * WIDE_MAX_HOUSES + 1;
    const STATE: usize = 2 * WIDE_MAX_HOUSES + 2;
    const STATE_2: usize = 2 * WIDE_MAX_HOUSES + 3;
    const MAX_HOUSES_WITH_STATE: usize = WIDE_MAX_HOUSES;
    const NAME: &'static str = "the wide board (two bytes per pit)";
    type Table = WideTable;

    #[inline(always)]
    fn get(&self, i: usize) -> u32 {
        self.0[i] as u32
    }
    #[inline(always)]
    fn with(mut self, i: usize, seeds: u32) -> Self {
        debug_assert!(seeds <= WIDE_MAX_SEEDS);
        self.0[i] = seeds as u16;
        self
    }
    #[inline]
    fn flip(self, m: usize) -> Self {
        let mut b = WideBoard::default();
        b.0[..m].copy_from_slice(&self.0[m..2 * m]);
        b.0[m..2 * m].copy_from_slice(&self.0[..m]);
        b.0[Self::MOVER_STORE] = self.0[Self::OPPONENT_STORE];
        b.0[Self::OPPONENT_STORE] = self.0[Self::MOVER_STORE];
        b
    }
    #[inline]
    fn mover_seeds(&self, m: usize) -> u32 {
        self.0[..m].iter().map(|&s| s as u32).sum()
    }
    #[inline]
    fn opponent_seeds(&self, m: usize) -> u32 {
        self.0[m..2 * m].iter().map(|&s| s as u32).sum()
    }
    #[inline]
    fn mover_empty(&self, m: usize) -> bool {
        self.0[..m].iter().all(|&s| s == 0)
    }
    #[inline]
    fn opponent_empty(&self, m: usize) -> bool {
        self.0[m..2 * m].iter().all(|&s| s == 0)
    }
    #[inline]
    fn houses_only(self, m: usize) -> Self {
        let mut b = WideBoard::default();
        b.0[..2 * m].copy_from_slice(&self.0[..2 * m]);
        b
    }
    #[inline]
    fn houses_and_state(self, m: usize) -> Self {
        self.houses_only(m).with(Self::STATE, self.get(Self::STATE))
    }
    fn table(origins: usize, cycle: impl Fn(usize) -> Vec<usize>) -> Option<WideTable> {
        assert!(origins <= 2 * WIDE_MAX_HOUSES);
        let mut t = WideTable {
            len: [0; 2 * WIDE_MAX_HOUSES],
            pits: [[0; WIDE_CYCLE]; 2 * WIDE_MAX_HOUSES],
        };
        for origin in 0..origins {
            let pits = cycle(origin);
            if pits.is_empty() {
                return None;
            }
            assert!(pits.len() <= WIDE_CYCLE);
            t.len[origin] = pits.len() as u8;
            for (k, &p) in pits.iter().enumerate() {
                t.pits[origin][k] = p as u8;
            }
        }
        Some(t)
    }
    #[inline]
    fn sow(mut self, table: &WideTable, origin: usize) -> (Self, usize) {
        let seeds = self.0[origin];
        debug_assert!(seeds > 0);
        self.0[origin] = 0;
        let len = table.len[origin] as u16;
        let cycle = &table.pits[origin][..len as usize];
        let (laps, rest) = (seeds / len, seeds % len);
        if laps > 0 {
            for &p in cycle {
                self.0[p as usize] += laps;
            }
        }
        for &p in &cycle[..rest as usize] {
            self.0[p as usize] += 1;
        }
        let last = cycle[((seeds - 1) % len) as usize] as usize;
        (self, last)
    }
    #[inline]
    fn random_nonempty_house(&self, m: usize, r: u32) -> usize {
        let n = self.0[..m].iter().filter(|&&s| s > 0).count() as u64;
        let k = ((r as u64 * n) >> 32) as usize;
        self.0[..m]
            .iter()
            .enumerate()
            .filter(|(_, &s)| s > 0)
            .nth(k)
            .map(|(h, _)| h)
            .expect("a mover with seeds has a non-empty house")
    }
    #[inline(always)]
    fn narrow(&self) -> Option<Board> {
        None
    }
    #[inline(always)]
    fn from_narrow(_board: Board) -> Option<Self> {
        None
    }
    #[inline(always)]
    fn narrow_table(_table: &WideTable) -> Option<&SowingTable> {
        None
    }
    #[inline]
    fn unary_key(&self, n: usize) -> Option<u128> {
        let seeds: u32 = self.0[..n].iter().map(|&s| s as u32).sum();
        if seeds as usize + n > 127 {
            return None;
        }
        let mut key = 1u128;
        for &s in &self.0[..n] {
            // A 0 bit, then `s` 1 bits (`s < 128` here).
            key = ((key << 1) << s) | ((1u128 << s) - 1);
        }
        Some(key)
    }

    #[inline(always)]
    fn sow_from(self, table: &WideTable, origin: usize) -> (Self, usize) {
        self.sow(table, origin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wide board sows as the packed board does on a board both hold.
    #[test]
    fn wide_sowing_matches_packed_sowing() {
        let m = 4;
        let ring: Vec<usize> = (0..m).chain([usize::MAX]).chain(m..2 * m).collect();
        let cycle = |store: usize| {
            let ring = ring.clone();
            move |o: usize| -> Vec<usize> {
                let at = ring.iter().position(|&p| p == o).unwrap();
                (1..=ring.len())
                    .map(|k| ring[(at + k) % ring.len()])
                    .map(|p| if p == usize::MAX { store } else { p })
                    .collect()
            }
        };
        let narrow = Board::table(m, cycle(MOVER_STORE)).unwrap();
        let wide = WideBoard::table(m, cycle(WideBoard::MOVER_STORE)).unwrap();
        for origin in 0..m {
            for seeds in 1..=30u32 {
                let b = Board(0).with(origin, seeds).with(5, 2).with(1, 1);
                let mut w = WideBoard::default();
                for i in 0..2 * m {
                    w = w.with(i, b.get(i));
                }
                let (nb, nl) = Pits::sow(b, &narrow, origin);
                let (wb, wl) = w.sow(&wide, origin);
                let nl = if nl == MOVER_STORE {
                    WideBoard::MOVER_STORE
                } else {
                    nl
                };
                assert_eq!(nl, wl, "{origin} {seeds}");
                for i in 0..2 * m {
                    assert_eq!(Board::get(nb, i), wb.get(i));
                }
                assert_eq!(Board::get(nb, MOVER_STORE), wb.get(WideBoard::MOVER_STORE));
            }
        }
    }

    #[test]
    fn wide_flip_and_sums() {
        let mut b = WideBoard::default();
        for i in 0..40 {
            b = b.with(i, i as u32 * 25);
        }
        b = b.with(WideBoard::MOVER_STORE, 7).with(WideBoard::STATE, 3);
        let f = b.flip(20);
        assert_eq!(f.get(0), 500);
        assert_eq!(f.get(20), 0);
        assert_eq!(f.get(WideBoard::OPPONENT_STORE), 7);
        assert_eq!(f.get(WideBoard::STATE), 0);
        assert_eq!(b.mover_seeds(20), 25 * 190);
        assert_eq!(b.opponent_seeds(20), 25 * (780 - 190));
        assert!(!b.mover_empty(20));
        assert!(WideBoard::default().mover_empty(20));
        assert_eq!(f.flip(20).houses_only(20), b.houses_only(20));
    }

    /// The unary key is injective: a few hand-made boards and their codes.
    #[test]
    fn unary_key_by_hand() {
        let b = WideBoard::default().with(0, 2).with(2, 1);
        // 1, then house 0: 0 11, house 1: 0, house 2: 0 1.
        assert_eq!(b.unary_key(3), Some(0b1_011_0_01));
        let c = WideBoard::default().with(0, 1).with(1, 1);
        assert_ne!(c.unary_key(3), b.unary_key(3));
        let full = WideBoard::default().with(0, 100).with(1, 20);
        assert_eq!(full.unary_key(40), None);
        assert!(WideBoard::default().with(0, 87).unary_key(40).is_some());
        assert_eq!(WideBoard::default().with(0, 88).unary_key(40), None);
    }
}
