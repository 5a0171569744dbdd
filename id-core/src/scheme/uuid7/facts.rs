//! What derived UUIDv7 types and tools read of the scheme beyond its layout and text: its
//! storage types, its named fields (the accessors of derived types and the fields `inspect`
//! prints) and the options its generator takes.

use crate::prelude::*;

use super::Uuid7;
use super::text::checked;
use uuid::Uuid;

// A UUID of another version is read as it is, and refused by the check.
crate::scheme::storage::storage_via_from!([] Uuid => Uuid7,
    lenient |uuid| Uuid7(uuid.into_bytes()),
    checked |uuid| checked(uuid.into_bytes()));

impl crate::scheme::describe::Describe for Uuid7 {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::Integer;
        vec![("version", Integer(7)), ("counter", Integer(self.counter())), ("rand_a", Integer(self.rand_a().into()))]
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::Uuid7 {
    /// The embedded Unix milliseconds.
    unix_ms -> u64;
    /// The 42-bit monotonic counter (RFC 9562 §6.2, method 1).
    counter -> u64;
});
