//! The board drawings of every game (`Rules::draw`, `Rules::draw_from`), compared with
//! drawings written out by hand from the position text and the layout the rules modules
//! document (`TwoRowPosition::to_ascii_from`, `FourRowPosition::draw_from`, Bao's `draw_from`):
//! every house under its letter, each house above the one it faces, the stores at their
//! owners' right, the side to move, and each game's further state.

#[path = "common/boards.rs"]
mod boards;
mod common;
use boards::{board as lines, BAO_LA_KETE_START};
use common::*;
use mancala::core::Side;
use mancala::Rules;

/// Kalah(3,2) after South's `A` (A: 2 -> 0, B 3, C 3): North to move. North's houses `c b a`
/// stand above `A B C` (RULES.md §0: house `i` faces `2m-1-i`), North's store on the left.
#[test]
fn kalah_from_south_and_from_north() {
    let k = kalah("kalah(houses=3,seeds=2)");
    let pos = k.parse_position("0,3,3/2,2,2 0-0 N").unwrap();
    let south = lines(&[
        "        c  b  a     North <- to move",
        "        2  2  2",
        "    0             0",
        "        0  3  3",
        "        A  B  C     South",
    ]);
    assert_eq!(k.draw(&pos), south);
    assert_eq!(k.draw_from(&pos, Side::South), south);
    // From North's seat: South's houses from South's right to left on top, South's store on the
    // left (to South's right as South sits), North's `a b c` at the bottom.
    let k = kalah("kalah(houses=3,seeds=6)");
    let pos = k.parse_position("1,2,3/4,5,6 7-8 N").unwrap();
    assert_eq!(
        k.draw_from(&pos, Side::North),
        lines(&[
            "        C  B  A     South",
            "        3  2  1",
            "    7             8",
            "        4  5  6",
            "        a  b  c     North <- to move",
        ])
    );
}

/// Woaley I's forced house, Cups' hands and Adi's last capturer follow the board.
#[test]
fn two_row_game_state_lines() {
    let w = woaley1("woaley1(houses=3,seeds=2)");
    let pos = w.parse_position("2,2,2/2,2,2 0-0 N;forced=B").unwrap();
    assert!(w
        .draw(&pos)
        .ends_with("South\n      forced: B must be lifted\n"));
    let c = cups("cups(bowls=3)");
    let pos = c.parse_position("1,0,0/0,0,0 0-0 N;hand=29-30").unwrap();
    assert!(c
        .draw_from(&pos, Side::North)
        .ends_with("North <- to move\n      in hand: South 29, North 30\n"));
    let a = adi("adi(seeds=2)");
    let pos = a
        .parse_position("2,2,2,2,2,2/2,2,2,2,0,0 4-0 N;last-capture=S")
        .unwrap();
    assert!(a.draw(&pos).ends_with("      last capture: South\n"));
}

/// Seed 003's start of Bao la Kete, its diagram row by row from North's back row: `0 0 0 0 0 0
/// 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0`, 22 seeds in each reserve, each
/// kuu (4th front hole from its owner's right) with 6, the nemo stage.
#[test]
fn bao_la_kete_start_of_seed_003() {
    let b = bao("bao-la-kete");
    assert_eq!(b.draw(&b.start()), lines(&BAO_LA_KETE_START));
}

/// A Bao la Kete middle game seen from North's seat: South (on top) has sown out their reserve
/// and lost their kuu, North keeps 3 in reserve and the kuu `l`; South's `K` is takasia'd.
/// South's rows run from South's right to left on top (`H`..`A`, then `I`..`P`), North's from
/// North's left (`p`..`i` front, `a`..`h` back).
#[test]
fn bao_from_north_with_a_lost_kuu_and_a_takasia_mark() {
    let b = bao("bao-la-kete");
    let south = "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2";
    let north = "0,1,2,2,2,2,2,2,2,2,2,2,2,2,2,2";
    let pos = b
        .parse_position(&format!(
            "{south}/{north} 0-0 S;reserve=0-3;kuu=N;takasia=K"
        ))
        .unwrap();
    assert_eq!(
        b.draw_from(&pos, Side::North),
        lines(&[
            "   H   G   F   E   D   C   B   A",
            "   2   2   2   2   2   2   2   2   South back <- to move",
            "   I   J   K   L   M   N   O   P",
            "   2   2   2   2   2   2   2   2   South front",
            "   p   o   n   m [l]   k   j   i",
            "   2   2   2   2   2   2   2   2   North front",
            "   a   b   c   d   e   f   g   h",
            "   0   1   2   2   2   2   2   2   North back",
            "South: 32 seeds (0 in reserve), kuu none, hizi zetu stage",
            "North: 32 seeds (3 in reserve), kuu l, nemo stage",
            "takasia: K",
        ])
    );
    // Bao la Kiswahili names the house nyumba and the stages namua and mtaji.
    let k = bao("bao-la-kiswahili");
    let text = k.draw(&k.start());
    assert!(
        text.ends_with("South: 32 seeds (22 in reserve), nyumba L, namua stage\ntakasia: none\n"),
        "{text}"
    );
}

