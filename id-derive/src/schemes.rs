//! The scheme names the attribute accepts, and what the glue needs to know of each: the type
//! it names in the runtime, the text forms it has, how `new` is called and which accessors are
//! delegated. All behaviour stays in the runtime.

/// How `new()` reaches the generator's input.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum NewInput {
    /// `new()`.
    None,
    /// `new(shard_key: u32)` (hot).
    ShardKey,
    /// `new()` with metabyte 0, plus `new_with_meta(meta: u8)` (sno).
    Meta,
    /// `new()` on the generator's node, plus `new_with_node(node: u32)` (uid96).
    Node,
}

pub struct SchemeInfo {
    pub name: &'static str,
    pub encodings: &'static [&'static str],
    /// Storage values can be invalid (`Decimal`): conversion from storage is `TryFrom`.
    pub fallible_storage: bool,
    pub new_input: NewInput,
    /// `(name, return type, doc)`, delegated to the scheme value.
    pub accessors: &'static [(&'static str, &'static str, &'static str)],
}

const GUID_TEXT: &[&str] = &["uuid", "hex", "base62"];

pub const SCHEMES: &[SchemeInfo] = &[
    SchemeInfo {
        name: "comb_sql",
        encodings: GUID_TEXT,
        fallible_storage: false,
        new_input: NewInput::None,
        accessors: &[],
    },
    SchemeInfo {
        name: "comb_pg",
        encodings: GUID_TEXT,
        fallible_storage: false,
        new_input: NewInput::None,
        accessors: &[],
    },
    SchemeInfo {
        name: "comb_legacy",
        encodings: GUID_TEXT,
        fallible_storage: false,
        new_input: NewInput::None,
        accessors: &[],
    },
    SchemeInfo {
        name: "comb_binary",
        encodings: GUID_TEXT,
        fallible_storage: false,
        new_input: NewInput::None,
        accessors: &[],
    },
    SchemeInfo {
        name: "hot",
        encodings: GUID_TEXT,
        fallible_storage: false,
        new_input: NewInput::ShardKey,
        accessors: &[
            ("shard_key", "u32", "The 4-byte shard key."),
            ("unix_seconds", "u32", "The embedded Unix seconds."),
            ("counter", "u32", "The 24-bit per-process counter."),
        ],
    },
    SchemeInfo {
        name: "distributed",
        encodings: &["decimal", "base62", "hex", "uuid"],
        fallible_storage: true,
        new_input: NewInput::None,
        accessors: &[("random", "u64", "The 48-bit random part.")],
    },
    SchemeInfo {
        name: "distributed128",
        encodings: &["base62", "decimal", "uuid", "hex"],
        fallible_storage: false,
        new_input: NewInput::None,
        accessors: &[("random", "u128", "The 75-bit random part.")],
    },
    SchemeInfo {
        name: "sno",
        encodings: &["sno32", "hex"],
        fallible_storage: false,
        new_input: NewInput::Meta,
        accessors: &[
            ("meta", "u8", "The metabyte."),
            ("partition", "u16", "The partition."),
            ("sequence", "u16", "The sequence within the 4 ms unit."),
            ("tick", "bool", "The tick-tock bit (flips when the clock went back)."),
            ("is_zero", "bool", "Whether this is the zero ID."),
        ],
    },
    SchemeInfo {
        name: "uid64",
        encodings: &["base64", "base64url", "hex", "base62", "decimal"],
        fallible_storage: false,
        new_input: NewInput::None,
        accessors: &[("seq", "u32", "The 14-bit sequence.")],
    },
    SchemeInfo {
        name: "uid96",
        encodings: &["base64", "base64url", "hex"],
        fallible_storage: false,
        new_input: NewInput::Node,
        accessors: &[("node", "u32", "The 32-bit node hash."), ("seq", "u32", "The 14-bit sequence.")],
    },
];

pub fn find(name: &str) -> Option<&'static SchemeInfo> {
    SCHEMES.iter().find(|s| s.name == name)
}

/// The closest candidate within an edit distance of 3, for "did you mean".
pub fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (levenshtein(given, c), c))
        .filter(|(d, _)| *d <= 3)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
