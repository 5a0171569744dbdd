//! Where generators get randomness: the [`RandomSource`] trait and its implementations.

use crate::sync::AtomicU64;
use core::sync::atomic::Ordering;

/// A source of random bits for generators.
///
/// Implementations take `&self` so one generator can be shared between threads; the default
/// keeps its state per thread, deterministic test sources keep it in atomics.
pub trait RandomSource: Send + Sync {
    /// Fills `dest` with random bytes.
    fn fill_bytes(&self, dest: &mut [u8]);

    /// 64 random bits.
    fn next_u64(&self) -> u64 {
        let mut b = [0u8; 8];
        self.fill_bytes(&mut b);
        u64::from_le_bytes(b)
    }

    /// Two draws of [`next_u64`](RandomSource::next_u64), the first in the high half: a
    /// source that has to be looked up for each draw (a per-thread generator) can draw both
    /// with one look-up.
    fn next_u64_pair(&self) -> u128 {
        let high = self.next_u64();
        u128::from(high) << 64 | u128::from(self.next_u64())
    }

    /// The [fork generation](crate::fork) this source's draws belong to. A source whose state
    /// a `fork()` copies into the child and that draws afresh there returns
    /// [`fork::generation()`](crate::fork::generation), as [`OsRandom`] does: generators that
    /// keep state drawn from it (a counter's random start, a last random part) then start a
    /// new unit with fresh draws in the child, so the child's IDs share no value with the
    /// parent's. The default, 0, is for sources that repeat their draws in a child by design
    /// (a seeded source: tests rely on the same sequence), which then keep their generators'
    /// behaviour deterministic across `fork()`.
    #[inline]
    fn fork_generation(&self) -> u64 {
        0
    }
}

// A reference to a source, or a shared one, is that source: every method forwards, the
// provided ones included (a source's own `next_u64_pair` may be faster than the default).
macro_rules! forward_to_pointee {
    ($($pointer:ty),+) => {$(
        impl<R: RandomSource + ?Sized> RandomSource for $pointer {
            fn fill_bytes(&self, dest: &mut [u8]) {
                (**self).fill_bytes(dest)
            }
            fn next_u64(&self) -> u64 {
                (**self).next_u64()
            }
            fn next_u64_pair(&self) -> u128 {
                (**self).next_u64_pair()
            }
            fn fork_generation(&self) -> u64 {
                (**self).fork_generation()
            }
        }
    )+};
}
forward_to_pointee!(&R, alloc::sync::Arc<R>);

/// The default: a per-thread ChaCha12 CSPRNG seeded from the operating system and reseeded
/// periodically (`rand`'s `ThreadRng`), and reseeded in a `fork()` child before its first draw
/// there (see [`fork`](crate::fork)). No system call per ID. Without the `std` feature there
/// is no operating system to draw from: drawing panics, and the default generators return
/// [`GenerateError::NoSystemClock`](crate::GenerateError::NoSystemClock) before they draw.
///
/// On wasm32-unknown-unknown the seed comes from the Web Crypto API (`getRandomValues`) with
/// the `js` feature; without it there is no source, and drawing from this one panics (the
/// default generators return
/// [`GenerateError::NoSystemClock`](crate::GenerateError::NoSystemClock) before they draw).
#[derive(Clone, Copy, Debug, Default)]
pub struct OsRandom;

#[cfg(all(feature = "std", not(all(target_arch = "wasm32", target_os = "unknown"))))]
impl RandomSource for OsRandom {
    #[inline]
    fn fill_bytes(&self, dest: &mut [u8]) {
        thread::with_rng(|rng| rand::Rng::fill_bytes(rng, dest))
    }

    #[inline]
    fn next_u64(&self) -> u64 {
        thread::with_rng(rand::Rng::next_u64)
    }

    #[inline]
    fn next_u64_pair(&self) -> u128 {
        thread::with_rng(|rng| {
            let high = rand::Rng::next_u64(rng);
            u128::from(high) << 64 | u128::from(rand::Rng::next_u64(rng))
        })
    }

    #[inline]
    fn fork_generation(&self) -> u64 {
        crate::fork::generation()
    }
}

/// This thread's generator, reached through one thread-local per draw: a handle on `rand`'s
/// (`rand::rng()` would look up `rand`'s own thread-local and count a reference on every draw)
/// and, beside it, the fork generation it was last seeded in.
#[cfg(all(feature = "std", not(all(target_arch = "wasm32", target_os = "unknown"))))]
mod thread {
    use core::cell::{Cell, UnsafeCell};
    use rand::rngs::ThreadRng;

    /// No generation: a thread's first draw reseeds. `rand`'s state for this thread may have
    /// been seeded before a `fork()` the generation does not count (where the handler is
    /// registered on the first read, the application may have drawn from `rand::rng()` and
    /// forked before that), and nothing tells a copy from an original; one reseed per thread
    /// costs one system call, once. No process forks 2^64 times.
    const UNSEEDED: u64 = u64::MAX;

    struct ThreadSource {
        seeded_in: Cell<u64>,
        /// Only [`with_rng`] and [`reseed`] reach it.
        rng: UnsafeCell<ThreadRng>,
    }

