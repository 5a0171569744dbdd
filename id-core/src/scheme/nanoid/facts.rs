//! What derived NanoID types and tools read of the scheme beyond its text: its storage type
//! (`[u8; N]`, the text's bytes), no fields besides the text, no generator options.

use crate::prelude::*;

use super::Nanoid;
use crate::error::ParseError;
use crate::scheme::alphabet::Alphabet;

impl<A: Alphabet, const N: usize> crate::scheme::storage::StorageOf<Nanoid<A, N>> for [u8; N] {
    #[inline]
    fn from_scheme(value: Nanoid<A, N>) -> Self {
        value.to_bytes_array()
    }

    /// As stored: bytes outside the alphabet (a newtype built by hand) display as its first
    /// character rather than panicking.
    #[inline]
    fn to_scheme(self) -> Nanoid<A, N> {
        Nanoid::from_raw(self)
    }

    fn try_to_scheme(self) -> Result<Nanoid<A, N>, ParseError> {
        <Nanoid<A, N> as crate::scheme::Scheme>::from_bytes(&self)
    }
}

impl<A: Alphabet, const N: usize> TryFrom<[u8; N]> for Nanoid<A, N> {
    type Error = ParseError;
    /// The ID whose text's bytes these are, or why they are none.
    fn try_from(bytes: [u8; N]) -> Result<Self, ParseError> {
        <Self as crate::scheme::Scheme>::from_bytes(&bytes)
    }
}

impl<A: Alphabet, const N: usize> From<Nanoid<A, N>> for [u8; N] {
    fn from(id: Nanoid<A, N>) -> [u8; N] {
        id.to_bytes_array()
    }
}

/// Nothing beyond the common keys: a NanoID is its text.
impl<A: Alphabet, const N: usize> crate::scheme::describe::Describe for Nanoid<A, N> {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        Vec::new()
    }
}
