//! Scoped generator overrides for tests: code that calls a scheme's default generator (and so
//! every derived type's `new()`) inside a scope gets the scope's IDs instead.
//!
//! One mechanism for every scheme, in two kinds:
//!
//! * [`GeneratorScope`]: per **thread** (parallel tests do not see each other's); nests (the
//!   innermost wins) and ends when its guard is dropped. It does not follow work to other
//!   threads, nor an async task that a multi-thread runtime moves between threads.
//! * [`TaskScope`] (feature `tokio1`): per **async task**, like .NET's
//!   `DistributedIdGeneratorScope` flowing into continuations: it covers the future given to
//!   [`TaskScope::run`] across every `.await` and worker thread (for `#[tokio::test(flavor =
//!   "multi_thread")]`). Tasks that future spawns start outside it.
//!
//! A thread scope checks first, then the task's. A thread scope that outlives
//! [`leak_warning_after`] (default 5 minutes) while still overriding IDs is reported once, to
//! stderr or to a hook ([`on_leaked_scope`]): a guard kept alive by mistake (`mem::forget`, a
//! static, a pooled thread) would otherwise fake that thread's IDs forever, unnoticed.
//!
//! ```
//! use idcraft_core::scope::GeneratorScope;
//! use idcraft_core::scheme::DistributedId;
//!
//! let _scope = GeneratorScope::<DistributedId>::incremental();
//! assert_eq!(DistributedId::new().to_string(), "1");
//! assert_eq!(DistributedId::new().to_string(), "2");
//! ```

use crate::prelude::*;

use crate::error::GenerateError;
use crate::scheme::overrides::{ACTIVE, Entry, LEAK_AFTER_MILLIS, LEAK_HOOK, NEXT_KEY, Producer, SCOPES};
use crate::scheme::{Generate, Scheme};
use crate::sync::Mutex;
use crate::time::Timestamp;
use alloc::rc::Rc;
use core::any::TypeId;
use core::cell::Cell;
use core::marker::PhantomData;
use core::panic::Location;
use core::sync::atomic::Ordering;
use core::time::Duration;

pub use crate::scheme::overrides::LeakedScope;
// What a derived type's `new()` reads; hidden, as a user reaches it through `new()`/`try_new()`.
#[doc(hidden)]
pub use crate::scheme::overrides::current;

/// Thread scopes older than `age` that still override an ID are reported (once each).
pub fn leak_warning_after(age: Duration) {
    LEAK_AFTER_MILLIS.store(age.as_millis() as u64, Ordering::Relaxed);
}

/// Sends leaked-scope reports to `hook` instead of stderr.
pub fn on_leaked_scope(hook: fn(&LeakedScope)) {
    *LEAK_HOOK.lock() = Some(hook);
}

/// While alive, makes this thread's default generator of `S` produce the scope's values.
#[must_use = "the scope ends when this guard is dropped"]
pub struct GeneratorScope<S: Scheme> {
    key: u64,
    // Not Send: the scope lives in this thread's stack of overrides.
    scheme: PhantomData<(S, *const ())>,
}

impl<S: Scheme> GeneratorScope<S> {
    /// Overrides with a generator.
    #[track_caller]
    pub fn new<G: Generate<S> + 'static>(generator: G) -> Self {
        Self::push(Rc::new(move |input| generator.generate(input)))
    }

    /// Overrides with a function of the scheme's input (Architect's
    /// `CustomDistributedIdGenerator(Func)`).
    #[track_caller]
    pub fn from_fn(f: impl Fn() -> S + 'static) -> Self {
        Self::push(Rc::new(move |_| Ok(f())))
    }

    /// Always the same value.
    #[track_caller]
    pub fn fixed(value: S) -> Self {
        Self::from_fn(move || value)
    }

    /// 1, 2, 3, … (see [`Incremental`]).
    #[track_caller]
    pub fn incremental() -> Self {
        Self::new(Incremental::<S>::starting_at(1))
    }

    #[track_caller]
    fn push(producer: Producer<S>) -> Self {
        let key = NEXT_KEY.with(|k| {
            k.set(k.get() + 1);
            k.get()
        });
        let entry = Entry {
            key,
            scheme: TypeId::of::<S>(),
            producer: Box::new(producer),
            opened: crate::clock::Stopwatch::start(),
            at: Location::caller(),
            reported: Cell::new(false),
        };
        SCOPES.with(|s| s.borrow_mut().push(entry));
        ACTIVE.with(|a| a.set(a.get() + 1));
        GeneratorScope { key, scheme: PhantomData }
    }
}

