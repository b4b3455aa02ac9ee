//! The command line as a user meets it: outputs, JSON shapes, and bad input (exit status 2 with
//! a message naming the bad token, never a panic).

use std::process::{Command, Output};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = mancala(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON on stdout")
}

fn fails_with(args: &[&str], needle: &str) {
    let out = mancala(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: `{needle}` not in: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn show_json_has_the_documented_fields() {
    let v = json(&["show", "kalah", "--json"]);
    assert_eq!(v["game"], "kalah");
    assert_eq!(v["position"], "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    assert_eq!(v["side_to_move"], "S");
    assert_eq!(
        v["legal_moves"],
        serde_json::json!(["A", "B", "C", "D", "E", "F"])
    );
    assert_eq!(v["over"], false);
    assert_eq!(v["stores"], serde_json::json!([0, 0]));
}

#[test]
fn show_applies_moves_after_the_position() {
    // C from the start of Kalah(6,4) ends in the store: South moves again.
    let v = json(&["show", "kalah", "--moves", "C", "--json"]);
    assert_eq!(v["position"], "4,4,0,5,5,5/4,4,4,4,4,4 1-0 S");
    let v = json(&[
        "show",
        "oware(must-feed=false)",
        "--moves",
        "A f B e C c F a E b F c D f F c E a F a",
        "--json",
    ]);
    assert_eq!(v["over"], true);
    assert_eq!(v["stores"], serde_json::json!([14, 34]));
}

#[test]
fn solve_json_has_the_documented_fields() {
    let v = json(&[
        "solve",
        "kalah(houses=3,seeds=3,capture=empty)",
        "--json",
        "--threads",
        "2",
        "--tt-mb",
        "16",
    ]);
    assert_eq!(v["value"], 2); // tests/data/kalah-solved.csv
    assert_eq!(v["side_to_move"], "S");
    assert_eq!(v["moves"].as_array().unwrap().len(), 3);
    assert!(v["moves"][0]["move"].is_string() && v["moves"][0]["value"].is_i64());
    assert!(v["pv"].as_array().unwrap().len() > 1);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["seconds"].is_number());
    assert_eq!(v["threads"], 2);
}

#[test]
fn perft_json_and_divide() {
    let v = json(&["perft", "kalah", "--depth", "2", "--divide", "--json"]);
    let divide = v["divide"].as_object().unwrap();
    let sum: u64 = divide.values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(v["nodes"].as_u64().unwrap(), sum);
    assert_eq!(divide.len(), 6);
}

#[test]
fn bad_game_strings_name_the_token() {
    fails_with(&["show", "chess"], "`chess`");
    fails_with(&["show", "kalah(hoses=4)"], "`hoses`");
    fails_with(&["show", "kalah(houses=9)"], "houses=9");
    fails_with(&["show", "kalah(houses=7,seeds=19)"], "266 seeds");
    fails_with(&["solve", "kalah(capture=sometimes)"], "capture=sometimes");
    fails_with(&["perft", "oware(", "--depth", "1"], "not of the form");
}

#[test]
fn bad_positions_name_the_token() {
    fails_with(
        &["show", "kalah", "--position", "4,4,4,4,4,4/4,4,4,4,4 0-0 S"],
        "has 5 houses",
    );
    fails_with(
        &[
            "show",
            "kalah",
            "--position",
            "4,4,4,4,4,4/4,4,4,4,4,x 0-0 S",
        ],
        "`x`",
    );
    fails_with(
        &[
            "show",
            "kalah",
            "--position",
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 Q",
        ],
        "`Q`",
    );
    fails_with(
        &[
            "show",
            "kalah",
            "--position",
            "4,4,4,4,4,4/4,4,4,4,4,4 1-0 S",
        ],
        "49 seeds",
    );
    fails_with(
        &["show", "kalah", "--position", "garbage"],
        "not of the form",
    );
    fails_with(
        &[
            "solve",
            "kalah",
            "--position",
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S;forced=a",
        ],
        "forced=a",
    );
}

#[test]
fn bad_moves_name_their_index_and_the_legal_moves() {
    fails_with(
        &["show", "kalah", "--moves", "A B"],
        "move 2 `B`: `B` is a house of South, but North is to move; legal moves: a b c d e f",
    );
    fails_with(&["show", "kalah", "--moves", "A b Z"], "move 3 `Z`");
    fails_with(
        &["show", "kalah", "--moves", "C C"],
        "move 2 `C` is not legal here; legal moves: A B D E F",
    );
    fails_with(&["show", "kalah", "--moves", "A 7"], "move 2 `7`");
    fails_with(
        &["show", "kalah(houses=3)", "--moves", "E"],
        "names no house",
    );
}

#[test]
fn bad_options_exit_2() {
    fails_with(&["perft", "kalah"], "--depth");
    fails_with(&["solve", "kalah", "--threads", "0"], "--threads");
    fails_with(&["solve", "kalah", "--tt-mb", "0"], "--tt-mb");
    fails_with(&["perft", "kalah", "--depth", "-1"], "-1");
}
