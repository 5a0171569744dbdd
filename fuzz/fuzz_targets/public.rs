//! Public tokens and keys on any text: both token formats (tagged and, for 64-bit IDs, not),
//! typed and Architect-compatible, and AES key parsing. Never a panic; an accepted token writes back as the same text.
#![no_main]

use idcraft::public::{AesKey, PublicBlock, PublicId, PublicIds, parse_public, to_base62};
use idcraft_fuzz::{Cuid, Dist, Event, Invite, Local, PgComb, SnoId, Tweet};
use std::sync::OnceLock;

fn keys() -> &'static (PublicIds, PublicIds, PublicIds<idcraft::public::format::Compatible>) {
    static KEYS: OnceLock<(PublicIds, PublicIds, PublicIds<idcraft::public::format::Compatible>)> = OnceLock::new();
    KEYS.get_or_init(|| {
        let key = || AesKey::new(&[7; 32]).unwrap();
        (PublicIds::new(key()), PublicIds::new(key()).bound_to_types(), PublicIds::compatible(key()))
    })
}

/// A token any key set accepts is exactly the token that key set issues for the ID: nothing
/// else decodes (no malleable bytes).
fn token<I: idcraft::Identity>(text: &str)
where
    I::Scheme: PublicBlock,
{
    if let Ok(token) = text.parse::<PublicId<I>>() {
        assert_eq!(token.to_string(), text);
        let (plain, bound, compatible) = keys();
        if let Ok(id) = plain.from_public(&token) {
            assert_eq!(plain.to_public(&id), token);
        }
        if let Ok(id) = bound.from_public(&token) {
            assert_eq!(bound.to_public(&id), token);
        }
        if let Ok(id) = compatible.from_public(&token) {
            assert_eq!(compatible.to_public(&id), token);
        }
    }
    let (plain, bound, compatible) = keys();
    let _ = (plain.decode_str::<I>(text), bound.decode_str::<I>(text), compatible.decode_str::<I>(text));
    let json = serde_json::to_string(text).unwrap();
    let _ = serde_json::from_str::<PublicId<I>>(&json);
}

/// IDs longer than one AES block: AES-SIV tokens only (no Architect-compatible form exists).
fn long_token<I: idcraft::Identity>(text: &str)
where
    I::Scheme: PublicBlock,
{
    let (plain, bound, _) = keys();
    for ids in [plain, bound] {
        if let Ok(id) = ids.decode_str::<I>(text) {
            assert_eq!(ids.to_public(&id).to_string(), text);
        }
    }
    let _ = text.parse::<PublicId<I>>();
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    token::<PgComb>(text);
    token::<Dist>(text);
    token::<SnoId>(text);
    // 64-bit IDs: authenticated tokens without a tag.
    token::<Local>(text);
    token::<Tweet>(text);
    // 20 bytes: AES-SIV.
    long_token::<Event>(text);
    // 21 and 24 bytes of text.
    long_token::<Invite>(text);
    long_token::<Cuid>(text);
    if let Ok(public) = parse_public(text) {
        let canonical = if text.len() == 36 { public.to_string() } else { to_base62(public) };
        assert_eq!(canonical, if text.len() == 36 { text.to_ascii_lowercase() } else { text.to_owned() });
    }
    if let Ok(key) = AesKey::from_base64(text) {
        assert!(matches!(key.bits(), 128 | 192 | 256));
    }
});
