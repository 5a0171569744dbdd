//! The NanoID generator: NanoID's own draw (a mask and rejection), so that a given stream of
//! random bytes makes the ID the reference implementation makes of it.

use super::Nanoid;
use crate::error::GenerateError;
use crate::random::{OsRandom, RandomSource};
use crate::scheme::Generate;
use crate::scheme::alphabet::Alphabet;
use crate::time::Timestamp;
use core::fmt;

/// Makes NanoIDs of any size and alphabet from `random` (a CSPRNG by default: NanoIDs are
/// unguessable only if their bytes are). It keeps no state, so it needs no lock and nothing to
/// forget after a `fork()`.
pub struct NanoidGenerator<R: RandomSource = OsRandom> {
    random: R,
}

crate::scheme::declare_generator::default_constructors! {
    /// The OS-seeded CSPRNG.
    NanoidGenerator => with(OsRandom)
}

impl<R: RandomSource> NanoidGenerator<R> {
    /// A generator drawing from `random`.
    pub fn with(random: R) -> Self {
        NanoidGenerator { random }
    }
}

/// The most bytes one batch draws: NanoID's step, `ceil(1.6 * mask * size / len)`, is at most
/// 101 for 32 characters (65 characters under a mask of 127).
const BATCH: usize = 128;

/// The smallest `2^k - 1` at or above `len - 1`: the bits of a byte that index the alphabet.
const fn mask(len: usize) -> usize {
    (2usize << (usize::BITS - 1 - ((len - 1) | 1).leading_zeros())) - 1
}

/// NanoID's batch size: enough bytes that one batch almost always fills the ID, given that a
/// masked byte lands outside the alphabet with probability `1 - len / (mask + 1)`.
const fn step(len: usize, size: usize) -> usize {
    let (num, den) = (16 * mask(len) * size, 10 * len);
    num.div_ceil(den)
}

/// Fills `text` with characters of `chars` drawn from `random`, NanoID's way: each byte is
/// masked to the bits that index the alphabet and used if the index is in it, dropped if not,
/// so every character is equally likely (no modulo bias). An alphabet of 2^k characters drops
/// no byte, so the ID takes exactly `N` bytes (the reference's first `N` of its batch).
pub(super) fn fill<const N: usize>(random: &(impl RandomSource + ?Sized), chars: &[u8], text: &mut [u8; N]) {
    let len = chars.len();
    let mask = mask(len);
    if len == mask + 1 {
        random.fill_bytes(text);
        for b in text.iter_mut() {
            *b = chars[*b as usize & mask];
        }
        return;
    }
    let step = step(len, N).min(BATCH);
    let mut batch = [0u8; BATCH];
    let mut filled = 0;
    loop {
        random.fill_bytes(&mut batch[..step]);
        for &b in &batch[..step] {
            if let Some(&c) = chars.get(b as usize & mask) {
                text[filled] = c;
                filled += 1;
                if filled == N {
                    return;
                }
            }
        }
    }
}

impl<A: Alphabet, const N: usize, R: RandomSource> Generate<Nanoid<A, N>> for NanoidGenerator<R> {
    /// A fresh NanoID; never an error.
    #[inline]
    fn generate(&self, _: ()) -> Result<Nanoid<A, N>, GenerateError> {
        let mut text = [0u8; N];
        fill(&self.random, A::CHARS.as_bytes(), &mut text);
        Ok(Nanoid::from_raw(text))
    }

    /// A fresh NanoID, as [`Generate::generate`]: a NanoID holds no time, so `t` changes
    /// nothing (tools that back-fill any scheme's IDs still get one).
    #[inline]
    fn generate_at(&self, input: (), _t: Timestamp) -> Result<Nanoid<A, N>, GenerateError> {
        self.generate(input)
    }
}

impl<R: RandomSource> fmt::Debug for NanoidGenerator<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NanoidGenerator").finish_non_exhaustive()
    }
}
