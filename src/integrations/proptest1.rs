//! proptest 1: a strategy of valid IDs of a derived type.

use crate::Identity;
use proptest::prelude::*;

/// IDs of `I` made from random bytes (see [`super::from_entropy`]); shrinking goes towards
/// IDs made from zero bytes.
pub fn strategy<I: Identity>() -> BoxedStrategy<I> {
    any::<[u8; super::ENTROPY]>().prop_map(|bytes| super::from_entropy::<I>(&bytes)).boxed()
}
