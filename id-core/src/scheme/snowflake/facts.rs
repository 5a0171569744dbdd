//! What derived snowflake types and tools read of the scheme beyond its layout and text: its
//! storage types, its named fields (the accessors of derived types and the fields `inspect`
//! prints) and the options its generator takes.

use crate::prelude::*;

use super::SnowflakeGenerator;
use super::layout::{DiscordLayout, Snowflake, SnowflakeLayout};
use crate::clock::SystemClock;
use crate::scheme::Generate;
use crate::scheme::describe::{Describe, Field, OptionError, Options};
use core::any::TypeId;

// `u64` storage: a value from 2^63 on is not an ID of any layout (see
// `Snowflake::try_from_u64`); the lenient read keeps its bits.
crate::scheme::storage::storage_via_from!([L: SnowflakeLayout] u64 => Snowflake<L>,
    lenient |n| Snowflake::from_bits(n),
    checked |n| Snowflake::try_from_u64(n));

impl<L: SnowflakeLayout> Describe for Snowflake<L> {
    // A layout without a node field (Mastodon's) takes no node.
    const OPTIONS: &'static [&'static str] = if L::NODE_BITS == 0 { &[] } else { &["node"] };

    /// `u64` as a string (JSON numbers lose precision above 2^53), `node` (where the layout has
    /// one), `sequence`, and for Discord the node's halves.
    fn fields(&self) -> Vec<(&'static str, Field)> {
        let mut fields = vec![("u64", Field::Text(self.to_u64().to_string()))];
        if L::NODE_BITS > 0 {
            fields.push(("node", Field::Integer(self.node().into())));
        }
        fields.push(("sequence", Field::Integer(self.sequence().into())));
        if TypeId::of::<L>() == TypeId::of::<DiscordLayout>() {
            let discord = Snowflake::<DiscordLayout>::from_bits(self.to_u64());
            fields.push(("worker", Field::Integer(discord.worker().into())));
            fields.push(("process", Field::Integer(discord.process().into())));
        }
        fields
    }

    /// `node`: a generator on that node (worker, `worker << 5 | process` for Discord, shard,
    /// machine); one that does not fit the layout's node bits is an error.
    fn generator(options: Options<'_>) -> Result<Option<Box<dyn Generate<Self>>>, OptionError> {
        let Some(text) = options("node") else { return Ok(None) };
        let expected = L::NODE_EXPECTED;
        let error = || OptionError { option: "node", value: text.into(), expected };
        let node: u32 = text.parse().map_err(|_| error())?;
        let generator = SnowflakeGenerator::<L, SystemClock>::with(SystemClock, node).map_err(|_| error())?;
        Ok(Some(Box::new(generator)))
    }
}

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([L: super::layout::SnowflakeLayout] super::layout::Snowflake<L> {
    /// The embedded Unix milliseconds.
    unix_ms -> u64;
    /// The node: worker, `worker << 5 | process` (Discord), shard or machine ID.
    node -> u32;
    /// The sequence within the time unit.
    sequence -> u32;
});
