"""Games of three and four players from Python (NPlayerGame, NPlayerState), checked against the
independent Python reference (reference/n_player.py, written from docs/rule-decisions.md before
the Rust code) and its golden perft counts; then through OpenSpiel (random_sim_test, MCTSBot)
and PettingZoo (api_test)."""

import random
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from pettingzoo.test import api_test

import mancala
import mancala.openspiel as bridge
import mancala.pettingzoo as mp
from conftest import REPO

sys.path.insert(0, str(REPO))
from reference import n_player as ref  # noqa: E402

GAMES = ["kpo(players=3)", "kpo(players=4)", "okwe(players=3)", "okwe(players=4)", "azigo(players=4)"]


def golden_perft(file, game, limit):
    """(position, depth, count) rows of tests/data/FILE for `game`, count at most `limit`."""
    rows = []
    for line in (REPO / "tests" / "data" / file).read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        g, position, depth, count = (x.strip() for x in line.split("|"))
        if g == game and int(count) <= limit:
            rows.append((position, int(depth), int(count)))
    return rows


@pytest.mark.parametrize("game,file", [("kpo(players=3)", "kpo-n.perft"), ("kpo(players=4)", "kpo-n.perft"),
                                       ("okwe(players=3)", "azigo-n.perft")])
def test_perft_through_actions_is_the_references(game, file):
    rows = golden_perft(file, game, 30000)
    assert rows, f"no rows of {game} in {file}"
    g = mancala.load_game(game)
    for position, depth, count in rows:
        # A line ends on reaching its depth, not on the game being over at that ply.
        assert perft_exact(g.new_state(position), depth) == count, (game, position, depth)


