//! Cups ("Gra mis", by the Amberstons), RULES.md §8 (seed 002, "Bez pudła: Mancalove – Gra mis"),
//! with the project's decisions of `docs/rule-decisions.md`.
//!
//! `m` bowls a player (4; the source allows 3 to 10: up to 6 on the packed board, 7 to 10 on the
//! wide board, [`crate::core::WideBoard`]). Each player starts
//! with `10 m` beans in hand and an empty row; each player's store is to the right of their row,
//! and bowl `i` (from the owner's left, from 1) faces the opponent's bowl `m + 1 - i`.
//! A turn is exactly one of:
//! * **Planting** `p<k>`: `k` beans from the hand, `1 <= k <= min(m, hand)` (seed 002: "1, 2, 3
//!   lub 4 fasolek"), one each into the own bowls `1..k`. **Capture**: if the `k`-th bean lands in
//!   a bowl that was empty, every bean of the opponent's facing bowl goes to the planter's store.
//! * **Harvest** `<letter>`: lift all beans of own bowl `i` and sow them one a bowl to the right,
//!   the last into the own store. Exact harvest: legal only when the bowl holds exactly
//!   `m + 1 - i` beans. A bowl with more is **blocked** for harvest but can still be planted
//!   into.
//! * **Pass**: a player who can do neither passes (`pass`). **The game ends when neither player
//!   can act.** Only beans in stores count; more wins, equal is a shared win. Beans in bowls and
//!   hands count for nobody, so the value is the store difference. Beans only move towards the
//!   stores or out of the hands, so no position repeats.
//!
//! Positions: `<bowls>/<bowls> <stores> <S|N>;hand=<South>-<North>`. The mover's hand lives in
//! the board's state pit [`Pits::STATE`] and the opponent's in [`Pits::STATE_2`]; moves are stored as the bowl
//! index (harvest), [`PLANT`]` | k` (planting) or [`PASS`].

use super::spec::{GameOptions, GameSpec, Options, ParseGameError};
use super::two_row::{self, two_row_basics};
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::{Board, ParsePositionError, Pits, PositionText, Side, TwoRowPosition};

/// Most bowls a player (seed 002; the wide board beyond 6).
pub const MAX_BOWLS: u8 = 10;

/// Cups' parameters (RULES.md §8, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupsSpec {
    /// Bowls per player, `3..=10` (`3..=6` on the packed board).
    pub bowls: u8,
}

impl GameOptions for CupsSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        o.name("cups");
        Ok(CupsSpec {
            bowls: o.number("bowls", |c| c.bowls, 4, 3, MAX_BOWLS)?,
        })
    }
}

/// Bit of a move that marks planting; the low bits are the bean count.
pub const PLANT: u8 = 0x10;
/// The move that passes.
pub const PASS: u8 = 0xff;

/// The Cups rules of one game string, on the packed [`Board`] (the default, up to 6 bowls) or
/// the wide board ([`crate::core::WideBoard`]).
#[derive(Clone, Debug)]
pub struct Cups<B: Pits = Board> {
    spec: GameSpec,
    m: usize,
    pits: std::marker::PhantomData<B>,
}

impl Cups {
    /// The rules of `spec` on the packed board (`spec` must fit it:
    /// [`GameSpec::fits_packed`]).
    pub fn new(spec: CupsSpec) -> Cups {
        Cups::on_pits(spec)
    }
}

impl<B: Pits> Cups<B> {
    /// The rules of `spec` on the pits `B`.
    pub fn on_pits(spec: CupsSpec) -> Cups<B> {
        assert!(spec.bowls as usize <= B::MAX_HOUSES_WITH_STATE);
        Cups {
            m: spec.bowls as usize,
            spec: spec.into(),
            pits: std::marker::PhantomData,
        }
    }

    /// Whether the mover of `board` can plant or harvest.
    #[inline]
    fn can_act(&self, board: B) -> bool {
        board.get(B::STATE) > 0 || (0..self.m).any(|i| board.get(i) == (self.m - i) as u32)
    }

    /// The board seen from the other player, hands swapped with it.
    #[inline]
    fn turn(&self, board: B) -> B {
        board
            .flip(self.m)
            .with(B::STATE, board.get(B::STATE_2))
            .with(B::STATE_2, board.get(B::STATE))
    }

