//! What derived DistributedId types and tools read of the scheme beyond its layout and text: its
//! storage types, its named fields (the accessors of derived types and the fields `inspect`
//! prints) and the options its generator takes.

use crate::prelude::*;

use super::{DistributedId, DistributedId128};
use crate::codec::decimal;
use rust_decimal::Decimal;

impl crate::scheme::describe::Describe for DistributedId {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::{Integer, Text};
        vec![
            ("decimal", Text(self.to_string())),
            ("base62", Text(decimal::to_base62(self.0).to_string())),
            ("random", Integer(self.random())),
        ]
    }
}

// A `Decimal` that is negative, fractional or above 10^28 − 1 can only get here by building
// the newtype by hand; it is read as its absolute integer part, capped.
crate::scheme::storage::storage_via_from!([] Decimal => DistributedId,
    lenient |d| match DistributedId::from_decimal(d) {
        Ok(id) => id,
        // The parts, not `d`: see `decimal::from_decimal`.
        Err(_) => lenient(d.mantissa(), d.scale()),
    },
    checked |d| DistributedId::from_decimal(d));

/// [`StorageOf::to_scheme`](crate::StorageOf::to_scheme) of a `Decimal` no derived type's API
/// makes, given as its mantissa and scale: its absolute integer part, capped at
/// [`DistributedId::MAX`].
#[cold]
#[inline(never)]
fn lenient(mantissa: i128, scale: u32) -> DistributedId {
    let d = Decimal::from_i128_with_scale(mantissa, scale);
    DistributedId::from_decimal(d.trunc().abs()).unwrap_or(DistributedId::MAX)
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::DistributedId {
    /// The 48-bit random part.
    random -> u64;
});

crate::scheme::storage::newtype_storage!([] u128 => DistributedId128);

impl crate::scheme::describe::Describe for DistributedId128 {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::Text;
        vec![
            ("u128", Text(self.value().to_string())),
            ("uuid", Text(self.to_uuid().to_string())),
            ("base62", Text(self.to_string())),
            ("random", Text(self.random().to_string())),
        ]
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::DistributedId128 {
    /// The 75-bit random part.
    random -> u128;
});
