//! Vector clocks over global IDs.

use crate::prelude::*;

use super::generator::GlobalUidGenerator;
use super::global::GlobalUid;
use super::local::Uid64;
use crate::clock::Clock;
use crate::error::GenerateError;
use alloc::collections::BTreeMap;

/// A vector clock over global uids, one entry per node (uid's `vclock`, `join`, `descend`,
/// `diff`): the causality checks the uid README promises.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VectorClock {
    entries: BTreeMap<u32, Uid64>,
}

impl VectorClock {
    /// `vclock/0`: a clock with one fresh entry for `node`.
    pub fn new<C: Clock, const I: u8>(generator: &GlobalUidGenerator<C, I>) -> Result<VectorClock, GenerateError> {
        let mut clock = VectorClock::default();
        clock.tick(generator)?;
        Ok(clock)
    }

    /// `vclock/1`: replaces the generator's node's entry with a fresh ID.
    pub fn tick<C: Clock, const I: u8>(&mut self, generator: &GlobalUidGenerator<C, I>) -> Result<(), GenerateError> {
        self.entries.insert(generator.node(), generator.local.next()?);
        Ok(())
    }

    /// Inserts an entry (keeping the later one if the node is present).
    pub fn observe(&mut self, id: GlobalUid) {
        let e = self.entries.entry(id.node).or_insert(id.local);
        *e = (*e).max(id.local);
    }

    /// The entries, by node.
    pub fn entries(&self) -> impl Iterator<Item = GlobalUid> + '_ {
        self.entries.iter().map(|(&node, &local)| GlobalUid { local, node })
    }

    /// `join/2`: merge by node, keeping the later entry.
    pub fn join(&self, other: &VectorClock) -> VectorClock {
        let mut joined = self.clone();
        for id in other.entries() {
            joined.observe(id);
        }
        joined
    }

    /// `descend/2`: every entry of `other` is at or before this clock's entry for its node.
    pub fn descends(&self, other: &VectorClock) -> bool {
        other.entries.iter().all(|(node, theirs)| self.entries.get(node).is_some_and(|mine| theirs <= mine))
    }

    /// `descend/3`: as [`VectorClock::descends`], ignoring `node`.
    pub fn descends_ignoring(&self, other: &VectorClock, node: u32) -> bool {
        other
            .entries
            .iter()
            .filter(|(n, _)| **n != node)
            .all(|(n, theirs)| self.entries.get(n).is_some_and(|mine| theirs <= mine))
    }

    /// `diff/2`: the entries of `other` this clock does not dominate.
    pub fn diff(&self, other: &VectorClock) -> Vec<GlobalUid> {
        other.entries().filter(|id| self.entries.get(&id.node).is_none_or(|mine| id.local > *mine)).collect()
    }
}
