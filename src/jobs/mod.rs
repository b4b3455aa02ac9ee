//! Jobs: one typed request and one typed report per kind of work, both `serde` both ways.
//!
//! Every run takes the same path, whichever front end starts it (the command line, a job file
//! in `solvers/`, a program using this crate): a [`Request`] → [`execute`] dispatches on its
//! game string once → generic library code → a [`Report`]. A job file **is** a serialized
//! request (TOML, `kind = "solve"` and the request's fields; `solvers/README.md`). Reports
//! serialize to the JSON that `mancala <command> --json` prints, and render the text it prints
//! ([`Report::text`]).
//!
//! Long jobs report progress through a [`Progress`] (nodes, positions or games done); they
//! never draw on the terminal themselves. `()` is the silent [`Progress`].
//!
//! ```
//! use mancala::jobs::{execute, Request, Report, SolveRequest};
//!
//! let request = Request::Solve(SolveRequest {
//!     tt_mb: Some(16),
//!     ..SolveRequest::new("kalah(houses=3,seeds=2,capture=empty)")
//! });
//! let Report::Solve(report) = execute(&request, None, &()).unwrap() else {
//!     unreachable!()
//! };
//! assert_eq!(report.valued.value, 4); // tests/data/kalah-solved.csv: Kalah(3,2), capture=empty
//! ```

mod analyze;
mod arena;
mod egdb;
mod nsolve;
mod ntournament;
mod perft;
mod solve;
mod valued;

pub use self::analyze::{
    run_path, Accuracy, AgentReport, AnalyzeReport, AnalyzeRequest, Blunder, Interval,
    ANALYZE_MAX_NODES,
};
pub use self::arena::{ArenaKind, ArenaReport, ArenaRequest, MAX_GAMES};
pub use self::egdb::{
    probe_open, BuildReport, BuildRequest, Database, LayerVerified, ProbeReport, ProbeRequest,
    StatsReport, StatsRequest, VerifyReport, VerifyRequest,
};
pub use self::nsolve::{NMoveValue, NSolveReport};
pub use self::ntournament::NGameRecord;
pub use self::perft::{PerftReport, PerftRequest, MAX_DEPTH};
pub use self::solve::{
    EgdbUse, Method, MoveResult, SearchDetail, SolveDetail, SolveReport, SolveRequest, WdlCounts,
    MAX_TT_MB,
};
pub use self::valued::{MoveValueText, Valued};
pub use crate::core::{ErrorKind, JobError, Progress, Threads, ThreadsError};
pub use crate::game::{game_line, parse_game};
pub use crate::results::RunFiles;
use crate::results::{Manifest, ResultsError};

use crate::egdb::EgdbError;
use crate::rules::{GameSpec, Rules};
use serde::{Deserialize, Serialize};

/// A piece of work, as a job file or `--json` front end writes it: `{"kind": "solve", ...}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Request {
    /// Solve a position exactly.
    Solve(SolveRequest),
    /// Count move sequences.
    Perft(PerftRequest),
    /// Build endgame database layers (`kind = "egdb"` in job files).
    #[serde(rename = "egdb", alias = "egdb-build")]
    EgdbBuild(BuildRequest),
    /// Check a database.
    EgdbVerify(VerifyRequest),
    /// Value a position from a database.
    EgdbProbe(ProbeRequest),
    /// Per-layer statistics of a database.
    EgdbStats(StatsRequest),
    /// Two agents in seat-swapped pairs.
    Match(ArenaRequest),
    /// A round robin of three or more agents.
    Tournament(ArenaRequest),
    /// One agent template at several budgets against one opponent.
    Series(ArenaRequest),
    /// The accuracy of agents against perfect play.
    Analyze(AnalyzeRequest),
}

