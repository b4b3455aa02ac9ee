//! Game strings (RULES.md §12): `name(key=value,...)`, parsed into a [`GameSpec`] and printed
//! back canonically (defaults omitted, keys sorted).
//!
//! | name    | keys (default) |
//! |---------|----------------|
//! | `kalah` | `houses` (6), `seeds` (4), `capture` (`opposite-nonempty`, or `empty`: Irving's rule), `end` (`either-side-empty`, or `mover-empty`) |
//! | `oware` | `houses` (6), `seeds` (4), `skip-origin` (true), `must-feed` (true), `grand-slam` (`no-capture`, `forbidden`, `capture-all`, `woaley-skip`), `capture` (`2-3`), `repetition` (`own-side`, `even-split`), `stop-at-majority` (false) |
//! | `awari` | the keys of `oware`; defaults `grand-slam=forbidden`, `repetition=even-split` and the Awari starving rule (Romein & Bal 2002) |
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
    /// Oware and its Awari preset (RULES.md §2).
    Oware(OwareSpec),
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
    #[error("unknown game `{name}`: expected one of kalah, oware, awari")]
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
        }
    }

    /// Seeds in the game: 2 x houses x seeds per house.
    pub fn total_seeds(&self) -> u32 {
        let (h, s) = match self {
            GameSpec::Kalah(k) => (k.houses, k.seeds),
            GameSpec::Oware(o) => (o.houses, o.seeds),
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
            "oware" | "awari" => {
                let awari = name == "awari";
                let capture = match args.take("capture") {
                    None => CaptureSet::from_counts(&[2, 3]),
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
                let spec = OwareSpec {
                    preset: if awari {
                        OwarePreset::Awari
                    } else {
                        OwarePreset::Oware
                    },
                    houses: number(&mut args, "houses", 6, 1, max_houses)?,
                    seeds: number(&mut args, "seeds", 4, 1, 255)?,
                    skip_origin: flag(&mut args, "skip-origin", true)?,
                    must_feed: flag(&mut args, "must-feed", true)?,
                    grand_slam: choice(
                        &mut args,
                        "grand-slam",
                        if awari {
                            GrandSlam::Forbidden
                        } else {
                            GrandSlam::NoCapture
                        },
                        GRAND_SLAMS,
                    )?,
                    capture,
                    repetition: choice(
                        &mut args,
                        "repetition",
                        if awari {
                            Repetition::EvenSplit
                        } else {
                            Repetition::OwnSide
                        },
                        REPETITIONS,
                    )?,
                    stop_at_majority: flag(&mut args, "stop-at-majority", false)?,
                };
                args.check_all_used(OWARE_KEYS)?;
                GameSpec::Oware(spec)
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
                let awari = o.preset == OwarePreset::Awari;
                let capture = o.capture.counts();
                if capture != [2, 3] {
                    let list: Vec<String> = capture.iter().map(|c| c.to_string()).collect();
                    keys.push(("capture", list.join("-")));
                }
                let gs_default = if awari {
                    GrandSlam::Forbidden
                } else {
                    GrandSlam::NoCapture
                };
                if o.grand_slam != gs_default {
                    keys.push(("grand-slam", name_of(GRAND_SLAMS, o.grand_slam).into()));
                }
                if o.houses != 6 {
                    keys.push(("houses", o.houses.to_string()));
                }
                if !o.must_feed {
                    keys.push(("must-feed", "false".into()));
                }
                let rep_default = if awari {
                    Repetition::EvenSplit
                } else {
                    Repetition::OwnSide
                };
                if o.repetition != rep_default {
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
                if awari {
                    "awari"
                } else {
                    "oware"
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
