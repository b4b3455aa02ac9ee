//! Tables of a match or tournament from its game records: what cutechess-cli and fastchess
//! print, as text, Markdown, CSV rows and JSON.
//!
//! Scores and Elo are from the first agent's side (agent A) in a match; a win is 1 point, a draw
//! ½. Elo differences are logistic, with 95% intervals from the pentanomial variance of the pair
//! scores ([`super::stats::elo_pentanomial`]; at a 0% or 100% score, or wherever that interval
//! reaches either, the Jeffreys posterior keeps estimate and bounds finite), beside normalized
//! Elo ([`super::stats::nelo_pentanomial`]); tournament ratings are Bradley–Terry maximum
//! likelihood estimates on the Elo scale, the first agent anchored at 0.

use super::stats::{
    bradley_terry, elo_pentanomial, interval_method, los, mean_interval, nelo_pentanomial, sprt,
    Estimate, IntervalMethod, Pentanomial, SprtParams, SprtState, SprtVerdict, Wdl,
};
use super::{GameRecord, Termination};
use serde::Serialize;
use std::collections::BTreeMap;

/// Games ended by each termination reason.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Terminations {
    /// By the rules.
    pub normal: u64,
    /// By a repeated position.
    pub repetition: u64,
    /// Adjudicated at the ply cap (`max_plies`): scored as a repetition would be.
    pub ply_cap: u64,
    /// Adjudicated by the endgame databases (`adjudicate_egdb`).
    pub egdb: u64,
    /// Forfeits: crash, timeout, illegal move, bad reply.
    pub forfeits: [u64; 4],
}

impl Terminations {
    fn add(&mut self, t: Termination) {
        match t {
            Termination::Normal => self.normal += 1,
            Termination::Repetition => self.repetition += 1,
            Termination::PlyCap => self.ply_cap += 1,
            Termination::Egdb => self.egdb += 1,
            Termination::Crash => self.forfeits[0] += 1,
            Termination::Timeout => self.forfeits[1] += 1,
            Termination::IllegalMove => self.forfeits[2] += 1,
            Termination::BadReply => self.forfeits[3] += 1,
        }
    }

    /// `, N adjudicated by the databases` and `, N by forfeit (a crash, b timeout, ...)` for
    /// the games that ended so, else nothing.
    pub fn endings_text(&self) -> String {
        let egdb = if self.egdb > 0 {
            format!(", {} adjudicated by the databases", self.egdb)
        } else {
            String::new()
        };
        let total: u64 = self.forfeits.iter().sum();
        if total == 0 {
            return egdb;
        }
        let names = ["crash", "timeout", "illegal move", "bad reply"];
        let parts: Vec<String> = self
            .forfeits
            .iter()
            .zip(names)
            .filter(|(n, _)| **n > 0)
            .map(|(n, name)| format!("{n} {name}"))
            .collect();
        format!("{egdb}, {total} by forfeit ({})", parts.join(", "))
    }
}

/// The statistics of a match between agent A and agent B.
#[derive(Clone, Debug, Serialize)]
pub struct MatchSummary {
    /// Games counted.
    pub games: u64,
    /// A's wins, draws and losses.
    pub wdl: Wdl,
    /// A's mean points per game.
    pub score: f64,
    /// Elo difference A − B with 95% interval (pentanomial over complete pairs).
    pub elo: Estimate,
    /// Normalized Elo of A over B with 95% interval (fastchess's nElo).
    pub nelo: Estimate,
    /// How the intervals of `elo` and `nelo` were computed (`None` without complete pairs).
    pub interval: Option<IntervalMethod>,
    /// Likelihood of superiority of A.
    pub los: f64,
    /// Draws per game.
    pub draw_ratio: f64,
    /// Complete pairs by A's points in the pair: 0, ½, 1, 1½, 2.
    pub pentanomial: Pentanomial,
    /// A's final store minus B's, seeds, mean with 95% interval.
    pub margin: Estimate,
    /// South's (the first player's) mean points per game.
    pub first_player_score: f64,
    /// How the games ended.
    pub terminations: Terminations,
    /// The SPRT, when asked for.
    pub sprt: Option<SprtState>,
}