/// What a job produced; serializes to the JSON `mancala <command> --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Report {
    /// Of [`Request::Solve`].
    Solve(SolveReport),
    /// Of [`Request::Solve`] for a game of three or four players.
    NSolve(nsolve::NSolveReport),
    /// Of [`Request::Perft`].
    Perft(PerftReport),
    /// Of [`Request::EgdbBuild`].
    EgdbBuild(BuildReport),
    /// Of [`Request::EgdbVerify`].
    EgdbVerify(VerifyReport),
    /// Of [`Request::EgdbProbe`].
    EgdbProbe(ProbeReport),
    /// Of [`Request::EgdbStats`].
    EgdbStats(StatsReport),
    /// Of [`Request::Match`], [`Request::Tournament`] and [`Request::Series`].
    Arena(ArenaReport),
    /// Of [`Request::Analyze`].
    Analyze(AnalyzeReport),
}

impl Request {
    /// The job-file `kind` of the request.
    pub fn kind(&self) -> &'static str {
        match self {
            Request::Solve(_) => "solve",
            Request::Perft(_) => "perft",
            Request::EgdbBuild(_) => "egdb",
            Request::EgdbVerify(_) => "egdb-verify",
            Request::EgdbProbe(_) => "egdb-probe",
            Request::EgdbStats(_) => "egdb-stats",
            Request::Match(_) => "match",
            Request::Tournament(_) => "tournament",
            Request::Series(_) => "series",
            Request::Analyze(_) => "analyze",
        }
    }

    /// The worker threads of the request, if it has any.
    pub fn threads_mut(&mut self) -> Option<&mut Threads> {
        match self {
            Request::Solve(r) => Some(&mut r.threads),
            Request::Perft(r) => Some(&mut r.threads),
            Request::EgdbBuild(r) => Some(&mut r.threads),
            Request::EgdbVerify(r) => Some(&mut r.threads),
            Request::EgdbProbe(_) | Request::EgdbStats(_) => None,
            Request::Match(r) | Request::Tournament(r) | Request::Series(r) => Some(&mut r.threads),
            Request::Analyze(r) => Some(&mut r.threads),
        }
    }

    /// The worker threads of the request, if it has any.
    pub fn threads(&self) -> Option<Threads> {
        self.clone().threads_mut().copied()
    }

    /// The folder under the results root (`mancala run --results DIR`, default `results`) where
    /// the request's result files go, by kind: `solve/` for a solve, `databases/` for a database
    /// build, `tournaments/` for a match, a tournament or a series, `analysis/` for an analysis
    /// (results/README.md lists the
    /// folders); `None` for the kinds that write no result files (perft, database verify,
    /// probe and statistics).
    pub fn results_folder(&self) -> Option<&'static str> {
        match self {
            Request::Solve(_) => Some("solve"),
            Request::EgdbBuild(_) => Some("databases"),
            Request::Match(_) | Request::Tournament(_) | Request::Series(_) => Some("tournaments"),
            Request::Analyze(_) => Some("analysis"),
            Request::Perft(_)
            | Request::EgdbVerify(_)
            | Request::EgdbProbe(_)
            | Request::EgdbStats(_) => None,
        }
    }

    /// The result files `NAME.*` of the request under the results root `root`: in its
    /// [`Request::results_folder`] (`root` itself for a kind that writes none), made by
    /// `command_line`.
    ///
    /// # Errors
    /// [`ErrorKind::Input`] for a `name` that is not a plain file name.
    pub fn run_files(
        &self,
        root: &std::path::Path,
        name: &str,
        command_line: &str,
    ) -> Result<RunFiles, JobError> {
        let dir = match self.results_folder() {
            Some(folder) => root.join(folder),
            None => root.to_path_buf(),
        };
        Ok(RunFiles::new(&dir, name, command_line)?)
    }

    /// Whether the request writes result files when it is given some (`mancala run`): a
    /// solve, a database build, a match, a tournament, a series (those with a
    /// [`Request::results_folder`]).
    pub fn writes_results(&self) -> bool {
        self.results_folder().is_some()
    }

    /// The request of a job file's TOML text. Errors name the file `path` and, for a bad value,
    /// its line.
    ///
    /// # Errors
    /// [`ErrorKind::Input`]: not TOML, no or an unknown `kind`, an unknown key, a bad value.
    pub fn from_toml(text: &str, path: &std::path::Path) -> Result<Request, JobError> {
        let bad = |what: String| JobError::input(format!("{}: {what}", path.display()));
        let toml_error = |e: toml::de::Error| bad(one_line(text, &e));
        /// The `kind` key alone, with where its value stands.
        #[derive(Deserialize)]
        struct Kind {
            kind: Option<toml::Spanned<toml::Value>>,
        }
        let kind = toml::from_str::<Kind>(text)
            .map_err(toml_error)?
            .kind
            .ok_or_else(|| bad(format!("missing key `kind` ({})", KINDS.join(", "))))?;
        let kind_line = text[..kind.span().start].matches('\n').count() + 1;
        let name = kind.get_ref().as_str().ok_or_else(|| {
            bad(format!(
                "line {kind_line}: `kind` is {}, not a string: expected one of {}",
                kind.get_ref(),
                KINDS.join(", ")
            ))
        })?;
        // Each kind deserializes from the text itself, so an error keeps its line number; the
        // `kind` pair (from the start of its line to the end of its value) is blanked, newlines
        // kept, for the request's own keys.
        let start = text[..kind.span().start].rfind('\n').map_or(0, |i| i + 1);
        let rest: String = text
            .char_indices()
            .map(|(i, c)| {
                if (start..kind.span().end).contains(&i) && c != '\n' {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        struct Toml<'a>(&'a str);
        impl Fields for Toml<'_> {
            fn parse<T: serde::de::DeserializeOwned>(&self) -> Result<T, String> {
                toml::from_str(self.0).map_err(|e| one_line(self.0, &e))
            }
        }
        Request::of_kind(name, &Toml(&rest)).map_err(|e| {
            bad(e.unwrap_or_else(|| {
                format!(
                    "line {kind_line}: `kind = \"{name}\"`: expected {}",
                    KINDS.join(", ")
                )
            }))
        })
    }

    /// The request of a JSON object (`{"kind": "solve", "game": ...}`, as the Python package
    /// sends): errors name the key and speak the words of [`Request::from_toml`], without
    /// JSON positions.
    ///
    /// # Errors
    /// [`ErrorKind::Input`]: not a JSON object, no or an unknown `kind`, an unknown key, a bad
    /// value.
    pub fn from_json(text: &str) -> Result<Request, JobError> {
        let bad = |what: String| JobError::input(format!("bad request: {what}"));
        let crate::results::StrictJson(value) = serde_json::from_str(text).map_err(|e| {
            bad(plain_words(&crate::results::json_error_without_position(
                &e,
            )))
        })?;
        let serde_json::Value::Object(mut object) = value else {
            return Err(bad("expected an object {\"kind\": ..., ...}".to_string()));
        };
        let kind = object
            .remove("kind")
            .ok_or_else(|| bad(format!("missing key `kind` ({})", KINDS.join(", "))))?;
        let name = kind.as_str().ok_or_else(|| {
            bad(format!(
                "`kind` is {kind}, not a string: expected one of {}",
                KINDS.join(", ")
            ))
        })?;
        /// The object one key a line (`  "key": value`), so that an error's line is its key's.
        struct Json(String);
        impl Fields for Json {
            fn parse<T: serde::de::DeserializeOwned>(&self) -> Result<T, String> {
                serde_json::from_str(&self.0).map_err(|e| {
                    let message = plain_words(&crate::results::json_error_without_position(&e));
                    let lines: Vec<&str> = self.0.lines().collect();
                    let key = lines[..e.line().min(lines.len())]
                        .iter()
                        .rev()
                        .find_map(|l| {
                            let key = l.strip_prefix("  \"")?.split_once("\":")?.0;
                            Some(key.to_string())
                        });
                    match key {
                        Some(k)
                            if !message.starts_with("missing key")
                                && !message.contains(&format!("`{k}`")) =>
                        {
                            format!("key `{k}`: {message}")
                        }
                        _ => message,
                    }
                })
            }
        }
        let json = serde_json::to_string_pretty(&object).unwrap_or_default();
        Request::of_kind(name, &Json(json)).map_err(|e| {
            bad(e.unwrap_or_else(|| format!("`kind = \"{name}\"`: expected {}", KINDS.join(", "))))
        })
    }

    /// The request of kind `kind` read from `fields`: `Err(None)` for an unknown kind, else
    /// the error of the fields.
    fn of_kind(kind: &str, fields: &impl Fields) -> Result<Request, Option<String>> {
        Ok(match kind {
            "solve" => Request::Solve(fields.parse()?),
            "perft" => Request::Perft(fields.parse()?),
            "egdb" | "egdb-build" => Request::EgdbBuild(fields.parse()?),
            "egdb-verify" => Request::EgdbVerify(fields.parse()?),
            "egdb-probe" => Request::EgdbProbe(fields.parse()?),
            "egdb-stats" => Request::EgdbStats(fields.parse()?),
            "match" => Request::Match(fields.parse()?),
            "tournament" => Request::Tournament(fields.parse()?),
            "series" => Request::Series(fields.parse()?),
            "analyze" => Request::Analyze(fields.parse()?),
            _ => return Err(None),
        })
    }
}

