//! Game-erased states: one object type for every game, chosen at run time from a game string,
//! with integer actions (as OpenSpiel numbers moves). The front end of the Python package and
//! of any program that does not want to be generic over [`Rules`].
//!
//! A [`DynState`] is a [`Line`] of one game (so the repetition rule sees the history) behind a
//! trait object made by [`new_state`], through [`dispatch`](crate::rules::dispatch). Actions
//! are [`Rules::action`] codes, `0..num_actions()`, mover-relative; their names are the
//! game's move notation ([`Rules::format_move`]).
//!
//! A game ends by its rules, by a repeated position (RULES.md §0), or at a ply cap
//! (`max_plies` moves since the state's start), scored as the arena scores it: as a repetition
//! would be ([`Rules::repetition_outcome`]).
//!
//! ```
//! use mancala::dynamic::new_state;
//! let spec = "kalah(houses=4,seeds=3)".parse().unwrap();
//! let mut state = new_state(&spec, None, None, 1000).unwrap();
//! assert_eq!(state.legal_actions(), vec![0, 1, 2, 3]);
//! state.apply_action(1).unwrap(); // `B`: 3 seeds into C, D and the store, an extra turn
//! assert_eq!(state.position_text(), "3,0,4,4/3,3,3,3 1-0 S");
//! assert_eq!(state.string_to_action("D").unwrap(), 3);
//! ```

use crate::agents::external::{Clock, Forfeit};
use crate::agents::{Agent, AgentError, AgentSpec, Resources};
use crate::core::{ParsePositionError, Side, Stop};
use crate::egdb::Egdb;
use crate::game::{Line, PlayError, Status};
use crate::jobs::{self, JobError, ProbeReport};
use crate::rules::{GameJob, GameSpec, ParseMoveError, Rules};
use std::any::Any;
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

/// Why a state could not be made or an action not played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StateError {
    /// Bad position text.
    #[error("bad position `{text}`: {error}")]
    Position {
        /// The text.
        text: String,
        /// What is wrong with it.
        error: ParsePositionError,
    },
    /// A move of a move list that cannot be played.
    #[error("bad moves: {0}")]
    Moves(PlayError),
    /// A move name that is not a move of the side to move.
    #[error("bad move: {0}")]
    Move(ParseMoveError),
    /// A move or action the rules do not allow here.
    #[error("{what} is not legal here; legal: {legal}")]
    Illegal {
        /// The move or action, as given (`move `X`` or `action 7`).
        what: String,
        /// The legal moves, `action=name` pairs.
        legal: String,
    },
    /// An agent could not move (an external player failed).
    #[error("the agent forfeited: {0}")]
    Forfeit(Forfeit),
    /// The game is over.
    #[error("{what}: the game is over")]
    Over {
        /// The move or action, as given.
        what: String,
    },
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// By the rules of the game.
    Rules,
    /// A position repeated (RULES.md §0).
    Repetition,
    /// The ply cap.
    PlyCap,
}

impl End {
    /// `normal`, `repetition` or `ply-cap`, as the arena's game records name them.
    pub fn name(self) -> &'static str {
        match self {
            End::Rules => "normal",
            End::Repetition => "repetition",
            End::PlyCap => "ply-cap",
        }
    }
}

