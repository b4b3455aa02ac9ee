//! The arena jobs: a match, a tournament, a series.

use super::{parse_game, JobError, Progress, Request, Threads};
use crate::agents::AgentSpec;
use crate::arena::stats::SprtParams;
use crate::arena::{
    ArenaRun, OpeningsFile, OpeningsOrder, Plan, RunKind, Series, StartSpec, TimeControl,
};
use crate::results::RunFiles;
use serde::{Deserialize, Serialize};

/// Most games one run may schedule.
pub const MAX_GAMES: u64 = 1_000_000;

/// A match (two agents in seat-swapped pairs, `mancala match`), a tournament (a round robin of
/// three or more, `mancala tournament`) or a series (one agent template at several budgets,
/// each against one opponent): `kind = "match"`, `"tournament"` or `"series"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArenaRequest {
    /// What the job is for, in words (job files).
    pub description: Option<String>,
    /// Game string.
    pub game: String,
    /// The agent strings (match: two; tournament: three or more; series: none).
    #[serde(default)]
    pub agents: Vec<String>,
    /// Pairs of games per pairing (default 10 unless `games`).
    pub rounds: Option<u64>,
    /// Games per pairing (even).
    pub games: Option<u64>,
    /// Plies of the enumerated openings (0: the start).
    #[serde(default)]
    pub openings: u32,
    /// The position the games start from (position text of RULES.md §12; default: the
    /// game's start position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Moves played from `position` (or the start) before the agents move, in every game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
    /// A file of openings, one a line (position text or moves from the start; `#` comments),
    /// instead of `openings`, `position` and `moves`; a relative path is from the working
    /// directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings_file: Option<String>,
    /// The order of the file's openings: `sequential` (default) or `random` (by the seed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings_order: Option<OpeningsOrder>,
    /// Also write the games as text in the spirit of PGN to this file (`docs/game-records.md`),
    /// as cutechess-cli's `-pgnout`; written whole at the end of the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pgn: Option<String>,
    /// Tournament only: a gauntlet, the first agent against each of the others (no games
    /// among the others).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gauntlet: bool,
    /// Tournament of a game of three or four players only: seat every set of agents in every
    /// permutation of the seats, not only their rotations.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub permutations: bool,
    /// The run's seed.
    #[serde(default = "super::one")]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[serde(default)]
    pub threads: Threads,
    /// Most moves a game may last, opening included.
    #[serde(default = "super::thousand")]
    pub max_plies: u32,
    /// Match only: sequential probability ratio test `elo0=E0,elo1=E1[,alpha=A,beta=B]`.
    pub sprt: Option<String>,
    /// Game clock of each side, `BASE+INC` in seconds (`"60+0.5"`: 60 s a game, 0.5 s added
    /// after each move; `"60"`: no increment).
    pub tc: Option<String>,
    /// Most milliseconds per move.
    pub movetime: Option<u64>,
    /// Milliseconds a side held to the clock may go past its time before it loses on time
    /// (default 1000).
    pub grace: Option<u64>,
    /// Endgame-database directory (as `mancala egdb build` names it) that adjudicates a game
    /// as soon as it covers the position: the game is scored as perfect play would end it
    /// (termination `egdb`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudicate_egdb: Option<String>,
    /// Series only: the agent string with `{}` where each value goes (`mcts(iterations={})`).
    pub agent: Option<String>,
    /// Series only: the values.
    #[serde(default)]
    pub values: Vec<u64>,
    /// Series only: the opponent's agent string.
    pub opponent: Option<String>,
    /// Play on the processes of an MPI job (`mpirun -np P mancala tournament ...
    /// --distributed`, a build with the `mpi` feature): the games are dealt between the
    /// processes, and process 0 writes the files, the same as one process's. Not part of the
    /// job (command line only): where it was played does not change the run.
    #[serde(skip)]
    pub distributed: bool,
}

