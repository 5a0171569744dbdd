//! A small HTTP service that shows internal IDs to nobody: tokens in paths, query strings and
//! JSON bodies, an OpenAPI document that describes exactly those tokens, keys passed through
//! the router's state, and key rotation.
//!
//! * `GET /customers/{customer}/orders/{order}`: one order (both path parameters tokens).
//! * `GET /customers/{customer}/orders?after=…&ids=…,…`: a page of the customer's orders, with
//!   an optional token to start after and an optional list of tokens to pick.
//! * `POST /customers/{customer}/orders`: a new order, whose body refers to other orders by
//!   token; answers `201` with the order.
//! * `GET /openapi.json`: the OpenAPI 3.1 document (utoipa) of all the above, including the
//!   `404`/`400` answers every invalid token gets (their fixed bodies never say which check
//!   failed).
//!
//! `cargo run --example public_service --features axum08,utoipa6` starts it on a free local
//! port, calls it, prints what came back and exits; `tests/public_service.rs` calls the same
//! app over HTTP and validates every response against the served document.
//!
//! Keys come from `IDCRAFT_PUBLIC_KEY` (base64), and `IDCRAFT_PUBLIC_PREVIOUS_KEYS` (base64,
//! comma-separated, newest first) during a rotation; without them a fresh key is made, which is
//! fine for a demo and wrong for a fleet (every process must share the keys). The demo ends with
//! a rotation: a token issued under the old key is still read by a service that lists it as a
//! previous key, and answered `404` once that key is retired.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use idcraft::public::axum::{IdPath, IdQuery, scope_keys};
use idcraft::public::{AesKey, Public, PublicIds, TokenOf, as_token};
use idcraft::{Identity, Uuid};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use utoipa::OpenApi;

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "cus")]
pub struct CustomerId(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
pub struct OrderId(Uuid);

/// An order as clients see it: every ID a token.
#[derive(Clone, Serialize, utoipa::ToSchema)]
pub struct Order {
    #[serde(with = "as_token")]
    #[schema(value_type = TokenOf<OrderId>)]
    id: OrderId,
    #[serde(with = "as_token")]
    #[schema(value_type = TokenOf<CustomerId>)]
    customer: CustomerId,
    /// Orders this one refers to.
    #[serde(with = "as_token::vec")]
    #[schema(value_type = Vec<TokenOf<OrderId>>)]
    related: Vec<OrderId>,
    total_cents: u64,
}

/// A page of orders, and the token to ask for the next one with (`after`).
#[derive(Serialize, utoipa::ToSchema)]
pub struct OrderPage {
    orders: Vec<Order>,
    #[serde(with = "as_token::option")]
    #[schema(value_type = Option<TokenOf<OrderId>>)]
    next: Option<OrderId>,
}

/// What `POST /customers/{customer}/orders` takes.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewOrder {
    #[serde(default, with = "as_token::vec")]
    #[schema(value_type = Vec<TokenOf<OrderId>>)]
    related: Vec<OrderId>,
    total_cents: u64,
}

/// The query of `GET /customers/{customer}/orders`.
#[derive(Deserialize)]
pub struct PageQuery {
    #[serde(default, with = "as_token::option")]
    after: Option<OrderId>,
    #[serde(default, with = "as_token::vec")]
    ids: Vec<OrderId>,
}

/// The service's data: orders by customer, in creation order (a real service has a database).
#[derive(Clone, Default)]
pub struct Store(Arc<Mutex<BTreeMap<CustomerId, Vec<Order>>>>);

impl Store {
    fn orders(&self, customer: CustomerId) -> Vec<Order> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).get(&customer).cloned().unwrap_or_default()
    }
}

const PAGE: usize = 2;

