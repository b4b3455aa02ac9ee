//! Issue 17, wider boards: Kalah and the Oware family beyond 7 houses a player or 255 seeds and
//! Cups with 7 to 10 bowls, played on the wide board ([`mancala::core::WideBoard`]).
//!
//! Hand-worked positions (the arithmetic is in the comments), the limits and their messages,
//! the interfaces a program sees (actions, observations), the solver against plain negamax on
//! small wide positions, random games that end, and the refusals (databases, keys that would not
//! be lossless). Perft goldens from the Python reference are in `tests/golden.rs`
//! (`tests/data/wide.perft`); seed conservation and text round trips in `tests/properties.rs`.

use mancala::core::{Pits, WideBoard};
use mancala::rules::{dispatch, Cups, GameJob, GameSpec, Kalah, Oware};
use mancala::search::{negamax, solve, SolveOptions};
use mancala::{Line, Rules, Side, Status, TwoRowPosition};
use std::sync::atomic::AtomicU64;

fn spec<S: TryFrom<GameSpec>>(game: &str) -> S
where
    S::Error: std::fmt::Debug,
{
    game.parse::<GameSpec>().unwrap().try_into().unwrap()
}

fn kalah(game: &str) -> Kalah<WideBoard> {
    Kalah::on_pits(spec(game))
}

fn oware(game: &str) -> Oware<WideBoard> {
    Oware::on_pits(spec(game))
}

fn cups(game: &str) -> Cups<WideBoard> {
    Cups::on_pits(spec(game))
}

/// The position after playing `mv` (text) in `text`, as text.
fn after<R: Rules>(rules: &R, text: &str, mv: &str) -> String {
    let mut line = Line::new(rules.parse_position(text).unwrap());
    line.play_text(rules, mv).unwrap();
    rules.format_position(line.current())
}

/// RULES.md §1.3 on 9 houses: South's `H` (1 seed) sows into `I`, empty, whose opposite house
/// (`2m - 1 - 8 = 9`, North's `a`) holds 6: both go to South's store, 20 + 1 + 6 = 27. South's
/// row is then empty, so (§1.4) North takes the 5 in `i`: 22 + 5 = 27, a draw.
#[test]
fn wide_kalah_capture_by_hand() {
    let rules = kalah("kalah(houses=9,seeds=3)");
    let start = "0,0,0,0,0,0,0,1,0/6,0,0,0,0,0,0,0,5 20-22 S";
    assert_eq!(
        after(&rules, start, "H"),
        "0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,5 27-22 N"
    );
    let pos = rules
        .parse_position("0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,5 27-22 N")
        .unwrap();
    let o = rules.outcome(&pos).expect("South has no seeds: over");
    assert_eq!(rules.final_stores(&pos, o), [27, 27]);
    // With an empty opposite house nothing is captured (the standard rule).
    assert_eq!(
        after(&rules, "0,0,0,0,0,0,0,1,0/0,6,0,0,0,0,0,0,5 20-22 S", "H"),
        "0,0,0,0,0,0,0,0,1/0,6,0,0,0,0,0,0,5 20-22 N"
    );
}

/// A house of 980 seeds on 10 houses (Kalah with 1,000 seeds): the cycle from `A` has 21 pits
/// (`B`..`J`, South's store, North's `a`..`j`, `A` itself). 980 = 46 x 21 + 14: every pit gets
/// 46, the first 14 (`B`..`J`, the store, `a`..`d`) one more; the last seed falls in `d`, so
/// North moves. Stores 10 + 47 = 57 and 9; North's `i` had 1 and holds 47.
#[test]
fn a_thousand_seeds_by_hand() {
    let rules = kalah("kalah(houses=10,seeds=50)");
    let start = "980,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,1,0 10-9 S";
    assert_eq!(
        after(&rules, start, "A"),
        "46,47,47,47,47,47,47,47,47,47/47,47,47,47,46,46,46,46,47,46 57-9 N"
    );
    // A pit of 1,000 parses and prints; 1,001 seeds are not the game's.
    let all = "1000,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 0-0 N";
    let pos = rules.parse_position(all).unwrap();
    assert_eq!(pos.house(10, 0), 1000);
    assert_eq!(rules.format_position(&pos), all);
    let e = rules
        .parse_position("1001,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 0-0 N")
        .unwrap_err();
    assert!(e.to_string().contains("1001 seeds"), "{e}");
    let e = rules
        .parse_position("70000,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 0-0 N")
        .unwrap_err();
    assert!(e.to_string().contains("from 0 to 65535"), "{e}");
}

