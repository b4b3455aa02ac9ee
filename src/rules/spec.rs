//! Game strings (RULES.md §12): `name(key=value,...)`, parsed into a [`GameSpec`] and printed
//! back canonically (defaults omitted, keys sorted).
//!
//! | name    | keys (default) |
//! |---------|----------------|
//! | `kalah` | `houses` (6), `seeds` (4), `capture` (`opposite-nonempty`, or `empty`: Irving's rule), `end` (`either-side-empty`, or `mover-empty`) |
//! | `oware` | `houses` (6), `seeds` (4), `skip-origin` (true), `must-feed` (true), `grand-slam` (`no-capture`, `forbidden`, `capture-all`, `woaley-skip`), `capture` (`2-3`), `repetition` (`own-side`, `even-split`), `stop-at-majority` (false) |
//! | `awari` | the keys of `oware`; defaults `grand-slam=forbidden`, `repetition=even-split` and the Awari starving rule (Romein & Bal 2002) |
//! | `wari`  | the keys of `oware` but `must-feed`, plus `american` (false: the feeding rule holds); `capture` defaults to `2-4-6` when `seeds=6` (Wari-72) |
//! | `woaley2` | the keys of `oware`; default `grand-slam=woaley-skip` and the sudden-death gift of RULES.md §4.4 |
//! | `woaley1` | `houses` (6, at most 6), `seeds` (4), `free-choice` (`any`, or `own-side`) |
//! | `adi`   | `houses` (6, at most 6), `seeds` (4), `round-end` (8) |
//! | `giuti` | `houses` (6), `seeds` (4) |
//! | `cups`  | `bowls` (4, from 3 to 6) |
//! | `omweso` | `start` (2): seeds in every hole, or 16 counts joined by `.` for holes `A..P` of each player; 64 seeds at most |
//! | `bao-la-kete`, `bao-la-kiswahili` | `reserve` (22, from 0 to 22): seeds in each reserve at the start; `start` (seed 003's `J` = 2, `K` = 2, `L` = 6): as Omweso's, a kuu at the start where `L` holds 6 or more; 32 seeds a player at most |
//!
//! Games with extra position state (`woaley1`, `adi`, `cups`) keep it in board bytes 12 and 13,
//! so they have at most 6 houses a side.
//!
//! Capacity: at most [`MAX_HOUSES`] houses per player and [`MAX_SEEDS`] seeds in all (the packed
//! board keeps one byte per pit); larger games are refused here, never truncated.

use crate::core::{MAX_HOUSES, MAX_SEEDS};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A parsed, validated game string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameSpec {
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
    /// Cups, "Gra mis" (RULES.md §8).
    Cups(CupsSpec),
    /// Omweso (RULES.md §9).
    Omweso(OmwesoSpec),
    /// Bao la Kete and Bao la Kiswahili (RULES.md §10).
    Bao(BaoSpec),
}

/// Omweso's parameters (RULES.md §9, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OmwesoSpec {
    /// Seeds in holes `A..P` of each player at the start (both alike); 64 seeds at most in all.
    pub start: [u8; 16],
}

/// Which Bao (RULES.md §10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaoGame {
    /// Bao la Kete (Lamu), seed 003.
    Kete,
    /// Bao la Kiswahili (Zanzibar Bao), after Donkers (2001) and de Voogt (1995).
    Kiswahili,
}

/// Bao's parameters (RULES.md §10, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaoSpec {
    /// Which Bao.
    pub game: BaoGame,
    /// Seeds in each player's reserve at the start, `0..=22` (seed 003: 22).
    pub reserve: u8,
    /// Seeds in holes `A..P` of each player at the start (both alike): seed 003's `J` = 2,
    /// `K` = 2, `L` = 6 unless a reduced game gives others. Each player owns a kuu at the start
    /// if `L` holds 6 or more.
    pub start: [u8; 16],
}

/// Seed 003's start row: `J` = 2, `K` = 2, the kuu `L` = 6.
pub const BAO_START: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 6, 0, 0, 0, 0];

/// Woaley I's parameters (RULES.md §3, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Woaley1Spec {
    /// Houses per player, `1..=6`.
    pub houses: u8,
    /// Seeds per house at the start.
    pub seeds: u8,
    /// Which houses a free choice may lift (RULES.md §3.4).
    pub free_choice: FreeChoice,
}

