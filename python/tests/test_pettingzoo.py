"""PettingZoo's own API test on the AEC environment of every game, and the environment's
contract (masks, extra turns, rewards)."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import mancala
import mancala.pettingzoo as mp

GAMES = [g["name"] for g in mancala.games()]


@pytest.mark.parametrize("game", GAMES)
def test_api_test(game):
    api_test(mp.env(game), num_cycles=1000, verbose_progress=False)


def test_masks_extra_turns_and_rewards():
    env = mp.env("kalah(houses=4,seeds=3)")
    env.reset(seed=1)
    assert env.agent_selection == "player_0"
    obs = env.observe("player_0")
    assert obs["action_mask"].tolist() == [1, 1, 1, 1]
    assert obs["observation"].shape == (2, 6) and obs["observation"].dtype == np.float32
    assert env.observe("player_1")["action_mask"].tolist() == [0, 0, 0, 0]
    env.step(1)  # B: 3 seeds into C, D and the store: an extra turn
    assert env.agent_selection == "player_0"
    assert env.observe("player_0")["action_mask"].tolist() == [1, 0, 1, 1]
    rng = np.random.default_rng(3)
    while not any(env.terminations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    state = env.unwrapped.state
    expected = state.returns()
    assert [env.rewards["player_0"], env.rewards["player_1"]] == expected
    assert env.infos["player_0"]["stores"] == state.stores()


def test_the_ply_cap_truncates():
    env = mp.env("oware", max_game_length=6)
    env.reset()
    for _ in range(6):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.infos["player_0"]["termination"] == "ply-cap"
