//! Game rules: the [`Rules`] trait, one type per game family, game strings and dispatch.
//!
//! Every search, perft and (later) database builder is generic over `R: Rules`, so a game's
//! knobs that change the shape of play are resolved at compile time (associated constants) and
//! the rest are plain fields read in predictable branches. [`dispatch`] is the only place that
//! turns a runtime game string into a type.

pub mod adi;
pub mod ajwa;
pub mod ayo;
pub mod azigo;
pub mod bao;
pub mod cups;
pub mod dispatch;
pub mod four_row;
pub mod giuti;
pub mod kalah;
pub mod kpo;
pub mod lela;
pub mod omweso;
pub mod oware;
pub mod relay;
pub mod spec;
pub mod woaley1;

use crate::core::{Board, ParsePositionError, Side};
use arrayvec::ArrayVec;
use std::fmt::Debug;
use std::hash::Hash;
use thiserror::Error;

pub use adi::{Adi, AdiSpec};
pub use ajwa::{Ajwa, AjwaSpec};
pub use azigo::{Azigo, AzigoSpec};
pub use bao::{Bao, BaoSpec};
pub use cups::{Cups, CupsSpec};
pub use dispatch::{dispatch, GameJob};
pub use four_row::FourRowPosition;
pub use giuti::{Giuti, GiutiSpec};
pub use kalah::{Kalah, KalahSpec};
pub use kpo::{Kpo, KpoSpec};
pub use lela::{Lela, LelaSpec};
pub use omweso::{Omweso, OmwesoSpec};
pub use oware::{Oware, OwareSpec};
pub use spec::{games, GameInfo, GameSpec, KeyInfo, ParseGameError};
pub use woaley1::{Woaley1, Woaley1Spec};

/// Most moves any position of a supported game has: the four-row games have up to 48 (Omweso:
/// 16 forward moves and up to 8 reverse moves from each of 4 holes; Bao: 16 holes x 2 directions,
/// or 8 holes x 2 kichwa x stop or safari).
pub const MAX_CHILDREN: usize = 64;

/// Lossless codes ([`Rules::table_code`]) are below `2^CODE_BITS`: the transposition table
/// ([`crate::search::tt`]) keeps that many bits of a position's code.
pub const CODE_BITS: u32 = 52;

/// A legal move and the position it leads to.
#[derive(Debug, PartialEq, Eq)]
pub struct Child<R: Rules> {
    /// The move.
    pub mv: R::Move,
    /// The position after it, whoever is to move there (the same side after an extra turn).
    pub pos: R::Position,
}

impl<R: Rules> Clone for Child<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Rules> Copy for Child<R> {}

/// The legal moves of a position with their results; fixed capacity, no allocation.
pub type Children<R> = ArrayVec<Child<R>, MAX_CHILDREN>;

/// How the seeds left on the board are shared when a game ends.
///
/// Both counts are seeds taken from the houses into the stores by the end-of-game rule; seeds
/// that go to nobody (a majority stop, an odd seed of an even split) are in neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Seeds the player to move adds to their store.
    pub mover: u32,
    /// Seeds the opponent adds to their store.
    pub opponent: u32,
}

impl Outcome {
    /// The board goes to nobody (games where only captures count).
    pub const NOTHING: Outcome = Outcome {
        mover: 0,
        opponent: 0,
    };

    /// What the end-of-game rule adds to the store difference, in seeds, from the mover's side.
    #[inline]
    pub fn value(self) -> i32 {
        self.mover as i32 - self.opponent as i32
    }
}

/// Why a move text was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Not a move in the game's notation.
    #[error("`{token}` is not a move: {notation}")]
    NotAMove {
        /// The token.
        token: String,
        /// The game's move notation, in words.
        notation: &'static str,
    },
    /// A house of the player who is not to move.
    #[error("`{token}` is a house of {owner}, but {to_move} is to move")]
    WrongSide {
        /// The token.
        token: String,
        /// Owner of the house named.
        owner: Side,
        /// Side to move.
        to_move: Side,
    },
    /// A letter beyond the board.
    #[error("`{token}` names no house: each player has {houses} houses")]
    NoSuchHouse {
        /// The token.
        token: String,
        /// Houses per player.
        houses: usize,
    },
}

