//! The CUID2 generator, as the reference makes IDs: a random letter, then characters of the
//! SHA3-512 hash (in base36) of the time, a random salt, a counter and a fingerprint of the
//! host and generator.

use super::Cuid2;
use super::hash::{DIGITS, hash};
use super::layout::LEN;
use crate::clock::{Clock, SystemClock};
use crate::error::GenerateError;
use crate::random::{OsRandom, RandomSource};
use crate::scheme::Generate;
use crate::time::Timestamp;
use core::fmt;
use core::sync::atomic::{AtomicU32, Ordering};

/// The reference's bound on a counter's random start (about 22,000 hosts before two are
/// likely to start on the same count).
const INITIAL_COUNT_MAX: u32 = 476_782_367;

/// The fingerprint's length: the reference's "big length".
const FINGERPRINT_LEN: usize = 32;

/// Makes CUID2s: a letter and a 24-character salt from `random` (a CSPRNG by default), the
/// clock's millisecond, a counter that starts at a random value, and a fingerprint hashed once
/// from the host (process ID and host name, with `std`) and 32 random characters.
pub struct Cuid2Generator<C: Clock = SystemClock, R: RandomSource = OsRandom> {
    clock: C,
    random: R,
    // 32 bits, which every target has atomics for (bare-metal ARMv7 has no 64-bit ones). The
    // count wraps after 2^32 IDs of one generator: it is hashed, never shown, and the salt is
    // what keeps IDs apart.
    counter: AtomicU32,
    fingerprint: [u8; FINGERPRINT_LEN],
}

crate::scheme::declare_generator::default_constructors! {
    /// The system clock and the OS-seeded CSPRNG.
    Cuid2Generator => with(SystemClock, OsRandom)
}

impl<C: Clock, R: RandomSource> Cuid2Generator<C, R> {
    /// A generator on `clock` and `random`: its counter's start and fingerprint are drawn now.
    pub fn with(clock: C, random: R) -> Self {
        let start = uniform(&random, INITIAL_COUNT_MAX.into()) as u32;
        let mut entropy = [0u8; FINGERPRINT_LEN];
        base36_chars(&random, &mut entropy);
        let host = host_source();
        let digits = hash(&[host.as_bytes(), &entropy]);
        let mut fingerprint = [b'0'; FINGERPRINT_LEN];
        let source = digits.as_bytes();
        let n = source.len().min(FINGERPRINT_LEN);
        fingerprint[..n].copy_from_slice(&source[..n]);
        Cuid2Generator { clock, random, counter: AtomicU32::new(start), fingerprint }
    }
}

/// What the fingerprint hashes of the host: the process ID and host name where the operating
/// system is at hand (as the reference's Python port hashes), what there is of them elsewhere
/// (WebAssembly has no process ID), nothing without `std` (the random characters hashed with
/// it keep generators apart).
#[cfg(feature = "std")]
fn host_source() -> crate::prelude::String {
    let pid = crate::host::process_id().map(|pid| crate::prelude::format!("{pid}")).unwrap_or_default();
    crate::prelude::format!("{pid}{}", crate::host::host_name())
}

#[cfg(not(feature = "std"))]
fn host_source() -> &'static str {
    ""
}

/// A uniform draw below `bound` (at most 2^32) by rejection: no value is likelier than another.
fn uniform(random: &(impl RandomSource + ?Sized), bound: u64) -> u64 {
    let zone = u64::MAX - u64::MAX % bound;
    loop {
        let x = random.next_u64();
        if x < zone {
            return x % bound;
        }
    }
}

/// Fills `out` with uniform base36 digits: a byte below 252 (7 × 36) picks one, others are
/// drawn again, so no digit is likelier than another.
fn base36_chars(random: &(impl RandomSource + ?Sized), out: &mut [u8]) {
    let mut batch = [0u8; 32];
    let mut filled = 0;
    while filled < out.len() {
        random.fill_bytes(&mut batch);
        for &b in batch.iter().filter(|&&b| b < 252) {
            out[filled] = DIGITS[usize::from(b % 36)];
            filled += 1;
            if filled == out.len() {
                return;
            }
        }
    }
}

/// A uniform lowercase letter: a byte below 234 (9 × 26) picks one.
fn letter(random: &(impl RandomSource + ?Sized)) -> u8 {
    loop {
        let mut b = [0u8; 1];
        random.fill_bytes(&mut b);
        if b[0] < 234 {
            return b'a' + b[0] % 26;
        }
    }
}

/// A number in base36 as the reference writes numbers (`Number.prototype.toString(36)`): no
/// leading zeros, a `-` before a negative one. Returns the buffer and where the text starts.
fn base36_number(magnitude: u64, negative: bool) -> ([u8; 14], usize) {
    let mut buf = [0u8; 14];
    let mut at = buf.len();
    let mut m = magnitude;
    loop {
        at -= 1;
        buf[at] = DIGITS[(m % 36) as usize];
        m /= 36;
        if m == 0 {
            break;
        }
    }
    if negative {
        at -= 1;
        buf[at] = b'-';
    }
    (buf, at)
}

/// The CUID2 of its parts, as the reference composes them: `letter`, then characters 1 to 23
/// of `hash(time + salt + count + fingerprint)` (the hash's own first digit already dropped).
pub(super) fn compose(letter: u8, unix_ms: i64, salt: &[u8], count: u64, fingerprint: &[u8]) -> Cuid2 {
    let (time, t) = base36_number(unix_ms.unsigned_abs(), unix_ms < 0);
    let (count, c) = base36_number(count, false);
    let digits = hash(&[&time[t..], salt, &count[c..], fingerprint]);
    let mut text = [b'0'; LEN];
    text[0] = letter;
    // A hash of fewer than 24 digits (a chance of about 36^-75) keeps zeros at the end rather
    // than a shorter ID: the storage has one length.
    let tail = digits.as_bytes().get(1..).unwrap_or(&[]);
    let n = tail.len().min(LEN - 1);
    text[1..1 + n].copy_from_slice(&tail[..n]);
    Cuid2(text)
}

impl<C: Clock, R: RandomSource> Generate<Cuid2> for Cuid2Generator<C, R> {
    /// A CUID2 of the clock's millisecond; never an error.
    #[inline]
    fn generate(&self, _: ()) -> Result<Cuid2, GenerateError> {
        self.generate_at((), self.clock.now())
    }

    /// A CUID2 hashing `t`'s millisecond instead of the clock's: the ID does not show it.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Cuid2, GenerateError> {
        let first = letter(&self.random);
        let mut salt = [0u8; LEN];
        base36_chars(&self.random, &mut salt);
        let count = self.counter.fetch_add(1, Ordering::Relaxed).into();
        let ms = t.unix_millis();
        Ok(compose(first, ms, &salt, count, &self.fingerprint))
    }
}

impl<C: Clock + fmt::Debug, R: RandomSource> fmt::Debug for Cuid2Generator<C, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cuid2Generator").field("clock", &self.clock).finish_non_exhaustive()
    }
}
