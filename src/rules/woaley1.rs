//! Woaley I, RULES.md §3 (seed 000 "A woaley I.", figures 9-14; seed 001), with the project's
//! decisions of `docs/rule-decisions.md`.
//!
//! A relay game in which **the next player continues the sowing where the last one ended**.
//! `m` houses a side (6), `n` seeds a house (4); stores only collect captures.
//! * **Lift** (§3.1): only a house holding at least 2 seeds may be lifted; singletons are
//!   untouchable.
//! * **Sowing** (§3.2): starts in the lifted house itself: `s` seeds from house `h` go one each
//!   into `h, h+1, ..., h+s-1` (mod `2m`, counter-clockwise, no stores). Seed 000's example:
//!   lifting 4 from South's 5th house leaves 1 there and ends in North's 2nd house.
//! * **Capture** (§3.3): if the last seed makes its house hold 2 or 4, it is taken, then the
//!   house before it (clockwise) while it holds 2 or 4, and so on, on either side of the board,
//!   at most `2m` houses. The seeds go to the mover's store.
//! * **Next turn** (§3.4): after a move that captured nothing and whose last seed made a house
//!   hold 2 or more, the opponent **must** lift exactly that house, on either side (*forced*).
//!   After a capture, or when the last seed fell into an empty house, the opponent chooses freely:
//!   any house of the board holding 2 or more (`free-choice=any`, the default, as the source's
//!   sample game plays), or only their own (`free-choice=own-side`, the source's text). The very
//!   first move is from the mover's own side.
//! * **Pass and end** (§3.5): a player who cannot lift passes (`pass`; only possible when the
//!   free choice is limited to the own side). The game ends when no house holds 2 or more
//!   seeds; seeds left on the board count for nobody, so the value is the store difference.
//!   A repeated position ends the game and each player takes the seeds on their side (§0).
//!
//! Moves name the house lifted by its owner's letter (`A`..`F` South's, `a`..`f` North's), so
//! South may play `c`. Position text carries the state as `;forced=<letter>` or
//! `;choice=own-side` (the start); no field is a free choice. The state lives in board byte
//! [`STATE_BYTE`]: 0 free, `1 + i` forced to the mover-relative house `i`, [`OWN_SIDE`] own side.

use super::spec::{GameOptions, GameSpec, Options, ParseGameError, MAX_HOUSES_WITH_STATE};
use super::two_row::{self, two_row_basics};
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::sowing::SowingTable;
use crate::core::{
    Board, ParsePositionError, PositionText, Side, TwoRowPosition, MOVER_STORE, STATE_BYTE,
};

/// Woaley I's parameters (RULES.md §3, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Woaley1Spec {
    /// Houses per player, `1..=6`.
    pub houses: u8,
    /// Seeds per house at the start.
    pub seeds: u8,
    /// Which houses a free choice may lift (RULES.md §3.4).
    pub free_choice: FreeChoice,
}

/// Which houses a Woaley I player with a free choice may lift (RULES.md §3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreeChoice {
    /// Any house of the board holding 2 or more (the source's sample game).
    Any,
    /// Only the mover's own houses (the source's text).
    OwnSide,
}

const FREE_CHOICES: &[(&str, FreeChoice)] =
    &[("any", FreeChoice::Any), ("own-side", FreeChoice::OwnSide)];

impl GameOptions for Woaley1Spec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        o.name("woaley1");
        Ok(Woaley1Spec {
            houses: o.houses(MAX_HOUSES_WITH_STATE, |w| w.houses)?,
            seeds: o.seeds(|w| w.seeds)?,
            free_choice: o.choice(
                "free-choice",
                |w| w.free_choice,
                FreeChoice::Any,
                FREE_CHOICES,
            )?,
        })
    }
}

/// State byte value: the mover lifts from their own side (the first move).
pub const OWN_SIDE: u32 = 0xff;
/// The move that passes.
pub const PASS: u8 = 0xff;
/// 0xfe in every house byte: non-zero where a house holds 2 or more.
const TWO_OR_MORE: u128 = 0xfefe_fefe_fefe_fefe_fefe_fefe_fefe;

/// The Woaley I rules of one game string.
#[derive(Clone, Debug)]
pub struct Woaley1 {
    spec: GameSpec,
    m: usize,
    free_any: bool,
    table: SowingTable,
}

