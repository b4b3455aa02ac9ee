//! The runs under `--results` (`GET /api/runs`, `/api/runs/PATH`, `/api/runs/PATH/games`,
//! `/api/runs/PATH/games/INDEX`) and their files (`GET /api/files/PATH`): docs/serve-api.md.

use super::app::{relative, under, ApiError, ApiResult, At, Shared};
use super::board;
use axum::extract::{Path as UrlPath, Query};
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use mancala::arena::GameRecord;
use mancala::jobs::parse_game;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Folders deep a run manifest may lie under the results folder.
const MAX_DEPTH: usize = 3;

/// Most games one `games` answer lists.
const MAX_LIMIT: usize = 1000;

/// `GET /api/runs`: every run manifest under the results folder.
pub async fn list(axum::extract::State(app): Shared) -> ApiResult {
    let root = app.results.clone();
    let runs = tokio::task::spawn_blocking(move || {
        let mut found = Vec::new();
        manifests(&root, &root, 0, &mut found);
        found.sort();
        found
            .iter()
            .filter_map(|path| summary(&root, path))
            .collect::<Vec<Value>>()
    })
    .await
    .map_err(|e| ApiError::bad(format!("listing the runs failed: {e}")))?;
    Ok(Json(json!({"runs": runs})).into_response())
}

/// The `.json` files under `dir` (`depth` folders below the root) that are run manifests.
fn manifests(root: &Path, dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        // Symlinks are not followed (nothing out of the root is listed).
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() && depth < MAX_DEPTH {
            manifests(root, &path, depth + 1, out);
        } else if kind.is_file() && path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

/// A manifest's JSON if `path` is one (an object with `kind` and `job`).
fn manifest(path: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(path).ok()?;
    let value: Value = serde_json::from_str(&text).ok()?;
    (value.get("kind")?.is_string() && value.get("job")?.is_object()).then_some(value)
}

/// `NAME.suffix` beside run manifest `NAME.json`.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!("{stem}{suffix}"))
}

/// The files of the run of manifest `path`: `NAME.*` and `NAME-*.svg` beside it.
fn run_files(root: &Path, path: &Path) -> Vec<String> {
    let stem = path
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .to_string();
    let mut files: Vec<String> = std::fs::read_dir(path.parent().unwrap_or(root))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            p != path
                && (name.starts_with(&format!("{stem}."))
                    || (name.starts_with(&format!("{stem}-")) && name.ends_with(".svg")))
        })
        .map(|p| relative(root, &p))
        .collect();
    files.sort();
    files
}

fn summary(root: &Path, path: &Path) -> Option<Value> {
    let m = manifest(path)?;
    let job = &m["job"];
    let has_games = sibling(path, ".games.jsonl").is_file();
    Some(json!({
        "path": relative(root, path),
        "kind": m["kind"],
        "game": job.get("game").cloned().unwrap_or(Value::Null),
        "description": job.get("description").cloned().unwrap_or(Value::Null),
        "status": m.get("status").cloned().unwrap_or(Value::Null),
        "games": m.get("games").cloned().unwrap_or(Value::Null),
        "has_games": has_games,
        "files": run_files(root, path),
    }))
}

/// The games filter of `GET /api/runs/PATH/games`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct GamesQuery {
    agent: Option<String>,
    result: Option<String>,
    #[serde(default)]
    offset: usize,
    limit: Option<usize>,
}

