//! TypeID (spec v0.3): an optional type prefix, `_`, and the 128-bit value in 26 lowercase
//! Crockford base32 characters ([`super::crockford`]), as in `user_01h455vb4pex5vsknk084sn02q`.
//!
//! The prefix is 1 to 63 characters `[a-z_]`, neither starting nor ending with `_`; without a
//! prefix there is no separator either. A prefix may hold `_`, so the separator is the *last*
//! `_` of the text. Derived types with `encoding = "typeid"` check their own fixed prefix
//! (`#[id(prefix = "user")]`) and read the suffix with [`decode_suffix`]; [`parse`] reads a
//! TypeID of any prefix, which is what tools that meet unknown IDs need.

use super::IdText;
use super::crockford::{self, Case};
use crate::error::{InvalidReason, ParseError, PrefixRule};
use core::fmt;

/// The longest prefix.
pub const MAX_PREFIX_LEN: usize = 63;

/// The 26-character suffix of `value`.
#[inline]
pub fn encode_suffix(value: u128) -> IdText {
    crockford::encode_u128(value, false)
}

/// Reads a 26-character suffix (lowercase only, first character at most `7`).
#[inline]
pub fn decode_suffix(text: &str) -> Result<u128, ParseError> {
    crockford::decode_u128(text, Case::Lower)
}

/// Checks `prefix` (without its separator) against the TypeID rule; the empty prefix is valid.
/// The error says which part of the rule it breaks, in words (`the prefix starts or ends with
/// an underscore`).
pub fn check_prefix(prefix: &str) -> Result<(), InvalidReason> {
    prefix_rule(prefix).map_err(InvalidReason::typeid_prefix)
}

fn prefix_rule(prefix: &str) -> Result<(), PrefixRule> {
    if let Some((position, character)) = prefix.chars().enumerate().find(|(_, c)| !matches!(c, 'a'..='z' | '_')) {
        return Err(PrefixRule::Character { character, position });
    }
    if prefix.len() > MAX_PREFIX_LEN {
        return Err(PrefixRule::TooLong { length: prefix.len() });
    }
    if prefix.starts_with('_') || prefix.ends_with('_') {
        return Err(PrefixRule::EdgeUnderscore);
    }
    Ok(())
}

/// A whole TypeID: its prefix (empty for none) and its value.
pub fn parse(text: &str) -> Result<(&str, u128), ParseError> {
    let (prefix, suffix) = match text.rfind('_') {
        Some(at) => {
            let prefix = &text[..at];
            if prefix.is_empty() {
                return Err(invalid(PrefixRule::Empty));
            }
            prefix_rule(prefix).map_err(invalid)?;
            (prefix, &text[at + 1..])
        }
        None => ("", text),
    };
    Ok((prefix, decode_suffix(suffix)?))
}

/// Writes the TypeID of `value` with `prefix` (which the caller has checked with
/// [`check_prefix`]; the empty prefix writes the suffix alone).
pub fn write(out: &mut impl fmt::Write, prefix: &str, value: u128) -> fmt::Result {
    if !prefix.is_empty() {
        out.write_str(prefix)?;
        out.write_char('_')?;
    }
    out.write_str(&encode_suffix(value))
}

fn invalid(rule: PrefixRule) -> ParseError {
    ParseError::Invalid { scheme: "TypeID", reason: InvalidReason::typeid_prefix(rule) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn prefixes_split_at_the_last_underscore() {
        assert_eq!(parse("00000000000000000000000001"), Ok(("", 1)));
        assert_eq!(parse("pre_fix_00000000000000000000000000"), Ok(("pre_fix", 0)));
        let mut text = String::new();
        write(&mut text, "user", 0x0188_bac7_a6fb_c25d_9bf9_9b0a_7d38_0d17).unwrap();
        assert_eq!(parse(&text), Ok(("user", 0x0188_bac7_a6fb_c25d_9bf9_9b0a_7d38_0d17)));
    }

    #[test]
    fn every_prefix_rule_is_named() {
        let cases = [
            ("_00000000000000000000000000", PrefixRule::Empty),
            ("_pre_00000000000000000000000000", PrefixRule::EdgeUnderscore),
            ("pre__00000000000000000000000000", PrefixRule::EdgeUnderscore),
            ("Pre_00000000000000000000000000", PrefixRule::Character { character: 'P', position: 0 }),
            ("pré_00000000000000000000000000", PrefixRule::Character { character: 'é', position: 2 }),
        ];
        for (text, rule) in cases {
            assert_eq!(parse(text), Err(invalid(rule)), "{text}");
        }
        let long = format!("{}_00000000000000000000000000", "a".repeat(64));
        assert_eq!(parse(&long), Err(invalid(PrefixRule::TooLong { length: 64 })));
        assert_eq!(check_prefix(&"a".repeat(63)), Ok(()));
        assert_eq!(check_prefix("pre_"), Err(InvalidReason::typeid_prefix(PrefixRule::EdgeUnderscore)));
        assert_eq!(check_prefix("pre_").unwrap_err().to_string(), "the prefix starts or ends with an underscore");
        assert_eq!(
            parse("pré_00000000000000000000000000").unwrap_err().to_string(),
            "not a valid TypeID ID: the prefix has 'é' at position 2; only lowercase letters a-z and underscores are allowed"
        );
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        #[test]
        fn round_trips(prefix in "([a-z]([a-z_]{0,61}[a-z])?)?", value: u128) {
            let mut text = String::new();
            write(&mut text, &prefix, value).unwrap();
            proptest::prop_assert_eq!(parse(&text), Ok((prefix.as_str(), value)));
        }

        #[test]
        fn any_text_is_a_typeid_or_an_error(text in crate::test_budget::printable_text(100)) {
            let _ = parse(&text);
        }
    }
}
