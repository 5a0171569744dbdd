//! KSUID-ms (svix-ksuid's `KsuidMs`): a valid KSUID whose first payload byte carries the
//! millisecond within the second in 4 ms steps, so IDs sort to 4 ms instead of to the second.
//!
//! | bytes | content |
//! |---|---|
//! | 0..4 | seconds since the KSUID epoch, big-endian |
//! | 4 | the millisecond within the second, divided by 4 (0 to 249) |
//! | 5..20 | 15 random bytes |
//!
//! Every KSUID-ms is a KSUID (KSUID tools read it to the second), and its text is KSUID's: 27
//! base62 digits. A fifth byte above 249 is never written; it is read as the original reads it,
//! `(byte × 4) mod 1000` ms, which puts it before the second's byte-0 IDs in time but after them
//! in byte order.

use super::layout::{EPOCH, LATEST, copy, copy_out, twenty_bytes};
use crate::error::GenerateError;
use crate::scheme::{Scheme, canonical_text, clamp_time};
use crate::time::Timestamp;

/// A KSUID-ms (`ksuid_ms`, svix-ksuid's `KsuidMs` layout): 4 bytes of seconds since
/// [`Ksuid::EPOCH`](super::Ksuid::EPOCH), a byte of 4 ms steps, 15 random bytes. A
/// [`Ksuid`](super::Ksuid) whose first payload byte holds the millisecond within the second in
/// 4 ms steps: same epoch, text and column, ordered to 4 ms.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct KsuidMs(pub(super) [u8; 20]);

impl KsuidMs {
    /// The KSUID-ms of `seconds` since the epoch, `steps` of 4 ms within it and `payload`.
    pub const fn from_parts(seconds: u32, steps: u8, payload: [u8; 15]) -> KsuidMs {
        let mut bytes = [0u8; 20];
        copy(&mut bytes, 0, &seconds.to_be_bytes());
        bytes[4] = steps;
        copy(&mut bytes, 5, &payload);
        KsuidMs(bytes)
    }

    twenty_bytes!("KSUID-ms");

    /// The fifth byte: the millisecond within the second divided by 4.
    pub const fn steps(&self) -> u8 {
        self.0[4]
    }

    /// The millisecond within the second, as the original reads it: `(steps × 4) mod 1000`.
    pub const fn millis(&self) -> u16 {
        (self.steps() as u16 * 4) % 1000
    }

    /// The 15 random bytes after the time.
    pub const fn payload(&self) -> [u8; 15] {
        let mut payload = [0u8; 15];
        copy_out(&mut payload, &self.0, 5);
        payload
    }

    /// The seconds since the epoch and the 4 ms steps of `t` (truncated), or `None` outside the
    /// layout's range.
    fn parts_of(t: Timestamp) -> Option<(u32, u8)> {
        let seconds = u32::try_from(t.unix_seconds().checked_sub(EPOCH)?).ok()?;
        Some((seconds, (t.subsec_nanos() / 4_000_000) as u8))
    }

    crate::scheme::fresh_constructors!("A new KSUID-ms", "If the system clock is before 2014-05-13 or after 2150", () => ());
}

canonical_text!(KsuidMs);


crate::scheme::declare_generator::default_constructors! {
    /// Makes KSUID-ms IDs: the clock's instant to 4 ms, then 120 bits of `random` (a CSPRNG by
    /// default). Stateless, as the original: IDs of one 4 ms step sort by their payload.
    pub struct KsuidMsGenerator {}
}

crate::scheme::declare_generator::generate_at_clock! {
    KsuidMsGenerator => KsuidMs;
    /// A KSUID-ms of the clock's instant; an error only for a clock outside 2014 to 2150.
    generate;
    /// A KSUID-ms of `t` (to 4 ms) with a fresh payload: the original's `from_millis`.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<KsuidMs, GenerateError> {
        let (seconds, steps) = KsuidMs::parts_of(t).ok_or_else(|| crate::scheme::time_out_of_range::<KsuidMs>(t))?;
        let random = self.random.next_u64_pair().to_ne_bytes();
        let mut payload = [0u8; 15];
        payload.copy_from_slice(&random[..15]);
        Ok(KsuidMs::from_parts(seconds, steps, payload))
    }
}

impl crate::scheme::sealed::Sealed for KsuidMs {}

impl Scheme for KsuidMs {
    const NAME: &'static str = "ksuid_ms";
    type Shape = crate::scheme::shape::Bytes<20>;
    const TIME_DIGITS: u8 = 3;
    type Input = ();
    type Generator = KsuidMsGenerator;

    crate::scheme::declare::default_generator!(KsuidMsGenerator = KsuidMsGenerator::new);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Timestamp::new(self.unix_seconds(), u32::from(self.millis()) * 1_000_000)
    }

    // KSUID's text: a KSUID-ms is a KSUID.
    crate::scheme::declare::array_text!(canonical | base62 => base62<20, 27>, hex => hex);

    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::new(EPOCH, 0), LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        let (earliest, latest) = Self::time_range();
        let (seconds, steps) = KsuidMs::parts_of(clamp_time(t, earliest, latest)).unwrap_or((0, 0));
        KsuidMs::from_parts(seconds, steps, [0; 15])
    }

    fn max_at(t: Timestamp) -> Self {
        let (earliest, latest) = Self::time_range();
        let (seconds, steps) = KsuidMs::parts_of(clamp_time(t, earliest, latest)).unwrap_or((u32::MAX, 249));
        KsuidMs::from_parts(seconds, steps, [0xFF; 15])
    }
}
