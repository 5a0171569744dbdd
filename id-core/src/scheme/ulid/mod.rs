//! ULID: the value, its text and its generator. What the scheme is (layout, source,
//! monotonicity) is documented on [`Ulid`], its only public path being `scheme::Ulid`.

mod generator;
mod facts;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::UlidGenerator;
pub use layout::Ulid;
