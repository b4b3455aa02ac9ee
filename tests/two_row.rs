//! Rule tests for the two-row games of RULES.md §2-§8 beyond Kalah and Oware: `wari`, `woaley1`,
//! `woaley2`, `adi`, `giuti`, `cups`. One test per clause, named after it, on positions worked
//! out by hand from the rule text (RULES.md and the decisions in `docs/rule-decisions.md`);
//! the sample material of the sources (seed 000 figures 9-14) is replayed as printed.

mod common;
use common::*;
use mancala::Rules;

// ---- Woaley I, RULES.md §3 ----

/// Seed 000 figures 9-11: South is the source's player "B" (houses B1..B6 = `A`..`F`), North
/// is "A" (A1..A6 = `a`..`f`). B lifts B5, A lifts A2 (forced), B lifts A6 (forced), A lifts B4
/// (forced, captures 2), B lifts A1 (free choice on North's side, captures 2).
#[test]
fn woaley1_sample_game_of_figures_9_to_11() {
    let w = woaley1("woaley1");
    // B5 = E: 4 seeds, the first back into E, ending in A2 = b, which must be lifted next.
    assert_eq!(after(&w, "", "E"), "4,4,4,4,1,5/5,5,4,4,4,4 0-0 N;forced=b");
    // A2 = b (5 seeds) ends in A6 = f; f (5) ends in B4 = D.
    assert_eq!(
        after(&w, "", "E b"),
        "4,4,4,4,1,5/5,1,5,5,5,5 0-0 S;forced=f"
    );
    assert_eq!(
        after(&w, "", "E b f"),
        "5,5,5,5,1,5/5,1,5,5,5,1 0-0 N;forced=D"
    );
    // D ends in A2 = b, now 2: North captures 2. The figure's board after the fourth move:
    // North A6..A1 = 1 5 5 5 0 6, South B1..B6 = 5 5 5 1 2 6. (Figure 11 shows A1 as 0: the
    // text's rule keeps one seed in the lifted house, so the test follows the text.)
    assert_eq!(after(&w, "", "E b f D"), "5,5,5,1,2,6/6,0,5,5,5,1 0-2 S");
    // Free choice: South lifts A1 = a (6 seeds), ending in A6 = f, now 2: South captures 2.
    assert_eq!(after(&w, "", "E b f D a"), "5,5,5,1,2,6/1,1,6,6,6,0 2-2 N");
}

/// Figure 12: North lifts A5 (10 seeds), ends in A2 and takes A2 (2), A1 (2), B6 (4), B5 (2)
/// = 10, stopping at B4. The figure gives no stores; any that make up 48 do.
#[test]
fn woaley1_figure_12_capture_of_ten() {
    let w = woaley1("woaley1");
    let pos = "6,2,6,0,1,3/1,1,4,0,10,0 7-7 N";
    assert_eq!(after(&w, pos, "e"), "7,3,7,1,0,0/0,0,4,0,1,1 7-17 S");
}

/// Figure 14: North lifts A4 (4 seeds), takes B1 (4), A6 (2), A5 (2) = 8, and no house holds
/// two any more: the game is over; the singletons left count for nobody.
#[test]
fn woaley1_figure_14_capture_of_eight_ends_the_game() {
    let w = woaley1("woaley1");
    let pos = "3,1,1,0,1,1/1,1,1,4,1,1 16-16 N";
    assert_eq!(after(&w, pos, "d"), "0,1,1,0,1,1/1,1,1,1,0,0 16-24 S");
    assert_eq!(final_stores(&w, pos, "d"), Some([16, 24]));
}

#[test]
fn woaley1_singletons_are_untouchable() {
    // §3.1: only B (3) and b (2) hold two or more.
    let w = woaley1("woaley1(houses=3,seeds=2)");
    assert_eq!(legal(&w, "1,3,1/1,2,1 3-0 S"), "B b");
}

#[test]
fn woaley1_sowing_starts_in_the_lifted_house() {
    // §3.2: B's 3 seeds go to B, C, a. a now holds 2 (captured), C before it 2 (captured), B 1
    // stops the chain: 4 seeds taken on both sides of the board.
    let w = woaley1("woaley1(houses=3,seeds=2)");
    assert_eq!(after(&w, "1,3,1/1,2,1 3-0 S", "B"), "1,1,0/0,2,1 7-0 N");
}

