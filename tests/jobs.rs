//! The job layer: solve, match and database jobs run through the library alone give the report
//! the command line prints with `--json`; and the front-end defects the layer fixed stay fixed.

mod common;

use common::{fails_with, json, mancala};
use mancala::jobs::{
    execute, ArenaRequest, BuildRequest, Method, Report, Request, RunFiles, SolveRequest, Threads,
    VerifyRequest,
};
use serde_json::Value;
use std::process::{Command, Stdio};

/// `value` without the keys that depend on the machine (wall time) or on where files went.
fn without_timing(mut value: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(map) => {
                for key in [
                    "seconds",
                    "open_seconds",
                    "dir",
                    "entries_per_second",
                    "peak_rss_bytes",
                ] {
                    map.remove(key);
                }
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut value);
    value
}

fn library(request: &Request) -> Value {
    serde_json::to_value(execute(request, None, &()).expect("the job runs")).unwrap()
}

#[test]
fn a_solve_job_through_the_library_is_the_cli_report() {
    let game = "kalah(houses=3,seeds=3,capture=empty)";
    let request = Request::Solve(SolveRequest {
        threads: Threads::ONE,
        tt_mb: Some(16),
        ..SolveRequest::new(game)
    });
    let ours = library(&request);
    // tests/data/kalah-solved.csv: Kalah(3,3) with capture=empty is +2 for the first player.
    assert_eq!(ours["value"], 2);
    let cli = json(&["solve", game, "--threads", "1", "--tt-mb", "16", "--json"]);
    assert_eq!(without_timing(ours), without_timing(cli));
}

#[test]
fn a_checked_retrograde_solve_agrees_and_reports_both_methods() {
    // Reduced Omweso (each player O = 2, P = 3): a draw by retrograde analysis, which the
    // alpha-beta check values strictly between a loss and a win (results/solve/omweso-10-solve.md).
    let request = Request::Solve(SolveRequest {
        method: Method::Retrograde,
        check: Some(Method::Alphabeta),
        threads: Threads::ONE,
        ..SolveRequest::new("omweso(start=0.0.0.0.0.0.0.0.0.0.0.0.0.0.2.3)")
    });
    let Report::Solve(report) = execute(&request, None, &()).unwrap() else {
        unreachable!()
    };
    assert_eq!(report.valued.value, 0);
    let check = report.check.expect("the check's solve");
    assert_eq!(check.method, Method::Alphabeta);
    assert!(check.valued.value.abs() < 10, "{}", check.valued.value);
}