/// Which houses a Woaley I player with a free choice may lift (RULES.md §3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreeChoice {
    /// Any house of the board holding 2 or more (the source's sample game).
    Any,
    /// Only the mover's own houses (the source's text).
    OwnSide,
}

/// Adi's parameters (RULES.md §5, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdiSpec {
    /// Houses per player, `1..=6`.
    pub houses: u8,
    /// Seeds per house at the start.
    pub seeds: u8,
    /// The round ends when the board holds this many seeds or fewer (RULES.md §5: 8).
    pub round_end: u8,
}

/// Giuti's parameters (RULES.md §6, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GiutiSpec {
    /// Houses per player, `1..=7`.
    pub houses: u8,
    /// Seeds per house at the start (the source: 4 to 9).
    pub seeds: u8,
}

/// Cups' parameters (RULES.md §8, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupsSpec {
    /// Bowls per player, `3..=6` (the source allows up to 10; the packed board holds 6).
    pub bowls: u8,
}

/// Kalah's parameters (RULES.md §1, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KalahSpec {
    /// Houses per player, `1..=7`.
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

    fn from_counts(counts: &[u32]) -> CaptureSet {
        let mut s = [0u64; 4];
        for &c in counts {
            s[(c >> 6) as usize] |= 1 << (c & 63);
        }
        CaptureSet(s)
    }

    fn counts(&self) -> Vec<u32> {
        (1..256).filter(|&c| self.contains(c)).collect()
    }
}

/// Oware's parameters (RULES.md §2, §12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwareSpec {
    /// `oware` or the `awari` preset.
    pub preset: OwarePreset,
    /// Houses per player, `1..=7`.
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
}

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
    #[error("unknown game `{name}`: expected one of kalah, oware, awari, wari, woaley1, woaley2, adi, giuti, cups, omweso, bao-la-kete, bao-la-kiswahili")]
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
    /// The game does not fit the packed board.
    #[error("`{game}` has {seeds} seeds in all; the packed board holds at most {max} (one byte per pit)", max = MAX_SEEDS)]
    TooManySeeds {
        /// The game string as written.
        game: String,
        /// 2 x houses x seeds.
        seeds: u32,
    },
}

struct Args<'a> {
    game: &'a str,
    pairs: Vec<(&'a str, &'a str)>,
    used: Vec<bool>,
}

impl<'a> Args<'a> {
    fn take(&mut self, key: &str) -> Option<&'a str> {
        let i = self.pairs.iter().position(|(k, _)| *k == key)?;
        self.used[i] = true;
        Some(self.pairs[i].1)
    }

    fn check_all_used(&self, keys: &[&str]) -> Result<(), ParseGameError> {
        match self.pairs.iter().zip(&self.used).find(|(_, used)| !**used) {
            Some(((k, _), _)) => Err(ParseGameError::UnknownKey {
                game: self.game.to_string(),
                key: k.to_string(),
                keys: keys.join(", "),
            }),
            None => Ok(()),
        }
    }
}

fn bad(key: &str, value: &str, expected: &str) -> ParseGameError {
    ParseGameError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        expected: expected.to_string(),
    }
}

fn number(args: &mut Args, key: &str, default: u8, min: u8, max: u8) -> Result<u8, ParseGameError> {
    match args.take(key) {
        None => Ok(default),
        Some(v) => Some(v)
            .filter(|v| v.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|v| v.parse::<u8>().ok())
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| bad(key, v, &format!("a whole number from {min} to {max}"))),
    }
}

fn choice<T: Copy>(
    args: &mut Args,
    key: &str,
    default: T,
    options: &[(&str, T)],
) -> Result<T, ParseGameError> {
    match args.take(key) {
        None => Ok(default),
        Some(v) => options
            .iter()
            .find(|(name, _)| *name == v)
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
                bad(key, v, &names.join(" or "))
            }),
    }
}

fn flag(args: &mut Args, key: &str, default: bool) -> Result<bool, ParseGameError> {
    choice(args, key, default, &[("true", true), ("false", false)])
}

