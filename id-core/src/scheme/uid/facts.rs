//! What derived uid types and tools read of the scheme beyond its layout and text: its
//! storage types, its named fields (the accessors of derived types and the fields `inspect`
//! prints) and the options its generator takes.

use crate::prelude::*;

use super::{Uid64, Uid96With};

crate::scheme::storage::newtype_storage!([] u64 => Uid64);

impl crate::scheme::describe::Describe for Uid64 {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        vec![("seq", crate::scheme::describe::Field::Integer(self.seq().into()))]
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::Uid64 {
    /// The 14-bit sequence.
    seq -> u32;
});

crate::scheme::storage::newtype_storage!([const I: u8] [u8; 12] => Uid96With<I>);

impl<const I: u8> crate::scheme::describe::Describe for Uid96With<I> {
    const INPUT: Option<&'static str> = Some("node");

    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::Integer;
        vec![
            ("node", Integer(self.node().into())),
            ("seq", Integer(self.seq().into())),
            ("interval", Integer(I.into())),
        ]
    }

    /// A node name, hashed as uid 1.3.5 does ([`node_hash`](super::GlobalUidGenerator::node_hash)).
    fn input(text: Option<&str>) -> Result<Option<u32>, crate::scheme::describe::OptionError> {
        Ok(text.map(super::GlobalUidGenerator::node_hash))
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([const N: u8] super::Uid96With<N> {
    /// The 32-bit node hash.
    node -> u32;
    /// The 14-bit sequence.
    seq -> u32;
});
