//! The runner of matches, tournaments and series: games played concurrently on the run's
//! threads, every game record appended to the run's files as it finishes, an interrupted run
//! resumed from its records (each replayed to check it), and a match stopped by its SPRT.

use super::openings::{prepare, Opening};
use super::plots::{ratings_plot, series_plot, sprt_plot};
use super::report::{
    fmt_estimate, summarize_match, summarize_pairing, summarize_tournament, MatchSummary,
    MATCH_COLUMNS, TOURNAMENT_COLUMNS,
};
use super::stats::{sprt, Pentanomial, SprtParams, SprtVerdict};
use super::{
    adjudicated_stores, forfeit_stores, play_games, ForfeitNote, GameRecord, Plan, Termination,
    TimeControl,
};
use crate::agents::Resources;
use crate::core::{JobError, Progress, Threads};
use crate::egdb::Egdb;
use crate::game::{Line, Status};
use crate::results::{record_line, Manifest, ResultTable, ResultsError, RunFiles, StoredRecord};
use crate::rules::{dispatch, GameJob, GameSpec, Rules};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;

/// The processes of a distributed run (`mpirun -np P mancala tournament ... --distributed`):
/// process 0 reads and writes the run's files and plays its share of the games; every other
/// process plays its share and sends process 0 each game's record as it finishes. The games
/// still to play are dealt in game order: the `i`-th to process `i mod P`.
pub trait RunProcesses: Sync {
    /// This process's number, `0..processes()`.
    fn rank(&self) -> usize;
    /// Processes in the run.
    fn processes(&self) -> usize;
    /// Every process gets process 0's `words` (the others give none). Collective.
    fn share_from_first(&self, words: &[u64]) -> Vec<u64>;
    /// Sends `bytes` (a record) to process 0 (from any thread of another process, one at a
    /// time); `None`: this process has played all its games and sends no more.
    fn send_to_first(&self, bytes: Option<&[u8]>);
    /// Process 0: the next message another process sent ([`RunProcesses::send_to_first`]), and
    /// which process sent it.
    fn receive_any(&self) -> (usize, Option<Vec<u8>>);
}

/// Environment variable `R:N`: process `R` of a distributed run aborts right after sending
/// its `N`-th record, as a crash would stop it (tests interrupt a run at a known point).
const CRASH_AFTER_ENV: &str = "MANCALA_ARENA_CRASH_AFTER";

/// Aborts this process if [`CRASH_AFTER_ENV`] names it and `sent` records.
fn crash_point(rank: usize, sent: usize) {
    if std::env::var(CRASH_AFTER_ENV).is_ok_and(|v| v == format!("{rank}:{sent}")) {
        eprintln!("{CRASH_AFTER_ENV}={rank}:{sent}: aborting after sending it");
        std::process::abort();
    }
}

/// Which kind of run.
#[derive(Clone, Debug, PartialEq)]
pub enum RunKind {
    /// Two agents.
    Match,
    /// A round robin of three or more.
    Tournament,
    /// Every agent but the last plays the last.
    Series(Series),
    /// The first agent plays each of the others.
    Gauntlet,
}

impl RunKind {
    /// `match`, `tournament` or `series`.
    pub fn name(&self) -> &'static str {
        match self {
            RunKind::Match => "match",
            RunKind::Tournament => "tournament",
            RunKind::Series(_) => "series",
            RunKind::Gauntlet => "gauntlet",
        }
    }
}

/// A win-rate-versus-budget series: agents made from one template.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The agent string with `{}` where the value goes.
    pub template: String,
    /// The values.
    pub values: Vec<u64>,
    /// The column name of the values (the key the template sets, e.g. `iterations`).
    pub key: String,
}

