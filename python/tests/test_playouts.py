"""State.random_playouts: Rust-side bulk random playouts, checked against OpenSpiel's own Kalah
(an independent implementation) played by a Python random loop, and exactly at game ends."""

import math
import random

import pytest

import mancala

pyspiel = pytest.importorskip("pyspiel")


def spiel_loop(n, seed):
    """n random playouts of pyspiel's `mancala` (Kalah(6,4)): plies and South's results."""
    game = pyspiel.load_game("mancala")
    rng = random.Random(seed)
    plies, wins, draws = [], 0, 0
    for _ in range(n):
        s = game.new_initial_state()
        k = 0
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            k += 1
        plies.append(k)
        r = s.returns()[0]
        wins += r > 0
        draws += r == 0
    return plies, wins, draws


def test_counts_add_up_and_the_seed_fixes_the_result():
    s = mancala.load_game("kalah").new_initial_state()
    before = s.serialize()
    r = s.random_playouts(500, seed=3)
    assert r["playouts"] == 500
    assert r["south_wins"] + r["draws"] + r["south_losses"] == 500
    assert s.serialize() == before  # the state is unchanged
    assert s.random_playouts(500, seed=3) == r
    assert s.random_playouts(500, seed=4) != r
    assert s.random_playouts(0) == dict(playouts=0, plies=0, south_wins=0, draws=0, south_losses=0)


def test_kalah_plies_and_south_results_match_openspiel_random_games():
    n_spiel, n_ours = 3000, 50000
    plies, wins, draws = spiel_loop(n_spiel, seed=11)
    mean = sum(plies) / n_spiel
    var = sum((p - mean) ** 2 for p in plies) / (n_spiel - 1)
    r = mancala.load_game("kalah").new_initial_state().random_playouts(n_ours, seed=11)
    ours_mean = r["plies"] / n_ours
    # Same game, uniformly random moves: the means agree within 5 standard errors.
    assert abs(ours_mean - mean) < 5 * math.sqrt(var / n_spiel + var / n_ours), (ours_mean, mean)
    for ours_count, spiel_count in ((r["south_wins"], wins), (r["draws"], draws)):
        p = spiel_count / n_spiel
        se = math.sqrt(p * (1 - p) / n_spiel + p * (1 - p) / n_ours)
        assert abs(ours_count / n_ours - p) < 5 * se + 1e-9, (ours_count / n_ours, p)


@pytest.mark.parametrize("game", ["kalah", "oware(stop-at-majority=true)", "oware"])
def test_at_a_game_end_every_playout_is_that_end(game):
    for seed in range(100):  # the first random game that ends by the rules (not a repetition)
        rng = random.Random(seed)
        s = mancala.load_game(game).new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        if s.termination() == "normal":
            break
    assert s.termination() == "normal"
    r = s.random_playouts(7, seed=1)
    south = s.returns()[0]
    expected = dict(playouts=7, plies=0, south_wins=7 * (south > 0), draws=7 * (south == 0), south_losses=7 * (south < 0))
    assert r == expected


def test_oware_results_are_legal_game_ends():
    s = mancala.load_game("oware(stop-at-majority=true)").new_initial_state()
    r = s.random_playouts(2000, seed=2)
    assert r["south_wins"] + r["draws"] + r["south_losses"] == 2000
    # The start is not a game end, so every playout plays at least one move, and at most
    # ROLLOUT_PLIES = 1000. (Plies are not compared with a Python loop here: the loop's state
    # ends a game at a repetition, the bulk rollout plays on, as mcts's rollouts do.)
    assert 2000 <= r["plies"] <= 1000 * 2000
