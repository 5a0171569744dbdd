//! Serde adapter: a field holding an ID is written and read as its public token, under the
//! keys of the [key scope](crate::scope), else the keys [installed](crate::install) for the process.
//!
//! With a schema derive beside it, name the token's schema on the field too: schemars and utoipa
//! read serde's `with` as the field's *type*, and `as_token` is a module ("expected type, found
//! module"). This is the form that compiles and documents the field as the token it is:
//!
//! ```text
//! #[derive(Serialize, Deserialize, schemars::JsonSchema, utoipa::ToSchema)]
//! struct Order {
//!     #[serde(with = "idcraft::public::as_token")]
//!     #[schemars(with = "idcraft::public::TokenOf<OrderId>")]
//!     #[schema(value_type = idcraft::public::TokenOf<OrderId>)]
//!     id: OrderId,
//! }
//! ```
//!
//! Without schemas:
//!
//! ```text
//! #[derive(Serialize, Deserialize)]
//! struct Order {
//!     #[serde(with = "idcraft::public::as_token")]
//!     id: OrderId,
//!     #[serde(default, with = "idcraft::public::as_token::option")]
//!     parent: Option<OrderId>,
//!     #[serde(with = "idcraft::public::as_token::vec")]
//!     lines: Vec<LineId>,
//!     total: u64,
//! }
//! ```
//!
//! [`option`](mod@option) needs `#[serde(default)]` for the field to be optional, as any `with` module
//! does. [`vec`](mod@vec) serves every collection that iterates by reference and collects (`Vec`,
//! `BTreeSet`, `HashSet`, `VecDeque`, …); it reads a sequence, or texts of comma-separated
//! tokens, which is how a query string carries a list: `?ids=ord_…,ord_…` and
//! `?ids=ord_…&ids=ord_…` (OpenAPI's `explode`) alike, at most [`vec::max_len`] of them. Where a wrapper
//! type fits better (tuples in paths, map keys), [`Public<I>`](crate::Public) is the same
//! adapter as a type.
//!
//! Schemas (features `schemars1`, `utoipa6`): as above, `Option<TokenOf<I>>` for
//! [`option`](mod@option) and `Vec<TokenOf<I>>` for [`vec`](mod@vec). utoipa names the component
//! `Token_OrderId` (its name for a generic type with its argument).
//!
//! (`examples/public_service.rs` in the repository is a whole service built this way.)
//!
//! Writing without keys is a serialization error (never the bare ID); reading a token these
//! keys did not make for the type is a deserialization error that says only
//! "not a valid public ID".

use crate::installed::NOT_INSTALLED;
use crate::layout::PublicBlock;
use crate::scope::{self, Keys};
use crate::token::Public;
use core::fmt;
use core::marker::PhantomData;
use idcraft_core::Identity;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de, ser};