impl Woaley1 {
    /// The rules of `spec`.
    pub fn new(spec: Woaley1Spec) -> Woaley1 {
        let m = spec.houses as usize;
        let table = SowingTable::new(2 * m, |origin| {
            (0..2 * m).map(|k| (origin + k) % (2 * m)).collect()
        })
        .expect("a Woaley I cycle is never empty");
        Woaley1 {
            m,
            free_any: spec.free_choice == FreeChoice::Any,
            table,
            spec: spec.into(),
        }
    }

    /// Houses (bytes) the mover may lift under the state byte `state`, as a bit set, before the
    /// 2-seed rule.
    #[inline]
    fn allowed(&self, state: u32) -> u32 {
        let m = self.m;
        match state {
            0 if self.free_any => (1 << (2 * m)) - 1,
            0 | OWN_SIDE => (1 << m) - 1,
            f => 1 << (f - 1),
        }
    }

    /// Whether some house of `board` holds 2 or more seeds.
    #[inline]
    fn any_liftable(&self, board: Board) -> bool {
        board.0 & Board::houses_mask(self.m) & TWO_OR_MORE != 0
    }

    /// Plays the lift of house `h` (mover-relative): the position after it, next player to move.
    #[inline]
    fn lift(&self, pos: &TwoRowPosition, h: usize) -> TwoRowPosition {
        let m = self.m;
        let (mut b, last) = self.table.sow_from(pos.board.with(STATE_BYTE, 0), h);
        let mut pit = last;
        let mut taken = 0;
        for _ in 0..2 * m {
            let seeds = b.get(pit);
            if seeds != 2 && seeds != 4 {
                break;
            }
            taken += seeds;
            b = b.with(pit, 0);
            pit = (pit + 2 * m - 1) % (2 * m);
        }
        let next_state = if taken > 0 {
            b = b.with(MOVER_STORE, b.get(MOVER_STORE) + taken);
            0
        } else if b.get(last) >= 2 {
            // The same house seen from the opponent.
            1 + ((last + m) % (2 * m)) as u32
        } else {
            0
        };
        TwoRowPosition {
            board: b.flip(m).with(STATE_BYTE, next_state),
            side: pos.side.opponent(),
        }
    }

    fn pass(&self, pos: &TwoRowPosition) -> TwoRowPosition {
        TwoRowPosition {
            board: pos.board.flip(self.m),
            side: pos.side.opponent(),
        }
    }

    /// The state byte of the start position.
    fn start_state(&self) -> u32 {
        if self.free_any {
            OWN_SIDE
        } else {
            0
        }
    }
}

impl Rules for Woaley1 {
    const EXTRA_TURN: bool = false;
    const CAN_REPEAT: bool = true;
    const EQUAL_GAIN_LAST_FIRST: bool = false;
    type Position = TwoRowPosition;
    type Move = u8;

    two_row_basics!();

    fn start(&self) -> TwoRowPosition {
        let mut p: TwoRowPosition = two_row::start(&self.spec, Side::South);
        p.board = p.board.with(STATE_BYTE, self.start_state());
        p
    }

    #[inline(always)]
    fn board_seeds(&self, pos: &TwoRowPosition) -> u32 {
        pos.board.board_seeds(self.m)
    }

    #[inline]
    fn outcome(&self, pos: &TwoRowPosition) -> Option<Outcome> {
        if self.any_liftable(pos.board) {
            None
        } else {
            Some(Outcome::NOTHING)
        }
    }

    fn repetition_outcome(&self, pos: &TwoRowPosition) -> Outcome {
        two_row::own_sides(pos, self.m)
    }

    fn children(&self, pos: &TwoRowPosition, out: &mut Children<Self>) {
        let mut allowed = self.allowed(pos.board.get(STATE_BYTE));
        let before = out.len();
        while allowed != 0 {
            let h = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            if pos.board.get(h) >= 2 {
                out.push(Child {
                    mv: h as u8,
                    pos: self.lift(pos, h),
                });
            }
        }
        if out.len() == before {
            out.push(Child {
                mv: PASS,
                pos: self.pass(pos),
            });
        }
    }

    #[inline(always)]
    fn value_key(&self, pos: &TwoRowPosition) -> u128 {
        two_row::houses_and_state(pos, self.m)
    }

