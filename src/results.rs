//! Result files of a run named NAME: `DIR/NAME.md` and `DIR/NAME.csv` (the table),
//! `DIR/NAME.json` (the manifest: what ran, where, when, with what), `DIR/NAME.games.jsonl`
//! (one game record per line) and a plot `DIR/NAME.svg` for a series (score against budget), a
//! tournament (ratings with intervals) and a match with an SPRT (its log-likelihood ratio).
//!
//! A result set is written whole or not at all: every path is checked before the run starts
//! (a directory in the way is refused), and at the end every file is first written to a
//! temporary file in `DIR`, then all are renamed into place. Game records are also appended
//! as games finish, so an interrupted run resumes from them; the manifest says `running`
//! meanwhile. The manifest keeps the first start time, the wall time summed over every
//! invocation of the run, and each invocation.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;
use thiserror::Error;

/// A result file that cannot be read or written.
#[derive(Debug, Error)]
pub enum ResultsError {
    /// An operating-system error on `path`.
    #[error("cannot write {path}: {reason}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The reason.
        reason: std::io::Error,
    },
    /// An operating-system error reading `path`.
    #[error("cannot read {path}: {reason}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The reason.
        reason: std::io::Error,
    },
    /// A file that is not what it should be (bad input: remove it or choose another name).
    #[error("{0}")]
    Bad(String),
}

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed when
/// complete: a reader never sees a half-written file.
///
/// # Errors
/// [`ResultsError::Write`] naming the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ResultsError> {
    staged(path, bytes)?
        .persist(path)
        .map_err(|e| write_error(path, e.error))?;
    Ok(())
}

fn write_error(path: &Path, reason: std::io::Error) -> ResultsError {
    ResultsError::Write {
        path: path.to_path_buf(),
        reason,
    }
}

/// `bytes` in a temporary file beside `path`, synced, readable by everyone like any file the
/// user creates (tempfile makes 0600).
fn staged(path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile, ResultsError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(|e| write_error(dir, e))?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| write_error(path, e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let _ = tmp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    tmp.write_all(bytes)
        .and_then(|_| tmp.as_file().sync_all())
        .map_err(|e| write_error(path, e))?;
    Ok(tmp)
}

/// Writes every `(path, bytes)` whole or none: all are staged in temporary files first; then
/// each existing file is moved aside and its new content renamed into place, and if one rename
/// fails every file already replaced is put back.
///
/// # Errors
/// [`ResultsError::Write`] naming the first file that could not be written; then no file of
/// the set has been replaced.
pub fn write_all_or_none(files: &[(PathBuf, Vec<u8>)]) -> Result<(), ResultsError> {
    for (path, _) in files {
        if path.is_dir() {
            return Err(ResultsError::Bad(format!(
                "{} is a directory: the result files cannot be written there (remove it or \
                 choose another name)",
                path.display()
            )));
        }
    }
    let staged = files
        .iter()
        .map(|(path, bytes)| staged(path, bytes))
        .collect::<Result<Vec<_>, _>>()?;
    // `(path, the old file moved aside)` for each file replaced so far.
    let mut replaced: Vec<(&Path, Option<tempfile::TempPath>)> = Vec::new();
    let mut failure = None;
    for (tmp, (path, _)) in staged.into_iter().zip(files) {
        let aside = match path.exists() {
            true => match aside(path) {
                Ok(a) => Some(a),
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            },
            false => None,
        };
        if let Err(e) = tmp.persist(path) {
            if let Some(old) = aside {
                let _ = std::fs::rename(&old, path);
                let _ = old.keep();
            }
            failure = Some(write_error(path, e.error));
            break;
        }
        replaced.push((path, aside));
    }
    match failure {
        None => Ok(()),
        Some(e) => {
            for (path, old) in replaced.into_iter().rev() {
                match old {
                    Some(old) => {
                        let _ = std::fs::rename(&old, path);
                        let _ = old.keep();
                    }
                    None => {
                        let _ = std::fs::remove_file(path);
                    }
                }
            }
            Err(e)
        }
    }
}

/// Moves the file `path` to a temporary name beside it (removed when dropped).
fn aside(path: &Path) -> Result<tempfile::TempPath, ResultsError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = tempfile::Builder::new()
        .prefix(".old-")
        .tempfile_in(dir)
        .map_err(|e| write_error(path, e))?
        .into_temp_path();
    std::fs::rename(path, &name).map_err(|e| write_error(path, e))?;
    Ok(name)
}

