//! The analyze job: the accuracy of agents against perfect play (`mancala analyze`,
//! `kind = "analyze"`).
//!
//! A set of positions (a file, a reproducible sample of self-play positions, or the positions
//! of a finished run's moves) is valued exactly: every legal move of each by the exact solver
//! ([`crate::search::solve`], which answers from the endgame databases where they cover the
//! position and probes them inside its search), on one thread per position within a node (or
//! time) budget; a position it cannot value within the budget is counted apart, never
//! guessed. Each agent then chooses at every valued position (a run: the move played is
//! taken), and the loss of its move is the value of the best move minus the value of the move
//! chosen: whole seeds of final store difference from the mover's point of view, 0 for an
//! optimal move. Positions with a single legal move (forced) are left out.
//!
//! Reproducible: positions are valued on one thread each (the rayon pool only runs several at
//! once), each agent is built afresh for each position with a seed derived from the job's
//! seed, agent and position, so the report depends on the job alone whatever the thread count
//! (for agents and budgets of fixed work: `max_nodes`, not `max_seconds`).

use super::{parse_game, run_on, ErrorKind, JobError, OnRules, Progress, Threads};
use crate::agents::{derive_seed, rng, uniform, AgentSpec, Clock, Resources};
use crate::arena::export::{check_records, read_run, StoredRun};
use crate::arena::stats::{
    bootstrap_interval, jeffreys_interval, mean_of, percentile_95_of, Estimate,
};
use crate::arena::GameRecord;
use crate::egdb::Egdb;
use crate::game::{Line, Status};
use crate::results::ResultTable;
use crate::rules::{Children, GameSpec, Rules};
use crate::search::solver::{history_rule, Limits};
use crate::search::{solve, SolveError, SolveOptions};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// Default node budget of the exact valuation of one position (all its moves).
pub const ANALYZE_MAX_NODES: u64 = 20_000_000;

fn four() -> u32 {
    4
}
fn ten() -> usize {
    10
}

/// The accuracy of agents against perfect play (`mancala analyze`, `kind = "analyze"`).
///
/// The positions are one of: `positions` (a file), `sample` (positions of self-play games),
/// `run` (the moves of a finished match or tournament).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// What the job is for, in words (job files).
    pub description: Option<String>,
    /// Game string (RULES.md §12); with `run`, the run's game (given or not).
    pub game: Option<String>,
    /// The agent strings (not with `run`: a run's moves are its agents').
    #[serde(default)]
    pub agents: Vec<String>,
    /// A file of positions, one position text a line (`#` starts a comment).
    pub positions: Option<PathBuf>,
    /// How many positions to sample from self-play games.
    pub sample: Option<usize>,
    /// The game records of a finished run: a `NAME.games.jsonl` path, or a run name looked up
    /// as `results/tournaments/NAME.games.jsonl`.
    pub run: Option<String>,
    /// The run's seed: sampling games, agents' randomness, bootstrap.
    #[serde(default = "super::one")]
    pub seed: u64,
    /// The plies (moves from the start) a sampled position may come after, `LO-HI` (default
    /// `10-40`).
    pub plies: Option<String>,
    /// The seeds on the board a sampled position must hold, `LO-HI` (default: any; with it the
    /// plies default to `0-1000`, and the phases span `LO` to `HI`).
    pub seeds: Option<String>,
    /// The agent that plays both sides of the sampling games (default `greedy`).
    pub sampler: Option<String>,
    /// Phases: bins of equal width of seeds on the board, from 1 to the seeds of the game
    /// (from `LO` to `HI` with `seeds`).
    #[serde(default = "four")]
    pub phases: u32,
    /// Endgame database directory (the solver answers from it where it covers a position).
    pub egdb: Option<PathBuf>,
    /// Most nodes of the exact valuation of one position (default [`ANALYZE_MAX_NODES`]).
    pub max_nodes: Option<u64>,
    /// Most seconds of the exact valuation of one position (not reproducible).
    pub max_seconds: Option<f64>,
    /// Transposition table of each valuation, MiB (default: sized to the seeds on the board).
    pub tt_mb: Option<u32>,
    /// Worker threads (default: every core): positions valued at once.
    #[serde(default)]
    pub threads: Threads,
    /// Blunders listed per agent, largest losses first.
    #[serde(default = "ten")]
    pub blunders: usize,
    /// Bootstrap resamples of the intervals of the mean and 95th percentile of losses.
    #[serde(default = "super::thousand")]
    pub resamples: u32,
}

impl AnalyzeRequest {
    /// A request to analyze `agents` on `game` with every default and no positions yet.
    pub fn new(game: &str, agents: &[&str]) -> AnalyzeRequest {
        AnalyzeRequest {
            description: None,
            game: Some(game.to_string()),
            agents: agents.iter().map(|a| a.to_string()).collect(),
            positions: None,
            sample: None,
            run: None,
            seed: 1,
            plies: None,
            seeds: None,
            sampler: None,
            phases: 4,
            egdb: None,
            max_nodes: None,
            max_seconds: None,
            tt_mb: None,
            threads: Threads::all(),
            blunders: 10,
            resamples: 1000,
        }
    }
}

