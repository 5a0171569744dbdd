//! The xid generator: the clock's second, the machine and process IDs and the next counter
//! value, as rs/xid makes them. Lock-free: a few atomics and a fork check.

use super::Xid;
use super::layout::COUNTER_MASK;
use crate::clock::{Clock, CoarseClock};
use crate::error::GenerateError;
use crate::fork::Redraw;
use crate::random::{OsRandom, RandomSource};
use crate::time::Timestamp;
use core::fmt;
use core::sync::atomic::{AtomicU32, Ordering};

/// Makes xids: the clock's second, a machine ID, a process ID and a 24-bit counter that starts
/// at a value drawn from `random` and wraps. In a `fork()` child the counter start is drawn
/// again and the process ID read again (unless the caller fixed it) before its first ID.
pub struct XidGenerator<C: Clock = CoarseClock, R: RandomSource = OsRandom> {
    clock: C,
    random: R,
    machine: [u8; 3],
    /// The process ID in the low 16 bits.
    pid: AtomicU32,
    /// Whether the caller chose `pid` (kept in a `fork()` child) rather than the process.
    fixed_pid: bool,
    /// The counter of the last ID (the next takes one more, modulo 2^24).
    pub(super) counter: AtomicU32,
    /// When `counter` (and `pid`, unless fixed) were drawn.
    drawn: Redraw,
}

impl<C: Clock, R: RandomSource> XidGenerator<C, R> {
    /// A generator on `clock` and `random` with this host's machine ID and this process's ID
    /// ([`host_machine_id`](Self::host_machine_id), [`host_process_id`](Self::host_process_id))
    /// and a counter start drawn from `random`. Where the host has no ID or name, and without
    /// `std` (no host to ask), the machine ID is drawn from `random`, as rs/xid does; without
    /// `std` the process ID is too. [`XidGenerator::with_machine`] gives them instead.
    pub fn with(clock: C, random: R) -> Self {
        let drawn = || {
            let [_, _, _, _, _, a, b, c] = random.next_u64().to_be_bytes();
            [a, b, c]
        };
        #[cfg(feature = "std")]
        let machine = XidGenerator::host_machine_id().unwrap_or_else(drawn);
        #[cfg(not(feature = "std"))]
        let machine = drawn();
        let drawn = Redraw::new(random.fork_generation());
        let generator = XidGenerator {
            clock,
            random,
            machine,
            pid: AtomicU32::new(0),
            fixed_pid: false,
            counter: AtomicU32::new(0),
            drawn,
        };
        generator.draw();
        generator
    }

    /// The same generator with the caller's machine and process IDs (a container's replicas
    /// that share the host's machine ID and PID 1, say): kept in a `fork()` child, whose IDs
    /// the counter drawn anew then tells apart.
    pub fn with_machine(mut self, machine: [u8; 3], pid: u16) -> Self {
        self.machine = machine;
        *self.pid.get_mut() = u32::from(pid);
        self.fixed_pid = true;
        self
    }

    /// The machine ID in use.
    pub fn machine(&self) -> [u8; 3] {
        self.machine
    }

    /// The process ID in use (read again in a `fork()` child unless fixed).
    pub fn pid(&self) -> u16 {
        self.current();
        self.pid.load(Ordering::Relaxed) as u16
    }

    /// Draws the counter start (and reads or draws the process ID) for this process.
    fn draw(&self) {
        let word = self.random.next_u64();
        self.counter.store(word as u32 & COUNTER_MASK, Ordering::Relaxed);
        if !self.fixed_pid {
            // Drawn where there is no process ID to read (no `std`, WebAssembly), as rs/xid
            // draws a machine ID it cannot read.
            let drawn = (word >> 32) as u16;
            #[cfg(feature = "std")]
            let pid = XidGenerator::host_process_id().unwrap_or(drawn);
            #[cfg(not(feature = "std"))]
            let pid = drawn;
            self.pid.store(u32::from(pid), Ordering::Relaxed);
        }
    }

    /// Draws again if this is a `fork()` child of the process the state was drawn in.
    #[inline]
    fn current(&self) {
        self.drawn.ensure(self.random.fork_generation(), || self.draw());
    }
}

crate::scheme::declare_generator::generate_at_clock! {
    XidGenerator => Xid;
    /// An xid of the clock's second; an error only for a clock outside 1970 to 2106.
    generate;
    /// An xid of `t`'s second with the next counter value: the same sequence as
    /// [`Generate::generate`](crate::scheme::Generate::generate), as rs/xid's `NewWithTime` takes it.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Xid, GenerateError> {
        let seconds = Xid::seconds_of(t).ok_or_else(|| crate::scheme::time_out_of_range::<Xid>(t))?;
        self.current();
        // rs/xid adds one first and uses the sum; the mask wraps it at 2^24.
        let counter = self.counter.fetch_add(1, Ordering::Relaxed).wrapping_add(1);
        let pid = self.pid.load(Ordering::Relaxed) as u16;
        Ok(Xid::from_parts(seconds, self.machine, pid, counter & COUNTER_MASK))
    }
}

impl<C: Clock + fmt::Debug, R: RandomSource> fmt::Debug for XidGenerator<C, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("XidGenerator")
            .field("clock", &self.clock)
            .field("machine", &self.machine)
            .field("pid", &self.pid.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}
