//! `fork()`: telling a child process from its parent without a system call per ID.
//!
//! A child starts with a copy of its parent's memory: every generator's last unit and counter,
//! the per-thread random generator's state, a node drawn for the process. Left alone, parent
//! and child then make the same IDs. The C library runs the handlers registered with
//! `pthread_atfork` in the child before `fork()` returns there; the one registered here adds one
//! to a process-wide *fork generation*. Whatever was drawn or counted in another generation is
//! stale: [`OsRandom`](crate::OsRandom) reseeds its per-thread generator, generators whose state
//! came from it start a new unit with fresh randomness, and a node or machine value drawn for
//! the process is drawn again. Reading the generation is one relaxed atomic load.
//!
//! On Linux, Android, FreeBSD, NetBSD, OpenBSD, DragonFly and illumos the handler is registered
//! when the library is loaded (an ELF `.init_array` entry, run before `main`, or by `dlopen`),
//! so every `fork()` of the process is counted and reading the generation is nothing more than
//! the load. On other Unix targets it is registered the first time the generation is read,
//! which every generator and [`OsRandom`](crate::OsRandom) does before drawing: a process that
//! forks before making its first ID has nothing of its own to forget. Without `std`, on
//! targets other than Unix and under Miri (which cannot call `pthread_atfork`), there is no
//! handler and the generation stays 0.

use crate::sync::AtomicU64;
use core::sync::atomic::Ordering;

static GENERATION: AtomicU64 = AtomicU64::new(0);

/// The handler's registration when the library is loaded: an entry in the ELF `.init_array`
/// section, which the loader runs before `main` for an executable (a static one too: its C
/// library's start-up code runs it) and before `dlopen` returns for a shared library. The
/// standard library relies on the same on Linux with glibc (it reads `argv` there). A program
/// that starts without its C library's start-up code (its own `_start`) runs no such entry;
/// it has no `std` either, and without `std` there is no handler. Other Unix targets (macOS,
/// Solaris, AIX, ...) register on the first read instead: see [`generation`], whose `cfg`
/// names the same targets as this one.
///
/// Here rather than in `atfork`, beside `GENERATION`: the compiler keeps a module's items in
/// one object file, and a C linker that takes this crate from a static archive (a `staticlib`)
/// takes only the object files something refers to. Everything that reads the generation
/// refers to `GENERATION`, so the entry comes with it. `#[used]` keeps the compiler from
/// dropping an entry that nothing names; linkers keep every `.init_array` section they link.
#[cfg(all(feature = "std", unix, not(miri), idcraft_init_array))]
#[used]
// SAFETY: the loader calls each `.init_array` entry once, as a C function, before `main` (or
// before `dlopen` returns), with nothing of Rust's runtime set up. This entry is an
// `extern "C" fn()` that lives for the whole program, and all it does is take a `Once` (a static
// word, no allocation) and call `pthread_atfork`, which needs only the C library: the loader
// initialises a library's dependencies, the C library among them, before the library. Some
// loaders (glibc's, FreeBSD's, Android's) pass `argc, argv, envp`, which a function without
// parameters ignores under the C calling convention (the caller removes them); musl passes
// nothing.
#[unsafe(link_section = ".init_array")]
static REGISTER_AT_LOAD: extern "C" fn() = {
    /// A panic here (the registration's out-of-memory assertion) cannot unwind out of an
    /// `extern "C" fn`: it aborts the process while it loads, rather than let it make IDs a
    /// child could repeat.
    extern "C" fn at_load() {
        atfork::register();
    }
    at_load
};

/// How many `fork()`s lie between this process and the one the library was loaded in (where
/// the handler is registered at load; elsewhere the one that first read the generation): 0
/// there, one more in each child. Equal in two processes means nothing (siblings share it);
/// a change within one process means it is now a child and what it drew before is its
/// parent's too.
#[inline]
pub fn generation() -> u64 {
    // The targets without `REGISTER_AT_LOAD`: a `Once` check on every read.
    #[cfg(all(feature = "std", unix, not(miri), not(idcraft_init_array)))]
    atfork::register();
    GENERATION.load(Ordering::Relaxed)
}

#[cfg(all(feature = "std", unix, not(miri)))]
mod atfork {
    use super::{GENERATION, Ordering};
    use std::sync::Once;

    static REGISTERED: Once = Once::new();

