//! [`Fields`]: how a derived type gets its scheme's accessors (`unix_ms()`, `shard_key()`, …)
//! without the derive knowing them.
//!
//! A derived type dereferences to `Fields<Self, Scheme>`, a view of the same value; each scheme
//! declares its accessors once, as methods of `Fields<I, ItsScheme>` for every `I` of that
//! scheme. Method calls on the derived type find them through `Deref`, and rustdoc lists them
//! under the type as "Methods from `Deref`". The scheme is a parameter of its own, not read
//! from `I`, so that the impls of different schemes are on different types: the compiler does
//! not tell impls apart by an associated type.

use super::Identity;
use core::marker::PhantomData;

/// A derived ID seen as its scheme's fields: the target of the derived type's `Deref`. Never
/// made or named by users; its methods are the scheme's accessors.
#[repr(transparent)]
pub struct Fields<I, S> {
    id: I,
    scheme: PhantomData<fn() -> S>,
}

impl<I: Identity> Fields<I, I::Scheme> {
    /// The view of `id`: what the derived type's `Deref` returns.
    #[doc(hidden)]
    #[inline(always)]
    pub fn of(id: &I) -> &Self {
        // SAFETY: `Fields<I, S>` is `repr(transparent)` over its one non-zero-sized field, an
        // `I` (`PhantomData` is a 1-aligned ZST), so it has `I`'s size, alignment and ABI, and a
        // valid `I` is a valid `Fields<I, S>`. The returned reference borrows `id` for its
        // lifetime and allows no mutation, so it aliases nothing `id`'s own borrow would not.
        unsafe { &*(id as *const I).cast::<Self>() }
    }

    /// The scheme value, with the scheme type's own methods.
    #[inline]
    pub fn scheme(&self) -> I::Scheme {
        self.id.to_scheme()
    }
}

/// Each scheme's accessors on [`Fields`]: `Scheme { /// doc \n name -> Type, ... }`, each
/// calling the scheme type's method of the same name.
macro_rules! accessors {
    ([$($generics:tt)*] $scheme:ty { $($(#[doc = $doc:literal])+ $name:ident -> $ty:ty;)+ }) => {
        impl<I: $crate::identity::Identity<Scheme = $scheme>, $($generics)*> $crate::identity::Fields<I, $scheme> {
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
pub(crate) use accessors;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::Encoding;
    use crate::scheme::Uid64;

    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    struct Id(u64);

    impl core::fmt::Display for Id {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    impl Identity for Id {
        type Scheme = Uid64;
        type Storage = u64;
        const TYPE_NAME: &'static str = "Id";
        const MODULE_PATH: &'static str = module_path!();
        const PREFIX: Option<&'static str> = None;
        const ENCODING: Encoding = Encoding::Canonical;
        fn from_storage(storage: u64) -> Self {
            Id(storage)
        }
        fn storage(&self) -> u64 {
            self.0
        }
    }

    /// The view reads the value it was made of (run under Miri too: the cast is the one
    /// `unsafe` here).
    #[test]
    fn the_view_reads_its_id() {
        let ids = [Id(0), Id(1 << 14 | 5), Id(u64::MAX)];
        for id in &ids {
            let fields = Fields::of(id);
            assert_eq!(fields.scheme(), Uid64::from_u64(id.0));
            assert_eq!(fields.seq(), Uid64::from_u64(id.0).seq());
        }
    }
}
