//! The process's default sno generators: the one `Sno::new` and derived types use (installed
//! or replaced at start-up), and the partitions default-configured generators take.

use super::config::SnoConfigError;
use super::generator::SnoGenerator;
use crate::clock::CoarseClock;
use crate::fork::PerProcess;
use core::sync::atomic::{AtomicU32, Ordering};

crate::scheme::declare::installable_default!(SnoGenerator);

/// A `fork()` child's partition for a default generator: drawn again, never the parent's (whose
/// sequence the child would otherwise repeat).
fn another_partition(previous: u64) -> u64 {
    use crate::random::{OsRandom, RandomSource};
    (previous + 1 + OsRandom.next_u64() % u64::from(u16::MAX)) & u64::from(u16::MAX)
}

/// How many default-configured generators this process has made, and the seed of their
/// partitions.
pub(super) static DEFAULT_PARTITIONS: AtomicU32 = AtomicU32::new(0);
pub(super) static PARTITION_SEED: crate::installed::Installed<u16> = crate::installed::Installed::new();

impl SnoGenerator {
    /// A default-configured generator on the coarse system clock: the next default partition
    /// and the full sequence pool. The process's first default generator (the one `Sno::new`
    /// uses) gets the partition `u16((t >> 32) ^ t)` of the units clock at first use; each later
    /// one the next partition.
    ///
    /// On WebAssembly the first partition is random instead (from
    /// [`OsRandom`](crate::random::OsRandom)): browser tabs opened in the same 4 ms would
    /// otherwise share it.
    pub fn new() -> Result<Self, SnoConfigError> {
        let seed = *PARTITION_SEED.get_or_init(|| {
            #[cfg(target_family = "wasm")]
            return crate::random::RandomSource::next_u64(&crate::random::OsRandom) as u16;
            #[cfg(not(target_family = "wasm"))]
            {
                use crate::clock::Clock;
                let t = super::layout::Sno::units_of(CoarseClock.now());
                ((t >> 32) ^ t) as u16
            }
        });
        let n = DEFAULT_PARTITIONS.fetch_add(1, Ordering::Relaxed);
        if n > u32::from(u16::MAX) {
            return Err(SnoConfigError::PartitionPoolExhausted);
        }
        let partition = PerProcess::drawn(seed.wrapping_add(n as u16).into(), another_partition);
        Ok(Self::configured(CoarseClock, partition, 0, u16::MAX))
    }
}
