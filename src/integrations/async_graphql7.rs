//! async-graphql 7: a derived ID is a GraphQL scalar holding its text (through serde).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_async_graphql7 {
    ($ty:ident) => {
        $crate::__private::async_graphql::scalar!($ty);
    };
}
