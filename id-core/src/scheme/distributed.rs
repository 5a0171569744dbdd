//! Architect.Identities' `DistributedId` (28 decimal digits) and `DistributedId128`.
//!
//! * [`DistributedId`]: `ms45 << 48 | random48`, where `ms45` is milliseconds since
//!   1900-01-01 minus a 1000 ms leeway. Stored as a scale-0 `Decimal`; every value made after
//!   2012-07-31 has exactly 28 digits. About 128 IDs per millisecond sustained, with a burst
//!   budget of about 128K (see [`DistributedIdGenerator`]).
//! * [`DistributedId128`]: `ms48 << 80 | 7 << 76 | random75` with bit 63 clear (each half fits a
//!   non-negative `i64`), milliseconds since 1700-01-01, no leeway. String order = numeric order
//!   = `Uuid` order. About 131K IDs per millisecond.
//!
//! Both generators draw one fresh random value per call; inside one millisecond they add its low
//! 41 (resp. 58) bits (at least 1) to the previous random part, so IDs from one generator are
//! strictly increasing while staying unguessable.

use super::{Encoding, Generate, IdBytes, Scheme, canonical_text, clamp_time, unsupported};
use crate::clock::{Clock, SystemClock};
use crate::codec::{IdText, base62, decimal, hex};
use crate::error::{GenerateError, ParseError};
use crate::random::{OsRandom, RandomSource};
use crate::time::Timestamp;
use core::fmt;
use core::marker::PhantomData;
use core::time::Duration;
use rust_decimal::Decimal;
use std::sync::{Mutex, OnceLock};
use uuid::Uuid;

const EPOCH_1900: Timestamp = Timestamp::from_ymd(1900, 1, 1);
const EPOCH_1700: Timestamp = Timestamp::from_ymd(1700, 1, 1);
const RANDOM48: u128 = (1 << 48) - 1;
const RANDOM75: u128 = (1 << 75) - 1;
const LOW63: u128 = (1 << 63) - 1;

/// Milliseconds from `epoch` to `t` (floor), if not before the epoch (and representable: the
/// subtraction is checked, as clocks at the ends of `Timestamp` saturate).
fn millis_since(t: Timestamp, epoch: Timestamp) -> Option<u64> {
    u64::try_from(t.unix_millis().checked_sub(epoch.unix_millis())?).ok()
}

/// The parameters that set the two generators apart.
#[derive(Debug)]
#[doc(hidden)]
pub struct Layout {
    scheme: &'static str,
    epoch: Timestamp,
    time_bits: u32,
    random_max: u128,
    increment_mask: u128,
    /// Embedded time = now − leeway (1000 ms for DistributedId).
    leeway_ms: u64,
    /// Whether an exhausted millisecond may borrow the next one, up to now − 1 ms.
    borrow: bool,
}

const DISTRIBUTED: Layout = Layout {
    scheme: "distributed",
    epoch: EPOCH_1900,
    time_bits: 45,
    random_max: RANDOM48,
    increment_mask: (1 << 41) - 1,
    leeway_ms: 1000,
    borrow: true,
};

const DISTRIBUTED128: Layout = Layout {
    scheme: "distributed128",
    epoch: EPOCH_1700,
    time_bits: 48,
    random_max: RANDOM75,
    increment_mask: (1 << 58) - 1,
    leeway_ms: 0,
    borrow: false,
};

impl Layout {
    fn out_of_range(&self, time: Timestamp) -> GenerateError {
        let span = Duration::from_millis((1u64 << self.time_bits) - 1 + self.leeway_ms);
        GenerateError::TimeOutOfRange {
            scheme: self.scheme,
            time,
            earliest: self.epoch.checked_add(Duration::from_millis(self.leeway_ms)).expect("in range"),
            latest: self.epoch.checked_add(span).expect("in range"),
        }
    }

    /// The error for an instant to embed as it is (no leeway) that the layout cannot hold.
    fn embedded_out_of_range(&self, time: Timestamp) -> GenerateError {
        let span = Duration::from_millis((1u64 << self.time_bits) - 1);
        GenerateError::TimeOutOfRange {
            scheme: self.scheme,
            time,
            earliest: self.epoch,
            latest: self.epoch.checked_add(span).expect("in range"),
        }
    }

    /// The embedded millisecond for a clock reading.
    fn embedded_ms(&self, t: Timestamp) -> Result<u64, GenerateError> {
        millis_since(t, self.epoch)
            .and_then(|ms| ms.checked_sub(self.leeway_ms))
            .filter(|ms| ms >> self.time_bits == 0)
            .ok_or_else(|| self.out_of_range(t))
    }

    /// One fresh random value and the increment derived from it.
    fn fresh(&self, random: &dyn RandomSource) -> (u128, u128) {
        if self.random_max == RANDOM48 {
            let r = u128::from(random.next_u64() & RANDOM48 as u64).max(1);
            (r, (r & self.increment_mask).max(1))
        } else {
            let high = u128::from(random.next_u64() >> 53);
            let low = u128::from(random.next_u64()).max(u128::from(high == 0));
            (high << 64 | low, (low & self.increment_mask).max(1))
        }
    }
}

/// The state and algorithm both generators share; `(embedded ms, random part)`.
struct RandomIncrement<C, R> {
    layout: &'static Layout,
    clock: C,
    random: R,
    last: Mutex<(u64, u128)>,
}

