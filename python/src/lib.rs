//! `mancala._mancala`: the Rust side of the Python package `mancala` (PyO3).
//!
//! Thin by design: every rule lives in the `mancala` crate. Games and states are the crate's
//! game-erased [`DynState`]s; jobs (solve, perft, databases, matches) are the crate's job
//! layer ([`jobs::execute`]) fed a JSON request and returning the JSON report the command line
//! prints with `--json`; the GIL is released for the whole of every job and search.

use mancala::agents::{mcts, AgentSpec, Rollout};
use mancala::dynamic::{self, DynAgent, DynState};
use mancala::jobs::{self, ErrorKind, JobError, Request, RunFiles};
use mancala::multi::NGameSpec;
use mancala::rules::{GameJob, GameSpec, Rules};
use mancala::Side;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

mod external;
mod multi;

create_exception!(
    _mancala,
    StoppedError,
    PyRuntimeError,
    "A limit (max_nodes, max_seconds) stopped the work first; the message gives the bounds proved."
);

/// `pyspiel.PlayerId.TERMINAL`: `current_player()` of a finished game.
const TERMINAL: i64 = -4;

/// Bad input of any kind as `ValueError`.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A job error as the exception of its kind: bad input `ValueError`, a limit `StoppedError`,
/// a failure `RuntimeError`; the message with its causes, a flag it names as the keyword
/// argument (`--max-plies` is `max_plies`).
fn job_error(e: JobError) -> PyErr {
    let (message, _) = jobs::in_keys(&format!("{e:#}"));
    match e.kind() {
        ErrorKind::Input => PyValueError::new_err(message),
        ErrorKind::Stopped => StoppedError::new_err(message),
        ErrorKind::Failed => PyRuntimeError::new_err(message),
    }
}

/// A game string, parsed (`ValueError` naming the bad token).
fn parse_game(text: &str) -> PyResult<GameSpec> {
    text.parse::<GameSpec>()
        .map_err(|e| value_error(format!("bad game string `{text}`: {e}")))
}

/// Player index (0 South, 1 North).
fn player_index(side: Side) -> i64 {
    side.index() as i64
}

/// A game: rules chosen by a game string (RULES.md §12), with a ply cap.
#[pyclass(module = "mancala", frozen)]
pub struct Game {
    spec: GameSpec,
    max_plies: u32,
    /// The start state, for the game's constants.
    start: Box<dyn DynState>,
}

/// The whole-number argument `name` = `value` in `lo..=hi` (a ValueError naming it and the
/// range, not an OverflowError or a TypeError).
fn whole_arg(value: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    value
        .extract::<u64>()
        .ok()
        .filter(|v| (lo..=hi).contains(v))
        .ok_or_else(|| {
            let shown = value
                .repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string());
            value_error(format!(
                "{name}={shown}: expected a whole number from {lo} to {hi}"
            ))
        })
}

/// A `max_game_length` argument as a ply cap, 1 to 2^32 - 1.
fn ply_cap(max_game_length: &Bound<'_, PyAny>) -> PyResult<u32> {
    let cap = whole_arg(max_game_length, "max_game_length", 1, u32::MAX.into())?;
    Ok(u32::try_from(cap).expect("at most u32::MAX"))
}

/// The message of a call of `function` with the unknown keyword argument `keyword`, naming
/// the keywords it takes (`taken`): every function and class of the package says it so.
#[pyfunction]
fn unknown_keyword(function: &str, keyword: &str, taken: Vec<String>) -> String {
    format!(
        "{function}(): unknown keyword argument `{keyword}`; it takes {}",
        taken.join(", ")
    )
}

/// A ValueError for the first of `kwargs` (the `**kwargs` of `function`, which takes the
/// keywords `taken`), if any.
fn refuse_keywords(
    function: &str,
    kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    taken: &[&str],
) -> PyResult<()> {
    match kwargs.and_then(|k| k.keys().iter().next()) {
        Some(keyword) => Err(value_error(unknown_keyword(
            function,
            &keyword.str()?.to_string(),
            taken.iter().map(|t| t.to_string()).collect(),
        ))),
        None => Ok(()),
    }
}

