//! What derived HotGuid types and tools read of the scheme beyond its layout and text: its
//! storage types, its named fields (the accessors of derived types and the fields `inspect`
//! prints) and the options its generator takes.

use crate::prelude::*;

use super::HotGuid;
use uuid::Uuid;

crate::scheme::storage::storage_via_from!([] Uuid => HotGuid);

impl crate::scheme::describe::Describe for HotGuid {
    const INPUT: Option<&'static str> = Some("shard");

    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::{Integer, Text};
        vec![
            ("unix_seconds", Integer(self.unix_seconds().into())),
            ("counter", Integer(self.counter().into())),
            ("shard_key", Integer(self.shard_key().into())),
            ("sql_guid", Text(self.to_sql_guid().to_string())),
        ]
    }

    fn input(text: Option<&str>) -> Result<u32, crate::scheme::describe::OptionError> {
        text.map_or(Ok(0), |t| crate::scheme::describe::OptionError::parse("shard", t, "a u32 shard key"))
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::HotGuid {
    /// The 4-byte shard key.
    shard_key -> u32;
    /// The embedded Unix seconds.
    unix_seconds -> u32;
    /// The 24-bit per-process counter.
    counter -> u32;
});
