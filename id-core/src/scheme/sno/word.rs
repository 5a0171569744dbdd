//! The generator's state: `(unit, tick, sequence)` packed in one atomic word, and what only
//! the clock-regression path touches.

pub(super) const SEQ_BITS: u32 = 16;
pub(super) const TICK_BIT: u64 = 1 << SEQ_BITS;

/// `(unit, tick, sequence)` in one word, so a transition is one compare-and-swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Word {
    pub(super) units: u64,
    pub(super) tick: bool,
    pub(super) sequence: u16,
}

impl Word {
    pub(super) const fn pack(self) -> u64 {
        self.units << (SEQ_BITS + 1) | (self.tick as u64) << SEQ_BITS | self.sequence as u64
    }

    pub(super) const fn unpack(w: u64) -> Word {
        Word { units: w >> (SEQ_BITS + 1), tick: w & TICK_BIT != 0, sequence: w as u16 }
    }
}

/// State only the regression path touches, under a mutex.
#[derive(Debug)]
pub(super) struct Drift {
    pub(super) wall_safe: u64,
    pub(super) drifts: u32,
}
