//! A declared layout read at run time (the command line's `inspect --layout`): the same keys
//! and checks as `#[id(...)]`, resolved by the same `const fn`, and the fields of a value read
//! with the widths [`Snowflake`] reads them with, which the tests hold it to for every published
//! layout.

use crate::prelude::*;

use super::declared::{Family, Keys, Resolved};
use super::layout::{Snowflake, SnowflakeLayout};
use crate::time::Timestamp;

/// The fields of a value read in a [`Resolved`] layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutFields {
    /// Time units since the epoch.
    pub units: u64,
    /// The embedded Unix milliseconds.
    pub unix_ms: u64,
    /// The node (Sonyflake's machine).
    pub node: u32,
    /// The sequence.
    pub sequence: u32,
}

impl Resolved {
    /// A layout from `key=value` pairs separated by commas, the keys of `#[id(...)]`
    /// (`epoch=2025-01-01T00:00:00Z,unit=1ms,time_bits=41,node_bits=10,sequence_bits=12`), and
    /// `scheme=sonyflake` for Sonyflake v2's options; every mistake one message.
    pub fn from_text(text: &str) -> Result<Resolved, String> {
        let (mut keys, mut family) = (Keys::NONE, Family::Snowflake);
        for pair in text.split(',').map(str::trim).filter(|pair| !pair.is_empty()) {
            let (key, value) =
                pair.split_once('=').map(|(k, v)| (k.trim(), v.trim())).ok_or_else(|| format!("{pair:?} is not key=value"))?;
            let bits = || value.parse::<u32>().ok().filter(|&bits| bits <= 63).ok_or(format!("{key} is a bit count 0..=63"));
            let duplicate = match key {
                "scheme" => {
                    family = match value {
                        "snowflake" => Family::Snowflake,
                        "sonyflake" => Family::Sonyflake,
                        other => return Err(format!("scheme {other:?} takes no layout; snowflake and sonyflake do")),
                    };
                    false
                }
                "epoch" => keys.epoch.replace(value).is_some(),
                "unit" => keys.unit.replace(value).is_some(),
                "min_lifetime" => keys.min_lifetime.replace(value).is_some(),
                "time_bits" => keys.time_bits.replace(bits()?).is_some(),
                "node_bits" => keys.node_bits.replace(bits()?).is_some(),
                "sequence_bits" => keys.sequence_bits.replace(bits()?).is_some(),
                other => {
                    return Err(format!(
                        "unknown layout key {other:?}; expected epoch, unit, time_bits, node_bits, sequence_bits, \
                         min_lifetime, scheme"
                    ));
                }
            };
            if duplicate {
                return Err(format!("{key} given twice"));
            }
        }
        // The text errors the derive reports at their literals.
        if let Some(Err(why)) = keys.epoch.map(crate::time::const_text::instant_ms) {
            return Err(why.into());
        }
        if let Some(Err(why)) = keys.unit.map(crate::time::const_text::unit_ms) {
            return Err(why.into());
        }
        if let Some(Err(why)) = keys.min_lifetime.map(crate::time::const_text::year) {
            return Err(why.into());
        }
        family.resolve(keys).map_err(|problem| problem.message().unwrap_or("invalid layout").to_owned())
    }

    /// A published layout's (or a derived type's) widths and epoch.
    pub fn of<L: SnowflakeLayout>() -> Resolved {
        Resolved {
            name: L::NAME,
            epoch_ms: L::EPOCH_MS,
            unit_ms: L::UNIT_MS,
            time_bits: L::TIME_BITS,
            node_bits: L::NODE_BITS,
            sequence_bits: L::SEQUENCE_BITS,
            sequence_before_node: L::SEQUENCE_BEFORE_NODE,
            node_name: L::NODE_NAME,
        }
    }

