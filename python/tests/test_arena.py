"""A Python callable as a player of the Rust arena: reproducible matches, resume after a kill,
forfeits (exception, illegal action, garbage) recorded, tournaments, and built-in agents."""

import json
import os
import pathlib
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import mancala

GAME = "kalah(houses=4,seeds=3)"


def seeded_random_player(game: str, seed: int):
    """A reproducible Python agent: a uniformly random legal action from the game's seed."""
    rng = random.Random(seed)

    def choose(state: mancala.State) -> int:
        return rng.choice(state.legal_actions())

    return choose


def first_legal(state):
    return state.legal_actions()[0]


def records(results: pathlib.Path, name: str):
    """The game records of a run, by game index, without the wall-clock move times."""
    out = {}
    for line in (results / f"{name}.games.jsonl").read_text().splitlines():
        r = json.loads(line)
        r.pop("times_ms", None)
        out[r["game"]] = r
    return out


def test_python_agent_match_is_reproducible(tmp_path):
    agent = mancala.PythonAgent.from_factory(seeded_random_player, "seeded_random", reproducible=True)
    runs = []
    for threads in (1, 2, 2):
        report = mancala.match(GAME, [agent, "alphabeta(depth=2)"], rounds=10, seed=5, threads=threads)
        runs.append(report)
    assert runs[0]["agents"] == ["python(name=seeded_random)", "alphabeta(depth=2)"]
    assert runs[0]["games"] == 20 and runs[0]["complete"]
    assert runs[0]["rows"] == runs[1]["rows"] == runs[2]["rows"]
    assert runs[0]["text"] == runs[1]["text"]
    # Another seed gives other games.
    other = mancala.match(GAME, [agent, "alphabeta(depth=2)"], rounds=10, seed=6, threads=2)
    assert other["rows"] != runs[0]["rows"] or other["text"] != runs[0]["text"]
    assert mancala._register is not None and "seeded_random" not in mancala._mancala.registered_python_agents()


def test_a_plain_callable_plays_and_result_files_are_written(tmp_path):
    report = mancala.match(GAME, [first_legal, "random"], rounds=3, seed=2, results=str(tmp_path), out="m")
    assert report["agents"][0] == "python(name=first_legal)"
    recs = records(tmp_path, "m")
    assert len(recs) == 6
    for r in recs.values():
        assert r["termination"] == "normal"
        assert sum(r["stores"]) == 24  # every seed of Kalah(4,3) ends in a store
    for ext in ("md", "csv", "json"):
        assert (tmp_path / f"m.{ext}").stat().st_size > 0


def test_forfeits_lose_the_game_and_the_run_goes_on(tmp_path):
    def raises(state):
        if state.move_number() >= 2:
            raise RuntimeError("my network is broken")
        return state.legal_actions()[0]

    def illegal(state):
        return 99

    def garbage(state):
        return {"not": "a move"}

    expected = {"raises": "crash", "illegal": "illegal-move", "garbage": "bad-reply"}
    for f in (raises, illegal, garbage):
        out = f.__name__
        report = mancala.match(GAME, [f, "greedy"], rounds=2, seed=1, results=str(tmp_path), out=out)
        assert report["games"] == 4 and report["complete"]
        recs = records(tmp_path, out).values()
        for r in recs:
            assert r["termination"] == expected[out], r
            loser = "S" if r["south"] == 0 else "N"
            assert r["forfeit"]["side"] == loser
            assert r["stores"][0 if loser == "S" else 1] == 0  # a forfeit loses every seed
        if out == "raises":
            assert all("RuntimeError: my network is broken" in r["forfeit"]["message"] for r in recs)
        if out == "illegal":
            assert all("action 99 is not legal" in r["forfeit"]["message"] for r in recs)


def test_tournament_with_a_python_agent():
    report = mancala.tournament(GAME, [first_legal, "random", "greedy"], rounds=2, seed=3, threads=2)
    assert report["kind"] == "tournament" and report["games"] == 12
    assert "python(name=first_legal)" in report["agents"]


def test_unregistered_name_and_bad_agents_are_value_errors():
    with pytest.raises(ValueError, match="python\\(name=nobody\\)"):
        mancala.match(GAME, ["python(name=nobody)", "random"], rounds=1)
    with pytest.raises(ValueError, match="mcts\\(iters=5\\)"):
        mancala.match(GAME, ["mcts(iters=5)", "random"], rounds=1)
    with pytest.raises(ValueError, match="lambda"):
        mancala.PythonAgent(lambda s: 0)


