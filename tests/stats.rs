//! Tests of `mancala::stats` against values from independent sources: hand calculations,
//! Python's `math.erf`, published cutechess-cli / fastchess match reports, and the separate
//! Python implementations `scripts/sprt-reference.py` and `scripts/bt-reference.py`.

use mancala::arena::stats::{
    bradley_terry, elo_from_score, elo_pentanomial, elo_trinomial, erf, interval_method, los,
    mean_interval, nelo_pentanomial, score_from_elo, sprt, Estimate, IntervalMethod, Pentanomial,
    SprtParams, SprtVerdict, Wdl, Z95,
};

fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance
}

macro_rules! assert_close {
    ($actual:expr, $expected:expr, $tolerance:expr) => {{
        let (a, e, t) = ($actual, $expected, $tolerance);
        assert!(
            close(a, e, t),
            "{} = {a}, expected {e} ± {t}",
            stringify!($actual)
        );
    }};
}

fn wdl(wins: u64, draws: u64, losses: u64) -> Wdl {
    Wdl {
        wins,
        draws,
        losses,
    }
}

fn half_width(e: &Estimate) -> f64 {
    (e.high - e.low) / 2.0
}

// ---------------------------------------------------------------------------------------------
// Elo scale and erf
// ---------------------------------------------------------------------------------------------

#[test]
fn elo_from_score_known_values() {
    // By hand: -400 log10(1/0.6 - 1) = -400 log10(2/3) = 400 * 0.176091 = 70.437;
    // -400 log10(1/0.75 - 1) = 400 log10(3) = 400 * 0.477121 = 190.849.
    assert_close!(elo_from_score(0.6), 70.437, 0.01);
    assert_close!(elo_from_score(0.75), 190.85, 0.01);
    assert_close!(elo_from_score(0.4), -70.437, 0.01);
    assert_eq!(elo_from_score(0.5), 0.0);
    assert_eq!(elo_from_score(1.0), f64::INFINITY);
    assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    assert!(elo_from_score(1.5).is_nan());
    // 400 Elo is odds of 10 to 1: score 10/11.
    assert_close!(score_from_elo(400.0), 10.0 / 11.0, 1e-15);
    assert_eq!(score_from_elo(0.0), 0.5);
    for s in [0.01, 0.2, 0.5, 0.7, 0.99] {
        assert_close!(score_from_elo(elo_from_score(s)), s, 1e-14);
    }
}

#[test]
fn erf_matches_python() {
    // Reference values from Python 3.11: `python3 -c "import math; print(repr(math.erf(x)))"`.
    let reference = [
        (1e-10, 1.1283791670955126e-10_f64),
        (0.1, 0.1124629160182849),
        (0.5, 0.5204998778130465),
        (1.0, 0.8427007929497149),
        (1.5, 0.9661051464753108),
        (2.0, 0.9953222650189527),
        (2.4, 0.999311486103355),
        (2.5, 0.999593047982555),
        (2.6, 0.9997639655834707),
        (3.0, 0.9999779095030014),
        (4.0, 0.9999999845827421),
        (5.5, 0.9999999999999927),
        (-0.7, -0.6778011938374184),
    ];
    for (x, expected) in reference {
        let tolerance = 4.0 * f64::EPSILON * expected.abs();
        assert!(
            close(erf(x), expected, tolerance),
            "erf({x}) = {}, Python {expected}",
            erf(x)
        );
    }
    assert_eq!(erf(0.0), 0.0);
    assert_eq!(erf(10.0), 1.0);
    assert_eq!(erf(-10.0), -1.0);
    assert!(erf(f64::NAN).is_nan());
}

// ---------------------------------------------------------------------------------------------
// Wdl, Pentanomial
// ---------------------------------------------------------------------------------------------

