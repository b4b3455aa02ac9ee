//! `POST /api/analysis`: the value of every legal move of a position (docs/serve-api.md) from
//! the databases under `--databases` where they cover it, else from the exact solver within the
//! request's time and node budget; a move the solver could not finish gets bounds.
//!
//! The solver first values the position itself (every move exact when it finishes, half the
//! time); if it is stopped, each move's child is solved alone in an equal share of the rest, so
//! every move gets an exact value or bounds. Values are final store differences from the side to
//! move's point of view (RULES.md §12).

use super::app::{ApiError, ApiResult, At, JobProgress, Shared};
use axum::http::HeaderMap;
use mancala::dynamic::{open_egdb, DynState};
use mancala::jobs::{execute, ErrorKind, Progress, Report, Request, SolveRequest, Threads};
use serde::Deserialize;
use serde_json::{json, Value};

/// Seconds an analysis runs when the request names no budget.
const DEFAULT_SECONDS: f64 = 5.0;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct AnalysisBody {
    game: String,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Option<String>,
    #[serde(default)]
    max_seconds: Option<f64>,
    #[serde(default)]
    max_nodes: Option<u64>,
}

pub async fn handle(
    axum::extract::State(app): Shared,
    headers: HeaderMap,
    bytes: super::Body,
) -> ApiResult {
    let body: AnalysisBody = super::body(&super::body_bytes(bytes)?)?;
    if let Some(s) = body.max_seconds.filter(|s| !(s.is_finite() && *s > 0.0)) {
        return Err(ApiError::bad(format!(
            "max_seconds {s}: not a positive number of seconds"
        )));
    }
    if body.max_nodes == Some(0) {
        return Err(ApiError::bad("max_nodes 0: not a positive number of nodes"));
    }
    let at = At {
        game: body.game.clone(),
        position: body.position.clone(),
        moves: body.moves.clone(),
    };
    let state = at.state()?;
    let databases = app.databases.clone();
    let seconds = body.max_seconds.unwrap_or(DEFAULT_SECONDS);
    let max_nodes = body.max_nodes;
    app.answer(&headers, Some(seconds), move |progress| {
        analyse(&*state, &databases, max_nodes, progress)
    })
    .await
}

/// One move's value: `lower..=upper`, from the mover's point of view (`None`: unbounded).
struct Bounds {
    lower: Option<i32>,
    upper: Option<i32>,
}

