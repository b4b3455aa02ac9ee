//! What the four-row games (Omweso, Bao la Kete, Bao la Kiswahili; RULES.md §9-§10) share: the
//! position, its text, its drawing and its table key. The rules are in [`super::omweso`] and
//! [`super::bao`]; the decisions on points the sources leave open are in
//! `docs/rule-decisions-four-row.md`. Lela ([`super::lela`], §11) uses the same position with 14
//! holes a player and its two stores, and has its own text, drawing and key.
//!
//! Each player owns 16 holes, indexed `0..16` in the owner's sowing order (counter-clockwise as
//! the owner sees the board) and lettered `A..P` (South) or `a..p` (North): `0..8` = `A..H` is
//! the **outer** row (Bao: **back** row) from the owner's left to right, `8..16` = `I..P` the
//! **inner** row (Bao: **front** row) from the owner's right to left. Columns count `1..=8` from
//! the owner's left (outer hole `i` is in column `i + 1`, inner hole `i` in column `16 - i`), and
//! column `c` faces the opponent's column `9 - c`: inner hole `i` faces the opponent's inner hole
//! `23 - i` and outer hole `i - 8` (seed 000's example: North's `k` faces South's `C` and `N`).
//!
//! Position text (RULES.md §12): `<South holes 0..16>/<North holes 0..16> 0-0 <S|N>` and the
//! game's `;key=value` fields. There are no stores; every seed stays in play.

use super::spec::{Options, ParseGameError};
use super::{Outcome, ParseMoveError};
use crate::core::keyvalue::number;
use crate::core::{house_letter, parse_house_letter, ParsePositionError, PositionText, Side};

/// Holes per player.
pub const HOLES: usize = 16;
/// The first inner (Bao: front) hole, `I`; holes `INNER..HOLES` are the inner row.
pub const INNER: usize = 8;
/// Columns of a four-row observation row: 16 holes, reserve, kuu, takasia mark.
pub const OBSERVATION_COLUMNS: usize = HOLES + 3;
/// Most seeds a four-row game may hold: the table key packs every seed in one bit.
pub const MAX_TOTAL: u32 = 64;
/// No takasia mark.
pub const NO_MARK: u8 = 0xff;
/// Laps after which a move that has not ended counts as endless (not legal): see
/// `docs/rule-decisions-four-row.md`. In 200 random Omweso games (53,684 moves) no move that
/// ended took more than 206 laps, and 2 had not ended after 200,000.
pub const MAX_LAPS: u64 = 1000;

/// The `start` key of the four-row games (RULES.md §9, §10, §12): seeds in holes `A..P` of each
/// player, one count for every hole or 16 counts joined by `.`; 32 seeds a player at most.
pub(crate) fn start_option<S>(
    o: &mut Options<S>,
    get: fn(&S) -> [u8; HOLES],
    default: [u8; HOLES],
) -> Result<[u8; HOLES], ParseGameError> {
    holes_option(
        o,
        get,
        default,
        32,
        "seeds in every hole (a number), or 16 counts joined by `.` for holes A..P of each \
         player, 32 seeds a player at most",
    )
}

/// A `start` key of `N` holes a player (Lela: 14): one count for every hole or `N` counts
/// joined by `.`, at most `max` seeds a player; `expected` says so in words.
pub(crate) fn holes_option<S, const N: usize>(
    o: &mut Options<S>,
    get: fn(&S) -> [u8; N],
    default: [u8; N],
    max: u32,
    expected: &str,
) -> Result<[u8; N], ParseGameError> {
    o.option(
        "start",
        get,
        default,
        |v| parse_start(v, max),
        start_text,
        expected,
    )
}

