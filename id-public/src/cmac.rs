//! AES-CMAC (RFC 4493) and a counter-mode key derivation on top of it (NIST SP 800-108), so
//! that authenticated and type-bound tokens need nothing but the AES key the user gave. It is
//! also S2V's PRF in the AES-SIV tokens of IDs longer than a block (`siv.rs`).
//!
//! Hand-written rather than RustCrypto's `cmac` 0.7 (which fits aes 0.8): each tag there starts
//! from a clone of the keyed state, and the typed-token round trip measured 375 ns with it
//! against 147 ns here (BENCHMARKS.md). Checked against RFC 4493's subkeys and tags.
//!
//! # Constant-time review
//!
//! What an attacker controls is a token: 16 ciphertext bytes and an 8-byte tag (or, for IDs
//! longer than a block, a 16-byte synthetic IV and the ciphertext; `siv.rs` reviews the steps
//! AES-SIV adds, on top of the ones below). What must not
//! show in the time a check takes is anything about the key, the subkeys, the plaintext behind
//! a token or how close a forged tag came. Step by step:
//!
//! * **The block cipher.** Every AES call goes through the `aes` 0.8 crate: AES-NI on x86 and
//!   x86-64 where the CPU has it (detected at run time), the ARMv8 AES instructions on aarch64
//!   when built with `--cfg aes_armv8`, otherwise its fixsliced software implementation.
//!   None of these uses table lookups indexed by secret data or branches on it, so each call
//!   takes the same time whatever the key and the block.
//! * **Subkey derivation and doubling** (`Cmac::new`, `double`). `L = E_K(0)` is one AES
//!   call. `double` shifts the 128-bit value and applies the reduction constant `0x87` through
//!   a mask made from the top bit (`0 - (v >> 127)`), not through a branch on it, so K1 and K2
//!   cost the same whatever their bits. This happens once per key, when a `PublicIds` is built
//!   or a type's bound keys are first derived, never per token.
//! * **Padding and the choice of subkey** (`Cmac::tag`, `Cmac::tag_xorend`). The loop runs
//!   once per 16-byte block and branches only on lengths and positions: the number of blocks,
//!   whether the last one is complete (K1) or padded with `0x80` and zeros (K2), and which
//!   bytes lie in the last 16 that `tag_xorend` masks. Lengths are public (a one-block token's
//!   plaintext is always one 16-byte block, a longer ID's is its scheme's fixed length; a
//!   key-derivation label is a type's path), so these branches reveal nothing secret. The XORs with the subkey and into the chaining state are
//!   straight-line byte operations.
//! * **Tag comparison** (`open_block` in `construction.rs`; `Siv::open` compares all 16 bytes
//!   of the IV the same way). The expected and the given 64-bit tags are compared with `subtle`'s `ConstantTimeEq`, which does not stop at the first
//!   differing bit, so the time does not tell how many leading bits of a forgery were right.
//!   Only the final yes/no is branched on, and that is the answer the caller gets anyway.
//! * **The decryption path on invalid input.** An authenticated token is always decrypted and
//!   its full tag always computed before the comparison, whatever the bytes; the plaintext is
//!   checked as an ID of the type (`PublicBlock::from_plaintext`) only after the tag matched, so
//!   nothing about the plaintext of a forged token is examined. Compatible (16-byte,
//!   unauthenticated) tokens are checked on the plaintext itself: the zero padding of the
//!   `u64`, decimal, sno and uid96 layouts is one word compared through `subtle`
//!   (`layout::zero_prefix`); the remaining checks (a decimal's `v <= 10^28 - 1`, a scheme's
//!   own validity rules) are ordinary comparisons, and what their timing could show is a
//!   property of the decryption of a block the attacker chose, which is useless without the
//!   key.
//! * **Key handling and zeroize.** The AES key schedules are wiped on drop (the `aes` crate's
//!   `zeroize` feature, through `AesKey`), K1 and K2 live in `Zeroizing` buffers, and
//!   `derive_key` builds its input and output in `Zeroizing` buffers. Copies the compiler makes
//!   on the stack are not wiped: `L` and the by-value copy of K1 passed to `double`, the last
//!   block after its XOR with a subkey, the chaining state, and each 16-byte PRF output in
//!   `derive_key` before it is copied out. Rust gives no way to reach every such copy; they
//!   are overwritten by later calls, and reading them takes access to the process's memory,
//!   which the key itself does not survive either.
//!
//! Not constant time, by design, because it depends only on public values:
//!
//! * the length of the input: the token text's length and form are checked (and rejected)
//!   before any key is used, and a CMAC over `n` blocks costs `n` AES calls;
//! * base62 decoding of the token text, whose branches depend on the characters the attacker
//!   sent, nothing else;
//! * which key of a rotation accepted the token: `PublicIds::from_public` tries the keys newest
//!   first and stops at the first whose tag matches, so a valid token made with an older key
//!   takes one more decryption and CMAC per newer key, and an invalid token takes one per key.
//!   This tells the holder of a valid token roughly how old its key is, nothing about the keys;
//! * the first use of a type with `bound_to_types`: its keys are derived then (one CMAC-based
//!   derivation per listed key, under a write lock) and looked up afterwards, so the first
//!   token of each type in a process costs more than the following ones.