/// `GET /api/runs/PATH`, `.../games` and `.../games/INDEX`.
pub async fn get(
    axum::extract::State(app): Shared,
    UrlPath(path): UrlPath<String>,
    query: Result<Query<GamesQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult {
    let Query(query) = query.map_err(|e| ApiError::bad(format!("bad query: {}", e.body_text())))?;
    let (run, rest) = match path.split_once(".json/") {
        Some((run, rest)) => (format!("{run}.json"), rest.to_string()),
        None => (path.clone(), String::new()),
    };
    let file = under(&app.results, Path::new(&run), "--results")?;
    let root = app.results.clone();
    let databases = app.databases.clone();
    let value = tokio::task::spawn_blocking(move || -> Result<Value, ApiError> {
        let m = manifest(&file).ok_or_else(|| {
            ApiError::not_found(format!(
                "`{run}` is not a run manifest (NAME.json of mancala run)"
            ))
        })?;
        let agents = agents_of(&m);
        match rest.split('/').collect::<Vec<_>>().as_slice() {
            [""] => Ok(run_json(&root, &file, &m, &agents)),
            ["games"] => games(&file, &agents, &query),
            ["games", index] => {
                let index: usize = index.parse().map_err(|_| {
                    ApiError::bad(format!("game `{index}`: not a game number (0, 1, ...)"))
                })?;
                replay(&file, &m, &agents, index, &databases)
            }
            _ => Err(ApiError::not_found(format!(
                "`{path}`: expected RUN.json, RUN.json/games or RUN.json/games/INDEX"
            ))),
        }
    })
    .await
    .map_err(|e| ApiError::bad(format!("reading the run failed: {e}")))??;
    Ok(Json(value).into_response())
}

/// The agent strings of a run, in the order its records' `south` and `north` index them.
fn agents_of(m: &Value) -> Vec<String> {
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    let from_identity = strings(&m["identity"]["agents"]);
    if !from_identity.is_empty() {
        return from_identity;
    }
    strings(&m["job"]["agents"])
}

fn run_json(root: &Path, file: &Path, m: &Value, agents: &[String]) -> Value {
    let table = std::fs::read_to_string(sibling(file, ".md")).ok();
    let svgs: Vec<String> = run_files(root, file)
        .into_iter()
        .filter(|f| f.ends_with(".svg"))
        .collect();
    json!({
        "path": relative(root, file),
        "kind": m["kind"],
        "game": m["job"].get("game").cloned().unwrap_or(Value::Null),
        "manifest": m,
        "table": table,
        "svgs": svgs,
        "agents": agents,
        "has_games": sibling(file, ".games.jsonl").is_file(),
    })
}

/// The records of the run of manifest `file`.
fn records(file: &Path) -> Result<Vec<GameRecord>, ApiError> {
    let games = sibling(file, ".games.jsonl");
    let text = std::fs::read_to_string(&games).map_err(|_| {
        ApiError::not_found(format!(
            "{}: this run has no game records",
            games.file_name().unwrap_or_default().to_string_lossy()
        ))
    })?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|e| {
                ApiError::bad(format!(
                    "{} line {}: not a game record: {e}",
                    games.file_name().unwrap_or_default().to_string_lossy(),
                    i + 1
                ))
            })
        })
        .collect()
}

/// `1-0` (South won), `0-1` or `1/2-1/2`, by the final stores.
fn result_of(record: &GameRecord) -> &'static str {
    match record.stores[0].cmp(&record.stores[1]) {
        std::cmp::Ordering::Greater => "1-0",
        std::cmp::Ordering::Less => "0-1",
        std::cmp::Ordering::Equal => "1/2-1/2",
    }
}

fn agent_name(agents: &[String], i: usize) -> String {
    agents
        .get(i)
        .cloned()
        .unwrap_or_else(|| format!("agent {i}"))
}

