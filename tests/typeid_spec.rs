//! The TypeID specification's own cases (v0.3.0, `tests/data/typeid/`): every valid TypeID
//! decodes to its prefix and UUID and encodes back to the same text; every invalid one is an
//! error, never a panic or a value.

use idcraft::codec::typeid;

/// One case of the spec's YAML files: its `key: "value"` lines (the files use no other YAML).
#[derive(Debug, Default)]
struct Case {
    name: String,
    typeid: String,
    prefix: String,
    uuid: String,
}

fn cases(yaml: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in yaml.lines().map(str::trim) {
        let Some((key, value)) = line.trim_start_matches("- ").split_once(": ") else { continue };
        if key.starts_with('#') {
            continue;
        }
        let value = value.trim().trim_matches('"').to_string();
        if line.starts_with("- ") {
            cases.push(Case::default());
        }
        let case = cases.last_mut().expect("a case starts with '- '");
        match key {
            "name" => case.name = value,
            "typeid" => case.typeid = value,
            "prefix" => case.prefix = value,
            "uuid" => case.uuid = value,
            _ => {}
        }
    }
    cases
}

#[test]
fn every_valid_case_decodes_and_encodes_back() {
    let valid = cases(include_str!("data/typeid/valid.yml"));
    assert_eq!(valid.len(), 9, "the spec has 9 valid cases");
    for case in &valid {
        let uuid: idcraft::Uuid = case.uuid.parse().unwrap();
        assert_eq!(typeid::parse(&case.typeid), Ok((case.prefix.as_str(), uuid.as_u128())), "{}", case.name);
        let mut text = String::new();
        typeid::write(&mut text, &case.prefix, uuid.as_u128()).unwrap();
        assert_eq!(text, case.typeid, "{}", case.name);
    }
}

#[test]
fn every_invalid_case_is_an_error_that_says_why() {
    let invalid = cases(include_str!("data/typeid/invalid.yml"));
    assert_eq!(invalid.len(), 21, "the spec has 21 invalid cases");
    for case in &invalid {
        let error = typeid::parse(&case.typeid).expect_err(&case.name);
        assert!(!error.to_string().is_empty(), "{}", case.name);
    }
}

/// A derived type with `encoding = "typeid"` reads the spec's v7 case under its own prefix
/// only, and writes it back the same.
#[test]
fn a_derived_type_reads_the_spec_v7_case() {
    #[derive(idcraft::Identity)]
    #[id(scheme = "uuid7", encoding = "typeid", prefix = "prefix")]
    struct Prefixed(idcraft::Uuid);

    let text = "prefix_01h455vb4pex5vsknk084sn02q";
    let id: Prefixed = text.parse().unwrap();
    assert_eq!(id.as_inner().to_string(), "01890a5d-ac96-774b-bcce-b302099a8057");
    assert_eq!(id.to_string(), text);
    assert!("other_01h455vb4pex5vsknk084sn02q".parse::<Prefixed>().is_err());
}