use crate::key::AesKey;
use zeroize::Zeroizing;

/// Doubling in GF(2^128) (RFC 4493's subkey step, and RFC 5297's `dbl` in S2V), branch-free:
/// the subkeys and S2V's chaining value are secret, so the reduction is applied through a mask
/// made from the top bit, not a condition on it.
pub(crate) fn double(block: [u8; 16]) -> [u8; 16] {
    let v = u128::from_be_bytes(block);
    let reduce = 0u128.wrapping_sub(v >> 127) & 0x87;
    ((v << 1) ^ reduce).to_be_bytes()
}

/// An AES-CMAC key: the cipher and its two subkeys, derived once rather than with an extra AES
/// call per tag. The subkeys are secret (they come from `E_K(0)`) and wiped on drop.
pub struct Cmac {
    key: AesKey,
    k1: Zeroizing<[u8; 16]>,
    k2: Zeroizing<[u8; 16]>,
}

impl Cmac {
    /// The CMAC key of `key`.
    pub fn new(key: AesKey) -> Cmac {
        let k1 = Zeroizing::new(double(key.encrypt([0; 16])));
        let k2 = Zeroizing::new(double(*k1));
        Cmac { key, k1, k2 }
    }

    /// The tag of a one-block message, a token's plaintext: `E_K(M ⊕ K1)`, the general
    /// [`Cmac::tag`] without its loop and padding branches, on the path of every token.
    #[inline]
    pub fn tag_block(&self, message: &[u8; 16]) -> [u8; 16] {
        let masked = u128::from_ne_bytes(*message) ^ u128::from_ne_bytes(*self.k1);
        self.key.encrypt(masked.to_ne_bytes())
    }

    /// The tag of `message`.
    pub fn tag(&self, message: &[u8]) -> [u8; 16] {
        self.tag_with_end(message, None)
    }

    /// The tag of `message` with `end` XORed onto its last 16 bytes: RFC 5297's
    /// `CMAC(S_n xorend D)` in S2V, without copying the message (a value to be sealed) into a
    /// buffer of its own. `message` holds at least one block; S2V pads shorter ones instead.
    pub fn tag_xorend(&self, message: &[u8], end: &[u8; 16]) -> [u8; 16] {
        debug_assert!(message.len() >= 16, "xorend needs a whole block");
        self.tag_with_end(message, Some(end))
    }

    fn tag_with_end(&self, message: &[u8], end: Option<&[u8; 16]>) -> [u8; 16] {
        let blocks = message.len().div_ceil(16).max(1);
        // Where `end` starts in the message: its last 16 bytes.
        let end_at = message.len().saturating_sub(16);
        let mut state = [0u8; 16];
        for (i, chunk) in message.chunks(16).chain((message.is_empty()).then_some(&[][..])).enumerate() {
            let mut block = [0u8; 16];
            block[..chunk.len()].copy_from_slice(chunk);
            if let Some(end) = end {
                // Positions only, which are public: the bytes of this block that lie in the
                // message's last 16.
                for (j, b) in block[..chunk.len()].iter_mut().enumerate() {
                    if let Some(e) = (16 * i + j).checked_sub(end_at) {
                        *b ^= end[e];
                    }
                }
            }
            if i + 1 == blocks {
                let subkey = if chunk.len() == 16 {
                    &self.k1
                } else {
                    block[chunk.len()] = 0x80;
                    &self.k2
                };
                block.iter_mut().zip(subkey.iter()).for_each(|(b, k)| *b ^= k);
            }
            state.iter_mut().zip(block).for_each(|(s, b)| *s ^= b);
            state = self.key.encrypt(state);
        }
        state
    }
}