/// A position of one game with its history, whatever the game. `Send + Sync`.
pub trait DynState: Send + Sync + fmt::Debug {
    /// The game.
    fn spec(&self) -> &GameSpec;
    /// A copy (the history included).
    fn clone_box(&self) -> Box<dyn DynState>;
    /// Itself, for downcasting to the generic state of one rules type.
    fn as_any(&self) -> &dyn Any;
    /// The number of distinct actions of the game ([`Rules::num_actions`]).
    fn num_actions(&self) -> usize;
    /// Most moves a game lasts from its start (the ply cap).
    fn max_plies(&self) -> u32;
    /// The legal actions in increasing order (none when the game is over).
    fn legal_actions(&self) -> Vec<usize>;
    /// The legal moves' names, in the order of [`DynState::legal_actions`].
    fn legal_moves(&self) -> Vec<String>;
    /// Plays `action`.
    ///
    /// # Errors
    /// [`StateError::Illegal`] naming the action and the legal ones, or [`StateError::Over`].
    fn apply_action(&mut self, action: usize) -> Result<(), StateError>;
    /// The name of legal `action`.
    ///
    /// # Errors
    /// [`StateError::Illegal`] if it is not legal here.
    fn action_to_string(&self, action: usize) -> Result<String, StateError>;
    /// The action of the move named `text`, which must be legal.
    ///
    /// # Errors
    /// [`StateError::Move`] naming the token, [`StateError::Illegal`], [`StateError::Over`].
    fn string_to_action(&self, text: &str) -> Result<usize, StateError>;
    /// How the game ended, or `None` while it goes on.
    fn end(&self) -> Option<End>;
    /// The player to move (`None` when the game is over).
    fn current_player(&self) -> Option<Side>;
    /// The player to move in the current position, or who would move once the game is over.
    fn side_to_move(&self) -> Side;
    /// The stores `[south, north]`; when the game is over, final (after the end-of-game rule,
    /// or the repetition rule for a repetition or the ply cap).
    fn stores(&self) -> [u32; 2];
    /// The position text (RULES.md §12) of the current position.
    fn position_text(&self) -> String;
    /// The position text of the start of the state's history.
    fn start_text(&self) -> String;
    /// The names of the moves played since the start.
    fn moves(&self) -> Vec<String>;
    /// The actions played since the start.
    fn history(&self) -> Vec<usize>;
    /// The board in ASCII, North on top ([`Rules::draw`]).
    fn draw(&self) -> String;
    /// The observation tensor's shape ([`Rules::observation_shape`]).
    fn observation_shape(&self) -> Vec<usize>;
    /// The observation of the current position from its mover's point of view (or, when
    /// the game is over, of the player who would move), as [`Rules::observe`] lays it out.
    fn observation(&self) -> Vec<f32>;
    /// The probe report of the current position from `db`, a database of this game.
    ///
    /// # Errors
    /// [`JobError`] (bad input) if `db` is of another game or does not cover the position.
    fn probe(&self, db: &Egdb) -> Result<ProbeReport, JobError>;
    /// An agent for this game, its randomness from `seed`.
    ///
    /// # Errors
    /// [`AgentError`] if its resources (databases) cannot be opened.
    fn new_agent(&self, spec: &AgentSpec, seed: u64) -> Result<Box<dyn DynAgent>, AgentError>;
}

impl Clone for Box<dyn DynState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// An agent of one game, choosing actions for [`DynState`]s of that game.
pub trait DynAgent: Send {
    /// The action the agent plays in `state` (a state of the agent's game, not over).
    ///
    /// # Errors
    /// [`StateError::Over`] if the game is over; [`StateError::Illegal`] if `state` is of
    /// another game; [`StateError::Forfeit`] if an external player failed.
    fn step(&mut self, state: &dyn DynState) -> Result<usize, StateError> {
        self.step_until(state, &Stop::default())
    }

    /// [`DynAgent::step`], the search stopped at `stop` whatever the agent's budget (it then
    /// plays the best move found so far; [`crate::agents::Clock::stop`]).
    ///
    /// # Errors
    /// As [`DynAgent::step`].
    fn step_until(&mut self, state: &dyn DynState, stop: &Stop) -> Result<usize, StateError>;
}

/// The state of one rules type: a [`Line`] and the rules.
pub struct State<R: Rules> {
    rules: Arc<R>,
    line: Line<R>,
    max_plies: u32,
}

impl<R: Rules> fmt::Debug for State<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State")
            .field("game", &self.rules.spec().to_string())
            .field("position", &self.position_text())
            .field("moves", &self.moves())
            .finish()
    }
}

