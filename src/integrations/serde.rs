//! serde: a derived ID is its text in human-readable formats and its bytes otherwise (the
//! work is in `idcraft_core::glue::serde_support`).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_serde {
    ($ty:ident) => {
        #[automatically_derived]
        impl $crate::__private::serde::Serialize for $ty {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::__private::serde_support::serialize(self, serializer)
            }
        }

        #[automatically_derived]
        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::__private::serde_support::deserialize(deserializer)
            }
        }
    };
}
