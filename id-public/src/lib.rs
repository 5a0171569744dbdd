//! Opaque public identities for [idcraft](https://docs.rs/idcraft) IDs.
//!
//! Internal IDs leak creation times, volumes and order. A public identity is the ID encrypted
//! with AES under a secret key: it reveals nothing, and a token nobody issued is rejected.
//!
//! * [`PublicIdConverter`]: Architect.Identities' public identities, byte for byte (one AES
//!   block over the `u64`/`i64`/decimal/`u128`/`Uuid` layout, shown as a GUID or 22 base62
//!   characters), so .NET and Rust services share tokens.
//! * [`PublicIds`]: typed tokens for derived ID types ([`PublicId<OrderId>`](PublicId)),
//!   authenticated by default, optionally bound to the type, with key rotation, for IDs of any
//!   length up to 32 bytes (AES-SIV past one block); see [`token`].
//! * At the web boundary: [`install`] one `PublicIds` at start-up (or pass keys explicitly
//!   in a [`scope`], per tenant or per test), then write IDs in bodies as tokens with the
//!   serde adapter [`as_token`] (or the wrapper [`Public<I>`]), and read them from paths and
//!   query strings with the extractors of `axum` (feature `axum08`) and `actix` (feature
//!   `actix4`), which answer 404 (path) or 400 (query) for any invalid token.
//! * In API documents: [`PublicId<I>`] and [`TokenOf<I>`] have JSON Schemas (feature
//!   `schemars1`) and OpenAPI schemas (feature `utoipa6`) of the token on the wire; see
//!   [`schema`].
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(clippy::undocumented_unsafe_blocks)]

#[cfg(feature = "actix4")]
pub mod actix;
#[cfg(feature = "serde")]
pub mod as_token;
#[cfg(feature = "axum08")]
pub mod axum;
mod bound;
mod cmac;
mod construction;
mod converter;
mod error;
mod installed;
mod key;
mod keyset;
// Public (hidden) for the tests of token layouts; its trait is re-exported below.
#[doc(hidden)]
pub mod layout;
mod public_id;
pub mod schema;
pub mod scope;
mod siv;
#[cfg(test)]
use idcraft_test_budget as test_budget;
#[cfg(test)]
mod test_types;
mod text;
pub mod token;
mod token_format;
#[cfg(any(feature = "axum08", feature = "actix4"))]
pub mod web;

pub use converter::{PublicIdConverter, parse_public, to_base62};
pub use error::{KeyError, PublicIdError, ValueError};
pub use installed::{InstallError, install, installed};
pub use key::AesKey;
pub use layout::PublicBlock;
pub use schema::TokenOf;
pub use token::{Public, PublicId, PublicIds, TokenFormat, format};
