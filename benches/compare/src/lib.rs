//! Nothing to build: the comparison is `benches/tokens.rs`.
