//! The runtime of [idcraft](https://docs.rs/idcraft): ID schemes, their generators, clocks,
//! random sources and codecs. Users depend on the `idcraft` facade; this crate holds all the
//! behaviour, as ordinary generic Rust.
//!
//! # Layers
//!
//! Every module names only modules of its own layer or below, and no two modules name each
//! other (`tests/layers.rs` reads the sources and fails on an upward import or a circle):
//!
//! 1. **primitives**: [`time`], [`clock`], [`random`], [`host`], [`encoding`], [`error`] (the
//!    error enums and their reasons, [`error::Column`] and [`error::CombTimeError`] among them);
//! 2. **codecs**: [`codec`] (text and byte forms, no clock, no scheme);
//! 3. **generator parts** written once: [`overflow`] (waiting out a full unit), the
//!    explicit-instant sequence, the replaceable default generator, [`fence`] (leases);
//! 4. **schemes**: [`scheme`], one folder per scheme with its layout, its scheme declaration
//!    (`text.rs`), its generator, and the registry in `scheme/mod.rs`;
//! 5. **identity**: [`identity`], [`column`](mod@column), [`scope`], [`text_form`], and each scheme folder's
//!    `glue.rs` (what derived types and tools get), on top of everything.
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod clock;
pub mod codec;
pub mod column;
pub mod encoding;
pub mod error;
mod explicit;
pub mod fence;
pub mod host;
pub mod identity;
mod installed;
mod monotonic;
pub mod overflow;
pub mod random;
pub mod scheme;
pub mod scope;
#[cfg(test)]
mod test_budget;
pub mod text_form;
pub mod time;

pub use clock::{Clock, CoarseClock, ManualClock, NoRepeatClock, SystemClock};
pub use error::{GenerateError, InvalidReason, ParseError, RangeRule};
pub use identity::{Identity, StorageOf};
pub use random::{FixedRandom, OsRandom, RandomSource, SeededRandom};
pub use scheme::{Encoding, Generate, Scheme};
pub use time::Timestamp;
