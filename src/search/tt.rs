//! A shared, lock-free transposition table of value bounds: 8-byte entries, eight to a 64-byte
//! bucket (one cache line).
//!
//! The table is generic over the 24-bit payload its entries hold ([`Codec`]): the exact solver's
//! [`Exact`] (below) and the depth-limited search's [`crate::search::heuristic::Scored`] share
//! the buckets, tags, growth and replacement code; each codec says what its payload means and
//! how much work it records (replacement keeps the most work).
//!
//! # Entry layout ([`Exact`])
//! Each entry is one `AtomicU64`, so a read never sees half of one write and half of another:
//!
//! | bits | field |
//! |---|---|
//! | `0..8` | lower bound, `i8` (`-128`: none) |
//! | `8..16` | upper bound, `i8`, stored bit-inverted (`127`: none) |
//! | `16..19` | index of the best move in generation order (`7`: none) |
//! | `19..24` | work: log2 of the positions searched to compute the entry |
//! | `24..64` | tag: 40 bits of the key (every codec) |
//!
//! Bounds are on the *board value* (final store difference minus the current store difference,
//! seeds, from the mover's side), so one entry serves every store state of a board. An all-zero
//! word decodes to lower 0 > upper -1: empty (the kernel's zeroed pages need no clearing).
//!
//! # Keys
//! A position is located by a 64-bit key word:
//! * a **lossless code** below `2^CODE_BITS` ([`crate::rules::Rules::table_code`]; Kalah: the
//!   houses packed four bits each, or their rank) is mixed by a bijection of `CODE_BITS` bits;
//!   its low bits choose the bucket and bits `12..52` are the tag. Since the table has at
//!   least `2^12` buckets, bucket and tag together give back the whole code: a hit is never a
//!   different position.
//! * any other position (a game without such a code, or one searched with a repetition history)
//!   is located by a 64-bit hash of its value key and history key; a hit then checks 52 bits
//!   of the hash, so a probe meets a different position with probability at most `8 / 2^52`.
//!
//! The tag is always bits `12..52` of the key word, so the table can double its buckets in use
//! ([`Table::grow`]): each entry's new bucket follows from its bucket and tag. A solve starts
//! with a small table and grows it as it searches, so a short solve touches little memory.
//!
//! Replacement: a stored key is updated in place (bounds merged); a new key takes an empty
//! entry of its bucket, or else the one that cost the least work.

pub use crate::rules::CODE_BITS;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};

/// What an entry holds below its tag: 24 bits of payload ([`PAYLOAD_BITS`]).
///
/// An all-zero payload must decode to `None` (the kernel's zeroed pages are an empty table).
pub trait Codec: Send + Sync + 'static {
    /// A decoded entry.
    type Entry: Copy;
    /// The payload of `e` (below `2^PAYLOAD_BITS`), with `work` where the codec records it.
    fn encode(e: Self::Entry, work: u8) -> u64;
    /// The entry of a payload, `None` if it is empty.
    fn decode(payload: u64) -> Option<Self::Entry>;
    /// The work recorded in a payload that is not empty: replacement overwrites the entry of
    /// least work in a full bucket.
    fn work(payload: u64) -> u8;
    /// The entry to store when `new` (with `work`) meets `old` (stored for the same key, with
    /// `old_work`): the payload written.
    fn merge(new: Self::Entry, work: u8, old: Self::Entry, old_work: u8) -> u64;
}

/// Bits of an entry below its tag.
pub const PAYLOAD_BITS: u32 = 24;
const PAYLOAD_MASK: u64 = (1 << PAYLOAD_BITS) - 1;

