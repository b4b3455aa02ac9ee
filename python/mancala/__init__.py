"""Mancala (sowing) games for game-AI research, from Python.

Every rule lives in the Rust crate ``mancala``; this package is its Python face:

* games and states with an OpenSpiel-style API: ``load_game("kalah(houses=6,seeds=4)")``,
  ``game.new_initial_state()``, ``state.legal_actions()``, ``state.apply_action(a)``, ...
  Actions are integers (``Game.num_distinct_actions()``, mover-relative, see ``State``);
  their names are the game's move notation (``state.action_to_string(a)``);
* the toolkit's jobs, returning the reports ``mancala <command> --json`` prints, as dicts:
  ``solve``, ``perft``, ``egdb_build``, ``egdb_verify``, ``Egdb(dir).probe(state)``,
  ``match``, ``tournament``, ``run`` (a job file); built-in agents (``Agent``);
* Python callables as players in the Rust arena (``PythonAgent``);
* bridges: ``mancala.openspiel.register()`` (every game as a pyspiel game) and
  ``mancala.pettingzoo.env(game)`` (PettingZoo AEC environments).

Players: 0 is South (moves first), 1 North. ``State.returns()`` is +1/-1/0 from each player's
point of view, decided by the final store difference (``State.margin()``, South minus North).
Games of three and four players (``load_game("kpo(players=3)")``) are ``NPlayerGame`` and
``NPlayerState``, with the same methods: players 0..n in turn order, ``returns()`` a list of n,
+1 for a lone winner and -1/(n-1) for the others (docs/python.md).
Errors are exceptions: ``ValueError`` for bad input (naming the bad token), ``StoppedError``
when a limit stopped a job, ``RuntimeError`` for a failure (an output that cannot be written).
"""

from __future__ import annotations

import functools as _functools
import inspect as _inspect
import json as _json
import math as _math
import os as _os
import shlex as _shlex
import sys as _sys
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from ._mancala import (  # noqa: F401  (re-exported)
    Agent,
    Egdb,
    Game,
    NPlayerGame,
    NPlayerState,
    State,
    StoppedError,
    build_id,
    canonical_agent,
    canonical_game,
    games,
    arena_keys as _arena_keys,
    load_game as _load_game,
    unknown_keyword as _unknown_keyword,
    run_job as _run_job,
    job_file_request as _job_file_request,
)

try:  # the Python-callable players need the engine branch's external-player interface
    from ._mancala import register_python_agent as _register, unregister_python_agent as _unregister
except ImportError:  # pragma: no cover - built without the interface
    _register = _unregister = None

__all__ = [
    "Agent",
    "Egdb",
    "Game",
    "NPlayerGame",
    "NPlayerState",
    "PythonAgent",
    "State",
    "StoppedError",
    "analyze",
    "build_id",
    "canonical_agent",
    "canonical_game",
    "egdb_build",
    "egdb_stats",
    "egdb_verify",
    "games",
    "load_game",
    "match",
    "perft",
    "run",
    "solve",
    "tournament",
]

GameLike = Union[str, Game, State, NPlayerGame, NPlayerState]


_U64 = 2**64


def _keywords(f):
    """``f`` refusing an unknown keyword argument with a ValueError naming it and the keywords
    it takes (Python itself raises a TypeError)."""
    params = _inspect.signature(f).parameters.values()
    names = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]

    @_functools.wraps(f)
    def checked(*args, **kwargs):
        unknown = [k for k in kwargs if k not in names]
        if unknown:
            raise ValueError(_unknown_keyword(f.__name__, unknown[0], names))
        return f(*args, **kwargs)

    return checked


@_keywords
def load_game(game: str, max_game_length: int = 1000) -> Union[Game, NPlayerGame]:
    """The game of a game string (``Game(game, max_game_length)``); for a game of three or four
    players (``kpo(players=3)``, ``azigo(players=4)``, ...) an ``NPlayerGame``."""
    return _load_game(game, max_game_length)


