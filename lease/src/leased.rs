//! Generators on a leased slot, one per scheme with a slot field, each starting only once its
//! clock is past the previous holders' bound (see the [lease docs](crate#no-repeat-across-a-handover)).

use super::{Lease, LeaseError};
#[cfg(any(feature = "sno", feature = "uid", feature = "hot", feature = "snowflake"))]
use idcraft_core::{Clock, Timestamp};
#[cfg(any(feature = "sno", feature = "uid", feature = "hot", feature = "snowflake"))]
use std::time::Duration;

/// Generators that issue IDs on a leased slot: `SnoGenerator::leased(&lease)` (partition =
/// slot), `GlobalUidGenerator::leased(&lease)` (node = slot, sharing the process's local uid
/// sequence), `HotGuidGenerator::leased(&lease)` (machine bytes = `0xFF` + the slot's 4 bytes,
/// a value MD5-derived machine bytes give only by chance), `SnowflakeGenerator::<L>::leased(&lease)`
/// (node = slot: the worker, Discord's `worker << 5 | process`, the shard or the machine ID).
pub trait LeasedGenerator: Sized {
    /// A generator on `lease`'s slot that stops issuing when the lease cannot be proven valid.
    /// Returns once the generator's clock is in a time unit that starts after the previous
    /// holders' bound (normally at once; at most a TTL, else [`LeaseError::ClockBehind`]).
    fn leased(lease: &Lease) -> Result<Self, LeaseError>;
}

/// Waits until `unit_start(clock.now())` lies after the lease's floor.
#[cfg(any(feature = "sno", feature = "uid", feature = "hot", feature = "snowflake"))]
fn wait_for_first_unit(
    lease: &Lease,
    clock: &impl Clock,
    unit_start: impl Fn(Timestamp) -> Timestamp,
) -> Result<(), LeaseError> {
    let floor = Timestamp::from_system_time(lease.issues_after());
    loop {
        let now = clock.now();
        if unit_start(now) > floor {
            return Ok(());
        }
        let behind = floor.duration_since(now).unwrap_or_default();
        if behind > lease.ttl() {
            return Err(LeaseError::ClockBehind { namespace: lease.namespace(), slot: lease.slot(), by: behind });
        }
        // Past the floor, the coarse clock may still need a tick to show it.
        clock.sleep(behind.clamp(Duration::from_millis(1), Duration::from_millis(50)));
    }
}

#[cfg(feature = "sno")]
impl LeasedGenerator for idcraft_core::scheme::sno::SnoGenerator {
    fn leased(lease: &Lease) -> Result<Self, LeaseError> {
        use idcraft_core::scheme::{Scheme, Sno};
        let partition = u16::try_from(lease.slot()).map_err(|_| LeaseError::Config("a sno partition is 16 bits"))?;
        let clock = idcraft_core::CoarseClock;
        wait_for_first_unit(lease, &clock, |t| Sno::from_parts(Sno::units_of(t), false, 0, 0, 0).timestamp())?;
        Ok(Self::with_partition(clock, partition).with_fence(lease.fence()))
    }
}

#[cfg(feature = "uid")]
impl LeasedGenerator for idcraft_core::scheme::uid::GlobalUidGenerator {
    fn leased(lease: &Lease) -> Result<Self, LeaseError> {
        use idcraft_core::scheme::uid::UidTime;
        wait_for_first_unit(lease, &idcraft_core::CoarseClock, |t| UidTime::of(t).timestamp())?;
        // On the process's local sequence, as the default generator: no ID of the process
        // repeats another's tick and sequence, whatever node either is on.
        Ok(Self::for_node(lease.slot()).with_fence(lease.fence()))
    }
}

#[cfg(feature = "hot")]
impl LeasedGenerator for idcraft_core::scheme::HotGuidGenerator {
    fn leased(lease: &Lease) -> Result<Self, LeaseError> {
        let clock = idcraft_core::CoarseClock;
        wait_for_first_unit(lease, &clock, |t| Timestamp::new(t.unix_seconds(), 0))?;
        let [a, b, c, d] = lease.slot().to_be_bytes();
        let machine = [0xFF, a, b, c, d];
        Ok(Self::with(clock, machine, &idcraft_core::OsRandom).with_fence(lease.fence()))
    }
}

#[cfg(feature = "snowflake")]
impl<L: idcraft_core::scheme::snowflake::SnowflakeLayout> LeasedGenerator
    for idcraft_core::scheme::snowflake::SnowflakeGenerator<L>
{
    /// The slot is the node; a slot wider than the layout's node field (a namespace configured
    /// with more slots than the layout's constructor gives) is refused.
    fn leased(lease: &Lease) -> Result<Self, LeaseError> {
        use idcraft_core::scheme::{Scheme, snowflake::Snowflake};
        let clock = idcraft_core::SystemClock;
        let generator = Self::with(clock, lease.slot())
            .map_err(|_| LeaseError::Config("the slot does not fit the snowflake layout's node field"))?;
        wait_for_first_unit(lease, &clock, |t| Snowflake::<L>::min_at(t).timestamp())?;
        Ok(generator.with_fence(lease.fence()))
    }
}
