//! A valued position, as the solve and database-probe jobs report it.

use super::signed;
use crate::game::Line;
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// A root move and its value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveValueText {
    /// The move (house letters).
    #[serde(rename = "move")]
    pub mv: String,
    /// Final store difference, seeds, from the side to move at the root.
    pub value: i32,
    /// Exact, or an upper bound (`value_only`).
    pub exact: bool,
}

/// A valued position, as `solve` and `egdb probe` report it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Valued {
    /// Canonical game string.
    pub game: String,
    /// The position (after the request's moves).
    pub position: String,
    /// `S` or `N`.
    pub side_to_move: String,
    /// The value, seeds, from the side to move.
    pub value: i32,
    /// Every legal move in generation order with its value.
    pub moves: Vec<MoveValueText>,
    /// A principal variation.
    pub pv: Vec<String>,
}

impl Valued {
    /// `pos` of `rules` with `value`, its moves' `(move, value, exact)` and the principal
    /// variation `pv` (legal moves from `pos`).
    pub(super) fn new<R: Rules>(
        rules: &R,
        pos: &R::Position,
        value: i32,
        moves: impl Iterator<Item = (R::Move, i32, bool)>,
        pv: &[R::Move],
    ) -> Valued {
        let mut line = Line::new(*pos);
        Valued {
            game: rules.spec().to_string(),
            position: rules.format_position(pos),
            side_to_move: rules.side_to_move(pos).letter().to_string(),
            value,
            moves: moves
                .map(|(mv, value, exact)| MoveValueText {
                    mv: rules.format_move(pos, mv),
                    value,
                    exact,
                })
                .collect(),
            pv: pv
                .iter()
                .map(|&mv| line.play(rules, mv).expect("a line of legal moves"))
                .collect(),
        }
    }

    /// The text lines `game`, `position`, `value`, `moves`, `pv`.
    pub fn text(&self) -> String {
        let (side, opponent) = if self.side_to_move == "N" {
            ("North", "South")
        } else {
            ("South", "North")
        };
        let value = self.value;
        let verdict = match value.cmp(&0) {
            std::cmp::Ordering::Greater => format!("{side} (to move) wins by {value}"),
            std::cmp::Ordering::Less => format!("{opponent} wins by {}", -value),
            std::cmp::Ordering::Equal => "draw".to_string(),
        };
        let list: Vec<String> = self
            .moves
            .iter()
            .map(|m| {
                format!(
                    "{} {}{}",
                    m.mv,
                    if m.exact { "" } else { "<=" },
                    signed(m.value)
                )
            })
            .collect();
        let mut out = String::new();
        let _ = writeln!(out, "game      {}", self.game);
        let _ = writeln!(out, "position  {} ({side} to move)", self.position);
        let _ = writeln!(
            out,
            "value     {}  ({verdict}; final store difference, seeds, from the side to move)",
            signed(value)
        );
        let _ = writeln!(
            out,
            "moves     {}",
            if list.is_empty() {
                "none (game over)".into()
            } else {
                list.join("  ")
            }
        );
        let _ = writeln!(out, "pv        {}", self.pv.join(" "));
        out
    }
}
