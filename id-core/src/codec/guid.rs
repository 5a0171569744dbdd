//! GUID byte orders and SQL Server's `uniqueidentifier` order.
//!
//! *RFC order* is the order of the hex pairs in the text (what `uuid::Uuid::as_bytes` holds and
//! PostgreSQL stores). *.NET order* is `Guid.ToByteArray()`, which SQL Server stores: the first
//! three fields (4, 2 and 2 bytes) are little-endian.

use core::cmp::Ordering;

/// Converts between RFC and .NET byte order (the mapping is its own inverse).
#[inline]
pub const fn swap_fields(b: [u8; 16]) -> [u8; 16] {
    [b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]]
}

/// RFC-order indexes in .NET's `ToByteArray()` order: what `memcmp` of .NET bytes (Oracle
/// `RAW(16)`, SQLite BLOBs written by .NET) compares, most significant first.
pub const DOTNET_SIGNIFICANCE: [usize; 16] = [3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15];

/// RFC-order indexes in the order SQL Server compares them, most significant first:
/// bytes 10..16, then 8..10, then 6..8, 4..6 and 0..4, each group compared as stored (.NET order).
pub const SQL_SERVER_SIGNIFICANCE: [usize; 16] = [10, 11, 12, 13, 14, 15, 8, 9, 7, 6, 5, 4, 3, 2, 1, 0];

/// The 16 bytes whose lexicographic order is SQL Server's order of the GUID with RFC bytes `rfc`.
#[inline]
pub const fn sql_server_key(rfc: &[u8; 16]) -> [u8; 16] {
    let mut key = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        key[i] = rfc[SQL_SERVER_SIGNIFICANCE[i]];
        i += 1;
    }
    key
}

/// Compares two GUIDs (RFC bytes) as SQL Server's `ORDER BY` on `uniqueidentifier` does.
#[inline]
pub fn sql_server_cmp(a: &[u8; 16], b: &[u8; 16]) -> Ordering {
    u128::from_be_bytes(sql_server_key(a)).cmp(&u128::from_be_bytes(sql_server_key(b)))
}

/// Compares two GUIDs (RFC bytes) by their .NET-order bytes, as `memcmp` of `ToByteArray()`
/// does (Oracle `RAW(16)`, SQLite BLOBs written by .NET providers).
#[inline]
pub fn dotnet_bytes_cmp(a: &[u8; 16], b: &[u8; 16]) -> Ordering {
    swap_fields(*a).cmp(&swap_fields(*b))
}

/// `order[from..from + N]`: a part of a significance order, for layouts that place their
/// fields by it.
#[inline]
pub const fn significance_part<const N: usize>(order: &[usize; 16], from: usize) -> [usize; N] {
    let mut part = [0; N];
    let mut i = 0;
    while i < N {
        part[i] = order[from + i];
        i += 1;
    }
    part
}

/// The canonical 16 GUIDs in ascending SQL Server order (HotGuid's and SequentialGuid's
/// `SortedSqlGuidList`, confirmed by `ORDER BY` on a real SQL Server).
#[cfg(test)]
pub(crate) const SORTED_SQL_GUIDS: [&str; 16] = [
    "01000000-0000-0000-0000-000000000000",
    "00010000-0000-0000-0000-000000000000",
    "00000100-0000-0000-0000-000000000000",
    "00000001-0000-0000-0000-000000000000",
    "00000000-0100-0000-0000-000000000000",
    "00000000-0001-0000-0000-000000000000",
    "00000000-0000-0100-0000-000000000000",
    "00000000-0000-0001-0000-000000000000",
    "00000000-0000-0000-0001-000000000000",
    "00000000-0000-0000-0100-000000000000",
    "00000000-0000-0000-0000-000000000001",
    "00000000-0000-0000-0000-000000000100",
    "00000000-0000-0000-0000-000000010000",
    "00000000-0000-0000-0000-000001000000",
    "00000000-0000-0000-0000-000100000000",
    "00000000-0000-0000-0000-010000000000",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::hex::decode_uuid;

    fn sorted_by_sql(list: &[&str]) {
        for w in list.windows(2) {
            let (a, b) = (decode_uuid(w[0]).unwrap(), decode_uuid(w[1]).unwrap());
            assert_eq!(sql_server_cmp(&a, &b), Ordering::Less, "{} < {}", w[0], w[1]);
        }
    }

    #[test]
    fn dotnet_significance_is_the_field_swap() {
        let rfc: [u8; 16] = core::array::from_fn(|i| i as u8);
        assert_eq!(swap_fields(rfc).map(usize::from), DOTNET_SIGNIFICANCE);
    }

    #[test]
    fn canonical_sql_server_list() {
        sorted_by_sql(&SORTED_SQL_GUIDS);
    }

    #[test]
    fn mixed_byte_list_and_msdn_pair() {
        sorted_by_sql(&[
            "ff000000-0000-0000-0000-000000000000",
            "000000ff-0000-0000-0000-000000000000",
            "00000000-0000-ff00-0000-000000000000",
            "00000000-0000-00ff-0000-000000000000",
            "00000000-0000-0000-0001-000000000000",
            "00000000-0000-0000-ff00-000000000000",
            "ffffffff-ffff-ffff-ffff-000000000000",
            "00000000-0000-0000-0000-000000000001",
            "00000000-0000-0000-0000-0000000000ff",
            "ffeeddcc-bbaa-9988-6677-001122334455",
            "8dd5bca5-6abe-4f73-b4b7-393ae6bbb849",
            "55666bee-b3a0-4bf5-81a7-86ff976e763f",
        ]);
        // The 2006 MSDN post's own rule makes g1 > g2 (its prose says the opposite).
        let g1 = decode_uuid("55666BEE-B3A0-4BF5-81A7-86FF976E763F").unwrap();
        let g2 = decode_uuid("8DD5BCA5-6ABE-4F73-B4B7-393AE6BBB849").unwrap();
        assert_eq!(sql_server_cmp(&g1, &g2), Ordering::Greater);
        assert_eq!(g1.cmp(&g2), Ordering::Less);
    }

    #[test]
    fn swap_is_an_involution() {
        let b = decode_uuid("00112233-4455-6677-8899-aabbccddeeff").unwrap();
        let net = swap_fields(b);
        assert_eq!(net[..8], [0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66]);
        assert_eq!(swap_fields(net), b);
    }
}
