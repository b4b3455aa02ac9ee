//! Games of three and four players (issue 33): Kpo and Azigo/Okwe as seed 000 allows them ("two,
//! three or four players"), with the rules of docs/rule-decisions.md, section "Kpo and
//! Azigo/Okwe for three and four players" (Ludii's `Kpo.lud` after Culin 1896, pp. 603-604).
//!
//! This layer stands beside the two-player one ([`crate::rules::Rules`]) and does not touch it:
//! the two-player solver, perft and database builders keep their packed types. It is one
//! concrete type, [`NGame`], so the searches over it ([`search`]) are plain functions.
//!
//! **Board.** Two rows of `m` houses (`houses`), no stores sown. The *track* is the `2m` houses
//! in counter-clockwise sowing order: South's row `0..m` from South's left, then North's row
//! `m..2m` from North's left, so track house `i` faces `2m - 1 - i` (RULES.md §0). Players
//! `0..n` (printed `1..n`) move in turn. Each player owns a block of houses ([`NGame::owner`]):
//! * `kpo(players=3)`: `m = 3k`; player `p` owns columns `pk .. pk + k` (from South's left) of
//!   both rows (Ludii's "Three players (Observed)": each player two columns of both rows).
//! * `kpo(players=4)`, `azigo(players=4)`, `okwe(players=4)`: half a row each, along the
//!   track: player `p` owns track houses `p m/2 .. (p + 1) m/2` (Ludii's "Four players
//!   (Described)").
//! * `azigo(players=3)`, `okwe(players=3)`: `m = 3k` in three column blocks `b0 b1 b2`; player
//!   0 owns South's `b0` and North's `b1`, player 1 South's `b1` and North's `b2`, player 2
//!   South's `b2` and North's `b0`, so that every own house faces another player's.
//!
//! A player's houses, lettered `A`, `B`, ..., are its track houses in ascending track order.
//! Each player has a hand (the seeds they captured); a player's score is their hand plus the
//! seeds in their own houses.
//!
//! **Moves.**
//! * Kpo, `X+` / `X-`: lift own non-empty house `X` and sow one seed a house counter-clockwise
//!   (`+`, up the track) or clockwise (`-`); a lap sows the house lifted from too
//!   (`skip-origin=true` skips it). If the last seed makes its house hold 2 or 3 and the next
//!   house in the sowing direction is not empty, the mover takes that next house into their hand.
//! * Azigo/Okwe, `X`: lift own non-empty house `X`; with 2 seeds or more the first goes back
//!   into `X`, a single seed goes to the next house; then counter-clockwise. If the last seed
//!   falls in an own house whose opposite house (another player's) holds 1 or 3 seeds
//!   (`capture=1-3-5`: or 5), the mover takes those into their hand. `hand`: sow the whole hand
//!   into the own houses in letter order from `A`, round the own houses only; no capture.
//! * `pass`: the only move of a player with no other (Kpo: no seed in own houses; Azigo: none
//!   in houses or hand).
//!
//! **End.** After a move, when at most one player has a move other than `pass`; or when a move
//! repeats a position of the game (board, hands and player to move): every player then scores
//! hand plus own houses ([`NGame::scores`]).
//!
//! **Position text**: `<houses of player 1>/<player 2>/... <hand 1>-<hand 2>-... <k>`, each
//! player's houses in letter order, `k = 1..n` the player to move, e.g. Kpo for three players at
//! the start: `3,3,3,3/3,3,3,3/3,3,3,3 0-0-0 1`.

pub mod agents;
pub mod search;
pub mod state;

use crate::core::keyvalue::{self, KeyValues, BOOLS};
use crate::rules::spec::ParseGameError;
use arrayvec::ArrayVec;
use std::fmt;

/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Most houses a row.
pub const MAX_ROW: usize = 30;
/// Most houses on the board.
pub const MAX_TRACK: usize = 2 * MAX_ROW;
/// Most legal moves of a position: two directions from every own house, or `hand`.
pub const MAX_MOVES: usize = MAX_TRACK + 1;

/// Final or current scores, one a player (unused entries 0).
pub type Scores = [u32; MAX_PLAYERS];

/// Which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Kpo: sowing either way, the next-house capture.
    Kpo,
    /// Azigo (the name's 20-house default board).
    Azigo,
    /// Okwe (the same rules, 10-house default board).
    Okwe,
}

