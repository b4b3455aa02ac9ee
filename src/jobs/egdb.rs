//! The endgame-database jobs: build, verify, probe, stats.

use super::valued::Valued;
use super::{
    game_line, parse_game, physical_bytes, run_on, signed, ErrorKind, JobError, OnRules, Progress,
    Threads,
};
use crate::core::PositionText;
use crate::egdb::{
    self, human_bytes, layer_stats, BuildOptions, BuildRecord, Egdb, EgdbError, LayerReport,
};
use crate::results::{command_line, write_all_or_none, Manifest, ResultTable};
use crate::rules::GameSpec;
use crate::rules::Rules;
use crate::search::egdb_check::{self, check_method};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn default_databases() -> PathBuf {
    PathBuf::from("databases")
}

/// Which database: its game string and directory.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Database {
    /// The game string the database is built for.
    pub game: String,
    /// Its directory.
    pub dir: String,
}

/// Build database layers (`mancala egdb build`, `kind = "egdb"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildRequest {
    /// What the job is for, in words (job files).
    pub description: Option<String>,
    /// Game string: `kalah(...)`, or `awari(...)`/`oware(...)` with `repetition=even-split`.
    pub game: String,
    /// Build every layer with up to this many seeds on the board.
    pub max_seeds: u32,
    /// Parent directory: the database goes to `out/<game>`.
    #[serde(default = "default_databases")]
    pub out: PathBuf,
    /// Worker threads (default: every core).
    #[serde(default)]
    pub threads: Threads,
    /// Most memory the build may use, e.g. `12GiB` (default: 80% of physical memory).
    pub memory_limit: Option<String>,
    /// Least minutes between two checkpoints of a cyclic layer being solved (default 10).
    #[serde(default)]
    pub checkpoint_minutes: Option<f64>,
    /// Build on the processes of an MPI job (`mpirun -np N mancala egdb build ...
    /// --distributed`; needs the `mpi` cargo feature): each process solves a range of each
    /// layer; the files are the same as a single-process build's.
    #[serde(default)]
    pub distributed: bool,
    /// With `distributed`: each process holds and writes only its own range of every layer
    /// (the files `layer-NNN.part-R-of-P.egdb` and a manifest `layer-NNN.pieces.json` per
    /// layer) and asks the others for the entries it needs, so that no process maps every
    /// lower layer. `egdb join` writes the single-file form.
    #[serde(default)]
    pub partition: bool,
}

/// The report of a build: `mancala egdb build --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BuildReport {
    /// Which database.
    #[serde(flatten)]
    pub database: Database,
    /// Every layer, from 0.
    pub layers: Vec<LayerReport>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Processes of a distributed build (`None`: a single-process build).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub processes: Option<u32>,
    /// This process's number in a distributed build (0 otherwise): the reports of the other
    /// processes than 0 are neither printed nor written.
    #[serde(skip)]
    pub process: u32,
}

impl BuildReport {
    /// The text `mancala egdb build` prints.
    pub fn text(&self) -> String {
        let positions: u64 = self.layers.iter().map(|r| r.positions).sum();
        format!(
            "database  {} ({}, layers 0..={}, {positions} positions, {})\ntime      {:.2} s\n",
            self.database.dir,
            self.database.game,
            self.layers.len().saturating_sub(1),
            human_bytes(positions),
            self.seconds
        )
    }

    /// The result table of an egdb job.
    pub(super) fn table(&self) -> ResultTable {
        let mut markdown = format!(
            "Database `{}` in `{}`.\n\n| layer (seeds) | positions | seconds |\n|---:|---:|---:|\n",
            self.database.game, self.database.dir
        );
        let mut rows = Vec::new();
        for l in &self.layers {
            let row = vec![
                l.layer.to_string(),
                l.positions.to_string(),
                format!("{:.2}", l.seconds),
            ];
            markdown.push_str(&format!("| {} | {} | {} |\n", row[0], row[1], row[2]));
            rows.push(row);
        }
        ResultTable {
            markdown,
            header: ["layer", "positions", "seconds"].map(String::from).to_vec(),
            rows,
            timing: &["seconds"],
            svg: None,
        }
    }
}

/// Runs the build job.
pub(super) fn build(
    request: &BuildRequest,
    progress: &dyn Progress,
) -> Result<BuildReport, JobError> {
    run_on(&parse_game(&request.game)?, request, progress)
}

impl OnRules for BuildRequest {
    type Report = BuildReport;

