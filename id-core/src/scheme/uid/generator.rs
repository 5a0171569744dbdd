//! The generators: the process-wide local sequence and global IDs on a node.

use crate::prelude::*;

use super::global::Uid96With;
use super::local::{MAX_TICK, SEQ_MASK, UID_LATEST, Uid64, UidTime, in_uid_range, uid_out_of_range};
use crate::clock::{Clock, CoarseClock};
use crate::error::GenerateError;
use crate::explicit::ClockUse;
use crate::fence::Fence;
use crate::fork::StateWord;
use crate::installed::Installed;
use crate::scheme::{Generate, Scheme};
use crate::time::Timestamp;
use alloc::sync::Arc;
use core::any::Any;
use core::fmt;
use core::marker::PhantomData;
use core::sync::atomic::Ordering;
use core::time::Duration;

/// The process's local uid generator: `Uid64::new` uses it, and the default `uid96` generator
/// shares its sequence (so local and global IDs of one process never share a value).
fn local_arc() -> &'static Arc<UidGenerator> {
    static LOCAL: crate::installed::Installed<Arc<UidGenerator>> = crate::installed::Installed::new();
    LOCAL.get_or_init(|| Arc::new(UidGenerator { state: StateWord::shared(), ..UidGenerator::new() }))
}

pub(super) fn default_local() -> &'static UidGenerator {
    local_arc()
}

/// Makes local uids: strictly increasing, one shared 14-bit sequence (like the VM-wide
/// `erlang:unique_integer`), at most 16,384 IDs per 1024 µs tick.
///
/// The default reads the coarse clock (~3.5 ns instead of ~25 ns per read), so embedded times
/// may lag by one kernel tick (1–4 ms). When the sequence would wrap inside the current tick,
/// the generator reads the precise clock: a later tick there is used at once (so one generator
/// still reaches the layout's cap), the same tick means waiting for the next one, and a clock
/// that went back makes the generator move on to the next tick rather than wait for the clock
/// to catch up.
pub struct UidGenerator<C: Clock = CoarseClock> {
    clock: C,
    /// `tick << 14 | sequence` of the last ID: this generator's own, or (the process default's)
    /// a word shared with every process forked from this one.
    state: StateWord,
    /// Whether `state` has had a clock ID (explicit instants ahead of the clock are then refused).
    clocked: ClockUse,
}

impl UidGenerator {
    /// A generator on the coarse system clock.
    pub fn new() -> Self {
        Self::with(CoarseClock)
    }
}

impl Default for UidGenerator {
    fn default() -> Self {
        Self::new()
    }
}

fn uid_from_tick(tick: u64, seq: u64) -> Uid64 {
    let secs = tick >> 10;
    Uid64::from_parts((secs / 1_000_000) as u32, (secs % 1_000_000) as u32, ((tick & 0x3FF) << 10) as u32, seq as u32)
}

impl<C: Clock> UidGenerator<C> {
    /// A generator on `clock`.
    pub fn with(clock: C) -> Self {
        UidGenerator { clock, state: StateWord::own(), clocked: ClockUse::default() }
    }

    /// uid's `l()` at an explicit instant exactly, with the next sequence (no waiting, no
    /// ordering): fields beyond the layout are truncated as uid does ([`Generate::generate_at`]
    /// is the checked form).
    pub fn generate_at_wrapping(&self, t: Timestamp) -> Uid64 {
        let u = UidTime::of(t);
        let seq = (self.state.get().fetch_add(1, Ordering::Relaxed) + 1) & SEQ_MASK;
        Uid64::from_parts(u.mega, u.secs, u.micros, seq as u32)
    }

    pub(super) fn next(&self) -> Result<Uid64, GenerateError> {
        loop {
            let current = self.state.get().load(Ordering::Acquire);
            let now = in_uid_range(self.clock.now())?;
            let now_tick = UidTime::of(now).tick();
            let (last_tick, seq) = (current >> 14, current & SEQ_MASK);
            let next_seq = (seq + 1) & SEQ_MASK;
            let tick = if now_tick > last_tick || next_seq != 0 {
                now_tick.max(last_tick)
            } else {
                // The sequence would wrap inside the last tick: only a later tick will do.
                let precise = self.clock.now_precise();
                let precise_tick = UidTime::of(precise).tick();
                if precise_tick > last_tick {
                    precise_tick
                } else if precise_tick == last_tick {
                    let into_tick = (precise.subsec_nanos() / 1000) & 0x3FF;
                    self.clock.sleep(Duration::from_micros(u64::from(1024 - into_tick).max(1)));
                    continue;
                } else {
                    last_tick + 1
                }
            };
            if tick > MAX_TICK {
                // The last tick of the layout is used up; a later one would wrap to 1970.
                return Err(uid_out_of_range(UID_LATEST.checked_add(Duration::from_nanos(1)).unwrap_or(UID_LATEST)));
            }
            let next = tick << 14 | next_seq;
            if self.state.get().compare_exchange_weak(current, next, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                // Here, not in `generate`: global IDs take from this sequence too.
                self.clocked.mark();
                return Ok(uid_from_tick(tick, next_seq));
            }
        }
    }
}

