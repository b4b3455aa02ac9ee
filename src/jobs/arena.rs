//! The arena jobs: a match, a tournament, a series.

use super::{parse_game, JobError, Progress, Request, Threads};
use crate::agents::AgentSpec;
use crate::arena::stats::SprtParams;
use crate::arena::{ArenaRun, Plan, RunKind, Series, TimeControl};
use crate::results::RunFiles;
use serde::{Deserialize, Serialize};

/// Most games one run may schedule.
pub const MAX_GAMES: u64 = 1_000_000;

fn one() -> u64 {
    1
}

fn thousand() -> u32 {
    1000
}

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
    /// The run's seed.
    #[serde(default = "one")]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[serde(default)]
    pub threads: Threads,
    /// Most moves a game may last, opening included.
    #[serde(default = "thousand")]
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
    /// Series only: the agent string with `{}` where each value goes (`mcts(iterations={})`).
    pub agent: Option<String>,
    /// Series only: the values.
    #[serde(default)]
    pub values: Vec<u64>,
    /// Series only: the opponent's agent string.
    pub opponent: Option<String>,
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
            seed: 1,
            threads: Threads::all(),
            max_plies: 1000,
            sprt: None,
            tc: None,
            movetime: None,
            grace: None,
            agent: None,
            values: Vec::new(),
            opponent: None,
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
    /// The table's CSV column names (`results/NAME.csv`).
    pub header: Vec<String>,
    /// The table's rows.
    pub rows: Vec<Vec<String>>,
    /// The tables as text.
    pub text: String,
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

impl ArenaRequest {
    /// The validated run of this request as a job of `kind`.
    ///
    /// # Errors
    /// Bad input naming the option or key.
    pub fn plan(&self, kind: ArenaKind) -> Result<ArenaRun, JobError> {
        let kind_name = match kind {
            ArenaKind::Match => "match",
            ArenaKind::Tournament => "tournament",
            ArenaKind::Series => "series",
        };
        let only = |key: &str, given: bool, owner: ArenaKind, name: &str| {
            if given && kind != owner {
                Err(JobError::input(format!(
                    "key `{key}` is for `kind = \"{name}\"` only"
                )))
            } else {
                Ok(())
            }
        };
        only("sprt", self.sprt.is_some(), ArenaKind::Match, "match")?;
        only("agent", self.agent.is_some(), ArenaKind::Series, "series")?;
        only(
            "values",
            !self.values.is_empty(),
            ArenaKind::Series,
            "series",
        )?;
        only(
            "opponent",
            self.opponent.is_some(),
            ArenaKind::Series,
            "series",
        )?;
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
                let run_kind = if kind == ArenaKind::Match {
                    RunKind::Match
                } else {
                    RunKind::Tournament
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
                .map_err(|e| JobError::input(format!("bad --agent `{text}`")).because(e))?;
            if parsed.contains(&agent) {
                return Err(JobError::input(format!(
                    "agent `{agent}` is given twice: each agent of a run is a different player \
                     (give it once)"
                )));
            }
            parsed.push(agent);
        }
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
        let time = self.time_control()?;
        let n = parsed.len();
        let pairings = match &kind {
            RunKind::Series(_) => (0..n - 1).map(|k| (k, n - 1)).collect(),
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
                opening_plies: self.openings,
                seed: self.seed,
                max_plies: self.max_plies,
                time,
            },
            threads: self.threads,
            sprt: None,
            kind,
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
            let (base, inc) = parse_tc(text).ok_or_else(|| {
                JobError::input(format!(
                    "--tc `{text}`: expected BASE+INC in seconds, e.g. 60+0.5 (60 s a game for \
                     each side, 0.5 s added after each move) or 60 (no increment)"
                ))
            })?;
            time.base_ms = Some(ms("tc", base, 1)?);
            time.increment_ms = ms("tc", inc, 0)?;
        }
        Ok(time)
    }
}

/// `BASE+INC` or `BASE` in seconds (decimals allowed) as milliseconds, rounded to the nearest.
pub fn parse_tc(text: &str) -> Option<(u64, u64)> {
    let seconds = |s: &str| -> Option<u64> {
        let s = s.trim();
        let ok = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        let v: f64 = s.parse().ok().filter(|_| ok)?;
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
    let job = serde_json::to_value(request).ok();
    let outcome = run.run(files, job, progress)?;
    Ok(super::Report::Arena(ArenaReport {
        kind: run.kind.name().to_string(),
        game: run.spec.to_string(),
        agents: run.plan.agents.iter().map(|a| a.to_string()).collect(),
        games: outcome.records.len(),
        complete: outcome.complete,
        header: outcome.table.header,
        rows: outcome.table.rows,
        text: outcome.text,
    }))
}
