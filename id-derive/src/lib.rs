//! `#[derive(Identity)]` for [idcraft](https://docs.rs/idcraft). Use it through the `idcraft`
//! crate, which re-exports it; the generated code calls `::idcraft::__private`.
//!
//! The macro only parses, checks and emits glue: every behaviour lives in `idcraft-core` as generic
//! code over the `Identity` trait.
#![deny(missing_docs)]

mod ast;
mod attr;
mod expand;
mod fallback;
mod layout;

use proc_macro::TokenStream;

/// Turns `struct OrderId(Uuid);` with `#[id(scheme = "...")]` into a complete ID type.
///
/// ```rust,ignore
/// use idcraft::{Identity, Uuid};
///
/// /// An order: a COMB that sorts by creation time in PostgreSQL, written `ord_…`.
/// #[derive(Identity)]
/// #[id(scheme = "comb_pg", prefix = "ord")]
/// pub struct OrderId(Uuid);
///
/// let id = OrderId::new();
/// let text = id.to_string();
/// assert!(text.starts_with("ord_"));
/// assert_eq!(text.parse::<OrderId>().unwrap(), id);
/// assert!(OrderId::new() > id);
/// ```
///
/// The input is a tuple struct with exactly one field, the storage, and no generic parameters;
/// any visibility and other attributes (doc comments) are kept. The
/// derive writes everything else: do not also derive `Clone`, `Copy`, `PartialEq`, `Eq`,
/// `PartialOrd`, `Ord`, `Hash` or `Debug`, which it implements itself.
///
/// # Attributes
///
/// One or more `#[id(...)]` attributes, with these keys, each at most once, each a string
/// literal:
///
/// | key | required | value |
/// |---|---|---|
/// | `scheme` | yes | the scheme's name (table below), with its parameters if it has any: `"uid96<6>"` is uid's global ID with neighbourhood interval 6 (5..=10; plain `"uid96"` is uid's default 8) |
/// | `encoding` | no | a text form other than the scheme's default: `uuid`, `hex`, `base62`, `decimal`, `sno32`, `base64`, `base64url` (uid 1.3.3's text), `ulid`, `typeid` (TypeID v0.3) or `base32hex` (xid's text), where the scheme has it |
/// | `prefix` | no | a TypeID/Stripe-style prefix written as `prefix_` before the text and required when parsing (in `Display`, `FromStr`, serde and public tokens; never in storage): 1 to 63 lowercase ASCII letters and underscores, not starting or ending with `_` |
/// | `bind` | no | the stable name bound public tokens (`PublicIds::bound_to_types`) are keyed on, e.g. `bind = "shop.order"`: 1 to 128 printable ASCII characters, no spaces. Without it the type's name is used; the module path never is, so the same type in a renamed crate, another module or a second binary reads the same tokens |
/// | `size` | no | for `nanoid`: the number of characters, 1 to 32 (default 21); an integer literal, `size = 12`. The storage field is `[u8; size]` |
/// | `alphabet` | no | for `nanoid`: the characters drawn from, 2 to 94 distinct printable ASCII characters other than space (default the 64 URL-safe `A-Za-z0-9_-`). Both are checked at their literal when the type compiles; a scheme that takes neither refuses them at the scheme literal |
/// | `crate` | no | the path to idcraft, for crates that re-export it: `crate = "::my_crate::idcraft"` (default `::idcraft`) |
///
/// A snowflake layout of your own takes these keys too (with `scheme = "snowflake"`; with
/// `scheme = "sonyflake"`, Sonyflake v2's options: `time_bits` is then what is left of 63, and
/// each key left out takes v2's default, 2025-01-01, `10ms`, 16 machine and 8 sequence bits,
/// and v2's limits hold: 1 to 30 bits each, at least 32 bits of time):
///
/// | key | value |
/// |---|---|
/// | `epoch` | the instant unit 0 starts, RFC 3339 in whole milliseconds: `"2025-01-01T00:00:00Z"` |
/// | `unit` | one time unit: `"1ms"`, `"10ms"`, `"1s"` (1 ms to a day) |
/// | `time_bits`, `node_bits`, `sequence_bits` | the fields' widths, from the most significant bit (numbers, not strings): 63 bits in all at most; the node and the sequence 31 each |
/// | `min_lifetime` | the year the layout must last until (default `"2070"`): a layout whose last instant comes earlier is a compile error naming that instant |
///
/// The type is then `Snowflake` of a hidden layout the derive declares: the published layouts'
/// generator, text, serde and columns, `node()`, `sequence()` and `unix_ms()`.
///
/// # Schemes
///
/// The field's type must be the scheme's storage type. Each family is a Cargo feature of the
/// `idcraft` crate; `hot`, `distributed` and `xid` are off by default.
///
/// | `scheme =` | storage field | default text | other text forms | feature |
/// |---|---|---|---|---|
/// | `comb_sql`, `comb_pg`, `comb_legacy`, `comb_binary` | `Uuid` | hyphenated (`uuid`) | `hex`, `base62`, `ulid`, `typeid` | `comb` |
/// | `hot` | `Uuid` | hyphenated | `hex`, `base62`, `ulid`, `typeid` | `hot` |
/// | `distributed` | `Decimal` | 28 digits | `base62`, `hex`, `uuid` | `distributed` |
/// | `distributed128` | `u128` | 22 base62 characters | `decimal`, `uuid`, `hex`, `ulid`, `typeid` | `distributed` |
/// | `sno` | `[u8; 10]` | 16 sno32 characters | `hex` | `sno` |
/// | `uid64` | `u64` | 11 ordered-base64 characters | `base64url`, `hex`, `base62`, `decimal` | `uid` |
/// | `uid96`, `uid96<I>` | `[u8; 12]` | 16 ordered-base64 characters | `base64url`, `hex` | `uid` |
/// | `uuid7` | `Uuid` (`TryFrom<Uuid>`: version 7 only) | hyphenated | `hex`, `base62`, `ulid`, `typeid` | `uuid7` |
/// | `ulid` | `u128` or `Uuid` | 26 Crockford base32 characters (`ulid`) | `uuid`, `hex`, `base62`, `typeid` | `ulid` |
/// | `twitter_snowflake`, `discord_snowflake`, `instagram_id`, `sonyflake`, `mastodon`, and `snowflake` with a layout | `u64` | decimal | `hex` | `snowflake` |
/// | `ksuid`, `ksuid_ms` | `[u8; 20]` | 27 base62 characters (`base62`) | `hex` | `ksuid` |
/// | `object_id` | `[u8; 12]` | 24 lowercase hex digits (`hex`; the `hex` form is uppercase) | | `object_id` |
/// | `xid` | `[u8; 12]` | 20 base32hex characters (`base32hex`) | `hex` | `xid` |
/// | `nanoid` (with `size`, `alphabet`) | `[u8; 21]` (`[u8; size]`), the text's bytes (`TryFrom`) | 21 URL-safe characters | none | `nanoid` |
/// | `cuid2` | `[u8; 24]`, the text's bytes (`TryFrom`) | 24 characters, `[a-z]` then `[0-9a-z]` | none | `cuid2` |
///
/// `nanoid` and `cuid2` are random and **not time-ordered**: their types have no time methods
/// (`timestamp`, `min_at`, `max_at`, `at`, ...), and their `Ord` is the text's.
///
/// The text form names are the values of `encoding`; the layouts, originals and orders of the
/// schemes are in the table of [`idcraft::schemes`](https://docs.rs/idcraft/latest/idcraft/schemes/index.html).
///
/// # What it generates
///
/// For `struct OrderId(Uuid)`, all inside `const _: () = { ... };`, marked
/// `#[automatically_derived]`, with fully qualified paths; every method calls generic code of
/// the runtime, so the macro itself knows no scheme:
///
/// - **Constructors.** `OrderId::new()` from the scheme's default generator, or the innermost
///   test scope (`idcraft::scope`); it panics where `try_new()` would return an error.
///   `try_new() -> Result<OrderId, GenerateError>`. `generate_with(&generator)` with any
///   generator of the scheme (an injected clock or random source). Schemes whose generator
///   takes an input take it in all three: `hot` a shard key (`new(shard_key: u32)`,
///   `generate_with(&generator, shard_key)`). `sno` adds `new_with_meta(meta: u8)` (`new()`
///   uses metabyte 0) and `uid96` adds `new_with_node(node: u32)`. `at(t)` / `try_at(t)` make
///   an ID embedding `t` from the default generator, for back-filling, with the generator's
///   whole input before `t` (sno's `NewWithTime` as `at(meta, t)`, hot's `at(shard_key, t)`,
///   uid96's `at(node, t)`).
/// - **Time.** `timestamp() -> SystemTime`, and the range bounds `min_at(t)` / `max_at(t)`:
///   `min_at(t1)..=max_at(t2)` holds every ID whose `new()` started at or after `t1` and
///   returned by `t2` (and perhaps a few made up to the scheme's `EMBED_LAG` before `t1`).
///   Not for `nanoid` and `cuid2`, whose IDs hold no time: they get no time methods and no
///   `at`/`try_at`.
/// - **The scheme's fields**, as methods reached through `Deref<Target = idcraft::Fields<Storage,
///   Scheme>>` (each scheme declares them once there; rustdoc lists them under "Methods from
///   `Deref`"): `hot`: `shard_key()`, `unix_seconds()`,
///   `counter()`; `distributed`: `random()`; `distributed128`: `random()`; `sno`: `meta()`,
///   `partition()`, `sequence()`, `tick()`, `is_zero()`; `uid64`: `seq()`; `uid96`: `node()`,
///   `seq()`; `uuid7`: `unix_ms()`, `counter()`; `ulid`: `unix_ms()`, `random()`; the
///   snowflakes: `unix_ms()`, `node()`, `sequence()`. The COMBs have none beyond
///   `timestamp()`.
/// - **Storage.** `as_inner() -> &Storage`, `into_inner() -> Storage`, `From<OrderId> for
///   Storage`, and `From<Storage> for OrderId`, or `TryFrom<Storage>` (error
///   `ParseError`) where the storage type can hold values that are not IDs: `uuid7` (a
///   version-7 UUID), `distributed` (no negative, fractional or 29-digit value), `nanoid`
///   (bytes of the alphabet) and `cuid2` (a letter, then base36).
/// - **Text.** `Display` and `FromStr` (error `ParseError`, saying what and where:
///   `expected 16 characters, got 15`, `invalid character 'L' at position 15 (expected
///   [2-9a-x])`, `expected the prefix "ord_"`); `Debug` as `OrderId(ord_…)`.
/// - **Comparison.** `Clone`, `Copy`, `PartialEq`, `Eq`, `Hash`, and `PartialOrd`/`Ord` in the
///   order the scheme's database column sorts (SQL Server's for `comb_sql`).
/// - **The `Identity` trait** (type name, module path, prefix, encoding, storage), through which
///   generic code works on every derived type: public tokens, test scopes, the integrations.
/// - **Integrations**, each behind the `idcraft` feature that names it: `Serialize` /
///   `Deserialize` (`serde`, on by default: the text in human-readable formats, the storage
///   bytes in binary ones; snowflakes as JSON strings that also read numbers; sno's zero ID as
///   `null`); column support for sqlx 0.8 and 0.9, diesel 2, rusqlite and postgres-types;
///   `JsonSchema` (`schemars1`) and `ToSchema` (`utoipa6`); a GraphQL scalar
///   (`async-graphql7`); `Arbitrary` (`arbitrary1`, `proptest1`).
///
/// # Compile errors
///
/// Every mistake is reported at the offending token, all at once, and the type still gets its
/// traits, so code using it shows no follow-on errors:
///
/// | mistake | error |
/// |---|---|
/// | no `#[id(...)]` | `` missing `#[id(scheme = "...")]`: name the ID scheme, e.g. #[id(scheme = "comb_pg")] `` |
/// | `#[id(...)]` without `scheme` | `` missing `scheme` in #[id(...)], e.g. #[id(scheme = "comb_pg")] `` |
/// | an unknown scheme | `` unknown scheme `comb_pgg`; expected one of `comb_sql`, `comb_pg`, … `` |
/// | a scheme whose feature is off | `` the scheme `hot` needs idcraft's `hot` feature: `idcraft = { version = "0.1", features = ["hot"] }` `` |
/// | parameters the scheme has not (`"comb_pg<3>"`), out of range (`"uid96<4>"`) or malformed (`"uid96<6"`) | the compiler's error at the literal; `uid96's neighbourhood interval must be 5..=10`; `` malformed scheme `uid96<6`: expected a name like "uid96" or "uid96<6>" `` |
/// | an unknown key | `` unknown key `encodng` in #[id(...)]; did you mean `encoding`? `` |
/// | a key twice | `` duplicate key `scheme` in #[id(...)] `` |
/// | a value that is not a string | `expected string literal` |
/// | an invalid prefix | `invalid prefix "Order-": use only lowercase ASCII letters and underscores` (or: at most 63 characters; cannot start or end with an underscore) |
/// | a text form the scheme has not | `` the scheme has no such text form; it has `sno32`, `hex` `` |
/// | the wrong storage type | `` `u64` is not the storage type of this ID scheme `` at the field |
/// | `Debug`, `Clone`, `Copy`, `PartialEq`, `Eq`, `Hash`, `PartialOrd`, `Ord`, `Serialize` or `Deserialize` derived beside it | the compiler's `conflicting implementations of trait` error for each, pointing at both derives (a derive sees only its own item, and this one does not read the source file to find its neighbours) |
/// | a declared layout that runs out too soon | `this layout runs out on 2050-02-05T15:47:35.551Z, before 2070 (min_lifetime)` at the attribute's keys |
/// | a layout's widths over 63 bits, or a key missing | `` time_bits + node_bits + sequence_bits is 66: … ``; `` a `snowflake` layout needs epoch, unit, …; missing: `unit` `` |
/// | a malformed `epoch`, `unit`, `min_lifetime` or bit count | `an epoch is an RFC 3339 instant, like "2025-01-01T00:00:00Z"`, `a unit is a whole number of milliseconds or seconds, like "1ms", "10ms" or "1s"`, … at the value |
/// | layout keys on a scheme that takes none | `` the scheme `uuid7` takes no layout keys (…); these do: `snowflake`, `sonyflake` `` |
/// | an enum, a union, named fields, several fields, generics | `#[derive(Identity)] needs a tuple struct with one field, like struct OrderId(Uuid);` and its variants |
///
/// # Examples
///
/// (Compiled as tests of the `idcraft` crate, `tests/readme_examples.rs`: this crate alone
/// cannot build them, as the code it writes names `::idcraft`.)
///
/// Snowflakes in a `bigint` column, sno with its metabyte, and an explicit generator on a
/// manual clock:
///
/// ```rust,ignore
/// use idcraft::schemes::Uuid7Generator;
/// use idcraft::{Identity, ManualClock, SeededRandom, Timestamp, Uuid};
///
/// #[derive(Identity)]
/// #[id(scheme = "twitter_snowflake")]
/// pub struct MessageId(u64);
///
/// #[derive(Identity)]
/// #[id(scheme = "sno", prefix = "evt")]
/// pub struct EventId([u8; 10]);
///
/// #[derive(Identity)]
/// #[id(scheme = "uuid7", encoding = "typeid", prefix = "user")]
/// pub struct UserId(Uuid);
///
/// let message = MessageId::new();
/// assert_eq!(serde_json::to_string(&message).unwrap(), format!("\"{message}\""));
///
/// let event = EventId::new_with_meta(7);
/// assert_eq!(event.meta(), 7);
/// assert_eq!(event.to_string().len(), "evt_".len() + 16);
///
/// let clock = ManualClock::new(Timestamp::from_unix_millis(1_714_564_800_000));
/// let user = UserId::generate_with(&Uuid7Generator::with(&clock, SeededRandom::new(1)));
/// assert_eq!(user.unix_ms(), 1_714_564_800_000);
/// assert_eq!(user.to_string().len(), "user_".len() + 26);
/// ```
///
/// A crate that re-exports idcraft names the path its users can reach:
///
/// ```rust,ignore
/// mod ids {
///     pub use idcraft;
/// }
///
/// use idcraft::Identity;
///
/// #[derive(Identity)]
/// #[id(scheme = "uid64", crate = "crate::ids::idcraft")]
/// pub struct SessionId(u64);
/// ```
#[proc_macro_derive(Identity, attributes(id))]
pub fn derive_identity(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