#[test]
fn woaley1_forced_continuation() {
    // §3.4: A's 3 seeds end in C, which now holds 3 (no capture): North must lift C, and C's 3
    // seeds (C, a, b) end in b holding 2: North captures 2 and no house holds two: game over.
    let w = woaley1("woaley1(houses=3,seeds=2)");
    assert_eq!(
        after(&w, "3,0,2/0,1,0 6-0 S", "A"),
        "1,1,3/0,1,0 6-0 N;forced=C"
    );
    assert_eq!(legal(&w, "1,1,3/0,1,0 6-0 N;forced=C"), "C");
    assert_eq!(after(&w, "3,0,2/0,1,0 6-0 S", "A C"), "1,1,1/1,0,0 6-2 S");
    assert_eq!(final_stores(&w, "3,0,2/0,1,0 6-0 S", "A C"), Some([6, 2]));
}

#[test]
fn woaley1_free_choice_after_a_capture() {
    // §3.4: with a free choice North may lift its own c or South's A (default `any`), only c
    // under `free-choice=own-side`.
    let pos = "2,1,0/0,0,3 6-0 N";
    assert_eq!(legal(&woaley1("woaley1(houses=3,seeds=2)"), pos), "c A");
    let own = woaley1("woaley1(houses=3,seeds=2,free-choice=own-side)");
    assert_eq!(legal(&own, pos), "c");
}

#[test]
fn woaley1_first_move_from_the_own_side() {
    let w = woaley1("woaley1");
    assert_eq!(
        w.format_position(&w.start()),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S;choice=own-side"
    );
    assert_eq!(legal(&w, ""), "A B C D E F");
}

#[test]
fn woaley1_two_or_four_chains_on_either_side() {
    // §3.3: C's 3 seeds (C, a, b) make b hold 4 (taken) and a 2 (taken); C holds 1: 6 seeds.
    // Only singletons remain: the game is over.
    let w = woaley1("woaley1(houses=3,seeds=2)");
    assert_eq!(after(&w, "0,0,3/1,3,0 5-0 S", "C"), "0,0,1/0,0,0 11-0 N");
    assert_eq!(final_stores(&w, "0,0,3/1,3,0 5-0 S", "C"), Some([11, 0]));
}

#[test]
fn woaley1_pass_when_no_house_can_be_lifted() {
    // §3.5 with `own-side`: North has only singletons but South's A holds 2: North passes.
    let w = woaley1("woaley1(houses=3,seeds=2,free-choice=own-side)");
    assert_eq!(legal(&w, "2,1,0/1,1,1 6-0 N"), "pass");
    assert_eq!(after(&w, "2,1,0/1,1,1 6-0 N", "pass"), "2,1,0/1,1,1 6-0 S");
}

#[test]
fn woaley1_end_when_no_house_holds_two() {
    let w = woaley1("woaley1(houses=3,seeds=2)");
    assert_eq!(final_stores(&w, "1,1,1/1,1,1 3-3 S", ""), Some([3, 3]));
}

#[test]
fn woaley1_position_fields_are_checked() {
    let w = woaley1("woaley1(houses=3,seeds=2)");
    let err = |p: &str| w.parse_position(p).unwrap_err().to_string();
    assert!(err("1,1,1/1,1,1 3-3 S;forced=a").contains("at least 2"));
    assert!(err("1,1,1/2,1,1 2-3 S;forced=z").contains("`forced=z`"));
    assert!(err("1,1,1/2,1,1 2-3 S;hand=3").contains("`hand=3`"));
    assert!(err("1,1,1/2,1,1 2-3 S;choice=any").contains("own-side"));
}

// ---- Woaley II, RULES.md §4 ----

#[test]
fn woaley2_skip_origin_on_a_lap_of_four_houses() {
    // §4.1 on a 2-house board: A's 5 seeds go B, a, b, (A skipped) B, a: a holds 3 and is
    // taken; B before it is South's own: the chain stops.
    let pos = "5,0/1,1 5-4 S";
    assert_eq!(
        after(&oware("woaley2(houses=2)"), pos, "A"),
        "0,2/0,2 8-4 N"
    );
    let no_skip = oware("woaley2(houses=2,skip-origin=false)");
    assert_eq!(after(&no_skip, pos, "A"), "1,2/2,2 5-4 N");
}

#[test]
fn woaley2_opponent_side_two_three_chain() {
    // §4.2: C's 2 seeds make a hold 2 and b 3: both taken (5); c keeps its seed.
    let w = oware("woaley2(houses=3,seeds=2)");
    assert_eq!(after(&w, "0,0,2/1,2,1 4-2 S", "C"), "0,0,0/0,0,1 9-2 N");
}

