//! A small etcd v3 client: the calls the lease makes, as JSON over HTTP/1.1 to the gRPC gateway
//! that every etcd from 3.4 on serves on its client URLs (`/v3/kv/range`, `/v3/kv/txn`,
//! `/v3/lease/grant`, `/v3/lease/keepalive`, `/v3/auth/authenticate`). No protobuf compiler at
//! build time, and no gRPC stack: one connection to one member, one call at a time, which is
//! all a renewer thread needs.
//!
//! Every call carries `Grpc-Metadata-hasleader: true`, which the gateway forwards as the gRPC
//! metadata `hasleader`: a member cut off from its cluster's leader refuses at once (`no
//! leader`) instead of holding the call until the deadline. Choosing members, reconnecting and
//! deadlines are the store's business (`super::Etcd::call`).

mod endpoint;
pub(crate) mod wire;

pub(crate) use endpoint::Endpoint;

use super::{EtcdError, EtcdOptions};
use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::client::conn::http1::{self, SendRequest};
use hyper::header::{AUTHORIZATION, CONTENT_TYPE, HOST, HeaderValue};
use hyper::{Request, StatusCode};
use hyper_util::rt::TokioIo;
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::net::TcpStream;
use tokio::task::JoinHandle;
use wire::{
    AuthenticateRequest, AuthenticateResponse, ErrorBody, GrantRequest, I64, KeyValue, LeaseIdRequest, LeaseResponse,
    RangeRequest, RangeResponse, Streamed, TxnRequest, TxnResponse,
};

const RANGE: &str = "/v3/kv/range";
const TXN: &str = "/v3/kv/txn";
const GRANT: &str = "/v3/lease/grant";
const KEEP_ALIVE: &str = "/v3/lease/keepalive";
const AUTHENTICATE: &str = "/v3/auth/authenticate";

/// The largest answer read: a namespace's live slot keys (keys only) at 65,536 slots are about
/// 6 MB; anything far beyond is not an answer to this client.
const MAX_ANSWER: usize = 64 << 20;

/// One HTTP/1.1 connection to one member, authenticated if the options say so.
pub(crate) struct Client {
    endpoint: String,
    authority: HeaderValue,
    sender: SendRequest<Full<Bytes>>,
    /// The task that drives the connection; ended with the client.
    driver: JoinHandle<()>,
    token: Option<HeaderValue>,
}

impl Drop for Client {
    fn drop(&mut self) {
        self.driver.abort();
    }
}

impl Client {
    /// Connects to `endpoint` (and authenticates). Must run on a tokio runtime, which drives
    /// the connection.
    pub(crate) async fn connect(endpoint: &Endpoint, options: &EtcdOptions) -> Result<Client, EtcdError> {
        let failed = |source: Box<dyn std::error::Error + Send + Sync>| EtcdError::Connect {
            endpoint: endpoint.given.clone(),
            source,
        };
        let tcp = TcpStream::connect((endpoint.host.as_str(), endpoint.port)).await.map_err(|e| failed(e.into()))?;
        // Calls are small and answered one at a time: Nagle's algorithm would only delay them.
        tcp.set_nodelay(true).map_err(|e| failed(e.into()))?;
        let (sender, connection) = http1::handshake(TokioIo::new(tcp)).await.map_err(|e| failed(e.into()))?;
        // The connection's own error, if any, is the next call's error too.
        let driver = tokio::spawn(async move { drop(connection.await) });
        let authority = HeaderValue::from_str(&endpoint.authority).map_err(|e| failed(e.into()))?;
        let mut client = Client { endpoint: endpoint.given.clone(), authority, sender, driver, token: None };
        if let Some((name, password)) = options.user() {
            let answer: AuthenticateResponse =
                client.post(AUTHENTICATE, &AuthenticateRequest { name, password }).await?;
            let token = HeaderValue::from_str(&answer.token)
                .map_err(|_| client.answer(AUTHENTICATE, "a token that is no header value".into()))?;
            client.token = Some(token);
        }
        Ok(client)
    }

    /// The keys of `request`'s range, with their values unless keys only were asked for.
    pub(crate) async fn range(&mut self, request: &RangeRequest) -> Result<Vec<KeyValue>, EtcdError> {
        let answer: RangeResponse = self.post(RANGE, request).await?;
        Ok(answer.kvs)
    }

    pub(crate) async fn txn(&mut self, request: &TxnRequest) -> Result<TxnResponse, EtcdError> {
        self.post(TXN, request).await
    }