/// A table of results: Markdown for people, CSV for programs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResultTable {
    /// The Markdown body (the page adds a title and how it was made).
    pub markdown: String,
    /// CSV column names.
    pub header: Vec<String>,
    /// CSV rows.
    pub rows: Vec<Vec<String>>,
    /// The columns that depend on the machine (wall time, search work on several threads):
    /// a re-run is compared on the others (`scripts/compare-tables.py`).
    pub timing: &'static [&'static str],
    /// A plot (SVG), if any.
    pub svg: Option<String>,
}

impl ResultTable {
    /// The rows for JSON (`mancala match --json`, the Python API), each cell as [`json_cell`]
    /// reads it: the same cells as the CSV, numbers as numbers.
    pub fn json_rows(&self) -> Vec<Vec<Value>> {
        self.rows
            .iter()
            .map(|row| row.iter().map(|cell| json_cell(cell)).collect())
            .collect()
    }
}

/// A CSV cell as a JSON value: an integer (`-12`) as an integer, a decimal (`0.5000`,
/// `-31.4`) as a float, an empty cell (no value, e.g. a rating that does not exist) as `null`,
/// anything else as the string.
pub fn json_cell(text: &str) -> Value {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    if text.is_empty() {
        Value::Null
    } else if digits(unsigned) {
        text.parse::<i64>()
            .map(Value::from)
            .or_else(|_| text.parse::<u64>().map(Value::from))
            .unwrap_or_else(|_| Value::from(text))
    } else if unsigned
        .split_once('.')
        .is_some_and(|(whole, fraction)| digits(whole) && digits(fraction))
    {
        text.parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map_or_else(|| Value::from(text), Value::Number)
    } else {
        Value::from(text)
    }
}

/// The build id: a SHA-256 of the crate's sources (src/, build.rs, Cargo.toml, Cargo.lock; the
/// hash is described in src/source_hash.rs), computed by build.rs.
pub fn build_id() -> &'static str {
    env!("MANCALA_BUILD_ID")
}

mod source_hash {
    include!("source_hash.rs");

    /// The build id of the sources now in `root`.
    pub(super) fn crate_hash(root: &std::path::Path) -> std::io::Result<String> {
        source_hash(root, CRATE_SOURCES)
    }

    /// The crate's source paths (for `git status`).
    pub(super) const SOURCES: &[&str] = CRATE_SOURCES;
}

/// The git commit the binary was built from: the commit of the checkout it was built in
/// (`CARGO_MANIFEST_DIR`), asked of git when first needed, with `-dirty` when the sources
/// differ from that commit. The checkout is trusted only while its sources still hash to
/// [`build_id`]: `stale` when they changed since the build, `unknown` when the checkout or git
/// is gone.
pub fn git_commit() -> &'static str {
    static COMMIT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    COMMIT.get_or_init(|| commit_of(Path::new(env!("CARGO_MANIFEST_DIR")), build_id()))
}

/// The commit of the checkout `root` if its sources hash to `id` (see [`git_commit`]).
fn commit_of(root: &Path, id: &str) -> String {
    if !root.join("Cargo.toml").is_file() {
        return "unknown".into();
    }
    match source_hash::crate_hash(root) {
        Ok(hash) if hash == id => {}
        Ok(_) => return "stale".into(),
        Err(_) => return "unknown".into(),
    }
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok())
    };
    let Some(commit) = git(&["rev-parse", "HEAD"]) else {
        return "unknown".into();
    };
    let mut status = vec!["--no-optional-locks", "status", "--porcelain", "--"];
    status.extend(source_hash::SOURCES);
    match git(&status) {
        Some(changes) if changes.trim().is_empty() => commit.trim().to_string(),
        Some(_) => format!("{}-dirty", commit.trim()),
        None => "unknown".into(),
    }
}

/// The CPU model (Linux: `model name` of /proc/cpuinfo).
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn now_rfc3339() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

/// What ran: written at the start (status `running`), while a long run goes on, and at the
/// end (`complete`, or `incomplete`). It lists every invocation of the run (a resumed run has
/// several) with its start time, wall time, command line and threads; `start_time` is the
/// first invocation's and `wall_seconds` the sum over all.
pub struct Manifest {
    object: serde_json::Map<String, Value>,
    started: Instant,
}