#[test]
fn woaley2_five_house_limit_skips_the_first_opponent_house() {
    // §4.3: C would take a (2) and b (3), every seed of North: a grand slam. Woaley-skip sows
    // again skipping a: b 3, c 1, no capture. Oware's default sows and captures nothing.
    let pos = "0,0,2/1,2,0 4-3 S";
    assert_eq!(
        after(&oware("woaley2(houses=3,seeds=2)"), pos, "C"),
        "0,0,0/1,3,1 4-3 N"
    );
    assert_eq!(
        after(&oware("oware(houses=3,seeds=2)"), pos, "C"),
        "0,0,0/2,3,0 4-3 N"
    );
}

#[test]
fn woaley2_sudden_death_gives_one_seed() {
    // §4.4: North is empty and South's moves (A: B, C; B: C) cannot reach it: South takes its
    // 3 seeds but one, which goes to North. Oware gives South all 3.
    let pos = "2,1,0/0,0,0 5-4 S";
    assert_eq!(
        final_stores(&oware("woaley2(houses=3,seeds=2)"), pos, ""),
        Some([7, 5])
    );
    assert_eq!(
        final_stores(&oware("oware(houses=3,seeds=2)"), pos, ""),
        Some([8, 4])
    );
    // Sudden death is not the feeding rule: it holds without it too. Found by comparing with
    // reference/two_row.py (tests/data/woaley2.perft).
    assert_eq!(
        final_stores(&oware("woaley2(houses=3,seeds=2,must-feed=false)"), pos, ""),
        Some([7, 5])
    );
}

#[test]
fn woaley2_end_by_repetition() {
    // §4.5: woaley2(houses=1,seeds=1): A -> a holds 2 (every North seed: the skip sowing has
    // nowhere else to go, so nothing is captured), a -> A, A -> a repeats the first position
    // after a move: each player takes the seeds on their side.
    let w = oware("woaley2(houses=1,seeds=1)");
    assert_eq!(after(&w, "", "A a"), "2/0 0-0 S");
    assert_eq!(final_stores(&w, "", "A a A"), Some([0, 2]));
}

// ---- Wari variants, RULES.md §2.6-§2.7 ----

#[test]
fn wari_72_captures_four_and_six() {
    // §2.6: C's 2 seeds make a hold 4 and b 6: both taken (10). Oware's 2-3 takes nothing.
    let pos = "0,0,2/3,5,1 13-12 S";
    let w72 = oware("wari(houses=3,seeds=6)");
    assert_eq!(w72.spec().to_string(), "wari(houses=3,seeds=6)");
    assert_eq!(after(&w72, pos, "C"), "0,0,0/0,0,1 23-12 N");
    let plain = oware("oware(houses=3,seeds=6)");
    assert_eq!(after(&plain, pos, "C"), "0,0,0/4,6,1 13-12 N");
}

#[test]
fn wari_american_drops_the_feeding_rule() {
    // §2.7: North is empty; B would feed it (C, a) and A would not (B): both are legal in the
    // American variant, only B under the feeding rule.
    let pos = "1,2,0/0,0,0 5-4 S";
    assert_eq!(legal(&oware("wari(houses=3,seeds=2)"), pos), "B");
    assert_eq!(
        legal(&oware("wari(houses=3,seeds=2,american=true)"), pos),
        "A B"
    );
}

// ---- Adi, RULES.md §5 ----

#[test]
fn adi_relay_sowing() {
    // A (2): B 1, C 2 -> lift C (2): a 1, b 3 -> lift b (3): c 1, A 1, B 2 -> lift B (2): C 1,
    // a 2 -> lift a (2): b 1, c 2 -> lift c (2): A 2, B 1: B was empty, the move ends.
    let a = adi("adi(houses=3,seeds=2,round-end=0)");
    assert_eq!(after(&a, "2,0,1/0,2,0 7-0 S", "A"), "2,1,1/0,1,0 7-0 N");
}

#[test]
fn adi_fours_go_to_the_house_owner() {
    // A (4): B 1, C 1, a 4 (not the last seed: North, its owner, takes it), b 1 (was empty).
    let a = adi("adi(houses=3,seeds=2,round-end=0)");
    assert_eq!(
        after(&a, "4,0,0/3,0,1 2-2 S", "A"),
        "0,1,1/0,1,1 2-6 N;last-capture=N"
    );
}