/// A validated run.
#[derive(Clone, Debug)]
pub struct ArenaRun {
    /// The game.
    pub spec: GameSpec,
    /// What to play.
    pub plan: Plan,
    /// Worker threads.
    pub threads: Threads,
    /// A match's stopping rule.
    pub sprt: Option<SprtParams>,
    /// Match, tournament or series.
    pub kind: RunKind,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct ArenaOutcome {
    /// The games counted (with an SPRT, those up to the pair of its verdict), in game order.
    pub records: Vec<GameRecord>,
    /// Whether every game was played (or the SPRT reached a verdict).
    pub complete: bool,
    /// The tables.
    pub table: ResultTable,
    /// The tables as text for the terminal, headed by what was played.
    pub text: String,
}

impl ArenaRun {
    /// The identity of the run in its manifest: what must match to resume it.
    pub fn identity(&self) -> Value {
        let mut identity = json!({
            "kind": self.kind.name(),
            "game": self.spec.to_string(),
            "agents": self.plan.agents.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
            "rounds": self.plan.rounds,
            "openings": self.plan.opening_plies,
            "seed": self.plan.seed,
            "max_plies": self.plan.max_plies,
            "sprt": self.sprt.map(|s| s.to_string()),
            "series": match &self.kind {
                RunKind::Series(s) => json!({"template": s.template, "values": s.values}),
                _ => Value::Null,
            },
        });
        if !self.plan.earlier_rounds.is_empty() {
            identity["earlier_rounds"] = json!(self.plan.earlier_rounds);
        }
        for (key, value) in self.plan.start.identity() {
            identity[key] = value;
        }
        // Clocks enter only when set, so that runs made before they existed still resume.
        let time = &self.plan.time;
        if time.is_set() || *time != TimeControl::default() {
            identity["time"] = json!({
                "base_ms": time.base_ms,
                "increment_ms": time.increment_ms,
                "move_ms": time.move_ms,
                "grace_ms": time.grace_ms,
            });
        }
        if let Some(dir) = &self.plan.adjudicate_egdb {
            identity["adjudicate_egdb"] = json!(dir.display().to_string());
        }
        identity
    }

    /// This run continuing an earlier run of identity `old` (`None`: no earlier run), and the
    /// identity the earlier run must have. A run whose `rounds` grew (all else the same) keeps
    /// the earlier schedule and appends the new pairs: `earlier_rounds` gains the earlier
    /// `rounds`.
    fn continuing(&self, old: Option<&Value>) -> (ArenaRun, Value) {
        let mut run = self.clone();
        let Some(old) = old else {
            let identity = run.identity();
            return (run, identity);
        };
        run.plan.earlier_rounds = old["earlier_rounds"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default();
        let mut expected = run.identity();
        if let Some(before) = old["rounds"].as_u64().filter(|&r| r < self.plan.rounds) {
            expected["rounds"] = json!(before);
            if expected == *old {
                run.plan.earlier_rounds.push(before);
            }
        }
        (run, expected)
    }

    /// Plays the run, resuming from the records in `files` if any, appending each game to
    /// them and writing the whole set at the end (with `job` in the manifest).
    ///
    /// # Errors
    /// Bad input (an agent that cannot play the game, records of another run, no opening of
    /// the asked length) or a file that cannot be written.
    pub fn run(
        &self,
        files: Option<&RunFiles>,
        job: Option<Value>,
        progress: &dyn Progress,
    ) -> Result<ArenaOutcome, JobError> {
        self.run_on(files, job, progress, None)
    }

    /// [`ArenaRun::run`] on `processes` (a distributed run; `None`: this process alone). Every
    /// process calls it with the same run, process 0 with the files (the others' are not
    /// used); the games are dealt between them ([`RunProcesses`]), and process 0's outcome is
    /// the run's, the same as one process's with the same seed (the others' outcomes hold
    /// only their own games, and no table).
    ///
    /// # Errors
    /// As [`ArenaRun::run`]; a record another process sent that does not read.
    pub fn run_on(
        &self,
        files: Option<&RunFiles>,
        job: Option<Value>,
        progress: &dyn Progress,
        processes: Option<&dyn RunProcesses>,
    ) -> Result<ArenaOutcome, JobError> {
        dispatch(
            &self.spec,
            Runner {
                run: self,
                files: files.filter(|_| processes.is_none_or(|p| p.rank() == 0)),
                job,
                progress,
                processes,
            },
        )
    }
}

struct Runner<'a> {
    run: &'a ArenaRun,
    files: Option<&'a RunFiles>,
    job: Option<Value>,
    progress: &'a dyn Progress,
    processes: Option<&'a dyn RunProcesses>,
}

impl GameJob for Runner<'_> {
    type Output = Result<ArenaOutcome, JobError>;

