//! Help text: the scheme list comes from the registry, so a new scheme is listed without an
//! edit here; the examples are prose, in `cli/help/`.

use idcraft::schemes::NAMES;

/// `new`'s SCHEME argument, in `--help`: every scheme of this build.
pub fn scheme_arg() -> String {
    format!("The scheme: {}.", NAMES.join(", "))
}

/// `idcraft --help`'s epilogue: the schemes, wrapped under a `schemes:` label, then the
/// examples.
pub fn top_level() -> String {
    const WIDTH: usize = 100;
    let mut text = String::from("schemes:");
    let mut line = text.len();
    for name in NAMES {
        if line + 1 + name.len() > WIDTH {
            text.push_str("\n        ");
            line = 8;
        }
        text.push(' ');
        text.push_str(name);
        line += 1 + name.len();
    }
    text.push_str("\n\n");
    text.push_str(include_str!("../help/top.txt"));
    text
}
