//! Game records as readable text in the spirit of PGN (the format is documented in
//! `docs/game-records.md`): a block of `[Tag "value"]` headers per game, then the moves
//! numbered by full move (a South turn and the North turn after it; `N.` before South's plies,
//! `N...` before North's, so an extra turn shows as two plies after one number), opening moves
//! marked `{book}` as cutechess-cli marks book moves, and the result.
//!
//! Every record is checked as a resumed run checks it before anything is written: it must
//! be a game record, and its moves must replay from its start to the end, termination and
//! stores it gives ([`super::runner`]'s replay). Fields this version does not know are
//! ignored; per-move `evals` and `times_ms` become move comments where present.

use super::runner::replay;
use super::{GameRecord, Termination};
use crate::core::{JobError, Side};
use crate::egdb::Egdb;
use crate::game::Line;
use crate::results::RunFiles;
use crate::rules::{dispatch, GameJob, GameSpec, Rules};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

/// What every game of a run follows besides the rules: its ply cap and the databases that
/// adjudicated its games, if any (the run's `max_plies` and `adjudicate_egdb`).
#[derive(Clone, Copy, Debug)]
pub struct RunLimits<'a> {
    /// Most moves a game may last, opening included.
    pub max_plies: u32,
    /// The databases of `--adjudicate-egdb`.
    pub adjudicate_egdb: Option<&'a Path>,
}

/// The games of a run as text: `spec` the game, `agents` the agent strings the records'
/// `south` and `north` index, `event` the kind of run (`match`, `tournament`, ...), `limits`
/// the run's.
///
/// # Errors
/// Bad input naming the game and what is wrong (a record whose moves do not replay to its
/// end, termination and stores).
pub fn export_records(
    spec: &GameSpec,
    agents: &[String],
    event: &str,
    limits: RunLimits,
    records: &[GameRecord],
) -> Result<String, JobError> {
    let name = |k: usize| format!("game {}", records[k].game);
    export(spec, agents, event, limits, records, &name)
}

/// [`export_records`], naming record `k` by `name(k)` in errors.
fn export(
    spec: &GameSpec,
    agents: &[String],
    event: &str,
    limits: RunLimits,
    records: &[GameRecord],
    name: &dyn Fn(usize) -> String,
) -> Result<String, JobError> {
    dispatch(
        spec,
        Export {
            agents,
            event,
            limits,
            records,
            name,
        },
    )
}

/// A finished run read back from its files: the game, agents, kind and limits its manifest
/// names, and its game records.
#[derive(Clone, Debug)]
pub struct StoredRun {
    /// The record file (`NAME.games.jsonl`).
    pub path: std::path::PathBuf,
    /// The game.
    pub spec: GameSpec,
    /// The agent strings the records' `south` and `north` index.
    pub agents: Vec<String>,
    /// The kind of run (`match`, `tournament`, ...).
    pub event: String,
    /// The run's `max_plies`.
    pub max_plies: u32,
    /// The run's `adjudicate_egdb`.
    pub adjudicate_egdb: Option<std::path::PathBuf>,
    /// The records with their line numbers.
    pub records: Vec<crate::results::StoredRecord<GameRecord>>,
}

impl StoredRun {
    /// The limits every game of the run follows.
    pub fn limits(&self) -> RunLimits<'_> {
        RunLimits {
            max_plies: self.max_plies,
            adjudicate_egdb: self.adjudicate_egdb.as_deref(),
        }
    }

    /// How errors name record `k`: `PATH line L (game G)`.
    pub fn record_name(&self, k: usize) -> String {
        format!(
            "{} line {} (game {})",
            self.path.display(),
            self.records[k].line,
            self.records[k].record.game
        )
    }
}

