//! The fitted evaluation: a linear function of board features, its weights fitted by least
//! squares to exact values (the endgame databases) and kept as data beside the rules
//! (`src/eval/weights/*.toml`, compiled in).
//!
//! For a position `p` of a two-row game with `m` houses a side, from the mover's side:
//!
//! ```text
//! evaluate(p) = SCALE * store_difference(p) + SCALE * sum_k w_k * f_k(p)
//! ```
//!
//! where the weights `w_k` are in seeds per unit of feature `f_k` ([`FEATURES`]) and estimate
//! `value - store_difference`, the seeds the board will still bring (the quantity the databases
//! store); the sum is cut to less than the seeds on the board (`board_seeds`), the most the
//! board can bring, so that no evaluation equals or passes a game won by them all. The
//! features are read from the position's observation ([`Rules::observe`]: the mover's row,
//! then the opponent's, each from its owner's left, so the mover's house `i` faces the
//! opponent's house `m - 1 - i`), on the stack: no allocation.
//!
//! Two feature sets ([`FeatureSet`]): the two-row games' ([`FEATURES`]) and the four-row
//! games' ([`FOUR_ROW_FEATURES`], Bao and Omweso: no stores, so `store_difference` is 0 and the
//! features carry the material). Weights exist for the games listed in each file's `games`
//! (Kalah; Awari, used for Oware too; Bao la Kiswahili); for any other game
//! [`Fitted::for_rules`] is an error ([`EvalError::NoWeights`]) and the game keeps its own
//! evaluation ([`super::StoreDifference`]). `mancala eval fit` makes the files: from the
//! databases' exact values (least squares), or from the outcomes of self-play games (logistic,
//! [`crate::eval::outcomes`]) where no exact values exist (docs/command-line.md).

use super::evaluator::{Evaluator, SCALE};
use crate::rules::four_row::{HOLES, OBSERVATION_COLUMNS};
use crate::rules::{GameSpec, Rules};
use nalgebra::{SMatrix, SVector};
use serde::Deserialize;
use std::collections::BTreeMap;
use thiserror::Error;

/// Number of features.
pub const NF: usize = 15;

/// The features, in order: name and meaning. `m` is the houses per side, `a[i]` the seeds in
/// the mover's house `i` and `b[j]` the opponent's (each from its owner's left, so `a[i]`
/// faces `b[m - 1 - i]` and the mover's house `i` is `m - i` steps before their store in
/// Kalah's sowing). The same features serve Oware, whose sowing skips the store: there
/// `extra_turn` counts houses whose last seed falls in the opponent's first house and
/// `reach_store` houses whose sowing reaches the opponent's side.
pub const FEATURES: [(&str, &str); NF] = [
    ("tempo", "1: being the player to move"),
    ("seeds_mover", "seeds in the mover's houses"),
    ("seeds_opponent", "seeds in the opponent's houses"),
    (
        "houses_mover",
        "mover's houses holding seeds (legal moves in Kalah)",
    ),
    ("houses_opponent", "opponent's houses holding seeds"),
    (
        "extra_turn_mover",
        "mover's houses i with a[i] = m - i (the last seed falls in the store: Kalah's extra turn)",
    ),
    ("extra_turn_opponent", "the same for the opponent"),
    (
        "reach_store_mover",
        "mover's houses i with a[i] >= m - i (a seed reaches the store this move)",
    ),
    ("reach_store_opponent", "the same for the opponent"),
    (
        "exposed_mover",
        "seeds in the mover's houses that face an empty opponent house (what a capture into \
         that house takes)",
    ),
    ("exposed_opponent", "the same for the opponent"),
    (
        "weak_mover",
        "mover's houses with 1 or 2 seeds (a sowing ending there makes 2 or 3: an Oware capture)",
    ),
    ("weak_opponent", "the same for the opponent"),
    (
        "lap_mover",
        "mover's houses with 2m seeds or more (a sowing goes round the board)",
    ),
    ("lap_opponent", "the same for the opponent"),
];

