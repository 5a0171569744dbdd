//! The keys a master key gives one token format, for every type (unbound) or one type (bound):
//! one key per purpose, each derived from the master with a label of its own, so that no key
//! serves two purposes.

use crate::cmac::{Cmac, derive_key};
use crate::key::AesKey;
use crate::siv::Siv;
use crate::token_format::TokenFormat;
use idcraft_core::Identity;

/// The keys of one master key for one label.
///
/// Each purpose has its own derivation label, `idcraft public-id v1 {purpose} {label}`, and the
/// purposes (`enc`, `mac`, `siv-mac`, `siv-ctr`) differ in their first character or, for the two
/// SIV keys, right after `siv-`: no purpose and label can spell another's input, whatever a bind
/// name holds.
#[derive(Debug)]
pub(crate) struct KeySet {
    /// The AES key of one-block tokens: the master itself for unbound compatible tokens (they
    /// are Architect.Identities'), derived otherwise.
    pub(crate) encrypt: AesKey,
    /// The CMAC key of one-block tokens' tags.
    pub(crate) authenticate: Cmac,
    /// The AES-SIV key pair of values longer than a block. Derived with the others although
    /// only such schemes use it: deriving it later would mean keeping the master key and the
    /// label in every key set, and two more derivations cost a few AES calls, once per key.
    pub(crate) siv: Siv,
}

impl KeySet {
    pub(crate) fn new(master: &AesKey, format: TokenFormat, label: Option<&str>) -> KeySet {
        let label = label.unwrap_or("");
        let derive = |purpose: &str| derive_key(master, format!("idcraft public-id v1 {purpose} {label}").as_bytes());
        let authenticate = Cmac::new(derive("mac"));
        let encrypt =
            if format == TokenFormat::Compatible && label.is_empty() { master.clone() } else { derive("enc") };
        let siv = Siv::new(derive("siv-mac"), derive("siv-ctr"));
        KeySet { encrypt, authenticate, siv }
    }
}

/// What bound keys are derived from: the type's bind name (`#[id(bind = "...")]`, else its
/// name), its scheme and its prefix. Not its module path: that moves with the crate's name and
/// the binary it is compiled into (`shop::ids` in the server, `mint::ids` in a second binary of
/// the same package), and tokens already sent out must keep opening. The prefix is included
/// although a token of another prefix already fails to parse, so that changing a prefix
/// rotates the keys too. (Before `bind`, the label held `module::path::Type`: a type that sets
/// `bind` to that string keeps reading the tokens it issued then.)
pub(crate) fn binding_label<I: Identity>() -> String {
    format!(
        "type {} scheme {} prefix {}",
        I::BIND.unwrap_or(I::TYPE_NAME),
        <I::Scheme as idcraft_core::Scheme>::NAME,
        I::PREFIX.unwrap_or("")
    )
}
