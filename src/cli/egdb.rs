//! `mancala egdb build | verify | probe | stats`: endgame databases.

use super::{emit, print_json, signed, write_atomic, CliResult, Failure, PositionArgs, Valued};
use anyhow::Context as _;
use clap::{Args, Subcommand};
use mancala::egdb::{self, build, human_bytes, BuildOptions, Egdb, EgdbError, LayerReport};
use mancala::search::{solve, SolveOptions};
use mancala::{dispatch, GameJob, GameSpec, Rules};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use serde_json::json;
use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

#[derive(Subcommand, Debug)]
pub enum EgdbCommand {
    /// Build the layers 0..=N of a game's database (keeps layers already built and verified).
    Build(BuildArgs),
    /// Check a database: headers, checksums, and a sample of values re-derived.
    Verify(VerifyArgs),
    /// Value of a position and of each of its moves, from the database, and a line of moves
    /// that keep the value (for Awari it stops at a repetition: in a cyclic game a move that
    /// keeps the value need not make progress towards it).
    Probe(ProbeArgs),
    /// Per layer: positions, wins, draws and losses for the mover, value histogram; written to
    /// results/ as Markdown and CSV.
    Stats(StatsArgs),
}

#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Game string: `kalah(...)` (any options) or `awari(...)` / `oware(...)` with
    /// `repetition=even-split` and no majority stop. The start seed count is ignored.
    pub game: String,
    /// Build every layer with up to this many seeds on the board (0 to 120).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(0..=120))]
    pub max_seeds: u32,
    /// Parent directory: the database goes to OUT/<game>, e.g. databases/kalah-capture=empty.
    #[arg(long, default_value = "databases")]
    pub out: PathBuf,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Most memory the build may use, e.g. `12GiB`, `500MB` (default: 80% of physical memory).
    #[arg(long, value_parser = parse_bytes)]
    pub memory_limit: Option<u64>,
    /// Print one JSON object: {"game", "dir", "layers": [{"layer", "positions", "seconds",
    /// "rounds", "kept", "replaced"}], "seconds"}.
    #[arg(long)]
    pub json: bool,
}

fn parse_bytes(text: &str) -> Result<u64, String> {
    parse_size::parse_size(text).map_err(|e| format!("`{text}` is not a size ({e}); e.g. 12GiB"))
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The database directory (e.g. databases/kalah).
    pub dir: PathBuf,
    /// Positions per layer whose value is re-derived: by an exact search that may use only the
    /// layers below (games without cycles), or for games with cycles (Awari) checked to be the
    /// best of its moves' values (a search would have to re-solve the layer's cycles).
    #[arg(long, default_value_t = 20)]
    pub samples: u32,
    /// Seed of the sample (the same seed picks the same positions).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads for the searches, 1 to 256 (default: all cores).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Print one JSON object: {"game", "dir", "layers": [{"layer", "positions", "checksum",
    /// "samples", "method", "mismatches"}], "ok", "failures"}.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct ProbeArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// The database directory (default: databases/<game>, as `egdb build` names it).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Print one JSON object: {"game", "position", "side_to_move", "value", "moves":[{"move",
    /// "value"}], "pv", "egdb"}.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The database directory (e.g. databases/kalah).
    pub dir: PathBuf,
    /// Output name: writes NAME.md, NAME.csv (per layer) and NAME-histogram.csv (default:
    /// results/egdb-stats-<database directory name>; a directory gets those default names).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(command: EgdbCommand) -> CliResult {
    match command {
        EgdbCommand::Build(a) => {
            let spec = parse_game(&a.game)?;
            dispatch(&spec, BuildJob(a))
        }
        EgdbCommand::Verify(a) => {
            let spec = egdb::game_of_dir(&a.dir).map_err(db_failure)?;
            dispatch(&spec, VerifyJob(a))
        }
        EgdbCommand::Probe(a) => {
            let spec = a.at.spec()?;
            dispatch(&spec, ProbeJob(a))
        }
        EgdbCommand::Stats(a) => {
            let spec = egdb::game_of_dir(&a.dir).map_err(db_failure)?;
            dispatch(&spec, StatsJob(a))
        }
    }
}

fn parse_game(text: &str) -> Result<GameSpec, Failure> {
    text.parse::<GameSpec>()
        .map_err(|e| Failure::input(anyhow::Error::new(e).context("bad game string")))
}

fn threads_or_all(threads: Option<u16>) -> usize {
    threads.map_or(SolveOptions::default().threads, usize::from)
}