impl ArenaRequest {
    /// A request for `game` between `agents` with every default.
    pub fn new(game: &str, agents: &[&str]) -> ArenaRequest {
        ArenaRequest {
            description: None,
            game: game.to_string(),
            agents: agents.iter().map(|a| a.to_string()).collect(),
            rounds: None,
            games: None,
            openings: 0,
            position: None,
            moves: None,
            openings_file: None,
            openings_order: None,
            gauntlet: false,
            permutations: false,
            pgn: None,
            seed: 1,
            threads: Threads::all(),
            max_plies: 1000,
            sprt: None,
            tc: None,
            movetime: None,
            grace: None,
            adjudicate_egdb: None,
            agent: None,
            values: Vec::new(),
            opponent: None,
            distributed: false,
        }
    }
}

/// The report of a match, tournament or series.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaReport {
    /// `match`, `tournament` or `series`.
    pub kind: String,
    /// Canonical game string.
    pub game: String,
    /// The agent strings (canonical).
    pub agents: Vec<String>,
    /// Games counted.
    pub games: usize,
    /// Whether every game was played (or the SPRT reached a verdict).
    pub complete: bool,
    /// The table's CSV column names (`results/tournaments/NAME.csv`).
    pub header: Vec<String>,
    /// The table's rows: the CSV's cells, numbers as JSON numbers (integers, floats) and an
    /// empty cell as `null` ([`crate::results::json_cell`]).
    pub rows: Vec<Vec<serde_json::Value>>,
    /// The tables as text.
    pub text: String,
    /// This process's number in a distributed run (0 otherwise): the reports of the other
    /// processes than 0 are neither printed nor written.
    #[serde(skip)]
    pub process: u32,
}

/// Which arena job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaKind {
    /// Two agents.
    Match,
    /// Three or more.
    Tournament,
    /// A template against an opponent.
    Series,
}

impl ArenaKind {
    /// The job-file `kind`.
    pub fn name(self) -> &'static str {
        match self {
            ArenaKind::Match => "match",
            ArenaKind::Tournament => "tournament",
            ArenaKind::Series => "series",
        }
    }
}

/// The keys of an arena request that one kind alone takes.
const KIND_ONLY: [(&str, ArenaKind); 6] = [
    ("sprt", ArenaKind::Match),
    ("gauntlet", ArenaKind::Tournament),
    ("permutations", ArenaKind::Tournament),
    ("agent", ArenaKind::Series),
    ("values", ArenaKind::Series),
    ("opponent", ArenaKind::Series),
];