/// A `start` value: one count for every hole, or `N` counts joined by `.`; `max` seeds at most.
fn parse_start<const N: usize>(v: &str, max: u32) -> Option<[u8; N]> {
    let counts: Vec<u8> = v
        .split('.')
        .map(|c| number(c, 0, 255).map(|n| n as u8))
        .collect::<Option<_>>()?;
    let start: [u8; N] = match counts.len() {
        1 => [counts[0]; N],
        n if n == N => counts.try_into().expect("N counts"),
        _ => return None,
    };
    Some(start).filter(|s| s.iter().map(|&n| n as u32).sum::<u32>() <= max)
}

/// A `start` value as written: one number if every hole is alike, else `N` joined by `.`.
fn start_text<const N: usize>(start: &[u8; N]) -> String {
    if start.iter().all(|&n| n == start[0]) {
        start[0].to_string()
    } else {
        let counts: Vec<String> = start.iter().map(|n| n.to_string()).collect();
        counts.join(".")
    }
}

/// A four-row position: both players' holes, the side to move, the Bao state and the Lela
/// stores.
///
/// Packed one byte a hole (two 16-byte rows, as wide as two `u128`), 42 bytes in all; `Copy`.
/// Lela ([`super::lela`]) uses holes `0..14` of each row (the others stay 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FourRowPosition {
    /// Seeds in each hole, `[South, North]`, each row in its owner's sowing order.
    pub holes: [[u8; HOLES]; 2],
    /// The player to move.
    pub side: Side,
    /// Seeds in each player's reserve, `[South, North]` (Bao; 0 in Omweso).
    pub reserve: [u8; 2],
    /// Whether each player still owns their kuu / nyumba (Bao; false in Omweso).
    pub kuu: [bool; 2],
    /// The takasia-marked hole of each player, or [`NO_MARK`] (Bao la Kete / Kiswahili).
    pub takasia: [u8; 2],
    /// Seeds in each player's store, `[South, North]` (Lela; 0 in Omweso and Bao, which have
    /// no stores). Not in [`FourRowPosition::key`], [`FourRowPosition::seeds_of`] nor
    /// [`FourRowPosition::total`].
    pub stores: [u8; 2],
}

impl FourRowPosition {
    /// A position with these holes, `side` to move, and no reserves, kuu, marks or stores.
    pub fn new(holes: [[u8; HOLES]; 2], side: Side) -> FourRowPosition {
        FourRowPosition {
            holes,
            side,
            reserve: [0, 0],
            kuu: [false, false],
            takasia: [NO_MARK, NO_MARK],
            stores: [0, 0],
        }
    }

    /// Seeds a player holds: in their 16 holes and their reserve.
    #[inline]
    pub fn seeds_of(&self, side: Side) -> u32 {
        self.holes[side.index()]
            .iter()
            .map(|&n| n as u32)
            .sum::<u32>()
            + self.reserve[side.index()] as u32
    }

    /// Seeds in play: both players' holes and reserves.
    #[inline]
    pub fn total(&self) -> u32 {
        self.seeds_of(Side::South) + self.seeds_of(Side::North)
    }

    /// Each player takes their own seeds (RULES.md §0, the repetition rule).
    pub fn own_sides(&self) -> Outcome {
        Outcome {
            mover: self.seeds_of(self.side),
            opponent: self.seeds_of(self.side.opponent()),
        }
    }

    /// Material: the mover's seeds (holes and reserve) minus the opponent's.
    #[inline]
    pub fn material(&self) -> i32 {
        self.seeds_of(self.side) as i32 - self.seeds_of(self.side.opponent()) as i32
    }

    /// A lossless table key: the 32 holes in unary (each hole's seeds as one bits, closed by a
    /// zero bit: `seeds + 32` bits, at most 96), then the reserves (5 bits each), kuu flags,
    /// takasia marks (5 bits each, 0 for none) and the side to move: at most 119 bits.
    #[inline]
    pub fn key(&self) -> u128 {
        let mut key = 0u128;
        for row in &self.holes {
            for &n in row {
                key = (key << (n as u32 + 1)) | (((1u128 << n) - 1) << 1);
            }
        }
        let mark = |m: u8| if m == NO_MARK { 0 } else { m as u128 + 1 };
        let state = (self.reserve[0] as u128)
            | (self.reserve[1] as u128) << 5
            | (self.kuu[0] as u128) << 10
            | (self.kuu[1] as u128) << 11
            | mark(self.takasia[0]) << 12
            | mark(self.takasia[1]) << 17
            | (self.side.index() as u128) << 22;
        key | state << 96
    }

