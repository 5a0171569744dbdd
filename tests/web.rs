//! Public tokens at the web boundary: the serde adapter and the axum extractor, over a real
//! HTTP server on a local port.
#![cfg(all(feature = "axum08", feature = "serde"))]

#[path = "support/tokens.rs"]
mod tokens;

use axum::Router;
use axum::routing::get;
use idcraft::public::axum::{IdPath, IdQuery, PublicPath, scope_keys};
use idcraft::public::{AesKey, Public, PublicIds, as_token};
use idcraft::{Identity, Uuid};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tokens::flip;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
struct OrderId(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
struct Impostor(Uuid);

#[derive(Identity)]
#[id(scheme = "sno", prefix = "cus")]
struct CustomerId([u8; 10]);

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
    send(addr, "GET", path, None).await
}

async fn send(addr: std::net::SocketAddr, method: &str, path: &str, json: Option<&str>) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = json.unwrap_or("");
    let kind = if json.is_some() { "Content-Type: application/json\r\n" } else { "" };
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\n{kind}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
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
    assert_eq!(fetch(addr, "/orders/nope").await, (404, "not found".to_owned()));
    // `PublicPath` on a route with two parameters is a deployment error, not the client's:
    // such routes take `IdPath` (below).
    assert_eq!(fetch(addr, &format!("/a/{token}/b/{token}")).await.0, 500);
}

async fn serve(app: Router) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

/// Path parameters as a struct: tokens through `as_token`, a plain derived ID as its text.
#[derive(Deserialize)]
struct LinePath {
    #[serde(with = "as_token")]
    customer: CustomerId,
    #[serde(with = "as_token")]
    order: OrderId,
    line: u32,
}

#[derive(Deserialize)]
struct Search {
    #[serde(with = "as_token")]
    customer: CustomerId,
    #[serde(default, with = "as_token::option")]
    after: Option<OrderId>,
    #[serde(default, with = "as_token::vec")]
    ids: Vec<OrderId>,
    /// A plain derived ID, in its own text.
    #[serde(default)]
    since: Option<OrderId>,
}

fn nested_routes() -> Router {
    async fn order(IdPath((Public(c), Public(o))): IdPath<(Public<CustomerId>, Public<OrderId>)>) -> String {
        format!("{c} {o}")
    }
    async fn line(IdPath(p): IdPath<LinePath>) -> String {
        format!("{} {} {}", p.customer, p.order, p.line)
    }
    async fn plain(IdPath(id): IdPath<OrderId>) -> String {
        id.to_string()
    }
    async fn search(IdQuery(q): IdQuery<Search>) -> String {
        let ids: Vec<String> = q.ids.iter().map(ToString::to_string).collect();
        format!(
            "{} {:?} [{}] {:?}",
            q.customer,
            q.after.map(|a| a.to_string()),
            ids.join(","),
            q.since.map(|s| s.to_string())
        )
    }
    Router::new()
        .route("/customers/{customer}/orders/{order}", get(order))
        .route("/customers/{customer}/orders/{order}/lines/{line}", get(line))
        .route("/plain/{id}", get(plain))
        .route("/search", get(search))
}

#[tokio::test]
async fn nested_routes_take_tuples_structs_and_plain_ids() {
    let addr = serve(nested_routes()).await;
    let (c, o) = (CustomerId::new(), OrderId::new());
    let (ct, ot) = (ids().to_public(&c).to_string(), ids().to_public(&o).to_string());
    assert_eq!(fetch(addr, &format!("/customers/{ct}/orders/{ot}")).await, (200, format!("{c} {o}")));
    assert_eq!(fetch(addr, &format!("/customers/{ct}/orders/{ot}/lines/3")).await, (200, format!("{c} {o} 3")));
    assert_eq!(fetch(addr, &format!("/plain/{o}")).await, (200, o.to_string()));

    let mut bad_paths = Vec::new();
    for (bc, bo) in [
        (ct.clone(), ct.clone()),                    // a customer's token as the order
        (ot.clone(), ot.clone()),                    // an order's token as the customer
        (c.to_string(), ot.clone()),                 // the internal ID
        (ct.clone(), flip(&ot)),                     // forged
        (ct.clone(), ot[..ot.len() - 1].to_owned()), // truncated
        (ct.clone(), "%FF%FE".to_owned()),           // not UTF-8
        ("A".repeat(3000), ot.clone()),              // long
    ] {
        bad_paths.push(format!("/customers/{bc}/orders/{bo}"));
        bad_paths.push(format!("/customers/{bc}/orders/{bo}/lines/1"));
    }
    bad_paths.push(format!("/customers/{ct}/orders/{ot}/lines/x"));
    bad_paths.push(format!("/customers/{ct}/orders/{ot}/lines/99999999999"));
    bad_paths.push(format!("/plain/{ot}"));
    bad_paths.push(format!("/plain/{}", flip(&o.to_string())[..10].to_owned()));
    for path in bad_paths {
        assert_eq!(fetch(addr, &path).await, (404, "not found".to_owned()), "{path}");
    }
}

