//! What every scheme is: the [`Scheme`] trait (the fact sheet each family fills in), its
//! [`Generate`] verbs, and the [`Visitor`] that runs generic code on a scheme chosen by name.

use crate::prelude::*;

use super::shape::Shape;
use super::{Encoding, IdBytes};
use crate::codec::{AsciiWords, IdText};
use crate::error::{GenerateError, ParseError};
use crate::time::Timestamp;
use core::fmt;
use core::hash::Hash;

/// One ID scheme: the value type, its layout, its text forms and its default generator.
///
/// `Ord` is the order of the database the scheme is built for, so sorting in Rust agrees with
/// `ORDER BY` there (SQL Server order for `comb_sql`/`comb_legacy`, byte order otherwise).
pub trait Scheme:
    sealed::Sealed
    + Copy
    + Eq
    + Ord
    + Hash
    + fmt::Debug
    + fmt::Display
    + core::str::FromStr<Err = ParseError>
    + Send
    + Sync
    + 'static
{
    /// The name used in `#[id(scheme = "...")]` and on the command line.
    const NAME: &'static str;
    /// What integrations need to know of the values (see [`shape`](super::shape)): how databases store them,
    /// how public tokens encrypt them.
    type Shape: Shape;
    /// Length of [`Scheme::to_bytes`]: the shape's.
    const BYTE_LEN: usize = <Self::Shape as Shape>::KIND.byte_len();
    /// The text forms, the canonical one first: what [`Scheme::encode`] writes and
    /// [`Scheme::decode`] reads (besides [`Encoding::Canonical`]), and what
    /// `#[id(encoding = "...")]` is checked against when it compiles. Declared with
    /// `text_forms!`, which also writes [`Scheme::NO_SUCH_FORM`].
    const ENCODINGS: &'static [Encoding];
    /// The compile error for an encoding outside [`Scheme::ENCODINGS`].
    #[doc(hidden)]
    const NO_SUCH_FORM: &'static str;
    /// What a generator needs from the caller besides time and randomness (`()` for most;
    /// the shard key for `hot`, the metabyte for `sno`, an optional node for `uid96`).
    type Input: Copy + Send + Default + 'static;
    /// The process-wide generator type.
    type Generator: Generate<Self> + 'static;
    /// How much earlier than the wall clock at the call the default generator may embed its
    /// time: the coarse clock's lag ([`CoarseClock::MAX_LAG`](crate::clock::CoarseClock::MAX_LAG))
    /// for sno, uid, HotGuid and the snowflakes, DistributedId's deliberate 1 s, the precise
    /// clock's few microseconds ([`SystemClock::MAX_LAG`](crate::clock::SystemClock::MAX_LAG))
    /// for the others. Range queries widen their lower bound by it.
    const EMBED_LAG: core::time::Duration = crate::clock::SystemClock::MAX_LAG;
    /// How many fractional digits of a second the embedded time is exact to: 3 for
    /// milliseconds (most schemes), 0 for HotGuid's seconds, 6 for uid's 1024 µs ticks, 7 for
    /// SQL Server `datetime` COMBs (.NET's 100 ns ticks). Tools print an ID's time with exactly
    /// these digits ([`Timestamp::rfc3339`]), so times of one scheme have one length.
    const TIME_DIGITS: u8 = 3;
    /// The RFC 9562 version the scheme's values carry in a UUID's version bits, where it writes
    /// one (7 for UUIDv7); `None` where those bits hold data (COMB, ULID, ...). Tools that read
    /// a bare UUID take a version-7 one for the scheme that declares 7.
    const UUID_VERSION: Option<u8> = None;
    /// Whether the values embed a time. `false` for the random text schemes (`nanoid`,
    /// `cuid2`): their derived types have no `timestamp`, `min_at`, `max_at`, `at` or
    /// `try_at`, and tools show no time for them. Such a scheme still fills in the time items
    /// below, so that generic code stays total: [`Scheme::time_range`] is every instant,
    /// [`Scheme::min_at`] and [`Scheme::max_at`] are its smallest and largest values whatever
    /// the instant (a "time window" holds every ID), [`Scheme::timestamp`] is
    /// [`Timestamp::UNIX_EPOCH`] and means nothing; generic code that shows or stores a time
    /// checks this first.
    const TIMED: bool = true;
    /// The characters of the canonical text, for schemes whose text is the value itself
    /// (`nanoid`'s alphabet, `cuid2`'s base36) rather than a codec's form of bytes; empty for
    /// the others. Schemas build their pattern from it.
    #[doc(hidden)]
    const TEXT_ALPHABET: &'static str = "";
    /// Evaluating it checks the scheme's type parameters (uid96's interval must be 5..=10):
    /// derived types evaluate it, so a bad parameter is a compile error at the attribute.
    const VALID: () = ();

    /// The process-wide default generator (system clock, CSPRNG where the scheme promises
    /// unguessability).
    fn default_generator() -> &'static Self::Generator;

    /// The embedded instant (for schemes whose layout can hold invalid values, the raw field
    /// interpretation; see the scheme's own `try_timestamp`).
    fn timestamp(&self) -> Timestamp;

    /// The storage bytes.
    fn to_bytes(&self) -> IdBytes;

    /// Reads the storage bytes.
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError>;

    /// The text in `encoding`, or `None` where the scheme has no such form.
    fn encode(&self, encoding: Encoding) -> Option<IdText>;

    /// Writes the text in `encoding` straight into `out` and returns where it is (`start..end`),
    /// or `None` where the scheme leaves this form to [`Scheme::encode`]. Derived types'
    /// `Display` calls it first, so that the text is never moved between the encoder and the
    /// one `write_str`: copying bytes just stored by narrower stores stalls until they retire.
    #[doc(hidden)]
    #[inline(always)]
    fn encode_words(&self, encoding: Encoding, out: &mut AsciiWords<'_>) -> Option<core::ops::Range<usize>> {
        let _ = (encoding, out);
        None
    }

    /// Reads the text in `encoding`.
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError>;

    /// The first and last instants the layout holds: what [`Scheme::min_at`] and
    /// [`Scheme::max_at`] clamp their argument into.
    fn time_range() -> (Timestamp, Timestamp);

    /// The smallest value whose embedded time is `t` (clamped to the scheme's range). For "every
    /// ID made between `t1` and `t2`", use `min_at(t1 − EMBED_LAG)..=max_at(t2)` (what derived
    /// types' `min_at` does).
    fn min_at(t: Timestamp) -> Self;

    /// The largest value whose embedded time is `t` (clamped to the scheme's range).
    fn max_at(t: Timestamp) -> Self;

    /// Whether serde writes this value as `null` (sno's zero ID); `false` for other schemes.
    fn serializes_as_null(&self) -> bool {
        false
    }

    /// The value a number stands for where human-readable formats may hold the ID as one
    /// (snowflakes: JSON producers write them as numbers too); `None` for schemes whose IDs
    /// are only text there.
    #[doc(hidden)]
    fn from_number(n: u64) -> Option<Self> {
        let _ = n;
        None
    }
}

