//! `mancala perft GAME [--position P] [--moves M] --depth D [--divide] [--json]`.

use super::{note, print_report, CliResult, PositionArgs, ThreadsArg};
use clap::Args;
use mancala::jobs::{self, PerftRequest, Report, Request};

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Number of moves (plies; an extra turn is a ply), 0 to 1000.
    #[arg(long, short = 'd', allow_negative_numbers = true)]
    pub depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    pub divide: bool,
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Print one JSON object: {"game", "position", "depth", "nodes", "seconds", "divide"}.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: PerftArgs) -> CliResult {
    let request = Request::Perft(PerftRequest {
        game: args.at.game,
        position: args.at.position,
        moves: args.at.moves,
        depth: args.depth,
        divide: args.divide,
        threads: args.threads.get(),
    });
    let report = jobs::execute(&request, None, &())?;
    if let (Report::Perft(p), false) = (&report, args.json) {
        note(&p.speed());
    }
    print_report(&report, args.json)
}
