//! Where commands write: buffered standard output whose every failure is reported, and the one
//! error type of the binary.

use core::fmt;
use std::io::{self, BufWriter, StdoutLock, Write};

/// Why the command failed: bad input (the message says what and where), a command line clap
/// or the command itself cannot read, or output that could not be written (a closed pipe, a
/// full disk).
#[derive(Debug)]
pub enum Failure {
    Input(String),
    Usage(String),
    Output(io::Error),
}

impl Failure {
    /// 1 for bad input and lost output, 2 for usage errors (clap's convention).
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Input(_) | Failure::Output(_) => 1,
        }
    }
}

/// The error [`Output::stdout`] reports for a standard output closed before the program started,
/// which is output lost, not a reader that has had enough.
const CLOSED_FROM_THE_START: &str = "standard output is closed";

/// Whether `e` says standard output was closed from the start.
pub fn closed_from_the_start(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.to_string() == CLOSED_FROM_THE_START)
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Input(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Input(message.to_owned())
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // One line: a message quoting hostile input must not span several.
            Failure::Input(message) | Failure::Usage(message) => f.write_str(&message.replace(['\n', '\r'], " ")),
            Failure::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

/// Standard output, line by line.
pub struct Output {
    inner: BufWriter<StdoutLock<'static>>,
}

impl Output {
    /// Standard output, or an error if it was closed when the program started.
    pub fn stdout() -> Result<Output, Failure> {
        if stdout_was_closed() {
            return Err(Failure::Output(io::Error::new(io::ErrorKind::BrokenPipe, CLOSED_FROM_THE_START)));
        }
        Ok(Output { inner: BufWriter::new(io::stdout().lock()) })
    }

    /// Writes `line` and a newline.
    pub fn line(&mut self, line: impl fmt::Display) -> Result<(), Failure> {
        writeln!(self.inner, "{line}").map_err(Failure::Output)
    }

    /// Writes raw bytes (a completion script).
    pub fn bytes(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.inner.write_all(bytes).map_err(Failure::Output)
    }

    /// Flushes what is buffered; an error here is output lost too.
    pub fn finish(mut self) -> Result<(), Failure> {
        self.inner.flush().map_err(Failure::Output)
    }
}

/// Whether the process started with descriptor 1 closed. Rust's runtime then opens the null
/// device read-write in its place before `main`, so writes would vanish and the command would
/// report success; a shell's `> /dev/null` opens it write-only, which is a choice to discard.
#[cfg(unix)]
fn stdout_was_closed() -> bool {
    // SAFETY: fstat and fcntl only read the descriptor's state into `stat`.
    unsafe {
        let mut stat: libc::stat = core::mem::zeroed();
        if libc::fstat(libc::STDOUT_FILENO, &mut stat) != 0 {
            return true;
        }
        let mut null: libc::stat = core::mem::zeroed();
        let is_null = libc::stat(c"/dev/null".as_ptr(), &mut null) == 0
            && stat.st_mode & libc::S_IFMT == libc::S_IFCHR
            && stat.st_rdev == null.st_rdev;
        is_null && libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL) & libc::O_ACCMODE == libc::O_RDWR
    }
}

#[cfg(not(unix))]
fn stdout_was_closed() -> bool {
    false
}

/// `n` and the noun, singular or plural: "1 character", "2 characters".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// The derive's prefix rule, TypeID's (`idcraft::codec::typeid::check_prefix`), where a prefix
/// that is given cannot be empty: 1 to 63 lowercase ASCII letters and underscores, not starting
/// or ending with an underscore.
pub fn check_prefix(option: &str, p: &str) -> Result<(), Failure> {
    let why = match idcraft::codec::typeid::check_prefix(p) {
        Ok(()) if !p.is_empty() => return Ok(()),
        Ok(()) => "a prefix needs at least 1 character".to_owned(),
        Err(reason) => reason.to_string(),
    };
    Err(Failure::Input(format!("{option} {p:?}: {why}")))
}
