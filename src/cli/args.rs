//! The arguments every subcommand shares: a game and a position in it, `--threads`.

use clap::Args;
use mancala::jobs::{self, JobError, Threads};
use mancala::{Line, Rules};

/// A game and a position in it, shared by every subcommand.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Game string, e.g. `kalah`, `kalah(houses=4,seeds=3,capture=empty)`, `oware`, `awari`
    /// (`mancala games` lists them).
    pub game: String,
    /// Position text `<South houses>/<North houses> <South store>-<North store> <S|N>`
    /// (default: the start position).
    #[arg(long, short = 'p', allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves to play from the position first, e.g. "A f B e" (house letters, South's upper case).
    #[arg(long, short = 'm', allow_hyphen_values = true)]
    pub moves: Option<String>,
}

impl PositionArgs {
    /// The game line: the position (or the start) with the moves played.
    pub fn line<R: Rules>(&self, rules: &R) -> Result<Line<R>, JobError> {
        jobs::game_line(rules, self.position.as_deref(), self.moves.as_deref())
    }
}

/// `--threads`: 1 to 1024 (default: every core); one convention for every command.
#[derive(Args, Debug, Clone, Copy)]
pub struct ThreadsArg {
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, short = 't', value_name = "N", allow_negative_numbers = true)]
    pub threads: Option<Threads>,
}

impl ThreadsArg {
    /// The count asked for, or every core.
    pub fn get(self) -> Threads {
        self.threads.unwrap_or_default()
    }
}
