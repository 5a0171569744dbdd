//! What KSUID declares as a scheme: 20 bytes, its base62 text (and hex), whole seconds.

use super::layout::{EPOCH, LATEST};
use super::{Ksuid, KsuidGenerator};
use crate::scheme::Scheme;
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for Ksuid {}

impl Scheme for Ksuid {
    const NAME: &'static str = "ksuid";
    type Shape = crate::scheme::shape::Bytes<20>;
    type Input = ();
    type Generator = KsuidGenerator;

    crate::scheme::declare::default_generator!(KsuidGenerator = KsuidGenerator::new);

    // 27 base62 digits (canonical) and upper-case hex (read in either case).
    crate::scheme::declare::array_text!(canonical | base62 => base62<20, 27>, hex => hex);
    crate::scheme::declare::whole_seconds!(Timestamp::new(EPOCH, 0), LATEST);
}
