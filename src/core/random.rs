//! The seeded, portable random numbers of agents, matches and samples: ChaCha8 generators
//! (`rand_chacha`), so a seed gives the same numbers on every machine.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The random generator of agents and matches.
pub type Rng = ChaCha8Rng;

/// A generator seeded with `seed`.
pub fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// A uniform index in `0..n` (`n` ≥ 1) by Lemire's multiply-shift; the bias is below
/// `n / 2^32`, nothing for `n` ≤ 16.
#[inline(always)]
pub fn uniform(rng: &mut Rng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Mixes `seed` and `stream` into an independent seed (SplitMix64 finalizer): the seed of game
/// `stream` of a match, or of seat `stream` of a game.
pub fn derive_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
