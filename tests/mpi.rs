//! Distributed database builds over MPI (`--features mpi`): `mpirun` on localhost runs the
//! `mancala` binary as 2 or 4 processes; the layer files must be byte for byte those of the
//! single-process build (whose values tests/egdb.rs checks against plain negamax), and a
//! process killed inside a layer must stop the run with a message naming the layer, after
//! which the same command resumes to the same files.
//!
//! Needs `mpirun` (Open MPI; Debian: openmpi-bin libopenmpi-dev). As root, Open MPI wants
//! `OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1`, which these tests set.
#![cfg(feature = "mpi")]

mod common;

use common::{files, kalah, oware};
use mancala::egdb::{build, BuildOptions};
use mancala::Rules;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// `mpirun -np PROCESSES mancala egdb build GAME --max-seeds N --distributed --out OUT`, one
/// thread per process, more processes than cores allowed.
fn mpirun(processes: usize, game: &str, max_seeds: u32, out: &Path, extra: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .args(["-np", &processes.to_string(), "--oversubscribe"])
        .arg(env!("CARGO_BIN_EXE_mancala"))
        .args(["egdb", "build", game, "--max-seeds", &max_seeds.to_string()])
        .args(["--threads", "1", "--distributed", "--out"])
        .arg(out)
        .args(extra);
    c
}

