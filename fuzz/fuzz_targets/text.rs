//! Derived types' `FromStr` and serde on any text, RFC 3339 instants, and the declared-layout
//! text `idcraft inspect --layout` reads.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        idcraft_fuzz::check_all_types(text);
        // An instant that parses prints as text that parses back to the same instant.
        if let Ok(t) = text.parse::<idcraft::Timestamp>() {
            assert_eq!(t.to_string().parse::<idcraft::Timestamp>(), Ok(t), "{text:?}");
        }
        // A layout that reads is one the derive would accept: it lasts past its own epoch.
        if let Ok(layout) = idcraft::schemes::snowflake::__declared::Resolved::from_text(text) {
            assert!(layout.last_ms() >= i128::from(layout.epoch_ms), "{text:?}: {layout:?}");
        }
    }
    idcraft_fuzz::check_all_schemes_bytes(data);
});
