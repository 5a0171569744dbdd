//! Leased slots: fleet-wide uniqueness for sno partitions, uid nodes, HotGuid machine bytes and
//! snowflake nodes (Twitter and Discord workers, Instagram shards, Sonyflake machines),
//! coordinated through a store the fleet already runs: PostgreSQL (feature `lease-postgres` of
//! `idcraft`, `postgres` of this crate) or etcd (`lease-etcd`, `etcd` here).
//!
//! Applications use this crate through `idcraft`, as `idcraft::lease`: the paths below are the
//! same there (`idcraft::lease::Lease` is [`Lease`]; `idcraft_core::scheme` is
//! `idcraft::schemes`).
//!
//! A process claims a free slot of a namespace (a row of the `idcraft_lease` table,
//! `sql/postgres/idcraft_lease.sql`, or a key in etcd), keeps it with renewals from a background
//! thread, and gives it back when the [`Lease`] is dropped or [released](Lease::release).
//! Generators built on the lease ([`LeasedGenerator`]) ask it before handing out each ID, and
//! return its refusal as `GenerateError::Fenced`, from which [`LeaseRefusal::of`] gets the
//! lease's own error back (expired or lost, or a time outside the lease's window).
//!
//! ```no_run
//! # #[cfg(all(feature = "postgres", feature = "sno"))] {
//! use idcraft_core::scheme::{DefaultGenerator, sno::SnoGenerator};
//! use idcraft_lease::{Lease, LeaseConfig, LeasedGenerator};
//!
//! // At start-up; keep `lease` for the life of the process.
//! let lease = Lease::acquire("postgres://app@db/app", LeaseConfig::sno_partitions()).unwrap();
//! // Or from etcd: Lease::acquire_etcd(&["http://etcd-0:2379", "http://etcd-1:2379"], …)
//! // Derived sno types' `new()` and `Sno::new` now issue on the leased partition.
//! SnoGenerator::leased(&lease).unwrap().install_default().expect("before the first ID");
//! # std::mem::forget(lease);
//! # }
//! ```
//!
//! # Which store
//!
//! Both give every guarantee below; the rest of the lease (validity, fencing, renewal,
//! succession) is the same code. Choose **PostgreSQL** ([`Lease::acquire`]) when the fleet
//! already shares one PostgreSQL: nothing new to run, and a migration creates the table next to
//! the data. Choose **etcd** ([`Lease::acquire_etcd`]) when there is no database every process
//! shares (a database per tenant or region, or none), or when the slot store must outlive the
//! loss of a machine: etcd is replicated, and renewals go on while a majority of its members
//! (leader included or not) is up. In Kubernetes, etcd is what the cluster itself runs on; give
//! applications an etcd cluster of their own rather than the control plane's.
//!
//! # etcd
//!
//! * The store speaks etcd's JSON gateway (`/v3/...` on every member's client URL, etcd 3.4
//!   and later) over HTTP/1.1: endpoints are `http://` (see [`EtcdOptions`] for credentials
//!   and TLS), and no protobuf compiler is needed to build.
//! * A held slot is the key `idcraft/lease/<namespace>/<slot>` (the slot zero-padded to 10
//!   digits), attached to an etcd lease of the configured TTL and kept alive at `renew_every`;
//!   the epoch is the key's create revision. The published bound lives in
//!   `idcraft/bound/<namespace>/<slot>`, attached to no lease, so it outlives the slot key. A
//!   claim creates the slot key in a transaction that requires it to be absent and the bound key
//!   unchanged since it was read.
//! * **TTLs are whole seconds**: the configured TTL is rounded up (1.2 s becomes 2 s), and etcd
//!   raises a TTL below its minimum (one and a half election timeouts: 1.5 s, so 2 s, with the
//!   default 1 s election timeout) to that minimum. The holder still stops at the deadline of the
//!   configured TTL; the rounding only lengthens how long a crashed holder's slot stays taken.
//! * **An expired etcd lease deletes the key**: a holder cut off from a working cluster for
//!   longer than the etcd lease's TTL always loses the slot ([`Lease::is_lost`]; take a new
//!   lease), even if nobody claimed it meanwhile. (On PostgreSQL an expired row that nobody took
//!   is renewed by its holder.)
//! * **A lost quorum** (no leader) answers nothing and expires nothing: holders stop issuing at
//!   their deadlines, and nobody can claim. When the quorum returns, a newly elected leader
//!   extends every etcd lease by its TTL, and the holders' next renewals keep their slots; a
//!   leader that was itself frozen (a paused VM, `SIGSTOP`) past the leases' TTL expires them
//!   when it wakes, and the holders find their slots lost at their next renewal and claim new
//!   ones. Either way issuing resumes within a renewal retry, an election and a claim, and
//!   nothing repeats (`tests/etcd.rs`, 5 s TTL: 1 to 2 s after the quorum's return with the
//!   leases kept, 0.1 to 0.6 s with them claimed anew). Run etcd with pre-vote (the default from 3.5 on), or
//!   a member coming back from a partition unseats the leader and costs an election more.
//! * **A failed member, the leader included**, costs at most an election (about one to two
//!   election timeouts), which holders ride out when their validity is longer: the store talks
//!   to one member at a time, a call that failed or timed out moves to the next, and a member
//!   without a leader refuses at once, so the same call goes to the next member within its
//!   deadline.
//! * A claim reads its random start's slot key (and only if that one is held, the namespace's
//!   live slot keys, keys only: its cost follows the live leases), reads one bound, grants an
//!   etcd lease and runs one transaction; a renewal is a keep-alive and one transaction. A
//!   granted etcd lease left without a key (a lost race, a release) expires on its own.
//!
//! # No repeat across a handover
//!
//! Two IDs of one slot can only be equal if they carry the same time unit (sno's 4 ms, uid's
//! 1024 µs tick, HotGuid's second). So every holder **publishes a bound** with its claim and
//! each renewal, in the same statement: the latest instant at which a time unit it issues in
//! may start (its wall clock at the renewal plus the TTL, never lower than what it published
//! before). Its generators refuse an ID whose unit starts after the bound the store has
//! confirmed ([`LeaseRefusal::OutsideWindow`]). A claim reads the previous holders' bound
//! atomically with taking the slot (under the row's lock on PostgreSQL; on etcd, in the
//! transaction that creates the slot key, which fails if the bound key changed since it was
//! read), and the new holder issues only in units that start **after** it:
//! [`LeasedGenerator::leased`] waits until its clock is there (normally no wait at all: the
//! bound is about when the old lease expired in the store, which a claim waits for anyway).
//!
//! A predecessor's renewal either commits before the claim (and the claim sees its bound) or
//! finds the slot no longer its own after it (the epoch moved on, the predecessor's confirmed
//! bound stays what the claim saw). Its units therefore start at or before the bound and the
//! successor's after it, for every scheme, every configuration [`LeaseConfig`] accepts, **and
//! whatever the clocks do**: no clock assumption enters this argument. A released lease lowers
//! its bound to the latest unit it really stamped, so a successor after a graceful hand-back
//! starts at once.
//!
//! # What the clocks decide
//!
//! Clocks decide *when* a slot changes hands, not whether IDs repeat. A lease is valid, by the
//! process's own **monotonic** clock, until `sent + ttl × (1 − max_clock_drift) −
//! safety_margin`, where `sent` is when the claim or the last successful renewal was sent. The
//! store grants `now() + ttl` by its own clock when it receives the statement, which is no
//! earlier. So while the monotonic clock and the store's clock run within `max_clock_drift` of
//! each other and the store's clock does not jump forward by more than `safety_margin`, this
//! process stops issuing on the slot before another process can claim it. When that is
//! violated, two processes may hold the slot at once until the displaced one's next renewal
//! fails, but still issue in disjoint time units (above), so nothing repeats.
//!
//! Wall clocks (which the IDs carry) may disagree between hosts by any amount, with these
//! effects only: a successor whose clock is behind the predecessor's bound waits until it is
//! past it (a bound more than one TTL ahead is [`LeaseError::ClockBehind`] instead of a long
//! stall); a holder whose clock jumps forward past its own bound gets
//! [`LeaseRefusal::OutsideWindow`] until its next renewal publishes a new bound; a clock that
//! goes back below the predecessor's bound gets the same refusal until it is past it again.
//!
//! # How fast trouble is noticed
//!
//! Every store call (connect, claim, renew, release) has a deadline, [`LeaseConfig::store_timeout`]
//! (default half of `renew_every`, at most 2 s), after which the connection is abandoned and the
//! next call opens a fresh one: a black-holed network costs one timeout, never a hung thread. A
//! failed renewal is retried after a fifth of `renew_every` (10 ms to 1 s). So:
//!
//! * a slot taken by another process, or a row or key changed by hand (holder, epoch, etcd
//!   lease or deletion), is noticed at the next renewal: within `renew_every + store_timeout`,
//!   when the lease becomes [lost](Lease::is_lost) for good ([`LeaseRefusal::Expired`] with
//!   `lost: true`);
//! * an unreachable store stops generators at the lease's deadline (at most
//!   `ttl × (1 − drift) − margin` after the last successful renewal was sent), then
//!   [`LeaseRefusal::Expired`] (or a wait, see [`OnExpiry`]) until a renewal gets through,
//!   which happens within `retry_after + store_timeout` of the store answering again
//!   (less than one TTL), with no restart (on etcd, unless the holder was cut off from a
//!   working cluster for longer than the TTL: see [etcd](#etcd));
//! * dropping a [`Lease`] stops its generators at once and gives the slot back, waiting at
//!   most twice the store timeout, so a process exits on time even when the store is gone;
//! * a process `fork()`ed from the holder (a pre-fork server's worker) sees the lease as lost
//!   from its first ID on: its parent still holds and renews the slot, so the child's
//!   generators return `LeaseRefusal::Expired { lost: true, .. }`, its [`Lease::release`] is
//!   [`LeaseError::ForkedChild`], and its drop neither gives the parent's slot back nor waits
//!   for the parent's renewer thread (which a child does not have). A child that needs a slot
//!   acquires a lease of its own (`tests/fork_lease.rs`).
//!
//! Claims do not herd: each starts at a random slot and takes the first free one from there, at
//! a cost that follows the number of live leases, not the size of the slot space.
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(any(feature = "postgres", feature = "etcd"))]
mod acquire;
mod config;
#[cfg(feature = "etcd")]
mod etcd;
mod leased;
#[cfg(feature = "postgres")]
mod postgres;
mod refusal;
mod renewer;
mod state;
mod store;