/// The keys of a request without its `kind`, in a job file's format, one reader per format.
trait Fields {
    /// The request of type `T`; the error in the job file's words.
    fn parse<T: serde::de::DeserializeOwned>(&self) -> Result<T, String>;
}

/// The keys (serde field names) of the request type `T`, in their order.
pub fn request_keys<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    /// A deserializer that asks for a struct and keeps the names of its fields.
    struct Keys<'a>(&'a mut &'static [&'static str]);
    #[derive(Debug)]
    struct Found;
    impl std::fmt::Display for Found {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("field names found")
        }
    }
    impl std::error::Error for Found {}
    impl serde::de::Error for Found {
        fn custom<M: std::fmt::Display>(_: M) -> Found {
            Found
        }
    }
    impl<'de> serde::Deserializer<'de> for Keys<'_> {
        type Error = Found;
        fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Found> {
            Err(Found)
        }
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Found> {
            *self.0 = fields;
            Err(Found)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
            ignored_any
        }
    }
    let mut fields: &'static [&'static str] = &[];
    let _ = T::deserialize(Keys(&mut fields));
    fields
}

/// A TOML error in one line: `line L, column C: key `K`: what` (no excerpt; the key of the
/// line's `K = value` when the error is in the value), in [`plain_words`].
fn one_line(text: &str, e: &toml::de::Error) -> String {
    let message = plain_words(&e.message().trim().replace('\n', " "));
    match e.span() {
        Some(span) if !message.starts_with("missing key") => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let column = before.len() - line_start + 1;
            // The key of the line's `key = value` (an error in the value), else the key the
            // error stands on (a duplicate key).
            let key = match before[line_start..].split_once('=') {
                Some((key, _)) => key.trim(),
                None => text[span.start.min(text.len())..span.end.min(text.len())].trim(),
            };
            let bare = !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if bare && !message.contains(&format!("`{key}`")) {
                format!("line {line}, column {column}: key `{key}`: {message}")
            } else {
                format!("line {line}, column {column}: {message}")
            }
        }
        _ => message,
    }
}

