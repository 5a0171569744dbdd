//! A TCP proxy on loopback that can black-hole the network: in that state it keeps every
//! connection open and acknowledges what it receives (the kernel does) but forwards nothing,
//! in either direction, as a dead NAT or a firewall that drops packets would. Connections that
//! saw the black hole stay dead after the network is restored, as they would behind a NAT that
//! forgot them; new connections then work again. Included with `#[path]` by the lease tests
//! only (it needs the lease features' PostgreSQL client).
#![allow(dead_code)] // each test crate uses some of it

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

pub struct Proxy {
    addr: SocketAddr,
    state: Arc<State>,
}

struct State {
    /// Bumped by every black hole: a connection opened under an earlier generation is dead.
    generation: AtomicU64,
    black_holed: AtomicBool,
    stopped: AtomicBool,
}

impl State {
    fn forwards(&self, born: u64) -> bool {
        !self.black_holed.load(Ordering::SeqCst) && self.generation.load(Ordering::SeqCst) == born
    }
}

impl Proxy {
    /// A proxy on an ephemeral loopback port in front of `target`.
    pub fn start(target: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let state = Arc::new(State {
            generation: AtomicU64::new(0),
            black_holed: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
        });
        let accepting = Arc::clone(&state);
        std::thread::spawn(move || {
            for client in listener.incoming() {
                if accepting.stopped.load(Ordering::SeqCst) {
                    return;
                }
                let Ok(client) = client else { continue };
                let born = accepting.generation.load(Ordering::SeqCst);
                let Ok(server) = TcpStream::connect(target) else { continue };
                for (from, to) in [(&client, &server), (&server, &client)] {
                    let (from, to, state) =
                        (from.try_clone().unwrap(), to.try_clone().unwrap(), Arc::clone(&accepting));
                    std::thread::spawn(move || pump(from, to, &state, born));
                }
            }
        });
        Proxy { addr, state }
    }

    /// `url` with its host and port replaced by the proxy's.
    pub fn url_for(&self, url: &str) -> String {
        let (scheme, rest) = url.split_once("://").unwrap();
        let (auth, path) = rest.split_once('/').unwrap_or((rest, ""));
        let user = auth.rsplit_once('@').map(|(u, _)| format!("{u}@")).unwrap_or_default();
        format!("{scheme}://{user}{}/{path}", self.addr)
    }

    /// Stops forwarding without closing anything.
    pub fn black_hole(&self) {
        self.state.black_holed.store(true, Ordering::SeqCst);
        self.state.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// Forwards again, for connections opened from now on.
    pub fn restore(&self) {
        self.state.generation.fetch_add(1, Ordering::SeqCst);
        self.state.black_holed.store(false, Ordering::SeqCst);
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.state.stopped.store(true, Ordering::SeqCst);
        self.state.black_holed.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(self.addr); // wakes the accept loop so it sees `stopped`
    }
}

/// Copies `from` to `to` while the connection forwards; swallows everything once it does not.
fn pump(mut from: TcpStream, mut to: TcpStream, state: &State, born: u64) {
    let _ = from.set_read_timeout(Some(Duration::from_millis(200)));
    let mut buf = [0u8; 16 * 1024];
    loop {
        if state.stopped.load(Ordering::SeqCst) {
            break;
        }
        match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if state.forwards(born) && to.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
    }
    if !state.black_holed.load(Ordering::SeqCst) || state.stopped.load(Ordering::SeqCst) {
        let _ = to.shutdown(Shutdown::Both);
    }
}

/// The store's host and port from a `postgres://` URL.
pub fn target_of(url: &str) -> std::net::SocketAddr {
    let config: tokio_postgres::Config = url.parse().unwrap();
    let host = match &config.get_hosts()[0] {
        tokio_postgres::config::Host::Tcp(host) => host.clone(),
        other => panic!("the proxy needs a TCP host, not {other:?}"),
    };
    std::net::ToSocketAddrs::to_socket_addrs(&(host.as_str(), config.get_ports()[0])).unwrap().next().unwrap()
}
