//! CUID2's hash: SHA3-512 of the input's bytes, as a base36 number (digits `0-9a-z`, no
//! leading zeros), the form the reference takes its characters from.

use sha3::{Digest, Sha3_512};

/// The most base36 digits of a 512-bit number: 36^99 < 2^512 < 36^100.
pub(super) const MAX_DIGITS: usize = 100;

/// The base36 digits of a number, most significant first, without leading zeros.
pub(super) struct Base36 {
    digits: [u8; MAX_DIGITS],
    start: usize,
}

impl Base36 {
    /// The digits.
    pub(super) fn as_bytes(&self) -> &[u8] {
        &self.digits[self.start..]
    }
}

/// 36^6, the largest power of 36 below 2^32: one long division by it yields six digits.
const CHUNK: u64 = 36u64.pow(6);

/// The base36 digits of the big-endian number `bytes` (at most 64 bytes).
pub(super) fn base36(bytes: &[u8; 64]) -> Base36 {
    let mut limbs = [0u32; 16];
    for (limb, word) in limbs.iter_mut().zip(bytes.chunks_exact(4)) {
        *limb = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
    }
    let mut out = Base36 { digits: [b'0'; MAX_DIGITS], start: MAX_DIGITS };
    let mut end = MAX_DIGITS;
    // Long division by 36^6 until the number is zero, writing six digits a round from the
    // right; 17 rounds cover 102 digits, more than any 512-bit number has. Limbs that have
    // become zero at the top are skipped: the rounds get shorter as the number shrinks.
    let mut top = 0;
    loop {
        while top < limbs.len() && limbs[top] == 0 {
            top += 1;
        }
        if top == limbs.len() {
            break;
        }
        let mut rem = 0u64;
        for limb in &mut limbs[top..] {
            let cur = rem << 32 | u64::from(*limb);
            *limb = (cur / CHUNK) as u32;
            rem = cur % CHUNK;
        }
        for _ in 0..6 {
            if end == 0 {
                break;
            }
            end -= 1;
            out.digits[end] = DIGITS[(rem % 36) as usize];
            rem /= 36;
        }
    }
    let first = out.digits[end..].iter().position(|&d| d != b'0').map_or(MAX_DIGITS, |i| end + i);
    // Zero is written "0", as the reference's base36 writes it.
    out.start = first.min(MAX_DIGITS - 1);
    out
}

/// The base36 digits.
pub(super) const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// The reference's `hash`: SHA3-512 of `parts` (one after the other) in base36, its first
/// digit dropped (the most significant digit of a number is biased towards small ones).
pub(super) fn hash(parts: &[&[u8]]) -> Base36 {
    let mut sha = Sha3_512::new();
    for part in parts {
        sha.update(part);
    }
    let mut number = base36(&sha.finalize().into());
    number.start += 1;
    number
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base36_of_small_and_large_numbers() {
        let mut n = [0u8; 64];
        assert_eq!(base36(&n).as_bytes(), b"0");
        n[63] = 35;
        assert_eq!(base36(&n).as_bytes(), b"z");
        n[63] = 36;
        assert_eq!(base36(&n).as_bytes(), b"10");
        // 36^6 exactly: one chunk's carry.
        n[60..].copy_from_slice(&(CHUNK as u32).to_be_bytes());
        assert_eq!(base36(&n).as_bytes(), b"1000000");
        // 2^512 - 1, as Python's `int` writes it in base 36.
        let max = base36(&[0xFF; 64]);
        assert_eq!(max.as_bytes().len(), 100);
        assert_eq!(
            max.as_bytes(),
            b"14plki42mdv1mt36i2rnak3ginnt5vcx207hpuf9x0vj6i1i7h29nu12wls3ulfv1yyabi94ua3wauamsxz4snwv27fya36hqdj3"
        );
    }
}
