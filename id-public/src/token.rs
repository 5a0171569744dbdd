//! Typed public tokens for derived IDs: [`PublicIds`] makes a [`PublicId<I>`] of an `I` and
//! reads it back, going beyond the original in three opt-in or default ways:
//!
//! * **Authenticated tokens** (the default [`TokenFormat`]): the encrypted block plus a 64-bit
//!   AES-CMAC tag of the plaintext, 24 bytes, 33 base62 characters. A forged token is accepted
//!   with probability at most 2^-64 for every scheme, including the 128-bit ones the original
//!   cannot check at all. 64-bit IDs (uid64 and the snowflake layouts) need no tag: their block
//!   starts with 64 zero bits, which the decryption of a forged or foreign token turns into 64
//!   random ones, so those bits check the token as a 64-bit tag would (the same 2^-64), and
//!   their authenticated token is the encrypted block alone, 16 bytes, 22 characters (see
//!   [`has_tag`]). [`TokenFormat::Compatible`] gives Architect.Identities' 16-byte tokens instead
//!   (22 characters), with their per-layout forgery chances.
//! * **Type binding** ([`PublicIds::bound_to_types`]): the keys are derived from the master key
//!   and the ID type's bind name (`#[id(bind = "shop.order")]`, or the type's name without
//!   one), its scheme and its prefix. A token made for one type then fails the authentication
//!   of every type with another bind name, scheme or prefix (chance ≤ 2^-64 per try). Give each
//!   type a bind name of its own: it is the one thing binding keys on, and it stays put when
//!   the crate is renamed, the type moves to another module or the same file is compiled into
//!   a second binary (the module path, which all of those change, is not used). Binding exists only
//!   for authenticated tokens: unauthenticated 16-byte tokens of a 128-bit scheme decode as
//!   *some* value under any key, so binding them would promise nothing. `bound_to_types` is
//!   therefore not a method of `PublicIds<Compatible>`; calling it there does not compile. What
//!   binding does not do: it does not tell apart two types with the same bind name (without
//!   `bind`, the same type name), scheme and prefix, since that is what it keys on; and a type
//!   without `bind` that is renamed stops reading its earlier tokens (set `bind` to the old name
//!   to keep them).
//! * **Key rotation** ([`PublicIds::with_previous_keys`]): tokens are made with the newest key and
//!   read with any listed key. Each extra key adds one more chance for a forgery to pass: with
//!   `k` keys the chance is `k` times the single-key figure (k · 2^-64 for authenticated tokens).
//!
//! Keys are wiped on drop, `Debug` never shows them, and tags are compared in constant time.
//!
//! # Timing
//!
//! Checking a token takes the same time whatever its bytes, for a given length and key set:
//! AES and the CMAC are free of secret-dependent branches and table lookups, the tag is
//! compared with `subtle`, and an authenticated token's plaintext is checked as an ID only after its
//! tag matched (a 64-bit ID's zero bits, its tag, are one word compared through `subtle`). What
//! does vary is public: the text's length and form (checked before any key
//! is used), which key of a rotation accepted a valid token (keys are tried newest first), and
//! the first use of a type under [`PublicIds::bound_to_types`] (its keys are derived then).
//! The step-by-step review is in the module docs of `cmac.rs` in this crate's source.

use crate::bound::BoundKeys;
use crate::cmac::{Cmac, derive_key};
use crate::converter::PublicIdConverter;
use crate::error::{KeyError, PublicIdError};
use crate::key::AesKey;
use crate::layout::PublicBlock;
use core::any::TypeId;
use core::fmt;
use core::marker::PhantomData;
use idcraft_core::codec::base62;
use idcraft_core::codec::guid::swap_fields;
use idcraft_core::scheme::PublicLayout;
use idcraft_core::{Identity, Scheme};
use subtle::ConstantTimeEq;

/// The token layouts as types, for [`PublicIds<F>`](PublicIds).
pub mod format {
    use super::TokenFormat;

    /// Encrypted block + 64-bit CMAC tag (the default).
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Authenticated;

    /// Architect.Identities' single block.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Compatible;

    /// A token layout. Sealed: the two above are all there is.
    pub trait Format: sealed::Sealed + Send + Sync + 'static {
        /// The layout's value.
        const FORMAT: TokenFormat;
    }

    impl Format for Authenticated {
        const FORMAT: TokenFormat = TokenFormat::Authenticated;
    }

    impl Format for Compatible {
        const FORMAT: TokenFormat = TokenFormat::Compatible;
    }

    mod sealed {
        pub trait Sealed {}
        impl Sealed for super::Authenticated {}
        impl Sealed for super::Compatible {}
    }
}

use format::{Authenticated, Compatible, Format};

