//! What a lease, its renewer and its generators share: until when the lease is valid by this
//! process's monotonic clock, and the window of time units it may issue in (after the
//! previous holder's bound, up to its own published bound). Generators ask it through
//! [`Fence`] before each ID.

use super::{LeaseRefusal, OnExpiry};
use idcraft_core::Timestamp;
use idcraft_core::{Fence, FenceError};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use uuid::Uuid;

/// Nanoseconds of the process's monotonic clock.
pub(super) fn monotonic_nanos() -> u64 {
    static ANCHOR: OnceLock<Instant> = OnceLock::new();
    // u64 nanoseconds last 584 years of uptime.
    ANCHOR.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// Whole microseconds since 1970 (what the store keeps), rounded down.
#[cfg(any(feature = "postgres", feature = "etcd", all(test, feature = "sno")))]
pub(super) fn micros_of(t: SystemTime) -> i64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_micros()).unwrap_or(i64::MAX),
        Err(before) => i64::try_from(before.duration().as_nanos().div_ceil(1000)).map_or(i64::MIN, |us| -us),
    }
}

/// The instant of `micros` since 1970.
pub(super) fn time_of(micros: i64) -> SystemTime {
    let magnitude = Duration::from_micros(micros.unsigned_abs());
    if micros >= 0 { UNIX_EPOCH + magnitude } else { UNIX_EPOCH - magnitude }
}

/// This host's wall clock now plus `ahead`, in whole microseconds (so what is stored is what
/// is held).
#[cfg(any(feature = "postgres", feature = "etcd"))]
pub(super) fn wall_micros_in(ahead: Duration) -> i64 {
    micros_of(SystemTime::now()).saturating_add(i64::try_from(ahead.as_micros()).unwrap_or(i64::MAX))
}

pub(super) struct Shared {
    pub(super) namespace: &'static str,
    pub(super) slot: u32,
    // Read only by the renewer, which comes with a store. Not gated like `validity`: `new` takes
    // it as a parameter, and the tests below call `new` without a store (a `cfg` cannot leave an
    // argument out of a call).
    #[cfg_attr(not(any(feature = "postgres", feature = "etcd")), allow(dead_code))]
    pub(super) holder: Uuid,
    pub(super) epoch: i64,
    #[cfg(any(feature = "postgres", feature = "etcd"))]
    validity: Duration,
    /// Until when (monotonic nanoseconds) the lease is valid.
    deadline: AtomicU64,
    lost: AtomicBool,
    /// Given back (or being given back): never valid again, whatever a late renewal says.
    released: AtomicBool,
    on_expiry: OnExpiry,
    renewed: (Mutex<()>, Condvar),
    /// The previous holders' bound (µs since 1970): IDs here start after it.
    pub(super) floor: i64,
    /// The bound this holder has published and the store has confirmed (µs since 1970).
    ceiling: AtomicI64,
    /// The latest unit start a generator has asked about, rounded up to µs: what to publish
    /// on release.
    stamped: AtomicI64,
    /// The [fork generation](idcraft_core::fork) the lease was claimed in. A `fork()` child
    /// has a copy of this state but not the renewer thread, and its parent goes on issuing
    /// under the slot: in the child the lease counts as lost (taken by another process).
    generation: u64,
}

impl Shared {
    #[cfg(any(feature = "postgres", feature = "etcd", all(test, feature = "sno")))]
    pub(super) fn new(
        namespace: &'static str,
        holder: Uuid,
        claim: &super::store::Claim,
        sent: u64,
        validity: Duration,
        on_expiry: OnExpiry,
    ) -> Shared {
        Shared {
            namespace,
            slot: claim.slot,
            holder,
            epoch: claim.epoch,
            #[cfg(any(feature = "postgres", feature = "etcd"))]
            validity,
            deadline: AtomicU64::new(sent + validity.as_nanos() as u64),
            lost: AtomicBool::new(false),
            released: AtomicBool::new(false),
            on_expiry,
            renewed: (Mutex::new(()), Condvar::new()),
            floor: claim.previous_bound.map_or(i64::MIN, micros_of),
            ceiling: AtomicI64::new(micros_of(claim.bound)),
            stamped: AtomicI64::new(i64::MIN),
            generation: idcraft_core::fork::generation(),
        }
    }

    /// Whether this process is a `fork()` child of the one that claimed the lease.
    #[inline]
    pub(super) fn forked(&self) -> bool {
        idcraft_core::fork::generation() != self.generation
    }

    pub(super) fn valid(&self) -> bool {
        !self.is_lost()
            && !self.released.load(Ordering::SeqCst)
            && monotonic_nanos() < self.deadline.load(Ordering::Acquire)
    }

    pub(super) fn is_lost(&self) -> bool {
        self.lost.load(Ordering::Acquire) || self.forked()
    }

    fn expired(&self) -> FenceError {
        LeaseRefusal::Expired { namespace: self.namespace, slot: self.slot, lost: self.is_lost() }.into()
    }

    /// A claim or renewal sent at `sent` (monotonic nanoseconds) went through, and the store
    /// holds `bound` as this holder's published bound.
    #[cfg(any(feature = "postgres", feature = "etcd"))]
    pub(super) fn extend(&self, sent: u64, bound: SystemTime) {
        self.ceiling.fetch_max(micros_of(bound), Ordering::AcqRel);
        self.deadline.fetch_max(sent + self.validity.as_nanos() as u64, Ordering::AcqRel);
        let _guard = self.renewed.0.lock().unwrap_or_else(|e| e.into_inner());
        self.renewed.1.notify_all();
    }