/// An estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// The estimate.
    pub value: f64,
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

impl From<Estimate> for Interval {
    fn from(e: Estimate) -> Interval {
        Interval {
            value: e.value,
            low: e.low,
            high: e.high,
        }
    }
}

/// An agent's accuracy over a set of moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Accuracy {
    /// Fewest seeds on the board of the set (a phase's lower edge; the whole set: 1).
    pub seeds_low: u32,
    /// Most seeds on the board (a phase's upper edge; the whole set: the game's seeds).
    pub seeds_high: u32,
    /// Moves valued.
    pub moves: usize,
    /// Moves that kept the value (loss 0).
    pub optimal: usize,
    /// Share of optimal moves, 95% Jeffreys interval.
    pub optimal_share: Interval,
    /// Mean seeds lost per move, 95% percentile-bootstrap interval.
    pub mean_loss: Interval,
    /// 95th percentile (nearest rank) of seeds lost per move, 95% percentile-bootstrap
    /// interval.
    pub p95_loss: Interval,
}

/// A move that lost seeds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Blunder {
    /// Seeds lost (> 0).
    pub loss: i32,
    /// The position (position text of RULES.md §12).
    pub position: String,
    /// The move chosen.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value, seeds, from the mover's side.
    pub value: i32,
    /// The best moves.
    pub best: Vec<String>,
    /// The position's value.
    pub best_value: i32,
    /// Where the position comes from (`positions.txt line 3`, `sample 12`, `game 4 ply 17`).
    pub at: String,
}

/// One agent's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentReport {
    /// The agent string (canonical).
    pub agent: String,
    /// Its moves at positions that could not be valued within the budget.
    pub unvalued: usize,
    /// Over every valued move.
    pub all: Accuracy,
    /// By phase (seeds on the board), phases without moves left out.
    pub phases: Vec<Accuracy>,
    /// Moves with a loss, in all.
    pub blunders_total: usize,
    /// The largest losses first (ties: in the order of the positions), at most the request's
    /// `blunders`.
    pub blunders: Vec<Blunder>,
}

/// The report of an analysis: `mancala analyze --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalyzeReport {
    /// Canonical game string.
    pub game: String,
    /// Where the positions come from, in words.
    pub source: String,
    /// Positions considered (not over), forced ones included.
    pub positions: usize,
    /// Positions with a single legal move, left out.
    pub forced: usize,
    /// Positions valued exactly.
    pub valued: usize,
    /// Positions the budget did not suffice to value (counted apart).
    pub unvalued: usize,
    /// Nodes the solver searched, all positions.
    pub nodes: u64,
    /// Per agent.
    pub agents: Vec<AgentReport>,
    /// The table's CSV column names (`results/analysis/NAME.csv`).
    pub header: Vec<String>,
    /// The table's rows (the CSV's cells).
    pub rows: Vec<Vec<String>>,
    /// The tables as Markdown text.
    pub text: String,
}

impl AnalyzeReport {
    /// The text `mancala analyze` prints.
    pub fn text(&self) -> String {
        self.text.clone()
    }

    /// The result table (`results/analysis/NAME.*`).
    pub(super) fn table(&self) -> ResultTable {
        ResultTable {
            markdown: self.text.clone(),
            header: self.header.clone(),
            rows: self.rows.clone(),
            timing: &[],
            svg: None,
        }
    }
}

/// The `LO-HI` range of `text`, given as `--FLAG` (`example` shows one).
fn parse_range(flag: &str, text: &str, example: &str) -> Result<(u32, u32), JobError> {
    let bad = || {
        JobError::input(format!(
            "--{flag} {text}: expected LO-HI, two whole numbers with LO <= HI (e.g. {example})"
        ))
    };
    let (lo, hi) = text.split_once('-').ok_or_else(bad)?;
    let lo: u32 = lo.trim().parse().map_err(|_| bad())?;
    let hi: u32 = hi.trim().parse().map_err(|_| bad())?;
    if lo > hi {
        return Err(bad());
    }
    Ok((lo, hi))
}

/// The run file `run` names: a path to a file, else `results/tournaments/NAME.games.jsonl`.
pub fn run_path(run: &str, root: &Path) -> PathBuf {
    let path = PathBuf::from(run);
    if path.is_file() || run.ends_with(".games.jsonl") {
        path
    } else {
        root.join("tournaments").join(format!("{run}.games.jsonl"))
    }
}