def _state_from_text(game: str, text: str, max_game_length: int) -> State:
    """Rebuilds a pickled State."""
    return load_game(game, max_game_length).deserialize_state(text)


def _game_position_moves(game: GameLike, position: Optional[str], moves: Optional[Union[str, Sequence[str]]]):
    """(game string, position, moves) of a job: a State gives its start and moves."""
    if isinstance(moves, (list, tuple)):
        moves = " ".join(moves)
    if isinstance(game, (State, NPlayerState)):
        if position is not None or moves is not None:
            raise ValueError("give a State, or a game with position=/moves=, not both")
        played = game.moves()
        return game.game_string(), game.start(), " ".join(played) if played else None
    if isinstance(game, (Game, NPlayerGame)):
        return game.game_string(), position, moves
    if isinstance(game, str):
        return game, position, moves
    raise TypeError(f"game must be a game string, a Game or a State, not {type(game).__name__}")


def _job(request: Dict[str, Any], results: Optional[str] = None, out: Optional[str] = None) -> Dict[str, Any]:
    """Runs a job-layer request (GIL released) and returns its report as a dict."""
    request = {k: v for k, v in request.items() if v is not None}
    if "egdb" in request and isinstance(request["egdb"], Egdb):
        request["egdb"] = str(request["egdb"].dir)
    for key, value in request.items():
        # JSON would carry a larger integer as a floating-point number.
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value < _U64:
            raise ValueError(f"`{key}` = {value}: expected a whole number from 0 to {_U64 - 1}")
        # JSON has no NaN or infinity (json.dumps would write a bare `NaN`).
        if isinstance(value, float) and not _math.isfinite(value):
            raise ValueError(f"`{key}` = {value}: expected a finite number")
    command = "python: mancala." + str(request.get("kind")) + " " + _shlex.quote(_json.dumps(request))
    text = _run_job(_json.dumps(request), None if results is None else str(results), out, command)
    return _json.loads(text)


@_keywords
def solve(
    game: GameLike,
    position: Optional[str] = None,
    moves: Optional[Union[str, Sequence[str]]] = None,
    *,
    threads: Optional[int] = None,
    tt_mb: Optional[int] = None,
    egdb: Optional[Union[str, Egdb]] = None,
    value_only: bool = False,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    method: Optional[str] = None,
    check: Optional[str] = None,
    results: Optional[str] = None,
    out: Optional[str] = None,
) -> Dict[str, Any]:
    """Solves a position exactly; returns the report of ``mancala solve --json``.

    ``report["value"]`` is the final store difference under perfect play, in seeds, from the
    side to move's point of view; ``report["moves"]`` each legal move's value; ``report["pv"]``
    a principal variation. ``game`` is a game string, a Game (with ``position``/``moves``) or
    a State (its start and moves). ``threads`` default: every core; ``tt_mb``: table MiB
    (default sized to the seeds); ``egdb``: a database directory (or ``Egdb``) probed inside the
    search; ``method``: alphabeta (default), memo, plain, full, retrograde; ``check``: a second
    method that must agree. Raises ``StoppedError`` when ``max_nodes``/``max_seconds`` stop it.
    """
    g, position, moves = _game_position_moves(game, position, moves)
    return _job(
        dict(
            kind="solve",
            game=g,
            position=position,
            moves=moves,
            threads=threads,
            tt_mb=tt_mb,
            egdb=egdb,
            value_only=value_only,
            max_nodes=max_nodes,
            max_seconds=max_seconds,
            method=method,
            check=check,
        ),
        results,
        out,
    )


@_keywords
def perft(
    game: GameLike,
    depth: int,
    position: Optional[str] = None,
    moves: Optional[Union[str, Sequence[str]]] = None,
    *,
    divide: bool = False,
    threads: Optional[int] = None,
) -> Dict[str, Any]:
    """Counts the move sequences of exactly ``depth`` plies; the report of ``mancala perft --json``
    (``report["nodes"]``; ``report["divide"]`` per first move with ``divide=True``)."""
    g, position, moves = _game_position_moves(game, position, moves)
    return _job(dict(kind="perft", game=g, depth=depth, position=position, moves=moves, divide=divide, threads=threads))


