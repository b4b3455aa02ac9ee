//! A game of three or four players as a state with integer actions and a ply cap: the interface
//! the Python package, its OpenSpiel bridge and its PettingZoo environments use
//! (`python/src/multi.rs`), as [`crate::dynamic`] is for two players.
//!
//! **Actions** (`0..`[`NGame::num_actions`]), the mover's own house `i` in letter order (`A` is
//! 0): Kpo `X+` is `2i`, `X-` is `2i + 1`; Azigo/Okwe `X` is `i`. Then `hand` (Azigo/Okwe) and
//! `pass`, the last action.
//!
//! **Returns** once the game is over, player `p`'s is `(n s_p - 1) / (n - 1)`, where `s_p` is
//! `p`'s share of the win (`1/k` for each of the `k` players sharing the highest score, else 0;
//! the tournament's wins, [`crate::jobs::NGameRecord`]): a lone winner +1, the others
//! `-1/(n - 1)`; the returns sum to 0, and for two players they would be the +1/-1/0 of the
//! two-player games.
//!
//! **Observation** of player `v`: shape `[n, h + 2]`, `h` houses a player; row `r` is player
//! `(v + r) mod n` (row 0 the observer, then the players after them in turn order); columns
//! `0..h` the seeds in that player's houses in letter order, column `h` their hand, column
//! `h + 1` 1 if they are to move, else 0.

use super::{NGame, NLine, NMove, NTextError, MAX_MOVES};
use arrayvec::ArrayVec;
use std::sync::Arc;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NEnd {
    /// At most one player has a move other than `pass`.
    Normal,
    /// The last move repeated a position of the game.
    Repetition,
    /// The ply cap was reached.
    PlyCap,
}

impl NEnd {
    /// `normal`, `repetition` or `ply-cap` (as the two-player states name their ends).
    pub fn name(self) -> &'static str {
        match self {
            NEnd::Normal => "normal",
            NEnd::Repetition => "repetition",
            NEnd::PlyCap => "ply-cap",
        }
    }
}

impl NGame {
    /// Houses each player owns (the same for every player).
    pub fn houses_each(&self) -> usize {
        self.own[0].len()
    }

    /// The number of distinct actions (see the module doc of [`state`](self)).
    pub fn num_actions(&self) -> usize {
        let sows = if self.spec.family == super::Family::Kpo {
            2
        } else {
            1
        };
        let hand = usize::from(self.spec.family != super::Family::Kpo);
        sows * self.houses_each() + hand + 1
    }

    /// The action of `mv`, a move of the player to move at `pos`.
    pub fn action_of(&self, mover: usize, mv: NMove) -> usize {
        let kpo = self.spec.family == super::Family::Kpo;
        match mv {
            NMove::Sow { house, clockwise } => {
                let i = self.own[mover]
                    .iter()
                    .position(|&t| t == house)
                    .expect("a move sows an own house");
                if kpo {
                    2 * i + usize::from(clockwise)
                } else {
                    i
                }
            }
            NMove::Hand => self.houses_each(),
            NMove::Pass => self.num_actions() - 1,
        }
    }

    /// The observation tensor's shape, `[players, houses each + 2]`.
    pub fn observation_shape(&self) -> [usize; 2] {
        [self.n, self.houses_each() + 2]
    }
}

/// A game in play: its line from a start position, the actions played, and the ply cap.
#[derive(Clone, Debug)]
pub struct NState {
    game: Arc<NGame>,
    line: NLine,
    /// The moves played, `line.positions[i]` to `[i + 1]`.
    played: Vec<NMove>,
    max_plies: u32,
}

impl NState {
    /// The state of `position` (default: the start) after `moves` (names, whitespace
    /// separated), ending at `max_plies` moves at the latest.
    ///
    /// # Errors
    /// [`NTextError`] naming the bad position or move.
    pub fn new(
        game: Arc<NGame>,
        position: Option<&str>,
        moves: Option<&str>,
        max_plies: u32,
    ) -> Result<NState, NTextError> {
        let line = NLine::new(&game, position, None)?;
        let mut state = NState {
            game,
            line,
            played: Vec::new(),
            max_plies,
        };
        for text in moves.unwrap_or("").split_whitespace() {
            state.apply_move(text)?;
        }
        Ok(state)
    }

