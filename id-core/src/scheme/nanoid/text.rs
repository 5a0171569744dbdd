//! What NanoID declares as a scheme: `N` bytes that are its text, no time.

use super::{Nanoid, NanoidGenerator};
use crate::installed::Installed;
use crate::scheme::alphabet::Alphabet;
use crate::scheme::Scheme;
use crate::time::Timestamp;

// One generator for every size and alphabet (it holds only the random source), so one slot
// outside the generic impl, not one per instantiation.
static DEFAULT_GENERATOR: Installed<NanoidGenerator> = Installed::new();

impl<A: Alphabet, const N: usize> crate::scheme::sealed::Sealed for Nanoid<A, N> {}

impl<A: Alphabet, const N: usize> Scheme for Nanoid<A, N> {
    crate::scheme::text_forms!(canonical);

    const NAME: &'static str = "nanoid";
    type Shape = crate::scheme::shape::Bytes<N>;
    const TIMED: bool = false;
    const TEXT_ALPHABET: &'static str = A::CHARS;
    const VALID: () = Self::PARAMETERS;
    type Input = ();
    type Generator = NanoidGenerator;

    crate::scheme::declare::default_generator!(NanoidGenerator = NanoidGenerator::new, in DEFAULT_GENERATOR);

    crate::scheme::declare::untimed_ascii_text!(A::CHARS);

    /// The smallest ID (every character the alphabet's smallest), whatever `t`: no ID is
    /// placed by time, so a window's bounds are all of them.
    fn min_at(_: Timestamp) -> Self {
        Self::from_raw([*A::CHARS.as_bytes().iter().min().unwrap_or(&b'0'); N])
    }

    /// The largest ID (every character the alphabet's largest), whatever `t`.
    fn max_at(_: Timestamp) -> Self {
        Self::from_raw([*A::CHARS.as_bytes().iter().max().unwrap_or(&b'z'); N])
    }
}