#[test]
fn wdl_and_pentanomial_counting() {
    let mut w = Wdl::default();
    for r in [2, 2, 1, 0, 2] {
        w.add(r);
    }
    assert_eq!(w, wdl(3, 1, 1));
    assert_eq!(w.games(), 5);
    assert_close!(w.score(), 3.5 / 5.0, 1e-15);
    assert!(Wdl::default().score().is_nan());

    let mut p = Pentanomial::default();
    for r in [4, 2, 2, 1, 3, 0] {
        p.add(r);
    }
    assert_eq!(p, Pentanomial([1, 1, 2, 1, 1]));
    assert_eq!(p.pairs(), 6);
    // Half-points 4+2+2+1+3+0 = 12 over 6 pairs * 4 half-points per pair.
    assert_close!(p.score(), 0.5, 1e-15);

    let json = serde_json::to_string(&w).unwrap();
    assert_eq!(serde_json::from_str::<Wdl>(&json).unwrap(), w);
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(serde_json::from_str::<Pentanomial>(&json).unwrap(), p);
}

#[test]
#[should_panic]
fn wdl_rejects_three_half_points() {
    Wdl::default().add(3);
}

#[test]
#[should_panic]
fn pentanomial_rejects_five_half_points() {
    Pentanomial::default().add(5);
}

// ---------------------------------------------------------------------------------------------
// Elo intervals
// ---------------------------------------------------------------------------------------------

#[test]
fn trinomial_matches_cutechess_reports() {
    // cutechess-cli output quoted in archishou/MidnightChessEngine, changelog.md
    // ("Score of X vs Y: W - L - D"; "Elo difference: E +/- M, LOS: P %"), and
    // PS-Wizard/OopsMate archive/data/results/v16_lazysmp.md (the last one).
    let reports = [
        // (wins, losses, draws, elo, margin, los %)
        (449, 276, 275, 60.7, 18.5, 100.0),
        (382, 320, 298, 21.6, 18.1, 99.0),
        (372, 322, 306, 17.4, 17.9, 97.1),
        (382, 304, 314, 27.2, 17.9, 99.9),
        (435, 293, 272, 49.7, 18.5, 100.0),
        (99, 97, 104, 2.3, 31.8, 55.7),
    ];
    for (w, l, d, elo, margin, los_percent) in reports {
        let games = wdl(w, d, l);
        let e = elo_trinomial(&games);
        // Printed with one decimal: the true value is within 0.05.
        assert!(
            close(e.value, elo, 0.05),
            "{w}-{l}-{d}: elo {} vs {elo}",
            e.value
        );
        // cutechess's margin uses its approximate normal quantile (Winitzki's erfInv, 1.95716
        // instead of 1.95996), so it is 0.14% narrower than ours: allow for that too.
        assert!(
            close(half_width(&e), margin, 0.05 + 0.0015 * margin),
            "{w}-{l}-{d}: ± {} vs {margin}",
            half_width(&e)
        );
        assert!(e.low < e.value && e.value < e.high);
        assert!(
            close(100.0 * los(&games), los_percent, 0.05),
            "{w}-{l}-{d}: los {}",
            los(&games)
        );
    }
}

#[test]
fn trinomial_by_hand() {
    // 40 wins, 20 draws, 40 losses: mu = 0.5, variance = 0.4*0.25 + 0.2*0 + 0.4*0.25 = 0.2,
    // se = sqrt(0.2/100) = 0.0447214, mu ± 1.959964*se = 0.5 ± 0.0876523, so
    // high = -400 log10(1/0.5876523 - 1) = 400 log10(0.5876523/0.4123477) = 61.54 = -low.
    let e = elo_trinomial(&wdl(40, 20, 40));
    assert_eq!(e.value, 0.0);
    assert_close!(e.high, 61.54, 0.01);
    assert_close!(e.low, -e.high, 1e-9);

    // All wins or all losses: infinite; no games: NaN.
    let all_wins = elo_trinomial(&wdl(7, 0, 0));
    assert_eq!(
        (all_wins.value, all_wins.low, all_wins.high),
        (f64::INFINITY, f64::INFINITY, f64::INFINITY)
    );
    let all_losses = elo_trinomial(&wdl(0, 0, 7));
    assert_eq!(all_losses.value, f64::NEG_INFINITY);
    let none = elo_trinomial(&Wdl::default());
    assert!(none.value.is_nan() && none.low.is_nan() && none.high.is_nan());
    // An interval that crosses score 1 is clamped: its top is +inf.
    let nearly_all_wins = elo_trinomial(&wdl(9, 0, 1));
    assert_eq!(nearly_all_wins.high, f64::INFINITY);
    assert!(nearly_all_wins.low.is_finite() && nearly_all_wins.value.is_finite());
}

