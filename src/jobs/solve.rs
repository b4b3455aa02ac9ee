//! The solve job: the value of a position and of each of its moves, a principal variation, by
//! the method asked for; optionally checked by a second method.

use super::valued::Valued;
use super::{
    game_line, parse_game, physical_bytes, run_on, signed, JobError, OnRules, Progress, Threads,
};
use crate::egdb::Egdb;
use crate::game::Status;
use crate::results::ResultTable;
use crate::rules::Rules;
use crate::search::retrograde::{retrograde, Wdl};
use crate::search::solver::{Limits, TableStats};
use crate::search::{full_solve, memo_solve, plain_solve, solve, with_search_stack, SolveError};
use crate::search::{Solution, SolveOptions};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a solve searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// MTD(f) over parallel alpha-beta with a transposition table.
    #[default]
    Alphabeta,
    /// Exhaustive memoized minimax (games without repetition).
    Memo,
    /// Alpha-beta with the repetition history, no table.
    Plain,
    /// One-thread full-window alpha-beta with a table on each root move.
    Full,
    /// Win, draw or loss by retrograde analysis of every reachable position (four-row games;
    /// `tt_mb` bounds its memory, about 100 bytes a position).
    Retrograde,
}

impl Method {
    /// The name of the method, as `--method` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Alphabeta => "alphabeta",
            Method::Memo => "memo",
            Method::Plain => "plain",
            Method::Full => "full",
            Method::Retrograde => "retrograde",
        }
    }
}

/// Solve a position exactly (`mancala solve`, `kind = "solve"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// What the job is for, in words (job files).
    pub description: Option<String>,
    /// Game string (RULES.md §12).
    pub game: String,
    /// Position text (default: the start position).
    pub position: Option<String>,
    /// Moves played from the position first (`"A f B e"`).
    pub moves: Option<String>,
    /// Worker threads (default: every core).
    #[serde(default)]
    pub threads: Threads,
    /// Transposition table size in MiB, 1 to [`MAX_TT_MB`] (default: sized to the seeds on
    /// the board).
    #[serde(
        default,
        deserialize_with = "super::whole_number_in::<_, 1, MAX_TT_MB>"
    )]
    pub tt_mb: Option<u32>,
    /// Stop after about this many nodes (the error says the bounds proved so far).
    pub max_nodes: Option<u64>,
    /// Stop after about this many seconds.
    pub max_seconds: Option<f64>,
    /// Prove the value and one best move only: the other moves get an upper bound.
    #[serde(default)]
    pub value_only: bool,
    /// Endgame database directory to probe inside the search.
    pub egdb: Option<PathBuf>,
    /// The search method.
    #[serde(default)]
    pub method: Method,
    /// A second method that must give the same value to every root move (for a retrograde
    /// draw: any value strictly between a loss and a win).
    pub check: Option<Method>,
}

impl SolveRequest {
    /// A request to solve the start of `game` with every default.
    pub fn new(game: &str) -> SolveRequest {
        SolveRequest {
            description: None,
            game: game.to_string(),
            position: None,
            moves: None,
            threads: Threads::all(),
            tt_mb: None,
            max_nodes: None,
            max_seconds: None,
            value_only: false,
            egdb: None,
            method: Method::Alphabeta,
            check: None,
        }
    }
}

/// Most transposition-table memory a solve may ask for, MiB.
pub const MAX_TT_MB: u32 = 1 << 20;

impl SolveRequest {
    /// The request of the check by `method`: every move valued exactly, without databases.
    fn checked_by(&self, method: Method) -> SolveRequest {
        SolveRequest {
            method,
            value_only: false,
            check: None,
            // memo's map and plain's search have no table to size.
            tt_mb: self
                .tt_mb
                .filter(|_| !matches!(method, Method::Memo | Method::Plain)),
            ..self.clone()
        }
    }