impl<C: Clock, R: RandomSource> RandomIncrement<C, R> {
    fn new(layout: &'static Layout, clock: C, random: R) -> Self {
        RandomIncrement { layout, clock, random, last: Mutex::new((0, 0)) }
    }

    fn next(&self) -> Result<(u64, u128), GenerateError> {
        let layout = self.layout;
        let (fresh, increment) = layout.fresh(&self.random);
        loop {
            let now = self.clock.now();
            let mut ts = layout.embedded_ms(now)?;
            let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
            let (last_ts, last_random) = *last;
            if ts <= last_ts {
                if last_random + increment <= layout.random_max {
                    *last = (last_ts, last_random + increment);
                    return Ok(*last);
                }
                // The newest timestamp the clock allows right now.
                let newest = ts + layout.leeway_ms.saturating_sub(1);
                if layout.borrow && last_ts < newest {
                    ts = last_ts + 1;
                } else if last_ts <= ts + layout.leeway_ms + 999 {
                    drop(last);
                    self.clock.sleep(Duration::from_millis(1));
                    continue;
                }
                // Otherwise the clock went back by more than a second: start again below.
            }
            *last = (ts, fresh);
            return Ok(*last);
        }
    }
}

/// A DistributedId: a positive integer below 10^28 (93 bits used).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DistributedId(u128);

impl DistributedId {
    /// The largest value, `9999999999999999999999999999`.
    pub const MAX: DistributedId = DistributedId(decimal::MAX);

    /// Checks and wraps a value (at most [`DistributedId::MAX`]).
    pub const fn try_from_u128(v: u128) -> Result<Self, ParseError> {
        match decimal::check(v) {
            Ok(v) => Ok(DistributedId(v)),
            Err(e) => Err(e),
        }
    }

    /// The former name of [`DistributedId::try_from_u128`] (`from_u128` is infallible on
    /// [`DistributedId128`], and one name has one meaning).
    #[deprecated(since = "0.2.0", note = "use `DistributedId::try_from_u128`")]
    pub const fn from_u128(v: u128) -> Result<Self, ParseError> {
        Self::try_from_u128(v)
    }

    /// Assembles `ms << 48 | random` (milliseconds since 1900, without the leeway applied).
    pub fn from_parts(ms_since_1900: u64, random: u64) -> Result<Self, ParseError> {
        if ms_since_1900 >> 45 != 0 || random >> 48 != 0 {
            return Err(ParseError::OutOfRange { rule: crate::error::RangeRule::DistributedLayout });
        }
        Ok(DistributedId(u128::from(ms_since_1900) << 48 | u128::from(random)))
    }

    /// The value.
    pub const fn value(&self) -> u128 {
        self.0
    }

    /// Reads a scale-0, non-negative decimal (a trailing `.0` from SQLite is accepted).
    #[inline]
    pub fn from_decimal(d: Decimal) -> Result<Self, ParseError> {
        Self::try_from_u128(decimal::from_decimal(d)?)
    }

    /// The value as a scale-0 `Decimal`.
    #[inline]
    pub fn to_decimal(&self) -> Decimal {
        // A valid ID is at most `decimal::MAX`, below 2^96.
        decimal::decimal_below_2_96(self.0)
    }

    /// Embedded milliseconds since 1900-01-01 (creation time − 1 s, by design).
    pub const fn millis_since_1900(&self) -> u64 {
        (self.0 >> 48) as u64
    }

    /// The 48-bit random part.
    pub const fn random(&self) -> u64 {
        (self.0 & RANDOM48) as u64
    }

    /// The UUID form Architect.Identities shows (`00000000-` + the 96-bit value).
    pub const fn to_uuid(&self) -> Uuid {
        Uuid::from_u128(self.0)
    }

    crate::scheme::fresh_constructors!("A new ID", "If the system clock is before 1900 or after 3014", () => ());
}

impl fmt::Debug for DistributedId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "distributed({self})")
    }
}

canonical_text!(DistributedId);

impl TryFrom<Decimal> for DistributedId {
    type Error = ParseError;
    fn try_from(d: Decimal) -> Result<Self, ParseError> {
        DistributedId::from_decimal(d)
    }
}

impl From<DistributedId> for Decimal {
    fn from(id: DistributedId) -> Decimal {
        id.to_decimal()
    }
}

impl crate::scheme::sealed::Sealed for DistributedId {}

/// PostgreSQL `NUMERIC(28,0)`; SQLite `TEXT` digits (its `NUMERIC` would round 28 digits).
impl crate::column::DbColumn for DistributedId {
    const POSTGRES: crate::column::Column = crate::column::Column::Numeric;
    const SQLITE: crate::column::Column = crate::column::Column::Text;

    fn to_db(&self, dialect: crate::column::Dialect) -> crate::column::DbValue {
        match dialect {
            crate::column::Dialect::Postgres => crate::column::DbValue::Numeric(self.to_decimal()),
            crate::column::Dialect::Sqlite => {
                crate::column::DbValue::Text(self.encode(crate::Encoding::Decimal).expect("decimal text"))
            }
        }
    }

