//! The four layouts as constants of one trait, and the value type they share: a `u64` whose
//! fields are found by shifting, so every accessor is written once for all four.

use crate::error::{GenerateError, ParseError, RangeRule};
use crate::time::Timestamp;
use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;

pub(super) mod sealed {
    use crate::installed::Installed;
    use crate::scheme::snowflake::SnowflakeGenerator;

    /// This crate's published layouts, and those `#[derive(Identity)]` declares through
    /// [`__snowflake_layout!`](crate::__snowflake_layout) once their widths are checked: the
    /// generator, the text forms and the serde and database glue rely on the widths adding up
    /// to 63 or 64 bits.
    pub trait Sealed {
        /// The layout's default generator slot: one static per layout, which the layout
        /// declares since a static cannot be generic.
        fn default_slot() -> &'static Installed<SnowflakeGenerator<Self>>
        where
            Self: super::SnowflakeLayout;
    }
}

/// One snowflake layout: a `u64` read from the most significant bit as time units since an
/// epoch, then a node (worker, shard, machine) and a per-unit sequence, or the sequence before
/// the node (Sonyflake). Implemented by [`TwitterLayout`], [`DiscordLayout`],
/// [`InstagramLayout`], [`SonyflakeLayout`] and [`MastodonLayout`], and by the layouts
/// `#[derive(Identity)]` declares (`#[id(scheme = "snowflake", epoch = ..., ...)]`).
pub trait SnowflakeLayout:
    sealed::Sealed + Copy + Eq + Ord + Hash + Default + fmt::Debug + Send + Sync + 'static
{
    /// The scheme's name (`#[id(scheme = "...")]`, the command line).
    const NAME: &'static str;
    /// The epoch, in Unix milliseconds.
    const EPOCH_MS: u64;
    /// One time unit, in milliseconds.
    const UNIT_MS: u64;
    /// Width of the time field.
    const TIME_BITS: u32;
    /// Width of the node field (worker, shard or machine ID).
    const NODE_BITS: u32;
    /// Width of the sequence field.
    const SEQUENCE_BITS: u32;
    /// Whether the sequence sits above the node (Sonyflake) rather than below it.
    const SEQUENCE_BEFORE_NODE: bool;
    /// What the node is called in messages (`worker`, `shard`, `machine`).
    const NODE_NAME: &'static str;
    /// What a node option takes, for tools' messages (`a worker 0..=1023`).
    const NODE_EXPECTED: &'static str;
}

macro_rules! layouts {
    ($($(#[$doc:meta])* $marker:ident = $name:literal, epoch $epoch:literal, unit $unit:literal,
       time $time:literal, node $node:literal ($node_name:literal, $node_expected:literal), sequence $seq:literal,
       before $before:literal;)+) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $marker;

        impl sealed::Sealed for $marker {
            fn default_slot() -> &'static crate::installed::Installed<crate::scheme::snowflake::SnowflakeGenerator<Self>> {
                static SLOT: crate::installed::Installed<crate::scheme::snowflake::SnowflakeGenerator<$marker>> =
                    crate::installed::Installed::new();
                &SLOT
            }
        }

        impl SnowflakeLayout for $marker {
            const NAME: &'static str = $name;
            const EPOCH_MS: u64 = $epoch;
            const UNIT_MS: u64 = $unit;
            const TIME_BITS: u32 = $time;
            const NODE_BITS: u32 = $node;
            const SEQUENCE_BITS: u32 = $seq;
            const SEQUENCE_BEFORE_NODE: bool = $before;
            const NODE_NAME: &'static str = $node_name;
            const NODE_EXPECTED: &'static str = $node_expected;
        }
    )+};
}

layouts! {
    /// Twitter's snowflake: a zero bit, 41 bits of milliseconds since 2010-11-04T01:42:54.657Z,
    /// a 10-bit worker, a 12-bit sequence.
    TwitterLayout = "twitter_snowflake", epoch 1_288_834_974_657, unit 1, time 41, node 10 ("worker", "a worker 0..=1023"), sequence 12, before false;
    /// Discord's snowflake: 42 bits of milliseconds since 2015-01-01, a 5-bit worker and a
    /// 5-bit process (one 10-bit node, `worker << 5 | process`), a 12-bit increment.
    DiscordLayout = "discord_snowflake", epoch 1_420_070_400_000, unit 1, time 42, node 10 ("node", "a node 0..=1023 (worker << 5 | process)"), sequence 12, before false;
    /// Instagram's IDs: 41 bits of milliseconds since 2011-08-24T21:07:01.721Z (the epoch of the
    /// published PL/pgSQL function), a 13-bit shard, a 10-bit sequence.
    InstagramLayout = "instagram_id", epoch 1_314_220_021_721, unit 1, time 41, node 13 ("shard", "a shard 0..=8191"), sequence 10, before false;
    /// Sonyflake: a zero bit, 39 bits of 10 ms units since 2014-09-01, an 8-bit sequence, then a
    /// 16-bit machine ID.
    SonyflakeLayout = "sonyflake", epoch 1_409_529_600_000, unit 10, time 39, node 16 ("machine", "a machine ID 0..=65535"), sequence 8, before true;
    /// Mastodon's IDs (its `timestamp_id`): 48 bits of Unix milliseconds above a 16-bit
    /// sequence, no node. Mastodon fills the low 16 bits with a hash of a database sequence;
    /// generators here count them, so one generator per database is the coordination.
    MastodonLayout = "mastodon", epoch 0, unit 1, time 48, node 0 ("node", "no node (mastodon IDs have none)"), sequence 16, before false;
}

