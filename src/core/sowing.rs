//! Table-driven sowing on the packed board: one lookup, one multiply, one add per move.
//!
//! Sowing `s` seeds from `origin` along a cycle of `L` pits gives every pit of the cycle
//! `q = s / L` seeds (full laps) and one more seed to the first `r = s % L` pits after the origin.
//! Both parts are byte masks over the packed [`Board`], so a move is `board + lap * q + partial[r]`
//! with no loop over seeds: no carries can happen because a game has at most 255 seeds.
//! The table is built once per game from the list of pits each origin sows into.

use super::{Board, MAX_HOUSES};

/// Longest cycle a two-row game sows along: every house and both stores.
pub const MAX_CYCLE: usize = 2 * MAX_HOUSES + 2;

/// Most origins a table has: every house of the board (games that lift the opponent's houses).
const MAX_ORIGINS: usize = 2 * MAX_HOUSES;

/// Precomputed sowing masks for each origin house (bytes `0..origins`).
#[derive(Clone, Debug)]
pub struct SowingTable {
    cycle_len: [u8; MAX_ORIGINS],
    lap: [u128; MAX_ORIGINS],
    partial: [[u128; MAX_CYCLE]; MAX_ORIGINS],
    last: [[u8; MAX_CYCLE]; MAX_ORIGINS],
}

impl SowingTable {
    /// Builds the table for origins `0..origins` (the mover's `m` houses, or all `2m` houses of
    /// the board). `cycle(origin)` lists the pits (board byte indices) that receive seeds, in
    /// sowing order; it includes `origin` itself where a seed drops back into it (last for a
    /// full lap, first for Woaley I's sowing that starts in the lifted house).
    ///
    /// Returns `None` if some origin's cycle is empty (nowhere to sow).
    pub fn new(origins: usize, cycle: impl Fn(usize) -> Vec<usize>) -> Option<SowingTable> {
        assert!(origins <= MAX_ORIGINS);
        let mut t = SowingTable {
            cycle_len: [0; MAX_ORIGINS],
            lap: [0; MAX_ORIGINS],
            partial: [[0; MAX_CYCLE]; MAX_ORIGINS],
            last: [[0; MAX_CYCLE]; MAX_ORIGINS],
        };
        for origin in 0..origins {
            let pits = cycle(origin);
            let len = pits.len();
            if len == 0 {
                return None;
            }
            assert!(len <= MAX_CYCLE);
            t.cycle_len[origin] = len as u8;
            let mut mask = 0u128;
            for (r, &pit) in pits.iter().enumerate() {
                t.partial[origin][r] = mask;
                mask |= 1u128 << (8 * pit);
            }
            t.lap[origin] = mask;
            t.last[origin][0] = pits[len - 1] as u8;
            for r in 1..len {
                t.last[origin][r] = pits[r - 1] as u8;
            }
        }
        Some(t)
    }

    /// Lifts every seed of `origin` (which must hold at least one) and sows them.
    /// Returns the new board and the byte index of the pit that received the last seed.
    #[inline(always)]
    pub fn sow(&self, board: Board, origin: usize) -> (Board, usize) {
        // Origins are the mover's houses, bytes 0..7: the low 64 bits of the board.
        debug_assert!(origin < 8);
        let seeds = ((board.0 as u64) >> (8 * origin)) as u8 as u32;
        debug_assert!(seeds > 0);
        let lifted = board.0 ^ ((seeds as u64) << (8 * origin)) as u128;
        self.spread(lifted, origin, seeds)
    }

    /// [`SowingTable::sow`] for any origin of the table, the opponent's houses included.
    #[inline(always)]
    pub fn sow_from(&self, board: Board, origin: usize) -> (Board, usize) {
        let seeds = board.get(origin);
        debug_assert!(seeds > 0);
        self.spread(board.with(origin, 0).0, origin, seeds)
    }

    /// Drops `seeds` lifted from `origin` along its cycle on the board `lifted`.
    #[inline(always)]
    fn spread(&self, lifted: u128, origin: usize, seeds: u32) -> (Board, usize) {
        let len = self.cycle_len[origin] as u32;
        if seeds < len {
            // No full lap (the usual case): no division, no multiply.
            let sown = lifted + self.partial[origin][seeds as usize];
            return (Board(sown), self.last[origin][seeds as usize] as usize);
        }
        let (laps, rest) = (seeds / len, seeds % len);
        let sown = lifted + self.lap[origin] * laps as u128 + self.partial[origin][rest as usize];
        (Board(sown), self.last[origin][rest as usize] as usize)
    }
}

