//! The etcd store: one key per held slot, attached to an etcd lease, and one key per slot for
//! the published bound, on a runtime of the renewer's own (every call has a deadline and is
//! abandoned with its connection when the network swallows it).
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
//!
//! The store talks to etcd through a client of its own ([`client`]): JSON over HTTP/1.1 to the
//! gateway every member serves, one connection to one member at a time. A call a member refused
//! without carrying it out (it has no leader, or refused the connection's auth token) is asked
//! of the next member at once; any other failure, or the deadline, drops the connection, and
//! the next call starts on the next member.

mod client;
mod error;
mod keys;
mod options;

pub use error::EtcdError;
use error::Unexpected;
pub use options::EtcdOptions;

use crate::state::{micros_of, time_of};
use crate::store::{Claim, ClaimRequest, LeaseError, Store};
use client::wire::{Bytes, Compare, DeleteRequest, I64, KeyValue, PutRequest, RangeRequest, RequestOp, Target};
use client::wire::{TxnRequest, TxnResponse};
use client::{Client, Endpoint, prefix_end};
use idcraft_core::RandomSource;
use keys::{candidate, slot_of, slot_prefix};
use std::collections::BTreeSet;
use std::time::{Duration, SystemTime};
use tokio::runtime::Runtime;
use uuid::Uuid;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The etcd lease's TTL for a configured `ttl`: whole seconds, rounded up, so the key never
/// expires before the holder's own deadline (etcd also raises TTLs below its minimum, about
/// 1.5 election timeouts, to that minimum; it never lowers one).
pub(crate) fn etcd_ttl(ttl: Duration) -> i64 {
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

/// One connection at a time, to one of the members, on a runtime of its own.
pub(crate) struct Etcd {
    endpoints: Vec<Endpoint>,
    /// The member the next connection tries first.
    next: usize,
    options: EtcdOptions,
    namespace: &'static str,
    timeout: Duration,
    runtime: Runtime,
    client: Option<Client>,
    held: Option<Held>,
}

impl Etcd {
    pub(crate) fn new(
        endpoints: Vec<String>,
        options: EtcdOptions,
        namespace: &'static str,
        timeout: Duration,
    ) -> Result<Self, LeaseError> {
        if endpoints.is_empty() {
            return Err(LeaseError::Config("an etcd lease needs at least one endpoint"));
        }
        let endpoints = endpoints
            .iter()
            .map(|e| Endpoint::parse(e))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| LeaseError::Store(Box::new(e)))?;
        // Each process starts at a member of its own choosing: a fleet spreads over the cluster.
        let mut random = [0u8; 8];
        idcraft_core::OsRandom.fill_bytes(&mut random);
        let next = (u64::from_le_bytes(random) % endpoints.len() as u64) as usize;
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(LeaseError::Thread)?;
        Ok(Etcd { endpoints, next, options, namespace, timeout, runtime, client: None, held: None })
    }

    /// Runs `f` on a connection, connecting first if needed, all within the store timeout. A
    /// call a member refused without carrying it out is run again on the next member (each
    /// member once); any other failed or late call drops the connection, so the next call
    /// starts on a fresh one to the next member: a member may have died, or a socket may be
    /// black-holed.
    fn call<R>(
        &mut self,
        call: &'static str,
        mut f: impl AsyncFnMut(&mut Client) -> Result<R, BoxError>,
    ) -> Result<R, LeaseError> {
        let Etcd { endpoints, next, options, timeout, runtime, client, .. } = self;
        let deadline = *timeout;
        // The timer is made inside the runtime, which owns the clock it runs on.
        let outcome = runtime.block_on(async move {
            tokio::time::timeout(deadline, async {
                let mut untried = endpoints.len();
                loop {
                    if client.is_none() {
                        *client = Some(connect(endpoints, next, options).await?);
                    }
                    let Some(connected) = client.as_mut() else { continue };
                    match f(connected).await {
                        Err(e) if untried > 1 && not_carried_out(&*e) => {
                            *client = None;
                            *next = (*next + 1) % endpoints.len();
                            untried -= 1;
                        }
                        outcome => return outcome,
                    }
                }
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

    /// Drops the connection; the next one starts at the next member.
    fn disconnect(&mut self) {
        self.client = None;
        self.next = (self.next + 1) % self.endpoints.len();
    }

    fn held(&self, slot: u32, epoch: i64) -> Result<Held, LeaseError> {
        self.held
            .filter(|h| h.slot == slot && h.epoch == epoch)
            .ok_or(LeaseError::Config("the etcd store was asked about a slot it did not claim"))
    }

    fn keys(&self, slot: u32) -> (String, String) {
        (keys::slot_key(self.namespace, slot), keys::bound_key(self.namespace, slot))
    }
}

/// A connection to the first member, from `next` on, that accepts one; `next` is left on it.
/// Credentials refused are refused by the whole cluster: that ends the search.
async fn connect(endpoints: &[Endpoint], next: &mut usize, options: &EtcdOptions) -> Result<Client, BoxError> {
    let mut refused = None;
    for i in 0..endpoints.len() {
        let at = (*next + i) % endpoints.len();
        match Client::connect(&endpoints[at], options).await {
            Ok(client) => {
                *next = at;
                return Ok(client);
            }
            Err(e @ EtcdError::Status { .. }) if !e.not_carried_out() => return Err(e.into()),
            Err(e) => refused = Some(e),
        }
    }
    Err(refused.map_or_else(|| "no etcd endpoint".into(), BoxError::from))
}

fn not_carried_out(e: &(dyn std::error::Error + Send + Sync + 'static)) -> bool {
    e.downcast_ref::<EtcdError>().is_some_and(EtcdError::not_carried_out)
}

fn get(key: &str) -> RangeRequest {
    RangeRequest { key: Bytes::of(key), ..RangeRequest::default() }
}

fn put(key: &str, value: impl AsRef<[u8]>, lease: i64) -> RequestOp {
    RequestOp::Put(PutRequest { key: Bytes::of(key), value: Bytes::of(value), lease: I64(lease) })
}

fn compare(key: &str, target: Target) -> Compare {
    Compare { key: key.as_bytes().to_vec(), target }
}

fn parse_bound(kv: &KeyValue) -> Result<i64, BoxError> {
    let text = String::from_utf8_lossy(&kv.value.0);
    let key = || String::from_utf8_lossy(&kv.key.0).into_owned();
    text.parse().map_err(|_| Unexpected::Bound { key: key(), value: text.into_owned() }.into())
}

/// The `index`th read of a transaction's answer: its first key, if any.
fn read(response: &TxnResponse, index: usize) -> Result<Option<KeyValue>, BoxError> {
    match response.responses.get(index).and_then(|op| op.response_range.as_ref()) {
        Some(range) => Ok(range.kvs.first().cloned()),
        None => Err(Unexpected::Answer.into()),
    }
}

fn revision(response: &TxnResponse) -> Result<i64, BoxError> {
    response.header.map(|h| h.revision.0).filter(|&r| r > 0).ok_or_else(|| Unexpected::Answer.into())
}

/// Whether the slot key is still the one this holder created, with its etcd lease.
fn is_ours(kv: Option<&KeyValue>, held: &Held, holder: &str) -> bool {
    kv.is_some_and(|kv| {
        kv.create_revision.0 == held.epoch && kv.lease.0 == held.lease && kv.value.0 == holder.as_bytes()
    })
}

/// The guard of every write a holder makes: its slot key as it created it, and the bound key as
/// it last wrote it.
fn holds(slot_key: &str, bound_key: &str, held: &Held, holder: &str) -> Vec<Compare> {
    vec![
        compare(slot_key, Target::Create(held.epoch)),
        compare(slot_key, Target::Lease(held.lease)),
        compare(slot_key, Target::Value(holder.as_bytes().to_vec())),
        compare(bound_key, Target::Mod(held.bound_revision)),
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
    also: &[RequestOp],
) -> Result<Option<Held>, BoxError> {
    let (slot_key, bound_key) = keys;
    for _ in 0..3 {
        let bound = next(held.bound);
        let mut success = vec![put(bound_key, bound.to_string(), 0)];
        success.extend_from_slice(also);
        let txn = TxnRequest {
            compare: holds(slot_key, bound_key, &held, holder),
            success,
            failure: vec![RequestOp::Range(get(slot_key)), RequestOp::Range(get(bound_key))],
        };
        let response = client.txn(&txn).await?;
        if response.succeeded {
            return Ok(Some(Held { bound, bound_revision: revision(&response)?, ..held }));
        }
        if !is_ours(read(&response, 0)?.as_ref(), &held, holder) {
            return Ok(None);
        }
        // Still ours, but the bound key was written by someone else: go on from what it holds.
        match read(&response, 1)? {
            Some(kv) => (held.bound, held.bound_revision) = (parse_bound(&kv)?, kv.mod_revision.0),
            None => held.bound_revision = 0,
        }
    }
    Err(Unexpected::Contended.into())
}

impl Store for Etcd {
    /// etcd needs no schema.
    fn prepare(&mut self) -> Result<(), LeaseError> {
        Ok(())
    }

    fn claim(&mut self, request: ClaimRequest) -> Result<Option<Claim>, LeaseError> {
        let ClaimRequest { holder, start, slots, ttl, bound } = request;
        let prefix = slot_prefix(self.namespace);
        let namespace = self.namespace;
        let holder = holder.to_string();
        let asked = micros_of(bound);
        let ttl = etcd_ttl(ttl);
        let claimed = self.call("claim", async |client| {
            // `start` when its key is absent (one read); else a free slot among the live ones'
            // neighbours (keys only): the cost follows the live leases, not the slot space.
            let start_key = RangeRequest { keys_only: true, ..get(&keys::slot_key(namespace, start)) };
            let slot = if client.range(&start_key).await?.is_empty() {
                start
            } else {
                let all =
                    RangeRequest { range_end: Bytes(prefix_end(prefix.as_bytes())), keys_only: true, ..get(&prefix) };
                let live: BTreeSet<u32> =
                    client.range(&all).await?.iter().filter_map(|kv| slot_of(&kv.key.0, &prefix)).collect();
                let Some(slot) = candidate(start, slots, &live) else { return Ok(None) };
                slot
            };
            let (slot_key, bound_key) = (keys::slot_key(namespace, slot), keys::bound_key(namespace, slot));
            let (previous, previous_revision) = match client.range(&get(&bound_key)).await?.first() {
                Some(kv) => (Some(parse_bound(kv)?), kv.mod_revision.0),
                None => (None, 0),
            };
            let granted = client.grant(ttl).await?;
            if granted.ttl.0 < ttl {
                return Err(Unexpected::Ttl { asked: ttl, granted: granted.ttl.0 }.into());
            }
            let stored = previous.map_or(asked, |p| p.max(asked));
            // Taken only if nobody holds the slot and nobody wrote its bound since it was read:
            // the previous holders' bound is the one this claim read. A granted etcd lease left
            // without a key (a lost race) expires on its own.
            let txn = TxnRequest {
                compare: vec![
                    compare(&slot_key, Target::Create(0)),
                    compare(&bound_key, Target::Mod(previous_revision)),
                ],
                success: vec![put(&slot_key, &holder, granted.id.0), put(&bound_key, stored.to_string(), 0)],
                failure: vec![],
            };
            let response = client.txn(&txn).await?;
            if !response.succeeded {
                return Ok(None);
            }
            // Both keys were written at the transaction's revision: the slot key's create
            // revision (the epoch) and the bound key's mod revision.
            let at = revision(&response)?;
            let held = Held { slot, epoch: at, lease: granted.id.0, bound: stored, bound_revision: at };
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
        let (slot_key, bound_key) = self.keys(slot);
        let holder = holder.to_string();
        let asked = micros_of(bound);
        let renewed = self.call("renew", async |client| {
            // A TTL of 0: etcd no longer has the lease, has deleted the slot key with it, and
            // may have given the slot away.
            if client.keep_alive(held.lease).await? <= 0 {
                return Ok(None);
            }
            publish(client, (&slot_key, &bound_key), held, &holder, |stored| stored.max(asked), &[]).await
        })?;
        Ok(renewed.map(|held| {
            self.held = Some(held);
            time_of(held.bound)
        }))
    }

    fn release(&mut self, slot: u32, holder: Uuid, epoch: i64, issued: SystemTime) -> Result<(), LeaseError> {
        let held = self.held(slot, epoch)?;
        let (slot_key, bound_key) = self.keys(slot);
        let holder = holder.to_string();
        let issued = micros_of(issued);
        // The bound is lowered and the slot key deleted in one transaction: the slot is free at
        // once, with the bound of what was really issued. The emptied etcd lease expires on its
        // own.
        let delete = [RequestOp::DeleteRange(DeleteRequest { key: Bytes::of(&slot_key) })];
        self.call("release", async |client| {
            publish(client, (&slot_key, &bound_key), held, &holder, |stored| stored.min(issued), &delete).await
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
}
