//! `idcraft`: make and inspect IDs from the command line. The contract (commands, options,
//! `--json` keys) is fixed in `shared/specs/cli.md`; bad input exits 1 with one line on stderr.

mod args;
mod inspect;
mod new;
#[cfg(feature = "public")]
mod public;

use std::process::ExitCode;

const USAGE: &str = "usage:
  idcraft new <SCHEME> [--count N] [--time RFC3339] [--base UUID] [--shard U32] [--meta U8] [--partition U16] [--node NAME]
  idcraft inspect [--scheme SCHEME] [--json] <ID>...
  idcraft public encrypt --key <BASE64> --kind <u64|i64|decimal|u128|uuid> [--json] <VALUE>
  idcraft public decrypt --key <BASE64> --kind <u64|i64|decimal|u128|uuid> [--json] <TOKEN>
schemes: comb_sql comb_pg comb_legacy comb_binary hot distributed distributed128 sno uid64 uid96";

fn run(args: &[String]) -> Result<Vec<String>, String> {
    match args.first().map(String::as_str) {
        Some("new") => new::run(&args[1..]),
        Some("inspect") => inspect::run(&args[1..]),
        #[cfg(feature = "public")]
        Some("public") => public::run(&args[1..]),
        Some("help" | "--help" | "-h") => Ok(vec![USAGE.to_owned()]),
        Some(other) => Err(format!("unknown command {other:?}; try `idcraft help`")),
        None => Err("missing command; try `idcraft help`".to_owned()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(lines) => {
            let mut out = String::new();
            for line in lines {
                out.push_str(&line);
                out.push('\n');
            }
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("idcraft: {message}");
            ExitCode::FAILURE
        }
    }
}
