//! The runtime of [idcraft](https://docs.rs/idcraft): ID schemes, their generators, clocks,
//! random sources and codecs. Users depend on the `idcraft` facade; this crate holds all the
//! behaviour, as ordinary generic Rust.
//!
//! # Layers
//!
//! Every module names only modules of its own layer or below, and no two modules name each
//! other (`tests/layers.rs` reads the sources and fails on an upward import or a circle):
//!
//! 1. **primitives**: the lock generators share (`sync`), [`time`], [`clock`], [`random`], [`fork`],
//!    `host` (with `std`), `encoding` ([`Encoding`]), [`error`] (the error enums, the rules and
//!    reasons they carry, `CombTimeError`, and the column type a reason names);
//! 2. **codecs**: [`codec`] (text and byte forms, no clock, no scheme);
//! 3. **generator parts** written once: `overflow` (waiting out a full unit,
//!    [`SequenceOverflow`](scheme::SequenceOverflow)), the explicit-instant sequence, the
//!    replaceable default generator, `fence` ([`Fence`], for leases);
//! 4. **schemes**: [`scheme`], one folder per scheme with its layout, its scheme declaration
//!    (`text.rs`), its generator, and the registry in `scheme/registry.rs`;
//! 5. **identity**: `identity` ([`Identity`] and the generic code behind derived types),
//!    [`column`](mod@column), [`scope`], [`text_form`], on top of everything.
//!
//! A module that would hold one public item is private and its item is re-exported once, here
//! ([`Encoding`], [`Identity`], [`StorageOf`]) or in [`scheme`]
//! ([`SequenceOverflow`](scheme::SequenceOverflow), [`Alphabet`](scheme::Alphabet)).
//!
//! # Features
//!
//! `std` (the operating system's clock, randomness, host name and process ID, the process-wide
//! default generators and per-thread test scopes) and one feature per scheme family: `comb`,
//! `hot` (brings MD5), `distributed` (brings `rust_decimal`), `sno`, `uid`, `uuid7`, `ulid`,
//! `snowflake`. A family's feature also lists the internal features (`_lineage`,
//! `_overflow-wait`, ...: not for users) of the shared parts it uses, so each part compiles only
//! with a family that uses it. The default, `full`, is all of them (the `idcraft` facade turns
//! on only what the application asks for). Also `serde`, `tokio1` (task scopes) and `js` (the
//! JavaScript clock and randomness on wasm32-unknown-unknown). Without `std` the crate is
//! `no_std` + `alloc`: layouts, text forms, parsing, field access and generation with an
//! injected [`Clock`] and [`RandomSource`].
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

extern crate alloc;
// Tests use the standard library whatever the features.
#[cfg(any(feature = "std", test))]
extern crate std;

/// What the standard prelude gives std crates, for the modules that allocate.
mod prelude {
    pub(crate) use alloc::borrow::ToOwned;
    pub(crate) use alloc::boxed::Box;
    pub(crate) use alloc::string::{String, ToString};
    pub(crate) use alloc::vec::Vec;
    pub(crate) use alloc::{format, vec};
}

pub mod clock;
// The codecs are how schemes write their text forms, reached by the other idcraft crates; not
// an API of their own (a scheme's `encode`/`decode` and `FromStr` are). `IdText`, the stack
// text they return, is.
#[doc(hidden)]
pub mod codec;
pub use codec::IdText;
// The value each shape takes in a database column, for the facade's driver integrations; a
// user meets it only through those drivers' own traits.
#[doc(hidden)]
pub mod column;
mod encoding;
pub mod error;
#[cfg(any(feature = "_clock-use", feature = "_unix-ms48"))]
mod explicit;
mod fence;
pub mod fork;
// The host's name and process ID as the schemes and the facade's slots read them.
#[cfg(feature = "std")]
#[doc(hidden)]
pub mod host;
mod identity;
// Public (hidden) only because sealed traits name its type; its methods stay crate-private.
#[cfg(feature = "_scheme-common")]
#[doc(hidden)]
pub mod installed;
#[cfg(feature = "_monotonic")]
mod monotonic;
mod overflow;
pub mod random;
pub mod scheme;
#[cfg(feature = "std")]
pub mod scope;
mod sync;
#[cfg(test)]
use idcraft_test_budget as test_budget;
// The text shape (pattern, lengths) the schema integrations describe, read off the encoders.
#[doc(hidden)]
pub mod text_form;
pub mod time;

// What `#[derive(Identity)]`'s output calls, through the registry's macros and the facade's
// `__private`: the generic functions behind every derived type (`identity`), its accessor view
// and serde. Glue, no API of its own; `Identity` itself is public at the root.
#[doc(hidden)]
pub mod glue {
    pub use crate::identity::*;
}

pub use clock::{Clock, CoarseClock, ManualClock, NoRepeatClock, SystemClock};
pub use encoding::Encoding;
pub use error::{FenceError, GenerateError, InvalidReason, ParseError, RangeRule};
pub use fence::Fence;
pub use identity::{Fields, Identity};
pub use random::{FixedRandom, OsRandom, RandomSource, SeededRandom};
pub use scheme::storage::StorageOf;
pub use scheme::{DefaultGenerator, Generate, Scheme};
pub use time::Timestamp;
