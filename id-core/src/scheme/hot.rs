//! HotGuid: time-ordered GUIDs with a 4-byte shard key, byte-compatible with the .NET HotGuid
//! 1.0.x package.
//!
//! String (RFC) order: `TTTTTTTT-M1M0-PhM2-PlCh-CmClS0S1S2S3`: Unix seconds big-endian, three
//! bytes of MD5(host name), the process ID (high byte, low byte), a 24-bit counter shared by
//! every shard key, and the shard key **little-endian**. The value sorts by time (1 s
//! resolution) in byte order (PostgreSQL); for SQL Server store [`HotGuid::to_sql_guid`].
//!
//! The version and variant bits are not set (bytes 6 and 8 hold PID bytes), as in the original.

use super::{Encoding, Generate, IdBytes, Scheme, canonical_text, clamp_time, decode_uuid_like, encode_uuid_like};
use crate::clock::{Clock, CoarseClock};
use crate::codec::IdText;
use crate::error::{GenerateError, ParseError};
use crate::explicit::ExplicitSequence;
use crate::fence::Fence;
use crate::installed::Installed;
use crate::overflow::{OverflowWait, SequenceOverflow};
use crate::random::{OsRandom, RandomSource};
use crate::time::Timestamp;
use core::fmt;
use core::time::Duration;
use md5::{Digest, Md5};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex};
use uuid::Uuid;

/// `ToSqlGuid`: `sql[e] = guid[P[e]]` on .NET-order bytes.
const TO_SQL: [usize; 16] = [12, 13, 14, 15, 10, 11, 8, 9, 7, 6, 3, 2, 1, 0, 5, 4];
/// `ToGuid`: the inverse permutation.
const FROM_SQL: [usize; 16] = [13, 12, 11, 10, 15, 14, 9, 8, 6, 7, 4, 5, 0, 1, 2, 3];

fn permute_net(uuid: Uuid, map: &[usize; 16]) -> Uuid {
    let net = uuid.to_bytes_le();
    Uuid::from_bytes_le(map.map(|i| net[i]))
}

/// A HotGuid.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HotGuid([u8; 16]);

impl HotGuid {
    /// Assembles a HotGuid from its fields.
    pub fn from_parts(unix_seconds: u32, machine: [u8; 5], counter: u32, shard_key: u32) -> HotGuid {
        let mut net = [0u8; 16];
        net[0..4].copy_from_slice(&unix_seconds.to_le_bytes());
        net[4..9].copy_from_slice(&machine);
        net[9..12].copy_from_slice(&counter.to_be_bytes()[1..]);
        net[12..16].copy_from_slice(&shard_key.to_le_bytes());
        HotGuid(*Uuid::from_bytes_le(net).as_bytes())
    }

    /// The seconds HotGuid stores for `t`: .NET's `(uint)TotalSeconds`, truncating the double
    /// and wrapping modulo 2^32 (the documented, tested .NET 6 behaviour past 2106 and before 1970).
    ///
    /// Total for every `Timestamp`: the tick count is computed in 128 bits (exactly .NET's value
    /// wherever .NET's `DateTime` reaches) and the float-to-integer conversion saturates.
    pub fn seconds_of(t: Timestamp) -> u32 {
        let ticks = i128::from(t.unix_seconds()) * 10_000_000 + i128::from(t.subsec_nanos() / 100);
        ((ticks as f64 / 10_000_000.0) as i64) as u32
    }

    /// Wraps a GUID in HotGuid (Guid) order.
    pub const fn from_uuid(uuid: Uuid) -> HotGuid {
        HotGuid(*uuid.as_bytes())
    }

    /// The GUID.
    pub const fn uuid(&self) -> Uuid {
        Uuid::from_bytes(self.0)
    }

    /// `ExtractUnixTimestamp`.
    pub fn unix_seconds(&self) -> u32 {
        u32::from_be_bytes([self.0[0], self.0[1], self.0[2], self.0[3]])
    }

    /// `ExtractShardKey`.
    pub fn shard_key(&self) -> u32 {
        u32::from_le_bytes([self.0[12], self.0[13], self.0[14], self.0[15]])
    }

    /// The 24-bit counter.
    pub fn counter(&self) -> u32 {
        u32::from_be_bytes([0, self.0[9], self.0[10], self.0[11]])
    }