#[test]
fn a_match_job_through_the_library_is_the_cli_report() {
    let game = "kalah(houses=4,seeds=3)";
    let request = Request::Match(ArenaRequest {
        rounds: Some(3),
        openings: 1,
        seed: 7,
        threads: Threads::new(2).unwrap(),
        ..ArenaRequest::new(game, &["alphabeta(depth=2)", "greedy"])
    });
    let ours = library(&request);
    let cli = json(&[
        "match",
        game,
        "-a",
        "alphabeta(depth=2)",
        "-a",
        "greedy",
        "--rounds",
        "3",
        "--openings",
        "1",
        "--seed",
        "7",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(ours, cli);
    assert_eq!(ours["games"], 6);
}

/// A request to build layers `0..=max_seeds` of `game` under `out`, on 2 threads.
fn build_request(game: &str, max_seeds: u32, out: &std::path::Path) -> Request {
    Request::EgdbBuild(BuildRequest {
        description: None,
        game: game.into(),
        max_seeds,
        out: out.to_path_buf(),
        threads: Threads::new(2).unwrap(),
        memory_limit: None,
        checkpoint_minutes: None,
        distributed: false,
        partition: false,
    })
}

#[test]
fn a_database_job_through_the_library_is_the_cli_report() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let game = "kalah(houses=3,capture=empty)";
    let ours = library(&build_request(game, 8, a.path()));
    let cli = json(&[
        "egdb",
        "build",
        game,
        "--max-seeds",
        "8",
        "--out",
        b.path().to_str().unwrap(),
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(without_timing(ours.clone()), without_timing(cli));
    // Layer n of 3-house Kalah: the ways to put n seeds in 6 houses, C(n + 5, 5).
    let positions: Vec<u64> = ours["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["positions"].as_u64().unwrap())
        .collect();
    assert_eq!(positions, [1, 6, 21, 56, 126, 252, 462, 792, 1287]);
}

#[test]
fn a_full_verification_through_the_library_is_the_cli_report() {
    let root = tempfile::tempdir().unwrap();
    let game = "awari(houses=3)";
    let dir = library(&build_request(game, 7, root.path()))["dir"]
        .as_str()
        .unwrap()
        .to_string();
    let request = Request::EgdbVerify(VerifyRequest {
        dir: dir.clone().into(),
        samples: 4,
        seed: 3,
        full: true,
        threads: Threads::new(2).unwrap(),
    });
    let ours = library(&request);
    let cli = json(&[
        "egdb",
        "verify",
        &dir,
        "--samples",
        "4",
        "--seed",
        "3",
        "--full",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(without_timing(ours.clone()), without_timing(cli));
    assert_eq!(ours["ok"], true);
    assert_eq!(ours["build"]["max_seeds"], 7);
    // C(7 + 6, 6) boards of up to 7 seeds in 6 houses.
    assert_eq!(ours["full"]["checked"], 1716);
    assert_eq!(ours["layers"][7]["full"]["checked"], 792);
}

#[test]
fn a_job_file_is_a_serialized_request() {
    let text = "kind = \"solve\"\ngame = \"kalah(houses=3,seeds=2,capture=empty)\"\ntt_mb = 16\n";
    let request = Request::from_toml(text, std::path::Path::new("x.toml")).unwrap();
    let Request::Solve(solve) = &request else {
        panic!("{request:?}")
    };
    assert_eq!(solve.tt_mb, Some(16));
    // And back: the request as JSON deserializes to itself.
    let json = serde_json::to_string(&request).unwrap();
    assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
}

#[test]
fn a_closed_standard_error_is_not_a_panic() {
    // The error message is written after the reader of standard error has gone.
    let mut child = Command::new("sh")
        .args([
            "-c",
            "sleep 0.5; exec \"$0\" show kalahh",
            env!("CARGO_BIN_EXE_mancala"),
        ])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let status = child.wait().unwrap();
    assert_eq!(
        status.code(),
        Some(2),
        "bad game string: exit 2, not a panic (101)"
    );
}

#[test]
fn a_result_set_is_written_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("tournaments/blocked.md")).unwrap();
    let mut args = small_match("blocked");
    args.push(dir.path().to_str().unwrap());
    fails_with(&args, "blocked.md");
    for ext in ["csv", "json", "games.jsonl"] {
        let path = dir.path().join(format!("tournaments/blocked.{ext}"));
        assert!(!path.exists(), "{ext} was written");
    }
}

/// A short match written to `--out name --results` (the root to be pushed: the files go to its
/// `tournaments/`).
fn small_match(name: &str) -> Vec<&str> {
    let mut args: Vec<&str> = "match kalah(houses=3,seeds=2) -a random -a greedy --rounds 2 --out"
        .split(' ')
        .collect();
    args.extend([name, "--results"]);
    args
}

/// A run continued (here grown from 2 rounds to 3) keeps its first start and lists both
/// invocations.
#[test]
fn a_resumed_run_keeps_its_first_start_and_sums_its_wall_time() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = small_match("twice");
    args.push(dir.path().to_str().unwrap());
    let rounds = args.iter().position(|a| *a == "--rounds").unwrap() + 1;
    for n in ["2", "3"] {
        args[rounds] = n;
        assert!(mancala(&args).status.success());
    }
    let manifest = manifest(&dir.path().join("tournaments"), "twice");
    let invocations = manifest["invocations"].as_array().unwrap();
    assert_eq!(invocations.len(), 2);
    assert_eq!(manifest["start_time"], invocations[0]["start_time"]);
    let sum: f64 = invocations
        .iter()
        .map(|i| i["wall_seconds"].as_f64().unwrap())
        .sum();
    assert!((manifest["wall_seconds"].as_f64().unwrap() - sum).abs() < 0.002);
    assert_eq!(manifest["threads"], invocations[1]["threads"]);
}

/// Every file of a result set, by name, as bytes.
fn result_files(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read(&path).unwrap())
        })
        .collect()
}

