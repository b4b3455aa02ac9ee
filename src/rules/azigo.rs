//! Azigo / Okwe (Igbo, Nigeria), RULES.md §7: Basden's game, as `azigo` (2 x 20 houses) and
//! `okwe` (2 x 10), and the seed's simpler 6-hole form (`okwe(houses=6)`).
//!
//! **Sources.** Seed 000 (the Igbo paragraph): "Az igbo változatoknak jellemző vonása, hogy a
//! kezdő lépésnél nem egyenletesen osztják el a babszemeket; ezt a játékot azigónak vagy
//! okwénak nevezik. [...] kétsoros táblán, amelyen a lyukak száma tíztől egészen húszig
//! terjedhet. [...] a célja az, hogy az utolsó szemet olyan lyukba helyezze, amellyel szemben az
//! ellenfél lyukában pontosan egy vagy három babszem van, ezeket ilyenkor elveheti, és
//! felhasználhatja a játékához. [...] A játék egyszerűbb változatát olyan táblán játsszák,
//! amelynek egy-egy sorában hat lyuk van." (the Igbo games start unevenly; the game is called
//! azigo or okwe; two rows of ten to twenty holes; the aim is to drop the last seed into a hole
//! opposite which the opponent's hole holds exactly one or three seeds, which the player then
//! takes and uses in play; a simpler form is played with six holes a row), after Basden,
//! G. T., *Among the Ibos of Nigeria* (1921), p. 134-136. The reference for the play is Basden
//! as Ludii encodes it: `Okwe (Nigeria).lud` (ruleset "Basden (Described)", "Basden 1921: 134";
//! the same text is `Okwe (Igbo).lud`'s older version): the opening arrangement, the opening
//! removal, the sowing and the concealed store. The capture's geometry is the seed's and
//! Talbot's (P. A. Talbot, *The Peoples of Southern Nigeria*, 1926, p. 817, Ludii evidence
//! DLP.Evidence.2153, the 2 x 6 "Okwe (Igbo)": "Each person tries to drop his last one opposite
//! the hole, in which his opponent has one or three, and, if he succeeds, captures these");
//! Ojike (1946, quoted by the seed) agrees. Open points and decisions: docs/rule-decisions.md,
//! "Azigo / Okwe".
//!
//! **Rules** (South and North; each player's store is their *hand*, Basden's concealed store):
//! 1. **Board.** `m` houses a player (`houses`: `azigo` 20, `okwe` 10; 1 to 20, on the wide
//!    board beyond the packed board's limits). Seeds never leave the game: they are in the
//!    houses or in the hands.
//! 2. **Start** (`start`). `basden` (the default for an even `m` from 10 to 20): each row holds,
//!    from its owner's left, Basden's arrangement `5,5,5,5,5,5,5,1,1,5,1,0,...,0` (20 houses)
//!    with the leftmost and rightmost houses dropped in turn for a smaller board (10 houses:
//!    `5,5,1,1,5,1,0,0,0,0`), then the opening removal: North takes the seeds of South's last
//!    four houses with seeds into North's hand, and South takes the same houses of North's row
//!    but leaves the single seed of the last one. South (Ludii's second player, who removes
//!    second) sows first. 10 houses: `5,5,0,0,0,0,0,0,0,0/5,5,0,0,0,1,0,0,0,0 7-8 S`.
//!    `start=N`: `N` seeds in every house, empty hands, South first (the default `4` for other
//!    board sizes: the 6-hole form).
//! 3. **House move** (`A`..): lift an own non-empty house and sow one seed a house
//!    anticlockwise around both rows (no stores). A house with two or more seeds gets the first
//!    seed back ("the first counter is dropped into the hole from which it just came, unless it
//!    is a single counter"); a single seed goes to the next house. Full laps go on the same way.
//! 4. **Capture.** If the last seed of a house move falls into one of the mover's own houses
//!    (empty or not) and the opponent's house opposite it then holds exactly 1 or 3 seeds
//!    (`capture=1-3`, the seed; `capture=1-3-5` adds 5, Basden via Ludii), the mover takes
//!    them into the own hand. One house only.
//! 5. **Hand move** (`hand`): instead of a house move, a player with seeds in hand sows all of
//!    them one a house from the own leftmost house rightwards, on from the own leftmost house
//!    again past the rightmost (never into the opponent's row). It captures nothing.
//! 6. **End.** A player to move with no seed in their houses and none in hand has lost every
//!    seed: the game ends and each player's score is their houses plus their hand (the
//!    opponent then holds every seed). A repeated position (RULES.md §0) ends the game with the
//!    same count. The value is the score difference. The position text and drawing show the
//!    hands in the stores' places; the store difference is 0 (nothing is banked for good) and
//!    the seeds "on the board" are all the seeds, houses and hands.
//!
//! Not built (docs/rule-decisions.md): three and four players (the seed), sowing only part of
//! the hand (Basden's "some or all"), Murray's Azigo (1951: the capture in the opponent's row
//! with a chain).