/// A database error: bad input (exit 2) unless it is a failure to read or write (exit 1).
pub fn db_failure(e: EgdbError) -> Failure {
    // The message already names the file and the operating system's reason: no cause chain.
    let message = anyhow::anyhow!("{e}");
    match &e {
        EgdbError::Io { source, .. }
            if !matches!(
                source.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            Failure::from(message)
        }
        EgdbError::Threads { .. } => Failure::from(message),
        _ => Failure::input(message),
    }
}

struct BuildJob(BuildArgs);

impl GameJob for BuildJob {
    type Output = CliResult;
    fn run<R: Rules>(self, rules: R) -> CliResult {
        let args = self.0;
        let dir = egdb::default_dir(&args.out, rules.spec());
        let memory_limit = match args.memory_limit {
            Some(limit) => limit,
            None => super::physical_bytes().map_or(u64::MAX, |b| b / 10 * 8),
        };
        let options = BuildOptions {
            max_seeds: args.max_seeds,
            threads: threads_or_all(args.threads),
            memory_limit,
            progress: std::io::stderr().is_terminal(),
        };
        let game = egdb::database_game(rules.spec());
        let started = std::time::Instant::now();
        let mut layers = Vec::new();
        build(&rules, &dir, &options, |r: &LayerReport| {
            if r.layer == 0 {
                // Said once the checks have passed and the work has begun.
                eprintln!(
                    "building {game} layers 0..={} in {} ({} threads)",
                    args.max_seeds,
                    dir.display(),
                    options.threads
                );
            }
            if let Some(why) = &r.replaced {
                eprintln!("layer {:>3}: rebuilt: {why}", r.layer);
            }
            if r.kept {
                eprintln!(
                    "layer {:>3}: {:>13} positions, kept (complete and verified)",
                    r.layer, r.positions
                );
            } else {
                eprintln!(
                    "layer {:>3}: {:>13} positions in {:8.2} s ({:.2} M positions/s{})",
                    r.layer,
                    r.positions,
                    r.seconds,
                    r.positions as f64 / r.seconds.max(1e-9) / 1e6,
                    if r.rounds > 1 {
                        format!(", {} rounds", r.rounds)
                    } else {
                        String::new()
                    }
                );
            }
            layers.push(r.clone());
        })
        .map_err(|e| match e {
            EgdbError::GameMismatch { .. }
            | EgdbError::HeaderMismatch { .. }
            | EgdbError::Version { .. } => Failure::input(anyhow::anyhow!(
                "{e} (the build does not overwrite it: remove the file or choose another --out)"
            )),
            e => db_failure(e),
        })?;
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
            return print_json(&json!({
                "game": game.to_string(),
                "dir": dir.display().to_string(),
                "layers": layers.iter().map(|r| json!({
                    "layer": r.layer, "positions": r.positions, "seconds": r.seconds,
                    "rounds": r.rounds, "kept": r.kept, "replaced": r.replaced,
                })).collect::<Vec<_>>(),
                "seconds": seconds,
            }));
        }
        let positions: u64 = layers.iter().map(|r| r.positions).sum();
        emit(&format!(
            "database  {} ({game}, layers 0..={}, {positions} positions, {})\ntime      {seconds:.2} s\n",
            dir.display(),
            args.max_seeds,
            human_bytes(positions)
        ))
    }
}

struct VerifyJob(VerifyArgs);

