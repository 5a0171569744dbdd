//! MongoDB's ObjectId: the value, its text and its generator. What the scheme is (layout, source,
//! ordering) is documented on [`ObjectId`], its only public path being `scheme::ObjectId`.

mod facts;
mod generator;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::ObjectIdGenerator;
pub use layout::ObjectId;
