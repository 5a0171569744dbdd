//! What derived COMB types and tools read of the scheme beyond its layout and text: its
//! storage types, its named fields (the accessors of derived types and the fields `inspect`
//! prints) and the options its generator takes.

use crate::prelude::*;

use super::{Comb, CombLayout};
use crate::clock::{Clock, SystemClock};
use crate::error::{GenerateError, ParseError};
use crate::scheme::Generate;
use crate::time::Timestamp;
use core::marker::PhantomData;
use uuid::Uuid;

crate::scheme::storage::storage_via_from!([L: CombLayout] Uuid => Comb<L>);

impl<L: CombLayout> crate::scheme::describe::Describe for Comb<L> {
    const OPTIONS: &'static [&'static str] = &["base"];

    fn checked_timestamp(&self) -> Result<Timestamp, ParseError> {
        self.try_timestamp()
    }

    /// `base`: the GUID whose other bytes every ID keeps (RT.Comb's `Create(Guid)` and
    /// `Create(Guid, DateTime)`).
    fn generator(
        options: crate::scheme::describe::Options<'_>,
    ) -> Result<Option<Box<dyn Generate<Self>>>, crate::scheme::describe::OptionError> {
        let Some(base) = options("base") else { return Ok(None) };
        let base = crate::scheme::describe::OptionError::parse(
            "base",
            base,
            "a UUID like 00112233-4455-4677-8899-aabbccddeeff",
        )?;
        Ok(Some(Box::new(WithBase::<L> { base, layout: PhantomData })))
    }
}

/// COMBs keeping one base GUID's other bytes: RT.Comb's `Create(Guid)` (the system clock) and
/// `Create(Guid, DateTime)`.
pub(super) struct WithBase<L> {
    base: Uuid,
    layout: PhantomData<L>,
}

impl<L: CombLayout> Generate<Comb<L>> for WithBase<L> {
    fn generate(&self, _: ()) -> Result<Comb<L>, GenerateError> {
        crate::clock::require_system_clock()?;
        Comb::create(self.base, SystemClock.now())
    }
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Comb<L>, GenerateError> {
        Comb::create(self.base, t)
    }
}
