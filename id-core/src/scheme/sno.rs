//! sno: 10-byte k-sortable IDs with a metabyte and a partition, byte-compatible with
//! `github.com/muyo/sno` v1.2.1.
//!
//! | bytes | content |
//! |---|---|
//! | 0..5 | 39-bit count of 4 ms units since 2010-01-01, then the tick-tock bit |
//! | 5 | metabyte (opaque, the caller's) |
//! | 6..8 | partition, big-endian |
//! | 8..10 | sequence, big-endian |
//!
//! Text: 16 characters of sno32 ([`crate::codec::sno32`]); byte order = text order = `Ord`.
//!
//! The generator gives the first ID of each unit the sequence minimum and never goes above the
//! maximum: callers wait for the next unit, and an optional subscriber hears about it. When the
//! clock goes back into a unit that was not used yet, the tick-tock bit flips and generation goes
//! on at once; when it goes back into used time a second time, callers wait. Unlike the original,
//! the `(unit, tick, sequence)` transition is one atomic compare-and-swap, so no interleaving of
//! threads can produce a duplicate (sno v1.2.1 has a narrow window for one).

use super::{Encoding, Generate, IdBytes, Scheme, canonical_text, unsupported};
use crate::clock::{Clock, CoarseClock};
use crate::codec::{IdText, hex, sno32};
use crate::error::{GenerateError, ParseError};
use crate::explicit::ExplicitSequence;
use crate::fence::Fence;
use crate::installed::Installed;
use crate::overflow::OverflowWait;
use crate::time::Timestamp;
use core::fmt;
use core::time::Duration;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex, OnceLock};
use uuid::Uuid;

/// 2010-01-01T00:00:00Z in Unix seconds.
pub const EPOCH_SECS: i64 = 1_262_304_000;
/// One time unit in nanoseconds (4 ms).
pub const TIME_UNIT_NS: u64 = 4_000_000;
/// The largest unit count: 2079-09-07T15:47:35.548Z.
pub const MAX_UNITS: u64 = (1 << 39) - 1;
const UNIT: Duration = Duration::from_nanos(TIME_UNIT_NS);

/// A sno ID.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Sno([u8; 10]);

impl Sno {
    /// The zero ID (`2222222222222222`, JSON `null`).
    pub const ZERO: Sno = Sno([0; 10]);

    /// The ID as a UUID column holds it, as sno's README suggests: the 16 ASCII bytes of its
    /// canonical text (the text is exactly a UUID's 16 bytes long, and its alphabet is in ASCII
    /// order, so UUIDs compare as the IDs do, in PostgreSQL's and SQL Server's `uniqueidentifier`
    /// byte order alike).
    pub fn to_uuid(&self) -> Uuid {
        Uuid::from_bytes(sno32::encode(&self.0).as_bytes().try_into().expect("16 characters"))
    }

    /// Reads [`Sno::to_uuid`]'s form: a UUID whose bytes are not a canonical sno text is a
    /// typed error.
    pub fn from_uuid(uuid: Uuid) -> Result<Sno, ParseError> {
        let text = core::str::from_utf8(uuid.as_bytes())
            .map_err(|_| ParseError::Invalid { scheme: Self::NAME, reason: crate::error::InvalidReason::NotSnoText })?;
        sno32::decode(text).map(Sno)
    }

    /// Assembles an ID; `units` keeps its low 39 bits, as sno does.
    pub const fn from_parts(units: u64, tick: bool, meta: u8, partition: u16, sequence: u16) -> Sno {
        let head = ((units & MAX_UNITS) << 1 | tick as u64).to_be_bytes();
        let p = partition.to_be_bytes();
        let s = sequence.to_be_bytes();
        Sno([head[3], head[4], head[5], head[6], head[7], meta, p[0], p[1], s[0], s[1]])
    }

    /// The 4 ms units since 2010 of an instant: computed in wrapping `u64`, low 39 bits kept
    /// (so times before 2010 or after 2079 wrap exactly as in sno).
    pub const fn units_of(t: Timestamp) -> u64 {
        let ns = t.unix_nanos() - EPOCH_SECS as i128 * 1_000_000_000;
        ((ns as u64) / TIME_UNIT_NS) & MAX_UNITS
    }

    /// Wraps 10 bytes.
    pub const fn from_array(bytes: [u8; 10]) -> Sno {
        Sno(bytes)
    }

    /// The 10 bytes.
    pub const fn to_array(&self) -> [u8; 10] {
        self.0
    }

    /// 4 ms units since 2010-01-01.
    pub const fn units(&self) -> u64 {
        u64::from_be_bytes([0, 0, 0, self.0[0], self.0[1], self.0[2], self.0[3], self.0[4]]) >> 1
    }

    /// The tick-tock bit.
    pub const fn tick(&self) -> bool {
        self.0[4] & 1 == 1
    }

    /// The metabyte.
    pub const fn meta(&self) -> u8 {
        self.0[5]
    }

    /// The partition.
    pub const fn partition(&self) -> u16 {
        u16::from_be_bytes([self.0[6], self.0[7]])
    }

    /// The sequence.
    pub const fn sequence(&self) -> u16 {
        u16::from_be_bytes([self.0[8], self.0[9]])
    }

    /// Whether all 10 bytes are zero.
    pub const fn is_zero(&self) -> bool {
        u128::from_be_bytes([
            0, 0, 0, 0, 0, 0, self.0[0], self.0[1], self.0[2], self.0[3], self.0[4], self.0[5], self.0[6], self.0[7],
            self.0[8], self.0[9],
        ]) == 0
    }

    /// sno's `Timestamp()`: nanoseconds since the Unix epoch (the tick bit is ignored).
    pub const fn unix_nanos(&self) -> i64 {
        self.units() as i64 * TIME_UNIT_NS as i64 + EPOCH_SECS * 1_000_000_000
    }

    crate::scheme::fresh_constructors!("A new ID with metabyte `meta`", "If the system clock is outside 2010 to 2079", (meta: u8) => meta);
}

impl fmt::Debug for Sno {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sno({self})")
    }
}