/// The number of records (a prefix in game order) an SPRT with `params` counts: all of them,
/// or those up to the pair at which it reached a verdict. `records` sorted by game; scores
/// from agent 0's side.
pub fn sprt_prefix(records: &[GameRecord], params: &SprtParams) -> usize {
    let mut p = Pentanomial::default();
    let mut i = 0;
    while i + 1 < records.len() {
        let (x, y) = (&records[i], &records[i + 1]);
        if x.pair != y.pair || x.game + 1 != y.game {
            break;
        }
        p.add(x.points_of(0) + y.points_of(0));
        i += 2;
        if sprt(&p, params).verdict != SprtVerdict::Continue {
            return i;
        }
    }
    records.len()
}

/// The statistics, from agent `a`'s side, of the games among `records` that agent `a` played
/// (against one opponent).
pub fn summarize_match(
    records: &[GameRecord],
    a: usize,
    params: Option<&SprtParams>,
) -> MatchSummary {
    summarize_pairing(records, a, None, params)
}

/// The statistics, from agent `a`'s side, of the games among `records` that agent `a` played
/// against agent `b` (any opponent when `None`).
pub fn summarize_pairing(
    records: &[GameRecord],
    a: usize,
    b: Option<usize>,
    params: Option<&SprtParams>,
) -> MatchSummary {
    let records: Vec<&GameRecord> = records
        .iter()
        .filter(|r| {
            let (s, n) = (r.south, r.north);
            (s == a && b.is_none_or(|b| n == b)) || (n == a && b.is_none_or(|b| s == b))
        })
        .collect();
    let mut wdl = Wdl::default();
    let mut terminations = Terminations::default();
    let mut margins = Vec::new();
    let mut first = 0u64;
    for r in &records {
        wdl.add(r.points_of(a));
        terminations.add(r.termination);
        margins.push(if r.south == a {
            r.margin()
        } else {
            -r.margin()
        } as f64);
        first += r.south_points() as u64;
    }
    // Pairs: (games seen, A's half-points) by pairing and pair number.
    let mut pairs: BTreeMap<(usize, usize, u64), (u8, u8)> = BTreeMap::new();
    for r in &records {
        let e = pairs
            .entry((r.south.min(r.north), r.south.max(r.north), r.pair))
            .or_default();
        e.0 += 1;
        e.1 += r.points_of(a);
    }
    let mut pentanomial = Pentanomial::default();
    for &(games, points) in pairs.values() {
        if games == 2 {
            pentanomial.add(points);
        }
    }
    let games = wdl.games();
    MatchSummary {
        games,
        wdl,
        score: wdl.score(),
        elo: elo_pentanomial(&pentanomial),
        nelo: nelo_pentanomial(&pentanomial),
        interval: interval_method(&pentanomial),
        los: los(&wdl),
        draw_ratio: wdl.draws as f64 / games.max(1) as f64,
        pentanomial,
        margin: mean_interval(&margins),
        first_player_score: first as f64 / (2.0 * games.max(1) as f64),
        terminations,
        sprt: params.map(|p| sprt(&pentanomial, p)),
    }
}

/// `x`, or 0 if it rounds to zero at `decimals` decimals: no "-0.0" in tables.
fn unsigned_zero(x: f64, decimals: usize) -> f64 {
    if (x * 10f64.powi(decimals as i32)).round() == 0.0 {
        0.0
    } else {
        x
    }
}

/// `+70.4`, `-inf`, `nan`.
pub fn fmt_signed(x: f64, decimals: usize) -> String {
    let x = unsigned_zero(x, decimals);
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.into()
    } else if x == 0.0 {
        format!("{:.decimals$}", 0.0)
    } else if x > 0.0 {
        format!("+{x:.decimals$}")
    } else {
        format!("{x:.decimals$}")
    }
}

