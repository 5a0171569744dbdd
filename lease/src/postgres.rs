//! The PostgreSQL store: the `idcraft_lease` table (`sql/idcraft_lease.sql` in this package,
//! `sql/postgres/idcraft_lease.sql` in the repository) through tokio-postgres on a runtime of the
//! renewer's own, so every call can be given a deadline and abandoned with its connection when
//! the network swallows it.

use super::store::{Claim, ClaimRequest, LeaseError, Store};
use std::time::{Duration, SystemTime};
use tokio::runtime::Runtime;
use tokio::task::JoinHandle;
use tokio_postgres::tls::{MakeTlsConnect, TlsConnect};
use tokio_postgres::{Client, Config, Socket};
use uuid::Uuid;

/// The first free slot from `$2` upwards, wrapping: `$2` itself when it is free (one index
/// probe; the rest of the statement then never runs), else the first of `0` and one past each
/// live lease that is free (the first free slot at or after any point is one of these). The
/// cost follows the number of live leases, never the size of the slot space.
const FIND: &str = "
WITH live AS MATERIALIZED (
    SELECT slot FROM idcraft_lease WHERE namespace = $1 AND expires_at > now()
)
(SELECT $2::int WHERE NOT EXISTS (
    SELECT 1 FROM idcraft_lease WHERE namespace = $1 AND slot = $2::int AND expires_at > now()))
UNION ALL
(SELECT c FROM (
    SELECT 0 AS c UNION ALL SELECT slot + 1 FROM live WHERE slot < $3::int - 1
) AS candidate
WHERE NOT EXISTS (SELECT 1 FROM live WHERE live.slot = candidate.c)
ORDER BY c < $2::int, c
LIMIT 1)
LIMIT 1";

/// The candidate's row, locked for this transaction: whether it is live, and the bound its
/// holders published (a row from before bounds were published: its expiry, the best there is).
const LOCK: &str = "
SELECT expires_at > now(), COALESCE(issue_until, expires_at) FROM idcraft_lease
 WHERE namespace = $1 AND slot = $2 FOR UPDATE";

const TAKE: &str = "
UPDATE idcraft_lease
   SET holder = $3, epoch = epoch + 1, expires_at = now() + make_interval(secs => $4),
       issue_until = GREATEST(COALESCE(issue_until, expires_at), $5)
 WHERE namespace = $1 AND slot = $2
RETURNING epoch, issue_until";

const INSERT: &str = "
INSERT INTO idcraft_lease (namespace, slot, holder, epoch, expires_at, issue_until)
VALUES ($1, $2, $3, 1, now() + make_interval(secs => $4), $5)
ON CONFLICT (namespace, slot) DO NOTHING
RETURNING epoch, issue_until";

const RENEW: &str = "
UPDATE idcraft_lease
   SET expires_at = now() + make_interval(secs => $5), issue_until = GREATEST(issue_until, $6)
 WHERE namespace = $1 AND slot = $2 AND holder = $3 AND epoch = $4
RETURNING issue_until";

/// Expires the lease in place (the row stays, so the slot's epoch keeps growing).
const RELEASE: &str = "
UPDATE idcraft_lease
   SET expires_at = now() - interval '1 microsecond', issue_until = LEAST(issue_until, $5)
 WHERE namespace = $1 AND slot = $2 AND holder = $3 AND epoch = $4";

/// One connection, reopened on demand, on a runtime of its own.
pub(super) struct Postgres<T> {
    config: Config,
    tls: T,
    namespace: &'static str,
    timeout: Duration,
    runtime: Runtime,
    connection: Option<(Client, JoinHandle<()>)>,
}

