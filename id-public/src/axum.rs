//! axum 0.8: [`PublicPath<I>`] reads an ID from the route's path parameter holding its public
//! token, under the keys [installed](crate::install) for the process.
//!
//! Any token that does not decode to an `I` (malformed, forged, another type's, from a retired
//! key) is answered `404 Not Found`, exactly as an ID that does not exist would be, so a client
//! learns nothing from probing. A route without exactly one path parameter, or a process
//! without installed keys, is a deployment error: `500`.

use crate::installed::installed;
use crate::layout::PublicBlock;
use axum::extract::{FromRequestParts, Path};
use axum::http::StatusCode;
use axum::http::request::Parts;
use idcraft_core::Identity;

/// The ID behind the route's path parameter, given as its public token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PublicPath<I>(pub I);

impl<S, I> FromRequestParts<S> for PublicPath<I>
where
    S: Send + Sync,
    I: Identity + Send,
    I::Scheme: PublicBlock,
{
    type Rejection = StatusCode;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, StatusCode> {
        let token = match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(token)) => token,
            Err(rejection) if rejection.status().is_server_error() => return Err(StatusCode::INTERNAL_SERVER_ERROR),
            Err(_) => return Err(StatusCode::NOT_FOUND),
        };
        let ids = installed().ok_or(StatusCode::INTERNAL_SERVER_ERROR)?;
        ids.decode_str(&token).map(PublicPath).map_err(|_| StatusCode::NOT_FOUND)
    }
}
