//! A small HTTP service that shows internal IDs to nobody: responses carry public tokens
//! (`#[serde(with = "idcraft::public::as_token")]`) and routes read them back with
//! `PublicPath<OrderId>`, which answers 404 for any token the service did not issue.
//!
//! `cargo run --example public_service --features axum08` starts it on a free local port,
//! calls it three times (a real token, a forged one, another type's), prints what came back and
//! exits. Keys come from `IDCRAFT_PUBLIC_KEY` (base64) when set; otherwise a fresh key is made,
//! which is fine for a demo and wrong for a fleet (every process must share the key).

use axum::Json;
use axum::Router;
use axum::routing::get;
use idcraft::public::axum::PublicPath;
use idcraft::public::{AesKey, PublicIds};
use idcraft::{Identity, Uuid};
use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
struct OrderId(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "cus")]
struct CustomerId(Uuid);

#[derive(Serialize)]
struct Order {
    #[serde(with = "idcraft::public::as_token")]
    id: OrderId,
    total_cents: u64,
}

/// `GET /orders/{token}`: the order, with its ID as a token again.
async fn get_order(PublicPath(id): PublicPath<OrderId>) -> Json<Order> {
    // A real service would load the order by `id` from its database here.
    Json(Order { id, total_cents: 4_200 })
}

/// One HTTP/1.1 GET; the status line and body.
async fn fetch(addr: std::net::SocketAddr, path: &str) -> std::io::Result<(String, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").as_bytes()).await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    let status = response.lines().next().unwrap_or_default().to_owned();
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    Ok((status, body))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let key = match std::env::var("IDCRAFT_PUBLIC_KEY") {
        Ok(text) => AesKey::from_base64(text.trim())?,
        Err(_) => AesKey::generate(256)?.0,
    };
    idcraft::public::install(PublicIds::new(key).bound_to_types()).map_err(|_| "keys already installed")?;

    let app = Router::new().route("/orders/{token}", get(get_order));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move { axum::serve(listener, app).await });

    let ids = idcraft::public::installed().expect("installed above");
    let order = OrderId::new();
    let token = ids.to_public(&order).to_string();
    let customer_token = ids.to_public(&CustomerId::new()).to_string();
    let forged = format!("ord_{}", "A".repeat(token.len() - 4));
    for (what, path) in [
        ("issued token", format!("/orders/{token}")),
        ("forged token", format!("/orders/{forged}")),
        ("a customer's token", format!("/orders/{customer_token}")),
    ] {
        let (status, body) = fetch(addr, &path).await?;
        println!("{what:<20} {status:<24} {body}");
    }
    Ok(())
}
