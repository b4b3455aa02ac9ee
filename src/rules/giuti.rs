//! Giuti (Kikuyu), RULES.md §6 (seed 000, the Giuti paragraph of "A mankala változatainak
//! szabályai"), with the project's decisions of `docs/rule-decisions.md`.
//!
//! `m` houses a side (6), `n` seeds a house (4; the source plays 4 to 9); the stores ("sheds")
//! only collect captures. This is the simpler game of the source (or the first part of the
//! full game); the "rich man / poor man" second part is not built.
//! * **Direction choice**: a move lifts an own non-empty house and sows it either way, one seed
//!   a house from the neighbour on: `A+` counter-clockwise (towards `B`), `A-` clockwise
//!   (towards North's last house). Both are always separate moves.
//! * **Alternating relay**: if the last seed of a lap falls into an occupied house, that house is
//!   lifted and sown in the **opposite** direction; the move ends when a last seed falls into an
//!   empty house. Laps run over the `2m` houses and do not skip their origin.
//! * **Capture**: if the final house is on the mover's side and some seed of the move fell on the
//!   opponent's side, the mover takes the opponent's house opposite the final house, and the
//!   houses opposite each following own house, in the final lap's direction, that is empty, up to
//!   the first non-empty house or the end of the row. Otherwise the turn simply passes.
//! * **End**: a player with no legal move (no seeds on their side) ends the game; seeds on the
//!   board count for nobody ("most seeds captured wins"), so the value is the store difference.
//!   A repeated position ends the game and each player takes the seeds on their side (§0).
//! * **Endless sowing**: a move whose laps return to a state they were in (board, the house
//!   about to be lifted, its direction, whether the opponent's side was reached) never ends and
//!   is not legal ([`relay`]).
//!
//! A move is stored as `house | direction << 3` with direction 0 for `+`, 1 for `-`.

use super::relay::{relay, Lap};
use super::spec::{GameOptions, GameSpec, Options, ParseGameError};
use super::two_row::{self, two_row_plain};
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::{Board, ParsePositionError, Side, TwoRowPosition, MAX_HOUSES, MOVER_STORE};

/// Giuti's parameters (RULES.md §6, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GiutiSpec {
    /// Houses per player, `1..=7`.
    pub houses: u8,
    /// Seeds per house at the start (the source: 4 to 9).
    pub seeds: u8,
}

impl GameOptions for GiutiSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        o.name("giuti");
        Ok(GiutiSpec {
            houses: o.houses(MAX_HOUSES as u8, |g| g.houses)?,
            seeds: o.seeds(|g| g.seeds)?,
        })
    }
}

/// Bit of a move that marks the clockwise direction (`-`).
pub const CLOCKWISE: u8 = 1 << 3;

/// The Giuti rules of one game string.
#[derive(Clone, Debug)]
pub struct Giuti {
    spec: GameSpec,
    m: usize,
}

impl Giuti {
    /// The rules of `spec`.
    pub fn new(spec: GiutiSpec) -> Giuti {
        Giuti {
            m: spec.houses as usize,
            spec: spec.into(),
        }
    }

    /// Plays move `mv`; the board after it (mover-relative, not flipped) or `None` if the
    /// sowing never ends.
    fn play(&self, board: Board, mv: u8) -> Option<Board> {
        let (m, n) = (self.m, 2 * self.m);
        let house = (mv & !CLOCKWISE) as usize;
        // A step of +1 or -1 around the ring of 2m houses, as an addend mod n.
        let step = |clockwise: bool| if clockwise { n - 1 } else { 1 };
        let start = (board, house, mv & CLOCKWISE != 0, false);
        let (mut b, last, clockwise, touched) =
            relay(start, |(mut b, origin, clockwise, mut touched)| {
                let seeds = b.get(origin);
                b = b.with(origin, 0);
                let d = step(clockwise);
                let mut pit = origin;
                for _ in 0..seeds {
                    pit = (pit + d) % n;
                    b = b.with(pit, b.get(pit) + 1);
                    touched |= pit >= m;
                }
                if b.get(pit) == 1 {
                    Lap::End((b, pit, clockwise, touched))
                } else {
                    Lap::Continue((b, pit, !clockwise, touched))
                }
            })?;
        if last < m && touched {
            let mut taken = 0;
            let mut pit = last;
            loop {
                let opposite = n - 1 - pit;
                taken += b.get(opposite);
                b = b.with(opposite, 0);
                let next = if clockwise {
                    pit.wrapping_sub(1)
                } else {
                    pit + 1
                };
                if next >= m || b.get(next) != 0 {
                    break;
                }
                pit = next;
            }
            b = b.with(MOVER_STORE, b.get(MOVER_STORE) + taken);
        }
        Some(b)
    }
}

