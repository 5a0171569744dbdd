//! What families declare the same way, written once: a generator's `new()` and `Default`, a
//! scheme's default generator slot, and the storage and byte conversions of a scheme that is a
//! newtype over a byte array. A family calls these instead of repeating the impls, so a new
//! family's folder holds only what differs.

/// `new()` (documented by the caller) and `Default` for a generator whose defaults are its
/// `with(...)` on the given clock (and random source).
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
/// bytes are the array.
#[cfg(feature = "_array-bytes")]
macro_rules! array_bytes {
    () => {
        #[inline]
        fn to_bytes(&self) -> $crate::scheme::IdBytes {
            $crate::scheme::IdBytes::from(self.0)
        }

        #[inline]
        fn from_bytes(bytes: &[u8]) -> Result<Self, $crate::error::ParseError> {
            bytes.try_into().map(Self).map_err(|_| $crate::error::ParseError::bytes(Self::BYTE_LEN, bytes.len()))
        }
    };
}
#[cfg(feature = "_array-bytes")]
pub(crate) use array_bytes;

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
