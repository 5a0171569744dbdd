//! k-ordered IDs of Erlang's `uid` (fogfish/uid 1.3.5): 64-bit local and 96-bit global.
//!
//! Local, 8 bytes big-endian: `megaseconds (20) | seconds (20) | microseconds >> 10 (10) |
//! sequence (14)`. The time resolution is 1024 µs; the sequence is the low 14 bits of a
//! process-wide counter that is never reset per tick.
//!
//! Global, 12 bytes: the node's 32-bit hash is inserted inside the seconds, after the top
//! `20 − I` bits, where `I` is the neighbourhood interval (default 8, valid 5..=10): within a
//! window of 2^I seconds the node outranks time. The bytes do not say which `I` made them.
//!
//! Deliberate differences from uid, each a fix: an interval outside 5..=10 is an error (uid
//! loops forever), the default generator is strictly increasing (uid wraps its 14-bit sequence
//! inside one tick and breaks its own order: here the generator waits for the next tick), and
//! text with characters outside the alphabet is an error (uid crashes).

use super::{Encoding, Generate, IdBytes, Scheme, canonical_text, clamp_time, unsupported};
use crate::clock::{Clock, CoarseClock};
use crate::codec::base64::{self, Flavour};
use crate::codec::{IdText, base62, decimal, hex};
use crate::error::{GenerateError, ParseError};
use crate::fence::Fence;
use crate::time::Timestamp;
use core::fmt;
use core::time::Duration;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

const SEQ_MASK: u64 = 0x3FFF;
const FIELD20: u64 = (1 << 20) - 1;

/// uid's time: `{Mega, Sec, Micro}` with the microseconds' low 10 bits cleared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UidTime {
    /// Megaseconds since 1970 (20 bits).
    pub mega: u32,
    /// Seconds within the megasecond.
    pub secs: u32,
    /// Microseconds within the second, a multiple of 1024.
    pub micros: u32,
}

impl UidTime {
    /// uid's `t()` of an instant (times before 1970 clamp to 1970).
    pub fn of(t: Timestamp) -> UidTime {
        let s = t.unix_seconds().max(0) as u64;
        let micros = if t.unix_seconds() < 0 { 0 } else { t.subsec_nanos() / 1000 };
        UidTime { mega: (s / 1_000_000) as u32, secs: (s % 1_000_000) as u32, micros: micros & 0xFFC00 }
    }

    /// The instant.
    pub fn timestamp(self) -> Timestamp {
        Timestamp::new(i64::from(self.mega) * 1_000_000 + i64::from(self.secs), self.micros * 1000)
    }

    /// uid's `t/1`: milliseconds since 1970.
    pub fn unix_millis(self) -> i64 {
        (i64::from(self.mega) * 1_000_000 + i64::from(self.secs)) * 1000 + i64::from(self.micros / 1000)
    }

    /// The linear tick count (`seconds · 1024 + micros / 1024`): one per 1024 µs slot.
    fn tick(self) -> u64 {
        (u64::from(self.mega) * 1_000_000 + u64::from(self.secs)) << 10 | u64::from(self.micros >> 10)
    }
}

/// A local 64-bit uid.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Uid64(u64);

impl Uid64 {
    /// Encodes `{uid, {Mega, Sec, Micro}, Seq}` as uid does: fields truncated to their widths
    /// (the megaseconds to 20 bits, the sequence to 14, the microseconds' low 10 bits dropped).
    pub const fn from_parts(mega: u32, secs: u32, micros: u32, seq: u32) -> Uid64 {
        Uid64(
            (mega as u64 & FIELD20) << 44
                | (secs as u64 & FIELD20) << 24
                | ((micros as u64 >> 10) & 0x3FF) << 14
                | (seq as u64 & SEQ_MASK),
        )
    }

    /// Wraps the 64-bit value.
    pub const fn from_u64(v: u64) -> Uid64 {
        Uid64(v)
    }

    /// The 64-bit value.
    pub const fn value(&self) -> u64 {
        self.0
    }

    /// The time fields.
    pub const fn time(&self) -> UidTime {
        UidTime {
            mega: (self.0 >> 44) as u32,
            secs: ((self.0 >> 24) & FIELD20) as u32,
            micros: (((self.0 >> 14) & 0x3FF) << 10) as u32,
        }
    }

    /// The 14-bit sequence.
    pub const fn seq(&self) -> u32 {
        (self.0 & SEQ_MASK) as u32
    }

    /// uid's `t/1`.
    pub fn unix_millis(&self) -> i64 {
        self.time().unix_millis()
    }

