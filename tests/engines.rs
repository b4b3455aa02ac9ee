//! External engines over the `mancala-engine` protocol, through the built binary: the example
//! engine (examples/greedy_engine.py, its own Kalah rules in Python) plays matches against the
//! built-in agents with every move checked by ours; engines that crash, hang, answer illegal
//! moves or garbage lose each game with the right termination and the run finishes; and
//! `mancala engine --agent A` speaks the protocol. Needs `python3`.

mod common;

use common::{fails_with, mancala};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/greedy_engine.py")
}

/// The agent string of `python3 SCRIPT ARGS`.
fn engine_agent(script: &Path, args: &str) -> String {
    format!(
        r#"engine(cmd="python3",args="'{}' {args}")"#,
        script.display()
    )
}

/// Runs `mancala args` and fails the test if it takes more than `limit` (a hung run), rather
/// than hanging the suite.
fn run_within(args: &[&str], limit: Duration) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("`mancala {}` hung", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn records(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The example engine plays Kalah variants (both capture rules, both end rules) from a job
/// file against random and alpha-beta: every game ends by the rules (so every one of its moves
/// was legal by our rules too), with its evaluations recorded.
#[test]
fn the_example_engine_plays_matches_against_built_in_agents() {
    let dir = tempfile::tempdir().unwrap();
    for (k, (game, opponent)) in [
        ("kalah(houses=4,seeds=3)", "random"),
        (
            "kalah(houses=5,seeds=3,capture=empty,end=mover-empty)",
            "alphabeta(depth=2)",
        ),
    ]
    .iter()
    .enumerate()
    {
        let agent = engine_agent(&example(), &format!("--seed {k}"));
        let job = dir.path().join(format!("j{k}.toml"));
        std::fs::write(
            &job,
            format!(
                "kind = \"match\"\ngame = \"{game}\"\nagents = [{}, \"{opponent}\"]\n\
                 rounds = 4\nopenings = 1\nmovetime = 5000\n",
                serde_json::to_string(&agent).unwrap()
            ),
        )
        .unwrap();
        let o = run_within(
            &[
                "run",
                job.to_str().unwrap(),
                "--results",
                dir.path().to_str().unwrap(),
                "--threads",
                "2",
            ],
            Duration::from_secs(300),
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let games = records(&dir.path().join(format!("tournaments/j{k}.games.jsonl")));
        assert_eq!(games.len(), 8);
        for g in &games {
            assert_eq!(g["termination"], "normal", "{g}");
            assert!(g.get("forfeit").is_none());
            let moves = g["moves"].as_array().unwrap().len();
            assert_eq!(g["times_ms"].as_array().unwrap().len(), moves);
            assert_eq!(g["evals"].as_array().unwrap().len(), moves);
            // The engine reports `info score seeds`; the random agent gives no evaluation.
            let seeds = g["evals"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e.get("seeds").is_some())
                .count();
            assert!(seeds > 0, "{g}");
        }
        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.path().join(format!("tournaments/j{k}.json"))).unwrap(),
        )
        .unwrap();
        assert_eq!(manifest["reproducible"], false);
        assert_eq!(manifest["identity"]["time"]["move_ms"], 5000);
    }
}

/// A Kalah engine (the example's rules) that misbehaves at its second `go` as `mode` says.
const MISBEHAVING: &str = r#"
import sys, time, random
sys.path.insert(0, sys.argv[1])
from greedy_engine import Kalah, greedy, send
mode = sys.argv[2]
game, pos, gos = None, None, 0
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "mancala-engine":
        send("id name misbehaving " + mode)
        send("mancalaok")
    elif words[0] == "isready":
        send("readyok")
    elif words[0] == "newgame":
        game = Kalah(words[1])
    elif words[0] == "position":
        head, _, moves = (line.strip()[len("position"):] + " ").partition(" moves ")
        pos = game.start() if head.strip() == "startpos" else game.parse_position(head.strip())
        for m in moves.split():
            pos, _ = game.play(pos, game.parse_move(pos, m))
    elif words[0] == "go":
        gos += 1
        if gos == 2:
            if mode == "crash":
                sys.stderr.write("boom: out of cheese\n")
                sys.stderr.flush()
                sys.exit(3)
            if mode == "hang":
                time.sleep(3600)
            if mode == "garbage":
                send("hello there, general")
                continue
            if mode == "illegal":
                houses = pos[pos[3]]
                empty = [i for i in range(game.m) if houses[i] == 0]
                # An empty own house, else a house of the opponent: never legal.
                if empty:
                    send("bestmove " + game.name(pos, empty[0]))
                else:
                    send("bestmove " + chr(ord("a") if pos[3] == 0 else ord("A")))
                continue
        i, _ = greedy(game, pos, random.Random(1))
        send("bestmove " + game.name(pos, i))
    elif words[0] == "quit":
        break
"#;

/// Each misbehaving engine loses every game it plays with the right termination, named as the
/// side that forfeited, by every seed; the run finishes (no hang) and its table counts them.
#[test]
fn misbehaving_engines_lose_with_the_right_termination() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("misbehaving.py");
    std::fs::write(&script, MISBEHAVING).unwrap();
    let examples = example().parent().unwrap().to_path_buf();
    for (mode, termination, needle, clock) in [
        ("crash", "crash", "boom: out of cheese", "--movetime"),
        ("hang", "timeout", "no `bestmove` within", "--movetime"),
        ("hang", "timeout", "no `bestmove` within", "--tc"),
        ("illegal", "illegal-move", "legal moves", "--movetime"),
        ("garbage", "bad-reply", "hello there", "--movetime"),
    ] {
        let agent = engine_agent(&script, &format!("'{}' {mode}", examples.display()));
        let out = format!("{mode}{clock}");
        let clock_value = if clock == "--tc" { "0.3+0.1" } else { "300" };
        let o = run_within(
            &[
                "match",
                "kalah(houses=4,seeds=3)",
                "-a",
                &agent,
                "-a",
                "greedy",
                "--rounds",
                "2",
                clock,
                clock_value,
                "--grace",
                "300",
                "--threads",
                "2",
                "--out",
                &out,
                "--results",
                dir.path().to_str().unwrap(),
            ],
            Duration::from_secs(120),
        );
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{mode}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            stdout.contains("0 wins, 0 draws, 4 losses"),
            "{mode}: {stdout}"
        );
        assert!(stdout.contains("4 by forfeit"), "{mode}: {stdout}");
        for g in records(&dir.path().join(format!("tournaments/{out}.games.jsonl"))) {
            assert_eq!(g["termination"], termination, "{mode}: {g}");
            let engine_side = if g["south"] == 0 { "S" } else { "N" };
            assert_eq!(g["forfeit"]["side"], engine_side, "{mode}: {g}");
            let message = g["forfeit"]["message"].as_str().unwrap();
            assert!(message.contains(needle), "{mode}: {message}");
            // Every seed of Kalah(4,3) goes to the opponent.
            let stores = if engine_side == "S" { [0, 24] } else { [24, 0] };
            assert_eq!(g["stores"], serde_json::json!(stores), "{mode}: {g}");
        }
    }
}

