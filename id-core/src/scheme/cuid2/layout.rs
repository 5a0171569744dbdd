//! CUID2's value: its 24 characters' ASCII bytes.

use crate::error::ParseError;
use core::fmt;

/// The length of a CUID2 (the reference's default).
pub const LEN: usize = 24;

/// What [`ParseError::Character`] names for the first character, and for the others.
const FIRST: &str = "[a-z]";
const REST: &str = "[0-9a-z]";

/// A CUID2 (paralleldrive/cuid2): 24 characters, a random lowercase letter then 23 base36 digits
/// (`0-9a-z`) of a SHA3-512 hash over the time, a random salt, a per-generator counter and a
/// fingerprint of the host, held as the text's ASCII bytes (`[u8; 24]`).
///
/// Not time-ordered: it looks random throughout and holds no time a reader could recover (the time
/// goes into the hash), so an ID neither shows it nor sorts by it; `Ord` is the text's. Derived
/// types have no `timestamp`, `min_at` or `max_at` ([`Scheme::TIMED`](crate::scheme::Scheme::TIMED)
/// is `false`).
///
/// As the reference does: the time is the millisecond in base36, the salt 24 random base36
/// characters, the counter starts at a random value below 476782367 and counts up, and the
/// fingerprint is the first 32 characters of the hash of the host's data and 32 random
/// characters. The hash in base36 loses its first digit (biased towards small ones), and the ID
/// takes the next 23. Random draws are uniform (rejection, no modulo bias). After a `fork()` a
/// child shares its parent's counter and fingerprint; its salt is fresh (the random source
/// reseeds there), which is what keeps the IDs apart, as in the reference.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cuid2(pub(super) [u8; LEN]);

impl Cuid2 {
    /// The CUID2 whose text is `text`, or why it is none: 24 characters, the first `a-z`, the
    /// others `0-9a-z` (what the reference's `isCuid` accepts, at the default length).
    pub fn from_text(text: &str) -> Result<Cuid2, ParseError> {
        let bytes = ParseError::check_ascii_len(text, LEN, REST)?;
        // The first character is a letter, the others letters or digits.
        if let Some(first) = text.chars().next().filter(|c| !c.is_ascii_lowercase()) {
            return Err(ParseError::Character { character: first, position: 0, alphabet: FIRST });
        }
        let valid = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
        if !bytes.iter().all(|&b| valid(b)) {
            return Err(ParseError::first_invalid(text, valid, REST));
        }
        let mut stored = [0u8; LEN];
        stored.copy_from_slice(bytes);
        Ok(Cuid2(stored))
    }

    /// The text's 24 bytes, as stored.
    pub const fn to_bytes_array(&self) -> [u8; LEN] {
        self.0
    }

    /// The text's bytes, each not allowed where it stands (only in storage built by hand, never
    /// by this crate) replaced by `a`, so the text always reads back.
    pub(super) fn as_text_bytes(&self) -> [u8; LEN] {
        let mut text = self.0;
        for (i, b) in text.iter_mut().enumerate() {
            let ok = b.is_ascii_lowercase() || (i > 0 && b.is_ascii_digit());
            if !ok {
                *b = b'a';
            }
        }
        text
    }

    crate::scheme::fresh_constructors!("A new CUID2", "Never under the system clock", () => ());
}

impl fmt::Display for Cuid2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.as_text_bytes();
        // Every byte is a lowercase letter or a digit.
        f.write_str(core::str::from_utf8(&text).map_err(|_| fmt::Error)?)
    }
}

impl core::str::FromStr for Cuid2 {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Cuid2, ParseError> {
        Cuid2::from_text(text)
    }
}

impl fmt::Debug for Cuid2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cuid2({self})")
    }
}
