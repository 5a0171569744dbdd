//! The machine's identity as the operating system reports it: the one place that calls into
//! the C library, shared by HotGuid's machine bytes, uid's default node and slot leases.

/// This machine's host name (`gethostname` on Unix; `COMPUTERNAME`/`HOSTNAME` elsewhere).
pub fn host_name() -> String {
    #[cfg(unix)]
    {
        let mut buf = [0u8; 256];
        // SAFETY: the buffer is writable for its whole length, which is what we pass.
        if unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } == 0 {
            let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
            return String::from_utf8_lossy(&buf[..end]).into_owned();
        }
    }
    std::env::var("COMPUTERNAME").or_else(|_| std::env::var("HOSTNAME")).unwrap_or_default()
}
