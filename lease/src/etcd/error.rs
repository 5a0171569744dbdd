//! What can go wrong between the etcd store and a member: [`EtcdError`].

use std::error::Error;
use std::fmt;

/// A call to an etcd member that did not get the answer it needed; the lease reports it as
/// [`LeaseError::Store`](crate::LeaseError::Store), from which it can be downcast.
#[derive(Debug)]
#[non_exhaustive]
pub enum EtcdError {
    /// An endpoint the store cannot use: not `http://host:port` or `host:port`.
    Endpoint {
        /// The endpoint as given.
        endpoint: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// No connection could be made to the member.
    Connect {
        /// The member's endpoint.
        endpoint: String,
        /// The socket's or HTTP handshake's error.
        source: Box<dyn Error + Send + Sync>,
    },
    /// The call could not be sent or its answer not be read: the connection broke (the
    /// member may or may not have carried the call out).
    Http {
        /// The member's endpoint.
        endpoint: String,
        /// The gateway path called (`/v3/kv/txn`, …).
        path: &'static str,
        /// The HTTP client's error.
        source: Box<dyn Error + Send + Sync>,
    },
    /// The connection was closed before the call was sent (the member did not carry it out).
    Closed {
        /// The member's endpoint.
        endpoint: String,
        /// The gateway path of the call not sent.
        path: &'static str,
    },
    /// The member refused the call: the gateway's gRPC status and message (`etcdserver: no
    /// leader`, `etcdserver: invalid auth token`, …).
    Status {
        /// The member's endpoint.
        endpoint: String,
        /// The gateway path called.
        path: &'static str,
        /// The HTTP status.
        http: u16,
        /// The gRPC status code (14 unavailable, 16 unauthenticated, …; 0 if none was given).
        code: i32,
        /// etcd's message.
        message: String,
    },
    /// The answer was not the JSON message the call expects.
    Answer {
        /// The member's endpoint.
        endpoint: String,
        /// The gateway path called.
        path: &'static str,
        /// What was wrong with it.
        why: String,
    },
}

/// gRPC's `UNAVAILABLE` and `UNAUTHENTICATED`.
const UNAVAILABLE: i32 = 14;
const UNAUTHENTICATED: i32 = 16;

impl EtcdError {
    /// Whether the member refused the call before carrying anything out, so that another
    /// member (or a fresh connection) may be asked the same at once: the connection was closed
    /// before sending, the member has no leader (it is cut off from its cluster), or the
    /// connection's auth token was not accepted.
    pub(crate) fn not_carried_out(&self) -> bool {
        match self {
            EtcdError::Closed { .. } => true,
            EtcdError::Status { code, message, .. } => {
                (*code == UNAVAILABLE && message.contains("no leader"))
                    || *code == UNAUTHENTICATED
                    || message.contains("invalid auth token")
            }
            _ => false,
        }
    }
}

impl fmt::Display for EtcdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EtcdError::Endpoint { endpoint, why } => write!(f, "etcd endpoint {endpoint:?}: {why}"),
            EtcdError::Connect { endpoint, source } => write!(f, "etcd member {endpoint}: cannot connect: {source}"),
            EtcdError::Http { endpoint, path, source } => write!(f, "etcd member {endpoint}, {path}: {source}"),
            EtcdError::Closed { endpoint, path } => {
                write!(f, "etcd member {endpoint}, {path}: the connection closed before the call was sent")
            }
            EtcdError::Status { endpoint, path, http, code, message } => {
                write!(f, "etcd member {endpoint}, {path}: {message} (HTTP {http}, gRPC code {code})")
            }
            EtcdError::Answer { endpoint, path, why } => {
                write!(f, "etcd member {endpoint}, {path}: unexpected answer: {why}")
            }
        }
    }
}

impl Error for EtcdError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            EtcdError::Connect { source, .. } | EtcdError::Http { source, .. } => Some(&**source),
            _ => None,
        }
    }
}

/// What etcd answered that a lease cannot work with.
#[derive(Debug)]
pub(super) enum Unexpected {
    /// A bound key whose value is not a number of microseconds (written by hand?).
    Bound { key: String, value: String },
    /// The cluster granted a shorter etcd lease than asked for.
    Ttl { asked: i64, granted: i64 },
    /// The bound key changed under every attempt to publish.
    Contended,
    /// A transaction's answer lacked its revision or the read it asked for.
    Answer,
}

impl std::fmt::Display for Unexpected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unexpected::Bound { key, value } => {
                write!(f, "the bound key {key} holds {value:?}, not microseconds since 1970")
            }
            Unexpected::Ttl { asked, granted } => {
                write!(f, "etcd granted a {granted} s lease where {asked} s were asked for")
            }
            Unexpected::Contended => f.write_str("the bound key kept changing under the holder"),
            Unexpected::Answer => {
                f.write_str("an etcd transaction answered without its revision or a read it asked for")
            }
        }
    }
}

impl std::error::Error for Unexpected {}
