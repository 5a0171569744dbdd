//! How much work the unit tests do, in one place: the native sizes, and the smaller ones Miri
//! runs (`cargo +nightly miri test`, see `.ci/miri`). The same rules as idcraft-core's
//! `test_budget`, which a test-only module of another crate cannot share.
//!
//! Miri interprets every instruction and checks every memory access, thousands of times slower
//! than a native test: under it the tests keep what reaches the `unsafe` code and drop the
//! repetition that the native run already gives.

/// `native` in a native build, `miri` under Miri: the size of a test's loop.
pub(crate) const fn iterations(native: usize, miri: usize) -> usize {
    if cfg!(miri) { miri } else { native }
}

/// The proptest cases each property runs under Miri (natively: proptest's default, 256, or
/// `PROPTEST_CASES`).
const MIRI_PROPTEST_CASES: u32 = 2;

/// The configuration of every `proptest!` block of the crate: proptest's default natively;
/// under Miri [`MIRI_PROPTEST_CASES`] cases unless `PROPTEST_CASES` asks for more, drawn with
/// XorShift instead of ChaCha20 (whose rounds, interpreted, cost more than most cases).
pub(crate) fn proptest_config() -> proptest::test_runner::Config {
    let config = proptest::test_runner::Config::default();
    if cfg!(miri) && std::env::var_os("PROPTEST_CASES").is_none() {
        let rng_algorithm = proptest::test_runner::RngAlgorithm::XorShift;
        proptest::test_runner::Config { cases: MIRI_PROPTEST_CASES, rng_algorithm, ..config }
    } else {
        config
    }
}

/// Any printable text of at most `max_chars` characters, for the "never panics" properties:
/// natively proptest's `\PC{0,max_chars}` (every character outside Unicode's "Other"
/// category), under Miri any `char`s, a wider set that needs no Unicode tables: expanding
/// `\PC` took some 15 s per property there.
pub(crate) fn printable_text(max_chars: usize) -> proptest::strategy::BoxedStrategy<String> {
    use proptest::strategy::Strategy;
    if cfg!(miri) {
        proptest::collection::vec(proptest::char::any(), 0..=max_chars).prop_map(String::from_iter).boxed()
    } else {
        proptest::string::string_regex(&format!("\\PC{{0,{max_chars}}}")).expect("a valid pattern").boxed()
    }
}
