//! Differential test: plain negamax, full-window alpha-beta with a table, sequential MTD(f) and
//! the parallel solver (2 threads, a 1 MiB table so that entries are replaced and threads race)
//! agree on many random small positions of Kalah and Oware variants.

mod common;
use common::*;
use mancala::search::solver::{alphabeta, solve_sequential};
use mancala::search::{negamax, solve, SolveOptions};
use mancala::Rules;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicU64;

fn check<R: Rules>(rules: &R, seed: u64, cases: usize, max_seeds: u32) {
    let started = std::time::Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut done = 0;
    let options = SolveOptions {
        threads: 2,
        tt_mb: Some(1),
        value_only: false,
        egdb: None,
        limits: Default::default(),
    };
    while done < cases {
        let Some(line) = random_line(rules, &mut rng, max_seeds) else {
            continue;
        };
        let pos = line.current();
        let window = line.repetition_window(rules);
        let reference = negamax(rules, pos, &mut window.to_vec());
        let text = rules.format_position(pos);
        let game = rules.spec().to_string();
        assert_eq!(
            alphabeta(rules, pos, window, 1),
            reference,
            "alpha-beta, {game} {text}"
        );
        assert_eq!(
            solve_sequential(rules, pos, window, 1),
            reference,
            "MTD(f), {game} {text}"
        );
        let s = solve(rules, pos, window, &options, &AtomicU64::new(0)).unwrap();
        assert_eq!(s.value, reference, "parallel solve, {game} {text}");
        // every root move's value, by negamax on the child
        let mut w = window.to_vec();
        w.push(*pos);
        for (m, c) in s.moves.iter().zip(line.children(rules)) {
            let same = rules.side_to_move(&c.pos) == rules.side_to_move(pos);
            let v = if w.contains(&c.pos) && R::CAN_REPEAT {
                rules.store_difference(&c.pos) + rules.repetition_outcome(&c.pos).value()
            } else if rules.board_seeds(&c.pos) < rules.board_seeds(pos) {
                negamax(rules, &c.pos, &mut Vec::new())
            } else {
                negamax(rules, &c.pos, &mut w.clone())
            };
            assert_eq!(
                m.value,
                if same { v } else { -v },
                "move value, {game} {text}"
            );
        }
        // the principal variation reaches the value
        let mut l = line.clone();
        for mv in &s.pv {
            let c = l
                .children(rules)
                .into_iter()
                .find(|c| c.mv == *mv)
                .expect("legal pv move");
            l.push(rules, c.mv, c.pos);
        }
        let end = l.current();
        let outcome = l.status(rules).outcome().expect("the pv ends the game");
        let final_diff = rules.store_difference(end) + outcome.value();
        let v = if rules.side_to_move(end) == rules.side_to_move(pos) {
            final_diff
        } else {
            -final_diff
        };
        assert_eq!(v, reference, "pv end, {game} {text}");
        done += 1;
    }
    eprintln!(
        "{}: {cases} positions in {:.2} s",
        rules.spec(),
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn kalah_searches_agree() {
    check(&kalah("kalah(houses=3,seeds=3)"), 1, 60, 14);
    check(&kalah("kalah(houses=3,seeds=3,capture=empty)"), 2, 60, 14);
    check(&kalah("kalah(houses=4,seeds=2,end=mover-empty)"), 3, 60, 12);
    check(&kalah("kalah(houses=6,seeds=2)"), 4, 30, 10);
    // Houses above 15 seeds: the table codes of these boards are ranks, not four-bit fields.
    check(&kalah("kalah(houses=1,seeds=20)"), 14, 20, 40);
    check(&kalah("kalah(houses=2,seeds=9)"), 15, 20, 18);
}

/// Oware's repetition rule makes a plain negamax follow every cycle-free path, which grows
/// explosively with the board: the boards here are the largest it finishes in seconds.
#[test]
fn oware_searches_agree() {
    check(&oware("oware(houses=2,seeds=2)"), 5, 100, 6);
    check(
        &oware("oware(houses=2,seeds=4,repetition=even-split)"),
        13,
        30,
        6,
    );
    check(
        &oware("oware(houses=2,seeds=2,must-feed=false,grand-slam=forbidden)"),
        6,
        40,
        5,
    );
    check(&oware("awari(houses=2,seeds=2)"), 7, 40, 5);
    check(
        &oware("oware(houses=2,seeds=2,repetition=even-split)"),
        8,
        40,
        5,
    );
    check(
        &oware("oware(houses=2,seeds=3,stop-at-majority=true,grand-slam=capture-all)"),
        9,
        40,
        4,
    );
    check(
        &oware("oware(houses=2,seeds=2,grand-slam=woaley-skip,skip-origin=false)"),
        10,
        40,
        5,
    );
    check(&oware("oware(houses=3,seeds=1)"), 11, 40, 3);
}