impl Family {
    /// The game's name: `kpo`, `azigo`, `okwe`.
    pub fn name(self) -> &'static str {
        match self {
            Family::Kpo => "kpo",
            Family::Azigo => "azigo",
            Family::Okwe => "okwe",
        }
    }
}

/// A game string of three or four players: `kpo(players=3)`, `okwe(players=4,houses=12)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NGameSpec {
    /// The game.
    pub family: Family,
    /// Players, 3 or 4.
    pub players: u8,
    /// Houses a row (`m`): a multiple of 3 for three players, even for four.
    pub houses: u8,
    /// Seeds a house at the start (Kpo `seeds`, default 3; Azigo/Okwe `start`, default 4).
    pub seeds: u8,
    /// Kpo: a lap skips the house it was lifted from.
    pub skip_origin: bool,
    /// Azigo/Okwe: an opposite house of 5 is taken too.
    pub capture_five: bool,
}

/// The default houses a row of each game and player count.
fn default_houses(family: Family, players: u8) -> u8 {
    match (family, players) {
        (Family::Kpo, _) => 6,
        (Family::Azigo, 3) => 18,
        (Family::Azigo, _) => 20,
        (Family::Okwe, 3) => 12,
        (Family::Okwe, _) => 10,
    }
}

impl NGameSpec {
    /// Whether `text` is a game string this layer plays: `kpo`, `azigo` or `okwe` with a
    /// `players` key other than 2 (which it then checks).
    pub fn wants(text: &str) -> bool {
        KeyValues::parse(text, false, |_| true)
            .map(|mut kv| {
                matches!(kv.name(), "kpo" | "azigo" | "okwe")
                    && kv.take("players").is_some_and(|v| v != "2")
            })
            .unwrap_or(false)
    }
}

impl std::str::FromStr for NGameSpec {
    type Err = ParseGameError;

    fn from_str(text: &str) -> Result<NGameSpec, ParseGameError> {
        let mut kv = KeyValues::parse(text, false, |_| true)?;
        let family = match kv.name() {
            "kpo" => Family::Kpo,
            "azigo" => Family::Azigo,
            "okwe" => Family::Okwe,
            name => {
                return Err(ParseGameError::UnknownGame {
                    name: name.to_string(),
                })
            }
        };
        let players = kv
            .value(
                "players",
                |v| match v {
                    "3" => Some(3),
                    "4" => Some(4),
                    _ => None,
                },
                "3 or 4 (2 is the two-player game)",
            )?
            .unwrap_or(3);
        let houses = match kv.take("houses") {
            None => default_houses(family, players),
            Some(v) => {
                let ok = keyvalue::number(&v, 1, MAX_ROW as u64).filter(|&h| match players {
                    3 => h % 3 == 0,
                    _ => h % 2 == 0,
                });
                let expected = match players {
                    3 => format!(
                        "a multiple of 3 from 3 to {MAX_ROW} (three players share the columns)"
                    ),
                    _ => format!(
                        "an even number from 2 to {MAX_ROW} (four players share half a row each)"
                    ),
                };
                ok.ok_or_else(|| kv.bad("houses", &v, &expected))? as u8
            }
        };
        let (seeds, skip_origin, capture_five, keys): (u8, bool, bool, &[&str]) = match family {
            Family::Kpo => (
                kv.number("seeds", 1, 255)?.unwrap_or(3) as u8,
                kv.choice("skip-origin", BOOLS)?.unwrap_or(false),
                false,
                &["houses", "players", "seeds", "skip-origin"],
            ),
            Family::Azigo | Family::Okwe => {
                let seeds = kv
                    .value(
                        "start",
                        |v| keyvalue::number(v, 1, 255).map(|n| n as u8),
                        "a number of seeds a house from 1 to 255 (Basden's uneven start is \
                         the two-player start)",
                    )?
                    .unwrap_or(4);
                let five = kv
                    .choice("capture", &[("1-3", false), ("1-3-5", true)])?
                    .unwrap_or(false);
                (
                    seeds,
                    false,
                    five,
                    &["capture", "houses", "players", "start"],
                )
            }
        };
        kv.finish(keys)?;
        let spec = NGameSpec {
            family,
            players,
            houses,
            seeds,
            skip_origin,
            capture_five,
        };
        let total = 2 * houses as u32 * seeds as u32;
        if total > u16::MAX as u32 {
            return Err(ParseGameError::TooManySeeds {
                game: text.trim().to_string(),
                seeds: total,
                max: u16::MAX as u32,
                board: "a house of the n-player board",
            });
        }
        Ok(spec)
    }
}

