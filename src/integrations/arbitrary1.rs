//! arbitrary 1: valid IDs of a derived type from fuzzer bytes.

use crate::Identity;
use arbitrary::{Result, Unstructured};

/// An ID of `I` made from bytes of `u` (see [`super::from_entropy`]).
pub fn arbitrary<I: Identity>(u: &mut Unstructured<'_>) -> Result<I> {
    Ok(super::from_entropy(&u.arbitrary()?))
}
