//! The sqlx impls `#[derive(Identity)]` emits, shared by the sqlx releases (`sqlx08`, `sqlx09`):
//! each release's gate in `sqlx08.rs` / `sqlx09.rs` calls these with its own path.

#[cfg(any(feature = "sqlx08-postgres", feature = "sqlx09-postgres"))]
/// sqlx's PostgreSQL traits, for the sqlx release `$v` (`sqlx08`, `sqlx09`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx_postgres {
    ($ty:ident, $v:ident) => {
        #[automatically_derived]
        impl $crate::__private::$v::sqlx::Type<$crate::__private::$v::sqlx::Postgres> for $ty {
            fn type_info() -> $crate::__private::$v::sqlx::postgres::PgTypeInfo {
                $crate::__private::$v::postgres::pg_type_info::<Self>()
            }

            fn compatible(ty: &$crate::__private::$v::sqlx::postgres::PgTypeInfo) -> bool {
                $crate::__private::$v::postgres::pg_compatible::<Self>(ty)
            }
        }

        #[automatically_derived]
        impl $crate::__private::$v::sqlx::postgres::PgHasArrayType for $ty {
            fn array_type_info() -> $crate::__private::$v::sqlx::postgres::PgTypeInfo {
                $crate::__private::$v::postgres::pg_array_type_info::<Self>()
            }
        }

        #[automatically_derived]
        impl<'q> $crate::__private::$v::sqlx::Encode<'q, $crate::__private::$v::sqlx::Postgres> for $ty {
            fn encode_by_ref(
                &self,
                buf: &mut $crate::__private::$v::sqlx::postgres::PgArgumentBuffer,
            ) -> ::core::result::Result<
                $crate::__private::$v::sqlx::encode::IsNull,
                $crate::__private::$v::sqlx::error::BoxDynError,
            > {
                $crate::__private::$v::postgres::pg_encode(self, buf)
            }
        }

        #[automatically_derived]
        impl<'r> $crate::__private::$v::sqlx::Decode<'r, $crate::__private::$v::sqlx::Postgres> for $ty {
            fn decode(
                value: $crate::__private::$v::sqlx::postgres::PgValueRef<'r>,
            ) -> ::core::result::Result<Self, $crate::__private::$v::sqlx::error::BoxDynError> {
                $crate::__private::$v::postgres::pg_decode(value)
            }
        }
    };
}

#[cfg(any(feature = "sqlx08-sqlite", feature = "sqlx09-sqlite"))]
/// sqlx's SQLite traits, for the sqlx release `$v` (`sqlx08`, `sqlx09`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx_sqlite {
    ($ty:ident, $v:ident) => {
        #[automatically_derived]
        impl $crate::__private::$v::sqlx::Type<$crate::__private::$v::sqlx::Sqlite> for $ty {
            fn type_info() -> $crate::__private::$v::sqlx::sqlite::SqliteTypeInfo {
                $crate::__private::$v::sqlite::type_info::<Self>()
            }

            fn compatible(ty: &$crate::__private::$v::sqlx::sqlite::SqliteTypeInfo) -> bool {
                $crate::__private::$v::sqlite::compatible(ty)
            }
        }

        #[automatically_derived]
        impl<'q> $crate::__private::$v::sqlx::Encode<'q, $crate::__private::$v::sqlx::Sqlite> for $ty {
            fn encode_by_ref(
                &self,
                args: &mut $crate::__private::$v::SqliteArgs<'q>,
            ) -> ::core::result::Result<
                $crate::__private::$v::sqlx::encode::IsNull,
                $crate::__private::$v::sqlx::error::BoxDynError,
            > {
                $crate::__private::$v::sqlite::encode(self, args)
            }
        }

        #[automatically_derived]
        impl<'r> $crate::__private::$v::sqlx::Decode<'r, $crate::__private::$v::sqlx::Sqlite> for $ty {
            fn decode(
                value: $crate::__private::$v::sqlx::sqlite::SqliteValueRef<'r>,
            ) -> ::core::result::Result<Self, $crate::__private::$v::sqlx::error::BoxDynError> {
                $crate::__private::$v::sqlite::decode(value)
            }
        }
    };
}

#[cfg(any(feature = "sqlx08-mysql", feature = "sqlx09-mysql"))]
/// sqlx's MySQL traits, for the sqlx release `$v` (`sqlx08`, `sqlx09`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx_mysql {
    ($ty:ident, $v:ident) => {
        #[automatically_derived]
        impl $crate::__private::$v::sqlx::Type<$crate::__private::$v::sqlx::MySql> for $ty {
            fn type_info() -> $crate::__private::$v::sqlx::mysql::MySqlTypeInfo {
                $crate::__private::$v::mysql::type_info::<Self>()
            }

            fn compatible(ty: &$crate::__private::$v::sqlx::mysql::MySqlTypeInfo) -> bool {
                $crate::__private::$v::mysql::compatible(ty)
            }
        }

        #[automatically_derived]
        impl<'q> $crate::__private::$v::sqlx::Encode<'q, $crate::__private::$v::sqlx::MySql> for $ty {
            fn encode_by_ref(
                &self,
                buf: &mut ::std::vec::Vec<u8>,
            ) -> ::core::result::Result<
                $crate::__private::$v::sqlx::encode::IsNull,
                $crate::__private::$v::sqlx::error::BoxDynError,
            > {
                $crate::__private::$v::mysql::encode(self, buf)
            }
        }

        #[automatically_derived]
        impl<'r> $crate::__private::$v::sqlx::Decode<'r, $crate::__private::$v::sqlx::MySql> for $ty {
            fn decode(
                value: $crate::__private::$v::sqlx::mysql::MySqlValueRef<'r>,
            ) -> ::core::result::Result<Self, $crate::__private::$v::sqlx::error::BoxDynError> {
                $crate::__private::$v::mysql::decode(value)
            }
        }
    };
}