/// A program that cannot be started, and one that does not speak the protocol, are refused
/// before any game (exit 2, naming the agent).
#[test]
fn engines_that_do_not_start_are_bad_input() {
    fails_with(
        &[
            "match",
            "kalah",
            "-a",
            r#"engine(cmd="/nonexistent/engine")"#,
            "-a",
            "random",
        ],
        "cannot start `/nonexistent/engine`",
    );
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("mute.py");
    std::fs::write(
        &script,
        "import sys\nfor line in sys.stdin:\n    print('what?', flush=True)\n",
    )
    .unwrap();
    fails_with(
        &[
            "match",
            "kalah",
            "-a",
            &engine_agent(&script, ""),
            "-a",
            "random",
        ],
        "`what?`",
    );
}

/// `mancala engine --agent A` driven by hand: handshake, a game, moves legal by our rules with
/// the agent's evaluation, `error` for a bad position, and `quit`.
#[test]
fn mancala_engine_speaks_the_protocol() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["engine", "--agent", "mcts(iterations=300)"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut say = |line: &str| writeln!(stdin, "{line}").unwrap();
    let mut next = || {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    };
    say("mancala-engine");
    assert!(next().starts_with("id name mancala"));
    assert!(next().starts_with("id author"));
    assert_eq!(next(), "mancalaok");
    say("newgame kalah(houses=4,seeds=3)");
    say("isready");
    assert_eq!(next(), "readyok");
    // Worked by hand: A sows B C D (0,4,4,4/3,3,3,3); North's a sows b c d (0,4,4,4/0,4,4,4);
    // B sows C, D, South's store and North's a: 0,0,5,5/1,4,4,4 1-0, North to move.
    say("position startpos moves A a B");
    say("go stime 1000 ntime 1000 sinc 0 ninc 0");
    let info = next();
    assert!(info.starts_with("info score points "), "{info}");
    let p: f64 = info["info score points ".len()..].parse().unwrap();
    assert!((0.0..=1.0).contains(&p));
    let best = next();
    assert!(
        ["bestmove a", "bestmove b", "bestmove c", "bestmove d"].contains(&best.as_str()),
        "{best}"
    );
    // The same position given as position text.
    say("position 0,0,5,5/1,4,4,4 1-0 N");
    say("go movetime 50");
    assert!(next().starts_with("info score points "));
    let again = next();
    assert!(again.starts_with("bestmove "), "{again}");
    say("position startpos moves A A");
    say("go");
    let e = next();
    assert!(e.starts_with("error position:") && e.contains("`A`"), "{e}");
    say("quit");
    assert!(child.wait().unwrap().success());
}

