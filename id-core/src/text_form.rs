//! The shape of a derived type's text, for schema generators (JSON Schema, OpenAPI, GraphQL):
//! a regular expression and lengths read off the scheme's own encoder, never restated per
//! scheme, so a schema cannot drift from what `Display` writes and `FromStr` reads.

use crate::prelude::*;

use crate::codec::base64::Flavour;
use crate::codec::{base32hex, base62, crockford, hex, sno32};
use crate::identity::Identity;
use crate::scheme::{Encoding, Scheme};
use crate::time::Timestamp;

/// What a derived type's text looks like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextForm {
    /// An anchored regular expression every text of the type matches (prefix included).
    pub pattern: String,
    /// The fewest characters of a text.
    pub min_length: usize,
    /// The most characters of a text.
    pub max_length: usize,
    /// A text of the type (the earliest ID of 2024-01-01).
    pub example: String,
}

/// The text form of `I`.
pub fn text_form<I: Identity>() -> TextForm {
    let first = I::Scheme::min_at(Timestamp::from_ymd(2024, 1, 1));
    let last = I::Scheme::max_at(Timestamp::MAX);
    // The scheme declares its forms, the canonical one first (what `fmt` writes for a form the
    // scheme lacks, which only a hand-written `Identity` can ask for).
    let forms = <I::Scheme as Scheme>::ENCODINGS;
    let encoding = if I::ENCODING != Encoding::Canonical && I::ENCODING.is_in(forms) { I::ENCODING } else { forms[0] };
    let written = |value: &I::Scheme| value.encode(encoding).map(|t| t.to_string()).unwrap_or_default();
    let (example_body, last_body) = (written(&first), written(&last));
    let width = example_body.len();
    let (body, min_body, max_body) = match encoding {
        Encoding::Uuid => {
            let h = hex::HEX_ALPHABET;
            (format!("{h}{{8}}-{h}{{4}}-{h}{{4}}-{h}{{4}}-{h}{{12}}"), 36, 36)
        }
        Encoding::Decimal => {
            // The largest value the storage holds may be above any the generators make (a
            // snowflake's `u64::MAX`): it is an ID all the same, so its digits count.
            let largest = I::Scheme::from_bytes(&[0xFF; 16][..<I::Scheme as Scheme>::BYTE_LEN.min(16)]).ok();
            let most = width.max(last_body.len()).max(largest.map_or(0, |v| written(&v).len()));
            (format!("[0-9]{{1,{most}}}"), 1, most)
        }
        // 26 characters of base32, the first carrying only 3 bits.
        Encoding::Ulid => (crockford::EITHER_PATTERN.to_owned(), crockford::LEN, crockford::LEN),
        Encoding::TypeId => (crockford::LOWER_PATTERN.to_owned(), crockford::LEN, crockford::LEN),
        // A text scheme's text is the value's own characters: its alphabet is the class.
        Encoding::Canonical if !<I::Scheme as Scheme>::TEXT_ALPHABET.is_empty() => {
            (format!("{}{{{width}}}", alphabet_class(<I::Scheme as Scheme>::TEXT_ALPHABET)), width, width)
        }
        other => (format!("{}{{{width}}}", class(other)), width, width),
    };
    let prefix = I::PREFIX.map(|p| format!("{p}_")).unwrap_or_default();
    TextForm {
        pattern: format!("^{}{body}$", escape(&prefix)),
        min_length: prefix.len() + min_body,
        max_length: prefix.len() + max_body,
        example: format!("{prefix}{example_body}"),
    }
}

/// The characters of a fixed-width encoding, as a regular-expression class: the codecs' own
/// alphabet names (which their error messages show).
fn class(encoding: Encoding) -> &'static str {
    match encoding {
        Encoding::Sno32 => sno32::ALPHABET_NAME,
        Encoding::Base64 => Flavour::Ordered.name(),
        Encoding::Base64Url => Flavour::UrlSafe.name(),
        Encoding::Base62 => base62::ALPHABET_NAME,
        Encoding::Hex => hex::HEX_ALPHABET,
        Encoding::Base32Hex => base32hex::ALPHABET_NAME,
        // Not reached: every scheme's canonical text is one of the concrete encodings.
        _ => ".",
    }
}

/// `chars` as a regular-expression class, every character that could mean more than itself
/// inside one (`\\`, `]`, `[`, `^`, `-`) escaped.
fn alphabet_class(chars: &str) -> String {
    let escaped: String = chars
        .chars()
        .flat_map(|c| (matches!(c, '\\' | ']' | '[' | '^' | '-')).then_some('\\').into_iter().chain([c]))
        .collect();
    format!("[{escaped}]")
}

/// Prefixes are `[a-z0-9_]` (checked by the derive), but escape anyway: a pattern must never
/// mean more than the literal text.
fn escape(text: &str) -> String {
    text.chars().flat_map(|c| (!c.is_ascii_alphanumeric() && c != '_').then_some('\\').into_iter().chain([c])).collect()
}