    fn run<R: Rules>(self, rules: R) -> Self::Output {
        let run = self.run;
        let plan = &run.plan;
        let mut resources = Resources::default();
        for a in &plan.agents {
            resources.prepare(a, &rules).map_err(JobError::input)?;
        }
        if let Some(dir) = &plan.adjudicate_egdb {
            resources.adjudicate_with(dir, &rules).map_err(|e| {
                JobError::input(format!(
                    "--adjudicate-egdb {}: {e} (the game's database directory, as `mancala egdb build` names it under its --out)",
                    dir.display()
                ))
            })?;
        }
        // The records of an earlier invocation, and the run they continue (a run grown to a
        // larger `rounds` keeps its earlier games and appends the new pairs).
        let stored = match self.files {
            Some(files) => files
                .read_records::<GameRecord>(false)
                .map_err(|e| match e {
                    ResultsError::Bad(why) => {
                        ResultsError::Bad(format!("{why}; remove the file to start the run again"))
                    }
                    e => e,
                })?,
            None => None,
        };
        let earlier = match (&stored, self.files) {
            (Some(_), Some(files)) => Some(files.earlier_manifest().ok_or_else(|| {
                JobError::input(format!(
                    "{} exists but its manifest {} is missing or damaged: cannot tell which \
                     run it belongs to; remove it or choose another --out",
                    files.path("games.jsonl").display(),
                    files.path("json").display()
                ))
            })?),
            _ => None,
        };
        let (grown, expected) = run.continuing(earlier.as_ref().map(|m| &m["identity"]));
        let run = &grown;
        let plan = &run.plan;
        let identity = run.identity();
        let command_line = self.files.map_or("", |f| f.command_line());
        let mut manifest = Manifest::start(
            run.kind.name(),
            identity.clone(),
            run.threads.get(),
            command_line,
        );
        let schedule = plan.schedule();
        let openings = prepare(&rules, plan)?;
        if let Some(files) = self.files {
            files.check()?;
        }
        // Resume: the records already played, each checked against the schedule and replayed
        // and kept as written (`lines`).
        let (mut done, mut lines) = match (self.files, stored, &earlier) {
            (Some(files), Some(stored), Some(earlier)) => {
                if earlier.get("identity").is_some_and(|old| *old != expected) {
                    return Err(different_run(files, &expected, &earlier["identity"]));
                }
                manifest.continue_from(earlier);
                resume(
                    &files.path("games.jsonl"),
                    stored,
                    plan,
                    &rules,
                    &openings,
                    resources.adjudicator(),
                )?
            }
            _ => (Vec::new(), BTreeMap::new()),
        };
        // A complete run asked again: every file is left as it is (its provenance with it),
        // and the table comes from its records.
        let finished = earlier.as_ref().is_some_and(|m| {
            m["status"] == "complete"
                && expected == identity
                && (done.len() == schedule.len()
                    || SprtWatch::new(run.sprt, &done).decided_at.is_some())
        });
        if let (true, Some(files)) = (finished, self.files) {
            self.progress.note(&format!(
                "{}: complete: {} of {} games already played; files left as they are",
                files.path("games.jsonl").display(),
                done.len(),
                schedule.len()
            ));
        } else if !done.is_empty() {
            self.progress.note(&format!(
                "resuming from {}: {} of {} games already played",
                self.files.map_or(String::new(), |f| f
                    .path("games.jsonl")
                    .display()
                    .to_string()),
                done.len(),
                schedule.len()
            ));
        }
        let files = self.files.filter(|_| !finished);
        if let Some(files) = files {
            files.write_manifest(&manifest)?;
        }
        let played: std::collections::HashSet<u64> = done.iter().map(|r| r.game).collect();
        let mut todo: Vec<_> = schedule
            .iter()
            .copied()
            .filter(|s| !played.contains(&s.game))
            .collect();
        // A distributed run: process 0, which read the records, says which games are left,
        // and each process keeps its share.
        let (rank, processes) = self.processes.map_or((0, 1), |p| (p.rank(), p.processes()));
        if let Some(p) = self.processes {
            let ids: Vec<u64> = if finished {
                Vec::new()
            } else {
                todo.iter().map(|s| s.game).collect()
            };
            let left: std::collections::HashSet<u64> =
                p.share_from_first(&ids).into_iter().collect();
            todo.retain(|s| left.contains(&s.game));
            todo = todo
                .into_iter()
                .enumerate()
                .filter(|(i, _)| i % processes == rank)
                .map(|(_, s)| s)
                .collect();
        }
        if rank > 0 {
            return self.play_for_first(&rules, plan, &resources, &openings, &todo);
        }
        let stop = AtomicBool::new(false);
        let sprt_watch = Mutex::new(SprtWatch::new(run.sprt, &done));
        let appender = match files {
            Some(files) => Some(Mutex::new(files.appender()?)),
            None => None,
        };
        let write_error = Mutex::new(None);
        // The manifest is rewritten at most once a second while games finish, so that an
        // interrupted invocation keeps (nearly) its wall time.
        let manifest = Mutex::new((manifest, std::time::Instant::now()));
        if sprt_watch
            .lock()
            .expect("not poisoned")
            .decided_at
            .is_some()
        {
            // Already decided by the records of an earlier run.
            stop.store(true, Relaxed);
        }
        self.progress.start("games", Some(schedule.len() as u64));
        self.progress.set(done.len() as u64);
        let on_record = |record: &GameRecord| {
            if let Some(a) = &appender {
                if let Err(e) = a.lock().expect("no panics while held").append(record) {
                    write_error
                        .lock()
                        .expect("no panics while held")
                        .get_or_insert(e);
                    stop.store(true, Relaxed);
                }
            }
            if let Some(files) = files {
                let mut m = manifest.lock().expect("no panics while held");
                if m.1.elapsed().as_secs_f64() >= 1.0 {
                    m.0.update();
                    if let Err(e) = files.write_manifest(&m.0) {
                        write_error
                            .lock()
                            .expect("no panics while held")
                            .get_or_insert(e);
                        stop.store(true, Relaxed);
                    }
                    m.1 = std::time::Instant::now();
                }
            }
            if sprt_watch
                .lock()
                .expect("no panics while held")
                .insert(record)
            {
                stop.store(true, Relaxed);
            }
            self.progress.add(1);
            if self.progress.cancelled() {
                stop.store(true, Relaxed);
            }
        };
        let play = || {
            run.threads.install(|| {
                play_games(
                    &rules,
                    plan,
                    &resources,
                    &openings,
                    &todo,
                    &stop,
                    &self.progress.stop(),
                    &on_record,
                )
            })
        };
        let new = match self.processes.filter(|p| p.processes() > 1) {
            None => play()?,
            // The other processes' records arrive while this one plays its own.
            Some(p) => std::thread::scope(|scope| -> Result<Vec<GameRecord>, JobError> {
                let receiver = scope.spawn(|| receive_records(p, &on_record));
                let new = play();
                let received = receiver.join().expect("the receiver does not panic");
                let mut new = new?;
                new.extend(received?);
                Ok(new)
            })?,
        };
        self.progress.finish();
        let mut manifest = manifest.into_inner().expect("no panics while held").0;
        if let Some(e) = write_error.into_inner().expect("no panics while held") {
            return Err(JobError::failed(e));
        }
        done.extend(new);
        done.sort_by_key(|r| r.game);
        // With an SPRT, the tables count the games up to the pair of the verdict.
        let mut complete = done.len() == schedule.len();
        if let Some(n) = SprtWatch::new(run.sprt, &done).decided_at {
            complete = true;
            done.truncate(n as usize);
        }
        let table = run.tables(&done);
        let head = format!(
            "{} of {} ({} games, seed {}, {}, ply cap {})\n\n",
            run.kind.name(),
            rules.spec(),
            done.len(),
            plan.seed,
            run.openings_words(openings.len()),
            plan.max_plies
        );
        let text = format!("{head}{}", table.text);
        let table = ResultTable {
            markdown: format!("{head}{}", table.table.markdown),
            ..table.table
        };
        if let Some(files) = files {
            manifest.finish(complete, done.len());
            if let Some(job) = self.job {
                manifest.set("job", job);
            }
            // Whether the same seed and options give the same games (no time budgets, no
            // shared-tree threads).
            manifest.set(
                "reproducible",
                json!(plan.agents.iter().all(|a| a.reproducible())),
            );
            let lines: Vec<String> = done
                .iter()
                .map(|r| lines.remove(&r.game).unwrap_or_else(|| record_line(r)))
                .collect();
            files.write_all(&mut manifest, &table, &lines)?;
        }
        Ok(ArenaOutcome {
            records: done,
            complete,
            table,
            text,
        })
    }
}