#[test]
fn pentanomial_matches_fastchess_reports() {
    // fastchess output quoted in Toudonou/zeno, docs/testing.md:
    // "Elo: E +/- M" and "Ptnml(0-2): [LL, LD, WL+DD, WD, WW]".
    let reports = [
        ([531, 1096, 2084, 1150, 663], 10.00, 5.16),
        ([97, 175, 581, 333, 605], 118.23, 10.75),
        ([4, 14, 58, 76, 91], 184.24, 28.56),
        ([224, 309, 874, 347, 246], 7.12, 8.57),
        ([82, 297, 528, 321, 154], 21.14, 9.71),
    ];
    for (counts, elo, margin) in reports {
        let e = elo_pentanomial(&Pentanomial(counts));
        assert!(
            close(e.value, elo, 0.005),
            "{counts:?}: elo {} vs {elo}",
            e.value
        );
        assert!(
            close(half_width(&e), margin, 0.005),
            "{counts:?}: ± {} vs {margin}",
            half_width(&e)
        );
    }
    assert!(elo_pentanomial(&Pentanomial::default()).value.is_nan());
}

#[test]
fn pentanomial_by_hand() {
    // Pairs [1, 2, 4, 2, 1]: mu = 0.5; variance of the per-game pair score
    // = (1*0.25 + 2*0.0625 + 4*0 + 2*0.0625 + 1*0.25)/10 = 0.075, se = sqrt(0.075/10) = 0.0866025,
    // half-width on the score scale 1.959964*0.0866025 = 0.169739; high = 400 log10(0.669739/0.330261)
    // = 122.82.
    let e = elo_pentanomial(&Pentanomial([1, 2, 4, 2, 1]));
    assert_eq!(e.value, 0.0);
    assert_close!(e.high, 122.82, 0.01);
    assert_close!(e.low, -e.high, 1e-9);
}

/// Elo and nElo with their intervals against the separate SciPy implementation
/// `scripts/elo-reference.py` (fastchess's formulas; at the boundary the Jeffreys posterior
/// from `scipy.stats.beta.ppf`): (pairs, method, [Elo, low, high], [nElo, low, high]).
#[test]
fn elo_and_nelo_match_the_scipy_reference() {
    use IntervalMethod::{Jeffreys, Normal};
    type Case = ([u64; 5], IntervalMethod, [f64; 3], [f64; 3]);
    #[rustfmt::skip]
    let cases: [Case; 10] = [
        ([531, 1096, 2084, 1150, 663], Normal, [10.003172, 4.842473, 15.168287], [12.560184, 6.081593, 19.038775]),
        ([4, 14, 58, 76, 91], Normal, [184.238876, 156.818521, 213.940982], [239.685306, 208.796277, 270.574335]),
        ([1, 2, 4, 2, 1], Normal, [0.0, -122.818424, 122.818424], [0.0, -152.267561, 152.267561]),
        ([0, 0, 0, 0, 10], Jeffreys, [645.113543, 351.717802, 1846.136320], [1085.206448, 873.654280, 1139.411514]),
        ([10, 0, 0, 0, 0], Jeffreys, [-645.113543, -1846.136320, -351.717802], [-1085.206448, -1139.411514, -873.654280]),
        ([0, 0, 0, 0, 1], Jeffreys, [279.588002, -120.533249, 1465.451711], [310.755835, -155.522501, 465.931536]),
        ([0, 0, 0, 0, 500], Jeffreys, [1320.498835, 1039.821344, 2523.598563], [7766.954374, 7735.720771, 7774.713695]),
        ([0, 0, 7, 0, 0], Jeffreys, [0.0, -182.673468, 182.673468], [0.0, -167.514684, 167.514684]),
        ([0, 0, 0, 3, 0], Jeffreys, [159.176003, -100.882543, 537.833159], [164.803169, -108.620895, 351.261135]),
        ([0, 0, 0, 1, 99], Jeffreys, [920.411998, 692.049690, 1559.030562], [2444.456883, 2378.779770, 2468.399225]),
    ];
    for (counts, method, elo, nelo) in cases {
        let p = Pentanomial(counts);
        assert_eq!(interval_method(&p), Some(method), "{counts:?}");
        for (name, e, want) in [
            ("elo", elo_pentanomial(&p), elo),
            ("nelo", nelo_pentanomial(&p), nelo),
        ] {
            for (got, want) in [(e.value, want[0]), (e.low, want[1]), (e.high, want[2])] {
                assert!(
                    close(got, want, 1e-4),
                    "{counts:?} {name}: {e:?} vs {want:?}"
                );
            }
        }
    }
    assert!(nelo_pentanomial(&Pentanomial::default()).value.is_nan());
    assert_eq!(interval_method(&Pentanomial::default()), None);
}

