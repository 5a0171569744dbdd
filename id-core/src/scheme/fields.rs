//! [`Fields`]: how a derived type gets its scheme's accessors (`unix_ms()`, `shard_key()`, …)
//! without the derive knowing them.
//!
//! A derived type dereferences to `Fields<Storage, Scheme>`, a view of its storage value; each
//! scheme declares its accessors once, as methods of `Fields<T, ItsScheme>` for every storage
//! type `T` of that scheme. Method calls on the derived type find them through `Deref`, and
//! rustdoc lists them under the type as "Methods from `Deref`". The scheme is a parameter of
//! its own, not read from `T`, so that the impls of different schemes are on different types.

use super::Scheme;
use super::storage::StorageOf;
use core::marker::PhantomData;

/// A derived ID's storage value seen as its scheme's fields: the target of the derived type's
/// `Deref`. Never made or named by users; its methods are the scheme's accessors.
#[repr(transparent)]
pub struct Fields<T, S> {
    storage: T,
    scheme: PhantomData<fn() -> S>,
}

impl<S: Scheme, T: StorageOf<S>> Fields<T, S> {
    /// The view of a derived ID's storage value: what the derived type's `Deref` returns.
    #[doc(hidden)]
    #[inline(always)]
    pub fn of(storage: &T) -> &Self {
        // SAFETY: `Fields<T, S>` is `repr(transparent)` over its one non-zero-sized field, a
        // `T` (`PhantomData` is a 1-aligned ZST), so it has `T`'s size, alignment and ABI, and a
        // valid `T` is a valid `Fields<T, S>`. The returned reference borrows `storage` for its
        // lifetime and allows no mutation, so it aliases nothing that borrow would not.
        unsafe { &*(storage as *const T).cast::<Self>() }
    }

    /// The scheme value, with the scheme type's own methods.
    #[inline]
    pub fn scheme(&self) -> S {
        self.storage.to_scheme()
    }
}

/// Each scheme's accessors on [`Fields`]: `[generics] Scheme { /// doc \n name -> Type; ... }`,
/// each calling the scheme type's method of the same name.
#[cfg(feature = "_accessors")]
macro_rules! accessors {
    ([$($generics:tt)*] $scheme:ty { $($(#[doc = $doc:literal])+ $name:ident -> $ty:ty;)+ }) => {
        impl<T: $crate::scheme::storage::StorageOf<$scheme>, $($generics)*> $crate::scheme::fields::Fields<T, $scheme> {
            $(
                $(#[doc = $doc])+
                #[inline]
                pub fn $name(&self) -> $ty {
                    self.scheme().$name()
                }
            )+
        }
    };
}
#[cfg(feature = "_accessors")]
pub(crate) use accessors;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheme::Uid64;

    /// The view reads the value it was made of (run under Miri too: the cast is the one
    /// `unsafe` here).
    #[test]
    fn the_view_reads_its_storage() {
        for storage in [0u64, 1 << 14 | 5, u64::MAX] {
            let fields: &Fields<u64, Uid64> = Fields::of(&storage);
            assert_eq!(fields.scheme(), Uid64::from_u64(storage));
            assert_eq!(fields.seq(), Uid64::from_u64(storage).seq());
        }
    }
}
