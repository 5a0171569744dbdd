//! The etcd store: one key per held slot, attached to an etcd lease, and one key per slot for
//! the published bound, through etcd-client on a runtime of the renewer's own (every call has a
//! deadline and is abandoned with its connection when the network swallows it).
//!
//! * `idcraft/lease/<namespace>/<slot>` (the slot zero-padded to 10 digits, so keys sort as
//!   slots do) holds the holder's UUID and is attached to an etcd lease granted with the
//!   configured TTL, rounded up to whole seconds. It exists exactly while the slot is held: etcd
//!   deletes it when its lease expires, and a release deletes it. Its create revision is the
//!   epoch, unique to one claim of the slot.
//! * `idcraft/bound/<namespace>/<slot>` holds the published bound (µs since 1970, decimal) and is
//!   attached to no lease, so it outlives the slot key: the next claim reads it.
//!
//! A claim reads the bound key and creates the slot key in one transaction that requires the
//! slot key to be absent and the bound key unchanged since it was read, so the previous
//! holders' bound is read atomically with taking the slot. A renewal keeps the etcd lease alive,
//! then raises the bound in a transaction that requires the slot key to be this claim's (create
//! revision, holder, etcd lease) and the bound key to be as this holder last wrote it.

use super::state::{micros_of, time_of};
use super::store::{Claim, LeaseError, Store};
use etcd_client::{
    Client, Compare, CompareOp, ConnectOptions, GetOptions, KeyValue, LeaseKeepAliveStream, LeaseKeeper, PutOptions,
    Txn, TxnOp, TxnOpResponse, TxnResponse,
};
use std::collections::BTreeSet;
use std::time::{Duration, SystemTime};
use tokio::runtime::Runtime;
use uuid::Uuid;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// What etcd answered that a lease cannot work with.
#[derive(Debug)]
enum Unexpected {
    /// A bound key whose value is not a number of microseconds (written by hand?).
    Bound(String),
    /// The cluster granted a shorter etcd lease than asked for.
    Ttl { asked: i64, granted: i64 },
    /// The keep-alive stream ended.
    KeepAliveClosed,
    /// The bound key changed under every attempt to publish.
    Contended,
    /// A transaction's answer lacked the read it asked for.
    Answer,
}

impl std::fmt::Display for Unexpected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unexpected::Bound(value) => write!(f, "the bound key holds {value:?}, not microseconds since 1970"),
            Unexpected::Ttl { asked, granted } => {
                write!(f, "etcd granted a {granted} s lease where {asked} s were asked for")
            }
            Unexpected::KeepAliveClosed => f.write_str("the etcd keep-alive stream ended"),
            Unexpected::Contended => f.write_str("the bound key kept changing under the holder"),
            Unexpected::Answer => f.write_str("an etcd transaction answered without the read it asked for"),
        }
    }
}

impl std::error::Error for Unexpected {}

/// The etcd lease's TTL for a configured `ttl`: whole seconds, rounded up, so the key never
/// expires before the holder's own deadline (etcd also raises TTLs below its minimum, about
/// 1.5 election timeouts, to that minimum; it never lowers one).
pub(super) fn etcd_ttl(ttl: Duration) -> i64 {
    let secs = ttl.as_secs() + u64::from(ttl.subsec_nanos() > 0);
    // A configured TTL is at most a year: the cast cannot truncate.
    secs.max(1) as i64
}

/// The slot this holder has, as etcd knows it.
#[derive(Clone, Copy, Debug)]
struct Held {
    slot: u32,
    epoch: i64,
    lease: i64,
    /// The bound this holder last wrote (µs since 1970), and the bound key's mod revision then.
    bound: i64,
    bound_revision: i64,
}

/// A connection and, once a renewal opened it, the keep-alive stream of the held lease.
struct Connected {
    client: Client,
    keep_alive: Option<(i64, LeaseKeeper, LeaseKeepAliveStream)>,
}

/// One client, reopened on demand, on a runtime of its own.
pub(super) struct Etcd {
    endpoints: Vec<String>,
    options: ConnectOptions,
    namespace: &'static str,
    timeout: Duration,
    runtime: Runtime,
    connection: Option<Connected>,
    held: Option<Held>,
}

impl Etcd {
    pub(super) fn new(
        endpoints: Vec<String>,
        options: ConnectOptions,
        namespace: &'static str,
        timeout: Duration,
    ) -> Result<Self, LeaseError> {
        if endpoints.is_empty() {
            return Err(LeaseError::Config("an etcd lease needs at least one endpoint"));
        }
        // A member cut off from its cluster's leader answers at once that it has none, instead
        // of holding the call until the deadline.
        let options = options.with_connect_timeout(timeout).with_require_leader(true);
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(LeaseError::Thread)?;
        Ok(Etcd { endpoints, options, namespace, timeout, runtime, connection: None, held: None })
    }