/// A resumed run with another clock is refused; clocks are in the run's identity; a bad `--tc`
/// is named as given.
#[test]
fn clocks_enter_the_run_identity() {
    let dir = tempfile::tempdir().unwrap();
    let args = |tc: &'static str| {
        vec![
            "match",
            "kalah(houses=3,seeds=2)",
            "-a",
            "alphabeta(time=5)",
            "-a",
            "random",
            "--rounds",
            "1",
            "--tc",
            tc,
            "--out",
            "clock",
            "--results",
        ]
    };
    let mut first = args("10+0.1");
    first.push(dir.path().to_str().unwrap());
    let o = mancala(&first);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut other = args("10+0.2");
    other.push(dir.path().to_str().unwrap());
    fails_with(&other, "different run");
    fails_with(
        &[
            "match", "kalah", "-a", "random", "-a", "greedy", "--tc", "ten",
        ],
        "--tc `ten`",
    );
    // A zero clock is named as given, with what a valid one is.
    fails_with(
        &[
            "match", "kalah", "-a", "random", "-a", "greedy", "--tc", "0+0",
        ],
        "--tc `0+0`: the base time is under 0.001 s",
    );
    // Clocks are set to the millisecond: a finer time is refused, not rounded (0.0005 s was
    // taken as 1 ms).
    for tc in ["0.0005+0", "1+0.0001"] {
        fails_with(
            &["match", "kalah", "-a", "random", "-a", "greedy", "--tc", tc],
            &format!("--tc `{tc}`: expected BASE+INC in seconds to the millisecond"),
        );
    }
}

/// `mancala play` against an engine: it moves first as South and the session ends at `quit`.
#[test]
fn play_against_an_engine() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "play",
            "kalah(houses=4,seeds=3)",
            "--agent",
            &engine_agent(&example(), ""),
            "--human-side",
            "N",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("South (engine("), "{text}");
}

