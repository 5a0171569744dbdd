//! The etcd store's key layout, and how a claim picks a slot from the keys it lists.

use std::collections::BTreeSet;

/// The prefix of a namespace's slot keys: `idcraft/lease/<namespace>/`.
pub(super) fn slot_prefix(namespace: &str) -> String {
    format!("idcraft/lease/{namespace}/")
}

/// A slot's key (zero-padded to 10 digits, so keys sort as slots do).
pub(super) fn slot_key(namespace: &str, slot: u32) -> String {
    format!("{}{slot:010}", slot_prefix(namespace))
}

/// A slot's bound key, which outlives the slot key.
pub(super) fn bound_key(namespace: &str, slot: u32) -> String {
    format!("idcraft/bound/{namespace}/{slot:010}")
}

/// The slot a listed key stands for (`None` for a key of a namespace below this one).
pub(super) fn slot_of(key: &[u8], prefix: &str) -> Option<u32> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_as_slots() {
        assert_eq!(slot_key("ns", 42), "idcraft/lease/ns/0000000042");
        assert_eq!(bound_key("ns", u32::MAX), "idcraft/bound/ns/4294967295");
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