    fn run<R: Rules>(&self, rules: R, progress: &dyn Progress) -> Result<BuildReport, JobError> {
        let memory_limit = match &self.memory_limit {
            Some(text) => parse_size::parse_size(text).map_err(|e| {
                JobError::input(format!(
                    "--memory-limit: `{text}` is not a size ({e}); e.g. 12GiB"
                ))
            })?,
            None => physical_bytes().map_or(u64::MAX, |b| b / 10 * 8),
        };
        let dir = egdb::default_dir(&self.out, rules.spec());
        let minutes = self.checkpoint_minutes.unwrap_or(10.0);
        if !(minutes.is_finite() && minutes >= 0.0) {
            return Err(JobError::input(format!(
                "--checkpoint-minutes: {minutes} is not a number of minutes (0 or more)"
            )));
        }
        if self.partition && !self.distributed {
            return Err(JobError::input(
                "--partition splits the layers between the processes of a distributed build: \
                 give --distributed too (under mpirun)",
            ));
        }
        let options = BuildOptions {
            partitioned: self.partition,
            max_seeds: self.max_seeds,
            threads: self.threads,
            memory_limit,
            checkpoint_every: std::time::Duration::from_secs_f64(minutes * 60.0),
        };
        let game = egdb::database_game(rules.spec());
        let started = std::time::Instant::now();
        // Said before MPI starts, so that every process says it plainly and exits.
        if let Err(reason) = rules.egdb_houses() {
            return Err(EgdbError::Unsupported {
                game: rules.spec().to_string(),
                reason,
            }
            .into());
        }
        let mpi = start_mpi_if(
            self.distributed,
            &format!("build the whole database in {}", dir.display()),
        )?;
        let process = mpi.as_ref().map_or(0, MpiProcesses::rank);
        // Process 0 alone tells of the layers.
        let progress = if process == 0 { progress } else { &() };
        let mut layers = Vec::new();
        let on_layer = |r: &LayerReport| {
            if r.layer == 0 {
                // Said once the checks have passed and the work has begun.
                let threads = self.threads.get();
                progress.note(&format!(
                    "building {game} layers 0..={} in {} ({threads} thread{}{})",
                    self.max_seeds,
                    dir.display(),
                    if threads == 1 { "" } else { "s" },
                    match mpi.as_ref().map(MpiProcesses::processes) {
                        Some(1) => " in the one process of the MPI job".to_string(),
                        Some(p) => format!(" in each of {p} processes"),
                        None => String::new(),
                    }
                ));
            }
            if let Some(why) = &r.replaced {
                progress.note(&format!("layer {:>3}: rebuilt: {why}", r.layer));
            }
            progress.note(&layer_line(r));
            layers.push(r.clone());
        };
        let built = match &mpi {
            Some(mpi) => mpi.build(&rules, &dir, &options, progress, on_layer),
            None => egdb::build(&rules, &dir, &options, progress, on_layer),
        };
        let built = built.map_err(|e| match e {
            EgdbError::GameMismatch { .. }
            | EgdbError::HeaderMismatch { .. }
            | EgdbError::Version { .. } => JobError::input(format!(
                "{e} (the build does not overwrite it: remove the file or choose another --out)"
            )),
            e => JobError::from(e),
        });
        if let (Err(e), Some(mpi)) = (&built, &mpi) {
            // The other processes may be waiting for this one: stop them all.
            let stopped = match layers.len() {
                0 => format!(
                    "the distributed build of {game} stopped before any layer was complete: \
                     once the cause is fixed, run the same command again"
                ),
                layer => format!(
                    "the distributed build stopped at layer {layer} of {game}; layers \
                     0..={} are complete and kept: once the cause is fixed, the same command \
                     resumes",
                    layer - 1
                ),
            };
            mpi.abort(
                &format!(
                    "error: process {process} of {}: {e}\n{stopped}",
                    mpi.processes()
                ),
                e.kind().exit_status().into(),
            );
        }
        built?;
        Ok(BuildReport {
            database: Database {
                game: game.to_string(),
                dir: dir.display().to_string(),
            },
            layers,
            seconds: started.elapsed().as_secs_f64(),
            processes: mpi.as_ref().map(|m| m.processes() as u32),
            process: process as u32,
        })
    }
}

/// The note of one layer built or kept.
fn layer_line(r: &LayerReport) -> String {
    if r.kept {
        return format!(
            "layer {:>3}: {:>13} positions, kept (complete and verified)",
            r.layer, r.positions
        );
    }
    format!(
        "layer {:>3}: {:>13} positions in {:8.2} s ({:.2} M positions/s{}{}{})",
        r.layer,
        r.positions,
        r.seconds,
        r.positions as f64 / r.seconds.max(1e-9) / 1e6,
        if r.rounds > 1 {
            format!(", {} rounds", r.rounds)
        } else {
            String::new()
        },
        match r.peak_rss_bytes {
            Some(b) => format!(", peak memory {}", human_bytes(b)),
            None => String::new(),
        },
        match &r.exchange {
            Some(x) if x.child_requests > 0 || x.gather_bytes == 0 => {
                let per = |bytes: u64| bytes as f64 / r.positions.max(1) as f64;
                format!(
                    ", {} sent between processes: {} exchange{} of updates, {} child requests \
                     and their answers; bytes a position: updates {:.2}, requests {:.2}, \
                     answers {:.2}",
                    human_bytes(x.update_bytes + x.request_bytes + x.answer_bytes),
                    x.rounds,
                    if x.rounds == 1 { "" } else { "s" },
                    x.child_requests,
                    per(x.update_bytes),
                    per(x.request_bytes),
                    per(x.answer_bytes)
                )
            }
            Some(x) => format!(
                ", {} sent between processes: {} exchange{} of updates, then the entries \
                 to the writers",
                human_bytes(x.update_bytes + x.gather_bytes),
                x.rounds,
                if x.rounds == 1 { "" } else { "s" }
            ),
            None => String::new(),
        }
    )
}