impl Manifest {
    /// A manifest for a run of `kind` whose identity (what must match to resume it) is
    /// `identity`, on `threads` threads, started now by `command_line`.
    pub fn start(kind: &str, identity: Value, threads: usize, command_line: &str) -> Manifest {
        let start = now_rfc3339();
        let mut object = serde_json::Map::new();
        object.insert("kind".into(), json!(kind));
        object.insert("identity".into(), identity);
        object.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
        object.insert("git_commit".into(), json!(git_commit()));
        object.insert("build_id".into(), json!(build_id()));
        object.insert("rustc".into(), json!(env!("MANCALA_RUSTC")));
        object.insert("cpu".into(), json!(cpu_model()));
        object.insert(
            "logical_cpus".into(),
            json!(std::thread::available_parallelism().map_or(1, |n| n.get())),
        );
        object.insert("threads".into(), json!(threads));
        object.insert("start_time".into(), json!(start));
        object.insert("command_line".into(), json!(command_line));
        object.insert("status".into(), json!("running"));
        object.insert(
            "invocations".into(),
            json!([{
                "start_time": start,
                "wall_seconds": 0.0,
                "command_line": command_line,
                "threads": threads,
            }]),
        );
        object.insert("wall_seconds".into(), json!(0.0));
        Manifest {
            object,
            started: Instant::now(),
        }
    }

    /// Continues the run of an earlier manifest (a resumed run): its first start time and its
    /// invocations come before this one.
    pub fn continue_from(&mut self, earlier: &Value) {
        if let Some(start) = earlier.get("start_time").filter(|s| s.is_string()) {
            self.object.insert("start_time".into(), start.clone());
        }
        if let Some(list) = earlier.get("invocations").and_then(|l| l.as_array()) {
            let mut all = list.clone();
            all.extend(self.invocations().iter().cloned());
            self.object.insert("invocations".into(), Value::Array(all));
        }
        self.update();
    }

    fn invocations(&self) -> &[Value] {
        self.object["invocations"].as_array().map_or(&[], |l| l)
    }

    /// Sets this invocation's wall time so far, and the sum over all invocations.
    pub fn update(&mut self) {
        // Rounded up to the millisecond: never less than a time measured inside the run.
        let wall = (self.started.elapsed().as_secs_f64() * 1000.0).ceil() / 1000.0;
        if let Some(last) = self
            .object
            .get_mut("invocations")
            .and_then(|l| l.as_array_mut())
            .and_then(|l| l.last_mut())
        {
            last["wall_seconds"] = json!(wall);
        }
        let total: f64 = self
            .invocations()
            .iter()
            .filter_map(|i| i["wall_seconds"].as_f64())
            .sum();
        self.object.insert(
            "wall_seconds".into(),
            json!((total * 1000.0).round() / 1000.0),
        );
    }

    /// Marks the run finished (`complete`, or `incomplete`) after `games` games counted in
    /// all.
    pub fn finish(&mut self, complete: bool, games: usize) {
        self.update();
        self.object.insert(
            "status".into(),
            json!(if complete { "complete" } else { "incomplete" }),
        );
        self.object.insert("games".into(), json!(games));
    }

    /// Adds a field.
    pub fn set(&mut self, key: &str, value: Value) {
        self.object.insert(key.into(), value);
    }

    /// A field.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.object.get(key)
    }

    /// The manifest as JSON text (pretty, with a final newline).
    pub fn bytes(&self) -> Vec<u8> {
        let mut text = serde_json::to_string_pretty(&self.object).expect("JSON values encode");
        text.push('\n');
        text.into_bytes()
    }
}

/// The files of a run: `dir/name.*`, and the command line that made them (for the page).
#[derive(Clone, Debug)]
pub struct RunFiles {
    dir: PathBuf,
    name: String,
    command_line: String,
}

/// A record read from the `.games.jsonl` file: its line number, its text as written (without
/// the newline: a record is written once and kept as it stands, never re-serialized) and the
/// record read from it.
#[derive(Clone, Debug)]
pub struct StoredRecord<T> {
    /// The line number, from 1.
    pub line: usize,
    /// The line as it stands in the file.
    pub text: String,
    /// The record it holds.
    pub record: T,
}

/// The JSON line of `record` as the record file holds it (without the newline).
pub fn record_line(record: &impl Serialize) -> String {
    serde_json::to_string(record).expect("records encode")
}

/// Appends game records to the `.games.jsonl` file, one flushed line each.
pub struct Appender {
    file: std::fs::File,
    path: PathBuf,
}

impl Appender {
    /// Appends `record` as one line.
    ///
    /// # Errors
    /// [`ResultsError::Write`].
    pub fn append(&mut self, record: &impl Serialize) -> Result<(), ResultsError> {
        let mut line = record_line(record);
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| write_error(&self.path, e))
    }
}

