//! `mancala solve GAME [--position P] [--moves M] [--threads N] [--tt-mb M] [--json]`.

use super::{emit, print_json, CliResult, Failure, PositionArgs, Valued};
use anyhow::Context as _;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mancala::search::retrograde::{retrograde, Wdl};
use mancala::search::{
    full_solve, memo_solve, plain_solve, solve, with_search_stack, SolveOptions,
};
use mancala::{dispatch, GameJob, Rules};
use serde_json::json;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Transposition table size in MiB, rounded down to a power of two (at most 1048576).
    /// Default: sized to the seeds on the board, 2^(seeds/3 + 10.5) entries of 8 bytes (Kalah(6,3)
    /// 32 MiB, Kalah(6,4) 512 MiB), at most a quarter of the machine's memory and 4096 MiB.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=1048576))]
    pub tt_mb: Option<u32>,
    /// Stop after about this many nodes, printing the bounds proved so far (exit status 3).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop after about this many seconds, printing the bounds proved so far (exit status 3).
    #[arg(long, value_name = "S", value_parser = positive_seconds)]
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
    /// on each root move, no MTD(f): checks the search on larger boards). All value every
    /// root move exactly; their PV is the best move.
    #[arg(long, value_enum, default_value_t = Method::Alphabeta)]
    pub method: Method,
    /// Print one JSON object: {"game", "position", "side_to_move", "value", "moves":[{"move",
    /// "value", "exact"}], "pv", "nodes", "seconds", "threads", "table", "egdb", "method"}.
    #[arg(long)]
    pub json: bool,
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() => Ok(s),
        _ => Err(format!("`{text}` is not a positive number of seconds")),
    }
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

/// The error of worker threads that could not start.
fn threads_error(threads: usize, e: impl std::fmt::Display) -> mancala::search::SolveError {
    mancala::search::SolveError::Threads {
        threads,
        reason: e.to_string(),
    }
}

/// How `solve` searches.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// MTD(f) over parallel alpha-beta with a transposition table.
    Alphabeta,
    /// Exhaustive memoized minimax (games without repetition).
    Memo,
    /// Alpha-beta with the repetition history, no table.
    Plain,
    /// One-thread full-window alpha-beta with a table on each root move.
    Full,
    /// Win, draw or loss by retrograde analysis of every reachable position (four-row games;
    /// `--tt-mb` bounds its memory, about 100 bytes a position).
    Retrograde,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::Alphabeta => "alphabeta",
            Method::Memo => "memo",
            Method::Plain => "plain",
            Method::Full => "full",
            Method::Retrograde => "retrograde",
        }
    }
}

struct Solve(SolveArgs);