impl Game {
    fn make(spec: GameSpec, max_plies: u32) -> PyResult<Game> {
        let start = dynamic::new_state(&spec, None, None, max_plies).map_err(value_error)?;
        Ok(Game {
            spec,
            max_plies,
            start,
        })
    }

    fn state(&self, position: Option<&str>, moves: Option<&str>) -> PyResult<State> {
        let inner =
            dynamic::new_state(&self.spec, position, moves, self.max_plies).map_err(value_error)?;
        Ok(State { inner })
    }
}

#[pymethods]
impl Game {
    /// Game(game_string, max_game_length=1000): the game named by a game string, such as
    /// "kalah(houses=6,seeds=4)"; a game ends at max_game_length moves at the latest (scored
    /// as a repetition would be: each player takes the seeds on their side). Raises ValueError
    /// naming the bad token of a bad game string.
    #[new]
    #[pyo3(signature = (game, max_game_length = None))]
    fn new(game: &str, max_game_length: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
        let cap = max_game_length.map_or(Ok(1000), ply_cap)?;
        Game::make(parse_game(game)?, cap)
    }

    /// The state at the start of the game.
    fn new_initial_state(&self) -> PyResult<State> {
        self.state(None, None)
    }

    /// A state from position text (RULES.md §12) and optional moves (names, space-separated).
    #[pyo3(signature = (position = None, moves = None))]
    fn new_state(&self, position: Option<&str>, moves: Option<&str>) -> PyResult<State> {
        self.state(position, moves)
    }

    /// The state `State.serialize()` wrote: its start position text, a newline and the moves
    /// played (space-separated); a bare position text is a state without history.
    fn deserialize_state(&self, text: &str) -> PyResult<State> {
        let (position, moves) = text.split_once('\n').unwrap_or((text, ""));
        self.state(Some(position.trim()), Some(moves))
    }

    /// The number of distinct integer actions: every action lies in 0..num_distinct_actions().
    fn num_distinct_actions(&self) -> usize {
        self.start.num_actions()
    }

    /// The ply cap: most moves a game lasts.
    fn max_game_length(&self) -> u32 {
        self.max_plies
    }

    /// 2.
    fn num_players(&self) -> usize {
        2
    }

    /// -1.0 (a loss).
    fn min_utility(&self) -> f64 {
        -1.0
    }

    /// +1.0 (a win).
    fn max_utility(&self) -> f64 {
        1.0
    }

    /// 0.0: the returns of a finished game sum to zero.
    fn utility_sum(&self) -> f64 {
        0.0
    }

    /// The observation tensor's shape: [2, houses + 2] for two-row games, [2, 19] for
    /// four-row games (see State.observation_tensor).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.start.observation_shape()
    }

    /// The observation tensor's length (the product of its shape).
    fn observation_tensor_size(&self) -> usize {
        self.start.observation_shape().iter().product()
    }

    /// The game's name (`kalah`, `oware`, `bao-la-kete`, ...).
    #[getter]
    fn name(&self) -> String {
        let s = self.spec.to_string();
        s.split('(').next().unwrap_or(&s).to_string()
    }

    /// The canonical game string.
    fn game_string(&self) -> String {
        self.spec.to_string()
    }

    fn __str__(&self) -> String {
        self.spec.to_string()
    }

    fn __repr__(&self) -> String {
        format!("mancala.load_game({:?})", self.spec.to_string())
    }

    fn __eq__(&self, other: &Game) -> bool {
        self.spec == other.spec && self.max_plies == other.max_plies
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.spec.to_string().hash(&mut h);
        self.max_plies.hash(&mut h);
        h.finish()
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, u32))> {
        let class = py.get_type::<Game>().into_any().unbind();
        Ok((class, (self.spec.to_string(), self.max_plies)))
    }
}

/// A position of a game with its history (the repetition rule sees it). Players: 0 South
/// (moves first), 1 North.
#[pyclass(module = "mancala")]
pub struct State {
    inner: Box<dyn DynState>,
}