/// The extensions of a result set.
const EXTENSIONS: [&str; 5] = ["md", "csv", "json", "games.jsonl", "svg"];

impl RunFiles {
    /// The files `dir/name.*` of a run started by `command_line`; `name` must be a plain file
    /// name.
    ///
    /// # Errors
    /// [`ResultsError::Bad`] for a name with a path separator or other characters.
    pub fn new(dir: &Path, name: &str, command_line: &str) -> Result<RunFiles, ResultsError> {
        let ok = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '=' | ','))
            && !name.starts_with('.');
        if !ok {
            return Err(ResultsError::Bad(format!(
                "run name `{name}` (--out, or a job file's name): a run name is a plain file \
                 name (letters, digits, - _ . = ,), written under the results directory"
            )));
        }
        Ok(RunFiles {
            dir: dir.to_path_buf(),
            name: name.to_string(),
            command_line: command_line.to_string(),
        })
    }

    /// `dir/name.ext`.
    pub fn path(&self, ext: &str) -> PathBuf {
        self.dir.join(format!("{}.{ext}", self.name))
    }

    /// The command line that runs this run.
    pub fn command_line(&self) -> &str {
        &self.command_line
    }

    /// Checks, before any work, that every file of the set can be written: the directory
    /// exists or its nearest existing ancestor is a directory, and no path is taken by a
    /// directory. Makes nothing: a job refused after the check leaves no empty folder (the
    /// writes make the directory).
    ///
    /// # Errors
    /// [`ResultsError::Bad`] naming the path in the way.
    pub fn check(&self) -> Result<(), ResultsError> {
        if let Some(file) = self.dir.ancestors().find(|a| a.exists() && !a.is_dir()) {
            return Err(ResultsError::Bad(format!(
                "{} is a file: the result files of run `{}` cannot be written under it",
                file.display(),
                self.name
            )));
        }
        for ext in EXTENSIONS {
            let path = self.path(ext);
            if path.is_dir() {
                return Err(ResultsError::Bad(format!(
                    "{} is a directory: the result files of run `{}` cannot be written there \
                     (remove it or choose another name)",
                    path.display(),
                    self.name
                )));
            }
        }
        // The folder is made by the first write; the nearest folder that exists must take a
        // file now, so that a long run does not fail at its end.
        let existing = self
            .dir
            .ancestors()
            .find(|a| a.is_dir() || a.as_os_str().is_empty());
        if let Some(existing) = existing {
            let existing = if existing.as_os_str().is_empty() {
                Path::new(".")
            } else {
                existing
            };
            tempfile::tempfile_in(existing).map_err(|reason| ResultsError::Write {
                path: existing.to_path_buf(),
                reason,
            })?;
        }
        Ok(())
    }

    /// The manifest of an earlier run, if any.
    pub fn earlier_manifest(&self) -> Option<Value> {
        std::fs::read_to_string(self.path("json"))
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
    }

    /// The records of the `.games.jsonl` file; `None` if there is no file. A last line cut
    /// short by an interruption (without its newline) is dropped, unless `strict`: then it is
    /// read as any other line.
    ///
    /// # Errors
    /// [`ResultsError::Read`], or [`ResultsError::Bad`] naming a damaged line.
    pub fn read_records<T: DeserializeOwned>(
        &self,
        strict: bool,
    ) -> Result<Option<Vec<StoredRecord<T>>>, ResultsError> {
        let path = self.path("games.jsonl");
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(reason) => return Err(ResultsError::Read { path, reason }),
        };
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            ResultsError::Bad(format!(
                "{} line {line}: not a game record: not UTF-8 text",
                path.display()
            ))
        })?;
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let mut records = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match serde_json::from_str(line) {
                Ok(record) if line.ends_with('\n') || strict => records.push(StoredRecord {
                    line: i + 1,
                    text: line.trim_end_matches('\n').to_string(),
                    record,
                }),
                // The last line, cut short by an interruption: that game is played again.
                _ if i + 1 == lines.len() && !strict => break,
                Ok(_) => unreachable!("only the last line can lack its newline"),
                Err(e) => {
                    return Err(ResultsError::Bad(format!(
                        "{} line {}: not a game record: {}",
                        path.display(),
                        i + 1,
                        json_error_in_line(&e)
                    )))
                }
            }
        }
        Ok(Some(records))
    }

    /// Opens the record file for appending (created if missing; a line cut short by an
    /// interruption is removed first).
    ///
    /// # Errors
    /// [`ResultsError::Write`].
    pub fn appender(&self) -> Result<Appender, ResultsError> {
        let path = self.path("games.jsonl");
        std::fs::create_dir_all(&self.dir).map_err(|e| write_error(&self.dir, e))?;
        if let Ok(text) = std::fs::read(&path) {
            if !text.is_empty() && !text.ends_with(b"\n") {
                let keep = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                write_atomic(&path, &text[..keep])?;
            }
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| write_error(&path, e))?;
        Ok(Appender { file, path })
    }

    /// Writes the manifest alone (a run starting).
    ///
    /// # Errors
    /// [`ResultsError::Write`].
    pub fn write_manifest(&self, manifest: &Manifest) -> Result<(), ResultsError> {
        write_atomic(&self.path("json"), &manifest.bytes())
    }

    /// Writes the whole set: the table (`.md` with a title and how it was made, `.csv`), the
    /// game records in order (`.games.jsonl`, only if the run played games: `records` holds
    /// their lines, [`record_line`], or a stored record's text as it stands), the plot if any
    /// and the finished manifest, which also lists the table's timing columns.
    ///
    /// # Errors
    /// [`ResultsError::Write`]; then no file of the set has been replaced.
    pub fn write_all(
        &self,
        manifest: &mut Manifest,
        table: &ResultTable,
        records: &[String],
    ) -> Result<(), ResultsError> {
        manifest.set("timing_columns", json!(table.timing));
        let mut csv = csv::Writer::from_writer(Vec::new());
        let encode = |e: csv::Error| ResultsError::Bad(format!("cannot encode the table: {e}"));
        csv.write_record(&table.header).map_err(encode)?;
        for row in &table.rows {
            csv.write_record(row).map_err(encode)?;
        }
        let csv = csv
            .into_inner()
            .map_err(|e| ResultsError::Bad(format!("cannot encode the table: {e}")))?;
        let mut jsonl = String::new();
        for line in records {
            jsonl.push_str(line);
            jsonl.push('\n');
        }
        let details = if records.is_empty() {
            format!("options and machine in `{}.json`", self.name)
        } else {
            format!(
                "seed, options and machine in `{}.json`, every game in `{}.games.jsonl`",
                self.name, self.name
            )
        };
        let md = format!(
            "# {}\n\n{}\n\nMade by `{}` (mancala {}, commit {}, build {}); {details}.\n",
            self.name,
            table.markdown.trim_end(),
            self.command_line,
            env!("CARGO_PKG_VERSION"),
            git_commit(),
            &build_id()[..12],
        );
        // A run that played no game (a solve, a database build) has no record file.
        let mut files = Vec::new();
        if !records.is_empty() {
            files.push((self.path("games.jsonl"), jsonl.into_bytes()));
        }
        files.push((self.path("csv"), csv));
        files.push((self.path("md"), md.into_bytes()));
        if let Some(svg) = &table.svg {
            files.push((self.path("svg"), svg.clone().into_bytes()));
        }
        files.push((self.path("json"), manifest.bytes()));
        write_all_or_none(&files)
    }
}

