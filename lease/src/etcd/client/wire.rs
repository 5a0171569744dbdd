//! The JSON messages of etcd's gRPC gateway: the protobuf messages of etcd's v3 API in proto3's
//! JSON mapping, as the gateway reads and writes them. Field names are the `.proto` names
//! (`create_revision`, `ID`, `TTL`); int64 fields travel as decimal strings and bytes fields as
//! standard base64; fields at their default value (0, false, empty) are left out of answers, so
//! every answer field here defaults. Only the fields the lease uses are declared: the others
//! are ignored when read.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// An int64 field: written as a decimal string, read from a string or a number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct I64(pub(crate) i64);

impl I64 {
    fn is_zero(&self) -> bool {
        self.0 == 0
    }
}

impl Serialize for I64 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for I64 {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Int64;
        impl Visitor<'_> for Int64 {
            type Value = I64;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an int64 as a decimal string or a number")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<I64, E> {
                text.parse().map(I64).map_err(|_| E::invalid_value(de::Unexpected::Str(text), &self))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<I64, E> {
                Ok(I64(n))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<I64, E> {
                i64::try_from(n).map(I64).map_err(|_| E::invalid_value(de::Unexpected::Unsigned(n), &self))
            }
        }
        deserializer.deserialize_any(Int64)
    }
}

/// A bytes field (keys, values, range ends): standard base64 with padding.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bytes(pub(crate) Vec<u8>);

impl Bytes {
    pub(crate) fn of(bytes: impl AsRef<[u8]>) -> Bytes {
        Bytes(bytes.as_ref().to_vec())
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Bytes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&STANDARD.encode(&self.0))
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Base64;
        impl Visitor<'_> for Base64 {
            type Value = Bytes;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("bytes as a base64 string")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Bytes, E> {
                STANDARD.decode(text).map(Bytes).map_err(|_| E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_str(Base64)
    }
}

/// `RangeRequest`: the key `key`, or with `range_end` every key in `[key, range_end)`.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct RangeRequest {
    pub(crate) key: Bytes,
    #[serde(skip_serializing_if = "Bytes::is_empty")]
    pub(crate) range_end: Bytes,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) keys_only: bool,
}

/// `PutRequest`, attached to etcd lease `lease` unless 0.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct PutRequest {
    pub(crate) key: Bytes,
    pub(crate) value: Bytes,
    #[serde(skip_serializing_if = "I64::is_zero")]
    pub(crate) lease: I64,
}

/// `DeleteRangeRequest` of the one key `key`.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct DeleteRequest {
    pub(crate) key: Bytes,
}

/// `RequestOp`: one operation of a transaction's branch (`{"request_put": {...}}`).
#[derive(Clone, Debug, Serialize)]
pub(crate) enum RequestOp {
    #[serde(rename = "request_range")]
    Range(RangeRequest),
    #[serde(rename = "request_put")]
    Put(PutRequest),
    #[serde(rename = "request_delete_range")]
    DeleteRange(DeleteRequest),
}

/// What a `Compare` looks at: its `target` and the field holding the value compared with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// The key's create revision (0 for an absent key).
    Create(i64),
    /// The key's last modification's revision (0 for an absent key).
    Mod(i64),
    /// The key's value.
    Value(Vec<u8>),
    /// The etcd lease the key is attached to (0 for none).
    Lease(i64),
}

/// `Compare` with `result` EQUAL (the default, left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Compare {
    pub(crate) key: Vec<u8>,
    pub(crate) target: Target,
}

impl Serialize for Compare {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("key", &Bytes(self.key.clone()))?;
        match &self.target {
            Target::Create(revision) => {
                map.serialize_entry("target", "CREATE")?;
                map.serialize_entry("create_revision", &I64(*revision))?;
            }
            Target::Mod(revision) => {
                map.serialize_entry("target", "MOD")?;
                map.serialize_entry("mod_revision", &I64(*revision))?;
            }
            Target::Value(value) => {
                map.serialize_entry("target", "VALUE")?;
                map.serialize_entry("value", &Bytes(value.clone()))?;
            }
            Target::Lease(lease) => {
                map.serialize_entry("target", "LEASE")?;
                map.serialize_entry("lease", &I64(*lease))?;
            }
        }
        map.end()
    }
}

/// `TxnRequest`: `success` if every comparison holds, else `failure`.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct TxnRequest {
    pub(crate) compare: Vec<Compare>,
    pub(crate) success: Vec<RequestOp>,
    pub(crate) failure: Vec<RequestOp>,
}

