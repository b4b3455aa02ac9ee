//! Command-line interface: clap parsing, one dispatch on the game string, one file per
//! subcommand.
//!
//! Exit status: 0 success; 1 a failure while running (an output that cannot be written);
//! 2 bad input (command line, game string, position, moves), with a message naming the bad token.

mod perft;
mod show;
mod solve;

use anyhow::Context as _;
use clap::{Args, Parser, Subcommand};
use mancala::{GameSpec, Line, Rules};
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
    /// Show a position: board, stores, side to move, legal moves, and the result if it is over.
    Show(show::ShowArgs),
    /// Count move sequences of exactly D moves (an extra turn is a move of its own).
    Perft(perft::PerftArgs),
    /// Solve a position exactly: value, value of every move, principal variation.
    Solve(solve::SolveArgs),
}

/// A game and a position in it, shared by every subcommand.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Game string, e.g. `kalah`, `kalah(houses=4,seeds=3,capture=empty)`, `oware`, `awari`.
    pub game: String,
    /// Position text `<South houses>/<North houses> <South store>-<North store> <S|N>`
    /// (default: the start position).
    #[arg(long, short = 'p', allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves to play from the position first, e.g. "A f B e" (house letters, South's upper case).
    #[arg(long, short = 'm', allow_hyphen_values = true)]
    pub moves: Option<String>,
}

/// A failure with its exit status.
pub struct Failure {
    code: u8,
    error: anyhow::Error,
}

impl Failure {
    /// Bad input: exit status 2.
    pub fn input(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            code: 2,
            error: error.into(),
        }
    }
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Failure {
        Failure { code: 1, error }
    }
}

pub type CliResult = Result<(), Failure>;

impl PositionArgs {
    /// The game string, parsed.
    pub fn spec(&self) -> Result<GameSpec, Failure> {
        self.game
            .parse::<GameSpec>()
            .map_err(|e| Failure::input(anyhow::Error::new(e).context("bad game string")))
    }

    /// The game line: the position (or the start) with the moves played.
    pub fn line<R: Rules>(&self, rules: &R) -> Result<Line<R>, Failure> {
        let start = match &self.position {
            None => rules.start(),
            Some(text) => rules
                .parse_position(text)
                .map_err(|e| Failure::input(anyhow::Error::new(e).context("bad --position")))?,
        };
        let mut line = Line::new(start);
        if let Some(moves) = &self.moves {
            line.play_text(rules, moves)
                .map_err(|e| Failure::input(anyhow::Error::new(e).context("bad --moves")))?;
        }
        Ok(line)
    }
}

/// Prints a JSON value on stdout.
pub fn print_json(value: &serde_json::Value) -> CliResult {
    let text = serde_json::to_string_pretty(value).context("cannot encode JSON")?;
    emit(&format!("{text}\n"))
}

/// Writes `text` to stdout; a write error (a closed pipe, a full disk) is a failure (exit 1),
/// not a panic.
pub fn emit(text: &str) -> CliResult {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .context("cannot write the output")?;
    Ok(())
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
        Command::Show(a) => show::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Solve(a) => solve::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("error: {:#}", f.error);
            ExitCode::from(f.code)
        }
    }
}
