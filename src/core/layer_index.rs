//! Ranking the positions of one database layer: every way to put `n` seeds into `2m` houses.
//!
//! A layer holds the boards with exactly `n` seeds in the houses, seen from the mover (bytes
//! `0..2m` of a [`Board`], the mover's houses first). By stars and bars there are
//! `C(n + 2m - 1, 2m - 1)` of them. A board `h_0 .. h_{2m-1}` is mapped to the combination of
//! "bar positions" `s_i = h_0 + .. + h_i + i` (`i < 2m - 1`), strictly increasing in
//! `0 .. n + 2m - 1`, and ranked in colexicographic order: `rank = Σ C(s_i, i + 1)` (the
//! combinatorial number system; Irving et al. 2000 and Romein & Bal 2002 rank their Kalah and
//! Awari layers with binomial coefficients in the same way). Ranking is one table lookup per
//! house, no allocation.

use super::{Board, MAX_HOUSES};

/// Most seeds a database layer may hold: values (`-n..=n`) are stored in one signed byte, and
/// the builder keeps a few byte codes free as markers.
pub const MAX_LAYER_SEEDS: u32 = 120;

/// Rows of the binomial table: the largest bar position is `MAX_LAYER_SEEDS + 2 * MAX_HOUSES - 2`.
const ROWS: usize = MAX_LAYER_SEEDS as usize + 2 * MAX_HOUSES;
/// Columns: `k` of `C(s, k)` goes up to `2 * MAX_HOUSES - 1`.
const COLS: usize = 2 * MAX_HOUSES;

/// Ranks and unranks the boards of the layers of a game with `m` houses per player.
#[derive(Clone, Debug)]
pub struct LayerIndex {
    m: usize,
    /// `binom[s * COLS + k] = C(s, k)`, saturating at `u64::MAX`.
    binom: Vec<u64>,
}

impl LayerIndex {
    /// The index of a game with `houses` houses per player (`1 ..= 7`).
    ///
    /// # Panics
    /// If `houses` is 0 or more than [`MAX_HOUSES`] (game strings never allow that).
    pub fn new(houses: usize) -> LayerIndex {
        assert!(
            (1..=MAX_HOUSES).contains(&houses),
            "1 to 7 houses per player"
        );
        let mut binom = vec![0u64; ROWS * COLS];
        for s in 0..ROWS {
            binom[s * COLS] = 1;
            for k in 1..COLS {
                binom[s * COLS + k] = if s == 0 {
                    0
                } else {
                    binom[(s - 1) * COLS + k - 1].saturating_add(binom[(s - 1) * COLS + k])
                };
            }
        }
        LayerIndex { m: houses, binom }
    }

    /// Houses per player.
    pub fn houses(&self) -> usize {
        self.m
    }

    #[inline(always)]
    fn c(&self, s: usize, k: usize) -> u64 {
        self.binom[s * COLS + k]
    }

    /// Boards in layer `seeds`: `C(seeds + 2m - 1, 2m - 1)` (`None` beyond [`MAX_LAYER_SEEDS`]).
    pub fn layer_size(&self, seeds: u32) -> Option<u64> {
        (seeds <= MAX_LAYER_SEEDS).then(|| self.c(seeds as usize + 2 * self.m - 1, 2 * self.m - 1))
    }

    /// Boards in the layers below `seeds`: `C(seeds + 2m - 1, 2m)` (hockey-stick identity),
    /// `None` where the binomial table does not reach (`2m > 13` or beyond
    /// [`MAX_LAYER_SEEDS`]). With [`LayerIndex::rank`] it numbers every board of up to `N`
    /// seeds from 0 to `C(N + 2m, 2m) - 1`.
    pub fn layer_offset(&self, seeds: u32) -> Option<u64> {
        (seeds <= MAX_LAYER_SEEDS && 2 * self.m < COLS)
            .then(|| self.c(seeds as usize + 2 * self.m - 1, 2 * self.m))
    }

    /// The rank of `board` within its layer (the seeds in its houses); the stores are ignored.
    #[inline(always)]
    pub fn rank(&self, board: Board) -> u64 {
        let mut bytes = board.0;
        let mut s = 0usize;
        let mut rank = 0u64;
        for i in 0..2 * self.m - 1 {
            s += (bytes & 0xff) as usize;
            bytes >>= 8;
            rank += self.c(s + i, i + 1);
        }
        rank
    }

    /// The board of rank `rank` in layer `seeds` (stores empty), or `None` if `rank` is not below
    /// the layer size.
    pub fn unrank(&self, seeds: u32, rank: u64) -> Option<Board> {
        let size = self.layer_size(seeds)?;
        if rank >= size {
            return None;
        }
        let mut bars = [0usize; 2 * MAX_HOUSES];
        self.bars_of(seeds, rank, &mut bars);
        Some(self.board_of_bars(seeds, &bars))
    }