#[test]
fn adi_last_seed_four_goes_to_the_mover() {
    // A (3): B 1, C 1, a 4 with the last seed: South takes it and the move ends. North has no
    // seed: the round ends and the 2 seeds left go to South, the last capturer.
    let a = adi("adi(houses=3,seeds=2,round-end=0)");
    assert_eq!(
        after(&a, "3,0,0/3,0,0 6-0 S", "A"),
        "0,1,1/0,0,0 10-0 N;last-capture=S"
    );
    assert_eq!(final_stores(&a, "3,0,0/3,0,0 6-0 S", "A"), Some([12, 0]));
}

#[test]
fn adi_round_end_at_eight_seeds() {
    // 8 seeds left: the round is over; they go to the last capturer, or before any capture
    // each player takes their own side.
    let a = adi("adi");
    let pos = "1,1,1,1,1,1/1,1,0,0,0,0 20-20 S";
    assert_eq!(
        final_stores(&a, &format!("{pos};last-capture=N"), ""),
        Some([20, 28])
    );
    assert_eq!(final_stores(&a, pos, ""), Some([26, 22]));
    // 9 seeds: play goes on.
    assert_eq!(
        final_stores(&a, "1,1,1,1,1,1/1,1,1,0,0,0 20-19 S", ""),
        None
    );
}

// ---- Adi's house buying (seed 000, the last Adi paragraph; docs/rule-decisions.md) ----

#[test]
fn adi_bought_house_fours_go_to_the_buyer() {
    // As `adi_fours_go_to_the_house_owner`, but South bought North's `a` in an earlier round:
    // the four made in `a` by a seed that is not the lap's last goes to South.
    let a = adi("adi(houses=3,seeds=2,round-end=0,bought=a)");
    assert_eq!(
        after(&a, "4,0,0/3,0,1 2-2 S", "A"),
        "0,1,1/0,1,1 6-2 N;last-capture=S"
    );
    // North's `c` (4): A 1, B 4 (not the last seed), C 1, a 1 (was empty). `B` is South's
    // unless North bought it.
    let position = "0,3,0/0,0,4 3-2 N";
    assert_eq!(
        after(&adi("adi(houses=3,seeds=2,round-end=0)"), position, "c"),
        "1,0,1/1,0,0 7-2 S;last-capture=S"
    );
    assert_eq!(
        after(
            &adi("adi(houses=3,seeds=2,round-end=0,bought=B)"),
            position,
            "c"
        ),
        "1,0,1/1,0,0 3-6 S;last-capture=N"
    );
    // A lap's last seed's four is still the mover's, whoever owns the house: North's `c` (4)
    // sows A, B, C and makes South's bought `a` hold 4 with the last seed.
    let a = adi("adi(houses=3,seeds=2,round-end=0,bought=a)");
    assert_eq!(
        after(&a, "0,0,0/3,0,4 5-0 N", "c"),
        "1,1,1/0,0,0 5-4 S;last-capture=N"
    );
}

/// The next round's game string and start position after a round that started at `start` and
/// ended with `stores`, or `None` when the match is over.
fn adi_next(game: &str, start: &str, stores: [u32; 2]) -> Option<(String, String)> {
    let a = adi(game);
    let start = a.parse_position(start).unwrap();
    a.next_round(&start, stores)
        .map(|(next, pos)| (next.spec().to_string(), next.format_position(&pos)))
}

#[test]
fn adi_house_buying_between_rounds() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    // South 30, North 18: South fills A..F (24) and has 6 left; North fills a..d (16) and
    // has 2 left; South buys e (4) and keeps 2; f stays North's, empty. North lost: it starts.
    assert_eq!(
        adi_next("adi(rounds=3)", start, [30, 18]),
        Some((
            "adi(bought=e,rounds=2)".to_string(),
            "4,4,4,4,4,4/4,4,4,4,4,0 2-2 N".to_string()
        ))
    );
    // Then North wins 28-20: South fills A..E (its row first, then the bought e) and leaves
    // F and e; North fills a, b, c, d, f (20) and buys F and e (8): F is North's now, e is
    // North's again. South lost: it starts.
    assert_eq!(
        adi_next(
            "adi(bought=e,rounds=2)",
            "4,4,4,4,4,4/4,4,4,4,4,0 2-2 N",
            [20, 28]
        ),
        Some((
            "adi(bought=F)".to_string(),
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S".to_string()
        ))
    );
    // A drawn round: nothing bought; the player who did not start it starts.
    assert_eq!(
        adi_next("adi(rounds=2)", start, [24, 24]),
        Some((
            "adi".to_string(),
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N".to_string()
        ))
    );
}

