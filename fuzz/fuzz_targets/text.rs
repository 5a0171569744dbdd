//! Derived types' `FromStr` and serde on any text.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        idcraft_fuzz::check_all_types(text);
    }
    idcraft_fuzz::check_all_schemes_bytes(data);
});
