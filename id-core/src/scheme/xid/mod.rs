//! xid: the value, its text, its machine ID and its generator. What the scheme is (layout,
//! source, ordering) is documented on [`Xid`], its only public path being `scheme::Xid`.

mod facts;
mod generator;
mod layout;
mod machine;
#[cfg(test)]
mod tests;
mod text;

pub use generator::XidGenerator;
pub use layout::Xid;