    /// The 5 machine bytes in .NET order (3 bytes of MD5, PID high, PID low).
    pub fn machine(&self) -> [u8; 5] {
        let net = self.uuid().to_bytes_le();
        [net[4], net[5], net[6], net[7], net[8]]
    }

    /// `ToSqlGuid()`: the permutation whose SQL Server order is this value's time order.
    pub fn to_sql_guid(&self) -> Uuid {
        permute_net(self.uuid(), &TO_SQL)
    }

    /// `ToGuid()`: back from the SQL-ordered form. Extract fields only after this.
    pub fn from_sql_guid(sql: Uuid) -> HotGuid {
        HotGuid::from_uuid(permute_net(sql, &FROM_SQL))
    }

    crate::scheme::fresh_constructors!("A new HotGuid for `shard_key`", "If the system clock is outside 1970 to 2106", (shard_key: u32) => shard_key);
}

impl fmt::Debug for HotGuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hot({self})")
    }
}

canonical_text!(HotGuid);

impl From<Uuid> for HotGuid {
    fn from(uuid: Uuid) -> Self {
        HotGuid::from_uuid(uuid)
    }
}

impl From<HotGuid> for Uuid {
    fn from(h: HotGuid) -> Uuid {
        h.uuid()
    }
}

impl crate::scheme::sealed::Sealed for HotGuid {}

crate::identity::storage_via_from!([] Uuid => HotGuid);

/// PostgreSQL `uuid`; SQLite 16 bytes.
impl crate::column::DbColumn for HotGuid {
    const POSTGRES: crate::column::Column = crate::column::Column::Uuid;
    const SQLITE: crate::column::Column = crate::column::Column::Bytes;

    fn to_db(&self, dialect: crate::column::Dialect) -> crate::column::DbValue {
        crate::column::guid_to_db(self.uuid(), dialect, false)
    }

    fn from_db(value: crate::column::DbValue) -> Result<Self, ParseError> {
        crate::column::guid_from_db::<Self>(value, false).map(HotGuid::from_uuid)
    }
}

impl crate::column::UuidColumn for HotGuid {}
impl crate::column::BinaryColumn for HotGuid {}

impl crate::scheme::describe::Describe for HotGuid {
    const INPUT: Option<&'static str> = Some("shard");

    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::{Integer, Text};
        vec![
            ("unix_seconds", Integer(self.unix_seconds().into())),
            ("counter", Integer(self.counter().into())),
            ("shard_key", Integer(self.shard_key().into())),
            ("sql_guid", Text(self.to_sql_guid().to_string())),
        ]
    }

    fn input(text: Option<&str>) -> Result<u32, crate::scheme::describe::OptionError> {
        text.map_or(Ok(0), |t| crate::scheme::describe::OptionError::parse("shard", t, "a u32 shard key"))
    }
}

/// A derived HotGuid type's own items: `new(shard_key)` and the fields.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_hot {
    ($ident:ident, $storage:ty) => {
        $crate::__derive_items! {
            $ident, $storage;
            new(shard_key: u32) => shard_key;
            storage infallible;
            accessors {
                /// The 4-byte shard key.
                shard_key -> u32;
                /// The embedded Unix seconds.
                unix_seconds -> u32;
                /// The 24-bit per-process counter.
                counter -> u32;
            }
        }
    };
}

impl Scheme for HotGuid {
    crate::scheme::text_forms!(uuid, hex, base62);

    const NAME: &'static str = "hot";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    const BYTE_LEN: usize = 16;
    type Input = u32;
    type Generator = HotGuidGenerator;

    fn default_generator() -> &'static HotGuidGenerator {
        DEFAULT_GENERATOR.get_or_init(HotGuidGenerator::new)
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Timestamp::new(i64::from(self.unix_seconds()), 0)
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.0)
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        bytes.try_into().map(HotGuid).map_err(|_| ParseError::bytes(16, bytes.len()))
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        encode_uuid_like(&self.0, encoding)
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        decode_uuid_like(text, encoding).map(HotGuid)
    }

    fn min_at(t: Timestamp) -> Self {
        let t = clamp_time(t, Timestamp::UNIX_EPOCH, Timestamp::new(u32::MAX.into(), 0));
        let mut b = [0u8; 16];
        b[..4].copy_from_slice(&(t.unix_seconds() as u32).to_be_bytes());
        HotGuid(b)
    }

    fn max_at(t: Timestamp) -> Self {
        let t = clamp_time(t, Timestamp::UNIX_EPOCH, Timestamp::new(u32::MAX.into(), 0));
        let mut b = [0xFFu8; 16];
        b[..4].copy_from_slice(&(t.unix_seconds() as u32).to_be_bytes());
        HotGuid(b)
    }
}

