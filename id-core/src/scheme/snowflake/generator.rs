//! The one generator of the four layouts: `(unit, sequence)` in one atomic word, a fixed node,
//! waiting out a used-up unit, and each layout's process-wide default.

use super::layout::{FieldOutOfRange, Snowflake, SnowflakeLayout};
use crate::clock::{Clock, SystemClock};
use crate::error::GenerateError;
use crate::explicit::ClockUse;
use crate::fence::Fence;
use crate::fork::{PerProcess, StateWord};
use crate::installed::Installed;
use crate::overflow::OverflowWait;
use crate::random::{OsRandom, RandomSource};
use crate::scheme::Generate;
use crate::time::Timestamp;
use alloc::sync::Arc;
use core::fmt;
use core::marker::PhantomData;
use core::sync::atomic::Ordering;
use core::time::Duration;


/// Makes snowflake IDs of layout `L` for one node. Thread-safe, lock-free on the clock path;
/// see the [module docs](super) for the policy on clock regressions and used-up units.
pub struct SnowflakeGenerator<L: SnowflakeLayout, C: Clock = SystemClock> {
    clock: C,
    /// Fixed by the caller, or drawn for the process (and drawn again in a `fork()` child).
    node: PerProcess,
    /// `(last unit + 1) << L::SEQUENCE_BITS | last sequence`; 0 before the first ID, so that
    /// the epoch's own unit is new too. The sequence takes exactly its field's bits, so the
    /// word fits whatever the widths: the units below 2^63 leave room for them.
    word: StateWord,
    /// Whether `word` has had a clock ID (explicit instants ahead of the clock are then refused).
    clocked: ClockUse,
    overflow: OverflowWait,
    fence: Option<Arc<dyn Fence>>,
    layout: PhantomData<fn() -> L>,
}

impl<L: SnowflakeLayout> SnowflakeGenerator<L> {
    /// A generator on the system clock with a node drawn from the OS CSPRNG. This is
    /// what each layout's default generator is, once per process: fine for one process, a
    /// birthday problem for a fleet (two processes share a node with probability about
    /// n²/2^(node bits + 1)), which must lease nodes (`idcraft::lease`) or set them with
    /// [`with_node`](Self::with_node) and install that generator.
    pub fn new() -> Self {
        let node = OsRandom.next_u64() & u64::from(Snowflake::<L>::MAX_NODE);
        Self::on_node(SystemClock, PerProcess::drawn(node, another_node::<L>))
    }

    /// The layout's process-wide default: [`new`](Self::new), except that a layout without a
    /// node field (Mastodon's) has nothing but its sequence to tell two processes' IDs apart,
    /// so its default's state is shared with the `fork()` children made after it: a child
    /// takes the sequences its parent does not. (Separately started processes share nothing:
    /// such a layout wants one generator per database, as Mastodon's own does.)
    pub(super) fn process_default() -> Self {
        let word = if Snowflake::<L>::MAX_NODE == 0 { StateWord::shared() } else { StateWord::own() };
        SnowflakeGenerator { word, ..Self::new() }
    }

    /// A generator on the system clock for `node`, or an error for a node wider than
    /// the layout's node field.
    pub fn with_node(node: u32) -> Result<Self, FieldOutOfRange> {
        Self::with(SystemClock, node)
    }
}

impl<L: SnowflakeLayout> Default for SnowflakeGenerator<L> {
    fn default() -> Self {
        Self::new()
    }
}

impl<L: SnowflakeLayout, C: Clock> SnowflakeGenerator<L, C> {
    /// A generator on `clock` for `node`, or an error for a node wider than the layout's node
    /// field (Discord's is `worker << 5 | process`).
    pub fn with(clock: C, node: u32) -> Result<Self, FieldOutOfRange> {
        if node > Snowflake::<L>::MAX_NODE {
            return Err(Snowflake::<L>::field_error(L::NODE_NAME, node.into(), Snowflake::<L>::MAX_NODE.into()));
        }
        Ok(Self::on_node(clock, PerProcess::fixed(node.into())))
    }

    fn on_node(clock: C, node: PerProcess) -> Self {
        SnowflakeGenerator {
            clock,
            node,
            word: StateWord::own(),
            clocked: ClockUse::default(),
            overflow: OverflowWait::default(),
            fence: None,
            layout: PhantomData,
        }
    }

    crate::scheme::declare_generator::fence_and_overflow_builders! {
        /// Asks `fence` before returning each ID from [`Generate::generate`], and returns its error
        /// instead when the node is no longer this process's. [`Generate::generate_at`] is not
        /// fenced (its uniqueness is the caller's).
        with_fence;
        /// Sends a notice to `subscriber` while callers wait for a used-up unit to end (never
        /// blocking on it).
        with_overflow_subscriber;
    }

    /// The node every ID of this generator carries.
    pub fn node(&self) -> u32 {
        // Never above MAX_NODE (a u32): checked or masked where it was set.
        self.node.get() as u32
    }

