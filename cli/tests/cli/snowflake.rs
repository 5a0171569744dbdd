//! The snowflake layouts on the command line: `new --node`, `inspect --scheme` and its keys.

use super::{assert_common, fails, fails_saying, idcraft, inspect, keys, misused, ok};
use serde_json::Value;

#[test]
fn snowflake_keys() {
    let common = ["hex", "node", "scheme", "sequence", "text", "timestamp", "u64", "unix_ms"];
    let v = inspect(&["--scheme", "discord_snowflake", "175928847299117063"]);
    assert_common(&v, "discord_snowflake");
    let mut discord = common.to_vec();
    discord.extend(["process", "worker"]);
    discord.sort_unstable();
    assert_eq!(keys(&v), discord);
    assert_eq!((v["worker"].as_u64(), v["process"].as_u64(), v["sequence"].as_u64()), (Some(1), Some(0), Some(7)));
    assert_eq!((v["node"].as_u64(), v["u64"].as_str()), (Some(32), Some("175928847299117063")));
    assert_eq!(v["timestamp"], "2016-04-30T11:18:25.796Z");
    assert_eq!(v["unix_ms"], 1462015105796i64);
    assert_eq!(v["hex"], "0271065ac1020007");

    let v = inspect(&["-s", "twitter_snowflake", "1050118621198921728"]);
    assert_eq!(keys(&v), common);
    assert_eq!(
        (v["node"].as_u64(), v["sequence"].as_u64(), v["unix_ms"].as_i64()),
        (Some(347), Some(0), Some(1539202764211))
    );
    let v = inspect(&["-s", "instagram_id", "11637205501278089"]);
    assert_eq!(keys(&v), common);
    assert_eq!((v["node"].as_u64(), v["sequence"].as_u64()), (Some(1341), Some(905)));
    let v = inspect(&["-s", "sonyflake", "494315580240346863"]);
    assert_eq!(keys(&v), common);
    assert_eq!((v["node"].as_u64(), v["sequence"].as_u64()), (Some(0xBEEF), Some(42)));
    assert_eq!(v["timestamp"], "2024-01-02T03:04:05.670Z", "fixed digits: not .67Z");
}

#[test]
fn snowflake_new_with_node_time_and_count() {
    for (scheme, node) in
        [("twitter_snowflake", "1023"), ("discord_snowflake", "33"), ("instagram_id", "8191"), ("sonyflake", "65535")]
    {
        let ids = ok(&["new", scheme, "-n", "3", "--node", node, "-t", "2026-03-01T12:00:00Z"]);
        let numbers: Vec<u64> = ids.iter().map(|id| id.parse().unwrap()).collect();
        assert!(numbers.windows(2).all(|w| w[0] < w[1]) && numbers[0] < 1 << 63, "{scheme}: {ids:?}");
        for (n, id) in ids.iter().enumerate() {
            let v = inspect(&["-s", scheme, id]);
            assert_eq!(v["node"].as_u64(), Some(node.parse().unwrap()), "{scheme}");
            assert_eq!(v["sequence"].as_u64(), Some(n as u64), "{scheme}");
            assert_eq!(v["timestamp"], "2026-03-01T12:00:00.000Z", "{scheme}");
        }
        let clock = &ok(&["new", scheme, "--node", node, "--json"])[0];
        let v: Value = serde_json::from_str(clock).unwrap();
        assert_eq!(v["scheme"], scheme);
        assert_eq!(v["node"].as_u64(), Some(node.parse().unwrap()));
    }
    let v = inspect(&["-s", "discord_snowflake", &ok(&["new", "discord_snowflake", "--node", "33"])[0]]);
    assert_eq!((v["worker"].as_u64(), v["process"].as_u64()), (Some(1), Some(1)));
}

