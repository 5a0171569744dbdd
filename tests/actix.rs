//! The actix-web 4 extractors, through actix's test service: the same 404/400 rule as axum's,
//! keys from `web::Data`, and JSON bodies under `scope_keys`.
#![cfg(all(feature = "actix4", feature = "serde"))]

#[path = "support/tokens.rs"]
mod tokens;

use actix_web::{App, HttpResponse, test, web};
use idcraft::public::actix::{IdPath, IdQuery, PublicPath, scope_keys};
use idcraft::public::{AesKey, Public, PublicIds, as_token};
use idcraft::{Identity, Uuid};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tokens::flip;

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
struct OrderId(Uuid);

#[derive(Identity)]
#[id(scheme = "uid64", prefix = "cus")]
struct CustomerId(u64);

#[derive(Deserialize)]
struct Search {
    #[serde(with = "as_token")]
    customer: CustomerId,
    #[serde(default, with = "as_token::vec")]
    ids: Vec<OrderId>,
}

#[derive(Serialize, Deserialize)]
struct Note {
    #[serde(with = "as_token")]
    order: OrderId,
    text: String,
}

async fn one(PublicPath(o): PublicPath<OrderId>) -> String {
    o.to_string()
}

async fn pair(IdPath((Public(c), Public(o))): IdPath<(Public<CustomerId>, Public<OrderId>)>) -> String {
    format!("{c} {o}")
}

async fn plain(IdPath(o): IdPath<OrderId>) -> String {
    o.to_string()
}

async fn search(IdQuery(q): IdQuery<Search>) -> String {
    format!("{} {}", q.customer, q.ids.len())
}

async fn note(PublicPath(o): PublicPath<OrderId>, body: web::Json<Note>) -> HttpResponse {
    HttpResponse::Ok().json(Note { order: o, text: format!("re {}", body.text) })
}

fn keys(byte: u8) -> web::Data<PublicIds> {
    web::Data::from(Arc::new(PublicIds::new(AesKey::new(&[byte; 32]).unwrap()).bound_to_types()))
}

macro_rules! app {
    ($data:expr) => {
        test::init_service(
            App::new()
                .app_data($data)
                .wrap_fn(scope_keys)
                .route("/orders/{order}", web::get().to(one))
                .route("/orders/{order}/notes", web::post().to(note))
                .route("/customers/{customer}/orders/{order}", web::get().to(pair))
                .route("/plain/{id}", web::get().to(plain))
                .route("/two/{a}/{b}", web::get().to(one))
                .route("/search", web::get().to(search)),
        )
        .await
    };
}

macro_rules! call {
    ($app:expr, $request:expr) => {{
        let response = test::call_service(&$app, $request.to_request()).await;
        let status = response.status().as_u16();
        (status, String::from_utf8(test::read_body(response).await.to_vec()).unwrap())
    }};
}

macro_rules! get {
    ($app:expr, $path:expr) => {
        call!($app, test::TestRequest::get().uri(AsRef::<str>::as_ref(&$path)))
    };
}

#[actix_web::test]
async fn paths_and_queries_answer_404_and_400_for_every_bad_value() {
    let data = keys(1);
    let app = app!(data.clone());
    let (c, o) = (CustomerId::new(), OrderId::new());
    let (ct, ot) = (data.to_public(&c).to_string(), data.to_public(&o).to_string());
    assert_eq!(get!(app, format!("/orders/{ot}")), (200, o.to_string()));
    assert_eq!(get!(app, format!("/customers/{ct}/orders/{ot}")), (200, format!("{c} {o}")));
    assert_eq!(get!(app, format!("/plain/{o}")), (200, o.to_string()));
    assert_eq!(get!(app, format!("/search?customer={ct}&ids={ot},{ot}")), (200, format!("{c} 2")));
    // Repeated parameters (utoipa's default for arrays) read the same; it answered 400.
    assert_eq!(get!(app, format!("/search?customer={ct}&ids={ot}&ids={ot},{ot}")), (200, format!("{c} 3")));
    assert_eq!(get!(app, format!("/search?customer={ct}&ids={ot},,{ot}")).0, 400);

    for path in [
        format!("/orders/{o}"),
        format!("/orders/{ct}"),
        format!("/orders/{}", flip(&ot)),
        format!("/orders/{}", &ot[..ot.len() - 1]),
        format!("/orders/{}", data.to_public(&OrderId::new()).to_string().replace("ord_", "cus_")),
        "/orders/%FF".to_owned(),
        format!("/customers/{ot}/orders/{ct}"),
        format!("/customers/{ct}/orders/{}", flip(&ot)),
        format!("/plain/{ot}"),
        format!("/orders/{}", "A".repeat(3000)),
    ] {
        assert_eq!(get!(app, path), (404, "not found".to_owned()), "{path}");
    }
    for query in [
        String::new(),
        format!("customer={c}"),
        format!("customer={ot}"),
        format!("customer={}", flip(&ct)),
        format!("customer={ct}&ids={ot},{}", flip(&ot)),
    ] {
        assert_eq!(get!(app, format!("/search?{query}")), (400, "bad request".to_owned()), "{query}");
    }
    // `PublicPath` on a two-parameter route is the service's error, as with axum.
    assert_eq!(get!(app, format!("/two/{ot}/{ot}")).0, 500);
}

#[actix_web::test]
async fn keys_come_from_app_data_for_paths_and_bodies() {
    let (mine, theirs) = (keys(2), keys(3));
    let (app, other) = (app!(mine.clone()), app!(theirs.clone()));
    let (o, r) = (OrderId::new(), OrderId::new());
    let (ot, rt) = (mine.to_public(&o).to_string(), mine.to_public(&r).to_string());
    let body = serde_json::json!({ "order": rt, "text": "hi" });
    let post = |path: String| test::TestRequest::post().uri(&path).set_json(&body);
    let (status, reply) = call!(app, post(format!("/orders/{ot}/notes")));
    assert_eq!(status, 200, "{reply}");
    let reply: serde_json::Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(reply, serde_json::json!({ "order": ot, "text": "re hi" }));
    // The other app's keys read neither the path nor the body's token.
    assert_eq!(call!(other, post(format!("/orders/{ot}/notes"))).0, 404);
    let their_path = format!("/orders/{}/notes", theirs.to_public(&o));
    assert_eq!(call!(other, post(their_path)).0, 400, "the body's token is not theirs");
}

#[actix_web::test]
async fn no_keys_anywhere_is_a_server_error_but_plain_ids_need_none() {
    // Nothing is installed in this test binary and this app has no `Data<PublicIds>`.
    let app = app!(web::Data::new(0u8));
    let o = OrderId::new();
    let token = PublicIds::new(AesKey::new(&[4; 32]).unwrap()).to_public(&o).to_string();
    assert_eq!(get!(app, format!("/orders/{token}")), (500, "internal server error".to_owned()));
    let c = PublicIds::new(AesKey::new(&[4; 32]).unwrap()).to_public(&CustomerId::new()).to_string();
    assert_eq!(get!(app, format!("/customers/{c}/orders/{token}")).0, 500);
    assert_eq!(get!(app, format!("/search?customer={c}")).0, 500);
    assert_eq!(get!(app, format!("/plain/{o}")), (200, o.to_string()));
    assert_eq!(get!(app, "/plain/nope").0, 404);
}