/// The 5 machine bytes HotGuid derives: MD5 of the host name (cut at the first '.')[0..3],
/// then the low 16 bits of the process ID, big-endian.
pub fn machine_bytes(host_name: &str, pid: u32) -> [u8; 5] {
    let short = host_name.split('.').next().unwrap_or_default();
    let digest = Md5::digest(short.as_bytes());
    [digest[0], digest[1], digest[2], (pid >> 8) as u8, pid as u8]
}

/// The machine bytes a process uses by default: the original's derivation from a name and the
/// PID, except in a container's first process (PID 1 everywhere, so the PID bytes tell nothing
/// apart), where all 5 bytes come from the name's MD5: 40 bits of the pod's identity instead of
/// 24. The name is `IDCRAFT_HOT_MACHINE` if set (a configured identity), else `HOSTNAME` (the
/// pod name under Kubernetes), else the host name.
///
/// On WebAssembly there is no process ID (std's lookup panics) and, in a browser, no host
/// name: every tab would share one identity. There the bytes are `IDCRAFT_HOT_MACHINE`'s MD5
/// if set (as for a container's first process), else 5 random bytes from [`OsRandom`], drawn
/// at each call (the default generator calls it once): two of n live generators share bytes
/// with a probability of about n²/2^41.
pub fn default_machine_bytes() -> [u8; 5] {
    #[cfg(target_family = "wasm")]
    {
        if let Ok(name) = std::env::var("IDCRAFT_HOT_MACHINE") {
            return process_machine_bytes(&name, 1);
        }
        let mut bytes = [0u8; 5];
        OsRandom.fill_bytes(&mut bytes);
        bytes
    }
    #[cfg(not(target_family = "wasm"))]
    let name = std::env::var("IDCRAFT_HOT_MACHINE")
        .or_else(|_| std::env::var("HOSTNAME"))
        .unwrap_or_else(|_| crate::host::host_name());
    #[cfg(not(target_family = "wasm"))]
    process_machine_bytes(&name, std::process::id())
}

/// [`default_machine_bytes`] for a given identity and PID.
pub fn process_machine_bytes(name: &str, pid: u32) -> [u8; 5] {
    if pid != 1 {
        return machine_bytes(name, pid);
    }
    let digest = Md5::digest(name.as_bytes());
    [digest[0], digest[1], digest[2], digest[3], digest[4]]
}

/// Makes HotGuids: one 24-bit counter for every shard key, seeded in `0..500_000` and never
/// reset, as the original.
///
/// Unlike the original, the counter never wraps onto a value already used in the same second:
/// after 2^24 IDs in one second, callers wait for the next second (and an overflow subscriber
/// hears about it, as with sno). The embedded second never goes back: a clock that regresses
/// keeps using the last second's counter budget. Clocks outside 1970 to 2106 (where the
/// 32-bit seconds would wrap) are an error.
pub struct HotGuidGenerator<C: Clock = CoarseClock> {
    clock: C,
    machine: [u8; 5],
    state: Mutex<CounterState>,
    /// For [`HotGuidGenerator::generate_at`], whose uniqueness is the caller's: it must not
    /// use up or disturb the clock path's budget.
    explicit_counter: AtomicU32,
    /// The per-second count of [`Generate::generate_at`], whose counters start after `seed`.
    explicit: ExplicitSequence,
    seed: u32,
    overflow: OverflowWait,
    fence: Option<Arc<dyn Fence>>,
}

/// The clock path's state: the second of the last ID, its counter, and the counter of the
/// second's first ID (reaching it again would repeat a value).
#[derive(Debug)]
struct CounterState {
    second: Option<u32>,
    counter: u32,
    first_of_second: u32,
}

const COUNTER_MASK: u32 = 0xFF_FFFF;
static DEFAULT_GENERATOR: Installed<HotGuidGenerator> = Installed::new();

/// Makes `generator` the one [`HotGuid::new`] and derived types' `new()` use (e.g. one on
/// leased machine bytes). Once, at start-up, before the first ID; afterwards `generator` is
/// handed back as the error ([`replace_default`] swaps it later).
#[allow(clippy::result_large_err)] // hands the generator back by value, as `OnceLock::set` does
pub fn install_default(generator: HotGuidGenerator) -> Result<(), HotGuidGenerator> {
    DEFAULT_GENERATOR.install(generator).map(drop)
}

