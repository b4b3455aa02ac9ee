//! `mancala run solvers/NAME.toml`: a job file describing a solve, a database build, a match, a
//! tournament or a win-rate-versus-budget series; the results go to `results/NAME.md`, `.csv`,
//! `.json` (manifest) and `.games.jsonl` (and `.svg` for a series). solvers/README.md documents
//! the keys of each kind.

use super::arena::{ArenaArgs, Series};
use super::output::{Manifest, RunFiles};
use super::{emit, CliResult, Failure};
use anyhow::Context as _;
use clap::Args;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The job file (TOML), e.g. solvers/kalah-tournament.toml.
    pub job: PathBuf,
    /// Directory of the result files.
    #[arg(long, default_value = "results")]
    pub results: PathBuf,
    /// Worker threads (default: the job's `threads`, else all cores). Results do not depend on
    /// it for agents with depth or iteration budgets.
    #[arg(long, short = 't')]
    pub threads: Option<usize>,
}

/// Keys every arena job (match, tournament, series) takes.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct ArenaJob {
    #[allow(dead_code)]
    kind: String,
    #[serde(default)]
    description: Option<String>,
    game: String,
    #[serde(default)]
    agents: Vec<String>,
    #[serde(default)]
    rounds: Option<u64>,
    #[serde(default)]
    games: Option<u64>,
    #[serde(default)]
    openings: u32,
    #[serde(default = "one")]
    seed: u64,
    #[serde(default)]
    threads: Option<usize>,
    #[serde(default = "thousand")]
    max_plies: u32,
    /// `match` only.
    #[serde(default)]
    sprt: Option<String>,
    /// `series` only: the agent with `{}` where the value goes.
    #[serde(default)]
    agent: Option<String>,
    /// `series` only.
    #[serde(default)]
    values: Vec<u64>,
    /// `series` only.
    #[serde(default)]
    opponent: Option<String>,
}

fn one() -> u64 {
    1
}

fn thousand() -> u32 {
    1000
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct SolveJob {
    #[allow(dead_code)]
    kind: String,
    #[serde(default)]
    description: Option<String>,
    game: String,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Option<String>,
    #[serde(default)]
    threads: Option<usize>,
    #[serde(default)]
    tt_mb: Option<u32>,
    #[serde(default)]
    value_only: bool,
    #[serde(default)]
    egdb: Option<String>,
    /// `solve --method` of the solve (default `alphabeta`).
    #[serde(default)]
    method: Option<String>,
    /// A second `--method` that must give the same value to every root move.
    #[serde(default)]
    check: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct EgdbJob {
    #[allow(dead_code)]
    kind: String,
    #[serde(default)]
    description: Option<String>,
    game: String,
    max_seeds: u32,
    #[serde(default)]
    out: Option<String>,
    #[serde(default)]
    threads: Option<usize>,
    #[serde(default)]
    memory_limit: Option<String>,
}

fn bad_job(path: &Path, what: impl std::fmt::Display) -> Failure {
    Failure::input(anyhow::anyhow!("{}: {what}", path.display()))
}

/// Runs `mancala run`.
pub fn run(args: RunArgs, command_line: &str) -> CliResult {
    let path = &args.job;
    let text = std::fs::read_to_string(path).map_err(|e| {
        Failure::input(anyhow::anyhow!(
            "cannot read job file {}: {e}",
            path.display()
        ))
    })?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| bad_job(path, e))?;
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| bad_job(path, "the file name is not a valid run name"))?
        .to_string();
    let job_json = serde_json::to_value(&table).unwrap_or(Value::Null);
    let kind = table
        .get("kind")
        .and_then(|k| k.as_str())
        .ok_or_else(|| {
            bad_job(
                path,
                "missing key `kind` (match, tournament, series, solve or egdb)",
            )
        })?
        .to_string();
    let files = RunFiles::new(&args.results, &name).map_err(|e| bad_job(path, e))?;
    match kind.as_str() {
        "match" | "tournament" | "series" => {
            let job: ArenaJob = toml::from_str(&text).map_err(|e| bad_job(path, e))?;
            run_arena(job, &kind, &args, files, job_json, command_line, path)
        }
        "solve" => {
            let job: SolveJob = toml::from_str(&text).map_err(|e| bad_job(path, e))?;
            let _ = &job.description;
            let mut argv = vec!["solve".to_string(), job.game.clone(), "--json".into()];
            if let Some(p) = &job.position {
                argv.extend(["--position".into(), p.clone()]);
            }
            if let Some(m) = &job.moves {
                argv.extend(["--moves".into(), m.clone()]);
            }
            if let Some(t) = args.threads.or(job.threads) {
                argv.extend(["--threads".into(), t.to_string()]);
            }
            if let Some(t) = job.tt_mb {
                argv.extend(["--tt-mb".into(), t.to_string()]);
            }
            if job.value_only {
                argv.push("--value-only".into());
            }
            if let Some(d) = &job.egdb {
                argv.extend(["--egdb".into(), d.clone()]);
            }
            if let Some(m) = &job.method {
                argv.extend(["--method".into(), m.clone()]);
            }
            let check = job.check.as_ref().map(|m| {
                let mut a: Vec<String> = argv
                    .iter()
                    .filter(|a| *a != "--value-only")
                    .cloned()
                    .collect();
                if let Some(i) = a.iter().position(|x| x == "--method") {
                    a.drain(i..i + 2);
                }
                a.extend(["--method".into(), m.clone()]);
                a
            });
            run_subcommand(
                &argv,
                check.as_deref(),
                "solve",
                &files,
                job_json,
                command_line,
                path,
            )
        }
        "egdb" => {
            let job: EgdbJob = toml::from_str(&text).map_err(|e| bad_job(path, e))?;
            let _ = &job.description;
            let mut argv = vec![
                "egdb".to_string(),
                "build".into(),
                job.game.clone(),
                "--max-seeds".into(),
                job.max_seeds.to_string(),
                "--json".into(),
            ];
            if let Some(o) = &job.out {
                argv.extend(["--out".into(), o.clone()]);
            }
            if let Some(t) = args.threads.or(job.threads) {
                argv.extend(["--threads".into(), t.to_string()]);
            }
            if let Some(m) = &job.memory_limit {
                argv.extend(["--memory-limit".into(), m.clone()]);
            }
            run_subcommand(&argv, None, "egdb", &files, job_json, command_line, path)
        }
        other => Err(bad_job(
            path,
            format!("`kind = \"{other}\"`: expected match, tournament, series, solve or egdb"),
        )),
    }
}