#[test]
fn adi_match_ends_after_its_rounds_or_when_a_player_cannot_fill_a_house() {
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
    // One round (the default), or the last round of a match.
    assert_eq!(adi_next("adi", start, [30, 18]), None);
    assert_eq!(adi_next("adi(bought=e)", start, [30, 18]), None);
    // North has 3 seeds: it cannot fill a house; South has bought (or will buy) them all.
    assert_eq!(adi_next("adi(rounds=5)", start, [45, 3]), None);
    assert!(adi_next("adi(rounds=5)", start, [44, 4]).is_some());
}

#[test]
fn adi_bought_key_names_its_houses() {
    let canonical = "adi(bought=fA)"
        .parse::<mancala::GameSpec>()
        .unwrap()
        .to_string();
    assert_eq!(canonical, "adi(bought=Af)");
    for bad in [
        "adi(bought=G)",
        "adi(bought=aa)",
        "adi(houses=3,bought=d)",
        "adi(bought=1)",
    ] {
        let err = bad.parse::<mancala::GameSpec>().unwrap_err().to_string();
        assert!(err.contains("bought"), "{bad}: {err}");
    }
}

// ---- Giuti, RULES.md §6 ----

#[test]
fn giuti_direction_choice() {
    let g = giuti("giuti(houses=3,seeds=2)");
    assert_eq!(legal(&g, ""), "A+ A- B+ B- C+ C-");
    // A- (clockwise): A's 2 seeds go to c (now 2) and b (was empty): the move ends on North's
    // side and the turn passes.
    assert_eq!(after(&g, "2,0,3/1,0,1 5-0 S", "A-"), "0,0,3/1,1,2 5-0 N");
}

#[test]
fn giuti_alternating_relay() {
    // A+ : B 1, C 4 -> lift C (4) the other way: B 2, A 1, c 2, b 1 (was empty): the move ends
    // on North's side, nothing is captured.
    let g = giuti("giuti(houses=3,seeds=2)");
    assert_eq!(after(&g, "2,0,3/1,0,1 5-0 S", "A+"), "1,2,0/1,1,2 5-0 N");
}

#[test]
fn giuti_captures_opposite_the_empty_houses_reached() {
    // C+ : a 2 -> lift a clockwise: C 1, B 1 (was empty). The move touched North's side and ends
    // in South's B: South takes b (opposite B) and, A being empty too, c (opposite A).
    // North is left without seeds: the game is over.
    let g = giuti("giuti(houses=3,seeds=2)");
    assert_eq!(after(&g, "0,0,1/1,2,3 3-2 S", "C+"), "0,1,1/0,0,0 8-2 N");
    assert_eq!(final_stores(&g, "0,0,1/1,2,3 3-2 S", "C+"), Some([8, 2]));
    // With A holding a seed only b is taken.
    assert_eq!(after(&g, "1,0,1/1,2,2 3-2 S", "C+"), "1,1,1/0,0,2 5-2 N");
}

#[test]
fn giuti_no_capture_without_touching_the_opponents_side() {
    // A+ : B 1, C 1 (was empty): the move ends on South's side but never reached North's.
    let g = giuti("giuti(houses=3,seeds=2)");
    assert_eq!(after(&g, "2,0,0/1,1,1 7-0 S", "A+"), "0,1,1/1,1,1 7-0 N");
}

// ---- Cups, RULES.md §8 (seed 002) ----

#[test]
fn cups_planting() {
    let c = cups("cups(bowls=3)");
    assert_eq!(legal(&c, ""), "p1 p2 p3");
    // p3: one bean each into A, B, C; C was empty but North's facing a is empty too.
    assert_eq!(after(&c, "", "p3"), "1,1,1/0,0,0 0-0 N;hand=27-30");
}

#[test]
fn cups_capture_on_planting_into_an_empty_bowl() {
    // p3: the third bean lands in empty C: North's facing bowl a (3) goes to South's store.
    // p2: the second lands in B, which held 2: no capture.
    let c = cups("cups(bowls=3)");
    let pos = "0,2,0/3,0,0 0-0 S;hand=25-30";
    assert_eq!(after(&c, pos, "p3"), "1,3,1/0,0,0 3-0 N;hand=22-30");
    assert_eq!(after(&c, pos, "p2"), "1,3,0/3,0,0 0-0 N;hand=23-30");
}

