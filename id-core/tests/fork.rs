//! No ID repeats across `fork()`: for every scheme's default generator, a process makes an ID,
//! forks, and parent and child each make IDs from the same instant on, as fast as they can;
//! no value may appear on both sides. `IDCRAFT_FORK_ROUNDS` sets how many forks per scheme
//! (default 3).
//!
//! Before that, while nothing in the process has used idcraft: a fork the fork generation must
//! count (the handler is registered when the library loads) and a child that must not draw
//! its parent's random numbers.
//!
//! One test in its own binary: a fork copies only the forking thread, and a lock another test
//! thread held at that moment would stay locked in the child; and only the first thing the
//! binary does comes before every use of idcraft.

#[cfg(not(all(unix, feature = "std")))]
#[test]
fn forks() {
    eprintln!("SKIPPED: the fork test needs a Unix target and the `std` feature");
}

#[cfg(all(unix, feature = "std"))]
#[test]
fn no_scheme_repeats_an_id_across_fork() {
    // First: nothing in this process may read the fork generation or draw through idcraft
    // before it.
    imp::a_fork_before_any_use_is_counted();
    imp::run();
}

#[cfg(all(unix, feature = "std"))]
mod imp {
    use idcraft_core::scheme::*;
    use idcraft_core::{Generate, OsRandom, RandomSource, Scheme};
    use std::collections::HashSet;
    use std::io::{Read, Write};
    use std::os::fd::FromRawFd;
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    const PER_SIDE: usize = 2_000;

