//! Text and byte codecs, usable on their own. Stack buffers only: no allocation anywhere.
//!
//! | module | form |
//! |---|---|
//! | [`hex`] | lowercase/uppercase hex, hyphenated UUID text |
//! | [`guid`] | RFC vs .NET mixed-endian GUID bytes, SQL Server `uniqueidentifier` order |
//! | [`base62`] | Architect.Identities' block-wise, order-preserving "alphanumeric" |
//! | [`decimal`] | 28-digit decimal IDs: range checks and the 16-byte binary form |
//! | [`sno32`] | sno's order-preserving base32 |
//! | [`base64`] | uid's ordered base64 and base64url without padding |
//! | [`crockford`] | Crockford's base32 of 128 bits: ULID text, TypeID suffixes |
//! | [`typeid`] | TypeID v0.3: a checked prefix, `_` and the lowercase base32 suffix |
//! | [`base32hex`] | lowercase base32hex of 12 bytes (xid's text), order-preserving |
//!
//! One shape throughout: text encoders are `encode…` and return an [`IdText`] (a stack buffer
//! that derefs to `&str`); decoders are `decode…` and return `Result<_, ParseError>`, with the
//! position and the expected alphabet of a bad character. [`decimal`] converts one value
//! between its forms, so its functions are named by the form (`to_base62`/`from_base62`,
//! `to_hex`/`from_hex`, `to_digits`/`from_digits`, …) and follow the same return types.
//!
//! # Reading a text `memcpy` has just written
//!
//! The text a decoder reads most often is the one `to_string()` copied a moment ago, and
//! `memcpy` (glibc's, like most) copies 17 to 31 bytes as two overlapping stores: the first
//! sixteen bytes and the last sixteen. A load that reaches from the first of them into the
//! second cannot take its data from either store, so it waits until both reach the cache, on
//! the critical path of a round trip. The decoders of texts in that range (28-digit decimal, 26-character Crockford
//! and its TypeID, 22-character base62) therefore read the last sixteen bytes in one load and
//! the bytes before them in loads that end where the last sixteen start. They take the text as
//! a slice, not a fixed-size array, so the compiler cannot widen those loads again.

pub mod base32hex;
pub mod base62;
pub mod base64;
pub mod crockford;
pub mod decimal;
pub mod guid;
pub mod hex;
pub mod sno32;
pub mod typeid;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2;

use core::fmt;

/// The text of one ID in a stack buffer (at most 48 ASCII bytes). Derefs to `&str`.
#[derive(Clone, Copy)]
pub struct IdText {
    buf: [u8; IdText::CAPACITY],
    /// The text is `buf[start..start + len]`: codecs that write right to left end it at a fixed
    /// place instead of moving it to the front.
    start: u8,
    len: u8,
}

impl IdText {
    /// The longest text any codec produces.
    pub const CAPACITY: usize = 48;

    /// Wraps codec output. Panics if `ascii` is not ASCII or too long: codecs only ever pass
    /// their own alphabet, so that would be a bug in the codec, not bad input. Outside this
    /// crate, use [`IdText::try_from_ascii`].
    #[inline]
    pub(crate) fn from_ascii(ascii: &[u8]) -> IdText {
        let mut text = IdText { buf: [0u8; Self::CAPACITY], start: 0, len: 0 };
        text.buf[..ascii.len()].copy_from_slice(ascii);
        text.set_len(ascii.len());
        text
    }

    /// Copies an ASCII text of at most [`IdText::CAPACITY`] bytes, or `None`.
    pub fn try_from_str(text: &str) -> Option<IdText> {
        IdText::try_from_ascii(text.as_bytes())
    }

    /// Copies at most [`IdText::CAPACITY`] ASCII bytes, or `None`.
    #[inline]
    pub fn try_from_ascii(ascii: &[u8]) -> Option<IdText> {
        (ascii.len() <= Self::CAPACITY && ascii.is_ascii()).then(|| IdText::from_ascii(ascii))
    }

