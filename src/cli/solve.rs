//! `mancala solve GAME [--position P] [--moves M] [--threads N] [--tt-mb M] [--json]`.

use super::{emit, print_json, CliResult, Failure, PositionArgs};
use anyhow::Context as _;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mancala::search::{solve, SolveOptions};
use mancala::{dispatch, GameJob, Rules};
use serde_json::json;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Transposition table size in MiB, rounded down to a power of two (at most 1048576).
    #[arg(long, default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=1048576))]
    pub tt_mb: u32,
    /// Print one JSON object: {"game", "position", "side_to_move", "value", "moves":[{"move",
    /// "value"}], "pv", "nodes", "seconds", "threads", "table"}.
    #[arg(long)]
    pub json: bool,
}

/// Physical memory in MiB (Linux: `MemTotal` of /proc/meminfo), if known.
fn physical_mib() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// A rayon pool of `threads` threads (`threads >= 1`).
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    if threads == 0 {
        return Err(Failure::input(anyhow::anyhow!(
            "--threads must be at least 1"
        )));
    }
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start worker threads")?)
}

struct Solve(SolveArgs);

fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

impl GameJob for Solve {
    type Output = CliResult;
    fn run<R: Rules>(self, rules: R) -> CliResult {
        let args = self.0;
        let line = args.at.line(&rules)?;
        let pos = *line.current();
        if let Some(total) = physical_mib() {
            if u64::from(args.tt_mb) > total * 8 / 10 {
                return Err(Failure::input(anyhow::anyhow!(
                    "--tt-mb {} is more than 80% of this machine's {total} MiB of memory",
                    args.tt_mb
                )));
            }
        }
        let threads = args
            .threads
            .map_or(SolveOptions::default().threads, usize::from);
        let options = SolveOptions {
            threads,
            tt_mb: args.tt_mb as usize,
        };
        let progress = AtomicU64::new(0);
        let done = AtomicBool::new(false);
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} solving {elapsed_precise} {msg}")
                .expect("valid template"),
        );
        let solution = std::thread::scope(|scope| {
            scope.spawn(|| {
                let started = Instant::now();
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(200));
                    let n = progress.load(Ordering::Relaxed);
                    let rate = n as f64 / started.elapsed().as_secs_f64().max(1e-9);
                    bar.set_message(format!(
                        "{:.1} M nodes, {:.2} M nodes/s",
                        n as f64 / 1e6,
                        rate / 1e6
                    ));
                    bar.tick();
                }
                bar.finish_and_clear();
            });
            // Stops the progress display however the solve ends.
            struct Done<'a>(&'a AtomicBool);
            impl Drop for Done<'_> {
                fn drop(&mut self) {
                    self.0.store(true, Ordering::Relaxed);
                }
            }
            let _done = Done(&done);
            let result = if line.status(&rules) == mancala::Status::Ongoing {
                solve(
                    &rules,
                    &pos,
                    line.repetition_window(&rules),
                    &options,
                    &progress,
                )
            } else {
                // A finished game (including by repetition): its final difference, no moves.
                let o = line.status(&rules).outcome().expect("over");
                Ok(mancala::Solution {
                    value: rules.store_difference(&pos) + o.value(),
                    moves: Vec::new(),
                    pv: Vec::new(),
                    nodes: 0,
                    seconds: 0.0,
                    threads,
                    table: Default::default(),
                })
            };
            result
        })
        .map_err(Failure::input)?;
        let side = rules.side_to_move(&pos);
        let moves: Vec<(String, i32)> = solution
            .moves
            .iter()
            .map(|m| (rules.format_move(&pos, m.mv), m.value))
            .collect();
        let mut pv_text = Vec::new();
        let mut walk = mancala::Line::new(pos);
        for mv in &solution.pv {
            pv_text.push(rules.format_move(walk.current(), *mv));
            let child = walk
                .children(&rules)
                .into_iter()
                .find(|c| c.mv == *mv)
                .expect("the principal variation is legal");
            walk.push(&rules, child.mv, child.pos);
        }
        if args.json {
            let t = &solution.table;
            return print_json(&json!({
                "game": rules.spec().to_string(),
                "position": rules.format_position(&pos),
                "side_to_move": side.letter().to_string(),
                "value": solution.value,
                "moves": moves.iter().map(|(m, v)| json!({"move": m, "value": v})).collect::<Vec<_>>(),
                "pv": pv_text,
                "nodes": solution.nodes,
                "seconds": solution.seconds,
                "threads": solution.threads,
                "table": {
                    "bytes": t.bytes, "entries": t.entries, "probes": t.probes,
                    "hits": t.hits, "cutoffs": t.cutoffs, "fill": t.fill,
                },
            }));
        }
        let v = solution.value;
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
            rules.format_position(&pos)
        );
        let _ = writeln!(
            out,
            "value     {}  ({verdict}; final store difference, seeds, from the side to move)",
            signed(v)
        );
        let list: Vec<String> = moves
            .iter()
            .map(|(m, v)| format!("{m} {}", signed(*v)))
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
        let _ = writeln!(out, "pv        {}", pv_text.join(" "));
        let s = solution.seconds.max(1e-9);
        let _ = writeln!(
            out,
            "nodes     {} in {:.2} s ({:.2} M nodes/s, threads: {})",
            solution.nodes,
            solution.seconds,
            solution.nodes as f64 / s / 1e6,
            solution.threads
        );
        let t = &solution.table;
        let _ = writeln!(
            out,
            "table     {} MiB, {} entries, {:.0}% full; {} probes, {:.0}% hits, {:.0}% cutoffs",
            t.bytes >> 20,
            t.entries,
            100.0 * t.fill,
            t.probes,
            100.0 * t.hits as f64 / t.probes.max(1) as f64,
            100.0 * t.cutoffs as f64 / t.probes.max(1) as f64
        );
        emit(&out)
    }
}

pub fn run(args: SolveArgs) -> CliResult {
    let spec = args.at.spec()?;
    dispatch(&spec, Solve(args))
}
