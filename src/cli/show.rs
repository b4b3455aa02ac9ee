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
    /// Games of three or four players: draw the board from this player's side (1..n), their
    /// houses marked `*`.
    #[arg(long)]
    pub seat: Option<usize>,
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
    if mancala::multi::NGameSpec::wants(&args.at.game) {
        return show_n_player(args);
    }
    let spec = mancala::jobs::parse_game(&args.at.game)?;
    if args.seat.is_some() {
        return Err(mancala::jobs::JobError::input(
            "--seat: for games of three or four players (a two-player board turns with --flip)",
        )
        .into());
    }
    dispatch(&spec, Show(args))
}

/// `mancala show` of a game of three or four players ([`mancala::multi`]).
fn show_n_player(args: ShowArgs) -> CliResult {
    use mancala::jobs::JobError;
    use mancala::multi::{NGame, NLine, MAX_MOVES};
    let spec = args
        .at
        .game
        .parse()
        .map_err(|e| JobError::input("bad game string").because(e))?;
    let game = NGame::new(spec);
    let line = NLine::new(&game, args.at.position.as_deref(), args.at.moves.as_deref())
        .map_err(|e| JobError::input("bad position or moves").because(e))?;
    if let Some(seat) = args.seat {
        if seat == 0 || seat > game.players() {
            return Err(JobError::input(format!(
                "--seat {seat}: expected a player from 1 to {}",
                game.players()
            ))
            .into());
        }
    }
    let pos = *line.current();
    let over = line.is_over(&game);
    let mut moves = arrayvec::ArrayVec::<_, MAX_MOVES>::new();
    if !over {
        game.moves(&pos, &mut moves);
    }
    let legal: Vec<String> = moves.iter().map(|&mv| game.format_move(mv)).collect();
    let scores = &game.scores(&pos)[..game.players()];
    if args.json {
        return print_json(&json!({
            "game": game.spec().to_string(),
            "position": game.format_position(&pos),
            "players": game.players(),
            "player_to_move": pos.mover as usize + 1,
            "legal_moves": legal,
            "over": over,
            "repetition": line.repeated,
            "scores": scores,
        }));
    }
    let mut out = String::new();
    let _ = writeln!(out, "game      {}", game.spec());
    let _ = writeln!(out, "position  {}", game.format_position(&pos));
    let _ = writeln!(out);
    let _ = write!(out, "{}", game.draw(&pos, args.seat.map(|s| s - 1)));
    let _ = writeln!(out);
    if over {
        let why = if line.repeated {
            "the position repeated"
        } else {
            "at most one player can move"
        };
        let scores: Vec<String> = scores.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(out, "game over ({why}): final scores {}", scores.join("-"));
    } else {
        let _ = writeln!(
            out,
            "player {} to move; legal moves: {}",
            pos.mover + 1,
            legal.join(" ")
        );
    }
    emit(&out)
}