/// The rules of one game: positions, moves, the end of the game and notation.
///
/// Values are in seeds from the point of view of the player to move: the *final store
/// difference* of a position is its store difference ([`Rules::store_difference`]) plus what the
/// board still brings ([`Outcome::value`] at the end). Positions are `Copy` and moves are
/// generated into a fixed-capacity [`Children`] list: no allocation while playing or searching.
pub trait Rules: Send + Sync + Sized + 'static {
    /// Whether a move can give the mover another turn (Kalah: the last seed in the own store).
    const EXTRA_TURN: bool;
    /// Whether a position can repeat within a game, so that searches must apply the
    /// repetition rule (RULES.md §0): the game ends at a repeated position.
    const CAN_REPEAT: bool;
    /// Whether the exact solver, among moves of equal immediate gain, searches the last
    /// generated move first (Kalah: the house nearest the store) rather than the first. A
    /// search heuristic only, chosen per game by node counts
    /// (`results/benchmarks/move-order.md`): the wrong choice costs Kalah(6,3) 40 times the
    /// nodes and Wari(3,2) more than 1,000 times.
    const EQUAL_GAIN_LAST_FIRST: bool = true;

    /// A position: the board and all game state that decides what follows (not the history).
    type Position: Copy + Eq + Hash + Send + Sync + Debug;
    /// A move.
    type Move: Copy + Eq + Debug + Send + Sync;

    /// The game string, canonical (RULES.md §12).
    fn spec(&self) -> &GameSpec;
    /// The start position.
    fn start(&self) -> Self::Position;
    /// The player to move.
    fn side_to_move(&self, pos: &Self::Position) -> Side;
    /// If the game is over at `pos`, how the end-of-game rule shares the seeds on the board.
    /// (A game that ends by repetition is decided by [`Rules::repetition_outcome`] instead.)
    fn outcome(&self, pos: &Self::Position) -> Option<Outcome>;
    /// How the seeds are shared when the game ends because `pos` repeats.
    fn repetition_outcome(&self, pos: &Self::Position) -> Outcome;
    /// The occurrence of a position that ends the game by repetition (RULES.md §0): 2 (the
    /// default: the first repeat ends it) or 3 (Oware's `repetition-count=3`, the rule of the
    /// Awari Oracle and of lichess). Occurrences count among the positions since the last move
    /// that took seeds off the board ([`crate::game::Line::repetition_window`]); see
    /// [`repeats`].
    fn repetition_occurrences(&self) -> usize {
        2
    }
    /// The moves in a row without a capture after which the game ends (Woaley II's
    /// `no-capture-moves`, RULES.md §4.5), if the game has such a rule; `None` (the default):
    /// none. Counted as the repetition window is ([`crate::game::Line::repetition_window`]:
    /// the moves since the last move that took seeds off the board, or since the start of the
    /// record), so only games that can repeat ([`Rules::CAN_REPEAT`]) may have one.
    fn quiet_limit(&self) -> Option<usize> {
        None
    }
    /// How the seeds are shared when the game ends by [`Rules::quiet_limit`] at `pos`; the
    /// default is [`Rules::repetition_outcome`].
    fn quiet_outcome(&self, pos: &Self::Position) -> Outcome {
        self.repetition_outcome(pos)
    }
    /// Appends the legal moves of `pos` and their positions to `out` (`pos` not over).
    fn children(&self, pos: &Self::Position, out: &mut Children<Self>);
    /// A legal move of `pos` (not over) and its position, chosen uniformly at random by `r`, a
    /// uniform 32-bit number: the move of index `r * n / 2^32` among the `n` that
    /// [`Rules::children`] lists. Games override it to play only the chosen move (random
    /// playouts); the choice must stay the same, except where finding whether a candidate is
    /// legal costs its whole sowing (Omweso and Bao: a relay past the lap limit), where the
    /// override keeps each legal move's probability `1/n` instead.
    #[inline]
    fn random_child(&self, pos: &Self::Position, r: u32) -> Child<Self> {
        if Self::OWN_RANDOM_STEP {
            return self
                .random_step(pos, || r)
                .expect("random_child is asked only where the game is not over");
        }
        let mut children = Children::<Self>::new();
        self.children(pos, &mut children);
        children[((r as u64 * children.len() as u64) >> 32) as usize]
    }
    /// Whether the game overrides [`Rules::random_step`]: random playouts then take their steps
    /// from it, and [`Rules::random_child`] its child; else from [`Rules::outcome`] and
    /// [`Rules::random_child`] (the same moves; the two-row games keep the loop they were tuned
    /// with).
    const OWN_RANDOM_STEP: bool = false;
    /// One step of a random playout: the game's end at `pos` if it is over
    /// ([`Rules::outcome`]), else [`Rules::random_child`]`(pos, r())`, `r` called only then (so
    /// that a playout draws the same numbers either way). Games that find whether a move exists
    /// by sowing one override it to sow just the chosen move (and set
    /// [`Rules::OWN_RANDOM_STEP`]).
    #[inline(always)]
    fn random_step(
        &self,
        pos: &Self::Position,
        r: impl FnOnce() -> u32,
    ) -> Result<Child<Self>, Outcome> {
        match self.outcome(pos) {
            Some(o) => Err(o),
            None => Ok(self.random_child(pos, r())),
        }
    }
    /// Mover's store minus opponent's store, in seeds.
    fn store_difference(&self, pos: &Self::Position) -> i32;
    /// A heuristic value of `pos` (not over) from the mover's side, in seeds: what the
    /// `alphabeta` agent uses at its horizon and the `greedy` agent maximises. The default is
    /// the store difference; games without stores override it (documented per game).
    #[inline(always)]
    fn evaluate(&self, pos: &Self::Position) -> i32 {
        self.store_difference(pos)
    }
    /// Seeds on the board (in houses, not stores).
    fn board_seeds(&self, pos: &Self::Position) -> u32;
    /// A key such that two positions with the same key have the same `value - store_difference`
    /// under perfect play (with an empty repetition history): what the transposition table and
    /// databases store.
    fn value_key(&self, pos: &Self::Position) -> u128;

    /// Whether [`Rules::value_key`] is lossless for `pos` and every position that follows it,
    /// as the transposition table and the memo of the exact searches need: `Err(why)` names the
    /// limit otherwise (the wide boards' unary keys, [`crate::core::Pits::unary_key`]), and
    /// the solver refuses the position. The default: always lossless.
    fn exact_keys(&self, _pos: &Self::Position) -> Result<(), String> {
        Ok(())
    }

    /// A lossless code of [`Rules::value_key`] below `2^`[`CODE_BITS`], if
    /// the game has one for `pos`: the transposition table then stores entries that can never
    /// be mistaken for another position's. `None` (the default): the table hashes the value
    /// key. Called at every node of the solver, so it must be cheap.
    #[inline(always)]
    fn table_code(&self, _pos: &Self::Position) -> Option<u64> {
        None
    }

    /// An upper bound on the number of distinct [`Rules::value_key`]s of the game, if one is
    /// known, so that a transposition table is never made larger than the game can fill.
    /// `None` (the default): no useful bound.
    fn key_space(&self) -> Option<u128> {
        None
    }

    /// Parses position text (RULES.md §12).
    fn parse_position(&self, text: &str) -> Result<Self::Position, ParsePositionError>;
    /// Prints position text (RULES.md §12).
    fn format_position(&self, pos: &Self::Position) -> String;
    /// Draws the board in ASCII, North on top: [`Rules::draw_from`] with South at the bottom.
    ///
    /// A drawing shows every piece of state a player needs: the seeds in each house (hole) and
    /// store, the side to move (`<- to move`), and the game's further state (Woaley I's forced
    /// house, Cups' hands, Adi's last capturer, Bao's reserves, kuu, stage and takasia marks),
    /// as each game's `draw_from` documents. The text is stable: tests compare it.
    fn draw(&self, pos: &Self::Position) -> String;
    /// Draws the board as the player `bottom` sees it from their seat: their own rows at the
    /// bottom, the opponent's on top (`mancala play` draws the human's side at the bottom).
    /// The default draws [`Rules::draw`] whatever `bottom` is (North on top): every game of
    /// the crate overrides it.
    fn draw_from(&self, pos: &Self::Position, bottom: Side) -> String {
        let _ = bottom;
        self.draw(pos)
    }
    /// Parses a move for the side to move of `pos` (not checked for legality).
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, ParseMoveError>;
    /// Prints a move of the side to move of `pos`.
    fn format_move(&self, pos: &Self::Position, mv: Self::Move) -> String;
    /// Final stores `[south, north]` of a finished game at `pos`.
    fn final_stores(&self, pos: &Self::Position, outcome: Outcome) -> [u32; 2];
    /// Games played in rounds (Adi's house buying, RULES.md §5, and Ayo's rounds, §7, with
    /// `rounds`): the rules and the start position of the next round after a round that
    /// started at `start` and ended with the final stores `stores` (`[south, north]`, in
    /// seeds), or `None` when the game is over. The arena and `mancala play` play the rounds as one game whose result is the last
    /// round's stores; the solvers work on one round. The default: a game is one round.
    fn next_round(
        &self,
        start: &Self::Position,
        stores: [u32; 2],
    ) -> Option<(Self, Self::Position)> {
        let _ = (start, stores);
        None
    }

    /// The number of distinct actions: every move's [`Rules::action`] lies in
    /// `0..num_actions()`, and every index below it is the code of some move of the notation
    /// (a tight bound for OpenSpiel-style integer actions).
    fn num_actions(&self) -> usize;
    /// The integer action of move `mv` (of either side: actions are mover-relative, so the
    /// same index names the same house of whoever is to move). Per family:
    ///
    /// * Kalah, Oware (and its presets, `ayo` among them), Kpo, Adi, Ajwa: the mover's house, `0..m` from the mover's left
    ///   (`A`.. for South, `a`.. for North); `m` actions.
    /// * Giuti: the house `h` plus `m` for a clockwise move (`A+` is 0, `A-` is `m`); `2m`.
    /// * Woaley I: the house lifted on the mover-relative board (`0..m` the mover's, `m..2m`
    ///   the opponent's, each from its owner's left), `2m` for `pass`; `2m + 1`.
    /// * Cups: harvest bowl `h` is `h`, plant `p<k>` is `m + k - 1`, `pass` is `2m`; `2m + 1`.
    /// * Omweso: a forward move from hole `h` (`A`..`P`) is `h`; `X-k` (k reverse laps) is
    ///   `16 + 8j + k - 1` for `X` the `j`-th of `A`, `B`, `O`, `P`; 48 actions.
    /// * Bao: hole `h` plus 16 for `-` (`A+` 0, `P-` 31); a safari at the kuu, `X+s` / `X-s`
    ///   (front holes `I`..`P` only), is `32 + (h - 8)` plus 8 for `-`; 48 actions.
    /// * Lela: sowing hole `h` (`A`..`N`) is `h`, placing from `h` (`X*`) is `14 + h`; 28.
    fn action(&self, mv: Self::Move) -> usize;

    /// The shape of [`Rules::observe`]'s tensor (row-major), the same for every position:
    ///
    /// * two-row games `[2, m + 2]`: row 0 the player to move, row 1 the opponent; in each row
    ///   columns `0..m` the seeds in that player's houses from the owner's left (their letters
    ///   `A`.. / `a`..), column `m` the seeds in their store, column `m + 1` the game's state for
    ///   that player: Adi 1 for the player who made the last capture (else 0); Cups the beans
    ///   in their hand; Woaley I (mover's row only) 0 for a free choice, -1 for "from the own
    ///   side", `1 + i` when house `i` of the mover-relative board (`0..m` the mover's, `m..2m`
    ///   the opponent's) must be lifted; 0 in the other games.
    /// * four-row games `[2, 19]`: row 0 the player to move, row 1 the opponent; columns
    ///   `0..16` the seeds in holes `A`..`P` of that player (RULES.md §9 letters: back row
    ///   `A`..`H`, front row `I`..`P`), 16 the reserve (Bao), 17 1 if they own their kuu
    ///   (Bao), 18 `1 + h` if their hole `h` is takasia-marked, else 0.
    /// * Lela `[2, 16]`: row 0 the player to move, row 1 the opponent; columns `0..14` the seeds
    ///   in holes `A`..`N` of that player, 14 their store, 15 the seeds in their hand.
    fn observation_shape(&self) -> Vec<usize>;
    /// Writes the observation of `pos` into `out` (as long as the product of
    /// [`Rules::observation_shape`]), from the point of view of `pos`'s mover, in seeds.
    fn observe(&self, pos: &Self::Position, out: &mut [f32]);

    /// Endgame databases ([`crate::egdb`]): the houses per player if every position's value
    /// minus its store difference depends on its houses alone (so one database entry serves
    /// every store state), else why not, in words.
    fn egdb_houses(&self) -> Result<usize, String> {
        Err(
            "the databases are built for Kalah and for Awari and Oware with \
             repetition=even-split"
                .to_string(),
        )
    }
    /// The houses of `pos` seen from its mover (bytes `0..2m` of a [`Board`], stores zero): its
    /// database entry's key. `None` for games without databases.
    fn egdb_board(&self, _pos: &Self::Position) -> Option<Board> {
        None
    }
    /// A position with the houses of `board` (mover-relative, as [`Rules::egdb_board`] gives),
    /// empty stores and South to move. `None` for games without databases.
    fn egdb_position(&self, _board: Board) -> Option<Self::Position> {
        None
    }
    /// Databases: calls `f(parent)` once for
    /// every legal move, of every position with the same seeds on the board, that leads to the
    /// position of `child` without taking a seed off the board (no capture; the side to move
    /// changes), with `parent` the board before the move (both mover-relative, as
    /// [`Rules::egdb_board`] gives). A board two moves of one parent lead to is given once per
    /// move. The cyclic database builder (and the distributed builder, for every game)
    /// propagates values along these moves backwards; every game with databases must implement
    /// it (the default gives nothing).
    fn egdb_parents(&self, _child: Board, _f: &mut impl FnMut(Board)) {}
}

