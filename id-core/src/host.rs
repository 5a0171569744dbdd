//! The machine's identity as the operating system reports it: the one place that calls into
//! the C library, shared by HotGuid's machine bytes, uid's default node and slot leases.

use crate::prelude::*;

/// This machine's host name (`gethostname` on Unix; `COMPUTERNAME`/`HOSTNAME` elsewhere, and
/// under Miri, which cannot call into the C library).
pub fn host_name() -> String {
    #[cfg(all(unix, not(miri)))]
    {
        let mut buf = [0u8; 256];
        // SAFETY: `gethostname` writes at most the length it is given, `buf.len()`, through the
        // pointer, which is to `buf`: writable for that whole length, and it outlives the call
        // (nothing keeps the pointer). A name that does not fit may be left unterminated, so
        // the end is searched within `buf` below, never past it.
        if unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } == 0 {
            let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
            return String::from_utf8_lossy(&buf[..end]).into_owned();
        }
    }
    std::env::var("COMPUTERNAME").or_else(|_| std::env::var("HOSTNAME")).unwrap_or_default()
}

/// This process's ID, or `None` where the platform has none to give (WebAssembly: WASI's
/// `std::process::id` panics, and a browser has no processes).
pub fn process_id() -> Option<u32> {
    #[cfg(not(target_family = "wasm"))]
    return Some(std::process::id());
    #[cfg(target_family = "wasm")]
    return None;
}

#[cfg(test)]
mod tests {
    /// `gethostname` agrees with the kernel's own record of the name.
    #[cfg(target_os = "linux")]
    #[test]
    #[cfg_attr(miri, ignore = "Miri does not implement gethostname")]
    fn the_host_name_is_the_kernels() {
        let kernel = std::fs::read_to_string("/proc/sys/kernel/hostname").expect("procfs");
        assert_eq!(super::host_name(), kernel.trim_end_matches('\n'));
    }
}