/// A complete run asked again (a job file, and `match --out`) leaves every file byte for byte
/// as it is (its provenance: commit, CPU, wall time, build id), says so, and prints its table
/// from its records.
#[test]
fn a_complete_run_leaves_its_files_as_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let job = job_file(
        dir.path(),
        "done.toml",
        "kind = \"tournament\"\ngame = \"kalah(houses=3,seeds=2)\"\nagents = [\"random\", \
         \"greedy\", \"alphabeta(depth=2)\"]\nrounds = 1\n",
    );
    let first = succeeds_in(dir.path(), &["run", &job, "--results", "r"]);
    let folder = dir.path().join("r/tournaments");
    let files = result_files(&folder);
    // .md, .csv, .json, .games.jsonl and the ratings plot .svg.
    assert_eq!(files.len(), 5, "{:?}", files.keys());
    let again = succeeds_in(
        dir.path(),
        &["run", &job, "--results", "r", "--threads", "1"],
    );
    assert_eq!(result_files(&folder), files);
    assert_eq!(again.stdout, first.stdout, "the same table");
    assert!(String::from_utf8_lossy(&again.stdout).contains("| `greedy` |"));
    let note = String::from_utf8_lossy(&again.stderr);
    assert!(
        note.contains("complete: 6 of 6 games already played; files left as they are"),
        "{note}"
    );

    let mut args = small_match("m");
    args.push("r");
    let first = succeeds_in(dir.path(), &args);
    let files = result_files(&folder);
    let again = succeeds_in(dir.path(), &args);
    assert_eq!(result_files(&folder), files);
    assert_eq!(again.stdout, first.stdout);
    assert!(String::from_utf8_lossy(&again.stdout).contains("score"));
    assert!(String::from_utf8_lossy(&again.stderr).contains("complete: 4 of 4"));
}

#[test]
fn egdb_stats_without_out_writes_no_file_and_run_results_holds_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let text = "kind = \"egdb\"\ngame = \"kalah(houses=2,capture=empty)\"\nmax_seeds = 4\n";
    run_job_in(dir.path(), "small-egdb.toml", text, "scratch");
    let db = dir
        .path()
        .join("scratch/databases/kalah-capture=empty-houses=2");
    assert!(
        db.join("layer-004.egdb").exists(),
        "the database is under --results"
    );
    assert!(
        !dir.path().join("databases").exists(),
        "nothing outside --results"
    );
    let out = succeeds_in(dir.path(), &["egdb", "stats", db.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("| layer | positions | wins |"));
    assert!(
        !dir.path().join("results").exists(),
        "no file without --out"
    );
}

#[test]
fn a_checked_solve_job_lists_its_timing_columns() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        "kind = \"solve\"\ngame = \"kalah(houses=3,seeds=2)\"\ntt_mb = 16\ncheck = \"plain\"\n";
    run_job_in(dir.path(), "checked.toml", text, ".");
    let manifest = manifest(&dir.path().join("solve"), "checked");
    let timing = manifest["timing_columns"].as_array().unwrap();
    for column in ["nodes", "seconds", "check_nodes", "check_seconds"] {
        assert!(timing.contains(&Value::from(column)), "{column}");
    }
    assert!(
        manifest["threads"].as_u64().unwrap() >= 1,
        "the real thread count"
    );
}

