//! Games of three and four players from Python: `NPlayerGame` and `NPlayerState`, the same
//! OpenSpiel-style methods as `Game` and `State` over the crate's [`NState`]
//! (`mancala::multi::state`: actions, returns, observation). `load_game` returns them for the
//! game strings `kpo(players=3)`, `azigo(players=4)`, ... ([`NGameSpec::wants`]).

use crate::{ply_cap, value_error, TERMINAL};
use mancala::multi::state::NState;
use mancala::multi::{NGame, NGameSpec};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::Arc;

/// A game of three or four players, with a ply cap.
#[pyclass(module = "mancala", frozen)]
pub struct NPlayerGame {
    game: Arc<NGame>,
    max_plies: u32,
}

impl NPlayerGame {
    /// The game of `text` (a game string [`NGameSpec::wants`]).
    pub(crate) fn make(text: &str, max_plies: u32) -> PyResult<NPlayerGame> {
        let spec = text
            .parse::<NGameSpec>()
            .map_err(|e| value_error(format!("bad game string `{text}`: {e}")))?;
        Ok(NPlayerGame {
            game: Arc::new(NGame::new(spec)),
            max_plies,
        })
    }

    fn state(&self, position: Option<&str>, moves: Option<&str>) -> PyResult<NPlayerState> {
        let inner =
            NState::new(self.game.clone(), position, moves, self.max_plies).map_err(value_error)?;
        Ok(NPlayerState { inner })
    }
}

#[pymethods]
impl NPlayerGame {
    /// NPlayerGame(game_string, max_game_length=1000): a game of three or four players, such as
    /// "kpo(players=3)"; a game ends at max_game_length moves at the latest (each player
    /// scoring hand plus own houses, as at a repetition).
    #[new]
    #[pyo3(signature = (game, max_game_length = None))]
    fn new(game: &str, max_game_length: Option<&Bound<'_, PyAny>>) -> PyResult<NPlayerGame> {
        let cap = max_game_length.map_or(Ok(1000), ply_cap)?;
        NPlayerGame::make(game, cap)
    }

    /// The state at the start of the game.
    fn new_initial_state(&self) -> PyResult<NPlayerState> {
        self.state(None, None)
    }

    /// A state from position text ("3,3,3,3/3,3,3,3/3,3,3,3 0-0-0 1") and optional moves
    /// (names, space-separated).
    #[pyo3(signature = (position = None, moves = None))]
    fn new_state(&self, position: Option<&str>, moves: Option<&str>) -> PyResult<NPlayerState> {
        self.state(position, moves)
    }

    /// The state `NPlayerState.serialize()` wrote: the start position text, a newline and the
    /// moves played.
    fn deserialize_state(&self, text: &str) -> PyResult<NPlayerState> {
        let (position, moves) = text.split_once('\n').unwrap_or((text, ""));
        self.state(Some(position.trim()), Some(moves))
    }

    /// The number of distinct actions: Kpo 2 a house a player (`X+` 2i, `X-` 2i + 1) and
    /// `pass`; Azigo/Okwe 1 a house, `hand` and `pass`.
    fn num_distinct_actions(&self) -> usize {
        self.game.num_actions()
    }

    /// The ply cap.
    fn max_game_length(&self) -> u32 {
        self.max_plies
    }

    /// 3 or 4.
    fn num_players(&self) -> usize {
        self.game.players()
    }

    /// -1/(n - 1): the return of a player who is not first.
    fn min_utility(&self) -> f64 {
        -1.0 / (self.game.players() as f64 - 1.0)
    }

    /// +1.0: the return of a lone winner.
    fn max_utility(&self) -> f64 {
        1.0
    }

    /// 0.0: the returns of a finished game sum to zero.
    fn utility_sum(&self) -> f64 {
        0.0
    }