impl State {
    /// The player (0 or 1) of the optional argument, else the player to move (or who would
    /// move, once the game is over).
    fn viewer(&self, player: Option<i64>) -> PyResult<usize> {
        match player {
            None => Ok(self.inner.side_to_move().index()),
            Some(p @ (0 | 1)) => Ok(p as usize),
            Some(p) => Err(value_error(format!("player {p}: players are 0 and 1"))),
        }
    }

    /// The action of `args` = (action,) or (player, action), as OpenSpiel calls it.
    fn split_player<'py, T: FromPyObjectOwned<'py>>(
        args: &Bound<'py, PyTuple>,
        what: &str,
    ) -> PyResult<T> {
        match args.len() {
            1 => args.get_item(0)?.extract::<T>().map_err(Into::into),
            2 => args.get_item(1)?.extract::<T>().map_err(Into::into),
            n => Err(PyTypeError::new_err(format!(
                "{what}() takes ({what_arg}) or (player, {what_arg}); got {n} arguments",
                what_arg = if what == "action_to_string" {
                    "action"
                } else {
                    "text"
                }
            ))),
        }
    }
}

#[pymethods]
impl State {
    /// The legal actions, increasing (empty when the game is over). The optional player
    /// argument is accepted as OpenSpiel does: the other player has no legal actions
    /// (ValueError for a player other than 0 and 1).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<usize>> {
        self.viewer(player)?;
        Ok(match (player, self.inner.current_player()) {
            (Some(p), Some(side)) if p != player_index(side) => Vec::new(),
            _ => self.inner.legal_actions(),
        })
    }

    /// A list of num_distinct_actions() 0/1 values, 1 for the legal actions.
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> PyResult<Vec<u8>> {
        let mut mask = vec![0u8; self.inner.num_actions()];
        for a in self.legal_actions(player)? {
            mask[a] = 1;
        }
        Ok(mask)
    }

    /// The legal moves' names, in the order of legal_actions().
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays a legal action. ValueError naming the action and the legal ones otherwise.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let a = usize::try_from(action)
            .map_err(|_| value_error(format!("action {action} is not an action (negative)")))?;
        self.inner.apply_action(a).map_err(value_error)
    }

    /// Plays a move by name (e.g. "C"); returns its action.
    fn apply_move(&mut self, text: &str) -> PyResult<usize> {
        let a = self.inner.string_to_action(text).map_err(value_error)?;
        self.inner.apply_action(a).map_err(value_error)?;
        Ok(a)
    }

    /// The state with `action` played (this one unchanged).
    fn child(&self, action: i64) -> PyResult<State> {
        let mut s = self.clone();
        s.apply_action(action)?;
        Ok(s)
    }

    /// A copy.
    fn clone(&self) -> State {
        State {
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// `n` random playouts from this state, run in Rust with the GIL released: the rollout of
    /// `mcts(rollout=random)` (`mancala::agents::mcts::rollout`): uniformly random moves until
    /// the rules end the game, at most `ROLLOUT_PLIES` (1,000) moves, then scored as the
    /// repetition rule scores it; this state's repetition history and ply cap are not
    /// consulted. One ChaCha8 stream seeded by `seed` serves all `n` playouts, so `seed` and `n`
    /// fix the result. Returns a dict: `playouts` (n), `plies` (total moves played over all
    /// playouts), `south_wins`, `draws`, `south_losses` (from South's, player 0's, point of
    /// view; the three sum to n). The state is unchanged.
    #[pyo3(signature = (n, seed = 0))]
    fn random_playouts<'py>(
        &self,
        py: Python<'py>,
        n: u64,
        seed: u64,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        struct Playouts<'a>(&'a dyn DynState, u64, u64);
        impl GameJob for Playouts<'_> {
            type Output = [u64; 4];
            fn run<R: Rules>(self, _rules: R) -> [u64; 4] {
                let state = self
                    .0
                    .as_any()
                    .downcast_ref::<dynamic::State<R>>()
                    .expect("a state is the dynamic::State of the rules its spec names");
                let rules = state.rules();
                let pos = state.line().current();
                let mut rng = mancala::agents::rng(self.2);
                // [plies, South losses, draws, South wins]
                let mut totals = [0u64; 4];
                for _ in 0..self.1 {
                    let (half_points, plies) = mcts::rollout(rules, pos, Rollout::Random, &mut rng);
                    totals[0] += u64::from(plies);
                    totals[1 + usize::from(half_points)] += 1;
                }
                totals
            }
        }
        let inner = &*self.inner;
        let [plies, losses, draws, wins] =
            py.detach(|| mancala::rules::dispatch(inner.spec(), Playouts(inner, n, seed)));
        let d = pyo3::types::PyDict::new(py);
        d.set_item("playouts", n)?;
        d.set_item("plies", plies)?;
        d.set_item("south_wins", wins)?;
        d.set_item("draws", draws)?;
        d.set_item("south_losses", losses)?;
        Ok(d)
    }

    /// Whether the game is over (by its rules, a repetition, or the ply cap).
    fn is_terminal(&self) -> bool {
        self.inner.end().is_some()
    }

    /// False: no chance nodes in these games.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// False: one player moves at a time.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// How the game ended: "normal", "repetition" or "ply-cap"; None while it goes on.
    fn termination(&self) -> Option<&'static str> {
        self.inner.end().map(|e| e.name())
    }

    /// 0 (South) or 1 (North); -4 (pyspiel.PlayerId.TERMINAL) when the game is over.
    fn current_player(&self) -> i64 {
        self.inner.current_player().map_or(TERMINAL, player_index)
    }

    /// [South's, North's] result when the game is over: +1 win, -1 loss, 0 draw, decided by
    /// the final stores (margin()); [0, 0] while it goes on.
    fn returns(&self) -> Vec<f64> {
        if self.inner.end().is_none() {
            return vec![0.0, 0.0];
        }
        let m = self.margin();
        let r = m.signum() as f64;
        vec![r, -r]
    }

    /// The return of one player (0 South, 1 North).
    fn player_return(&self, player: i64) -> PyResult<f64> {
        let p = self.viewer(Some(player))?;
        Ok(self.returns()[p])
    }

    /// The rewards of the last move: the returns once the game is over, else [0, 0].
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// The stores [South's, North's] in seeds; once the game is over, final (after the
    /// end-of-game rule: each side's seeds or what the game gives).
    fn stores(&self) -> [u32; 2] {
        self.inner.stores()
    }

    /// South's store minus North's (stores()), seeds; the final store difference once the
    /// game is over.
    fn margin(&self) -> i64 {
        let [s, n] = self.inner.stores();
        s as i64 - n as i64
    }

    /// The name of a legal action in the game's notation ("A", "c", "K+", "pass", ...):
    /// action_to_string(action) or, as OpenSpiel calls it, action_to_string(player, action).
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let action: i64 = Self::split_player(args, "action_to_string")?;
        let a = usize::try_from(action)
            .map_err(|_| value_error(format!("action {action} is not an action (negative)")))?;
        self.inner.action_to_string(a).map_err(value_error)
    }

    /// The action of a legal move's name: string_to_action(text) or
    /// string_to_action(player, text). ValueError naming the token otherwise.
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, args: &Bound<'_, PyTuple>) -> PyResult<usize> {
        let text: String = Self::split_player(args, "string_to_action")?;
        self.inner.string_to_action(&text).map_err(value_error)
    }

    /// The observation as a NumPy float32 array from `player`'s point of view (default: the
    /// player to move). Two-row games: shape (2, houses + 2); row 0 is `player`, row 1 the
    /// other; columns 0..houses the seeds in that player's houses from their left (letters
    /// A.. / a..), column `houses` their store, column `houses + 1` the game's state (Adi: 1
    /// for the last capturer; Cups: beans in hand; Woaley I, in the mover's row: 0 free
    /// choice, -1 own side only, 1 + i when house i of the mover-relative board must be
    /// lifted; else 0). Four-row games: shape (2, 19): holes A..P, reserve, kuu owned,
    /// 1 + the takasia-marked hole (0 none).
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let values = self.observation_values(player)?;
        let shape = self.inner.observation_shape();
        let array = PyArray1::from_vec(py, values);
        Ok(array.reshape(shape)?.into_any())
    }

    /// The observation as text: the position text (RULES.md §12), which is the same for both
    /// players (perfect information).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.viewer(player)?;
        Ok(self.inner.position_text())
    }

    /// The observation as a flat list of floats (as observation_tensor(), flattened).
    #[pyo3(signature = (player = None))]
    fn observation_values(&self, player: Option<i64>) -> PyResult<Vec<f32>> {
        let viewer = self.viewer(player)?;
        let mut values = self.inner.observation();
        if viewer != self.inner.side_to_move().index() {
            let half = values.len() / 2;
            let (a, b) = values.split_at_mut(half);
            a.swap_with_slice(b);
        }
        Ok(values)
    }

    /// The same text as observation_string (perfect information).
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        self.observation_string(player)
    }

    /// The start position text, a newline, and the moves played (space-separated):
    /// Game.deserialize_state reads it back with the history (the repetition rule and the ply
    /// cap depend on it).
    fn serialize(&self) -> String {
        format!(
            "{}\n{}",
            self.inner.start_text(),
            self.inner.moves().join(" ")
        )
    }

    /// The position text of the current position (RULES.md §12).
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

    /// The history as space-separated actions (as OpenSpiel writes it).
    fn history_str(&self) -> String {
        let h: Vec<String> = self.inner.history().iter().map(|a| a.to_string()).collect();
        h.join(", ")
    }

    /// Moves played since the start.
    fn move_number(&self) -> usize {
        self.inner.history().len()
    }

    /// The game of this state.
    fn get_game(&self) -> PyResult<Game> {
        Game::make(self.inner.spec().clone(), self.inner.max_plies())
    }

    /// The canonical game string.
    fn game_string(&self) -> String {
        self.inner.spec().to_string()
    }

    /// The board drawn in ASCII, North on top.
    fn __str__(&self) -> String {
        self.inner.draw()
    }

    fn __repr__(&self) -> String {
        format!(
            "<mancala.State {} | {} | moves: {}>",
            self.inner.spec(),
            self.inner.position_text(),
            self.inner.moves().join(" ")
        )
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, String, u32))> {
        let f = py.import("mancala")?.getattr("_state_from_text")?.unbind();
        Ok((
            f,
            (
                self.inner.spec().to_string(),
                self.serialize(),
                self.inner.max_plies(),
            ),
        ))
    }
}

