//! Rule tests, one per clause of RULES.md §1 (Kalah) and §2 (Oware, Awari), on hand-worked
//! positions. Each expected position was worked out by hand from the rule text.

mod common;
use common::*;

// ---- Kalah, RULES.md §1 ----

#[test]
fn kalah_capture_takes_the_opposite_house() {
    // §1.3: A's seed lands in empty B; the opposite house (North's b) holds 2: 1 + 2 to the store.
    let k = kalah("kalah(houses=3,seeds=2)");
    assert_eq!(after(&k, "1,0,3/2,2,1 2-1 S", "A"), "0,0,3/2,0,1 5-1 N");
}

#[test]
fn kalah_no_capture_from_an_empty_opposite_house_by_default() {
    let k = kalah("kalah(houses=3,seeds=2)");
    assert_eq!(after(&k, "1,0,3/2,0,3 2-1 S", "A"), "0,1,3/2,0,3 2-1 N");
}

#[test]
fn kalah_empty_capture_takes_the_single_seed() {
    // §1.3 option capture=empty (Irving et al. 2000).
    let k = kalah("kalah(houses=3,seeds=2,capture=empty)");
    assert_eq!(after(&k, "1,0,3/2,0,3 2-1 S", "A"), "0,0,3/2,0,3 3-1 N");
}

#[test]
fn kalah_extra_turn_when_the_last_seed_ends_in_the_store() {
    // §1.2: C's single seed goes into South's store; South moves again.
    let k = kalah("kalah(houses=3,seeds=2)");
    assert_eq!(after(&k, "1,1,1/3,3,3 0-0 S", "C"), "1,1,0/3,3,3 1-0 S");
    assert_eq!(legal(&k, "1,1,0/3,3,3 1-0 S"), "A B");
}

#[test]
fn kalah_sowing_skips_the_opponents_store_and_laps() {
    // §1.1: 9 seeds from B: store, a, b, A, B, store, a, b, A (North's store skipped).
    let k = kalah("kalah(houses=2,seeds=4)");
    assert_eq!(after(&k, "0,9/3,4 0-0 S", "B"), "2,1/5,6 2-0 N");
}

#[test]
fn kalah_thirteen_seeds_capture_in_the_emptied_origin() {
    // 13 seeds from A in Kalah(6): one full lap of 13 pits; the last lands in A itself, which
    // was emptied and now holds 1: it is captured with North's f (opposite, 4 + 1 = 5).
    let k = kalah("kalah");
    assert_eq!(
        after(&k, "13,0,0,0,0,0/4,4,4,4,4,4 11-0 S", "A"),
        "0,1,1,1,1,1/5,5,5,5,5,0 18-0 N"
    );
}

#[test]
fn kalah_end_sweep_when_either_side_is_empty() {
    // §1.4: C's 2 seeds go to the store and a; South's houses are empty: North takes its 2.
    let k = kalah("kalah(houses=3,seeds=1)");
    assert_eq!(final_stores(&k, "0,0,2/1,0,0 1-2 S", "C"), Some([2, 4]));
}

#[test]
fn kalah_mover_empty_end_waits_for_the_player_to_move() {
    // §1.4 option end=mover-empty: North is to move and has seeds, so play goes on.
    let k = kalah("kalah(houses=3,seeds=1,end=mover-empty)");
    assert_eq!(final_stores(&k, "0,0,2/1,0,0 1-2 S", "C"), None);
    assert_eq!(legal(&k, "0,0,0/2,0,0 2-2 N"), "a");
    // a: b, c; South to move with no seeds: North takes the rest.
    assert_eq!(final_stores(&k, "0,0,2/1,0,0 1-2 S", "C a"), Some([2, 4]));
}

// ---- Oware, RULES.md §2 ----

#[test]
fn oware_capture_chains_backwards_over_twos_and_threes() {
    // §2.2: F sows a, b, c to 2, 3, 2: c, b, a are captured (7 seeds).
    let o = oware("oware");
    assert_eq!(
        after(&o, "0,0,0,0,0,3/1,2,1,0,0,5 20-16 S", "F"),
        "0,0,0,0,0,0/0,0,0,0,0,5 27-16 N"
    );
}

#[test]
fn oware_capture_chain_stops_at_the_first_other_count() {
    // c reaches 2 and is taken; b holds 1 and stops the chain; a (2) is not taken.
    let o = oware("oware");
    assert_eq!(
        after(&o, "0,0,0,0,0,3/1,0,1,0,0,5 20-18 S", "F"),
        "0,0,0,0,0,0/2,1,0,0,0,5 22-18 N"
    );
}