/// RULES.md §2.2 on 8 houses: `H` (3 seeds) sows `a`, `b`, `c` to 2, 3, 2; the last house holds
/// 2, so `c`, `b` and `a` are taken (7 seeds, 10 + 7 = 17); `d` keeps its 1, not a grand slam.
#[test]
fn wide_oware_capture_chain_by_hand() {
    let rules = oware("oware(houses=8,seeds=2)");
    assert_eq!(
        after(&rules, "0,0,0,0,0,0,1,3/1,2,1,1,0,0,0,0 10-13 S", "H"),
        "0,0,0,0,0,0,1,0/0,0,0,1,0,0,0,0 17-13 N"
    );
    // Feeding (§2.3): North has nothing, so South must play `G` (2 seeds reach `a`): `D` (1
    // seed, into `E`) is not legal.
    let pos = rules
        .parse_position("0,0,0,1,0,0,2,0/0,0,0,0,0,0,0,0 14-15 S")
        .unwrap();
    let mut line = Line::new(pos);
    assert!(line.play_text(&rules, "D").is_err());
    assert!(line.play_text(&rules, "G").is_ok());
}

/// Cups with 10 bowls (seed 002 allows 3 to 10): 100 beans a hand, planting 1 to 10, exact
/// harvest of bowl `i` (from 1) with `m + 1 - i` beans.
#[test]
fn cups_with_ten_bowls() {
    let rules = cups("cups(bowls=10)");
    let start = rules.start();
    assert_eq!(
        rules.format_position(&start),
        "0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 0-0 S;hand=100-100"
    );
    let mut line = Line::new(start);
    assert_eq!(line.children(&rules).len(), 10, "plant 1 to 10");
    line.play_text(&rules, "p10").unwrap();
    assert_eq!(
        rules.format_position(line.current()),
        "1,1,1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,0 0-0 N;hand=90-100"
    );
    // `H`, `I`, `J` hold 3, 2, 1 = 11 - 8, 11 - 9, 11 - 10: all three harvest.
    let text = "0,0,0,0,0,0,0,3,2,1/1,0,0,0,0,0,0,0,0,0 20-25 S;hand=70-78";
    assert_eq!(
        after(&rules, text, "H"),
        "0,0,0,0,0,0,0,0,3,2/1,0,0,0,0,0,0,0,0,0 21-25 N;hand=70-78"
    );
    let moves: Vec<String> = Line::new(rules.parse_position(text).unwrap())
        .children(&rules)
        .iter()
        .map(|c| rules.format_move(&rules.parse_position(text).unwrap(), c.mv))
        .collect();
    assert_eq!(
        moves,
        ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "H", "I", "J"]
    );
    assert_eq!(rules.num_actions(), 21);
    assert_eq!(rules.observation_shape(), vec![2, 12]);
}

/// The limits, each named in its message (RULES.md §8, §12).
#[test]
fn limits_are_named() {
    let err = |s: &str| s.parse::<GameSpec>().unwrap_err().to_string();
    assert_eq!(
        err("kalah(houses=21)"),
        "`houses=21` is not valid: expected a whole number from 1 to 20"
    );
    assert_eq!(
        err("woaley2(houses=21)"),
        "`houses=21` is not valid: expected a whole number from 1 to 20"
    );
    assert_eq!(
        err("cups(bowls=11)"),
        "`bowls=11` is not valid: expected a whole number from 3 to 10"
    );
    assert_eq!(
        err("kalah(seeds=256)"),
        "`seeds=256` is not valid: expected a whole number from 1 to 255"
    );
    assert!(err("giuti(houses=8)").contains("from 1 to 7"));
    assert!(err("woaley1(houses=7)").contains("from 1 to 6"));
    assert!(err("adi(houses=7)").contains("from 1 to 6"));
    // The largest wide games parse: 20 houses of 255 seeds (10,200 seeds).
    for game in ["kalah(houses=20,seeds=255)", "awari(houses=20,seeds=255)"] {
        let spec: GameSpec = game.parse().unwrap();
        assert_eq!(spec.total_seeds(), 10_200);
        assert!(!spec.fits_packed());
    }
}

