//! Lela (Kuba / Bushongo, Congo), RULES.md §11, with the decisions of
//! `docs/rule-decisions-four-row.md` (section `lela`).
//!
//! **Reference.** Seed 000 (Zaslavsky's account of Torday's visit to the Kuba, in "Négysoros
//! változatok") gives the board (four rows of seven holes and a larger hole at each end), the
//! start (9, 6, 2 and 1 seeds in the first four holes of the row nearest the player, from the
//! left) and the placement (three seeds in hand, put into any three consecutive holes), and no
//! play rules. No standard reference with Lela's play rules was found (Ludii, the StoneShark
//! MancalaGames files, Culin 1894: see the decisions page), so the play is built from the most
//! complete source that describes four-row play, seed 000's own account of it (each player sows
//! around their own two rows counter-clockwise, relays from an occupied hole, and captures the
//! two facing opponent holes from an occupied inner hole when both are occupied). The clauses
//! that are the project's decisions are marked **[project]** on the decisions page.
//!
//! * **Board**: each player owns 14 holes, `A..G` the outer row (nearest the player) from the
//!   owner's left, `H..N` the inner row from the owner's right, indexed `0..14` in sowing order;
//!   own inner hole `i` faces the opponent's inner hole `20 - i` and outer hole `i - 7`. Each
//!   player's store is at their right-hand end; sowing never enters it [project].
//! * **Start** (`start`, `hand`): `A..D` hold 9, 6, 2, 1; `hand` (3) seeds in each hand.
//! * **Placement** [project: as opening moves]: while the mover has seeds in hand, their move is
//!   `X*`: one seed into each of `hand` consecutive own holes from `X` in sowing order. South
//!   places, then North, then South sows.
//! * **Move** `X`: lift an own hole with at least 2 seeds [project], sow counter-clockwise around
//!   the own 14 holes from the next. A last seed into an empty hole ends the move; into an occupied
//!   own inner hole whose two facing opponent holes are both occupied: **capture** them into the
//!   mover's store, and the move ends [project]; into any other occupied hole: relay.
//! * **End** [project]: the player to move has no legal move, or either player has no seeds in
//!   holes and hand; each player adds their own seeds to their store. A repeated position ends
//!   the game the same way (RULES.md §0). Value: the final store difference.
//! * **Endless sowing**: a move that has not ended after [`MAX_LAPS`] laps is not legal.
//!
//! Position text: `<South A..N>/<North a..n> <South store>-<North store> <S|N>[;hand=S-N]`.
//! Moves: `X` (sow) and `X*` (place), stored as `hole | 16` for a placement.

use super::four_row::{self, FourRowPosition, MAX_LAPS};
use super::relay::{relay_within, Lap};
use super::spec::{GameOptions, GameSpec, Options, ParseGameError};
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::{house_letter, ParsePositionError, PositionText, Side};

/// Holes per player.
pub const LELA_HOLES: usize = 14;
/// The first inner hole, `H`; holes `LELA_INNER..LELA_HOLES` are the inner row.
pub const LELA_INNER: usize = 7;
/// Seed 000's start: 9, 6, 2, 1 in `A..D`.
pub const LELA_START: [u8; LELA_HOLES] = [9, 6, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/// Most seeds a player may hold in hand at the start.
pub const MAX_HAND: u8 = 7;
/// Most seeds in a game: the table key packs every seed in one bit.
pub const MAX_TOTAL: u32 = 64;
/// The flag of a placement move.
const PLACE: u8 = 16;
/// Columns of an observation row: 14 holes, store, hand.
pub const OBSERVATION_COLUMNS: usize = LELA_HOLES + 2;

const NOTATION: &str = "a Lela move is an own hole letter (`A`..`N` for South, `a`..`n` for \
                        North; sow that hole), or a letter followed by `*` (place the seeds in \
                        hand from that hole on)";

/// Lela's parameters (RULES.md §11, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LelaSpec {
    /// Seeds in holes `A..N` of each player before the placement (both alike).
    pub start: [u8; LELA_HOLES],
    /// Seeds each player places in consecutive holes (seed 000: 3).
    pub hand: u8,
}

impl GameOptions for LelaSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        o.name("lela");
        let spec = LelaSpec {
            hand: o.number("hand", |s| s.hand, 3, 0, MAX_HAND)?,
            start: four_row::holes_option(
                o,
                |s| s.start,
                LELA_START,
                MAX_TOTAL / 2,
                "seeds in every hole (a number), or 14 counts joined by `.` for holes A..N of \
                 each player",
            )?,
        };
        let per_player = spec.start.iter().map(|&n| n as u32).sum::<u32>() + spec.hand as u32;
        if per_player == 0 || per_player > MAX_TOTAL / 2 {
            return Err(ParseGameError::BadValue {
                key: "start".into(),
                value: format!(
                    "{} in the holes and {} in hand",
                    per_player - spec.hand as u32,
                    spec.hand
                ),
                expected: format!(
                    "1 to {} seeds a player in all, in the holes and in hand",
                    MAX_TOTAL / 2
                ),
            });
        }
        Ok(spec)
    }
}

