//! Typed public tokens for derived IDs: [`PublicIds`] makes a [`PublicId<I>`] of an `I` and
//! reads it back, going beyond the original in four opt-in or default ways:
//!
//! * **Authenticated tokens** (the default [`TokenFormat`]): the encrypted block plus a 64-bit
//!   AES-CMAC tag of the plaintext, 24 bytes, 33 base62 characters. A forged token is accepted
//!   with probability at most 2^-64 for every scheme, including the 128-bit ones the original
//!   cannot check at all. 64-bit IDs (uid64 and the snowflakes) need no tag: their block
//!   starts with 64 zero bits, which the decryption of a forged or foreign token turns into 64
//!   random ones, so those bits check the token as a 64-bit tag would (the same 2^-64), and
//!   their authenticated token is the encrypted block alone, 16 bytes, 22 characters (see
//!   [`has_tag`]). [`TokenFormat::Compatible`] gives Architect.Identities' 16-byte tokens instead
//!   (22 characters), with their per-layout forgery chances.
//! * **IDs longer than one AES block** (up to [`IdBytes::CAPACITY`], 32 bytes: KSUID's 20,
//!   CUID2's 24 characters), described [below](#ids-longer-than-one-block): their authenticated
//!   tokens are AES-SIV, 16 bytes longer than the ID, with a forgery chance of 2^-128.
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
//!   `k` keys the chance is `k` times the single-key figure (k · 2^-64 for authenticated tokens
//!   of one block, k · 2^-128 for longer IDs).
//!
//! Keys are wiped on drop, `Debug` never shows them, and tags are compared in constant time.
//!
//! # IDs longer than one block
//!
//! A value of 17 to 32 bytes does not fit the one AES block every token above encrypts, and
//! encrypting it block by block would show which IDs share a block (two IDs made in the same
//! millisecond, say). Its token is **AES-SIV** (RFC 5297) of the value's bytes, without
//! associated data: S2V, a CMAC-based PRF of the value, gives a 16-byte synthetic IV, which
//! starts AES in counter mode over the value and is sent in front of it as its tag. So the token
//! is `16 + n` bytes:
//!
//! | ID | bytes | token bytes | base62 characters |
//! |---|---|---|---|
//! | 20 bytes (KSUID) | 20 | 36 | 50 |
//! | 24 bytes (CUID2's text) | 24 | 40 | 55 |
//! | 32 bytes (the most an ID holds) | 32 | 48 | 66 |
//!
//! (11 characters per 8 bytes, as in every token, and the fewest characters that hold the last
//! 1 to 7 bytes; IDs of up to 16 bytes, ObjectId's and xid's 12 among them, stay one block.)
//!
//! Why this construction: it is deterministic (one ID, one token, as for the shorter IDs, so
//! tokens can stand in caches and URLs), authenticated, and a standard with published test
//! vectors that this crate's implementation is checked against; and it is made of nothing but
//! the AES and AES-CMAC the crate already has, so it adds no dependency and keeps the timing
//! properties below. Deterministic encryption reveals only whether two tokens are of the same
//! ID, which a deterministic token must.
//!
//! Why a 128-bit tag, not the 64 bits of one-block tokens: in SIV the tag *is* the counter's
//! start, so a shorter tag means a shorter IV, and with 64 bits, among some 2^32 IDs two would
//! likely share a key stream (the birthday bound), and their two tokens' XOR would be the XOR of
//! the two IDs. With the whole IV, a forgery
//! (any token, of any length, these keys did not make) is accepted with probability 2^-128
//! per try, plus AES-CMAC's birthday-bound terms (about q²/2^128 for q blocks ever processed
//! under one key: negligible for any number of tokens a service makes), far below the 2^-64 of
//! one-block tokens; with `k` keys in a rotation, `k` · 2^-128. Binding and rotation work as for
//! other tokens: the SIV key pair is derived from the master key (and, when bound, the type's
//! label) with labels of its own, one key for S2V and one for the counter mode, separate from
//! the keys of one-block tokens.
//!
//! [`TokenFormat::Compatible`] makes the same AES-SIV tokens of such IDs: Architect.Identities'
//! format is one block, so there is nothing to be compatible with, and an unauthenticated
//! format of two blocks would check nothing. (Binding stays a method of authenticated key sets
//! only.)
//!
//! # Timing
//!
//! Checking a token takes the same time whatever its bytes, for a given length and key set:
//! AES and the CMAC are free of secret-dependent branches and table lookups, the tag is
//! compared with `subtle`, and an authenticated token's plaintext is checked as an ID only after its
//! tag matched (a 64-bit ID's zero bits, its tag, are one word compared through `subtle`;
//! AES-SIV decrypts the whole value, recomputes its IV and compares all 16 bytes through
//! `subtle`, whatever the bytes). What does vary is public: the text's length and form (checked
//! before any key is used), which key of a rotation accepted a valid token (keys are tried
//! newest first), and the first use of a type under [`PublicIds::bound_to_types`] (its keys are
//! derived then). The step-by-step review is in the module docs of `cmac.rs` in this crate's
//! source (and of `siv.rs` for AES-SIV).

