//! Database values of any shape read as derived IDs: rusqlite values and postgres-types raw
//! bytes of every column type. Never a panic; an accepted value writes back and reads again as
//! the same ID.
#![no_main]

use idcraft_fuzz::*;
use postgres_types::{FromSql, ToSql, Type};
use rusqlite::types::{FromSql as SqliteFromSql, ToSql as SqliteToSql, ToSqlOutput, Value, ValueRef};

const PG_TYPES: [Type; 5] = [Type::UUID, Type::NUMERIC, Type::BYTEA, Type::INT8, Type::TEXT];

fn sqlite<I: idcraft::Identity + SqliteFromSql + SqliteToSql>(value: ValueRef<'_>) {
    let Ok(id) = I::column_result(value) else { return };
    let written = match id.to_sql().unwrap() {
        ToSqlOutput::Owned(v) => v,
        other => panic!("derived IDs write owned values, not {other:?}"),
    };
    let again = I::column_result(match &written {
        Value::Blob(b) => ValueRef::Blob(b),
        Value::Integer(i) => ValueRef::Integer(*i),
        Value::Text(t) => ValueRef::Text(t.as_bytes()),
        other => panic!("unexpected value {other:?}"),
    });
    assert_eq!(again.ok(), Some(id));
}

fn postgres<I: idcraft::Identity + for<'a> FromSql<'a> + ToSql>(raw: &[u8]) {
    for ty in &PG_TYPES {
        if !<I as FromSql>::accepts(ty) {
            continue;
        }
        let Ok(id) = I::from_sql(ty, raw) else { continue };
        let mut out = bytes::BytesMut::new();
        id.to_sql(ty, &mut out).unwrap();
        assert_eq!(I::from_sql(ty, &out).ok(), Some(id), "{ty}");
    }
}

fn all<I>(data: &[u8])
where
    I: idcraft::Identity + SqliteFromSql + SqliteToSql + for<'a> FromSql<'a> + ToSql,
{
    sqlite::<I>(ValueRef::Blob(data));
    sqlite::<I>(ValueRef::Text(data));
    if let Ok(eight) = <[u8; 8]>::try_from(data) {
        sqlite::<I>(ValueRef::Integer(i64::from_be_bytes(eight)));
        sqlite::<I>(ValueRef::Real(f64::from_be_bytes(eight)));
    }
    sqlite::<I>(ValueRef::Null);
    postgres::<I>(data);
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    all::<SqlComb>(data);
    all::<PgComb>(data);
    all::<LegacyComb>(data);
    all::<BinaryComb>(data);
    all::<Hot>(data);
    all::<Dist>(data);
    all::<DistBase62>(data);
    all::<Dist128>(data);
    all::<SnoId>(data);
    all::<Local>(data);
    all::<LocalDecimal>(data);
    all::<Global>(data);
    all::<Global133>(data);
});