const KALAH_KEYS: &[&str] = &["capture", "end", "houses", "seeds"];
const OWARE_KEYS: &[&str] = &[
    "capture",
    "grand-slam",
    "houses",
    "must-feed",
    "repetition",
    "seeds",
    "skip-origin",
    "stop-at-majority",
];
const WARI_KEYS: &[&str] = &[
    "american",
    "capture",
    "grand-slam",
    "houses",
    "repetition",
    "seeds",
    "skip-origin",
    "stop-at-majority",
];
const WOALEY1_KEYS: &[&str] = &["free-choice", "houses", "seeds"];
const ADI_KEYS: &[&str] = &["houses", "round-end", "seeds"];
const GIUTI_KEYS: &[&str] = &["houses", "seeds"];
const CUPS_KEYS: &[&str] = &["bowls"];
const OMWESO_KEYS: &[&str] = &["start"];
const BAO_KEYS: &[&str] = &["reserve", "start"];

/// A four-row `start` as written: one number if every hole is alike, else 16 joined by `.`.
fn start_text(start: &[u8; 16]) -> String {
    if start.iter().all(|&n| n == start[0]) {
        start[0].to_string()
    } else {
        let counts: Vec<String> = start.iter().map(|n| n.to_string()).collect();
        counts.join(".")
    }
}

/// A four-row `start`: one count for every hole, or 16 counts joined by `.`; 32 seeds a player
/// at most.
fn four_row_start(v: &str) -> Result<[u8; 16], ParseGameError> {
    let expected = "seeds in every hole (a number), or 16 counts joined by `.` for holes A..P of \
                    each player, 32 seeds a player at most";
    let counts: Vec<u8> = v
        .split('.')
        .map(|c| {
            Some(c)
                .filter(|c| !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|c| c.parse::<u8>().ok())
        })
        .collect::<Option<_>>()
        .ok_or_else(|| bad("start", v, expected))?;
    let start: [u8; 16] = match counts.len() {
        1 => [counts[0]; 16],
        16 => counts.try_into().expect("16 counts"),
        _ => return Err(bad("start", v, expected)),
    };
    if start.iter().map(|&n| n as u32).sum::<u32>() > 32 {
        return Err(bad("start", v, expected));
    }
    Ok(start)
}
const FREE_CHOICES: &[(&str, FreeChoice)] =
    &[("any", FreeChoice::Any), ("own-side", FreeChoice::OwnSide)];
/// Houses a side of the games that keep extra state in board bytes 12 and 13.
const MAX_HOUSES_WITH_STATE: u8 = 6;
const KALAH_CAPTURES: &[(&str, KalahCapture)] = &[
    ("opposite-nonempty", KalahCapture::OppositeNonempty),
    ("empty", KalahCapture::Empty),
];
const KALAH_ENDS: &[(&str, KalahEnd)] = &[
    ("either-side-empty", KalahEnd::EitherSideEmpty),
    ("mover-empty", KalahEnd::MoverEmpty),
];
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

/// The capture counts a preset uses when `capture` is not given: `2-4-6` for Wari-72
/// (`wari(seeds=6)`, RULES.md §2.6), else `2-3`.
fn default_capture(preset: OwarePreset, seeds: u8) -> &'static [u32] {
    if preset == OwarePreset::Wari && seeds == 6 {
        &[2, 4, 6]
    } else {
        &[2, 3]
    }
}

fn default_grand_slam(preset: OwarePreset) -> GrandSlam {
    match preset {
        OwarePreset::Awari => GrandSlam::Forbidden,
        OwarePreset::Woaley2 => GrandSlam::WoaleySkip,
        OwarePreset::Oware | OwarePreset::Wari => GrandSlam::NoCapture,
    }
}

fn default_repetition(preset: OwarePreset) -> Repetition {
    if preset == OwarePreset::Awari {
        Repetition::EvenSplit
    } else {
        Repetition::OwnSide
    }
}

fn houses_and_seeds(keys: &mut Vec<(&str, String)>, houses: u8, seeds: u8) {
    if houses != 6 {
        keys.push(("houses", houses.to_string()));
    }
    if seeds != 4 {
        keys.push(("seeds", seeds.to_string()));
    }
}

