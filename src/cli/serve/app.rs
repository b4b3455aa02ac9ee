//! What the handlers of `mancala serve` share: the server's state ([`App`]) with its job
//! slots, ceiling and checks of agents, the error answer ([`ApiError`]), request bodies, and
//! the progress of a running job ([`JobProgress`]) with its stop, and the two folders the
//! server reads ([`root`], [`under`]: paths canonicalised, nothing out of them).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mancala::agents::{AgentSpec, Budget};
use mancala::core::Stop;
use mancala::dynamic::{new_state, DynState};
use mancala::jobs::{parse_game, JobError, Progress};
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Most bytes of a request body.
pub(super) const MAX_BODY: usize = 1 << 20;

/// Most transposition-table memory an agent of a request may ask for, MiB.
pub(super) const MAX_TT_MB: usize = 1024;

/// Most plies a game shown on the page may last (the arena's default ply cap).
pub(super) const MAX_PLIES: u32 = 1000;

/// What every handler shares.
pub(super) struct App {
    pub(super) results: PathBuf,
    pub(super) databases: PathBuf,
    pub(super) jobs: Arc<Semaphore>,
    pub(super) max_jobs: usize,
    pub(super) max_seconds: f64,
    pub(super) allow_engines: bool,
}

pub(super) type Shared = State<Arc<App>>;

/// An error answer: a status and a message naming what is wrong.
#[derive(Debug)]
pub struct ApiError {
    pub(super) status: StatusCode,
    pub(super) message: String,
}

impl ApiError {
    pub(super) fn bad(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.to_string(),
        }
    }

    pub(super) fn forbidden(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.to_string(),
        }
    }

    pub(super) fn not_found(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.to_string(),
        }
    }

    /// A job error: bad input is the client's (400), a limit reached is 422 with the limit
    /// named, a failure of the server's own files 500.
    pub(super) fn job(e: JobError) -> ApiError {
        use mancala::jobs::ErrorKind;
        let status = match e.kind() {
            ErrorKind::Input => StatusCode::BAD_REQUEST,
            ErrorKind::Stopped => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError {
            status,
            message: format!("{e:#}"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({"error": self.message}))).into_response()
    }
}

pub(super) type ApiResult = Result<Response, ApiError>;

/// A position: a game, a start (the game's own by default) and moves played from it.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct At {
    pub(super) game: String,
    #[serde(default)]
    pub(super) position: Option<String>,
    #[serde(default)]
    pub(super) moves: Option<String>,
}

impl At {
    pub(super) fn state(&self) -> Result<Box<dyn DynState>, ApiError> {
        let spec = parse_game(&self.game).map_err(ApiError::job)?;
        let position = self.position.as_deref().filter(|p| !p.trim().is_empty());
        let moves = self.moves.as_deref().filter(|m| !m.trim().is_empty());
        new_state(&spec, position, moves, MAX_PLIES).map_err(ApiError::bad)
    }
}

/// A request body as the handlers take it: its bytes, or why axum could not read them.
pub(super) type Body = Result<Bytes, axum::extract::rejection::BytesRejection>;

/// The bytes of `body`, or a JSON error (413 past [`MAX_BODY`]).
pub(super) fn body_bytes(body: Body) -> Result<Bytes, ApiError> {
    body.map_err(|e| ApiError {
        status: e.status(),
        message: if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            format!("the body is larger than {MAX_BODY} bytes (1 MiB), the most this server reads")
        } else {
            format!("the body cannot be read: {}", e.body_text())
        },
    })
}

