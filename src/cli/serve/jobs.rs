//! `POST /api/jobs`: a job request (the JSON form of a job file) run by the job layer
//! ([`mancala::jobs::execute`]) and answered with its report (docs/serve-api.md).
//!
//! The server writes no files and reads only under its two folders, so a request is checked
//! before it runs: database builds and `pgn` outputs are refused; paths are taken relative to
//! `--databases` (databases) or `--results` (openings files, position files, runs) and must lie
//! under them; agents pass [`super::App::check_agent`]; solves get the time ceiling (and only
//! the alpha-beta method, the one a limit stops).

use super::{paths, ApiError, ApiResult, App, Shared};
use axum::body::Bytes;
use axum::http::HeaderMap;
use mancala::jobs::{execute, Method, Request};
use std::path::{Path, PathBuf};

/// The deepest perft the server runs (Kalah(6,4) depth 10: about 5 * 10^7 leaves).
const MAX_PERFT_DEPTH: u32 = 10;

pub async fn handle(
    axum::extract::State(app): Shared,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let text =
        std::str::from_utf8(&bytes).map_err(|_| ApiError::bad("the body is not UTF-8 text"))?;
    // A kind the server refuses is refused before its keys are checked.
    let kind = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| Some(v.get("kind")?.as_str()?.to_string()));
    if let Some(kind @ ("egdb" | "egdb-build")) = kind.as_deref() {
        return Err(egdb_build_refused(kind));
    }
    let request = Request::from_json(text).map_err(ApiError::job)?;
    let request = app.check_request(request)?;
    app.answer(&headers, None, move |progress| {
        let report = execute(&request, None, progress).map_err(ApiError::job)?;
        Ok(serde_json::to_value(&report).unwrap_or_default())
    })
    .await
}

impl App {
    /// `request` with its paths resolved, if the server may run it.
    fn check_request(&self, request: Request) -> Result<Request, ApiError> {
        let db = |p: &Path| paths::under(&self.databases, p, "--databases");
        let results = |p: &Path| paths::under(&self.results, p, "--results");
        let agents = |list: &[String]| -> Result<Vec<String>, ApiError> {
            list.iter()
                .map(|a| {
                    let spec: mancala::agents::AgentSpec = a
                        .parse()
                        .map_err(|e| ApiError::bad(format!("bad agent `{a}`: {e}")))?;
                    Ok(self.check_agent(&spec)?.to_string())
                })
                .collect()
        };
        let kind = request.kind();
        Ok(match request {
            Request::EgdbBuild(_) => return Err(egdb_build_refused(kind)),
            Request::Solve(mut r) => {
                if r.method != Method::Alphabeta || r.check.is_some() {
                    return Err(ApiError::bad(format!(
                        "solve with method `{}`{}: only `alphabeta` stops at the server's time \
                         ceiling (--max-seconds {}); run others with `mancala solve`",
                        r.method.name(),
                        if r.check.is_some() {
                            " and a check"
                        } else {
                            ""
                        },
                        self.max_seconds
                    )));
                }
                r.max_seconds = Some(
                    r.max_seconds
                        .unwrap_or(self.max_seconds)
                        .min(self.max_seconds),
                );
                r.egdb = r.egdb.as_deref().map(db).transpose()?;
                Request::Solve(r)
            }
            // A perft cannot be stopped: its depth is kept to what finishes in seconds.
            Request::Perft(r) if r.depth > MAX_PERFT_DEPTH => {
                return Err(ApiError::bad(format!(
                    "perft `depth` {}: at most {MAX_PERFT_DEPTH} on this server (a perft cannot be \
                     stopped at the time ceiling); run deeper ones with `mancala perft`",
                    r.depth
                )))
            }
            Request::Perft(r) => Request::Perft(r),
            Request::EgdbVerify(mut r) => {
                r.dir = db(&r.dir)?;
                Request::EgdbVerify(r)
            }
            Request::EgdbProbe(mut r) => {
                r.dir = r.dir.as_deref().map(db).transpose()?;
                Request::EgdbProbe(r)
            }
            Request::EgdbStats(r) if r.out.is_some() => {
                let _ = r;
                return Err(ApiError::forbidden(
                    "kind `egdb-stats` with `out`: writes files; the server writes none",
                ));
            }
            Request::EgdbStats(mut r) => {
                r.dir = db(&r.dir)?;
                Request::EgdbStats(r)
            }
            Request::Match(r) | Request::Tournament(r) | Request::Series(r) if r.pgn.is_some() => {
                let _ = r;
                return Err(ApiError::forbidden(format!(
                    "kind `{kind}` with `pgn`: writes a file; the server writes none"
                )));
            }
            Request::Match(mut r) | Request::Tournament(mut r) | Request::Series(mut r) => {
                r.agents = agents(&r.agents)?;
                if let Some(a) = &r.agent {
                    r.agent = Some(agents(std::slice::from_ref(a))?.remove(0));
                }
                if let Some(a) = &r.opponent {
                    r.opponent = Some(agents(std::slice::from_ref(a))?.remove(0));
                }
                r.openings_file = r
                    .openings_file
                    .as_deref()
                    .map(|f| results(Path::new(f)).map(path_text))
                    .transpose()?;
                r.adjudicate_egdb = r
                    .adjudicate_egdb
                    .as_deref()
                    .map(|f| db(Path::new(f)).map(path_text))
                    .transpose()?;
                match kind {
                    "match" => Request::Match(r),
                    "tournament" => Request::Tournament(r),
                    _ => Request::Series(r),
                }
            }
            Request::Analyze(mut r) => {
                r.agents = agents(&r.agents)?;
                if let Some(a) = &r.sampler {
                    r.sampler = Some(agents(std::slice::from_ref(a))?.remove(0));
                }
                r.egdb = r.egdb.as_deref().map(db).transpose()?;
                r.positions = r.positions.as_deref().map(results).transpose()?;
                if let Some(run) = &r.run {
                    r.run = Some(path_text(results(Path::new(run))?));
                }
                let ceiling = self.max_seconds;
                r.max_seconds = Some(r.max_seconds.unwrap_or(ceiling).min(ceiling));
                Request::Analyze(r)
            }
        })
    }
}

fn egdb_build_refused(kind: &str) -> ApiError {
    ApiError::forbidden(format!(
        "kind `{kind}` builds databases, which writes files: the server writes none (run \
         `mancala egdb build` on the command line)"
    ))
}

fn path_text(p: PathBuf) -> String {
    p.display().to_string()
}
