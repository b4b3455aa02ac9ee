//! `mancala match` and `mancala tournament`: the runner both share (concurrency, progress,
//! game records, resume) and their tables.

use super::output::{Manifest, RunFiles};
use super::{emit, write_atomic, CliResult, Failure};
use anyhow::Context as _;
use clap::Args;
use mancala::agents::{AgentSpec, Resources};
use mancala::arena::report::{
    fmt_estimate, sprt_prefix, summarize_match, summarize_tournament, MATCH_COLUMNS,
    TOURNAMENT_COLUMNS,
};
use mancala::arena::{openings, play_games, GameRecord, Plan, Termination};
use mancala::stats::{sprt, Pentanomial, SprtParams, SprtVerdict};
use mancala::{dispatch, GameJob, GameSpec, Rules};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

/// Options shared by `match` and `tournament`.
#[derive(Args, Debug, Clone)]
pub struct ArenaArgs {
    /// Game string, e.g. `kalah`, `oware`.
    pub game: String,
    /// An agent string (give it once per agent): random, greedy, alphabeta(depth=D|time=MS),
    /// mcts(iterations=N|time=MS,c=..,rollout=random|greedy,solver=true|false,threads=T,
    /// parallel=root|tree), egdb(dir=DIR,fallback=AGENT).
    #[arg(long = "agent", short = 'a', required = true)]
    pub agents: Vec<String>,
    /// Pairs of games per pairing of agents (each pair: one opening, seats swapped).
    #[arg(long, conflicts_with = "games")]
    pub rounds: Option<u64>,
    /// Games per pairing (an even number: games come in seat-swapped pairs).
    #[arg(long)]
    pub games: Option<u64>,
    /// Play from every legal opening of this many plies (in a seeded order), 0: the start.
    #[arg(long, default_value_t = 0)]
    pub openings: u32,
    /// Seed of the run: with the options, it fixes every game (with depth or iteration budgets).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (games run concurrently; MCTS agents' threads share the same pool).
    #[arg(long, short = 't', default_value_t = default_threads())]
    pub threads: usize,
    /// Most moves a game may last, opening included; a game reaching it is scored as a
    /// repetition would be.
    #[arg(long, default_value_t = 1000)]
    pub max_plies: u32,
    /// Write results/NAME.md, .csv, .json and .games.jsonl (and resume from them).
    #[arg(long, value_name = "NAME")]
    pub out: Option<String>,
    /// Directory of the result files.
    #[arg(long, default_value = "results")]
    pub results: std::path::PathBuf,
}

/// Most games one run may schedule.
pub const MAX_GAMES: u64 = 1_000_000;

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `mancala match` options.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub arena: ArenaArgs,
    /// Sequential probability ratio test `elo0=E0,elo1=E1[,alpha=A,beta=B]` (logistic Elo,
    /// pentanomial): the match stops at a verdict.
    #[arg(long)]
    pub sprt: Option<String>,
}

/// `mancala tournament` options.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    #[command(flatten)]
    pub arena: ArenaArgs,
}

/// A validated arena run.
pub struct Arena {
    pub spec: GameSpec,
    pub plan: Plan,
    pub threads: usize,
    pub sprt: Option<SprtParams>,
    pub files: Option<RunFiles>,
    /// `match`, `tournament` or `series`.
    pub kind: &'static str,
    /// A series: every agent but the last plays the last.
    pub series: Option<Series>,
    /// The job file's content, for the manifest.
    pub job: Option<serde_json::Value>,
}

/// A win-rate-versus-budget series: agents made from one template.
pub struct Series {
    /// The agent string with `{}` where the value goes.
    pub template: String,
    /// The values.
    pub values: Vec<u64>,
    /// The column name of the values (the key the template sets, e.g. `iterations`).
    pub key: String,
}

