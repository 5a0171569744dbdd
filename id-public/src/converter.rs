//! Architect.Identities' public identities ([`PublicIdConverter`]).

use crate::error::{KeyError, PublicIdError, ValueError};
use crate::key::AesKey;
use crate::layout;
#[cfg(feature = "decimal")]
use idcraft_core::codec::decimal;
use idcraft_core::codec::{base62, hex};
#[cfg(feature = "decimal")]
use rust_decimal::Decimal;
use uuid::Uuid;

/// Converts IDs to and from opaque public GUIDs, compatible with Architect.Identities'
/// `AesPublicIdentityConverter` byte for byte.
///
/// One AES block (no mode, no padding) over the value's 16-byte layout (see [`PublicBlock`](crate::PublicBlock));
/// the ciphertext is shown as the GUID .NET's `new Guid(byte[])` makes of it, and as the
/// 22-character base62 text of that GUID ([`to_base62`], [`parse_public`]).
#[derive(Clone, Debug)]
pub struct PublicIdConverter {
    key: AesKey,
}

impl PublicIdConverter {
    /// A converter with `key` (16, 24 or 32 bytes).
    pub fn new(key: AesKey) -> PublicIdConverter {
        PublicIdConverter { key }
    }

    /// A converter with a base64 key.
    pub fn from_base64(key: &str) -> Result<PublicIdConverter, KeyError> {
        AesKey::from_base64(key).map(PublicIdConverter::new)
    }

    /// Encrypts a block into the public GUID.
    #[inline]
    pub fn encrypt_block(&self, block: [u8; 16]) -> Uuid {
        Uuid::from_bytes_le(self.key.encrypt(block))
    }

    /// Decrypts a public GUID into its block.
    #[inline]
    pub fn decrypt_block(&self, public: Uuid) -> [u8; 16] {
        self.key.decrypt(public.to_bytes_le())
    }

    /// `u64` → public GUID.
    #[inline]
    pub fn encrypt_u64(&self, v: u64) -> Uuid {
        self.encrypt_block(layout::from_u64(v))
    }

    /// Public GUID → `u64` (forgery chance 2^-64).
    #[inline]
    pub fn decrypt_u64(&self, public: Uuid) -> Result<u64, PublicIdError> {
        layout::to_u64(&self.decrypt_block(public)).ok_or(PublicIdError::Invalid)
    }

    /// Non-negative `i64` → public GUID.
    pub fn encrypt_i64(&self, v: i64) -> Result<Uuid, PublicIdError> {
        u64::try_from(v).map(|v| self.encrypt_u64(v)).map_err(|_| PublicIdError::Value(ValueError::Negative))
    }

    /// Public GUID → `i64`.
    pub fn decrypt_i64(&self, public: Uuid) -> Result<i64, PublicIdError> {
        self.decrypt_u64(public).and_then(|v| i64::try_from(v).map_err(|_| PublicIdError::Invalid))
    }

    #[cfg(feature = "decimal")]
    /// Decimal (non-negative, integral, at most 10^28 − 1) → public GUID. For values below
    /// 2^64 this equals [`PublicIdConverter::encrypt_u64`], as in the original.
    pub fn encrypt_decimal(&self, d: Decimal) -> Result<Uuid, PublicIdError> {
        // `from_decimal` refuses exactly the negative and the fractional values.
        let v = decimal::from_decimal(d).map_err(|_| {
            PublicIdError::Value(if d.is_sign_negative() { ValueError::Negative } else { ValueError::Fractional })
        })?;
        let v = decimal::check(v).map_err(|_| PublicIdError::Value(ValueError::TooLarge))?;
        Ok(self.encrypt_block(layout::from_decimal_value(v)))
    }

    #[cfg(feature = "decimal")]
    /// Public GUID → decimal (forgery chance about 2^-35).
    pub fn decrypt_decimal(&self, public: Uuid) -> Result<Decimal, PublicIdError> {
        let v = layout::to_decimal_value(&self.decrypt_block(public)).ok_or(PublicIdError::Invalid)?;
        Ok(Decimal::from_i128_with_scale(v as i128, 0))
    }

    /// `u128` → public GUID.
    pub fn encrypt_u128(&self, v: u128) -> Uuid {
        self.encrypt_block(v.to_be_bytes())
    }