impl<R: Rules> State<R> {
    /// A state of `rules` from `line`.
    pub fn new(rules: Arc<R>, line: Line<R>, max_plies: u32) -> State<R> {
        State {
            rules,
            line,
            max_plies,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The line of positions and moves.
    pub fn line(&self) -> &Line<R> {
        &self.line
    }

    /// The legal actions and their moves' names, by action.
    fn legal_named(&self) -> Vec<(usize, String)> {
        let pos = self.line.current();
        let mut pairs: Vec<(usize, String)> = self
            .children_if_on()
            .iter()
            .map(|c| (self.rules.action(c.mv), self.rules.format_move(pos, c.mv)))
            .collect();
        pairs.sort();
        pairs
    }

    fn legal_pairs(&self) -> String {
        let pairs = self.legal_named();
        if pairs.is_empty() {
            return "none".into();
        }
        let list: Vec<String> = pairs.iter().map(|(a, m)| format!("{a}={m}")).collect();
        list.join(" ")
    }

    /// The children, none when the game is over (the ply cap included).
    fn children_if_on(&self) -> crate::rules::Children<R> {
        if self.end().is_some() {
            crate::rules::Children::new()
        } else {
            self.line.children(&self.rules)
        }
    }

    fn illegal(&self, what: String) -> StateError {
        if self.end().is_some() {
            StateError::Over { what }
        } else {
            StateError::Illegal {
                what,
                legal: self.legal_pairs(),
            }
        }
    }
}

impl<R: Rules> DynState for State<R> {
    fn spec(&self) -> &GameSpec {
        self.rules.spec()
    }

    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(State {
            rules: self.rules.clone(),
            line: self.line.clone(),
            max_plies: self.max_plies,
        })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn num_actions(&self) -> usize {
        self.rules.num_actions()
    }

    fn max_plies(&self) -> u32 {
        self.max_plies
    }

    fn legal_actions(&self) -> Vec<usize> {
        let mut actions: Vec<usize> = self
            .children_if_on()
            .iter()
            .map(|c| self.rules.action(c.mv))
            .collect();
        actions.sort_unstable();
        actions
    }

    fn legal_moves(&self) -> Vec<String> {
        self.legal_named().into_iter().map(|(_, m)| m).collect()
    }

    fn apply_action(&mut self, action: usize) -> Result<(), StateError> {
        let child = self
            .children_if_on()
            .into_iter()
            .find(|c| self.rules.action(c.mv) == action)
            .ok_or_else(|| self.illegal(format!("action {action}")))?;
        self.line.push(&self.rules, child.mv, child.pos);
        Ok(())
    }

    fn action_to_string(&self, action: usize) -> Result<String, StateError> {
        self.children_if_on()
            .iter()
            .find(|c| self.rules.action(c.mv) == action)
            .map(|c| self.rules.format_move(self.line.current(), c.mv))
            .ok_or_else(|| self.illegal(format!("action {action}")))
    }

    fn string_to_action(&self, text: &str) -> Result<usize, StateError> {
        if self.end().is_some() {
            return Err(self.illegal(format!("move `{}`", text.trim())));
        }
        let mv = self
            .rules
            .parse_move(self.line.current(), text)
            .map_err(StateError::Move)?;
        if self.children_if_on().iter().any(|c| c.mv == mv) {
            Ok(self.rules.action(mv))
        } else {
            Err(self.illegal(format!("move `{}`", text.trim())))
        }
    }

    fn end(&self) -> Option<End> {
        match self.line.status(&self.rules) {
            Status::Over(_) => Some(End::Rules),
            Status::Repeated(_) => Some(End::Repetition),
            Status::Ongoing if self.line.moves().len() >= self.max_plies as usize => {
                Some(End::PlyCap)
            }
            Status::Ongoing => None,
        }
    }

    fn current_player(&self) -> Option<Side> {
        match self.end() {
            None => Some(self.rules.side_to_move(self.line.current())),
            Some(_) => None,
        }
    }

    fn side_to_move(&self) -> Side {
        self.rules.side_to_move(self.line.current())
    }

    fn stores(&self) -> [u32; 2] {
        let pos = self.line.current();
        let outcome = match self.line.status(&self.rules) {
            Status::Over(o) | Status::Repeated(o) => o,
            Status::Ongoing if self.end().is_some() => self.rules.repetition_outcome(pos),
            Status::Ongoing => crate::rules::Outcome::NOTHING,
        };
        self.rules.final_stores(pos, outcome)
    }

    fn position_text(&self) -> String {
        self.rules.format_position(self.line.current())
    }

    fn start_text(&self) -> String {
        self.rules.format_position(&self.line.positions()[0])
    }

    fn moves(&self) -> Vec<String> {
        let positions = self.line.positions();
        self.line
            .moves()
            .iter()
            .zip(positions)
            .map(|(&mv, pos)| self.rules.format_move(pos, mv))
            .collect()
    }

    fn history(&self) -> Vec<usize> {
        self.line
            .moves()
            .iter()
            .map(|&mv| self.rules.action(mv))
            .collect()
    }

    fn draw(&self) -> String {
        self.rules.draw(self.line.current())
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.rules.observation_shape()
    }

    fn observation(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.rules.observation_shape().iter().product()];
        self.rules.observe(self.line.current(), &mut out);
        out
    }

    fn probe(&self, db: &Egdb) -> Result<ProbeReport, JobError> {
        jobs::probe_open(&*self.rules, self.line.current(), db)
    }

    fn new_agent(&self, spec: &AgentSpec, seed: u64) -> Result<Box<dyn DynAgent>, AgentError> {
        let mut resources = Resources::default();
        resources.prepare(spec, &*self.rules)?;
        Ok(Box::new(GameAgent::<R> {
            agent: resources.build(&*self.rules, spec, seed),
        }))
    }
}

/// An agent of one rules type.
struct GameAgent<R: Rules> {
    agent: Box<dyn Agent<R>>,
}

impl<R: Rules> DynAgent for GameAgent<R> {
    fn step_until(&mut self, state: &dyn DynState, stop: &Stop) -> Result<usize, StateError> {
        let state =
            state
                .as_any()
                .downcast_ref::<State<R>>()
                .ok_or_else(|| StateError::Illegal {
                    what: format!("a state of `{}`", state.spec()),
                    legal: "states of the agent's game".into(),
                })?;
        if state.end().is_some() {
            return Err(StateError::Over {
                what: "the agent's step".into(),
            });
        }
        let choice = self
            .agent
            .choose(
                state.rules(),
                state.line(),
                &Clock {
                    stop: stop.clone(),
                    ..Clock::default()
                },
            )
            .map_err(StateError::Forfeit)?;
        Ok(state.rules().action(choice.mv))
    }
}

/// A state of the game `spec`: `position` (position text; default the start) with `moves`
/// (move names, whitespace- or comma-separated) played from it; the game ends at `max_plies`
/// moves from `position`.
///
/// # Errors
/// [`StateError::Position`] or [`StateError::Moves`] naming the bad text.
pub fn new_state(
    spec: &GameSpec,
    position: Option<&str>,
    moves: Option<&str>,
    max_plies: u32,
) -> Result<Box<dyn DynState>, StateError> {
    struct Make<'a>(Option<&'a str>, Option<&'a str>, u32);
    impl GameJob for Make<'_> {
        type Output = Result<Box<dyn DynState>, StateError>;
        fn run<R: Rules>(self, rules: R) -> Self::Output {
            let start = match self.0 {
                None => rules.start(),
                Some(text) => rules
                    .parse_position(text)
                    .map_err(|error| StateError::Position {
                        text: text.to_string(),
                        error,
                    })?,
            };
            let mut line = Line::new(start);
            if let Some(moves) = self.1 {
                line.play_text(&rules, moves).map_err(StateError::Moves)?;
            }
            Ok(Box::new(State::new(Arc::new(rules), line, self.2)))
        }
    }
    crate::rules::dispatch(spec, Make(position, moves, max_plies))
}