    /// Runs `f` on the client, connecting first if needed, all within the store timeout. A
    /// failed or late call drops the client (and the keep-alive stream), so the next call starts
    /// on fresh connections: a member may have died, or a socket may be black-holed.
    fn call<R>(
        &mut self,
        call: &'static str,
        f: impl AsyncFnOnce(&mut Connected) -> Result<R, BoxError>,
    ) -> Result<R, LeaseError> {
        let Etcd { endpoints, options, timeout, runtime, connection, .. } = self;
        let deadline = *timeout;
        // The timer is made inside the runtime, which owns the clock it runs on.
        let outcome = runtime.block_on(async move {
            tokio::time::timeout(deadline, async {
                if connection.is_none() {
                    let client = Client::connect(&*endpoints, Some(options.clone())).await?;
                    *connection = Some(Connected { client, keep_alive: None });
                }
                f(connection.as_mut().expect("connected above")).await
            })
            .await
        });
        match outcome {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(e)) => {
                self.disconnect();
                Err(LeaseError::Store(e))
            }
            Err(_) => {
                self.disconnect();
                Err(LeaseError::Timeout { call, after: self.timeout })
            }
        }
    }

    fn disconnect(&mut self) {
        // The client's background tasks live on this runtime: dropped within it, they end
        // cleanly at its next turn.
        let _inside = self.runtime.enter();
        self.connection = None;
    }

    fn held(&self, slot: u32, epoch: i64) -> Result<Held, LeaseError> {
        self.held
            .filter(|h| h.slot == slot && h.epoch == epoch)
            .ok_or(LeaseError::Config("the etcd store was asked about a slot it did not claim"))
    }

    fn slot_key(&self, slot: u32) -> String {
        format!("{}{slot:010}", slot_prefix(self.namespace))
    }

    fn bound_key(&self, slot: u32) -> String {
        format!("idcraft/bound/{}/{slot:010}", self.namespace)
    }
}

fn slot_prefix(namespace: &str) -> String {
    format!("idcraft/lease/{namespace}/")
}

/// The slot a listed key stands for (`None` for a key of a namespace below this one).
fn slot_of(key: &[u8], prefix: &str) -> Option<u32> {
    let digits = key.strip_prefix(prefix.as_bytes())?;
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok()
}

/// The first free slot from `start` upwards, wrapping: `start` itself when it is free, else the
/// first free one of `0` and one past each live slot (the first free slot at or after any
/// point is one of these), as the PostgreSQL store chooses.
pub(super) fn candidate(start: u32, slots: u32, live: &BTreeSet<u32>) -> Option<u32> {
    if !live.contains(&start) {
        return Some(start);
    }
    let candidates = std::iter::once(0).chain(live.iter().filter(|&&s| s < slots - 1).map(|&s| s + 1));
    candidates.filter(|c| !live.contains(c)).min_by_key(|&c| (c < start, c))
}

fn parse_bound(kv: &KeyValue) -> Result<i64, BoxError> {
    let text = String::from_utf8_lossy(kv.value());
    text.parse().map_err(|_| Unexpected::Bound(text.into_owned()).into())
}

/// The `index`th read of a transaction's answer: its first key, if any.
fn read(response: &TxnResponse, index: usize) -> Result<Option<KeyValue>, BoxError> {
    match response.op_responses().into_iter().nth(index) {
        Some(TxnOpResponse::Get(get)) => Ok(get.kvs().first().cloned()),
        _ => Err(Unexpected::Answer.into()),
    }
}

fn revision(response: &TxnResponse) -> Result<i64, BoxError> {
    response.header().map(|h| h.revision()).ok_or_else(|| Unexpected::Answer.into())
}

/// Whether the slot key is still the one this holder created, with its etcd lease.
fn is_ours(kv: Option<&KeyValue>, held: &Held, holder: &str) -> bool {
    kv.is_some_and(|kv| {
        kv.create_revision() == held.epoch && kv.lease() == held.lease && kv.value() == holder.as_bytes()
    })
}

/// The guard of every write a holder makes: its slot key as it created it, and the bound key as
/// it last wrote it.
fn holds(slot_key: &str, bound_key: &str, held: &Held, holder: &str) -> Vec<Compare> {
    vec![
        Compare::create_revision(slot_key, CompareOp::Equal, held.epoch),
        Compare::lease(slot_key, CompareOp::Equal, held.lease),
        Compare::value(slot_key, CompareOp::Equal, holder),
        Compare::mod_revision(bound_key, CompareOp::Equal, held.bound_revision),
    ]
}

