//! What ObjectId declares as a scheme: 12 bytes, lowercase hex text (and uppercase hex),
//! whole seconds.

use super::layout::LATEST;
use super::{ObjectId, ObjectIdGenerator};

// The canonical text is lowercase, as MongoDB writes it; `Hex` is uppercase, as in every other
// scheme. Both read either case: MongoDB's drivers read uppercase hex too.
crate::scheme::declare::seconds_counter_scheme!(ObjectId = "object_id", ObjectIdGenerator, until LATEST;
    canonical => hex_lower, hex => hex);
