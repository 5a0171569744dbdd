//! Users with strict lint settings must never see warnings from generated code: this crate
//! derives public ID types for every scheme under `deny(warnings, missing_docs)` and clippy's
//! pedantic group (CI runs clippy on all targets with `-D warnings`).
#![deny(warnings, missing_docs, unused_qualifications, clippy::pedantic)]

use idcraft::{Decimal, Identity, Uuid};

/// Lint check.
#[derive(Identity)]
#[id(scheme = "comb_sql")]
pub struct A(Uuid);

/// Lint check.
#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "b", encoding = "base62")]
pub struct B(Uuid);

/// Lint check.
#[derive(Identity)]
#[id(scheme = "comb_legacy")]
pub struct C(Uuid);

/// Lint check.
#[derive(Identity)]
#[id(scheme = "comb_binary")]
pub struct D(Uuid);

/// Lint check.
#[derive(Identity)]
#[id(scheme = "hot")]
pub struct E(Uuid);

/// Lint check.
#[derive(Identity)]
#[id(scheme = "distributed", encoding = "hex")]
pub struct F(Decimal);

/// Lint check.
#[derive(Identity)]
#[id(scheme = "distributed128")]
pub struct G(u128);

/// Lint check.
#[derive(Identity)]
#[id(scheme = "sno", prefix = "evt")]
pub struct H([u8; 10]);

/// Lint check.
#[derive(Identity)]
#[id(scheme = "uid64")]
pub struct I(u64);

/// Lint check.
#[derive(Identity)]
#[id(scheme = "uid96")]
pub struct J([u8; 12]);

#[test]
fn strict_lints_compile() {
    assert!(A::new() < A::new());
    assert_eq!(F::new().to_string().len(), 26);
    assert!(H::new().to_string().starts_with("evt_"));
    let _ = (B::new(), C::new(), D::new(), E::new(1), G::new(), I::new(), J::new());
}