fn run(mut command: Command) -> Output {
    let out = command.output().expect("mpirun runs (Open MPI installed?)");
    assert!(
        out.status.success(),
        "{command:?}: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The single-process build of `rules` to `max_seeds` in a new directory (kept alive by the
/// returned guard).
fn single<R: Rules>(rules: &R, max_seeds: u32) -> (tempfile::TempDir, PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let dir = mancala::egdb::default_dir(root.path(), rules.spec());
    let options = BuildOptions {
        max_seeds,
        threads: mancala::core::Threads::new(2).unwrap(),
        memory_limit: 1 << 30,
        checkpoint_every: std::time::Duration::from_secs(600),
        partitioned: false,
    };
    build(rules, &dir, &options, &(), |_| {}).unwrap();
    (root, dir)
}

/// Builds each game with `processes` processes and compares with the single-process files.
fn assert_distributed_equals_single(processes: usize) {
    let cases: [(&str, u32); 5] = [
        ("kalah(houses=3)", 10),
        ("kalah(houses=4,capture=empty,end=mover-empty)", 8),
        ("awari(houses=3)", 10),
        (
            "oware(houses=3,repetition=even-split,grand-slam=woaley-skip)",
            9,
        ),
        ("awari", 12),
    ];
    for (game, max_seeds) in cases {
        let (_single, expected) = if game.starts_with("kalah") {
            single(&kalah(game), max_seeds)
        } else {
            single(&oware(game), max_seeds)
        };
        let root = tempfile::tempdir().unwrap();
        let out = run(mpirun(processes, game, max_seeds, root.path(), &["--json"]));
        let dir = root.path().join(expected.file_name().unwrap());
        let ours = files(&dir);
        let layers = ours
            .iter()
            .filter(|(name, _)| name.ends_with(".egdb"))
            .count();
        assert_eq!(layers, max_seeds as usize + 1, "{game}: one file per layer");
        // The layer files and the build record (BUILD.json), nothing else.
        assert_eq!(
            ours.len(),
            layers + 1,
            "{game}: {:?}",
            ours.iter().map(|f| &f.0).collect::<Vec<_>>()
        );
        assert!(
            ours == files(&expected),
            "{game}: {processes} processes wrote other bytes than one"
        );
        // One report, from process 0, with what the processes sent each other.
        let report: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{game}: one JSON report: {e}"));
        assert_eq!(report["processes"], processes as u64, "{game}");
        let top = &report["layers"][max_seeds as usize]["exchange"];
        assert_eq!(top["processes"], processes as u64, "{game}");
        assert_eq!(
            top["peak_rss_per_process"].as_array().unwrap().len(),
            processes,
            "{game}"
        );
        assert!(top["update_bytes"].as_u64().unwrap() > 0, "{game}: {top}");
        assert!(top["gather_bytes"].as_u64().unwrap() > 0, "{game}: {top}");
    }
}

#[test]
fn two_processes_write_the_files_of_one() {
    assert_distributed_equals_single(2);
}

#[test]
fn four_processes_on_two_cores_write_the_files_of_one() {
    assert_distributed_equals_single(4);
}

/// A process that dies inside a layer (aborts right after its checkpoint of that layer was
/// written) stops the run: mpirun fails, the message names the layer being built, no layer
/// file of it exists; the same command then keeps the complete layers and finishes to the
/// single-process bytes.
#[test]
fn a_process_killed_inside_a_layer_stops_the_run_which_resumes() {
    let (game, max_seeds) = ("awari", 14);
    let (_single, expected) = single(&oware(game), max_seeds);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("awari");
    // Process 1 aborts right after its first checkpoint of layer 14 (a crash at a known point:
    // a kill from here could come after the layer was finished).
    let mut command = mpirun(
        2,
        game,
        max_seeds,
        root.path(),
        &["--checkpoint-minutes", "0"],
    );
    let child = command
        .env("MANCALA_EGDB_CRASH_AFTER", "layer-014.part-1-of-2.work")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun runs");
    let failed = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(!failed.status.success(), "{stderr}");
    assert!(
        stderr.contains("layer  14: building on 2 processes"),
        "process 0 said which layer it builds: {stderr}"
    );
    assert!(
        stderr.contains("process 0 of 2: stopped (SIGTERM")
            && stderr.contains("while building layer 14 of awari: run the same command again"),
        "process 0, stopped by mpirun, says where and how to resume: {stderr}"
    );
    assert!(
        !dir.join("layer-014.egdb").exists(),
        "killed inside layer 14"
    );
    assert!(dir.join("layer-013.egdb").exists());

    let out = run(mpirun(2, game, max_seeds, root.path(), &["--json"]));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let kept: Vec<u64> = report["layers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["kept"] == true)
        .map(|l| l["layer"].as_u64().unwrap())
        .collect();
    assert_eq!(kept, (0..14).collect::<Vec<u64>>());
    assert!(files(&dir) == files(&expected), "the resumed build's bytes");
}

/// Waits for `child` up to `seconds` (killing it then: a hang fails the test, not the suite).
fn wait_or_kill(mut child: std::process::Child, seconds: u64) -> Output {
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(seconds) {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!(
                "still running after {seconds} s (hung?): {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Processes given different command lines (an MPMD `mpirun ... : ...`) would wait for each
/// other for ever: they stop at once, saying which process was given what, and write no layer.
#[test]
fn processes_given_different_builds_stop_with_a_message() {
    let root = tempfile::tempdir().unwrap();
    let program = env!("CARGO_BIN_EXE_mancala");
    let mut command = Command::new("mpirun");
    command
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .arg("--oversubscribe");
    for max_seeds in ["6", "5"] {
        if max_seeds == "5" {
            command.arg(":");
        }
        command
            .args(["-np", "1", program, "egdb", "build", "awari", "--max-seeds"])
            .args([max_seeds, "--threads", "1", "--distributed", "--out"])
            .arg(root.path());
    }
    let child = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun runs");
    let out = wait_or_kill(child, 120);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("were given different builds: process 0: `awari` layers 0..=6")
            && stderr.contains("process 1: `awari` layers 0..=5"),
        "{stderr}"
    );
    assert!(
        !root.path().join("awari").join("layer-000.egdb").exists(),
        "no layer written"
    );
}

/// `mpirun` without `--distributed` would start processes that each build the whole database
/// in the same directory: refused, before any file is written.
#[test]
fn mpirun_without_distributed_is_refused() {
    let root = tempfile::tempdir().unwrap();
    let mut command = Command::new("mpirun");
    command
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .args(["-np", "2", "--oversubscribe", env!("CARGO_BIN_EXE_mancala")])
        .args(["egdb", "build", "awari", "--max-seeds", "6", "--out"])
        .arg(root.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let out = wait_or_kill(command.spawn().expect("mpirun runs"), 120);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "one of 2 processes started by mpirun (OMPI_COMM_WORLD_SIZE=2) but --distributed \
             was not given"
        ),
        "{stderr}"
    );
    assert!(!root.path().join("awari").exists(), "nothing written");
}

/// A single-process build interrupted inside a layer (aborted after its checkpoint was
/// written), resumed by 2 processes: the checkpoint does not fit 2 processes, which say so,
/// build the layer afresh to the single-process bytes and remove it.
#[test]
fn a_checkpoint_of_another_number_of_processes_is_not_used_and_removed() {
    let (game, max_seeds) = ("awari", 12);
    let (_single, expected) = single(&oware(game), max_seeds);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("awari");
    // The build aborts right after its first checkpoint of layer 12.
    let crashed = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["egdb", "build", game, "--max-seeds", &max_seeds.to_string()])
        .args(["--threads", "1", "--checkpoint-minutes", "0", "--out"])
        .arg(root.path())
        .env("MANCALA_EGDB_CRASH_AFTER", "layer-012.work")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(!crashed.success());
    assert!(
        dir.join("layer-012.work").exists(),
        "the single-process build checkpointed layer 12"
    );
    assert!(
        !dir.join("layer-012.egdb").exists(),
        "killed inside layer 12"
    );

    let out = run(mpirun(2, game, max_seeds, root.path(), &[]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "layer  12: checkpoints layer-012.work were written by another number of \
             processes than 2: not used"
        ),
        "{stderr}"
    );
    assert!(files(&dir) == files(&expected), "the resumed build's files");
}

/// `mancala ARGS...`, which must succeed; its standard output.
fn mancala(args: &[&str]) -> String {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.args(args);
    String::from_utf8(run(c).stdout).unwrap()
}

/// Partitioned builds (`--partition`): each process writes its own piece of every layer and a
/// manifest per layer; probes and verify read the pieces; `egdb join` turns them into the
/// single-process files, byte for byte.
fn assert_partitioned_joins_to_single(processes: usize, cases: &[(&str, u32)]) {
    for &(game, max_seeds) in cases {
        let (_single, expected) = if game.starts_with("kalah") {
            single(&kalah(game), max_seeds)
        } else {
            single(&oware(game), max_seeds)
        };
        let root = tempfile::tempdir().unwrap();
        let out = run(mpirun(
            processes,
            game,
            max_seeds,
            root.path(),
            &["--json", "--partition"],
        ));
        let dir = root.path().join(expected.file_name().unwrap());
        let names: Vec<String> = files(&dir).into_iter().map(|f| f.0).collect();
        // Per layer a manifest and a piece per process; the build record.
        assert_eq!(
            names.len(),
            (max_seeds as usize + 1) * (processes + 1) + 1,
            "{game}: {names:?}"
        );
        for n in 0..=max_seeds {
            assert!(
                names.contains(&format!("layer-{n:03}.pieces.json")),
                "{game}"
            );
            for r in 0..processes {
                assert!(
                    names.contains(&format!("layer-{n:03}.part-{r}-of-{processes}.egdb")),
                    "{game}: {names:?}"
                );
            }
        }
        // The children in other processes' pieces were asked for; nothing gathered.
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let top = &report["layers"][max_seeds as usize]["exchange"];
        assert!(top["child_requests"].as_u64().unwrap() > 0, "{game}: {top}");
        assert_eq!(
            top["request_bytes"].as_u64().unwrap(),
            8 * top["child_requests"].as_u64().unwrap(),
            "{game}: {top}"
        );
        assert!(top["answer_bytes"].as_u64().unwrap() > 0, "{game}: {top}");
        assert_eq!(top["gather_bytes"], 0, "{game}: {top}");
        // Read in pieces: the same values as the single files (probe), and a clean verify.
        let dir_s = dir.to_str().unwrap();
        let verified = mancala(&[
            "egdb",
            "verify",
            dir_s,
            "--samples",
            "3",
            "--full",
            "--json",
        ]);
        let verified: serde_json::Value = serde_json::from_str(&verified).unwrap();
        assert_eq!(verified["ok"], true, "{game}: {verified}");
        let expected_s = expected.to_str().unwrap();
        let position = if game.starts_with("kalah(houses=4") || game.starts_with("awari(houses=4") {
            "2,0,1,0/1,1,2,0 0-0 S"
        } else if game.starts_with("kalah") {
            "2,0,1/1,1,2 0-0 S"
        } else if game.contains("houses=3") {
            "1,0,2/2,1,1 0-0 S"
        } else {
            "1,0,2,0,0,1/2,1,1,0,2,0 0-0 S"
        };
        let probe = |d: &str| -> serde_json::Value {
            let text = mancala(&[
                "egdb",
                "probe",
                game,
                "--position",
                position,
                "--dir",
                d,
                "--json",
            ]);
            let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
            v["egdb"]["dir"] = serde_json::Value::Null;
            v
        };
        assert_eq!(
            probe(dir_s),
            probe(expected_s),
            "{game}: probe of the pieces"
        );
        if game == "kalah(houses=4)" {
            // The solver probing the pieces inside its search.
            let solve = |d: &str| -> serde_json::Value {
                let text = mancala(&[
                    "solve",
                    "kalah(houses=4,seeds=3)",
                    "--position",
                    "3,3,0,4/3,3,3,0 1-4 S",
                    "--egdb",
                    d,
                    "--tt-mb",
                    "16",
                    "--json",
                ]);
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                serde_json::json!([v["value"], v["moves"]])
            };
            assert_eq!(
                solve(dir_s),
                solve(expected_s),
                "{game}: solve with the pieces"
            );
        }
        // Joined: the single-process bytes, pieces removed.
        let joined = mancala(&["egdb", "join", dir_s, "--json"]);
        let joined: serde_json::Value = serde_json::from_str(&joined).unwrap();
        assert_eq!(
            joined["layers"].as_array().unwrap().len(),
            max_seeds as usize + 1,
            "{game}: {joined}"
        );
        assert!(
            files(&dir) == files(&expected),
            "{game}: {processes} processes' pieces joined are not the bytes of one"
        );
    }
}

/// The games and layers every partitioned test builds: Kalah and Awari up to 18 seeds on 4
/// houses, Awari on 3 and 6 houses, and an even-split woaley-skip Oware.
const PARTITIONED: [(&str, u32); 5] = [
    ("kalah(houses=4)", 18),
    ("awari(houses=4)", 18),
    ("awari(houses=3)", 10),
    (
        "oware(houses=3,repetition=even-split,grand-slam=woaley-skip)",
        9,
    ),
    ("awari", 12),
];

#[test]
fn two_processes_partitioned_join_to_the_files_of_one() {
    let mut cases = vec![("kalah(houses=3)", 10)];
    cases.extend(PARTITIONED);
    assert_partitioned_joins_to_single(2, &cases);
}

#[test]
fn four_processes_partitioned_join_to_the_files_of_one() {
    let mut cases = vec![("kalah(houses=4,capture=empty,end=mover-empty)", 8)];
    cases.extend(PARTITIONED);
    assert_partitioned_joins_to_single(4, &cases);
}

/// A partitioned build whose process 1 dies inside a layer stops with a message naming the
/// layer; the same command resumes, and the joined files are the single-process bytes. Then
/// a piece damaged or missing is named by `verify`, and the build rebuilds that layer.
#[test]
fn a_partitioned_build_killed_inside_a_layer_resumes_and_damaged_pieces_are_named() {
    let (game, max_seeds) = ("awari", 13);
    let (_single, expected) = single(&oware(game), max_seeds);
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("awari");
    let extra = ["--checkpoint-minutes", "0", "--partition"];
    let child = mpirun(4, game, max_seeds, root.path(), &extra)
        .env("MANCALA_EGDB_CRASH_AFTER", "layer-013.part-1-of-4.work")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun runs");
    let failed = wait_or_kill(child, 600);
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(!failed.status.success(), "{stderr}");
    assert!(
        stderr.contains("while building layer 13 of awari: run the same command again"),
        "{stderr}"
    );
    assert!(
        !dir.join("layer-013.pieces.json").exists(),
        "killed inside layer 13"
    );
    assert!(dir.join("layer-012.pieces.json").exists());

    let out = run(mpirun(
        4,
        game,
        max_seeds,
        root.path(),
        &["--json", "--partition"],
    ));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let kept = report["layers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["kept"] == true)
        .count();
    assert_eq!(kept, 13, "layers 0..=12 kept");

    // A piece with one entry changed: verify names the piece (exit 1: a damaged layer).
    let piece = dir.join("layer-011.part-2-of-4.egdb");
    let mut bytes = std::fs::read(&piece).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&piece, &bytes).unwrap();
    let mut verify = Command::new(env!("CARGO_BIN_EXE_mancala"));
    verify.args(["egdb", "verify"]).arg(&dir);
    let out = verify.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("layer-011.part-2-of-4.egdb") && stderr.contains("checksum"),
        "{stderr}"
    );
    // A piece missing: named.
    std::fs::remove_file(dir.join("layer-010.part-3-of-4.egdb")).unwrap();
    let out = verify.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("layer-010.part-3-of-4.egdb: missing: piece 3 of the 4 of layer 10"),
        "{stderr}"
    );
    // The same build rebuilds the damaged layers, and the join is the single-process bytes.
    let out = run(mpirun(
        4,
        game,
        max_seeds,
        root.path(),
        &["--json", "--partition"],
    ));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rebuilt: Vec<u64> = report["layers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["kept"] == false)
        .map(|l| l["layer"].as_u64().unwrap())
        .collect();
    assert_eq!(rebuilt, [10, 11], "{report}");
    let why = report["layers"][11]["replaced"].as_str().unwrap();
    assert!(
        why.starts_with("process 2: ") && why.contains("layer-011.part-2-of-4.egdb"),
        "process 0 reports what process 2 found: {why}"
    );
    // Layer 12 damaged again and rebuilt by 2 processes: its 4 old pieces go once the new
    // manifest is written; layer 13, in 4 pieces, is read whole by each of the 2.
    let piece = dir.join("layer-012.part-0-of-4.egdb");
    let mut bytes = std::fs::read(&piece).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&piece, &bytes).unwrap();
    let out = run(mpirun(
        2,
        game,
        max_seeds,
        root.path(),
        &["--json", "--partition"],
    ));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["layers"][12]["kept"], false, "{report}");
    assert_eq!(report["layers"][13]["kept"], true, "{report}");
    let names: Vec<String> = files(&dir).into_iter().map(|f| f.0).collect();
    assert!(
        names.contains(&"layer-012.part-1-of-2.egdb".to_string())
            && !names
                .iter()
                .any(|n| n.starts_with("layer-012.part-") && n.ends_with("-of-4.egdb")),
        "{names:?}"
    );
    mancala(&["egdb", "join", dir.to_str().unwrap()]);
    assert!(
        files(&dir) == files(&expected),
        "the resumed build's bytes, joined"
    );
}

