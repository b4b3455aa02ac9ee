//! A game record: the positions reached from a start position and the moves played, with the
//! repetition rule applied (RULES.md §0).

use crate::core::JobError;
use crate::rules::{quiet_end, Children, GameSpec, Outcome, ParseMoveError, Rules};
use thiserror::Error;

/// Why a move of a move list could not be played. `index` counts moves from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The move text is not a move of the side to move.
    #[error("move {index} `{token}`: {error}; legal moves: {legal}")]
    Parse {
        /// Position of the move in the list, from 1.
        index: usize,
        /// The move as written.
        token: String,
        /// What is wrong with it.
        error: ParseMoveError,
        /// The legal moves at that point, space-separated.
        legal: String,
    },
    /// A move the rules do not allow here.
    #[error("move {index} `{token}` is not legal here; legal moves: {legal}")]
    Illegal {
        /// Position of the move in the list, from 1.
        index: usize,
        /// The move as written.
        token: String,
        /// The legal moves at that point, space-separated.
        legal: String,
    },
    /// The game was already over.
    #[error("move {index} `{token}`: the game is already over")]
    GameOver {
        /// Position of the move in the list, from 1.
        index: usize,
        /// The move as written.
        token: String,
    },
}

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Moves remain.
    Ongoing,
    /// Over by the end-of-game rule.
    Over(Outcome),
    /// Over because the last position repeated an earlier one.
    Repeated(Outcome),
}

impl Status {
    /// The outcome if the game is over.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Status::Ongoing => None,
            Status::Over(o) | Status::Repeated(o) => Some(o),
        }
    }
}

/// The positions of a game from its start, and the moves between them.
#[derive(Debug)]
pub struct Line<R: Rules> {
    positions: Vec<R::Position>,
    moves: Vec<R::Move>,
    repeated: bool,
}

/// Room a clone keeps for the moves played after it: a clone with exact capacity would
/// reallocate both histories on its first move (part of the cost of a Python `apply_action` on
/// a clone, results/benchmarks/python-playouts.md).
const CLONE_ROOM: usize = 16;

impl<R: Rules> Clone for Line<R> {
    fn clone(&self) -> Self {
        let mut positions = Vec::with_capacity(self.positions.len() + CLONE_ROOM);
        positions.extend_from_slice(&self.positions);
        let mut moves = Vec::with_capacity(self.moves.len() + CLONE_ROOM);
        moves.extend_from_slice(&self.moves);
        Line {
            positions,
            moves,
            repeated: self.repeated,
        }
    }
}

impl<R: Rules> Line<R> {
    /// A game starting at `start`.
    pub fn new(start: R::Position) -> Line<R> {
        Line {
            positions: vec![start],
            moves: Vec::new(),
            repeated: false,
        }
    }

    /// The position reached.
    pub fn current(&self) -> &R::Position {
        self.positions.last().expect("a line has a start")
    }

    /// The moves played.
    pub fn moves(&self) -> &[R::Move] {
        &self.moves
    }

    /// Every position reached, the start first.
    pub fn positions(&self) -> &[R::Position] {
        &self.positions
    }

    /// The positions before the current one that it or a later position could repeat: those
    /// since the last move that took seeds off the board (empty for games that cannot repeat).
    pub fn repetition_window(&self, rules: &R) -> &[R::Position] {
        if !R::CAN_REPEAT {
            return &[];
        }
        let seeds = rules.board_seeds(self.current());
        let n = self.positions.len() - 1;
        let from = self.positions[..n]
            .iter()
            .rposition(|p| rules.board_seeds(p) != seeds)
            .map_or(0, |i| i + 1);
        &self.positions[from..n]
    }

    /// How the game stands.
    pub fn status(&self, rules: &R) -> Status {
        let pos = self.current();
        if self.repeated {
            Status::Repeated(rules.repetition_outcome(pos))
        } else if let Some(o) = rules.outcome(pos) {
            Status::Over(o)
        } else {
            // A game's limit of moves without a capture is an end-of-game rule (RULES.md §4.5).
            quiet_end(rules, self.repetition_window(rules), pos)
                .map_or(Status::Ongoing, Status::Over)
        }
    }