/// What a program sees (Python bindings, OpenSpiel, PettingZoo): 20 actions and a `[2, 22]`
/// observation for Kalah with 20 houses, the mover's row first.
#[test]
fn actions_and_observations_on_twenty_houses() {
    let rules = kalah("kalah(houses=20,seeds=4)");
    assert_eq!(rules.num_actions(), 20);
    assert_eq!(rules.observation_shape(), vec![2, 22]);
    let pos = rules.parse_position(&format!(
        "{}/{} 3-5 N",
        (0..20).map(|i| i.to_string()).collect::<Vec<_>>().join(","),
        (0..20)
            .map(|i| (i % 2).to_string())
            .collect::<Vec<_>>()
            .join(","),
    ));
    // 190 + 10 + 3 + 5 = 208 seeds, not 160: refused.
    assert!(pos.is_err());
    let rules = kalah("kalah(houses=20,seeds=6)");
    let south: Vec<String> = (0..20).map(|i| (i % 10).to_string()).collect();
    let north: Vec<String> = (0..20).map(|i| (i % 2 * 10).to_string()).collect();
    // South 2 x 45 = 90, North 10 x 10 = 100, stores 30 + 20: 240 seeds.
    let text = format!("{}/{} 30-20 N", south.join(","), north.join(","));
    let pos = rules.parse_position(&text).unwrap();
    let mut obs = vec![0f32; 2 * 22];
    rules.observe(&pos, &mut obs);
    // North moves: row 0 is North's houses `a`.. then its store.
    assert_eq!(obs[0], 0.0);
    assert_eq!(obs[1], 10.0);
    assert_eq!(obs[20], 20.0);
    assert_eq!(obs[22 + 9], 9.0);
    assert_eq!(obs[22 + 20], 30.0);
    let mut line = Line::new(pos);
    let children = line.children(&rules);
    assert_eq!(children.len(), 10, "North's odd houses hold seeds");
    for c in &children {
        assert_eq!(rules.action(c.mv), c.mv as usize);
        assert!(rules.action(c.mv) < 20);
    }
    line.play_text(&rules, "t").unwrap();
    assert_eq!(line.current().side, Side::South);
}

/// The exact solver against plain negamax (no table, no pruning; the history for the games
/// that can repeat) on small wide positions: few seeds left on boards beyond the packed one
/// (two in the games that can repeat: plain negamax with the history explodes beyond that).
#[test]
fn solver_matches_negamax_on_small_wide_positions() {
    let options = SolveOptions {
        threads: 2,
        tt_mb: Some(16),
        value_only: false,
        egdb: None,
        limits: Default::default(),
    };
    let cases: &[(&str, &str)] = &[
        (
            "kalah(houses=8,seeds=1)",
            "1,0,1,0,0,0,0,1/0,1,0,0,1,0,0,0 6-5 S",
        ),
        (
            "kalah(capture=empty,houses=9,seeds=1)",
            "0,1,0,1,0,0,1,0,0/1,0,0,1,0,0,0,0,0 7-6 N",
        ),
        (
            "kalah(houses=20,seeds=1)",
            "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,1,1/1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 18-16 S",
        ),
        ("oware(houses=8,seeds=1)", "0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0 7-7 S"),
        ("awari(houses=10,seeds=1)", "0,0,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 9-9 N"),
        ("woaley2(houses=9,seeds=1)", "1,0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0,0 8-8 S"),
        (
            "cups(bowls=7)",
            "0,0,0,0,0,2,1/0,0,0,0,0,0,1 60-64 S;hand=4-8",
        ),
    ];
    for &(game, text) in cases {
        struct Check<'a>(&'a str, SolveOptions);
        impl GameJob for Check<'_> {
            type Output = (i32, i32);
            fn run<R: Rules>(self, rules: R) -> (i32, i32) {
                let pos = rules.parse_position(self.0).unwrap();
                rules.exact_keys(&pos).unwrap();
                let solved = solve(&rules, &pos, &[], &self.1, &AtomicU64::new(0))
                    .unwrap()
                    .value;
                (solved, negamax(&rules, &pos, &mut Vec::new()))
            }
        }
        let spec: GameSpec = game.parse().unwrap();
        assert!(!spec.fits_packed(), "{game}");
        let (solved, plain) = dispatch(&spec, Check(text, options.clone()));
        assert_eq!(solved, plain, "{game} {text}");
    }
}