/// The run files `NAME.*` under `root/tournaments`, with what depends on the machine, the clock
/// and the command line taken out: each record's move times, the manifest's command lines,
/// start times and wall times, and the page's `Made by` line (every other byte must agree).
fn run_files_without_timing(root: &Path) -> Vec<(String, String)> {
    let dir = root.join("tournaments");
    files(&dir)
        .into_iter()
        .map(|(name, bytes)| {
            let text = String::from_utf8(bytes).unwrap();
            let text = if name.ends_with(".games.jsonl") {
                let mut lines: Vec<String> = text
                    .lines()
                    .map(|l| {
                        let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                        v.as_object_mut().unwrap().remove("times_ms");
                        v.to_string()
                    })
                    .collect();
                lines.sort();
                lines.join("\n")
            } else if name.ends_with(".json") {
                let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
                for key in ["command_line", "invocations", "start_time", "wall_seconds"] {
                    v.as_object_mut().unwrap().remove(key);
                }
                v.to_string()
            } else if name.ends_with(".md") {
                // `Made by COMMAND (...)`: the command line.
                text.lines()
                    .filter(|l| !l.starts_with("Made by `"))
                    .collect::<Vec<_>>()
                    .join("\n")
            } else {
                text
            };
            (name, text)
        })
        .collect()
}

