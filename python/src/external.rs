//! Python callables as players of the Rust arena, through the crate's external-player
//! interface (`mancala::agents::external`): the agent string `python(name=NAME)` plays with the
//! factory registered under NAME.
//!
//! The arena runs with the GIL released (`run_job`); a Python player takes it only while its
//! callable thinks (`Python::attach` in [`ExternalPlayer::choose`]). A Python exception loses
//! the game as a crash (the exception's text recorded), an illegal action as an illegal move,
//! an answer that is no action at all as a bad reply: never a panic, never an interpreter crash.

use crate::State;
use mancala::agents::external::{
    self, ExternalFactory, ExternalPlayer, Forfeit, MoveReply, MoveRequest,
};
use mancala::agents::Eval;
use mancala::dynamic;
use mancala::rules::GameSpec;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use std::sync::Arc;

/// Makes a player per game by calling `make(game_string, seed)`, which returns the callable
/// `f(state) -> action`.
struct PyFactory {
    make: Py<PyAny>,
    reproducible: bool,
}

/// One game's player: the callable and the game.
struct PyPlayer {
    f: Py<PyAny>,
    spec: GameSpec,
}

/// An exception's text: its type and message.
fn describe(py: Python<'_>, e: &PyErr) -> String {
    let kind = e
        .get_type(py)
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "exception".into());
    format!("{kind}: {}", e.value(py))
}

impl ExternalFactory for PyFactory {
    fn player(&self, game: &str, seed: u64) -> Result<Box<dyn ExternalPlayer>, String> {
        let spec = game
            .parse::<GameSpec>()
            .map_err(|e| format!("bad game string `{game}`: {e}"))?;
        let f = Python::attach(|py| {
            self.make
                .call1(py, (game, seed))
                .map_err(|e| format!("the Python agent's factory raised {}", describe(py, &e)))
        })?;
        Ok(Box::new(PyPlayer { f, spec }))
    }

    fn reproducible(&self) -> bool {
        self.reproducible
    }
}

impl ExternalPlayer for PyPlayer {
    fn choose(&mut self, request: &MoveRequest) -> Result<MoveReply, Forfeit> {
        // The state is rebuilt from the request's text without the GIL; no ply cap of its own
        // (the arena keeps the game's).
        let inner = dynamic::new_state(
            &self.spec,
            Some(request.start),
            Some(&request.moves.join(" ")),
            u32::MAX,
        )
        .map_err(|e| Forfeit::Crash(format!("the request's position could not be rebuilt: {e}")))?;
        let probe = inner.clone_box();
        Python::attach(|py| {
            let state =
                Py::new(py, State { inner }).map_err(|e| Forfeit::Crash(describe(py, &e)))?;
            let answer = self
                .f
                .call1(py, (state,))
                .map_err(|e| Forfeit::Crash(describe(py, &e)))?;
            let answer = answer.bind(py);
            // (action, eval): an evaluation in seeds from the mover's point of view.
            let (answer, eval) = match answer.cast::<PyTuple>() {
                Ok(t) if t.len() == 2 => {
                    let eval = t.get_item(1).ok().and_then(|e| e.extract::<f64>().ok());
                    (
                        t.get_item(0)
                            .map_err(|e| Forfeit::Garbage(describe(py, &e)))?,
                        eval,
                    )
                }
                _ => (answer.clone(), None),
            };
            let eval = eval.map(Eval::Seeds);
            if let Ok(text) = answer.cast::<PyString>() {
                return Ok(MoveReply {
                    mv: text.to_string(),
                    eval,
                });
            }
            if answer.is_instance_of::<pyo3::types::PyBool>() {
                return Err(Forfeit::Garbage(format!("`{answer}` is not an action")));
            }
            match answer.extract::<i64>() {
                Ok(a) => {
                    let name = usize::try_from(a)
                        .ok()
                        .and_then(|a| probe.action_to_string(a).ok())
                        .ok_or_else(|| {
                            Forfeit::Illegal(format!(
                                "action {a} is not legal here; legal: {}",
                                legal_pairs(&*probe)
                            ))
                        })?;
                    Ok(MoveReply { mv: name, eval })
                }
                Err(_) => {
                    let repr = answer
                        .repr()
                        .map(|r| r.to_string())
                        .unwrap_or_else(|_| "?".into());
                    Err(Forfeit::Garbage(format!(
                        "the Python agent answered {repr}, not an action (an int) or a move name"
                    )))
                }
            }
        })
    }
}

/// `action=name` pairs of the legal moves.
fn legal_pairs(state: &dyn dynamic::DynState) -> String {
    let pairs: Vec<String> = state
        .legal_actions()
        .iter()
        .zip(state.legal_moves())
        .map(|(a, m)| format!("{a}={m}"))
        .collect();
    pairs.join(" ")
}

/// register_python_agent(name, make, reproducible=False): the agent string
/// `python(name=NAME)` then plays with `make(game_string, seed)(state) -> action`.
/// `reproducible` says whether its moves depend only on the game and the seed (reported in
/// the run's manifest).
#[pyfunction]
#[pyo3(signature = (name, make, reproducible = false))]
fn register_python_agent(
    py: Python<'_>,
    name: &str,
    make: Py<PyAny>,
    reproducible: bool,
) -> PyResult<()> {
    if !make.bind(py).is_callable() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "register_python_agent(): `make` must be callable (make(game_string, seed) -> f), \
             not {}",
            make.bind(py).get_type().name()?
        )));
    }
    let spec = format!("python(name={name})");
    spec.parse::<mancala::agents::AgentSpec>()
        .map_err(|e| crate::value_error(format!("bad Python agent name `{name}`: {e}")))?;
    external::register(name, Arc::new(PyFactory { make, reproducible }));
    Ok(())
}

/// unregister_python_agent(name): removes the agent registered under `name`.
#[pyfunction]
fn unregister_python_agent(name: &str) {
    external::unregister(name);
}

/// registered_python_agents() -> the names registered.
#[pyfunction]
fn registered_python_agents() -> Vec<String> {
    external::registered_names()
}

/// Adds the registration functions to the module.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(register_python_agent, m)?)?;
    m.add_function(wrap_pyfunction!(unregister_python_agent, m)?)?;
    m.add_function(wrap_pyfunction!(registered_python_agents, m)?)?;
    Ok(())
}
