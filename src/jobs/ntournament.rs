//! Tournaments of games of three and four players ([`crate::multi`]): every set of `n` agents
//! of the list, each seated in every rotation of the seats (every permutation with
//! `permutations`), `rounds` times; each game's final scores and finishing order recorded
//! (`NAME.games.jsonl`, one line a game as it ends, so an interrupted run resumes where it
//! stopped); the agents rated by Weng-Lin (Weng & Lin 2011, "A Bayesian approximation method
//! for online ranking", JMLR 12; the `skillratings` crate's `weng_lin_multi_team`, each agent a
//! team of one, the games taken in their order of the schedule, so the ratings do not depend
//! on the threads), with mean score, mean rank and wins per agent and per seat.
//!
//! Ranks: 1 for the highest final score; equal scores share the best of their ranks (two
//! first: both rank 1, the next rank 3). A win is rank 1 alone; a shared first counts
//! `1 / (players sharing it)`.

use super::arena::ArenaRequest;
use super::{ArenaReport, JobError, Progress, Request};
use crate::multi::agents::{rng_for, NAgentSpec};
use crate::multi::{NGame, NLine};
use crate::results::{record_line, Manifest, ResultTable, RunFiles};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use std::fmt::Write as _;
use std::sync::Mutex;

/// One game of an n-player tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NGameRecord {
    /// Its index in the schedule, from 0.
    pub game: u64,
    /// The agent (index in the run's list) in each seat, player 1 first.
    pub seats: Vec<usize>,
    /// Final scores, player 1 first.
    pub scores: Vec<u32>,
    /// Ranks, player 1 first (1: the highest score; ties share the best rank).
    pub ranks: Vec<usize>,
    /// Plies played.
    pub plies: usize,
    /// `end` (at most one player could move), `repetition` or `max-plies`.
    pub termination: String,
    /// The moves, space-separated.
    pub moves: String,
}

/// The ranks of `scores` (1: highest; ties share the best rank).
pub fn ranks(scores: &[u32]) -> Vec<usize> {
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|t| *t > s).count())
        .collect()
}

/// The seatings of `n` agents drawn from `k`: every `n`-subset in lexicographic order, each
/// in every rotation (or permutation) of its seats.
fn schedule(k: usize, n: usize, permutations: bool) -> Vec<Vec<usize>> {
    let mut subsets = Vec::new();
    let mut pick = Vec::new();
    fn choose(start: usize, k: usize, n: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if pick.len() == n {
            out.push(pick.clone());
            return;
        }
        for i in start..k {
            pick.push(i);
            choose(i + 1, k, n, pick, out);
            pick.pop();
        }
    }
    choose(0, k, n, &mut pick, &mut subsets);
    let mut out = Vec::new();
    for s in subsets {
        if permutations {
            let mut perms = Vec::new();
            permute(&mut s.clone(), 0, &mut perms);
            perms.sort();
            out.extend(perms);
        } else {
            for r in 0..n {
                out.push((0..n).map(|i| s[(i + r) % n]).collect());
            }
        }
    }
    out
}

fn permute(v: &mut Vec<usize>, i: usize, out: &mut Vec<Vec<usize>>) {
    if i == v.len() {
        out.push(v.clone());
        return;
    }
    for j in i..v.len() {
        v.swap(i, j);
        permute(v, i + 1, out);
        v.swap(i, j);
    }
}

/// Plays game `index` with `agents` seated as `seats`.
fn play(
    game: &NGame,
    agents: &[NAgentSpec],
    seats: &[usize],
    index: u64,
    seed: u64,
    max_plies: u32,
) -> NGameRecord {
    let mut line = NLine::new(game, None, None).expect("the start is a position");
    let mut rngs: Vec<_> = (0..seats.len()).map(|s| rng_for(seed, index, s)).collect();
    let mut moves = Vec::new();
    let termination = loop {
        if line.repeated {
            break "repetition";
        }
        if game.is_over(line.current()) {
            break "end";
        }
        if moves.len() >= max_plies as usize {
            break "max-plies";
        }
        let pos = *line.current();
        let seat = pos.mover as usize;
        let mv = agents[seats[seat]].choose(game, &pos, &mut rngs[seat]);
        moves.push(game.format_move(mv));
        line.play(game, mv);
    };
    let scores = game.scores(line.current())[..seats.len()].to_vec();
    NGameRecord {
        game: index,
        seats: seats.to_vec(),
        ranks: ranks(&scores),
        scores,
        plies: moves.len(),
        termination: termination.to_string(),
        moves: moves.join(" "),
    }
}

