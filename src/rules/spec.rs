//! Game strings (RULES.md §12): `name(key=value,...)`, parsed into a [`GameSpec`] and printed
//! back canonically (defaults omitted, keys sorted).
//!
//! Each game's spec type and its table of names and keys (each once, with its default and its
//! values, read both when parsing and when printing) are in the game's module: [`super::kalah`],
//! [`super::oware`] (also `awari`, `wari`, `woaley2`, `ayo`), [`super::woaley1`], [`super::adi`],
//! [`super::giuti`], [`super::kpo`], [`super::cups`], [`super::omweso`], [`super::bao`],
//! [`super::lela`], [`super::ajwa`], [`super::azigo`] (also `okwe`). This module has what
//! they share: the [`GameSpec`] variants, the name table, the pass over a game's table, the
//! errors, and (in [`crate::core::keyvalue`], shared with agent strings) the syntax and the kinds
//! of values. The keys of every game:
//!
//! | name    | keys (default) |
//! |---------|----------------|
//! | `kalah` | `houses` (6, 1 to 20), `seeds` (4, 1 to 255), `capture` (`opposite-nonempty`, or `empty`: Irving's rule), `end` (`either-side-empty`, `mover-empty`, or `empty-takes-rest`) |
//! | `oware` | `houses` (6, 1 to 20), `seeds` (4, 1 to 255), `skip-origin` (true), `must-feed` (true), `grand-slam` (`no-capture`, `forbidden`, `capture-all`, `woaley-skip`), `capture` (`2-3`), `repetition` (`own-side`, `even-split`), `stop-at-majority` (false), `repetition-count` (2, or 3: the game ends at the third occurrence of a position) |
//! | `awari` | the keys of `oware`; defaults `grand-slam=forbidden`, `repetition=even-split` and the Awari starving rule (Romein & Bal 2002) |
//! | `wari`  | the keys of `oware` but `must-feed`, plus `american` (false: the feeding rule holds); `capture` defaults to `2-4-6` when `seeds=6` (Wari-72) |
//! | `woaley2` | the keys of `oware`; default `grand-slam=woaley-skip` and the sudden-death gift of RULES.md §4.4; `no-capture-moves` (`off`, or N: the game ends after N moves without a capture, RULES.md §4.5) |
//! | `ayo`   | the keys of `oware`; the game also ends when the player to move holds only empty houses and singletons ([`super::ayo`]) |
//! | `woaley1` | `houses` (6, at most 6), `seeds` (4), `free-choice` (`any`, or `own-side`) |
//! | `adi`   | `houses` (6, at most 6), `seeds` (4), `round-end` (8), `bought` (none: the houses bought in earlier rounds, by letter), `rounds` (1: the most rounds of a match) |
//! | `giuti` | `houses` (6, at most 7), `seeds` (4) |
//! | `kpo`   | `players` (2; 3 and 4 are the n-player forms of `crate::multi`), `houses` (6), `seeds` (4), `skip-origin` (false) |
//! | `cups`  | `bowls` (4, from 3 to 10) |
//! | `omweso` | `start` (2): seeds in every hole, or 16 counts joined by `.` for holes `A..P` of each player; 64 seeds at most |
//! | `bao-la-kete`, `bao-la-kiswahili` | `reserve` (22, from 0 to 22): seeds in each reserve at the start; `start` (seed 003's `J` = 2, `K` = 2, `L` = 6): as Omweso's, a kuu at the start where `L` holds 6 or more; 32 seeds a player at most |
//! | `lela` | `start` (seed 000's `9.6.2.1.0.0.0.0.0.0.0.0.0.0`): seeds in every hole, or 14 counts joined by `.` for holes `A..N` of each player; `hand` (3, from 0 to 7): seeds each player places in consecutive holes; 32 seeds a player at most |
//! | `ajwa` | `houses` (8, 1 to 20), `seeds` (3), `choice` (`forced`: the reference's one move a position, or `free`: any own house) |
//! | `azigo`, `okwe` | `houses` (`azigo` 20, `okwe` 10; 1 to 20), `start` (`basden`: Basden's uneven start, for an even number of houses from 10 to 20; or N seeds in every house; default `basden` where it fits, else 4), `capture` (`1-3`, or `1-3-5`) |
//!
//! Capacity ([`GameSpec::capacity`], [`GameSpec::fits_packed`]): the packed board
//! ([`crate::core::Board`], one byte per pit) holds [`crate::core::MAX_HOUSES`] houses per player
//! and [`MAX_SEEDS`] seeds; games with extra position state (`woaley1`, `adi`, `cups`) keep it in
//! board bytes 12 and 13, so they have at most 6 houses a side there. Kalah, the Oware family and
//! Cups go beyond it on the wide board ([`crate::core::WideBoard`], one `u16` per pit: up to
//! [`crate::core::WIDE_MAX_HOUSES`] houses a player, Cups 10 bowls, [`WIDE_MAX_SEEDS`] seeds);
//! [`super::dispatch`] keeps the packed board for every game that fits it. Larger games are
//! refused here with the limit named, never truncated.

