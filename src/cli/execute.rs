//! Running a request from the command line: progress bars, then the report printed.

use super::output::{note, print_report, CliResult};
use super::progress;
use mancala::jobs::{self, JobError, Report, Request, RunFiles};

/// Runs `request`, shows its progress (and its notes if `notes`), and prints its report as
/// text or JSON.
pub fn execute_and_print(
    request: &Request,
    files: Option<&RunFiles>,
    json: bool,
    notes: bool,
) -> CliResult {
    let bars = progress::Bars::new(notes);
    let report = match jobs::execute(request, files, &bars) {
        // A stopped solve's bounds, as JSON, before the error (exit status 3).
        Err(e) if json && e.partial().is_some() => {
            super::print_json(e.partial().expect("checked"))?;
            return Err(e);
        }
        r => r?,
    };
    if report.is_secondary() {
        return Ok(());
    }
    if let (Report::EgdbVerify(v), false) = (&report, json) {
        v.failures.iter().for_each(|f| note(f));
    }
    print_report(&report, json)?;
    match &report {
        // A database that fails its check is a failure (exit 1), after its report.
        Report::EgdbVerify(v) => v.problem().map_or(Ok(()), |p| Err(JobError::failed(p))),
        _ => Ok(()),
    }
}