/// `+70.4 [+20.1, +121.9]`.
pub fn fmt_estimate(e: &Estimate, decimals: usize) -> String {
    format!(
        "{} [{}, {}]",
        fmt_signed(e.value, decimals),
        fmt_signed(e.low, decimals),
        fmt_signed(e.high, decimals)
    )
}

fn fmt_sprt(s: &SprtState) -> String {
    let verdict = match s.verdict {
        SprtVerdict::AcceptH0 => "H0 accepted",
        SprtVerdict::AcceptH1 => "H1 accepted",
        SprtVerdict::Continue => "no verdict",
    };
    format!(
        "{verdict} (LLR {:.2}, bounds [{:.2}, {:.2}])",
        s.llr, s.lower, s.upper
    )
}

/// The CSV header of match rows (`series` rows add their budget column in front).
pub const MATCH_COLUMNS: &[&str] = &[
    "agent_a",
    "agent_b",
    "games",
    "wins",
    "draws",
    "losses",
    "score",
    "elo",
    "elo_low",
    "elo_high",
    "los",
    "draw_ratio",
    "pairs_0",
    "pairs_0.5",
    "pairs_1",
    "pairs_1.5",
    "pairs_2",
    "margin",
    "margin_low",
    "margin_high",
    "first_player_score",
    "normal",
    "repetition",
    "ply_cap",
    "sprt",
    "nelo",
    "nelo_low",
    "nelo_high",
    "interval",
    "crash",
    "timeout",
    "illegal_move",
    "bad_reply",
    "egdb",
];

impl MatchSummary {
    /// One CSV row, in [`MATCH_COLUMNS`] order.
    pub fn csv_row(&self, a: &str, b: &str) -> Vec<String> {
        let f = |x: f64, d: usize| {
            let x = unsigned_zero(x, d);
            format!("{x:.d$}")
        };
        let mut row = vec![
            a.to_string(),
            b.to_string(),
            self.games.to_string(),
            self.wdl.wins.to_string(),
            self.wdl.draws.to_string(),
            self.wdl.losses.to_string(),
            f(self.score, 4),
            f(self.elo.value, 1),
            f(self.elo.low, 1),
            f(self.elo.high, 1),
            f(self.los, 4),
            f(self.draw_ratio, 4),
        ];
        row.extend(self.pentanomial.0.iter().map(|c| c.to_string()));
        row.extend([
            f(self.margin.value, 2),
            f(self.margin.low, 2),
            f(self.margin.high, 2),
            f(self.first_player_score, 4),
            self.terminations.normal.to_string(),
            self.terminations.repetition.to_string(),
            self.terminations.ply_cap.to_string(),
            self.sprt.as_ref().map(fmt_sprt).unwrap_or_default(),
            f(self.nelo.value, 1),
            f(self.nelo.low, 1),
            f(self.nelo.high, 1),
            self.interval.map_or("", |m| m.name()).to_string(),
        ]);
        row.extend(self.terminations.forfeits.iter().map(|n| n.to_string()));
        row.push(self.terminations.egdb.to_string());
        row
    }

    /// The summary as text lines (for the terminal and the Markdown file).
    pub fn text(&self, a: &str, b: &str) -> String {
        if self.games == 0 {
            // A run stopped before its first game ended: nothing to score (not a score of NaN).
            return format!(
                "A: {a}\nB: {b}\ngames        0 (no game finished: nothing to score)\n"
            );
        }
        let w = &self.wdl;
        let p = &self.pentanomial.0;
        let mut out = format!(
            "A: {a}\nB: {b}\n\
             games        {} (A: {} wins, {} draws, {} losses)\n\
             score        {:.4} (A's points per game)\n\
             elo          {} (A − B, logistic, 95% interval {})\n\
             nelo         {} (normalized Elo, fastchess's nElo, same interval)\n\
             los          {:.4}\n\
             draw ratio   {:.4}\n\
             pentanomial  {} {} {} {} {} (pairs in which A scored 0, ½, 1, 1½, 2)\n\
             margin       {} (A's final store minus B's, seeds, mean and 95% interval)\n\
             first player {:.4} (South's points per game)\n\
             ended        {} normal, {} by repetition, {} adjudicated at the ply cap{}\n",
            self.games,
            w.wins,
            w.draws,
            w.losses,
            self.score,
            fmt_estimate(&self.elo, 1),
            interval_words(self.interval),
            fmt_estimate(&self.nelo, 1),
            self.los,
            self.draw_ratio,
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            fmt_estimate(&self.margin, 2),
            self.first_player_score,
            self.terminations.normal,
            self.terminations.repetition,
            self.terminations.ply_cap,
            self.terminations.endings_text(),
        );
        if let Some(s) = &self.sprt {
            out.push_str(&format!("sprt         {}\n", fmt_sprt(s)));
        }
        out
    }
}

