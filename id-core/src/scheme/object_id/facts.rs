//! What derived ObjectId types and tools read of the scheme beyond its layout and text: its
//! storage type (`[u8; 12]`), its named fields (the accessors of derived types and the fields
//! `inspect` prints) and the options its generator takes (none).

use crate::prelude::*;

use super::ObjectId;

crate::scheme::storage::newtype_storage!([] [u8; 12] => ObjectId);

impl crate::scheme::describe::Describe for ObjectId {
    /// The process's random bytes in hex and the counter, as MongoDB's documentation names them.
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::{Integer, Text};
        let random = crate::codec::hex::encode_slice(&self.random(), false);
        vec![("random", Text(random.to_string())), ("counter", Integer(self.counter().into()))]
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::ObjectId {
    /// The Unix seconds in the first four bytes.
    seconds -> u32;
    /// The embedded Unix seconds.
    unix_seconds -> i64;
    /// The five random bytes of the process that made the ID.
    random -> [u8; 5];
    /// The 24-bit counter.
    counter -> u32;
});