/// A built-in agent from an agent string ("mcts(iterations=1000)", "alphabeta(depth=6)",
/// "random", ...), its randomness from `seed`.
#[pyclass(module = "mancala", frozen)]
pub struct Agent {
    spec: AgentSpec,
    seed: u64,
    /// One agent per game played, built on first use (agents are generic over the rules).
    by_game: Mutex<HashMap<String, Box<dyn DynAgent>>>,
}

#[pymethods]
impl Agent {
    /// Agent(agent_string, seed=1), seed 0 to 2^64 - 1. ValueError naming the bad token of a
    /// bad agent string, a seed out of range or an unknown keyword.
    #[new]
    #[pyo3(signature = (agent, seed = None, **kwargs))]
    fn new(
        agent: &str,
        seed: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Agent> {
        refuse_keywords("Agent", kwargs, &["agent", "seed"])?;
        let seed = seed.map_or(Ok(1), |s| whole_arg(s, "seed", 0, u64::MAX))?;
        let spec = agent
            .parse::<AgentSpec>()
            .map_err(|e| value_error(format!("bad agent string `{agent}`: {e}")))?;
        if matches!(spec, AgentSpec::Human) {
            return Err(value_error("agent `human` plays only in `mancala play`"));
        }
        Ok(Agent {
            spec,
            seed,
            by_game: Mutex::new(HashMap::new()),
        })
    }

    /// The action the agent plays in `state` (not over). The GIL is released while it
    /// thinks.
    fn step(&self, py: Python<'_>, state: &State) -> PyResult<usize> {
        let key = state.inner.spec().to_string();
        let state = &state.inner;
        py.detach(|| {
            let mut agents = self.by_game.lock().unwrap_or_else(|e| e.into_inner());
            if !agents.contains_key(&key) {
                let agent = state
                    .new_agent(&self.spec, self.seed)
                    .map_err(|e| e.to_string())?;
                agents.insert(key.clone(), agent);
            }
            let agent = agents.get_mut(&key).expect("inserted above");
            agent.step(&**state).map_err(|e| e.to_string())
        })
        .map_err(value_error)
    }

    /// The canonical agent string.
    fn __str__(&self) -> String {
        self.spec.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "mancala.Agent({:?}, seed={})",
            self.spec.to_string(),
            self.seed
        )
    }
}