use crate::core::keyvalue::{self, KeyValueError, KeyValues, BOOLS};
use crate::core::{Board, Pits, WideBoard, MAX_HOUSES, MAX_SEEDS, WIDE_MAX_SEEDS};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

pub use super::adi::AdiSpec;
pub use super::ajwa::{AjwaChoice, AjwaSpec};
pub use super::azigo::{AzigoName, AzigoSpec, AzigoStart};
pub use super::bao::{BaoGame, BaoSpec, BAO_START};
pub use super::cups::CupsSpec;
pub use super::giuti::GiutiSpec;
pub use super::kalah::{KalahCapture, KalahEnd, KalahSpec};
pub use super::kpo::KpoSpec;
pub use super::lela::LelaSpec;
pub use super::omweso::OmwesoSpec;
pub use super::oware::{CaptureSet, GrandSlam, OwarePreset, OwareSpec, Repetition};
pub use super::woaley1::{FreeChoice, Woaley1Spec};

/// Declares [`GameSpec`], one variant per game spec type, with `From` each spec type into it,
/// `TryFrom` back ([`ParseGameError::WrongGame`] for another game) and the canonical printing.
macro_rules! game_spec {
    ($($(#[$doc:meta])* $variant:ident($spec:ty),)*) => {
        /// A parsed, validated game string.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum GameSpec {
            $($(#[$doc])* $variant($spec),)*
        }

        impl fmt::Display for GameSpec {
            /// The canonical game string: defaults omitted, keys sorted.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(GameSpec::$variant(s) => print(s, f),)*
                }
            }
        }

        $(
            impl From<$spec> for GameSpec {
                fn from(spec: $spec) -> GameSpec {
                    GameSpec::$variant(spec)
                }
            }

            impl TryFrom<GameSpec> for $spec {
                type Error = ParseGameError;

                fn try_from(spec: GameSpec) -> Result<$spec, ParseGameError> {
                    match spec {
                        GameSpec::$variant(s) => Ok(s),
                        other => Err(ParseGameError::WrongGame {
                            game: other.to_string(),
                            expected: stringify!($variant),
                        }),
                    }
                }
            }
        )*
    };
}

game_spec! {
    /// Kalah (RULES.md §1).
    Kalah(KalahSpec),
    /// Oware and its presets `awari`, `wari` (RULES.md §2) and `woaley2` (§4).
    Oware(OwareSpec),
    /// Woaley I (RULES.md §3).
    Woaley1(Woaley1Spec),
    /// Adi (RULES.md §5).
    Adi(AdiSpec),
    /// Giuti (RULES.md §6).
    Giuti(GiutiSpec),
    /// Kpo, two players (RULES.md §7).
    Kpo(KpoSpec),
    /// Cups, "Gra mis" (RULES.md §8).
    Cups(CupsSpec),
    /// Omweso (RULES.md §9).
    Omweso(OmwesoSpec),
    /// Bao la Kete and Bao la Kiswahili (RULES.md §10).
    Bao(BaoSpec),
    /// Lela (RULES.md §11).
    Lela(LelaSpec),
    /// Ajwa (RULES.md §7).
    Ajwa(AjwaSpec),
    /// Azigo / Okwe (RULES.md §7).
    Azigo(AzigoSpec),
}

/// Every game name with its parser, in the order [`ParseGameError::UnknownGame`] lists them.
const GAMES: &[Game] = &[
    Game::of::<KalahSpec>("kalah"),
    Game::of::<OwareSpec>("oware"),
    Game::of::<OwareSpec>("awari"),
    Game::of::<OwareSpec>("wari"),
    Game::of::<Woaley1Spec>("woaley1"),
    Game::of::<OwareSpec>("woaley2"),
    Game::of::<OwareSpec>("ayo"),
    Game::of::<AdiSpec>("adi"),
    Game::of::<GiutiSpec>("giuti"),
    Game::of::<KpoSpec>("kpo"),
    Game::of::<CupsSpec>("cups"),
    Game::of::<OmwesoSpec>("omweso"),
    Game::of::<BaoSpec>("bao-la-kete"),
    Game::of::<BaoSpec>("bao-la-kiswahili"),
    Game::of::<LelaSpec>("lela"),
    Game::of::<AjwaSpec>("ajwa"),
    Game::of::<AzigoSpec>("azigo"),
    Game::of::<AzigoSpec>("okwe"),
];

/// A game name and how to read and describe its keys.
struct Game {
    name: &'static str,
    parse: Parser,
    keys: fn(&GameSpec) -> Vec<KeyInfo>,
}

impl Game {
    const fn of<S: GameOptions + TryFrom<GameSpec>>(name: &'static str) -> Game {
        Game {
            name,
            parse: parse::<S>,
            keys: describe::<S>,
        }
    }
}

/// A key of a game string.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeyInfo {
    /// The key.
    pub key: String,
    /// Its value when not given, as written.
    pub default: String,
    /// What it takes.
    pub values: String,
}

