//! Oware / Wari / Awari (the abapa family), RULES.md §2 (seed 000, "A wari játékszabályai"),
//! and the `awari` preset of Romein & Bal (2002).
//!
//! * A move lifts a non-empty own house and sows counter-clockwise from the next house; stores
//!   only collect captures (§2.1). With `skip-origin=true` (default) a lap of `2m` or more seeds
//!   skips the house it was lifted from.
//! * **Capture** (§2.2): the last seed in an opponent's house that then holds a count of the
//!   capture set (`2-3`; Wari-72 `2-4-6`) takes it, then the preceding opponent houses (backwards
//!   along the sowing) one by one while their count is in the set.
//! * **Grand slam** (§2.5): a move that captures and leaves the opponent's houses all empty.
//!   `no-capture` (default): legal, captures nothing. `forbidden`: illegal unless every legal
//!   move is one; then it captures. `capture-all`: captures. `woaley-skip` (§4.3, seed 000
//!   Woaley II rule 10, "az első lyukat átugorva"): the move is sown again skipping the
//!   opponent's first house every time the sowing reaches it, and captures are judged on that
//!   sowing; if that is again a grand slam it captures nothing.
//! * **Feeding** (§2.3, `must-feed=true`): when the opponent has no seeds the mover must give
//!   them seeds (a move feeds if the opponent holds seeds after it, captures included); if no
//!   move does, the game ends and the mover takes every seed left. `must-feed=false` is the
//!   "American" variant (§2.7; `wari(american=true)`). For `awari` the rule reads instead: a move
//!   that leaves the opponent without seeds is illegal unless every move does so. For `woaley2`
//!   (§4.4, seed 000 "A woaley II." sudden death) the mover who cannot feed takes the seeds left
//!   but one, and the opponent gets that one.
//! * `ayo` (RULES.md §7, the reference and the decisions in [`super::ayo`]) plays as `oware`
//!   and also ends when the player to move holds only empty houses and singletons.
//! * Presets: `wari` is `oware` under the names of seed 000's Wari text (`american`, Wari-72 with
//!   `seeds=6` capturing on 2, 4 and 6, §2.6-§2.7); `woaley2` (§4) is `oware` with
//!   `grand-slam=woaley-skip` by default and the sudden-death gift above. Woaley II's optional
//!   end after N moves without a capture (§4.5, `woaley2(no-capture-moves=N)`, default `off`)
//!   gives each player the seeds on their own side ([`Rules::quiet_limit`]); the moves are
//!   plies (each player's move counts), counted from the last capture or from the start of the
//!   record (a record that starts from a given position does not know the moves before it).
//! * **End** (§2.4), checked in this order: the player to move has no seeds (the opponent takes
//!   the seeds left); the feeding rule above; with `stop-at-majority=true`, a store holding more
//!   than half the seeds (the seeds on the board then count for nobody).
//! * **Repetition** (§0, §12): a repeated position (board, stores, side to move) ends the game;
//!   `own-side`: each player takes the seeds on their side; `even-split`: the seeds left are
//!   split evenly (difference 0; an odd seed goes to nobody). Searches apply it from the history
//!   ([`Rules::CAN_REPEAT`]). `repetition-count=3` ends the game only at the third occurrence
//!   of a position (the Awari Oracle's and lichess's rule); occurrences are counted among the
//!   positions since the last capture, so the rule is the same as today's when the count is 2.
//! * **Exact solving with the history rules**: perft, `negamax` and `solve --method plain` keep
//!   the whole history of the line searched, so they are exact with `repetition-count=3` and
//!   `no-capture-moves`; the table-based solvers (`alphabeta`, `full`) and the databases refuse
//!   those games (a table entry would have to depend on how often and how long ago each position
//!   of the window occurred). Agents (`alphabeta`, `mcts`) search with the first-repeat rule and
//!   no move limit as a heuristic; the game record ([`crate::game::Line`]) applies the rules.

use super::spec::{GameOptions, GameSpec, Options, ParseGameError};
use super::two_row;
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::keyvalue::number;
use crate::core::sowing::Unsown;
use crate::core::{Board, ParsePositionError, Pits, Side, TwoRowPosition, WIDE_MAX_HOUSES};