/// The processes of the MPI job this process was started in, from the variables `mpirun`
/// sets (Open MPI's `OMPI_COMM_WORLD_SIZE`, MPICH's and Intel MPI's `PMI_SIZE`), with the
/// variable's name; `None` outside `mpirun`.
fn mpi_job_size() -> Option<(&'static str, u64)> {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"]
        .into_iter()
        .find_map(|var| {
            let size = std::env::var(var).ok()?.trim().parse().ok()?;
            Some((var, size))
        })
}

/// Starts MPI if `distributed`; else refuses to run as one of several processes started by
/// `mpirun`, each of which would `each_would` (do the whole job, racing on its files).
pub(super) fn start_mpi_if(
    distributed: bool,
    each_would: &str,
) -> Result<Option<MpiProcesses>, JobError> {
    if distributed {
        return start_mpi().map(Some);
    }
    if let Some((var, processes)) = mpi_job_size().filter(|&(_, p)| p > 1) {
        return Err(JobError::input(format!(
            "this is one of {processes} processes started by mpirun ({var}={processes}) but \
             --distributed was not given: each would {each_would}, racing on its files; add \
             --distributed, or run one process without mpirun"
        )));
    }
    Ok(None)
}

/// How to get a build that can run distributed.
const NO_MPI: &str = "--distributed needs a build with MPI: install an MPI library (Debian: \
     apt-get install openmpi-bin libopenmpi-dev libclang-dev), build with `cargo build \
     --release --features mpi`, then run `mpirun -np N mancala egdb build GAME --max-seeds S \
     --distributed`";

#[cfg(feature = "mpi")]
pub(super) use crate::egdb::MpiProcesses;

/// A distributed match or tournament on the processes of the MPI job.
#[cfg(feature = "mpi")]
impl crate::arena::RunProcesses for MpiProcesses {
    fn rank(&self) -> usize {
        MpiProcesses::rank(self)
    }
    fn processes(&self) -> usize {
        MpiProcesses::processes(self)
    }
    fn share_from_first(&self, words: &[u64]) -> Vec<u64> {
        MpiProcesses::share_from_first(self, words)
    }
    fn send_to_first(&self, bytes: Option<&[u8]>) {
        MpiProcesses::send_to_first(self, bytes)
    }
    fn receive_any(&self) -> (usize, Option<Vec<u8>>) {
        MpiProcesses::receive_any(self)
    }
}

/// Starts MPI for a distributed build.
#[cfg(feature = "mpi")]
fn start_mpi() -> Result<MpiProcesses, JobError> {
    let _ = NO_MPI;
    MpiProcesses::init().map_err(|e| JobError::failed(format!("--distributed: {e}")))
}

/// Stands for the processes of an MPI job in a program built without MPI: never made.
#[cfg(not(feature = "mpi"))]
pub(super) enum MpiProcesses {}

#[cfg(not(feature = "mpi"))]
impl crate::arena::RunProcesses for MpiProcesses {
    fn rank(&self) -> usize {
        match *self {}
    }
    fn processes(&self) -> usize {
        match *self {}
    }
    fn share_from_first(&self, _: &[u64]) -> Vec<u64> {
        match *self {}
    }
    fn send_to_first(&self, _: Option<&[u8]>) {
        match *self {}
    }
    fn receive_any(&self) -> (usize, Option<Vec<u8>>) {
        match *self {}
    }
}

#[cfg(not(feature = "mpi"))]
impl MpiProcesses {
    pub(super) fn rank(&self) -> usize {
        match *self {}
    }
    pub(super) fn processes(&self) -> usize {
        match *self {}
    }
    fn build<R: Rules>(
        &self,
        _: &R,
        _: &Path,
        _: &BuildOptions,
        _: &dyn Progress,
        _: impl FnMut(&LayerReport),
    ) -> Result<Egdb, EgdbError> {
        match *self {}
    }
    pub(super) fn abort(&self, _: &str, _: i32) -> ! {
        match *self {}
    }
}

/// A distributed build needs the `mpi` feature.
#[cfg(not(feature = "mpi"))]
fn start_mpi() -> Result<MpiProcesses, JobError> {
    Err(JobError::input(NO_MPI))
}

fn twenty() -> u32 {
    20
}

fn one() -> u64 {
    1
}

/// Check a database (`mancala egdb verify`, `kind = "egdb-verify"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VerifyRequest {
    /// The database directory.
    pub dir: PathBuf,
    /// Positions per layer whose value is checked.
    #[serde(default = "twenty")]
    pub samples: u32,
    /// Seed of the sample.
    #[serde(default = "one")]
    pub seed: u64,
    /// Also check every entry against the one-step equation ([`egdb::verify_full`]).
    #[serde(default)]
    pub full: bool,
    /// Worker threads for the searches and the full check (default: every core).
    #[serde(default)]
    pub threads: Threads,
}

