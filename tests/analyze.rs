//! `mancala analyze`: accuracy against perfect play, checked against values worked out by hand
//! and by plain negamax (a second method that shares nothing with the solver but the rules).

mod common;

use common::{built, fails_with, json, kalah, mancala};
use mancala::agents::external::{register, ExternalFactory, ExternalPlayer};
use mancala::agents::{Forfeit, MoveReply, MoveRequest};
use mancala::jobs::{execute, AnalyzeReport, AnalyzeRequest, ArenaRequest, Report, Request};
use mancala::jobs::{RunFiles, Threads};
use mancala::{negamax, Children, Kalah, Rules};
use std::sync::Arc;

const GAME: &str = "kalah(houses=3,seeds=2)";

/// The value of every legal move of `pos` by negamax, from the mover's side, in move order.
fn negamax_values(rules: &Kalah, pos: &<Kalah as Rules>::Position) -> Vec<(String, i32)> {
    let mut children = Children::<Kalah>::new();
    rules.children(pos, &mut children);
    let side = rules.side_to_move(pos);
    children
        .iter()
        .map(|c| {
            let v = negamax(rules, &c.pos, &mut Vec::new());
            let v = if rules.side_to_move(&c.pos) == side {
                v
            } else {
                -v
            };
            (rules.format_move(pos, c.mv), v)
        })
        .collect()
}

/// A player that always plays a worst move by negamax (the first of them).
struct Worst;
impl ExternalPlayer for Worst {
    fn choose(&mut self, request: &MoveRequest) -> Result<MoveReply, Forfeit> {
        let rules = kalah(request.game);
        let pos = rules.parse_position(request.position).unwrap();
        let values = negamax_values(&rules, &pos);
        let worst = values.iter().map(|(_, v)| *v).min().unwrap();
        let mv = values.iter().find(|(_, v)| *v == worst).unwrap().0.clone();
        Ok(MoveReply { mv, eval: None })
    }
}
struct WorstFactory;
impl ExternalFactory for WorstFactory {
    fn player(&self, _: &str, _: u64) -> Result<Box<dyn ExternalPlayer>, String> {
        Ok(Box::new(Worst))
    }
    fn reproducible(&self) -> bool {
        true
    }
}

fn analyze(request: AnalyzeRequest) -> AnalyzeReport {
    match execute(&Request::Analyze(request), None, &()).unwrap() {
        Report::Analyze(r) => r,
        other => panic!("{other:?}"),
    }
}

/// Positions of Kalah(3,2) reached by a few plies of a fixed walk, each with two moves or more.
fn some_positions(rules: &Kalah) -> Vec<<Kalah as Rules>::Position> {
    let mut out = Vec::new();
    for first in 0..3 {
        let mut line = mancala::Line::new(rules.start());
        for ply in 0..6 {
            let children = line.children(rules);
            if children.is_empty() {
                break;
            }
            if children.len() >= 2 && ply >= 1 {
                out.push(*line.current());
            }
            let c = children[(first + ply) % children.len()];
            line.push(rules, c.mv, c.pos);
        }
    }
    out.dedup();
    out
}