#[test]
fn nelo_matches_fastchess_reports() {
    // fastchess output quoted in Toudonou/zeno, docs/testing.md: "nElo: E +/- M" beside
    // "Ptnml(0-2): [LL, LD, WL+DD, WD, WW]".
    let reports = [
        ([531, 1096, 2084, 1150, 663], 12.56, 6.48),
        ([97, 175, 581, 333, 605], 135.06, 11.38),
        ([4, 14, 58, 76, 91], 239.69, 30.89),
        ([224, 309, 874, 347, 246], 8.95, 10.77),
        ([82, 297, 528, 321, 154], 28.28, 12.95),
        ([132, 240, 2021, 1666, 5941], 334.40, 4.82),
    ];
    for (counts, nelo, margin) in reports {
        let e = nelo_pentanomial(&Pentanomial(counts));
        assert!(
            close(e.value, nelo, 0.005),
            "{counts:?}: nElo {} vs {nelo}",
            e.value
        );
        assert!(
            close(half_width(&e), margin, 0.005),
            "{counts:?}: ± {} vs {margin}",
            half_width(&e)
        );
    }
}

#[test]
fn perfect_scores_give_finite_intervals_that_shrink_with_games() {
    // 100% over 5, 50 and 500 pairs: finite, the lower bound rising with the games.
    let lows: Vec<f64> = [5, 50, 500]
        .iter()
        .map(|&n| {
            let e = elo_pentanomial(&Pentanomial([0, 0, 0, 0, n]));
            assert!(e.value.is_finite() && e.low.is_finite() && e.high.is_finite());
            assert!(e.low < e.value && e.value < e.high);
            e.low
        })
        .collect();
    assert!(lows[0] < lows[1] && lows[1] < lows[2], "{lows:?}");
}

#[test]
fn interval_shrinks_like_one_over_sqrt_n() {
    // Same score, four times the games: half the width (the Elo mapping is nearly linear here).
    let small = elo_trinomial(&wdl(300, 400, 300 - 60));
    let large = elo_trinomial(&wdl(1200, 1600, 1200 - 240));
    assert_close!(small.value, large.value, 1e-9);
    let ratio = (small.high - small.low) / (large.high - large.low);
    assert!(close(ratio, 2.0, 0.02), "trinomial width ratio {ratio}");

    let small = elo_pentanomial(&Pentanomial([20, 60, 100, 70, 30]));
    let large = elo_pentanomial(&Pentanomial([80, 240, 400, 280, 120]));
    assert_close!(small.value, large.value, 1e-9);
    let ratio = (small.high - small.low) / (large.high - large.low);
    assert!(close(ratio, 2.0, 0.02), "pentanomial width ratio {ratio}");
}