    /// [players, houses each + 2] (see NPlayerState.observation_tensor).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.game.observation_shape().to_vec()
    }

    /// The observation tensor's length.
    fn observation_tensor_size(&self) -> usize {
        self.game.observation_shape().iter().product()
    }

    /// The game's name (`kpo`, `azigo`, `okwe`).
    #[getter]
    fn name(&self) -> String {
        self.game.spec().family.name().to_string()
    }

    /// The canonical game string.
    fn game_string(&self) -> String {
        self.game.spec().to_string()
    }

    fn __str__(&self) -> String {
        self.game_string()
    }

    fn __repr__(&self) -> String {
        format!("mancala.load_game({:?})", self.game_string())
    }

    fn __eq__(&self, other: &NPlayerGame) -> bool {
        self.game.spec() == other.game.spec() && self.max_plies == other.max_plies
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.game_string().hash(&mut h);
        self.max_plies.hash(&mut h);
        h.finish()
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, u32))> {
        let class = py.get_type::<NPlayerGame>().into_any().unbind();
        Ok((class, (self.game_string(), self.max_plies)))
    }
}

/// A position of a game of three or four players with its history (the repetition rule sees
/// it). Players 0..n (printed 1..n), 0 moves first.
#[pyclass(module = "mancala")]
pub struct NPlayerState {
    inner: NState,
}

impl NPlayerState {
    /// The player of the optional argument (0..n), else the player to move.
    fn viewer(&self, player: Option<i64>) -> PyResult<usize> {
        let n = self.inner.game().players();
        match player {
            None => Ok(self.inner.line().current().mover as usize),
            Some(p) if (0..n as i64).contains(&p) => Ok(p as usize),
            Some(p) => Err(value_error(format!(
                "player {p}: players are 0 to {}",
                n - 1
            ))),
        }
    }

    /// The last item of `args` = (x,) or (player, x), as OpenSpiel calls it.
    fn last_arg<'py, T: FromPyObjectOwned<'py>>(
        args: &Bound<'py, PyTuple>,
        what: &str,
    ) -> PyResult<T> {
        match args.len() {
            1 | 2 => args
                .get_item(args.len() - 1)?
                .extract::<T>()
                .map_err(Into::into),
            n => Err(PyTypeError::new_err(format!(
                "{what}() takes one argument or (player, argument); got {n} arguments"
            ))),
        }
    }

    fn action(action: i64) -> PyResult<usize> {
        usize::try_from(action)
            .map_err(|_| value_error(format!("action {action} is not an action (negative)")))
    }
}