/// Runs the analyze job.
pub(super) fn run(
    request: &AnalyzeRequest,
    progress: &dyn Progress,
) -> Result<AnalyzeReport, JobError> {
    let sources = [
        request.positions.is_some(),
        request.sample.is_some(),
        request.run.is_some(),
    ];
    if sources.iter().filter(|&&s| s).count() != 1 {
        return Err(JobError::input(
            "give one set of positions: --positions FILE, --sample N, or a run (RUN)",
        ));
    }
    if request.phases == 0 || request.phases > 100 {
        return Err(JobError::input(format!(
            "--phases {}: expected 1 to 100",
            request.phases
        )));
    }
    if request.max_nodes == Some(0) {
        return Err(JobError::input(
            "--max-nodes 0: not a positive number of nodes",
        ));
    }
    if let Some(s) = request.max_seconds.filter(|s| !(s.is_finite() && *s > 0.0)) {
        return Err(JobError::input(format!(
            "--max-seconds {s}: not a positive number of seconds"
        )));
    }
    if let Some(mb) = request
        .tt_mb
        .filter(|mb| !(1..=super::MAX_TT_MB).contains(mb))
    {
        return Err(JobError::input(format!(
            "--tt-mb {mb}: expected 1 to {} (MiB)",
            super::MAX_TT_MB
        )));
    }
    if request.sample == Some(0) {
        return Err(JobError::input("--sample 0: expected at least 1 position"));
    }
    if request.run.is_none()
        && (request.sampler.is_some() || request.plies.is_some() || request.seeds.is_some())
        && request.sample.is_none()
    {
        return Err(JobError::input(
            "--sampler, --plies and --seeds choose the sampled positions: give --sample N",
        ));
    }
    let mut stored = None;
    let spec = match &request.run {
        Some(run) => {
            if !request.agents.is_empty() {
                return Err(JobError::input(
                    "--agent: a run's moves are its agents'; give agents with --positions or \
                     --sample",
                ));
            }
            let path = run_path(run, Path::new("results"));
            let r = read_run(&path)?;
            if let Some(game) = &request.game {
                let given = parse_game(game)?;
                if given.to_string() != r.spec.to_string() {
                    return Err(JobError::input(format!(
                        "game `{game}`: the run {} is of `{}`",
                        path.display(),
                        r.spec
                    )));
                }
            }
            let spec = r.spec.clone();
            stored = Some(r);
            spec
        }
        None => {
            if request.agents.is_empty() {
                return Err(JobError::input(
                    "--agent: give at least one agent to analyze",
                ));
            }
            let game = request
                .game
                .as_deref()
                .ok_or_else(|| JobError::input("missing key `game`"))?;
            parse_game(game)?
        }
    };
    let job = Job {
        request,
        stored: stored.as_ref(),
        spec: &spec,
    };
    request
        .threads
        .install(|| run_on(&spec, &job, progress))
        .map_err(|e| JobError::failed(e.to_string()))?
}

/// The request with what was read before the game was known.
struct Job<'a> {
    request: &'a AnalyzeRequest,
    stored: Option<&'a StoredRun>,
    spec: &'a GameSpec,
}

/// A position to value, and who moved there.
struct Item<R: Rules> {
    pos: R::Position,
    /// The positions before it that it could repeat (a run's; empty otherwise).
    window: Vec<R::Position>,
    /// A run's: the index of the agent that moved and the move it played.
    played: Option<(usize, R::Move)>,
    /// Where it comes from, for blunder lists.
    at: String,
}

/// The values of a position's moves if it could be valued, and the nodes searched.
type Valuation<R> = Result<(Option<Values<R>>, u64), JobError>;

/// A valued position: the value of each move, seeds, from the mover's side.
struct Values<R: Rules> {
    best: i32,
    moves: Vec<(R::Move, i32)>,
}

