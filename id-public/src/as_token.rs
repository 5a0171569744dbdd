//! Serde adapter: a field holding an ID is written and read as its public token, under the
//! keys [installed](crate::install) for the process.
//!
//! ```text
//! #[derive(Serialize, Deserialize)]
//! struct Order {
//!     #[serde(with = "idcraft::public::as_token")]
//!     id: OrderId,
//!     total: u64,
//! }
//! ```
//!
//! (`examples/public_service.rs` in the repository is a whole service built this way.)
//!
//! Writing without installed keys is a serialization error (never the bare ID); reading a token
//! these keys did not make for the type is a deserialization error that says only
//! "not a valid public ID".

use crate::installed::{NOT_INSTALLED, installed};
use crate::layout::PublicBlock;
use idcraft_core::Identity;
use serde::{Deserialize, Deserializer, Serializer, de, ser};

/// Writes `id` as its public token.
pub fn serialize<I, S>(id: &I, serializer: S) -> Result<S::Ok, S::Error>
where
    I: Identity,
    I::Scheme: PublicBlock,
    S: Serializer,
{
    let ids = installed().ok_or_else(|| ser::Error::custom(NOT_INSTALLED))?;
    serializer.collect_str(&ids.to_public(id))
}

/// Reads an ID from its public token.
pub fn deserialize<'de, I, D>(deserializer: D) -> Result<I, D::Error>
where
    I: Identity,
    I::Scheme: PublicBlock,
    D: Deserializer<'de>,
{
    let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
    let ids = installed().ok_or_else(|| de::Error::custom(NOT_INSTALLED))?;
    ids.decode_str(&text).map_err(de::Error::custom)
}