    /// Refuses options out of range and a method that cannot solve the game of `rules`.
    fn validate<R: Rules>(&self, rules: &R) -> Result<(), JobError> {
        if let Some(mb) = self.tt_mb {
            if !(1..=MAX_TT_MB).contains(&mb) {
                return Err(JobError::input(format!(
                    "--tt-mb {mb}: expected 1 to {MAX_TT_MB} (MiB)"
                )));
            }
            if let Some(total) = physical_bytes().map(|b| b >> 20) {
                if u64::from(mb) > total * 8 / 10 {
                    return Err(JobError::input(format!(
                        "--tt-mb {mb} is more than 80% of this machine's {total} MiB of memory"
                    )));
                }
            }
        }
        if let Some(s) = self.max_seconds.filter(|s| !(s.is_finite() && *s > 0.0)) {
            return Err(JobError::input(format!(
                "--max-seconds {s}: not a positive number of seconds"
            )));
        }
        if self.max_nodes == Some(0) {
            return Err(JobError::input(
                "--max-nodes 0: not a positive number of nodes (a limit of 0 would stop before \
                 the first node)",
            ));
        }
        let method = self.method;
        if method != Method::Alphabeta && (self.max_nodes.is_some() || self.max_seconds.is_some()) {
            return Err(JobError::input(format!(
                "`{}` runs to the end: --max-nodes and --max-seconds limit the method \
                 alphabeta only, not the others (as --method or --check); drop the limits",
                method.name()
            )));
        }
        if matches!(method, Method::Memo | Method::Plain) && self.tt_mb.is_some() {
            return Err(JobError::input(format!(
                "--method {} has no table to size: memo keeps every position in a map that grows \
                 as it needs, plain keeps none; --tt-mb sizes the table of alphabeta, full and \
                 retrograde: drop it",
                method.name()
            )));
        }
        if method != Method::Alphabeta && (self.value_only || self.egdb.is_some()) {
            return Err(JobError::input(format!(
                "--method {} values every move without databases: drop --value-only and --egdb",
                method.name()
            )));
        }
        // The table-based searches store a value per position for one repetition history
        // shape: exact when the first repeat ends the game (a position's value then depends on
        // the window only through `repeats`, which the solver checks before the table), not when
        // a position may occur twice before the game ends (the value would depend on how many
        // times each position of the window occurred, which the table key leaves out).
        // A limit of moves without a capture makes a value depend on the window's length,
        // which the table key leaves out too.
        let history_rule = crate::search::solver::history_rule(rules);
        if let Some(rule) =
            history_rule.filter(|_| matches!(method, Method::Alphabeta | Method::Full))
        {
            return Err(JobError::input(format!(
                "--method {} keeps a table of values that is exact only when a position's value \
                 depends on the history through its first repeat alone, and `{}` {rule}: use \
                 --method plain (alpha-beta on the whole history, no table; small positions)",
                method.name(),
                rules.spec(),
            )));
        }
        if method == Method::Memo && R::CAN_REPEAT {
            return Err(JobError::input(format!(
                "--method memo needs a game without repetition, and in `{}` a position can \
                 repeat (its value depends on the history): use --method plain",
                rules.spec()
            )));
        }
        if method == Method::Retrograde && !rules.spec().result_is_win_draw_loss() {
            return Err(JobError::input(format!(
                "--method retrograde finds wins, draws and losses, which are the results of the \
                 four-row games without stores (omweso, bao-la-kete, bao-la-kiswahili), not of `{}`",
                rules.spec()
            )));
        }
        Ok(())
    }
}

/// The report of a solve: `mancala solve --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveReport {
    /// The position, its value (final store difference in seeds from the side to move under
    /// perfect play; retrograde: all the seeds for a win, minus that for a loss, 0 for a
    /// draw), every legal move's value and a principal variation.
    #[serde(flatten)]
    pub valued: Valued,
    /// The method.
    pub method: Method,
    /// Wall-clock seconds of the solve.
    pub seconds: f64,
    /// What the method counted.
    #[serde(flatten)]
    pub detail: SolveDetail,
    /// The second method's solve, when the request asked for a check (it agreed).
    pub check: Option<Box<SolveReport>>,
}

/// The method's counters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SolveDetail {
    /// Of a search (every method but retrograde).
    Search(SearchDetail),
    /// Of retrograde analysis.
    Retrograde(RetrogradeDetail),
}

/// A search's counters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchDetail {
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Threads used.
    pub threads: usize,
    /// Transposition-table counters.
    pub table: TableStats,
    /// The endgame databases probed, if any.
    pub egdb: Option<EgdbUse>,
}

