//! `mancala eval fit GAME --egdb DIR ...`: fits the evaluation weights of a game to the exact
//! values of its databases; `mancala eval fit GAME --games RUN.games.jsonl ...`: to the
//! outcomes of a run's games (the four-row games) (`src/eval/fitted.rs`,
//! `src/eval/outcomes.rs`, `src/eval/weights/`).

use super::{command_line, note, CliResult};
use clap::{Args, Subcommand};
use mancala::arena::export::{check_records, read_run, StoredRun};
use mancala::core::Side;
use mancala::egdb::fit::{fit_to_database, FitOptions, FitReport};
use mancala::egdb::Egdb;
use mancala::eval::fitted::{position_features, FeatureSet, Weights};
use mancala::eval::outcomes::{fit_to_outcomes, OutcomeFit, OutcomeSample};
use mancala::game::{Line, Status};
use mancala::jobs::JobError;
use mancala::results::write_atomic;
use mancala::rules::{dispatch, GameJob, GameSpec, Rules};
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum EvalCommand {
    /// Fit a game's evaluation weights and write a weights file: to the exact values of its
    /// databases (`--egdb`: least squares on `value - store_difference`, every 5th position
    /// held out), or to the outcomes of a run's games (`--games`: logistic, the four-row games,
    /// every 5th game held out).
    Fit(FitArgs),
}

#[derive(Args, Debug)]
pub struct FitArgs {
    /// Game string: Kalah or Awari/Oware with `--egdb`, e.g. `kalah`, `awari`; a four-row
    /// game with `--games`, e.g. `bao-la-kiswahili`.
    pub game: String,
    /// The game's database directory (as `mancala egdb build` writes it).
    #[arg(long, required_unless_present = "games", conflicts_with = "games")]
    pub egdb: Option<PathBuf>,
    /// The game records of a finished run of GAME (`NAME.games.jsonl`, beside its manifest):
    /// every position its games passed through, labelled with the game's result for the
    /// mover (self-play outcomes, for games without exact values).
    #[arg(long)]
    pub games: Option<PathBuf>,
    /// The layers (seeds on the board) to sample: `LO..HI` (both included) or one number.
    #[arg(long, default_value = "2..16")]
    pub layers: String,
    /// Positions drawn per layer (a smaller layer is taken whole), at least 1.
    #[arg(long, default_value_t = 20000, value_parser = clap::value_parser!(u64).range(1..))]
    pub positions: u64,
    /// Seed of the draw.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// More games the weights are for besides GAME (comma-separated game strings), e.g.
    /// `oware` for weights fitted on Awari.
    #[arg(long, value_delimiter = ',')]
    pub also: Vec<String>,
    /// The weights file to write (TOML, with the command and the fit's figures in comments).
    #[arg(long)]
    pub out: PathBuf,
    /// Also write the fit's figures as Markdown to this file, and as CSV beside it (the same
    /// name with `.csv`): held-out error per layer before and after, and each weight.
    #[arg(long)]
    pub report: Option<PathBuf>,
}

fn parse_layers(text: &str) -> Result<std::ops::RangeInclusive<u32>, JobError> {
    let bad = || {
        JobError::input(format!(
            "--layers `{text}`: expected LO..HI (seeds on the board, LO <= HI) or one number"
        ))
    };
    let (lo, hi) = match text.split_once("..") {
        Some((a, b)) => (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ),
        None => {
            let n = text.trim().parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    if lo > hi {
        return Err(bad());
    }
    Ok(lo..=hi)
}

struct Fit<'a> {
    egdb: &'a std::path::Path,
    args: &'a FitArgs,
    layers: std::ops::RangeInclusive<u32>,
}

impl GameJob for Fit<'_> {
    type Output = Result<FitReport, JobError>;
    fn run<R: Rules>(self, rules: R) -> Self::Output {
        let db =
            Egdb::open(self.egdb, &rules).map_err(|e| JobError::input(format!("--egdb: {e}")))?;
        let options = FitOptions {
            layers: self.layers,
            per_layer: self.args.positions,
            seed: self.args.seed,
            hold_out_every: 5,
        };
        fit_to_database(&rules, &db, &options).map_err(JobError::input)
    }
}

/// The positions of a run's games, labelled with each game's result for the mover: fitted,
/// and held out (every 5th game).
struct Outcomes<'a> {
    run: &'a StoredRun,
}

/// Positions fitted and held out, the seeds the winner takes, and the games used and skipped
/// (forfeits: their result is not the board's).
type Labelled = (Vec<OutcomeSample>, Vec<OutcomeSample>, u32, usize, usize);

