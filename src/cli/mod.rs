//! Command-line interface: clap parsing into a job request, [`mancala::jobs::execute`], and
//! the report printed as text or `--json`; one file per subcommand.
//!
//! Exit status: 0 success; 1 a failure while running (an output that cannot be written, a
//! database that fails verification); 2 bad input (command line, game string, position, moves,
//! agent, job file), with a message naming the bad token; 3 a limit stopped a solve first.

mod analyze;
mod arena;
mod args;
mod bench;
mod egdb;
mod engine;
mod eval;
mod execute;
mod games;
mod output;
mod perft;
mod play;
mod progress;
mod run;
mod serve;
mod show;
mod solve;

pub use args::{PositionArgs, ThreadsArg};
pub use execute::execute_and_print;
pub use output::{command_line, emit, note, print_json, print_report, CliResult};

use clap::{Parser, Subcommand};
use mancala::jobs::JobError;
use std::process::ExitCode;

/// Exact solvers, perft and analysis for mancala games.
#[derive(Parser, Debug)]
#[command(
    name = "mancala",
    version = concat!(env!("CARGO_PKG_VERSION"), " (build ", env!("MANCALA_BUILD_ID"), ")"),
    about,
    long_about = None
)]
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
    /// Evaluations: fit a game's evaluation weights to exact values.
    #[command(subcommand)]
    Eval(eval::EvalCommand),
    /// Play two agents against each other in seat-swapped pairs: score, Elo, LOS, SPRT.
    Match(arena::MatchArgs),
    /// Round robin of three or more agents: crosstable and Bradley–Terry ratings (or, with
    /// --gauntlet, the first agent against each other one).
    Tournament(arena::TournamentArgs),
    /// The accuracy of agents against perfect play: every move of a set of positions (a file,
    /// a sample of self-play positions, or the moves of a finished run) valued exactly.
    Analyze(analyze::AnalyzeArgs),
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
    /// The analysis board in the browser: play, analyse and replay every game, and its JSON
    /// API (docs/serve-api.md), on http://127.0.0.1:8080/ by default.
    Serve(serve::ServeArgs),
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
        Command::Eval(c) => eval::run(c),
        Command::Match(a) => arena::run_match(a),
        Command::Tournament(a) => arena::run_tournament(a),
        Command::Export(a) => arena::run_export(a),
        Command::Analyze(a) => analyze::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Play(a) => play::run(a),
        Command::Engine(a) => engine::run(a),
        Command::Run(a) => run::run(a),
        Command::Serve(a) => serve::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            note(&format!("error: {e:#}"));
            ExitCode::from(exit_code(&e))
        }
    }
}
