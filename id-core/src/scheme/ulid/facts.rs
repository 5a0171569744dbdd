//! What derived ULID types and tools read of the scheme beyond its layout and text: its
//! storage types, its named fields (the accessors of derived types and the fields `inspect`
//! prints) and the options its generator takes.

use crate::prelude::*;

use super::Ulid;
use uuid::Uuid;

crate::scheme::storage::newtype_storage!([] u128 => Ulid);
crate::scheme::storage::storage_via_from!([] Uuid => Ulid);

impl crate::scheme::describe::Describe for Ulid {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::Text;
        vec![("uuid", Text(self.uuid().to_string())), ("random", Text(self.random().to_string()))]
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::Ulid {
    /// The embedded Unix milliseconds.
    unix_ms -> u64;
    /// The 80-bit random part (incremented within a millisecond).
    random -> u128;
});
