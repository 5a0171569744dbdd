//! COMB GUIDs, byte-compatible with RT.Comb's `Sql`, `PostgreSql`, `Legacy` and
//! `Oracle`/`SqliteBinary` providers.
//!
//! A COMB is a GUID whose 6 timestamp bytes sit where the target database compares first:
//!
//! | layout | timestamp | where (string order) | `Ord` |
//! |---|---|---|---|
//! | [`SqlServer`] (`comb_sql`) | Unix ms, 48-bit | last 6 bytes | SQL Server `uniqueidentifier` |
//! | [`PostgreSql`] (`comb_pg`) | Unix ms, 48-bit | first 6 bytes | bytes (PostgreSQL, `Guid.CompareTo`) |
//! | [`Legacy`] (`comb_legacy`) | SQL `datetime` days + 1/300 s | last 6 bytes | SQL Server |
//! | [`Binary`] (`comb_binary`) | Unix ms, 48-bit | .NET bytes 0..6 | `ToByteArray()` bytes (Oracle `RAW`, SQLite BLOB) |
//!
//! The version and variant bits always come from the base GUID (RT.Comb never sets them; a
//! `comb_pg` value is *not* UUIDv7 even though the timestamp sits where v7 puts it).
//!
//! Two ways to make one:
//! * [`Comb::create`]: RT.Comb's `Create(Guid, DateTime)`, byte for byte (with its `.NET 7+`
//!   float arithmetic), except that instants the layout cannot hold are an error instead of
//!   silently wrapping; [`Comb::create_with_base`] (`Create(Guid)`: now) and
//!   [`Comb::create_at`] (`Create(DateTime)`: a random base) are its one-argument forms.
//! * [`CombGenerator`]: the default, strictly increasing in the target database's order for
//!   every ID one generator makes: a 42-bit counter in the bits that sort right after the
//!   timestamp, re-seeded randomly at each tick, 32 random bits after it. [`CombGenerator::rt_comb`]
//!   gives RT.Comb's behaviour instead (random tail), and [`NoRepeatClock`](crate::NoRepeatClock)
//!   its `UtcNoRepeatTimestampProvider`.
//!
//! # Other layouts and strategies
//!
//! [`CombLayout`] is a supported extension: a layout of your own (where the 6 bytes go, which
//! [`TimeStrategy`] writes them, how the database orders the rest) works with [`Comb`],
//! [`CombGenerator`] and the column and token support, as RT.Comb lets a provider take any
//! strategy. RT.Comb's documented example, `new PostgreSqlCombProvider(new
//! SqlDateTimeStrategy())`:
//!
//! ```
//! use idcraft_core::scheme::comb::{Comb, CombGenerator, CombLayout, PostgreSql, TimeStrategy};
//! use std::sync::OnceLock;
//!
//! /// `comb_pg`'s byte positions with SQL `datetime` bytes.
//! #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
//! struct PgSqlDateTime;
//!
//! impl CombLayout for PgSqlDateTime {
//!     // A GUID in string byte order everywhere (`shape::DotNetGuid` for RT.Comb's binary
//!     // providers, whose BLOBs hold .NET's byte order).
//!     type Shape = idcraft_core::scheme::shape::Guid;
//!     const NAME: &'static str = "comb_pg_sqldatetime";
//!     const STRATEGY: TimeStrategy = TimeStrategy::SqlDateTime;
//!     const TIME_BYTES: [usize; 6] = PostgreSql::TIME_BYTES;
//!     const TAIL_ORDER: [usize; 10] = PostgreSql::TAIL_ORDER;
//!     fn default_generator() -> &'static CombGenerator<Self> {
//!         static GENERATOR: OnceLock<CombGenerator<PgSqlDateTime>> = OnceLock::new();
//!         GENERATOR.get_or_init(CombGenerator::new)
//!     }
//! }
//!
//! let id = Comb::<PgSqlDateTime>::new();
//! assert!(id.try_timestamp().is_ok());
//! ```
//!
//! The strategies are RT.Comb's two 6-byte ones, and that set is closed: RT.Comb's interface
//! also admits 4-byte strategies, but it ships none, and a COMB written by one can only be
//! read by the same custom code on every side, which is not compatibility. The derive names the
//! four shipped layouts; a custom layout is used as `Comb<L>`.

mod generator;
mod facts;
mod layout;
#[cfg(test)]
mod tests;
mod text;
mod time;

pub use crate::error::CombTimeError;
pub use generator::CombGenerator;
pub use layout::{Binary, Comb, CombBinary, CombLayout, CombLegacy, CombPg, CombSql, Legacy, PostgreSql, SqlServer};
pub use time::TimeStrategy;

#[cfg(test)]
use time::*;
