//! The [`Identity`] trait that `#[derive(Identity)]` implements, and everything a derived type
//! does, implemented here generically over `I: Identity`: the macro only emits thin glue that
//! calls these functions. The module is private; `Identity` is public at the crate root, and
//! the functions are reached only by generated code, through the hidden `crate::glue` (and
//! `idcraft::__private`): they are no API of their own.

use crate::codec::{AsciiWords, IdText};
use crate::error::{GenerateError, ParseError};
pub use crate::scheme::storage::StorageOf;
use crate::scheme::{Encoding, Generate, Scheme};
#[cfg(feature = "std")]
use crate::time::Timestamp;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
#[cfg(feature = "std")]
use std::time::SystemTime;

/// A typed ID: a newtype over a scheme's storage type, usually written with
/// `#[derive(Identity)]`.
///
/// [`StorageOf`] ties each scheme to the storage types a derived newtype may wrap. Everything a
/// derived type does (its constructors, text, ordering, time bounds, serde) is generic code over
/// `I: Identity` in this crate; the derive only writes glue that calls it.
pub trait Identity: Copy + Ord + Hash + fmt::Display + fmt::Debug + 'static {
    /// The scheme (layout, generator, text forms).
    type Scheme: Scheme;
    /// The wrapped storage type.
    type Storage: StorageOf<Self::Scheme>;
    /// The type's name, for `Debug` and messages.
    const TYPE_NAME: &'static str;
    /// The module that declares the type (`module_path!()` there): with [`Identity::TYPE_NAME`]
    /// it names the type in schema names.
    const MODULE_PATH: &'static str;
    /// The stable name bound public tokens are keyed on (`#[id(bind = "...")]`); `None` keys
    /// them on [`Identity::TYPE_NAME`]. Never the module path: the same type compiled into two
    /// binaries of one package, a renamed crate or a moved module must read the tokens already
    /// in emails and bookmarks.
    const BIND: Option<&'static str> = None;
    /// The TypeID-style prefix of the text form (`ord` for `ord_…`), if any.
    const PREFIX: Option<&'static str>;
    /// The text form.
    const ENCODING: Encoding;

    /// Wraps a storage value (already known to be valid for the scheme).
    fn from_storage(storage: Self::Storage) -> Self;

    /// The storage value.
    fn storage(&self) -> Self::Storage;

    /// Wraps a scheme value.
    #[inline]
    fn from_scheme(value: Self::Scheme) -> Self {
        Self::from_storage(StorageOf::from_scheme(value))
    }

    /// The scheme value, with all of the scheme's accessors.
    #[inline]
    fn to_scheme(&self) -> Self::Scheme {
        self.storage().to_scheme()
    }
}

/// The text after the type's `prefix_`, or the whole text for a type without a prefix.
#[inline]
#[doc(hidden)]
pub fn strip_prefix<'a>(text: &'a str, prefix: Option<&'static str>) -> Result<&'a str, ParseError> {
    match prefix {
        None => Ok(text),
        Some(p) => {
            text.strip_prefix(p).and_then(|rest| rest.strip_prefix('_')).ok_or(ParseError::Prefix { expected: p })
        }
    }
}

/// A new value from the innermost test scope or the scheme's default generator.
#[inline]
#[doc(hidden)]
pub fn try_new<I: Identity>(input: <I::Scheme as Scheme>::Input) -> Result<I, GenerateError> {
    crate::scheme::try_fresh::<I::Scheme>(input).map(I::from_scheme)
}

/// [`try_new`], panicking with the generator's message whenever it returns an error: a clock
/// outside the scheme's range, an expired or lost lease, a clock outside the lease's window,
/// an exhausted test scope (see [`GenerateError`]'s variants).
#[inline]
#[track_caller]
#[doc(hidden)]
pub fn new<I: Identity>(input: <I::Scheme as Scheme>::Input) -> I {
    match try_new::<I>(input) {
        Ok(id) => id,
        Err(e) => panic!("{}::new(): {e}", I::TYPE_NAME),
    }
}

