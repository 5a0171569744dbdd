//! `ksuid_ms` on the command line: KSUID's keys, the time to 4 ms, and the ambiguity with
//! `ksuid` a bare text has (every KSUID-ms is a KSUID).

use super::{assert_common, fails, inspect, ok};

/// An ID svix-ksuid's Python port made for 2021-05-21T19:57:23.123Z with payload 1..=15.
#[test]
fn ksuid_ms_inspects_to_ksuids_keys_and_milliseconds() {
    let v = inspect(&["--scheme", "ksuid_ms", "1srO3aXUuJyAccQfFpRNczGhCO7"]);
    assert_common(&v, "ksuid_ms");
    assert_eq!(v["timestamp"], "2021-05-21T19:57:23.120Z", "4 ms steps: .123 is written as .120");
    assert_eq!(v["payload"], "0102030405060708090a0b0c0d0e0f");
    assert_eq!(v["ksuid_timestamp"], 221_627_043);
    // The same text as a KSUID: the same second.
    let k = inspect(&["--scheme", "ksuid", "1srO3aXUuJyAccQfFpRNczGhCO7"]);
    assert_eq!(k["ksuid_timestamp"], v["ksuid_timestamp"]);
    assert!(fails(&["inspect", "1srO3aXUuJyAccQfFpRNczGhCO7"]).contains("ksuid, ksuid_ms"));
}

#[test]
fn new_ksuid_ms_is_of_now_to_the_millisecond() {
    let ids = ok(&["new", "ksuid_ms", "-n", "3"]);
    for id in &ids {
        let v = inspect(&["--scheme", "ksuid_ms", id]);
        assert_eq!(v["unix_ms"].as_i64().unwrap() % 4, 0, "{v}");
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        assert!((now - v["unix_ms"].as_i64().unwrap()).abs() < 60_000, "{v}");
    }
}
