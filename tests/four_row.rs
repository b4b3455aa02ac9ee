//! Rule tests for the four-row games of RULES.md §9-§10: `omweso`, `bao-la-kete` and
//! `bao-la-kiswahili`. One test per clause, named after it, on positions worked out by hand from
//! the rule text (RULES.md, the sources' wording quoted in `src/rules/omweso.rs` and
//! `src/rules/bao.rs`, and the decisions of `docs/rule-decisions-four-row.md`); seed 000's
//! figure 28 is replayed as printed. Positions are written with [`four_row`]: the holes that hold
//! seeds, by letter (`A..H` outer / back row from the owner's left, `I..P` inner / front row from
//! the owner's right). Each position's seed total is the game's, so the game strings below carry
//! a `start` (Omweso) or `reserve` (Bao) that makes it so.

mod common;
use common::*;
use mancala::Rules;
use proptest::prelude::*;

/// An Omweso game of `total` seeds (the hand-worked positions are smaller than 64).
fn omweso_of(total: u32) -> mancala::rules::Omweso {
    omweso(&format!("omweso(start={}{})", total / 2, ".0".repeat(15)))
}

/// Bao la Kete / Kiswahili with `total` seeds: 20 on the board and `reserve` each.
fn kete(total: u32) -> mancala::rules::Bao {
    bao(&format!("bao-la-kete(reserve={})", (total - 20) / 2))
}

fn kiswahili(total: u32) -> mancala::rules::Bao {
    bao(&format!("bao-la-kiswahili(reserve={})", (total - 20) / 2))
}

// ---- Omweso, RULES.md §9 ----

/// "Lépések" 1: a last seed in an occupied hole lifts it and sows on; the move ends in an empty
/// hole. `A` (3) ends in `D` (2, an outer hole: no capture), whose 3 seeds end in empty `G`.
#[test]
fn omweso_relay_sowing_ends_in_an_empty_hole() {
    let o = omweso_of(6);
    let pos = four_row("A3 D2", "a1", "S");
    assert_eq!(after(&o, &pos, "A"), four_row("B1 C1 E1 F1 G1", "a1", "N"));
}

/// "Az elfogás módszere": `K` (2) ends in `M` (1, inner, column 4), facing North's column 5:
/// `l` (inner) and `e` (outer), both occupied. Both are taken (5 seeds) and sown from the hole
/// after `M`: `N O P A B`; `M` keeps its 2 seeds.
#[test]
fn omweso_inner_capture_takes_both_facing_holes_and_resows_after_the_capturing_hole() {
    let o = omweso_of(10);
    let pos = four_row("K2 M1", "l3 e2 a2", "S");
    assert_eq!(
        after(&o, &pos, "K"),
        four_row("A1 B1 L1 M2 N1 O1 P1", "a2", "N")
    );
}

/// "Ugyanaz a játékos egy lépés során többször is elfoghatja": the sowing of the first capture
/// (3 seeds from `N`) ends in `P` (column 1, facing North's column 8: `i` and `h`), which
/// captures again; those 2 seeds end in empty `B`.
#[test]
fn omweso_several_captures_in_one_move() {
    let o = omweso_of(12);
    let pos = four_row("K2 M1 P1", "l2 e1 i1 h1 a2 b1", "S");
    assert_eq!(
        after(&o, &pos, "K"),
        four_row("A1 B1 L1 M2 N1 O1 P2", "a2 b1", "N")
    );
}

/// Seed 000 figure 28: `A`'s 3 seeds sown backwards (`P O N`) take `k` and `f` (4); a second
/// reverse lap from the same start (`P O N M`) takes `l` and `e` (5), which go forwards from
/// `B`: `B C D E F`. That is `A-2`; `A-` sows the first 4 forwards at once.
#[test]
fn omweso_reverse_capture_of_figure_28() {
    let o = omweso_of(16);
    let pos = four_row("A3 M1 N1", "k2 f2 l3 e2 a2", "S");
    assert_eq!(legal(&o, &pos), "A A- A-2");
    assert_eq!(
        after(&o, &pos, "A-2"),
        four_row("B1 C1 D1 E1 F1 M2 N3 O2 P2", "a2", "N")
    );
    assert_eq!(
        after(&o, &pos, "A-"),
        four_row("B1 C1 D1 E1 M1 N2 O1 P1", "l3 e2 a2", "N")
    );
}