/// Writes the bound `next(stored)` (and runs `also`) if the slot is still this holder's: the
/// new bound and its revision, or `None` if the slot is not (lost). A bound key written by
/// someone else meanwhile (by hand) is read and the write tried again on it.
async fn publish(
    client: &mut Client,
    keys: (&str, &str),
    mut held: Held,
    holder: &str,
    next: impl Fn(i64) -> i64,
    also: &[TxnOp],
) -> Result<Option<Held>, BoxError> {
    let (slot_key, bound_key) = keys;
    for _ in 0..3 {
        let bound = next(held.bound);
        let mut then = vec![TxnOp::put(bound_key, bound.to_string(), None)];
        then.extend_from_slice(also);
        let txn = Txn::new()
            .when(holds(slot_key, bound_key, &held, holder))
            .and_then(then)
            .or_else([TxnOp::get(slot_key, None), TxnOp::get(bound_key, None)]);
        let response = client.txn(txn).await?;
        if response.succeeded() {
            return Ok(Some(Held { bound, bound_revision: revision(&response)?, ..held }));
        }
        if !is_ours(read(&response, 0)?.as_ref(), &held, holder) {
            return Ok(None);
        }
        // Still ours, but the bound key was written by someone else: go on from what it holds.
        match read(&response, 1)? {
            Some(kv) => (held.bound, held.bound_revision) = (parse_bound(&kv)?, kv.mod_revision()),
            None => held.bound_revision = 0,
        }
    }
    Err(Unexpected::Contended.into())
}

/// One keep-alive of `lease`: whether etcd still has it. The first opens the stream (which
/// sends one), later ones reuse it.
async fn keep_alive(connection: &mut Connected, lease: i64) -> Result<bool, BoxError> {
    if let Some((id, keeper, stream)) = &mut connection.keep_alive
        && *id == lease
    {
        keeper.keep_alive().await?;
        return match stream.message().await? {
            Some(answer) => Ok(answer.id() == lease && answer.ttl() > 0),
            None => Err(Unexpected::KeepAliveClosed.into()),
        };
    }
    connection.keep_alive = None;
    let (keeper, stream) = connection.client.lease_keep_alive(lease).await?;
    connection.keep_alive = Some((lease, keeper, stream));
    Ok(true)
}

impl Store for Etcd {
    /// etcd needs no schema.
    fn prepare(&mut self) -> Result<(), LeaseError> {
        Ok(())
    }

    fn claim(
        &mut self,
        holder: Uuid,
        start: u32,
        slots: u32,
        ttl: Duration,
        bound: SystemTime,
    ) -> Result<Option<Claim>, LeaseError> {
        let prefix = slot_prefix(self.namespace);
        let namespace = self.namespace;
        let asked = micros_of(bound);
        let ttl = etcd_ttl(ttl);
        let claimed = self.call("claim", async |c| {
            let client = &mut c.client;
            // `start` when its key is absent (one read); else a free slot among the live ones'
            // neighbours (keys only): the cost follows the live leases, not the slot space.
            let keys_only = || Some(GetOptions::new().with_keys_only());
            let start_held = !client.get(format!("{prefix}{start:010}"), keys_only()).await?.kvs().is_empty();
            let slot = if start_held {
                let listed =
                    client.get(prefix.as_str(), Some(GetOptions::new().with_prefix().with_keys_only())).await?;
                let live: BTreeSet<u32> = listed.kvs().iter().filter_map(|kv| slot_of(kv.key(), &prefix)).collect();
                let Some(slot) = candidate(start, slots, &live) else { return Ok(None) };
                slot
            } else {
                start
            };
            let slot_key = format!("{prefix}{slot:010}");
            let bound_key = format!("idcraft/bound/{namespace}/{slot:010}");
            let (previous, previous_revision) = match client.get(bound_key.as_str(), None).await?.kvs().first() {
                Some(kv) => (Some(parse_bound(kv)?), kv.mod_revision()),
                None => (None, 0),
            };
            let granted = client.lease_grant(ttl, None).await?;
            if granted.ttl() < ttl {
                return Err(Unexpected::Ttl { asked: ttl, granted: granted.ttl() }.into());
            }
            let stored = previous.map_or(asked, |p| p.max(asked));
            // Taken only if nobody holds the slot and nobody wrote its bound since it was read:
            // the previous holders' bound is the one this claim read. A granted etcd lease left
            // without a key (a lost race) expires on its own.
            let txn = Txn::new()
                .when([
                    Compare::create_revision(slot_key.as_str(), CompareOp::Equal, 0),
                    Compare::mod_revision(bound_key.as_str(), CompareOp::Equal, previous_revision),
                ])
                .and_then([
                    TxnOp::put(slot_key.as_str(), holder.to_string(), Some(PutOptions::new().with_lease(granted.id()))),
                    TxnOp::put(bound_key.as_str(), stored.to_string(), None),
                ]);
            let response = client.txn(txn).await?;
            if !response.succeeded() {
                return Ok(None);
            }
            // Both keys were written at the transaction's revision: the slot key's create
            // revision (the epoch) and the bound key's mod revision.
            let at = revision(&response)?;
            let held = Held { slot, epoch: at, lease: granted.id(), bound: stored, bound_revision: at };
            let claim = Claim { slot, epoch: at, previous_bound: previous.map(time_of), bound: time_of(stored) };
            Ok(Some((claim, held)))
        })?;
        Ok(claimed.map(|(claim, held)| {
            self.held = Some(held);
            claim
        }))
    }

