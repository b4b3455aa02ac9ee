//! Helpers shared by the integration tests.
#![allow(dead_code)]

use mancala::core::WideBoard;
use mancala::rules::spec::{GameSpec, ParseGameError};
use mancala::rules::{Adi, Ajwa, Bao, Cups, Giuti, Kpo, Lela, Omweso, Woaley1};
use mancala::{Kalah, Line, Oware, Rules, Status};
use proptest::prelude::*;

/// The spec of `game`, a game string of spec type `S`.
pub fn spec<S: TryFrom<GameSpec, Error = ParseGameError>>(game: &str) -> S {
    game.parse::<GameSpec>().unwrap().try_into().unwrap()
}

pub fn kalah(game: &str) -> Kalah {
    Kalah::new(spec(game))
}

pub fn oware(game: &str) -> Oware {
    Oware::new(spec(game))
}

pub fn woaley1(game: &str) -> Woaley1 {
    Woaley1::new(spec(game))
}

pub fn adi(game: &str) -> Adi {
    Adi::new(spec(game))
}

pub fn giuti(game: &str) -> Giuti {
    Giuti::new(spec(game))
}

pub fn kpo(game: &str) -> Kpo {
    Kpo::new(spec(game))
}

pub fn cups(game: &str) -> Cups {
    Cups::new(spec(game))
}

pub fn omweso(game: &str) -> Omweso {
    Omweso::new(spec(game))
}

pub fn bao(game: &str) -> Bao {
    Bao::new(spec(game))
}

pub fn lela(game: &str) -> Lela {
    Lela::new(spec(game))
}

/// Ajwa on the packed board (at most 7 houses).
pub fn ajwa(game: &str) -> Ajwa {
    Ajwa::new(spec(game))
}

/// Ajwa on the wide board (any number of houses, the default 8 among them).
pub fn ajwa_wide(game: &str) -> Ajwa<WideBoard> {
    Ajwa::on_pits(spec(game))
}

/// Four-row position text from hole contents named by letter: `south` and `north` list
/// `<letter><seeds>` items (`"A3 N1"`; the letter's case is ignored, each row's own letters
/// `A..P`), empty holes left out; `tail` follows the rows (`"S"`, `"N;reserve=1-1;kuu=SN"`).
pub fn four_row(south: &str, north: &str, tail: &str) -> String {
    let row = |items: &str| {
        let mut holes = [0u32; 16];
        for item in items.split_whitespace() {
            let letter = item.chars().next().unwrap().to_ascii_uppercase();
            holes[(letter as u8 - b'A') as usize] = item[1..].parse().unwrap();
        }
        holes.map(|n| n.to_string()).join(",")
    };
    format!("{}/{} 0-0 {}", row(south), row(north), tail)
}

/// The line after playing `moves` from `position` (start position if empty).
pub fn line<R: Rules>(rules: &R, position: &str, moves: &str) -> Line<R> {
    let start = if position.is_empty() {
        rules.start()
    } else {
        rules.parse_position(position).unwrap()
    };
    let mut line = Line::new(start);
    line.play_text(rules, moves).unwrap();
    line
}

/// Position text after `moves`.
pub fn after<R: Rules>(rules: &R, position: &str, moves: &str) -> String {
    rules.format_position(line(rules, position, moves).current())
}

/// Legal moves, space-separated.
pub fn legal<R: Rules>(rules: &R, position: &str) -> String {
    line(rules, position, "").legal_text(rules)
}

/// Final stores `[south, north]` if the game is over after `moves`.
pub fn final_stores<R: Rules>(rules: &R, position: &str, moves: &str) -> Option<[u32; 2]> {
    let l = line(rules, position, moves);
    match l.status(rules) {
        Status::Ongoing => None,
        s => Some(rules.final_stores(l.current(), s.outcome().unwrap())),
    }
}

