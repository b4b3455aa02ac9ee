//! Rule tests of Azigo / Okwe (RULES.md §7, `src/rules/azigo.rs` rules 1-6, the decisions of
//! docs/rule-decisions.md "azigo and okwe"): one test per clause, named after it, on positions
//! sown by hand. `okwe(houses=4,start=2)`: South `A B C D`, North `a b c d` (from North's
//! left), sown `A B C D a b c d A ...`; `A` faces `d`, `B` faces `c`, `C` faces `b`, `D` faces `a`.

mod common;
use common::*;
use mancala::rules::spec::GameSpec;
use mancala::rules::Outcome;
use mancala::{Line, Rules, Status};

const G4: &str = "okwe(houses=4,start=2)";

/// Rule 2: Basden's row `5,5,1,1,5,1,0,0,0,0` (10 houses), North takes South's last four houses
/// with seeds (8), South the first three of North's (7); South sows first.
#[test]
fn rule2_basden_start_after_the_opening_removal() {
    let okwe = azigo_wide("okwe");
    assert_eq!(
        okwe.format_position(&okwe.start()),
        "5,5,0,0,0,0,0,0,0,0/5,5,0,0,0,1,0,0,0,0 7-8 S"
    );
    let azigo = azigo_wide("azigo");
    assert_eq!(
        azigo.format_position(&azigo.start()),
        "5,5,5,5,5,5,5,0,0,0,0,0,0,0,0,0,0,0,0,0/5,5,5,5,5,5,5,0,0,0,1,0,0,0,0,0,0,0,0,0 7-8 S"
    );
    // 12 houses: one house fewer at each end of the 20-house row than 14, ... (Ludii's table).
    let g12 = azigo_wide("okwe(houses=12)");
    assert_eq!(
        g12.format_position(&g12.start()),
        "5,5,5,0,0,0,0,0,0,0,0,0/5,5,5,0,0,0,1,0,0,0,0,0 7-8 S"
    );
    assert_eq!(legal(&okwe, ""), "A B hand");
}

/// Rule 2, `start=N`, and the seed's 6-hole form: `okwe(houses=6)` has 4 seeds a house.
#[test]
fn rule2_even_start_and_the_six_hole_form() {
    let g6 = azigo("okwe(houses=6)");
    assert_eq!(
        g6.format_position(&g6.start()),
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"
    );
    let g = azigo(G4);
    assert_eq!(g.format_position(&g.start()), "2,2,2,2/2,2,2,2 0-0 S");
}

/// Rule 3: two or more seeds: the first back into the lifted house.
#[test]
fn rule3_the_first_seed_goes_back_into_the_origin() {
    let g = azigo(G4);
    assert_eq!(
        after(&g, "2,2,2,2/2,2,2,2 0-0 S", "A"),
        "1,3,2,2/2,2,2,2 0-0 N"
    );
    // North's b (3): b, c, d; d faces A (2): nothing taken.
    assert_eq!(
        after(&g, "2,2,2,2/2,3,1,0 2-0 N", "b"),
        "2,2,2,2/2,1,2,1 2-0 S"
    );
}

/// Rule 3: a single seed goes into the next house.
#[test]
fn rule3_a_single_seed_goes_on() {
    let g = azigo(G4);
    // D (1) into a: the last seed in North's row.
    assert_eq!(
        after(&g, "0,0,0,1/3,2,2,1 7-0 S", "D"),
        "0,0,0,0/4,2,2,1 7-0 N"
    );
}

/// Rule 3: full laps go round the board and through the origin again.
#[test]
fn rule3_full_laps_pass_the_origin() {
    let g = azigo("okwe(houses=2,start=2)");
    // A (5): A B a b A; the last in A, facing b (0 + 1 = 1): taken.
    assert_eq!(after(&g, "5,0/1,0 2-0 S", "A"), "2,1/2,0 3-0 N");
}

/// Rule 4: the last seed in an own house (empty) and 3 opposite: taken into the hand.
#[test]
fn rule4_capture_of_three_opposite_an_own_house() {
    let g = azigo(G4);
    assert_eq!(
        after(&g, "1,0,2,2/3,2,3,3 0-0 S", "A"),
        "0,1,2,2/3,2,0,3 3-0 N"
    );
}

/// Rule 4: the own house may be occupied; 1 opposite is taken.
#[test]
fn rule4_capture_of_one_opposite_an_occupied_own_house() {
    let g = azigo(G4);
    assert_eq!(
        after(&g, "2,0,1,2/1,1,0,3 4-2 S", "C"),
        "2,0,0,3/0,1,0,3 5-2 N"
    );
    // North too: a (1) into b, facing C (1).
    assert_eq!(
        after(&g, "2,2,1,2/1,0,4,0 2-2 N", "a"),
        "2,2,0,2/0,1,4,0 2-3 S"
    );
}

/// Rule 4: 2 and 4 opposite are not taken, nor anything when the last seed is in the
/// opponent's row.
#[test]
fn rule4_no_capture_of_even_counts_or_from_the_opponents_row() {
    let g = azigo(G4);
    // B (3): B C D, D faces a (2).
    assert_eq!(
        after(&g, "2,3,2,2/2,2,1,2 0-0 S", "B"),
        "2,1,3,3/2,2,1,2 0-0 N"
    );
    // C (3): C D a: the last in a (North's row; a's opposite D holds 1): nothing.
    assert_eq!(
        after(&g, "0,0,3,0/1,1,3,1 7-0 S", "C"),
        "0,0,1,1/2,1,3,1 7-0 N"
    );
}