/// Oware's parameters (RULES.md §2, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwareSpec {
    /// `oware` or the `awari` preset.
    pub preset: OwarePreset,
    /// Houses per player, `1..=20` (`1..=7` on the packed board).
    pub houses: u8,
    /// Seeds per house at the start.
    pub seeds: u8,
    /// A lap of `2m` or more seeds skips the house it was lifted from.
    pub skip_origin: bool,
    /// The feeding obligation (RULES.md §2.3; for `awari` the starving rule).
    pub must_feed: bool,
    /// Grand-slam policy.
    pub grand_slam: GrandSlam,
    /// Counts that capture.
    pub capture: CaptureSet,
    /// What a repeated position gives.
    pub repetition: Repetition,
    /// The game ends once a store holds more than half the seeds.
    pub stop_at_majority: bool,
    /// The occurrence of a position that ends the game: 2 (the first repeat, default) or 3
    /// (the Awari Oracle's and lichess's rule), key `repetition-count`.
    pub repetition_count: u8,
    /// `woaley2` only (RULES.md §4.5): the game ends after this many moves in a row without a
    /// capture (key `no-capture-moves`, default `off`).
    pub no_capture_moves: Option<u16>,
    /// `ayo` only ([`super::ayo`], Hanson's rounds): the houses won across the board in earlier
    /// rounds (key `won`, Adi's `bought` letters; default none).
    pub won: two_row::HeldAcross,
    /// `ayo` only: the most rounds of the match, this one included (key `rounds`, default 1).
    pub rounds: u8,
    /// `ayo` only: the houses a round's winner must win to win the match (key `goal`, default
    /// `⌈3m/2⌉`, 9 on six houses); 0 in the other games.
    pub goal: u8,
}

/// Which rule set an `oware`-family game string named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwarePreset {
    /// `oware`: an opponent who cannot be fed ends the game, the mover takes the rest.
    Oware,
    /// `awari` (Romein & Bal 2002): a move that leaves the opponent without seeds is illegal
    /// unless every move does so; then the opponent cannot move and the mover takes the rest.
    Awari,
    /// `wari`: the Wari rules of seed 000 (`american` drops the feeding rule; Wari-72 with
    /// `seeds=6`). Plays as `oware`; only the game string differs.
    Wari,
    /// `woaley2` (RULES.md §4): an opponent who cannot be fed ends the game with the sudden-death
    /// gift: the mover takes the seeds left but one, which goes to the opponent.
    Woaley2,
    /// `ayo` (RULES.md §7, [`super::ayo`]): plays as `oware`, and the game also ends when the
    /// player to move has only empty houses and singletons; each player then takes the seeds
    /// on their own side.
    Ayo,
}

/// Grand-slam policy (RULES.md §2.5, §4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrandSlam {
    /// Allowed, captures nothing (Abapa).
    NoCapture,
    /// Illegal unless every legal move is one; then it captures.
    Forbidden,
    /// Allowed, captures everything.
    CaptureAll,
    /// Sown again skipping the opponent's first house, captures judged on that sowing (Woaley II).
    WoaleySkip,
}

/// What a repeated position gives (RULES.md §0, §2.4, §12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Each player takes the seeds on their own side.
    OwnSide,
    /// The remaining seeds are split evenly (difference 0).
    EvenSplit,
}

/// A set of seed counts (1..=255) that capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureSet([u64; 4]);

impl CaptureSet {
    /// Whether a house holding `seeds` after the last seed is captured.
    #[inline(always)]
    pub fn contains(&self, seeds: u32) -> bool {
        seeds < 256 && (self.0[(seeds >> 6) as usize] >> (seeds & 63)) & 1 == 1
    }

    fn from_counts(counts: &[u64]) -> CaptureSet {
        let mut s = [0u64; 4];
        for &c in counts {
            s[(c >> 6) as usize] |= 1 << (c & 63);
        }
        CaptureSet(s)
    }

    /// The set a `capture` value names: counts joined by `-`.
    fn parse(v: &str) -> Option<CaptureSet> {
        let counts: Option<Vec<u64>> = v.split('-').map(|c| number(c, 1, 255)).collect();
        counts.map(|c| CaptureSet::from_counts(&c))
    }

    /// The `capture` value of the set.
    fn text(&self) -> String {
        let counts: Vec<String> = (1..256)
            .filter(|&c| self.contains(c))
            .map(|c| c.to_string())
            .collect();
        counts.join("-")
    }
}

const GRAND_SLAMS: &[(&str, GrandSlam)] = &[
    ("no-capture", GrandSlam::NoCapture),
    ("forbidden", GrandSlam::Forbidden),
    ("capture-all", GrandSlam::CaptureAll),
    ("woaley-skip", GrandSlam::WoaleySkip),
];
const REPETITIONS: &[(&str, Repetition)] = &[
    ("own-side", Repetition::OwnSide),
    ("even-split", Repetition::EvenSplit),
];

