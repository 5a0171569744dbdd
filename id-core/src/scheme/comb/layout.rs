//! COMB layouts (where the 6 time bytes go, how the database orders GUIDs) and the `Comb`
//! value with its fields and order.

use super::CombGenerator;
use super::time::TimeStrategy;
use crate::clock::{Clock, SystemClock};
use crate::codec::guid::{DOTNET_SIGNIFICANCE, SQL_SERVER_SIGNIFICANCE, significance_part};
use crate::error::{GenerateError, ParseError};
use crate::random::{OsRandom, RandomSource};
use crate::scheme::{canonical_text, shape};
use crate::time::Timestamp;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use uuid::Uuid;

/// Where a COMB layout puts its timestamp and how its database orders GUIDs.
pub trait CombLayout: Copy + Eq + Ord + Hash + fmt::Debug + Default + Send + Sync + 'static {
    /// Scheme name.
    const NAME: &'static str;
    /// How the instant is written.
    const STRATEGY: TimeStrategy;
    /// String-order indexes of the 6 timestamp bytes, most significant first.
    const TIME_BYTES: [usize; 6];
    /// String-order indexes of the other 10 bytes, in the order the database compares them.
    const TAIL_ORDER: [usize; 10];
    /// [`shape::DotNetGuid`] where byte-oriented stores (SQLite BLOB, Oracle `RAW`) hold the
    /// .NET `ToByteArray()` bytes, as RT.Comb's binary provider expects; [`shape::Guid`] (the
    /// string-order bytes) otherwise.
    type Shape: shape::Shape;
    /// The process-wide generator of this layout.
    fn default_generator() -> &'static CombGenerator<Self>;
}

macro_rules! layout {
    ($(#[$doc:meta])* $ty:ident, $name:literal, $shape:ident, $strategy:ident, $time:expr, $tail:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
        pub struct $ty;

        impl CombLayout for $ty {
            const NAME: &'static str = $name;
            const STRATEGY: TimeStrategy = TimeStrategy::$strategy;
            const TIME_BYTES: [usize; 6] = $time;
            const TAIL_ORDER: [usize; 10] = $tail;
            type Shape = shape::$shape;
            fn default_generator() -> &'static CombGenerator<Self> {
                static GENERATOR: crate::installed::Installed<CombGenerator<$ty>> = crate::installed::Installed::new();
                GENERATOR.get_or_init(CombGenerator::new)
            }
        }
    };
}

// Each layout puts its 6 time bytes where its database compares first and orders the other
// 10 as that database compares them: both read off one significance order of `codec::guid`.
pub(super) const BYTE_ORDER: [usize; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
pub(super) const SQL_TIME: [usize; 6] = significance_part(&SQL_SERVER_SIGNIFICANCE, 0);
pub(super) const SQL_TAIL: [usize; 10] = significance_part(&SQL_SERVER_SIGNIFICANCE, 6);
layout!(
    /// RT.Comb `Provider.Sql`: Unix ms in the last 6 bytes, SQL Server order.
    SqlServer, "comb_sql", Guid, UnixMillis, SQL_TIME, SQL_TAIL
);
layout!(
    /// RT.Comb `Provider.PostgreSql`: Unix ms in the first 6 bytes, byte order.
    PostgreSql, "comb_pg", Guid, UnixMillis, significance_part(&BYTE_ORDER, 0), significance_part(&BYTE_ORDER, 6)
);
layout!(
    /// RT.Comb `Provider.Legacy` (Jimmy Nilsson's COMB): SQL `datetime` in the last 6 bytes.
    Legacy, "comb_legacy", Guid, SqlDateTime, SQL_TIME, SQL_TAIL
);
layout!(
    /// RT.Comb `Provider.Oracle` / `Provider.SqliteBinary`: Unix ms in .NET bytes 0..6, ordered
    /// by the .NET byte array.
    Binary, "comb_binary", DotNetGuid, UnixMillis, significance_part(&DOTNET_SIGNIFICANCE, 0),
    significance_part(&DOTNET_SIGNIFICANCE, 6)
);

/// A COMB GUID of layout `L`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Comb<L: CombLayout> {
    pub(super) bytes: [u8; 16],
    layout: PhantomData<L>,
}

/// `comb_sql`: RT.Comb `Provider.Sql`.
pub type CombSql = Comb<SqlServer>;
/// `comb_pg`: RT.Comb `Provider.PostgreSql`.
pub type CombPg = Comb<PostgreSql>;
/// `comb_legacy`: RT.Comb `Provider.Legacy`.
pub type CombLegacy = Comb<Legacy>;
/// `comb_binary`: RT.Comb `Provider.Oracle` / `Provider.SqliteBinary`.
pub type CombBinary = Comb<Binary>;

