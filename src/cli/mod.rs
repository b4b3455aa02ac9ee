//! Command-line interface: clap parsing, one dispatch on the game string, one file per
//! subcommand.
//!
//! Exit status: 0 success; 1 a failure while running (an output that cannot be written);
//! 2 bad input (command line, game string, position, moves), with a message naming the bad token.

mod arena;
mod bench;
mod egdb;
mod output;
mod perft;
mod play;
mod run;
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
    /// Endgame databases: build, verify, probe, stats.
    #[command(subcommand)]
    Egdb(egdb::EgdbCommand),
    /// Play two agents against each other in seat-swapped pairs: score, Elo, LOS, SPRT.
    Match(arena::MatchArgs),
    /// Round robin of three or more agents: crosstable and Bradley–Terry ratings.
    Tournament(arena::TournamentArgs),
    /// Run a job file (solve, egdb, match, tournament, series) and write results/NAME.*.
    Run(run::RunArgs),
    /// Play against an agent in the terminal.
    Play(play::PlayArgs),
    /// Random playouts or MCTS simulations per second from the start position.
    Bench(bench::BenchArgs),
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

impl Failure {
    /// A limit stopped the work before it finished (`solve --max-nodes`, `--max-seconds`):
    /// exit status 3.
    pub fn stopped(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            code: 3,
            error: error.into(),
        }
    }

    /// The same failure, its message prefixed by `path`.
    pub fn context(self, path: &std::path::Path) -> Failure {
        Failure {
            code: self.code,
            error: self.error.context(path.display().to_string()),
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

/// Physical memory in bytes (Linux: `MemTotal` of /proc/meminfo), if known.
pub fn physical_bytes() -> Option<u64> {
    mancala::search::solver::physical_megabytes().map(|mb| mb << 20)
}

/// `+5`, `0`, `-3`.
pub fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// A valued position as `solve` and `egdb probe` print it: the value (final store difference,
/// seeds, from the side to move), each move's value and a principal variation.
pub struct Valued {
    pub value: i32,
    /// Move text, value, and whether the value is exact (else an upper bound), in move order.
    pub moves: Vec<(String, i32, bool)>,
    pub pv: Vec<String>,
}

impl Valued {
    /// The JSON fields `game`, `position`, `side_to_move`, `value`, `moves`, `pv`.
    pub fn json<R: Rules>(
        &self,
        rules: &R,
        pos: &R::Position,
    ) -> serde_json::Map<String, serde_json::Value> {
        use serde_json::json;
        let object = json!({
            "game": rules.spec().to_string(),
            "position": rules.format_position(pos),
            "side_to_move": rules.side_to_move(pos).letter().to_string(),
            "value": self.value,
            "moves": self.moves.iter().map(|(m, v, exact)| json!({"move": m, "value": v, "exact": exact})).collect::<Vec<_>>(),
            "pv": self.pv,
        });
        match object {
            serde_json::Value::Object(map) => map,
            _ => unreachable!("json! of an object literal"),
        }
    }

    /// The text lines `game`, `position`, `value`, `moves`, `pv`.
    pub fn text<R: Rules>(&self, rules: &R, pos: &R::Position) -> String {
        use std::fmt::Write as _;
        let side = rules.side_to_move(pos);
        let v = self.value;
        let verdict = match v.cmp(&0) {
            std::cmp::Ordering::Greater => format!("{side} (to move) wins by {v}"),
            std::cmp::Ordering::Less => format!("{} wins by {}", side.opponent(), -v),
            std::cmp::Ordering::Equal => "draw".to_string(),
        };
        let mut out = String::new();
        let _ = writeln!(out, "game      {}", rules.spec());
        let _ = writeln!(
            out,
            "position  {} ({side} to move)",
            rules.format_position(pos)
        );
        let _ = writeln!(
            out,
            "value     {}  ({verdict}; final store difference, seeds, from the side to move)",
            signed(v)
        );
        let list: Vec<String> = self
            .moves
            .iter()
            .map(|(m, v, exact)| format!("{m} {}{}", if *exact { "" } else { "<=" }, signed(*v)))
            .collect();
        let _ = writeln!(
            out,
            "moves     {}",
            if list.is_empty() {
                "none (game over)".into()
            } else {
                list.join("  ")
            }
        );
        let _ = writeln!(out, "pv        {}", self.pv.join(" "));
        out
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed when
/// complete: a reader never sees a half-written file.
pub fn write_atomic(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write as _;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("cannot write in {}", dir.display()))?;
    // Result files are for everyone to read, like any file the user creates (tempfile makes 0600).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let _ = tmp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    tmp.write_all(bytes)
        .and_then(|_| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    tmp.persist(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
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
        Command::Egdb(c) => egdb::run(c),
        Command::Match(a) => arena::run_match(a, &command_line()),
        Command::Tournament(a) => arena::run_tournament(a, &command_line()),
        Command::Bench(a) => bench::run(a),
        Command::Play(a) => play::run(a),
        Command::Run(a) => run::run(a, &command_line()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("error: {:#}", f.error);
            ExitCode::from(f.code)
        }
    }
}
