//! Ajwa (Ajua; Luo and neighbours, western Kenya), RULES.md §7, on two rows of 8 houses.
//!
//! **Sources.** Seed 000 (the last Giuti paragraph) names the game and its board only: "A
//! kenyai luók ajwának nevezik, és olyan táblán játsszák, amelynek két párhuzamos sorában
//! nyolc-nyolc lyuk van. Minden lyukba három magot tesznek; a játék azzal kezdődik, hogy mindkét
//! játékos felveszi a magokat valamelyik hozz tartozó lyukból, és ezeket egyenként beteszi a
//! soron következő lyukakba, körbe a táblán." (the Luo of Kenya call it ajwa, on a board of two
//! parallel rows of eight holes; three seeds go in each hole; the game begins with both players
//! lifting the seeds of one of their holes and sowing them one by one into the following holes,
//! round the board). The reference for the play is Mancala World, "Ajua"
//! (<https://mancala.fandom.com/wiki/Ajua>, first description George R. Carline 1929; its rules
//! text is also reproduced word for word on a Kenyan seller's Ajua board page): two rows of eight
//! holes and a store at each end, three seeds a hole; the players re-arrange the seeds of their
//! row; "a player must distribute the contents of the leftmost hole of his row in a clockwise
//! direction, which reaches an occupied hole of the opponent's side in the first lap. If this is
//! not possible, a player may sow the contents of the leftmost hole, which ends in the first lap
//! in an opponent's hole that is empty. If this is not possible either, he must sow the contents
//! of the leftmost hole, which ends in an empty hole on his side"; a last seed in an occupied
//! hole lifts it for another lap, except that "after either player has captured, a sowing also
//! ends in an opponent's hole, which contains a singleton"; "If the last seed finished in an
//! empty hole on the player's own side and the opposite hole was occupied, the player captures
//! all the seeds in opponent's holes that correspond to empty holes on his own side." The page
//! calls the game one where "a player has no choice after the initial re-arrangement".
//!
//! **Rules of `ajwa`** (open points and decisions: docs/rule-decisions.md, "Ajwa"):
//! 1. **Board**: `m = 8` houses a side (`houses`, 1 to 20: the packed board to 7, the wide board
//!    [`crate::core::WideBoard`] beyond), 3 seeds each (`seeds`); the stores only collect
//!    captures. The re-arrangement before play and the simultaneous first moves of seed 000 are
//!    not built: play starts from the even start (or any position given as text), South first.
//! 2. **Sowing**: a move lifts an own non-empty house and sows it one seed a house
//!    **clockwise** (from the mover's house `A` on to the opponent's last house), round the `2m`
//!    houses, the stores never sown and the origin not skipped.
//! 3. **Relay**: a last seed in a house that held seeds lifts that house for another lap; the
//!    move ends ("sleeps") when a last seed falls into an empty house, or, once either store
//!    holds seeds (a capture has been made), into an opponent's house that held one seed. A move
//!    whose laps never end is not legal (RULES.md §0 practice, [`super::relay`]).
//! 4. **Choice** (`choice=forced`, the reference): the mover plays the leftmost house (from `A`)
//!    whose first lap ends in an occupied opponent's house; if none, the leftmost whose first lap
//!    ends in an empty opponent's house; if none, the leftmost whose first lap ends in an empty
//!    own house; if none, the leftmost non-empty house: one legal move a position.
//!    `choice=free`: any own non-empty house (seed 000's "valamelyik" — any one of their holes).
//! 5. **Capture**: a move that ends in an own house that was empty, opposite an occupied
//!    opponent's house, takes that opposite house and every opponent's house opposite an own
//!    empty house into the mover's store. The capturing seed stays; the turn passes.
//! 6. **End**: the player to move has no legal move (no seeds on their side); a repeated
//!    position also ends the game (RULES.md §0). Each player then takes the seeds on their side.
//!    More seeds wins: the value is the final store difference.
//!
//! The "married" holes of the reference (a hole where a lap may not end in a relay) are defined
//! in a part of its text this project could not read, and are not built (docs/rule-decisions.md).
//!
//! Positions are the plain two-row text; the capture state of rule 3 is read from the stores.
//! Moves are house letters.

use super::spec::{GameOptions, GameSpec, Options, ParseGameError};
use super::two_row::{self, two_row_common};
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::{Board, ParsePositionError, Pits, Side, TwoRowPosition, WIDE_MAX_HOUSES};

/// Ajwa's houses per player by default (seed 000: "nyolc-nyolc lyuk").
pub const AJWA_HOUSES: u8 = 8;
/// Ajwa's seeds per house at the start (seed 000: "Minden lyukba három magot").
pub const AJWA_SEEDS: u8 = 3;

/// How the mover's house is chosen (rule 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AjwaChoice {
    /// The reference's order of preference: one legal move a position.
    Forced,
    /// Any own non-empty house.
    Free,
}

const CHOICES: &[(&str, AjwaChoice)] =
    &[("forced", AjwaChoice::Forced), ("free", AjwaChoice::Free)];

/// Ajwa's parameters (RULES.md §7, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AjwaSpec {
    /// Houses per player, `1..=20` (`1..=7` on the packed board).
    pub houses: u8,
    /// Seeds per house at the start.
    pub seeds: u8,
    /// How the house to play is chosen.
    pub choice: AjwaChoice,
}

