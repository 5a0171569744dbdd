//! A web service whose order IDs come from a leased sno partition, and which keeps serving when
//! the lease goes: the handler calls `try_new` and answers **503** on a lease error instead of
//! panicking in `new()`, and a watcher takes a new lease and swaps the generator in with
//! `replace_default`, with no restart.
//!
//! `DATABASE_URL=postgres://… cargo run --example lease_service --features axum08,lease-postgres`
//! starts it on a free local port and walks through it: an order is created (201), the lease is
//! given up as if it had been lost (503), the watcher leases again (201). Without
//! `DATABASE_URL` it says so and exits.

use axum::Router;
use axum::http::StatusCode;
use axum::routing::post;
use idcraft::DefaultGenerator;
use idcraft::Identity;
use idcraft::lease::{Lease, LeaseConfig, LeaseRefusal, LeasedGenerator};
use idcraft::schemes::sno::SnoGenerator;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Identity)]
#[id(scheme = "sno", prefix = "ord")]
struct OrderId([u8; 10]);

/// `POST /orders`: a new order's ID, or 503 while this process holds no valid lease.
async fn create_order() -> (StatusCode, String) {
    match OrderId::try_new() {
        Ok(id) => (StatusCode::CREATED, id.to_string()),
        // The lease refused (expired, lost, or a clock outside its window): 503 until a renewal or
        // the watcher's new lease.
        Err(e) if LeaseRefusal::of(&e).is_some() => {
            (StatusCode::SERVICE_UNAVAILABLE, format!("no ID can be issued right now: {e}"))
        }
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

fn config() -> LeaseConfig {
    LeaseConfig::new("lease-service-example", 64)
        .ttl(Duration::from_secs(3))
        .renew_every(Duration::from_millis(500))
        .safety_margin(Duration::from_millis(300))
        .create_table(true)
}

/// Takes a lease (retrying while the store is away) and makes its generator the default.
fn lease_and_install(url: &str, first: bool) -> Lease {
    loop {
        match Lease::acquire(url, config()) {
            Ok(lease) => {
                let generator = SnoGenerator::leased(&lease).expect("a 16-bit slot");
                if first {
                    generator.install_default().map_err(drop).expect("before the first ID");
                } else {
                    generator.replace_default();
                }
                return lease;
            }
            Err(e) => {
                eprintln!("no lease yet: {e}");
                std::thread::sleep(Duration::from_millis(500));
            }
        }
    }
}

/// One HTTP/1.1 POST; the status code and body.
async fn post_order(addr: std::net::SocketAddr) -> std::io::Result<(String, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let request = "POST /orders HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    stream.write_all(request.as_bytes()).await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    let status = response.split(' ').nth(1).unwrap_or_default().to_owned();
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    Ok((status, body))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        println!("set DATABASE_URL to a PostgreSQL the service may create its lease table in");
        return Ok(());
    };
    // The lease lives in a slot the watcher can refill; acquiring blocks, so off the runtime.
    let lease = {
        let url = url.clone();
        tokio::task::spawn_blocking(move || lease_and_install(&url, true)).await?
    };
    let held = Arc::new(Mutex::new(Some(lease)));
    let watching = Arc::new(AtomicBool::new(true));
    // The watcher: when the lease is lost (or given up), lease again and swap the generator in.
    {
        let (held, watching) = (Arc::clone(&held), Arc::clone(&watching));
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(100));
                let gone = held.lock().unwrap().as_ref().is_none_or(Lease::is_lost);
                if gone && watching.load(Ordering::SeqCst) {
                    let fresh = lease_and_install(&url, false);
                    *held.lock().unwrap() = Some(fresh);
                }
            }
        });
    }

    let app = Router::new().route("/orders", post(create_order));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move { axum::serve(listener, app).await });

    let (status, body) = post_order(addr).await?;
    println!("with a lease:          {status} {body}");
    // Give the lease up as if it had been lost, with the watcher held off for the moment.
    watching.store(false, Ordering::SeqCst);
    let lease = held.lock().unwrap().take().expect("held");
    let slot = lease.slot();
    lease.release_async().await?;
    let (status, body) = post_order(addr).await?;
    println!("lease on slot {slot} gone: {status} {body}");
    watching.store(true, Ordering::SeqCst);
    // The watcher sees no lease, takes a new one and replaces the default generator.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (status, body) = post_order(addr).await?;
    println!("after the watcher:     {status} {body}");
    Ok(())
}