#[test]
fn cups_exact_harvest_and_blocked_bowls() {
    // With 3 bowls, A harvests with exactly 3 beans, B with 2, C with 1. C holds 2: blocked.
    // Harvesting A: B and C get one each, the last goes to the store.
    let c = cups("cups(bowls=3)");
    let pos = "3,2,2/0,0,0 0-0 S;hand=0-53";
    assert_eq!(legal(&c, pos), "A B");
    assert_eq!(after(&c, pos, "A"), "0,3,3/0,0,0 1-0 N;hand=0-53");
}

#[test]
fn cups_passing() {
    // South has no beans in hand and every bowl blocked or short; North can plant: South passes.
    let c = cups("cups(bowls=3)");
    let pos = "0,3,3/0,0,0 1-0 S;hand=0-53";
    assert_eq!(legal(&c, pos), "pass");
    assert_eq!(after(&c, pos, "pass"), "0,3,3/0,0,0 1-0 N;hand=0-53");
}

#[test]
fn cups_end_when_neither_can_act() {
    let c = cups("cups(bowls=3)");
    assert_eq!(
        final_stores(&c, "0,3,3/0,3,3 40-8 S;hand=0-0", ""),
        Some([40, 8])
    );
}

#[test]
fn cups_position_needs_the_hands() {
    let c = cups("cups(bowls=3)");
    let err = |p: &str| c.parse_position(p).unwrap_err().to_string();
    assert!(err("0,0,0/0,0,0 0-0 S").contains("`;hand=...`"));
    assert!(err("0,0,0/0,0,0 0-0 S;hand=30").contains("`hand=30`"));
    assert!(err("0,0,0/0,0,0 0-0 S;hand=30-29").contains("59 seeds"));
}

// ---- Endless sowing (docs/rule-decisions.md: such a move is not legal) ----

#[test]
fn adi_endless_move_is_not_legal() {
    // Worked by hand: A (3) sows a, A, a: a holds 3, lifted: A, a, A: A holds 3 with a 1, which
    // is where the move began. Every move of South is endless: no legal move, the round ends and
    // (nobody having captured) each player takes their side.
    let a = adi("adi(houses=1,seeds=2,round-end=0)");
    assert!(line(&a, "3/1 0-0 S", "").children(&a).is_empty());
    assert_eq!(final_stores(&a, "3/1 0-0 S", ""), Some([3, 1]));
    // Positions the independent reference (reference/two_row.py) found endless: North's
    // `b` (it appears at depth 8 from the start), and South's `A`.
    let full = adi("adi");
    assert_eq!(
        legal(&full, "3,1,0,3,1,0/3,13,0,3,1,0 8-12 N;last-capture=N"),
        "a d e"
    );
    assert_eq!(legal(&full, "2,0,1,0,1,0/1,0,1,0,2,1 31-8 S"), "C E");
}

#[test]
fn giuti_endless_move_is_not_legal() {
    // Found endless by the independent reference: A+ from this position.
    let g = giuti("giuti(houses=3)");
    let moves = legal(&g, "4,2,8/2,2,6 0-0 S");
    assert!(!moves.split(' ').any(|m| m == "A+"), "{moves}");
    assert!(moves.split(' ').any(|m| m == "A-"), "{moves}");
}

// ---- Issue 17: the new options of built games ----

/// `repetition-count=3` (the Awari Oracle's and lichess's rule): oware(houses=1,seeds=1) runs
/// A (a holds 2: a grand slam, nothing taken) "0/2 N", a (skips its origin: A holds 2) "2/0 S",
/// A "0/2 N" again: the first repeat ends the default game, the third occurrence the other.
#[test]
fn oware_repetition_count_three_ends_at_the_third_occurrence() {
    let first = oware("oware(houses=1,seeds=1)");
    assert_eq!(final_stores(&first, "", "A a A"), Some([0, 2]));
    let third = oware("oware(houses=1,seeds=1,repetition-count=3)");
    assert_eq!(final_stores(&third, "", "A a A"), None);
    assert_eq!(final_stores(&third, "", "A a A a"), None);
    assert_eq!(after(&third, "", "A a A a A"), "0/2 0-0 N");
    assert_eq!(final_stores(&third, "", "A a A a A"), Some([0, 2]));
    assert_eq!(
        third.spec().to_string(),
        "oware(houses=1,repetition-count=3,seeds=1)"
    );
}

