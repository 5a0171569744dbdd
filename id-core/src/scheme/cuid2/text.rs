//! What CUID2 declares as a scheme: 24 bytes that are its text, no time.

use super::layout::LEN;
use super::{Cuid2, Cuid2Generator};
use crate::scheme::Scheme;
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for Cuid2 {}

impl Scheme for Cuid2 {
    crate::scheme::text_forms!(canonical);

    const NAME: &'static str = "cuid2";
    type Shape = crate::scheme::shape::Bytes<LEN>;
    const TIMED: bool = false;
    // The letters first: the one character every position takes (tools that fill a text with
    // the alphabet's first character get a valid one).
    const TEXT_ALPHABET: &'static str = "abcdefghijklmnopqrstuvwxyz0123456789";
    type Input = ();
    type Generator = Cuid2Generator;

    crate::scheme::declare::default_generator!(Cuid2Generator = Cuid2Generator::new);

    crate::scheme::declare::untimed_ascii_text!("[0-9a-z]");

    /// The smallest CUID2, `a000…0`, whatever `t`: no ID is placed by time.
    fn min_at(_: Timestamp) -> Self {
        let mut text = [b'0'; LEN];
        text[0] = b'a';
        Cuid2(text)
    }

    /// The largest CUID2, `zzz…z`, whatever `t`.
    fn max_at(_: Timestamp) -> Self {
        Cuid2([b'z'; LEN])
    }
}
