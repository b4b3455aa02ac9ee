//! `mancala serve`: the analysis board in the browser and its JSON API (docs/serve-api.md).
//!
//! One page (`page/`, compiled into the binary) and a JSON API on axum. Work that takes time
//! (an agent's move, an analysis, a job) runs on the blocking pool, at most `--jobs` at once
//! (more are refused with 503), within the `--max-seconds` ceiling, and is cancelled when its
//! client goes away (an event stream closed; a request dropped). The server reads only under
//! `--results` and `--databases` and writes no files, so killing it mid-job loses nothing.

mod analysis;
mod board;
mod jobs;
mod paths;
mod runs;

use super::CliResult;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use clap::Args;
use mancala::agents::{AgentSpec, Budget};
use mancala::dynamic::{new_state, DynState};
use mancala::core::Stop;
use mancala::jobs::{parse_game, JobError, Progress};
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Most bytes of a request body.
const MAX_BODY: usize = 1 << 20;

/// Most transposition-table memory an agent of a request may ask for, MiB.
const MAX_TT_MB: usize = 1024;

/// Most plies a game shown on the page may last (the arena's default ply cap).
const MAX_PLIES: u32 = 1000;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on. Anything but a loopback address exposes the server, which
    /// has no authentication, to the network (a warning is printed).
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// The port (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The results folder: the runs the page lists and replays (read only).
    #[arg(long, default_value = "results")]
    pub results: PathBuf,
    /// The databases folder: endgame databases for analysis and `egdb` agents (read only).
    #[arg(long, default_value = "databases")]
    pub databases: PathBuf,
    /// Jobs (agent moves, analyses, job requests) at once; more are refused with 503
    /// [default: the machine's cores].
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The longest a request may compute, seconds (solves stop there, runs stop between games).
    #[arg(long, default_value_t = 30.0)]
    pub max_seconds: f64,
    /// Let requests name `engine(cmd=...)` agents, which start programs on this machine.
    #[arg(long)]
    pub allow_engines: bool,
}

/// What every handler shares.
struct App {
    results: PathBuf,
    databases: PathBuf,
    jobs: Arc<Semaphore>,
    max_jobs: usize,
    max_seconds: f64,
    allow_engines: bool,
}

type Shared = State<Arc<App>>;