/// The four-row features (Bao, Omweso), in order: name and meaning. Each player's 16 holes
/// are read as [`crate::rules::four_row`] observes them: holes `A..H` (0-7) the back row, `I..P`
/// (8-15) the front row, and the mover's front hole `h` faces the opponent's front hole
/// `23 - h` (RULES.md §9, §10: captures take from the facing front hole).
pub const FOUR_ROW_FEATURES: [(&str, &str); NF] = [
    ("tempo", "1: being the player to move"),
    ("front_mover", "seeds in the mover's front row (holes I..P)"),
    ("front_opponent", "seeds in the opponent's front row"),
    ("back_mover", "seeds in the mover's back row (holes A..H)"),
    ("back_opponent", "seeds in the opponent's back row"),
    (
        "reserve_mover",
        "seeds the mover still has to enter (Bao's namua stage)",
    ),
    ("reserve_opponent", "the same for the opponent"),
    (
        "playable_mover",
        "mover's holes with 2 seeds or more (the holes a move may start from once the \
         reserves are empty)",
    ),
    ("playable_opponent", "the same for the opponent"),
    (
        "exposed_mover",
        "seeds in the mover's front holes that face a non-empty opponent front hole (what a \
         capture by the opponent can take)",
    ),
    (
        "exposed_opponent",
        "the same for the opponent (what the mover can capture)",
    ),
    (
        "empty_front_mover",
        "the mover's empty front holes (a player whose front row is empty has lost)",
    ),
    ("empty_front_opponent", "the same for the opponent"),
    (
        "kuu_mover",
        "1 if the mover still owns their kuu (Bao's nyumba, hole L)",
    ),
    ("kuu_opponent", "the same for the opponent"),
];

/// Which features a weights file uses (its `features` key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureSet {
    /// [`FEATURES`]: games of two rows of `m` houses (observation `[2, m + 2]`).
    TwoRow,
    /// [`FOUR_ROW_FEATURES`]: the four-row games of 16 holes a player (observation
    /// `[2, 19]`).
    FourRow,
}

impl FeatureSet {
    /// Its name in weights files: `two-row` or `four-row`.
    pub fn name(self) -> &'static str {
        match self {
            FeatureSet::TwoRow => "two-row",
            FeatureSet::FourRow => "four-row",
        }
    }

    /// The features' names and meanings, in order.
    pub fn features(self) -> &'static [(&'static str, &'static str); NF] {
        match self {
            FeatureSet::TwoRow => &FEATURES,
            FeatureSet::FourRow => &FOUR_ROW_FEATURES,
        }
    }

    /// The seeds on the board ([`Rules::board_seeds`]) read from features `f` of this set:
    /// both sides' seeds in the houses (two rows), or in the holes and reserves (four rows).
    #[inline]
    pub fn board_seeds(self, f: &[f32; NF]) -> f32 {
        match self {
            FeatureSet::TwoRow => f[1] + f[2],
            FeatureSet::FourRow => f[1..7].iter().sum(),
        }
    }

    /// The feature set that reads `rules`' positions, with its houses per side (16 holes a
    /// player for four rows), or `None` for a board of another shape (Lela's 14 holes,
    /// more than [`MAX_HOUSES`]).
    pub fn of_rules<R: Rules>(rules: &R) -> Option<(FeatureSet, usize)> {
        let m = rules.spec().houses();
        let shape = rules.observation_shape();
        if m <= MAX_HOUSES && shape == [2, m + 2] {
            Some((FeatureSet::TwoRow, m))
        } else if m == HOLES && shape == [2, OBSERVATION_COLUMNS] {
            Some((FeatureSet::FourRow, m))
        } else {
            None
        }
    }
}

/// Most houses per side the features read.
pub const MAX_HOUSES: usize = 62;

/// Why a fitted evaluation cannot be made or a weights file read.
#[derive(Debug, Error, PartialEq)]
pub enum EvalError {
    /// The game has no fitted weights.
    #[error(
        "no fitted evaluation weights for `{game}` (weights exist for: {known}); use eval=stores"
    )]
    NoWeights {
        /// The game string.
        game: String,
        /// The games with weights.
        known: String,
    },
    /// A weights file is not valid.
    #[error("weights file {file}: {message}")]
    BadWeights {
        /// The file (its name, or a path).
        file: String,
        /// What is wrong.
        message: String,
    },
    /// The weights were fitted at another board size.
    #[error(
        "the weights of {file} are fitted for {fitted} houses a side, but `{game}` has {houses}"
    )]
    Houses {
        /// The weights file.
        file: String,
        /// The game string.
        game: String,
        /// Its houses per side.
        houses: usize,
        /// The houses of the fit.
        fitted: usize,
    },
    /// The least-squares system has no unique solution.
    #[error("the fit has no unique solution ({samples} samples): more positions are needed")]
    Singular {
        /// Samples in the fit.
        samples: usize,
    },
}