/// The run whose records are `jsonl` (`results/tournaments/NAME.games.jsonl`, beside its
/// manifest `NAME.json`, which names the game and the agents).
///
/// # Errors
/// Bad input: a path not named `NAME.games.jsonl`, a missing, empty or damaged file or
/// manifest, a line that is not a game record.
pub fn read_run(jsonl: &Path) -> Result<StoredRun, JobError> {
    let file_name = jsonl.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let name = file_name.strip_suffix(".games.jsonl").ok_or_else(|| {
        JobError::input(format!(
            "{}: expected the game records of a run, a file named NAME.games.jsonl",
            jsonl.display()
        ))
    })?;
    let dir = jsonl.parent().unwrap_or(Path::new(""));
    let files = RunFiles::new(dir, name, "")?;
    let stored = files
        .read_records::<GameRecord>(true)?
        .ok_or_else(|| JobError::input(format!("{}: no such file", jsonl.display())))?;
    if stored.is_empty() {
        return Err(JobError::input(format!(
            "{}: no game records in it",
            jsonl.display()
        )));
    }
    let manifest = files.earlier_manifest().ok_or_else(|| {
        JobError::input(format!(
            "{}: its manifest {} is missing or damaged, so the game and the agents are unknown",
            jsonl.display(),
            files.path("json").display()
        ))
    })?;
    let identity = &manifest["identity"];
    let missing = |key: &str| {
        JobError::input(format!(
            "{}: no `identity.{key}` in the manifest",
            files.path("json").display()
        ))
    };
    let game = identity["game"].as_str().ok_or_else(|| missing("game"))?;
    let spec: GameSpec = crate::game::parse_game(game)?;
    let agents: Vec<String> = identity["agents"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|x| x.as_str().unwrap_or("?").to_string())
                .collect()
        })
        .unwrap_or_default();
    let event = identity["kind"].as_str().unwrap_or("run").to_string();
    let max_plies = identity["max_plies"]
        .as_u64()
        .and_then(|m| u32::try_from(m).ok())
        .ok_or_else(|| missing("max_plies"))?;
    let adjudicate_egdb = identity["adjudicate_egdb"]
        .as_str()
        .map(std::path::PathBuf::from);
    Ok(StoredRun {
        path: jsonl.to_path_buf(),
        spec,
        agents,
        event,
        max_plies,
        adjudicate_egdb,
        records: stored,
    })
}

/// The games of the run whose records are `jsonl` ([`read_run`]) as text.
///
/// # Errors
/// Bad input as [`read_run`] gives it, or a record that does not replay to its end,
/// termination and stores (naming the line and the game).
pub fn export_run(jsonl: &Path) -> Result<String, JobError> {
    let run = read_run(jsonl)?;
    let records: Vec<GameRecord> = run.records.iter().map(|s| s.record.clone()).collect();
    let name = |k: usize| run.record_name(k);
    export(
        &run.spec,
        &run.agents,
        &run.event,
        run.limits(),
        &records,
        &name,
    )
}

/// Checks that every record replays from its start to the end, termination and stores it
/// gives, under `limits` (the databases that adjudicated games opened only if some were);
/// `name(k)` names record `k` in errors.
///
/// # Errors
/// Bad input naming the first record that does not replay, or the databases that cannot be
/// opened.
pub fn check_records<R: Rules>(
    rules: &R,
    limits: RunLimits,
    records: &[GameRecord],
    name: &dyn Fn(usize) -> String,
) -> Result<(), JobError> {
    let adjudicated = records.iter().any(|r| r.termination == Termination::Egdb);
    let adjudicator = match limits.adjudicate_egdb.filter(|_| adjudicated) {
        None => None,
        Some(dir) => Some(Egdb::open(dir, rules).map_err(|e| {
            JobError::input(format!(
                "the run's games were adjudicated by the databases {}, which cannot be \
                 opened to check them: {e}",
                dir.display()
            ))
        })?),
    };
    for (k, record) in records.iter().enumerate() {
        replay(rules, record, limits.max_plies, adjudicator.as_ref()).map_err(|why| {
            JobError::input(format!(
                "{}: the record does not follow from its moves: {why}",
                name(k)
            ))
        })?;
    }
    Ok(())
}

struct Export<'a> {
    agents: &'a [String],
    event: &'a str,
    limits: RunLimits<'a>,
    records: &'a [GameRecord],
    name: &'a dyn Fn(usize) -> String,
}

impl GameJob for Export<'_> {
    type Output = Result<String, JobError>;

    fn run<R: Rules>(self, rules: R) -> Self::Output {
        // Every record is checked before any text is made.
        check_records(&rules, self.limits, self.records, self.name)?;
        let mut out = String::new();
        for (k, record) in self.records.iter().enumerate() {
            let record = serde_json::to_value(record).expect("records encode");
            let text = game_text(&rules, self.agents, self.event, &record)
                .map_err(|why| JobError::input(format!("{}: {why}", (self.name)(k))))?;
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&text);
        }
        Ok(out)
    }
}

