//! What families' generators declare the same way, written once: the struct, constructors and
//! `Debug` of a generator on a clock and a random source, `generate` as `generate_at` of the
//! clock's reading, and the fence and overflow builders of the generators that own a unit. A
//! family calls these instead of repeating them, so its folder holds only what differs.

/// `new()` (documented by the caller) and `Default` for a generator whose defaults are its
/// `with(...)` on the given clock (and random source); `[generics]` first for a generic one.
///
/// Given the struct instead, of a generator on a clock and a random source whose other fields
/// start the same in every generator (`field: Type = start`): the struct with its `clock: C`
/// and `random: R` (by default the system clock and the OS-seeded CSPRNG) first, `with(clock,
/// random)`, `new()` and `Default` on those defaults, and `Debug` showing the clock.
#[cfg(feature = "_default-constructors")]
macro_rules! default_constructors {
    ($(#[$doc:meta])* $generator:ident => with($($default:expr),+)) => {
        $crate::scheme::declare_generator::default_constructors!([] $(#[$doc])* $generator => with($($default),+));
    };
    ([$($generics:tt)*] $(#[$doc:meta])* $generator:ty => with($($default:expr),+)) => {
        impl<$($generics)*> $generator {
            $(#[$doc])*
            pub fn new() -> Self {
                Self::with($($default),+)
            }
        }

        impl<$($generics)*> Default for $generator {
            fn default() -> Self {
                Self::new()
            }
        }
    };
    (
        $(#[$doc:meta])*
        pub struct $generator:ident { $($(#[$field_doc:meta])* $vis:vis $field:ident: $ty:ty = $start:expr),* $(,)? }
    ) => {
        $(#[$doc])*
        pub struct $generator<
            C: $crate::clock::Clock = $crate::clock::SystemClock,
            R: $crate::random::RandomSource = $crate::random::OsRandom,
        > {
            clock: C,
            random: R,
            $($(#[$field_doc])* $vis $field: $ty,)*
        }

        $crate::scheme::declare_generator::default_constructors! {
            /// The system clock and the OS-seeded CSPRNG.
            $generator => with($crate::clock::SystemClock, $crate::random::OsRandom)
        }

        impl<C: $crate::clock::Clock, R: $crate::random::RandomSource> $generator<C, R> {
            /// A generator on `clock` and `random`.
            pub fn with(clock: C, random: R) -> Self {
                $generator { clock, random, $($field: $start),* }
            }
        }

        impl<C: $crate::clock::Clock + ::core::fmt::Debug, R: $crate::random::RandomSource> ::core::fmt::Debug
            for $generator<C, R>
        {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(stringify!($generator)).field("clock", &self.clock).finish_non_exhaustive()
            }
        }
    };
}
#[cfg(feature = "_default-constructors")]
pub(crate) use default_constructors;

/// `Generate` for a generator whose `generate` is its `generate_at` of the clock's reading
/// (ObjectId's, xid's, KSUID's: each ID of the clock's second is made as one of an explicit
/// instant), both documented by the caller, who writes `generate_at`.
#[cfg(feature = "_array-bytes")]
macro_rules! generate_at_clock {
    (
        $generator:ident => $scheme:ty;
        $(#[$generate_doc:meta])* generate;
        $(#[$at_doc:meta])* fn generate_at $($at:tt)*
    ) => {
        impl<C: $crate::clock::Clock, R: $crate::random::RandomSource> $crate::scheme::Generate<$scheme>
            for $generator<C, R>
        {
            $(#[$generate_doc])*
            #[inline]
            fn generate(&self, _: ()) -> Result<$scheme, $crate::error::GenerateError> {
                self.generate_at((), $crate::clock::Clock::now(&self.clock))
            }

            $(#[$at_doc])*
            #[inline]
            fn generate_at $($at)*
        }
    };
}
#[cfg(feature = "_array-bytes")]
pub(crate) use generate_at_clock;

/// Inside a generator's inherent impl: `with_fence` and (with `std`) `with_overflow_subscriber`,
/// documented by the caller, for the generators that own a unit (a partition, a node, machine
/// bytes) another process may take over and whose callers wait while a unit's sequence is used
/// up: their `fence: Option<Arc<dyn Fence>>` and `overflow: OverflowWait`.
#[cfg(feature = "_overflow-wait")]
macro_rules! fence_and_overflow_builders {
    ($(#[$fence_doc:meta])* with_fence; $(#[$overflow_doc:meta])* with_overflow_subscriber;) => {
        $(#[$fence_doc])*
        pub fn with_fence(mut self, fence: alloc::sync::Arc<dyn $crate::Fence>) -> Self {
            self.fence = Some(fence);
            self
        }

        #[cfg(feature = "std")]
        $(#[$overflow_doc])*
        pub fn with_overflow_subscriber(
            mut self,
            subscriber: std::sync::mpsc::SyncSender<$crate::overflow::SequenceOverflow>,
        ) -> Self {
            self.overflow.set_subscriber(subscriber);
            self
        }
    };
}
#[cfg(feature = "_overflow-wait")]
pub(crate) use fence_and_overflow_builders;