impl Rules for Giuti {
    const EXTRA_TURN: bool = false;
    const CAN_REPEAT: bool = true;
    type Position = TwoRowPosition;
    type Move = u8;

    two_row_plain!();
    two_row::two_row_drawing!();

    fn outcome(&self, pos: &TwoRowPosition) -> Option<Outcome> {
        let b = pos.board;
        let can_move = (0..self.m).any(|h| {
            b.get(h) > 0
                && (self.play(b, h as u8).is_some() || self.play(b, h as u8 | CLOCKWISE).is_some())
        });
        (!can_move).then_some(Outcome::NOTHING)
    }

    fn repetition_outcome(&self, pos: &TwoRowPosition) -> Outcome {
        two_row::own_sides(pos, self.m)
    }

    fn children(&self, pos: &TwoRowPosition, out: &mut Children<Self>) {
        for house in 0..self.m as u8 {
            if pos.board.get(house as usize) == 0 {
                continue;
            }
            for mv in [house, house | CLOCKWISE] {
                if let Some(board) = self.play(pos.board, mv) {
                    out.push(Child {
                        mv,
                        pos: TwoRowPosition {
                            board: board.flip(self.m),
                            side: pos.side.opponent(),
                        },
                    });
                }
            }
        }
    }

    #[inline(always)]
    fn value_key(&self, pos: &TwoRowPosition) -> u128 {
        pos.board.0 & Board::houses_mask(self.m)
    }

    fn parse_move(&self, pos: &TwoRowPosition, text: &str) -> Result<u8, ParseMoveError> {
        let token = text.trim();
        let (house, direction) = match token.char_indices().last() {
            Some((i, '+')) => (&token[..i], 0),
            Some((i, '-')) => (&token[..i], CLOCKWISE),
            _ => {
                return Err(ParseMoveError::NotAMove {
                    token: token.to_string(),
                    notation: GIUTI_NOTATION,
                })
            }
        };
        let house = two_row::parse_move(self.m, pos, house).map_err(|e| match e {
            ParseMoveError::NotAMove { .. } => ParseMoveError::NotAMove {
                token: token.to_string(),
                notation: GIUTI_NOTATION,
            },
            e => e,
        })?;
        Ok(house | direction)
    }

    fn format_move(&self, pos: &TwoRowPosition, mv: u8) -> String {
        let direction = if mv & CLOCKWISE != 0 { '-' } else { '+' };
        format!("{}{direction}", two_row::format_move(pos, mv & !CLOCKWISE))
    }

    fn num_actions(&self) -> usize {
        2 * self.m
    }

    /// The house, plus `m` for a clockwise move.
    fn action(&self, mv: u8) -> usize {
        (mv & !CLOCKWISE) as usize + if mv & CLOCKWISE != 0 { self.m } else { 0 }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![2, self.m + 2]
    }

    fn observe(&self, pos: &TwoRowPosition, out: &mut [f32]) {
        two_row::observe(pos, self.m, [0.0, 0.0], out)
    }
}

const GIUTI_NOTATION: &str = "a Giuti move is an own house letter and a direction, `A+` \
                              (counter-clockwise) or `A-` (clockwise)";