/// Mismatches of the full check reported one by one (the rest are counted).
pub const FIRST_FAILURES: usize = 10;

/// The full check of one layer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FullVerified {
    /// Entries checked against the one-step equation: every one of the layer.
    pub checked: u64,
    /// Entries that differ from it.
    pub mismatches: u64,
    /// Wall time, seconds.
    pub seconds: f64,
}

/// One layer's check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LayerVerified {
    /// Seeds on the board.
    pub layer: u32,
    /// Positions.
    pub positions: u64,
    /// `ok`, or `failed` for a damaged layer (header, size, checksum or entries wrong; its
    /// error is in the report's failures, and no value of a database with a damaged layer is
    /// checked).
    pub checksum: String,
    /// Values checked.
    pub samples: u64,
    /// How they were checked.
    pub method: String,
    /// Values that differ.
    pub mismatches: u64,
    /// The full check of the layer (`null` without `full`).
    pub full: Option<FullVerified>,
}

/// The full check of every layer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FullSummary {
    /// Entries checked against the one-step equation: every entry of every layer.
    pub checked: u64,
    /// Entries that differ from it.
    pub mismatches: u64,
    /// Wall time, seconds.
    pub seconds: f64,
    /// Entries checked per second.
    pub entries_per_second: f64,
}

/// The report of a verification: `mancala egdb verify --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VerifyReport {
    /// Which database.
    #[serde(flatten)]
    pub database: Database,
    /// Every layer.
    pub layers: Vec<LayerVerified>,
    /// What the last build of the directory was asked for (`null`: no record, a database
    /// built before builds were recorded).
    pub build: Option<BuildRecord>,
    /// Layers missing against that record, in order (a build that was interrupted).
    pub missing_layers: Vec<u32>,
    /// The full check's totals (`null` without `full`).
    pub full: Option<FullSummary>,
    /// No value differs and no layer is missing.
    pub ok: bool,
    /// Each problem, in words: the layers missing, the values that differ (the sampled ones,
    /// and the first [`FIRST_FAILURES`] of the full check in layer and rank order).
    pub failures: Vec<String>,
    /// Remarks that are not failures (no build record).
    pub notes: Vec<String>,
}

impl VerifyReport {
    /// The text `mancala egdb verify` prints.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{}: {} ({} layers)\n",
            self.database.dir,
            if self.ok {
                "verified"
            } else {
                "VERIFICATION FAILED"
            },
            self.layers.len()
        );
        if let Some(f) = &self.full {
            let _ = writeln!(
                out,
                "full check: {}",
                full_line(f.checked, f.mismatches, f.seconds)
            );
        }
        for note in &self.notes {
            let _ = writeln!(out, "note: {note}");
        }
        out
    }

    /// What failed, in one line (`None` if the database verified).
    pub fn problem(&self) -> Option<String> {
        if self.ok {
            return None;
        }
        let mut parts = Vec::new();
        let damaged: Vec<String> = self
            .layers
            .iter()
            .filter(|l| l.checksum != "ok")
            .map(|l| l.layer.to_string())
            .collect();
        match damaged.len() {
            0 => {}
            1 => parts.push(format!("layer {} is damaged", damaged[0])),
            _ => parts.push(format!("layers {} are damaged", damaged.join(", "))),
        }
        if let (Some(&first), Some(&last)) =
            (self.missing_layers.first(), self.missing_layers.last())
        {
            parts.push(egdb::MissingLayers { first, last }.to_string());
        }
        let sampled: u64 = self.layers.iter().map(|l| l.mismatches).sum();
        if sampled > 0 {
            parts.push(format!(
                "{sampled} of the sampled values differ from their check"
            ));
        }
        if let Some(f) = self.full.as_ref().filter(|f| f.mismatches > 0) {
            parts.push(if f.mismatches == 1 {
                "1 entry differs from the one-step equation".to_string()
            } else {
                format!("{} entries differ from the one-step equation", f.mismatches)
            });
        }
        Some(format!("{}: {}", self.database.dir, parts.join("; ")))
    }
}

/// Runs the verify job.
pub(super) fn verify(
    request: &VerifyRequest,
    progress: &dyn Progress,
) -> Result<VerifyReport, JobError> {
    let spec = egdb::game_of_dir(&request.dir).map_err(|e| with_record(e, &request.dir))?;
    run_on(&spec, request, progress)
}

/// `e`, said with the layers the build record of `dir` asked for when `dir` holds no layer.
fn with_record(e: EgdbError, dir: &Path) -> JobError {
    match (&e, egdb::read_build_record(dir)) {
        (EgdbError::Empty { .. }, Ok(Some(record))) => JobError::input(format!(
            "{e}: {}",
            egdb::MissingLayers {
                first: 0,
                last: record.max_seeds
            }
        )),
        _ => JobError::from(e),
    }
}

/// `N entries against the one-step equation, all equal (S s, R M entries/s)`.
fn full_line(checked: u64, mismatches: u64, seconds: f64) -> String {
    format!(
        "{checked} entries against the one-step equation, {} ({seconds:.2} s, {:.1} M entries/s)",
        if mismatches == 0 {
            "all equal".to_string()
        } else {
            format!("{mismatches} DIFFER")
        },
        checked as f64 / seconds.max(1e-9) / 1e6
    )
}

