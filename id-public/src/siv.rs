//! AES-SIV (RFC 5297): deterministic authenticated encryption, for the tokens of values longer
//! than one AES block. Built from the two primitives the crate already has, AES and AES-CMAC, so
//! it adds no dependency; checked against RFC 5297's test vectors (appendix A).
//!
//! Sealing a plaintext `P` (after any associated data `A_1 … A_m`) under the key pair
//! `(K_mac, K_ctr)`:
//!
//! 1. **S2V** (§2.4), a PRF of all the inputs built on CMAC under `K_mac`:
//!    `D = CMAC(0^128)`, then `D = dbl(D) ⊕ CMAC(A_i)` for each associated string, then
//!    `V = CMAC(P xorend D)` when `P` has a whole block, else `V = CMAC(dbl(D) ⊕ pad(P))`.
//! 2. **CTR** (§2.5): `P` is XORed with `AES(K_ctr, Q), AES(K_ctr, Q + 1), …`, where `Q` is `V`
//!    with bits 63 and 31 cleared (so that the counter can be added in 64- or 32-bit words).
//! 3. The output is `V ‖ C`: the synthetic IV is both the counter's start and the tag.
//!
//! Opening runs CTR from the given `V`, recomputes S2V over the result and accepts it only if
//! that equals `V` (compared in constant time); a forgery's plaintext is wiped, never returned.
//!
//! # Constant time
//!
//! Every step is AES calls and XORs whose number depends only on lengths (public); `dbl` is
//! the branch-free doubling of `cmac.rs`; the comparison of `V` goes through `subtle`. The only
//! branch on secret-derived data is the final yes/no, which the caller is told anyway.

use crate::cmac::{Cmac, double};
use crate::key::AesKey;
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

/// Bytes of the synthetic IV that starts every sealed message.
pub(crate) const IV_LEN: usize = 16;

/// An AES-SIV key: S2V's CMAC key and CTR's AES key, two keys as RFC 5297 requires.
pub(crate) struct Siv {
    mac: Cmac,
    /// `CMAC(K_mac, 0^128)`, S2V's first value for every message: secret, so wiped on drop, and
    /// computed once rather than with an extra AES call per token.
    zero: Zeroizing<[u8; 16]>,
    ctr: AesKey,
}

impl Siv {
    /// The key pair `(mac, ctr)`: RFC 5297's `K1` and `K2`, the first and second halves of its
    /// double-length key.
    pub(crate) fn new(mac: AesKey, ctr: AesKey) -> Siv {
        let mac = Cmac::new(mac);
        let zero = Zeroizing::new(mac.tag_block(&[0; 16]));
        Siv { mac, zero, ctr }
    }

    /// S2V over the associated strings and then the plaintext (never zero strings: the
    /// plaintext is always the last).
    fn s2v(&self, associated: &[&[u8]], plaintext: &[u8]) -> [u8; 16] {
        let mut d = Zeroizing::new(*self.zero);
        for a in associated {
            let tag = self.mac.tag(a);
            *d = xor(double(*d), &tag);
        }
        if plaintext.len() >= 16 {
            self.mac.tag_xorend(plaintext, &d)
        } else {
            // `pad(P)`: the bytes, 0x80, then zeros; XORed onto `dbl(D)` in place.
            let mut t = Zeroizing::new(double(*d));
            t.iter_mut().zip(plaintext).for_each(|(t, p)| *t ^= p);
            t[plaintext.len()] ^= 0x80;
            self.mac.tag_block(&t)
        }
    }

    /// XORs `data` with the key stream that starts at `iv`.
    fn ctr(&self, iv: &[u8; 16], data: &mut [u8]) {
        let mut counter = u128::from_be_bytes(*iv) & !(1 << 63 | 1 << 31);
        for chunk in data.chunks_mut(16) {
            let mut stream = self.ctr.encrypt(counter.to_be_bytes());
            chunk.iter_mut().zip(stream).for_each(|(b, k)| *b ^= k);
            stream.zeroize();
            counter = counter.wrapping_add(1);
        }
    }

    /// Writes `V ‖ C` of `plaintext` into `out`, which holds exactly [`IV_LEN`] more bytes.
    pub(crate) fn seal(&self, associated: &[&[u8]], plaintext: &[u8], out: &mut [u8]) {
        assert_eq!(out.len(), IV_LEN + plaintext.len(), "the sealed length");
        let iv = self.s2v(associated, plaintext);
        let (head, body) = out.split_at_mut(IV_LEN);
        head.copy_from_slice(&iv);
        body.copy_from_slice(plaintext);
        self.ctr(&iv, body);
    }

    /// Writes the plaintext of `sealed` (`V ‖ C`) into `out`, which holds exactly [`IV_LEN`]
    /// fewer bytes, if its `V` is the S2V of that plaintext; otherwise zeroes `out` and answers
    /// `false`. Every input costs the same work for its length, valid or not.
    pub(crate) fn open(&self, associated: &[&[u8]], sealed: &[u8], out: &mut [u8]) -> bool {
        assert_eq!(sealed.len(), IV_LEN + out.len(), "the opened length");
        let (head, body) = sealed.split_at(IV_LEN);
        let iv: [u8; 16] = head.try_into().expect("16 bytes");
        out.copy_from_slice(body);
        self.ctr(&iv, out);
        let expected = Zeroizing::new(self.s2v(associated, out));
        let valid = bool::from(expected.ct_eq(&iv));
        if !valid {
            out.zeroize();
        }
        valid
    }
}

