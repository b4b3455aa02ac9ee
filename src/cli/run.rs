//! `mancala run solvers/NAME.toml`: a job file is a serialized request (solvers/README.md lists
//! the keys of each kind); it runs in this process and its results go to the folder of its kind
//! under the results root (`Request::results_folder`: `results/solve/`, `results/tournaments/`,
//! `results/databases/`): `NAME.md`, `.csv`, `.json` (manifest), and `.games.jsonl` for a job
//! that plays games (and the plot `.svg` of a series, a tournament and a match with an SPRT).

use super::{command_line, execute_and_print, CliResult, ThreadsArg};
use clap::Args;
use mancala::jobs::{JobError, Request};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The job file (TOML), e.g. solvers/kalah-tournament.toml.
    pub job: PathBuf,
    /// Root directory of the result files (default: results): a job writes into the folder of
    /// its kind under it (`solve/`, `tournaments/`, `databases/`). An egdb job then writes its
    /// database under this root too (its `out` taken relative to it): a run into a scratch
    /// directory writes nothing elsewhere.
    #[arg(long)]
    pub results: Option<PathBuf>,
    /// Worker threads (default: the job's `threads`, else all cores). Results do not depend on
    /// it for agents with depth or iteration budgets.
    #[command(flatten)]
    pub threads: ThreadsArg,
}

/// Runs `mancala run`.
pub fn run(args: RunArgs) -> CliResult {
    let path = &args.job;
    let text = std::fs::read_to_string(path)
        .map_err(|e| JobError::input(format!("cannot read job file {}: {e}", path.display())))?;
    let mut request = Request::from_toml(&text, path)?;
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| JobError::input(format!("{}: not a valid run name", path.display())))?;
    let root = args.results.clone().unwrap_or_else(|| "results".into());
    let files = request
        .run_files(&root, name, &command_line())
        .map_err(|e| e.prefixed(path.display()))?;
    if let (Some(threads), Some(t)) = (args.threads.threads, request.threads_mut()) {
        *t = threads;
    }
    if let (Request::EgdbBuild(build), Some(results)) = (&mut request, &args.results) {
        let inside = build.out.components().all(|c| {
            matches!(
                c,
                std::path::Component::Normal(_) | std::path::Component::CurDir
            )
        });
        if !inside {
            return Err(JobError::input(format!(
                "{}: `out = \"{}\"` is outside --results {}: give a path inside it",
                path.display(),
                build.out.display(),
                results.display()
            )));
        }
        build.out = results.join(&build.out);
    }
    execute_and_print(&request, Some(&files), false, true)
        .map_err(|e| mancala::jobs::job_file_error(e, path, &text))
}