@_keywords
def egdb_build(
    game: str,
    max_seeds: int,
    out: str = "databases",
    *,
    threads: Optional[int] = None,
    memory_limit: Optional[str] = None,
) -> Dict[str, Any]:
    """Builds endgame database layers 0..=max_seeds into ``out/<game>`` (Kalah; Awari/Oware with
    ``repetition=even-split``); the report of ``mancala egdb build --json`` (``report["dir"]``
    is the database directory for ``Egdb``). Complete layers are kept, so a build resumes."""
    return _job(
        dict(kind="egdb", game=game, max_seeds=max_seeds, out=str(out), threads=threads, memory_limit=memory_limit)
    )


@_keywords
def egdb_verify(
    dir: str, *, samples: int = 20, seed: int = 1, full: bool = False, threads: Optional[int] = None
) -> Dict[str, Any]:
    """Checks a database's headers and checksums and the layers its last build asked for,
    re-derives ``samples`` values per layer, and with ``full`` checks every entry against the
    one-step equation; the report of ``mancala egdb verify --json`` (``report["ok"]`` is false
    for a database that fails: no exception)."""
    return _job(dict(kind="egdb-verify", dir=str(dir), samples=samples, seed=seed, full=full, threads=threads))


@_keywords
def egdb_stats(dir: str) -> Dict[str, Any]:
    """Per-layer statistics of a database; the report of ``mancala egdb stats --json``."""
    return _job(dict(kind="egdb-stats", dir=str(dir)))


class PythonAgent:
    """A Python callable as a player of matches and tournaments run by the Rust arena.

    ``PythonAgent(f, name=None)``: ``f(state) -> action`` is called with a ``State`` (the game's
    start and every move played, so the repetition rule sees the history) whenever the agent
    must move, and returns a legal action (an int; a move name string is accepted too). The
    agent string is ``python(name=NAME)``, NAME defaulting to ``f.__name__``: result files
    record it, and a run resumes with an agent of the same name.

    ``PythonAgent.from_factory(make, name)``: ``make(game_string, seed) -> f`` builds one player
    per game with the game's seed (reproducible randomness, as the built-in agents have).

    ``f`` may also answer ``(action, eval)``, ``eval`` its evaluation in seeds from the mover's
    point of view (recorded with the game). ``reproducible=True`` declares that its moves depend
    only on the game and the seed (the run's manifest reports it).

    A Python exception raised by ``f`` loses that game (termination ``crash``, with the
    message); an illegal or unreadable answer loses it too (``illegal-move``, ``bad-reply``).
    The GIL is held only while ``f`` runs.
    """

    def __init__(self, f: Callable[[State], Any], name: Optional[str] = None, *, reproducible: bool = False):
        if not callable(f):
            raise TypeError("PythonAgent needs a callable f(state) -> action")
        self._make = lambda game, seed: f
        self.name = name or getattr(f, "__name__", None) or "python"
        self.reproducible = reproducible
        if self.name == "<lambda>":
            raise ValueError("give a lambda a name: PythonAgent(f, name=...)")
        canonical_agent(f"python(name={self.name})")  # ValueError for a name the string cannot hold

    @classmethod
    def from_factory(
        cls, make: Callable[[str, int], Callable[[State], Any]], name: str, *, reproducible: bool = False
    ) -> "PythonAgent":
        if not callable(make):
            raise TypeError(
                f"PythonAgent.from_factory needs a callable make(game_string, seed) -> f; got make={make!r}"
            )
        agent = cls.__new__(cls)
        agent._make = make
        agent.name = name
        agent.reproducible = reproducible
        canonical_agent(f"python(name={name})")
        return agent

    @property
    def agent_string(self) -> str:
        return canonical_agent(f"python(name={self.name})")

    def __repr__(self) -> str:
        return f"PythonAgent(name={self.name!r})"


