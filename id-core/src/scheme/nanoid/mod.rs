//! NanoID: the value, its text and its generator. What the scheme is (layout, source, how
//! characters are drawn) is documented on [`Nanoid`], its only public path being
//! `scheme::Nanoid`.

mod facts;
mod generator;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::NanoidGenerator;
pub use layout::Nanoid;
