//! What derived KSUID and KSUID-ms types and tools read of the schemes beyond their layouts
//! and texts: their storage type (`[u8; 20]`), their named fields (the accessors of derived
//! types and the fields `inspect` prints) and the options their generators take (none).

use crate::prelude::*;

use super::{Ksuid, KsuidMs};

crate::scheme::storage::storage_via_from!([] [u8; 20] => Ksuid);

impl From<[u8; 20]> for Ksuid {
    fn from(bytes: [u8; 20]) -> Ksuid {
        Ksuid(bytes)
    }
}

impl From<Ksuid> for [u8; 20] {
    fn from(id: Ksuid) -> [u8; 20] {
        id.0
    }
}

impl crate::scheme::describe::Describe for Ksuid {
    /// `timestamp` as KSUID tools print it (seconds since its epoch) and the payload in hex.
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::{Integer, Text};
        let payload = crate::codec::hex::encode_slice(&self.payload(), false);
        vec![("ksuid_timestamp", Integer(self.seconds().into())), ("payload", Text(payload.to_string()))]
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::Ksuid {
    /// The seconds since the KSUID epoch (2014-05-13T16:53:20Z).
    seconds -> u32;
    /// The embedded Unix seconds.
    unix_seconds -> i64;
    /// The 16 random bytes after the time.
    payload -> [u8; 16];
});

crate::scheme::storage::storage_via_from!([] [u8; 20] => KsuidMs);

impl From<[u8; 20]> for KsuidMs {
    fn from(bytes: [u8; 20]) -> KsuidMs {
        KsuidMs(bytes)
    }
}

impl From<KsuidMs> for [u8; 20] {
    fn from(id: KsuidMs) -> [u8; 20] {
        id.0
    }
}

impl crate::scheme::describe::Describe for KsuidMs {
    /// KSUID's fields (every KSUID-ms is a KSUID): its seconds and the payload after the
    /// 4 ms steps, in hex.
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::{Integer, Text};
        let payload = crate::codec::hex::encode_slice(&self.payload(), false);
        vec![("ksuid_timestamp", Integer(self.seconds().into())), ("payload", Text(payload.to_string()))]
    }
}

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