/// The token layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TokenFormat {
    /// Encrypted block + 64-bit CMAC tag: 24 bytes, 33 characters, forgery chance ≤ 2^-64. The
    /// tokens of 64-bit IDs are the block alone, 16 bytes, 22 characters, with the same chance
    /// (see [`has_tag`]).
    #[default]
    Authenticated,
    /// Architect.Identities' single block: 16 bytes, 22 characters (interoperable with .NET
    /// when not bound to types).
    Compatible,
}

const TAG_LEN: usize = 8;

/// Whether the tokens of scheme `S` in `format` carry a CMAC tag: authenticated tokens do,
/// except those of 64-bit IDs. Their block (Architect's `u64` layout) starts with 64 zero bits;
/// a token made under another key, for another type or by a forger decrypts to 64 random bits
/// there, which are all zero with chance 2^-64, exactly a 64-bit tag's. So a tag would add
/// 11 characters and two AES blocks per round trip and no security. (Blocks with fewer fixed
/// bits, down to sno's 48 and uid96's 32, keep the tag.)
pub fn has_tag<S: Scheme>(format: TokenFormat) -> bool {
    format == TokenFormat::Authenticated && S::PUBLIC_LAYOUT != PublicLayout::U64
}

/// How many bytes the tokens of scheme `S` in `format` are: 16, or 24 with a tag.
fn token_len<S: Scheme>(format: TokenFormat) -> usize {
    if has_tag::<S>(format) { 16 + TAG_LEN } else { 16 }
}

/// The keys one master key gives for one label.
#[derive(Debug)]
struct KeySet {
    encrypt: AesKey,
    authenticate: Cmac,
}

impl KeySet {
    fn new(master: &AesKey, format: TokenFormat, label: Option<&str>) -> KeySet {
        let label = label.unwrap_or("");
        let authenticate = Cmac::new(derive_key(master, format!("idcraft public-id v1 mac {label}").as_bytes()));
        let encrypt = if format == TokenFormat::Compatible && label.is_empty() {
            master.clone()
        } else {
            derive_key(master, format!("idcraft public-id v1 enc {label}").as_bytes())
        };
        KeySet { encrypt, authenticate }
    }
}

/// Makes and reads typed public tokens. Cheap to share (`&self` everywhere, thread-safe).
///
/// `F` is the token layout: [`PublicIds::new`] makes authenticated tokens,
/// [`PublicIds::compatible`] Architect.Identities' 16-byte ones.
pub struct PublicIds<F: Format = Authenticated> {
    masters: Vec<AesKey>,
    format: PhantomData<F>,
    bound: bool,
    unbound_keys: Vec<KeySet>,
    bound_keys: BoundKeys<Vec<KeySet>>,
}

impl PublicIds<Authenticated> {
    /// Authenticated, unbound tokens under `key`.
    pub fn new(key: AesKey) -> PublicIds {
        Self::build(vec![key], false)
    }

    /// Authenticated, unbound tokens under a base64 key.
    pub fn from_base64(key: &str) -> Result<PublicIds, KeyError> {
        AesKey::from_base64(key).map(PublicIds::new)
    }

    /// Derives the keys from each ID type's full path, scheme and prefix: a token of one type
    /// never decodes as another type (see the [module docs](self) for exactly what this
    /// guarantees).
    pub fn bound_to_types(self) -> PublicIds {
        Self::build(self.masters, true)
    }
}

impl PublicIds<Compatible> {
    /// Architect.Identities' 16-byte tokens under `key` (interoperable with .NET). They cannot
    /// be bound to types.
    pub fn compatible(key: AesKey) -> PublicIds<Compatible> {
        Self::build(vec![key], false)
    }
}

impl<F: Format> PublicIds<F> {
    fn build(masters: Vec<AesKey>, bound: bool) -> PublicIds<F> {
        let unbound_keys = masters.iter().map(|m| KeySet::new(m, F::FORMAT, None)).collect();
        PublicIds { masters, format: PhantomData, bound, unbound_keys, bound_keys: BoundKeys::new() }
    }

    /// Also reads tokens made with `previous` keys (newest first); tokens are always made with
    /// the key given first.
    pub fn with_previous_keys(mut self, previous: impl IntoIterator<Item = AesKey>) -> PublicIds<F> {
        self.masters.extend(previous);
        Self::build(self.masters, self.bound)
    }

    /// The token format.
    pub fn format(&self) -> TokenFormat {
        F::FORMAT
    }

    /// Runs `f` with `I`'s keys, newest first. Bound keys are derived on the first use of a
    /// type and looked up without a lock afterwards (see `BoundKeys`).
    fn with_keys<I: Identity, R>(&self, f: impl FnOnce(&[KeySet]) -> R) -> R {
        if !self.bound {
            return f(&self.unbound_keys);
        }
        let derive = || {
            let label = binding_label::<I>();
            self.masters.iter().map(|m| KeySet::new(m, F::FORMAT, Some(&label))).collect()
        };
        self.bound_keys.with(TypeId::of::<I>(), derive, |keys| f(keys))
    }

