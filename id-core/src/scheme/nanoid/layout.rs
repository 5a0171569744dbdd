//! NanoID's value: its text's ASCII bytes, `N` of them, from alphabet `A`.

use crate::error::ParseError;
use crate::scheme::alphabet::{Alphabet, NOT_IN, Table, UrlSafe, check};
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

/// A NanoID: `N` random characters of alphabet `A` (21 of [`URL_SAFE`](crate::scheme::URL_SAFE),
/// the 64 URL-safe `A-Za-z0-9_-`, by default), held as the text's ASCII bytes (`[u8; N]`), so
/// the value is its text and no ID allocates.
///
/// Not time-ordered: random throughout, an ID holds no time and says nothing of when it was made,
/// and its order (`Ord`, a binary column's `ORDER BY`) is its text's. Derived types have no
/// `timestamp`, `min_at` or `max_at` ([`Scheme::TIMED`](crate::scheme::Scheme::TIMED) is `false`).
///
/// Each character is drawn as NanoID draws it: a random byte masked to the bits that index the
/// alphabet, kept if the index is in it and dropped if not, so every character is equally
/// likely (no modulo bias); a given stream of random bytes makes the reference's ID. 21 URL-safe
/// characters carry 126 random bits.
///
/// `#[id(scheme = "nanoid", size = 12, alphabet = "0123456789abcdef")]` picks another size (1 to
/// 32 characters) and alphabet (2 to 94 distinct printable ASCII characters other than space),
/// both checked when the derive compiles.
pub struct Nanoid<A: Alphabet = UrlSafe, const N: usize = 21> {
    pub(super) text: [u8; N],
    // `fn() -> A`: the alphabet is a compile-time fact, not a value the ID holds, so it
    // imposes no auto-trait or variance requirements on `A`.
    alphabet: PhantomData<fn() -> A>,
}

impl<A: Alphabet, const N: usize> Nanoid<A, N> {
    /// The checks [`Scheme::VALID`](crate::scheme::Scheme::VALID) runs: a length a storage
    /// array and [`IdBytes`](crate::scheme::IdBytes) hold, and a well-formed alphabet.
    pub(super) const PARAMETERS: () = {
        assert!(N >= 1 && N <= crate::scheme::IdBytes::CAPACITY, "a NanoID's size is 1 to 32 characters");
        if let Err(why) = check(A::CHARS) {
            panic!("{}", why);
        }
    };

    /// The ID whose text is `text`, or why it is none: `N` characters, each of the alphabet.
    pub fn from_text(text: &str) -> Result<Self, ParseError> {
        let bytes = ParseError::check_ascii_len(text, N, A::CHARS)?;
        let valid = |b: u8| Table::<A>::INDEX[usize::from(b)] != NOT_IN;
        if !bytes.iter().all(|&b| valid(b)) {
            return Err(ParseError::first_invalid(text, valid, A::CHARS));
        }
        let mut stored = [0u8; N];
        stored.copy_from_slice(bytes);
        Ok(Self::from_raw(stored))
    }

    /// The ID of these bytes as they are, checked or not: one built by hand from bytes outside
    /// the alphabet still displays (see [`Nanoid::as_text_bytes`]) and never panics.
    pub(super) const fn from_raw(text: [u8; N]) -> Self {
        Nanoid { text, alphabet: PhantomData }
    }

    /// The text's bytes, as stored.
    pub const fn to_bytes_array(&self) -> [u8; N] {
        self.text
    }

    /// The text's bytes, each outside the alphabet (only in storage built by hand, never by
    /// this crate) replaced by the alphabet's first character, so the text always reads back.
    pub(super) fn as_text_bytes(&self) -> [u8; N] {
        let mut text = self.text;
        let first = A::CHARS.as_bytes()[0];
        for b in &mut text {
            if Table::<A>::INDEX[*b as usize] == NOT_IN {
                *b = first;
            }
        }
        text
    }

    /// The alphabet the text is drawn from.
    pub const fn alphabet() -> &'static str {
        A::CHARS
    }

    crate::scheme::fresh_constructors!("A new NanoID", "Never: the generator needs no clock", () => ());
}

// By hand: derived impls would ask `A` for the same traits, which an alphabet needs not have.
impl<A: Alphabet, const N: usize> Clone for Nanoid<A, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A: Alphabet, const N: usize> Copy for Nanoid<A, N> {}
impl<A: Alphabet, const N: usize> PartialEq for Nanoid<A, N> {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}
impl<A: Alphabet, const N: usize> Eq for Nanoid<A, N> {}
impl<A: Alphabet, const N: usize> PartialOrd for Nanoid<A, N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
/// Byte order of the ASCII text, which is the text's order (and a binary column's).
impl<A: Alphabet, const N: usize> Ord for Nanoid<A, N> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.text.cmp(&other.text)
    }
}
impl<A: Alphabet, const N: usize> Hash for Nanoid<A, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.hash(state)
    }
}

impl<A: Alphabet, const N: usize> fmt::Display for Nanoid<A, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.as_text_bytes();
        // Every byte is one of the alphabet's, which are ASCII.
        f.write_str(core::str::from_utf8(&text).map_err(|_| fmt::Error)?)
    }
}

impl<A: Alphabet, const N: usize> core::str::FromStr for Nanoid<A, N> {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Self::from_text(text)
    }
}

impl<A: Alphabet, const N: usize> fmt::Debug for Nanoid<A, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Nanoid({self})")
    }
}