/// A value embedding `t` from the scheme's default generator, with `input` (see
/// [`Generate::generate_at`]: for back-filling; for sno, its `NewWithTime`).
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn try_at<I: Identity>(input: <I::Scheme as Scheme>::Input, t: SystemTime) -> Result<I, GenerateError> {
    // The default generator's node or partition may come from the clock or the random source.
    crate::clock::require_system_clock()?;
    <I::Scheme as Scheme>::default_generator().generate_at(input, Timestamp::from_system_time(t)).map(I::from_scheme)
}

/// [`try_at`], panicking with the generator's message.
#[cfg(feature = "std")]
#[track_caller]
#[doc(hidden)]
pub fn at<I: Identity>(input: <I::Scheme as Scheme>::Input, t: SystemTime) -> I {
    match try_at::<I>(input, t) {
        Ok(id) => id,
        Err(e) => panic!("{}::at(): {e}", I::TYPE_NAME),
    }
}

/// A value from an explicit generator.
#[inline]
#[track_caller]
#[doc(hidden)]
pub fn generate_with<I: Identity, G: Generate<I::Scheme> + ?Sized>(
    generator: &G,
    input: <I::Scheme as Scheme>::Input,
) -> I {
    match generator.generate(input) {
        Ok(v) => I::from_scheme(v),
        Err(e) => panic!("{}::generate_with(): {e}", I::TYPE_NAME),
    }
}

/// The text: `prefix_` (if any) and the encoded value, in one write, so `to_string()` makes one
/// allocation of the right size.
#[inline]
#[doc(hidden)]
pub fn fmt<I: Identity>(id: &I, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let value = id.to_scheme();
    // One call, decided at compile time: two calls whose results merge make the compiler copy
    // the returned text, and that copy stalls on the bytes the encoder just stored.
    let encoding =
        const { if I::ENCODING.is_in(<I::Scheme as Scheme>::ENCODINGS) { I::ENCODING } else { Encoding::Canonical } };
    let prefix = match I::PREFIX {
        None => return write_text(&value, encoding, f),
        // The derive allows at most 63 bytes; a hand-written `PREFIX` may be longer.
        Some(prefix) if prefix.len() > 63 => {
            f.write_str(prefix)?;
            f.write_str("_")?;
            return write_text(&value, encoding, f);
        }
        Some(prefix) => prefix,
    };
    // The prefix, `_` and the text are assembled in this frame's buffer, the text written there
    // by the encoder itself where the scheme can (`encode_words`): a text returned by value is
    // copied on its way here, and each copy of bytes just stored waits for the stores to retire.
    let mut buf = [0u8; 64 + IdText::CAPACITY];
    buf[..prefix.len()].copy_from_slice(prefix.as_bytes());
    buf[prefix.len()] = b'_';
    let at = prefix.len() + 1;
    let tail: &mut [u8; IdText::CAPACITY] = (&mut buf[at..][..IdText::CAPACITY]).try_into().expect("CAPACITY bytes");
    let end = match value.encode_words(encoding, &mut AsciiWords::new(tail)) {
        // A text that starts later in its buffer (right-aligned digits) moves up to the `_`.
        Some(range) => {
            let len = range.len();
            if range.start != 0 {
                tail.copy_within(range, 0);
            }
            at + len
        }
        None => {
            let Some(text) = value.encode(encoding) else { return Err(fmt::Error) };
            tail[..text.len()].copy_from_slice(text.as_bytes());
            at + text.len()
        }
    };
    // SAFETY: `buf[..at]` is `prefix` (a `str`: UTF-8, whole characters) and `_`; `buf[at..end]`
    // is ASCII, written by `AsciiWords` (which stores ASCII only) or copied from an `IdText`
    // (ASCII, as every `IdText`); UTF-8 strings put end to end are UTF-8.
    f.write_str(unsafe { core::str::from_utf8_unchecked(&buf[..end]) })
}

