"""mancala.analyze: accuracy against perfect play, from Python, against the command line and a
planted Python agent that always plays a worst move."""

import pytest

import mancala
from conftest import cli_json

GAME = "kalah(houses=3,seeds=2)"


def test_analyze_equals_the_cli():
    ours = mancala.analyze(GAME, ["greedy", "random"], sample=12, plies="2-10", seed=3, threads=2)
    cli = cli_json("analyze", GAME, "-a", "greedy", "-a", "random", "--sample", "12", "--plies", "2-10",
                   "--seed", "3", "--threads", "2")
    for key in ("game", "source", "positions", "valued", "unvalued", "agents", "rows"):
        assert ours[key] == cli[key], key
    assert ours["valued"] == 12


def test_seeds_keyword_equals_the_cli():
    # kalah(houses=3,seeds=2) holds 12 seeds; positions with 4 to 8 on the board only.
    ours = mancala.analyze(GAME, ["greedy"], sample=10, seeds="4-8", phases=2, seed=5, threads=1)
    cli = cli_json("analyze", GAME, "-a", "greedy", "--sample", "10", "--seeds", "4-8", "--phases", "2",
                   "--seed", "5", "--threads", "1")
    for key in ("source", "positions", "valued", "agents", "rows"):
        assert ours[key] == cli[key], key
    phases = [(p["seeds_low"], p["seeds_high"]) for p in ours["agents"][0]["phases"]]
    assert phases[0][0] == 4 and phases[-1][1] == 8
    assert "holding 4 to 8 seeds on the board" in ours["source"]


def _values(state):
    """Each legal action's exact value for the mover, by the solver on the child."""
    out = {}
    for action in state.legal_actions():
        child = state.child(action)
        if child.is_terminal():
            # Final store difference (South minus North) from the mover's side.
            margin = child.margin()
            out[action] = margin if state.current_player() == 0 else -margin
            continue
        value = mancala.solve(child, tt_mb=16, threads=1)["value"]
        out[action] = value if child.current_player() == state.current_player() else -value
    return out


def test_a_planted_worst_agent_is_never_optimal(tmp_path):
    def worst(state):
        values = _values(state)
        return min(values, key=lambda a: (values[a], a))

    start = mancala.load_game(GAME).new_initial_state()
    positions, losses = [], []
    for first in start.legal_actions():
        state = start.child(first)
        for _ in range(3):
            if state.is_terminal():
                break
            values = _values(state)
            if len(set(values.values())) > 1:
                positions.append(state.position())
                losses.append(max(values.values()) - min(values.values()))
            state = state.child(max(values, key=lambda a: (values[a], -a)))
    assert len(positions) >= 3
    file = tmp_path / "positions.txt"
    file.write_text("# planted\n" + "\n".join(positions) + "\n")
    report = mancala.analyze(GAME, [mancala.PythonAgent(worst, "worst", reproducible=True)], positions=file)
    a = report["agents"][0]
    assert a["all"]["moves"] == len(positions)
    assert a["all"]["optimal"] == 0
    assert a["all"]["mean_loss"]["value"] == pytest.approx(sum(losses) / len(losses))


def test_bad_input_names_the_keyword():
    with pytest.raises(ValueError, match="gredy"):
        mancala.analyze(GAME, ["gredy"], sample=3)
    with pytest.raises(ValueError, match="unknown keyword argument `samples`"):
        mancala.analyze(GAME, ["greedy"], samples=3)
