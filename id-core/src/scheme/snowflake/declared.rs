//! Layouts declared in `#[id(scheme = "snowflake", epoch = ..., unit = ..., time_bits = ...,
//! node_bits = ..., sequence_bits = ...)]` (or `scheme = "sonyflake"` with Sonyflake v2's
//! options): resolved and checked in `const` code, so the derive knows no layout and a layout
//! that runs out too soon is a compile error naming the day it runs out.
//!
//! The derive writes a marker type through the registry's
//! [`__derive_layout!`](crate::__derive_layout) and then [`__snowflake_layout!`](crate::__snowflake_layout),
//! which implements [`SnowflakeLayout`] with the constants [`Family::resolve`] computes: the
//! declared type is then `Snowflake<Marker>`, the generic type the published layouts are.

#[cfg(doc)]
use super::layout::SnowflakeLayout;
use crate::time::const_text;

/// The layout keys of `#[id(...)]` as written, `None` where left out.
#[derive(Clone, Copy, Debug)]
pub struct Keys<'a> {
    /// `epoch`: an RFC 3339 instant.
    pub epoch: Option<&'a str>,
    /// `unit`: `1ms`, `10ms`, `1s`, ...
    pub unit: Option<&'a str>,
    /// `time_bits`.
    pub time_bits: Option<u32>,
    /// `node_bits`.
    pub node_bits: Option<u32>,
    /// `sequence_bits`.
    pub sequence_bits: Option<u32>,
    /// `min_lifetime`: the year the layout must last until (2070 when left out).
    pub min_lifetime: Option<&'a str>,
    /// `Some(true)` when the derive refused a key's value (and reported it there): nothing
    /// more is checked, so no error follows from the value missing.
    pub malformed: Option<bool>,
}

/// Which scheme a declared layout follows: the order of its fields, which keys it needs and
/// what it takes of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `snowflake`: time, node, sequence (Twitter's order); every key given.
    Snowflake,
    /// `sonyflake`: time, sequence, machine (Sonyflake's order), with Sonyflake v2's defaults
    /// (2025-01-01, 10 ms, 8 sequence bits, 16 machine bits) and limits (1..=30 bits for
    /// each of sequence and machine, the time field the rest of 63 and at least 32 bits).
    Sonyflake,
}

/// A declared layout's fields, checked: what its marker's [`SnowflakeLayout`] constants are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The scheme name (`snowflake`, `sonyflake`).
    pub name: &'static str,
    /// The epoch in Unix milliseconds.
    pub epoch_ms: u64,
    /// One unit in milliseconds.
    pub unit_ms: u64,
    /// Width of the time field.
    pub time_bits: u32,
    /// Width of the node field.
    pub node_bits: u32,
    /// Width of the sequence field.
    pub sequence_bits: u32,
    /// Whether the sequence sits above the node.
    pub sequence_before_node: bool,
    /// What the node is called in messages (`node`, Sonyflake's `machine`).
    pub node_name: &'static str,
}

/// The year a declared layout must last until unless `min_lifetime` says otherwise.
pub const DEFAULT_MIN_LIFETIME: u16 = 2070;

/// A compile error's text, built in `const` code. Empty: no error, or one reported at a key's
/// own literal (a malformed epoch, unit or year). The longest message is under 140 bytes; a
/// longer one would be cut, never overflow.
#[derive(Clone, Copy, Debug)]
pub struct Problem {
    bytes: [u8; 192],
    len: usize,
}

impl Problem {
    const NONE: Problem = Problem { bytes: [0; 192], len: 0 };

    const fn text(text: &str) -> Problem {
        Problem::NONE.push(text)
    }

