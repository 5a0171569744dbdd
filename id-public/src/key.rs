//! AES keys: parsed from raw bytes or base64, wiped on drop, never printed.

use crate::error::KeyError;
use aes::cipher::generic_array::GenericArray;
use aes::cipher::{BlockDecrypt, BlockEncrypt, KeyInit};
use aes::{Aes128, Aes192, Aes256};
use core::fmt;
use idcraft_core::codec::base64::{self, Flavour};
use idcraft_core::random::{OsRandom, RandomSource};
use zeroize::Zeroizing;

/// An AES-128/192/256 key schedule. The `aes` crate wipes it on drop; `Debug` shows only the
/// size.
#[derive(Clone)]
pub struct AesKey(Cipher);

#[derive(Clone)]
enum Cipher {
    Aes128(Aes128),
    Aes192(Aes192),
    Aes256(Aes256),
}

// The three key sizes are three cipher types: one block operation, dispatched on the size.
macro_rules! with_cipher {
    ($key:expr, $op:ident, $block:expr) => {{
        let mut b = one_store($block);
        match &$key.0 {
            Cipher::Aes128(c) => c.$op(&mut b),
            Cipher::Aes192(c) => c.$op(&mut b),
            Cipher::Aes256(c) => c.$op(&mut b),
        }
        b.into()
    }};
}

impl AesKey {
    /// A key from 16, 24 or 32 raw bytes (AES-128, -192, -256).
    pub fn new(bytes: &[u8]) -> Result<AesKey, KeyError> {
        let cipher = match bytes.len() {
            16 => Cipher::Aes128(Aes128::new(GenericArray::from_slice(bytes))),
            24 => Cipher::Aes192(Aes192::new(GenericArray::from_slice(bytes))),
            32 => Cipher::Aes256(Aes256::new(GenericArray::from_slice(bytes))),
            n => return Err(KeyError::Length(n)),
        };
        Ok(AesKey(cipher))
    }

    /// A key from base64 text (standard alphabet, padding optional), as Architect.Identities'
    /// `Key(string)` takes it. Strict: only the canonical text of a 16-, 24- or 32-byte key is
    /// accepted (no whitespace, no over-padding, no stray bits), and errors name what is wrong.
    pub fn from_base64(text: &str) -> Result<AesKey, KeyError> {
        let body = &text[..text.find('=').unwrap_or(text.len())];
        let mut padding_started = false;
        for (position, character) in text.chars().enumerate() {
            padding_started |= character == '=';
            let in_alphabet = character.is_ascii_alphanumeric() || character == '+' || character == '/';
            if !(in_alphabet && !padding_started || character == '=') {
                return Err(KeyError::Character { character, position });
            }
        }
        // Every character is ASCII from here on, so byte and character counts agree.
        let len = body.len() * 6 / 8;
        if base64::encoded_len(len) != body.len() || !matches!(len, 16 | 24 | 32) {
            return Err(KeyError::Length(len));
        }
        let padding = text.len() - body.len();
        let expected = (4 - body.len() % 4) % 4;
        if padding != 0 && padding != expected {
            return Err(KeyError::Padding { expected, found: padding });
        }
        let mut bytes = Zeroizing::new([0u8; 32]);
        base64::decode_into(body, Flavour::Standard, &mut bytes[..len]).map_err(|_| KeyError::StrayBits)?;
        AesKey::new(&bytes[..len])
    }

    /// A new random key of `bits` (128, 192 or 256) and its base64 text, to keep in a secret
    /// store and load with [`AesKey::from_base64`]. The bytes come from the OS-seeded CSPRNG of
    /// [`OsRandom`]; the text is wiped when dropped.
    pub fn generate(bits: u32) -> Result<(AesKey, Zeroizing<String>), KeyError> {
        Self::generate_with(bits, &OsRandom)
    }

    /// [`AesKey::generate`] with the randomness of `random`.
    pub fn generate_with(bits: u32, random: &dyn RandomSource) -> Result<(AesKey, Zeroizing<String>), KeyError> {
        let len = match bits {
            128 | 192 | 256 => bits as usize / 8,
            _ => return Err(KeyError::Length(bits as usize / 8)),
        };
        let mut bytes = Zeroizing::new([0u8; 32]);
        random.fill_bytes(&mut bytes[..len]);
        let mut text = Zeroizing::new(String::with_capacity(44));
        let raw: &[u8; 32] = &bytes;
        // Encode exactly the key's bytes: a prefix of a longer encoding differs in its last
        // character.
        text.push_str(&match len {
            16 => base64::encode(<&[u8; 16]>::try_from(&raw[..16]).expect("16 bytes"), Flavour::Standard),
            24 => base64::encode(<&[u8; 24]>::try_from(&raw[..24]).expect("24 bytes"), Flavour::Standard),
            _ => base64::encode(raw, Flavour::Standard),
        });
        while !text.len().is_multiple_of(4) {
            text.push('=');
        }
        Ok((AesKey::new(&bytes[..len])?, text))
    }

    /// Key size in bits.
    pub fn bits(&self) -> u32 {
        match self.0 {
            Cipher::Aes128(_) => 128,
            Cipher::Aes192(_) => 192,
            Cipher::Aes256(_) => 256,
        }
    }

    /// Encrypts one block.
    #[inline]
    pub fn encrypt(&self, block: [u8; 16]) -> [u8; 16] {
        with_cipher!(self, encrypt_block, block)
    }

    /// Decrypts one block.
    #[inline]
    pub fn decrypt(&self, block: [u8; 16]) -> [u8; 16] {
        with_cipher!(self, decrypt_block, block)
    }
}

