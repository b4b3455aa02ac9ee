//! The solve job for games of three and four players ([`crate::multi`]): the exact max-n
//! value of the position and of every move, and each player's paranoid value.

use super::solve::SolveRequest;
use super::JobError;
use crate::multi::search::{maxn, paranoid};
use crate::multi::{NGame, NLine, MAX_MOVES};
use crate::results::ResultTable;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::time::Instant;

/// The node budget of each exhaustive walk when the request gives none.
pub const DEFAULT_NODES: u64 = 50_000_000;

/// One move's max-n value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NMoveValue {
    /// The move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The final scores of players 1..n after it, under max-n.
    pub maxn: Vec<u32>,
}

/// The report of an n-player solve: `mancala solve --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NSolveReport {
    /// Canonical game string.
    pub game: String,
    /// The position solved.
    pub position: String,
    /// Players.
    pub players: usize,
    /// The player to move, 1..n.
    pub player_to_move: usize,
    /// The max-n value: the final scores (hand plus own houses) of players 1..n when every
    /// player maximises their own, ties among a mover's moves broken by the first in move
    /// order.
    pub maxn: Vec<u32>,
    /// The max-n move (the first best in move order); none when the game is over.
    pub best: Option<String>,
    /// Every legal move with its max-n value, in move order.
    pub moves: Vec<NMoveValue>,
    /// Player k's paranoid value (entry k-1): their final score when they maximise it and
    /// every other player minimises it.
    pub paranoid: Vec<u32>,
    /// Nodes walked by all the searches.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

fn dashed(v: &[u32]) -> String {
    let t: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    t.join("-")
}

impl NSolveReport {
    /// The text `mancala solve` prints.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "game      {}", self.game);
        let _ = writeln!(out, "position  {}", self.position);
        let players: Vec<String> = (1..=self.players).map(|p| p.to_string()).collect();
        let _ = writeln!(
            out,
            "max-n value (final scores of players {}): {}{}",
            players.join("-"),
            dashed(&self.maxn),
            match &self.best {
                Some(b) => format!(
                    ", best move for player {}: {b} (ties: the first in move order)",
                    self.player_to_move
                ),
                None => " (the game is over)".into(),
            }
        );
        for m in &self.moves {
            let _ = writeln!(out, "  {:<5} {}", m.mv, dashed(&m.maxn));
        }
        let paranoid: Vec<String> = self
            .paranoid
            .iter()
            .enumerate()
            .map(|(p, v)| format!("player {}: {v}", p + 1))
            .collect();
        let _ = writeln!(
            out,
            "paranoid values (each player's score against the coalition of the others): {}",
            paranoid.join(", ")
        );
        out
    }

    /// The result table of a solve job (`results/solve/NAME.*`): one row a move.
    pub(super) fn table(&self) -> ResultTable {
        let mut markdown = format!(
            "Max-n value of `{}` from `{}`: {} (players 1..{}; player {} to move; ties among a \
             mover's moves: the first in move order). Paranoid values (each player against the \
             others): {}.\n\n| move | max-n |\n|---|---|\n",
            self.game,
            self.position,
            dashed(&self.maxn),
            self.players,
            self.player_to_move,
            dashed(&self.paranoid)
        );
        let mut rows = Vec::new();
        for m in &self.moves {
            let _ = writeln!(markdown, "| {} | {} |", m.mv, dashed(&m.maxn));
            rows.push(vec![
                self.game.clone(),
                self.position.clone(),
                m.mv.clone(),
                dashed(&m.maxn),
                dashed(&self.maxn),
                dashed(&self.paranoid),
                self.nodes.to_string(),
                format!("{:.2}", self.seconds),
            ]);
        }
        ResultTable {
            markdown,
            header: [
                "game",
                "position",
                "move",
                "move_maxn",
                "maxn",
                "paranoid",
                "nodes",
                "seconds",
            ]
            .map(String::from)
            .to_vec(),
            rows,
            timing: &["seconds"],
            svg: None,
        }
    }
}

/// Solves the position of `request`, a game of three or four players.
pub(super) fn run(request: &SolveRequest) -> Result<NSolveReport, JobError> {
    let spec = request
        .game
        .parse()
        .map_err(|e| JobError::input("bad game string").because(e))?;
    let refused = [
        (
            request.method != super::solve::Method::default(),
            "--method",
        ),
        (request.check.is_some(), "--check"),
        (request.max_seconds.is_some(), "--max-seconds"),
        (request.egdb.is_some(), "--egdb"),
        (request.value_only, "--value-only"),
        (request.tt_mb.is_some(), "--tt-mb"),
    ];
    if let Some((_, option)) = refused.iter().find(|(given, _)| *given) {
        return Err(JobError::input(format!(
            "{option}: not taken by games of three or four players (their solve walks the whole \
             tree for max-n and paranoid values; its limit is --max-nodes)"
        )));
    }
    let game = NGame::new(spec);
    let line = NLine::new(&game, request.position.as_deref(), request.moves.as_deref())
        .map_err(|e| JobError::input("bad position or moves").because(e))?;
    let budget = request.max_nodes.unwrap_or(DEFAULT_NODES);
    let too_large = |e| JobError::input("cannot solve exactly").because(e);
    let started = Instant::now();
    let pos = *line.current();
    let n = game.players();
    let history = line.history();
    let mut nodes = 0;
    let mut moves = Vec::new();
    let (value, best, paranoid_values) = if line.is_over(&game) {
        let s = game.scores(&pos)[..n].to_vec();
        (s.clone(), None, s)
    } else {
        let (v, k) = maxn(&game, &pos, history, budget).map_err(too_large)?;
        nodes += k;
        let mut legal = arrayvec::ArrayVec::<_, MAX_MOVES>::new();
        game.moves(&pos, &mut legal);
        let mut below = line.positions.clone();
        let mut best = None;
        for &mv in &legal {
            let child = game.play(&pos, mv);
            let cv = if below.contains(&child) {
                game.scores(&child)
            } else {
                let (cv, k) = maxn(&game, &child, &below, budget).map_err(too_large)?;
                nodes += k;
                cv
            };
            if best.is_none() && cv == v {
                best = Some(game.format_move(mv));
            }
            moves.push(NMoveValue {
                mv: game.format_move(mv),
                maxn: cv[..n].to_vec(),
            });
        }
        below.clear();
        let mut par = Vec::new();
        for p in 0..n {
            let (pv, k) = paranoid(&game, &pos, p, history, budget).map_err(too_large)?;
            nodes += k;
            par.push(pv);
        }
        (v[..n].to_vec(), best, par)
    };
    Ok(NSolveReport {
        game: game.spec().to_string(),
        position: game.format_position(&pos),
        players: n,
        player_to_move: pos.mover as usize + 1,
        maxn: value,
        best,
        moves,
        paranoid: paranoid_values,
        nodes,
        seconds: started.elapsed().as_secs_f64(),
    })
}