/// The body of a POST as `T`, with errors that name the key.
pub(super) fn body<T: serde::de::DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
    let text =
        std::str::from_utf8(bytes).map_err(|_| ApiError::bad("the body is not UTF-8 text"))?;
    let words = |e: &serde_json::Error| {
        mancala::jobs::plain_words(&mancala::results::json_error_without_position(e))
    };
    let mancala::results::StrictJson(value) = serde_json::from_str(text)
        .map_err(|e| ApiError::bad(format!("bad JSON body: {}", words(&e))))?;
    if !value.is_object() {
        return Err(ApiError::bad(
            "bad JSON body: expected an object {\"game\": ..., ...}",
        ));
    }
    // One key a line, so that the line of an error names its key.
    let pretty = serde_json::to_string_pretty(&value).unwrap_or_default();
    serde_json::from_str(&pretty).map_err(|e| {
        let key = pretty
            .lines()
            .nth(e.line().saturating_sub(1))
            .and_then(|l| l.trim_start().strip_prefix('"')?.split_once("\":"))
            .map(|(k, _)| k.to_string());
        let message = words(&e);
        match key {
            Some(k) if !message.contains(&format!("`{k}`")) => {
                ApiError::bad(format!("bad JSON body: key `{k}`: {message}"))
            }
            _ => ApiError::bad(format!("bad JSON body: {message}")),
        }
    })
}

impl App {
    /// `spec` with its database paths resolved under `--databases`, if the server may run it:
    /// no programs started (`engine`) unless `--allow-engines`, no budget above the ceiling.
    pub(super) fn check_agent(&self, spec: &AgentSpec) -> Result<AgentSpec, ApiError> {
        let ceiling_ms = (self.max_seconds * 1000.0) as u64;
        let over = |what: String| {
            ApiError::bad(format!(
                "agent `{spec}`: {what} is above what this server allows (--max-seconds {})",
                self.max_seconds
            ))
        };
        let cores = mancala::core::Threads::all().get();
        let threads = spec.threads();
        if threads > cores {
            return Err(ApiError::bad(format!(
                "agent `{spec}`: threads={threads} is more than this machine's {cores} cores"
            )));
        }
        let mut out = spec.clone();
        match &mut out {
            AgentSpec::Random | AgentSpec::Greedy => {}
            // A work budget (depth, iterations, nodes) is cut at the ceiling like any other
            // (`cut_short`); a time budget past it is refused, as it cannot be what was meant.
            AgentSpec::AlphaBeta(budget, _) => match *budget {
                Budget::Millis(ms) if ms > ceiling_ms => return Err(over(format!("time={ms}"))),
                _ => {}
            },
            AgentSpec::Mcts(config) => match config.budget {
                Budget::Millis(ms) if ms > ceiling_ms => return Err(over(format!("time={ms}"))),
                _ => {}
            },
            AgentSpec::Search(config) => {
                if let Some(ms) = config.time.filter(|&ms| ms > ceiling_ms) {
                    return Err(over(format!("time={ms}")));
                }
                if config.tt_mb > MAX_TT_MB {
                    return Err(ApiError::bad(format!(
                        "agent `{spec}`: tt-mb={} is above the {MAX_TT_MB} MiB a request may use",
                        config.tt_mb
                    )));
                }
                if let Some(dir) = &mut config.egdb {
                    *dir = under(&self.databases, dir, "--databases")?;
                }
            }
            AgentSpec::Egdb { dir, fallback } => {
                *dir = under(&self.databases, dir, "--databases")?;
                **fallback = self.check_agent(fallback)?;
            }
            AgentSpec::Engine { .. } => {
                if !self.allow_engines {
                    return Err(ApiError::forbidden(format!(
                        "agent `{spec}` starts a program: refused (start the server with \
                         --allow-engines to allow it)"
                    )));
                }
            }
            AgentSpec::Registered { name } => {
                return Err(ApiError::bad(format!(
                    "agent `{name}` is a player registered by a host program: none here"
                )))
            }
            AgentSpec::Human => {
                return Err(ApiError::bad(
                    "agent `human` plays at a terminal: the page's player is the person at it",
                ))
            }
            AgentSpec::Named { agent, .. } => {
                **agent = self.check_agent(agent)?;
            }
        }
        Ok(out)
    }