/// Makes `generator` the default whatever was installed before (see
/// [`sno::replace_default`](super::sno::replace_default)).
pub fn replace_default(generator: HotGuidGenerator) {
    DEFAULT_GENERATOR.replace(generator);
}

/// The last instant whose seconds fit the layout's 32 bits.
const LATEST: Timestamp = Timestamp::new(u32::MAX as i64, 999_999_999);

impl HotGuidGenerator {
    /// This host's and process's generator on the coarse system clock (HotGuid's unit is 1 s),
    /// on [`default_machine_bytes`].
    pub fn new() -> Self {
        Self::with(CoarseClock, default_machine_bytes(), &OsRandom)
    }
}

impl Default for HotGuidGenerator {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Clock> HotGuidGenerator<C> {
    /// A generator with explicit machine bytes (containers share host names and PIDs: give
    /// each replica its own bytes, e.g. [`machine_bytes`] of the pod name).
    pub fn with(clock: C, machine: [u8; 5], random: &dyn RandomSource) -> Self {
        let seed = (random.next_u64() % 500_000) as u32;
        HotGuidGenerator {
            clock,
            machine,
            state: Mutex::new(CounterState { second: None, counter: seed, first_of_second: seed }),
            explicit_counter: AtomicU32::new(seed),
            explicit: ExplicitSequence::default(),
            seed,
            overflow: OverflowWait::default(),
            fence: None,
        }
    }

    /// Asks `fence` before returning each ID from [`Generate::generate`], and returns its error
    /// instead of the ID when the machine bytes are no longer this process's (see
    /// [`SnoGenerator::with_fence`](super::sno::SnoGenerator::with_fence)).
    pub fn with_fence(mut self, fence: Arc<dyn Fence>) -> Self {
        self.fence = Some(fence);
        self
    }

    /// Sends a notice to `subscriber` while callers wait for the next second (without ever
    /// blocking on it).
    pub fn with_overflow_subscriber(mut self, subscriber: SyncSender<SequenceOverflow>) -> Self {
        self.overflow.set_subscriber(subscriber);
        self
    }

    /// The machine bytes in use.
    pub fn machine(&self) -> [u8; 5] {
        self.machine
    }

    /// The original's `NewGuid(shardKey, dateTime)` exactly: .NET's seconds arithmetic, which
    /// wraps outside 1970 to 2106 ([`Generate::generate_at`] is the checked form). Never
    /// waits; uniqueness is the caller's.
    pub fn generate_at_wrapping(&self, shard_key: u32, t: Timestamp) -> HotGuid {
        let counter = self.explicit_counter.fetch_add(1, Ordering::Relaxed).wrapping_add(1) & COUNTER_MASK;
        HotGuid::from_parts(HotGuid::seconds_of(t), self.machine, counter, shard_key)
    }

    /// The former name of [`Generate::generate_at`].
    #[deprecated(since = "0.2.0", note = "use `Generate::generate_at`")]
    pub fn try_generate_at(&self, shard_key: u32, t: Timestamp) -> Result<HotGuid, GenerateError> {
        Generate::generate_at(self, shard_key, t)
    }

    /// The layout's seconds of `t`: 1970 to [`LATEST`] are exactly the seconds that fit `u32`.
    fn checked_seconds(t: Timestamp) -> Result<u32, GenerateError> {
        u32::try_from(t.unix_seconds()).map_err(|_| out_of_range(t))
    }

    /// Every counter of the last second is used: wait until the clock is past it.
    #[cold]
    #[inline(never)]
    fn wait_for_next_second(&self) {
        let full = self.state.lock().unwrap_or_else(|e| e.into_inner()).second;
        self.overflow.wait_while(&self.clock, || self.clock.now_precise().unix_seconds() <= full.map_or(-1, i64::from));
    }