#[test]
fn oware_no_capture_on_the_movers_own_side() {
    let o = oware("oware");
    assert_eq!(
        after(&o, "1,1,0,0,0,0/4,4,4,4,4,4 10-12 S", "A"),
        "0,2,0,0,0,0/4,4,4,4,4,4 10-12 N"
    );
}

#[test]
fn oware_skip_origin_on_a_lap_of_twelve() {
    // §2.1: the 12th seed skips A and goes into B.
    let o = oware("oware");
    assert_eq!(
        after(&o, "12,0,0,0,0,0/0,0,0,0,0,1 20-15 S", "A"),
        "0,2,1,1,1,1/1,1,1,1,1,2 20-15 N"
    );
    let no_skip = oware("oware(skip-origin=false)");
    assert_eq!(
        after(&no_skip, "12,0,0,0,0,0/0,0,0,0,0,1 20-15 S", "A"),
        "1,1,1,1,1,1/1,1,1,1,1,2 20-15 N"
    );
}

#[test]
fn oware_capture_counts_option() {
    // §2.6 Wari-72: capture on 2, 4 or 6. a goes 3 -> 4: taken with capture=2-4-6, not with 2-3.
    let pos = "0,0,0,0,0,1/3,0,0,0,0,1 30-37 S";
    let wari72 = oware("oware(seeds=6,capture=2-4-6)");
    assert_eq!(after(&wari72, pos, "F"), "0,0,0,0,0,0/0,0,0,0,0,1 34-37 N");
    let default = oware("oware(seeds=6)");
    assert_eq!(after(&default, pos, "F"), "0,0,0,0,0,0/4,0,0,0,0,1 30-37 N");
}

const GRAND_SLAM: &str = "0,0,0,0,0,2/1,1,0,0,0,0 20-24 S";

#[test]
fn oware_grand_slam_no_capture() {
    // §2.5 default: F would take a and b, all of North's seeds: it captures nothing.
    let o = oware("oware");
    assert_eq!(
        after(&o, GRAND_SLAM, "F"),
        "0,0,0,0,0,0/2,2,0,0,0,0 20-24 N"
    );
}

#[test]
fn oware_grand_slam_capture_all() {
    let o = oware("oware(grand-slam=capture-all)");
    assert_eq!(
        after(&o, GRAND_SLAM, "F"),
        "0,0,0,0,0,0/0,0,0,0,0,0 24-24 N"
    );
    // North to move has no seeds: the game ends (§2.4).
    assert_eq!(final_stores(&o, GRAND_SLAM, "F"), Some([24, 24]));
}

#[test]
fn oware_grand_slam_forbidden_unless_every_move_is_one() {
    let o = oware("oware(grand-slam=forbidden)");
    assert_eq!(legal(&o, "0,0,0,0,1,2/1,1,0,0,0,0 20-23 S"), "E");
    assert_eq!(
        legal(&oware("oware"), "0,0,0,0,1,2/1,1,0,0,0,0 20-23 S"),
        "E F"
    );
    // F is the only move: it is played and captures.
    assert_eq!(
        after(&o, GRAND_SLAM, "F"),
        "0,0,0,0,0,0/0,0,0,0,0,0 24-24 N"
    );
}

#[test]
fn oware_grand_slam_woaley_skip() {
    // §4.3: sown again skipping North's first house a: b, c get the seeds; c holds 1, no capture.
    let o = oware("oware(grand-slam=woaley-skip)");
    assert_eq!(
        after(&o, GRAND_SLAM, "F"),
        "0,0,0,0,0,0/1,2,1,0,0,0 20-24 N"
    );
}

#[test]
fn oware_must_feed_an_empty_opponent() {
    // §2.3: North is empty; A would not reach North, E does.
    let pos = "1,0,0,0,3,0/0,0,0,0,0,0 20-24 S";
    assert_eq!(legal(&oware("oware"), pos), "E");
    assert_eq!(legal(&oware("oware(must-feed=false)"), pos), "A E");
}

#[test]
fn oware_no_feeding_move_ends_the_game_mover_takes_all() {
    // §2.3: neither A nor B reaches North: the game ends, South takes its 2 seeds.
    let pos = "1,1,0,0,0,0/0,0,0,0,0,0 22-24 S";
    let o = oware("oware");
    assert_eq!(final_stores(&o, pos, ""), Some([24, 24]));
    // Awari: the starving moves are legal when every move starves.
    assert_eq!(legal(&oware("awari"), pos), "A B");
}