/// One order of a customer.
#[utoipa::path(
    get,
    path = "/customers/{customer}/orders/{order}",
    params(
        ("customer" = TokenOf<CustomerId>, Path, description = "The customer's token"),
        ("order" = TokenOf<OrderId>, Path, description = "The order's token"),
    ),
    responses(
        (status = 200, description = "The order", body = Order),
        (status = 404, description = "No such order, or an invalid token (never says which)", body = String, content_type = "text/plain"),
    )
)]
async fn get_order(
    State(store): State<Store>,
    IdPath((Public(customer), Public(order))): IdPath<(Public<CustomerId>, Public<OrderId>)>,
) -> Result<Json<Order>, (StatusCode, &'static str)> {
    let orders = store.orders(customer);
    orders.into_iter().find(|o| o.id == order).map(Json).ok_or((StatusCode::NOT_FOUND, "not found"))
}

/// A page of a customer's orders.
#[utoipa::path(
    get,
    path = "/customers/{customer}/orders",
    params(
        ("customer" = TokenOf<CustomerId>, Path, description = "The customer's token"),
        ("after" = Option<TokenOf<OrderId>>, Query, description = "Start after this order (a page's `next`)"),
        ("ids" = Option<String>, Query, description = "Only these orders: tokens separated by commas"),
    ),
    responses(
        (status = 200, description = "The orders", body = OrderPage),
        (status = 404, description = "An invalid customer token", body = String, content_type = "text/plain"),
        (status = 400, description = "An invalid token in the query (never says which)", body = String, content_type = "text/plain"),
    )
)]
async fn list_orders(
    State(store): State<Store>,
    IdPath(Public(customer)): IdPath<Public<CustomerId>>,
    IdQuery(query): IdQuery<PageQuery>,
) -> Json<OrderPage> {
    let mut orders = store.orders(customer);
    if !query.ids.is_empty() {
        orders.retain(|o| query.ids.contains(&o.id));
    }
    if let Some(after) = query.after {
        let start = orders.iter().position(|o| o.id == after).map_or(orders.len(), |i| i + 1);
        orders.drain(..start);
    }
    let next = (orders.len() > PAGE).then(|| orders[PAGE - 1].id);
    orders.truncate(PAGE);
    Json(OrderPage { orders, next })
}

/// A new order of a customer.
#[utoipa::path(
    post,
    path = "/customers/{customer}/orders",
    params(("customer" = TokenOf<CustomerId>, Path, description = "The customer's token")),
    request_body = NewOrder,
    responses(
        (status = 201, description = "The new order", body = Order),
        (status = 404, description = "An invalid customer token", body = String, content_type = "text/plain"),
        (status = 422, description = "A body that does not hold valid order tokens", body = String, content_type = "text/plain"),
    )
)]
async fn create_order(
    State(store): State<Store>,
    IdPath(Public(customer)): IdPath<Public<CustomerId>>,
    Json(new): Json<NewOrder>,
) -> (StatusCode, Json<Order>) {
    let order = Order { id: OrderId::new(), customer, related: new.related, total_cents: new.total_cents };
    store.0.lock().unwrap_or_else(|e| e.into_inner()).entry(customer).or_default().push(order.clone());
    (StatusCode::CREATED, Json(order))
}

/// The service's OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(get_order, list_orders, create_order), components(schemas(Order, OrderPage, NewOrder)))]
pub struct ApiDoc;

/// The service under `keys`, which reach the extractors and every JSON body through the
/// router's state (`scope_keys`), not through a process-wide install: one process may serve
/// several key sets (tenants, tests).
pub fn app(keys: Arc<PublicIds>, store: Store) -> Router {
    Router::new()
        .route("/customers/{customer}/orders/{order}", get(get_order))
        .route("/customers/{customer}/orders", get(list_orders).post(create_order))
        .route("/openapi.json", get(|| async { Json(ApiDoc::openapi()) }))
        .with_state(store)
        .layer(axum::middleware::from_fn_with_state(keys, scope_keys))
}

