//! A shared, lock-free transposition table of value bounds.
//!
//! Each entry is four `AtomicU64` words: the 128-bit value key, a 64-bit history key (0 for a
//! position searched with no repetition history) and the data word, with every key word stored
//! XOR the data word (Hyatt's lockless hashing): a read whose words come from two different
//! writes fails its check and counts as a miss, so threads never see a torn entry. Keys are
//! compared in full, so a hit is never a different position. Two entries share a 64-byte bucket;
//! a new entry replaces the one that cost less work to compute.
//!
//! Bounds are stored relative to the store difference (what the board still brings, seeds, from
//! the mover's side), so one entry serves every store state of a board.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 32;

/// A probe hit: bounds on the board value (final store difference minus the current store
/// difference, seeds, mover's side) and the index of the best move found (in generation order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// Index of the best move in the list the rules generate, or `NO_MOVE`.
    pub best: u8,
}

/// No best move recorded.
pub const NO_MOVE: u8 = 0xff;

/// The table. Shared by reference between search threads.
///
/// The words live in an anonymous memory map (zeroed by the kernel, page-aligned) advised to use
/// huge pages where the system allows: a probe is a random access into a large table, and with
/// 4 KiB pages nearly every probe would also miss the TLB.
pub struct Table {
    map: memmap2::MmapMut,
    buckets: usize,
}

const VALID: u64 = 1 << 63;

fn pack(b: Bounds, work: u8) -> u64 {
    VALID
        | ((b.lower as i16 as u16 as u64) << 32)
        | ((b.upper as i16 as u16 as u64) << 16)
        | ((b.best as u64) << 8)
        | work as u64
}

fn unpack(d: u64) -> (Bounds, u8) {
    (
        Bounds {
            lower: (d >> 32) as u16 as i16 as i32,
            upper: (d >> 16) as u16 as i16 as i32,
            best: (d >> 8) as u8,
        },
        d as u8,
    )
}

#[inline(always)]
fn mix(mut x: u64) -> u64 {
    // splitmix64 finaliser
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Table {
    /// A table of about `megabytes` MiB (rounded down to a power of two, at least one bucket),
    /// zeroed.
    ///
    /// # Errors
    /// The operating system's error when the memory cannot be mapped.
    pub fn new(megabytes: usize) -> std::io::Result<Table> {
        let bytes = megabytes.clamp(1, 1 << 40).saturating_mul(1 << 20);
        let fit = bytes / (2 * ENTRY_BYTES);
        let buckets = if fit.is_power_of_two() {
            fit
        } else {
            fit.next_power_of_two() / 2
        };
        let buckets = buckets.max(1);
        let map = memmap2::MmapMut::map_anon(buckets * 2 * ENTRY_BYTES)?;
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(Table { map, buckets })
    }

    #[inline(always)]
    fn words(&self) -> &[AtomicU64] {
        let bytes: &[u8] = &self.map;
        // SAFETY: the map is page-aligned, its length a multiple of 8, it starts zeroed (a valid
        // `AtomicU64`), and it is only ever accessed through these atomics while `self` lives.
        unsafe { std::slice::from_raw_parts(bytes.as_ptr() as *const AtomicU64, bytes.len() / 8) }
    }

    /// Starts loading the bucket of `(key, extra)` into the cache.
    #[inline(always)]
    pub fn prefetch(&self, key: u128, extra: u64) {
        let at = self.bucket(key, extra);
        crate::core::prefetch(self.words()[at..].as_ptr());
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.buckets * 2
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.map.len()
    }

    #[inline(always)]
    fn bucket(&self, key: u128, extra: u64) -> usize {
        let h = mix((key as u64) ^ mix((key >> 64) as u64 ^ extra.rotate_left(17)));
        (h as usize & (self.buckets - 1)) * 8
    }

    #[inline(always)]
    fn read(&self, at: usize, key: u128, extra: u64) -> Option<(Bounds, u8)> {
        let w = &self.words()[at..at + 4];
        let data = w[3].load(Relaxed);
        if data & VALID == 0
            || w[0].load(Relaxed) ^ data != key as u64
            || w[1].load(Relaxed) ^ data != (key >> 64) as u64
            || w[2].load(Relaxed) ^ data != extra
        {
            return None;
        }
        Some(unpack(data))
    }

    #[inline(always)]
    fn write(&self, at: usize, key: u128, extra: u64, data: u64) {
        let w = &self.words()[at..at + 4];
        w[0].store(key as u64 ^ data, Relaxed);
        w[1].store((key >> 64) as u64 ^ data, Relaxed);
        w[2].store(extra ^ data, Relaxed);
        w[3].store(data, Relaxed);
    }

    /// The bounds stored for `(key, extra)`, if any.
    #[inline]
    pub fn probe(&self, key: u128, extra: u64) -> Option<Bounds> {
        let at = self.bucket(key, extra);
        self.read(at, key, extra)
            .or_else(|| self.read(at + 4, key, extra))
            .map(|(b, _)| b)
    }

    /// Stores bounds for `(key, extra)`, merged with bounds already stored for the same key.
    /// `work` is a measure of the effort (log2 of nodes searched) used for replacement.
    #[inline]
    pub fn store(&self, key: u128, extra: u64, mut b: Bounds, work: u8) {
        let at = self.bucket(key, extra);
        for slot in [at, at + 4] {
            if let Some((old, old_work)) = self.read(slot, key, extra) {
                let lower = b.lower.max(old.lower);
                let upper = b.upper.min(old.upper);
                if lower <= upper {
                    b.lower = lower;
                    b.upper = upper;
                }
                if b.best == NO_MOVE {
                    b.best = old.best;
                }
                self.write(slot, key, extra, pack(b, work.max(old_work)));
                return;
            }
        }
        let work_of = |slot: usize| {
            let d = self.words()[slot + 3].load(Relaxed);
            if d & VALID == 0 {
                0
            } else {
                1 + (d as u8) as u16
            }
        };
        let slot = if work_of(at) <= work_of(at + 4) {
            at
        } else {
            at + 4
        };
        self.write(slot, key, extra, pack(b, work));
    }

    /// How many entries of the first `sample` hold data (to estimate the fill).
    pub fn used_in_sample(&self, sample: usize) -> (usize, usize) {
        let n = sample.min(self.capacity());
        let used = (0..n)
            .filter(|i| self.words()[i * 4 + 3].load(Relaxed) & VALID != 0)
            .count();
        (used, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_merge() {
        let t = Table::new(1).unwrap();
        let k = 0x0102_0304u128 | (7u128 << 100);
        assert_eq!(t.probe(k, 0), None);
        t.store(
            k,
            0,
            Bounds {
                lower: -3,
                upper: 40,
                best: 2,
            },
            5,
        );
        t.store(
            k,
            0,
            Bounds {
                lower: -100,
                upper: 7,
                best: NO_MOVE,
            },
            3,
        );
        assert_eq!(
            t.probe(k, 0),
            Some(Bounds {
                lower: -3,
                upper: 7,
                best: 2
            })
        );
        assert_eq!(t.probe(k, 1), None);
        assert_eq!(t.probe(k ^ 1, 0), None);
    }
}
