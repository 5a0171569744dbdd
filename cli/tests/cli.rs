//! The `idcraft` command-line contract (spec/cli.md), run against the real binary.

use serde_json::Value;
use std::process::Command;

#[path = "cli/snowflake.rs"]
mod snowflake;
#[path = "cli/text_schemes.rs"]
mod text_schemes;

#[path = "cli/bytes12.rs"]
mod bytes12;

#[path = "cli/ksuid_ms.rs"]
mod ksuid_ms;

fn idcraft(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_idcraft")).args(args).output().expect("run idcraft");
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn ok(args: &[&str]) -> Vec<String> {
    let (code, out, err) = idcraft(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines().map(str::to_owned).collect()
}

fn fails(args: &[&str]) -> String {
    fails_with(1, args)
}

/// A usage error: clap's exit status 2, one line on stderr.
/// Fails (exit 1) with an error that says `text`.
fn fails_saying(args: &[&str], text: &str) {
    let err = fails(args);
    assert!(err.contains(text), "{err}");
}

fn misused(args: &[&str]) -> String {
    fails_with(2, args)
}

fn fails_with(status: i32, args: &[&str]) -> String {
    let (code, out, err) = idcraft(args);
    assert_eq!(code, status, "{args:?} should fail with {status}, printed {out}{err}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "one line on stderr: {err}");
    assert!(!err.contains("panicked"));
    err
}

fn inspect(args: &[&str]) -> Value {
    let mut full = vec!["inspect", "--json"];
    full.extend_from_slice(args);
    serde_json::from_str(&ok(&full)[0]).unwrap()
}

/// The keys every scheme's IDs have, and the time keys exactly where its IDs hold a time.
/// The keys `inspect --json` printed, sorted (to compare with the exact set a scheme prints).
fn keys(v: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

fn assert_common(v: &Value, scheme: &str) {
    for key in ["scheme", "text", "hex"] {
        assert!(v.get(key).is_some(), "{scheme}: missing {key} in {v}");
    }
    assert_eq!(v["scheme"], scheme);
    if text_schemes::timed(scheme) {
        assert!(v["unix_ms"].is_i64(), "{scheme}: {v}");
        assert!(v["timestamp"].is_string(), "{scheme}: {v}");
    } else {
        assert!(v.get("unix_ms").is_none() && v.get("timestamp").is_none(), "{scheme} holds no time: {v}");
    }
}

#[test]
fn new_then_inspect_for_every_scheme() {
    for scheme in idcraft::schemes::NAMES {
        let ids = ok(&["new", scheme, "--count", "3"]);
        assert_eq!(ids.len(), 3, "{scheme}");
        for id in &ids {
            // After `--`: a NanoID may start with `-`.
            let v = inspect(&["--scheme", scheme, "--", id]);
            assert_common(&v, scheme);
            assert_eq!(v["text"], id.as_str());
        }
    }
}

#[test]
fn comb_with_time_and_base_is_deterministic() {
    let out =
        ok(&["new", "comb_pg", "--time", "2024-03-21T04:19:11.304Z", "--base", "00112233-4455-4677-8899-aabbccddeeff"]);
    assert_eq!(out, ["018e5f3b-ff48-4677-8899-aabbccddeeff"]);
    let out =
        ok(&["new", "comb_legacy", "--time", "2002-01-10T23:40:35Z", "--base", "00112233-4455-4677-8899-aabbccddeeff"]);
    assert_eq!(out, ["00112233-4455-4677-8899-919001862cc4"]);
    let v = inspect(&["--scheme", "comb_sql", "d01c25cc-63a7-47cc-b5ba-018e5f3bff48"]);
    assert_eq!(v["unix_ms"], 1710994751304i64);
    assert_eq!(v["timestamp"], "2024-03-21T04:19:11.304Z");
    assert_eq!(v["hex"], "d01c25cc63a747ccb5ba018e5f3bff48");
}

#[test]
fn hot_keys() {
    let v = inspect(&["--scheme", "hot", "62002582-1a42-30a9-3907-a1217f62ef01"]);
    assert_eq!(
        (v["unix_seconds"].as_u64(), v["counter"].as_u64(), v["shard_key"].as_u64()),
        (Some(1644176770), Some(500001), Some(32465535))
    );
    assert_eq!(v["unix_ms"], 1644176770000i64);
    let id = &ok(&["new", "hot", "--shard", "208", "--time", "2038-01-19T03:14:07Z"])[0];
    let v = inspect(&["--scheme", "hot", id]);
    assert_eq!((v["shard_key"].as_u64(), v["unix_seconds"].as_u64()), (Some(208), Some(2147483647)));
}

#[test]
fn distributed_keys_and_detection() {
    for text in ["1088824355131185736905670087", "3zfAkCP7ZtzfeQYp"] {
        let v = inspect(&[text]);
        assert_common(&v, "distributed");
        assert_eq!(v["decimal"], "1088824355131185736905670087");
        assert_eq!(v["base62"], "3zfAkCP7ZtzfeQYp");
        assert_eq!(v["random"], 0xb2ad82883dc7u64);
        assert_eq!(v["text"], "1088824355131185736905670087");
        assert_eq!(v["timestamp"], "2022-07-31T18:33:00.285Z");
    }
    let v = inspect(&["0nQkrErwxJd2MnCm41WZ5s"]);
    assert_common(&v, "distributed128");
    assert_eq!(v["u128"], "12343806695858578540815039138052901000");
    assert_eq!(v["uuid"], "094954a8-622c-76ad-1b93-cdefcbdf0888");
    assert_eq!(v["base62"], "0nQkrErwxJd2MnCm41WZ5s");
    assert!(v["random"].is_string());
    let id = &ok(&["new", "distributed", "--time", "2024-01-01T00:00:00Z"])[0];
    assert_eq!(id.len(), 28);
    assert_eq!(inspect(&[id])["timestamp"], "2024-01-01T00:00:00.000Z", "milliseconds, in fixed digits");
    let id = &ok(&["new", "distributed128", "--time", "2024-01-01T00:00:00Z"])[0];
    assert_eq!(id.len(), 22);
    assert_eq!(inspect(&[id])["timestamp"], "2024-01-01T00:00:00.000Z", "milliseconds, in fixed digits");
}

#[test]
fn sno_keys_and_fresh_process_determinism() {
    let v = inspect(&["brpk4q72xwf2m63l"]);
    assert_common(&v, "sno");
    assert_eq!(
        (v["meta"].as_u64(), v["partition"].as_u64(), v["sequence"].as_u64(), v["tick"].as_u64()),
        (Some(255), Some(39434), Some(4147), Some(0))
    );
    let out = ok(&["new", "sno", "--time", "2020-01-01T00:00:00Z", "--partition", "16650", "--meta", "255"]);
    assert_eq!(out, ["6kvrqg22xv2im222"]);
    let v = inspect(&[&out[0]]);
    assert_eq!((v["sequence"].as_u64(), v["tick"].as_u64(), v["partition"].as_u64()), (Some(0), Some(0), Some(16650)));
}

#[test]
fn uid_keys() {
    let v = inspect(&[".5.tXbhdV.3"]);
    assert_common(&v, "uid64");
    assert_eq!((v["seq"].as_u64(), v["unix_ms"].as_i64()), (Some(1), Some(1539625275432)));
    let v = inspect(&["--scheme", "uid96", ".5.tXVEf8n4vPN.0"]);
    assert_common(&v, "uid96");
    assert_eq!((v["node"].as_u64(), v["seq"].as_u64(), v["interval"].as_u64()), (Some(65742641), Some(1), Some(8)));
    let id = &ok(&["new", "uid96", "--node", "uid@127.0.0.1", "--time", "2018-10-15T17:41:15.432128Z"])[0];
    assert!(id.starts_with(".5.tXVEf8n4vPN"), "{id}");
    let id = &ok(&["new", "uid64", "--time", "2018-10-15T17:41:15.432128Z"])[0];
    assert_eq!(inspect(&[id])["unix_ms"], 1539625275432i64);
}

#[test]
fn public_commands() {
    let key = "k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=";
    assert_eq!(
        ok(&["public", "encrypt", "--key", key, "--kind", "decimal", "1088824355131185736905670087"]),
        ["48XoooHHCe1CiOHrghM7Dl"]
    );
    let v: Value = serde_json::from_str(
        &ok(&["public", "encrypt", "--key", key, "--kind", "decimal", "--json", "1088824355131185736905670087"])[0],
    )
    .unwrap();
    assert_eq!(
        (v["uuid"].as_str(), v["base62"].as_str()),
        (Some("30322474-a954-ffa9-941c-6f038afe4ff1"), Some("48XoooHHCe1CiOHrghM7Dl"))
    );
    for token in ["48XoooHHCe1CiOHrghM7Dl", "30322474-a954-ffa9-941c-6f038afe4ff1"] {
        assert_eq!(
            ok(&["public", "decrypt", "--key", key, "--kind", "decimal", token]),
            ["1088824355131185736905670087"]
        );
    }
    let zero = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
    assert_eq!(ok(&["public", "encrypt", "--key", zero, "--kind", "u64", "0"]), ["AMlDXspEMpNEsNsg5isSD1"]);
    let u128_token = &ok(&["public", "encrypt", "--key", zero, "--kind", "u128", "1"])[0];
    assert_eq!(ok(&["public", "decrypt", "--key", zero, "--kind", "u128", u128_token]), ["1"]);
    let uuid = "00112233-4455-4677-8899-aabbccddeeff";
    let t = &ok(&["public", "encrypt", "--key", zero, "--kind", "uuid", uuid])[0];
    assert_eq!(ok(&["public", "decrypt", "--key", zero, "--kind", "uuid", t]), [uuid]);
    fails_saying(
        &["public", "decrypt", "--key", key, "--kind", "u64", "48XoooHHCe1CiOHrghM7Dl"],
        "not a valid public ID",
    );
    assert!(fails(&["public", "encrypt", "--key", "AAAA", "--kind", "u64", "1"]).contains("16, 24 or 32 bytes"));
    assert!(fails(&["public", "encrypt", "--key", "!!", "--kind", "u64", "1"]).contains("base64"));
}

#[test]
fn bad_input_is_one_line_and_exit_1() {
    fails_saying(&["inspect", "--scheme", "sno", "brpk4q72xwf2m63L"], "'L' at position 15");
    fails_saying(
        &["inspect", "--scheme", "comb_legacy", "00000000-0000-0000-0000-0000ffffffff"],
        "time component is negative",
    );
    assert!(fails(&["inspect", "--scheme", "sno", "short"]).contains("expected 16 characters, got 5"));
    assert!(fails(&["new", "nope"]).contains("unknown scheme"));
    assert!(fails(&["new", "comb_legacy", "--time", "2100-01-01T00:00:00Z"]).contains("outside the range"));
    assert!(fails(&["new", "comb_pg", "--time", "yesterday"]).contains("--time"));
    assert!(misused(&["new", "sno", "--count", "-1"]).contains("--count"));
    assert!(fails(&["new", "sno", "--shard", "1"]).contains("does not apply"));
    assert!(fails(&["inspect", "💥"]).contains("cannot tell the scheme"));
    assert!(misused(&[]).contains("missing command"));
    assert!(misused(&["new"]).contains("SCHEME"));
    assert!(misused(&["new", "sno", "--bogus"]).contains("--bogus"));
}

/// Runs the binary with `stdout` as its standard output; returns the exit code and stderr.
fn with_stdout(args: &[&std::ffi::OsStr], stdout: std::process::Stdio) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_idcraft"))
        .args(args)
        .stdout(stdout)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("run idcraft");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn one_clean_error_line(err: &str) {
    assert_eq!(err.lines().count(), 1, "one line on stderr: {err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{err}");
}

/// `--count u64::MAX` used to panic (capacity overflow) and big counts were buffered whole:
/// now IDs stream, so a reader that stops early gets its lines at once, and the command ends
/// quietly with status 0 (as `yes | head -1` does; a broken pipe used to panic).
#[test]
fn huge_counts_stream_and_a_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_idcraft"))
        .args(["new", "sno", "--count", "18446744073709551615"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert_eq!(first.trim_end().len(), 16, "{first:?}");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "", "nothing to say");
    let piped = Command::new("sh")
        .args(["-c", "\"$0\" new sno -n 1000000 | head -1; echo \"${PIPESTATUS:-}\"", env!("CARGO_BIN_EXE_idcraft")])
        .output()
        .unwrap();
    assert_eq!(piped.status.code(), Some(0));
    assert!(piped.stderr.is_empty(), "{}", String::from_utf8_lossy(&piped.stderr));
}

/// A full disk and a closed standard output lose the output: exit status 1, never 0 or a panic.
#[cfg(target_os = "linux")]
#[test]
fn lost_output_is_never_success() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let (code, err) = with_stdout(&["new".as_ref(), "uid64".as_ref()], full.into());
    assert_eq!(code, 1);
    one_clean_error_line(&err);
    assert!(err.contains("No space left"), "{err}");
    let closed = Command::new("sh")
        .args(["-c", "exec \"$0\" new uid64 >&-", env!("CARGO_BIN_EXE_idcraft")])
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(closed.status.code(), Some(1));
    one_clean_error_line(&String::from_utf8_lossy(&closed.stderr));
    let null = std::fs::OpenOptions::new().write(true).open("/dev/null").unwrap();
    assert_eq!(with_stdout(&["new".as_ref(), "uid64".as_ref()], null.into()).0, 0, "> /dev/null is a choice");
}

/// A non-UTF-8 argument used to panic in `std::env::args`.
#[cfg(unix)]
#[test]
fn non_utf8_arguments_are_an_input_error() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"\xff\xfe");
    let (code, err) = with_stdout(&["inspect".as_ref(), bad], std::process::Stdio::null());
    assert_eq!(code, 1);
    one_clean_error_line(&err);
    assert!(err.contains("invalid UTF-8"), "{err}");
}

/// `--time` outside a layout used to print wrapped IDs with exit status 0.
#[test]
fn times_outside_a_layout_are_refused() {
    for (scheme, time) in [
        ("sno", "2200-01-01T00:00:00Z"),
        ("sno", "2009-12-31T23:59:59Z"),
        ("hot", "2200-01-01T00:00:00Z"),
        ("hot", "1969-12-31T23:59:59Z"),
        ("uid64", "1969-12-31T23:59:59Z"),
        ("uid96", "1969-12-31T23:59:59Z"),
    ] {
        let err = fails(&["new", scheme, "--time", time]);
        assert!(err.contains("outside the range"), "{scheme} {time}: {err}");
    }
}

/// `--time` with `--count` past a unit's sequence used to wrap and print a repeat with exit
/// status 0: it prints the unit's IDs, strictly increasing, then fails with a clear message.
#[test]
fn a_used_up_unit_at_an_explicit_time_fails_instead_of_repeating() {
    for (scheme, capacity) in [("uid64", 16_384), ("sno", 65_536)] {
        let count = (capacity + 1).to_string();
        let (code, out, err) = idcraft(&["new", scheme, "--count", &count, "--time", "2026-03-01T12:00:00Z"]);
        assert_eq!(code, 1, "{scheme}: {err}");
        one_clean_error_line(&err);
        assert!(err.contains(&format!("all {capacity} {scheme} IDs")) && err.contains("explicit"), "{scheme}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), capacity, "{scheme}");
        assert!(lines.windows(2).all(|w| w[0] < w[1]), "{scheme}: not strictly increasing");
    }
}

/// Key texts of 48 or 64 bytes used to panic in the base64 helper.
#[test]
fn long_keys_are_an_input_error() {
    let key = "A".repeat(86);
    fails_saying(&["public", "encrypt", "--key", &key, "--kind", "u64", "5"], "16, 24 or 32 bytes, got 64");
}

/// Without `--scheme`, a text that fits several schemes is read as the first that decodes it
/// (this one failed as a DistributedId and was reported so, though it is a valid uid96), and a
/// failure names the scheme the text looks like.
#[test]
fn detection_tries_each_candidate_and_names_the_best() {
    assert_eq!(inspect(&["zzzzzzzzzzzzzzzz"])["scheme"], "uid96");
    fails_saying(&["inspect", &"z".repeat(22)], "looks like a distributed128 ID, but");
}

/// `--help` for the command and every subcommand, `--version`, suggestions for a mistyped
/// option (on one line), `--` before a value that starts with a dash, completion scripts.
#[test]
fn help_version_suggestions_and_completions() {
    for args in [
        &["--help"][..],
        &["new", "--help"],
        &["inspect", "--help"],
        &["public", "--help"],
        &["public", "encrypt", "--help"],
        &["public", "decrypt", "--help"],
        &["completions", "--help"],
    ] {
        let out = ok(args).join("\n");
        assert!(out.contains("Usage: idcraft"), "{args:?}: {out}");
    }
    assert!(ok(&["new", "--help"]).join("\n").contains("--count <N>"));
    let version = ok(&["--version"]);
    assert_eq!(version, [format!("idcraft {}", env!("CARGO_PKG_VERSION"))]);
    let err = misused(&["new", "sno", "--cont", "3"]);
    assert!(err.contains("'--cont'") && err.contains("--count"), "a suggestion, on one line: {err}");
    let err = fails(&["inspect", "--", "-5"]);
    assert!(err.contains("\"-5\""), "after --, -5 is an ID: {err}");
    for shell in ["bash", "zsh", "fish"] {
        let script = ok(&["completions", shell]).join("\n");
        assert!(script.contains("idcraft") && script.contains("inspect"), "{shell}");
    }
    assert!(misused(&["completions", "cmd.exe"]).contains("cmd.exe"));
}

/// The key can come from a file or the environment, so it need not sit on the command line.
#[test]
fn public_keys_from_a_file_or_the_environment() {
    let key = "k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=";
    let path = std::env::temp_dir().join(format!("idcraft-key-{}", std::process::id()));
    std::fs::write(&path, format!("{key}\n")).unwrap();
    let args = ["public", "encrypt", "--kind", "decimal", "1088824355131185736905670087"];
    let from_file = ok(&[&args[..2], &["--key-file", path.to_str().unwrap()], &args[2..]].concat());
    assert_eq!(from_file, ["48XoooHHCe1CiOHrghM7Dl"]);
    let out = Command::new(env!("CARGO_BIN_EXE_idcraft")).args(args).env("IDCRAFT_PUBLIC_KEY", key).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim_end(), "48XoooHHCe1CiOHrghM7Dl");
    assert!(fails(&args).contains("missing key"));
    let err = fails(&[&args[..2], &["--key-file", "/nonexistent/key"], &args[2..]].concat());
    assert!(err.contains("--key-file /nonexistent/key"), "{err}");
    std::fs::remove_file(path).unwrap();
}

/// `public keygen` prints a fresh key that `--key` accepts; sizes are checked.
#[test]
fn keygen_makes_usable_keys() {
    let a = ok(&["public", "keygen"]);
    let b = ok(&["public", "keygen"]);
    assert_eq!(a[0].len(), 44);
    assert_ne!(a, b);
    assert_eq!(ok(&["public", "keygen", "--bits", "128"])[0].len(), 24);
    let token = &ok(&["public", "encrypt", "--key", &a[0], "--kind", "u64", "42"])[0];
    assert_eq!(ok(&["public", "decrypt", "--key", &a[0], "--kind", "u64", token]), ["42"]);
    assert!(misused(&["public", "keygen", "--bits", "100"]).contains("100"));
}

/// What the library makes, the command reads: prefixed IDs, and typed tokens both ways.
#[test]
fn prefixed_ids_and_typed_tokens() {
    use idcraft::public::{AesKey, PublicIds};
    use idcraft::{Identity, Uuid};
    #[derive(Identity)]
    #[id(scheme = "comb_pg", prefix = "ord")]
    struct OrderId(Uuid);

    let key = "k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=";
    let ids = PublicIds::new(AesKey::from_base64(key).unwrap());
    let id = OrderId::new();
    let token = ids.to_public(&id).to_string();
    let typed = |way: &str, input: &str| -> Vec<String> {
        ok(&["public", way, "--key", key, "--scheme", "comb_pg", "--type-prefix", "ord", input])
    };
    assert_eq!(typed("decrypt", &token), [id.to_string()], "the library's token opens with the command");
    let made = typed("encrypt", &id.to_string());
    assert_eq!(ids.decode_str::<OrderId>(&made[0]).unwrap(), id, "the command's token opens with the library");
    let body = id.to_string()["ord_".len()..].to_owned();
    assert_eq!(typed("encrypt", &body), made, "the prefix is optional on input");
    let json: Value = serde_json::from_str(
        &ok(&["public", "decrypt", "--key", key, "--scheme", "comb_pg", "--type-prefix", "ord", "--json", &token])[0],
    )
    .unwrap();
    assert_eq!((json["id"].as_str(), json["token"].as_str()), (Some(&*id.to_string()), Some(&*token)));

    let decrypt = |token: &str, prefix: &str| {
        fails(&["public", "decrypt", "--key", key, "--scheme", "comb_pg", "--type-prefix", prefix, token])
    };
    assert!(decrypt(&token, "cus").contains("does not start with the type prefix \"cus_\""));
    let bound = PublicIds::new(AesKey::from_base64(key).unwrap()).bound_to_types().to_public(&id).to_string();
    assert!(decrypt(&bound, "ord").contains("failed the check"), "a type-bound token needs the type");
    let other = PublicIds::new(AesKey::new(&[1; 32]).unwrap()).to_public(&id).to_string();
    assert!(decrypt(&other, "ord").contains("failed the check"), "another key's token");
    let compatible = PublicIds::compatible(AesKey::from_base64(key).unwrap()).to_public(&id).to_string();
    let out = ok(&[
        "public",
        "decrypt",
        "--key",
        key,
        "--scheme",
        "comb_pg",
        "--type-prefix",
        "ord",
        "--compatible",
        &compatible,
    ]);
    assert_eq!(out, [id.to_string()]);
    assert!(
        misused(&["public", "decrypt", "--key", key, "--kind", "u64", "--scheme", "sno", "x"])
            .contains("cannot be used")
    );

    // inspect: a prefixed ID (with or without --scheme), and a token's shape.
    let v = inspect(&["--scheme", "comb_pg", &id.to_string()]);
    assert_eq!((v["prefix"].as_str(), v["text"].as_str()), (Some("ord"), Some(&*body)));
    let sno = ok(&["new", "sno"]).remove(0);
    let v = inspect(&[&format!("usr_{sno}")]);
    assert_eq!((v["scheme"].as_str(), v["prefix"].as_str()), (Some("sno"), Some("usr")));
    let uid = ok(&["new", "uid96"]).remove(0);
    let v = inspect(&[&format!("a_b_{uid}")]);
    assert_eq!((v["scheme"].as_str(), v["prefix"].as_str()), (Some("uid96"), Some("a_b")), "prefixes may hold '_'");
    let v = inspect(&[&token]);
    assert_eq!((v["kind"].as_str(), v["format"].as_str()), (Some("public token"), Some("authenticated")));
    // A 64-bit ID's authenticated token is 22 characters, like a compatible one.
    let uid64 = ok(&["new", "uid64"]).remove(0);
    let local = &ok(&["public", "encrypt", "--key", key, "--scheme", "uid64", "--type-prefix", "loc", &uid64])[0];
    assert_eq!(local.len(), 4 + 22, "{local}");
    let back = ok(&["public", "decrypt", "--key", key, "--scheme", "uid64", "--type-prefix", "loc", local]);
    assert_eq!(back, [format!("loc_{uid64}")]);
    assert!(fails(&["inspect", "ord_nothing-like-an-id"]).contains("cannot tell the scheme"));
}

/// `inspect` reads a scheme's other text forms (a DistributedId as UUID text and as hex, the
/// registry's declared forms), and `new --base` without `--time` keeps the base's other bytes
/// with the clock's time.
#[test]
fn other_text_forms_and_a_base_with_the_clock() {
    for text in ["00000000-0384-a786-907d-b2ad82883dc7", "000384A786907DB2AD82883DC7"] {
        let v = inspect(&["--scheme", "distributed", text]);
        assert_eq!(
            (v["decimal"].as_str(), v["text"].as_str()),
            (Some("1088824355131185736905670087"), v["decimal"].as_str())
        );
    }
    let base = "00112233-4455-4677-8899-aabbccddeeff";
    let id = &ok(&["new", "comb_pg", "--base", base])[0];
    assert_eq!(&id[14..], &base[14..], "PostgreSQL COMBs keep the base's last 10 bytes");
    let v = inspect(&["--scheme", "comb_pg", id]);
    let made = v["unix_ms"].as_i64().unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    assert!((now - made).abs() < 60_000, "{made} vs {now}");
}

/// Runs the binary with `input` on standard input.
fn with_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_idcraft"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// The conventions of spec/cli.md: short flags, IDs from standard input, `new --json` with the
/// keys `inspect --json` prints, messages only on stderr.
#[test]
fn short_flags_stdin_and_json_from_new() {
    let made = ok(&["new", "uid64", "-n", "3", "-t", "2026-03-01T12:00:00Z", "-j"]);
    assert_eq!(made.len(), 3);
    let texts: Vec<String> = made
        .iter()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["text"].as_str().unwrap().to_owned())
        .collect();
    for (line, text) in made.iter().zip(&texts) {
        let from_new: Value = serde_json::from_str(line).unwrap();
        assert_eq!(from_new, inspect(&["-s", "uid64", text]), "new -j prints what inspect -j prints");
    }
    for args in [&["inspect", "-j"][..], &["inspect", "-j", "-"][..]] {
        let (code, out, err) = with_stdin(args, &format!("{}\r\n\n{}\n{}", texts[0], texts[1], texts[2]));
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        let read: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(read.len(), 3, "blank lines skipped, CRLF read: {out}");
        assert!(read.iter().zip(&texts).all(|(v, t)| v["text"] == **t));
    }
    let (code, out, err) = with_stdin(&["inspect"], "not-an-id\n");
    assert_eq!((code, out.as_str()), (1, ""), "a bad ID's message goes to stderr only");
    one_clean_error_line(&err);
}