impl fmt::Display for NGameSpec {
    /// The canonical game string: `players` always, other keys where not their defaults,
    /// sorted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut keys = Vec::new();
        if self.family != Family::Kpo && self.capture_five {
            keys.push("capture=1-3-5".to_string());
        }
        if self.houses != default_houses(self.family, self.players) {
            keys.push(format!("houses={}", self.houses));
        }
        keys.push(format!("players={}", self.players));
        match self.family {
            Family::Kpo => {
                if self.seeds != 3 {
                    keys.push(format!("seeds={}", self.seeds));
                }
                if self.skip_origin {
                    keys.push("skip-origin=true".into());
                }
            }
            _ => {
                if self.seeds != 4 {
                    keys.push(format!("start={}", self.seeds));
                }
            }
        }
        write!(f, "{}({})", self.family.name(), keys.join(","))
    }
}

/// A position: the houses along the track, the hands, the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NPosition {
    /// Seeds in each house, track order (entries from `2m` on are 0).
    pub houses: [u16; MAX_TRACK],
    /// Seeds in each player's hand (captured).
    pub hands: [u16; MAX_PLAYERS],
    /// The player to move, `0..n`.
    pub mover: u8,
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NMove {
    /// Sow the house at this track index: counter-clockwise (up the track), or clockwise
    /// (`clockwise`, Kpo only).
    Sow {
        /// Track index of the house lifted.
        house: u8,
        /// Sown clockwise (Kpo's `X-`).
        clockwise: bool,
    },
    /// Sow the whole hand into the own houses (Azigo/Okwe).
    Hand,
    /// No other move.
    Pass,
}

/// A game of three or four players: its spec and its ownership table.
#[derive(Clone, Debug)]
pub struct NGame {
    spec: NGameSpec,
    n: usize,
    m: usize,
    /// Owner of each track house.
    owner: [u8; MAX_TRACK],
    /// Each player's houses (track indices) in letter order.
    own: [ArrayVec<u8, MAX_TRACK>; MAX_PLAYERS],
}

/// Why a position or a move text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} `{text}`: {why}")]
pub struct NTextError {
    /// `position` or `move`.
    pub what: &'static str,
    /// The text.
    pub text: String,
    /// What is wrong.
    pub why: String,
}

impl NGame {
    /// The rules of `spec`.
    pub fn new(spec: NGameSpec) -> NGame {
        let n = spec.players as usize;
        let m = spec.houses as usize;
        let mut owner = [0u8; MAX_TRACK];
        // The column (from South's left) of track house t.
        let column = |t: usize| if t < m { t } else { 2 * m - 1 - t };
        for (t, o) in owner.iter_mut().enumerate().take(2 * m) {
            *o = match (spec.family, n) {
                (Family::Kpo, 3) => (column(t) / (m / 3)) as u8,
                (_, 4) => (t / (m / 2)) as u8,
                (_, _) => {
                    let block = column(t) / (m / 3);
                    // South's block b belongs to player b, North's block b to player b - 1.
                    (if t < m { block } else { (block + 2) % 3 }) as u8
                }
            };
        }
        let mut own: [ArrayVec<u8, MAX_TRACK>; MAX_PLAYERS] = Default::default();
        for t in 0..2 * m {
            own[owner[t] as usize].push(t as u8);
        }
        NGame {
            spec,
            n,
            m,
            owner,
            own,
        }
    }

    /// The game string.
    pub fn spec(&self) -> &NGameSpec {
        &self.spec
    }

    /// Players.
    pub fn players(&self) -> usize {
        self.n
    }

    /// Houses a row.
    pub fn houses(&self) -> usize {
        self.m
    }

    /// The owner of track house `t`.
    pub fn owner(&self, t: usize) -> usize {
        self.owner[t] as usize
    }

    /// Player `p`'s houses, track indices in letter order.
    pub fn own(&self, p: usize) -> &[u8] {
        &self.own[p]
    }

    /// Seeds in the game.
    pub fn total_seeds(&self) -> u32 {
        2 * self.m as u32 * self.spec.seeds as u32
    }

    /// The start: `seeds` in every house, empty hands, player 1 to move.
    pub fn start(&self) -> NPosition {
        let mut houses = [0u16; MAX_TRACK];
        houses[..2 * self.m].fill(self.spec.seeds as u16);
        NPosition {
            houses,
            hands: [0; MAX_PLAYERS],
            mover: 0,
        }
    }

