//! The default generator of each scheme and what replaces it in tests: the stacks of thread
//! and task overrides that [`scope`](crate::scope) opens, looked up on every default
//! generation. It sits below the schemes' `new` (so they do not depend on the public scope API)
//! and above nothing but the traits.

use crate::prelude::*;

use super::Scheme;
use crate::error::GenerateError;
use crate::sync::AtomicU64;
use crate::sync::Mutex;
use alloc::rc::Rc;
use core::any::{Any, TypeId};
use core::cell::{Cell, RefCell};
use core::panic::Location;
use core::sync::atomic::Ordering;
use core::time::Duration;

pub(crate) type Producer<S> = Rc<dyn Fn(<S as Scheme>::Input) -> Result<S, GenerateError>>;

pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) scheme: TypeId,
    pub(crate) producer: Box<dyn Any>,
    pub(crate) opened: crate::clock::Stopwatch,
    pub(crate) at: &'static Location<'static>,
    pub(crate) reported: Cell<bool>,
}

/// A thread scope still overriding IDs long after it was opened.
#[derive(Debug)]
pub struct LeakedScope {
    /// The scheme it overrides.
    pub scheme: &'static str,
    /// Where it was opened.
    pub at: &'static Location<'static>,
    /// How long ago.
    pub age: Duration,
}

pub(crate) static LEAK_AFTER_MILLIS: AtomicU64 = AtomicU64::new(5 * 60 * 1000);
pub(crate) static LEAK_HOOK: Mutex<Option<fn(&LeakedScope)>> = Mutex::new(None);

/// The report `entry` is due, if it has just outlived the leak age (once per scope).
fn due_report<S: Scheme>(entry: &Entry) -> Option<LeakedScope> {
    let age = entry.opened.elapsed();
    if entry.reported.get() || age.as_millis() < u128::from(LEAK_AFTER_MILLIS.load(Ordering::Relaxed)) {
        return None;
    }
    entry.reported.set(true);
    Some(LeakedScope { scheme: S::NAME, at: entry.at, age })
}

/// Hands `leak` to the hook, or to stderr. Called with no lock or borrow held: a hook may make
/// IDs, open scopes or install another hook.
fn report(leak: &LeakedScope) {
    let hook = *LEAK_HOOK.lock();
    match hook {
        Some(hook) => hook(leak),
        None => {
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "idcraft: a GeneratorScope<{}> opened at {} {:.0?} ago still overrides this thread's IDs: was its guard leaked?",
                leak.scheme,
                leak.at,
                leak.age
            );
        }
    }
}

std::thread_local! {
    pub(crate) static SCOPES: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
    pub(crate) static ACTIVE: Cell<usize> = const { Cell::new(0) };
    pub(crate) static NEXT_KEY: Cell<u64> = const { Cell::new(0) };
}

/// The innermost scope's value for `S` on this thread, if a scope for `S` is active.
#[inline]
pub fn current<S: Scheme>(input: S::Input) -> Option<Result<S, GenerateError>> {
    if ACTIVE.with(Cell::get) != 0 {
        let found = SCOPES.with(|s| {
            let scopes = s.borrow();
            let entry = scopes.iter().rev().find(|e| e.scheme == TypeId::of::<S>())?;
            Some((entry.producer.downcast_ref::<Producer<S>>().cloned()?, due_report::<S>(entry)))
        });
        // Called outside the borrow: the producer and the hook may open scopes or make IDs.
        if let Some((producer, leak)) = found {
            if let Some(leak) = leak {
                report(&leak);
            }
            return Some(producer(input));
        }
    }
    #[cfg(feature = "tokio1")]
    if let Some(result) = task::current::<S>(input) {
        return Some(result);
    }
    None
}

#[cfg(feature = "tokio1")]
pub(crate) mod task {
    use super::super::Scheme;
    use crate::error::GenerateError;
    use crate::prelude::*;
    use alloc::sync::Arc;
    use core::any::{Any, TypeId};
    use core::sync::atomic::{AtomicUsize, Ordering};

    pub(crate) type Producer<S> = Arc<dyn Fn(<S as Scheme>::Input) -> Result<S, GenerateError> + Send + Sync>;
    pub(crate) type Entries = Arc<Vec<(TypeId, Arc<dyn Any + Send + Sync>)>>;

    tokio::task_local! {
        pub(crate) static TASK_SCOPES: Entries;
    }

    /// Task scopes being run, process-wide: while none is, generation skips the task-local
    /// lookup entirely.
    pub(crate) static RUNNING: AtomicUsize = AtomicUsize::new(0);

    /// The innermost task scope's value for `S`, if the current task runs under one.
    pub(crate) fn current<S: Scheme>(input: S::Input) -> Option<Result<S, GenerateError>> {
        if RUNNING.load(Ordering::Relaxed) == 0 {
            return None;
        }
        let producer = TASK_SCOPES
            .try_with(|entries| {
                entries
                    .iter()
                    .rev()
                    .find(|(scheme, _)| *scheme == TypeId::of::<S>())
                    .and_then(|(_, p)| p.downcast_ref::<Producer<S>>().cloned())
            })
            .ok()
            .flatten()?;
        Some(producer(input))
    }
}