/// What a [`Rules::random_step`] override plays when the candidate `r` chose turned out not to
/// be a legal move (its sowing never ends): the game's end if `pos` has no legal move, else a
/// legal move drawn uniformly by a number mixed from `r` (SplitMix64's finaliser), so that the
/// draw is not correlated with that choice.
pub(crate) fn redrawn_step<R: Rules>(
    rules: &R,
    pos: &R::Position,
    r: u32,
) -> Result<Child<R>, Outcome> {
    if let Some(o) = rules.outcome(pos) {
        return Err(o);
    }
    let mut children = Children::<R>::new();
    rules.children(pos, &mut children);
    let mixed =
        ((u64::from(r) ^ 0x9E37_79B9_7F4A_7C15).wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 32) as u32;
    Ok(children[((mixed as u64 * children.len() as u64) >> 32) as usize])
}

/// Whether `pos` ends the game by repetition after the positions of `window` (the earlier
/// positions it could repeat, [`crate::game::Line::repetition_window`]): it occurs there
/// [`Rules::repetition_occurrences`] − 1 times or more. Always false for games that cannot
/// repeat.
#[inline]
pub fn repeats<R: Rules>(rules: &R, window: &[R::Position], pos: &R::Position) -> bool {
    if !R::CAN_REPEAT {
        return false;
    }
    let need = rules.repetition_occurrences() - 1;
    if need == 1 {
        return window.contains(pos);
    }
    window.iter().filter(|p| *p == pos).count() >= need
}