    /// `<South holes>/<North holes> 0-0 <S|N>`, without fields.
    pub fn holes_text(&self) -> String {
        let row = |r: &[u8; HOLES]| {
            r.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}/{} 0-0 {}",
            row(&self.holes[0]),
            row(&self.holes[1]),
            self.side.letter()
        )
    }

    /// The observation ([`Rules::observation_shape`](super::Rules::observation_shape)): per
    /// player, the mover first, [`OBSERVATION_COLUMNS`] columns: holes `A`..`P`, reserve, kuu
    /// owned (1 or 0), `1 + h` for a takasia-marked hole `h` (0 none).
    pub fn observe(&self, out: &mut [f32]) {
        for (row, side) in [self.side, self.side.opponent()].into_iter().enumerate() {
            let k = side.index();
            let cells = &mut out[row * OBSERVATION_COLUMNS..(row + 1) * OBSERVATION_COLUMNS];
            for (cell, &seeds) in cells.iter_mut().zip(&self.holes[k]) {
                *cell = seeds as f32;
            }
            cells[HOLES] = self.reserve[k] as f32;
            cells[HOLES + 1] = if self.kuu[k] { 1.0 } else { 0.0 };
            cells[HOLES + 2] = match self.takasia[k] {
                NO_MARK => 0.0,
                h => h as f32 + 1.0,
            };
        }
    }

    /// The board in ASCII as the player `bottom` sees it from their seat: the opponent's outer
    /// (Bao: back) row on top from the opponent's right to left (South at the bottom: `h` ..
    /// `a`), their inner (front) row (`i` .. `p`), `bottom`'s inner row (`P` .. `I`) and outer
    /// row (`A` .. `H`), so that each hole stands in its column; every row is a line of hole
    /// letters and a line of seed counts (4 characters a hole) followed by the row's name,
    /// `<side> <names[0]>` for the outer row and `<side> <names[1]>` for the inner row, and
    /// ` <- to move` after the mover's outer row. `mark(side, hole)` may put a letter in
    /// brackets (Bao's kuu). Then one line a player, the top player first:
    /// `<side>: <n> seeds` (holes and reserve). The start of Omweso, South to move:
    ///
    /// ```text
    ///    h   g   f   e   d   c   b   a
    ///    2   2   2   2   2   2   2   2   North outer
    ///    i   j   k   l   m   n   o   p
    ///    2   2   2   2   2   2   2   2   North inner
    ///    P   O   N   M   L   K   J   I
    ///    2   2   2   2   2   2   2   2   South inner
    ///    A   B   C   D   E   F   G   H
    ///    2   2   2   2   2   2   2   2   South outer <- to move
    /// North: 32 seeds
    /// South: 32 seeds
    /// ```
    pub fn draw_from(
        &self,
        bottom: Side,
        names: [&str; 2],
        mark: &dyn Fn(Side, usize) -> bool,
    ) -> String {
        let mut out = self.draw_rows(bottom, names, mark);
        for side in [bottom.opponent(), bottom] {
            out.push_str(&format!("{side}: {} seeds\n", self.seeds_of(side)));
        }
        out
    }

    /// [`FourRowPosition::draw_from`] with South at the bottom and rows named `outer` and
    /// `inner`, nothing marked: the drawing of a four-row game without further state.
    pub fn draw(&self) -> String {
        self.draw_from(Side::South, ["outer", "inner"], &|_, _| false)
    }

    /// The eight lines of rows of [`FourRowPosition::draw_from`], without the seed counts.
    pub fn draw_rows(
        &self,
        bottom: Side,
        names: [&str; 2],
        mark: &dyn Fn(Side, usize) -> bool,
    ) -> String {
        let top = bottom.opponent();
        let top_outer: Vec<usize> = (0..INNER).rev().collect();
        let top_inner: Vec<usize> = (INNER..HOLES).collect();
        let bottom_inner: Vec<usize> = (INNER..HOLES).rev().collect();
        let bottom_outer: Vec<usize> = (0..INNER).collect();
        let mut out = String::new();
        for (side, holes, name) in [
            (top, &top_outer, names[0]),
            (top, &top_inner, names[1]),
            (bottom, &bottom_inner, names[1]),
            (bottom, &bottom_outer, names[0]),
        ] {
            let letters: String = holes
                .iter()
                .map(|&i| {
                    let letter = house_letter(side, i);
                    if mark(side, i) {
                        format!(" [{letter}]")
                    } else {
                        format!("{letter:>4}")
                    }
                })
                .collect();
            let counts: String = holes
                .iter()
                .map(|&i| format!("{:>4}", self.holes[side.index()][i]))
                .collect();
            let to_move = if side == self.side && name == names[0] {
                " <- to move"
            } else {
                ""
            };
            out.push_str(&format!("{letters}\n{counts}   {side} {name}{to_move}\n"));
        }
        out
    }
}

