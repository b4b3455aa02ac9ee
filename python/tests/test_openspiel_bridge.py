"""Our games inside OpenSpiel (mancala.openspiel): pyspiel's own random simulation test and its
MCTSBot playing full games of every game through the bridge."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import mancala
import mancala.openspiel as bridge

NAMES = bridge.register()


def test_every_game_is_registered():
    assert NAMES == [bridge.short_name(g["name"]) for g in mancala.games()]
    assert "mancala_kalah" in NAMES and "mancala_bao_la_kiswahili" in NAMES
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert bridge.register() == NAMES  # a second call registers nothing twice


def test_parameters_map_to_game_string_keys():
    game = pyspiel.load_game("mancala_kalah(houses=4,seeds=3,capture=empty)")
    assert game.mancala_game.game_string() == "kalah(capture=empty,houses=4,seeds=3)"
    assert game.num_distinct_actions() == 4
    assert game.max_game_length() == 1000
    oware = pyspiel.load_game("mancala_oware(stop_at_majority=true,capture=2_3_4,max_game_length=300)")
    assert oware.mancala_game.game_string() == "oware(capture=2-3-4,stop-at-majority=true)"
    assert oware.max_game_length() == 300
    omweso = pyspiel.load_game("mancala_omweso(start=0_0_0_0_0_0_0_0_0_0_0_0_0_0_2_3)")
    assert omweso.mancala_game.game_string() == "omweso(start=0.0.0.0.0.0.0.0.0.0.0.0.0.0.2.3)"
    with pytest.raises(Exception, match="houses=21"):
        pyspiel.load_game("mancala_kalah(houses=21)")
    kpo = pyspiel.load_game("mancala_kpo(players=2)")
    assert kpo.mancala_game.game_string() == "kpo"
    # A default that follows another key: Ayo's `goal` is 9 on six houses, 6 on four (the
    # registered 9 would be out of range there); Wari-72 captures on 2, 4 and 6 (seed 000).
    ayo = pyspiel.load_game("mancala_ayo(houses=4,rounds=3)")
    assert ayo.mancala_game.game_string() == "ayo(houses=4,rounds=3)"
    assert ayo.num_distinct_actions() == 8
    wari72 = pyspiel.load_game("mancala_wari(seeds=6)")
    assert wari72.mancala_game.game_string() == "wari(seeds=6)"


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_mcts_bot_plays_full_games(name):
    # Azigo / Okwe random rollouts run about 1,000 plies (seeds come back from the hands): a
    # shorter ply cap keeps the pure-Python MCTS within seconds.
    long_games = ("mancala_azigo", "mancala_okwe")
    game = pyspiel.load_game(name, {"max_game_length": 150} if name in long_games else {})
    rng = np.random.RandomState(7)
    bots = [
        mcts.MCTSBot(game, 1.4, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
        mcts.MCTSBot(game, 1.4, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    inner = state.mancala_state
    assert inner.is_terminal() and len(state.history()) == inner.move_number()
    assert state.returns() == inner.returns()
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    # The returns follow the final store difference.
    assert state.returns()[0] == np.sign(inner.margin())


def test_observation_through_pyspiel():
    game = pyspiel.load_game("mancala_kalah(houses=4,seeds=3)")
    state = game.new_initial_state()
    state.apply_action(0)  # A: one seed into B, C, D; North to move
    # From North's side (the mover): its row a..d, store, state; then South's.
    assert state.observation_tensor(1) == [3, 3, 3, 3, 0, 0, 0, 4, 4, 4, 0, 0]
    assert state.observation_tensor(0) == [0, 4, 4, 4, 0, 0, 3, 3, 3, 3, 0, 0]
    assert state.observation_string(0) == "0,4,4,4/3,3,3,3 0-0 N"
    assert state.action_to_string(1, 3) == "d"