/// A stored value that its check does not reproduce, in words.
fn mismatch_text(m: &egdb::Mismatch, check: &str) -> String {
    format!(
        "layer {} rank {} ({}): database {}, {check} {}",
        m.layer,
        m.rank,
        m.position,
        signed(m.stored),
        signed(m.checked)
    )
}

impl OnRules for VerifyRequest {
    type Report = VerifyReport;

    fn run<R: Rules>(&self, rules: R, progress: &dyn Progress) -> Result<VerifyReport, JobError> {
        // Opening checks every header against the game and every payload's checksum.
        let opened = Egdb::open_checking_all(&self.dir, &rules)?;
        if !opened.damaged.is_empty() {
            return Ok(damaged_report(&opened, &self.dir));
        }
        let db = opened.db;
        // The layers missing against what the last build asked for.
        let build = egdb::read_build_record(db.dir())?;
        let missing = db.missing_layers()?;
        let mut failures = Vec::new();
        let mut notes = Vec::new();
        // Printed with the other failures at the end.
        if let Some(m) = &missing {
            failures.push(m.to_string());
        }
        if build.is_none() {
            notes.push(format!(
                "no build record ({}): a database built before builds were recorded; layers \
                 0..={} are checked, but whether its build asked for more cannot be told",
                egdb::BUILD_RECORD,
                db.layers() - 1
            ));
        }
        let mut full_layers = Vec::new();
        let mut full = None;
        if self.full {
            let started = std::time::Instant::now();
            let found =
                egdb::verify_full(&db, &rules, self.threads, FIRST_FAILURES, progress, |c| {
                    progress.note(&format!(
                        "layer {:>3}: full check: {}",
                        c.layer,
                        full_line(c.positions, c.mismatches, c.seconds)
                    ));
                    full_layers.push(FullVerified {
                        checked: c.positions,
                        mismatches: c.mismatches,
                        seconds: c.seconds,
                    });
                })?
                .ok_or_else(verification_stopped)?;
            let seconds = started.elapsed().as_secs_f64();
            let checked = full_layers.iter().map(|l| l.checked).sum::<u64>();
            full = Some(FullSummary {
                checked,
                mismatches: full_layers.iter().map(|l| l.mismatches).sum(),
                seconds,
                entries_per_second: checked as f64 / seconds.max(1e-9),
            });
            failures.extend(found.iter().map(|m| mismatch_text(m, "one-step equation")));
        }
        let method = check_method::<R>();
        let mut layers = Vec::new();
        let mut full_layers = full_layers.into_iter();
        let mismatches = egdb_check::verify(
            &db,
            &rules,
            self.samples,
            self.seed,
            self.threads,
            &progress.stop(),
            |c| {
                progress.note(&format!(
                    "layer {:>3}: {:>13} positions, checksum ok, {} values {method}{}",
                    c.layer,
                    c.positions,
                    c.samples,
                    if c.mismatches == 0 {
                        ", all equal".to_string()
                    } else {
                        format!(", {} DIFFER", c.mismatches)
                    }
                ));
                layers.push(LayerVerified {
                    layer: c.layer,
                    positions: c.positions,
                    checksum: "ok".into(),
                    samples: c.samples,
                    method: method.into(),
                    mismatches: c.mismatches,
                    full: full_layers.next(),
                });
            },
        )
        .map_err(JobError::failed)?
        .ok_or_else(verification_stopped)?;
        let check = if R::CAN_REPEAT {
            "its moves' values"
        } else {
            "search"
        };
        failures.extend(mismatches.iter().map(|m| mismatch_text(m, check)));
        let ok = failures.is_empty();
        Ok(VerifyReport {
            database: Database {
                game: db.game().to_string(),
                dir: self.dir.display().to_string(),
            },
            layers,
            build,
            missing_layers: missing.map_or(Vec::new(), |m| (m.first..=m.last).collect()),
            full,
            ok,
            failures,
            notes,
        })
    }
}

/// The report on a database with damaged layers: every layer, `failed` for each damaged one
/// and each one's error among the failures; no value is checked.
fn damaged_report(opened: &egdb::Opened, dir: &Path) -> VerifyReport {
    let (db, damaged) = (&opened.db, &opened.damaged);
    let layers = (0..=opened.highest)
        .map(|layer| LayerVerified {
            layer,
            positions: db.index().layer_size(layer).unwrap_or(0),
            checksum: if damaged.iter().any(|d| d.0 == layer) {
                "failed"
            } else {
                "ok"
            }
            .to_string(),
            samples: 0,
            method: "none (a layer is damaged)".to_string(),
            mismatches: 0,
            full: None,
        })
        .collect();
    let names: Vec<String> = damaged.iter().map(|d| d.0.to_string()).collect();
    let mut failures: Vec<String> = damaged.iter().map(|d| d.1.to_string()).collect();
    // The layers above the highest file that the last build asked for.
    let missing = egdb::missing_layers(dir, db.game(), opened.highest + 1).unwrap_or_else(|e| {
        failures.push(e.to_string());
        None
    });
    failures.extend(missing.as_ref().map(|m| m.to_string()));
    VerifyReport {
        database: Database {
            game: db.game().to_string(),
            dir: dir.display().to_string(),
        },
        layers,
        build: egdb::read_build_record(dir).ok().flatten(),
        missing_layers: missing.map_or(Vec::new(), |m| (m.first..=m.last).collect()),
        full: None,
        ok: false,
        failures,
        notes: vec![format!(
            "no value was checked: a database with damaged layers ({}) is not used",
            names.join(", ")
        )],
    }
}

