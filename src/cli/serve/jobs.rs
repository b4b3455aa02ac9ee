//! `POST /api/jobs`: a job request (the JSON form of a job file) run by the job layer
//! ([`mancala::jobs::execute`]) and answered with its report (docs/serve-api.md).
//!
//! The server writes no files and reads only under its two folders, so a request is checked
//! before it runs: database builds and `pgn` outputs are refused; paths are taken relative to
//! `--databases` (databases) or `--results` (openings files, position files, runs) and must lie
//! under them; agents pass [`super::App::check_agent`]; solves get the time ceiling (and only
//! the alpha-beta method, the one a limit stops).

use super::app::{under, ApiError, ApiResult, App, Shared};
use axum::http::HeaderMap;
use mancala::jobs::{execute, Method, Request};
use std::path::{Path, PathBuf};

pub async fn handle(
    axum::extract::State(app): Shared,
    headers: HeaderMap,
    bytes: super::Body,
) -> ApiResult {
    let bytes = super::body_bytes(bytes)?;
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
        let db = |p: &Path| under(&self.databases, p, "--databases");
        let results = |p: &Path| under(&self.results, p, "--results");
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
        let cores = mancala::core::Threads::all().get();
        let threads = match &request {
            Request::Solve(r) => Some(r.threads),
            Request::Perft(r) => Some(r.threads),
            Request::EgdbVerify(r) => Some(r.threads),
            Request::Match(r) | Request::Tournament(r) | Request::Series(r) => Some(r.threads),
            Request::Analyze(r) => Some(r.threads),
            Request::EgdbBuild(_) | Request::EgdbProbe(_) | Request::EgdbStats(_) => None,
        };
        if let Some(t) = threads.filter(|t| t.get() > cores) {
            return Err(ApiError::bad(format!(
                "`threads` {}: more than this machine's {cores} cores",
                t.get()
            )));
        }
        Ok(match request {
            Request::EgdbBuild(_) => return Err(egdb_build_refused(kind)),
            Request::Solve(mut r) => {
                if r.method != Method::Alphabeta {
                    return Err(ApiError::bad(format!(
                        "solve with method `{}`: only `alphabeta` stops at the server's time \
                         ceiling (--max-seconds {}); run the others with `mancala solve`",
                        r.method.name(),
                        self.max_seconds
                    )));
                }
                if let Some(check) = &r.check {
                    return Err(ApiError::bad(format!(
                        "solve with `check` ({}): the second method cannot be stopped at the \
                         server's time ceiling; run checked solves with `mancala solve`",
                        check.name()
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
            Request::Perft(r) => Request::Perft(r),
            Request::EgdbVerify(mut r) => {
                r.dir = db(&r.dir)?;
                Request::EgdbVerify(r)
            }
            Request::EgdbProbe(mut r) => {
                // The default directory is the game's under --databases, not under the
                // server's working directory.
                let dir = match r.dir.take() {
                    Some(d) => d,
                    None => {
                        let spec = mancala::jobs::parse_game(&r.game).map_err(ApiError::job)?;
                        mancala::egdb::default_dir(Path::new(""), &spec)
                    }
                };
                r.dir = Some(db(&dir)?);
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
                match &r.agent {
                    // A series' template: every agent it makes is checked; the template is
                    // kept, so it may name no database (its path would not be resolved).
                    Some(template) if kind == "series" => {
                        for value in &r.values {
                            let agent = template.replace("{}", &value.to_string());
                            let checked = agents(std::slice::from_ref(&agent))?.remove(0);
                            let plain: mancala::agents::AgentSpec =
                                agent.parse().map_err(|e| ApiError::bad(format!("{e}")))?;
                            if checked != plain.to_string() {
                                return Err(ApiError::bad(format!(
                                    "series template `{template}` names a database: not run by \
                                     the server (give its agents as a tournament)"
                                )));
                            }
                        }
                    }
                    Some(a) => r.agent = Some(agents(std::slice::from_ref(a))?.remove(0)),
                    None => {}
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
