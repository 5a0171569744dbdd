//! actix-web 4 extractors, the same as the axum ones (feature `axum08`) and sharing their logic:
//! [`PublicPath<I>`], [`IdPath<T>`] and [`IdQuery<T>`], answering `404` for a path value and
//! `400` for a query value that does not decode, with the fixed bodies of [`Rejection`].
//!
//! Keys come from the application's `web::Data<PublicIds>`, else the
//! [key scope](crate::scope)'s, else the [installed](crate::install) ones. For `web::Json` bodies
//! in and out to use the same keys, wrap the app with `.wrap_fn(scope_keys)`.

use crate::layout::PublicBlock;
use crate::scope::Scoped;
use crate::token::PublicIds;
use crate::web::{self, Rejection};
use actix_web::body::BoxBody;
use actix_web::dev::{Payload, Service, ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, ResponseError};
use core::future::{Future, Ready, ready};
use idcraft_core::Identity;
use serde::de::DeserializeOwned;

pub use crate::web::Rejection as ActixRejection;

pub use crate::web::{IdPath, IdQuery, PublicPath};

fn request_keys(req: &HttpRequest) -> Option<crate::scope::Keys> {
    web::keys(req.app_data::<actix_web::web::Data<PublicIds>>().map(|d| d.clone().into_inner()))
}

impl<I> FromRequest for PublicPath<I>
where
    I: Identity + 'static,
    I::Scheme: PublicBlock,
{
    type Error = Rejection;
    type Future = Ready<Result<Self, Rejection>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let params = actix_web::web::Path::<Vec<String>>::extract(req).into_inner();
        ready(match params {
            Ok(params) => {
                web::single_token(request_keys(req), params.len(), params.first().map(String::as_str)).map(PublicPath)
            }
            Err(_) => Err(Rejection::NotFound),
        })
    }
}

// The serde extractors: `$read` deserializes the value out of the request `$req` with the
// request's keys; actix answers every deserialization failure as the client's, `$client`.
macro_rules! serde_extractor {
    ($extractor:ident, $client:expr, |$req:ident| $read:expr) => {
        impl<T> FromRequest for $extractor<T>
        where
            T: DeserializeOwned + 'static,
        {
            type Error = Rejection;
            type Future = Ready<Result<Self, Rejection>>;

            fn from_request($req: &HttpRequest, _: &mut Payload) -> Self::Future {
                ready(web::deserialize(request_keys($req), $client, || $read, |_| false).map($extractor))
            }
        }
    };
}

serde_extractor!(IdPath, Rejection::NotFound, |req| actix_web::web::Path::<T>::extract(req)
    .into_inner()
    .map(actix_web::web::Path::into_inner));
// Repeated keys read as a list (`ids=A&ids=B`), which actix's `Query` refuses.
serde_extractor!(IdQuery, Rejection::BadRequest, |req| serde_html_form::from_str::<T>(req.query_string()));

impl ResponseError for Rejection {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        HttpResponse::build(self.status_code()).content_type("text/plain; charset=utf-8").body(self.body())
    }
}

/// Middleware for `App::wrap_fn`: runs each request's service with the app's
/// `web::Data<PublicIds>` (else the scope's or installed keys) in [key scope](crate::scope), so
/// `web::Json` bodies in and out read and write tokens with them.
pub fn scope_keys<S, B>(
    request: ServiceRequest,
    service: &S,
) -> impl Future<Output = Result<ServiceResponse<B>, actix_web::Error>> + use<S, B>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
{
    let keys = request_keys(request.request());
    let response = service.call(request);
    async move {
        match keys {
            Some(keys) => Scoped::new(keys, response).await,
            None => response.await,
        }
    }
}
