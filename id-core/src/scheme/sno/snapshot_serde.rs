//! Serde for [`GeneratorSnapshot`] with sno's JSON field names, written out rather than derived
//! so that idcraft-core does not wait for `serde_derive` to compile (the derive sits on the
//! critical path of every application's build; see BENCHMARKS.md, "Build weight").

use super::GeneratorSnapshot;
use crate::prelude::*;
use core::fmt;
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The fields in order, with their JSON names: the one list both directions read.
macro_rules! snapshot_fields {
    ($callback:ident) => {
        $callback! {
            partition: "partition",
            sequence_min: "sequenceMin",
            sequence_max: "sequenceMax",
            sequence: "sequence",
            now: "now",
            wall_hi: "wallHi",
            wall_safe: "wallSafe",
            drifts: "drifts",
        }
    };
}

macro_rules! serialize_impl {
    ($($field:ident: $name:literal,)+) => {
        impl Serialize for GeneratorSnapshot {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut s = serializer.serialize_struct("GeneratorSnapshot", [$($name),+].len())?;
                $(s.serialize_field($name, &self.$field)?;)+
                s.end()
            }
        }
    };
}
snapshot_fields!(serialize_impl);

macro_rules! deserialize_impl {
    ($($field:ident: $name:literal,)+) => {
        const FIELDS: &[&str] = &[$($name),+];

        struct SnapshotVisitor;

        impl<'de> Visitor<'de> for SnapshotVisitor {
            type Value = GeneratorSnapshot;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sno generator snapshot")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<GeneratorSnapshot, A::Error> {
                let mut index = 0;
                $(
                    let $field = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(index, &self))?;
                    index += 1;
                )+
                let _ = index;
                Ok(GeneratorSnapshot { $($field),+ })
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GeneratorSnapshot, A::Error> {
                $(let mut $field = None;)+
                // Owned keys: a reader or a `serde_json::Value` cannot lend its strings.
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        $($name => {
                            if $field.is_some() {
                                return Err(de::Error::duplicate_field($name));
                            }
                            $field = Some(map.next_value()?);
                        })+
                        // Fields of later sno versions are ignored, as the derive would.
                        _ => {
                            map.next_value::<de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(GeneratorSnapshot { $($field: $field.ok_or_else(|| de::Error::missing_field($name))?),+ })
            }
        }

        impl<'de> Deserialize<'de> for GeneratorSnapshot {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_struct("GeneratorSnapshot", FIELDS, SnapshotVisitor)
            }
        }
    };
}
snapshot_fields!(deserialize_impl);
