//! Public tokens at the web boundary: the serde adapter and the axum extractor, over a real
//! HTTP server on a local port.
#![cfg(all(feature = "axum08", feature = "serde"))]

use axum::Router;
use axum::routing::get;
use idcraft::public::axum::PublicPath;
use idcraft::public::{AesKey, PublicIds};
use idcraft::{Identity, Uuid};
use serde::{Deserialize, Serialize};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
struct OrderId(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
struct Impostor(Uuid);

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Order {
    #[serde(with = "idcraft::public::as_token")]
    id: OrderId,
}

/// The process's keys (installed once for every test in this binary).
fn ids() -> &'static PublicIds {
    let _ = idcraft::public::install(PublicIds::new(AesKey::new(&[9; 32]).unwrap()).bound_to_types());
    idcraft::public::installed().unwrap()
}

#[test]
fn serde_adapter_writes_and_reads_tokens() {
    let ids = ids();
    let order = Order { id: OrderId::new() };
    let json = serde_json::to_string(&order).unwrap();
    assert_eq!(json, format!("{{\"id\":\"{}\"}}", ids.to_public(&order.id)));
    assert!(!json.contains(&order.id.to_string()), "the internal ID never appears");
    assert_eq!(serde_json::from_str::<Order>(&json).unwrap(), order);
    let e = serde_json::from_str::<Order>(&format!("{{\"id\":\"{}\"}}", order.id)).unwrap_err();
    assert!(e.to_string().contains("not a valid public ID"), "{e}");
    let e = serde_json::from_str::<Order>("{\"id\":\"ord_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"}").unwrap_err();
    assert!(e.to_string().contains("not a valid public ID"), "{e}");
}

async fn fetch(addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let status = response.split(' ').nth(1).unwrap().parse().unwrap();
    (status, response.split_once("\r\n\r\n").unwrap().1.to_owned())
}

#[tokio::test]
async fn extractor_answers_404_for_every_invalid_token() {
    async fn show(PublicPath(id): PublicPath<OrderId>) -> String {
        id.to_string()
    }
    async fn two(PublicPath(id): PublicPath<OrderId>) -> String {
        id.to_string()
    }
    let app = Router::new().route("/orders/{token}", get(show)).route("/a/{x}/b/{y}", get(two));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });

    let id = OrderId::new();
    let token = ids().to_public(&id).to_string();
    assert_eq!(fetch(addr, &format!("/orders/{token}")).await, (200, id.to_string()));
    let impostor = ids().to_public(&Impostor::new()).to_string();
    let mut flipped = token.clone().into_bytes();
    let last = flipped.len() - 1;
    flipped[last] = if flipped[last] == b'A' { b'B' } else { b'A' };
    let flipped = String::from_utf8(flipped).unwrap();
    for bad in [
        id.to_string(),      // the internal ID itself
        impostor,            // same prefix and scheme, another type
        flipped,             // one character changed
        "ord_".to_owned(),   // empty body
        "%C3%A9".repeat(20), // non-ASCII
        "A".repeat(5000),    // long
        format!("{token}A"), // too long by one
    ] {
        assert_eq!(fetch(addr, &format!("/orders/{bad}")).await.0, 404, "{bad}");
    }
    // A route with two parameters is a deployment error, not the client's.
    assert_eq!(fetch(addr, &format!("/a/{token}/b/{token}")).await.0, 500);
}