impl<L: CombLayout> Comb<L> {
    /// RT.Comb's `Create(base, timestamp)`: `base` with its 6 timestamp bytes replaced.
    ///
    /// # Errors
    /// When the layout cannot hold `timestamp` (Unix: before 1970 or after 9999; legacy: outside
    /// 1900-01-01..=2079-06-06T23:59:59.997). RT.Comb silently wraps instead.
    pub fn create(base: Uuid, timestamp: Timestamp) -> Result<Self, GenerateError> {
        let tick = L::STRATEGY.tick(timestamp, L::NAME)?;
        Ok(Self::with_tick(*base.as_bytes(), tick))
    }

    /// RT.Comb's `Create(Guid)`: `base` with the current time (the system clock).
    ///
    /// # Errors
    /// When the clock is outside the layout's range (see [`Comb::create`]), or
    /// [`GenerateError::NoSystemClock`] in a build without a clock.
    pub fn create_with_base(base: Uuid) -> Result<Self, GenerateError> {
        crate::clock::require_system_clock()?;
        Self::create(base, SystemClock.now())
    }

    /// RT.Comb's `Create(DateTime)`: a random base (version 4 bits, as `Guid.NewGuid()`) with
    /// `timestamp`.
    ///
    /// # Errors
    /// When the layout cannot hold `timestamp` (see [`Comb::create`]), or
    /// [`GenerateError::NoSystemClock`] in a build without a random source.
    pub fn create_at(timestamp: Timestamp) -> Result<Self, GenerateError> {
        crate::clock::require_system_clock()?;
        let mut bytes = [0u8; 16];
        OsRandom.fill_bytes(&mut bytes);
        bytes[6] = (bytes[6] & 0x0F) | 0x40;
        bytes[8] = (bytes[8] & 0x3F) | 0x80;
        Self::create(Uuid::from_bytes(bytes), timestamp)
    }

    pub(super) fn with_tick(mut bytes: [u8; 16], tick: u64) -> Self {
        for (&i, b) in L::TIME_BYTES.iter().zip(L::STRATEGY.bytes(tick)) {
            bytes[i] = b;
        }
        Comb { bytes, layout: PhantomData }
    }

    /// Wraps any GUID (every GUID is a COMB; [`Comb::try_timestamp`] says whether its timestamp
    /// is valid).
    pub const fn from_uuid(uuid: Uuid) -> Self {
        Comb { bytes: *uuid.as_bytes(), layout: PhantomData }
    }

    /// The GUID.
    pub const fn uuid(&self) -> Uuid {
        Uuid::from_bytes(self.bytes)
    }

    /// The embedded instant, or why this GUID is not a valid COMB of the layout (what RT.Comb's
    /// `GetTimestamp` throws on: a negative or over-24-hour time of day, a year past 9999).
    pub fn try_timestamp(&self) -> Result<Timestamp, ParseError> {
        L::STRATEGY
            .read(self.time_bytes())
            .map_err(|e| ParseError::Invalid { scheme: L::NAME, reason: crate::error::InvalidReason::time(e) })
    }

    pub(super) fn time_bytes(&self) -> [u8; 6] {
        L::TIME_BYTES.map(|i| self.bytes[i])
    }

    /// The bytes in the order the target database compares them.
    pub fn sort_key(&self) -> [u8; 16] {
        let mut key = [0u8; 16];
        for (k, &i) in key.iter_mut().zip(L::TIME_BYTES.iter().chain(&L::TAIL_ORDER)) {
            *k = self.bytes[i];
        }
        key
    }

    crate::scheme::fresh_constructors!("A new COMB", "If the system clock is outside the layout's range (see [`Comb::create`])", () => ());
}

impl<L: CombLayout> Ord for Comb<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        u128::from_be_bytes(self.sort_key()).cmp(&u128::from_be_bytes(other.sort_key()))
    }
}

impl<L: CombLayout> PartialOrd for Comb<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<L: CombLayout> Hash for Comb<L> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bytes.hash(state)
    }
}


canonical_text!(Comb<L>, L: CombLayout);

impl<L: CombLayout> From<Uuid> for Comb<L> {
    fn from(uuid: Uuid) -> Self {
        Self::from_uuid(uuid)
    }
}

impl<L: CombLayout> From<Comb<L>> for Uuid {
    fn from(comb: Comb<L>) -> Uuid {
        comb.uuid()
    }
}