impl GameJob for Outcomes<'_> {
    type Output = Result<Labelled, JobError>;
    fn run<R: Rules>(self, rules: R) -> Self::Output {
        let run = self.run;
        let Some((FeatureSet::FourRow, m)) = FeatureSet::of_rules(&rules) else {
            return Err(JobError::input(format!(
                "--games: `{}` is not a four-row game; fits to game outcomes are for the games \
                 whose winner takes every seed (Bao, Omweso): fit Kalah and Awari to their \
                 databases (--egdb)",
                run.spec
            )));
        };
        let records: Vec<_> = run.records.iter().map(|s| s.record.clone()).collect();
        check_records(&rules, run.limits(), &records, &|k| run.record_name(k))?;
        let total = rules.board_seeds(&rules.start());
        let (mut fit, mut held, mut used, mut skipped) = (Vec::new(), Vec::new(), 0, 0);
        for (k, r) in records.iter().enumerate() {
            if r.termination.is_forfeit() {
                skipped += 1;
                continue;
            }
            used += 1;
            let south = r.south_points() as f32 / 2.0;
            let start = r.start_position(&rules).map_err(|e| {
                JobError::input(format!("{}: bad start", run.record_name(k))).because(e)
            })?;
            let mut line = Line::new(start);
            for text in r.opening.iter().chain(&r.moves) {
                let pos = *line.current();
                let y = match rules.side_to_move(&pos) {
                    Side::South => south,
                    Side::North => 1.0 - south,
                };
                let sample = OutcomeSample {
                    f: position_features(&rules, &pos, FeatureSet::FourRow, m),
                    material: rules.evaluate(&pos) as f32,
                    y,
                };
                if k % 5 == 4 { &mut held } else { &mut fit }.push(sample);
                line.play_text(&rules, text)
                    .map_err(|e| JobError::input(run.record_name(k)).because(e))?;
                if line.status(&rules) != Status::Ongoing {
                    break;
                }
            }
        }
        Ok((fit, held, total, used, skipped))
    }
}

pub fn run(command: EvalCommand) -> CliResult {
    let EvalCommand::Fit(args) = command;
    let spec: GameSpec = args
        .game
        .parse()
        .map_err(|e| JobError::input(format!("game `{}`: {e}", args.game)))?;
    let mut games = vec![spec.with_default_seeds()];
    for g in &args.also {
        let s: GameSpec = g
            .parse()
            .map_err(|e| JobError::input(format!("--also `{g}`: {e}")))?;
        games.push(s.with_default_seeds());
    }
    let (weights, labels, figures, markdown, csv) = match (&args.egdb, &args.games) {
        (Some(egdb), _) => {
            let layers = parse_layers(&args.layers)?;
            let report = dispatch(
                &spec,
                Fit {
                    egdb,
                    args: &args,
                    layers: layers.clone(),
                },
            )?;
            let labels = format!(
                "exact values of the databases {} (layers {}..={}, up to {} positions a layer, \
                 seed {})",
                egdb.display(),
                layers.start(),
                layers.end(),
                args.positions,
                args.seed
            );
            let figures = format!(
                "{} positions fitted, {} held out (every 5th); held-out error in seeds: store \
                 difference alone RMSE {:.3} MAE {:.3}; fitted RMSE {:.3} MAE {:.3}",
                report.fitted,
                report.after.n,
                report.before.rmse(),
                report.before.mae(),
                report.after.rmse(),
                report.after.mae()
            );
            let (markdown, csv) = report_tables(&args.game, &report);
            let weights = (FeatureSet::TwoRow, report.weights);
            (weights, labels, figures, markdown, csv)
        }
        (None, Some(path)) => {
            let run = read_run(path)?;
            if run.spec.with_default_seeds() != spec.with_default_seeds() {
                return Err(JobError::input(format!(
                    "--games {}: its games are of `{}`, not `{spec}`",
                    path.display(),
                    run.spec
                ))
                .into());
            }
            let (fit, held, total, used, skipped) = dispatch(&spec, Outcomes { run: &run })?;
            let report = fit_to_outcomes(&fit, &held, total)
                .map_err(|e| JobError::input(format!("--games {}: {e}", path.display())))?;
            let labels = format!(
                "the results of the {used} games of {} ({} skipped: forfeits), each position \
                 labelled 1 (the mover won), 1/2 or 0; logistic fit, seeds = beta * {total} / 2",
                path.display(),
                skipped
            );
            let figures = format!(
                "{} positions fitted, {} held out (every 5th game); held-out log-loss: material \
                 alone {:.4}, fitted {:.4}; Brier {:.4} -> {:.4}; winner foreseen {:.4} -> {:.4}",
                report.fitted,
                report.after.n,
                report.before.log_loss(),
                report.after.log_loss(),
                report.before.brier(),
                report.after.brier(),
                report.before.accuracy(),
                report.after.accuracy()
            );
            let (markdown, csv) = outcome_tables(&args.game, &report, total);
            let weights = (FeatureSet::FourRow, report.weights);
            (weights, labels, figures, markdown, csv)
        }
        (None, None) => unreachable!("clap requires --egdb or --games"),
    };
    let weights = Weights {
        games: games.clone(),
        houses: spec.houses(),
        features: weights.0,
        w: weights.1,
    };
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Fitted evaluation weights (src/eval/fitted.rs): seeds per feature unit, estimating\n\
         # value - store_difference from the mover's side.\n\
         # Made by: {}\n# Labels: {labels}.\n# {figures}.",
        command_line(),
    );
    let quoted: Vec<String> = games.iter().map(|g| format!("\"{g}\"")).collect();
    let _ = writeln!(
        text,
        "features = \"{}\"\ngames = [{}]\nhouses = {}",
        weights.features.name(),
        quoted.join(", "),
        weights.houses
    );
    text += &weights.table();
    // The file must read back as written.
    Weights::parse(&text, &args.out.display().to_string()).map_err(JobError::failed)?;
    write_atomic(&args.out, text.as_bytes()).map_err(JobError::failed)?;
    note(&format!("wrote {}: {figures}", args.out.display()));
    if let Some(md) = &args.report {
        let md_text = format!(
            "Made by: `{}`\n\nLabels: {labels}.\n\n{figures}.\n\n{markdown}",
            command_line()
        );
        write_atomic(md, md_text.as_bytes()).map_err(JobError::failed)?;
        write_atomic(&md.with_extension("csv"), csv.as_bytes()).map_err(JobError::failed)?;
        note(&format!("wrote {} and its .csv", md.display()));
    }
    Ok(())
}