use super::spec::{GameOptions, GameSpec, Options, ParseGameError, N_PLAYER_FORMS};
use super::two_row;
use super::{Child, Children, Outcome, ParseMoveError, Rules};
use crate::core::{Board, ParsePositionError, Pits, Side, TwoRowPosition, WIDE_MAX_HOUSES};

/// Basden's arrangement of one row on 20 houses, from its owner's left.
pub const BASDEN_ROW: [u8; 20] = [5, 5, 5, 5, 5, 5, 5, 1, 1, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// The move that sows the hand (the houses are `0..m`).
pub const HAND: u8 = 0x80;

/// The two names of the game: they differ only in the default board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AzigoName {
    /// `azigo`: 20 houses a row (the seed's largest board, Murray's Azigo board).
    Azigo,
    /// `okwe`: 10 houses a row (Basden's commonest board).
    Okwe,
}

/// The start of the game (rule 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AzigoStart {
    /// Basden's arrangement and opening removal (an even number of houses from 10 to 20).
    Basden,
    /// This many seeds in every house, empty hands.
    Even(u8),
}

/// Azigo / Okwe's parameters (RULES.md §7, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AzigoSpec {
    /// The game name.
    pub name: AzigoName,
    /// Houses per player, `1..=20`.
    pub houses: u8,
    /// The start.
    pub start: AzigoStart,
    /// Whether an opposite house of 5 seeds is taken too (`capture=1-3-5`).
    pub capture_five: bool,
}

/// Whether Basden's arrangement exists for `m` houses.
fn basden_fits(m: u8) -> bool {
    (10..=20).contains(&m) && m % 2 == 0
}

impl AzigoSpec {
    /// The houses of South and North from their owners' left, and the hands `[South, North]`,
    /// at the start.
    pub fn start_rows(&self) -> (Vec<u32>, Vec<u32>, [u32; 2]) {
        let m = self.houses as usize;
        match self.start {
            AzigoStart::Even(n) => (vec![n as u32; m], vec![n as u32; m], [0, 0]),
            AzigoStart::Basden => {
                let k = (20 - m) / 2;
                let row: Vec<u32> = BASDEN_ROW[k..k + m].iter().map(|&n| n as u32).collect();
                let last = row.iter().rposition(|&n| n > 0).expect("seeds in the row");
                // South (sows first) loses its last four houses with seeds; North keeps the
                // single seed of its last one.
                let mut south = row.clone();
                let mut north = row.clone();
                let mut hands = [0, 0];
                for h in last - 3..=last {
                    hands[1] += south[h];
                    south[h] = 0;
                }
                for h in last - 3..last {
                    hands[0] += north[h];
                    north[h] = 0;
                }
                (south, north, hands)
            }
        }
    }
}