/// Move times are measured to the microsecond: the example engine (on both sides) answers
/// within about a millisecond of pipe and interpreter time, and every one of its moves is
/// recorded with a time above zero (whole milliseconds recorded most such moves as 0).
#[test]
fn engine_move_times_are_recorded_to_the_microsecond() {
    let dir = tempfile::tempdir().unwrap();
    let o = run_within(
        &[
            "match",
            "kalah(houses=4,seeds=3)",
            "-a",
            &engine_agent(&example(), "--seed 1"),
            "-a",
            &engine_agent(&example(), "--seed 2"),
            "--rounds",
            "1",
            "--tc",
            "10+0",
            "--out",
            "us",
            "--results",
            dir.path().to_str().unwrap(),
        ],
        Duration::from_secs(120),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut fractional = 0;
    for g in records(&dir.path().join("tournaments/us.games.jsonl")) {
        assert_eq!(g["termination"], "normal", "{g}");
        for (k, t) in g["times_ms"].as_array().unwrap().iter().enumerate() {
            let ms = t.as_f64().unwrap();
            // Every move took at least a pipe's round trip.
            assert!(ms > 0.0, "move {k} recorded as 0 ms: {g}");
            assert!(ms < 10_000.0, "{g}");
            if ms.fract() != 0.0 {
                fractional += 1;
            }
        }
    }
    assert!(fractional > 0, "no time below a millisecond's resolution");
}

/// An engine that passes the check before the run and then does not answer `mancala-engine`
/// when started for a game loses that game on time (`timeout`, as cutechess-cli's "stalls
/// connection" and fastchess's "stall"), not by a crash.
#[test]
fn an_engine_that_does_not_answer_at_start_loses_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("stall.py");
    let count = dir.path().join("starts");
    std::fs::write(
        &script,
        "import os, sys, time\n\
         count = sys.argv[1]\n\
         first = not os.path.exists(count)\n\
         open(count, 'a').write('x')\n\
         for line in sys.stdin:\n\
         \x20   if not first:\n\
         \x20       time.sleep(3600)\n\
         \x20   if line.split() == ['mancala-engine']:\n\
         \x20       print('mancalaok', flush=True)\n\
         \x20   elif line.split() == ['isready']:\n\
         \x20       print('readyok', flush=True)\n",
    )
    .unwrap();
    let o = run_within(
        &[
            "match",
            "kalah(houses=4,seeds=3)",
            "-a",
            &engine_agent(&script, &format!("'{}'", count.display())),
            "-a",
            "greedy",
            "--rounds",
            "1",
            "--threads",
            "2",
            "--out",
            "stall",
            "--results",
            dir.path().to_str().unwrap(),
        ],
        Duration::from_secs(120),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let games = records(&dir.path().join("tournaments/stall.games.jsonl"));
    assert_eq!(games.len(), 2);
    for g in games {
        assert_eq!(g["termination"], "timeout", "{g}");
        let message = g["forfeit"]["message"].as_str().unwrap();
        assert!(
            message.contains("did not answer `mancala-engine`"),
            "{message}"
        );
    }
}

/// Whether process `pid` still runs (a zombie, exited and waiting to be reaped, does not).
fn running(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z"),
        Err(_) => false,
    }
}

/// An engine started through a wrapper script that does not `exec` it, and that starts a
/// helper process of its own, leaves nothing behind: the host ends the engine's whole process
/// group, for the check before the run and for every game (three starts for one round).
#[test]
fn engines_leave_no_process_behind() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let wrapper = dir.path().join("wrapper.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nsleep 1000 &\necho $! >> '{}'\npython3 '{}' \"$@\"\n",
            pids.display(),
            example().display()
        ),
    )
    .unwrap();
    let o = run_within(
        &[
            "match",
            "kalah(houses=4,seeds=3)",
            "-a",
            &format!(r#"engine(cmd="sh",args="'{}'")"#, wrapper.display()),
            "-a",
            "greedy",
            "--rounds",
            "1",
            "--movetime",
            "1000",
            "--out",
            "wrapped",
            "--results",
            dir.path().to_str().unwrap(),
        ],
        Duration::from_secs(120),
    );
    let text = std::fs::read_to_string(&pids).unwrap();
    let left: Vec<&str> = text.lines().filter(|p| running(p)).collect();
    for pid in &left {
        // Not to leave them behind when the test fails.
        let _ = Command::new("kill").args(["-9", pid]).status();
    }
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(left.is_empty(), "helpers left running: {left:?}");
    for g in records(&dir.path().join("tournaments/wrapped.games.jsonl")) {
        assert_eq!(g["termination"], "normal", "{g}");
    }
}

/// `mancala engine` serving an agent that cannot start whatever the game (its databases'
/// directory is missing) answers `error` at `isready`, before any game and after `newgame`,
/// and a host refuses it before the run (exit 2).
#[test]
fn mancala_engine_serving_an_agent_that_cannot_start_answers_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["engine", "--agent", "egdb(dir=/nonexistent/db)"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"mancala-engine\nisready\nnewgame kalah\nisready\nquit\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[2], "mancalaok");
    for answer in &lines[3..] {
        assert!(
            answer.starts_with("error ") && answer.contains("/nonexistent/db"),
            "{out}"
        );
    }
    fails_with(
        &[
            "match",
            "kalah",
            "-a",
            &format!(
                r#"engine(cmd="{}",args="engine --agent egdb(dir=/nonexistent/db)")"#,
                env!("CARGO_BIN_EXE_mancala")
            ),
            "-a",
            "random",
        ],
        "/nonexistent/db",
    );
}
