//! Leased slots on PostgreSQL: fleet-wide uniqueness for sno partitions, uid nodes and HotGuid
//! machine bytes (feature `lease-postgres`).
//!
//! A process claims a free slot of a namespace in the `idcraft_lease` table
//! (`sql/postgres/idcraft_lease.sql`), keeps it with renewals from a background thread, and
//! gives it back when the [`Lease`] is dropped or [released](Lease::release). Generators built
//! on the lease ([`LeasedGenerator`]) ask it before handing out each ID.
//!
//! ```no_run
//! use idcraft::lease::{Lease, LeaseConfig, LeasedGenerator};
//! use idcraft::schemes::sno::{self, SnoGenerator};
//!
//! // At start-up; keep `lease` for the life of the process.
//! let lease = Lease::acquire("postgres://app@db/app", LeaseConfig::sno_partitions()).unwrap();
//! // Derived sno types' `new()` and `Sno::now` now issue on the leased partition.
//! sno::install_default(SnoGenerator::leased(&lease).unwrap()).expect("before the first ID");
//! # std::mem::forget(lease);
//! ```
//!
//! # What is guaranteed, and under which assumptions
//!
//! A lease is valid, by the process's own **monotonic** clock, until
//! `sent + ttl × (1 − max_clock_drift) − safety_margin`, where `sent` is when the claim or
//! the last successful renewal was *sent*. The store grants `now() + ttl` by its own clock when
//! it *receives* the statement, which is no earlier; another process can take the slot only
//! once the store's clock has passed that. So as long as
//!
//! * the monotonic clock of this process and the store's clock run at rates within
//!   `max_clock_drift` of each other (default 1 %), and the store's clock does not jump
//!   forward by more than `safety_margin` (default 1 s), and
//! * every process of a namespace takes its slot from the same table,
//!
//! a slot is never used by two processes at once: this process stops issuing IDs on the slot
//! before another process could have claimed it. A process paused for longer than its lease
//! (GC, `SIGSTOP`, VM migration) finds, when it wakes, that its deadline has passed, and issues
//! nothing on the slot until a renewal succeeds, which it can only if the slot is still its
//! own.
//!
//! Every claim increments the slot's **epoch**, and renewals match holder *and* epoch: a
//! process whose slot was taken learns it on its next renewal, whatever any clock says, and its
//! lease is then [lost](Lease::is_lost) for good (acquire a new one). When the assumptions
//! break (a store clock that jumps forward, a monotonic clock that stalls), two processes can
//! share a slot until the displaced one's next renewal: at most `renew_every`.
//!
//! When the store is unreachable, renewals retry every `renew_every`; the lease stays valid
//! until its deadline, then generators return [`GenerateError::LeaseExpired`] (or wait, see
//! [`OnExpiry`]) until a renewal gets through.
//!
//! Claims do not herd: each starts at a random slot and takes the first free one from there, in
//! one statement; two processes racing for the same slot cost the loser one more round trip.

mod store;

use crate::GenerateError;
use idcraft_core::fence::Fence;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use uuid::Uuid;

pub use store::LeaseError;

/// What a leased generator does once its lease cannot be proven valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnExpiry {
    /// Return [`GenerateError::LeaseExpired`] at once.
    Fail,
    /// Wait up to this long for a renewal, then return the error.
    Wait(Duration),
}

/// Which slots a lease is taken from, and how it is kept.
#[derive(Clone, Debug)]
pub struct LeaseConfig {
    namespace: &'static str,
    slots: u32,
    ttl: Duration,
    renew_every: Duration,
    safety_margin: Duration,
    max_clock_drift: f64,
    on_expiry: OnExpiry,
    create_table: bool,
}

impl LeaseConfig {
    /// Slots `0..slots` of `namespace`; a 30 s lease renewed every 10 s, a 1 s safety margin,
    /// 1 % clock drift, failing at once on expiry.
    pub fn new(namespace: &'static str, slots: u32) -> LeaseConfig {
        LeaseConfig {
            namespace,
            slots,
            ttl: Duration::from_secs(30),
            renew_every: Duration::from_secs(10),
            safety_margin: Duration::from_secs(1),
            max_clock_drift: 0.01,
            on_expiry: OnExpiry::Fail,
            create_table: false,
        }
    }