/// Code generic over schemes, run by [`visit`](super::visit) with the scheme a name picks.
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Runs with scheme `S`.
    fn visit<S: super::describe::Describe>(self) -> Self::Output;
}

pub(crate) mod sealed {
    /// Only the schemes of this crate are schemes: derived types, the command line and the
    /// drivers rely on every scheme declaring its facts the same way.
    pub trait Sealed {}
}

/// [`Scheme::ENCODINGS`] and [`Scheme::NO_SUCH_FORM`] from one list of encoding names, the
/// canonical form first.
#[cfg(feature = "_scheme-common")]
macro_rules! text_forms {
    ($first:ident $(, $rest:ident)*) => {
        const ENCODINGS: &'static [$crate::scheme::Encoding] =
            &[$crate::scheme::text_forms!(@variant $first) $(, $crate::scheme::text_forms!(@variant $rest))*];
        const NO_SUCH_FORM: &'static str = concat!(
            "the scheme has no such text form; it has `", stringify!($first), "`" $(, ", `", stringify!($rest), "`")*
        );
    };
    (@variant canonical) => { $crate::scheme::Encoding::Canonical };
    (@variant uuid) => { $crate::scheme::Encoding::Uuid };
    (@variant hex) => { $crate::scheme::Encoding::Hex };
    (@variant base62) => { $crate::scheme::Encoding::Base62 };
    (@variant decimal) => { $crate::scheme::Encoding::Decimal };
    (@variant sno32) => { $crate::scheme::Encoding::Sno32 };
    (@variant base64) => { $crate::scheme::Encoding::Base64 };
    (@variant base64url) => { $crate::scheme::Encoding::Base64Url };
    (@variant ulid) => { $crate::scheme::Encoding::Ulid };
    (@variant typeid) => { $crate::scheme::Encoding::TypeId };
    (@variant base32hex) => { $crate::scheme::Encoding::Base32Hex };
}
#[cfg(feature = "_scheme-common")]
pub(crate) use text_forms;

/// A generator of one scheme's values.
///
/// Every generator has the same three verbs: `with(clock, random)` (or `with(clock)` where the
/// scheme uses no randomness) builds one, [`Generate::generate`] makes the next value from the
/// clock, [`Generate::generate_at`] one embedding a given instant.
pub trait Generate<S: Scheme>: Send + Sync {
    /// Makes the next value.
    fn generate(&self, input: S::Input) -> Result<S, GenerateError>;

    /// A value embedding `t` instead of the clock's reading (to the layout's resolution), with
    /// the generator's other parts (its randomness, sequence, node, partition): for back-filling
    /// and for tools. Such values are not ordered with the generator's others; an instant the
    /// layout cannot hold is an error, never a wrapped value.
    fn generate_at(&self, input: S::Input, t: Timestamp) -> Result<S, GenerateError>;
}

impl<S: Scheme, G: Generate<S> + ?Sized> Generate<S> for &G {
    fn generate(&self, input: S::Input) -> Result<S, GenerateError> {
        (**self).generate(input)
    }
    fn generate_at(&self, input: S::Input, t: Timestamp) -> Result<S, GenerateError> {
        (**self).generate_at(input, t)
    }
}

impl<S: Scheme, G: Generate<S> + ?Sized> Generate<S> for alloc::sync::Arc<G> {
    fn generate(&self, input: S::Input) -> Result<S, GenerateError> {
        (**self).generate(input)
    }
    fn generate_at(&self, input: S::Input, t: Timestamp) -> Result<S, GenerateError> {
        (**self).generate_at(input, t)
    }
}

impl<S: Scheme, G: Generate<S> + ?Sized> Generate<S> for Box<G> {
    fn generate(&self, input: S::Input) -> Result<S, GenerateError> {
        (**self).generate(input)
    }
    fn generate_at(&self, input: S::Input, t: Timestamp) -> Result<S, GenerateError> {
        (**self).generate_at(input, t)
    }
}