impl<S: Scheme> Drop for GeneratorScope<S> {
    fn drop(&mut self) {
        // Removing by key rather than popping keeps the other scopes intact even when guards
        // are dropped out of order.
        SCOPES.with(|s| s.borrow_mut().retain(|e| e.key != self.key));
        ACTIVE.with(|a| a.set(a.get() - 1));
    }
}

#[cfg(feature = "tokio1")]
pub use task::TaskScope;

#[cfg(feature = "tokio1")]
mod task {
    use super::{Incremental, Scheme, TypeId};
    use crate::prelude::*;
    use crate::scheme::Generate;
    use crate::scheme::overrides::task::{Producer, RUNNING, TASK_SCOPES};
    use alloc::sync::Arc;
    use core::any::Any;
    use core::sync::atomic::Ordering;

    /// While the future given to [`TaskScope::run`] runs, the default generator of `S` in that
    /// task produces the scope's values, on whichever thread the task is polled.
    #[must_use = "a task scope does nothing until run"]
    pub struct TaskScope<S: Scheme> {
        producer: Producer<S>,
    }

    impl<S: Scheme> TaskScope<S> {
        /// Overrides with a generator.
        pub fn new<G: Generate<S> + 'static>(generator: G) -> Self {
            TaskScope { producer: Arc::new(move |input| generator.generate(input)) }
        }

        /// Overrides with a function.
        pub fn from_fn(f: impl Fn() -> S + Send + Sync + 'static) -> Self {
            TaskScope { producer: Arc::new(move |_| Ok(f())) }
        }

        /// Always the same value.
        pub fn fixed(value: S) -> Self
        where
            S: Send + Sync,
        {
            Self::from_fn(move || value)
        }

        /// 1, 2, 3, … (see [`Incremental`]).
        pub fn incremental() -> Self {
            Self::new(Incremental::<S>::starting_at(1))
        }

        /// Runs `future` under this scope (inside an enclosing task scope, this one wins for
        /// `S` and the enclosing one still covers other schemes).
        pub async fn run<F: core::future::Future>(self, future: F) -> F::Output {
            let mut entries: Vec<_> = TASK_SCOPES.try_with(|e| e.as_ref().clone()).unwrap_or_default();
            entries.push((TypeId::of::<S>(), Arc::new(self.producer) as Arc<dyn Any + Send + Sync>));
            struct Running;
            impl Drop for Running {
                fn drop(&mut self) {
                    RUNNING.fetch_sub(1, Ordering::Relaxed);
                }
            }
            RUNNING.fetch_add(1, Ordering::Relaxed);
            let _running = Running;
            TASK_SCOPES.scope(Arc::new(entries), future).await
        }
    }
}

/// A generator of consecutive values: the storage bytes read as a big-endian integer
/// (`first`, `first + 1`, …); Architect's `IncrementalDistributedIdGenerator`. Thread-safe.
/// For a text scheme (`nanoid`, `cuid2`) the number is written in its alphabet, in byte order,
/// over its smallest ID, so consecutive values are consecutive texts.
///
/// Past the scheme's largest value (`2^(8·BYTE_LEN) − 1`, or a scheme's own maximum such as
/// DistributedId's 10^28 − 1) it returns [`GenerateError::Exhausted`]: it never truncates to
/// the storage width and never wraps back to small values.
#[derive(Debug)]
pub struct Incremental<S: Scheme> {
    /// `None` once `u128::MAX` has been handed out.
    next: Mutex<Option<u128>>,
    scheme: PhantomData<fn() -> S>,
}

impl<S: Scheme> Incremental<S> {
    /// Starts at `first`.
    pub fn starting_at(first: u128) -> Self {
        Incremental { next: Mutex::new(Some(first)), scheme: PhantomData }
    }
}

impl<S: Scheme> Generate<S> for Incremental<S> {
    fn generate(&self, _: S::Input) -> Result<S, GenerateError> {
        let exhausted = GenerateError::Exhausted { scheme: S::NAME };
        let mut next = self.next.lock();
        let current = next.ok_or(exhausted.clone())?;
        let value = nth::<S>(current).ok_or(exhausted)?;
        *next = current.checked_add(1);
        Ok(value)
    }

    /// The next consecutive value, as [`Generate::generate`]: consecutive values carry no
    /// time of their own.
    fn generate_at(&self, input: S::Input, _: Timestamp) -> Result<S, GenerateError> {
        self.generate(input)
    }
}

