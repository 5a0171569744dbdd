//! How a value becomes a token's bytes under one key set, and back: the three constructions,
//! and which one a scheme's tokens take in each format (see the [token module](crate::token)
//! for why).

use crate::keyset::KeySet;
use crate::layout::{Placement, Plaintext, PublicBlock};
use crate::siv::IV_LEN;
use crate::token_format::TokenFormat;
use crate::token_format::format::Format;
use core::marker::PhantomData;
use idcraft_core::codec::guid::swap_fields;
use idcraft_core::scheme::IdBytes;
use subtle::ConstantTimeEq;

/// The longest token: the synthetic IV and the longest value.
pub(crate) const MAX_TOKEN_LEN: usize = IV_LEN + IdBytes::CAPACITY;

/// A token's bytes (the first `.1` of the array).
pub(crate) type TokenBytes = ([u8; MAX_TOKEN_LEN], usize);

/// Bytes of a one-block token's CMAC tag.
const TAG_LEN: usize = 8;

/// How a token is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Construction {
    /// The encrypted block alone, 16 bytes: compatible tokens, and the authenticated tokens of
    /// 64-bit IDs, whose block's 64 zero bits check them as a 64-bit tag would.
    Block,
    /// The encrypted block and the first 64 bits of the block's CMAC, 24 bytes.
    TaggedBlock,
    /// AES-SIV of the value's bytes: the 16-byte synthetic IV, then the encrypted bytes.
    Siv,
}

impl Construction {
    /// The construction of tokens in `format` of values placed as `placement`. Values longer
    /// than a block take AES-SIV in either format: Architect.Identities' format is one block,
    /// so there is nothing to be compatible with, and an unauthenticated construction of two
    /// blocks would give up the one check the compatible format has. Deciding this here, not by
    /// refusing to compile, keeps code generic over every scheme (the CLI's, a service's)
    /// working for them.
    pub(crate) const fn of(format: TokenFormat, placement: Placement) -> Construction {
        match (format, placement) {
            (_, Placement::Long) => Construction::Siv,
            (TokenFormat::Compatible, _) | (TokenFormat::Authenticated, Placement::U64) => Construction::Block,
            (TokenFormat::Authenticated, _) => Construction::TaggedBlock,
        }
    }

    /// Bytes of the token of a value of `value_len` bytes.
    pub(crate) const fn token_len(self, value_len: usize) -> usize {
        match self {
            Construction::Block => 16,
            Construction::TaggedBlock => 16 + TAG_LEN,
            Construction::Siv => IV_LEN + value_len,
        }
    }
}

/// The construction of `S`'s tokens in format `F`, fixed at compile time.
pub(crate) struct Of<S, F>(PhantomData<fn() -> (S, F)>);

impl<S: PublicBlock, F: Format> Of<S, F> {
    pub(crate) const CONSTRUCTION: Construction = Construction::of(F::FORMAT, S::PLACEMENT);
}

/// The token of `value` under `keys`.
#[inline]
pub(crate) fn seal<S: PublicBlock, F: Format>(keys: &KeySet, value: &S) -> TokenBytes {
    let construction = Of::<S, F>::CONSTRUCTION;
    match value.to_plaintext() {
        Plaintext::Block(block) => seal_block(keys, block, construction == Construction::TaggedBlock),
        Plaintext::Long(bytes) => seal_long(keys, &bytes),
    }
}

/// The value behind `token` under `keys`, if these keys made it for an `S`. Authenticated
/// tokens are checked as values of `S` only after their tag matched.
#[inline]
pub(crate) fn open<S: PublicBlock, F: Format>(keys: &KeySet, token: &[u8]) -> Option<S> {
    let construction = Of::<S, F>::CONSTRUCTION;
    if token.len() != construction.token_len(S::BYTE_LEN) {
        return None;
    }
    match construction {
        Construction::Siv => open_long(keys, token, S::BYTE_LEN).and_then(|bytes| S::from_plaintext(&bytes)),
        c => open_block(keys, token, c == Construction::TaggedBlock).and_then(|block| S::from_plaintext(&block)),
    }
}

#[inline]
fn seal_block(keys: &KeySet, block: [u8; 16], tagged: bool) -> TokenBytes {
    let mut bytes = [0u8; MAX_TOKEN_LEN];
    // The ciphertext is kept as .NET's `new Guid(cipher)` shows it, so compatible tokens read
    // the same as Architect.Identities' base62 public IDs.
    bytes[..16].copy_from_slice(&swap_fields(keys.encrypt.encrypt(block)));
    if !tagged {
        return (bytes, 16);
    }
    bytes[16..16 + TAG_LEN].copy_from_slice(&keys.authenticate.tag_block(&block)[..TAG_LEN]);
    (bytes, 16 + TAG_LEN)
}

/// The plaintext block of `token` (of the construction's length, checked by [`open`]), if its
/// tag (where it has one) matches. A token without a tag is checked on the block afterwards.
#[inline]
fn open_block(keys: &KeySet, token: &[u8], tagged: bool) -> Option<[u8; 16]> {
    let cipher: [u8; 16] = token.get(..16)?.try_into().ok()?;
    let tag = match tagged {
        true => u64::from_be_bytes(token.get(16..)?.try_into().ok()?),
        false => 0,
    };
    open_cipher(keys, cipher, tagged.then_some(tag))
}

/// The value behind a one-block token given as its encrypted block and, for a tagged
/// construction, its tag: what [`open`] does once the token's bytes are split, for a caller
/// that read the two straight from the text ([`crate::text::decode_block`]). `None` also when
/// `S`'s tokens in `F` are not one block, or the tag is missing or extra.
#[inline]
pub(crate) fn open_parts<S: PublicBlock, F: Format>(keys: &KeySet, cipher: [u8; 16], tag: Option<u64>) -> Option<S> {
    let tagged = match Of::<S, F>::CONSTRUCTION {
        Construction::Block => false,
        Construction::TaggedBlock => true,
        Construction::Siv => return None,
    };
    if tag.is_some() != tagged {
        return None;
    }
    open_cipher(keys, cipher, tag).and_then(|block| S::from_plaintext(&block))
}

/// The plaintext of the encrypted block `cipher`, if `tag` (when there is one) is its tag.
#[inline]
fn open_cipher(keys: &KeySet, cipher: [u8; 16], tag: Option<u64>) -> Option<[u8; 16]> {
    let block = keys.encrypt.decrypt(swap_fields(cipher));
    let Some(given) = tag else {
        return Some(block);
    };
    let expected = u64::from_be_bytes(keys.authenticate.tag_block(&block)[..TAG_LEN].try_into().ok()?);
    bool::from(expected.ct_eq(&given)).then_some(block)
}

/// The token of a value longer than a block, from its bytes alone: what every such scheme's
/// tokens are, whatever the scheme (the tests call it with every length there can be).
fn seal_long(keys: &KeySet, value: &[u8]) -> TokenBytes {
    let mut bytes = [0u8; MAX_TOKEN_LEN];
    let len = IV_LEN + value.len();
    keys.siv.seal(&[], value, &mut bytes[..len]);
    (bytes, len)
}

/// The `value_len` bytes behind a token made by [`seal_long`] with these keys, if it was.
fn open_long(keys: &KeySet, token: &[u8], value_len: usize) -> Option<IdBytes> {
    if value_len > IdBytes::CAPACITY || token.len() != IV_LEN + value_len {
        return None;
    }
    let mut value = [0u8; IdBytes::CAPACITY];
    keys.siv.open(&[], token, &mut value[..value_len]).then(|| IdBytes::try_new(&value[..value_len]))?
}

#[cfg(test)]
mod tests;