/// `key new` makes keys the other commands read, in base64 or hex, from a file that ends with
/// a newline; a key of the wrong length names where it came from and what was expected.
#[test]
fn new_keys_key_files_and_wrong_lengths() {
    let dir = std::env::temp_dir().join(format!("idcraft-cli-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (flag, len) in [(None, 44), (Some("--hex"), 64)] {
        let key = ok(&["key", "new"].into_iter().chain(flag).collect::<Vec<_>>());
        assert_eq!(key[0].len(), len, "{key:?}");
        let file = dir.join(format!("key{len}"));
        std::fs::write(&file, format!("{}\n", key[0])).unwrap();
        let file = file.to_str().unwrap();
        let token = ok(&["public", "encrypt", "--key-file", file, "--kind", "u64", "42"]);
        assert_eq!(ok(&["public", "decrypt", "--key-file", file, "--kind", "u64", &token[0]]), ["42"]);
    }
    assert_ne!(ok(&["key", "new"]), ok(&["key", "new"]));
    let short = dir.join("short");
    std::fs::write(&short, "AAAA\n").unwrap();
    let err = fails(&["public", "encrypt", "--key-file", short.to_str().unwrap(), "--kind", "u64", "1"]);
    assert!(err.contains("--key-file") && err.contains("16, 24 or 32 bytes"), "{err}");
    assert!(!err.contains("--key ") && !err.contains("--kind"), "names only its own source: {err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Prefixes follow the derive's rule; the man page and completions come from the same
/// definition as the parser.
#[test]
fn prefix_rule_man_page_and_completions() {
    let key = "k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=";
    for (prefix, why) in [
        ("Ord", "lowercase"),
        ("_ord", "underscore"),
        ("ord_", "underscore"),
        (&*"a".repeat(100), "at most 63 characters"),
        ("", "at least 1 character"),
    ] {
        let err = fails(&["public", "encrypt", "--key", key, "-s", "sno", "--type-prefix", prefix, "9qd9qxlk22xke222"]);
        assert!(err.contains("--type-prefix") && err.contains(why), "{prefix:?}: {err}");
    }
    let man = ok(&["man"]).join("\n");
    assert!(man.contains(".TH idcraft 1") && man.contains("inspect"), "{man}");
    for shell in ["bash", "zsh", "fish"] {
        assert!(ok(&["completions", shell]).join("\n").contains("inspect"), "{shell}");
    }
    let help = ok(&["new", "--help"]).join("\n");
    assert!(help.contains("examples:") && help.contains("-n, --count"), "{help}");
}

/// A text that is both a token's shape and an ID of some scheme is reported both ways, never
/// as the improbable reading alone (a 22-character token of a 64-bit ID read as a
/// distributed128 of the year 4976), and no reading invents a time outside 1970-2200 without
/// a note saying so.
#[test]
fn a_token_that_also_reads_as_an_id_is_ambiguous() {
    let v = inspect(&["inv_84UghTCbzuj8L5oMibddez"]);
    assert_eq!(v["kind"], "ambiguous", "{v}");
    assert_eq!(v["text"], "inv_84UghTCbzuj8L5oMibddez");
    let readings = v["readings"].as_array().unwrap();
    assert_eq!(readings.len(), 2, "{v}");
    let id = readings.iter().find(|r| r["scheme"] == "distributed128").expect("the ID reading");
    assert_eq!(id["prefix"], "inv");
    assert!(id["note"].as_str().unwrap().contains("outside 1970-2200"), "{id}");
    let token = readings.iter().find(|r| r["kind"] == "public token").expect("the token reading");
    assert_eq!((token["prefix"].as_str(), token["text"].as_str()), (Some("inv"), Some("inv_84UghTCbzuj8L5oMibddez")));
    // Text output lists both readings.
    let text = ok(&["inspect", "inv_84UghTCbzuj8L5oMibddez"]).join("\n");
    assert!(text.contains("kind: ambiguous") && text.contains("reading 2:"), "{text}");
    // With --scheme the reading asked for is the one given.
    let asked = inspect(&["--scheme", "distributed128", "inv_84UghTCbzuj8L5oMibddez"]);
    assert_eq!(asked["scheme"], "distributed128");
    // A real prefixed distributed128 in base62 has a token's shape too: still both readings,
    // the ID's without a note (its time is now).
    let made = ok(&["new", "distributed128", "-e", "base62", "-p", "pay"]).remove(0);
    let both = inspect(&[&made]);
    assert_eq!(both["kind"], "ambiguous", "{both}");
    let id = &both["readings"][0];
    assert_eq!(id["scheme"], "distributed128", "{both}");
    assert!(id.get("note").is_none(), "{both}");
    // A text of another length is no token: one reading.
    let made = ok(&["new", "uuid7", "-p", "user"]).remove(0);
    assert_eq!(inspect(&[&made])["scheme"], "uuid7");
}

/// Standard schemes (spec/cli.md, "Standard schemes"): ULID and TypeID text are recognised
/// without `--scheme`, with the `uuid`, `prefix` and `typeid` keys; `new` writes TypeIDs.
#[test]
fn ulid_and_typeid_text_are_recognised() {
    let v = inspect(&["01ARZ3NDEKTSV4RRFFQ69G5FAV"]);
    assert_common(&v, "ulid");
    assert_eq!(v["unix_ms"], 1_469_922_850_259u64);
    assert_eq!(v["uuid"], "01563e3a-b5d3-d676-4c61-efb99302bd5b");

    // The TypeID spec's v7 case: a uuid7 with the prefix and the TypeID text.
    let v = inspect(&["prefix_01h455vb4pex5vsknk084sn02q"]);
    assert_common(&v, "uuid7");
    assert_eq!(v["prefix"], "prefix");
    assert_eq!(v["typeid"], "prefix_01h455vb4pex5vsknk084sn02q");
    assert_eq!(v["uuid"], "01890a5d-ac96-774b-bcce-b302099a8057");
    assert_eq!(v["version"], 7);
    // The same bits as a ULID, when asked.
    let v = inspect(&["--scheme", "ulid", "prefix_01h455vb4pex5vsknk084sn02q"]);
    assert_common(&v, "ulid");
    assert_eq!(v["unix_ms"], 1_688_096_058_518u64);

    let made = ok(&["new", "uuid7", "--encoding", "typeid", "--prefix", "user", "-n", "3"]);
    for text in &made {
        assert!(text.starts_with("user_") && text.len() == 31, "{text}");
        let v = inspect(&[text]);
        assert_eq!((v["scheme"].as_str(), v["typeid"].as_str()), (Some("uuid7"), Some(text.as_str())));
    }
    assert!(made.windows(2).all(|w| w[0] < w[1]), "TypeID text sorts as the IDs do");

    // A lowercase ULID whose bits have a version 7 but not the RFC variant is a ULID (it was
    // refused as "not a valid uuid7 ID"), and so is its uppercase form.
    for text in ["01m8dbrabyfr7garby1p2w1fe2", "01M8DBRABYFR7GARBY1P2W1FE2"] {
        let v = inspect(&[text]);
        assert_common(&v, "ulid");
        assert_eq!(v["unix_ms"], 1_795_744_868_734u64, "{text}");
    }
    // Lowercase ULIDs made here, each in a process of its own (one process's ULIDs share their
    // high random bits): a ULID unless its bits are a version 7 UUID of the RFC variant.
    for _ in 0..40 {
        let text = ok(&["new", "ulid"]).remove(0);
        let uuid = inspect(&[&text])["uuid"].as_str().unwrap().to_owned();
        let v7 = &uuid[14..15] == "7" && matches!(&uuid[19..20], "8" | "9" | "a" | "b");
        let v = inspect(&[&text.to_ascii_lowercase()]);
        assert_eq!(v["scheme"], if v7 { "uuid7" } else { "ulid" }, "{text}");
        assert_eq!(v["uuid"], uuid.as_str(), "{text}");
    }
    let json: Value = serde_json::from_str(&ok(&["new", "ulid", "-e", "typeid", "-p", "doc", "-j"])[0]).unwrap();
    assert_eq!(json["scheme"], "ulid");
    assert!(json["typeid"].as_str().unwrap().starts_with("doc_"));

    assert!(fails(&["new", "sno", "--encoding", "typeid"]).contains("no typeid text form"));
    assert!(fails(&["new", "uuid7", "--encoding", "base99"]).contains("--encoding"));
    assert!(fails(&["new", "uuid7", "-e", "typeid", "-p", "User"]).contains("--prefix"));
    assert!(fails(&["inspect", "prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz"]).contains("prefix_8zzz"));
}

/// Any UUID gets its RFC 9562 version and variant; a time only where its version has one, and
/// a version 4 UUID is a report that says it has none (exit 0: it was an error) instead of
/// inventing one.
#[test]
fn uuids_report_version_variant_and_only_real_times() {
    let v4 = inspect(&["550e8400-e29b-41d4-a716-446655440000"]);
    assert_eq!(
        (v4["scheme"].as_str(), v4["text"].as_str()),
        (Some("uuid"), Some("550e8400-e29b-41d4-a716-446655440000"))
    );
    assert_eq!(v4["hex"], "550e8400e29b41d4a716446655440000");
    assert_eq!((v4["version"].as_u64(), v4["variant"].as_str()), (Some(4), Some("RFC 9562")));
    assert!(v4.get("unix_ms").is_none() && v4.get("timestamp").is_none(), "{v4}");
    let note = v4["note"].as_str().unwrap();
    assert!(note.contains("no time of its own") && note.contains("--scheme") && note.contains("comb_pg"), "{note}");
    assert!(!v4["schemes"].as_array().unwrap().iter().any(|s| s == "uuid7"), "{v4}");
    let text = ok(&["inspect", "550e8400-e29b-41d4-a716-446655440000"]).join("\n");
    assert!(text.contains("version: 4") && !text.contains("unix_ms"), "{text}");
    // The nil UUID (version 0) likewise: a report naming the schemes that would give it a time.
    let nil = inspect(&["00000000-0000-0000-0000-000000000000"]);
    assert_eq!(nil["version"], 0);
    assert!(nil["note"].as_str().unwrap().contains("hot"), "{nil}");
    // RFC 9562's version 1 and version 7 examples, both at 2022-02-22T19:22:22Z.
    let v1 = inspect(&["c232ab00-9414-11ec-b3c8-9f6bdeced846"]);
    assert_common(&v1, "uuid");
    assert_eq!((v1["version"].as_u64(), v1["timestamp"].as_str()), (Some(1), Some("2022-02-22T19:22:22.0000000Z")));
    assert_eq!(v1["variant"], "RFC 9562");
    // With --scheme, the bytes are read as that scheme's, version and variant beside.
    let comb = inspect(&["--scheme", "comb_pg", "550e8400-e29b-41d4-a716-446655440000"]);
    assert_eq!((comb["version"].as_u64(), comb["scheme"].as_str()), (Some(4), Some("comb_pg")));
    let v7 = inspect(&["017f22e2-79b0-7cc3-98c4-dc0c0c07398f"]);
    assert_common(&v7, "uuid7");
    assert_eq!(v7["timestamp"], "2022-02-22T19:22:22.000Z");
}

/// The help texts list the schemes by hand: each must name every scheme of the registry.
#[test]
fn help_names_every_scheme() {
    for args in [&["--help"][..], &["new", "--help"][..]] {
        let help = ok(args).join(" ");
        for scheme in idcraft::schemes::NAMES {
            assert!(
                help.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).any(|w| w == scheme),
                "{args:?} lacks {scheme}"
            );
        }
    }
}
