//! Node identities: uid's hashes of node names and this process's default node.

use super::GlobalUidGenerator;

impl GlobalUidGenerator {
    /// uid 1.3.5's node hash, `erlang:phash2(Node, 2^32)` of a node-name atom: hashpjw over the
    /// name's UTF-8 bytes, a two-byte sequence that encodes a Latin-1 character folded to that byte.
    pub fn node_hash(name: &str) -> u32 {
        let bytes = name.as_bytes();
        let mut h: u32 = 0;
        let mut i = 0;
        while i < bytes.len() {
            let mut b = bytes[i];
            if (b == 0xC2 || b == 0xC3) && i + 1 < bytes.len() {
                b = (b & 0x03) << 6 | bytes[i + 1] & 0x3F;
                i += 1;
            }
            h = (h << 4).wrapping_add(u32::from(b));
            let g = h & 0xF000_0000;
            if g != 0 {
                h ^= g >> 24;
                h ^= g;
            }
            i += 1;
        }
        h
    }

    /// The node hash of uid ≤ 1.3.4 (`erlang:phash`): [`node_hash`](Self::node_hash) + 1. IDs in most deployed
    /// systems (and the 1.3.3 README's vectors) use this one.
    pub fn node_hash_legacy(name: &str) -> u32 {
        Self::node_hash(name) + 1
    }

    /// The default node of this process: `IDCRAFT_UID_NODE` if set, else `idcraft@<host name>`,
    /// hashed with [`node_hash`](Self::node_hash). Give containers that share a host name their own
    /// `IDCRAFT_UID_NODE`, or build a [`GlobalUidGenerator`](super::GlobalUidGenerator) with an explicit node.
    ///
    /// On WebAssembly, where a browser has no host name (every tab would be the same node), the
    /// node is `IDCRAFT_UID_NODE`'s hash if set, else 32 random bits from
    /// [`OsRandom`](crate::random::OsRandom), drawn once per process.
    ///
    /// Without the `std` feature there is no host name, environment or randomness to draw from: the
    /// node is 0 (give generators an explicit node instead).
    pub fn default_node() -> u32 {
        #[cfg(not(feature = "std"))]
        return 0;
        #[cfg(all(feature = "std", target_family = "wasm"))]
        if std::env::var_os("IDCRAFT_UID_NODE").is_none() {
            static RANDOM: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
            return *RANDOM.get_or_init(|| crate::random::RandomSource::next_u64(&crate::random::OsRandom) as u32);
        }
        #[cfg(feature = "std")]
        let name =
            std::env::var("IDCRAFT_UID_NODE").unwrap_or_else(|_| alloc::format!("idcraft@{}", crate::host::host_name()));
        #[cfg(feature = "std")]
        Self::node_hash(&name)
    }
}