/// A snowflake ID of layout `L`: the `u64`, compared as a number, which for every value a
/// generator makes (below 2^63) is also PostgreSQL `bigint` order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Snowflake<L: SnowflakeLayout>(pub(super) u64, pub(super) PhantomData<L>);

/// A Twitter snowflake (`twitter_snowflake`).
pub type TwitterSnowflake = Snowflake<TwitterLayout>;
/// A Discord snowflake (`discord_snowflake`).
pub type DiscordSnowflake = Snowflake<DiscordLayout>;
/// An Instagram ID (`instagram_id`).
pub type InstagramId = Snowflake<InstagramLayout>;
/// A Sonyflake ID (`sonyflake`).
pub type Sonyflake = Snowflake<SonyflakeLayout>;
/// A Mastodon ID (`mastodon`).
pub type MastodonId = Snowflake<MastodonLayout>;

/// A field given to [`Snowflake::from_parts`] or a generator's node that does not fit its bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldOutOfRange {
    /// The scheme.
    pub scheme: &'static str,
    /// The field (`units`, `sequence`, or the node's name: `worker`, `shard`, `machine`).
    pub field: &'static str,
    /// The value given.
    pub value: u64,
    /// The largest value the field holds.
    pub max: u64,
}

impl fmt::Display for FieldOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} is out of range (0..={})", self.scheme, self.field, self.value, self.max)
    }
}

impl core::error::Error for FieldOutOfRange {}

impl<L: SnowflakeLayout> Snowflake<L> {
    /// Bits below the time field.
    pub(super) const SHIFT: u32 = L::NODE_BITS + L::SEQUENCE_BITS;
    const NODE_SHIFT: u32 = if L::SEQUENCE_BEFORE_NODE { 0 } else { L::SEQUENCE_BITS };
    const SEQUENCE_SHIFT: u32 = if L::SEQUENCE_BEFORE_NODE { L::NODE_BITS } else { 0 };
    /// The largest node.
    pub const MAX_NODE: u32 = (1 << L::NODE_BITS) - 1;
    /// The largest sequence: one unit holds `MAX_SEQUENCE + 1` IDs per node.
    pub const MAX_SEQUENCE: u32 = (1 << L::SEQUENCE_BITS) - 1;
    /// The largest unit count the time field holds.
    pub const MAX_UNITS: u64 = (1 << L::TIME_BITS) - 1;
    /// The largest unit count a generator issues: the last whose IDs stay below 2^63, so every
    /// generated ID is a positive `i64` (Discord's and Instagram's time fields reach bit 63).
    pub const MAX_GENERATED_UNITS: u64 = {
        let below_sign = (i64::MAX as u64) >> Self::SHIFT;
        if below_sign < Self::MAX_UNITS { below_sign } else { Self::MAX_UNITS }
    };

    /// The ID whose value is `value`, or an error from 2^63 on: Twitter's and Sonyflake's
    /// layouts keep the top bit clear, and Discord's and Instagram's reach it only after 2080,
    /// past what generators issue; a value there would be a negative `bigint`, sorting before
    /// every other, so `Ord` would no longer be the database's order.
    pub const fn try_from_u64(value: u64) -> Result<Self, ParseError> {
        if value > i64::MAX as u64 {
            return Err(ParseError::OutOfRange { rule: RangeRule::ABOVE_I64_MAX });
        }
        Ok(Snowflake(value, PhantomData))
    }

    /// The ID whose value is `value`, unchecked: for values known to be below 2^63.
    pub(crate) const fn from_bits(value: u64) -> Self {
        Snowflake(value, PhantomData)
    }

    /// The value.
    pub const fn to_u64(&self) -> u64 {
        self.0
    }

    /// The value as PostgreSQL `bigint` holds it (two's complement: values from 2^63 are
    /// negative; no generator makes those).
    pub const fn to_i64(&self) -> i64 {
        self.0 as i64
    }

