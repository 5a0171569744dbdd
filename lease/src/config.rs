//! Which slots a lease is taken from and how it is kept: the configuration and the one place
//! that decides whether it can be honoured.

#[cfg(any(feature = "postgres", feature = "etcd", test))]
use super::LeaseError;
use std::time::Duration;

/// What a leased generator does once its lease cannot be proven valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnExpiry {
    /// Refuse at once: generators return [`LeaseRefusal::Expired`](crate::LeaseRefusal::Expired).
    Fail,
    /// Wait up to this long for a renewal, then return the error.
    Wait(Duration),
}

/// Which slots a lease is taken from, and how it is kept. Every setter takes any value;
/// [`Lease::acquire`](super::Lease::acquire) checks the whole and returns
/// [`LeaseError::Config`] for a configuration it cannot honour, never a panic.
#[derive(Clone, Debug)]
pub struct LeaseConfig {
    // Read only by `check` and the claim, which come with a store (and by the tests). Not gated:
    // `LeaseConfig::new`, public, takes both, whatever the features.
    #[cfg_attr(not(any(feature = "postgres", feature = "etcd", test)), allow(dead_code))]
    pub(super) namespace: &'static str,
    #[cfg_attr(not(any(feature = "postgres", feature = "etcd", test)), allow(dead_code))]
    pub(super) slots: u32,
    pub(super) ttl: Duration,
    pub(super) renew_every: Duration,
    pub(super) store_timeout: Option<Duration>,
    pub(super) safety_margin: Duration,
    pub(super) max_clock_drift: f64,
    pub(super) on_expiry: OnExpiry,
    pub(super) create_table: bool,
}

/// The longest TTL accepted: a lease is a liveness tool, and a year keeps every deadline far
/// inside the clocks' arithmetic.
#[cfg(any(feature = "postgres", feature = "etcd", test))]
const MAX_TTL: Duration = Duration::from_secs(365 * 24 * 3600);

/// The default store timeout's ceiling: a dead store should cost a renewal attempt seconds, not
/// half of a long renewal period.
#[cfg(any(feature = "postgres", feature = "etcd", test))]
const DEFAULT_STORE_TIMEOUT_CAP: Duration = Duration::from_secs(2);

/// What [`LeaseConfig::check`] derives: how long a claim or renewal is trusted from the moment
/// it was sent, and the deadline of every store call.
#[cfg(any(feature = "postgres", feature = "etcd", test))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Timing {
    pub(super) validity: Duration,
    pub(super) store_timeout: Duration,
}

