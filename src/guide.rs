// The user guide, rendered from docs/guide/*.md: a module of documentation only, one page (the
// index, then every chapter in order; the doc attributes concatenate). Links between chapters
// are in-page anchors, made by rustdoc from the heading text.
#![doc = include_str!("../docs/guide/index.md")]
#![doc = include_str!("../docs/guide/choosing-a-scheme.md")]
#![doc = include_str!("../docs/guide/the-derive.md")]
#![doc = include_str!("../docs/guide/generators.md")]
#![doc = include_str!("../docs/guide/existing-table.md")]
#![doc = include_str!("../docs/guide/databases.md")]
#![doc = include_str!("../docs/guide/migrating.md")]
#![doc = include_str!("../docs/guide/running-a-fleet.md")]
#![doc = include_str!("../docs/guide/public-tokens.md")]
#![doc = include_str!("../docs/guide/testing.md")]
#![doc = include_str!("../docs/guide/features.md")]
#![doc = include_str!("../docs/guide/webassembly.md")]
#![doc = include_str!("../docs/guide/command-line.md")]
#![doc = include_str!("../docs/guide/reliability.md")]