/// How the game ends at `pos` by [`Rules::quiet_limit`] after the positions of `window` (the
/// earlier positions since the last move that took seeds off the board), if it does: `window`
/// holds one position per move made without a capture.
#[inline]
pub fn quiet_end<R: Rules>(
    rules: &R,
    window: &[R::Position],
    pos: &R::Position,
) -> Option<Outcome> {
    match rules.quiet_limit() {
        Some(n) if R::CAN_REPEAT && window.len() >= n => Some(rules.quiet_outcome(pos)),
        _ => None,
    }
}

/// Shared notation and accounting of the two-row games whose position is a
/// [`crate::core::TwoRowPosition`] and whose move is a mover-relative house index.
pub(crate) mod two_row {
    /// The notation of games whose moves are house letters.
    pub const HOUSE_LETTERS: &str = "moves are house letters, South's `A`.. and North's `a`..";

    use super::{GameSpec, Outcome, ParseMoveError};
    use crate::core::{house_letter, parse_house_letter, Board, Pits, Side, TwoRowPosition};

    /// An own house of the mover of `pos`, named by its letter.
    pub fn parse_move<B: Pits>(
        m: usize,
        pos: &TwoRowPosition<B>,
        text: &str,
    ) -> Result<u8, ParseMoveError> {
        let token = text.trim();
        let house = parse_board_letter(m, pos, token)?;
        if house >= m {
            return Err(ParseMoveError::WrongSide {
                token: token.to_string(),
                owner: pos.side.opponent(),
                to_move: pos.side,
            });
        }
        Ok(house as u8)
    }

