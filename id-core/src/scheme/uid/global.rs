//! The 96-bit global ID: the neighbourhood interval and the node inside the seconds.

use super::local::{FIELD20, SEQ_MASK, Uid64};
use crate::scheme::canonical_text;
use core::fmt;

/// The neighbourhood interval `I` of global IDs: 5..=10, default 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Interval(pub(super) u8);

/// An interval outside 5..=10 (uid's `encode/2` never returns for those).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntervalError(pub u8);

impl fmt::Display for IntervalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "uid neighbourhood interval must be 5..=10, got {}", self.0)
    }
}

impl core::error::Error for IntervalError {}

impl Interval {
    /// uid's default, 8 (256 s windows, the node byte-aligned at bytes 4..8).
    pub const DEFAULT: Interval = Interval(8);

    /// Checks `bits`.
    pub const fn new(bits: u8) -> Result<Interval, IntervalError> {
        if bits >= 5 && bits <= 10 { Ok(Interval(bits)) } else { Err(IntervalError(bits)) }
    }

    /// The number of bits.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

impl Default for Interval {
    fn default() -> Self {
        Interval::DEFAULT
    }
}

/// A global uid as fields: the local ID and the node hash. Its bytes depend on the interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GlobalUid {
    /// Time and sequence.
    pub local: Uid64,
    /// The node's 32-bit hash (see [`GlobalUidGenerator::node_hash`](super::GlobalUidGenerator::node_hash)).
    pub node: u32,
}

impl Uid64 {
    /// uid's `g/1`: this ID attached to a node.
    pub const fn to_global(self, node: u32) -> GlobalUid {
        GlobalUid { local: self, node }
    }
}

impl GlobalUid {
    /// The 12 bytes for interval `i`.
    pub fn to_bytes(&self, i: Interval) -> [u8; 12] {
        let i = u32::from(i.0);
        let t = self.local.time();
        let (a, b) = (u128::from(t.mega) & FIELD20 as u128, u128::from(t.secs) & FIELD20 as u128);
        let v = a << 76
            | (b >> i) << (56 + i)
            | u128::from(self.node) << (24 + i)
            | (b & ((1 << i) - 1)) << 24
            | u128::from((self.local.value() >> 14) & 0x3FF) << 14
            | u128::from(self.local.seq());
        v.to_be_bytes()[4..].try_into().expect("12 bytes")
    }

    /// Reads 12 bytes made with interval `i`.
    pub fn from_bytes(bytes: &[u8; 12], i: Interval) -> GlobalUid {
        let mut full = [0u8; 16];
        full[4..].copy_from_slice(bytes);
        let v = u128::from_be_bytes(full);
        let i = u32::from(i.0);
        let a = (v >> 76) as u32 & FIELD20 as u32;
        let b0 = (v >> (56 + i)) as u32 & ((1 << (20 - i)) - 1);
        let node = (v >> (24 + i)) as u32;
        let b1 = (v >> 24) as u32 & ((1 << i) - 1);
        let c10 = (v >> 14) as u32 & 0x3FF;
        let local = Uid64::from_parts(a, b0 << i | b1, c10 << 10, (v & SEQ_MASK as u128) as u32);
        GlobalUid { local, node }
    }
}

/// A global uid encoded with neighbourhood interval `I` (5..=10; any other fails to compile
/// where the type is used): the `uid96` scheme. [`Uid96`] is uid's default, interval 8; a
/// derived type picks another with `#[id(scheme = "uid96<6>")]`.
///
/// The interval is part of the type because the 12 bytes do not say which interval made them:
/// the same bytes read with another interval give other fields (and another order).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Uid96With<const I: u8>(pub(super) [u8; 12]);

/// uid's global ID with the default interval 8.
pub type Uid96 = Uid96With<8>;

impl<const I: u8> Uid96With<I> {
    /// The interval, checked when the type is first used.
    pub(super) const INTERVAL: Interval = match Interval::new(I) {
        Ok(interval) => interval,
        Err(_) => panic!("uid96's neighbourhood interval must be 5..=10"),
    };

    /// From fields.
    pub fn from_global(g: GlobalUid) -> Self {
        Self(g.to_bytes(Self::INTERVAL))
    }

    /// The fields.
    pub fn global(&self) -> GlobalUid {
        GlobalUid::from_bytes(&self.0, Self::INTERVAL)
    }

    /// The 12 bytes.
    pub const fn to_array(&self) -> [u8; 12] {
        self.0
    }

    /// Wraps 12 bytes.
    pub const fn from_array(b: [u8; 12]) -> Self {
        Self(b)
    }

    /// The node hash.
    pub fn node(&self) -> u32 {
        self.global().node
    }

    /// The sequence.
    pub fn seq(&self) -> u32 {
        self.global().local.seq()
    }

    /// The interval this type encodes with, `I`.
    pub const fn interval(&self) -> u8 {
        Self::INTERVAL.0
    }

    crate::scheme::fresh_constructors!("A new ID on the generator's node", "If the system clock is before 1970", () => None);
}

impl<const I: u8> fmt::Debug for Uid96With<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if I == Interval::DEFAULT.0 { write!(f, "uid96({self})") } else { write!(f, "uid96<{I}>({self})") }
    }
}

canonical_text!(Uid96With<I>, const I: u8);

impl<const I: u8> crate::scheme::sealed::Sealed for Uid96With<I> {}