/// The Lela rules of one game string.
#[derive(Clone, Debug)]
pub struct Lela {
    spec: GameSpec,
    start: [u8; LELA_HOLES],
    hand: u8,
    total: u32,
}

/// One player's holes as the sowing sees them (holes `14`, `15` unused).
type Row = [u8; four_row::HOLES];

/// The opponent's (inner, outer) holes facing own inner hole `h`.
#[inline(always)]
fn facing(h: usize) -> (usize, usize) {
    (20 - h, h - LELA_INNER)
}

/// Sows `own` hole `x` (at least 2 seeds) with relays; the rows after it and the seeds
/// captured, or `None` if the move never ends within [`MAX_LAPS`] laps.
#[inline]
fn sow(mut own: Row, mut opp: Row, x: usize) -> Option<(Row, Row, u8)> {
    let hand = std::mem::take(&mut own[x]);
    let end = relay_within((own, x as u8, hand), MAX_LAPS, |(mut own, from, hand)| {
        let mut h = from as usize;
        for _ in 0..hand {
            h += 1;
            if h == LELA_HOLES {
                h = 0;
            }
            own[h] += 1;
        }
        if own[h] == 1 {
            return Lap::End((own, None));
        }
        if h >= LELA_INNER {
            let (inner, outer) = facing(h);
            if opp[inner] > 0 && opp[outer] > 0 {
                return Lap::End((own, Some((inner, outer))));
            }
        }
        let hand = std::mem::take(&mut own[h]);
        Lap::Continue((own, h as u8, hand))
    })?;
    let (own, capture) = end;
    let captured = match capture {
        Some((inner, outer)) => std::mem::take(&mut opp[inner]) + std::mem::take(&mut opp[outer]),
        None => 0,
    };
    Some((own, opp, captured))
}

impl Lela {
    /// The rules of `spec`.
    pub fn new(spec: LelaSpec) -> Lela {
        Lela {
            start: spec.start,
            hand: spec.hand,
            total: 2 * (spec.start.iter().map(|&n| n as u32).sum::<u32>() + spec.hand as u32),
            spec: spec.into(),
        }
    }

    /// Seeds in the game (42 by default): holes, hands and stores.
    #[inline(always)]
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Seeds `side` holds in play: holes and hand (not the store).
    #[inline(always)]
    fn in_play(pos: &FourRowPosition, side: Side) -> u32 {
        pos.seeds_of(side)
    }

    /// Calls `found` with each legal move of `pos` in order (placements `A*`..`N*`, or sowing
    /// moves `A`..`N`) until it returns `false`. No move when either player has no seeds.
    fn each_child(&self, pos: &FourRowPosition, mut found: impl FnMut(Child<Self>) -> bool) {
        let (me, you) = (pos.side.index(), pos.side.opponent().index());
        if Self::in_play(pos, Side::South) == 0 || Self::in_play(pos, Side::North) == 0 {
            return;
        }
        let hand = pos.reserve[me] as usize;
        if hand > 0 {
            for x in 0..LELA_HOLES {
                let mut next = *pos;
                for k in 0..hand {
                    next.holes[me][(x + k) % LELA_HOLES] += 1;
                }
                next.reserve[me] = 0;
                next.side = pos.side.opponent();
                if !found(Child {
                    mv: x as u8 | PLACE,
                    pos: next,
                }) {
                    return;
                }
            }
            return;
        }
        for x in 0..LELA_HOLES {
            if pos.holes[me][x] < 2 {
                continue;
            }
            if let Some((own, opp, captured)) = sow(pos.holes[me], pos.holes[you], x) {
                let mut next = *pos;
                next.holes[me] = own;
                next.holes[you] = opp;
                next.stores[me] += captured;
                next.side = pos.side.opponent();
                if !found(Child {
                    mv: x as u8,
                    pos: next,
                }) {
                    return;
                }
            }
        }
    }

    /// Each player adds the seeds in their own holes and hand to their store.
    fn sweep(pos: &FourRowPosition) -> Outcome {
        Outcome {
            mover: Self::in_play(pos, pos.side),
            opponent: Self::in_play(pos, pos.side.opponent()),
        }
    }
}

impl Rules for Lela {
    const EXTRA_TURN: bool = false;
    const CAN_REPEAT: bool = true;
    const EQUAL_GAIN_LAST_FIRST: bool = false;
    type Position = FourRowPosition;
    type Move = u8;

    fn spec(&self) -> &GameSpec {
        &self.spec
    }

