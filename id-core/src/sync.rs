//! The lock generators keep their last ID under: the standard library's mutex with `std`, a spin
//! lock without it (bare metal has no threads to park; its critical sections are a few
//! instructions long).
//!
//! Either way a panic while the lock is held does not poison it for later callers: a
//! generator's state is a pair of integers, valid after any partial update, and a generator
//! that refused every call after one panic would stop a service.

#[cfg(feature = "std")]
mod imp {
    /// A mutex whose `lock` never fails.
    #[derive(Debug, Default)]
    pub(crate) struct Mutex<T>(std::sync::Mutex<T>);

    /// The guard [`Mutex::lock`] returns.
    pub(crate) type MutexGuard<'a, T> = std::sync::MutexGuard<'a, T>;

    impl<T> Mutex<T> {
        pub(crate) const fn new(value: T) -> Self {
            Mutex(std::sync::Mutex::new(value))
        }

        #[inline]
        pub(crate) fn lock(&self) -> MutexGuard<'_, T> {
            self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
        }
    }
}

#[cfg(not(feature = "std"))]
mod imp {
    use core::cell::UnsafeCell;
    use core::ops::{Deref, DerefMut};
    use core::sync::atomic::{AtomicBool, Ordering};

    /// A spin lock: `locked` is set by the one holder of the guard.
    #[derive(Default)]
    pub(crate) struct Mutex<T> {
        locked: AtomicBool,
        value: UnsafeCell<T>,
    }

    // SAFETY: the value is only reached through a guard, and `locked` admits one guard at a
    // time, so sharing the mutex shares `T` between threads one at a time, as `Send` allows.
    unsafe impl<T: Send> Sync for Mutex<T> {}

    impl<T: core::fmt::Debug> core::fmt::Debug for Mutex<T> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("Mutex { .. }")
        }
    }

    /// The guard [`Mutex::lock`] returns; dropping it unlocks.
    pub(crate) struct MutexGuard<'a, T> {
        mutex: &'a Mutex<T>,
    }

    impl<T> Mutex<T> {
        pub(crate) const fn new(value: T) -> Self {
            Mutex { locked: AtomicBool::new(false), value: UnsafeCell::new(value) }
        }

        #[inline]
        pub(crate) fn lock(&self) -> MutexGuard<'_, T> {
            while self.locked.compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
                while self.locked.load(Ordering::Relaxed) {
                    core::hint::spin_loop();
                }
            }
            MutexGuard { mutex: self }
        }
    }

    impl<T> Deref for MutexGuard<'_, T> {
        type Target = T;
        fn deref(&self) -> &T {
            // SAFETY: this guard is the only one (it set `locked`), so no `&mut T` exists.
            unsafe { &*self.mutex.value.get() }
        }
    }

    impl<T> DerefMut for MutexGuard<'_, T> {
        fn deref_mut(&mut self) -> &mut T {
            // SAFETY: as in `deref`, and `&mut self` makes this borrow the guard's only one.
            unsafe { &mut *self.mutex.value.get() }
        }
    }

    impl<T> Drop for MutexGuard<'_, T> {
        fn drop(&mut self) {
            self.mutex.locked.store(false, Ordering::Release);
        }
    }
}

pub(crate) use imp::{Mutex, MutexGuard};

/// 64-bit atomics: the processor's where it has them, else a [`Mutex`]-guarded integer with the
/// same methods (32-bit microcontrollers such as Cortex-M have 32-bit atomics only). The
/// lock-free generators keep their whole state in one such word.
#[cfg(target_has_atomic = "64")]
pub(crate) use core::sync::atomic::AtomicU64;
#[cfg(not(target_has_atomic = "64"))]
pub(crate) use locked::AtomicU64;

#[cfg(not(target_has_atomic = "64"))]
mod locked {
    use super::Mutex;
    use core::sync::atomic::Ordering;

    /// `core::sync::atomic::AtomicU64`'s methods that idcraft uses, under a lock (every
    /// operation is sequentially consistent, which satisfies any ordering asked for).
    #[derive(Debug, Default)]
    pub(crate) struct AtomicU64(Mutex<u64>);

    impl AtomicU64 {
        pub(crate) const fn new(value: u64) -> Self {
            AtomicU64(Mutex::new(value))
        }

        pub(crate) fn load(&self, _: Ordering) -> u64 {
            *self.0.lock()
        }

        #[cfg(any(feature = "_lineage", feature = "_per-process", feature = "_seconds-counter"))]
        pub(crate) fn store(&self, value: u64, _: Ordering) {
            *self.0.lock() = value;
        }

        pub(crate) fn fetch_add(&self, value: u64, _: Ordering) -> u64 {
            let mut v = self.0.lock();
            let old = *v;
            *v = old.wrapping_add(value);
            old
        }

        #[cfg(any(feature = "_per-process", feature = "_sequence-word"))]
        pub(crate) fn compare_exchange(&self, current: u64, new: u64, _: Ordering, _: Ordering) -> Result<u64, u64> {
            let mut v = self.0.lock();
            if *v == current {
                *v = new;
                Ok(current)
            } else {
                Err(*v)
            }
        }

        #[cfg(feature = "_sequence-word")]
        pub(crate) fn compare_exchange_weak(
            &self,
            current: u64,
            new: u64,
            success: Ordering,
            failure: Ordering,
        ) -> Result<u64, u64> {
            self.compare_exchange(current, new, success, failure)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Mutex;

    #[test]
    fn a_panic_under_the_lock_does_not_stop_later_callers() {
        let m = std::sync::Arc::new(Mutex::new(1u32));
        let held = std::sync::Arc::clone(&m);
        let _ = std::thread::spawn(move || {
            let _guard = held.lock();
            panic!("while holding the lock");
        })
        .join();
        *m.lock() += 1;
        assert_eq!(*m.lock(), 2);
    }
}