/// A game name and its keys (RULES.md §12): what `mancala games` lists.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameInfo {
    /// The name.
    pub name: String,
    /// Its keys, in the order the game's table reads them.
    pub keys: Vec<KeyInfo>,
}

/// Every game name with its keys, defaults and values, in the order of the name table.
pub fn games() -> Vec<GameInfo> {
    GAMES
        .iter()
        .map(|g| {
            let spec: GameSpec = g.name.parse().expect("a bare game name parses");
            GameInfo {
                name: g.name.to_string(),
                keys: (g.keys)(&spec),
            }
        })
        .collect()
}

/// Reads the keys of a game string whose name is known.
type Parser = fn(&mut KeyValues) -> Result<GameSpec, ParseGameError>;

/// Every game name, joined by `, `.
fn game_names() -> String {
    let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    names.join(", ")
}

/// What the `players` key of Kpo and Azigo/Okwe takes in a two-player command's game string.
pub const N_PLAYER_FORMS: &str = "2 (3 and 4 are the n-player forms, which `mancala show`, \
     `perft`, `solve`, `tournament` and `engine` take: `kpo(players=3)`)";

/// Houses per player when `houses` is not given (RULES.md §12).
pub const DEFAULT_HOUSES: u8 = 6;
/// Seeds per house at the start when `seeds` is not given (RULES.md §12).
pub const DEFAULT_SEEDS: u8 = 4;
/// Houses a side of the games that keep extra state in board bytes 12 and 13.
pub(crate) const MAX_HOUSES_WITH_STATE: u8 = 6;

/// Why a game string was refused. Every variant names the offending token.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseGameError {
    /// Not of the form `name` or `name(key=value,...)`.
    #[error("game string `{text}` is not of the form `name` or `name(key=value,...)`")]
    Syntax {
        /// The whole text.
        text: String,
    },
    /// An unknown game name.
    #[error("unknown game `{name}`: expected one of {names}", names = game_names())]
    UnknownGame {
        /// The name.
        name: String,
    },
    /// A key the game does not have.
    #[error("`{game}` has no key `{key}`: its keys are {keys}")]
    UnknownKey {
        /// The game name.
        game: String,
        /// The key.
        key: String,
        /// The keys it has.
        keys: String,
    },
    /// A key given twice.
    #[error("key `{key}` is given twice")]
    DuplicateKey {
        /// The key.
        key: String,
    },
    /// A value the key does not take.
    #[error("`{key}={value}` is not valid: expected {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// What the key takes.
        expected: String,
    },
    /// The game does not fit the board its family is played on ([`GameSpec::capacity`]).
    #[error("`{game}` has {seeds} seeds in all; {board} holds at most {max}")]
    TooManySeeds {
        /// The game string as written.
        game: String,
        /// 2 x houses x seeds.
        seeds: u32,
        /// The most seeds the board holds.
        max: u32,
        /// The board, in words.
        board: &'static str,
    },
    /// A game string of another game than the spec type asked for (`TryFrom<GameSpec>`).
    #[error("`{game}` is not a game string of {expected}")]
    WrongGame {
        /// The canonical game string.
        game: String,
        /// The [`GameSpec`] variant asked for.
        expected: &'static str,
    },
}