fn games(file: &Path, agents: &[String], query: &GamesQuery) -> Result<Value, ApiError> {
    let records = records(file)?;
    let agent = match &query.agent {
        Some(a) => Some(agents.iter().position(|s| s == a).ok_or_else(|| {
            ApiError::bad(format!(
                "agent `{a}` did not play in this run; its agents: {}",
                agents.join(", ")
            ))
        })?),
        None => None,
    };
    let wanted = query.result.as_deref();
    if let Some(r) = wanted {
        let known: &[&str] = if agent.is_some() {
            &["win", "loss", "draw"]
        } else {
            &["1-0", "0-1", "draw", "1/2-1/2"]
        };
        if !known.contains(&r) {
            return Err(ApiError::bad(format!(
                "result `{r}`: expected one of {}{}",
                known.join(", "),
                if agent.is_none() {
                    " (win, loss and draw need an agent)"
                } else {
                    ""
                }
            )));
        }
    }
    let limit = query.limit.unwrap_or(100);
    if limit > MAX_LIMIT {
        return Err(ApiError::bad(format!("limit {limit}: at most {MAX_LIMIT}")));
    }
    let chosen: Vec<(usize, &GameRecord)> = records
        .iter()
        .enumerate()
        .filter(|(_, r)| match agent {
            Some(a) => r.south == a || r.north == a,
            None => true,
        })
        .filter(|(_, r)| {
            let result = result_of(r);
            match (wanted, agent) {
                (None, _) => true,
                (Some(w), None) => w == result || (w == "draw" && result == "1/2-1/2"),
                (Some(w), Some(a)) => {
                    let mine = if r.south == a {
                        r.stores[0]
                    } else {
                        r.stores[1]
                    };
                    let theirs = if r.south == a {
                        r.stores[1]
                    } else {
                        r.stores[0]
                    };
                    match w {
                        "win" => mine > theirs,
                        "loss" => mine < theirs,
                        _ => mine == theirs,
                    }
                }
            }
        })
        .collect();
    let games: Vec<Value> = chosen
        .iter()
        .skip(query.offset)
        .take(limit)
        .map(|(i, r)| {
            json!({
                "index": i,
                "south": agent_name(agents, r.south),
                "north": agent_name(agents, r.north),
                "stores": r.stores,
                "termination": r.termination,
                "result": result_of(r),
                "plies": r.opening.len() + r.moves.len(),
            })
        })
        .collect();
    Ok(json!({"total": chosen.len(), "games": games}))
}

