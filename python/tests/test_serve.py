"""`mancala serve` on loopback: its JSON API against the command line and published values,
200 concurrent analyses against a limit of 2 jobs, 50+ bad requests, cancellation, and the
server's memory (docs/serve-api.md).

The server is the release binary (MANCALA_BIN), started once for the module on a free port
with a results folder of its own (a committed tournament copied in, and symlinks that lead
out of it) and an empty databases folder.
"""

import concurrent.futures
import json
import os
import pathlib
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from conftest import REPO, cli_binary, cli_json, published_kalah

TOURNAMENT = "adi-tournament"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("serve")
    results = root / "results"
    (results / "tournaments").mkdir(parents=True)
    for suffix in (".json", ".md", ".csv", ".games.jsonl"):
        shutil.copy(REPO / "results" / "tournaments" / f"{TOURNAMENT}{suffix}", results / "tournaments")
    outside = root / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("not for the server\n")
    (results / "escape").symlink_to(outside)
    (results / "escape.md").symlink_to(outside / "secret.md")
    databases = root / "databases"
    databases.mkdir()
    # Runs that write plots, and the databases of three-house Kalah (every position of
    # kalah(houses=3,seeds=2) has at most 12 seeds) for the replay's exact losses.
    mancala = str(cli_binary())
    quiet = {"check": True, "capture_output": True}
    subprocess.run([mancala, "egdb", "build", "kalah(houses=3)", "--max-seeds", "12", "--out", str(databases)], **quiet)
    subprocess.run([mancala, "tournament", "kalah(houses=3,seeds=2)", "--agent", "random", "--agent", "greedy",
                    "--agent", "alphabeta(depth=4)", "--rounds", "2", "--out", "k32", "--results", str(results)], **quiet)
    subprocess.run([mancala, "match", "kalah(houses=4,seeds=3)", "--agent", "alphabeta(depth=3)", "--agent", "random",
                    "--rounds", "100", "--sprt", "elo0=0,elo1=200", "--out", "sprt", "--results", str(results)], **quiet)
    subprocess.run([mancala, "egdb", "stats", str(databases / "kalah-houses=3"), "--out", str(results / "stats") + "/"],
                   **quiet)
    proc = subprocess.Popen(
        [str(cli_binary()), "serve", "--port", "0", "--results", str(results), "--databases", str(databases),
         "--jobs", "2", "--max-seconds", "5"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("listening on http://"), (line, proc.stderr.read() if proc.poll() is not None else "")
    base = line.split("listening on ", 1)[1].strip().rstrip("/")
    yield {"base": base, "proc": proc, "results": results}
    proc.terminate()
    proc.wait(timeout=30)


def call(base, method, path, body=None, headers=None, timeout=120):
    """(status, parsed JSON or text) of one request."""
    data = None
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            status, raw, kind = r.status, r.read(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        status, raw, kind = e.code, e.read(), e.headers.get("Content-Type", "")
    text = raw.decode()
    return status, (json.loads(text) if "json" in kind else text)


def position(base, game, moves="", position=None):
    query = {"game": game, "moves": moves}
    if position:
        query["position"] = position
    return call(base, "GET", "/api/position?" + urllib.parse.urlencode(query))


@pytest.mark.parametrize("game, moves", [
    ("kalah(houses=4,seeds=3)", "B A c"),
    ("oware", "C f D"),
    ("cups", "p3"),
    ("bao-la-kiswahili", ""),
    ("omweso", ""),
    ("adi", "B"),
])
def test_position_agrees_with_show(server, game, moves):
    """The page's position (board cells, stores, side, legal moves) is `mancala show`'s."""
    status, got = position(server["base"], game, moves)
    assert status == 200, got
    show = cli_json("show", game, "--moves", moves) if moves else cli_json("show", game)
    assert got["position"] == show["position"]
    assert got["side_to_move"] == show["side_to_move"]
    assert sorted(m["move"] for m in got["legal"]) == sorted(show["legal_moves"])
    assert got["stores"] == show["stores"]
    # The cells hold the position text's houses: South's and North's, each in sowing order.
    houses = got["position"].split(" ")[0].split("/")
    by_cell = {(c["side"], c["index"]): c["seeds"] for row in got["board"]["rows"] for c in row}
    for side, row in zip("SN", houses):
        for i, n in enumerate(row.split(",")):
            assert by_cell[(side, i)] == int(n)


def test_two_row_layout_is_counter_clockwise(server):
    """Kalah with South at the bottom: North's row reads d c b a left to right, South's A B C D."""
    _, got = position(server["base"], "kalah(houses=4,seeds=3)")
    top, bottom = got["board"]["rows"]
    assert [c["letter"] for c in top] == ["d", "c", "b", "a"]
    assert [c["letter"] for c in bottom] == ["A", "B", "C", "D"]
    assert got["board"]["stores"] == [0, 0]


def test_bao_marks_the_kuu_and_lists_direction_choices(server):
    _, got = position(server["base"], "bao-la-kiswahili")
    kuu = [c for row in got["board"]["rows"] for c in row if "kuu" in c["marks"]]
    assert {(c["side"], c["letter"]) for c in kuu} == {("S", "L"), ("N", "l")}
    assert got["board"]["stores"] is None
    by_house = {}
    for m in got["legal"]:
        assert m["house"] is not None, m
        by_house.setdefault(m["house"]["letter"], []).append(m["move"])
    assert any(len(v) > 1 for v in by_house.values()), by_house


def test_analysis_matches_published_and_solve(server):
    """Kalah(4,3), Irving's empty capture: +8 for South (Irving et al. 2000, Table 9), and every
    move's value as `mancala solve` gives it."""
    game = "kalah(houses=4,seeds=3,capture=empty)"
    published = {(h, s, c): v for h, s, c, v, _ in published_kalah()}[(4, 3, "empty")]
    status, got = call(server["base"], "POST", "/api/analysis", {"game": game, "max_seconds": 5})
    assert status == 200, got
    assert got["value"] == {"exact": True, "lower": published, "upper": published}
    solve = cli_json("solve", game)
    assert {m["move"]: (m["value"], m["value"]) for m in solve["moves"]} == \
        {m["move"]: (m["lower"], m["upper"]) for m in got["moves"]}
    assert all(m["exact"] for m in got["moves"])


def test_analysis_out_of_time_gives_bounds_not_values(server):
    """Kalah(6,4) (+8, Irving et al. 2000 / Rovaris) cannot be solved in 0.3 s: bounds that hold
    the true value, none shown as exact unless it is."""
    status, got = call(server["base"], "POST", "/api/analysis",
                       {"game": "kalah", "max_seconds": 0.3})
    assert status == 200, got
    value = got["value"]
    assert not value["exact"]
    assert got["stopped"]
    lower = value["lower"] if value["lower"] is not None else -48
    upper = value["upper"] if value["upper"] is not None else 48
    assert lower <= 8 <= upper
    for m in got["moves"]:
        if m["exact"]:
            assert m["lower"] == m["upper"]
        elif m["lower"] is not None and m["upper"] is not None:
            assert m["lower"] <= m["upper"]


def test_agent_move(server):
    status, got = call(server["base"], "POST", "/api/move",
                       {"game": "kalah(houses=4,seeds=3)", "moves": "B", "agent": "alphabeta(depth=3)"})
    assert status == 200, got
    show = cli_json("show", "kalah(houses=4,seeds=3)", "--moves", f"B {got['move']}")
    assert got["position"]["position"] == show["position"]


def test_event_stream_and_cancellation(server):
    """An analysis as server-sent events: progress, then the result; closing the stream early
    frees its job slot at once (the server runs at most 2)."""
    base = server["base"]
    body = json.dumps({"game": "kalah(houses=4,seeds=3,capture=empty)"}).encode()
    request = urllib.request.Request(base + "/api/analysis", data=body, method="POST",
                                     headers={"Accept": "text/event-stream", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        text = r.read().decode()
    assert "event: result" in text
    result = json.loads(text.split("event: result\ndata: ", 1)[1].split("\n", 1)[0])
    assert result["value"]["lower"] == 8
    # Two long analyses (Kalah(6,6) takes far longer than 5 s), closed after their first event.
    streams = []
    for _ in range(2):
        url = urllib.parse.urlsplit(base)
        s = socket.create_connection((url.hostname, url.port))
        payload = json.dumps({"game": "kalah(seeds=6)", "max_seconds": 5}).encode()
        s.sendall(b"POST /api/analysis HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
                  b"Content-Type: application/json\r\nContent-Length: " + str(len(payload)).encode()
                  + b"\r\n\r\n" + payload)
        assert b"200" in s.recv(4096)
        streams.append(s)
    status, _ = call(base, "POST", "/api/analysis", {"game": "kalah(seeds=6)", "max_seconds": 1})
    assert status == 503
    for s in streams:
        s.close()
    deadline = time.time() + 3
    while True:
        status, got = call(base, "POST", "/api/analysis",
                           {"game": "kalah(houses=3,seeds=2,capture=empty)", "max_seconds": 1})
        if status == 200 or time.time() > deadline:
            break
        time.sleep(0.2)
    assert status == 200, "closing the streams did not free their job slots within 3 s"


def peak_rss_kib(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return None


def test_200_concurrent_analyses(server):
    """200 analyses at once against --jobs 2: each answered (200) or refused (503), none lost
    or hung; the server still answers afterwards; its peak memory is reported."""
    base = server["base"]
    games = ["kalah(houses=4,seeds=3)", "kalah(houses=3,seeds=2)", "kalah(houses=4,seeds=2)"]

    def one(i):
        return call(base, "POST", "/api/analysis", {"game": games[i % 3], "max_seconds": 2}, timeout=120)

    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=200) as pool:
        answers = list(pool.map(one, range(200)))
    statuses = [s for s, _ in answers]
    assert len(answers) == 200
    assert set(statuses) <= {200, 503}, statuses
    assert statuses.count(200) >= 2
    for status, body in answers:
        if status == 503:
            assert "busy" in body["error"]
        else:
            assert body["value"]["exact"]
    status, _ = call(base, "GET", "/api/games")
    assert status == 200
    rss = peak_rss_kib(server["proc"].pid)
    print(f"\n200 concurrent analyses: {statuses.count(200)} answered, {statuses.count(503)} refused "
          f"in {time.time() - started:.1f} s; server peak RSS {rss} KiB")
    assert rss is not None and rss < 2 * 1024 * 1024, f"peak RSS {rss} KiB"


BAD_POSITIONS = [
    # (query, words the message must hold)
    ({"game": "chess"}, "chess"),
    ({"game": "kalah(houses=99)"}, "houses"),
    ({"game": "kalah(houses=4"}, "kalah(houses=4"),
    ({"game": "oware(colour=red)"}, "colour"),
    ({"game": "kalah", "moves": "Q"}, "Q"),
    ({"game": "kalah", "moves": "C a"}, "a"),  # C ends in the store: South moves again
    ({"game": "kalah", "moves": "A A"}, "A"),
    ({"game": "kalah", "position": "4,4,4/4,4,4 0-0 S"}, "4,4,4/4,4,4"),
    ({"game": "kalah", "position": "garbage"}, "garbage"),
    ({"game": "kalah", "position": "4,4,4,4,4,4/4,4,4,4,4,4 0-0 X"}, "X"),
    ({"game": "kalah", "position": "4,4,4,4,4,-4/4,4,4,4,4,4 0-0 S"}, "-4"),
    ({"game": "bao-la-kiswahili", "moves": "A"}, "A"),
    ({"game": "cups", "moves": "p9"}, "p9"),
    ({}, "game"),
    ({"game": "kalah", "colour": "red"}, "colour"),
]


def test_bad_requests_get_4xx_naming_the_problem(server):
    base = server["base"]
    cases = []
    for query, words in BAD_POSITIONS:
        cases.append(("GET", "/api/position?" + urllib.parse.urlencode(query), None, words))
    for body, words in [
        (b"{not json", "JSON"), (b"[]", "JSON"), (b"", "JSON"), (b"\xff\xfe", "UTF-8"),
        ({"game": "kalah"}, "agent"),
        ({"game": "kalah", "agent": "wizard"}, "wizard"),
        ({"game": "kalah", "agent": "alphabeta(depth=x)"}, "depth"),
        ({"game": "kalah", "agent": "search(time=600000)"}, "time=600000"),
        ({"game": "kalah", "agent": "search(tt-mb=100000)"}, "tt-mb=100000"),
        ({"game": "kalah", "agent": "egdb(dir=a,fallback=" * 3000 + "greedy" + ")" * 3000}, "nested 3000 deep"),
        ({"game": "kalah", "agent": "human"}, "human"),
        ({"game": "kalah", "agent": "egdb(dir=../../etc)"}, ".."),
        ({"game": "kalah", "agent": "egdb(dir=/etc)"}, "absolute"),
        ({"game": "kalah", "agent": "egdb(dir=nothing-here)"}, "nothing-here"),
        ({"game": "chess", "agent": "random"}, "chess"),
        ({"game": "kalah", "moves": "Z", "agent": "random"}, "Z"),
        ({"game": "kalah", "agent": "random", "seed": -1}, "seed"),
        ({"game": "kalah", "agent": "random", "extra": 1}, "extra"),
    ]:
        cases.append(("POST", "/api/move", body, words))
    for body, words in [
        ({"game": "kalah", "max_seconds": -1}, "max_seconds"),
        ({"game": "kalah", "max_seconds": "soon"}, "max_seconds"),
        ({"game": "kalah", "max_nodes": 0}, "max_nodes"),
        ({"game": "nim"}, "nim"),
        ({"game": "kalah", "moves": "A G"}, "G"),
        ({"game": "kalah", "depth": 3}, "depth"),
    ]:
        cases.append(("POST", "/api/analysis", body, words))
    for body, words in [
        ({"kind": "egdb", "game": "kalah(houses=4)", "max_seeds": 8, "out": "x"}, "egdb"),
        ({"kind": "dance"}, "dance"),
        ({"game": "kalah"}, "kind"),
        ({"kind": 7}, "kind"),
        ({"kind": "solve", "game": "kalah", "method": "memo"}, "memo"),
        ({"kind": "solve", "game": "kalah", "egdb": "../x"}, ".."),
        ({"kind": "solve", "game": "kalah", "tt_mb": 0}, "tt_mb"),
        ({"kind": "solve", "game": "kalha"}, "kalha"),
        ({"kind": "match", "game": "kalah", "agents": ["random", "engine(cmd=/bin/sh)"]}, "--allow-engines"),
        ({"kind": "match", "game": "kalah", "agents": ["random", "greedy"], "pgn": "x.pgn"}, "pgn"),
        ({"kind": "match", "game": "kalah", "agents": ["random", "greedy"], "openings_file": "/etc/passwd"}, "absolute"),
        ({"kind": "tournament", "game": "kalah", "agents": ["random", "greedy", "bogus"]}, "bogus"),
        ({"kind": "egdb-stats", "dir": "/etc"}, "absolute"),
        ({"kind": "egdb-probe", "game": "kalah", "dir": "missing"}, "missing"),
        ({"kind": "perft", "game": "kalah", "depth": 99}, "depth"),
    ]:
        cases.append(("POST", "/api/jobs", body, words))
    for path, words in [
        ("/api/files/../Cargo.toml", ""), ("/api/files/%2e%2e/%2e%2e/etc/passwd", ".."),
        ("/api/files/%2Fetc%2Fpasswd", "absolute"), ("/api/files/escape/secret.md", "symlink"),
        ("/api/files/escape.md", "symlink"), ("/api/files/nothing.svg", "nothing.svg"),
        ("/api/files/tournaments", "folder"), ("/api/runs/escape/secret.md", "symlink"),
        ("/api/runs/tournaments/nope.json", "nope.json"),
        (f"/api/runs/tournaments/{TOURNAMENT}.md", "manifest"),
        (f"/api/runs/tournaments/{TOURNAMENT}.json/games/99999", "99999"),
        (f"/api/runs/tournaments/{TOURNAMENT}.json/games/x", "x"),
        (f"/api/runs/tournaments/{TOURNAMENT}.json/games?agent=nobody", "nobody"),
        (f"/api/runs/tournaments/{TOURNAMENT}.json/games?result=won", "won"),
        (f"/api/runs/tournaments/{TOURNAMENT}.json/games?limit=100000", "limit"),
        (f"/api/runs/tournaments/{TOURNAMENT}.json/games?colour=1", "colour"),
        ("/api/nothing", "no such"),
    ]:
        cases.append(("GET", path, None, words))
    assert len(cases) >= 50, len(cases)
    for method, path, body, words in cases:
        status, got = call(base, method, path, body)
        assert 400 <= status < 500, (method, path, body, status, got)
        message = got["error"] if isinstance(got, dict) else got
        assert words in message, (method, path, body, message)


def test_a_100_mb_body_is_refused(server):
    """The body limit (1 MiB) answers 413 once it is passed, without reading 100 MB."""
    url = urllib.parse.urlsplit(server["base"])
    with socket.create_connection((url.hostname, url.port), timeout=30) as s:
        s.sendall(b"POST /api/jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 104857600\r\n\r\n")
        sent = 0
        try:
            while sent < 8 << 20:  # the server stops reading after 1 MiB
                s.sendall(b"{" * 65536)
                sent += 65536
        except OSError:
            pass
        answer = s.recv(4096).decode(errors="replace")
    assert answer.startswith("HTTP/1.1 413"), answer


def test_engine_agents_need_allow_engines(server):
    status, got = call(server["base"], "POST", "/api/move",
                       {"game": "kalah", "agent": "engine(cmd=/bin/true)"})
    assert status == 403 and "--allow-engines" in got["error"]


def test_runs_list_and_replay(server):
    base = server["base"]
    status, got = call(base, "GET", "/api/runs")
    assert status == 200
    paths = [r["path"] for r in got["runs"]]
    assert paths == ["stats/egdb-stats-kalah-houses=3.json", f"tournaments/{TOURNAMENT}.json",
                     "tournaments/k32.json", "tournaments/sprt.json"], paths
    status, run = call(base, "GET", f"/api/runs/tournaments/{TOURNAMENT}.json")
    assert status == 200 and "Bradley" in run["table"] or "Elo" in run["table"], run["table"][:200]
    records = [json.loads(l) for l in (server["results"] / "tournaments" / f"{TOURNAMENT}.games.jsonl").read_text().splitlines()]
    status, listed = call(base, "GET", f"/api/runs/tournaments/{TOURNAMENT}.json/games?limit=1000")
    assert listed["total"] == len(records)
    agent = run["agents"][0]
    status, wins = call(base, "GET", "/api/runs/tournaments/" + TOURNAMENT
                        + ".json/games?" + urllib.parse.urlencode({"agent": agent, "result": "win", "limit": 1000}))
    expected = sum(1 for r in records if (r["south"] == 0 and r["stores"][0] > r["stores"][1])
                   or (r["north"] == 0 and r["stores"][1] > r["stores"][0]))
    assert wins["total"] == expected
    for index in (0, 7):
        status, game = call(base, "GET", f"/api/runs/tournaments/{TOURNAMENT}.json/games/{index}")
        assert status == 200, game
        assert game["plies"][-1]["state"]["over"]
        assert game["plies"][-1]["state"]["stores"] == records[index]["stores"]
        assert [p["move"] for p in game["plies"]] == records[index]["opening"] + records[index]["moves"]


def test_runs_write_their_plots(server):
    """A tournament writes its ratings with intervals, a match its SPRT's log-likelihood ratio
    with the bounds, `egdb stats` its value histograms: SVG files the run's answer lists."""
    base = server["base"]
    for run, words in [("tournaments/k32.json", ["ratings", "greedy", "alphabeta(depth=4)"]),
                       ("tournaments/sprt.json", ["SPRT elo0=0,elo1=200", "log-likelihood ratio", "H1 accepted"]),
                       ("stats/egdb-stats-kalah-houses=3.json", ["values by layer", "12 seeds"])]:
        status, got = call(base, "GET", f"/api/runs/{run}")
        assert status == 200, got
        assert len(got["svgs"]) == 1, got["svgs"]
        status, svg = call(base, "GET", f"/api/files/{got['svgs'][0]}")
        assert status == 200 and svg.startswith("<svg"), svg[:100]
        for w in words:
            assert w in svg, (run, w)
    # The SPRT plot ends where the match stopped: its last LLR is the table's.
    status, got = call(base, "GET", "/api/runs/tournaments/sprt.json")
    assert "H1 accepted" in got["table"] or "H0 accepted" in got["table"], got["table"]


def test_replay_marks_each_moves_exact_loss(server):
    """Every ply of a kalah(houses=3,seeds=2) game is covered by the databases: its exact loss
    equals the best move's value minus the played move's by `mancala solve` (the alpha-beta
    solver, a second method), and a blunder is a move that changes the result."""
    base = server["base"]
    records = (server["results"] / "tournaments" / "k32.games.jsonl").read_text().splitlines()
    verdicts = set()
    for index in range(len(records)):
        status, game = call(base, "GET", f"/api/runs/tournaments/k32.json/games/{index}")
        assert status == 200, game
        assert game["databases"] == ["kalah-houses=3"]
        before = game["start"]
        for p in game["plies"]:
            x = p["exact"]
            assert x is not None, p
            solved = cli_json("solve", "kalah(houses=3,seeds=2)", "--position", before["position"])
            values = {m["move"]: m["value"] for m in solved["moves"]}
            stores = before["stores"][0] - before["stores"][1]
            if before["side_to_move"] == "N":
                stores = -stores
            best = max(values.values())
            assert x["loss"] == best - values[p["move"]], (index, p["ply"], x, values)
            sign = lambda v: "win" if stores + v > 0 else "draw" if stores + v == 0 else "loss"
            assert (x["result_before"], x["result_after"]) == (sign(best), sign(values[p["move"]]))
            assert x["verdict"] == ("best" if x["loss"] == 0 else
                                    "blunder" if sign(best) != sign(values[p["move"]]) else "mistake")
            verdicts.add(x["verdict"])
            before = p["state"]
    assert {"best", "mistake"} <= verdicts or {"best", "blunder"} <= verdicts, verdicts


def test_agent_budgets_stop_at_the_ceiling(server):
    """A fixed-work agent whose budget would take minutes (2,000,000 MCTS simulations on Bao,
    alpha-beta to depth 16 on Omweso) plays the best move it has at the server's ceiling (5 s)
    and says so; the move is legal (the command line plays it)."""
    base = server["base"]
    for game, agent in [("bao-la-kiswahili", "mcts(iterations=2000000)"), ("omweso", "alphabeta(depth=16)")]:
        started = time.time()
        status, got = call(base, "POST", "/api/move", {"game": game, "agent": agent})
        took = time.time() - started
        assert status == 200, got
        assert got["cut_short"] is True, got
        assert took < 9, (agent, took)
        show = cli_json("show", game, "--moves", got["move"])
        assert got["position"]["position"] == show["position"]


def test_a_match_stops_at_the_ceiling_without_false_games(server):
    """A match whose games outlast the ceiling stops there: the games cut short are dropped,
    not recorded with moves the agents did not mean, and the report says incomplete."""
    base = server["base"]
    started = time.time()
    status, got = call(base, "POST", "/api/jobs",
                       {"kind": "match", "game": "omweso", "agents": ["alphabeta(depth=12)", "alphabeta(depth=12)"],
                        "rounds": 2})
    took = time.time() - started
    assert took < 9, took
    assert status == 200, got
    assert got["complete"] is False, got
    assert got["games"] == 0, got


def test_protocol_errors_are_json(server):
    """A wrong method is 405 with a JSON error; a key given twice is refused, not silently the
    last; kinds and keys that write files or start programs are refused before anything runs."""
    base = server["base"]
    status, got = call(base, "GET", "/api/move")
    assert status == 405 and "does not take GET" in got["error"], got
    status, got = call(base, "DELETE", "/api/jobs")
    assert status == 405 and "DELETE" in got["error"], got
    twice = b'{"game": "kalah", "game": "oware", "agent": "random"}'
    status, got = call(base, "POST", "/api/move", twice)
    assert status == 400 and "`game` is given twice" in got["error"], got
    status, got = call(base, "POST", "/api/jobs", b'{"kind": "perft", "game": "kalah", "depth": 2, "depth": 3}')
    assert status == 400 and "`depth` is given twice" in got["error"], got
    status, got = call(base, "POST", "/api/jobs", {"kind": "egdb", "game": "kalah"})
    assert status == 403 and "writes files" in got["error"], got
    status, got = call(base, "POST", "/api/jobs", {"kind": "egdb-stats", "dir": "kalah-houses=3", "out": "x/"})
    assert status == 403 and "`out`" in got["error"], got
    status, got = call(base, "POST", "/api/jobs", {"kind": "analyze", "game": "kalah(houses=3,seeds=2)",
                                                   "agents": ["random"], "sample": 2,
                                                   "sampler": "engine(cmd=/bin/true)"})
    assert status == 403 and "--allow-engines" in got["error"], got
    status, got = call(base, "POST", "/api/move", {"game": "kalah", "agent": "mcts(threads=256)"})
    assert status == 400 and "threads=256" in got["error"] and "cores" in got["error"], got


def test_long_jobs_stop_at_the_ceiling(server):
    """Jobs whose work would take hours stop at the 5 s ceiling with 422 naming the stop: a perft
    of Omweso to depth 10, an analysis of 20,000 sampled positions, every sample of a database
    checked; openings that would not fit in memory are refused at once."""
    base = server["base"]
    for body, words in [
        ({"kind": "perft", "game": "omweso", "depth": 10}, "perft to depth 10 stopped"),
        ({"kind": "analyze", "game": "kalah(houses=4,seeds=3)", "agents": ["random"], "sample": 20000}, "stopped"),
        ({"kind": "egdb-verify", "dir": "kalah-houses=3", "samples": 1000000000}, "verification stopped"),
    ]:
        started = time.time()
        status, got = call(base, "POST", "/api/jobs", body)
        took = time.time() - started
        assert status == 422 and words in got["error"], (body, status, got)
        assert took < 12, (body, took)
    status, got = call(base, "POST", "/api/jobs", {"kind": "match", "game": "omweso", "agents": ["random", "greedy"],
                                                   "rounds": 1, "openings": 8})
    assert status == 400 and "openings-file" in got["error"], got


def test_jobs_the_api_runs_as_the_command_line(server):
    """A series runs through the API (its template checked value by value); a probe without
    `dir` reads the game's database under --databases; `threads` above the cores is refused;
    a body past 1 MiB is a JSON 413."""
    base = server["base"]
    status, got = call(base, "POST", "/api/jobs", {"kind": "series", "game": "kalah(houses=3,seeds=2)",
                                                   "agent": "mcts(iterations={})", "values": [10, 100],
                                                   "opponent": "greedy", "rounds": 2})
    assert status == 200 and got["kind"] == "series" and got["games"] == 8, got
    status, got = call(base, "POST", "/api/jobs", {"kind": "egdb-probe", "game": "kalah(houses=3,seeds=2)"})
    assert status == 200, got
    solved = cli_json("solve", "kalah(houses=3,seeds=2)")
    assert got["value"] == solved["value"], (got["value"], solved["value"])
    status, got = call(base, "POST", "/api/jobs", {"kind": "solve", "game": "kalah(houses=3,seeds=2)", "threads": 256})
    assert status == 400 and "256" in got["error"] and "cores" in got["error"], got
    status, got = call(base, "POST", "/api/move", b'{"game": "' + b"x" * (2 << 20) + b'"}')
    assert status == 413 and "1 MiB" in got["error"], got