/// Hand-worked, Kalah(2,1) (4 seeds; captures need a non-empty opposite house; a side that
/// runs out of seeds ends the game, the other side keeping its seeds), `1,1/1,0 0-1 S`, South
/// to move (`a` faces South's B, `b` faces A): A sows into B (`0,2/1,0 0-1 N`), North's a sows into b
/// (`0,2/0,1 0-1 S`; its opposite A is empty: no capture), South's B sows one into the store
/// and one into North's a (`0,0/1,1 1-1 N`): South's side is empty, North keeps 2: 1-3, -2.
/// B instead sows into the store (`1,0/1,0 1-1 S`, extra turn), A then sows into B, empty, whose
/// opposite a holds 1: South captures it and the seed sown, 3-1 with North's side empty: +2.
/// So the best move B is worth +2, A -2: the worst move loses 4 seeds.
#[test]
fn a_hand_worked_position() {
    let rules = kalah("kalah(houses=2,seeds=1)");
    let pos = rules.parse_position("1,1/1,0 0-1 S").unwrap();
    assert_eq!(
        negamax_values(&rules, &pos),
        vec![("A".to_string(), -2), ("B".to_string(), 2)]
    );
    register("worst-hand", Arc::new(WorstFactory));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("positions.txt");
    std::fs::write(&file, "# one position\n1,1/1,0 0-1 S  # B +2, A -2\n").unwrap();
    let r = analyze(AnalyzeRequest {
        positions: Some(file),
        ..AnalyzeRequest::new(
            "kalah(houses=2,seeds=1)",
            &["python(name=worst-hand)", "greedy"],
        )
    });
    assert_eq!((r.positions, r.valued, r.unvalued, r.forced), (1, 1, 0, 0));
    let worst = &r.agents[0];
    assert_eq!((worst.all.moves, worst.all.optimal), (1, 0));
    assert_eq!(worst.all.mean_loss.value, 4.0);
    assert_eq!(worst.blunders[0].mv, "A");
    assert_eq!(worst.blunders[0].best, vec!["B"]);
    // Greedy: B gains a seed now, A nothing: it plays B.
    assert_eq!(
        (r.agents[1].all.optimal, r.agents[1].all.mean_loss.value),
        (1, 0.0)
    );
}

/// The planted worst player is never optimal, and its mean loss is the mean over the positions
/// of the best minus the worst move's value by negamax.
#[test]
fn a_planted_worst_agent_scores_zero_and_the_exact_mean_loss() {
    register("worst", Arc::new(WorstFactory));
    let rules = kalah(GAME);
    let positions: Vec<_> = some_positions(&rules)
        .into_iter()
        .filter(|p| {
            let v = negamax_values(&rules, p);
            v.iter().map(|x| x.1).max() != v.iter().map(|x| x.1).min()
        })
        .collect();
    assert!(positions.len() >= 5, "{}", positions.len());
    let expected: i32 = positions
        .iter()
        .map(|p| {
            let v = negamax_values(&rules, p);
            v.iter().map(|x| x.1).max().unwrap() - v.iter().map(|x| x.1).min().unwrap()
        })
        .sum();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("positions.txt");
    let text: Vec<String> = positions.iter().map(|p| rules.format_position(p)).collect();
    std::fs::write(&file, text.join("\n")).unwrap();
    let r = analyze(AnalyzeRequest {
        positions: Some(file),
        threads: Threads::new(2).unwrap(),
        ..AnalyzeRequest::new(GAME, &["python(name=worst)"])
    });
    let a = &r.agents[0];
    assert_eq!(a.all.moves, positions.len());
    assert_eq!(a.all.optimal, 0);
    assert_eq!(a.all.optimal_share.value, 0.0);
    assert_eq!(a.blunders_total, positions.len());
    let mean = f64::from(expected) / positions.len() as f64;
    assert!((a.all.mean_loss.value - mean).abs() < 1e-12, "{a:?} {mean}");
    assert!(a.all.mean_loss.low <= mean && mean <= a.all.mean_loss.high);
}

/// Perfect play from the databases is optimal at every sampled position; the same job gives
/// the same report on one thread and on two; the greedy agent's losses agree with negamax.
#[test]
fn a_perfect_agent_and_a_sample_that_does_not_depend_on_threads() {
    let (_root, db) = built(GAME, "12");
    let request = |threads| AnalyzeRequest {
        sample: Some(30),
        plies: Some("2-12".into()),
        seed: 5,
        egdb: Some(db.clone().into()),
        threads: Threads::new(threads).unwrap(),
        ..AnalyzeRequest::new(GAME, &[&format!("egdb(dir={db})"), "greedy", "random"])
    };
    let one = analyze(request(1));
    let two = analyze(request(2));
    assert_eq!(one, two);
    assert_eq!(one.valued, 30);
    let perfect = &one.agents[0];
    assert_eq!((perfect.all.moves, perfect.all.optimal), (30, 30));
    assert_eq!(perfect.all.mean_loss.value, 0.0);
    assert_eq!(perfect.all.optimal_share.high, 1.0);
    // Every blunder listed is the position's best minus the move's value by negamax.
    let rules = kalah(GAME);
    for b in one.agents[1].blunders.iter().chain(&one.agents[2].blunders) {
        let pos = rules.parse_position(&b.position).unwrap();
        let v = negamax_values(&rules, &pos);
        let best = v.iter().map(|x| x.1).max().unwrap();
        let played = v.iter().find(|x| x.0 == b.mv).unwrap().1;
        assert_eq!(b.loss, best - played, "{b:?}");
    }
}