/// `woaley2(no-capture-moves=3)` (RULES.md §4.5): A, a, B capture nothing (B's last seed makes
/// a hold 1), so the game ends after the third move and each side takes its own seeds:
/// South 0+0+6+6+6+5 = 23, North 25.
#[test]
fn woaley2_no_capture_moves_ends_after_n_quiet_moves() {
    let w = oware("woaley2(no-capture-moves=3)");
    assert_eq!(final_stores(&w, "", "A a"), None);
    assert_eq!(after(&w, "", "A a B"), "0,0,6,6,6,5/1,5,5,5,5,4 0-0 N");
    assert_eq!(final_stores(&w, "", "A a B"), Some([23, 25]));
    assert_eq!(final_stores(&oware("woaley2"), "", "A a B"), None);
    // woaley2(houses=1,seeds=1,no-capture-moves=2): A, a, and the limit ends it with South
    // holding both seeds (no repetition yet).
    let small = oware("woaley2(houses=1,seeds=1,no-capture-moves=2)");
    assert_eq!(final_stores(&small, "", "A a"), Some([2, 0]));
    assert!("oware(no-capture-moves=3)"
        .parse::<mancala::rules::GameSpec>()
        .is_err());
}

/// `kalah(end=empty-takes-rest)`: F's one seed ends in South's store and leaves South's
/// houses empty; the game ends and South, whose row is empty, takes North's 3 seeds (with
/// `either-side-empty` North keeps them).
#[test]
fn kalah_end_empty_takes_rest_gives_the_rest_to_the_empty_side() {
    let pos = "0,0,0,0,0,1/1,0,0,2,0,0 20-24 S";
    let rest = kalah("kalah(end=empty-takes-rest)");
    assert_eq!(final_stores(&rest, pos, "F"), Some([24, 24]));
    assert_eq!(final_stores(&kalah("kalah"), pos, "F"), Some([21, 27]));
}

/// The table-based solvers refuse the history rules; `--method plain` solves them (the value
/// is the reference's, tests/data/solved-issue17.txt).
#[test]
fn history_rules_are_solved_by_the_plain_solver_only() {
    let game = "oware(houses=2,seeds=1,repetition-count=3)";
    fails_with(&["solve", game], "--method plain");
    fails_with(&["solve", game, "--method", "full"], "occurrence 3");
    let v = json(&["solve", game, "--method", "plain", "--json"]);
    assert_eq!(v["value"], 2);
    fails_with(
        &["solve", "woaley2(houses=2,seeds=2,no-capture-moves=4)"],
        "4 moves without a capture",
    );
}

// ---- Ajwa, RULES.md §7 (docs/rule-decisions.md, `ajwa`; reference Mancala World "Ajua") ----
// ajwa(houses=3,seeds=2): South's A faces North's c, B faces b, C faces a; clockwise sowing
// goes C -> B -> A -> c -> b -> a -> C.

#[test]
fn ajwa_rule_1_board_eight_houses_three_seeds_on_the_wide_board() {
    let g = ajwa_wide("ajwa");
    assert_eq!(
        g.format_position(&g.start()),
        "3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3 0-0 S"
    );
    // Every first lap of the start reaches North's side; A's (3 seeds: h, g, f) ends in an
    // occupied house, so the forced choice plays A; the free choice has all eight houses.
    assert_eq!(legal(&g, ""), "A");
    assert_eq!(
        legal(&ajwa_wide("ajwa(choice=free)"), ""),
        "A B C D E F G H"
    );
}

#[test]
fn ajwa_rule_2_3_clockwise_relay_sowing() {
    // A (2): c 3, b 3 (occupied) -> lift b (3): a 3, C 3, B 3 (occupied) -> lift B (3): A 1,
    // c 4, b 1 (b was lifted: empty) -> the move ends on North's side.
    let g = ajwa("ajwa(choice=free,houses=3,seeds=2)");
    assert_eq!(after(&g, "2,2,2/2,2,2 0-0 S", "A"), "1,0,3/3,1,4 0-0 N");
    // B (2): A 3, c 3 -> lift c (3): b 3, a 3, C 3 -> lift C (3): B 1, A 4, c 1 -> ends.
    assert_eq!(after(&g, "2,2,2/2,2,2 0-0 S", "B"), "4,1,0/3,3,1 0-0 N");
    // North sows clockwise too: c (2): b 1, a 1 (empty) -> ends.
    assert_eq!(after(&g, "0,0,0/0,0,2 5-5 N", "c"), "0,0,0/1,1,0 5-5 S");
}

