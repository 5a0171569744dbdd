//! Architect.Identities' `DistributedId` (28 decimal digits) and `DistributedId128`.
//!
//! * [`DistributedId`]: `ms45 << 48 | random48`, where `ms45` is milliseconds since
//!   1900-01-01 minus a 1000 ms leeway. Stored as a scale-0 `Decimal`; every value made after
//!   2012-07-31 has exactly 28 digits. About 128 IDs per millisecond sustained, with a burst
//!   budget of about 128K (see [`DistributedIdGenerator`]).
//! * [`DistributedId128`]: `ms48 << 80 | 7 << 76 | random75` with bit 63 clear (each half fits a
//!   non-negative `i64`), milliseconds since 1700-01-01, no leeway. String order = numeric order
//!   = `Uuid` order. About 131K IDs per millisecond.
//!
//! Both generators draw one fresh random value per call; inside one millisecond they add its low
//! 41 (resp. 58) bits (at least 1) to the previous random part, so IDs from one generator are
//! strictly increasing while staying unguessable.

mod generator;
mod facts;
mod id;
mod id128;
mod layout;
#[cfg(test)]
mod tests;

pub use generator::{Assembled, DistributedId128Generator, DistributedIdGenerator, RandomIncrementGenerator};
pub use id::DistributedId;
pub use id128::{DistributedId128, SplitError};
pub use layout::Layout;

#[cfg(test)]
use layout::*;
