//! Explicit key scopes: the keys that the serde adapter ([`as_token`](crate::as_token)) and the
//! extractors use, for one closure or one future, instead of the process's
//! [installed](crate::install) keys.
//!
//! A multi-tenant service keeps one [`PublicIds`] per tenant; tests of one binary run in
//! parallel with keys of their own. Both hand the keys to the code that needs them:
//!
//! ```
//! use idcraft_public::{AesKey, PublicIds, scope};
//! use std::sync::Arc;
//!
//! let tenant = Arc::new(PublicIds::new(AesKey::new(&[7; 32]).unwrap()));
//! let in_scope = scope::with(&tenant, || scope::current().is_some());
//! assert!(in_scope);
//! ```
//!
//! A scope belongs to the thread that runs the closure; [`Scoped`] carries one into a future,
//! entering it around every poll, so it follows an async task across an executor's worker
//! threads. The web extractors (`axum`, `actix` modules) read keys from the framework's state
//! and scope the deserialization of their value; `scope_keys` middlewares there scope a whole
//! request, request bodies and responses included. Lookups go: the innermost scope, else the
//! installed keys.

use crate::installed::installed;
use crate::token::PublicIds;
use core::future::Future;
use core::ops::Deref;
use core::pin::Pin;
use core::task::{Context, Poll};
use std::cell::RefCell;
use std::sync::Arc;

/// Keys found by a lookup: a scope's shared keys, or the installed ones.
#[derive(Clone, Debug)]
pub enum Keys {
    /// Keys of a [scope](self).
    Scoped(Arc<PublicIds>),
    /// The process's [installed](crate::install) keys.
    Installed(&'static PublicIds),
}

impl Deref for Keys {
    type Target = PublicIds;

    fn deref(&self) -> &PublicIds {
        match self {
            Keys::Scoped(ids) => ids,
            Keys::Installed(ids) => ids,
        }
    }
}

thread_local! {
    static STACK: RefCell<Vec<Keys>> = const { RefCell::new(Vec::new()) };
    /// Set when the serde adapter found no keys, so an extractor tells that deployment error
    /// (500) from a client's bad token (404/400) without reading error messages.
    static MISSING: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Notes that a token was to be read or written with no keys in scope or installed.
#[cfg(feature = "serde")]
pub(crate) fn note_missing() {
    MISSING.with(|m| m.set(true));
}

/// Whether [`note_missing`] was called on this thread since the last call; clears the note.
#[cfg(any(feature = "axum08", feature = "actix4"))]
pub(crate) fn take_missing() -> bool {
    MISSING.with(|m| m.replace(false))
}

/// Pops this thread's innermost scope when dropped, so a panicking closure leaves none behind.
struct Entered;

impl Entered {
    fn new(keys: Keys) -> Entered {
        STACK.with(|s| s.borrow_mut().push(keys));
        Entered
    }
}

impl Drop for Entered {
    fn drop(&mut self) {
        STACK.with(|s| s.borrow_mut().pop());
    }
}

/// Runs `f` with `keys` in scope on this thread.
pub fn with<R>(keys: &Arc<PublicIds>, f: impl FnOnce() -> R) -> R {
    with_keys(Keys::Scoped(Arc::clone(keys)), f)
}

/// Runs `f` with `keys` (scoped or installed) in scope on this thread.
pub fn with_keys<R>(keys: Keys, f: impl FnOnce() -> R) -> R {
    let _entered = Entered::new(keys);
    f()
}

/// The keys in force here: the innermost scope's, else the installed ones.
pub fn current() -> Option<Keys> {
    STACK.with(|s| s.borrow().last().cloned()).or_else(|| installed().map(Keys::Installed))
}

/// A future that runs with keys in scope: every poll of the inner future enters the scope.
/// (The future is boxed so that `Scoped` is `Unpin` without unsafe pin projection.)
pub struct Scoped<F> {
    keys: Keys,
    future: Pin<Box<F>>,
}

impl<F> Scoped<F> {
    /// `future`, run with `keys` in scope.
    pub fn new(keys: Keys, future: F) -> Scoped<F> {
        Scoped { keys, future: Box::pin(future) }
    }
}

impl<F> core::fmt::Debug for Scoped<F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Scoped").field("keys", &self.keys).finish_non_exhaustive()
    }
}

impl<F: Future> Future for Scoped<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let this = self.get_mut();
        let future = this.future.as_mut();
        with_keys(this.keys.clone(), || future.poll(cx))
    }
}

/// Runs `future` with `keys` in scope (see [`Scoped`]).
pub fn scoped<F: Future>(keys: &Arc<PublicIds>, future: F) -> Scoped<F> {
    Scoped::new(Keys::Scoped(Arc::clone(keys)), future)
}