/// A serde message in the words of a job file, not of Rust: `invalid type: string "3x",
/// expected u64` is `expected a whole number from 0 to 18446744073709551615, got string "3x"`;
/// a field is a key.
pub fn plain_words(message: &str) -> String {
    let message = &message
        .replacen("unknown field ", "unknown key ", 1)
        .replacen("missing field ", "missing key ", 1)
        .replacen("unknown variant ", "unknown value ", 1);
    const TYPES: &[(&str, &str)] = &[
        ("u64", "a whole number from 0 to 18446744073709551615"),
        ("u32", "a whole number from 0 to 4294967295"),
        ("u16", "a whole number from 0 to 65535"),
        ("u8", "a whole number from 0 to 255"),
        ("usize", "a whole number (0 or more)"),
        ("i64", "a whole number"),
        ("i32", "a whole number"),
        ("f64", "a number"),
        ("f32", "a number"),
    ];
    let got = ["invalid type: ", "invalid value: "]
        .iter()
        .find_map(|p| message.strip_prefix(p))
        .and_then(|m| m.rsplit_once(", expected "));
    match got {
        Some((got, expected)) => {
            let expected = TYPES
                .iter()
                .find(|(rust, _)| *rust == expected.trim())
                .map_or(expected, |(_, words)| words);
            format!("expected {expected}, got {got}")
        }
        None => message.to_string(),
    }
}