    /// The legal moves and their positions (none when the game is over).
    pub fn children(&self, rules: &R) -> Children<R> {
        let mut out = Children::<R>::new();
        if self.status(rules) == Status::Ongoing {
            rules.children(self.current(), &mut out);
        }
        out
    }

    /// The legal moves, written out and space-separated.
    pub fn legal_text(&self, rules: &R) -> String {
        let pos = self.current();
        let list: Vec<String> = self
            .children(rules)
            .iter()
            .map(|c| rules.format_move(pos, c.mv))
            .collect();
        if list.is_empty() {
            "none".into()
        } else {
            list.join(" ")
        }
    }

    /// Plays the moves of `text` (whitespace- or comma-separated), each checked for legality.
    ///
    /// # Errors
    /// [`PlayError`] for the first move that cannot be played, naming its index (from 1) and the
    /// legal moves at that point; the moves before it stay played.
    pub fn play_text(&mut self, rules: &R, text: &str) -> Result<(), PlayError> {
        let tokens = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty());
        for (i, token) in tokens.enumerate() {
            let index = i + 1;
            if self.status(rules) != Status::Ongoing {
                return Err(PlayError::GameOver {
                    index,
                    token: token.to_string(),
                });
            }
            let mv = rules
                .parse_move(self.current(), token)
                .map_err(|error| PlayError::Parse {
                    index,
                    token: token.to_string(),
                    error,
                    legal: self.legal_text(rules),
                })?;
            let child = self
                .children(rules)
                .into_iter()
                .find(|c| c.mv == mv)
                .ok_or_else(|| PlayError::Illegal {
                    index,
                    token: token.to_string(),
                    legal: self.legal_text(rules),
                })?;
            self.push(rules, child.mv, child.pos);
        }
        Ok(())
    }

    /// Plays `mv` if it is legal here and returns its text; `None` (nothing played) if not.
    pub fn play(&mut self, rules: &R, mv: R::Move) -> Option<String> {
        let child = self.children(rules).into_iter().find(|c| c.mv == mv)?;
        let text = rules.format_move(self.current(), mv);
        self.push(rules, child.mv, child.pos);
        Some(text)
    }

    /// Appends a move known to be legal and the position it leads to.
    pub fn push(&mut self, rules: &R, mv: R::Move, pos: R::Position) {
        let seeds = rules.board_seeds(&pos);
        self.repeated = R::CAN_REPEAT
            && self
                .positions
                .iter()
                .rev()
                .take_while(|p| rules.board_seeds(p) == seeds)
                .filter(|p| **p == pos)
                .count()
                + 1
                >= rules.repetition_occurrences();
        self.moves.push(mv);
        self.positions.push(pos);
    }
}
/// The game of a request, parsed (`bad game string: ...` if it is not one).
///
/// # Errors
/// [`crate::core::ErrorKind::Input`] naming the bad token.
pub fn parse_game(text: &str) -> Result<GameSpec, JobError> {
    text.parse::<GameSpec>()
        .map_err(|e| JobError::input("bad game string").because(e))
}

/// The line a request names: `position` (default: the start) with `moves` played from it.
///
/// # Errors
/// [`crate::core::ErrorKind::Input`]: `bad --position` or `bad --moves` with the reason.
pub fn game_line<R: Rules>(
    rules: &R,
    position: Option<&str>,
    moves: Option<&str>,
) -> Result<Line<R>, JobError> {
    let start = match position {
        None => rules.start(),
        Some(text) => rules
            .parse_position(text)
            .map_err(|e| JobError::input("bad --position").because(e))?,
    };
    let mut line = Line::new(start);
    if let Some(moves) = moves {
        line.play_text(rules, moves)
            .map_err(|e| JobError::input("bad --moves").because(e))?;
    }
    Ok(line)
}