#[test]
fn los_matches_python_erf() {
    // Reference: Python 3.11, `0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l))))`.
    let reference = [
        (10, 0, 0.9992172988709987),
        (0, 10, 0.0007827011290012509),
        (30, 20, 0.9213503964748575),
        (7, 3, 0.8970483946339658),
        (5, 5, 0.5),
        (1, 0, 0.8413447460685429), // Phi(1)
    ];
    for (w, l, expected) in reference {
        // Draws do not change the LOS.
        for d in [0, 13] {
            let p = los(&wdl(w, d, l));
            assert!(
                close(p, expected, 1e-14),
                "los({w}, {d}, {l}) = {p}, Python {expected}"
            );
        }
    }
    assert_eq!(los(&wdl(0, 12, 0)), 0.5);
    assert_eq!(los(&Wdl::default()), 0.5);
}

#[test]
fn mean_interval_cases() {
    let empty = mean_interval(&[]);
    assert!(empty.value.is_nan() && empty.low.is_nan() && empty.high.is_nan());
    assert_eq!(
        mean_interval(&[3.5]),
        Estimate {
            value: 3.5,
            low: 3.5,
            high: 3.5
        }
    );
    // [1, 2, 3, 4]: mean 2.5, sample variance (2.25+0.25+0.25+2.25)/3 = 5/3,
    // se = sqrt(5/3/4) = 0.6454972, half-width 1.959964*0.6454972 = 1.2651515.
    let e = mean_interval(&[1.0, 2.0, 3.0, 4.0]);
    assert_close!(e.value, 2.5, 1e-15);
    assert_close!(e.high - e.value, 1.2651515, 1e-6);
    assert_close!(e.value - e.low, 1.2651515, 1e-6);
    assert_close!(Z95, 1.959963984540054, 0.0);
}

// ---------------------------------------------------------------------------------------------
// SPRT
// ---------------------------------------------------------------------------------------------

fn params(elo0: f64, elo1: f64) -> SprtParams {
    SprtParams {
        elo0,
        elo1,
        alpha: 0.05,
        beta: 0.05,
    }
}

#[test]
fn sprt_llr_matches_python_reference() {
    // `python3 scripts/sprt-reference.py` (an independent Python implementation of fastchess's
    // logistic pentanomial GSPRT: damped Newton on the dual instead of bisection) prints:
    //   [10, 50, 100, 60, 15] elo0=0.0 elo1=10.0: llr=0.8557373134443151
    //   [100, 500, 1000, 600, 150] elo0=0.0 elo1=10.0: llr=8.557373134443152
    //   [5, 30, 80, 28, 4] elo0=-5.0 elo1=5.0: llr=-0.3597965328917202
    //   [0, 3, 7, 9, 2] elo0=0.0 elo1=20.0: llr=1.1672664966153046
    //   [0, 0, 0, 0, 50] elo0=0.0 elo1=10.0: llr=1.418463905382968
    let reference = [
        ([10, 50, 100, 60, 15], 0.0, 10.0, 0.8557373134443151),
        ([100, 500, 1000, 600, 150], 0.0, 10.0, 8.557373134443152),
        ([5, 30, 80, 28, 4], -5.0, 5.0, -0.3597965328917202),
        ([0, 3, 7, 9, 2], 0.0, 20.0, 1.1672664966153046),
        ([0, 0, 0, 0, 50], 0.0, 10.0, 1.418463905382968),
    ];
    for (counts, elo0, elo1, expected) in reference {
        let state = sprt(&Pentanomial(counts), &params(elo0, elo1));
        assert!(
            close(state.llr, expected, 1e-9 * expected.abs().max(1.0)),
            "{counts:?} [{elo0}, {elo1}]: llr {} vs Python {expected}",
            state.llr
        );
    }
    // Bounds: ln(0.05/0.95) and ln(0.95/0.05) = ±2.94443897916644.
    let state = sprt(&Pentanomial([10, 50, 100, 60, 15]), &params(0.0, 10.0));
    assert_close!(state.lower, -2.94443897916644, 1e-12);
    assert_close!(state.upper, 2.94443897916644, 1e-12);
    assert_eq!(state.verdict, SprtVerdict::Continue);
    // 8.56 pairs-worth more evidence: accepted.
    let state = sprt(&Pentanomial([100, 500, 1000, 600, 150]), &params(0.0, 10.0));
    assert_eq!(state.verdict, SprtVerdict::AcceptH1);
}