    /// uid's `g/1`: this ID attached to a node.
    pub const fn to_global(self, node: u32) -> GlobalUid {
        GlobalUid { local: self, node }
    }

    /// uid's `d/2`: the time and sequence difference `self − other`.
    pub fn diff(&self, other: &Uid64) -> UidDiff {
        let micros = |u: &Uid64| u.time().timestamp().unix_micros();
        UidDiff { micros: micros(self) - micros(other), seq: self.seq() as i32 - other.seq() as i32 }
    }

    /// A new ID from the process-wide generator (or the innermost scope).
    pub fn now() -> Uid64 {
        crate::scope::generate_default::<Uid64>(()).expect("system clock before 1970")
    }
}

/// uid's `d/2` result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UidDiff {
    /// The time difference in microseconds.
    pub micros: i64,
    /// The sequence difference.
    pub seq: i32,
}

impl UidDiff {
    /// The time difference as uid prints it, `{Mega, Sec, Micro}`.
    pub fn parts(&self) -> (i64, i64, i64) {
        (self.micros / 1_000_000_000_000, self.micros / 1_000_000 % 1_000_000, self.micros % 1_000_000)
    }
}

/// The neighbourhood interval `I` of global IDs: 5..=10, default 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Interval(u8);

/// An interval outside 5..=10 (uid's `encode/2` never returns for those).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntervalError(pub u8);

impl fmt::Display for IntervalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "uid neighbourhood interval must be 5..=10, got {}", self.0)
    }
}

impl std::error::Error for IntervalError {}

impl Interval {
    /// uid's default, 8 (256 s windows, the node byte-aligned at bytes 4..8).
    pub const DEFAULT: Interval = Interval(8);

    /// Checks `bits`.
    pub const fn new(bits: u8) -> Result<Interval, IntervalError> {
        if bits >= 5 && bits <= 10 { Ok(Interval(bits)) } else { Err(IntervalError(bits)) }
    }

    /// The number of bits.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

impl Default for Interval {
    fn default() -> Self {
        Interval::DEFAULT
    }
}

/// A global uid as fields: the local ID and the node hash. Its bytes depend on the interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GlobalUid {
    /// Time and sequence.
    pub local: Uid64,
    /// The node's 32-bit hash (see [`node_hash`]).
    pub node: u32,
}

impl GlobalUid {
    /// The 12 bytes for interval `i`.
    pub fn to_bytes(&self, i: Interval) -> [u8; 12] {
        let i = u32::from(i.0);
        let t = self.local.time();
        let (a, b) = (u128::from(t.mega) & FIELD20 as u128, u128::from(t.secs) & FIELD20 as u128);
        let v = a << 76
            | (b >> i) << (56 + i)
            | u128::from(self.node) << (24 + i)
            | (b & ((1 << i) - 1)) << 24
            | u128::from((self.local.0 >> 14) & 0x3FF) << 14
            | u128::from(self.local.seq());
        v.to_be_bytes()[4..].try_into().expect("12 bytes")
    }

    /// Reads 12 bytes made with interval `i`.
    pub fn from_bytes(bytes: &[u8; 12], i: Interval) -> GlobalUid {
        let mut full = [0u8; 16];
        full[4..].copy_from_slice(bytes);
        let v = u128::from_be_bytes(full);
        let i = u32::from(i.0);
        let a = (v >> 76) as u32 & FIELD20 as u32;
        let b0 = (v >> (56 + i)) as u32 & ((1 << (20 - i)) - 1);
        let node = (v >> (24 + i)) as u32;
        let b1 = (v >> 24) as u32 & ((1 << i) - 1);
        let c10 = (v >> 14) as u32 & 0x3FF;
        let local = Uid64::from_parts(a, b0 << i | b1, c10 << 10, (v & SEQ_MASK as u128) as u32);
        GlobalUid { local, node }
    }
}

/// uid 1.3.5's node hash, `erlang:phash2(Node, 2^32)` of a node-name atom: hashpjw over the
/// name's UTF-8 bytes, a two-byte sequence that encodes a Latin-1 character folded to that byte.
pub fn node_hash(name: &str) -> u32 {
    let bytes = name.as_bytes();
    let mut h: u32 = 0;
    let mut i = 0;
    while i < bytes.len() {
        let mut b = bytes[i];
        if (b == 0xC2 || b == 0xC3) && i + 1 < bytes.len() {
            b = (b & 0x03) << 6 | bytes[i + 1] & 0x3F;
            i += 1;
        }
        h = (h << 4).wrapping_add(u32::from(b));
        let g = h & 0xF000_0000;
        if g != 0 {
            h ^= g >> 24;
            h ^= g;
        }
        i += 1;
    }
    h
}