#[tokio::test]
async fn query_strings_take_tokens_options_lists_and_plain_ids() {
    let addr = serve(nested_routes()).await;
    let c = CustomerId::new();
    let (o1, o2) = (OrderId::new(), OrderId::new());
    let t = |o: &OrderId| ids().to_public(o).to_string();
    let ct = ids().to_public(&c).to_string();
    assert_eq!(fetch(addr, &format!("/search?customer={ct}")).await, (200, format!("{c} None [] None")));
    assert_eq!(
        fetch(addr, &format!("/search?customer={ct}&after={}&ids={},{}&since={o1}", t(&o2), t(&o1), t(&o2))).await,
        (200, format!("{c} Some(\"{o2}\") [{o1},{o2}] Some(\"{o1}\")"))
    );
    for query in [
        String::new(),                                             // required token missing
        format!("customer={}", t(&o1)),                            // another type's token
        format!("customer={c}"),                                   // the internal ID
        format!("customer={}", flip(&ct)),                         // forged
        format!("customer={ct}&after={}", &t(&o1)[..20]),          // truncated option
        format!("customer={ct}&ids={},{}", t(&o1), flip(&t(&o2))), // one bad token in a list
        format!("customer={ct}&since={}", t(&o1)),                 // a token where a plain ID goes
        format!("customer={ct}&ids=%FF"),                          // not UTF-8
    ] {
        assert_eq!(fetch(addr, &format!("/search?{query}")).await, (400, "bad request".to_owned()), "{query}");
    }
}

/// A list as repeated parameters (`ids=A&ids=B`, utoipa's default for arrays) reads as the
/// comma-separated one did (it answered 400); empty tokens are errors in every form, and a list
/// longer than `as_token::vec::max_len()` is refused before any token is decoded.
#[tokio::test]
async fn query_lists_repeat_or_join_and_are_capped() {
    use idcraft::public::as_token::vec::{DEFAULT_MAX_LEN, max_len};
    let addr = serve(nested_routes()).await;
    let c = CustomerId::new();
    let ct = ids().to_public(&c).to_string();
    let orders: Vec<OrderId> = (0..3).map(|_| OrderId::new()).collect();
    let t: Vec<String> = orders.iter().map(|o| ids().to_public(o).to_string()).collect();
    let listed = format!("{c} None [{},{},{}] None", orders[0], orders[1], orders[2]);
    for query in [
        format!("ids={}&ids={}&ids={}", t[0], t[1], t[2]),
        format!("ids={},{},{}", t[0], t[1], t[2]),
        format!("ids={}&ids={},{}", t[0], t[1], t[2]),
        format!("ids={}%2C{}&ids={}", t[0], t[1], t[2]),
    ] {
        assert_eq!(fetch(addr, &format!("/search?customer={ct}&{query}")).await, (200, listed.clone()), "{query}");
    }
    for query in [
        format!("ids={},,{}", t[0], t[1]),
        format!("ids={},", t[0]),
        format!("ids=,{}", t[0]),
        "ids=".to_owned(),
        format!("ids={}&ids=", t[0]),
        format!("customer={ct}"), // a repeated single-valued parameter
    ] {
        assert_eq!(
            fetch(addr, &format!("/search?customer={ct}&{query}")).await,
            (400, "bad request".to_owned()),
            "{query}"
        );
    }
    assert_eq!(max_len(), DEFAULT_MAX_LEN);
    let at_cap = vec![t[0].as_str(); DEFAULT_MAX_LEN].join(",");
    assert_eq!(fetch(addr, &format!("/search?customer={ct}&ids={at_cap}")).await.0, 200);
    let over = format!("{at_cap}&ids={}", t[1]);
    assert_eq!(fetch(addr, &format!("/search?customer={ct}&ids={over}")).await, (400, "bad request".to_owned()));
}

#[derive(Serialize, Deserialize)]
struct Note {
    #[serde(with = "as_token")]
    order: OrderId,
    #[serde(default, with = "as_token::option")]
    reply_to: Option<OrderId>,
    text: String,
}

