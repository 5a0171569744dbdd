//! [`StorageOf`]: which storage types a scheme's values live in, and the macros the families
//! declare theirs with. Crate-private: `StorageOf` is public at the crate root.

use crate::error::ParseError;
use crate::scheme::Scheme;

/// The storage type of scheme `S`: `Uuid` for the GUID schemes, `Decimal` for `distributed`,
/// `u128` for `distributed128`, `[u8; 10]` for `sno`, `u64` for `uid64`, `[u8; 12]` for `uid96`.
///
/// Which storage types a scheme's values live in: each scheme declares its own (the newtype a
/// user derives wraps one of them, [`Identity::Storage`](crate::Identity::Storage)), and
/// `Identity` and the accessor view derived types dereference to ([`Fields`](crate::Fields))
/// read them through it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not the storage type of this ID scheme",
    label = "this field's type does not match `#[id(scheme = ...)]`",
    note = "each scheme names its storage type in its documentation (the table of `idcraft::schemes` lists them all)"
)]
pub trait StorageOf<S: Scheme>: Copy + 'static {
    /// The storage of a scheme value.
    fn from_scheme(value: S) -> Self;
    /// The scheme value; never fails (a storage value that bypassed
    /// [`StorageOf::try_to_scheme`] is read as leniently as possible).
    fn to_scheme(self) -> S;
    /// The scheme value, checking that the storage holds a valid one.
    fn try_to_scheme(self) -> Result<S, ParseError> {
        Ok(self.to_scheme())
    }
}

/// A scheme value stores itself: generic code can make an `Identity` of any scheme without
/// naming its storage type.
impl<S: Scheme> StorageOf<S> for S {
    #[inline]
    fn from_scheme(value: S) -> Self {
        value
    }
    #[inline]
    fn to_scheme(self) -> S {
        self
    }
}

/// `StorageOf` through the scheme's `From` conversions both ways: each scheme file declares its
/// storage type with it. A storage type that can hold what is no value of the scheme (a
/// `Decimal` above the range, a UUID of another version) converts from the scheme the same way
/// and says how it is read back: `lenient |s| ...` whatever it holds, `checked |s| ...` as a
/// `Result`.
#[cfg(feature = "_storage-via-from")]
macro_rules! storage_via_from {
    ([$($generics:tt)*] $storage:ty => $scheme:ty) => {
        $crate::scheme::storage::storage_via_from!(@impl [$($generics)*] $storage => $scheme {
            #[inline]
            fn to_scheme(self) -> $scheme {
                self.into()
            }
        });
    };
    ([$($generics:tt)*] $storage:ty => $scheme:ty, lenient |$s:ident| $lenient:expr, checked |$c:ident| $checked:expr) => {
        $crate::scheme::storage::storage_via_from!(@impl [$($generics)*] $storage => $scheme {
            #[inline]
            fn to_scheme(self) -> $scheme {
                let $s = self;
                $lenient
            }
            #[inline]
            fn try_to_scheme(self) -> Result<$scheme, $crate::error::ParseError> {
                let $c = self;
                $checked
            }
        });
    };
    (@impl [$($generics:tt)*] $storage:ty => $scheme:ty { $($to:tt)* }) => {
        // `#[inline]` here and on the `From` impls it calls: a derived type converts on every
        // text and column call, from the user's crate, where a non-generic function is not
        // inlined without it (DistributedId's text round trip was 12 % slower through one call).
        impl<$($generics)*> $crate::scheme::storage::StorageOf<$scheme> for $storage {
            #[inline]
            fn from_scheme(value: $scheme) -> Self {
                value.into()
            }
            $($to)*
        }
    };
}
#[cfg(feature = "_storage-via-from")]
pub(crate) use storage_via_from;

/// A newtype over its storage type (`u64`, `u128`, `[u8; N]`), stored as it: `From` both ways
/// and [`StorageOf`] through them, so a derived type over that storage converts without a check
/// (every storage value is a value of the scheme).
#[cfg(feature = "_newtype-storage")]
macro_rules! newtype_storage {
    ([$($generics:tt)*] $storage:ty => $scheme:ty) => {
        $crate::scheme::storage::storage_via_from!([$($generics)*] $storage => $scheme);

        impl<$($generics)*> From<$storage> for $scheme {
            #[inline]
            fn from(value: $storage) -> Self {
                Self(value)
            }
        }

        impl<$($generics)*> From<$scheme> for $storage {
            #[inline]
            fn from(id: $scheme) -> Self {
                id.0
            }
        }
    };
}
#[cfg(feature = "_newtype-storage")]
pub(crate) use newtype_storage;