/// The encoded value alone, in a buffer of its size: a buffer with room for a prefix cost four
/// more stores to zero on every ID.
#[inline(always)]
fn write_text<S: Scheme>(value: &S, encoding: Encoding, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut buf = [0u8; IdText::CAPACITY];
    match value.encode_words(encoding, &mut AsciiWords::new(&mut buf)) {
        // SAFETY: `buf` is only written by `AsciiWords`, which zeroes it and then stores ASCII
        // only (every byte's top bit cleared): ASCII is UTF-8.
        Some(range) => f.write_str(unsafe { core::str::from_utf8_unchecked(&buf[range]) }),
        None => match value.encode(encoding) {
            Some(text) => f.write_str(&text),
            None => Err(fmt::Error),
        },
    }
}

/// `TypeName(text)`.
#[doc(hidden)]
pub fn debug<I: Identity>(id: &I, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "{}({id})", I::TYPE_NAME)
}

/// Reads the text written by [`fmt()`].
#[inline]
#[doc(hidden)]
pub fn parse<I: Identity>(text: &str) -> Result<I, ParseError> {
    let body = strip_prefix(text, I::PREFIX)?;
    <I::Scheme as Scheme>::decode(body, I::ENCODING).map(I::from_scheme)
}

/// Storage → ID, checking that the storage holds a valid scheme value.
#[doc(hidden)]
pub fn try_from_storage<I: Identity>(storage: I::Storage) -> Result<I, ParseError> {
    storage.try_to_scheme().map(I::from_scheme)
}

/// The scheme's order (the target database's).
#[inline]
#[doc(hidden)]
pub fn cmp<I: Identity>(a: &I, b: &I) -> Ordering {
    a.to_scheme().cmp(&b.to_scheme())
}

/// Equality of scheme values.
#[inline]
#[doc(hidden)]
pub fn eq<I: Identity>(a: &I, b: &I) -> bool {
    a.to_scheme() == b.to_scheme()
}

/// Hash of the scheme value.
#[inline]
#[doc(hidden)]
pub fn hash<I: Identity, H: Hasher>(id: &I, state: &mut H) {
    id.to_scheme().hash(state)
}

/// The embedded instant as a `SystemTime`. Every scheme's instants (1700 to 10889) fit the
/// platforms' `SystemTime`; one that does not is clamped to the Unix epoch rather than panicking.
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn timestamp<I: Identity>(id: &I) -> SystemTime {
    id.to_scheme().timestamp().to_system_time().unwrap_or(SystemTime::UNIX_EPOCH)
}

/// The lower bound of IDs made at or after `t`: the smallest ID whose embedded time is `t`
/// less the scheme's [`Scheme::EMBED_LAG`]. With [`max_at`], `min_at(t1)..=max_at(t2)` holds
/// every ID whose generation started at or after `t1` and ended at or before `t2` on the
/// default generator (and a few made up to the lag before `t1`). An instant outside the
/// layout's [`Scheme::time_range`] is clamped into it ([`try_min_at`] refuses it instead).
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn min_at<I: Identity>(t: SystemTime) -> I {
    let t = Timestamp::from_system_time(t);
    let t = t.checked_sub(<I::Scheme as Scheme>::EMBED_LAG).unwrap_or(Timestamp::MIN);
    I::from_scheme(<I::Scheme as Scheme>::min_at(t))
}

/// The largest ID whose embedded time is `t`: generators never embed a time later than their
/// clock reading (unless the clock went back), so every ID made by `t` is at most this. An
/// instant outside the layout's range is clamped into it ([`try_max_at`] refuses it instead).
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn max_at<I: Identity>(t: SystemTime) -> I {
    I::from_scheme(<I::Scheme as Scheme>::max_at(Timestamp::from_system_time(t)))
}

/// [`min_at`], or [`GenerateError::TimeOutOfRange`] for an instant outside the layout's
/// [`Scheme::time_range`] (where [`min_at`] would clamp: a bound before the layout's first
/// instant is its first ID, which is usually what a range scan wants, but says nothing of `t`).
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn try_min_at<I: Identity>(t: SystemTime) -> Result<I, GenerateError> {
    check_in_range::<I::Scheme>(t)?;
    Ok(min_at(t))
}