    fn from_db(value: crate::column::DbValue) -> Result<Self, ParseError> {
        match value {
            crate::column::DbValue::Numeric(d) => DistributedId::from_decimal(d),
            crate::column::DbValue::BigInt(v) => u128::try_from(v)
                .map_err(|_| ParseError::OutOfRange { rule: crate::error::RangeRule::Negative })
                .and_then(DistributedId::try_from_u128),
            crate::column::DbValue::Text(t) => {
                crate::column::digits_with_zero_fraction(&t).and_then(DistributedId::try_from_u128)
            }
            other => Err(crate::column::wrong_type::<Self>(&other)),
        }
    }
}

impl crate::column::NumericColumn for DistributedId {}

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

impl crate::identity::StorageOf<DistributedId> for Decimal {
    #[inline]
    fn from_scheme(value: DistributedId) -> Self {
        value.to_decimal()
    }

    /// A `Decimal` that is negative, fractional or above 10^28 − 1 can only get here by
    /// building the newtype by hand; it is read as its absolute integer part, capped.
    #[inline]
    fn to_scheme(self) -> DistributedId {
        match DistributedId::from_decimal(self) {
            Ok(id) => id,
            Err(_) => DistributedId::from_decimal(self.trunc().abs()).unwrap_or(DistributedId::MAX),
        }
    }

    fn try_to_scheme(self) -> Result<DistributedId, ParseError> {
        DistributedId::from_decimal(self)
    }
}

/// A derived DistributedId type's own items: `new()`, the random part, and `TryFrom<Decimal>`
/// (a `Decimal` can be negative, fractional or too large).
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_distributed {
    ($ident:ident, $storage:ty) => {
        $crate::__derive_items! {
            $ident, $storage;
            new() => ();
            storage fallible;
            accessors {
                /// The 48-bit random part.
                random -> u64;
            }
        }
    };
}

impl Scheme for DistributedId {
    crate::scheme::text_forms!(decimal, base62, hex, uuid);
    const PUBLIC_LAYOUT: crate::scheme::PublicLayout = crate::scheme::PublicLayout::Decimal;

    const NAME: &'static str = "distributed";
    const EMBED_LAG: Duration = Duration::from_millis(DISTRIBUTED.leeway_ms);
    const BYTE_LEN: usize = 16;
    type Input = ();
    type Generator = DistributedIdGenerator;

    fn default_generator() -> &'static DistributedIdGenerator {
        static GENERATOR: OnceLock<DistributedIdGenerator> = OnceLock::new();
        GENERATOR.get_or_init(DistributedIdGenerator::new)
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        EPOCH_1900.checked_add(Duration::from_millis(self.millis_since_1900())).expect("45 bits of ms fit")
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&decimal::to_binary(self.0))
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        decimal::from_binary(bytes).map(DistributedId)
    }

    #[inline(always)]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Decimal => Some(decimal::to_digits(self.0)),
            Encoding::Base62 => Some(decimal::to_base62(self.0)),
            Encoding::Hex => Some(decimal::to_hex(self.0)),
            Encoding::Uuid => Some(crate::codec::hex::encode_uuid(&self.0.to_be_bytes())),
            _ => None,
        }
    }

    #[inline(always)]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        let v = match encoding {
            Encoding::Canonical | Encoding::Decimal => decimal::from_digits(text, 28)?,
            Encoding::Base62 => decimal::from_base62(text)?,
            Encoding::Hex => decimal::from_hex(text)?,
            Encoding::Uuid => u128::from_be_bytes(hex::decode_uuid(text)?),
            _ => return Err(unsupported(encoding)),
        };
        Self::try_from_u128(v)
    }

    fn min_at(t: Timestamp) -> Self {
        DistributedId(u128::from(embedded_1900(t)) << 48)
    }

    fn max_at(t: Timestamp) -> Self {
        DistributedId(u128::from(embedded_1900(t)) << 48 | RANDOM48)
    }
}

fn embedded_1900(t: Timestamp) -> u64 {
    let latest = EPOCH_1900.checked_add(Duration::from_millis((1 << 45) - 1)).expect("in range");
    millis_since(clamp_time(t, EPOCH_1900, latest), EPOCH_1900).expect("clamped")
}

/// Makes the schemes of Architect.Identities' random-increment design, [`DistributedId`] and
/// [`DistributedId128`] (see [`DistributedIdGenerator`] and [`DistributedId128Generator`]):
/// one generic type over the shared core, the scheme saying its layout and how a value is
/// assembled.
pub struct RandomIncrementGenerator<S: Assembled, C: Clock = SystemClock, R: RandomSource = OsRandom> {
    core: RandomIncrement<C, R>,
    scheme: PhantomData<fn() -> S>,
}

mod assembled {
    /// A scheme made by a [`RandomIncrementGenerator`](super::RandomIncrementGenerator): its
    /// layout and how `(ms, random)` becomes a value. Sealed: the layouts are Architect's two.
    pub trait Assembled: super::Scheme {
        #[doc(hidden)]
        const LAYOUT: &'static super::Layout;
        #[doc(hidden)]
        fn assemble(ms: u64, random: u128) -> Self;
    }
}
pub use assembled::Assembled;

impl<S: Assembled> RandomIncrementGenerator<S> {
    /// The default: system clock and OS-seeded CSPRNG.
    pub fn new() -> Self {
        Self::with(SystemClock, OsRandom)
    }
}

impl<S: Assembled> Default for RandomIncrementGenerator<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Assembled, C: Clock, R: RandomSource> RandomIncrementGenerator<S, C, R> {
    /// A generator on the given clock and random source.
    pub fn with(clock: C, random: R) -> Self {
        RandomIncrementGenerator { core: RandomIncrement::new(S::LAYOUT, clock, random), scheme: PhantomData }
    }
}