impl Runner<'_> {
    /// A process other than 0 of a distributed run: plays `todo` (its share) and sends each
    /// record to process 0 as it finishes; its outcome holds its own records, no table.
    fn play_for_first<R: Rules>(
        &self,
        rules: &R,
        plan: &Plan,
        resources: &Resources,
        openings: &[super::openings::Opening<R>],
        todo: &[super::Slot],
    ) -> Result<ArenaOutcome, JobError> {
        let p = self.processes.expect("a distributed run");
        let sent = std::sync::atomic::AtomicUsize::new(0);
        let records = self.run.threads.install(|| {
            play_games(
                rules,
                plan,
                resources,
                openings,
                todo,
                &AtomicBool::new(false),
                &self.progress.stop(),
                &|record| {
                    p.send_to_first(Some(record_line(record).as_bytes()));
                    crash_point(p.rank(), sent.fetch_add(1, Relaxed) + 1);
                },
            )
        })?;
        p.send_to_first(None);
        Ok(ArenaOutcome {
            records,
            complete: false,
            table: ResultTable::default(),
            text: String::new(),
        })
    }
}

/// Process 0 of a distributed run: the records the other processes send, each given to
/// `on_record` as it arrives, until every other process has sent its last.
fn receive_records(
    p: &dyn RunProcesses,
    on_record: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Vec<GameRecord>, JobError> {
    let (mut records, mut error, mut finished) = (Vec::new(), None, 0);
    while finished + 1 < p.processes() {
        match p.receive_any() {
            (_, None) => finished += 1,
            (from, Some(bytes)) => match serde_json::from_slice::<GameRecord>(&bytes) {
                Ok(record) => {
                    on_record(&record);
                    records.push(record);
                }
                Err(e) => {
                    error.get_or_insert_with(|| {
                        JobError::failed(format!(
                            "process {from} of {} sent a game record that does not read: {e}",
                            p.processes()
                        ))
                    });
                }
            },
        }
    }
    error.map_or(Ok(records), Err)
}

/// The message refusing records of another run: the first key of `identity` that differs
/// from the earlier run's `old`.
fn different_run(files: &RunFiles, identity: &Value, old: &Value) -> JobError {
    let key = identity
        .as_object()
        .and_then(|o| o.iter().find(|(k, v)| old.get(*k) != Some(*v)))
        .map(|(k, v)| {
            let hint = if k == "rounds" {
                "; a run can grow to a larger `rounds`, not shrink"
            } else {
                ""
            };
            format!(
                "`{k}` was {} and is now {v}{hint}",
                old.get(k).unwrap_or(&Value::Null)
            )
        })
        .unwrap_or_default();
    JobError::input(format!(
        "{} holds the games of a different run ({key}); remove it or choose another --out",
        files.path("games.jsonl").display()
    ))
}

/// The records `stored` of an earlier invocation of this run (in `jsonl`), checked against
/// the schedule and replayed, in game order, and the text of each (by game) as it stands in
/// the file.
fn resume<R: Rules>(
    jsonl: &std::path::Path,
    stored: Vec<StoredRecord<GameRecord>>,
    plan: &Plan,
    rules: &R,
    openings: &[Opening<R>],
    adjudicator: Option<&Egdb>,
) -> Result<(Vec<GameRecord>, BTreeMap<u64, String>), JobError> {
    let schedule = plan.schedule();
    let mut records: Vec<GameRecord> = Vec::new();
    let mut lines = BTreeMap::new();
    for StoredRecord { line, text, record } in stored {
        let bad = |why: String| {
            JobError::input(format!(
                "{} line {line}: {why}; remove the file to start the run again",
                jsonl.display()
            ))
        };
        let slot = schedule
            .get(record.game as usize)
            .ok_or_else(|| bad(format!("game {} is not in this run", record.game)))?;
        if (record.south, record.north, record.pair, record.seed)
            != (slot.south, slot.north, slot.pair, plan.game_seed(slot.game))
        {
            return Err(bad(format!(
                "game {} does not match this run's schedule (agents, pair or seed)",
                record.game
            )));
        }
        let opening = &openings[(slot.pair % openings.len() as u64) as usize];
        if (&record.start, &record.opening) != (&opening.start_text, &opening.move_texts) {
            return Err(bad(format!(
                "game {} did not start from this run's opening for pair {} (another --position, \
                 --moves, --openings or openings file?)",
                record.game, slot.pair
            )));
        }
        if let Err(why) = replay(rules, &record, plan.max_plies, adjudicator) {
            return Err(JobError::input(format!(
                "{}: game {} is not a game of this run ({why}); remove the file to start again",
                jsonl.display(),
                record.game
            )));
        }
        if let std::collections::btree_map::Entry::Vacant(e) = lines.entry(record.game) {
            e.insert(text);
            records.push(record);
        }
    }
    records.sort_by_key(|r| r.game);
    Ok((records, lines))
}

impl ArenaRun {
    /// Where the games started, in words for the tables' head line.
    fn openings_words(&self, count: usize) -> String {
        let start = &self.plan.start;
        let from = match (&start.position, &start.moves) {
            (None, None) => String::new(),
            (p, m) => format!(
                " from {}{}",
                p.as_deref()
                    .map_or("the start".into(), |p| format!("`{}`", p.trim())),
                m.as_deref()
                    .map_or(String::new(), |m| format!(" after `{}`", m.trim()))
            ),
        };
        match &start.file {
            Some(f) => format!("{count} openings of {} in {} order", f.path, f.order.name()),
            None => format!("openings of {} plies{from}", self.plan.opening_plies),
        }
    }
}

/// Tables and their terminal text.
struct Tables {
    table: ResultTable,
    text: String,
}

impl ArenaRun {
    fn tables(&self, done: &[GameRecord]) -> Tables {
        let names: Vec<String> = self.plan.agents.iter().map(|a| a.to_string()).collect();
        let columns = |c: &[&str]| c.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        match &self.kind {
            RunKind::Match => {
                let s = summarize_match(done, 0, self.sprt.as_ref());
                let text = s.text(&names[0], &names[1]);
                let svg = match (&self.sprt, &s.sprt) {
                    (Some(params), Some(state)) => Some(sprt_plot(
                        params,
                        &SprtWatch::new(Some(*params), done).llr,
                        state.lower,
                        state.upper,
                    )),
                    _ => None,
                };
                Tables {
                    table: ResultTable {
                        markdown: format!("```\n{text}```\n"),
                        header: columns(MATCH_COLUMNS),
                        rows: vec![s.csv_row(&names[0], &names[1])],
                        timing: &[],
                        svg,
                    },
                    text,
                }
            }
            RunKind::Tournament => {
                let s = summarize_tournament(&names, done);
                Tables {
                    text: s.markdown(),
                    table: ResultTable {
                        markdown: s.markdown(),
                        header: columns(TOURNAMENT_COLUMNS),
                        rows: s.csv_rows(),
                        timing: &[],
                        svg: ratings_plot(&s),
                    },
                }
            }
            RunKind::Series(series) => {
                let opponent = names.len() - 1;
                let points: Vec<(u64, MatchSummary)> = series
                    .values
                    .iter()
                    .enumerate()
                    .map(|(k, &value)| (value, summarize_match(done, k, None)))
                    .collect();
                let rows: Vec<PairingRow> = points
                    .iter()
                    .enumerate()
                    .map(|(k, (value, s))| PairingRow {
                        label: value.to_string(),
                        a: &names[k],
                        b: &names[opponent],
                        summary: s,
                    })
                    .collect();
                let intro = format!(
                    "`{}` against `{}`, by `{}`",
                    series.template, names[opponent], series.key
                );
                let mut table = pairing_table(&intro, &series.key, true, &rows);
                table.table.svg = Some(series_plot(
                    &series.template,
                    &series.key,
                    &names[opponent],
                    &points,
                ));
                table
            }
            RunKind::Gauntlet => {
                let summaries: Vec<MatchSummary> = (1..names.len())
                    .map(|j| summarize_pairing(done, 0, Some(j), None))
                    .collect();
                let rows: Vec<PairingRow> = summaries
                    .iter()
                    .zip(1..)
                    .map(|(s, j)| PairingRow {
                        label: format!("`{}`", names[j]),
                        a: &names[0],
                        b: &names[j],
                        summary: s,
                    })
                    .collect();
                let intro = format!("Gauntlet: `{}` against each opponent", names[0]);
                let mut table = pairing_table(&intro, "opponent", false, &rows);
                let total = summarize_match(done, 0, None);
                let t = &total.terminations;
                table.table.markdown.push_str(&format!(
                    "\nIn all: {} games, {}-{}-{}, score {:.3}. Games ended: {} normal, {} by \
                     repetition, {} adjudicated at the ply cap.\n",
                    total.games,
                    total.wdl.wins,
                    total.wdl.draws,
                    total.wdl.losses,
                    total.score,
                    t.normal,
                    t.repetition,
                    t.ply_cap
                ));
                table.text = table.table.markdown.clone();
                table
            }
        }
    }
}

/// One row of a table of pairings: agent `a` against agent `b`, from `a`'s side.
struct PairingRow<'a> {
    /// The first column (a series' budget, a gauntlet's opponent).
    label: String,
    a: &'a str,
    b: &'a str,
    summary: &'a MatchSummary,
}