/// `1-0` (South won), `0-1` (North won) or `1/2-1/2`, from the final stores.
pub fn result_tag(stores: [u64; 2]) -> &'static str {
    match stores[0].cmp(&stores[1]) {
        std::cmp::Ordering::Greater => "1-0",
        std::cmp::Ordering::Less => "0-1",
        std::cmp::Ordering::Equal => "1/2-1/2",
    }
}

/// A comment for agent move `k` from the record's optional per-move arrays: the evaluation as
/// the record gives it and the time in seconds (`{+3 0.125s}`), or `None` when the record has
/// neither for that move.
fn move_comment(record: &Value, k: usize) -> Option<String> {
    let eval = record["evals"].get(k).filter(|v| !v.is_null()).map(|v| {
        // `{"seeds": x}`: the store difference expected, signed; `{"points": p}`: the
        // expected points (0 to 1) with a `p` after them; a bare number as seeds.
        let signed = |x: f64| {
            if x > 0.0 {
                format!("+{x}")
            } else {
                format!("{x}")
            }
        };
        match (
            v.get("seeds").and_then(Value::as_f64),
            v.get("points").and_then(Value::as_f64),
        ) {
            (Some(x), _) => signed(x),
            (None, Some(p)) => format!("{p:.3}p"),
            _ => v.as_f64().map_or_else(|| v.to_string(), signed),
        }
    });
    let time = record["times_ms"]
        .get(k)
        .and_then(Value::as_f64)
        .map(|ms| format!("{:.3}s", ms / 1000.0));
    match (eval, time) {
        (None, None) => None,
        (e, t) => Some([e, t].into_iter().flatten().collect::<Vec<_>>().join(" ")),
    }
}

fn strings(record: &Value, key: &str) -> Result<Vec<String>, String> {
    record[key]
        .as_array()
        .ok_or(format!("no `{key}` list"))?
        .iter()
        .map(|m| {
            m.as_str()
                .map(str::to_string)
                .ok_or(format!("a `{key}` entry is not text"))
        })
        .collect()
}

/// Where each round but the last of a game played in rounds ends (the plies before it, opening
/// included) and its final stores; empty for a game of one round.
fn round_ends(record: &Value, book: usize) -> Result<Vec<(usize, [u32; 2])>, String> {
    let Some(rounds) = record["rounds"].as_array() else {
        return Ok(Vec::new());
    };
    let mut end = book;
    let mut out = Vec::new();
    for (k, r) in rounds
        .iter()
        .enumerate()
        .take(rounds.len().saturating_sub(1))
    {
        let plies = r["plies"].as_u64();
        let stores: Vec<u32> = r["stores"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_u64().map(|x| x as u32))
                    .collect()
            })
            .unwrap_or_default();
        match (plies, &stores[..]) {
            (Some(p), &[s, n]) => {
                end += p as usize;
                out.push((end, [s, n]));
            }
            _ => {
                return Err(format!(
                    "round {} has no `plies` count or `stores` pair",
                    k + 1
                ))
            }
        }
    }
    Ok(out)
}