/// The node hash of uid ≤ 1.3.4 (`erlang:phash`): [`node_hash`] + 1. IDs in most deployed
/// systems (and the 1.3.3 README's vectors) use this one.
pub fn node_hash_legacy(name: &str) -> u32 {
    node_hash(name) + 1
}

/// A global uid with the default interval 8, the `uid96` scheme.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Uid96([u8; 12]);

impl Uid96 {
    /// From fields.
    pub fn from_global(g: GlobalUid) -> Uid96 {
        Uid96(g.to_bytes(Interval::DEFAULT))
    }

    /// The fields.
    pub fn global(&self) -> GlobalUid {
        GlobalUid::from_bytes(&self.0, Interval::DEFAULT)
    }

    /// The 12 bytes.
    pub const fn to_array(&self) -> [u8; 12] {
        self.0
    }

    /// Wraps 12 bytes.
    pub const fn from_array(b: [u8; 12]) -> Uid96 {
        Uid96(b)
    }

    /// The node hash.
    pub fn node(&self) -> u32 {
        self.global().node
    }

    /// The sequence.
    pub fn seq(&self) -> u32 {
        self.global().local.seq()
    }

    /// The interval this type encodes with (always the default, 8).
    pub const fn interval(&self) -> u8 {
        Interval::DEFAULT.0
    }

    /// A new ID from the process-wide generator (or the innermost scope).
    pub fn now() -> Uid96 {
        crate::scope::generate_default::<Uid96>(None).expect("system clock before 1970")
    }
}

impl fmt::Debug for Uid64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "uid64({self})")
    }
}

impl fmt::Debug for Uid96 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "uid96({self})")
    }
}

canonical_text!(Uid64);
canonical_text!(Uid96);

impl From<u64> for Uid64 {
    fn from(v: u64) -> Self {
        Uid64(v)
    }
}

impl From<Uid64> for u64 {
    fn from(u: Uid64) -> u64 {
        u.0
    }
}

impl From<[u8; 12]> for Uid96 {
    fn from(b: [u8; 12]) -> Self {
        Uid96(b)
    }
}

impl From<Uid96> for [u8; 12] {
    fn from(u: Uid96) -> [u8; 12] {
        u.0
    }
}

fn decode_base64<const N: usize>(text: &str, flavour: Flavour) -> Result<[u8; N], ParseError> {
    let mut b = [0u8; N];
    base64::decode_into(text, flavour, &mut b)?;
    Ok(b)
}

impl Scheme for Uid64 {
    const NAME: &'static str = "uid64";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    const BYTE_LEN: usize = 8;
    type Input = ();
    type Generator = UidGenerator;

    fn default_generator() -> &'static UidGenerator {
        default_local()
    }

    fn timestamp(&self) -> Timestamp {
        self.time().timestamp()
    }

    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.0.to_be_bytes())
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        bytes.try_into().map(|b| Uid64(u64::from_be_bytes(b))).map_err(|_| ParseError::bytes(8, bytes.len()))
    }

    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Base64 => Some(base64::encode(&self.0.to_be_bytes(), Flavour::Ordered)),
            Encoding::Base64Url => Some(base64::encode(&self.0.to_be_bytes(), Flavour::UrlSafe)),
            Encoding::Hex => Some(hex::encode_upper(&self.0.to_be_bytes())),
            Encoding::Base62 => Some(IdText::from_ascii(&base62::encode_u64(self.0))),
            Encoding::Decimal => Some(decimal::to_digits(self.0.into())),
            _ => None,
        }
    }

    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        match encoding {
            Encoding::Canonical | Encoding::Base64 => {
                decode_base64::<8>(text, Flavour::Ordered).map(|b| Uid64(u64::from_be_bytes(b)))
            }
            Encoding::Base64Url => decode_base64::<8>(text, Flavour::UrlSafe).map(|b| Uid64(u64::from_be_bytes(b))),
            Encoding::Hex => {
                let mut b = [0u8; 8];
                hex::decode_into(text, &mut b)?;
                Ok(Uid64(u64::from_be_bytes(b)))
            }
            Encoding::Base62 => base62::decode_u64(text).map(Uid64),
            Encoding::Decimal => u64::try_from(decimal::from_digits(text, 20)?)
                .map(Uid64)
                .map_err(|_| ParseError::OutOfRange { rule: "a uid64 is at most 18446744073709551615" }),
            _ => Err(unsupported(encoding)),
        }
    }

    fn min_at(t: Timestamp) -> Self {
        let u = UidTime::of(clamp_uid(t));
        Uid64::from_parts(u.mega, u.secs, u.micros, 0)
    }

    fn max_at(t: Timestamp) -> Self {
        let u = UidTime::of(clamp_uid(t));
        Uid64::from_parts(u.mega, u.secs, u.micros, SEQ_MASK as u32)
    }
}