/// Parses the holes, side and fields of four-row position text; the game reads the fields.
///
/// # Errors
/// [`ParsePositionError`] naming the bad token; the stores must be `0-0` (there are none).
pub fn split(text: &str) -> Result<(FourRowPosition, PositionText<'_>), ParsePositionError> {
    let parts = PositionText::split(text, HOLES)?;
    if parts.stores != [0, 0] {
        return Err(ParsePositionError::BadField {
            field: format!("{}-{}", parts.stores[0], parts.stores[1]),
            expected: "`0-0`: four-row games have no stores".to_string(),
        });
    }
    Ok((holes_of(&parts, HOLES)?, parts))
}

/// The position of split position text `parts` of `holes` holes a player (its holes and side;
/// stores and fields not applied): each count at most [`MAX_TOTAL`].
pub fn holes_of(
    parts: &PositionText<'_>,
    holes: usize,
) -> Result<FourRowPosition, ParsePositionError> {
    let mut rows = [[0u8; HOLES]; 2];
    for (i, &n) in parts.houses.iter().enumerate() {
        if n > MAX_TOTAL {
            return Err(ParsePositionError::Number {
                token: n.to_string(),
                place: format!("{}'s holes", [Side::South, Side::North][i / holes]),
                max: MAX_TOTAL,
            });
        }
        rows[i / holes][i % holes] = n as u8;
    }
    Ok(FourRowPosition::new(rows, parts.side))
}

/// Checks that `pos` holds the game's `total` seeds.
pub fn check_total(pos: &FourRowPosition, total: u32) -> Result<(), ParsePositionError> {
    if pos.total() != total {
        return Err(ParsePositionError::SeedTotal {
            found: pos.total(),
            expected: total,
        });
    }
    Ok(())
}

/// Final seeds `[South, North]` of a game over at `pos` with `outcome`.
pub fn final_stores(pos: &FourRowPosition, outcome: Outcome) -> [u32; 2] {
    match pos.side {
        Side::South => [outcome.mover, outcome.opponent],
        Side::North => [outcome.opponent, outcome.mover],
    }
}

/// The mover's hole that a move token starts with (its first character), and the rest.
pub fn parse_hole<'t>(
    pos: &FourRowPosition,
    token: &'t str,
    notation: &'static str,
) -> Result<(usize, &'t str), ParseMoveError> {
    parse_own_hole(pos, token, notation, HOLES)
}