impl<T> Postgres<T>
where
    T: MakeTlsConnect<Socket> + Clone + Send + 'static,
    T::Stream: Send + 'static,
    T::TlsConnect: Send,
    <T::TlsConnect as TlsConnect<Socket>>::Future: Send,
{
    pub(super) fn new(
        mut config: Config,
        tls: T,
        namespace: &'static str,
        timeout: Duration,
    ) -> Result<Self, LeaseError> {
        if config.get_connect_timeout().is_none_or(|t| *t > timeout) {
            config.connect_timeout(timeout);
        }
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(LeaseError::Thread)?;
        Ok(Postgres { config, tls, namespace, timeout, runtime, connection: None })
    }

    /// Runs `f` on the connection, connecting first if needed, all within the store timeout.
    /// A failed or late call drops the connection, so the next call starts on a fresh one (the
    /// store may have restarted, or the old socket may be black-holed).
    fn call<R>(
        &mut self,
        call: &'static str,
        f: impl AsyncFnOnce(&mut Client) -> Result<R, tokio_postgres::Error>,
    ) -> Result<R, LeaseError> {
        let Postgres { config, tls, timeout, runtime, connection, .. } = self;
        let deadline = *timeout;
        // The timer is made inside the runtime, which owns the clock it runs on.
        let outcome = runtime.block_on(async move {
            tokio::time::timeout(deadline, async {
                if connection.as_ref().is_none_or(|(client, _)| client.is_closed()) {
                    *connection = None;
                    let (client, io) = config.connect(tls.clone()).await?;
                    let io = tokio::spawn(async move { drop(io.await) });
                    // The server gives up too, rather than run on after the client has.
                    client.batch_execute(&format!("SET statement_timeout = {}", timeout.as_millis().max(1))).await?;
                    *connection = Some((client, io));
                }
                let (client, _) = connection.as_mut().expect("connected above");
                f(client).await
            })
            .await
        });
        match outcome {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(e)) => {
                self.disconnect();
                Err(LeaseError::Store(Box::new(e)))
            }
            Err(_) => {
                self.disconnect();
                Err(LeaseError::Timeout { call, after: self.timeout })
            }
        }
    }

    fn disconnect(&mut self) {
        if let Some((client, io)) = self.connection.take() {
            drop(client);
            io.abort();
        }
    }
}

impl<T> Store for Postgres<T>
where
    T: MakeTlsConnect<Socket> + Clone + Send + 'static,
    T::Stream: Send + 'static,
    T::TlsConnect: Send,
    <T::TlsConnect as TlsConnect<Socket>>::Future: Send,
{
    /// Creates the table unless it exists, under a transaction-scoped advisory lock: a fleet
    /// starting at once would otherwise race in `CREATE TABLE IF NOT EXISTS`, which PostgreSQL
    /// lets fail with a duplicate-key error on its catalog.
    fn prepare(&mut self) -> Result<(), LeaseError> {
        self.call("create the lease table", async |c| {
            let tx = c.transaction().await?;
            tx.execute("SELECT pg_advisory_xact_lock(hashtext('idcraft_lease'))", &[]).await?;
            tx.batch_execute(include_str!("../sql/idcraft_lease.sql")).await?;
            tx.commit().await
        })
    }

    fn claim(&mut self, request: ClaimRequest) -> Result<Option<Claim>, LeaseError> {
        let ClaimRequest { holder, start, slots, ttl, bound } = request;
        let namespace = self.namespace;
        let (start, total, secs) = (start as i32, slots as i32, ttl.as_secs_f64());
        self.call("claim", async |c| {
            let Some(found) = c.query_opt(FIND, &[&namespace, &start, &total]).await? else {
                return Ok(None);
            };
            let slot: i32 = found.get(0);
            let tx = c.transaction().await?;
            let (row, previous_bound) = match tx.query_opt(LOCK, &[&namespace, &slot]).await? {
                Some(row) if row.get::<_, bool>(0) => return Ok(None), // taken meanwhile
                Some(row) => {
                    (tx.query_one(TAKE, &[&namespace, &slot, &holder, &secs, &bound]).await?, Some(row.get(1)))
                }
                None => match tx.query_opt(INSERT, &[&namespace, &slot, &holder, &secs, &bound]).await? {
                    Some(row) => (row, None),
                    None => return Ok(None), // inserted meanwhile
                },
            };
            tx.commit().await?;
            Ok(Some(Claim { slot: slot as u32, epoch: row.get(0), previous_bound, bound: row.get(1) }))
        })
    }

    fn renew(
        &mut self,
        slot: u32,
        holder: Uuid,
        epoch: i64,
        ttl: Duration,
        bound: SystemTime,
    ) -> Result<Option<SystemTime>, LeaseError> {
        let (namespace, slot, secs) = (self.namespace, slot as i32, ttl.as_secs_f64());
        self.call("renew", async |c| {
            let row = c.query_opt(RENEW, &[&namespace, &slot, &holder, &epoch, &secs, &bound]).await?;
            Ok(row.map(|row| row.get(0)))
        })
    }

    fn release(&mut self, slot: u32, holder: Uuid, epoch: i64, issued: SystemTime) -> Result<(), LeaseError> {
        let (namespace, slot) = (self.namespace, slot as i32);
        self.call("release", async |c| {
            c.execute(RELEASE, &[&namespace, &slot, &holder, &epoch, &issued]).await.map(drop)
        })
    }
}
