//! One derived type per scheme, with the default text form: shared by the test crates that
//! exercise every scheme the same way.
#![allow(dead_code)] // each test crate uses some of them

use idcraft::{Decimal, Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "comb_sql")]
pub struct SqlComb(pub Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub struct PgComb(pub Uuid);

#[derive(Identity)]
#[id(scheme = "comb_legacy")]
pub struct LegacyComb(pub Uuid);

#[derive(Identity)]
#[id(scheme = "comb_binary")]
pub struct BinaryComb(pub Uuid);

#[derive(Identity)]
#[id(scheme = "hot")]
pub struct Hot(pub Uuid);

#[derive(Identity)]
#[id(scheme = "distributed")]
pub struct Dist(pub Decimal);

#[derive(Identity)]
#[id(scheme = "distributed128")]
pub struct Dist128(pub u128);

#[derive(Identity)]
#[id(scheme = "sno")]
pub struct SnoId(pub [u8; 10]);

#[derive(Identity)]
#[id(scheme = "uid64")]
pub struct Local(pub u64);

#[derive(Identity)]
#[id(scheme = "uid96")]
pub struct Global(pub [u8; 12]);