    fn encode<S: Scheme>(&self, keys: &KeySet, block: [u8; 16]) -> PublicId<()> {
        let mut bytes = [0u8; 24];
        // The ciphertext is kept as .NET's `new Guid(cipher)` shows it, so compatible tokens
        // read the same as Architect.Identities' base62 public IDs.
        bytes[..16].copy_from_slice(&swap_fields(keys.encrypt.encrypt(block)));
        if has_tag::<S>(F::FORMAT) {
            bytes[16..].copy_from_slice(&keys.authenticate.tag_block(&block)[..TAG_LEN]);
        }
        PublicId { bytes, len: token_len::<S>(F::FORMAT) as u8, id: PhantomData }
    }

    /// The plaintext block of `token` under `keys`, if its tag (where it has one) matches. A
    /// token without a tag is checked by [`PublicBlock::from_block`] afterwards.
    fn decode_with<S: Scheme>(&self, keys: &KeySet, token: &[u8]) -> Option<[u8; 16]> {
        if token.len() != token_len::<S>(F::FORMAT) {
            return None;
        }
        let cipher: [u8; 16] = token.get(..16)?.try_into().ok()?;
        let block = keys.encrypt.decrypt(swap_fields(cipher));
        if !has_tag::<S>(F::FORMAT) {
            return Some(block);
        }
        let expected = u64::from_be_bytes(keys.authenticate.tag_block(&block)[..TAG_LEN].try_into().ok()?);
        let given = u64::from_be_bytes(token.get(16..)?.try_into().ok()?);
        bool::from(expected.ct_eq(&given)).then_some(block)
    }

    /// The public token of `id`.
    pub fn to_public<I>(&self, id: &I) -> PublicId<I>
    where
        I: Identity,
        I::Scheme: PublicBlock,
    {
        let t = self.with_keys::<I, _>(|keys| self.encode::<I::Scheme>(&keys[0], id.to_scheme().to_block()));
        PublicId { bytes: t.bytes, len: t.len, id: PhantomData }
    }

    /// The ID behind a token, or [`PublicIdError::Invalid`] for anything that is not a token
    /// these keys made for `I` (without saying which check failed).
    pub fn from_public<I>(&self, token: &PublicId<I>) -> Result<I, PublicIdError>
    where
        I: Identity,
        I::Scheme: PublicBlock,
    {
        self.with_keys::<I, _>(|keys| {
            keys.iter().find_map(|k| {
                self.decode_with::<I::Scheme>(k, token.as_bytes())
                    .and_then(|b| <I::Scheme as PublicBlock>::from_block(&b))
            })
        })
        .map(I::from_scheme)
        .ok_or(PublicIdError::Invalid)
    }

    /// Parses and decodes a token text in one step (the web path: token in, ID out).
    pub fn decode_str<I>(&self, text: &str) -> Result<I, PublicIdError>
    where
        I: Identity,
        I::Scheme: PublicBlock,
    {
        self.from_public(&text.parse::<PublicId<I>>()?)
    }

    /// The Architect.Identities-compatible converter of the newest key (unbound, 16-byte
    /// tokens), for `u64`/`i64`/decimal/`u128`/`Uuid` values.
    pub fn compatible_converter(&self) -> PublicIdConverter {
        PublicIdConverter::new(self.masters[0].clone())
    }
}

/// What bound keys are derived from: the type's bind name (`#[id(bind = "...")]`, else its
/// name), its scheme and its prefix. Not its module path: that moves with the crate's name and
/// the binary it is compiled into (`shop::ids` in the server, `mint::ids` in a second binary of
/// the same package), and tokens already sent out must keep opening. The prefix is included
/// although a token of another prefix already fails to parse, so that changing a prefix
/// rotates the keys too. (Before `bind`, the label held `module::path::Type`: a type that sets
/// `bind` to that string keeps reading the tokens it issued then.)
fn binding_label<I: Identity>() -> String {
    format!(
        "type {} scheme {} prefix {}",
        I::BIND.unwrap_or(I::TYPE_NAME),
        <I::Scheme as idcraft_core::Scheme>::NAME,
        I::PREFIX.unwrap_or("")
    )
}

impl<F: Format> fmt::Debug for PublicIds<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PublicIds")
            .field("keys", &self.masters.len())
            .field("format", &F::FORMAT)
            .field("bound_to_types", &self.bound)
            .finish_non_exhaustive()
    }
}

