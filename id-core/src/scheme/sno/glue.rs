//! What derived sno types and tools get: storage conversion, the fields
//! `inspect` prints, the generator options of `new`, and the derive's own items.

use crate::prelude::*;

use super::{GeneratorSnapshot, Sno, SnoGenerator};
use crate::clock::CoarseClock;
use crate::scheme::Generate;

crate::identity::storage_via_from!([] [u8; 10] => Sno);

impl crate::scheme::describe::Describe for Sno {
    const INPUT: Option<&'static str> = Some("meta");
    const OPTIONS: &'static [&'static str] = &["partition"];

    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::Integer;
        vec![
            ("meta", Integer(self.meta().into())),
            ("partition", Integer(self.partition().into())),
            ("sequence", Integer(self.sequence().into())),
            ("tick", Integer(self.tick().into())),
        ]
    }

    fn input(text: Option<&str>) -> Result<u8, crate::scheme::describe::OptionError> {
        text.map_or(Ok(0), |t| crate::scheme::describe::OptionError::parse("meta", t, "a metabyte 0..=255"))
    }

    /// `partition`: a generator on that partition with the full sequence pool.
    fn generator(
        options: crate::scheme::describe::Options<'_>,
    ) -> Result<Option<Box<dyn Generate<Self>>>, crate::scheme::describe::OptionError> {
        use crate::scheme::describe::OptionError;
        let Some(text) = options("partition") else { return Ok(None) };
        let expected = "a partition 0..=65535";
        let partition: u16 = OptionError::parse("partition", text, expected)?;
        let snapshot = GeneratorSnapshot { partition: partition.to_be_bytes(), ..GeneratorSnapshot::default() };
        let generator = SnoGenerator::from_snapshot(CoarseClock, &snapshot).map_err(|_| OptionError {
            option: "partition",
            value: text.into(),
            expected,
        })?;
        Ok(Some(Box::new(generator)))
    }
}

/// A derived sno type's own items: `new()` (metabyte 0), `new_with_meta`, sno's `NewWithTime`
/// as `at`/`try_at`, and the fields.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_sno {
    ($ident:ident, $storage:ty) => {
        $crate::__derive_items! {
            $ident, $storage;
            new() => 0u8;
            storage infallible;
            accessors {
                /// The metabyte.
                meta -> u8;
                /// The partition.
                partition -> u16;
                /// The sequence within the 4 ms unit.
                sequence -> u16;
                /// The tick-tock bit (flips when the clock went back).
                tick -> bool;
                /// Whether this is the zero ID.
                is_zero -> bool;
            }

            /// A new ID with metabyte `meta` from the default generator (or the innermost test
            /// scope).
            #[inline]
            #[track_caller]
            pub fn new_with_meta(meta: u8) -> Self {
                $crate::identity::new::<Self>(meta)
            }

            /// sno's `NewWithTime`: an ID embedding `t` with metabyte `meta` from the default
            /// generator, on the sequence its `new()` IDs take too, so the two never meet. An
            /// error for an instant outside 2010..2079, in a unit before the last one the
            /// generator used, or after its clock's (`GenerateError::InstantBehind`,
            /// `InstantAhead`): to port old rows, give them a generator of their own on a
            /// partition of their own (`SnoGenerator::with_partition`), oldest rows first.
            #[inline]
            pub fn try_at(
                meta: u8,
                t: ::std::time::SystemTime,
            ) -> ::core::result::Result<Self, $crate::error::GenerateError> {
                $crate::identity::sno_at::<Self>(meta, t)
            }

            /// [`try_at`](Self::try_at), panicking where it returns an error.
            #[inline]
            #[track_caller]
            pub fn at(meta: u8, t: ::std::time::SystemTime) -> Self {
                match $crate::identity::sno_at::<Self>(meta, t) {
                    ::core::result::Result::Ok(id) => id,
                    ::core::result::Result::Err(e) => ::core::panic!(
                        "{}::at(): {}",
                        <Self as $crate::identity::Identity>::TYPE_NAME,
                        e
                    ),
                }
            }
        }
    };
}
