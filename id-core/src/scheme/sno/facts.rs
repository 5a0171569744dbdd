//! What derived sno types and tools read of the scheme beyond its layout and text: its
//! storage types, its named fields (the accessors of derived types and the fields `inspect`
//! prints) and the options its generator takes.

use crate::prelude::*;

use super::{GeneratorSnapshot, Sno, SnoGenerator};
use crate::clock::CoarseClock;
use crate::scheme::Generate;

crate::scheme::storage::newtype_storage!([] [u8; 10] => Sno);

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

// A derived type's accessors (through `Deref` to `Fields`).
crate::scheme::fields::accessors!([] super::Sno {
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
});
