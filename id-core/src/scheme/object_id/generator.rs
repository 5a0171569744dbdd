//! The ObjectId generator: the clock's second, the process's five random bytes and the next
//! counter value, as MongoDB's drivers make them. Lock-free: two atomics and a fork check.

use super::ObjectId;
use super::layout::COUNTER_MASK;
use crate::clock::{Clock, CoarseClock};
use crate::error::GenerateError;
use crate::fork::Redraw;
use crate::random::{OsRandom, RandomSource};
use crate::sync::AtomicU64;
use crate::time::Timestamp;
use core::fmt;
use core::sync::atomic::{AtomicU32, Ordering};

/// Makes ObjectIds: the clock's second, five bytes drawn from `random` for the process, and a
/// 24-bit counter that starts at a value drawn from `random` and wraps. In a `fork()` child the
/// random bytes and the counter start are drawn again before its first ID.
pub struct ObjectIdGenerator<C: Clock = CoarseClock, R: RandomSource = OsRandom> {
    clock: C,
    random: R,
    /// The process's five random bytes, in the low 40 bits.
    process: AtomicU64,
    /// The counter of the next ID (modulo 2^24: the bits above are dropped).
    pub(super) counter: AtomicU32,
    /// When `process` and `counter` were drawn.
    drawn: Redraw,
}

impl<C: Clock, R: RandomSource> ObjectIdGenerator<C, R> {
    /// A generator on `clock` and `random`, with the process's bytes and counter start drawn
    /// from `random` now.
    pub fn with(clock: C, random: R) -> Self {
        let drawn = Redraw::new(random.fork_generation());
        let generator = ObjectIdGenerator { clock, random, process: AtomicU64::new(0), counter: AtomicU32::new(0), drawn };
        generator.draw();
        generator
    }

    /// The five random bytes this process's IDs carry (drawn again in a `fork()` child).
    pub fn random(&self) -> [u8; 5] {
        self.current();
        Self::bytes_of(self.process.load(Ordering::Relaxed))
    }

    /// Draws the process's bytes and counter start from `random`.
    fn draw(&self) {
        let word = self.random.next_u64();
        self.process.store(word >> 24, Ordering::Relaxed);
        self.counter.store(word as u32 & COUNTER_MASK, Ordering::Relaxed);
    }

    /// Draws again if this is a `fork()` child of the process the state was drawn in.
    #[inline]
    fn current(&self) {
        self.drawn.ensure(self.random.fork_generation(), || self.draw());
    }

    #[inline]
    fn bytes_of(word: u64) -> [u8; 5] {
        let [_, _, _, a, b, c, d, e] = word.to_be_bytes();
        [a, b, c, d, e]
    }
}

crate::scheme::declare_generator::generate_at_clock! {
    ObjectIdGenerator => ObjectId;
    /// An ObjectId of the clock's second; an error only for a clock outside 1970 to 2106.
    generate;
    /// An ObjectId of `t`'s second with the process's bytes and the next counter value: the
    /// same sequence as [`Generate::generate`](crate::scheme::Generate::generate), as the drivers' `ObjectId(time)` takes it.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<ObjectId, GenerateError> {
        let seconds = ObjectId::seconds_of(t).ok_or_else(|| crate::scheme::time_out_of_range::<ObjectId>(t))?;
        self.current();
        // The drivers take the counter's value, then add one; the mask wraps it at 2^24.
        let counter = self.counter.fetch_add(1, Ordering::Relaxed);
        let process = Self::bytes_of(self.process.load(Ordering::Relaxed));
        Ok(ObjectId::from_parts(seconds, process, counter & COUNTER_MASK))
    }
}

impl<C: Clock + fmt::Debug, R: RandomSource> fmt::Debug for ObjectIdGenerator<C, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ObjectIdGenerator").field("clock", &self.clock).finish_non_exhaustive()
    }
}