/// [`max_at`], or [`GenerateError::TimeOutOfRange`] for an instant outside the layout's range.
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn try_max_at<I: Identity>(t: SystemTime) -> Result<I, GenerateError> {
    check_in_range::<I::Scheme>(t)?;
    Ok(max_at(t))
}

#[cfg(feature = "std")]
fn check_in_range<S: Scheme>(t: SystemTime) -> Result<(), GenerateError> {
    let time = Timestamp::from_system_time(t);
    let (earliest, latest) = S::time_range();
    if time < earliest || time > latest {
        return Err(GenerateError::TimeOutOfRange { scheme: S::NAME, time, earliest, latest });
    }
    Ok(())
}

#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_support;

pub use crate::scheme::fields::Fields;

mod derived;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use crate::scheme::Sno;

    /// Prefixes of every length that moves the text across a 16-byte boundary of the stack
    /// buffer [`fmt()`] assembles it in, the longest that fits it (63 bytes) and the first that
    /// does not, and multi-byte characters (the buffer is read back as UTF-8 unchecked).
    const PREFIXES: [&str; 12] = [
        "a",
        "abcdefghijklmno",
        "abcdefghijklmnop",
        "abcdefghijklmnopq",
        "abcdefghijklmnopqrstuvwxyz01234",
        "abcdefghijklmnopqrstuvwxyz012345",
        "abcdefghijklmnopqrstuvwxyz0123456",
        "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0",
        "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz01",
        "é",
        "éééééééééééééééééééééééééééééé€",
        "ordre_de_commande",
    ];

    /// A hand-written `Identity` with the `N`th prefix, as the derive would write it.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    struct Prefixed<const N: usize>(Sno);

    impl<const N: usize> Identity for Prefixed<N> {
        type Scheme = Sno;
        type Storage = Sno;
        const TYPE_NAME: &'static str = "Prefixed";
        const MODULE_PATH: &'static str = module_path!();
        const PREFIX: Option<&'static str> = Some(PREFIXES[N]);
        const ENCODING: Encoding = Encoding::Canonical;
        fn from_storage(storage: Sno) -> Self {
            Prefixed(storage)
        }
        fn storage(&self) -> Sno {
            self.0
        }
    }

    impl<const N: usize> fmt::Display for Prefixed<N> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            super::fmt(self, f)
        }
    }

    /// The same with a scheme whose text the encoder writes in place (`encode_words`).
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    struct InPlace<const N: usize>(crate::scheme::Ulid);

    impl<const N: usize> Identity for InPlace<N> {
        type Scheme = crate::scheme::Ulid;
        type Storage = crate::scheme::Ulid;
        const TYPE_NAME: &'static str = "InPlace";
        const MODULE_PATH: &'static str = module_path!();
        const PREFIX: Option<&'static str> = Some(PREFIXES[N]);
        const ENCODING: Encoding = Encoding::TypeId;
        fn from_storage(storage: crate::scheme::Ulid) -> Self {
            InPlace(storage)
        }
        fn storage(&self) -> crate::scheme::Ulid {
            self.0
        }
    }

    impl<const N: usize> fmt::Display for InPlace<N> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            super::fmt(self, f)
        }
    }

    fn prefixed_text_round_trips<const N: usize>() {
        let ulid =
            crate::scheme::Ulid::from_bytes(&0x0189_0a5d_ac96_774b_bcce_b302_099a_8057u128.to_be_bytes()).unwrap();
        let id = InPlace::<N>(ulid);
        let text = id.to_string();
        assert_eq!(text, format!("{}_01h455vb4pex5vsknk084sn02q", PREFIXES[N]), "prefix {N}");
        assert_eq!(parse::<InPlace<N>>(&text), Ok(id), "prefix {N}");

        let sno = Sno::from_bytes(&[0x5A, 0, 1, 2, 3, 4, 5, 6, 7, 0xFF]).unwrap();
        let id = Prefixed::<N>(sno);
        let body = sno.encode(Encoding::Canonical).unwrap();
        let text = id.to_string();
        assert_eq!(text, format!("{}_{}", PREFIXES[N], body.as_str()), "prefix {N}");
        assert_eq!(parse::<Prefixed<N>>(&text), Ok(id), "prefix {N}");
    }

    /// A snowflake type with the `P`th of no prefix and `tw`, in decimal or hex (`HEX`).
    #[cfg(feature = "serde")]
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    struct Tw<const P: usize, const HEX: bool>(crate::scheme::TwitterSnowflake);

    #[cfg(feature = "serde")]
    impl<const P: usize, const HEX: bool> Identity for Tw<P, HEX> {
        type Scheme = crate::scheme::TwitterSnowflake;
        type Storage = crate::scheme::TwitterSnowflake;
        const TYPE_NAME: &'static str = "Tw";
        const MODULE_PATH: &'static str = module_path!();
        const PREFIX: Option<&'static str> = [None, Some("tw")][P];
        const ENCODING: Encoding = if HEX { Encoding::Hex } else { Encoding::Canonical };
        fn from_storage(storage: crate::scheme::TwitterSnowflake) -> Self {
            Tw(storage)
        }
        fn storage(&self) -> crate::scheme::TwitterSnowflake {
            self.0
        }
    }

    #[cfg(feature = "serde")]
    impl<const P: usize, const HEX: bool> fmt::Display for Tw<P, HEX> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            super::fmt(self, f)
        }
    }

    #[cfg(feature = "serde")]
    impl<'de, const P: usize, const HEX: bool> serde::Deserialize<'de> for Tw<P, HEX> {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            serde_support::deserialize(deserializer)
        }
    }

    /// Any number passed for any prefixed type (`tw_123` from `123`) while `"123"` was refused
    /// for its missing prefix: numbers stand for an ID only where they are its whole text.
    #[cfg(feature = "serde")]
    #[test]
    fn only_unprefixed_decimal_types_take_a_bare_number() {
        let tw = |n: u64| crate::scheme::TwitterSnowflake::from_number(n).unwrap();
        assert_eq!(serde_json::from_str::<Tw<0, false>>("123").unwrap(), Tw(tw(123)));
        assert_eq!(serde_json::from_str::<Tw<0, false>>("\"123\"").unwrap(), Tw(tw(123)));
        assert_eq!(serde_json::from_str::<Tw<1, false>>("\"tw_123\"").unwrap(), Tw(tw(123)));
        for refused in [
            serde_json::from_str::<Tw<1, false>>("123").unwrap_err(),
            serde_json::from_str::<Tw<1, false>>("\"123\"").unwrap_err(),
        ] {
            assert!(refused.to_string().contains("Tw"), "{refused}");
        }
        let message = serde_json::from_str::<Tw<1, false>>("123").unwrap_err().to_string();
        assert!(message.starts_with("invalid type: integer `123`, expected a Tw as text"), "{message}");
        // Hex text: 123 is not what the type writes, with or without a prefix.
        assert!(serde_json::from_str::<Tw<0, true>>("123").is_err());
        assert!(serde_json::from_str::<Tw<1, true>>("123").is_err());
        assert!(serde_json::from_str::<Tw<0, true>>("-1").is_err());
    }

    #[test]
    fn the_prefix_and_text_are_joined_at_every_length() {
        assert_eq!(PREFIXES.map(str::len), [1, 15, 16, 17, 31, 32, 33, 63, 64, 2, 63, 17]);
        prefixed_text_round_trips::<0>();
        prefixed_text_round_trips::<1>();
        prefixed_text_round_trips::<2>();
        prefixed_text_round_trips::<3>();
        prefixed_text_round_trips::<4>();
        prefixed_text_round_trips::<5>();
        prefixed_text_round_trips::<6>();
        prefixed_text_round_trips::<7>();
        prefixed_text_round_trips::<8>();
        prefixed_text_round_trips::<9>();
        prefixed_text_round_trips::<10>();
        prefixed_text_round_trips::<11>();
    }
}
