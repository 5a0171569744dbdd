//! What a lease needs from its store, written once for every backend: claim a free slot,
//! renew it, give it back, each with the bound on IDs that the holder publishes (see the
//! [lease docs](crate#no-repeat-across-a-handover)). A backend is one file implementing
//! [`Store`].

use std::time::Duration;
#[cfg(any(feature = "postgres", feature = "etcd", all(test, feature = "sno")))]
use std::time::SystemTime;
#[cfg(any(feature = "postgres", feature = "etcd"))]
use uuid::Uuid;

/// Why a lease could not be taken or kept.
#[derive(Debug)]
#[non_exhaustive]
pub enum LeaseError {
    /// The store refused or failed (the backend's own error).
    Store(Box<dyn std::error::Error + Send + Sync>),
    /// The store did not answer within the store timeout; the connection was abandoned.
    Timeout {
        /// What was asked.
        call: &'static str,
        /// The deadline it missed.
        after: Duration,
    },
    /// Every slot of the namespace is held by a live lease.
    NoFreeSlot {
        /// The namespace.
        namespace: &'static str,
        /// Its number of slots.
        slots: u32,
    },
    /// The slot's previous holder may have issued IDs up to a time this host's clock will not
    /// reach within a TTL: this clock is behind (or the previous holder's was far ahead).
    /// Waiting that out would stall; another slot, or a fixed clock, is the way on.
    ClockBehind {
        /// The namespace.
        namespace: &'static str,
        /// The slot.
        slot: u32,
        /// How far ahead of this clock the previous holder's bound lies.
        by: Duration,
    },
    /// A configuration that cannot give a safe lease.
    Config(&'static str),
    /// The renewal thread could not be started.
    Thread(std::io::Error),
    /// This process is a `fork()` child of the one that holds the lease: only the parent, whose
    /// renewer runs there, renews and releases it; the child takes a lease of its own.
    ForkedChild {
        /// The namespace.
        namespace: &'static str,
        /// The parent's slot.
        slot: u32,
    },
}

impl std::fmt::Display for LeaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeaseError::Store(e) => write!(f, "lease store: {e}"),
            LeaseError::Timeout { call, after } => {
                write!(f, "lease store: no answer to {call} within {} ms", after.as_millis())
            }
            LeaseError::NoFreeSlot { namespace, slots } => {
                write!(f, "all {slots} slots of lease namespace {namespace} are held")
            }
            LeaseError::ClockBehind { namespace, slot, by } => write!(
                f,
                "the previous holder of {namespace} slot {slot} may have issued IDs up to {} ms ahead of this host's clock, more than a TTL",
                by.as_millis()
            ),
            LeaseError::Config(why) => write!(f, "lease configuration: {why}"),
            LeaseError::Thread(e) => write!(f, "lease renewal thread: {e}"),
            LeaseError::ForkedChild { namespace, slot } => write!(
                f,
                "{namespace} slot {slot} is held by the process this one was fork()ed from: only it renews or releases the lease; acquire one of this process's own"
            ),
        }
    }
}

impl std::error::Error for LeaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LeaseError::Store(e) => Some(&**e),
            LeaseError::Thread(e) => Some(e),
            _ => None,
        }
    }
}

/// A slot just claimed.
#[cfg(any(feature = "postgres", feature = "etcd", all(test, feature = "sno")))]
#[derive(Clone, Copy, Debug)]
pub(super) struct Claim {
    pub(super) slot: u32,
    pub(super) epoch: i64,
    /// The latest unit start any earlier holder of the slot may have stamped into an ID (its
    /// published bound; `None` for a slot never held).
    pub(super) previous_bound: Option<SystemTime>,
    /// This holder's bound as stored: what it asked for, or the previous bound if that is later.
    pub(super) bound: SystemTime,
}

/// What a holder asks of [`Store::claim`].
#[cfg(any(feature = "postgres", feature = "etcd"))]
#[derive(Clone, Copy, Debug)]
pub(super) struct ClaimRequest {
    /// Who claims (a random UUID per lease).
    pub(super) holder: Uuid,
    /// The slot tried first (drawn at random, so claimants spread over the slots).
    pub(super) start: u32,
    /// How many slots there are (`0..slots`).
    pub(super) slots: u32,
    /// How long the lease lasts from the store's now.
    pub(super) ttl: Duration,
    /// The bound this holder publishes: the latest instant it may stamp.
    pub(super) bound: SystemTime,
}

/// One backend's statements. Every call returns within the store timeout the backend was
/// built with ([`LeaseError::Timeout`] otherwise), and a failed call leaves the backend ready
/// to reconnect on the next.
#[cfg(any(feature = "postgres", feature = "etcd"))]
pub(super) trait Store: Send + 'static {
    /// Creates the backend's schema unless it exists.
    fn prepare(&mut self) -> Result<(), LeaseError>;

    /// A free slot of `0..slots`, trying first the one at `start`: taken for `holder` with a
    /// new epoch, stored with `bound` (or the previous holder's bound, if later).
    fn claim(&mut self, request: ClaimRequest) -> Result<Option<Claim>, LeaseError>;

    /// Extends the lease by `ttl` from the store's now and raises the published bound to
    /// `bound` (never lowers it). The stored bound if the slot is still `holder`'s at `epoch`,
    /// `None` if it is not (lost).
    fn renew(
        &mut self,
        slot: u32,
        holder: Uuid,
        epoch: i64,
        ttl: Duration,
        bound: SystemTime,
    ) -> Result<Option<SystemTime>, LeaseError>;

    /// Expires the lease now, lowering the published bound to `issued` (the latest unit start
    /// this holder stamped, or its claim's previous bound): a successor can start at once.
    fn release(&mut self, slot: u32, holder: Uuid, epoch: i64, issued: SystemTime) -> Result<(), LeaseError>;
}
