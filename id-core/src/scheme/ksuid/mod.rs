//! KSUID and KSUID-ms: the values, their text and their generators. What the schemes are
//! (layout, source, ordering) is documented on [`Ksuid`] and [`KsuidMs`], whose only public paths
//! are `scheme::Ksuid` and `scheme::KsuidMs`.

mod facts;
mod generator;
mod layout;
mod ms;
#[cfg(test)]
mod tests;
mod text;

pub use generator::KsuidGenerator;
pub use layout::Ksuid;
pub use ms::{KsuidMs, KsuidMsGenerator};
