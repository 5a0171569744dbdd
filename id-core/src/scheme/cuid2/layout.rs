//! CUID2's value: its 24 characters' ASCII bytes.

use crate::error::ParseError;
use core::fmt;

/// The length of a CUID2 (the reference's default).
pub const LEN: usize = 24;

/// What [`ParseError::Character`] names for the first character, and for the others.
const FIRST: &str = "[a-z]";
const REST: &str = "[0-9a-z]";

/// A CUID2: 24 characters, a lowercase letter then 23 base36 digits (`0-9a-z`), held as their
/// ASCII bytes. It looks random throughout and holds no time a reader could recover (the time
/// is hashed); `Ord` is the text's.
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