    /// Runs in the child, single-threaded, before `fork()` returns: only async-signal-safe work,
    /// and an atomic add is.
    extern "C" fn child() {
        GENERATION.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    pub(super) fn register() {
        REGISTERED.call_once(|| {
            // SAFETY: `child` is an `extern "C" fn()` that lives for the whole program and does
            // only async-signal-safe work; no prepare or parent handler is given. The call has
            // no other precondition.
            let failed = unsafe { libc::pthread_atfork(None, None, Some(child)) } != 0;
            // ENOMEM is its only failure: without the handler a child could repeat its
            // parent's IDs, which no caller of a generator would accept in silence.
            assert!(!failed, "pthread_atfork could not register idcraft's fork handler (out of memory)");
        });
    }
}

/// The generation a generator's state belongs to. Checked under the generator's own lock (or
/// before its word is read), so one caller sees the change and starts a new unit.
#[cfg(feature = "_lineage")]
#[derive(Debug, Default)]
pub(crate) struct Lineage(AtomicU64);

#[cfg(feature = "_lineage")]
impl Lineage {
    /// State made in generation 0.
    pub(crate) const fn new() -> Self {
        Lineage(AtomicU64::new(0))
    }

    /// Whether `current` differs from the generation seen last, which becomes `current`.
    #[inline]
    pub(crate) fn moved(&self, current: u64) -> bool {
        if self.0.load(Ordering::Relaxed) == current {
            return false;
        }
        self.0.store(current, Ordering::Relaxed);
        true
    }
}

/// State a generator draws for its process from its own random source (ObjectId's random bytes
/// and counter start, xid's counter start): drawn when the generator is made and drawn again,
/// once, in each `fork()` child before the child's first ID. Unlike [`PerProcess`], the draw
/// can use the generator's injected source, so a seeded test source stays deterministic.
#[cfg(feature = "_seconds-counter")]
#[derive(Debug)]
pub(crate) struct Redraw {
    /// The fork generation the state was last drawn in.
    drawn_in: AtomicU64,
    /// Held by the thread of a child that draws again, so other threads wait for its draw
    /// rather than make IDs of the parent's state.
    lock: crate::sync::Mutex<()>,
}

#[cfg(feature = "_seconds-counter")]
impl Redraw {
    /// State drawn in `generation`.
    pub(crate) fn new(generation: u64) -> Self {
        Redraw { drawn_in: AtomicU64::new(generation), lock: crate::sync::Mutex::new(()) }
    }

    /// Runs `draw` if the state was drawn in another generation than `generation` (one thread
    /// runs it; the others return after it has).
    #[inline]
    pub(crate) fn ensure(&self, generation: u64, draw: impl FnOnce()) {
        // Acquire: a generation published by `again` comes with what `draw` stored.
        if self.drawn_in.load(Ordering::Acquire) != generation {
            self.again(generation, draw);
        }
    }

    #[cold]
    #[inline(never)]
    fn again(&self, generation: u64, draw: impl FnOnce()) {
        let _held = self.lock.lock();
        if self.drawn_in.load(Ordering::Relaxed) != generation {
            draw();
            self.drawn_in.store(generation, Ordering::Release);
        }
    }
}

/// A value that belongs to one process: fixed by the caller, or drawn for the process and drawn
/// again (never to the value it had) in a child. Snowflake nodes, sno partitions and HotGuid's
/// machine bytes.
#[cfg(feature = "_per-process")]
pub(crate) struct PerProcess {
    value: AtomicU64,
    drawn: Option<Drawn>,
}

/// How a drawn value is kept current.
#[cfg(feature = "_per-process")]
struct Drawn {
    /// The generation the value was drawn in (`BUSY` while a child draws anew).
    seen: AtomicU64,
    /// Another value from the previous one.
    redraw: fn(u64) -> u64,
}

/// A generation no process reaches: a draw is under way.
#[cfg(feature = "_per-process")]
const BUSY: u64 = u64::MAX;

#[cfg(feature = "_per-process")]
impl PerProcess {
    /// A value the caller chose: kept across `fork()`.
    pub(crate) const fn fixed(value: u64) -> Self {
        PerProcess { value: AtomicU64::new(value), drawn: None }
    }

    /// A value drawn for this process; `redraw(previous)` gives a child's, never `previous`.
    pub(crate) fn drawn(value: u64, redraw: fn(u64) -> u64) -> Self {
        PerProcess { value: AtomicU64::new(value), drawn: Some(Drawn { seen: AtomicU64::new(generation()), redraw }) }
    }

    /// The value for this process.
    #[inline]
    pub(crate) fn get(&self) -> u64 {
        if let Some(drawn) = &self.drawn {
            // Acquire: a generation published by `draw_again` comes with its value.
            if drawn.seen.load(Ordering::Acquire) != generation() {
                return self.draw_again(drawn);
            }
        }
        self.value.load(Ordering::Relaxed)
    }

    #[cold]
    #[inline(never)]
    fn draw_again(&self, Drawn { seen, redraw }: &Drawn) -> u64 {
        loop {
            let now = generation();
            let last = seen.load(Ordering::Acquire);
            if last == now {
                return self.value.load(Ordering::Relaxed);
            }
            if last != BUSY && seen.compare_exchange(last, BUSY, Ordering::Acquire, Ordering::Acquire).is_ok() {
                let value = redraw(self.value.load(Ordering::Relaxed));
                self.value.store(value, Ordering::Relaxed);
                seen.store(now, Ordering::Release);
                return value;
            }
            // Another thread of this child draws: the value is there when it publishes.
            core::hint::spin_loop();
        }
    }
}

#[cfg(feature = "_per-process")]
impl core::fmt::Debug for PerProcess {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PerProcess")
            .field("value", &self.value.load(Ordering::Relaxed))
            .field("drawn", &self.drawn.is_some())
            .finish()
    }
}