impl OnRules for Job<'_> {
    type Report = AnalyzeReport;

    fn run<R: Rules>(&self, rules: R, progress: &dyn Progress) -> Result<AnalyzeReport, JobError> {
        let request = self.request;
        if let Some(rule) = history_rule(&rules) {
            return Err(JobError::input(format!(
                "`{}` {rule}: the exact solver that values the moves keeps a table that \
                 cannot represent that rule",
                self.spec
            )));
        }
        // Agents first: a bad agent is refused before any work.
        let mut resources = Resources::default();
        let mut agents: Vec<AgentSpec> = Vec::new();
        for text in &request.agents {
            let spec: AgentSpec = text
                .parse()
                .map_err(|e| JobError::input(format!("bad agent `{text}`")).because(e))?;
            resources
                .prepare(&spec, &rules)
                .map_err(|e| JobError::input(format!("agent `{text}`")).because(e))?;
            agents.push(spec);
        }
        let db = match &request.egdb {
            Some(dir) => Some(Arc::new(Egdb::open(dir, &rules).map_err(|e| {
                JobError::input(format!("--egdb {}", dir.display())).because(e)
            })?)),
            None => None,
        };
        let (items, forced, source, names) = match self.stored {
            Some(run) => {
                let (items, forced) = run_items(&rules, run)?;
                let names: Vec<String> = (0..run.agents.len().max(1))
                    .map(|i| {
                        run.agents
                            .get(i)
                            .cloned()
                            .unwrap_or_else(|| format!("agent {i}"))
                    })
                    .collect();
                (
                    items,
                    forced,
                    format!("the moves of the {} {}", run.event, run.path.display()),
                    names,
                )
            }
            None => {
                let (items, forced, source) = match (&request.positions, request.sample) {
                    (Some(file), _) => {
                        let (items, forced) = file_items(&rules, file)?;
                        (
                            items,
                            forced,
                            format!("the positions of {}", file.display()),
                        )
                    }
                    (None, Some(n)) => sample_items(&rules, request, n, progress)?,
                    (None, None) => unreachable!("checked before"),
                };
                let names = agents.iter().map(|a| a.to_string()).collect();
                (items, forced, source, names)
            }
        };
        let positions = items.len() + forced;
        // Every position valued once, on one thread each, in a fixed order.
        let options = SolveOptions {
            threads: 1,
            tt_mb: request.tt_mb.map(|mb| mb as usize),
            value_only: false,
            egdb: db,
            limits: Limits {
                max_nodes: Some(request.max_nodes.unwrap_or(ANALYZE_MAX_NODES)),
                max_seconds: request.max_seconds,
                cancel: progress.stop().flag,
            },
        };
        progress.start("positions valued", Some(items.len() as u64));
        let valued: Vec<Valuation<R>> = {
            use rayon::prelude::*;
            items
                .par_iter()
                .with_max_len(1)
                .map(|item| {
                    if progress.cancelled() {
                        // Reported after the loop.
                        return Ok((None, 0));
                    }
                    let v = value_moves(&rules, item, &options);
                    progress.add(1);
                    v
                })
                .collect()
        };
        progress.finish();
        if progress.cancelled() {
            // A solve cut by the stop reads as "not valued within the budget": not true.
            return Err(JobError::new(
                ErrorKind::Stopped,
                "stopped while valuing positions (cancelled or past the time ceiling): no \
                 accuracy reported",
            ));
        }
        let mut values = Vec::with_capacity(valued.len());
        let mut nodes = 0;
        for v in valued {
            let (v, n) = v?;
            nodes += n;
            values.push(v);
        }
        let n_valued = values.iter().filter(|v| v.is_some()).count();
        // The moves to judge: per agent, (item, move) pairs.
        let mut moves: Vec<Vec<(usize, R::Move)>> = vec![Vec::new(); names.len()];
        let mut unvalued = vec![0usize; names.len()];
        if self.stored.is_some() {
            for (i, item) in items.iter().enumerate() {
                let (a, mv) = item.played.expect("a run's moves");
                if a >= names.len() {
                    continue;
                }
                if values[i].is_some() {
                    moves[a].push((i, mv));
                } else {
                    unvalued[a] += 1;
                }
            }
        } else {
            let valued_items: Vec<usize> =
                (0..items.len()).filter(|&i| values[i].is_some()).collect();
            for (a, spec) in agents.iter().enumerate() {
                unvalued[a] = items.len() - valued_items.len();
                progress.start(&format!("moves of {spec}"), Some(valued_items.len() as u64));
                let agent_seed = derive_seed(request.seed, 1 + a as u64);
                let choose = |&i: &usize| -> Result<(usize, R::Move), JobError> {
                    let item = &items[i];
                    let mut agent =
                        resources.build(&rules, spec, derive_seed(agent_seed, i as u64));
                    let line = Line::new(item.pos);
                    let stop = progress.stop();
                    let clock = Clock {
                        stop: stop.clone(),
                        ..Clock::default()
                    };
                    let choice = agent.choose(&rules, &line, &clock).map_err(|e| {
                        JobError::input(format!(
                            "agent `{spec}` cannot play `{}` at {} ({}): {e}",
                            self.spec,
                            rules.format_position(&item.pos),
                            item.at
                        ))
                    })?;
                    if stop.reached() {
                        // A choice cut short is not the agent's: the accuracy would be false.
                        return Err(JobError::new(
                            ErrorKind::Stopped,
                            format!("stopped while agent `{spec}` was choosing (cancelled or past the time ceiling): no accuracy reported"),
                        ));
                    }
                    progress.add(1);
                    Ok((i, choice.mv))
                };
                let chosen: Vec<Result<(usize, R::Move), JobError>> =
                    if rayon::current_num_threads() <= spec.threads() {
                        valued_items.iter().map(choose).collect()
                    } else {
                        use rayon::prelude::*;
                        valued_items
                            .par_iter()
                            .with_max_len(1)
                            .map(choose)
                            .collect()
                    };
                progress.finish();
                for c in chosen {
                    moves[a].push(c?);
                }
            }
        }
        let (low, high) = phase_range(&rules, request)?;
        let mut reports = Vec::new();
        for (a, name) in names.iter().enumerate() {
            let judged: Vec<Judged<R::Move>> = moves[a]
                .iter()
                .map(|&(i, mv)| {
                    let v = values[i].as_ref().expect("valued");
                    let value = v
                        .moves
                        .iter()
                        .find(|(m, _)| *m == mv)
                        .map(|&(_, x)| x)
                        .expect("the agent's move is legal");
                    Judged {
                        item: i,
                        seeds: rules.board_seeds(&items[i].pos),
                        loss: v.best - value,
                        mv,
                        value,
                    }
                })
                .collect();
            let seed = derive_seed(request.seed, 1000 + a as u64);
            let all = accuracy(&judged, low, high, request.resamples, seed);
            let phases = (0..request.phases)
                .filter_map(|k| {
                    let (lo, hi) = phase_edges(low, high, request.phases, k);
                    let in_phase: Vec<Judged<R::Move>> = judged
                        .iter()
                        .filter(|j| (lo..=hi).contains(&j.seeds))
                        .cloned()
                        .collect();
                    (!in_phase.is_empty()).then(|| {
                        accuracy(
                            &in_phase,
                            lo,
                            hi,
                            request.resamples,
                            derive_seed(seed, 1 + u64::from(k)),
                        )
                    })
                })
                .collect();
            let mut lost: Vec<&Judged<R::Move>> = judged.iter().filter(|j| j.loss > 0).collect();
            lost.sort_by_key(|j| (-j.loss, j.item));
            let blunders = lost
                .iter()
                .take(request.blunders)
                .map(|j| {
                    let item = &items[j.item];
                    let v = values[j.item].as_ref().expect("valued");
                    Blunder {
                        loss: j.loss,
                        position: rules.format_position(&item.pos),
                        mv: rules.format_move(&item.pos, j.mv),
                        value: j.value,
                        best: v
                            .moves
                            .iter()
                            .filter(|(_, x)| *x == v.best)
                            .map(|&(m, _)| rules.format_move(&item.pos, m))
                            .collect(),
                        best_value: v.best,
                        at: item.at.clone(),
                    }
                })
                .collect();
            reports.push(AgentReport {
                agent: name.clone(),
                unvalued: unvalued[a],
                all,
                phases,
                blunders_total: lost.len(),
                blunders,
            });
        }
        let mut report = AnalyzeReport {
            game: rules.spec().to_string(),
            source,
            positions,
            forced,
            valued: n_valued,
            unvalued: items.len() - n_valued,
            nodes,
            agents: reports,
            header: Vec::new(),
            rows: Vec::new(),
            text: String::new(),
        };
        report.tabulate(request);
        Ok(report)
    }
}

