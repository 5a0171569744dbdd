//! Where generators get the time: the [`Clock`] trait and its implementations.
//!
//! No scheme reads the system time directly, so tests can drive clock regressions, bursts and
//! overflows deterministically with a [`ManualClock`], whose `sleep` advances its own time.
//!
//! On wasm32-unknown-unknown, which has no operating system clock (std's `SystemTime::now`
//! panics there), [`SystemClock`] and [`CoarseClock`] read JavaScript's `Date.now()` with the
//! `js` feature; without it, the default generators report
//! [`GenerateError::NoSystemClock`](crate::GenerateError::NoSystemClock) and reading these clocks
//! directly panics with the same message ([`SYSTEM_CLOCK`] tells which build this is).

#[cfg(all(target_arch = "x86_64", target_os = "linux", not(miri), feature = "std"))]
mod tsc;

use crate::sync::AtomicU64;
use crate::sync::{Mutex, MutexGuard};
use crate::time::Timestamp;
use core::sync::atomic::Ordering;
use core::time::Duration;
#[cfg(all(feature = "std", not(all(target_arch = "wasm32", target_os = "unknown"))))]
use std::time::SystemTime;

/// A source of wall-clock time for generators, plus the way they wait for it.
pub trait Clock: Send + Sync {
    /// The current instant.
    fn now(&self) -> Timestamp;

    /// The current instant at full precision. A clock whose [`Clock::now`] is cheap but coarse
    /// ([`CoarseClock`]) reads the precise clock here; generators call it only when the coarse
    /// reading would make them wait.
    fn now_precise(&self) -> Timestamp {
        self.now()
    }

    /// Blocks the calling thread for about `duration`; generators call this when a layout's
    /// capacity for the current tick is used up. A test clock advances itself instead. Without
    /// `std` (no threads to park), the default spins until this clock has moved on by
    /// `duration`.
    fn sleep(&self, duration: Duration) {
        #[cfg(feature = "std")]
        std::thread::sleep(duration);
        #[cfg(not(feature = "std"))]
        spin_until_elapsed(|| self.now(), duration);
    }
}

impl<C: Clock + ?Sized> Clock for &C {
    fn now(&self) -> Timestamp {
        (**self).now()
    }
    fn now_precise(&self) -> Timestamp {
        (**self).now_precise()
    }
    fn sleep(&self, duration: Duration) {
        (**self).sleep(duration)
    }
}

impl<C: Clock + ?Sized> Clock for alloc::sync::Arc<C> {
    fn now(&self) -> Timestamp {
        (**self).now()
    }
    fn now_precise(&self) -> Timestamp {
        (**self).now_precise()
    }
    fn sleep(&self, duration: Duration) {
        (**self).sleep(duration)
    }
}

/// Whether this build has a system clock and random source: `false` without the `std` feature
/// and on wasm32-unknown-unknown without the `js` feature, where the default generators return
/// [`GenerateError::NoSystemClock`](crate::GenerateError::NoSystemClock).
pub const SYSTEM_CLOCK: bool =
    cfg!(all(feature = "std", any(not(all(target_arch = "wasm32", target_os = "unknown")), feature = "js")));

/// Waits by reading a clock, for targets that cannot park a thread. A clock that goes back
/// ends the wait (the generator then reads it again).
#[cfg(any(not(feature = "std"), all(target_arch = "wasm32", target_os = "unknown")))]
fn spin_until_elapsed(now: impl Fn() -> Timestamp, duration: Duration) {
    let start = now();
    let Some(until) = start.checked_add(duration) else { return };
    loop {
        let t = now();
        if t >= until || t < start {
            return;
        }
        core::hint::spin_loop();
    }
}

/// `Ok` where [`SYSTEM_CLOCK`] holds, else the typed error: functions that return a `Result`
/// check it before reading the system clock or random source, which would panic.
pub(crate) fn require_system_clock() -> Result<(), crate::GenerateError> {
    if SYSTEM_CLOCK { Ok(()) } else { Err(crate::GenerateError::NoSystemClock) }
}

