"""OpenSpiel bridge: every mancala game as a pyspiel Python game.

``register()`` registers one pyspiel game per game name of ``mancala.games()``, named
``mancala_<name>`` with ``-`` written ``_`` (``mancala_kalah``, ``mancala_oware``,
``mancala_bao_la_kete``, ...), whose parameters are the game string's keys with ``-`` written
``_`` (``houses``, ``seeds``, ``stop_at_majority``, ...) plus ``max_game_length`` (the ply cap,
default 1000: a game reaching it ends scored as a repetition would be). Values that are numbers
joined by ``-`` or ``.`` are written with ``_`` (``capture=2_3``, ``start=2_2_..._2`` with all
16 counts), since pyspiel reads a value starting with a digit as a number. Then::

    import pyspiel, mancala.openspiel
    mancala.openspiel.register()
    game = pyspiel.load_game("mancala_kalah(houses=4,seeds=3)")

and OpenSpiel's algorithms (MCTSBot, alpha-beta, evaluation loops, ``random_sim_test``) run on it.
The state keeps a ``mancala.State`` or ``mancala.NPlayerState`` (``spiel_state.mancala_state``): the rules run in Rust.

Actions are mancala's integer actions (``Game.num_distinct_actions()``; mover-relative: in
Kalah action ``i`` is house ``i`` of the player to move from their left). They differ from
OpenSpiel's own ``mancala`` game, whose actions are board pits (1..6 South's houses, 8..13
North's): see ``openspiel_mancala_action`` and docs/openspiel.md. Players: 0 South (first),
1 North; returns +1/-1/0 by the final store difference. ``mancala_kpo``, ``mancala_azigo`` and
``mancala_okwe`` take ``players=3`` and ``players=4`` too (``pyspiel.load_game(
"mancala_kpo(players=3)")``): players 0..n-1 in turn order, returns +1 for a lone winner and
-1/(n-1) for the others (shared firsts split the win: ``mancala.NPlayerState.returns``). Observations: the tensor of
``State.observation_tensor`` flattened (shape ``Game.observation_tensor_shape()``, from the
observing player's side); the observation string is the position text.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel

import mancala

_PREFIX = "mancala_"
_REGISTERED: Dict[str, type] = {}


def short_name(game_name: str) -> str:
    """The pyspiel name of a mancala game name: ``bao-la-kete`` -> ``mancala_bao_la_kete``."""
    return _PREFIX + game_name.replace("-", "_")


def openspiel_mancala_action(state: mancala.State, action: int) -> int:
    """The action of OpenSpiel's own ``mancala`` game (Kalah(6,4)) for our Kalah action in
    ``state``: South's house i is pit 1 + i, North's is pit 8 + i."""
    return (1 if state.current_player() == 0 else 8) + action


def _separator(key: Dict[str, str]) -> Optional[str]:
    """The separator of a key whose values are numbers joined by `-` or `.` (``capture=2-3``,
    ``start=0.0.2...``): pyspiel reads a value starting with a digit as a number, so the bridge
    writes these with ``_`` (``capture=2_3``, ``start=0_0_2_...``, always all 16 counts)."""
    for sep in ("-", "."):
        if f"joined by `{sep}`" in key["values"]:
            return sep
    # A default such as Azigo's `capture=1-3` (values `1-3 or 1-3-5`).
    for sep in ("-", "."):
        parts = key["default"].split(sep)
        if len(parts) > 1 and all(p.isdigit() for p in parts):
            return sep
    return None


def _parameter_default(key: Dict[str, str]) -> Any:
    """A key's default as an OpenSpiel parameter: int, bool or str, from its value text."""
    default, values = key["default"], key["values"]
    sep = _separator(key)
    if sep is not None:
        if sep == "." and sep not in default:  # one count for every hole: write all 16
            default = ".".join([default] * 16)
        return default.replace(sep, "_")
    if values.startswith("a whole number") or default.isdigit():
        # pyspiel reads a digit-led value as a number (and its own `players` key as an int)
        return int(default)
    if values == "true or false":
        return default == "true"
    return default


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class _Observer:
    """The PyObserver of a mancala game: the observation tensor and the position text."""

    def __init__(self, shape: List[int], params: Optional[Dict[str, Any]]):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: "MancalaSpielState", player: int) -> None:
        self.tensor[:] = state.mancala_state.observation_values(player)

    def string_from(self, state: "MancalaSpielState", player: int) -> str:
        return state.mancala_state.observation_string(player)