/// A move judged.
#[derive(Clone)]
struct Judged<M> {
    item: usize,
    seeds: u32,
    loss: i32,
    mv: M,
    value: i32,
}

/// The seeds on the board the phases span: `--seeds LO-HI` when sampling with it, else 1 to
/// the seeds of the game.
fn phase_range<R: Rules>(rules: &R, request: &AnalyzeRequest) -> Result<(u32, u32), JobError> {
    let total = rules.board_seeds(&rules.start()).max(1);
    match (&request.seeds, request.sample) {
        (Some(text), Some(_)) => {
            let (lo, hi) = parse_range("seeds", text, "15-28")?;
            if lo == 0 || hi > total {
                return Err(JobError::input(format!(
                    "--seeds {text}: `{}` has {total} seeds; expected LO-HI within 1-{total}",
                    rules.spec()
                )));
            }
            Ok((lo, hi))
        }
        _ => Ok((1, total)),
    }
}

/// Phase `k` of `phases` over seeds `low..=high`: seeds `lo..=hi`.
fn phase_edges(low: u32, high: u32, phases: u32, k: u32) -> (u32, u32) {
    let span = u64::from(high - low + 1);
    let edge = |k: u32| low - 1 + (span * u64::from(k) / u64::from(phases)) as u32;
    (edge(k) + 1, edge(k + 1))
}

/// The accuracy of `judged` moves (seeds `lo..=hi`), its bootstrap seeded by `seed`.
fn accuracy<M>(judged: &[Judged<M>], lo: u32, hi: u32, resamples: u32, seed: u64) -> Accuracy {
    let losses: Vec<f64> = judged.iter().map(|j| f64::from(j.loss)).collect();
    let optimal = judged.iter().filter(|j| j.loss == 0).count();
    Accuracy {
        seeds_low: lo,
        seeds_high: hi,
        moves: judged.len(),
        optimal,
        optimal_share: jeffreys_interval(optimal as u64, judged.len() as u64).into(),
        mean_loss: bootstrap_interval(&losses, mean_of, resamples, derive_seed(seed, 1)).into(),
        p95_loss: bootstrap_interval(&losses, percentile_95_of, resamples, derive_seed(seed, 2))
            .into(),
    }
}