/// Value a position from a database (`mancala egdb probe`, `kind = "egdb-probe"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProbeRequest {
    /// Game string.
    pub game: String,
    /// Position text (default: the start position).
    pub position: Option<String>,
    /// Moves played from the position first.
    pub moves: Option<String>,
    /// The database directory (default: `databases/<game>`, as the build names it).
    pub dir: Option<PathBuf>,
}

/// The database a probe read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProbeDb {
    /// Its directory.
    pub dir: String,
    /// Most seeds on the board it covers.
    pub max_seeds: u32,
    /// Whether positions of the game can repeat (values then assume no earlier position).
    #[serde(default)]
    pub cyclic: bool,
}

/// The report of a probe: `mancala egdb probe --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProbeReport {
    /// The position; its value: what the mover will still gain from the board minus what the
    /// opponent will, seeds, under perfect play (the stores do not count); every move's value;
    /// a line of moves that keep the value (at most 500 plies; for games with cycles it stops
    /// at a repetition).
    #[serde(flatten)]
    pub valued: Valued,
    /// The database.
    pub egdb: ProbeDb,
}

impl ProbeReport {
    /// The text `mancala egdb probe` prints.
    pub fn text(&self) -> String {
        let mut out = self.valued.text();
        let _ = writeln!(
            out,
            "egdb      {} ({} seeds and fewer){}",
            self.egdb.dir,
            self.egdb.max_seeds,
            if self.egdb.cyclic {
                "; values with no earlier position to repeat"
            } else {
                ""
            }
        );
        out
    }
}

/// Most plies of a principal variation followed through the database.
const MAX_PV: usize = 500;

/// Runs the probe job.
///
/// The databases value the board whatever seeds the game starts with: a position whose seeds
/// (houses and stores) add up to another total than the game's is probed in the same game with
/// as many seeds per house as it needs, the seeds missing to that game's total added to its
/// stores, and reported as written (the seeds added taken off the stores and the values).
pub(super) fn probe(request: &ProbeRequest) -> Result<ProbeReport, JobError> {
    let spec = parse_game(&request.game)?;
    let Some((fitted, added)) = request
        .position
        .as_deref()
        .and_then(|p| fit_total(&spec, p))
    else {
        return run_on(&spec, request, &());
    };
    let houses = fitted.houses();
    let shifted = |text: &str, sign: i64| {
        add_to_stores(text, houses, added.map(|a| sign * a)).expect("a position of the game")
    };
    let fitted_request = ProbeRequest {
        position: request.position.as_deref().map(|p| shifted(p, 1)),
        ..request.clone()
    };
    let mut report = run_on(&fitted, &fitted_request, &())?;
    let valued = &mut report.valued;
    valued.game = spec.to_string();
    valued.position = shifted(&valued.position, -1);
    // Values are final store differences from the side to move: the added seeds out.
    let added_for_mover = match valued.side_to_move.as_str() {
        "S" => added[0] - added[1],
        _ => added[1] - added[0],
    } as i32;
    valued.value -= added_for_mover;
    for m in &mut valued.moves {
        m.value -= added_for_mover;
    }
    Ok(report)
}

/// For a position `text` of a game with databases whose seeds do not add up to the total of
/// `spec`: the game with enough seeds per house for them, and the seeds to add to the South and
/// North stores to reach its total (half each, South the odd one). `None` if the total is the
/// game's, or the text is not a position of the game (its parser then says why).
fn fit_total(spec: &GameSpec, text: &str) -> Option<(GameSpec, [i64; 2])> {
    let mut fitted = spec.clone();
    let houses = fitted.houses();
    let seeds = match &mut fitted {
        GameSpec::Kalah(k) => &mut k.seeds,
        GameSpec::Oware(o) => &mut o.seeds,
        _ => return None,
    };
    let total = PositionText::split(text, houses).ok()?.seeds();
    if total == spec.total_seeds() {
        return None;
    }
    *seeds = u8::try_from(total.div_ceil(2 * houses as u32).max(u32::from(*seeds))).ok()?;
    let extra = i64::from(fitted.total_seeds() - total);
    Some((fitted, [extra - extra / 2, extra / 2]))
}