impl<S: Assembled<Input = ()>, C: Clock, R: RandomSource> Generate<S> for RandomIncrementGenerator<S, C, R> {
    #[inline]
    fn generate(&self, _: ()) -> Result<S, GenerateError> {
        let (ms, random) = self.core.next()?;
        Ok(S::assemble(ms, random))
    }

    /// An ID embedding exactly `t` (no leeway subtracted) with a fresh random part.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<S, GenerateError> {
        let layout = S::LAYOUT;
        let ms = millis_since(t, layout.epoch)
            .filter(|ms| ms >> layout.time_bits == 0)
            .ok_or_else(|| layout.embedded_out_of_range(t))?;
        Ok(S::assemble(ms, layout.fresh(&self.core.random).0))
    }
}

impl<S: Assembled, C: Clock, R: RandomSource> fmt::Debug for RandomIncrementGenerator<S, C, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RandomIncrementGenerator").field("scheme", &S::NAME).finish_non_exhaustive()
    }
}

impl Assembled for DistributedId {
    const LAYOUT: &'static Layout = &DISTRIBUTED;
    fn assemble(ms: u64, random: u128) -> Self {
        DistributedId(u128::from(ms) << 48 | random)
    }
}

/// Makes [`DistributedId`]s: thread-safe, strictly increasing per generator.
///
/// The embedded time lags the clock by 1000 ms. That leeway is the burst budget: when idle,
/// the next ID uses now − 1000 ms, and an exhausted millisecond (about 128 IDs) borrows the next
/// one, up to now − 1 ms, so about 128K IDs can be made at once without waiting. Each real
/// millisecond returns one millisecond of budget. With the budget spent, the caller sleeps 1 ms
/// (through [`Clock::sleep`]) and retries. A clock that goes back by up to ~1 s is absorbed
/// without any sleep; further back, the generator sleeps while the gap is at most 1 s and then
/// restarts at the smaller time (IDs then go down, as in the original).
pub type DistributedIdGenerator<C = SystemClock, R = OsRandom> = RandomIncrementGenerator<DistributedId, C, R>;

/// A DistributedId128: a UUIDv7-shaped `u128` with bit 63 clear.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DistributedId128(u128);

/// Why a [`DistributedId128`] cannot be split into, or joined from, two non-negative `i64`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitError {
    /// Bit 127 or bit 63 is set, so a half would be negative.
    HighBitSet,
    /// One of the halves given to `join` is negative.
    NegativeHalf,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SplitError::HighBitSet => "bit 127 or bit 63 is set: the value does not split into two non-negative i64",
            SplitError::NegativeHalf => "both halves of a DistributedId128 must be non-negative",
        })
    }
}

impl std::error::Error for SplitError {}

impl DistributedId128 {
    /// Wraps any `u128`.
    pub const fn from_u128(v: u128) -> Self {
        DistributedId128(v)
    }

    /// Assembles `ms << 80 | 7 << 76 | random75` with bit 63 clear.
    pub fn from_parts(ms_since_1700: u64, random: u128) -> Result<Self, ParseError> {
        if ms_since_1700 >> 48 != 0 || random > RANDOM75 {
            return Err(ParseError::OutOfRange { rule: crate::error::RangeRule::Distributed128Layout });
        }
        Ok(Self::assemble(ms_since_1700, random))
    }

    const fn assemble(ms: u64, random: u128) -> Self {
        DistributedId128((ms as u128) << 80 | 7 << 76 | (random >> 63) << 64 | (random & LOW63))
    }

    /// The value.
    pub const fn value(&self) -> u128 {
        self.0
    }

    /// Embedded milliseconds since 1700-01-01.
    pub const fn millis_since_1700(&self) -> u64 {
        (self.0 >> 80) as u64
    }

    /// The 75-bit random part.
    pub const fn random(&self) -> u128 {
        ((self.0 >> 64) & 0xFFF) << 63 | (self.0 & LOW63)
    }

    /// The UUID with the same text as the hex of the value (`Uuid::from_u128`).
    pub const fn to_uuid(&self) -> Uuid {
        Uuid::from_u128(self.0)
    }

    /// From the UUID form.
    pub const fn from_uuid(uuid: Uuid) -> Self {
        DistributedId128(uuid.as_u128())
    }

    /// The composite-key form `(upper, lower)`.
    pub const fn split(&self) -> Result<(i64, i64), SplitError> {
        if self.0 >> 127 != 0 || (self.0 >> 63) & 1 != 0 {
            return Err(SplitError::HighBitSet);
        }
        Ok(((self.0 >> 64) as i64, self.0 as u64 as i64))
    }

    /// Joins the composite-key form.
    pub const fn join(upper: i64, lower: i64) -> Result<Self, SplitError> {
        if upper < 0 || lower < 0 {
            return Err(SplitError::NegativeHalf);
        }
        Ok(DistributedId128((upper as u128) << 64 | lower as u128))
    }

    crate::scheme::fresh_constructors!("A new ID", "If the system clock is before 1700 or after 10619", () => ());
}

impl fmt::Debug for DistributedId128 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "distributed128({self})")
    }
}

canonical_text!(DistributedId128);

impl From<u128> for DistributedId128 {
    fn from(v: u128) -> Self {
        DistributedId128(v)
    }
}