impl GameOptions for AzigoSpec {
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError> {
        let name = o.names(
            &[("azigo", AzigoName::Azigo), ("okwe", AzigoName::Okwe)],
            |a| a.name,
        );
        // `players=2` is this game; 3 and 4 are the n-player forms (crate::multi), which the
        // commands that take them route before this table is read.
        o.option(
            "players",
            |_| 2u8,
            2,
            |v| (v == "2").then_some(2),
            u8::to_string,
            N_PLAYER_FORMS,
        )?;
        let default_houses = match name {
            AzigoName::Azigo => 20,
            AzigoName::Okwe => 10,
        };
        let houses = o.number(
            "houses",
            |a| a.houses,
            default_houses,
            1,
            WIDE_MAX_HOUSES as u8,
        )?;
        let default_start = if basden_fits(houses) {
            AzigoStart::Basden
        } else {
            AzigoStart::Even(4)
        };
        let start = o.option(
            "start",
            |a| a.start,
            default_start,
            |v| match v {
                "basden" => Some(AzigoStart::Basden),
                _ => crate::core::keyvalue::number(v, 1, 255).map(|n| AzigoStart::Even(n as u8)),
            },
            |s| match s {
                AzigoStart::Basden => "basden".to_string(),
                AzigoStart::Even(n) => n.to_string(),
            },
            "basden (Basden's uneven start: an even number of houses from 10 to 20) or a whole \
             number of seeds a house from 1 to 255",
        )?;
        if start == AzigoStart::Basden && !basden_fits(houses) {
            return Err(ParseGameError::BadValue {
                key: "start".to_string(),
                value: "basden".to_string(),
                expected: format!(
                    "a number of seeds a house with houses={houses}: Basden's arrangement is \
                     for an even number of houses from 10 to 20"
                ),
            });
        }
        let capture_five = o.choice(
            "capture",
            |a| a.capture_five,
            false,
            &[("1-3", false), ("1-3-5", true)],
        )?;
        Ok(AzigoSpec {
            name,
            houses,
            start,
            capture_five,
        })
    }
}

/// The Azigo / Okwe rules of one game string, on the packed [`Board`] (small boards) or the
/// wide board ([`crate::core::WideBoard`]).
#[derive(Clone, Debug)]
pub struct Azigo<B: Pits = Board> {
    spec: GameSpec,
    rows: (Vec<u32>, Vec<u32>, [u32; 2]),
    m: usize,
    capture_five: bool,
    /// House moves of two or more seeds: from the origin itself, anticlockwise round the board.
    table: B::Table,
}

impl Azigo {
    /// The rules of `spec` on the packed board (`spec` must fit it:
    /// [`GameSpec::fits_packed`]).
    pub fn new(spec: AzigoSpec) -> Azigo {
        Azigo::on_pits(spec)
    }
}

impl<B: Pits> Azigo<B> {
    /// The rules of `spec` on the pits `B`.
    pub fn on_pits(spec: AzigoSpec) -> Azigo<B> {
        let m = spec.houses as usize;
        assert!(m <= B::MAX_HOUSES);
        let table = B::table(m, |origin| {
            (0..2 * m).map(|k| (origin + k) % (2 * m)).collect()
        })
        .expect("an Azigo cycle is never empty");
        Azigo {
            m,
            rows: spec.start_rows(),
            capture_five: spec.capture_five,
            spec: spec.into(),
            table,
        }
    }

    /// Plays house `house` (mover-relative, non-empty) on `b`: rules 3 and 4, not flipped.
    #[inline(always)]
    fn play_house(&self, b: B, house: usize) -> B {
        let m = self.m;
        let (b, last) = if b.get(house) == 1 {
            let next = (house + 1) % (2 * m);
            (b.with(house, 0).with(next, b.get(next) + 1), next)
        } else {
            b.sow(&self.table, house)
        };
        if last >= m {
            return b;
        }
        let opposite = 2 * m - 1 - last;
        let seeds = b.get(opposite);
        if seeds == 1 || seeds == 3 || (seeds == 5 && self.capture_five) {
            b.with(opposite, 0)
                .with(B::MOVER_STORE, b.get(B::MOVER_STORE) + seeds)
        } else {
            b
        }
    }