/// The weights files compiled in: file name and text.
pub const WEIGHTS_FILES: &[(&str, &str)] = &[
    ("kalah.toml", include_str!("weights/kalah.toml")),
    ("awari.toml", include_str!("weights/awari.toml")),
    (
        "bao-la-kiswahili.toml",
        include_str!("weights/bao-la-kiswahili.toml"),
    ),
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WeightsText {
    #[serde(default)]
    features: Option<String>,
    games: Vec<String>,
    houses: usize,
    weights: BTreeMap<String, f64>,
}

/// A parsed weights file.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// The games (canonical strings with the default start seeds,
    /// [`GameSpec::with_default_seeds`]) the weights are for.
    pub games: Vec<GameSpec>,
    /// Houses per side of the fit (16 for the four-row games: holes a player).
    pub houses: usize,
    /// The features the weights are for.
    pub features: FeatureSet,
    /// Seeds per unit of each feature, in the order of `features`' list.
    pub w: [f64; NF],
}

impl Weights {
    /// Reads a weights file (TOML: `features = "two-row"` (the default when absent) or
    /// `"four-row"`, `games = [...]`, `houses = m`, a `[weights]` table with one number per
    /// feature of the set, every one present); `file` names it in errors.
    ///
    /// # Errors
    /// [`EvalError::BadWeights`] naming the file and what is wrong (TOML syntax, an unknown
    /// feature set, an unknown or missing feature, a bad game string, a number that is not
    /// finite).
    pub fn parse(text: &str, file: &str) -> Result<Weights, EvalError> {
        let bad = |message: String| EvalError::BadWeights {
            file: file.to_string(),
            message,
        };
        let t: WeightsText = toml::from_str(text).map_err(|e| bad(e.to_string()))?;
        let set = match t.features.as_deref() {
            None | Some("two-row") => FeatureSet::TwoRow,
            Some("four-row") => FeatureSet::FourRow,
            Some(other) => {
                return Err(bad(format!(
                    "features = \"{other}\" is not a feature set (two-row, four-row)"
                )))
            }
        };
        let names = set.features();
        let mut games = Vec::new();
        for g in &t.games {
            let spec: GameSpec = g.parse().map_err(|e| bad(format!("game `{g}`: {e}")))?;
            games.push(spec.with_default_seeds());
        }
        if games.is_empty() {
            return Err(bad("`games` is empty".into()));
        }
        if t.houses == 0 || t.houses > MAX_HOUSES {
            return Err(bad(format!(
                "houses = {} is not 1 to {MAX_HOUSES}",
                t.houses
            )));
        }
        if let Some(k) = t.weights.keys().find(|k| !names.iter().any(|f| f.0 == *k)) {
            let list: Vec<&str> = names.iter().map(|f| f.0).collect();
            return Err(bad(format!(
                "unknown feature `{k}` in [weights] (features {}: {})",
                set.name(),
                list.join(", ")
            )));
        }
        let mut w = [0.0; NF];
        for (k, (name, _)) in names.iter().enumerate() {
            let v = *t
                .weights
                .get(*name)
                .ok_or_else(|| bad(format!("feature `{name}` missing from [weights]")))?;
            if !v.is_finite() {
                return Err(bad(format!("weight `{name}` = {v} is not a finite number")));
            }
            w[k] = v;
        }
        Ok(Weights {
            games,
            houses: t.houses,
            features: set,
            w,
        })
    }

    /// The weights as a `[weights]` table in TOML, one line per feature.
    pub fn table(&self) -> String {
        let mut s = String::from("[weights]\n");
        for (k, (name, _)) in self.features.features().iter().enumerate() {
            s += &format!("{name} = {}\n", self.w[k]);
        }
        s
    }
}

