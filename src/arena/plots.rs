//! The SVG plots runs write beside their tables (`NAME.svg`, drawn with plotters): a series'
//! score against the budget, a tournament's ratings with their intervals, a match's SPRT
//! log-likelihood ratio against the games with its bounds; and the value histograms of
//! `egdb stats` ([`value_histograms`]). Shown by `mancala serve` with the run.

use super::report::{MatchSummary, TournamentSummary};
use super::stats::SprtParams;
use plotters::prelude::*;

/// Width and height of every plot, pixels.
const SIZE: (u32, u32) = (720, 480);

/// A win-rate-versus-budget plot: score with its 95% interval (from the Elo interval) against
/// the budget on a logarithmic axis, as SVG; `template` is the agent string with `{}` where the
/// budget of key `key` goes, `points` each budget's match summary.
pub(super) fn series_plot(
    template: &str,
    key: &str,
    opponent: &str,
    points: &[(u64, MatchSummary)],
) -> String {
    use plotters::prelude::*;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 480)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let lo = points.iter().map(|p| p.0).min().unwrap_or(1).max(1) as f64;
        let hi = points.iter().map(|p| p.0).max().unwrap_or(10).max(2) as f64;
        let chart = ChartBuilder::on(&root)
            .caption(format!("{template} against {opponent}"), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((lo / 1.5..hi * 1.5).log_scale(), 0.0..1.0f64);
        if let Ok(mut chart) = chart {
            let _ = chart
                .configure_mesh()
                .x_desc(key)
                .x_label_formatter(&|x| format!("{}", x.round() as u64))
                .y_desc("score (points per game)")
                .draw();
            let score_of = super::stats::score_from_elo;
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

/// A tournament's Bradley–Terry ratings (Elo scale, the first agent at 0) with their 95%
/// intervals, best at the top; `None` when the tournament has no ratings. With an agent that
/// won or lost everything the ratings are the ones with BayesElo's prior (as the table says).
pub(super) fn ratings_plot(summary: &TournamentSummary) -> Option<String> {
    let (ratings, prior) = match (&summary.prior_ratings, &summary.ratings) {
        (Some(p), _) => (p, true),
        (None, Ok(r)) => (r, false),
        (None, Err(_)) => return None,
    };
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[b].value.total_cmp(&ratings[a].value));
    let finite: Vec<f64> = ratings
        .iter()
        .flat_map(|e| [e.value, e.low, e.high])
        .filter(|v| v.is_finite())
        .collect();
    if finite.is_empty() {
        return None;
    }
    let lo = finite.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = finite.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.08).max(10.0);
    let (lo, hi) = (lo - pad, hi + pad);
    let clip = |v: f64| if v.is_nan() { v } else { v.clamp(lo, hi) };
    let n = order.len();
    let name_width = summary
        .agents
        .iter()
        .map(|a| a.chars().count())
        .max()
        .unwrap_or(8)
        .min(40) as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (SIZE.0, SIZE.1.max(60 + 36 * n as u32)))
            .into_drawing_area();
        let _ = root.fill(&WHITE);
        let caption = if prior {
            "ratings (Elo, 95% intervals; BayesElo prior)"
        } else {
            "ratings (Elo, 95% intervals)"
        };
        let chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(20 + 7 * name_width)
            .build_cartesian_2d(lo..hi, -0.5..n as f64 - 0.5);
        if let Ok(mut chart) = chart {
            // Row k from the top holds agent order[k].
            let row = |k: usize| (n - 1 - k) as f64;
            let label = |y: &f64| {
                let k = n as f64 - 1.0 - y.round();
                if (y - y.round()).abs() > 1e-9 || k < 0.0 {
                    return String::new();
                }
                order
                    .get(k as usize)
                    .map(|&a| summary.agents[a].chars().take(40).collect())
                    .unwrap_or_default()
            };
            let _ = chart
                .configure_mesh()
                .x_desc("Elo (first agent at 0)")
                .x_label_formatter(&|x| format!("{x:+.0}"))
                .y_labels(n)
                .y_label_formatter(&label)
                .disable_y_mesh()
                .draw();
            let _ = chart.draw_series(order.iter().enumerate().map(|(k, &a)| {
                let e = &ratings[a];
                ErrorBar::new_horizontal(
                    row(k),
                    clip(e.low),
                    clip(e.value),
                    clip(e.high),
                    BLUE.filled(),
                    10,
                )
            }));
            let _ =
                chart.draw_series(order.iter().enumerate().map(|(k, &a)| {
                    Circle::new((clip(ratings[a].value), row(k)), 4, BLUE.filled())
                }));
        }
        let _ = root.present();
    }
    Some(svg)
}