/// A word every process forked from this one after it was made shares with it: parent and
/// children take values from one counter, so none takes a value another took. An anonymous
/// shared mapping where the operating system has one (a page per word: for process-wide
/// defaults only), else a word of this process's own.
#[cfg(all(feature = "std", feature = "_shared-word"))]
pub(crate) fn shared_word(initial: u64) -> &'static AtomicU64 {
    #[cfg(all(unix, not(miri), target_has_atomic = "64"))]
    {
        const SIZE: usize = core::mem::size_of::<AtomicU64>();
        // SAFETY: an anonymous mapping has no file or address precondition; the result is
        // checked for MAP_FAILED before use.
        let page = unsafe {
            libc::mmap(
                core::ptr::null_mut(),
                SIZE,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if page != libc::MAP_FAILED {
            let word = page.cast::<AtomicU64>();
            // SAFETY: `page` is a fresh, page-aligned (so 8-byte-aligned), writable mapping of at
            // least SIZE bytes that is never unmapped, so it is valid for the rest of the
            // process; it is initialised here before the reference is made. Other processes
            // reach it only through 64-bit atomic instructions, lock-free on this target
            // (`target_has_atomic = "64"`), so sharing it between processes is sharing it
            // between threads.
            unsafe {
                word.write(AtomicU64::new(initial));
                return &*word;
            }
        }
    }
    alloc::boxed::Box::leak(alloc::boxed::Box::new(AtomicU64::new(initial)))
}

/// Where a generator keeps its state word (last unit or tick, and sequence): its own, or, for
/// a process-wide default whose IDs hold nothing that tells processes apart (uid's local IDs,
/// a snowflake layout without a node field), one shared with the `fork()` children made after
/// it, so that a child takes the values its parent does not instead of repeating them.
#[cfg(feature = "_shared-word")]
pub(crate) enum StateWord {
    Own(AtomicU64),
    #[cfg(feature = "std")]
    Shared(&'static AtomicU64),
}

#[cfg(feature = "_shared-word")]
impl StateWord {
    /// A word of this generator's own.
    pub(crate) const fn own() -> StateWord {
        StateWord::Own(AtomicU64::new(0))
    }

    /// A word shared with later `fork()` children (a page each: process-wide defaults only);
    /// without `std`, which knows no processes, one of its own.
    pub(crate) fn shared() -> StateWord {
        #[cfg(feature = "std")]
        return StateWord::Shared(shared_word(0));
        #[cfg(not(feature = "std"))]
        StateWord::own()
    }

    #[inline]
    pub(crate) fn get(&self) -> &AtomicU64 {
        match self {
            StateWord::Own(word) => word,
            #[cfg(feature = "std")]
            StateWord::Shared(word) => word,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lineage_moves_once_per_generation() {
        let lineage = Lineage::new();
        assert!(!lineage.moved(0));
        assert!(lineage.moved(1));
        assert!(!lineage.moved(1));
        assert!(lineage.moved(2));
    }

    #[test]
    fn per_process_values_are_drawn_again_only_when_drawn_and_the_generation_moves() {
        let fixed = PerProcess::fixed(7);
        let drawn = PerProcess::drawn(7, |previous| previous + 1);
        assert_eq!((fixed.get(), drawn.get()), (7, 7));
        // A child's view: the generation it was drawn in is no longer the current one.
        let seen = &drawn.drawn.as_ref().unwrap().seen;
        seen.store(generation().wrapping_add(1), Ordering::Relaxed);
        assert_eq!(drawn.get(), 8);
        assert_eq!(drawn.get(), 8, "drawn once per generation");
        assert_eq!(fixed.get(), 7);
    }

    #[test]
    fn a_redraw_runs_once_per_generation() {
        let redraw = Redraw::new(0);
        let mut draws = 0;
        redraw.ensure(0, || draws += 1);
        redraw.ensure(1, || draws += 1);
        redraw.ensure(1, || draws += 1);
        redraw.ensure(2, || draws += 1);
        assert_eq!(draws, 2);
    }

    #[cfg(all(feature = "std", feature = "_shared-word"))]
    #[test]
    #[cfg_attr(miri, ignore = "mmap is a foreign call Miri cannot make, and its fallback leaks a word on purpose")]
    fn a_shared_word_counts() {
        let word = shared_word(5);
        assert_eq!(word.fetch_add(1, Ordering::Relaxed), 5);
        assert_eq!(word.load(Ordering::Relaxed), 6);
    }
}