fn run_arena(
    job: ArenaJob,
    kind: &str,
    args: &RunArgs,
    files: RunFiles,
    job_json: Value,
    command_line: &str,
    path: &Path,
) -> CliResult {
    let _ = &job.description;
    if kind != "match" && job.sprt.is_some() {
        return Err(bad_job(path, "key `sprt` is for `kind = \"match\"` only"));
    }
    if job.rounds.is_some() && job.games.is_some() {
        return Err(bad_job(path, "give `rounds` (pairs) or `games`, not both"));
    }
    let (agents, series, min) = match kind {
        "series" => {
            if !job.agents.is_empty() {
                return Err(bad_job(
                    path,
                    "a series takes `agent` (a template with {}) and `opponent`, not `agents`",
                ));
            }
            let template = job.agent.clone().ok_or_else(|| {
                bad_job(path, "a series needs `agent`, e.g. \"mcts(iterations={})\"")
            })?;
            let key = template
                .split_once("={}")
                .map(|(head, _)| {
                    head.rsplit(['(', ','])
                        .next()
                        .unwrap_or("value")
                        .to_string()
                })
                .ok_or_else(|| {
                    bad_job(
                        path,
                        format!("`agent = \"{template}\"` has no `key={{}}` for the values"),
                    )
                })?;
            let opponent = job
                .opponent
                .clone()
                .ok_or_else(|| bad_job(path, "a series needs `opponent`"))?;
            if job.values.is_empty() {
                return Err(bad_job(
                    path,
                    "a series needs `values`, e.g. [100, 1000, 10000]",
                ));
            }
            let mut agents: Vec<String> = job
                .values
                .iter()
                .map(|v| template.replace("{}", &v.to_string()))
                .collect();
            agents.push(opponent);
            let series = Series {
                template,
                values: job.values.clone(),
                key,
            };
            (agents, Some(series), 2)
        }
        _ => {
            for (key, set) in [
                ("agent", job.agent.is_some()),
                ("values", !job.values.is_empty()),
                ("opponent", job.opponent.is_some()),
            ] {
                if set {
                    return Err(bad_job(
                        path,
                        format!("key `{key}` is for `kind = \"series\"` only"),
                    ));
                }
            }

            (
                job.agents.clone(),
                None,
                if kind == "match" { 2 } else { 3 },
            )
        }
    };
    let arena_args = ArenaArgs {
        game: job.game.clone(),
        agents,
        rounds: job.rounds,
        games: job.games,
        openings: job.openings,
        seed: job.seed,
        threads: args
            .threads
            .or(job.threads)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        max_plies: job.max_plies,
        out: None,
        results: args.results.clone(),
    };
    let static_kind: &'static str = match kind {
        "match" => "match",
        "tournament" => "tournament",
        _ => "series",
    };
    let mut arena = arena_args
        .validate(static_kind, min)
        .map_err(|f| f.context(path))?;
    if let Some(series) = series {
        let n = arena.plan.agents.len();
        arena.plan.pairings = (0..n - 1).map(|k| (k, n - 1)).collect();
        arena.series = Some(series);
    }
    if let Some(text) = &job.sprt {
        arena.sprt = Some(
            text.parse()
                .map_err(|e: String| bad_job(path, format!("bad `sprt = \"{text}\"`: {e}")))?,
        );
    }
    arena.files = Some(files);
    arena.job = Some(job_json);
    let outcome = arena.run(command_line)?;
    emit(&outcome.text)
}