/// A match's SPRT: the log-likelihood ratio after each complete pair (`llr`: games counted and
/// the ratio) against the games, with the two stopping bounds `lower` and `upper`.
pub(super) fn sprt_plot(params: &SprtParams, llr: &[(u64, f64)], lower: f64, upper: f64) -> String {
    let games = llr.last().map_or(2, |p| p.0).max(2) as f64;
    let values = llr.iter().map(|p| p.1).chain([lower, upper]);
    let lo = values.clone().fold(f64::INFINITY, f64::min);
    let hi = values.fold(f64::NEG_INFINITY, f64::max);
    let pad = (hi - lo) * 0.08;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let _ = root.fill(&WHITE);
        let chart = ChartBuilder::on(&root)
            .caption(
                format!("SPRT {params}: log-likelihood ratio"),
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0.0..games, lo - pad..hi + pad);
        if let Ok(mut chart) = chart {
            let _ = chart
                .configure_mesh()
                .x_desc("games (counted in complete seat-swapped pairs)")
                .x_label_formatter(&|x| format!("{x:.0}"))
                .y_desc("LLR")
                .draw();
            let bounds = [
                (upper, GREEN, "upper bound: H1 accepted"),
                (lower, RED, "lower bound: H0 accepted"),
            ];
            for (bound, color, name) in bounds {
                if let Ok(series) = chart.draw_series(LineSeries::new(
                    [(0.0, bound), (games, bound)],
                    color.mix(0.7).stroke_width(2),
                )) {
                    series
                        .label(name)
                        .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], color));
                }
            }
            if let Ok(series) = chart.draw_series(LineSeries::new(
                std::iter::once((0.0, 0.0)).chain(llr.iter().map(|&(g, v)| (g as f64, v))),
                &BLUE,
            )) {
                series
                    .label("log-likelihood ratio")
                    .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], BLUE));
            }
            let _ = chart
                .configure_series_labels()
                .position(SeriesLabelPosition::LowerRight)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK.mix(0.3))
                .draw();
        }
        let _ = root.present();
    }
    svg
}

/// The value histograms of an endgame database's layers, one line a layer: the share of the
/// layer's positions (`histogram`: `(value, positions)`, values from the mover's side, seeds)
/// at each value. Layers are `(seeds on the board, histogram)`; at most eight are drawn (the
/// largest ones, spread evenly) so that the lines stay readable.
pub fn value_histograms(database: &str, layers: &[(u32, &[(i32, u64)])]) -> String {
    let drawn: Vec<&(u32, &[(i32, u64)])> = {
        let with: Vec<_> = layers.iter().filter(|l| !l.1.is_empty()).collect();
        let step = with.len().div_ceil(8).max(1);
        // The last layer always, then every step-th before it.
        let mut picked: Vec<_> = with.iter().rev().step_by(step).copied().collect();
        picked.reverse();
        picked
    };
    let values = drawn.iter().flat_map(|l| l.1.iter().map(|p| p.0));
    let lo = values.clone().min().unwrap_or(-1).min(-1) as f64;
    let hi = values.max().unwrap_or(1).max(1) as f64;
    fn share(l: &[(i32, u64)]) -> Vec<(f64, f64)> {
        let total: u64 = l.iter().map(|p| p.1).sum();
        l.iter()
            .map(|&(v, c)| (v as f64, c as f64 / total.max(1) as f64))
            .collect()
    }
    let top = drawn
        .iter()
        .flat_map(|l| share(l.1).into_iter().map(|p| p.1))
        .fold(0.0, f64::max)
        .max(0.01);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let _ = root.fill(&WHITE);
        let chart = ChartBuilder::on(&root)
            .caption(format!("{database}: values by layer"), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(lo - 0.5..hi + 0.5, 0.0..top * 1.08);
        if let Ok(mut chart) = chart {
            let _ = chart
                .configure_mesh()
                .x_desc("value (seeds, mover's side)")
                .x_label_formatter(&|x| format!("{x:+.0}"))
                .y_desc("share of the layer's positions")
                .draw();
            for (k, &&(layer, hist)) in drawn.iter().enumerate() {
                let color = Palette99::pick(k).to_rgba();
                let points = share(hist);
                let _ =
                    chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())));
                if let Ok(series) =
                    chart.draw_series(LineSeries::new(points, color.stroke_width(2)))
                {
                    series
                        .label(format!("{layer} seeds"))
                        .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], color));
                }
            }
            let _ = chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK.mix(0.3))
                .draw();
        }
        let _ = root.present();
    }
    svg
}
