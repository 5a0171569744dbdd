//! Endpoints as users write them (`http://etcd-0:2379`, `etcd-0:2379`, `http://[::1]:2379`),
//! read once when the lease is acquired, so that a typo fails at once instead of at each
//! reconnection.

use crate::etcd::EtcdError;

/// etcd's client port, for an endpoint that names none.
const DEFAULT_PORT: u16 = 2379;

/// A member's client URL, as the HTTP client needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Endpoint {
    /// As given, for errors.
    pub(crate) given: String,
    /// The host to connect to (an IPv6 address without its brackets).
    pub(crate) host: String,
    pub(crate) port: u16,
    /// `host:port` as the `Host` header carries it (brackets kept).
    pub(crate) authority: String,
}

impl Endpoint {
    pub(crate) fn parse(given: &str) -> Result<Endpoint, EtcdError> {
        let invalid = |why| EtcdError::Endpoint { endpoint: given.to_owned(), why };
        let rest = match given.split_once("://") {
            Some((scheme, rest)) if scheme.eq_ignore_ascii_case("http") => rest,
            Some((scheme, _)) if scheme.eq_ignore_ascii_case("https") => {
                return Err(invalid(
                    "https:// is not supported: the etcd store speaks plain HTTP (reach a TLS-only cluster through a local TLS proxy)",
                ));
            }
            Some(_) => return Err(invalid("the scheme must be http://")),
            None => given,
        };
        // A trailing slash is what a copied URL often has; any other path is not the gateway's.
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        if authority.is_empty() {
            return Err(invalid("no host"));
        }
        if authority.contains(['/', '?', '#', '@']) || authority.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid("expected host:port, without a path, query or user"));
        }
        let (host, port) = if let Some(bracketed) = authority.strip_prefix('[') {
            let (host, after) = bracketed.split_once(']').ok_or_else(|| invalid("an IPv6 address lacks its ']'"))?;
            match after {
                "" => (host, None),
                _ => (host, Some(after.strip_prefix(':').ok_or_else(|| invalid("junk after the IPv6 address"))?)),
            }
        } else {
            match authority.rsplit_once(':') {
                Some((_, _)) if authority.matches(':').count() > 1 => {
                    return Err(invalid("an IPv6 address must be in brackets: http://[::1]:2379"));
                }
                Some((host, port)) => (host, Some(port)),
                None => (authority, None),
            }
        };
        if host.is_empty() {
            return Err(invalid("no host"));
        }
        let port = match port {
            None => DEFAULT_PORT,
            Some(port) => port.parse().ok().filter(|&p| p != 0).ok_or_else(|| invalid("the port is not 1 to 65535"))?,
        };
        let authority = if host.contains(':') { format!("[{host}]:{port}") } else { format!("{host}:{port}") };
        Ok(Endpoint { given: given.to_owned(), host: host.to_owned(), port, authority })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(given: &str) -> (String, u16, String) {
        let e = Endpoint::parse(given).unwrap();
        (e.host, e.port, e.authority)
    }

    #[test]
    fn endpoints_are_read_as_users_write_them() {
        let plain = ("etcd-0".to_owned(), 2379, "etcd-0:2379".to_owned());
        assert_eq!(parsed("http://etcd-0:2379"), plain);
        assert_eq!(parsed("HTTP://etcd-0:2379/"), plain);
        assert_eq!(parsed("etcd-0:2379"), plain);
        assert_eq!(parsed("etcd-0"), plain, "etcd's client port by default");
        assert_eq!(parsed("127.0.0.1:23790"), ("127.0.0.1".to_owned(), 23790, "127.0.0.1:23790".to_owned()));
        assert_eq!(parsed("http://[::1]:2380"), ("::1".to_owned(), 2380, "[::1]:2380".to_owned()));
        assert_eq!(parsed("[fe80::1]"), ("fe80::1".to_owned(), 2379, "[fe80::1]:2379".to_owned()));
    }

    #[test]
    fn unusable_endpoints_say_why() {
        for bad in [
            "",
            "http://",
            "https://etcd-0:2379",
            "unix:///run/etcd.sock",
            "http://etcd-0:2379/v3",
            "http://user@etcd-0:2379",
            "etcd-0:0",
            "etcd-0:65536",
            "etcd-0:port",
            "::1:2379",
            "[::1:2379",
            "[::1]2379",
            ":2379",
            "etcd 0:2379",
        ] {
            match Endpoint::parse(bad) {
                Err(EtcdError::Endpoint { endpoint, why }) => {
                    assert_eq!(endpoint, bad);
                    assert!(!why.is_empty());
                }
                other => panic!("{bad:?} gave {other:?}"),
            }
        }
        let https = Endpoint::parse("https://etcd-0:2379").unwrap_err().to_string();
        assert!(https.contains("https://") && https.contains("TLS"), "{https}");
    }
}