    /// The next `(second, counter)`, or `None` when the last second's 2^24 counters are used
    /// and the clock (read precisely) has not moved past it yet.
    fn next(&self) -> Result<Option<(u32, u32)>, GenerateError> {
        let second = Self::checked_seconds(self.clock.now())?;
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let later = |state: &mut CounterState, second: u32| {
            let counter = (state.counter + 1) & COUNTER_MASK;
            *state = CounterState { second: Some(second), counter, first_of_second: counter };
            Some((second, counter))
        };
        let Some(last) = state.second.filter(|&last| last >= second) else {
            return Ok(later(&mut state, second));
        };
        let counter = (state.counter + 1) & COUNTER_MASK;
        if counter != state.first_of_second {
            state.counter = counter;
            return Ok(Some((last, counter)));
        }
        // Every counter of `last` is used: only a later second will do. The coarse clock may
        // lag; the precise one decides.
        let precise = Self::checked_seconds(self.clock.now_precise())?;
        if precise > last {
            return Ok(later(&mut state, precise));
        }
        if last == u32::MAX {
            // The next second, the only one that could take more IDs, is past the layout.
            return Err(out_of_range(Timestamp::new(i64::from(u32::MAX) + 1, 0)));
        }
        Ok(None)
    }
}

#[cold]
#[inline(never)]
fn out_of_range(time: Timestamp) -> GenerateError {
    GenerateError::TimeOutOfRange { scheme: HotGuid::NAME, time, earliest: Timestamp::UNIX_EPOCH, latest: LATEST }
}

impl<C: Clock> Generate<HotGuid> for HotGuidGenerator<C> {
    #[inline]
    fn generate(&self, shard_key: u32) -> Result<HotGuid, GenerateError> {
        loop {
            if let Some((second, counter)) = self.next()? {
                if let Some(fence) = &self.fence {
                    fence.check(Timestamp::new(i64::from(second), 0))?;
                }
                return Ok(HotGuid::from_parts(second, self.machine, counter, shard_key));
            }
            self.wait_for_next_second();
        }
    }

    /// `NewGuid(shardKey, dateTime)` for the instants the layout holds (1970 to 2106), with the
    /// next of the second's 2^24 counters at explicit instants. Never waits: an error once the
    /// second's counters are used up or for an instant in an earlier second than one already
    /// used ([`GenerateError::SequenceExhausted`], [`GenerateError::InstantBehind`]), never a
    /// repeat. The original's wrapping counter is
    /// [`generate_at_wrapping`](HotGuidGenerator::generate_at_wrapping).
    fn generate_at(&self, shard_key: u32, t: Timestamp) -> Result<HotGuid, GenerateError> {
        let second = Self::checked_seconds(t)?;
        let n = self.explicit.next(HotGuid::NAME, u64::from(second), t, COUNTER_MASK + 1)?;
        let counter = self.seed.wrapping_add(1).wrapping_add(n) & COUNTER_MASK;
        Ok(HotGuid::from_parts(second, self.machine, counter, shard_key))
    }
}

impl<C: Clock + fmt::Debug> fmt::Debug for HotGuidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HotGuidGenerator")
            .field("clock", &self.clock)
            .field("machine", &self.machine)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::codec::guid::sql_server_cmp;
    use crate::random::FixedRandom;

    fn u(s: &str) -> Uuid {
        Uuid::parse_str(s).unwrap()
    }

    const MACHINE: [u8; 5] = [0x11, 0x22, 0x33, 0x44, 0x55];

