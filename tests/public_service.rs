//! The example service (`examples/public_service.rs`) over HTTP: every response, success or
//! rejection, is validated against the OpenAPI document the service itself serves, with a JSON
//! Schema validator; invalid tokens in paths answer 404, in queries 400, in bodies 422; never
//! 500. Then a key rotation: old tokens still read, then refused once their key is retired.
#![cfg(all(feature = "axum08", feature = "serde", feature = "utoipa6"))]

#[path = "../examples/public_service.rs"]
#[allow(dead_code, unreachable_pub)]
mod service;

#[path = "support/tokens.rs"]
mod tokens;

use idcraft::public::AesKey;
use serde_json::{Value, json};
use service::{CustomerId, OrderId, Store, app, call, key_ring, serve};
use std::net::SocketAddr;
use tokens::flip;

/// A client that checks each answer against the served document.
struct Client {
    addr: SocketAddr,
    doc: Value,
    checked: usize,
}

impl Client {
    async fn new(addr: SocketAddr) -> Client {
        let (status, doc) = call(addr, "GET", "/openapi.json", None).await.unwrap();
        assert_eq!(status, 200);
        let doc: Value = serde_json::from_str(&doc).unwrap();
        assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"), "{doc}");
        Client { addr, doc, checked: 0 }
    }

    /// Sends the request and validates the answer against the document's response for
    /// `template` (the path as the document names it), `method` and the answer's status.
    async fn send(&mut self, method: &str, template: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let text = body.map(Value::to_string);
        let (status, answer) = call(self.addr, method, path, text.as_deref()).await.unwrap();
        assert_ne!(status, 500, "{method} {path}: {answer}");
        let documented = &self.doc["paths"][template][method.to_lowercase()]["responses"][status.to_string()];
        assert!(documented.is_object(), "{method} {path}: status {status} is not in the document ({answer})");
        let content = documented["content"].as_object().unwrap();
        let (kind, media) = content.iter().next().unwrap();
        let answer = match kind.as_str() {
            "application/json" => serde_json::from_str(&answer).unwrap_or_else(|e| panic!("{path}: {e}: {answer}")),
            _ => Value::String(answer),
        };
        let mut schema = media["schema"].clone();
        schema["components"] = self.doc["components"].clone();
        let validator = jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{e}: {schema}"));
        if let Err(e) = validator.validate(&answer) {
            panic!("{method} {path} → {status} {answer}\ndoes not fit the document: {e}\n{schema}");
        }
        self.checked += 1;
        (status, answer)
    }
}

const ONE: &str = "/customers/{customer}/orders/{order}";
const ALL: &str = "/customers/{customer}/orders";

