//! The 12-byte schemes on the command line: `object_id` and `xid`, their `inspect` keys, the
//! originals' texts recognised without `--scheme`, and typed refusals.

use super::{assert_common, fails, inspect, keys, ok};
use serde_json::Value;

/// Five IDs of `scheme` made by one process: consecutive ones agree in the `shared` keys of
/// `inspect` and their 24-bit counter counts up by one (wrapping).
fn five_of_one_process(scheme: &str, shared: &[&str]) -> Vec<String> {
    let ids = ok(&["new", scheme, "-n", "5"]);
    let fields: Vec<Value> = ids.iter().map(|id| inspect(&["--scheme", scheme, id])).collect();
    for pair in fields.windows(2) {
        for key in shared {
            assert_eq!(pair[0][key], pair[1][key], "{scheme}: {key}");
        }
        let (a, b) = (pair[0]["counter"].as_u64().unwrap(), pair[1]["counter"].as_u64().unwrap());
        assert_eq!((a + 1) & 0xFF_FFFF, b);
    }
    ids
}

/// MongoDB's manual example: its time, random bytes and counter under the keys.
#[test]
fn object_id_inspects_to_mongodbs_fields() {
    let v = inspect(&["--scheme", "object_id", "507f191e810c19729de860ea"]);
    assert_common(&v, "object_id");
    assert_eq!(keys(&v), ["counter", "hex", "random", "scheme", "text", "timestamp", "unix_ms"]);
    assert_eq!(v["timestamp"], "2012-10-17T20:46:22Z");
    assert_eq!((v["random"].as_str(), v["counter"].as_u64()), (Some("810c19729d"), Some(0xe860ea)));
    // Read in either case, written lowercase; recognised without `--scheme`.
    let v = inspect(&["--scheme", "object_id", "507F191E810C19729DE860EA"]);
    assert_eq!(v["text"], "507f191e810c19729de860ea");
    assert_eq!(inspect(&["507f191e810c19729de860ea"])["scheme"], "object_id");
    assert!(fails(&["inspect", "--scheme", "object_id", "507f191e810c19729de860eZ"]).contains("invalid character"));
}

/// One process's ObjectIds share their random bytes and count up by one.
#[test]
fn object_ids_of_one_process_count() {
    let ids = five_of_one_process("object_id", &["random"]);
    assert!(
        ids.iter().all(|id| id.len() == 24 && id.bytes().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()))
    );
}

/// rs/xid's README example: machine, pid and counter under the keys.
#[test]
fn xid_inspects_to_rs_xids_fields() {
    let v = inspect(&["--scheme", "xid", "9m4e2mr0ui3e8a215n4g"]);
    assert_common(&v, "xid");
    assert_eq!(keys(&v), ["counter", "hex", "machine", "pid", "scheme", "text", "timestamp", "unix_ms"]);
    assert_eq!(v["timestamp"], "2011-03-22T17:50:19Z");
    assert_eq!(v["hex"], "4d88e15b60f486e428412dc9");
    assert_eq!(
        (v["machine"].as_str(), v["pid"].as_u64(), v["counter"].as_u64()),
        (Some("60f486"), Some(0xe428), Some(4_271_561))
    );
    assert_eq!(inspect(&["9m4e2mr0ui3e8a215n4g"])["scheme"], "xid");
    assert!(fails(&["inspect", "--scheme", "xid", "9m4e2mr0ui3e8a215n4h"]).contains("holds one bit"));
}

/// One process's xids share machine and PID, count up by one and sort as they were made.
#[test]
fn xids_of_one_process_count_and_sort() {
    five_of_one_process("xid", &["machine", "pid"]);
    let hex = ok(&["new", "xid", "--encoding", "hex"]).remove(0);
    assert_eq!(inspect(&["--scheme", "xid", &hex])["hex"], hex.to_lowercase());
}