    /// Runs `work` on the blocking pool if a job slot is free (else 503), within the ceiling:
    /// its [`JobProgress`] says `cancelled` once the deadline (`seconds`, at most the
    /// ceiling) has passed or the request is dropped.
    pub(super) async fn run_blocking<F>(
        &self,
        seconds: Option<f64>,
        work: F,
    ) -> Result<Value, ApiError>
    where
        F: FnOnce(&JobProgress) -> Result<Value, ApiError> + Send + 'static,
    {
        let (progress, handle) = self.start(seconds, work)?;
        // Dropped with the request (its client gone) before the work ends: cancel it.
        let _guard = CancelOnDrop(progress.clone());
        handle
            .await
            .map_err(|e| ApiError::job(JobError::failed(format!("the job failed: {e}"))))?
    }

    #[allow(clippy::type_complexity)]
    pub(super) fn start<F>(
        &self,
        seconds: Option<f64>,
        work: F,
    ) -> Result<
        (
            Arc<JobProgress>,
            tokio::task::JoinHandle<Result<Value, ApiError>>,
        ),
        ApiError,
    >
    where
        F: FnOnce(&JobProgress) -> Result<Value, ApiError> + Send + 'static,
    {
        let permit = self
            .jobs
            .clone()
            .try_acquire_owned()
            .map_err(|_| ApiError {
                status: StatusCode::SERVICE_UNAVAILABLE,
                message: format!(
                    "busy: {} jobs are running (--jobs {}); try again when one has finished",
                    self.max_jobs, self.max_jobs
                ),
            })?;
        let seconds = seconds.unwrap_or(self.max_seconds).min(self.max_seconds);
        let progress = Arc::new(JobProgress::new(seconds));
        let theirs = progress.clone();
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let result = work(&theirs);
            theirs.finished.store(true, Relaxed);
            result
        });
        Ok((progress, handle))
    }

    /// [`App::run_blocking`] answered as server-sent events when the client asked for them
    /// (`Accept: text/event-stream`): `progress` events every quarter second, then `result`
    /// or `error`. Closing the stream cancels the work.
    pub(super) async fn answer<F>(
        &self,
        headers: &HeaderMap,
        seconds: Option<f64>,
        work: F,
    ) -> ApiResult
    where
        F: FnOnce(&JobProgress) -> Result<Value, ApiError> + Send + 'static,
    {
        let wants_events = headers
            .get(header::ACCEPT)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("text/event-stream"));
        if !wants_events {
            return Ok(Json(self.run_blocking(seconds, work).await?).into_response());
        }
        let (progress, mut handle) = self.start(seconds, work)?;
        let (tx, rx) = tokio::sync::mpsc::channel::<Result<Event, std::convert::Infallible>>(8);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(250));
            let last = loop {
                tokio::select! {
                    joined = &mut handle => break joined,
                    _ = tick.tick() => {
                        let event = Event::default().event("progress").json_data(progress.snapshot());
                        if tx.send(event.map_err(|_| unreachable!())).await.is_err() {
                            // The client went away.
                            progress.cancel.store(true, Relaxed);
                        }
                    }
                }
            };
            let event = match last {
                Ok(Ok(value)) => Event::default().event("result").json_data(value),
                Ok(Err(e)) => Event::default()
                    .event("error")
                    .json_data(json!({"error": e.message, "status": e.status.as_u16()})),
                Err(e) => Event::default()
                    .event("error")
                    .json_data(json!({"error": format!("the job failed: {e}"), "status": 500})),
            };
            if let Ok(event) = event {
                let _ = tx.send(Ok(event)).await;
            }
        });
        Ok(Sse::new(tokio_stream::wrappers::ReceiverStream::new(rx))
            .keep_alive(KeepAlive::default())
            .into_response())
    }
}

/// Sets the cancel flag of a job when the request waiting for it is dropped.
pub(super) struct CancelOnDrop(Arc<JobProgress>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if !self.0.finished.load(Relaxed) {
            self.0.cancel.store(true, Relaxed);
        }
    }
}

