//! What xid declares as a scheme: 12 bytes, its base32hex text (and uppercase hex), whole
//! seconds.

use super::layout::LATEST;
use super::{Xid, XidGenerator};

crate::scheme::declare::seconds_counter_scheme!(Xid = "xid", XidGenerator, until LATEST;
    canonical | base32hex => base32hex, hex => hex);
