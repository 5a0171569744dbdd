//! One [`PublicIds`] for the whole process, installed at start-up, for the places that cannot
//! be handed one: serde ([`as_token`](crate::as_token)) and request extractors.

use crate::token::PublicIds;
use std::sync::OnceLock;

static INSTALLED: OnceLock<PublicIds> = OnceLock::new();

/// Installs `ids` as the process's token keys. Once per process: keys never change under
/// running code, so a second call hands `ids` back as the error (rotate keys by restarting
/// with [`PublicIds::with_previous_keys`]).
pub fn install(ids: PublicIds) -> Result<(), PublicIds> {
    INSTALLED.set(ids)
}

/// The installed keys, if [`install`] was called.
pub fn installed() -> Option<&'static PublicIds> {
    INSTALLED.get()
}

/// What serde reports when nothing was installed: a deployment error, so it says how to fix it.
#[cfg(feature = "serde")]
pub(crate) const NOT_INSTALLED: &str =
    "no public-ID keys installed: call idcraft::public::install(PublicIds) at start-up";