impl From<KeyValueError> for ParseGameError {
    fn from(e: KeyValueError) -> ParseGameError {
        match e {
            KeyValueError::Syntax { text } => ParseGameError::Syntax { text },
            KeyValueError::DuplicateKey { key, .. } => ParseGameError::DuplicateKey { key },
            KeyValueError::UnknownKey { name, key, keys } => ParseGameError::UnknownKey {
                game: name,
                key,
                keys,
            },
            KeyValueError::BadValue {
                key,
                value,
                expected,
                ..
            } => ParseGameError::BadValue {
                key,
                value,
                expected,
            },
        }
    }
}

impl GameSpec {
    /// The same game with the start seed count set to its default ([`DEFAULT_SEEDS`]) in the
    /// games where the count changes no store-independent value (Kalah, Oware and its presets):
    /// the game a database or a fitted evaluation is made for (`kalah(seeds=5)` and `kalah`
    /// share both). Other games are returned unchanged.
    pub fn with_default_seeds(&self) -> GameSpec {
        let mut spec = self.clone();
        match &mut spec {
            GameSpec::Kalah(k) => k.seeds = DEFAULT_SEEDS,
            GameSpec::Oware(o) => o.seeds = DEFAULT_SEEDS,
            // No databases for the other games (their `egdb_houses` says why).
            GameSpec::Woaley1(_)
            | GameSpec::Adi(_)
            | GameSpec::Giuti(_)
            | GameSpec::Kpo(_)
            | GameSpec::Cups(_)
            | GameSpec::Omweso(_)
            | GameSpec::Bao(_)
            | GameSpec::Lela(_)
            | GameSpec::Ajwa(_)
            | GameSpec::Azigo(_) => {}
        }
        spec
    }

    /// Houses per player.
    pub fn houses(&self) -> usize {
        match self {
            GameSpec::Kalah(k) => k.houses as usize,
            GameSpec::Oware(o) => o.houses as usize,
            GameSpec::Woaley1(w) => w.houses as usize,
            GameSpec::Adi(a) => a.houses as usize,
            GameSpec::Giuti(g) => g.houses as usize,
            GameSpec::Kpo(k) => k.houses as usize,
            GameSpec::Cups(c) => c.bowls as usize,
            GameSpec::Omweso(_) | GameSpec::Bao(_) => 16,
            GameSpec::Lela(_) => super::lela::LELA_HOLES,
            GameSpec::Ajwa(a) => a.houses as usize,
            GameSpec::Azigo(a) => a.houses as usize,
        }
    }

    /// Seeds in the game: 2 x houses x seeds per house (four-row games: on the board and in
    /// the reserves).
    pub fn total_seeds(&self) -> u32 {
        let (h, s) = match self {
            GameSpec::Omweso(o) => return 2 * o.start.iter().map(|&n| n as u32).sum::<u32>(),
            GameSpec::Bao(b) => {
                return 2 * (b.start.iter().map(|&n| n as u32).sum::<u32>() + b.reserve as u32)
            }
            GameSpec::Lela(l) => {
                return 2 * (l.start.iter().map(|&n| n as u32).sum::<u32>() + l.hand as u32)
            }
            GameSpec::Azigo(a) => {
                let (south, north, hands) = a.start_rows();
                return south.iter().chain(&north).chain(&hands).sum();
            }
            GameSpec::Kalah(k) => (k.houses, k.seeds),
            GameSpec::Oware(o) => (o.houses, o.seeds),
            GameSpec::Woaley1(w) => (w.houses, w.seeds),
            GameSpec::Adi(a) => (a.houses, a.seeds),
            GameSpec::Giuti(g) => (g.houses, g.seeds),
            GameSpec::Kpo(k) => (k.houses, k.seeds),
            GameSpec::Ajwa(a) => (a.houses, a.seeds),
            // Ten beans a bowl in each hand (seed 002).
            GameSpec::Cups(c) => (c.bowls, 10),
        };
        2 * h as u32 * s as u32
    }

    /// Whether the game fits the packed board ([`crate::core::Board`]: at most 7 houses a
    /// player, 6 in games with extra state, and 255 seeds), so that [`super::dispatch`] plays it
    /// there; the others (Kalah, the Oware family and Cups beyond those limits) are played on
    /// the wide board ([`crate::core::WideBoard`]).
    pub fn fits_packed(&self) -> bool {
        let houses = match self {
            GameSpec::Cups(_) => MAX_HOUSES_WITH_STATE as usize,
            _ => MAX_HOUSES,
        };
        self.houses() <= houses && self.total_seeds() <= MAX_SEEDS
    }

