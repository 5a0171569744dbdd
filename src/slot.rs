//! Explicitly assigned slots (a sno partition, a uid node, HotGuid machine bytes), for fleets
//! that number their processes themselves: an environment variable, or a Kubernetes
//! StatefulSet's pod ordinal (the `-N` suffix of the host name). Leases (`idcraft::lease`,
//! features `lease-postgres` and `lease-etcd`) assign them from a store instead.
//!
//! ```
//! use idcraft::slot::{SlotSource, assigned_slot};
//! use idcraft::schemes::sno::SnoGenerator;
//!
//! // IDCRAFT_SLOT wins if set; else the pod ordinal; both set and different is an error.
//! let sources = [SlotSource::Env("IDCRAFT_SLOT"), SlotSource::StatefulSetOrdinal];
//! if let Some(slot) = assigned_slot(&sources).unwrap() {
//!     let partition = u16::try_from(slot.value).expect("sno partitions are 16 bits");
//!     let _sno = SnoGenerator::with_partition(idcraft::CoarseClock, partition);
//! }
//! ```

use core::fmt;

/// Where a slot number may come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotSource {
    /// An environment variable holding the number.
    Env(&'static str),
    /// The ordinal of a StatefulSet pod: the digits after the last `-` of the host name
    /// (`HOSTNAME`, as Kubernetes sets it, else the system's host name).
    StatefulSetOrdinal,
}

impl fmt::Display for SlotSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlotSource::Env(name) => write!(f, "${name}"),
            SlotSource::StatefulSetOrdinal => f.write_str("the StatefulSet ordinal of the host name"),
        }
    }
}

/// A slot and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AssignedSlot {
    /// The slot number.
    pub value: u32,
    /// The source that gave it.
    pub source: SlotSource,
}

/// A slot source that is set but unusable, or two that disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SlotError {
    /// The variable is set but is not a number of 0 to 4294967295.
    NotANumber {
        /// The source.
        source: SlotSource,
        /// What it holds.
        value: String,
    },
    /// Two sources give different slots: a misconfiguration that would otherwise pick one
    /// silently.
    Disagree {
        /// The first source and its slot.
        first: AssignedSlot,
        /// The other source and its slot.
        second: AssignedSlot,
    },
}

impl fmt::Display for SlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlotError::NotANumber { source, value } => write!(f, "{source} is {value:?}, not a slot number"),
            SlotError::Disagree { first, second } => write!(
                f,
                "{} says slot {} but {} says slot {}: set one, or make them agree",
                first.source, first.value, second.source, second.value
            ),
        }
    }
}

impl std::error::Error for SlotError {}

/// The slot the given sources assign (`None` if none is set), checking that every source that
/// is set agrees.
pub fn assigned_slot(sources: &[SlotSource]) -> Result<Option<AssignedSlot>, SlotError> {
    assigned_slot_from(
        sources,
        |name| std::env::var(name).ok(),
        || std::env::var("HOSTNAME").ok().unwrap_or_else(idcraft_core::host::host_name),
    )
}

/// [`assigned_slot`] with the environment and host name given (for tests).
fn assigned_slot_from(
    sources: &[SlotSource],
    env: impl Fn(&str) -> Option<String>,
    host_name: impl Fn() -> String,
) -> Result<Option<AssignedSlot>, SlotError> {
    let mut found: Option<AssignedSlot> = None;
    for &source in sources {
        let value = match source {
            SlotSource::Env(name) => match env(name) {
                Some(text) => {
                    Some(text.trim().parse::<u32>().map_err(|_| SlotError::NotANumber { source, value: text })?)
                }
                None => None,
            },
            SlotSource::StatefulSetOrdinal => ordinal(&host_name()),
        };
        let Some(value) = value else { continue };
        let this = AssignedSlot { value, source };
        match found {
            Some(first) if first.value != value => return Err(SlotError::Disagree { first, second: this }),
            Some(_) => {}
            None => found = Some(this),
        }
    }
    Ok(found)
}

/// `web-12` → 12; a name without a numeric suffix has none.
fn ordinal(host_name: &str) -> Option<u32> {
    let (_, suffix) = host_name.rsplit_once('-')?;
    (!suffix.is_empty() && suffix.bytes().all(|b| b.is_ascii_digit())).then(|| suffix.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(env: &[(&str, &str)], host: &str) -> Result<Option<u32>, SlotError> {
        let sources = [SlotSource::Env("IDCRAFT_SLOT"), SlotSource::StatefulSetOrdinal];
        let env: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        assigned_slot_from(&sources, |name| env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()), || host.into())
            .map(|s| s.map(|s| s.value))
    }

    #[test]
    fn sources_agree_or_say_why_not() {
        assert_eq!(resolve(&[], "orders-7"), Ok(Some(7)));
        assert_eq!(resolve(&[("IDCRAFT_SLOT", "7")], "orders-7"), Ok(Some(7)), "agreeing sources");
        assert_eq!(resolve(&[("IDCRAFT_SLOT", " 12\n")], "laptop"), Ok(Some(12)));
        assert_eq!(resolve(&[], "laptop"), Ok(None));
        assert_eq!(resolve(&[], "orders-"), Ok(None));
        assert_eq!(resolve(&[], "orders-99999999999"), Ok(None), "not a u32");
        let e = resolve(&[("IDCRAFT_SLOT", "3")], "orders-7").unwrap_err();
        assert_eq!(
            e.to_string(),
            "$IDCRAFT_SLOT says slot 3 but the StatefulSet ordinal of the host name says slot 7: set one, or make them agree"
        );
        let e = resolve(&[("IDCRAFT_SLOT", "three")], "orders-7").unwrap_err();
        assert_eq!(e.to_string(), "$IDCRAFT_SLOT is \"three\", not a slot number");
    }
}
