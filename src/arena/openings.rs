//! Where the games of a run start: the game's start position or a chosen one (`--position`,
//! with `--moves` played from it), enumerated openings of K plies from there (`--openings K`),
//! or the openings of a file (`--openings-file`), one a line.
//!
//! **Openings file**: UTF-8 text, one opening a line; blank lines and lines whose first
//! non-blank character is `#` are skipped. A line holding `/` is a position text (RULES.md §12,
//! e.g. `3,3,3,0/3,3,3,4 1-0 N`); any other line a move list played from the game's start
//! position (`C d`, whitespace- or comma-separated, the notation of RULES.md §12). Every line is
//! checked before any game is played: a bad one is refused naming `FILE:LINE` and the bad token,
//! and so is an opening after which the game is over or that leaves no move under the ply cap.
//! Openings are played in the file's order (`sequential`) or in an order shuffled by the run's
//! seed (`random`); pair `p` of each pairing plays opening `p`, cycling.

use super::{derive_seed, rng, uniform, Plan, TimeControl};
use crate::core::JobError;
use crate::game::{game_line, Line, Status};
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::path::Path;

/// In which order the openings of a file are played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OpeningsOrder {
    /// The file's order.
    #[default]
    Sequential,
    /// Shuffled by the run's seed.
    Random,
}

impl OpeningsOrder {
    /// `sequential` or `random`.
    pub fn name(self) -> &'static str {
        match self {
            OpeningsOrder::Sequential => "sequential",
            OpeningsOrder::Random => "random",
        }
    }
}

impl std::str::FromStr for OpeningsOrder {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "sequential" => Ok(OpeningsOrder::Sequential),
            "random" => Ok(OpeningsOrder::Random),
            _ => Err(format!(
                "`{s}` is not an openings order: sequential or random"
            )),
        }
    }
}

/// The openings of a file, as read (not yet checked against a game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsFile {
    /// The path as given (for messages).
    pub path: String,
    /// The openings: line number (from 1) and text, trimmed, blank and comment lines left out.
    pub lines: Vec<(usize, String)>,
    /// The order of play.
    pub order: OpeningsOrder,
}

impl OpeningsFile {
    /// Reads `path`.
    ///
    /// # Errors
    /// Bad input: a file that cannot be read or holds no opening.
    pub fn read(path: &Path, order: OpeningsOrder) -> Result<OpeningsFile, JobError> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            JobError::input(format!("cannot read --openings-file {}", path.display())).because(e)
        })?;
        let lines: Vec<(usize, String)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim().to_string()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        if lines.is_empty() {
            return Err(JobError::input(format!(
                "--openings-file {} holds no opening (only blank lines and # comments)",
                path.display()
            )));
        }
        Ok(OpeningsFile {
            path: path.display().to_string(),
            lines,
            order,
        })
    }

    /// What identifies the file's openings in a run's identity: their number, a CRC-32 of
    /// their lines (joined by newlines; comments, blank lines and the path do not count) and
    /// the order.
    pub fn identity(&self) -> Value {
        let mut crc = crc32fast::Hasher::new();
        for (_, l) in &self.lines {
            crc.update(l.as_bytes());
            crc.update(b"\n");
        }
        json!({
            "count": self.lines.len(),
            "crc32": format!("{:08x}", crc.finalize()),
            "order": self.order.name(),
        })
    }
}

/// Where the games of a plan start, beside [`Plan::opening_plies`] (the default: the game's
/// start position).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartSpec {
    /// A position text (RULES.md §12) the games start from.
    pub position: Option<String>,
    /// Moves played from it (or from the start) first, as text; part of every opening.
    pub moves: Option<String>,
    /// An openings file (then `position`, `moves` and the plan's `opening_plies` are unset).
    pub file: Option<OpeningsFile>,
}

impl StartSpec {
    /// The keys this adds to a run's identity (none for the default, so that the identity of
    /// a run from the start position is as before).
    pub fn identity(&self) -> Vec<(&'static str, Value)> {
        let mut out = Vec::new();
        if self.position.is_some() || self.moves.is_some() {
            let moves = self.moves.as_deref().map(|m| {
                m.split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|t| !t.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ")
            });
            out.push((
                "start",
                json!({"position": self.position.as_deref().map(str::trim), "moves": moves}),
            ));
        }
        if let Some(f) = &self.file {
            out.push(("openings_file", f.identity()));
        }
        out
    }
}

/// One opening: the position a game starts from and the moves played from it before the
/// agents move.
#[derive(Clone, Debug)]
pub struct Opening<R: Rules> {
    /// The start position.
    pub start: R::Position,
    /// Its position text when it is not the game's start position (as game records hold it).
    pub start_text: Option<String>,
    /// The moves played from `start`.
    pub moves: Vec<R::Move>,
    /// The same, as text.
    pub move_texts: Vec<String>,
}

impl<R: Rules> Opening<R> {
    /// The opening of `line` (its start position and the moves played).
    fn of(rules: &R, line: &Line<R>) -> Opening<R> {
        let start = line.positions()[0];
        let mut replay = Line::new(start);
        let move_texts = line
            .moves()
            .iter()
            .map(|&mv| replay.play(rules, mv).expect("the line's moves are legal"))
            .collect();
        Opening {
            start,
            start_text: (start != rules.start()).then(|| rules.format_position(&start)),
            moves: line.moves().to_vec(),
            move_texts,
        }
    }

    /// The game line after the opening.
    pub fn line(&self, rules: &R) -> Line<R> {
        let mut line = Line::new(self.start);
        for &mv in &self.moves {
            line.play(rules, mv).expect("openings are legal lines");
        }
        line
    }
}