/// Runs this program's own subcommand `argv` with `--json` and turns its JSON into the run's
/// files. With `check`, a second solve by another method runs too, and every root move must
/// get the same exact value from both.
fn run_subcommand(
    argv: &[String],
    check: Option<&[String]>,
    kind: &'static str,
    files: &RunFiles,
    job_json: Value,
    command_line: &str,
    path: &Path,
) -> CliResult {
    let mut manifest = Manifest::start(kind, json!({ "argv": argv }), 0, command_line);
    manifest.set("job", job_json);
    let result = run_json(argv, path)?;
    let checked = match check {
        Some(check_argv) => {
            let second = run_json(check_argv, path)?;
            let exact = |r: &Value| -> Vec<(Value, Value)> {
                r["moves"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|m| m["exact"] == json!(true))
                    .map(|m| (m["move"].clone(), m["value"].clone()))
                    .collect()
            };
            let (a, b) = (exact(&result), exact(&second));
            // A retrograde draw (0) is "no forced win": any value strictly between a loss and a
            // win agrees with it; wins and losses must be equal.
            let total = result["seeds"]
                .as_i64()
                .filter(|_| result["result"].is_string());
            let same = |x: &Value, y: &Value| match (total, x.as_i64(), y.as_i64()) {
                (Some(t), Some(0), Some(v)) if t > 0 => v.abs() < t,
                _ => x == y,
            };
            let agree = same(&result["value"], &second["value"])
                && a.iter().all(|m| {
                    b.iter()
                        .find(|x| x.0 == m.0)
                        .is_none_or(|x| same(&m.1, &x.1))
                });
            if !agree {
                return Err(anyhow::anyhow!(
                    "{}: the check disagrees: `mancala {}` gives {} ({}), `mancala {}` gives {} ({})",
                    path.display(),
                    argv.join(" "),
                    result["value"],
                    json!(a),
                    check_argv.join(" "),
                    second["value"],
                    json!(b)
                )
                .into());
            }
            Some(second)
        }
        None => None,
    };
    let (text, header, rows) = match kind {
        "solve" => solve_table(&result, checked.as_ref()),
        _ => egdb_table(&result),
    };
    manifest.finish(true, 0);
    manifest.set("result", result);
    if let Some(c) = checked {
        manifest.set("check", c);
    }
    files
        .write_all(&manifest, &text, &header, &rows, &[])
        .map_err(Failure::from)?;
    emit(&text)
}

/// Runs this program's subcommand `argv` (which prints JSON) and parses what it prints.
fn run_json(argv: &[String], path: &Path) -> Result<Value, Failure> {
    let exe = std::env::current_exe().context("cannot find this program's path")?;
    let output = std::process::Command::new(exe)
        .args(argv)
        .stderr(std::process::Stdio::inherit())
        .output()
        .context("cannot run the job")?;
    if !output.status.success() {
        let code = output.status.code().unwrap_or(1);
        let error = anyhow::anyhow!("{}: `mancala {}` failed", path.display(), argv.join(" "));
        return Err(if code == 2 {
            Failure::input(error)
        } else {
            error.into()
        });
    }
    Ok(serde_json::from_slice(&output.stdout).context("the job printed no JSON")?)
}