    #[inline]
    fn next_on_clock(&self) -> Result<Snowflake<L>, GenerateError> {
        let (seq_bits, max_sequence) = (L::SEQUENCE_BITS, u64::from(Snowflake::<L>::MAX_SEQUENCE));
        loop {
            // Loaded before the clock is read: a reading older than another thread's newer
            // unit then looks like a regression and continues that unit, instead of the newer
            // unit looking new.
            let current = self.word.get().load(Ordering::Acquire);
            let now = Snowflake::<L>::checked_units(self.clock.now())?;
            let next = if (now + 1) << seq_bits > current | max_sequence {
                (now + 1) << seq_bits
            } else if current & max_sequence < max_sequence {
                // The same unit, or the clock went back: go on in the last unit used.
                current + 1
            } else {
                // The coarse reading may lag: only the precise clock can say the unit is over.
                let last = (current >> seq_bits) - 1;
                let precise = Snowflake::<L>::checked_units(self.clock.now_precise())?;
                if precise <= last {
                    self.unit_used_up(last)?;
                    continue;
                }
                (precise + 1) << seq_bits
            };
            if self.word.get().compare_exchange_weak(current, next, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                return Ok(Snowflake::pack((next >> seq_bits) - 1, self.node(), (next & max_sequence) as u32));
            }
        }
    }

    /// Every sequence of unit `last` is used: wait until the precise clock is past it, or fail
    /// at the last unit a generator may issue in, which has no next.
    #[cold]
    #[inline(never)]
    fn unit_used_up(&self, last: u64) -> Result<(), GenerateError> {
        if last >= Snowflake::<L>::MAX_GENERATED_UNITS {
            let after = Snowflake::<L>::LATEST.checked_add(Duration::from_nanos(1));
            return Err(Snowflake::<L>::out_of_range(after.unwrap_or(Snowflake::<L>::LATEST)));
        }
        // Sleep to the next unit's start, not a whole tick past it: at 1 ms units that would
        // cost a tenth of the layout's rate.
        let next = Snowflake::<L>::unit_start(last + 1);
        let until_next =
            || next.duration_since(self.clock.now_precise()).unwrap_or_default().max(Duration::from_micros(1));
        // An unreadable clock ends the wait; the next round reports it.
        self.overflow.wait_while_ticking(&self.clock, until_next, || {
            Snowflake::<L>::checked_units(self.clock.now_precise()).is_ok_and(|units| units <= last)
        });
        Ok(())
    }
}

impl<L: SnowflakeLayout, C: Clock> Generate<Snowflake<L>> for SnowflakeGenerator<L, C> {
    /// The next ID; callers wait while the last unit's sequences are used up. An error when
    /// the clock is before the layout's epoch or past the last unit whose IDs stay below 2^63,
    /// or when the fence refuses.
    #[inline]
    fn generate(&self, _: ()) -> Result<Snowflake<L>, GenerateError> {
        let id = self.next_on_clock()?;
        self.clocked.mark();
        if let Some(fence) = &self.fence {
            fence.check(Snowflake::<L>::unit_start(id.units()))?;
        }
        Ok(id)
    }

    /// The unit of `t` with its next sequence, on the one sequence [`generate`](Self::generate)
    /// also takes from, so the two never make the same ID: 0 in a unit after every one used,
    /// the next one in the last unit used. Never waits: an error once that unit's sequences
    /// are used up, or for an instant in an earlier unit than the last one used (its
    /// sequences may have gone to either method), or, once the generator has made an ID on
    /// its clock, in a unit after the clock's ([`GenerateError::InstantAhead`]: the clock IDs
    /// would have to wait for it).
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Snowflake<L>, GenerateError> {
        let (seq_bits, max_sequence) = (L::SEQUENCE_BITS, u64::from(Snowflake::<L>::MAX_SEQUENCE));
        let units = Snowflake::<L>::checked_units(t)?;
        self.clocked.check(L::NAME, t, Snowflake::<L>::unit_start(units), || self.clock.now_precise())?;
        loop {
            let current = self.word.get().load(Ordering::Acquire);
            let next = match (current >> seq_bits).checked_sub(1) {
                Some(last) if units < last => {
                    let last = Snowflake::<L>::unit_start(last);
                    return Err(GenerateError::InstantBehind { scheme: L::NAME, time: t, last });
                }
                Some(last) if units == last && current & max_sequence >= max_sequence => {
                    let capacity = Snowflake::<L>::MAX_SEQUENCE + 1;
                    return Err(GenerateError::SequenceExhausted { scheme: L::NAME, time: t, capacity });
                }
                Some(last) if units == last => current + 1,
                _ => (units + 1) << seq_bits,
            };
            if self.word.get().compare_exchange_weak(current, next, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                return Ok(Snowflake::pack(units, self.node(), (next & max_sequence) as u32));
            }
        }
    }
}

impl<L: SnowflakeLayout, C: Clock> fmt::Debug for SnowflakeGenerator<L, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SnowflakeGenerator")
            .field("scheme", &L::NAME)
            .field("node", &self.node())
            .finish_non_exhaustive()
    }
}

/// A `fork()` child's node for a generator whose node was drawn: drawn again, never the
/// parent's (the child must not issue under it).
fn another_node<L: SnowflakeLayout>(previous: u64) -> u64 {
    let max = u64::from(Snowflake::<L>::MAX_NODE);
    // Adding 1 to MAX_NODE, modulo MAX_NODE + 1 (a power of two): any node but the parent's.
    (previous + 1 + OsRandom.next_u64() % max.max(1)) & max
}

/// Layout `L`'s default slot.
#[inline]
pub(super) fn default_slot<L: SnowflakeLayout>() -> &'static Installed<SnowflakeGenerator<L>> {
    <L as super::layout::sealed::Sealed>::default_slot()
}

// Each layout has a slot of its own: installing a Twitter generator leaves Discord's default.
impl<L: SnowflakeLayout> crate::scheme::DefaultGenerator for SnowflakeGenerator<L> {
    fn install_default(self) -> Result<(), Self> {
        default_slot::<L>().install(self).map(drop)
    }

    fn replace_default(self) {
        default_slot::<L>().replace(self);
    }
}
