//! `mancala eval fit GAME --egdb DIR ...`: fits the evaluation weights of a game to the exact
//! values of its databases (`src/eval/fitted.rs`, `src/eval/weights/`).

use super::{command_line, note, CliResult};
use clap::{Args, Subcommand};
use mancala::egdb::fit::{fit_to_database, FitOptions, FitReport};
use mancala::egdb::Egdb;
use mancala::eval::fitted::{Weights, FEATURES};
use mancala::jobs::JobError;
use mancala::results::write_atomic;
use mancala::rules::{dispatch, GameJob, GameSpec, Rules};
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum EvalCommand {
    /// Fit a game's evaluation weights to the exact values of its databases (least squares on
    /// `value - store_difference`, every 5th position held out) and write a weights file.
    Fit(FitArgs),
}

#[derive(Args, Debug)]
pub struct FitArgs {
    /// Game string (Kalah, or Awari/Oware with databases), e.g. `kalah`, `awari`.
    pub game: String,
    /// The game's database directory (as `mancala egdb build` writes it).
    #[arg(long)]
    pub egdb: PathBuf,
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
    args: &'a FitArgs,
    layers: std::ops::RangeInclusive<u32>,
}

impl GameJob for Fit<'_> {
    type Output = Result<FitReport, JobError>;
    fn run<R: Rules>(self, rules: R) -> Self::Output {
        let db = Egdb::open(&self.args.egdb, &rules)
            .map_err(|e| JobError::input(format!("--egdb: {e}")))?;
        let options = FitOptions {
            layers: self.layers,
            per_layer: self.args.positions,
            seed: self.args.seed,
            hold_out_every: 5,
        };
        fit_to_database(&rules, &db, &options).map_err(JobError::input)
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
    let layers = parse_layers(&args.layers)?;
    let report = dispatch(
        &spec,
        Fit {
            args: &args,
            layers: layers.clone(),
        },
    )?;
    let weights = Weights {
        games: games.clone(),
        houses: spec.houses(),
        w: report.weights,
    };
    let figures = format!(
        "{} positions fitted, {} held out (every 5th); held-out error in seeds: store difference \
         alone RMSE {:.3} MAE {:.3}; fitted RMSE {:.3} MAE {:.3}",
        report.fitted,
        report.after.n,
        report.before.rmse(),
        report.before.mae(),
        report.after.rmse(),
        report.after.mae()
    );
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Fitted evaluation weights (src/eval/fitted.rs): seeds per feature unit, estimating\n\
         # value - store_difference from the mover's side.\n\
         # Made by: {}\n\
         # Labels: exact values of the databases {} (layers {}..={}, up to {} positions a layer, \
         seed {}).\n# {figures}.",
        command_line(),
        args.egdb.display(),
        layers.start(),
        layers.end(),
        args.positions,
        args.seed
    );
    let quoted: Vec<String> = games.iter().map(|g| format!("\"{g}\"")).collect();
    let _ = writeln!(
        text,
        "games = [{}]\nhouses = {}",
        quoted.join(", "),
        weights.houses
    );
    text += &weights.table();
    // The file must read back as written.
    Weights::parse(&text, &args.out.display().to_string()).map_err(JobError::failed)?;
    write_atomic(&args.out, text.as_bytes()).map_err(JobError::failed)?;
    note(&format!("wrote {}: {figures}", args.out.display()));
    if let Some(md) = &args.report {
        let (markdown, csv) = report_tables(&args.game, &report);
        let md_text = format!("Made by: `{}`\n\n{figures}.\n\n{markdown}", command_line());
        write_atomic(md, md_text.as_bytes()).map_err(JobError::failed)?;
        write_atomic(&md.with_extension("csv"), csv.as_bytes()).map_err(JobError::failed)?;
        note(&format!("wrote {} and its .csv", md.display()));
    }
    Ok(())
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
    for (k, (name, meaning)) in FEATURES.iter().enumerate() {
        let _ = writeln!(md, "| {name} | {:.4} | {meaning} |", r.weights[k]);
    }
    (md, csv)
}
