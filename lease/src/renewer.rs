//! The renewer thread: renews every `renew_every`, retries a failed renewal soon (each attempt
//! bounded by the store timeout, on a fresh connection), and gives the slot back when the
//! lease is released or dropped.

#[cfg(any(feature = "postgres", feature = "etcd"))]
use super::state::{Shared, monotonic_nanos, time_of, wall_micros_in};
use super::store::LeaseError;
#[cfg(any(feature = "postgres", feature = "etcd"))]
use super::store::Store;
#[cfg(any(feature = "postgres", feature = "etcd"))]
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex};
use std::task::{Poll, Waker};
use std::time::Duration;

/// How soon a failed renewal is tried again: soon enough that a store back from an outage is
/// found within a fraction of `renew_every`, not so often that a fleet hammers a sick store.
#[cfg(any(feature = "postgres", feature = "etcd"))]
fn retry_after(every: Duration) -> Duration {
    (every / 5).clamp(Duration::from_millis(10), Duration::from_secs(1))
}

/// Renews until stopped or the slot is lost; on stop, releases and reports through `handback`.
#[cfg(any(feature = "postgres", feature = "etcd"))]
pub(super) fn run(
    mut store: Box<dyn Store>,
    shared: &Shared,
    every: Duration,
    ttl: Duration,
    stopped: &Receiver<()>,
    handback: &Handback,
) {
    let mut wait = every;
    loop {
        match stopped.recv_timeout(wait) {
            Err(RecvTimeoutError::Timeout) => {}
            Ok(()) | Err(RecvTimeoutError::Disconnected) => {
                let issued = shared.stop_issuing();
                if shared.is_lost() {
                    handback.finish(Ok(()));
                } else {
                    handback.finish(store.release(shared.slot, shared.holder, shared.epoch, issued));
                }
                return;
            }
        }
        if shared.is_lost() {
            // Nothing left to renew; wait for the lease to be dropped.
            wait = Duration::from_secs(3600);
            continue;
        }
        let sent = monotonic_nanos();
        let bound = time_of(wall_micros_in(ttl));
        wait = match store.renew(shared.slot, shared.holder, shared.epoch, ttl, bound) {
            Ok(Some(stored)) => {
                shared.extend(sent, stored);
                every
            }
            Ok(None) => {
                shared.lose();
                Duration::from_secs(3600)
            }
            // The store is unreachable or slow: the lease runs on to its deadline meanwhile.
            Err(_) => retry_after(every),
        };
    }
}

/// How a release reports back: to a thread waiting with a bound, or to a future.
#[derive(Default)]
pub(super) struct Handback {
    state: Mutex<HandbackState>,
    done: Condvar,
}

#[derive(Default)]
struct HandbackState {
    result: Option<Result<(), LeaseError>>,
    waker: Option<Waker>,
    finished: bool,
}

impl Handback {
    #[cfg(any(feature = "postgres", feature = "etcd"))]
    fn finish(&self, result: Result<(), LeaseError>) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.result = Some(result);
        state.finished = true;
        if let Some(waker) = state.waker.take() {
            waker.wake();
        }
        self.done.notify_all();
    }

    /// Waits up to `limit` for the release's outcome.
    pub(super) fn wait(&self, limit: Duration) -> Result<(), LeaseError> {
        let guard = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let (mut state, _) =
            self.done.wait_timeout_while(guard, limit, |s| !s.finished).unwrap_or_else(|e| e.into_inner());
        match state.result.take() {
            Some(result) => result,
            None if state.finished => Ok(()),
            None => Err(LeaseError::Timeout { call: "release", after: limit }),
        }
    }

    pub(super) fn poll(&self, waker: &Waker) -> Poll<Result<(), LeaseError>> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.finished {
            return Poll::Ready(state.result.take().unwrap_or(Ok(())));
        }
        state.waker = Some(waker.clone());
        Poll::Pending
    }
}

/// The future of [`Lease::release_async`](super::Lease::release_async).
pub(super) struct Released(pub(super) Arc<Handback>);

impl std::future::Future for Released {
    type Output = Result<(), LeaseError>;

    fn poll(self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> Poll<Self::Output> {
        self.0.poll(cx.waker())
    }
}