/// How an interval was computed, in words for the tables.
pub fn interval_words(method: Option<IntervalMethod>) -> &'static str {
    match method {
        Some(IntervalMethod::Jeffreys) => {
            "from the Jeffreys posterior: the score is at or near 0 or 1"
        }
        _ => "from pair scores",
    }
}

/// The statistics of a round robin.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentSummary {
    /// Agent strings.
    pub agents: Vec<String>,
    /// `points[i][j]`: points agent `i` scored against `j`.
    pub points: Vec<Vec<f64>>,
    /// `games[i][j]`: games between `i` and `j`.
    pub games: Vec<Vec<u64>>,
    /// Bradley–Terry ratings (Elo scale, agent 0 at 0) with 95% intervals, or why none.
    pub ratings: Result<Vec<Estimate>, String>,
    /// When some maximum-likelihood rating is infinite (an agent that lost or won every game
    /// against a group), the ratings with one virtual draw added to every pairing that played
    /// (the prior of BayesElo, Coulom 2005, which keeps every rating finite); else `None`.
    pub prior_ratings: Option<Vec<Estimate>>,
    /// How the games ended.
    pub terminations: Terminations,
}

/// The statistics of a round robin among `agents` from its records.
pub fn summarize_tournament(agents: &[String], records: &[GameRecord]) -> TournamentSummary {
    let n = agents.len();
    let mut points = vec![vec![0.0; n]; n];
    let mut games = vec![vec![0u64; n]; n];
    let mut terminations = Terminations::default();
    for r in records {
        let (s, t) = (r.south, r.north);
        points[s][t] += r.south_points() as f64 / 2.0;
        points[t][s] += (2 - r.south_points()) as f64 / 2.0;
        games[s][t] += 1;
        games[t][s] += 1;
        terminations.add(r.termination);
    }
    let ratings = bradley_terry(&points, &games);
    let infinite = matches!(&ratings, Ok(r) if r.iter().any(|e| !e.value.is_finite()));
    let prior_ratings = infinite
        .then(|| {
            let with_draw = |i: usize, j: usize| if games[i][j] > 0 { 1 } else { 0 };
            let p: Vec<Vec<f64>> = (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| points[i][j] + with_draw(i, j) as f64 / 2.0)
                        .collect()
                })
                .collect();
            let g: Vec<Vec<u64>> = (0..n)
                .map(|i| (0..n).map(|j| games[i][j] + with_draw(i, j)).collect())
                .collect();
            bradley_terry(&p, &g).ok()
        })
        .flatten();
    TournamentSummary {
        agents: agents.to_vec(),
        ratings,
        prior_ratings,
        points,
        games,
        terminations,
    }
}

/// The CSV header of tournament rows.
pub const TOURNAMENT_COLUMNS: &[&str] = &[
    "rank",
    "agent",
    "rating",
    "rating_low",
    "rating_high",
    "games",
    "points",
    "score",
    "rating_prior",
    "rating_prior_low",
    "rating_prior_high",
];