/// Every move of `item` valued exactly (`None`: not within the budget), and the nodes
/// searched.
fn value_moves<R: Rules>(rules: &R, item: &Item<R>, options: &SolveOptions) -> Valuation<R> {
    if rules.exact_keys(&item.pos).is_err() {
        return Ok((None, 0));
    }
    match solve(rules, &item.pos, &item.window, options, &AtomicU64::new(0)) {
        Ok(s) => {
            let moves: Vec<(R::Move, i32)> = s.moves.iter().map(|m| (m.mv, m.value)).collect();
            debug_assert!(s.moves.iter().all(|m| m.exact));
            Ok((
                Some(Values {
                    best: s.value,
                    moves,
                }),
                s.nodes,
            ))
        }
        Err(SolveError::Stopped { nodes, .. }) => Ok((None, nodes)),
        Err(e) => Err(JobError::failed(e)),
    }
}

/// The positions of a file, one position text a line (`#` starts a comment), and how many
/// were forced (one legal move).
///
/// # Errors
/// Bad input naming the file and line: a line that is not a position of the game, a position
/// where the game is over.
fn file_items<R: Rules>(rules: &R, file: &Path) -> Result<(Vec<Item<R>>, usize), JobError> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        JobError::input(format!(
            "--positions {}: cannot read it: {e}",
            file.display()
        ))
    })?;
    let mut items = Vec::new();
    let mut forced = 0;
    for (n, line) in text.lines().enumerate() {
        let t = line.split('#').next().unwrap_or("").trim();
        if t.is_empty() {
            continue;
        }
        let at = format!("{} line {}", file.display(), n + 1);
        let pos = rules
            .parse_position(t)
            .map_err(|e| JobError::input(format!("{at}: `{t}`")).because(e))?;
        let line = Line::new(pos);
        if line.status(rules) != Status::Ongoing {
            return Err(JobError::input(format!(
                "{at}: `{t}`: the game is over there, no move to choose"
            )));
        }
        if line.children(rules).len() < 2 {
            forced += 1;
            continue;
        }
        items.push(Item {
            pos,
            window: Vec::new(),
            played: None,
            at,
        });
    }
    if items.is_empty() && forced == 0 {
        return Err(JobError::input(format!(
            "--positions {}: no positions in it",
            file.display()
        )));
    }
    Ok((items, forced))
}

/// `n` positions sampled from self-play games of the sampler, stratified by phase, the
/// positions forced left out (none are counted: they are not drawn), and the source in words.
///
/// Game `g` is played from the start by the sampler in both seats (seeds
/// `derive_seed(derive_seed(seed, 0), g)` and streams 0 and 1 of it for South and North),
/// up to ply `HI`; every position after `LO` to `HI` plies that is not over, has two legal
/// moves or more and was not seen before joins the pool of its phase. Games are played until
/// the pool holds `4 n` positions (or `20 n + 100` games were played). Then positions are drawn
/// from the phases in turn, at random within each (the generator `derive_seed(seed, 3)`), until
/// `n` are drawn or the pool is empty: the phases are represented equally where they can be.
fn sample_items<R: Rules>(
    rules: &R,
    request: &AnalyzeRequest,
    n: usize,
    progress: &dyn Progress,
) -> Result<(Vec<Item<R>>, usize, String), JobError> {
    let (low, high) = phase_range(rules, request)?;
    let default_plies = if request.seeds.is_some() {
        "0-1000"
    } else {
        "10-40"
    };
    let (lo, hi) = parse_range(
        "plies",
        request.plies.as_deref().unwrap_or(default_plies),
        "10-40",
    )?;
    let sampler_text = request.sampler.as_deref().unwrap_or("greedy");
    let sampler: AgentSpec = sampler_text
        .parse()
        .map_err(|e| JobError::input(format!("bad --sampler `{sampler_text}`")).because(e))?;
    let mut resources = Resources::default();
    resources
        .prepare(&sampler, rules)
        .map_err(|e| JobError::input(format!("--sampler `{sampler_text}`")).because(e))?;
    let phases = request.phases;
    let mut pool: Vec<Vec<(R::Position, String)>> = vec![Vec::new(); phases as usize];
    let mut seen: HashSet<String> = HashSet::new();
    let games_seed = derive_seed(request.seed, 0);
    let max_games = 20 * n as u64 + 100;
    let mut games = 0;
    progress.start("sampling games", None);
    while seen.len() < 4 * n && games < max_games {
        let game_seed = derive_seed(games_seed, games);
        let mut seats = [
            resources.build(rules, &sampler, derive_seed(game_seed, 0)),
            resources.build(rules, &sampler, derive_seed(game_seed, 1)),
        ];
        let mut line = Line::new(rules.start());
        for ply in 0..=hi {
            if line.status(rules) != Status::Ongoing {
                break;
            }
            let pos = *line.current();
            if ply >= lo {
                let children = line.children(rules);
                let text = rules.format_position(&pos);
                let seeds = rules.board_seeds(&pos);
                if children.len() >= 2 && (low..=high).contains(&seeds) && seen.insert(text) {
                    let k = (0..phases)
                        .find(|&k| phase_edges(low, high, phases, k).1 >= seeds)
                        .unwrap_or(phases - 1);
                    pool[k as usize].push((pos, format!("game {games} ply {}", ply + 1)));
                }
            }
            if ply == hi {
                break;
            }
            let side = usize::from(rules.side_to_move(&pos) == crate::core::Side::North);
            let stop = progress.stop();
            let clock = Clock {
                stop: stop.clone(),
                ..Clock::default()
            };
            let choice = seats[side].choose(rules, &line, &clock).map_err(|e| {
                JobError::input(format!(
                    "--sampler `{sampler}` cannot play `{}`: {e}",
                    rules.spec()
                ))
            })?;
            if stop.reached() {
                // A move cut short would change the sample: not reproducible.
                return Err(JobError::new(
                    ErrorKind::Stopped,
                    "stopped while sampling positions (cancelled or past the time ceiling)",
                ));
            }
            let children: Children<R> = line.children(rules);
            let child = children
                .iter()
                .find(|c| c.mv == choice.mv)
                .copied()
                .expect("agents choose legal moves");
            line.push(rules, child.mv, child.pos);
        }
        games += 1;
        progress.set(games);
    }
    progress.finish();
    let mut r = rng(derive_seed(request.seed, 3));
    let mut drawn = Vec::new();
    while drawn.len() < n && pool.iter().any(|p| !p.is_empty()) {
        for bin in pool.iter_mut() {
            if drawn.len() == n || bin.is_empty() {
                continue;
            }
            let (pos, at) = bin.swap_remove(uniform(&mut r, bin.len()));
            drawn.push(Item {
                pos,
                window: Vec::new(),
                played: None,
                at,
            });
        }
    }
    if drawn.len() < n {
        progress.note(&format!(
            "--sample {n}: {games} games gave {} distinct positions after {lo} to {hi} \
             plies (seeds {low}-{high}); all are analyzed",
            drawn.len()
        ));
    }
    let holding = match &request.seeds {
        Some(_) => format!(" holding {low} to {high} seeds on the board"),
        None => String::new(),
    };
    let source = format!(
        "{} positions sampled from {games} self-play games of `{sampler}` after {lo} to {hi} \
         plies{holding}, stratified by seeds on the board (seed {})",
        drawn.len(),
        request.seed
    );
    Ok((drawn, 0, source))
}

