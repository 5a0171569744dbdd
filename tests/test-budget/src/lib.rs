//! How much work idcraft's unit tests do, in one place for every package (a dev-dependency of
//! `idcraft-core` and `idcraft-public`): the native sizes, and the smaller ones Miri runs
//! (`cargo +nightly miri test`, see `.ci/miri`).
//!
//! Miri interprets every instruction and checks every memory access, some ten thousand times
//! slower than a native test: loops sized for native speed (a hundred thousand values, every
//! byte at every position) would take hours. Under Miri the tests keep what reaches the
//! `unsafe` code (every SIMD backend on every byte value and every lane, the stack text
//! buffers at every length) and drop the repetition that only adds confidence in the
//! arithmetic, which the native run already gives.

#![deny(missing_docs)]

/// `native` in a native build, `miri` under Miri: the size of a test's loop.
pub const fn iterations(native: usize, miri: usize) -> usize {
    if cfg!(miri) { miri } else { native }
}

/// The cases of a byte sweep over `len` positions: natively every byte value at every
/// position; under Miri every byte value once, at positions that move by one each round of
/// `len` values, so every position (and so every SIMD lane) still sees a spread of values
/// and every value reaches every backend.
pub fn bytes_at_positions(len: usize) -> Vec<(usize, u8)> {
    assert!(len > 0);
    if cfg!(miri) {
        (0..=u8::MAX).map(|byte| ((usize::from(byte) + usize::from(byte) / len) % len, byte)).collect()
    } else {
        (0..len).flat_map(|position| (0..=u8::MAX).map(move |byte| (position, byte))).collect()
    }
}

/// The proptest cases each property runs under Miri (natively: proptest's default, 256, or
/// `PROPTEST_CASES`).
pub const MIRI_PROPTEST_CASES: u32 = 2;

/// The configuration of every `proptest!` block of the crate: proptest's default natively;
/// under Miri [`MIRI_PROPTEST_CASES`] cases unless `PROPTEST_CASES` asks for more, drawn with
/// XorShift instead of ChaCha20 (whose rounds, interpreted, cost more than most cases). The
/// checked-in regression seeds are replayed either way.
pub fn proptest_config() -> proptest::test_runner::Config {
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
pub fn printable_text(max_chars: usize) -> proptest::strategy::BoxedStrategy<String> {
    use proptest::strategy::Strategy;
    if cfg!(miri) {
        proptest::collection::vec(proptest::char::any(), 0..=max_chars).prop_map(String::from_iter).boxed()
    } else {
        proptest::string::string_regex(&format!("\\PC{{0,{max_chars}}}")).expect("a valid pattern").boxed()
    }
}

/// Calls `check` with a copy of `bytes` at each offset from 0 to 15 past a 16-byte boundary:
/// an aligned load (`_mm_load_si128`) where an unaligned one is needed passes or fails by the
/// luck of the stack's layout, and Miri reports it for certain only on a misaligned address.
pub fn at_every_alignment<const N: usize>(bytes: &[u8; N], mut check: impl FnMut(&[u8; N])) {
    #[repr(align(16))]
    struct Aligned([u8; 64]);
    const { assert!(N + 15 <= 64, "at most 49 bytes") };
    let mut buf = Aligned([0; 64]);
    for offset in 0..16 {
        let window = &mut buf.0[offset..offset + N];
        window.copy_from_slice(bytes);
        check(<&[u8; N]>::try_from(&*window).expect("N bytes"));
    }
}
