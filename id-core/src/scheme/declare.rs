//! What families declare the same way, written once: a scheme's default generator slot, its
//! byte conversions and text forms from one table of codecs, and the time bounds of a byte
//! array that opens with whole seconds (generators' parts are in `declare_generator`). A family
//! calls these instead of repeating the impls, so a new family's folder holds only what differs.

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

/// Inside `impl Scheme` for a value of N big-endian bytes, N being the shape's length: one
/// table gives the storage bytes, the text forms ([`Scheme::ENCODINGS`] and
/// [`Scheme::NO_SUCH_FORM`], as `text_forms!`), `encode` and `decode`. A row names forms
/// (`canonical` for [`Encoding::Canonical`](crate::scheme::Encoding::Canonical), which lists
/// no form of its own) and the codec that writes and reads them; a form outside the table is
/// unsupported. Every codec takes the `[u8; N]` and gives one back, so the families share the
/// codecs whatever their value is: a newtype over the array (the head left out), or a value
/// whose head `|id| bytes, |b| value` says how to get its array and how to make it (a
/// `Result`, for values that check their bytes) from one; a `u64` or `u128` goes through its
/// big-endian bytes, which inlining folds away. One match over the encoding, which a derived
/// type's constant encoding folds to the one codec: `decode` is always inlined for that
/// (returned out of line, a 16-byte value is stored as two words and read back with one load
/// that waits for both: TypeID's round trip took 38.3 ns, 32.6 inlined).
///
/// [`Scheme::ENCODINGS`]: crate::scheme::Scheme::ENCODINGS
/// [`Scheme::NO_SUCH_FORM`]: crate::scheme::Scheme::NO_SUCH_FORM
#[cfg(feature = "_array-text")]
macro_rules! array_text {
    (@impl [$id:ident $bytes:expr] [$b:ident $value:expr]
        $($($form:ident)|+ => $codec:ident $(<$($size:literal),+>)?),+ $(,)?) => {
        $crate::scheme::declare::array_text!(@forms [] $($($form)+)+);

        #[inline]
        fn to_bytes(&self) -> $crate::scheme::IdBytes {
            let $id = self;
            $crate::scheme::IdBytes::from($bytes)
        }

        #[inline]
        fn from_bytes(bytes: &[u8]) -> Result<Self, $crate::error::ParseError> {
            match bytes.try_into() {
                Ok($b) => $value,
                Err(_) => Err($crate::error::ParseError::bytes(Self::BYTE_LEN, bytes.len())),
            }
        }

        #[inline]
        fn encode(&self, encoding: $crate::scheme::Encoding) -> Option<$crate::codec::IdText> {
            let $id = self;
            match encoding {
                $($($crate::scheme::text_forms!(@variant $form))|+ => {
                    Some($crate::scheme::declare::array_text!(@encode $codec $(<$($size),+>)?, &$bytes))
                })+
                _ => None,
            }
        }

        #[inline(always)]
        fn decode(text: &str, encoding: $crate::scheme::Encoding) -> Result<Self, $crate::error::ParseError> {
            let $b = match encoding {
                $($($crate::scheme::text_forms!(@variant $form))|+ => {
                    $crate::scheme::declare::array_text!(@decode $codec $(<$($size),+>)?, text)?
                })+
                _ => return Err($crate::scheme::unsupported(encoding)),
            };
            $value
        }
    };
    // The forms listed, `canonical` left out.
    (@forms [$($listed:ident)*]) => {
        $crate::scheme::text_forms!($($listed),*);
    };
    (@forms [$($listed:ident)*] canonical $($rest:ident)*) => {
        $crate::scheme::declare::array_text!(@forms [$($listed)*] $($rest)*);
    };
    (@forms [$($listed:ident)*] $form:ident $($rest:ident)*) => {
        $crate::scheme::declare::array_text!(@forms [$($listed)* $form] $($rest)*);
    };
    // The codecs: hex in upper or lower case (either read), and the codecs of whole arrays.
    (@encode hex, $bytes:expr) => { $crate::codec::hex::encode_upper($bytes) };
    (@decode hex, $text:expr) => { $crate::scheme::declare::hex_array($text) };
    (@encode hex_lower, $bytes:expr) => { $crate::codec::hex::encode_lower($bytes) };
    (@decode hex_lower, $text:expr) => { $crate::scheme::declare::hex_array($text) };
    (@encode base32hex, $bytes:expr) => { $crate::codec::base32hex::encode($bytes) };
    (@decode base32hex, $text:expr) => { $crate::codec::base32hex::decode($text) };
    (@encode base62<$n:literal, $len:literal>, $bytes:expr) => { $crate::codec::base62::encode_fixed::<$n, $len>($bytes) };
    (@decode base62<$n:literal, $len:literal>, $text:expr) => { $crate::codec::base62::decode_fixed::<$n, $len>($text) };
    (@encode sno32, $bytes:expr) => { $crate::codec::sno32::encode($bytes) };
    (@decode sno32, $text:expr) => { $crate::codec::sno32::decode($text) };
    (@encode base64, $bytes:expr) => { $crate::codec::base64::encode($bytes, $crate::codec::base64::Flavour::Ordered) };
    (@decode base64, $text:expr) => { $crate::codec::base64::decode_array($text, $crate::codec::base64::Flavour::Ordered) };
    (@encode base64url, $bytes:expr) => { $crate::codec::base64::encode($bytes, $crate::codec::base64::Flavour::UrlSafe) };
    (@decode base64url, $text:expr) => { $crate::codec::base64::decode_array($text, $crate::codec::base64::Flavour::UrlSafe) };
    // The 16-byte forms of UUID-like values: the UUID's hyphenated hex, and the codecs of the
    // `u128` (base62, Crockford base32 as ULIDs write it, TypeID's suffix).
    (@encode uuid, $bytes:expr) => { $crate::codec::hex::encode_uuid($bytes) };
    (@decode uuid, $text:expr) => { $crate::codec::hex::decode_uuid($text) };
    (@encode crockford, $bytes:expr) => { $crate::codec::crockford::encode_u128(u128::from_be_bytes(*$bytes), true) };
    (@decode crockford, $text:expr) => {
        $crate::codec::crockford::decode_u128($text, $crate::codec::crockford::Case::Either).map(u128::to_be_bytes)
    };
    (@encode typeid, $bytes:expr) => { $crate::codec::typeid::encode_suffix(u128::from_be_bytes(*$bytes)) };
    (@decode typeid, $text:expr) => { $crate::codec::typeid::decode_suffix($text).map(u128::to_be_bytes) };
    (@encode base62_u128, $bytes:expr) => { $crate::codec::base62::encode_u128(u128::from_be_bytes(*$bytes)) };
    (@decode base62_u128, $text:expr) => { $crate::codec::base62::decode_u128($text).map(u128::to_be_bytes) };
    (@encode decimal_u128, $bytes:expr) => { $crate::codec::decimal::to_digits(u128::from_be_bytes(*$bytes)) };
    (@decode decimal_u128, $text:expr) => { $crate::codec::decimal::from_digits($text, 39).map(u128::to_be_bytes) };
    // The 8-byte forms of `u64` values: base62 and decimal digits.
    (@encode base62_u64, $bytes:expr) => { $crate::codec::base62::encode_u64(u64::from_be_bytes(*$bytes)) };
    (@decode base62_u64, $text:expr) => { $crate::codec::base62::decode_u64($text).map(u64::to_be_bytes) };
    (@encode decimal_u64, $bytes:expr) => { $crate::codec::decimal::to_digits(u64::from_be_bytes(*$bytes).into()) };
    (@decode decimal_u64, $text:expr) => {
        $crate::codec::decimal::from_digits($text, 20).and_then(|v| {
            u64::try_from(v)
                .map(u64::to_be_bytes)
                .map_err(|_| $crate::error::ParseError::OutOfRange { rule: $crate::error::RangeRule::ABOVE_U64_MAX })
        })
    };
    // The head: a value's array and the value of an array, or a newtype over the array.
    (|$id:ident| $bytes:expr, |$b:ident| $value:expr; $($rows:tt)+) => {
        $crate::scheme::declare::array_text!(@impl [$id $bytes] [$b $value] $($rows)+);
    };
    ($($rows:tt)+) => {
        $crate::scheme::declare::array_text!(@impl [id id.0] [b Ok(Self(b))] $($rows)+);
    };
}
#[cfg(feature = "_array-text")]
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
            Self($crate::scheme::declare::seconds_then(
                Self::seconds_of($crate::scheme::clamp_time(t, $earliest, $latest)),
                0,
            ))
        }

        fn max_at(t: $crate::time::Timestamp) -> Self {
            Self($crate::scheme::declare::seconds_then(
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

/// The `Scheme` impl of an ID of [`seconds_counter_layout!`]'s 12 bytes, named `$name` and made
/// by `$generator` (its `new()` the default generator), with the text forms of `array_text!`'s
/// table: whole seconds from 1970 to `$latest`, and no input. Whole seconds are why the
/// generator's defaults (`new()`, `Default`) read the coarse clock, and what its lag is.
#[cfg(feature = "_seconds-counter")]
macro_rules! seconds_counter_scheme {
    ($id:ident = $name:literal, $generator:ident, until $latest:expr; $($text:tt)+) => {
        impl $crate::scheme::sealed::Sealed for $id {}

        impl $crate::scheme::Scheme for $id {
            const NAME: &'static str = $name;
            type Shape = $crate::scheme::shape::Bytes<12>;
            const EMBED_LAG: core::time::Duration = $crate::clock::CoarseClock::MAX_LAG;
            type Input = ();
            type Generator = $generator;

            $crate::scheme::declare::default_generator!($generator = $generator::new);
            $crate::scheme::declare::array_text!($($text)+);
            $crate::scheme::declare::whole_seconds!($crate::time::Timestamp::UNIX_EPOCH, $latest);
        }

        $crate::scheme::declare_generator::default_constructors! {
            /// The coarse system clock and the OS-seeded CSPRNG. The IDs hold whole seconds, so a
            /// reading a kernel tick old (see
            /// [`CoarseClock::MAX_LAG`](crate::clock::CoarseClock::MAX_LAG)) changes only IDs made
            /// in the first milliseconds of a second, and costs a fraction of a precise one: the
            /// clock is most of an ID's cost here.
            $generator => with($crate::clock::CoarseClock, $crate::random::OsRandom)
        }
    };
}
#[cfg(feature = "_seconds-counter")]
pub(crate) use seconds_counter_scheme;

/// `N` bytes from their hex text (either case): `array_text!`'s hex forms.
#[cfg(feature = "_array-text")]
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

/// What every scheme of [`untimed_ascii_text!`] promises of a text of the right number of
/// characters, one of them (`é`, at `position`) two bytes long: its error names that character
/// where it stands, not a length ("expected {n} characters, found {n}").
#[cfg(all(test, feature = "_untimed-text"))]
pub(crate) fn assert_multi_byte_character_named<S>(text: &str, position: usize)
where
    S: core::str::FromStr<Err = crate::error::ParseError> + core::fmt::Debug,
{
    let parsed = text.parse::<S>();
    let named =
        matches!(parsed, Err(crate::error::ParseError::Character { character: 'é', position: p, .. }) if p == position);
    assert!(named, "{parsed:?}");
}