canonical_text!(Sno);

impl From<[u8; 10]> for Sno {
    fn from(b: [u8; 10]) -> Sno {
        Sno(b)
    }
}

impl From<Sno> for [u8; 10] {
    fn from(s: Sno) -> [u8; 10] {
        s.0
    }
}

impl crate::scheme::sealed::Sealed for Sno {}

crate::identity::storage_via_from!([] [u8; 10] => Sno);

// Its 10 bytes: `bytea`, `BLOB`.
crate::column::bytes_column!([] Sno);

impl crate::column::BinaryColumn for Sno {}

impl crate::scheme::describe::Describe for Sno {
    const INPUT: Option<&'static str> = Some("meta");
    const OPTIONS: &'static [&'static str] = &["partition"];

    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::Integer;
        vec![
            ("meta", Integer(self.meta().into())),
            ("partition", Integer(self.partition().into())),
            ("sequence", Integer(self.sequence().into())),
            ("tick", Integer(self.tick().into())),
        ]
    }

    fn input(text: Option<&str>) -> Result<u8, crate::scheme::describe::OptionError> {
        text.map_or(Ok(0), |t| crate::scheme::describe::OptionError::parse("meta", t, "a metabyte 0..=255"))
    }

    /// `partition`: a generator on that partition with the full sequence pool.
    fn generator(
        options: crate::scheme::describe::Options<'_>,
    ) -> Result<Option<Box<dyn Generate<Self>>>, crate::scheme::describe::OptionError> {
        use crate::scheme::describe::OptionError;
        let Some(text) = options("partition") else { return Ok(None) };
        let expected = "a partition 0..=65535";
        let partition: u16 = OptionError::parse("partition", text, expected)?;
        let snapshot = GeneratorSnapshot { partition: partition.to_be_bytes(), ..GeneratorSnapshot::default() };
        let generator = SnoGenerator::from_snapshot(CoarseClock, &snapshot).map_err(|_| OptionError {
            option: "partition",
            value: text.into(),
            expected,
        })?;
        Ok(Some(Box::new(generator)))
    }
}

/// A derived sno type's own items: `new()` (metabyte 0), `new_with_meta`, sno's `NewWithTime`
/// as `at`/`try_at`, and the fields.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_sno {
    ($ident:ident, $storage:ty) => {
        $crate::__derive_items! {
            $ident, $storage;
            new() => 0u8;
            storage infallible;
            accessors {
                /// The metabyte.
                meta -> u8;
                /// The partition.
                partition -> u16;
                /// The sequence within the 4 ms unit.
                sequence -> u16;
                /// The tick-tock bit (flips when the clock went back).
                tick -> bool;
                /// Whether this is the zero ID.
                is_zero -> bool;
            }

            /// A new ID with metabyte `meta` from the default generator (or the innermost test
            /// scope).
            #[inline]
            #[track_caller]
            pub fn new_with_meta(meta: u8) -> Self {
                $crate::identity::new::<Self>(meta)
            }

            /// sno's `NewWithTime`: an ID embedding `t` with metabyte `meta`, on the default
            /// generator's partition with a rolling sequence of its own (for porting existing
            /// data; uniqueness is the caller's). An instant outside 2010..2079 is an error.
            #[inline]
            pub fn try_at(
                meta: u8,
                t: ::std::time::SystemTime,
            ) -> ::core::result::Result<Self, $crate::error::GenerateError> {
                $crate::identity::sno_at::<Self>(meta, t)
            }

            /// [`try_at`](Self::try_at), panicking outside 2010..2079.
            #[inline]
            #[track_caller]
            pub fn at(meta: u8, t: ::std::time::SystemTime) -> Self {
                match $crate::identity::sno_at::<Self>(meta, t) {
                    ::core::result::Result::Ok(id) => id,
                    ::core::result::Result::Err(e) => ::core::panic!(
                        "{}::at(): {}",
                        <Self as $crate::identity::Identity>::TYPE_NAME,
                        e
                    ),
                }
            }
        }
    };
}

impl Scheme for Sno {
    crate::scheme::text_forms!(sno32, hex);

    const NAME: &'static str = "sno";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    const BYTE_LEN: usize = 10;
    type Input = u8;
    type Generator = SnoGenerator;

    fn default_generator() -> &'static SnoGenerator {
        DEFAULT_GENERATOR
            .get_or_init(|| SnoGenerator::new().expect("the first default generator always has a partition"))
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        unit_start(self.units())
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.0)
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        bytes.try_into().map(Sno).map_err(|_| ParseError::bytes(10, bytes.len()))
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Sno32 => Some(sno32::encode(&self.0)),
            Encoding::Hex => Some(hex::encode_upper(&self.0)),
            _ => None,
        }
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        match encoding {
            Encoding::Canonical | Encoding::Sno32 => sno32::decode(text).map(Sno),
            Encoding::Hex => {
                let mut b = [0u8; 10];
                hex::decode_into(text, &mut b)?;
                Ok(Sno(b))
            }
            _ => Err(unsupported(encoding)),
        }
    }

    fn min_at(t: Timestamp) -> Self {
        Sno::from_parts(Sno::units_of(clamp(t)), false, 0, 0, 0)
    }

    fn max_at(t: Timestamp) -> Self {
        Sno::from_parts(Sno::units_of(clamp(t)), true, 0xFF, 0xFFFF, 0xFFFF)
    }

    fn serializes_as_null(&self) -> bool {
        self.is_zero()
    }
}

fn clamp(t: Timestamp) -> Timestamp {
    super::clamp_time(t, EPOCH, LATEST)
}

pub use crate::overflow::SequenceOverflow;

/// Why a generator configuration was refused. The texts are sno's, byte for byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnoConfigError {
    /// Invalid sequence bounds (sno's `InvalidSequenceBoundsError`).
    SequenceBounds {
        /// The sequence given.
        cur: u32,
        /// The lower bound.
        min: u16,
        /// The upper bound.
        max: u16,
        /// What is wrong.
        msg: &'static str,
    },
    /// More than 65,536 default-configured generators in one process.
    PartitionPoolExhausted,
}

