//! `mancala serve`: the analysis board in the browser and its JSON API (docs/serve-api.md).
//!
//! One page (`page/`, compiled into the binary) and a JSON API on axum. Work that takes time
//! (an agent's move, an analysis, a job) runs on the blocking pool, at most `--jobs` at once
//! (more are refused with 503), within the `--max-seconds` ceiling, and is cancelled when its
//! client goes away (an event stream closed; a request dropped). The server reads only under
//! `--results` and `--databases` and writes no files, so killing it mid-job loses nothing.

mod analysis;
mod app;
mod board;
mod jobs;
mod runs;

use super::CliResult;
use app::{body, body_bytes, ApiError, ApiResult, App, At, Body, Shared, MAX_BODY};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use clap::Args;
use mancala::agents::AgentSpec;
use mancala::jobs::{JobError, Progress};
use serde::Deserialize;
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::Semaphore;

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
        .unwrap_or_else(|| mancala::core::Threads::all().get());
    if max_jobs == 0 {
        return Err(JobError::input(
            "--jobs 0: at least one job must be able to run",
        ));
    }
    let app = Arc::new(App {
        results: app::root(&args.results, "--results")?,
        databases: app::root(&args.databases, "--databases")?,
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
        .method_not_allowed_fallback(
            |method: axum::http::Method, uri: axum::http::Uri| async move {
                ApiError {
                    status: StatusCode::METHOD_NOT_ALLOWED,
                    message: format!(
                        "{method} {}: this endpoint does not take {method} (docs/serve-api.md)",
                        uri.path()
                    ),
                }
            },
        )
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
