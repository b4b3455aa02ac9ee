//! `mancala eval fit --games`: evaluation weights fitted to the outcomes of a run's games
//! (the four-row games), and its bad input.

mod common;

use common::{fails_with, mancala};
use std::path::{Path, PathBuf};

/// Plays `games` games of `game` between two depth-limited searches into `dir` (run `name`)
/// and returns the records file.
fn self_play(dir: &Path, game: &str, name: &str, games: &str) -> PathBuf {
    let out = mancala(&[
        "match",
        game,
        "-a",
        "search(depth=2,eval=stores)",
        "-a",
        "search(depth=1,eval=stores)",
        "--games",
        games,
        "--openings",
        "2",
        "--seed",
        "1",
        "--threads",
        "1",
        "--out",
        name,
        "--results",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir.join("tournaments").join(format!("{name}.games.jsonl"))
}

/// Every position a game passed through is one sample, every 5th game held out: the counts
/// the weights file reports are the records' own move counts (opening and agents' moves,
/// read from the JSON here), and the file reads back as four-row weights for the game.
#[test]
fn a_fit_to_outcomes_labels_every_position_of_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let jsonl = self_play(dir.path(), "bao-la-kiswahili", "bao", "20");
    let (mut fitted, mut held) = (0, 0);
    for (k, line) in std::fs::read_to_string(&jsonl).unwrap().lines().enumerate() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let plies = r["opening"].as_array().unwrap().len() + r["moves"].as_array().unwrap().len();
        if k % 5 == 4 {
            held += plies;
        } else {
            fitted += plies;
        }
    }
    let out = dir.path().join("bao.toml");
    let report = dir.path().join("bao.md");
    let run = mancala(&[
        "eval",
        "fit",
        "bao-la-kiswahili",
        "--games",
        jsonl.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let figures = format!("# {fitted} positions fitted, {held} held out (every 5th game)");
    assert!(text.contains(&figures), "`{figures}` not in:\n{text}");
    assert!(text.contains("features = \"four-row\"\ngames = [\"bao-la-kiswahili\"]\nhouses = 16\n"));
    let weights = mancala::eval::fitted::Weights::parse(&text, "bao.toml").unwrap();
    assert_eq!(weights.features, mancala::eval::fitted::FeatureSet::FourRow);
    let md = std::fs::read_to_string(&report).unwrap();
    assert!(md.contains("| material alone (k = "), "{md}");
    assert!(report.with_extension("csv").exists());
}

#[test]
fn bad_input_is_named_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bao = self_play(dir.path(), "bao-la-kiswahili", "bao", "10");
    let kalah = self_play(dir.path(), "kalah(houses=3,seeds=2)", "kalah", "10");
    let out = dir.path().join("w.toml");
    let o = out.to_str().unwrap();
    let cases: [(Vec<&str>, &str); 5] = [
        (
            vec![
                "kalah(houses=3,seeds=2)",
                "--games",
                kalah.to_str().unwrap(),
            ],
            "`kalah(houses=3,seeds=2)` is not a four-row game",
        ),
        (
            vec!["bao-la-kete", "--games", bao.to_str().unwrap()],
            "its games are of `bao-la-kiswahili`, not `bao-la-kete`",
        ),
        (
            vec!["bao-la-kiswahili", "--games", "/nonexistent/x.games.jsonl"],
            "/nonexistent/x.games.jsonl",
        ),
        (vec!["bao-la-kiswahili"], "--egdb"),
        (
            vec![
                "bao-la-kiswahili",
                "--games",
                bao.to_str().unwrap(),
                "--egdb",
                "databases/kalah",
            ],
            "cannot be used with",
        ),
    ];
    for (args, needle) in cases {
        let mut all = vec!["eval", "fit"];
        all.extend(args);
        all.extend(["--out", o]);
        fails_with(&all, needle);
        assert!(!out.exists(), "{all:?} wrote {o}");
    }
}
