//! A scheme whose family feature is off: one error, at the attribute, naming the feature.
#[test]
fn schemes_that_are_off() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