    #[cfg(any(feature = "postgres", feature = "etcd"))]
    pub(super) fn lose(&self) {
        self.lost.store(true, Ordering::Release);
        let _guard = self.renewed.0.lock().unwrap_or_else(|e| e.into_inner());
        self.renewed.1.notify_all();
    }

    /// Stops every generator on the lease and returns the bound to publish on release: the
    /// latest unit start any of them stamped (or the floor, if later).
    ///
    /// A generator raises `stamped` before it reads `released`, and this stores `released`
    /// before it reads `stamped`, all sequentially consistent: either the generator sees the
    /// release and issues nothing, or this sees its stamp.
    pub(super) fn stop_issuing(&self) -> SystemTime {
        self.released.store(true, Ordering::SeqCst);
        let _guard = self.renewed.0.lock().unwrap_or_else(|e| e.into_inner());
        self.renewed.1.notify_all();
        time_of(self.stamped.load(Ordering::SeqCst).max(self.floor).min(self.ceiling.load(Ordering::Acquire)))
    }

    /// The window's bounds, for errors and docs: after `floor`, up to `ceiling`.
    fn window(&self) -> (Timestamp, Timestamp) {
        let at = |us: i64| Timestamp::from_system_time(time_of(us));
        (at(self.floor.max(0)), at(self.ceiling.load(Ordering::Acquire)))
    }
}

impl Fence for Shared {
    #[inline]
    fn check(&self, unit_start: Timestamp) -> Result<(), FenceError> {
        if self.forked() {
            // Before the stamp: the parent publishes its own, the child's is never sent.
            return Err(self.expired());
        }
        let nanos = unit_start.unix_nanos();
        // Rounded up, so the published bound is never below a unit start issued.
        let micros =
            i64::try_from(nanos.div_euclid(1000) + i128::from(nanos.rem_euclid(1000) != 0)).unwrap_or(i64::MAX);
        if micros > self.stamped.load(Ordering::SeqCst) {
            self.stamped.fetch_max(micros, Ordering::SeqCst);
        }
        if !self.valid() {
            self.wait_for_renewal()?;
        }
        let floor = i128::from(self.floor) * 1000;
        let ceiling = i128::from(self.ceiling.load(Ordering::Acquire)) * 1000;
        if nanos <= floor || nanos > ceiling {
            let (after, until) = self.window();
            return Err(LeaseRefusal::OutsideWindow {
                namespace: self.namespace,
                slot: self.slot,
                time: unit_start,
                after,
                until,
            }
            .into());
        }
        Ok(())
    }
}

impl Shared {
    #[cold]
    fn wait_for_renewal(&self) -> Result<(), FenceError> {
        let OnExpiry::Wait(limit) = self.on_expiry else { return Err(self.expired()) };
        let until = Instant::now().checked_add(limit);
        let mut guard = self.renewed.0.lock().unwrap_or_else(|e| e.into_inner());
        while !self.valid() && !self.is_lost() && !self.released.load(Ordering::SeqCst) {
            let left = match until {
                Some(until) => until.saturating_duration_since(Instant::now()),
                None => Duration::from_secs(3600),
            };
            if left.is_zero() {
                break;
            }
            guard = self.renewed.1.wait_timeout(guard, left).unwrap_or_else(|e| e.into_inner()).0;
        }
        if self.valid() { Ok(()) } else { Err(self.expired()) }
    }
}

#[cfg(all(test, feature = "sno"))]
mod tests {
    use super::*;
    use crate::store::Claim;
    use idcraft_core::scheme::sno::SnoGenerator;
    use idcraft_core::{Generate, GenerateError, ManualClock};
    use std::sync::Arc;

    /// A lease's state as a claim of slot 7 leaves it, publishing `bound`, with no store behind it.
    fn claimed(bound: SystemTime) -> Arc<Shared> {
        let claim = Claim { slot: 7, epoch: 1, previous_bound: None, bound };
        let validity = Duration::from_secs(60);
        Arc::new(Shared::new("test-refusal", Uuid::nil(), &claim, monotonic_nanos(), validity, OnExpiry::Fail))
    }

    fn generator_on(lease: &Arc<Shared>, now: SystemTime) -> SnoGenerator<ManualClock> {
        SnoGenerator::with_partition(ManualClock::new(Timestamp::from_system_time(now)), 7).with_fence(lease.clone())
    }

    /// What a leased generator returns is a `GenerateError` that gives the lease's own refusal
    /// back, of its own type and with every field, for each of the two refusals.
    #[test]
    fn a_generators_refusal_is_the_leases_own() {
        let now = SystemTime::now();
        let lease = claimed(now + Duration::from_secs(60));
        let sno = generator_on(&lease, now);
        assert!(sno.generate(0).is_ok());
        lease.stop_issuing();
        let error = sno.generate(0).unwrap_err();
        assert!(matches!(&error, GenerateError::Fenced(refusal) if refusal.downcast_ref::<LeaseRefusal>().is_some()));
        let expired = LeaseRefusal::Expired { namespace: "test-refusal", slot: 7, lost: false };
        assert_eq!(LeaseRefusal::of(&error), Some(&expired));
        assert_eq!(error, expired.into(), "and equals the refusal made anew");

        // A bound in the past: the clock is beyond what this holder published.
        let lease = claimed(now - Duration::from_secs(60));
        let error = generator_on(&lease, now).generate(0).unwrap_err();
        match LeaseRefusal::of(&error) {
            Some(LeaseRefusal::OutsideWindow { namespace: "test-refusal", slot: 7, time, until, .. }) => {
                assert!(time > until, "{error}")
            }
            other => panic!("{other:?}: {error}"),
        }
    }
}