    fn start(&self) -> FourRowPosition {
        let mut row = [0u8; four_row::HOLES];
        row[..LELA_HOLES].copy_from_slice(&self.start);
        let mut pos = FourRowPosition::new([row; 2], Side::South);
        pos.reserve = [self.hand; 2];
        pos
    }

    fn side_to_move(&self, pos: &FourRowPosition) -> Side {
        pos.side
    }

    /// Over when the mover has no legal move or either player has no seeds in play; each
    /// player then takes their own seeds.
    fn outcome(&self, pos: &FourRowPosition) -> Option<Outcome> {
        let mut any = false;
        self.each_child(pos, |_| {
            any = true;
            false
        });
        (!any).then(|| Self::sweep(pos))
    }

    /// Each player takes their own seeds (RULES.md §0).
    fn repetition_outcome(&self, pos: &FourRowPosition) -> Outcome {
        Self::sweep(pos)
    }

    fn children(&self, pos: &FourRowPosition, out: &mut Children<Self>) {
        self.each_child(pos, |c| {
            out.push(c);
            true
        });
    }

    #[inline(always)]
    fn store_difference(&self, pos: &FourRowPosition) -> i32 {
        pos.stores[pos.side.index()] as i32 - pos.stores[pos.side.opponent().index()] as i32
    }

    /// The final store difference if the game ended here: stores plus the seeds in play.
    #[inline(always)]
    fn evaluate(&self, pos: &FourRowPosition) -> i32 {
        self.store_difference(pos) + pos.material()
    }

    /// Seeds in holes and hands.
    #[inline(always)]
    fn board_seeds(&self, pos: &FourRowPosition) -> u32 {
        pos.total()
    }

    /// The holes and hands, side to move (the rest of the game does not depend on the stores):
    /// holes in unary (at most 64 + 28 bits), hands and side above bit 96.
    #[inline(always)]
    fn value_key(&self, pos: &FourRowPosition) -> u128 {
        let mut key = 0u128;
        for row in &pos.holes {
            for &n in &row[..LELA_HOLES] {
                key = (key << (n as u32 + 1)) | (((1u128 << n) - 1) << 1);
            }
        }
        let state = pos.reserve[0] as u128
            | (pos.reserve[1] as u128) << 3
            | (pos.side.index() as u128) << 6;
        key | state << 96
    }

