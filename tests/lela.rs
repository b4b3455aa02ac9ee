//! Rule tests for Lela (RULES.md §11; `docs/rule-decisions-four-row.md`, section `lela`). One
//! test per clause, named after it, on positions sown by hand from the decisions page (the same
//! positions as the hand-worked checks of `reference/lela_cases.py`, which were written before the
//! Rust code). Positions are written with [`lela_text`]: the holes that hold seeds, by letter
//! (`A..G` the outer row from the owner's left, `H..N` the inner row from the owner's right).

mod common;
use common::*;
use mancala::Rules;

/// Lela position text from hole contents named by letter (`"A9 B6"`, case ignored, 14 holes a
/// row), then the stores and the tail (`"S"`, `"N;hand=0-3"`).
fn lela_text(south: &str, north: &str, stores: &str, tail: &str) -> String {
    let row = |items: &str| {
        let mut holes = [0u32; 14];
        for item in items.split_whitespace() {
            let letter = item.chars().next().unwrap().to_ascii_uppercase();
            holes[(letter as u8 - b'A') as usize] = item[1..].parse().unwrap();
        }
        holes.map(|n| n.to_string()).join(",")
    };
    format!("{}/{} {} {}", row(south), row(north), stores, tail)
}

/// Lela with 8 seeds and no placement (the hand-worked capture positions).
fn lela8() -> mancala::rules::Lela {
    lela("lela(hand=0,start=2.2.0.0.0.0.0.0.0.0.0.0.0.0)")
}

/// Seed 000: "kilenc magot ... az első lyukba ... hatot a második lyukba, kettőt a harmadikba és
/// egyet a negyedikbe" in the row nearest the player from the left (`A..D`), three seeds in hand.
#[test]
fn start_has_9_6_2_1_in_the_near_row_and_3_in_hand() {
    let l = lela("lela");
    assert_eq!(
        l.format_position(&l.start()),
        lela_text("A9 B6 C2 D1", "a9 b6 c2 d1", "0-0", "S;hand=3-3")
    );
    assert_eq!(l.total(), 42);
}

/// Seed 000: "ezeket bármelyik három egymás után következő lyukba beleteheti": the placement is
/// the first move, `X*`, one seed into each of three consecutive holes in sowing order; all 14
/// start holes; South places, then North.
#[test]
fn placement_puts_three_seeds_in_consecutive_holes() {
    let l = lela("lela");
    let start = l.format_position(&l.start());
    assert_eq!(
        legal(&l, &start),
        "A* B* C* D* E* F* G* H* I* J* K* L* M* N*"
    );
    assert_eq!(
        after(&l, &start, "E*"),
        lela_text("A9 B6 C2 D1 E1 F1 G1", "a9 b6 c2 d1", "0-0", "N;hand=0-3")
    );
    // The loop runs on from the inner row (M, N) into the outer row (A).
    assert_eq!(
        after(&l, &start, "M*"),
        lela_text("A10 B6 C2 D1 M1 N1", "a9 b6 c2 d1", "0-0", "N;hand=0-3")
    );
    assert_eq!(
        after(&l, &start, "E* h*"),
        lela_text("A9 B6 C2 D1 E1 F1 G1", "a9 b6 c2 d1 h1 i1 j1", "0-0", "S")
    );
}

/// Sowing needs at least 2 seeds in the hole; singletons cannot be lifted.
#[test]
fn sowing_lifts_a_hole_of_at_least_two_seeds() {
    let l = lela("lela");
    let pos = lela_text("A9 B6 C2 D1 E1 F1 G1", "a9 b6 c2 d1 e1 f1 g1", "0-0", "S");
    assert_eq!(legal(&l, &pos), "A B C");
}

/// Seed 000: "Ha az utolsó babszem olyan lyukba kerül, amelyben már volt bab, akkor a játékos
/// felveheti ennek a lyuknak a tartalmát, és folytathatja": `C` (2) ends in `E` (occupied,
/// outer): relay `E` (2) ends in `G`: relay `G` (2) ends in empty `I`.
#[test]
fn relay_from_an_occupied_hole_until_an_empty_hole() {
    let l = lela("lela");
    let pos = lela_text("A9 B6 C2 D1 E1 F1 G1", "a9 b6 c2 d1 e1 f1 g1", "0-0", "S");
    assert_eq!(
        after(&l, &pos, "C"),
        lela_text("A9 B6 D2 F2 H1 I1", "a9 b6 c2 d1 e1 f1 g1", "0-0", "N")
    );
    // B (6) ends in the empty H: the move ends at once.
    assert_eq!(
        after(&l, &pos, "B"),
        lela_text("A9 C3 D2 E2 F2 G2 H1", "a9 b6 c2 d1 e1 f1 g1", "0-0", "N")
    );
}