/// The last second uid's 20-bit megaseconds hold (year 35198).
const UID_MAX_SECS: i64 = (1 << 20) * 1_000_000 - 1;
/// The last instant of that second.
const UID_LATEST: Timestamp = Timestamp::new(UID_MAX_SECS, 999_999_999);
/// The tick of [`UID_LATEST`].
const MAX_TICK: u64 = (UID_MAX_SECS as u64) << 10 | 0x3FF;

/// `t`, if the layout holds it (1970 to [`UID_LATEST`]): one unsigned compare of the seconds,
/// as an instant before 1970 has negative seconds.
#[inline]
fn in_uid_range(t: Timestamp) -> Result<Timestamp, GenerateError> {
    if t.unix_seconds() as u64 > UID_MAX_SECS as u64 { Err(uid_out_of_range(t)) } else { Ok(t) }
}

#[cold]
#[inline(never)]
fn uid_out_of_range(time: Timestamp) -> GenerateError {
    GenerateError::TimeOutOfRange { scheme: "uid64", time, earliest: Timestamp::UNIX_EPOCH, latest: UID_LATEST }
}

fn clamp_uid(t: Timestamp) -> Timestamp {
    clamp_time(t, Timestamp::UNIX_EPOCH, UID_LATEST)
}

impl Scheme for Uid96 {
    const NAME: &'static str = "uid96";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    const BYTE_LEN: usize = 12;
    type Input = Option<u32>;
    type Generator = GlobalUidGenerator;

    fn default_generator() -> &'static GlobalUidGenerator {
        DEFAULT_GLOBAL.get_or_init(|| GlobalUidGenerator::new(Arc::clone(default_local_arc()), default_node()))
    }

    fn timestamp(&self) -> Timestamp {
        self.global().local.time().timestamp()
    }

    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.0)
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        bytes.try_into().map(Uid96).map_err(|_| ParseError::bytes(12, bytes.len()))
    }

    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Base64 => Some(base64::encode(&self.0, Flavour::Ordered)),
            Encoding::Base64Url => Some(base64::encode(&self.0, Flavour::UrlSafe)),
            Encoding::Hex => Some(hex::encode_upper(&self.0)),
            _ => None,
        }
    }

    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        match encoding {
            Encoding::Canonical | Encoding::Base64 => decode_base64::<12>(text, Flavour::Ordered).map(Uid96),
            Encoding::Base64Url => decode_base64::<12>(text, Flavour::UrlSafe).map(Uid96),
            Encoding::Hex => {
                let mut b = [0u8; 12];
                hex::decode_into(text, &mut b)?;
                Ok(Uid96(b))
            }
            _ => Err(unsupported(encoding)),
        }
    }

    /// A bound, not an exact range: inside a 256 s window the node outranks the low bits of
    /// time, so `min_at(t1)..=max_at(t2)` holds every ID made between `t1` and `t2` plus some
    /// of other nodes' IDs from the same windows.
    fn min_at(t: Timestamp) -> Self {
        Uid96::from_global(Uid64::min_at(t).to_global(0))
    }

    fn max_at(t: Timestamp) -> Self {
        Uid96::from_global(Uid64::max_at(t).to_global(u32::MAX))
    }
}

/// The process's local uid generator: `Uid64::now` uses it, and the default `uid96` generator
/// shares its sequence (so local and global IDs of one process never share a value). Build a
/// leased [`GlobalUidGenerator`] on it to keep that property.
pub fn default_local_arc() -> &'static Arc<UidGenerator> {
    static LOCAL: OnceLock<Arc<UidGenerator>> = OnceLock::new();
    LOCAL.get_or_init(|| Arc::new(UidGenerator::new()))
}

fn default_local() -> &'static UidGenerator {
    default_local_arc()
}

/// The default node of this process: `IDCRAFT_UID_NODE` if set, else `idcraft@<host name>`,
/// hashed with [`node_hash`]. Give containers that share a host name their own
/// `IDCRAFT_UID_NODE`, or build a [`GlobalUidGenerator`] with an explicit node.
pub fn default_node() -> u32 {
    let name = std::env::var("IDCRAFT_UID_NODE").unwrap_or_else(|_| format!("idcraft@{}", super::hot::host_name()));
    node_hash(&name)
}

