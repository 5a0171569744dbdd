//! RFC 9562 UUIDv7: the value, its text and its generator. What the scheme is (layout, source,
//! monotonicity) is documented on [`Uuid7`], its only public path being `scheme::Uuid7`.

mod generator;
mod facts;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::Uuid7Generator;
pub use layout::Uuid7;