impl ArenaRequest {
    /// The keys a job of `kind` takes: the request's keys but those of the other kinds.
    pub fn keys(kind: ArenaKind) -> Vec<&'static str> {
        super::request_keys::<ArenaRequest>()
            .iter()
            .copied()
            .filter(|key| {
                KIND_ONLY
                    .iter()
                    .all(|&(k, owner)| k != *key || owner == kind)
            })
            .collect()
    }

    /// The validated run of this request as a job of `kind`.
    ///
    /// # Errors
    /// Bad input naming the option or key.
    pub fn plan(&self, kind: ArenaKind) -> Result<ArenaRun, JobError> {
        let kind_name = kind.name();
        let only = |key: &str, given: bool| {
            let (owner, name) = KIND_ONLY
                .iter()
                .find(|(k, _)| *k == key)
                .map(|&(_, owner)| (owner, owner.name()))
                .expect("a kind-only key is in KIND_ONLY");
            if given && kind != owner {
                Err(JobError::input(format!(
                    "key `{key}` is for `kind = \"{name}\"` only"
                )))
            } else {
                Ok(())
            }
        };
        only("sprt", self.sprt.is_some())?;
        only("gauntlet", self.gauntlet)?;
        only("permutations", self.permutations)?;
        if self.permutations {
            return Err(JobError::input(
                "--permutations: for tournaments of games of three or four players (a \
                 two-player pairing already plays both seats)",
            ));
        }
        only("agent", self.agent.is_some())?;
        only("values", !self.values.is_empty())?;
        only("opponent", self.opponent.is_some())?;
        let (agents, run_kind) = match kind {
            ArenaKind::Series => self.series()?,
            _ => {
                let (min, word) = if kind == ArenaKind::Match {
                    (2, "two")
                } else {
                    (3, "three or more")
                };
                if self.agents.len() < min {
                    return Err(JobError::input(format!(
                        "`{kind_name}` needs {word} agents (give --agent {min} times); got {}",
                        self.agents.len()
                    )));
                }
                if kind == ArenaKind::Match && self.agents.len() != 2 {
                    return Err(JobError::input(format!(
                        "a match is between two agents; got {} (use `mancala tournament` for more)",
                        self.agents.len()
                    )));
                }
                let run_kind = match kind {
                    ArenaKind::Match => RunKind::Match,
                    _ if self.gauntlet => RunKind::Gauntlet,
                    _ => RunKind::Tournament,
                };
                (self.agents.clone(), run_kind)
            }
        };
        let mut run = self.run(&agents, run_kind)?;
        if let Some(text) = &self.sprt {
            run.sprt = Some(
                text.parse::<SprtParams>()
                    .map_err(|e| JobError::input(format!("bad --sprt `{text}`: {e}")))?,
            );
        }
        Ok(run)
    }

    /// A series' agents (one per value, then the opponent) and its kind.
    fn series(&self) -> Result<(Vec<String>, RunKind), JobError> {
        if !self.agents.is_empty() {
            return Err(JobError::input(
                "a series takes `agent` (a template with {}) and `opponent`, not `agents`",
            ));
        }
        let template = self.agent.clone().ok_or_else(|| {
            JobError::input("a series needs `agent`, e.g. \"mcts(iterations={})\"")
        })?;
        if template.matches("{}").count() != 1 {
            return Err(JobError::input(format!(
                "`agent = \"{template}\"` must hold `{{}}` exactly once, as `key={{}}`, where \
                 each value goes"
            )));
        }
        let key = template
            .split_once("={}")
            .map(|(head, _)| {
                head.rsplit(['(', ','])
                    .next()
                    .unwrap_or("value")
                    .to_string()
            })
            .ok_or_else(|| {
                JobError::input(format!(
                    "`agent = \"{template}\"` has no `key={{}}` for the values"
                ))
            })?;
        let opponent = self
            .opponent
            .clone()
            .ok_or_else(|| JobError::input("a series needs `opponent`"))?;
        if self.values.is_empty() {
            return Err(JobError::input(
                "a series needs `values`, e.g. [100, 1000, 10000]",
            ));
        }
        let mut agents: Vec<String> = self
            .values
            .iter()
            .map(|v| template.replace("{}", &v.to_string()))
            .collect();
        agents.push(opponent);
        let series = Series {
            template,
            values: self.values.clone(),
            key,
        };
        Ok((agents, RunKind::Series(series)))
    }

    /// The validated run of `agents` (bad input names the option).
    fn run(&self, agents: &[String], kind: RunKind) -> Result<ArenaRun, JobError> {
        let spec = parse_game(&self.game)?;
        let mut parsed: Vec<AgentSpec> = Vec::new();
        for text in agents {
            let agent = text
                .parse::<AgentSpec>()
                .map_err(|e| JobError::input(format!("bad agent `{text}`")).because(e))?;
            parsed.push(agent);
        }
        let parsed = self_play_names(parsed)?;
        let rounds = match (self.rounds, self.games) {
            (Some(_), Some(_)) => {
                return Err(JobError::input(
                    "give `rounds` (pairs) or `games`, not both",
                ))
            }
            (Some(r), _) => r,
            (None, Some(g)) if g % 2 == 1 => {
                return Err(JobError::input(format!(
                    "--games {g}: games are played in seat-swapped pairs, so --games must be even"
                )))
            }
            (None, Some(g)) => g / 2,
            (None, None) => 10,
        };
        if rounds == 0 {
            return Err(JobError::input(
                "--rounds/--games must be at least one pair",
            ));
        }
        if self.max_plies == 0 {
            return Err(JobError::input("--max-plies must be at least 1"));
        }
        if self.openings > 8 {
            return Err(JobError::input(format!(
                "--openings {}: at most 8 plies (the openings are enumerated)",
                self.openings
            )));
        }
        if self.openings >= self.max_plies {
            return Err(JobError::input(format!(
                "--openings {} leaves no move to the agents under --max-plies {}",
                self.openings, self.max_plies
            )));
        }
        let start = self.start()?;
        let time = self.time_control()?;
        let n = parsed.len();
        let pairings = match &kind {
            RunKind::Series(_) => (0..n - 1).map(|k| (k, n - 1)).collect(),
            RunKind::Gauntlet => Plan::gauntlet(n),
            _ => Plan::round_robin(n),
        };
        let games = (rounds as u128) * 2 * pairings.len() as u128;
        if games > MAX_GAMES as u128 {
            return Err(JobError::input(format!(
                "{rounds} pairs per pairing is {games} games: at most {MAX_GAMES} games per run"
            )));
        }
        Ok(ArenaRun {
            spec,
            plan: Plan {
                agents: parsed,
                pairings,
                rounds,
                earlier_rounds: Vec::new(),
                opening_plies: self.openings,
                start,
                seed: self.seed,
                max_plies: self.max_plies,
                time,
                adjudicate_egdb: self.adjudicate_egdb.as_ref().map(std::path::PathBuf::from),
            },
            threads: self.threads,
            sprt: None,
            kind,
        })
    }
}