/// Endgame databases a solve probed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EgdbUse {
    /// The directory.
    pub dir: String,
    /// Most seeds on the board they cover.
    pub max_seeds: Option<u32>,
    /// Seconds to open and verify them.
    pub open_seconds: f64,
    /// Positions valued by them.
    pub hits: u64,
}

/// Retrograde analysis's counters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RetrogradeDetail {
    /// `win`, `draw` or `loss` for the side to move.
    pub result: String,
    /// Plies to the end of a won or lost game under best play.
    pub plies: u32,
    /// Each move's result.
    pub move_results: Vec<MoveResult>,
    /// Reachable positions.
    pub positions: u64,
    /// Seeds in the game (a win's value).
    pub seeds: i32,
    /// Positions by result for their mover.
    pub counts: WdlCounts,
    /// What the values mean.
    pub meaning: String,
}

/// A move's retrograde result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveResult {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// `win`, `draw` or `loss` for the mover.
    pub result: String,
    /// Plies to the end.
    pub plies: u32,
}

/// Positions by result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WdlCounts {
    /// Wins for their mover.
    pub win: u64,
    /// Draws.
    pub draw: u64,
    /// Losses.
    pub loss: u64,
}

const RETROGRADE_MEANING: &str = "win and loss: the winner takes all the seeds; draw: neither \
    side can force a win (play would go on until a position repeats), not valued in seeds";

/// Runs the solve job.
pub(super) fn run(
    request: &SolveRequest,
    progress: &dyn Progress,
) -> Result<SolveReport, JobError> {
    let spec = parse_game(&request.game)?;
    let mut report = run_on(&spec, request, progress)?;
    if let Some(method) = request.check {
        let second = request.checked_by(method);
        let checked = run_on(&spec, &second, progress)?;
        report.agree(&checked).map_err(|why| {
            JobError::failed(format!(
                "the check disagrees: `{}` gives {why}",
                request.method.name()
            ))
        })?;
        report.check = Some(Box::new(checked));
    }
    Ok(report)
}

impl SolveReport {
    /// Whether `other` (a solve by another method) gives the same value and the same value to
    /// every root move both value exactly. A retrograde draw (0) is "no forced win": any value
    /// strictly between a loss and a win agrees with it.
    fn agree(&self, other: &SolveReport) -> Result<(), String> {
        let total = match &self.detail {
            SolveDetail::Retrograde(r) if r.seeds > 0 => Some(r.seeds),
            _ => None,
        };
        let same = |x: i32, y: i32| match total {
            Some(t) if x == 0 => y.abs() < t,
            _ => x == y,
        };
        let exact = |r: &SolveReport| -> Vec<(String, i32)> {
            r.valued
                .moves
                .iter()
                .filter(|m| m.exact)
                .map(|m| (m.mv.clone(), m.value))
                .collect()
        };
        let (a, b) = (exact(self), exact(other));
        let agree = same(self.valued.value, other.valued.value)
            && a.iter()
                .all(|m| b.iter().find(|x| x.0 == m.0).is_none_or(|x| same(m.1, x.1)));
        if agree {
            Ok(())
        } else {
            Err(format!(
                "{} ({a:?}), `{}` gives {} ({b:?})",
                self.valued.value,
                other.method.name(),
                other.valued.value
            ))
        }
    }

    /// The moves that keep the value (exact ones).
    fn best_moves(&self) -> Vec<&str> {
        self.valued
            .moves
            .iter()
            .filter(|m| m.exact && m.value == self.valued.value)
            .map(|m| m.mv.as_str())
            .collect()
    }