/// A table with one row per pairing (series, gauntlet): Markdown (headed by `intro`, first
/// column `key`) and CSV rows in [`MATCH_COLUMNS`] order (after a `key` column if `key_column`).
fn pairing_table(intro: &str, key: &str, key_column: bool, rows: &[PairingRow]) -> Tables {
    let mut header: Vec<String> = key_column.then(|| key.to_string()).into_iter().collect();
    header.extend(MATCH_COLUMNS.iter().map(|c| c.to_string()));
    let mut markdown = format!(
        "{intro}: score of the first (points per game), its Elo difference and normalized Elo \
         (fastchess's nElo) with 95% intervals (pentanomial; the Jeffreys posterior where the \
         score is at or near 0 or 1, marked *), its mean final margin in seeds with 95% \
         interval, and the games adjudicated at the ply cap.\n\n| {key} | games | W-D-L | score \
         | Elo (95% interval) | nElo (95% interval) | margin (seeds) | ply cap |\n\
         |{}|---:|---|---:|---|---|---|---:|\n",
        if key_column { "---:" } else { "---" }
    );
    let mut csv = Vec::new();
    for r in rows {
        let s = r.summary;
        let mark = if s.interval == Some(super::stats::IntervalMethod::Jeffreys) {
            " *"
        } else {
            ""
        };
        markdown.push_str(&format!(
            "| {} | {} | {}-{}-{} | {:.3} | {}{mark} | {}{mark} | {} | {} |\n",
            r.label,
            s.games,
            s.wdl.wins,
            s.wdl.draws,
            s.wdl.losses,
            s.score,
            fmt_estimate(&s.elo, 1),
            fmt_estimate(&s.nelo, 1),
            fmt_estimate(&s.margin, 2),
            s.terminations.ply_cap,
        ));
        let mut row: Vec<String> = key_column.then(|| r.label.clone()).into_iter().collect();
        row.extend(s.csv_row(r.a, r.b));
        csv.push(row);
    }
    Tables {
        text: markdown.clone(),
        table: ResultTable {
            markdown,
            header,
            rows: csv,
            timing: &[],
            svg: None,
        },
    }
}