/// "Elfogás fordított lépéssel": reverse moves start from `B`, `O` and `P` too. `B` with 9 seeds,
/// the most a reverse lap may sow, reaches `I` (column 8, facing `p` and `a`); the catch goes
/// forwards from `C`, the start's neighbour.
#[test]
fn omweso_reverse_moves_from_b_o_and_p() {
    let o = omweso_of(12);
    let pos = four_row("B9 I1", "p1 a1", "S");
    assert_eq!(legal(&o, &pos), "B B-");
    assert_eq!(
        after(&o, &pos, "B-"),
        four_row("A1 C1 D1 I2 J1 K1 L1 M1 N1 O1 P1", "", "N")
    );
    let o = omweso_of(8);
    let pos = four_row("O2 M1", "l1 e1 b2 c1", "S");
    assert_eq!(legal(&o, &pos), "O O-");
    assert_eq!(after(&o, &pos, "O-"), four_row("A1 M2 N1 P1", "b2 c1", "N"));
    let pos = four_row("P3 M1", "l1 e1 b2", "S");
    assert_eq!(legal(&o, &pos), "P P-");
    assert_eq!(after(&o, &pos, "P-"), four_row("A1 B1 M2 N1 O1", "b2", "N"));
}

/// A reverse move exists only if it captures: with `e` empty, `O`'s reverse lap ending in `M`
/// takes nothing, so only the forward `O` is legal; and the text `O-` is refused.
#[test]
fn omweso_reverse_move_only_if_it_captures() {
    let o = omweso_of(8);
    let pos = four_row("O2 M1", "l1 b2 c2", "S");
    assert_eq!(legal(&o, &pos), "O");
    let mut line = line(&o, &pos, "");
    assert!(line.play_text(&o, "O-").is_err());
    // Reverse moves only start from A, B, O and P.
    assert!(line.play_text(&o, "C-").is_err());
}

/// "Győzelem": a player left with at most one seed in every hole cannot move and has lost; the
/// winner takes all the seeds. So has a player whose seeds were all captured.
#[test]
fn omweso_win_by_singletons_or_by_capturing_everything() {
    let o = omweso_of(4);
    let pos = four_row("A2", "a1 b1", "S");
    assert_eq!(final_stores(&o, &pos, ""), None);
    assert_eq!(final_stores(&o, &pos, "A"), Some([4, 0]));
    let o = omweso_of(6);
    let pos = four_row("K2 M2", "l1 e1", "S");
    assert_eq!(after(&o, &pos, "K"), four_row("L1 M3 N1 O1", "", "N"));
    assert_eq!(final_stores(&o, &pos, "K"), Some([6, 0]));
}

/// Endless sowing (docs/rule-decisions-four-row.md): from this 13-seed row, lifting `N` relays for
/// ever (a plain walk that remembers every state, /tmp-free: reference/four_row.py,
/// finds the state of lap 1 again), so `N` is not legal; North's seeds are all outer, so no
/// lap captures.
#[test]
fn omweso_endless_move_is_not_legal() {
    let o = omweso_of(14);
    let pos = four_row("A1 C1 E1 G1 I1 J2 K1 M1 N2 P2", "a1", "S");
    assert_eq!(legal(&o, &pos), "J P");
}

// ---- Bao la Kete and Bao la Kiswahili, RULES.md §10 ----

/// Nemo capture from the left kimbi (`O`, facing `j`): the seed goes into `O`, `j`'s 3 seeds
/// are taken and sown from the left kichwa `P` toward the centre: `P O N`.
#[test]
fn bao_nemo_capture_from_the_left_kimbi_sows_from_the_left_kichwa() {
    let b = kete(22);
    let pos = four_row("O1", "j3 a8 b8", "S;reserve=1-1");
    assert_eq!(legal(&b, &pos), "O-");
    assert_eq!(
        after(&b, &pos, "O-"),
        four_row("N1 O3 P1", "a8 b8", "N;reserve=0-1")
    );
}

/// From the right kimbi (`J`, facing `o`) the catch is sown from the right kichwa `I`.
#[test]
fn bao_nemo_capture_from_the_right_kimbi_sows_from_the_right_kichwa() {
    let b = kete(22);
    let pos = four_row("J1", "o1 a9 b9", "S;reserve=1-1");
    assert_eq!(legal(&b, &pos), "J+");
    assert_eq!(
        after(&b, &pos, "J+"),
        four_row("I1 J2", "a9 b9", "N;reserve=0-1")
    );
}