/// Opens the endgame database in `dir` for the game its first layer names.
///
/// # Errors
/// [`JobError`]: bad input for a missing, damaged or foreign directory.
pub fn open_egdb(dir: &std::path::Path) -> Result<(GameSpec, Egdb), JobError> {
    let spec = crate::egdb::game_of_dir(dir)?;
    struct Open<'a>(&'a std::path::Path);
    impl GameJob for Open<'_> {
        type Output = Result<Egdb, JobError>;
        fn run<R: Rules>(self, rules: R) -> Self::Output {
            Ok(Egdb::open(self.0, &rules)?)
        }
    }
    let db = crate::rules::dispatch(&spec, Open(dir))?;
    Ok((spec, db))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::{rng, uniform};

    /// Every game's default string and a reduced variant.
    const GAMES: &[&str] = &[
        "kalah(houses=4,seeds=3)",
        "oware",
        "awari",
        "wari",
        "woaley2",
        "woaley1",
        "woaley1(free-choice=own-side)",
        "adi",
        "giuti",
        "ayo",
        "kpo",
        "woaley2(no-capture-moves=20)",
        "oware(repetition-count=3)",
        "kalah(houses=4,seeds=3,end=empty-takes-rest)",
        "cups",
        "omweso",
        "bao-la-kete",
        "bao-la-kiswahili",
        "lela",
        "lela(hand=0,start=2.2.1.0.0.0.0.0.0.0.0.0.0.0)",
        "ajwa",
        "ajwa(choice=free)",
        "ajwa(choice=free,houses=5,seeds=2)",
        "okwe",
        "okwe(houses=6)",
    ];

    #[test]
    fn actions_are_distinct_below_the_bound_and_round_trip_through_names() {
        for game in GAMES {
            let spec: GameSpec = game.parse().unwrap();
            let mut r = rng(7);
            for _ in 0..20 {
                let mut state = new_state(&spec, None, None, 300).unwrap();
                while state.end().is_none() {
                    let actions = state.legal_actions();
                    assert!(!actions.is_empty(), "{game}");
                    assert!(
                        actions.windows(2).all(|w| w[0] < w[1]),
                        "{game}: {actions:?}"
                    );
                    assert!(*actions.last().unwrap() < state.num_actions(), "{game}");
                    for (&a, name) in actions.iter().zip(state.legal_moves()) {
                        assert_eq!(state.action_to_string(a).unwrap(), name);
                        assert_eq!(state.string_to_action(&name).unwrap(), a, "{game} {name}");
                    }
                    let obs = state.observation();
                    assert_eq!(
                        obs.len(),
                        state.observation_shape().iter().product::<usize>()
                    );
                    let a = actions[uniform(&mut r, actions.len())];
                    state.apply_action(a).unwrap();
                }
                assert!(state.legal_actions().is_empty());
                assert!(matches!(
                    state.apply_action(0),
                    Err(StateError::Over { .. })
                ));
                // The text of the start and the moves give the same state back.
                let again = new_state(
                    &spec,
                    Some(&state.start_text()),
                    Some(&state.moves().join(" ")),
                    300,
                )
                .unwrap();
                assert_eq!(again.position_text(), state.position_text());
                assert_eq!(again.stores(), state.stores());
                assert_eq!(again.end(), state.end());
                assert_eq!(again.history(), state.history());
            }
        }
    }

    #[test]
    fn kalah_observation_is_the_board_from_the_mover() {
        // Hand-worked: after South's `A` from 3,3,3,3/3,3,3,3 (B, C, D get one each), North
        // moves; its row (a..d 3,3,3,3, store 0) comes first, then South's (0,4,4,4, store 0).
        let spec: GameSpec = "kalah(houses=4,seeds=3)".parse().unwrap();
        let mut state = new_state(&spec, None, Some("A"), 1000).unwrap();
        assert_eq!(state.current_player(), Some(Side::North));
        assert_eq!(state.observation_shape(), vec![2, 6]);
        assert_eq!(
            state.observation(),
            vec![3., 3., 3., 3., 0., 0., 0., 4., 4., 4., 0., 0.]
        );
        assert_eq!(state.legal_actions(), vec![0, 1, 2, 3]);
        assert_eq!(state.action_to_string(0).unwrap(), "a");
        state.apply_action(3).unwrap(); // `d`: 3 seeds into North's store, A and B; South moves
        assert_eq!(state.moves(), vec!["A", "d"]);
        let err = state.string_to_action("Q").unwrap_err().to_string();
        assert!(err.contains("`Q`"), "{err}");
        let err = state.apply_action(9).unwrap_err().to_string();
        assert!(err.contains("action 9") && err.contains("0=A 1=B"), "{err}");
    }

    #[test]
    fn the_ply_cap_ends_the_game_scored_by_the_repetition_rule() {
        let spec: GameSpec = "oware".parse().unwrap();
        let mut state = new_state(&spec, None, Some("A"), 2).unwrap();
        state.apply_action(state.legal_actions()[0]).unwrap();
        assert_eq!(state.end(), Some(End::PlyCap));
        assert_eq!(state.current_player(), None);
        // No capture in two moves: each side takes the 24 seeds of its houses.
        assert_eq!(state.stores(), [24, 24]);
    }
}