/// The position `text` (of `houses` houses a side) with `add` seeds added to the South and North
/// stores; `None` if it is not a position text or a store would go below 0.
fn add_to_stores(text: &str, houses: usize, add: [i64; 2]) -> Option<String> {
    let parts = PositionText::split(text, houses).ok()?;
    let store = |i: usize| u32::try_from(i64::from(parts.stores[i]) + add[i]).ok();
    let stores = format!("{}-{}", store(0)?, store(1)?);
    // The text again, its second token (the stores) replaced.
    let (main, fields) = text
        .split_once(';')
        .map_or((text, None), |(m, f)| (m, Some(f)));
    let mut tokens: Vec<&str> = main.split_whitespace().collect();
    *tokens.get_mut(1)? = &stores;
    let joined = tokens.join(" ");
    Some(fields.map_or(joined.clone(), |f| format!("{joined};{f}")))
}

impl OnRules for ProbeRequest {
    type Report = ProbeReport;

    fn run<R: Rules>(&self, rules: R, _: &dyn Progress) -> Result<ProbeReport, JobError> {
        let line = game_line(&rules, self.position.as_deref(), self.moves.as_deref())?;
        let pos = *line.current();
        let dir = self
            .dir
            .clone()
            .unwrap_or_else(|| egdb::default_dir(Path::new("databases"), rules.spec()));
        let db = Egdb::open(&dir, &rules)?;
        probe_open(&rules, &pos, &db)
    }
}

/// The probe report of `pos` from the database `db`, already open (the database a
/// [`ProbeRequest`] names is opened, and its checksums verified, on every request; a program
/// probing many positions opens it once with [`Egdb::open`] and calls this).
///
/// # Errors
/// [`ErrorKind::Input`](super::ErrorKind::Input) if the database is of another game or the
/// position has more seeds on the board than it covers.
pub fn probe_open<R: Rules>(
    rules: &R,
    pos: &R::Position,
    db: &Egdb,
) -> Result<ProbeReport, JobError> {
    let (pos, dir) = (*pos, db.dir());
    let wanted = egdb::database_game(rules.spec()).to_string();
    if db.game() != wanted {
        return Err(JobError::input(format!(
            "the database in {} is of `{}`, not of `{wanted}` (the game of the position)",
            dir.display(),
            db.game()
        )));
    }
    let max = db.max_seeds().expect("an open database has layer 0");
    let seeds = rules.board_seeds(&pos);
    if seeds > max {
        return Err(JobError::input(format!(
            "the position has {seeds} seeds on the board; the database in {} covers at most {max} \
             (build more layers with `mancala egdb build \"{}\" --max-seeds {seeds} --out {}`){}",
            dir.display(),
            db.game(),
            dir.parent().map_or(".".into(), |p| p.display().to_string()),
            db.missing_note()
                .map_or(String::new(), |note| format!("; {note}"))
        )));
    }
    let value = db.value(rules, &pos).expect("checked: covered");
    let moves = db
        .move_values(rules, &pos)
        .expect("covered: seeds only decrease");
    let pv = db
        .principal_variation(rules, &pos, MAX_PV)
        .expect("checked: covered");
    Ok(ProbeReport {
        valued: Valued::new(
            rules,
            &pos,
            value,
            moves.iter().map(|&(mv, v)| (mv, v, true)),
            &pv,
        ),
        egdb: ProbeDb {
            dir: dir.display().to_string(),
            max_seeds: max,
            cyclic: R::CAN_REPEAT,
        },
    })
}

fn verification_stopped() -> JobError {
    JobError::new(
        ErrorKind::Stopped,
        "the verification stopped (cancelled or past the time ceiling) before every position \
         asked for was checked",
    )
}

/// Per-layer statistics of a database (`mancala egdb stats`, `kind = "egdb-stats"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatsRequest {
    /// The database directory.
    pub dir: PathBuf,
    /// Output name: writes NAME.md, NAME.csv, NAME-histogram.csv, the value histograms as
    /// NAME-histogram.svg and a manifest NAME.json (a directory, or a name ending in `/`:
    /// `egdb-stats-<database directory name>` inside it). None: no files.
    pub out: Option<PathBuf>,
}

/// One layer's statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LayerStatsReport {
    /// Seeds on the board.
    pub layer: u32,
    /// Positions.
    pub positions: u64,
    /// Positions the mover wins (value > 0).
    pub wins: u64,
    /// Value 0.
    pub draws: u64,
    /// Value < 0.
    pub losses: u64,
    /// Mean value, seeds.
    pub mean_value: f64,
    /// `[value, positions]` for each value that occurs.
    pub histogram: Vec<(i32, u64)>,
}

/// The report of `mancala egdb stats`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StatsReport {
    /// Which database.
    #[serde(flatten)]
    pub database: Database,
    /// Every layer.
    pub layers: Vec<LayerStatsReport>,
    /// Layers missing against what the last build of the directory asked for (a build that
    /// was interrupted), in order.
    pub missing_layers: Vec<u32>,
    /// The page as Markdown.
    pub markdown: String,
    /// The files written (with `out`).
    pub written: Vec<String>,
}

impl StatsReport {
    /// The text `mancala egdb stats` prints: the files written, or the page itself.
    pub fn text(&self) -> String {
        if self.written.is_empty() {
            self.markdown.clone()
        } else {
            format!("wrote {}\n", self.written.join(", "))
        }
    }
}