/// The value numbered `n`, or `None` where `n` is past the scheme's values: the storage bytes
/// as a big-endian number, right-aligned (an ID longer than 16 bytes has zeros before it); for
/// a text scheme, `n`'s digits in its sorted alphabet added to its smallest ID from the last
/// character (what stays a valid text: CUID2's leading letter is left alone until a carry).
fn nth<S: Scheme>(n: u128) -> Option<S> {
    let len = S::BYTE_LEN;
    let mut buf = [0u8; crate::scheme::IdBytes::CAPACITY];
    let storage = &mut buf[..len];
    let alphabet = S::TEXT_ALPHABET.as_bytes();
    if alphabet.is_empty() {
        let be = n.to_be_bytes();
        let skip = 16usize.saturating_sub(len);
        if be[..skip].iter().any(|&b| b != 0) {
            return None;
        }
        storage[len - (16 - skip)..].copy_from_slice(&be[skip..]);
    } else {
        let mut sorted = alphabet.to_vec();
        sorted.sort_unstable();
        let radix = sorted.len() as u128;
        storage.copy_from_slice(&S::min_at(Timestamp::MIN).to_bytes());
        let mut carry = n;
        for c in storage.iter_mut().rev() {
            if carry == 0 {
                break;
            }
            let digit = sorted.iter().position(|s| s == c)? as u128 + carry % radix;
            carry = carry / radix + digit / radix;
            *c = sorted[(digit % radix) as usize];
        }
        if carry != 0 {
            return None;
        }
    }
    S::from_bytes(storage).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheme::{CombPg, DistributedId, DistributedId128, Sno};
    use core::time::Duration;

    #[test]
    fn nesting_innermost_wins_and_drop_restores() {
        let real = DistributedId::new();
        assert!(real.to_string().len() == 28);
        let outer = GeneratorScope::<DistributedId>::fixed(DistributedId::try_from_u128(42).unwrap());
        assert_eq!(DistributedId::new().value(), 42);
        {
            let _inner = GeneratorScope::<DistributedId>::incremental();
            assert_eq!(DistributedId::new().value(), 1);
            assert_eq!(DistributedId::new().value(), 2);
            // Other schemes are untouched.
            assert_ne!(DistributedId128::new().value(), 1);
        }
        assert_eq!(DistributedId::new().value(), 42);
        drop(outer);
        assert!(DistributedId::new().value() > real.value());
    }

    /// A scope kept past the leak age is reported once, with where it was opened; a fresh one
    /// is not.
    #[test]
    fn a_scope_that_outlives_the_leak_age_is_reported_once() {
        use core::sync::atomic::{AtomicU32, AtomicUsize};
        static REPORTS: AtomicUsize = AtomicUsize::new(0);
        static LINE: AtomicU32 = AtomicU32::new(0);
        // Other tests' scopes may be reported meanwhile: count only this one.
        on_leaked_scope(|leak| {
            if leak.scheme == "sno"
                && leak.at.file().ends_with("scope.rs")
                && leak.at.line() == LINE.load(Ordering::SeqCst)
            {
                // A hook may open a scope: it used to run inside the scopes' borrow and panic.
                drop(GeneratorScope::<DistributedId>::incremental());
                REPORTS.fetch_add(1, Ordering::SeqCst);
            }
        });
        LINE.store(line!() + 1, Ordering::SeqCst);
        let _young = GeneratorScope::<Sno>::incremental();
        Sno::new(0);
        assert_eq!(REPORTS.load(Ordering::SeqCst), 0);
        leak_warning_after(Duration::ZERO);
        Sno::new(0);
        Sno::new(0);
        leak_warning_after(Duration::from_secs(300));
        assert_eq!(REPORTS.load(Ordering::SeqCst), 1, "reported once per scope");
    }

    /// A task scope covers its future on whichever worker thread polls it, and only it.
    #[cfg(feature = "tokio1")]
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn task_scopes_follow_the_task_across_threads() {
        let threads = TaskScope::<DistributedId>::incremental()
            .run(async {
                let mut threads = std::collections::HashSet::new();
                for expected in 1..=200u128 {
                    tokio::task::yield_now().await;
                    threads.insert(std::thread::current().id());
                    assert_eq!(DistributedId::new().value(), expected);
                }
                // An inner scope of another scheme leaves this one in place.
                TaskScope::<Sno>::fixed(Sno::ZERO)
                    .run(async {
                        assert_eq!(Sno::new(0), Sno::ZERO);
                        assert_eq!(DistributedId::new().value(), 201);
                    })
                    .await;
                threads
            })
            .await;
        assert!(DistributedId::new().value() > 1_000_000, "outside the scope: real IDs");
        // Not a guarantee of the runtime, but with 200 yields on 2 workers it moves.
        let _moved = threads.len() > 1;
        // A task spawned without the scope does not see it.
        let spawned = tokio::spawn(async { DistributedId::new().value() }).await.unwrap();
        assert!(spawned > 1_000_000);
    }

    /// Values past a short scheme's width used to be cut to its low bytes (wrapping to 0), and
    /// a DistributedId past 10^28 − 1 panicked.
    #[test]
    fn incremental_stops_at_the_largest_value() {
        let g = Incremental::<Sno>::starting_at((1 << 80) - 1);
        assert_eq!(g.generate(0).unwrap().to_array(), [0xFF; 10]);
        assert_eq!(g.generate(0), Err(GenerateError::Exhausted { scheme: "sno" }));
        assert_eq!(g.generate(0), Err(GenerateError::Exhausted { scheme: "sno" }), "and stays there");
        let g = Incremental::<DistributedId>::starting_at(crate::codec::decimal::MAX);
        assert!(g.generate(()).is_ok());
        assert_eq!(g.generate(()), Err(GenerateError::Exhausted { scheme: "distributed" }));
        let g = Incremental::<DistributedId128>::starting_at(u128::MAX);
        assert_eq!(g.generate(()).unwrap().value(), u128::MAX);
        assert!(g.generate(()).unwrap_err().to_string().contains("largest value"));
    }

    /// IDs longer than 16 bytes (the number after zeros) and text IDs (the number in the
    /// alphabet, over the smallest ID): consecutive, valid, in order; none used to panic.
    #[test]
    #[cfg(all(feature = "ksuid", feature = "nanoid", feature = "cuid2"))]
    fn incremental_past_sixteen_bytes_and_in_text() {
        use crate::scheme::{Cuid2, Ksuid, Nanoid};
        let g = Incremental::<Ksuid>::starting_at(u128::MAX);
        assert_eq!(g.generate(()).unwrap().to_bytes_array()[..4], [0; 4]);
        assert_eq!(g.generate(()), Err(GenerateError::Exhausted { scheme: "ksuid" }));
        let g = Incremental::<Cuid2>::starting_at(35);
        let (a, b) = (g.generate(()).unwrap(), g.generate(()).unwrap());
        assert_eq!(
            (a.to_string().as_str(), b.to_string().as_str()),
            ("a0000000000000000000000z", "a00000000000000000000010")
        );
        let g = Incremental::<Nanoid>::starting_at(0);
        let ids: Vec<Nanoid> = (0..crate::test_budget::iterations(200, 20)).map(|_| g.generate(()).unwrap()).collect();
        assert_eq!(ids[0].to_string(), "-".repeat(21));
        assert!(ids.windows(2).all(|p| p[0] < p[1]), "consecutive values in order");
        let g = Incremental::<Nanoid<crate::scheme::UrlSafe, 2>>::starting_at(64 * 64 - 1);
        assert_eq!(g.generate(()).unwrap().to_string(), "zz");
        assert!(g.generate(()).is_err(), "past the last two-character ID");
    }

    #[test]
    fn incremental_vectors() {
        let g = Incremental::<DistributedId>::starting_at(0);
        assert_eq!((g.generate(()).unwrap().value(), g.generate(()).unwrap().value()), (0, 1));
        let g = Incremental::<DistributedId>::starting_at(u64::MAX.into());
        assert_eq!(g.generate(()).unwrap().to_string(), "18446744073709551615");
        assert_eq!(g.generate(()).unwrap().to_string(), "18446744073709551616");
        let g = Incremental::<DistributedId128>::starting_at(1);
        assert_eq!(g.generate(()).unwrap().to_uuid().to_string(), "00000000-0000-0000-0000-000000000001");
        let g = alloc::sync::Arc::new(Incremental::<DistributedId>::starting_at(1));
        let handles: Vec<_> = (0..10)
            .map(|_| {
                let g = alloc::sync::Arc::clone(&g);
                std::thread::spawn(move || g.generate(()).unwrap().value())
            })
            .collect();
        let mut got: Vec<u128> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        got.sort();
        assert_eq!(got, (1..=10).collect::<Vec<_>>());
    }

    #[test]
    fn scopes_are_per_thread_and_generic() {
        let _scope = GeneratorScope::<CombPg>::incremental();
        assert_eq!(CombPg::new().to_string(), "00000000-0000-0000-0000-000000000001");
        let _sno = GeneratorScope::<Sno>::fixed(Sno::ZERO);
        assert!(Sno::new(3).is_zero());
        std::thread::spawn(|| assert_ne!(CombPg::new().to_string(), "00000000-0000-0000-0000-000000000002"))
            .join()
            .unwrap();
        assert_eq!(CombPg::new().to_string(), "00000000-0000-0000-0000-000000000002");
    }

    #[test]
    fn out_of_order_drop_keeps_other_scopes() {
        let a = GeneratorScope::<DistributedId>::fixed(DistributedId::try_from_u128(1).unwrap());
        let b = GeneratorScope::<DistributedId>::fixed(DistributedId::try_from_u128(2).unwrap());
        drop(a);
        assert_eq!(DistributedId::new().value(), 2);
        drop(b);
    }
}
