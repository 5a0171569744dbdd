//! arbitrary 1: valid IDs of a derived type from fuzzer bytes.

use crate::Identity;
use arbitrary::{Result, Unstructured};

/// An ID of `I` made from bytes of `u` (see [`super::from_entropy`]).
#[doc(hidden)]
pub fn arbitrary<I: Identity>(u: &mut Unstructured<'_>) -> Result<I> {
    Ok(super::from_entropy(&u.arbitrary()?))
}

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_arbitrary1 {
    ($ty:ident) => {
        #[automatically_derived]
        impl<'a> $crate::__private::arbitrary::Arbitrary<'a> for $ty {
            fn arbitrary(
                u: &mut $crate::__private::arbitrary::Unstructured<'a>,
            ) -> $crate::__private::arbitrary::Result<Self> {
                $crate::__private::arbitrary1::arbitrary(u)
            }
        }
    };
}
