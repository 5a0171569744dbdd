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
#![deny(missing_docs)]

mod cmac;
pub mod converter;
mod error;
mod key;
pub mod layout;
pub mod token;

pub use converter::{PublicIdConverter, parse_public, to_base62};
pub use error::{KeyError, PublicIdError};
pub use key::AesKey;
pub use layout::PublicBlock;
pub use token::{PublicId, PublicIds, TokenFormat, format};