/// The positions the agents of a run moved from (after the opening, the first round of a game
/// played in rounds), with their repetition windows and the moves played, and how many were
/// forced.
///
/// # Errors
/// Bad input for a record that does not replay.
fn run_items<R: Rules>(rules: &R, run: &StoredRun) -> Result<(Vec<Item<R>>, usize), JobError> {
    let records: Vec<GameRecord> = run.records.iter().map(|s| s.record.clone()).collect();
    check_records(rules, run.limits(), &records, &|k| run.record_name(k))?;
    let mut items = Vec::new();
    let mut forced = 0;
    for (k, r) in records.iter().enumerate() {
        let start = r.start_position(rules).map_err(|e| {
            JobError::input(format!("{}: bad start", run.record_name(k))).because(e)
        })?;
        let mut line = Line::new(start);
        let bad = |e: crate::game::PlayError| JobError::input(run.record_name(k)).because(e);
        line.play_text(rules, &r.opening.join(" ")).map_err(bad)?;
        for (ply, text) in r.moves.iter().enumerate() {
            if line.status(rules) != Status::Ongoing {
                break;
            }
            let pos = *line.current();
            let mv = rules.parse_move(&pos, text).map_err(|e| {
                JobError::input(format!("{}: move `{text}`", run.record_name(k))).because(e)
            })?;
            let agent = match rules.side_to_move(&pos) {
                crate::core::Side::South => r.south,
                crate::core::Side::North => r.north,
            };
            if line.children(rules).len() < 2 {
                forced += 1;
            } else {
                items.push(Item {
                    pos,
                    window: line.repetition_window(rules).to_vec(),
                    played: Some((agent, mv)),
                    at: format!("game {} ply {}", r.game, r.opening.len() + ply + 1),
                });
            }
            line.play_text(rules, text).map_err(bad)?;
        }
    }
    Ok((items, forced))
}

/// `0.9730`.
fn f4(x: f64) -> String {
    format!("{x:.4}")
}