/// An endgame database opened once (every layer's checksum verified) and probed from any
/// number of threads.
#[pyclass(module = "mancala", frozen)]
pub struct Egdb {
    spec: GameSpec,
    db: Arc<mancala::egdb::Egdb>,
}

#[pymethods]
impl Egdb {
    /// Egdb(dir): opens the database in `dir` (as `mancala egdb build` writes it, e.g.
    /// databases/kalah). ValueError for a missing, damaged or foreign directory, or an
    /// unknown keyword.
    #[new]
    #[pyo3(signature = (dir, **kwargs))]
    fn new(
        py: Python<'_>,
        dir: PathBuf,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Egdb> {
        refuse_keywords("Egdb", kwargs, &["dir"])?;
        let (spec, db) = py.detach(|| dynamic::open_egdb(&dir)).map_err(job_error)?;
        Ok(Egdb {
            spec,
            db: Arc::new(db),
        })
    }

    /// The probe report of `state`'s position (the dict `mancala egdb probe --json` prints):
    /// value (the final store difference under perfect play, seeds, from the side to move:
    /// the stores as they stand plus what the board still brings; docs/databases.md), every
    /// move's value, a principal variation. The GIL is released during the probe.
    fn probe<'py>(&self, py: Python<'py>, state: &State) -> PyResult<Bound<'py, PyAny>> {
        let db: &Egdb_ = &self.db;
        let report = py.detach(|| state.inner.probe(db)).map_err(job_error)?;
        to_python(py, &report)
    }

    /// The game the database was built for.
    #[getter]
    fn game(&self) -> String {
        self.spec.to_string()
    }

    /// Most seeds on the board it covers.
    #[getter]
    fn max_seeds(&self) -> Option<u32> {
        self.db.max_seeds()
    }

    /// Its directory.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.db.dir().to_path_buf()
    }

    fn __repr__(&self) -> String {
        format!("mancala.Egdb({:?})", self.db.dir().display().to_string())
    }
}