    /// The game.
    pub fn game(&self) -> &Arc<NGame> {
        &self.game
    }

    /// The ply cap.
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// The line (every position from the start).
    pub fn line(&self) -> &NLine {
        &self.line
    }

    /// How the game ended, or `None` while it goes on.
    pub fn end(&self) -> Option<NEnd> {
        if self.line.repeated {
            Some(NEnd::Repetition)
        } else if self.game.is_over(self.line.current()) {
            Some(NEnd::Normal)
        } else if self.played.len() >= self.max_plies as usize {
            Some(NEnd::PlyCap)
        } else {
            None
        }
    }

    /// The player to move, `0..n` (`None` once the game is over).
    pub fn current_player(&self) -> Option<usize> {
        self.end()
            .is_none()
            .then_some(self.line.current().mover as usize)
    }

    fn legal(&self) -> ArrayVec<NMove, MAX_MOVES> {
        let mut moves = ArrayVec::new();
        if self.end().is_none() {
            self.game.moves(self.line.current(), &mut moves);
        }
        moves
    }

    /// The legal actions, increasing (none once the game is over).
    pub fn legal_actions(&self) -> Vec<usize> {
        let mover = self.line.current().mover as usize;
        self.legal()
            .iter()
            .map(|&mv| self.game.action_of(mover, mv))
            .collect()
    }