/// One constructor per slotted layout's namespace.
macro_rules! namespaces {
    ($($(#[$doc:meta])* $name:ident = ($namespace:literal, $slots:expr);)*) => {$(
        $(#[$doc])*
        pub fn $name() -> LeaseConfig {
            LeaseConfig::new($namespace, $slots)
        }
    )*};
}

impl LeaseConfig {
    /// Slots `0..slots` of `namespace`; a 30 s lease renewed every 10 s, store calls bounded by
    /// 2 s, a 1 s safety margin, 1 % clock drift, failing at once on expiry.
    pub fn new(namespace: &'static str, slots: u32) -> LeaseConfig {
        LeaseConfig {
            namespace,
            slots,
            ttl: Duration::from_secs(30),
            renew_every: Duration::from_secs(10),
            store_timeout: None,
            safety_margin: Duration::from_secs(1),
            max_clock_drift: 0.01,
            on_expiry: OnExpiry::Fail,
            create_table: false,
        }
    }

    // The namespaces of the slotted layouts: one row each, the name a user calls, the namespace
    // its leases live in and how many slots its field holds.
    namespaces! {
        /// sno partitions: namespace `sno-partition`, 65,536 slots.
        sno_partitions = ("sno-partition", 1 << 16);
        /// uid nodes: namespace `uid-node`, 65,536 slots (the node field holds 32 bits).
        uid_nodes = ("uid-node", 1 << 16);
        /// HotGuid machines: namespace `hot-machine`, 65,536 slots.
        hot_machines = ("hot-machine", 1 << 16);
        /// Twitter snowflake workers: namespace `twitter-worker`, 1,024 slots (the 10-bit worker).
        twitter_workers = ("twitter-worker", 1 << 10);
        /// Discord snowflake workers: namespace `discord-worker`, 1,024 slots, each the 10-bit
        /// `worker << 5 | process` node.
        discord_workers = ("discord-worker", 1 << 10);
        /// Instagram ID shards: namespace `instagram-shard`, 8,192 slots (the 13-bit shard).
        instagram_shards = ("instagram-shard", 1 << 13);
        /// Sonyflake machine IDs: namespace `sonyflake-machine`, 65,536 slots.
        sonyflake_machines = ("sonyflake-machine", 1 << 16);
    }

    /// How long a claim or renewal holds in the store (default 30 s, at most 365 days).
    pub fn ttl(mut self, ttl: Duration) -> LeaseConfig {
        self.ttl = ttl;
        self
    }

    /// How often the background thread renews (default 10 s; a third of the TTL leaves room
    /// for failed attempts, which are retried sooner).
    pub fn renew_every(mut self, every: Duration) -> LeaseConfig {
        self.renew_every = every;
        self
    }

    /// The deadline of every call to the store: connecting, claiming, renewing, releasing
    /// (default half of `renew_every`, at most 2 s). A call that has not answered by then is
    /// abandoned with its connection, so a black-holed network cannot hold up renewals or a
    /// process's exit; PostgreSQL is told the same limit as its statement timeout.
    pub fn store_timeout(mut self, timeout: Duration) -> LeaseConfig {
        self.store_timeout = Some(timeout);
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
    /// PostgreSQL only: etcd needs no schema.
    pub fn create_table(mut self, create: bool) -> LeaseConfig {
        self.create_table = create;
        self
    }

    /// Whether the configuration can be honoured, and its derived timing. Checked arithmetic
    /// throughout: any `Duration` and any `f64` give an answer.
    #[cfg(any(feature = "postgres", feature = "etcd", test))]
    pub(super) fn check(&self) -> Result<Timing, LeaseError> {
        let drift = self.max_clock_drift;
        if !(0.0..0.5).contains(&drift) {
            return Err(LeaseError::Config("max_clock_drift must be at least 0 and below 0.5"));
        }
        if self.slots == 0 || self.slots > i32::MAX as u32 {
            return Err(LeaseError::Config("a namespace has 1 to 2^31 - 1 slots"));
        }
        if self.namespace.is_empty() {
            return Err(LeaseError::Config("the namespace must not be empty"));
        }
        if self.ttl > MAX_TTL {
            return Err(LeaseError::Config("the TTL must be at most 365 days"));
        }
        if self.renew_every.is_zero() || self.renew_every >= self.ttl {
            return Err(LeaseError::Config("renew_every must be longer than zero and shorter than the TTL"));
        }
        let store_timeout = self.store_timeout.unwrap_or((self.renew_every / 2).min(DEFAULT_STORE_TIMEOUT_CAP));
        if store_timeout < Duration::from_millis(1) || store_timeout >= self.renew_every {
            return Err(LeaseError::Config("store_timeout must be at least 1 ms and shorter than renew_every"));
        }
        if let OnExpiry::Wait(wait) = self.on_expiry
            && wait > MAX_TTL
        {
            return Err(LeaseError::Config("OnExpiry::Wait must be at most 365 days"));
        }
        // ttl ≤ a year and 0 ≤ drift < 0.5: the product is finite and in range.
        let trusted = Duration::try_from_secs_f64(self.ttl.as_secs_f64() * (1.0 - drift))
            .map_err(|_| LeaseError::Config("the TTL less drift is out of range"))?;
        let validity = trusted
            .checked_sub(self.safety_margin)
            .filter(|v| *v > self.renew_every + store_timeout)
            .ok_or(LeaseError::Config(
                "the TTL, less drift and safety margin, must outlast renew_every plus store_timeout (one renewal's worst case)",
            ))?;
        Ok(Timing { validity, store_timeout })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn any_duration() -> impl Strategy<Value = Duration> {
        prop_oneof![
            Just(Duration::ZERO),
            Just(Duration::MAX),
            (0u64..120_000).prop_map(Duration::from_millis),
            (any::<u64>(), 0u32..1_000_000_000).prop_map(|(s, n)| Duration::new(s, n)),
        ]
    }

    fn any_drift() -> impl Strategy<Value = f64> {
        prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(-0.0), Just(0.4999999), 0.0..0.6f64, any::<f64>()]
    }

    proptest! {
        /// Any configuration gives an answer, never a panic; an accepted one keeps the lease's
        /// promises: a renewal (sent every `renew_every`, answered within the store timeout)
        /// lands before the trusted time runs out, which itself ends before the store's TTL.
        #[test]
        fn every_configuration_is_answered_and_accepted_ones_hold(
            slots in prop_oneof![Just(0u32), Just(1), Just(i32::MAX as u32), Just(u32::MAX), any::<u32>()],
            ttl in any_duration(),
            renew in any_duration(),
            timeout in proptest::option::of(any_duration()),
            margin in any_duration(),
            drift in any_drift(),
            wait in any_duration(),
        ) {
            let mut config = LeaseConfig::new("p", slots)
                .ttl(ttl)
                .renew_every(renew)
                .safety_margin(margin)
                .max_clock_drift(drift)
                .on_expiry(OnExpiry::Wait(wait));
            if let Some(t) = timeout {
                config = config.store_timeout(t);
            }
            if let Ok(Timing { validity, store_timeout }) = config.check() {
                prop_assert!(validity > renew + store_timeout);
                prop_assert!(validity + margin <= ttl);
                prop_assert!(store_timeout < renew && renew < ttl);
                prop_assert!((1..=i32::MAX as u32).contains(&slots));
            }
        }
    }

    #[test]
    fn what_used_to_panic_or_truncate_is_an_error() {
        let huge = LeaseConfig::new("x", 4).ttl(Duration::MAX).max_clock_drift(0.0);
        assert!(matches!(huge.check(), Err(LeaseError::Config(_))));
        let nan = LeaseConfig::new("x", 4).max_clock_drift(f64::NAN);
        assert!(matches!(nan.check(), Err(LeaseError::Config(_))));
        let slow_store = LeaseConfig::new("x", 4).store_timeout(Duration::from_secs(10));
        assert!(matches!(slow_store.check(), Err(LeaseError::Config(_))));
        let defaults = LeaseConfig::new("x", 4).check().unwrap();
        assert_eq!(defaults.store_timeout, Duration::from_secs(2));
        assert_eq!(defaults.validity, Duration::from_millis(28_700));
    }
}