/// Checks a game record by replaying it: legal moves, and the termination
/// and final stores they lead to, round by round for a game played in rounds.
pub(super) fn replay<R: Rules>(
    rules: &R,
    r: &GameRecord,
    max_plies: u32,
    adjudicator: Option<&Egdb>,
) -> Result<(), String> {
    let start = r.start_position(rules).map_err(|e| {
        format!(
            "bad start position `{}`: {e}",
            r.start.as_deref().unwrap_or_default()
        )
    })?;
    for (name, len) in [("times_ms", r.times_ms.len()), ("evals", r.evals.len())] {
        if len != 0 && len != r.moves.len() {
            return Err(format!("it has {len} {name} for {} moves", r.moves.len()));
        }
    }
    let all: Vec<&String> = r.opening.iter().chain(&r.moves).collect();
    if r.rounds.is_empty() {
        let end = RoundEnd {
            termination: r.termination,
            stores: r.stores,
            forfeit: r.forfeit.as_ref(),
        };
        return replay_round(rules, start, &all, &end, max_plies, adjudicator);
    }
    let (mut later, mut start, mut taken): (Option<R>, _, usize) = (None, start, 0);
    for (k, round) in r.rounds.iter().enumerate() {
        let rules = later.as_ref().unwrap_or(rules);
        let (game, text) = (rules.spec().to_string(), rules.format_position(&start));
        if (&game, &text) != (&round.game, &round.start) {
            return Err(format!(
                "round {}: the last round leads to `{game}` from `{text}`, not `{}` from `{}`",
                k + 1,
                round.game,
                round.start
            ));
        }
        let plies = round.plies as usize + if k == 0 { r.opening.len() } else { 0 };
        let moves = all.get(taken..taken + plies).ok_or_else(|| {
            format!(
                "round {} has {} moves, more than the record",
                k + 1,
                round.plies
            )
        })?;
        taken += plies;
        let last = k + 1 == r.rounds.len();
        let end = RoundEnd {
            termination: round.termination,
            stores: round.stores,
            forfeit: if last { r.forfeit.as_ref() } else { None },
        };
        replay_round(rules, start, moves, &end, max_plies, adjudicator)
            .map_err(|e| format!("round {}: {e}", k + 1))?;
        if last {
            if taken != all.len() || (round.termination, round.stores) != (r.termination, r.stores)
            {
                return Err("its last round does not end the game as the record says".into());
            }
            return Ok(());
        }
        match rules.next_round(&start, round.stores) {
            Some((next_rules, next_start)) => {
                start = next_start;
                later = Some(next_rules);
            }
            None => return Err(format!("the game ends after round {}, not later", k + 1)),
        }
    }
    Ok(())
}