    /// Whether player `p` has a move other than `pass` at `pos`.
    pub fn can_move(&self, pos: &NPosition, p: usize) -> bool {
        let hand = self.spec.family != Family::Kpo && pos.hands[p] > 0;
        hand || self.own[p].iter().any(|&t| pos.houses[t as usize] > 0)
    }

    /// Whether the game is over at `pos`: at most one player has a move other than `pass`.
    pub fn is_over(&self, pos: &NPosition) -> bool {
        (0..self.n).filter(|&p| self.can_move(pos, p)).count() <= 1
    }

    /// Each player's score: hand plus the seeds in their own houses (the final score when the
    /// game is over or a position repeats).
    pub fn scores(&self, pos: &NPosition) -> Scores {
        let mut s = [0u32; MAX_PLAYERS];
        for p in 0..self.n {
            s[p] = pos.hands[p] as u32;
        }
        for t in 0..2 * self.m {
            s[self.owner[t] as usize] += pos.houses[t] as u32;
        }
        s
    }

    /// The legal moves of `pos` in move order (letters `A`, `B`, ...; Kpo `+` before `-`;
    /// then `hand`), `pass` alone for a player without another; none when the game is over.
    pub fn moves(&self, pos: &NPosition, out: &mut ArrayVec<NMove, MAX_MOVES>) {
        out.clear();
        if self.is_over(pos) {
            return;
        }
        let p = pos.mover as usize;
        for &t in &self.own[p] {
            if pos.houses[t as usize] > 0 {
                out.push(NMove::Sow {
                    house: t,
                    clockwise: false,
                });
                if self.spec.family == Family::Kpo {
                    out.push(NMove::Sow {
                        house: t,
                        clockwise: true,
                    });
                }
            }
        }
        if self.spec.family != Family::Kpo && pos.hands[p] > 0 {
            out.push(NMove::Hand);
        }
        if out.is_empty() {
            out.push(NMove::Pass);
        }
    }

    /// The position after `mv` (a legal move of `pos`), the next player to move.
    pub fn play(&self, pos: &NPosition, mv: NMove) -> NPosition {
        let mut next = *pos;
        let p = pos.mover as usize;
        let track = 2 * self.m;
        match mv {
            NMove::Pass => {}
            NMove::Hand => {
                let own = &self.own[p];
                let seeds = next.hands[p] as usize;
                next.hands[p] = 0;
                for k in 0..seeds {
                    next.houses[own[k % own.len()] as usize] += 1;
                }
            }
            NMove::Sow { house, clockwise } => {
                let origin = house as usize;
                let mut seeds = next.houses[origin];
                next.houses[origin] = 0;
                let step = |t: usize| {
                    if clockwise {
                        (t + track - 1) % track
                    } else {
                        (t + 1) % track
                    }
                };
                let mut at = origin;
                if self.spec.family == Family::Kpo {
                    while seeds > 0 {
                        at = step(at);
                        if at == origin && self.spec.skip_origin && track > 1 {
                            continue;
                        }
                        next.houses[at] += 1;
                        seeds -= 1;
                    }
                    let made = next.houses[at];
                    let after = step(at);
                    if (made == 2 || made == 3) && next.houses[after] > 0 {
                        next.hands[p] += next.houses[after];
                        next.houses[after] = 0;
                    }
                } else {
                    // Two seeds or more: the first back into the house lifted.
                    if seeds == 1 {
                        at = step(at);
                    }
                    next.houses[at] += 1;
                    seeds -= 1;
                    while seeds > 0 {
                        at = step(at);
                        next.houses[at] += 1;
                        seeds -= 1;
                    }
                    let opposite = track - 1 - at;
                    let taken = next.houses[opposite];
                    if self.owner[at] as usize == p
                        && self.owner[opposite] as usize != p
                        && (taken == 1 || taken == 3 || (taken == 5 && self.spec.capture_five))
                    {
                        next.hands[p] += taken;
                        next.houses[opposite] = 0;
                    }
                }
            }
        }
        next.mover = ((p + 1) % self.n) as u8;
        next
    }