    std::thread_local! {
        static SOURCE: ThreadSource = ThreadSource { seeded_in: Cell::new(UNSEEDED), rng: UnsafeCell::new(rand::rng()) };
    }

    /// `draw` on this thread's generator, reseeded from the operating system first if it was
    /// not seeded in the current fork generation: `rand` no longer reseeds after a fork, and a
    /// child drawing its parent's next numbers repeats its parent's IDs. `draw` only draws: it
    /// does not come back here.
    #[inline]
    pub(super) fn with_rng<T>(draw: impl FnOnce(&mut ThreadRng) -> T) -> T {
        // Only the look-up and the check in the closure: a small closure lets `with` inline to
        // a direct thread-local access (with the draw in it, it stayed a call, which called
        // the thread-local's accessor through a pointer).
        let rng = SOURCE.with(|source| {
            let generation = crate::fork::generation();
            if source.seeded_in.get() != generation {
                reseed(source, generation);
            }
            source.rng.get()
        });
        // SAFETY: `rng` points into this thread's `SOURCE`, which is dropped only by this
        // thread's thread-local destructors as it exits, so it is valid for this call. No other
        // thread reaches it; on this one only `with_rng` and `reseed` make a reference to it,
        // and neither `draw` nor what it calls (`rand`'s generator) comes back to either. So
        // this is the only reference to it while it lives.
        draw(unsafe { &mut *rng })
    }

    #[cold]
    #[inline(never)]
    fn reseed(source: &ThreadSource, generation: u64) {
        // SAFETY: as in `with_rng`, which calls this before it makes its own reference: this
        // is the only reference to `rng` while it lives.
        let rng = unsafe { &mut *source.rng.get() };
        // As `rand::rng()` itself does when the OS has no randomness to give: nothing sensible
        // is left to draw from.
        rng.reseed().expect("the operating system's random source failed");
        source.seeded_in.set(generation);
    }
}

/// In a JavaScript host, the Web Crypto API's `getRandomValues` on every draw: a front-end
/// makes few IDs, and the browser's source needs no seeding or per-thread state.
#[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "js"))]
impl RandomSource for OsRandom {
    fn fill_bytes(&self, dest: &mut [u8]) {
        getrandom::fill(dest).expect("the Web Crypto API's getRandomValues failed")
    }
}

#[cfg(not(all(feature = "std", any(not(all(target_arch = "wasm32", target_os = "unknown")), feature = "js"))))]
impl RandomSource for OsRandom {
    fn fill_bytes(&self, _: &mut [u8]) {
        panic!("{}", crate::error::NO_SYSTEM_CLOCK)
    }
}

/// A deterministic, thread-safe source for tests (SplitMix64 over an atomic counter): the same
/// seed gives the same sequence of draws. Not unguessable.
#[derive(Debug)]
pub struct SeededRandom {
    state: AtomicU64,
}

impl SeededRandom {
    /// A source that starts from `seed`.
    pub const fn new(seed: u64) -> SeededRandom {
        SeededRandom { state: AtomicU64::new(seed) }
    }
}

impl RandomSource for SeededRandom {
    fn fill_bytes(&self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }

    fn next_u64(&self) -> u64 {
        let mut z = self.state.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A source that always returns the same byte, for pinning edge cases ("random part at its
/// maximum": `FixedRandom(0xFF)`; "all zero": `FixedRandom(0)`).
#[derive(Clone, Copy, Debug)]
pub struct FixedRandom(pub u8);

impl RandomSource for FixedRandom {
    fn fill_bytes(&self, dest: &mut [u8]) {
        dest.fill(self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_is_reproducible_and_fixed_is_fixed() {
        let a = SeededRandom::new(7);
        let b = SeededRandom::new(7);
        assert_eq!(a.next_u64(), b.next_u64());
        let mut buf = [0u8; 11];
        a.fill_bytes(&mut buf);
        assert_ne!(buf, [0u8; 11]);
        assert_eq!(FixedRandom(0xFF).next_u64(), u64::MAX);
        assert_ne!(OsRandom.next_u64(), OsRandom.next_u64());
    }

    /// A pair is two draws in order, the first high, through every wrapper: generators that
    /// draw a pair make the same values from a seeded source as ones that drew twice.
    #[test]
    fn a_pair_is_two_draws_in_order() {
        let (a, b) = (SeededRandom::new(7), SeededRandom::new(7));
        let expected = u128::from(b.next_u64()) << 64 | u128::from(b.next_u64());
        assert_eq!(a.next_u64_pair(), expected);
        fn draw<R: RandomSource>(source: R) -> u128 {
            source.next_u64_pair()
        }
        let (shared, plain) = (alloc::sync::Arc::new(SeededRandom::new(9)), SeededRandom::new(9));
        assert_eq!(draw(&*shared), plain.next_u64_pair());
        assert_eq!(draw(shared.clone()), plain.next_u64_pair());
        let pair = OsRandom.next_u64_pair();
        assert_ne!(pair >> 64, pair & u128::from(u64::MAX));
    }
}