#[tokio::test]
async fn every_response_fits_the_served_document() {
    let key = AesKey::new(&[21; 32]).unwrap();
    let keys = key_ring(key.clone(), Vec::new());
    let store = Store::default();
    let mut client = Client::new(serve(app(keys.clone(), store.clone())).await.unwrap()).await;

    // The document describes tokens, not internal IDs.
    let schemas = &client.doc["components"]["schemas"];
    let id = schemas["Order"]["properties"]["id"]["$ref"].as_str().unwrap();
    let token = &schemas[id.trim_start_matches("#/components/schemas/")];
    assert_eq!((&token["pattern"], &token["minLength"]), (&json!("^ord_([0-9A-L][0-9A-Za-z]{10}){3}$"), &json!(37)));
    assert!(token["description"].as_str().unwrap().contains("opaque public token"), "{token}");

    let c = keys.to_public(&CustomerId::new()).to_string();
    let mut orders = Vec::new();
    for total in [100, 200, 300] {
        let body = json!({ "related": orders.clone(), "total_cents": total });
        let (status, order) = client.send("POST", ALL, &format!("/customers/{c}/orders"), Some(&body)).await;
        assert_eq!(status, 201);
        assert_eq!(order["customer"], c.as_str());
        orders.push(order["id"].as_str().unwrap().to_owned());
    }
    let (status, order) = client.send("GET", ONE, &format!("/customers/{c}/orders/{}", orders[2]), None).await;
    assert_eq!((status, order["related"].as_array().unwrap().len()), (200, 2));
    let (_, page) = client.send("GET", ALL, &format!("/customers/{c}/orders"), None).await;
    assert_eq!(page["orders"].as_array().unwrap().len(), 2);
    let next = page["next"].as_str().unwrap().to_owned();
    let (_, page) = client.send("GET", ALL, &format!("/customers/{c}/orders?after={next}"), None).await;
    assert_eq!((page["orders"][0]["id"].as_str(), &page["next"]), (Some(&*orders[2]), &Value::Null));
    let picked = format!("/customers/{c}/orders?ids={},{}", orders[0], orders[2]);
    let (_, page) = client.send("GET", ALL, &picked, None).await;
    assert_eq!(page["orders"].as_array().unwrap().len(), 2);

    // Every invalid token: 404 in a path, 400 in a query, 422 in a body; bodies say nothing.
    let other_customer = keys.to_public(&CustomerId::new()).to_string();
    let internal = OrderId::new().to_string();
    for bad in [flip(&orders[0]), orders[0][..30].to_owned(), c.clone(), internal.clone(), "%FF".to_owned()] {
        let (status, body) = client.send("GET", ONE, &format!("/customers/{c}/orders/{bad}"), None).await;
        assert_eq!((status, body), (404, json!("not found")), "{bad}");
        // In the customer's place, an order's token is the wrong type's.
        let customer = if bad == c { &orders[0] } else { &bad };
        let (status, _) = client.send("GET", ONE, &format!("/customers/{customer}/orders/{}", orders[0]), None).await;
        assert_eq!(status, 404, "{customer}");
        let (status, body) = client.send("GET", ALL, &format!("/customers/{c}/orders?after={bad}"), None).await;
        assert_eq!((status, body), (400, json!("bad request")), "{bad}");
        let (status, _) =
            client.send("GET", ALL, &format!("/customers/{c}/orders?ids={},{bad}", orders[0]), None).await;
        assert_eq!(status, 400, "{bad}");
        let body = json!({ "related": [bad], "total_cents": 1 });
        let (status, _) = client.send("POST", ALL, &format!("/customers/{c}/orders"), Some(&body)).await;
        assert_eq!(status, 422, "{bad}");
    }
    // A valid order of another customer is an order that does not exist here.
    let (status, _) = client.send("GET", ONE, &format!("/customers/{other_customer}/orders/{}", orders[0]), None).await;
    assert_eq!(status, 404);
    assert_eq!(client.checked, 33, "every answer above was checked against the document");

    // Rotation: a new key with the old one as previous reads the old tokens and makes new ones.
    let new_key = AesKey::new(&[22; 32]).unwrap();
    let rotated = key_ring(new_key.clone(), vec![key]);
    let mut after = Client::new(serve(app(rotated.clone(), store.clone())).await.unwrap()).await;
    let (status, order) = after.send("GET", ONE, &format!("/customers/{c}/orders/{}", orders[0]), None).await;
    assert_eq!(status, 200);
    assert_ne!(order["id"].as_str(), Some(&*orders[0]), "written back under the new key");
    let (renewed, c2) = (order["id"].as_str().unwrap().to_owned(), order["customer"].as_str().unwrap().to_owned());
    assert_eq!(rotated.decode_str::<CustomerId>(&c2), keys.decode_str::<CustomerId>(&c));
    // Retired: the first key's tokens are refused, the second key's read.
    let retired = key_ring(AesKey::new(&[23; 32]).unwrap(), vec![new_key]);
    let mut last = Client::new(serve(app(retired, store)).await.unwrap()).await;
    let (status, _) = last.send("GET", ONE, &format!("/customers/{c}/orders/{}", orders[0]), None).await;
    assert_eq!(status, 404);
    let (status, _) = last.send("GET", ONE, &format!("/customers/{c2}/orders/{renewed}"), None).await;
    assert_eq!(status, 200);
}
