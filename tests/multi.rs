//! The games of three and four players ([`mancala::multi`]) against the independent Python
//! reference (`reference/n_player.py`, written from docs/rule-decisions.md, "Kpo and Azigo/Okwe
//! for three and four players", without the Rust code): perft counts of `tests/data/kpo-n.perft`
//! and `azigo-n.perft`, max-n vectors and paranoid values of `tests/data/solved-n-player.txt`
//! (the reference enumerates the whole tree; the Rust walks it with its memo).

mod common;

use common::{fails_with, json, mancala};
use mancala::multi::search::{maxn, paranoid, perft};
use mancala::multi::{NGame, NGameSpec, NPosition};

fn rows(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('|').map(|f| f.trim().to_string()).collect())
        .collect()
}

fn game_and_position(game: &str, position: &str) -> (NGame, NPosition) {
    let spec: NGameSpec = game.parse().unwrap_or_else(|e| panic!("{game}: {e}"));
    let g = NGame::new(spec);
    let pos = if position == "start" {
        g.start()
    } else {
        g.parse_position(position)
            .unwrap_or_else(|e| panic!("{game} {position}: {e}"))
    };
    (g, pos)
}

fn check_perft(name: &str) {
    let mut checked = 0;
    for row in rows(name) {
        let (game, pos) = game_and_position(&row[0], &row[1]);
        let depth: u32 = row[2].parse().unwrap();
        let want: u64 = row[3].parse().unwrap();
        assert_eq!(
            perft(&game, &pos, depth, &[]),
            want,
            "{name}: perft {} {} depth {depth}",
            row[0],
            row[1]
        );
        checked += 1;
    }
    assert!(checked > 100, "{name}: only {checked} rows");
}

#[test]
fn kpo_perft_equals_the_reference() {
    check_perft("kpo-n.perft");
}

#[test]
fn azigo_perft_equals_the_reference() {
    check_perft("azigo-n.perft");
}

#[test]
fn maxn_and_paranoid_values_equal_the_reference_enumeration() {
    let mut checked = (0, 0);
    for row in rows("solved-n-player.txt") {
        let (game, pos) = game_and_position(&row[0], &row[1]);
        let what: Vec<&str> = row[2].split_whitespace().collect();
        match what[..] {
            ["maxn"] => {
                let (v, _) = maxn(&game, &pos, &[], 50_000_000).unwrap();
                let text: Vec<String> = v[..game.players()].iter().map(|x| x.to_string()).collect();
                assert_eq!(text.join("-"), row[3], "max-n {} {}", row[0], row[1]);
                checked.0 += 1;
            }
            ["paranoid", k] => {
                let k: usize = k.parse().unwrap();
                let (v, _) = paranoid(&game, &pos, k - 1, &[], 50_000_000).unwrap();
                assert_eq!(v.to_string(), row[3], "paranoid {k} {} {}", row[0], row[1]);
                checked.1 += 1;
            }
            _ => panic!("solved-n-player.txt: unknown row {row:?}"),
        }
    }
    assert!(checked.0 >= 6 && checked.1 >= 6, "{checked:?}");
}

/// The max-n tie-break (first move in move order among those equal for the mover), on the
/// reference's hand-worked position: player 1's `A+` gives 0-1-3-4 and `A-` 0-1-2-5, equal
/// for player 1, so `A+` is taken and the value is 0-1-3-4 (not 0-1-2-5).
#[test]
fn maxn_tie_break_takes_the_first_move() {
    let (game, pos) = game_and_position("kpo(houses=2,players=4,seeds=2)", "2/0/1/0 0-1-0-4 1");
    let (v, _) = maxn(&game, &pos, &[], 1_000_000).unwrap();
    assert_eq!(&v[..4], &[0, 1, 3, 4]);
}

/// Bad game strings name the token.
#[test]
fn bad_game_strings_are_refused() {
    for (text, token) in [
        ("kpo(players=5)", "players=5"),
        ("kpo(players=1)", "players=1"),
        ("kpo(players=3,houses=4)", "houses=4"),
        ("okwe(players=4,houses=5)", "houses=5"),
        ("azigo(players=3,start=basden)", "start=basden"),
        ("kpo(players=3,capture=1-3)", "capture"),
    ] {
        let e = text.parse::<NGameSpec>().unwrap_err().to_string();
        assert!(e.contains(token), "{text}: {e}");
    }
}