#[test]
fn snowflake_bad_input() {
    for (scheme, node, expected) in [
        ("twitter_snowflake", "1024", "0..=1023"),
        ("discord_snowflake", "1024", "worker << 5 | process"),
        ("instagram_id", "8192", "0..=8191"),
        ("sonyflake", "65536", "0..=65535"),
        ("sonyflake", "-1", "0..=65535"),
        ("twitter_snowflake", "worker-1", "0..=1023"),
    ] {
        let err = fails(&["new", scheme, &format!("--node={node}")]);
        assert!(err.contains("--node") && err.contains(expected), "{scheme} {node}: {err}");
    }
    // Every layout reads every number: without --scheme the error says to pass it.
    let err = fails(&["inspect", "175928847299117063"]);
    assert!(err.contains("--scheme") && err.contains("discord_snowflake") && err.contains("decimal"), "{err}");
    fails_saying(&["inspect", "-s", "sonyflake", "18446744073709551616"], "at most 18446744073709551615");
    // From 2^63 on, a value is outside every layout (a negative bigint would sort first).
    for scheme in ["twitter_snowflake", "discord_snowflake", "instagram_id", "sonyflake"] {
        let err = fails(&["inspect", "-s", scheme, "9223372036854775808"]);
        assert!(err.contains("at most 9223372036854775807"), "{scheme}: {err}");
    }
    fails_saying(&["inspect", "-s", "twitter_snowflake", "12a"], "invalid character");
    fails_saying(&["new", "sonyflake", "--time", "2014-08-31T23:59:59Z"], "outside the range");
    // 256 IDs per 10 ms unit at an explicit instant, then a refusal rather than a repeat.
    let (code, out, err) = idcraft(&["new", "sonyflake", "-n", "257", "-t", "2026-03-01T12:00:00Z"]);
    assert_eq!((code, out.lines().count()), (1, 256), "{err}");
    assert!(err.contains("all 256 sonyflake IDs"), "{err}");
}

/// mastodon: `ms << 16 | sequence`, no node; `new` makes them, `inspect` reads them back.
#[test]
fn mastodon() {
    let ms = 1_669_122_000_123u64;
    let v = inspect(&["-s", "mastodon", &(ms << 16 | 7).to_string()]);
    assert_common(&v, "mastodon");
    assert_eq!(keys(&v), ["hex", "scheme", "sequence", "text", "timestamp", "u64", "unix_ms"]);
    assert_eq!((v["unix_ms"].as_u64(), v["sequence"].as_u64()), (Some(ms), Some(7)));
    assert_eq!(v["timestamp"], "2022-11-22T13:00:00.123Z");
    let made = ok(&["new", "mastodon", "-n", "3", "-t", "2022-11-22T13:00:00.123Z"]);
    let expected: Vec<String> = (0..3).map(|n| (ms << 16 | n).to_string()).collect();
    assert_eq!(made, expected);
    assert!(fails(&["new", "mastodon", "--node", "1"]).contains("node"));
}

/// `--limits` for every scheme of the registry: RFC 3339 instants, the first before the last.
#[test]
fn limits_of_every_scheme() {
    // Every scheme of the registry, as the error for an unknown one lists them.
    let unknown = fails(&["inspect", "-s", "nope", "--limits"]);
    let schemes: Vec<&str> = unknown.split("expected one of ").nth(1).unwrap().trim().split(", ").collect();
    assert!(schemes.len() >= 18 && schemes.contains(&"mastodon"), "{unknown}");
    for scheme in schemes {
        let (code, out, err) = idcraft(&["inspect", "--scheme", scheme, "--limits", "--json"]);
        assert_eq!(code, 0, "{scheme}: {err}");
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        let (first, last) = (v["first"].as_str().unwrap(), v["last"].as_str().unwrap());
        assert!(first.ends_with('Z') && last.ends_with('Z') && first < last || last.starts_with('+'), "{scheme}: {v}");
        assert_eq!(v.as_object().unwrap().len(), 2);
    }
    let v: Value = serde_json::from_str(&ok(&["inspect", "-s", "twitter_snowflake", "--limits", "-j"])[0]).unwrap();
    assert_eq!(v, serde_json::json!({"first": "2010-11-04T01:42:54.657Z", "last": "2080-07-10T17:30:30.208Z"}));
    let v: Value = serde_json::from_str(&ok(&["inspect", "-s", "mastodon", "--limits", "-j"])[0]).unwrap();
    assert_eq!(v, serde_json::json!({"first": "1970-01-01T00:00:00.000Z", "last": "6429-10-17T02:45:55.327Z"}));
    assert_eq!(
        ok(&["inspect", "-s", "sonyflake", "--limits"]),
        ["first: 2014-09-01T00:00:00.000Z", "last:  2188-11-16T03:28:58.879Z"]
    );
    assert!(fails(&["inspect", "--limits"]).contains("--scheme or --layout"));
}