/// A tenant's router: keys from its state, for the extractors and the JSON bodies.
fn tenant(keys: Arc<PublicIds>) -> Router {
    async fn post_note(PublicPath(order): PublicPath<OrderId>, axum::Json(note): axum::Json<Note>) -> axum::Json<Note> {
        axum::Json(Note { order, reply_to: Some(note.order), text: note.text })
    }
    Router::new()
        .route("/orders/{order}/notes", axum::routing::post(post_note))
        .merge(nested_routes())
        .layer(axum::middleware::from_fn_with_state(keys, scope_keys))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn tenants_keep_their_own_keys_in_parallel() {
    let tenants: Vec<Arc<PublicIds>> =
        (0..4u8).map(|i| Arc::new(PublicIds::new(AesKey::new(&[50 + i; 32]).unwrap()).bound_to_types())).collect();
    let mut addrs = Vec::new();
    for keys in &tenants {
        addrs.push(serve(tenant(Arc::clone(keys))).await);
    }
    let mut tasks = tokio::task::JoinSet::new();
    for (i, keys) in tenants.iter().enumerate() {
        let (keys, addr, other) = (Arc::clone(keys), addrs[i], addrs[(i + 1) % addrs.len()]);
        tasks.spawn(async move {
            for _ in 0..20 {
                let (o, r) = (OrderId::new(), OrderId::new());
                let (ot, rt) = (keys.to_public(&o).to_string(), keys.to_public(&r).to_string());
                let body = format!("{{\"order\":\"{rt}\",\"text\":\"hi\"}}");
                let (status, reply) = send(addr, "POST", &format!("/orders/{ot}/notes"), Some(&body)).await;
                assert_eq!(status, 200, "{reply}");
                let reply: serde_json::Value = serde_json::from_str(&reply).unwrap();
                assert_eq!((reply["order"].as_str().unwrap(), reply["reply_to"].as_str().unwrap()), (&*ot, &*rt));
                // Another tenant reads none of it: neither the path nor the body.
                assert_eq!(send(other, "POST", &format!("/orders/{ot}/notes"), Some(&body)).await.0, 404);
                let theirs = format!("/orders/{}/notes", ids().to_public(&o));
                assert_eq!(send(addr, "POST", &theirs, Some(&body)).await.0, 404, "not the installed keys");
                let c = keys.to_public(&CustomerId::new());
                assert_eq!(fetch(addr, &format!("/customers/{c}/orders/{ot}")).await.0, 200);
                assert_eq!(fetch(other, &format!("/customers/{c}/orders/{ot}")).await.0, 404);
            }
        });
    }
    while let Some(done) = tasks.join_next().await {
        done.unwrap();
    }
}

#[tokio::test]
async fn keys_in_an_extension_serve_the_extractors() {
    let keys = Arc::new(PublicIds::new(AesKey::new(&[77; 32]).unwrap()));
    let app = nested_routes()
        .route("/orders/{order}", get(|PublicPath(o): PublicPath<OrderId>| async move { o.to_string() }));
    let addr = serve(app.layer(axum::Extension(Arc::clone(&keys)))).await;
    let (c, o) = (CustomerId::new(), OrderId::new());
    let (ct, ot) = (keys.to_public(&c), keys.to_public(&o));
    assert_eq!(fetch(addr, &format!("/orders/{ot}")).await, (200, o.to_string()));
    assert_eq!(fetch(addr, &format!("/customers/{ct}/orders/{ot}")).await, (200, format!("{c} {o}")));
    assert_eq!(fetch(addr, &format!("/search?customer={ct}&ids={ot}")).await.0, 200);
    // The extension's keys, not the installed ones.
    assert_eq!(fetch(addr, &format!("/orders/{}", ids().to_public(&o))).await.0, 404);
    assert_eq!(fetch(addr, &format!("/search?customer={}", ids().to_public(&c))).await.0, 400);
}

/// The recipe for documenting a list of tokens in a query string: utoipa's default for an
/// array parameter (`style = form`, `explode = true`) is the repeated form, and a request built
/// the way the generated document says reads back the IDs.
#[cfg(feature = "utoipa6")]
#[tokio::test]
async fn openapi_documented_lists_are_the_form_requests_send() {
    use idcraft::public::TokenOf;
    use utoipa::IntoParams;

    #[derive(Deserialize, IntoParams)]
    #[into_params(parameter_in = Query)]
    #[allow(dead_code)]
    struct Listed {
        /// The orders, as public tokens.
        #[serde(default, with = "as_token::vec")]
        #[param(value_type = Vec<TokenOf<OrderId>>)]
        ids: Vec<OrderId>,
    }

    async fn listed(IdQuery(q): IdQuery<Listed>) -> String {
        q.ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
    }
    let addr = serve(Router::new().route("/listed", get(listed))).await;

    let params = serde_json::to_value(Listed::into_params(|| None)).unwrap();
    let param = &params[0];
    assert_eq!((param["name"].as_str(), param["in"].as_str()), (Some("ids"), Some("query")), "{params}");
    assert_eq!(param["schema"]["type"], "array", "{params}");
    let items = &param["schema"]["items"];
    assert!(items.get("$ref").is_some() || items.get("pattern").is_some(), "token items: {params}");
    // OpenAPI's default for a query array is style form, explode true: one `ids=` per item.
    let exploded = param.get("explode").is_none_or(|e| e == true) && param.get("style").is_none_or(|s| s == "form");
    assert!(exploded, "{params}");

    let orders: Vec<OrderId> = (0..2).map(|_| OrderId::new()).collect();
    let query: Vec<String> = orders.iter().map(|o| format!("ids={}", ids().to_public(o))).collect();
    let expected = orders.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
    assert_eq!(fetch(addr, &format!("/listed?{}", query.join("&"))).await, (200, expected));
}