/// The features of a two-row observation (`obs`: `[2, m + 2]` as [`Rules::observe`] writes
/// it), in [`FEATURES`] order.
#[inline]
pub fn features(obs: &[f32], m: usize) -> [f32; NF] {
    let (a, b) = (&obs[..m], &obs[m + 2..2 * m + 2]);
    let mut f = [0.0f32; NF];
    f[0] = 1.0;
    let lap = (2 * m) as f32;
    for (row, (own, other)) in [(a, b), (b, a)].into_iter().enumerate() {
        for i in 0..m {
            let s = own[i];
            let to_store = (m - i) as f32;
            f[1 + row] += s;
            f[3 + row] += (s > 0.0) as u8 as f32;
            f[5 + row] += (s == to_store) as u8 as f32;
            f[7 + row] += (s >= to_store) as u8 as f32;
            if other[m - 1 - i] == 0.0 {
                f[9 + row] += s;
            }
            f[11 + row] += (s == 1.0 || s == 2.0) as u8 as f32;
            f[13 + row] += (s >= lap) as u8 as f32;
        }
    }
    f
}

/// The four-row features of a four-row observation (`obs`: `[2, 19]`, the mover's row first:
/// holes `A..P`, reserve, kuu owned, takasia mark), in [`FOUR_ROW_FEATURES`] order.
#[inline]
pub fn four_row_features(obs: &[f32]) -> [f32; NF] {
    let c = OBSERVATION_COLUMNS;
    let (a, b) = (&obs[..c], &obs[c..2 * c]);
    let mut f = [0.0f32; NF];
    f[0] = 1.0;
    for (row, (own, other)) in [(a, b), (b, a)].into_iter().enumerate() {
        for h in 0..HOLES {
            let s = own[h];
            if h < HOLES / 2 {
                f[3 + row] += s;
            } else {
                f[1 + row] += s;
                f[9 + row] += if other[3 * HOLES / 2 - 1 - h] > 0.0 {
                    s
                } else {
                    0.0
                };
                f[11 + row] += (s == 0.0) as u8 as f32;
            }
            f[7 + row] += (s >= 2.0) as u8 as f32;
        }
        f[5 + row] = own[HOLES];
        f[13 + row] = own[HOLES + 1];
    }
    f
}

/// The features of `pos` in feature set `set` (`m`: houses per side of a two-row game).
#[inline]
pub fn position_features<R: Rules>(
    rules: &R,
    pos: &R::Position,
    set: FeatureSet,
    m: usize,
) -> [f32; NF] {
    let mut obs = [0.0f32; 2 * (MAX_HOUSES + 2)];
    match set {
        FeatureSet::TwoRow => {
            let n = 2 * (m + 2);
            rules.observe(pos, &mut obs[..n]);
            features(&obs[..n], m)
        }
        FeatureSet::FourRow => {
            let n = 2 * OBSERVATION_COLUMNS;
            rules.observe(pos, &mut obs[..n]);
            four_row_features(&obs[..n])
        }
    }
}

/// The fitted evaluation of one game.
#[derive(Clone, Copy, Debug)]
pub struct Fitted {
    set: FeatureSet,
    houses: usize,
    /// Evaluation units per feature unit.
    units: [f32; NF],
}

impl Fitted {
    /// The fitted evaluation of `rules`' game, from the weights file compiled in whose `games`
    /// holds it (start seed count ignored).
    ///
    /// # Errors
    /// [`EvalError::NoWeights`] for a game without weights (every game but Kalah, Awari/Oware
    /// and Bao la Kiswahili), [`EvalError::Houses`] for another board size than the fit's,
    /// [`EvalError::BadWeights`] if a compiled-in file does not parse.
    pub fn for_rules<R: Rules>(rules: &R) -> Result<Fitted, EvalError> {
        let game = rules.spec().with_default_seeds();
        let mut known = Vec::new();
        for (file, text) in WEIGHTS_FILES {
            let w = Weights::parse(text, file)?;
            if w.games.contains(&game) {
                return Fitted::new(rules, &w, file);
            }
            known.extend(w.games.iter().map(|g| g.to_string()));
        }
        Err(EvalError::NoWeights {
            game: rules.spec().to_string(),
            known: known.join(", "),
        })
    }