fn analyse(
    state: &dyn DynState,
    databases: &std::path::Path,
    max_nodes: Option<u64>,
    progress: &JobProgress,
) -> Result<Value, ApiError> {
    let side = state.side_to_move().letter().to_string();
    let head = json!({
        "game": state.spec().to_string(),
        "position": state.position_text(),
        "side_to_move": side,
    });
    let with = |mut v: Value, rest: Value| {
        for (k, x) in rest.as_object().into_iter().flatten() {
            v[k] = x.clone();
        }
        v
    };
    if state.end().is_some() {
        let [s, n] = state.stores();
        let value = if state.side_to_move() == mancala::core::Side::South {
            s as i32 - n as i32
        } else {
            n as i32 - s as i32
        };
        return Ok(with(
            head,
            json!({
                "source": "game over", "value": {"exact": true, "lower": value, "upper": value},
                "moves": [], "pv": [], "nodes": 0, "seconds": 0.0, "stopped": null,
            }),
        ));
    }
    // The databases, where they cover the position.
    let dir = mancala::egdb::default_dir(databases, state.spec());
    if dir.is_dir() {
        if let Ok((_, db)) = open_egdb(&dir) {
            if let Ok(report) = state.probe(&db) {
                let v = &report.valued;
                let moves: Vec<Value> = v
                    .moves
                    .iter()
                    .map(|m| json!({"move": m.mv, "exact": true, "lower": m.value, "upper": m.value, "source": "database"}))
                    .collect();
                return Ok(with(
                    head,
                    json!({
                        "source": "database",
                        "database": super::app::relative(databases, &dir),
                        "value": {"exact": true, "lower": v.value, "upper": v.value},
                        "moves": moves, "pv": v.pv, "nodes": 0, "seconds": 0.0, "stopped": null,
                    }),
                ));
            }
        }
    }
    let started = std::time::Instant::now();
    let start = state.start_text();
    let played = state.moves();
    // The position itself, in half the time.
    let root = solve(
        state,
        &start,
        &played,
        progress.seconds_left() / 2.0,
        max_nodes,
        progress,
    )?;
    if let Solved::Exact(report) = &root {
        let v = &report.valued;
        let moves: Vec<Value> = v
            .moves
            .iter()
            .map(|m| {
                json!({"move": m.mv, "exact": m.exact, "lower": m.exact.then_some(m.value), "upper": m.value, "source": "solver"})
            })
            .collect();
        let nodes = match &report.detail {
            mancala::jobs::SolveDetail::Search(d) => d.nodes,
            _ => 0,
        };
        return Ok(with(
            head,
            json!({
                "source": "solver",
                "value": {"exact": true, "lower": v.value, "upper": v.value},
                "moves": moves, "pv": v.pv, "nodes": nodes,
                "seconds": started.elapsed().as_secs_f64(), "stopped": null,
            }),
        ));
    }
    let Solved::Stopped {
        bounds: root_bounds,
        limit,
        nodes: mut total_nodes,
    } = root
    else {
        unreachable!()
    };
    if progress.cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(ApiError::bad("the analysis was cancelled"));
    }
    // Each move alone, in an equal share of the time left.
    let legal = state.legal_moves();
    let mut moves = Vec::new();
    // What stopped the position's own solve (each move's share stops the same way).
    let stopped = limit;
    for (k, mv) in legal.iter().enumerate() {
        let share = progress.seconds_left() / (legal.len() - k) as f64;
        let mut child = state.clone_box();
        let action = child.string_to_action(mv).map_err(ApiError::bad)?;
        child.apply_action(action).map_err(ApiError::bad)?;
        // The child's value is from the point of view of its side to move (who would move,
        // once the game is over).
        let same_mover = child.side_to_move() == state.side_to_move();
        let solved = if share > 0.0 && !progress.cancelled() {
            solve(
                &*child,
                &start,
                &[played.clone(), vec![mv.clone()]].concat(),
                share,
                max_nodes,
                progress,
            )?
        } else {
            Solved::Stopped {
                bounds: Bounds {
                    lower: None,
                    upper: None,
                },
                limit: "time limit".into(),
                nodes: 0,
            }
        };
        let (b, exact) = match solved {
            Solved::Exact(r) => {
                if let mancala::jobs::SolveDetail::Search(d) = &r.detail {
                    total_nodes += d.nodes;
                }
                (
                    Bounds {
                        lower: Some(r.valued.value),
                        upper: Some(r.valued.value),
                    },
                    true,
                )
            }
            Solved::Stopped { bounds, nodes, .. } => {
                total_nodes += nodes;
                (bounds, false)
            }
        };
        let (lower, upper) = if same_mover {
            (b.lower, b.upper)
        } else {
            (b.upper.map(|v| -v), b.lower.map(|v| -v))
        };
        moves.push(
            json!({"move": mv, "exact": exact, "lower": lower, "upper": upper, "source": "solver"}),
        );
    }
    // The position's value is the best move's: at least the best lower bound, at most the
    // largest upper bound (unknown if any move's is), within the root solve's own bounds.
    let best_lower = moves.iter().filter_map(|m| m["lower"].as_i64()).max();
    let lower = [best_lower, root_bounds.lower.map(i64::from)]
        .into_iter()
        .flatten()
        .max();
    let uppers: Option<Vec<i64>> = moves.iter().map(|m| m["upper"].as_i64()).collect();
    let upper = [
        uppers.and_then(|u| u.into_iter().max()),
        root_bounds.upper.map(i64::from),
    ]
    .into_iter()
    .flatten()
    .min();
    let all_exact = moves.iter().all(|m| m["exact"] == json!(true));
    Ok(with(
        head,
        json!({
            "source": "solver",
            "value": {"exact": all_exact, "lower": lower, "upper": upper},
            "moves": moves, "pv": [], "nodes": total_nodes,
            "seconds": started.elapsed().as_secs_f64(),
            "stopped": if all_exact { Value::Null } else { json!(stopped) },
        }),
    ))
}

enum Solved {
    Exact(Box<mancala::jobs::SolveReport>),
    Stopped {
        bounds: Bounds,
        limit: String,
        nodes: u64,
    },
}

/// Solves `state` (reached by `moves` from `start`) within `seconds` and `max_nodes`.
fn solve(
    state: &dyn DynState,
    start: &str,
    moves: &[String],
    seconds: f64,
    max_nodes: Option<u64>,
    progress: &JobProgress,
) -> Result<Solved, ApiError> {
    let request = Request::Solve(SolveRequest {
        position: Some(start.to_string()),
        moves: (!moves.is_empty()).then(|| moves.join(" ")),
        threads: Threads::ONE,
        tt_mb: Some(64),
        max_seconds: Some(seconds.max(0.001)),
        max_nodes,
        ..SolveRequest::new(&state.spec().to_string())
    });
    match execute(&request, None, progress) {
        Ok(Report::Solve(r)) => Ok(Solved::Exact(Box::new(r))),
        Ok(_) => unreachable!("a solve reports a solve"),
        Err(e) if e.kind() == ErrorKind::Stopped => {
            let p = e.partial().cloned().unwrap_or_default();
            // A bound as large as the solver's infinity is no bound.
            let get = |k: &str| {
                p[k].as_i64()
                    .filter(|v| v.abs() < 1 << 20)
                    .map(|v| v as i32)
            };
            Ok(Solved::Stopped {
                bounds: Bounds {
                    lower: get("lower"),
                    upper: get("upper"),
                },
                limit: p["stopped"].as_str().unwrap_or("a limit").to_string(),
                nodes: p["nodes"].as_u64().unwrap_or(0),
            })
        }
        Err(e) => Err(ApiError::job(e)),
    }
}