/// The block as the `aes` crate takes it, written with one 16-byte store. The cipher reads it
/// with one 16-byte load; had it been written in smaller pieces just before (as the layouts
/// build blocks), that load could not be served from the store buffer and would wait for the
/// pieces to reach the cache.
#[inline(always)]
fn one_store(block: [u8; 16]) -> GenericArray<u8, aes::cipher::consts::U16> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        use core::arch::x86_64::{__m128i, _mm_set_epi64x, _mm_storeu_si128};
        let low = i64::from_le_bytes(block[..8].try_into().expect("8 bytes"));
        let high = i64::from_le_bytes(block[8..].try_into().expect("8 bytes"));
        let mut out = GenericArray::<u8, aes::cipher::consts::U16>::default();
        // SAFETY: SSE2 is enabled for the whole build (the `cfg` above); `out` is 16 writable
        // bytes, and the store is unaligned.
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), _mm_set_epi64x(high, low)) };
        out
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    GenericArray::from(block)
}

impl fmt::Debug for AesKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AesKey(AES-{}, ..)", self.bits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_sizes_and_base64() {
        assert!(AesKey::new(&[0; 16]).is_ok() && AesKey::new(&[0; 24]).is_ok() && AesKey::new(&[0; 32]).is_ok());
        assert_eq!(AesKey::new(&[0; 15]).err(), Some(KeyError::Length(15)));
        assert_eq!(AesKey::new(&[0; 33]).unwrap_err().to_string(), "an AES key is 16, 24 or 32 bytes, got 33");
        let key = AesKey::from_base64("k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=").unwrap();
        assert_eq!(key.bits(), 256);
        assert_eq!(format!("{key:?}"), "AesKey(AES-256, ..)");
        assert!(AesKey::from_base64("k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc").is_ok());
        assert_eq!(AesKey::from_base64("not base64!").err(), Some(KeyError::Character { character: ' ', position: 3 }));
        assert_eq!(AesKey::from_base64("AAAA").err(), Some(KeyError::Length(3)));
        assert_eq!(
            AesKey::from_base64("k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFd=").err(),
            Some(KeyError::StrayBits)
        );
    }

    /// Keys of 48 and 64 bytes used to overflow the base64 helper's buffer and panic.
    #[test]
    fn long_key_texts_are_a_length_error_not_a_panic() {
        assert_eq!(AesKey::from_base64(&"A".repeat(64)).err(), Some(KeyError::Length(48)));
        assert_eq!(AesKey::from_base64(&format!("{}=", "A".repeat(86))).err(), Some(KeyError::Length(64)));
        // Every character is checked before the length: a shorter text under Miri.
        let long = crate::test_budget::iterations(100_000, 4_000);
        assert_eq!(AesKey::from_base64(&"A".repeat(long)).err(), Some(KeyError::Length(long * 3 / 4)));
        assert_eq!(AesKey::from_base64("").err(), Some(KeyError::Length(0)));
    }

    #[test]
    fn padding_and_stray_characters_are_named() {
        let key = "k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc";
        assert_eq!(
            AesKey::from_base64(&format!("{key}==")).err(),
            Some(KeyError::Padding { expected: 1, found: 2 }),
            "a 32-byte key takes one '='"
        );
        let e = AesKey::from_base64(&format!("{key}=\n")).unwrap_err();
        assert_eq!(e, KeyError::Character { character: '\n', position: 44 }, "the newline, not the '='");
        assert!(e.to_string().contains("'\\n' at position 44"), "{e}");
        assert_eq!(
            AesKey::from_base64("AAAAAAAAAA=AAAAAAAAAAAA").err(),
            Some(KeyError::Character { character: 'A', position: 11 })
        );
        assert_eq!(
            AesKey::from_base64("AAAAAAAAAAAAAAAAAAAAAé").err(),
            Some(KeyError::Character { character: 'é', position: 21 })
        );
        let k128 = "AAAAAAAAAAAAAAAAAAAAAA";
        assert!(AesKey::from_base64(k128).is_ok() && AesKey::from_base64(&format!("{k128}==")).is_ok());
        assert_eq!(AesKey::from_base64(&format!("{k128}=")).err(), Some(KeyError::Padding { expected: 2, found: 1 }));
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        /// Any text: a key or a typed error, never a panic; a key's canonical text is accepted.
        #[test]
        fn never_panics_and_accepts_canonical_keys(text in crate::test_budget::printable_text(80), key in proptest::collection::vec(proptest::num::u8::ANY, 32)) {
            let _ = AesKey::from_base64(&text);
            let canonical = idcraft_core::codec::base64::encode(&<[u8; 32]>::try_from(key).unwrap(), Flavour::Standard);
            let padded = format!("{canonical}=");
            proptest::prop_assert!(AesKey::from_base64(&padded).is_ok());
        }
    }

    #[test]
    fn aes_known_answers() {
        let k256 = AesKey::new(&[0; 32]).unwrap();
        let c = k256.encrypt([0; 16]);
        assert_eq!(c, *b"\xdc\x95\xc0\x78\xa2\x40\x89\x89\xad\x48\xa2\x14\x92\x84\x20\x87");
        assert_eq!(k256.decrypt(c), [0; 16]);
        let k128 = AesKey::new(&[0; 16]).unwrap();
        assert_eq!(k128.encrypt([0; 16]), *b"\x66\xe9\x4b\xd4\xef\x8a\x2c\x3b\x88\x4c\xfa\x59\xca\x34\x2b\x2e");
    }
}