impl fmt::Display for SnoConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnoConfigError::SequenceBounds { cur, min, max, msg } => write!(
                f,
                "sno: {msg}; min: {min}, sequence: {cur}, max: {max}, pool: {}",
                max.wrapping_sub(*min).wrapping_add(1)
            ),
            SnoConfigError::PartitionPoolExhausted => {
                f.write_str("sno: process exceeded maximum number of possible defaults-configured generators")
            }
        }
    }
}

impl std::error::Error for SnoConfigError {}

/// A generator's saved state and configuration, with sno's JSON field names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct GeneratorSnapshot {
    /// The partition bytes.
    pub partition: [u8; 2],
    /// Lower sequence bound.
    pub sequence_min: u16,
    /// Upper sequence bound (0 means 65535 unless the minimum is 65535).
    pub sequence_max: u16,
    /// The current sequence.
    pub sequence: u32,
    /// Units at snapshot time (informational; ignored on restore).
    pub now: i64,
    /// The last unit used.
    pub wall_hi: i64,
    /// The unit below which a clock regression waits.
    pub wall_safe: i64,
    /// Clock regressions absorbed so far (`drifts & 1` is the tick bit).
    pub drifts: u32,
}

const SEQ_BITS: u32 = 16;
const TICK_BIT: u64 = 1 << SEQ_BITS;

/// `(unit, tick, sequence)` in one word, so a transition is one compare-and-swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Word {
    units: u64,
    tick: bool,
    sequence: u16,
}

impl Word {
    const fn pack(self) -> u64 {
        self.units << (SEQ_BITS + 1) | (self.tick as u64) << SEQ_BITS | self.sequence as u64
    }

    const fn unpack(w: u64) -> Word {
        Word { units: w >> (SEQ_BITS + 1), tick: w & TICK_BIT != 0, sequence: w as u16 }
    }
}

/// State only the regression path touches, under a mutex.
#[derive(Debug)]
struct Drift {
    wall_safe: u64,
    drifts: u32,
}

/// Makes sno IDs for one partition. Thread-safe; see the [module docs](self).
pub struct SnoGenerator<C: Clock = CoarseClock> {
    clock: C,
    partition: u16,
    sequence_min: u16,
    sequence_max: u16,
    word: AtomicU64,
    drift: Mutex<Drift>,
    static_sequence: AtomicU32,
    overflow: OverflowWait,
    fence: Option<Arc<dyn Fence>>,
    /// The sequence of [`Generate::generate_at`].
    explicit: ExplicitSequence,
}

static DEFAULT_GENERATOR: Installed<SnoGenerator> = Installed::new();

/// Makes `generator` the one [`Sno::new`] and derived types' `new()` use (e.g. one on a leased
/// partition). Once, at start-up, before the first ID: afterwards `generator` is handed back as
/// the error ([`replace_default`] swaps it later).
#[allow(clippy::result_large_err)] // hands the generator back by value, as `OnceLock::set` does
pub fn install_default(generator: SnoGenerator) -> Result<(), SnoGenerator> {
    DEFAULT_GENERATOR.install(generator).map(drop)
}

/// Makes `generator` the default whatever was installed before, e.g. one on a new lease after
/// the old one was lost for good. Calls in flight finish on the old generator; the old one is
/// kept alive for the rest of the process (replacing is for rare events).
pub fn replace_default(generator: SnoGenerator) {
    DEFAULT_GENERATOR.replace(generator);
}

/// How many default-configured generators this process has made, and the seed of their
/// partitions.
static DEFAULT_PARTITIONS: AtomicU32 = AtomicU32::new(0);
static PARTITION_SEED: OnceLock<u16> = OnceLock::new();

impl SnoGenerator {
    /// A default-configured generator on the coarse system clock: the next default partition
    /// and the full sequence pool. The process's first default generator (the one `Sno::now`
    /// uses) gets the partition `u16((t >> 32) ^ t)` of the units clock at first use; each later
    /// one the next partition.
    ///
    /// On WebAssembly the first partition is random instead (from
    /// [`OsRandom`](crate::random::OsRandom)): browser tabs opened in the same 4 ms would
    /// otherwise share it.
    pub fn new() -> Result<Self, SnoConfigError> {
        let seed = *PARTITION_SEED.get_or_init(|| {
            #[cfg(target_family = "wasm")]
            return crate::random::RandomSource::next_u64(&crate::random::OsRandom) as u16;
            #[cfg(not(target_family = "wasm"))]
            {
                let t = Sno::units_of(CoarseClock.now());
                ((t >> 32) ^ t) as u16
            }
        });
        let n = DEFAULT_PARTITIONS.fetch_add(1, Ordering::Relaxed);
        if n > u32::from(u16::MAX) {
            return Err(SnoConfigError::PartitionPoolExhausted);
        }
        Ok(Self::configured(CoarseClock, seed.wrapping_add(n as u16), 0, u16::MAX))
    }
}

impl<C: Clock> SnoGenerator<C> {
    /// A generator from a snapshot (sno's `NewGenerator`): the partition as given, the bounds
    /// sanitised as sno does (a maximum of 0 means 65535; bounds may come in either order; the
    /// pool must hold at least 6 values, sno's real minimum), and the saved sequence, last unit,
    /// safe unit and drift count restored.
    pub fn from_snapshot(clock: C, snapshot: &GeneratorSnapshot) -> Result<Self, SnoConfigError> {
        let (mut min, mut max) = (snapshot.sequence_min, snapshot.sequence_max);
        let bounds_error = |msg, min, max| SnoConfigError::SequenceBounds { cur: snapshot.sequence, min, max, msg };
        if max == 0 && min != u16::MAX {
            max = u16::MAX;
        }
        if min == max {
            return Err(bounds_error(
                "sno: sequence bounds are identical - need a sequence pool with a capacity of at least 4",
                min,
                max,
            ));
        }
        if max < min {
            core::mem::swap(&mut min, &mut max);
        }
        if max - min - 1 < 4 {
            return Err(bounds_error(
                "sno: generators require a sequence pool with a capacity of at least 4",
                min,
                max,
            ));
        }
        let sequence = if snapshot.sequence == 0 { u32::from(min) } else { snapshot.sequence };
        if sequence < u32::from(min) {
            return Err(SnoConfigError::SequenceBounds {
                cur: sequence,
                min,
                max,
                msg: "sno: current sequence underflows the given lower bound",
            });
        }
        let generator = Self::configured(clock, u16::from_be_bytes(snapshot.partition), min, max);
        let drifts = snapshot.drifts;
        generator.word.store(
            Word {
                units: (snapshot.wall_hi as u64) & MAX_UNITS,
                tick: drifts & 1 == 1,
                sequence: sequence.min(u32::from(max)) as u16,
            }
            .pack(),
            Ordering::Relaxed,
        );
        *generator.drift.lock().unwrap_or_else(|e| e.into_inner()) =
            Drift { wall_safe: (snapshot.wall_safe as u64) & MAX_UNITS, drifts };
        Ok(generator)
    }

