"""The OpenSpiel-style Game/State API on hand-worked positions."""

import copy
import pickle

import numpy as np
import pytest

import mancala


def test_kalah_start_and_an_extra_turn():
    game = mancala.load_game("kalah(houses=4,seeds=3)")
    assert game.num_distinct_actions() == 4
    assert game.max_game_length() == 1000 and game.num_players() == 2
    assert game.observation_tensor_shape() == [2, 6]
    state = game.new_initial_state()
    assert state.current_player() == 0 and state.legal_actions() == [0, 1, 2, 3]
    assert state.legal_moves() == ["A", "B", "C", "D"]
    # B: 3 seeds into C, D and South's store; the last in the store gives South another turn.
    state.apply_action(state.string_to_action("B"))
    assert state.position() == "3,0,4,4/3,3,3,3 1-0 S"
    assert state.current_player() == 0 and state.history() == [1] and state.moves() == ["B"]
    assert "South <- to move" in str(state)
    obs = state.observation_tensor()
    assert obs.dtype == np.float32 and obs.shape == (2, 6)
    assert obs.tolist() == [[3, 0, 4, 4, 1, 0], [3, 3, 3, 3, 0, 0]]
    assert state.observation_tensor(1).tolist() == [[3, 3, 3, 3, 0, 0], [3, 0, 4, 4, 1, 0]]
    assert state.stores() == [1, 0] and state.margin() == 1 and state.returns() == [0.0, 0.0]


def test_capture_and_the_end_of_the_game():
    # Hand-worked: South's A (1 seed) lands in its empty B, which faces North's c (4 seeds):
    # South captures 1 + 4 into its store (15); South's side is then empty, so the game ends
    # and North takes the seeds on its side (none).
    game = mancala.load_game("kalah(houses=4,seeds=3)")
    state = game.new_state("1,0,0,0/0,0,4,0 10-9 S")
    assert state.legal_moves() == ["A"]
    state.apply_move("A")
    assert state.is_terminal() and state.termination() == "normal"
    assert state.current_player() == -4 and state.legal_actions() == []
    assert state.stores() == [15, 9] and state.margin() == 6
    assert state.returns() == [1.0, -1.0] and state.player_return(1) == -1.0


def test_serialize_round_trip_keeps_the_history():
    game = mancala.load_game("oware")
    state = game.new_initial_state()
    for move in "A f B e".split():
        state.apply_move(move)
    text = state.serialize()
    assert text == "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\nA f B e"
    again = game.deserialize_state(text)
    assert again.position() == state.position() and again.history() == state.history()
    bare = game.deserialize_state(state.position())
    assert bare.position() == state.position() and bare.history() == []
    # Pickling and copying.
    assert pickle.loads(pickle.dumps(state)).serialize() == text
    assert copy.deepcopy(state).serialize() == text
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.move_number() == 4 and clone.move_number() == 5
    assert pickle.loads(pickle.dumps(game)) == game


def test_repetition_ends_the_game():
    # RULES.md §0: a position seen before (since the last capture) ends the game, each side
    # taking the seeds on its own side. Random games of a tiny Oware reach one.
    game = mancala.load_game("oware(houses=2,seeds=1)")
    import random

    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        seen.add(state.termination())
    assert "repetition" in seen


def test_action_names_in_every_game():
    expected = {
        "kalah": (6, "A"),
        "oware": (6, "A"),
        "woaley1": (13, "A"),
        "giuti": (12, "A+"),
        "cups": (9, "p1"),
        "omweso": (48, "A"),
        "bao-la-kete": (48, "J+"),
        "lela": (28, "E*"),
        "okwe": (11, "hand"),
        "ajwa(choice=free)": (8, "A"),
    }
    for name, (n, first) in expected.items():
        game = mancala.load_game(name)
        state = game.new_initial_state()
        assert game.num_distinct_actions() == n, name
        assert all(0 <= a < n for a in state.legal_actions())
        assert first in state.legal_moves(), (name, state.legal_moves())
        a = state.string_to_action(first)
        assert state.action_to_string(a) == first
        assert state.legal_actions_mask()[a] == 1


def test_ply_cap():
    game = mancala.load_game("oware", max_game_length=3)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.termination() == "ply-cap"
    assert sum(state.stores()) == 48  # each side takes its own seeds (no capture yet)
    with pytest.raises(ValueError, match="the game is over"):
        state.apply_action(0)