pub use config::{LeaseConfig, OnExpiry};
#[cfg(feature = "etcd")]
#[cfg_attr(docsrs, doc(cfg(feature = "etcd")))]
pub use etcd::{EtcdError, EtcdOptions};
pub use leased::LeasedGenerator;
pub use refusal::LeaseRefusal;
pub use store::LeaseError;
/// The PostgreSQL client the lease store uses, for [`Lease::acquire_with`]'s configuration and
/// TLS connectors.
#[cfg(feature = "postgres")]
#[cfg_attr(docsrs, doc(cfg(feature = "postgres")))]
pub use tokio_postgres;

use idcraft_core::Fence;
use renewer::{Handback, Released};
use state::Shared;
#[cfg(any(feature = "sno", feature = "uid", feature = "hot", feature = "snowflake"))]
use state::time_of;
use std::sync::Arc;
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A slot of a namespace, held by this process while the value lives (see the
/// [module docs](self) for what that guarantees).
pub struct Lease {
    shared: Arc<Shared>,
    #[cfg(any(feature = "sno", feature = "uid", feature = "hot", feature = "snowflake"))]
    ttl: Duration,
    store_timeout: Duration,
    stop: Option<mpsc::Sender<()>>,
    renewer: Option<JoinHandle<()>>,
    handback: Arc<Handback>,
}

impl Lease {
    /// The slot this process holds.
    pub fn slot(&self) -> u32 {
        self.shared.slot
    }

    /// The slot's epoch under this lease: it grows with every claim of the slot (by one on
    /// PostgreSQL; on etcd it is the revision of the claim, which grows across the cluster).
    pub fn epoch(&self) -> i64 {
        self.shared.epoch
    }

    /// The namespace.
    pub fn namespace(&self) -> &'static str {
        self.shared.namespace
    }

    /// Whether the lease is valid now by this process's clock.
    pub fn is_valid(&self) -> bool {
        self.shared.valid()
    }

    /// Whether another process has taken the slot: this lease will never be valid again.
    pub fn is_lost(&self) -> bool {
        self.shared.is_lost()
    }

    /// The fence generators on this lease ask (see [`LeasedGenerator`] for ready-made ones).
    pub fn fence(&self) -> Arc<dyn Fence> {
        Arc::clone(&self.shared) as Arc<dyn Fence>
    }

    /// The previous holders' bound: IDs on this lease carry time units starting after it.
    #[cfg(any(feature = "sno", feature = "uid", feature = "hot", feature = "snowflake"))]
    pub(crate) fn issues_after(&self) -> std::time::SystemTime {
        time_of(self.shared.floor)
    }

    /// The TTL, the longest a new holder is willing to wait for its clock (see
    /// [`LeaseError::ClockBehind`]).
    #[cfg(any(feature = "sno", feature = "uid", feature = "hot", feature = "snowflake"))]
    pub(crate) fn ttl(&self) -> Duration {
        self.ttl
    }

    /// Gives the slot back: generators on it stop at once, and the lease expires in the store,
    /// so another process can take the slot without waiting for the TTL. Waits for the store's
    /// answer, at most twice the store timeout (a renewal in flight, then the release).
    pub fn release(mut self) -> Result<(), LeaseError> {
        if self.shared.forked() {
            let (namespace, slot) = (self.shared.namespace, self.shared.slot);
            self.forget_parents();
            return Err(LeaseError::ForkedChild { namespace, slot });
        }
        self.stop_renewer();
        self.handback.wait(self.store_timeout * 2)
    }

    /// In a `fork()` child: stops this copy's generators and drops the parent's renewer
    /// without touching it (the thread exists only in the parent, and the slot is the
    /// parent's to give back), so neither a release nor a wait for one happens here.
    fn forget_parents(&mut self) {
        self.shared.stop_issuing();
        std::mem::forget(self.renewer.take());
        std::mem::forget(self.stop.take());
    }

    /// [`Lease::release`] for async code: the future completes when the store has answered or
    /// the renewer gave up (twice the store timeout at most); it needs no particular runtime.
    pub fn release_async(mut self) -> impl Future<Output = Result<(), LeaseError>> + Send + 'static {
        let forked = self.shared.forked().then_some((self.shared.namespace, self.shared.slot));
        if forked.is_some() {
            self.forget_parents();
        } else {
            self.stop_renewer();
        }
        let released = Released(Arc::clone(&self.handback));
        async move {
            match forked {
                Some((namespace, slot)) => Err(LeaseError::ForkedChild { namespace, slot }),
                None => released.await,
            }
        }
    }

    fn stop_renewer(&mut self) {
        // Generators on this lease stop at once, even those that outlive it, and before the
        // store could hand the slot to another process.
        self.shared.stop_issuing();
        drop(self.stop.take());
        // The renewer finishes on its own; its outcome comes through the handback.
        drop(self.renewer.take());
    }
}

impl Drop for Lease {
    /// Stops the generators on the lease and gives the slot back, waiting at most twice the
    /// store timeout: a restarted process reclaims at once, and a store that does not answer
    /// cannot hold up the exit.
    fn drop(&mut self) {
        if self.shared.forked() {
            self.forget_parents();
            return;
        }
        if self.stop.is_some() {
            self.stop_renewer();
            let _ = self.handback.wait(self.store_timeout * 2);
        }
    }
}

impl std::fmt::Debug for Lease {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lease")
            .field("namespace", &self.shared.namespace)
            .field("slot", &self.shared.slot)
            .field("epoch", &self.epoch())
            .field("valid", &self.is_valid())
            .field("lost", &self.is_lost())
            .finish()
    }
}
