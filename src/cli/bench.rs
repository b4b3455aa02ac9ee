//! `mancala bench`: random playouts or MCTS simulations per second from the start position,
//! on 1 or more threads (the figures of results/benchmarks/performance.md;
//! scripts/bench-vs-openspiel.py runs it beside OpenSpiel).

use super::{emit, print_json, CliResult, ThreadsArg};
use clap::{Args, ValueEnum};
use mancala::agents::mcts::{rollout, MctsAgent};
use mancala::agents::{derive_seed, rng, Budget, MctsConfig, Parallel, Rollout};
use mancala::jobs::JobError;
use mancala::{dispatch, GameJob, GameSpec, Rules};
use std::time::{Duration, Instant};

/// What to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum What {
    /// Random playouts from the start position to the end of the game.
    Playouts,
    /// MCTS simulations (UCT, c = 2, random rollouts, no solver) from the start position, in
    /// searches of `--iterations` simulations; with several threads, root parallelism (one tree
    /// per thread) unless `--parallel tree`.
    Mcts,
}

/// MCTS parallelism.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ParallelArg {
    /// Root parallelism.
    Root,
    /// Tree parallelism with virtual loss.
    Tree,
}

/// `mancala bench` options.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Game string.
    pub game: String,
    /// What to measure.
    #[arg(long, value_enum)]
    pub what: What,
    /// Threads, each running its own playouts or tree.
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Seconds to measure.
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// MCTS: simulations per search; searches from the start position are repeated (each with
    /// a fresh tree) until the time is up. 0: one search for the whole time.
    #[arg(long, default_value_t = 10000)]
    pub iterations: u64,
    /// MCTS with several threads: one tree per thread (`root`) or one shared tree (`tree`).
    #[arg(long, value_enum, default_value_t = ParallelArg::Root)]
    pub parallel: ParallelArg,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

struct Bench<'a> {
    args: &'a BenchArgs,
    pool: &'a rayon::ThreadPool,
}

impl GameJob for Bench<'_> {
    type Output = (u64, f64, f64);

    /// (count, seconds, mean plies per playout or 0).
    fn run<R: Rules>(self, rules: R) -> Self::Output {
        let args = self.args;
        let start = rules.start();
        let time = Duration::from_secs_f64(args.seconds);
        let began = Instant::now();
        match args.what {
            What::Playouts => {
                let per_thread: Vec<(u64, u64)> = std::thread::scope(|s| {
                    let handles: Vec<_> = (0..args.threads.get().get())
                        .map(|k| {
                            let rules = &rules;
                            s.spawn(move || {
                                let mut r = rng(derive_seed(args.seed, k as u64));
                                let (mut n, mut plies) = (0u64, 0u64);
                                let deadline = Instant::now() + time;
                                loop {
                                    for _ in 0..256 {
                                        let (_, p) =
                                            rollout(rules, &start, Rollout::Random, &mut r);
                                        plies += p as u64;
                                    }
                                    n += 256;
                                    if Instant::now() >= deadline {
                                        break (n, plies);
                                    }
                                }
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("no panic"))
                        .collect()
                });
                let n: u64 = per_thread.iter().map(|p| p.0).sum();
                let plies: u64 = per_thread.iter().map(|p| p.1).sum();
                (n, began.elapsed().as_secs_f64(), plies as f64 / n as f64)
            }
            What::Mcts => {
                let budget = if args.iterations == 0 {
                    Budget::Millis((args.seconds * 1000.0) as u64)
                } else {
                    Budget::Work(args.iterations)
                };
                let config = MctsConfig {
                    budget,
                    c: 2.0,
                    rollout: Rollout::Random,
                    solver: false,
                    threads: args.threads.get().get(),
                    parallel: match args.parallel {
                        ParallelArg::Root => Parallel::Root,
                        ParallelArg::Tree => Parallel::Tree,
                    },
                };
                let mut agent = MctsAgent::<R>::new(config, args.seed);
                let mut simulations = 0;
                while began.elapsed() < time {
                    self.pool.install(|| {
                        agent.think(&rules, &start, &mancala::agents::Clock::default())
                    });
                    simulations += agent.last_simulations;
                }
                (simulations, began.elapsed().as_secs_f64(), 0.0)
            }
        }
    }
}

/// Runs `mancala bench`.
pub fn run(args: BenchArgs) -> CliResult {
    let spec: GameSpec = mancala::jobs::parse_game(&args.game)?;
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(JobError::input(format!(
            "--seconds {}: expected more than 0 and at most 3600",
            args.seconds
        )));
    }
    let pool = args.threads.get().pool()?;
    let (count, seconds, plies) = dispatch(
        &spec,
        Bench {
            args: &args,
            pool: &pool,
        },
    );
    let what = match args.what {
        What::Playouts => "playouts",
        What::Mcts => "mcts",
    };
    let per_second = count as f64 / seconds;
    if args.json {
        print_json(&serde_json::json!({
            "game": spec.to_string(),
            "what": what,
            "threads": args.threads.get().get(),
            "count": count,
            "seconds": seconds,
            "per_second": per_second,
            "mean_plies": if plies > 0.0 { Some(plies) } else { None },
        }))
    } else {
        let extra = if plies > 0.0 {
            format!(", {plies:.1} plies per playout")
        } else {
            String::new()
        };
        emit(&format!(
            "{spec}: {count} {what} in {seconds:.2} s on {} threads: {per_second:.0} per second{extra}\n",
            args.threads.get().get()
        ))
    }
}