SCRIPT = textwrap.dedent(
    """
    import random, sys, time
    import mancala

    def slow_random(game, seed):
        rng = random.Random(seed)
        def choose(state):
            time.sleep(0.002)
            return rng.choice(state.legal_actions())
        return choose

    agent = mancala.PythonAgent.from_factory(slow_random, "slow_random", reproducible=True)
    mancala.match({game!r}, [agent, "alphabeta(depth=2)"], rounds=30, seed=9, threads=2,
                  results=sys.argv[1], out="resume")
    """
)


def _run_script(results: pathlib.Path, kill_after_games: int = 0):
    script = SCRIPT.format(game=GAME)
    proc = subprocess.Popen([sys.executable, "-c", script, str(results)])
    if not kill_after_games:
        assert proc.wait(timeout=600) == 0
        return
    records_file = results / "resume.games.jsonl"
    deadline = time.time() + 300
    while time.time() < deadline:
        done = len(records_file.read_text().splitlines()) if records_file.exists() else 0
        if done >= kill_after_games or proc.poll() is not None:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the match finished before it could be killed: make it longer"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()


def test_resume_after_a_kill_equals_an_uninterrupted_run(tmp_path):
    whole, killed = tmp_path / "whole", tmp_path / "killed"
    whole.mkdir()
    killed.mkdir()
    _run_script(whole)
    _run_script(killed, kill_after_games=10)
    partial = len((killed / "resume.games.jsonl").read_text().splitlines())
    assert 10 <= partial < 60
    _run_script(killed)  # resumes from the records written
    assert records(killed, "resume") == records(whole, "resume")
    assert len(records(whole, "resume")) == 60
    assert (killed / "resume.csv").read_text() == (whole / "resume.csv").read_text()
    manifest = json.loads((killed / "resume.json").read_text())
    assert manifest["status"] == "complete" and manifest["reproducible"] is True
    assert len(manifest["invocations"]) == 2  # the killed one and the resume


def test_builtin_agent_step():
    state = mancala.load_game(GAME).new_initial_state()
    agent = mancala.Agent("alphabeta(depth=8)", seed=1)
    a = agent.step(state)
    assert a in state.legal_actions()
    # Deterministic for a seed, and MCTS agents too.
    assert mancala.Agent("mcts(iterations=300)", seed=4).step(state) == mancala.Agent(
        "mcts(iterations=300)", seed=4
    ).step(state)
    state.apply_action(a)
    while not state.is_terminal():
        state.apply_action(agent.step(state))
    with pytest.raises(ValueError, match="over"):
        agent.step(state)


def test_job_keys_pass_through(tmp_path):
    """Keys of the job files beyond the named arguments (gauntlet, start position, clocks,
    PGN-like export) reach the arena; an unknown key is refused by name."""
    pgn = tmp_path / "g.pgn"
    report = mancala.tournament(
        GAME,
        [first_legal, "random", "greedy"],
        rounds=1,
        gauntlet=True,
        movetime=5000,
        pgn=str(pgn),
        position="3,3,3,3/3,3,3,3 0-0 N",
        threads=1,
    )
    assert report["games"] == 4  # the first agent against each of two others, one pair each
    text = pgn.read_text()
    assert text.count('[Game "kalah(houses=4,seeds=3)"]') == 4
    assert text.count("[StartPosition ") == 4 and "0-0 N" in text
    assert text.count('"python(name=first_legal)"') == 4
    with pytest.raises(ValueError, match="nonsense"):
        mancala.match(GAME, ["random", "greedy"], rounds=1, nonsense=1)


def test_self_play_the_same_agent_twice_under_two_names():
    # The same callable twice plays as NAME and NAME#2; the same agent string twice as
    # name=1 and name=2 (docs/agents-and-matches.md).
    report = mancala.match(GAME, [first_legal, first_legal], rounds=2, seed=3)
    assert report["agents"] == ["python(name=first_legal)", "python(name=first_legal#2)"]
    report = mancala.match(GAME, ["random", "random"], rounds=3, seed=3)
    assert report["agents"] == ["random(name=1)", "random(name=2)"]
    row = dict(zip(report["header"], report["rows"][0]))
    assert (row["agent_a"], row["agent_b"]) == ("random(name=1)", "random(name=2)")
    assert row["wins"] + row["draws"] + row["losses"] == report["games"] == 6
    report = mancala.match(GAME, ["random(name=white)", "random(name=black)"], rounds=1, seed=3)
    assert report["agents"] == ["random(name=white)", "random(name=black)"]
