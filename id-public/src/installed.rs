//! One [`PublicIds`] for the whole process, installed at start-up, for the places that cannot
//! be handed one: serde ([`as_token`](crate::as_token)) and request extractors. A
//! [key scope](crate::scope) overrides it where keys are passed explicitly.

use crate::token::PublicIds;
use core::fmt;
use std::sync::OnceLock;

static INSTALLED: OnceLock<PublicIds> = OnceLock::new();

/// Installs `ids` as the process's token keys. Once per process: keys never change under
/// running code, so a second call fails with [`InstallError::AlreadyInstalled`], which hands
/// `ids` back (rotate keys by restarting with [`PublicIds::with_previous_keys`]; keys that
/// differ per tenant or per test go in a [key scope](crate::scope)).
pub fn install(ids: PublicIds) -> Result<(), InstallError> {
    INSTALLED.set(ids).map_err(|ids| InstallError::AlreadyInstalled(Box::new(ids)))
}

/// The installed keys, if [`install`] was called.
pub fn installed() -> Option<&'static PublicIds> {
    INSTALLED.get()
}

/// Why [`install`] refused keys.
#[derive(Debug)]
#[non_exhaustive]
pub enum InstallError {
    /// The process already has keys; these are the ones that were refused.
    AlreadyInstalled(Box<PublicIds>),
}

impl InstallError {
    /// The refused keys, to use in a [key scope](crate::scope) instead.
    pub fn into_ids(self) -> PublicIds {
        match self {
            InstallError::AlreadyInstalled(ids) => *ids,
        }
    }
}

impl fmt::Display for InstallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstallError::AlreadyInstalled(_) => f.write_str(
                "public-ID keys are already installed for this process: install once at start-up (keys that differ per tenant or test go in idcraft::public::scope)",
            ),
        }
    }
}

impl std::error::Error for InstallError {}

/// What serde reports when no keys are in scope or installed: a deployment error, so it says
/// how to fix it.
#[cfg(feature = "serde")]
pub(crate) const NOT_INSTALLED: &str = "no public-ID keys in scope or installed: call idcraft::public::install(PublicIds) at start-up or run inside idcraft::public::scope";
