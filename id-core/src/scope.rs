//! Scoped generator overrides for tests: code that calls a scheme's default generator (and so
//! every derived type's `new()`) inside a scope gets the scope's IDs instead.
//!
//! One mechanism for every scheme. Scopes are per thread (parallel tests do not see each
//! other's), nest (the innermost wins) and end when their guard is dropped. A scope does not
//! follow work to other threads or async tasks that hop threads.
//!
//! ```
//! use idcraft_core::scope::GeneratorScope;
//! use idcraft_core::scheme::DistributedId;
//!
//! let _scope = GeneratorScope::<DistributedId>::incremental();
//! assert_eq!(DistributedId::now().to_string(), "1");
//! assert_eq!(DistributedId::now().to_string(), "2");
//! ```

use crate::error::GenerateError;
use crate::scheme::{Generate, Scheme};
use core::any::{Any, TypeId};
use core::cell::{Cell, RefCell};
use core::marker::PhantomData;
use std::rc::Rc;
use std::sync::Mutex;

type Producer<S> = Rc<dyn Fn(<S as Scheme>::Input) -> Result<S, GenerateError>>;

struct Entry {
    key: u64,
    scheme: TypeId,
    producer: Box<dyn Any>,
}

thread_local! {
    static SCOPES: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
    static ACTIVE: Cell<usize> = const { Cell::new(0) };
    static NEXT_KEY: Cell<u64> = const { Cell::new(0) };
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
    pub fn new<G: Generate<S> + 'static>(generator: G) -> Self {
        Self::push(Rc::new(move |input| generator.generate(input)))
    }

    /// Overrides with a function of the scheme's input (Architect's
    /// `CustomDistributedIdGenerator(Func)`).
    pub fn from_fn(f: impl Fn() -> S + 'static) -> Self {
        Self::push(Rc::new(move |_| Ok(f())))
    }

    /// Always the same value.
    pub fn fixed(value: S) -> Self {
        Self::from_fn(move || value)
    }

    /// 1, 2, 3, … (see [`Incremental`]).
    pub fn incremental() -> Self {
        Self::new(Incremental::<S>::starting_at(1))
    }

    fn push(producer: Producer<S>) -> Self {
        let key = NEXT_KEY.with(|k| {
            k.set(k.get() + 1);
            k.get()
        });
        SCOPES.with(|s| s.borrow_mut().push(Entry { key, scheme: TypeId::of::<S>(), producer: Box::new(producer) }));
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

/// The innermost scope's value for `S` on this thread, if a scope for `S` is active.
#[inline]
pub fn current<S: Scheme>(input: S::Input) -> Option<Result<S, GenerateError>> {
    if ACTIVE.with(Cell::get) == 0 {
        return None;
    }
    let producer = SCOPES.with(|s| {
        s.borrow()
            .iter()
            .rev()
            .find(|e| e.scheme == TypeId::of::<S>())
            .and_then(|e| e.producer.downcast_ref::<Producer<S>>().cloned())
    })?;
    // Called outside the borrow: the producer may itself open scopes or make IDs.
    Some(producer(input))
}

/// The value from the innermost scope, else from the scheme's default generator.
#[inline]
pub fn generate_default<S: Scheme>(input: S::Input) -> Result<S, GenerateError> {
    match current::<S>(input) {
        Some(result) => result,
        None => S::default_generator().generate(input),
    }
}

/// A generator of consecutive values: the storage bytes read as a big-endian integer
/// (`first`, `first + 1`, …); Architect's `IncrementalDistributedIdGenerator`. Thread-safe.
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
        let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
        let current = next.ok_or(exhausted.clone())?;
        let bytes = current.to_be_bytes();
        let (high, storage) = bytes.split_at(16 - S::BYTE_LEN);
        if high.iter().any(|&b| b != 0) {
            return Err(exhausted);
        }
        let value = S::from_bytes(storage).map_err(|_| exhausted)?;
        *next = current.checked_add(1);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheme::{CombPg, DistributedId, DistributedId128, Sno};

    #[test]
    fn nesting_innermost_wins_and_drop_restores() {
        let real = DistributedId::now();
        assert!(real.to_string().len() == 28);
        let outer = GeneratorScope::<DistributedId>::fixed(DistributedId::from_u128(42).unwrap());
        assert_eq!(DistributedId::now().value(), 42);
        {
            let _inner = GeneratorScope::<DistributedId>::incremental();
            assert_eq!(DistributedId::now().value(), 1);
            assert_eq!(DistributedId::now().value(), 2);
            // Other schemes are untouched.
            assert_ne!(DistributedId128::now().value(), 1);
        }
        assert_eq!(DistributedId::now().value(), 42);
        drop(outer);
        assert!(DistributedId::now().value() > real.value());
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

    #[test]
    fn incremental_vectors() {
        let g = Incremental::<DistributedId>::starting_at(0);
        assert_eq!((g.generate(()).unwrap().value(), g.generate(()).unwrap().value()), (0, 1));
        let g = Incremental::<DistributedId>::starting_at(u64::MAX.into());
        assert_eq!(g.generate(()).unwrap().to_string(), "18446744073709551615");
        assert_eq!(g.generate(()).unwrap().to_string(), "18446744073709551616");
        let g = Incremental::<DistributedId128>::starting_at(1);
        assert_eq!(g.generate(()).unwrap().to_uuid().to_string(), "00000000-0000-0000-0000-000000000001");
        let g = std::sync::Arc::new(Incremental::<DistributedId>::starting_at(1));
        let handles: Vec<_> = (0..10)
            .map(|_| {
                let g = std::sync::Arc::clone(&g);
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
        assert_eq!(CombPg::now().to_string(), "00000000-0000-0000-0000-000000000001");
        let _sno = GeneratorScope::<Sno>::fixed(Sno::ZERO);
        assert!(Sno::now(3).is_zero());
        std::thread::spawn(|| assert_ne!(CombPg::now().to_string(), "00000000-0000-0000-0000-000000000002"))
            .join()
            .unwrap();
        assert_eq!(CombPg::now().to_string(), "00000000-0000-0000-0000-000000000002");
    }

    #[test]
    fn out_of_order_drop_keeps_other_scopes() {
        let a = GeneratorScope::<DistributedId>::fixed(DistributedId::from_u128(1).unwrap());
        let b = GeneratorScope::<DistributedId>::fixed(DistributedId::from_u128(2).unwrap());
        drop(a);
        assert_eq!(DistributedId::now().value(), 2);
        drop(b);
    }
}