/// The progress of a job the server runs: counters the event stream reads, and the cancel
/// flag (client gone) with the deadline.
pub struct JobProgress {
    pub(super) what: Mutex<String>,
    pub(super) done: AtomicU64,
    pub(super) total: AtomicU64,
    pub(super) started: Instant,
    pub(super) deadline: Instant,
    pub(super) cancel: Arc<AtomicBool>,
    pub(super) finished: AtomicBool,
}

impl JobProgress {
    pub(super) fn new(seconds: f64) -> JobProgress {
        let started = Instant::now();
        JobProgress {
            what: Mutex::new(String::new()),
            done: AtomicU64::new(0),
            total: AtomicU64::new(u64::MAX),
            started,
            deadline: started + Duration::from_secs_f64(seconds),
            cancel: Arc::new(AtomicBool::new(false)),
            finished: AtomicBool::new(false),
        }
    }

    /// Seconds the job may still run.
    pub(super) fn seconds_left(&self) -> f64 {
        self.deadline
            .saturating_duration_since(Instant::now())
            .as_secs_f64()
    }

    pub(super) fn snapshot(&self) -> Value {
        let total = self.total.load(Relaxed);
        json!({
            "what": *self.what.lock().expect("no panics while held"),
            "done": self.done.load(Relaxed),
            "total": (total != u64::MAX).then_some(total),
            "seconds": self.started.elapsed().as_secs_f64(),
        })
    }
}

impl Progress for JobProgress {
    fn start(&self, what: &str, total: Option<u64>) {
        *self.what.lock().expect("no panics while held") = what.to_string();
        self.done.store(0, Relaxed);
        self.total.store(total.unwrap_or(u64::MAX), Relaxed);
    }
    fn set(&self, done: u64) {
        self.done.store(done, Relaxed);
    }
    fn add(&self, units: u64) {
        self.done.fetch_add(units, Relaxed);
    }
    fn stop(&self) -> Stop {
        Stop {
            at: Some(self.deadline),
            flag: Some(self.cancel.clone()),
        }
    }
}

/// `path` shown relative to `root` for messages and answers (`/` separators).
pub(super) fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

// The two folders the server reads (`--results`, `--databases`) and the paths under them: a
// path a request names is relative to its root; absolute paths, `..` and symlinks that lead
// out of the root are refused, naming the path.

/// The root folder `dir` of option `flag`, canonical. A folder that does not exist yet is
/// kept as given (nothing under it is found until it does).
pub(super) fn root(dir: &Path, flag: &str) -> Result<PathBuf, JobError> {
    match dir.canonicalize() {
        Ok(path) if path.is_dir() => Ok(path),
        Ok(_) => Err(JobError::input(format!(
            "{flag} {}: not a folder",
            dir.display()
        ))),
        Err(_) => Ok(std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf())),
    }
}

/// The existing file or folder `path` names under `root` (the folder of option `flag`),
/// canonical.
///
/// # Errors
/// 400 for an absolute path or one with `..`; 404 if nothing is there; 403 if it leads out of
/// the root through a symlink.
pub(super) fn under(root: &Path, path: &Path, flag: &str) -> Result<PathBuf, ApiError> {
    let shown = path.display();
    if path.as_os_str().is_empty() {
        return Err(ApiError::bad(format!(
            "an empty path: name a path under {flag}"
        )));
    }
    for component in path.components() {
        match component {
            Component::Normal(_) | Component::CurDir => {}
            Component::ParentDir => {
                return Err(ApiError::bad(format!(
                    "path `{shown}`: `..` is not allowed (paths are relative to {flag})"
                )))
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(ApiError::bad(format!(
                    "path `{shown}`: absolute paths are not allowed (paths are relative to {flag})"
                )))
            }
        }
    }
    let joined = root.join(path);
    let canonical = joined
        .canonicalize()
        .map_err(|_| ApiError::not_found(format!("path `{shown}`: nothing there under {flag}")))?;
    if !canonical.starts_with(root) {
        return Err(ApiError::forbidden(format!(
            "path `{shown}` leads out of {flag} (through a symlink): refused"
        )));
    }
    Ok(canonical)
}