#[test]
fn table_cutoffs_are_a_share_of_the_nodes() {
    let v = json(&[
        "solve",
        "kalah(houses=4,seeds=3)",
        "--tt-mb",
        "16",
        "--json",
    ]);
    let cutoffs = v["table"]["cutoffs"].as_u64().unwrap();
    let nodes = v["nodes"].as_u64().unwrap();
    assert!(cutoffs <= nodes, "{cutoffs} cutoffs, {nodes} nodes");
    let out = mancala(&["solve", "kalah(houses=4,seeds=3)", "--tt-mb", "16"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("table")).unwrap();
    assert!(line.contains("ended by table bounds"), "{line}");
}

#[test]
fn the_same_agent_twice_plays_itself_under_two_names() {
    // Self-play: `random` twice is named by its place among its copies; `name=` names an agent.
    let v = json(&[
        "tournament",
        "kalah(houses=3,seeds=2)",
        "-a",
        "random",
        "-a",
        "random",
        "-a",
        "greedy(name=g)",
        "--rounds",
        "2",
        "--seed",
        "3",
        "--json",
    ]);
    let header: Vec<&str> = v["header"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let mut agents: Vec<&str> = rows
        .iter()
        .map(|r| r[column("agent")].as_str().unwrap())
        .collect();
    agents.sort();
    assert_eq!(
        agents,
        ["greedy(name=g)", "random(name=1)", "random(name=2)"]
    );
    // Three pairings of 2 pairs: 12 games, one point each.
    assert_eq!(v["games"], 12);
    let points: f64 = rows
        .iter()
        .map(|r| r[column("points")].as_f64().unwrap())
        .sum();
    assert_eq!(points, 12.0);
    // The same agent under the same name twice cannot be told apart.
    fails_with(
        &[
            "match",
            "kalah(houses=3,seeds=2)",
            "-a",
            "random(name=x)",
            "-a",
            "random(name=x)",
        ],
        "given twice",
    );
}

#[test]
fn every_command_takes_threads_from_1_to_1024() {
    let v = json(&[
        "perft",
        "kalah",
        "--depth",
        "1",
        "--threads",
        "300",
        "--json",
    ]);
    assert_eq!(v["nodes"], 6);
    for args in [
        &["solve", "kalah", "--threads", "1025"][..],
        &["perft", "kalah", "--depth", "1", "--threads", "0"],
        &[
            "match",
            "kalah",
            "-a",
            "random",
            "-a",
            "greedy",
            "--threads",
            "1025",
        ],
        &[
            "egdb",
            "build",
            "kalah",
            "--max-seeds",
            "1",
            "--threads",
            "1025",
        ],
    ] {
        fails_with(args, "--threads");
    }
}

#[test]
fn run_files_refuse_a_name_with_a_path() {
    assert!(RunFiles::new(std::path::Path::new("results"), "../x", "").is_err());
}

#[test]
fn games_lists_every_game_with_its_keys() {
    let v = json(&["games", "--json"]);
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    // RULES.md §12's names, in the order of the unknown-game message.
    assert_eq!(
        names,
        [
            "kalah",
            "oware",
            "awari",
            "wari",
            "woaley1",
            "woaley2",
            "ayo",
            "adi",
            "giuti",
            "kpo",
            "cups",
            "omweso",
            "bao-la-kete",
            "bao-la-kiswahili",
            "lela",
            "ajwa",
            "azigo",
            "okwe"
        ]
    );
    let bao = &v[12]["keys"];
    assert_eq!(bao[0]["key"], "reserve");
    assert_eq!(bao[0]["default"], "22"); // seed 003: 22 seeds in each reserve
}

/// The manifest `dir/name.json`.
fn manifest(dir: &std::path::Path, name: &str) -> Value {
    let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// `mancala args` run in `dir`, which must succeed.
fn succeeds_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Writes the job file `dir/name` and runs it in `dir` with `--results results` (which must
/// succeed).
fn run_job_in(dir: &std::path::Path, name: &str, text: &str, results: &str) {
    let job = job_file(dir, name, text);
    succeeds_in(dir, &["run", &job, "--results", results]);
}

/// Writes `text` to `dir/name` and returns the path as text.
fn job_file(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn every_job_kind_runs_from_a_job_file() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r");
    let results = results.to_str().unwrap();
    let perft = job_file(
        dir.path(),
        "p.toml",
        "kind = \"perft\"\ngame = \"kalah\"\ndepth = 2\n",
    );
    let out = mancala(&["run", &perft, "--results", results]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // tests/data/kalah.perft (the Python reference): Kalah(6,4) perft(2) = 35.
    assert!(String::from_utf8_lossy(&out.stdout).contains("perft(2) = 35"));
    let build = job_file(
        dir.path(),
        "b.toml",
        "\"kind\" = \"egdb\"\ngame = \"kalah(houses=2,capture=empty)\"\nmax_seeds = 4\nthreads = 1\n",
    );
    assert!(mancala(&["run", &build, "--results", results])
        .status
        .success());
    let db = format!("{results}/databases/kalah-capture=empty-houses=2");
    for (name, text) in [
        ("v.toml", format!("kind = \"egdb-verify\"\ndir = \"{db}\"\nsamples = 3\nfull = true\n")),
        ("q.toml", format!("kind = \"egdb-probe\"\ngame = \"kalah(houses=2,capture=empty)\"\nposition = \"1,1/1,1 6-6 S\"\ndir = \"{db}\"\n")),
        ("s.toml", format!("kind = \"egdb-stats\"\ndir = \"{db}\"\n")),
    ] {
        let job = job_file(dir.path(), name, &text);
        let out = mancala(&["run", &job, "--results", results]);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

/// Each kind writes into its folder under `--results` (results/README.md): a solve under
/// `solve/`, a database build under `databases/`, a match, a tournament and a series under
/// `tournaments/`; only the jobs that play games write a `.games.jsonl`; the kinds that write no
/// files make no folder.
#[test]
fn run_writes_each_job_in_the_folder_of_its_kind() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("r");
    let jobs = [
        ("s", "kind = \"solve\"\ngame = \"kalah(houses=2,seeds=2)\"\ntt_mb = 16\n", "solve", false),
        ("b", "kind = \"egdb\"\ngame = \"kalah(houses=2)\"\nmax_seeds = 2\nthreads = 1\n", "databases", false),
        ("m", "kind = \"match\"\ngame = \"kalah(houses=2,seeds=2)\"\nagents = [\"random\", \"greedy\"]\nrounds = 1\n", "tournaments", true),
        ("t", "kind = \"tournament\"\ngame = \"kalah(houses=2,seeds=2)\"\nagents = [\"random\", \"greedy\", \"alphabeta(depth=1)\"]\nrounds = 1\n", "tournaments", true),
        ("e", "kind = \"series\"\ngame = \"kalah(houses=2,seeds=2)\"\nagent = \"alphabeta(depth={})\"\nvalues = [1, 2]\nopponent = \"random\"\nrounds = 1\n", "tournaments", true),
    ];
    for (name, text, folder, games) in jobs {
        let job = job_file(dir.path(), &format!("{name}.toml"), text);
        succeeds_in(
            dir.path(),
            &["run", &job, "--results", root.to_str().unwrap()],
        );
        for ext in ["md", "csv", "json"] {
            let path = root.join(format!("{folder}/{name}.{ext}"));
            assert!(path.is_file(), "{} missing", path.display());
            assert!(
                !root.join(format!("{name}.{ext}")).exists(),
                "{name}.{ext} at the root"
            );
        }
        let records = root.join(format!("{folder}/{name}.games.jsonl"));
        assert_eq!(records.exists(), games, "{}", records.display());
        let md = std::fs::read_to_string(root.join(format!("{folder}/{name}.md"))).unwrap();
        assert_eq!(md.contains(".games.jsonl"), games, "{md}");
    }
    let perft = job_file(
        dir.path(),
        "p.toml",
        "kind = \"perft\"\ngame = \"kalah\"\ndepth = 1\n",
    );
    let other = dir.path().join("other");
    succeeds_in(
        dir.path(),
        &["run", &perft, "--results", other.to_str().unwrap()],
    );
    assert!(!other.exists(), "a perft job writes no file");
}

#[test]
fn a_solve_job_checks_its_files_and_options_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("solve/s.md")).unwrap();
    // Kalah(6,4) takes minutes: a refusal after the solve would hit the time limit (exit 3).
    let job = job_file(
        dir.path(),
        "s.toml",
        "kind = \"solve\"\ngame = \"kalah\"\nmax_seconds = 20\n",
    );
    fails_with(
        &["run", &job, "--results", dir.path().to_str().unwrap()],
        "s.md",
    );
    let solve = dir.path().join("solve");
    assert!(!solve.join("s.csv").exists() && !solve.join("s.json").exists());
    fails_with(
        &[
            "solve",
            "kalah",
            "--check",
            "retrograde",
            "--max-seconds",
            "20",
        ],
        "retrograde",
    );
    for (key, value) in [
        ("max_seconds", "nan"),
        ("max_seconds", "-1.0"),
        ("tt_mb", "0"),
    ] {
        let job = job_file(
            dir.path(),
            "o.toml",
            &format!("kind = \"solve\"\ngame = \"kalah(houses=3,seeds=2)\"\n{key} = {value}\n"),
        );
        // In the job file's words: its key and line (issue 30).
        let args = ["run", &job, "--results", dir.path().to_str().unwrap()];
        fails_with(&args, "line 3");
        fails_with(&args, &format!("`{key}`"));
    }
}

#[test]
fn a_solve_manifest_times_the_solve() {
    let dir = tempfile::tempdir().unwrap();
    let text = "kind = \"solve\"\ngame = \"kalah(houses=4,seeds=3)\"\ntt_mb = 16\nthreads = 1\n";
    run_job_in(dir.path(), "t.toml", text, ".");
    let manifest = manifest(&dir.path().join("solve"), "t");
    let solve = manifest["result"]["seconds"].as_f64().unwrap();
    let wall = manifest["wall_seconds"].as_f64().unwrap();
    assert!(wall + 0.001 >= solve, "wall {wall} s, solve {solve} s");
    assert_eq!(manifest["threads"], 1);
}

#[test]
fn job_file_errors_are_one_line_and_name_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().to_str().unwrap();
    let job = job_file(
        dir.path(),
        "g.toml",
        "kind = \"match\"\ngame = \"kalah\"\nagents = [\"random\", \"greedy\"]\nrounds = \"ten\"\n",
    );
    let out = mancala(&["run", &job, "--results", results]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("line 4"), "{err}");
    let job = job_file(
        dir.path(),
        "d.toml",
        "kind = \"series\"\ngame = \"kalah\"\nagent = \"alphabeta(depth={}{})\"\nvalues = [1]\nopponent = \"random\"\n",
    );
    fails_with(&["run", &job, "--results", results], "exactly once");
    let job = job_file(
        dir.path(),
        "e.toml",
        "kind = \"egdb\"\ngame = \"kalah(houses=2)\"\nmax_seeds = 2\nout = \"../elsewhere\"\n",
    );
    fails_with(&["run", &job, "--results", results], "outside --results");
    let job = job_file(dir.path(), "k.toml", "kind = 3\ngame = \"kalah\"\n");
    fails_with(&["run", &job], "not a string");
}

#[test]
fn a_killed_run_keeps_the_wall_time_of_its_invocation() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "match",
            "kalah",
            "-a",
            "alphabeta(depth=9)",
            "-a",
            "mcts(iterations=5000)",
            "--rounds",
            "200",
            "--threads",
            "1",
            "--out",
            "killed",
            "--results",
        ])
        .arg(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(3000));
    child.kill().unwrap();
    child.wait().unwrap();
    let manifest = manifest(&dir.path().join("tournaments"), "killed");
    assert_eq!(manifest["status"], "running");
    // Rewritten at least once a second while games finish: most of the 3 s are kept.
    let wall = manifest["invocations"][0]["wall_seconds"].as_f64().unwrap();
    assert!(wall >= 1.0, "{wall} s kept of about 3");
    assert_eq!(manifest["wall_seconds"].as_f64().unwrap(), wall);
}

