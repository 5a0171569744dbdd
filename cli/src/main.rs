//! `idcraft`: make and inspect IDs from the command line. The contract (commands, options,
//! `--json` keys, exit codes) is in `spec/cli.md` at the repository root. Only output goes to
//! stdout; every message goes to stderr as one line. Bad input exits 1, a usage error 2 (as
//! clap does). Output is streamed (constant memory for any `--count`); a reader that closes the
//! pipe early (`| head -1`) ends the command quietly with status 0, while output lost any other
//! way (a full disk, a standard output closed from the start) exits 1.

mod describe;
mod help;
mod inspect;
mod limits;
mod new;
mod output;
mod public;
mod typed;
mod uuid_info;

use clap::builder::TypedValueParser as _;
use clap::{Args, CommandFactory, Parser, Subcommand};
use output::{Failure, Output};
use std::io::Write as _;
use std::process::ExitCode;

/// Make, inspect and encrypt typed, time-ordered IDs.
#[derive(Parser)]
#[command(name = "idcraft", version, propagate_version = true, max_term_width = 100)]
#[command(after_help = help::top_level())]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Make new IDs of a scheme, one per line.
    New(NewArgs),
    /// Decode IDs and print their fields.
    Inspect(InspectArgs),
    /// Architect.Identities-compatible public identities (AES).
    #[command(subcommand)]
    Public(PublicCommand),
    /// Keys for public identities.
    #[command(subcommand)]
    Key(KeyCommand),
    /// Print a completion script for a shell.
    #[command(after_help = "example: idcraft completions bash > /etc/bash_completion.d/idcraft")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    #[command(after_help = "example: idcraft man > /usr/local/share/man/man1/idcraft.1")]
    Man,
}

#[derive(Subcommand)]
enum KeyCommand {
    /// Print a fresh random AES-256 key (base64, or hex), for a secret store or a key file.
    #[command(after_help = "example: idcraft key new > key  (then --key-file key)")]
    New {
        /// Hex instead of base64.
        #[arg(long)]
        hex: bool,
    },
}

/// `idcraft new <SCHEME> [-n N] [-t RFC3339] [-j] [--base UUID] [--shard U32] [--meta U8]
/// [--partition U16] [--node NAME|N]`.
#[derive(Args)]
#[command(after_help = include_str!("../help/new.txt"))]
pub struct NewArgs {
    /// The scheme.
    #[arg(long_help = help::scheme_arg())]
    pub scheme: String,
    /// How many IDs to print.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1, allow_negative_numbers = true)]
    pub count: u64,
    /// Embed this instant instead of the clock's (RFC 3339, up to nanoseconds). With --count,
    /// the IDs are strictly increasing, or the command fails when the instant's time unit
    /// cannot hold that many.
    #[arg(short = 't', long, value_name = "RFC3339")]
    pub time: Option<String>,
    /// One JSON object per ID, with the keys `inspect --json` prints.
    #[arg(short = 'j', long)]
    pub json: bool,
    /// COMB schemes: the GUID whose non-timestamp bytes are kept (with --time or the clock).
    #[arg(long, value_name = "UUID")]
    pub base: Option<String>,
    /// hot: the shard key.
    #[arg(long, value_name = "U32")]
    pub shard: Option<String>,
    /// sno: the metabyte.
    #[arg(long, value_name = "U8")]
    pub meta: Option<String>,
    /// sno: the partition.
    #[arg(long, value_name = "U16")]
    pub partition: Option<String>,
    /// uid96: the node name, hashed as uid 1.3.5 does. Snowflakes: the node number (Twitter
    /// worker 0..=1023, Discord `worker << 5 | process` 0..=1023, Instagram shard 0..=8191,
    /// Sonyflake machine 0..=65535); without it, a random node drawn once per process.
    #[arg(long, value_name = "NAME|N")]
    pub node: Option<String>,
    /// Print this text form instead of the scheme's default: `typeid` (TypeID v0.3, 128-bit
    /// schemes), `ulid`, `uuid`, `hex`, `base62`, ... (those the scheme has).
    #[arg(short = 'e', long, value_name = "FORM")]
    pub encoding: Option<String>,
    /// Put `PREFIX_` before each ID, as a derived type with `prefix = "PREFIX"` does (the
    /// TypeID prefix with `--encoding typeid`).
    #[arg(short = 'p', long, value_name = "PREFIX")]
    pub prefix: Option<String>,
}

/// `idcraft inspect [-s SCHEME | --layout KEYS] [-j] [--limits | <ID>... | -]`.
#[derive(Args)]
#[command(after_help = include_str!("../help/inspect.txt"))]
pub struct InspectArgs {
    /// The scheme, when the text alone does not tell (UUID-shaped IDs, decimal snowflakes).
    #[arg(short = 's', long)]
    pub scheme: Option<String>,
    /// One JSON object per ID, one per line.
    #[arg(short = 'j', long)]
    pub json: bool,
    /// Read the IDs in a declared snowflake layout, the keys of `#[id(...)]` as
    /// `key=value,...`: `epoch=2025-01-01T00:00:00Z,unit=1ms,time_bits=41,node_bits=10,sequence_bits=12`
    /// (add `scheme=sonyflake` for Sonyflake v2's options and field order).
    #[arg(long, value_name = "KEYS", conflicts_with = "scheme")]
    pub layout: Option<String>,
    /// Print the first and last instants the scheme (or `--layout`) can hold, instead of
    /// reading IDs.
    #[arg(long, conflicts_with = "ids")]
    pub limits: bool,
    /// The IDs; none, or `-`, reads them from standard input, one per line.
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,
}

