//! Adi (southern Ghana), RULES.md §5 (seed 000, the Adi paragraphs of "A mankala változatainak
//! szabályai"), with the project's decisions of `docs/rule-decisions.md`.
//!
//! `m` houses a side (6), `n` seeds a house (4); stores ("treasuries") only collect captures.
//! * **Relay sowing**: a move lifts an own non-empty house and sows counter-clockwise from the
//!   next house, over the `2m` houses (no stores; long laps do not skip the origin). If the last
//!   seed of a lap falls into an occupied house, that house is lifted and sown on; the move ends
//!   when a last seed falls into an empty house.
//! * **Fours**: when the last seed of a lap makes its house hold 4, the mover takes them (either
//!   side) and the move ends. When any other seed makes a house hold 4, the house's **owner**
//!   takes them, even in the other player's move, and the sowing goes on.
//! * **Round end**: before a player moves, if the board holds `round-end` seeds (8) or fewer, or
//!   the player has no legal move, the round ends and the seeds left go to the player who made
//!   the last capture; before any capture, each player takes the seeds on their own side.
//!   The multi-round "house buying" of the source is not built: a game is one round.
//! * **Endless sowing**: a move whose laps return to a state they were in (board, stores, last
//!   capturer and the house about to be lifted) never ends and is not legal ([`relay`]).
//! * A repeated position ends the game; each player takes the seeds on their side (§0).
//!
//! Moves are the mover's house letters. Position text carries the last capturer as
//! `;last-capture=S` or `;last-capture=N`, kept in board byte [`STATE_BYTE`] relative to the
//! mover: 0 nobody, [`MOVER_CAPTURED`], [`OPPONENT_CAPTURED`].

use super::relay::{relay, Lap};
use super::spec::{GameOptions, GameSpec, Options, ParseGameError, MAX_HOUSES_WITH_STATE};
use super::two_row::{self, two_row_basics};
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::{
    Board, ParsePositionError, PositionText, Side, TwoRowPosition, MOVER_STORE, OPPONENT_STORE,
    STATE_BYTE,
};

/// Adi's parameters (RULES.md §5, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdiSpec {
    /// Houses per player, `1..=6`.
    pub houses: u8,
    /// Seeds per house at the start.
    pub seeds: u8,
    /// The round ends when the board holds this many seeds or fewer (RULES.md §5: 8).
    pub round_end: u8,
}

impl GameOptions for AdiSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        o.name("adi");
        Ok(AdiSpec {
            houses: o.houses(MAX_HOUSES_WITH_STATE, |a| a.houses)?,
            seeds: o.seeds(|a| a.seeds)?,
            round_end: o.number("round-end", |a| a.round_end, 8, 0, 255)?,
        })
    }
}

/// State byte value: the mover made the last capture.
pub const MOVER_CAPTURED: u32 = 1;
/// State byte value: the opponent made the last capture.
pub const OPPONENT_CAPTURED: u32 = 2;

/// The Adi rules of one game string.
#[derive(Clone, Debug)]
pub struct Adi {
    spec: GameSpec,
    m: usize,
    round_end: u32,
}

impl Adi {
    /// The rules of `spec`.
    pub fn new(spec: AdiSpec) -> Adi {
        Adi {
            m: spec.houses as usize,
            round_end: spec.round_end as u32,
            spec: spec.into(),
        }
    }

    /// Plays the move from own house `house`; the board after it (mover-relative, not flipped)
    /// or `None` if the sowing never ends.
    fn play(&self, board: Board, house: usize) -> Option<Board> {
        let n = 2 * self.m;
        relay((board, house), |(mut b, origin)| {
            let seeds = b.get(origin);
            b = b.with(origin, 0);
            let mut pit = origin;
            for k in 1..=seeds {
                pit = if pit + 1 == n { 0 } else { pit + 1 };
                let now = b.get(pit) + 1;
                if now != 4 {
                    b = b.with(pit, now);
                    continue;
                }
                // A four: the mover's at the lap's last seed, else the owner's.
                let (store, state) = if k == seeds || pit < self.m {
                    (MOVER_STORE, MOVER_CAPTURED)
                } else {
                    (OPPONENT_STORE, OPPONENT_CAPTURED)
                };
                b = b
                    .with(pit, 0)
                    .with(store, b.get(store) + 4)
                    .with(STATE_BYTE, state);
                if k == seeds {
                    return Lap::End(b);
                }
            }
            if b.get(pit) == 1 {
                Lap::End(b)
            } else {
                Lap::Continue((b, pit))
            }
        })
    }