/// The precise system wall clock (`CLOCK_REALTIME`, ~25 ns per read on a 2-vCPU VM; on
/// wasm32-unknown-unknown with `js`, JavaScript's `Date.now()`, to the millisecond).
///
/// On x86-64 Linux whose kernel keeps time with an invariant time-stamp counter (its
/// clocksource is `tsc`), it reads the counter itself (~12 ns), re-anchored to
/// `CLOCK_REALTIME` every 50 ms: within a microsecond of the kernel's reading, and a step of
/// the wall clock shows within 50 ms.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl SystemClock {
    /// The most a reading may lag the kernel's `CLOCK_REALTIME`, with a wide margin: readings
    /// from the time-stamp counter are kept 2 µs behind it, so that none runs ahead.
    pub const MAX_LAG: Duration = Duration::from_micros(50);
}

impl Clock for SystemClock {
    #[inline]
    fn now(&self) -> Timestamp {
        #[cfg(all(target_arch = "x86_64", target_os = "linux", not(miri), feature = "std"))]
        if let Some(t) = tsc::now() {
            return t;
        }
        #[cfg(all(any(target_os = "linux", target_os = "android"), feature = "std"))]
        if let Some(t) = read_clock(libc::CLOCK_REALTIME) {
            return t;
        }
        #[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "std"))]
        return js::now();
        #[cfg(all(feature = "std", not(all(target_arch = "wasm32", target_os = "unknown"))))]
        return Timestamp::from_system_time(SystemTime::now());
        #[cfg(not(feature = "std"))]
        panic!("{}", crate::error::NO_SYSTEM_CLOCK)
    }

    #[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "std"))]
    fn sleep(&self, duration: Duration) {
        js::sleep(duration)
    }
}

/// The clock of wasm32-unknown-unknown, which has no operating system: JavaScript's with the
/// `js` feature, none without.
#[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "std"))]
mod js {
    use super::*;

    #[cfg(feature = "js")]
    #[wasm_bindgen::prelude::wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = Date, js_name = now)]
        fn date_now() -> f64;
    }

    #[cfg(feature = "js")]
    pub(super) fn now() -> Timestamp {
        // Whole milliseconds since 1970 (an f64 holds them exactly for 285,000 years).
        Timestamp::from_unix_millis(date_now() as i64)
    }

    #[cfg(not(feature = "js"))]
    pub(super) fn now() -> Timestamp {
        panic!("{}", crate::error::NO_SYSTEM_CLOCK)
    }

    /// Waits by reading the clock: std's `thread::sleep` panics on this target, and a browser's
    /// main thread cannot block anyway. Generators wait at most one tick of their layout.
    pub(super) fn sleep(duration: Duration) {
        crate::clock::spin_until_elapsed(now, duration)
    }
}

/// An elapsed-time measure for scopes' leak reports: `std::time::Instant`, except on
/// wasm32-unknown-unknown, where `Instant::now` panics: the JavaScript clock with `js`, and
/// without it no measure (ages read as zero, so no leak is ever reported).
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stopwatch {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    start: std::time::Instant,
    #[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "js"))]
    start: Timestamp,
}

#[cfg(feature = "std")]
impl Stopwatch {
    pub(crate) fn start() -> Stopwatch {
        Stopwatch {
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            start: std::time::Instant::now(),
            #[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "js"))]
            start: js::now(),
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return self.start.elapsed();
        #[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "js"))]
        return js::now().duration_since(self.start).unwrap_or_default();
        #[cfg(all(target_arch = "wasm32", target_os = "unknown", not(feature = "js")))]
        Duration::ZERO
    }
}

/// One `clock_gettime` (a vDSO call, no system call), skipping `SystemTime`'s conversions.
#[cfg(all(any(target_os = "linux", target_os = "android"), feature = "std"))]
#[inline]
fn read_clock(id: libc::clockid_t) -> Option<Timestamp> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `clock_gettime` writes one `timespec` through its pointer, here to `ts`, which is
    // valid, writable and outlives the call, and keeps no pointer; for a clock it does not
    // know it returns -1 without writing, which is checked below.
    let rc = unsafe { libc::clock_gettime(id, &mut ts) };
    // time_t is 32 bits on some Linux targets.
    #[allow(clippy::useless_conversion)]
    (rc == 0).then(|| Timestamp::new(i64::from(ts.tv_sec), ts.tv_nsec as u32))
}

