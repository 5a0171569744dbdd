//! Pieces the families share: fresh values from the default generator or a test scope, the
//! word-wise text forms of 16-byte values, and the macros that write the usual impls.

#[cfg(feature = "_scheme-common")]
use super::Encoding;
use super::{Generate, Scheme};
use crate::error::GenerateError;
#[cfg(feature = "_scheme-common")]
use crate::error::ParseError;
#[cfg(feature = "_timed")]
use crate::time::Timestamp;

/// A fresh value: from the innermost test scope, else the scheme's default generator. Every
/// scheme type's `try_new` is this one function (and derived types' `try_new` calls it too).
#[inline]
pub(crate) fn try_fresh<S: Scheme>(input: S::Input) -> Result<S, GenerateError> {
    #[cfg(feature = "std")]
    if let Some(result) = super::overrides::current::<S>(input) {
        return result;
    }
    crate::clock::require_system_clock()?;
    S::default_generator().generate(input)
}

/// [`try_fresh`], panicking with the generator's message: every scheme type's `new`.
#[cfg(feature = "_scheme-common")]
#[inline]
#[track_caller]
pub(crate) fn fresh<S: Scheme>(input: S::Input) -> S {
    match try_fresh(input) {
        Ok(value) => value,
        Err(e) => panic!("{}::new(): {e}", S::NAME),
    }
}

/// A scheme type's `new` and `try_new` (the derived types' verbs, both [`fresh`]):
/// `(what, when it panics, (parameters) => generator input)`.
#[cfg(feature = "_scheme-common")]
macro_rules! fresh_constructors {
    ($what:literal, $panics:literal, ($($param:ident: $ty:ty),*) => $input:expr) => {
        #[doc = concat!($what, " from the default generator (or the innermost test scope): the verb derived types use too.")]
        ///
        /// # Panics
        #[doc = concat!($panics, ", or when the installed default generator cannot issue (a leased one whose lease expired: see [`GenerateError`](crate::GenerateError)); [`try_new`](Self::try_new) returns the error instead.")]
        #[track_caller]
        #[allow(clippy::new_without_default)] // A default ID would be a fresh one: too surprising.
        pub fn new($($param: $ty),*) -> Self {
            $crate::scheme::fresh($input)
        }

        /// [`new`](Self::new), or why the generator could not make one.
        pub fn try_new($($param: $ty),*) -> Result<Self, $crate::error::GenerateError> {
            $crate::scheme::try_fresh($input)
        }
    };
}
#[cfg(feature = "_scheme-common")]
pub(crate) use fresh_constructors;

/// Clamps `t` into `earliest..=latest`.
#[cfg(feature = "_timed")]
pub(crate) fn clamp_time(t: Timestamp, earliest: Timestamp, latest: Timestamp) -> Timestamp {
    t.max(earliest).min(latest)
}

/// The `u128` forms of a UUID-like value (`array_text!`'s `base62_u128`, `crockford`, `typeid`)
/// written straight into `Display`'s buffer (see [`Scheme::encode_words`]).
#[cfg(feature = "_uuid-like-words")]
#[inline(always)]
pub(crate) fn write_uuid_like(
    value: u128,
    encoding: Encoding,
    out: &mut crate::codec::AsciiWords<'_>,
) -> Option<core::ops::Range<usize>> {
    match encoding {
        Encoding::Base62 => Some(crate::codec::base62::write_u128(value, out)),
        Encoding::Ulid => Some(crate::codec::crockford::write_u128(value, true, out)),
        Encoding::TypeId => Some(crate::codec::crockford::write_u128(value, false, out)),
        _ => None,
    }
}

/// The error for an instant outside what scheme `S` holds ([`Scheme::time_range`]).
#[cfg(feature = "_array-bytes")]
#[cold]
pub(crate) fn time_out_of_range<S: Scheme>(time: Timestamp) -> GenerateError {
    let (earliest, latest) = S::time_range();
    GenerateError::TimeOutOfRange { scheme: S::NAME, time, earliest, latest }
}

#[cfg(feature = "_scheme-common")]
pub(crate) fn unsupported(encoding: Encoding) -> ParseError {
    ParseError::UnsupportedEncoding(encoding)
}

/// Implements `Display` and `FromStr` through the canonical encoding, and `Debug` as the
/// scheme's name around that text (a type whose `Debug` says more, `uid96<6>`, gives the
/// `const` form and writes its own).
#[cfg(feature = "_timed")]
macro_rules! canonical_text {
    ($ty:ty, const $param:ident : $param_ty:ty) => {
        $crate::scheme::canonical_text!(@impl [const $param: $param_ty] $ty);
    };
    ($ty:ty $(, $generic:ident : $bound:path)?) => {
        $crate::scheme::canonical_text!(@impl [$($generic: $bound)?] $ty);
        $crate::scheme::canonical_text!(@debug [$($generic: $bound)?] $ty);
    };
    // `Debug` is the scheme's name around its text, `ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV)`: the
    // value as one reads and pastes it, and which scheme it is.
    (@debug [$($params:tt)*] $ty:ty) => {
        impl<$($params)*> ::core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "{}({self})", <Self as $crate::scheme::Scheme>::NAME)
            }
        }
    };
    (@impl [$($params:tt)*] $ty:ty) => {
        impl<$($params)*> ::core::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let text = $crate::scheme::Scheme::encode(self, $crate::scheme::Encoding::Canonical)
                    .expect("every scheme has a canonical form");
                f.write_str(&text)
            }
        }

        impl<$($params)*> ::core::str::FromStr for $ty {
            type Err = $crate::error::ParseError;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                <Self as $crate::scheme::Scheme>::decode(text, $crate::scheme::Encoding::Canonical)
            }
        }
    };
}
#[cfg(feature = "_timed")]
pub(crate) use canonical_text;
