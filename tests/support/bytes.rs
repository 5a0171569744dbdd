//! What the tests of the byte-stored schemes (`tests/text_ids.rs`, `tests/twelve_byte_ids.rs`,
//! `tests/wide_ids.rs`) check the same way: a SQLite BLOB column, a key set bound to the types, a
//! token changed by a character. Included with `#[path]` by those tests.
#![allow(dead_code)] // each test crate uses some of it

/// A new SQLite table `table` with a BLOB primary key `id`, holding `ids` (inserted last
/// first): each row is `len` bytes, and `ORDER BY id` gives them back in Rust's `Ord` order.
#[cfg(feature = "rusqlite")]
pub fn blob_column<I>(table: &str, ids: &[I], len: i64) -> rusqlite::Connection
where
    I: rusqlite::ToSql + rusqlite::types::FromSql + Ord + Clone + std::fmt::Debug,
{
    let conn = rusqlite::Connection::open_in_memory().unwrap();
    conn.execute(&format!("CREATE TABLE {table} (id BLOB PRIMARY KEY)"), []).unwrap();
    for id in ids.iter().rev() {
        conn.execute(&format!("INSERT INTO {table} VALUES (?1)"), [id]).unwrap();
    }
    let row_len: i64 =
        conn.query_row(&format!("SELECT length(id) FROM {table} LIMIT 1"), [], |row| row.get(0)).unwrap();
    assert_eq!(row_len, len, "{table}");
    let back: Vec<I> = conn
        .prepare(&format!("SELECT id FROM {table} ORDER BY id"))
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut sorted = ids.to_vec();
    sorted.sort();
    assert_eq!(back, sorted, "{table}: ORDER BY id is Rust's Ord");
    conn
}

/// A key set of one AES-256 key (32 bytes of `byte`), its tokens bound to their types.
#[cfg(feature = "public")]
pub fn bound_keys(byte: u8) -> idcraft::public::PublicIds {
    use idcraft::public::{AesKey, PublicIds};
    PublicIds::new(AesKey::new(&[byte; 32]).unwrap()).bound_to_types()
}

/// `token` with the character at `at` changed (to `B` if it is `A`, else to `A`).
pub fn flipped(token: &str, at: usize) -> String {
    let mut forged = token.to_owned().into_bytes();
    forged[at] = if forged[at] == b'A' { b'B' } else { b'A' };
    String::from_utf8(forged).unwrap()
}
