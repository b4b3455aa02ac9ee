"""Bad input raises ValueError naming the bad token (never a crash of the interpreter)."""

import pytest

import mancala


@pytest.mark.parametrize(
    "game, token",
    [("kalah(houses=99)", "houses=99"), ("chess", "chess"), ("oware(colour=red)", "colour"),
     ("kalah(houses=4", "kalah(houses=4")],
)
def test_bad_game_strings(game, token):
    with pytest.raises(ValueError, match=token.replace("(", "\\(")):
        mancala.load_game(game)
    with pytest.raises(ValueError, match=token.replace("(", "\\(")):
        mancala.solve(game)


def test_bad_moves_and_actions():
    state = mancala.load_game("kalah(houses=4,seeds=3)").new_initial_state()
    with pytest.raises(ValueError, match="`Q`"):
        state.string_to_action("Q")
    with pytest.raises(ValueError, match="`b`"):  # North's house while South moves
        state.apply_move("b")
    with pytest.raises(ValueError, match="action 7 is not legal here; legal: 0=A 1=B 2=C 3=D"):
        state.apply_action(7)
    with pytest.raises(ValueError, match="-1"):
        state.apply_action(-1)
    state.apply_move("A")  # A's 3 seeds into B, C, D
    state.apply_move("a")  # North's a: 3 seeds into b, c, d
    empty = state.clone()
    with pytest.raises(ValueError, match="`A` is not legal"):  # A is empty
        empty.apply_move("A")
    with pytest.raises(ValueError, match="move 2 `x`"):
        mancala.load_game("kalah").new_state(moves="C x")
    with pytest.raises(ValueError, match="move 1 `Z`"):
        mancala.perft("kalah", 2, moves="Z")


def test_bad_positions():
    game = mancala.load_game("kalah(houses=4,seeds=3)")
    with pytest.raises(ValueError, match="1,2,3"):
        game.deserialize_state("1,2,3")
    with pytest.raises(ValueError, match="bad `position`"):
        mancala.solve("kalah(houses=4,seeds=3)", position="9,9,9,9/9,9,9,9 0-0 X")


def test_bad_agent_strings():
    with pytest.raises(ValueError, match="mcts\\(iters=3\\)"):
        mancala.Agent("mcts(iters=3)")
    with pytest.raises(ValueError, match="wizard"):
        mancala.Agent("wizard")
    with pytest.raises(ValueError, match="human"):
        mancala.Agent("human")


def test_bad_job_options():
    with pytest.raises(ValueError, match="depth"):
        mancala.perft("kalah", 10_000)
    with pytest.raises(ValueError, match="unknown key `colour`"):
        mancala.run({"kind": "solve", "game": "kalah", "colour": "red"})
    with pytest.raises(ValueError, match="does-not-exist"):
        mancala.Egdb("/does-not-exist/kalah")
    state = mancala.load_game("kalah").new_initial_state()
    with pytest.raises(ValueError, match="players are 0 and 1"):
        state.observation_tensor(2)


@pytest.mark.parametrize(
    "call",
    [
        lambda: mancala.solve("kalah(houses=3,seeds=2)", foo=1),
        lambda: mancala.solve("kalah(houses=3,seeds=2)", max_secs=1),  # a typo of max_seconds
        lambda: mancala.perft("kalah", 1, foo=1),
        lambda: mancala.egdb_build("kalah", 2, foo=1),
        lambda: mancala.egdb_verify("databases/kalah", foo=1),
        lambda: mancala.egdb_stats("databases/kalah", foo=1),
        lambda: mancala.match("kalah", ["random", "greedy"], foo=1),
        lambda: mancala.tournament("kalah", ["random", "greedy", "mcts"], foo=1),
        lambda: mancala.run({"kind": "perft", "game": "kalah", "depth": 1}, foo=1),
        lambda: mancala.load_game("kalah", foo=1),
    ],
)
def test_an_unknown_keyword_is_a_value_error_naming_it(call):
    with pytest.raises(ValueError, match="`(foo|max_secs)`"):
        call()