    pub fn format_move<B: Pits>(pos: &TwoRowPosition<B>, house: u8) -> String {
        house_letter(pos.side, house as usize).to_string()
    }

    /// Ways to place at most `total` seeds in `2m` houses: `C(total + 2m, 2m)`.
    pub fn board_configurations(m: usize, total: u32) -> u128 {
        let (n, k) = (total as u128 + 2 * m as u128, 2 * m as u128);
        (0..k).fold(1u128, |c, i| c * (n - i) / (i + 1))
    }

    /// The [`Rules`](super::Rules) methods that every two-row game with a [`TwoRowPosition`]
    /// shares: game string, side to move, stores. Expects a field `spec: GameSpec`.
    macro_rules! two_row_basics {
        () => {
            fn spec(&self) -> &GameSpec {
                &self.spec
            }

            fn side_to_move(&self, pos: &Self::Position) -> Side {
                pos.side
            }

            #[inline(always)]
            fn store_difference(&self, pos: &Self::Position) -> i32 {
                pos.board.store_difference()
            }

            fn final_stores(&self, pos: &Self::Position, outcome: Outcome) -> [u32; 2] {
                $crate::rules::two_row::final_stores(pos, outcome)
            }
        };
    }
    pub(crate) use two_row_basics;

    /// [`two_row_basics`] and the start position (every house holding the game's seeds), the
    /// seeds on the board and the position text of a two-row game without extra state. Expects
    /// fields `spec: GameSpec` and `m: usize` (houses per player).
    macro_rules! two_row_plain {
        () => {
            $crate::rules::two_row::two_row_basics!();

            fn start(&self) -> Self::Position {
                $crate::rules::two_row::start(&self.spec, Side::South)
            }

            #[inline(always)]
            fn board_seeds(&self, pos: &Self::Position) -> u32 {
                pos.board.board_seeds(self.m)
            }

            fn parse_position(&self, text: &str) -> Result<Self::Position, ParsePositionError> {
                TwoRowPosition::parse(text, self.m, self.spec.total_seeds())
            }

            fn format_position(&self, pos: &Self::Position) -> String {
                pos.to_text(self.m)
            }
        };
    }
    pub(crate) use two_row_plain;

