//! What the sqlx tests of every database share (tests/db.rs, tests/mysql.rs): a file of its own,
//! since other crates that include `support/` have no sqlx.
#![allow(dead_code)] // each test crate uses some of it

/// A query built at run time, as each sqlx release takes it (0.9 wants it marked audited).
pub mod dynamic {
    pub fn sqlx_0_8(sql: &str) -> &str {
        sql
    }

    pub fn sqlx_0_9(sql: &str) -> sqlx_0_9::AssertSqlSafe<String> {
        sqlx_0_9::AssertSqlSafe(sql.to_owned())
    }
}
