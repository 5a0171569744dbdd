//! Why a generator on a lease refused an ID, in the lease's own words. The core knows fences,
//! not leases: a generator returns the refusal as
//! [`GenerateError::Fenced`](idcraft_core::GenerateError::Fenced), and [`LeaseRefusal::of`]
//! finds it there again.

use idcraft_core::FenceError;
use idcraft_core::{GenerateError, Timestamp};

/// Why a generator on a [`Lease`](crate::Lease) refused to issue an ID. Generators return it
/// as [`GenerateError::Fenced`], whose message is this one's; [`LeaseRefusal::of`] gets it back
/// from the error.
///
/// ```
/// use idcraft_core::GenerateError;
/// use idcraft_lease::LeaseRefusal;
///
/// /// What a service does when its leased generator returns `error`.
/// fn answer(error: &GenerateError) -> &'static str {
///     match LeaseRefusal::of(error) {
///         // Another process has the slot: a new lease, and a generator on it, are needed.
///         Some(LeaseRefusal::Expired { lost: true, .. }) => "503, and take a new lease",
///         // Renewals are late, or this clock is outside the lease's window: it passes.
///         Some(_) => "503, retry soon",
///         None => "500",
///     }
/// }
///
/// let error = GenerateError::from(LeaseRefusal::Expired { namespace: "sno-partition", slot: 7, lost: true });
/// assert_eq!(answer(&error), "503, and take a new lease");
/// assert_eq!(error.to_string(), "the lease on sno-partition slot 7 was taken by another process: acquire a new lease");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LeaseRefusal {
    /// The generator's slot (sno partition, uid node, HotGuid machine bytes, snowflake node)
    /// was leased, and this process can no longer prove the lease is its own: it expired by
    /// the process's own monotonic clock (renewals failed, or the process was paused), or
    /// another process took the slot. No ID is issued on it until a renewal succeeds.
    Expired {
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
    OutsideWindow {
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
}

impl LeaseRefusal {
    /// The lease's refusal that `error` carries, or `None` for an error of another cause (a
    /// clock outside the scheme's range, another fence's refusal, ...).
    pub fn of(error: &GenerateError) -> Option<&LeaseRefusal> {
        match error {
            GenerateError::Fenced(refusal) => refusal.downcast_ref(),
            _ => None,
        }
    }
}

impl std::fmt::Display for LeaseRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeaseRefusal::Expired { namespace, slot, lost: true } => {
                write!(f, "the lease on {namespace} slot {slot} was taken by another process: acquire a new lease")
            }
            LeaseRefusal::Expired { namespace, slot, lost: false } => write!(
                f,
                "the lease on {namespace} slot {slot} is not valid by this process's clock (renewals did not reach the store in time, or the lease was given back)"
            ),
            LeaseRefusal::OutsideWindow { namespace, slot, time, after, until } => write!(
                f,
                "the clock puts the ID at {time}, outside the window in which this process may issue on {namespace} slot {slot} (after {after}, until {until})"
            ),
        }
    }
}

impl std::error::Error for LeaseRefusal {}

/// What a lease's fence answers with.
impl From<LeaseRefusal> for FenceError {
    fn from(refusal: LeaseRefusal) -> FenceError {
        FenceError::new(refusal)
    }
}

/// What a generator on the lease returns: for tests and wrappers that compare with it.
impl From<LeaseRefusal> for GenerateError {
    fn from(refusal: LeaseRefusal) -> GenerateError {
        GenerateError::Fenced(refusal.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The refusal a generator returns is the lease's again, with every field; an error of
    /// another cause, or another fence's refusal, is not taken for one.
    #[test]
    fn a_refusal_comes_back_from_the_generate_error() {
        let t = |s| Timestamp::new(s, 0);
        let window =
            LeaseRefusal::OutsideWindow { namespace: "uid-node", slot: 3, time: t(30), after: t(10), until: t(20) };
        let error = GenerateError::from(window.clone());
        assert_eq!(LeaseRefusal::of(&error), Some(&window));
        assert_eq!(
            error.to_string(),
            "the clock puts the ID at 1970-01-01T00:00:30Z, outside the window in which this process may issue on uid-node slot 3 (after 1970-01-01T00:00:10Z, until 1970-01-01T00:00:20Z)"
        );
        assert_eq!(LeaseRefusal::of(&GenerateError::NoSystemClock), None);
        let other = GenerateError::Fenced(FenceError::new(std::fmt::Error));
        assert_eq!(LeaseRefusal::of(&other), None);
        let late = LeaseRefusal::Expired { namespace: "uid-node", slot: 3, lost: false };
        assert_eq!(
            GenerateError::from(late).to_string(),
            "the lease on uid-node slot 3 is not valid by this process's clock (renewals did not reach the store in time, or the lease was given back)"
        );
    }
}
