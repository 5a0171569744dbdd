//! Bound keys per ID type: derived on a type's first use, then looked up without a lock.

use core::any::TypeId;
use std::sync::{OnceLock, RwLock};

/// Bound keys per ID type, derived on first use. Keyed by `TypeId`: two types may share a name.
///
/// Every token a bound `PublicIds` makes or reads looks its type up here, from every thread at
/// once, so the lookup writes nothing shared: the slots are filled in order and never emptied,
/// and reading one is a plain acquire load, where a lock would take two atomic
/// read-modify-writes per token (each a full fence on x86) on a line all threads write.
/// Types past the slots, rare in one service, go to a locked list.
pub(crate) struct BoundKeys<K> {
    slots: [OnceLock<(TypeId, K)>; BOUND_SLOTS],
    more: RwLock<Vec<(TypeId, K)>>,
}

const BOUND_SLOTS: usize = 32;

impl<K> BoundKeys<K> {
    pub(crate) fn new() -> BoundKeys<K> {
        BoundKeys { slots: core::array::from_fn(|_| OnceLock::new()), more: RwLock::new(Vec::new()) }
    }

    /// Runs `f` with the keys of `type_id`, deriving them with `derive` on first use.
    #[inline]
    pub(crate) fn with<R>(&self, type_id: TypeId, derive: impl Fn() -> K, f: impl FnOnce(&K) -> R) -> R {
        let mut derived = None;
        for slot in &self.slots {
            if slot.get().is_none() {
                // The first free slot: this type's, unless another thread fills it first (with
                // this type or another), in which case the keys go on to the next free slot.
                let keys = derived.take().unwrap_or_else(&derive);
                if let Err((_, keys)) = slot.set((type_id, keys)) {
                    derived = Some(keys);
                }
            }
            let (id, keys) = slot.get().expect("filled above, here or by another thread");
            if *id == type_id {
                return f(keys);
            }
        }
        {
            let more = self.more.read().unwrap_or_else(|e| e.into_inner());
            if let Some((_, keys)) = more.iter().find(|(id, _)| *id == type_id) {
                return f(keys);
            }
        }
        let keys = derived.unwrap_or_else(derive);
        let mut more = self.more.write().unwrap_or_else(|e| e.into_inner());
        // Another thread may have derived the same keys meanwhile; either copy will do.
        let index = match more.iter().position(|(id, _)| *id == type_id) {
            Some(index) => index,
            None => {
                more.push((type_id, keys));
                more.len() - 1
            }
        };
        f(&more[index].1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::sync::atomic::{AtomicUsize, Ordering};

    macro_rules! type_ids {
        ($($n:literal)*) => { [$(TypeId::of::<[u8; $n]>()),*] };
    }

    fn forty_types() -> [TypeId; 40] {
        let types = type_ids!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
            30 31 32 33 34 35 36 37 38 39);
        assert!(types.len() > BOUND_SLOTS);
        types
    }

    /// After any first uses: every type has its own entry, derived once, in the slots or past
    /// them.
    fn check_settled(bound: &BoundKeys<usize>, types: &[TypeId]) {
        assert_eq!(bound.slots.iter().filter(|s| s.get().is_some()).count(), BOUND_SLOTS);
        assert_eq!(bound.more.read().unwrap().len(), types.len() - BOUND_SLOTS);
        for (i, &id) in types.iter().enumerate() {
            assert_eq!(bound.with(id, || unreachable!("already derived"), |&k| k), i);
        }
    }

    /// Past the lock-free slots too, every type gets its own entry and keeps it.
    #[test]
    fn bound_keys_are_per_type_past_the_slots() {
        let types = forty_types();
        let bound = BoundKeys::<usize>::new();
        let mut derivations = 0;
        for round in 0..2 {
            for (i, &id) in types.iter().enumerate() {
                let derived = core::cell::Cell::new(false);
                assert_eq!(
                    bound.with(
                        id,
                        || {
                            derived.set(true);
                            i
                        },
                        |&k| k
                    ),
                    i,
                    "type {i}"
                );
                derivations += usize::from(derived.get());
                assert_eq!(derived.get(), round == 0, "type {i} derived on first use only");
            }
        }
        assert_eq!(derivations, types.len());
        check_settled(&bound, &types);
    }

    /// Many threads' first uses at once (not on wasm32-wasip1, which has no threads:
    /// `.ci/wasm` skips it).
    #[test]
    fn bound_keys_across_threads() {
        let types = forty_types();
        let bound = BoundKeys::<usize>::new();
        let derivations = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for thread in 0..4 {
                let (bound, derivations) = (&bound, &derivations);
                scope.spawn(move || {
                    for round in 0..3 {
                        for step in 0..types.len() {
                            // Each thread walks the types in its own order.
                            let i = (step * (2 * thread + 1) + round) % types.len();
                            let derive = || {
                                derivations.fetch_add(1, Ordering::Relaxed);
                                i
                            };
                            assert_eq!(bound.with(types[i], derive, |&k| k), i, "type {i}");
                        }
                    }
                });
            }
        });
        let derived = derivations.into_inner();
        // Threads racing for one type may each derive its keys, but only one copy is kept.
        assert!((types.len()..=4 * types.len()).contains(&derived), "{derived}");
        check_settled(&bound, &types);
    }
}