    fn parse_position(&self, text: &str) -> Result<TwoRowPosition, ParsePositionError> {
        let m = self.m;
        let parts = PositionText::split(text, m)?;
        parts.check_fields(
            &["forced", "choice"],
            "Woaley I positions have `;forced=<house letter>` or `;choice=own-side`",
        )?;
        parts.check_total(0, self.spec.total_seeds())?;
        let mut pos: TwoRowPosition = parts.position();
        let state = match (parts.field("forced"), parts.field("choice")) {
            (Some(_), Some((_, field))) => {
                return Err(ParsePositionError::BadField {
                    field: field.to_string(),
                    expected: "no `choice` field beside `forced`".to_string(),
                })
            }
            (Some((letter, field)), None) => {
                let bad = |why: &str| ParsePositionError::BadField {
                    field: field.to_string(),
                    expected: why.to_string(),
                };
                let h = two_row::parse_board_letter(m, &pos, letter)
                    .map_err(|_| bad("the letter of a house of the board, `A`.. or `a`.."))?;
                if pos.board.get(h) < 2 {
                    return Err(bad(
                        "a house holding at least 2 seeds (only those are lifted)",
                    ));
                }
                1 + h as u32
            }
            (None, Some(("own-side", _))) => self.start_state(),
            (None, Some((_, field))) => {
                return Err(ParsePositionError::BadField {
                    field: field.to_string(),
                    expected: "`choice=own-side`".to_string(),
                })
            }
            (None, None) => 0,
        };
        pos.board = pos.board.with(STATE_BYTE, state);
        Ok(pos)
    }

    fn format_position(&self, pos: &TwoRowPosition) -> String {
        let mut text = pos.to_text(self.m);
        match pos.board.get(STATE_BYTE) {
            0 => {}
            OWN_SIDE => text.push_str(";choice=own-side"),
            f => {
                text.push_str(";forced=");
                text.push(two_row::board_letter(pos, self.m, f as usize - 1));
            }
        }
        text
    }

    fn draw(&self, pos: &TwoRowPosition) -> String {
        self.draw_from(pos, Side::South)
    }

    /// The two-row drawing, then the line `first move: from the own side` at the first move,
    /// or `forced: <house> must be lifted` when the mover must lift that house.
    fn draw_from(&self, pos: &TwoRowPosition, bottom: Side) -> String {
        let mut text = pos.to_ascii_from(self.m, bottom);
        match pos.board.get(STATE_BYTE) {
            0 => {}
            OWN_SIDE => text.push_str("      first move: from the own side\n"),
            f => {
                let letter = two_row::board_letter(pos, self.m, f as usize - 1);
                text.push_str(&format!("      forced: {letter} must be lifted\n"));
            }
        }
        text
    }

    fn parse_move(&self, pos: &TwoRowPosition, text: &str) -> Result<u8, ParseMoveError> {
        let token = text.trim();
        if token == "pass" {
            return Ok(PASS);
        }
        two_row::parse_board_letter(self.m, pos, token)
            .map(|h| h as u8)
            .map_err(|e| match e {
                ParseMoveError::NotAMove { token, .. } => ParseMoveError::NotAMove {
                    token,
                    notation: "moves are the letter of the house lifted, South's `A`.. or \
                               North's `a`.. (either side), or `pass`",
                },
                e => e,
            })
    }

    fn format_move(&self, pos: &TwoRowPosition, mv: u8) -> String {
        if mv == PASS {
            "pass".to_string()
        } else {
            two_row::board_letter(pos, self.m, mv as usize).to_string()
        }
    }

    fn num_actions(&self) -> usize {
        2 * self.m + 1
    }

    /// The mover-relative house lifted, `2m` for `pass`.
    fn action(&self, mv: u8) -> usize {
        if mv == PASS {
            2 * self.m
        } else {
            mv as usize
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![2, self.m + 2]
    }

    /// The state column, mover's row: 0 free, -1 own side, `1 + i` house `i` forced.
    fn observe(&self, pos: &TwoRowPosition, out: &mut [f32]) {
        let state = match pos.board.get(STATE_BYTE) {
            OWN_SIDE => -1.0,
            f => f as f32,
        };
        two_row::observe(pos, self.m, [state, 0.0], out)
    }
}