/// Runs the stats job.
pub(super) fn stats(
    request: &StatsRequest,
    progress: &dyn Progress,
) -> Result<StatsReport, JobError> {
    let spec = egdb::game_of_dir(&request.dir)?;
    run_on(&spec, request, progress)
}

impl OnRules for StatsRequest {
    type Report = StatsReport;

    fn run<R: Rules>(&self, rules: R, progress: &dyn Progress) -> Result<StatsReport, JobError> {
        let db = Egdb::open(&self.dir, &rules)?;
        let missing_layers = match db.missing_layers() {
            Ok(Some(m)) => (m.first..=m.last).collect(),
            _ => Vec::new(),
        };
        let mut md = String::new();
        let _ = writeln!(md, "# Endgame database statistics: `{}`\n", db.game());
        if let Some(note) = db.missing_note() {
            progress.note(&note);
            let _ = writeln!(md, "**Incomplete database**: {note}.\n");
        }
        let _ = writeln!(
            md,
            "Made by `mancala egdb stats {}{}`. Values are what the mover will still gain from \
             the board minus what the opponent will gain, in seeds, under perfect play (the \
             stores do not count). Win / draw / loss: value > 0, = 0, < 0 for the player to move.\n",
            self.dir.display(),
            self
                .out
                .as_ref()
                .map_or(String::new(), |o| format!(" --out {}", o.display()))
        );
        let _ = writeln!(
            md,
            "| layer | positions | wins | draws | losses | mean value | histogram (value: positions) |"
        );
        let _ = writeln!(md, "|---:|---:|---:|---:|---:|---:|---|");
        let mut table = csv::Writer::from_writer(Vec::new());
        let mut histogram_csv = csv::Writer::from_writer(Vec::new());
        let csv_error = |e: csv::Error| JobError::failed(format!("cannot encode CSV: {e}"));
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
        let mut layers = Vec::new();
        for n in 0..db.layers() {
            let s = layer_stats(&db, n).expect("open layer");
            let mut histogram = Vec::new();
            for &(v, c) in &s.histogram {
                histogram.push(format!("{}: {c}", signed(v)));
                histogram_csv
                    .write_record([n.to_string(), v.to_string(), c.to_string()])
                    .map_err(csv_error)?;
            }
            let _ = writeln!(
                md,
                "| {n} | {} | {} | {} | {} | {:.3} | {} |",
                s.positions,
                s.wins,
                s.draws,
                s.losses,
                s.mean,
                histogram.join(", ")
            );
            table
                .write_record([
                    n.to_string(),
                    s.positions.to_string(),
                    s.wins.to_string(),
                    s.draws.to_string(),
                    s.losses.to_string(),
                    format!("{:.6}", s.mean),
                ])
                .map_err(csv_error)?;
            layers.push(LayerStatsReport {
                layer: n,
                positions: s.positions,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                mean_value: s.mean,
                histogram: s.histogram,
            });
        }
        let mut written = Vec::new();
        if let Some(out) = &self.out {
            let default_name = format!(
                "egdb-stats-{}",
                self.dir
                    .file_name()
                    .map_or("egdb".into(), |n| n.to_string_lossy().into_owned())
            );
            // `--out DIR/` or an existing directory: the default names inside it.
            let name = if out.is_dir() || out.as_os_str().to_string_lossy().ends_with('/') {
                out.join(default_name)
            } else {
                out.clone()
            };
            let with_suffix = |suffix: &str| {
                let mut s = name.clone().into_os_string();
                s.push(suffix);
                PathBuf::from(s)
            };
            let finish = |w: csv::Writer<Vec<u8>>| {
                w.into_inner()
                    .map_err(|e| JobError::failed(format!("cannot encode CSV: {e}")))
            };
            let game = db.game().to_string();
            let hists: Vec<(u32, &[(i32, u64)])> = layers
                .iter()
                .map(|l| (l.layer, l.histogram.as_slice()))
                .collect();
            let svg = crate::arena::plots::value_histograms(&game, &hists);
            let mut manifest = Manifest::start(
                "egdb-stats",
                json!({"dir": self.dir.display().to_string()}),
                1,
                &command_line(),
            );
            manifest.set(
                "job",
                json!({"kind": "egdb-stats", "game": game, "dir": self.dir.display().to_string()}),
            );
            manifest.finish(true, 0);
            let outputs = [
                (with_suffix(".md"), md.clone().into_bytes()),
                (with_suffix(".csv"), finish(table)?),
                (with_suffix("-histogram.csv"), finish(histogram_csv)?),
                (with_suffix("-histogram.svg"), svg.into_bytes()),
                (with_suffix(".json"), manifest.bytes()),
            ];
            write_all_or_none(&outputs)
                .map_err(|e| JobError::failed("cannot write the statistics").because(e))?;
            written = outputs
                .iter()
                .map(|(p, _)| p.display().to_string())
                .collect();
        }
        Ok(StatsReport {
            database: Database {
                game: db.game().to_string(),
                dir: self.dir.display().to_string(),
            },
            layers,
            missing_layers,
            markdown: md,
            written,
        })
    }
}
