//! The ID schemes, one folder per family, the traits they share, and the registry: the one
//! list below names every family and scheme (see CONTRIBUTING's "Adding a scheme").
//!
//! | name | type | storage | default text |
//! |---|---|---|---|
//! | `comb_sql` | [`CombSql`] | `Uuid` | hyphenated |
//! | `comb_pg` | [`CombPg`] | `Uuid` | hyphenated |
//! | `comb_legacy` | [`CombLegacy`] | `Uuid` | hyphenated |
//! | `comb_binary` | [`CombBinary`] | `Uuid` | hyphenated |
//! | `hot` | [`HotGuid`] | `Uuid` | hyphenated |
//! | `distributed` | [`DistributedId`] | `Decimal` | 28 digits |
//! | `distributed128` | [`DistributedId128`] | `u128` | 22-char base62 |
//! | `sno` | [`Sno`] | `[u8; 10]` | 16-char sno32 |
//! | `uid64` / `uid96` | [`Uid64`] / [`Uid96`] | `u64` / `[u8; 12]` | ordered base64 |
//! | `uuid7` | [`Uuid7`] | `Uuid` | hyphenated |
//! | `ulid` | [`Ulid`] | `u128` or `Uuid` | 26-char Crockford base32 |
//! | `twitter_snowflake` | [`TwitterSnowflake`] | `u64` | decimal |
//! | `discord_snowflake` | [`DiscordSnowflake`] | `u64` | decimal |
//! | `instagram_id` | [`InstagramId`] | `u64` | decimal |
//! | `sonyflake` | [`Sonyflake`] | `u64` | decimal |
//! | `mastodon` | [`MastodonId`] | `u64` | decimal |
//! | `snowflake`, `sonyflake` + layout keys | `Snowflake<declared>` | `u64` | decimal |
//! | `ksuid` | [`Ksuid`] | `[u8; 20]` | 27-char base62 |
//! | `ksuid_ms` | [`KsuidMs`] | `[u8; 20]` | 27-char base62 |
//! | `object_id` | [`ObjectId`] | `[u8; 12]` | 24-char lowercase hex |
//! | `xid` | [`Xid`] | `[u8; 12]` | 20-char base32hex |
//! | `nanoid` | [`Nanoid`] | `[u8; N]` (21) | its own text, not time-ordered |
//! | `cuid2` | [`Cuid2`] | `[u8; 24]` | its own text, not time-ordered |

// What tools (the CLI, the database benchmark) read of a scheme: its fields and generator
// options. Reached by those tools, not an API of its own.
#[doc(hidden)]
pub mod describe;
#[cfg(feature = "std")]
pub(crate) mod overrides;
#[cfg(feature = "_unix-ms48")]
pub(crate) mod unix_ms48;

mod alphabet;
mod bytes;
mod common;
// The families name these macros and their helpers by module (`crate::scheme::declare::array_text!`):
// each is gated once, where it is written, by the internal feature of the part it is.
mod declare;
mod declare_generator;
mod default_generator;
mod definition;
#[doc(hidden)]
pub mod fields;
mod placeholder;
mod registry;
pub mod shape;
// `StorageOf` is public at the crate root; its macros are the families'.
pub(crate) mod storage;

// Public at the crate root; named here by the families.
pub(crate) use crate::encoding::Encoding;
pub use crate::overflow::SequenceOverflow;
pub use alphabet::{Alphabet, URL_SAFE, UrlSafe};
pub use bytes::IdBytes;
#[cfg(feature = "_array-bytes")]
pub(crate) use common::time_out_of_range;
pub(crate) use common::try_fresh;
#[cfg(feature = "_unsupported")]
pub(crate) use common::unsupported;
#[cfg(feature = "_uuid-like-words")]
pub(crate) use common::write_uuid_like;
#[cfg(feature = "_timed")]
pub(crate) use common::{canonical_text, clamp_time};
#[cfg(feature = "_scheme-common")]
pub(crate) use common::{fresh, fresh_constructors};
pub use default_generator::DefaultGenerator;
#[doc(hidden)]
pub use definition::Visitor;
pub(crate) use definition::sealed;
#[cfg(feature = "_scheme-common")]
pub(crate) use definition::text_forms;
pub use definition::{Generate, Scheme};
pub use placeholder::UnknownScheme;
pub use shape::Shape;

