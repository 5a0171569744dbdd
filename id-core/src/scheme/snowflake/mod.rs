//! Snowflake IDs: five published 64-bit layouts of time, node and sequence, and any a type
//! declares, as one generic family. Each is a `u64` whose numeric order is its time order; the default text is the
//! decimal number, as the services that publish them print it.
//!
//! | scheme | type | layout, from the most significant bit |
//! |---|---|---|
//! | `twitter_snowflake` | [`TwitterSnowflake`] | 0, 41-bit ms since 1288834974657, 10-bit worker, 12-bit sequence |
//! | `discord_snowflake` | [`DiscordSnowflake`] | 42-bit ms since 2015-01-01, 5-bit worker, 5-bit process, 12-bit increment |
//! | `instagram_id` | [`InstagramId`] | 41-bit ms since 1314220021721, 13-bit shard, 10-bit sequence |
//! | `sonyflake` | [`Sonyflake`] | 0, 39-bit 10 ms units since 2014-09-01, 8-bit sequence, 16-bit machine |
//! | `mastodon` | [`MastodonId`] | 48-bit Unix ms, 16-bit sequence |
//! | `snowflake` | declared | your epoch, unit and widths: time, node, sequence |
//! | `sonyflake` + options | declared | Sonyflake v2's options: time, sequence, machine |
//!
//! # Declared layouts
//!
//! `#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "1ms", time_bits = 41,
//! node_bits = 10, sequence_bits = 12)]` on a `u64` newtype declares a layout: the derive
//! writes a hidden marker type whose [`SnowflakeLayout`] constants are computed while the
//! crate compiles, so the type is `Snowflake<Marker>`, the same generator, text, serde and
//! database code as the published layouts. A layout whose last instant comes before the year
//! `min_lifetime` (default 2070) is a compile error naming that instant, as are widths above
//! 63 bits. `scheme = "sonyflake"` takes Sonyflake v2's options (`sequence_bits`, `node_bits`
//! for the machine, `unit`, `epoch`; its defaults and limits) and keeps Sonyflake's order.
//!
//! Every `u64` reads as an ID of each layout (a producer may have set any bit), but the
//! generators refuse instants whose ID would reach bit 63: Discord's 42 time bits and
//! Instagram's 41 bits above a 23-bit tail could set it. Every generated ID is therefore a
//! positive `i64`, and PostgreSQL `bigint` sorts it as Rust does.
//!
//! # Generation
//!
//! A [`SnowflakeGenerator`] has one node (worker, shard or machine ID) for its life: given
//! explicitly ([`SnowflakeGenerator::with`], [`SnowflakeGenerator::with_node`], or from a
//! lease), or, for the process-wide default, drawn once per process from the OS CSPRNG. A
//! random node is only safe for a single process: a fleet must lease nodes (`idcraft::lease`)
//! or assign them and install the generator with
//! [`install_default`](crate::scheme::DefaultGenerator::install_default).
//!
//! The last unit used and its last sequence sit in one atomic word, updated by
//! compare-and-swap, so concurrent callers never see the same pair. The policy:
//!
//! - A new unit starts at sequence 0.
//! - A clock that reads an earlier unit than the last one used (it went back, or the
//!   coarse clock lags another thread's precise reading) does not move the IDs back: they go
//!   on in the last unit used, the sequence counting on.
//! - When the last unit's sequences are used up, callers wait, in 1 ms sleeps of the clock,
//!   until the precise clock is past that unit ([`SequenceOverflow`](super::SequenceOverflow)
//!   notices go to an optional subscriber), then continue in the unit the precise clock reads.
//!   After a long regression that is a long wait: a generator never issues an ID twice, and
//!   never invents a time ahead of its clock.
//!
//! The default clock is [`SystemClock`](crate::clock::SystemClock), the precise wall clock
//! (about 10 ns a reading where it reads the CPU's time-stamp counter), so the embedded time is
//! the time of the call to the millisecond. One generator's rate is capped by its
//! layout: 4,096 IDs per ms (Twitter, Discord), 1,024 per ms (Instagram), 256 per 10 ms
//! (Sonyflake).
//!
//! [`Generate::generate_at`](crate::scheme::Generate::generate_at) embeds an explicit instant
//! with a sequence of its own that refuses (never repeats) once the unit is used up.
//!
//! On wasm32-unknown-unknown without the `js` feature `new()` returns
//! [`GenerateError::NoSystemClock`](crate::GenerateError::NoSystemClock), as for every scheme;
//! a generator with an explicit clock works everywhere.

// `#[macro_use]`: the tests declare layouts with its macro (in this crate a macro-expanded
// module's exported macro is reached by its textual scope only).
#[macro_use]
mod declared;
mod facts;
mod generator;
mod layout;
#[cfg(feature = "std")]
mod runtime;
#[cfg(test)]
mod tests;
mod text;

pub use generator::SnowflakeGenerator;
pub use layout::{
    DiscordLayout, DiscordSnowflake, FieldOutOfRange, InstagramId, InstagramLayout, MastodonId, MastodonLayout, Snowflake,
    SnowflakeLayout, Sonyflake, SonyflakeLayout, TwitterLayout, TwitterSnowflake,
};

/// What a layout declared in `#[id(...)]` is made of: the `const` resolution and checks, and
/// the sealed trait its marker implements. For the derive's output only.
#[doc(hidden)]
pub mod __declared {
    pub use super::declared::*;
    pub use super::layout::sealed::Sealed;
    #[cfg(feature = "std")]
    pub use super::runtime::LayoutFields;
}