def perft_exact(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    return sum(perft_exact(state.child(a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize("game", GAMES)
def test_random_games_follow_the_reference(game):
    """Random games: every legal move name, position, score and the end agree with the
    reference's, move by move."""
    g = mancala.load_game(game, max_game_length=400)
    spec = ref.parse_game(game)
    rng = random.Random(game)
    for _ in range(3):
        state = g.new_initial_state()
        pos = ref.start_position(spec)
        seen = {pos}
        assert state.position() == ref.format_position(spec, pos)
        while not state.is_terminal():
            moves = ref.legal_moves(spec, pos)
            assert state.legal_moves() == [m for m, _ in moves]
            assert state.current_player() == ref.side_to_move(pos)
            name, pos = moves[rng.randrange(len(moves))]
            action = state.string_to_action(name)
            assert state.action_to_string(action) == name
            state.apply_action(action)
            assert state.position() == ref.format_position(spec, pos)
            assert list(state.scores()) == list(ref.scores(spec, pos))
            repeated = pos in seen
            seen.add(pos)
            over = repeated or ref.is_over(spec, pos) or state.move_number() >= 400
            assert state.is_terminal() == over
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert abs(sum(state.returns())) < 1e-9


def test_returns_by_hand():
    g = mancala.load_game("kpo(players=3)")
    assert g.num_players() == 3 and g.num_distinct_actions() == 9
    assert g.min_utility() == -0.5 and g.max_utility() == 1.0 and g.utility_sum() == 0.0
    # Only player 3 has seeds in their houses: over. Scores 20, 12, 4: player 1 alone first.
    s = g.new_state("0,0,0,0/0,0,0,0/1,1,1,1 20-12-0 1")
    assert s.is_terminal() and s.termination() == "normal"
    assert s.scores() == [20, 12, 4] and s.returns() == [1.0, -0.5, -0.5]
    # 17, 17, 2: players 1 and 2 share the win, (3 * 1/2 - 1) / 2 = 0.25 each.
    s = g.new_state("0,0,0,0/0,0,0,0/0,0,0,2 17-17-0 2")
    assert s.returns() == [0.25, 0.25, -0.5]
    # 9 each: a three-way tie, 0 each.
    s = g.new_state("0,0,0,0/0,0,0,0/3,3,3,0 12-12-3 3")
    assert s.scores() == [12, 12, 12] and s.returns() == [0.0, 0.0, 0.0]
    # Still going: all 0.
    assert g.new_initial_state().returns() == [0.0, 0.0, 0.0]


def test_actions_observation_and_serialization():
    g = mancala.load_game("kpo(players=3)")
    s = g.new_initial_state()
    # Player 1's houses A..D, each `+` (2i) and `-` (2i + 1).
    assert s.legal_actions() == list(range(8))
    assert s.legal_moves() == ["A+", "A-", "B+", "B-", "C+", "C-", "D+", "D-"]
    assert s.legal_actions(1) == [] and s.current_player() == 0
    s.apply_move("B-")
    assert s.history() == [3] and s.moves() == ["B-"] and s.current_player() == 1
    obs = s.observation_tensor()
    assert obs.shape == (3, 6) and tuple(g.observation_tensor_shape()) == (3, 6)
    # Row 0 is the observer (player 2, to move); the last column marks the mover.
    assert obs[0, 5] == 1.0 and obs[1, 5] == 0.0 and obs[2, 5] == 0.0
    assert s.observation_tensor(0)[1].tolist() == obs[0].tolist()  # player 2 is row 1 from player 1
    assert obs.sum() - 1 == 36  # every seed once, plus the mover mark
    t = g.deserialize_state(s.serialize())
    assert t.position() == s.position() and t.history() == s.history()
    okwe = mancala.load_game("okwe(players=4)")
    assert okwe.num_distinct_actions() == 5 + 2  # houses A..E, hand, pass


def test_bad_input_is_a_value_error_naming_it():
    g = mancala.load_game("kpo(players=4)")
    s = g.new_initial_state()
    with pytest.raises(ValueError, match="player 4: players are 0 to 3"):
        s.legal_actions(4)
    with pytest.raises(ValueError, match="action `99`: not a legal action of player 1: legal actions are"):
        s.apply_action(99)
    with pytest.raises(ValueError, match="`Z\\+`"):
        s.apply_move("Z+")
    with pytest.raises(ValueError, match="players"):
        mancala.load_game("kpo(players=5)")
    with pytest.raises(ValueError, match="groups"):
        g.new_state("3,3,3/3,3,3 0-0-0-0 1")
    over = mancala.load_game("kpo(players=3)").new_state("0,0,0,0/0,0,0,0/1,1,1,1 20-12-0 1")
    with pytest.raises(ValueError, match="over"):
        over.apply_action(0)


def test_jobs_take_an_n_player_game_object():
    # tests/data/solved-n-player.txt (the reference): max-n 5-0-2-1, paranoid 4 and 0 for
    # players 1 and 2.
    g = mancala.load_game("kpo(houses=2,players=4,seeds=2)")
    assert mancala.canonical_game("kpo(players=4,seeds=2,houses=2)") == g.game_string()
    report = mancala.solve(g)
    assert report["maxn"] == [5, 0, 2, 1]
    assert report["paranoid"][:2] == [4, 0]


bridge.register()


@pytest.mark.parametrize("game", ["mancala_kpo(players=3)", "mancala_kpo(players=4)",
                                  "mancala_okwe(players=3,max_game_length=150)"])
def test_openspiel_random_sim_test(game):
    g = pyspiel.load_game(game)
    assert g.num_players() == int(game.split("players=")[1][0])
    pyspiel.random_sim_test(g, num_sims=5, serialize=True, verbose=False)


def test_openspiel_mcts_bots_play_a_three_player_game():
    game = pyspiel.load_game("mancala_kpo(players=3)")
    rng = np.random.RandomState(5)
    bots = [mcts.MCTSBot(game, 1.4, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng) for _ in range(3)]
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert len(returns) == 3 and abs(sum(returns)) < 1e-9
    assert returns == state.mancala_state.returns()


@pytest.mark.parametrize("game", ["kpo(players=3)", "kpo(players=4)", "okwe(players=3)"])
def test_pettingzoo_api_test(game):
    api_test(mp.env(game, max_game_length=300), num_cycles=1000, verbose_progress=False)
    env = mp.env(game)
    env.reset()
    n = mancala.load_game(game).num_players()
    assert env.possible_agents == [f"player_{i}" for i in range(n)]