impl GameOptions for OwareSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        use OwarePreset::{Awari, Ayo, Oware, Wari, Woaley2};
        let names = &[
            ("oware", Oware),
            ("awari", Awari),
            ("wari", Wari),
            ("woaley2", Woaley2),
            ("ayo", Ayo),
        ];
        let preset = o.names(names, |s| s.preset);
        let houses = o.houses(WIDE_MAX_HOUSES as u8, |s| s.houses)?;
        let seeds = o.seeds(|s| s.seeds)?;
        // Wari-72 (`wari(seeds=6)`, RULES.md §2.6) captures on 2, 4 and 6.
        let wari_72 = preset == Wari && seeds == 6;
        let capture = o.option(
            "capture",
            |s| s.capture,
            CaptureSet::from_counts(if wari_72 { &[2, 4, 6] } else { &[2, 3] }),
            CaptureSet::parse,
            CaptureSet::text,
            if preset == Wari {
                "seed counts from 1 to 255 joined by `-`, for example 2-3; 2-4-6 by default when \
                 seeds=6 (Wari-72)"
            } else {
                "seed counts from 1 to 255 joined by `-`, for example 2-3"
            },
        )?;
        let must_feed = if preset == Wari {
            !o.flag("american", |s| !s.must_feed, false)?
        } else {
            o.flag("must-feed", |s| s.must_feed, true)?
        };
        let grand_slam = match preset {
            Awari => GrandSlam::Forbidden,
            Woaley2 => GrandSlam::WoaleySkip,
            Oware | Wari | Ayo => GrandSlam::NoCapture,
        };
        let repetition = if preset == Awari {
            Repetition::EvenSplit
        } else {
            Repetition::OwnSide
        };
        let mut spec = OwareSpec {
            preset,
            houses,
            seeds,
            skip_origin: o.flag("skip-origin", |s| s.skip_origin, true)?,
            must_feed,
            grand_slam: o.choice("grand-slam", |s| s.grand_slam, grand_slam, GRAND_SLAMS)?,
            capture,
            repetition: o.choice("repetition", |s| s.repetition, repetition, REPETITIONS)?,
            stop_at_majority: o.flag("stop-at-majority", |s| s.stop_at_majority, false)?,
            repetition_count: o.number("repetition-count", |s| s.repetition_count, 2, 2, 3)?,
            no_capture_moves: if preset == Woaley2 {
                o.option(
                    "no-capture-moves",
                    |s| s.no_capture_moves,
                    None,
                    |v| match v {
                        "off" => Some(None),
                        v => number(v, 1, u16::MAX as u64).map(|n| Some(n as u16)),
                    },
                    |v| v.map_or("off".to_string(), |n| n.to_string()),
                    "off or a whole number of moves from 1 to 65535",
                )?
            } else {
                None
            },
            won: [0, 0],
            rounds: 1,
            goal: 0,
        };
        if preset == Ayo {
            spec.won = o.held_across("won", |s| s.won, houses, "won in earlier rounds")?;
            spec.rounds = o.number("rounds", |s| s.rounds, 1, 1, 255)?;
            spec.goal = o.number(
                "goal",
                |s| s.goal,
                houses.div_ceil(2) + houses,
                1,
                2 * houses,
            )?;
            if spec.stop_at_majority && (spec.won != [0, 0] || spec.rounds > 1) {
                return Err(ParseGameError::BadValue {
                    key: "stop-at-majority".to_string(),
                    value: "true".to_string(),
                    expected: "false with `won` or `rounds`: Ayo's rounds are scored on all the \
                               seeds of a round"
                        .to_string(),
                });
            }
        }
        Ok(spec)
    }
}

/// The Oware rules of one game string, on the packed [`Board`] (the default) or the wide board
/// ([`crate::core::WideBoard`], for games beyond 7 houses or 255 seeds).
#[derive(Clone, Debug)]
pub struct Oware<B: Pits = Board> {
    spec: GameSpec,
    m: usize,
    total: u32,
    awari: bool,
    /// `woaley2`: the sudden-death gift of one seed (RULES.md §4.4).
    sudden_death_gift: bool,
    /// `ayo`: the game ends when the mover's houses hold at most one seed each (RULES.md §7).
    singletons_end: bool,
    /// By side to move: bit `p` set if the mover owns pit `p` of the mover-relative board
    /// ([`two_row::owned_pits`]): each player's row, unless Ayo's `won` names houses won across.
    owned: [u64; 2],
    /// Whether some house is owned across the board (Ayo's `won`): the rules then read the
    /// owners from `owned`, else (the fast path) the mover owns pits `0..m`.
    territory: bool,
    /// Moves may name houses of either row (Ayo with `won` or `rounds`): `2m` actions.
    moves_across: bool,
    must_feed: bool,
    grand_slam: GrandSlam,
    capture: CaptureSet,
    even_split: bool,
    stop_at_majority: bool,
    repetition_count: usize,
    no_capture_moves: Option<usize>,
    table: B::Table,
    /// The sowing of the `woaley-skip` policy (skips the opponent's first house); `None` when
    /// the game has no such policy or the cycle would be empty.
    skip_table: Option<B::Table>,
}

