//! What derived xid types and tools read of the scheme beyond its layout and text: its storage
//! type (`[u8; 12]`), its named fields (the accessors of derived types and the fields `inspect`
//! prints) and the options its generator takes (none).

use crate::prelude::*;

use super::Xid;

crate::scheme::storage::newtype_storage!([] [u8; 12] => Xid);

impl crate::scheme::describe::Describe for Xid {
    /// The machine ID in hex, the process ID and the counter, as rs/xid's accessors name them.
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::{Integer, Text};
        let machine = crate::codec::hex::encode_slice(&self.machine(), false);
        vec![
            ("machine", Text(machine.to_string())),
            ("pid", Integer(self.pid().into())),
            ("counter", Integer(self.counter().into())),
        ]
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::Xid {
    /// The Unix seconds in the first four bytes.
    seconds -> u32;
    /// The embedded Unix seconds.
    unix_seconds -> i64;
    /// The 3-byte machine ID.
    machine -> [u8; 3];
    /// The 16-bit process ID.
    pid -> u16;
    /// The 24-bit counter.
    counter -> u32;
});