/// One game as text.
fn game_text<R: Rules>(
    rules: &R,
    agents: &[String],
    event: &str,
    record: &Value,
) -> Result<String, String> {
    let index = |key: &str| -> Result<String, String> {
        let i = record[key]
            .as_u64()
            .ok_or(format!("no `{key}` agent index"))?;
        agents.get(i as usize).cloned().ok_or(format!(
            "`{key}` is agent {i}, but the run has {} agents",
            agents.len()
        ))
    };
    let (south, north) = (index("south")?, index("north")?);
    let stores: Vec<u64> = record["stores"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let [s, n] = stores[..] else {
        return Err("no `stores` pair".into());
    };
    let start_text = record["start"].as_str();
    let start = match start_text {
        None => rules.start(),
        Some(t) => rules
            .parse_position(t)
            .map_err(|e| format!("bad start position `{t}`: {e}"))?,
    };
    let opening = strings(record, "opening")?;
    let moves = strings(record, "moves")?;
    let termination = match &record["termination"] {
        Value::String(t) => t.clone(),
        Value::Null => "unknown".to_string(),
        other => other.to_string(),
    };
    let result = result_tag([s, n]);
    let quote = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", quote(value));
    };
    tag("Event", event);
    tag("Game", &rules.spec().to_string());
    if let Some(g) = record["game"].as_u64() {
        tag("Round", &(g + 1).to_string());
    }
    if let Some(p) = record["pair"].as_u64() {
        tag("Pair", &(p + 1).to_string());
    }
    tag("South", &south);
    tag("North", &north);
    if let Some(seed) = record["seed"].as_u64() {
        tag("Seed", &seed.to_string());
    }
    tag("Result", result);
    tag("Termination", &termination);
    if let Some(f) = record.get("forfeit").filter(|f| !f.is_null()) {
        let side = f["side"].as_str().unwrap_or("?");
        let message = f["message"]
            .as_str()
            .unwrap_or("")
            .trim()
            .replace('\n', " | ");
        tag("Forfeit", &format!("{side}: {message}"));
    }
    if let Some(t) = start_text {
        tag("StartPosition", t);
    }
    if !opening.is_empty() {
        tag("Opening", &opening.join(" "));
    }
    tag("Stores", &format!("{s}-{n}"));
    tag("PlyCount", &(opening.len() + moves.len()).to_string());
    if let Some(r) = record["rounds"].as_array().filter(|r| !r.is_empty()) {
        tag("Rounds", &r.len().to_string());
    }
    out.push('\n');

    // The move text: each ply replayed to know who moved it. A game played in rounds goes on
    // with each round's rules (`Rules::next_round`) where the record's round ends.
    let mut line = Line::new(start);
    let mut tokens: Vec<String> = Vec::new();
    let mut number = 1;
    let mut last: Option<Side> = None;
    let book = opening.len();
    let round_ends = round_ends(record, book)?;
    let (mut later, mut round): (Option<R>, usize) = (None, 0);
    // Goes on to the next round while the record's round ends after `k` plies (a round may
    // have none; the record was checked by replaying it) and marks it in the move text.
    let mut next_rounds = |k: usize,
                           line: &mut Line<R>,
                           later: &mut Option<R>,
                           tokens: &mut Vec<String>|
     -> Result<bool, String> {
        let mut went_on = false;
        while let Some(&(_, stores)) = round_ends.get(round).filter(|(end, _)| *end == k) {
            let now = later.as_ref().unwrap_or(rules);
            let (next, start) = now.next_round(&line.positions()[0], stores).ok_or(format!(
                "the game ends after round {}, not later",
                round + 1
            ))?;
            round += 1;
            tokens.push(format!("{{round {}: {}}}", round + 1, next.spec()));
            *line = Line::new(start);
            *later = Some(next);
            went_on = true;
        }
        Ok(went_on)
    };
    let plies = opening.len() + moves.len();
    for (k, mv) in opening.iter().chain(&moves).enumerate() {
        if next_rounds(k, &mut line, &mut later, &mut tokens)? {
            (number, last) = (1, None);
        }
        let rules = later.as_ref().unwrap_or(rules);
        let side = rules.side_to_move(line.current());
        if last == Some(Side::North) && side == Side::South {
            number += 1;
        }
        if last != Some(side) {
            tokens.push(match side {
                Side::South => format!("{number}."),
                Side::North => format!("{number}..."),
            });
        }
        last = Some(side);
        line.play_text(rules, mv)
            .map_err(|e| format!("ply {}: {e}", k + 1))?;
        tokens.push(mv.clone());
        if k < book {
            tokens.push("{book}".to_string());
        } else if let Some(c) = move_comment(record, k - book) {
            tokens.push(format!("{{{c}}}"));
        }
    }
    // Rounds that end after the last move (without moves of their own).
    next_rounds(plies, &mut line, &mut later, &mut tokens)?;
    tokens.push(result.to_string());
    // Lines of at most 79 characters, as PGN export format asks.
    let mut width = 0;
    for t in tokens {
        if width > 0 && width + 1 + t.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += t.len();
        out.push_str(&t);
    }
    out.push('\n');
    Ok(out)
}
