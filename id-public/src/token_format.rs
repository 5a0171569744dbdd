//! The token formats, as a value ([`TokenFormat`]) and as types ([`format`]): below the token
//! code, the key sets and the constructions, which all read them.

/// The token layouts as types, for [`PublicIds<F>`](crate::PublicIds).
pub mod format {
    use super::TokenFormat;

    /// Encrypted block + 64-bit CMAC tag (the default).
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Authenticated;

    /// Architect.Identities' single block.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Compatible;

    /// A token layout. Sealed: the two above are all there is.
    pub trait Format: sealed::Sealed + Send + Sync + 'static {
        /// The layout's value.
        const FORMAT: TokenFormat;
    }

    impl Format for Authenticated {
        const FORMAT: TokenFormat = TokenFormat::Authenticated;
    }

    impl Format for Compatible {
        const FORMAT: TokenFormat = TokenFormat::Compatible;
    }

    mod sealed {
        pub trait Sealed {}
        impl Sealed for super::Authenticated {}
        impl Sealed for super::Compatible {}
    }
}

/// The token layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TokenFormat {
    /// Encrypted block + 64-bit CMAC tag: 24 bytes, 33 characters, forgery chance ≤ 2^-64. The
    /// tokens of 64-bit IDs are the block alone, 16 bytes, 22 characters, with the same chance
    /// (see [`has_tag`](crate::token::has_tag)); those of IDs longer than 16 bytes are AES-SIV, 16 bytes longer than
    /// the ID, forgery chance ≤ 2^-128 (see the [token module](crate::token#ids-longer-than-one-block)).
    #[default]
    Authenticated,
    /// Architect.Identities' single block: 16 bytes, 22 characters (interoperable with .NET
    /// when not bound to types). IDs longer than 16 bytes, which that format cannot hold, get
    /// the authenticated format's AES-SIV tokens.
    Compatible,
}