/// [`parse_hole`] on a board of `holes` holes a player (Lela: 14).
pub fn parse_own_hole<'t>(
    pos: &FourRowPosition,
    token: &'t str,
    notation: &'static str,
    holes: usize,
) -> Result<(usize, &'t str), ParseMoveError> {
    let not_a_move = || ParseMoveError::NotAMove {
        token: token.to_string(),
        notation,
    };
    let first = token.chars().next().ok_or_else(not_a_move)?;
    let (owner, hole) = parse_house_letter(first).ok_or_else(not_a_move)?;
    if hole >= holes {
        return Err(ParseMoveError::NoSuchHouse {
            token: token.to_string(),
            houses: holes,
        });
    }
    if owner != pos.side {
        return Err(ParseMoveError::WrongSide {
            token: token.to_string(),
            owner,
            to_move: pos.side,
        });
    }
    Ok((hole, &token[first.len_utf8()..]))
}

/// The [`Rules`](super::Rules) items both four-row game families share: no extra turns,
/// positions that can repeat, [`FourRowPosition`], one-byte moves, no stores, material as the
/// evaluation, and (unless called as `four_row_basics!(own_drawing)`) the drawing of
/// [`FourRowPosition::draw_from`] with rows named `outer` and `inner`. Expects a field
/// `spec: GameSpec` and a method `total(&self) -> u32`.
macro_rules! four_row_basics {
    () => {
        $crate::rules::four_row::four_row_basics!(own_drawing);

        fn draw(&self, pos: &FourRowPosition) -> String {
            pos.draw()
        }

        fn draw_from(&self, pos: &FourRowPosition, bottom: Side) -> String {
            pos.draw_from(bottom, ["outer", "inner"], &|_, _| false)
        }
    };
    (own_drawing) => {
        const EXTRA_TURN: bool = false;
        const CAN_REPEAT: bool = true;
        const EQUAL_GAIN_LAST_FIRST: bool = false;
        type Position = FourRowPosition;
        type Move = u8;

        fn spec(&self) -> &GameSpec {
            &self.spec
        }

        fn side_to_move(&self, pos: &FourRowPosition) -> Side {
            pos.side
        }

        /// No stores: 0.
        #[inline(always)]
        fn store_difference(&self, _pos: &FourRowPosition) -> i32 {
            0
        }

        /// Every seed in play (holes and reserves): the most a player can win.
        #[inline(always)]
        fn board_seeds(&self, _pos: &FourRowPosition) -> u32 {
            self.total()
        }

        /// Material, the seeds the mover holds minus the opponent's (holes and reserves).
        #[inline(always)]
        fn evaluate(&self, pos: &FourRowPosition) -> i32 {
            pos.material()
        }

        /// Each player takes their own seeds.
        fn repetition_outcome(&self, pos: &FourRowPosition) -> Outcome {
            pos.own_sides()
        }

        #[inline(always)]
        fn value_key(&self, pos: &FourRowPosition) -> u128 {
            pos.key()
        }

        fn final_stores(&self, pos: &FourRowPosition, outcome: Outcome) -> [u32; 2] {
            $crate::rules::four_row::final_stores(pos, outcome)
        }

        fn observation_shape(&self) -> Vec<usize> {
            vec![2, $crate::rules::four_row::OBSERVATION_COLUMNS]
        }

        fn observe(&self, pos: &FourRowPosition, out: &mut [f32]) {
            pos.observe(out)
        }
    };
}
pub(crate) use four_row_basics;

/// The mover lost: the winner takes all `total` seeds.
pub fn lost(total: u32) -> Outcome {
    Outcome {
        mover: 0,
        opponent: total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_apart_positions_that_differ_in_one_seed_or_state() {
        let mut a = FourRowPosition::new([[2; HOLES]; 2], Side::South);
        let mut b = a;
        b.holes[0][0] = 1;
        b.holes[0][1] = 3;
        assert_ne!(a.key(), b.key());
        b = a;
        b.side = Side::North;
        assert_ne!(a.key(), b.key());
        b = a;
        b.takasia[1] = 0;
        assert_ne!(a.key(), b.key());
        a.holes[1][15] = 0;
        a.reserve[1] = 2;
        b = a;
        b.reserve = [2, 0];
        assert_ne!(a.key(), b.key());
    }
}
