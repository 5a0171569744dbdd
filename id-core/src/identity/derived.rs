//! What a derived type gets from its scheme beyond the API every ID shares: its constructors
//! (`new` takes what the scheme's generator needs) and its conversion from storage. The
//! registry gives each scheme's constructor parameters and storage conversion to
//! [`__derive_items!`](crate::__derive_items), the one template every scheme's derived types go
//! through; accessors come from [`Fields`](crate::Fields). Hidden: only macro output
//! uses it.

/// Writes a derived type's scheme-specific items. Input, in order:
///
/// - `Type, StorageType;`
/// - `infallible;` (`From<Storage>`) or `fallible;` (`TryFrom<Storage>`, for storage types
///   that can hold invalid values);
/// - `[]` for a scheme whose values embed a time, `[untimed]` for one whose values do not
///   ([`Scheme::TIMED`](crate::scheme::Scheme::TIMED) is `false`): its types get none of the
///   time methods (`timestamp`, `min_at`, `max_at`, their `try_` forms, `at`, `try_at`), so
///   asking one for its time is a compile error rather than a meaningless instant;
/// - `new(param: Ty, ...) => input;`: the parameters of `new`, `try_new` and
///   `generate_with`, and the generator input they make;
/// - optionally `with name(param: Ty) => input;`: a second constructor for a generator input
///   that `new` leaves at its default (sno's metabyte, uid96's node).
///
/// `at` and `try_at` take the generator's whole input: the `with` constructor's parameter where
/// there is one, else `new`'s.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_items {
    (
        $ident:ident, $storage:ty;
        $conversion:ident;
        [$($untimed:ident)?];
        new($($param:ident: $param_ty:ty),*) => $input:expr;
        $(with $with:ident($with_param:ident: $with_ty:ty) => $with_input:expr;)?
    ) => {
        #[automatically_derived]
        impl $ident {
            /// A new ID from the scheme's default generator (or the innermost test scope).
            ///
            /// # Panics
            ///
            /// Whenever `try_new` would return an error, with its message:
            ///
            /// * the system clock is outside the range the scheme can represent
            ///   (`GenerateError::TimeOutOfRange`), or the last time unit of the layout is used up;
            /// * the default generator is fenced (`idcraft::lease`) and its fence refuses to issue
            ///   (the lease expired or was lost, or the clock is outside its window);
            /// * an incremental test scope has passed the scheme's last value
            ///   (`GenerateError::Exhausted`).
            ///
            /// A service whose generators are leased calls `try_new` and answers the error (a
            /// 503, say) instead of crashing.
            #[inline]
            #[track_caller]
            #[allow(clippy::new_without_default)]
            pub fn new($($param: $param_ty),*) -> Self {
                $crate::glue::new::<Self>($input)
            }

            /// A new ID from the scheme's default generator (or the innermost test scope), or
            /// why the generator could not make one.
            #[inline]
            pub fn try_new($($param: $param_ty),*) -> ::core::result::Result<Self, $crate::error::GenerateError> {
                $crate::glue::try_new::<Self>($input)
            }

            /// A new ID from an explicit generator (with an injected clock or random source).
            #[inline]
            #[track_caller]
            pub fn generate_with<G>(generator: &G $(, $param: $param_ty)*) -> Self
            where
                G: $crate::scheme::Generate<<Self as $crate::Identity>::Scheme> + ?::core::marker::Sized,
            {
                $crate::glue::generate_with::<Self, G>(generator, $input)
            }

            $(
                /// [`new`](Self::new) with this part of the generator's input given.
                #[inline]
                #[track_caller]
                pub fn $with($with_param: $with_ty) -> Self {
                    $crate::glue::new::<Self>($with_input)
                }
            )?
        }

        $crate::__derive_items!(@time [$($untimed)?] $ident; $(($with_param: $with_ty) => $with_input;)? ($($param: $param_ty),*) => $input;);
        $crate::__derive_items!(@storage $conversion $ident, $storage);
    };
    (@time [untimed] $($rest:tt)*) => {};
    (@time [] $ident:ident; $($rest:tt)*) => {
        $crate::__derive_time!($ident);
        $crate::__derive_items!(@at $ident; $($rest)*);
    };
    // The first input form given: the `with` constructor's, else `new`'s.
    (@at $ident:ident; ($($param:ident: $param_ty:ty),*) => $input:expr; $($rest:tt)*) => {
        #[automatically_derived]
        impl $ident {
            /// An ID embedding `t` from the scheme's default generator, on the sequence its
            /// clock IDs take too: for back-filling. An instant the layout cannot hold, or one
            /// ahead of what the generator has issued where that would break its order, is an
            /// error (see `Generate::generate_at`).
            #[inline]
            pub fn try_at(
                $($param: $param_ty,)* t: ::std::time::SystemTime,
            ) -> ::core::result::Result<Self, $crate::error::GenerateError> {
                $crate::glue::try_at::<Self>($input, t)
            }

            /// [`try_at`](Self::try_at), panicking with the generator's message.
            #[inline]
            #[track_caller]
            pub fn at($($param: $param_ty,)* t: ::std::time::SystemTime) -> Self {
                $crate::glue::at::<Self>($input, t)
            }
        }
    };
    (@storage infallible $ident:ident, $storage:ty) => {
        #[automatically_derived]
        impl ::core::convert::From<$storage> for $ident {
            #[inline]
            fn from(storage: $storage) -> Self {
                <Self as $crate::Identity>::from_storage(storage)
            }
        }
    };
    (@storage fallible $ident:ident, $storage:ty) => {
        #[automatically_derived]
        impl ::core::convert::TryFrom<$storage> for $ident {
            type Error = $crate::error::ParseError;
            #[inline]
            fn try_from(storage: $storage) -> ::core::result::Result<Self, Self::Error> {
                $crate::glue::try_from_storage::<Self>(storage)
            }
        }
    };
}

