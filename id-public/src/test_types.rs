//! Hand-written ID types for the unit tests (the derive's output names the `idcraft` facade,
//! which this crate cannot depend on): two types of one scheme and prefix that differ only in
//! their bind names, so that bound keys are all that tells their tokens apart.

use core::fmt;
use idcraft_core::scheme::Uuid7;
use idcraft_core::{Encoding, Identity};

macro_rules! test_type {
    ($name:ident, $bind:literal) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub(crate) struct $name(pub(crate) Uuid7);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl Identity for $name {
            type Scheme = Uuid7;
            type Storage = Uuid7;
            const TYPE_NAME: &'static str = stringify!($name);
            const MODULE_PATH: &'static str = module_path!();
            const BIND: Option<&'static str> = Some($bind);
            const PREFIX: Option<&'static str> = Some("bill");
            const ENCODING: Encoding = Encoding::Canonical;

            fn from_storage(storage: Uuid7) -> Self {
                $name(storage)
            }

            fn storage(&self) -> Uuid7 {
                self.0
            }
        }
    };
}

test_type!(Billing, "shop.billing");
test_type!(Shipping, "shop.shipping");