/// Runs the `mancala` binary with `args`.
pub fn mancala(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Asserts that `mancala args` exits with status 2 and a message containing `needle`, without
/// a panic.
pub fn fails_with(args: &[&str], needle: &str) {
    let out = mancala(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: `{needle}` not in: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

/// The JSON that `mancala args` prints (which must succeed).
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = mancala(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON on stdout")
}

/// A temporary directory with the database of `game` built by the command line, and the
/// database directory in it.
pub fn built(game: &str, max_seeds: &str) -> (tempfile::TempDir, String) {
    let root = tempfile::tempdir().unwrap();
    let v = json(&[
        "egdb",
        "build",
        game,
        "--max-seeds",
        max_seeds,
        "--out",
        root.path().to_str().unwrap(),
        "--threads",
        "2",
        "--json",
    ]);
    let dir = v["dir"].as_str().unwrap().to_string();
    (root, dir)
}

/// The game records of a `.games.jsonl` text without their move times (`times_ms`, which
/// depend on the machine and are left out of every comparison of runs), one JSON line each.
pub fn without_times(jsonl: &str) -> String {
    jsonl
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).expect("a JSON record");
            let times = v
                .as_object_mut()
                .and_then(|o| o.remove("times_ms"))
                .expect("records hold times_ms");
            assert_eq!(
                times.as_array().map(Vec::len),
                v["moves"].as_array().map(Vec::len)
            );
            v.to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Changes entry `rank` of layer `layer` of the database in `dir` by 2 seeds (towards 0) and
/// rewrites the header's checksum to match, so that the header and checksum checks pass;
/// returns the entry before and after.
pub fn tamper_entry(dir: &std::path::Path, layer: u32, rank: u64) -> (i8, i8) {
    use mancala::egdb::{checksum, layer_file, LayerHeader, HEADER_BYTES};
    let path = dir.join(layer_file(layer));
    let mut bytes = std::fs::read(&path).unwrap();
    let config = bincode::config::standard();
    let (mut header, _): (LayerHeader, usize) =
        bincode::decode_from_slice(&bytes[..HEADER_BYTES], config).unwrap();
    let at = HEADER_BYTES + rank as usize;
    let before = bytes[at] as i8;
    let after = if before < 0 { before + 2 } else { before - 2 };
    bytes[at] = after as u8;
    header.checksum = checksum(&bytes[HEADER_BYTES..]);
    bytes[..HEADER_BYTES].fill(0);
    bincode::encode_into_slice(&header, &mut bytes[..HEADER_BYTES], config).unwrap();
    std::fs::write(&path, bytes).unwrap();
    (before, after)
}

/// The files of `dir`, sorted by name, with their bytes.
#[allow(dead_code)] // not every test file compares directories
pub fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

/// Plays random moves of a four-row game (Omweso, Bao, Lela) until it ends (by its rules or by
/// repetition; at most 20,000 plies), checking every position: seeds conserved (holes, reserves
/// and stores), text round trip, moves exist exactly while the game goes on.
pub fn random_game<R: Rules<Position = mancala::rules::FourRowPosition>>(
    rules: &R,
    choices: &[usize],
) -> Result<usize, TestCaseError> {
    let total = rules.spec().total_seeds();
    let mut line: Line<R> = Line::new(rules.start());
    for ply in 0..20_000 {
        let pos = *line.current();
        // Holes, reserves / hands and (Lela) stores.
        prop_assert_eq!(
            pos.total() + pos.stores[0] as u32 + pos.stores[1] as u32,
            total
        );
        let text = rules.format_position(&pos);
        prop_assert_eq!(
            rules.parse_position(&text).unwrap(),
            pos,
            "round trip of {}",
            text
        );
        let children = line.children(rules);
        let status = line.status(rules);
        prop_assert_eq!(
            children.is_empty(),
            status != Status::Ongoing,
            "moves exist iff the game goes on: {}",
            text
        );
        if status != Status::Ongoing {
            let stores = rules.final_stores(&pos, status.outcome().unwrap());
            prop_assert_eq!(stores[0] + stores[1], total);
            return Ok(ply);
        }
        let c = children[choices[ply % choices.len()] % children.len()];
        line.push(rules, c.mv, c.pos);
    }
    Err(TestCaseError::fail(
        "a random game did not end in 20000 plies",
    ))
}

/// Azigo / Okwe on the packed board (boards that fit it: `fits_packed`).
pub fn azigo(game: &str) -> mancala::rules::Azigo {
    mancala::rules::Azigo::new(spec(game))
}

/// Azigo / Okwe on the wide board (any board, Basden's 10 to 20 houses among them).
pub fn azigo_wide(game: &str) -> mancala::rules::Azigo<mancala::core::WideBoard> {
    mancala::rules::Azigo::on_pits(spec(game))
}

/// Plays random moves from the start until at most `max_seeds` seeds are on the board, and
/// returns the line (or `None` if the game ended first).
pub fn random_line<R: Rules>(
    rules: &R,
    rng: &mut rand_chacha::ChaCha8Rng,
    max_seeds: u32,
) -> Option<Line<R>> {
    use rand::Rng;
    let mut line = Line::new(rules.start());
    loop {
        if line.status(rules) != Status::Ongoing {
            return None;
        }
        if rules.board_seeds(line.current()) <= max_seeds && rng.gen_bool(0.3) {
            return Some(line);
        }
        let children = line.children(rules);
        let c = children[rng.gen_range(0..children.len())];
        line.push(rules, c.mv, c.pos);
    }
}