    /// Reads a position text (see the module doc).
    ///
    /// # Errors
    /// [`NTextError`] naming the text and what is wrong: the shape, a count, a number, the
    /// seeds in all (which must be the game's).
    pub fn parse_position(&self, text: &str) -> Result<NPosition, NTextError> {
        let bad = |why: String| NTextError {
            what: "position",
            text: text.to_string(),
            why,
        };
        let n = self.n;
        let words: Vec<&str> = text.split_whitespace().collect();
        let [board, hands, mover] = words[..] else {
            return Err(bad(format!(
                "expected `<houses of player 1>/.../<player {n}> <hand 1>-...-<hand {n}> \
                 <player to move, 1..{n}>`"
            )));
        };
        let groups: Vec<&str> = board.split('/').collect();
        if groups.len() != n {
            return Err(bad(format!(
                "{} groups of houses for a {n}-player game",
                groups.len()
            )));
        }
        let number = |v: &str, what: &str| {
            v.parse::<u16>()
                .ok()
                .filter(|_| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| bad(format!("{what} `{v}` is not a number of seeds")))
        };
        let mut pos = NPosition {
            houses: [0; MAX_TRACK],
            hands: [0; MAX_PLAYERS],
            mover: 0,
        };
        for (p, group) in groups.iter().enumerate() {
            let items: Vec<&str> = group.split(',').collect();
            if items.len() != self.own[p].len() {
                return Err(bad(format!(
                    "player {} owns {} houses, the text gives {}",
                    p + 1,
                    self.own[p].len(),
                    items.len()
                )));
            }
            for (&t, item) in self.own[p].iter().zip(items) {
                pos.houses[t as usize] = number(item, "house")?;
            }
        }
        let hand_items: Vec<&str> = hands.split('-').collect();
        if hand_items.len() != n {
            return Err(bad(format!(
                "{} hands for a {n}-player game",
                hand_items.len()
            )));
        }
        for (p, item) in hand_items.iter().enumerate() {
            pos.hands[p] = number(item, "hand")?;
        }
        pos.mover = match mover.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) && mover.bytes().all(|b| b.is_ascii_digit()) => {
                (k - 1) as u8
            }
            _ => {
                return Err(bad(format!(
                    "player to move `{mover}` is not a number from 1 to {n}"
                )))
            }
        };
        let total: u32 = self.scores(&pos).iter().sum();
        if total != self.total_seeds() {
            return Err(bad(format!(
                "{total} seeds in all, but `{}` has {}",
                self.spec,
                self.total_seeds()
            )));
        }
        Ok(pos)
    }

    /// The position text of `pos`.
    pub fn format_position(&self, pos: &NPosition) -> String {
        let groups: Vec<String> = (0..self.n)
            .map(|p| {
                let v: Vec<String> = self.own[p]
                    .iter()
                    .map(|&t| pos.houses[t as usize].to_string())
                    .collect();
                v.join(",")
            })
            .collect();
        let hands: Vec<String> = (0..self.n).map(|p| pos.hands[p].to_string()).collect();
        format!(
            "{} {} {}",
            groups.join("/"),
            hands.join("-"),
            pos.mover as usize + 1
        )
    }

    /// The letter of track house `t` in its owner's lettering.
    fn letter(&self, t: usize) -> char {
        let p = self.owner[t] as usize;
        let i = self.own[p]
            .iter()
            .position(|&x| x as usize == t)
            .unwrap_or(0);
        (b'A' + i as u8) as char
    }

    /// The text of `mv`: `A+`/`A-` (Kpo), `A` (Azigo/Okwe), `hand`, `pass`.
    pub fn format_move(&self, mv: NMove) -> String {
        match mv {
            NMove::Pass => "pass".into(),
            NMove::Hand => "hand".into(),
            NMove::Sow { house, clockwise } => {
                let l = self.letter(house as usize);
                match (self.spec.family, clockwise) {
                    (Family::Kpo, false) => format!("{l}+"),
                    (Family::Kpo, true) => format!("{l}-"),
                    _ => l.to_string(),
                }
            }
        }
    }

    /// Reads a move text of the player to move at `pos`: one of its legal moves.
    ///
    /// # Errors
    /// [`NTextError`] naming the move and listing the legal ones.
    pub fn parse_move(&self, pos: &NPosition, text: &str) -> Result<NMove, NTextError> {
        let mut moves = ArrayVec::new();
        self.moves(pos, &mut moves);
        moves
            .iter()
            .copied()
            .find(|&mv| self.format_move(mv) == text.trim())
            .ok_or_else(|| {
                let legal: Vec<String> = moves.iter().map(|&mv| self.format_move(mv)).collect();
                NTextError {
                    what: "move",
                    text: text.to_string(),
                    why: if legal.is_empty() {
                        "the game is over".into()
                    } else {
                        format!(
                            "not a legal move of player {}: legal moves are {}",
                            pos.mover + 1,
                            legal.join(" ")
                        )
                    },
                }
            })
    }

    /// The board as seen from `seat`'s side (`None`: South's side): the row holding the seat's
    /// house `A` at the bottom read from its left, the other row above; each house as
    /// `<player><letter>:<seeds>`, the seat's own marked `*` before the label; then a line a
    /// player, `player 1: hand 0, houses 12, score 12`, the player to move marked `*` at the
    /// end (docs/rule-decisions.md, "Kpo and Azigo/Okwe for three and four players").
    pub fn draw(&self, pos: &NPosition, seat: Option<usize>) -> String {
        let cell = |t: usize| {
            let mark = if seat == Some(self.owner[t] as usize) {
                "*"
            } else {
                " "
            };
            format!(
                "{mark}{}{}:{:<3}",
                self.owner[t] + 1,
                self.letter(t),
                pos.houses[t]
            )
        };
        let m = self.m;
        let south: Vec<String> = (0..m).map(cell).collect();
        let north: Vec<String> = (m..2 * m).map(cell).collect();
        let from_north = seat.is_some_and(|p| self.own[p][0] as usize >= m);
        let (top, bottom) = if from_north {
            (south.into_iter().rev().collect::<Vec<_>>(), north)
        } else {
            (north.into_iter().rev().collect::<Vec<_>>(), south)
        };
        let scores = self.scores(pos);
        let mut s = format!("{}\n{}\n", top.join(" "), bottom.join(" "));
        for p in 0..self.n {
            let mark = if p == pos.mover as usize { " *" } else { "" };
            s += &format!(
                "player {}: hand {}, houses {}, score {}{mark}\n",
                p + 1,
                pos.hands[p],
                scores[p] - pos.hands[p] as u32,
                scores[p]
            );
        }
        s
    }
}

