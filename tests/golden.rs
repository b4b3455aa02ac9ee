//! Golden values from independent sources:
//! * `tests/data/kalah-solved.csv`: published Kalah values (Irving, Donkers & Uiterwijk 2000;
//!   Rawlings 2015; CMancala; an independent reference solver), copied from
//!   `shared/reference/kalah-solved.csv`; the rows that solve in seconds are checked here, all
//!   required rows by `scripts/check-solved.sh`.
//! * `tests/data/*.perft`: perft counts computed by `scripts/reference.py`, a separate plain
//!   Python implementation of RULES.md written without looking at the Rust code.
//! * `tests/data/solved-small.txt`: exact values of small positions from the same script.

use mancala::rules::{dispatch, GameJob, GameSpec};
use mancala::search::{perft, solve, SolveOptions};
use mancala::Rules;
use std::sync::atomic::AtomicU64;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Data lines of a `|`-separated golden file, comments and blanks skipped.
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('|').map(|f| f.trim().to_string()).collect())
        .collect()
}

struct Perft {
    position: String,
    depth: u32,
}

impl GameJob for Perft {
    type Output = u64;
    fn run<R: Rules>(self, rules: R) -> u64 {
        let pos = rules
            .parse_position(&self.position)
            .expect("golden position parses");
        perft(&rules, &pos, self.depth, &[])
    }
}

struct Solve {
    position: Option<String>,
}

impl GameJob for Solve {
    type Output = i32;
    fn run<R: Rules>(self, rules: R) -> i32 {
        let pos = match &self.position {
            Some(p) => rules.parse_position(p).expect("golden position parses"),
            None => rules.start(),
        };
        let options = SolveOptions {
            threads: 2,
            tt_mb: 64,
        };
        solve(&rules, &pos, &[], &options, &AtomicU64::new(0))
            .unwrap()
            .value
    }
}

fn check_perft_file(name: &str) {
    let mut failures = Vec::new();
    let all = rows(&data(name));
    assert!(!all.is_empty(), "{name} has no cases");
    for row in all {
        let [game, position, depth, count] = &row[..] else {
            panic!("bad row {row:?}")
        };
        let spec: GameSpec = game.parse().unwrap();
        let got = dispatch(
            &spec,
            Perft {
                position: position.clone(),
                depth: depth.parse().unwrap(),
            },
        );
        if got.to_string() != *count {
            failures.push(format!(
                "{game} | {position} | {depth}: expected {count}, got {got}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn kalah_perft_matches_the_reference_implementation() {
    check_perft_file("kalah.perft");
}

#[test]
fn oware_perft_matches_the_reference_implementation() {
    check_perft_file("oware.perft");
}

#[test]
fn small_positions_match_the_reference_solver() {
    let mut failures = Vec::new();
    for row in rows(&data("solved-small.txt")) {
        let [game, position, value] = &row[..] else {
            panic!("bad row {row:?}")
        };
        let spec: GameSpec = game.parse().unwrap();
        let got = dispatch(
            &spec,
            Solve {
                position: Some(position.clone()),
            },
        );
        if got.to_string() != *value {
            failures.push(format!("{game} | {position}: expected {value}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Published values (tests/data/kalah-solved.csv) of the boards that solve in about a second:
/// up to 4 houses, and 5 houses with up to 3 seeds.
#[test]
fn published_kalah_values_small_boards() {
    let text = data("kalah-solved.csv");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("houses"))
    {
        let f: Vec<&str> = line.split(',').collect();
        let (houses, seeds): (u32, u32) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        if !(houses <= 4 || (houses == 5 && seeds <= 3)) {
            continue;
        }
        let game = format!("kalah(houses={houses},seeds={seeds},capture={})", f[2]);
        let expected: i32 = f[3].parse().unwrap();
        let got = dispatch(&game.parse().unwrap(), Solve { position: None });
        assert_eq!(got, expected, "{game} (source {})", f[4]);
        checked += 1;
    }
    assert_eq!(checked, 27);
}