/// Makes local uids: strictly increasing, one shared 14-bit sequence (like the VM-wide
/// `erlang:unique_integer`), at most 16,384 IDs per 1024 µs tick.
///
/// The default reads the coarse clock (~3.5 ns instead of ~25 ns per read), so embedded times
/// may lag by one kernel tick (1–4 ms). When the sequence would wrap inside the current tick,
/// the generator reads the precise clock: a later tick there is used at once (so one generator
/// still reaches the layout's cap), the same tick means waiting for the next one, and a clock
/// that went back makes the generator move on to the next tick rather than wait for the clock
/// to catch up.
pub struct UidGenerator<C: Clock = CoarseClock> {
    clock: C,
    /// `tick << 14 | sequence` of the last ID.
    state: AtomicU64,
}

impl UidGenerator {
    /// A generator on the coarse system clock.
    pub fn new() -> Self {
        Self::with(CoarseClock)
    }
}

impl Default for UidGenerator {
    fn default() -> Self {
        Self::new()
    }
}

fn uid_from_tick(tick: u64, seq: u64) -> Uid64 {
    let secs = tick >> 10;
    Uid64::from_parts((secs / 1_000_000) as u32, (secs % 1_000_000) as u32, ((tick & 0x3FF) << 10) as u32, seq as u32)
}

impl<C: Clock> UidGenerator<C> {
    /// A generator on `clock`.
    pub fn with(clock: C) -> Self {
        UidGenerator { clock, state: AtomicU64::new(0) }
    }

    /// [`UidGenerator::generate_at`] for instants the layout holds (1970 to 35198), an error
    /// for the others, whose fields `generate_at` truncates as uid does.
    pub fn try_generate_at(&self, t: Timestamp) -> Result<Uid64, GenerateError> {
        in_uid_range(t).map(|t| self.generate_at(t))
    }

    /// uid's `l()` at an explicit instant, with the next sequence (no waiting, no ordering).
    pub fn generate_at(&self, t: Timestamp) -> Uid64 {
        let u = UidTime::of(t);
        let seq = (self.state.fetch_add(1, Ordering::Relaxed) + 1) & SEQ_MASK;
        Uid64::from_parts(u.mega, u.secs, u.micros, seq as u32)
    }

    fn next(&self) -> Result<Uid64, GenerateError> {
        loop {
            let current = self.state.load(Ordering::Acquire);
            let now = in_uid_range(self.clock.now())?;
            let now_tick = UidTime::of(now).tick();
            let (last_tick, seq) = (current >> 14, current & SEQ_MASK);
            let next_seq = (seq + 1) & SEQ_MASK;
            let tick = if now_tick > last_tick || next_seq != 0 {
                now_tick.max(last_tick)
            } else {
                // The sequence would wrap inside the last tick: only a later tick will do.
                let precise = self.clock.now_precise();
                let precise_tick = UidTime::of(precise).tick();
                if precise_tick > last_tick {
                    precise_tick
                } else if precise_tick == last_tick {
                    let into_tick = (precise.subsec_nanos() / 1000) & 0x3FF;
                    self.clock.sleep(Duration::from_micros(u64::from(1024 - into_tick).max(1)));
                    continue;
                } else {
                    last_tick + 1
                }
            };
            if tick > MAX_TICK {
                // The last tick of the layout is used up; a later one would wrap to 1970.
                return Err(uid_out_of_range(UID_LATEST.checked_add(Duration::from_nanos(1)).unwrap_or(UID_LATEST)));
            }
            let next = tick << 14 | next_seq;
            if self.state.compare_exchange_weak(current, next, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                return Ok(uid_from_tick(tick, next_seq));
            }
        }
    }
}

impl<C: Clock> Generate<Uid64> for UidGenerator<C> {
    #[inline]
    fn generate(&self, _: ()) -> Result<Uid64, GenerateError> {
        self.next()
    }
}

impl<C: Clock> fmt::Debug for UidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UidGenerator").finish_non_exhaustive()
    }
}

static DEFAULT_GLOBAL: OnceLock<GlobalUidGenerator> = OnceLock::new();

/// Makes `generator` the one [`Uid96::now`] and derived `uid96` types' `new()` use (e.g. one on a
/// leased node, sharing [`default_local_arc`]'s sequence). Once, at start-up, before the first
/// ID; afterwards `generator` is handed back as the error.
pub fn install_default(generator: GlobalUidGenerator) -> Result<(), GlobalUidGenerator> {
    DEFAULT_GLOBAL.set(generator)
}

