//! `mancala show GAME [--position P] [--moves M] [--json] [--flip]`: the position text, the
//! board as the game's [`Rules::draw_from`] draws it (every piece of the game's state), the
//! side to move and the legal moves, or the result.

use super::{emit, print_json, CliResult, PositionArgs};
use clap::Args;
use mancala::{dispatch, GameJob, Rules, Side, Status};
use serde_json::json;
use std::fmt::Write as _;

#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Print one JSON object: {"game", "position", "side_to_move", "legal_moves", "over",
    /// "stores":[south, north]} (stores after the end-of-game rule when over).
    #[arg(long)]
    pub json: bool,
    /// Draw the board as North sees it (North's rows at the bottom).
    #[arg(long)]
    pub flip: bool,
}

struct Show(ShowArgs);

impl GameJob for Show {
    type Output = CliResult;
    fn run<R: Rules>(self, rules: R) -> CliResult {
        let args = self.0;
        let line = args.at.line(&rules)?;
        let pos = line.current();
        let status = line.status(&rules);
        let stores = match status.outcome() {
            Some(o) => rules.final_stores(pos, o),
            None => stores_now(&rules, pos),
        };
        let legal: Vec<String> = line
            .children(&rules)
            .iter()
            .map(|c| rules.format_move(pos, c.mv))
            .collect();
        let side = rules.side_to_move(pos);
        if args.json {
            return print_json(&json!({
                "game": rules.spec().to_string(),
                "position": rules.format_position(pos),
                "side_to_move": side.letter().to_string(),
                "legal_moves": legal,
                "over": status != Status::Ongoing,
                "repetition": matches!(status, Status::Repeated(_)),
                "stores": stores,
            }));
        }
        let mut out = String::new();
        let _ = writeln!(out, "game      {}", rules.spec());
        let _ = writeln!(out, "position  {}", rules.format_position(pos));
        let _ = writeln!(out);
        let bottom = if args.flip { Side::North } else { Side::South };
        let _ = write!(out, "{}", rules.draw_from(pos, bottom));
        let _ = writeln!(out);
        match status {
            Status::Ongoing => {
                let _ = writeln!(out, "{side} to move; legal moves: {}", legal.join(" "));
            }
            Status::Over(_) | Status::Repeated(_) => {
                let why = if matches!(status, Status::Repeated(_)) {
                    "the position repeated"
                } else {
                    "end of game"
                };
                let verdict = match stores[0].cmp(&stores[1]) {
                    std::cmp::Ordering::Greater => "South wins",
                    std::cmp::Ordering::Less => "North wins",
                    std::cmp::Ordering::Equal => "draw",
                };
                let _ = writeln!(
                    out,
                    "game over ({why}): final stores South {} - North {}: {verdict}",
                    stores[0], stores[1]
                );
            }
        }
        emit(&out)
    }
}

/// Stores `[south, north]` as the position holds them.
pub fn stores_now<R: Rules>(rules: &R, pos: &R::Position) -> [u32; 2] {
    rules.final_stores(
        pos,
        mancala::Outcome {
            mover: 0,
            opponent: 0,
        },
    )
}

pub fn run(args: ShowArgs) -> CliResult {
    let spec = mancala::jobs::parse_game(&args.at.game)?;
    dispatch(&spec, Show(args))
}