def test_bad_arguments_name_the_parameter():
    state = mancala.load_game("kalah").new_initial_state()
    with pytest.raises(ValueError, match="player 7: players are 0 and 1"):
        state.legal_actions(7)
    with pytest.raises(ValueError, match="player 7"):
        state.legal_actions_mask(7)
    assert state.legal_actions(1) == []  # North, not to move: none (as OpenSpiel)
    with pytest.raises(TypeError, match="`make` must be callable"):
        mancala._mancala.register_python_agent("z", 5)
    assert "z" not in mancala._mancala.registered_python_agents()
    for bad in (-1, 0, 2**32):
        with pytest.raises(ValueError, match=f"max_game_length={bad}: expected a whole number from 1"):
            mancala.load_game("kalah", bad)
    with pytest.raises(ValueError, match="missing key `kind`"):
        mancala.run({"game": "kalah"})
    with pytest.raises(ValueError, match="agents: expected a list of agents.*'random'"):
        mancala.match("kalah", "random")
    with pytest.raises(ValueError, match="`seed` = 18446744073709551616: expected a whole number from 0 to"):
        mancala.match("kalah(houses=3,seeds=2)", ["random", "greedy"], rounds=1, seed=2**64)
    with pytest.raises(ValueError, match="`games` 3: .* so `games` must be even") as e:
        mancala.match("kalah(houses=3,seeds=2)", ["random", "greedy"], games=3)
    assert "--" not in str(e.value)


@pytest.mark.parametrize(
    "call, taken",
    [
        (lambda: mancala.Agent("random", foo=1), "agent, seed"),
        (lambda: mancala.Egdb("databases/kalah", foo=1), "dir"),
    ],
)
def test_a_class_refuses_an_unknown_keyword_as_the_functions_do(call, taken):
    with pytest.raises(ValueError, match=f"unknown keyword argument `foo`; it takes {taken}$"):
        call()


@pytest.mark.parametrize("kind", ["match", "tournament"])
def test_match_and_tournament_list_the_keywords_they_take(kind):
    agents = ["random", "greedy"] + (["random"] if kind == "tournament" else [])
    with pytest.raises(ValueError, match=f"{kind}\\(\\): unknown keyword argument `foo`; it takes") as e:
        getattr(mancala, kind)("kalah(houses=3,seeds=2)", agents, foo=1)
    taken = str(e.value).split("it takes ")[1].split(", ")
    # Their parameters and the other job-file keys of the kind (solvers/README.md), not those
    # of a series or of the other kind.
    for key in ("rounds", "seed", "results", "out", "tc", "openings_file"):
        assert key in taken, str(e.value)
    for key in ("agent", "values", "opponent", "kind", "options"):
        assert key not in taken, str(e.value)
    assert ("sprt" in taken) == (kind == "match") and ("gauntlet" in taken) == (kind == "tournament")


def test_bad_job_values_name_the_parameter():
    game = "kalah(houses=3,seeds=2)"
    cases = [
        (lambda: mancala.solve(game, method="x"), "key `method`: unknown value `x`"),
        (lambda: mancala.solve(game, check="zz"), "key `check`: unknown value `zz`"),
        (lambda: mancala.solve(game, value_only="yes"), "key `value_only`: .*\"yes\""),
        (lambda: mancala.perft(game, depth="x"), "key `depth`: .*\"x\""),
        (lambda: mancala.solve(game, max_seconds=float("nan")), "`max_seconds` = nan: expected a finite"),
        (lambda: mancala.solve(game, tt_mb=0), "key `tt_mb`: expected a whole number from 1 to 1048576"),
    ]
    for call, what in cases:
        with pytest.raises(ValueError, match=what) as e:
            call()
        assert "line 1" not in str(e.value) and "column" not in str(e.value), str(e.value)
    with pytest.raises(ValueError, match="missing key `kind`") as e:
        mancala.run({"game": "kalah"})
    assert "line" not in str(e.value) and "column" not in str(e.value), str(e.value)


def test_whole_number_arguments_name_the_parameter_and_its_range():
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match=f"seed={bad}: expected a whole number from 0 to {2**64 - 1}"):
            mancala.Agent("random", seed=bad)
    with pytest.raises(ValueError, match=f"max_game_length={2**70}: expected a whole number from 1 to {2**32 - 1}"):
        mancala.load_game("kalah", 2**70)
    assert str(mancala.Agent("random", seed=2**64 - 1)) == "random"


def test_a_factory_that_is_not_callable_is_refused_at_once():
    with pytest.raises(TypeError, match="from_factory needs a callable.*make=5"):
        mancala.PythonAgent.from_factory(5, "z")
