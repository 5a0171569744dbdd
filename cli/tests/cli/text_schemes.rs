//! The random text schemes on the command line: `new nanoid`/`new cuid2`, `inspect --scheme` with
//! the common keys only and no time, detection without `--scheme`, and `--time` refused.

use super::{assert_common, fails_saying, inspect, ok};
use idcraft::schemes::describe::Describe;
use idcraft::schemes::{Visitor, visit};

/// Whether IDs of `name` embed a time: the registry's scheme's `TIMED`; `inspect` also reads
/// bare UUIDs (`uuid`, not a scheme), whose versions 1, 6 and 7 hold one.
pub fn timed(name: &str) -> bool {
    struct Timed;
    impl Visitor for Timed {
        type Output = bool;
        fn visit<S: Describe>(self) -> bool {
            S::TIMED
        }
    }
    visit(name, Timed).unwrap_or(name == "uuid")
}

const URL_SAFE: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

#[test]
fn nanoid_new_and_inspect() {
    let ids = ok(&["new", "nanoid", "--count", "5"]);
    assert_eq!(ids.len(), 5);
    for id in &ids {
        assert!(id.len() == 21 && id.chars().all(|c| URL_SAFE.contains(c)), "{id}");
        // After `--`: `-` is one of the characters, and may come first.
        let v = inspect(&["--scheme", "nanoid", "--", id]);
        assert_common(&v, "nanoid");
        let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["hex", "scheme", "text"], "{v}");
        assert_eq!(v["text"], id.as_str());
        let hex: String = id.bytes().map(|b| format!("{b:02x}")).collect();
        assert_eq!(v["hex"], hex, "the bytes are the text's");
    }
    let v = inspect(&["--scheme", "nanoid", "V1StGXR8_Z5jdHi6B-myT"]);
    assert_eq!(v["text"], "V1StGXR8_Z5jdHi6B-myT", "NanoID's README example reads");
    let json = ok(&["new", "nanoid", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json[0]).unwrap();
    assert_common(&v, "nanoid");
}

#[test]
fn nanoid_bad_input_and_time() {
    fails_saying(&["inspect", "--scheme", "nanoid", "V1StGXR8_Z5jdHi6B-my"], "21");
    fails_saying(&["inspect", "--scheme", "nanoid", "V1StGXR8_Z5jdHi6B-my."], "'.'");
    // A NanoID that starts with `-` reads after `--` (before it, it is an option).
    let v = inspect(&["--scheme", "nanoid", "--", "-1StGXR8_Z5jdHi6B-myT"]);
    assert_eq!(v["text"], "-1StGXR8_Z5jdHi6B-myT");
    fails_saying(&["new", "nanoid", "--time", "2024-03-21T04:19:11.304Z"], "no time");
}

#[test]
fn a_nanoid_is_detected_without_scheme() {
    let id = &ok(&["new", "nanoid"])[0];
    let v = inspect(&["--", id]);
    assert_eq!(v["scheme"], "nanoid", "{v}");
}

#[test]
fn cuid2_new_and_inspect() {
    for id in ok(&["new", "cuid2", "--count", "5"]) {
        assert_eq!(id.len(), 24);
        assert!(id.as_bytes()[0].is_ascii_lowercase(), "{id}");
        assert!(id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()), "{id}");
        let v = inspect(&["--scheme", "cuid2", &id]);
        assert_common(&v, "cuid2");
        let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["hex", "scheme", "text"], "{v}");
    }
    // Made by the Python `cuid2` package.
    let v = inspect(&["--scheme", "cuid2", "v9hafvwuh434dwpm5bmjnbqt"]);
    assert_eq!(v["text"], "v9hafvwuh434dwpm5bmjnbqt");
    fails_saying(&["inspect", "--scheme", "cuid2", "9vhafvwuh434dwpm5bmjnbqt"], "'9'");
}
