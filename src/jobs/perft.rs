//! The perft job: the number of move sequences of exactly `depth` moves.

use super::{game_line, parse_game, run_on, ErrorKind, JobError, OnRules, Progress, Threads};
use crate::game::Status;
use crate::rules::Rules;
use crate::search::perft_divide_until;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::time::Instant;

/// The deepest perft, plies.
pub const MAX_DEPTH: u32 = 1000;

/// Count move sequences (`mancala perft`, `kind = "perft"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftRequest {
    /// Game string (RULES.md §12).
    pub game: String,
    /// Moves (plies; an extra turn is a ply) of each sequence.
    pub depth: u32,
    /// Position text (default: the start position).
    pub position: Option<String>,
    /// Moves played from the position first.
    pub moves: Option<String>,
    /// Also count below each first move.
    #[serde(default)]
    pub divide: bool,
    /// Worker threads (default: every core).
    #[serde(default)]
    pub threads: Threads,
}

/// The report of a perft: `mancala perft --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerftReport {
    /// Canonical game string.
    pub game: String,
    /// The position counted from.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// Sequences of `depth` moves.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Sequences below each first move, in move order (with `divide`; a JSON object).
    #[serde(with = "pairs_as_map")]
    pub divide: Vec<(String, u64)>,
}

impl PerftReport {
    /// The text `mancala perft` prints.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (m, n) in &self.divide {
            let _ = writeln!(out, "{m}: {n}");
        }
        let _ = writeln!(out, "perft({}) = {}", self.depth, self.nodes);
        out
    }

    /// The speed line `mancala perft` prints on standard error.
    pub fn speed(&self) -> String {
        format!(
            "{} from {} in {:.3} s ({:.1} M sequences/s)",
            self.game,
            self.position,
            self.seconds,
            self.nodes as f64 / self.seconds.max(1e-9) / 1e6
        )
    }
}

/// Runs the perft job.
pub(super) fn run(
    request: &PerftRequest,
    progress: &dyn Progress,
) -> Result<PerftReport, JobError> {
    if request.depth > MAX_DEPTH {
        return Err(JobError::input(format!(
            "--depth {}: expected 0 to {MAX_DEPTH}",
            request.depth
        )));
    }
    if crate::multi::NGameSpec::wants(&request.game) {
        return n_player(request);
    }
    let spec = parse_game(&request.game)?;
    request
        .threads
        .install(|| run_on(&spec, request, progress))?
}

impl OnRules for PerftRequest {
    type Report = PerftReport;

    fn run<R: Rules>(&self, rules: R, progress: &dyn Progress) -> Result<PerftReport, JobError> {
        let line = game_line(&rules, self.position.as_deref(), self.moves.as_deref())?;
        let pos = line.current();
        let window = line.repetition_window(&rules);
        let depth = self.depth;
        let started = Instant::now();
        let (nodes, divide) = if line.status(&rules) != Status::Ongoing {
            (u64::from(depth == 0), Vec::new())
        } else {
            let d = perft_divide_until(&rules, pos, depth, window, &progress.stop()).ok_or_else(
                || {
                    JobError::new(
                        ErrorKind::Stopped,
                        format!(
                            "perft to depth {depth} stopped (cancelled or past the time ceiling) \
                             after {:.1} s",
                            started.elapsed().as_secs_f64()
                        ),
                    )
                },
            )?;
            let nodes = d.iter().map(|(_, n)| n).sum::<u64>() + u64::from(depth == 0);
            (nodes, if self.divide { d } else { Vec::new() })
        };
        Ok(PerftReport {
            game: rules.spec().to_string(),
            position: rules.format_position(pos),
            depth,
            nodes,
            seconds: started.elapsed().as_secs_f64(),
            divide: divide
                .into_iter()
                .map(|(mv, n)| (rules.format_move(pos, mv), n))
                .collect(),
        })
    }
}

/// Perft of a game of three or four players ([`crate::multi`]): one thread.
fn n_player(request: &PerftRequest) -> Result<PerftReport, JobError> {
    use crate::multi::{search, NGame, NLine};
    let spec = request
        .game
        .parse()
        .map_err(|e| JobError::input("bad game string").because(e))?;
    let game = NGame::new(spec);
    let mut line = NLine::new(&game, request.position.as_deref(), None)
        .map_err(|e| JobError::input("bad --position").because(e))?;
    for text in request.moves.as_deref().unwrap_or("").split_whitespace() {
        line.play_text(&game, text)
            .map_err(|e| JobError::input("bad --moves").because(e))?;
    }
    let started = Instant::now();
    let depth = request.depth;
    let divide = search::perft_divide(&game, &line, depth);
    let nodes = divide.iter().map(|(_, n)| n).sum::<u64>() + u64::from(depth == 0);
    Ok(PerftReport {
        game: game.spec().to_string(),
        position: game.format_position(line.current()),
        depth,
        nodes,
        seconds: started.elapsed().as_secs_f64(),
        divide: if request.divide {
            divide
                .into_iter()
                .map(|(mv, n)| (game.format_move(mv), n))
                .collect()
        } else {
            Vec::new()
        },
    })
}

/// `Vec<(String, u64)>` as a JSON object, keeping the order.
mod pairs_as_map {
    use serde::de::{MapAccess, Visitor};
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(pairs: &[(String, u64)], s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, u64)>, D::Error> {
        struct Pairs;
        impl<'de> Visitor<'de> for Pairs {
            type Value = Vec<(String, u64)>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of counts")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some(pair) = map.next_entry()? {
                    out.push(pair);
                }
                Ok(out)
            }
        }
        d.deserialize_map(Pairs)
    }
}