/// The exact solver's payload: bounds on the board value in seeds, the best move's index and
/// the log2 of the positions searched (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl Codec for Exact {
    type Entry = Bounds;
    #[inline(always)]
    fn encode(b: Bounds, work: u8) -> u64 {
        encode(b, work)
    }
    #[inline(always)]
    fn decode(payload: u64) -> Option<Bounds> {
        decode(payload)
    }
    #[inline(always)]
    fn work(payload: u64) -> u8 {
        work_of(payload)
    }
    #[inline(always)]
    fn merge(mut b: Bounds, work: u8, old: Bounds, old_work: u8) -> u64 {
        let lower = b.lower.max(old.lower);
        let upper = b.upper.min(old.upper);
        if lower <= upper {
            b.lower = lower;
            b.upper = upper;
        }
        if b.best == NO_MOVE {
            b.best = old.best;
        }
        encode(b, work.max(old_work))
    }
}

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 8;
/// Entries per bucket (one 64-byte cache line).
pub const BUCKET_ENTRIES: usize = 8;
const TAG_BITS: u32 = 40;
/// The tag is bits `TAG_SHIFT..TAG_SHIFT + TAG_BITS` of the key word, whatever the table's
/// size: the bucket (at least `TAG_SHIFT` bits) and the tag together hold bits `0..CODE_BITS`.
const TAG_SHIFT: u32 = CODE_BITS - TAG_BITS;
/// The fewest buckets a table has: bucket bits and tag together cover [`CODE_BITS`].
pub const MIN_BUCKETS: usize = 1 << (CODE_BITS - TAG_BITS);

/// A probe hit: bounds on the board value (seeds, mover's side) and the index of the best move
/// found (in generation order), or [`NO_MOVE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this ([`NONE_LOWER`] when unknown).
    pub lower: i32,
    /// The value is at most this ([`NONE_UPPER`] when unknown).
    pub upper: i32,
    /// Index of the best move in the list the rules generate, or `NO_MOVE`.
    pub best: u8,
}

/// No best move recorded.
pub const NO_MOVE: u8 = 7;
/// A lower bound that says nothing (below every board value the entry can hold).
pub const NONE_LOWER: i32 = -(1 << 16);
/// An upper bound that says nothing.
pub const NONE_UPPER: i32 = 1 << 16;

/// Where a position lives in the table: its bucket's first word and its tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slot {
    at: usize,
    tag: u64,
}

impl Slot {
    /// The bucket number and the tag.
    #[inline(always)]
    pub fn parts(self) -> (usize, u64) {
        (self.at / BUCKET_ENTRIES, self.tag)
    }
}

/// The table. Shared by reference between search threads.
///
/// The words live in an anonymous memory map (zeroed by the kernel, page-aligned, faulted in
/// as first touched) advised to use huge pages where the system allows: a probe is a random
/// access into a large table, and with 4 KiB pages nearly every probe would also miss the TLB.
pub struct Table<C: Codec = Exact> {
    map: memmap2::MmapMut,
    codec: PhantomData<C>,
    /// log2 of the buckets in use now (grows up to `max_bits`).
    bucket_bits: AtomicU32,
    max_bits: u32,
    /// Set while one thread grows the table.
    growing: AtomicBool,
}

const CODE_MASK: u64 = (1 << CODE_BITS) - 1;
const TAG_MASK: u64 = (1 << TAG_BITS) - 1;

/// A bijection of the codes below `2^CODE_BITS` (xor-shifts and odd multipliers modulo
/// `2^CODE_BITS`) that spreads their bits over the low bits used as the bucket index.
#[inline(always)]
fn mix_code(mut x: u64) -> u64 {
    x ^= x >> 26;
    x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15) & CODE_MASK;
    x ^= x >> 26;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9) & CODE_MASK;
    x ^ (x >> 26)
}

