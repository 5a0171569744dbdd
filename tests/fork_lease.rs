//! A leased generator in a `fork()` child: the parent holds and renews the lease, so the child
//! must not issue under it. The child's copy of the lease counts as lost (generators return
//! `LeaseRefusal::Expired { lost: true, .. }`), its release is refused
//! (`LeaseError::ForkedChild`) and its drop neither releases the parent's slot nor waits for the
//! parent's renewer; the parent goes on issuing and releases normally. Against a real
//! PostgreSQL (`DATABASE_URL`).
//!
//! One test in its own binary: a fork copies only the forking thread.
#![cfg(all(feature = "lease-postgres", unix))]

mod support;

use idcraft::Generate;
use idcraft::lease::{Lease, LeaseConfig, LeaseError, LeaseRefusal, LeasedGenerator};
use idcraft::schemes::snowflake::{SnowflakeGenerator, SonyflakeLayout};
use std::time::{Duration, Instant};

#[test]
fn a_forked_child_does_not_issue_under_its_parents_lease() {
    let Some(url) = support::database_url("tests/fork_lease.rs") else { return };
    let config = LeaseConfig::new("test-fork-child", 4)
        .ttl(Duration::from_millis(1500))
        .renew_every(Duration::from_millis(300))
        .safety_margin(Duration::from_millis(200))
        .create_table(true);
    let lease = Lease::acquire(&url, config).unwrap();
    let generator = SnowflakeGenerator::<SonyflakeLayout>::leased(&lease).unwrap();
    let before = generator.generate(()).unwrap();

    let mut fds = [0; 2];
    // SAFETY: `fds` is a writable array of two descriptors, as pipe(2) requires.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: the only test in this binary; the child uses the generator and the lease (atomics
    // and this thread's own state), writes one byte and leaves with `_exit`.
    let pid = unsafe { libc::fork() };
    assert!(pid >= 0, "fork failed");
    if pid == 0 {
        let started = Instant::now();
        let refused = matches!(
            generator.generate(()).as_ref().map_err(LeaseRefusal::of),
            Err(Some(LeaseRefusal::Expired { lost: true, .. }))
        );
        let lost = lease.is_lost() && !lease.is_valid();
        let release = matches!(lease.release(), Err(LeaseError::ForkedChild { namespace: "test-fork-child", .. }));
        // Neither the refused release nor a drop waited for a renewer that is not here.
        let quick = started.elapsed() < Duration::from_millis(500);
        let verdict = [refused, lost, release, quick].iter().fold(0u8, |v, &ok| v << 1 | u8::from(ok));
        // SAFETY: the write end of the pipe and a one-byte buffer; then leave at once.
        unsafe {
            libc::write(fds[1], (&verdict as *const u8).cast(), 1);
            libc::_exit(0);
        }
    }
    // SAFETY: the parent's copy of the write end, closed so the read sees the child's end.
    unsafe { libc::close(fds[1]) };
    let mut verdict = 0u8;
    // SAFETY: the read end and a one-byte buffer.
    let read = unsafe { libc::read(fds[0], (&mut verdict as *mut u8).cast(), 1) };
    let mut status = 0;
    // SAFETY: `pid` is this process's child; `status` is writable.
    assert_eq!(unsafe { libc::waitpid(pid, &mut status, 0) }, pid);
    assert_eq!(read, 1, "the child reported");
    assert_eq!(verdict, 0b1111, "child: refused to issue, lease lost, release refused, no wait (bits {verdict:04b})");
    // The parent's lease is untouched: still valid, still issuing, and released normally.
    std::thread::sleep(Duration::from_millis(700));
    assert!(lease.is_valid() && !lease.is_lost());
    assert!(generator.generate(()).unwrap() > before);
    lease.release().unwrap();
}