#[test]
fn ajwa_rule_3_an_opponents_singleton_ends_the_move_once_a_capture_was_made() {
    let g = ajwa("ajwa(houses=3,seeds=2)");
    // Stores 5-5: A (1) makes c 2 and the move sleeps there.
    assert_eq!(after(&g, "1,0,0/0,0,1 5-5 S", "A"), "0,0,0/0,0,2 5-5 N");
    // Stores empty: c (2) is lifted: b 6, a 6 -> lift a (6): C, B, A, c, b 7, a 1 -> ends.
    assert_eq!(after(&g, "1,0,0/5,5,1 0-0 S", "A"), "1,1,1/1,7,1 0-0 N");
}

#[test]
fn ajwa_rule_3_an_endless_move_is_not_legal() {
    // ajwa(houses=2,seeds=2): A (2) comes back after six laps to the board 2,1/2,3 with A to
    // lift again (b 4, a 3 | a: B 2, A 1, b 5 | b: a, B, A, b, a | a: B 4, A 3 | A: b, a, B 5 |
    // B: A, b, a, B, A 2). B (1): A 3 -> lift A (3): b 4, a 3, B 1 (empty) -> ends in the own
    // B facing a: takes a and b (facing the empty A).
    let g = ajwa("ajwa(choice=free,houses=2,seeds=2)");
    assert_eq!(legal(&g, "2,1/2,3 0-0 S"), "B");
    assert_eq!(after(&g, "2,1/2,3 0-0 S", "B"), "0,1/0,0 7-0 N");
    let forced = ajwa("ajwa(houses=2,seeds=2)");
    assert_eq!(legal(&forced, "2,1/2,3 0-0 S"), "B");
}

#[test]
fn ajwa_rule_4_forced_choice_order_of_preference() {
    let g = ajwa("ajwa(houses=3,seeds=2)");
    // At the start A's and B's first laps end in occupied North houses (c, then b; C's in the
    // own A): the leftmost of them, A, although C would capture.
    assert_eq!(legal(&g, "2,2,2/2,2,2 0-0 S"), "A");
    assert_eq!(
        after(
            &ajwa("ajwa(choice=free,houses=3,seeds=2)"),
            "2,2,2/2,2,2 0-0 S",
            "C"
        ),
        "1,4,1/0,3,0 3-0 N"
    );
    // No lap reaches an occupied North house: C (3) ends in the empty c, B (1) in the own
    // empty A: an empty opponent's house comes first, so C.
    assert_eq!(legal(&g, "0,1,3/4,4,0 0-0 S"), "C");
    assert_eq!(after(&g, "0,1,3/4,4,0 0-0 S", "C"), "1,2,0/4,4,1 0-0 N");
    assert_eq!(
        legal(
            &ajwa("ajwa(choice=free,houses=3,seeds=2)"),
            "0,1,3/4,4,0 0-0 S"
        ),
        "B C"
    );
}

#[test]
fn ajwa_rule_5_capture_of_every_house_facing_an_own_empty_house() {
    // C (2): B 1, A 1 (empty): A faces c (3), so South takes c and a (facing the empty C), not
    // b (facing B, which holds the seed just sown). The capturing seed stays.
    let g = ajwa("ajwa(houses=3,seeds=2)");
    assert_eq!(after(&g, "0,0,2/4,3,3 0-0 S", "C"), "1,1,0/0,3,0 7-0 N");
    // B (1): A 1 (empty) facing an empty c: no capture.
    let free = ajwa("ajwa(choice=free,houses=3,seeds=2)");
    assert_eq!(after(&free, "0,1,3/4,4,0 0-0 S", "B"), "1,0,3/4,4,0 0-0 N");
}

#[test]
fn ajwa_rule_6_end_each_player_takes_their_own_side() {
    let g = ajwa("ajwa(houses=3,seeds=2)");
    assert_eq!(legal(&g, "0,0,0/1,1,0 5-5 S"), "none");
    assert_eq!(final_stores(&g, "0,0,0/1,1,0 5-5 S", ""), Some([5, 7]));
    let e = ajwa("ajwa(choice=free,houses=2,seeds=2)");
    assert_eq!(final_stores(&e, "2,1/2,3 0-0 S", "B"), Some([8, 0]));
}