    /// Public GUID → `u128`. Never fails: the original has no check for 128-bit values, so any
    /// GUID decodes (use [`crate::PublicIds`] with authenticated tokens to detect forgeries).
    pub fn decrypt_u128(&self, public: Uuid) -> u128 {
        u128::from_be_bytes(self.decrypt_block(public))
    }

    /// `Uuid` → public GUID.
    pub fn encrypt_uuid(&self, v: Uuid) -> Uuid {
        self.encrypt_block(*v.as_bytes())
    }

    /// Public GUID → `Uuid`; never fails, like [`PublicIdConverter::decrypt_u128`].
    pub fn decrypt_uuid(&self, public: Uuid) -> Uuid {
        Uuid::from_bytes(self.decrypt_block(public))
    }
}

/// The 22-character base62 text of a public GUID (its string-order bytes).
pub fn to_base62(public: Uuid) -> String {
    base62::encode_u128(public.as_u128()).to_string()
}

/// Reads a public GUID from its hyphenated text or its 22-character base62 text.
#[inline]
pub fn parse_public(text: &str) -> Result<Uuid, PublicIdError> {
    let bytes = match text.len() {
        36 => hex::decode_uuid(text).ok(),
        22 => base62::decode_u128(text).ok().map(u128::to_be_bytes),
        _ => None,
    };
    bytes.map(Uuid::from_bytes).ok_or(PublicIdError::Invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    const README_KEY: &str = "k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=";

    fn zero(n: usize) -> PublicIdConverter {
        PublicIdConverter::new(AesKey::new(&vec![0; n]).unwrap())
    }

    fn u(s: &str) -> Uuid {
        Uuid::parse_str(s).unwrap()
    }

    #[cfg(feature = "decimal")]
    #[test]
    fn readme_example() {
        let c = PublicIdConverter::from_base64(README_KEY).unwrap();
        let id: Decimal = "1088824355131185736905670087".parse().unwrap();
        let public = c.encrypt_decimal(id).unwrap();
        assert_eq!(public.to_string(), "30322474-a954-ffa9-941c-6f038afe4ff1");
        assert_eq!(to_base62(public), "48XoooHHCe1CiOHrghM7Dl");
        assert_eq!(c.decrypt_decimal(parse_public("48XoooHHCe1CiOHrghM7Dl").unwrap()).unwrap(), id);
        assert_eq!(c.decrypt_decimal(parse_public("30322474-a954-ffa9-941c-6f038afe4ff1").unwrap()).unwrap(), id);
        assert_eq!(c.encrypt_u64(1).to_string(), "104c31f3-2607-6e29-7c8f-defe589bf66a");
        assert_eq!(c.encrypt_decimal(Decimal::ONE).unwrap(), c.encrypt_u64(1));
    }

    #[test]
    fn zero_key_vectors() {
        let c = zero(32);
        for (v, guid) in [
            (0u64, "78c095dc-40a2-8989-ad48-a21492842087"),
            (1, "e3ef1648-b3de-5680-6eba-0c17bf582090"),
            (i64::MAX as u64, "a6e9cb7a-5cb0-f7aa-36ef-9bbeaf7af117"),
            (u64::MAX, "9476ed55-288d-bf86-ff50-e3352bfe34fd"),
        ] {
            assert_eq!(c.encrypt_u64(v).to_string(), guid);
            assert_eq!(c.decrypt_u64(u(guid)).unwrap(), v);
        }
        assert_eq!(to_base62(c.encrypt_u64(0)), "AMlDXspEMpNEsNsg5isSD1");
        assert_eq!(to_base62(c.encrypt_u64(1)), "JZHn9c0kiLg9VOXkNZfd3o");
        assert_eq!(c.decrypt_i64(c.encrypt_u64(u64::MAX)), Err(PublicIdError::Invalid));
        for (v, guid) in [
            (1u128, "fb8a0f53-45c7-b936-a963-b4f1c4cb738b"),
            (1 << 64, "df6e95f5-bd02-a436-01bb-b6ce77c3d3fb"),
            (1 << 127, "79bfc6dd-150c-0d76-8d9a-eb6f9a75fd4e"),
            (u128::MAX, "80cedaac-a378-1a2b-182b-fa4987ca1347"),
        ] {
            assert_eq!(c.encrypt_u128(v).to_string(), guid);
            assert_eq!(c.encrypt_uuid(Uuid::from_u128(v)).to_string(), guid);
            assert_eq!(c.decrypt_u128(u(guid)), v);
        }
        let c16 = zero(16);
        assert_eq!(c16.encrypt_u64(0).to_string(), "d44be966-8aef-3b2c-884c-fa59ca342b2e");
        assert_eq!(c16.encrypt_u64(1).to_string(), "626f540c-27bf-cd73-0f56-4fceca7ba688");
    }

    /// Decimals: the same blocks as the integers they equal, the 28-digit range, and what
    /// is no decimal ID.
    #[cfg(feature = "decimal")]
    #[test]
    fn zero_key_decimal_vectors_and_refusals() {
        let c = zero(32);
        for v in [0u64, 1, i64::MAX as u64, u64::MAX] {
            assert_eq!(c.encrypt_decimal(Decimal::from(v)).unwrap(), c.encrypt_u64(v));
        }
        let max: Decimal = "9999999999999999999999999999".parse().unwrap();
        assert_eq!(c.encrypt_decimal(max).unwrap().to_string(), "1ad2bfc8-76f2-4296-2485-f116a6ef23fd");
        let readme: Decimal = "1088824355131185736905670087".parse().unwrap();
        assert_eq!(c.encrypt_decimal(readme).unwrap().to_string(), "86bad503-c81b-4087-d521-e5110246d442");
        assert_eq!(c.decrypt_decimal(u("3625a4bb-7bd6-624d-108d-9d9e599d536b")), Err(PublicIdError::Invalid));
        assert_eq!(c.decrypt_decimal(u("378c4fe3-a619-dea4-93b8-489f3160e863")), Err(PublicIdError::Invalid));
        let refused = |e| Err(PublicIdError::Value(e));
        assert_eq!(c.encrypt_decimal(Decimal::new(-1, 0)), refused(ValueError::Negative));
        assert_eq!(c.encrypt_decimal(Decimal::new(11, 1)), refused(ValueError::Fractional));
        assert_eq!(c.encrypt_decimal("10000000000000000000000000000".parse().unwrap()), refused(ValueError::TooLarge));
    }

    #[test]
    fn rejected_values() {
        let c = zero(32);
        assert_eq!(c.encrypt_i64(-1), Err(PublicIdError::Value(ValueError::Negative)));
        assert_eq!(
            PublicIdError::Value(ValueError::Fractional).to_string(),
            "cannot make a public ID: a decimal ID has no fractional digits"
        );
        assert_eq!(PublicIdError::Invalid.to_string(), "not a valid public ID");
        assert!(parse_public("48XoooHHCe1CiOHrghM7D").is_err());
        assert!(parse_public("48XoooHHCe1CiOHrghM7D!").is_err());
    }

    /// A million natively; a few under Miri, where each AES block is thousands of interpreted
    /// table-free (bit-sliced) rounds' operations.
    #[test]
    fn a_million_random_tokens_are_not_u64_ids() {
        let c = PublicIdConverter::from_base64(README_KEY).unwrap();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut accepted = 0;
        for _ in 0..crate::test_budget::iterations(1_000_000, 16) {
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            let token = Uuid::from_u64_pair(next(), next());
            accepted += usize::from(c.decrypt_u64(token).is_ok());
        }
        assert_eq!(accepted, 0);
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        #[test]
        fn round_trips(v: u64, w: u128) {
            let c = zero(24);
            proptest::prop_assert_eq!(c.decrypt_u64(c.encrypt_u64(v)).unwrap(), v);
            proptest::prop_assert_eq!(c.decrypt_u128(parse_public(&to_base62(c.encrypt_u128(w))).unwrap()), w);
        }

        #[cfg(feature = "decimal")]
        #[test]
        fn decimals_round_trip(d in 0..=decimal::MAX) {
            let c = zero(24);
            let dec = Decimal::from_i128_with_scale(d as i128, 0);
            proptest::prop_assert_eq!(c.decrypt_decimal(c.encrypt_decimal(dec).unwrap()).unwrap(), dec);
        }
    }
}
