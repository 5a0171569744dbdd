//! The text forms an ID can take: a primitive every layer names (codecs choose by it, errors
//! report it, schemes declare theirs). Private: [`Encoding`] is public at the crate root.

/// The text forms an ID can take: a primitive every part names (codecs choose by it, errors
/// report it, schemes declare theirs). Not every scheme has every form
/// ([`Scheme::encode`](crate::scheme::Scheme::encode) says).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// The scheme's canonical form (see the table in the [scheme module docs](crate::scheme)).
    Canonical,
    /// Hyphenated UUID text (16-byte schemes).
    Uuid,
    /// Uppercase hex, fixed width; decoding ignores case.
    Hex,
    /// Architect.Identities' block-wise base62 (8- and 16-byte values, 28-digit decimals).
    Base62,
    /// Decimal digits (integer-valued schemes).
    Decimal,
    /// sno's base32.
    Sno32,
    /// uid's ordered base64.
    Base64,
    /// uid 1.3.3's text: RFC 4648 base64url without padding (not order-preserving).
    Base64Url,
    /// The ULID spec's text: 26 characters of Crockford's base32, written uppercase, read in
    /// either case (128-bit schemes).
    Ulid,
    /// TypeID v0.3's suffix: 26 characters of lowercase Crockford base32 (128-bit schemes); a
    /// derived type's `prefix` becomes the TypeID's prefix.
    TypeId,
    /// xid's text: 20 characters of lowercase base32hex (`0-9a-v`, RFC 4648's extended-hex
    /// alphabet) without padding, in byte order (12-byte schemes).
    Base32Hex,
}

impl Encoding {
    /// Every encoding, in declaration order.
    pub const ALL: [Encoding; 11] = [
        Encoding::Canonical,
        Encoding::Uuid,
        Encoding::Hex,
        Encoding::Base62,
        Encoding::Decimal,
        Encoding::Sno32,
        Encoding::Base64,
        Encoding::Base64Url,
        Encoding::Ulid,
        Encoding::TypeId,
        Encoding::Base32Hex,
    ];

    /// What `#[id(encoding = "...")]` says for a name that is none of [`Encoding::name`].
    #[doc(hidden)]
    pub const UNKNOWN_NAME: &'static str = "unknown text form; expected one of `uuid`, `hex`, `base62`, `decimal`, `sno32`, `base64`, `base64url`, `ulid`, `typeid`, `base32hex`";

    /// The encoding called `name` (see [`Encoding::name`]).
    pub const fn from_name(name: &str) -> Option<Encoding> {
        let mut i = 0;
        while i < Encoding::ALL.len() {
            if str_eq(Encoding::ALL[i].name(), name) {
                return Some(Encoding::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// Whether a scheme with the text forms `forms` ([`Scheme::ENCODINGS`](crate::scheme::Scheme::ENCODINGS)) has this one
    /// ([`Encoding::Canonical`] always).
    pub const fn is_in(self, forms: &[Encoding]) -> bool {
        let mut i = 0;
        while i < forms.len() {
            if forms[i] as u8 == self as u8 {
                return true;
            }
            i += 1;
        }
        matches!(self, Encoding::Canonical)
    }

    /// How many symbols the encoding's alphabet has (16 for hex and UUID text), 0 for
    /// [`Encoding::Canonical`], which stands for another: a text in a smaller alphabet is more
    /// likely of that encoding, which is how tools guess a scheme from a text.
    pub const fn alphabet_len(self) -> usize {
        match self {
            Encoding::Canonical => 0,
            Encoding::Uuid | Encoding::Hex => 16,
            Encoding::Base62 => 62,
            Encoding::Decimal => 10,
            Encoding::Sno32 | Encoding::Ulid | Encoding::TypeId | Encoding::Base32Hex => 32,
            Encoding::Base64 | Encoding::Base64Url => 64,
        }
    }

    /// The name used in `#[id(encoding = "...")]`.
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Canonical => "canonical",
            Encoding::Uuid => "uuid",
            Encoding::Hex => "hex",
            Encoding::Base62 => "base62",
            Encoding::Decimal => "decimal",
            Encoding::Sno32 => "sno32",
            Encoding::Base64 => "base64",
            Encoding::Base64Url => "base64url",
            Encoding::Ulid => "ulid",
            Encoding::TypeId => "typeid",
            Encoding::Base32Hex => "base32hex",
        }
    }
}

/// Byte equality in a `const` context (`==` on `str` is not `const`).
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