    /// `value`'s fields, or an error from 2^63 on (no layout's value, as for [`Snowflake`]).
    pub fn read(&self, value: u64) -> Result<LayoutFields, crate::error::ParseError> {
        Snowflake::<super::TwitterLayout>::try_from_u64(value)?;
        let (node_mask, sequence_mask) = ((1u64 << self.node_bits) - 1, (1u64 << self.sequence_bits) - 1);
        let (node_shift, sequence_shift) =
            if self.sequence_before_node { (0, self.node_bits) } else { (self.sequence_bits, 0) };
        let units = value >> (self.node_bits + self.sequence_bits);
        Ok(LayoutFields {
            units,
            unix_ms: self.epoch_ms + units * self.unit_ms,
            node: (value >> node_shift & node_mask) as u32,
            sequence: (value >> sequence_shift & sequence_mask) as u32,
        })
    }

    /// The first and last instants the layout holds, as [`Scheme::time_range`](crate::Scheme::time_range)
    /// gives them for a derived type of it (the last to the millisecond).
    pub fn time_range(&self) -> (Timestamp, Timestamp) {
        (Timestamp::from_unix_millis(self.epoch_ms as i64), Timestamp::from_unix_millis(self.last_ms() as i64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheme::Scheme;
    use crate::scheme::snowflake::{DiscordLayout, InstagramLayout, MastodonLayout, SonyflakeLayout, TwitterLayout};

    fn agrees<L: SnowflakeLayout>(values: &[u64]) {
        let layout = Resolved::of::<L>();
        for &value in values {
            let id = Snowflake::<L>::try_from_u64(value).unwrap();
            let fields = layout.read(value).unwrap();
            assert_eq!((fields.units, fields.unix_ms, fields.node, fields.sequence), (id.units(), id.unix_ms(), id.node(), id.sequence()));
        }
        let (first, last) = Snowflake::<L>::time_range();
        assert_eq!(layout.time_range(), (first, Timestamp::from_unix_millis(last.unix_millis())), "{}", L::NAME);
    }

    #[test]
    fn reads_as_the_published_layouts_read() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut values: Vec<u64> = vec![0, 1, i64::MAX as u64];
        values.extend((0..2000).map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x >> 1
        }));
        agrees::<TwitterLayout>(&values);
        agrees::<DiscordLayout>(&values);
        agrees::<InstagramLayout>(&values);
        agrees::<SonyflakeLayout>(&values);
        agrees::<MastodonLayout>(&values);
        assert!(Resolved::of::<TwitterLayout>().read(1 << 63).is_err());
    }

    #[test]
    fn text_takes_the_attribute_keys() {
        let twitter_widths = "epoch=2010-11-04T01:42:54.657Z, unit=1ms,time_bits=41,node_bits=10,sequence_bits=12";
        let layout = Resolved::from_text(twitter_widths).unwrap();
        assert_eq!(layout, Resolved { name: "snowflake", node_name: "node", ..Resolved::of::<TwitterLayout>() });
        let sony = Resolved::from_text("scheme=sonyflake,epoch=2014-09-01T00:00:00Z").unwrap();
        assert_eq!(sony, Resolved { node_name: "machine", ..Resolved::of::<SonyflakeLayout>() });
        for (bad, says) in [
            ("epoch=2025-01-01T00:00:00Z,unit=1ms,time_bits=41,node_bits=10", "missing: `sequence_bits`"),
            ("epoch=1980-06-01T00:00:00Z,unit=1ms,time_bits=41,node_bits=10,sequence_bits=12", "runs out on 2050"),
            ("epoch=2025,unit=1ms", "RFC 3339"),
            ("unit=fast", "a unit is"),
            ("time_bits=64", "0..=63"),
            ("shard_bits=3", "unknown layout key"),
            ("unit=1ms,unit=1s", "twice"),
            ("scheme=uuid7", "takes no layout"),
            ("epoch", "not key=value"),
        ] {
            let error = Resolved::from_text(bad).unwrap_err();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }
}