/// The coarse system wall clock: `CLOCK_REALTIME_COARSE` on Linux (~3.5 ns per read, updated
/// once per kernel tick, typically every 1–4 ms), the precise clock elsewhere (on
/// wasm32-unknown-unknown with `js`, JavaScript's `Date.now()`).
///
/// Schemes whose time unit is at least as coarse as the kernel tick (sno: 4 ms, HotGuid: 1 s)
/// use it by default; it may lag the precise clock by up to one kernel tick.
#[derive(Clone, Copy, Debug, Default)]
pub struct CoarseClock;

impl CoarseClock {
    /// The most a reading may lag the precise clock, with a margin: twice the longest kernel
    /// tick (10 ms at `HZ=100`; the tests check the running kernel's resolution against it).
    pub const MAX_LAG: Duration = Duration::from_millis(20);
}

impl Clock for CoarseClock {
    #[inline]
    fn now(&self) -> Timestamp {
        #[cfg(all(any(target_os = "linux", target_os = "android"), feature = "std"))]
        if let Some(t) = read_clock(libc::CLOCK_REALTIME_COARSE) {
            return t;
        }
        SystemClock.now()
    }

    #[inline]
    fn now_precise(&self) -> Timestamp {
        SystemClock.now()
    }

    #[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "std"))]
    fn sleep(&self, duration: Duration) {
        js::sleep(duration)
    }
}

/// A clock for tests: it reads what it was set to, and `sleep` advances it instead of blocking.
///
/// ```
/// use idcraft_core::{Clock, ManualClock, Timestamp};
/// use core::time::Duration;
/// let clock = ManualClock::new(Timestamp::from_unix_millis(1_000));
/// clock.sleep(Duration::from_millis(1));
/// assert_eq!(clock.now().unix_millis(), 1_001);
/// assert_eq!(clock.sleeps(), 1);
/// ```
#[derive(Debug)]
pub struct ManualClock {
    now: Mutex<Timestamp>,
    sleeps: AtomicU64,
    advance_on_sleep: bool,
}

impl ManualClock {
    /// A clock standing at `start`.
    pub fn new(start: Timestamp) -> ManualClock {
        ManualClock { now: Mutex::new(start), sleeps: AtomicU64::new(0), advance_on_sleep: true }
    }

    /// A clock whose `sleep` only counts and yields the thread, leaving the time where it is
    /// (for tests where another thread moves the time).
    pub fn frozen(start: Timestamp) -> ManualClock {
        ManualClock { advance_on_sleep: false, ..ManualClock::new(start) }
    }

    /// Sets the time (forwards or backwards).
    pub fn set(&self, t: Timestamp) {
        *self.lock() = t;
    }

    /// Moves the time forwards by `d`.
    pub fn advance(&self, d: Duration) {
        let mut now = self.lock();
        *now = now.checked_add(d).expect("manual clock overflow");
    }

    /// Moves the time backwards by `d`.
    pub fn rewind(&self, d: Duration) {
        let mut now = self.lock();
        *now = now.checked_sub(d).expect("manual clock underflow");
    }

    /// How many times a generator called [`Clock::sleep`] on this clock.
    pub fn sleeps(&self) -> u64 {
        self.sleeps.load(Ordering::Relaxed)
    }

    fn lock(&self) -> MutexGuard<'_, Timestamp> {
        // A panic while holding this lock cannot leave the timestamp half-written.
        self.now.lock()
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Timestamp {
        *self.lock()
    }

