//! The wall clock read from the CPU's time-stamp counter: one `rdtsc` (~10 ns on a 2-vCPU VM)
//! and a multiplication, where `clock_gettime(CLOCK_REALTIME)` costs ~25 ns. Used by
//! [`SystemClock`](super::SystemClock) only where it is as trustworthy as the kernel's own
//! reading: on x86-64 Linux whose kernel keeps time with the TSC (its clocksource is `tsc`,
//! which the kernel chooses only when the counter is invariant and synchronised across CPUs)
//! and whose CPU reports an invariant TSC. Everywhere else `SystemClock` calls the kernel.
//!
//! The counter is turned into time from an anchor, a `(counter, CLOCK_REALTIME)` pair read
//! back to back, and a rate measured between two anchors. Every read more than
//! [`REANCHOR_AFTER_NS`] past its anchor takes a new anchor from the kernel, so a wall-clock
//! step (NTP, an operator) shows within that time, and the rate's error (a few parts per
//! million at most) moves a reading by well under a microsecond in between. A rate that
//! disagrees with the current one by more than [`MAX_RATE_CHANGE`] means the wall clock was
//! stepped between the anchors, not that the counter changed speed: the rate is kept and only
//! the anchor moves. Readings between anchors are kept [`BEHIND_NS`] behind, so none runs ahead
//! of the kernel's; they may step by a few microseconds at a new anchor (as they may when the
//! kernel slews the clock), and the generators already absorb a clock that goes back.
//!
//! The anchor lives in a sequence lock made of atomics: readers retry while a writer updates
//! it, and a reader that finds an update in progress asks the kernel instead of waiting.

use crate::time::Timestamp;
use core::sync::atomic::{AtomicI64, AtomicU8, AtomicU64, Ordering, fence};

/// How far extrapolated readings are kept behind the kernel's: more than the anchor's and the
/// rate's errors together (tens of nanoseconds), so a reading never runs ahead of the wall
/// clock, which callers compare IDs' times with.
const BEHIND_NS: i64 = 2_000;
/// How long an anchor is used: 50 ms.
pub(super) const REANCHOR_AFTER_NS: i64 = 50_000_000;
/// The shortest time between the two anchors a rate is measured from (shorter is too noisy).
const MIN_RATE_SPAN_NS: i64 = 10_000_000;
/// The largest change of the rate accepted between anchors, in parts per million.
const MAX_RATE_CHANGE: u64 = 1000;
/// Attempts at reading an anchor pair without being interrupted in between.
const ANCHOR_TRIES: usize = 8;

/// Whether the counter may be used: 0 not yet known, 1 yes, 2 no.
static USABLE: AtomicU8 = AtomicU8::new(0);
/// Even while the anchor is stable, odd while a writer changes it.
static SEQUENCE: AtomicU64 = AtomicU64::new(0);
static ANCHOR_TSC: AtomicU64 = AtomicU64::new(0);
static ANCHOR_NS: AtomicI64 = AtomicI64::new(0);
/// Nanoseconds per counter tick as a 32.32 fixed-point number; 0 until a rate is measured.
static RATE: AtomicU64 = AtomicU64::new(0);

/// The current wall-clock time from the counter, or `None` where the counter is not used (the
/// caller then asks the kernel).
#[inline]
pub(super) fn now() -> Option<Timestamp> {
    if USABLE.load(Ordering::Relaxed) != 1 {
        return first_use();
    }
    let sequence = SEQUENCE.load(Ordering::Acquire);
    let (anchor_tsc, anchor_ns, rate) =
        (ANCHOR_TSC.load(Ordering::Relaxed), ANCHOR_NS.load(Ordering::Relaxed), RATE.load(Ordering::Relaxed));
    fence(Ordering::Acquire);
    let stable = sequence & 1 == 0 && SEQUENCE.load(Ordering::Relaxed) == sequence;
    let elapsed = read_tsc().wrapping_sub(anchor_tsc);
    // `elapsed` above 2^32 ticks (over a second) means a stale anchor or a counter below it.
    if !stable || rate == 0 || elapsed >= 1 << 32 {
        return reanchor(sequence);
    }
    let offset = ((u128::from(elapsed) * u128::from(rate)) >> 32) as i64;
    if offset > REANCHOR_AFTER_NS {
        return reanchor(sequence);
    }
    // 64-bit arithmetic: a division by a constant compiles to a multiplication (the 128-bit
    // one would be a library call).
    let ns = anchor_ns + offset - BEHIND_NS;
    Some(Timestamp::new(ns.div_euclid(1_000_000_000), ns.rem_euclid(1_000_000_000) as u32))
}

#[cold]
fn first_use() -> Option<Timestamp> {
    if USABLE.load(Ordering::Relaxed) == 0 {
        USABLE.store(if trustworthy() { 1 } else { 2 }, Ordering::Relaxed);
    }
    if USABLE.load(Ordering::Relaxed) == 1 { now() } else { None }
}