/// The public token of an `I`: base62 text (22 or 33 characters) after the type's `prefix_`.
/// Parsing checks only the form; [`PublicIds::from_public`] checks the token.
pub struct PublicId<I> {
    bytes: [u8; 24],
    len: u8,
    id: PhantomData<fn() -> I>,
}

impl<I> PublicId<I> {
    /// The token bytes (16 or 24).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// A token from its bytes (16 or 24).
    pub fn from_bytes(bytes: &[u8]) -> Result<PublicId<I>, PublicIdError> {
        if bytes.len() != 16 && bytes.len() != 24 {
            return Err(PublicIdError::Invalid);
        }
        let mut b = [0u8; 24];
        b[..bytes.len()].copy_from_slice(bytes);
        Ok(PublicId { bytes: b, len: bytes.len() as u8, id: PhantomData })
    }
}

impl<I> Clone for PublicId<I> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<I> Copy for PublicId<I> {}

impl<I> PartialEq for PublicId<I> {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl<I> Eq for PublicId<I> {}

impl<I> core::hash::Hash for PublicId<I> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state)
    }
}

impl<I: Identity> fmt::Display for PublicId<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `_` and the 22 or 33 characters go out in one write: `to_string` then grows its
        // buffer at most once after the prefix.
        let mut text = [0u8; 1 + 33];
        text[0] = b'_';
        let block = u128::from_be_bytes(self.bytes[..16].try_into().expect("16 bytes"));
        // Straight into the buffer, block by block.
        let blocks = [(block >> 64) as u64, block as u64];
        for (i, v) in blocks.into_iter().enumerate() {
            let at = 1 + i * base62::BLOCK_LEN;
            base62::encode_block(v, (&mut text[at..at + base62::BLOCK_LEN]).try_into().expect("11 bytes"));
        }
        if self.len == 24 {
            let tag = u64::from_be_bytes(self.bytes[16..].try_into().expect("8 bytes"));
            base62::encode_block(tag, (&mut text[23..]).try_into().expect("11 bytes"));
        }
        let token = &text[..1 + usize::from(self.len) / 8 * base62::BLOCK_LEN];
        // Prefix, `_` and token in one write: two would make `to_string` grow its buffer twice.
        let mut line = [0u8; 64 + 1 + 33];
        let written: &[u8] = match I::PREFIX {
            None => &token[1..],
            Some(prefix) if prefix.len() <= 64 => {
                line[..prefix.len()].copy_from_slice(prefix.as_bytes());
                line[prefix.len()..][..token.len()].copy_from_slice(token);
                &line[..prefix.len() + token.len()]
            }
            // Longer than the derive allows (a hand-written `Identity`): two writes.
            Some(prefix) => {
                f.write_str(prefix)?;
                token
            }
        };
        f.write_str(core::str::from_utf8(written).map_err(|_| fmt::Error)?)
    }
}

impl<I: Identity> fmt::Debug for PublicId<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicId<{}>({self})", I::TYPE_NAME)
    }
}

impl<I: Identity> core::str::FromStr for PublicId<I> {
    type Err = PublicIdError;

    fn from_str(text: &str) -> Result<Self, PublicIdError> {
        let body = idcraft_core::identity::strip_prefix(text, I::PREFIX).map_err(|_| PublicIdError::Invalid)?;
        // Token text is ASCII; checking that first makes every byte index below a character
        // boundary, so hostile text (a multi-byte character across index 22) cannot panic.
        if !body.is_ascii() {
            return Err(PublicIdError::Invalid);
        }
        let mut bytes = [0u8; 24];
        let len = match body.len() {
            22 => 16,
            33 => {
                let tag = base62::decode_u64(&body[22..]).map_err(|_| PublicIdError::Invalid)?;
                bytes[16..].copy_from_slice(&tag.to_be_bytes());
                24
            }
            _ => return Err(PublicIdError::Invalid),
        };
        let block =
            base62::decode_u128(body.get(..22).ok_or(PublicIdError::Invalid)?).map_err(|_| PublicIdError::Invalid)?;
        bytes[..16].copy_from_slice(&block.to_be_bytes());
        Ok(PublicId { bytes, len, id: PhantomData })
    }
}

/// An `I` written and read as its public token, under the keys in scope (else installed):
/// the serde adapter `as_token` as a type (feature `serde`), for places a field attribute cannot reach: tuples of path
/// parameters (`(Public<CustomerId>, Public<OrderId>)`), map keys, generic containers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Public<I>(pub I);

impl<I> Public<I> {
    /// The ID.
    pub fn into_inner(self) -> I {
        self.0
    }
}

#[cfg(feature = "serde")]
impl<I: Identity> serde::Serialize for PublicId<I> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de, I: Identity> serde::Deserialize<'de> for PublicId<I> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