/// A message of the job layer in the words of a request's keys: a command-line flag it names is
/// the key it sets (`--max-plies 0` is `` `max_plies` 0``); with the first such key.
pub fn in_keys(message: &str) -> (String, Option<String>) {
    let mut out = String::new();
    let mut first_key: Option<String> = None;
    let mut rest = message;
    while let Some(i) = rest.find("--") {
        let flag: String = rest[i + 2..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '-')
            .collect();
        let word_start = i == 0 || !rest[..i].ends_with(|c: char| c.is_alphanumeric());
        if flag.is_empty() || !word_start {
            out.push_str(&rest[..i + 2]);
            rest = &rest[i + 2..];
            continue;
        }
        let key = flag.replace('-', "_");
        out.push_str(&rest[..i]);
        out.push_str(&format!("`{key}`"));
        first_key.get_or_insert(key);
        rest = &rest[i + 2 + flag.len()..];
    }
    out.push_str(rest);
    (out, first_key)
}

/// An error of the request of the job file `path` (its TOML `text`) in the job file's words
/// ([`in_keys`]), the line of the first key it names leading the message.
pub fn job_file_error(e: JobError, path: &std::path::Path, text: &str) -> JobError {
    if e.kind() != ErrorKind::Input {
        return e.prefixed(path.display());
    }
    // The line of the top-level `key = ...`, of the quoted value "value".
    let key_line = |key: &str| {
        text.lines().position(|l| {
            l.trim_start()
                .strip_prefix(key)
                .is_some_and(|r| r.trim_start().starts_with('='))
        })
    };
    let value_line = |value: &str| {
        let quoted = format!("\"{value}\"");
        text.lines().position(|l| l.contains(&quoted))
    };
    e.reworded(|message| {
        let (out, flag) = in_keys(message);
        // What the message names, most precise first: a flag's key; a key or `key = value` in
        // backquotes; a value of the file in backquotes (a bad agent string); a key as a word
        // (`bad game string`).
        let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
        let line = flag
            .and_then(|key| key_line(&key))
            .or_else(|| {
                quoted
                    .iter()
                    .find_map(|q| key_line(q.split('=').next().unwrap_or(q).trim()))
            })
            .or_else(|| quoted.iter().find_map(|q| value_line(q)))
            .or_else(|| {
                message
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .filter(|w| !w.is_empty())
                    .find_map(key_line)
            });
        match line {
            Some(n) => format!("{}: line {}: {out}", path.display(), n + 1),
            None => format!("{}: {out}", path.display()),
        }
    })
}

/// The job-file kinds.
const KINDS: &[&str] = &[
    "match",
    "tournament",
    "series",
    "analyze",
    "solve",
    "perft",
    "egdb",
    "egdb-verify",
    "egdb-probe",
    "egdb-stats",
];

