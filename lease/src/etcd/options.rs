//! How the etcd store reaches the cluster, beyond its endpoints: [`EtcdOptions`].

use std::fmt;

/// Connection options of the etcd store, for
/// [`Lease::acquire_etcd_with`](crate::Lease::acquire_etcd_with): credentials, for a cluster
/// with authentication on.
///
/// Endpoints are `http://` (or a bare `host:port`): the store has no TLS of its own. A cluster
/// that requires TLS is reached through a TLS-terminating proxy on the application's host (a
/// sidecar), whose loopback address is then the endpoint.
///
/// ```
/// use idcraft_lease::EtcdOptions;
///
/// let options = EtcdOptions::new().with_user("ids", "secret");
/// assert!(!format!("{options:?}").contains("secret"));
/// ```
#[derive(Clone, Default)]
pub struct EtcdOptions {
    user: Option<(String, String)>,
}

impl EtcdOptions {
    /// No credentials (a cluster without authentication).
    pub fn new() -> EtcdOptions {
        EtcdOptions::default()
    }

    /// Authenticates as `name` with `password` on each new connection; the token etcd returns
    /// is sent with every call of that connection (a connection whose token was refused is
    /// replaced, and the call tried again on a fresh one within its deadline).
    ///
    /// etcd checks a password against its bcrypt hash, which takes it tens of milliseconds:
    /// connections are kept from call to call, so only a reconnection pays it, but a store
    /// timeout of a few tens of milliseconds may not leave room for it.
    pub fn with_user(mut self, name: impl Into<String>, password: impl Into<String>) -> EtcdOptions {
        self.user = Some((name.into(), password.into()));
        self
    }

    /// The user name and password, if any.
    pub(crate) fn user(&self) -> Option<(&str, &str)> {
        self.user.as_ref().map(|(name, password)| (name.as_str(), password.as_str()))
    }
}

impl fmt::Debug for EtcdOptions {
    /// The user's name, never the password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EtcdOptions").field("user", &self.user.as_ref().map(|(name, _)| name)).finish()
    }
}
