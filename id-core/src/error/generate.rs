//! Why a generator could not make an ID ([`GenerateError`]), and a fence's refusal carried in
//! it ([`FenceError`]), in the fence's own error type.

use super::NO_SYSTEM_CLOCK;
use crate::prelude::ToString;
use crate::time::Timestamp;
use alloc::sync::Arc;
use core::any::TypeId;
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
    /// The generator's [fence](crate::Fence) refused the ID: the slot it issues on (a sno
    /// partition, a uid node, HotGuid's machine bytes, a snowflake node) cannot be proven to
    /// be this process's, or not for the ID's time. What the refusal is belongs to the fence
    /// (a lease's expiry, a time outside its window); [`FenceError::downcast_ref`] gives back
    /// its own error, and this error says what it says.
    Fenced(FenceError),
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
            // The fence's own words: the refusal is its to explain.
            GenerateError::Fenced(refusal) => fmt::Display::fmt(refusal, f),
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

impl core::error::Error for GenerateError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            // `Fenced` displays the fence's error itself, so its cause is the next link of the
            // chain: naming the fence's error here would print its message twice.
            GenerateError::Fenced(refusal) => refusal.source(),
            _ => None,
        }
    }
}

impl From<FenceError> for GenerateError {
    fn from(refusal: FenceError) -> GenerateError {
        GenerateError::Fenced(refusal)
    }
}

/// Why a [fence](crate::Fence) refused an ID, in the fence's own error type: the core knows
/// fences, not what they guard (a lease on a store, a token, a flag), so it carries their
/// refusal without naming it. [`FenceError::downcast_ref`] gives the concrete error back, and
/// `Display` says what it says.
///
/// A shared, immutable error: cloning it (as [`GenerateError`] is cloned) shares the one value.
#[derive(Clone)]
pub struct FenceError(Arc<dyn Refusal>);

/// What a [`FenceError`] holds: any error, with its type's identity for [`PartialEq`] and the
/// plain error for [`FenceError::get_ref`]. Private, and implemented for every error, so a
/// fence needs nothing but an error type of its own.
trait Refusal: core::error::Error + Send + Sync + 'static {
    fn error_type(&self) -> TypeId;
    fn as_error(&self) -> &(dyn core::error::Error + Send + Sync + 'static);
}

impl<E: core::error::Error + Send + Sync + 'static> Refusal for E {
    fn error_type(&self) -> TypeId {
        TypeId::of::<E>()
    }

    fn as_error(&self) -> &(dyn core::error::Error + Send + Sync + 'static) {
        self
    }
}

impl FenceError {
    /// A fence's refusal, `error` being the fence's own account of it.
    pub fn new<E: core::error::Error + Send + Sync + 'static>(error: E) -> FenceError {
        FenceError(Arc::new(error))
    }

    /// The fence's error, if it is an `E`.
    pub fn downcast_ref<E: core::error::Error + 'static>(&self) -> Option<&E> {
        self.get_ref().downcast_ref::<E>()
    }

    /// The fence's error, whatever its type.
    pub fn get_ref(&self) -> &(dyn core::error::Error + Send + Sync + 'static) {
        self.refusal().as_error()
    }

    /// The error in the `Arc`. Always through here: the `Arc` is an error too (and so a
    /// `Refusal`), and `self.0.as_error()` would answer for the `Arc`, not for what it holds.
    fn refusal(&self) -> &dyn Refusal {
        &*self.0
    }
}

/// Equal when both hold one error (clones of one refusal), or errors of the same type that say
/// the same thing. The fence's type need not be `PartialEq` (an I/O error is not), and its
/// message is what the error shows: for a refusal that names what it refused (a lease's
/// namespace, slot and window), equal words are equal refusals. So a test can compare a
/// generator's result with a refusal it makes itself, as with every other [`GenerateError`].
impl PartialEq for FenceError {
    fn eq(&self, other: &FenceError) -> bool {
        if Arc::ptr_eq(&self.0, &other.0) {
            return true;
        }
        self.refusal().error_type() == other.refusal().error_type() && self.to_string() == other.to_string()
    }
}

impl Eq for FenceError {}

/// The fence's error as it debugs, unwrapped: `Fenced(Expired { .. })` reads as what it is.
impl fmt::Debug for FenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.get_ref(), f)
    }
}

impl fmt::Display for FenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.get_ref(), f)
    }
}

/// Transparent, as `Display` is: the fence's error's cause is this one's.
impl core::error::Error for FenceError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        self.get_ref().source()
    }
}
