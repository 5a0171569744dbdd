//! What derived KSUID and KSUID-ms types and tools read of the schemes beyond their layouts
//! and texts: their storage type (`[u8; 20]`), their named fields (the accessors of derived
//! types and the fields `inspect` prints) and the options their generators take (none).

use crate::prelude::*;

use super::{Ksuid, KsuidMs};

crate::scheme::storage::newtype_storage!([] [u8; 20] => Ksuid);

// `timestamp` as KSUID tools print it (seconds since its epoch) and the payload in hex; a
// KSUID-ms is a KSUID, so KSUID tools read it the same way (its payload after the 4 ms steps).
macro_rules! ksuid_fields {
    ($($scheme:ident),+) => {$(
        impl crate::scheme::describe::Describe for $scheme {
            fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
                use crate::scheme::describe::Field::{Integer, Text};
                let payload = crate::codec::hex::encode_slice(&self.payload(), false);
                vec![("ksuid_timestamp", Integer(self.seconds().into())), ("payload", Text(payload.to_string()))]
            }
        }
    )+};
}
ksuid_fields!(Ksuid, KsuidMs);

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::Ksuid {
    /// The seconds since the KSUID epoch (2014-05-13T16:53:20Z).
    seconds -> u32;
    /// The embedded Unix seconds.
    unix_seconds -> i64;
    /// The 16 random bytes after the time.
    payload -> [u8; 16];
});

crate::scheme::storage::newtype_storage!([] [u8; 20] => KsuidMs);

crate::scheme::fields::accessors!([] super::KsuidMs {
    /// The seconds since the KSUID epoch (2014-05-13T16:53:20Z).
    seconds -> u32;
    /// The embedded Unix seconds.
    unix_seconds -> i64;
    /// The millisecond within the second (a multiple of 4).
    millis -> u16;
    /// The 15 random bytes after the time.
    payload -> [u8; 15];
});