/// How a recorded game (or round) ended.
struct RoundEnd<'a> {
    termination: Termination,
    stores: [u32; 2],
    forfeit: Option<&'a ForfeitNote>,
}

/// Replays `moves` from `start` and checks that they end as `end` says.
fn replay_round<R: Rules, S: AsRef<str>>(
    rules: &R,
    start: R::Position,
    moves: &[S],
    end: &RoundEnd,
    max_plies: u32,
    adjudicator: Option<&Egdb>,
) -> Result<(), String> {
    let mut line = Line::new(start);
    for (k, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        if line.status(rules) != Status::Ongoing {
            return Err(format!("move {} `{text}` after the end of the game", k + 1));
        }
        line.play_text(rules, text).map_err(|e| e.to_string())?;
    }
    match (end.forfeit, end.termination.is_forfeit()) {
        (Some(f), true) => {
            let side = rules.side_to_move(line.current());
            if line.status(rules) != Status::Ongoing || line.moves().len() >= max_plies as usize {
                return Err(format!(
                    "it ends by {}, but its moves end the game",
                    end.termination.name()
                ));
            }
            if f.side != side {
                return Err(format!(
                    "{} forfeits, but {side} is to move at its end",
                    f.side
                ));
            }
            let stores = forfeit_stores(rules, line.current(), f.side);
            if stores != end.stores {
                return Err(format!(
                    "a forfeit by {} gives stores {stores:?}, not {:?}",
                    f.side, end.stores
                ));
            }
            return Ok(());
        }
        (None, false) => {}
        (Some(_), false) => {
            return Err(format!(
                "it names a forfeit but ends by {}",
                end.termination.name()
            ))
        }
        (None, true) => {
            return Err(format!(
                "it ends by {} without naming who forfeited",
                end.termination.name()
            ))
        }
    }
    if end.termination == Termination::Egdb {
        let stores = match adjudicator {
            None => return Err("it was adjudicated by databases this run does not use".into()),
            Some(db) if line.status(rules) == Status::Ongoing => {
                adjudicated_stores(rules, db, line.current())
            }
            Some(_) => None,
        };
        return match stores {
            Some(s) if s == end.stores => Ok(()),
            Some(s) => Err(format!(
                "the databases give stores {s:?}, not {:?}",
                end.stores
            )),
            None => Err("it was adjudicated where the databases do not reach".into()),
        };
    }
    let (termination, outcome) = match line.status(rules) {
        Status::Over(o) => (Termination::Normal, o),
        Status::Repeated(o) => (Termination::Repetition, o),
        Status::Ongoing if line.moves().len() >= max_plies as usize => (
            Termination::PlyCap,
            rules.repetition_outcome(line.current()),
        ),
        Status::Ongoing => return Err("the game is not over".into()),
    };
    if termination != end.termination {
        return Err(format!(
            "it ends by {}, not {}",
            termination.name(),
            end.termination.name()
        ));
    }
    let stores = rules.final_stores(line.current(), outcome);
    if stores != end.stores {
        return Err(format!(
            "its moves give stores {stores:?}, not {:?}",
            end.stores
        ));
    }
    Ok(())
}