/// A derived type's time methods, for the schemes whose values embed a time (and for the
/// placeholder of an unknown scheme, so that calls to them add no follow-on errors).
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_time {
    ($ident:ident) => {
        #[automatically_derived]
        impl $ident {
            /// The instant embedded in the ID.
            #[inline]
            pub fn timestamp(&self) -> ::std::time::SystemTime {
                $crate::glue::timestamp(self)
            }

            /// The smallest ID whose embedded time is `t`: with [`Self::max_at`], the bounds
            /// of a primary-key range scan for a time window. An instant outside the
            /// scheme's range is clamped to its first or last ID
            /// ([`Self::try_min_at`] says so instead).
            #[inline]
            pub fn min_at(t: ::std::time::SystemTime) -> Self {
                $crate::glue::min_at::<Self>(t)
            }

            /// The largest ID whose embedded time is `t`; an instant outside the scheme's
            /// range is clamped ([`Self::try_max_at`] says so instead).
            #[inline]
            pub fn max_at(t: ::std::time::SystemTime) -> Self {
                $crate::glue::max_at::<Self>(t)
            }

            /// [`Self::min_at`], or `GenerateError::TimeOutOfRange` (with the scheme's first
            /// and last instants) for an instant outside the scheme's range.
            #[inline]
            pub fn try_min_at(
                t: ::std::time::SystemTime,
            ) -> ::core::result::Result<Self, $crate::error::GenerateError> {
                $crate::glue::try_min_at::<Self>(t)
            }

            /// [`Self::max_at`], or `GenerateError::TimeOutOfRange` for an instant outside
            /// the scheme's range.
            #[inline]
            pub fn try_max_at(
                t: ::std::time::SystemTime,
            ) -> ::core::result::Result<Self, $crate::error::GenerateError> {
                $crate::glue::try_max_at::<Self>(t)
            }
        }
    };
}