/// `mancala solve` prints the reference's max-n vector and paranoid values, with every move.
#[test]
fn solve_command_gives_the_reference_values() {
    let v = json(&[
        "solve",
        "kpo(houses=3,players=3,seeds=2)",
        "--position",
        "1,0/0,1/0,0 3-3-4 1",
        "--json",
    ]);
    // solved-n-player.txt: max-n 5-3-4, paranoid 1: 4, paranoid 2: 3.
    assert_eq!(v["maxn"], serde_json::json!([5, 3, 4]));
    assert_eq!(v["paranoid"][0], 4);
    assert_eq!(v["paranoid"][1], 3);
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
}

/// `mancala show` of an n-player game: the player to move, the legal moves, the scores.
#[test]
fn show_command_draws_an_n_player_position() {
    let v = json(&["show", "kpo(players=4)", "--moves", "A+", "--json"]);
    assert_eq!(v["players"], 4);
    assert_eq!(v["player_to_move"], 2);
    // Player 1's A+ sows A's 3 seeds into B, C (its own) and player 2's A: 4 seeds; the last
    // makes 4, no capture. Player 2 owns 3 houses: 6 moves.
    assert_eq!(v["position"], "0,4,4/4,3,3/3,3,3/3,3,3 0-0-0-0 2");
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 6);
    let out = mancala(&["show", "kpo(players=3)", "--seat", "2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("*2A:3"), "{text}");
}

/// Runs `mancala tournament GAME` of random, greedy, alphabeta(depth=2) and
/// mcts(iterations=ITERATIONS) into `results` under `name`; it must succeed.
fn tournament(
    game: &str,
    iterations: &str,
    rounds: &str,
    threads: &str,
    name: &str,
    results: &str,
) {
    let mcts = format!("mcts(iterations={iterations})");
    let out = mancala(&[
        "tournament",
        game,
        "-a",
        "random",
        "-a",
        "greedy",
        "-a",
        "alphabeta(depth=2)",
        "-a",
        &mcts,
        "--rounds",
        rounds,
        "--threads",
        threads,
        "--out",
        name,
        "--results",
        results,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn results_of(dir: &std::path::Path, name: &str, ext: &str) -> String {
    std::fs::read_to_string(dir.join("tournaments").join(format!("{name}.{ext}"))).unwrap()
}

/// A three-player tournament: every agent in every seat equally often; the same tables on 1
/// and 2 threads; a run cut short (records cut, tables missing, as after SIGKILL) resumes to
/// the same tables.
#[test]
fn tournament_rotates_seats_is_reproducible_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().to_str().unwrap();
    let run =
        |name: &str, threads: &str| tournament("kpo(players=3)", "50", "2", threads, name, results);
    run("one", "1");
    run("two", "2");
    assert_eq!(
        results_of(dir.path(), "one", "csv"),
        results_of(dir.path(), "two", "csv")
    );
    let games = results_of(dir.path(), "one", "games.jsonl");
    let records: Vec<serde_json::Value> = games
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 24);
    for agent in 0..4 {
        for seat in 0..3 {
            let n = records.iter().filter(|r| r["seats"][seat] == agent).count();
            assert_eq!(n, 6, "agent {agent} seat {seat}");
        }
    }
    // Cut: 7 records and half a line kept, the tables gone.
    let kept: Vec<&str> = games.lines().take(8).collect();
    let cut = format!("{}\n{}", kept[..7].join("\n"), &kept[7][..10]);
    let t = dir.path().join("tournaments");
    std::fs::write(t.join("one.games.jsonl"), cut).unwrap();
    std::fs::remove_file(t.join("one.csv")).unwrap();
    run("one", "2");
    assert_eq!(
        results_of(dir.path(), "one", "csv"),
        results_of(dir.path(), "two", "csv")
    );
}

/// Bad input exits 2 naming the token.
#[test]
fn bad_n_player_input_is_refused() {
    fails_with(&["perft", "kpo(players=5)", "-d", "2"], "players=5");
    fails_with(&["perft", "okwe(players=1)", "-d", "2"], "players=1");
    fails_with(
        &[
            "show",
            "kpo(players=3)",
            "--position",
            "3,3,3/3,3,3/3,3,3/3,3,3 0-0-0-0 1",
        ],
        "4 groups of houses for a 3-player game",
    );
    fails_with(
        &[
            "tournament",
            "kpo(players=3)",
            "-a",
            "random",
            "-a",
            "greedy",
        ],
        "needs 3 agents or more, got 2",
    );
    fails_with(
        &[
            "tournament",
            "kpo(players=3)",
            "-a",
            "random",
            "-a",
            "greedy",
            "-a",
            "search",
        ],
        "`search` does not play games of three or four players",
    );
    fails_with(
        &["match", "kpo(players=3)", "-a", "random", "-a", "greedy"],
        "play it with `mancala tournament`",
    );
    fails_with(
        &["solve", "kpo(players=3)", "--max-nodes", "1000"],
        "more than 1000 nodes",
    );
    fails_with(
        &[
            "tournament",
            "kalah",
            "-a",
            "random",
            "-a",
            "greedy",
            "-a",
            "mcts",
            "--permutations",
        ],
        "--permutations",
    );
    fails_with(
        &[
            "tournament",
            "kpo(players=3)",
            "-a",
            "random",
            "-a",
            "greedy",
            "-a",
            "engine(cmd=\"x\")",
        ],
        "`engine` does not play games of three or four players",
    );
    fails_with(
        &[
            "tournament",
            "kpo(players=3)",
            "-a",
            "random",
            "-a",
            "greedy",
            "-a",
            "random",
        ],
        "agent `random` is given twice",
    );
    fails_with(
        &[
            "tournament",
            "kpo(players=3)",
            "-a",
            "random",
            "-a",
            "greedy",
            "-a",
            "mcts",
            "--rounds",
            "0",
        ],
        "--rounds 0",
    );
    for option in ["--value-only", "--max-seconds", "--egdb", "--check"] {
        let mut args = vec!["solve", "kpo(houses=3,players=3,seeds=1)"];
        args.push(option);
        match option {
            "--max-seconds" => args.push("2"),
            "--egdb" => args.push("databases/kalah"),
            "--check" => args.push("plain"),
            _ => {}
        }
        fails_with(&args, option);
    }
    fails_with(&["show", "kalah", "--seat", "2"], "--seat");
    fails_with(
        &[
            "show",
            "kpo(players=3)",
            "--position",
            "+3,3,3,3/3,3,3,3/3,3,3,3 0-0-0 1",
        ],
        "house `+3`",
    );
    // A two-player command names the n-player forms.
    fails_with(
        &["egdb", "build", "kpo(players=3)", "--max-seeds", "2"],
        "players=3",
    );
}

/// The exhaustive solve stops at its node budget with bounded memory (its memo holds at most
/// `MEMO_ENTRIES` entries): a board whose tree is far larger than the budget exits 2.
#[test]
fn solve_stops_at_its_node_budget() {
    fails_with(
        &[
            "solve",
            "kpo(houses=3,players=3,seeds=2)",
            "--max-nodes",
            "300000",
        ],
        "more than 300000 nodes",
    );
}

/// More rounds on an existing run grow it: the first games are kept, and the tables equal a
/// fresh run of the larger number of rounds.
#[test]
fn more_rounds_grow_a_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().to_str().unwrap();
    let run =
        |name: &str, rounds: &str| tournament("kpo(players=4)", "30", rounds, "2", name, results);
    run("grown", "1");
    run("grown", "2");
    run("fresh", "2");
    assert_eq!(
        results_of(dir.path(), "grown", "csv"),
        results_of(dir.path(), "fresh", "csv")
    );
    assert_eq!(
        results_of(dir.path(), "grown", "games.jsonl")
            .lines()
            .count(),
        8
    );
}