    fn child(&self, pos: &TwoRowPosition<B>, mv: u8, board: B) -> Child<Self> {
        Child {
            mv,
            pos: TwoRowPosition {
                board: self.turn(board),
                side: pos.side.opponent(),
            },
        }
    }

    /// A player's hand.
    pub fn hand(&self, pos: &TwoRowPosition<B>, side: Side) -> u32 {
        if side == pos.side {
            pos.board.get(B::STATE)
        } else {
            pos.board.get(B::STATE_2)
        }
    }
}

impl<B: Pits> Rules for Cups<B> {
    const EXTRA_TURN: bool = false;
    const CAN_REPEAT: bool = false;
    type Position = TwoRowPosition<B>;
    type Move = u8;

    two_row_basics!();

    fn start(&self) -> TwoRowPosition<B> {
        let hand = 10 * self.m as u32;
        let mut p: TwoRowPosition<B> =
            TwoRowPosition::from_absolute(&vec![0; 2 * self.m], [0, 0], Side::South);
        p.board = p.board.with(B::STATE, hand).with(B::STATE_2, hand);
        p
    }

    /// Beans not yet in a store: in bowls and in both hands.
    #[inline(always)]
    fn board_seeds(&self, pos: &TwoRowPosition<B>) -> u32 {
        pos.board.board_seeds(self.m) + pos.board.get(B::STATE) + pos.board.get(B::STATE_2)
    }

    fn outcome(&self, pos: &TwoRowPosition<B>) -> Option<Outcome> {
        if self.can_act(pos.board) || self.can_act(self.turn(pos.board)) {
            None
        } else {
            Some(Outcome::NOTHING)
        }
    }

    fn repetition_outcome(&self, _pos: &TwoRowPosition<B>) -> Outcome {
        // Unreachable in play: no position repeats.
        Outcome::NOTHING
    }

    fn children(&self, pos: &TwoRowPosition<B>, out: &mut Children<Self>) {
        let (m, b) = (self.m, pos.board);
        let hand = b.get(B::STATE);
        let before = out.len();
        let mut planted = b;
        for k in 1..=m.min(hand as usize) {
            let bowl = k - 1;
            let was_empty = b.get(bowl) == 0;
            planted = planted.with(bowl, planted.get(bowl) + 1);
            let mut after = planted.with(B::STATE, hand - k as u32);
            if was_empty {
                let facing = 2 * m - 1 - bowl;
                after = after
                    .with(
                        B::MOVER_STORE,
                        after.get(B::MOVER_STORE) + after.get(facing),
                    )
                    .with(facing, 0);
            }
            out.push(self.child(pos, PLANT | k as u8, after));
        }
        for i in 0..m {
            if b.get(i) == (m - i) as u32 {
                let mut after = b.with(i, 0).with(B::MOVER_STORE, b.get(B::MOVER_STORE) + 1);
                for j in i + 1..m {
                    after = after.with(j, after.get(j) + 1);
                }
                out.push(self.child(pos, i as u8, after));
            }
        }
        if out.len() == before {
            out.push(self.child(pos, PASS, b));
        }
    }

    #[inline(always)]
    fn value_key(&self, pos: &TwoRowPosition<B>) -> u128 {
        // The packed board's bowls and hands; on the wide board the unary key of the bowls and
        // the hands (or 0 where it does not fit, which `exact_keys` refuses).
        let b = pos.board;
        match b.narrow() {
            Some(n) => {
                n.0 & (Board::houses_mask(self.m) | 0xffff << (8 * <Board as Pits>::STATE_2))
            }
            None => {
                two_row::unary_with(&b, self.m, [b.get(B::STATE), b.get(B::STATE_2)]).unwrap_or(0)
            }
        }
    }

    /// Bowls and hands only lose beans to the stores, so the root's count bounds every key.
    fn exact_keys(&self, pos: &TwoRowPosition<B>) -> Result<(), String> {
        let hands = pos.board.get(B::STATE) + pos.board.get(B::STATE_2);
        two_row::exact_unary_keys(&pos.board, self.m, hands + 2)
    }

