//! The sqlx impls `#[derive(Identity)]` emits, shared by the sqlx releases (`sqlx08`, `sqlx09`)
//! and their backends: `__private.rs` gates each release's backend by its feature and calls
//! `__idcraft_sqlx!(backend, $ty, release)` with the release's path.

/// sqlx's traits of the database `$backend` (`postgres`, `sqlite`, `mysql`) for `$ty`, in the
/// sqlx release `$v` (`sqlx08`, `sqlx09`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx {
    (postgres, $ty:ident, $v:ident) => {
        $crate::__idcraft_sqlx!(@impls $ty, $v, Postgres, postgres, PgTypeInfo, PgValueRef);

        #[automatically_derived]
        impl $crate::__private::$v::sqlx::postgres::PgHasArrayType for $ty {
            fn array_type_info() -> $crate::__private::$v::sqlx::postgres::PgTypeInfo {
                $crate::__private::$v::postgres::column_type::<Self>(true)
            }
        }
    };
    (sqlite, $ty:ident, $v:ident) => {
        $crate::__idcraft_sqlx!(@impls $ty, $v, Sqlite, sqlite, SqliteTypeInfo, SqliteValueRef);
    };
    (mysql, $ty:ident, $v:ident) => {
        $crate::__idcraft_sqlx!(@impls $ty, $v, MySql, mysql, MySqlTypeInfo, MySqlValueRef);
    };
    // `Type`, `Encode` and `Decode` of sqlx's `$db`: each calls the function of the same name in
    // idcraft's `$backend` module, whose name is also sqlx's module of `$type_info` and
    // `$value_ref`.
    (@impls $ty:ident, $v:ident, $db:ident, $backend:ident, $type_info:ident, $value_ref:ident) => {
        #[automatically_derived]
        impl $crate::__private::$v::sqlx::Type<$crate::__private::$v::sqlx::$db> for $ty {
            fn type_info() -> $crate::__private::$v::sqlx::$backend::$type_info {
                $crate::__private::$v::$backend::type_info::<Self>()
            }

            fn compatible(ty: &$crate::__private::$v::sqlx::$backend::$type_info) -> bool {
                $crate::__private::$v::$backend::compatible(ty)
            }
        }

        #[automatically_derived]
        impl<'q> $crate::__private::$v::sqlx::Encode<'q, $crate::__private::$v::sqlx::$db> for $ty {
            fn encode_by_ref(
                &self,
                buf: &mut $crate::__private::$v::$backend::Args<'q>,
            ) -> ::core::result::Result<
                $crate::__private::$v::sqlx::encode::IsNull,
                $crate::__private::$v::sqlx::error::BoxDynError,
            > {
                $crate::__private::$v::$backend::encode(self, buf)
            }
        }

        #[automatically_derived]
        impl<'r> $crate::__private::$v::sqlx::Decode<'r, $crate::__private::$v::sqlx::$db> for $ty {
            fn decode(
                value: $crate::__private::$v::sqlx::$backend::$value_ref<'r>,
            ) -> ::core::result::Result<Self, $crate::__private::$v::sqlx::error::BoxDynError> {
                $crate::__private::$v::$backend::decode(value)
            }
        }
    };
}