    const fn push(mut self, text: &str) -> Problem {
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() && self.len < self.bytes.len() {
            self.bytes[self.len] = b[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    const fn push_number(mut self, mut n: u64) -> Problem {
        let mut digits = [0u8; 20];
        let mut count = 0;
        loop {
            digits[count] = b'0' + (n % 10) as u8;
            count += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        while count > 0 && self.len < self.bytes.len() {
            count -= 1;
            self.bytes[self.len] = digits[count];
            self.len += 1;
        }
        self
    }

    /// The message, `None` when there is nothing to report here.
    pub const fn message(&self) -> Option<&str> {
        if self.len == 0 {
            return None;
        }
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(text) => Some(text),
            // Only ASCII is pushed, and the attribute's own strings are never copied in.
            Err(_) => Some("invalid layout"),
        }
    }
}

impl Keys<'static> {
    /// No key given: what the derive's `Keys { given.., ..Keys::NONE }` starts from.
    pub const NONE: Keys<'static> =
        Keys {
        epoch: None,
        unit: None,
        time_bits: None,
        node_bits: None,
        sequence_bits: None,
        min_lifetime: None,
        malformed: None,
    };
}

impl Family {
    /// The name of the family's scheme.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Snowflake => "snowflake",
            Family::Sonyflake => "sonyflake",
        }
    }

    /// What the node field is called: Sonyflake's machine ID, every other layout's node.
    pub const fn node_name(self) -> &'static str {
        match self {
            Family::Snowflake => "node",
            Family::Sonyflake => "machine",
        }
    }

    /// The layout `keys` declare, or the first thing wrong with it: a missing key, bits that do
    /// not fit 63 or the family's limits, or a last instant before `min_lifetime`. A malformed
    /// epoch, unit or year gives an empty [`Problem`]: the derive reports those at the key.
    // The error is built in `const` code, where no box is: its size costs only compile time.
    #[allow(clippy::result_large_err)]
    pub const fn resolve(self, keys: Keys<'_>) -> Result<Resolved, Problem> {
        if matches!(keys.malformed, Some(true)) {
            return Err(Problem::NONE);
        }
        let before = matches!(self, Family::Sonyflake);
        let (epoch, unit, node_bits, sequence_bits) = match self {
            Family::Snowflake => match (keys.epoch, keys.unit, keys.node_bits, keys.sequence_bits, keys.time_bits) {
                (Some(epoch), Some(unit), Some(node), Some(sequence), Some(_)) => (epoch, unit, node, sequence),
                _ => return Err(missing(keys)),
            },
            Family::Sonyflake => {
                if keys.time_bits.is_some() {
                    return Err(Problem::text(
                        "sonyflake's time field is what its sequence and machine bits leave of 63, as in \
                         Sonyflake v2: leave `time_bits` out",
                    ));
                }
                let epoch = match keys.epoch {
                    Some(epoch) => epoch,
                    None => "2025-01-01T00:00:00Z",
                };
                let unit = match keys.unit {
                    Some(unit) => unit,
                    None => "10ms",
                };
                let node = match keys.node_bits {
                    Some(bits) => bits,
                    None => 16,
                };
                let sequence = match keys.sequence_bits {
                    Some(bits) => bits,
                    None => 8,
                };
                // Sonyflake v2 reads 0 as "the default": a layout with no sequence or machine
                // bits is none it can make.
                if sequence == 0 || node == 0 || sequence > 30 || node > 30 {
                    return Err(Problem::text("Sonyflake v2 takes 1 to 30 bits for each of sequence_bits and node_bits"));
                }
                (epoch, unit, node, sequence)
            }
        };
        let (Ok(epoch_ms), Ok(unit_ms)) = (const_text::instant_ms(epoch), const_text::unit_ms(unit)) else {
            return Err(Problem::NONE);
        };
        let min_year = match keys.min_lifetime {
            None => DEFAULT_MIN_LIFETIME,
            Some(text) => match const_text::year(text) {
                Ok(year) => year,
                Err(_) => return Err(Problem::NONE),
            },
        };
        if node_bits > 31 || sequence_bits > 31 {
            return Err(Problem::text("node_bits and sequence_bits are at most 31 each (the fields are u32)"));
        }
        let time_bits = match (self, keys.time_bits) {
            (_, Some(bits)) => bits,
            (_, None) => 63 - node_bits - sequence_bits,
        };
        if matches!(self, Family::Sonyflake) && time_bits < 32 {
            return Err(Problem::text("Sonyflake v2 needs at least 32 time bits: sequence_bits + node_bits is at most 31"));
        }
        if time_bits == 0 || time_bits > 63 || time_bits + node_bits + sequence_bits > 63 {
            return Err(Problem::text("time_bits + node_bits + sequence_bits is ")
                .push_number(time_bits as u64 + node_bits as u64 + sequence_bits as u64)
                .push(": a layout has 1 to 63 bits of time and 63 in all (the sign bit stays clear, so bigint sorts as Rust)"));
        }
        let layout = Resolved {
            name: self.name(),
            epoch_ms,
            unit_ms,
            time_bits,
            node_bits,
            sequence_bits,
            sequence_before_node: before,
            node_name: self.node_name(),
        };
        let last = layout.last_ms();
        if last < const_text::year_start_ms(min_year) as i128 {
            let mut bytes = [0u8; 30];
            let end = const_text::write_ms(&mut bytes, 0, last as i64);
            let date = match core::str::from_utf8(bytes.split_at(end).0) {
                Ok(date) => date,
                Err(_) => "?",
            };
            return Err(Problem::text("this layout runs out on ")
                .push(date)
                .push(", before ")
                .push_number(min_year as u64)
                .push(" (min_lifetime)"));
        }
        Ok(layout)
    }

    /// What a marker's constants are: the resolved layout, or for one [`resolve`](Self::resolve)
    /// refuses (a compile error at the attribute already) Twitter's widths from 1970, so the
    /// rest of the expansion compiles and adds no follow-on errors.
    pub const fn layout_or_stand_in(self, keys: Keys<'_>) -> Resolved {
        match self.resolve(keys) {
            Ok(layout) => layout,
            Err(_) => Resolved {
                name: self.name(),
                epoch_ms: 0,
                unit_ms: 1,
                time_bits: 41,
                node_bits: 10,
                sequence_bits: 12,
                sequence_before_node: matches!(self, Family::Sonyflake),
                node_name: self.node_name(),
            },
        }
    }

    /// What [`resolve`](Self::resolve) finds wrong, for the derive's check at the attribute.
    pub const fn problem(self, keys: Keys<'_>) -> Problem {
        match self.resolve(keys) {
            Ok(_) => Problem::NONE,
            Err(problem) => problem,
        }
    }
}