impl GameJob for Solve {
    type Output = CliResult;
    fn run<R: Rules>(self, rules: R) -> CliResult {
        let args = self.0;
        let line = args.at.line(&rules)?;
        let pos = *line.current();
        if let Some(total) = super::physical_bytes().map(|b| b >> 20) {
            if args.tt_mb.is_some_and(|mb| u64::from(mb) > total * 8 / 10) {
                return Err(Failure::input(anyhow::anyhow!(
                    "--tt-mb {} is more than 80% of this machine's {total} MiB of memory",
                    args.tt_mb.unwrap_or_default()
                )));
            }
        }
        let threads = args
            .threads
            .map_or(SolveOptions::default().threads, usize::from);
        if args.method != Method::Alphabeta && (args.value_only || args.egdb.is_some()) {
            return Err(Failure::input(anyhow::anyhow!(
                "--method {} values every move without databases: drop --value-only and --egdb",
                args.method.name()
            )));
        }
        if args.method == Method::Memo && R::CAN_REPEAT {
            return Err(Failure::input(anyhow::anyhow!(
                "--method memo needs a game without repetition, and in `{}` a position can \
                 repeat (its value depends on the history): use --method plain",
                rules.spec()
            )));
        }
        if args.method == Method::Retrograde {
            return retrograde_solve(&rules, &pos, &args);
        }
        let egdb = match &args.egdb {
            Some(dir) => {
                let started = Instant::now();
                let db = mancala::egdb::Egdb::open(dir, &rules).map_err(super::egdb::db_failure)?;
                Some((std::sync::Arc::new(db), started.elapsed().as_secs_f64()))
            }
            None => None,
        };
        let options = SolveOptions {
            threads,
            tt_mb: args.tt_mb.map(|mb| mb as usize),
            value_only: args.value_only,
            limits: mancala::search::solver::Limits {
                max_nodes: args.max_nodes,
                max_seconds: args.max_seconds,
            },
            egdb: egdb.as_ref().map(|(db, _)| db.clone()),
        };
        let progress = AtomicU64::new(0);
        let solution = std::thread::scope(|scope| {
            // The progress display ends when `finished` is dropped, however the solve ends.
            let (finished, ended) = std::sync::mpsc::channel::<()>();
            let progress = &progress;
            scope.spawn(move || show_progress(progress, ended));
            let result = if line.status(&rules) == mancala::Status::Ongoing {
                let window = line.repetition_window(&rules);
                match args.method {
                    Method::Alphabeta => solve(&rules, &pos, window, &options, progress),
                    Method::Memo => memo_solve(&rules, &pos, threads, progress)
                        .map_err(|e| threads_error(threads, e)),
                    // One-thread recursions: on a thread with a search-sized stack.
                    Method::Full => with_search_stack(|| {
                        full_solve(
                            &rules,
                            &pos,
                            window,
                            args.tt_mb.map_or(256, |mb| mb as usize),
                        )
                    })
                    .map_err(|e| threads_error(1, e)),
                    Method::Plain => {
                        with_search_stack(|| plain_solve(&rules, &pos, window, progress))
                            .map_err(|e| threads_error(1, e))
                    }
                    Method::Retrograde => unreachable!("solved by retrograde_solve"),
                }
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
                    egdb_hits: 0,
                })
            };
            drop(finished);
            result
        })
        .map_err(|e| match e {
            mancala::search::SolveError::Stopped { .. } => Failure::stopped(e),
            e => Failure::input(e),
        })?;
        let moves: Vec<(String, i32, bool)> = solution
            .moves
            .iter()
            .map(|m| (rules.format_move(&pos, m.mv), m.value, m.exact))
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
        let valued = Valued {
            value: solution.value,
            moves,
            pv: pv_text,
        };
        if args.json {
            let t = &solution.table;
            let mut object = valued.json(&rules, &pos);
            object.extend([
                ("nodes".to_string(), json!(solution.nodes)),
                ("seconds".to_string(), json!(solution.seconds)),
                ("threads".to_string(), json!(solution.threads)),
                ("method".to_string(), json!(args.method.name())),
                (
                    "table".to_string(),
                    json!({
                        "bytes": t.bytes, "entries": t.entries, "probes": t.probes,
                        "hits": t.hits, "cutoffs": t.cutoffs, "fill": t.fill,
                    }),
                ),
                (
                    "egdb".to_string(),
                    json!(egdb.as_ref().map(|(db, open_seconds)| json!({
                        "dir": db.dir().display().to_string(),
                        "max_seeds": db.max_seeds(),
                        "open_seconds": open_seconds,
                        "hits": solution.egdb_hits,
                    }))),
                ),
            ]);
            return print_json(&serde_json::Value::Object(object));
        }
        let mut out = valued.text(&rules, &pos);
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
        if let Some((db, open_seconds)) = &egdb {
            let _ = writeln!(
                out,
                "egdb      {} ({} seeds and fewer; opened and verified in {:.2} s); {} positions valued",
                db.dir().display(),
                db.max_seeds().unwrap_or(0),
                open_seconds,
                solution.egdb_hits
            );
        }
        emit(&out)
    }
}