/// Random games end (Kalah and Cups cannot cycle; in Oware the repetition rule ends them).
#[test]
fn random_wide_games_end() {
    struct Playout(u32);
    impl GameJob for Playout {
        type Output = usize;
        fn run<R: Rules>(self, rules: R) -> usize {
            let mut line = Line::new(rules.start());
            let mut r = self.0 | 1;
            for ply in 0..200_000 {
                if line.status(&rules) != Status::Ongoing {
                    return ply;
                }
                r ^= r << 13;
                r ^= r >> 17;
                r ^= r << 5;
                let c = rules.random_child(line.current(), r);
                line.push(&rules, c.mv, c.pos);
            }
            panic!("no end after 200,000 plies");
        }
    }
    for game in [
        "kalah(houses=20,seeds=25)",
        "kalah(houses=8,seeds=3)",
        "oware(houses=12)",
        "awari(houses=20,seeds=3)",
        "wari(houses=7,seeds=20)",
        "woaley2(houses=10)",
        "cups(bowls=10)",
    ] {
        let spec: GameSpec = game.parse().unwrap();
        for seed in 1..=3 {
            assert!(dispatch(&spec, Playout(seed * 7919)) > 0, "{game}");
        }
    }
}

/// Keys that would not be lossless and databases on the wide board are refused, in words.
#[test]
fn refusals_name_the_limit() {
    let rules = kalah("kalah(houses=20,seeds=4)");
    let e = rules.exact_keys(&rules.start()).unwrap_err();
    assert!(e.contains("160") && e.contains("below 128"), "{e}");
    let e = rules.egdb_houses().unwrap_err();
    assert!(
        e.contains("packed board") && e.contains("wide board"),
        "{e}"
    );
    assert!(rules.egdb_board(&rules.start()).is_none());
    let e = oware("awari(houses=8)").egdb_houses().unwrap_err();
    assert!(e.contains("wide board"), "{e}");
    // A late position of the same game fits: 40 houses and 20 seeds.
    let late = rules
        .parse_position(&format!(
            "20,{}/{} 70-70 S",
            vec!["0"; 19].join(","),
            vec!["0"; 20].join(",")
        ))
        .unwrap();
    assert!(rules.exact_keys(&late).is_ok());
    // The packed board's keys are always lossless.
    let narrow = Kalah::new(spec("kalah(houses=7,seeds=18)"));
    assert!(narrow.exact_keys(&narrow.start()).is_ok());
}

/// The wide board plays exactly as the packed board where both can: Kalah(4,3) and Oware(5,2)
/// move by move on random lines, and the same values from a few positions.
#[test]
fn wide_and_packed_agree_where_both_fit() {
    fn same<N, W>(narrow: &N, wide: &W, seed: u32)
    where
        N: Rules<Position = TwoRowPosition, Move = u8>,
        W: Rules<Position = TwoRowPosition<WideBoard>, Move = u8>,
    {
        let mut n = Line::new(narrow.start());
        let mut w = Line::new(wide.start());
        let mut r = seed;
        while n.status(narrow) == Status::Ongoing {
            assert_eq!(w.status(wide), Status::Ongoing);
            let nc: Vec<(u8, String)> = n
                .children(narrow)
                .iter()
                .map(|c| (c.mv, narrow.format_position(&c.pos)))
                .collect();
            let wc: Vec<(u8, String)> = w
                .children(wide)
                .iter()
                .map(|c| (c.mv, wide.format_position(&c.pos)))
                .collect();
            assert_eq!(nc, wc);
            assert_eq!(
                narrow.random_child(n.current(), r).mv,
                wide.random_child(w.current(), r).mv
            );
            r = r.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let k = (r >> 8) as usize % nc.len();
            let nchild = n.children(narrow)[k];
            let wchild = w.children(wide)[k];
            n.push(narrow, nchild.mv, nchild.pos);
            w.push(wide, wchild.mv, wchild.pos);
        }
        assert_eq!(
            n.status(narrow).outcome().map(|o| o.value()),
            w.status(wide).outcome().map(|o| o.value())
        );
    }
    for seed in 1..20 {
        let game = "kalah(houses=4,seeds=3)";
        same(&Kalah::new(spec(game)), &kalah(game), seed);
        let game = "oware(houses=5,seeds=2)";
        same(&Oware::new(spec(game)), &oware(game), seed);
        let game = "woaley2(houses=4,seeds=3)";
        same(&Oware::new(spec(game)), &oware(game), seed);
        let game = "cups(bowls=3)";
        same(&Cups::new(spec(game)), &cups(game), seed);
    }
    let b = WideBoard::default();
    assert_eq!(b.board_seeds(20), 0);
}