    /// Assembles an ID, or says which field does not fit its bits.
    pub const fn from_parts(units: u64, node: u32, sequence: u32) -> Result<Self, FieldOutOfRange> {
        if units > Self::MAX_UNITS {
            return Err(Self::field_error("units", units, Self::MAX_UNITS));
        }
        if node > Self::MAX_NODE {
            return Err(Self::field_error(L::NODE_NAME, node as u64, Self::MAX_NODE as u64));
        }
        if sequence > Self::MAX_SEQUENCE {
            return Err(Self::field_error("sequence", sequence as u64, Self::MAX_SEQUENCE as u64));
        }
        Ok(Self::pack(units, node, sequence))
    }

    /// Fields already known to fit.
    #[inline(always)]
    pub(super) const fn pack(units: u64, node: u32, sequence: u32) -> Self {
        Snowflake(
            units << Self::SHIFT | (node as u64) << Self::NODE_SHIFT | (sequence as u64) << Self::SEQUENCE_SHIFT,
            PhantomData,
        )
    }

    pub(super) const fn field_error(field: &'static str, value: u64, max: u64) -> FieldOutOfRange {
        FieldOutOfRange { scheme: L::NAME, field, value, max }
    }

    /// Time units since the layout's epoch (every bit above the node and sequence, so a value
    /// with the reserved top bit set reads as a later time instead of failing).
    pub const fn units(&self) -> u64 {
        self.0 >> Self::SHIFT
    }

    /// The embedded Unix milliseconds (the start of the unit, for Sonyflake's 10 ms units).
    pub const fn unix_ms(&self) -> u64 {
        L::EPOCH_MS + self.units() * L::UNIT_MS
    }

    /// The embedded instant.
    pub const fn timestamp(&self) -> Timestamp {
        Timestamp::from_unix_millis(self.unix_ms() as i64)
    }

    /// The node: worker (Twitter), `worker << 5 | process` (Discord), shard (Instagram) or
    /// machine ID (Sonyflake).
    pub const fn node(&self) -> u32 {
        (self.0 >> Self::NODE_SHIFT) as u32 & Self::MAX_NODE
    }

    /// The sequence within the time unit (Discord calls it the increment).
    pub const fn sequence(&self) -> u32 {
        (self.0 >> Self::SEQUENCE_SHIFT) as u32 & Self::MAX_SEQUENCE
    }

    /// The units of `t`, or an error for an instant a generator cannot issue at (before the
    /// epoch, or past [`Self::MAX_GENERATED_UNITS`]).
    #[inline]
    pub(super) fn checked_units(t: Timestamp) -> Result<u64, GenerateError> {
        let offset = t.unix_millis().wrapping_sub(L::EPOCH_MS as i64);
        let units = if offset < 0 { u64::MAX } else { offset as u64 / L::UNIT_MS };
        if units > Self::MAX_GENERATED_UNITS {
            return Err(Self::out_of_range(t));
        }
        Ok(units)
    }

    /// When unit `units` starts.
    pub(super) const fn unit_start(units: u64) -> Timestamp {
        Timestamp::from_unix_millis((L::EPOCH_MS + units * L::UNIT_MS) as i64)
    }

    /// The first instant a generator can issue at.
    pub(super) const EARLIEST: Timestamp = Timestamp::from_unix_millis(L::EPOCH_MS as i64);
    /// The last instant a generator can issue at (the last nanosecond of the last unit).
    pub(super) const LATEST: Timestamp = Timestamp::from_unix_nanos(
        (L::EPOCH_MS + (Self::MAX_GENERATED_UNITS + 1) * L::UNIT_MS) as i128 * 1_000_000 - 1,
    );

    #[cold]
    #[inline(never)]
    pub(super) fn out_of_range(time: Timestamp) -> GenerateError {
        GenerateError::TimeOutOfRange { scheme: L::NAME, time, earliest: Self::EARLIEST, latest: Self::LATEST }
    }

    crate::scheme::fresh_constructors!("A new ID", "If the system clock is outside the range the layout's generators issue in", () => ());
}

impl Snowflake<DiscordLayout> {
    /// The 5-bit internal worker ID.
    pub const fn worker(&self) -> u8 {
        (self.node() >> 5) as u8
    }

    /// The 5-bit internal process ID.
    pub const fn process(&self) -> u8 {
        (self.node() & 0x1F) as u8
    }
}


/// Values from 2^63 on are refused (see [`Snowflake::try_from_u64`]).
impl<L: SnowflakeLayout> TryFrom<u64> for Snowflake<L> {
    type Error = ParseError;
    fn try_from(value: u64) -> Result<Self, ParseError> {
        Self::try_from_u64(value)
    }
}

impl<L: SnowflakeLayout> From<Snowflake<L>> for u64 {
    fn from(id: Snowflake<L>) -> u64 {
        id.0
    }
}