/// Shows the nodes searched until `ended` disconnects: a spinner on a terminal, else a line on
/// standard error every five seconds.
fn show_progress(progress: &AtomicU64, ended: std::sync::mpsc::Receiver<()>) {
    use std::io::IsTerminal as _;
    let started = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} solving {elapsed_precise} {msg}")
            .expect("valid template"),
    );
    let tick = Duration::from_millis(if terminal { 200 } else { 5000 });
    while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = ended.recv_timeout(tick) {
        let n = progress.load(Ordering::Relaxed);
        let seconds = started.elapsed().as_secs_f64();
        let message = format!(
            "{:.1} M nodes, {:.2} M nodes/s",
            n as f64 / 1e6,
            n as f64 / seconds.max(1e-9) / 1e6
        );
        if terminal {
            bar.set_message(message);
            bar.tick();
        } else {
            eprintln!("solving: {seconds:.0} s, {message}");
        }
    }
    bar.finish_and_clear();
}

/// `--method retrograde`: win, draw or loss, for the four-row games (a win is worth all the
/// seeds there, so the value is `+T`, `-T` or, for a draw, 0 with the word `draw`).
fn retrograde_solve<R: Rules>(rules: &R, pos: &R::Position, args: &SolveArgs) -> CliResult {
    if !rules.spec().result_is_win_draw_loss() {
        return Err(Failure::input(anyhow::anyhow!(
            "--method retrograde finds wins, draws and losses, which are the results of the \
             four-row games (omweso, bao-la-kete, bao-la-kiswahili), not of `{}`",
            rules.spec()
        )));
    }
    let max_positions = ((args.tt_mb.unwrap_or(1024) as usize) << 20) / 100;
    let started = Instant::now();
    let r = retrograde(rules, pos, max_positions).map_err(Failure::input)?;
    let seconds = started.elapsed().as_secs_f64();
    let total = rules.board_seeds(pos) as i32;
    let seeds = |w: Wdl| match w {
        Wdl::Win => total,
        Wdl::Draw => 0,
        Wdl::Loss => -total,
    };
    let mut pv = Vec::new();
    let mut walk = mancala::Line::new(*pos);
    for mv in &r.pv {
        pv.push(rules.format_move(walk.current(), *mv));
        let child = walk
            .children(rules)
            .into_iter()
            .find(|c| c.mv == *mv)
            .expect("the line is legal");
        walk.push(rules, child.mv, child.pos);
    }
    let valued = Valued {
        value: seeds(r.value),
        moves: r
            .moves
            .iter()
            .map(|(mv, w, _)| (rules.format_move(pos, *mv), seeds(*w), true))
            .collect(),
        pv,
    };
    let meaning = "win and loss: the winner takes all the seeds; draw: neither side can force a \
                   win (play would go on until a position repeats), not valued in seeds";
    if args.json {
        let mut object = valued.json(rules, pos);
        object.extend([
            ("method".to_string(), json!("retrograde")),
            ("result".to_string(), json!(r.value.name())),
            ("plies".to_string(), json!(r.plies)),
            (
                "move_results".to_string(),
                json!(r
                    .moves
                    .iter()
                    .map(|(mv, w, d)| json!({
                        "move": rules.format_move(pos, *mv), "result": w.name(), "plies": d
                    }))
                    .collect::<Vec<_>>()),
            ),
            ("positions".to_string(), json!(r.positions)),
            ("seeds".to_string(), json!(total)),
            (
                "counts".to_string(),
                json!({"win": r.counts[0], "draw": r.counts[1], "loss": r.counts[2]}),
            ),
            ("seconds".to_string(), json!(seconds)),
            ("meaning".to_string(), json!(meaning)),
        ]);
        return print_json(&serde_json::Value::Object(object));
    }
    let mut out = valued.text(rules, pos);
    let results: Vec<String> = r
        .moves
        .iter()
        .map(|(mv, w, d)| format!("{} {} in {}", rules.format_move(pos, *mv), w.name(), d))
        .collect();
    let _ = writeln!(
        out,
        "result    {} in {} plies (retrograde; {meaning})",
        r.value.name(),
        r.plies
    );
    let _ = writeln!(out, "by move   {}", results.join(", "));
    let _ = writeln!(
        out,
        "positions {} reachable ({} wins, {} draws, {} losses for their mover) in {:.2} s",
        r.positions, r.counts[0], r.counts[1], r.counts[2], seconds
    );
    emit(&out)
}

pub fn run(args: SolveArgs) -> CliResult {
    let spec = args.at.spec()?;
    dispatch(&spec, Solve(args))
}