class MancalaSpielState(pyspiel.State):
    """A pyspiel state holding a ``mancala.State``."""

    def __init__(self, game: "MancalaSpielGame", inner: Optional[mancala.State] = None):
        super().__init__(game)
        self.mancala_state = inner if inner is not None else game.mancala_game.new_initial_state()

    def current_player(self) -> int:
        p = self.mancala_state.current_player()
        return pyspiel.PlayerId.TERMINAL if p < 0 else p

    def _legal_actions(self, player: int) -> List[int]:
        return self.mancala_state.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.mancala_state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.mancala_state.action_to_string(action)
        except ValueError:  # not legal here (names depend on the position)
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.mancala_state.is_terminal()

    def returns(self) -> List[float]:
        return self.mancala_state.returns()

    def __str__(self) -> str:
        return str(self.mancala_state)


class MancalaSpielGame(pyspiel.Game):
    """A pyspiel game of one mancala game name; subclassed per name by ``register``."""

    _NAME = ""
    _GAME_TYPE: Any = None
    _SEPARATORS: Dict[str, str] = {}

    def __init__(self, params: Optional[Dict[str, Any]] = None):
        defaults = dict(self._GAME_TYPE.parameter_specification)
        spec = dict(defaults)
        spec.update(params or {})
        max_length = int(spec.pop("max_game_length"))
        # Keys at their registered default are left out, so that a default that follows another
        # key (Ayo's `goal` follows `houses`, Wari-72's `capture` follows `seeds`) follows it
        # here too; so is a key whose default is empty (Adi's `bought`: no house bought).
        spec = {k: v for k, v in spec.items() if v != defaults[k] and _value_text(v)}
        for k, sep in self._SEPARATORS.items():
            if k in spec:
                spec[k] = str(spec[k]).replace("_", sep)
        keys = ",".join(f"{k.replace('_', '-')}={_value_text(v)}" for k, v in spec.items())
        game_string = f"{self._NAME}({keys})" if keys else self._NAME
        self.mancala_game = mancala.load_game(game_string, max_length)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.mancala_game.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=self.mancala_game.num_players(),
            min_utility=self.mancala_game.min_utility(),
            max_utility=self.mancala_game.max_utility(),
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(self._GAME_TYPE, info, params or dict())

    def new_initial_state(self) -> MancalaSpielState:
        return MancalaSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self.mancala_game.observation_tensor_shape(), params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


def register() -> List[str]:
    """Registers every mancala game with pyspiel (once); returns their pyspiel names."""
    names = []
    registered = set(pyspiel.registered_names())
    for g in mancala.games():
        name = short_name(g["name"])
        names.append(name)
        if name in _REGISTERED or name in registered:
            continue
        params = {k["key"].replace("-", "_"): _parameter_default(k) for k in g["keys"]}
        params["max_game_length"] = 1000
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"Mancala: {g['name']} (mancala toolkit, Rust)",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            # Kpo, Azigo and Okwe take players=3 and 4 too (NPlayerGame).
            max_num_players=4 if "players" in params else 2,
            min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=params,
        )
        cls = type(
            "MancalaSpielGame_" + g["name"].replace("-", "_"),
            (MancalaSpielGame,),
            {
                "_NAME": g["name"],
                "_GAME_TYPE": game_type,
                "_SEPARATORS": {
                    k["key"].replace("-", "_"): _separator(k) for k in g["keys"] if _separator(k)
                },
            },
        )
        pyspiel.register_game(game_type, cls)
        _REGISTERED[name] = cls
    return names
