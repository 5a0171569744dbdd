//! The lease table's statements: claim, renew, release. One connection, reopened on demand.

use std::time::Duration;
use uuid::Uuid;

/// Why a lease could not be taken or kept.
#[derive(Debug)]
#[non_exhaustive]
pub enum LeaseError {
    /// The store refused or could not be reached.
    Store(postgres::Error),
    /// Every slot of the namespace is held by a live lease.
    NoFreeSlot {
        /// The namespace.
        namespace: &'static str,
        /// Its number of slots.
        slots: u32,
    },
    /// A configuration that cannot give a safe lease.
    Config(&'static str),
    /// The renewal thread could not be started.
    Thread(std::io::Error),
}

impl std::fmt::Display for LeaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeaseError::Store(e) => write!(f, "lease store: {e}"),
            LeaseError::NoFreeSlot { namespace, slots } => {
                write!(f, "all {slots} slots of lease namespace {namespace} are held")
            }
            LeaseError::Config(why) => write!(f, "lease configuration: {why}"),
            LeaseError::Thread(e) => write!(f, "lease renewal thread: {e}"),
        }
    }
}

impl std::error::Error for LeaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LeaseError::Store(e) => Some(e),
            LeaseError::Thread(e) => Some(e),
            _ => None,
        }
    }
}

type Connect = Box<dyn FnMut() -> Result<postgres::Client, postgres::Error> + Send>;

/// Claims the first slot from `$3` upwards (wrapping) that no live lease holds: one statement,
/// so a start-up needs one round trip unless another process took the same slot meanwhile
/// (then the `ON CONFLICT ... WHERE` matches nothing and the caller tries another start).
const CLAIM: &str = "
WITH free AS (
    (SELECT s FROM generate_series($3::int, $4::int - 1) AS s
      WHERE NOT EXISTS (SELECT 1 FROM idcraft_lease l
                         WHERE l.namespace = $1 AND l.slot = s AND l.expires_at > now())
      LIMIT 1)
    UNION ALL
    (SELECT s FROM generate_series(0, $3::int - 1) AS s
      WHERE NOT EXISTS (SELECT 1 FROM idcraft_lease l
                         WHERE l.namespace = $1 AND l.slot = s AND l.expires_at > now())
      LIMIT 1)
    LIMIT 1
)
INSERT INTO idcraft_lease AS l (namespace, slot, holder, epoch, expires_at)
SELECT $1, s, $2, 1, now() + make_interval(secs => $5) FROM free
ON CONFLICT (namespace, slot) DO UPDATE
    SET holder = EXCLUDED.holder, epoch = l.epoch + 1, expires_at = EXCLUDED.expires_at
    WHERE l.expires_at <= now()
RETURNING slot, epoch";

const RENEW: &str = "UPDATE idcraft_lease SET expires_at = now() + make_interval(secs => $5)
    WHERE namespace = $1 AND slot = $2 AND holder = $3 AND epoch = $4";

const RELEASE: &str = "UPDATE idcraft_lease SET expires_at = now() - interval '1 microsecond'
    WHERE namespace = $1 AND slot = $2 AND holder = $3 AND epoch = $4";

/// How many starts a claim tries before concluding the namespace is full.
const CLAIM_ATTEMPTS: u32 = 8;

pub(super) struct Store {
    connect: Connect,
    client: Option<postgres::Client>,
    namespace: &'static str,
}

impl Store {
    pub(super) fn new(connect: Connect, namespace: &'static str) -> Store {
        Store { connect, client: None, namespace }
    }

    /// Runs `f` on the connection, opening it first if needed; a failed statement drops the
    /// connection so the next call reconnects (the store may have restarted).
    fn with_client<T>(
        &mut self,
        f: impl FnOnce(&mut postgres::Client) -> Result<T, postgres::Error>,
    ) -> Result<T, LeaseError> {
        if self.client.as_ref().is_none_or(|c| c.is_closed()) {
            self.client = Some((self.connect)().map_err(LeaseError::Store)?);
        }
        let client = self.client.as_mut().expect("connected above");
        f(client).map_err(|e| {
            self.client = None;
            LeaseError::Store(e)
        })
    }

    /// Creates the table unless it exists. Under a transaction-scoped advisory lock: a fleet
    /// starting at once would otherwise race in `CREATE TABLE IF NOT EXISTS`, which PostgreSQL
    /// lets fail with a duplicate-key error on its catalog.
    pub(super) fn create_table(&mut self) -> Result<(), LeaseError> {
        self.with_client(|c| {
            let mut tx = c.transaction()?;
            tx.execute("SELECT pg_advisory_xact_lock(hashtext('idcraft_lease'))", &[])?;
            tx.batch_execute(include_str!("../../sql/postgres/idcraft_lease.sql"))?;
            tx.commit()
        })
    }

    /// A free slot of `0..slots` and its new epoch.
    pub(super) fn claim(&mut self, holder: Uuid, slots: u32, ttl: Duration) -> Result<(u32, i64), LeaseError> {
        let namespace = self.namespace;
        let total = slots as i32;
        for _ in 0..CLAIM_ATTEMPTS {
            let start = (idcraft_core::RandomSource::next_u64(&idcraft_core::OsRandom) % u64::from(slots)) as i32;
            let row =
                self.with_client(|c| c.query_opt(CLAIM, &[&namespace, &holder, &start, &total, &ttl.as_secs_f64()]))?;
            if let Some(row) = row {
                return Ok((row.get::<_, i32>(0) as u32, row.get::<_, i64>(1)));
            }
        }
        Err(LeaseError::NoFreeSlot { namespace, slots })
    }

    /// Extends the lease; `false` if the slot is no longer this holder's at this epoch.
    pub(super) fn renew(&mut self, slot: u32, holder: Uuid, epoch: i64, ttl: Duration) -> Result<bool, LeaseError> {
        let (namespace, slot) = (self.namespace, slot as i32);
        self.with_client(|c| c.execute(RENEW, &[&namespace, &slot, &holder, &epoch, &ttl.as_secs_f64()]))
            .map(|rows| rows == 1)
    }

    /// Expires the lease in place (the row stays, so the slot's epoch keeps growing).
    pub(super) fn release(&mut self, slot: u32, holder: Uuid, epoch: i64) -> Result<(), LeaseError> {
        let (namespace, slot) = (self.namespace, slot as i32);
        self.with_client(|c| c.execute(RELEASE, &[&namespace, &slot, &holder, &epoch])).map(drop)
    }
}