/// The agents of a run, each a different player: an agent given more than once without a
/// name (self-play) is named by its place among its copies, `name=1`, `name=2`, ...
/// (`mcts(iterations=100,name=1)`). Refused: the same name twice, and a `python` agent twice
/// (its `name` is the registered one: register the callable under two names).
fn self_play_names(agents: Vec<AgentSpec>) -> Result<Vec<AgentSpec>, JobError> {
    let copies = |a: &AgentSpec| agents.iter().filter(|b| *b == a).count();
    let mut named: Vec<AgentSpec> = Vec::new();
    for agent in &agents {
        let agent = match agent {
            AgentSpec::Registered { .. } | AgentSpec::Named { .. } => agent.clone(),
            _ if copies(agent) > 1 => {
                let place = named.iter().filter(|b| b.plain() == agent).count() + 1;
                agent.named(place.to_string())
            }
            _ => agent.clone(),
        };
        if named.contains(&agent) {
            return Err(JobError::input(format!(
                "agent `{agent}` is given twice: each agent of a run is a different player \
                 (give each copy its own `name=`)"
            )));
        }
        named.push(agent);
    }
    Ok(named)
}

impl ArenaRequest {
    /// Where the games start: `position` and `moves`, or the openings file (read here).
    fn start(&self) -> Result<StartSpec, JobError> {
        let Some(path) = &self.openings_file else {
            if self.openings_order.is_some() {
                return Err(JobError::input(
                    "--openings-order orders the openings of --openings-file; give the file",
                ));
            }
            return Ok(StartSpec {
                position: self.position.clone(),
                moves: self.moves.clone(),
                file: None,
            });
        };
        for (given, option) in [
            (self.position.is_some(), "--position"),
            (self.moves.is_some(), "--moves"),
            (self.openings > 0, "--openings"),
        ] {
            if given {
                return Err(JobError::input(format!(
                    "--openings-file and {option} both say where games start: give one"
                )));
            }
        }
        let file = OpeningsFile::read(
            std::path::Path::new(path),
            self.openings_order.unwrap_or_default(),
        )?;
        Ok(StartSpec {
            position: None,
            moves: None,
            file: Some(file),
        })
    }
}

/// Most milliseconds a clock setting (`tc`, `movetime`, `grace`) may hold: about 11.6 days.
pub const MAX_CLOCK_MS: u64 = 1_000_000_000;

impl ArenaRequest {
    /// The clocks of `tc`, `movetime` and `grace` (bad input names the option).
    fn time_control(&self) -> Result<TimeControl, JobError> {
        let mut time = TimeControl::default();
        let ms = |key: &str, v: u64, min: u64| {
            if (min..=MAX_CLOCK_MS).contains(&v) {
                Ok(v)
            } else {
                Err(JobError::input(format!(
                    "--{key} {v}: expected milliseconds from {min} to {MAX_CLOCK_MS}"
                )))
            }
        };
        if let Some(m) = self.movetime {
            time.move_ms = Some(ms("movetime", m, 1)?);
        }
        if let Some(g) = self.grace {
            time.grace_ms = ms("grace", g, 0)?;
        }
        if let Some(text) = &self.tc {
            let bad = |why: &str| {
                JobError::input(format!(
                    "--tc `{text}`: {why}expected BASE+INC in seconds to the millisecond, e.g. \
                     60+0.5 (60 s a game for each side, 0.5 s added after each move) or 60 (no \
                     increment), BASE from 0.001 s and both at most {} s",
                    MAX_CLOCK_MS / 1000
                ))
            };
            let (base, inc) = parse_tc(text).ok_or_else(|| bad(""))?;
            if base == 0 {
                return Err(bad("the base time is under 0.001 s (no time to move); "));
            }
            if base.max(inc) > MAX_CLOCK_MS {
                return Err(bad("too long; "));
            }
            time.base_ms = Some(base);
            time.increment_ms = inc;
        }
        Ok(time)
    }
}