/// The held-out errors of an outcome fit and its weights, as Markdown and CSV.
fn outcome_tables(game: &str, r: &OutcomeFit, total: u32) -> (String, String) {
    let mut md = format!(
        "### {game}: held-out errors (positions of the held-out games)\n\n| model | positions | log-loss | Brier | winner foreseen |\n|---|---:|---:|---:|---:|\n"
    );
    let mut csv = String::from("game,model,positions,log_loss,brier,winner_foreseen\n");
    for (name, e) in [
        (
            format!("material alone (k = {:.4} a seed)", r.k_material),
            &r.before,
        ),
        ("fitted features".to_string(), &r.after),
    ] {
        let cells = [
            name.clone(),
            e.n.to_string(),
            format!("{:.4}", e.log_loss()),
            format!("{:.4}", e.brier()),
            format!("{:.4}", e.accuracy()),
        ];
        let _ = writeln!(md, "| {} |", cells.join(" | "));
        let _ = writeln!(csv, "{game},\"{name}\",{}", cells[1..].join(","));
    }
    let _ = writeln!(
        md,
        "\nThe material baseline's `k` is {:.3} in the fitted evaluation's seeds (`k * {total} / 2`).\n\n### {game}: weights\n\n| feature | beta | seeds | meaning |\n|---|---:|---:|---|",
        r.k_material * total as f64 / 2.0
    );
    for (k, (name, meaning)) in FeatureSet::FourRow.features().iter().enumerate() {
        let _ = writeln!(
            md,
            "| {name} | {:.5} | {:.4} | {meaning} |",
            r.beta[k], r.weights[k]
        );
    }
    (md, csv)
}

/// The per-layer held-out errors and the weights, as Markdown and CSV.
fn report_tables(game: &str, r: &FitReport) -> (String, String) {
    let mut md = format!(
        "### {game}: held-out error (seeds) per layer\n\n| seeds on the board | positions | RMSE stores | RMSE fitted | MAE stores | MAE fitted |\n|---:|---:|---:|---:|---:|---:|\n"
    );
    let mut csv =
        String::from("game,layer,positions,rmse_stores,rmse_fitted,mae_stores,mae_fitted\n");
    for l in r
        .layers
        .iter()
        .chain(std::iter::once(&mancala::egdb::fit::LayerFit {
            layer: u32::MAX,
            before: r.before,
            after: r.after,
        }))
    {
        let name = if l.layer == u32::MAX {
            "all".to_string()
        } else {
            l.layer.to_string()
        };
        let cells = [
            name,
            l.after.n.to_string(),
            format!("{:.3}", l.before.rmse()),
            format!("{:.3}", l.after.rmse()),
            format!("{:.3}", l.before.mae()),
            format!("{:.3}", l.after.mae()),
        ];
        let _ = writeln!(md, "| {} |", cells.join(" | "));
        let _ = writeln!(csv, "{game},{}", cells.join(","));
    }
    let _ = writeln!(md, "\n### {game}: weights (seeds per feature unit)\n\n| feature | weight | meaning |\n|---|---:|---|");
    for (k, (name, meaning)) in FeatureSet::TwoRow.features().iter().enumerate() {
        let _ = writeln!(md, "| {name} | {:.4} | {meaning} |", r.weights[k]);
    }
    (md, csv)
}