/// A capture from a central hole (`M`, facing `l`) lets the player choose the kichwa.
#[test]
fn bao_nemo_capture_from_the_centre_chooses_the_kichwa() {
    let b = kete(22);
    let pos = four_row("M1", "l2 a9 b8", "S;reserve=1-1");
    assert_eq!(legal(&b, &pos), "M+ M-");
    assert_eq!(
        after(&b, &pos, "M+"),
        four_row("I1 J1 M2", "a9 b8", "N;reserve=0-1")
    );
    assert_eq!(
        after(&b, &pos, "M-"),
        four_row("M2 O1 P1", "a9 b8", "N;reserve=0-1")
    );
}

/// Nemo takata with a kuu: the seed may not go into the kuu (other front holes are occupied)
/// but may go into a singleton; a lap ending in the kuu stops the move.
#[test]
fn bao_nemo_takata_with_a_kuu() {
    let b = kete(22);
    let pos = four_row("K2 L6 N1", "a6 b5", "S;reserve=1-1;kuu=S");
    assert_eq!(legal(&b, &pos), "K+ K- N+ N-");
    // K (3) ends in N (2): relay to O, P.
    assert_eq!(
        after(&b, &pos, "K+"),
        four_row("L7 M1 O1 P1", "a6 b5", "N;reserve=0-1;kuu=S")
    );
    // N (2) backwards ends in the kuu: the move stops.
    assert_eq!(
        after(&b, &pos, "N-"),
        four_row("K2 L7 M1", "a6 b5", "N;reserve=0-1;kuu=S")
    );
}

/// Nemo takata without a kuu: only into a hole with 2 or more, unless all are singletons.
#[test]
fn bao_nemo_takata_without_a_kuu_needs_two_seeds_unless_all_are_singletons() {
    let b = kete(22);
    assert_eq!(
        legal(&b, &four_row("K2 N1 O1", "a8 b8", "S;reserve=1-1")),
        "K+ K-"
    );
    assert_eq!(
        legal(&b, &four_row("K1 N1 O1", "a9 b8", "S;reserve=1-1")),
        "K+ K- N+ N- O+ O-"
    );
}

/// Bao la Kete's kuu never falls below 6: the only occupied front hole, a kuu of exactly 6, is
/// emptied (7 seeds with the new one) and lost; a kuu of more gives 2 seeds and stays.
/// Bao la Kiswahili taxes the nyumba: 2 seeds, and it stays owned.
#[test]
fn bao_kuu_as_the_only_front_hole_six_floor_and_taxing() {
    let pos = four_row("L6", "a7 b7", "S;reserve=1-1;kuu=S");
    assert_eq!(legal(&kete(22), &pos), "L+ L-");
    assert_eq!(
        after(&kete(22), &pos, "L+"),
        four_row("A1 B1 C1 M1 N1 O1 P1", "a7 b7", "N;reserve=0-1")
    );
    assert_eq!(
        after(&kiswahili(22), &pos, "L+"),
        four_row("L5 M1 N1", "a7 b7", "N;reserve=0-1;kuu=S")
    );
    let pos = four_row("L8", "a6 b6", "S;reserve=1-1;kuu=S");
    assert_eq!(
        after(&kete(22), &pos, "L+"),
        four_row("L7 M1 N1", "a6 b6", "N;reserve=0-1;kuu=S")
    );
}

/// A nemo capture whose lap ends in the functional kuu: stop (`N+`) or go on, safari (`N+s`),
/// which lifts the kuu and destroys it.
#[test]
fn bao_capture_lap_ending_in_the_kuu_stops_or_goes_on_safari() {
    let b = kete(22);
    let pos = four_row("L6 N1", "k4 a9", "S;reserve=1-1;kuu=S");
    assert_eq!(legal(&b, &pos), "N+ N+s N-");
    assert_eq!(
        after(&b, &pos, "N+"),
        four_row("I1 J1 K1 L7 N2", "a9", "N;reserve=0-1;kuu=S")
    );
    assert_eq!(
        after(&b, &pos, "N+s"),
        four_row("A1 B1 C1 I1 J1 K1 M1 N3 O1 P1", "a9", "N;reserve=0-1")
    );
    assert_eq!(
        after(&b, &pos, "N-"),
        four_row("L6 M1 N3 O1 P1", "a9", "N;reserve=0-1;kuu=S")
    );
}