/// A tournament of 4 agents (108 games) played by 4 processes: the same tables, records and
/// manifest as one process's with the same seed (timing aside). A process killed part-way
/// stops the run; the same command resumes, replaying only the games not recorded.
#[test]
fn a_distributed_tournament_equals_one_process_and_resumes() {
    let args = [
        "tournament",
        "kalah(houses=4,seeds=3)",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--agent",
        "alphabeta(depth=3)",
        "--agent",
        "mcts(iterations=100)",
        "--rounds",
        "9",
        "--openings",
        "1",
        "--seed",
        "5",
        "--threads",
        "1",
        "--out",
        "t",
        "--results",
    ];
    let single = tempfile::tempdir().unwrap();
    let mut one = Command::new(env!("CARGO_BIN_EXE_mancala"));
    one.args(args).arg(single.path());
    let text = String::from_utf8(run(one).stdout).unwrap();
    assert!(text.contains("108 games"), "{text}");
    let expected = run_files_without_timing(single.path());
    assert_eq!(expected.len(), 5, "csv, games.jsonl, json, md, svg");

    let mpirun = |root: &Path| {
        let mut c = Command::new("mpirun");
        c.env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
            .args(["-np", "4", "--oversubscribe", env!("CARGO_BIN_EXE_mancala")])
            .args(args)
            .arg(root)
            .arg("--distributed");
        c
    };
    let distributed = tempfile::tempdir().unwrap();
    let out = run(mpirun(distributed.path()));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        text,
        "process 0 prints the report of one process; the others print nothing"
    );
    assert!(
        run_files_without_timing(distributed.path()) == expected,
        "4 processes wrote other files than one"
    );

    // Process 2 dies after sending its 7th record: the run stops; the records that reached
    // process 0 are kept; the same command plays the rest.
    let killed = tempfile::tempdir().unwrap();
    let child = mpirun(killed.path())
        .env("MANCALA_ARENA_CRASH_AFTER", "2:7")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let failed = wait_or_kill(child, 600);
    assert!(!failed.status.success());
    let records = killed.path().join("tournaments/t.games.jsonl");
    let kept = std::fs::read_to_string(&records).unwrap().lines().count();
    assert!((7..108).contains(&kept), "{kept} records kept");
    let out = run(mpirun(killed.path()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{kept} of 108 games already played")),
        "{stderr}"
    );
    assert!(
        run_files_without_timing(killed.path()) == expected,
        "the resumed run's files"
    );
}