/// `LeaseGrantRequest` of a lease with an ID of etcd's choosing.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct GrantRequest {
    #[serde(rename = "TTL")]
    pub(crate) ttl: I64,
}

/// `LeaseKeepAliveRequest` and `LeaseRevokeRequest`.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct LeaseIdRequest {
    #[serde(rename = "ID")]
    pub(crate) id: I64,
}

/// `AuthenticateRequest`.
#[derive(Clone, Serialize)]
pub(crate) struct AuthenticateRequest<'a> {
    pub(crate) name: &'a str,
    pub(crate) password: &'a str,
}

/// `ResponseHeader`: the store's revision when the request was served.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Header {
    pub(crate) revision: I64,
}

/// `mvccpb.KeyValue`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub(crate) struct KeyValue {
    pub(crate) key: Bytes,
    pub(crate) create_revision: I64,
    pub(crate) mod_revision: I64,
    pub(crate) value: Bytes,
    pub(crate) lease: I64,
}

/// `RangeResponse`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct RangeResponse {
    pub(crate) kvs: Vec<KeyValue>,
}

/// `ResponseOp`: a transaction's answer to one operation (only reads are looked at).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ResponseOp {
    pub(crate) response_range: Option<RangeResponse>,
}

/// `TxnResponse`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct TxnResponse {
    pub(crate) header: Option<Header>,
    pub(crate) succeeded: bool,
    pub(crate) responses: Vec<ResponseOp>,
}

/// `LeaseGrantResponse` and `LeaseKeepAliveResponse`: the lease and its TTL (0 for a lease
/// etcd no longer has).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct LeaseResponse {
    #[serde(rename = "ID")]
    pub(crate) id: I64,
    #[serde(rename = "TTL")]
    pub(crate) ttl: I64,
}

/// A streaming call's message: the gateway wraps each answer in `result`, or reports a failure
/// in `error` (then an object with `grpc_code` and `message`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Streamed<T> {
    pub(crate) result: Option<T>,
    pub(crate) error: Option<Failure>,
}

/// `AuthenticateResponse`.
#[derive(Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct AuthenticateResponse {
    pub(crate) token: String,
}

/// The gateway's error body: `{"error": "...", "message": "...", "code": 14}` for a unary call,
/// `{"error": {"grpc_code": 14, "message": "..."}}` for a streaming one.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ErrorBody {
    pub(crate) error: Option<Failure>,
    pub(crate) message: Option<String>,
    pub(crate) code: Option<i32>,
}

/// A failure as the gateway reports it: a message alone, or with its gRPC status code.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub(crate) enum Failure {
    Message(String),
    Status {
        #[serde(default)]
        grpc_code: i32,
        #[serde(default)]
        message: String,
    },
}