impl GameJob for VerifyJob {
    type Output = CliResult;
    fn run<R: Rules>(self, rules: R) -> CliResult {
        let args = self.0;
        // Opening checks every header against the game and every payload's checksum.
        let db = Egdb::open(&args.dir, &rules).map_err(db_failure)?;
        let threads = threads_or_all(args.threads);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(args.seed);
        let mut rows = Vec::new();
        let mut failures = Vec::new();
        let method = if R::CAN_REPEAT {
            "checked against their moves' values"
        } else {
            "re-derived by search"
        };
        for n in 0..db.layers() {
            let size = db.index().layer_size(n).expect("open layers are in range");
            let below = (n > 0).then(|| Arc::new(db.truncated(n - 1)));
            let mut mismatches = 0;
            // Distinct ranks: every one when the layer is no larger than the sample.
            let samples = u64::from(args.samples).min(size);
            let ranks: Vec<u64> = if samples == size {
                (0..size).collect()
            } else {
                let mut chosen = std::collections::BTreeSet::new();
                let mut order = Vec::new();
                while (chosen.len() as u64) < samples {
                    let rank = rng.next_u64() % size;
                    if chosen.insert(rank) {
                        order.push(rank);
                    }
                }
                order
            };
            for rank in ranks {
                let board = db.index().unrank(n, rank).expect("rank below size");
                let pos = rules.egdb_position(board).expect("games with databases");
                let stored = db.value(&rules, &pos).expect("covered");
                let searched = if R::CAN_REPEAT {
                    // A search would have to re-solve the layer's cycles: check instead that the
                    // entry is the best of its moves' values (the fixpoint equation).
                    match db.move_values(&rules, &pos).expect("covered") {
                        m if m.is_empty() => stored,
                        m => m.iter().map(|&(_, v)| v).max().expect("moves"),
                    }
                } else {
                    let options = SolveOptions {
                        threads,
                        tt_mb: Some(64),
                        value_only: true,
                        egdb: below.clone(),
                        limits: Default::default(),
                    };
                    solve(&rules, &pos, &[], &options, &AtomicU64::new(0))
                        .map_err(|e| Failure::from(anyhow::Error::new(e)))?
                        .value
                };
                if searched != stored {
                    mismatches += 1;
                    failures.push(format!(
                        "layer {n} rank {rank} ({}): database {}, search {}",
                        rules.format_position(&pos),
                        signed(stored),
                        signed(searched)
                    ));
                }
            }
            if !args.json {
                eprintln!(
                    "layer {n:>3}: {size:>13} positions, checksum ok, {samples} values {method}{}",
                    if mismatches == 0 {
                        ", all equal".to_string()
                    } else {
                        format!(", {mismatches} DIFFER")
                    }
                );
            }
            rows.push(json!({"layer": n, "positions": size, "checksum": "ok",
                "samples": samples, "method": method, "mismatches": mismatches}));
        }
        let ok = failures.is_empty();
        if args.json {
            print_json(&json!({
                "game": db.game(), "dir": args.dir.display().to_string(),
                "layers": rows, "ok": ok, "failures": failures,
            }))?;
        } else {
            for f in &failures {
                eprintln!("{f}");
            }
            emit(&format!(
                "{}: {} ({} layers)\n",
                args.dir.display(),
                if ok {
                    "verified"
                } else {
                    "VERIFICATION FAILED"
                },
                db.layers()
            ))?;
        }
        if ok {
            Ok(())
        } else {
            Err(Failure::from(anyhow::anyhow!(
                "{} of the sampled values differ from search",
                failures.len()
            )))
        }
    }
}

struct ProbeJob(ProbeArgs);

/// Most plies of a principal variation followed through the database.
const MAX_PV: usize = 500;

impl GameJob for ProbeJob {
    type Output = CliResult;
    fn run<R: Rules>(self, rules: R) -> CliResult {
        let args = self.0;
        let line = args.at.line(&rules)?;
        let pos = *line.current();
        let dir = args
            .dir
            .clone()
            .unwrap_or_else(|| egdb::default_dir(Path::new("databases"), rules.spec()));
        let db = Egdb::open(&dir, &rules).map_err(db_failure)?;
        let max = db.max_seeds().expect("an open database has layer 0");
        let seeds = rules.board_seeds(&pos);
        if seeds > max {
            return Err(Failure::input(anyhow::anyhow!(
                "the position has {seeds} seeds on the board; the database in {} covers at most {max} \
                 (build more layers with `mancala egdb build \"{}\" --max-seeds {seeds} --out {}`)",
                dir.display(),
                db.game(),
                dir.parent().map_or(".".into(), |p| p.display().to_string())
            )));
        }
        let value = db.value(&rules, &pos).expect("checked: covered");
        let values_at = |p: &R::Position| {
            db.move_values(&rules, p)
                .expect("covered: seeds only decrease")
        };
        let moves: Vec<(String, i32, bool)> = values_at(&pos)
            .iter()
            .map(|&(mv, v)| (rules.format_move(&pos, mv), v, true))
            .collect();
        let mut pv = Vec::new();
        let mut walk = mancala::Line::new(pos);
        for mv in db
            .principal_variation(&rules, &pos, MAX_PV)
            .expect("checked: covered")
        {
            pv.push(rules.format_move(walk.current(), mv));
            let child = walk
                .children(&rules)
                .into_iter()
                .find(|c| c.mv == mv)
                .expect("a legal move");
            walk.push(&rules, child.mv, child.pos);
        }
        let valued = Valued { value, moves, pv };
        if args.json {
            let mut object = valued.json(&rules, &pos);
            object.insert(
                "egdb".into(),
                json!({"dir": dir.display().to_string(), "max_seeds": max}),
            );
            return print_json(&serde_json::Value::Object(object));
        }
        let mut out = valued.text(&rules, &pos);
        let _ = writeln!(
            out,
            "egdb      {} ({max} seeds and fewer){}",
            dir.display(),
            if R::CAN_REPEAT {
                "; values with no earlier position to repeat"
            } else {
                ""
            }
        );
        emit(&out)
    }
}

