//! Kpo (Vai, Liberia and Sierra Leone), RULES.md §7: the two-player game.
//!
//! **Sources.** Seed 000 (the Kpo paragraph) after Culin: "Két, három vagy négy játékos
//! versenyezhet, a csészéket egyenlően osztva el maguk között. Amikor két játékos játszik, akkor
//! négy babszemet helyeznek egy-egy lyukba. Ha pedig hárman vagy négyen játszanak, akkor a
//! lyukakban csak három babszem van, és a kiosztás mindkét irányban elindulhat." (two, three or
//! four players share the cups equally; with two players four beans go in each hole; with three
//! or four only three, and the sowing may start in either direction). The reference for the play
//! is Culin, S., "Mancala, the national game of Africa", Report of the U.S. National Museum for
//! 1894 (1896), pp. 603-604 (Prince Momolu Massaquoi's account), as Ludii encodes it
//! (`Kpo.lud`, ruleset "Momolu Massaquoi", DLP.GameRulesets.280, "Culin 1896: 603-604"):
//! "Two rows of six holes with stores on either end. Four counters in each hole. Players sow in
//! an anti-clockwise direction. When the last counter falls into a hole, and it now contains two
//! or three counters, these are captured."; the game ends when the player to move cannot move,
//! each player scoring their store and the seeds on their side.
//!
//! **Rules of `kpo`** (open points and decisions: docs/rule-decisions.md, "Kpo"):
//! 1. `m = 6` houses a side (`houses`), 4 seeds each (`seeds`); the stores only collect captures.
//! 2. A move lifts an own non-empty house and sows one seed a house counter-clockwise from the
//!    next house, single lap, the stores not sown; a lap of `2m` or more seeds also sows the
//!    house it was lifted from (Ludii's loop; Culin is silent), option `skip-origin=true`.
//! 3. **Capture**: if the last seed makes its house hold 2 or 3, on **either** side, the mover
//!    takes that house (only that one: no chain, no side restriction in Culin or Ludii).
//! 4. No feeding obligation. **End**: the player to move has no seeds; the opponent takes the
//!    seeds on their side. A repeated position ends the game and each player takes the seeds
//!    on their own side (RULES.md §0).
//!
//! **Three and four players (not built; designed for).** Culin's 3- and 4-player forms: three
//! seeds a house, each player owns a block of holes (3 players: two adjacent columns of both
//! rows; 4 players: half a row each), a move may sow either way (Giuti's `A+`/`A-` notation
//! fits), and the capture takes "the next hole forward" when the last seed completes a 2 or 3.
//! The game string already has the `players` key (only `2` is accepted today, with an error that
//! says so), and the sowing and capture rules below are written per house with no assumption
//! about who owns a house except in [`Kpo::owns`]; what a 3-4 player game needs beyond this
//! module is a rules trait for more than two players (values per player rather than a
//! difference) and a position with a store per player.

use super::spec::{GameOptions, GameSpec, Options, ParseGameError};
use super::two_row::{self, two_row_common};
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::sowing::SowingTable;
use crate::core::{Board, ParsePositionError, Pits, Side, TwoRowPosition, MAX_HOUSES, MOVER_STORE};

/// Kpo's parameters (RULES.md §7, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KpoSpec {
    /// Players: 2 (the 3- and 4-player forms are [`crate::multi`]'s).
    pub players: u8,
    /// Houses per player, `1..=7`.
    pub houses: u8,
    /// Seeds per house at the start (Culin: 4 for two players).
    pub seeds: u8,
    /// A lap of `2m` or more seeds skips the house it was lifted from.
    pub skip_origin: bool,
}

impl GameOptions for KpoSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        o.name("kpo");
        Ok(KpoSpec {
            players: o.option(
                "players",
                |k| k.players,
                2,
                |v| (v == "2").then_some(2),
                u8::to_string,
                super::spec::N_PLAYER_FORMS,
            )?,
            houses: o.houses(MAX_HOUSES as u8, |k| k.houses)?,
            seeds: o.seeds(|k| k.seeds)?,
            skip_origin: o.flag("skip-origin", |k| k.skip_origin, false)?,
        })
    }
}