#[test]
fn sprt_agrees_with_mean_variance_approximation() {
    // Van den Bergh's GSPRT approximation LLR ≈ N (s1 - s0)(2 mu - s0 - s1) / (2 var) (also
    // printed by scripts/sprt-reference.py: 8.594922567705128 for this vector) is within 1%
    // of the exact value when no bin is empty.
    let state = sprt(&Pentanomial([100, 500, 1000, 600, 150]), &params(0.0, 10.0));
    assert!(
        close(state.llr, 8.594922567705128, 0.01 * 8.6),
        "llr {}",
        state.llr
    );
}

/// Feeds the same pair result repeatedly; returns the number of pairs when the test stops.
fn pairs_until_verdict(result: u8, p: &SprtParams) -> (u64, SprtVerdict) {
    let mut counts = Pentanomial::default();
    let mut last_llr = 0.0;
    for n in 1..=100_000 {
        counts.add(result);
        let state = sprt(&counts, p);
        assert!(state.llr.is_finite(), "llr {} after {n} pairs", state.llr);
        // Each identical pair moves the LLR further in the same direction.
        assert!(if result >= 2 {
            state.llr > last_llr
        } else {
            state.llr < last_llr
        });
        last_llr = state.llr;
        if state.verdict != SprtVerdict::Continue {
            return (n, state.verdict);
        }
    }
    panic!("no verdict after 100000 pairs of {result}");
}

#[test]
fn sprt_degenerate_streams_terminate() {
    let p = params(0.0, 10.0);
    let (n, verdict) = pairs_until_verdict(4, &p);
    assert_eq!(verdict, SprtVerdict::AcceptH1);
    assert!(n > 5, "only {n} won pairs");
    let (n, verdict) = pairs_until_verdict(0, &p);
    assert_eq!(verdict, SprtVerdict::AcceptH0);
    assert!(n > 5, "only {n} lost pairs");
    // Won-draw pairs too.
    assert_eq!(pairs_until_verdict(3, &p).1, SprtVerdict::AcceptH1);
    // No pairs: no evidence.
    let empty = sprt(&Pentanomial::default(), &p);
    assert_eq!((empty.llr, empty.verdict), (0.0, SprtVerdict::Continue));
}

#[test]
fn sprt_balanced_stream_continues_early() {
    let p = params(0.0, 10.0);
    let mut counts = Pentanomial::default();
    for result in [2, 4, 0, 1, 3, 2].iter().cycle().take(60) {
        counts.add(*result);
        let state = sprt(&counts, &p);
        assert_eq!(
            state.verdict,
            SprtVerdict::Continue,
            "{counts:?}: llr {}",
            state.llr
        );
        assert!(state.llr.is_finite());
    }
    // A long balanced stream is evidence for elo0 = 0 against elo1 = 10.
    let state = sprt(&Pentanomial([1000, 1000, 2000, 1000, 1000]), &p);
    assert_eq!(state.verdict, SprtVerdict::AcceptH0);
}

#[test]
fn sprt_params_parse() {
    let p: SprtParams = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap();
    assert_eq!(
        p,
        SprtParams {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05
        }
    );
    let p: SprtParams = " beta=0.1 , elo1=5,elo0=-2.5".parse().unwrap();
    assert_eq!(
        p,
        SprtParams {
            elo0: -2.5,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.1
        }
    );
    let round_trip: SprtParams = p.to_string().parse().unwrap();
    assert_eq!(round_trip, p);
}

