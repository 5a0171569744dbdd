//! What xid declares as a scheme: 12 bytes, its base32hex text (and uppercase hex), whole
//! seconds.

use super::layout::LATEST;
use super::{Xid, XidGenerator};
use crate::scheme::Scheme;
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for Xid {}

impl Scheme for Xid {
    const NAME: &'static str = "xid";
    type Shape = crate::scheme::shape::Bytes<12>;
    const EMBED_LAG: core::time::Duration = crate::clock::CoarseClock::MAX_LAG;
    type Input = ();
    type Generator = XidGenerator;

    crate::scheme::declare::default_generator!(XidGenerator = XidGenerator::new);

    crate::scheme::declare::array_text!(canonical | base32hex => base32hex, hex => hex);
    crate::scheme::declare::whole_seconds!(Timestamp::new(0, 0), LATEST);
}