/// `BASE+INC` or `BASE` in seconds (at most three decimals: whole milliseconds) as
/// milliseconds; `None` if either is not such a number (`0.0005` is refused, not rounded).
pub fn parse_tc(text: &str) -> Option<(u64, u64)> {
    let seconds = |s: &str| -> Option<u64> {
        let s = s.trim();
        let ok = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        let decimals = s.split_once('.').map_or(0, |(_, d)| d.len());
        let v: f64 = s.parse().ok().filter(|_| ok && decimals <= 3)?;
        (v.is_finite() && v <= 1e7).then(|| (v * 1000.0).round() as u64)
    };
    match text.split_once('+') {
        Some((base, inc)) => Some((seconds(base)?, seconds(inc)?)),
        None => Some((seconds(text)?, 0)),
    }
}

/// Plays `run`, the run of `request`.
pub(super) fn run(
    arena: &ArenaRequest,
    kind: ArenaKind,
    request: &Request,
    files: Option<&RunFiles>,
    progress: &dyn Progress,
) -> Result<super::Report, JobError> {
    let run = arena.plan(kind)?;
    let pgn = arena.pgn.as_deref().map(std::path::Path::new);
    if let Some(path) = pgn {
        if path.is_dir() {
            return Err(JobError::input(format!(
                "--pgn {}: is a directory, not a file",
                path.display()
            )));
        }
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        if let Some(dir) = dir {
            std::fs::create_dir_all(dir).map_err(|e| {
                JobError::failed(format!(
                    "--pgn {}: cannot make its directory",
                    path.display()
                ))
                .because(e)
            })?;
        }
    }
    let job = serde_json::to_value(request).ok();
    let mpi = super::egdb::start_mpi_if(
        arena.distributed,
        &format!("play the whole {}", run.kind.name()),
    )?;
    let process = mpi.as_ref().map_or(0, |m| m.rank());
    // Process 0 alone tells of the games.
    let progress = if process == 0 { progress } else { &() };
    let outcome = run.run_on(
        files,
        job,
        progress,
        mpi.as_ref().map(|m| m as &dyn crate::arena::RunProcesses),
    );
    let outcome = match (outcome, &mpi) {
        (Err(e), Some(mpi)) => {
            // The other processes may be waiting for this one: stop them all.
            mpi.abort(
                &format!(
                    "error: process {process} of {}: {e}\nthe distributed {} stopped (the \
                     games recorded so far are kept: once the cause is fixed, the same command \
                     resumes)",
                    mpi.processes(),
                    run.kind.name()
                ),
                e.kind().exit_status().into(),
            )
        }
        (outcome, _) => outcome?,
    };
    let pgn = pgn.filter(|_| process == 0);
    if let Some(path) = pgn {
        let agents: Vec<String> = run.plan.agents.iter().map(|a| a.to_string()).collect();
        let limits = crate::arena::export::RunLimits {
            max_plies: run.plan.max_plies,
            adjudicate_egdb: run.plan.adjudicate_egdb.as_deref(),
        };
        let text = crate::arena::export::export_records(
            &run.spec,
            &agents,
            run.kind.name(),
            limits,
            &outcome.records,
        )?;
        crate::results::write_atomic(path, text.as_bytes())?;
    }
    Ok(super::Report::Arena(ArenaReport {
        kind: run.kind.name().to_string(),
        game: run.spec.to_string(),
        agents: run.plan.agents.iter().map(|a| a.to_string()).collect(),
        games: outcome.records.len(),
        complete: outcome.complete,
        rows: outcome.table.json_rows(),
        header: outcome.table.header,
        text: outcome.text,
        process: process as u32,
    }))
}
