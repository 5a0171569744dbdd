//! Derived types' `FromStr` and serde on any text, and RFC 3339 instants.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        idcraft_fuzz::check_all_types(text);
        // An instant that parses prints as text that parses back to the same instant.
        if let Ok(t) = text.parse::<idcraft::Timestamp>() {
            assert_eq!(t.to_string().parse::<idcraft::Timestamp>(), Ok(t), "{text:?}");
        }
    }
    idcraft_fuzz::check_all_schemes_bytes(data);
});
