//! `mancala analyze GAME --agent A [--agent B ...] [--positions FILE | --sample N --seed S]`
//! and `mancala analyze RUN`: the accuracy of agents against perfect play.

use super::{command_line, execute_and_print, CliResult, ThreadsArg};
use clap::Args;
use mancala::jobs::{run_path, AnalyzeRequest, JobError, Request};
use mancala::GameSpec;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// A game string (`kalah(houses=4,seeds=3)`), or a finished run: its game records
    /// (`results/tournaments/NAME.games.jsonl`, beside its manifest) or its name (looked up
    /// as RESULTS/tournaments/NAME.games.jsonl). A token that is a game string is the game.
    pub game_or_run: String,
    /// An agent string to analyze (give it once per agent; not with a run, whose moves are its
    /// agents').
    #[arg(long = "agent", short = 'a')]
    pub agents: Vec<String>,
    /// A file of positions, one position text a line (`#` starts a comment).
    #[arg(long, value_name = "FILE", conflicts_with = "sample")]
    pub positions: Option<PathBuf>,
    /// Sample N positions from self-play games of --sampler, stratified by seeds on the board.
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    /// The run's seed: sampling games, the agents' randomness, the bootstrap.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The plies a sampled position may come after, LO-HI [default: 10-40].
    #[arg(long, value_name = "LO-HI")]
    pub plies: Option<String>,
    /// Only sampled positions holding LO to HI seeds on the board (the phases then span LO-HI;
    /// the plies default to 0-1000).
    #[arg(long, value_name = "LO-HI")]
    pub seeds: Option<String>,
    /// The agent that plays both sides of the sampling games [default: greedy].
    #[arg(long, value_name = "AGENT")]
    pub sampler: Option<String>,
    /// Phases reported: bins of equal width of seeds on the board, from 1 to the game's seeds.
    #[arg(long, default_value_t = 4)]
    pub phases: u32,
    /// Endgame database directory: positions it covers are valued from it, and the solver
    /// probes it inside its search.
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<PathBuf>,
    /// Most nodes of the exact valuation of one position (all its moves, one thread)
    /// [default: 20000000]; a position not valued within it is counted apart.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Most seconds of the exact valuation of one position (not reproducible: depends on the
    /// machine).
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub max_seconds: Option<f64>,
    /// Transposition table of each valuation in MiB (default: sized to the seeds on the board).
    #[arg(long, allow_negative_numbers = true)]
    pub tt_mb: Option<u32>,
    /// Blunders listed per agent, largest losses first.
    #[arg(long, default_value_t = 10)]
    pub blunders: usize,
    /// Bootstrap resamples of the intervals of the mean and 95th percentile loss.
    #[arg(long, default_value_t = 1000)]
    pub resamples: u32,
    /// Positions valued at once (each on one thread; the results do not depend on it).
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Write NAME.md, .csv and .json in the analysis/ folder of the results root
    /// (results/analysis/NAME.*).
    #[arg(long, value_name = "NAME")]
    pub out: Option<String>,
    /// Root directory of the result files (and of the runs named by NAME).
    #[arg(long, default_value = "results")]
    pub results: PathBuf,
    /// Print the report as one JSON object: {"game", "source", "positions", "forced", "valued",
    /// "unvalued", "nodes", "agents": [{"agent", "unvalued", "all", "phases", "blunders_total",
    /// "blunders"}], "header", "rows", "text"}.
    #[arg(long)]
    pub json: bool,
}

/// Runs `mancala analyze`.
pub fn run(args: AnalyzeArgs) -> CliResult {
    let token = &args.game_or_run;
    let path = run_path(token, &args.results);
    let is_run = token.parse::<GameSpec>().is_err() && path.is_file()
        || token.ends_with(".games.jsonl")
        || std::path::Path::new(token).is_file();
    let (game, run) = if is_run {
        (None, Some(path.display().to_string()))
    } else {
        (Some(token.clone()), None)
    };
    if let (Some(game), None) = (&game, &run) {
        if let Err(e) = game.parse::<GameSpec>() {
            return Err(JobError::input(format!(
                "`{game}` is neither a game string nor a run (no file {}): {e}",
                path.display()
            )));
        }
    }
    let request = Request::Analyze(AnalyzeRequest {
        run,
        agents: args.agents,
        positions: args.positions,
        sample: args.sample,
        seed: args.seed,
        plies: args.plies,
        seeds: args.seeds,
        sampler: args.sampler,
        phases: args.phases,
        egdb: args.egdb,
        max_nodes: args.max_nodes,
        max_seconds: args.max_seconds,
        tt_mb: args.tt_mb,
        threads: args.threads.get(),
        blunders: args.blunders,
        resamples: args.resamples,
        game,
        ..AnalyzeRequest::new("", &[])
    });
    let files = match &args.out {
        None => None,
        Some(name) => Some(request.run_files(&args.results, name, &command_line())?),
    };
    execute_and_print(&request, files.as_ref(), args.json, true)
}