    fn parse_position(&self, text: &str) -> Result<TwoRowPosition<B>, ParsePositionError> {
        let parts = PositionText::split_max(text, self.m, B::MAX_SEEDS)?;
        parts.check_fields(&["hand"], "Cups positions have `;hand=<South>-<North>`")?;
        let expected = "the beans in each hand, `;hand=<South>-<North>`";
        let (value, field) =
            parts
                .field("hand")
                .ok_or_else(|| ParsePositionError::MissingField {
                    key: "hand".to_string(),
                    expected: expected.to_string(),
                })?;
        let bad = || ParsePositionError::BadField {
            field: field.to_string(),
            expected: format!("{expected}, each a whole number from 0 to 255"),
        };
        let count = |t: &str| {
            Some(t)
                .filter(|t| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()))
                .and_then(|t| t.parse::<u32>().ok())
                .filter(|&n| n <= 255)
        };
        let (south, north) = value.split_once('-').ok_or_else(bad)?;
        let hands = [count(south).ok_or_else(bad)?, count(north).ok_or_else(bad)?];
        parts.check_total(hands[0] + hands[1], self.spec.total_seeds())?;
        let mut pos: TwoRowPosition<B> = parts.position();
        let (mover, opponent) = match pos.side {
            Side::South => (hands[0], hands[1]),
            Side::North => (hands[1], hands[0]),
        };
        pos.board = pos.board.with(B::STATE, mover).with(B::STATE_2, opponent);
        Ok(pos)
    }

    fn format_position(&self, pos: &TwoRowPosition<B>) -> String {
        format!(
            "{};hand={}-{}",
            pos.to_text(self.m),
            self.hand(pos, Side::South),
            self.hand(pos, Side::North)
        )
    }

    fn draw(&self, pos: &TwoRowPosition<B>) -> String {
        self.draw_from(pos, Side::South)
    }

    /// The two-row drawing, then `in hand: South <beans>, North <beans>`.
    fn draw_from(&self, pos: &TwoRowPosition<B>, bottom: Side) -> String {
        format!(
            "{}      in hand: South {}, North {}\n",
            pos.to_ascii_from(self.m, bottom),
            self.hand(pos, Side::South),
            self.hand(pos, Side::North)
        )
    }

    fn parse_move(&self, pos: &TwoRowPosition<B>, text: &str) -> Result<u8, ParseMoveError> {
        let token = text.trim();
        if token == "pass" {
            return Ok(PASS);
        }
        if let Some(k) = token.strip_prefix('p') {
            return Some(k)
                .filter(|k| k.bytes().all(|c| c.is_ascii_digit()))
                .and_then(|k| k.parse::<u8>().ok())
                .filter(|k| (1..=self.m as u8).contains(k))
                .map(|k| PLANT | k)
                .ok_or_else(|| ParseMoveError::NotAMove {
                    token: token.to_string(),
                    notation: CUPS_NOTATION,
                });
        }
        two_row::parse_move(self.m, pos, token).map_err(|e| match e {
            ParseMoveError::NotAMove { .. } => ParseMoveError::NotAMove {
                token: token.to_string(),
                notation: CUPS_NOTATION,
            },
            e => e,
        })
    }

    fn format_move(&self, pos: &TwoRowPosition<B>, mv: u8) -> String {
        if mv == PASS {
            "pass".to_string()
        } else if mv & PLANT != 0 {
            format!("p{}", mv & !PLANT)
        } else {
            two_row::format_move(pos, mv)
        }
    }

    fn num_actions(&self) -> usize {
        2 * self.m + 1
    }

    /// Harvest bowl `h`: `h`; plant `k`: `m + k - 1`; pass: `2m`.
    fn action(&self, mv: u8) -> usize {
        if mv == PASS {
            2 * self.m
        } else if mv & PLANT != 0 {
            self.m + (mv & !PLANT) as usize - 1
        } else {
            mv as usize
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![2, self.m + 2]
    }

    /// The state column: each player's hand.
    fn observe(&self, pos: &TwoRowPosition<B>, out: &mut [f32]) {
        let hands = [
            self.hand(pos, pos.side) as f32,
            self.hand(pos, pos.side.opponent()) as f32,
        ];
        two_row::observe(pos, self.m, hands, out)
    }
}

const CUPS_NOTATION: &str = "a Cups move is `p<k>` (plant k beans from the hand, 1 to the bowls \
                             a side), an own bowl letter (harvest it), or `pass`";
