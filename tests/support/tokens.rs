//! Forged tokens for the web extractor tests (axum, actix-web, the example service).

/// A token with its last character changed (still well-formed, so only the key check refuses it).
pub fn flip(token: &str) -> String {
    let mut bytes = token.as_bytes().to_vec();
    let last = bytes.len() - 1;
    bytes[last] = if bytes[last] == b'A' { b'B' } else { b'A' };
    String::from_utf8(bytes).unwrap()
}
