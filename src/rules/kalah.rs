//! Kalah (Bantumi), RULES.md §1 (seed 001; also seed 000, "Kalah, Csapda").
//!
//! * A move lifts a non-empty own house and sows counter-clockwise from the next pit, into the
//!   mover's own store and skipping the opponent's (§1.1).
//! * **Extra turn**: the last seed in the mover's store gives the mover another move (§1.2).
//! * **Capture**: the last seed in an empty own house (it now holds 1) takes it and the opposite
//!   house to the store, when the opposite house holds seeds (§1.3); with `capture=empty`
//!   (Irving, Donkers & Uiterwijk 2000) even when it is empty.
//! * **End** (`end=either-side-empty`, §1.4): once either player's houses are all empty, each
//!   player takes the seeds left on their side. With `end=mover-empty` the game ends only when
//!   the player to move has no seeds, and the other player takes the rest. With
//!   `end=empty-takes-rest` the game ends as with `either-side-empty`, but the player whose
//!   houses are empty takes the seeds left on the other side (the other reading users meet in
//!   other programs: StoneShark MancalaGames' Kalah option `OPP_GET_REMAINING`; see
//!   docs/rule-decisions.md).
//!
//! Kalah positions cannot repeat: seeds only move forwards, and every lap past the mover's store
//! leaves one there, so the game is acyclic (Irving et al. 2000).

use super::spec::{GameOptions, GameSpec, Options, ParseGameError};
use super::two_row::{self, two_row_common};
use super::{Child, Children, Outcome, ParseMoveError, Rules, CODE_BITS};
use crate::core::sowing::Unsown;
use crate::core::{
    Board, LayerIndex, ParsePositionError, Pits, Side, TwoRowPosition, WIDE_MAX_HOUSES,
};

/// Kalah's parameters (RULES.md §1, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KalahSpec {
    /// Houses per player, `1..=20` (`1..=7` on the packed board).
    pub houses: u8,
    /// Seeds per house at the start.
    pub seeds: u8,
    /// Which last-seed captures count.
    pub capture: KalahCapture,
    /// When the game ends.
    pub end: KalahEnd,
}

/// Kalah capture rule (RULES.md §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KalahCapture {
    /// Capture only when the opposite house holds seeds (Bantumi, the standard rule).
    OppositeNonempty,
    /// Capture the last seed even when the opposite house is empty (Irving et al. 2000).
    Empty,
}

/// Kalah end rule (RULES.md §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KalahEnd {
    /// The game ends when, after a move, either player's houses are all empty.
    EitherSideEmpty,
    /// The game ends only when the player to move has no seeds.
    MoverEmpty,
    /// The game ends when, after a move, either player's houses are all empty, and the player
    /// whose houses are empty takes the seeds left on the other side (`end=empty-takes-rest`;
    /// StoneShark MancalaGames' Kalah `GRANDSLAM` option `OPP_GET_REMAINING`, see
    /// docs/rule-decisions.md).
    EmptyTakesRest,
}

const CAPTURES: &[(&str, KalahCapture)] = &[
    ("opposite-nonempty", KalahCapture::OppositeNonempty),
    ("empty", KalahCapture::Empty),
];
const ENDS: &[(&str, KalahEnd)] = &[
    ("either-side-empty", KalahEnd::EitherSideEmpty),
    ("mover-empty", KalahEnd::MoverEmpty),
    ("empty-takes-rest", KalahEnd::EmptyTakesRest),
];

impl GameOptions for KalahSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        o.name("kalah");
        Ok(KalahSpec {
            houses: o.houses(WIDE_MAX_HOUSES as u8, |k| k.houses)?,
            seeds: o.seeds(|k| k.seeds)?,
            capture: o.choice(
                "capture",
                |k| k.capture,
                KalahCapture::OppositeNonempty,
                CAPTURES,
            )?,
            end: o.choice("end", |k| k.end, KalahEnd::EitherSideEmpty, ENDS)?,
        })
    }
}

/// The Kalah rules of one game string, on the packed [`Board`] (the default) or the wide board
/// ([`crate::core::WideBoard`], for games beyond 7 houses or 255 seeds).
#[derive(Clone, Debug)]
pub struct Kalah<B: Pits = Board> {
    spec: GameSpec,
    m: usize,
    capture_empty: bool,
    end_mover_empty: bool,
    /// `end=empty-takes-rest`: the player whose houses are empty takes the rest.
    empty_takes_rest: bool,
    table: B::Table,
    /// Ranks of the boards whose houses do not fit four bits each, if every board of the game
    /// gets a table code below `2^CODE_BITS` that way ([`Rules::table_code`]).
    ranks: Option<LayerIndex>,
}