/// A move played in full: the board after it (mover-relative, not yet flipped) and whether it
/// was a grand slam before the grand-slam policy applied.
#[derive(Clone, Copy)]
struct Played<B> {
    board: B,
    grand_slam: bool,
}

impl Oware {
    /// The rules of `spec` on the packed board (`spec` must fit it:
    /// [`GameSpec::fits_packed`]).
    pub fn new(spec: OwareSpec) -> Oware {
        Oware::on_pits(spec)
    }
}

impl<B: Pits> Oware<B> {
    /// The rules of `spec` on the pits `B`.
    pub fn on_pits(spec: OwareSpec) -> Oware<B> {
        let m = spec.houses as usize;
        assert!(m <= B::MAX_HOUSES);
        let skip_origin = spec.skip_origin;
        let cycle = |skip_first_opponent: bool| {
            move |origin: usize| -> Vec<usize> {
                (1..=2 * m)
                    .map(|k| (origin + k) % (2 * m))
                    .filter(|&h| !(skip_origin && h == origin))
                    .filter(|&h| !(skip_first_opponent && h == m))
                    .collect()
            }
        };
        let territory = spec.won != [0, 0];
        // With houses won across, moves start from either row.
        let origins = if territory { 2 * m } else { m };
        let table = B::table(origins, cycle(false)).expect("an Oware cycle is never empty");
        let skip_table = if spec.grand_slam == GrandSlam::WoaleySkip {
            B::table(origins, cycle(true))
        } else {
            None
        };
        Oware {
            m,
            total: 2 * m as u32 * spec.seeds as u32,
            awari: spec.preset == OwarePreset::Awari,
            sudden_death_gift: spec.preset == OwarePreset::Woaley2,
            singletons_end: spec.preset == OwarePreset::Ayo,
            owned: two_row::owned_pits(m, &spec.won),
            territory,
            moves_across: territory || spec.rounds > 1,
            must_feed: spec.must_feed,
            grand_slam: spec.grand_slam,
            capture: spec.capture,
            even_split: spec.repetition == Repetition::EvenSplit,
            stop_at_majority: spec.stop_at_majority,
            repetition_count: spec.repetition_count as usize,
            no_capture_moves: spec.no_capture_moves.map(usize::from),
            table,
            skip_table,
            spec: spec.into(),
        }
    }

    /// Houses per player.
    pub fn houses(&self) -> usize {
        self.m
    }

    fn oware_spec(&self) -> &OwareSpec {
        match &self.spec {
            GameSpec::Oware(o) => o,
            _ => unreachable!("Oware rules hold an Oware game string"),
        }
    }

    /// Whether the opponent of `side` (to move) owns pit `pit` of the mover-relative board.
    #[inline(always)]
    fn opponent_owns(&self, side: Side, pit: usize) -> bool {
        if self.territory {
            self.owned[side.index()] >> pit & 1 == 0
        } else {
            pit >= self.m
        }
    }

    /// Seeds in the houses the mover (`side`) owns.
    #[inline(always)]
    fn mover_seeds(&self, board: B, side: Side) -> u32 {
        if self.territory {
            self.seeds_in(board, self.owned[side.index()])
        } else {
            board.mover_seeds(self.m)
        }
    }

    /// Seeds in the houses the opponent of the mover (`side`) owns.
    #[inline(always)]
    fn opponent_seeds(&self, board: B, side: Side) -> u32 {
        if self.territory {
            let all = (1u64 << (2 * self.m)) - 1;
            self.seeds_in(board, all & !self.owned[side.index()])
        } else {
            board.opponent_seeds(self.m)
        }
    }

    /// Whether the houses the opponent of the mover (`side`) owns are all empty.
    #[inline(always)]
    fn opponent_empty(&self, board: B, side: Side) -> bool {
        if self.territory {
            self.opponent_seeds(board, side) == 0
        } else {
            board.opponent_empty(self.m)
        }
    }

    /// Seeds in the pits of `pits` (bit `p`: pit `p`).
    fn seeds_in(&self, board: B, pits: u64) -> u32 {
        (0..2 * self.m)
            .filter(|&p| pits >> p & 1 == 1)
            .map(|p| board.get(p))
            .sum()
    }