    /// The plain two-row drawing (both rows and stores). Expects a field `m: usize`.
    macro_rules! two_row_drawing {
        () => {
            fn draw(&self, pos: &Self::Position) -> String {
                pos.to_ascii(self.m)
            }

            fn draw_from(&self, pos: &Self::Position, bottom: Side) -> String {
                pos.to_ascii_from(self.m, bottom)
            }
        };
    }
    pub(crate) use two_row_drawing;

    /// Moves that are the mover's house letters, actions `0..m` (the house), and the
    /// observation's shape: what Kalah, Oware and Adi share. Expects a field `m: usize`.
    macro_rules! two_row_house_moves {
        () => {
            fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<u8, ParseMoveError> {
                $crate::rules::two_row::parse_move(self.m, pos, text)
            }

            fn format_move(&self, pos: &Self::Position, mv: u8) -> String {
                $crate::rules::two_row::format_move(pos, mv)
            }

            fn num_actions(&self) -> usize {
                self.m
            }

            fn action(&self, mv: u8) -> usize {
                mv as usize
            }

            fn observation_shape(&self) -> Vec<usize> {
                vec![2, self.m + 2]
            }
        };
    }
    pub(crate) use two_row_house_moves;

    /// [`two_row_plain`], [`two_row_drawing`], house-letter moves and [`two_row_egdb`]: the
    /// methods Kalah and Oware share.
    macro_rules! two_row_common {
        () => {
            $crate::rules::two_row::two_row_plain!();
            $crate::rules::two_row::two_row_drawing!();
            $crate::rules::two_row::two_row_house_moves!();
            $crate::rules::two_row::two_row_egdb!();
        };
    }
    pub(crate) use two_row_common;

