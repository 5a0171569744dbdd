//! The runtime of [idcraft](https://docs.rs/idcraft): ID schemes, their generators, clocks,
//! random sources and codecs. Users depend on the `idcraft` facade; this crate holds all the
//! behaviour, as ordinary generic Rust.
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod clock;
pub mod codec;
pub mod column;
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