    /// sno partitions: namespace `sno-partition`, 65,536 slots.
    pub fn sno_partitions() -> LeaseConfig {
        LeaseConfig::new("sno-partition", 1 << 16)
    }

    /// uid nodes: namespace `uid-node`, 65,536 slots (the node field holds 32 bits).
    pub fn uid_nodes() -> LeaseConfig {
        LeaseConfig::new("uid-node", 1 << 16)
    }

    /// HotGuid machines: namespace `hot-machine`, 65,536 slots.
    pub fn hot_machines() -> LeaseConfig {
        LeaseConfig::new("hot-machine", 1 << 16)
    }

    /// How long a claim or renewal holds in the store (default 30 s).
    pub fn ttl(mut self, ttl: Duration) -> LeaseConfig {
        self.ttl = ttl;
        self
    }

    /// How often the background thread renews (default 10 s; a third of the TTL leaves room
    /// for two failed attempts).
    pub fn renew_every(mut self, every: Duration) -> LeaseConfig {
        self.renew_every = every;
        self
    }

    /// Subtracted from every deadline, for a store clock that jumps forward (default 1 s).
    pub fn safety_margin(mut self, margin: Duration) -> LeaseConfig {
        self.safety_margin = margin;
        self
    }

    /// The largest rate difference assumed between this process's monotonic clock and the
    /// store's clock, as a fraction (default 0.01).
    pub fn max_clock_drift(mut self, drift: f64) -> LeaseConfig {
        self.max_clock_drift = drift;
        self
    }

    /// What generators do on expiry (default [`OnExpiry::Fail`]).
    pub fn on_expiry(mut self, on_expiry: OnExpiry) -> LeaseConfig {
        self.on_expiry = on_expiry;
        self
    }

    /// Creates the lease table if it does not exist (default: expect it, as from a migration).
    pub fn create_table(mut self, create: bool) -> LeaseConfig {
        self.create_table = create;
        self
    }

    /// How long a claim or renewal sent at some instant is trusted from that instant.
    fn validity(&self) -> Result<Duration, LeaseError> {
        let drift = self.max_clock_drift;
        if !(0.0..0.5).contains(&drift) {
            return Err(LeaseError::Config("max_clock_drift must be in 0..0.5"));
        }
        if self.slots == 0 || self.slots > i32::MAX as u32 {
            return Err(LeaseError::Config("a namespace has 1 to 2^31 - 1 slots"));
        }
        if self.renew_every.is_zero() || self.renew_every >= self.ttl {
            return Err(LeaseError::Config("renew_every must be shorter than the TTL"));
        }
        self.ttl
            .mul_f64(1.0 - drift)
            .checked_sub(self.safety_margin)
            .filter(|v| *v > self.renew_every)
            .ok_or(LeaseError::Config("the TTL, less drift and safety margin, must outlast renew_every"))
    }
}

