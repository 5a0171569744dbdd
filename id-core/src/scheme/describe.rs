//! What tools that show and make IDs (the command line's `inspect` and `new`) need to know of
//! a scheme, declared by the scheme itself: its named fields, how its generator input and
//! options read from text, and which of its values are valid. With the registry's
//! [`visit`](super::visit), a tool handles every scheme with one generic function.

use crate::prelude::*;

use super::{Encoding, Generate, Scheme};
use crate::error::ParseError;
use crate::time::Timestamp;
use core::fmt;

/// A named part of an ID, as a tool shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A number (JSON number).
    Integer(u64),
    /// A text, including numbers too wide for JSON's (JSON string).
    Text(String),
}

/// An option of a tool's generator that does not read (`--shard x`, `--partition 70000`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// The option's name, without dashes.
    pub option: &'static str,
    /// The text given.
    pub value: String,
    /// What the option takes.
    pub expected: &'static str,
}

/// `node "x": expected ...`: the option as the scheme names it; a tool adds its own syntax
/// (the command line writes `--node`).
impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:?}: expected {}", self.option, self.value, self.expected)
    }
}

impl core::error::Error for OptionError {}

impl OptionError {
    /// Parses `value` as `T`, or says what `option` expects.
    pub fn parse<T: core::str::FromStr>(
        option: &'static str,
        value: &str,
        expected: &'static str,
    ) -> Result<T, OptionError> {
        value.parse().map_err(|_| OptionError { option, value: value.into(), expected })
    }
}

/// The options of a tool's generator, by name (`None`: not given).
pub type Options<'a> = &'a dyn Fn(&str) -> Option<&'a str>;

/// A scheme as tools see it: its fields, its options and its column (the database benchmark
/// stores any scheme's keys). Every scheme of the registry implements it, in its own file.
pub trait Describe: Scheme {
    /// The option that gives the generator input (`shard` for hot, `meta` for sno, `node` for
    /// uid96), if the scheme takes one.
    const INPUT: Option<&'static str> = None;
    /// Further options that configure the generator (`base` for COMB, `partition` for sno).
    const OPTIONS: &'static [&'static str] = &[];

    /// The named parts beyond the text, the bytes and the time (`shard_key`, `partition`, …).
    fn fields(&self) -> Vec<(&'static str, Field)> {
        Vec::new()
    }

    /// The embedded instant, or why the value is not a valid ID of the scheme (a COMB whose
    /// time bytes are out of range); [`Scheme::timestamp`] for schemes where every value is.
    fn checked_timestamp(&self) -> Result<Timestamp, ParseError> {
        Ok(self.timestamp())
    }

    /// The generator input from the [`Describe::INPUT`] option's text (`None`: the default).
    fn input(text: Option<&str>) -> Result<Self::Input, OptionError> {
        match text {
            None => Ok(Self::Input::default()),
            Some(value) => Err(OptionError { option: "input", value: value.into(), expected: "no input" }),
        }
    }

    /// A generator configured by [`Describe::OPTIONS`], or `None` when none is given (the
    /// scheme's default generator then).
    fn generator(options: Options<'_>) -> Result<Option<Box<dyn Generate<Self>>>, OptionError> {
        let _ = options;
        Ok(None)
    }
}

/// How a text reads as an ID of one scheme, trying its text forms, the canonical one first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading<S> {
    /// The first form that reads it.
    Read(S, Encoding),
    /// No form reads it, but it has one's shape (its length and alphabet) with a value that is
    /// not an ID: that form and its error.
    Refused(Encoding, ParseError),
    /// It has no form's shape: the canonical form's error.
    Unread(ParseError),
}

/// Reads `text` in each of `S`'s text forms, the canonical one first.
pub fn read_any<S: Scheme>(text: &str) -> Reading<S> {
    let mut first_error = None;
    let mut shaped = None;
    for &encoding in S::ENCODINGS {
        match S::decode(text, encoding) {
            Ok(value) => return Reading::Read(value, encoding),
            Err(e @ (ParseError::Length { .. } | ParseError::Character { .. })) => {
                first_error.get_or_insert(e);
            }
            Err(e) => {
                shaped.get_or_insert((encoding, e));
            }
        }
    }
    match shaped {
        Some((encoding, e)) => Reading::Refused(encoding, e),
        None => Reading::Unread(first_error.unwrap_or(ParseError::UnsupportedEncoding(Encoding::Canonical))),
    }
}

/// Reads `text` as an ID of `S` in any of its text forms, the canonical one first. On failure,
/// the error of the form whose shape the text has (right length and alphabet, wrong value),
/// else the canonical form's.
pub fn decode_any<S: Scheme>(text: &str) -> Result<(S, Encoding), ParseError> {
    match read_any(text) {
        Reading::Read(value, encoding) => Ok((value, encoding)),
        Reading::Refused(_, e) | Reading::Unread(e) => Err(e),
    }
}