impl ErrorBody {
    /// The gRPC status code (0 if the gateway gave none) and message.
    pub(crate) fn status(self) -> (i32, String) {
        match (self.error, self.message, self.code) {
            (Some(Failure::Status { grpc_code, message }), _, code) => (code.unwrap_or(grpc_code), message),
            (_, Some(message), code) => (code.unwrap_or(0), message),
            (Some(Failure::Message(message)), None, code) => (code.unwrap_or(0), message),
            (None, None, code) => (code.unwrap_or(0), String::new()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn encoded(value: &impl Serialize) -> Value {
        serde_json::to_value(value).unwrap()
    }

    #[test]
    fn int64s_are_strings_and_bytes_base64() {
        assert_eq!(encoded(&I64(-42)), json!("-42"));
        assert_eq!(encoded(&I64(i64::MAX)), json!("9223372036854775807"));
        assert_eq!(encoded(&Bytes::of("idcraft/lease/ns/")), json!("aWRjcmFmdC9sZWFzZS9ucy8="));
        assert_eq!(encoded(&Bytes::of([0xFF, 0, 0xFE])), json!("/wD+"));
        // Read back from either form an int64 may take, and refused when it is neither.
        assert_eq!(serde_json::from_value::<I64>(json!("7")).unwrap(), I64(7));
        assert_eq!(serde_json::from_value::<I64>(json!(7)).unwrap(), I64(7));
        for bad in [json!("7.5"), json!(""), json!(u64::MAX), json!(true), json!(null)] {
            assert!(serde_json::from_value::<I64>(bad.clone()).is_err(), "{bad}");
        }
        assert_eq!(serde_json::from_value::<Bytes>(json!("/wD+")).unwrap(), Bytes(vec![0xFF, 0, 0xFE]));
        for bad in [json!("not base64!"), json!("YQ"), json!(12)] {
            assert!(serde_json::from_value::<Bytes>(bad.clone()).is_err(), "{bad}");
        }
    }

    #[test]
    fn requests_carry_only_what_is_set() {
        let get = RangeRequest { key: Bytes::of("a"), ..RangeRequest::default() };
        assert_eq!(encoded(&get), json!({"key": "YQ=="}));
        let list = RangeRequest { key: Bytes::of("a/"), range_end: Bytes::of("a0"), keys_only: true };
        assert_eq!(encoded(&list), json!({"key": "YS8=", "range_end": "YTA=", "keys_only": true}));
        assert_eq!(encoded(&GrantRequest { ttl: I64(2) }), json!({"TTL": "2"}));
        assert_eq!(encoded(&LeaseIdRequest { id: I64(7587) }), json!({"ID": "7587"}));
        let auth = AuthenticateRequest { name: "ids", password: "pw" };
        assert_eq!(encoded(&auth), json!({"name": "ids", "password": "pw"}));
    }

    #[test]
    fn transactions_encode_as_the_gateway_reads_them() {
        let txn = TxnRequest {
            compare: vec![
                Compare { key: b"s".to_vec(), target: Target::Create(0) },
                Compare { key: b"s".to_vec(), target: Target::Lease(12) },
                Compare { key: b"s".to_vec(), target: Target::Value(b"me".to_vec()) },
                Compare { key: b"b".to_vec(), target: Target::Mod(9) },
            ],
            success: vec![
                RequestOp::Put(PutRequest { key: Bytes::of("s"), value: Bytes::of("me"), lease: I64(12) }),
                RequestOp::Put(PutRequest { key: Bytes::of("b"), value: Bytes::of("5"), lease: I64(0) }),
                RequestOp::DeleteRange(DeleteRequest { key: Bytes::of("s") }),
            ],
            failure: vec![RequestOp::Range(RangeRequest { key: Bytes::of("s"), ..RangeRequest::default() })],
        };
        assert_eq!(
            encoded(&txn),
            json!({
                "compare": [
                    {"key": "cw==", "target": "CREATE", "create_revision": "0"},
                    {"key": "cw==", "target": "LEASE", "lease": "12"},
                    {"key": "cw==", "target": "VALUE", "value": "bWU="},
                    {"key": "Yg==", "target": "MOD", "mod_revision": "9"},
                ],
                "success": [
                    {"request_put": {"key": "cw==", "value": "bWU=", "lease": "12"}},
                    {"request_put": {"key": "Yg==", "value": "NQ=="}},
                    {"request_delete_range": {"key": "cw=="}},
                ],
                "failure": [{"request_range": {"key": "cw=="}}],
            })
        );
    }

    /// Answers as etcd 3.4's gateway writes them (copied from a real member's replies).
    #[test]
    fn answers_decode_with_their_defaults_left_out() {
        let header = r#""header":{"cluster_id":"10325331456638595361","member_id":"759425929782081698","revision":"2","raft_term":"2"}"#;
        let range: RangeResponse = serde_json::from_str(&format!(
            r#"{{{header},"kvs":[{{"key":"Zm9v","create_revision":"2","mod_revision":"2","version":"1","value":"YmFy"}}],"count":"1"}}"#
        ))
        .unwrap();
        let kv = KeyValue {
            key: Bytes::of("foo"),
            create_revision: I64(2),
            mod_revision: I64(2),
            value: Bytes::of("bar"),
            lease: I64(0),
        };
        assert_eq!(range.kvs, std::slice::from_ref(&kv));
        let empty: RangeResponse = serde_json::from_str(&format!("{{{header}}}")).unwrap();
        assert!(empty.kvs.is_empty(), "no kvs, no count: an absent key");

        let failed: TxnResponse = serde_json::from_str(&format!(
            r#"{{{header},"responses":[{{"response_range":{{"header":{{"revision":"2"}},"kvs":[{{"key":"Zm9v","create_revision":"2","mod_revision":"2","version":"1","value":"YmFy"}}],"count":"1"}}}},{{"response_range":{{"header":{{"revision":"2"}}}}}}]}}"#
        ))
        .unwrap();
        assert!(!failed.succeeded, "false is left out");
        assert_eq!(failed.header.map(|h| h.revision), Some(I64(2)));
        assert_eq!(failed.responses[0].response_range.as_ref().map(|r| r.kvs.clone()), Some(vec![kv]));
        assert_eq!(failed.responses[1].response_range.as_ref().map(|r| r.kvs.len()), Some(0));
        let done: TxnResponse = serde_json::from_str(&format!(
            r#"{{{header},"succeeded":true,"responses":[{{"response_put":{{"header":{{"revision":"3"}}}}}},{{"response_delete_range":{{"header":{{"revision":"3"}},"deleted":"1"}}}}]}}"#
        ))
        .unwrap();
        assert!(done.succeeded && done.responses.iter().all(|op| op.response_range.is_none()));

        let granted: LeaseResponse =
            serde_json::from_str(&format!(r#"{{{header},"ID":"4081002450584207880","TTL":"2"}}"#)).unwrap();
        assert_eq!((granted.id, granted.ttl), (I64(4081002450584207880), I64(2)));
        let kept: Streamed<LeaseResponse> =
            serde_json::from_str(&format!(r#"{{"result":{{{header},"ID":"4081002450584207884","TTL":"5"}}}}"#))
                .unwrap();
        assert_eq!(kept.result.map(|r| r.ttl), Some(I64(5)));
        // An expired or unknown lease: kept alive with no TTL.
        let gone: Streamed<LeaseResponse> =
            serde_json::from_str(&format!(r#"{{"result":{{{header},"ID":"12345"}}}}"#)).unwrap();
        assert_eq!(gone.result.map(|r| (r.id, r.ttl)), Some((I64(12345), I64(0))));
        let token: AuthenticateResponse = serde_json::from_str(&format!(r#"{{{header},"token":"abc.7"}}"#)).unwrap();
        assert_eq!(token.token, "abc.7");
    }

    #[test]
    fn errors_decode_from_unary_and_streaming_calls() {
        let unary: ErrorBody =
            serde_json::from_str(r#"{"error":"etcdserver: no leader","message":"etcdserver: no leader","code":14}"#)
                .unwrap();
        assert_eq!(unary.status(), (14, "etcdserver: no leader".to_owned()));
        let streaming: ErrorBody = serde_json::from_str(
            r#"{"error":{"grpc_code":14,"http_code":503,"message":"etcdserver: no leader","http_status":"Service Unavailable"}}"#,
        )
        .unwrap();
        assert_eq!(streaming.status(), (14, "etcdserver: no leader".to_owned()));
        let kept: Streamed<LeaseResponse> =
            serde_json::from_str(r#"{"error":{"grpc_code":14,"message":"etcdserver: no leader"}}"#).unwrap();
        assert!(kept.result.is_none());
        assert_eq!(kept.error, Some(Failure::Status { grpc_code: 14, message: "etcdserver: no leader".to_owned() }));
        // grpc-gateway v2's shape, and bare messages.
        let v2: ErrorBody =
            serde_json::from_str(r#"{"code":16,"message":"etcdserver: invalid auth token","details":[]}"#).unwrap();
        assert_eq!(v2.status(), (16, "etcdserver: invalid auth token".to_owned()));
        let bare: ErrorBody = serde_json::from_str(r#"{"error":"boom"}"#).unwrap();
        assert_eq!(bare.status(), (0, "boom".to_owned()));
    }

    #[test]
    fn malformed_answers_are_errors_not_panics() {
        for bad in [
            r#"{"kvs":[{"key":"%%%"}]}"#,
            r#"{"kvs":[{"create_revision":"x"}]}"#,
            r#"{"kvs":{}}"#,
            r#""kvs""#,
            r#"{"kvs":[{"lease":"99999999999999999999"}]}"#,
        ] {
            assert!(serde_json::from_str::<RangeResponse>(bad).is_err(), "{bad}");
        }
        assert!(serde_json::from_str::<TxnResponse>(r#"{"succeeded":"yes"}"#).is_err());
        assert!(serde_json::from_str::<LeaseResponse>(r#"{"ID":null}"#).is_err());
        // Fields the client does not know are ignored: newer members may add some.
        let newer: TxnResponse = serde_json::from_str(r#"{"succeeded":true,"novel":{"x":[1]}}"#).unwrap();
        assert!(newer.succeeded);
    }
}