impl ArenaArgs {
    /// Checks the options (exit 2 naming the bad one).
    pub fn validate(&self, kind: &'static str, min_agents: usize) -> Result<Arena, Failure> {
        let spec: GameSpec = self
            .game
            .parse()
            .map_err(|e| Failure::input(anyhow::Error::new(e).context("bad game string")))?;
        let agents = parse_agents(&self.agents)?;
        if agents.len() < min_agents {
            return Err(Failure::input(anyhow::anyhow!(
                "`{kind}` needs {} agents (give --agent {} times); got {}",
                if min_agents == 2 {
                    "two"
                } else {
                    "three or more"
                },
                min_agents,
                agents.len()
            )));
        }
        if kind == "match" && agents.len() != 2 {
            return Err(Failure::input(anyhow::anyhow!(
                "a match is between two agents; got {} (use `mancala tournament` for more)",
                agents.len()
            )));
        }
        let rounds = match (self.rounds, self.games) {
            (Some(r), _) => r,
            (None, Some(g)) if g % 2 == 1 => {
                return Err(Failure::input(anyhow::anyhow!(
                    "--games {g}: games are played in seat-swapped pairs, so --games must be even"
                )))
            }
            (None, Some(g)) => g / 2,
            (None, None) => 10,
        };
        if rounds == 0 {
            return Err(Failure::input(anyhow::anyhow!(
                "--rounds/--games must be at least one pair"
            )));
        }
        if self.threads == 0 || self.threads > 1024 {
            return Err(Failure::input(anyhow::anyhow!(
                "--threads {}: expected 1 to 1024",
                self.threads
            )));
        }
        if self.max_plies == 0 {
            return Err(Failure::input(anyhow::anyhow!(
                "--max-plies must be at least 1"
            )));
        }
        if self.openings > 8 {
            return Err(Failure::input(anyhow::anyhow!(
                "--openings {}: at most 8 plies (the openings are enumerated)",
                self.openings
            )));
        }
        if self.openings >= self.max_plies {
            return Err(Failure::input(anyhow::anyhow!(
                "--openings {} leaves no move to the agents under --max-plies {}",
                self.openings,
                self.max_plies
            )));
        }
        let pairings = agents.len() as u64 * (agents.len() as u64 - 1) / 2;
        if rounds.saturating_mul(2).saturating_mul(pairings) > MAX_GAMES {
            return Err(Failure::input(anyhow::anyhow!(
                "{} pairs per pairing is {} games: at most {MAX_GAMES} games per run",
                rounds,
                (rounds as u128) * 2 * pairings as u128
            )));
        }
        let files = match &self.out {
            None => None,
            Some(name) => Some(RunFiles::new(&self.results, name).map_err(Failure::input)?),
        };
        Ok(Arena {
            spec,
            plan: Plan {
                pairings: Plan::round_robin(agents.len()),
                agents,
                rounds,
                opening_plies: self.openings,
                seed: self.seed,
                max_plies: self.max_plies,
            },
            threads: self.threads,
            sprt: None,
            files,
            kind,
            series: None,
            job: None,
        })
    }
}

/// Parses agent strings (exit 2 naming the bad one).
pub fn parse_agents(texts: &[String]) -> Result<Vec<AgentSpec>, Failure> {
    texts
        .iter()
        .map(|t| {
            t.parse::<AgentSpec>().map_err(|e| {
                Failure::input(anyhow::Error::new(e).context(format!("bad --agent `{t}`")))
            })
        })
        .collect()
}

/// Runs `mancala match`.
pub fn run_match(args: MatchArgs, command_line: &str) -> CliResult {
    let mut arena = args.arena.validate("match", 2)?;
    if let Some(text) = &args.sprt {
        arena.sprt =
            Some(text.parse().map_err(|e: String| {
                Failure::input(anyhow::anyhow!("bad --sprt `{text}`: {e}"))
            })?);
    }
    let outcome = arena.run(command_line)?;
    emit(&outcome.text)
}

/// Runs `mancala tournament`.
pub fn run_tournament(args: TournamentArgs, command_line: &str) -> CliResult {
    let arena = args.arena.validate("tournament", 3)?;
    let outcome = arena.run(command_line)?;
    emit(&outcome.text)
}

/// What a run produced.
pub struct ArenaOutcome {
    /// The tables as text.
    pub text: String,
}

impl Arena {
    /// The identity of the run in its manifest: what must match to resume it.
    pub fn identity(&self) -> serde_json::Value {
        serde_json::json!({
            "kind": self.kind,
            "game": self.spec.to_string(),
            "agents": self.plan.agents.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
            "rounds": self.plan.rounds,
            "openings": self.plan.opening_plies,
            "seed": self.plan.seed,
            "max_plies": self.plan.max_plies,
            "sprt": self.sprt.map(|s| s.to_string()),
            "series": self.series.as_ref().map(|s| serde_json::json!({"template": s.template, "values": s.values})),
        })
    }