    /// The most seeds a game of this family holds in all, and on which board: the wide
    /// board's [`WIDE_MAX_SEEDS`] for the families it plays (Kalah, the Oware family, Cups),
    /// else the packed board's [`MAX_SEEDS`] (four-row games: their own limits, checked by
    /// their keys).
    pub fn capacity(&self) -> (u32, &'static str) {
        match self {
            GameSpec::Kalah(_)
            | GameSpec::Oware(_)
            | GameSpec::Cups(_)
            | GameSpec::Ajwa(_)
            | GameSpec::Azigo(_) => (WIDE_MAX_SEEDS, <WideBoard as Pits>::NAME),
            _ => (MAX_SEEDS, <Board as Pits>::NAME),
        }
    }

    /// Whether a result is a win, a draw or a loss rather than a store difference: the
    /// four-row games (RULES.md §9, §10), where the winner takes all the seeds.
    pub fn result_is_win_draw_loss(&self) -> bool {
        match self {
            GameSpec::Omweso(_) | GameSpec::Bao(_) => true,
            GameSpec::Kalah(_)
            | GameSpec::Oware(_)
            | GameSpec::Woaley1(_)
            | GameSpec::Adi(_)
            | GameSpec::Giuti(_)
            | GameSpec::Kpo(_)
            | GameSpec::Cups(_)
            | GameSpec::Lela(_)
            | GameSpec::Ajwa(_)
            | GameSpec::Azigo(_) => false,
        }
    }
}

impl FromStr for GameSpec {
    type Err = ParseGameError;

    fn from_str(text: &str) -> Result<GameSpec, ParseGameError> {
        let mut kv = KeyValues::parse(text, false, |_| true)?;
        let name = kv.name();
        let game =
            GAMES
                .iter()
                .find(|g| g.name == name)
                .ok_or_else(|| ParseGameError::UnknownGame {
                    name: name.to_string(),
                })?;
        let spec = (game.parse)(&mut kv)?;
        let seeds = spec.total_seeds();
        let (max, board) = spec.capacity();
        if seeds > max {
            return Err(ParseGameError::TooManySeeds {
                game: text.trim().to_string(),
                seeds,
                max,
                board,
            });
        }
        Ok(spec)
    }
}

/// A game's spec type and its options (RULES.md §12): one table of its name and its keys that
/// both the parser and the printer go through, so that each name, key, default and value is
/// written once.
pub(crate) trait GameOptions: Sized + Into<GameSpec> {
    /// The table: the game's name and every key in the order the parser reads it, through `o`
    /// (which parses a game string or prints a spec), and the checks across keys.
    fn options(o: &mut Options<Self>) -> Result<Self, ParseGameError>;
}

/// One pass over a game's table ([`GameOptions::options`]): each method reads its key from a
/// game string (or its default) when parsing, or the spec's field when printing, and returns it.
pub(crate) enum Options<'p, 'a, S> {
    /// Reading a game string's pairs; collects the keys read (for the unknown-key message).
    Parse(&'p mut KeyValues<'a>, &'p mut Vec<&'static str>),
    /// Printing a spec: its name, and the keys whose values are not their defaults, as printed.
    Print(
        &'p S,
        &'p mut &'static str,
        &'p mut Vec<(&'static str, String)>,
    ),
    /// Describing a spec's keys: each with its value in the spec (the defaults of the spec of a
    /// bare name) and what it takes.
    Describe(&'p S, &'p mut Vec<KeyInfo>),
}

impl<S> Options<'_, '_, S> {
    /// The name of a type that serves one game.
    pub fn name(&mut self, name: &'static str) {
        match self {
            Options::Parse(kv, _) => debug_assert_eq!(kv.name(), name, "the name table's parser"),
            Options::Print(_, printed, _) => **printed = name,
            Options::Describe(..) => {}
        }
    }