impl Resolved {
    /// The last millisecond the layout holds: the end of its last unit below 2^63 (or of its
    /// time field, if that ends first). Wide enough for any widths and unit.
    pub const fn last_ms(&self) -> i128 {
        let shift = self.node_bits + self.sequence_bits;
        let below_sign = (i64::MAX as u64) >> shift;
        let field = if self.time_bits >= 64 { u64::MAX } else { (1u64 << self.time_bits) - 1 };
        let units = if below_sign < field { below_sign } else { field };
        self.epoch_ms as i128 + (units as i128 + 1) * self.unit_ms as i128 - 1
    }
}

/// Which of the keys a `snowflake` layout needs are missing.
const fn missing(keys: Keys<'_>) -> Problem {
    let mut problem = Problem::text("a `snowflake` layout needs epoch, unit, time_bits, node_bits and sequence_bits; missing");
    let given = [
        ("epoch", keys.epoch.is_some()),
        ("unit", keys.unit.is_some()),
        ("time_bits", keys.time_bits.is_some()),
        ("node_bits", keys.node_bits.is_some()),
        ("sequence_bits", keys.sequence_bits.is_some()),
    ];
    let (mut i, mut first) = (0, true);
    while i < given.len() {
        if !given[i].1 {
            problem = problem.push(if first { ": `" } else { ", `" }).push(given[i].0).push("`");
            first = false;
        }
        i += 1;
    }
    problem
}

