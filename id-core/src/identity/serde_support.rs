//! Serde support: the text for human-readable formats (`null` for a value that
//! [`Scheme::serializes_as_null`]), the storage bytes for binary ones. Schemes whose text is a
//! number are written as text too (a JSON number above 2^53 loses precision in JavaScript,
//! which is why Discord's API sends strings) and read from text or a number.

use super::{Identity, parse};
use crate::scheme::{IdBytes, Scheme};
use core::fmt;
use core::marker::PhantomData;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::Serializer;

/// Serializes `id`.
pub fn serialize<I: Identity, S: Serializer>(id: &I, serializer: S) -> Result<S::Ok, S::Error> {
    let value = id.to_scheme();
    if serializer.is_human_readable() {
        if value.serializes_as_null() { serializer.serialize_none() } else { serializer.collect_str(id) }
    } else {
        serializer.serialize_bytes(&value.to_bytes())
    }
}

/// Whether a number stands for an `I`: only where the number is the type's whole text, a
/// scheme that has one ([`Scheme::from_number`]: snowflakes) written in decimal without a
/// prefix. A prefixed type's text carries its prefix, so a bare number (which any type of
/// the scheme would take) is refused, as the same digits are as a string.
fn takes_numbers<I: Identity>() -> bool {
    use crate::encoding::Encoding;
    I::PREFIX.is_none()
        && matches!(I::ENCODING, Encoding::Canonical | Encoding::Decimal)
        && <I::Scheme as Scheme>::from_number(0).is_some()
}

/// Human-readable formats take the text only (a JSON array of numbers is not an ID there);
/// binary formats take the bytes.
struct IdVisitor<I> {
    human_readable: bool,
    id: PhantomData<I>,
}

impl<'de, I: Identity> Visitor<'de> for IdVisitor<I> {
    type Value = I;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if takes_numbers::<I>() {
            write!(f, "a {} as text or a number", I::TYPE_NAME)
        } else if self.human_readable {
            write!(f, "a {} as text", I::TYPE_NAME)
        } else {
            write!(f, "a {} as text or {} bytes", I::TYPE_NAME, <I::Scheme as Scheme>::BYTE_LEN)
        }
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<I, E> {
        parse::<I>(text).map_err(|e| E::custom(format_args!("invalid {}: {e}", I::TYPE_NAME)))
    }

    /// A number, for the types that take one (see [`takes_numbers`]).
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<I, E> {
        match <I::Scheme as Scheme>::from_number(n).filter(|_| takes_numbers::<I>()) {
            Some(value) => Ok(I::from_scheme(value)),
            None => Err(E::invalid_type(de::Unexpected::Unsigned(n), &self)),
        }
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<I, E> {
        match u64::try_from(n) {
            Ok(n) => self.visit_u64(n),
            Err(_) => Err(E::invalid_type(de::Unexpected::Signed(n), &self)),
        }
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<I, E> {
        if self.human_readable {
            return Err(E::invalid_type(de::Unexpected::Bytes(bytes), &self));
        }
        <I::Scheme as Scheme>::from_bytes(bytes)
            .map(I::from_scheme)
            .map_err(|e| E::custom(format_args!("invalid {}: {e}", I::TYPE_NAME)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<I, A::Error> {
        if self.human_readable {
            return Err(de::Error::invalid_type(de::Unexpected::Seq, &self));
        }
        let mut buf = [0u8; IdBytes::CAPACITY];
        let mut len = 0;
        while let Some(b) = seq.next_element::<u8>()? {
            if len == buf.len() {
                return Err(de::Error::invalid_length(len + 1, &self));
            }
            buf[len] = b;
            len += 1;
        }
        self.visit_bytes(&buf[..len])
    }

    fn visit_none<E: de::Error>(self) -> Result<I, E> {
        let zero = <I::Scheme as Scheme>::from_bytes(&[0u8; IdBytes::CAPACITY][..<I::Scheme as Scheme>::BYTE_LEN])
            .map_err(|e| E::custom(e))?;
        if zero.serializes_as_null() {
            Ok(I::from_scheme(zero))
        } else {
            Err(E::invalid_type(de::Unexpected::Option, &self))
        }
    }

    fn visit_unit<E: de::Error>(self) -> Result<I, E> {
        self.visit_none()
    }
}

/// Deserializes what [`serialize`] wrote.
pub fn deserialize<'de, I: Identity, D: Deserializer<'de>>(deserializer: D) -> Result<I, D::Error> {
    let human_readable = deserializer.is_human_readable();
    let visitor = IdVisitor { human_readable, id: PhantomData };
    if human_readable { deserializer.deserialize_any(visitor) } else { deserializer.deserialize_bytes(visitor) }
}