    /// A new etcd lease of `ttl` seconds: its ID and the TTL granted.
    pub(crate) async fn grant(&mut self, ttl: i64) -> Result<LeaseResponse, EtcdError> {
        let answer: LeaseResponse = self.post(GRANT, &GrantRequest { ttl: I64(ttl) }).await?;
        if answer.id.0 == 0 {
            return Err(self.answer(GRANT, "a grant without a lease ID".into()));
        }
        Ok(answer)
    }

    /// One keep-alive of etcd lease `id`: its TTL from now, 0 if etcd no longer has it.
    pub(crate) async fn keep_alive(&mut self, id: i64) -> Result<i64, EtcdError> {
        // A stream of one message: the gateway answers it and ends the stream.
        let answer: Streamed<LeaseResponse> = self.post(KEEP_ALIVE, &LeaseIdRequest { id: I64(id) }).await?;
        match answer {
            Streamed { error: Some(failure), .. } => {
                let (code, message) = ErrorBody { error: Some(failure), ..ErrorBody::default() }.status();
                Err(self.status(KEEP_ALIVE, StatusCode::OK, code, message))
            }
            Streamed { result: Some(result), .. } if result.id.0 == id => Ok(result.ttl.0),
            Streamed { result: Some(result), .. } => {
                Err(self.answer(KEEP_ALIVE, format!("kept lease {} alive, not {id}", result.id.0)))
            }
            Streamed { result: None, .. } => Err(self.answer(KEEP_ALIVE, "neither a result nor an error".into())),
        }
    }

    /// POSTs `body` as JSON to `path` and reads the answer, or the gateway's error.
    async fn post<T: DeserializeOwned>(&mut self, path: &'static str, body: &impl Serialize) -> Result<T, EtcdError> {
        let http = |endpoint: &str, source: Box<dyn std::error::Error + Send + Sync>| EtcdError::Http {
            endpoint: endpoint.to_owned(),
            path,
            source,
        };
        let json = serde_json::to_vec(body).map_err(|e| http(&self.endpoint, e.into()))?;
        let mut request = Request::post(path)
            .header(HOST, self.authority.clone())
            .header(CONTENT_TYPE, "application/json")
            .header("grpc-metadata-hasleader", "true");
        if let Some(token) = &self.token {
            request = request.header(AUTHORIZATION, token.clone());
        }
        let request = request.body(Full::new(Bytes::from(json))).map_err(|e| http(&self.endpoint, e.into()))?;
        if self.sender.ready().await.is_err() {
            // Nothing was sent: the member (or a proxy) closed the idle connection.
            return Err(EtcdError::Closed { endpoint: self.endpoint.clone(), path });
        }
        let response = self.sender.send_request(request).await.map_err(|e| http(&self.endpoint, e.into()))?;
        let status = response.status();
        let body = Limited::new(response.into_body(), MAX_ANSWER)
            .collect()
            .await
            .map_err(|e| http(&self.endpoint, e))?
            .to_bytes();
        if !status.is_success() {
            let (code, message) = match serde_json::from_slice::<ErrorBody>(&body) {
                Ok(error) => error.status(),
                Err(_) => (0, String::from_utf8_lossy(&body[..body.len().min(200)]).into_owned()),
            };
            return Err(self.status(path, status, code, message));
        }
        serde_json::from_slice(&body).map_err(|e| self.answer(path, e.to_string()))
    }

    fn status(&self, path: &'static str, http: StatusCode, code: i32, message: String) -> EtcdError {
        EtcdError::Status { endpoint: self.endpoint.clone(), path, http: http.as_u16(), code, message }
    }

    fn answer(&self, path: &'static str, why: String) -> EtcdError {
        EtcdError::Answer { endpoint: self.endpoint.clone(), path, why }
    }
}

/// The end of the range of every key starting with `prefix`: the prefix with its last byte
/// below 0xFF raised by one (and what follows it dropped); `[0]`, every key, if there is none.
pub(crate) fn prefix_end(prefix: &[u8]) -> Vec<u8> {
    match prefix.iter().rposition(|&b| b < 0xFF) {
        Some(last) => {
            let mut end = prefix[..=last].to_vec();
            end[last] += 1;
            end
        }
        None => vec![0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefix_range_ends_past_every_key_it_starts() {
        assert_eq!(prefix_end(b"idcraft/lease/ns/"), b"idcraft/lease/ns0");
        assert_eq!(prefix_end(b"a\xFF\xFF"), b"b");
        assert_eq!(prefix_end(b"\xFF"), [0]);
        assert_eq!(prefix_end(b""), [0]);
    }
}