use crate::bound::BoundKeys;
use crate::construction::{self, Construction, TokenBytes};
use crate::converter::PublicIdConverter;
use crate::error::{KeyError, PublicIdError};
use crate::key::AesKey;
use crate::keyset::{KeySet, binding_label};
use crate::layout::PublicBlock;
use core::any::TypeId;
use core::fmt;
use core::marker::PhantomData;
#[cfg(doc)]
use idcraft_core::scheme::IdBytes;
use idcraft_core::{Identity, Scheme};

pub use crate::public_id::PublicId;

pub use crate::token_format::{TokenFormat, format};
use format::{Authenticated, Compatible, Format};

/// Whether the tokens of scheme `S` in `format` carry an authentication tag: authenticated
/// tokens do (a 64-bit CMAC tag after the block, or for IDs longer than 16 bytes AES-SIV's
/// 128-bit synthetic IV), except those of 64-bit IDs. Their block (Architect's `u64` layout)
/// starts with 64 zero bits; a token made under another key, for another type or by a forger
/// decrypts to 64 random bits there, which are all zero with chance 2^-64, exactly a 64-bit
/// tag's. So a tag would add 11 characters and two AES blocks per round trip and no security.
/// (Blocks with fewer fixed bits, down to sno's 48 and uid96's 32, keep the tag.)
pub fn has_tag<S: Scheme>(format: TokenFormat) -> bool {
    matches!(Construction::of(format, <S as PublicBlock>::PLACEMENT), Construction::TaggedBlock | Construction::Siv)
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
    /// be bound to types, and exist only for IDs of up to 16 bytes.
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

    /// A token of an `I`, sealed by `seal` with the newest of `I`'s keys: every token is made
    /// here, so binding and rotation are the same for every construction.
    #[inline]
    pub(crate) fn make<I: Identity>(&self, seal: impl FnOnce(&KeySet) -> TokenBytes) -> PublicId<I> {
        PublicId::from_token(self.with_keys::<I, _>(|keys| seal(&keys[0])))
    }

    /// What `open` finds in a token of an `I` under the first of `I`'s keys that opens it,
    /// newest first: every token is read here.
    #[inline]
    pub(crate) fn read<I: Identity, R>(&self, open: impl FnMut(&KeySet) -> Option<R>) -> Option<R> {
        self.with_keys::<I, _>(|keys| keys.iter().find_map(open))
    }

    /// The public token of `id`.
    pub fn to_public<I>(&self, id: &I) -> PublicId<I>
    where
        I: Identity,
        I::Scheme: PublicBlock,
    {
        let value = id.to_scheme();
        self.make::<I>(|keys| construction::seal::<I::Scheme, F>(keys, &value))
    }

    /// The ID behind a token, or [`PublicIdError::Invalid`] for anything that is not a token
    /// these keys made for `I` (without saying which check failed).
    pub fn from_public<I>(&self, token: &PublicId<I>) -> Result<I, PublicIdError>
    where
        I: Identity,
        I::Scheme: PublicBlock,
    {
        self.read::<I, _>(|keys| construction::open::<I::Scheme, F>(keys, token.as_bytes()))
            .map(I::from_scheme)
            .ok_or(PublicIdError::Invalid)
    }

    /// Parses and decodes a token text in one step (the web path: token in, ID out).
    pub fn decode_str<I>(&self, text: &str) -> Result<I, PublicIdError>
    where
        I: Identity,
        I::Scheme: PublicBlock,
    {
        let tagged = match construction::Of::<I::Scheme, F>::CONSTRUCTION {
            Construction::Siv => return self.from_public(&text.parse::<PublicId<I>>()?),
            construction => construction == Construction::TaggedBlock,
        };
        // A one-block token goes from its text to AES in registers: the same checks as
        // `parse` then `from_public`, without the token array between them.
        let body = idcraft_core::glue::strip_prefix(text, I::PREFIX).map_err(|_| PublicIdError::Invalid)?;
        let (cipher, tag) = crate::text::decode_block(body, tagged).ok_or(PublicIdError::Invalid)?;
        self.read::<I, _>(|keys| construction::open_parts::<I::Scheme, F>(keys, cipher, tag))
            .map(I::from_scheme)
            .ok_or(PublicIdError::Invalid)
    }

    /// The Architect.Identities-compatible converter of the newest key (unbound, 16-byte
    /// tokens), for `u64`/`i64`/decimal/`u128`/`Uuid` values.
    pub fn compatible_converter(&self) -> PublicIdConverter {
        PublicIdConverter::new(self.masters[0].clone())
    }
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