    /// Sows the mover's whole hand (non-empty) on `b`: rule 5, not flipped.
    #[inline(always)]
    fn play_hand(&self, mut b: B) -> B {
        let m = self.m as u32;
        let hand = b.get(B::MOVER_STORE);
        let (laps, rest) = (hand / m, hand % m);
        for h in 0..self.m {
            let add = laps + u32::from((h as u32) < rest);
            if add > 0 {
                b = b.with(h, b.get(h) + add);
            }
        }
        b.with(B::MOVER_STORE, 0)
    }

    /// Each player's score (rule 6): the seeds in their houses and in their hand.
    #[inline(always)]
    pub fn score(&self, pos: &TwoRowPosition<B>) -> Outcome {
        let b = pos.board;
        Outcome {
            mover: b.mover_seeds(self.m) + b.get(B::MOVER_STORE),
            opponent: b.opponent_seeds(self.m) + b.get(B::OPPONENT_STORE),
        }
    }

    fn child(&self, pos: &TwoRowPosition<B>, mv: u8, board: B) -> Child<Self> {
        Child {
            mv,
            pos: TwoRowPosition {
                board: board.flip(self.m),
                side: pos.side.opponent(),
            },
        }
    }
}

impl<B: Pits> Rules for Azigo<B> {
    const EXTRA_TURN: bool = false;
    const CAN_REPEAT: bool = true;
    type Position = TwoRowPosition<B>;
    type Move = u8;

    fn spec(&self) -> &GameSpec {
        &self.spec
    }

    fn side_to_move(&self, pos: &TwoRowPosition<B>) -> Side {
        pos.side
    }

    /// Always 0: nothing is banked for good (the hands are sown again), so the whole score
    /// comes at the end ([`Azigo::score`]).
    #[inline(always)]
    fn store_difference(&self, _pos: &TwoRowPosition<B>) -> i32 {
        0
    }

    /// The end's outcome is each player's whole score (houses and hand).
    fn final_stores(&self, pos: &TwoRowPosition<B>, outcome: Outcome) -> [u32; 2] {
        match pos.side {
            Side::South => [outcome.mover, outcome.opponent],
            Side::North => [outcome.opponent, outcome.mover],
        }
    }

    fn start(&self) -> TwoRowPosition<B> {
        let (south, north, hands) = &self.rows;
        // Absolute houses: South's from its left, then North's from its left.
        let houses: Vec<u32> = south.iter().chain(north.iter()).copied().collect();
        TwoRowPosition::from_absolute(&houses, *hands, Side::South)
    }

    /// Every seed in play: the houses and both hands (the game's total, constant; so the
    /// searches' repetition window is the whole game, as RULES.md §0 says).
    #[inline(always)]
    fn board_seeds(&self, pos: &TwoRowPosition<B>) -> u32 {
        let b = pos.board;
        b.board_seeds(self.m) + b.get(B::MOVER_STORE) + b.get(B::OPPONENT_STORE)
    }

    /// Rule 6: the mover has no seed in houses or hand.
    #[inline]
    fn outcome(&self, pos: &TwoRowPosition<B>) -> Option<Outcome> {
        let b = pos.board;
        (b.mover_empty(self.m) && b.get(B::MOVER_STORE) == 0).then(|| self.score(pos))
    }

    fn repetition_outcome(&self, pos: &TwoRowPosition<B>) -> Outcome {
        self.score(pos)
    }

    fn children(&self, pos: &TwoRowPosition<B>, out: &mut Children<Self>) {
        let b = pos.board;
        for house in 0..self.m {
            if b.get(house) > 0 {
                out.push(self.child(pos, house as u8, self.play_house(b, house)));
            }
        }
        if b.get(B::MOVER_STORE) > 0 {
            out.push(self.child(pos, HAND, self.play_hand(b)));
        }
    }

