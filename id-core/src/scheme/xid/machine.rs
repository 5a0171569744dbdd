//! xid's machine and process IDs as rs/xid reads them from the operating system, so that an
//! idcraft process and a Go one on the same host write the same machine ID.

use super::XidGenerator;
/// The first three bytes of the MD5 of `host_id`: how rs/xid turns the host's ID into its
/// machine ID. MD5 because rs/xid uses it (IDs of one host agree across implementations), not
/// for any strength: three bytes of any hash would spread hosts as well.
#[cfg(feature = "std")]
pub(super) fn machine_id_of(host_id: &[u8]) -> [u8; 3] {
    use md5::{Digest, Md5};
    let digest = Md5::digest(host_id);
    [digest[0], digest[1], digest[2]]
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), bit by bit: it runs once per process.
#[cfg(feature = "std")]
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// The standard check value, and the cpuset of a process outside any cgroup.
    #[test]
    fn crc32_of_known_inputs() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b"/\n"), 0xB310_C38C);
    }

    /// RFC 1321's test suite, cut to three bytes.
    #[test]
    fn machine_ids_are_md5_prefixes() {
        assert_eq!(machine_id_of(b""), [0xd4, 0x1d, 0x8c]);
        assert_eq!(machine_id_of(b"abc"), [0x90, 0x01, 0x50]);
    }

    #[cfg(target_os = "linux")]
    #[test]
    #[cfg_attr(miri, ignore = "Miri does not read files by default")]
    fn the_host_ids_are_the_files_and_the_pid() {
        if let Ok(id) = std::fs::read("/etc/machine-id") {
            assert_eq!(XidGenerator::host_machine_id(), Some(machine_id_of(&id)));
        }
        let expected = match std::fs::read("/proc/self/cpuset") {
            Ok(cpuset) if cpuset.len() > 1 => std::process::id() ^ crc32(&cpuset),
            _ => std::process::id(),
        };
        assert_eq!(XidGenerator::host_process_id(), Some(expected as u16));
    }
}

impl XidGenerator {
    /// This host's xid machine ID, as rs/xid computes it: the MD5 of the platform's machine ID
    /// (on Linux `/etc/machine-id`, else `/sys/class/dmi/id/product_uuid`, read whole, newline
    /// included, as the original reads them), or of the host name where there is none; its first
    /// three bytes. `None` where the host has neither (a WebAssembly host, say), where rs/xid draws
    /// random bytes and [`XidGenerator::with`](super::XidGenerator::with) does too. Containers
    /// built from one image share `/etc/machine-id` and so this value: the process ID (mixed with
    /// the container's cgroup, see [`host_process_id`](Self::host_process_id)) and the counter then tell their IDs apart,
    /// as in the original.
    #[cfg(feature = "std")]
    pub fn host_machine_id() -> Option<[u8; 3]> {
        let platform = ["/etc/machine-id", "/sys/class/dmi/id/product_uuid"]
            .iter()
            .filter(|_| cfg!(target_os = "linux"))
            .find_map(|path| std::fs::read(path).ok().filter(|bytes| !bytes.is_empty()));
        match platform {
            Some(id) => Some(machine_id_of(&id)),
            None => Some(crate::host::host_name()).filter(|name| !name.is_empty()).map(|name| machine_id_of(name.as_bytes())),
        }
    }

    /// This process's xid process ID, as rs/xid computes it: the process ID, exclusive-ored with
    /// the CRC-32 of `/proc/self/cpuset` where that file holds more than one byte (inside a
    /// container, where processes of different containers share small PIDs); its low 16 bits.
    /// `None` where the platform has no process ID (WebAssembly): generators draw one instead.
    #[cfg(feature = "std")]
    pub fn host_process_id() -> Option<u16> {
        let pid = crate::host::process_id()?;
        let mixed = match std::fs::read("/proc/self/cpuset") {
            Ok(cpuset) if cpuset.len() > 1 => pid ^ crc32(&cpuset),
            _ => pid,
        };
        Some(mixed as u16)
    }
}