fn solve_table(r: &Value, check: Option<&Value>) -> (String, Vec<String>, Vec<Vec<String>>) {
    let header: Vec<String> = [
        "game",
        "position",
        "value",
        "best_moves",
        "move_values",
        "pv",
        "nodes",
        "seconds",
        "method",
        "check_method",
        "check_value",
        "check_nodes",
        "check_seconds",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let value = r["value"].as_i64().unwrap_or(0);
    let moves = r["moves"].as_array().cloned().unwrap_or_default();
    let best: Vec<String> = moves
        .iter()
        .filter(|m| m["value"].as_i64() == Some(value) && m["exact"].as_bool() == Some(true))
        .filter_map(|m| m["move"].as_str().map(String::from))
        .collect();
    let all: Vec<String> = moves
        .iter()
        .map(|m| {
            format!(
                "{}:{}{}",
                m["move"].as_str().unwrap_or("?"),
                if m["exact"].as_bool() == Some(true) {
                    ""
                } else {
                    "<="
                },
                m["value"]
            )
        })
        .collect();
    let pv: Vec<String> = r["pv"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    let row = vec![
        r["game"].as_str().unwrap_or("").to_string(),
        r["position"].as_str().unwrap_or("").to_string(),
        value.to_string(),
        best.join(" "),
        all.join(" "),
        pv.join(" "),
        // Retrograde analysis counts positions, not nodes.
        if r["nodes"].is_null() {
            r["positions"].to_string()
        } else {
            r["nodes"].to_string()
        },
        format!("{:.2}", r["seconds"].as_f64().unwrap_or(0.0)),
        r["method"].as_str().unwrap_or("alphabeta").to_string(),
    ];
    let mut row = row;
    match check {
        Some(c) => row.extend([
            c["method"].as_str().unwrap_or("").to_string(),
            c["value"].to_string(),
            c["nodes"].to_string(),
            format!("{:.2}", c["seconds"].as_f64().unwrap_or(0.0)),
        ]),
        None => row.extend(["".to_string(), "".into(), "".into(), "".into()]),
    }
    let meaning = match r["result"].as_str() {
        // `solve --method retrograde`: a result, not a seed margin.
        Some(result) => format!(
            "Result for the side to move: **{result}** in {} plies, by retrograde analysis of \
             {} reachable positions ({}). Values: a win is worth all the seeds (the winner takes \
             them), a loss minus that, 0 a draw: neither side can force a win, play would go on \
             until a position repeats (not valued in seeds). Positions: {} wins, {} draws, {} \
             losses for their mover. PV: {}\n",
            r["plies"],
            r["positions"],
            r["move_results"]
                .as_array()
                .map(|m| m
                    .iter()
                    .map(|x| format!(
                        "{} {} in {}",
                        x["move"].as_str().unwrap_or(""),
                        x["result"].as_str().unwrap_or(""),
                        x["plies"]
                    ))
                    .collect::<Vec<_>>()
                    .join(", "))
                .unwrap_or_default(),
            r["counts"]["win"],
            r["counts"]["draw"],
            r["counts"]["loss"],
            row[5]
        ),
        None => format!(
            "Value: final store difference in seeds from the side to move under perfect play, \
             by `{}`. PV: {}\n",
            row[8], row[5]
        ),
    };
    let mut text = format!(
        "| game | position | value | best moves | every move | {} | seconds |\n|---|---|---:|---|---|---:|---:|\n| `{}` | `{}` | {} | {} | {} | {} | {} |\n\n{meaning}",
        if r["result"].is_string() { "positions" } else { "nodes" },
        row[0], row[1], row[2], row[3], row[4], row[6], row[7]
    );
    if check.is_some() {
        let agreement = if r["result"].is_string() {
            "every win and loss the same, every draw valued strictly between a loss and a win"
        } else {
            "every root move the same"
        };
        text.push_str(&format!(
            "\nChecked by a second method, `{}`: value {}, {agreement} ({} nodes, {} s).\n",
            row[9], row[10], row[11], row[12]
        ));
    }
    (text, header, vec![row])
}

fn egdb_table(r: &Value) -> (String, Vec<String>, Vec<Vec<String>>) {
    let header: Vec<String> = ["layer", "positions", "seconds"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut rows = Vec::new();
    let mut text = format!(
        "Database `{}` in `{}`.\n\n| layer (seeds) | positions | seconds |\n|---:|---:|---:|\n",
        r["game"].as_str().unwrap_or(""),
        r["dir"].as_str().unwrap_or("")
    );
    for l in r["layers"].as_array().cloned().unwrap_or_default() {
        let row = vec![
            l["layer"].to_string(),
            l["positions"].to_string(),
            format!("{:.2}", l["seconds"].as_f64().unwrap_or(0.0)),
        ];
        text.push_str(&format!("| {} | {} | {} |\n", row[0], row[1], row[2]));
        rows.push(row);
    }
    (text, header, rows)
}
