//! What `#[derive(Identity)]` adds to derived types for other libraries, each behind its
//! versioned feature:
//!
//! | feature | a derived ID gets |
//! |---|---|
//! | `serde` | `Serialize`/`Deserialize`: its text in human-readable formats, its bytes otherwise |
//! | `schemars1` | `JsonSchema`: a string with its text's pattern and length |
//! | `utoipa6` | `ToSchema`/`PartialSchema`: the same string schema, for OpenAPI |
//! | `async-graphql7` | a GraphQL scalar holding its text |
//! | `arbitrary1` | `Arbitrary`: valid IDs from fuzzer bytes ([`from_entropy`]) |
//! | `proptest1` | `Arbitrary` with a strategy of valid IDs ([`from_entropy`]) |
//!
//! The text shape the schemas describe ([`TextForm`]) is read off each scheme's encoder.

#[cfg(feature = "arbitrary1")]
#[doc(hidden)]
pub mod arbitrary1;
#[cfg(feature = "async-graphql7")]
mod async_graphql7;
#[cfg(feature = "proptest1")]
#[doc(hidden)]
pub mod proptest1;
#[cfg(feature = "schemars1")]
#[doc(hidden)]
pub mod schemars1;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "utoipa6")]
#[doc(hidden)]
pub mod utoipa6;

pub use idcraft_core::text_form::{TextForm, text_form};

/// One line saying what the type is, for schema descriptions.
#[cfg(any(feature = "schemars1", feature = "utoipa6"))]
fn description<I: crate::Identity>() -> String {
    let prefix = I::PREFIX.map(|p| format!(", written with the prefix `{p}_`")).unwrap_or_default();
    format!("{}: a {} ID{prefix}", I::TYPE_NAME, <I::Scheme as crate::Scheme>::NAME)
}

/// How many bytes [`from_entropy`] reads.
#[cfg(any(feature = "arbitrary1", feature = "proptest1"))]
pub const ENTROPY: usize = 24;

/// A valid ID of `I` from any bytes, so test-data generators never produce a value the type
/// could not hold: the bytes as the scheme's storage bytes if they are valid (for a text scheme,
/// each byte picking a character of its alphabet; an ID longer than the entropy repeats it, each
/// round shifted); else the same with leading bytes cleared one by one (to zero, or to the
/// alphabet's first character: numeric schemes with a smaller range, CUID2's leading letter);
/// else the earliest or latest ID of the instant in the last 8 bytes (clamped into the scheme's
/// range).
#[cfg(any(feature = "arbitrary1", feature = "proptest1"))]
pub fn from_entropy<I: crate::Identity>(bytes: &[u8; ENTROPY]) -> I {
    use crate::{Scheme, Timestamp};
    let len = <I::Scheme as Scheme>::BYTE_LEN;
    let alphabet = <I::Scheme as Scheme>::TEXT_ALPHABET.as_bytes();
    let mut value = [0u8; crate::schemes::IdBytes::CAPACITY];
    for (i, v) in value[..len].iter_mut().enumerate() {
        let b = bytes[i % ENTROPY].wrapping_add((i / ENTROPY) as u8);
        *v = if alphabet.is_empty() { b } else { alphabet[usize::from(b) % alphabet.len()] };
    }
    let cleared_to = alphabet.first().copied().unwrap_or(0);
    for cleared in 0..len {
        value[..cleared].fill(cleared_to);
        if let Ok(scheme) = <I::Scheme as Scheme>::from_bytes(&value[..len]) {
            return I::from_scheme(scheme);
        }
    }
    let nanos = i64::from_le_bytes(bytes[16..].try_into().expect("8 bytes"));
    let at = Timestamp::from_unix_nanos(i128::from(nanos));
    I::from_scheme(if bytes[0] & 1 == 0 { I::Scheme::min_at(at) } else { I::Scheme::max_at(at) })
}