/// Runs an n-player tournament (`mancala tournament` on `kpo(players=3)` and the like).
pub(super) fn run(
    arena: &ArenaRequest,
    request: &Request,
    files: Option<&RunFiles>,
    progress: &dyn Progress,
) -> Result<super::Report, JobError> {
    let spec = arena
        .game
        .parse()
        .map_err(|e| JobError::input("bad game string").because(e))?;
    let game = NGame::new(spec);
    let n = game.players();
    if !matches!(request, Request::Tournament(_)) {
        return Err(JobError::input(format!(
            "`{}` is a game of {n} players: play it with `mancala tournament` and {n} agents \
             or more",
            game.spec()
        )));
    }
    let refused = [
        (arena.openings != 0, "--openings"),
        (arena.position.is_some(), "--position"),
        (arena.moves.is_some(), "--moves"),
        (arena.openings_file.is_some(), "--openings-file"),
        (arena.pgn.is_some(), "--pgn"),
        (arena.gauntlet, "--gauntlet"),
        (arena.sprt.is_some(), "--sprt"),
        (arena.tc.is_some(), "--tc"),
        (arena.movetime.is_some(), "--movetime"),
        (arena.adjudicate_egdb.is_some(), "--adjudicate-egdb"),
        (
            arena.games.is_some(),
            "--games (n-player tournaments take --rounds)",
        ),
    ];
    if let Some((_, option)) = refused.iter().find(|(given, _)| *given) {
        return Err(JobError::input(format!(
            "{option}: not taken by tournaments of {n} players (they play from the start, \
             every seating of every set of {n} agents, --rounds times)"
        )));
    }
    if arena.agents.len() < n {
        return Err(JobError::input(format!(
            "`{}` is a game of {n} players: a tournament needs {n} agents or more, got {}",
            game.spec(),
            arena.agents.len()
        )));
    }
    let agents: Vec<NAgentSpec> = arena
        .agents
        .iter()
        .map(|a| {
            a.parse()
                .map_err(|e| JobError::input("bad agent").because(e))
        })
        .collect::<Result<_, _>>()?;
    if let Some(twice) = arena
        .agents
        .iter()
        .enumerate()
        .find(|(i, a)| arena.agents[..*i].contains(a))
    {
        return Err(JobError::input(format!(
            "agent `{}` is given twice: each agent of a tournament is a different player",
            twice.1
        )));
    }
    let rounds = arena.rounds.unwrap_or(10);
    if rounds == 0 {
        return Err(JobError::input("--rounds 0: expected at least 1"));
    }
    let seatings = schedule(agents.len(), n, arena.permutations);
    let total = rounds * seatings.len() as u64;
    if total > super::MAX_GAMES {
        return Err(JobError::input(format!(
            "--rounds {rounds}: {total} games, more than {}",
            super::MAX_GAMES
        )));
    }
    let job = serde_json::to_value(request).unwrap_or_default();
    // Resume: the records of an earlier run of the same job.
    let mut done: Vec<NGameRecord> = Vec::new();
    let mut manifest = Manifest::start(
        "tournament",
        job.clone(),
        arena.threads.get(),
        files.map_or("", |f| f.command_line()),
    );
    if let Some(files) = files {
        files.check()?;
        if let Some(earlier) = files.earlier_manifest() {
            // The same job but for its threads, which change no result, and its rounds: game
            // `i` is the same game whatever the rounds, so more rounds grow the run.
            let same = |j: &serde_json::Value| {
                let mut j = j.clone();
                if let Some(o) = j.as_object_mut() {
                    o.remove("threads");
                    o.remove("rounds");
                }
                j
            };
            if earlier.get("job").map(same) != Some(same(&job)) {
                return Err(JobError::input(format!(
                    "{} holds the results of another job: remove them or choose another --out",
                    files.path("json").display()
                )));
            }
            manifest.continue_from(&earlier);
        }
        if let Some(records) = files.read_records::<NGameRecord>(false)? {
            done = records.into_iter().map(|r| r.record).collect();
        }
        manifest.set("job", job.clone());
        files.write_manifest(&manifest)?;
    }
    let todo: Vec<u64> = (0..total)
        .filter(|i| !done.iter().any(|r| r.game == *i))
        .collect();
    let appender = match files {
        Some(f) => Some(Mutex::new(f.appender()?)),
        None => None,
    };
    let stop = progress.stop();
    let played: Vec<Result<NGameRecord, JobError>> = arena.threads.install(|| {
        todo.par_iter()
            .filter(|_| !stop.reached())
            .map(|&i| {
                let seats = &seatings[(i % seatings.len() as u64) as usize];
                let record = play(&game, &agents, seats, i, arena.seed, arena.max_plies);
                if let Some(a) = &appender {
                    a.lock()
                        .expect("the record file's lock")
                        .append(&record)
                        .map_err(JobError::from)?;
                }
                Ok(record)
            })
            .collect()
    })?;
    for r in played {
        done.push(r?);
    }
    done.sort_by_key(|r| r.game);
    let complete = done.len() as u64 == total;
    let names: Vec<String> = agents.iter().map(|a| a.to_string()).collect();
    let table = tables(&game, &names, &done);
    let text = format!(
        "{}\n{} of {total} games ({} seatings x {rounds} rounds){}\n",
        table.markdown,
        done.len(),
        seatings.len(),
        if complete {
            ""
        } else {
            ": stopped, run it again to resume"
        }
    );
    if let Some(files) = files {
        manifest.finish(complete, done.len());
        let lines: Vec<String> = done.iter().map(record_line).collect();
        files.write_all(&mut manifest, &table, &lines)?;
    }
    Ok(super::Report::Arena(ArenaReport {
        kind: "tournament".into(),
        game: game.spec().to_string(),
        agents: names,
        games: done.len(),
        complete,
        rows: table.json_rows(),
        header: table.header.clone(),
        text,
        process: 0,
    }))
}

