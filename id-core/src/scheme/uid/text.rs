//! What the uid schemes declare: their bytes, text forms and range bounds, and which
//! generator makes them (the one place the layouts meet the generators).

use super::generator::{GlobalUidGenerator, UidGenerator, default_global_with, default_local};
use super::local::{SEQ_MASK, clamp_uid};
use super::{Uid64, Uid96With, UidTime};
use crate::clock::CoarseClock;
use crate::codec::base64::{self, Flavour};
use crate::codec::{AsciiWords, base62};
use crate::scheme::{Encoding, Scheme};
use crate::time::Timestamp;
use core::time::Duration;

impl Scheme for Uid64 {
    const NAME: &'static str = "uid64";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    const TIME_DIGITS: u8 = 6;
    type Shape = crate::scheme::shape::U64;
    type Input = ();
    type Generator = UidGenerator;

    fn default_generator() -> &'static UidGenerator {
        default_local()
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        self.time().timestamp()
    }

    crate::scheme::declare::array_text!(|id| id.0.to_be_bytes(), |b| Ok(Uid64(u64::from_be_bytes(b)));
        canonical | base64 => base64, base64url => base64url, hex => hex, base62 => base62_u64,
        decimal => decimal_u64,
    );

    #[inline(always)]
    fn encode_words(&self, encoding: Encoding, out: &mut AsciiWords<'_>) -> Option<core::ops::Range<usize>> {
        match encoding {
            Encoding::Canonical | Encoding::Base64 => {
                Some(base64::write_short(&self.0.to_be_bytes(), Flavour::Ordered, out))
            }
            Encoding::Base64Url => Some(base64::write_short(&self.0.to_be_bytes(), Flavour::UrlSafe, out)),
            Encoding::Base62 => Some(base62::write_u64(self.0, out)),
            _ => None,
        }
    }

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::UNIX_EPOCH, super::local::UID_LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        let u = UidTime::of(clamp_uid(t));
        Uid64::from_parts(u.mega, u.secs, u.micros, 0)
    }

    fn max_at(t: Timestamp) -> Self {
        let u = UidTime::of(clamp_uid(t));
        Uid64::from_parts(u.mega, u.secs, u.micros, SEQ_MASK as u32)
    }
}

impl<const I: u8> Scheme for Uid96With<I> {
    const NAME: &'static str = "uid96";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    const TIME_DIGITS: u8 = 6;
    type Shape = crate::scheme::shape::Bytes<12>;
    const VALID: () = assert!(Self::INTERVAL.0 == I);
    type Input = Option<u32>;
    type Generator = GlobalUidGenerator<CoarseClock, I>;

    fn default_generator() -> &'static GlobalUidGenerator<CoarseClock, I> {
        default_global_with::<I>()
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        self.global().local.time().timestamp()
    }

    crate::scheme::declare::array_text!(canonical | base64 => base64, base64url => base64url, hex => hex);

    #[inline(always)]
    fn encode_words(&self, encoding: Encoding, out: &mut AsciiWords<'_>) -> Option<core::ops::Range<usize>> {
        match encoding {
            Encoding::Canonical | Encoding::Base64 => Some(base64::write_short(&self.0, Flavour::Ordered, out)),
            Encoding::Base64Url => Some(base64::write_short(&self.0, Flavour::UrlSafe, out)),
            _ => None,
        }
    }

    /// A bound, not an exact range: inside a window of 2^I seconds the node outranks the low
    /// bits of time, so `min_at(t1)..=max_at(t2)` holds every ID made between `t1` and `t2` plus some
    /// of other nodes' IDs from the same windows.
    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::UNIX_EPOCH, super::local::UID_LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        Self::from_global(Uid64::min_at(t).to_global(0))
    }

    fn max_at(t: Timestamp) -> Self {
        Self::from_global(Uid64::max_at(t).to_global(u32::MAX))
    }
}