#[test]
fn sprt_params_errors() {
    let cases = [
        ("elo0=0,elo2=10", "unknown SPRT key `elo2`"),
        ("elo0=0,elo1=10,alpha=1.5", "`alpha` must be in (0, 1)"),
        ("elo0=0,elo1=10,beta=0", "`beta` must be in (0, 1)"),
        (
            "elo0=0,elo1=10,alpha=0.6,beta=0.5",
            "alpha + beta must be less than 1",
        ),
        ("elo0=10,elo1=0", "elo1 must be greater than elo0"),
        ("elo0=5,elo1=5", "elo1 must be greater than elo0"),
        ("elo0=0", "missing SPRT key `elo1`"),
        ("elo1=3", "missing SPRT key `elo0`"),
        ("elo0=0,elo1=ten", "`elo1`: `ten` is not a number"),
        ("elo0=0,elo1=inf", "`elo1` must be a finite"),
        ("elo0=0,elo1=10,elo0=1", "`elo0` given twice"),
        ("elo0=0,elo1", "expected `key=value`"),
        ("", "expected `key=value`"),
    ];
    for (text, expected) in cases {
        let err = text.parse::<SprtParams>().unwrap_err();
        assert!(
            err.contains(expected),
            "{text:?}: error {err:?} does not contain {expected:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Bradley–Terry
// ---------------------------------------------------------------------------------------------

#[test]
fn bradley_terry_two_players_closed_form() {
    // Player 1 scored 7 of 20 against player 0: its MLE rating is elo_from_score(0.35), and the
    // Fisher information of its log-strength is n p (1 - p) = 20 * 0.35 * 0.65 = 4.55, so the
    // half-width is 1.959964 * (400 / ln 10) / sqrt(4.55).
    let r = bradley_terry(
        &[vec![0.0, 13.0], vec![7.0, 0.0]],
        &[vec![0, 20], vec![20, 0]],
    )
    .unwrap();
    assert_eq!(
        r[0],
        Estimate {
            value: 0.0,
            low: 0.0,
            high: 0.0
        }
    );
    assert_close!(r[1].value, elo_from_score(0.35), 1e-9);
    assert_close!(r[1].value, -107.5, 0.1);
    let expected_half = 1.959963984540054 * (400.0 / std::f64::consts::LN_10) / 4.55f64.sqrt();
    assert_close!(half_width(&r[1]), expected_half, 1e-9);
    assert_close!(r[1].high - r[1].value, expected_half, 1e-9);
}

#[test]
fn bradley_terry_three_players_matches_python_mm() {
    // `python3 scripts/bt-reference.py` (Hunter's MM iteration in plain Python) prints:
    //   player 0: elo=0.0 half_width=0.0
    //   player 1: elo=-59.98959343322592 half_width=122.49484274565921
    //   player 2: elo=42.235510821352044 half_width=122.11586088752551
    let points = vec![
        vec![0.0, 12.5, 8.0],
        vec![7.5, 0.0, 11.5],
        vec![12.0, 18.5, 0.0],
    ];
    let games = vec![vec![0, 20, 20], vec![20, 0, 30], vec![20, 30, 0]];
    let r = bradley_terry(&points, &games).unwrap();
    let expected = [
        (0.0, 0.0),
        (-59.98959343322592, 122.49484274565921),
        (42.235510821352044, 122.11586088752551),
    ];
    for (e, (value, half)) in r.iter().zip(expected) {
        assert_close!(e.value, value, 1e-6);
        assert_close!(half_width(e), half, 1e-6);
    }

    // Four players, player 3 never met player 0 (same script):
    //   4p player 1: elo=26.14246853293789 half_width=170.67460819881848
    //   4p player 2: elo=8.652103306988247 half_width=170.50213167949397
    //   4p player 3: elo=-35.14730473962188 half_width=216.77670788305667
    let points = vec![
        vec![0.0, 6.0, 3.5, 0.0],
        vec![4.0, 0.0, 5.0, 7.5],
        vec![6.5, 5.0, 0.0, 4.0],
        vec![0.0, 2.5, 6.0, 0.0],
    ];
    let games = vec![
        vec![0, 10, 10, 0],
        vec![10, 0, 10, 10],
        vec![10, 10, 0, 10],
        vec![0, 10, 10, 0],
    ];
    let r = bradley_terry(&points, &games).unwrap();
    let expected = [
        (0.0, 0.0),
        (26.14246853293789, 170.67460819881848),
        (8.652103306988247, 170.50213167949397),
        (-35.14730473962188, 216.77670788305667),
    ];
    for (e, (value, half)) in r.iter().zip(expected) {
        assert_close!(e.value, value, 1e-6);
        assert_close!(half_width(e), half, 1e-6);
    }
}

#[test]
fn bradley_terry_unbounded_players() {
    // Player 2 won every game, player 3 lost every game: +inf and -inf; players 0 and 1 are
    // fitted on their own games (6.5 - 3.5), i.e. elo_from_score(0.35) for player 1.
    let points = vec![
        vec![0.0, 6.5, 0.0, 4.0],
        vec![3.5, 0.0, 0.0, 4.0],
        vec![4.0, 4.0, 0.0, 4.0],
        vec![0.0, 0.0, 0.0, 0.0],
    ];
    let games = vec![
        vec![0, 10, 4, 4],
        vec![10, 0, 4, 4],
        vec![4, 4, 0, 4],
        vec![4, 4, 4, 0],
    ];
    let r = bradley_terry(&points, &games).unwrap();
    assert_close!(r[1].value, elo_from_score(0.35), 1e-9);
    assert_eq!(
        (r[2].value, r[2].low, r[2].high),
        (f64::INFINITY, f64::INFINITY, f64::INFINITY)
    );
    assert_eq!(
        (r[3].value, r[3].low, r[3].high),
        (f64::NEG_INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY)
    );

    // Players 0 and 2 both beat player 1 every time but never met: player 1 is -inf and player
    // 2's rating relative to player 0 is undetermined.
    let points = vec![
        vec![0.0, 3.0, 0.0],
        vec![0.0, 0.0, 0.0],
        vec![0.0, 3.0, 0.0],
    ];
    let games = vec![vec![0, 3, 0], vec![3, 0, 3], vec![0, 3, 0]];
    let r = bradley_terry(&points, &games).unwrap();
    assert_eq!(
        r[0],
        Estimate {
            value: 0.0,
            low: 0.0,
            high: 0.0
        }
    );
    assert_eq!(r[1].value, f64::NEG_INFINITY);
    assert!(r[2].value.is_nan() && r[2].low == f64::NEG_INFINITY && r[2].high == f64::INFINITY);

    // Only draws: equal.
    let r = bradley_terry(
        &[vec![0.0, 5.0], vec![5.0, 0.0]],
        &[vec![0, 10], vec![10, 0]],
    )
    .unwrap();
    assert_close!(r[1].value, 0.0, 1e-12);
}

#[test]
fn bradley_terry_errors_and_trivial_cases() {
    // Player 2 never played anyone connected to player 0.
    let points = vec![
        vec![0.0, 1.0, 0.0],
        vec![1.0, 0.0, 0.0],
        vec![0.0, 0.0, 0.0],
    ];
    let games = vec![vec![0, 2, 0], vec![2, 0, 0], vec![0, 0, 0]];
    let err = bradley_terry(&points, &games).unwrap_err();
    assert!(err.contains("player 2"), "{err}");

    // Points that do not add up to the games played.
    let err =
        bradley_terry(&[vec![0.0, 3.0], vec![3.0, 0.0]], &[vec![0, 4], vec![4, 0]]).unwrap_err();
    assert!(err.contains("points[0][1]"), "{err}");
    // Asymmetric games, wrong shapes.
    assert!(bradley_terry(&[vec![0.0, 1.0], vec![1.0, 0.0]], &[vec![0, 2], vec![3, 0]]).is_err());
    assert!(bradley_terry(&[vec![0.0, 1.0]], &[vec![0, 2]]).is_err());
    assert!(bradley_terry(&[vec![0.0], vec![0.0]], &[vec![0], vec![0]]).is_err());

    assert_eq!(bradley_terry(&[], &[]).unwrap(), Vec::<Estimate>::new());
    assert_eq!(
        bradley_terry(&[vec![0.0]], &[vec![0]]).unwrap(),
        vec![Estimate {
            value: 0.0,
            low: 0.0,
            high: 0.0
        }]
    );
}