impl TournamentSummary {
    /// Agent indices by rating (then score), best first.
    fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.agents.len()).collect();
        let score = |i: usize| self.points[i].iter().sum::<f64>();
        let rating = |i: usize| match &self.ratings {
            Ok(r) => r[i].value,
            Err(_) => 0.0,
        };
        let prior = |i: usize| self.prior_ratings.as_ref().map_or(0.0, |r| r[i].value);
        order.sort_by(|&a, &b| {
            (rating(b), prior(b), score(b))
                .partial_cmp(&(rating(a), prior(a), score(a)))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        order
    }

    /// CSV rows in [`TOURNAMENT_COLUMNS`] order, best first.
    pub fn csv_rows(&self) -> Vec<Vec<String>> {
        self.order()
            .into_iter()
            .enumerate()
            .map(|(rank, i)| {
                let g: u64 = self.games[i].iter().sum();
                let p: f64 = self.points[i].iter().sum();
                let r = self.ratings.as_ref().ok().map(|r| r[i]);
                let q = self.prior_ratings.as_ref().map(|r| r[i]);
                vec![
                    (rank + 1).to_string(),
                    self.agents[i].clone(),
                    r.map_or("".into(), |r| format!("{:.1}", r.value)),
                    r.map_or("".into(), |r| format!("{:.1}", r.low)),
                    r.map_or("".into(), |r| format!("{:.1}", r.high)),
                    g.to_string(),
                    format!("{p:.1}"),
                    format!("{:.4}", p / g.max(1) as f64),
                    q.map_or("".into(), |r| format!("{:.1}", r.value)),
                    q.map_or("".into(), |r| format!("{:.1}", r.low)),
                    q.map_or("".into(), |r| format!("{:.1}", r.high)),
                ]
            })
            .collect()
    }

    /// Ratings and crosstable as Markdown.
    pub fn markdown(&self) -> String {
        let prior = self.prior_ratings.is_some();
        let mut out = String::from("| rank | agent | rating (Elo, 95% interval) |");
        if prior {
            out.push_str(" with a virtual draw per pairing |");
        }
        out.push_str(" games | points | score |\n|---:|---|---|");
        if prior {
            out.push_str("---|");
        }
        out.push_str("---:|---:|---:|\n");
        let interval = |v: &str, low: &str, high: &str| {
            if v.is_empty() {
                "—".to_string()
            } else {
                format!("{v} [{low}, {high}]")
            }
        };
        for row in self.csv_rows() {
            out.push_str(&format!(
                "| {} | `{}` | {} |",
                row[0],
                row[1],
                interval(&row[2], &row[3], &row[4])
            ));
            if prior {
                out.push_str(&format!(" {} |", interval(&row[8], &row[9], &row[10])));
            }
            out.push_str(&format!(" {} | {} | {} |\n", row[5], row[6], row[7]));
        }
        if prior {
            out.push_str(
                "\nSome maximum-likelihood rating is infinite: an agent won or lost every game \
                 against a group, so the data cannot place it. The second column adds one \
                 virtual draw to every pairing (the prior of BayesElo, Coulom 2005), which keeps \
                 every rating finite and ranks those agents.\n",
            );
        }
        if let Err(e) = &self.ratings {
            out.push_str(&format!("\nNo ratings: {e}\n"));
        }
        out.push_str(
            "\nCrosstable: points of the row agent against the column agent (games in \
             parentheses); agents by rank.\n\n| | ",
        );
        let order = self.order();
        let header: Vec<String> = (1..=order.len()).map(|r| r.to_string()).collect();
        out.push_str(&header.join(" | "));
        out.push_str(" |\n|---|");
        out.push_str(&"---|".repeat(order.len()));
        out.push('\n');
        for (rank, &i) in order.iter().enumerate() {
            out.push_str(&format!("| {}. `{}` |", rank + 1, self.agents[i]));
            for &j in &order {
                if i == j {
                    out.push_str(" — |");
                } else {
                    out.push_str(&format!(" {} ({}) |", self.points[i][j], self.games[i][j]));
                }
            }
            out.push('\n');
        }
        let t = &self.terminations;
        out.push_str(&format!(
            "\nGames ended: {} normal, {} by repetition, {} adjudicated at the ply cap{}.\n",
            t.normal,
            t.repetition,
            t.ply_cap,
            t.endings_text()
        ));
        out
    }
}