    /// The plain observation and the database boards of a two-row game without extra state.
    macro_rules! two_row_egdb {
        () => {
            fn observe(&self, pos: &Self::Position, out: &mut [f32]) {
                $crate::rules::two_row::observe(pos, self.m, [0.0, 0.0], out)
            }

            #[inline(always)]
            fn egdb_board(&self, pos: &Self::Position) -> Option<Board> {
                $crate::core::Pits::narrow(&$crate::core::Pits::houses_only(pos.board, self.m))
            }

            #[inline(always)]
            fn egdb_position(&self, board: Board) -> Option<Self::Position> {
                Some(TwoRowPosition {
                    board: $crate::core::Pits::from_narrow(Board(
                        board.0 & Board::houses_mask(self.m),
                    ))?,
                    side: Side::South,
                })
            }
        };
    }
    pub(crate) use two_row_egdb;

    /// The two-row observation ([`Rules::observation_shape`](super::Rules::observation_shape)):
    /// `[2, m + 2]`, the mover's row first, `state` the last column of each row.
    pub fn observe<B: Pits>(pos: &TwoRowPosition<B>, m: usize, state: [f32; 2], out: &mut [f32]) {
        let b = pos.board;
        for (row, first) in [0, m].into_iter().enumerate() {
            let cells = &mut out[row * (m + 2)..(row + 1) * (m + 2)];
            for (i, cell) in cells[..m].iter_mut().enumerate() {
                *cell = b.get(first + i) as f32;
            }
            cells[m] = b.get([B::MOVER_STORE, B::OPPONENT_STORE][row]) as f32;
            cells[m + 1] = state[row];
        }
    }

    /// The start position of `spec`: every house holding the game's seeds per house, empty
    /// stores, `side` to move.
    pub fn start<B: Pits>(spec: &GameSpec, side: Side) -> TwoRowPosition<B> {
        let m = spec.houses();
        let seeds = spec.total_seeds() / (2 * m as u32);
        TwoRowPosition::from_absolute(&vec![seeds; 2 * m], [0, 0], side)
    }

    /// The letter of house `i` of the board seen from `pos`'s mover (`0..m` the mover's,
    /// `m..2m` the opponent's): the owner's letter, South's `A`.. or North's `a`...
    pub fn board_letter<B: Pits>(pos: &TwoRowPosition<B>, m: usize, i: usize) -> char {
        if i < m {
            house_letter(pos.side, i)
        } else {
            house_letter(pos.side.opponent(), i - m)
        }
    }

    /// The house of the board (mover-relative, `0..2m`) that a one-letter token names, on
    /// either side.
    pub fn parse_board_letter<B: Pits>(
        m: usize,
        pos: &TwoRowPosition<B>,
        token: &str,
    ) -> Result<usize, ParseMoveError> {
        let mut chars = token.chars();
        let (owner, i) = match (chars.next().and_then(parse_house_letter), chars.next()) {
            (Some(x), None) => x,
            _ => {
                return Err(ParseMoveError::NotAMove {
                    token: token.to_string(),
                    notation: HOUSE_LETTERS,
                })
            }
        };
        if i >= m {
            return Err(ParseMoveError::NoSuchHouse {
                token: token.to_string(),
                houses: m,
            });
        }
        Ok(if owner == pos.side { i } else { m + i })
    }

    /// The houses and the state byte of `pos`: the value key of games whose state is one byte.
    #[inline(always)]
    pub fn houses_and_state(pos: &TwoRowPosition, m: usize) -> u128 {
        pos.board.houses_and_state(m).0
    }

    /// [`Rules::exact_keys`](super::Rules::exact_keys) of games whose value key is the houses
    /// ([`Pits::unary_key`]) and whose seeds on the board never increase: lossless for `board`
    /// and all that follows while the wide board's unary code fits 128 bits (always on the
    /// packed board).
    pub fn exact_unary_keys<B: Pits>(board: &B, m: usize, extra: u32) -> Result<(), String> {
        if board.narrow().is_some() || board.board_seeds(m) + extra + 2 * m as u32 <= 127 {
            return Ok(());
        }
        Err(format!(
            "the exact searches key a position of {} by its houses in unary, lossless only \
             while the {} houses and the seeds counted (here {}) stay below 128; this \
             position is beyond that: solve a position with fewer seeds on the board",
            B::NAME,
            2 * m,
            board.board_seeds(m) + extra,
        ))
    }

