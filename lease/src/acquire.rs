//! Taking a lease: a store of either kind, the configuration checked, a claim from a random
//! start, and the renewer thread that keeps the slot from then on.

use super::Lease;
use super::config::{self, LeaseConfig};
#[cfg(feature = "etcd")]
use super::etcd::{self, EtcdOptions};
#[cfg(feature = "postgres")]
use super::postgres;
use super::renewer::{self, Handback};
use super::state::{Shared, monotonic_nanos, time_of, wall_micros_in};
use super::store::{ClaimRequest, LeaseError, Store};
use std::sync::{Arc, mpsc};
#[cfg(feature = "postgres")]
use tokio_postgres::Socket;
#[cfg(feature = "postgres")]
use tokio_postgres::tls::{MakeTlsConnect, TlsConnect};
use uuid::Uuid;

/// How many starts a claim tries before concluding the namespace is full.
const CLAIM_ATTEMPTS: u32 = 8;

impl Lease {
    /// Claims a free slot from PostgreSQL, connecting with `url` (no TLS; see
    /// [`Lease::acquire_with`]). Blocks for a few round trips, each bounded by the store
    /// timeout; from async code, call it through `spawn_blocking`.
    #[cfg(feature = "postgres")]
    #[cfg_attr(docsrs, doc(cfg(feature = "postgres")))]
    pub fn acquire(url: &str, config: LeaseConfig) -> Result<Lease, LeaseError> {
        let pg: tokio_postgres::Config = url.parse().map_err(|e| LeaseError::Store(Box::new(e)))?;
        Lease::acquire_with(pg, tokio_postgres::NoTls, config)
    }

    /// [`Lease::acquire`] with a connection configuration and TLS connector of the caller's
    /// making. The renewer reconnects with them whenever its connection broke or timed out.
    #[cfg(feature = "postgres")]
    #[cfg_attr(docsrs, doc(cfg(feature = "postgres")))]
    pub fn acquire_with<T>(pg: tokio_postgres::Config, tls: T, config: LeaseConfig) -> Result<Lease, LeaseError>
    where
        T: MakeTlsConnect<Socket> + Clone + Send + 'static,
        T::Stream: Send + 'static,
        T::TlsConnect: Send,
        <T::TlsConnect as TlsConnect<Socket>>::Future: Send,
    {
        let timing = config.check()?;
        let store = postgres::Postgres::new(pg, tls, config.namespace, timing.store_timeout)?;
        Lease::acquire_from(Box::new(store), &config, timing)
    }

    /// Claims a free slot from the etcd cluster at `endpoints` (`http://host:2379`, or
    /// `host:2379`; the members of the cluster, which the store uses in turn). Blocks for a
    /// few round trips, each bounded by the store timeout; from async code, call it through
    /// `spawn_blocking`. See [the etcd notes](crate#etcd) for what differs from PostgreSQL.
    ///
    /// ```no_run
    /// use idcraft_lease::{Lease, LeaseConfig};
    ///
    /// let endpoints = std::env::var("ETCD_ENDPOINTS").unwrap_or_else(|_| "http://127.0.0.1:2379".into());
    /// let endpoints: Vec<&str> = endpoints.split(',').collect();
    /// let lease = Lease::acquire_etcd(&endpoints, LeaseConfig::sno_partitions()).unwrap();
    /// # drop(lease);
    /// ```
    #[cfg(feature = "etcd")]
    #[cfg_attr(docsrs, doc(cfg(feature = "etcd")))]
    pub fn acquire_etcd<E: AsRef<str>>(endpoints: &[E], config: LeaseConfig) -> Result<Lease, LeaseError> {
        Lease::acquire_etcd_with(endpoints, EtcdOptions::new(), config)
    }

    /// [`Lease::acquire_etcd`] with connection options of the caller's making (credentials).
    /// Every call, connecting included, is bounded by the store timeout and requires the
    /// member to have a leader (a member cut off from the cluster answers at once instead of at
    /// the deadline, and the call goes to the next member); the renewer reconnects with the
    /// options whenever a call failed or timed out. An endpoint that cannot be read (`https://`
    /// among them: the store has no TLS, see [`EtcdOptions`]) is [`LeaseError::Store`] with an
    /// [`EtcdError::Endpoint`](crate::EtcdError::Endpoint) at once.
    #[cfg(feature = "etcd")]
    #[cfg_attr(docsrs, doc(cfg(feature = "etcd")))]
    pub fn acquire_etcd_with<E: AsRef<str>>(
        endpoints: &[E],
        options: EtcdOptions,
        config: LeaseConfig,
    ) -> Result<Lease, LeaseError> {
        let timing = config.check()?;
        let endpoints = endpoints.iter().map(|e| e.as_ref().to_owned()).collect();
        let store = etcd::Etcd::new(endpoints, options, config.namespace, timing.store_timeout)?;
        Lease::acquire_from(Box::new(store), &config, timing)
    }

    fn acquire_from(
        mut store: Box<dyn Store>,
        config: &LeaseConfig,
        timing: config::Timing,
    ) -> Result<Lease, LeaseError> {
        if config.create_table {
            store.prepare()?;
        }
        let random = |bytes: &mut [u8]| idcraft_core::RandomSource::fill_bytes(&idcraft_core::OsRandom, bytes);
        let holder = {
            let mut bytes = [0u8; 16];
            random(&mut bytes);
            Uuid::from_bytes(bytes)
        };
        let mut claimed = None;
        for _ in 0..CLAIM_ATTEMPTS {
            let mut start = [0u8; 8];
            random(&mut start);
            let start = (u64::from_le_bytes(start) % u64::from(config.slots)) as u32;
            let sent = monotonic_nanos();
            let bound = time_of(wall_micros_in(config.ttl));
            if let Some(claim) =
                store.claim(ClaimRequest { holder, start, slots: config.slots, ttl: config.ttl, bound })?
            {
                claimed = Some((claim, sent));
                break;
            }
        }
        let Some((claim, sent)) = claimed else {
            return Err(LeaseError::NoFreeSlot { namespace: config.namespace, slots: config.slots });
        };
        let shared = Arc::new(Shared::new(config.namespace, holder, &claim, sent, timing.validity, config.on_expiry));
        let handback = Arc::new(Handback::default());
        let (stop, stopped) = mpsc::channel();
        let renewer = {
            let (shared, handback) = (Arc::clone(&shared), Arc::clone(&handback));
            let (every, ttl) = (config.renew_every, config.ttl);
            std::thread::Builder::new()
                .name(format!("idcraft-lease-{}-{}", config.namespace, claim.slot))
                .spawn(move || renewer::run(store, &shared, every, ttl, &stopped, &handback))
                .map_err(LeaseError::Thread)?
        };
        Ok(Lease {
            shared,
            #[cfg(any(feature = "sno", feature = "uid", feature = "hot", feature = "snowflake"))]
            ttl: config.ttl,
            store_timeout: timing.store_timeout,
            stop: Some(stop),
            renewer: Some(renewer),
            handback,
        })
    }
}