#[pymethods]
impl NPlayerState {
    /// The legal actions, increasing (empty when the game is over, or for a `player` other
    /// than the one to move).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<usize>> {
        let p = self.viewer(player)?;
        Ok(match self.inner.current_player() {
            Some(mover) if mover == p => self.inner.legal_actions(),
            _ => Vec::new(),
        })
    }

    /// num_distinct_actions() 0/1 values, 1 for the legal actions.
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> PyResult<Vec<u8>> {
        let mut mask = vec![0u8; self.inner.game().num_actions()];
        for a in self.legal_actions(player)? {
            mask[a] = 1;
        }
        Ok(mask)
    }

    /// The legal moves' names ("A+", "B-", "hand", "pass"), in the order of legal_actions().
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays a legal action. ValueError naming the action and the legal ones otherwise.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.inner
            .apply_action(Self::action(action)?)
            .map_err(value_error)
    }

    /// Plays a move by name ("A+"); returns its action.
    fn apply_move(&mut self, text: &str) -> PyResult<usize> {
        self.inner.apply_move(text).map_err(value_error)
    }

    /// The state with `action` played (this one unchanged).
    fn child(&self, action: i64) -> PyResult<NPlayerState> {
        let mut s = self.clone();
        s.apply_action(action)?;
        Ok(s)
    }

    /// A copy.
    fn clone(&self) -> NPlayerState {
        NPlayerState {
            inner: self.inner.clone(),
        }
    }

    fn __copy__(&self) -> NPlayerState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> NPlayerState {
        self.clone()
    }

    /// Whether the game is over (no two players can move, a repetition, or the ply cap).
    fn is_terminal(&self) -> bool {
        self.inner.end().is_some()
    }

    /// False: no chance nodes.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// False: one player moves at a time.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// "normal", "repetition" or "ply-cap"; None while the game goes on.
    fn termination(&self) -> Option<&'static str> {
        self.inner.end().map(|e| e.name())
    }

    /// The player to move, 0..n; -4 (pyspiel.PlayerId.TERMINAL) when the game is over.
    fn current_player(&self) -> i64 {
        self.inner.current_player().map_or(TERMINAL, |p| p as i64)
    }

    /// Each player's return once the game is over, (n s - 1) / (n - 1) with s the player's
    /// share of the win (1/k for each of k players sharing the highest score, else 0): a lone
    /// winner +1, the others -1/(n - 1); the returns sum to 0. All 0 while the game goes on.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// The return of one player.
    fn player_return(&self, player: i64) -> PyResult<f64> {
        let p = self.viewer(Some(player))?;
        Ok(self.inner.returns()[p])
    }

    /// The rewards of the last move: the returns once the game is over, else all 0.
    fn rewards(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// Each player's score in seeds (hand plus own houses), player 0 first.
    fn scores(&self) -> Vec<u32> {
        self.inner.scores()
    }

    /// The name of a legal action: action_to_string(action) or action_to_string(player,
    /// action).
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let action: i64 = Self::last_arg(args, "action_to_string")?;
        let mv = self
            .inner
            .move_of(Self::action(action)?)
            .map_err(value_error)?;
        Ok(self.inner.game().format_move(mv))
    }

    /// The action of a legal move's name: string_to_action(text) or string_to_action(player,
    /// text).
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, args: &Bound<'_, PyTuple>) -> PyResult<usize> {
        let text: String = Self::last_arg(args, "string_to_action")?;
        self.inner.action_of_text(&text).map_err(value_error)
    }

    /// The observation of `player` (default: the player to move) as a NumPy float32 array of
    /// shape (players, houses each + 2): row r is player (player + r) mod n; columns the
    /// seeds in that player's houses in letter order, their hand, 1 if they are to move.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let values = self.observation_values(player)?;
        let shape = self.inner.game().observation_shape();
        Ok(PyArray1::from_vec(py, values).reshape(shape)?.into_any())
    }

    /// The observation as a flat list (as observation_tensor(), flattened).
    #[pyo3(signature = (player = None))]
    fn observation_values(&self, player: Option<i64>) -> PyResult<Vec<f32>> {
        Ok(self.inner.observation(self.viewer(player)?))
    }

    /// The position text, the same for every player (perfect information).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.viewer(player)?;
        Ok(self.inner.position_text())
    }

    /// The same text as observation_string.
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        self.observation_string(player)
    }

    /// The start position text, a newline, and the moves played (space-separated).
    fn serialize(&self) -> String {
        format!(
            "{}\n{}",
            self.inner.start_text(),
            self.inner.moves().join(" ")
        )
    }

    /// The position text of the current position.
    fn position(&self) -> String {
        self.inner.position_text()
    }

    /// The position text of the start of this state's history.
    fn start(&self) -> String {
        self.inner.start_text()
    }

    /// The names of the moves played since the start.
    fn moves(&self) -> Vec<String> {
        self.inner.moves()
    }

    /// The actions played since the start.
    fn history(&self) -> Vec<usize> {
        self.inner.history()
    }

    /// The history as comma-separated actions (as OpenSpiel writes it).
    fn history_str(&self) -> String {
        let h: Vec<String> = self.history().iter().map(|a| a.to_string()).collect();
        h.join(", ")
    }

    /// Moves played since the start.
    fn move_number(&self) -> usize {
        self.inner.history().len()
    }

    /// The game of this state.
    fn get_game(&self) -> NPlayerGame {
        NPlayerGame {
            game: self.inner.game().clone(),
            max_plies: self.inner.max_plies(),
        }
    }

    /// The canonical game string.
    fn game_string(&self) -> String {
        self.inner.game().spec().to_string()
    }

    /// The board as `mancala show` draws it, South's side at the bottom.
    fn __str__(&self) -> String {
        self.inner.game().draw(self.inner.line().current(), None)
    }

    fn __repr__(&self) -> String {
        format!(
            "<mancala.NPlayerState {} | {} | moves: {}>",
            self.game_string(),
            self.inner.position_text(),
            self.inner.moves().join(" ")
        )
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, String, u32))> {
        let f = py.import("mancala")?.getattr("_state_from_text")?.unbind();
        Ok((
            f,
            (self.game_string(), self.serialize(), self.inner.max_plies()),
        ))
    }
}