/// The result table: per agent (Weng-Lin rating with a 95% interval, games, mean score, mean
/// rank, wins), then per seat (mean score, wins).
fn tables(game: &NGame, names: &[String], records: &[NGameRecord]) -> ResultTable {
    let n = game.players();
    let k = names.len();
    let config = WengLinConfig::new();
    let mut ratings = vec![WengLinRating::new(); k];
    let mut stats = vec![(0u64, 0.0f64, 0.0f64, 0.0f64); k]; // games, score, rank, wins
    let mut seat_stats = vec![(0.0f64, 0.0f64); n]; // score, wins
    for r in records {
        let teams: Vec<[WengLinRating; 1]> = r.seats.iter().map(|&a| [ratings[a]]).collect();
        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(&r.ranks)
            .map(|(t, &rank)| (&t[..], MultiTeamOutcome::new(rank)))
            .collect();
        let updated = weng_lin_multi_team(&input, &config);
        let first = r.ranks.iter().filter(|&&x| x == 1).count() as f64;
        for (seat, &a) in r.seats.iter().enumerate() {
            ratings[a] = updated[seat][0];
            let win = if r.ranks[seat] == 1 { 1.0 / first } else { 0.0 };
            let s = &mut stats[a];
            s.0 += 1;
            s.1 += r.scores[seat] as f64;
            s.2 += r.ranks[seat] as f64;
            s.3 += win;
            seat_stats[seat].0 += r.scores[seat] as f64;
            seat_stats[seat].1 += win;
        }
    }
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| ratings[b].rating.total_cmp(&ratings[a].rating));
    let mut md = format!(
        "`{}`: {} games. Rating: Weng-Lin (mu, sigma; start 25, 8.33), 95% interval \
         mu +- 1.96 sigma, games in schedule order. Score: hand plus own houses at the end \
         ({} seeds in all). Rank 1: the highest score. Wins: first alone 1, a shared first \
         1/k.\n\n| agent | rating | 95% interval | games | mean score | mean rank | wins |\n\
         |---|---:|---:|---:|---:|---:|---:|\n",
        game.spec(),
        records.len(),
        game.total_seeds()
    );
    let header = [
        "agent",
        "rating",
        "sigma",
        "low",
        "high",
        "games",
        "mean_score",
        "mean_rank",
        "wins",
    ]
    .map(String::from)
    .to_vec();
    let mut rows = Vec::new();
    for &a in &order {
        let (g, score, rank, wins) = stats[a];
        let d = g.max(1) as f64;
        let r = ratings[a];
        let (lo, hi) = (
            r.rating - 1.96 * r.uncertainty,
            r.rating + 1.96 * r.uncertainty,
        );
        let _ = writeln!(
            md,
            "| `{}` | {:.2} | [{lo:.2}, {hi:.2}] | {g} | {:.2} | {:.2} | {wins:.1} |",
            names[a],
            r.rating,
            score / d,
            rank / d
        );
        rows.push(vec![
            names[a].clone(),
            format!("{:.3}", r.rating),
            format!("{:.3}", r.uncertainty),
            format!("{lo:.3}"),
            format!("{hi:.3}"),
            g.to_string(),
            format!("{:.3}", score / d),
            format!("{:.3}", rank / d),
            format!("{wins:.2}"),
        ]);
    }
    let _ = writeln!(md, "\n| seat | mean score | wins |\n|---|---:|---:|");
    let games = records.len().max(1) as f64;
    for (seat, (score, wins)) in seat_stats.iter().enumerate() {
        let _ = writeln!(
            md,
            "| player {} | {:.2} | {:.1} ({:.1}%) |",
            seat + 1,
            score / games,
            wins,
            100.0 * wins / games
        );
    }
    ResultTable {
        markdown: md,
        header,
        rows,
        timing: &[],
        svg: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_the_best_place() {
        assert_eq!(ranks(&[5, 9, 5, 1]), vec![2, 1, 2, 4]);
        assert_eq!(ranks(&[4, 4, 4]), vec![1, 1, 1]);
    }

    /// 4 agents, 3 seats: 4 subsets x 3 rotations; every agent in every seat equally often
    /// (3 times each).
    #[test]
    fn rotations_seat_every_agent_in_every_seat_equally() {
        let s = schedule(4, 3, false);
        assert_eq!(s.len(), 12);
        for agent in 0..4 {
            for seat in 0..3 {
                assert_eq!(s.iter().filter(|x| x[seat] == agent).count(), 3);
            }
        }
        assert_eq!(schedule(4, 4, true).len(), 24);
        assert_eq!(
            schedule(3, 3, false),
            vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]
        );
    }
}