/// What undoing a sowing gives: see [`SowingTable::unsow`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsown {
    /// The board before the sowing (the origin holding the seeds again).
    Before(Board),
    /// Some pit holds fewer seeds than the sowing would have dropped there: so does every
    /// larger seed count.
    Short,
    /// The origin holds other than what the sowing would have left there.
    Mismatch,
}

impl SowingTable {
    /// Pits the cycle of `origin` has.
    #[inline(always)]
    pub fn cycle_len(&self, origin: usize) -> u32 {
        self.cycle_len[origin] as u32
    }

    /// Whether `origin`'s own pit is on its cycle (it gets a seed back on each full lap).
    #[inline(always)]
    pub fn sows_into_origin(&self, origin: usize) -> bool {
        self.lap[origin] >> (8 * origin) & 0xff != 0
    }

    /// The pit that receives the last of `seeds` seeds sown from `origin`.
    #[inline(always)]
    pub fn last_pit(&self, origin: usize, seeds: u32) -> usize {
        self.last[origin][(seeds % self.cycle_len[origin] as u32) as usize] as usize
    }

    /// Undoes [`SowingTable::sow`]: the board from which sowing `seeds` seeds from `origin`
    /// gives `after`, if there is one. Every byte of `after` must be below 128 (a game has at
    /// most 255 seeds, a database layer at most 120).
    #[inline(always)]
    pub fn unsow(&self, after: Board, origin: usize, seeds: u32) -> Unsown {
        const HIGH: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;
        let len = self.cycle_len[origin] as u32;
        let (laps, rest) = (seeds / len, seeds % len);
        let dropped = self.lap[origin] * laps as u128 + self.partial[origin][rest as usize];
        debug_assert_eq!(after.0 & HIGH, 0);
        // Byte by byte `after - dropped`; a byte that borrows clears its high bit.
        let diff = (after.0 | HIGH) - dropped;
        if diff & HIGH != HIGH {
            return Unsown::Short;
        }
        let lifted = Board(diff ^ HIGH);
        if lifted.get(origin) != 0 {
            return Unsown::Mismatch;
        }
        Unsown::Before(lifted.with(origin, seeds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsow_undoes_sow() {
        let m = 3;
        let t = SowingTable::new(m, |o| (1..=2 * m).map(|k| (o + k) % (2 * m)).collect()).unwrap();
        for origin in 0..m {
            for seeds in 1..=20u32 {
                let before = Board(0)
                    .with(origin, seeds)
                    .with(4, 1)
                    .with((origin + 1) % 6, 2);
                let (after, _) = t.sow(before, origin);
                assert_eq!(t.unsow(after, origin, seeds), Unsown::Before(before));
            }
        }
        // Two seeds from house 0 cannot leave house 2 empty; a larger count cannot either.
        let after = Board(0).with(1, 1);
        assert_eq!(t.unsow(after, 0, 1), Unsown::Before(Board(0).with(0, 1)));
        assert_eq!(t.unsow(after, 0, 2), Unsown::Short);
        // Six seeds (a full lap, the origin included) leave the origin one seed, not none.
        let after = Board(0x0101_0101_0101);
        assert_eq!(t.unsow(after, 0, 6), Unsown::Before(Board(0).with(0, 6)));
        assert_eq!(t.unsow(after.with(0, 0), 0, 6), Unsown::Short);
        assert_eq!(t.unsow(after.with(0, 2), 0, 6), Unsown::Mismatch);
    }

    /// Plain one-seed-at-a-time sowing along the same cycle.
    fn slow(board: Board, origin: usize, pits: &[usize]) -> (Board, usize) {
        let mut b = board.with(origin, 0);
        let mut last = origin;
        for k in 0..board.get(origin) as usize {
            last = pits[k % pits.len()];
            b = b.with(last, b.get(last) + 1);
        }
        (b, last)
    }

    #[test]
    fn table_matches_seed_by_seed_sowing() {
        let m = 3;
        let ring = [0usize, 1, 2, 14, 3, 4, 5];
        let cycle = |o: usize| -> Vec<usize> {
            let at = ring.iter().position(|&p| p == o).unwrap();
            (1..=ring.len())
                .map(|k| ring[(at + k) % ring.len()])
                .collect()
        };
        let t = SowingTable::new(m, cycle).unwrap();
        for origin in 0..m {
            for seeds in 1..=40u32 {
                let b = Board(0).with(origin, seeds).with(4, 2);
                assert_eq!(
                    t.sow(b, origin),
                    slow(b, origin, &cycle(origin)),
                    "{origin} {seeds}"
                );
            }
        }
    }
}
