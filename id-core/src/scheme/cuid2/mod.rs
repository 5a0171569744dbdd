//! CUID2: the value, its text, its hash and its generator. What the scheme is (layout, source,
//! ordering) is documented on [`Cuid2`], its only public path being `scheme::Cuid2`.

mod facts;
mod generator;
mod hash;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::Cuid2Generator;
pub use layout::Cuid2;