type Egdb_ = mancala::egdb::Egdb;

/// A value serialized by serde, as Python objects (via JSON).
fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// run_job(request_json, results=None, out=None) -> report_json: runs a job-layer request
/// (the JSON of a job file: {"kind": "solve", "game": ..., ...}) with the GIL released and
/// returns its report as JSON (what `mancala ... --json` prints). With `results` and `out`,
/// writes the result files results/out.* (and resumes a match or tournament from them).
#[pyfunction]
#[pyo3(signature = (request, results = None, out = None, command_line = None))]
fn run_job(
    py: Python<'_>,
    request: &str,
    results: Option<PathBuf>,
    out: Option<&str>,
    command_line: Option<&str>,
) -> PyResult<String> {
    let request = Request::from_json(request).map_err(job_error)?;
    let files = match (results, out) {
        (Some(dir), Some(name)) => Some(
            RunFiles::new(&dir, name, command_line.unwrap_or("python: mancala"))
                .map_err(|e| value_error(e.to_string()))?,
        ),
        (None, None) => None,
        (Some(_), None) => return Err(value_error("results= needs out= (the result files' name)")),
        (None, Some(name)) => Some(
            RunFiles::new(
                std::path::Path::new("results"),
                name,
                command_line.unwrap_or("python: mancala"),
            )
            .map_err(|e| value_error(e.to_string()))?,
        ),
    };
    let report = py
        .detach(|| jobs::execute(&request, files.as_ref(), &()))
        .map_err(job_error)?;
    serde_json::to_string(&report).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// job_file_request(path) -> request_json: the request of a TOML job file (`solvers/*.toml`),
/// read by the crate's job-file parser (ValueError naming the file, line and key).
#[pyfunction]
fn job_file_request(path: PathBuf) -> PyResult<String> {
    let text = std::fs::read_to_string(&path)
        .map_err(|e| value_error(format!("{}: {e}", path.display())))?;
    let request = Request::from_toml(&text, &path).map_err(job_error)?;
    serde_json::to_string(&request).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// games() -> list of {"name", "keys": [{"key", "default", "values"}]}: every game string name
/// with its keys (as `mancala games --json`).
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_python(py, &mancala::rules::games())
}

/// build_id() -> {"crate", "python"}: the build ids compiled into this module, SHA-256s of the
/// sources it was built from: the `mancala` crate's (as `mancala --version` shows) and the
/// Python module's own (python/src, python/build.rs, python/Cargo.toml); src/source_hash.rs
/// says how they are computed.
#[pyfunction]
fn build_id() -> HashMap<&'static str, &'static str> {
    HashMap::from([
        ("crate", mancala::results::build_id()),
        ("python", env!("MANCALA_PYTHON_BUILD_ID")),
    ])
}

/// arena_keys(kind) -> the keys of a job file of `kind` ("match", "tournament", "series"),
/// without those of the other kinds.
#[pyfunction]
fn arena_keys(kind: &str) -> PyResult<Vec<&'static str>> {
    let kind = match kind {
        "match" => jobs::ArenaKind::Match,
        "tournament" => jobs::ArenaKind::Tournament,
        "series" => jobs::ArenaKind::Series,
        other => return Err(value_error(format!("`{other}` is not an arena kind"))),
    };
    Ok(jobs::ArenaRequest::keys(kind))
}