/// The Kpo rules of one game string.
#[derive(Clone, Debug)]
pub struct Kpo {
    spec: GameSpec,
    m: usize,
    table: SowingTable,
}

impl Kpo {
    /// The rules of `spec`.
    pub fn new(spec: KpoSpec) -> Kpo {
        let m = spec.houses as usize;
        let skip = spec.skip_origin;
        let table = SowingTable::new(m, |origin| {
            (1..=2 * m)
                .map(|k| (origin + k) % (2 * m))
                .filter(|&h| !(skip && h == origin))
                .collect()
        })
        .expect("a Kpo cycle is never empty");
        Kpo {
            m,
            table,
            spec: spec.into(),
        }
    }

    /// Whether house `h` of the mover-relative board belongs to the mover (two players: the
    /// first row). The one place that knows who owns a house.
    #[inline(always)]
    fn owns(&self, h: usize) -> bool {
        h < self.m
    }

    /// Plays `house` (mover-relative, non-empty): the board after the move, not yet flipped.
    #[inline(always)]
    fn play(&self, board: Board, house: usize) -> Board {
        let (b, last) = self.table.sow(board, house);
        let seeds = b.get(last);
        if seeds == 2 || seeds == 3 {
            b.with(last, 0)
                .with(MOVER_STORE, b.get(MOVER_STORE) + seeds)
        } else {
            b
        }
    }
}

impl Rules for Kpo {
    const EXTRA_TURN: bool = false;
    const CAN_REPEAT: bool = true;
    type Position = TwoRowPosition;
    type Move = u8;

    two_row_common!();

    #[inline]
    fn outcome(&self, pos: &TwoRowPosition) -> Option<Outcome> {
        let b = pos.board;
        let mover = (0..2 * self.m)
            .filter(|&h| self.owns(h))
            .map(|h| b.get(h))
            .sum::<u32>();
        (mover == 0).then(|| two_row::own_sides(pos, self.m))
    }

    fn repetition_outcome(&self, pos: &TwoRowPosition) -> Outcome {
        two_row::own_sides(pos, self.m)
    }

    fn children(&self, pos: &TwoRowPosition, out: &mut Children<Self>) {
        for house in 0..self.m {
            if pos.board.get(house) > 0 {
                out.push(Child {
                    mv: house as u8,
                    pos: TwoRowPosition {
                        board: self.play(pos.board, house).flip(self.m),
                        side: pos.side.opponent(),
                    },
                });
            }
        }
    }

    #[inline]
    fn random_child(&self, pos: &TwoRowPosition, r: u32) -> Child<Self> {
        let house = pos.board.random_nonempty_house(self.m, r);
        Child {
            mv: house as u8,
            pos: TwoRowPosition {
                board: self.play(pos.board, house).flip(self.m),
                side: pos.side.opponent(),
            },
        }
    }

    #[inline(always)]
    fn value_key(&self, pos: &TwoRowPosition) -> u128 {
        pos.board.0 & Board::houses_mask(self.m)
    }