/// Every legal sequence of `plies` moves from the end of `base` that does not end the game,
/// each appended to `base`'s moves, in generation order (none if no game lasts that long).
fn enumerate<R: Rules>(rules: &R, base: &Line<R>, plies: u32) -> Result<Vec<Line<R>>, JobError> {
    // The lines' positions within ENUMERATED_BYTES.
    let most =
        ENUMERATED_BYTES / (std::mem::size_of::<R::Position>() * (plies as usize + 1)).max(1);
    fn walk<R: Rules>(
        rules: &R,
        line: &Line<R>,
        left: u32,
        out: &mut Vec<Line<R>>,
        most: usize,
    ) -> bool {
        if line.status(rules) != Status::Ongoing {
            return true;
        }
        if left == 0 {
            out.push(line.clone());
            return out.len() <= most;
        }
        for c in line.children(rules) {
            let mut next = line.clone();
            next.push(rules, c.mv, c.pos);
            if !walk(rules, &next, left - 1, out, most) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    if !walk(rules, base, plies, &mut out, most) {
        return Err(JobError::input(format!(
            "--openings {plies}: {} has more than {most} lines of {plies} plies (every one is an \
             opening, and they are held in memory); choose fewer plies or an openings file \
             (--openings-file)",
            rules.spec()
        )));
    }
    Ok(out)
}

/// Most memory the positions of the lines enumerated from `--openings N` may take (Kalah(6,4)'s
/// 563,055 lines of 8 plies fit; the four-row games have millions of lines of a few plies).
const ENUMERATED_BYTES: usize = 256 << 20;

/// `items` in an order shuffled by the run's `seed` (the stream `derive_seed(seed, u64::MAX)`).
pub(super) fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut r = rng(derive_seed(seed, u64::MAX));
    for i in (1..items.len()).rev() {
        items.swap(i, uniform(&mut r, i + 1));
    }
}

/// The openings of `plan` in playing order: pair `p` of a pairing plays opening `p` modulo
/// their number.
///
/// # Errors
/// Bad input naming the option, or the file, line and token: a bad position or move, an
/// opening after which the game is over or that leaves no move under the ply cap, no opening
/// of the asked length.
pub fn prepare<R: Rules>(rules: &R, plan: &Plan) -> Result<Vec<Opening<R>>, JobError> {
    let spec = &plan.start;
    let openings = match &spec.file {
        Some(file) => {
            let mut out = Vec::new();
            for (number, text) in &file.lines {
                let at = |why: String| JobError::input(format!("{}:{number}: {why}", file.path));
                let line = if text.contains('/') {
                    let pos = rules
                        .parse_position(text)
                        .map_err(|e| at(format!("bad position text `{text}`: {e}")))?;
                    Line::new(pos)
                } else {
                    let mut line = Line::new(rules.start());
                    line.play_text(rules, text)
                        .map_err(|e| at(format!("bad move list `{text}`: {e}")))?;
                    line
                };
                check(rules, &line, plan.max_plies).map_err(at)?;
                out.push(Opening::of(rules, &line));
            }
            if file.order == OpeningsOrder::Random {
                shuffle(&mut out, plan.seed);
            }
            out
        }
        None => {
            let base = game_line(rules, spec.position.as_deref(), spec.moves.as_deref())?;
            let mut lines = enumerate(rules, &base, plan.opening_plies)?;
            if lines.is_empty() {
                let given = spec.position.is_some() || spec.moves.is_some();
                return Err(JobError::input(if plan.opening_plies == 0 && given {
                    "the game is already over at the start given by --position and --moves"
                        .to_string()
                } else if plan.opening_plies == 0 {
                    format!("{}: the game is already over at its start", rules.spec())
                } else {
                    format!(
                        "{}: no game lasts {} plies from its start, so there is no opening of \
                         that length (choose fewer --openings)",
                        rules.spec(),
                        plan.opening_plies
                    )
                }));
            }
            if plan.opening_plies > 0 {
                shuffle(&mut lines, plan.seed);
            }
            // Every enumerated opening has the same length: checking one checks all.
            check(rules, &lines[0], plan.max_plies).map_err(|why| {
                JobError::input(format!("the opening of --moves and --openings: {why}"))
            })?;
            lines.iter().map(|l| Opening::of(rules, l)).collect()
        }
    };
    Ok(openings)
}

/// Whether a game can be played after `line`.
fn check<R: Rules>(rules: &R, line: &Line<R>, max_plies: u32) -> Result<(), String> {
    if line.status(rules) != Status::Ongoing {
        return Err("the game is over after this opening: it leaves no move to play".into());
    }
    if line.moves().len() >= max_plies as usize {
        return Err(format!(
            "its {} moves leave no move to the agents under --max-plies {max_plies}",
            line.moves().len()
        ));
    }
    Ok(())
}
/// Every legal sequence of `plies` moves from the start that does not end the game, in a
/// seeded random order (one empty opening if `plies` is 0 or none exists): the moves of the
/// openings [`prepare`] gives a plan from the start position.
pub fn openings<R: Rules>(rules: &R, plies: u32, seed: u64) -> Vec<Vec<R::Move>> {
    let plan = Plan {
        agents: Vec::new(),
        pairings: Vec::new(),
        rounds: 0,
        earlier_rounds: Vec::new(),
        opening_plies: plies,
        start: StartSpec::default(),
        seed,
        max_plies: u32::MAX,
        time: TimeControl::default(),
        adjudicate_egdb: None,
    };
    match prepare(rules, &plan) {
        Ok(list) => list.into_iter().map(|o| o.moves).collect(),
        Err(_) => vec![Vec::new()],
    }
}
