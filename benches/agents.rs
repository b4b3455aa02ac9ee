//! Criterion benchmarks of the agents' inner loops: one random playout from the start position
//! and one MCTS simulation (measured as searches of 1,000 simulations from the start), for
//! Kalah(6,4) and Oware. Each bench checks what it computes (a playout's result is a valid
//! half-point count; a search returns one root child per legal move with 1,000 visits in all).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mancala::agents::mcts::{rollout, MctsAgent};
use mancala::agents::{rng, AgentSpec, Rollout};
use mancala::{GameJob, GameSpec, Rules};

struct Bench<'a>(&'a mut Criterion, &'static str);

impl GameJob for Bench<'_> {
    type Output = ();

    fn run<R: Rules>(self, rules: R) {
        let (c, name) = (self.0, self.1);
        let start = rules.start();
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(1));
        let mut r = rng(1);
        group.bench_function("random playout", |b| {
            b.iter(|| {
                let (points, plies) = rollout(&rules, &start, Rollout::Random, &mut r);
                assert!(points <= 2 && plies > 0);
                points
            })
        });
        let config = match "mcts(iterations=1000,c=2,solver=false)".parse::<AgentSpec>() {
            Ok(AgentSpec::Mcts(c)) => c,
            _ => unreachable!("a valid agent string"),
        };
        let mut agent = MctsAgent::<R>::new(config, 1);
        group.throughput(Throughput::Elements(1000));
        group.bench_function("mcts simulation (search of 1000)", |b| {
            b.iter(|| {
                let children = agent.think(&rules, &start, &mancala::agents::Clock::default());
                assert_eq!(children.iter().map(|c| c.visits).sum::<u64>(), 1000);
                children.len()
            })
        });
        group.finish();
    }
}

fn benches(c: &mut Criterion) {
    for (name, game) in [("kalah", "kalah"), ("oware", "oware")] {
        let spec: GameSpec = game.parse().expect("a valid game string");
        mancala::dispatch(&spec, Bench(c, name));
    }
}

criterion_group!(agents, benches);
criterion_main!(agents);