impl core::fmt::Debug for Siv {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Siv").field("mac", &self.mac).field("ctr", &self.ctr).finish()
    }
}

fn xor(a: [u8; 16], b: &[u8; 16]) -> [u8; 16] {
    (u128::from_ne_bytes(a) ^ u128::from_ne_bytes(*b)).to_ne_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(s: &str) -> Vec<u8> {
        let s: String = s.split_whitespace().collect();
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    }

    /// RFC 5297's double-length key: S2V's key first, CTR's second.
    fn siv(key: &str) -> Siv {
        let key = hex(key);
        let (mac, ctr) = key.split_at(key.len() / 2);
        Siv::new(AesKey::new(mac).unwrap(), AesKey::new(ctr).unwrap())
    }

    fn check(siv: &Siv, associated: &[&[u8]], plaintext: &[u8], expected: &[u8]) {
        let mut sealed = vec![0; IV_LEN + plaintext.len()];
        siv.seal(associated, plaintext, &mut sealed);
        assert_eq!(sealed, expected);
        let mut opened = vec![0xAA; plaintext.len()];
        assert!(siv.open(associated, &sealed, &mut opened));
        assert_eq!(opened, plaintext);
        sealed[0] ^= 1;
        assert!(!siv.open(associated, &sealed, &mut opened));
        assert!(opened.iter().all(|&b| b == 0), "a forgery's plaintext is wiped");
    }

    /// RFC 5297 A.1, deterministic authenticated encryption: one associated string and a
    /// plaintext shorter than a block (S2V's padded path).
    #[test]
    fn rfc5297_a1_deterministic() {
        let siv = siv("fffefdfc fbfaf9f8 f7f6f5f4 f3f2f1f0 f0f1f2f3 f4f5f6f7 f8f9fafb fcfdfeff");
        let ad = hex("10111213 14151617 18191a1b 1c1d1e1f 20212223 24252627");
        let plaintext = hex("11223344 55667788 99aabbcc ddee");
        assert_eq!(siv.zero.to_vec(), hex("0e04dfaf c1efbf04 01405828 59bf073a"), "CMAC(zero)");
        assert_eq!(siv.s2v(&[&ad], &plaintext).to_vec(), hex("85632d07 c6e8f37f 950acd32 0a2ecc93"));
        let expected = hex("85632d07 c6e8f37f 950acd32 0a2ecc93 40c02b96 90c4dc04 daef7f6a fe5c");
        check(&siv, &[&ad], &plaintext, &expected);
    }

    /// RFC 5297 A.2, nonce-based: three associated strings (the nonce is the last) and a
    /// plaintext of several blocks (S2V's xorend path, the one tokens take).
    #[test]
    fn rfc5297_a2_nonce_based() {
        let siv = siv("7f7e7d7c 7b7a7978 77767574 73727170 40414243 44454647 48494a4b 4c4d4e4f");
        let ad1 = hex("00112233 44556677 8899aabb ccddeeff deaddada deaddada ffeeddcc bbaa9988 77665544 33221100");
        let ad2 = hex("10203040 50607080 90a0");
        let nonce = hex("09f91102 9d74e35b d84156c5 635688c0");
        let plaintext = hex(
            "74686973 20697320 736f6d65 20706c61 696e7465 78742074 6f20656e 63727970 74207573 696e6720 5349562d 414553",
        );
        let expected = hex(
            "7bdb6e3b 432667eb 06f4d14b ff2fbd0f cb900f2f ddbe4043 26601965 c889bf17 dba77ceb 094fa663 b7a3f748 ba8af829 ea64ad54 4a272e9c 485b62a3 fd5c0d",
        );
        check(&siv, &[&ad1, &ad2, &nonce], &plaintext, &expected);
    }

    /// Without associated data, at every length tokens use and around them: sealing is
    /// deterministic, opening inverts it, and each flipped bit is refused.
    #[test]
    fn every_bit_of_the_sealed_message_is_checked() {
        let siv = siv(&"0f".repeat(64));
        // Under Miri, which interprets every AES round, a few lengths around the block edges
        // and every 29th bit; natively every length and every bit.
        let lengths: Vec<usize> = if cfg!(miri) { vec![0, 1, 15, 16, 17, 20, 32, 40] } else { (0..=40).collect() };
        for len in lengths {
            let plaintext: Vec<u8> = (0..len as u8).map(|i| i.wrapping_mul(37)).collect();
            let mut sealed = vec![0; IV_LEN + len];
            siv.seal(&[], &plaintext, &mut sealed);
            let mut again = vec![0; IV_LEN + len];
            siv.seal(&[], &plaintext, &mut again);
            assert_eq!(sealed, again, "deterministic");
            let mut opened = vec![0; len];
            assert!(siv.open(&[], &sealed, &mut opened) && opened == plaintext, "length {len}");
            for bit in (0..8 * sealed.len()).step_by(if cfg!(miri) { 29 } else { 1 }) {
                let mut forged = sealed.clone();
                forged[bit / 8] ^= 1 << (bit % 8);
                assert!(!siv.open(&[], &forged, &mut opened), "length {len}, bit {bit}");
            }
        }
    }
}