    fn sleep(&self, duration: Duration) {
        self.sleeps.fetch_add(1, Ordering::Relaxed);
        if self.advance_on_sleep {
            self.advance(duration);
        } else {
            #[cfg(feature = "std")]
            std::thread::yield_now();
            #[cfg(not(feature = "std"))]
            core::hint::spin_loop();
        }
    }
}

/// RT.Comb's `UtcNoRepeatTimestampProvider` as a clock wrapper: every reading is at least
/// `increment` (RT.Comb's default: 4 ms) after the previous one, even when the inner clock
/// stands still or goes back. The drift this creates can accumulate; that is the original's
/// documented behaviour.
#[derive(Debug)]
pub struct NoRepeatClock<C: Clock> {
    inner: C,
    increment: Duration,
    last: Mutex<Option<Timestamp>>,
}

impl<C: Clock> NoRepeatClock<C> {
    /// RT.Comb's default increment.
    pub const DEFAULT_INCREMENT: Duration = Duration::from_millis(4);

    /// Wraps `inner` with the given minimum increment.
    pub fn new(inner: C, increment: Duration) -> NoRepeatClock<C> {
        NoRepeatClock { inner, increment, last: Mutex::new(None) }
    }
}

impl<C: Clock> Clock for NoRepeatClock<C> {
    fn now(&self) -> Timestamp {
        let now = self.inner.now();
        let mut last = self.last.lock();
        let next = match *last {
            Some(prev) => match prev.checked_add(self.increment) {
                Some(min) if now < min => min,
                _ => now,
            },
            None => now,
        };
        *last = Some(next);
        next
    }

    fn sleep(&self, duration: Duration) {
        self.inner.sleep(duration)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn no_repeat_clock_matches_rt_comb_table() {
        let inner = ManualClock::new("2024-01-01T00:00:00.613Z".parse().unwrap());
        let clock = NoRepeatClock::new(&inner, NoRepeatClock::<SystemClock>::DEFAULT_INCREMENT);
        let mut got = Vec::new();
        for step in 0..6 {
            if step == 3 {
                inner.advance(Duration::from_millis(4));
            }
            got.push(clock.now().unix_millis() % 1000);
        }
        assert_eq!(got, [613, 617, 621, 625, 629, 633]);
        inner.rewind(Duration::from_secs(10));
        assert_eq!(clock.now().unix_millis() % 1000, 637, "a backwards clock is covered too");
    }

    #[test]
    fn system_clocks_agree_within_a_second() {
        let a = SystemClock.now();
        let b = CoarseClock.now();
        assert!((a.unix_millis() - b.unix_millis()).abs() < 1000);
        assert!(a.unix_seconds() > 1_700_000_000);
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[test]
    #[cfg_attr(miri, ignore = "Miri does not implement clock_getres")]
    fn the_coarse_clock_resolution_is_within_its_documented_lag() {
        let mut res = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `clock_getres` writes one `timespec` through its pointer, here to `res`, which
        // is valid, writable and outlives the call, and keeps no pointer.
        assert_eq!(unsafe { libc::clock_getres(libc::CLOCK_REALTIME_COARSE, &mut res) }, 0);
        let resolution = Duration::new(res.tv_sec as u64, res.tv_nsec as u32);
        assert!(resolution * 2 <= CoarseClock::MAX_LAG, "{resolution:?}");
    }

    #[test]
    fn manual_clock_moves_both_ways() {
        let c = ManualClock::new(Timestamp::from_unix_millis(10));
        c.rewind(Duration::from_millis(20));
        assert_eq!(c.now().unix_millis(), -10);
        c.advance(Duration::from_micros(1500));
        assert_eq!(c.now().unix_micros(), -8500);
        let f = ManualClock::frozen(Timestamp::UNIX_EPOCH);
        f.sleep(Duration::from_secs(1));
        assert_eq!(f.now(), Timestamp::UNIX_EPOCH);
        assert_eq!(f.sleeps(), 1);
    }
}
