//! proptest 1: a strategy of valid IDs of a derived type.

use crate::Identity;
use proptest::prelude::*;

/// IDs of `I` made from random bytes (see [`super::from_entropy`]); shrinking goes towards
/// IDs made from zero bytes.
#[doc(hidden)]
pub fn strategy<I: Identity>() -> BoxedStrategy<I> {
    any::<[u8; super::ENTROPY]>().prop_map(|bytes| super::from_entropy::<I>(&bytes)).boxed()
}

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_proptest1 {
    ($ty:ident) => {
        #[automatically_derived]
        impl $crate::__private::proptest::arbitrary::Arbitrary for $ty {
            type Parameters = ();
            type Strategy = $crate::__private::proptest::strategy::BoxedStrategy<Self>;

            fn arbitrary_with(_: ()) -> Self::Strategy {
                $crate::__private::proptest1::strategy::<Self>()
            }
        }
    };
}
