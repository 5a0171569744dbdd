//! Opaque public identities for [idcraft](https://docs.rs/idcraft) IDs.
//!
//! Internal IDs leak creation times, volumes and order. A public identity is the ID encrypted
//! with AES under a secret key: it reveals nothing, and a token nobody issued is rejected.
//!
//! * [`PublicIdConverter`]: Architect.Identities' public identities, byte for byte (one AES
//!   block over the `u64`/`i64`/decimal/`u128`/`Uuid` layout, shown as a GUID or 22 base62
//!   characters), so .NET and Rust services share tokens.
//! * [`PublicIds`]: typed tokens for derived ID types ([`PublicId<OrderId>`](PublicId)),
//!   authenticated by default, optionally bound to the type, with key rotation; see [`token`].
//! * At the web boundary: [`install`] one `PublicIds` at start-up, then write IDs in responses
//!   as tokens with the serde adapter [`as_token`], and read them from paths with
//!   `axum::PublicPath` (feature `axum08`), which answers 404 for any invalid token.
#![deny(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

#[cfg(feature = "serde")]
pub mod as_token;
#[cfg(feature = "axum08")]
pub mod axum;
mod cmac;
pub mod converter;
mod error;
mod installed;
mod key;
pub mod layout;
#[cfg(test)]
mod test_budget;
pub mod token;

pub use converter::{PublicIdConverter, parse_public, to_base62};
pub use error::{KeyError, PublicIdError, ValueError};
pub use installed::{install, installed};
pub use key::AesKey;
pub use layout::PublicBlock;
pub use token::{PublicId, PublicIds, TokenFormat, format};