def _agent_strings(agents: Iterable[Union[str, PythonAgent, Callable[[State], Any]]]):
    """Agent strings for the job, and the Python agents to register for its duration."""
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Iterable):
        raise ValueError(
            f"agents: expected a list of agents (agent strings, Agents, PythonAgents or callables), "
            f"got {agents!r}"
        )
    strings: List[str] = []
    python: List[PythonAgent] = []
    copies: Dict[str, int] = {}
    for a in agents:
        if isinstance(a, str):
            strings.append(a)
            continue
        if isinstance(a, Agent):
            strings.append(str(a))
            continue
        if not isinstance(a, PythonAgent):
            a = PythonAgent(a)
        if _register is None:
            raise RuntimeError("this build of mancala has no external-player interface for Python agents")
        copies[a.name] = copies.get(a.name, 0) + 1
        if copies[a.name] > 1:
            # Self-play: the same agent again plays as NAME#2, NAME#3, ...
            a = PythonAgent.from_factory(a._make, f"{a.name}#{copies[a.name]}", reproducible=a.reproducible)
        python.append(a)
        strings.append(a.agent_string)
    return strings, python


def _arena(kind: str, game: Union[str, Game], agents, results, out, **options) -> Dict[str, Any]:
    """Runs a match, tournament or analysis with the Python agents registered for its duration; an unknown
    keyword is refused naming the keywords ``match``/``tournament`` take (their parameters and
    the other keys of a job file of the kind)."""
    if kind in ("match", "tournament"):
        # `analyze` names its keywords itself (``@_keywords``).
        function = match if kind == "match" else tournament
        params = [p for p in _inspect.signature(function).parameters if p != "options"]
        taken = params + [k for k in _arena_keys(kind) if k not in params + ["kind", "description"]]
        unknown = [k for k in options if k not in taken]
        if unknown:
            raise ValueError(_unknown_keyword(kind, unknown[0], taken))
    if isinstance(game, (Game, NPlayerGame)):
        game = game.game_string()
    strings, python = _agent_strings(agents)
    for a in python:
        _register(a.name, a._make, a.reproducible)
    try:
        return _job(dict(kind=kind, game=game, agents=strings, **options), results, out)
    finally:
        for a in python:
            _unregister(a.name)


def match(
    game: Union[str, Game],
    agents: Sequence[Union[str, PythonAgent, Callable[[State], Any]]],
    *,
    rounds: Optional[int] = None,
    games: Optional[int] = None,
    openings: int = 0,
    seed: int = 1,
    threads: Optional[int] = None,
    max_plies: int = 1000,
    sprt: Optional[str] = None,
    results: Optional[str] = None,
    out: Optional[str] = None,
    **options: Any,
) -> Dict[str, Any]:
    """Two agents in seat-swapped pairs (``rounds`` pairs, default 10); the report of
    ``mancala match --json``: ``{"kind", "game", "agents", "games", "complete", "header", "rows",
    "text"}`` (``header`` and ``rows``: the CSV table, numbers as ints and floats, an empty cell
    ``None``). Agents are agent strings, ``Agent``s, ``PythonAgent``s or callables
    ``f(state) -> action``. With ``out`` (and ``results``, default ``results``) the result files
    ``results/out.{md,csv,json,games.jsonl}`` are written and an interrupted run resumes from
    them. The same seed gives the same games and tables (agents with work budgets).

    Any other key of a match job file (solvers/README.md) may be given too: ``position``,
    ``moves``, ``openings_file``, ``openings_order``, ``pgn``, ``tc``, ``movetime``, ``grace``,
    ``adjudicate_egdb``; an unknown key raises ``ValueError`` naming it."""
    given = dict(locals())
    return _arena("match", **given.pop("options"), **given)