/// This process's command line as typed (arguments with spaces or quotes quoted), for manifests.
pub fn command_line() -> String {
    std::env::args()
        .map(|a| {
            if a.is_empty() || a.contains([' ', '"', '\'', '(', ')', '$', ';', '&', '|']) {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A JSON value read strictly: an object that names a key twice is an error (`key `k` is given
/// twice`), where serde_json's own `Value` keeps the last silently. For requests and job files,
/// where a key given twice is a mistake that would otherwise pass unnoticed.
#[derive(Debug)]
pub struct StrictJson(pub serde_json::Value);

impl<'de> serde::Deserialize<'de> for StrictJson {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<StrictJson, D::Error> {
        use serde::de::{Error, MapAccess, SeqAccess, Visitor};
        use serde_json::Value;
        struct Strict;
        impl<'de> Visitor<'de> for Strict {
            type Value = Value;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
                Ok(Value::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
                Ok(Value::from(v))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
                Ok(Value::from(v))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
                Ok(Value::from(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Value, E> {
                Ok(Value::String(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<Value, E> {
                Ok(Value::String(v))
            }
            fn visit_unit<E>(self) -> Result<Value, E> {
                Ok(Value::Null)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
                let mut items = Vec::new();
                while let Some(StrictJson(v)) = seq.next_element()? {
                    items.push(v);
                }
                Ok(Value::Array(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
                let mut object = serde_json::Map::new();
                while let Some(key) = map.next_key::<String>()? {
                    if object.contains_key(&key) {
                        return Err(A::Error::custom(format!("key `{key}` is given twice")));
                    }
                    let StrictJson(v) = map.next_value()?;
                    object.insert(key, v);
                }
                Ok(Value::Object(object))
            }
        }
        d.deserialize_any(Strict).map(StrictJson)
    }
}

/// A serde_json error without the ` at line L column C` of the text it read.
pub fn json_error_without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let at = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&at).unwrap_or(&text).to_string()
}

/// serde_json's message for an error in a one-line JSON text, its position given as the
/// column only (`... at line 1 column 213` reads as a line of the file).
pub fn json_error_in_line(e: &serde_json::Error) -> String {
    let message = json_error_without_position(e);
    if e.column() == 0 {
        message
    } else {
        format!("{message} (column {})", e.column())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_cells_are_numbers_where_the_text_is_one() {
        assert_eq!(json_cell("12"), json!(12));
        assert_eq!(json_cell("-3"), json!(-3));
        assert_eq!(json_cell("0"), json!(0));
        assert!(json_cell("12").is_u64());
        assert_eq!(json_cell("0.5000"), json!(0.5));
        assert_eq!(json_cell("-31.4"), json!(-31.4));
        assert!(json_cell("1.0000").is_f64());
        assert_eq!(json_cell(""), Value::Null);
        for text in [
            "greedy",
            "inf",
            "NaN",
            "-inf",
            "+5",
            "1e3",
            ".5",
            "5.",
            "1-0",
            "H0 accepted (LLR 2.95, bounds [-2.94, 2.94])",
        ] {
            assert_eq!(json_cell(text), json!(text), "{text}");
        }
    }

    /// The hash of a hand-made tree, worked out with Python's hashlib:
    /// sha256(b"Cargo.toml\0" b"10\0" b"[package]\n" b"src/a.rs\0" b"1\0" b"x"
    /// b"src/b/c.rs\0" b"0\0"); files outside the sources (README.md) do not count.
    #[test]
    fn source_hash_of_a_small_tree() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("src/b")).unwrap();
        std::fs::write(root.join("Cargo.toml"), "[package]\n").unwrap();
        std::fs::write(root.join("src/a.rs"), "x").unwrap();
        std::fs::write(root.join("src/b/c.rs"), "").unwrap();
        std::fs::write(root.join("README.md"), "not a source").unwrap();
        assert_eq!(
            source_hash::crate_hash(root).unwrap(),
            "24acad80b6c2f67847eda7bc80cca07004838a1607bc9ad579c9b0bdb614c008"
        );
    }

    /// The checkout this test runs in is the one it was built from.
    #[test]
    fn the_build_id_is_the_hash_of_the_sources() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(source_hash::crate_hash(root).unwrap(), build_id());
    }

    /// The commit is recorded only while the sources hash to the build id; `-dirty` for source
    /// changes git sees, nothing for other files.
    #[test]
    fn the_commit_of_a_checkout() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let git = |args: &[&str]| {
            let out = std::process::Command::new("git")
                .arg("-C")
                .arg(root)
                .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
                .args(args)
                .output()
                .unwrap();
            assert!(out.status.success(), "git {args:?}: {out:?}");
            String::from_utf8(out.stdout).unwrap().trim().to_string()
        };
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("Cargo.toml"), "[package]\n").unwrap();
        std::fs::write(root.join("src/lib.rs"), "//! x\n").unwrap();
        git(&["init", "-q"]);
        git(&["add", "."]);
        git(&["commit", "-q", "-m", "one"]);
        let head = git(&["rev-parse", "HEAD"]);
        let id = source_hash::crate_hash(root).unwrap();
        assert_eq!(commit_of(root, &id), head);
        std::fs::write(root.join("README.md"), "docs\n").unwrap();
        assert_eq!(commit_of(root, &id), head);
        assert_eq!(commit_of(root, &"0".repeat(64)), "stale");
        std::fs::write(root.join("src/lib.rs"), "//! y\n").unwrap();
        assert_eq!(commit_of(root, &id), "stale");
        let edited = source_hash::crate_hash(root).unwrap();
        assert_eq!(commit_of(root, &edited), format!("{head}-dirty"));
        assert_eq!(commit_of(&root.join("gone"), &id), "unknown");
    }
}