    /// Lets a codec write straight into the buffer; `write` returns the length it wrote.
    #[inline]
    pub(crate) fn build(write: impl FnOnce(&mut [u8; Self::CAPACITY]) -> usize) -> IdText {
        let mut text = IdText { buf: [0u8; Self::CAPACITY], start: 0, len: 0 };
        let len = write(&mut text.buf);
        text.set_len(len);
        text
    }

    /// Lets a codec write 8-byte words straight into the buffer; `write` returns where the text
    /// starts and ends (`start..end`). Every word is masked to ASCII as it is stored (one `and`
    /// in a register), so unlike [`IdText::build`] nothing is read back: loading bytes just
    /// written by stores of another width or alignment stalls until the stores retire.
    #[inline(always)]
    pub(crate) fn build_words(write: impl FnOnce(&mut AsciiWords<'_>) -> core::ops::Range<usize>) -> IdText {
        let mut text = IdText { buf: [0u8; Self::CAPACITY], start: 0, len: 0 };
        // Written in place: a buffer moved into the `IdText` afterwards is one more read-back.
        let core::ops::Range { start, end } = write(&mut AsciiWords::new(&mut text.buf));
        assert!(start <= end && end <= Self::CAPACITY, "codec produced invalid text");
        text.start = start as u8;
        text.len = (end - start) as u8;
        text
    }

    #[inline]
    fn set_len(&mut self, len: usize) {
        assert!(len <= Self::CAPACITY && self.buf[..len].is_ascii(), "codec produced invalid text");
        self.len = len as u8;
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        // SAFETY: the first `len` bytes are ASCII, hence UTF-8: `set_len` checked them for
        // `build` and `from_ascii`; for `build_words` the buffer starts zeroed and
        // `AsciiWords::put` and `put32`, its only writers, clear every byte's top bit.
        unsafe { core::str::from_utf8_unchecked(&self.buf[self.start as usize..][..self.len as usize]) }
    }
}

/// The buffer of [`IdText::build_words`], and of the text `Display` writes in its own frame
/// (see [`Scheme::encode_words`](crate::scheme::Scheme::encode_words)): it only takes ASCII, so
/// it needs no check afterwards. Only this crate makes one.
#[doc(hidden)]
pub struct AsciiWords<'a> {
    buf: &'a mut [u8; IdText::CAPACITY],
}

impl<'a> AsciiWords<'a> {
    /// Zeroes `buf` (ASCII from the start) and writes into it.
    #[inline(always)]
    pub(crate) fn new(buf: &'a mut [u8; IdText::CAPACITY]) -> AsciiWords<'a> {
        *buf = [0; IdText::CAPACITY];
        AsciiWords { buf }
    }
    /// Stores the eight bytes of `word` (the lowest first) at `at`, each with its top bit cleared.
    #[inline(always)]
    pub(crate) fn put(&mut self, at: usize, word: u64) {
        const ASCII: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        self.buf[at..at + 8].copy_from_slice(&(word & ASCII).to_le_bytes());
    }

    /// Stores `bytes` at `at`, each with its top bit cleared.
    #[inline(always)]
    pub(crate) fn put32(&mut self, at: usize, bytes: [u8; 32]) {
        const ASCII: u128 = 0x7F7F_7F7F_7F7F_7F7F_7F7F_7F7F_7F7F_7F7F;
        let (first, second) = bytes.split_at(16);
        for (half, bytes) in [(at, first), (at + 16, second)] {
            let word = u128::from_le_bytes(bytes.try_into().expect("16 bytes")) & ASCII;
            self.buf[half..half + 16].copy_from_slice(&word.to_le_bytes());
        }
    }
}

impl core::ops::Deref for IdText {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for IdText {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for IdText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for IdText {
    fn eq(&self, other: &IdText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for IdText {}

/// By the text (for the order-preserving codecs, the order of the values they encode).
impl PartialOrd for IdText {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for IdText {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl core::hash::Hash for IdText {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl PartialEq<&str> for IdText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Builds a 256-entry reverse lookup table: the digit value of each byte, `0xFF` if invalid.
pub(crate) const fn reverse_table(alphabet: &[u8]) -> [u8; 256] {
    let mut table = [0xFFu8; 256];
    let mut i = 0;
    while i < alphabet.len() {
        table[alphabet[i] as usize] = i as u8;
        i += 1;
    }
    table
}
