//! `derived_types!`: derived ID types declared as a table. Included by `support/mod.rs`, and with
//! `#[path]` by the tests that declare types of their own.

/// `#[derive(Identity)] #[id(scheme = "...", key = value...)] pub struct Name(pub Storage);`
/// for each row `"scheme", key = value... => Name(Storage)` (after its doc comment, if any).
macro_rules! derived_types {
    ($($(#[$doc:meta])* $scheme:literal $(, $key:ident = $value:literal)* => $name:ident($storage:tt),)*) => {$(
        $(#[$doc])*
        #[derive(Identity)]
        #[id(scheme = $scheme $(, $key = $value)*)]
        pub struct $name(pub $storage);
    )*};
}