/// Hizi zetu: a capture may start from the back row. `G` (3) ends in `J` (occupied, facing
/// `o`): `o`'s 2 seeds go from the right kichwa (`J` is a kimbi): `I J`, and `J` (3) relays to
/// `K L M`.
#[test]
fn bao_hizi_zetu_capture_from_the_back_row() {
    let b = kete(20);
    let pos = four_row("G3 J1", "o2 a7 b7", "S");
    assert_eq!(legal(&b, &pos), "G+");
    assert_eq!(
        after(&b, &pos, "G+"),
        four_row("H1 I2 K1 L1 M1", "a7 b7", "N")
    );
}

/// Hizi zetu: a first lap of 16 or more seeds captures nothing. `K` (17) ends in `L`, occupied
/// and facing occupied `m`, but the move is a takata: `m` keeps its seed.
#[test]
fn bao_first_lap_of_sixteen_or_more_captures_nothing() {
    let b = kete(20);
    let pos = four_row("K17 L1", "m1 a1", "S");
    let moves = legal(&b, &pos);
    assert!(!moves.is_empty());
    for mv in moves.split(' ') {
        let next = line(&b, &pos, mv);
        assert_eq!(next.current().holes[1][12], 1, "{mv} captured `m`");
    }
}

/// The front row may never be emptied: the only occupied front hole, the kichwa `I`, may not be
/// sown backwards into the back row.
#[test]
fn bao_front_row_is_never_emptied() {
    let b = kete(20);
    let pos = four_row("I3 A1", "a8 b8", "S");
    assert_eq!(legal(&b, &pos), "I+");
    assert_eq!(after(&b, &pos, "I+"), four_row("A1 J1 K1 L1", "a8 b8", "N"));
}

/// The first takata of hizi zetu starts from the kuu while it exists; the kuu is then lost.
#[test]
fn bao_first_hizi_zetu_takata_starts_from_the_kuu() {
    let b = kete(20);
    let pos = four_row("K2 L6", "a6 b6", "S;kuu=S");
    assert_eq!(legal(&b, &pos), "L+ L-");
    assert_eq!(
        after(&b, &pos, "L+"),
        four_row("A1 B1 K2 M1 N1 O1 P1", "a6 b6", "N")
    );
}

/// Takasia: South's takata `J+` leaves exactly one North hole threatened (`n`, by `M` sown
/// backwards into `K`) and no South hole threatened, so `n` is marked. North may not start from
/// `n`, and North's `j-`, whose second lap ends in `n`, stops there instead of relaying.
#[test]
fn bao_takasia_marks_one_threatened_hole() {
    let b = kete(20);
    let pos = four_row("A1 B1 J4 M1", "h9 j2 n2", "S");
    assert_eq!(legal(&b, &pos), "J+ J-");
    let marked = four_row("A1 B1 K1 L1 M2 N1", "h9 j2 n2", "N;takasia=n");
    assert_eq!(after(&b, &pos, "J+"), marked);
    assert_eq!(legal(&b, &marked), "j+ j-");
    assert_eq!(
        after(&b, &marked, "j-"),
        four_row(
            "A1 B1 K1 L1 M2 N1",
            "a1 b1 c1 d1 e1 f1 g1 i1 n3 o1 p1",
            "S;takasia=n"
        )
    );
    // Without the mark North may start from `n`, and `j-` relays on from `n` to `k`.
    let unmarked = four_row("A1 B1 K1 L1 M2 N1", "h9 j2 n2", "N");
    assert_eq!(legal(&b, &unmarked), "j+ j- n+ n-");
    assert_eq!(
        after(&b, &unmarked, "j-"),
        four_row(
            "A1 B1 K1 L1 M2 N1",
            "a1 b1 c1 d1 e1 f1 g1 i1 k1 l1 m1 o1 p1",
            "S"
        )
    );
}

/// Bao la Kete's takasia priority: with North's `n` marked by South, South must capture `n` if
/// it can (`M-`), though `L+` and `M+` capture `j`. Bao la Kiswahili has no such priority.
#[test]
fn bao_kete_takasia_priority_and_kiswahili_without_it() {
    let pos = four_row("K1 L3 M2 O1", "j1 n1 a11", "S;takasia=n");
    assert_eq!(legal(&kete(20), &pos), "M-");
    assert_eq!(legal(&kiswahili(20), &pos), "L+ M+ M-");
}