/// The new arena keys in a job file: a gauntlet from an openings file in random order, with
/// a PGN-like export; keys of another kind refused, naming the key.
#[test]
fn a_gauntlet_job_from_an_openings_file() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("o.txt");
    std::fs::write(&openings, "C\nA b\n").unwrap();
    let pgn = dir.path().join("g.pgn");
    let text = format!(
        "kind = \"tournament\"\ngame = \"kalah(houses=4,seeds=3)\"\n\
         agents = [\"greedy\", \"random\", \"alphabeta(depth=1)\"]\nrounds = 2\ngauntlet = true\n\
         openings_file = {:?}\nopenings_order = \"random\"\npgn = {:?}\n",
        openings.to_str().unwrap(),
        pgn.to_str().unwrap()
    );
    let request = Request::from_toml(&text, std::path::Path::new("g.toml")).unwrap();
    let report = library(&request);
    assert_eq!(report["kind"], "gauntlet");
    assert_eq!(report["games"], 8);
    assert_eq!(report["rows"].as_array().unwrap().len(), 2);
    let export = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(export.matches("[Event \"gauntlet\"]").count(), 8);
    // Every game starts from one of the file's two openings.
    assert_eq!(
        export.matches("[Opening \"C\"]").count() + export.matches("[Opening \"A b\"]").count(),
        8
    );
    let bad =
        "kind = \"match\"\ngame = \"kalah\"\nagents = [\"random\", \"greedy\"]\ngauntlet = true\n";
    let request = Request::from_toml(bad, std::path::Path::new("m.toml")).unwrap();
    let err = execute(&request, None, &()).unwrap_err();
    assert!(format!("{err:#}").contains("`gauntlet`"), "{err:#}");
    let bad = text.replace("\"random\"\npgn", "\"shuffled\"\npgn");
    let err = Request::from_toml(&bad, std::path::Path::new("g.toml")).unwrap_err();
    let err = format!("{err:#}");
    assert!(
        err.contains("line 7") && err.contains("`shuffled`"),
        "{err}"
    );
}

