//! HotGuid: the value, its text, its machine bytes and its generator. What the scheme is
//! (layout, source, ordering) is documented on [`HotGuid`], its only public path being
//! `scheme::HotGuid`.

mod generator;
mod facts;
mod layout;
mod machine;
#[cfg(test)]
mod tests;
mod text;

pub use generator::HotGuidGenerator;
pub use layout::HotGuid;

#[cfg(test)]
use generator::*;