/// The canonical form of a game string (ValueError naming the bad token), of two players or
/// of three and four.
#[pyfunction]
fn canonical_game(game: &str) -> PyResult<String> {
    if NGameSpec::wants(game) {
        return game
            .parse::<NGameSpec>()
            .map(|s| s.to_string())
            .map_err(|e| value_error(format!("bad game string `{game}`: {e}")));
    }
    Ok(parse_game(game)?.to_string())
}

/// The canonical form of an agent string (ValueError naming the bad token).
#[pyfunction]
fn canonical_agent(agent: &str) -> PyResult<String> {
    agent
        .parse::<AgentSpec>()
        .map(|a| a.to_string())
        .map_err(|e| value_error(format!("bad agent string `{agent}`: {e}")))
}

/// load_game(game_string, max_game_length=1000) -> Game, or NPlayerGame for a game of three
/// or four players (`kpo(players=3)`, `azigo(players=4)`, ...).
#[pyfunction]
#[pyo3(signature = (game, max_game_length = None))]
fn load_game(
    py: Python<'_>,
    game: &str,
    max_game_length: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    if NGameSpec::wants(game) {
        let cap = max_game_length.map_or(Ok(1000), ply_cap)?;
        return Ok(Py::new(py, multi::NPlayerGame::make(game, cap)?)?.into_any());
    }
    Ok(Py::new(py, Game::new(game, max_game_length)?)?.into_any())
}

#[pymodule]
fn _mancala(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<multi::NPlayerGame>()?;
    m.add_class::<multi::NPlayerState>()?;
    m.add_class::<Agent>()?;
    m.add_class::<Egdb>()?;
    m.add("StoppedError", m.py().get_type::<StoppedError>())?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(run_job, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(build_id, m)?)?;
    m.add_function(wrap_pyfunction!(job_file_request, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_game, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_agent, m)?)?;
    m.add_function(wrap_pyfunction!(unknown_keyword, m)?)?;
    m.add_function(wrap_pyfunction!(arena_keys, m)?)?;
    external::add(m)?;
    Ok(())
}