    /// The legal moves' names, in the order of [`NState::legal_actions`].
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal()
            .iter()
            .map(|&mv| self.game.format_move(mv))
            .collect()
    }

    fn over(&self, what: String) -> NTextError {
        NTextError {
            what: "move",
            text: what,
            why: format!("the game is over ({})", self.end().map_or("", NEnd::name)),
        }
    }

    /// The legal move of `action`.
    ///
    /// # Errors
    /// [`NTextError`] naming the action and the legal ones, or saying the game is over.
    pub fn move_of(&self, action: usize) -> Result<NMove, NTextError> {
        if self.end().is_some() {
            return Err(self.over(format!("action {action}")));
        }
        let mover = self.line.current().mover as usize;
        self.legal()
            .iter()
            .copied()
            .find(|&mv| self.game.action_of(mover, mv) == action)
            .ok_or_else(|| NTextError {
                what: "action",
                text: action.to_string(),
                why: format!(
                    "not a legal action of player {}: legal actions are {:?}",
                    mover + 1,
                    self.legal_actions()
                ),
            })
    }

    /// Plays a legal `action`.
    ///
    /// # Errors
    /// As [`NState::move_of`].
    pub fn apply_action(&mut self, action: usize) -> Result<(), NTextError> {
        let mv = self.move_of(action)?;
        self.line.play(&self.game, mv);
        self.played.push(mv);
        Ok(())
    }

    /// Plays the legal move named `text`; returns its action.
    ///
    /// # Errors
    /// [`NTextError`] naming the move and the legal ones, or saying the game is over.
    pub fn apply_move(&mut self, text: &str) -> Result<usize, NTextError> {
        let action = self.action_of_text(text)?;
        self.apply_action(action)?;
        Ok(action)
    }

    /// The action of the legal move named `text`.
    ///
    /// # Errors
    /// As [`NState::apply_move`].
    pub fn action_of_text(&self, text: &str) -> Result<usize, NTextError> {
        if self.end().is_some() {
            return Err(self.over(format!("`{text}`")));
        }
        let pos = self.line.current();
        let mv = self.game.parse_move(pos, text)?;
        Ok(self.game.action_of(pos.mover as usize, mv))
    }

    /// Each player's score (hand plus own houses), player 1 first; final once the game is over.
    pub fn scores(&self) -> Vec<u32> {
        self.game.scores(self.line.current())[..self.game.players()].to_vec()
    }

    /// The returns (see the module doc); all 0 while the game goes on.
    pub fn returns(&self) -> Vec<f64> {
        let n = self.game.players();
        if self.end().is_none() {
            return vec![0.0; n];
        }
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let first = scores.iter().filter(|&&s| s == best).count() as f64;
        scores
            .iter()
            .map(|&s| {
                let share = if s == best { 1.0 / first } else { 0.0 };
                (n as f64 * share - 1.0) / (n as f64 - 1.0)
            })
            .collect()
    }

    /// The observation of `observer` (see the module doc), flattened row by row.
    pub fn observation(&self, observer: usize) -> Vec<f32> {
        let game = &self.game;
        let n = game.players();
        let pos = self.line.current();
        let mut out = Vec::with_capacity(n * (game.houses_each() + 2));
        for r in 0..n {
            let p = (observer + r) % n;
            out.extend(
                game.own(p)
                    .iter()
                    .map(|&t| f32::from(pos.houses[t as usize])),
            );
            out.push(f32::from(pos.hands[p]));
            out.push(f32::from(u8::from(pos.mover as usize == p)));
        }
        out
    }

    /// The position text of the current position.
    pub fn position_text(&self) -> String {
        self.game.format_position(self.line.current())
    }

    /// The position text of the start of the state's history.
    pub fn start_text(&self) -> String {
        self.game.format_position(&self.line.positions[0])
    }

    /// The actions played since the start.
    pub fn history(&self) -> Vec<usize> {
        (self.line.positions.iter().zip(&self.played))
            .map(|(pos, &mv)| self.game.action_of(pos.mover as usize, mv))
            .collect()
    }

    /// The names of the moves played since the start.
    pub fn moves(&self) -> Vec<String> {
        self.played
            .iter()
            .map(|&mv| self.game.format_move(mv))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(game: &str, position: Option<&str>, cap: u32) -> NState {
        let game = Arc::new(NGame::new(game.parse().unwrap()));
        NState::new(game, position, None, cap).unwrap()
    }

    #[test]
    fn returns_split_the_win_and_sum_to_zero() {
        // Hand-worked: only player 3 can move, so the game is over; scores 20, 12, 4.
        let s = state(
            "kpo(players=3)",
            Some("0,0,0,0/0,0,0,0/1,1,1,1 20-12-0 1"),
            1000,
        );
        assert_eq!(s.end(), Some(NEnd::Normal));
        assert_eq!(s.returns(), vec![1.0, -0.5, -0.5]);
        // Scores 17, 17, 2: players 1 and 2 share the win, (3/2 - 1)/2 each.
        let s = state(
            "kpo(players=3)",
            Some("0,0,0,0/0,0,0,0/0,0,0,2 17-17-0 2"),
            1000,
        );
        assert_eq!(s.returns(), vec![0.25, 0.25, -0.5]);
    }

    #[test]
    fn actions_name_the_moves_and_the_ply_cap_ends_the_game() {
        let mut s = state("kpo(players=3)", None, 2);
        assert_eq!(s.legal_actions(), (0..8).collect::<Vec<_>>());
        assert_eq!(s.apply_move("B-").unwrap(), 3);
        s.apply_action(0).unwrap();
        assert_eq!(s.history(), vec![3, 0]);
        assert_eq!(s.moves(), vec!["B-", "A+"]);
        assert_eq!(s.end(), Some(NEnd::PlyCap));
        assert!(s.legal_actions().is_empty() && s.current_player().is_none());
        let e = s.apply_action(0).unwrap_err().to_string();
        assert!(e.contains("the game is over (ply-cap)"), "{e}");
        // Okwe for four: houses A..E, then hand (5) and pass (6).
        let okwe = NGame::new("okwe(players=4)".parse().unwrap());
        assert_eq!(okwe.num_actions(), 7);
        assert_eq!(okwe.action_of(0, NMove::Hand), 5);
        assert_eq!(okwe.action_of(0, NMove::Pass), 6);
    }
}