/// Nanoseconds of the process's monotonic clock.
fn monotonic_nanos() -> u64 {
    static ANCHOR: OnceLock<Instant> = OnceLock::new();
    ANCHOR.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// What the lease, its renewer and its generators share.
struct Shared {
    namespace: &'static str,
    slot: u32,
    holder: Uuid,
    epoch: AtomicI64,
    validity: Duration,
    /// Until when (monotonic nanoseconds) the lease is valid.
    deadline: AtomicU64,
    lost: AtomicBool,
    /// Given back (or being given back): never valid again, whatever a late renewal says.
    released: AtomicBool,
    on_expiry: OnExpiry,
    renewed: (Mutex<()>, Condvar),
}

impl Shared {
    fn valid(&self) -> bool {
        !self.lost.load(Ordering::Acquire)
            && !self.released.load(Ordering::Acquire)
            && monotonic_nanos() < self.deadline.load(Ordering::Acquire)
    }

    fn expired(&self) -> GenerateError {
        GenerateError::LeaseExpired {
            namespace: self.namespace,
            slot: self.slot,
            lost: self.lost.load(Ordering::Acquire),
        }
    }

    /// A claim or renewal sent at `sent` (monotonic nanoseconds) went through.
    fn extend(&self, sent: u64) {
        self.deadline.fetch_max(sent + self.validity.as_nanos() as u64, Ordering::AcqRel);
        let _guard = self.renewed.0.lock().unwrap_or_else(|e| e.into_inner());
        self.renewed.1.notify_all();
    }

    fn lose(&self) {
        self.lost.store(true, Ordering::Release);
        let _guard = self.renewed.0.lock().unwrap_or_else(|e| e.into_inner());
        self.renewed.1.notify_all();
    }
}

impl Fence for Shared {
    #[inline]
    fn check(&self) -> Result<(), GenerateError> {
        if self.valid() {
            return Ok(());
        }
        let OnExpiry::Wait(limit) = self.on_expiry else { return Err(self.expired()) };
        let until = Instant::now() + limit;
        let mut guard = self.renewed.0.lock().unwrap_or_else(|e| e.into_inner());
        while !self.valid() && !self.lost.load(Ordering::Acquire) && !self.released.load(Ordering::Acquire) {
            let Some(left) = until.checked_duration_since(Instant::now()).filter(|d| !d.is_zero()) else { break };
            guard = self.renewed.1.wait_timeout(guard, left).unwrap_or_else(|e| e.into_inner()).0;
        }
        if self.valid() { Ok(()) } else { Err(self.expired()) }
    }
}

/// A slot of a namespace, held by this process while the value lives (see the
/// [module docs](self) for what that guarantees).
pub struct Lease {
    shared: Arc<Shared>,
    stop: Option<mpsc::Sender<()>>,
    renewer: Option<JoinHandle<()>>,
}

impl Lease {
    /// Claims a free slot, connecting with `url` (no TLS; see [`Lease::acquire_with`]). Blocks
    /// for one or two round trips; from async code, call it through `spawn_blocking`.
    pub fn acquire(url: &str, config: LeaseConfig) -> Result<Lease, LeaseError> {
        let mut pg: postgres::Config = url.parse().map_err(LeaseError::Store)?;
        if pg.get_connect_timeout().is_none() {
            // A store that does not answer must not hold up renewals past the lease; a busy one
            // may take a while to start a backend (renew_every was too short under load).
            pg.connect_timeout(config.ttl / 2);
        }
        Lease::acquire_with(move || pg.connect(postgres::NoTls), config)
    }

    /// [`Lease::acquire`] with a connection of the caller's making (TLS, pooling, options);
    /// `connect` is called again by the renewer whenever its connection broke.
    pub fn acquire_with<F>(connect: F, config: LeaseConfig) -> Result<Lease, LeaseError>
    where
        F: FnMut() -> Result<postgres::Client, postgres::Error> + Send + 'static,
    {
        let validity = config.validity()?;
        let mut store = store::Store::new(Box::new(connect), config.namespace);
        if config.create_table {
            store.create_table()?;
        }
        let holder = {
            let mut bytes = [0u8; 16];
            idcraft_core::RandomSource::fill_bytes(&idcraft_core::OsRandom, &mut bytes);
            Uuid::from_bytes(bytes)
        };
        let sent = monotonic_nanos();
        let (slot, epoch) = store.claim(holder, config.slots, config.ttl)?;
        let shared = Arc::new(Shared {
            namespace: config.namespace,
            slot,
            holder,
            epoch: AtomicI64::new(epoch),
            validity,
            deadline: AtomicU64::new(sent + validity.as_nanos() as u64),
            lost: AtomicBool::new(false),
            released: AtomicBool::new(false),
            on_expiry: config.on_expiry,
            renewed: (Mutex::new(()), Condvar::new()),
        });
        let (stop, stopped) = mpsc::channel();
        let renewer = {
            let shared = Arc::clone(&shared);
            let (every, ttl) = (config.renew_every, config.ttl);
            std::thread::Builder::new()
                .name(format!("idcraft-lease-{}-{slot}", config.namespace))
                .spawn(move || renew(store, &shared, every, ttl, &stopped))
                .map_err(LeaseError::Thread)?
        };
        Ok(Lease { shared, stop: Some(stop), renewer: Some(renewer) })
    }

    /// The slot this process holds.
    pub fn slot(&self) -> u32 {
        self.shared.slot
    }

    /// The slot's epoch under this lease (grows by one with every claim of the slot).
    pub fn epoch(&self) -> i64 {
        self.shared.epoch.load(Ordering::Acquire)
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
        self.shared.lost.load(Ordering::Acquire)
    }

    /// The fence generators on this lease ask (see [`LeasedGenerator`] for ready-made ones).
    pub fn fence(&self) -> Arc<dyn Fence> {
        Arc::clone(&self.shared) as Arc<dyn Fence>
    }

    /// Gives the slot back: generators on it stop at once, and the lease expires in the store
    /// (so another process can take the slot without waiting for the TTL). Waits until the
    /// store has answered, which takes as long as the store takes; dropping the lease does the
    /// same without waiting.
    pub fn release(mut self) {
        if let Some(renewer) = self.stop_renewer() {
            let _ = renewer.join();
        }
    }

    fn stop_renewer(&mut self) -> Option<JoinHandle<()>> {
        // Generators on this lease stop at once, even those that outlive it, and before the
        // store could hand the slot to another process.
        self.shared.released.store(true, Ordering::Release);
        drop(self.stop.take());
        self.renewer.take()
    }
}

impl Drop for Lease {
    /// Stops the generators on the lease and lets the renewer give the slot back in the
    /// background: a store that does not answer must not hang the dropping thread.
    fn drop(&mut self) {
        drop(self.stop_renewer());
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

/// The renewer thread: renews every `every` until stopped or the slot is lost, then releases.
fn renew(mut store: store::Store, shared: &Shared, every: Duration, ttl: Duration, stopped: &mpsc::Receiver<()>) {
    let epoch = shared.epoch.load(Ordering::Acquire);
    loop {
        match stopped.recv_timeout(every) {
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            // Released or dropped: give the slot back (best effort; it expires anyway).
            Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                let _ = store.release(shared.slot, shared.holder, epoch);
                return;
            }
        }
        let sent = monotonic_nanos();
        match store.renew(shared.slot, shared.holder, epoch, ttl) {
            Ok(true) => shared.extend(sent),
            Ok(false) => {
                shared.lose();
                return;
            }
            // The store is unreachable: the lease runs on to its deadline; try again later.
            Err(_) => {}
        }
    }
}

/// Generators that issue IDs on a leased slot: `SnoGenerator::leased(&lease)` (partition =
/// slot), `GlobalUidGenerator::leased(&lease)` (node = slot, sharing the process's local uid
/// sequence), `HotGuidGenerator::leased(&lease)` (machine bytes = `0xFF` + the slot's 4 bytes,
/// a value MD5-derived machine bytes give only by chance).
pub trait LeasedGenerator: Sized {
    /// A generator on `lease`'s slot that stops issuing when the lease cannot be proven valid.
    fn leased(lease: &Lease) -> Result<Self, LeaseError>;
}

impl LeasedGenerator for crate::schemes::sno::SnoGenerator {
    fn leased(lease: &Lease) -> Result<Self, LeaseError> {
        let partition = u16::try_from(lease.slot()).map_err(|_| LeaseError::Config("a sno partition is 16 bits"))?;
        Ok(Self::with_partition(idcraft_core::CoarseClock, partition).with_fence(lease.fence()))
    }
}

impl LeasedGenerator for crate::schemes::uid::GlobalUidGenerator {
    fn leased(lease: &Lease) -> Result<Self, LeaseError> {
        let local = Arc::clone(crate::schemes::uid::default_local_arc());
        Ok(Self::new(local, lease.slot()).with_fence(lease.fence()))
    }
}

impl LeasedGenerator for crate::schemes::hot::HotGuidGenerator {
    fn leased(lease: &Lease) -> Result<Self, LeaseError> {
        let [a, b, c, d] = lease.slot().to_be_bytes();
        let machine = [0xFF, a, b, c, d];
        Ok(Self::with(idcraft_core::CoarseClock, machine, &idcraft_core::OsRandom).with_fence(lease.fence()))
    }
}