impl<C: Clock> Generate<Uid64> for UidGenerator<C> {
    #[inline]
    fn generate(&self, _: ()) -> Result<Uid64, GenerateError> {
        self.next()
    }

    /// uid's `l()` at `t` for the instants the layout holds (1970 to 35198): the tick of `t`
    /// and the next sequence, on the one sequence [`generate`](Self::generate) also takes
    /// from, so the two never make the same ID (0 in a tick after every one used). Never
    /// waits: an error once the sequence would wrap inside that tick, or for an instant in an earlier tick than the last one
    /// used, or, once the generator has made an ID on its clock, in a tick after the clock's
    /// (see [`GenerateError::SequenceExhausted`],
    /// [`GenerateError::InstantBehind`] and [`GenerateError::InstantAhead`]).
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Uid64, GenerateError> {
        let tick = UidTime::of(in_uid_range(t)?).tick();
        let tick_start = uid_from_tick(tick, 0).timestamp();
        self.clocked.check(Uid64::NAME, t, tick_start, || self.clock.now_precise())?;
        loop {
            let current = self.state.get().load(Ordering::Acquire);
            let (last_tick, seq) = (current >> 14, current & SEQ_MASK);
            let next_seq = (seq + 1) & SEQ_MASK;
            if tick < last_tick {
                return Err(GenerateError::InstantBehind {
                    scheme: Uid64::NAME,
                    time: t,
                    last: uid_from_tick(last_tick, 0).timestamp(),
                });
            }
            if tick == last_tick && next_seq == 0 {
                let capacity = SEQ_MASK as u32 + 1;
                return Err(GenerateError::SequenceExhausted { scheme: Uid64::NAME, time: t, capacity });
            }
            // A tick nobody used yet starts at 0, so all its 16,384 sequences are there.
            let seq = if tick > last_tick { 0 } else { next_seq };
            let next = tick << 14 | seq;
            if self.state.get().compare_exchange_weak(current, next, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                return Ok(uid_from_tick(tick, seq));
            }
        }
    }
}

impl<C: Clock> fmt::Debug for UidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UidGenerator").finish_non_exhaustive()
    }
}

static DEFAULT_GLOBAL: Installed<GlobalUidGenerator> = Installed::new();

/// The installed global generator, or one on the process's sequence and [`default_node`].
pub(super) fn default_global() -> &'static GlobalUidGenerator {
    DEFAULT_GLOBAL.get_or_init(|| GlobalUidGenerator::for_node(GlobalUidGenerator::default_node()))
}

/// The default generator for interval `I`: [`default_global`] itself for 8, for the others one
/// on its node, sequence and fence, made once per interval and again after a replacement.
pub(super) fn default_global_with<const I: u8>() -> &'static GlobalUidGenerator<CoarseClock, I> {
    /// An interval's generator and the interval-8 default it was made from.
    struct Derived {
        from: *const GlobalUidGenerator,
        generator: &'static (dyn Any + Send + Sync),
    }
    // SAFETY: `from` is only compared, never dereferenced.
    unsafe impl Send for Derived {}
    // SAFETY: as above.
    unsafe impl Sync for Derived {}
    static OTHERS: [Installed<Derived>; 11] = [const { Installed::new() }; 11];
    let base = default_global();
    if let Some(itself) = (base as &dyn Any).downcast_ref() {
        return itself;
    }
    let slot = OTHERS.get(usize::from(I)).expect("intervals are checked to be 5..=10 before use");
    let derive = || {
        let generator: &'static GlobalUidGenerator<CoarseClock, I> = Box::leak(Box::new(base.clone().with_interval()));
        Derived { from: base, generator }
    };
    let mut derived = slot.get_or_init(derive);
    if !core::ptr::eq(derived.from, base) {
        derived = slot.replace(derive());
    }
    derived.generator.downcast_ref().expect("each slot holds its own interval's generator")
}