    /// Sows from `house` (owned by `side`, to move) with `table`; returns the board after the
    /// capture, the board before it and whether the capture took every seed of the opponent
    /// (a grand slam). The capture chain goes backwards along the sowing, round the board, over
    /// the opponent's houses.
    #[inline(always)]
    fn sow_and_capture(
        &self,
        board: B,
        side: Side,
        house: usize,
        table: &B::Table,
    ) -> (B, B, bool) {
        let m = self.m;
        let (sown, last) = if self.territory {
            board.sow_from(table, house)
        } else {
            board.sow(table, house)
        };
        if !self.opponent_owns(side, last) || !self.capture.contains(sown.get(last)) {
            return (sown, sown, false);
        }
        let mut b = sown;
        let mut taken = 0;
        let mut pit = last;
        loop {
            let seeds = b.get(pit);
            if !self.capture.contains(seeds) {
                break;
            }
            taken += seeds;
            b = b.with(pit, 0);
            pit = if pit == 0 { 2 * m - 1 } else { pit - 1 };
            if !self.opponent_owns(side, pit) {
                break;
            }
        }
        b = b.with(B::MOVER_STORE, b.get(B::MOVER_STORE) + taken);
        (b, sown, self.opponent_empty(b, side))
    }

    /// Plays `house` (owned by `side`, to move) with the grand-slam policy applied.
    #[inline(always)]
    fn play_house(&self, board: B, side: Side, house: usize) -> Played<B> {
        let (captured, sown, grand_slam) = self.sow_and_capture(board, side, house, &self.table);
        let board = if !grand_slam {
            captured
        } else {
            match self.grand_slam {
                GrandSlam::NoCapture => sown,
                GrandSlam::Forbidden | GrandSlam::CaptureAll => captured,
                GrandSlam::WoaleySkip => match &self.skip_table {
                    Some(t) => {
                        let (captured, sown, again) = self.sow_and_capture(board, side, house, t);
                        if again {
                            sown
                        } else {
                            captured
                        }
                    }
                    None => sown,
                },
            }
        };
        Played { board, grand_slam }
    }

    /// Whether playing `house` is legal in the position of `board` (South to move): the game is
    /// not over and no feeding rule forbids the move.
    fn is_legal(&self, board: B, house: usize) -> bool {
        let pos = TwoRowPosition {
            board,
            side: Side::South,
        };
        if self.outcome(&pos).is_some() {
            return false;
        }
        let mut children = Children::<Self>::new();
        self.children(&pos, &mut children);
        children.iter().any(|c| c.mv as usize == house)
    }

    /// The end when every house of the mover holds at most one seed (`singletons_end`).
    #[cold]
    #[inline(never)]
    fn singletons_outcome(
        &self,
        pos: &TwoRowPosition<B>,
        mover: u32,
        opponent: u32,
    ) -> Option<Outcome> {
        let b = pos.board;
        self.houses_of(pos.side)
            .all(|h| b.get(h) <= 1)
            .then_some(Outcome { mover, opponent })
    }

    /// The end when the opponent has no seeds and the mover cannot feed them (must-feed
    /// games other than Awari, whose rule ends it otherwise), and Woaley II's sudden death
    /// (§4.4), which holds with or without the feeding obligation.
    #[cold]
    #[inline(never)]
    fn unfed_outcome(&self, pos: &TwoRowPosition<B>, mover: u32) -> Option<Outcome> {
        let unfed_ends = (self.must_feed && !self.awari) || self.sudden_death_gift;
        if !unfed_ends || self.can_feed(pos.board, pos.side) {
            return None;
        }
        let gift = self.sudden_death_gift as u32;
        Some(Outcome {
            mover: mover - gift,
            opponent: gift,
        })
    }

    /// Whether some move of the mover (`side`) leaves the opponent with seeds.
    fn can_feed(&self, board: B, side: Side) -> bool {
        self.houses_of(side).any(|h| {
            board.get(h) > 0 && !self.opponent_empty(self.play_house(board, side, h).board, side)
        })
    }

    /// The houses the mover (`side`) owns, mover-relative, in index order.
    #[inline(always)]
    fn houses_of(&self, side: Side) -> impl Iterator<Item = usize> {
        let mut pits = if self.territory {
            self.owned[side.index()]
        } else {
            (1u64 << self.m) - 1
        };
        std::iter::from_fn(move || {
            (pits != 0).then(|| {
                let p = pits.trailing_zeros() as usize;
                pits &= pits - 1;
                p
            })
        })
    }

