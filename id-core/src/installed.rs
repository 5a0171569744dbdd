//! A process-wide default generator that can be installed once at start-up and replaced later
//! (a service whose lease was lost for good takes a new one), read on every ID without a lock.
//!
//! Readers get `&'static` references, so a replaced generator is never freed: calls in flight
//! on it finish normally and later calls see the new one. Each replacement keeps one generator
//! (a few hundred bytes) alive for the rest of the process, in a list of retired generators (so
//! it stays reachable, as leak checkers expect); replacing is for rare events, not per request.

use crate::prelude::*;

#[cfg(feature = "_replace-default")]
use crate::sync::Mutex;
use core::any::Any;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

/// Every generator a replacement took out of service, kept for the calls that may still use it.
#[cfg(feature = "_replace-default")]
static RETIRED: Mutex<Vec<&'static (dyn Any + Send + Sync)>> = Mutex::new(Vec::new());

/// A default generator slot: empty until first use or installation.
pub struct Installed<G: 'static> {
    current: AtomicPtr<G>,
}

impl<G: Any + Send + Sync> Installed<G> {
    /// An empty slot. Public for the default slots of layouts declared in `#[id(...)]`.
    #[doc(hidden)]
    pub const fn new() -> Self {
        Installed { current: AtomicPtr::new(ptr::null_mut()) }
    }

    /// The installed generator, or `init()`'s, installed now (a racing installation wins).
    #[inline]
    pub(crate) fn get_or_init(&self, init: impl FnOnce() -> G) -> &'static G {
        match self.current() {
            Some(installed) => installed,
            None => self.init_cold(init),
        }
    }

    /// The installed generator, if any.
    #[inline]
    fn current(&self) -> Option<&'static G> {
        // SAFETY: every non-null pointer stored here comes from `Box::into_raw` in `install` or
        // `Box::leak` in `replace`, and stored boxes are never freed, so the pointee lives for
        // the rest of the process and is only ever shared.
        unsafe { self.current.load(Ordering::Acquire).as_ref() }
    }

    #[cold]
    #[inline(never)]
    fn init_cold(&self, init: impl FnOnce() -> G) -> &'static G {
        match self.install(init()) {
            Ok(installed) => installed,
            Err(_) => self.current().expect("a racing installation is in place and never removed"),
        }
    }

    /// Installs `generator` if nothing is installed yet; otherwise hands it back.
    pub(crate) fn install(&self, generator: G) -> Result<&'static G, G> {
        let fresh = Box::into_raw(Box::new(generator));
        match self.current.compare_exchange(ptr::null_mut(), fresh, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: `fresh` came from `Box::into_raw` just above and is now published, never
            // to be freed.
            Ok(_) => Ok(unsafe { &*fresh }),
            // SAFETY: the exchange failed, so `fresh` was never published: this is its only
            // owner, and it is turned back into the box it came from exactly once.
            Err(_) => Err(*unsafe { Box::from_raw(fresh) }),
        }
    }

    /// Installs `generator` whatever was installed before; the previous one stays alive (see the
    /// module docs).
    #[cfg(feature = "_replace-default")]
    pub(crate) fn replace(&self, generator: G) -> &'static G {
        let fresh: &'static mut G = Box::leak(Box::new(generator));
        let previous = self.current.swap(fresh, Ordering::AcqRel);
        // SAFETY: as in `current`: a stored pointer comes from a box that is never freed.
        if let Some(previous) = unsafe { previous.as_ref() } {
            RETIRED.lock().push(previous);
        }
        fresh
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn installs_once_replaces_always_and_old_references_stay_valid() {
        static SLOT: Installed<String> = Installed::new();
        let first = SLOT.get_or_init(|| "lazy".to_owned());
        assert_eq!(first, "lazy");
        assert_eq!(SLOT.install("late".to_owned()), Err("late".to_owned()));
        let second = SLOT.replace("replaced".to_owned());
        assert_eq!((first.as_str(), second.as_str()), ("lazy", "replaced"));
        assert_eq!(SLOT.get_or_init(|| unreachable!()), "replaced");
    }

    #[test]
    fn racing_first_uses_all_see_one_generator() {
        static SLOT: Installed<u64> = Installed::new();
        let seen: Vec<usize> = std::thread::scope(|s| {
            let handles: Vec<_> =
                (0..4u64).map(|i| s.spawn(move || SLOT.get_or_init(|| i) as *const u64 as usize)).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(seen.windows(2).all(|w| w[0] == w[1]));
    }
}
