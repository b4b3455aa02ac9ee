"""The toolkit's jobs from Python: solve against the published Kalah values and the CLI, perft
against the golden counts, databases built, verified and probed."""

import pytest

import mancala
from conftest import REPO, cli_json, published_kalah


def _fast_rows():
    # The rows tests/golden.rs solves in about a second: up to 4 houses, 5 houses with up to 3.
    return [r for r in published_kalah() if r[0] <= 4 or (r[0] == 5 and r[1] <= 3)]


def test_solve_equals_the_published_kalah_values():
    rows = _fast_rows()
    assert len(rows) == 27
    for houses, seeds, capture, value, source in rows:
        game = f"kalah(houses={houses},seeds={seeds},capture={capture})"
        report = mancala.solve(game, threads=2, tt_mb=16)
        assert report["value"] == value, (game, source)


@pytest.mark.parametrize("game", ["kalah(houses=4,seeds=3,capture=empty)", "kalah(houses=4,seeds=4,capture=empty)",
                                  "kalah(houses=5,seeds=2,capture=empty)"])
def test_solve_equals_the_cli(game):
    ours = mancala.solve(game, threads=2, tt_mb=16)
    cli = cli_json("solve", game, "--threads", "2", "--tt-mb", "16")
    for key in ("game", "position", "side_to_move", "value", "moves", "pv"):
        assert ours[key] == cli[key], key


def test_solve_from_a_state_and_with_moves():
    game = mancala.load_game("kalah(houses=4,seeds=3,capture=empty)")
    state = game.new_initial_state()
    state.apply_move("B")  # an extra turn
    state.apply_move("A")
    from_state = mancala.solve(state, tt_mb=16)
    from_text = mancala.solve("kalah(houses=4,seeds=3,capture=empty)", moves="B A", tt_mb=16)
    assert from_state["value"] == from_text["value"]
    assert from_state["position"] == state.position()
    # The value of the start is the best move's value (the side to move keeps it over B's extra turn).
    start = mancala.solve(game.new_initial_state(), tt_mb=16)
    assert start["value"] == 8 and max(m["value"] for m in start["moves"]) == 8


def test_perft_matches_the_golden_counts():
    # tests/data/kalah.perft and oware.perft, written by the independent Python reference
    # (reference/): GAME | POSITION | DEPTH | COUNT.
    checked = 0
    for name in ("kalah.perft", "oware.perft"):
        for line in (REPO / "tests" / "data" / name).read_text().splitlines():
            if not line or line.startswith("#"):
                continue
            game, position, depth, count = [f.strip() for f in line.split("|")]
            count = int(count.split("#")[0])
            if count > 200_000:
                continue
            report = mancala.perft(game, int(depth), position=position, threads=1)
            assert report["nodes"] == count, line
            checked += 1
    assert checked >= 100


def test_solve_limits_raise_stopped_error():
    with pytest.raises(mancala.StoppedError, match="proved"):
        mancala.solve("kalah(houses=6,seeds=4)", max_nodes=1000, tt_mb=16)


def test_egdb_build_probe_verify(tmp_path):
    report = mancala.egdb_build("kalah(houses=3,capture=empty)", 12, out=str(tmp_path), threads=2)
    db = mancala.Egdb(report["dir"])
    assert db.max_seeds == 12 and db.game == "kalah(capture=empty,houses=3)"
    verify = mancala.egdb_verify(report["dir"], samples=5, full=True)
    assert len(verify["layers"]) == 13
    # C(12 + 6, 6) boards of up to 12 seeds in 6 houses, each checked.
    assert verify["ok"] and verify["full"]["checked"] == 18564 and verify["full"]["mismatches"] == 0
    # Kalah(3,2) with capture=empty is +4 (tests/data/kalah-solved.csv): the database holds
    # the start of every seed count up to 12 on 3 houses.
    state = mancala.load_game("kalah(houses=3,seeds=2,capture=empty)").new_initial_state()
    probe = db.probe(state)
    assert probe["value"] == 4
    assert mancala.solve(state, egdb=db, tt_mb=16)["value"] == 4
    cli = cli_json("egdb", "probe", "kalah(houses=3,seeds=2,capture=empty)", "--dir", report["dir"])
    assert probe == cli
    with pytest.raises(ValueError, match="not of"):
        db.probe(mancala.load_game("kalah(houses=4,seeds=2)").new_initial_state())
    # Probes from several threads at once (the GIL is released during each).
    from concurrent.futures import ThreadPoolExecutor

    states = []
    s = state.clone()
    while not s.is_terminal():
        states.append(s.clone())
        s.apply_action(s.legal_actions()[-1])
    with ThreadPoolExecutor(4) as pool:
        values = list(pool.map(lambda st: db.probe(st)["value"], states * 20))
    assert values == [db.probe(st)["value"] for st in states] * 20


def test_run_a_job_file():
    report = mancala.run(REPO / "solvers" / "giuti-3-2-solve.toml")
    assert "value" in report