/// Game `index` of the run replayed move by move, round by round for a game played in rounds.
/// Each ply carries its clock time and engine evaluation from the record and, where the
/// databases under `databases` cover the position it was played from, `exact`: its loss (the
/// best move's value minus the played move's, seeds, from the mover's side; 0 for a best
/// move), the results before and after it under perfect play (from the mover's side) and the
/// verdict (`best`, `mistake`: seeds lost, `blunder`: the result changed).
fn replay(
    file: &Path,
    m: &Value,
    agents: &[String],
    index: usize,
    databases: &Path,
) -> Result<Value, ApiError> {
    let records = records(file)?;
    let record = records.get(index).ok_or_else(|| {
        ApiError::not_found(format!(
            "game {index}: the run has {} games (0 to {})",
            records.len(),
            records.len().saturating_sub(1)
        ))
    })?;
    let game = m["job"]["game"]
        .as_str()
        .or_else(|| m["identity"]["game"].as_str())
        .ok_or_else(|| ApiError::bad("the run's manifest names no game"))?;
    let spec = parse_game(game).map_err(ApiError::job)?;
    let opening = record.opening.len();
    let all: Vec<&String> = record.opening.iter().chain(&record.moves).collect();
    // (game, start, plies of `all`): one segment a round; the first round's plies include the
    // opening.
    let segments: Vec<(String, Option<String>, usize)> = if record.rounds.is_empty() {
        vec![(spec.to_string(), record.start.clone(), all.len())]
    } else {
        record
            .rounds
            .iter()
            .enumerate()
            .map(|(k, r)| {
                let plies = r.plies as usize + if k == 0 { opening } else { 0 };
                (r.game.clone(), Some(r.start.clone()), plies)
            })
            .collect()
    };
    let total: usize = segments.iter().map(|s| s.2).sum();
    if total != all.len() {
        return Err(ApiError::bad(format!(
            "game {index}: its rounds count {total} plies, its moves {}",
            all.len()
        )));
    }
    let mut first = Value::Null;
    let mut plies = Vec::new();
    let mut k = 0;
    let mut databases_used = Vec::new();
    let mut round_starts = Vec::new();
    for (round, (game, start, count)) in segments.iter().enumerate() {
        let mut state = At {
            game: game.clone(),
            position: start.clone(),
            moves: None,
        }
        .state()?;
        if round == 0 {
            first = board::state_json(&*state, false);
        }
        round_starts.push(json!({
            "game": state.spec().to_string(),
            "position": state.position_text(),
            "first_ply": k,
        }));
        let dir = mancala::egdb::default_dir(databases, state.spec());
        let db = dir
            .is_dir()
            .then(|| mancala::dynamic::open_egdb(&dir).ok().map(|(_, db)| db))
            .flatten();
        if db.is_some() {
            databases_used.push(relative(databases, &dir));
        }
        for mv in &all[k..k + count] {
            let side = state.side_to_move().letter().to_string();
            // The exact loss of the move, where the databases value the position: a blunder
            // changes the game's result under perfect play (win to draw or loss, draw to
            // loss, as tablebase tools judge a move), a mistake only loses seeds.
            let exact = db
                .as_ref()
                .and_then(|db| state.probe(db).ok())
                .and_then(|p| {
                    let played = p.valued.moves.iter().find(|v| &v.mv == *mv)?;
                    let [south, north] = state.stores();
                    let stores = if state.side_to_move() == mancala::core::Side::South {
                        south as i32 - north as i32
                    } else {
                        north as i32 - south as i32
                    };
                    let result = |v: i32| match (stores + v).signum() {
                        1 => "win",
                        0 => "draw",
                        _ => "loss",
                    };
                    let (best, after) = (result(p.valued.value), result(played.value));
                    let loss = p.valued.value - played.value;
                    let verdict = if best != after {
                        "blunder"
                    } else if loss > 0 {
                        "mistake"
                    } else {
                        "best"
                    };
                    Some(json!({
                        "loss": loss,
                        "verdict": verdict,
                        "result_before": best,
                        "result_after": after,
                    }))
                });
            let action = state
                .string_to_action(mv)
                .map_err(|e| ApiError::bad(format!("game {index}, move {} `{mv}`: {e}", k + 1)))?;
            state.apply_action(action).map_err(ApiError::bad)?;
            let (ms, eval) = if k < opening {
                (Value::Null, Value::Null)
            } else {
                (
                    record
                        .times_ms
                        .get(k - opening)
                        .map_or(Value::Null, |t| json!(t)),
                    record
                        .evals
                        .get(k - opening)
                        .and_then(|e| e.as_ref())
                        .map_or(Value::Null, |e| json!(e)),
                )
            };
            plies.push(json!({
                "ply": k + 1,
                "round": round,
                "move": mv,
                "side": side,
                "opening": k < opening,
                "ms": ms,
                "eval": eval,
                "exact": exact,
                "state": board::state_json(&*state, false),
            }));
            k += 1;
        }
    }
    Ok(json!({
        "index": index,
        "game": spec.to_string(),
        "south": agent_name(agents, record.south),
        "north": agent_name(agents, record.north),
        "record": record,
        "start": first,
        "rounds": round_starts,
        "databases": databases_used,
        "plies": plies,
    }))
}

/// `GET /api/files/PATH`: a file under the results folder, as it is.
pub async fn file(axum::extract::State(app): Shared, UrlPath(path): UrlPath<String>) -> ApiResult {
    let file = under(&app.results, Path::new(&path), "--results")?;
    if !file.is_file() {
        return Err(ApiError::bad(format!("`{path}` is a folder, not a file")));
    }
    let content_type = match file.extension().and_then(|e| e.to_str()) {
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("md" | "csv" | "txt" | "jsonl" | "toml") => "text/plain; charset=utf-8",
        _ => {
            return Err(ApiError::forbidden(format!(
                "`{path}`: only .svg, .md, .csv, .json, .jsonl, .txt and .toml files are served"
            )))
        }
    };
    let bytes = std::fs::read(&file).map_err(|e| ApiError::not_found(format!("`{path}`: {e}")))?;
    Ok(([(header::CONTENT_TYPE, content_type)], bytes).into_response())
}
