//! Result files of a run named NAME: `DIR/NAME.md` and `DIR/NAME.csv` (the table),
//! `DIR/NAME.json` (the manifest: what ran, where, when, with what) and `DIR/NAME.games.jsonl`
//! (one game record per line). Tables and manifest are written whole through a temporary file;
//! game records are appended as games finish (so an interrupted run resumes from them) and
//! rewritten in game order at the end.

use super::{write_atomic, Failure};
use anyhow::Context as _;
use mancala::arena::{GameRecord, Plan, Slot};
use serde_json::{json, Value};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What ran: written at the start (status `running`) and at the end (`complete`).
pub struct Manifest {
    object: serde_json::Map<String, Value>,
    started: Instant,
}

/// The git commit the binary was built from, `-dirty` if the tree had changes, or `unknown`
/// (recorded by build.rs).
fn git_commit() -> String {
    env!("MANCALA_GIT").to_string()
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

impl Manifest {
    /// A manifest for a run of `kind` whose identity (what must match to resume it) is
    /// `identity`, a JSON object.
    pub fn start(kind: &str, identity: Value, threads: usize, command_line: &str) -> Manifest {
        let mut object = serde_json::Map::new();
        object.insert("kind".into(), json!(kind));
        object.insert("identity".into(), identity);
        object.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
        object.insert("git_commit".into(), json!(git_commit()));
        object.insert("rustc".into(), json!(env!("MANCALA_RUSTC")));
        object.insert("cpu".into(), json!(cpu_model()));
        object.insert(
            "logical_cpus".into(),
            json!(std::thread::available_parallelism().map_or(1, |n| n.get())),
        );
        object.insert("threads".into(), json!(threads));
        object.insert(
            "start_time".into(),
            json!(humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()),
        );
        object.insert("command_line".into(), json!(command_line));
        object.insert("status".into(), json!("running"));
        Manifest {
            object,
            started: Instant::now(),
        }
    }

    /// Marks the run finished (`complete`, or `incomplete`) after `games` games counted.
    pub fn finish(&mut self, complete: bool, games: usize) {
        self.object.insert(
            "status".into(),
            json!(if complete { "complete" } else { "incomplete" }),
        );
        self.object.insert("games".into(), json!(games));
        self.object.insert(
            "wall_seconds".into(),
            json!((self.started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0),
        );
    }

    /// Adds a field.
    pub fn set(&mut self, key: &str, value: Value) {
        self.object.insert(key.into(), value);
    }

    fn to_value(&self) -> Value {
        Value::Object(self.object.clone())
    }
}

/// The files of a run.
pub struct RunFiles {
    dir: PathBuf,
    name: String,
}

/// Appends game records to the `.games.jsonl` file, one flushed line each.
pub struct Appender {
    file: std::fs::File,
    path: PathBuf,
}

impl Appender {
    /// Appends `record` as one line.
    pub fn append(&mut self, record: &GameRecord) -> anyhow::Result<()> {
        let mut line = serde_json::to_string(record).context("cannot encode a game record")?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}

impl RunFiles {
    /// The files `dir/name.*`; `name` must be a plain file name.
    pub fn new(dir: &Path, name: &str) -> anyhow::Result<RunFiles> {
        let ok = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '=' | ','))
            && !name.starts_with('.');
        if !ok {
            anyhow::bail!(
                "run name `{name}` (--out, or a job file's name): a run name is a plain file \
                 name (letters, digits, - _ . = ,), written under the results directory"
            );
        }
        Ok(RunFiles {
            dir: dir.to_path_buf(),
            name: name.to_string(),
        })
    }

    /// `dir/name.ext`.
    pub fn path(&self, ext: &str) -> PathBuf {
        self.dir.join(format!("{}.{ext}", self.name))
    }

    /// The records of an earlier run with the same identity, checked against the schedule;
    /// none if there is no record file.
    ///
    /// # Errors
    /// Exit 2 if the files belong to a different run or a record line is damaged (the last
    /// line, cut short by an interruption, is dropped instead).
    pub fn resume(
        &self,
        identity: &Value,
        schedule: &[Slot],
        plan: &Plan,
    ) -> Result<Vec<GameRecord>, Failure> {
        let jsonl = self.path("games.jsonl");
        let text = match std::fs::read_to_string(&jsonl) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => {
                return Err(anyhow::Error::new(e)
                    .context(format!("cannot read {}", jsonl.display()))
                    .into())
            }
        };
        let manifest_path = self.path("json");
        let manifest: Value = std::fs::read_to_string(&manifest_path)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .ok_or_else(|| {
                Failure::input(anyhow::anyhow!(
                    "{} exists but its manifest {} is missing or damaged: cannot tell which run \
                     it belongs to; remove it or choose another --out",
                    jsonl.display(),
                    manifest_path.display()
                ))
            })?;
        if let Some(old) = manifest.get("identity") {
            if old != identity {
                let key = identity
                    .as_object()
                    .and_then(|o| o.iter().find(|(k, v)| old.get(*k) != Some(*v)))
                    .map(|(k, v)| {
                        format!(
                            "`{k}` was {} and is now {v}",
                            old.get(k).unwrap_or(&Value::Null)
                        )
                    })
                    .unwrap_or_default();
                return Err(Failure::input(anyhow::anyhow!(
                    "{} holds the games of a different run ({key}); remove it or choose another --out",
                    jsonl.display()
                )));
            }
        }
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let mut records: Vec<GameRecord> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, line) in lines.iter().enumerate() {
            let last = i + 1 == lines.len();
            let bad = |why: String| {
                Failure::input(anyhow::anyhow!(
                    "{} line {}: {why}; remove the file to start the run again",
                    jsonl.display(),
                    i + 1
                ))
            };
            if line.trim().is_empty() {
                continue;
            }
            let record: GameRecord = match serde_json::from_str(line) {
                Ok(r) if line.ends_with('\n') => r,
                // The last line, cut short by an interruption: that game is played again.
                _ if last => break,
                Ok(_) => unreachable!("only the last line can lack its newline"),
                Err(e) => return Err(bad(format!("not a game record: {e}"))),
            };
            let slot = schedule
                .get(record.game as usize)
                .ok_or_else(|| bad(format!("game {} is not in this run", record.game)))?;
            if (record.south, record.north, record.pair, record.seed)
                != (slot.south, slot.north, slot.pair, plan.game_seed(slot.game))
            {
                return Err(bad(format!(
                    "game {} does not match this run's schedule (agents, pair or seed)",
                    record.game
                )));
            }
            if seen.insert(record.game) {
                records.push(record);
            }
        }
        records.sort_by_key(|r| r.game);
        if !records.is_empty() {
            eprintln!(
                "resuming from {}: {} of {} games already played",
                jsonl.display(),
                records.len(),
                schedule.len()
            );
        }
        Ok(records)
    }

    /// Opens the record file for appending (created if missing; a line cut short by an
    /// interruption is removed first).
    pub fn appender(&self) -> anyhow::Result<Appender> {
        let path = self.path("games.jsonl");
        std::fs::create_dir_all(&self.dir)
            .with_context(|| format!("cannot create {}", self.dir.display()))?;
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
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(Appender { file, path })
    }

    /// Writes the manifest.
    pub fn write_manifest(&self, manifest: &Manifest) -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(&manifest.to_value())? + "\n";
        write_atomic(&self.path("json"), text.as_bytes())
    }

    /// Writes the table (`.md` with `text`, `.csv` with `header` and `rows`), the game records
    /// in game order and the finished manifest.
    pub fn write_all(
        &self,
        manifest: &Manifest,
        text: &str,
        header: &[String],
        rows: &[Vec<String>],
        records: &[GameRecord],
    ) -> anyhow::Result<()> {
        let mut csv = csv::Writer::from_writer(Vec::new());
        csv.write_record(header)?;
        for row in rows {
            csv.write_record(row)?;
        }
        let csv = csv.into_inner().context("cannot encode the CSV table")?;
        let mut jsonl = String::new();
        for r in records {
            jsonl.push_str(&serde_json::to_string(r)?);
            jsonl.push('\n');
        }
        let md = format!(
            "# {}\n\n{}\n\nMade by `{}` (mancala {}, commit {}); seed, options and machine in \
             `{}.json`, every game in `{}.games.jsonl`.\n",
            self.name,
            text.trim_end(),
            manifest.object["command_line"].as_str().unwrap_or(""),
            env!("CARGO_PKG_VERSION"),
            manifest.object["git_commit"].as_str().unwrap_or("unknown"),
            self.name,
            self.name,
        );
        write_atomic(&self.path("games.jsonl"), jsonl.as_bytes())?;
        write_atomic(&self.path("csv"), &csv)?;
        write_atomic(&self.path("md"), md.as_bytes())?;
        self.write_manifest(manifest)
    }
}