    /// The unary key ([`Pits::unary_key`]) of the `2m` houses followed by the two counts
    /// `extra` (stores or hands): the value key of wide games whose key holds more than the
    /// houses. `None` where it does not fit 128 bits.
    pub fn unary_with<B: Pits>(board: &B, m: usize, extra: [u32; 2]) -> Option<u128> {
        board
            .houses_only(m)
            .with(2 * m, extra[0])
            .with(2 * m + 1, extra[1])
            .unary_key(2 * m + 2)
    }

    /// `Ok` on the packed board; the databases' refusal on the wide board.
    pub fn packed_only<B: Pits>() -> Result<(), String> {
        match B::from_narrow(Board(0)) {
            Some(_) => Ok(()),
            None => Err(format!(
                "the databases are built on the packed board (at most {} houses a player and \
                 {} seeds); this game needs {}",
                crate::core::MAX_HOUSES,
                crate::core::MAX_SEEDS,
                B::NAME
            )),
        }
    }

    /// Each player takes the seeds on their own side (RULES.md §0, the repetition rule).
    pub fn own_sides<B: Pits>(pos: &TwoRowPosition<B>, m: usize) -> Outcome {
        Outcome {
            mover: pos.board.mover_seeds(m),
            opponent: pos.board.opponent_seeds(m),
        }
    }

    pub fn final_stores<B: Pits>(pos: &TwoRowPosition<B>, outcome: Outcome) -> [u32; 2] {
        let (south, north) = match pos.side {
            Side::South => (outcome.mover, outcome.opponent),
            Side::North => (outcome.opponent, outcome.mover),
        };
        [
            pos.store(Side::South) + south,
            pos.store(Side::North) + north,
        ]
    }
    /// Houses owned by the player across the board (Adi's houses bought, Ayo's houses won),
    /// by row: bit `i` of `[0]` is South's house `i` (`A` + i) owned by North, bit `i` of `[1]`
    /// North's house `i` (`a` + i) owned by South.
    pub type HeldAcross = [u32; 2];

    /// The letters of the houses of `row` set in `mask`, in index order.
    pub fn row_letters(row: Side, mask: u32) -> impl Iterator<Item = char> {
        (0..32)
            .filter(move |&i| mask >> i & 1 == 1)
            .map(move |i| house_letter(row, i))
    }

    /// The text of `held` (`AB` + `ef`: South's A and B, North's e and f): the letters of the
    /// houses, South's row first (the game-string value of Adi's `bought`, Ayo's `won`).
    pub fn held_across_text(held: &HeldAcross) -> String {
        row_letters(Side::South, held[0])
            .chain(row_letters(Side::North, held[1]))
            .collect()
    }

    /// [`HeldAcross`] from its text: house letters within `houses` houses, each at most once.
    pub fn parse_held_across(text: &str, houses: u8) -> Option<HeldAcross> {
        let mut held = [0u32; 2];
        for c in text.chars() {
            let (side, i) = parse_house_letter(c)?;
            if i >= houses as usize || held[side.index()] >> i & 1 == 1 {
                return None;
            }
            held[side.index()] |= 1 << i;
        }
        Some(held)
    }

    /// The drawing's line `      <label>: e by South, F by North` naming the houses each player
    /// holds in the other row, or `None` when nobody does.
    pub fn held_across_line(held: &HeldAcross, label: &str) -> Option<String> {
        let by = |holder: Side| {
            let row = holder.opponent();
            let letters: String = row_letters(row, held[row.index()]).collect();
            (!letters.is_empty()).then(|| format!("{letters} by {holder}"))
        };
        let parts: Vec<String> = [Side::South, Side::North]
            .into_iter()
            .filter_map(by)
            .collect();
        (!parts.is_empty()).then(|| format!("      {label}: {}\n", parts.join(", ")))
    }

    /// By side to move: bit `p` set if the mover owns pit `p` of the mover-relative board
    /// (`0..m` the mover's row, `m..2m` the other) when `held` is held across.
    pub fn owned_pits(m: usize, held: &HeldAcross) -> [u64; 2] {
        let row = (1u64 << m) - 1;
        let [south_row_held, north_row_held] = held.map(u64::from);
        [
            (row & !south_row_held) | north_row_held << m,
            (row & !north_row_held) | south_row_held << m,
        ]
    }
}