/// Makes global uids (interval 8) for a node, sharing a local generator's sequence.
pub struct GlobalUidGenerator<C: Clock = CoarseClock> {
    local: Arc<UidGenerator<C>>,
    node: u32,
    fence: Option<Arc<dyn Fence>>,
}

impl<C: Clock> GlobalUidGenerator<C> {
    /// Global IDs for `node` (a hash from [`node_hash`], [`node_hash_legacy`] or your own).
    pub fn new(local: Arc<UidGenerator<C>>, node: u32) -> Self {
        GlobalUidGenerator { local, node, fence: None }
    }

    /// Asks `fence` before returning each ID made on the generator's own node, and returns its
    /// error instead when the node is no longer this process's (see
    /// [`SnoGenerator::with_fence`](super::sno::SnoGenerator::with_fence)). An ID for a node the
    /// caller names is the caller's business and is not fenced.
    pub fn with_fence(mut self, fence: Arc<dyn Fence>) -> Self {
        self.fence = Some(fence);
        self
    }

    /// The node hash.
    pub fn node(&self) -> u32 {
        self.node
    }
}

impl<C: Clock> Generate<Uid96> for GlobalUidGenerator<C> {
    /// `None` uses the generator's node.
    #[inline]
    fn generate(&self, node: Option<u32>) -> Result<Uid96, GenerateError> {
        let local = self.local.next()?;
        if let (None, Some(fence)) = (node, &self.fence) {
            fence.check()?;
        }
        Ok(Uid96::from_global(local.to_global(node.unwrap_or(self.node))))
    }
}

impl<C: Clock> fmt::Debug for GlobalUidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GlobalUidGenerator").field("node", &self.node).finish_non_exhaustive()
    }
}

/// A vector clock over global uids, one entry per node (uid's `vclock`, `join`, `descend`,
/// `diff`): the causality checks the uid README promises.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VectorClock {
    entries: BTreeMap<u32, Uid64>,
}

impl VectorClock {
    /// `vclock/0`: a clock with one fresh entry for `node`.
    pub fn new<C: Clock>(generator: &GlobalUidGenerator<C>) -> Result<VectorClock, GenerateError> {
        let mut clock = VectorClock::default();
        clock.tick(generator)?;
        Ok(clock)
    }

    /// `vclock/1`: replaces the generator's node's entry with a fresh ID.
    pub fn tick<C: Clock>(&mut self, generator: &GlobalUidGenerator<C>) -> Result<(), GenerateError> {
        self.entries.insert(generator.node, generator.local.next()?);
        Ok(())
    }

    /// Inserts an entry (keeping the later one if the node is present).
    pub fn observe(&mut self, id: GlobalUid) {
        let e = self.entries.entry(id.node).or_insert(id.local);
        *e = (*e).max(id.local);
    }

