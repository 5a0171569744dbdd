//! [`Alphabet`]: the characters of a scheme whose text is its storage (NanoID's), as a type, so
//! that `#[id(alphabet = "...")]` can name one and the compiler checks it once. Private:
//! `Alphabet`, [`UrlSafe`] and [`URL_SAFE`] are public in `scheme`.

/// NanoID's default: the 64 URL-safe characters `A-Za-z0-9_-`, in its order.
pub const URL_SAFE: &str = "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict";

/// The characters a text scheme draws from, each once; a random index picks one, so their
/// order is part of what an injected random source makes. Written by `#[derive(Identity)]` for
/// `#[id(alphabet = "...")]`; [`URL_SAFE`] when not overridden.
///
/// The characters of a scheme whose text is its storage (NanoID's, `Nanoid<A, N>`), as a type,
/// so that `#[id(alphabet = "...")]` can name one and the compiler checks it once.
pub trait Alphabet: Copy + Send + Sync + 'static {
    /// The characters: 2 to 94 distinct printable ASCII characters other than space
    /// (`#[derive(Identity)]` says at the attribute what is wrong with others).
    const CHARS: &'static str = URL_SAFE;
}

/// The default alphabet, [`URL_SAFE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UrlSafe;

impl Alphabet for UrlSafe {}

/// Why `chars` cannot be an alphabet, or `Ok`: at least 2 characters (one carries no
/// randomness), each printable ASCII other than space (so a text survives URLs, logs and
/// configs), none twice (a repeated one would be drawn more often).
// Run in a const by the scheme of a user's alphabet (NanoID's `Scheme::VALID`), so a hand-written
// `Alphabet` impl is checked too; the derive checks `#[id(alphabet = "...")]` at its literal.
#[cfg(feature = "_alphabet-index")]
pub(crate) const fn check(chars: &str) -> Result<(), &'static str> {
    let bytes = chars.as_bytes();
    if bytes.len() < 2 {
        return Err("an alphabet needs at least 2 characters");
    }
    let mut seen = [false; 128];
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !b.is_ascii_graphic() {
            return Err("an alphabet takes printable ASCII characters other than space");
        }
        if seen[b as usize] {
            return Err("an alphabet takes each character once");
        }
        seen[b as usize] = true;
        i += 1;
    }
    Ok(())
}

/// Each byte's index in `chars`, [`NOT_IN`] for bytes outside it: one load per character when
/// reading a text.
#[cfg(feature = "_alphabet-index")]
pub(crate) const fn index_table(chars: &str) -> [u8; 256] {
    let mut table = [NOT_IN; 256];
    let bytes = chars.as_bytes();
    let mut i = 0;
    while i < bytes.len() && i < NOT_IN as usize {
        table[bytes[i] as usize] = i as u8;
        i += 1;
    }
    table
}

/// [`index_table`]'s mark for a byte outside the alphabet (alphabets have at most 94
/// characters, so no index reaches it).
#[cfg(feature = "_alphabet-index")]
pub(crate) const NOT_IN: u8 = u8::MAX;

/// The index table of alphabet `A`, computed once at compile time.
#[cfg(feature = "_alphabet-index")]
pub(crate) struct Table<A>(core::marker::PhantomData<A>);

#[cfg(feature = "_alphabet-index")]
impl<A: Alphabet> Table<A> {
    /// See [`index_table`].
    pub(crate) const INDEX: [u8; 256] = index_table(A::CHARS);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn the_default_is_the_sixty_four_url_safe_characters() {
        assert_eq!(check(URL_SAFE), Ok(()));
        assert_eq!(URL_SAFE.len(), 64);
        let mut sorted: Vec<u8> = URL_SAFE.bytes().collect();
        sorted.sort_unstable();
        let mut expected: Vec<u8> = (b'A'..=b'Z').chain(b'a'..=b'z').chain(b'0'..=b'9').chain(*b"_-").collect();
        expected.sort_unstable();
        assert_eq!(sorted, expected);
    }

    #[test]
    fn bad_alphabets_say_why() {
        assert!(check("a").unwrap_err().contains("at least 2"));
        assert!(check("").unwrap_err().contains("at least 2"));
        assert!(check("ab c").unwrap_err().contains("printable"));
        assert!(check("abé").unwrap_err().contains("printable"));
        assert!(check("abca").unwrap_err().contains("once"));
        assert_eq!(check("01"), Ok(()));
        let all: String = (b'!'..=b'~').map(char::from).collect();
        assert_eq!((all.len(), check(&all)), (94, Ok(())));
    }

    #[test]
    fn the_table_inverts_the_alphabet() {
        let table = index_table("xyz");
        assert_eq!((table[b'x' as usize], table[b'y' as usize], table[b'z' as usize]), (0, 1, 2));
        assert_eq!(table.iter().filter(|&&i| i != NOT_IN).count(), 3);
    }
}