/// `seeds = "LO-HI"` samples only positions holding that many seeds on the board (counted here
/// from each blunder's position text), and the phases span LO to HI; a range outside the game's
/// seeds is refused by name.
#[test]
fn a_sample_within_a_range_of_seeds() {
    let game = "kalah(houses=3,seeds=3)";
    let report = analyze(AnalyzeRequest {
        sample: Some(20),
        seeds: Some("6-9".into()),
        phases: 2,
        ..AnalyzeRequest::new(game, &["random"])
    });
    assert_eq!(report.valued + report.unvalued, 20);
    let a = &report.agents[0];
    assert_eq!((a.all.seeds_low, a.all.seeds_high), (6, 9));
    let edges: Vec<(u32, u32)> = a
        .phases
        .iter()
        .map(|p| (p.seeds_low, p.seeds_high))
        .collect();
    assert_eq!(edges, [(6, 7), (8, 9)]);
    assert_eq!(a.phases.iter().map(|p| p.moves).sum::<usize>(), 20);
    assert!(!a.blunders.is_empty());
    for b in &a.blunders {
        let board = b.position.split(' ').next().unwrap();
        let seeds: u32 = board
            .split([',', '/'])
            .map(|n| n.parse::<u32>().unwrap())
            .sum();
        assert!((6..=9).contains(&seeds), "{b:?}");
    }
    fails_with(
        &[
            "analyze", game, "-a", "random", "--sample", "5", "--seeds", "6-19",
        ],
        "--seeds 6-19",
    );
    fails_with(
        &["analyze", game, "-a", "random", "--seeds", "6-9"],
        "--sample N",
    );
}

/// The moves of a finished match: each agent's losses, by negamax on every non-forced move of
/// the records.
#[test]
fn the_moves_of_a_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut arena = ArenaRequest::new(GAME, &["greedy", "random"]);
    arena.rounds = Some(3);
    arena.threads = Threads::new(2).unwrap();
    let request = Request::Match(arena);
    let files = RunFiles::new(&dir.path().join("tournaments"), "m", "test").unwrap();
    execute(&request, Some(&files), &()).unwrap();
    let jsonl = dir.path().join("tournaments/m.games.jsonl");
    let r = analyze(AnalyzeRequest {
        game: None,
        run: Some(jsonl.display().to_string()),
        ..AnalyzeRequest::new(GAME, &[])
    });
    // Negamax over the records.
    let rules = kalah(GAME);
    let mut losses = [(0usize, 0i32); 2];
    let text = std::fs::read_to_string(&jsonl).unwrap();
    for line in text.lines() {
        let g: serde_json::Value = serde_json::from_str(line).unwrap();
        let mut l = mancala::Line::new(rules.start());
        for m in g["opening"].as_array().unwrap() {
            l.play_text(&rules, m.as_str().unwrap()).unwrap();
        }
        for m in g["moves"].as_array().unwrap() {
            let m = m.as_str().unwrap();
            let pos = *l.current();
            let v = negamax_values(&rules, &pos);
            if v.len() >= 2 {
                let agent = if rules.side_to_move(&pos) == mancala::Side::South {
                    g["south"].as_u64().unwrap()
                } else {
                    g["north"].as_u64().unwrap()
                } as usize;
                let best = v.iter().map(|x| x.1).max().unwrap();
                losses[agent].0 += 1;
                losses[agent].1 += best - v.iter().find(|x| x.0 == m).unwrap().1;
            }
            l.play_text(&rules, m).unwrap();
        }
    }
    assert_eq!(r.unvalued, 0);
    for (a, (moves, lost)) in losses.iter().enumerate() {
        let acc = &r.agents[a].all;
        assert_eq!(acc.moves, *moves, "agent {a}");
        let total = acc.mean_loss.value * acc.moves as f64;
        assert!(
            (total - f64::from(*lost)).abs() < 1e-9,
            "agent {a}: {total} {lost}"
        );
    }
    assert!(r.agents[1].blunders_total > 0, "random blunders");
}

