//! HotGuid's machine bytes: the original's derivation from a host name and a process ID, and
//! the defaults for containers and WebAssembly.

use super::HotGuidGenerator;
#[cfg(target_family = "wasm")]
use crate::random::{OsRandom, RandomSource};
use md5::{Digest, Md5};

impl HotGuidGenerator {
    /// The 5 machine bytes HotGuid derives: MD5 of the host name (cut at the first '.')[0..3],
    /// then the low 16 bits of the process ID, big-endian.
    pub fn machine_bytes(host_name: &str, pid: u32) -> [u8; 5] {
        let short = host_name.split('.').next().unwrap_or_default();
        let digest = Md5::digest(short.as_bytes());
        [digest[0], digest[1], digest[2], (pid >> 8) as u8, pid as u8]
    }

    /// The machine bytes a process uses by default: the original's derivation from a name and the
    /// PID, except in a container's first process (PID 1 everywhere, so the PID bytes tell nothing
    /// apart), where all 5 bytes come from the name's MD5: 40 bits of the pod's identity instead of
    /// 24. The name is `IDCRAFT_HOT_MACHINE` if set (a configured identity), else `HOSTNAME` (the
    /// pod name under Kubernetes), else the host name.
    ///
    /// On WebAssembly there is no process ID (std's lookup panics) and, in a browser, no host
    /// name: every tab would share one identity. There the bytes are `IDCRAFT_HOT_MACHINE`'s MD5
    /// if set (as for a container's first process), else 5 random bytes from [`OsRandom`](crate::random::OsRandom), drawn
    /// at each call (the default generator calls it once): two of n live generators share bytes
    /// with a probability of about n²/2^41.
    ///
    /// Without the `std` feature there is no host name, process ID or randomness: the bytes are
    /// zero (give generators explicit machine bytes instead).
    pub fn default_machine_bytes() -> [u8; 5] {
        #[cfg(not(feature = "std"))]
        return [0; 5];
        #[cfg(all(feature = "std", target_family = "wasm"))]
        {
            if let Ok(name) = std::env::var("IDCRAFT_HOT_MACHINE") {
                return Self::process_machine_bytes(&name, 1);
            }
            let mut bytes = [0u8; 5];
            OsRandom.fill_bytes(&mut bytes);
            bytes
        }
        #[cfg(all(feature = "std", not(target_family = "wasm")))]
        let name = std::env::var("IDCRAFT_HOT_MACHINE")
            .or_else(|_| std::env::var("HOSTNAME"))
            .unwrap_or_else(|_| crate::host::host_name());
        #[cfg(all(feature = "std", not(target_family = "wasm")))]
        Self::process_machine_bytes(&name, std::process::id())
    }

    /// [`default_machine_bytes`](Self::default_machine_bytes) for a given identity and PID.
    pub fn process_machine_bytes(name: &str, pid: u32) -> [u8; 5] {
        if pid != 1 {
            return Self::machine_bytes(name, pid);
        }
        let digest = Md5::digest(name.as_bytes());
        [digest[0], digest[1], digest[2], digest[3], digest[4]]
    }
}