impl core::fmt::Debug for Cmac {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Cmac").field(&self.key).finish()
    }
}

/// A 256-bit key derived from `master` for `label` (KDF in counter mode with CMAC as PRF).
pub fn derive_key(master: &AesKey, label: &[u8]) -> AesKey {
    let prf = Cmac::new(master.clone());
    let mut okm = Zeroizing::new([0u8; 32]);
    for (i, out) in okm.chunks_mut(16).enumerate() {
        let mut input = Zeroizing::new(Vec::with_capacity(label.len() + 6));
        input.push(i as u8 + 1);
        input.extend_from_slice(label);
        input.push(0);
        input.extend_from_slice(&256u32.to_be_bytes());
        out.copy_from_slice(&prf.tag(&input));
    }
    AesKey::new(&okm[..]).expect("32 bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    }

    /// RFC 4493 §4 test vectors.
    #[test]
    fn rfc4493_vectors() {
        let key = AesKey::new(&hex("2b7e151628aed2a6abf7158809cf4f3c")).unwrap();
        let msg = hex(
            "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
        );
        let cmac = Cmac::new(key);
        for (len, tag) in [
            (0, "bb1d6929e95937287fa37d129b756746"),
            (16, "070a16b46b4d4144f79bdd9dd04a287c"),
            (40, "dfa66747de9ae63030ca32611497c827"),
            (64, "51f0bebf7e3b9d92fc49741779363cfe"),
        ] {
            assert_eq!(cmac.tag(&msg[..len]).to_vec(), hex(tag), "length {len}");
        }
        let block: [u8; 16] = msg[..16].try_into().unwrap();
        assert_eq!(cmac.tag_block(&block).to_vec(), hex("070a16b46b4d4144f79bdd9dd04a287c"));
    }

    /// RFC 4493 §4's subkeys, and the doubling on both sides of the top bit.
    #[test]
    fn rfc4493_subkeys() {
        let key = AesKey::new(&hex("2b7e151628aed2a6abf7158809cf4f3c")).unwrap();
        let l = key.encrypt([0; 16]);
        assert_eq!(l.to_vec(), hex("7df76b0c1ab899b33e42f047b91b546f"));
        let cmac = Cmac::new(key);
        assert_eq!(cmac.k1.to_vec(), hex("fbeed618357133667c85e08f7236a8de"));
        assert_eq!(cmac.k2.to_vec(), hex("f7ddac306ae266ccf90bc11ee46d513b"));
        assert_eq!(double([0x80; 16])[15], 0x87, "top bit set: shifted and reduced");
        assert_eq!(double([0x40; 16]), [0x80; 16], "top bit clear: shifted only");
    }

    /// `tag_xorend` is the tag of the message with the mask XORed onto its last 16 bytes,
    /// whether they lie in one block or across two.
    #[test]
    fn xorend_is_the_tag_of_the_masked_message() {
        let cmac = Cmac::new(AesKey::new(&[3; 16]).unwrap());
        let end: [u8; 16] = core::array::from_fn(|i| (i as u8).wrapping_mul(17) ^ 0x5C);
        for len in 16..=50 {
            let message: Vec<u8> = (0..len).map(|i| (i * 7) as u8).collect();
            let mut masked = message.clone();
            masked[len - 16..].iter_mut().zip(end).for_each(|(m, e)| *m ^= e);
            assert_eq!(cmac.tag_xorend(&message, &end), cmac.tag(&masked), "length {len}");
        }
    }

    #[test]
    fn derived_keys_differ_by_label() {
        let master = AesKey::new(&[7; 32]).unwrap();
        let a = derive_key(&master, b"a");
        let b = derive_key(&master, b"b");
        assert_ne!(a.encrypt([0; 16]), b.encrypt([0; 16]));
        assert_eq!(a.encrypt([0; 16]), derive_key(&master, b"a").encrypt([0; 16]));
    }
}