    /// The evaluation with weights `w` (from `file`) for `rules`, a game whose board the
    /// weights' feature set reads, of `w.houses` houses a side.
    ///
    /// # Errors
    /// [`EvalError::Houses`] if the game's board is not of that shape.
    pub fn new<R: Rules>(rules: &R, w: &Weights, file: &str) -> Result<Fitted, EvalError> {
        let houses = rules.spec().houses();
        if FeatureSet::of_rules(rules) != Some((w.features, w.houses)) {
            return Err(EvalError::Houses {
                file: file.to_string(),
                game: rules.spec().to_string(),
                houses,
                fitted: w.houses,
            });
        }
        Ok(Fitted {
            set: w.features,
            houses,
            units: w.w.map(|x| (x * SCALE as f64) as f32),
        })
    }
}

impl<R: Rules> Evaluator<R> for Fitted {
    #[inline]
    fn evaluate(&self, rules: &R, pos: &R::Position) -> i32 {
        let f = position_features(rules, pos, self.set, self.houses);
        let mut sum = 0.0f32;
        for (w, x) in self.units.iter().zip(&f) {
            sum += w * x;
        }
        // The board can bring the mover at most its seeds: a sum beyond that is cut to just
        // under it, so that no evaluation reaches the value of a game won by every seed.
        let most = (self.set.board_seeds(&f) * SCALE as f32 - 1.0).max(0.0);
        rules.store_difference(pos) * SCALE + sum.clamp(-most, most).round() as i32
    }
}

/// A least-squares fit of weights `w` minimising `sum (target - w . f)^2` over the samples
/// added, by the normal equations (Cholesky of `F^T F`, with a ridge of `1e-9` times its
/// trace so that a feature that never varies gets weight 0 rather than no solution).
#[derive(Clone, Debug)]
pub struct LeastSquares {
    ftf: SMatrix<f64, NF, NF>,
    fty: SVector<f64, NF>,
    samples: usize,
}

impl Default for LeastSquares {
    fn default() -> Self {
        LeastSquares {
            ftf: SMatrix::zeros(),
            fty: SVector::zeros(),
            samples: 0,
        }
    }
}

impl LeastSquares {
    /// Adds a sample: features `f` and its target (seeds).
    pub fn add(&mut self, f: &[f32; NF], target: f64) {
        let x = SVector::<f64, NF>::from_iterator(f.iter().map(|&v| v as f64));
        self.ftf += x * x.transpose();
        self.fty += x * target;
        self.samples += 1;
    }

    /// Samples added.
    pub fn samples(&self) -> usize {
        self.samples
    }

    /// The weights, seeds per feature unit.
    ///
    /// # Errors
    /// [`EvalError::Singular`] if the system has no solution (no samples).
    pub fn solve(&self) -> Result<[f64; NF], EvalError> {
        let ridge = 1e-9 * self.ftf.trace().max(1.0);
        let a = self.ftf + SMatrix::<f64, NF, NF>::identity() * ridge;
        let chol = a.cholesky().ok_or(EvalError::Singular {
            samples: self.samples,
        })?;
        let w = chol.solve(&self.fty);
        if self.samples == 0 || w.iter().any(|v| !v.is_finite()) {
            return Err(EvalError::Singular {
                samples: self.samples,
            });
        }
        Ok(std::array::from_fn(|k| w[k]))
    }
}

/// Errors of predictions against exact values (seeds).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ErrorStats {
    /// Predictions.
    pub n: u64,
    sum_sq: f64,
    sum_abs: f64,
}

impl ErrorStats {
    /// Adds a prediction's error (seeds).
    pub fn add(&mut self, error: f64) {
        self.n += 1;
        self.sum_sq += error * error;
        self.sum_abs += error.abs();
    }

    /// Root mean square error, seeds (0 with no predictions).
    pub fn rmse(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            (self.sum_sq / self.n as f64).sqrt()
        }
    }

    /// Mean absolute error, seeds.
    pub fn mae(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum_abs / self.n as f64
        }
    }
}

