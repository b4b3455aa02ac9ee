//! `mancala perft GAME [--position P] [--moves M] --depth D [--divide] [--json]`.

use super::{emit, print_json, CliResult, PositionArgs};
use clap::Args;
use mancala::search::{perft, perft_divide};
use mancala::{dispatch, GameJob, Rules};
use serde_json::json;
use std::fmt::Write as _;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Number of moves (plies; an extra turn is a ply), 0 to 1000.
    #[arg(long, short = 'd', allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Print one JSON object: {"game", "position", "depth", "nodes", "seconds", "divide"}.
    #[arg(long)]
    pub json: bool,
}

struct Perft(PerftArgs);

impl GameJob for Perft {
    type Output = CliResult;
    fn run<R: Rules>(self, rules: R) -> CliResult {
        let args = self.0;
        let line = args.at.line(&rules)?;
        let pos = line.current();
        let window = line.repetition_window(&rules);
        let started = Instant::now();
        let (nodes, divide) = if line.status(&rules) != mancala::Status::Ongoing {
            (u64::from(args.depth == 0), Vec::new())
        } else if args.divide {
            let d = perft_divide(&rules, pos, args.depth, window);
            (
                d.iter().map(|(_, n)| n).sum::<u64>() + u64::from(args.depth == 0),
                d,
            )
        } else {
            (perft(&rules, pos, args.depth, window), Vec::new())
        };
        let seconds = started.elapsed().as_secs_f64();
        let divide: Vec<(String, u64)> = divide
            .into_iter()
            .map(|(mv, n)| (rules.format_move(pos, mv), n))
            .collect();
        if args.json {
            let map: serde_json::Map<String, serde_json::Value> =
                divide.iter().map(|(m, n)| (m.clone(), json!(n))).collect();
            return print_json(&json!({
                "game": rules.spec().to_string(),
                "position": rules.format_position(pos),
                "depth": args.depth,
                "nodes": nodes,
                "seconds": seconds,
                "divide": map,
            }));
        }
        let mut out = String::new();
        for (m, n) in &divide {
            let _ = writeln!(out, "{m}: {n}");
        }
        let _ = writeln!(out, "perft({}) = {nodes}", args.depth);
        eprintln!(
            "{} from {} in {seconds:.3} s ({:.1} M sequences/s)",
            rules.spec(),
            rules.format_position(pos),
            nodes as f64 / seconds.max(1e-9) / 1e6
        );
        emit(&out)
    }
}

pub fn run(args: PerftArgs) -> CliResult {
    let spec = args.at.spec()?;
    let threads = args.threads;
    let job = Perft(args);
    match threads {
        None => dispatch(&spec, job),
        Some(t) => {
            let pool = super::solve::thread_pool(t as usize)?;
            pool.install(|| dispatch(&spec, job))
        }
    }
}