impl From<DistributedId128> for u128 {
    fn from(id: DistributedId128) -> u128 {
        id.0
    }
}

impl From<DistributedId128> for Uuid {
    fn from(id: DistributedId128) -> Uuid {
        id.to_uuid()
    }
}

impl crate::scheme::sealed::Sealed for DistributedId128 {}

crate::identity::storage_via_from!([] u128 => DistributedId128);

/// PostgreSQL `uuid` (or `NUMERIC(38,0)`); SQLite 16 bytes.
impl crate::column::DbColumn for DistributedId128 {
    const POSTGRES: crate::column::Column = crate::column::Column::Uuid;
    const SQLITE: crate::column::Column = crate::column::Column::Bytes;

    fn to_db(&self, dialect: crate::column::Dialect) -> crate::column::DbValue {
        crate::column::guid_to_db(self.to_uuid(), dialect, false)
    }

    fn from_db(value: crate::column::DbValue) -> Result<Self, ParseError> {
        crate::column::guid_from_db::<Self>(value, false).map(DistributedId128::from_uuid)
    }

    /// Architect.Identities' `DECIMAL(38)` form: the `u128` itself (38 or 39 digits).
    fn to_numeric(&self) -> Option<u128> {
        Some(self.value())
    }

    fn from_numeric(value: u128) -> Option<Self> {
        Some(DistributedId128::from_u128(value))
    }
}

impl crate::column::UuidColumn for DistributedId128 {}
impl crate::column::BinaryColumn for DistributedId128 {}
impl crate::column::NumericColumn for DistributedId128 {}

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

/// A derived DistributedId128 type's own items: `new()` and the random part.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_distributed128 {
    ($ident:ident, $storage:ty) => {
        $crate::__derive_items! {
            $ident, $storage;
            new() => ();
            storage infallible;
            accessors {
                /// The 75-bit random part.
                random -> u128;
            }
        }
    };
}

impl Scheme for DistributedId128 {
    crate::scheme::text_forms!(base62, decimal, uuid, hex);

    const NAME: &'static str = "distributed128";
    const BYTE_LEN: usize = 16;
    type Input = ();
    type Generator = DistributedId128Generator;

    fn default_generator() -> &'static DistributedId128Generator {
        static GENERATOR: OnceLock<DistributedId128Generator> = OnceLock::new();
        GENERATOR.get_or_init(DistributedId128Generator::new)
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        EPOCH_1700.checked_add(Duration::from_millis(self.millis_since_1700())).expect("48 bits of ms fit")
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.0.to_be_bytes())
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        let b: [u8; 16] = bytes.try_into().map_err(|_| ParseError::bytes(16, bytes.len()))?;
        Ok(DistributedId128(u128::from_be_bytes(b)))
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Base62 => Some(base62::encode_u128(self.0)),
            Encoding::Decimal => Some(decimal::to_digits(self.0)),
            Encoding::Uuid => Some(hex::encode_uuid(&self.0.to_be_bytes())),
            Encoding::Hex => Some(hex::encode_upper(&self.0.to_be_bytes())),
            _ => None,
        }
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        let v = match encoding {
            Encoding::Canonical | Encoding::Base62 => base62::decode_u128(text)?,
            Encoding::Decimal => decimal::from_digits(text, 39)?,
            Encoding::Uuid => u128::from_be_bytes(hex::decode_uuid(text)?),
            Encoding::Hex => {
                let mut b = [0u8; 16];
                hex::decode_into(text, &mut b)?;
                u128::from_be_bytes(b)
            }
            _ => return Err(unsupported(encoding)),
        };
        Ok(DistributedId128(v))
    }

    fn min_at(t: Timestamp) -> Self {
        Self::assemble(embedded_1700(t), 0)
    }

    fn max_at(t: Timestamp) -> Self {
        Self::assemble(embedded_1700(t), RANDOM75)
    }
}

fn embedded_1700(t: Timestamp) -> u64 {
    let latest = EPOCH_1700.checked_add(Duration::from_millis((1 << 48) - 1)).expect("in range");
    millis_since(clamp_time(t, EPOCH_1700, latest), EPOCH_1700).expect("clamped")
}

/// Makes [`DistributedId128`]s: thread-safe, strictly increasing per generator, about 131K per
/// millisecond. No leeway and no borrowing: an exhausted millisecond sleeps 1 ms while the
/// clock is within 1 s of the last ID, and restarts at the clock's time beyond that.
pub type DistributedId128Generator<C = SystemClock, R = OsRandom> = RandomIncrementGenerator<DistributedId128, C, R>;