// The registry: each family's folder, feature and exported types, and each scheme's name, type,
// storage conversion and constructor parameters (what `#[derive(Identity)]` writes for it), and
// the names under which a family takes a layout declared in `#[id(...)]` (`layouts`: the
// family's macro for it, and each name's kind of layout). Adding a scheme is a folder under
// `scheme/` and an entry here. Every exported type is public here, in `scheme` (the facade's
// `idcraft::schemes`); a family's folder is a public module too (`pub mod comb`) only when it
// holds more than its ID types and their generators (layouts, configuration, errors), so that
// each type has one public path.
registry::registry! {
    $
    pub mod comb: "comb" __gate_comb, pub use { Comb, CombBinary, CombGenerator, CombLayout, CombLegacy, CombPg, CombSql, TimeStrategy } {
        comb_sql => CombSql, infallible { new() => (); };
        comb_pg => CombPg, infallible { new() => (); };
        comb_legacy => CombLegacy, infallible { new() => (); };
        comb_binary => CombBinary, infallible { new() => (); };
    }
    mod hot: "hot" __gate_hot, pub use { HotGuid, HotGuidGenerator } {
        hot => HotGuid, infallible { new(shard_key: u32) => shard_key; };
    }
    pub mod distributed: "distributed" __gate_distributed,
        pub use { DistributedId, DistributedId128, DistributedId128Generator, DistributedIdGenerator, SplitError } {
        distributed => DistributedId, fallible { new() => (); };
        distributed128 => DistributedId128, infallible { new() => (); };
    }
    pub mod sno: "sno" __gate_sno, pub use { Sno, SnoGenerator, GeneratorSnapshot, SnoConfigError } {
        sno => Sno, infallible { new() => 0u8; with new_with_meta(meta: u8) => meta; };
    }
    pub mod uid: "uid" __gate_uid, pub use {
        GlobalUid, GlobalUidGenerator, Interval, IntervalError, Uid64, Uid96, Uid96With, UidGenerator, UidTime,
        VectorClock,
    } {
        uid64 => Uid64, infallible { new() => (); };
        uid96<const I: u8 = 8> => Uid96With<I>, infallible {
            new() => ::core::option::Option::None;
            with new_with_node(node: u32) => ::core::option::Option::Some(node);
        };
    }
    mod uuid7: "uuid7" __gate_uuid7, pub use { Uuid7, Uuid7Generator } {
        uuid7 => Uuid7, fallible { new() => (); };
    }
    mod ulid: "ulid" __gate_ulid, pub use { Ulid, UlidGenerator } {
        ulid => Ulid, infallible { new() => (); };
    }
    mod ksuid: "ksuid" __gate_ksuid, pub use { Ksuid, KsuidGenerator, KsuidMs, KsuidMsGenerator } {
        ksuid => Ksuid, infallible { new() => (); };
        ksuid_ms => KsuidMs, infallible { new() => (); };
    }
    mod object_id: "object_id" __gate_object_id, pub use { ObjectId, ObjectIdGenerator } {
        object_id => ObjectId, infallible { new() => (); };
    }
    mod xid: "xid" __gate_xid, pub use { Xid, XidGenerator } {
        xid => Xid, infallible { new() => (); };
    }
    mod nanoid: "nanoid" __gate_nanoid, pub use { Nanoid, NanoidGenerator } {
        nanoid<type A = alphabet::UrlSafe, const N: usize = 21> => Nanoid<A, N>, fallible, untimed { new() => (); };
    }
    mod cuid2: "cuid2" __gate_cuid2, pub use { Cuid2, Cuid2Generator } {
        cuid2 => Cuid2, fallible, untimed { new() => (); };
    }
    pub mod snowflake: "snowflake" __gate_snowflake,
        pub use { DiscordSnowflake, InstagramId, MastodonId, Snowflake, SnowflakeGenerator, Sonyflake, TwitterSnowflake },
        layouts __snowflake_derive_layout { snowflake => Snowflake, sonyflake => Sonyflake } {
        twitter_snowflake => TwitterSnowflake, fallible { new() => (); };
        discord_snowflake => DiscordSnowflake, fallible { new() => (); };
        instagram_id => InstagramId, fallible { new() => (); };
        sonyflake => Sonyflake, fallible { new() => (); };
        mastodon => MastodonId, fallible { new() => (); };
    }
}

#[cfg(test)]
mod tests;