    /// The name of a type that serves several games: one of `names`, each with what tells the
    /// game apart, which `get` reads from a spec.
    pub fn names<V: Copy + PartialEq>(
        &mut self,
        names: &[(&'static str, V)],
        get: fn(&S) -> V,
    ) -> V {
        match self {
            Options::Parse(kv, _) => keyvalue::choice(kv.name(), names)
                .expect("the name table names a game of the parser's type"),
            Options::Print(spec, printed, _) => {
                let v = get(spec);
                **printed = keyvalue::choice_name(names, &v);
                v
            }
            Options::Describe(spec, _) => get(spec),
        }
    }

    /// A key naming houses owned across the board ([`super::two_row::HeldAcross`]: Adi's
    /// `bought`, Ayo's `won`): house letters within `houses` houses, each once, default none.
    pub fn held_across(
        &mut self,
        key: &'static str,
        get: fn(&S) -> super::two_row::HeldAcross,
        houses: u8,
        how: &str,
    ) -> Result<super::two_row::HeldAcross, ParseGameError> {
        use super::two_row::{held_across_text, parse_held_across};
        let expected = format!(
            "the letters of the houses {how}, each once: `A`.. South's houses owned by North, \
             `a`.. North's houses owned by South"
        );
        self.option(
            key,
            get,
            [0, 0],
            |v| parse_held_across(v, houses),
            held_across_text,
            &expected,
        )
    }

    /// The key `key`: `get` reads it from a spec, `default` when not given; `parse` reads a
    /// value (`None`: refused, and `expected` says what the key takes), `print` writes one.
    pub fn option<T: PartialEq>(
        &mut self,
        key: &'static str,
        get: fn(&S) -> T,
        default: T,
        parse: impl FnOnce(&str) -> Option<T>,
        print: impl FnOnce(&T) -> String,
        expected: &str,
    ) -> Result<T, ParseGameError> {
        match self {
            Options::Parse(kv, keys) => {
                keys.push(key);
                Ok(kv.value(key, parse, expected)?.unwrap_or(default))
            }
            Options::Print(spec, _, keys) => {
                let value = get(spec);
                if value != default {
                    keys.push((key, print(&value)));
                }
                Ok(value)
            }
            Options::Describe(spec, keys) => {
                let value = get(spec);
                keys.push(KeyInfo {
                    key: key.to_string(),
                    default: print(&value),
                    values: expected.to_string(),
                });
                Ok(value)
            }
        }
    }

    /// A key that takes a whole number from `min` to `max`.
    pub fn number(
        &mut self,
        key: &'static str,
        get: fn(&S) -> u8,
        default: u8,
        min: u8,
        max: u8,
    ) -> Result<u8, ParseGameError> {
        let (min, max) = (min as u64, max as u64);
        let parse = |v: &str| keyvalue::number(v, min, max).map(|n| n as u8);
        let expected = keyvalue::number_expected(min, max);
        self.option(key, get, default, parse, u8::to_string, &expected)
    }

    /// A key that takes one of the words of `options`.
    pub fn choice<T: Copy + PartialEq>(
        &mut self,
        key: &'static str,
        get: fn(&S) -> T,
        default: T,
        options: &'static [(&'static str, T)],
    ) -> Result<T, ParseGameError> {
        let parse = |v: &str| keyvalue::choice(v, options);
        let print = |t: &T| keyvalue::choice_name(options, t).to_string();
        let expected = keyvalue::choices_expected(options);
        self.option(key, get, default, parse, print, &expected)
    }

    /// A key that takes `true` or `false`.
    pub fn flag(
        &mut self,
        key: &'static str,
        get: fn(&S) -> bool,
        default: bool,
    ) -> Result<bool, ParseGameError> {
        self.choice(key, get, default, BOOLS)
    }

    /// `houses`: houses per player, from 1 to `max` ([`DEFAULT_HOUSES`]).
    pub fn houses(&mut self, max: u8, get: fn(&S) -> u8) -> Result<u8, ParseGameError> {
        self.number("houses", get, DEFAULT_HOUSES, 1, max)
    }

    /// `seeds`: seeds per house at the start, from 1 to 255 ([`DEFAULT_SEEDS`]).
    pub fn seeds(&mut self, get: fn(&S) -> u8) -> Result<u8, ParseGameError> {
        self.number("seeds", get, DEFAULT_SEEDS, 1, 255)
    }
}

/// Reads the keys of a game string whose name is one of `S`'s.
fn parse<S: GameOptions>(kv: &mut KeyValues) -> Result<GameSpec, ParseGameError> {
    let mut keys = Vec::new();
    let spec = S::options(&mut Options::Parse(kv, &mut keys))?;
    keys.sort_unstable();
    kv.finish(&keys)?;
    Ok(spec.into())
}