    fn configured(clock: C, partition: u16, min: u16, max: u16) -> Self {
        SnoGenerator {
            clock,
            partition,
            sequence_min: min,
            sequence_max: max,
            word: AtomicU64::new(Word { units: 0, tick: false, sequence: min }.pack()),
            drift: Mutex::new(Drift { wall_safe: 0, drifts: 0 }),
            static_sequence: AtomicU32::new(u32::from(min).wrapping_sub(1)),
            overflow: OverflowWait::default(),
            fence: None,
            explicit: ExplicitSequence::default(),
        }
    }

    /// A generator for an explicitly assigned partition (from a lease, an environment variable,
    /// a StatefulSet ordinal) with the full sequence pool.
    pub fn with_partition(clock: C, partition: u16) -> Self {
        Self::configured(clock, partition, 0, u16::MAX)
    }

    /// Asks `fence` before returning each ID from [`Generate::generate`], and returns its error
    /// instead of the ID when the partition is no longer this process's. The explicit-time
    /// [`generate_at`](Self::generate_at) is not fenced (its uniqueness is the caller's).
    pub fn with_fence(mut self, fence: Arc<dyn Fence>) -> Self {
        self.fence = Some(fence);
        self
    }

    /// Sends overflow notices to `subscriber` (without ever blocking on it).
    pub fn with_overflow_subscriber(mut self, subscriber: SyncSender<SequenceOverflow>) -> Self {
        self.overflow.set_subscriber(subscriber);
        self
    }

    /// The partition.
    pub fn partition(&self) -> u16 {
        self.partition
    }

    /// Lower sequence bound.
    pub fn sequence_min(&self) -> u16 {
        self.sequence_min
    }

    /// Upper sequence bound.
    pub fn sequence_max(&self) -> u16 {
        self.sequence_max
    }

    /// The sequence pool's size.
    pub fn cap(&self) -> u32 {
        u32::from(self.sequence_max - self.sequence_min) + 1
    }

    /// The last sequence used in the current unit, or the minimum once the unit has changed.
    pub fn sequence(&self) -> u32 {
        let w = Word::unpack(self.word.load(Ordering::Acquire));
        if Sno::units_of(self.clock.now()) == w.units { u32::from(w.sequence) } else { u32::from(self.sequence_min) }
    }

    /// How many sequences of the current unit are used (0 once the unit has changed).
    pub fn len(&self) -> u32 {
        let w = Word::unpack(self.word.load(Ordering::Acquire));
        if Sno::units_of(self.clock.now()) != w.units {
            0
        } else if w.sequence < self.sequence_max {
            u32::from(w.sequence - self.sequence_min) + 1
        } else {
            self.cap()
        }
    }

    /// Whether no sequence of the current unit is used.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The state to restore later with [`SnoGenerator::from_snapshot`].
    pub fn snapshot(&self) -> GeneratorSnapshot {
        let drift = self.drift.lock().unwrap_or_else(|e| e.into_inner());
        let w = Word::unpack(self.word.load(Ordering::Acquire));
        let now = Sno::units_of(self.clock.now());
        GeneratorSnapshot {
            partition: self.partition.to_be_bytes(),
            sequence_min: self.sequence_min,
            sequence_max: self.sequence_max,
            sequence: if now == w.units { u32::from(w.sequence) } else { u32::from(self.sequence_min) },
            now: now as i64,
            wall_hi: w.units as i64,
            wall_safe: drift.wall_safe as i64,
            drifts: drift.drifts,
        }
    }

    fn id(&self, w: Word, meta: u8) -> Sno {
        Sno::from_parts(w.units, w.tick, meta, self.partition, w.sequence)
    }

    /// The former name of [`Generate::generate_at`].
    #[deprecated(since = "0.2.0", note = "use `Generate::generate_at`")]
    pub fn try_generate_at(&self, meta: u8, t: Timestamp) -> Result<Sno, GenerateError> {
        Generate::generate_at(self, meta, t)
    }

    /// sno's `NewWithTime` exactly: the unit of `t`, tick 0, and a rolling counter of its own
    /// that wraps from the maximum back to the minimum; an instant outside 2010 to 2079 wraps as
    /// in sno ([`Generate::generate_at`] is the checked form). Never blocks; uniqueness is the
    /// caller's.
    pub fn generate_at_wrapping(&self, meta: u8, t: Timestamp) -> Sno {
        let max = u32::from(self.sequence_max);
        let mut s = self.static_sequence.fetch_add(1, Ordering::Relaxed).wrapping_add(1);
        if s > max {
            let min = u32::from(self.sequence_min);
            let _ = self.static_sequence.compare_exchange(s, min, Ordering::Relaxed, Ordering::Relaxed);
            s = min;
        }
        Sno::from_parts(Sno::units_of(t), false, meta, self.partition, s as u16)
    }

    /// The current unit, or an error outside the layout's range, where `units_of` would wrap.
    #[inline]
    fn current_units(&self) -> Result<(u64, Timestamp), GenerateError> {
        let now = self.clock.now();
        Ok((checked_units(now)?, now))
    }

