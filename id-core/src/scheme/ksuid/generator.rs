//! The KSUID generator: the clock's second and 16 bytes from the random source, as the original
//! makes them. It keeps no state between IDs, so it needs no lock and nothing to forget after a
//! `fork()` (the random source reseeds itself there).

use super::Ksuid;
use crate::error::GenerateError;
use crate::time::Timestamp;

crate::scheme::declare_generator::default_constructors! {
    /// Makes KSUIDs: the second of the clock's reading, then 128 bits of `random` (a CSPRNG by
    /// default: the payload is what makes KSUIDs unguessable and unique).
    pub struct KsuidGenerator {}
}

crate::scheme::declare_generator::generate_at_clock! {
    KsuidGenerator => Ksuid;
    /// A KSUID of the clock's second; an error only for a clock outside 2014 to 2150.
    generate;
    /// A KSUID of `t`'s second with a fresh payload: what the original's `NewRandomWithTime`
    /// makes.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Ksuid, GenerateError> {
        let seconds = Ksuid::seconds_of(t).ok_or_else(|| crate::scheme::time_out_of_range::<Ksuid>(t))?;
        let payload = self.random.next_u64_pair().to_ne_bytes();
        Ok(Ksuid::from_parts(seconds, payload))
    }
}