    /// Every move as `A:+3`, upper bounds as `A:<=3`.
    fn move_values(&self) -> String {
        self.valued
            .moves
            .iter()
            .map(|m| format!("{}:{}{}", m.mv, if m.exact { "" } else { "<=" }, m.value))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Nodes searched, or (retrograde) positions analysed.
    fn work(&self) -> u64 {
        match &self.detail {
            SolveDetail::Search(s) => s.nodes,
            SolveDetail::Retrograde(r) => r.positions,
        }
    }

    /// The text `mancala solve` prints.
    pub fn text(&self) -> String {
        let mut out = self.valued.text();
        match &self.detail {
            SolveDetail::Search(s) => {
                let seconds = self.seconds.max(1e-9);
                let _ = writeln!(
                    out,
                    "nodes     {} in {:.2} s ({:.2} M nodes/s, threads: {})",
                    s.nodes,
                    self.seconds,
                    s.nodes as f64 / seconds / 1e6,
                    s.threads
                );
                let t = &s.table;
                let _ = write!(
                    out,
                    "table     {}, {} entries",
                    crate::egdb::human_bytes(t.bytes as u64),
                    t.entries
                );
                if let Some(fill) = t.fill {
                    let _ = write!(out, ", {:.0}% full", 100.0 * fill);
                }
                if let Some(c) = &t.counters {
                    let _ = write!(
                        out,
                        "; {} probes, {:.0}% hits; {} nodes ({:.0}%) ended by table bounds",
                        c.probes,
                        100.0 * c.hits as f64 / c.probes.max(1) as f64,
                        c.cutoffs,
                        100.0 * c.cutoffs as f64 / s.nodes.max(1) as f64
                    );
                }
                out.push('\n');
                if let Some(e) = &s.egdb {
                    let _ = writeln!(
                        out,
                        "egdb      {} ({} seeds and fewer; opened and verified in {:.2} s); {} \
                         positions valued",
                        e.dir,
                        e.max_seeds.unwrap_or(0),
                        e.open_seconds,
                        e.hits
                    );
                }
            }
            SolveDetail::Retrograde(r) => {
                let results: Vec<String> = r
                    .move_results
                    .iter()
                    .map(|m| format!("{} {} in {}", m.mv, m.result, m.plies))
                    .collect();
                let _ = writeln!(
                    out,
                    "result    {} in {} plies (retrograde; {})",
                    r.result, r.plies, r.meaning
                );
                let _ = writeln!(out, "by move   {}", results.join(", "));
                let _ = writeln!(
                    out,
                    "positions {} reachable ({} wins, {} draws, {} losses for their mover) in \
                     {:.2} s",
                    r.positions, r.counts.win, r.counts.draw, r.counts.loss, self.seconds
                );
            }
        }
        if let Some(c) = &self.check {
            let _ = writeln!(
                out,
                "check     `{}` agrees: value {} ({} nodes, {:.2} s)",
                c.method.name(),
                signed(c.valued.value),
                c.work(),
                c.seconds
            );
        }
        out
    }

    /// The result table of a solve job (`results/solve/NAME.*`).
    pub(super) fn table(&self) -> ResultTable {
        let header = [
            "game",
            "position",
            "value",
            "best_moves",
            "move_values",
            "pv",
            "nodes",
            "seconds",
            "method",
            "check_method",
            "check_value",
            "check_nodes",
            "check_seconds",
        ];
        let pv = self.valued.pv.join(" ");
        let mut row = vec![
            self.valued.game.clone(),
            self.valued.position.clone(),
            self.valued.value.to_string(),
            self.best_moves().join(" "),
            self.move_values(),
            pv.clone(),
            self.work().to_string(),
            format!("{:.2}", self.seconds),
            self.method.name().to_string(),
        ];
        match &self.check {
            Some(c) => row.extend([
                c.method.name().to_string(),
                c.valued.value.to_string(),
                c.work().to_string(),
                format!("{:.2}", c.seconds),
            ]),
            None => row.extend(["".to_string(), "".into(), "".into(), "".into()]),
        }
        let meaning = match &self.detail {
            SolveDetail::Retrograde(r) => format!(
                "Result for the side to move: **{}** in {} plies, by retrograde analysis of {} \
                 reachable positions ({}). Values: a win is worth all the seeds (the winner \
                 takes them), a loss minus that, 0 a draw: neither side can force a win, play \
                 would go on until a position repeats (not valued in seeds). Positions: {} wins, \
                 {} draws, {} losses for their mover. PV: {pv}\n",
                r.result,
                r.plies,
                r.positions,
                r.move_results
                    .iter()
                    .map(|m| format!("{} {} in {}", m.mv, m.result, m.plies))
                    .collect::<Vec<_>>()
                    .join(", "),
                r.counts.win,
                r.counts.draw,
                r.counts.loss,
            ),
            SolveDetail::Search(_) => format!(
                "Value: final store difference in seeds from the side to move under perfect \
                 play, by `{}`. PV: {pv}\n",
                self.method.name()
            ),
        };
        let retrograde = matches!(self.detail, SolveDetail::Retrograde(_));
        let mut markdown = format!(
            "| game | position | value | best moves | every move | {} | seconds |\n\
             |---|---|---:|---|---|---:|---:|\n| `{}` | `{}` | {} | {} | {} | {} | {} |\n\n{meaning}",
            if retrograde { "positions" } else { "nodes" },
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[6],
            row[7]
        );
        if self.check.is_some() {
            let agreement = if retrograde {
                "every win and loss the same, every draw valued strictly between a loss and a win"
            } else {
                "every root move the same"
            };
            markdown.push_str(&format!(
                "\nChecked by a second method, `{}`: value {}, {agreement} ({} nodes, {} s).\n",
                row[9], row[10], row[11], row[12]
            ));
        }
        ResultTable {
            markdown,
            header: header.iter().map(|s| s.to_string()).collect(),
            rows: vec![row],
            timing: &["nodes", "seconds", "check_nodes", "check_seconds"],
            svg: None,
        }
    }
}

impl OnRules for SolveRequest {
    type Report = SolveReport;