/// An Omweso position (South has captured 8 seeds), North to move: each row read off the
/// position text by hand, North's outer row from North's right (`h`) and South's inner row from
/// South's left (`P`), the seed counts summed by hand.
#[test]
fn omweso_rows_and_seed_counts() {
    let o = omweso("omweso");
    let pos = o
        .parse_position("1,3,0,3,3,0,3,3,3,3,3,3,3,3,3,3/0,2,2,2,0,2,2,2,2,2,2,0,2,2,2,0 0-0 N")
        .unwrap();
    assert_eq!(
        o.draw(&pos),
        lines(&[
            "   h   g   f   e   d   c   b   a",
            "   2   2   2   0   2   2   2   0   North outer <- to move",
            "   i   j   k   l   m   n   o   p",
            "   2   2   2   0   2   2   2   0   North inner",
            "   P   O   N   M   L   K   J   I",
            "   3   3   3   3   3   3   3   3   South inner",
            "   A   B   C   D   E   F   G   H",
            "   1   3   0   3   3   0   3   3   South outer",
            "North: 24 seeds",
            "South: 40 seeds",
        ])
    );
}

/// `mancala show --flip` draws from North's seat; without it, North is on top.
#[test]
fn show_draws_from_either_seat() {
    let out = mancala(&["show", "kalah(houses=3,seeds=2)", "--moves", "A", "--flip"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    // A: 2 seeds into B and C; North to move.
    let flipped = lines(&[
        "        C  B  A     South",
        "        3  3  0",
        "    0             0",
        "        2  2  2",
        "        a  b  c     North <- to move",
    ]);
    assert!(text.contains(&flipped), "{text}");
    let out = mancala(&["show", "kalah(houses=3,seeds=2)", "--moves", "A"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("        A  B  C     South\n"), "{text}");
}

/// Lela (seed 000's 4 x 7 board, North's store at the left end, South's at the right), North to
/// move, from either seat: from North's, the board turned half a turn (South's rows on top from
/// South's right, South's store now at the left end). Rows read off the position text by hand
/// (holes `A`..`G` outer, `H`..`N` inner; `H` stands behind `G`).
#[test]
fn lela_from_south_and_from_north() {
    let l = lela("lela");
    let pos = l
        .parse_position("9,6,2,1,0,0,0,0,0,0,0,0,0,0/4,0,0,0,0,0,0,5,0,0,0,0,0,7 3-5 N")
        .unwrap();
    let south = lines(&[
        "         g   f   e   d   c   b   a",
        "         0   0   0   0   0   0   4   North outer <- to move",
        "         h   i   j   k   l   m   n",
        "[  5]    5   0   0   0   0   0   7   North inner",
        "         N   M   L   K   J   I   H",
        "         0   0   0   0   0   0   0  [  3]   South inner",
        "         A   B   C   D   E   F   G",
        "         9   6   2   1   0   0   0   South outer",
        "stores: South 3 (right), North 5 (left)",
    ]);
    assert_eq!(l.draw(&pos), south);
    assert_eq!(l.draw_from(&pos, Side::South), south);
    assert_eq!(
        l.draw_from(&pos, Side::North),
        lines(&[
            "         G   F   E   D   C   B   A",
            "         0   0   0   1   2   6   9   South outer",
            "         H   I   J   K   L   M   N",
            "[  3]    0   0   0   0   0   0   0   South inner",
            "         n   m   l   k   j   i   h",
            "         7   0   0   0   0   0   5  [  5]   North inner",
            "         a   b   c   d   e   f   g",
            "         4   0   0   0   0   0   0   North outer <- to move",
            "stores: North 5 (right), South 3 (left)",
        ])
    );
}
