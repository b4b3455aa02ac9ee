//! `mancala solve GAME [--position P] [--moves M] [--threads N] [--tt-mb M] [--json]`.

use super::{execute_and_print, CliResult, PositionArgs, ThreadsArg};
use clap::Args;
use mancala::jobs::{Method, Request, SolveRequest};

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Transposition table size in MiB, rounded down to a power of two (at most 1048576).
    /// Default: sized to the seeds on the board, 2^(seeds/3 + 10.5) entries of 8 bytes (Kalah(6,3)
    /// 32 MiB, Kalah(6,4) 512 MiB), at most a quarter of the machine's memory and 4096 MiB.
    #[arg(long, allow_negative_numbers = true)]
    pub tt_mb: Option<u32>,
    /// Stop after about this many nodes (at least 1; method alphabeta), printing the bounds
    /// proved so far and the best move found (exit status 3).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds (a positive number; method alphabeta; the clock is read
    /// every 256 nodes), printing the bounds proved so far and the best move found (exit
    /// status 3).
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub max_seconds: Option<f64>,
    /// Prove the value and one best move only: the other moves get an upper bound (shown as
    /// `<=`, JSON "exact": false) instead of their exact value. Much faster.
    #[arg(long)]
    pub value_only: bool,
    /// Endgame database directory to probe inside the search (built by `mancala egdb build`;
    /// every layer's checksum is verified when it is opened).
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<std::path::PathBuf>,
    /// Search method: `alphabeta` (MTD(f) over parallel alpha-beta with a transposition table),
    /// or one of the checks that share nothing with it but the rules: `memo` (exhaustive
    /// minimax remembering every position in a concurrent map; games without repetition, such
    /// as cups) and `plain` (alpha-beta with the repetition history but no table, hashing or
    /// parallelism: small boards), and `full` (the solver's one-thread full-window alpha-beta
    /// on each root move, no MTD(f): checks the search on larger boards); `retrograde` (win,
    /// draw or loss of the four-row games by retrograde analysis). All but alphabeta value
    /// every root move exactly, and each prints a whole principal variation.
    #[arg(long, value_enum, default_value_t = Method::Alphabeta)]
    pub method: Method,
    /// A second method that must give every root move the same value (a failure, exit 1, if
    /// not); its solve is reported as `check`.
    #[arg(long, value_enum, value_name = "METHOD")]
    pub check: Option<Method>,
    /// Print one JSON object: {"game", "position", "side_to_move", "value", "moves":[{"move",
    /// "value", "exact"}], "pv", "nodes", "seconds", "threads", "table", "egdb", "method",
    /// "check"} (retrograde: "result", "plies", "move_results", "positions", "seeds", "counts",
    /// "meaning" instead of "nodes" to "egdb"; docs/command-line.md: JSON output).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: SolveArgs) -> CliResult {
    let request = Request::Solve(SolveRequest {
        description: None,
        game: args.at.game,
        position: args.at.position,
        moves: args.at.moves,
        threads: args.threads.get(),
        tt_mb: args.tt_mb,
        max_nodes: args.max_nodes,
        max_seconds: args.max_seconds,
        value_only: args.value_only,
        egdb: args.egdb,
        method: args.method,
        check: args.check,
    });
    execute_and_print(&request, None, args.json, true)
}