/// An error answer: a status and a message naming what is wrong.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn bad(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.to_string(),
        }
    }

    fn forbidden(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.to_string(),
        }
    }

    fn not_found(message: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.to_string(),
        }
    }

    /// A job error: bad input is the client's (400), a limit reached is 422 with the limit
    /// named, a failure of the server's own files 500.
    fn job(e: JobError) -> ApiError {
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

type ApiResult = Result<Response, ApiError>;

/// Runs `mancala serve` until interrupted.
pub fn run(args: ServeArgs) -> CliResult {
    if !(args.max_seconds.is_finite() && args.max_seconds > 0.0) {
        return Err(JobError::input(format!(
            "--max-seconds {}: not a positive number of seconds",
            args.max_seconds
        )));
    }
    let max_jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if max_jobs == 0 {
        return Err(JobError::input(
            "--jobs 0: at least one job must be able to run",
        ));
    }
    let app = Arc::new(App {
        results: paths::root(&args.results, "--results")?,
        databases: paths::root(&args.databases, "--databases")?,
        jobs: Arc::new(Semaphore::new(max_jobs)),
        max_jobs,
        max_seconds: args.max_seconds,
        allow_engines: args.allow_engines,
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| JobError::failed("cannot start the server's runtime").because(e))?;
    runtime.block_on(async move {
        let address = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(address).await.map_err(|e| {
            JobError::input(format!("--bind {} --port {}: {e}", args.bind, args.port))
        })?;
        let local = listener
            .local_addr()
            .map_err(|e| JobError::failed("the listening address").because(e))?;
        if !args.bind.is_loopback() {
            super::note(&format!(
                "warning: listening on {} which is not a loopback address: anyone who can reach \
                 this machine can use the server (it has no authentication)",
                args.bind
            ));
        }
        // Printed on standard output for a person and for programs that start the server
        // (the tests read the port from it).
        println!("listening on http://{local}/");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        axum::serve(listener, router(app))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| JobError::failed("the server stopped").because(e))
    })
}

fn router(app: Arc<App>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| page("text/html; charset=utf-8", include_str!("page/index.html"))),
        )
        .route(
            "/app.js",
            get(|| {
                page(
                    "text/javascript; charset=utf-8",
                    include_str!("page/app.js"),
                )
            }),
        )
        .route(
            "/style.css",
            get(|| page("text/css; charset=utf-8", include_str!("page/style.css"))),
        )
        .route("/api/games", get(games))
        .route("/api/position", get(position))
        .route("/api/move", post(agent_move))
        .route("/api/analysis", post(analysis::handle))
        .route("/api/jobs", post(jobs::handle))
        .route("/api/runs", get(runs::list))
        .route("/api/runs/{*path}", get(runs::get))
        .route("/api/files/{*path}", get(runs::file))
        .fallback(|| async {
            ApiError::not_found("no such page or API endpoint (docs/serve-api.md)")
        })
        .method_not_allowed_fallback(|method: axum::http::Method, uri: axum::http::Uri| async move {
            ApiError {
                status: StatusCode::METHOD_NOT_ALLOWED,
                message: format!(
                    "{method} {}: this endpoint does not take {method} (docs/serve-api.md)",
                    uri.path()
                ),
            }
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

async fn page(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn games() -> Response {
    Json(serde_json::to_value(mancala::rules::games()).unwrap_or_default()).into_response()
}

/// A position: a game, a start (the game's own by default) and moves played from it.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct At {
    game: String,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Option<String>,
}

impl At {
    fn state(&self) -> Result<Box<dyn DynState>, ApiError> {
        let spec = parse_game(&self.game).map_err(ApiError::job)?;
        let position = self.position.as_deref().filter(|p| !p.trim().is_empty());
        let moves = self.moves.as_deref().filter(|m| !m.trim().is_empty());
        new_state(&spec, position, moves, MAX_PLIES).map_err(ApiError::bad)
    }
}

/// A request body as the handlers take it: its bytes, or why axum could not read them.
pub type Body = Result<Bytes, axum::extract::rejection::BytesRejection>;

/// The bytes of `body`, or a JSON error (413 past [`MAX_BODY`]).
pub fn body_bytes(body: Body) -> Result<Bytes, ApiError> {
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
fn body<T: serde::de::DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
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

async fn position(query: Result<Query<At>, axum::extract::rejection::QueryRejection>) -> ApiResult {
    let Query(at) = query.map_err(|e| ApiError::bad(format!("bad query: {}", e.body_text())))?;
    Ok(Json(board::state_json(&*at.state()?, true)).into_response())
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    game: String,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Option<String>,
    agent: String,
    #[serde(default)]
    seed: u64,
}

async fn agent_move(State(app): Shared, bytes: Body) -> ApiResult {
    let request: MoveBody = body(&body_bytes(bytes)?)?;
    let at = At {
        game: request.game,
        position: request.position,
        moves: request.moves,
    };
    let mut state = at.state()?;
    if state.end().is_some() {
        return Err(ApiError::bad("the game is over: no move to play"));
    }
    let spec: AgentSpec = request
        .agent
        .parse()
        .map_err(|e| ApiError::bad(format!("bad agent `{}`: {e}", request.agent)))?;
    let spec = app.check_agent(&spec)?;
    let seed = request.seed;
    let value = app
        .run_blocking(None, move |progress| {
            let mut agent = state
                .new_agent(&spec, seed)
                .map_err(|e| ApiError::bad(format!("agent `{spec}`: {e}")))?;
            let started = Instant::now();
            let stop = progress.stop();
            let action = agent.step_until(&*state, &stop).map_err(ApiError::bad)?;
            let seconds = started.elapsed().as_secs_f64();
            // The agent's search stopped at the ceiling or because the client went away: the
            // move is the best it had found, not what its budget would have played.
            let cut_short = stop.reached();
            let mv = state.action_to_string(action).map_err(ApiError::bad)?;
            state.apply_action(action).map_err(ApiError::bad)?;
            Ok(json!({
                "move": mv,
                "action": action,
                "seconds": seconds,
                "cut_short": cut_short,
                "position": board::state_json(&*state, true),
            }))
        })
        .await?;
    Ok(Json(value).into_response())
}

impl App {
    /// `spec` with its database paths resolved under `--databases`, if the server may run it:
    /// no programs started (`engine`) unless `--allow-engines`, no budget above the ceiling.
    fn check_agent(&self, spec: &AgentSpec) -> Result<AgentSpec, ApiError> {
        let ceiling_ms = (self.max_seconds * 1000.0) as u64;
        let over = |what: String| {
            ApiError::bad(format!(
                "agent `{spec}`: {what} is above what this server allows (--max-seconds {})",
                self.max_seconds
            ))
        };
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
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
                    *dir = paths::under(&self.databases, dir, "--databases")?;
                }
            }
            AgentSpec::Egdb { dir, fallback } => {
                *dir = paths::under(&self.databases, dir, "--databases")?;
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
    async fn run_blocking<F>(&self, seconds: Option<f64>, work: F) -> Result<Value, ApiError>
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
    fn start<F>(
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
    async fn answer<F>(&self, headers: &HeaderMap, seconds: Option<f64>, work: F) -> ApiResult
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
struct CancelOnDrop(Arc<JobProgress>);

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
    what: Mutex<String>,
    done: AtomicU64,
    total: AtomicU64,
    started: Instant,
    deadline: Instant,
    cancel: Arc<AtomicBool>,
    finished: AtomicBool,
}

impl JobProgress {
    fn new(seconds: f64) -> JobProgress {
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
    fn seconds_left(&self) -> f64 {
        self.deadline
            .saturating_duration_since(Instant::now())
            .as_secs_f64()
    }

    fn snapshot(&self) -> Value {
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
fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
