//! Criterion benchmark of the database builder: one Awari layer (13 seeds, 2,496,144
//! positions) built on top of layers 0-12, in positions per second. The bench asserts the
//! layer's CRC-32, taken from the file the first (round-based, 2025) builder wrote for the same
//! layer, so a faster but wrong builder cannot pass.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mancala::egdb::{build, BuildOptions};
use mancala::Oware;
use std::time::Duration;

/// CRC-32 of the payload of Awari's layer 13 as the first builder wrote it.
const LAYER_13_CRC: u32 = 0x553f_7db8;

fn awari_layer(c: &mut Criterion) {
    let rules = Oware::new(
        "awari"
            .parse::<mancala::rules::GameSpec>()
            .unwrap()
            .try_into()
            .unwrap(),
    );
    let dir = tempfile::tempdir().unwrap();
    let options = |max_seeds| BuildOptions {
        max_seeds,
        threads: mancala::core::Threads::new(2).unwrap(),
        memory_limit: 1 << 32,
        checkpoint_every: Duration::from_secs(3600),
        partitioned: false,
    };
    build(&rules, dir.path(), &options(12), &(), |_| {}).unwrap();
    let layer = dir.path().join("layer-013.egdb");
    let mut group = c.benchmark_group("egdb");
    group.sample_size(10);
    group.throughput(Throughput::Elements(2_496_144));
    group.bench_function("awari layer 13 (2 threads)", |b| {
        b.iter(|| {
            let _ = std::fs::remove_file(&layer);
            build(&rules, dir.path(), &options(13), &(), |_| {}).unwrap();
            let bytes = std::fs::read(&layer).unwrap();
            assert_eq!(crc32fast::hash(&bytes[256..]), LAYER_13_CRC);
        })
    });
    group.finish();
}

criterion_group!(benches, awari_layer);
criterion_main!(benches);