/// The splitmix64 finaliser: a 64-bit hash of a 64-bit word.
#[inline(always)]
pub(crate) fn mix64(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[inline(always)]
fn encode(b: Bounds, work: u8) -> u64 {
    let lower = b.lower.clamp(-128, 127);
    // A lower bound below -127 is stored as "none" (-128), never raised.
    let lower = if b.lower < -127 { -128 } else { lower } as i8 as u8;
    let upper = if b.upper > 126 {
        127
    } else {
        b.upper.max(-128)
    } as i8 as u8;
    (lower as u64)
        | ((!upper as u64) << 8)
        | ((b.best.min(NO_MOVE) as u64) << 16)
        | ((work.min(31) as u64) << 19)
}

/// The bounds of a word, or `None` if it is empty.
#[inline(always)]
fn decode(w: u64) -> Option<Bounds> {
    let lower = w as u8 as i8 as i32;
    let upper = !(w >> 8) as u8 as i8 as i32;
    if lower > upper {
        return None;
    }
    Some(Bounds {
        lower: if lower == -128 { NONE_LOWER } else { lower },
        upper: if upper == 127 { NONE_UPPER } else { upper },
        best: ((w >> 16) & 7) as u8,
    })
}

#[inline(always)]
fn work_of(w: u64) -> u8 {
    ((w >> 19) & 31) as u8
}

/// The number of buckets of a table of `megabytes` MiB: rounded down to a power of two, at
/// least [`MIN_BUCKETS`].
pub fn buckets_for(megabytes: usize) -> usize {
    let bytes = megabytes.clamp(1, 1 << 40).saturating_mul(1 << 20);
    let fit = bytes / (BUCKET_ENTRIES * ENTRY_BYTES);
    let buckets = if fit.is_power_of_two() {
        fit
    } else {
        fit.next_power_of_two() / 2
    };
    buckets.max(MIN_BUCKETS)
}

impl<C: Codec> Table<C> {
    /// A table of about `megabytes` MiB (see [`buckets_for`]), empty, all in use.
    ///
    /// # Errors
    /// The operating system's error when the memory cannot be mapped.
    pub fn new(megabytes: usize) -> std::io::Result<Table<C>> {
        Self::growing(megabytes, megabytes)
    }

    /// A table that starts with about `initial` MiB in use and may grow ([`Table::grow`]) to
    /// about `megabytes` MiB (both rounded as [`buckets_for`] does). The whole size is
    /// mapped at once, but a page costs memory only once an entry on it is written.
    ///
    /// # Errors
    /// The operating system's error when the memory cannot be mapped.
    pub fn growing(initial: usize, megabytes: usize) -> std::io::Result<Table<C>> {
        let buckets = buckets_for(megabytes);
        let map = memmap2::MmapMut::map_anon(buckets * BUCKET_ENTRIES * ENTRY_BYTES)?;
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        let max_bits = buckets.trailing_zeros();
        Ok(Table {
            map,
            codec: PhantomData,
            bucket_bits: AtomicU32::new(buckets_for(initial).trailing_zeros().min(max_bits)),
            max_bits,
            growing: AtomicBool::new(false),
        })
    }

    /// A table of `buckets` buckets (a power of two, at least [`MIN_BUCKETS`]), empty.
    ///
    /// # Errors
    /// The operating system's error when the memory cannot be mapped.
    pub fn with_buckets(buckets: usize) -> std::io::Result<Table<C>> {
        assert!(buckets.is_power_of_two() && buckets >= MIN_BUCKETS);
        let mb = (buckets * BUCKET_ENTRIES * ENTRY_BYTES) >> 20;
        let t = Self::growing(mb.max(1), mb.max(1))?;
        t.bucket_bits.store(buckets.trailing_zeros(), Relaxed);
        Ok(t)
    }

    /// Whether the table can still grow.
    pub fn can_grow(&self) -> bool {
        self.bucket_bits.load(Relaxed) < self.max_bits
    }

    /// Doubles the buckets in use (up to the size mapped), moving each entry to the bucket its
    /// key now chooses. Safe while other threads probe and store: an entry they write to a
    /// bucket being emptied may be lost, and a probe may miss an entry being moved, but a hit
    /// is still always the position probed (bucket and tag keep their meaning). Returns
    /// whether it grew (false if another thread is growing it or it is at its size).
    pub fn grow(&self) -> bool {
        if !self.can_grow() || self.growing.swap(true, Relaxed) {
            return false;
        }
        let bits = self.bucket_bits.load(Relaxed);
        let old = 1usize << bits;
        // Lookups use the new size at once; entries of the upper half move there.
        self.bucket_bits.store(bits + 1, Relaxed);
        let words = self.words();
        for bucket in 0..old {
            for k in 0..BUCKET_ENTRIES {
                let at = bucket * BUCKET_ENTRIES + k;
                let w = words[at].load(Relaxed);
                let Some(e) = C::decode(w & PAYLOAD_MASK) else {
                    continue;
                };
                // Bit `bits` of the key word: its low TAG_SHIFT bits are the bucket's, the
                // rest are in the tag.
                let tag = w >> 24;
                if (tag << TAG_SHIFT >> bits) & 1 == 0 {
                    continue;
                }
                let slot = Slot {
                    at: (bucket + old) * BUCKET_ENTRIES,
                    tag,
                };
                let work = C::work(w & PAYLOAD_MASK);
                words[at].store(0, Relaxed);
                self.put(slot, e, work);
            }
        }
        self.growing.store(false, Relaxed);
        true
    }

    #[inline(always)]
    fn words(&self) -> &[AtomicU64] {
        let bytes: &[u8] = &self.map;
        // SAFETY: the map is page-aligned, its length a multiple of 8, it starts zeroed (a valid
        // `AtomicU64`), and it is only ever accessed through these atomics while `self` lives.
        unsafe { std::slice::from_raw_parts(bytes.as_ptr() as *const AtomicU64, bytes.len() / 8) }
    }

    #[inline(always)]
    fn slot_of(&self, h: u64) -> Slot {
        let mask = (1u64 << self.bucket_bits.load(Relaxed)) - 1;
        Slot {
            at: ((h & mask) as usize) * BUCKET_ENTRIES,
            tag: (h >> TAG_SHIFT) & TAG_MASK,
        }
    }

    /// The slot of a lossless code (below `2^CODE_BITS`).
    #[inline(always)]
    pub fn code_slot(&self, code: u64) -> Slot {
        debug_assert!(code <= CODE_MASK);
        self.slot_of(mix_code(code))
    }

    /// The slot of a position without a lossless code: a hash of its value key and history key.
    #[inline(always)]
    pub fn hash_slot(&self, key: u128, extra: u64) -> Slot {
        self.slot_of(mix64(
            (key as u64) ^ mix64((key >> 64) as u64 ^ extra.rotate_left(17)),
        ))
    }

    /// Starts loading the bucket of `slot` into the cache.
    #[inline(always)]
    pub fn prefetch(&self, slot: Slot) {
        crate::core::prefetch(self.words()[slot.at..].as_ptr());
    }

    /// Number of entries in use now.
    pub fn capacity(&self) -> usize {
        BUCKET_ENTRIES << self.bucket_bits.load(Relaxed)
    }

    /// Size in bytes in use now.
    pub fn bytes(&self) -> usize {
        self.capacity() * ENTRY_BYTES
    }

    #[inline(always)]
    fn bucket(&self, slot: Slot) -> &[AtomicU64] {
        &self.words()[slot.at..slot.at + BUCKET_ENTRIES]
    }

    /// The entry stored for `slot`, if any.
    #[inline]
    pub fn get(&self, slot: Slot) -> Option<C::Entry> {
        for w in self.bucket(slot) {
            let w = w.load(Relaxed);
            if w >> PAYLOAD_BITS == slot.tag {
                if let Some(e) = C::decode(w & PAYLOAD_MASK) {
                    return Some(e);
                }
            }
        }
        None
    }

    /// Stores `e` for `slot`, merged ([`Codec::merge`]) with the entry already stored for it.
    /// `work` is a measure of the effort, kept for replacement: a new key takes an empty entry
    /// of its bucket, or else the first of least work.
    #[inline]
    pub fn put(&self, slot: Slot, e: C::Entry, work: u8) {
        let bucket = self.bucket(slot);
        let (mut victim, mut victim_score) = (0, u16::MAX);
        for (i, w) in bucket.iter().enumerate() {
            let w = w.load(Relaxed);
            let payload = w & PAYLOAD_MASK;
            let score = match C::decode(payload) {
                Some(old) if w >> PAYLOAD_BITS == slot.tag => {
                    let merged = C::merge(e, work, old, C::work(payload));
                    bucket[i].store(merged | (slot.tag << PAYLOAD_BITS), Relaxed);
                    return;
                }
                Some(_) => 1 + C::work(payload) as u16,
                None => 0,
            };
            if score < victim_score {
                victim = i;
                victim_score = score;
            }
        }
        bucket[victim].store(C::encode(e, work) | (slot.tag << PAYLOAD_BITS), Relaxed);
    }

    /// How many entries of the first `sample` hold data (to estimate the fill).
    pub fn used_in_sample(&self, sample: usize) -> (usize, usize) {
        let n = sample.min(self.capacity());
        let used = self.words()[..n]
            .iter()
            .filter(|w| C::decode(w.load(Relaxed) & PAYLOAD_MASK).is_some())
            .count();
        (used, n)
    }
}

impl Table<Exact> {
    /// The number of buckets of a table of `megabytes` MiB ([`buckets_for`]).
    pub fn buckets_for(megabytes: usize) -> usize {
        buckets_for(megabytes)
    }

    /// The bounds stored for `slot`, if any.
    #[inline(always)]
    pub fn probe(&self, slot: Slot) -> Option<Bounds> {
        self.get(slot)
    }

    /// Stores bounds for `slot`, merged with bounds already stored for it. `work` is a measure
    /// of the effort (log2 of positions searched), kept for replacement.
    #[inline(always)]
    pub fn store(&self, slot: Slot, b: Bounds, work: u8) {
        self.put(slot, b, work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_merge() {
        let t = Table::<Exact>::with_buckets(MIN_BUCKETS).unwrap();
        let s = t.code_slot(0x0102_0304);
        assert_eq!(t.probe(s), None);
        let b = |lower, upper, best| Bounds { lower, upper, best };
        t.store(s, b(-3, 40, 2), 5);
        t.store(s, b(-100, 7, NO_MOVE), 3);
        assert_eq!(t.probe(s), Some(b(-3, 7, 2)));
        assert_eq!(t.probe(t.code_slot(0x0102_0305)), None);
        // Bounds beyond a byte are stored as "none", never narrowed.
        let s2 = t.code_slot(77);
        t.store(s2, b(-200, 300, 1), 1);
        assert_eq!(t.probe(s2), Some(b(NONE_LOWER, NONE_UPPER, 1)));
        t.store(s2, b(-128, 126, 1), 1);
        assert_eq!(t.probe(s2), Some(b(NONE_LOWER, 126, 1)));
    }

    #[test]
    fn code_mix_is_a_bijection_and_slots_keep_the_code() {
        // Distinct codes never share bucket and tag, even in the smallest table.
        let t = Table::<Exact>::with_buckets(MIN_BUCKETS).unwrap();
        let mut seen = std::collections::HashSet::new();
        for i in 0..200_000u64 {
            let s = t.code_slot(i.wrapping_mul(0x1234_5678_9abd) & CODE_MASK);
            assert!(seen.insert((s.at, s.tag)));
        }
    }

    #[test]
    fn growing_keeps_every_entry_findable() {
        let t = Table::<Exact>::growing(1, 16).unwrap();
        let b = |v: i32| Bounds {
            lower: v,
            upper: v,
            best: 1,
        };
        for code in 0..60_000u64 {
            t.store(t.code_slot(code * 7919), b((code % 50) as i32), 3);
        }
        let before: Vec<_> = (0..60_000u64)
            .map(|c| t.probe(t.code_slot(c * 7919)))
            .collect();
        assert!(before.iter().filter(|b| b.is_some()).count() > 55_000);
        assert!(t.grow() && t.grow());
        assert_eq!(t.capacity(), 4 * 131_072);
        for (c, was) in before.iter().enumerate() {
            assert_eq!(t.probe(t.code_slot(c as u64 * 7919)), *was, "code {c}");
        }
        assert!(
            !Table::<Exact>::new(1).unwrap().grow(),
            "a full-size table does not grow"
        );
    }

    /// Issue 30 (4): the bytes reported are the entries in use, 8 bytes each: a growing table
    /// of at most 1024 MiB starts at 1 MiB (2^17 entries) and doubles.
    #[test]
    fn reported_bytes_are_the_entries_in_use() {
        let t = Table::<Exact>::growing(1, 1024).unwrap();
        assert_eq!((t.capacity(), t.bytes()), (1 << 17, 1 << 20));
        assert!(t.grow());
        assert_eq!((t.capacity(), t.bytes()), (1 << 18, 2 << 20));
    }

    #[test]
    fn a_full_bucket_replaces_the_least_work() {
        let t = Table::<Exact>::with_buckets(MIN_BUCKETS).unwrap();
        // Codes of one bucket: search for 9 codes that land in bucket of the first.
        let first = t.code_slot(1);
        let mut same = vec![1u64];
        let mut c = 2u64;
        while same.len() < 9 {
            if t.code_slot(c).at == first.at {
                same.push(c);
            }
            c += 1;
        }
        let b = Bounds {
            lower: 0,
            upper: 0,
            best: 0,
        };
        for (i, &code) in same[..8].iter().enumerate() {
            t.store(t.code_slot(code), b, 10 + i as u8);
        }
        t.store(t.code_slot(same[8]), b, 1);
        assert_eq!(t.probe(t.code_slot(same[0])), None, "work 10 replaced");
        for &code in &same[1..] {
            assert!(t.probe(t.code_slot(code)).is_some());
        }
    }
}