#[derive(Subcommand)]
enum PublicCommand {
    /// Encrypt a value into its public token.
    Encrypt(PublicArgs),
    /// Decrypt a public token into its value: Architect.Identities' (22 base62 characters or a
    /// GUID, with --kind) or idcraft's typed tokens (with --scheme and --type-prefix).
    Decrypt(PublicArgs),
    /// Print a new random AES key in base64, for a secret store (then --key-file or
    /// IDCRAFT_PUBLIC_KEY).
    Keygen {
        /// The key size: 128, 192 or 256.
        #[arg(long, default_value_t = 256, value_parser = clap::builder::PossibleValuesParser::new(["128", "192", "256"]).map(|s| s.parse::<u32>().unwrap_or(256)))]
        bits: u32,
    },
}

/// The key, the kind of value and the value or token.
#[derive(Args)]
pub struct PublicArgs {
    /// A 16-, 24- or 32-byte AES key in base64 (prefer --key-file or IDCRAFT_PUBLIC_KEY: a
    /// command line is visible to other users of the machine).
    #[arg(long, value_name = "BASE64", env = "IDCRAFT_PUBLIC_KEY", hide_env_values = true)]
    pub key: Option<String>,
    /// A file holding the base64 key (one trailing newline is ignored).
    #[arg(long, value_name = "PATH", conflicts_with = "key")]
    pub key_file: Option<std::path::PathBuf>,
    /// The kind of value: u64, i64, decimal, u128 or uuid (Architect.Identities' format).
    #[arg(long, required_unless_present = "scheme", conflicts_with = "scheme")]
    pub kind: Option<String>,
    /// A typed token of idcraft (`PublicIds`): the derived type's prefix (tokens are
    /// `prefix_` + 33 characters, or 22 for the compatible format and 64-bit IDs).
    #[arg(long, value_name = "PREFIX", requires = "scheme")]
    pub type_prefix: Option<String>,
    /// A typed token of idcraft: the derived type's scheme (comb_pg, sno, ...).
    #[arg(short = 's', long, value_name = "SCHEME")]
    pub scheme: Option<String>,
    /// With --scheme: the 16-byte compatible token format instead of the authenticated one.
    #[arg(long, requires = "scheme")]
    pub compatible: bool,
    /// JSON output.
    #[arg(short = 'j', long)]
    pub json: bool,
    /// The value (encrypt) or the token (decrypt).
    #[arg(value_name = "VALUE|TOKEN")]
    pub input: String,
}

fn run(cli: Cli, out: &mut Output) -> Result<(), Failure> {
    match cli.command {
        Some(Command::New(args)) => new::run(&args, out),
        Some(Command::Inspect(args)) => inspect::run(&args, out),
        Some(Command::Public(PublicCommand::Encrypt(args))) => public::run(public::Direction::Encrypt, &args, out),
        Some(Command::Public(PublicCommand::Decrypt(args))) => public::run(public::Direction::Decrypt, &args, out),
        Some(Command::Public(PublicCommand::Keygen { bits })) => public::keygen(bits, out),
        Some(Command::Key(KeyCommand::New { hex })) => public::new_key(hex, out),
        Some(Command::Completions { shell }) => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "idcraft", &mut script);
            out.bytes(&script)
        }
        Some(Command::Man) => {
            let mut page = Vec::new();
            clap_mangen::Man::new(Cli::command()).render(&mut page).map_err(Failure::Output)?;
            out.bytes(&page)
        }
        None => Err(Failure::Usage("missing command; try `idcraft --help`".into())),
    }
}

/// clap's error as one line: its message and tip, without the usage block (the contract is one
/// line on stderr; `--help` has the rest).
fn one_line(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let mut line = String::new();
    for part in rendered
        .lines()
        .map(str::trim)
        .filter(|part| !part.is_empty() && !part.starts_with("Usage:") && !part.starts_with("For more information"))
    {
        if !line.is_empty() {
            line.push_str(if line.ends_with(':') { " " } else { "; " });
        }
        line.push_str(part.strip_prefix("error: ").unwrap_or(part));
    }
    line
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            return match e.print() {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            };
        }
        // An argument that is not text is bad input, like a bad ID; the rest is usage.
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidUtf8 => return fail(&Failure::Input(one_line(&e))),
        Err(e) => return fail(&Failure::Usage(one_line(&e))),
    };
    match Output::stdout().and_then(|mut out| {
        run(cli, &mut out)?;
        out.finish()
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => fail(&failure),
    }
}

fn fail(failure: &Failure) -> ExitCode {
    match failure {
        // The reader has what it wanted (`| head -1`): nothing went wrong.
        Failure::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe && !output::closed_from_the_start(e) => {
            ExitCode::SUCCESS
        }
        _ => {
            // stderr may be closed as well: then the exit status is all that is left to say.
            let _ = writeln!(std::io::stderr(), "idcraft: {failure}");
            ExitCode::from(failure.exit_code())
        }
    }
}