    /// Only the chosen move is played: the `k`-th of [`Rules::children`]'s list (the non-empty
    /// houses in order, then `hand`).
    #[inline]
    fn random_child(&self, pos: &TwoRowPosition<B>, r: u32) -> Child<Self> {
        let b = pos.board;
        let houses = (0..self.m).filter(|&h| b.get(h) > 0).count();
        let n = houses + usize::from(b.get(B::MOVER_STORE) > 0);
        let k = ((r as u64 * n as u64) >> 32) as usize;
        if k == houses {
            return self.child(pos, HAND, self.play_hand(b));
        }
        let house = (0..self.m)
            .filter(|&h| b.get(h) > 0)
            .nth(k)
            .expect("k is below the number of non-empty houses");
        self.child(pos, house as u8, self.play_house(b, house))
    }

    /// Every seed the player holds (houses and hand) minus the opponent's: what the score
    /// difference would be if the game ended now.
    #[inline(always)]
    fn evaluate(&self, pos: &TwoRowPosition<B>) -> i32 {
        self.score(pos).value()
    }

    #[inline(always)]
    fn value_key(&self, pos: &TwoRowPosition<B>) -> u128 {
        // The houses and both hands (the hands are sown again, so they shape what follows);
        // 0 where the wide unary code does not fit, which `exact_keys` refuses.
        let b = pos.board;
        two_row::unary_with(
            &b,
            self.m,
            [b.get(B::MOVER_STORE), b.get(B::OPPONENT_STORE)],
        )
        .unwrap_or(0)
    }

    fn exact_keys(&self, pos: &TwoRowPosition<B>) -> Result<(), String> {
        // Seeds go from the hands to the houses and back: count them all, and the two hands.
        let b = pos.board;
        two_row::exact_unary_keys(
            &b,
            self.m,
            b.get(B::MOVER_STORE) + b.get(B::OPPONENT_STORE) + 2,
        )
    }

    fn parse_position(&self, text: &str) -> Result<TwoRowPosition<B>, ParsePositionError> {
        TwoRowPosition::parse(text, self.m, self.spec.total_seeds())
    }

    fn format_position(&self, pos: &TwoRowPosition<B>) -> String {
        pos.to_text(self.m)
    }

    /// The board with the hands in the stores' places.
    fn draw(&self, pos: &TwoRowPosition<B>) -> String {
        pos.to_ascii(self.m)
    }

    fn draw_from(&self, pos: &TwoRowPosition<B>, bottom: Side) -> String {
        pos.to_ascii_from(self.m, bottom)
    }

    fn parse_move(&self, pos: &TwoRowPosition<B>, text: &str) -> Result<u8, ParseMoveError> {
        if text.trim() == "hand" {
            return Ok(HAND);
        }
        two_row::parse_move(self.m, pos, text).map_err(|e| match e {
            ParseMoveError::NotAMove { token, .. } => ParseMoveError::NotAMove {
                token,
                notation: NOTATION,
            },
            e => e,
        })
    }

    fn format_move(&self, pos: &TwoRowPosition<B>, mv: u8) -> String {
        if mv == HAND {
            "hand".to_string()
        } else {
            two_row::format_move(pos, mv)
        }
    }

    /// The house `0..m`, `m` for `hand`.
    fn num_actions(&self) -> usize {
        self.m + 1
    }

    fn action(&self, mv: u8) -> usize {
        if mv == HAND {
            self.m
        } else {
            mv as usize
        }
    }

    /// `[2, m + 2]`: column `m` is the player's hand.
    fn observation_shape(&self) -> Vec<usize> {
        vec![2, self.m + 2]
    }

    fn observe(&self, pos: &TwoRowPosition<B>, out: &mut [f32]) {
        two_row::observe(pos, self.m, [0.0, 0.0], out)
    }

    fn egdb_houses(&self) -> Result<usize, String> {
        Err(
            "the databases are built for Kalah and for Awari and Oware with \
             repetition=even-split; in Azigo / Okwe the hands are sown again, so a value \
             depends on them and not on the houses alone"
                .to_string(),
        )
    }
}

/// Azigo's move notation, in words.
const NOTATION: &str =
    "moves are the mover's house letters (South's `A`.., North's `a`..) or `hand`";