def tournament(
    game: Union[str, Game],
    agents: Sequence[Union[str, PythonAgent, Callable[[State], Any]]],
    *,
    rounds: Optional[int] = None,
    games: Optional[int] = None,
    openings: int = 0,
    seed: int = 1,
    threads: Optional[int] = None,
    max_plies: int = 1000,
    results: Optional[str] = None,
    out: Optional[str] = None,
    **options: Any,
) -> Dict[str, Any]:
    """A round robin of three or more agents; the report of ``mancala tournament --json``
    (see ``match``; ``gauntlet=True``: the first agent against each of the others only)."""
    given = dict(locals())
    return _arena("tournament", **given.pop("options"), **given)


@_keywords
def analyze(
    game: Union[str, Game, None] = None,
    agents: Sequence[Union[str, PythonAgent, Callable[[State], Any]]] = (),
    *,
    positions: Optional[Union[str, "_os.PathLike[str]"]] = None,
    sample: Optional[int] = None,
    run: Optional[Union[str, "_os.PathLike[str]"]] = None,
    seed: int = 1,
    plies: Optional[str] = None,
    seeds: Optional[str] = None,
    sampler: Optional[str] = None,
    phases: int = 4,
    egdb: Optional[Union[str, "_os.PathLike[str]", Egdb]] = None,
    max_nodes: Optional[int] = None,
    max_seconds: Optional[float] = None,
    tt_mb: Optional[int] = None,
    threads: Optional[int] = None,
    blunders: int = 10,
    resamples: int = 1000,
    results: Optional[str] = None,
    out: Optional[str] = None,
) -> Dict[str, Any]:
    """The accuracy of agents against perfect play; the report of ``mancala analyze --json``:
    ``{"game", "source", "positions", "forced", "valued", "unvalued", "nodes", "agents":
    [{"agent", "unvalued", "all", "phases", "blunders_total", "blunders"}], "header", "rows",
    "text"}``. The positions: ``positions`` (a file, one position text a line), ``sample``
    (that many self-play positions of ``sampler``, default ``greedy``, after ``plies``
    ``"LO-HI"`` plies, default ``"10-40"``, holding ``seeds`` ``"LO-HI"`` seeds on the board if
    given, the plies then ``"0-1000"`` by default) or ``run`` (a finished run's ``NAME.games.jsonl``
    or its name: its agents' moves are judged; no ``agents`` then). Every legal move is valued
    exactly (the solver within ``max_nodes`` per position, from ``egdb`` where it covers the
    position); the loss of a move is the best move's value minus its value, seeds, from the
    mover's side. Agents are agent strings, ``Agent``s, ``PythonAgent``s or callables. With
    ``out`` (and ``results``, default ``results``) the result files
    ``results/out.{md,csv,json}`` are written, as ``match`` writes its own."""
    if run is not None:
        run = str(run)
    if positions is not None:
        positions = str(positions)
    if egdb is not None and not isinstance(egdb, Egdb):
        egdb = str(egdb)
    options = dict(
        positions=positions, sample=sample, run=run, seed=seed, plies=plies, seeds=seeds,
        sampler=sampler,
        phases=phases, egdb=egdb, max_nodes=max_nodes, max_seconds=max_seconds, tt_mb=tt_mb,
        threads=threads, blunders=blunders, resamples=resamples,
    )
    return _arena("analyze", game, list(agents), results, out, **options)


@_keywords
def run(job: Union[str, "_os.PathLike[str]", Dict[str, Any]], *, results: Optional[str] = None, out: Optional[str] = None) -> Dict[str, Any]:
    """Runs a job: a dict of a job file's keys (``{"kind": "solve", "game": ...}``) or the path of
    a TOML job file (``solvers/*.toml``); returns its report."""
    if not isinstance(job, dict):
        job = _json.loads(_job_file_request(str(job)))
    return _job(dict(job), results, out)