/// Runs `request` and returns its report. A solve, a database build, a match, a tournament or
/// a series writes its result files to `files` if given (`mancala run`, `--out`): every path
/// is checked before the work starts, and the set is written whole at the end; the other
/// kinds write none. `progress` hears of the work as it goes.
///
/// # Errors
/// A [`JobError`] whose [`ErrorKind`] says whether the input was bad, a limit stopped the work
/// or the work failed (an output that cannot be written).
pub fn execute(
    request: &Request,
    files: Option<&RunFiles>,
    progress: &dyn Progress,
) -> Result<Report, JobError> {
    let files = files.filter(|_| request.writes_results());
    // The arena runner checks, resumes and writes its own files.
    let arena = match request {
        Request::Match(r) => Some((r, ArenaKind::Match)),
        Request::Tournament(r) => Some((r, ArenaKind::Tournament)),
        Request::Series(r) => Some((r, ArenaKind::Series)),
        _ => None,
    };
    if let Some((r, kind)) = arena {
        if crate::multi::NGameSpec::wants(&r.game) {
            if r.distributed {
                return Err(JobError::input(format!(
                    "--distributed: games of three or four players ({}) are played in one \
                     process; drop --distributed",
                    r.game
                )));
            }
            return ntournament::run(r, request, files, progress);
        }
        return arena::run(r, kind, request, files, progress);
    }
    if let Some(files) = files {
        files.check()?;
    }
    let manifest = files.map(|f| {
        let job = serde_json::to_value(request).unwrap_or_default();
        let threads = request.threads().map_or(1, Threads::get);
        Manifest::start(request.kind(), job, threads, f.command_line())
    });
    let report = match request {
        Request::Solve(r) if crate::multi::NGameSpec::wants(&r.game) => {
            Report::NSolve(nsolve::run(r)?)
        }
        Request::Solve(r) => Report::Solve(solve::run(r, progress)?),
        Request::Perft(r) => Report::Perft(perft::run(r, progress)?),
        Request::EgdbBuild(r) => Report::EgdbBuild(egdb::build(r, progress)?),
        Request::EgdbVerify(r) => Report::EgdbVerify(egdb::verify(r, progress)?),
        Request::EgdbProbe(r) => Report::EgdbProbe(egdb::probe(r)?),
        Request::EgdbStats(r) => Report::EgdbStats(egdb::stats(r, progress)?),
        Request::Analyze(r) => Report::Analyze(analyze::run(r, progress)?),
        Request::Match(_) | Request::Tournament(_) | Request::Series(_) => {
            unreachable!("run by the arena above")
        }
    };
    if let (Some(files), Some(manifest), false) = (files, manifest, report.is_secondary()) {
        write_report(files, manifest, request, &report)?;
    }
    Ok(report)
}

impl Report {
    /// The report of a process other than the first of a distributed build or run: it is
    /// neither printed nor written (process 0 gives the job's).
    pub fn is_secondary(&self) -> bool {
        matches!(self, Report::EgdbBuild(r) if r.process != 0)
            || matches!(self, Report::Arena(r) if r.process != 0)
    }

    /// The text `mancala <command>` prints on standard output.
    pub fn text(&self) -> String {
        match self {
            Report::Solve(r) => r.text(),
            Report::NSolve(r) => r.text(),
            Report::Perft(r) => r.text(),
            Report::EgdbBuild(r) => r.text(),
            Report::EgdbVerify(r) => r.text(),
            Report::EgdbProbe(r) => r.text(),
            Report::EgdbStats(r) => r.text(),
            Report::Arena(r) => r.text.clone(),
            Report::Analyze(r) => r.text(),
        }
    }
}

impl From<EgdbError> for JobError {
    /// Bad input unless reading or writing failed (the message already names the file and
    /// the operating system's reason).
    fn from(e: EgdbError) -> JobError {
        match &e {
            EgdbError::Io { source, .. }
                if !matches!(
                    source.kind(),
                    std::io::ErrorKind::NotFound
                        | std::io::ErrorKind::NotADirectory
                        | std::io::ErrorKind::IsADirectory
                        | std::io::ErrorKind::InvalidInput
                ) =>
            {
                JobError::failed(e)
            }
            EgdbError::Threads { .. } => JobError::failed(e),
            _ => JobError::input(e),
        }
    }
}