fn name_of<T: PartialEq + Copy>(options: &[(&'static str, T)], t: T) -> &'static str {
    options
        .iter()
        .find(|(_, x)| *x == t)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

impl GameSpec {
    /// Houses per player.
    pub fn houses(&self) -> usize {
        match self {
            GameSpec::Kalah(k) => k.houses as usize,
            GameSpec::Oware(o) => o.houses as usize,
            GameSpec::Woaley1(w) => w.houses as usize,
            GameSpec::Adi(a) => a.houses as usize,
            GameSpec::Giuti(g) => g.houses as usize,
            GameSpec::Cups(c) => c.bowls as usize,
            GameSpec::Omweso(_) | GameSpec::Bao(_) => 16,
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
            GameSpec::Kalah(k) => (k.houses, k.seeds),
            GameSpec::Oware(o) => (o.houses, o.seeds),
            GameSpec::Woaley1(w) => (w.houses, w.seeds),
            GameSpec::Adi(a) => (a.houses, a.seeds),
            GameSpec::Giuti(g) => (g.houses, g.seeds),
            // Ten beans a bowl in each hand (seed 002).
            GameSpec::Cups(c) => (c.bowls, 10),
        };
        2 * h as u32 * s as u32
    }
}

impl FromStr for GameSpec {
    type Err = ParseGameError;

    fn from_str(text: &str) -> Result<GameSpec, ParseGameError> {
        let syntax = || ParseGameError::Syntax {
            text: text.to_string(),
        };
        let t = text.trim();
        let (name, inner) = match t.find('(') {
            None => (t, ""),
            Some(i) => {
                let inner = t[i + 1..].strip_suffix(')').ok_or_else(syntax)?;
                (t[..i].trim(), inner)
            }
        };
        if name.is_empty() || inner.contains(['(', ')']) {
            return Err(syntax());
        }
        let mut pairs = Vec::new();
        let items: Vec<&str> = if inner.trim().is_empty() {
            Vec::new()
        } else {
            inner.split(',').collect()
        };
        for part in items {
            let (k, v) = part.split_once('=').ok_or_else(syntax)?;
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() || v.is_empty() {
                return Err(syntax());
            }
            if pairs.iter().any(|(key, _)| *key == k) {
                return Err(ParseGameError::DuplicateKey { key: k.to_string() });
            }
            pairs.push((k, v));
        }
        let mut args = Args {
            game: name,
            used: vec![false; pairs.len()],
            pairs,
        };
        let max_houses = MAX_HOUSES as u8;
        let spec = match name {
            "kalah" => {
                let spec = KalahSpec {
                    houses: number(&mut args, "houses", 6, 1, max_houses)?,
                    seeds: number(&mut args, "seeds", 4, 1, 255)?,
                    capture: choice(
                        &mut args,
                        "capture",
                        KalahCapture::OppositeNonempty,
                        KALAH_CAPTURES,
                    )?,
                    end: choice(&mut args, "end", KalahEnd::EitherSideEmpty, KALAH_ENDS)?,
                };
                args.check_all_used(KALAH_KEYS)?;
                GameSpec::Kalah(spec)
            }
            "oware" | "awari" | "wari" | "woaley2" => {
                let preset = match name {
                    "awari" => OwarePreset::Awari,
                    "wari" => OwarePreset::Wari,
                    "woaley2" => OwarePreset::Woaley2,
                    _ => OwarePreset::Oware,
                };
                let houses = number(&mut args, "houses", 6, 1, max_houses)?;
                let seeds = number(&mut args, "seeds", 4, 1, 255)?;
                let capture = match args.take("capture") {
                    None => CaptureSet::from_counts(default_capture(preset, seeds)),
                    Some(v) => {
                        let expected = "seed counts from 1 to 255 joined by `-`, for example 2-3";
                        let mut counts = Vec::new();
                        for c in v.split('-') {
                            let n = Some(c)
                                .filter(|c| c.bytes().all(|b| b.is_ascii_digit()))
                                .and_then(|c| c.parse::<u32>().ok())
                                .filter(|n| (1..=255).contains(n))
                                .ok_or_else(|| bad("capture", v, expected))?;
                            counts.push(n);
                        }
                        CaptureSet::from_counts(&counts)
                    }
                };
                let must_feed = if preset == OwarePreset::Wari {
                    !flag(&mut args, "american", false)?
                } else {
                    flag(&mut args, "must-feed", true)?
                };
                let spec = OwareSpec {
                    preset,
                    houses,
                    seeds,
                    skip_origin: flag(&mut args, "skip-origin", true)?,
                    must_feed,
                    grand_slam: choice(
                        &mut args,
                        "grand-slam",
                        default_grand_slam(preset),
                        GRAND_SLAMS,
                    )?,
                    capture,
                    repetition: choice(
                        &mut args,
                        "repetition",
                        default_repetition(preset),
                        REPETITIONS,
                    )?,
                    stop_at_majority: flag(&mut args, "stop-at-majority", false)?,
                };
                args.check_all_used(if preset == OwarePreset::Wari {
                    WARI_KEYS
                } else {
                    OWARE_KEYS
                })?;
                GameSpec::Oware(spec)
            }
            "woaley1" => {
                let spec = Woaley1Spec {
                    houses: number(&mut args, "houses", 6, 1, MAX_HOUSES_WITH_STATE)?,
                    seeds: number(&mut args, "seeds", 4, 1, 255)?,
                    free_choice: choice(&mut args, "free-choice", FreeChoice::Any, FREE_CHOICES)?,
                };
                args.check_all_used(WOALEY1_KEYS)?;
                GameSpec::Woaley1(spec)
            }
            "adi" => {
                let spec = AdiSpec {
                    houses: number(&mut args, "houses", 6, 1, MAX_HOUSES_WITH_STATE)?,
                    seeds: number(&mut args, "seeds", 4, 1, 255)?,
                    round_end: number(&mut args, "round-end", 8, 0, 255)?,
                };
                args.check_all_used(ADI_KEYS)?;
                GameSpec::Adi(spec)
            }
            "giuti" => {
                let spec = GiutiSpec {
                    houses: number(&mut args, "houses", 6, 1, max_houses)?,
                    seeds: number(&mut args, "seeds", 4, 1, 255)?,
                };
                args.check_all_used(GIUTI_KEYS)?;
                GameSpec::Giuti(spec)
            }
            "cups" => {
                let spec = CupsSpec {
                    bowls: number(&mut args, "bowls", 4, 3, MAX_HOUSES_WITH_STATE)?,
                };
                args.check_all_used(CUPS_KEYS)?;
                GameSpec::Cups(spec)
            }
            "omweso" => {
                let start = match args.take("start") {
                    None => [2; 16],
                    Some(v) => four_row_start(v)?,
                };
                args.check_all_used(OMWESO_KEYS)?;
                GameSpec::Omweso(OmwesoSpec { start })
            }
            "bao-la-kete" | "bao-la-kiswahili" => {
                let spec = BaoSpec {
                    game: if name == "bao-la-kete" {
                        BaoGame::Kete
                    } else {
                        BaoGame::Kiswahili
                    },
                    reserve: number(&mut args, "reserve", 22, 0, 22)?,
                    start: match args.take("start") {
                        None => BAO_START,
                        Some(v) => four_row_start(v)?,
                    },
                };
                if spec.start.iter().map(|&n| n as u32).sum::<u32>() + spec.reserve as u32 > 32 {
                    return Err(bad(
                        "reserve",
                        &spec.reserve.to_string(),
                        "at most 32 seeds a player in all, on the board and in reserve",
                    ));
                }
                args.check_all_used(BAO_KEYS)?;
                GameSpec::Bao(spec)
            }
            _ => {
                return Err(ParseGameError::UnknownGame {
                    name: name.to_string(),
                })
            }
        };
        let seeds = spec.total_seeds();
        if seeds > MAX_SEEDS {
            return Err(ParseGameError::TooManySeeds {
                game: text.trim().to_string(),
                seeds,
            });
        }
        Ok(spec)
    }
}

impl fmt::Display for GameSpec {
    /// The canonical game string: defaults omitted, keys sorted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut keys: Vec<(&str, String)> = Vec::new();
        let name = match self {
            GameSpec::Kalah(k) => {
                if k.capture != KalahCapture::OppositeNonempty {
                    keys.push(("capture", name_of(KALAH_CAPTURES, k.capture).into()));
                }
                if k.end != KalahEnd::EitherSideEmpty {
                    keys.push(("end", name_of(KALAH_ENDS, k.end).into()));
                }
                if k.houses != 6 {
                    keys.push(("houses", k.houses.to_string()));
                }
                if k.seeds != 4 {
                    keys.push(("seeds", k.seeds.to_string()));
                }
                "kalah"
            }
            GameSpec::Oware(o) => {
                let capture = o.capture.counts();
                if capture != default_capture(o.preset, o.seeds) {
                    let list: Vec<String> = capture.iter().map(|c| c.to_string()).collect();
                    keys.push(("capture", list.join("-")));
                }
                if o.grand_slam != default_grand_slam(o.preset) {
                    keys.push(("grand-slam", name_of(GRAND_SLAMS, o.grand_slam).into()));
                }
                if o.houses != 6 {
                    keys.push(("houses", o.houses.to_string()));
                }
                if !o.must_feed {
                    if o.preset == OwarePreset::Wari {
                        keys.push(("american", "true".into()));
                    } else {
                        keys.push(("must-feed", "false".into()));
                    }
                }
                if o.repetition != default_repetition(o.preset) {
                    keys.push(("repetition", name_of(REPETITIONS, o.repetition).into()));
                }
                if o.seeds != 4 {
                    keys.push(("seeds", o.seeds.to_string()));
                }
                if !o.skip_origin {
                    keys.push(("skip-origin", "false".into()));
                }
                if o.stop_at_majority {
                    keys.push(("stop-at-majority", "true".into()));
                }
                keys.sort();
                match o.preset {
                    OwarePreset::Oware => "oware",
                    OwarePreset::Awari => "awari",
                    OwarePreset::Wari => "wari",
                    OwarePreset::Woaley2 => "woaley2",
                }
            }
            GameSpec::Woaley1(w) => {
                if w.free_choice != FreeChoice::Any {
                    keys.push(("free-choice", name_of(FREE_CHOICES, w.free_choice).into()));
                }
                houses_and_seeds(&mut keys, w.houses, w.seeds);
                "woaley1"
            }
            GameSpec::Adi(a) => {
                houses_and_seeds(&mut keys, a.houses, a.seeds);
                if a.round_end != 8 {
                    keys.push(("round-end", a.round_end.to_string()));
                }
                keys.sort();
                "adi"
            }
            GameSpec::Giuti(g) => {
                houses_and_seeds(&mut keys, g.houses, g.seeds);
                "giuti"
            }
            GameSpec::Cups(c) => {
                if c.bowls != 4 {
                    keys.push(("bowls", c.bowls.to_string()));
                }
                "cups"
            }
            GameSpec::Omweso(o) => {
                if o.start != [2; 16] {
                    keys.push(("start", start_text(&o.start)));
                }
                "omweso"
            }
            GameSpec::Bao(b) => {
                if b.reserve != 22 {
                    keys.push(("reserve", b.reserve.to_string()));
                }
                if b.start != BAO_START {
                    keys.push(("start", start_text(&b.start)));
                }
                match b.game {
                    BaoGame::Kete => "bao-la-kete",
                    BaoGame::Kiswahili => "bao-la-kiswahili",
                }
            }
        };
        f.write_str(name)?;
        if !keys.is_empty() {
            let list: Vec<String> = keys.iter().map(|(k, v)| format!("{k}={v}")).collect();
            write!(f, "({})", list.join(","))?;
        }
        Ok(())
    }
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
        let GameSpec::Oware(o) = spec else { panic!() };
        assert!(!o.must_feed);
        let err = |s: &str| s.parse::<GameSpec>().unwrap_err().to_string();
        assert!(err("wari(must-feed=false)").contains("`must-feed`"));
        assert!(err("woaley1(houses=7)").contains("from 1 to 6"));
        assert!(err("cups(bowls=7)").contains("from 3 to 6"));
        assert!(err("cups(seeds=3)").contains("`seeds`"));
        assert!(err("giuti(free-choice=any)").contains("`free-choice`"));
    }

    #[test]
    fn errors_name_the_token() {
        let err = |s: &str| s.parse::<GameSpec>().unwrap_err().to_string();
        assert!(err("chess").contains("`chess`"));
        assert!(err("kalah(hoses=4)").contains("`hoses`"));
        assert!(err("kalah(houses=8)").contains("`houses=8`"));
        assert!(err("kalah(houses=0)").contains("from 1 to 7"));
        assert!(err("kalah(capture=maybe)").contains("opposite-nonempty or empty"));
        assert!(err("kalah(houses=4,houses=5)").contains("twice"));
        assert!(err("kalah(houses=4").contains("not of the form"));
        assert!(
            "kalah(seeds=20)".parse::<GameSpec>().is_ok(),
            "240 seeds fit"
        );
        assert!(err("kalah(houses=7,seeds=19)").contains("266 seeds"));
        assert!(err("oware(capture=2-x)").contains("`capture=2-x`"));
        assert!(err("oware(stop-at-majority=yes)").contains("true or false"));
    }
}