/// Declares `$marker` as a snowflake layout of `$family` ([`Family`]) with `$keys`
/// ([`Keys`]): the marker type, its default-generator slot and its [`SnowflakeLayout`]
/// constants. What `#[derive(Identity)]` writes for a declared layout, through the registry;
/// not an API.
#[doc(hidden)]
#[macro_export]
macro_rules! __snowflake_layout {
    ($marker:ident, $family:ident, $keys:expr) => {
        /// The layout declared in the attribute.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[doc(hidden)]
        pub struct $marker;

        impl $marker {
            const KEYS: $crate::scheme::snowflake::__declared::Keys<'static> = $keys;
            const FAMILY: $crate::scheme::snowflake::__declared::Family =
                $crate::scheme::snowflake::__declared::Family::$family;
            const LAYOUT: $crate::scheme::snowflake::__declared::Resolved = Self::FAMILY.layout_or_stand_in(Self::KEYS);
        }

        // The layout's check: a compile error where the declaring macro is called (the
        // derive spans it at its attribute), naming what is wrong.
        const _: () = if let ::core::option::Option::Some(message) = $marker::FAMILY.problem($marker::KEYS).message() {
            ::core::panic!("{}", message)
        };

        impl $crate::scheme::snowflake::__declared::Sealed for $marker {
            fn default_slot() -> &'static $crate::installed::Installed<$crate::scheme::SnowflakeGenerator<Self>> {
                static SLOT: $crate::installed::Installed<$crate::scheme::SnowflakeGenerator<$marker>> =
                    $crate::installed::Installed::new();
                &SLOT
            }
        }

        impl $crate::scheme::snowflake::SnowflakeLayout for $marker {
            const NAME: &'static str = Self::LAYOUT.name;
            const EPOCH_MS: u64 = Self::LAYOUT.epoch_ms;
            const UNIT_MS: u64 = Self::LAYOUT.unit_ms;
            const TIME_BITS: u32 = Self::LAYOUT.time_bits;
            const NODE_BITS: u32 = Self::LAYOUT.node_bits;
            const SEQUENCE_BITS: u32 = Self::LAYOUT.sequence_bits;
            const SEQUENCE_BEFORE_NODE: bool = Self::LAYOUT.sequence_before_node;
            const NODE_NAME: &'static str = Self::LAYOUT.node_name;
            const NODE_EXPECTED: &'static str = "a node that fits the layout's node_bits (0 to 2^node_bits - 1)";
        }
    };
}

/// The snowflake family's `layouts` macro in the registry: `(Family Marker Alias, Type,
/// Storage { key = value, ... })` declares `Marker` as a layout of `Family` ([`Family`]), `type
/// Alias = Snowflake<Marker>`, the type's constructors and storage conversion, and the check of
/// the layout (in [`__snowflake_layout!`](crate::__snowflake_layout)), a compile error where the
/// derive spans the call (its attribute). `(@type ...)` only the marker, the alias and the check. Reached through
/// [`__derive_layout!`](crate::__derive_layout); not an API.
#[doc(hidden)]
#[macro_export]
macro_rules! __snowflake_derive_layout {
    (@type $family:ident $marker:ident $alias:ident { $($key:ident = $value:expr),* $(,)? }) => {
        $crate::__snowflake_layout!($marker, $family, $crate::scheme::snowflake::__declared::Keys {
            $($key: ::core::option::Option::Some($value),)*
            ..$crate::scheme::snowflake::__declared::Keys::NONE
        });
        type $alias = $crate::scheme::Snowflake<$marker>;
    };
    ($family:ident $marker:ident $alias:ident, $ident:ident, $storage:ty { $($keys:tt)* }) => {
        $crate::__snowflake_derive_layout!(@type $family $marker $alias { $($keys)* });
        $crate::__derive_items! { $ident, $storage; fallible; []; new() => (); }
    };
}
