//! MySQL and MariaDB values, shared by every MySQL driver (sqlx 0.8 and 0.9, diesel): what a
//! derived ID writes, and how a column's value reads back. sea-orm, whose binary strings may be
//! text on any backend, reads them by the same rules. Documented in [`crate::db`].

use crate::db::{Column, DbColumn, DbValue, Dialect};
use crate::{Identity, InvalidReason, ParseError, Scheme, codec::IdText, schemes::IdBytes};
use idcraft_core::scheme::shape::{Kind, Shape};

/// A value as a MySQL driver sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MysqlValue {
    /// A binary string (`BINARY(N)`).
    Bytes(IdBytes),
    /// `BIGINT`.
    BigInt(i64),
    /// `BIGINT UNSIGNED`.
    UnsignedBigInt(u64),
    /// Text: a `DECIMAL`'s digits, or an ID's own text.
    Text(String),
}

/// A value read from MySQL, borrowed from the row, as the driver reports its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MysqlValueRef<'a> {
    /// A binary string (`BINARY`, `VARBINARY`, `BLOB`), or text where the driver cannot tell it
    /// from one: sqlx 0.8 looks at the column's `BINARY` flag, which a `_bin` collation sets
    /// too, and diesel's MySQL connection reports a `BINARY(N)` column as a string.
    Binary(&'a [u8]),
    /// Text (`CHAR`, `VARCHAR`, `TEXT`, MariaDB's `UUID`).
    Text(&'a [u8]),
    /// `DECIMAL`, as the digits the server sends.
    Decimal(&'a str),
    /// A signed integer.
    Int(i64),
    /// An unsigned integer.
    UnsignedInt(u64),
}

fn kind<I: Identity>() -> Kind {
    <<I::Scheme as Scheme>::Shape as Shape>::KIND
}

/// Whether `I`'s column is MySQL's `BIGINT UNSIGNED` (the `U64` shape), for drivers that
/// declare a parameter's type.
pub fn is_unsigned<I: Identity>() -> bool {
    kind::<I>() == Kind::U64
}

/// The MySQL value of `id` (columns as in the [module](self)).
pub fn to_value<I: Identity>(id: &I) -> MysqlValue
where
    I::Scheme: DbColumn,
{
    match id.to_scheme().to_db(Dialect::Mysql) {
        DbValue::Bytes(b) => MysqlValue::Bytes(b),
        DbValue::Uuid(u) => MysqlValue::Bytes(IdBytes::from(*u.as_bytes())),
        DbValue::BigInt(v) => MysqlValue::BigInt(v),
        DbValue::UnsignedBigInt(v) => MysqlValue::UnsignedBigInt(v),
        // A whole decimal's `Display` is its digits.
        #[cfg(feature = "decimal")]
        DbValue::Numeric(d) => MysqlValue::Text(d.to_string()),
        DbValue::Text(t) => MysqlValue::Text(t.to_string()),
    }
}

/// The SQL type of `I`'s column, for messages and schema tools (`BINARY(16)`, `BIGINT
/// UNSIGNED`, ...).
pub fn column_type<I: Identity>() -> String
where
    I::Scheme: DbColumn,
{
    match (<I::Scheme as DbColumn>::MYSQL, kind::<I>()) {
        (Column::BigInt, Kind::U64) => "BIGINT UNSIGNED".into(),
        (Column::BigInt, _) => "BIGINT".into(),
        (Column::Numeric, _) => "DECIMAL(28,0)".into(),
        _ => format!("BINARY({})", <I::Scheme as Scheme>::BYTE_LEN),
    }
}

/// Reads `I` from a MySQL value: a value of the wrong shape is a typed [`ParseError`].
pub fn from_value<I: Identity>(value: MysqlValueRef<'_>) -> Result<I, ParseError>
where
    I::Scheme: DbColumn,
{
    let db = match value {
        // Raw bytes have exactly the shape's length, and no fixed-width text form has it (each
        // spells the bytes in more characters), so text in a binary collation reads as text.
        MysqlValueRef::Binary(b)
            if <I::Scheme as DbColumn>::MYSQL == Column::Bytes && b.len() == <I::Scheme as Scheme>::BYTE_LEN =>
        {
            DbValue::Bytes(IdBytes::try_new(b).ok_or(ParseError::bytes(<I::Scheme as Scheme>::BYTE_LEN, b.len()))?)
        }
        // Another length: text in a binary collation (an ID's text is printable ASCII), or else
        // the wrong number of bytes, which is what the error then says.
        MysqlValueRef::Binary(b) if <I::Scheme as DbColumn>::MYSQL == Column::Bytes && !is_printable(b) => {
            return Err(ParseError::bytes(<I::Scheme as Scheme>::BYTE_LEN, b.len()));
        }
        MysqlValueRef::Binary(t) => return from_text::<I>(t),
        MysqlValueRef::Text(t) => return from_text::<I>(t),
        MysqlValueRef::Decimal(digits) => match kind::<I>() {
            Kind::Decimal => DbValue::Text(IdText::try_from_str(digits).ok_or_else(not_digits::<I>)?),
            _ => return Err(not_held::<I>(Column::Numeric)),
        },
        MysqlValueRef::Int(v) => DbValue::BigInt(v),
        MysqlValueRef::UnsignedInt(v) => DbValue::UnsignedBigInt(v),
    };
    <I::Scheme as DbColumn>::from_db(db).map(I::from_scheme)
}

/// The type's own text (a `CHAR` column pads nothing: MySQL strips the padding on the way
/// out); for a GUID shape, also the hyphenated text MariaDB's `UUID` column sends.
fn from_text<I: Identity>(text: &[u8]) -> Result<I, ParseError>
where
    I::Scheme: DbColumn,
{
    let text = core::str::from_utf8(text)
        .map_err(|_| ParseError::Invalid { scheme: I::Scheme::NAME, reason: InvalidReason::not_utf8() })?;
    let error = match crate::db::from_db_text::<I>(text) {
        Ok(id) => return Ok(id),
        Err(e) => e,
    };
    // Not for .NET-order GUIDs: their BINARY(16) bytes are not their text's, so a `UUID`
    // column does not hold them (the guide says so).
    let uuid_text = text.len() == 36 && text.as_bytes()[8] == b'-';
    if uuid_text
        && matches!(kind::<I>(), Kind::Guid { dotnet_bytes: false } | Kind::U128)
        && let Some(t) = IdText::try_from_str(text)
        && let Ok(scheme) = <I::Scheme as DbColumn>::from_db(DbValue::Text(t))
    {
        return Ok(I::from_scheme(scheme));
    }
    Err(error)
}

fn is_printable(bytes: &[u8]) -> bool {
    bytes.iter().all(|b| (0x20..0x7f).contains(b))
}

fn not_held<I: Identity>(column: Column) -> ParseError {
    ParseError::Invalid { scheme: I::Scheme::NAME, reason: InvalidReason::column_type(column) }
}

fn not_digits<I: Identity>() -> ParseError {
    not_held::<I>(Column::Numeric)
}