/// Writes the result files of a solve or database build: its table, and the manifest started
/// before the work with the report (`result`; a solve's check as `check`).
fn write_report(
    files: &RunFiles,
    mut manifest: Manifest,
    request: &Request,
    report: &Report,
) -> Result<(), JobError> {
    let (table, result, check) = match report {
        Report::Solve(r) => {
            if let SolveDetail::Search(s) = &r.detail {
                manifest.set("threads", serde_json::json!(s.threads));
            }
            let check = r.check.as_deref().map(serde_json::to_value);
            (r.table(), serde_json::to_value(r), check)
        }
        Report::NSolve(r) => (r.table(), serde_json::to_value(r), None),
        Report::EgdbBuild(r) => (r.table(), serde_json::to_value(r), None),
        Report::Analyze(r) => (r.table(), serde_json::to_value(r), None),
        _ => unreachable!("a `{}` job writes no result files", request.kind()),
    };
    manifest.set("job", serde_json::to_value(request).unwrap_or_default());
    manifest.finish(true, 0);
    manifest.set("result", result.unwrap_or_default());
    if let Some(check) = check {
        manifest.set("check", check.unwrap_or_default());
    }
    Ok(files.write_all(&mut manifest, &table, &[])?)
}

impl From<ResultsError> for JobError {
    /// Bad input for a file in the way, else a failure to write.
    fn from(e: ResultsError) -> JobError {
        match e {
            ResultsError::Bad(_) => JobError::input(e),
            e => JobError::failed(e),
        }
    }
}

/// A request that runs on the rules of its game (one instance per rules type).
trait OnRules {
    /// What it gives.
    type Report;
    /// Runs the request on `rules`, telling `progress`.
    fn run<R: Rules>(&self, rules: R, progress: &dyn Progress) -> Result<Self::Report, JobError>;
}

/// Runs `job` on the rules of `spec`: the one dispatch on the game of every job.
fn run_on<J: OnRules>(
    spec: &GameSpec,
    job: &J,
    progress: &dyn Progress,
) -> Result<J::Report, JobError> {
    struct OnGame<'a, J>(&'a J, &'a dyn Progress);
    impl<J: OnRules> crate::rules::GameJob for OnGame<'_, J> {
        type Output = Result<J::Report, JobError>;
        fn run<R: Rules>(self, rules: R) -> Self::Output {
            self.0.run(rules, self.1)
        }
    }
    crate::rules::dispatch(spec, OnGame(job, progress))
}

/// 1: the default seed of a request.
fn one() -> u64 {
    1
}

/// 1000: the default `max_plies` of a match and `resamples` of an analysis.
fn thousand() -> u32 {
    1000
}

/// `+5`, `0`, `-3`.
pub fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// Physical memory in bytes (Linux: `MemTotal` of /proc/meminfo), if known.
pub fn physical_bytes() -> Option<u64> {
    crate::search::solver::physical_megabytes().map(|mb| mb << 20)
}

/// A whole number of a request in `LO..=HI`, read so that a value out of range says the range
/// (`expected a whole number from 1 to 1048576, got integer `-5``), not the limits of the Rust
/// type that holds it. For `#[serde(default, deserialize_with = "...")]` of an `Option<u32>`.
pub(crate) fn whole_number_in<'de, D, const LO: u32, const HI: u32>(
    deserializer: D,
) -> Result<Option<u32>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    use serde::de::{Error, Unexpected, Visitor};
    struct InRange<const LO: u32, const HI: u32>(u32);
    impl<'de, const LO: u32, const HI: u32> Deserialize<'de> for InRange<LO, HI> {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct Whole<const LO: u32, const HI: u32>;
            impl<const LO: u32, const HI: u32> Visitor<'_> for Whole<LO, HI> {
                type Value = u32;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    write!(f, "a whole number from {LO} to {HI}")
                }
                fn visit_u64<E: Error>(self, v: u64) -> Result<u32, E> {
                    u32::try_from(v)
                        .ok()
                        .filter(|v| (LO..=HI).contains(v))
                        .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(v), &self))
                }
                fn visit_i64<E: Error>(self, v: i64) -> Result<u32, E> {
                    match u64::try_from(v) {
                        Ok(v) => self.visit_u64(v),
                        Err(_) => Err(E::invalid_value(Unexpected::Signed(v), &self)),
                    }
                }
            }
            d.deserialize_u32(Whole::<LO, HI>).map(InRange)
        }
    }
    Ok(Option::<InRange<LO, HI>>::deserialize(deserializer)?.map(|v| v.0))
}