// The default of `Uid96::new` and derived `uid96` types; derived types of other intervals use
// its node, sequence and fence too (see `default_global_with`).
impl crate::scheme::DefaultGenerator for GlobalUidGenerator {
    fn install_default(self) -> Result<(), Self> {
        DEFAULT_GLOBAL.install(self).map(drop)
    }

    fn replace_default(self) {
        DEFAULT_GLOBAL.replace(self);
    }
}

/// Makes global uids with neighbourhood interval `I` (uid's default 8; see
/// [`GlobalUidGenerator::with_interval`]) for a node, sharing a local generator's sequence.
pub struct GlobalUidGenerator<C: Clock = CoarseClock, const I: u8 = 8> {
    pub(super) local: Arc<UidGenerator<C>>,
    node: u32,
    fence: Option<Arc<dyn Fence>>,
    interval: PhantomData<Uid96With<I>>,
}

impl<C: Clock> GlobalUidGenerator<C> {
    /// Global IDs of interval 8 for `node` (a hash from [`node_hash`](Self::node_hash),
    /// [`node_hash_legacy`](Self::node_hash_legacy) or your own).
    pub fn new(local: Arc<UidGenerator<C>>, node: u32) -> Self {
        GlobalUidGenerator { local, node, fence: None, interval: PhantomData }
    }
}

impl GlobalUidGenerator {
    /// Global IDs of interval 8 for `node` on the process's own local sequence, the one
    /// `Uid64::new` and the default generator use: every generator made so shares it with them,
    /// so no two IDs of the process share a tick and sequence, whatever their nodes. The way to
    /// a node of one's own (a configured hash, a leased slot) to
    /// [`install_default`](crate::scheme::DefaultGenerator::install_default).
    pub fn for_node(node: u32) -> GlobalUidGenerator {
        GlobalUidGenerator::new(Arc::clone(local_arc()), node)
    }
}

impl<C: Clock, const I: u8> GlobalUidGenerator<C, I> {
    /// The same node, sequence and fence, making IDs of interval `J` ([`Uid96With<J>`]).
    pub fn with_interval<const J: u8>(self) -> GlobalUidGenerator<C, J> {
        GlobalUidGenerator { local: self.local, node: self.node, fence: self.fence, interval: PhantomData }
    }

    /// Asks `fence` before returning each ID made on the generator's own node, and returns its
    /// error instead when the node is no longer this process's (see
    /// [`SnoGenerator::with_fence`](crate::scheme::sno::SnoGenerator::with_fence)). An ID for a
    /// node the caller names is the caller's business and is not fenced.
    pub fn with_fence(mut self, fence: Arc<dyn Fence>) -> Self {
        self.fence = Some(fence);
        self
    }

    /// The node hash.
    pub fn node(&self) -> u32 {
        self.node
    }
}

impl<C: Clock, const I: u8> Clone for GlobalUidGenerator<C, I> {
    /// Another handle on the same local sequence, node and fence.
    fn clone(&self) -> Self {
        GlobalUidGenerator {
            local: Arc::clone(&self.local),
            node: self.node,
            fence: self.fence.clone(),
            interval: PhantomData,
        }
    }
}

impl<C: Clock, const I: u8> Generate<Uid96With<I>> for GlobalUidGenerator<C, I> {
    /// `None` uses the generator's node.
    #[inline]
    fn generate(&self, node: Option<u32>) -> Result<Uid96With<I>, GenerateError> {
        let local = self.local.next()?;
        self.global(local, node)
    }

    /// A local ID at `t` (see [`UidGenerator`]'s `generate_at`) on the node.
    fn generate_at(&self, node: Option<u32>, t: Timestamp) -> Result<Uid96With<I>, GenerateError> {
        let local = Generate::generate_at(&*self.local, (), t)?;
        self.global(local, node)
    }
}

impl<C: Clock, const I: u8> GlobalUidGenerator<C, I> {
    /// `local` on `node` (`None`: the generator's own, which the fence, if any, still holds).
    fn global(&self, local: Uid64, node: Option<u32>) -> Result<Uid96With<I>, GenerateError> {
        if let (None, Some(fence)) = (node, &self.fence) {
            fence.check(local.time().timestamp())?;
        }
        Ok(Uid96With::from_global(local.to_global(node.unwrap_or(self.node))))
    }
}

impl<C: Clock, const I: u8> fmt::Debug for GlobalUidGenerator<C, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GlobalUidGenerator").field("interval", &I).field("node", &self.node).finish_non_exhaustive()
    }
}
