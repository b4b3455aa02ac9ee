//! What the command line writes: reports as text or JSON on standard output, notes on standard
//! error, and the command line itself for manifests.

use mancala::jobs::{JobError, Report};
use std::io::Write as _;

/// What a subcommand returns: the error decides the exit status.
pub type CliResult = Result<(), JobError>;

/// Prints `report`: pretty JSON, or its text.
pub fn print_report(report: &Report, json: bool) -> CliResult {
    if json {
        print_json(&serde_json::to_value(report).expect("reports encode"))
    } else {
        emit(&report.text())
    }
}

/// Prints a JSON value on stdout.
pub fn print_json(value: &serde_json::Value) -> CliResult {
    let text = serde_json::to_string_pretty(value).expect("JSON values encode");
    emit(&format!("{text}\n"))
}

/// Writes `text` to stdout; a write error (a closed pipe, a full disk) is a failure (exit 1),
/// not a panic.
pub fn emit(text: &str) -> CliResult {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| JobError::failed("cannot write the output").because(e))
}

/// Writes a line to standard error; a closed standard error is ignored, never a panic.
pub fn note(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}");
}

pub use mancala::results::command_line;
