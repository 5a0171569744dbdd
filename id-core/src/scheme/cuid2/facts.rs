//! What derived CUID2 types and tools read of the scheme beyond its text: its storage type
//! (`[u8; 24]`, the text's bytes), no fields besides the text, no generator options.

use crate::prelude::*;

use super::Cuid2;
use super::layout::LEN;
use crate::error::ParseError;

impl crate::scheme::storage::StorageOf<Cuid2> for [u8; LEN] {
    #[inline]
    fn from_scheme(value: Cuid2) -> Self {
        value.0
    }

    /// As stored: bytes not allowed where they stand (a newtype built by hand) display as `a`
    /// rather than panicking.
    #[inline]
    fn to_scheme(self) -> Cuid2 {
        Cuid2(self)
    }

    fn try_to_scheme(self) -> Result<Cuid2, ParseError> {
        <Cuid2 as crate::scheme::Scheme>::from_bytes(&self)
    }
}

impl TryFrom<[u8; LEN]> for Cuid2 {
    type Error = ParseError;
    /// The CUID2 whose text's bytes these are, or why they are none.
    fn try_from(bytes: [u8; LEN]) -> Result<Self, ParseError> {
        <Self as crate::scheme::Scheme>::from_bytes(&bytes)
    }
}

impl From<Cuid2> for [u8; LEN] {
    #[inline]
    fn from(id: Cuid2) -> [u8; LEN] {
        id.0
    }
}

/// Nothing beyond the common keys: a CUID2 is its text (its parts are hashed).
impl crate::scheme::describe::Describe for Cuid2 {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        Vec::new()
    }
}
