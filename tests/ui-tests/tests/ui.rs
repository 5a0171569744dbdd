//! Compile errors of `#[derive(Identity)]`: each points at the offending token, all attribute
//! errors come at once, and no follow-on errors bury them. Snapshots are for the stable
//! toolchain named in `rust-version`; refresh with
//! `TRYBUILD=overwrite cargo test -p idcraft-ui-tests`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    // Integration impls reject what their library would get wrong, at compile time.
    t.compile_fail("tests/ui/diesel/*.rs");
}
