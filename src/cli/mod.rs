//! Command-line interface: clap parsing into a job request, [`mancala::jobs::execute`], and
//! the report printed as text or `--json`; one file per subcommand.
//!
//! Exit status: 0 success; 1 a failure while running (an output that cannot be written, a
//! database that fails verification); 2 bad input (command line, game string, position, moves,
//! agent, job file), with a message naming the bad token; 3 a limit stopped a solve first.

mod arena;
mod bench;
mod egdb;
mod engine;
mod games;
mod perft;
mod play;
mod progress;
mod run;
mod show;
mod solve;

use clap::{Args, Parser, Subcommand};
use mancala::jobs::{self, JobError, Report, Request, RunFiles, Threads};
use mancala::{Line, Rules};
use std::io::Write as _;
use std::process::ExitCode;

/// Exact solvers, perft and analysis for mancala games.
#[derive(Parser, Debug)]
#[command(name = "mancala", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games, their keys and defaults (the game strings of RULES.md §12).
    Games(games::GamesArgs),
    /// Show a position: board, stores, side to move, legal moves, and the result if it is over.
    Show(show::ShowArgs),
    /// Count move sequences of exactly D moves (an extra turn is a move of its own).
    Perft(perft::PerftArgs),
    /// Solve a position exactly: value, value of every move, principal variation.
    Solve(solve::SolveArgs),
    /// Endgame databases: build, verify, probe, stats.
    #[command(subcommand)]
    Egdb(egdb::EgdbCommand),
    /// Play two agents against each other in seat-swapped pairs: score, Elo, LOS, SPRT.
    Match(arena::MatchArgs),
    /// Round robin of three or more agents: crosstable and Bradley–Terry ratings (or, with
    /// --gauntlet, the first agent against each other one).
    Tournament(arena::TournamentArgs),
    /// Write a run's game records as text in the spirit of PGN (docs/game-records.md).
    Export(arena::ExportArgs),
    /// Run a job file (solve, egdb, match, tournament, series, ...) and write
    /// results/KIND/NAME.* (solve/, tournaments/ or databases/).
    Run(run::RunArgs),
    /// Play against an agent in the terminal.
    Play(play::PlayArgs),
    /// Serve an agent over the mancala-engine protocol on standard input and output
    /// (docs/engine-protocol.md).
    Engine(engine::EngineArgs),
    /// Random playouts or MCTS simulations per second from the start position.
    Bench(bench::BenchArgs),
}

/// A game and a position in it, shared by every subcommand.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Game string, e.g. `kalah`, `kalah(houses=4,seeds=3,capture=empty)`, `oware`, `awari`
    /// (`mancala games` lists them).
    pub game: String,
    /// Position text `<South houses>/<North houses> <South store>-<North store> <S|N>`
    /// (default: the start position).
    #[arg(long, short = 'p', allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves to play from the position first, e.g. "A f B e" (house letters, South's upper case).
    #[arg(long, short = 'm', allow_hyphen_values = true)]
    pub moves: Option<String>,
}

impl PositionArgs {
    /// The game line: the position (or the start) with the moves played.
    pub fn line<R: Rules>(&self, rules: &R) -> Result<Line<R>, JobError> {
        jobs::game_line(rules, self.position.as_deref(), self.moves.as_deref())
    }
}

/// `--threads`: 1 to 1024 (default: every core); one convention for every command.
#[derive(Args, Debug, Clone, Copy)]
pub struct ThreadsArg {
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, short = 't', value_name = "N", allow_negative_numbers = true)]
    pub threads: Option<Threads>,
}

impl ThreadsArg {
    /// The count asked for, or every core.
    pub fn get(self) -> Threads {
        self.threads.unwrap_or_default()
    }
}

pub type CliResult = Result<(), JobError>;

/// Runs `request`, shows its progress (and its notes if `notes`), and prints its report as
/// text or JSON.
pub fn execute_and_print(
    request: &Request,
    files: Option<&RunFiles>,
    json: bool,
    notes: bool,
) -> CliResult {
    let bars = progress::Bars::new(notes);
    let report = jobs::execute(request, files, &bars)?;
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

/// The command line as typed (arguments with spaces or quotes quoted), for manifests.
pub fn command_line() -> String {
    std::env::args()
        .map(|a| {
            if a.is_empty() || a.contains([' ', '"', '\'', '(', ')', '$', ';', '&', '|']) {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The exit status of a failure.
fn exit_code(e: &JobError) -> u8 {
    e.kind().exit_status()
}

/// Runs the command line and returns the exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = match cli.command {
        Command::Games(a) => games::run(a),
        Command::Show(a) => show::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Egdb(c) => egdb::run(c),
        Command::Match(a) => arena::run_match(a),
        Command::Tournament(a) => arena::run_tournament(a),
        Command::Export(a) => arena::run_export(a),
        Command::Bench(a) => bench::run(a),
        Command::Play(a) => play::run(a),
        Command::Engine(a) => engine::run(a),
        Command::Run(a) => run::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            note(&format!("error: {e:#}"));
            ExitCode::from(exit_code(&e))
        }
    }
}