    /// Every sequence of unit `now` is used: wait for the next unit, or fail at the layout's
    /// last one, which has no next.
    #[cold]
    #[inline(never)]
    fn unit_used_up(&self, now: u64, now_time: Timestamp) -> Result<(), GenerateError> {
        if now == MAX_UNITS {
            return Err(out_of_range(unit_start(MAX_UNITS).checked_add(UNIT).unwrap_or(now_time)));
        }
        self.overflow.wait_while(&self.clock, || Sno::units_of(self.clock.now()) == now);
        Ok(())
    }

    /// The clock went back below the last unit. Returns the ID if this caller could apply a
    /// drift, `None` if it must retry (after waiting, when the time was already used).
    ///
    /// The state is loaded before the clock is read, here and in `generate`: a reading taken
    /// before another thread's newer unit was published would look like a regression and flip
    /// the tick bit for nothing, putting that thread's next ID below its previous one.
    #[cold]
    fn regress(&self, meta: u8) -> Result<Option<Sno>, GenerateError> {
        let mut drift = self.drift.lock().unwrap_or_else(|e| e.into_inner());
        let current = self.word.load(Ordering::Acquire);
        let w = Word::unpack(current);
        let (now, now_time) = self.current_units()?;
        if now >= w.units {
            return Ok(None);
        }
        if now > drift.wall_safe {
            let next = Word { units: now, tick: (drift.drifts + 1) & 1 == 1, sequence: self.sequence_min };
            if self.word.compare_exchange(current, next.pack(), Ordering::AcqRel, Ordering::Acquire).is_ok() {
                drift.wall_safe = w.units;
                drift.drifts += 1;
                return Ok(Some(self.id(next, meta)));
            }
            return Ok(None);
        }
        // The clock is back in time already used twice: wait until the unit after `wall_safe`
        // starts (at most 1 s per round). `now <= wall_safe` makes the wait at least the rest
        // of the current unit, so every round makes progress, even on a test clock.
        let resume = unit_start(drift.wall_safe + 1);
        let wait = resume.duration_since(now_time).unwrap_or(UNIT).min(Duration::from_secs(1));
        drop(drift);
        self.clock.sleep(wait);
        Ok(None)
    }
}

const EPOCH: Timestamp = Timestamp::new(EPOCH_SECS, 0);
const EPOCH_NANOS: i128 = EPOCH_SECS as i128 * 1_000_000_000;
/// The layout's span: every unit, the last one included.
const SPAN_NANOS: u128 = (MAX_UNITS as u128 + 1) * TIME_UNIT_NS as u128;
/// The last instant of the last unit.
const LATEST: Timestamp = Timestamp::new(
    EPOCH_SECS + ((MAX_UNITS + 1) * TIME_UNIT_NS / 1_000_000_000) as i64,
    ((MAX_UNITS + 1) * TIME_UNIT_NS % 1_000_000_000) as u32,
)
.checked_sub(Duration::from_nanos(1))
.expect("after 2010");

/// The unit of `t`, or an error outside the layout's range (before 2010 or after
/// [`MAX_UNITS`]). One unsigned compare: an instant before the epoch is a negative offset,
/// which is huge as `u128`.
#[inline]
fn checked_units(t: Timestamp) -> Result<u64, GenerateError> {
    let offset = t.unix_nanos() - EPOCH_NANOS;
    if offset as u128 >= SPAN_NANOS {
        return Err(out_of_range(t));
    }
    Ok((offset as u64) / TIME_UNIT_NS)
}

/// When unit `units` starts.
fn unit_start(units: u64) -> Timestamp {
    Timestamp::new(EPOCH_SECS + (units / 250) as i64, ((units % 250) * TIME_UNIT_NS) as u32)
}

#[cold]
#[inline(never)]
fn out_of_range(time: Timestamp) -> GenerateError {
    GenerateError::TimeOutOfRange { scheme: Sno::NAME, time, earliest: EPOCH, latest: LATEST }
}

impl<C: Clock> Generate<Sno> for SnoGenerator<C> {
    /// The next ID; callers wait while the current unit's sequences are used up or the clock
    /// is back in time already used twice. An error when the clock is outside 2010 to 2079, or
    /// when the last unit of the layout is used up (there is no later unit to wait for).
    #[inline]
    fn generate(&self, meta: u8) -> Result<Sno, GenerateError> {
        let id = self.next_on_clock(meta)?;
        if let Some(fence) = &self.fence {
            fence.check(unit_start(id.units()))?;
        }
        Ok(id)
    }

    /// sno's `NewWithTime` for the instants the layout holds (2010 to 2079): the unit of `t`,
    /// tick 0, and the next of the unit's sequences at explicit instants, from the minimum.
    /// Never blocks: an error once the unit's sequences are used up or for an instant in an
    /// earlier unit than one already used ([`GenerateError::SequenceExhausted`],
    /// [`GenerateError::InstantBehind`]), never a repeat. The original's rolling counter, which
    /// wraps, is [`generate_at_wrapping`](SnoGenerator::generate_at_wrapping).
    fn generate_at(&self, meta: u8, t: Timestamp) -> Result<Sno, GenerateError> {
        let units = checked_units(t)?;
        let n = self.explicit.next(Sno::NAME, units, t, self.cap())?;
        Ok(Sno::from_parts(units, false, meta, self.partition, self.sequence_min + n as u16))
    }
}

impl<C: Clock> SnoGenerator<C> {
    #[inline]
    fn next_on_clock(&self, meta: u8) -> Result<Sno, GenerateError> {
        loop {
            let current = self.word.load(Ordering::Acquire);
            let (now, now_time) = self.current_units()?;
            let w = Word::unpack(current);
            let next = if now == w.units {
                if w.sequence >= self.sequence_max {
                    self.unit_used_up(now, now_time)?;
                    continue;
                }
                Word { sequence: w.sequence + 1, ..w }
            } else if now > w.units {
                Word { units: now, tick: w.tick, sequence: self.sequence_min }
            } else {
                match self.regress(meta)? {
                    Some(id) => return Ok(id),
                    None => continue,
                }
            };
            if self.word.compare_exchange_weak(current, next.pack(), Ordering::AcqRel, Ordering::Acquire).is_ok() {
                return Ok(self.id(next, meta));
            }
        }
    }
}

