//! What the web extractors share, whatever the framework: where keys come from, how a token
//! or a deserialized value is judged, and the one [`Rejection`] they answer with.
//!
//! The rule: anything the client sent that is not a valid ID or token (malformed, forged,
//! another type's, made under a retired key, the internal ID itself) is `404 Not Found` in a
//! path, exactly as an ID that does not exist, and `400 Bad Request` in a query string; the
//! body never says which check failed. Only a deployment error (no keys anywhere, a route whose
//! parameters do not fit the extractor) is `500`.

use crate::layout::PublicBlock;
use crate::scope::{self, Keys};
use crate::token::PublicIds;
use core::fmt;
use idcraft_core::Identity;
use std::sync::Arc;

// The extractors are one set of types whichever framework runs them: `actix` and `axum`
// implement their frameworks' traits for these, so a handler's types do not change with the
// framework.

/// The ID behind the route's only path parameter, given as its public token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PublicPath<I>(pub I);

/// All path parameters, deserialized (tokens decoded with the request's keys); 404 on any
/// value that does not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IdPath<T>(pub T);

/// The query string, deserialized (tokens decoded with the request's keys); 400 on any value
/// that does not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IdQuery<T>(pub T);

/// Why an extractor refused a request. Each answers a fixed status and a fixed plain-text body:
///
/// | rejection | status | body |
/// | --- | --- | --- |
/// | [`NotFound`](Rejection::NotFound) | 404 | `not found` |
/// | [`BadRequest`](Rejection::BadRequest) | 400 | `bad request` |
/// | [`Misconfigured`](Rejection::Misconfigured) | 500 | `internal server error` |
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Rejection {
    /// A path parameter that is not a valid ID or token.
    NotFound,
    /// A query string that does not hold the expected IDs or tokens.
    BadRequest,
    /// No keys in the framework's state, in scope or installed, or a route whose parameters
    /// do not fit the extractor: the service's fault, not the client's.
    Misconfigured,
}

impl Rejection {
    /// The HTTP status code.
    pub fn status(self) -> u16 {
        match self {
            Rejection::NotFound => 404,
            Rejection::BadRequest => 400,
            Rejection::Misconfigured => 500,
        }
    }

    /// The response body.
    pub fn body(self) -> &'static str {
        match self {
            Rejection::NotFound => "not found",
            Rejection::BadRequest => "bad request",
            Rejection::Misconfigured => "internal server error",
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.body())
    }
}

impl std::error::Error for Rejection {}

/// The keys for a request: those the framework's state holds, else the scope's or installed.
pub(crate) fn keys(from_state: Option<Arc<PublicIds>>) -> Option<Keys> {
    from_state.map(Keys::Scoped).or_else(scope::current)
}

/// One token that must decode to an `I`, from a route with `params` parameters.
pub(crate) fn single_token<I>(keys: Option<Keys>, params: usize, token: Option<&str>) -> Result<I, Rejection>
where
    I: Identity,
    I::Scheme: PublicBlock,
{
    let (keys, token) = match (keys, token) {
        (Some(keys), Some(token)) if params == 1 => (keys, token),
        _ => return Err(Rejection::Misconfigured),
    };
    keys.decode_str(token).map_err(|_| Rejection::NotFound)
}

/// Runs a framework's deserialization with `keys` in scope (when there are keys: plain IDs
/// need none) and judges its outcome: a failure is the client's (`client`) unless the framework
/// calls it its own (`server_error`) or a token was read with no keys anywhere.
pub(crate) fn deserialize<T, E>(
    keys: Option<Keys>,
    client: Rejection,
    run: impl FnOnce() -> Result<T, E>,
    server_error: impl FnOnce(&E) -> bool,
) -> Result<T, Rejection> {
    scope::take_missing();
    let result = match keys {
        Some(keys) => scope::with_keys(keys, run),
        None => run(),
    };
    let missing = scope::take_missing();
    judge(result, missing, client, server_error)
}

/// The verdict on a deserialization that ran elsewhere (an async one under [`scope::Scoped`]).
pub(crate) fn judge<T, E>(
    result: Result<T, E>,
    missing_keys: bool,
    client: Rejection,
    server_error: impl FnOnce(&E) -> bool,
) -> Result<T, Rejection> {
    match result {
        Ok(value) => Ok(value),
        Err(e) if missing_keys || server_error(&e) => Err(Rejection::Misconfigured),
        Err(_) => Err(client),
    }
}