    #[test]
    fn vectors() {
        type Row = (u32, [u8; 5], u32, u32, &'static str, &'static str, &'static str);
        let rows: [Row; 5] = [
            (
                0x7fffffff,
                MACHINE,
                1,
                208,
                "ffffff7f1122334455000001d0000000",
                "7fffffff-2211-4433-5500-0001d0000000",
                "000000d0-0100-0055-4433-7fffffff2211",
            ),
            (
                0xffffffff,
                MACHINE,
                0xffffff,
                u32::MAX,
                "ffffffff1122334455ffffffffffffff",
                "ffffffff-2211-4433-55ff-ffffffffffff",
                "ffffffff-ffff-ff55-4433-ffffffff2211",
            ),
            (
                0,
                MACHINE,
                0,
                0,
                "00000000112233445500000000000000",
                "00000000-2211-4433-5500-000000000000",
                "00000000-0000-0055-4433-000000002211",
            ),
            (
                1644176770,
                [0x42, 0x1a, 0xa9, 0x30, 0x39],
                500000,
                65535,
                "82250062421aa9303907a120ffff0000",
                "62002582-1a42-30a9-3907-a120ffff0000",
                "0000ffff-20a1-0739-30a9-620025821a42",
            ),
            (
                1644176770,
                [0x42, 0x1a, 0xa9, 0x30, 0x39],
                500001,
                32465535,
                "82250062421aa9303907a1217f62ef01",
                "62002582-1a42-30a9-3907-a1217f62ef01",
                "01ef627f-21a1-0739-30a9-620025821a42",
            ),
        ];
        for (secs, machine, counter, shard, net, guid, sql) in rows {
            let h = HotGuid::from_parts(secs, machine, counter, shard);
            assert_eq!(crate::codec::hex::encode_lower(&h.uuid().to_bytes_le()), net);
            assert_eq!(h.to_string(), guid);
            assert_eq!(h.to_sql_guid().to_string(), sql);
            assert_eq!(HotGuid::from_sql_guid(u(sql)), h);
            assert_eq!((h.shard_key(), h.unix_seconds(), h.counter(), h.machine()), (shard, secs, counter, machine));
        }
        // On the SQL form, ExtractUnixTimestamp returns the shard key (call from_sql_guid first).
        let sql_form = HotGuid::from_uuid(u("000000d0-0100-0055-4433-7fffffff2211"));
        assert_eq!(sql_form.unix_seconds(), 208);
        assert_eq!(sql_form.shard_key(), 287506431);
    }

    #[test]
    fn containers_get_five_bytes_of_their_identity() {
        // Two pods, both PID 1: the original's bytes differ in 3 bytes only; ours in all 5.
        let (a, b) = (process_machine_bytes("orders-7d9f8-x2x7q", 1), process_machine_bytes("orders-7d9f8-k4m2p", 1));
        assert_ne!(a, b);
        assert_ne!(a[3..], [0, 1], "not the PID bytes of PID 1");
        assert_eq!(
            process_machine_bytes("localhost", 12345),
            machine_bytes("localhost", 12345),
            "outside containers: as the original"
        );
        let md5 = Md5::digest(b"orders-7d9f8-x2x7q");
        assert_eq!(a, [md5[0], md5[1], md5[2], md5[3], md5[4]]);
    }

    #[test]
    fn machine_bytes_of_localhost() {
        assert_eq!(machine_bytes("localhost", 12345), [0x42, 0x1a, 0xa9, 0x30, 0x39]);
        assert_eq!(machine_bytes("localhost.localdomain", 12345), [0x42, 0x1a, 0xa9, 0x30, 0x39]);
    }

    #[test]
    fn seconds_step_over_2038_and_wrap_after_2106() {
        let s = |t: &str| HotGuid::seconds_of(t.parse().unwrap());
        assert_eq!(s("2038-01-19T03:14:06Z"), 2147483646);
        assert_eq!(s("2038-01-19T03:14:07Z"), 2147483647);
        assert_eq!(s("2038-01-19T03:14:08Z"), 2147483648);
        assert_eq!(s("2038-01-19T03:14:09Z"), 2147483649);
        assert_eq!(s("2106-02-07T06:28:14Z"), 4294967294);
        assert_eq!(s("2106-02-07T06:28:15Z"), 4294967295);
        assert_eq!(s("2106-02-07T06:28:16Z"), 0);
        assert_eq!(s("2106-02-07T06:28:17Z"), 1);
        assert_eq!(s("1969-12-31T23:59:59Z"), u32::MAX);
    }

    #[test]
    fn sorted_guid_lists_map_onto_each_other() {
        let sql_list = crate::codec::guid::SORTED_SQL_GUIDS;
        let guids: Vec<HotGuid> = sql_list.iter().map(|s| HotGuid::from_sql_guid(u(s))).collect();
        for w in guids.windows(2) {
            assert!(w[0] < w[1], "Guid order");
        }
        for (g, s) in guids.iter().zip(sql_list) {
            assert_eq!(g.to_sql_guid(), u(s));
        }
    }

    #[test]
    fn generated_values_sort_in_both_databases() {
        for shard in [0u32, 1, 208, 65535, 32465535, u32::MAX] {
            let clock = ManualClock::new("2022-02-06T19:46:10Z".parse().unwrap());
            let generator = HotGuidGenerator::with(&clock, MACHINE, &FixedRandom(0));
            let ids: Vec<HotGuid> = (0..25)
                .map(|i| {
                    if i % 10 == 9 {
                        clock.advance(core::time::Duration::from_secs(1));
                    }
                    generator.generate(shard).unwrap()
                })
                .collect();
            for w in ids.windows(2) {
                assert!(w[0] < w[1]);
                let (a, b) = (w[0].to_sql_guid(), w[1].to_sql_guid());
                assert_eq!(sql_server_cmp(a.as_bytes(), b.as_bytes()), core::cmp::Ordering::Less);
                assert_eq!(HotGuid::from_sql_guid(a), w[0]);
            }
            assert!(ids.iter().all(|h| h.shard_key() == shard && h.unix_seconds() >= 1644176770));
            assert_eq!(ids[0].counter(), 1, "the first ID uses seed + 1");
        }
    }

    /// The counter used to wrap with no wait: past 2^24 IDs in one second it repeated values.
    /// Now the 2^24th ID of a second is the last one; the next waits for the next second.
    #[test]
    #[cfg_attr(miri, ignore = "exhausts the 24-bit counter: 16 million IDs, days under Miri (safe code)")]
    fn a_full_second_waits_for_the_next_one() {
        let start: Timestamp = "2022-02-06T19:46:10.250Z".parse().unwrap();
        let clock = ManualClock::new(start);
        let (tx, rx) = std::sync::mpsc::sync_channel(1024);
        let generator = HotGuidGenerator::with(&clock, MACHINE, &FixedRandom(7)).with_overflow_subscriber(tx);
        let first = generator.generate(5).unwrap();
        let mut last = first;
        for _ in 1..1u32 << 24 {
            let id = generator.generate(5).unwrap();
            assert_eq!(id.unix_seconds(), first.unix_seconds());
            last = id;
        }
        assert_eq!(last.counter(), (first.counter() + COUNTER_MASK) & COUNTER_MASK, "every counter used once");
        assert_eq!(clock.sleeps(), 0);
        let next = generator.generate(5).unwrap();
        assert_eq!(next.unix_seconds(), first.unix_seconds() + 1, "waited for the next second");
        assert!(next > last);
        assert!(clock.now() >= Timestamp::new(i64::from(next.unix_seconds()), 0));
        let notices: Vec<SequenceOverflow> = rx.try_iter().collect();
        assert_eq!(notices.first().map(|n| (n.count, n.ticks)), Some((1, 1)), "{notices:?}");
        assert_eq!(notices.last().map(|n| n.count), Some(0));
    }

    /// A clock that goes back keeps the last second (IDs keep increasing); clocks outside the
    /// layout are refused, and the last second's budget ends in an error, not a wait.
    #[test]
    #[cfg_attr(miri, ignore = "exhausts the 24-bit counter: 16 million IDs, days under Miri (safe code)")]
    fn regressions_and_layout_ends() {
        let clock = ManualClock::new("2022-02-06T19:46:10Z".parse().unwrap());
        let generator = HotGuidGenerator::with(&clock, MACHINE, &FixedRandom(0));
        let a = generator.generate(1).unwrap();
        clock.rewind(Duration::from_secs(3600));
        let b = generator.generate(1).unwrap();
        assert!(b > a && b.unix_seconds() == a.unix_seconds());
        for t in [Timestamp::new(-1, 0), Timestamp::new(1 << 32, 0), Timestamp::MAX, Timestamp::MIN] {
            clock.set(t);
            assert!(matches!(generator.generate(1), Err(GenerateError::TimeOutOfRange { .. })), "{t}");
        }
        let clock = ManualClock::new(Timestamp::new(u32::MAX.into(), 0));
        let generator = HotGuidGenerator::with(&clock, MACHINE, &FixedRandom(0));
        for _ in 0..1u32 << 24 {
            generator.generate(1).unwrap();
        }
        assert!(matches!(generator.generate(1), Err(GenerateError::TimeOutOfRange { .. })));
        assert_eq!(HotGuid::seconds_of(Timestamp::MAX), u32::MAX, "saturates, no overflow");
        assert_eq!(HotGuid::seconds_of(Timestamp::MIN), 0);
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        #[test]
        fn fields_round_trip(secs: u32, machine: [u8; 5], counter in 0u32..1 << 24, shard: u32) {
            let h = HotGuid::from_parts(secs, machine, counter, shard);
            proptest::prop_assert_eq!((h.unix_seconds(), h.machine(), h.counter(), h.shard_key()), (secs, machine, counter, shard));
            proptest::prop_assert_eq!(HotGuid::from_sql_guid(h.to_sql_guid()), h);
            proptest::prop_assert_eq!(h.to_string().parse::<HotGuid>().unwrap(), h);
        }
    }
}
