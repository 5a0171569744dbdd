//! `idcraft`: make and inspect IDs from the command line. The contract (commands, options,
//! `--json` keys) is in `spec/cli.md`. Every bad input exits 1 with one line on stderr; output
//! is streamed (constant memory for any `--count`), and a failed write (a closed pipe, a full
//! disk) exits 1 too, so lost output never looks like success.

mod args;
mod inspect;
mod new;
mod output;
#[cfg(feature = "public")]
mod public;

use output::{Failure, Output};
use std::process::ExitCode;

const USAGE: &str = "usage:
  idcraft new <SCHEME> [--count N] [--time RFC3339] [--base UUID] [--shard U32] [--meta U8] [--partition U16] [--node NAME]
  idcraft inspect [--scheme SCHEME] [--json] <ID>...
  idcraft public encrypt --key <BASE64> --kind <u64|i64|decimal|u128|uuid> [--json] <VALUE>
  idcraft public decrypt --key <BASE64> --kind <u64|i64|decimal|u128|uuid> [--json] <TOKEN>
schemes: comb_sql comb_pg comb_legacy comb_binary hot distributed distributed128 sno uid64 uid96";

fn run(args: &[String], out: &mut Output) -> Result<(), Failure> {
    match args.first().map(String::as_str) {
        Some("new") => new::run(&args[1..], out),
        Some("inspect") => inspect::run(&args[1..], out),
        #[cfg(feature = "public")]
        Some("public") => public::run(&args[1..], out),
        Some("help" | "--help" | "-h") => out.line(USAGE),
        Some(other) => Err(format!("unknown command {other:?}; try `idcraft help`").into()),
        None => Err("missing command; try `idcraft help`".into()),
    }
}

/// The arguments as UTF-8, or which one is not (`std::env::args` would panic on it).
fn utf8_args() -> Result<Vec<String>, Failure> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|raw| {
                format!("argument {} is not valid UTF-8: {}", i + 1, raw.to_string_lossy().escape_debug()).into()
            })
        })
        .collect()
}

fn main() -> ExitCode {
    let result = Output::stdout().and_then(|mut out| {
        let args = utf8_args()?;
        run(&args, &mut out)?;
        out.finish()
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            // stderr may be closed as well: then the exit status is all that is left to say.
            let _ = writeln!(std::io::stderr(), "idcraft: {failure}");
            ExitCode::FAILURE
        }
    }
}

use std::io::Write as _;
