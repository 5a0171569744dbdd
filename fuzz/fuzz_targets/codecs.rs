//! Every public codec on any text or bytes: a value or a `ParseError`, never a panic; an
//! accepted input re-encodes to itself (or its documented canonical case).
#![no_main]

use idcraft::Timestamp;
use idcraft::codec::{base62, base64, decimal, hex, sno32};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(bytes) = decimal::from_binary(data) {
        assert_eq!(decimal::to_binary(bytes), data);
    }
    let mut out = [0u8; 12];
    for flavour in [base64::Flavour::Ordered, base64::Flavour::UrlSafe, base64::Flavour::Standard] {
        if let Ok(text) = core::str::from_utf8(data) {
            let _ = base64::decode_lenient(text, flavour);
            // The register path (uid's text) agrees with the byte path, errors included.
            let mut eight = [0u8; 8];
            let by_bytes = base64::decode_into(text, flavour, &mut eight).map(|()| eight);
            assert_eq!(base64::decode_array::<8>(text, flavour), by_bytes);
            let mut twelve = [0u8; 12];
            let by_bytes = base64::decode_into(text, flavour, &mut twelve).map(|()| twelve);
            assert_eq!(base64::decode_array::<12>(text, flavour), by_bytes);
            for n in [8, 12] {
                if base64::decode_into(text, flavour, &mut out[..n]).is_ok() {
                    let again = if n == 8 {
                        base64::encode(&<[u8; 8]>::try_from(&out[..8]).unwrap(), flavour)
                    } else {
                        base64::encode(&out, flavour)
                    };
                    assert_eq!(&*again, text);
                }
            }
        }
    }
    let Ok(text) = core::str::from_utf8(data) else { return };
    if let Ok(v) = base62::decode_u64(text) {
        assert_eq!(base62::encode_u64(v).as_str(), text);
    }
    if let Ok(v) = base62::decode_i64(text) {
        assert_eq!(base62::encode_i64(v).unwrap().as_str(), text);
    }
    if let Ok(v) = base62::decode_u128(text) {
        assert_eq!(base62::encode_u128(v).as_str(), text);
    }
    if let Ok(v) = decimal::from_base62(text) {
        assert_eq!(decimal::to_base62(v).as_str(), text);
    }
    if let Ok(v) = decimal::from_hex(text) {
        assert_eq!(decimal::to_hex(v).as_str(), text.to_ascii_uppercase());
    }
    if let Ok(v) = decimal::from_digits(text, 39) {
        let significant = text.trim_start_matches('0');
        assert_eq!(&*decimal::to_digits(v), if significant.is_empty() { "0" } else { significant });
    }
    if let Ok(bytes) = hex::decode_uuid(text) {
        assert_eq!(&*hex::encode_uuid(&bytes), text.to_ascii_lowercase());
    }
    let mut ten = [0u8; 10];
    if hex::decode_into(text, &mut ten).is_ok() {
        assert_eq!(&*hex::encode_upper(&ten), text.to_ascii_uppercase());
    }
    if let Ok(bytes) = sno32::decode(text) {
        assert_eq!(sno32::encode(&bytes).as_str(), text);
    }
    // sno's UUID column form: any 16 bytes read as a sno or refused, and written back the same.
    if let Ok(bytes) = <[u8; 16]>::try_from(data) {
        let uuid = idcraft::Uuid::from_bytes(bytes);
        if let Ok(id) = idcraft::schemes::Sno::from_uuid(uuid) {
            assert_eq!(id.to_uuid(), uuid);
        }
    }
    if let Ok(t) = Timestamp::parse_rfc3339(text) {
        let _ = (t.to_string(), t.unix_millis(), t.to_civil(), t.to_system_time());
    }
});
