//! Shapes: the one fact about a scheme's values that integrations need besides its text forms.
//!
//! A database column, a public token's plaintext or a schema reads a value through its shape,
//! never through its scheme: two schemes of one shape are stored, sent and checked the same
//! way. Each shape is a type (so that integrations whose column types are Rust types, such as
//! diesel's, can say at compile time which columns hold which shapes), which the integrations
//! also read as a value (so that code generic over schemes matches on it).
//!
//! [`Scheme::to_bytes`](super::Scheme::to_bytes) writes, and
//! [`Scheme::from_bytes`](super::Scheme::from_bytes) reads, the bytes the shape names.

/// What a value is, for integrations: [`Shape::KIND`] of the scheme's [`Scheme::Shape`].
///
/// [`Scheme::Shape`]: super::Scheme::Shape
// Hidden: integrations generic over schemes (ours, in the other idcraft crates) match on it;
// a user names a shape by its type.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// A GUID: 16 bytes in RFC 4122 string order. `dotnet_bytes`: a binary column holds the
    /// bytes as .NET's `Guid.ToByteArray` writes them (RT.Comb's `comb_binary`).
    Guid {
        /// Whether binary columns hold .NET's byte order.
        dotnet_bytes: bool,
    },
    /// A 128-bit number, 16 bytes big-endian: stored as a GUID of those bytes, or as a whole
    /// number of up to 39 digits where a column asks for one.
    U128,
    /// A 64-bit number below 2^63, 8 bytes big-endian: a signed 64-bit integer column orders
    /// it as the scheme does.
    U63,
    /// A 64-bit number using all 64 bits, 8 bytes big-endian: a signed 64-bit integer column
    /// holds it in two's complement (values from 2^63 on sort first there).
    U64,
    /// A whole number of at most 28 decimal digits, as .NET's 16-byte `decimal` (flags 0).
    Decimal,
    /// `len` raw bytes, compared byte by byte.
    Bytes {
        /// How many.
        len: usize,
    },
}

impl Kind {
    /// How many bytes [`Scheme::to_bytes`](super::Scheme::to_bytes) writes.
    pub const fn byte_len(self) -> usize {
        match self {
            Kind::Guid { .. } | Kind::U128 | Kind::Decimal => 16,
            Kind::U63 | Kind::U64 => 8,
            Kind::Bytes { len } => len,
        }
    }
}

/// A shape, as a type: see the [module](self).
pub trait Shape: sealed::Sealed + Send + Sync + 'static {
    /// The shape as a value.
    #[doc(hidden)]
    const KIND: Kind;
}

mod sealed {
    /// Integrations handle every shape there is; a new one is added here, with them.
    pub trait Sealed {}
}

macro_rules! shapes {
    ($($(#[$doc:meta])* $name:ident $(<const $n:ident: usize>)? => $kind:expr;)+) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name$(<const $n: usize>)?;
        impl$(<const $n: usize>)? sealed::Sealed for $name$(<$n>)? {}
        impl$(<const $n: usize>)? Shape for $name$(<$n>)? {
            const KIND: Kind = $kind;
        }
    )+};
}

shapes! {
    /// [`Kind::Guid`] in string order everywhere.
    Guid => Kind::Guid { dotnet_bytes: false };
    /// [`Kind::Guid`] whose binary columns hold .NET's byte order.
    DotNetGuid => Kind::Guid { dotnet_bytes: true };
    /// [`Kind::U128`].
    U128 => Kind::U128;
    /// [`Kind::U63`].
    U63 => Kind::U63;
    /// [`Kind::U64`].
    U64 => Kind::U64;
    /// [`Kind::Decimal`].
    Decimal => Kind::Decimal;
    /// [`Kind::Bytes`] of `N` bytes.
    Bytes<const N: usize> => Kind::Bytes { len: N };
}