impl<C: Clock> fmt::Debug for SnoGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SnoGenerator")
            .field("partition", &self.partition)
            .field("sequence_min", &self.sequence_min)
            .field("sequence_max", &self.sequence_max)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use std::sync::Arc;

    fn t(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    fn units(u: u64) -> Timestamp {
        Timestamp::new(EPOCH_SECS, 0).checked_add(UNIT * u as u32).unwrap()
    }

    fn snapshot(partition: [u8; 2], min: u16, max: u16) -> GeneratorSnapshot {
        GeneratorSnapshot { partition, sequence_min: min, sequence_max: max, ..Default::default() }
    }

    /// The UUID form keeps the order and round-trips; bytes that are not sno text are refused.
    #[test]
    fn uuid_column_form_keeps_the_order() {
        let g = SnoGenerator::with_partition(ManualClock::new(t("2030-01-01T00:00:00Z")), 3);
        let mut ids: Vec<Sno> =
            (0..crate::test_budget::iterations(2000, 50)).map(|i| g.generate(i as u8).unwrap()).collect();
        ids.push(Sno::ZERO);
        ids.push("xxxxxxxxxxxxxxxx".parse().unwrap());
        ids.sort();
        let uuids: Vec<Uuid> = ids.iter().map(Sno::to_uuid).collect();
        assert!(uuids.windows(2).all(|w| w[0] < w[1]), "string-order bytes sort as the IDs");
        assert!(uuids.iter().map(Uuid::to_bytes_le).collect::<Vec<_>>().windows(2).all(|w| w[0] != w[1]));
        assert!(ids.iter().zip(&uuids).all(|(id, u)| Sno::from_uuid(*u) == Ok(*id)));
        assert_eq!(Sno::ZERO.to_uuid().to_string(), "32323232-3232-3232-3232-323232323232");
        assert!(Sno::from_uuid(Uuid::from_bytes([0xFF; 16])).is_err());
        assert!(Sno::from_uuid(Uuid::from_bytes(*b"zzzzzzzzzzzzzzzz")).is_err());
    }

    #[test]
    fn decompositions() {
        let id: Sno = "brpk4q72xwf2m63l".parse().unwrap();
        assert_eq!(id.to_array(), [78, 111, 33, 96, 160, 255, 154, 10, 16, 51]);
        assert_eq!(id.timestamp().to_string(), "2031-05-08T23:03:34.976Z");
        assert_eq!(id.unix_nanos(), 1936047814976000000);
        assert_eq!((id.tick(), id.meta(), id.partition(), id.sequence()), (false, 255, 39434, 4147));
        let max: Sno = "xxxxxxxxxxxxxxxx".parse().unwrap();
        assert_eq!(max.timestamp().to_string(), "2079-09-07T15:47:35.548Z");
        assert_eq!(max.unix_nanos(), 3461327255548000000);
        assert_eq!((max.tick(), max.meta(), max.sequence()), (true, 255, 65535));
        assert_eq!(Sno::ZERO.timestamp().to_string(), "2010-01-01T00:00:00Z");
        assert_eq!(Sno::ZERO.to_string(), "2222222222222222");
        assert!(Sno::ZERO.is_zero() && !id.is_zero());
        let readme: Sno = "aaaaaaaa55aaaaaa".parse().unwrap();
        assert_eq!((readme.meta(), readme.partition(), readme.sequence()), (24, 53380, 8456));
        assert_eq!(readme.timestamp().to_string(), "2027-12-26T04:04:32.4Z");
    }

    #[test]
    fn new_with_time_vectors() {
        let clock = ManualClock::new(units(0));
        let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 0], 0, 65535)).unwrap();
        for (time, hex, text) in [
            ("2010-01-01T00:00:00Z", "00000000000000000000", "2222222222222222"),
            ("2010-01-01T00:00:00Z", "00000000000000000001", "2222222222222223"),
            ("2010-01-01T00:00:00.004Z", "00000000020000000002", "2222222422222224"),
            ("2010-01-01T00:00:00.003999999Z", "00000000000000000003", "2222222222222225"),
            ("2079-09-07T15:47:35.548Z", "fffffffffe0000000004", "xxxxxxxw22222226"),
            ("2079-09-07T15:47:35.552Z", "00000000000000000005", "2222222222222227"),
            ("2009-12-31T23:59:59.996Z", "637bd05af40000000006", "efvv2opm22222228"),
            ("2000-01-01T00:00:00Z", "3ebda0f4f60000000007", "9sws3v9o22222229"),
        ] {
            let id = g.generate_at_wrapping(0, t(time));
            assert_eq!(hex::encode_lower(&id.to_array()), hex, "{time}");
            assert_eq!(id.to_string(), text);
        }
        let g = SnoGenerator::from_snapshot(&clock, &snapshot([65, 10], 0, 65535)).unwrap();
        assert_eq!(g.generate_at_wrapping(255, t("2020-01-01T00:00:00Z")).to_string(), "6kvrqg22xv2im222");
        assert_eq!(g.generate_at_wrapping(255, t("2020-01-01T00:00:00Z")).to_string(), "6kvrqg22xv2im223");
        let g = SnoGenerator::from_snapshot(&clock, &snapshot([255, 255], 1024, 2047)).unwrap();
        let id = g.generate_at_wrapping(1, t("2021-11-12T13:14:15.123456789Z"));
        assert_eq!(hex::encode_lower(&id.to_array()), "2b968d2a6801ffff0400");
        assert_eq!(id.to_string(), "7gdascla29xxw322");
        let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 0], 8, 13)).unwrap();
        let seqs: Vec<u16> = (0..8).map(|_| g.generate_at_wrapping(0, units(5)).sequence()).collect();
        assert_eq!(seqs, [8, 9, 10, 11, 12, 13, 8, 9]);
    }

    #[test]
    fn tick_tock_table() {
        let clock = ManualClock::new(units(1_000_000));
        let g = SnoGenerator::from_snapshot(&clock, &snapshot([1, 2], 0, 0)).unwrap();
        let step = |u: u64, text: &str, hex: &str, hi: i64, safe: i64, drifts: u32| {
            clock.set(units(u));
            let id = g.generate(9).unwrap();
            assert_eq!(id.to_string(), text, "at {u}");
            assert_eq!(hex::encode_lower(&id.to_array()), hex);
            let s = g.snapshot();
            assert_eq!((s.wall_hi, s.wall_safe, s.drifts), (hi, safe, drifts), "at {u}");
        };
        step(1000000, "2223v362362i6222", "00001e84800901020000", 1000000, 0, 0);
        step(1000000, "2223v362362i6223", "00001e84800901020001", 1000000, 0, 0);
        step(999999, "2223v35x362i6222", "00001e847f0901020000", 999999, 1000000, 1);
        step(1000000, "2223v363362i6222", "00001e84810901020000", 1000000, 1000000, 1);
        step(1000005, "2223v36d362i6222", "00001e848b0901020000", 1000005, 1000000, 1);
        step(1000003, "2223v368362i6222", "00001e84860901020000", 1000003, 1000005, 2);
        clock.set(units(1000004));
        g.generate(9).unwrap();
        // Back into used time: the caller waits until the clock moves (here: another thread
        // moves it to 1000006, as the original's test does), then goes on in a fresh unit.
        let frozen = Arc::new(ManualClock::frozen(units(1000002)));
        let g = SnoGenerator::from_snapshot(Arc::clone(&frozen), &g.snapshot()).unwrap();
        let mover = {
            let frozen = Arc::clone(&frozen);
            std::thread::spawn(move || {
                while frozen.sleeps() < 3 {
                    std::thread::yield_now();
                }
                frozen.set(units(1000006));
            })
        };
        let id = g.generate(9).unwrap();
        mover.join().unwrap();
        assert!(frozen.sleeps() >= 3);
        assert_eq!(id.to_string(), "2223v36e362i6222");
        assert_eq!(hex::encode_lower(&id.to_array()), "00001e848c0901020000");
        let s = g.snapshot();
        assert_eq!((s.wall_hi, s.wall_safe, s.drifts), (1000006, 1000005, 2));
    }

    #[test]
    fn fresh_generator_accessors() {
        let clock = ManualClock::new(units(77));
        let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 1], 0, 0)).unwrap();
        assert_eq!((g.sequence(), g.len(), g.cap()), (0, 0, 65536));
        let seqs: Vec<u16> = (0..3).map(|_| g.generate(0).unwrap().sequence()).collect();
        assert_eq!(seqs, [0, 1, 2]);
        assert_eq!((g.len(), g.sequence()), (3, 2));
    }

    #[test]
    fn bounds_sanitising_and_error_texts() {
        let clock = ManualClock::new(units(1));
        let mk = |min, max, seq| {
            SnoGenerator::from_snapshot(&clock, &GeneratorSnapshot { sequence: seq, ..snapshot([0, 0], min, max) })
        };
        let e = mk(2048, 0, 2047).unwrap_err();
        assert_eq!(
            e.to_string(),
            "sno: sno: current sequence underflows the given lower bound; min: 2048, sequence: 2047, max: 65535, pool: 63488"
        );
        let g = mk(65535, 0, 0).unwrap();
        assert_eq!((g.sequence_min(), g.sequence_max()), (0, 65535));
        let g = mk(100, 50, 0).unwrap();
        assert_eq!((g.sequence_min(), g.sequence_max(), g.cap()), (50, 100, 51));
        assert!(mk(0, 5, 0).is_ok());
        for max in [3, 4] {
            let e = mk(0, max, 0).unwrap_err();
            assert!(e.to_string().starts_with(
                "sno: sno: generators require a sequence pool with a capacity of at least 4; min: 0, sequence: 0, max:"
            ));
        }
        let e = mk(7, 7, 3).unwrap_err();
        assert_eq!(
            e.to_string(),
            "sno: sno: sequence bounds are identical - need a sequence pool with a capacity of at least 4; min: 7, sequence: 3, max: 7, pool: 1"
        );
    }

    #[test]
    fn snapshot_restore() {
        let clock = ManualClock::new(units(5000));
        let g = SnoGenerator::from_snapshot(&clock, &snapshot([22, 89], 0, 65535)).unwrap();
        for _ in 0..3 {
            g.generate(0).unwrap();
        }
        let s = g.snapshot();
        assert_eq!((s.sequence, s.now, s.wall_hi), (2, 5000, 5000));
        let restored = SnoGenerator::from_snapshot(&clock, &s).unwrap();
        assert_eq!(restored.generate(0).unwrap().sequence(), 3);
        let later = SnoGenerator::from_snapshot(&clock, &GeneratorSnapshot { sequence_min: 1024, sequence: 1500, ..s })
            .unwrap();
        clock.advance(UNIT);
        assert_eq!(later.generate(0).unwrap().sequence(), 1024);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn snapshot_json_uses_sno_field_names() {
        let json = r#"{"partition":[22,89],"sequenceMin":0,"sequenceMax":65535,"sequence":2,"now":133251798599,"wallHi":133251798599,"wallSafe":0,"drifts":0}"#;
        let s: GeneratorSnapshot = serde_json::from_str(json).unwrap();
        assert_eq!(s.partition, [22, 89]);
        assert_eq!(serde_json::to_string(&s).unwrap(), json);
    }

    #[test]
    fn overflow_waits_and_notifies() {
        let clock = ManualClock::new(units(100));
        let (tx, rx) = std::sync::mpsc::sync_channel(64);
        let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 0], 0, 5)).unwrap().with_overflow_subscriber(tx);
        let ids: Vec<Sno> = (0..60).map(|_| g.generate(0).unwrap()).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
        assert!(ids.iter().all(|id| id.sequence() <= 5));
        let distinct_units = {
            let mut u: Vec<u64> = ids.iter().map(Sno::units).collect();
            u.dedup();
            u.len()
        };
        assert_eq!(distinct_units, 10);
        let notices: Vec<SequenceOverflow> = rx.try_iter().collect();
        let stalled: Vec<u32> = notices.iter().filter(|n| n.count > 0).map(|n| n.ticks).collect();
        assert_eq!(&stalled[..4], &[1, 1, 1, 1], "each overflow is notified on its own first tick");
        assert!(notices.iter().any(|n| n.count == 0), "a final notice when nobody waits");
    }

    /// Each waited overflow counts its own ticks and is notified on its first tick.
    #[test]
    fn each_overflow_counts_its_own_ticks() {
        let clock = ManualClock::new(units(100));
        let (tx, rx) = std::sync::mpsc::sync_channel(64);
        let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 0], 0, 5)).unwrap().with_overflow_subscriber(tx);
        for round in 0..3 {
            for _ in 0..7 {
                g.generate(0).unwrap();
            }
            let notices: Vec<SequenceOverflow> = rx.try_iter().collect();
            assert_eq!(notices.first().map(|n| (n.count, n.ticks)), Some((1, 1)), "round {round}: {notices:?}");
            clock.advance(Duration::from_millis(40));
        }
    }

    /// The clock back at exactly the safe unit once waited 0 ms, and `sleep(0)` on a test
    /// clock never moved it: `generate` never returned.
    #[test]
    fn a_second_regression_onto_the_safe_unit_makes_progress() {
        let clock = Arc::new(ManualClock::new(units(100)));
        let g = SnoGenerator::from_snapshot(Arc::clone(&clock), &snapshot([0, 0], 0, 65535)).unwrap();
        let ids = within_seconds(20, {
            let clock = Arc::clone(&clock);
            move || {
                let a = g.generate(0).unwrap();
                clock.set(units(50));
                let b = g.generate(0).unwrap(); // first regression: tick flips, safe unit 100
                clock.set(units(120));
                let c = g.generate(0).unwrap();
                clock.set(units(100)); // back onto the safe unit: used time, must wait
                let d = g.generate(0).unwrap();
                [a, b, c, d]
            }
        });
        assert!(ids[3].units() > 100, "{ids:?}");
        let mut sorted = ids.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 4);
        assert!(clock.sleeps() > 0);
    }

    /// Runs `f` on its own thread and fails the test if it has not returned within `secs`
    /// (a hang detector, not a speed check: the bound is hundreds of times the work).
    fn within_seconds<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || tx.send(f()));
        rx.recv_timeout(Duration::from_secs(secs)).expect("the generator returned instead of hanging")
    }

    /// At the end of the layout there is no later unit to wait for: an error, not a spin; and
    /// clocks outside 2010..=2079 are refused instead of wrapping into other units.
    #[test]
    fn the_layout_ends_are_errors() {
        let last = unit_start(MAX_UNITS);
        let clock = Arc::new(ManualClock::new(last));
        let g = Arc::new(SnoGenerator::from_snapshot(Arc::clone(&clock), &snapshot([0, 0], 0, 5)).unwrap());
        let results = within_seconds(20, {
            let g = Arc::clone(&g);
            move || (0..7).map(|_| g.generate(0)).collect::<Vec<_>>()
        });
        assert!(results[..6].iter().all(Result::is_ok));
        assert!(matches!(results[6], Err(GenerateError::TimeOutOfRange { .. })), "{:?}", results[6]);
        clock.advance(UNIT);
        assert!(matches!(g.generate(0), Err(GenerateError::TimeOutOfRange { .. })));
        clock.set(t("2009-12-31T23:59:59Z"));
        assert!(matches!(g.generate(0), Err(GenerateError::TimeOutOfRange { .. })));
        clock.set(Timestamp::MAX);
        assert!(g.generate(0).is_err());
        assert_eq!(LATEST, last.checked_add(UNIT - Duration::from_nanos(1)).unwrap());
    }

    #[test]
    fn partitions_of_default_generators_follow_each_other() {
        let a = SnoGenerator::new().unwrap();
        let b = SnoGenerator::new().unwrap();
        assert_eq!(b.partition(), a.partition().wrapping_add(1));
    }

    #[test]
    fn concurrent_generation_has_no_duplicates() {
        let g = Arc::new(SnoGenerator::from_snapshot(CoarseClock, &snapshot([1, 1], 0, 65535)).unwrap());
        let threads: Vec<_> = (0..2)
            .map(|_| {
                let g = Arc::clone(&g);
                std::thread::spawn(move || {
                    let ids: Vec<Sno> =
                        (0..crate::test_budget::iterations(1_000_000, 100)).map(|_| g.generate(0).unwrap()).collect();
                    assert!(ids.windows(2).all(|w| w[0] < w[1]), "each thread's IDs increase");
                    ids
                })
            })
            .collect();
        let mut all: Vec<Sno> = threads.into_iter().flat_map(|t| t.join().unwrap()).collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }

    #[test]
    fn range_bounds_hold_the_ids_of_their_unit() {
        let id: Sno = "brpk4q72xwf2m63l".parse().unwrap();
        assert!(Sno::min_at(id.timestamp()) <= id && id <= Sno::max_at(id.timestamp()));
        assert_eq!(Sno::max_at(t("2200-01-01T00:00:00Z")).units(), MAX_UNITS);
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        #[test]
        fn layout_round_trip(u in 0..=MAX_UNITS, tick: bool, meta: u8, partition: u16, sequence: u16) {
            let id = Sno::from_parts(u, tick, meta, partition, sequence);
            proptest::prop_assert_eq!((id.units(), id.tick(), id.meta(), id.partition(), id.sequence()), (u, tick, meta, partition, sequence));
            proptest::prop_assert_eq!(id.to_string().parse::<Sno>().unwrap(), id);
            proptest::prop_assert_eq!(Sno::decode(&id.encode(Encoding::Hex).unwrap(), Encoding::Hex).unwrap(), id);
        }
    }
}
