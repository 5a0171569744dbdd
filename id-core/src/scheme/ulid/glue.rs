//! What derived ULID types and tools get: storage in a `u128` or a `Uuid` (every value of
//! either is a ULID), database columns, the fields `inspect` prints, and the derive's items.

use crate::prelude::*;

use super::Ulid;
use uuid::Uuid;

impl crate::identity::StorageOf<Ulid> for u128 {
    #[inline]
    fn from_scheme(value: Ulid) -> Self {
        value.to_u128()
    }
    #[inline]
    fn to_scheme(self) -> Ulid {
        Ulid::from_u128(self)
    }
}

impl crate::identity::StorageOf<Ulid> for Uuid {
    #[inline]
    fn from_scheme(value: Ulid) -> Self {
        value.uuid()
    }
    #[inline]
    fn to_scheme(self) -> Ulid {
        Ulid::from_uuid(self)
    }
}

/// PostgreSQL `uuid` (bytewise order: time first, as ULIDs sort); SQLite 16 bytes.
impl crate::column::DbColumn for Ulid {
    const POSTGRES: crate::column::Column = crate::column::Column::Uuid;
    const SQLITE: crate::column::Column = crate::column::Column::Bytes;

    fn to_db(&self, dialect: crate::column::Dialect) -> crate::column::DbValue {
        crate::column::guid_to_db(self.uuid(), dialect, false)
    }

    fn from_db(value: crate::column::DbValue) -> Result<Self, crate::error::ParseError> {
        crate::column::guid_from_db::<Self>(value, false).map(Ulid::from_uuid)
    }
}

impl crate::column::UuidColumn for Ulid {}
impl crate::column::BinaryColumn for Ulid {}

impl crate::scheme::describe::Describe for Ulid {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::Text;
        vec![("uuid", Text(self.uuid().to_string())), ("random", Text(self.random().to_string()))]
    }
}

/// A derived ULID type's own items: `new()`, `From<u128>` or `From<Uuid>` (whichever its
/// field is), and the fields.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_ulid {
    ($ident:ident, $storage:ty) => {
        $crate::__derive_items! {
            $ident, $storage;
            new() => ();
            storage infallible;
            accessors {
                /// The embedded Unix milliseconds.
                unix_ms -> u64;
                /// The 80-bit random part (incremented within a millisecond).
                random -> u128;
            }
        }
    };
}
