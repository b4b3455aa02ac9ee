//! The games of three and four players ([`mancala::multi`]) against the independent Python
//! reference (`reference/n_player.py`, written from docs/rule-decisions.md, "Kpo and Azigo/Okwe
//! for three and four players", without the Rust code): perft counts of `tests/data/kpo-n.perft`
//! and `azigo-n.perft`, max-n vectors and paranoid values of `tests/data/solved-n-player.txt`
//! (the reference enumerates the whole tree; the Rust walks it with its memo).

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