    fn rounds() -> usize {
        std::env::var("IDCRAFT_FORK_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(3)
    }

    /// `PER_SIDE` IDs of `S` from its default generator, starting at `start` (a spin, so the
    /// parent and the child begin in the same millisecond).
    fn burst<S: Scheme>(start: SystemTime) -> Vec<Vec<u8>> {
        while SystemTime::now() < start {
            std::hint::spin_loop();
        }
        let generator = S::default_generator();
        (0..PER_SIDE).map(|_| generator.generate(S::Input::default()).expect("generates").to_bytes().to_vec()).collect()
    }

    /// `work`'s bytes in a child and in this process, each run right after one `fork()`: the
    /// parent's, then the child's (through a pipe).
    fn on_both_sides(work: impl Fn() -> Vec<u8>) -> (Vec<u8>, Vec<u8>) {
        let mut fds = [0; 2];
        // SAFETY: `fds` is a writable array of two descriptors, as pipe(2) requires.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe");
        // SAFETY: this test is the only one in its binary, so the child copies no thread that
        // holds a lock it will need; the child only runs `work`, writes and exits.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            // SAFETY: the write end of the pipe is this process's to own from here on.
            let mut out = unsafe { std::fs::File::from_raw_fd(fds[1]) };
            let code = i32::from(out.write_all(&work()).is_err());
            drop(out);
            // SAFETY: leaves the child at once, without running the test harness's exit code.
            unsafe { libc::_exit(code) };
        }
        // SAFETY: the parent owns both ends; the write end is closed so the read sees its end.
        unsafe { libc::close(fds[1]) };
        let parent = work();
        // SAFETY: the read end is this process's to own from here on.
        let mut input = unsafe { std::fs::File::from_raw_fd(fds[0]) };
        let mut child = Vec::new();
        input.read_to_end(&mut child).expect("reads the child's bytes");
        let mut status = 0;
        // SAFETY: `pid` is this process's child; `status` is writable.
        assert_eq!(unsafe { libc::waitpid(pid, &mut status, 0) }, pid);
        assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "the child failed: {status}");
        (parent, child)
    }

    /// One fork: the IDs both sides made.
    fn one_fork<S: Scheme>() -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
        // The next millisecond boundary at least 20 ms away: time for the fork to finish.
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        let start = UNIX_EPOCH + Duration::from_millis(now.as_millis() as u64 + 20);
        let (parent, child) = on_both_sides(|| {
            let mut bytes = Vec::new();
            for id in burst::<S>(start) {
                bytes.push(id.len() as u8);
                bytes.extend_from_slice(&id);
            }
            bytes
        });
        let ids = |mut rest: &[u8]| {
            let mut ids = Vec::new();
            while let Some((&len, tail)) = rest.split_first() {
                ids.push(tail[..usize::from(len)].to_vec());
                rest = &tail[usize::from(len)..];
            }
            ids
        };
        (ids(&parent), ids(&child))
    }

    /// Where the fork handler is registered when the library loads (the targets of
    /// `REGISTER_AT_LOAD` in id-core/src/fork.rs); elsewhere, on the first read.
    const REGISTERED_AT_LOAD: bool = cfg!(idcraft_init_array);

    /// A fork before this process's first read of the fork generation: the child reads 1 where
    /// the handler is registered when the library loads, since nothing else could have
    /// registered it before the fork (with registration on the first read, both sides read 0:
    /// the child registers its own handler after the fork). And the child's first draws from
    /// `OsRandom` are not its parent's, although `rand`'s generator for this thread was seeded
    /// before the fork, as in an application that draws from it itself.
    pub(super) fn a_fork_before_any_use_is_counted() {
        let _: u64 = rand::Rng::next_u64(&mut rand::rng());
        let (parent, child) = on_both_sides(|| {
            let mut bytes = idcraft_core::fork::generation().to_le_bytes().to_vec();
            for _ in 0..4 {
                bytes.extend_from_slice(&OsRandom.next_u64().to_le_bytes());
            }
            bytes
        });
        let words = |bytes: &[u8]| -> Vec<u64> {
            bytes.chunks_exact(8).map(|word| u64::from_le_bytes(word.try_into().unwrap())).collect()
        };
        let (parent, child) = (words(&parent), words(&child));
        assert_eq!(child.len(), 5, "the child's generation and four draws arrived");
        let expected = if REGISTERED_AT_LOAD { (0, 1) } else { (0, 0) };
        assert_eq!((parent[0], child[0]), expected, "the fork generation (parent, child) after a fork before any use");
        assert!(
            child[1..].iter().all(|draw| !parent[1..].contains(draw)),
            "the child drew its parent's random numbers: {:x?} and {:x?}",
            &parent[1..],
            &child[1..]
        );
    }

    /// Repeats across `rounds` forks of `S`, after one ID made before the first.
    fn check<S: Scheme>(failures: &mut Vec<String>, total: &mut usize) {
        S::default_generator().generate(S::Input::default()).expect("generates");
        for round in 0..rounds() {
            let (parent, child) = one_fork::<S>();
            assert_eq!((parent.len(), child.len()), (PER_SIDE, PER_SIDE), "{}: every ID arrived", S::NAME);
            let ours: HashSet<&Vec<u8>> = parent.iter().collect();
            let shared = child.iter().filter(|id| ours.contains(id)).count();
            *total += parent.len() + child.len();
            if shared > 0 {
                failures.push(format!("{} round {round}: {shared} of {PER_SIDE} IDs on both sides", S::NAME));
            }
        }
    }

    /// The parts ObjectId and xid keep per process are the child's own after a fork: the
    /// ObjectId's five random bytes are drawn again, the xid's process ID is the child's, and
    /// neither counter continues the parent's.
    #[cfg(all(feature = "object_id", feature = "xid"))]
    fn per_process_parts_are_the_childs() {
        ObjectId::default_generator().generate(()).expect("generates");
        Xid::default_generator().generate(()).expect("generates");
        let (parent, child) = on_both_sides(|| {
            let object_id = ObjectId::default_generator().generate(()).expect("generates");
            let xid = Xid::default_generator().generate(()).expect("generates");
            let mut bytes = object_id.to_bytes_array().to_vec();
            bytes.extend_from_slice(&xid.to_bytes_array());
            bytes.extend_from_slice(&XidGenerator::host_process_id().expect("a process ID on Unix").to_be_bytes());
            bytes
        });
        let read = |bytes: &[u8]| {
            let object_id = ObjectId::from_bytes_array(bytes[..12].try_into().unwrap());
            let xid = Xid::from_bytes_array(bytes[12..24].try_into().unwrap());
            (object_id, xid, u16::from_be_bytes(bytes[24..].try_into().unwrap()))
        };
        let ((parent_oid, parent_xid, parent_pid), (child_oid, child_xid, child_pid)) = (read(&parent), read(&child));
        assert_ne!(parent_oid.random(), child_oid.random(), "ObjectId: the child kept its parent's random bytes");
        assert_ne!(parent_oid.counter(), child_oid.counter(), "ObjectId: the child continued its parent's counter");
        assert_eq!(parent_xid.machine(), child_xid.machine(), "xid: one machine");
        assert_ne!(parent_xid.counter(), child_xid.counter(), "xid: the child continued its parent's counter");
        // Each side's IDs carry the process ID it reads for itself, and the two differ.
        assert_eq!((parent_xid.pid(), child_xid.pid()), (parent_pid, child_pid), "xid: each process's own ID");
        assert_ne!(parent_pid, child_pid);
    }

    /// Runs [`check`] on the scheme it visits.
    struct Check<'a> {
        failures: &'a mut Vec<String>,
        total: &'a mut usize,
    }

    impl Visitor for Check<'_> {
        type Output = ();
        fn visit<S: describe::Describe>(self) {
            check::<S>(self.failures, self.total);
        }
    }

    pub(super) fn run() {
        let (mut failures, mut total) = (Vec::new(), 0);
        // Every scheme of the registry, so that a new one is checked without being listed here.
        for name in NAMES {
            visit(name, Check { failures: &mut failures, total: &mut total }).expect("a registry name");
        }
        #[cfg(all(feature = "object_id", feature = "xid"))]
        per_process_parts_are_the_childs();
        eprintln!("fork: {total} IDs of {} schemes made on both sides of {} forks each", NAMES.len(), rounds());
        assert!(failures.is_empty(), "IDs repeated across fork():\n{}", failures.join("\n"));
    }
}
