// The user guide, rendered from docs/guide/*.md: a module of documentation only.
#![doc = include_str!("../docs/guide/index.md")]

pub mod choosing_a_scheme {
    #![doc = include_str!("../docs/guide/choosing-a-scheme.md")]
}

pub mod the_derive {
    #![doc = include_str!("../docs/guide/the-derive.md")]
}

pub mod generators {
    #![doc = include_str!("../docs/guide/generators.md")]
}

pub mod existing_table {
    #![doc = include_str!("../docs/guide/existing-table.md")]
}

pub mod databases {
    #![doc = include_str!("../docs/guide/databases.md")]
}

pub mod migrating {
    #![doc = include_str!("../docs/guide/migrating.md")]
}

pub mod running_a_fleet {
    #![doc = include_str!("../docs/guide/running-a-fleet.md")]
}

pub mod public_tokens {
    #![doc = include_str!("../docs/guide/public-tokens.md")]
}

pub mod testing {
    #![doc = include_str!("../docs/guide/testing.md")]
}

pub mod features {
    #![doc = include_str!("../docs/guide/features.md")]
}

pub mod webassembly {
    #![doc = include_str!("../docs/guide/webassembly.md")]
}

pub mod command_line {
    #![doc = include_str!("../docs/guide/command-line.md")]
}

pub mod reliability {
    #![doc = include_str!("../docs/guide/reliability.md")]
}