    fn parse_position(&self, text: &str) -> Result<FourRowPosition, ParsePositionError> {
        let parts = PositionText::split(text, LELA_HOLES)?;
        parts.check_fields(&["hand"], "Lela positions have `;hand=<South>-<North>`")?;
        let mut pos = four_row::holes_of(&parts, LELA_HOLES)?;
        for (k, &n) in parts.stores.iter().enumerate() {
            if n > MAX_TOTAL {
                return Err(ParsePositionError::Number {
                    token: n.to_string(),
                    place: format!("{}'s store", [Side::South, Side::North][k]),
                    max: MAX_TOTAL,
                });
            }
            pos.stores[k] = n as u8;
        }
        if let Some((value, field)) = parts.field("hand") {
            let bad = || ParsePositionError::BadField {
                field: field.to_string(),
                expected: format!(
                    "the seeds in each hand, `hand=<South>-<North>`, each from 0 to {MAX_HAND}"
                ),
            };
            let count = |t: &str| {
                Some(t)
                    .filter(|t| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()))
                    .and_then(|t| t.parse::<u8>().ok())
                    .filter(|&n| n <= MAX_HAND)
            };
            let (s, n) = value.split_once('-').ok_or_else(bad)?;
            pos.reserve = [count(s).ok_or_else(bad)?, count(n).ok_or_else(bad)?];
        }
        let found = pos.total() + pos.stores[0] as u32 + pos.stores[1] as u32;
        if found != self.total {
            return Err(ParsePositionError::SeedTotal {
                found,
                expected: self.total,
            });
        }
        Ok(pos)
    }

    fn format_position(&self, pos: &FourRowPosition) -> String {
        let row = |r: &Row| {
            r[..LELA_HOLES]
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut text = format!(
            "{}/{} {}-{} {}",
            row(&pos.holes[0]),
            row(&pos.holes[1]),
            pos.stores[0],
            pos.stores[1],
            pos.side.letter()
        );
        if pos.reserve != [0, 0] {
            text += &format!(";hand={}-{}", pos.reserve[0], pos.reserve[1]);
        }
        text
    }

    /// [`Rules::draw_from`] with South at the bottom.
    fn draw(&self, pos: &FourRowPosition) -> String {
        self.draw_from(pos, Side::South)
    }

    /// The board as `bottom` sees it from their seat, turned half a turn for North: the top
    /// player's outer row from their right and inner row, then the bottom player's inner row
    /// and outer row from their left (South at the bottom: `g` .. `a`, `h` .. `n`, `N` .. `H`,
    /// `A` .. `G`), each hole under its letter, ` <- to move` after the mover's outer row; the
    /// top player's store at the left end (on their inner row's line), the bottom player's at
    /// the right end; then a line naming the stores' places and the hands when seeds remain.
    /// The start, South at the bottom:
    ///
    /// ```text
    ///          g   f   e   d   c   b   a
    ///          0   0   0   1   2   6   9   North outer
    ///          h   i   j   k   l   m   n
    /// [  0]    0   0   0   0   0   0   0   North inner
    ///          N   M   L   K   J   I   H
    ///          0   0   0   0   0   0   0  [  0]   South inner
    ///          A   B   C   D   E   F   G
    ///          9   6   2   1   0   0   0   South outer <- to move
    /// stores: South 0 (right), North 0 (left); in hand: South 3, North 3
    /// ```
    fn draw_from(&self, pos: &FourRowPosition, bottom: Side) -> String {
        let top = bottom.opponent();
        let rows: [(Side, Vec<usize>, &str); 4] = [
            (top, (0..LELA_INNER).rev().collect(), "outer"),
            (top, (LELA_INNER..LELA_HOLES).collect(), "inner"),
            (bottom, (LELA_INNER..LELA_HOLES).rev().collect(), "inner"),
            (bottom, (0..LELA_INNER).collect(), "outer"),
        ];
        let mut out = String::new();
        for (k, (side, holes, row)) in rows.iter().enumerate() {
            let letters: String = holes
                .iter()
                .map(|&i| format!("{:>4}", house_letter(*side, i)))
                .collect();
            let counts: String = holes
                .iter()
                .map(|&i| format!("{:>4}", pos.holes[side.index()][i]))
                .collect();
            out.push_str(&format!("      {letters}\n"));
            let (left, right) = match k {
                1 => (format!("[{:>3}]", pos.stores[top.index()]), String::new()),
                2 => (
                    String::from("     "),
                    format!("  [{:>3}]", pos.stores[bottom.index()]),
                ),
                _ => (String::from("     "), String::new()),
            };
            let to_move = if *side == pos.side && *row == "outer" {
                " <- to move"
            } else {
                ""
            };
            out.push_str(&format!("{left} {counts}{right}   {side} {row}{to_move}\n"));
        }
        out.push_str(&format!(
            "stores: {bottom} {} (right), {top} {} (left)",
            pos.stores[bottom.index()],
            pos.stores[top.index()]
        ));
        if pos.reserve != [0, 0] {
            out.push_str(&format!(
                "; in hand: South {}, North {}",
                pos.reserve[0], pos.reserve[1]
            ));
        }
        out.push('\n');
        out
    }

    fn parse_move(&self, pos: &FourRowPosition, text: &str) -> Result<u8, ParseMoveError> {
        let token = text.trim();
        let (hole, rest) = four_row::parse_own_hole(pos, token, NOTATION, LELA_HOLES)?;
        match rest {
            "" => Ok(hole as u8),
            "*" => Ok(hole as u8 | PLACE),
            _ => Err(ParseMoveError::NotAMove {
                token: token.to_string(),
                notation: NOTATION,
            }),
        }
    }

    fn format_move(&self, pos: &FourRowPosition, mv: u8) -> String {
        let letter = house_letter(pos.side, (mv & 15) as usize);
        if mv & PLACE != 0 {
            format!("{letter}*")
        } else {
            letter.to_string()
        }
    }

    fn final_stores(&self, pos: &FourRowPosition, outcome: Outcome) -> [u32; 2] {
        let [south, north] = four_row::final_stores(pos, outcome);
        [pos.stores[0] as u32 + south, pos.stores[1] as u32 + north]
    }

    fn num_actions(&self) -> usize {
        2 * LELA_HOLES
    }

    /// Sowing hole `h`: `h`; placing from hole `h`: `14 + h`.
    fn action(&self, mv: u8) -> usize {
        let hole = (mv & 15) as usize;
        if mv & PLACE != 0 {
            LELA_HOLES + hole
        } else {
            hole
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![2, OBSERVATION_COLUMNS]
    }

    /// Per player, the mover first: holes `A`..`N`, store, seeds in hand.
    fn observe(&self, pos: &FourRowPosition, out: &mut [f32]) {
        for (row, side) in [pos.side, pos.side.opponent()].into_iter().enumerate() {
            let k = side.index();
            let cells = &mut out[row * OBSERVATION_COLUMNS..(row + 1) * OBSERVATION_COLUMNS];
            for (cell, &seeds) in cells.iter_mut().zip(&pos.holes[k][..LELA_HOLES]) {
                *cell = seeds as f32;
            }
            cells[LELA_HOLES] = pos.stores[k] as f32;
            cells[LELA_HOLES + 1] = pos.reserve[k] as f32;
        }
    }
}