    /// Each player takes the seeds in the houses they own (RULES.md §0's repetition rule; Ayo).
    fn own_sides(&self, pos: &TwoRowPosition<B>) -> Outcome {
        Outcome {
            mover: self.mover_seeds(pos.board, pos.side),
            opponent: self.opponent_seeds(pos.board, pos.side),
        }
    }
}

impl<B: Pits> Rules for Oware<B> {
    const EXTRA_TURN: bool = false;
    const CAN_REPEAT: bool = true;
    const EQUAL_GAIN_LAST_FIRST: bool = false;
    type Position = TwoRowPosition<B>;
    type Move = u8;

    two_row::two_row_plain!();
    two_row::two_row_egdb!();

    fn draw(&self, pos: &TwoRowPosition<B>) -> String {
        self.draw_from(pos, Side::South)
    }

    /// The two-row drawing, then `won: c by South, A by North` when houses are owned across
    /// the board (Ayo's `won`).
    fn draw_from(&self, pos: &TwoRowPosition<B>, bottom: Side) -> String {
        let mut text = pos.to_ascii_from(self.m, bottom);
        if let Some(line) = two_row::held_across_line(&self.oware_spec().won, "won") {
            text.push_str(&line);
        }
        text
    }

    /// A house the mover owns, named by its letter (South's `A`.., North's `a`..).
    fn parse_move(&self, pos: &TwoRowPosition<B>, text: &str) -> Result<u8, ParseMoveError> {
        let token = text.trim();
        let house = two_row::parse_board_letter(self.m, pos, token)?;
        if self.owned[pos.side.index()] >> house & 1 == 0 {
            return Err(ParseMoveError::WrongSide {
                token: token.to_string(),
                owner: pos.side.opponent(),
                to_move: pos.side,
            });
        }
        Ok(house as u8)
    }

    fn format_move(&self, pos: &TwoRowPosition<B>, mv: u8) -> String {
        two_row::board_letter(pos, self.m, mv as usize).to_string()
    }

    /// The mover's houses `0..m`; with houses won across the board (Ayo's `won` or `rounds`)
    /// the whole mover-relative board, `0..2m`.
    fn num_actions(&self) -> usize {
        if self.moves_across {
            2 * self.m
        } else {
            self.m
        }
    }

    fn action(&self, mv: u8) -> usize {
        mv as usize
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![2, self.m + 2]
    }

    // Inlined into the playout and search loops: a call here cost a fifth of an Oware playout
    // (callgrind, results/benchmarks/speed-guard.md); the rare ends are in cold helpers.
    #[inline(always)]
    fn outcome(&self, pos: &TwoRowPosition<B>) -> Option<Outcome> {
        let b = pos.board;
        let mover = self.mover_seeds(b, pos.side);
        let opponent = self.opponent_seeds(b, pos.side);
        if mover == 0 {
            return Some(Outcome { mover: 0, opponent });
        }
        if self.singletons_end {
            if let Some(o) = self.singletons_outcome(pos, mover, opponent) {
                return Some(o);
            }
        }
        if opponent == 0 {
            if let Some(o) = self.unfed_outcome(pos, mover) {
                return Some(o);
            }
        }
        if self.stop_at_majority
            && 2 * b.get(B::MOVER_STORE).max(b.get(B::OPPONENT_STORE)) > self.total
        {
            return Some(Outcome {
                mover: 0,
                opponent: 0,
            });
        }
        None
    }

    fn repetition_outcome(&self, pos: &TwoRowPosition<B>) -> Outcome {
        if self.even_split {
            let half = pos.board.board_seeds(self.m) / 2;
            Outcome {
                mover: half,
                opponent: half,
            }
        } else {
            self.own_sides(pos)
        }
    }

    fn repetition_occurrences(&self) -> usize {
        self.repetition_count
    }

    fn quiet_limit(&self) -> Option<usize> {
        self.no_capture_moves
    }

    /// Each player takes the seeds on their own side (RULES.md §4.5), whatever `repetition`.
    fn quiet_outcome(&self, pos: &TwoRowPosition<B>) -> Outcome {
        self.own_sides(pos)
    }