#[test]
fn oware_player_without_seeds_loses_the_rest_to_the_opponent() {
    // §2.4: South to move has no seeds: North takes the 4 on its side.
    let o = oware("oware");
    assert_eq!(
        final_stores(&o, "0,0,0,0,0,0/0,0,0,0,4,0 20-24 S", ""),
        Some([20, 28])
    );
}

#[test]
fn oware_stop_at_majority() {
    // §2.4 option: F takes b and a (4): South has 27 > 24; North's f stays for nobody.
    let pos = "0,0,0,0,0,2/1,1,0,0,0,1 23-20 S";
    let o = oware("oware(stop-at-majority=true)");
    assert_eq!(final_stores(&o, pos, "F"), Some([27, 20]));
    assert_eq!(final_stores(&oware("oware"), pos, "F"), None);
}

#[test]
fn oware_repetition_ends_the_game() {
    // oware(houses=1,seeds=1): A -> a holds 2 (a grand slam, no capture); a -> A holds 2;
    // A -> a holds 2: the position after the first move repeats at the third.
    let own = oware("oware(houses=1,seeds=1)");
    assert_eq!(after(&own, "", "A a"), "2/0 0-0 S");
    assert_eq!(final_stores(&own, "", "A a"), None);
    // own-side: North takes its 2.
    assert_eq!(final_stores(&own, "", "A a A"), Some([0, 2]));
    let even = oware("oware(houses=1,seeds=1,repetition=even-split)");
    assert_eq!(final_stores(&even, "", "A a A"), Some([1, 1]));
}

#[test]
fn awari_preset_rules() {
    // awari = forbidden grand slam + even-split repetition + the starving rule.
    let a = oware("awari");
    assert_eq!(legal(&a, "0,0,0,0,1,2/1,1,0,0,0,0 20-23 S"), "E");
    let rep = oware("awari(houses=1,seeds=1)");
    // A would capture all of North (a grand slam) but it is the only move: legal, captures.
    assert_eq!(after(&rep, "", "A"), "0/0 2-0 N");
}

/// The Wari sample game of seed 000 (after Zaslavsky 1984), RULES.md §2: the American variant
/// (no feeding obligation). Captures per ply as the source lists them, and the final score
/// North 34 : South 14.
#[test]
fn wari_sample_game_replays_to_34_14() {
    // `wari(american=true)` is the game string of RULES.md §12 for this variant.
    for game in ["oware(must-feed=false)", "wari(american=true)"] {
        wari_sample_game(&oware(game));
    }
}

fn wari_sample_game(o: &mancala::Oware) {
    let moves: Vec<&str> = "A f B e C c F a E b F c D f F c E a F a"
        .split(' ')
        .collect();
    let expected_captures = [
        (6, 'N', 5),
        (7, 'S', 6),
        (9, 'S', 4),
        (11, 'S', 2),
        (12, 'N', 3),
        (14, 'N', 7),
        (15, 'S', 2),
    ];
    let mut stores = [0u32, 0];
    for ply in 1..=moves.len() {
        let l = line(o, "", &moves[..ply].join(" "));
        let now = [
            l.current().store(mancala::Side::South),
            l.current().store(mancala::Side::North),
        ];
        let gained = [(now[0] - stores[0], 'S'), (now[1] - stores[1], 'N')];
        for (g, side) in gained {
            if g > 0 {
                assert!(
                    expected_captures.contains(&(ply, side, g)),
                    "unexpected capture of {g} by {side} at ply {ply}"
                );
            }
        }
        for &(p, side, g) in &expected_captures {
            if p == ply {
                let i = if side == 'S' { 0 } else { 1 };
                assert_eq!(now[i] - stores[i], g, "capture at ply {ply}");
            }
        }
        stores = now;
    }
    assert_eq!(final_stores(o, "", &moves.join(" ")), Some([14, 34]));
}

#[test]
fn awari_grand_slam_is_legal_when_every_move_starves() {
    // RULES.md §12 (awari): a move that leaves the opponent without seeds is illegal unless every
    // legal move does so. North: a sows into b (South stays empty); c (8 seeds, origin skipped)
    // ends in C making A, B, C hold 2 and takes them all (a grand slam). Both starve South, so
    // both are legal. Found by scripts/cross-check.py against the Python reference (reference/).
    let a = oware("awari(houses=3,seeds=2)");
    assert_eq!(legal(&a, "0,0,0/1,0,8 3-0 N"), "a c");
    assert_eq!(after(&a, "0,0,0/1,0,8 3-0 N", "c"), "0,0,0/2,1,0 3-6 S");
}