impl Assembled for DistributedId128 {
    const LAYOUT: &'static Layout = &DISTRIBUTED128;
    fn assemble(ms: u64, random: u128) -> Self {
        DistributedId128::assemble(ms, random)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::random::FixedRandom;
    use std::collections::VecDeque;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// `generate_at` embeds exactly the instant (no leeway), whatever the clock says, and an
    /// instant outside the layout is an error naming that instant and the layout's bounds.
    #[test]
    fn generate_at_embeds_the_instant_or_refuses_it() {
        let t = Timestamp::new(1_700_000_000, 123_000_000);
        let clock = ManualClock::new(Timestamp::new(2_000_000_000, 0));
        let id = DistributedIdGenerator::with(&clock, OsRandom).generate_at((), t).unwrap();
        assert_eq!(id.timestamp(), t);
        let id128 = DistributedId128Generator::with(&clock, OsRandom).generate_at((), t).unwrap();
        assert_eq!(id128.timestamp(), t);
        let before = Timestamp::new(EPOCH_1900.unix_seconds() - 1, 0);
        match DistributedIdGenerator::with(&clock, OsRandom).generate_at((), before) {
            Err(GenerateError::TimeOutOfRange { time, earliest, .. }) => {
                assert_eq!((time, earliest), (before, EPOCH_1900))
            }
            other => panic!("{other:?}"),
        }
    }

    fn t(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    /// Returns scripted readings (the last one repeats); `sleep` only counts.
    struct ScriptedClock {
        readings: Mutex<VecDeque<Timestamp>>,
        sleeps: AtomicU64,
    }

    impl ScriptedClock {
        fn new() -> Self {
            ScriptedClock { readings: Mutex::new(VecDeque::new()), sleeps: AtomicU64::new(0) }
        }
        fn then(&self, readings: &[Timestamp]) {
            self.readings.lock().unwrap().extend(readings);
        }
    }

    impl Clock for ScriptedClock {
        fn now(&self) -> Timestamp {
            let mut r = self.readings.lock().unwrap();
            if r.len() > 1 { r.pop_front().unwrap() } else { r[0] }
        }
        fn sleep(&self, _: Duration) {
            self.sleeps.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn ms(base: Timestamp, delta: i64) -> Timestamp {
        Timestamp::from_unix_micros(base.unix_micros() + delta * 1000)
    }

    #[test]
    fn layout_vectors() {
        assert_eq!(DistributedId::from_parts(0, 1 << 40).unwrap().to_string(), "1099511627776");
        assert_eq!(
            DistributedId::from_parts(0, (1 << 48) - 1).unwrap().encode(Encoding::Base62).unwrap(),
            "00000001HvWXNAa7"
        );
        let id = DistributedId::from_parts(3786825600000, 1 << 40).unwrap();
        assert_eq!(id.to_string(), "1065896647567317033105227776");
        assert_eq!(id.encode(Encoding::Base62).unwrap(), "3uRpl11sIZZmN5wu");
        assert_eq!(id.timestamp(), t("2020-01-01T00:00:00Z"));
        let readme: DistributedId = "1088824355131185736905670087".parse().unwrap();
        assert_eq!(readme.millis_since_1900(), 3868281180285);
        assert_eq!(readme.random(), 0xb2ad82883dc7);
        assert_eq!(readme.timestamp(), t("2022-07-31T18:33:00.285Z"));
        assert_eq!(readme.encode(Encoding::Base62).unwrap(), "3zfAkCP7ZtzfeQYp");
        assert_eq!(DistributedId::decode("3zfAkCP7ZtzfeQYp", Encoding::Base62).unwrap(), readme);
        assert_eq!(readme.to_uuid().to_string(), "00000000-0384-a786-907d-b2ad82883dc7");
        assert_eq!(readme.encode(Encoding::Hex).unwrap(), "000384A786907DB2AD82883DC7");

        let a = DistributedId128::from_parts(0, 1 << 74).unwrap();
        assert_eq!(a.to_uuid().to_string(), "00000000-0000-7800-0000-000000000000");
        assert_eq!(a.to_string(), "000000007zU00000000000");
        let b = DistributedId128::from_parts(0, RANDOM75).unwrap();
        assert_eq!(b.to_uuid().to_string(), "00000000-0000-7fff-7fff-ffffffffffff");
        assert_eq!(b.to_string(), "000000008WVAzL8n0Y58m7");
        let c = DistributedId128::from_parts(10098172800000, 1).unwrap();
        assert_eq!(c.to_uuid().to_string(), "092f2a00-ac00-7000-0000-000000000001");
        assert_eq!(c.to_string(), "0mt1PtdbT9s00000000001");
        assert_eq!(c.timestamp(), t("2020-01-01T00:00:00Z"));
    }

    #[test]
    fn readme_128_example() {
        let id = DistributedId128::from_uuid(Uuid::parse_str("094954a8-622c-76ad-1b93-cdefcbdf0888").unwrap());
        assert_eq!(id.millis_since_1700(), 10_210_557_583_916);
        assert_eq!(id.timestamp(), t("2023-07-24T17:59:43.916Z"));
        assert_eq!(id.value(), 12343806695858578540815039138052901000);
        assert_eq!(id.split().unwrap(), (669159101819549357, 1987158290401790088));
        assert_eq!(id.to_string(), "0nQkrErwxJd2MnCm41WZ5s");
        assert_eq!(id.encode(Encoding::Decimal).unwrap(), "12343806695858578540815039138052901000");
    }

    #[test]
    fn split_and_join() {
        for (v, halves) in [
            (0u128, (0, 0)),
            (1, (0, 1)),
            (2147483647, (0, 2147483647)),
            (18446744073709551616, (1, 0)),
            (9223372036854775807, (0, i64::MAX)),
            (170141183460469231713240559642174554112, (i64::MAX, 0)),
            (170141183460469231722463931679029329919, (i64::MAX, i64::MAX)),
        ] {
            assert_eq!(DistributedId128(v).split().unwrap(), halves);
            assert_eq!(DistributedId128::join(halves.0, halves.1).unwrap().value(), v);
        }
        for v in [9223372036854775808u128, u64::MAX as u128, 1 << 127, u128::MAX] {
            assert_eq!(DistributedId128(v).split(), Err(SplitError::HighBitSet));
        }
        for (a, b) in
            [(-1, 0), (0, -1), (i32::MIN as i64, 0), (0, i32::MIN as i64), (-1, -1), (i32::MIN as i64, i32::MIN as i64)]
        {
            assert_eq!(DistributedId128::join(a, b), Err(SplitError::NegativeHalf));
        }
    }

    #[test]
    fn exactly_28_digits_after_mid_2012_and_range_errors() {
        let clock = ManualClock::new(t("2012-07-31T08:54:39.801Z"));
        let g = DistributedIdGenerator::with(&clock, FixedRandom(0));
        let id = g.generate(()).unwrap();
        assert_eq!(id.to_string().len(), 28);
        let clock = ManualClock::new(t("3000-01-01T00:00:00Z"));
        assert!(DistributedIdGenerator::with(&clock, OsRandom).generate(()).is_ok());
        let clock = ManualClock::new(t("4000-01-01T00:00:00Z"));
        let e = DistributedIdGenerator::with(&clock, OsRandom).generate(()).unwrap_err();
        assert!(e.to_string().starts_with("4000-01-01T00:00:00Z is outside the range of distributed IDs"), "{e}");
        let clock = ManualClock::new(t("1899-01-01T00:00:00Z"));
        assert!(DistributedIdGenerator::with(&clock, OsRandom).generate(()).is_err());
    }

    #[test]
    fn embedded_time_lags_by_the_leeway() {
        let clock = ManualClock::new(t("2024-05-01T12:00:00.500Z"));
        let id = DistributedIdGenerator::with(&clock, OsRandom).generate(()).unwrap();
        assert_eq!(id.timestamp(), t("2024-05-01T11:59:59.500Z"));
    }

    #[test]
    #[cfg_attr(miri, ignore = "a rate measured over 10^5 to 10^6 IDs: hours under Miri (safe code)")]
    fn frozen_clock_makes_100k_without_sleeping_and_burst_regains() {
        let clock = ManualClock::new(t("2024-05-01T12:00:00Z"));
        let g = DistributedIdGenerator::with(&clock, OsRandom);
        let mut last = g.generate(()).unwrap();
        for _ in 1..100_000 {
            let id = g.generate(()).unwrap();
            assert!(id > last);
            last = id;
        }
        assert_eq!(clock.sleeps(), 0);
        // Exhaust the burst: count IDs until the first sleep.
        let mut burst = 100_000u64;
        while clock.sleeps() == 0 {
            g.generate(()).unwrap();
            burst += 1;
        }
        assert!((100_000..=160_000).contains(&burst), "burst {burst}");
        // One second regains the whole budget.
        clock.advance(Duration::from_secs(1));
        let before = clock.sleeps();
        for _ in 0..100_000 {
            g.generate(()).unwrap();
        }
        assert_eq!(clock.sleeps(), before);
    }

    #[test]
    #[cfg_attr(miri, ignore = "a rate measured over 10^5 to 10^6 IDs: hours under Miri (safe code)")]
    fn half_a_second_regains_half_the_burst() {
        let clock = ManualClock::new(t("2024-05-01T12:00:00Z"));
        let g = DistributedIdGenerator::with(&clock, OsRandom);
        for _ in 0..128_000 {
            g.generate(()).unwrap();
        }
        clock.advance(Duration::from_millis(500));
        let before = clock.sleeps();
        for _ in 0..128_000 {
            g.generate(()).unwrap();
        }
        let sleeps = clock.sleeps() - before;
        assert!((400..=600).contains(&sleeps), "{sleeps} sleeps");
    }

    #[test]
    #[cfg_attr(miri, ignore = "a rate measured over 10^5 to 10^6 IDs: hours under Miri (safe code)")]
    fn sustained_rate_is_about_128_per_ms() {
        let clock = ManualClock::new(t("2024-05-01T12:00:00Z"));
        let g = DistributedIdGenerator::with(&clock, OsRandom);
        while clock.sleeps() == 0 {
            g.generate(()).unwrap();
        }
        let start = clock.now();
        let mut last = g.generate(()).unwrap();
        for _ in 0..200_000 {
            let id = g.generate(()).unwrap();
            assert!(id > last);
            last = id;
        }
        let elapsed_ms = clock.now().unix_millis() - start.unix_millis();
        let rate = 200_000 / elapsed_ms;
        assert!((100..=150).contains(&rate), "{rate} IDs/ms");
    }

    #[test]
    fn rewinding_clock_cases() {
        let base = t("2024-05-01T12:00:00Z");
        let clock = ScriptedClock::new();
        clock.then(&[base]);
        let g = DistributedIdGenerator::with(&clock, FixedRandom(0xFF));
        let id1 = g.generate(()).unwrap();
        clock.then(&[ms(base, -998)]);
        clock.readings.lock().unwrap().pop_front();
        let id2 = g.generate(()).unwrap();
        clock.then(&[ms(base, -1998), ms(base, -1999)]);
        clock.readings.lock().unwrap().pop_front();
        let id3 = g.generate(()).unwrap();
        assert!(id2 > id1);
        assert!(id3 < id1);
        assert_eq!(clock.sleeps.load(Ordering::Relaxed), 1);

        let clock = ScriptedClock::new();
        clock.then(&[base]);
        let g = DistributedIdGenerator::with(&clock, FixedRandom(0xFF));
        let id1 = g.generate(()).unwrap();
        clock.then(&[ms(base, -999), Timestamp::from_unix_micros(ms(base, -999).unix_micros() + 999), ms(base, -998)]);
        clock.readings.lock().unwrap().pop_front();
        let id2 = g.generate(()).unwrap();
        assert!(id2 > id1);
        assert_eq!(clock.sleeps.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn strictly_increasing_across_rewinds_up_to_999_ms() {
        let clock = ManualClock::new(t("2024-05-01T12:00:00Z"));
        let g = DistributedIdGenerator::with(&clock, OsRandom);
        let mut last = g.generate(()).unwrap();
        for rewind in [1u64, 10, 500, 999] {
            for _ in 0..crate::test_budget::iterations(1000, 20) {
                let id = g.generate(()).unwrap();
                assert!(id > last);
                last = id;
            }
            clock.rewind(Duration::from_millis(rewind));
        }
        assert_eq!(clock.sleeps(), 0);
    }

    #[test]
    fn rewinding_clock_128() {
        let base = t("2024-05-01T12:00:00Z");
        let clock = ScriptedClock::new();
        clock.then(&[base]);
        let g = DistributedId128Generator::with(&clock, FixedRandom(0xFF));
        let id1 = g.generate(()).unwrap();
        clock.then(&[ms(base, -1), ms(base, -999), ms(base, -1000)]);
        clock.readings.lock().unwrap().pop_front();
        let id2 = g.generate(()).unwrap();
        assert_eq!(clock.sleeps.load(Ordering::Relaxed), 2);
        assert!(id2 < id1);
    }

    #[test]
    #[cfg_attr(miri, ignore = "a rate measured over 10^5 to 10^6 IDs: hours under Miri (safe code)")]
    fn capacity_128_is_about_131k_per_ms() {
        // One millisecond holds (2^75 − start) / 2^57 IDs for a uniform random start, so a
        // single millisecond's count is uniform on 0..262K; the capacity is its average.
        let clock = ManualClock::new(t("2024-05-01T12:00:00Z"));
        let g = DistributedId128Generator::with(&clock, OsRandom);
        let mut count = 0u64;
        let mut last = g.generate(()).unwrap();
        while clock.sleeps() < 20 {
            let id = g.generate(()).unwrap();
            assert!(id > last);
            assert_eq!(id.value() >> 63 & 1, 0);
            assert_eq!(id.to_uuid().get_version_num(), 7);
            last = id;
            count += 1;
        }
        let per_ms = count / 20;
        assert!((65_000..=260_000).contains(&per_ms), "{per_ms} per ms");
    }

    #[test]
    fn timeline_of_128() {
        let at = |s: &str| {
            let clock = ManualClock::new(t(s));
            DistributedId128Generator::with(&clock, OsRandom).generate(()).unwrap()
        };
        assert_eq!(at("2023-01-01T00:00:00Z").encode(Encoding::Decimal).unwrap().len(), 38);
        assert!(at("4000-01-01T00:00:00Z").value() < 10u128.pow(38));
        let v = at("6000-01-01T00:00:00Z").value();
        assert_eq!((v >> 127, v >> 63 & 1), (0, 0));
        assert!(at("9999-01-01T00:00:00Z").value() > 99999999999999999999999999999999999999);
    }

    #[test]
    fn text_forms_and_errors() {
        let id: DistributedId = "1088824355131185736905670087".parse().unwrap();
        assert!("10888243551311857369056700871".parse::<DistributedId>().is_err());
        assert!(
            "1088824355131185736905670x87"
                .parse::<DistributedId>()
                .unwrap_err()
                .to_string()
                .contains("'x' at position 25")
        );
        assert!("".parse::<DistributedId>().is_err());
        assert_eq!(DistributedId::from_bytes(&id.to_bytes()).unwrap(), id);
        assert!(DistributedId::from_decimal(Decimal::new(-5, 0)).is_err());
        assert_eq!(DistributedId::min_at(id.timestamp()).millis_since_1900(), id.millis_since_1900());
        assert!(DistributedId::min_at(id.timestamp()) <= id && id <= DistributedId::max_at(id.timestamp()));
        assert!("0nQkrErwxJd2MnCm41WZ5".parse::<DistributedId128>().is_err());
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        #[test]
        fn orders_agree(a: u128, b: u128) {
            let (x, y) = (DistributedId128(a), DistributedId128(b));
            proptest::prop_assert_eq!(x.to_string().cmp(&y.to_string()), x.cmp(&y));
            proptest::prop_assert_eq!(x.to_uuid().cmp(&y.to_uuid()), x.cmp(&y));
            proptest::prop_assert_eq!(x.to_string().parse::<DistributedId128>().unwrap(), x);
        }

        #[test]
        fn decimal_forms_round_trip(v in 0..=decimal::MAX) {
            let id = DistributedId::try_from_u128(v).unwrap();
            for e in [Encoding::Canonical, Encoding::Base62, Encoding::Hex, Encoding::Uuid] {
                proptest::prop_assert_eq!(DistributedId::decode(&id.encode(e).unwrap(), e).unwrap(), id);
            }
            proptest::prop_assert_eq!(DistributedId::from_decimal(id.to_decimal()).unwrap(), id);
        }
    }
}