/// "Bao hamna": taking the opponent's whole front row wins; the winner takes all the seeds.
#[test]
fn bao_hamna_taking_the_whole_front_row_wins() {
    let b = kete(20);
    let pos = four_row("K1 M2", "n1 a8 b8", "S");
    assert_eq!(legal(&b, &pos), "M-");
    assert_eq!(after(&b, &pos, "M-"), four_row("K2 L1 P1", "a8 b8", "N"));
    assert_eq!(final_stores(&b, &pos, "M-"), Some([20, 0]));
}

/// Leaving the opponent only singletons wins: they cannot move.
#[test]
fn bao_singletons_cannot_move_and_lose() {
    let b = kiswahili(20);
    let pos = four_row("A8 B7", "a1 b1 c1 i1 j1", "N");
    assert_eq!(legal(&b, &pos), "none");
    assert_eq!(final_stores(&b, &pos, ""), Some([20, 0]));
}

/// Endless sowing: the 13-seed row of `omweso_endless_move_is_not_legal` as South's holes, no
/// kuu, North's front empty: the takata `N+` relays for ever and is not legal.
#[test]
fn bao_endless_move_is_not_legal() {
    let b = kete(20);
    let pos = four_row("A1 C1 E1 G1 I1 J2 K1 M1 N2 P2", "a7", "S");
    let moves = legal(&b, &pos);
    assert!(!moves.split(' ').any(|m| m == "N+"), "{moves}");
    for mv in ["J+", "J-", "N-", "P+"] {
        assert!(
            moves.split(' ').any(|m| m == mv),
            "{mv} missing from {moves}"
        );
    }
}

// ---- Notation ----

#[test]
fn four_row_position_text_and_move_errors_name_the_token() {
    let b = bao("bao-la-kete");
    assert_eq!(
        b.format_position(&b.start()),
        "0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0,2,2,6,0,0,0,0 0-0 S;reserve=22-22;kuu=SN"
    );
    let start = b.format_position(&b.start());
    let bad = [
        (start.replace(" 0-0 ", " 1-0 "), "0-0"),
        (start.replace("kuu=SN", "kuu=X"), "kuu=X"),
        (
            start.replace("reserve=22-22", "reserve=32-12"),
            "reserve=32-12",
        ),
        (format!("{start};takasia=A"), "takasia=A"),
        (format!("{start};forced=b"), "forced=b"),
        (start.replace("6,0,0,0,0/", "6,0,0,0/"), "houses"),
    ];
    for (text, needle) in bad {
        let err = b.parse_position(&text).unwrap_err().to_string();
        assert!(err.contains(needle), "{text}: {err}");
    }
    let o = omweso("omweso");
    let start = o.start();
    for (token, needle) in [
        ("Q", "no house"),
        ("a", "North"),
        ("C-", "reverse"),
        ("A-9", "reverse"),
        ("A+", "reverse"),
    ] {
        let err = o.parse_move(&start, token).unwrap_err().to_string();
        assert!(
            err.contains(needle) || err.contains(token),
            "{token}: {err}"
        );
    }
    for (token, needle) in [("K", "`+` or `-`"), ("Kx", "`+` or `-`"), ("k+", "North")] {
        let err = b.parse_move(&b.start(), token).unwrap_err().to_string();
        assert!(err.contains(needle), "{token}: {err}");
    }
    assert!("omweso(start=3)".parse::<mancala::GameSpec>().is_err());
    assert!("omweso(start=1.2)".parse::<mancala::GameSpec>().is_err());
    assert!("bao-la-kete(reserve=23)"
        .parse::<mancala::GameSpec>()
        .is_err());
}

// ---- Properties over random games ----

fn four_row_game() -> impl Strategy<Value = String> {
    (0u8..=22, 1u8..=2).prop_flat_map(|(reserve, seeds)| {
        prop_oneof![
            Just("omweso".to_string()),
            Just(format!("omweso(start={seeds})")),
            Just("omweso(start=0.0.0.0.0.0.0.0.2.2.2.2.0.0.0.0)".to_string()),
            Just(format!("bao-la-kete(reserve={reserve})")),
            Just(format!("bao-la-kiswahili(reserve={reserve})")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn four_row_random_games_conserve_seeds_and_end(
        game in four_row_game(),
        choices in prop::collection::vec(0usize..64, 1..64),
    ) {
        match game.parse::<mancala::GameSpec>().unwrap() {
            mancala::GameSpec::Omweso(_) => { random_game(&omweso(&game), &choices)?; }
            _ => { random_game(&bao(&game), &choices)?; }
        }
    }
}
