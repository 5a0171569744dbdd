//! What families declare the same way, written once: a generator's `new()` and `Default`, a
//! scheme's default generator slot, and the storage and byte conversions of a scheme that is a
//! newtype over a byte array. A family calls these instead of repeating the impls, so a new
//! family's folder holds only what differs.

/// `new()` (documented by the caller) and `Default` for a generator whose defaults are its
/// `with(...)` on the given clock (and random source).
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
pub(crate) use default_constructors;

/// Inside `impl Scheme`: the default generator, made by `$init` on first use and kept in an
/// [`Installed`](crate::installed::Installed) slot, the one way every family keeps it (`in
/// SLOT` names a slot the family also installs into and replaces).
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
pub(crate) use default_generator;

/// Inside `impl Scheme` for a newtype over `[u8; N]`, N being the shape's length: the storage
/// bytes are the array.
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
pub(crate) use array_bytes;

/// A newtype over `[u8; N]` stored as that array: `From` both ways and
/// [`StorageOf`](crate::scheme::storage::StorageOf), so a derived type over `[u8; N]` converts
/// without a check (every N bytes are a value).
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
pub(crate) use array_storage;

/// `N` bytes from their hex text (either case): the hex form of every byte-array scheme.
pub(crate) fn hex_array<const N: usize>(text: &str) -> Result<[u8; N], crate::error::ParseError> {
    let mut bytes = [0u8; N];
    crate::codec::hex::decode_into(text, &mut bytes)?;
    Ok(bytes)
}