#[test]
fn off_a_terminal_a_match_and_a_job_file_say_their_games_played() {
    // Standard error is a pipe here, not a terminal; a line at every game (interval 0).
    let dir = tempfile::tempdir().unwrap();
    let job = job_file(
        dir.path(),
        "progress.toml",
        "kind = \"match\"\ngame = \"kalah(houses=3,seeds=2)\"\nagents = [\"random\", \"greedy\"]\nrounds = 3\n",
    );
    let results = dir.path().join("results");
    let runs: [Vec<&str>; 2] = [
        vec![
            "match",
            "kalah(houses=3,seeds=2)",
            "-a",
            "random",
            "-a",
            "greedy",
            "--rounds",
            "3",
        ],
        vec!["run", &job, "--results", results.to_str().unwrap()],
    ];
    for args in runs {
        let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(&args)
            .env("MANCALA_PROGRESS_SECONDS", "0")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("games: ")).collect();
        assert!(
            lines.iter().any(|l| l.starts_with("games: 3 of 6 played")),
            "{args:?}: {err}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with("games: 6 of 6 played")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn job_file_errors_name_the_key_and_its_line_in_the_files_words() {
    let dir = tempfile::tempdir().unwrap();
    let head =
        "kind = \"match\"\ngame = \"kalah(houses=3,seeds=2)\"\nagents = [\"random\", \"greedy\"]\n";
    let cases = [
        // (line 4, what the error must say)
        ("games = \"3x\"", "games", "got string \"3x\""),
        ("rounds = -1", "rounds", "got integer `-1`"),
        ("gamez = 3", "gamez", "unknown key `gamez`"),
        ("games = 3", "games", "must be even"),
        ("rounds = 0", "rounds", "at least one pair"),
        ("max_plies = 0", "max_plies", "at least 1"),
        ("max_plies = 1.5", "max_plies", "expected a whole number"),
        ("openings = 9", "openings", "at most 8 plies"),
    ];
    for (i, (line, key, what)) in cases.iter().enumerate() {
        let job = job_file(
            dir.path(),
            &format!("bad{i}.toml"),
            &format!("{head}{line}\n"),
        );
        let out = mancala(&["run", &job]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{line}: {err}");
        let err = err.replace(&job, "JOB");
        assert!(err.contains("JOB: line 4"), "{line}: {err}");
        assert!(err.contains(&format!("`{key}`")), "{line}: {err}");
        assert!(err.contains(what), "{line}: {err}");
        for rust in ["--", "u64", "u32", "f64", "i64", "usize", "field"] {
            assert!(!err.contains(rust), "{line}: `{rust}` in: {err}");
        }
    }
}

#[test]
fn every_job_file_error_names_its_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let game = "game = \"kalah(houses=3,seeds=2)\"\n";
    let cases = [
        // (the job file, the line and what the error must say)
        ("kind = \"solve\"\ngame = \"kalahx\"\n", "line 2", "bad game string"),
        (
            "kind = \"match\"\ngame = \"kalah\"\nagents = [\"random\", \"foo\"]\n",
            "line 3",
            "bad agent `foo`",
        ),
        ("\nkind = \"tourney\"\n", "line 2", "`kind = \"tourney\"`"),
        ("\nkind = 3\n", "line 2", "`kind` is 3"),
        (
            "kind = \"match\"\ngame = \"kalah\"\nagents = [\"random\", \"greedy\", \"random\"]\n",
            "line 3",
            "got 3",
        ),
        (
            "kind = \"match\"\ngame = \"kalah\"\nagents = [\"random\", \"greedy\"]\ngauntlet = true\n",
            "line 4",
            "`gauntlet`",
        ),
        (
            "kind = \"series\"\ngame = \"kalah\"\nvalues = [1]\nagent = \"mcts\"\nopponent = \"random\"\n",
            "line 4",
            "`agent = \"mcts\"`",
        ),
        (
            "kind = \"solve\"\ngame = \"kalah\"\ngame = \"oware\"\n",
            "line 3",
            "key `game`: duplicate key",
        ),
        // The real range of `tt_mb` (solve.rs MAX_TT_MB), not the limits of a u32.
        (
            &format!("kind = \"solve\"\n{game}tt_mb = -5\n"),
            "line 3",
            "`tt_mb`: expected a whole number from 1 to 1048576, got integer `-5`",
        ),
        (
            &format!("kind = \"solve\"\n{game}tt_mb = 0\n"),
            "line 3",
            "`tt_mb`: expected a whole number from 1 to 1048576, got integer `0`",
        ),
        (
            &format!("kind = \"solve\"\n{game}tt_mb = 2000000\n"),
            "line 3",
            "from 1 to 1048576",
        ),
    ];
    for (i, (text, line, what)) in cases.iter().enumerate() {
        let job = job_file(dir.path(), &format!("bad{i}.toml"), text);
        let out = mancala(&["run", &job, "--results", dir.path().to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr).replace(&job, "JOB");
        assert_eq!(out.status.code(), Some(2), "{text}: {err}");
        assert!(err.contains(&format!("JOB: {line}")), "{text}: {err}");
        assert!(err.contains(what), "{text}: {err}");
        assert!(!err.contains("4294967295"), "{text}: {err}");
    }
}

#[test]
fn a_refused_job_leaves_no_empty_results_folder() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r");
    for (text, key) in [
        (
            "kind = \"solve\"\ngame = \"kalah(houses=3,seeds=2)\"\nmax_seconds = 0\n",
            "`max_seconds`",
        ),
        (
            "kind = \"egdb\"\ngame = \"kalah(houses=2)\"\nmax_seeds = 2\nmemory_limit = \"lots\"\n",
            "`memory_limit`",
        ),
    ] {
        let job = job_file(dir.path(), "j.toml", text);
        fails_with(&["run", &job, "--results", results.to_str().unwrap()], key);
        assert!(!results.exists(), "{text}: {results:?} made");
    }
    // A file where the results folder would go is refused before the work.
    std::fs::write(&results, "").unwrap();
    let job = job_file(
        dir.path(),
        "s.toml",
        "kind = \"solve\"\ngame = \"kalah(houses=3,seeds=2)\"\n",
    );
    fails_with(
        &["run", &job, "--results", results.to_str().unwrap()],
        "is a file",
    );
}