/// Follows a match's SPRT over its complete seat-swapped pairs in game order (scores from
/// agent 0's side) while games finish in any order.
struct SprtWatch {
    params: Option<SprtParams>,
    finished: BTreeMap<u64, u8>,
    next_game: u64,
    pentanomial: Pentanomial,
    /// The number of games (a prefix in game order) at which the SPRT reached a verdict.
    decided_at: Option<u64>,
    /// The log-likelihood ratio after each complete pair: `(games counted, LLR)`.
    llr: Vec<(u64, f64)>,
}

impl SprtWatch {
    fn new(params: Option<SprtParams>, records: &[GameRecord]) -> SprtWatch {
        let mut w = SprtWatch {
            params,
            finished: BTreeMap::new(),
            next_game: 0,
            pentanomial: Pentanomial::default(),
            decided_at: None,
            llr: Vec::new(),
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
        while let (None, Some(a), Some(b)) = (
            self.decided_at,
            self.finished.get(&self.next_game),
            self.finished.get(&(self.next_game + 1)),
        ) {
            self.pentanomial.add(a + b);
            self.next_game += 2;
            let state = sprt(&self.pentanomial, &params);
            self.llr.push((self.next_game, state.llr));
            if state.verdict != SprtVerdict::Continue {
                self.decided_at = Some(self.next_game);
            }
        }
        self.decided_at.is_some()
    }
}
