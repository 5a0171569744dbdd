//! What families declare the same way, written once: a generator's `new()` and `Default`, a
//! scheme's default generator slot, and the storage and byte conversions of a scheme that is a
//! newtype over a byte array. A family calls these instead of repeating the impls, so a new
//! family's folder holds only what differs.

/// `new()` (documented by the caller) and `Default` for a generator whose defaults are its
/// `with(...)` on the given clock (and random source).
///
/// Given the struct instead, of a generator on a clock and a random source whose other fields
/// start the same in every generator (`field: Type = start`): the struct with its `clock: C`
/// and `random: R` (by default the system clock and the OS-seeded CSPRNG) first, `with(clock,
/// random)`, `new()` and `Default` on those defaults, and `Debug` showing the clock.
#[cfg(feature = "_default-constructors")]
macro_rules! default_constructors {
    ($(#[$doc:meta])* $generator:ident => with($($default:expr),+)) => {
        impl $generator {
            $(#[$doc])*
            pub fn new() -> Self {
                Self::with($($default),+)
            }
        }

        impl Default for $generator {
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

        $crate::scheme::default_constructors! {
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

/// Inside `impl Scheme`: the default generator, made by `$init` on first use and kept in an
/// [`Installed`](crate::installed::Installed) slot, the one way every family keeps it (`in
/// SLOT` names a slot the family also installs into and replaces).
#[cfg(feature = "_default-generator")]
macro_rules! default_generator {
    ($generator:ty = $init:expr) => {
        fn default_generator() -> &'static $generator {
            static SLOT: $crate::installed::Installed<$generator> = $crate::installed::Installed::new();
            SLOT.get_or_init($init)
        }
    };
    ($generator:ty = $init:expr, in $slot:path) => {
        fn default_generator() -> &'static $generator {
            $slot.get_or_init($init)
        }
    };
}
#[cfg(feature = "_default-generator")]
pub(crate) use default_generator;

/// Inside `impl Scheme` for a newtype over `[u8; N]`, N being the shape's length: the storage
/// bytes are the array, and one table gives the text forms ([`Scheme::ENCODINGS`] and
/// [`Scheme::NO_SUCH_FORM`], as `text_forms!`), `encode` and `decode`. A row names forms
/// (`canonical` for [`Encoding::Canonical`](crate::scheme::Encoding::Canonical), which lists
/// no form of its own) and the codec that writes and reads them, every codec taking the array
/// and giving one back; a form outside the table is unsupported. One match over the encoding,
/// which a derived type's constant encoding folds to the one codec.
///
/// [`Scheme::ENCODINGS`]: crate::scheme::Scheme::ENCODINGS
/// [`Scheme::NO_SUCH_FORM`]: crate::scheme::Scheme::NO_SUCH_FORM
#[cfg(feature = "_array-bytes")]
macro_rules! array_text {
    ($($($form:ident)|+ => $codec:ident $(<$($size:literal),+>)?),+ $(,)?) => {
        $crate::scheme::array_text!(@forms [] $($($form)+)+);

        #[inline]
        fn to_bytes(&self) -> $crate::scheme::IdBytes {
            $crate::scheme::IdBytes::from(self.0)
        }

        #[inline]
        fn from_bytes(bytes: &[u8]) -> Result<Self, $crate::error::ParseError> {
            bytes.try_into().map(Self).map_err(|_| $crate::error::ParseError::bytes(Self::BYTE_LEN, bytes.len()))
        }

        #[inline]
        fn encode(&self, encoding: $crate::scheme::Encoding) -> Option<$crate::codec::IdText> {
            match encoding {
                $($($crate::scheme::text_forms!(@variant $form))|+ => {
                    Some($crate::scheme::array_text!(@encode $codec $(<$($size),+>)?, &self.0))
                })+
                _ => None,
            }
        }

        #[inline]
        fn decode(text: &str, encoding: $crate::scheme::Encoding) -> Result<Self, $crate::error::ParseError> {
            match encoding {
                $($($crate::scheme::text_forms!(@variant $form))|+ => {
                    $crate::scheme::array_text!(@decode $codec $(<$($size),+>)?, text).map(Self)
                })+
                _ => Err($crate::scheme::unsupported(encoding)),
            }
        }
    };
    // The forms listed, `canonical` left out.
    (@forms [$($listed:ident)*]) => {
        $crate::scheme::text_forms!($($listed),*);
    };
    (@forms [$($listed:ident)*] canonical $($rest:ident)*) => {
        $crate::scheme::array_text!(@forms [$($listed)*] $($rest)*);
    };
    (@forms [$($listed:ident)*] $form:ident $($rest:ident)*) => {
        $crate::scheme::array_text!(@forms [$($listed)* $form] $($rest)*);
    };
    // The codecs: hex in upper or lower case (either read), and the codecs of whole arrays.
    (@encode hex, $bytes:expr) => { $crate::codec::hex::encode_upper($bytes) };
    (@decode hex, $text:expr) => { $crate::scheme::hex_array($text) };
    (@encode hex_lower, $bytes:expr) => { $crate::codec::hex::encode_lower($bytes) };
    (@decode hex_lower, $text:expr) => { $crate::scheme::hex_array($text) };
    (@encode base32hex, $bytes:expr) => { $crate::codec::base32hex::encode($bytes) };
    (@decode base32hex, $text:expr) => { $crate::codec::base32hex::decode($text) };
    (@encode base62<$n:literal, $len:literal>, $bytes:expr) => { $crate::codec::base62::encode_fixed::<$n, $len>($bytes) };
    (@decode base62<$n:literal, $len:literal>, $text:expr) => { $crate::codec::base62::decode_fixed::<$n, $len>($text) };
}
#[cfg(feature = "_array-bytes")]
pub(crate) use array_text;

/// Inside `impl Scheme` for a newtype over `[u8; N]` that opens with 4 big-endian bytes of
/// whole seconds (KSUID's, ObjectId's, xid's), read by the type's `unix_seconds` and
/// `seconds_of`: the embedded time is that second (no fractional digits), the range `$earliest..=$latest`, and the
/// bounds of an instant are its clamped second followed by zero bytes (`min_at`) or by `0xFF`
/// bytes (`max_at`).
#[cfg(feature = "_array-bytes")]
macro_rules! whole_seconds {
    ($earliest:expr, $latest:expr) => {
        const TIME_DIGITS: u8 = 0;

        #[inline]
        fn timestamp(&self) -> $crate::time::Timestamp {
            $crate::time::Timestamp::new(self.unix_seconds(), 0)
        }

        fn time_range() -> ($crate::time::Timestamp, $crate::time::Timestamp) {
            ($earliest, $latest)
        }

        fn min_at(t: $crate::time::Timestamp) -> Self {
            Self($crate::scheme::seconds_then(Self::seconds_of($crate::scheme::clamp_time(t, $earliest, $latest)), 0))
        }

        fn max_at(t: $crate::time::Timestamp) -> Self {
            Self($crate::scheme::seconds_then(
                Self::seconds_of($crate::scheme::clamp_time(t, $earliest, $latest)),
                0xFF,
            ))
        }
    };
}
#[cfg(feature = "_array-bytes")]
pub(crate) use whole_seconds;

/// The bytes of [`whole_seconds!`]: `seconds` (`None` only for an instant out of range, which
/// the clamp rules out) big-endian, then `fill`.
#[cfg(feature = "_array-bytes")]
pub(crate) fn seconds_then<const N: usize>(seconds: Option<u32>, fill: u8) -> [u8; N] {
    let seconds = seconds.unwrap_or(if fill == 0 { 0 } else { u32::MAX });
    let mut bytes = [fill; N];
    bytes[..4].copy_from_slice(&seconds.to_be_bytes());
    bytes
}

/// Inside the inherent impl of a 12-byte ID that opens with 4 bytes of Unix seconds and ends
/// with a 3-byte counter (ObjectId's layout, which xid took over): the byte-array conversions,
/// the seconds and the counter, and the `seconds_of` its generator writes. `$what` names the
/// ID in the docs.
#[cfg(feature = "_seconds-counter")]
macro_rules! seconds_counter_layout {
    ($what:literal) => {
        #[doc = concat!("The ", $what, " of these 12 bytes (every 12 bytes are one).")]
        pub const fn from_bytes_array(bytes: [u8; 12]) -> Self {
            Self(bytes)
        }

        /// The 12 bytes.
        pub const fn to_bytes_array(&self) -> [u8; 12] {
            self.0
        }

        /// The Unix seconds in the first four bytes.
        pub const fn seconds(&self) -> u32 {
            u32::from_be_bytes([self.0[0], self.0[1], self.0[2], self.0[3]])
        }

        /// The embedded Unix seconds as a signed count (what
        /// [`Timestamp`](crate::time::Timestamp) takes).
        pub const fn unix_seconds(&self) -> i64 {
            self.seconds() as i64
        }

        /// The 24-bit counter.
        pub const fn counter(&self) -> u32 {
            u32::from_be_bytes([0, self.0[9], self.0[10], self.0[11]])
        }

        /// The seconds of `t` (truncated), or `None` outside 1970 to 2106.
        pub(super) fn seconds_of(t: $crate::time::Timestamp) -> Option<u32> {
            u32::try_from(t.unix_seconds()).ok()
        }
    };
}
#[cfg(feature = "_seconds-counter")]
pub(crate) use seconds_counter_layout;

/// A newtype over `[u8; N]` stored as that array: `From` both ways and
/// [`StorageOf`](crate::scheme::storage::StorageOf), so a derived type over `[u8; N]` converts
/// without a check (every N bytes are a value).
#[cfg(feature = "_array-bytes")]
macro_rules! array_storage {
    ($scheme:ident, $len:literal) => {
        $crate::scheme::storage::storage_via_from!([] [u8; $len] => $scheme);

        impl From<[u8; $len]> for $scheme {
            fn from(bytes: [u8; $len]) -> $scheme {
                $scheme(bytes)
            }
        }

        impl From<$scheme> for [u8; $len] {
            fn from(id: $scheme) -> [u8; $len] {
                id.0
            }
        }
    };
}
#[cfg(feature = "_array-bytes")]
pub(crate) use array_storage;

/// `N` bytes from their hex text (either case): the hex form of every byte-array scheme.
#[cfg(feature = "_array-bytes")]
pub(crate) fn hex_array<const N: usize>(text: &str) -> Result<[u8; N], crate::error::ParseError> {
    let mut bytes = [0u8; N];
    crate::codec::hex::decode_into(text, &mut bytes)?;
    Ok(bytes)
}

/// A family's default generator slot, `DEFAULT_GENERATOR`, and its generator's
/// [`DefaultGenerator`](crate::scheme::DefaultGenerator) impl: the one way a default generator
/// is installed at start-up (a leased one, one on a chosen node) and swapped later.
#[cfg(feature = "_installable-default")]
macro_rules! installable_default {
    ($generator:ident) => {
        pub(super) static DEFAULT_GENERATOR: $crate::installed::Installed<$generator> =
            $crate::installed::Installed::new();

        impl $crate::scheme::DefaultGenerator for $generator {
            fn install_default(self) -> Result<(), Self> {
                DEFAULT_GENERATOR.install(self).map(drop)
            }

            fn replace_default(self) {
                DEFAULT_GENERATOR.replace(self);
            }
        }
    };
}
#[cfg(feature = "_installable-default")]
pub(crate) use installable_default;

/// Inside `impl Scheme` for an untimed scheme whose value is its text's ASCII bytes (inherent
/// `as_text_bytes()` and `from_text(&str)`; `$alphabet` names the characters in errors): the
/// storage bytes are the text's, the text is the one form, and the time items say there is no
/// time (see [`Scheme::TIMED`](crate::scheme::Scheme::TIMED)).
#[cfg(feature = "_untimed-text")]
macro_rules! untimed_ascii_text {
    ($alphabet:expr) => {
        /// None: see [`Scheme::TIMED`].
        fn timestamp(&self) -> $crate::time::Timestamp {
            $crate::time::Timestamp::UNIX_EPOCH
        }

        /// Every instant: see [`Scheme::TIMED`].
        fn time_range() -> ($crate::time::Timestamp, $crate::time::Timestamp) {
            ($crate::time::Timestamp::MIN, $crate::time::Timestamp::MAX)
        }

        #[inline]
        fn to_bytes(&self) -> $crate::scheme::IdBytes {
            $crate::scheme::IdBytes::from(self.as_text_bytes())
        }

        /// The bytes of a valid text (a column holds the text's bytes).
        #[inline]
        fn from_bytes(bytes: &[u8]) -> Result<Self, $crate::error::ParseError> {
            if bytes.len() != Self::BYTE_LEN {
                return Err($crate::error::ParseError::bytes(Self::BYTE_LEN, bytes.len()));
            }
            // Bytes outside ASCII are no character of any alphabet: the text check refuses them.
            match core::str::from_utf8(bytes) {
                Ok(text) => Self::from_text(text),
                Err(e) => Err($crate::error::ParseError::Character {
                    character: char::REPLACEMENT_CHARACTER,
                    position: e.valid_up_to(),
                    alphabet: $alphabet,
                }),
            }
        }

        #[inline]
        fn encode(&self, encoding: $crate::scheme::Encoding) -> Option<$crate::codec::IdText> {
            match encoding {
                $crate::scheme::Encoding::Canonical => Some($crate::codec::IdText::from_ascii(&self.as_text_bytes())),
                _ => None,
            }
        }

        #[inline]
        fn decode(text: &str, encoding: $crate::scheme::Encoding) -> Result<Self, $crate::error::ParseError> {
            match encoding {
                $crate::scheme::Encoding::Canonical => Self::from_text(text),
                _ => Err($crate::scheme::unsupported(encoding)),
            }
        }
    };
}
#[cfg(feature = "_untimed-text")]
pub(crate) use untimed_ascii_text;

/// Inside a generator's inherent impl: `with_fence` and (with `std`) `with_overflow_subscriber`,
/// documented by the caller, for the generators that own a unit (a partition, a node, machine
/// bytes) another process may take over and whose callers wait while a unit's sequence is used
/// up: their `fence: Option<Arc<dyn Fence>>` and `overflow: OverflowWait`.
#[cfg(feature = "_overflow-wait")]
macro_rules! fence_and_overflow_builders {
    ($(#[$fence_doc:meta])* with_fence; $(#[$overflow_doc:meta])* with_overflow_subscriber;) => {
        $(#[$fence_doc])*
        pub fn with_fence(mut self, fence: alloc::sync::Arc<dyn $crate::fence::Fence>) -> Self {
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