    fn renew(
        &mut self,
        slot: u32,
        holder: Uuid,
        epoch: i64,
        _ttl: Duration,
        bound: SystemTime,
    ) -> Result<Option<SystemTime>, LeaseError> {
        let held = self.held(slot, epoch)?;
        let (slot_key, bound_key) = (self.slot_key(slot), self.bound_key(slot));
        let holder = holder.to_string();
        let asked = micros_of(bound);
        let renewed = self.call("renew", async |c| {
            match keep_alive(c, held.lease).await {
                // Expired: etcd has deleted the slot key, and may have given the slot away.
                Ok(false) => return Ok(None),
                Ok(true) => {}
                // Also what etcd-client answers for an expired lease: the slot key says which.
                Err(e) => {
                    let key = c.client.get(slot_key.as_str(), None).await?;
                    return if is_ours(key.kvs().first(), &held, &holder) { Err(e) } else { Ok(None) };
                }
            }
            publish(
                &mut c.client,
                (slot_key.as_str(), bound_key.as_str()),
                held,
                &holder,
                |stored| stored.max(asked),
                &[],
            )
            .await
        })?;
        Ok(renewed.map(|held| {
            self.held = Some(held);
            time_of(held.bound)
        }))
    }

    fn release(&mut self, slot: u32, holder: Uuid, epoch: i64, issued: SystemTime) -> Result<(), LeaseError> {
        let held = self.held(slot, epoch)?;
        let (slot_key, bound_key) = (self.slot_key(slot), self.bound_key(slot));
        let holder = holder.to_string();
        let issued = micros_of(issued);
        // The bound is lowered and the slot key deleted in one transaction: the slot is free at
        // once, with the bound of what was really issued. The emptied etcd lease expires on its
        // own.
        let delete = [TxnOp::delete(slot_key.as_str(), None)];
        self.call("release", async |c| {
            publish(
                &mut c.client,
                (slot_key.as_str(), bound_key.as_str()),
                held,
                &holder,
                |stored| stored.min(issued),
                &delete,
            )
            .await
        })?;
        self.held = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ttls_round_up_to_whole_seconds() {
        assert_eq!(etcd_ttl(Duration::ZERO), 1);
        assert_eq!(etcd_ttl(Duration::from_millis(1)), 1);
        assert_eq!(etcd_ttl(Duration::from_millis(1000)), 1);
        assert_eq!(etcd_ttl(Duration::from_millis(1001)), 2);
        assert_eq!(etcd_ttl(Duration::from_secs(30)), 30);
        assert_eq!(etcd_ttl(Duration::from_secs(365 * 24 * 3600)), 365 * 24 * 3600);
    }

    #[test]
    fn listed_keys_of_other_namespaces_are_not_slots() {
        let prefix = slot_prefix("ns");
        assert_eq!(slot_of(b"idcraft/lease/ns/0000000042", &prefix), Some(42));
        assert_eq!(slot_of(b"idcraft/lease/ns/sub/0000000042", &prefix), None);
        assert_eq!(slot_of(b"idcraft/lease/ns/", &prefix), None);
        assert_eq!(slot_of(b"idcraft/lease/ns/99999999999", &prefix), None);
    }

    #[test]
    fn candidates_follow_the_postgres_rule() {
        let live = |s: &[u32]| s.iter().copied().collect::<BTreeSet<u32>>();
        assert_eq!(candidate(5, 8, &live(&[])), Some(5));
        assert_eq!(candidate(5, 8, &live(&[5, 6])), Some(7));
        assert_eq!(candidate(5, 8, &live(&[5, 6, 7])), Some(0));
        assert_eq!(candidate(5, 8, &live(&[0, 5, 6, 7])), Some(1));
        assert_eq!(candidate(0, 4, &live(&[0, 1, 2, 3])), None);
        assert_eq!(candidate(3, 4, &live(&[3])), Some(0));
        // Live slots beyond the namespace's size (from a larger configuration) propose nothing.
        assert_eq!(candidate(1, 2, &live(&[0, 1, 5])), None);
        assert_eq!(candidate(2, i32::MAX as u32, &live(&[2, (i32::MAX - 1) as u32])), Some(3));
    }
}
