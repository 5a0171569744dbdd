//! axum 0.8 extractors: IDs and tokens from paths and query strings, under the keys of the
//! request (see [`scope_keys`]), else the [key scope](crate::scope)'s, else the
//! [installed](crate::install) ones.
//!
//! * [`PublicPath<I>`]: the route's one path parameter, a token of `I`.
//! * [`IdPath<T>`]: all path parameters as any `T: Deserialize`: a tuple or a struct of
//!   [`Public<I>`](crate::Public) (tokens), `#[serde(with = "as_token")]` fields, plain derived
//!   IDs (their own text) and anything else serde reads.
//! * [`IdQuery<T>`]: the query string as any `T: Deserialize`, the same way
//!   ([`as_token::option`](crate::as_token::option) and
//!   [`as_token::vec`](crate::as_token::vec) for optional and repeated IDs).
//!
//! A value that does not decode (malformed, forged, another type's, from a retired key) is
//! answered `404 Not Found` in a path, as an ID that does not exist would be, and
//! `400 Bad Request` in a query string; bodies are fixed texts that never say which check
//! failed (the table is at [`Rejection`]). Only a deployment error is `500`: no keys at all,
//! or [`PublicPath`] on a route without exactly one parameter.
//!
//! Keys per router or per tenant: add them with `axum::middleware::from_fn_with_state(keys,
//! scope_keys)`, which puts them in the request's extensions for the extractors and scopes the
//! whole handler, so `Json` bodies in and out use them too. `Extension(Arc<PublicIds>)` alone
//! serves the extractors but not the bodies.

use crate::layout::PublicBlock;
use crate::scope::{self, Keys, Scoped};
use crate::token::PublicIds;
use crate::web::{self, Rejection};
use axum::extract::{FromRequestParts, Path, Request, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use idcraft_core::Identity;
use serde::de::DeserializeOwned;
use std::sync::Arc;

pub use crate::web::{IdPath, IdQuery, PublicPath};

fn request_keys(parts: &Parts) -> Option<Keys> {
    web::keys(parts.extensions.get::<Arc<PublicIds>>().cloned())
}

impl<S, I> FromRequestParts<S> for PublicPath<I>
where
    S: Send + Sync,
    I: Identity + Send,
    I::Scheme: PublicBlock,
{
    type Rejection = Rejection;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Rejection> {
        let params = match Path::<Vec<String>>::from_request_parts(parts, state).await {
            Ok(Path(params)) => params,
            Err(rejection) if rejection.status().is_server_error() => return Err(Rejection::Misconfigured),
            // Undecodable percent escapes and the like: the client's, as any bad token.
            Err(_) => return Err(Rejection::NotFound),
        };
        web::single_token(request_keys(parts), params.len(), params.first().map(String::as_str)).map(PublicPath)
    }
}

impl<S, T> FromRequestParts<S> for IdPath<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Send,
{
    type Rejection = Rejection;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Rejection> {
        let keys = request_keys(parts);
        scope::take_missing();
        let result = match keys {
            Some(keys) => Scoped::new(keys, Path::<T>::from_request_parts(parts, state)).await,
            None => Path::<T>::from_request_parts(parts, state).await,
        };
        // axum's path extraction completes in its first poll, on this thread.
        let missing = scope::take_missing();
        web::judge(result, missing, Rejection::NotFound, |r| r.status().is_server_error()).map(|Path(v)| IdPath(v))
    }
}

impl<S, T> FromRequestParts<S> for IdQuery<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = Rejection;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Rejection> {
        let keys = request_keys(parts);
        // Repeated keys read as a list (`ids=A&ids=B`, OpenAPI's exploded arrays), which axum's
        // `Query` (serde_urlencoded) refuses.
        let query = parts.uri.query().unwrap_or_default();
        web::deserialize(keys, Rejection::BadRequest, || serde_html_form::from_str::<T>(query), |_| false).map(IdQuery)
    }
}

impl IntoResponse for Rejection {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, self.body()).into_response()
    }
}

/// Middleware that gives every request `keys`: for the extractors (in the request's
/// extensions) and for everything the handler serializes or deserializes (a
/// [key scope](crate::scope) around it). Add it with
/// `axum::middleware::from_fn_with_state(keys, scope_keys)`.
pub async fn scope_keys(State(keys): State<Arc<PublicIds>>, mut request: Request, next: Next) -> Response {
    request.extensions_mut().insert(Arc::clone(&keys));
    Scoped::new(Keys::Scoped(keys), next.run(request)).await
}