/// Table codes of boards ranked by [`LayerIndex`] start here, above every four-bit code.
const RANK_BASE: u64 = 1 << 48;

impl Kalah {
    /// The rules of `spec` on the packed board (`spec` must fit it:
    /// [`GameSpec::fits_packed`]).
    pub fn new(spec: KalahSpec) -> Kalah {
        Kalah::on_pits(spec)
    }
}

impl<B: Pits> Kalah<B> {
    /// The rules of `spec` on the pits `B`.
    pub fn on_pits(spec: KalahSpec) -> Kalah<B> {
        let m = spec.houses as usize;
        assert!(m <= B::MAX_HOUSES);
        // Sowing order from the mover's side: own houses, own store, opponent's houses
        // (the opponent's store is skipped).
        let ring: Vec<usize> = (0..m).chain([B::MOVER_STORE]).chain(m..2 * m).collect();
        let table = B::table(m, |origin| {
            (1..=ring.len())
                .map(|k| ring[(origin + k) % ring.len()])
                .collect()
        })
        .expect("a Kalah cycle is never empty");
        // Ranks only on the packed board (the wide board's table codes are hashed).
        let ranks = B::from_narrow(Board(0)).and_then(|_| {
            let index = LayerIndex::new(m);
            index
                .layer_offset(2 * spec.houses as u32 * spec.seeds as u32 + 1)
                .filter(|&codes| m <= 6 && codes < (1 << CODE_BITS) - RANK_BASE)
                .map(|_| index)
        });
        Kalah {
            ranks,
            m,
            capture_empty: spec.capture == KalahCapture::Empty,
            end_mover_empty: spec.end == KalahEnd::MoverEmpty,
            empty_takes_rest: spec.end == KalahEnd::EmptyTakesRest,
            spec: spec.into(),
            table,
        }
    }

    /// Houses per player.
    pub fn houses(&self) -> usize {
        self.m
    }

    /// Plays house `house` (mover-relative, non-empty) and returns the position after it.
    #[inline(always)]
    pub fn play(&self, pos: &TwoRowPosition<B>, house: usize) -> TwoRowPosition<B> {
        // The usual board sizes get code with constant shifts (`m` folded in).
        match self.m {
            6 => self.play_m(pos, house, 6),
            4 => self.play_m(pos, house, 4),
            m => self.play_m(pos, house, m),
        }
    }

    #[inline(always)]
    fn play_m(&self, pos: &TwoRowPosition<B>, house: usize, m: usize) -> TwoRowPosition<B> {
        let (mut b, last) = pos.board.sow(&self.table, house);
        if last == B::MOVER_STORE {
            return TwoRowPosition {
                board: b,
                side: pos.side,
            };
        }
        if last < m && b.get(last) == 1 {
            let opposite = 2 * m - 1 - last;
            let taken = b.get(opposite);
            if taken > 0 || self.capture_empty {
                let store = b.get(B::MOVER_STORE) + 1 + taken;
                b = b
                    .with(last, 0)
                    .with(opposite, 0)
                    .with(B::MOVER_STORE, store);
            }
        }
        TwoRowPosition {
            board: b.flip(m),
            side: pos.side.opponent(),
        }
    }

    #[inline(always)]
    fn random_child_m(&self, pos: &TwoRowPosition<B>, r: u32, m: usize) -> Child<Self> {
        let house = pos.board.random_nonempty_house(m, r);
        Child {
            mv: house as u8,
            pos: self.play_m(pos, house, m),
        }
    }
}

impl<B: Pits> Rules for Kalah<B> {
    const EXTRA_TURN: bool = true;
    const CAN_REPEAT: bool = false;
    type Position = TwoRowPosition<B>;
    type Move = u8;

    two_row_common!();

    #[inline]
    fn outcome(&self, pos: &TwoRowPosition<B>) -> Option<Outcome> {
        let mover_empty = pos.board.mover_empty(self.m);
        let opponent_empty = pos.board.opponent_empty(self.m);
        let over = mover_empty || (opponent_empty && !self.end_mover_empty);
        let (mover, opponent) = (
            pos.board.mover_seeds(self.m),
            pos.board.opponent_seeds(self.m),
        );
        over.then_some(if self.empty_takes_rest {
            // One of the two is zero: the empty side takes the other's seeds.
            Outcome {
                mover: opponent,
                opponent: mover,
            }
        } else {
            Outcome { mover, opponent }
        })
    }