/// Seed 000: "Ha az utolsó szem a belső sor valamelyik lyukába került, és ebben már van néhány
/// mag, akkor a játékos elfoghatja az ellenfél e lyukkal szembeni két lyukának a tartalmát,
/// feltéve, hogy mind a kettőben vannak magok": `F` (2) ends in `H` (occupied, inner, column 7),
/// facing North's column 1, `n` and `a`: both go to South's store (decision: the move ends).
#[test]
fn capture_of_both_facing_holes_into_the_store_ends_the_move() {
    let l = lela8();
    let pos = lela_text("F2 H1", "a3 n2", "0-0", "S");
    assert_eq!(after(&l, &pos, "F"), lela_text("G1 H2", "", "5-0", "N"));
    // `L` (2) ends in `N` (occupied, inner, column 1), facing North's column 7: `h` and `g`.
    let pos = lela_text("L2 N1", "g1 h4", "0-0", "S");
    assert_eq!(after(&l, &pos, "L"), lela_text("M1 N2", "", "5-0", "N"));
}

/// "feltéve, hogy mind a kettőben vannak magok": with one facing hole empty there is no capture,
/// and the occupied inner hole relays.
#[test]
fn no_capture_unless_both_facing_holes_are_occupied() {
    let l = lela8();
    let pos = lela_text("F2 H1", "a5", "0-0", "S");
    assert_eq!(
        after(&l, &pos, "F"),
        lela_text("G1 I1 J1", "a5", "0-0", "N")
    );
}

/// Only inner holes capture: `D` (2) ends in the occupied outer `F`, which relays into empty `H`.
#[test]
fn outer_holes_never_capture() {
    let l = lela8();
    let pos = lela_text("D2 F1", "a3 n2", "0-0", "S");
    assert_eq!(
        after(&l, &pos, "D"),
        lela_text("E1 G1 H1", "a3 n2", "0-0", "N")
    );
}

/// Decision: the game ends when either player has no seeds; each player adds their own seeds to
/// their store (South 5 + 3, North 0).
#[test]
fn game_ends_when_a_player_has_no_seeds_and_each_sweeps_their_side() {
    let l = lela8();
    let pos = lela_text("F2 H1", "a3 n2", "0-0", "S");
    assert_eq!(final_stores(&l, &pos, "F"), Some([8, 0]));
    assert_eq!(legal(&l, &lela_text("G1 H2", "", "5-0", "N")), "none");
}

/// Decision: a player without a hole of 2 or more seeds has no move; the game ends and each
/// player adds their own seeds to their store.
#[test]
fn game_ends_when_the_mover_cannot_sow() {
    let l = lela8();
    let pos = lela_text("A1 B1", "a1 b1 c1 d1", "1-1", "S");
    assert_eq!(legal(&l, &pos), "none");
    assert_eq!(final_stores(&l, &pos, ""), Some([3, 5]));
}

/// Endless sowing: from this row lifting `D` relays for ever (the Python reference's lap limit
/// finds it too), so only `J` is legal; North's 2 seeds in `d` can never be captured (one facing
/// hole only).
#[test]
fn endless_move_is_not_legal() {
    let l = lela("lela(hand=0,start=3.3.0.0.0.0.0.0.0.0.0.0.0.0)");
    let pos = lela_text("A1 C1 D2 F1 H1 J2 K1 M1", "d2", "0-0", "S");
    assert_eq!(legal(&l, &pos), "J");
}

/// Position text: stores, `;hand=` and its errors; moves name their token.
#[test]
fn position_text_and_move_errors() {
    let l = lela("lela");
    let start = l.format_position(&l.start());
    for text in [
        start.clone(),
        lela_text("A9 B6 C2 D1 E1 F1 G1", "b6 c2 d1 e1 f1 g1", "9-0", "S"),
    ] {
        assert_eq!(l.format_position(&l.parse_position(&text).unwrap()), text);
    }
    let err = |t: &str| l.parse_position(t).unwrap_err().to_string();
    assert!(err(&start.replace("hand=3-3", "hand=8-0")).contains("hand=8-0"));
    assert!(err(&start.replace("hand", "reserve")).contains("reserve"));
    assert!(err(&start.replace("0-0", "1-0")).contains("43"));
    let pos = l.start();
    assert!(l
        .parse_move(&pos, "O")
        .unwrap_err()
        .to_string()
        .contains("`O`"));
    assert!(l
        .parse_move(&pos, "A+")
        .unwrap_err()
        .to_string()
        .contains("`A+`"));
    assert!(l
        .parse_move(&pos, "a*")
        .unwrap_err()
        .to_string()
        .contains("North"));
    assert_eq!(l.format_move(&pos, l.parse_move(&pos, "C*").unwrap()), "C*");
}

/// Game strings: keys, defaults and limits.
#[test]
fn game_strings() {
    let canon = |g: &str| g.parse::<mancala::GameSpec>().unwrap().to_string();
    assert_eq!(
        canon("lela(hand=3,start=9.6.2.1.0.0.0.0.0.0.0.0.0.0)"),
        "lela"
    );
    assert_eq!(canon("lela(start=1,hand=0)"), "lela(hand=0,start=1)");
    for bad in [
        "lela(hand=8)",
        "lela(start=3)",
        "lela(start=0,hand=0)",
        "lela(start=1.2)",
    ] {
        assert!(bad.parse::<mancala::GameSpec>().is_err(), "{bad}");
    }
}
