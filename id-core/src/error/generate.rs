//! Why a generator could not make an ID ([`GenerateError`]).

use super::NO_SYSTEM_CLOCK;
use crate::time::Timestamp;
use core::fmt;

/// Why a generator could not make an ID.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The instant cannot be represented by the scheme's layout.
    TimeOutOfRange {
        /// The scheme.
        scheme: &'static str,
        /// The instant asked for.
        time: Timestamp,
        /// The first instant the scheme can hold.
        earliest: Timestamp,
        /// The last instant the scheme can hold.
        latest: Timestamp,
    },
    /// A generator that counts through values (a test scope's
    /// [`Incremental`](crate::scope::Incremental)) has reached the last value of the scheme.
    Exhausted {
        /// The scheme.
        scheme: &'static str,
    },
    /// The generator's slot (sno partition, uid node, HotGuid machine bytes) was leased, and
    /// this process can no longer prove the lease is its own: it expired by the process's own
    /// monotonic clock (renewals failed, or the process was paused), or another process took
    /// the slot. No ID is issued on it until a renewal succeeds.
    LeaseExpired {
        /// The lease's namespace.
        namespace: &'static str,
        /// The slot.
        slot: u32,
        /// Whether another process has taken the slot (a new lease is needed), rather than the
        /// lease having run out while renewals could not reach the store.
        lost: bool,
    },
    /// The ID's time falls outside the wall-clock window in which the leased slot may be used
    /// by this process: at or before the last time its predecessor on the slot could have
    /// stamped (this process waits that out when it builds a leased generator, but its clock
    /// went back since), or after the bound this process published with its last renewal (its
    /// clock jumped forward; the next renewal publishes a new bound).
    OutsideLeaseWindow {
        /// The lease's namespace.
        namespace: &'static str,
        /// The slot.
        slot: u32,
        /// The start of the time unit the ID would carry.
        time: Timestamp,
        /// The window: after `after` ...
        after: Timestamp,
        /// ... and no later than `until`.
        until: Timestamp,
    },
    /// Every sequence value of the time unit holding `time` has been issued by this generator
    /// (on its clock or at explicit instants, [`Generate::generate_at`](crate::Generate::generate_at)):
    /// an explicit instant cannot wait for the next unit, and counting on would repeat an ID.
    SequenceExhausted {
        /// The scheme.
        scheme: &'static str,
        /// The instant asked for.
        time: Timestamp,
        /// How many IDs one time unit holds.
        capacity: u32,
    },
    /// An explicit instant in a time unit before one this generator has already used (on its
    /// clock or at an explicit instant): that unit's sequence is not kept, and starting it
    /// again could repeat an ID. Explicit instants go forward per generator (use another
    /// generator, on another node, for another run of instants).
    InstantBehind {
        /// The scheme.
        scheme: &'static str,
        /// The instant asked for.
        time: Timestamp,
        /// The latest instant used so far.
        last: Timestamp,
    },
    /// An explicit instant in a time unit after the one the generator's clock reads, for a
    /// scheme whose explicit and clock IDs share one sequence (the snowflakes, sno, uid,
    /// HotGuid): taking it would hold the generator's clock IDs in that unit until the clock
    /// got there. Make IDs ahead of time with a generator of their own.
    InstantAhead {
        /// The scheme.
        scheme: &'static str,
        /// The instant asked for.
        time: Timestamp,
        /// What the generator's clock read.
        now: Timestamp,
    },
    /// This build has no system clock or random source to make an ID from: wasm32-unknown-unknown
    /// without idcraft's `js` feature. Enable `js` where the code runs in a JavaScript host, or
    /// make IDs with an explicit clock and random source (a generator's `with`, `generate_at`).
    NoSystemClock,
    /// The random part that counts up within a time unit (ULID's 80 bits) is at its largest in
    /// the unit holding `time`: no further ID fits there, and wrapping would repeat or step
    /// down. The clock reaching a new unit starts a fresh random part.
    RandomOverflow {
        /// The scheme.
        scheme: &'static str,
        /// The start of the unit whose random part is used up.
        time: Timestamp,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::TimeOutOfRange { scheme, time, earliest, latest } => {
                write!(f, "{time} is outside the range of {scheme} IDs ({earliest} to {latest})")
            }
            GenerateError::Exhausted { scheme } => {
                write!(f, "the incremental {scheme} generator has passed the scheme's largest value")
            }
            GenerateError::LeaseExpired { namespace, slot, lost: true } => {
                write!(f, "the lease on {namespace} slot {slot} was taken by another process: acquire a new lease")
            }
            GenerateError::LeaseExpired { namespace, slot, lost: false } => write!(
                f,
                "the lease on {namespace} slot {slot} is not valid by this process's clock (renewals did not reach the store in time, or the lease was given back)"
            ),
            GenerateError::OutsideLeaseWindow { namespace, slot, time, after, until } => write!(
                f,
                "the clock puts the ID at {time}, outside the window in which this process may issue on {namespace} slot {slot} (after {after}, until {until})"
            ),
            GenerateError::SequenceExhausted { scheme, time, capacity } => write!(
                f,
                "all {capacity} {scheme} IDs of the time unit holding {time} have been issued; an explicit instant cannot wait for the next unit"
            ),
            GenerateError::InstantBehind { scheme, time, last } => write!(
                f,
                "{time} is before {last}, an instant this {scheme} generator has already used: explicit instants must not go back (its sequence there is gone); give backfills a generator of their own"
            ),
            GenerateError::InstantAhead { scheme, time, now } => write!(
                f,
                "{time} is ahead of this {scheme} generator's clock ({now}): its explicit and clock IDs share one sequence, so IDs ahead of time need a generator of their own"
            ),
            GenerateError::NoSystemClock => f.write_str(NO_SYSTEM_CLOCK),
            GenerateError::RandomOverflow { scheme, time } => write!(
                f,
                "the random part of the {scheme} IDs at {time} is at its largest: no further ID fits in that unit until the clock passes it"
            ),
        }
    }
}

impl core::error::Error for GenerateError {}