/// Bad input exits 2 naming the token, and leaves no result file.
#[test]
fn bad_input_is_named_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_str().unwrap();
    let out = ["--out", "x", "--results", root];
    let with = |args: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        v.extend(out.iter().map(|s| s.to_string()));
        v
    };
    let check = |args: &[&str], needle: &str| {
        let args = with(args);
        let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        fails_with(&args, needle);
        assert!(
            !dir.path().join("analysis/x.json").exists()
                && !dir.path().join("analysis/x.md").exists(),
            "{args:?} wrote results"
        );
    };
    check(
        &["analyze", GAME, "--agent", "gredy", "--sample", "3"],
        "gredy",
    );
    let file = dir.path().join("p.txt");
    std::fs::write(&file, "2,2,2/2,2,2 0-0 S\n2,2,2/2,2 0-0 S\n").unwrap();
    let f = file.to_str().unwrap();
    check(
        &["analyze", GAME, "--agent", "greedy", "--positions", f],
        "p.txt line 2",
    );
    let (_other, db) = built("kalah(houses=2,seeds=1)", "4");
    check(
        &[
            "analyze", GAME, "--agent", "greedy", "--sample", "3", "--egdb", &db,
        ],
        &db,
    );
    let agent = format!("egdb(dir={db})");
    check(
        &["analyze", GAME, "--agent", &agent, "--sample", "3"],
        "egdb(dir=",
    );
    check(
        &["analyze", GAME, "--agent", "human", "--sample", "3"],
        "human",
    );
    let bogus = dir.path().join("junk.games.jsonl");
    std::fs::write(&bogus, "not a record\n").unwrap();
    check(
        &["analyze", bogus.to_str().unwrap()],
        "junk.games.jsonl line 1",
    );
    check(&["analyze", "no-such-run-or-game"], "no-such-run-or-game");
    // And a good run writes the whole set.
    let v = json(
        &with(&[
            "analyze", GAME, "--agent", "greedy", "--sample", "4", "--plies", "2-9", "--json",
        ])
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>(),
    );
    assert_eq!(v["valued"], 4);
    for ext in ["md", "csv", "json"] {
        assert!(
            dir.path().join(format!("analysis/x.{ext}")).exists(),
            "{ext}"
        );
    }
    let out = mancala(&[
        "analyze", GAME, "--agent", "random", "--sample", "2", "--plies", "9-3",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// A job file of kind `analyze` writes results/analysis/NAME.*; a bad value is named by its key
/// and line.
#[test]
fn an_analyze_job_file() {
    let dir = tempfile::tempdir().unwrap();
    let job = dir.path().join("acc.toml");
    let text = format!(
        "kind = \"analyze\"\ngame = \"{GAME}\"\nagents = [\"greedy\"]\nsample = 5\nplies = \"2-9\"\n"
    );
    std::fs::write(&job, &text).unwrap();
    let results = dir.path().join("r");
    let out = mancala(&[
        "run",
        job.to_str().unwrap(),
        "--results",
        results.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(results.join("analysis/acc.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["kind"], "analyze");
    assert_eq!(manifest["result"]["valued"], 5);
    std::fs::write(&job, text.replace("\"2-9\"", "\"9-2\"")).unwrap();
    fails_with(&["run", job.to_str().unwrap()], "line 5");
    fails_with(&["run", job.to_str().unwrap()], "`plies` 9-2");
}