impl AnalyzeReport {
    /// Fills the table (header, rows) and the Markdown text.
    fn tabulate(&mut self, request: &AnalyzeRequest) {
        self.header = [
            "agent",
            "phase",
            "seeds_low",
            "seeds_high",
            "moves",
            "unvalued",
            "optimal",
            "optimal_share",
            "optimal_low",
            "optimal_high",
            "mean_loss",
            "mean_loss_low",
            "mean_loss_high",
            "p95_loss",
            "p95_loss_low",
            "p95_loss_high",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let row = |agent: &str, phase: &str, a: &Accuracy, unvalued: String| -> Vec<String> {
            vec![
                agent.to_string(),
                phase.to_string(),
                a.seeds_low.to_string(),
                a.seeds_high.to_string(),
                a.moves.to_string(),
                unvalued,
                a.optimal.to_string(),
                f4(a.optimal_share.value),
                f4(a.optimal_share.low),
                f4(a.optimal_share.high),
                f4(a.mean_loss.value),
                f4(a.mean_loss.low),
                f4(a.mean_loss.high),
                f4(a.p95_loss.value),
                f4(a.p95_loss.low),
                f4(a.p95_loss.high),
            ]
        };
        self.rows.clear();
        for r in &self.agents {
            if r.all.moves > 0 {
                self.rows
                    .push(row(&r.agent, "all", &r.all, r.unvalued.to_string()));
            }
            for p in &r.phases {
                let name = format!("{}-{}", p.seeds_low, p.seeds_high);
                self.rows.push(row(&r.agent, &name, p, String::new()));
            }
        }
        let mut md = String::new();
        let _ = writeln!(
            md,
            "Accuracy against perfect play in `{}`: {}. {} positions: {} forced (one legal \
             move) left out, {} valued exactly, {} not valued within the budget ({}{} per \
             position; counted apart, not guessed); {} nodes searched.\n",
            self.game,
            self.source,
            self.positions,
            self.forced,
            self.valued,
            self.unvalued,
            format_args!("{} nodes", request.max_nodes.unwrap_or(ANALYZE_MAX_NODES)),
            request
                .max_seconds
                .map_or(String::new(), |s| format!(" or {s} s")),
            self.nodes,
        );
        let _ = writeln!(
            md,
            "Loss of a move: the value of the best move minus the value of the move chosen, \
             whole seeds of final store difference from the mover's point of view (exact: the \
             solver{}). Optimal: loss 0. Intervals 95%: Jeffreys for the share of optimal \
             moves, percentile bootstrap ({} resamples, seeded) for the mean and the 95th \
             percentile (nearest rank) of the loss.\n",
            request.egdb.as_ref().map_or(String::new(), |d| format!(
                " with the databases {}",
                d.display()
            )),
            request.resamples
        );
        let interval = |i: &Interval| format!("{} [{}, {}]", f4(i.value), f4(i.low), f4(i.high));
        let share = |i: &Interval| {
            format!(
                "{:.1}% [{:.1}, {:.1}]",
                100.0 * i.value,
                100.0 * i.low,
                100.0 * i.high
            )
        };
        // Moves, optimal share, mean and 95th percentile loss: the cells both tables share.
        let cells = |a: &Accuracy| {
            format!(
                "{} | {} | {} | {}",
                a.moves,
                share(&a.optimal_share),
                interval(&a.mean_loss),
                interval(&a.p95_loss)
            )
        };
        let _ = writeln!(
            md,
            "| agent | unvalued | moves | optimal | mean loss | 95th percentile loss |\n\
             |---|---:|---:|---:|---:|---:|"
        );
        for r in &self.agents {
            if r.all.moves == 0 {
                let _ = writeln!(md, "| `{}` | {} | 0 | | | |", r.agent, r.unvalued);
            } else {
                let _ = writeln!(md, "| `{}` | {} | {} |", r.agent, r.unvalued, cells(&r.all));
            }
        }
        let _ = writeln!(
            md,
            "\n### By phase (seeds on the board)\n\n| agent | seeds | moves | optimal | mean \
             loss | 95th percentile loss |\n|---|---|---:|---:|---:|---:|"
        );
        for r in &self.agents {
            for p in &r.phases {
                let seeds = format!("{}-{}", p.seeds_low, p.seeds_high);
                let _ = writeln!(md, "| `{}` | {seeds} | {} |", r.agent, cells(p));
            }
        }
        let _ = writeln!(
            md,
            "\n### Blunders\n\nThe largest losses first, at most {} per agent.",
            request.blunders
        );
        for r in &self.agents {
            let _ = writeln!(
                md,
                "\n`{}`: {} moves lost seeds, {} shown.\n",
                r.agent,
                r.blunders_total,
                r.blunders.len()
            );
            if r.blunders.is_empty() {
                continue;
            }
            let _ = writeln!(
                md,
                "| loss | position | move (value) | best (value) | where |\n|---:|---|---|---|---|"
            );
            for b in &r.blunders {
                let _ = writeln!(
                    md,
                    "| {} | `{}` | {} ({}) | {} ({}) | {} |",
                    b.loss,
                    b.position,
                    b.mv,
                    super::signed(b.value),
                    b.best.join(" "),
                    super::signed(b.best_value),
                    b.at
                );
            }
        }
        self.text = md;
    }
}