impl GameOptions for AjwaSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        o.name("ajwa");
        Ok(AjwaSpec {
            houses: o.number(
                "houses",
                |a| a.houses,
                AJWA_HOUSES,
                1,
                WIDE_MAX_HOUSES as u8,
            )?,
            seeds: o.number("seeds", |a| a.seeds, AJWA_SEEDS, 1, 255)?,
            choice: o.choice("choice", |a| a.choice, AjwaChoice::Forced, CHOICES)?,
        })
    }
}

/// The Ajwa rules of one game string, on the packed [`Board`] (up to 7 houses) or the wide
/// board ([`crate::core::WideBoard`], the default 8 houses among them).
#[derive(Clone, Debug)]
pub struct Ajwa<B: Pits = Board> {
    spec: GameSpec,
    m: usize,
    forced: bool,
    /// Clockwise cycles of the `2m` houses from every house (rule 2).
    table: B::Table,
}

impl Ajwa {
    /// The rules of `spec` on the packed board (`spec` must fit it:
    /// [`GameSpec::fits_packed`]).
    pub fn new(spec: AjwaSpec) -> Ajwa {
        Ajwa::on_pits(spec)
    }
}

/// Where the first lap of a move ends (rule 4), in the reference's order of preference.
fn first_lap_rank<B: Pits>(b: &B, last: usize, m: usize) -> u8 {
    match (last >= m, b.get(last) > 1) {
        (true, true) => 0,
        (true, false) => 1,
        (false, false) => 2,
        (false, true) => 3,
    }
}

impl<B: Pits> Ajwa<B> {
    /// The rules of `spec` on the pits `B`.
    pub fn on_pits(spec: AjwaSpec) -> Ajwa<B> {
        let m = spec.houses as usize;
        assert!(m <= B::MAX_HOUSES);
        let n = 2 * m;
        let table = B::table(n, |origin| (1..=n).map(|k| (origin + n - k) % n).collect())
            .expect("an Ajwa cycle is never empty");
        Ajwa {
            m,
            forced: spec.choice == AjwaChoice::Forced,
            table,
            spec: spec.into(),
        }
    }

    /// Plays `house` (mover-relative, non-empty): the board after the move (not flipped) and
    /// the rank of its first lap (rule 4), or `None` if its laps never end (rule 3).
    fn play(&self, board: B, house: usize) -> Option<(B, u8)> {
        let m = self.m;
        let captured = board.get(B::MOVER_STORE) + board.get(B::OPPONENT_STORE) > 0;
        let (first, last) = board.sow(&self.table, house);
        let rank = first_lap_rank(&first, last, m);
        let ends = |b: &B, last: usize| {
            let seeds = b.get(last);
            seeds == 1 || (captured && last >= m && seeds == 2)
        };
        let (mut b, last) = if ends(&first, last) {
            (first, last)
        } else {
            super::relay::relay((first, last), |(b, origin)| {
                let (b, last) = b.sow_from(&self.table, origin);
                if ends(&b, last) {
                    super::relay::Lap::End((b, last))
                } else {
                    super::relay::Lap::Continue((b, last))
                }
            })?
        };
        let n = 2 * m;
        if last < m && b.get(last) == 1 && b.get(n - 1 - last) > 0 {
            let mut taken = 0;
            for h in 0..m {
                if h == last || b.get(h) == 0 {
                    taken += b.get(n - 1 - h);
                    b = b.with(n - 1 - h, 0);
                }
            }
            b = b.with(B::MOVER_STORE, b.get(B::MOVER_STORE) + taken);
        }
        Some((b, rank))
    }

    fn child(&self, pos: &TwoRowPosition<B>, house: usize, board: B) -> Child<Self> {
        Child {
            mv: house as u8,
            pos: TwoRowPosition {
                board: board.flip(self.m),
                side: pos.side.opponent(),
            },
        }
    }
}

impl<B: Pits> Rules for Ajwa<B> {
    const EXTRA_TURN: bool = false;
    const CAN_REPEAT: bool = true;
    type Position = TwoRowPosition<B>;
    type Move = u8;

    two_row_common!();

    fn outcome(&self, pos: &TwoRowPosition<B>) -> Option<Outcome> {
        let b = pos.board;
        let can_move = (0..self.m).any(|h| b.get(h) > 0 && self.play(b, h).is_some());
        (!can_move).then(|| two_row::own_sides(pos, self.m))
    }

    fn repetition_outcome(&self, pos: &TwoRowPosition<B>) -> Outcome {
        two_row::own_sides(pos, self.m)
    }

    fn children(&self, pos: &TwoRowPosition<B>, out: &mut Children<Self>) {
        let mut best: Option<(u8, usize, B)> = None;
        for house in 0..self.m {
            if pos.board.get(house) == 0 {
                continue;
            }
            let Some((board, rank)) = self.play(pos.board, house) else {
                continue;
            };
            if !self.forced {
                out.push(self.child(pos, house, board));
            } else if best.is_none_or(|(r, _, _)| rank < r) {
                best = Some((rank, house, board));
            }
        }
        if let Some((_, house, board)) = best {
            out.push(self.child(pos, house, board));
        }
    }

    /// The houses, and whether a capture has been made (rule 3) in the top bit.
    #[inline(always)]
    fn value_key(&self, pos: &TwoRowPosition<B>) -> u128 {
        let b = pos.board;
        let captured = b.get(B::MOVER_STORE) + b.get(B::OPPONENT_STORE) > 0;
        b.houses_only(self.m).unary_key(2 * self.m).unwrap_or(0) | (captured as u128) << 127
    }

    fn exact_keys(&self, pos: &TwoRowPosition<B>) -> Result<(), String> {
        // One bit more than the houses' unary code: the capture flag.
        two_row::exact_unary_keys(&pos.board, self.m, 1)
    }
}