    /// The position after a move that left `board` (mover-relative).
    #[inline]
    fn next(&self, pos: &TwoRowPosition, board: Board) -> TwoRowPosition {
        let state = match board.get(STATE_BYTE) {
            MOVER_CAPTURED => OPPONENT_CAPTURED,
            OPPONENT_CAPTURED => MOVER_CAPTURED,
            _ => 0,
        };
        TwoRowPosition {
            board: board.flip(self.m).with(STATE_BYTE, state),
            side: pos.side.opponent(),
        }
    }
}

impl Rules for Adi {
    const EXTRA_TURN: bool = false;
    const CAN_REPEAT: bool = true;
    type Position = TwoRowPosition;
    type Move = u8;

    two_row_basics!();

    fn start(&self) -> TwoRowPosition {
        two_row::start(&self.spec, Side::South)
    }

    #[inline(always)]
    fn board_seeds(&self, pos: &TwoRowPosition) -> u32 {
        pos.board.board_seeds(self.m)
    }

    fn outcome(&self, pos: &TwoRowPosition) -> Option<Outcome> {
        let b = pos.board;
        let left = b.board_seeds(self.m);
        let can_move = || (0..self.m).any(|h| b.get(h) > 0 && self.play(b, h).is_some());
        if left > self.round_end && can_move() {
            return None;
        }
        Some(match b.get(STATE_BYTE) {
            MOVER_CAPTURED => Outcome {
                mover: left,
                opponent: 0,
            },
            OPPONENT_CAPTURED => Outcome {
                mover: 0,
                opponent: left,
            },
            _ => self.repetition_outcome(pos),
        })
    }

    fn repetition_outcome(&self, pos: &TwoRowPosition) -> Outcome {
        two_row::own_sides(pos, self.m)
    }

    fn children(&self, pos: &TwoRowPosition, out: &mut Children<Self>) {
        for house in 0..self.m {
            if pos.board.get(house) == 0 {
                continue;
            }
            if let Some(board) = self.play(pos.board, house) {
                out.push(Child {
                    mv: house as u8,
                    pos: self.next(pos, board),
                });
            }
        }
    }

    #[inline(always)]
    fn value_key(&self, pos: &TwoRowPosition) -> u128 {
        two_row::houses_and_state(pos, self.m)
    }

    fn parse_position(&self, text: &str) -> Result<TwoRowPosition, ParsePositionError> {
        let parts = PositionText::split(text, self.m)?;
        parts.check_fields(
            &["last-capture"],
            "Adi positions have `;last-capture=S` or `;last-capture=N`",
        )?;
        parts.check_total(0, self.spec.total_seeds())?;
        let mut pos: TwoRowPosition = parts.position();
        if let Some((value, field)) = parts.field("last-capture") {
            let side = match value {
                "S" => Side::South,
                "N" => Side::North,
                _ => {
                    return Err(ParsePositionError::BadField {
                        field: field.to_string(),
                        expected: "`last-capture=S` or `last-capture=N`".to_string(),
                    })
                }
            };
            let state = if side == pos.side {
                MOVER_CAPTURED
            } else {
                OPPONENT_CAPTURED
            };
            pos.board = pos.board.with(STATE_BYTE, state);
        }
        Ok(pos)
    }

    fn format_position(&self, pos: &TwoRowPosition) -> String {
        let mut text = pos.to_text(self.m);
        if let Some(side) = self.last_capturer(pos) {
            text.push_str(&format!(";last-capture={}", side.letter()));
        }
        text
    }

    fn draw(&self, pos: &TwoRowPosition) -> String {
        self.draw_from(pos, Side::South)
    }

    /// The two-row drawing, then `last capture: <side>` once a player has captured (who takes
    /// the last seeds at the round's end).
    fn draw_from(&self, pos: &TwoRowPosition, bottom: Side) -> String {
        let mut text = pos.to_ascii_from(self.m, bottom);
        if let Some(side) = self.last_capturer(pos) {
            text.push_str(&format!("      last capture: {side}\n"));
        }
        text
    }

    two_row::two_row_house_moves!();

    /// The state column: 1 in the row of the player who made the last capture.
    fn observe(&self, pos: &TwoRowPosition, out: &mut [f32]) {
        let state = match self.last_capturer(pos) {
            Some(side) if side == pos.side => [1.0, 0.0],
            Some(_) => [0.0, 1.0],
            None => [0.0, 0.0],
        };
        two_row::observe(pos, self.m, state, out)
    }
}

impl Adi {
    /// Who made the last capture of the game, if anyone.
    pub fn last_capturer(&self, pos: &TwoRowPosition) -> Option<Side> {
        match pos.board.get(STATE_BYTE) {
            MOVER_CAPTURED => Some(pos.side),
            OPPONENT_CAPTURED => Some(pos.side.opponent()),
            _ => None,
        }
    }
}