    fn run<R: Rules>(&self, rules: R, progress: &dyn Progress) -> Result<SolveReport, JobError> {
        let line = game_line(&rules, self.position.as_deref(), self.moves.as_deref())?;
        let pos = *line.current();
        self.validate(&rules)?;
        // Every method keys positions by `value_key` (table, memo, retrograde map): refused
        // where that key would not be lossless (wide boards with many seeds).
        rules.exact_keys(&pos).map_err(JobError::input)?;
        if let Some(check) = self.check {
            // Refused before the work, not after the first solve.
            self.checked_by(check).validate(&rules)?;
        }
        let method = self.method;
        if method == Method::Retrograde {
            return retrograde_solve(&rules, &pos, self);
        }
        let threads = self.threads.get();
        let egdb = match &self.egdb {
            Some(dir) => {
                let started = Instant::now();
                let db = Egdb::open(dir, &rules)?;
                if let Some(note) = db.missing_note() {
                    progress.note(&note);
                }
                Some((Arc::new(db), started.elapsed().as_secs_f64()))
            }
            None => None,
        };
        // Set by the progress watcher when the front end cancels (Progress::cancelled).
        let cancel = Arc::new(AtomicBool::new(false));
        let options = SolveOptions {
            threads,
            tt_mb: self.tt_mb.map(|mb| mb as usize),
            value_only: self.value_only,
            limits: Limits {
                max_nodes: self.max_nodes,
                max_seconds: self.max_seconds,
                cancel: Some(cancel.clone()),
            },
            egdb: egdb.as_ref().map(|(db, _)| db.clone()),
        };
        let threads_error = |threads: usize, e: &dyn std::fmt::Display| SolveError::Threads {
            threads,
            reason: e.to_string(),
        };
        let counter = AtomicU64::new(0);
        let solution: Solution<R> = if line.status(&rules) == Status::Ongoing {
            let window = line.repetition_window(&rules);
            with_progress(progress, &counter, &cancel, || match method {
                Method::Alphabeta => solve(&rules, &pos, window, &options, &counter),
                Method::Memo => memo_solve(&rules, &pos, self.threads, &counter)
                    .map_err(|e| threads_error(threads, &e)),
                // One-thread recursions: on a thread with a search-sized stack.
                Method::Full => with_search_stack(|| {
                    full_solve(
                        &rules,
                        &pos,
                        window,
                        self.tt_mb.map_or(256, |mb| mb as usize),
                    )
                })
                .map_err(|e| threads_error(1, &e)),
                Method::Plain => with_search_stack(|| plain_solve(&rules, &pos, window, &counter))
                    .map_err(|e| threads_error(1, &e)),
                Method::Retrograde => unreachable!("solved by retrograde_solve"),
            })
            .map_err(|e| match e {
                SolveError::Stopped {
                    ref limit,
                    lower,
                    upper,
                    ref best,
                    ref moves,
                    nodes,
                    seconds,
                } => {
                    let partial = serde_json::json!({
                        "game": rules.spec().to_string(),
                        "position": rules.format_position(&pos),
                        "stopped": limit,
                        "lower": lower,
                        "upper": upper,
                        "best_move": best.as_ref().map(|b| &b.0),
                        "best_move_at_least": best.as_ref().map(|b| b.1),
                        "moves_finished": moves
                            .iter()
                            .map(|(mv, v)| serde_json::json!({"move": mv, "value": v}))
                            .collect::<Vec<_>>(),
                        "nodes": nodes,
                        "seconds": seconds,
                    });
                    JobError::new(super::ErrorKind::Stopped, &e).with_partial(partial)
                }
                e => JobError::input(e),
            })?
        } else {
            // A finished game (including by repetition): its final difference, no moves.
            let o = line.status(&rules).outcome().expect("over");
            Solution {
                value: rules.store_difference(&pos) + o.value(),
                moves: Vec::new(),
                pv: Vec::new(),
                nodes: 0,
                seconds: 0.0,
                threads,
                table: Default::default(),
                egdb_hits: 0,
            }
        };
        Ok(SolveReport {
            valued: Valued::new(
                &rules,
                &pos,
                solution.value,
                solution.moves.iter().map(|m| (m.mv, m.value, m.exact)),
                &solution.pv,
            ),
            method,
            seconds: solution.seconds,
            detail: SolveDetail::Search(SearchDetail {
                nodes: solution.nodes,
                threads: solution.threads,
                table: solution.table.clone(),
                egdb: egdb.as_ref().map(|(db, open_seconds)| EgdbUse {
                    dir: db.dir().display().to_string(),
                    max_seeds: db.max_seeds(),
                    open_seconds: *open_seconds,
                    hits: solution.egdb_hits,
                }),
            }),
            check: None,
        })
    }
}

/// Runs `work` while a watcher tells `progress` the count of `counter` five times a second.
fn with_progress<T>(
    progress: &dyn Progress,
    counter: &AtomicU64,
    cancel: &AtomicBool,
    work: impl FnOnce() -> T,
) -> T {
    progress.start("nodes", None);
    let result = std::thread::scope(|scope| {
        // The watcher ends when `finished` is dropped, however the work ends.
        let (finished, ended) = std::sync::mpsc::channel::<()>();
        scope.spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                ended.recv_timeout(Duration::from_millis(200))
            {
                progress.set(counter.load(Ordering::Relaxed));
                if progress.cancelled() {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
        });
        let result = work();
        drop(finished);
        result
    });
    progress.finish();
    result
}

/// `Method::Retrograde`: win, draw or loss, for the four-row games (a win is worth all the
/// seeds there, so the value is `+T`, `-T` or, for a draw, 0).
fn retrograde_solve<R: Rules>(
    rules: &R,
    pos: &R::Position,
    request: &SolveRequest,
) -> Result<SolveReport, JobError> {
    let max_positions = ((request.tt_mb.unwrap_or(1024) as usize) << 20) / 100;
    let started = Instant::now();
    let r = retrograde(rules, pos, max_positions).map_err(JobError::input)?;
    let seconds = started.elapsed().as_secs_f64();
    let total = rules.board_seeds(pos) as i32;
    let seeds = |w: Wdl| match w {
        Wdl::Win => total,
        Wdl::Draw => 0,
        Wdl::Loss => -total,
    };
    Ok(SolveReport {
        valued: Valued::new(
            rules,
            pos,
            seeds(r.value),
            r.moves.iter().map(|&(mv, w, _)| (mv, seeds(w), true)),
            &r.pv,
        ),
        method: Method::Retrograde,
        seconds,
        detail: SolveDetail::Retrograde(RetrogradeDetail {
            result: r.value.name().to_string(),
            plies: r.plies,
            move_results: r
                .moves
                .iter()
                .map(|(mv, w, d)| MoveResult {
                    mv: rules.format_move(pos, *mv),
                    result: w.name().to_string(),
                    plies: *d,
                })
                .collect(),
            positions: r.positions as u64,
            seeds: total,
            counts: WdlCounts {
                win: r.counts[0] as u64,
                draw: r.counts[1] as u64,
                loss: r.counts[2] as u64,
            },
            meaning: RETROGRADE_MEANING.to_string(),
        }),
        check: None,
    })
}