    /// Ayo's rounds ([`super::ayo`], docs/rule-decisions.md "Rounds: `rounds`, `won` and
    /// `goal`"): the round's winner wins a house for every `n` seeds, counter-clockwise from
    /// their first house; a partly filled house goes to the loser, empty; the loser starts.
    fn next_round(
        &self,
        start: &TwoRowPosition<B>,
        stores: [u32; 2],
    ) -> Option<(Self, TwoRowPosition<B>)> {
        let spec = self.oware_spec();
        let (m, n) = (self.m, spec.seeds as u32);
        if spec.preset != OwarePreset::Ayo || spec.rounds <= 1 {
            return None;
        }
        // Houses by absolute index: South's `A`.. `0..m`, North's `a`.. `m..2m`.
        let mut houses = vec![n; 2 * m];
        let mut next_stores = [0, 0];
        let mut won = [0u32; 2];
        let starter = match stores[0].cmp(&stores[1]) {
            std::cmp::Ordering::Equal => start.side.opponent(),
            order => {
                let winner = if order.is_gt() {
                    Side::South
                } else {
                    Side::North
                };
                let w = stores[winner.index()];
                let q = (w / n.max(1)) as usize;
                // The goal, or a loser who cannot fill a house (as Adi's).
                if q >= spec.goal as usize || stores[winner.opponent().index()] < n {
                    return None;
                }
                let first = winner.index() * m;
                for k in 0..2 * m {
                    let house = (first + k) % (2 * m);
                    let row = house / m;
                    // Held across: a house of the other row won by the winner, or a house of
                    // the winner's row left to the loser.
                    let ours = k < q;
                    if ours != (row == winner.index()) {
                        won[row] |= 1 << (house % m);
                    }
                }
                let r = w % n.max(1);
                if r > 0 {
                    houses[(first + q) % (2 * m)] = 0;
                    next_stores[winner.index()] = r;
                    next_stores[winner.opponent().index()] = n - r;
                }
                winner.opponent()
            }
        };
        let next = Oware::on_pits(OwareSpec {
            won,
            rounds: spec.rounds - 1,
            ..spec.clone()
        });
        Some((
            next,
            TwoRowPosition::from_absolute(&houses, next_stores, starter),
        ))
    }

    fn children(&self, pos: &TwoRowPosition<B>, out: &mut Children<Self>) {
        let m = self.m;
        let start = out.len();
        let opponent_empty = self.opponent_empty(pos.board, pos.side);
        // Which restriction applies: moves that leave the opponent without seeds (feeding and the
        // awari starving rule), then forbidden grand slams; each keeps every move when it would
        // keep none (for oware's feeding rule that case is a finished game, see `outcome`).
        let mut starving = 0u64;
        let mut grand_slams = 0u64;
        for house in self.houses_of(pos.side) {
            if pos.board.get(house) == 0 {
                continue;
            }
            let played = self.play_house(pos.board, pos.side, house);
            let k = out.len() - start;
            if self.opponent_empty(played.board, pos.side) {
                starving |= 1 << k;
            }
            if played.grand_slam {
                grand_slams |= 1 << k;
            }
            out.push(Child {
                mv: house as u8,
                pos: TwoRowPosition {
                    board: played.board.flip(m),
                    side: pos.side.opponent(),
                },
            });
        }
        let all = (1u64 << (out.len() - start)) - 1;
        let mut drop = 0u64;
        if self.must_feed && (self.awari || opponent_empty) && starving != all {
            drop |= starving;
        }
        // For awari with its starving rule, a forbidden grand slam is one of the moves that leave
        // the opponent without seeds: the rule above already decides it (legal when every move
        // starves the opponent, RULES.md §12).
        let starving_rule = self.awari && self.must_feed;
        if self.grand_slam == GrandSlam::Forbidden && !starving_rule && (grand_slams | drop) != all
        {
            drop |= grand_slams;
        }
        if drop != 0 {
            let mut k = 0;
            let mut i = start;
            while i < out.len() {
                if drop & (1 << k) != 0 {
                    out.remove(i);
                } else {
                    i += 1;
                }
                k += 1;
            }
        }
    }

    #[inline]
    fn random_child(&self, pos: &TwoRowPosition<B>, r: u32) -> Child<Self> {
        let m = self.m;
        // Every non-empty house is legal unless a feeding, starving or grand-slam rule can
        // remove one: then the general way.
        let restricted = (self.must_feed && (self.awari || pos.board.opponent_empty(m)))
            || self.grand_slam == GrandSlam::Forbidden
            || self.territory;
        if restricted {
            let mut children = Children::<Self>::new();
            self.children(pos, &mut children);
            return children[((r as u64 * children.len() as u64) >> 32) as usize];
        }
        let house = pos.board.random_nonempty_house(m, r);
        Child {
            mv: house as u8,
            pos: TwoRowPosition {
                board: self.play_house(pos.board, pos.side, house).board.flip(m),
                side: pos.side.opponent(),
            },
        }
    }