    /// Writes the bar positions of `rank` (which must be in the layer) into `bars`.
    fn bars_of(&self, seeds: u32, mut rank: u64, bars: &mut [usize; 2 * MAX_HOUSES]) {
        let k = 2 * self.m - 1;
        let mut limit = seeds as usize + k; // bar positions lie below this
        for i in (0..k).rev() {
            // The largest s < limit with C(s, i + 1) <= rank.
            let mut s = limit - 1;
            while self.c(s, i + 1) > rank {
                s -= 1;
            }
            rank -= self.c(s, i + 1);
            bars[i] = s;
            limit = s;
        }
    }

    fn board_of_bars(&self, seeds: u32, bars: &[usize; 2 * MAX_HOUSES]) -> Board {
        let k = 2 * self.m - 1;
        let mut packed = 0u128;
        let mut previous = 0usize; // bar position + 1 of the previous bar
        for (i, &s) in bars[..k].iter().enumerate() {
            packed |= ((s - previous) as u128) << (8 * i);
            previous = s + 1;
        }
        packed |= ((seeds as usize + k - 1 + 1 - previous) as u128) << (8 * k);
        Board(packed)
    }

    /// Calls `f(rank, board)` for every rank in `start..end` of layer `seeds`, in order, stepping
    /// from one board to the next without unranking each.
    ///
    /// # Panics
    /// If `end` exceeds the layer size.
    pub fn for_each(&self, seeds: u32, start: u64, end: u64, mut f: impl FnMut(u64, Board)) {
        if start >= end {
            return;
        }
        assert!(
            end <= self.layer_size(seeds).unwrap_or(0),
            "range beyond the layer"
        );
        let k = 2 * self.m - 1;
        let top = seeds as usize + k; // sentinel bar position
        let mut bars = [0usize; 2 * MAX_HOUSES];
        self.bars_of(seeds, start, &mut bars);
        bars[k] = top;
        for rank in start..end {
            f(rank, self.board_of_bars(seeds, &bars));
            // Colex successor: raise the lowest bar that can move, reset the ones below it.
            let mut i = 0;
            while i < k && bars[i] + 1 == bars[i + 1] {
                i += 1;
            }
            if i == k {
                break;
            }
            bars[i] += 1;
            for (j, b) in bars[..i].iter_mut().enumerate() {
                *b = j;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn houses_of(board: Board, m: usize) -> Vec<u32> {
        (0..2 * m).map(|i| board.get(i)).collect()
    }

    #[test]
    fn layer_sizes_are_binomials() {
        let ix = LayerIndex::new(6);
        // Romein & Bal (2002): 225,792,840 Awari positions with at most 20 seeds, 6 houses.
        let total: u64 = (0..=20).map(|n| ix.layer_size(n).unwrap()).sum();
        assert_eq!(total, 225_792_840);
        assert_eq!(ix.layer_size(0), Some(1));
        assert_eq!(ix.layer_size(1), Some(12));
        assert_eq!(ix.layer_size(2), Some(78));
        assert_eq!(LayerIndex::new(1).layer_size(5), Some(6));
    }

    /// Ranks 0..size unrank to distinct boards of the layer that rank back to themselves, and
    /// stepping gives the same boards as unranking.
    #[test]
    fn rank_and_unrank_are_a_bijection() {
        for m in 1..=4 {
            let ix = LayerIndex::new(m);
            for n in 0..=7 {
                let size = ix.layer_size(n).unwrap();
                let mut seen = std::collections::HashSet::new();
                let mut stepped = Vec::new();
                ix.for_each(n, 0, size, |r, b| stepped.push((r, b)));
                assert_eq!(stepped.len() as u64, size, "m={m} n={n}");
                for (r, b) in stepped {
                    assert_eq!(ix.unrank(n, r), Some(b));
                    assert_eq!(ix.rank(b), r);
                    assert_eq!(houses_of(b, m).iter().sum::<u32>(), n);
                    assert!(seen.insert(b));
                }
                assert_eq!(ix.unrank(n, size), None);
            }
        }
    }

    /// Every board of a layer is reached: enumerate compositions independently.
    #[test]
    fn every_board_has_a_rank_below_the_size() {
        let (m, n) = (2usize, 5u32);
        let ix = LayerIndex::new(m);
        let mut count = 0;
        for a in 0..=n {
            for b in 0..=n - a {
                for c in 0..=n - a - b {
                    let d = n - a - b - c;
                    let board =
                        Board(a as u128 | (b as u128) << 8 | (c as u128) << 16 | (d as u128) << 24);
                    assert!(ix.rank(board) < ix.layer_size(n).unwrap());
                    assert_eq!(ix.unrank(n, ix.rank(board)), Some(board));
                    count += 1;
                }
            }
        }
        assert_eq!(count, 56); // C(8, 3)
    }

    #[test]
    fn largest_layers_fit() {
        let ix = LayerIndex::new(7);
        let size = ix.layer_size(MAX_LAYER_SEEDS).unwrap();
        assert!(size < u64::MAX);
        let last = ix.unrank(MAX_LAYER_SEEDS, size - 1).unwrap();
        assert_eq!(last.get(0), MAX_LAYER_SEEDS);
        assert_eq!(ix.rank(last), size - 1);
        assert_eq!(ix.layer_size(MAX_LAYER_SEEDS + 1), None);
        let _ = houses_of(last, 7);
    }
}
