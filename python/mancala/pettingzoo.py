"""PettingZoo AEC environments of every mancala game.

``env("oware")`` (any game string; ``max_game_length`` the ply cap, default 1000) returns an
AEC environment wrapped as PettingZoo's classic environments are (illegal moves lose,
out-of-range actions asserted, order enforced); ``raw_env`` is the unwrapped one. Agents
``player_0`` (South, moves first) and ``player_1`` (North); after an extra turn (Kalah) the same
agent is selected again. Games of three and four players (``env("kpo(players=3)")``) have agents
``player_0`` .. ``player_{n-1}`` in turn order.

Observation of an agent: ``{"observation": float32 array of the game's observation shape
(State.observation_tensor from that agent's side: row 0 is the agent), "action_mask": int8
array of Game.num_distinct_actions(), 1 for the legal actions (all 0 when it is not the agent's
turn)}``. Actions: ``Discrete(num_distinct_actions)``, the game's integer actions.
Rewards: 0 until the end, then +1/-1/0 by the final store difference (``State.returns``). A
game ended by its rules or a repetition sets ``terminations``; one stopped at the ply cap sets
``truncations`` (scored the same way). ``infos[agent]`` gives ``stores`` (three and four
players: ``scores``) and ``termination`` at the end. Rewards of three and four players are
``NPlayerState.returns``: +1 for a lone winner, -1/(n-1) for the others. The rules run in Rust (``env.unwrapped.state`` is the ``mancala.State``).
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.agent_selector import AgentSelector  # noqa: F401  (classic-env style)

import mancala


def env(game: str = "kalah", **kwargs: Any) -> AECEnv:
    """The wrapped AEC environment of ``game`` (a game string)."""
    e = raw_env(game, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv, EzPickle):
    """The unwrapped AEC environment of one game string."""

    metadata = {"render_modes": ["human", "ansi"], "name": "mancala_v0", "is_parallelizable": False}

    def __init__(self, game: str = "kalah", max_game_length: int = 1000, render_mode: Optional[str] = None):
        EzPickle.__init__(self, game, max_game_length, render_mode)
        super().__init__()
        self.game = mancala.load_game(game, max_game_length)
        self.metadata = dict(self.metadata, name="mancala_" + self.game.name.replace("-", "_") + "_v0")
        self.render_mode = render_mode
        self.agents = [f"player_{i}" for i in range(self.game.num_players())]
        self.possible_agents = self.agents[:]
        n = self.game.num_distinct_actions()
        shape = tuple(self.game.observation_tensor_shape())
        self.action_spaces = {a: spaces.Discrete(n) for a in self.agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-1.0, high=255.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.agents
        }
        self.state = self.game.new_initial_state()

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        observation = self.state.observation_tensor(player)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if agent == self.agent_selection and not self.state.is_terminal():
            mask[self.state.legal_actions()] = 1
        return {"observation": observation, "action_mask": mask}

    def _select(self) -> None:
        p = self.state.current_player()
        if p >= 0:
            self.agent_selection = self.possible_agents[p]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._select()

    def step(self, action: int) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            return self._was_dead_step(action)
        self.state.apply_action(int(action))
        self._clear_rewards()
        if self.state.is_terminal():
            returns = self.state.returns()
            ended = self.state.termination()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = returns[i]
                self.infos[a] = {"termination": ended, **self._final()}
            if ended == "ply-cap":
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _final(self) -> Dict[str, Any]:
        """The final stores (two players) or scores (three and four)."""
        if isinstance(self.state, mancala.NPlayerState):
            return {"scores": self.state.scores()}
        return {"stores": self.state.stores()}

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