const LAYOUT: &str = "epoch=2025-01-01T00:00:00Z,unit=1ms,time_bits=41,node_bits=10,sequence_bits=12";

/// `--layout`: IDs of a declared layout, its limits, and its mistakes as the derive says them.
#[test]
fn declared_layout() {
    let id = (1_000u64 << 22 | 5 << 12 | 7).to_string();
    let v = inspect(&["--layout", LAYOUT, &id]);
    assert_eq!(keys(&v), ["hex", "node", "scheme", "sequence", "text", "timestamp", "u64", "unix_ms"]);
    assert_eq!((v["scheme"].as_str(), v["text"].as_str()), (Some("snowflake"), Some(id.as_str())));
    assert_eq!((v["node"].as_u64(), v["sequence"].as_u64()), (Some(5), Some(7)));
    assert_eq!(
        (v["unix_ms"].as_u64(), v["timestamp"].as_str()),
        (Some(1_735_689_601_000), Some("2025-01-01T00:00:01.000Z"))
    );
    assert_eq!(v["hex"], "00000000fa005007");
    // Sonyflake v2's options: the sequence above the machine.
    let sony = "scheme=sonyflake,unit=1ms,sequence_bits=12,node_bits=10";
    let v = inspect(&["--layout", sony, &(9u64 << 22 | 100 << 10 | 1_000).to_string()]);
    assert_eq!(
        (v["scheme"].as_str(), v["sequence"].as_u64(), v["node"].as_u64()),
        (Some("sonyflake"), Some(100), Some(1_000))
    );
    assert_eq!(v["unix_ms"], 1_735_689_600_009u64);

    let v: Value = serde_json::from_str(&ok(&["inspect", "--layout", LAYOUT, "--limits", "--json"])[0]).unwrap();
    assert_eq!(v, serde_json::json!({"first": "2025-01-01T00:00:00.000Z", "last": "2094-09-07T15:47:35.551Z"}));

    let in_2050 = LAYOUT.replace("2025-01-01", "1980-06-01");
    assert!(
        fails(&["inspect", "--layout", &in_2050, "1"]).contains("runs out on 2050-02-05T15:47:35.551Z, before 2070")
    );
    assert!(fails(&["inspect", "--layout", "epoch=2025-01-01T00:00:00Z,unit=1ms", "--limits"]).contains("missing"));
    assert!(fails(&["inspect", "--layout", "unit=soon", "1"]).contains("a unit is"));
    assert!(fails(&["inspect", "--layout", LAYOUT, "9223372036854775808"]).contains("9223372036854775807"));
    for bad in ["x", "+1", "", "18446744073709551616", "+00000000000001f"] {
        assert!(fails(&["inspect", "--layout", LAYOUT, bad]).contains(&format!("{bad:?}")), "{bad:?}");
    }
    assert_eq!(inspect(&["--layout", LAYOUT, "00000000FA005007"])["text"], id, "16 hex digits, either case");
    misused(&["inspect", "--layout", LAYOUT, "-s", "twitter_snowflake", "1"]);
}
