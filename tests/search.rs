//! The `search` agent and its depth-limited search (`search::heuristic`): at full depth it
//! finds the exact value and an optimal move (against plain `negamax`) on small boards of
//! several games, the repetition rule included; a root the databases cover takes their value;
//! fixed-work budgets are reproducible; bad agent strings name the key; `mancala engine`
//! serves it under the protocol's clocks.

mod common;
use common::*;
use mancala::agents::{AgentSpec, Clock, Resources};
use mancala::eval::{StoreDifference, SCALE};
use mancala::search::heuristic::{self, Context, Found, Limits, Scored};
use mancala::search::negamax;
use mancala::search::tt::Table;
use mancala::{Line, Rules, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The search with no limit (it stops when its root is proven) on `threads`, a small table.
fn full_depth<R: Rules>(
    rules: &R,
    line: &Line<R>,
    threads: usize,
    egdb: Option<&mancala::egdb::Egdb>,
) -> Found {
    let table = Table::<Scored>::growing(1, 4).unwrap();
    let cx = Context {
        rules,
        eval: &StoreDifference,
        table: &table,
        egdb,
        limits: Limits::default(),
        killers: false,
    };
    let mut history = line.repetition_window(rules).to_vec();
    history.push(*line.current());
    let order: Vec<usize> = (0..line.children(rules).len()).rev().collect();
    heuristic::search(&cx, &history, &order, threads).unwrap()
}

/// The exact value of each move of the line's position (from its mover's side), by negamax.
fn negamax_moves<R: Rules>(rules: &R, line: &Line<R>) -> Vec<i32> {
    let pos = line.current();
    let mut w = line.repetition_window(rules).to_vec();
    w.push(*pos);
    line.children(rules)
        .iter()
        .map(|c| {
            let v = if R::CAN_REPEAT && w.contains(&c.pos) {
                rules.store_difference(&c.pos) + rules.repetition_outcome(&c.pos).value()
            } else if rules.board_seeds(&c.pos) < rules.board_seeds(pos) {
                negamax(rules, &c.pos, &mut Vec::new())
            } else {
                negamax(rules, &c.pos, &mut w.clone())
            };
            if rules.side_to_move(&c.pos) == rules.side_to_move(pos) {
                v
            } else {
                -v
            }
        })
        .collect()
}

fn check<R: Rules>(rules: &R, seed: u64, cases: usize, max_seeds: u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut done = 0;
    while done < cases {
        let Some(line) = random_line(rules, &mut rng, max_seeds) else {
            continue;
        };
        let pos = line.current();
        let text = format!("{} {}", rules.spec(), rules.format_position(pos));
        let reference = negamax(rules, pos, &mut line.repetition_window(rules).to_vec());
        let moves = negamax_moves(rules, &line);
        assert_eq!(*moves.iter().max().unwrap(), reference, "{text}");
        for threads in [1, 2] {
            let found = full_depth(rules, &line, threads, None);
            assert!(found.proven, "{text}: not proven at depth {}", found.depth);
            assert_eq!(
                found.value,
                Some(reference * SCALE),
                "{text}, {threads} threads"
            );
            assert_eq!(moves[found.best], reference, "{text}: move {}", found.best);
        }
        done += 1;
    }
}

#[test]
fn full_depth_is_exact_in_kalah() {
    check(&kalah("kalah(houses=3,seeds=3)"), 1, 40, 14);
    check(&kalah("kalah(houses=4,seeds=2,end=mover-empty)"), 3, 30, 12);
    check(&kalah("kalah(houses=6,seeds=2)"), 4, 15, 10);
    let start = kalah("kalah(houses=3,seeds=2)");
    check_start(&start);
}

fn check_start<R: Rules>(rules: &R) {
    let line = Line::new(rules.start());
    let found = full_depth(rules, &line, 1, None);
    let exact = negamax(rules, &rules.start(), &mut Vec::new());
    assert_eq!(found.value, Some(exact * SCALE));
    assert_eq!(negamax_moves(rules, &line)[found.best], exact);
}

/// Oware and Awari: a move that repeats a position of the game is valued by the repetition
/// rule, as negamax values it.
#[test]
fn full_depth_is_exact_with_the_repetition_rule() {
    check(&oware("oware(houses=2,seeds=2)"), 5, 40, 6);
    check(&oware("awari(houses=2,seeds=2)"), 7, 30, 5);
    check(
        &oware("oware(houses=2,seeds=4,repetition=even-split)"),
        8,
        20,
        5,
    );
    check(&oware("oware(houses=3,seeds=1)"), 11, 30, 3);
}

/// A four-row game reduced to a few seeds.
#[test]
fn full_depth_is_exact_in_a_four_row_game() {
    let rules = omweso(&format!("omweso(start=2{})", ".0".repeat(15)));
    check(&rules, 21, 10, 4);
}

/// A root the databases cover is valued from them (with the databases the agent's search
/// stops at once: the root is proven), and the agent plays one of their best moves.
#[test]
fn a_covered_root_takes_the_database_value() {
    use mancala::egdb::{build, BuildOptions, Egdb};
    let rules = oware("awari(houses=3,seeds=2)");
    let dir = tempfile::tempdir().unwrap();
    let options = BuildOptions {
        max_seeds: 8,
        threads: mancala::core::Threads::new(1).unwrap(),
        memory_limit: 1 << 30,
        checkpoint_every: std::time::Duration::from_secs(600),
        partitioned: false,
    };
    build(&rules, dir.path(), &options, &(), |_| {}).unwrap();
    let db = Egdb::open(dir.path(), &rules).unwrap();
    let pos = rules.parse_position("1,0,1/0,1,1 4-4 S").unwrap();
    let line = Line::new(pos);
    let expected = negamax(&rules, &pos, &mut Vec::new());
    let found = full_depth(&rules, &line, 1, Some(&db));
    assert_eq!(found.value, Some(expected * SCALE));
    assert!(found.proven);
    // The agent: the database's value, a best move.
    let spec: AgentSpec = format!("search(depth=1,egdb={})", dir.path().display())
        .parse()
        .unwrap();
    let mut res = Resources::default();
    res.prepare(&spec, &rules).unwrap();
    let mut agent = res.build(&rules, &spec, 3);
    let choice = agent.choose(&rules, &line, &Clock::default()).unwrap();
    assert_eq!(
        choice.eval,
        Some(mancala::agents::Eval::Seeds(expected as f64))
    );
    let moves = negamax_moves(&rules, &line);
    let i = line
        .children(&rules)
        .iter()
        .position(|c| c.mv == choice.mv)
        .unwrap();
    assert_eq!(moves[i], expected);
    // A database of another game is refused, naming the agent.
    let other = kalah("kalah(houses=3,seeds=2)");
    let err = Resources::default()
        .prepare(&spec, &other)
        .unwrap_err()
        .to_string();
    assert!(err.contains("search("), "{err}");
}

/// The moves of a game between two agents, each built from `spec` with its own seed.
fn game_moves(spec: &str, seed: u64) -> Vec<String> {
    game_moves_in("kalah(houses=4,seeds=3)", spec, seed)
}

/// [`game_moves`] in the Kalah of game string `game`.
fn game_moves_in(game: &str, spec: &str, seed: u64) -> Vec<String> {
    let rules = kalah(game);
    let spec: AgentSpec = spec.parse().unwrap();
    let res = Resources::default();
    let mut agents = [
        res.build(&rules, &spec, seed),
        res.build(&rules, &spec, seed + 1),
    ];
    let mut line = Line::new(rules.start());
    let mut moves = Vec::new();
    while line.status(&rules) == Status::Ongoing {
        let side = rules.side_to_move(line.current()).index();
        let c = agents[side]
            .choose(&rules, &line, &Clock::default())
            .unwrap();
        moves.push(line.play(&rules, c.mv).unwrap());
    }
    moves
}

#[test]
fn eval_auto_is_the_fitted_evaluation_where_the_game_has_weights() {
    // Six-house Kalah has fitted weights (src/eval/weights/kalah.toml): `auto` plays as
    // `fitted`, and differently from `stores` in some game; four houses have none: `auto`
    // plays as `stores`.
    let six =
        |eval: &str, seed| game_moves_in("kalah", &format!("search(depth=3,eval={eval})"), seed);
    let seeds = 0..4;
    assert!(seeds.clone().all(|s| six("auto", s) == six("fitted", s)));
    assert!(seeds.clone().any(|s| six("auto", s) != six("stores", s)));
    let four = |eval: &str| game_moves(&format!("search(depth=3,eval={eval})"), 5);
    assert_eq!(four("auto"), four("stores"));
    assert_eq!(game_moves("search(depth=3)", 5), four("stores"));
}

#[test]
fn fixed_work_budgets_are_reproducible() {
    for spec in [
        "search(nodes=3000)",
        "search(depth=5)",
        "search(depth=6,nodes=2000)",
    ] {
        let a = game_moves(spec, 7);
        assert_eq!(a, game_moves(spec, 7), "{spec}");
        assert!(spec.parse::<AgentSpec>().unwrap().reproducible());
    }
    assert!(!"search(time=10)"
        .parse::<AgentSpec>()
        .unwrap()
        .reproducible());
    assert!(!"search(nodes=10,threads=2)"
        .parse::<AgentSpec>()
        .unwrap()
        .reproducible());
    // Different seeds break ties differently: some game differs.
    let games: Vec<_> = (0..6)
        .map(|s| game_moves("search(depth=2)", 10 * s))
        .collect();
    assert!(games.iter().any(|g| *g != games[0]));
}

#[test]
fn agent_strings_round_trip_and_errors_name_the_key() {
    let canon = |s: &str| s.parse::<AgentSpec>().unwrap().to_string();
    assert_eq!(canon("search"), "search(nodes=1000000)");
    assert_eq!(
        canon("search( eval=stores, depth=9, time=50, threads=2, tt-mb=16 )"),
        "search(time=50,depth=9,threads=2,tt-mb=16,eval=stores)"
    );
    // eval=auto is the default and so is not written.
    assert_eq!(canon("search(eval=auto)"), "search(nodes=1000000)");
    assert_eq!(
        canon("search(egdb=db/awari,nodes=5)"),
        "search(nodes=5,egdb=db/awari)"
    );
    let a: AgentSpec = "search(time=50,name=x)".parse().unwrap();
    assert_eq!(a.to_string().parse::<AgentSpec>().unwrap(), a);
    let e = |s: &str| s.parse::<AgentSpec>().unwrap_err().to_string();
    assert!(
        e("search(dept=3)").contains("`dept`"),
        "{}",
        e("search(dept=3)")
    );
    assert!(e("search(depth=0)").contains("depth=0"));
    assert!(e("search(depth=129)").contains("depth=129"));
    assert!(e("search(time=x)").contains("time=x"));
    assert!(e("search(threads=0)").contains("threads=0"));
    assert!(e("search(tt-mb=0)").contains("tt-mb=0"));
    assert!(e("search(eval=neural)").contains("eval=neural"));
    // The command line: exit 2 naming the key.
    let out = mancala(&[
        "match",
        "kalah",
        "-a",
        "search(nodez=5)",
        "-a",
        "random",
        "--rounds",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`nodez`"), "{err}");
}

/// `mancala engine --agent "search(time=...)"`: the protocol's clock drives the time manager.
/// With 300 ms left and no increment the share is 300/20 = 15 ms a move; the engine must answer
/// (with its depth, nodes and principal variation) well before the clock would run out: no
/// assertion on the time itself but that it stays below the time left.
#[test]
fn mancala_engine_serves_search_under_a_clock() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["engine", "--agent", "search(time=60000)"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut say = |line: &str| writeln!(stdin, "{line}").unwrap();
    let mut next = || {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    };
    say("mancala-engine");
    while next() != "mancalaok" {}
    say("newgame kalah");
    say("position startpos");
    let started = std::time::Instant::now();
    say("go stime 300 ntime 300 sinc 0 ninc 0");
    let info = next();
    let best = next();
    let took = started.elapsed();
    assert!(took < std::time::Duration::from_millis(300), "{took:?}");
    assert!(info.starts_with("info depth "), "{info}");
    assert!(
        info.contains(" score seeds ") && info.contains(" nodes "),
        "{info}"
    );
    assert!(info.contains(" pv "), "{info}");
    assert!(best.starts_with("bestmove "), "{best}");
    let time: u64 = info
        .split(" time ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(time < 300, "{info}");
    // `go depth` plays the agent at that depth.
    say("go depth 3");
    let info = next();
    assert!(info.starts_with("info depth 3 "), "{info}");
    assert!(next().starts_with("bestmove "));
    say("quit");
    assert!(child.wait().unwrap().success());
}
