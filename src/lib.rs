#![doc = include_str!("../docs/crate.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The README's code blocks, compiled and run as doctests (the crate docs above are the
/// user-facing page). Its `rust,ignore` blocks are compiled by `tests/readme_examples.rs`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[doc(hidden)]
pub use idcraft_core::codec;
pub use idcraft_core::{
    Clock, CoarseClock, DefaultGenerator, Encoding, Fence, FenceError, Fields, FixedRandom, Generate, GenerateError,
    IdText, Identity, InvalidReason, ManualClock, NoRepeatClock, OsRandom, ParseError, RandomSource, RangeRule, Scheme,
    SeededRandom, StorageOf, SystemClock, Timestamp,
};
#[doc(inline)]
pub use idcraft_core::{fork, scope};

/// The former home of the column mapping, now in [`db`].
#[doc(hidden)]
pub use idcraft_core::column;
pub use idcraft_derive::Identity;
#[cfg(feature = "decimal")]
#[cfg_attr(docsrs, doc(cfg(feature = "decimal")))]
pub use rust_decimal::Decimal;
pub use uuid::Uuid;

/// The schemes: value types, layouts and generators (the table of every scheme is in
/// [the guide](crate::guide#the-schemes)).
pub mod schemes {
    pub use idcraft_core::scheme::*;
}

pub mod collision;
pub mod db;
pub mod guide;
pub mod integrations;
pub mod slot;

/// Leased slots (PostgreSQL or etcd), re-exported from `idcraft-lease`.
#[cfg(any(feature = "lease-postgres", feature = "lease-etcd"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "lease-postgres", feature = "lease-etcd"))))]
#[doc(inline)]
pub use idcraft_lease as lease;

/// Opaque public identities (AES), re-exported from `idcraft-public`.
#[cfg(feature = "public")]
#[cfg_attr(docsrs, doc(cfg(feature = "public")))]
#[doc(inline)]
pub use idcraft_public as public;

#[doc(hidden)]
pub mod __private;