/// The key and the previous keys from the environment (see the module docs), else a fresh key.
pub fn keys_from_env() -> Result<(AesKey, Vec<AesKey>), Box<dyn std::error::Error>> {
    let current = match std::env::var("IDCRAFT_PUBLIC_KEY") {
        Ok(text) => AesKey::from_base64(text.trim())?,
        Err(_) => AesKey::generate(256)?.0,
    };
    let previous = std::env::var("IDCRAFT_PUBLIC_PREVIOUS_KEYS").unwrap_or_default();
    let previous = previous.split(',').filter(|t| !t.trim().is_empty()).map(|t| AesKey::from_base64(t.trim()));
    Ok((current, previous.collect::<Result<Vec<_>, _>>()?))
}

/// Tokens made with `current`, read with it and with `previous` (newest first).
pub fn key_ring(current: AesKey, previous: Vec<AesKey>) -> Arc<PublicIds> {
    Arc::new(PublicIds::new(current).with_previous_keys(previous).bound_to_types())
}

/// Starts `app` on a free local port.
pub async fn serve(app: Router) -> std::io::Result<std::net::SocketAddr> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(addr)
}

/// One HTTP/1.1 request; the status code and body.
pub async fn call(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    json: Option<&str>,
) -> std::io::Result<(u16, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let body = json.unwrap_or("");
    let kind = if json.is_some() { "Content-Type: application/json\r\n" } else { "" };
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\n{kind}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    let status = response.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    Ok((status, body))
}

#[allow(dead_code)] // tests/public_service.rs includes this file for `app` and `ApiDoc`
#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (key, previous) = keys_from_env()?;
    let keys = key_ring(key.clone(), previous);
    let store = Store::default();
    let addr = serve(app(Arc::clone(&keys), store.clone())).await?;

    let customer = keys.to_public(&CustomerId::new()).to_string();
    let mut tokens: Vec<String> = Vec::new();
    for total in [1_200, 3_400, 5_600] {
        let related: Vec<String> = tokens.iter().map(|t| format!("\"{t}\"")).collect();
        let body = format!("{{\"related\":[{}],\"total_cents\":{total}}}", related.join(","));
        let (status, order) = call(addr, "POST", &format!("/customers/{customer}/orders"), Some(&body)).await?;
        println!("POST a new order        {status} {order}");
        let order: serde_json::Value = serde_json::from_str(&order)?;
        tokens.push(order["id"].as_str().unwrap_or_default().to_owned());
    }
    let forged = format!("ord_{}", "A".repeat(tokens[0].len() - 4));
    for (what, path) in [
        ("an issued token", format!("/customers/{customer}/orders/{}", tokens[0])),
        ("a forged token", format!("/customers/{customer}/orders/{forged}")),
        ("a customer as order", format!("/customers/{customer}/orders/{customer}")),
        ("the first page", format!("/customers/{customer}/orders")),
        ("the next page", format!("/customers/{customer}/orders?after={}", tokens[1])),
        ("two picked", format!("/customers/{customer}/orders?ids={},{}", tokens[0], tokens[2])),
        ("a forged query", format!("/customers/{customer}/orders?after={forged}")),
    ] {
        let (status, body) = call(addr, "GET", &path, None).await?;
        println!("GET {what:<19} {status} {body}");
    }
    let (status, doc) = call(addr, "GET", "/openapi.json", None).await?;
    println!("GET /openapi.json       {status} ({} bytes)", doc.len());

    // Rotation: the service restarts with a new key and lists the old one as previous. Old
    // tokens keep working; new ones are made under the new key.
    let order = format!("/customers/{customer}/orders/{}", tokens[0]);
    let new_key = AesKey::generate(256)?.0;
    let rotated = key_ring(new_key.clone(), vec![key]);
    let rotated_addr = serve(app(Arc::clone(&rotated), store.clone())).await?;
    println!("rotated: an old token   {}", call(rotated_addr, "GET", &order, None).await?.0);
    let again = rotated.to_public(&CustomerId::new()).to_string();
    println!("rotated: a new token    {again} (under the new key)");
    // The old key retired: its tokens are refused like any forgery.
    let retired = key_ring(AesKey::generate(256)?.0, vec![new_key]);
    let retired_addr = serve(app(retired, store)).await?;
    println!("retired: an old token   {}", call(retired_addr, "GET", &order, None).await?.0);
    Ok(())
}
