//! What ObjectId declares as a scheme: 12 bytes, lowercase hex text (and uppercase hex),
//! whole seconds.

use super::layout::LATEST;
use super::{ObjectId, ObjectIdGenerator};
use crate::scheme::Scheme;
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for ObjectId {}

impl Scheme for ObjectId {
    const NAME: &'static str = "object_id";
    type Shape = crate::scheme::shape::Bytes<12>;
    const EMBED_LAG: core::time::Duration = crate::clock::CoarseClock::MAX_LAG;
    type Input = ();
    type Generator = ObjectIdGenerator;

    crate::scheme::declare::default_generator!(ObjectIdGenerator = ObjectIdGenerator::new);

    // The canonical text is lowercase, as MongoDB writes it; `Hex` is uppercase, as in every
    // other scheme. Both read either case: MongoDB's drivers read uppercase hex too.
    crate::scheme::declare::array_text!(canonical => hex_lower, hex => hex);
    crate::scheme::declare::whole_seconds!(Timestamp::new(0, 0), LATEST);
}