fn keys<E>(error: impl FnOnce(&'static str) -> E) -> Result<Keys, E> {
    scope::current().ok_or_else(|| {
        scope::note_missing();
        error(NOT_INSTALLED)
    })
}

/// Writes `id` as its public token.
pub fn serialize<I, S>(id: &I, serializer: S) -> Result<S::Ok, S::Error>
where
    I: Identity,
    I::Scheme: PublicBlock,
    S: Serializer,
{
    let ids = keys(ser::Error::custom)?;
    serializer.collect_str(&ids.to_public(id))
}

/// Reads an ID from its public token.
pub fn deserialize<'de, I, D>(deserializer: D) -> Result<I, D::Error>
where
    I: Identity,
    I::Scheme: PublicBlock,
    D: Deserializer<'de>,
{
    let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
    decode(&text)
}

fn decode<I, E>(text: &str) -> Result<I, E>
where
    I: Identity,
    I::Scheme: PublicBlock,
    E: de::Error,
{
    keys(E::custom)?.decode_str(text).map_err(E::custom)
}

/// `Option<I>`: `None` is `null` (or an absent field, with `#[serde(default)]`).
pub mod option {
    use super::*;

    /// Writes `Some(id)` as its token, `None` as none.
    pub fn serialize<I, S>(id: &Option<I>, serializer: S) -> Result<S::Ok, S::Error>
    where
        I: Identity,
        I::Scheme: PublicBlock,
        S: Serializer,
    {
        id.as_ref().map(ByRef).serialize(serializer)
    }

    /// Reads a token or none.
    pub fn deserialize<'de, I, D>(deserializer: D) -> Result<Option<I>, D::Error>
    where
        I: Identity,
        I::Scheme: PublicBlock,
        D: Deserializer<'de>,
    {
        Ok(Option::<Public<I>>::deserialize(deserializer)?.map(|Public(id)| id))
    }
}

/// Collections of IDs (`Vec`, sets, `VecDeque`, …): a sequence of tokens, read from a sequence
/// or from comma-separated texts (a query string's list, as one parameter `ids=A,B` or repeated
/// `ids=A&ids=B`, or both).
///
/// A list holds at most [`max_len`](vec::max_len) tokens (1,000 unless [`set_max_len`](vec::set_max_len) said otherwise), counted
/// before any is decoded, so a long URI costs no AES work; more is an error (a query answers 400).
/// An empty token is an error wherever it is: `A,,B`, `A,`, `,A` and `ids=` (an empty text)
/// alike; for an empty list, leave the parameter out and give the field `#[serde(default)]`.
///
/// Documenting such a parameter with utoipa (feature `utoipa6`): `#[param(value_type =
/// Vec<idcraft::public::TokenOf<OrderId>>, style = Form, explode = true)]` on the field of an
/// `IntoParams` struct, which is utoipa's default for arrays; clients then repeat the parameter.
pub mod vec {
    use super::*;
    use core::sync::atomic::{AtomicUsize, Ordering};

    /// The default of [`max_len`].
    pub const DEFAULT_MAX_LEN: usize = 1_000;

    static MAX_LEN: AtomicUsize = AtomicUsize::new(DEFAULT_MAX_LEN);

    /// How many tokens one list may hold (process-wide).
    pub fn max_len() -> usize {
        MAX_LEN.load(Ordering::Relaxed)
    }

    /// Sets [`max_len`] for the process, e.g. at start-up. Each token costs an AES decryption
    /// when read: keep it to what one request needs.
    pub fn set_max_len(len: usize) {
        MAX_LEN.store(len, Ordering::Relaxed);
    }

    /// The tokens of one text, checked for empty ones and counted against the limit.
    fn split<'t, E: de::Error>(text: &'t str, seen: &mut usize) -> Result<Vec<&'t str>, E> {
        let tokens: Vec<&str> = text.split(',').collect();
        *seen += tokens.len();
        if *seen > max_len() {
            return Err(E::custom(format_args!("more than {} public IDs in one list", max_len())));
        }
        if tokens.iter().any(|t| t.is_empty()) {
            return Err(E::custom("an empty public ID in a list"));
        }
        Ok(tokens)
    }

    /// Writes each ID as its token, in the collection's order.
    pub fn serialize<'a, C, I, S>(ids: &'a C, serializer: S) -> Result<S::Ok, S::Error>
    where
        &'a C: IntoIterator<Item = &'a I>,
        I: Identity + 'a,
        I::Scheme: PublicBlock,
        S: Serializer,
    {
        serializer.collect_seq(ids.into_iter().map(ByRef))
    }

    /// Reads a sequence of tokens, or one text of comma-separated tokens (empty: none).
    pub fn deserialize<'de, C, I, D>(deserializer: D) -> Result<C, D::Error>
    where
        C: FromIterator<I>,
        I: Identity,
        I::Scheme: PublicBlock,
        D: Deserializer<'de>,
    {
        deserializer.deserialize_any(SeqVisitor(PhantomData))
    }

    struct SeqVisitor<C, I>(PhantomData<fn() -> (C, I)>);

    impl<'de, C, I> de::Visitor<'de> for SeqVisitor<C, I>
    where
        C: FromIterator<I>,
        I: Identity,
        I::Scheme: PublicBlock,
    {
        type Value = C;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a sequence of public IDs, or public IDs separated by commas")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<C, E> {
            split(text, &mut 0)?.into_iter().map(decode::<I, E>).collect()
        }

        /// Each element a token or a comma-separated text of them; every element is read and
        /// counted before any token is decoded.
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<C, A::Error> {
            let (mut texts, mut seen) = (Vec::new(), 0);
            while let Some(text) = seq.next_element::<std::borrow::Cow<'de, str>>()? {
                split::<A::Error>(&text, &mut seen)?;
                texts.push(text);
            }
            texts.iter().flat_map(|text| text.split(',')).map(decode::<I, A::Error>).collect()
        }
    }
}

impl<I> Serialize for Public<I>
where
    I: Identity,
    I::Scheme: PublicBlock,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(&self.0, serializer)
    }
}

impl<'de, I> Deserialize<'de> for Public<I>
where
    I: Identity,
    I::Scheme: PublicBlock,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize(deserializer).map(Public)
    }
}

/// Serialises a borrowed ID as its token (what [`option`] and [`vec`](mod@vec) write).
struct ByRef<'a, I>(&'a I);

impl<I> Serialize for ByRef<'_, I>
where
    I: Identity,
    I::Scheme: PublicBlock,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(self.0, serializer)
    }
}