/// Takes a new anchor (measuring the rate when the last anchor is far enough back) and returns
/// the kernel's time of it. A reader that loses the race to another writer returns `None`.
#[cold]
#[inline(never)]
fn reanchor(seen: u64) -> Option<Timestamp> {
    if seen & 1 == 1 || SEQUENCE.compare_exchange(seen, seen + 1, Ordering::Acquire, Ordering::Relaxed).is_err() {
        return None;
    }
    fence(Ordering::Release);
    let (tsc, ns) = anchor_pair();
    let (last_tsc, last_ns, rate) =
        (ANCHOR_TSC.load(Ordering::Relaxed), ANCHOR_NS.load(Ordering::Relaxed), RATE.load(Ordering::Relaxed));
    let (span_ns, span_tsc) = (ns - last_ns, tsc.wrapping_sub(last_tsc));
    let sane = last_tsc != 0 && span_ns >= 0 && span_tsc < 1 << 40;
    if sane && span_ns >= MIN_RATE_SPAN_NS && span_tsc > 0 {
        let measured = u64::try_from(((span_ns as u128) << 32) / u128::from(span_tsc)).unwrap_or(0);
        // The first rate is taken as measured; a later one only when it agrees with the
        // current one (otherwise the wall clock was stepped between the anchors).
        if rate == 0 || measured.abs_diff(rate) <= rate / 1_000_000 * MAX_RATE_CHANGE {
            RATE.store(measured, Ordering::Relaxed);
        }
    }
    // Until there is a rate, the first anchor stays, to measure one from once it is far enough
    // back; otherwise every call moves it.
    let waiting_for_a_rate = rate == 0 && RATE.load(Ordering::Relaxed) == 0 && sane;
    if !waiting_for_a_rate {
        ANCHOR_TSC.store(tsc, Ordering::Relaxed);
        ANCHOR_NS.store(ns, Ordering::Relaxed);
    }
    SEQUENCE.store(seen + 2, Ordering::Release);
    Some(Timestamp::from_unix_nanos(i128::from(ns)))
}

/// A counter reading and the kernel's time at it: the pair read with the least time in
/// between, the counter taken halfway.
fn anchor_pair() -> (u64, i64) {
    let mut best = (u64::MAX, 0u64, 0i64);
    for _ in 0..ANCHOR_TRIES {
        let before = read_tsc();
        let ns = super::read_clock(libc::CLOCK_REALTIME).map_or(0, |t| t.unix_nanos() as i64);
        let after = read_tsc();
        let gap = after.wrapping_sub(before);
        if gap < best.0 {
            best = (gap, before + gap / 2, ns);
        }
    }
    (best.1, best.2)
}

#[inline(always)]
fn read_tsc() -> u64 {
    // SAFETY: `rdtsc` reads a register; `trustworthy` checked, before any reading is used,
    // that this CPU has it (every x86-64 CPU does) and that it is invariant.
    unsafe { core::arch::x86_64::_rdtsc() }
}

/// Whether the kernel keeps time with the TSC and the CPU says it is invariant.
fn trustworthy() -> bool {
    let clocksource = std::fs::read_to_string("/sys/devices/system/clocksource/clocksource0/current_clocksource");
    if clocksource.map(|s| s.trim() != "tsc").unwrap_or(true) {
        return false;
    }
    // CPUID leaf 0x8000_0007, EDX bit 8: the counter runs at a constant rate in every state
    // (the leaf is read only when the highest extended leaf includes it).
    use core::arch::x86_64::__cpuid;
    let max_extended = __cpuid(0x8000_0000).eax;
    let power = if max_extended >= 0x8000_0007 { __cpuid(0x8000_0007).edx } else { 0 };
    max_extended >= 0x8000_0007 && power & (1 << 8) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use core::time::Duration;

    fn system_ns() -> i128 {
        super::super::read_clock(libc::CLOCK_REALTIME).unwrap().unix_nanos()
    }

    /// Every reading lies between the kernel's readings taken just before and just after it
    /// (never after the later one; 200 µs of slack before the earlier one, for a preempted
    /// thread), over several anchors and with a thread per core reading at once.
    #[test]
    fn readings_agree_with_the_kernel() {
        if !trustworthy() {
            std::eprintln!("the kernel does not keep time with an invariant TSC here: nothing to check");
            return;
        }
        let threads: Vec<_> = (0..2)
            .map(|_| {
                std::thread::spawn(|| {
                    let mut checked = 0;
                    let start = std::time::Instant::now();
                    while start.elapsed() < Duration::from_millis(300) {
                        let before = system_ns();
                        let Some(t) = now() else { continue };
                        let after = system_ns();
                        let t = t.unix_nanos();
                        assert!(before - 200_000 <= t && t <= after, "{before} <= {t} <= {after}");
                        checked += 1;
                    }
                    checked
                })
            })
            .collect();
        let checked: u32 = threads.into_iter().map(|t| t.join().unwrap()).sum();
        assert!(checked > 1000, "{checked} readings");
        assert_ne!(RATE.load(Ordering::Relaxed), 0, "a rate was measured");
    }
}
