//! Experiment (issue 31, results/analysis/awari-eval-features.md): would a richer linear
//! evaluation lower the error of Awari's fitted one? Held-out RMSE (seeds, of
//! `value - store_difference`, exact from the 0-28-seed databases in `databases/awari`) of four
//! feature sets fitted by least squares:
//! 0. the 15 features of `src/eval/fitted.rs` (what `search` plays with);
//! 1. those plus a house-count table: one weight per (house relative to the mover, 0..=12 seeds
//!    capped at 12), 156 more;
//! 2. the 15 tapered: each also times `seeds on the board / 48`;
//! 3. set 1 tapered.
//! Fitted on 20,000 positions drawn per layer LO..=28 (uniform over the database's entries,
//! every 5th held out), or with `PLAYFIT=1` on positions from play; measured also on 20,000
//! positions of 15-28 seeds from epsilon-greedy self-play (70% greedy by store gain, 30% random,
//! ChaCha8 seed 99), labelled from the databases.
//!
//!     cargo run --release --example awari-eval-features -- LO      # LO: first layer, e.g. 2 or 15
use mancala::egdb::Egdb;
use mancala::eval::fitted::{position_features, FeatureSet};
use mancala::rules::{Children, GameSpec, Oware, Rules};
use nalgebra::{DMatrix, DVector};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const CAP: usize = 12;

fn feats(rules: &Oware, pos: &<Oware as Rules>::Position, set: usize) -> Vec<f64> {
    let f = position_features(rules, pos, FeatureSet::TwoRow, 6);
    let base: Vec<f64> = f.iter().map(|&x| x as f64).collect();
    let seeds = (f[1] + f[2]) as f64;
    match set {
        0 => base,
        1 | 3 => {
            let mut obs = [0f32; 16];
            rules.observe(pos, &mut obs);
            let mut v = base.clone();
            let mut t = vec![0.0; 12 * (CAP + 1)];
            for i in 0..6 {
                let a = (obs[i] as usize).min(CAP);
                let b = (obs[8 + i] as usize).min(CAP);
                t[i * (CAP + 1) + a] += 1.0;
                t[(6 + i) * (CAP + 1) + b] += 1.0;
            }
            v.extend(t.iter());
            if set == 3 {
                let x = seeds / 48.0;
                let extra: Vec<f64> = v.iter().map(|y| y * x).collect();
                v.extend(extra);
            }
            v
        }
        2 => {
            let x = seeds / 48.0;
            let mut v = base.clone();
            v.extend(base.iter().map(|y| y * x));
            v
        }
        _ => unreachable!(),
    }
}

fn main() {
    let spec: GameSpec = "awari".parse().unwrap();
    let rules = Oware::new(spec.try_into().unwrap());
    let db = Egdb::open(std::path::Path::new("databases/awari"), &rules).unwrap();
    let index = db.index();
    let lo: u32 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(2);
    // The draw per layer, as `mancala eval fit` draws (another seed).
    let mut samples = Vec::new();
    for layer in lo..=28u32 {
        let size = index.layer_size(layer).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7 ^ (layer as u64 * 0x9e37_79b9));
        for _ in 0..20000.min(size) {
            let rank = ((rng.next_u64() as u128 * size as u128) >> 64) as u64;
            let pos = rules
                .egdb_position(index.unrank(layer, rank).unwrap())
                .unwrap();
            if rules.outcome(&pos).is_some() {
                continue;
            }
            samples.push((pos, db.entry(layer, rank) as f64));
        }
    }
    // Positions from play: epsilon-greedy self-play (70% greedy by store gain), 15-28 seeds.
    let mut play = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut ch = Children::<Oware>::new();
    while play.len() < 100000 {
        let mut pos = rules.start();
        for _ply in 0..200 {
            if rules.outcome(&pos).is_some() {
                break;
            }
            ch.clear();
            rules.children(&pos, &mut ch);
            let n = ch.len();
            let k = if rng.next_u64() % 10 < 7 {
                let mut best = 0;
                let mut bv = i32::MIN;
                for (j, c) in ch.iter().enumerate() {
                    let v = -rules.store_difference(&c.pos);
                    if v > bv {
                        bv = v;
                        best = j;
                    }
                }
                best
            } else {
                (rng.next_u64() % n as u64) as usize
            };
            pos = ch[k].pos.clone();
            let s = rules.board_seeds(&pos);
            if (15..=28).contains(&s) && rules.outcome(&pos).is_none() && rng.next_u64() % 4 == 0 {
                if let Some(v) = db.value(&rules, &pos) {
                    play.push((pos.clone(), (v - rules.store_difference(&pos)) as f64));
                }
            }
        }
    }
    for set in 0..4 {
        let d = feats(&rules, &samples[0].0, set).len();
        let mut ata = DMatrix::<f64>::zeros(d, d);
        let mut aty = DVector::<f64>::zeros(d);
        let mut held = Vec::new();
        let src: &Vec<(<Oware as Rules>::Position, f64)> = if std::env::var("PLAYFIT").is_ok() {
            &play
        } else {
            &samples
        };
        for (k, (pos, y)) in src.iter().enumerate() {
            let f = DVector::from_vec(feats(&rules, pos, set));
            if k % 5 == 0 {
                held.push((f, *y));
                continue;
            }
            ata += &f * f.transpose();
            aty += &f * *y;
        }
        let tr = ata.trace();
        for i in 0..d {
            ata[(i, i)] += 1e-6 * tr / d as f64;
        }
        let w = ata.cholesky().unwrap().solve(&aty);
        let rmse = |v: &Vec<(DVector<f64>, f64)>| {
            (v.iter()
                .map(|(f, y)| {
                    let e = f.dot(&w) - y;
                    e * e
                })
                .sum::<f64>()
                / v.len() as f64)
                .sqrt()
        };
        let playf: Vec<(DVector<f64>, f64)> = play
            .iter()
            .enumerate()
            .filter(|(k, _)| k % 5 == 0)
            .map(|(_, x)| x)
            .map(|(p, y)| (DVector::from_vec(feats(&rules, p, set)), *y))
            .collect();
        println!(
            "set {set}: dims {d}, held-out RMSE {:.3}, play RMSE {:.3} ({} play positions)",
            rmse(&held),
            rmse(&playf),
            playf.len()
        );
    }
}