    fn egdb_houses(&self) -> Result<usize, String> {
        Err(
            "the databases are built for Kalah and for Awari and Oware with \
             repetition=even-split; Kpo's repetition rule gives each side its own seeds, so a \
             cycle's value depends on where it is cut"
                .to_string(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Line, Status};

    fn kpo(text: &str) -> Kpo {
        Kpo::new(text.parse::<GameSpec>().unwrap().try_into().unwrap())
    }

    fn line(rules: &Kpo, position: &str, moves: &str) -> Line<Kpo> {
        let mut l = Line::new(rules.parse_position(position).unwrap());
        l.play_text(rules, moves).unwrap();
        l
    }

    /// Culin: four seeds a house with two players, counter-clockwise sowing from the next house.
    #[test]
    fn start_and_sowing() {
        let rules = kpo("kpo");
        assert_eq!(
            rules.format_position(&rules.start()),
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"
        );
        // C sows D, E, F, a: a now holds 5, nothing captured.
        let l = line(&rules, "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "C");
        assert_eq!(
            rules.format_position(l.current()),
            "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N"
        );
    }

    /// Culin: a last seed making 2 or 3 is captured, on the opponent's side...
    #[test]
    fn capture_two_or_three_on_the_opponents_side() {
        let rules = kpo("kpo");
        // F (2 seeds) sows a (1 -> 2) and b (2 -> 3): the last, b, holds 3: taken. Only b:
        // a holds 2 but there is no chain.
        let l = line(&rules, "4,4,4,4,4,2/1,2,5,5,5,6 2-0 S", "F");
        assert_eq!(
            rules.format_position(l.current()),
            "4,4,4,4,4,0/2,0,5,5,5,6 5-0 N"
        );
    }

    /// ...and on the mover's own side (no side restriction in Culin or Ludii).
    #[test]
    fn capture_on_the_movers_own_side() {
        let rules = kpo("kpo");
        // A (2 seeds) sows B (0 -> 1) and C (1 -> 2): C is taken.
        let l = line(&rules, "2,0,1,5,5,5/5,5,5,5,5,2 0-3 S", "A");
        assert_eq!(
            rules.format_position(l.current()),
            "0,1,0,5,5,5/5,5,5,5,5,2 2-3 N"
        );
    }

    /// A last seed making 1 or 4 captures nothing.
    #[test]
    fn no_capture_on_other_counts() {
        let rules = kpo("kpo");
        let l = line(&rules, "4,4,4,4,4,1/3,4,4,4,4,4 4-0 S", "F");
        assert_eq!(
            rules.format_position(l.current()),
            "4,4,4,4,4,0/4,4,4,4,4,4 4-0 N"
        );
    }

    /// A lap of 12 or more seeds sows the origin too (default), or skips it (`skip-origin`).
    #[test]
    fn full_laps_and_the_origin() {
        let rules = kpo("kpo");
        // A holds 12: one seed in each of B..F, a..f and back into A (1): no capture (A: 1).
        let l = line(&rules, "12,1,1,1,1,1/1,1,1,1,1,4 0-22 S", "A");
        assert_eq!(
            rules.format_position(l.current()),
            "1,2,2,2,2,2/2,2,2,2,2,5 0-22 N"
        );
        let skip = kpo("kpo(skip-origin=true)");
        // Skipping A, the 12th seed goes to B, which then holds 3: taken.
        let l = line(&skip, "12,1,1,1,1,1/1,1,1,1,1,4 0-22 S", "A");
        assert_eq!(
            skip.format_position(l.current()),
            "0,0,2,2,2,2/2,2,2,2,2,5 3-22 N"
        );
    }

    /// End: the player to move has no seeds; the opponent takes the seeds on their side.
    #[test]
    fn end_when_the_mover_has_no_seeds() {
        let rules = kpo("kpo");
        let p = rules
            .parse_position("0,0,0,0,0,0/1,0,2,0,0,0 20-25 S")
            .unwrap();
        let o = rules.outcome(&p).unwrap();
        assert_eq!(
            o,
            Outcome {
                mover: 0,
                opponent: 3
            }
        );
        assert_eq!(rules.final_stores(&p, o), [20, 28]);
        let mut l = Line::new(p);
        assert!(matches!(l.status(&rules), Status::Over(_)));
        assert!(l.play_text(&rules, "a").is_err());
    }

    #[test]
    fn the_game_string() {
        let spec: GameSpec = "kpo(players=2,seeds=4)".parse().unwrap();
        assert_eq!(spec.to_string(), "kpo");
        let err = "kpo(players=3)"
            .parse::<GameSpec>()
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("`players=3`") && err.contains("n-player forms"),
            "{err}"
        );
    }
}