/// Rule 4: 5 opposite is taken only with `capture=1-3-5`.
#[test]
fn rule4_five_only_with_capture_1_3_5() {
    let pos = "0,0,1,0/5,1,1,1 4-3 S";
    assert_eq!(after(&azigo(G4), pos, "C"), "0,0,0,1/5,1,1,1 4-3 N");
    let five = azigo("okwe(capture=1-3-5,houses=4,start=2)");
    assert_eq!(after(&five, pos, "C"), "0,0,0,1/0,1,1,1 9-3 N");
}

/// Rule 5: the whole hand, from the own first house, round the own row only.
#[test]
fn rule5_the_hand_is_sown_from_the_own_first_house() {
    let g = azigo(G4);
    assert_eq!(legal(&g, "0,1,0,0/3,2,2,1 7-0 S"), "B hand");
    assert_eq!(
        after(&g, "0,1,0,0/3,2,2,1 7-0 S", "hand"),
        "2,3,2,1/3,2,2,1 0-0 N"
    );
    assert_eq!(
        after(&g, "1,1,1,1/0,0,0,0 2-10 N", "hand"),
        "1,1,1,1/3,3,2,2 2-0 S"
    );
}

/// Rule 5: the hand's sowing captures nothing (last in D, facing a with 1).
#[test]
fn rule5_the_hand_captures_nothing() {
    let g = azigo(G4);
    assert_eq!(
        after(&g, "0,0,0,0/1,2,2,3 8-0 S", "hand"),
        "2,2,2,2/1,2,2,3 0-0 N"
    );
}

/// Rule 6: empty houses with seeds in hand: the game goes on; nothing at all: it ends, every
/// seed counting for the player who holds it.
#[test]
fn rule6_the_end_and_the_score() {
    let g = azigo(G4);
    assert_eq!(legal(&g, "0,0,0,0/3,2,2,1 8-0 S"), "hand");
    let over = g.parse_position("0,0,0,0/6,3,2,1 0-4 S").unwrap();
    let o = g.outcome(&over).unwrap();
    assert_eq!(
        o,
        Outcome {
            mover: 0,
            opponent: 16
        }
    );
    assert_eq!(g.final_stores(&over, o), [0, 16]);
    assert_eq!(g.store_difference(&over), 0);
    let l = Line::new(over);
    assert!(matches!(l.status(&g), Status::Over(_)));
    assert_eq!(final_stores(&g, "0,0,0,0/6,3,2,1 0-4 S", ""), Some([0, 16]));
}

/// Rule 6: a repeated position ends the game, each player scoring houses plus hand.
#[test]
fn rule6_a_repeated_position_ends_the_game() {
    // One house each: A (1) into a (2); a (2): a, A: the start again.
    let g = azigo("okwe(houses=1,start=1)");
    let l = line(&g, "", "A a");
    assert_eq!(
        l.status(&g),
        Status::Repeated(Outcome {
            mover: 1,
            opponent: 1
        })
    );
}

/// The game strings: defaults, the limits named.
#[test]
fn game_strings() {
    let canon = |s: &str| s.parse::<GameSpec>().unwrap().to_string();
    assert_eq!(canon("okwe(houses=10,start=basden,capture=1-3)"), "okwe");
    assert_eq!(canon("azigo(houses=20)"), "azigo");
    assert_eq!(canon("okwe(houses=6,start=4)"), "okwe(houses=6)");
    assert_eq!(canon("azigo(houses=10)"), "azigo(houses=10)");
    let err = |s: &str| s.parse::<GameSpec>().unwrap_err().to_string();
    assert!(
        err("okwe(houses=21)").contains("from 1 to 20"),
        "{}",
        err("okwe(houses=21)")
    );
    let e = err("okwe(houses=11,start=basden)");
    assert!(
        e.contains("`start=basden`") && e.contains("from 10 to 20"),
        "{e}"
    );
    assert!(err("okwe(capture=2-4)").contains("1-3 or 1-3-5"));
    let spec: GameSpec = "okwe".parse().unwrap();
    assert_eq!(spec.total_seeds(), 36);
    assert!(!spec.fits_packed());
    assert!("okwe(houses=6)".parse::<GameSpec>().unwrap().fits_packed());
}

/// Moves: `hand` and house letters; the errors name the token.
#[test]
fn move_notation() {
    let g = azigo(G4);
    let pos = g.parse_position("0,1,0,0/3,2,2,1 7-0 S").unwrap();
    assert_eq!(
        g.format_move(&pos, g.parse_move(&pos, "hand").unwrap()),
        "hand"
    );
    assert_eq!(g.action(g.parse_move(&pos, "hand").unwrap()), 4);
    assert_eq!(g.num_actions(), 5);
    let e = g.parse_move(&pos, "x1").unwrap_err().to_string();
    assert!(e.contains("`x1`") && e.contains("hand"), "{e}");
    assert!(g.parse_move(&pos, "a").is_err());
}
