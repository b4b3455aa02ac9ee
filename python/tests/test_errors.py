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
    with pytest.raises(ValueError, match="bad --position"):
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
    with pytest.raises(ValueError, match="unknown field `colour`"):
        mancala.run({"kind": "solve", "game": "kalah", "colour": "red"})
    with pytest.raises(ValueError, match="does-not-exist"):
        mancala.Egdb("/does-not-exist/kalah")
    state = mancala.load_game("kalah").new_initial_state()
    with pytest.raises(ValueError, match="players are 0 and 1"):
        state.observation_tensor(2)