    #[inline(always)]
    fn value_key(&self, pos: &TwoRowPosition<B>) -> u128 {
        let m = self.m;
        // The packed board's bytes; on the wide board the unary key of the houses (and the
        // stores, with a majority stop), or 0 where it does not fit, which `exact_keys` refuses.
        // With houses won across (never with a majority stop) the owners, so the value, depend
        // on the side to move: the key holds it after the houses.
        if self.territory {
            return two_row::unary_with(&pos.board, m, [pos.side.index() as u32, 0]).unwrap_or(0);
        }
        if !self.stop_at_majority {
            return pos.board.houses_only(m).unary_key(2 * m).unwrap_or(0);
        }
        if let Some(b) = pos.board.narrow() {
            return b.0;
        }
        let stores = [
            pos.board.get(B::MOVER_STORE),
            pos.board.get(B::OPPONENT_STORE),
        ];
        two_row::unary_with(&pos.board, m, stores).unwrap_or(0)
    }

    fn exact_keys(&self, pos: &TwoRowPosition<B>) -> Result<(), String> {
        // With a majority stop the key holds the stores too (two pits more).
        let stores = pos.board.get(B::MOVER_STORE) + pos.board.get(B::OPPONENT_STORE) + 2;
        let extra = if self.stop_at_majority {
            stores
        } else if self.territory {
            // The side to move (at most 1) and two pits more.
            3
        } else {
            0
        };
        two_row::exact_unary_keys(&pos.board, self.m, extra)
    }

    fn egdb_houses(&self) -> Result<usize, String> {
        two_row::packed_only::<B>()?;
        if self.territory {
            return Err(
                "with houses won across (`won`) a board's value depends on the side to \
                        move, and the databases see every board from South"
                    .to_string(),
            );
        }
        if self.stop_at_majority {
            return Err(
                "with stop-at-majority=true the game ends on what the stores hold, so a \
                        value cannot ignore the stores"
                    .to_string(),
            );
        }
        if self.repetition_count != 2 || self.no_capture_moves.is_some() {
            return Err(
                "with repetition-count=3 or no-capture-moves a position's value depends on how \
                 often and how long ago positions occurred, not on the position alone"
                    .to_string(),
            );
        }
        if !self.even_split {
            return Err(
                "with repetition=own-side a cycle's value depends on the position where \
                        it is cut, so a position has no value of its own; use \
                        repetition=even-split (the awari default)"
                    .to_string(),
            );
        }
        Ok(self.m)
    }

    fn egdb_parents(&self, child: Board, f: &mut impl FnMut(Board)) {
        // Databases are built on the packed board only (`egdb_houses`).
        let Some(main) = B::narrow_table(&self.table) else {
            return;
        };
        let pits = |b: Board| B::from_narrow(b).expect("the packed board");
        let m = self.m;
        // The board after the move, before the side changes.
        let after = child.flip(m);
        let seeds = after.board_seeds(m);
        let starves = after.opponent_seeds(m) == 0;
        for origin in 0..m {
            // Without a full lap the origin is left empty; with laps it may get seeds back.
            let first = if after.get(origin) == 0 {
                1
            } else if main.sows_into_origin(origin) {
                main.cycle_len(origin)
            } else {
                continue;
            };
            for s in first..=seeds {
                let before = match main.unsow(after, origin, s) {
                    Unsown::Before(before) => before,
                    Unsown::Mismatch => continue,
                    Unsown::Short => break,
                };
                // The move really ends there: no capture, or one the grand-slam policy undid.
                let last = main.last_pit(origin, s);
                if last >= m
                    && self.capture.contains(after.get(last))
                    && self
                        .play_house(pits(before), Side::South, origin)
                        .board
                        .narrow()
                        != Some(after)
                {
                    continue;
                }
                if !starves || self.is_legal(pits(before), origin) {
                    f(before);
                }
            }
            // Woaley's grand-slam policy sows some moves along a second cycle (that skips the
            // opponent's first house): their parents too, each board once.
            if let Some(table) = self.skip_table.as_ref().and_then(B::narrow_table) {
                for s in 1..=seeds {
                    let before = match table.unsow(after, origin, s) {
                        Unsown::Before(before) => before,
                        Unsown::Mismatch => continue,
                        Unsown::Short => break,
                    };
                    if matches!(main.unsow(after, origin, s), Unsown::Before(b) if b == before) {
                        continue;
                    }
                    if self
                        .play_house(pits(before), Side::South, origin)
                        .board
                        .narrow()
                        == Some(after)
                        && (!starves || self.is_legal(pits(before), origin))
                    {
                        f(before);
                    }
                }
            }
        }
    }

    fn key_space(&self) -> Option<u128> {
        // Keys carry the repetition history (and with a majority stop, the stores): no useful bound.
        None
    }
}