    /// Plays the run (resuming from its game records if any) and writes its files.
    pub fn run(&self, command_line: &str) -> Result<ArenaOutcome, Failure> {
        dispatch(
            &self.spec,
            ArenaJob {
                arena: self,
                command_line,
            },
        )
    }
}

struct ArenaJob<'a> {
    arena: &'a Arena,
    command_line: &'a str,
}

impl GameJob for ArenaJob<'_> {
    type Output = Result<ArenaOutcome, Failure>;

    fn run<R: Rules>(self, rules: R) -> Self::Output {
        let arena = self.arena;
        let plan = &arena.plan;
        let mut resources = Resources::default();
        for a in &plan.agents {
            resources
                .prepare(a, &rules)
                .map_err(|e| Failure::input(anyhow::Error::new(e)))?;
        }
        let identity = arena.identity();
        let mut manifest = Manifest::start(
            arena.kind,
            identity.clone(),
            arena.threads,
            self.command_line,
        );
        let schedule = plan.schedule();
        let openings = openings(&rules, plan.opening_plies, plan.seed);
        if plan.opening_plies > 0 && openings[0].is_empty() {
            return Err(Failure::input(anyhow::anyhow!(
                "{}: no game lasts {} plies, so there is no opening of that length (choose fewer --openings)",
                rules.spec(),
                plan.opening_plies
            )));
        }
        // Resume: the records already played, each replayed to check it.
        let mut done: Vec<GameRecord> = match &arena.files {
            Some(files) => files.resume(&identity, &schedule, plan)?,
            None => Vec::new(),
        };
        for r in &done {
            if let Err(why) = replay(&rules, r, plan.max_plies) {
                return Err(Failure::input(anyhow::anyhow!(
                    "{}: game {} is not a game of this run ({why}); remove the file to start again",
                    arena.files.as_ref().map_or(String::new(), |f| f
                        .path("games.jsonl")
                        .display()
                        .to_string()),
                    r.game
                )));
            }
        }
        if let Some(files) = &arena.files {
            files.write_manifest(&manifest).map_err(Failure::from)?;
        }
        let played: std::collections::HashSet<u64> = done.iter().map(|r| r.game).collect();
        let todo: Vec<_> = schedule
            .iter()
            .copied()
            .filter(|s| !played.contains(&s.game))
            .collect();
        let stop = AtomicBool::new(false);
        let sprt_watch = Mutex::new(SprtWatch::new(arena.sprt, &done));
        let progress = indicatif::ProgressBar::new(schedule.len() as u64);
        progress.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {pos}/{len} games [{elapsed_precise}, eta {eta}] {msg}",
            )
            .expect("a valid template"),
        );
        progress.set_position(done.len() as u64);
        let appender = match &arena.files {
            Some(files) => Some(Mutex::new(files.appender().map_err(Failure::from)?)),
            None => None,
        };
        let write_error = Mutex::new(None::<anyhow::Error>);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(arena.threads)
            .build()
            .context("cannot start the worker threads")?;
        if sprt_watch.lock().expect("not poisoned").decided {
            // Already decided by the records of an earlier run.
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        let new = pool.install(|| {
            play_games(
                &rules,
                plan,
                &resources,
                &openings,
                &todo,
                &stop,
                &|record| {
                    if let Some(a) = &appender {
                        if let Err(e) = a.lock().expect("no panics while held").append(record) {
                            write_error
                                .lock()
                                .expect("no panics while held")
                                .get_or_insert(e);
                            stop.store(true, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                    let mut w = sprt_watch.lock().expect("no panics while held");
                    if w.insert(record) {
                        stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                    progress.inc(1);
                },
            )
        });
        progress.finish_and_clear();
        if let Some(e) = write_error.into_inner().expect("no panics while held") {
            return Err(e.into());
        }
        done.extend(new);
        done.sort_by_key(|r| r.game);
        // With an SPRT, the tables count the games up to the pair of the verdict.
        let mut complete = done.len() == schedule.len();
        if let Some(p) = &arena.sprt {
            let n = sprt_prefix(&done, p);
            complete |= n < done.len() || sprt_watch.lock().expect("not poisoned").decided;
            done.truncate(n);
        }
        let tables = arena.tables(&done);
        let head = format!(
            "{} of {} ({} games, seed {}, openings of {} plies, ply cap {})\n\n",
            arena.kind,
            rules.spec(),
            done.len(),
            plan.seed,
            plan.opening_plies,
            plan.max_plies
        );
        let markdown = format!("{head}{}", tables.markdown);
        let text = format!("{head}{}", tables.text);
        if let Some(files) = &arena.files {
            manifest.finish(complete, done.len());
            if let Some(job) = &arena.job {
                manifest.set("job", job.clone());
            }
            // Whether the same seed and options give the same games (no time budgets, no
            // shared-tree threads).
            manifest.set(
                "reproducible",
                serde_json::json!(plan.agents.iter().all(|a| a.reproducible())),
            );
            if let Some(svg) = &tables.svg {
                write_atomic(&files.path("svg"), svg.as_bytes()).map_err(Failure::from)?;
            }
            files
                .write_all(&manifest, &markdown, &tables.header, &tables.rows, &done)
                .map_err(Failure::from)?;
        }
        Ok(ArenaOutcome { text })
    }
}

/// The tables of a run.
struct Tables {
    text: String,
    markdown: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    svg: Option<String>,
}

impl Arena {
    fn tables(&self, done: &[GameRecord]) -> Tables {
        let names: Vec<String> = self.plan.agents.iter().map(|a| a.to_string()).collect();
        let columns = |c: &[&str]| c.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        match &self.series {
            None if self.kind == "match" => {
                let s = summarize_match(done, 0, self.sprt.as_ref());
                let text = s.text(&names[0], &names[1]);
                Tables {
                    markdown: format!("```\n{text}```\n"),
                    text,
                    header: columns(MATCH_COLUMNS),
                    rows: vec![s.csv_row(&names[0], &names[1])],
                    svg: None,
                }
            }
            None => {
                let s = summarize_tournament(&names, done);
                Tables {
                    text: s.markdown(),
                    markdown: s.markdown(),
                    header: columns(TOURNAMENT_COLUMNS),
                    rows: s.csv_rows(),
                    svg: None,
                }
            }
            Some(series) => {
                let opponent = names.len() - 1;
                let mut header = vec![series.key.clone()];
                header.extend(columns(MATCH_COLUMNS));
                let mut rows = Vec::new();
                let mut points = Vec::new();
                for (k, value) in series.values.iter().enumerate() {
                    let s = summarize_match(done, k, None);
                    let mut row = vec![value.to_string()];
                    row.extend(s.csv_row(&names[k], &names[opponent]));
                    rows.push(row);
                    points.push((*value, s));
                }
                let mut markdown = format!(
                    "`{}` against `{}`, by `{}`: score of the first (points per game), its Elo \
                     difference with 95% interval (pentanomial), and its mean final margin in \
                     seeds with 95% interval.\n\n| {} | games | W-D-L | score | Elo (95% interval) | \
                     margin (seeds) |\n|---:|---:|---|---:|---|---|\n",
                    series.template, names[opponent], series.key, series.key
                );
                for (value, s) in &points {
                    markdown.push_str(&format!(
                        "| {value} | {} | {}-{}-{} | {:.3} | {} | {} |\n",
                        s.games,
                        s.wdl.wins,
                        s.wdl.draws,
                        s.wdl.losses,
                        s.score,
                        fmt_estimate(&s.elo, 1),
                        fmt_estimate(&s.margin, 2)
                    ));
                }
                let svg = series_plot(series, &names[opponent], &points);
                Tables {
                    text: markdown.clone(),
                    markdown,
                    header,
                    rows,
                    svg: Some(svg),
                }
            }
        }
    }
}

/// A win-rate-versus-budget plot: score with its 95% interval (from the Elo interval) against
/// the budget on a logarithmic axis, as SVG.
fn series_plot(
    series: &Series,
    opponent: &str,
    points: &[(u64, mancala::arena::report::MatchSummary)],
) -> String {
    use plotters::prelude::*;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 480)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let lo = points.iter().map(|p| p.0).min().unwrap_or(1).max(1) as f64;
        let hi = points.iter().map(|p| p.0).max().unwrap_or(10).max(2) as f64;
        let chart = ChartBuilder::on(&root)
            .caption(
                format!("{} against {opponent}", series.template),
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((lo / 1.5..hi * 1.5).log_scale(), 0.0..1.0f64);
        if let Ok(mut chart) = chart {
            let _ = chart
                .configure_mesh()
                .x_desc(series.key.as_str())
                .x_label_formatter(&|x| format!("{}", x.round() as u64))
                .y_desc("score (points per game)")
                .draw();
            let score_of = |e: f64| mancala::stats::score_from_elo(e);
            let _ = chart.draw_series(points.iter().map(|(v, s)| {
                ErrorBar::new_vertical(
                    *v as f64,
                    score_of(s.elo.low),
                    s.score,
                    score_of(s.elo.high),
                    BLUE.filled(),
                    8,
                )
            }));
            let _ = chart.draw_series(LineSeries::new(
                points.iter().map(|(v, s)| (*v as f64, s.score)),
                &BLUE,
            ));
            let _ = chart.draw_series(
                points
                    .iter()
                    .map(|(v, s)| Circle::new((*v as f64, s.score), 4, BLUE.filled())),
            );
            let _ = chart.draw_series(LineSeries::new(
                [(lo / 1.5, 0.5), (hi * 1.5, 0.5)],
                &BLACK.mix(0.3),
            ));
        }
        let _ = root.present();
    }
    svg
}

/// Checks a game record of an earlier run by replaying it: legal moves, and the termination
/// and final stores they lead to.
fn replay<R: Rules>(rules: &R, r: &GameRecord, max_plies: u32) -> Result<(), String> {
    let mut line = mancala::Line::new(rules.start());
    for (k, text) in r.opening.iter().chain(&r.moves).enumerate() {
        if line.status(rules) != mancala::Status::Ongoing {
            return Err(format!("move {} `{text}` after the end of the game", k + 1));
        }
        line.play_text(rules, text).map_err(|e| e.to_string())?;
    }
    let (termination, outcome) = match line.status(rules) {
        mancala::Status::Over(o) => (Termination::Normal, o),
        mancala::Status::Repeated(o) => (Termination::Repetition, o),
        mancala::Status::Ongoing if line.moves().len() >= max_plies as usize => (
            Termination::PlyCap,
            rules.repetition_outcome(line.current()),
        ),
        mancala::Status::Ongoing => return Err("the game is not over".into()),
    };
    if termination != r.termination {
        return Err(format!(
            "it ends by {}, not {}",
            termination.name(),
            r.termination.name()
        ));
    }
    let stores = rules.final_stores(line.current(), outcome);
    if stores != r.stores {
        return Err(format!(
            "its moves give stores {stores:?}, not {:?}",
            r.stores
        ));
    }
    Ok(())
}

/// Follows the SPRT over the complete pairs in game order while games finish in any order.
struct SprtWatch {
    params: Option<SprtParams>,
    finished: BTreeMap<u64, u8>,
    next_game: u64,
    pentanomial: Pentanomial,
    /// Whether the SPRT reached a verdict at some complete pair.
    decided: bool,
}

impl SprtWatch {
    fn new(params: Option<SprtParams>, records: &[GameRecord]) -> SprtWatch {
        let mut w = SprtWatch {
            params,
            finished: BTreeMap::new(),
            next_game: 0,
            pentanomial: Pentanomial::default(),
            decided: false,
        };
        for r in records {
            w.insert(r);
        }
        w
    }

    /// Records a finished game; whether the SPRT has reached a verdict.
    fn insert(&mut self, r: &GameRecord) -> bool {
        let Some(params) = self.params else {
            return false;
        };
        self.finished.insert(r.game, r.points_of(0));
        while let (Some(a), Some(b)) = (
            self.finished.get(&self.next_game),
            self.finished.get(&(self.next_game + 1)),
        ) {
            self.pentanomial.add(a + b);
            self.next_game += 2;
            self.decided |= sprt(&self.pentanomial, &params).verdict != SprtVerdict::Continue;
        }
        self.decided
    }
}
