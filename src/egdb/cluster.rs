//! The processes a database build runs on: one (the default, [`Single`]) or the ranks of an
//! MPI job (feature `mpi`, [`super::mpi`]).
//!
//! A layer's positions are split into contiguous rank ranges ([`Partition`]), one per process.
//! Each process holds the cells of its range only, and every lower layer in full (the exits are
//! read from the memory-mapped files) or, in a partitioned build, its own range of every lower
//! layer (the exits in other ranges are asked of their processes). The single-process build is
//! the partition into one range: the builder has one code path.

use std::ops::Range;

/// The collective operations a build needs. Every process calls the same operations in the
/// same order (a process that cannot go on stops the whole job instead: see
/// [`super::mpi`]). Calls come from one thread at a time (the build's driver, which may be a
/// worker of the build's thread pool).
pub(crate) trait Cluster: Sync {
    /// This process's number, `0..ranks()`.
    fn rank(&self) -> usize;
    /// Processes in the build.
    fn ranks(&self) -> usize;
    /// Each process gives `mine` (the same length everywhere); every process gets all of them
    /// concatenated in process order.
    fn all_gather(&self, mine: &[u64]) -> Vec<u64>;
    /// Sends `out[r]` to process `r` (`out` has [`Cluster::ranks`] entries, dropped once
    /// copied into the message); returns what every process sent here, concatenated in process
    /// order, and how many words each sent.
    fn all_to_all(&self, out: Vec<Vec<u64>>) -> (Vec<u64>, Vec<usize>);
    /// Process `root` gets every process's `mine` concatenated in process order in `into`
    /// (process `r` gives `counts[r]` bytes, known to all); `into` is not used elsewhere.
    fn gather_bytes(&self, root: usize, mine: &[u8], counts: &[usize], into: &mut [u8]);
    /// Waits until every process has come here.
    fn barrier(&self);
    /// The processes start building layer `layer` of `game` (a process stopped from outside
    /// says so).
    fn building(&self, game: &str, layer: u32) {
        let _ = (game, layer);
    }

    /// The sum of every process's `x`.
    fn sum(&self, x: u64) -> u64 {
        self.all_gather(&[x]).iter().sum()
    }
    /// The largest of every process's `x`.
    fn max(&self, x: u64) -> u64 {
        self.all_gather(&[x]).into_iter().max().unwrap_or(x)
    }
    /// Whether `yes` holds on every process.
    fn all(&self, yes: bool) -> bool {
        self.all_gather(&[yes as u64]).iter().all(|&v| v == 1)
    }
    /// Each process gives `mine` (of any length); every process gets all of them in process
    /// order.
    fn all_gather_bytes(&self, mine: &[u8]) -> Vec<Vec<u8>> {
        let lens = self.all_gather(&[mine.len() as u64]);
        // At least one word: an empty buffer may be read as `MPI_IN_PLACE`.
        let words = lens
            .iter()
            .map(|&l| l.div_ceil(8))
            .max()
            .unwrap_or(0)
            .max(1) as usize;
        let mut padded = vec![0u64; words];
        for (word, chunk) in padded.iter_mut().zip(mine.chunks(8)) {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            *word = u64::from_le_bytes(bytes);
        }
        let all = self.all_gather(&padded);
        all.chunks(words)
            .zip(&lens)
            .map(|(words, &len)| {
                let bytes = words.iter().flat_map(|w| w.to_le_bytes());
                bytes.take(len as usize).collect()
            })
            .collect()
    }
}

/// One process: every collective is a copy.
pub(crate) struct Single;

impl Cluster for Single {
    fn rank(&self) -> usize {
        0
    }
    fn ranks(&self) -> usize {
        1
    }
    fn all_gather(&self, mine: &[u64]) -> Vec<u64> {
        mine.to_vec()
    }
    fn all_to_all(&self, mut out: Vec<Vec<u64>>) -> (Vec<u64>, Vec<usize>) {
        let mine = out.swap_remove(0);
        let len = mine.len();
        (mine, vec![len])
    }
    fn gather_bytes(&self, _root: usize, mine: &[u8], _counts: &[usize], into: &mut [u8]) {
        into.copy_from_slice(mine);
    }
    fn barrier(&self) {}
}

/// A layer of `size` positions split into `ranks` contiguous ranges of ranks, in process order,
/// as even as can be (sizes differ by at most one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Partition {
    size: u64,
    ranks: usize,
}

impl Partition {
    pub fn new(size: u64, ranks: usize) -> Partition {
        assert!(ranks > 0);
        Partition { size, ranks }
    }

    /// First position of process `r`'s range (`r = ranks`: the layer's size).
    #[inline(always)]
    fn start(&self, r: usize) -> u64 {
        // In 64 bits while the product fits (every layer up to 2^48 positions with up to
        // 2^16 processes): a 128-bit division is a library call.
        if self.size < 1 << 48 && r < 1 << 16 {
            self.size * r as u64 / self.ranks as u64
        } else {
            (self.size as u128 * r as u128 / self.ranks as u128) as u64
        }
    }

    /// The positions of process `r`.
    pub fn range(&self, r: usize) -> Range<u64> {
        self.start(r)..self.start(r + 1)
    }

    /// The process whose range holds position `rank`.
    #[inline]
    pub fn owner(&self, rank: u64) -> usize {
        debug_assert!(rank < self.size);
        // start(r) <= rank for this first guess; ranges may be one shorter, so step on.
        let mut r = if self.size < 1 << 48 && self.ranks < 1 << 16 {
            (rank * self.ranks as u64 / self.size) as usize
        } else {
            (rank as u128 * self.ranks as u128 / self.size as u128) as usize
        };
        while self.start(r + 1) <= rank {
            r += 1;
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_the_layer_and_owners_agree() {
        for size in [0u64, 1, 2, 3, 7, 10, 64, 1001] {
            for ranks in 1..=9 {
                let p = Partition::new(size, ranks);
                let mut next = 0;
                for r in 0..ranks {
                    let range = p.range(r);
                    assert_eq!(range.start, next, "size {size}, {ranks} ranks");
                    assert!(range.end - range.start <= size / ranks as u64 + 1);
                    for rank in range.clone() {
                        assert_eq!(p.owner(rank), r, "size {size}, {ranks} ranks, rank {rank}");
                    }
                    next = range.end;
                }
                assert_eq!(next, size);
            }
        }
    }
}