/// A game's line: the positions from its first to the current one, and whether the last move
/// repeated an earlier position (which ends the game).
#[derive(Clone, Debug)]
pub struct NLine {
    /// Every position of the line, the current one last.
    pub positions: Vec<NPosition>,
    /// The last move repeated an earlier position: the game is over.
    pub repeated: bool,
}

impl NLine {
    /// The line of `position` (default: the start) with the moves of `moves` (whitespace
    /// separated) played from it.
    ///
    /// # Errors
    /// [`NTextError`] naming the bad position or move (a move after the end is refused too).
    pub fn new(
        game: &NGame,
        position: Option<&str>,
        moves: Option<&str>,
    ) -> Result<NLine, NTextError> {
        let first = match position {
            None => game.start(),
            Some(text) => game.parse_position(text)?,
        };
        let mut line = NLine {
            positions: vec![first],
            repeated: false,
        };
        for text in moves.unwrap_or("").split_whitespace() {
            line.play_text(game, text)?;
        }
        Ok(line)
    }

    /// Plays the legal move named `text`; returns it.
    ///
    /// # Errors
    /// [`NTextError`] naming the move and the legal ones, or saying the game is over.
    pub fn play_text(&mut self, game: &NGame, text: &str) -> Result<NMove, NTextError> {
        if self.repeated {
            return Err(NTextError {
                what: "move",
                text: text.to_string(),
                why: "the game is over (the last move repeated a position)".into(),
            });
        }
        let mv = game.parse_move(self.current(), text)?;
        self.play(game, mv);
        Ok(mv)
    }

    /// The current position.
    pub fn current(&self) -> &NPosition {
        self.positions.last().expect("a line has a position")
    }

    /// The positions before the current one.
    pub fn history(&self) -> &[NPosition] {
        &self.positions[..self.positions.len() - 1]
    }

    /// Plays `mv`, a legal move of the current position.
    pub fn play(&mut self, game: &NGame, mv: NMove) {
        let next = game.play(self.current(), mv);
        self.repeated = self.positions.contains(&next);
        self.positions.push(next);
    }

    /// Whether the game is over: no move left, or the last move repeated a position.
    pub fn is_over(&self, game: &NGame) -> bool {
        self.repeated || game.is_over(self.current())
    }
}