struct StatsJob(StatsArgs);

impl GameJob for StatsJob {
    type Output = CliResult;
    fn run<R: Rules>(self, rules: R) -> CliResult {
        let args = self.0;
        let db = Egdb::open(&args.dir, &rules).map_err(db_failure)?;
        let default_name = {
            let dir_name = args
                .dir
                .file_name()
                .map_or("egdb".into(), |n| n.to_string_lossy().into_owned());
            format!("egdb-stats-{dir_name}")
        };
        // `--out DIR/` or an existing directory: the default names inside it.
        let name = match &args.out {
            None => PathBuf::from("results").join(default_name),
            Some(out) if out.is_dir() || out.as_os_str().to_string_lossy().ends_with('/') => {
                out.join(default_name)
            }
            Some(out) => out.clone(),
        };
        let mut md = String::new();
        let _ = writeln!(md, "# Endgame database statistics: `{}`\n", db.game());
        let _ = writeln!(
            md,
            "Made by `mancala egdb stats {}`. Values are what the mover will still gain from \
             the board minus what the opponent will gain, in seeds, under perfect play (the \
             stores do not count). Win / draw / loss: value > 0, = 0, < 0 for the player to move.\n",
            args.dir.display()
        );
        let _ = writeln!(
            md,
            "| layer | positions | wins | draws | losses | mean value | histogram (value: positions) |"
        );
        let _ = writeln!(md, "|---:|---:|---:|---:|---:|---:|---|");
        let mut table = csv::Writer::from_writer(Vec::new());
        let mut histogram_csv = csv::Writer::from_writer(Vec::new());
        let csv_error = |e: csv::Error| Failure::from(anyhow::Error::new(e));
        table
            .write_record([
                "layer",
                "positions",
                "wins",
                "draws",
                "losses",
                "mean_value",
            ])
            .map_err(csv_error)?;
        histogram_csv
            .write_record(["layer", "value", "positions"])
            .map_err(csv_error)?;
        for n in 0..db.layers() {
            let entries = db.layer_entries(n).expect("open layer");
            let mut counts = [0u64; 256];
            for &v in entries {
                counts[(v as i32 + 128) as usize] += 1;
            }
            let by_value = |range: std::ops::Range<i32>| -> u64 {
                range.map(|v| counts[(v + 128) as usize]).sum()
            };
            let (losses, draws, wins) = (by_value(-128..0), by_value(0..1), by_value(1..128));
            let sum: i64 = (-128..128)
                .map(|v| v as i64 * counts[(v + 128) as usize] as i64)
                .sum();
            let mean = sum as f64 / entries.len() as f64;
            let mut histogram = Vec::new();
            for v in -128..128i32 {
                let c = counts[(v + 128) as usize];
                if c > 0 {
                    histogram.push(format!("{}: {c}", signed(v)));
                    histogram_csv
                        .write_record([n.to_string(), v.to_string(), c.to_string()])
                        .map_err(csv_error)?;
                }
            }
            let _ = writeln!(
                md,
                "| {n} | {} | {wins} | {draws} | {losses} | {mean:.3} | {} |",
                entries.len(),
                histogram.join(", ")
            );
            table
                .write_record([
                    n.to_string(),
                    entries.len().to_string(),
                    wins.to_string(),
                    draws.to_string(),
                    losses.to_string(),
                    format!("{mean:.6}"),
                ])
                .map_err(csv_error)?;
        }
        let finish = |w: csv::Writer<Vec<u8>>| -> Result<Vec<u8>, Failure> {
            w.into_inner()
                .map_err(|e| Failure::from(anyhow::anyhow!("cannot write CSV: {e}")))
        };
        let with_suffix = |suffix: &str| {
            let mut s = name.clone().into_os_string();
            s.push(suffix);
            PathBuf::from(s)
        };
        let outputs = [
            (with_suffix(".md"), md.into_bytes()),
            (with_suffix(".csv"), finish(table)?),
            (with_suffix("-histogram.csv"), finish(histogram_csv)?),
        ];
        for (path, bytes) in &outputs {
            write_atomic(path, bytes).context("cannot write the statistics")?;
        }
        emit(&format!(
            "wrote {}\n",
            outputs
                .iter()
                .map(|(p, _)| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }
}
