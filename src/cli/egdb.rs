//! `mancala egdb build | verify | probe | stats`: endgame databases.

use super::{execute_and_print, CliResult, PositionArgs, ThreadsArg};
use clap::{Args, Subcommand};
use mancala::jobs::{BuildRequest, JobError, ProbeRequest, Request, StatsRequest, VerifyRequest};
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum EgdbCommand {
    /// Build the layers 0..=N of a game's database (keeps layers already built and verified).
    Build(BuildArgs),
    /// Check a database: headers, checksums, the layers its last build asked for, a sample of
    /// values re-derived, and with --full every entry against the one-step equation.
    Verify(VerifyArgs),
    /// Value of a position and of each of its moves, from the database, and a line of moves
    /// that keep the value (for Awari it stops at a repetition: in a cyclic game a move that
    /// keeps the value need not make progress towards it).
    Probe(ProbeArgs),
    /// Per layer: positions, wins, draws and losses for the mover, value histogram: printed as
    /// Markdown, or written with --out as Markdown and CSV.
    Stats(StatsArgs),
    /// Write each layer in pieces (of `egdb build --distributed --partition`) as one layer
    /// file, byte for byte a single-process build's: every piece checked first, the file read
    /// back and checked, then the pieces and manifest removed (unless --keep-pieces).
    Join(JoinArgs),
}

#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The database directory (e.g. databases/awari).
    pub dir: PathBuf,
    /// Keep the piece files and manifests after the layer files are written and checked.
    #[arg(long)]
    pub keep_pieces: bool,
    /// Print one JSON object: {"dir", "layers": [{"layer", "pieces", "count",
    /// "pieces_removed"}]} (`pieces` 0: the layer was one file already).
    #[arg(long)]
    pub json: bool,
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
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Most memory the build may use, e.g. `12GiB`, `500MB` (default: 80% of physical memory).
    #[arg(long)]
    pub memory_limit: Option<String>,
    /// Least minutes between two checkpoints of an Awari layer being solved (written to
    /// DIR/layer-NNN.work; an interrupted build resumes from it). Default 10.
    #[arg(long)]
    pub checkpoint_minutes: Option<f64>,
    /// Build on the processes of an MPI job: `mpirun -np N mancala egdb build GAME
    /// --max-seeds S --distributed` (a build with `--features mpi`). Each process solves a
    /// range of each layer; the files are the same as a single-process build's. The output
    /// directory may be shared by every machine or local to each (databases/README.md).
    #[arg(long)]
    pub distributed: bool,
    /// With --distributed: each process holds and writes only its own range of every layer
    /// (files layer-NNN.part-R-of-P.egdb and a manifest layer-NNN.pieces.json per layer) and
    /// asks the others for the entries it needs; no process maps every lower layer. Probes,
    /// verify and solve read the pieces; `egdb join DIR` writes the single-file form.
    #[arg(long)]
    pub partition: bool,
    /// Print one JSON object: {"game", "dir", "layers": [{"layer", "positions", "seconds",
    /// "rounds", "kept", "replaced", "working_bytes", "peak_rss_bytes", "exchange"}], "seconds",
    /// "processes"} ("exchange" and "processes" in distributed builds).
    #[arg(long)]
    pub json: bool,
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
    /// Also check every entry of every layer against the one-step equation: the entry equals
    /// the best of its moves' values read from the database (a finished game: its outcome).
    /// Exact for Kalah; for Awari the fixpoint the builder solves. Reports the first failing
    /// entries.
    #[arg(long)]
    pub full: bool,
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Print one JSON object: {"game", "dir", "layers": [{"layer", "positions", "checksum",
    /// "samples", "method", "mismatches", "full": null | {"checked", "mismatches",
    /// "seconds"}}], "build": null | {"game", "max_seeds"}, "missing_layers", "full": null |
    /// {"checked", "mismatches", "seconds", "entries_per_second"}, "ok", "failures", "notes"}.
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
    /// "value", "exact"}], "pv", "egdb": {"dir", "max_seeds", "cyclic"}}.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The database directory (e.g. databases/kalah).
    pub dir: PathBuf,
    /// Write NAME.md, NAME.csv (per layer) and NAME-histogram.csv (a directory: the names
    /// egdb-stats-<database directory name>.* inside it); without it the page is printed and
    /// no file is written.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(command: EgdbCommand) -> CliResult {
    match command {
        EgdbCommand::Build(a) => {
            let request = Request::EgdbBuild(BuildRequest {
                description: None,
                game: a.game,
                max_seeds: a.max_seeds,
                out: a.out,
                threads: a.threads.get(),
                memory_limit: a.memory_limit,
                checkpoint_minutes: a.checkpoint_minutes,
                distributed: a.distributed,
                partition: a.partition,
            });
            execute_and_print(&request, None, a.json, true)
        }
        EgdbCommand::Verify(a) => {
            let request = Request::EgdbVerify(VerifyRequest {
                dir: a.dir,
                samples: a.samples,
                seed: a.seed,
                full: a.full,
                threads: a.threads.get(),
            });
            execute_and_print(&request, None, a.json, !a.json)
        }
        EgdbCommand::Probe(a) => {
            let request = Request::EgdbProbe(ProbeRequest {
                game: a.at.game,
                position: a.at.position,
                moves: a.at.moves,
                dir: a.dir,
            });
            execute_and_print(&request, None, a.json, true)
        }
        EgdbCommand::Stats(a) => {
            let request = Request::EgdbStats(StatsRequest {
                dir: a.dir,
                out: a.out,
            });
            execute_and_print(&request, None, false, true)
        }
        EgdbCommand::Join(a) => join(&a),
    }
}

/// `egdb join DIR`: the layers in pieces written as layer files.
fn join(a: &JoinArgs) -> CliResult {
    let mut layers = Vec::new();
    let result = mancala::egdb::join(&a.dir, a.keep_pieces, |l| layers.push(l.clone()));
    if let Err(e) = result {
        if let Some(last) = layers.last() {
            super::note(&format!(
                "layers 0..={} are joined{}; stopped at layer {}:",
                last.layer,
                if a.keep_pieces {
                    ""
                } else {
                    " (their pieces removed)"
                },
                last.layer + 1
            ));
        }
        return Err(JobError::from(e));
    }
    if a.json {
        return super::print_json(&serde_json::json!({
            "dir": a.dir.display().to_string(),
            "layers": layers,
        }));
    }
    let count = |f: &dyn Fn(&&mancala::egdb::JoinedLayer) -> bool| layers.iter().filter(f).count();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let written = count(&|l| l.written);
    let mut splits: Vec<u32> = layers
        .iter()
        .filter(|l| l.written)
        .map(|l| l.pieces)
        .collect();
    splits.sort();
    splits.dedup();
    let splits: Vec<String> = splits.iter().map(u32::to_string).collect();
    let mut text = format!(
        "database  {} (layers 0..={})\njoined    {written} layer{} from pieces{}\n",
        a.dir.display(),
        layers.len().saturating_sub(1),
        plural(written),
        if written > 0 {
            format!(" (of {} processes)", splits.join(" or "))
        } else {
            String::new()
        }
    );
    let removed = count(&|l| l.pieces_removed);
    if removed > 0 {
        text.push_str(&format!(
            "removed   the pieces and manifests of {removed} layer{}\n",
            plural(removed)
        ));
    }
    let kept = count(&|l| !l.written);
    if kept > 0 {
        text.push_str(&format!(
            "kept      {kept} layer file{} as {} were (verified)\n",
            plural(kept),
            if kept == 1 { "it" } else { "they" }
        ));
    }
    super::emit(&text)
}
