//! Golden values from independent sources:
//! * `tests/data/kalah-solved.csv`: published Kalah values (Irving, Donkers & Uiterwijk 2000;
//!   Rawlings 2015; CMancala; an independent reference solver), copied from
//!   `shared/reference/kalah-solved.csv`; the rows that solve in seconds are checked here, all
//!   required rows by `scripts/check-solved.sh`.
//! * `tests/data/*.perft`: perft counts computed by `reference/` (`python3 reference`), a separate plain
//!   Python implementation of RULES.md written without looking at the Rust code.
//! * `tests/data/solved-small.txt`: exact values of small positions from the same reference.
//! * `tests/data/adi-rounds.txt`: the next rounds of Adi's house buying from the same reference.

use mancala::rules::{dispatch, GameJob, GameSpec};
use mancala::search::solver::history_rule;
use mancala::search::{perft, plain_solve, solve, SolveOptions};
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
        let pos = if self.position == "start" {
            rules.start()
        } else {
            rules
                .parse_position(&self.position)
                .unwrap_or_else(|e| panic!("golden position {}: {e}", self.position))
        };
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
        // History rules (issue 17) are refused by the table-based solver: the plain one.
        if history_rule(&rules).is_some() {
            return plain_solve(&rules, &pos, &[], &AtomicU64::new(0)).value;
        }
        let options = SolveOptions {
            threads: 2,
            tt_mb: Some(64),
            value_only: false,
            egdb: None,
            limits: Default::default(),
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

/// The two-row games of issue 5, one golden file each (`reference/two_row.py`).
#[test]
fn other_two_row_games_perft_matches_the_reference_implementation() {
    for game in ["wari", "woaley1", "woaley2", "adi", "giuti", "cups"] {
        check_perft_file(&format!("{game}.perft"));
    }
}

/// Issue 17, wider boards: Kalah and the Oware family beyond 7 houses or 255 seeds, Cups with 7
/// to 10 bowls (the wide board), against the same reference (`python3 reference generate wide`).
#[test]
fn wide_boards_perft_matches_the_reference_implementation() {
    for game in [
        "kalah(houses=8,seeds=3)",
        "kalah(houses=20,seeds=25)",
        "oware(houses=10)",
        "cups(bowls=10)",
    ] {
        let spec: GameSpec = game.parse().unwrap();
        assert!(!spec.fits_packed(), "{game} is played on the wide board");
    }
    check_perft_file("wide.perft");
}

/// Issue 17: Ayo, Kpo and the new options (kalah `end=empty-takes-rest`, `repetition-count`,
/// `no-capture-moves`), one golden file each (`reference/two_row.py`).
#[test]
fn issue_17_games_and_options_perft_matches_the_reference_implementation() {
    for file in ["ayo", "kpo", "issue17-options"] {
        check_perft_file(&format!("{file}.perft"));
    }
}

/// Issue 17: exact values of small Ayo, Kpo and option positions from the reference solver
/// (history-rule games solved by the plain solver here).
#[test]
fn issue_17_small_positions_match_the_reference_solver() {
    check_solved_file("solved-issue17.txt");
}

/// The four-row games of issue 6, one golden file each (`reference/four_row.py`).
#[test]
fn four_row_games_perft_matches_the_reference_implementation() {
    for game in ["omweso", "bao-la-kete", "bao-la-kiswahili"] {
        check_perft_file(&format!("{game}.perft"));
    }
}

/// Lela (issue 17), its own golden file (`reference/lela.py`, written before the Rust code).
#[test]
fn lela_perft_matches_the_reference_implementation() {
    check_perft_file("lela.perft");
}

/// Small Lela games and positions solved by the Python reference (full negamax with the
/// repetition history), against the Rust solver.
#[test]
fn small_lela_games_match_the_reference_solver() {
    check_solved_file("solved-lela.txt");
}

/// Ajwa (RULES.md §7), its own golden file (`reference/ajwa.py`, written from the rules text).
#[test]
fn ajwa_perft_matches_the_reference_implementation() {
    check_perft_file("ajwa.perft");
}

/// Small Ajwa games and positions solved by the Python reference (plain negamax with the
/// repetition history), against the Rust solver.
#[test]
fn small_ajwa_games_match_the_reference_solver() {
    check_solved_file("solved-ajwa.txt");
}

#[test]
fn small_positions_match_the_reference_solver() {
    check_solved_file("solved-small.txt");
}

#[test]
fn small_positions_of_the_other_two_row_games_match_the_reference_solver() {
    check_solved_file("solved-two-row.txt");
}

/// Adi's house buying (`tests/data/adi-rounds.txt`, by the reference's `next-round`): the next
/// round's game string and start position after a round's start and final stores, or the end
/// of the match, as [`Rules::next_round`] gives them.
#[test]
fn adi_next_rounds_match_the_reference_implementation() {
    check_next_rounds("adi-rounds.txt", |spec| {
        mancala::rules::Adi::new(spec.try_into().unwrap())
    });
}

/// Ayo's rounds (`tests/data/ayo-rounds.txt`, by the reference's `next-round`; Hanson via
/// StoneShark, docs/rule-decisions.md "Rounds: `rounds`, `won` and `goal`").
#[test]
fn ayo_next_rounds_match_the_reference_implementation() {
    check_next_rounds("ayo-rounds.txt", |spec| {
        mancala::rules::Oware::new(spec.try_into().unwrap())
    });
}

/// Ayo with houses won across the board (`won`): perft and solved values of the reference.
#[test]
fn ayo_with_houses_won_matches_the_reference_implementation() {
    check_perft_file("ayo-won.perft");
    check_solved_file("solved-ayo-won.txt");
}

fn check_next_rounds<R: Rules>(name: &str, rules_of: impl Fn(GameSpec) -> R) {
    let mut failures = Vec::new();
    let rows = rows(&data(name));
    assert!(rows.len() >= 20, "{} rows", rows.len());
    for row in rows {
        let (game, start, stores) = (&row[0], &row[1], &row[2]);
        let expected = row[3..].join(" | ");
        let rules = rules_of(game.parse::<GameSpec>().unwrap());
        let start = rules.parse_position(start).unwrap();
        let (s, n) = stores.split_once('-').unwrap();
        let got = match rules.next_round(&start, [s.parse().unwrap(), n.parse().unwrap()]) {
            Some((next, pos)) => format!("{} | {}", next.spec(), next.format_position(&pos)),
            None => "match over".to_string(),
        };
        if got != expected {
            failures.push(format!("{game} | {stores}: expected {expected}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_solved_file(name: &str) {
    let mut failures = Vec::new();
    for row in rows(&data(name)) {
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

/// The rows of tests/data/kalah-solved.csv: houses, seeds, game string, value, source.
fn published_kalah() -> Vec<(u32, u32, String, i32, String)> {
    data("kalah-solved.csv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("houses"))
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let (houses, seeds): (u32, u32) = (f[0].parse().unwrap(), f[1].parse().unwrap());
            let game = format!("kalah(houses={houses},seeds={seeds},capture={})", f[2]);
            (houses, seeds, game, f[3].parse().unwrap(), f[4].to_string())
        })
        .collect()
}

/// Published values (tests/data/kalah-solved.csv) of the boards that solve in about a second:
/// up to 4 houses, and 5 houses with up to 3 seeds.
#[test]
fn published_kalah_values_small_boards() {
    let mut checked = 0;
    for (houses, seeds, game, expected, source) in published_kalah() {
        if !(houses <= 4 || (houses == 5 && seeds <= 3)) {
            continue;
        }
        let got = dispatch(&game.parse().unwrap(), Solve { position: None });
        assert_eq!(got, expected, "{game} (source {source})");
        checked += 1;
    }
    assert_eq!(checked, 27);
}

/// Builds the database of `rules` up to `max_seeds` in a temporary directory.
fn database<R: Rules>(rules: &R, max_seeds: u32) -> (tempfile::TempDir, mancala::egdb::Egdb) {
    let dir = tempfile::tempdir().unwrap();
    let options = mancala::egdb::BuildOptions {
        max_seeds,
        threads: mancala::core::Threads::new(2).unwrap(),
        memory_limit: 1 << 30,
        checkpoint_every: std::time::Duration::from_secs(600),
        partitioned: false,
    };
    let db = mancala::egdb::build(rules, dir.path(), &options, &(), |_| {}).unwrap();
    (dir, db)
}

struct Probe {
    position: Option<String>,
}

impl GameJob for Probe {
    /// `None` when the game has no databases.
    type Output = Option<i32>;
    fn run<R: Rules>(self, rules: R) -> Option<i32> {
        rules.egdb_houses().ok()?;
        let pos = match &self.position {
            Some(p) => rules.parse_position(p).expect("golden position parses"),
            None => rules.start(),
        };
        let (_dir, db) = database(&rules, rules.board_seeds(&pos));
        Some(db.value(&rules, &pos).expect("covered"))
    }
}

/// The databases give the Python reference's values (full minimax with the repetition rule) of
/// every small position whose game has databases.
#[test]
fn databases_give_the_reference_values_of_small_positions() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for row in rows(&data("solved-small.txt")) {
        let [game, position, value] = &row[..] else {
            panic!("bad row {row:?}")
        };
        let probe = Probe {
            position: Some(position.clone()),
        };
        if let Some(got) = dispatch(&game.parse().unwrap(), probe) {
            checked += 1;
            if got.to_string() != *value {
                failures.push(format!("{game} | {position}: expected {value}, got {got}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 67);
}

/// Published start values (tests/data/kalah-solved.csv) read straight from databases, for the
/// boards whose every seed fits a layer built in about a second (at most 5 houses, 20 seeds).
#[test]
fn databases_give_published_kalah_values() {
    let mut checked = 0;
    for (houses, seeds, game, expected, source) in published_kalah() {
        if houses > 5 || 2 * houses * seeds > 20 {
            continue;
        }
        let got = dispatch(&game.parse().unwrap(), Probe { position: None });
        assert_eq!(got, Some(expected), "{game} (source {source})");
        checked += 1;
    }
    assert_eq!(checked, 18);
}

/// Azigo / Okwe (RULES.md §7): perft from Basden's start (10, 12 and 20 houses, on the wide
/// board), the 6-hole form, small boards and hand-worked positions (`reference/azigo.py`).
#[test]
fn azigo_perft_matches_the_reference_implementation() {
    check_perft_file("azigo.perft");
}

/// Azigo / Okwe: exact values of small games and positions from the reference's plain
/// negamax (the repetition history is the whole line: seeds come back from the hands).
#[test]
fn azigo_small_positions_match_the_reference_solver() {
    check_solved_file("solved-azigo.txt");
}