/// The keys of `spec`'s game with their values in `spec` and what they take.
fn describe<S: GameOptions + TryFrom<GameSpec>>(spec: &GameSpec) -> Vec<KeyInfo> {
    let mut keys = Vec::new();
    if let Ok(spec) = S::try_from(spec.clone()) {
        S::options(&mut Options::Describe(&spec, &mut keys)).expect("describing reads no text");
    }
    keys
}

/// Prints `spec` canonically: its name and the keys that differ from their defaults, sorted.
fn print<S: GameOptions>(spec: &S, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let (mut name, mut keys) = ("", Vec::new());
    S::options(&mut Options::Print(spec, &mut name, &mut keys)).expect("printing reads no text");
    debug_assert!(
        GAMES.iter().any(|g| g.name == name),
        "`{name}` not in GAMES"
    );
    keys.sort();
    f.write_str(name)?;
    if !keys.is_empty() {
        let list: Vec<String> = keys.iter().map(|(k, v)| format!("{k}={v}")).collect();
        write!(f, "({})", list.join(","))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &str) -> String {
        s.parse::<GameSpec>().unwrap().to_string()
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(canon("kalah"), "kalah");
        assert_eq!(canon("kalah()"), "kalah");
        assert_eq!(canon("kalah(seeds=4,houses=6)"), "kalah");
        assert_eq!(
            canon("kalah(seeds=3, houses=4, capture=empty)"),
            "kalah(capture=empty,houses=4,seeds=3)"
        );
        assert_eq!(canon("oware(grand-slam=no-capture,capture=3-2)"), "oware");
        assert_eq!(canon("awari(grand-slam=forbidden)"), "awari");
        assert_eq!(
            canon("awari(grand-slam=no-capture)"),
            "awari(grand-slam=no-capture)"
        );
        assert_eq!(
            canon("oware(stop-at-majority=true,capture=2-4-6,seeds=6,must-feed=false)"),
            "oware(capture=2-4-6,must-feed=false,seeds=6,stop-at-majority=true)"
        );
        for s in [
            "kalah(end=mover-empty)",
            "oware(repetition=even-split,skip-origin=false)",
        ] {
            assert_eq!(canon(s), s);
            assert_eq!(canon(&canon(s)), s);
        }
    }

    #[test]
    fn canonical_forms_of_the_other_two_row_games() {
        assert_eq!(canon("wari(american=false)"), "wari");
        assert_eq!(canon("wari(seeds=6,capture=2-4-6)"), "wari(seeds=6)");
        assert_eq!(
            canon("wari(seeds=6,capture=2-3)"),
            "wari(capture=2-3,seeds=6)"
        );
        assert_eq!(
            canon("wari(american=true,houses=5)"),
            "wari(american=true,houses=5)"
        );
        assert_eq!(canon("woaley2(grand-slam=woaley-skip)"), "woaley2");
        assert_eq!(
            canon("woaley2(grand-slam=no-capture)"),
            "woaley2(grand-slam=no-capture)"
        );
        assert_eq!(canon("woaley1(free-choice=any,seeds=4)"), "woaley1");
        assert_eq!(
            canon("woaley1(seeds=3,free-choice=own-side,houses=4)"),
            "woaley1(free-choice=own-side,houses=4,seeds=3)"
        );
        assert_eq!(
            canon("adi(round-end=4,houses=3)"),
            "adi(houses=3,round-end=4)"
        );
        assert_eq!(canon("giuti(seeds=9)"), "giuti(seeds=9)");
        assert_eq!(canon("cups(bowls=4)"), "cups");
        assert_eq!(canon("cups(bowls=3)"), "cups(bowls=3)");
        let spec: GameSpec = "wari(american=true)".parse().unwrap();
        let o = OwareSpec::try_from(spec).unwrap();
        assert!(!o.must_feed);
        let err = |s: &str| s.parse::<GameSpec>().unwrap_err().to_string();
        assert!(err("wari(must-feed=false)").contains("`must-feed`"));
        assert!(err("woaley1(houses=7)").contains("from 1 to 6"));
        assert!(err("cups(bowls=11)").contains("from 3 to 10"));
        assert!(err("cups(seeds=3)").contains("`seeds`"));
        assert!(err("giuti(free-choice=any)").contains("`free-choice`"));
    }

    #[test]
    fn errors_name_the_token() {
        let err = |s: &str| s.parse::<GameSpec>().unwrap_err().to_string();
        assert!(err("chess").contains("`chess`"));
        assert!(err("kalah(hoses=4)").contains("`hoses`"));
        // Kalah and the Oware family go to 20 houses on the wide board, Giuti stays at 7.
        assert!(err("kalah(houses=21)").contains("`houses=21`"));
        assert!(err("kalah(houses=0)").contains("from 1 to 20"));
        assert!(err("oware(houses=21)").contains("from 1 to 20"));
        assert!(err("awari(houses=21)").contains("from 1 to 20"));
        assert!(err("giuti(houses=8)").contains("from 1 to 7"));
        assert!(err("kalah(capture=maybe)").contains("opposite-nonempty or empty"));
        assert!(err("kalah(houses=4,houses=5)").contains("twice"));
        assert!(err("kalah(houses=4").contains("not of the form"));
        assert!(
            "kalah(seeds=20)".parse::<GameSpec>().is_ok(),
            "240 seeds fit"
        );
        // 266 seeds: beyond the packed board, so Kalah plays it on the wide board; Woaley I
        // has only the packed board.
        assert!("kalah(houses=7,seeds=19)".parse::<GameSpec>().is_ok());
        assert!("kalah(houses=20,seeds=255)".parse::<GameSpec>().is_ok());
        assert_eq!(
            err("woaley1(seeds=22)"),
            "`woaley1(seeds=22)` has 264 seeds in all; the packed board (one byte per pit) \
             holds at most 255"
        );
        assert_eq!(
            err("adi(houses=6,seeds=50)"),
            "`adi(houses=6,seeds=50)` has 600 seeds in all; the packed board (one byte per \
             pit) holds at most 255"
        );
        assert!(err("oware(capture=2-x)").contains("`capture=2-x`"));
        assert!(err("oware(stop-at-majority=yes)").contains("true or false"));
    }

    #[test]
    fn games_lists_keys_with_each_presets_defaults() {
        // RULES.md §12: awari defaults to grand-slam=forbidden and repetition=even-split, oware
        // to no-capture and own-side; Wari-72 (seeds=6) is not a default, so wari's capture is 2-3.
        let games = games();
        let key = |game: &str, key: &str| {
            let g = games.iter().find(|g| g.name == game).unwrap();
            g.keys.iter().find(|k| k.key == key).unwrap().clone()
        };
        assert_eq!(key("awari", "grand-slam").default, "forbidden");
        assert_eq!(key("oware", "grand-slam").default, "no-capture");
        assert_eq!(key("awari", "repetition").default, "even-split");
        assert_eq!(key("wari", "capture").default, "2-3");
        assert_eq!(key("kalah", "houses").values, "a whole number from 1 to 20");
        assert_eq!(key("giuti", "houses").values, "a whole number from 1 to 7");
        assert_eq!(key("cups", "bowls").default, "4");
        let kalah: Vec<&str> = games[0].keys.iter().map(|k| k.key.as_str()).collect();
        assert_eq!(kalah, ["houses", "seeds", "capture", "end"]);
        assert_eq!(games.len(), 18);
    }

    /// The packed board takes every game that fits it; the rest go wide (dispatch).
    #[test]
    fn fits_packed_at_the_limits() {
        let fits = |s: &str| s.parse::<GameSpec>().unwrap().fits_packed();
        assert!(fits("kalah(houses=7,seeds=18)"));
        assert!(!fits("kalah(houses=7,seeds=19)"));
        assert!(!fits("kalah(houses=8,seeds=1)"));
        assert!(fits("oware(houses=7)"));
        assert!(!fits("awari(houses=8)"));
        assert!(fits("cups(bowls=6)"));
    }

    #[test]
    fn the_name_table_and_the_conversions() {
        for g in GAMES {
            assert_eq!(canon(g.name), g.name);
        }
        assert_eq!(
            "chess".parse::<GameSpec>().unwrap_err().to_string(),
            "unknown game `chess`: expected one of kalah, oware, awari, wari, woaley1, woaley2, \
             ayo, adi, giuti, kpo, cups, omweso, bao-la-kete, bao-la-kiswahili, lela, ajwa, azigo, okwe"
        );
        let spec: GameSpec = "wari(seeds=6)".parse().unwrap();
        let oware = OwareSpec::try_from(spec.clone()).unwrap();
        assert_eq!(GameSpec::from(oware), spec);
        assert_eq!(
            KalahSpec::try_from(spec).unwrap_err().to_string(),
            "`wari(seeds=6)` is not a game string of Kalah"
        );
    }
}