    /// The entries, by node.
    pub fn entries(&self) -> impl Iterator<Item = GlobalUid> + '_ {
        self.entries.iter().map(|(&node, &local)| GlobalUid { local, node })
    }

    /// `join/2`: merge by node, keeping the later entry.
    pub fn join(&self, other: &VectorClock) -> VectorClock {
        let mut joined = self.clone();
        for id in other.entries() {
            joined.observe(id);
        }
        joined
    }

    /// `descend/2`: every entry of `other` is at or before this clock's entry for its node.
    pub fn descends(&self, other: &VectorClock) -> bool {
        other.entries.iter().all(|(node, theirs)| self.entries.get(node).is_some_and(|mine| theirs <= mine))
    }

    /// `descend/3`: as [`VectorClock::descends`], ignoring `node`.
    pub fn descends_ignoring(&self, other: &VectorClock, node: u32) -> bool {
        other
            .entries
            .iter()
            .filter(|(n, _)| **n != node)
            .all(|(n, theirs)| self.entries.get(n).is_some_and(|mine| theirs <= mine))
    }

    /// `diff/2`: the entries of `other` this clock does not dominate.
    pub fn diff(&self, other: &VectorClock) -> Vec<GlobalUid> {
        other.entries().filter(|id| self.entries.get(&id.node).is_none_or(|mine| id.local > *mine)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    const L: Uid64 = Uid64::from_parts(1539, 625275, 432128, 1);

    #[test]
    fn local_vectors() {
        assert_eq!(L.to_bytes()[..], [0, 96, 57, 138, 123, 105, 128, 1]);
        assert_eq!(L.to_string(), ".5.tXbhdV.3");
        assert_eq!(base64::encode(&L.value().to_be_bytes(), Flavour::UrlSafe), "AGA5intpgAE");
        assert_eq!(L.unix_millis(), 1539625275432);
        assert_eq!(".5.tXbhdV.3".parse::<Uid64>().unwrap(), L);
        assert_eq!(Uid64::default().to_string(), "...........");
        let max = Uid64::from_parts(1048575, 1048575, 1048575, 16383);
        assert_eq!(max.to_bytes()[..], [255; 8]);
        assert_eq!(max.to_string(), "zzzzzzzzzzw");
        let live = Uid64::from_parts(1795, 311348, 337920, 1);
        assert_eq!(live.to_bytes()[..], [0, 112, 52, 192, 52, 82, 128, 1]);
        assert_eq!(live.to_string(), ".6.ok2GHV.3");
        let g = live.to_global(node_hash("nonode@nohost"));
        assert_eq!(g.to_bytes(Interval::DEFAULT), [0, 112, 52, 192, 4, 48, 204, 68, 52, 82, 128, 1]);
        assert_eq!(Uid96::from_global(g).to_string(), ".6.ok.Fkn3FoJc.0");
    }

    #[test]
    fn truncation_vectors() {
        let a = Uid64::from_parts(1, 2, 3, 5);
        assert_eq!(a.to_bytes()[..], [0, 0, 16, 0, 2, 0, 0, 5]);
        assert_eq!(a.time(), UidTime { mega: 1, secs: 2, micros: 0 });
        let b = Uid64::from_parts(1795, 999999, 999999, 16391);
        assert_eq!(b.to_bytes()[..], [0, 112, 63, 66, 63, 244, 0, 7]);
        assert_eq!((b.time().micros, b.seq()), (999424, 7));
    }

    #[test]
    fn global_vectors() {
        let g = L.to_global(node_hash("uid@127.0.0.1"));
        let b = g.to_bytes(Interval::DEFAULT);
        assert_eq!(b, [0, 96, 57, 138, 3, 235, 39, 49, 123, 105, 128, 1]);
        assert_eq!(base64::encode(&b, Flavour::Ordered), ".5.tXVEf8n4vPN.0");
        let legacy = L.to_global(node_hash_legacy("uid@127.0.0.1")).to_bytes(Interval::DEFAULT);
        assert_eq!(legacy, [0, 96, 57, 138, 3, 235, 39, 50, 123, 105, 128, 1]);
        assert_eq!(base64::encode(&legacy, Flavour::Ordered), ".5.tXVEf8n8vPN.0");
        assert_eq!(base64::encode(&legacy, Flavour::UrlSafe), "AGA5igPrJzJ7aYAB");
        let gb = Uid64::from_parts(1539, 625275, 432128, 16383).to_global(0x01020304);
        for (i, hex_text, text) in [
            (5, "0060398A602040609B69BFFF", ".5.tXa.VF51QPQzz"),
            (8, "0060398A010203047B69BFFF", ".5.tXV31.kGvPQzz"),
            (10, "0060398804080C127B69BFFF", ".5.tX.F7208vPQzz"),
        ] {
            let i = Interval::new(i).unwrap();
            let bytes = gb.to_bytes(i);
            assert_eq!(hex::encode_upper(&bytes), hex_text);
            assert_eq!(base64::encode(&bytes, Flavour::Ordered), text);
            assert_eq!(GlobalUid::from_bytes(&bytes, i), gb);
        }
        assert_eq!(base64::encode(&gb.to_bytes(Interval::DEFAULT), Flavour::UrlSafe), "AGA5igECAwR7ab__");
        // The bytes do not say their interval: decoding with another one gives other fields.
        let other = GlobalUid::from_bytes(&gb.to_bytes(Interval::DEFAULT), Interval::new(10).unwrap());
        assert_ne!(other, gb);
    }

    #[test]
    fn node_hashes() {
        for (name, hash) in [
            ("nonode@nohost", 70306884),
            ("uid@127.0.0.1", 65742641),
            ("a@127.0.0.1", 175646529),
            ("b@127.0.0.1", 175449921),
            ("node@host", 177644532),
            ("app@10.0.0.1", 93737553),
            ("very_long_node_name_1234567890@some.long.host.example.com", 111665101),
            ("a", 97),
            ("", 0),
        ] {
            assert_eq!(node_hash(name), hash, "{name}");
        }
        assert_eq!(node_hash_legacy("uid@127.0.0.1"), 65742642);
        assert_eq!(node_hash("é"), 0xE9, "Latin-1 characters hash as their single byte");
    }

    #[test]
    fn interval_is_validated() {
        assert_eq!(Interval::new(4), Err(IntervalError(4)));
        assert_eq!(Interval::new(11).unwrap_err().to_string(), "uid neighbourhood interval must be 5..=10, got 11");
        assert!(Interval::new(5).is_ok() && Interval::new(10).is_ok());
    }

    #[test]
    fn diff_vector() {
        let d = Uid64::from_parts(1539, 625275, 432128, 10).diff(&Uid64::from_parts(1539, 625274, 0, 3));
        assert_eq!((d.parts(), d.seq), ((0, 1, 432128), 7));
    }

    #[test]
    fn generator_waits_instead_of_wrapping() {
        let clock = ManualClock::new(Timestamp::new(1_700_000_000, 0));
        let g = UidGenerator::with(&clock);
        let mut last = g.generate(()).unwrap();
        assert_eq!(last.seq(), 1, "the counter starts at 1");
        for _ in 0..40_000 {
            let id = g.generate(()).unwrap();
            assert!(id > last);
            last = id;
        }
        assert!(clock.sleeps() >= 2, "two wraps inside a tick mean two waits");
        clock.rewind(Duration::from_secs(5));
        for _ in 0..40_000 {
            let id = g.generate(()).unwrap();
            assert!(id > last, "a backwards clock never breaks the order");
            last = id;
        }
    }

    /// Past year 35198 the megaseconds used to wrap to 1970 (and later repeat IDs): the
    /// generator refuses those clocks, and the last tick's sequence ends in an error.
    #[test]
    fn the_layout_end_is_an_error() {
        let clock = ManualClock::new(UID_LATEST);
        let g = UidGenerator::with(&clock);
        let mut last = g.generate(()).unwrap();
        assert_eq!(last.time().timestamp().unix_seconds(), 1_048_575_999_999);
        let result = loop {
            match g.generate(()) {
                Ok(id) => {
                    assert!(id > last);
                    last = id;
                }
                Err(e) => break e,
            }
        };
        assert!(matches!(result, GenerateError::TimeOutOfRange { .. }), "{result}");
        assert_eq!(last.seq(), 0x3FFF);
        for t in [
            UID_LATEST.checked_add(Duration::from_nanos(1)).unwrap(),
            Timestamp::new(40_000_000_000_000, 0),
            Timestamp::MAX,
        ] {
            clock.set(t);
            assert!(matches!(g.generate(()), Err(GenerateError::TimeOutOfRange { .. })), "{t}");
        }
    }

    #[test]
    fn global_generator_and_vector_clocks() {
        let clock = ManualClock::new(Timestamp::new(1_700_000_000, 0));
        let local = Arc::new(UidGenerator::with(&clock));
        let a = GlobalUidGenerator::new(Arc::clone(&local), node_hash("a@127.0.0.1"));
        let b = GlobalUidGenerator::new(Arc::clone(&local), node_hash("b@127.0.0.1"));
        let id = a.generate(None).unwrap();
        assert_eq!((id.node(), id.interval()), (node_hash("a@127.0.0.1"), 8));
        assert_eq!(a.generate(Some(7)).unwrap().node(), 7);
        let mut va = VectorClock::new(&a).unwrap();
        let vb = VectorClock::new(&b).unwrap();
        let joined = va.join(&vb);
        assert!(joined.descends(&va) && joined.descends(&vb));
        assert!(!va.descends(&vb));
        assert!(va.descends_ignoring(&vb, b.node()));
        clock.advance(Duration::from_millis(3));
        va.tick(&a).unwrap();
        assert_eq!(joined.diff(&va).len(), 1, "a's newer entry is not dominated");
        assert!(va.join(&joined).descends(&joined));
    }

    proptest::proptest! {
        #[test]
        fn layouts_round_trip(mega in 0u32..1 << 20, secs in 0u32..1_000_000, micros in 0u32..1_000_000, seq in 0u32..1 << 14, node: u32, i in 5u8..=10) {
            let l = Uid64::from_parts(mega, secs, micros, seq);
            proptest::prop_assert_eq!(l.time(), UidTime { mega, secs, micros: micros & 0xFFC00 });
            proptest::prop_assert_eq!(l.to_string().parse::<Uid64>().unwrap(), l);
            let g = l.to_global(node);
            let i = Interval::new(i).unwrap();
            proptest::prop_assert_eq!(GlobalUid::from_bytes(&g.to_bytes(i), i), g);
            let u = Uid96::from_global(g);
            proptest::prop_assert_eq!(u.to_string().parse::<Uid96>().unwrap(), u);
        }
    }
}