    fn repetition_outcome(&self, pos: &TwoRowPosition<B>) -> Outcome {
        // Unreachable in play (Kalah is acyclic); each side keeps its own seeds.
        Outcome {
            mover: pos.board.mover_seeds(self.m),
            opponent: pos.board.opponent_seeds(self.m),
        }
    }

    #[inline]
    fn children(&self, pos: &TwoRowPosition<B>, out: &mut Children<Self>) {
        for house in 0..self.m {
            if pos.board.get(house) > 0 {
                out.push(Child {
                    mv: house as u8,
                    pos: self.play(pos, house),
                });
            }
        }
    }

    #[inline]
    fn random_child(&self, pos: &TwoRowPosition<B>, r: u32) -> Child<Self> {
        match self.m {
            6 => self.random_child_m(pos, r, 6),
            4 => self.random_child_m(pos, r, 4),
            m => self.random_child_m(pos, r, m),
        }
    }

    #[inline(always)]
    fn value_key(&self, pos: &TwoRowPosition<B>) -> u128 {
        // The packed board's house bytes; on the wide board the unary key of the houses (or 0
        // where it does not fit, which `exact_keys` refuses).
        pos.board
            .houses_only(self.m)
            .unary_key(2 * self.m)
            .unwrap_or(0)
    }

    fn exact_keys(&self, pos: &TwoRowPosition<B>) -> Result<(), String> {
        two_row::exact_unary_keys(&pos.board, self.m, 0)
    }

    /// The houses four bits each (48 bits for 6 houses) when every house holds at most 15
    /// seeds, else [`RANK_BASE`] plus the board's number among all boards of the game (up to
    /// `C(N + 2m, 2m)` for `N` seeds: about 2^47 for Kalah(6,6)); `None` for 7 houses or where
    /// the ranks would pass `2^CODE_BITS`.
    #[inline(always)]
    fn table_code(&self, pos: &TwoRowPosition<B>) -> Option<u64> {
        let houses = pos.board.houses_only(self.m).narrow()?;
        if self.m <= 6 {
            if let Some(code) = houses.nibble_code() {
                return Some(code);
            }
        }
        let index = self.ranks.as_ref()?;
        let seeds = houses.board_seeds(self.m);
        Some(RANK_BASE + index.layer_offset(seeds)? + index.rank(houses))
    }

    fn egdb_houses(&self) -> Result<usize, String> {
        two_row::packed_only::<B>()?;
        Ok(self.m)
    }

    /// A Kalah move stays in its layer when its seeds stop before the mover's store (a seed
    /// in the store takes it off the board) and its last seed makes no capture: so it sows
    /// along the mover's own houses only, never laps, and always passes the turn (an extra
    /// turn needs the last seed in the store). The distributed builder walks these moves
    /// backwards; the single-process builder solves Kalah layers depth first instead.
    fn egdb_parents(&self, child: Board, f: &mut impl FnMut(Board)) {
        let Some(table) = B::narrow_table(&self.table) else {
            return;
        };
        let m = self.m;
        // The board after the move, before the side changes: the opponent's houses are the
        // parent's (the sowing did not reach them).
        let after = child.flip(m);
        // With `end=either-side-empty` a parent whose opponent has no seeds is over.
        if !self.end_mover_empty && after.opponent_seeds(m) == 0 {
            return;
        }
        for origin in 0..m {
            if after.get(origin) != 0 {
                continue;
            }
            // `s` seeds from `origin` end in house `origin + s`, short of the store.
            for s in 1..(m - origin) as u32 {
                let before = match table.unsow(after, origin, s) {
                    Unsown::Before(before) => before,
                    Unsown::Mismatch => continue,
                    Unsown::Short => break,
                };
                let last = origin + s as usize;
                // The last seed in a house that was empty captures (with `capture=empty`
                // always, else when the opposite house holds seeds): that move leaves the layer.
                if after.get(last) == 1 && (self.capture_empty || after.get(2 * m - 1 - last) > 0) {
                    continue;
                }
                f(before);
            }
        }
    }

    fn key_space(&self) -> Option<u128> {
        Some(two_row::board_configurations(
            self.m,
            self.spec.total_seeds(),
        ))
    }
}