/// `w . f`, seeds.
pub fn predict(w: &[f64; NF], f: &[f32; NF]) -> f64 {
    w.iter().zip(f).map(|(w, &f)| w * f as f64).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Kalah, Oware};

    fn kalah(text: &str) -> Kalah {
        Kalah::new(text.parse::<GameSpec>().unwrap().try_into().unwrap())
    }

    fn weights_for(game: &str, houses: usize, w: [f64; NF]) -> Weights {
        Weights {
            games: vec![game.parse::<GameSpec>().unwrap().with_default_seeds()],
            houses,
            features: FeatureSet::TwoRow,
            w,
        }
    }

    /// Worked by hand: Kalah(3), North to move with houses a b c = 2 7 0, South's A B C =
    /// 3 0 1 (North's `a` faces South's `C`, `b` faces `B`, `c` faces `A`), stores 6-5.
    #[test]
    fn features_worked_by_hand() {
        let rules = kalah("kalah(houses=3)");
        let pos = rules.parse_position("3,0,1/2,7,0 6-5 N").unwrap();
        let f = position_features(&rules, &pos, FeatureSet::TwoRow, 3);
        // tempo; seeds 9 and 4; houses holding seeds 2 and 2; extra turns: North none (2 != 3,
        // 7 != 2), South A (3 = 3) and C (1 = 1); reaching the store: North b (7 >= 2), South
        // A and C; exposed: North's b (7) faces South's empty B, South's A (3) faces North's
        // empty c; weak (1 or 2 seeds): North a, South C; laps (6 seeds or more): North b.
        let expected = [1., 9., 4., 2., 2., 0., 2., 1., 2., 7., 3., 1., 1., 1., 0.];
        assert_eq!(f, expected);
        // 9 + 4 seeds in the houses.
        assert_eq!(FeatureSet::TwoRow.board_seeds(&f), 13.0);
        // Evaluated: store difference -1 (North 5, South 6), plus tempo 0.5 and 1 seed per
        // exposed opponent seed (3): 2.5 seeds = 250 units.
        let mut w = [0.0; NF];
        w[0] = 0.5;
        w[10] = 1.0;
        let fitted = Fitted::new(&rules, &weights_for("kalah(houses=3)", 3, w), "test").unwrap();
        assert_eq!(Evaluator::<Kalah>::evaluate(&fitted, &rules, &pos), 250);
    }

    /// Worked by hand: Bao la Kiswahili, North to move. North's back row `b` = 2 (2 seeds),
    /// front row `l` = 4, `m` = 3 (7 seeds); South's back row `A` = 1, `H` = 3 (4 seeds), front
    /// row `I` = 2, `L` = 5, `P` = 1 (8 seeds); reserves South 22, North 21 (64 seeds in all);
    /// South alone owns a kuu. A front hole
    /// `h` faces the other player's `23 - h`: North's `m` (12) faces South's `L` (11), so North
    /// exposes 3 seeds and South 5; North's `l` faces South's empty `M`, South's `I` and `P`
    /// face North's empty `p` and `i`. Holes of 2 or more: North `b l m`, South `H I L`.
    #[test]
    fn four_row_features_worked_by_hand() {
        let spec: GameSpec = "bao-la-kiswahili".parse().unwrap();
        let rules = crate::rules::Bao::new(spec.try_into().unwrap());
        let pos = rules
            .parse_position(
                "1,0,0,0,0,0,0,3,2,0,0,5,0,0,0,1/0,2,0,0,0,0,0,0,0,0,0,4,3,0,0,0 0-0 N;reserve=22-21;kuu=S",
            )
            .unwrap();
        assert_eq!(
            FeatureSet::of_rules(&rules),
            Some((FeatureSet::FourRow, 16))
        );
        let f = position_features(&rules, &pos, FeatureSet::FourRow, 16);
        let expected = [1., 7., 8., 2., 4., 21., 22., 3., 3., 3., 5., 6., 5., 0., 1.];
        assert_eq!(f, expected);
        // Every seed of the game is in a hole or a reserve: 64.
        assert_eq!(FeatureSet::FourRow.board_seeds(&f), 64.0);
        // A four-row weights file serves Bao and is refused for Kalah, and the other way round.
        let mut w = weights_for("bao-la-kiswahili", 16, [0.0; NF]);
        w.features = FeatureSet::FourRow;
        w.w[9] = -1.0;
        w.w[10] = 0.5;
        let fitted = Fitted::new(&rules, &w, "bao.toml").unwrap();
        // -3 + 2.5 seeds = -50 units.
        assert_eq!(
            Evaluator::<crate::rules::Bao>::evaluate(&fitted, &rules, &pos),
            -50
        );
        assert!(Fitted::new(&kalah("kalah"), &w, "bao.toml").is_err());
        let two_row = weights_for("kalah", 16, [0.0; NF]);
        assert!(Fitted::new(&rules, &two_row, "k.toml").is_err());
    }

    /// Least squares recovers the weights that made the targets (exact, noiseless labels on the
    /// features of random boards), to 0.01 seeds: the ridge of `1e-9` times the trace biases
    /// the small-scale features (tempo) by a few thousandths here.
    #[test]
    fn fit_recovers_known_weights() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let truth: [f64; NF] = std::array::from_fn(|k| (k as f64 - 7.0) * 0.25);
        let m = 6;
        let mut ls = LeastSquares::default();
        for _ in 0..5000 {
            let mut obs = [0.0f32; 2 * (6 + 2)];
            for (i, cell) in obs.iter_mut().enumerate() {
                if i % (m + 2) < m {
                    *cell = rng.gen_range(0..15) as f32;
                }
            }
            let f = features(&obs, m);
            ls.add(&f, predict(&truth, &f));
        }
        let w = ls.solve().unwrap();
        for k in 0..NF {
            assert!(
                (w[k] - truth[k]).abs() < 1e-2,
                "{}: {} vs {}",
                FEATURES[k].0,
                w[k],
                truth[k]
            );
        }
        assert_eq!(
            LeastSquares::default().solve(),
            Err(EvalError::Singular { samples: 0 })
        );
    }

    #[test]
    fn weights_files_parse_and_serve_their_games() {
        for (file, text) in WEIGHTS_FILES {
            let w = Weights::parse(text, file).unwrap();
            assert_eq!(
                Weights::parse(
                    &format!(
                        "features = \"{}\"\ngames = [\"{}\"]\nhouses = {}\n{}",
                        w.features.name(),
                        w.games[0],
                        w.houses,
                        w.table()
                    ),
                    file
                )
                .unwrap()
                .w,
                w.w
            );
        }
        assert!(Fitted::for_rules(&kalah("kalah(seeds=5)")).is_ok());
        let awari = Oware::new("awari".parse::<GameSpec>().unwrap().try_into().unwrap());
        assert!(Fitted::for_rules(&awari).is_ok());
        let oware = Oware::new("oware".parse::<GameSpec>().unwrap().try_into().unwrap());
        assert!(Fitted::for_rules(&oware).is_ok());
        let bao = crate::rules::Bao::new(
            "bao-la-kiswahili"
                .parse::<GameSpec>()
                .unwrap()
                .try_into()
                .unwrap(),
        );
        assert!(Fitted::for_rules(&bao).is_ok());
        let e = Fitted::for_rules(&kalah("kalah(houses=4)")).unwrap_err();
        assert!(matches!(e, EvalError::NoWeights { .. }), "{e}");
        assert!(e.to_string().contains("kalah(houses=4)"), "{e}");
        let e = Fitted::new(
            &kalah("kalah(houses=4)"),
            &weights_for("kalah", 6, [0.0; NF]),
            "k.toml",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "the weights of k.toml are fitted for 6 houses a side, but `kalah(houses=4)` has 4"
        );
    }

    #[test]
    fn bad_weights_files_are_named() {
        let full = WEIGHTS_FILES[0].1;
        let cases = [
            ("games = [\"kalah\"\n", "x.toml"),
            (
                &full.replace("tempo =", "tempi ="),
                "unknown feature `tempi`",
            ),
            (
                &full.replace("lap_opponent =", "# lap_opponent ="),
                "feature `lap_opponent` missing",
            ),
            (
                &full.replace("games = [\"kalah\"]", "games = [\"kalahx\"]"),
                "game `kalahx`",
            ),
            (
                &full.replace("games = [\"kalah\"]", "games = []"),
                "`games` is empty",
            ),
            (&full.replace("houses = 6", "houses = 0"), "houses = 0"),
            (
                &format!("features = \"three-row\"\n{full}"),
                "features = \"three-row\" is not a feature set",
            ),
            (
                &format!("features = \"four-row\"\n{full}"),
                "unknown feature `extra_turn_mover`",
            ),
            (
                &full.replace("houses = 6", "houses = 6\ncolour = 1"),
                "colour",
            ),
        ];
        for (text, needle) in cases {
            let e = Weights::parse(text, "x.toml").unwrap_err();
            let EvalError::BadWeights { ref file, .. } = e else {
                panic!("{e:?}")
            };
            assert_eq!(file, "x.toml");
            assert!(e.to_string().contains(needle), "{e} lacks {needle}");
        }
    }
}
